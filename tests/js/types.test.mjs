// The generated types: wasm/movecalc-api.d.ts is what bin/types.mjs makes of docs/schema/ today,
// and one `tsc --strict --noEmit` run over tests/types/ compiles ok.ts cleanly while each
// fail-*.ts gives exactly the errors its `// expect TSnnnn` comments name, on those lines.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, outFile } from '../../bin/types.mjs';
import { root } from './util.mjs';

const typesDir = join(root, 'tests', 'types');

test('wasm/movecalc-api.d.ts is up to date with docs/schema (regenerated and compared)', () => {
  assert.ok(generate() === readFileSync(outFile, 'utf8'), 'out of date: run node bin/types.mjs');
});

test('tsc --strict: ok.ts compiles; misspelt query, wrong system/query pair, wrong field type and a field the narrowed result lacks do not', () => {
  const files = readdirSync(typesDir).filter((f) => f.endsWith('.ts')).sort();
  assert.ok(files.includes('ok.ts'));
  const expected = [];
  for (const f of files) {
    readFileSync(join(typesDir, f), 'utf8').split('\n').forEach((line, i) => {
      for (const m of line.matchAll(/\/\/ expect (TS\d+)/g)) expected.push(`${f}:${i + 1} ${m[1]}`);
    });
  }
  for (const f of files.filter((n) => n.startsWith('fail-'))) {
    assert.ok(expected.some((e) => e.startsWith(f + ':')), `${f} names no expected error`);
  }
  let output = '';
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(typesDir, 'tsconfig.json'), '--strict', '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8', timeout: 120000 });
  } catch (e) {
    output = e.stdout;
  }
  const got = [...output.matchAll(/^tests\/types\/([\w.-]+\.ts)\((\d+),\d+\): error (TS\d+)/gm)].map((m) => `${m[1]}:${m[2]} ${m[3]}`);
  assert.ok(output === '' || got.length > 0, `tsc said something unexpected:\n${output}`);
  assert.deepEqual(got.sort(), expected.sort(), output);
});
