// The WebAssembly engine through the JS module: the envelope, the bad-input table, leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { badInputs, badInputBytes, loadScenario, scenarioFiles } from './util.mjs';

const engine = await createEngine();

test('describe lists the games of src/systems.def and each game\'s assumptions (docs/rules/*.md "Assumptions")', () => {
  const r = engine.request({ query: 'describe' });
  assert.equal(r.ok, true);
  assert.deepEqual(r.result.systems.map((s) => s.id), SYSTEM_IDS); // describe lists the games of src/systems.def, in its order
  for (const s of r.result.systems) assert.ok(['step', 'inch', 'hex'].includes(s.lengthUnit), s.id);
  assert.deepEqual(r.result.assumptions.map((a) => a.id), r.result.systems.flatMap((s) => s.assumptions));
  assert.ok(r.result.assumptions.length > 0);
  assert.equal(r.result.tolerance.MC_LINEAR_SLOP, 1e-6);
  assert.ok(r.result.limits.MC_MAX_UNITS >= 500, 'the stress cases need 500 units');
});

test('request accepts an object or JSON text and requestText returns the raw bytes', () => {
  const text = engine.requestText('{"query":"describe"}');
  assert.ok(text.startsWith('{"ok":true'));
  assert.deepEqual(engine.request('{"query":"describe"}'), JSON.parse(text));
});

for (const c of badInputs()) {
  test(`bad input: ${c.name} -> ${c.code} at "${c.path}"`, () => {
    const r = JSON.parse(engine.requestBytes(badInputBytes(c)));
    assert.equal(r.ok, false);
    assert.equal(r.error.code, c.code, r.error.message);
    assert.equal(r.error.path, c.path, r.error.message);
    assert.equal(typeof r.error.message, 'string');
  });
}

test('1,000 requests leave bytesInUse where it started', () => {
  const requests = [
    ...scenarioFiles().map((f) => JSON.stringify(loadScenario(f).request)),
    ...badInputs().filter((c) => !c.generate).map((c) => badInputBytes(c)),
  ];
  const before = engine.bytesInUse();
  for (let i = 0; i < 1000; i++) {
    const req = requests[i % requests.length];
    if (typeof req === 'string') engine.requestText(req);
    else engine.requestBytes(req);
    assert.equal(engine.bytesInUse(), before, `request ${i} leaked`);
  }
});

test('heapBytes reports the WebAssembly memory: whole 64 KiB pages, never shrinking', () => {
  const before = engine.heapBytes();
  assert.ok(before >= 4 * 1024 * 1024, 'at least the 4 MiB the build starts with');
  assert.equal(before % 65536, 0);
  engine.requestText('{"query":"describe"}');
  assert.ok(engine.heapBytes() >= before);
});

test('requestText sends the same bytes as requestBytes, and a lone surrogate is still bad_json', () => {
  const text = '{"system":"godsgloom","query":"Überläufer ✓ 𝄞"}';
  assert.equal(engine.requestText(text), engine.requestBytes(new TextEncoder().encode(text)));
  const lone = JSON.parse(engine.requestText('{"query":"describe","x":"\ud800"}'));
  assert.equal(lone.ok, false);
  assert.equal(lone.error.code, 'bad_json');
});

test('AL-LAT-2 AL-MOV-1 AL-MOV-3 AL-ORD-2 the engine\'s own words count in the singular where the number is one', () => {
  // a sortie with 2 icons steps forward once (1 point), then a half step (1 point): none left
  const ask = (icons, steps) => engine.request({ system: 'arcane-legions', query: 'move', units: [{ id: 'a', side: 'red', x: 0, y: 0, facing: 90, base: 'sortie', movementIcons: icons }],
    order: { unit: 'a', actions: steps.map((distance) => ({ step: 'forward', distance })) } });
  const one = ask(2, [1]);
  assert.equal(one.ok, true);
  assert.equal(one.result.actions[0].events[0].message, 'moved forward 1 step');
  const trace = one.result.trace.map((t) => t.message);
  assert.ok(trace.includes('a move order to a sortie base costs 1 order point'), trace.join(' | '));
  assert.ok(trace.includes('2 ready movement icons give 2 movement points'), trace.join(' | '));
  assert.ok(trace.includes('movement ends (actions); 1 unspent point is lost'), trace.join(' | '));
  const none = ask(2, [1, 0.5]);
  assert.equal(none.result.actions[1].events[0].message, 'moved forward 0.5 steps');
  assert.ok(none.result.trace.some((t) => t.message === 'movement ends (points); no points were left'), none.result.trace.map((t) => t.message).join(' | '));
  assert.ok(ask(1, [1]).result.trace.some((t) => t.message === '1 ready movement icon gives 1 movement point'));
});

test('AL-COL-1 a unit already touching what is in its step\'s way collides at the start of the step, not "after 0 steps"', () => {
  // two 1 × 1 sorties face to face: a's front edge (y = 0.5) lies on b's front edge, so a's step
  // meets b before it moves; a step begun 0.5 short meets b after 0.5 of it
  const ask = (y) => engine.request({ system: 'arcane-legions', query: 'move', units: [{ id: 'a', side: 'red', x: 0, y, facing: 0, base: 'sortie', movementIcons: 4 },
    { id: 'b', side: 'blue', x: 0, y: 1, facing: 180, base: 'sortie' }], order: { unit: 'a', actions: [{ step: 'forward', distance: 1 }] } });
  const touching = ask(0);
  assert.equal(touching.result.actions[0].events[0].message, 'collided with b (unit) at the start of the step, already touching it');
  assert.ok(touching.result.trace.some((t) => t.message === 'collides with b at (0, 0.5) at the start of the step'), touching.result.trace.map((t) => t.message).join(' | '));
  const short = ask(-0.5);
  assert.equal(short.result.actions[0].events[0].message, 'collided with b (unit) after 0.5 steps');
  assert.ok(short.result.trace.some((t) => t.message === 'collides with b at (0, 0.5) after 0.5 of the step'), short.result.trace.map((t) => t.message).join(' | '));
});

test('AL-COL-1 AL-SNP-1 AL-SLD-2 AL-LIM-1 AL-LIM-3 the engine\'s sentences name the table by its edge, turns in words, and a turn put back as costing nothing', () => {
  const words = (name) => {
    const r = engine.request(loadScenario(new URL(`../scenarios/arcane-legions/${name}.json`, import.meta.url).pathname).request).result;
    return { events: r.actions.flatMap((a) => a.events.map((e) => e.message)), trace: r.trace.map((t) => t.message), r };
  };
  // a unit at 30° strikes the table edge and snaps 30° back onto it (the scenario's title): no "table (table-edge)"
  const edge = words('al-col-1-table-edge-snap');
  assert.match(edge.events[0], /^collided with the table edge after [0-9.]+ steps$/);
  assert.match(edge.events[1], /^snapped 30 degrees counter-clockwise about \([0-9., ]+\) onto the table edge$/);
  assert.equal(edge.events[2], 'units do not slide along the table edge');
  assert.ok(edge.trace.includes('no slide along the table edge'), edge.trace.join(' | '));
  assert.equal(edge.r.actions[0].events[0].object, 'table'); // the field keeps the id
  // both snaps of the turn blocked, one by a post, one leaving the unit over a wall: said in words, and the turn is free
  const back = words('al-lim-3-returned-turn-not-made');
  assert.ok(back.events.includes('snapping 45 degrees clockwise would hit post'), back.events.join(' | '));
  assert.ok(back.events.includes('snapping 45 degrees counter-clockwise would leave it overlapping wall'), back.events.join(' | '));
  assert.ok(back.trace.includes('overlapping blk with no snap possible: the turn is not made, so it costs nothing; movement continues'), back.trace.join(' | '));
  assert.equal(back.r.actions[0].cost, 0);
});

test('9A-FA-E a pursuer\'s refused charge gives the reason the charge query gives on the same position, with the roll as the range', () => {
  for (const name of ['fa-e-charge-out-of-range', 'fa-e-pursuer-blocked-by-fellow-pursuer']) {
    const req = loadScenario(new URL(`../scenarios/ninth-age/${name}.json`, import.meta.url)).request;
    const pursuit = engine.request(req).result;
    const refused = pursuit.pursuers.find((p) => p.outcome === 'obstruction');
    assert.ok(refused, name);
    const target = refused.forwardAhead.firstObstacle.object;
    // The charge asked from where the pursuer stood to charge: its pivot, after the pursuers that moved before it.
    const moved = Object.fromEntries(pursuit.pursuers.filter((p) => p !== refused).map((p) => [p.unit, p.final]));
    const units = req.units.map((u) => (u.id === refused.unit ? { ...u, ...refused.pivot, angle: undefined } : moved[u.id] ? { ...u, ...moved[u.id] } : u));
    const charge = engine.request({ system: 'ninth-age', query: 'charge', table: req.table, units: JSON.parse(JSON.stringify(units)), charger: refused.unit, target, range: refused.distance }).result;
    assert.equal(charge.possible, false, name);
    const code = { no_room: 'charge_no_room', path_blocked: 'charge_blocked' }[charge.reasons[0].code] ?? charge.reasons[0].code;
    assert.deepEqual([refused.reasons[0].code, refused.reasons[0].message], [code, charge.reasons[0].message], name);
  }
});

test('GG-8.3-MMG whyNot tells a unit the Minimum Move Guarantee moves that it goes one hex, no further', () => {
  // Speed 1 and a Slow token: 0 movement points (GG-MOV-1); the guarantee enters any one open hex
  const ask = (tokens) => engine.request({ system: 'godsgloom', query: 'whyNot', board: { cols: 7, rows: 7 },
    units: [{ id: 'a', side: 'red', q: 0, r: 3, facing: 0, speed: 1, tokens }], unit: 'a', to: { col: 4, row: 3 } }).result;
  const slowed = ask(['slow']);
  assert.equal(slowed.reasons[0].code, 'not_enough_points');
  assert.equal(slowed.reasons[0].needs, 3);
  assert.match(slowed.reasons[0].message, /^It needs 3 movement points and has 0 \(the Minimum Move Guarantee goes one hex only\), by the cheapest way to hex /);
  // with its 1 point it enters the hex by paying: no guarantee to mention
  assert.doesNotMatch(ask([]).reasons[0].message, /Minimum Move Guarantee/);
});

// reachArea's collision samples are where `move` ends the same step: a unit that can afford one
// step forward only, among units and terrain at random angles near it. Expected values come from
// the move query, which the scenarios check by hand (al-snp-1-*, al-col-*).
test('AL-COL-2 AL-SNP-1 reachArea lists a collision where move ends the same step: snapped, not where it first touched', () => {
  let seed = 7;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  let angled = 0;
  for (let n = 0; n < 300; n++) {
    const facing = Math.round(rnd() * 360);
    const a = { id: 'a', side: 'red', x: 0, y: 0, facing, base: 'sortie', movementIcons: 1, codex: { forward: 1, backward: 9, left: 9, right: 9 } };
    const f = facing * Math.PI / 180, d = 0.9 + rnd() * 0.6; // something about a step ahead, a little aside
    const at = [Math.sin(f) * d + (rnd() - 0.5), Math.cos(f) * d + (rnd() - 0.5)];
    const units = [a], terrain = [];
    if (rnd() < 0.5) units.push({ id: 'b', side: 'blue', x: at[0] + Math.sin(f) * 0.6, y: at[1] + Math.cos(f) * 0.6, facing: Math.round(rnd() * 360), base: 'sortie', movementIcons: 1 });
    else {
      const g = rnd() * Math.PI, c = Math.cos(g), s = Math.sin(g), k = 0.6;
      terrain.push({ id: 't', kind: 'blocking', polygon: [[-k, 0], [k, 0], [k, 2 * k], [-k, 2 * k]].map(([x, y]) => [at[0] + x * c - y * s, at[1] + x * s + y * c]) });
    }
    const base = { system: 'arcane-legions', units, terrain };
    const reach = engine.request({ ...base, query: 'reachArea', unit: 'a', samplesPerStep: 1 });
    const move = engine.request({ ...base, query: 'move', order: { unit: 'a', actions: [{ step: 'forward' }] } });
    if (!reach.ok || !move.ok || move.result.legal === false) continue; // (placed overlapping the unit)
    const hits = reach.result.samples.filter((s) => s.collision);
    if (move.result.endedBy !== 'collision') { assert.deepEqual(hits, [], `case ${n}: no collision ends the step`); continue; }
    assert.equal(hits.length, 1, `case ${n}: one collision`);
    const end = move.result.final;
    for (const k of ['x', 'y', 'facing']) assert.ok(Math.abs(hits[0][k] - end[k]) <= 1e-9, `case ${n}: ${k} ${hits[0][k]} against move's ${end[k]}`);
    if (end.facing !== facing) angled++;
  }
  assert.ok(angled >= 20, `collisions at an angle that snapped: ${angled}`);
});

// Two snaps that end on one centre at two facings are two ends. A sortie at (-1, 0), 4 points, steps
// right and forward only (codex 1/9/9/1); a post with corners L (-0.05, 2.8) and B (0.2, 2.366987),
// its edge L-B 0.5 long at 60 degrees. From (0, 1) a step forward touches B with the centre at
// (0, 1.866987) and snaps 60 degrees clockwise about B (the other edge at B needs 80 anticlockwise):
// (-0.333013, 2.290192) facing 60, for 3 points. From (-1, 2.5) a step right touches L with the centre
// at (-0.55, 2.5) and snaps 30 degrees anticlockwise about L (the other edge needs 45 clockwise): the
// same centre, facing 330, for 4 points (the review that found them merged derived both by hand).
test('AL-SNP-1 AL-COL-2 reachArea lists two snapped ends with one centre and two facings as two', () => {
  const post = [[-0.05, 2.8], [0.2, 2.366987298], [0.304188907, 2.95787195], [0.232842712, 3.082842712]];
  const r = engine.request({ system: 'arcane-legions', query: 'reachArea', unit: 'a', samplesPerStep: 4, terrain: [{ id: 'post', kind: 'blocking', polygon: post }],
    units: [{ id: 'a', side: 'red', x: -1, y: 0, facing: 0, base: 'sortie', movementIcons: 4, codex: { forward: 1, backward: 9, left: 9, right: 1 } }] });
  const at = (facing) => r.result.samples.filter((s) => s.collision && Math.abs(s.x + 0.333013) < 1e-6 && Math.abs(s.y - 2.290192) < 1e-6 && Math.abs(s.facing - facing) < 1e-6);
  assert.deepEqual(at(60).map((s) => s.cost), [3]);
  assert.deepEqual(at(330).map((s) => s.cost), [4]);
});
