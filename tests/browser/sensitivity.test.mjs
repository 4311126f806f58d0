// Issue 35 on the page: a ruling that depends on how an assumption is read says so in the details
// list, "this depends on how you read A-GG-1", with the clause and both outcomes. The position is
// tests/scenarios/godsgloom/sens-a-gg-1-arc-decides-stop.json: enemy e faces west, so its 3-hex
// front arc (A-GG-1 default) holds (2,3) and stops the move there; read as the faced hex only, the
// path goes through to (2,4), legal (GG-EZ-1, GG-8.3). A move far from e depends on no reading.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, openRequest, details } from './browser.mjs';
import { root } from '../js/util.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

// The scenario's request as a player sets it up: the page asks for sensitivity itself.
function position(file) {
  const { sensitivity, ...request } = JSON.parse(readFileSync(join(root, 'tests', 'scenarios', 'godsgloom', file), 'utf8')).request;
  assert.equal(sensitivity, true);
  return request;
}

test('A-GG-1 GG-EZ-1 GG-8.3: the page says the stop depends on how A-GG-1 is read, with both outcomes and the clause', async () => {
  const { page, errors } = await openPage(env);
  await openRequest(page, position('sens-a-gg-1-arc-decides-stop.json'));
  await page.waitForFunction(() => document.getElementById('details').innerText.includes('depends on how you read'));
  const text = await details(page);
  const line = text.split('\n').find((l) => l.includes('depends on how you read'));
  assert.match(line, /A-GG-1/);
  assert.match(line, /GG-EZ-1/);
  assert.match(line, /facing-hex/);
  assert.match(line, /arcWidth 1/);
  // as read here the move is not legal; read the other way it is
  assert.match(line, /legal no → yes/);
  assert.match(line, /col 3, row 3 → col 4, row 4/);
  // no Fast token: the other reading of A-GG-2 changes nothing, and is not shown
  assert.doesNotMatch(text, /read A-GG-2/);
  assert.deepEqual(errors, []);
  await page.context().close();
});

test('A-GG-1 GG-EZ-1: a move far from the enemy depends on no reading, and the page says nothing of one', async () => {
  const { page, errors } = await openPage(env);
  await openRequest(page, position('sens-a-gg-1-far-from-zone-unchanged.json'));
  // the answer shown carries the sensitivity the page asked for (every entry unchanged)
  await page.waitForFunction(() => document.getElementById('details').innerText.includes('Assumptions this answer relied on'));
  const shown = await page.evaluate(() => JSON.parse(document.getElementById('response').textContent || 'null'));
  assert.ok(Array.isArray(shown?.sensitivity) && shown.sensitivity.length === 2, 'the page asked for sensitivity');
  assert.ok(shown.sensitivity.every((e) => e.changes === false));
  assert.doesNotMatch(await details(page), /depends on how you read/);
  assert.deepEqual(errors, []);
  await page.context().close();
});
