// The board's view as a phone player meets it (a newcomer's review): each game's default position
// opens with every unit and terrain piece of it in view, no unit under a control floating over the
// board (the tip box, the card bar, the zoom buttons), at 360 × 740, 740 × 360 and 1280 × 800. The
// games come from describe. Screenshots go to tests/artifacts/view-<game>-<step>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, pickSystem, ruled, hook, painted, artifacts, pageRequest } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const SIZES = [{ width: 360, height: 740 }, { width: 740, height: 360 }, { width: 1280, height: 800 }];
const size = (v) => `${v.width}x${v.height}`;

async function shot(page, name, viewport) {
  await painted(page);
  await page.screenshot({ path: join(artifacts, `view-${name}-${size(viewport)}.png`) });
}

/** Opens `system`'s default position as a player does: the page's own game, or picked from the list. */
async function open(viewport, system) {
  const opened = await openPage(env, viewport, { touch: viewport.width < 900 });
  if ((await pageRequest(opened.page)).system !== system) await pickSystem(opened.page, system); else await ruled(opened.page);
  await painted(opened.page);
  return opened;
}

/**
 * What of the position is not shown whole: each unit's token or base, and each terrain piece, must
 * lie inside the board's box as it is on the screen; a unit must also have the board on top at its
 * middle and at its box's corners (nothing floats over it there).
 */
const hidden = (page) => page.evaluate(() => {
  const c = document.getElementById('board').getBoundingClientRect();
  const seen = [Math.max(c.left, 0), Math.max(c.top, 0), Math.min(c.right, innerWidth), Math.min(c.bottom, innerHeight)];
  const out = (b) => b[0] < seen[0] - 0.5 || b[1] < seen[1] - 0.5 || b[2] > seen[2] + 0.5 || b[3] > seen[3] + 0.5;
  const t = window.movecalcTest, bad = [];
  for (const [id, b] of Object.entries(t.unitBoxes())) {
    if (out(b)) { bad.push(`unit ${id} out of view: ${b.map(Math.round)}`); continue; }
    const points = [[(b[0] + b[2]) / 2, (b[1] + b[3]) / 2], [b[0] + 1, b[1] + 1], [b[2] - 1, b[1] + 1], [b[0] + 1, b[3] - 1], [b[2] - 1, b[3] - 1]];
    for (const [x, y] of points) {
      const e = document.elementFromPoint(x, y);
      if (e?.id !== 'board') { bad.push(`unit ${id} under ${e?.id || e?.className || e?.tagName} at ${Math.round(x)}, ${Math.round(y)}`); break; }
    }
  }
  for (const [id, b] of Object.entries(t.terrainBoxes())) if (out(b)) bad.push(`terrain ${id} out of view: ${b.map(Math.round)}`);
  return bad;
});

for (const viewport of SIZES) {
  for (const { id: system } of SYSTEMS) {
    test(`${system} (${size(viewport)}): the opening view shows every unit and terrain piece of the default position, no unit under a control`, async () => {
      const { context, page, errors } = await open(viewport, system);
      await shot(page, `${system}-opening`, viewport);
      assert.deepEqual(await hidden(page), [], `${system} ${size(viewport)}: on opening`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
