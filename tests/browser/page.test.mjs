// The page in headless Chromium (Debian's, driven by playwright-core): it loads the engine, the
// Advanced panel rules on an example, hostile text stays text, it works offline once loaded, and it
// fits a phone.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startServer } from '../../bin/serve.mjs';
import { launch, openPage, artifacts, PHONE, DESKTOP } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

test('the page loads the engine and the Advanced panel rules on the describe example', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  assert.match(await page.textContent('#status'), /ready/);
  await page.click('#advanced-panel > summary');
  await page.selectOption('#example', '0');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  assert.equal(await page.textContent('#verdict'), 'Answered.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a request the engine cannot read shows the error path, and hostile text stays text', async () => {
  const { context, page, errors } = await openPage(env, PHONE);
  await page.click('#advanced-panel > summary');
  await page.fill('#request', '{"system":"<img src=x onerror=alert(1)>","query":"move"}');
  await page.click('#run');
  await page.waitForSelector('.verdict.error');
  assert.match(await page.textContent('#details'), /system: unknown_system/);
  assert.equal(await page.locator('#details img, #verdict img, #response img').count(), 0);
  await page.fill('#request', '{"query": "describe",');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#details').textContent.includes('bad_json'));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the default question gets a ruling in words, with the trace as text', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await page.click('#ask');
  await page.waitForSelector('.verdict.legal, .verdict.illegal, .verdict.answered');
  assert.match(await page.textContent('#details'), /AL-/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a query the engine does not know is said plainly (Advanced editor)', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await page.click('#advanced-panel summary');
  await page.fill('#request', '{"system":"godsgloom","query":"teleport"}');
  await page.click('#run');
  await page.waitForSelector('.verdict.error');
  assert.match(await page.textContent('#verdict'), /does not answer that query yet/);
  assert.match(await page.textContent('#details'), /query: unknown_query/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('on a phone the page fits the screen width', async () => {
  const { context, page } = await openPage(env, PHONE, { touch: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: join(artifacts, 'phone-full.png'), fullPage: true });
  await context.close();
});

test('once loaded, the page rules with the server gone (service worker)', async () => {
  const { context, page } = await openPage(env, DESKTOP);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await new Promise((done) => env.server.close(done));
  env.server.closeAllConnections?.();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  // every module of the page came from the cache: the board still draws and builds requests
  assert.equal((await page.evaluate(() => window.movecalcTest.request())).system, 'arcane-legions');
  await page.click('#advanced-panel > summary');
  await page.selectOption('#example', '0');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  await context.close();
  env.server = await startServer(0);
});
