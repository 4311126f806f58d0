// A phone's bottom sheet (issue 32: "a bottom sheet instead of a box"): at 360 × 740 and 740 × 360,
// by touch, the handle above the verdict steps the sheet through the verdict alone (with the tabs
// under it; the board takes the panel's place, and an upright phone in Play opens there), half (the board, the verdict and the panel) and the whole screen (the panel
// over the board): a tap cycles, a drag up or down moves a step, the keyboard's arrows and Enter do
// the same; at every step the verdict, which answers the question, is the first thing under the
// handle, in view. With the on-screen keyboard up (a visual viewport shorter than the page, stood in
// for by a VisualViewport of the test's own: headless Chromium shows no keyboard), the field typed in
// and the verdict are both in what is left of the screen. Screenshots go to
// tests/artifacts/sheet-<step>-<size>.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, hook, ruled, painted, openPanel, touchDrag, artifacts } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SIZES = [{ width: 360, height: 740 }, { width: 740, height: 360 }];

const box = (page, sel) => page.evaluate((s) => {
  const e = document.querySelector(s);
  if (!e) return null;
  const r = e.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? { x: r.left, y: r.top, w: r.width, h: r.height, bottom: r.bottom, right: r.right } : null;
}, sel);
// the whole screen as it is (the board may be hidden: browser.mjs's shot would wait for it)
const shot = (page, name, vp) => page.screenshot({ path: join(artifacts, `${name}-${vp.width}x${vp.height}.png`) });
const area = (b) => (b ? b.w * b.h : 0);
const step = (page) => page.evaluate(() => document.body.dataset.sheet);
const inView = (b, vp) => b && b.y >= -0.5 && b.bottom <= vp.height + 0.5 && b.x >= -0.5 && b.right <= vp.width + 0.5;

/** What each step shows: the board's area, the panel's, and that the verdict sits right under the handle, in view. */
async function looks(page, vp, at) {
  await painted(page);
  const handle = await box(page, '#sheet-handle'), verdict = await box(page, '#verdict');
  assert.ok(inView(handle, vp), `${at}: the handle is in view (${JSON.stringify(handle)})`);
  assert.ok(inView(verdict, vp), `${at}: the verdict is in view (${JSON.stringify(verdict)})`);
  assert.ok(verdict.y >= handle.bottom - 0.5 && verdict.y - handle.bottom < 12 && Math.abs(verdict.x - handle.x) < 12,
    `${at}: the verdict is the first thing under the handle (handle ${JSON.stringify(handle)}, verdict ${JSON.stringify(verdict)})`);
  return { board: area(await box(page, '#board')), panel: area(await box(page, '#panels')) };
}

for (const vp of SIZES) {
  const size = `${vp.width}x${vp.height}`;
  test(`the sheet's steps by touch at ${size}: a tap cycles the verdict alone, half and the whole screen; a drag steps; the keys too`, async () => {
    const { context, page, errors } = await openPage(env, vp, { touch: true });
    await ruled(page);
    if (vp.height > vp.width) {
      // an upright phone plays on the board: the verdict and the tabs under it, the panel put away
      assert.equal(await step(page), 'peek', 'in Play an upright phone opens at the verdict alone');
      assert.equal((await looks(page, vp, `${size} opened`)).panel, 0, `${size} opened in Play: no panel`);
      await page.tap('#sheet-handle');
    } else assert.equal(await step(page), 'half', 'a landscape phone opens at half (its board is beside the column at every step)');
    assert.equal(await step(page), 'half');
    const half = await looks(page, vp, `${size} half`);
    assert.ok(half.board > 0 && half.panel > 0, `${size} half: the board and the panel both show (${JSON.stringify(half)})`);
    await shot(page, 'sheet-half', vp);

    await page.tap('#sheet-handle');
    assert.equal(await step(page), 'full', 'a tap on the handle at half: the whole screen');
    const full = await looks(page, vp, `${size} full`);
    assert.equal(full.board, 0, `${size} full: the panel covers the board`);
    assert.ok(full.panel > half.panel * 1.3, `${size} full: the panel grows (${half.panel} → ${full.panel} px²)`);
    await shot(page, 'sheet-full', vp);

    await page.tap('#sheet-handle');
    assert.equal(await step(page), 'peek', 'a tap on the handle at full: the verdict alone');
    const peek = await looks(page, vp, `${size} the verdict alone`);
    assert.equal(peek.panel, 0, `${size} the verdict alone: no panel`);
    assert.equal(await page.isVisible('#tabs'), true, `${size} the verdict alone: the tabs, a tap from their panels`);
    if (vp.height > vp.width) assert.ok(peek.board > half.board * 1.2, `${size} the verdict alone: the board grows (${half.board} → ${peek.board} px²)`);
    else assert.ok(peek.board >= half.board - 1, `${size} the verdict alone: the board keeps its size`);
    // the board grown keeps the question's mover in view
    const r = await hook(page, 'request'), mover = r.unit ?? r.charger ?? r.order?.unit;
    if (mover) {
      const p = await hook(page, 'screenOf', mover), b = await box(page, '#board');
      assert.ok(p.x >= b.x && p.x <= b.right && p.y >= b.y && p.y <= b.bottom, `${size}: ${mover} stays in the grown board's view`);
    }
    await shot(page, 'sheet-peek', vp);

    await page.tap('#sheet-handle');
    assert.equal(await step(page), 'half', 'a tap at the verdict alone: half again');

    // a drag on the handle: up a step per fifth of the screen, down likewise
    const h = await box(page, '#sheet-handle'), at = { x: h.x + h.w / 2, y: h.y + h.h / 2 };
    const per = Math.max(48, vp.height / 5);
    await touchDrag(page, at, { x: at.x, y: at.y - per * 1.2 });
    assert.equal(await step(page), 'full', 'a drag up from half: the whole screen');
    const h2 = await box(page, '#sheet-handle'), at2 = { x: h2.x + h2.w / 2, y: h2.y + h2.h / 2 };
    await touchDrag(page, at2, { x: at2.x, y: Math.min(vp.height - 2, at2.y + per * 2.2) });
    assert.equal(await step(page), 'peek', 'a drag down two steps from the whole screen: the verdict alone');
    await looks(page, vp, `${size} dragged to the verdict alone`);

    // the keyboard: the arrows step, Enter cycles
    await page.focus('#sheet-handle');
    await page.keyboard.press('ArrowUp');
    assert.equal(await step(page), 'half');
    await page.keyboard.press('ArrowUp');
    assert.equal(await step(page), 'full');
    await page.keyboard.press('ArrowUp');
    assert.equal(await step(page), 'full', 'the whole screen is the last step up');
    await page.keyboard.press('Enter');
    assert.equal(await step(page), 'peek');
    await page.keyboard.press('ArrowDown');
    assert.equal(await step(page), 'peek', 'the verdict alone is the last step down');
    assert.match(await page.getAttribute('#sheet-handle', 'aria-label'), /the verdict and the tabs/, 'the handle says its step');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('an upright phone: Set up brings the panel up at half, Play puts it away; a tab tapped at the verdict alone shows its panel; Share’s tab tapped again on the whole screen brings the board back (360x740, touch)', async () => {
  const vp = SIZES[0];
  const { context, page, errors } = await openPage(env, vp, { touch: true });
  await ruled(page);
  const opened = await looks(page, vp, 'opened in Play');
  assert.equal(await step(page), 'peek');
  await page.tap('label:has(input[value="setup"])');
  assert.equal(await step(page), 'half', 'Set up: the panel at half');
  const setup = await looks(page, vp, 'Set up');
  assert.ok(setup.panel > 0 && setup.board < opened.board, `Set up: the panel shows, the board gives it room (${JSON.stringify({ opened, setup })})`);
  await page.tap('label:has(input[value="play"])');
  assert.equal(await step(page), 'peek', 'Play: the verdict alone again');
  // the current tab (Ask) tapped changes no tab, and still brings its panel up
  await page.tap('#tab-ask-panel');
  assert.notEqual(await step(page), 'peek', 'the Ask tab at the verdict alone: its panel shows');
  assert.ok((await looks(page, vp, 'Ask tapped')).panel > 0);
  // Share read on the whole screen; its tab tapped again brings the board back
  await page.tap('#tab-share-panel');
  assert.equal(await step(page), 'full', 'Share: the whole screen');
  assert.equal((await looks(page, vp, 'Share')).board, 0);
  await page.tap('#tab-share-panel');
  assert.equal(await step(page), 'half', 'Share tapped again: the board back at half');
  assert.ok((await looks(page, vp, 'Share tapped again')).board > 0);
  // Set up after Share: its half shows the Units form, not Share
  await page.tap('label:has(input[value="play"])');
  await page.tap('label:has(input[value="setup"])');
  assert.equal(await step(page), 'half');
  assert.equal(await page.evaluate(() => document.getElementById('units-panel').hasAttribute('data-current')), true, 'Set up shows the Units form');
  assert.deepEqual(errors, []);
  await context.close();
});

// A visual viewport of the test's own, in place of the browser's before the page's scripts run, so
// that the test sets how much of the screen an on-screen keyboard leaves.
function fakeViewport() {
  const vv = new EventTarget();
  Object.assign(vv, { height: innerHeight, width: innerWidth, offsetTop: 0, offsetLeft: 0, scale: 1, pageTop: 0, pageLeft: 0 });
  Object.defineProperty(window, 'visualViewport', { value: vv, configurable: true });
  window.setKeyboard = (h) => { vv.height = innerHeight - h; vv.dispatchEvent(new Event('resize')); };
}

// the field typed in: the unit form's last number field (Units), or the question's (Ask, under the
// ruling in detail at the top of the panel, which must not cover it)
const FIELDS = { 'units-panel': '#unit-fields input[type="number"]', 'ask-panel': '#query-fields input[type="number"]' };
for (const vp of SIZES) for (const [panel, fields] of Object.entries(FIELDS)) {
  const size = `${vp.width}x${vp.height}`;
  test(`with the on-screen keyboard up at ${size}, the field typed in (${panel}) and the verdict both stay in view`, async () => {
    const context = await env.browser.newContext({ viewport: vp, hasTouch: true, isMobile: true });
    await context.addInitScript(fakeViewport);
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
    await ruled(page);
    await openPanel(page, panel);
    if (panel === 'units-panel') {
      const unit = (await hook(page, 'state')).doc.units.at(-1).id;
      await page.tap(`#unit-list button.link:text-is("${unit}")`);
      await page.waitForFunction((u) => window.movecalcTest.state().selected === u, unit);
    } else {
      // (Arcane Legions opens on the Legion's reach, which has no number to type: its move, a step)
      await page.selectOption('#query', 'move');
      await page.tap('[data-key="actions.add.Add step"]');
      await ruled(page);
    }
    // the last number field of the form: the furthest down, the one a keyboard would cover
    assert.ok(await page.locator(fields).count() > 0, `${panel} has a number field to type in`);
    const field = page.locator(fields).last();
    await field.scrollIntoViewIfNeeded();
    const f = await field.boundingBox();
    await page.touchscreen.tap(f.x + f.width / 2, f.y + f.height / 2);
    assert.equal(await field.evaluate((e) => e === document.activeElement), true, 'the field has the focus');
    // a keyboard covering 55 % of the screen
    const left = Math.round(vp.height * 0.45);
    await page.evaluate((h) => window.setKeyboard(h), vp.height - left);
    await painted(page);
    assert.equal(await page.evaluate(() => document.body.classList.contains('keyboard')), true, 'the page knows the keyboard is up');
    const shown = { width: vp.width, height: left };
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await painted(page);
    const fb = await box(page, `${fields}:focus`), vb = await box(page, '#verdict');
    assert.ok(inView(fb, shown), `${size}: the field typed in (${JSON.stringify(fb)}) is above the keyboard (${left} px left)`);
    assert.ok(inView(vb, shown), `${size}: the verdict (${JSON.stringify(vb)}) is above the keyboard (${left} px left)`);
    assert.equal(await field.inputValue(), '3', 'what was typed shows in the field');
    await shot(page, `sheet-keyboard-${panel}`, vp);
    // the keyboard down: the page as it was
    await page.evaluate(() => { document.activeElement.blur(); window.setKeyboard(0); });
    await painted(page);
    assert.equal(await page.evaluate(() => document.body.classList.contains('keyboard')), false, 'the keyboard down, the page is laid out as before');
    assert.ok(area(await box(page, '#board')) > 0, 'the board shows again');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
