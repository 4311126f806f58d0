// Edits are never lost (issue 22; docs/STYLE "a control being edited is never re-created"): a value
// typed into a field reaches the ruling when the next field is tapped (360 × 740, touch) or tabbed
// to (1280 × 800), and the field tapped or tabbed to keeps the focus, though committing the last
// one re-renders the forms. Every kind of field is typed into: number, select, check, list, the
// unit form (a unit's and a new unit's) and the query form (its own fields and its list rows).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, spearmenPursuit, openPage, PHONE, DESKTOP, pageRequest, pickSystem, ruled, openPanel, painted, countAsks, unitForm, unitList } from './browser.mjs';
import { toAxial } from '../../web/hex.js';
import { LIVE_MS } from '../../web/forms.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const at = (key) => `[data-key="${key}"]`;
const focused = (page) => page.evaluate(() => document.activeElement?.dataset.key ?? document.activeElement?.tagName);

/** Taps a field, checks it has the focus, and replaces its text with `text` (a check is tapped only):
 * the text is selected as a phone's "Select all" does (Chromium's touch emulation ignores Control+A
 * in a number field), then typed key by key. */
async function tapType(page, key, text) {
  await page.tap(at(key));
  assert.equal(await focused(page), key, `the tapped field ${key} has the focus`);
  if (text === undefined) return;
  await page.evaluate(() => document.activeElement.select());
  await page.keyboard.type(text);
}

/** Tabs to the next control, checks it is `key`, and replaces its text with `text`. */
async function tabType(page, key, text) {
  await page.keyboard.press('Tab');
  assert.equal(await focused(page), key, `Tab moved the focus to ${key}`);
  if (text === undefined) return;
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

// The last field is committed by tapping (or clicking) outside the forms, then the page rules.
async function tapOutside(page, how = 'tap') {
  await page[how]('#verdict');
  await ruled(page);
}

const inches = (n, mm) => Math.round(n * mm / 25.4 * 1e6) / 1e6;

test('touch (360x740): typed numbers, a check and a list row reach the ruling, each tapped field keeps the focus (9A pursue, 9A-PU)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  await openPanel(page, 'ask-panel');
  // the query form: its own numbers, then the pursuit roll of the first pursuer (10 in the
  // default position) and its Overrun check, then a number above the list again
  await tapType(page, 'q.fleeFacing', '30');
  await tapType(page, 'pursuers.0.distance', '9');
  await tapType(page, 'pursuers.0.overrun');
  assert.equal(await page.isChecked(at('pursuers.0.overrun')), true, 'the tap checked the box');
  await tapType(page, 'q.fleeDistance', '12');
  await tapOutside(page);
  const req = await pageRequest(page);
  assert.equal(req.pursued.facing, 30);
  assert.equal(req.pursued.fleeDistance, 12);
  assert.deepEqual(req.pursuers[0], { unit: 'Spearmen', distance: 9, overrun: true });
  // the unit form: a unit's position, files, a check and ranks (on a phone, under its tab)
  await page.tap('#tab-units-panel');
  await page.tap(at('pick:Spearmen'));
  await unitForm(page); // (fetched when it first comes into view: scrolled to, as a finger would)
  await tapType(page, 'unit.x', '31');
  await tapType(page, 'unit.files', '6');
  await tapType(page, 'unit.fled');
  await tapType(page, 'unit.ranks', '3');
  await tapOutside(page);
  const u = (await pageRequest(page)).units.find((v) => v.id === 'Spearmen');
  // 25 × 25 mm bases (A-9A-1): 6 files and 3 ranks
  assert.deepEqual([u.x, u.width, u.depth, u.fled], [31, inches(6, 25), inches(3, 25), true]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch (360x740): list fields and a select of the unit form, and a new unit\'s column and row (GODSGLOOM, C&C)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  await page.tap('#tab-units-panel');
  await page.tap(at('pick:Shieldwall'));
  await unitForm(page);
  await tapType(page, 'unit.tokens', 'slow');
  await tapType(page, 'unit.speed', '5');
  await tapType(page, 'unit.traits', 'nimble, circular defence');
  await tapType(page, 'unit.facing');
  await page.selectOption(at('unit.facing'), '3');
  await tapType(page, 'unit.abilities', 'leap');
  await tapOutside(page);
  const u = (await pageRequest(page)).units.find((v) => v.id === 'Shieldwall');
  assert.deepEqual([u.tokens, u.speed, u.traits, u.facing, u.abilities], [['slow'], 5, ['nimble', 'circular defence'], 3, ['leap']]);
  // a new unit: its name, column, row and type typed or chosen before Add unit
  await pickSystem(page, 'cc-ancients'); // nothing selected: the unit form is the new unit's
  await tapType(page, 'unit.id', 'Velites');
  await tapType(page, 'unit.col', '2');
  await tapType(page, 'unit.row', '5');
  await tapType(page, 'unit.type');
  await page.selectOption(at('unit.type'), 'light infantry');
  await page.tap('#add-unit');
  await ruled(page);
  const added = (await pageRequest(page)).units.find((v) => v.id === 'Velites');
  assert.deepEqual(added && { q: added.q, r: added.r, type: added.type }, { ...toAxial(2, 5), type: 'light infantry' });
  assert.deepEqual(errors, []);
  await context.close();
});

test('keyboard (1280x800): Tab commits each field and lands on the next; selects changed by arrow keys keep the focus (AL move, 9A pursue)', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  // Arcane Legions move: a select changed by the arrow keys commits at once and re-renders the
  // forms; the focus stays on it, and Tab goes on to the next select (the move asked: the opening
  // shows the Legion's reach)
  await page.selectOption('#query', 'move');
  await page.focus(at('q.slide'));
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(page), 'q.slide');
  await tabType(page, 'q.snapSide');
  await page.keyboard.press('ArrowDown');
  await tapOutside(page, 'click');
  const order = (await pageRequest(page)).order;
  assert.deepEqual([order.slide, order.snapSide], ['left', 'cw']);
  // The Ninth Age pursue, by Tab only
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  await page.click(at('q.fleeFacing'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('45');
  await tabType(page, 'q.fleeDistance', '8');
  await tabType(page, 'q.roll:fleeDistance'); // its Roll 2D6 button
  await tabType(page, 'pursuers.0.unit');
  await tabType(page, 'pursuers.0.distance', '9');
  await tabType(page, 'pursuers.0.roll:distance'); // the row's own Roll 2D6 button
  await tabType(page, 'pursuers.0.overrun');
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab'); // on to the row's remove button: the check was committed
  await tapOutside(page, 'click');
  const req = await pageRequest(page);
  assert.deepEqual([req.pursued.facing, req.pursued.fleeDistance, req.pursuers[0].distance, req.pursuers[0].overrun], [45, 8, 9, true]);
  // the unit form by Tab: x, y, facing of the selected unit (picked on the list, brought into view)
  await unitList(page);
  await page.click(at('pick:Knights'));
  await unitForm(page);
  await page.click(at('unit.x'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('40');
  await tabType(page, 'unit.y', '20');
  await tabType(page, 'unit.facing', '90');
  await page.keyboard.press('Tab');
  await tapOutside(page, 'click');
  const k = (await pageRequest(page)).units.find((v) => v.id === 'Knights');
  assert.deepEqual([k.x, k.y, k.facing], [40, 20, 90]);
  assert.deepEqual(errors, []);
  await context.close();
});

test('a value typed and left by switching the game reaches that game\'s position', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  await page.click(at('q.fleeDistance'));
  await page.keyboard.press('Control+A');
  await page.keyboard.type('5');
  await pickSystem(page, 'godsgloom');
  await pickSystem(page, 'ninth-age');
  assert.equal((await pageRequest(page)).pursued.fleeDistance, 5);
  assert.deepEqual(errors, []);
  await context.close();
});

test('touch (360x740): a number of the question is ruled as it is typed, before the field is left, keeping the focus and the caret; a partial or out-of-range value waits quietly (C&C retreat flags, CCA-RT)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  await openPanel(page, 'ask-panel');
  await page.selectOption('#query', 'retreat');
  await ruled(page);
  const says = (flags) => page.waitForFunction((n) => window.movecalcTest.ruled() && document.getElementById('verdict').textContent.includes(`${n} flags of ${n} taken`), flags, { timeout: 5000 });
  // the Hastati have no flag they may disregard: every flag rolled is taken
  await tapType(page, 'q.flags', '3');
  await says(3);
  assert.equal(await focused(page), 'q.flags', 'the field typed in keeps the focus while the page rules');
  // the next digit goes after the 3 (the caret stayed at the end): 31 flags, still one Undo step
  await page.keyboard.type('1');
  await says(31);
  assert.equal(await page.inputValue(at('q.flags')), '31');
  assert.equal(await focused(page), 'q.flags');
  // 99 is over the field's 64: nothing is ruled and nothing is marked while it is being typed
  await page.evaluate(() => document.activeElement.select());
  await page.keyboard.type('99');
  // the live commit's timer, set LIVE_MS after the last key, has had its turn: a timer as long set
  // once the 99 is in the field runs after it
  await page.evaluate((ms) => {
    if (document.activeElement.value !== '99') throw new Error(`the field holds ${document.activeElement.value}`);
    return new Promise((r) => setTimeout(r, ms));
  }, LIVE_MS);
  assert.equal((await pageRequest(page)).flags, 31);
  assert.notEqual(await page.getAttribute(at('q.flags'), 'aria-invalid'), 'true');
  assert.doesNotMatch(await page.getAttribute('#verdict', 'class'), /error|illegal/);
  // typed again as the dice say; leaving the field asks nothing more (the 2 is ruled already)
  await page.evaluate(() => document.activeElement.select());
  await page.keyboard.type('2');
  await says(2);
  const asks = await countAsks(page);
  await tapOutside(page);
  await painted(page); // the frame a change would be ruled in
  assert.equal(await asks(), 0, 'no second ruling of the same 2');
  // the digits typed in one go are one Undo step
  await page.tap('#undo');
  await ruled(page);
  assert.equal((await pageRequest(page)).flags, 1);
  assert.equal(await asks(), 1, 'the Undo was asked: the count sees a question');
  assert.deepEqual(errors, []);
  await context.close();
});
