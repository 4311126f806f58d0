// The generated types: wasm/movecalc-api.d.ts is what bin/types.mjs makes of docs/schema/ today,
// and one `tsc --strict --noEmit` run over tests/types/ compiles ok.ts cleanly while each
// fail-*.ts gives exactly the errors its `// expect TSnnnn` comments name, on those lines. ok.ts
// shows the types in use on some games' requests; every game of describe, each query of it, is
// checked by a file made from describe (build/types-games/games.ts), so a new game needs no line here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate, outFile } from '../../bin/types.mjs';
import { root } from './util.mjs';

const typesDir = join(root, 'tests', 'types');

test('wasm/movecalc-api.d.ts is up to date with docs/schema (regenerated and compared)', () => {
  assert.ok(generate() === readFileSync(outFile, 'utf8'), 'out of date: run node bin/types.mjs');
});

test('tsc --strict: ok.ts compiles; misspelt query, wrong system/query pair, wrong field type, a field the narrowed result lacks, a brief reach\'s optional fields, `path` before `paths` is checked, and a kept position\'s misspelt query do not', () => {
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

test('Reason.code is the documented union: every reason code the engine\'s sources give with a clause id, and every one the scenarios\' answers hold, is in it', async () => {
  const { reasonCodes } = await import('../../bin/types.mjs');
  const documented = new Set(reasonCodes());
  assert.ok(documented.has('not_enough_points') && documented.has('impassable'));
  // in the C sources a reason is made from its code followed by its clause id: "code", "GG-MOV-1"
  const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));
  const inSources = new Set(walk(join(root, 'src')).filter((f) => f.endsWith('.c'))
    .flatMap((f) => [...readFileSync(f, 'utf8').matchAll(/"([a-z][a-z0-9]*(?:_[a-z0-9]+)+)",\s*"[A-Z]+-[A-Z0-9]/g)].map((m) => m[1])));
  assert.ok(inSources.size > 20, `only ${inSources.size} codes found in src/`);
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const { loadScenario, scenarioFiles } = await import('./util.mjs');
  const engine = await createEngine();
  const answered = new Set();
  const collect = (v) => {
    if (Array.isArray(v)) v.forEach(collect);
    else if (v && typeof v === 'object') {
      if (Array.isArray(v.reasons)) for (const r of v.reasons) if (typeof r?.code === 'string') answered.add(r.code);
      Object.values(v).forEach(collect);
    }
  };
  for (const f of scenarioFiles()) collect(engine.request(loadScenario(f).request));
  assert.ok(answered.size > 10);
  assert.deepEqual([...inSources, ...answered].filter((c) => !documented.has(c)).sort(), []);
});

test('what the full-detail types promise holds: every hex reach entry of every scenario asked in full detail has its schema\'s fullDetail fields, and `path` or `parent` (hexes with col and row) as the result\'s `paths` says', async () => {
  const { readSchemas } = await import('../tools/schemas.mjs');
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const { loadScenario, scenarioFiles } = await import('./util.mjs');
  const engine = await createEngine();
  const fullDetail = Object.fromEntries(readSchemas().filter(({ schema }) => schema.$defs.ReachHex?.fullDetail)
    .map(({ stem, schema }) => [stem, schema.$defs.ReachHex.fullDetail]));
  const { systems } = engine.request({ query: 'describe' }).result;
  // every game with a hex reach that takes `detail` declares its entry's full-detail fields
  const withDetail = readSchemas().filter(({ schema }) => schema.$defs.ReachRequest?.properties?.detail).map(({ stem }) => stem);
  assert.deepEqual(Object.keys(fullDetail).sort(), withDetail.sort());
  assert.ok(withDetail.every((id) => systems.some((s) => s.id === id)));
  const checked = {};
  const bad = [];
  const withColRow = (h) => Number.isInteger(h?.col) && Number.isInteger(h?.row);
  for (const f of scenarioFiles()) {
    const { request } = loadScenario(f);
    if (!fullDetail[request.system] || request.query !== 'reach' || request.detail === 'brief') continue;
    const answer = engine.request(request);
    if (!answer.ok) continue;
    for (const e of answer.result.hexes) {
      checked[request.system] = (checked[request.system] ?? 0) + 1;
      const missing = fullDetail[request.system].filter((k) => !(k in e));
      if (answer.result.paths === 'full' ? !(Array.isArray(e.path) && e.path.every(withColRow)) : !withColRow(e.parent)) missing.push(answer.result.paths === 'full' ? 'path' : 'parent');
      if (missing.length) bad.push(`${f}: (${e.q},${e.r}) lacks ${missing.join(', ')}`);
    }
  }
  assert.deepEqual(Object.keys(checked).sort(), withDetail.sort(), JSON.stringify(checked));
  assert.deepEqual(bad.slice(0, 10), []);
});

test('the types know every game of describe: each of its queries has a request type naming its system and query and a response type, and Queries holds no other game (a .ts file made from describe, tsc --strict)', async () => {
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const { systems } = (await createEngine()).request({ query: 'describe' }).result;
  assert.ok(systems.length > 0);
  // One line a check, so that tsc's line numbers name the game and query it fails for.
  const checks = [];
  const lines = ["import type { ErrorResponse, Queries, RequestOf, ResponseOf, SystemId } from 'movecalc';"];
  const check = (what, type) => {
    checks.push(what);
    lines.push(`export const c${checks.length}: ${type} = true; // ${what}`);
  };
  for (const { id, queries } of systems) {
    const s = JSON.stringify(id);
    check(`${id}: SystemId`, `${s} extends SystemId ? true : never`);
    for (const { name } of queries) {
      const q = JSON.stringify(name);
      check(`${id} ${name}: its request type`, `[RequestOf<${s}, ${q}>] extends [never] ? never : RequestOf<${s}, ${q}> extends { system: ${s}; query: ${q} } ? true : never`);
      check(`${id} ${name}: its response type`, `[Exclude<ResponseOf<${s}, ${q}>, ErrorResponse>] extends [never] ? never : true`);
    }
  }
  check('Queries: no game describe does not list', `[Exclude<keyof Queries, ${systems.map((g) => JSON.stringify(g.id)).join(' | ')}>] extends [never] ? true : never`);
  const dir = join(root, 'build', 'types-games');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'games.ts'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ extends: join(typesDir, 'tsconfig.json'), include: ['games.ts'] }));
  let output = '';
  try {
    execFileSync(join(root, 'node_modules', '.bin', 'tsc'), ['-p', join(dir, 'tsconfig.json'), '--noEmit', '--pretty', 'false'], { cwd: root, encoding: 'utf8', timeout: 120000 });
  } catch (e) {
    output = e.stdout || String(e);
  }
  const failed = [...output.matchAll(/games\.ts\((\d+),\d+\): error/g)].map((m) => checks[Number(m[1]) - 2] ?? `line ${m[1]}`);
  assert.ok(output === '' || failed.length > 0, `tsc said something unexpected:\n${output}`);
  assert.deepEqual([...new Set(failed)], [], output);
});
