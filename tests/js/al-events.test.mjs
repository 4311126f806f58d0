// The words of an Arcane Legions move's events (web/games/arcane-legions.js, the list under the
// verdict and the numbers on the board; issue 23), from the engine's answers to scenarios whose
// geometry their files work out: what a blocked snap, a move straight out, a stop without a move
// order and a turn's overlap say, in order, rounded as a player measures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { createEngine } from '../../wasm/movecalc.mjs';
import game from '../../web/games/arcane-legions.js';
import { makeOut } from '../../web/draw.js';
import { root, loadScenario } from './util.mjs';

const engine = await createEngine({ systems: ['arcane-legions'] });

/** The events the move drawer lists for a scenario's request: [n, text], and their board markers by number. */
function events(name) {
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', `${name}.json`));
  const res = engine.request(request);
  assert.equal(res.ok, true, name);
  const out = makeOut(request, () => '#000', game.requestSize);
  game.draw.move(out, res.result, request, null, {});
  const marks = new Map(out.overlay.filter((it) => it.step).map((it) => [it.step, it]));
  return { list: out.events.map((e) => [e.n, e.text]), marks };
}

test('AL-LIM-1 a snap blocked by a third unit: the wider snap made, and why not the smaller', () => {
  // the wall's edge is met corner-first at 20° after half a step; pivoting 20° back would swing
  // into blk, so the unit snaps the other way, 70° clockwise
  const { list, marks } = events('al-lim-1-snap-blocked-by-third-unit');
  assert.deepEqual(list, [[1, 'collides with wall after 0.5 steps'], [2, 'snaps 70° clockwise onto it (not 20° anticlockwise: blk is in the way)']]);
  assert.deepEqual([marks.get(1).shape, marks.get(2).shape], ['x', 'pivot']);
  assert.deepEqual([marks.get(1).x, marks.get(1).y], [0, 1.5], 'the contact point');
});

test('AL-OVL-1 AL-LIM-1 a turn that ends overlapping a block moves straight out the other way', () => {
  const { list } = events('al-lim-1-blocked-push-takes-the-other-side');
  assert.deepEqual(list, [[1, 'the 90° turn ends overlapping block'], [2, 'moves 0.3 steps straight out onto it (not 0.1 steps straight out: blk is in the way)']]);
});

test('AL-LIM-4 without a move order a collision merely stops the unit; AL-COL-1 a unit’s edge is named from the contact point', () => {
  assert.deepEqual(events('al-lim-4-no-move-order-stops').list, [[1, 'stops against wall (no move order)']]);
  // b is a sortie facing 180°: the mover's front meets b's front, its edge nearest the mover
  assert.deepEqual(events('al-col-1-straight-into-sortie').list, [[1, 'collides with b’s front edge, 0.5 steps into action 2']]);
});

test('AL-BRK-4 breakaway attacks come first, in the order they are resolved, each its attacker ringed', () => {
  const { list, marks } = events('al-brk-4-turn-order-wraps-after-active-player');
  assert.deepEqual(list.slice(0, 3).map(([, t]) => t.split(' ')[0]), ['b1', 'g1', 'g2']);
  assert.ok(list.slice(0, 3).every(([, t]) => t.endsWith('may attack it before it moves (breakaway)')));
  for (const n of [1, 2, 3]) assert.equal(marks.get(n).type, 'polygon');
});
