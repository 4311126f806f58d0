// The Ninth Age in play by touch at 360 × 740: its opening plans nothing (a newcomer read the
// pursuit it used to open on, Make this move ready, as a move made for them), and a charge then a
// pursuit taken back one Undo at a time, each step a position that was on the board and said
// (docs/page.md "Undo and Redo"), then redone in the words the moves were made in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, pickSystem, ruled, hook, verdict, setDice, knightsOnRaidersFlank, touchDrag, painted, pageRequest } from './browser.mjs';
import { rectCorners } from '../../web/geometry.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const docNow = async (page) => (await hook(page, 'state')).doc;
/** The verdict once it starts with `lead`, is not `was`, and the page has ruled on the position shown. */
async function said(page, lead, was = null) {
  await page.waitForFunction(([w, old]) => { const t = document.querySelector('#verdict').textContent; return t.startsWith(w) && t !== old && window.movecalcTest.ruled(); }, [lead, was]);
  return verdict(page);
}

test('ninth-age (360x740, touch): the opening plans no move: the position, no Make this move, no die rolled, and the verdict says the first touch', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  const d = await docNow(page);
  assert.deepEqual(d.units.map((u) => u.id), ['Spearmen', 'Knights', 'Raiders'], 'the position on the board');
  assert.equal(d.query, 'charge');
  assert.deepEqual([d.inputs.charge.charger, d.inputs.charge.target, d.inputs.charge.range], ['', '', ''], 'no charge planned');
  assert.deepEqual([d.inputs.pursue.pursuers, d.inputs.pursue.fleeDistance, d.inputs.flee.distance], [[], '', ''], 'no pursuit planned, no die rolled');
  assert.equal(await page.isVisible('#apply'), false, 'no move to make');
  assert.equal(await verdict(page), 'Drag a unit onto an enemy to charge it, or onto open ground to measure.');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-CH-1: the Knights' Charge Range is their Advance Rate 8″ + 2D6; dice of 3 and 2 give 13″.
// 9A-FL-1, 9A-DST-1: after the charge the Raiders flee 2D6 (3 + 2 = 5″) and the Knights pursue
// 2D6 (5″): a pursuit roll of at least the flee's catches and destroys them.
test('ninth-age (360x740, touch): 9A-CH-1 9A-DST-1 a charge then a pursuit: each of the six Undos shows the position as it was before that step and says what it took back (a move, a roll, the question chosen, the drag’s charge); Redo says each move in the words it was made in', { timeout: 600000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  const states = [await docNow(page)];
  const keep = async () => states.push(await docNow(page));
  // the Knights dragged onto the Raiders' flank (a charge asked), rolled 3 + 2, made
  await knightsOnRaidersFlank(page);
  await keep();
  await setDice(page, 3, 2);
  await page.tap('#play-roll');
  await page.waitForFunction(() => window.movecalcTest.request().range === 13);
  await ruled(page);
  await keep();
  await page.tap('#apply');
  const chargeMade = await said(page, 'Charge made: ');
  assert.match(chargeMade, /^Charge made: Knights charge Raiders in the left flank/);
  await keep();
  // the pursuit of the Raiders the charge leaves, chosen on the bar, rolled 3 + 2 each, made
  await page.selectOption('#play-question', 'pursue');
  await ruled(page);
  await keep();
  await setDice(page, 3, 2);
  await page.tap('#play-roll');
  await page.waitForFunction(() => window.movecalcTest.request().pursued?.fleeDistance === 5);
  await ruled(page);
  await keep();
  await page.tap('#apply');
  const pursuitMade = await said(page, 'Pursuit made: ');
  assert.match(pursuitMade, /^Pursuit made: Raiders are caught and destroyed \(pursuit 5 against flee 5\)\./, '9A-DST-1: 5 against 5 catches them');
  // states: 0 the opening, 1 the drag's charge, 2 its roll, 3 the charge made, 4 Pursue chosen, 5 its roll
  const undo = async () => { const was = await verdict(page); await page.tap('#undo'); return said(page, 'Undone: ', was); };
  const back = [
    [5, /^Undone: Knights are back at [^;]*; Raiders are back at x 31″, y 26″, facing 180° \(Redo to make it again\)\./, 'the pursuit made'],
    [4, /^Undone: the roll: Raiders’ flee 5, Knights’ pursuit 5 \(Redo to make it again\)\./, 'the pursuit’s roll'],
    [3, /^Undone: Pursue chosen, back on Charge \(Redo to make it again\)\./, 'the question chosen'],
    [2, /^Undone: Knights are back at x 42″, y 16″, facing 350° \(Redo to make it again\)\./, 'the charge made'],
    [1, /^Undone: the roll: 3 \+ 2 → Charge Range 13″ \(Redo to make it again\)\./, 'the charge’s roll'],
    [0, /^Undone: the charge asked: Charger Knights, Target Raiders \(Redo to make it again\)\./, 'the drag’s charge'],
  ];
  for (const [i, words, what] of back) {
    const text = await undo();
    assert.match(text, words, `Undo of ${what} says so`);
    assert.deepEqual(await docNow(page), states[i], `Undo of ${what} shows the position before it`);
  }
  assert.equal(await page.isEnabled('#undo'), false, 'six steps back to the opening');
  // Redo: each move said as it was made (a pursuit that destroyed the Raiders is not "off the table")
  const redo = async () => { await page.tap('#redo'); await ruled(page); };
  for (let k = 0; k < 3; k++) await redo();
  assert.equal(await said(page, 'Redone: '), chargeMade.replace(/^Charge made: /, 'Redone: '), 'the charge redone in the words it was made in');
  for (let k = 0; k < 3; k++) await redo();
  assert.equal(await said(page, 'Redone: '), pursuitMade.replace(/^Pursuit made: /, 'Redone: '), 'the pursuit redone in the words it was made in');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-FL-1: after the charge made, the Raiders' flee of 2D6 = 6 + 5 = 11″ runs west from x 31″ to
// x 20″, past the left edge of an upright phone's view: the view pans to show it whole
// (ninth-age.js `showWhole`). Brought flush with the edge, the fled base lay under the numbers
// pinned there; it is brought 24 px clear (board-reveal.js M; 20 here).
test('ninth-age (360x740, touch): 9A-FL-1 a flee rolled after a charge made, run past the view’s edge, is brought into view clear of the board’s edges', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOf', 'Raiders'));
  await setDice(page, 5, 4);
  await page.tap('#play-roll');
  await ruled(page);
  await page.tap('#apply');
  await said(page, 'Charge made: ');
  await page.selectOption('#play-question', 'flee');
  await ruled(page);
  await setDice(page, 6, 5);
  await page.tap('#play-roll');
  await page.waitForFunction(() => window.movecalcTest.request().distance === 11);
  await ruled(page);
  await painted(page);
  const r = (await hook(page, 'ruling')).response.result;
  assert.deepEqual([r.final?.x, r.final?.y, r.final?.facing], [20, 26, 270], '9A-FL-1: the Raiders flee 11″ west, from x 31″ to x 20″');
  const poses = (await hook(page, 'overlay')).filter((o) => o.type === 'pose');
  assert.ok(poses.some((o) => o.label === 'Raiders: fled 11″'), 'the flee’s end drawn');
  const box = await page.evaluate(() => { const b = document.querySelector('#board').getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; });
  for (const o of poses) {
    for (const [x, y] of rectCorners(o.pose.x, o.pose.y, o.pose.facing, o.w, o.d)) {
      const p = await hook(page, 'screenOfWorld', x, y);
      assert.ok(p.x >= box[0] + 20 && p.x <= box[2] - 20 && p.y >= box[1] + 20 && p.y <= box[3] - 20,
        `${o.label ?? 'a base'}'s corner (${p.x.toFixed(0)}, ${p.y.toFixed(0)}) inside the board ${box.map((v) => v.toFixed(0))} by 20 px`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// The legend's "How to play" is the game's own from its first view: The Ninth Age's opening asks
// nothing (no ruling to draw), and its legend kept the game shown before it, or nothing after a
// reload, until a first charge was ruled (a newcomer read Arcane Legions' steps and turning tool
// there).
test('ninth-age (360x740, touch): the legend says how The Ninth Age is played from its first view, after another game and after a reload', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const howTo = async () => page.evaluate(() => document.querySelector('#legend .how-to')?.textContent ?? '');
  for (const other of ['arcane-legions', 'torn-world']) {
    await pickSystem(page, other);
    await pickSystem(page, 'ninth-age');
    assert.match(await howTo(), /^How to play: Drag a unit onto an enemy to charge it/, `after ${other}`);
  }
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  await ruled(page);
  assert.equal((await pageRequest(page)).system, 'ninth-age');
  assert.match(await howTo(), /^How to play: Drag a unit onto an enemy to charge it/, 'after a reload');
  assert.deepEqual(errors, []);
  await context.close();
});
