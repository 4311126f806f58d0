// The page in headless Chromium (Debian's, driven by playwright-core): it loads the engine, the
// Advanced panel rules on an example, hostile text stays text, it works offline once loaded, and it
// fits a phone.
import { createHash } from 'node:crypto';
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../../bin/serve.mjs';
import { launch, openPage, pickSystem, artifacts, PHONE, DESKTOP, testSite, openPanel, until } from './browser.mjs';
import { root } from '../js/util.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { swLists } from '../../bench/weight.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

test('the page loads the engine and the Advanced panel rules on the describe example', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  assert.match(await page.textContent('#status'), /ready/);
  await openPanel(page, 'advanced-panel');
  await page.selectOption('#example', '0');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  assert.equal(await page.textContent('#verdict'), 'Answered.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a request the engine cannot read shows the error path, and hostile text stays text', async () => {
  const { context, page, errors } = await openPage(env, PHONE);
  await openPanel(page, 'advanced-panel');
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
  await openPanel(page, 'advanced-panel');
  await page.fill('#request', '{"system":"godsgloom","query":"teleport"}');
  await page.click('#run');
  await page.waitForSelector('.verdict.error');
  assert.match(await page.textContent('#verdict'), /does not answer that query yet/);
  assert.match(await page.textContent('#details'), /query: unknown_query/);
  // a system that is no game, even a name every object inherits, is refused by the engine
  // (no engine module is looked for)
  await page.fill('#request', '{"system":"constructor","query":"move"}');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#details').textContent.includes('system: unknown_system'));
  assert.doesNotMatch(await page.textContent('#verdict'), /Loading|could not be loaded/);
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

test('once loaded, the page rules with the server gone (service worker), and from the second visit every feature works offline', async () => {
  const { context, page } = await openPage(env, DESKTOP);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  // the second visit (a page the worker served) has the files a feature fetches at its first use
  // cached too, none of them used yet
  const later = swLists(testSite).later.map(([url]) => new URL(url, env.base).href);
  assert.ok(later.some((u) => /\/settings-form-[\w-]+\.js$/.test(u)) && later.some((u) => /\/share-[\w-]+\.js$/.test(u)), 'the panels\' forms and the links\' checks are fetched at first use');
  await until(page, async (urls) => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await Promise.all(urls.map((u) => cache.match(u)))).every(Boolean);
  }, later, { timeout: 30000, polling: 200 });
  await pickSystem(page, 'torn-world'); // opened online once, under the worker
  await pickSystem(page, 'arcane-legions');
  await new Promise((done) => env.server.close(done));
  env.server.closeAllConnections?.();
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  // every module of the page came from the cache: the board still draws and builds requests
  assert.equal((await page.evaluate(() => window.movecalcTest.request())).system, 'arcane-legions');
  await openPanel(page, 'advanced-panel');
  await page.selectOption('#example', '0');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  // a share link in embed mode opens offline too (the cache ignores the query string)
  const code = await page.evaluate(() => window.movecalcTest.shareCode());
  // another game opened online (its page and engine modules cached as it was opened) rules offline too
  await pickSystem(page, 'torn-world');
  assert.match(await page.textContent('#verdict'), /\S/);
  assert.doesNotMatch(await page.textContent('#verdict'), /could not be loaded|system_not_loaded/);
  // a game never opened online was never downloaded: it says so, and the page stays on its game
  await page.selectOption('#system', 'godsgloom');
  await page.waitForSelector('#notice:not([hidden])');
  assert.match(await page.textContent('#notice-text'), /GODSGLOOM page could not be loaded/);
  assert.equal(await page.inputValue('#system'), 'torn-world');
  assert.equal((await page.evaluate(() => window.movecalcTest.request())).system, 'torn-world');
  await pickSystem(page, 'arcane-legions');
  // the pictures' code and the Terrain panel's form, never used online, work offline
  await openPanel(page, 'share-panel');
  const [picture] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
  assert.match(picture.suggestedFilename(), /\.svg$/);
  await openPanel(page, 'terrain-panel');
  await page.waitForFunction(() => document.querySelector('#terrain-kind').options.length > 0 && !document.querySelector('#terrain-panel').hasAttribute('aria-busy'));
  await page.goto(`${env.base}?embed=1&ro=1#p=${code}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.equal(await page.evaluate(() => document.body.className), 'embed readonly');
  assert.equal((await page.evaluate(() => window.movecalcTest.request())).units.length, 3);
  await context.close();
  env.server = await startServer(0, '127.0.0.1', { root: testSite });
  env.base = `http://127.0.0.1:${env.server.address().port}/`;
});

test('the web app manifest and its icons are served, and the worker caches only the site\'s own files', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  const href = await page.getAttribute('link[rel="manifest"]', 'href');
  const manifest = await (await page.request.get(env.base + href)).json();
  assert.equal(manifest.short_name, 'movecalc');
  assert.equal(manifest.start_url, './');
  assert.equal(manifest.display, 'standalone');
  for (const icon of manifest.icons) {
    const res = await page.request.get(env.base + icon.src);
    assert.equal(res.status(), 200);
    assert.match(res.headers()['content-type'], /image\/svg\+xml/);
  }
  assert.ok(manifest.icons.some((i) => i.purpose === 'maskable'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  const cached = await page.evaluate(async () => {
    const keys = await caches.keys();
    const cache = await caches.open(keys[0]);
    return { keys, urls: (await cache.keys()).map((r) => r.url) };
  });
  assert.equal(cached.keys.length, 1);
  assert.match(cached.keys[0], /^movecalc-[0-9a-f]{12}$/);
  for (const url of cached.urls) assert.ok(url.startsWith(env.base), `${url} is the site's own`);
  for (const file of ['', 'boot.js', 'app.js', 'engine/movecalc.mjs', 'icon.svg']) {
    assert.ok(cached.urls.includes(env.base + file), `${file || './'} is cached`);
  }
  // what no first view uses is cached at its first use, not up front (a first visit's weight)
  const later = ['rules.json', 'movecalc-board.js', 'manifest.webmanifest', 'icon-maskable.svg'];
  for (const file of later) assert.ok(!cached.urls.includes(env.base + file), `${file} is not cached up front`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  await page.evaluate((files) => Promise.all(files.map((f) => fetch(f).then((r) => r.arrayBuffer()))), later);
  await until(page, async (urls) => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await Promise.all(urls.map((u) => cache.match(u)))).every(Boolean);
  }, later.map((f) => env.base + f), { timeout: 15000, polling: 200 });
  // a game's own files (its engine module, its page module) are cached once the page opened it: the
  // game shown, told to the worker after its install; the others' are not downloaded at all
  const shown = (await page.evaluate(() => window.movecalcTest.request())).system;
  const own = (id) => [`engine/dist/movecalc-${id}.mjs`, `engine/dist/movecalc-${id}.wasm`];
  await until(page, async (urls) => {
    const cache = await caches.open((await caches.keys())[0]);
    return (await Promise.all(urls.map((u) => cache.match(u)))).every(Boolean);
  }, own(shown).map((f) => env.base + f), { timeout: 15000, polling: 200 });
  const urls = await page.evaluate(async () => (await (await caches.open((await caches.keys())[0])).keys()).map((r) => r.url));
  assert.ok(urls.some((u) => new RegExp(`/${shown}-[\\w-]+\\.js$`).test(u)), `${shown}'s page module is cached`);
  for (const id of SYSTEM_IDS.filter((x) => x !== shown)) {
    for (const f of own(id)) assert.ok(!urls.includes(env.base + f), `${f} is not cached`);
    assert.ok(!urls.some((u) => new RegExp(`/${id}-[\\w-]+\\.js$`).test(u)), `${id}'s page module is not cached`);
  }
  // the all-in-one engine module is in public/ for embedding; the page never loads it
  assert.ok(!cached.urls.some((u) => u.includes('movecalc-core')), 'the all-in-one module is not cached');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a new build replaces the old worker and its cache cleanly, and the page offers a reload', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-site-'));
  cpSync(join(root, 'public'), dir, { recursive: true });
  const server = await startServer(0, '127.0.0.1', { root: dir });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const context = await env.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  try {
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
    const [oldKey] = await page.evaluate(() => caches.keys());
    // the next build: a changed page and a worker stamped with a new version
    const html = readFileSync(join(dir, 'index.html'));
    const next = Buffer.from(html.toString('utf8').replace('<title>movecalc', '<title>movecalc (next)'));
    writeFileSync(join(dir, 'index.html'), next);
    // stamped as a build would: the new version, and the page's new SHA-256 (the worker checks it)
    const sha = (b) => createHash('sha256').update(b).digest('hex').slice(0, 8);
    const sw = readFileSync(join(dir, 'sw.js'), 'utf8').replace(/movecalc-[0-9a-f]{12}/, 'movecalc-0123456789ab');
    assert.ok(sw.includes(sha(html)), 'the worker lists the page\'s SHA-256');
    writeFileSync(join(dir, 'sw.js'), sw.replaceAll(sha(html), sha(next)));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await until(page, async () => {
      const keys = await caches.keys();
      return keys.length === 1 && keys[0] === 'movecalc-0123456789ab';
    }, null, { timeout: 15000, polling: 200 });
    await page.waitForSelector('#notice:not([hidden])');
    assert.match(await page.textContent('#notice-text'), /new version/);
    await page.screenshot({ path: join(artifacts, 'new-version-1280x800.png') });
    await page.click('#notice-action');
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    assert.equal(await page.title(), 'movecalc (next) — movement rules calculator');
    assert.notEqual(oldKey, 'movecalc-0123456789ab');
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
