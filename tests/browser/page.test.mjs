// The page in headless Chromium (Debian's, driven by playwright-core): it loads the engine, rules
// on an example, shows hostile text as text, works offline once loaded, and fits a phone.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../bin/serve.mjs';
import { root } from '../js/util.mjs';

const shots = join(root, 'test-results');
mkdirSync(shots, { recursive: true });

let server, browser, base;

async function serve() {
  server = await startServer(0);
  base = `http://127.0.0.1:${server.address().port}/`;
}

before(async () => {
  await serve();
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function openPage(viewport) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { context, page, errors };
}

test('the page loads the engine and rules on the describe example', async () => {
  const { context, page, errors } = await openPage({ width: 1280, height: 800 });
  assert.match(await page.textContent('#status'), /ready/);
  await page.selectOption('#system', 'describe');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  assert.equal(await page.textContent('#verdict'), 'Answered.');
  await page.screenshot({ path: join(shots, 'desktop.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('a request the engine cannot read shows the error path, and hostile text stays text', async () => {
  const { context, page } = await openPage({ width: 390, height: 844 });
  await page.fill('#request', '{"system":"<img src=x onerror=alert(1)>","query":"move"}');
  await page.click('#run');
  await page.waitForSelector('.verdict.error');
  assert.match(await page.textContent('#details'), /system: unknown_system/);
  assert.equal(await page.locator('#details img, #verdict img, #response img').count(), 0);
  await page.fill('#request', '{"query": "describe",');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#details').textContent.includes('bad_json'));
  await context.close();
});

test('on a phone the page fits the screen width', async () => {
  const { context, page } = await openPage({ width: 390, height: 844 });
  await page.click('#run');
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than the phone`);
  await page.screenshot({ path: join(shots, 'phone.png'), fullPage: true });
  await context.close();
});

test('once loaded, the page rules with the server gone (service worker)', async () => {
  const { context, page } = await openPage({ width: 1280, height: 800 });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready.then(() => false), null, { timeout: 15000 }).catch(() => {});
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await new Promise((done) => server.close(done));
  server.closeAllConnections?.();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await page.selectOption('#system', 'describe');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  await context.close();
  await serve();
});
