// Page hardening (issue 14): hostile text typed into every text field of every system's forms
// creates no element (a MutationObserver records every element added to the document from the
// first script on); the served page carries a strict Content-Security-Policy and using it reports
// no violation (securitypolicyviolation); the service worker's cache holds only same-origin files
// of the app (page.test.mjs checks the list of app files itself).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, DESKTOP, openPanel, unitForm } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const EVIL = '<mc-evil></mc-evil><img src="x" onerror="window.__pwned=1"><script>window.__pwned=2</script><svg onload="window.__pwned=3"></svg>';

/** Before any page script: record CSP violations and every element added whose markup came from EVIL. */
function watch() {
  window.__csp = [];
  document.addEventListener('securitypolicyviolation', (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
  window.__created = [];
  const seen = (n) => {
    if (n.nodeType !== 1) return;
    const tag = n.tagName.toLowerCase();
    const attrs = [...n.attributes].map((a) => a.name);
    if (tag === 'mc-evil' || attrs.some((a) => a.startsWith('on')) || (tag === 'img' && n.getAttribute('src') === 'x') || (tag === 'script' && /__pwned/.test(n.textContent)))
      window.__created.push(n.outerHTML.slice(0, 120));
    for (const c of n.children) seen(c);
  };
  new MutationObserver((list) => { for (const m of list) m.addedNodes.forEach(seen); })
    .observe(document, { childList: true, subtree: true });
}

async function open(viewport = DESKTOP) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('dialog', (d) => d.dismiss());
  await page.addInitScript(watch);
  await page.goto(env.base);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { context, page, errors };
}

test('hostile text typed into every text field of every system\'s forms creates no element and runs no script', async (t) => {
  const { context, page, errors } = await open();
  const systems = await page.$$eval('#system option', (o) => o.map((x) => x.value));
  assert.ok(systems.length >= 5, `systems: ${systems}`);
  let filled = 0;
  for (const system of systems) {
    await page.selectOption('#system', system);
    await page.waitForFunction((s) => window.movecalcTest.request().system === s, system);
    await unitForm(page); // (its code fetched as it comes into view)
    await page.click('#add-unit');
    const fields = page.locator('input[type="text"]:not([readonly]):visible, input:not([type]):not([readonly]):visible, textarea:not([readonly]):visible');
    const n = await fields.count();
    let here = 0;
    for (let i = 0; i < n; i++) {
      const f = fields.nth(i);
      const text = `${EVIL}${system}${i}`;
      await f.fill(text);
      assert.equal(await f.inputValue(), text, `${system}: field ${i} holds what was typed`);
      await f.dispatchEvent('change');
      here++;
    }
    // the typed text reached what the page asks: it was taken as text, not dropped
    assert.ok(here >= 1, `${system}: no text field to type in`);
    assert.match(JSON.stringify(await page.evaluate(() => window.movecalcTest.request())), /<mc-evil><\/mc-evil>/, `${system}: the typed text is in the request`);
    filled += here;
    await page.click('#ask');
    await page.waitForFunction(() => window.movecalcTest.ruled(), null, { timeout: 10000 });
  }
  // The Advanced editor's request takes the same text, and its answer (naming the unit) is shown.
  await openPanel(page, 'advanced-panel');
  await page.evaluate(() => { document.getElementById('response').textContent = ''; });
  const id = EVIL.slice(0, EVIL.indexOf('<script>')); // within the engine's 128 bytes of a string
  await page.fill('#request', JSON.stringify({ system: 'godsgloom', query: 'reach', unit: id, units: [{ id, side: id, q: 0, r: 0, facing: 0, speed: 2 }], board: { cols: 3, rows: 3 } }));
  await page.click('#run');
  await page.waitForFunction(() => { const t = document.getElementById('response').textContent; return t.includes('"system": "godsgloom"') && t.includes('<mc-evil>'); }, null, { timeout: 10000 });
  assert.ok(filled >= systems.length, `only ${filled} fields filled`);
  assert.deepEqual(await page.evaluate(() => window.__created), [], 'elements were created from typed text');
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  assert.equal(await page.locator('mc-evil').count(), 0);
  // Markup put through innerHTML is refused outright (the CSP requires Trusted Types)...
  assert.equal(await page.evaluate((evil) => { try { document.createElement('div').innerHTML = evil; return 'set'; } catch (e) { return e.name; } }, EVIL), 'TypeError');
  // ...and the watcher itself works: an element of the hostile kind added by a script is seen.
  await page.evaluate(() => { document.body.append(document.createElement('mc-evil')); });
  assert.ok((await page.evaluate(() => window.__created)).length > 0, 'the watcher missed an added element');
  t.diagnostic(`${filled} text fields filled across ${systems.length} systems`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the served page has a strict Content-Security-Policy and using it reports no violation', async () => {
  const { context, page, errors } = await open();
  const res = await page.request.get(env.base);
  const csp = res.headers()['content-security-policy'];
  assert.ok(csp, 'no Content-Security-Policy header');
  const directives = Object.fromEntries(csp.split(';').map((d) => d.trim().split(/\s+/)).filter((d) => d[0]).map(([k, ...v]) => [k, v]));
  assert.ok(directives['default-src'], csp);
  const scripts = directives['script-src'] ?? directives['default-src'];
  assert.ok(!scripts.includes("'unsafe-inline'") && !scripts.includes("'unsafe-eval'") && !scripts.includes('*'), `script-src ${scripts}`);
  assert.deepEqual(directives['object-src'], ["'none'"]);
  assert.ok(await page.locator('meta[http-equiv="Content-Security-Policy"]').count() === 1, 'the page carries the policy itself too (static hosts)');
  // Use the page: ask the default question, an example through the Advanced panel, a share link.
  await page.click('#ask');
  await page.waitForSelector('.verdict', { timeout: 5000 });
  await openPanel(page, 'advanced-panel');
  await page.selectOption('#example', '0');
  await page.click('#run');
  await page.waitForFunction(() => document.querySelector('#response').textContent.includes('"systems"'));
  assert.deepEqual(await page.evaluate(() => window.__csp), [], 'Content-Security-Policy violations');
  assert.deepEqual(errors, []);
  await context.close();
});

test('the service worker caches only same-origin files of the app, and nothing a page fetched elsewhere', async () => {
  const { context, page, errors } = await open();
  await page.evaluate(() => navigator.serviceWorker.ready);
  // the worker claims the page once active (sw.js): the fetch below goes through it
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 15000 });
  // A same-origin file outside the app, fetched through the worker, must not be kept.
  await page.evaluate(() => fetch('not-an-app-file.txt').catch(() => null));
  const urls = await page.evaluate(async () => {
    const out = [];
    for (const k of await caches.keys()) for (const r of await (await caches.open(k)).keys()) out.push(r.url);
    return out;
  });
  assert.ok(urls.length > 0, 'nothing cached');
  const origin = new URL(env.base).origin;
  for (const u of urls) {
    assert.equal(new URL(u).origin, origin, `${u} is not same-origin`);
    assert.ok(u.startsWith(env.base), `${u} is outside the app`);
    assert.ok(!u.includes('not-an-app-file'), `${u} was cached though it is no app file`);
    assert.ok(!new URL(u).search, `${u} has a query string`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});
