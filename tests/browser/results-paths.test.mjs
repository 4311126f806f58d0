// The page draws the path to a tapped reached hex from either form of a hex `reach` answer: whole
// paths, or parents ("paths": "parent", asked for or chosen by the engine past MC_MAX_PATH_OUTPUT),
// following GODSGLOOM's `through` hexes and node numbers. No browser: results.js draws into plain
// objects; the answers come from the WebAssembly engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { resultScene } from '../../web/results.js';

const engine = await createEngine();
const colourOf = () => '#000';
const cellsOf = (scene) => scene.overlay.find((o) => o.type === 'hexpath')?.cells.map((c) => [c.q, c.r]);
const row = (n) => Array.from({ length: n }, (_, q) => ({ q, r: 0 }));

test('a parent-form path crosses a friend listed only under through (GODSGLOOM Skirmish)', () => {
  for (const paths of ['full', 'parent']) {
    const request = { system: 'godsgloom', query: 'reach', board: { hexes: row(4) }, paths, unit: 'a',
      units: [{ id: 'a', side: 'red', q: 0, r: 0, facing: 0, speed: 3, traits: ['skirmish'] }, { id: 'f', side: 'red', q: 1, r: 0, facing: 3 }] };
    const response = engine.request(request);
    assert.equal(response.result.paths, paths);
    const scene = resultScene('godsgloom', request, response, colourOf, { q: 3, r: 0 });
    assert.deepEqual(cellsOf(scene), [[0, 0], [1, 0], [2, 0], [3, 0]], paths);
  }
});

test('a reach answered in the parent form by MC_MAX_PATH_OUTPUT draws the whole path (godsgloom, torn-world)', () => {
  const movers = {
    godsgloom: { id: 'm', side: 'red', q: 0, r: 0, facing: 0, speed: 632 },
    'torn-world': { id: 'm', side: 'red', size: 'infantry', q: 0, r: 0, move: 632, run: 1 },
  };
  for (const [system, mover] of Object.entries(movers)) {
    const request = { system, query: 'reach', board: { hexes: row(633) }, units: [mover], unit: 'm', ...(system === 'torn-world' ? { action: 'move' } : {}) };
    const response = engine.request(request);
    assert.equal(response.result.pathsLimited, true, system);
    const scene = resultScene(system, request, response, colourOf, { q: 632, r: 0 });
    assert.deepEqual(cellsOf(scene), row(633).map((h) => [h.q, h.r]), system);
  }
});
