// The one list of games, src/systems.def (docs/adding-a-game.md): the lists bin/generate.mjs
// writes from it equal it, each game has its folders, and no other source file spells the
// games out by hand.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { test } from 'node:test';
import { root } from './util.mjs';

const lines = readFileSync(join(root, 'src', 'systems.def'), 'utf8').split('\n').filter((l) => l.startsWith('MC_SYSTEM('));
const games = lines.map((l) => {
  const m = /^MC_SYSTEM\((\d+), *([a-z0-9_]+), *"([a-z0-9-]+)", *"([^"]+)", *"(free-form|hex)", *"(\w+)", *"([0-9A-Z]+)"\)$/.exec(l);
  assert.ok(m, `src/systems.def: cannot read ${l}`);
  return { number: Number(m[1]), prefix: m[2], id: m[3], name: m[4], clause: m[7], folder: m[3].replaceAll('-', '_') };
});

test('src/systems.def: distinct numbers, prefixes and ids', () => {
  // The five games of the rules texts; a sixth line makes this fail until its folders exist too.
  assert.ok(games.length >= 5);
  for (const key of ['number', 'prefix', 'id', 'clause']) assert.equal(new Set(games.map((g) => g[key])).size, games.length, key);
});

test('wasm/movecalc.mjs: GLUE imports core, then each game of src/systems.def, by literal paths', async () => {
  const text = readFileSync(join(root, 'wasm', 'movecalc.mjs'), 'utf8');
  const glue = [...text.matchAll(/import\('\.\/dist\/movecalc-([a-z0-9-]+)\.mjs'\)/g)].map((m) => m[1]);
  assert.deepEqual(glue, ['core', ...games.map((g) => g.id)]);
  const { SYSTEM_IDS } = await import(join(root, 'wasm', 'movecalc.mjs'));
  assert.deepEqual(SYSTEM_IDS, games.map((g) => g.id));
});

test('web/games/list.js: GAME_LIST is what bin/generate.mjs makes of src/systems.def, each row the game\'s line', async () => {
  const { generateGameList, gameListFile } = await import(join(root, 'bin', 'generate.mjs'));
  const now = readFileSync(gameListFile, 'utf8');
  assert.equal(generateGameList(now), now, 'run node bin/generate.mjs');
  const { GAME_IDS, GAME_FACTS } = await import(join(root, 'web', 'games', 'index.js'));
  assert.deepEqual(GAME_IDS, games.map((g) => g.id));
  for (const [i, g] of games.entries()) {
    const board = /"(free-form|hex)"/.exec(lines[i])[1] === 'free-form' ? 'free' : 'hex';
    assert.deepEqual({ ...GAME_FACTS[g.id] }, { name: g.name, clausePrefix: g.clause, board, lengthUnit: /"(\w+)", *"[0-9A-Z]+"\)$/.exec(lines[i])[1] }, g.id);
  }
});

test('wasm/movecalc.mjs: REACH_FLAGS is what bin/generate.mjs makes of the games\' columns headers', async () => {
  const { generate, outFile } = await import(join(root, 'bin', 'generate.mjs'));
  const now = readFileSync(outFile, 'utf8');
  assert.equal(generate(now), now, 'run node bin/generate.mjs');
  const { REACH_FLAGS } = await import(join(root, 'wasm', 'movecalc.mjs'));
  for (const g of games) {
    const header = join(root, 'src', 'rules', g.folder, `${g.prefix}_columns.h`);
    if (existsSync(header)) assert.ok(Object.keys(REACH_FLAGS[g.id] ?? {}).length > 0, `${g.id}: no bit of ${header} is named`);
  }
});

test('docs/schema/envelope.schema.json: SystemId (whence the types) is the list', () => {
  const envelope = JSON.parse(readFileSync(join(root, 'docs', 'schema', 'envelope.schema.json'), 'utf8'));
  assert.deepEqual(envelope.$defs.SystemId.enum, games.map((g) => g.id));
});

test('every game has its folders and files (docs/adding-a-game.md)', () => {
  for (const g of games) {
    for (const path of [`src/rules/${g.folder}`, `src/rules/${g.folder}/${g.prefix}_assumptions.c`,
      `src/json/sys_${g.folder}.c`, `docs/api/${g.id}.md`, `docs/rules/${g.id}.md`,
      `docs/schema/${g.id}.schema.json`, `tests/scenarios/${g.id}`]) {
      assert.ok(existsSync(join(root, path)), `${g.id}: ${path} is missing`);
    }
    const queries = readFileSync(join(root, `src/json/sys_${g.folder}.c`), 'utf8');
    assert.match(queries, new RegExp(`const McQuery mc_${g.prefix}_queries\\[\\]`), `sys_${g.folder}.c defines mc_${g.prefix}_queries`);
    assert.match(queries, new RegExp(`^const char \\*mc_${g.prefix}_terrain_kind\\(int i\\)`, 'm'), `sys_${g.folder}.c defines mc_${g.prefix}_terrain_kind (describe's terrainKinds)`);
  }
});

// The product's sources: the engine, the JavaScript wrapper, the page and the build. Tests, bench
// and docs name games on purpose (each checks or describes them) and are not scanned.
const scanned = ['src', 'wasm', 'web', 'bin', 'CMakeLists.txt', 'package.json'];
// Left out: built files, and each game's own places.
const skipped = [/^wasm\/dist\//, /^web\/games\//, /^src\/rules\/[a-z0-9_]+\//, /^src\/json\/sys_[a-z0-9_]+\.c$/];
// The files allowed to name three or more games, each for a reason:
const allowed = new Map([
  ['src/systems.def', 'the list itself'],
  ['wasm/movecalc.mjs', "GLUE's import paths must stay literal for bundlers; written by bin/generate.mjs"],
  ['wasm/movecalc-api.d.ts', 'generated from docs/schema/ by bin/types.mjs (tests/js/types.test.mjs checks it is current)'],
]);

function walk(path, out) {
  const rel = relative(root, path);
  if (skipped.some((re) => re.test(rel + (statSync(path).isDirectory() ? '/' : '')))) return out;
  if (statSync(path).isDirectory()) {
    for (const f of readdirSync(path)) walk(join(path, f), out);
  } else if (/\.(c|h|def|mjs|js|ts|html|json|txt)$|^bin\/|CMakeLists\.txt$/.test(rel)) {
    out.push(rel);
  }
  return out;
}

/** The files of `top` (paths relative to the root) that name three or more games. */
function namingMany(tops) {
  // A game is named by its id, its C spelling (folder, upper case) or its display name.
  const spellings = games.map((g) => [g.id, g.folder, g.folder.toUpperCase(), g.name].map((s) => s.toLowerCase()));
  const found = [];
  for (const top of tops) {
    for (const file of walk(join(root, top), [])) {
      const text = readFileSync(join(root, file), 'utf8').toLowerCase();
      const named = spellings.filter((forms) => forms.some((s) => text.includes(s))).length;
      if (named >= 3 && !allowed.has(file)) found.push(file);
    }
  }
  return found;
}

test('no engine, build or page source outside the list names three or more games', () => {
  assert.deepEqual(namingMany(scanned), []);
});

// The shared engine: what every game builds on (the hex core, geometry, memory and limits).
const shared = ['src/core', 'src/geom', 'src/hex'];

/** The game code that `text` (C source) names: includes of a game's files and its C names. */
function gameCodeIn(text) {
  const found = [...text.matchAll(/#include "(rules\/[^"]*|json\/sys_[^"]*)"/g)].map((m) => m[1]);
  for (const g of games) {
    const Prefix = g.prefix[0].toUpperCase() + g.prefix.slice(1);
    // mc_cca_*, MC_CCA_*, Cca* types, and names made of the folder (cc_ancients,
    // mc_board_cc_ancients_sections); a folder of one word (godsgloom) may be named in prose.
    const names = new RegExp(`\\b(mc_${g.prefix}_\\w*|MC_${g.prefix.toUpperCase()}_\\w*|${Prefix}[A-Z][a-z]\\w*|\\w*${g.folder}\\w*)\\b`, 'g');
    found.push(...[...text.matchAll(names)].map((m) => m[0]).filter((s) => s !== g.folder || g.folder.includes('_')));
  }
  return found;
}

test('the shared engine (src/core, src/geom, src/hex) includes no game code and declares no game name: a game\'s board lives in its folder', () => {
  const named = [];
  for (const top of shared) {
    for (const file of walk(join(root, top), [])) {
      const hits = gameCodeIn(readFileSync(join(root, file), 'utf8'));
      if (hits.length) named.push(`${file}: ${[...new Set(hits)].join(', ')}`);
    }
  }
  assert.deepEqual(named, []);
});
