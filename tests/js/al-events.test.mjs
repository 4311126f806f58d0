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
import { verdictOf } from '../../web/results.js';
import { latticePoint } from '../../web/geometry.js';
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
  assert.deepEqual(list, [[1, 'ends its 90° turn overlapping block'], [2, 'moves 0.3 steps straight out onto it (not 0.1 steps straight out: blk is in the way)']]);
});

test('AL-OVL-1 AL-SNP-2 a turn whose snap out of an overlap turns 135°: the words say why not the 45° a player expects', () => {
  // the scenario's geometry: lining the back up on the Chargers' front from outside takes 135°
  // clockwise; the same edges lined up by 45° anticlockwise leave the Legion on them
  const { list, marks } = events('al-ovl-1-turn-past-a-corner-snaps-135');
  assert.deepEqual(list, [[1, 'ends its 45° turn overlapping Chargers'], [2, 'snaps 135° clockwise onto it (45° anticlockwise would leave it overlapping)']]);
  assert.equal(marks.get(2).shape, 'pivot');
  // the move made: the turn's 2 of 4 points, and the 2 the collision leaves lost (AL-COL-2)
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-ovl-1-turn-past-a-corner-snaps-135.json'));
  const res = engine.request(request), out = makeOut(request, () => '#000', game.requestSize);
  game.draw.move(out, res.result, request, null, {});
  assert.match(game.madeWords(request, res.result, out.events).text, /^2 of 4 movement points spent, 2 lost\. Legion turns 45° right, then ends its 45° turn overlapping Chargers, then snaps 135° clockwise onto it \(45° anticlockwise would leave it overlapping\); /);
});

test('AL-LIM-4 without a move order a collision merely stops the unit; AL-COL-1 a unit’s edge is named from the contact point', () => {
  assert.deepEqual(events('al-lim-4-no-move-order-stops').list, [[1, 'stops against wall (no move order)']]);
  // b is a sortie facing 180°: the mover's front meets b's front, its edge nearest the mover
  assert.deepEqual(events('al-col-1-straight-into-sortie').list, [[1, 'collides with b’s front edge, 0.5 steps into its 2nd step forward']]);
});

test('AL-BRK-4 breakaway attacks come first, in the order they are resolved, each its attacker ringed', () => {
  const { list, marks } = events('al-brk-4-turn-order-wraps-after-active-player');
  assert.deepEqual(list.slice(0, 3).map(([, t]) => t.split(' ')[0]), ['b1', 'g1', 'g2']);
  assert.ok(list.slice(0, 3).every(([, t]) => t.endsWith('may attack it before it moves (breakaway)')));
  for (const n of [1, 2, 3]) assert.equal(marks.get(n).type, 'polygon');
});

// The reach area (AL-MOV-2: steps forward, backward or sideways, in the unit's own frame) is drawn
// as squares of the sample spacing on the lattice of that frame: for a unit facing 30°, a sample
// reached by steps is the centre of its square, and a square's sides run along the unit's axes.
test('AL-MOV-2 AL-LAT-3 the reach area of a unit facing 30° is squares on its own lattice: one per sample reached by steps, centred on it, none shared, the cheapest cost', () => {
  const request = { system: 'arcane-legions', query: 'reachArea', units: [{ id: 'a', side: 'red', x: 10, y: 10, facing: 30, base: 'sortie', movementIcons: 2 }], unit: 'a', samplesPerStep: 2 };
  const res = engine.request(request);
  assert.equal(res.ok, true);
  const out = makeOut(request, () => '#000', game.requestSize);
  game.draw.reachArea(out, res.result, request, null, {});
  const layer = out.overlay.find((it) => it.type === 'cells');
  assert.deepEqual(layer.frame, { x: 10, y: 10, facing: 30 }, 'the lattice is the unit’s own frame');
  assert.equal(layer.size, 0.5, 'half-step samples: squares half a step wide');
  const keys = layer.cells.map((c) => `${c.i},${c.j}`);
  assert.equal(new Set(keys).size, keys.length, 'no two squares on one lattice point');
  // a lattice point (i, j): i half steps to the unit's right, j ahead; facing 30° clockwise from +y
  const f = 30 * Math.PI / 180, ahead = [Math.sin(f), Math.cos(f)], right = [Math.cos(f), -Math.sin(f)];
  const byKey = new Map(layer.cells.map((c) => [`${c.i},${c.j}`, c]));
  const stepped = res.result.samples.filter((s) => !s.turned);
  assert.ok(stepped.length > 10, 'samples reached by steps');
  for (const s of stepped) {
    const dx = s.x - 10, dy = s.y - 10, i = (dx * right[0] + dy * right[1]) / 0.5, j = (dx * ahead[0] + dy * ahead[1]) / 0.5;
    assert.ok(Math.abs(i - Math.round(i)) < 1e-6 && Math.abs(j - Math.round(j)) < 1e-6, `(${s.x}, ${s.y}) lies on the lattice`);
    const c = byKey.get(`${Math.round(i)},${Math.round(j)}`);
    assert.ok(c, `(${s.x}, ${s.y}) has its square`);
    const centre = [10 + (right[0] * c.i + ahead[0] * c.j) * 0.5, 10 + (right[1] * c.i + ahead[1] * c.j) * 0.5];
    assert.ok(Math.abs(centre[0] - s.x) < 1e-9 && Math.abs(centre[1] - s.y) < 1e-9, 'centred on the sample');
    const drawn = latticePoint(layer.frame, layer.size, c.i, c.j); // where the board and the framing put it
    assert.ok(Math.abs(drawn[0] - s.x) < 1e-9 && Math.abs(drawn[1] - s.y) < 1e-9, 'drawn on the sample');
    assert.ok(c.band <= Math.round(s.cost), `its square shows the cheapest cost: ${c.band} ≤ ${s.cost}`);
  }
  // the start costs nothing, one step ahead one point (AL-MOV-2's forward step, the sortie's cost 1)
  assert.equal(byKey.get('0,0').band, 0);
  assert.equal(byKey.get('0,2').band, 1);
});

// The page's opening (game.defaults): the Legion at (14, 9) facing 20°, the Chargers' base 2 × 1
// at (15, 13) facing 180° (x 14 to 16, y 12.5 to 13.5). Two steps ahead put its centre at
// (14 + 2 sin 20°, 9 + 2 cos 20°); a 90° left turn off its front with the turning tool (A-AL-5: legs
// of 1 step at right angles, a bevel mid-leg) takes its front's middle notch from one leg's bevel
// to the other's with its back there, its centre √2 = 1.41 steps away, facing 290°. There its
// back-right corner lies inside the Chargers: its right flank, running at 110°, crosses their left
// side (at 0°/180°) at 70° on the side away from its body, and its back edge (at 20°) crosses their
// front side (at 90°) at 110°: it snaps through the smaller, 70° clockwise, and ends facing 0°
// flush against their left side.
test('AL-TRN-1 AL-OVL-1 a 90° turn that ends overlapping the Chargers: the move made says the turn, its overlap, then the snap by 70°, and that the tool set it down 1.41 steps from where it stood', () => {
  const units = game.defaults().units.map(({ width, depth, ...u }) => u);
  const request = { system: 'arcane-legions', query: 'move', units, activeSide: 'red', turnOrder: ['red', 'blue'],
    order: { unit: 'Legion', actions: [{ step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }, { turn: 90, off: 'front', toward: 'left' }] } };
  const res = engine.request(request);
  assert.equal(res.ok, true);
  assert.equal(res.result.final.facing, 0, '290° + 70°');
  const out = makeOut(request, () => '#000', game.requestSize);
  game.draw.move(out, res.result, request, null, {});
  // (how the tool set it down last: a phone's verdict shows four lines, the snap within them)
  const tool = 'the turning tool laid on its front sets it down past the tool’s far edge, 1.41 steps from where it stood (AL-TRN-1)';
  assert.equal(game.madeWords(request, res.result, out.events).text, `4 of 4 movement points spent. Legion turns 90° left, then ends its 90° turn overlapping Chargers, then snaps 70° clockwise onto it; ${tool}`);
  // the ruling: the turn after the list of what it met (its first lines on a phone: legal, points, the list)
  assert.doesNotMatch(game.verdictNote(res.result, request), /turn/);
  assert.ok(out.eventsNote.startsWith(`It turns 90° left: ${tool}.`), `the ruling says the turn after the list: ${out.eventsNote}`);
});

// A newcomer's review: a step, a 45° turn, then steps into the Chargers. The made move said the
// turn's tool first, and a phone's four lines cut the collision; the list said "into action 3".
test('AL-TRN-1 AL-COL-1 a turn then a collision: what the unit met is said before how the tool set it down, each step named as the player made it', () => {
  const units = game.defaults().units.map(({ width, depth, ...u }) => u);
  const request = { system: 'arcane-legions', query: 'move', units, activeSide: 'red', turnOrder: ['red', 'blue'],
    order: { unit: 'Legion', actions: [{ step: 'forward' }, { turn: 45, off: 'front', toward: 'left' }, { step: 'forward' }] } };
  const res = engine.request(request);
  assert.equal(res.result.endedBy, 'collision', 'the case meets the Chargers');
  const out = makeOut(request, () => '#000', game.requestSize);
  game.draw.move(out, res.result, request, null, {});
  assert.match(out.events[0].text, /^collides with Chargers’ front edge, 0\.\d+ steps into its 2nd step forward$/);
  const made = game.madeWords(request, res.result, out.events).text;
  assert.ok(made.indexOf('collides') < made.indexOf('turning tool') && made.includes('Legion turns 45° left, then collides'), made);
  assert.equal(game.verdictNote(res.result, request), '');
  assert.match(out.eventsNote, /^It turns 45° left: the turning tool .* The turn costs 2/);
});

// A player's words in the verdict (the review of the page at a table's words): no count of the
// search at the opening, no notch numbers, no "after 0 steps", no cost for a turn put back.
test('AL-MOV-2 the reach area\'s verdict says where, not how many end positions were tried (the details do)', () => {
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-mov-2-reach-area-open.json'));
  const r = engine.request(request).result;
  assert.equal(game.lateVerdict('reachArea', r, request).text, 'a can end its move anywhere in the shaded area with 1 movement point.');
  assert.match(game.moreFacts(r)[0], new RegExp(`^${r.samples.length} sampled positions`));
});

test('AL-SLD-1 a slide names the notches as a player does: by where they lie on their sides', () => {
  // a (facing 0°) meets b (facing 180°, its front at y 1) after 0.5 steps and slides left 0.3: a's
  // front notches lie at x −0.8, −0.3 and 0.2 from its left end, b's at 1.2, 0.7 and 0.2 from its
  // left end (east, b facing south): the notch at 0.2 is the right one of each front
  assert.deepEqual(events('al-sld-1-formation-slides-left-to-notch').list[1], [2, 'slides left 0.3 steps along it: its right front notch on b’s right front notch']);
  // a sortie's side has one notch: named by its side alone
  assert.deepEqual(events('rv-al-snp-1-corner-of-a-turned-unit-on-the-movers-right-side-then-slide').list[2], [3, 'slides forward 0.5 steps along it: its right notch on b’s left notch']);
});

test('AL-COL-1 a collision where the step began is met at once; AL-LIM-3 a turn put back is given no cost', () => {
  assert.deepEqual(events('al-col-1-starting-in-contact-step-into').list, [[1, 'collides with b’s front edge at once']]);
  assert.deepEqual(events('rv-al-col-1-exact-contact-then-collision-at-once').list, [[1, 'collides with b’s front edge at the start of its 3rd step forward']]);
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-lim-3-returned-turn-not-made.json'));
  assert.doesNotMatch(game.verdictNote(engine.request(request).result, request), /turn costs/);
});

// A phone's verdict shows two lines above the events' list ("more below"): a move that met
// something names it there. Values by hand: the table-edge scenario's sortie has 3 movement icons
// and its one step forward costs 1, and the collision ends its move (AL-COL-2), the 2 left lost
// (AL-MOV-3); the game's own Legion (4 points) meets the Chargers' front edge on its second step.
test('AL-COL-1 AL-COL-2 AL-MOV-3 a legal move that met something names what in the verdict\'s first words, with the points', () => {
  const verdict = (request) => verdictOf(engine.request(request), request).text;
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-col-1-table-edge-snap.json'));
  assert.equal(verdict(request), 'a: legal move, meets the table edge. 1 of 3 points spent, 2 left (lost at the end).');
  const units = game.defaults().units.map(({ width, depth, ...u }) => u);
  const legion = { system: 'arcane-legions', query: 'move', units, activeSide: 'red', turnOrder: ['red', 'blue'],
    order: { unit: 'Legion', actions: [{ step: 'forward' }, { turn: 45, off: 'front', toward: 'left' }, { step: 'forward' }] } };
  assert.match(verdict(legion), /^Legion: legal move, meets Chargers\. \d of 4 points spent/);
  // a move that met nothing keeps the points as every game says them
  const open = { ...legion, order: { unit: 'Legion', actions: [{ step: 'forward' }] } };
  assert.match(verdict(open), /^Legion: legal move\. 1 of 4 movement points spent, 3 left/);
});

// By hand: m (a formation) is in contact with g1 behind it, so its half step backward meets g1 at
// once (AL-COL-1); the enemies touching it may attack as it breaks away, in turn order after the
// active red side: yellow's y1, blue's b1 and b2, green's g1 (AL-BRK-1, AL-BRK-4); its 5 icons less
// 1 lost to pushing and 2 to breakaway leave 2 points, and a step backward costs 2 (AL-BRK-3).
test('AL-BRK-1 AL-BRK-3 AL-BRK-4 a move enemies may attack as it breaks away says so first, in the verdict and in the move made', () => {
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-brk-3-icons-lost-in-move.json'));
  const res = engine.request(request);
  assert.equal(verdictOf(res, request).text, 'm: legal move, meets g1; y1, b1, b2, and g1 may attack it first (breakaway). 2 of 2 points spent.');
  assert.equal(game.madeNote(request, res.result), 'Breakaway to resolve: y1, b1, b2, and g1 may attack m.');
  // none to resolve where no enemy touches the mover
  const { request: alone } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-col-1-table-edge-snap.json'));
  assert.equal(game.madeNote(alone, engine.request(alone).result), '');
});

test('AL-BRK-1 an order going on over drops says its breakaway at its first drop only', () => {
  const { request } = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-brk-3-icons-lost-in-move.json'));
  const r = engine.request(request).result;
  assert.match(game.madeNote(request, r, null, request.units), /^Breakaway to resolve/, 'the first drop: the mover where the order begins');
  const moved = request.units.map((u) => (u.id === 'm' ? { ...u, y: -0.25 } : u));
  assert.equal(game.madeNote(request, r, null, moved), '', 'a later drop: the mover already on its way');
});

// A drag of 1.3 steps is two actions, a step and a partial one each paid a whole step's points
// (AL-MOV-2, AL-LAT-3): the Legion's codex asks 1 a step forward, so 2 of its 4 points. Said
// "1 step forward, then 0.3 steps forward", it read as two moves.
test('AL-MOV-2 AL-LAT-3 a move made of steps the same way is said as one run, with the steps it took where one was partial', () => {
  const units = game.defaults().units.map(({ width, depth, ...u }) => u);
  const made = (actions) => {
    const request = { system: 'arcane-legions', query: 'move', units, activeSide: 'red', turnOrder: ['red', 'blue'], order: { unit: 'Legion', actions } };
    const res = engine.request(request);
    assert.equal(res.result.endedBy, 'actions', JSON.stringify(actions));
    const out = makeOut(request, () => '#000', game.requestSize);
    game.draw.move(out, res.result, request, null, {});
    return game.madeWords(request, res.result, out.events).text;
  };
  assert.equal(made([{ step: 'forward', distance: 1 }, { step: 'forward', distance: 0.3 }]), '2 of 4 movement points spent. Legion moves 1.3 steps forward in 2 steps');
  assert.equal(made([{ step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }]), '2 of 4 movement points spent. Legion moves 2 steps forward');
  // another way is another run: forward 1, then right 0.5 (1 + 1 points)
  assert.equal(made([{ step: 'forward', distance: 1 }, { step: 'right', distance: 0.5 }]), '2 of 4 movement points spent. Legion moves 1 step forward, then 0.5 steps right');
});
