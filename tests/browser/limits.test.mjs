// The page at the limits (issue 34): 1,000 units, 500 terrain pieces on a table, every hex of the
// largest board with terrain, opened from a link, a unit dragged and the view zoomed. Placing the
// board's texts looks only at the boxes near each (board.js BoxGrid): the work counted in a paint
// grows with the texts placed, never with their square. The long tasks are recorded and printed
// (bench/run.mjs reports them too); no figure of time is asserted, since a loaded machine is slower.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, artifacts } from './browser.mjs';
import { SYSTEMS, SYSTEM_IDS } from '../../web/model.js';
import { LIMITS } from '../../web/share.js';
import { BoxGrid } from '../../web/board.js';
import { pageAtLimits } from '../../bench/page-limits.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

// Boxes looked at per unit or terrain piece in a paint, at most: a name tries up to 25 spots, each
// looked up among the boxes near it, a few dozen at the densest; a paint that compared every name with
// every other looked at about 25 × LIMITS.units per unit.
const PER_ITEM = 400;
// Spots tried per unit's name: its inside, then 8 directions at 3 distances, for its full name and
// once more for its abbreviation (board.js planNames).
const SPOTS_PER_NAME = 2 * (1 + 8 * 3);

test('the box grid finds every box overlapping a box, on and off the view, looking at the near ones only', () => {
  const grid = new BoxGrid(360, 740);
  const boxes = [];
  for (let i = 0; i < 2000; i++) {
    const x = (i * 37) % 1400 - 500, y = (i * 53) % 1900 - 600, w = 10 + (i % 7) * 9, h = 12 + (i % 3) * 4;
    boxes.push([x, y, x + w, y + h]);
    grid.add(boxes.at(-1), i);
  }
  const over = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
  for (const q of [[0, 0, 40, 12], [300, 700, 380, 760], [-520, -620, -400, -560], [1200, 1500, 2000, 2000], [100, 100, 160, 114]]) {
    const found = [];
    grid.near(q, (b, i) => { if (over(q, b)) found.push(i); return false; });
    assert.deepEqual(found.sort((a, b) => a - b), boxes.flatMap((b, i) => (over(q, b) ? [i] : [])), `query ${q}`);
  }
  grid.visits = 0;
  grid.near([100, 100, 140, 112], () => false);
  assert.ok(grid.visits < boxes.length / 10, `a small box looks at ${grid.visits} of ${boxes.length} boxes`);
});

const free = SYSTEM_IDS.find((id) => SYSTEMS[id].board === 'free');
const hexes = SYSTEM_IDS.find((id) => SYSTEMS[id].board === 'hex');
for (const system of [free, hexes]) {
  test(`${system} at the limits (${LIMITS.units} units): opening, a drag and zooming place the board's texts with work linear in the units`, { timeout: 300000 }, async () => {
    const r = await pageAtLimits(env.browser, env.base, system);
    console.log(`# ${system} at the limits: ${r.units} units, ${r.terrain} terrain, link ${r.linkChars} characters; long tasks (ms) open ${r.long.open.join(' ') || '-'}, drag ${r.long.drag.join(' ') || '-'}, zoom ${r.long.zoom.join(' ') || '-'}; work ${JSON.stringify(r.work)}`);
    assert.equal(r.units, LIMITS.units);
    assert.ok(r.moved, 'the drag moved the unit');
    // the long tasks, kept beside the screenshots (their times depend on the machine's load, so are not asserted)
    writeFileSync(join(artifacts, `limits-long-tasks-${system}.json`), JSON.stringify({ long: r.long, work: r.work }, null, 2));
    for (const [phase, w] of Object.entries(r.work)) {
      assert.ok(w.texts > 0, `${phase}: the board drew texts`);
      assert.ok(w.work <= PER_ITEM * (r.units + r.terrain), `${phase}: ${w.work} boxes looked at for ${r.units} units and ${r.terrain} terrain`);
      // names are tried for the units near the view only, a bounded number of spots each
      assert.ok(w.near > 0 && w.near <= r.units, `${phase}: ${w.near} units near the view`);
      assert.ok(w.candidates <= SPOTS_PER_NAME * w.near, `${phase}: ${w.candidates} spots tried for ${w.near} units' names`);
    }
    assert.deepEqual(r.errors, []);
  });
}
