// The Units panel's list at the limits (issue 34): a virtual list (web/unit-list.js) holds as
// elements only the rows in or near the view, the rest spacers of their height, so that 1,000 rows
// are not laid out, painted and checked against the view in every frame of a drag. Its rows are
// still all reachable: by scrolling, by selecting a unit on the board, and each says its place in
// the whole list to a screen reader (aria-posinset of aria-setsize).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch } from './browser.mjs';
import { SYSTEMS, SYSTEM_IDS } from '../../web/model.js';
import { LIMITS } from '../../web/share.js';
import { limitDoc, linkCode } from '../../bench/page-limits.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

// Rows the list may hold as elements: a view of 800 px of rows about 34 px apart, and as much
// again above and below it (unit-list.js OVERSCAN), is about 50.
const MOST_ROWS = 100;

/** The list's unit rows: each one's unit, place and set size, and whether it is seen (what is shown at its middle, not under a sticky bar or off its scrolling box). */
const rowsOf = (page) => page.$$eval('#unit-list li[data-slot^="unit:"]', (lis) => lis.map((li) => {
  const r = li.getBoundingClientRect();
  const seen = r.height > 0 && li.contains(document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2));
  return { id: li.dataset.slot.slice(5), pos: Number(li.getAttribute('aria-posinset')), size: Number(li.getAttribute('aria-setsize')), seen, selected: li.classList.contains('selected') };
}));
const frames = (page, n = 3) => page.evaluate((k) => new Promise((r) => { const f = () => (--k ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);

const free = SYSTEM_IDS.find((id) => SYSTEMS[id].board === 'free');
const hexes = SYSTEM_IDS.find((id) => SYSTEMS[id].board === 'hex');
// a desktop, where the page scrolls beside its sticky board, and a phone, where the panels scroll
// under their tabs (there the board is under the panels raised to the whole screen: no unit is
// picked on it)
for (const [system, viewport, pick] of [[free, { width: 1280, height: 800 }, true], [hexes, { width: 1280, height: 800 }, true], [hexes, { width: 360, height: 740 }, false]]) {
  test(`${system} at ${viewport.width}×${viewport.height}: the list of ${LIMITS.units} units holds the rows near the view only; scrolling to its end shows the last unit${pick ? '; a unit selected on the board has its row brought into view' : ''}`, { timeout: 300000 }, async () => {
    const d = limitDoc(system);
    const context = await env.browser.newContext({ viewport, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.base}#p=${linkCode(system, d)}`, { timeout: 120000 });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    // set-up, and the Units panel's tab
    await page.click('input[name="mode"][value="setup"]');
    await page.click('#tabs button:text-is("Units")');
    // (a phone's panels: the whole screen, a tap on the sheet's handle from half)
    if (await page.evaluate(() => document.getElementById('sheet-handle').offsetParent && document.body.dataset.sheet === 'half')) await page.click('#sheet-handle');
    await page.waitForFunction((n) => document.querySelector('#unit-list li[data-slot^="unit:"]')?.getAttribute('aria-setsize') === String(n), d.units.length, { timeout: 120000 });
    await frames(page);

    // the list's top scrolled into view: the first units' rows, in order, each saying its place of 1,000
    await page.evaluate(() => document.querySelector('#unit-list li').scrollIntoView({ block: 'center' }));
    await frames(page);
    let rows = await rowsOf(page);
    assert.ok(rows.length > 0 && rows.length < MOST_ROWS, `${rows.length} rows as elements`);
    assert.deepEqual(rows.map((r) => [r.id, r.pos, r.size]), rows.map((_, i) => [d.units[i].id, i + 1, d.units.length]));
    assert.ok(rows[0].seen, 'the first row is seen');
    // the list is as tall as all its rows: its scrolling box scrolls as far as with every row made
    const tall = await page.$eval('#unit-list', (l) => l.getBoundingClientRect().height / l.querySelector('li[data-slot^="unit:"]').getBoundingClientRect().height);
    assert.ok(tall >= d.units.length, `the list is ${tall.toFixed(0)} rows tall`);

    // scrolled to its end: the last units' rows, the last one seen
    await page.evaluate(() => document.querySelector('#unit-list').lastElementChild.scrollIntoView({ block: 'end' }));
    await page.waitForFunction((id) => document.querySelector(`#unit-list li[data-slot="unit:${id}"]`), d.units.at(-1).id);
    await frames(page);
    rows = await rowsOf(page);
    assert.ok(rows.length < MOST_ROWS, `${rows.length} rows as elements at the end`);
    assert.deepEqual(rows.find((r) => r.id === d.units.at(-1).id), { id: d.units.at(-1).id, pos: d.units.length, size: d.units.length, seen: true, selected: false });
    assert.ok(!rows.some((r) => r.id === d.units[0].id), 'the first unit\'s row is gone');

    if (!pick) { assert.deepEqual(errors, []); await context.close(); return; }
    // back at the top, a unit of the list's middle picked with its button on the board (Enter):
    // its row is made, selected and brought into view
    await page.evaluate(() => document.querySelector('#unit-list li').scrollIntoView({ block: 'center' }));
    await frames(page);
    const mid = d.units[Math.floor(d.units.length * 0.7)].id;
    assert.ok(!(await rowsOf(page)).some((r) => r.id === mid), `${mid} has no row yet`);
    const control = page.locator(`#unit-controls .unit-control[aria-label^="${mid},"]`);
    await control.waitFor({ state: 'attached' });
    await control.focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction((id) => window.movecalcTest.state().selected === id, mid);
    await page.waitForFunction((id) => document.querySelector(`#unit-list li[data-slot="unit:${id}"].selected`), mid);
    await frames(page);
    rows = await rowsOf(page);
    assert.deepEqual(rows.find((r) => r.id === mid), { id: mid, pos: d.units.findIndex((u) => u.id === mid) + 1, size: d.units.length, seen: true, selected: true });
    assert.ok(rows.length < MOST_ROWS, `${rows.length} rows as elements`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The list's code (unit-list.js) is fetched when the list first comes into view (app.js lazyInView):
// a unit selected on the board before then has its row brought into view once the list is made.
test(`${hexes} at 360×740: a unit selected on the board before the Units list was first shown has its row brought into view when the list comes`, { timeout: 300000 }, async () => {
  const d = limitDoc(hexes);
  const context = await env.browser.newContext({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${env.base}#p=${linkCode(hexes, d)}`, { timeout: 120000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
  await page.click('input[name="mode"][value="setup"]');
  assert.equal(await page.locator('#unit-list li[data-slot^="unit:"]').count(), 0, 'no row before the list is shown');
  const mid = d.units[Math.floor(d.units.length * 0.7)].id;
  const control = page.locator(`#unit-controls .unit-control[aria-label^="${mid},"]`);
  await control.waitFor({ state: 'attached' });
  await control.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((id) => window.movecalcTest.state().selected === id, mid);
  await page.click('#tabs button:text-is("Units")');
  if (await page.evaluate(() => document.getElementById('sheet-handle').offsetParent && document.body.dataset.sheet === 'half')) await page.click('#sheet-handle');
  await page.waitForFunction((id) => document.querySelector(`#unit-list li[data-slot="unit:${id}"].selected`), mid, { timeout: 120000 });
  await frames(page);
  const rows = await rowsOf(page);
  assert.deepEqual(rows.find((r) => r.id === mid), { id: mid, pos: d.units.findIndex((u) => u.id === mid) + 1, size: d.units.length, seen: true, selected: true });
  assert.ok(rows.length < MOST_ROWS, `${rows.length} rows as elements`);
  assert.deepEqual(errors, []);
  await context.close();
});

// Offline before the list's first showing: its place says so, and the list comes at a later showing online.
test(`${free} at 1280×800: the Units list that cannot be fetched says so in its place, and comes once it can`, { timeout: 300000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const block = (route) => route.abort();
  await context.route(/\/unit-list-[^/]*\.js$/, block);
  const page = await context.newPage();
  await page.goto(`${env.base}?g=${free}`, { timeout: 120000 });
  await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
  await page.click('#tabs button:text-is("Units")');
  await page.locator('#unit-list').scrollIntoViewIfNeeded();
  await page.waitForFunction(() => /could not be opened.*offline/.test(document.getElementById('unit-list').textContent));
  assert.equal(await page.locator('#unit-list li[data-slot^="unit:"]').count(), 0);
  await context.unroute(/\/unit-list-[^/]*\.js$/, block);
  // (the panel is filled again on any change: a unit picked on the board)
  const first = await page.evaluate(() => window.movecalcTest.state().doc.units[0].id);
  await page.locator(`#unit-controls .unit-control[aria-label^="${first},"]`).focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction((id) => document.querySelector(`#unit-list li[data-slot="unit:${id}"]`), first);
  assert.ok(!/could not be opened/.test(await page.textContent('#unit-list')));
  await context.close();
});

// Until the list's code comes, the Units panel keeps the list's room: as many rows as the units, each
// as tall as its tallest control (style.css: 2.5rem, on a phone a finger's 2.75rem) with its padding
// and the gap. The form below the list then stays where it is when the rows come (with rows
// guessed one line high, it moved down 11.6 px a unit on a desktop, 15.6 on a phone).
for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
  test(`${hexes} at ${viewport.width}×${viewport.height}: the Units list's room before its code comes is the rows' height, so the unit form below stays where it is when they come`, { timeout: 300000 }, async () => {
    const context = await env.browser.newContext({ viewport, serviceWorkers: 'block' });
    let release;
    const held = new Promise((r) => { release = r; });
    await context.route(/\/unit-list-[^/]*\.js$/, async (route) => { await held; await route.continue(); });
    const page = await context.newPage();
    await page.goto(`${env.base}?g=${hexes}`, { timeout: 120000 });
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    await page.click('input[name="mode"][value="setup"]');
    await page.click('#tabs button:text-is("Units")');
    if (await page.evaluate(() => document.getElementById('sheet-handle').offsetParent && document.body.dataset.sheet === 'half')) await page.click('#sheet-handle');
    await page.waitForSelector('#unit-list li[data-slot="room"]', { state: 'attached' });
    await frames(page);
    const formTop = () => page.$eval('#unit-form', (f) => f.getBoundingClientRect().top + (document.scrollingElement.scrollTop));
    const before = await formTop();
    release();
    await page.waitForFunction(() => document.querySelector('#unit-list li[data-slot^="unit:"]'), null, { timeout: 120000 });
    await frames(page);
    const after = await formTop();
    // (within one gap between rows, 0.15rem: the room holds a row's share of it for the last)
    assert.ok(Math.abs(after - before) <= 3, `the form moved ${(after - before).toFixed(1)} px when the rows came`);
    await context.close();
  });
}
