#!/usr/bin/env node
// Generates REACH_FLAGS in wasm/movecalc.mjs, the bits of an arrays reach's `flags` column by game,
// from each game's header src/rules/<folder>/<prefix>_columns.h, in the order of src/systems.def:
// every enum constant whose comment opens with a name in backquotes (`engaged`) is that bit.
// `node bin/reach-flags.mjs` rewrites the table; `--check` only says whether it is current (exit 1
// when not). tests/js/systems.test.mjs checks it too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
export const outFile = join(root, 'wasm', 'movecalc.mjs');
const BEGIN = 'export const REACH_FLAGS = Object.freeze({';
const END = '});';

/** The games of src/systems.def: [{prefix, id, folder}], in its order. */
export function games() {
  const text = readFileSync(join(root, 'src', 'systems.def'), 'utf8');
  return [...text.matchAll(/^MC_SYSTEM\(\d+, *([a-z0-9_]+), *"([a-z0-9-]+)"/gm)]
    .map((m) => ({ prefix: m[1], id: m[2], folder: m[2].replaceAll('-', '_') }));
}

/** {game id: [[name, value], ...]} for each game that has a columns header. */
export function reachFlags() {
  const out = {};
  for (const g of games()) {
    const file = join(root, 'src', 'rules', g.folder, `${g.prefix}_columns.h`);
    if (!existsSync(file)) continue;
    const bits = [...readFileSync(file, 'utf8').matchAll(/^\s*MC_\w+ = (\d+),?\s*\/\/\/< `(\w+)`/gm)].map((m) => [m[2], Number(m[1])]);
    if (bits.length) out[g.id] = bits;
  }
  return out;
}

/** The text of wasm/movecalc.mjs with the table made anew. */
export function generate(text = readFileSync(outFile, 'utf8')) {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(`\n${END}`, start);
  if (start < 0 || end < 0) throw new Error(`${outFile}: no REACH_FLAGS table`);
  const key = (id) => (/^[A-Za-z_$][\w$]*$/.test(id) ? id : `'${id}'`);
  const rows = Object.entries(reachFlags()).map(([id, bits]) => {
    const one = `  ${key(id)}: Object.freeze({ ${bits.map(([n, v]) => `${n}: ${v}`).join(', ')} }),`;
    if (one.length <= 125) return one;
    const lines = [`  ${key(id)}: Object.freeze({`];
    let line = '   ';
    for (const [n, v] of bits) {
      const item = ` ${n}: ${v},`;
      if (line.length + item.length > 120) { lines.push(line); line = '   '; }
      line += item;
    }
    lines.push(line, '  }),');
    return lines.join('\n');
  });
  return `${text.slice(0, start)}${BEGIN}\n${rows.join('\n')}${text.slice(end)}`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const now = readFileSync(outFile, 'utf8');
  const made = generate(now);
  if (process.argv.includes('--check')) {
    if (made !== now) {
      console.error('wasm/movecalc.mjs: REACH_FLAGS is not what bin/reach-flags.mjs makes; run node bin/reach-flags.mjs');
      process.exit(1);
    }
  } else if (made !== now) {
    writeFileSync(outFile, made);
  }
}
