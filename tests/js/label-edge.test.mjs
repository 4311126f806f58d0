// A marker's label on its plate near the view's edge: slid in whole, plate and all, or refused so
// that the next spot is tried. A label slid in by its text alone left its plate 1 px past the edge;
// it was counted as placed but never drawn (a text the edge cuts is left out), so a C&C order's
// "Scipio: moved 1 hex" beside a hex near the right edge was drawn nowhere.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadGames, defaultDoc, SYSTEMS } from '../../web/model.js';
import { boardScene } from '../../web/scene.js';
import { Painter } from '../../web/board.js';
import { NoPath, nullContext } from './util.mjs';
import { rulerPlate } from '../../web/ruler-plate.js';

const engine = await createEngine();
const games = JSON.parse(engine.requestText(JSON.stringify({ query: 'describe' }))).result.systems.map((s) => s.id);
await loadGames(games);

// a game's board (any game's by default), its units taken off: the labels are placed among nothing
// else; `overlay`: an answer's drawing, made from the scene
function painter(system = games[0], overlay = () => []) {
  const p = new Painter(nullContext(), NoPath);
  p.width = 360; p.height = 300;
  const d = defaultDoc(system);
  d.units = []; d.terrain = [];
  const sc = boardScene(system, d, {});
  sc.overlay = overlay(sc);
  p.show(sc);
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

// the hex games' views framed inside the board, so that the rows' numbers are pinned at the view's left edge,
// on a strip whose line parts them from the hexes (board-hex.js paintHexCoords): 3 px clear of a cost
// beyond it (9 px before the strip, where "8" beside a cut hex's cost 4 read as 84)
for (const system of games.filter((g) => SYSTEMS[g].board !== 'free')) {
  test(`${system}: a row's number pinned at the view's edge, on the rows' strip, is never drawn within 3 px of a hex's cost on its line`, () => {
    // a cost on every hex of the even rows: the odd rows' numbers stay clear of them
    const costs = (sc) => [{ type: 'hexes', color: 'rgba(0,0,0,0.1)', cells: sc.cells.filter((h) => h.r % 2 === 0).map((h) => ({ q: h.q, r: h.r, label: 4 })) }];
    let pinned = 0;
    // the view moved left by a tenth of a column at a time: the first hex in view cut anywhere
    for (let k = 0; k < 10; k++) {
      const p = painter(system, costs);
      p.s *= 2.5;
      p.ox -= (2 + k / 10) * Math.sqrt(3) * p.s;
      p.oy -= 2 * p.s;
      p.drawnText = []; p.labelBoxes = [];
      p.paintScene(p.scene);
      const rows = p.drawnText.filter(([, , box, kind]) => kind === 'grid' && box[0] < 10); // (pinned: centred on the rows' strip)
      for (const [t, , box] of rows) {
        const beside = p.drawnText.filter(([, , b]) => b !== box && b[1] < box[3] && box[1] < b[3] && b[0] < box[2] + 3 && box[0] - 3 < b[2]);
        assert.deepEqual(beside.map(([o]) => o), [], `row ${t}'s number at ${box.map(Math.round)}`);
      }
      pinned += rows.length;
    }
    assert.ok(pinned > 0, 'some rows\' numbers pinned at the edge');
  });
}

// A Ruler's line running out of the view: its reading's plate has no spot beside the line in view,
// and was drawn where the view's edge cut it, with no reading (a text the edge cuts is left out).
test('a Ruler reading whose line runs out of the view is drawn on a plate moved into the view', () => {
  const p = painter(games.find((g) => SYSTEMS[g].board === 'free'));
  p.drawnText = []; p.labelBoxes = [];
  // from the view's left edge to 60 px beyond it: every spot beside the line is cut by the edge
  const a = [4, 150], b = [-60, 150];
  rulerPlate(p, '10″ of 2″ sideways: too far', a, b, Math.hypot(b[0] - a[0], b[1] - a[1]), '#c53030');
  const drawn = p.drawnText.find(([, , , kind]) => kind === 'ruler');
  assert.ok(drawn, 'the reading is drawn');
  const [text, , box] = drawn;
  assert.equal(text, '10″ of 2″ sideways: too far');
  assert.ok(box[0] >= 0 && box[2] <= p.width && box[1] >= 0 && box[3] <= p.height, `in view: ${box.map(Math.round)}`);
});
