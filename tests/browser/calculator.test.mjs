// The calculator's editing in headless Chromium: units added by form and placed by dragging,
// turning, undo/redo, terrain, settings in the request, a hex path drawn by tapping, panning and
// zooming, and hostile names (a canned response carries them into every text the page shows).
// The rulings themselves, against the real engine, are tests/browser/rulings.test.mjs.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, spearmenPursuit, openPage, artifacts, pageRequest, PHONE, DESKTOP, hook, drag, pickSystem, openPanel, setMode, focusBoard, unitForm, until } from './browser.mjs';
import { canned, hostile } from './canned.mjs';
import { toAxial, distance } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

test('add a unit by form, place it by dragging, turn it, undo and redo', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await unitForm(page);
  await page.fill('[data-key="unit.id"]', 'Velites');
  await page.press('[data-key="unit.id"]', 'Enter');
  await page.selectOption('[data-key="unit.base"]', 'sortie');
  await page.click('#add-unit');
  let req = await pageRequest(page);
  const added = req.units.find((u) => u.id === 'Velites');
  assert.equal(added.base, 'sortie');
  assert.equal(await page.locator('#unit-list button.link', { hasText: 'Velites' }).count(), 1);
  await page.click('#fit'); // the answer is framed about its mover: the whole table, to find Velites
  await setMode(page, 'setup'); // a drag places the unit (in Play it would be its move order)
  // drag it 100 px right and 50 px up the screen: x grows, y grows (y runs up the table)
  const from = await hook(page, 'screenOf', 'Velites');
  await drag(page, from, { x: from.x + 100, y: from.y - 50 });
  req = await pageRequest(page);
  const moved = req.units.find((u) => u.id === 'Velites');
  assert.ok(moved.x > added.x + 1 && moved.y > added.y + 0.5, `moved from ${added.x},${added.y} to ${moved.x},${moved.y}`);
  // turn it with the rotate handle: the handle carried a quarter round clockwise about the unit →
  // facing 90 (the handle is ahead of it, or behind or beside it where another unit stands ahead,
  // and turns it alike) (the page scrolled up first: with the Units form in view the sticky board,
  // taller than the view with the verdict's list of events under it, may have its top above the view)
  await page.evaluate(() => window.scrollTo(0, 0));
  const centre = await hook(page, 'screenOf', 'Velites'), hp = await hook(page, 'handleOf', 'Velites');
  const v = [hp.x - centre.x, hp.y - centre.y], out = 120 / Math.hypot(...v);
  await drag(page, hp, { x: centre.x - v[1] * out, y: centre.y + v[0] * out }); // (x, y) → (−y, x): a quarter clockwise on the screen
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 90);
  // and with the numeric field
  await page.fill('[data-key="unit.facing"]', '45');
  await page.press('[data-key="unit.facing"]', 'Enter');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 45);
  // undo: back to 90, then to the dragged place; redo forward again; Ctrl+Z works too
  await page.click('#undo');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 90);
  await page.click('#undo');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 0);
  await page.click('#undo');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').x, added.x);
  await page.click('#redo');
  await page.click('#redo');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 90);
  await page.focus('#board');
  await page.keyboard.press('Control+z');
  assert.equal((await pageRequest(page)).units.find((u) => u.id === 'Velites').facing, 0);
  // keyboard: E turns clockwise by 15°, arrows move the selected unit
  await page.keyboard.press('e');
  await page.keyboard.press('ArrowRight');
  const k = (await pageRequest(page)).units.find((u) => u.id === 'Velites');
  assert.equal(k.facing, 15);
  assert.equal(k.x, moved.x + 0.5);
  // renaming follows into the query's references
  await page.selectOption('[data-key="q.unit"]', 'Velites');
  await page.fill('[data-key="unit.id"]', 'Velites II');
  await page.press('[data-key="unit.id"]', 'Enter');
  assert.equal((await pageRequest(page)).unit, 'Velites II'); // (the opening's question: the reach of a unit)
  // remove, then reset the whole position
  await page.click('[aria-label="Remove Velites II"]');
  assert.equal((await pageRequest(page)).units.some((u) => u.id.startsWith('Velites')), false);
  await openPanel(page, 'settings-panel');
  await page.click('#reset');
  assert.deepEqual((await pageRequest(page)).units.map((u) => u.id), ['Legion', 'Chargers', 'Scouts']);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a drag\'s readout says where the unit is once the finger rests, and where it was let go', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await openPanel(page, 'settings-panel');
  await page.selectOption('#display-unit', 'mm'); // A-AL-1: 50 mm a step
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.click('#fit');
  await setMode(page, 'setup');
  const legion = async () => (await pageRequest(page)).units.find((u) => u.id === 'Legion');
  const readout = async () => {
    const m = /Legion: x (-?[\d.]+) mm, y (-?[\d.]+) mm/.exec(await page.textContent('#readout'));
    assert.ok(m, `the readout names the Legion's place: ${await page.textContent('#readout')}`);
    return [Number(m[1]), Number(m[2])];
  };
  const near = async ([x, y]) => { const u = await legion(); assert.ok(Math.abs(x - u.x * 50) <= 1 && Math.abs(y - u.y * 50) <= 1, `readout ${x}, ${y} mm; the Legion at ${u.x * 50}, ${u.y * 50} mm`); };
  const from = await hook(page, 'screenOf', 'Legion');
  const was = await legion();
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; i++) await page.mouse.move(from.x + 10 * i, from.y - 5 * i);
  await page.waitForTimeout(500); // the finger rests
  assert.notEqual((await legion()).x, was.x);
  await near(await readout());
  await page.mouse.move(from.x + 90, from.y - 40, { steps: 3 });
  await page.mouse.up();
  await near(await readout());
  assert.deepEqual(errors, []);
  await context.close();
});

test('units snap to hex centres when dragged; GODSGLOOM facing turns by the handle and the field', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'godsgloom');
  await setMode(page, 'setup'); // a drag places the unit (in Play it would be its move)
  await unitForm(page);
  await page.fill('[data-key="unit.speed"]', '5');
  await page.press('[data-key="unit.speed"]', 'Enter');
  await page.fill('[data-key="unit.tokens"]', 'Slow, fast');
  await page.press('[data-key="unit.tokens"]', 'Enter');
  await page.click('#add-unit');
  let u = (await pageRequest(page)).units.find((v) => v.id === 'Unit');
  assert.equal(u.speed, 5);
  assert.deepEqual(u.tokens, ['slow', 'fast']);
  await page.click('#fit'); // the whole board: the answer is framed about its mover
  const to = await hook(page, 'screenOfHex', 2, 2);
  await drag(page, await hook(page, 'screenOf', 'Unit'), { x: to.x + 6, y: to.y - 5 });
  u = (await pageRequest(page)).units.find((v) => v.id === 'Unit');
  assert.deepEqual({ q: u.q, r: u.r }, toAxial(2, 2));
  // handle: drag it to the unit's west → facing 3
  const c = await hook(page, 'screenOf', 'Unit');
  await drag(page, await hook(page, 'handleOf', 'Unit'), { x: c.x - 80, y: c.y });
  assert.equal((await pageRequest(page)).units.find((v) => v.id === 'Unit').facing, 3);
  await page.selectOption('[data-key="unit.facing"]', '5');
  assert.equal((await pageRequest(page)).units.find((v) => v.id === 'Unit').facing, 5);
  // Torn World: a Large miniature snaps to hexon centres
  await pickSystem(page, 'torn-world');
  await setMode(page, 'setup'); // another game's position opens in Play
  const w = await hook(page, 'screenOfHex', 8, 8);
  await drag(page, await hook(page, 'screenOf', 'Warbeast'), w);
  const large = (await pageRequest(page)).units.find((v) => v.id === 'Warbeast');
  assert.equal(((3 * large.q + large.r) % 7 + 7) % 7, 0, `(${large.q},${large.r}) is a hexon centre`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a setting changes the request JSON; the display unit converts lengths', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await openPanel(page, 'settings-panel');
  await page.fill('[data-key="param.A-AL-5.legLength"]', '2');
  await page.press('[data-key="param.A-AL-5.legLength"]', 'Enter');
  assert.deepEqual((await pageRequest(page)).params, { 'A-AL-5': { legLength: 2 } });
  await openPanel(page, 'request-panel');
  assert.match(await page.textContent('#preview'), /"A-AL-5": \{\s*"legLength": 2\s*\}/);
  // out of range: refused, the request keeps the last good value
  await page.fill('[data-key="param.A-AL-5.legLength"]', '99');
  await page.press('[data-key="param.A-AL-5.legLength"]', 'Enter');
  assert.deepEqual((await pageRequest(page)).params, { 'A-AL-5': { legLength: 2 } });
  await page.click('#reset-params');
  assert.equal((await pageRequest(page)).params, undefined);
  // lengths in mm use A-AL-1's stepMm (50 mm by default)
  await page.selectOption('#display-unit', 'mm');
  await page.click('#unit-list button.link >> text=Legion');
  assert.match(await page.textContent('#readout'), /Legion: x 700 mm, y 450 mm/);
  await pickSystem(page, 'godsgloom');
  await page.fill('[data-key="param.A-GG-1.arcWidth"]', '6');
  await page.press('[data-key="param.A-GG-1.arcWidth"]', 'Enter');
  assert.deepEqual((await pageRequest(page)).params, { 'A-GG-1': { arcWidth: 6 } });
  assert.deepEqual(errors, []);
  await context.close();
});

test('TW-MV-1 the Path tool draws a move of the unit the question was about, and a unit tapped first is the one that moves', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'torn-world');
  const { unit } = await pageRequest(page); // the opening question: a reach of this unit
  await page.tap('label:has(input[value="path"])');
  let req = await pageRequest(page);
  assert.deepEqual([req.query, req.unit], ['move', unit], 'the move is of the reach\'s unit');
  assert.equal((req.path ?? []).length, 0, 'a path drawn before for another unit is not kept for it');
  // another unit, further than a step away, tapped before any hex of the path: it is the mover,
  // and its hex is no step (a unit next to the mover would be a step into its hex)
  const units = (await hook(page, 'state')).doc.units, mover = units.find((u) => u.id === unit);
  const other = units.find((u) => u.id !== unit && u.size !== 'huge' && distance(u, mover) > 1);
  const at = await hook(page, 'screenOf', other.id);
  await page.touchscreen.tap(at.x, at.y);
  // the tap is handled after its events, not within the tap's call: on a loaded machine it came later
  await until(page, (id) => window.movecalcTest.request().unit === id, other.id);
  req = await pageRequest(page);
  assert.equal(req.unit, other.id);
  assert.equal((req.path ?? []).length, 0, 'the mover\'s own hex is not a step of its path');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a hex path is drawn by tapping hexes; terrain is painted and drawn', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'godsgloom');
  await setMode(page, 'setup'); // terrain is painted in Set up
  await page.click('label:has(input[value="path"])');
  assert.equal((await pageRequest(page)).query, 'move');
  await page.click('[data-key="path-clear"]');
  for (const [col, row] of [[3, 5], [3, 4], [4, 3]]) {
    const p = await hook(page, 'screenOfHex', col, row);
    await page.mouse.click(p.x, p.y);
  }
  assert.deepEqual((await pageRequest(page)).path, [toAxial(3, 5), toAxial(3, 4), toAxial(4, 3)]);
  const last = await hook(page, 'screenOfHex', 4, 3);
  await page.mouse.click(last.x, last.y); // tapping the last hex again takes it back
  assert.equal((await pageRequest(page)).path.length, 2);
  await focusBoard(page);
  await page.keyboard.press('ArrowRight');
  assert.deepEqual((await pageRequest(page)).path[2], toAxial(4, 4));
  // terrain brush on a hex board
  await page.click('label:has(input[value="terrain"])');
  await page.selectOption('#terrain-kind', 'impassable');
  const t = await hook(page, 'screenOfHex', 1, 1);
  await page.mouse.click(t.x, t.y);
  assert.ok((await pageRequest(page)).board.terrain.some((x) => x.q === toAxial(1, 1).q && x.r === 1 && x.terrain === 'impassable'));
  await page.mouse.click(t.x, t.y); // again: cleared
  assert.ok(!(await pageRequest(page)).board.terrain.some((x) => x.r === 1));
  // a polygon on a free-form table: three taps and Finish
  await pickSystem(page, 'ninth-age');
  await setMode(page, 'setup'); // a table game opens in Play too
  await page.click('#fit'); // the answer was framed: show the whole table again
  await page.click('label:has(input[value="terrain"])');
  for (const [x, y] of [[10, 40], [20, 40], [15, 46]]) {
    const p = await hook(page, 'screenOfWorld', x, y);
    await page.mouse.click(p.x, p.y);
  }
  await page.click('#finish-polygon');
  const terrain = (await pageRequest(page)).terrain;
  assert.equal(terrain.length, 2);
  assert.equal(terrain[1].kind, 'impassable');
  assert.equal(terrain[1].polygon.length, 3);
  assert.ok(Math.abs(terrain[1].polygon[0][0] - 10) < 0.5 && Math.abs(terrain[1].polygon[0][1] - 40) < 0.5);
  await page.click('#undo');
  assert.equal((await pageRequest(page)).terrain.length, 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('hostile unit names and engine strings render as text only', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const evil = '<img src=x onerror="window.__pwned=1">';
  await openPanel(page, 'units-panel'); // on a phone the unit form is under its tab
  await page.fill('[data-key="unit.id"]', evil);
  await page.press('[data-key="unit.id"]', 'Enter');
  await page.click('#add-unit');
  assert.ok((await pageRequest(page)).units.some((u) => u.id === evil));
  await hook(page, 'render', hostile(canned['arcane-legions'], evil));
  assert.ok((await page.textContent('#unit-list')).includes(evil));
  assert.ok((await page.textContent('#details')).includes(evil));
  assert.equal(await page.locator('main img, main script, main iframe, main b').count(), 0);
  assert.equal(await page.evaluate(() => window.__pwned), undefined);
  await page.screenshot({ path: join(artifacts, 'hostile-360x740.png'), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('the board pans, zooms by wheel and buttons, and pinches on touch', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await page.click('#fit'); // the first answer is framed on load: start from the whole table
  const a0 = await hook(page, 'screenOf', 'Legion'), b0 = await hook(page, 'screenOf', 'Chargers');
  const box = await page.locator('#board').boundingBox();
  // pan by dragging empty space (above the table once it is fitted)
  await drag(page, { x: box.x + 20, y: box.y + 12 }, { x: box.x + 80, y: box.y + 52 });
  const panned = await hook(page, 'screenOf', 'Legion');
  assert.ok(Math.abs(panned.x - a0.x - 60) < 2 && Math.abs(panned.y - a0.y - 40) < 2, JSON.stringify([a0, panned]));
  await page.click('#fit');
  const fitted = await hook(page, 'screenOf', 'Legion');
  assert.ok(Math.abs(fitted.x - a0.x) < 1 && Math.abs(fitted.y - a0.y) < 1);
  // wheel zoom about the pointer
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  for (let i = 0; i < 3; i++) await page.mouse.wheel(0, -100);
  await page.waitForFunction(([ax, bx]) => {
    const a = window.movecalcTest.screenOf('Legion'), b = window.movecalcTest.screenOf('Chargers');
    return Math.abs(b.x - a.x) > Math.abs(bx - ax) * 1.3;
  }, [a0.x, b0.x]);
  await page.click('#fit');
  // a two-finger pinch through pointer events (what a phone sends)
  await page.evaluate(() => {
    const c = document.getElementById('board');
    const r = c.getBoundingClientRect();
    const ev = (type, id, x) => c.dispatchEvent(new PointerEvent(type, { pointerId: id, pointerType: 'touch', isPrimary: id === 1, clientX: r.left + x, clientY: r.top + 200, bubbles: true }));
    ev('pointerdown', 1, 300); ev('pointerdown', 2, 400);
    ev('pointermove', 1, 250); ev('pointermove', 2, 450);
    ev('pointerup', 1, 250); ev('pointerup', 2, 450);
  });
  await page.waitForFunction(([ax, bx]) => {
    const a = window.movecalcTest.screenOf('Legion'), b = window.movecalcTest.screenOf('Chargers');
    return Math.abs(b.x - a.x) > Math.abs(bx - ax) * 1.5;
  }, [a0.x, b0.x]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a tap on a pursuer in The Ninth Age selects it and leaves the pursuit question as it was (9A-PU-1)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  await page.tap('#fit'); // the whole table: the empty corner tapped below is out of the framed view
  const before = await pageRequest(page);
  const p = await hook(page, 'screenOf', 'Spearmen');
  await page.touchscreen.tap(p.x, p.y);
  await page.waitForFunction(() => window.movecalcTest.state().selected === 'Spearmen');
  // a second tap, on the empty table, deselects: once it has, the first tap's end (where a tap
  // on a unit sets the question) has been handled too, the input events coming in order
  const empty = await hook(page, 'screenOfWorld', 66, 42);
  await page.touchscreen.tap(empty.x, empty.y);
  await page.waitForFunction(() => window.movecalcTest.state().selected === null);
  const after = await pageRequest(page);
  assert.equal(after.query, 'pursue');
  assert.deepEqual(after.pursued, before.pursued);
  assert.doesNotMatch(await page.textContent('#verdict'), /could not be read/);
  assert.deepEqual(errors, []);
  await context.close();
});
