// The Ninth Age properties on random battlefields (9A-LP-1, 9A-SP-1, 9A-DST-1, 9A-FA-F, 9A-PV-1):
// a 48" × 48" (or smaller) table, up to 24 Unit Boundary rectangles of two sides and up to 8 convex
// impassable pieces, none touching at the start; a `pursue` by 1–6 pursuers with random rolls,
// Overruns, a surviving or destroyed pursued unit, through the JSON interface. Every answer:
// JSON, finite numbers, clause ids that exist (props.mjs). Every pursuer's final pose, with every
// other unit where it ended (pursuers) or stands (the rest), overlaps nothing (rectangle overlap
// computed here, separating axes, tolerance 1e-6), touches nothing but the unit it charged, lies on
// the table; it moved straight forward at most its roll unless a charge placed it, and exactly its
// roll when nothing was in the way; the fleeing unit is destroyed exactly when a roll reaches the
// flee distance. A `charge` on 1,000 such fields (9A-CH-1, 9A-CH-2, 9A-ARC-1): a completed charge
// contacts the facing of the arc computed here, with its front flush on that facing's line, ends
// overlapping nothing and touching no friend or terrain, measures its distance as the rules do and
// keeps within its range, and its reported path (straight, wheel about a front corner, straight,
// align) leads to where it ends; a Failed Charge Move (A-9A-4) keeps within its die and touches
// nothing. A `pursue` whose unit flees first (`fleesFrom`) agrees with a `flee` query followed by
// the pursuit of the unit where it fled to.
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

// 9A-FL-1, 9A-DST-1, 9A-PV-1: a pursuit whose unit still stands where it broke (`fleesFrom`) is
// the flee made first and then the pursuit of the unit where it fled to (docs/api/ninth-age.md):
// the same answers as a `flee` query, then a `pursue` of the unit moved to that flee's end (off the
// table when it left it, 9A-FL-1) and facing the flee's direction; when a roll reaches the flee
// distance, the unit is destroyed where it stood and the pursuers still take that direction.
test('9A-FL-1 9A-DST-1 9A-PV-1 pursue with fleesFrom on random battlefields: the flee query, then the pursuit of the unit where it fled to', () => {
  const r = prng(0xf1ee);
  let made = 0, destroyed = 0;
  for (let i = 0; i < caseCount(150); i++) {
    const base = battlefield(r);
    const req = pursueRequest(r, base);
    const fled = req.units.find((u) => u.id === req.pursued.unit && !req.pursued.destroyed);
    const from = fled && req.units.find((u) => u.side !== fled.side);
    if (!from) continue;
    delete fled.fled;
    // one or two pursuers, and a flee of 8–20: about as many flee as are caught
    req.pursued = { unit: fled.id, fleesFrom: from.id, fleeDistance: 8 + r.int(13) };
    req.pursuers = req.pursuers.slice(0, 1 + r.int(2));
    const label = `pursue fleesFrom case ${i}`;
    const res = okResult(ask(req, label), req, label);
    const { table, units, terrain } = req;
    const flee = okResult(ask({ system: 'ninth-age', query: 'flee', table, units, terrain, unit: fled.id, from: from.id, distance: req.pursued.fleeDistance }, `${label} flee`), req, label);
    assert.equal(res.flee.facing, flee.pivot.facing, `${label}: the direction`);
    const destroys = req.pursuers.some((p) => p.distance >= req.pursued.fleeDistance);
    assert.equal(res.flee.made, !destroys, `${label}: made`);
    const after = structuredClone(req);
    after.pursued = { unit: fled.id, facing: flee.pivot.facing, fleeDistance: req.pursued.fleeDistance };
    const u = after.units.find((x) => x.id === fled.id);
    u.fled = true;
    if (!destroys) {
      made++;
      const fields = (o) => Object.fromEntries(Object.entries(o).filter(([k]) => !['made', 'facing', 'unit', 'trace'].includes(k)));
      assert.deepEqual(fields(res.flee), fields(flee), `${label}: the flee`);
      if (flee.leavesTable) after.pursued = { facing: flee.pivot.facing, destroyed: true };
      if (flee.leavesTable) after.units = after.units.filter((x) => x.id !== fled.id);
      else Object.assign(u, { x: flee.final.x, y: flee.final.y, facing: flee.final.facing });
    } else destroyed++;
    const two = okResult(ask(after, `${label} after`), after, label);
    // (the unit placed at the flee's end as printed, to 9 decimals: the finals agree to 1e-6)
    assert.deepEqual(res.pursuers.map((p) => [p.unit, p.outcome]), two.pursuers.map((p) => [p.unit, p.outcome]), `${label}: the pursuers\n${JSON.stringify(req)}`);
    res.pursuers.forEach((p, k) => ['x', 'y', 'facing'].forEach((c) => assert.ok(Math.abs(p.final[c] - two.pursuers[k].final[c]) <= 1e-6, `${label}: ${p.unit}'s final ${c}`)));
  }
  assert.ok(made > 10 && destroyed > 10, `${made} flees made, ${destroyed} destroyed first`);
});

// ---- charge (9A-CH-1, 9A-CH-2, 9A-ARC-1, 9A-SP-1) -------------------------------------------------

const rad = (deg) => (deg * Math.PI) / 180;
const fwd = (f) => [Math.sin(rad(f)), Math.cos(rad(f))];
const rightOf = (f) => [Math.cos(rad(f)), -Math.sin(rad(f))];
// Clockwise (compass) by `deg` about `c`.
const turn = ([x, y], [cx, cy], deg) => {
  const s = Math.sin(rad(deg)), k = Math.cos(rad(deg)), dx = x - cx, dy = y - cy;
  return [cx + dx * k + dy * s, cy + dy * k - dx * s];
};
const near = (a, b, tol, what) => assert.ok(Math.abs(a - b) <= tol, `${what}: ${a} vs ${b}`);
const nearPt = (p, q, tol, what) => assert.ok(Math.hypot(p[0] - q[0], p[1] - q[1]) <= tol, `${what}: (${p}) vs (${q})`);
const angleNear = (a, b, tol, what) => near(((a - b) % 360 + 540) % 360 - 180, 0, tol, what);

// The arc of `t` that point p lies in (docs/geometry.md "Arcs", 9A-ARC-1: on a line counts as flank).
function arcOf(t, p) {
  const d = [p[0] - t.x, p[1] - t.y], f = fwd(t.facing), rt = rightOf(t.facing);
  const x = d[0] * rt[0] + d[1] * rt[1], y = d[0] * f[0] + d[1] * f[1], w = t.width / 2, h = t.depth / 2;
  if (y > h && y - h > Math.abs(x) - w) return 'front';
  if (y < -h && -y - h > Math.abs(x) - w) return 'rear';
  return x < 0 ? 'left' : 'right';
}

// The target facing as a segment [from, to] (corner indices of rectCorners: front-right,
// front-left, back-left, back-right) and the facing a charger flush against it has.
const FACING_EDGE = { front: [0, 1, 180], left: [1, 2, 90], rear: [2, 3, 0], right: [3, 0, 270] };

function chargeRequest(r, base) {
  const req = structuredClone(base);
  req.query = 'charge';
  const charger = r.pick(req.units);
  const enemies = req.units.filter((u) => u.side !== charger.side);
  if (!enemies.length) return null;
  req.charger = charger.id;
  req.target = r.pick(enemies).id;
  if (r.next() < 0.6) req.range = 4 + r.int(21);
  if (req.range !== undefined && r.next() < 0.5) req.highestDie = 1 + r.int(6);
  return req;
}

test('9A-CH-1 9A-CH-2 9A-ARC-1 9A-SP-1 charge on 1,000 random battlefields: a completed charge ends flush on the facing of its arc, overlapping nothing, within its range, along the path it reports; a failed charge move stays within its die and touches nothing', () => {
  const r = prng(0x9ac4);
  let done = 0, failed = 0, wheeled = 0;
  for (let i = 0; i < caseCount(1000); i++) {
    const base = battlefield(r);
    const req = chargeRequest(r, base);
    if (!req) continue;
    const label = `charge case ${i}`;
    const res = okResult(ask(req, label), req, label);
    const { width: W, height: H } = req.table;
    const u = req.units.find((x) => x.id === req.charger), t = req.units.find((x) => x.id === req.target);
    const start = rectCorners(u, u.width, u.depth);
    const arc = arcOf(t, [(start[0][0] + start[1][0]) / 2, (start[0][1] + start[1][1]) / 2]);
    assert.equal(res.facing, arc, `${label}: the facing is the arc's\n${JSON.stringify(req)}`);
    const others = req.units.filter((x) => x.id !== u.id && x.id !== t.id);
    const clear = (c, at, enemiesMayTouch) => {
      for (const [x, y] of c) assert.ok(x >= -EPS && y >= -EPS && x <= W + EPS && y <= H + EPS, `${at}: corner (${x}, ${y}) off the table\n${JSON.stringify(req)}`);
      for (const o of others) {
        const d = convexOverlap(c, rectCorners(o, o.width, o.depth));
        if (enemiesMayTouch && o.side !== u.side) assert.ok(d <= EPS, `${at}: overlaps enemy ${o.id} by ${d}\n${JSON.stringify(req)}`);
        else assert.ok(d < -EPS / 10, `${at}: ${d > EPS ? 'overlaps' : 'touches'} ${o.id} (${d})\n${JSON.stringify(req)}`);
      }
      for (const p of req.terrain) {
        const d = convexOverlap(c, p.polygon);
        assert.ok(d < -EPS / 10, `${at}: ${d > EPS ? 'overlaps' : 'touches'} impassable ${p.id} (${d})\n${JSON.stringify(req)}`);
      }
    };
    if (res.possible) {
      done++;
      const m = res;
      const fin = rectCorners(m.final, u.width, u.depth);
      // Flush: both front corners on the line of the target facing, the two segments meeting.
      // When the charger could not align, the target was rotated onto it instead (9A-CH-2).
      const tEnd = m.rotatesTarget ? { ...t, ...m.targetFinal } : t;
      const tc = rectCorners(tEnd, t.width, t.depth), [ia, ib, face] = FACING_EDGE[arc];
      const a = tc[ia], b = tc[ib], len = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const dir = [(b[0] - a[0]) / len, (b[1] - a[1]) / len];
      const off = (p) => (p[0] - a[0]) * dir[1] - (p[1] - a[1]) * dir[0];
      const along = (p) => (p[0] - a[0]) * dir[0] + (p[1] - a[1]) * dir[1];
      near(off(fin[0]), 0, EPS, `${label}: front-right corner off the ${arc} facing's line`);
      near(off(fin[1]), 0, EPS, `${label}: front-left corner off the ${arc} facing's line`);
      const s0 = Math.min(along(fin[0]), along(fin[1])), s1 = Math.max(along(fin[0]), along(fin[1]));
      assert.ok(Math.min(s1, len) - Math.max(s0, 0) >= -EPS, `${label}: the front does not meet the ${arc} facing\n${JSON.stringify(req)}`);
      angleNear(m.final.facing, tEnd.facing + face, 1e-6, `${label}: not aligned with the ${arc} facing`);
      assert.ok(convexOverlap(fin, tc) <= EPS, `${label}: overlaps the target`);
      if (m.rotatesTarget) for (const o of [...others.map((x) => rectCorners(x, x.width, x.depth)), ...req.terrain.map((p) => p.polygon)])
        assert.ok(convexOverlap(tc, o) < -EPS / 10, `${label}: the rotated target touches something`);
      clear(fin, label, true);
      // The distance as the rules measure it, within the range, and the path it describes.
      assert.ok(Math.abs(m.wheel.angle) <= 90 + 1e-9, `${label}: a wheel of ${m.wheel.angle}`);
      assert.ok(m.straightBefore >= -EPS && m.straightAfter >= -EPS, `${label}: a negative straight`);
      near(m.wheel.outerPath, u.width * rad(Math.abs(m.wheel.angle)), 1e-8, `${label}: the outer corner's path`);
      near(m.distance, m.straightBefore + m.wheel.outerPath + m.straightAfter, 2e-8, `${label}: distance`);
      if (req.range !== undefined) assert.ok(m.distance <= req.range + 1e-8, `${label}: moved ${m.distance}, beyond the range ${req.range}`);
      const [p0, p1, p2, p3, p4] = m.path.map((p) => [p.x, p.y]);
      nearPt(p0, [u.x, u.y], 1e-8, `${label}: path start`);
      nearPt(p1, [u.x + m.straightBefore * fwd(u.facing)[0], u.y + m.straightBefore * fwd(u.facing)[1]], 1e-7, `${label}: first straight`);
      if (m.wheel.angle !== 0) {
        const corner = rectCorners(m.path[1], u.width, u.depth)[m.wheel.angle > 0 ? 0 : 1];
        nearPt(m.wheel.pivot, corner, 1e-7, `${label}: the wheel is not about the ${m.wheel.corner} corner`);
        nearPt(p2, turn(p1, m.wheel.pivot, m.wheel.angle), 1e-7, `${label}: the wheel`);
        wheeled++;
      }
      const f2 = fwd(m.path[2].facing);
      nearPt(p3, [p2[0] + m.straightAfter * f2[0], p2[1] + m.straightAfter * f2[1]], 1e-7, `${label}: second straight`);
      if (!m.rotatesTarget) nearPt(p4, turn(p3, m.align.about, m.align.angle), 1e-7, `${label}: the align`);
      nearPt(p4, [m.final.x, m.final.y], 1e-8, `${label}: path end`);
    } else if (res.failedChargeMove) {
      failed++;
      const f = res.failedChargeMove;
      assert.equal(f.distance, req.highestDie, `${label}: failed move distance`);
      assert.ok(f.moved <= req.highestDie + 1e-8 && f.straight >= 0, `${label}: failed move of ${f.moved}`);
      near(f.wheel.outerPath, u.width * rad(Math.abs(f.wheel.angle)), 1e-8, `${label}: failed move wheel path`);
      const fin = rectCorners(f.final, u.width, u.depth);
      clear(fin, `${label} failed move`, false);
      assert.ok(convexOverlap(fin, rectCorners(t, t.width, t.depth)) < -EPS / 10, `${label}: the failed move touches the target`);
    }
  }
  console.log(`    (${done} charges, ${failed} failed charge moves, ${wheeled} wheels)`);
  assert.ok(done > 100 && failed > 20 && wheeled > 20, `${done} charges, ${failed} failed charge moves, ${wheeled} wheels`);
});
