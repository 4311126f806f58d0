// The Ruler tool: a distance between two points the player drags between, or between the closest
// edges of the units under them (a unit's nearest edge to a point when only one end is on a unit),
// in the game's unit; on a hex board the hex distance between the hexes, or between the nearest
// hexes of two units' footprints. It measures the scene the board draws, so it knows no game.
import * as hex from './hex.js';
import { rectCorners } from './geometry.js';
import { rulerPlate } from './ruler-plate.js';

const sub = (a, b) => [a[0] - b[0], a[1] - b[1]];
const dot = (a, b) => a[0] * b[0] + a[1] * b[1];
const dist = (a, b) => Math.hypot(a[0] - b[0], a[1] - b[1]);

// The point of segment [a, b] nearest p.
function nearestOnSegment(p, a, b) {
  const ab = sub(b, a), l2 = dot(ab, ab);
  const t = l2 ? Math.max(0, Math.min(1, dot(sub(p, a), ab) / l2)) : 0;
  return [a[0] + ab[0] * t, a[1] + ab[1] * t];
}

// Whether p lies inside (or on) a convex polygon given in either winding.
function inside(p, poly) {
  let sign = 0;
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i], b = poly[(i + 1) % poly.length];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross === 0) continue;
    if (sign === 0) sign = Math.sign(cross);
    else if (Math.sign(cross) !== sign) return false;
  }
  return true;
}

/** The closest points of a convex polygon to a point: [on the polygon, the point] (the point twice when inside). */
export function closestToPoint(poly, p) {
  if (inside(p, poly)) return [p, p];
  let best = null;
  for (let i = 0; i < poly.length; i++) {
    const q = nearestOnSegment(p, poly[i], poly[(i + 1) % poly.length]);
    if (!best || dist(q, p) < dist(best, p)) best = q;
  }
  return [best, p];
}

/** The closest points of two convex polygons, [on a, on b]: for disjoint polygons the pair is
 * found among a vertex of one and an edge of the other; overlapping ones are 0 apart. */
export function closestBetween(a, b) {
  for (const p of a) if (inside(p, b)) return [p, p];
  for (const p of b) if (inside(p, a)) return [p, p];
  let best = null;
  const consider = (pa, pb) => { if (!best || dist(pa, pb) < dist(best[0], best[1])) best = [pa, pb]; };
  for (const p of a) consider(...closestToPoint(b, p).reverse());
  for (const p of b) consider(...closestToPoint(a, p));
  return best;
}

const footprint = (u) => (u.hexes?.length ? u.hexes : [{ q: u.q, r: u.r }]);
const corners = (u) => rectCorners(u.free.x, u.free.y, u.free.facing, u.free.w, u.free.d);

/**
 * The ruler's line on a scene (the board's), from world point `a` to `b`: an overlay item of kind
 * `line` with its label, and the distance (`value`, in the game's unit or in hexes) and what was
 * measured (`between`: the unit ids or null for points).
 */
export function measure(scene, a, b, lengthLabel) {
  if (scene.kind === 'hex') {
    const ha = hex.fromPixel(...a), hb = hex.fromPixel(...b);
    const on = (h) => scene.units.find((u) => footprint(u).some((f) => f.q === h.q && f.r === h.r));
    const ua = on(ha), ub = on(hb);
    const fa = ua ? footprint(ua) : [ha], fb = ub && ub !== ua ? footprint(ub) : [hb];
    let best = null;
    for (const p of fa) for (const q of fb) {
      const n = hex.distance(p, q);
      if (!best || n < best.n) best = { n, p, q };
    }
    const label = `${best.n} ${best.n === 1 ? 'hex' : 'hexes'}`;
    return { value: best.n, between: [ua?.id ?? null, ub && ub !== ua ? ub.id : null], item: { type: 'line', hexFrom: best.p, hexTo: best.q, color: '#1b2430', width: 3, label, ruler: true, plate: rulerPlate } };
  }
  const at = (p) => scene.units.find((u) => u.free && inside(p, corners(u)));
  const ua = at(a), ub0 = at(b), ub = ub0 !== ua ? ub0 : undefined;
  let from = a, to = b;
  if (ua && ub) [from, to] = closestBetween(corners(ua), corners(ub));
  else if (ua) [from, to] = closestToPoint(corners(ua), b);
  else if (ub) [to, from] = closestToPoint(corners(ub), a);
  const value = dist(from, to);
  return { value, between: [ua?.id ?? null, ub?.id ?? null], item: { type: 'line', from, to, color: '#1b2430', width: 3, label: lengthLabel(value), ruler: true, plate: rulerPlate } };
}
