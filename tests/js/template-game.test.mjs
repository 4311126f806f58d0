// The hex-game kit's promise (docs/adding-a-game.md): a hex game with one `reach` is its line in
// src/systems.def, its own folders and generated files, in under 150 lines of its own code. This
// test adds the template game of tests/template/ to a copy of the tree, runs the generators, builds
// the native CLI there and asks it. The copy and its build stay in build/template-game/ and are
// brought up to date file by file, so a second run recompiles only what changed; no network.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { test } from 'node:test';
import { root } from './util.mjs';

const template = join(root, 'tests', 'template');
const work = join(root, 'build', 'template-game');
const tree = join(work, 'tree');
const line = readFileSync(join(template, 'systems.line'), 'utf8').trim();
const [, prefix, id] = /^MC_SYSTEM\(\d+, *([a-z0-9_]+), *"([a-z0-9-]+)"/.exec(line);
const folder = id.replaceAll('-', '_');

// What the copy leaves out: what builds and installs make, and the copy itself.
const unversioned = /^(\.git|node_modules|build|build-[^/]*|\.deps|public|wasm\/dist|tests\/artifacts|test-results|bench\/results\.[a-z]+)$/;

function files(top, dir = top, out = new Map()) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const rel = relative(top, path);
    if (unversioned.test(rel)) continue;
    if (statSync(path).isDirectory()) files(top, path, out);
    else out.set(rel, readFileSync(path));
  }
  return out;
}

// The game's own places (docs/adding-a-game.md "The folders").
const own = [`src/rules/${folder}/`, `src/json/sys_${folder}.c`, `docs/api/${id}.md`, `docs/rules/${id}.md`,
  `docs/schema/${id}.schema.json`, `tests/scenarios/${id}/`, `tests/c/test_${folder}.c`, `web/games/${id}.js`];
const isOwn = (rel) => own.some((p) => (p.endsWith('/') ? rel.startsWith(p) : rel === p));

test('a hex game from tests/template/ is its line, its own folders and generated files, and answers describe and reach', { timeout: 30 * 60 * 1000 }, async () => {
  const before = files(root);
  // The copy: the tree as it is, plus the game's files and line; only what differs is written.
  const want = new Map(before);
  for (const [rel, bytes] of files(join(template, 'files'))) want.set(rel, bytes);
  want.set('src/systems.def', Buffer.concat([before.get('src/systems.def'), Buffer.from(`${line}\n`)]));
  const have = existsSync(tree) ? files(tree) : new Map();
  for (const rel of have.keys()) if (!want.has(rel)) rmSync(join(tree, rel));
  for (const [rel, bytes] of want) {
    if (have.get(rel)?.equals(bytes)) continue;
    mkdirSync(dirname(join(tree, rel)), { recursive: true });
    writeFileSync(join(tree, rel), bytes);
  }
  execFileSync(process.execPath, [join(tree, 'bin', 'generate.mjs')], { cwd: tree });

  const after = files(tree);
  const changed = [...after.keys()].filter((rel) => !before.get(rel)?.equals(after.get(rel)));
  const { GENERATED } = await import(join(root, 'bin', 'generate.mjs'));
  const elsewhere = changed.filter((rel) => !isOwn(rel) && rel !== 'src/systems.def' && !GENERATED.includes(rel));
  assert.deepEqual(elsewhere, [], 'files outside the game\'s folders that had to change by hand');
  for (const gen of ['wasm/movecalc.mjs', 'docs/schema/envelope.schema.json']) {
    assert.ok(changed.includes(gen), `${gen}: bin/generate.mjs did not add the game`);
    assert.ok(after.get(gen).toString().includes(id), `${gen} names ${id}`);
  }
  const code = changed.filter((rel) => isOwn(rel) && rel.startsWith('src/'));
  const lines = code.reduce((n, rel) => n + after.get(rel).toString().split('\n').length - 1, 0);
  assert.ok(code.length > 0 && lines < 150, `the game's own code: ${lines} lines in ${code.join(', ')}`);

  // A native build of the copy: the CLI only, unoptimised (the quickest to compile).
  const build = join(tree, 'build');
  // Configured every time: the targets of a game's new files exist only once CMake has globbed them.
  execFileSync('cmake', ['-S', tree, '-B', build, '-DCMAKE_BUILD_TYPE=Debug', `-DCJSON_DIR=${join(root, '.deps', 'cjson')}`], { stdio: 'pipe' });
  execFileSync('cmake', ['--build', build, '--target', 'movecalc', `test_${folder}`, '-j', '2'], { stdio: 'pipe' });
  // The game's C test: a kept position, an update, the arrays form.
  const cTest = execFileSync(join(build, `test_${folder}`), { cwd: tree }).toString();
  assert.match(cTest, /^1 passed, 0 failed$/m, cTest);
  const ask = (...requests) => execFileSync(join(build, 'movecalc'), ['--lines', '-'], { input: requests.map((r) => JSON.stringify(r)).join('\n') + '\n' })
    .toString().trim().split('\n').map((l) => JSON.parse(l));

  // A 4 x 3 odd-r grid. A at col 1, row 1 (q 1, r 1) with allowance 1; B beside it, east (q 2, r 1).
  // A's neighbours (docs/api.md "Hex boards": q+1; q+1,r-1; r-1; q-1; q-1,r+1; r+1) are (2,1),
  // (2,0), (1,0), (0,1), (0,2), (1,2), all on the board (row 2's col is q + 1); B holds (2,1).
  // By cost, then r, then q: (1,0), (2,0), (0,1), (0,2), (1,2), each one step.
  const units = [{ id: 'A', side: 'red', col: 1, row: 1, allowance: 1 }, { id: 'B', side: 'blue', q: 2, r: 1, allowance: 0 }];
  const hex = (q, r) => ({ q, r, col: q + (r - (r & 1)) / 2, row: r });
  const [described, reach, brief, around, line5] = ask(
    { query: 'describe' },
    { system: id, query: 'reach', board: { cols: 4, rows: 3 }, units, unit: 'A' },
    // Brief: a hex inside an entry as q and r only (docs/api.md "Hex boards").
    { system: id, query: 'reach', board: { cols: 4, rows: 3 }, units, unit: 'A', detail: 'brief' },
    // Allowance 2: (3,1) is two steps away only through B's hex, three round it, so not reached;
    // (3,0), two steps by (2,0), is.
    { system: id, query: 'reach', board: { cols: 4, rows: 3 }, units: [{ ...units[0], allowance: 2 }, units[1]], unit: 'A' },
    // One row of 5: A at q 0, allowance 3, B at q 2: only q 1, entered from the start (node 0).
    { system: id, query: 'reach', board: { cols: 5, rows: 1 }, units: [{ ...units[0], col: 0, row: 0, allowance: 3 }, { ...units[1], q: 2, r: 0 }], unit: 'A', paths: 'parent' },
  );
  const game = described.result.systems.find((s) => s.id === id);
  assert.ok(game, `describe lists ${id}`);
  assert.equal(game.board, 'hex');
  assert.equal(game.clausePrefix, 'KS');
  assert.deepEqual(game.terrainKinds, ['open']);
  assert.deepEqual(game.queries.map((q) => [q.name, q.arrays]), [['reach', true]]);

  assert.equal(reach.ok, true, JSON.stringify(reach));
  assert.equal(reach.result.unit, 'A');
  assert.equal(reach.result.allowance, 1);
  assert.equal(reach.result.paths, 'full');
  assert.deepEqual(reach.result.hexes, [[1, 0], [2, 0], [0, 1], [0, 2], [1, 2]].map(([q, r]) => ({ ...hex(q, r), cost: 1, path: [hex(q, r)] })));

  assert.deepEqual(brief.result.hexes, [[1, 0], [2, 0], [0, 1], [0, 2], [1, 2]].map(([q, r]) => ({ ...hex(q, r), cost: 1, path: [{ q, r }] })));

  const ends = around.result.hexes.map((h) => `${h.q},${h.r}`);
  assert.ok(!ends.includes('3,1') && !ends.includes('2,1'), ends.join(' '));
  assert.deepEqual(around.result.hexes.find((h) => h.q === 3 && h.r === 0)?.path, [hex(2, 0), hex(3, 0)]);

  // The page: the copy's registry takes the game's module through defineGame, with its line's
  // facts; the request the page builds of the game's opening position is one its engine answers.
  const { GAMES, GAME_FACTS } = await import(join(tree, 'web', 'games', 'index.js'));
  assert.deepEqual({ ...GAME_FACTS[id] }, { name: 'Kit Sample', clausePrefix: 'KS', board: 'hex', lengthUnit: 'hex' });
  assert.equal(GAMES[id]?.name, 'Kit Sample');
  const { buildRequest, defaultDoc } = await import(join(tree, 'web', 'model.js'));
  const [opening] = ask(buildRequest(id, defaultDoc(id)));
  assert.equal(opening.ok, true, JSON.stringify(opening));
  // Scout at q 1, r 2 with allowance 2, Wall east of it at q 2, r 2: (2,1) one step; Wall's hex
  // not, nor (3,2), two steps only through Wall (round it: by (2,1) and (3,1) or (2,3), three).
  const got = new Map(opening.result.hexes.map((h) => [`${h.q},${h.r}`, h.cost]));
  assert.equal(got.get('2,1'), 1);
  assert.ok(!got.has('2,2') && !got.has('3,2'), [...got.keys()].join(' '));

  assert.equal(line5.result.paths, 'parent');
  assert.deepEqual(line5.result.hexes, [{ ...hex(1, 0), cost: 1, parent: hex(0, 0), node: 1, parentNode: 0 }]);
  assert.deepEqual(line5.result.through, []);
});
