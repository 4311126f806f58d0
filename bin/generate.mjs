#!/usr/bin/env node
// Writes the lists that repeat src/systems.def where a file cannot read it at run time, so that a
// new game's line is the only list edited by hand (docs/adding-a-game.md); bin/build runs it.
//   - GLUE in wasm/movecalc.mjs: core, then each game's module, as literal import() paths
//     (bundlers and the page's service worker see only literal paths);
//   - REACH_FLAGS in wasm/movecalc.mjs: the bits of an arrays reach's `flags` column by game, from
//     each game's src/rules/<folder>/<prefix>_columns.h (every enum constant whose comment opens
//     with a name in backquotes, `engaged`, is that bit);
//   - GAME_LIST in web/games/list.js: each game's name, clause prefix, board kind and length
//     unit, which the page shows before the game's module (and describe) has come, and the
//     literal import() of that module (web/games/<id>.js);
//   - $defs.SystemId.enum of docs/schema/envelope.schema.json, and from the schemas the types
//     wasm/movecalc-api.d.ts (bin/types.mjs).
// `node bin/generate.mjs` rewrites what changed; `--check` only says whether all is current (exit 1
// when not). tests/js/systems.test.mjs checks it too.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as types from './types.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
export const outFile = join(root, 'wasm', 'movecalc.mjs');
export const envelopeFile = join(root, 'docs', 'schema', 'envelope.schema.json');
export const gameListFile = join(root, 'web', 'games', 'list.js');

/** The games of src/systems.def: [{prefix, id, folder, name, board, lengthUnit, clausePrefix}], in its order. */
export function games() {
  const text = readFileSync(join(root, 'src', 'systems.def'), 'utf8');
  return [...text.matchAll(/^MC_SYSTEM\(\d+, *([a-z0-9_]+), *"([a-z0-9-]+)", *"([^"]*)", *"([^"]*)", *"([^"]*)", *"([^"]*)"\)/gm)]
    .map((m) => ({ prefix: m[1], id: m[2], folder: m[2].replaceAll('-', '_'), name: m[3], board: m[4], lengthUnit: m[5], clausePrefix: m[6] }));
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

const key = (id) => (/^[A-Za-z_$][\w$]*$/.test(id) ? id : `'${id}'`);
const quoted = (s) => `'${s.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

// Replaces what lies between the line `begin` and the next line `end` of `text`.
function between(text, begin, end, body, file = outFile) {
  const start = text.indexOf(begin);
  const stop = text.indexOf(`\n${end}`, start);
  if (start < 0 || stop < 0) throw new Error(`${file}: no ${begin}`);
  return `${text.slice(0, start)}${begin}\n${body}${text.slice(stop)}`;
}

function flagRows() {
  return Object.entries(reachFlags()).map(([id, bits]) => {
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
}

/** The text of wasm/movecalc.mjs with GLUE and REACH_FLAGS made anew. */
export function generate(text = readFileSync(outFile, 'utf8')) {
  const glue = ['core', ...games().map((g) => g.id)].map((id) => `  ${key(id)}: () => import('./dist/movecalc-${id}.mjs'),`);
  text = between(text, 'const GLUE = {', '};', glue.join('\n'));
  return between(text, 'export const REACH_FLAGS = Object.freeze({', '});', flagRows().join('\n'));
}

/** The text of web/games/list.js with GAME_LIST made anew (the page's board kinds: "free" for "free-form"). */
export function generateGameList(text = readFileSync(gameListFile, 'utf8')) {
  const rows = games().map((g) => `  ${key(g.id)}: { name: ${quoted(g.name)}, clausePrefix: ${quoted(g.clausePrefix)}, board: ${quoted(g.board === 'free-form' ? 'free' : g.board)}, `
    + `lengthUnit: ${quoted(g.lengthUnit)}, load: () => import('./${g.id}.js') },`);
  return between(text, 'export const GAME_LIST = {', '};', rows.join('\n'), gameListFile);
}

/** The text of the envelope schema with SystemId's enum made anew (the file's own layout). */
export function generateEnvelope(text = readFileSync(envelopeFile, 'utf8')) {
  const schema = JSON.parse(text);
  schema.$defs.SystemId.enum = games().map((g) => g.id);
  return `${JSON.stringify(schema, null, 1)}\n`;
}

/** The files this script writes, from the repository's root. */
export const GENERATED = ['wasm/movecalc.mjs', 'web/games/list.js', 'docs/schema/envelope.schema.json', 'wasm/movecalc-api.d.ts'];

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  let stale = false;
  // The envelope first: the types are made from it.
  for (const [file, make] of [[outFile, generate], [gameListFile, generateGameList], [envelopeFile, generateEnvelope], [types.outFile, () => types.generate()]]) {
    const now = existsSync(file) ? readFileSync(file, 'utf8') : '';
    const made = make(now);
    if (made === now) continue;
    if (check) {
      console.error(`${file} is not what bin/generate.mjs makes; run node bin/generate.mjs`);
      stale = true;
    } else writeFileSync(file, made);
  }
  if (stale) process.exit(1);
}
