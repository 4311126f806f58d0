// Every text the board draws is drawn in the font it was placed and measured in. The Painter sets
// the context's font only where a text is drawn or measured afresh (board.js setFont, fontSet): a
// second paint measures nothing (the widths are remembered), so a text drawn without its font set
// would come out in whatever font the context held last, a cost number at a unit's name's size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames, defaultDoc, SYSTEMS } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { NoPath } from './util.mjs';
import { center } from '../../web/hex.js';

const engine = await createEngine();
const games = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames(games);

// a context that keeps its font as set, and notes the font of each text drawn
function recordingContext() {
  const drawn = [];
  const o = {
    font: '10px sans-serif',
    measureText: (t) => ({ width: 7 * String(t).length }),
    fillText(t) { drawn.push([String(t), o.font]); },
    strokeText(t) { drawn.push([String(t), o.font]); },
  };
  return { ctx: new Proxy(o, { get: (x, k) => (k in x ? x[k] : () => {}), set: (x, k, v) => { x[k] = v; return true; } }), drawn };
}

// (the hex games: a table's texts are all at the smallest size)
for (const system of games.filter((g) => SYSTEMS[g].board !== 'free')) {
  test(`${system}: every text of a second paint is drawn in the font it was placed in (its units' names, badges, a reach's costs)`, () => {
    const { ctx, drawn } = recordingContext();
    const p = new Painter(ctx, NoPath);
    p.width = 740; p.height = 500;
    const d = defaultDoc(system);
    const sc = boardScene(system, d, {});
    // costs and badges round the first unit, as a reach draws them (draw-hex.js reachCells)
    const { q, r } = sc.units[0];
    sc.overlay = [{ type: 'hexes', cells: [[1, 0], [0, 1], [-1, 1], [-1, 0], [0, -1], [1, -1]].map(([dq, dr], i) => ({ q: q + dq, r: r + dr, label: i + 1, badge: i % 2 ? 'A' : undefined, color: 'rgba(0,128,0,0.3)' })) }];
    p.show(sc);
    p.fitNow();
    // close in on the first unit: its name, badge and the costs each at a size of their own (at the fit
    // view of a big board all are at the smallest)
    const [x, y] = center(sc.units[0].q, sc.units[0].r);
    p.s = 40;
    p.ox = p.width / 2 - x * p.s; p.oy = p.height / 2 - p.flip * y * p.s;
    p.paintScene(p.scene);
    drawn.length = 0;
    p.paintScene(p.scene); // (every width measured by the first)
    assert.ok(new Set(drawn.map(([, f]) => f)).size > 1, 'texts of more than one size drawn');
    const fonts = new Map();
    for (const [t, size] of p.drawnText) (fonts.get(t) ?? fonts.set(t, new Set()).get(t)).add(`600 ${size}px system-ui, sans-serif`);
    for (const [t, font] of drawn) assert.ok(fonts.get(t)?.has(font), `"${t}" drawn in ${font}, placed in ${[...(fonts.get(t) ?? [])].join(' or ')}`);
  });
}
