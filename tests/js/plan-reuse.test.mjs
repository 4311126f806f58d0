// The board's names at the limits (issue 34): a new scene of the same position at the same view
// (the engine becoming ready, an answer drawn where the view stays) takes the names' places from
// the last plan instead of trying every name's spots again, and draws exactly the same texts; any
// change to a unit or to the view plans again.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { limitDoc } from '../../bench/page-limits.mjs';

const engine = await createEngine();
const games = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames(games);

// a context that draws nothing and measures 7 px a character
class NoPath { moveTo() {} lineTo() {} arc() {} rect() {} closePath() {} }
const nullContext = () => new Proxy({ measureText: (t) => ({ width: 7 * String(t).length }) }, { get: (o, k) => (k in o ? o[k] : () => {}), set: (o, k, v) => { o[k] = v; return true; } });

function painter(system, d) {
  const p = new Painter(nullContext(), NoPath);
  p.width = 1280; p.height = 800;
  p.show(boardScene(system, d, {}));
  p.fitNow();
  return p;
}
const texts = (p) => JSON.stringify(p.drawnText);

for (const system of games) {
  test(`${system} at the limits: the same position at the same view is drawn with the last plan's names, a moved unit plans again`, () => {
    const d = limitDoc(system);
    const p = painter(system, d);
    p.paintScene(boardScene(system, d, {}));
    const first = texts(p), tried = p.candidates;
    assert.ok(tried > 0 && p.drawnText.some((t) => t[3] === 'name'), 'the first paint tried spots and drew names');
    // a new scene object of the same position: nothing tried, the same texts
    p.paintScene(boardScene(system, d, {}));
    assert.equal(p.candidates, 0);
    assert.equal(texts(p), first);
    // a fresh painter plans it from scratch alike
    const q = painter(system, d);
    q.paintScene(boardScene(system, d, {}));
    assert.equal(texts(q), first);
    // a unit moved, a unit renamed, the view moved: planned again, as a fresh painter plans it
    const moved = structuredClone(d);
    if ('x' in moved.units[1]) moved.units[1].x += 1; else moved.units[1].q += 1;
    const renamed = structuredClone(d);
    renamed.units[0].id = 'renamed';
    for (const changed of [moved, renamed]) {
      p.paintScene(boardScene(system, changed, {}));
      assert.ok(p.candidates > 0, 'planned again');
      const fresh = painter(system, changed);
      fresh.paintScene(boardScene(system, changed, {}));
      assert.equal(texts(p), texts(fresh));
    }
    p.ox += 40;
    p.paintScene(boardScene(system, renamed, {}));
    assert.ok(p.candidates > 0, 'a panned view is planned again');
  });
}
