// defineGame (web/games/define.js): the registry refuses a game module that lacks a key the page
// needs, naming the game and the key, and completes the optional ones. The games are the engine's
// (describe), each module as the registry lists it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defineGame } from '../../web/games/define.js';
import { GAMES, GAME_FACTS } from '../../web/games/index.js';
import { createEngine } from '../../wasm/movecalc.mjs';

const { systems } = (await createEngine()).request({ query: 'describe' }).result;

test('every game describe lists is a module the registry took', () => {
  assert.deepEqual(Object.keys(GAMES), systems.map((s) => s.id));
});

test('a module missing a required key is refused with the game and the key named', () => {
  for (const { id } of systems) {
    for (const key of ['name', 'unitJSON', 'queries', 'draw']) {
      const { [key]: _, ...lacking } = GAMES[id];
      assert.throws(() => defineGame(id, lacking), (err) => err.message.startsWith(`game ${id}: its module has no \`${key}\``), `${id} without ${key}`);
    }
  }
});

test('a table game without size, and a query without build, are refused by name', () => {
  const table = systems.find((s) => s.board === 'free-form');
  const { size: _, ...noSize } = GAMES[table.id];
  assert.throws(() => defineGame(table.id, noSize), /^Error: game [a-z-]+: its module has no `size` \(a game on a table\)/);
  const hexGame = systems.find((s) => s.board === 'hex');
  const g = GAMES[hexGame.id];
  const [first] = Object.keys(g.queries);
  const { build: _b, ...noBuild } = g.queries[first];
  assert.throws(() => defineGame(hexGame.id, { ...g, queries: { ...g.queries, [first]: noBuild } }), new RegExp(`its module has no \`build\` in its query \`${first}\``));
});

test('a game whose questions take dice and brings no part that rolls them is refused by name', () => {
  const rolled = systems.filter((s) => GAMES[s.id].rolls);
  assert.ok(rolled.length > 0, 'a game takes dice');
  for (const { id } of rolled) {
    assert.ok(GAMES[id].play.rolls, `${id} brings its dice's part`);
    const { rolls: _, ...play } = GAMES[id].play;
    assert.throws(() => defineGame(id, { ...GAMES[id], play }), /^Error: game [a-z-]+: its module has no `play.rolls` for its `rolls`/);
  }
});

test('the optional keys get their empty defaults; a game\'s own are kept', () => {
  const { id } = systems[0];
  const { terrainColours: _t, factNames: _f, play: _p, ...bare } = GAMES[id];
  const g = defineGame(id, bare);
  assert.deepEqual(g.terrainColours, {});
  assert.deepEqual(g.play, {}, 'no play parts');
  assert.deepEqual(g.factNames, {});
  assert.equal(defineGame(id, { ...bare, factNames: { x: 'X' } }).factNames.x, 'X');
});

// The page needs these before the engine has answered and before a game's module has loaded (the
// picker, a game's first board), so the registry's rows hold them; they are describe's, and this
// keeps them so.
test('each game\'s name, board kind, length unit and clause prefix (the registry\'s row) are describe\'s', () => {
  for (const s of systems) {
    const want = [s.name, s.board === 'free-form' ? 'free' : s.board, s.lengthUnit, s.clausePrefix];
    const f = GAME_FACTS[s.id];
    assert.deepEqual([f.name, f.board, f.lengthUnit, f.clausePrefix], want, s.id);
    const g = GAMES[s.id];
    assert.deepEqual([g.name, g.board, g.lengthUnit, g.clausePrefix], want, `${s.id} as loaded`);
  }
});
