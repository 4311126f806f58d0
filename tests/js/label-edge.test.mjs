// A marker's label on its plate near the view's edge: slid in whole, plate and all, or refused so
// that the next spot is tried. A label slid in by its text alone left its plate 1 px past the edge;
// it was counted as placed but never drawn (a text the edge cuts is left out), so a C&C order's
// "Scipio: moved 1 hex" beside a hex near the right edge was drawn nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames, defaultDoc } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { NoPath, nullContext } from './util.mjs';

// any game's board, its units taken off: the labels are placed among nothing else
const engine = await createEngine();
const [system] = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames([system]);

function painter() {
  const p = new Painter(nullContext(), NoPath);
  p.width = 360; p.height = 300;
  const d = defaultDoc(system);
  d.units = []; d.terrain = [];
  p.show(boardScene(system, d, {}));
  p.fitNow();
  p.paintScene(p.scene);
  return p;
}

test('a plated label past the right edge is slid in whole, its plate 2 px inside, and drawn', () => {
  const p = painter(), text = 'Scipio: moved 1 hex'; // 19 characters: 133 px, its plate 3 px either side
  const box = p.label(text, 350, 100, '#000', 12, 220, 'plate');
  assert.deepEqual(box, [360 - 2 - 133 - 6, 100 - 6 - 1.5, 360 - 2, 100 + 6 + 1.5]);
  assert.deepEqual(p.drawnText.at(-1).slice(0, 3), [text, 12, box]);
});

test('a plated label the top edge would cut is refused, drawn nowhere, so that its next spot is tried', () => {
  const p = painter(), drawn = p.drawnText.length;
  // its plate's top at 4 - 6 - 1.5 = -3.5: cut
  assert.equal(p.label('Hastati', 100, 4, '#000', 12, 220, 'plate'), null);
  assert.equal(p.drawnText.length, drawn);
  // at the next spot, lower, it is drawn
  assert.ok(p.labelAt('Hastati', [[100, 4], [100, 30]], '#000'));
  assert.equal(p.drawnText.at(-1)[0], 'Hastati');
});
