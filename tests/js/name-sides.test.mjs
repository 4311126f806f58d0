// A unit's name keeps the side of its unit it was last placed on, while that spot stays clear
// (board.js placeName): a reach's cost numbers under a name push it aside, and once they are gone
// (another unit tapped) the name stays on that side, against its unit. Placed afresh each time it
// came back under the token: names jumped between sides at each tap (a newcomer's review).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames, defaultDoc, SYSTEMS } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { center } from '../../web/hex.js';
import { NoPath, nullContext } from './util.mjs';

const engine = await createEngine();
const systems = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems;
await loadGames(systems.map((s) => s.id));
const hexGames = systems.map((s) => s.id).filter((id) => SYSTEMS[id].board === 'hex');

// the side of (x, y) from (cx, cy): a sign per axis
const side = (x, y, cx, cy) => [Math.sign(Math.round(x - cx)), Math.sign(Math.round(y - cy))];

for (const system of hexGames) {
  test(`${system}: a name pushed aside by cost numbers stays on that side once they are gone; a fresh board names it below`, () => {
    const d = defaultDoc(system);
    d.units = d.units.slice(0, 1); d.terrain = [];
    const scene = (overlay) => { const sc = boardScene(system, d, {}); sc.overlay = overlay; return sc; };
    const fresh = () => { const p = new Painter(nullContext(), NoPath); p.width = 360; p.height = 400; p.show(scene([])); p.fitNow(); return p; };
    const p = fresh();
    p.paintScene(scene([]));
    const u = p.scene.units[0], t = p.tokenOf(u), nameSide = () => { const n = p.plan.get(u.id).name; return side(n.x, n.y, t.px, t.py); };
    assert.deepEqual(nameSide(), [0, 1], 'with nothing about, the name is under its token');
    // a cost number on every hex whose centre is below the token's, within three rows
    const cells = [];
    for (let q = u.q - 4; q <= u.q + 4; q++) for (let r = u.r - 4; r <= u.r + 4; r++) {
      const [, y] = p.toScreen(...center(q, r));
      if (y > t.py + 1 && y < t.py + 3 * p.s * 1.8) cells.push({ q, r, label: 3 });
    }
    p.paintScene(scene([{ type: 'hexes', cells }]));
    const pushed = nameSide();
    assert.notDeepEqual(pushed, [0, 1], 'the numbers push the name off the hexes below');
    assert.ok(pushed[1] <= 0, `the name is beside or above its unit, not below: ${pushed}`);
    p.paintScene(scene([]));
    assert.deepEqual(nameSide(), pushed, 'the numbers gone, the name stays where they pushed it');
    const n = p.plan.get(u.id).name;
    assert.equal(n.callout, null, 'against its unit, not out on a callout');
    const q = fresh();
    q.paintScene(scene([]));
    assert.deepEqual(side(q.plan.get(u.id).name.x, q.plan.get(u.id).name.y, t.px, t.py), [0, 1], 'a fresh board names it below');
  });
}
