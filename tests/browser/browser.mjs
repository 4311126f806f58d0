// Shared set-up of the browser tests: the site served on a free port with its real headers, and
// Debian's Chromium driven by playwright-core.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../bin/serve.mjs';
import { root } from '../js/util.mjs';
import { testSite, collectExamples } from '../../web/build-site.mjs';
import { SPEARMEN_PURSUIT } from './positions.mjs';
import { toBase64url } from '../../web/share.js';
import { createEngine } from '../../wasm/movecalc.mjs';

export { testSite };

/** How long a test waits for the page (ms): long enough for a heavily loaded machine. */
export const WAIT = 120000;

export const artifacts = join(root, 'tests', 'artifacts');
mkdirSync(artifacts, { recursive: true });

export async function launch() {
  // the test build of the site: public/ with the test hook (web/build-site.mjs)
  const env = { server: await startServer(0, '127.0.0.1', { root: testSite }) };
  env.base = `http://127.0.0.1:${env.server.address().port}/`;
  env.browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
      '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
  // Every page's waits get WAIT instead of Playwright's 30 s: on a loaded CI machine (load 40 on
  // 2 cores was seen) a page load or a ruling can take longer, and a test must still pass there.
  const newContext = env.browser.newContext.bind(env.browser);
  env.browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(WAIT);
    return context;
  };
  return env;
}

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 800 };

/** A fresh page (own storage) that has loaded the engine; `errors` collects page errors. */
export async function openPage(env, viewport = DESKTOP, options = {}) {
  const context = await env.browser.newContext({ viewport, hasTouch: !!options.touch, isMobile: !!options.touch });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.goto(env.base + (options.hash ?? '')); // a hash (#p=…) opens a link as a new tab does
  await page.waitForSelector('body[data-ready="true"]', { timeout: WAIT });
  return { context, page, errors };
}

/**
 * The board's drawing on the page: the canvas's content box, inside its border, where its pixels,
 * its labels' boxes and the pointer's reading start; `border` is the border's width.
 */
export const boardContent = (page) => page.$eval('#board', (e) => { const r = e.getBoundingClientRect(); return { x: r.left + e.clientLeft, y: r.top + e.clientTop, w: r.width - 2 * e.clientLeft, h: r.height - 2 * e.clientTop, border: e.clientLeft }; });

/** Opens `request` on the page through a `{"request": …}` share link, as a wiki's link would; gives the link's code. */
export async function openRequestLink(page, env, request) {
  const code = `1j.${toBase64url(new TextEncoder().encode(JSON.stringify({ request })))}`;
  await page.goto(`${env.base}?g=${request.system}#p=${code}`);
  await page.waitForSelector('body[data-ready="true"]', { timeout: WAIT });
  return code;
}

/** The request JSON the page would send now. */
export const pageRequest = (page) => page.evaluate(() => window.movecalcTest.request());

/**
 * Polls `fn(arg)` in the page until its answer is truthy, awaited: page.waitForFunction takes the
 * promise an async function returns for a truthy answer, so it never waited on one.
 */
export async function until(page, fn, arg, { timeout = 15000, polling = 200 } = {}) {
  for (const end = Date.now() + timeout; !(await page.evaluate(fn, arg));) {
    if (Date.now() > end) throw new Error(`not true within ${timeout} ms: ${fn}`);
    await new Promise((done) => { setTimeout(done, polling); });
  }
}

/** Calls a function of the page's test hook (window.movecalcTest). */
export const hook = (page, fn, ...args) => page.evaluate(({ fn, args }) => window.movecalcTest[fn](...args), { fn, args });

/**
 * Focuses the board (or `target`, a unit's control) and waits for the board's keys, fetched at
 * that first focus (tools.js), so that a key pressed next is handled at once.
 */
export async function focusBoard(page, target = page.locator('#board')) {
  await target.focus();
  await hook(page, 'boardKeys');
}

/**
 * Presses N on the focused board until unit `id` is selected, at most `max` times, each press's
 * selection waited for: the board's keys are fetched at its first focus, and a key pressed before
 * they have come is handled once they have.
 */
export async function selectByKeys(page, id, max) {
  for (let i = 0, was; i < max && (was = (await hook(page, 'state')).selected) !== id; i++) {
    await page.keyboard.press('n');
    await page.waitForFunction((w) => window.movecalcTest.state().selected !== w, was);
  }
}

/** The verdict line, the details panel as text, and what the board draws (the hook's overlay). */
export const verdict = (page) => page.textContent('#verdict');
export const details = (page) => page.innerText('#details');
/**
 * Whether the verdict's box shows `words` (the first place its text has them) whole as it stands,
 * not expanded: every line of them inside the box's content edges (a phone's box shows a few lines,
 * the rest clipped or behind "…"), and under no cue of the box's ("more below").
 */
export const verdictShows = (page, words) => page.evaluate((w) => {
  const v = document.getElementById('verdict'), cs = getComputedStyle(v), box = v.getBoundingClientRect();
  const at = v.textContent.indexOf(w);
  if (at < 0) return false;
  // the words' range over the verdict's text nodes (a clause id in them is a button's)
  const range = document.createRange();
  let seen = 0;
  const walk = document.createTreeWalker(v, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const len = n.data.length;
    if (seen <= at && at < seen + len) range.setStart(n, at - seen);
    if (seen < at + w.length && at + w.length <= seen + len) range.setEnd(n, at + w.length - seen);
    seen += len;
  }
  const cue = v.classList.contains('cut') ? getComputedStyle(v, '::after') : null;
  const cueTop = cue && cue.content !== 'none' && cue.position === 'sticky' ? box.bottom - parseFloat(cs.borderBottomWidth) - parseFloat(cue.height) : Infinity;
  const bottom = Math.min(box.bottom - parseFloat(cs.borderBottomWidth) - parseFloat(cs.paddingBottom), cueTop);
  return [...range.getClientRects()].every((r) => r.width === 0 || (r.top >= box.top - 0.5 && r.bottom <= bottom + 0.5 && r.right <= box.right + 0.5));
}, words);
export const overlay = (page) => hook(page, 'overlay');

/** Opens a request as the gallery would (the page sets up its position and rules it as written). */
export async function openRequest(page, request) {
  await hook(page, 'openExample', { request });
  // ruled(): the answer shown is this request's, not the one before it (whose verdict and drawing
  // would satisfy the other checks while the engine is still busy)
  await page.waitForFunction(() => window.movecalcTest.ruled() && /./.test(document.getElementById('verdict').textContent) && window.movecalcTest.overlay().length > 0);
}

/** Opens the gallery's example i by its button, and waits for its own ruling. The example is open
 * once its request is in the Advanced panel: the page first awaits its game's module and the link
 * reader, and until then the last example's answer, ruled, is still the board's. */
export async function openGalleryExample(page, i) {
  const before = await page.inputValue('#request');
  await page.evaluate((k) => document.querySelector(`#gallery button[data-example="${k}"]`).click(), i);
  await page.waitForFunction((was) => document.querySelector('#request').value !== was, before, { timeout: WAIT });
  // under load the verdict can be read between clearing and answering
  await page.waitForFunction(() => !document.querySelector('#verdict').textContent.startsWith('Loading the ') && window.movecalcTest.ruled(), null, { timeout: WAIT });
}

/** Screenshot of the board's view under tests/artifacts/, named with the viewport. */
export async function shot(page, name, viewport) {
  await page.locator('#board').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, `${name}-${viewport.width}x${viewport.height}.png`) });
}

/** Waits until the page has ruled on its current position. */
const engines = {};
/** The engine's own answer to a request (the page's request, asked again outside the page). */
export async function engineAnswer(request) {
  engines[request.system] ??= await createEngine({ systems: [request.system] });
  const out = engines[request.system].request(request);
  assert.equal(out.ok, true, `the engine answers ${request.system} ${request.query}: ${JSON.stringify(out.error)}`);
  return out.result;
}

export const ruled = (page) => page.waitForFunction(() => window.movecalcTest.ruled(), null, { timeout: WAIT });

/** Drags with the mouse from one screen point to another. */
export async function drag(page, from, to, steps = 8) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps });
  await page.mouse.up();
}

/** Picks a game and waits until its position is ruled and framed, so that screen positions
 * taken afterwards stay where they are. */
export async function pickSystem(page, system) {
  await page.selectOption('#system', system);
  await page.waitForFunction((s) => window.movecalcTest.request().system === s, system);
  await ruled(page);
}

/** Opens a side panel through its tab (at every size; on a phone only the current tab's panel is
 * shown), or through More's menu where its tab does not fit the strip. */
export async function openPanel(page, id) {
  if (await page.isHidden(`#tab-${id}`)) {
    await page.click('#tab-more');
    await page.click(`#tab-menu [data-panel="${id}"]`);
  } else await page.click(`#tab-${id}`);
  await panelFilled(page, id);
  if (id === 'units-panel') await unitForm(page);
}

/**
 * Resolves once panel `id` is the current one, open and filled: a panel whose code or content is
 * fetched when it first opens is aria-busy until it is filled, and grows the page when it is; two
 * frames running, as its opening's busy mark comes a task after the tap. Fails after WAIT naming
 * what the panel still lacks, as the page's other waits do.
 */
export const panelFilled = (page, id) => page.evaluate(([i, wait]) => new Promise((done, fail) => {
  let quiet = 0;
  const p = document.getElementById(i), until = performance.now() + wait;
  const look = () => {
    quiet = p.open !== false && p.hasAttribute('data-current') && !p.hasAttribute('aria-busy') ? quiet + 1 : 0;
    if (quiet >= 2) return done();
    if (performance.now() > until) {
      const lacks = [p.open === false && 'closed', !p.hasAttribute('data-current') && 'not current', p.hasAttribute('aria-busy') && 'still busy'].filter(Boolean);
      return fail(new Error(`panel #${i} not open and filled after ${wait} ms: ${lacks.join(', ')}`));
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}), [id, WAIT]);

/**
 * Brings the Units panel's list into view and waits for its rows: its code is fetched when it first
 * comes into view (app.js `lazyInView`), as a visitor scrolling to it would.
 */
export async function unitList(page) {
  await page.locator('#unit-list').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.getElementById('unit-list').hasAttribute('aria-busy')
    && (!window.movecalcTest.state().doc.units.length || !!document.querySelector('#unit-list li[data-slot^="unit:"]')));
}

/**
 * Brings the Units panel's list, then its form into view and waits for each: their code is fetched
 * when each first comes into view (app.js `lazyInView`), as a visitor scrolling to them would.
 */
export async function unitForm(page) {
  await unitList(page);
  await page.locator('#unit-form').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => !document.getElementById('unit-form').hasAttribute('aria-busy') && !!document.querySelector('#unit-fields input'));
}

/** Waits until the page has painted twice: a frame asked for before (the ruling every edit asks in
 * the next frame, app.js `scheduleRule`) has run. */
export const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

/** Whether the verdict under the board says the first-visit note's sentence already (the note then not shown: app.js coach). */
export const verdictSaysCoach = (page) => page.evaluate(() => document.getElementById('coach').textContent.startsWith(`${document.getElementById('verdict').textContent.trim()} `));

/**
 * Waits until the page's answer is the one to what is on the board and the board has been idle
 * (nothing to paint, no fit or framing due) for three frames in a row: a control that changes the
 * page's layout (a card chosen, a bar grown) moves the view a frame or two later, and a drag begun
 * at a point read before that missed its unit (a CI run under load).
 */
export const steady = (page) => page.evaluate(async () => {
  for (let calm = 0, frames = 0; calm < 3; frames++) {
    if (frames > 3600) throw new Error('the board never stayed idle for 3 frames in 3,600');
    await new Promise((r) => requestAnimationFrame(r));
    calm = window.movecalcTest.ruled() && window.movecalcTest.idle() ? calm + 1 : 0;
  }
});

/**
 * Counts the questions the page asks the engine (its `movecalc:ask` marks, app.js): run in the page,
 * or before its scripts as an init script to count from its start. `asksSoFar` resolves to the count
 * once every mark made before the call has been delivered: it makes a mark of its own and waits for
 * it, a PerformanceObserver receiving marks in the order they were made. A count of none is then a
 * positive finding.
 */
export function watchAsks() {
  const seen = { asks: 0, flushes: 0, waiting: new Map() };
  window.movecalcAsks = seen;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'movecalc:ask') seen.asks++;
      else if (e.name === 'movecalc-test:flush') seen.waiting.get(e.detail)?.(seen.asks);
    }
  }).observe({ type: 'mark' });
}

export const asksSoFar = (page) => page.evaluate(() => new Promise((resolve) => {
  const seen = window.movecalcAsks, n = ++seen.flushes;
  seen.waiting.set(n, resolve);
  performance.mark('movecalc-test:flush', { detail: n });
}));

/** Counts the page's questions from now on: the function returned is `asksSoFar` of the page. */
export async function countAsks(page) {
  await page.evaluate(watchAsks);
  return () => asksSoFar(page);
}

/**
 * Drags by touch: a finger down at `from`, moved in `steps` to `to` and lifted, sent as a phone's
 * touch events through the DevTools protocol (the browser makes the board's pointer events of
 * them). `hold(moveTo)` runs with the finger still down at `to`, to look at what follows the finger
 * (`moveTo(p)` moves it on).
 */
export async function touchDrag(page, from, to, { steps = 8, hold = null } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, p) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: p ? [{ x: p.x, y: p.y }] : [] });
  await touch('touchStart', from);
  for (let i = 1; i <= steps; i++) await touch('touchMove', { x: from.x + (to.x - from.x) * i / steps, y: from.y + (to.y - from.y) * i / steps });
  if (hold) await hold((p) => touch('touchMove', p));
  await touch('touchEnd');
  await cdp.detach();
}

/**
 * The page's next rolls of 2D6 fall as `a` and `b` (face values): its dice come from
 * `crypto.getRandomValues`, a byte n giving the face (n % 6) + 1 (web/query-form.js).
 */
export const setDice = (page, a, b) => page.evaluate(([x, y]) => { crypto.getRandomValues = (bytes) => { bytes[0] = x - 1; bytes[1] = y - 1; return bytes; }; }, [a, b]);

/** The Spearmen's pursuit of the Raiders (positions.mjs) planned on The Ninth Age's opening position (the start of its history) and ruled. */
export async function spearmenPursuit(page) {
  await ruled(page);
  await hook(page, 'plan', 'pursue', SPEARMEN_PURSUIT);
  await page.waitForFunction(() => window.movecalcTest.request().query === 'pursue');
  await ruled(page);
}

/**
 * The Ninth Age's opening fitted whole, and its Knights dragged by touch onto the Raiders' left
 * flank (the Raiders face 180: their east edge, 2.2″ east of their middle on their 4.92″ front)
 * and ruled: a charge asked, its Charge Range still to roll. Returns the Raiders as they stand.
 */
export async function knightsOnRaidersFlank(page) {
  const raiders = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Raiders');
  await page.tap('#fit');
  await painted(page);
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y));
  await ruled(page);
  return raiders;
}

/** That charge rolled 3 + 2 (9A-CH-1: a Charge Range of 8 + 5, enough) and made with Make this move. */
export async function knightsChargeMade(page) {
  const raiders = await knightsOnRaidersFlank(page);
  await setDice(page, 3, 2);
  await page.tap('#play-roll');
  await ruled(page);
  await page.tap('#apply');
  await page.waitForFunction(() => /^\w+ made:/.test(document.querySelector('#verdict').textContent));
  await ruled(page);
  return raiders;
}

/** Switches the board's mode (Play or Set up) with a tap or click on the toolbar's toggle. */
export async function setMode(page, mode, touch = false) {
  const sel = `label:has(input[name="mode"][value="${mode}"])`;
  await (touch ? page.tap(sel) : page.click(sel));
  await page.waitForFunction((m) => document.querySelector(`input[name="mode"][value="${m}"]`).checked, mode);
  await painted(page); // (an upright phone's sheet changes step with the mode: the board its size)
}

/**
 * The least hex a landscape phone's whole board is drawn at: 32 px where its columns fit so (a row's
 * centres span its columns less half a hex, and half a hex's radius is kept at either end), else
 * 28 (Torn World's 16 columns need 514 px at 32, the board has 480: docs/page.md).
 */
export async function leastWholeHex(page) {
  const cols = Math.max(...(await hook(page, 'cellsOnScreen')).map((c) => c.col)) + 1, w = await page.$eval('#board', (e) => e.clientWidth);
  return (cols - 0.5) * 32 + 32 / Math.sqrt(3) <= w ? 32 : 28;
}

/**
 * Opens Arcane Legions' worked order (the Legion's three steps ahead into the Chargers: a collision,
 * a snap, a slide to choose), an example since the game opens on the Legion's reach with nothing
 * planned, once the page's own opening is ruled.
 */
export async function openWorkedOrder(page) {
  const worked = collectExamples().find((e) => e.request?.system === 'arcane-legions' && e.request.order?.unit === 'Legion' && e.request.units?.some((u) => u.id === 'Chargers'));
  await ruled(page);
  await openRequest(page, worked.request);
}
