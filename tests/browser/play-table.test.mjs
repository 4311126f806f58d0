// Play on a table (issue 31, web/play-table.js), by touch at 360 × 740 from each game's own
// position: Arcane Legions' step, turn, step and turn in one drag, collision and slides, The Ninth
// Age's charge and pursuit; then the accessible board by keyboard (web/unit-controls.js, units
// found by role and name) and Set up's unit tray (web/unit-tray.js). Each
// journey takes at most 5 touches and no typing, and ends with the move made, undone and redone;
// an illegal drop leaves the unit where it stood with the reason on screen. Expected figures come
// from the codex and the geometry in the comments; the page's verdict is checked against them and
// against the engine's own answer to the page's request (wasm/movecalc.mjs). Screenshots of each
// step go to tests/artifacts/play-table-<game>-<step>-360x740.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, spearmenPursuit, engineAnswer as answer, openPage, PHONE, DESKTOP, pageRequest, pickSystem, ruled, openPanel, hook, selectByKeys, verdict, verdictShows, artifacts, touchDrag, painted, setMode, setDice, focusBoard, knightsOnRaidersFlank, knightsChargeMade } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const shot = async (page, game, name) => { await painted(page); await page.screenshot({ path: join(artifacts, `play-table-${game}-${name}-360x740.png`) }); };
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const near = (a, b, what, tol = 0.011) => assert.ok(Math.abs(a - b) < tol, `${what}: ${a} is ${b}`);
const pose = (u) => [u.x, u.y, u.facing];
// (on a timeout, what the page said and held instead: a failure seen once under load, not since)
const madeSaid = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.querySelector('#verdict').textContent), null, { timeout: 60000 })
  .catch(async (e) => {
    const said = await page.evaluate(() => ({ verdict: document.querySelector('#verdict').textContent, state: window.movecalcTest.state(), ruled: window.movecalcTest.ruled(), focused: document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.tagName }));
    throw new Error(`${e.message}; the page: ${JSON.stringify({ ...said, state: { pick: said.state.pick, selected: said.state.selected, tool: said.state.tool } })}`);
  });
/** Where unit `u`'s centre is on screen after moving `ahead` steps along its facing and `right` to its right (world: y up, facing clockwise from +y). */
const ahead = (page, u, along, right = 0) => {
  const f = u.facing * Math.PI / 180;
  return hook(page, 'screenOfWorld', u.x + Math.sin(f) * along + Math.cos(f) * right, u.y + Math.cos(f) * along - Math.sin(f) * right);
};

/**
 * Touches 4 and 5 of a journey: Undo puts `id` back at `home` and shows the move again, ready to
 * make (docs/page.md "Undo and Redo"), Redo makes it again (to `moved`). `asked`: the question
 * before the move (`dragged`: before the drag that made it, which a second Undo takes back).
 */
async function undoRedo(page, game, id, home, moved, name, asked = null, dragged = false) {
  await page.tap('#undo');
  await ruled(page);
  assert.deepEqual(pose(await unitOf(page, id)), home, 'one Undo step puts it back');
  await page.waitForFunction(() => /^Undone: /.test(document.querySelector('#verdict').textContent));
  await page.waitForSelector('#apply:not([hidden]):not([disabled])');
  if (dragged) { await page.tap('#undo'); await ruled(page); }
  if (asked) assert.deepEqual(await pageRequest(page), asked, dragged ? 'a second Undo brings back the question asked before the drag' : 'one Undo brings back the question the move was made from');
  if (dragged) { await page.tap('#redo'); await ruled(page); }
  await page.tap('#redo');
  await ruled(page);
  assert.deepEqual(pose(await unitOf(page, id)), moved, 'Redo makes the move again');
  await shot(page, game, `${name}-redone`);
}

test('arcane-legions (360x740, touch): play, AL-LAT-2 AL-LAT-3 a drag of 0.8 of a step ahead is one partial step for the forward cost of 1; AL-MOV-1 4 icons leave 3; the drop makes the order, undone and redone (3 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  assert.equal(await page.isChecked('input[name="mode"][value="play"]'), true, 'Play is the mode once a position is on the board');
  const home = await unitOf(page, 'Legion');
  const asked = await pageRequest(page);
  // touch 1: the Legion dragged 0.8 of a step along its own facing
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await ahead(page, home, 0.8), { hold: async () => {
    // the browser hands the board the finger's last moves with its next frames: the request, its
    // ruling and what is drawn are read together once the page has ruled on them
    await painted(page);
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 1 && window.movecalcTest.ruled());
    const now = await page.evaluate(() => ({ request: window.movecalcTest.request(), overlay: window.movecalcTest.overlay(), text: document.querySelector('#verdict').textContent }));
    const { request } = now;
    assert.equal(request.order.actions[0].step, 'forward');
    near(request.order.actions[0].distance, 0.8, 'a partial step, to a tenth', 0.11);
    // codex forward 1 (AL-LAT-2), a partial step costs as much as a whole one (AL-LAT-3), of 4 icons (AL-MOV-1)
    assert.match(now.text, /^Legion: legal move\. 1 of 4 movement points spent, 3 left/);
    const result = await answer(request);
    assert.ok(now.overlay.some((m) => m.type === 'pose' && m.color && Math.abs(m.pose.x - result.final.x) < 1e-6 && Math.abs(m.pose.y - result.final.y) < 1e-6), 'the ghost shows where the base ends');
    await shot(page, 'arcane-legions', 'step-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  const travelled = Math.hypot(moved.x - home.x, moved.y - home.y);
  near(travelled, 0.8, 'it moved 0.8 of a step', 0.11);
  assert.equal(moved.facing, home.facing, 'a step does not turn it');
  // the move made in a player's words, the step as made (its pose in steps' x and y told nothing)
  const made = (await verdict(page)).match(/^Move made: 1 of 4 movement points spent\. Legion moves (\d\.\d+) steps forward \(Undo to take it back\)\./);
  assert.ok(made, await verdict(page));
  near(Number(made[1]), travelled, 'the steps said are the steps moved', 0.006);
  // its button (unit-controls.js) follows once the finger lifts, named where it now stands
  const tenth = (v) => Math.round(v * 10) / 10;
  await page.getByRole('button', { name: `Legion, x ${tenth(moved.x)} y ${tenth(moved.y)} steps, facing 20`, exact: true }).waitFor();
  await shot(page, 'arcane-legions', 'step-moved');
  await undoRedo(page, 'arcane-legions', 'Legion', pose(home), pose(moved), 'step', asked, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (360x740, touch): play, AL-LAT-2 AL-LAT-3 an illegal drop: 2.5 steps back cost 2 each, the third is more than the 4 points: the Legion stays and the reason stays on screen', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await ahead(page, home, -2.5), { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 3 && window.movecalcTest.ruled());
  } });
  await ruled(page);
  const request = await pageRequest(page);
  assert.deepEqual(request.order.actions.map((a) => a.step), ['backward', 'backward', 'backward']);
  const result = await answer(request);
  assert.equal(result.legal, false, 'the engine: not a legal order');
  const text = await verdict(page);
  assert.match(text, /^Legion: not a legal move\./, `the reason stays\n${text}`);
  assert.ok(text.includes('4 of 4 movement points spent'), `two backward steps at 2 each spent the 4 points\n${text}`);
  assert.ok(result.reasons.length && result.reasons.every((x) => text.toLowerCase().includes(x.message.toLowerCase())), `the engine's reason in words\n${text}`);
  assert.deepEqual(pose(await unitOf(page, 'Legion')), pose(home), 'an illegal drop returns the unit');
  assert.equal(await page.isVisible('#apply'), false, 'no move to make');
  await shot(page, 'arcane-legions', 'illegal-dropped');
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (360x740, touch): play, AL-TRN-1 the turn handle dragged 45° round turns the Legion with the turning tool from facing 20 to 65; the drop makes it, undone and redone (4 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  // touch 1: a tap picks the unit (its turn handle shows, and its reach area)
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', 'Legion')));
  await ruled(page);
  const asked = await pageRequest(page);
  // touch 2: its handle dragged to 45° clockwise of its facing, two steps out
  const f = (home.facing + 45) * Math.PI / 180;
  const to = await hook(page, 'screenOfWorld', home.x + 2 * Math.sin(f), home.y + 2 * Math.cos(f));
  await touchDrag(page, await hook(page, 'handleOf', 'Legion'), to, { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.[0]?.turn === 45 && window.movecalcTest.ruled());
    const request = await pageRequest(page);
    assert.deepEqual(request.order.actions, [{ turn: 45, off: 'front', toward: 'right' }]);
    const result = await answer(request);
    // the wiki's turning tool article: a formation's turn costs 2 or 3 points (AL-TRN-2, A-AL-5)
    assert.ok([2, 3].includes(result.pointsSpent), `a formation's turn costs 2 or 3: ${result.pointsSpent}`);
    assert.match(await verdict(page), new RegExp(`^Legion: legal move\\. ${result.pointsSpent} of 4 movement points spent, ${4 - result.pointsSpent} left`));
    // why more than the codex's 1 for the front it turns off: that 1 again per step beyond the tool (AL-TRN-2)
    const beyond = result.pointsSpent - 1;
    assert.ok((await verdict(page)).includes(`The turn costs ${result.pointsSpent}: 1 for the side it turns off, and 1 again for ${beyond === 1 ? 'the step' : `each of the ${beyond} steps`} the unit lies beyond the turning tool. (rule AL-TRN-2)`), await verdict(page));
    assert.ok((await hook(page, 'overlay')).some((m) => m.type === 'polygon' && /^tool/.test(m.label ?? '')), 'the turning tool is drawn where it lies');
    await shot(page, 'arcane-legions', 'turn-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  assert.equal(moved.facing, 65, '20° + 45°');
  await shot(page, 'arcane-legions', 'turn-moved');
  await undoRedo(page, 'arcane-legions', 'Legion', pose(home), pose(moved), 'turn', asked, true);
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (360x740, touch): play, AL-COL-1 AL-SNP-1 AL-COL-2 dragged 3.4 steps ahead the Legion meets the Chargers at an angle in its third step, snaps flush and stops: 3 of 4 points, the last lost; made, undone and redone (3 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  const asked = await pageRequest(page);
  // the Legion (2 × 1, facing 20, at 14, 9): its front-left corner (13.23, 9.81) runs along
  // (sin 20°, cos 20°) into the Chargers' front edge (they face 180: y 12.5, x 14 to 16) after 2.86 steps
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await ahead(page, home, 3.4), { hold: async () => {
    // the finger 3.4 steps on asks [1, 1, 1, 0.4]; past the collision (AL-COL-2) the order ends with the step that collided
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 3 && window.movecalcTest.ruled());
    const text = await verdict(page);
    assert.match(text, /^Legion: legal move, meets Chargers\. 3 of 4 points spent, 1 left \(lost at the end\)/, `the collision ends the move after the third step\n${text}`);
    const result = await answer(await pageRequest(page));
    assert.equal(result.endedBy, 'collision');
    assert.deepEqual(result.actions[2].events.map((e) => e.type), ['collision', 'snap']);
    // snapped flush against the Chargers (facing 180): square to them, its front on their back edge
    assert.equal(((result.final.facing % 180) + 180) % 180, 0, 'snapped square to the Chargers');
    near(result.final.y, 12, 'its centre half a step short of their back edge at 12.5');
    await shot(page, 'arcane-legions', 'collision-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  near(moved.y, 12, 'the Legion stands against the Chargers');
  // its turn handle is not on the Chargers it now touches (ahead of it, where it took a drag meant
  // for them): behind the Legion, which faces 0 (up the screen)
  const hp = await hook(page, 'handleOf', 'Legion'), lc = await hook(page, 'screenOf', 'Legion');
  const [c0, c1] = [await hook(page, 'screenOfWorld', 14, 12.5), await hook(page, 'screenOfWorld', 16, 13.5)];
  const onChargers = hp.x > Math.min(c0.x, c1.x) - 12 && hp.x < Math.max(c0.x, c1.x) + 12 && hp.y > Math.min(c0.y, c1.y) - 12 && hp.y < Math.max(c0.y, c1.y) + 12;
  assert.ok(!onChargers, `the handle (${hp.x}, ${hp.y}) is off the Chargers`);
  assert.ok(hp.y > lc.y + 10 && Math.abs(hp.x - lc.x) < 2, `behind the Legion: ${JSON.stringify([hp, lc])}`);
  // the made move says what it met and the points it spent, not only where it stands: 2.86 steps
  // is 0.86 into the third, and it snaps square to the Chargers (facing 20 to 0)
  assert.match(await verdict(page), /^Move made: 3 of 4 movement points spent, 1 lost\. Legion collides with Chargers’ front edge, 0\.8\d steps into its 3rd step forward, then snaps 20° anticlockwise onto it \(Undo/, 'said as what happened');
  await shot(page, 'arcane-legions', 'collision-moved');
  await undoRedo(page, 'arcane-legions', 'Legion', pose(home), pose(moved), 'collision', asked, true);
  // the handle behind turns the Legion as one ahead would (AL-TRN-1): carried a quarter round
  // anticlockwise, from behind to its right side, it asks the turning tool's 90° left
  const back = await hook(page, 'handleOf', 'Legion'), mid = await hook(page, 'screenOf', 'Legion');
  const r = Math.hypot(back.x - mid.x, back.y - mid.y);
  await touchDrag(page, back, { x: mid.x + r, y: mid.y }, { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.some((a) => a.turn), null, { timeout: 15000 });
    assert.deepEqual((await pageRequest(page)).order.actions.map((a) => [a.turn, a.toward]), [[90, 'left']]);
  } });
  assert.deepEqual(errors, []);
  await context.close();
});

test('ninth-age (360x740, touch): play, 9A-CH-1 9A-ARC-1 the Knights dragged onto the Raiders’ left flank charge it, the flank under the finger marked, the Charge Range roll it needs said; let go, nothing moves until the play bar’s Roll 2D6 (3 + 2: 8″ + 5 = 13″ reaches), then Make this move; undone and redone (5 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  assert.equal(await page.isChecked('input[name="mode"][value="play"]'), true);
  const home = await unitOf(page, 'Knights');
  const raiders = await unitOf(page, 'Raiders');
  // the Raiders face 180 (down the table): their left flank is their east edge, x 31 + 4.92 / 2;
  // the Knights (42, 16) stand south-east of them, beyond the line of their front's east corner
  await page.tap('#fit');
  await painted(page);
  const fitted = (await hook(page, 'boardNames')).bodies.Raiders;
  const flank = await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y);
  let distance = 0;
  // touch 1: the drag
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), flank, { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Knights' && window.movecalcTest.ruled());
    const request = await pageRequest(page);
    assert.deepEqual([request.charger, request.target], ['Knights', 'Raiders']);
    const result = await answer(request);
    assert.equal(result.possible, true);
    assert.equal(result.facing, 'left', 'the engine: the left flank (9A-ARC-1)');
    assert.ok((await hook(page, 'playOverlay')).some((m) => m.label === 'left flank under your finger'), 'the facing under the finger is marked');
    // no range rolled: the charge is ruled at any distance, and the verdict says first what the
    // Charge Range, 2D6 + the Knights' Advance Rate of 8″, must roll: 12–13″ less 8 is more than 4, so 5 or more
    distance = result.distance;
    assert.ok(distance > 12 && distance <= 13, `the charge's length: ${distance}`);
    assert.match(await verdict(page), /^Needs 5\+ on 2D6: Charge Range 8″ \+ 2D6 ≥ 12(\.\d)?″\. \(rule 9A-CH-1\) The charge can be made: Knights charge Raiders in the left flank/, 'the roll, then the charge in words');
    await shot(page, 'ninth-age', 'charge-held');
  } });
  await ruled(page);
  // a charge is made by its dice: dropped unrolled, the Knights stay, the roll it needs still said
  assert.deepEqual(pose(await unitOf(page, 'Knights')), pose(home), 'an unrolled charge moves nothing');
  assert.match(await verdict(page), /Needs 5\+ on 2D6/);
  // the charge aimed is a new question, both its units in view; the view the player reached the
  // flank at stays (zoomed in on them, it lost the player's place)
  await painted(page);
  const { bodies } = await hook(page, 'boardNames'), view = await page.evaluate(() => { const c = document.getElementById('board'); return [c.clientWidth, c.clientHeight]; });
  assert.deepEqual(bodies.Raiders.map(Math.round), fitted.map(Math.round), 'the Raiders where they were on the screen');
  for (const id of ['Knights', 'Raiders']) {
    const [x0, y0, x1, y1] = bodies[id];
    assert.ok(x0 >= 0 && y0 >= 0 && x1 <= view[0] && y1 <= view[1], `${id} in view: ${bodies[id].map(Math.round)} of ${view}`);
  }
  assert.equal(await page.isVisible('#apply'), false, 'Make this move waits for the roll');
  assert.equal(await page.textContent('#play-bar .roll-words'), 'Dice to roll: Charge Range.', 'the die to roll named, not shown as "?"');
  const asked = await pageRequest(page);
  // the bar keeps the way to the questions the dice decide, the charge shown as the question
  assert.deepEqual(await page.$eval('#play-question', (s) => [s.value, ...[...s.options].map((o) => o.value)]), ['charge', 'charge', 'pursue', 'flee']);
  await shot(page, 'ninth-age', 'charge-dropped');
  // touch 2: the bar's Roll 2D6, the dice falling 3 and 2: a Charge Range of 8 + 5 = 13″, enough
  // for the 12–13″ charge; the higher die, 3, kept for a Failed Charge Move
  await setDice(page, 3, 2);
  await page.tap('#play-roll');
  await ruled(page);
  const rolled = await pageRequest(page);
  assert.deepEqual([rolled.range, rolled.highestDie], [13, 3], 'the Charge Range: Advance Rate 8″ + 3 + 2, the highest D6 3');
  assert.equal(await page.textContent('#play-bar .roll-words'), 'Dice: 3 + 2 → Charge Range 13″.', 'the bar says the dice and the range they give');
  assert.match(await verdict(page), /^Rolled 3 \+ 2: Charge Range 8″ \+ 5 = 13″ reaches 12(\.\d)?″\. \(rule 9A-CH-1\) The charge can be made: Knights charge Raiders in the left flank/);
  // touch 3: Make this move
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Knights');
  // contact: the Knights' front against the Raiders' east edge, so facing 270 (looking west)
  assert.equal(moved.facing, 270, 'aligned to the flank');
  // the Raiders 5 files of 25 mm wide (4.92″), the Knights one rank of 50 mm deep (1.97″)
  near(moved.x, raiders.x + 125 / 25.4 / 2 + 50 / 25.4 / 2, 'its centre half its depth east of the flank', 0.02);
  await shot(page, 'ninth-age', 'charge-moved');
  // touches 4 and 5 (Undo takes back the move; the roll before it is its own step)
  await undoRedo(page, 'ninth-age', 'Knights', pose(home), pose(moved), 'charge', rolled);
  assert.deepEqual(errors, []);
  await context.close();
});

// What the newcomer met: after a charge made, a drag onto open ground left "Charge made: …" as the
// verdict (a measure edits nothing, so the move made stayed the held words): the verdict is the measure.
test('ninth-age (360x740, touch): play, 9A-CH-1 after a charge made (Roll 2D6 3 + 2, Make this move), the Spearmen dragged 3″ back onto open ground: the verdict is the ruler’s reading, not “Charge made”', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsChargeMade(page);
  assert.match(await verdict(page), /^Charge made:/);
  await page.tap('#fit');
  await painted(page);
  const spear = await unitOf(page, 'Spearmen');
  // carried by its middle 3″ straight back: its front comes 3″ behind where it stood
  await touchDrag(page, await hook(page, 'screenOf', 'Spearmen'), await ahead(page, spear, -3));
  await page.waitForFunction(() => window.movecalcTest.playOverlay().some((m) => m.ruler));
  await painted(page);
  assert.deepEqual(pose(await unitOf(page, 'Spearmen')), pose(spear), 'a ruler moves nothing');
  const text = await verdict(page);
  assert.match(text, /^Ruler: [23](\.\d)?″ backward from the Spearmen’s front/, text);
  assert.doesNotMatch(text, /Charge made/);
  await shot(page, 'ninth-age', 'measure-after-made');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ninth-age (360x740, touch): play, 9A-CH-1 A-9A-4 a charge rolled short: 1 + 2 is a Charge Range of 11″ for a 12–13″ charge, so Make this move makes the Knights’ Failed Charge Move, the highest D6 (2″) toward the Raiders, and says so', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  const home = await unitOf(page, 'Knights');
  const raiders = await knightsOnRaidersFlank(page);
  await setDice(page, 1, 2);
  await page.tap('#play-roll');
  await ruled(page);
  const request = await pageRequest(page);
  assert.deepEqual([request.range, request.highestDie], [11, 2], 'Advance Rate 8″ + 1 + 2, the highest D6 2');
  assert.match(await verdict(page), /^Rolled 2 \+ 1: Charge Range 8″ \+ 3 = 11″, short of 12(\.\d)?″\. \(rule 9A-CH-1\) The charge cannot be made\. Knights cannot charge: out of range \(needs 12(\.\d)?″, rolled 11″\)\. Failed Charge Move \(highest D6 2\): moves 2″/);
  await page.tap('#apply');
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Charge failed: Knights cannot charge: out of range'));
  await ruled(page);
  const moved = await unitOf(page, 'Knights');
  // 2″ in all, the wheel's outer corner included (A-9A-4): the centre moves no more than that
  const went = Math.hypot(moved.x - home.x, moved.y - home.y);
  assert.ok(went > 0.5 && went <= 2 + 0.011, `moved toward the Raiders by at most 2″: ${went}`);
  assert.ok(Math.hypot(moved.x - raiders.x, moved.y - raiders.y) < Math.hypot(home.x - raiders.x, home.y - raiders.y), 'nearer the Raiders');
  await shot(page, 'ninth-age', 'charge-failed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ninth-age (360x740, touch): play, 9A-ARC-1 dragged onto the Raiders’ front the charge is still against the left flank, and the verdict says why; open ground is measured from the front, against the Advance Rate forward and half of it sideways (red beyond); a charge out of range is not made and says why', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  const home = await unitOf(page, 'Knights');
  const raiders = await unitOf(page, 'Raiders');
  await page.tap('#fit');
  // over open ground: a ruler from the Knights' front as far as they are carried, 6″ ahead (picked
  // up by their middle, which the finger carries: the front is 0.985″ ahead of it, and the ruler
  // measured to the finger read 1″ short)
  const f = home.facing * Math.PI / 180;
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', home.x + Math.sin(f) * 6, home.y + Math.cos(f) * 6), { hold: async () => {
    // the overlay is the carry's state at once; the board paints it on the next frame
    const drawn = await page.waitForFunction(() => {
      const r = window.movecalcTest.playOverlay().find((m) => m.ruler);
      return r && window.movecalcTest.boardText().some(([t]) => t === r.label);
    }, null, { timeout: 15000 }).then(() => true, () => false);
    const ruler = (await hook(page, 'playOverlay')).find((m) => m.ruler);
    assert.ok(drawn, `its reading is drawn on the board: ${ruler?.label}`);
    const [, len, of] = ruler.label.match(/^([\d.]+)″ of ([\d.]+)″ forward$/) ?? [];
    near(Number(len), 6, `6″ measured (a finger's pixel either way): ${ruler.label}`, 0.5);
    assert.equal(of, '8', 'forward, against its Advance Rate of 8″');
    await shot(page, 'ninth-age', 'ruler-held');
  } });
  assert.match(await page.textContent('#tool-note'), /^Ruler: [56](\.\d)?″ forward from the Knights’ front, within its Advance Rate of 8″/);
  assert.deepEqual(pose(await unitOf(page, 'Knights')), pose(home), 'a ruler moves nothing');
  // lifted, the reading stays on the board (it went with the finger), until the next drag
  const kept = await page.waitForFunction(() => {
    const r = window.movecalcTest.playOverlay().find((m) => m.ruler);
    return r && window.movecalcTest.boardText().some(([t]) => t === r.label) && r.label;
  }, null, { timeout: 15000 }).then((h) => h.jsonValue(), () => null);
  assert.match(kept ?? '', /^[56](\.\d)?″ of 8″ forward$/, `the reading is still drawn after the lift: ${kept}`);
  await shot(page, 'ninth-age', 'ruler-kept');
  // 6″ to their left: sideways, where an Advance Move goes half the Advance Rate, 4″; the reading
  // says which way it measured and that 6″ is too far, in red
  const left = [home.x - Math.cos(f) * 6, home.y + Math.sin(f) * 6];
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', ...left), { hold: async () => {
    const side = await page.waitForFunction(() => window.movecalcTest.playOverlay().find((m) => m.ruler && /sideways/.test(m.label)), null, { timeout: 15000 }).then((h) => h.jsonValue());
    assert.match(side.label, /^[56](\.\d)?″ of 4″ sideways: too far$/, side.label);
    assert.equal(side.color, '#c53030', 'drawn red: beyond half the Advance Rate');
  } });
  assert.match(await page.textContent('#tool-note'), /^Ruler: [56](\.\d)?″ sideways from the Knights’ front, beyond half its Advance Rate of 4″/);
  // onto the Raiders' front (their south edge): the charge is against the flank its arcs give
  const places = () => page.evaluate(() => ['verdict', 'tabs'].map((id) => { const r = document.getElementById(id).getBoundingClientRect(); return [r.top, r.height]; }));
  const before = await places();
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 0.5, raiders.y - 1.2), { hold: async (moveTo) => {
    await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Knights' && window.movecalcTest.ruled());
    const text = await verdict(page);
    assert.match(text, /Knights charge Raiders in the left flank/, text);
    assert.ok(text.includes('Flank charge: Knights stand in Raiders’ left flank arc. (rule 9A-ARC-1)'), text);
    // the note does not grow the verdict under the finger aiming the charge: the tabs a finger may
    // be on its way to stay where they were (a tap on the verdict shows it whole)
    await painted(page);
    assert.deepEqual(await places(), before, 'the verdict and the tabs keep their places while the charge is aimed');
    await shot(page, 'ninth-age', 'charge-arc-held');
    // then off again onto open ground: the question before the drag (the opening's: no charge
    // planned) is the question again
    await moveTo(await hook(page, 'screenOfWorld', raiders.x + 0.5, raiders.y - 8));
    await page.waitForFunction(() => window.movecalcTest.state().doc.inputs.charge.charger === '');
  } });
  await ruled(page);
  assert.deepEqual(pose(await unitOf(page, 'Knights')), pose(home), 'let go over open ground, nothing is charged');
  // out of range: a range typed in the charge's form (2″) is kept for the Knights' next charge
  await openPanel(page, 'ask-panel');
  await page.selectOption('#query', 'charge');
  await ruled(page);
  // (the Knights' range: the opening's charge has no charger)
  await page.selectOption('[data-key="q.charger"]', 'Knights');
  await page.fill('[data-key="q.range"]', '2');
  await page.tap('#verdict');
  await ruled(page);
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y));
  await ruled(page);
  const text = await verdict(page);
  assert.match(text, /out of range/, `the reason stays on screen\n${text}`);
  assert.deepEqual(pose(await unitOf(page, 'Knights')), pose(home), 'a charge that cannot be made leaves the charger where it stood');
  await shot(page, 'ninth-age', 'charge-out-of-range');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-ARC-1: a charger charges the facing whose arc it stands in, whatever edge the finger drops it
// on. The Knights (42, 16) stand in the Raiders' left flank arc (the test above); dropped on the
// Raiders' front (they face 180: their front is their south edge, y 26 - 1.5), the verdict says why
// the charge is the flank's, in the lines a phone shows before its "…" (after the ruling's words it
// was a fifth line, hidden).
for (const viewport of [PHONE, { width: 740, height: 360 }]) {
  test(`ninth-age (${viewport.width}x${viewport.height}, touch): play, 9A-ARC-1 the Knights dropped on the Raiders’ front charge their left flank, and the verdict shows why without a tap`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await pickSystem(page, 'ninth-age');
    const raiders = await unitOf(page, 'Raiders');
    // a landscape phone's opening view shows the pursuit's Raiders above its tip box and points at
    // the Knights past its right edge: the view is dragged left from its right edge until they are
    // in it, as a player following the arrow does
    const board = await page.locator('#board').boundingBox(), knights = (await hook(page, 'unitBoxes')).Knights;
    const past = knights[2] - (board.x + board.width - 30);
    if (past > 0) {
      const at = { x: board.x + board.width - 20, y: board.y + board.height / 2 };
      await touchDrag(page, at, { x: at.x - past, y: at.y });
      await painted(page);
    }
    await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 0.5, raiders.y - 0.8), { hold: async () => {
      await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Knights' && window.movecalcTest.ruled());
      assert.ok((await hook(page, 'playOverlay')).some((m) => m.label === 'front under your finger'), 'the front is under the finger');
    } });
    await ruled(page);
    await painted(page);
    const why = 'Flank charge: Knights stand in Raiders’ left flank arc';
    assert.ok((await verdict(page)).includes(why), await verdict(page));
    assert.match(await page.getAttribute('#verdict', 'class'), /\bcut\b/, 'the verdict is longer than its box');
    assert.equal(await verdictShows(page, why), true, `“${why}” shows whole in the verdict's box`);
    await page.screenshot({ path: join(artifacts, `play-table-ninth-age-arc-note-${viewport.width}x${viewport.height}.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// What the newcomer met (issue 31: "Dragging a unit onto open ground measures it against its move (a
// ruler from its front)"): after a pursuit the Spearmen stand to the Knights' upper left; the Knights
// dragged 6.5″ back and to the left (a 13.8 px inch, as the pursuit's framing had it). The ruler's
// reading is drawn clear of the units' names, and the verdict is the measure's, not the pursuit's.
test('ninth-age (360x740, touch): play, a drag onto open ground behind the Knights: the ruler’s reading covers no name, and the verdict is the measure (half the Advance Rate backward, beyond), not the ruling before it', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  // the Spearmen set up where the pursuit left them (their middle 1.9″ right and 5.4″ up)
  await setMode(page, 'setup', true);
  const spear = await unitOf(page, 'Spearmen');
  await touchDrag(page, await hook(page, 'screenOf', 'Spearmen'), await hook(page, 'screenOfWorld', spear.x + 1.9, spear.y + 5.4));
  await setMode(page, 'play', true);
  await ruled(page);
  const before = await verdict(page);
  assert.equal(await page.isVisible('#apply'), true, 'the pursuit before the drag is a move to make');
  while ((await hook(page, 'camera')).s < 13.8) await page.tap('#zoom-in');
  const knights = await unitOf(page, 'Knights');
  const from = await hook(page, 'screenOf', 'Knights');
  await touchDrag(page, from, await hook(page, 'screenOfWorld', knights.x - 2.9, knights.y - 5.8));
  await page.waitForFunction(() => window.movecalcTest.playOverlay().some((m) => m.ruler));
  await painted(page);
  const labels = await hook(page, 'boardLabels');
  const plate = labels.find((l) => l.kind === 'ruler');
  assert.ok(plate, 'the reading is drawn');
  const over = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
  assert.deepEqual(labels.filter((l) => l.kind === 'name' && over(l.box, plate.box)).map((l) => l.text), [], `“${plate.text}” covers no name`);
  const text = await verdict(page);
  assert.notEqual(text, before);
  // backward, an Advance Move goes half the Advance Rate: 4″ of the Knights' 8″
  assert.match(text, /^Ruler: [67](\.\d)?″ backward from the Knights’ front, beyond half its Advance Rate of 4″\./, text);
  assert.match(await page.getAttribute('#verdict', 'class'), /\billegal\b/, 'beyond what an Advance Move goes: said as against');
  // the pursuit's Make this move went with its verdict: it stayed beside the ruler's reading
  assert.equal(await page.isVisible('#apply'), false, 'no Make this move beside the ruler’s reading');
  await shot(page, 'ninth-age', 'ruler-behind');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ninth-age (360x740, touch): play, 9A-PU-1 9A-DST-1 a pursuit stays roll-driven: Roll 2D6 (10 against a flee of 11: the Raiders escape), Make this move, undone and redone (5 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  const home = await unitOf(page, 'Spearmen');
  // touch 1: the question (the pursuit, the game's own); touch 2: the pursuer's roll
  await openPanel(page, 'ask-panel');
  // the dice fall 5 and 5: a pursuit of 10, one short of the Raiders' flee of 11
  await setDice(page, 5, 5);
  await page.tap('[data-key="pursuers.0.roll:distance"]');
  await ruled(page);
  const request = await pageRequest(page);
  assert.equal(request.pursuers[0].distance, 10, 'the 2D6 rolled: 5 + 5');
  assert.equal(request.pursued.fleeDistance, 11, 'the flee the position gives');
  const result = await answer(request);
  const sp = result.pursuers.find((p) => p.unit === 'Spearmen');
  // 9A-DST-1: a pursuit roll short of the flee roll does not catch the fleeing unit
  assert.equal(result.fleeingDestroyed, false, 'a pursuit of 10 against a flee of 11: the Raiders escape');
  await shot(page, 'ninth-age', 'pursuit-rolled');
  // touch 3: Make this move
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Spearmen');
  near(moved.x, sp.final.x, 'Spearmen x'); near(moved.y, sp.final.y, 'Spearmen y');
  await shot(page, 'ninth-age', 'pursuit-moved');
  // touches 4 and 5
  await undoRedo(page, 'ninth-age', 'Spearmen', pose(home), pose(moved), 'pursuit');
  assert.deepEqual(errors, []);
  await context.close();
});

test('ninth-age (360x740, touch): play, 9A-PU-1 9A-DST-1 the play bar rolls the pursuit\'s dice beside the board: Roll 2D6, Make this move (2 touches), undone and redone', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await spearmenPursuit(page);
  const home = await unitOf(page, 'Spearmen');
  const before = await pageRequest(page);
  // touch 1: the bar's Roll 2D6, on screen with the board (the form's are a scroll below it)
  const bar = await page.locator('#play-roll').boundingBox();
  assert.ok(bar && bar.y + bar.height <= PHONE.height && bar.height >= 36, `the roll button is on screen, a finger's size: ${JSON.stringify(bar)}`);
  assert.equal((await page.textContent('#play-roll')).trim(), [before.pursued?.fleeDistance, ...(before.pursuers ?? []).map((p) => p?.distance)].every(Number.isFinite) ? 'Roll 2D6 again' : 'Roll 2D6');
  // every pair of dice falls 3 and 4: the flee and the pursuit both 7, the rule's edge
  await setDice(page, 3, 4);
  await page.tap('#play-roll');
  await page.waitForFunction((b) => JSON.stringify(window.movecalcTest.request()) !== b && window.movecalcTest.ruled(), JSON.stringify(before));
  await ruled(page);
  const request = await pageRequest(page);
  // every die the question takes rolled: the flee's and each pursuer's
  assert.deepEqual([request.pursued.fleeDistance, request.pursuers[0].distance], [7, 7], 'the flee and the pursuit both rolled 3 + 4');
  // the dice fallen, the button says it rolls them again (unchanged, it read as a roll not made),
  // and steps back for Make this move, the next step (a newcomer rolled again looking for it)
  assert.equal((await page.textContent('#play-roll')).trim(), 'Roll 2D6 again');
  const look = (sel) => page.$eval(sel, (e) => getComputedStyle(e).backgroundColor);
  assert.equal(await page.isVisible('#apply'), true, 'Make this move offered');
  assert.notEqual(await look('#play-roll'), await look('#apply'), 'Roll 2D6 again does not look like Make this move');
  assert.match(await page.getAttribute('#play-roll', 'class'), /\bsecondary\b/);
  const result = await answer(request);
  // 9A-DST-1: a pursuit roll equal to or greater than the flee roll catches the fleeing unit
  assert.equal(result.fleeingDestroyed, true, 'a pursuit of 7 against a flee of 7: the Raiders are caught');
  assert.match(await verdict(page), /^Raiders are caught and destroyed \(pursuit 7 against flee 7\)\. /, 'the verdict says the dice that decided it');
  await shot(page, 'ninth-age', 'pursuit-bar-rolled');
  // touch 2: Make this move
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const sp = result.pursuers.find((p) => p.unit === 'Spearmen');
  const moved = await unitOf(page, 'Spearmen');
  near(moved.x, sp.final.x, 'Spearmen x'); near(moved.y, sp.final.y, 'Spearmen y');
  // the pursuit made, the question lacks its pursuers: the bar offers no dice for it
  assert.equal(await page.isVisible('#play-roll'), false);
  await undoRedo(page, 'ninth-age', 'Spearmen', pose(home), pose(moved), 'pursuit');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-FL-1 (docs/rules/ninth-age.md): a flee pivots the unit so its rear facing is parallel to the engaged facing
// of the enemy it flees from, then moves it straight forward by the roll. The Raiders' centre
// (31, 26) is 12″ ahead of the Spearmen's (30, 14), 1″ to the side: in their front arc (9A-ARC-1),
// so the Spearmen's front (facing 0, towards +y) is engaged. The Raiders end facing 0, their centre
// moved straight along +y by the roll (or further, to end clear: `extended`).
test('ninth-age (360x740, touch): play, 9A-FL-1 a flee stays roll-driven: the flee chosen on the play bar beside the board, its Roll 2D6, Make this move turns the Raiders’ rear to the Spearmen’s front and moves them straight on by the roll; undone and redone', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  const home = await unitOf(page, 'Raiders'), from = await unitOf(page, 'Spearmen');
  // the questions the dice decide are switched on the bar, on screen with the board (the Query
  // select is a scroll below it)
  const choose = await page.locator('#play-question').boundingBox();
  assert.ok(choose && choose.y + choose.height <= PHONE.height && choose.height >= 36, `the bar's question select is on screen, a finger's size: ${JSON.stringify(choose)}`);
  await page.selectOption('#play-question', 'flee');
  await ruled(page);
  assert.equal((await pageRequest(page)).query, 'flee');
  assert.equal(await page.textContent('#play-bar .roll-words'), 'Dice to roll: Flee distance.', 'the flee\'s die shown, not rolled (the opening plans nothing)');
  // the dice fall 3 and 5: an 8″ flee, whose end (its centre 8″ on, its base 3″ deep) the view cut
  // when it kept the centres alone in view
  await setDice(page, 3, 5);
  await page.tap('#play-roll');
  await ruled(page);
  const request = await pageRequest(page);
  assert.deepEqual([request.query, request.unit, request.from], ['flee', 'Raiders', 'Spearmen']);
  const rolled = request.distance;
  assert.equal(rolled, 8, 'the dice 3 and 5');
  const result = await answer(request);
  assert.equal(await page.textContent('#play-bar .roll-words'), `Dice: Flee distance ${rolled}.`);
  // where the Raiders end is in the board's view, clear of Make this move (a 7″ flee's end was cut
  // off the top, the view centred between it and the Spearmen fled from)
  await painted(page);
  const board = await page.locator('#board').boundingBox(), apply = await page.locator('#apply').boundingBox();
  const f = result.final, corners = [[-2, -1], [2, -1], [2, 1], [-2, 1]].map(([a, b]) => [f.x + a, f.y + b]); // inside the Raiders' base (5 × 3 bases of 25 mm: 4.9″ × 3″), facing 0
  for (const [x, y] of corners) {
    const p = await hook(page, 'screenOfWorld', x, y);
    assert.ok(p.x >= board.x && p.x <= board.x + board.width && p.y >= board.y && p.y <= board.y + board.height, `the flee's end (${x}, ${y}) is in view: ${JSON.stringify({ p, board })}`);
    assert.ok(!apply || !(p.x > apply.x && p.x < apply.x + apply.width && p.y > apply.y && p.y < apply.y + apply.height), `the flee's end (${x}, ${y}) is clear of Make this move`);
  }
  await shot(page, 'ninth-age', 'flee-rolled');
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Raiders');
  assert.equal(from.facing, 0, 'the Spearmen face +y');
  near(moved.x, home.x, 'no sideways part', 0.02);
  near(moved.y - home.y, rolled + (result.extended ?? 0), 'straight along +y by the roll (and what ends it clear)', 0.02);
  near(moved.facing, 0, 'their rear parallel to the Spearmen’s front');
  assert.equal(await page.isVisible('#apply'), false, 'a flee made is not offered again');
  await shot(page, 'ninth-age', 'flee-moved');
  await undoRedo(page, 'ninth-age', 'Raiders', pose(home), pose(moved), 'flee');
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (1280x800, keyboard): play, AL-MOV-2 N picks the Legion, ArrowUp asks a step forward, E then a 45° turn (two steps would bring the turn onto the Chargers); Enter makes the order; Escape takes a carried order back', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  const home = await unitOf(page, 'Legion');
  await page.focus('#board');
  await selectByKeys(page, 'Legion', 3);
  assert.equal((await hook(page, 'state')).selected, 'Legion', 'N picks the unit');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('e');
  await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 2 && window.movecalcTest.ruled());
  assert.deepEqual((await pageRequest(page)).order.actions, [{ step: 'forward', distance: 1 }, { turn: 45, off: 'front', toward: 'right' }]);
  const result = await answer(await pageRequest(page));
  assert.equal(result.legal, true);
  assert.equal(await page.getAttribute('#verdict', 'aria-live'), 'polite', 'the verdict is a live region');
  await page.keyboard.press('Enter');
  await madeSaid(page);
  const moved = await unitOf(page, 'Legion');
  near(moved.x, result.final.x, 'x'); near(moved.y, result.final.y, 'y');
  assert.equal(moved.facing, 65, '20° + 45°');
  // one step right, then Escape: the Legion stays where the order left it
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Escape');
  await ruled(page);
  assert.deepEqual(pose(await unitOf(page, 'Legion')), pose(moved), 'Escape takes the carried order back');
  assert.notDeepEqual(pose(moved), pose(home));
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (360x740, touch): play, AL-MOV-2 AL-TRN-1 a step and a turn in one drag: a step ahead, the finger rests, then pushed 45° to the right the turning tool turns the Legion from facing 20 to 65; made, undone and redone (3 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  const asked = await pageRequest(page);
  // touch 1: a step ahead, a rest (the turning tool's positions show round the ghost), then the
  // finger pushed 1.5 steps on toward facing 20 + 45 = 65
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await ahead(page, home, 1), { hold: async (moveTo) => {
    await page.waitForFunction(() => window.movecalcTest.playOverlay().some((m) => m.turn === 45 && m.toward === 'right'), null, { timeout: 15000 });
    const f = (home.facing + 45) * Math.PI / 180, at = [home.x + Math.sin(home.facing * Math.PI / 180), home.y + Math.cos(home.facing * Math.PI / 180)];
    await moveTo(await hook(page, 'screenOfWorld', at[0] + 1.5 * Math.sin(f), at[1] + 1.5 * Math.cos(f)));
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 2 && window.movecalcTest.ruled());
    const request = await pageRequest(page);
    assert.deepEqual(request.order.actions, [{ step: 'forward', distance: 1 }, { turn: 45, off: 'front', toward: 'right' }]);
    assert.ok((await hook(page, 'playOverlay')).some((m) => m.label === '45° right' && m.focus), 'the position pushed toward is marked');
    const result = await answer(request);
    // a step forward costs 1 (the codex, AL-LAT-2), the turn 2 or 3 (AL-TRN-2): at most the 4 points
    assert.equal(result.legal, true);
    assert.ok([3, 4].includes(result.pointsSpent), `1 + a turn of 2 or 3: ${result.pointsSpent}`);
    assert.match(await verdict(page), new RegExp(`^Legion: legal move\\. ${result.pointsSpent} of 4 movement points spent, ${4 - result.pointsSpent} left`));
    await shot(page, 'arcane-legions', 'step-turn-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  assert.equal(moved.facing, 65, '20° + 45°');
  assert.ok(Math.hypot(moved.x - home.x, moved.y - home.y) > 0.9, 'and it stepped');
  await shot(page, 'arcane-legions', 'step-turn-moved');
  await undoRedo(page, 'arcane-legions', 'Legion', pose(home), pose(moved), 'step-turn', asked, true);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const [way, dx, x] of [['left', -1, 15], ['right', 1, 15.5]]) {
  test(`arcane-legions (360x740, touch): play, AL-COL-2 AL-SLD-1 after the collision with the Chargers the finger moved ${way} along them slides the Legion ${way} to the next notch (x ${x}); made (1 touch)`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    const home = await unitOf(page, 'Legion');
    // as in the collision journey: snapped flush behind the Chargers (x 14 to 16, notches every half
    // step), its centre at y 12; slid left its edges line up with theirs (x 15), right it goes on to
    // the next notch (x 15.5)
    await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await ahead(page, home, 3.4), { hold: async (moveTo) => {
      await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 3 && window.movecalcTest.ruled()
        && window.movecalcTest.ruling().response?.result?.choices?.some((c) => c.choice === 'slide'));
      const f = home.facing * Math.PI / 180;
      await moveTo(await hook(page, 'screenOfWorld', home.x + 3.4 * Math.sin(f) + dx, home.y + 3.4 * Math.cos(f)));
      await page.waitForFunction((w) => window.movecalcTest.request().order?.slide === w && window.movecalcTest.ruled(), way);
      const result = await answer(await pageRequest(page));
      assert.deepEqual(result.actions[2].events.map((e) => e.type), ['collision', 'snap', 'slide']);
      near(result.final.x, x, 'slid to the notch');
      assert.match(await verdict(page), /^Legion: legal move, meets Chargers\. 3 of 4 points spent, 1 left/);
      await shot(page, 'arcane-legions', `slide-${way}-held`);
    } });
    await madeSaid(page);
    await ruled(page);
    const moved = await unitOf(page, 'Legion');
    near(moved.x, x, 'x'); near(moved.y, 12, 'y');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The accessible board (unit-controls.js): each unit a button over its token, named with the unit
// and its place; Tab reaches it from the board, Enter picks it, the board's keys move it, Enter
// makes the move, and the verdict (a live region) says the ruling.
const unitButton = (page, name) => page.getByRole('button', { name, exact: true });

test('arcane-legions (1280x800, keyboard): the accessible board, AL-MOV-2 AL-LAT-2 Tab from the board reaches the Legion by name; Enter picks it, ArrowUp a step forward (1 of 4 points), Enter makes it, and its name says its new place', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await focusBoard(page);
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Legion, x 14 y 9 steps, facing 20', 'the first unit, after the board');
  const legion = unitButton(page, 'Legion, x 14 y 9 steps, facing 20');
  await page.keyboard.press('Enter');
  // the buttons follow the board's next paint (a frame away, later on a loaded machine)
  await page.waitForFunction(() => document.activeElement.getAttribute('aria-pressed') === 'true', null, { timeout: 10000 })
    .catch(() => {});
  assert.equal(await legion.getAttribute('aria-pressed'), 'true', 'picked');
  await page.keyboard.press('ArrowUp');
  await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 1 && window.movecalcTest.ruled());
  assert.deepEqual((await pageRequest(page)).order.actions, [{ step: 'forward', distance: 1 }]);
  assert.equal(await page.getAttribute('#verdict', 'aria-live'), 'polite', 'the verdict is announced');
  assert.match(await verdict(page), /^Legion: legal move\. 1 of 4 movement points spent, 3 left/);
  await page.keyboard.press('Enter');
  await madeSaid(page);
  // a step along facing 20: x + sin 20° = 14.34, y + cos 20° = 9.94
  await unitButton(page, 'Legion, x 14.3 y 9.9 steps, facing 20').waitFor();
  assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-label')), 'Legion, x 14.3 y 9.9 steps, facing 20', 'the focus stays on the unit moved');
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * A charge aimed by keys, made by keys (9A-CH-1): Enter ends the aim (nothing moves unrolled), the
 * play bar's Roll 2D6 gives the dice 6 and 6 (a Charge Range of 8 + 12 = 20″, past the 12–13″
 * charge), and Make this move makes it.
 */
async function rollAndMake(page) {
  await page.keyboard.press('Enter');
  await ruled(page);
  assert.match(await verdict(page), /Needs 5\+ on 2D6/, 'the roll it needs is said');
  assert.equal(await page.isVisible('#apply'), false, 'nothing to make before the roll');
  await setDice(page, 6, 6);
  await page.focus('#play-roll');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.movecalcTest.request().range === 20 && window.movecalcTest.ruled());
  await page.waitForSelector('#apply:not([hidden])');
  await page.focus('#apply');
  await page.keyboard.press('Enter');
  await madeSaid(page);
}

test('ninth-age (1280x800, keyboard): the accessible board, 9A-CH-1 9A-ARC-1 Enter on the Knights, then on the Raiders asks the charge (against the left flank); Enter ends the aim, Roll 2D6 and Make this move make it', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'ninth-age');
  await unitButton(page, 'Knights, x 42″ y 16″, facing 350').focus();
  await page.keyboard.press('Enter');
  await unitButton(page, 'Raiders, x 31″ y 26″, facing 180').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Knights' && window.movecalcTest.ruled());
  const request = await pageRequest(page);
  assert.deepEqual([request.charger, request.target], ['Knights', 'Raiders']);
  assert.equal((await answer(request)).facing, 'left');
  assert.match(await verdict(page), /^Needs 5\+ on 2D6: .* The charge can be made: Knights charge Raiders in the left flank/);
  await rollAndMake(page);
  // aligned to the Raiders' left flank (their east edge): facing 270
  assert.equal((await unitOf(page, 'Knights')).facing, 270);
  assert.equal(await unitButton(page, 'Raiders, x 31″ y 26″, facing 180').count(), 1);
  // the buttons are renamed at the board's next paint (later on a loaded machine)
  const knights = page.getByRole('button', { name: /^Knights, x [\d.]+″ y [\d.]+″, facing 270$/ });
  await knights.waitFor({ timeout: 10000 }).catch(() => {});
  assert.equal(await knights.count(), 1, 'the Knights named where they now stand');
  assert.deepEqual(errors, []);
  await context.close();
});

// The Knights (4 files of 25 × 50 mm: 1.97″ deep) at (42, 16) facing 350: forward is (sin 350°,
// cos 350°) = (−0.174, 0.985), their left (facing 260) (−0.985, −0.174); their front's middle is
// 0.985″ ahead of their centre, at (41.83, 16.97). The Raiders (5 files × 3 ranks of 25 mm: 4.92″ ×
// 2.95″) at (31, 26) cover x 28.54 … 33.46, y 24.52 … 27.48.
test('ninth-age (1280x800, keyboard): play, 9A-CH-1 9A-ARC-1 with the Knights’ control focused the arrows move them from their front, 1″ a press: 3 ArrowUp measure 3″; 10 ArrowUp and 7 ArrowLeft reach the Raiders and aim the charge; Enter, Roll 2D6 and Make this move make it; the control describes its keys', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'ninth-age');
  const knights = unitButton(page, 'Knights, x 42″ y 16″, facing 350');
  await focusBoard(page, knights);
  const keys = await page.evaluate(() => document.getElementById(document.activeElement.getAttribute('aria-describedby'))?.textContent);
  assert.match(keys ?? '', /Arrows move it from its front .*Enter makes the move/, 'the control says what its keys do');
  const ruler = async () => (await hook(page, 'playOverlay')).find((m) => m.ruler);
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowUp');
  const three = await ruler();
  near(three.from[0], 42 - 0.174 * 0.985, 'the ruler starts at the front’s middle, x', 0.01);
  near(three.from[1], 16 + 0.985 * 0.985, 'y', 0.01);
  near(Math.hypot(three.to[0] - three.from[0], three.to[1] - three.from[1]), 3, 'three presses, 3″ ahead');
  assert.match(three.label, /^3″ of 8″/, 'against the Knights’ Advance Rate of 8″');
  const aimed = async () => (await pageRequest(page)).target === 'Raiders';
  assert.equal(await aimed(), false, 'open ground: no charge');
  // 7 more ahead: the finger at (40.09, 26.82), beside the Raiders; then left, one press at a time:
  // the 7th takes it to x 40.09 − 7 × 0.985 = 33.19 (y 25.60), inside their east edge (x 33.46)
  for (let i = 0; i < 7; i++) await page.keyboard.press('ArrowUp');
  let presses = 0;
  while (presses < 12 && !(await aimed())) { await page.keyboard.press('ArrowLeft'); presses++; }
  assert.equal(presses, 7, 'the charge is aimed on the 7th press left');
  await page.waitForFunction(() => window.movecalcTest.request().target === 'Raiders' && window.movecalcTest.ruled());
  const request = await pageRequest(page);
  assert.deepEqual([request.charger, request.target], ['Knights', 'Raiders']);
  assert.equal((await answer(request)).facing, 'left', 'the engine: the left flank (9A-ARC-1)');
  assert.match(await verdict(page), /^Needs 5\+ on 2D6: .* The charge can be made: Knights charge Raiders in the left flank/);
  await rollAndMake(page);
  assert.equal((await unitOf(page, 'Knights')).facing, 270, 'aligned to the Raiders’ left flank (their east edge)');
  assert.deepEqual(errors, []);
  await context.close();
});

test('godsgloom (1280x800, keyboard): the accessible board, GG hex play by keys on the Shieldwall’s control: Enter shows its reach, ArrowUp carries it a row up, Enter moves it there', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'godsgloom');
  await unitButton(page, 'Shieldwall, col 3 row 6, facing 1').focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.movecalcTest.request().query === 'reach' && window.movecalcTest.ruled());
  await page.keyboard.press('ArrowUp');
  // (the hex carried to picked and ruled before Enter: it failed once under load)
  await page.waitForFunction(() => window.movecalcTest.state().pick?.r === 5 && window.movecalcTest.ruled(), null, { timeout: 30000 });
  await page.keyboard.press('Enter');
  await madeSaid(page);
  const moved = await unitOf(page, 'Shieldwall');
  assert.deepEqual([moved.q, moved.r], [3 - (5 - 1) / 2, 5], 'col 3 row 5');
  const shieldwall = page.getByRole('button', { name: /^Shieldwall, col 3 row 5, facing \d$/ });
  await shieldwall.waitFor({ timeout: 10000 }).catch(() => {}); // renamed at the next paint
  assert.equal(await shieldwall.count(), 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('arcane-legions (360x740, touch): set up by touch, AL-LAT-1 the tray’s Sortie dragged onto the table is a new 1 × 1 sortie where it lands; a second is named Sortie 2; a sortie dragged off the table is removed (3 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await setMode(page, 'setup', true);
  await page.tap('#fit'); // the whole table in view
  await painted(page);
  const sortie = page.getByRole('button', { name: /^Add a sortie/ });
  await sortie.waitFor();
  assert.deepEqual(await page.locator('#unit-tray button').allTextContents(), ['formation', 'sortie'], 'the game’s bases');
  const box = await sortie.boundingBox();
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // touches 1 and 2: two sorties dropped on open table, at (20, 4) and (26, 4) (clear of every unit and terrain piece)
  await touchDrag(page, from, await hook(page, 'screenOfWorld', 20, 4));
  await page.waitForFunction(() => window.movecalcTest.state().doc.units.some((u) => u.id === 'Sortie'));
  await touchDrag(page, from, await hook(page, 'screenOfWorld', 26, 4));
  await page.waitForFunction(() => window.movecalcTest.state().doc.units.some((u) => u.id === 'Sortie 2'));
  const first = await unitOf(page, 'Sortie');
  assert.equal(first.base, 'sortie');
  near(first.x, 20, 'where it landed, x', 0.2); near(first.y, 4, 'y', 0.2);
  await shot(page, 'arcane-legions', 'tray-dropped');
  // touch 3: Sortie 2 dragged off the table, a step past its near edge (y 0)
  await touchDrag(page, await hook(page, 'screenOf', 'Sortie 2'), await hook(page, 'screenOfWorld', 26, -1));
  await page.waitForFunction(() => !window.movecalcTest.state().doc.units.some((u) => u.id === 'Sortie 2'));
  assert.deepEqual((await hook(page, 'state')).doc.units.map((u) => u.id), ['Legion', 'Chargers', 'Scouts', 'Sortie'], 'the others stay');
  await shot(page, 'arcane-legions', 'tray-removed');
  assert.deepEqual(errors, []);
  await context.close();
});

test('cc-ancients (360x740, touch): set up by touch, the Hastati (the question’s unit, a row of the order) dragged off the board are removed, and no question names them: the verdict asks for a unit (1 touch)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  await setMode(page, 'setup', true);
  await page.tap('#fit');
  await painted(page);
  const before = (await hook(page, 'state')).doc.inputs;
  assert.equal(before.reach.unit, 'Hastati', 'the default question is the Hastati’s reach');
  assert.ok(before.order.moves.some((m) => m.unit === 'Hastati'), 'and the order names them');
  await touchDrag(page, await hook(page, 'screenOf', 'Hastati'), await hook(page, 'screenOfHex', -2, 6));
  await page.waitForFunction(() => !window.movecalcTest.state().doc.units.some((u) => u.id === 'Hastati'));
  const inputs = (await hook(page, 'state')).doc.inputs;
  assert.ok(!JSON.stringify(inputs).includes('"Hastati"'), `no question names them: ${JSON.stringify(inputs)}`);
  assert.equal(await verdict(page), 'Choose the unit to ask about.');
  assert.deepEqual(errors, []);
  await context.close();
});

test('cc-ancients (360x740, touch): set up by touch on a hex board, the tray’s light infantry dropped on column 2, row 6 stands on that hex, named after its type; dragged off the board it is removed (2 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  const own = (await hook(page, 'state')).doc.units.map((u) => u.id);
  await setMode(page, 'setup', true);
  await page.tap('#fit');
  await painted(page);
  // 19 types: a list of them (the position's most used chosen, the game's first of its five kinds
  // used once each, medium infantry) and one chip that adds the type chosen
  const pick = page.getByRole('combobox', { name: 'Kind of unit to add' });
  assert.equal(await pick.inputValue(), 'medium infantry');
  assert.equal(await pick.locator('option').count(), 19);
  await pick.selectOption('light infantry'); // the phone's own list: not a board touch
  const chip = page.getByRole('button', { name: /^Add a light infantry:/ });
  const box = await chip.boundingBox();
  assert.ok(box.x + box.width <= PHONE.width, `the chip on screen: ${JSON.stringify(box)}`);
  // touch 1: onto an empty hex (column 2, row 6)
  await touchDrag(page, { x: box.x + box.width / 2, y: box.y + box.height / 2 }, await hook(page, 'screenOfHex', 2, 6));
  await page.waitForFunction(() => window.movecalcTest.state().doc.units.some((u) => u.id === 'Light infantry'));
  const added = await unitOf(page, 'Light infantry');
  assert.equal(added.type, 'light infantry');
  // column 2, row 6 in axial coordinates: q = 2 - 6 / 2 = -1, r = 6
  assert.deepEqual([added.q, added.r], [-1, 6]);
  await page.getByRole('button', { name: 'Light infantry, col 2 row 6', exact: true }).waitFor();
  await shot(page, 'cc-ancients', 'tray-dropped');
  // touch 2: dragged two columns off the board's left edge
  await touchDrag(page, await hook(page, 'screenOf', 'Light infantry'), await hook(page, 'screenOfHex', -2, 6), { hold: async () => {
    // held off the board, the tray says what letting go does
    await page.getByRole('status').filter({ hasText: 'Let go: Light infantry is removed' }).waitFor();
    await shot(page, 'cc-ancients', 'tray-off-board');
  } });
  await page.waitForFunction(() => !window.movecalcTest.state().doc.units.some((u) => u.id === 'Light infantry'));
  assert.deepEqual((await hook(page, 'state')).doc.units.map((u) => u.id), own, 'the position’s own units stay');
  assert.deepEqual(errors, []);
  await context.close();
});

// The play bar's dice as they stand, rolled or typed, and those still to roll named after them (a
// "?" for a die not rolled read as a question to the player: a newcomer's review). A pursuit whose
// flee distance is typed (5) and whose pursuer's 2D6 is not: "Dice: Raiders’ flee 5; to roll:
// Spearmen’s pursuit." (each die by whose it is: "Flee distance, Spearmen" read as the Spearmen
// fleeing, a newcomer's review); the button rolls them (not "again") while one is left.
test('ninth-age (360x740, touch): play, 9A-DST-1 a pursuit with its flee distance typed and its pursuer not rolled: the bar says the one and names the other to roll', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await ruled(page);
  await hook(page, 'plan', 'pursue', { pursuedUnit: 'Raiders', fleeFacing: 15, fleeDistance: 5, pursuers: [{ unit: 'Spearmen', distance: '', overrun: false }] });
  await page.waitForFunction(() => window.movecalcTest.request().query === 'pursue');
  await page.waitForSelector('#play-bar .roll-words');
  assert.equal(await page.textContent('#play-bar .roll-words'), 'Dice: Raiders’ flee 5; to roll: Spearmen’s pursuit.');
  assert.equal(await page.textContent('#play-roll'), 'Roll 2D6', 'a die left to roll: not "again"');
  assert.deepEqual(errors, []);
  await context.close();
});

// Roll 2D6 becomes "Roll 2D6 again" under the finger: a double tap rolled the charge twice (a
// newcomer's review), so a press within half a second of a roll is the same tap's. One Undo then
// takes back the one roll: the charge's die is to roll again.
test('ninth-age (360x740, touch): play, 9A-CH-1 a double tap on Roll 2D6 rolls the charge once: one Undo leaves its die to roll', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await ruled(page);
  await hook(page, 'plan', 'charge', { charger: 'Knights', target: 'Raiders', range: '', highestDie: '', combined: [] });
  // (the charge's own words come with its code, fetched with the first charge)
  const toRoll = 'Dice to roll: Charge Range.';
  await page.waitForFunction((t) => document.querySelector('#play-bar .roll-words')?.textContent === t, toRoll);
  await ruled(page);
  const at = await page.evaluate(() => { const r = document.getElementById('play-roll').getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; });
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForTimeout(120);
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForFunction(() => /^Dice: /.test(document.querySelector('#play-bar .roll-words')?.textContent ?? ''));
  await ruled(page);
  await page.tap('#undo');
  await page.waitForFunction((t) => document.querySelector('#play-bar .roll-words')?.textContent === t, toRoll, { timeout: 15000 }).catch(() => {});
  await ruled(page);
  assert.equal(await page.textContent('#play-bar .roll-words'), toRoll, 'one Undo took back the one roll');
  assert.equal((await page.textContent('#play-roll')).trim(), 'Roll 2D6');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-CH-1 9A-CH-3: a charge asked at any distance is ruled with its most contact (Maximising
// Contact), which may be a longer move than the shortest legal one (`needed`); a roll that reaches
// the shortest still charges, with less contact. The Raiders dragged onto the Knights: the roll
// said to be needed is the least that the engine rules a charge for, not the longer move's (a
// newcomer was told "Needs 10+" of a charge a 9 made).
test('ninth-age (360x740, touch): 9A-CH-1 9A-CH-3 the roll a dragged charge needs is the least whose Charge Range the engine rules the charge possible at', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await page.tap('#fit');
  await painted(page);
  await touchDrag(page, await hook(page, 'screenOf', 'Raiders'), await hook(page, 'screenOf', 'Knights'));
  await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Raiders' && window.movecalcTest.ruled());
  const request = await pageRequest(page), result = await answer(request);
  assert.equal(result.possible, true);
  assert.ok(result.needed < result.distance - 0.05, `the case: the move of most contact (${result.distance}″) is longer than the shortest (${result.needed}″)`);
  const ar = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Raiders').advance;
  const sum = Math.max(2, Math.ceil(result.needed - ar - 1e-9));
  assert.ok(sum > 2 && sum <= 12, `a roll between 3 and 12: ${sum}`);
  assert.match(await verdict(page), new RegExp(`^Needs ${sum}\\+ on 2D6: Charge Range ${ar}″ \\+ 2D6 ≥ `));
  // the engine: one less is out of range, that sum reaches
  assert.equal((await answer({ ...request, range: ar + sum - 1 })).possible, false, `a Charge Range of ${ar + sum - 1}″ does not reach`);
  assert.equal((await answer({ ...request, range: ar + sum })).possible, true, `a Charge Range of ${ar + sum}″ does`);
  // rolled on the page: that sum reaches
  const a = Math.min(6, sum - 1);
  await setDice(page, a, sum - a);
  await page.tap('#play-roll');
  await page.waitForFunction((r) => window.movecalcTest.request().range === r && window.movecalcTest.ruled(), ar + sum);
  assert.match(await verdict(page), new RegExp(`^Rolled ${a} \\+ ${sum - a}: Charge Range ${ar}″ \\+ ${sum} = ${ar + sum}″ reaches `));
  assert.deepEqual(errors, []);
  await context.close();
});
