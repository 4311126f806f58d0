// A C&C leader on a unit's hex is drawn small towards a corner of it (board.js tokenOf), the first
// of upper right, lower right, upper left, lower left whose two neighbouring hexes hold no unit
// (cc-ancients.js placeSmall): at the upper right beside a unit on the hex up and to the right, the
// leader read as that unit's (a newcomer's review). Geometry by hand: a pointy-top hex's upper
// right corner borders its east (q+1, r) and north-east (q+1, r-1) neighbours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames, defaultDoc, SYSTEMS } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { NoPath, nullContext } from './util.mjs';

const engine = await createEngine();
const systems = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames(systems);
const leaderGames = systems.filter((id) => SYSTEMS[id].board === 'hex' && defaultDoc(id).units.some((u) => u.type === 'leader'));

for (const system of leaderGames) {
  test(`${system}: CCA-LD-8 an attached leader's disc sits at the corner of his hex no other unit borders, the upper right where none does`, () => {
    const d = defaultDoc(system);
    const leader = d.units.find((u) => u.type === 'leader'), bearer = d.units.find((u) => u.type !== 'leader' && u.side === leader.side);
    const at = { q: 3, r: 4 };
    const place = (u, dq, dr) => Object.assign(u, { q: at.q + dq, r: at.r + dr });
    const others = d.units.filter((u) => u !== leader && u !== bearer);
    const cases = [
      [[], 0, 'alone: upper right'],
      [[[1, -1]], 1, 'a unit up and right: lower right'],
      [[[1, 0]], 2, 'a unit to the east: upper left'],
      [[[1, 0], [-1, 0]], 0, 'units east and west: each corner borders one, the first kept'],
      [[[1, -1], [0, 1], [0, -1]], 3, 'units up right, down right and up left: lower left'],
    ];
    for (const [around, corner, what] of cases) {
      d.units = [place(leader, 0, 0), place(bearer, 0, 0), ...around.map(([dq, dr], i) => place({ ...others[i % others.length], id: `n${i}` }, dq, dr))];
      const sc = boardScene(system, d, {});
      const l = sc.units.find((u) => u.id === leader.id);
      assert.equal(l.corner, corner, what);
      // drawn there: right of the hex's centre for 0 and 1, above it for 0 and 2
      const p = new Painter(nullContext(), NoPath);
      p.width = 360; p.height = 400; p.show(sc); p.fitNow();
      const t = p.tokenOf(l);
      assert.equal(t.px > t.cx, corner < 2, `${what}: the disc's side`);
      assert.equal(t.py < t.cy, corner % 2 === 0, `${what}: the disc above or below`);
    }
  });
}
