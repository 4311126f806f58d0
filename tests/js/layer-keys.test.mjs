// A hex board's layers at the limits (issue 34): the key each layer is kept by (board.js `layer`)
// stays a few values however many hexes it holds, still tells a change of any hex's drawing, and a
// paint asks once a terrain name whether it fits, not once a hex. At the limits (a 60 × 60 board,
// every enemy's Engagement Zone) keys of 3,000–10,000 values made each frame of a drag and a zoom
// were garbage collection, and the names' fit was asked 7,200 times a paint.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadGames, SYSTEMS, SYSTEM_IDS } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import '../../web/board-still.js';
import { NoPath, nullContext } from './util.mjs';
import { limitDoc } from '../../bench/page-limits.mjs';

const HEX_GAMES = SYSTEM_IDS.filter((id) => SYSTEMS[id].board === 'hex');
await loadGames(HEX_GAMES);

// A Painter that notes each layer's key as a Board compares it, and how often a text's fit is asked.
class Noting extends Painter {
  layer(name, key, draw, steps) { this.keys[name] = key; return super.layer(name, key, draw, steps); }
  fits(text, maxWidth) { this.asked++; return super.fits(text, maxWidth); }
}
function painter(sc) {
  const p = new Noting(nullContext(), NoPath);
  p.width = 1280; p.height = 800;
  p.show(sc);
  p.fitNow();
  return p;
}
const paint = (p, sc) => { p.keys = {}; p.asked = 0; p.paintScene(sc); return p.keys; };
// no key holds a list or a long text: its size is not the board's
const small = (key) => key.length <= 12 && key.every((v) => !Array.isArray(v) && String(v).length < 400);

// 600 hexes of an answer in view (past the 500 drawn as a layer), with costs on the first 20
function zone(d, change = null) {
  const cells = [];
  for (let q = 0; cells.length < 600; q++) for (let r = 0; r < 20; r++) cells.push({ q, r, color: 'rgba(200,40,40,0.2)', hatch: r % 2 === 0, ...(cells.length < 20 ? { label: cells.length } : {}) });
  if (change) Object.assign(cells[change.at], change.set);
  return { type: 'hexes', color: '#b3261e', cells };
}

for (const system of HEX_GAMES) {
  test(`${system} at the limits: the board's and an answer's hexes are layers kept by a few values, which change with any hex's drawing`, () => {
    const d = limitDoc(system);
    const sc = () => ({ ...boardScene(system, d, {}), overlay: [zone(d)] });
    const p = painter(sc());
    const first = paint(p, sc());
    assert.ok(first.hexes && first['hexes 0'], 'the board and the answer drawn as layers');
    for (const [name, key] of Object.entries(first)) assert.ok(small(key), `${name}: a key of ${key.length} values`);
    const kinds = new Set(d.terrain.map((t) => t.terrain)).size;
    assert.ok(p.asked <= 2 * kinds, `a terrain name's fit asked ${p.asked} times for ${kinds} kinds`);
    // the same position in new objects: the same keys, value for value
    assert.deepEqual(paint(p, sc()), first);
    // a hex's terrain changed: the board's layer drawn afresh, the answer's kept
    const other = Object.keys(SYSTEMS[system].terrainColours).find((k) => k !== d.terrain[0].terrain);
    const changed = structuredClone(d);
    changed.terrain[0].terrain = other;
    const k2 = paint(p, { ...boardScene(system, changed, {}), overlay: [zone(d)] });
    assert.notDeepEqual(k2.hexes, first.hexes);
    assert.deepEqual(k2['hexes 0'], first['hexes 0']);
    // one of the answer's hexes unhatched, or moved: its layer drawn afresh
    for (const set of [{ hatch: false }, { q: 599 }]) {
      const k3 = paint(p, { ...boardScene(system, changed, {}), overlay: [zone(d, { at: 30, set })] });
      assert.notDeepEqual(k3['hexes 0'], k2['hexes 0'], JSON.stringify(set));
      assert.deepEqual(k3.hexes, k2.hexes);
    }
  });

  test(`${system} at the limits: a drag's kept frame is kept by a few values, which change with its hexes' costs and the texts it keeps clear of`, () => {
    const d = limitDoc(system);
    const p = painter(boardScene(system, d, {}));
    const still = (over = null, box = null) => {
      const sc = boardScene(system, d, {});
      p.keys = {};
      p.labelBoxes = [[10, 10, 40, 22]]; p.keepClear = []; p.overUnits = []; p.drawnText = []; p.hexLayers = 0;
      if (box) p.labelBoxes.push(box);
      p.open = p.hexStrips(sc); // (the numbers' strips, as paintScene measures them before the frame)
      p.keptFrame(sc, [zone(d, over)]);
      return p.keys.still;
    };
    const first = still();
    assert.ok(first && small(first), `a key of ${first?.length} values`);
    assert.deepEqual(still(), first);
    assert.notDeepEqual(still({ at: 3, set: { label: 99 } }), first, 'a cost changed');
    assert.notDeepEqual(still(null, [200, 200, 230, 212]), first, 'another text kept clear of');
  });
}
