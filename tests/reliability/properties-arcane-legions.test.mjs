// Arcane Legions properties on random tables (AL-MOV-1, AL-MOV-3, AL-COL-1, AL-COL-2, AL-TER-1,
// AL-LAT-3, AL-TRN-2): a table with up to 30 sortie and formation bases of two sides and up to 12
// convex terrain pieces (blocking, hindering, control), none overlapping at the start; `move` with
// random steps and turns, and `reachArea`, through the JSON interface. Every answer: JSON, finite
// numbers, clause ids that exist (props.mjs). `move`: the points spent never exceed the points
// given and the action costs add up to them; the final pose, every pose an action reached and the
// final pose of every alternative in `choices` overlap no other unit and no blocking or hindering
// terrain by more than 1e-6 (rectangle overlap computed here, separating axes) and stay on the
// table. `reachArea`: every sample costs at most the points and stands clear the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EPS, ask, caseCount, convexOverlap, okResult, prng, rectCorners } from './props.mjs';

const SIZE = { sortie: [1, 1], formation: [2, 1] };

function convexPolygon(r, cx, cy) {
  const k = 3 + r.int(6), rad = 0.5 + r.next() * 3;
  const angles = Array.from({ length: k }, () => r.next() * 2 * Math.PI).sort((a, b) => a - b);
  const pts = angles.map((a) => [cx + rad * Math.cos(a), cy + rad * Math.sin(a)]);
  // Drop repeated angles (degenerate polygons are bad_request, not what is tested here).
  return pts.filter((p, i) => i === 0 || Math.hypot(p[0] - pts[i - 1][0], p[1] - pts[i - 1][1]) > 0.05);
}

function table(r) {
  const W = 8 + r.int(25), H = 8 + r.int(25);
  const terrain = [];
  for (let i = r.int(13); i > 0; i--) {
    const poly = convexPolygon(r, r.next() * W, r.next() * H);
    if (poly.length >= 3) terrain.push({ id: `t${terrain.length}`, kind: r.pick(['blocking', 'hindering', 'control']), polygon: poly });
  }
  const units = [];
  for (let tries = 0, n = 1 + r.int(30); units.length < n && tries < 300; tries++) {
    const base = r.next() < 0.5 ? 'sortie' : 'formation';
    const u = { id: `u${units.length}`, side: r.next() < 0.5 ? 'red' : 'blue', x: 1 + r.next() * (W - 2), y: 1 + r.next() * (H - 2),
      facing: r.next() < 0.5 ? r.int(8) * 45 : Math.round(r.next() * 3599) / 10, base, movementIcons: r.int(9) };
    if (r.next() < 0.3) u.codex = { forward: r.int(3), backward: r.int(4), left: r.int(3), right: r.int(3) };
    const c = rectCorners(u, ...SIZE[base]);
    if (!c.every(([x, y]) => x > 0.01 && y > 0.01 && x < W - 0.01 && y < H - 0.01)) continue;
    if (units.some((o) => convexOverlap(c, rectCorners(o, ...SIZE[o.base])) > -0.01)) continue;
    if (terrain.some((t) => t.kind !== 'control' && convexOverlap(c, t.polygon) > -0.01)) continue;
    units.push(u);
  }
  return { system: 'arcane-legions', table: { width: W, height: H }, terrain, units };
}

/** Asserts a pose of `mover` overlaps nothing it may not and stays on the table. */
function assertClear(req, mover, pose, label) {
  const c = rectCorners(pose, ...SIZE[mover.base]);
  const { width: W, height: H } = req.table;
  for (const [x, y] of c) assert.ok(x >= -EPS && y >= -EPS && x <= W + EPS && y <= H + EPS, `${label}: corner (${x}, ${y}) off the table ${JSON.stringify(pose)}`);
  for (const o of req.units) {
    if (o.id === mover.id) continue;
    const d = convexOverlap(c, rectCorners(o, ...SIZE[o.base]));
    assert.ok(d <= EPS, `${label}: ${JSON.stringify(pose)} overlaps unit ${o.id} by ${d}`);
  }
  for (const t of req.terrain) {
    if (t.kind === 'control') continue;
    const d = convexOverlap(c, t.polygon);
    assert.ok(d <= EPS, `${label}: ${JSON.stringify(pose)} overlaps ${t.kind} terrain ${t.id} by ${d}`);
  }
}

function randomAction(r) {
  if (r.next() < 0.65) {
    const a = { step: r.pick(['forward', 'forward', 'backward', 'left', 'right']) };
    if (r.next() < 0.3) a.distance = Math.round((0.05 + r.next() * 0.95) * 100) / 100;
    return a;
  }
  return { turn: r.pick([45, 90]), off: r.pick(['front', 'front', 'back', 'left', 'right']), toward: r.pick(['left', 'right']) };
}

test('AL-MOV-3 AL-COL-1 AL-COL-2 AL-TER-1 move on random tables: points within the points given, every pose reached clear of units and blocking terrain', () => {
  const r = prng(0xa1a1);
  let made = 0, collisions = 0;
  for (let i = 0; i < caseCount(400); i++) {
    const base = table(r);
    const mover = r.pick(base.units);
    const order = { unit: mover.id, actions: Array.from({ length: 1 + r.int(8) }, () => randomAction(r)) };
    if (r.next() < 0.3) order.slide = r.pick(['left', 'right', 'forward', 'backward']);
    if (r.next() < 0.2) order.snapSide = r.pick(['cw', 'ccw']);
    if (r.next() < 0.2) order.collideControl = base.terrain.filter((t) => t.kind === 'control').map((t) => t.id);
    if (r.next() < 0.1) order.moveOrder = false;
    const req = { ...base, query: 'move', order };
    const label = `move case ${i}`;
    const res = okResult(ask(req, label), req, label);
    assert.ok(res.pointsSpent >= 0 && res.pointsSpent <= res.movementPoints, `${label}: ${res.pointsSpent} points spent of ${res.movementPoints}`);
    const spent = res.actions.filter((a) => a.made).reduce((s, a) => s + a.cost, 0);
    assert.equal(spent, res.pointsSpent, `${label}: the action costs add up to ${spent}, pointsSpent ${res.pointsSpent}`);
    if (res.legal) assert.equal(res.pointsSpent + res.pointsLost, res.movementPoints, `${label}: spent + lost is not the points`);
    assertClear(req, mover, res.final, `${label} final`);
    res.actions.forEach((a, k) => a.made && assertClear(req, mover, a.pose, `${label} action ${k}`));
    for (const c of res.choices ?? []) for (const o of c.options) {
      assertClear(req, mover, o.final, `${label} choice ${c.choice}=${o.value}`);
      assert.ok(o.pointsSpent <= res.movementPoints, `${label} choice ${c.choice}=${o.value}: ${o.pointsSpent} points spent`);
    }
    made += res.actions.filter((a) => a.made).length;
    collisions += res.endedBy === 'collision';
  }
  assert.ok(made > 0 && collisions > 0, `${made} actions made, ${collisions} collisions`);
});

test('AL-MOV-1 AL-LAT-2 reachArea on random tables: every sample within the points and clear of units and blocking terrain', () => {
  const r = prng(0xa1a2);
  let samples = 0;
  for (let i = 0; i < caseCount(60); i++) {
    const base = table(r);
    const mover = r.pick(base.units);
    const req = { ...base, query: 'reachArea', unit: mover.id, movementPoints: r.int(5), samplesPerStep: 1 + r.int(4) };
    const label = `reachArea case ${i}`;
    const res = okResult(ask(req, label), req, label);
    for (const s of res.samples) {
      assert.ok(s.cost >= 0 && s.cost <= res.movementPoints, `${label}: a sample costs ${s.cost} of ${res.movementPoints}`);
      assertClear(req, mover, s, `${label} sample`);
    }
    samples += res.samples.length;
  }
  assert.ok(samples > 0);
});
