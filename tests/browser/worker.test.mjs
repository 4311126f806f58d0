// The engine in a Web Worker (issue 20): a ruling past the budget is stopped and named while the page
// stays usable, and the worker answers again at once; a link whose ruling is too slow is saved with
// the flag that stops the automatic ruling on the next visit; the saved library is never lost (a
// limit refuses and changes nothing, a bad entry is set aside, the previous library is kept as a
// backup); the service worker refuses a file whose bytes are not the build's.
// The budget is the page's own 2 s. What runs past it is a request the worker never finishes
// (tests/browser/never-ending.mjs: the worker's source is wrapped on its way to the page, not in
// the build), and what must fit in it is a trivial one: neither depends on the machine's speed.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { startServer } from '../../bin/serve.mjs';
import { launch, artifacts, ruled, hook, openRequest, PHONE, DESKTOP, openPanel, pickSystem, drag, painted, watchAsks, asksSoFar, setMode } from './browser.mjs';
import { root } from '../js/util.mjs';
import { toBase64url } from '../../web/share.js';
import { BUDGET_MS } from '../../web/engine-client.js';
import { neverEnding, neverEndingWorker } from './never-ending.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const QUICK = { system: 'ninth-age', query: 'charge', table: { width: 48, height: 48 }, charger: 'C2', target: 'T', range: 9,
  units: [{ id: 'C1', side: 'red', x: 6.5, y: 10, facing: 0, width: 2, depth: 2 }, { id: 'C2', side: 'red', x: 10, y: 10, facing: 0, width: 2, depth: 2 },
    { id: 'T', side: 'blue', x: 10, y: 20, facing: 180, width: 10, depth: 2 }], combined: [{ charger: 'C1', range: 9 }] };
const NEVER = neverEnding({ ...QUICK, terrain: [{ id: 'wood', kind: 'difficult', polygon: [[20, 30], [26, 30], [26, 36], [20, 36]] }] });
const linkOf = (payload) => '1.' + toBase64url(deflateRawSync(JSON.stringify(payload)));
const TIMED_OUT = new RegExp(`^The Ninth Age charge took longer than ${BUDGET_MS / 1000} s and was stopped\\.`);

/** A fresh context (own storage, no service worker) whose engine worker never finishes NEVER. */
async function open(viewport = DESKTOP, path = '', { init } = {}) {
  const context = await env.browser.newContext({ viewport, serviceWorkers: 'block' });
  await context.route('**/engine-worker.js', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: neverEndingWorker(await res.text()) });
  });
  if (init) await context.addInitScript(init.fn, init.arg);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(env.base + path);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { context, page, errors };
}

const savedState = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('movecalc.page.v1')));

for (const viewport of [PHONE, DESKTOP]) {
  test(`a ruling past the budget is stopped and named, the page stays usable and the engine answers again (${viewport.width}x${viewport.height})`, async () => {
    const { context, page, errors } = await open(viewport);
    // frames painted while the ruling runs (the engine on the page's thread would paint none)
    await page.evaluate(() => {
      window.__frames = 0;
      const tick = () => { if (document.getElementById('notice').hidden) { window.__frames++; requestAnimationFrame(tick); } };
      requestAnimationFrame(tick);
    });
    await hook(page, 'openExample', { request: NEVER });
    // keys reach the board meanwhile: zoom, and select the next unit
    await page.locator('#board').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('n');
    // (the board's keys are fetched at its first focus: a key pressed before they come is handled once they have)
    await page.waitForFunction(() => window.movecalcTest.state().selected === 'C1');
    await page.waitForSelector('#notice:not([hidden])', { timeout: BUDGET_MS + 15000 });
    assert.ok(await page.evaluate(() => window.__frames) >= 3, 'frames were painted while the engine worked');
    assert.match(await page.textContent('#notice-text'), TIMED_OUT);
    assert.match(await page.textContent('#verdict'), TIMED_OUT);
    await page.screenshot({ path: join(artifacts, `ruling-stopped-${viewport.width}x${viewport.height}.png`) });
    // the restarted worker answers the next question, a quick one (three chargers, no terrain)
    await page.click('#notice-close');
    await openRequest(page, QUICK);
    assert.doesNotMatch(await page.textContent('#verdict'), /took longer/);
    assert.equal((await hook(page, 'overlay')).length > 0, true);
    assert.equal(await page.isVisible('#notice'), false);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The worker keeps a position per game (web/engine-positions.js): a drag's frames reach the engine
// as updates of the unit moved. What the drag ends on is drawn as a fresh page draws the same request.
for (const system of ['godsgloom', 'arcane-legions']) {
  test(`${system}: a drag's last frame, asked through the kept position, draws what the same request draws on a fresh page`, async () => {
    const { context, page, errors } = await open(DESKTOP);
    await pickSystem(page, system);
    await setMode(page, 'setup'); // a drag that places the unit, ruled on every frame
    const start = await hook(page, 'request');
    const id = start.unit ?? start.order.unit;
    const from = await hook(page, 'screenOf', id);
    await drag(page, from, { x: from.x + 120, y: from.y - 40 }, 12);
    await ruled(page);
    const request = await hook(page, 'request');
    const moved = (r) => r.units.find((u) => u.id === id);
    assert.notDeepEqual(moved(request), moved(start), 'the unit was moved');
    const dragged = await hook(page, 'overlay');
    assert.ok(dragged.length > 0);
    const fresh = await open(DESKTOP);
    await openRequest(fresh.page, request);
    await ruled(fresh.page);
    assert.deepEqual(await hook(fresh.page, 'request'), request);
    assert.deepEqual(await hook(fresh.page, 'overlay'), dragged);
    assert.deepEqual([...errors, ...fresh.errors], []);
    await fresh.context.close();
    await context.close();
  });
}

test('a link whose ruling is too slow is saved flagged, and not ruled again on the next visit until Rule on it', async () => {
  const { context, page, errors } = await open(DESKTOP, `#p=${linkOf({ request: NEVER })}`, { init: { fn: watchAsks } });
  await page.waitForSelector('#notice:not([hidden])', { timeout: BUDGET_MS + 15000 });
  assert.match(await page.textContent('#notice-text'), TIMED_OUT);
  let saved = await savedState(page);
  assert.equal(saved.system, 'ninth-age');
  assert.equal(saved.unruled, true);
  assert.deepEqual(saved.docs['ninth-age'].units.map((u) => u.id), NEVER.units.map((u) => u.id), 'the link\'s position is kept');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  assert.match(await page.textContent('#verdict'), /not ruled automatically.*Press Rule on it/);
  // nothing was asked of the engine on opening (the page has decided and painted since)...
  await painted(page);
  assert.equal(await asksSoFar(page), 0);
  assert.equal((await hook(page, 'request')).terrain.length, 1);
  // ...Rule on it asks, and is stopped again; the flag stays
  await page.click('#ask');
  await page.waitForSelector('#notice:not([hidden])', { timeout: BUDGET_MS + 15000 });
  assert.match(await page.textContent('#notice-text'), TIMED_OUT);
  // and only that question was asked since the reload
  assert.equal(await asksSoFar(page), 1);
  saved = await savedState(page);
  assert.equal(saved.unruled, true);
  assert.deepEqual(errors, []);
  await context.close();

  // a link ruled within the budget is saved without the flag, and ruled on the next visit
  const quick = await open(DESKTOP, `#p=${linkOf({ request: { system: 'godsgloom', query: 'reach', unit: 'u', board: { cols: 4, rows: 4 }, units: [{ id: 'u', side: 'a', q: 1, r: 1, facing: 0, speed: 2 }] } })}`);
  await ruled(quick.page);
  // (saved when the page is idle: the link's own save, flagged, may come first)
  await quick.page.waitForFunction(() => { const s = JSON.parse(localStorage.getItem('movecalc.page.v1')); return s?.system === 'godsgloom' && !('unruled' in s); });
  assert.equal((await savedState(quick.page)).unruled, undefined);
  await quick.page.reload();
  await quick.page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await ruled(quick.page);
  assert.deepEqual(quick.errors, []);
  await quick.context.close();
});

// ---- the saved library ----
const army = (name, x = 10) => ({ system: 'arcane-legions', name, units: [{ id: 'A', x, y: 10, facing: 0 }] });
const LIB = (armies) => JSON.stringify({ format: 'movecalc-library', version: 1, armies, codices: [] });
function seed({ key, value }) { if (!sessionStorage.getItem('seeded')) { localStorage.setItem(key, value); sessionStorage.setItem('seeded', '1'); } }
const stored = (page, key) => page.evaluate((k) => localStorage.getItem(k), key);

async function saveArmy(page, name) {
  await openPanel(page, 'library-panel');
  await page.fill('#army-name', name);
  await page.click('#save-army');
}

test('with the army limit reached, Save army refuses with a message and changes nothing, then or after a reload', async () => {
  const full = LIB(Array.from({ length: 500 }, (_, i) => army(`Army ${i}`)));
  const { context, page, errors } = await open(DESKTOP, '', { init: { fn: seed, arg: { key: 'movecalc.library.v1', value: full } } });
  for (const attempt of [1, 2]) {
    await saveArmy(page, `One too many ${attempt}`);
    assert.match(await page.textContent('#library-note'), /^Not saved: the library holds at most 500 saved armies\.$/);
    assert.equal((await hook(page, 'library')).armies.length, 500);
    assert.equal(await stored(page, 'movecalc.library.v1'), full, 'storage unchanged');
  }
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  assert.equal((await hook(page, 'library')).armies.length, 500);
  assert.ok(!(await hook(page, 'library')).armies.some((a) => a.name.startsWith('One too many')));
  assert.deepEqual(errors, []);
  await context.close();
});

test('one bad saved entry is set aside and reported, the others kept; a save keeps the previous library as a backup', async () => {
  const before = LIB([army('Good one'), army('Broken', 'not a number'), army('Good two')]);
  const { context, page, errors } = await open(PHONE, '', { init: { fn: seed, arg: { key: 'movecalc.library.v1', value: before } } });
  assert.deepEqual((await hook(page, 'library')).armies.map((a) => a.name), ['Good one', 'Good two']);
  const aside = JSON.parse(await stored(page, 'movecalc.library.quarantine.v1'));
  assert.equal(aside.length, 1);
  assert.equal(aside[0].entry.name, 'Broken');
  assert.match(aside[0].reason, /^armies\[1\]\.units\[0\]\.x: must be a finite number/);
  assert.equal(await stored(page, 'movecalc.library.v1'), before, 'nothing written before the user saves');
  await openPanel(page, 'library-panel');
  assert.match(await page.textContent('#library-aside'), /^1 saved entry could not be read and was set aside, kept in this browser under movecalc\.library\.quarantine\.v1: armies\[1\]/);
  await page.locator('#library-panel').screenshot({ path: join(artifacts, 'library-set-aside-360x740.png') });
  await saveArmy(page, 'Third');
  assert.match(await page.textContent('#library-note'), /^Saved Third/);
  const now = JSON.parse(await stored(page, 'movecalc.library.v1'));
  assert.deepEqual(now.armies.map((a) => a.name), ['Good one', 'Good two', 'Third']);
  assert.equal(JSON.parse(await stored(page, 'movecalc.library.backups.v1')).at(-1).text, before, 'the previous library, bad entry and all');
  assert.equal(JSON.parse(await stored(page, 'movecalc.library.quarantine.v1')).length, 1, 'set aside once');
  // deleting is the one way to a smaller library
  await page.click('#army-list button[aria-label="Delete Good one"]');
  assert.deepEqual(JSON.parse(await stored(page, 'movecalc.library.v1')).armies.map((a) => a.name), ['Good two', 'Third']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the service worker does not install a build whose file bytes are not the listed ones (a captive portal\'s answer), nor cache such a game file', { timeout: 180000 }, async () => {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-portal-'));
  cpSync(join(root, 'public'), dir, { recursive: true });
  const portal = '<html>Please log in to the hotel Wi-Fi</html>';
  // a portal's page served with status 200 in place of a file the worker installs with the page
  writeFileSync(join(dir, 'icon.svg'), portal);
  // and in place of a game's .wasm, which it caches when the page opens that game
  writeFileSync(join(dir, 'engine', 'dist', 'movecalc-torn-world.wasm'), portal);
  const server = await startServer(0, '127.0.0.1', { root: dir });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const context = await env.browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const cachedWasm = () => page.evaluate(async () => {
    for (const k of await caches.keys()) {
      const hit = await (await caches.open(k)).match('engine/dist/movecalc-torn-world.wasm');
      if (hit) return new Uint8Array(await hit.arrayBuffer()).slice(0, 4).join(',');
    }
    return null;
  });
  // the page tells the worker it opened Torn World (app.js keepOffline) and waits until it has tried
  // (within bounds: one full run hung here, once, with no answer; a message to a worker the browser
  // stopped meanwhile is sent again, and a worker that never comes fails the test, not CI's clock)
  const openedTornWorld = () => page.evaluate(async () => {
    const within = (p, ms) => Promise.race([p, new Promise((r) => setTimeout(() => r(null), ms))]);
    const reg = await within(navigator.serviceWorker.ready, 20000);
    if (!reg?.active) throw new Error('no service worker became active within 20 s');
    for (let i = 0; i < 3; i++) {
      const { port1, port2 } = new MessageChannel();
      const done = new Promise((r) => { port1.onmessage = () => r(true); });
      reg.active.postMessage({ games: ['torn-world'] }, [port2]);
      if (await within(done, 15000)) return; // sw.js answers once it has fetched and checked the game's files
    }
    throw new Error('the service worker did not answer {games} three times');
  });
  try {
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    // The page registers its worker once its first ruling is drawn. A first install that fails
    // removes the registration, so it may be gone before it is looked for (this waited for it
    // forever, and hung two full runs): no registration within 10 s is a worker not installed too
    // (the page's registering at all is checked below, where the right files install).
    const state = await page.evaluate(async () => {
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      let reg;
      for (let i = 0; i < 200 && !(reg = await navigator.serviceWorker.getRegistration()); i++) await sleep(50);
      if (!reg) return 'no registration';
      for (let i = 0; i < 600; i++) {
        const worker = reg.installing ?? reg.waiting ?? reg.active;
        if (!worker) return 'redundant'; // its install already failed: the registration holds no worker
        if (worker.state === 'activated' || worker.state === 'redundant') return worker.state;
        await sleep(100);
      }
      return 'still installing after 60 s';
    });
    assert.ok(state === 'redundant' || state === 'no registration', `the worker was not installed (${state})`);
    const cached = await page.evaluate(async () => {
      const out = [];
      for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) out.push(r.url);
      return out;
    });
    assert.deepEqual(cached, [], 'nothing of that build was cached');
    // the same build with the right page files installs; the game's bad .wasm is not cached
    cpSync(join(root, 'public', 'icon.svg'), join(dir, 'icon.svg'));
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await openedTornWorld();
    assert.equal(await cachedWasm(), null, 'a .wasm whose bytes are not the build\'s is not cached');
    // the right bytes are
    cpSync(join(root, 'public', 'engine', 'dist', 'movecalc-torn-world.wasm'), join(dir, 'engine', 'dist', 'movecalc-torn-world.wasm'));
    await openedTornWorld();
    assert.equal(await cachedWasm(), '0,97,115,109', 'the cached .wasm is WebAssembly');
  } finally {
    await context.close();
    server.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
