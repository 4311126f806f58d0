// What a finger picks on a table in play (issue 31), by touch at 360 × 740 from each game's own
// position: Arcane Legions' turn handle, a short drag of it one turn of the turning tool and no step
// (AL-TRN-1), an illegal turn's ghost in view; The Ninth Age's pursuit, whose pursuer is the unit
// that charged (9A-PU-0), or the unit tapped. Expected figures come from the rules and the geometry
// in the comments. Screenshots go to tests/artifacts/play-table-pick-<game>-<step>-360x740.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, openRequest, PHONE, pageRequest, pickSystem, ruled, hook, verdict, artifacts, touchDrag, painted, setDice, knightsChargeMade, knightsOnRaidersFlank } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const shot = async (page, game, name) => { await painted(page); await page.screenshot({ path: join(artifacts, `play-table-pick-${game}-${name}-360x740.png`) }); };
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const near = (a, b, what, tol = 0.011) => assert.ok(Math.abs(a - b) < tol, `${what}: ${a} is ${b}`);
const madeSaid = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.querySelector('#verdict').textContent));
const rad = (d) => d * Math.PI / 180;
/** The turn handle of unit `id` (a tap on the unit shows it) and the unit's centre, on screen, and the handle's distance from it. */
async function handle(page, id) {
  const h = await hook(page, 'handleOf', id), c = await hook(page, 'screenOf', id);
  return { h, c, r: Math.hypot(h.x - c.x, h.y - c.y) };
}
/** The screen point `px` px clockwise round the centre from the handle, square to the line between them. */
const clockwise = ({ h, c, r }, px) => ({ x: h.x - (h.y - c.y) / r * px, y: h.y + (h.x - c.x) / r * px });
/** Unit `id` tapped (its turn handle shows), then its handle dragged `deg` degrees clockwise round its centre, at the handle's distance; `hold` as touchDrag's. */
async function handleRound(page, id, deg, hold) {
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', id)));
  await ruled(page);
  await painted(page);
  const at = await handle(page, id), a = Math.atan2(at.h.x - at.c.x, -(at.h.y - at.c.y)) + rad(deg);
  await touchDrag(page, at.h, { x: at.c.x + Math.sin(a) * at.r, y: at.c.y - Math.cos(a) * at.r }, { hold });
}

// AL-TRN-1, A-AL-5 (docs/api/arcane-legions.md "Turn"): the Legion (a formation 2 × 1 steps, facing
// 20, at 14, 9) turned 45° right off its front: the tool's hypotenuse (√2 long) lies on the front
// with its bevel on the front's middle notch (0, 0.5 in the unit's frame: x right, y ahead); the
// exit is the right leg, its bevel at (√2/4, 0.5 + √2/4) = (0.3536, 0.8536). The unit is set down
// beyond it facing 20 + 45 = 65, the middle notch of its back on that bevel: its centre half a
// step (its depth) on along facing 65. In the world (ahead (sin 20°, cos 20°), right (cos 20°,
// −sin 20°)): the bevel at (14 + 0.3536·0.9397 + 0.8536·0.3420, 9 − 0.3536·0.3420 + 0.8536·0.9397)
// = (14.6242, 9.6812), the centre at (14.6242 + 0.5·sin 65°, 9.6812 + 0.5·cos 65°) = (15.0773, 9.8925).
test('arcane-legions (360x740, touch): play, AL-TRN-1 a short drag of the turn handle (14 px, past its 10° dead zone, short of 22.5°) is one turn of the turning tool and no step: the 45° right position nearest the finger, marked while held; made, the Legion faces 65 where the tool sets it down (2 touches)', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  // touch 1: a tap picks the unit (its turn handle shows)
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', 'Legion')));
  await ruled(page);
  await painted(page);
  const at = await handle(page, 'Legion');
  // the handle ahead of the front (facing 20: up the screen and a little right)
  assert.ok(at.h.y < at.c.y, `the handle ahead of the Legion: ${JSON.stringify(at)}`);
  const to = clockwise(at, 14), round = Math.atan2(14, at.r) * 180 / Math.PI;
  assert.ok(round > 10 && round < 22.5, `14 px is ${round}° round the centre (${at.r} px out)`);
  // touch 2: the handle carried 14 px clockwise
  await touchDrag(page, at.h, to, { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 1 && window.movecalcTest.ruled(), null, { timeout: 15000 });
    assert.deepEqual((await pageRequest(page)).order.actions, [{ turn: 45, off: 'front', toward: 'right' }], 'a turn of the tool, no step');
    const marks = await hook(page, 'playOverlay');
    assert.ok(marks.some((m) => m.label === '45° right' && m.focus), 'the position picked is marked');
    // the others by their angle alone, on their side of the unit (a crowd of two-word labels)
    assert.deepEqual(marks.filter((m) => m.type === 'mark' && !m.focus).map((m) => `${m.turn ?? ''}${m.toward ?? ''}:${m.label}`).sort(), ['45left:45°', '90left:90°', '90right:90°', ':no turn'].sort(), 'the others shown, and the dead zone\'s middle');
    assert.ok(marks.some((m) => m.type === 'polygon'), 'the dead zone shown');
    await shot(page, 'arcane-legions', 'handle-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  assert.equal(moved.facing, 65, '20° + 45°');
  near(moved.x, 15.0773, 'x, where the tool sets it down');
  near(moved.y, 9.8925, 'y, where the tool sets it down');
  assert.ok(home.x === 14 && home.y === 9);
  await shot(page, 'arcane-legions', 'handle-moved');
  assert.deepEqual(errors, []);
  await context.close();
});

// AL-MOV-1 AL-LAT-2: three steps left (codex left 1) spend 3 of the Legion's 4 points: it stands at
// (14 − 3 cos 20°, 9 + 3 sin 20°) = (11.181, 10.026), its order open with 1 point left. A 45° turn
// off its front costs 1 × (1 + 1 step beyond the tool) = 2 (AL-TRN-2): more than is left, so the
// engine refuses it. Where the tool would have set it down is found as above: (11.181 + 1.0773,
// 10.026 + 0.8925) = (12.258, 10.919), facing 65, on open table (the Chargers stand at y ≥ 12.5).
test('arcane-legions (360x740, touch): play, AL-TRN-2 a turn the points left cannot pay is refused, and where the tool would have set the Legion down is drawn in view (red, over the table beside it), not under the unit', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  const left = [home.x - 3 * Math.cos(rad(20)), home.y + 3 * Math.sin(rad(20))];
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', ...left));
  await madeSaid(page);
  await ruled(page);
  const stood = await unitOf(page, 'Legion');
  near(stood.x, 11.181, 'x after three steps left', 0.02); near(stood.y, 10.026, 'y', 0.02);
  // the handle carried 45° clockwise round the centre
  await handleRound(page, 'Legion', 45, async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.at(-1)?.turn === 45 && window.movecalcTest.ruled(), null, { timeout: 15000 });
    assert.match(await verdict(page), /^Legion: not a legal move\./);
    await painted(page);
    const ghost = (await hook(page, 'overlay')).find((m) => m.type === 'pose' && m.label === 'turn refused');
    assert.ok(ghost, 'the refused turn drawn where it would have ended');
    near(ghost.pose.x, 12.258, 'its x', 0.02); near(ghost.pose.y, 10.919, 'its y', 0.02); near(ghost.pose.facing, 65, 'its facing');
    // its pixels: red over the table's green (the table is #dfe8d2, green above red), at points
    // inside where it would stand and outside the Legion's own base
    const pts = [];
    for (const [ahead, right] of [[0, 0], [0, 0.5], [0, -0.5], [0.2, 0.25], [-0.2, -0.25]]) {
      const f = rad(65);
      pts.push(await hook(page, 'canvasOfWorld', 12.258 + Math.sin(f) * ahead + Math.cos(f) * right, 10.919 + Math.cos(f) * ahead - Math.sin(f) * right));
    }
    const red = await page.evaluate((list) => {
      const c = document.getElementById('board'), k = c.width / c.clientWidth, g = c.getContext('2d');
      return list.map(([x, y]) => { const [r, gr] = g.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data; return r - gr; });
    }, pts);
    assert.ok(red.filter((v) => v > 12).length >= 4, `red over the table where it would stand: ${red}`);
    await shot(page, 'arcane-legions', 'refused-held');
  });
  assert.deepEqual(errors, []);
  await context.close();
});

// AL-TRN-1, A-AL-5: the Legion turned 45° right off its front ends at (15.0773, 9.8925), as worked
// out above: in its own frame (x right, y ahead) its centre goes from (0, 0) to the exit bevel
// (√2/4, 0.5 + √2/4) plus half its depth along facing 45°, (√2/4, √2/4): (√2/2, 0.5 + √2/2) =
// (0.7071, 1.2071), √(0.5 + 1.4571) = 1.399 steps, "1.4 steps" to the hundredth. AL-TRN-2: the front's
// cost 1, and 1 again for the 1 step its depth lies beyond the tool's exit edge: 2 of its 4 points.
test('arcane-legions (360x740, touch): play, AL-TRN-1 AL-TRN-2 the turn handle dragged about 20° round is one turn and no step (the tool’s 45° position), and the verdict says in words why the turn also moves the Legion 1.4 steps: the tool sets it down past its far edge; said again once made', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await handleRound(page, 'Legion', 20, async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 1 && window.movecalcTest.ruled(), null, { timeout: 15000 });
    assert.deepEqual((await pageRequest(page)).order.actions, [{ turn: 45, off: 'front', toward: 'right' }], 'one turn, no step');
    const text = await verdict(page);
    assert.match(text, /^Legion: legal move\. 2 of 4 movement points spent, 2 left\./, text);
    assert.ok(text.includes('It turns 45° right: the turning tool laid on its front sets it down past the tool’s far edge, 1.4 steps from where it stood. (rule AL-TRN-1)'), text);
    assert.ok(text.includes('The turn costs 2: 1 for the side it turns off, and 1 again for the step the unit lies beyond the turning tool. (rule AL-TRN-2)'), text);
    await shot(page, 'arcane-legions', 'turn-words-held');
  });
  await madeSaid(page);
  await ruled(page);
  const moved = await unitOf(page, 'Legion');
  near(Math.hypot(moved.x - 14, moved.y - 9), 1.399, 'moved as the tool sets it down', 0.01);
  assert.match(await verdict(page), /^Move made: 2 of 4 movement points spent\. Legion turns 45° right: the turning tool laid on its front sets it down past the tool’s far edge, 1\.4 steps from where it stood/);
  await shot(page, 'arcane-legions', 'turn-words-moved');
  assert.deepEqual(errors, []);
  await context.close();
});

// AL-MOV-2 AL-LAT-2: a drag reads one axis of the base, the one it goes furthest along. The Legion
// faces 20; dragged 3.2 steps toward 20 + 46 = 66 its right part is 3.2 sin 46° = 2.30 steps and its
// forward part 3.2 cos 46° = 2.22: two steps right and 0.3 of one, 3 points (codex right 1); toward
// 20 + 44 the same figures the other way: two steps forward and 0.3, 3 points (codex forward 1).
for (const [round, step] of [[46, 'right'], [44, 'forward']]) {
  test(`arcane-legions (360x740, touch): play, AL-MOV-2 AL-LAT-2 a drag ${round}° off the Legion’s facing reads one axis, the larger part: ${step} 2.3 steps for 3 of 4 points, said under the finger`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    const home = await unitOf(page, 'Legion');
    const f = rad(home.facing + round);
    await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', home.x + 3.2 * Math.sin(f), home.y + 3.2 * Math.cos(f)), { hold: async () => {
      await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 3 && window.movecalcTest.ruled(), null, { timeout: 15000 });
      assert.deepEqual((await pageRequest(page)).order.actions, [{ step, distance: 1 }, { step, distance: 1 }, { step, distance: 0.3 }]);
      assert.match(await verdict(page), /^Legion: legal move\. 3 of 4 movement points spent, 1 left\./);
      const marks = await hook(page, 'playOverlay');
      assert.ok(marks.some((m) => m.type === 'mark' && m.label === `${step} 2.3 steps`), `the way read under the finger: ${JSON.stringify(marks.map((m) => m.label))}`);
      assert.ok(marks.some((m) => m.type === 'line' && m.arrow), 'an arrow along the axis read');
      await shot(page, 'arcane-legions', `diagonal-${round}-held`);
    } });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// AL-LAT-2 AL-LAT-3: two steps back at the codex's backward cost 2 spend the Legion's 4 points; a third is refused.
test('arcane-legions (360x740, touch): play, AL-LAT-2 AL-LAT-3 a step back the points left do not pay is refused, and the verdict says the direction’s codex cost and the points left in words', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const home = await unitOf(page, 'Legion');
  const f = rad(home.facing);
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', home.x - 2.5 * Math.sin(f), home.y - 2.5 * Math.cos(f)), { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 3 && window.movecalcTest.ruled(), null, { timeout: 15000 });
  } });
  await ruled(page);
  const text = await verdict(page);
  assert.match(text, /^Legion: not a legal move\./, text);
  assert.ok(text.includes('A step backward costs 2 points by Legion’s codex, and 0 points are left. (rule AL-LAT-2)'), text);
  await shot(page, 'arcane-legions', 'refused-step-words');
  assert.deepEqual(errors, []);
  await context.close();
});

// AL-LAT-2: a codex whose right costs 5 against 4 movement icons allows no step right in an order.
test('arcane-legions (360x740, touch): play, AL-LAT-2 a direction the codex prices past every point the unit has: dragged that way, the verdict says the codex forbids it', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  const { unit, ...request } = await pageRequest(page); // (the opening's reach of the Legion)
  await openRequest(page, { ...request, query: 'move', activeSide: 'red', turnOrder: ['red', 'blue'], units: request.units.map((u) => (u.id === 'Legion' ? { ...u, codex: { ...u.codex, right: 5 } } : u)), order: { unit: 'Legion', actions: [] } });
  const home = await unitOf(page, 'Legion');
  const f = rad(home.facing + 90);
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', home.x + Math.sin(f), home.y + Math.cos(f)), { hold: async () => {
    await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.[0]?.step === 'right' && window.movecalcTest.ruled(), null, { timeout: 15000 });
  } });
  await ruled(page);
  const text = await verdict(page);
  assert.match(text, /^Legion: not a legal move\./, text);
  assert.ok(text.includes('Legion’s codex asks 5 points for a step right, more than all its 4 movement points: it cannot step right. (rule AL-LAT-2)'), text);
  assert.deepEqual(errors, []);
  await context.close();
});

// A landscape phone's bar showed Roll 2D6 alone, and nothing said whose dice were to roll (a
// newcomer's review; the verdict names one roll left): the words show while two are left to roll,
// whole in the column, and go once all are rolled (the verdict then says what they gave).
test('ninth-age (740x360, touch): play, 9A-PU-1 9A-DST-1 a pursuit asked after the charge: the bar says whose dice are to roll, whole; rolled, the button alone', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, { width: 740, height: 360 }, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsChargeMade(page);
  await page.tap('#play-bar [data-ask="pursue"]');
  await page.waitForFunction(() => window.movecalcTest.request().query === 'pursue');
  await ruled(page);
  const words = () => page.$eval('#play-bar .roll-words', (e) => {
    const r = e.getBoundingClientRect();
    return { text: e.textContent, shown: r.width > 0 && r.height > 0, whole: e.scrollHeight <= e.clientHeight + 1 && e.scrollWidth <= e.clientWidth + 1 && r.right <= innerWidth + 0.5 };
  });
  assert.deepEqual(await words(), { text: 'Dice to roll: Raiders’ flee, Knights’ pursuit.', shown: true, whole: true });
  await page.screenshot({ path: join(artifacts, 'ninth-age-pursue-dice-740x360.png') });
  await setDice(page, 3, 3);
  await page.tap('#play-roll');
  await page.waitForFunction(() => /^Dice: /.test(document.querySelector('#play-bar .roll-words')?.textContent ?? ''));
  assert.equal((await words()).shown, false, 'all rolled: the verdict says them');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-PU-0, 9A-FL-1: the Knights charge the Raiders' left flank (as play-table.test.mjs's charge:
// Roll 2D6 3 + 2, Make this move) and end facing 270 against it. The Raiders, beaten, flee from
// the Knights: their rear parallel to the Knights' front, the facing in contact, so they flee the
// way the Knights look, 270. The pursuit then is the Knights' of the Raiders; a tap on the Spearmen
// (in contact with no enemy) makes them the pursuer of the Raiders still; a tap on the Knights again
// makes them the pursuer of the Raiders, whom they touch.
test('ninth-age (360x740, touch): play, 9A-PU-0 9A-FL-1 after the Knights’ charge is made, the bar’s Pursue is the Knights’ pursuit of the Raiders, fleeing their way (270); a tap on the Spearmen makes them the pursuer, one on the Knights again theirs; rolled and made, the Knights pursue', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  assert.deepEqual((await hook(page, 'state')).doc.inputs.pursue.pursuers, [], 'the opening plans no pursuit');
  await knightsChargeMade(page);
  const knights = await unitOf(page, 'Knights');
  assert.equal(knights.facing, 270, 'the Knights aligned to the Raiders’ left flank');
  // what may follow the charge, beside the menu that asks it: the verdict said only to drag a unit
  assert.match(await page.textContent('#play-bar'), /If Raiders broke: Pursue \(its flee is made first\)\./);
  // its question a button: one touch asks it (the menu took two, a newcomer's review)
  await page.tap('#play-bar [data-ask="pursue"]');
  await page.waitForFunction(() => window.movecalcTest.request().query === 'pursue');
  await ruled(page);
  assert.doesNotMatch(await page.textContent('#play-bar'), /broke/, 'asked, the pursuit’s own words');
  // this combat's dice are not thrown yet: the bar shows them unknown and its button rolls them (not
  // "again"), the verdict asks for them; the opening's 11 and 10 were ruled at once, and a blank as 0
  assert.equal(await page.textContent('#play-bar .roll-words'), 'Dice to roll: Raiders’ flee, Knights’ pursuit.');
  assert.equal(await page.textContent('#play-roll'), 'Roll 2D6');
  assert.match(await verdict(page), /^Roll the dice, or type the flee distance under Ask\./);
  let request = await pageRequest(page);
  assert.deepEqual(request.pursuers.map((p) => p.unit), ['Knights'], 'the unit that charged pursues');
  assert.equal(request.pursued.unit, 'Raiders', 'the unit it charged is pursued');
  assert.deepEqual([request.pursued.fleesFrom, request.pursued.facing], ['Knights', undefined], 'fleeing from the Knights first, the engine turning them (9A-FL-1)');
  await shot(page, 'ninth-age', 'pursue-after-charge');
  // a tap on the Spearmen: they pursue (the Raiders still)
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', 'Spearmen')));
  await page.waitForFunction(() => window.movecalcTest.request().pursuers?.[0]?.unit === 'Spearmen' && window.movecalcTest.ruled());
  request = await pageRequest(page);
  assert.deepEqual([request.pursuers.map((p) => p.unit), request.pursued.unit], [['Spearmen'], 'Raiders']);
  // a tap on the Knights: theirs again, of the Raiders they touch
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', 'Knights')));
  await page.waitForFunction(() => window.movecalcTest.request().pursuers?.[0]?.unit === 'Knights' && window.movecalcTest.ruled());
  request = await pageRequest(page);
  assert.deepEqual([request.pursuers.map((p) => p.unit), request.pursued.unit, request.pursued.fleesFrom], [['Knights'], 'Raiders', 'Knights']);
  // rolled (3 + 4 for the flee and the pursuit alike: 7 against 7 catches them, 9A-DST-1) and made
  await setDice(page, 3, 4);
  await page.tap('#play-roll');
  await ruled(page);
  assert.match(await verdict(page), /^Raiders are caught and destroyed \(pursuit 7 against flee 7\)\./);
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const after = await unitOf(page, 'Knights');
  assert.ok(after.x < knights.x, `the Knights pursue west: ${knights.x} to ${after.x}`);
  assert.equal(await unitOf(page, 'Raiders'), undefined, 'the Raiders destroyed');
  await shot(page, 'ninth-age', 'pursue-made');
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-CH-2: the opening's Knights (facing 350) charge the Raiders' left flank (the Raiders face 180,
// so that flank looks east, 90): aligned against it, the Knights face west, 270, a turn of 80° from
// 350. Their wheel alone is less: the verdict says the wheel, the align after it, and the whole turn.
test('ninth-age (360x740, touch): play, 9A-CH-2 the Knights’ charge on the Raiders’ left flank says its wheel, its align and the whole turn, 80° (350 to 270)', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsOnRaidersFlank(page);
  await setDice(page, 3, 2);
  await page.tap('#play-roll');
  await ruled(page);
  const said = await verdict(page);
  const [, wheel, align] = said.match(/wheeling (\d+)°, aligning (\d+)°: turned 80° in all/) ?? [];
  assert.ok(wheel && align, said);
  assert.ok(Math.abs(Number(wheel) + Number(align) - 80) <= 1, `the wheel and the align make the turn: ${said}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// 9A-FL-1, 9A-DST-1, 9A-PV-1: after the Knights' charge, flee 11 (6 + 5) against pursuit 10 (5 + 5),
// one roll of both. The pursuit is asked of the Raiders where they broke, fleeing from the Knights
// first (pursued.fleesFrom): the engine makes the flee (the Raiders turn to face 270, their rear
// parallel to the Knights' front, the facing in contact, and move straight west at least their 11″),
// then the pursuit: the Raiders escape, and the Knights, already facing 270, pursue west after them.
// Made, the Raiders stand where they fled to, the Knights west of where they charged and east of
// the Raiders: charge, roll, make, Pursue, roll, make (the flee made alone first took three more).
test('ninth-age (360x740, touch): play, 9A-FL-1 9A-DST-1 9A-PV-1 after the Knights’ charge, one pursuit roll makes the Raiders’ flee first (11″ west), then the pursuit (10 against 11): made, the Raiders fled and the Knights pursue west after them', { timeout: 120000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsChargeMade(page);
  const knights = await unitOf(page, 'Knights'), raiders = await unitOf(page, 'Raiders');
  // the dice fall as 6 + 5 (the flee), then 5 + 5 (the pursuit)
  await page.evaluate(() => { const faces = [[6, 5], [5, 5]]; crypto.getRandomValues = (bytes) => { const [a, b] = faces.shift() ?? [1, 1]; bytes[0] = a - 1; bytes[1] = b - 1; return bytes; }; });
  await page.selectOption('#play-question', 'pursue');
  await ruled(page);
  await page.tap('#play-roll');
  await ruled(page);
  const request = await pageRequest(page);
  assert.deepEqual([request.pursued.unit, request.pursued.fleesFrom, request.pursued.fleeDistance, request.pursuers[0].distance], ['Raiders', 'Knights', 11, 10]);
  const said = await verdict(page);
  assert.match(said, /^Raiders escape \(pursuit 10 against flee 11\)\. Raiders flee 11″ from Knights to /, said);
  assert.doesNotMatch(said, /no legal pivot|still touch/);
  await shot(page, 'ninth-age', 'pursue-after-flee');
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  const fled = await unitOf(page, 'Raiders');
  assert.equal(fled.facing, 270, 'the Raiders turned to flee west');
  assert.ok(Math.abs(fled.y - raiders.y) < 1e-6 && raiders.x - fled.x >= 11 - 1e-6, `the Raiders fled west at least 11″: ${raiders.x} to ${fled.x}`);
  const k = await unitOf(page, 'Knights');
  assert.ok(k.x < knights.x - 1 && k.x > fled.x, `the Knights pursued west, behind the Raiders: ${knights.x} to ${k.x} (Raiders at ${fled.x})`);
  assert.deepEqual(errors, []);
  await context.close();
});

