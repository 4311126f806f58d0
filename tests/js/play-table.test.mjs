// Play on a table (web/play-table.js): what a drag of a unit asks, checked by hand. Axes as in
// docs/api.md: x right, y up the table, facings clockwise from +y (a unit facing 90 looks along +x).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { stepsOf, turnOf, turnAfterRest, slideOf, poseAfter, MAX_STEPS, SIDE_DEADBAND, TURN_REACH, HANDLE_DEADBAND } from '../../web/play-table-order.js';
import { facingAt, facingEdge, frontRuler } from '../../web/play-table-charge.js';
import { rolledDice } from '../../web/games/ninth-age-charge.js';
import { isOn } from '../../web/geometry.js';

const near = (a, b, what) => assert.ok(Math.abs(a - b) < 1e-9, `${what}: ${a} is ${b}`);

test('AL-MOV-2 AL-LAT-3 a drag along the base’s own axis is whole steps and a last partial one, to a tenth', () => {
  // facing 0: 2.34 up the table is two steps forward and 0.3 of a step
  assert.deepEqual(stepsOf(0, 0, 2.34), [{ step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }, { step: 'forward', distance: 0.3 }]);
  // facing 90 (looking along +x): 1.5 down the table is 1.5 steps to its right
  assert.deepEqual(stepsOf(90, 0, -1.5), [{ step: 'right', distance: 1 }, { step: 'right', distance: 0.5 }]);
  // facing 180: 0.96 up the table is a whole step backward (rounded to the tenth)
  assert.deepEqual(stepsOf(180, 0, 0.96), [{ step: 'backward', distance: 1 }]);
  assert.deepEqual(stepsOf(0, 0.02, 0.03), [], 'a finger that barely moved asks no step');
});

test('AL-MOV-2 a drag across both axes steps along the one it goes further along, whichever side of the diagonal it falls', () => {
  // facing 0: (0.6, 1.2) is 1.2 ahead and 0.6 right: 1.2 steps forward, nothing aside
  assert.deepEqual(stepsOf(0, 0.6, 1.2), [{ step: 'forward', distance: 1 }, { step: 'forward', distance: 0.2 }]);
  // 3.2 steps at 46° round: 2.30 right, 2.22 ahead; at 44°: 2.30 ahead, 2.22 right
  const at = (deg) => [3.2 * Math.sin(deg * Math.PI / 180), 3.2 * Math.cos(deg * Math.PI / 180)];
  assert.deepEqual(stepsOf(0, ...at(46)), [{ step: 'right', distance: 1 }, { step: 'right', distance: 1 }, { step: 'right', distance: 0.3 }]);
  assert.deepEqual(stepsOf(0, ...at(44)), [{ step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }, { step: 'forward', distance: 0.3 }]);
  // facing 90: 1.5 down and 0.4 across the table is 1.5 steps right of it
  assert.deepEqual(stepsOf(90, 0.4, -1.5), [{ step: 'right', distance: 1 }, { step: 'right', distance: 0.5 }]);
});

test('a drag far off the table asks at most MAX_STEPS steps along an axis', () => {
  assert.equal(stepsOf(0, 0, 1000).length, MAX_STEPS);
});

test('AL-TRN-1 the turn handle takes the turning tool’s 45° or 90° position nearest its angle, toward the side it went', () => {
  // facing 0: the handle dragged to north-east (45° clockwise) is a 45° turn to the right
  assert.deepEqual(turnOf(0, 1, 1), { turn: 45, off: 'front', toward: 'right' });
  // to due west (270°, 90° anticlockwise): a 90° turn to the left
  assert.deepEqual(turnOf(0, -1, 0), { turn: 90, off: 'front', toward: 'left' });
  // facing 350: the handle at 30° is 40° round, the 45° position
  assert.deepEqual(turnOf(350, Math.sin(30 * Math.PI / 180), Math.cos(30 * Math.PI / 180)), { turn: 45, off: 'front', toward: 'right' });
  assert.equal(turnOf(0, 0.1, 1), null, 'a handle left ahead of the unit (under 22.5° round) turns nothing');
  // dragged behind the unit: the 90° position, the side it went round
  assert.deepEqual(turnOf(0, 0.2, -1), { turn: 90, off: 'front', toward: 'right' });
});

test('AL-TRN-1 the turn handle’s dead zone is a finger’s wobble: past it the nearest of the tool’s positions, 45° from there up to 67.5°', () => {
  const at = (deg) => [Math.sin(deg * Math.PI / 180), Math.cos(deg * Math.PI / 180)];
  assert.equal(HANDLE_DEADBAND < 22.5, true, 'smaller than half the way to 45°');
  assert.equal(turnOf(0, ...at(HANDLE_DEADBAND - 1), HANDLE_DEADBAND), null, 'inside it: no turn');
  // 14 px round a handle 47 px from the centre (a phone's): 16.6°, the 45° position
  assert.deepEqual(turnOf(0, ...at(16.6), HANDLE_DEADBAND), { turn: 45, off: 'front', toward: 'right' });
  assert.deepEqual(turnOf(0, ...at(-(HANDLE_DEADBAND + 1)), HANDLE_DEADBAND), { turn: 45, off: 'front', toward: 'left' });
  assert.deepEqual(turnOf(0, ...at(70), HANDLE_DEADBAND), { turn: 90, off: 'front', toward: 'right' });
});

test('9A-ARC-1 the facing under the finger is the side of the target nearest it', () => {
  // a unit 5 wide and 3 deep at (10, 10) facing 0: front edge y 11.5, right edge x 12.5
  const u = { x: 10, y: 10, facing: 0, w: 5, d: 3 };
  assert.equal(isOn(u, 12, 11), true);
  assert.equal(isOn(u, 13, 11), false);
  // facing 90 (looking along +x) the base lies across: 3 deep along x, 5 wide along y, so (11.4, 12)
  // is on it and (12, 11) is 0.5 beyond its front edge (x 11.5), on it only with that much slack
  assert.equal(isOn({ ...u, facing: 90 }, 11.4, 12), true);
  assert.equal(isOn({ ...u, facing: 90 }, 12, 11), false);
  assert.equal(isOn({ ...u, facing: 90 }, 12, 11, 0.5), true, 'the board’s slack round a base');
  assert.equal(facingAt(u, 10, 11.2), 'front');
  assert.equal(facingAt(u, 10, 8.7), 'rear');
  assert.equal(facingAt(u, 12.3, 10), 'right');
  assert.equal(facingAt(u, 7.8, 10.5), 'left');
  // facing 180 the sides swap: down the table is its front
  assert.equal(facingAt({ ...u, facing: 180 }, 10, 8.7), 'front');
  const e = facingEdge(u, 'right');
  near(e[0][0], 12.5, 'right edge x'); near(e[1][0], 12.5, 'right edge x');
  const ys = [e[0][1], e[1][1]].sort((a, b) => a - b);
  near(ys[0], 8.5, 'its back end'); near(ys[1], 11.5, 'its front end');
});

test('the ruler runs from the middle of the unit’s front; forward within 45° of its facing, else backward or sideways', () => {
  const u = { x: 10, y: 10, facing: 0, w: 4, d: 2 };
  const r = frontRuler(u, 13, 15); // from (10, 11): 3 right, 4 ahead
  near(r.from[0], 10, 'from x'); near(r.from[1], 11, 'from y');
  near(r.length, 5, 'length');
  assert.equal(r.forward, true);
  assert.equal(r.way, 'forward');
  assert.equal(frontRuler(u, 14, 12).forward, false, '4 right and 1 ahead is sideways');
  assert.equal(frontRuler(u, 14, 12).way, 'sideways');
  assert.equal(frontRuler(u, 10, 9).forward, false, 'behind its front is backward');
  assert.equal(frontRuler(u, 10, 9).way, 'backward');
  assert.equal(frontRuler(u, 8, 7).way, 'backward', '2 left and 4 behind: within 45° of straight back');
  assert.equal(frontRuler(u, 6, 10).way, 'sideways', '4 left and 1 behind');
});

test('AL-MOV-2 AL-TRN-1 a finger that rested on steps and is pushed on off their line turns the unit with the turning tool; on along them it steps on', () => {
  const rest = { steps: [{ step: 'forward', distance: 1 }], facing: 0 };
  // facing 0 (looking up the table): pushed north-east, 45° right of the steps' way: the 45° position
  assert.deepEqual(turnAfterRest(rest, 1, 1), { turn: 45, off: 'front', toward: 'right' });
  // pushed due west, 90° left: the 90° position to the left
  assert.deepEqual(turnAfterRest(rest, -1, 0), { turn: 90, off: 'front', toward: 'left' });
  assert.equal(turnAfterRest(rest, 0, 2), 'on', 'on up the table: more steps, no turn');
  assert.equal(turnAfterRest(rest, 0.2, 0.2), null, `less than ${TURN_REACH} of a step: a wobble`);
  // steps backward, the finger on down the table: still the steps' own way
  assert.equal(turnAfterRest({ steps: [{ step: 'backward', distance: 1 }], facing: 0 }, 0, -1), 'on');
});

test('AL-SLD-1 after a collision the finger moved along what it met picks the slide that way, half a step at least', () => {
  assert.equal(slideOf(['left', 'right'], 0, 0.8, 0.3), 'right', 'facing 0, its right is +x');
  assert.equal(slideOf(['left', 'right'], 0, -0.6, 2), 'left');
  assert.equal(slideOf(['left', 'right'], 0, 0.3, 2), '', `less than ${SIDE_DEADBAND} to a side: no slide`);
  // facing 90 (looking along +x): its right is down the table (-y)
  assert.equal(slideOf(['left', 'right'], 90, 0, -0.7), 'right');
  assert.equal(slideOf(['left'], 0, 0.9, 0), '', 'only the slides the engine offers');
});

test('where steps take a unit when nothing stops it', () => {
  // facing 90: a step forward is +x, half a step left is +y
  const [x, y] = poseAfter({ x: 1, y: 2 }, 90, [{ step: 'forward', distance: 1 }, { step: 'left', distance: 0.5 }]);
  near(x, 2, 'x'); near(y, 2.5, 'y');
});

test('9A-CH-1 the two D6 the page rolled for a Charge Range, while the range is still the Advance Rate plus them; none for a range typed in', () => {
  assert.deepEqual(rolledDice({ range: 13, dice: [3, 2] }, 'range', 8), [3, 2], '8″ + 3 + 2');
  assert.deepEqual(rolledDice({ range: 20, dice: [6, 6] }, 'range', 8), [6, 6]);
  assert.equal(rolledDice({ range: 14, dice: [3, 2] }, 'range', 8), null, 'the range typed over since');
  assert.equal(rolledDice({ range: 13, dice: [3, 2] }, 'range', 4), null, 'another Advance Rate since');
  assert.equal(rolledDice({ range: 13 }, 'range', 8), null, 'a range typed: no dice kept');
  assert.equal(rolledDice({ range: 15, dice: [7, 0] }, 'range', 8), null, 'no D6 shows 7 or 0');
  assert.equal(rolledDice({ range: 13, dice: [3, 2] }, 'range', NaN), null, 'no Advance Rate');
});

test('9A-CH-1 A-9A-4 The Ninth Age\'s charge roll: the Advance Rate plus 2D6 is the Charge Range, the higher die its Failed Charge Move; a charger with no Advance Rate gets none, and the bar says why', async () => {
  const { default: game } = await import('../../web/games/ninth-age.js');
  const roll = game.rolls.charge.range, doc = { units: [{ id: 'Knights', advance: 8 }, { id: 'Mob' }] };
  const i = { charger: 'Knights', range: '', highestDie: '' };
  roll.roll(i, 'range', [2, 5], doc);
  assert.deepEqual([i.range, i.highestDie, i.dice], [15, 5, [5, 2]], '8″ + 2 + 5; the higher die 5');
  assert.equal(roll.said(i, 'range', doc), '5 + 2 → Charge Range 15″');
  i.range = 16;
  assert.equal(roll.said(i, 'range', doc), 'Charge Range 16″', 'typed over: no dice said');
  const m = { charger: 'Mob', range: '', highestDie: '' };
  roll.roll(m, 'range', [6, 6], doc);
  assert.equal(m.range, '', 'no Advance Rate: no range');
  assert.equal(roll.said(m, 'range', doc), 'Charge Range ? (Mob: no Advance Rate, in Units)');
  assert.equal(game.unrolled({ query: 'charge', charger: 'Knights', target: 'Raiders' }), true, 'a charge without its range is not made');
  assert.equal(game.unrolled({ query: 'charge', charger: 'Knights', target: 'Raiders', range: 15, combined: [{ charger: 'Mob' }] }), true, 'nor one whose combined charger has none');
  assert.equal(game.unrolled({ query: 'charge', charger: 'Knights', target: 'Raiders', range: 15 }), false);
  assert.equal(game.unrolled({ query: 'pursue' }), false, 'only a charge waits for its range');
});

test('9A-PU-1 a pursuit is made only when a pursuer ends elsewhere or turned; 9A-PV-E a tap on the other enemy its pivot met names it the target', async () => {
  const { default: ninthAge } = await import('../../web/games/ninth-age.js');
  const request = { query: 'pursue', units: [{ id: 'P', x: 10, y: 10, facing: 0 }, { id: 'Q', x: 20, y: 10, facing: 0 }, { id: 'X1', x: 13, y: 9.4, facing: 270 }, { id: 'X2', x: 13, y: 11.8, facing: 270 }],
    pursued: { facing: 90, fleeDistance: 9 }, pursuers: [{ unit: 'P', distance: 5 }, { unit: 'Q', distance: 4, overrun: true }] };
  const stays = { pursuers: [{ unit: 'P', final: { x: 10, y: 10, facing: 0 } }, { unit: 'Q', final: { x: 20, y: 10, facing: 0 } }] };
  assert.equal(ninthAge.canApply(request, stays), false, 'both stay where they stood: nothing to make');
  const turned = { pursuers: [{ unit: 'P', final: { x: 10, y: 10, facing: 15 } }, stays.pursuers[1]] };
  assert.equal(ninthAge.canApply(request, turned), true, 'a pivot in place is a move');
  const moved = { pursuers: [stays.pursuers[0], { unit: 'Q', final: { x: 20, y: 14, facing: 0 } }] };
  assert.equal(ninthAge.canApply(request, moved), true, 'one pursuer moved');
  const result = { choices: [{ choice: 'target', pursuer: 'P', default: 'X1', options: [{ value: 'X1' }, { value: 'X2' }] }] };
  assert.deepEqual(ninthAge.tapChoice(result, request, 'X2'), ['pursuers', [{ unit: 'P', distance: 5, overrun: false, target: 'X2' }, { unit: 'Q', distance: 4, overrun: true }]]);
  assert.equal(ninthAge.tapChoice(result, request, 'X1'), null, 'the target it charges now is no choice');
  assert.equal(ninthAge.tapChoice(result, request, 'Q'), null, 'a unit no choice names');
});
