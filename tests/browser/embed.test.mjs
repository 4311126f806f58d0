// Embedding in headless Chromium: a wiki-like host page on another origin, with its own strict
// CSP, frames the page in embed mode (?embed=1, read-only with &ro=1) and loads <movecalc-board>
// with one script tag, configured by a link attribute, by an inline position and by an inline
// request; a hostile inline position shows a message; a site not in frame-ancestors is refused.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { launch, artifacts, testSite } from './browser.mjs';
import { startServer } from '../../bin/serve.mjs';
import { encodeShare, positionPayload } from '../../web/share.js';
import { createStore } from '../../web/model.js';

let env, host, site, hostBase, siteBase, code;
let snippet = ''; // the Share tab's iframe snippet, as a wiki editor copies it (/snippet serves it)
const position = { system: 'godsgloom', board: { cols: 8, rows: 6 }, sides: [{ name: 'Wardens', color: '#1d5fbf' }, { name: 'Hollow', color: '#b3261e' }],
  units: [{ id: 'Shieldwall', side: 'Wardens', q: 1, r: 3, facing: 1, speed: 3 }, { id: 'Ghouls', side: 'Hollow', q: 4, r: 1, facing: 4, speed: 3 }],
  terrain: [{ q: 2, r: 2, terrain: 'difficult' }], query: 'reach', inputs: { reach: { unit: 'Shieldwall' } } };
const request = { system: 'cc-ancients', query: 'reach', units: [{ id: 'Hastati', side: 'Rome', col: 6, row: 6, type: 'medium infantry' }, { id: 'Numidians', side: 'Carthage', col: 5, row: 2, type: 'light cavalry' }], unit: 'Hastati' };
const hostile = { system: 'godsgloom', units: [{ id: '<img src=x onerror=alert(1)>', side: '<script>alert(1)</script>', q: 0, r: 0 }] };

function hostPage() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A rules wiki</title>
<script src="${siteBase}movecalc-board.js" defer></script></head><body>
<h1>GODSGLOOM: reach</h1>
<p>An iframe, read-only:</p>
<iframe id="plain" src="${siteBase}?embed=1&amp;ro=1#p=${code}" width="560" height="360" title="movecalc"></iframe>
<p>The custom element from a share link, read-only:</p>
<movecalc-board id="from-link" link="${siteBase}#p=${code}" readonly height="360"></movecalc-board>
<p>The custom element from an inline position (editable):</p>
<movecalc-board id="from-json" height="360"><script type="application/json">${JSON.stringify(position)}</script></movecalc-board>
<p>The custom element from an inline request:</p>
<movecalc-board id="from-request" height="360" readonly><script type="application/json">${JSON.stringify({ request })}</script></movecalc-board>
<p>The custom element with no height: as tall as its diagram:</p>
<movecalc-board id="auto" link="${siteBase}#p=${code}" game="godsgloom" readonly></movecalc-board>
<p>A hostile inline position:</p>
<movecalc-board id="hostile" height="200"><script type="application/json">${JSON.stringify(hostile).replace(/</g, '\\u003c')}</script></movecalc-board>
</body></html>`;
}

// the element's script without `defer`, in the head: each element is met before its children
function nodeferPage() {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>no defer</title>
<script src="${siteBase}movecalc-board.js"></script></head><body>
<movecalc-board id="inline" height="360"><script type="application/json">${JSON.stringify(position)}</script></movecalc-board>
</body></html>`;
}

before(async () => {
  env = await launch(); // env.server: frame-ancestors 'self' only
  host = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src ${siteBase}movecalc-board.js ${env.base}movecalc-board.js; frame-src ${siteBase} ${env.base}${req.url.startsWith('/snippet') ? "; style-src 'unsafe-inline'" : ''}` });
    // /blocked: the same page framed from a site that lists this host (allowed) and one that does not
    res.end(req.url.startsWith('/blocked') ? `<!doctype html><iframe id="allowed" src="${siteBase}?embed=1#p=${code}"></iframe><iframe id="blocked" src="${env.base}?embed=1#p=${code}"></iframe>`
      : req.url.startsWith('/nodefer') ? nodeferPage()
        : req.url.startsWith('/snippet') ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>A rules wiki</title></head>
<body><h1>GODSGLOOM: reach</h1><p>${'Rules text of the wiki page. '.repeat(12)}</p>${snippet}<p>${'More rules text. '.repeat(200)}</p></body></html>`
        : req.url.startsWith('/refused') ? `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>refused</title><script src="${env.base}movecalc-board.js"></script></head>
<body><movecalc-board id="refused" link="${code}" height="300"></movecalc-board></body></html>` : hostPage());
  });
  await new Promise((done) => host.listen(0, '127.0.0.1', done));
  hostBase = `http://127.0.0.1:${host.address().port}/`;
  site = await startServer(0, '127.0.0.1', { root: testSite, frameAncestors: `'self' ${hostBase.slice(0, -1)}` });
  siteBase = `http://127.0.0.1:${site.address().port}/`;
  const doc = createStore(null).state.docs.godsgloom;
  code = await encodeShare(positionPayload('godsgloom', doc));
});
after(async () => { await env.browser?.close(); env.server?.close(); site?.close(); host?.close(); });

async function frameOf(page, selector) {
  const handle = await page.locator(selector).elementHandle();
  const frame = await handle.contentFrame();
  await frame.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  await handle.scrollIntoViewIfNeeded();
  const box = await handle.boundingBox();
  return { frame, box: { x: box.x + 1, y: box.y + 1 } }; // inside the frame's border
}
const hookIn = (frame, fn, ...args) => frame.evaluate(({ fn, args }) => window.movecalcTest[fn](...args), { fn, args });

test('a host page on another origin frames the page and the custom element; read-only stays read-only', async () => {
  const context = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  page.on('console', (m) => { if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text()); });
  await page.goto(hostBase);

  const godsgloom = positionPayload('godsgloom', createStore(null).state.docs.godsgloom);
  for (const id of ['plain', 'from-link']) {
    const { frame, box } = await frameOf(page, id === 'plain' ? '#plain' : `#${id} iframe`);
    assert.equal(await frame.evaluate(() => document.body.className), 'embed readonly', id);
    const state = await hookIn(frame, 'state');
    assert.deepEqual(state.doc.units.map((u) => u.id), godsgloom.units.map((u) => u.id), id);
    assert.doesNotMatch(await frame.textContent('#verdict'), /^\s*$|Set up the position/, `${id}: ruled on opening`);
    assert.equal(await frame.isVisible('#ask'), false, `${id}: no Rule on it when read-only`);
    // dragging a unit does nothing
    const at = await hookIn(frame, 'screenOf', 'Shieldwall');
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await page.mouse.down();
    await page.mouse.move(box.x + at.x + 90, box.y + at.y + 40, { steps: 6 });
    await page.mouse.up();
    assert.deepEqual((await hookIn(frame, 'state')).doc.units, state.doc.units, `${id}: read-only`);
    assert.match(await frame.getAttribute('#embed-open', 'href'), /#p=1\./);
  }

  { // an inline position: the same units, editable, and nothing written to the visitor's storage
    const { frame, box } = await frameOf(page, '#from-json iframe');
    assert.equal(await frame.evaluate(() => document.body.className), 'embed');
    const req = await hookIn(frame, 'request');
    assert.deepEqual(req.units.map((u) => [u.id, u.q, u.r]), [['Shieldwall', 1, 3], ['Ghouls', 4, 1]]);
    assert.deepEqual(req.board, { cols: 8, rows: 6, terrain: [{ q: 2, r: 2, terrain: 'difficult' }] });
    const at = await hookIn(frame, 'screenOf', 'Ghouls');
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await page.mouse.down();
    await page.mouse.move(box.x + at.x + 60, box.y + at.y + 50, { steps: 6 });
    await page.mouse.up();
    const moved = (await hookIn(frame, 'state')).doc.units.find((u) => u.id === 'Ghouls');
    assert.notDeepEqual([moved.q, moved.r], [4, 1], 'an editable embed moves units');
    // the page saves an edit pending when it is left (app.js, on pagehide), at once: an embed has none
    await frame.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pagehide')));
    assert.equal(await frame.evaluate(() => localStorage.getItem('movecalc.page.v1')), null, 'embeds save nothing');
  }
  { // an inline engine request
    const { frame } = await frameOf(page, '#from-request iframe');
    const req = await hookIn(frame, 'request');
    assert.equal(req.system, 'cc-ancients');
    // asked as written (issue 33): the units where it puts them, on the board at col/row's hexes
    assert.deepEqual(req, request);
    const units = (await hookIn(frame, 'state')).doc.units;
    assert.deepEqual(units.map((u) => [u.id, u.side, u.q, u.r]), [['Hastati', 'Rome', 3, 6], ['Numidians', 'Carthage', 4, 2]]);
  }
  { // a hostile inline position: a message, an empty board, no markup
    const { frame } = await frameOf(page, '#hostile iframe');
    assert.match(await frame.textContent('#notice-text'), /This diagram could not be opened: units\[0\]\.side/);
    assert.equal((await hookIn(frame, 'state')).doc.units.length, 0);
    assert.equal((await hookIn(frame, 'state')).system, 'godsgloom', 'the empty board of the game the position names');
    assert.equal(await frame.locator('img[src="x"]').count(), 0);
  }
  await page.screenshot({ path: join(artifacts, 'embed-host-1000x800.png'), fullPage: true });
  const { frame: one } = await frameOf(page, '#from-link iframe');
  await one.click('#fit'); // the read-only drag above panned the view
  await one.page().locator('#from-link').screenshot({ path: join(artifacts, 'embed-element-readonly.png') });
  await page.locator('#hostile').screenshot({ path: join(artifacts, 'embed-element-hostile.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('<movecalc-board> without a height is as tall as its diagram, on a phone, and loads only its own game', async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const modules = [];
  page.on('request', (r) => { const m = /engine\/dist\/movecalc-([a-z-]+)\.wasm$/.exec(r.url()); if (m) modules.push(m[1]); });
  await page.goto(hostBase);
  const { frame } = await frameOf(page, '#auto iframe');
  const element = page.locator('#auto iframe');
  const content = () => frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  await page.waitForFunction(() => document.querySelector('#auto').shadowRoot.querySelector('iframe').style.height !== '420px', null, { timeout: 10000 });
  const height = async () => (await element.boundingBox()).height;
  // the diagram may still grow (its ruling arrives after the first height): the frame follows
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      if (Math.abs(await height() - await content()) <= 2) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  assert.ok(await settled(), 'the frame is as tall as the diagram');
  assert.ok((await element.boundingBox()).width <= 360, 'and no wider than the phone');
  assert.equal(await frame.evaluate(() => document.querySelector('h1').textContent), 'movecalc diagram: GODSGLOOM', 'a heading names the diagram');
  // the fixed-height frames of the same page asked for their games only: Arcane Legions (the
  // page's default game) was never loaded
  assert.ok(modules.includes('godsgloom'));
  assert.ok(!modules.includes('arcane-legions'), `modules loaded: ${modules.join(', ')}`);
  await page.locator('#auto').screenshot({ path: join(artifacts, 'embed-element-auto-360.png') });
  await context.close();
});

test('a site not listed in frame-ancestors cannot frame the page: Chromium refuses it for that directive, while a site that lists the host frames it', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  // Chromium blocks the response and says why: the page's frame-ancestors, naming only itself
  const blockedURL = `${env.base}?embed=1`; // the request, without the fragment
  const failed = page.waitForEvent('requestfailed', { predicate: (r) => r.url() === blockedURL, timeout: 15000 });
  const said = page.waitForEvent('console', { predicate: (m) => m.type() === 'error' && m.text().includes(env.base) && m.text().includes('"frame-ancestors \'self\'"'), timeout: 15000 });
  await page.goto(hostBase + 'blocked');
  // the same host page, the same page framed from a site that lists the host: it loads
  await frameOf(page, '#allowed');
  assert.equal((await failed).failure().errorText, 'net::ERR_BLOCKED_BY_RESPONSE');
  assert.match((await said).text(), /violates the following Content Security Policy directive: "frame-ancestors 'self'"/);
  // the refused frame holds Chromium's error page, never the page (its load event has fired)
  const blocked = await (await page.locator('#blocked').elementHandle()).contentFrame();
  await blocked.waitForLoadState('load');
  assert.match(blocked.url(), /^chrome-error:/);
  assert.equal(await blocked.evaluate(() => typeof window.movecalcTest), 'undefined');
  await context.close();
});

test('<movecalc-board> from a script without defer reads its inline position', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(hostBase + 'nodefer');
  const { frame } = await frameOf(page, '#inline iframe');
  assert.deepEqual((await hookIn(frame, 'state')).doc.units.map((u) => [u.id, u.q, u.r]), [['Shieldwall', 1, 3], ['Ghouls', 4, 1]]);
  assert.equal(await frame.locator('text=the link holds no position').count(), 0);
  await context.close();
});

test('<movecalc-board> whose site refuses to be framed here shows, instead of a blank frame, a link that opens the diagram', async () => {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  await page.goto(hostBase + 'refused'); // env.base's frame-ancestors is 'self' only
  const link = page.locator('#refused a', { hasText: 'Open this movecalc diagram' });
  await link.waitFor({ state: 'visible', timeout: 15000 });
  assert.equal(await page.locator('#refused iframe').isVisible(), false);
  const href = new URL(await link.getAttribute('href'));
  assert.equal(href.origin + '/', env.base);
  assert.equal(href.hash, `#p=${code}`);
  assert.equal(await link.getAttribute('target'), '_blank');
  await context.close();
});

test('on a phone, a one-finger touch swipe over a diagram scrolls the host page, not the board (issue 32)', async () => {
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(hostBase);
  const { frame } = await frameOf(page, '#auto iframe');
  await frame.waitForFunction(() => window.movecalcTest.ruled());
  // the frame sizes itself to its page (its height posted to the host): the boxes are read once they
  // hold still for a few frames, else a loaded machine's finger landed where the board had been
  const boxes = async () => JSON.stringify([await page.locator('#auto iframe').boundingBox(), await frame.locator('#board').boundingBox()]);
  for (let last = '', still = 0; still < 3;) {
    const now = await boxes();
    still = now === last ? still + 1 : 0;
    last = now;
    await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  const board = await page.locator('#auto iframe').boundingBox();
  const canvas = await frame.locator('#board').boundingBox();
  // the board's middle on the host's screen (the frame's boxes are in the host's coordinates)
  const x = canvas.x + canvas.width / 2, y = canvas.y + Math.min(canvas.height, 740 - canvas.y) / 2;
  assert.ok(y > board.y && y < 740, 'the board is on the screen');
  const scrolled = await page.evaluate(() => scrollY);
  const unit = await hookIn(frame, 'screenOf', 'Shieldwall');
  const cdp = await context.newCDPSession(page);
  const swipe = async (wait) => {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 20 }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await page.waitForFunction((s) => scrollY > s + 50, scrolled, { timeout: wait }).catch(() => {});
    return (await page.evaluate(() => scrollY)) > scrolled + 50;
  };
  // A second swipe where the first scrolled nothing and panned nothing: once in a CI run the first
  // touch sequence of a new context scrolled nothing (three runs of the same build after it did);
  // a scroll trap fails both, and the board must not have panned either way
  const first = await swipe(5000);
  assert.deepEqual(await hookIn(frame, 'screenOf', 'Shieldwall'), unit, 'the board did not pan');
  assert.ok(first || (await swipe(20000)), 'the host page scrolled under the finger');
  assert.deepEqual(await hookIn(frame, 'screenOf', 'Shieldwall'), unit, 'the board did not pan');
  assert.deepEqual(errors, []);
  await context.close();
});

// The Share tab's iframe snippet pasted into a wiki page read on a phone: a frame of a fixed height
// (26rem at least) whose page is no taller than the frame, with the verdict in it, so that a
// one-finger swipe over its board scrolls the host page (the frame's own page, 507 px in 416,
// took the swipe and scrolled inside the frame).
test('on a phone, the Share tab’s iframe snippet: its page fits its frame with the verdict, and a swipe over its board scrolls the host page (issue 32)', async () => {
  const desk = await env.browser.newContext({ viewport: { width: 1000, height: 800 } });
  const sharing = await desk.newPage();
  await sharing.goto(`${siteBase}#p=${code}`);
  await sharing.waitForSelector('body[data-ready="true"]');
  await sharing.click('#share');
  await sharing.waitForFunction(() => document.getElementById('embed-iframe').value.startsWith('<iframe'));
  snippet = await sharing.evaluate(() => document.getElementById('embed-iframe').value);
  await desk.close();
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${hostBase}snippet`);
  const { frame } = await frameOf(page, 'iframe');
  await frame.waitForFunction(() => window.movecalcTest.ruled());
  await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const fit = await frame.evaluate(() => {
    const root = document.scrollingElement, body = document.body, v = document.getElementById('verdict').getBoundingClientRect();
    return { page: Math.max(root.scrollHeight, body.scrollHeight), frame: innerHeight, verdict: [v.top, v.bottom], board: document.getElementById('board').getBoundingClientRect().height };
  });
  assert.ok(fit.page <= fit.frame + 1, `the frame's page is no taller than the frame: ${JSON.stringify(fit)}`);
  assert.ok(fit.verdict[0] >= 0 && fit.verdict[1] <= fit.frame, `the verdict is in the frame: ${JSON.stringify(fit)}`);
  assert.ok(fit.board >= fit.frame / 2, `the board keeps half the frame at least: ${JSON.stringify(fit)}`);
  const frameBox = await page.locator('iframe').boundingBox(), canvas = await frame.locator('#board').boundingBox();
  const x = canvas.x + canvas.width / 2, y = Math.max(frameBox.y, canvas.y) + Math.min(canvas.height, 740 - canvas.y) / 2;
  assert.ok(y > frameBox.y && y < 740, 'the board is on the screen');
  const scrolled = await page.evaluate(() => scrollY), inside = await frame.evaluate(() => document.body.scrollTop + document.scrollingElement.scrollTop);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: y - i * 20 }] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await page.waitForFunction((sy) => scrollY > sy + 50, scrolled, { timeout: 10000 }).catch(() => {});
  assert.ok((await page.evaluate(() => scrollY)) > scrolled + 50, 'the host page scrolled under the finger');
  assert.equal(await frame.evaluate(() => document.body.scrollTop + document.scrollingElement.scrollTop), inside, 'the frame’s page did not scroll');
  await page.screenshot({ path: join(artifacts, 'embed-snippet-phone.png') });
  assert.deepEqual(errors, []);
  await context.close();
});
