// The Ninth Age properties on random battlefields (9A-LP-1, 9A-SP-1, 9A-DST-1, 9A-FA-F, 9A-PV-1):
// a 48" × 48" (or smaller) table, up to 24 Unit Boundary rectangles of two sides and up to 8 convex
// impassable pieces, none touching at the start; a `pursue` by 1–6 pursuers with random rolls,
// Overruns, a surviving or destroyed pursued unit, through the JSON interface. Every answer:
// JSON, finite numbers, clause ids that exist (props.mjs). Every pursuer's final pose, with every
// other unit where it ended (pursuers) or stands (the rest), overlaps nothing (rectangle overlap
// computed here, separating axes, tolerance 1e-6), touches nothing but the unit it charged, lies on
// the table; it moved straight forward at most its roll unless a charge placed it, and exactly its
// roll when nothing was in the way; the fleeing unit is destroyed exactly when a roll reaches the
// flee distance.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EPS, ask, caseCount, convexOverlap, okResult, prng, rectCorners } from './props.mjs';

function convexPolygon(r, cx, cy) {
  const k = 3 + r.int(6), rad = 0.5 + r.next() * 4;
  const angles = Array.from({ length: k }, () => r.next() * 2 * Math.PI).sort((a, b) => a - b);
  const pts = angles.map((a) => [cx + rad * Math.cos(a), cy + rad * Math.sin(a)]);
  return pts.filter((p, i) => i === 0 || Math.hypot(p[0] - pts[i - 1][0], p[1] - pts[i - 1][1]) > 0.05);
}

const corners = (u) => rectCorners(u, u.width, u.depth);

function battlefield(r) {
  const W = 24 + r.int(25), H = 24 + r.int(25);
  const terrain = [];
  for (let i = r.int(9); i > 0; i--) {
    const poly = convexPolygon(r, r.next() * W, r.next() * H);
    if (poly.length >= 3) terrain.push({ id: `t${terrain.length}`, kind: 'impassable', polygon: poly });
  }
  const units = [];
  for (let tries = 0, n = 2 + r.int(23); units.length < n && tries < 300; tries++) {
    const u = { id: `u${units.length}`, side: r.next() < 0.5 ? 'red' : 'blue', x: r.next() * W, y: r.next() * H,
      facing: r.next() < 0.4 ? r.int(4) * 90 : Math.round(r.next() * 3599) / 10, width: 1 + r.int(8) * 0.5, depth: 1 + r.int(6) * 0.5 };
    const c = corners(u);
    if (!c.every(([x, y]) => x > 0.01 && y > 0.01 && x < W - 0.01 && y < H - 0.01)) continue;
    if (units.some((o) => convexOverlap(c, corners(o)) > -0.05)) continue;
    if (terrain.some((t) => convexOverlap(c, t.polygon) > -0.05)) continue;
    units.push(u);
  }
  return { system: 'ninth-age', query: 'pursue', table: { width: W, height: H }, terrain, units };
}

function pursueRequest(r, base) {
  const shuffled = [...base.units];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const req = structuredClone(base);
  const pursued = { facing: Math.round(r.next() * 3599) / 10 };
  let rest = shuffled;
  if (r.next() < 0.7) {
    pursued.unit = shuffled[0].id;
    rest = shuffled.slice(1);
    req.units.find((u) => u.id === pursued.unit).fled = true;
  }
  if (r.next() < 0.15) pursued.destroyed = true;
  else pursued.fleeDistance = 2 + r.int(19);
  req.pursued = pursued;
  const pursuers = rest.slice(0, 1 + r.int(Math.min(6, rest.length)));
  req.pursuers = pursuers.map((u) => {
    const p = { unit: u.id, distance: 2 + r.int(19) };
    if (r.next() < 0.15) p.overrun = true;
    return p;
  });
  for (const u of req.units) if (!pursuers.some((p) => p.id === u.id) && u.id !== pursued.unit && r.next() < 0.1) u.sameCombat = true;
  return req;
}

test('9A-LP-1 9A-SP-1 9A-FA-F 9A-DST-1 pursue on random battlefields: no pursuer ends overlapping or touching what it did not charge, off the table, or beyond its roll', () => {
  const r = prng(0x9a9a);
  let charges = 0, moved = 0;
  for (let i = 0; i < caseCount(400); i++) {
    const base = battlefield(r);
    if (base.units.length < 2) continue;
    const req = pursueRequest(r, base);
    const label = `pursue case ${i}`;
    const res = okResult(ask(req, label), req, label);
    const { width: W, height: H } = req.table;
    const flee = req.pursued.fleeDistance;
    const destroys = req.pursued.destroyed || req.pursuers.some((p) => p.distance >= flee);
    assert.equal(res.fleeingDestroyed, destroys, `${label}: fleeingDestroyed`);
    // Everyone where they end: pursuers at `final`, the rest where they stand; the pursued unit
    // only while it survives.
    const finals = new Map(res.pursuers.map((p) => [p.unit, p.final]));
    const placed = req.units
      .filter((u) => !(u.id === req.pursued.unit && res.fleeingDestroyed))
      .map((u) => ({ id: u.id, corners: corners({ ...u, ...(finals.get(u.id) ?? {}) }) }));
    // Pairs in contact by a charge, either way round (a later pursuer may charge an earlier one).
    const charged = new Set();
    for (const p of res.pursuers) if (p.outcome === 'charge') charged.add(`${p.unit} ${p.charge.target}`).add(`${p.charge.target} ${p.unit}`);
    for (const p of res.pursuers) {
      const at = `${label} pursuer ${p.unit}`;
      const u = req.units.find((x) => x.id === p.unit);
      const want = req.pursuers.find((x) => x.unit === p.unit);
      const c = corners({ ...u, ...p.final });
      for (const [x, y] of c) assert.ok(x >= -EPS && y >= -EPS && x <= W + EPS && y <= H + EPS, `${at}: corner (${x}, ${y}) off the table\n${JSON.stringify(req)}`);
      for (const o of placed) {
        if (o.id === p.unit) continue;
        const d = convexOverlap(c, o.corners);
        if (charged.has(`${p.unit} ${o.id}`)) assert.ok(d <= EPS, `${at}: overlaps ${o.id}, charged, by ${d}`);
        else assert.ok(d < -EPS / 10, `${at}: ${d > EPS ? `overlaps ${o.id} by ${d}` : `touches ${o.id} (${d})`}\n${JSON.stringify(req)}`);
      }
      for (const t of req.terrain) {
        const d = convexOverlap(c, t.polygon);
        assert.ok(d < -EPS / 10, `${at}: ${d > EPS ? 'overlaps' : 'touches'} impassable ${t.id} (${d})`);
      }
      assert.ok(p.moved >= -EPS, `${at}: moved ${p.moved}`);
      if (p.outcome !== 'charge') assert.ok(p.moved <= want.distance + EPS, `${at}: moved ${p.moved}, beyond the roll ${want.distance}`);
      else if (p.rule === '9A-FA-E') assert.ok(p.moved <= want.distance + EPS, `${at}: a Forward Ahead charge moved its centre ${p.moved}, beyond the roll ${want.distance}`);
      if (p.outcome === 'free' && !p.backtracked) assert.ok(Math.abs(p.moved - want.distance) <= EPS, `${at}: a free pursuit moved ${p.moved}, not its roll ${want.distance}`);
      charges += p.outcome === 'charge';
      moved += p.moved > 0;
    }
  }
  assert.ok(charges > 0 && moved > 0, `${charges} charges, ${moved} pursuers moved`);
});
