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
import { NoPath, nullContext } from './util.mjs';
import { limitDoc } from '../../bench/page-limits.mjs';

const engine = await createEngine();
const games = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames(games);

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

// The page's board places names for a slice of time a paint (board.js placeNames): 1,000 names
// are placed over several frames. Planned a few names a paint, the names end as planned in one go.
for (const system of games) {
  test(`${system} at the limits: names placed over many paints end as placed in one, and the first paints draw those placed so far`, () => {
    const d = limitDoc(system);
    const once = painter(system, d);
    once.paintScene(boardScene(system, d, {}));
    const sliced = painter(system, d);
    sliced.sliceMs = 0; // the fewest names a paint
    const named = (p) => p.drawnText.filter((t) => t[3] === 'name').length;
    let paints = 0, last = -1;
    do {
      sliced.paintScene(boardScene(system, d, {}));
      paints++;
      // each paint draws every name placed so far, and more than the paint before
      assert.ok(named(sliced) > last, `paint ${paints}: ${named(sliced)} names after ${last}`);
      last = named(sliced);
    } while (sliced.lastPlan.job && paints < 1000);
    assert.ok(paints > 2, `placed over ${paints} paints`);
    assert.equal(sliced.lastPlan.job, null, 'every name placed');
    assert.equal(texts(sliced), texts(once));
  });
}

// Two names on one line with less than a space between them read as one ("u0u1u2": issue 34); a
// name that finds no place apart is left out (the list beside the board and a tap name it).
const NAME_GAP = 4;
for (const system of games) {
  test(`${system} at the limits: at the whole view no two names come within a space of each other on a line`, () => {
    const d = limitDoc(system);
    for (const [w, h] of [[1280, 800], [360, 500]]) {
      const p = painter(system, d);
      p.width = w; p.height = h; p.fitNow();
      p.paintScene(boardScene(system, d, {}));
      const names = p.drawnText.filter((t) => t[3] === 'name').map((t) => t[2]);
      assert.ok(names.length > 0, `${w}x${h}: names drawn`);
      for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
        const [a, b] = [names[i], names[j]];
        const sameLine = a[1] < b[3] && b[1] < a[3];
        const apart = Math.max(a[0] - b[2], b[0] - a[2]);
        assert.ok(!sameLine || apart >= NAME_GAP - 1e-9, `${w}x${h}: names at ${a.map(Math.round)} and ${b.map(Math.round)} are ${apart.toFixed(1)} px apart`);
      }
    }
  });
}
