// The Ruler tool (issue 22): dragged by touch at 360 × 740 between two units it reads the distance
// between their closest edges on a table, in the game's unit, and the hex distance between their
// nearest hexes on a hex board; between points, the points' distance. Expected values are worked
// out by hand from the positions below.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, hook, ruled, PHONE, artifacts, painted } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

async function openRequest(page, request) {
  await hook(page, 'openExample', { request });
  await page.waitForFunction((s) => window.movecalcTest.request().system === s, request.system);
  await ruled(page);
}

async function drag(page, from, to) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 6 });
  await page.mouse.up();
}

test('the ruler reads closest edges in inches on a table, hexes on a hex board, points otherwise', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  // two bases facing 0°: A spans y 9–11, B spans y 19–21 (x 8–12 both): 8″ between their edges
  await openRequest(page, { system: 'ninth-age', query: 'spacing', table: { width: 24, height: 30 },
    units: [{ id: 'A', side: 'red', x: 10, y: 10, facing: 0, width: 4, depth: 2 }, { id: 'B', side: 'blue', x: 10, y: 20, facing: 0, width: 4, depth: 2 }] });
  await page.click('label:has(input[value="measure"])');
  await drag(page, await hook(page, 'screenOf', 'A'), await hook(page, 'screenOf', 'B'));
  assert.equal(await page.textContent('#tool-note'), 'Ruler: 8.0″ between A and B (closest edges).');
  await painted(page);
  assert.ok((await hook(page, 'boardText')).some(([t]) => t === '8.0″'), 'the reading is drawn on the board');
  await page.screenshot({ path: join(artifacts, 'ruler-ninth-age-360x740.png') });

  // from A to the empty point (10, 26): A's front edge is at y 11, so 15″
  await drag(page, await hook(page, 'screenOf', 'A'), await hook(page, 'screenOfWorld', 10, 26));
  assert.equal(await page.textContent('#tool-note'), 'Ruler: 15.0″ from A’s nearest edge.');

  // between two points: (2, 2) to (5, 6) is 5″
  await drag(page, await hook(page, 'screenOfWorld', 2, 2), await hook(page, 'screenOfWorld', 5, 6));
  assert.equal(await page.textContent('#tool-note'), 'Ruler: 5.0″.');

  // GODSGLOOM: (q 1, r 3) to (q 4, r 1) is max(|3|, |−2|, |1|) = 3 hexes
  await openRequest(page, { system: 'godsgloom', query: 'reach', board: { cols: 8, rows: 6 }, unit: 'Shieldwall',
    units: [{ id: 'Shieldwall', side: 'Wardens', q: 1, r: 3, facing: 1, speed: 3 }, { id: 'Ghouls', side: 'Hollow', q: 4, r: 1, facing: 4, speed: 3 }] });
  await page.click('label:has(input[value="measure"])');
  await drag(page, await hook(page, 'screenOf', 'Shieldwall'), await hook(page, 'screenOf', 'Ghouls'));
  assert.equal(await page.textContent('#tool-note'), 'Ruler: 3 hexes between Shieldwall and Ghouls (their nearest hexes).');
  await page.screenshot({ path: join(artifacts, 'ruler-godsgloom-360x740.png') });

  // the tools still fit one line on the phone, none cut off
  const [scroll, client] = await page.evaluate(() => { const t = document.querySelector('.tools'); return [t.scrollWidth, t.clientWidth]; });
  assert.ok(scroll <= client + 1, `the tools fit (${scroll} > ${client})`);
  assert.deepEqual(errors, []);
  await context.close();
});
