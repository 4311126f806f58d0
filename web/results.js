// Turns an engine response into what the board draws (overlay items and animation tracks) and
// what the text panel lists. Each query the engine answers has a drawer in DRAW (keyed
// "system/query") written against its result in docs/api/<system>.md; anything else falls back to
// docs/api.md's shared shapes (drawFree, drawHex). The text beside the board says the same in words.
// Everything here reaches the DOM through textContent only.

// Text and line colours, each ≥ 4.5:1 against the parchment (#f4f1e6) and white (style.css notes).
import { hexonCells } from './hex.js';

const GOOD = '#1e6b3c', BAD = '#b3261e', PATH = '#1d3557', GHOST = 'rgba(29,53,87,0.10)', WARN = '#8a4b00';
const CAND = 'rgba(242,193,78,0.45)', ZONE = '#b3261e', WHATIF = '#5b2a86', FAILED_FILL = 'rgba(242,193,78,0.30)';
const AL_BASES = { sortie: [1, 1], formation: [2, 1] };

const isPose = (p) => p && typeof p === 'object' && Number.isFinite(p.x) && Number.isFinite(p.y);
const isHex = (h) => h && typeof h === 'object' && Number.isInteger(h.q) && Number.isInteger(h.r);
const arr = (v) => (Array.isArray(v) ? v : []);
const rad = (d) => d * Math.PI / 180;
const n3 = (v) => (Number.isFinite(v) ? String(+v.toFixed(3)) : '?');
const hexKey = (h) => `${h.q},${h.r}`;
const colRow = (h) => (isHex(h) ? (Number.isInteger(h.col) ? `col ${h.col}, row ${h.row}` : `q ${h.q}, r ${h.r}`) : '');
const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function unitInfo(request, id) {
  const u = arr(request?.units).find((v) => v.id === id);
  if (!u) return null;
  const [w, d] = AL_BASES[u.base] ?? [u.width ?? 1, u.depth ?? 1];
  return { ...u, w, d };
}

/** Corners of a unit's rectangle: front-left, front-right, back-right, back-left (docs/api.md axes). */
export function rectCorners(x, y, facing, w, d) {
  const fx = Math.sin(rad(facing)), fy = Math.cos(rad(facing)), rx = fy, ry = -fx;
  const p = (a, b) => [x + rx * a + fx * b, y + ry * a + fy * b];
  return [p(-w / 2, d / 2), p(w / 2, d / 2), p(w / 2, -d / 2), p(-w / 2, -d / 2)];
}
const frameVector = (facing, dir) => {
  const f = rad(facing), fwd = [Math.sin(f), Math.cos(f)], right = [Math.cos(f), -Math.sin(f)];
  return { forward: fwd, backward: [-fwd[0], -fwd[1]], right, left: [-right[0], -right[1]] }[dir] ?? [0, 0];
};

/** Context a drawer gets: the request, helpers, and where to put things. */
function makeOut(request, colourOf) {
  const out = { overlay: [], tracks: [], reach: new Map(), request };
  out.colour = (id) => colourOf(unitInfo(request, id)?.side);
  out.poseTrack = (id, poses, label, withStart = true) => {
    const u = unitInfo(request, id);
    const ps = poses.filter(isPose);
    if (!u || !ps.length) return;
    const start = withStart && isPose(u) ? [{ x: u.x, y: u.y, facing: u.facing ?? 0 }] : [];
    out.overlay.push({ type: 'path', points: [...start, ...ps].map((p) => [p.x, p.y]), color: PATH });
    out.tracks.push({ kind: 'poses', steps: [...start, ...ps], w: u.w, d: u.d, color: out.colour(id), label });
  };
  out.ghost = (id, pose, label, style = 'ghost') => {
    const u = unitInfo(request, id);
    if (!u || !isPose(pose)) return;
    const final = style === 'final', failed = style === 'failed', moved = style === 'moved';
    // 'moved': a unit the answer moves where it stands (a charged target turned in place) is an
    // outline over the units, else the unit itself would hide it
    out.overlay.push({ type: 'pose', pose: { facing: 0, ...pose }, w: u.w, d: u.d, label,
      fill: moved ? undefined : final ? 'rgba(255,255,255,0.55)' : style === 'bad' ? 'rgba(179,38,30,0.12)' : failed ? FAILED_FILL : GHOST,
      color: style === 'bad' ? BAD : final || moved ? GOOD : failed ? WARN : PATH, dashed: !final, thin: style === 'option', onTop: moved,
      labelBehind: final || moved || style === 'bad' || style === 'option', labelAhead: failed });
  };
  out.mark = (m) => out.overlay.push(m);
  out.unitHex = (id) => {
    const u = arr(request?.units).find((v) => v.id === id);
    if (isHex(u)) return { q: u.q, r: u.r };
    if (u && isHex(arr(u.hexons)[0])) return u.hexons[0];
    if (u && Number.isInteger(u.col)) return { q: u.col - (u.row - (u.row & 1)) / 2, r: u.row };
    return null;
  };
  /** Rings a unit (free-form: its rectangle; hex: its hex). */
  out.ring = (id, color, label) => {
    const u = unitInfo(request, id);
    if (u && isPose(u)) out.overlay.push({ type: 'polygon', points: rectCorners(u.x, u.y, u.facing ?? 0, u.w + 0.3, u.d + 0.3), color, width: 3, label, labelAt: [u.x, u.y] });
    else { const h = out.unitHex(id); if (h) out.mark({ type: 'mark', shape: 'hex', hex: h, color, label }); }
  };
  return out;
}

/** The markers any event or reason carries: a collision point, a snap pivot, a hex. */
function marksOf(out, item, color) {
  if (!item || typeof item !== 'object') return;
  const name = item.code ?? item.type ?? item.kind ?? '';
  if (isPose(item.point)) out.mark({ type: 'mark', shape: /pivot|snap/.test(name) ? 'pivot' : 'x', x: item.point.x, y: item.point.y, color, label: name });
  if (isPose(item.pivot)) out.mark({ type: 'mark', shape: 'pivot', x: item.pivot.x, y: item.pivot.y, color: PATH, label: name || 'pivot' });
  if (isHex(item.hex)) out.mark({ type: 'mark', shape: 'hex', hex: item.hex, color, label: name.replace(/_/g, ' ') });
}

function hexStart(request, id) {
  const u = arr(request?.units).find((v) => v.id === id);
  if (isHex(u)) return { q: u.q, r: u.r };
  if (u && arr(u.hexons).length) return u.hexons[0];
  return null;
}

// ---- Arcane Legions ----
/** Poses of a move, action by action, with the contact pose before a snap and the pose before a slide. */
function alPoses(r, req) {
  const u = unitInfo(req, r.unit ?? req.order?.unit);
  let prev = u && isPose(u) ? { x: u.x, y: u.y, facing: u.facing ?? 0 } : null;
  const steps = [];
  arr(r.actions).forEach((a, i) => {
    const spec = arr(req.order?.actions)[i] ?? {};
    const events = arr(a.events);
    const col = events.find((e) => e.type === 'collision');
    if (col && prev && spec.step && Number.isFinite(col.distance)) {
      const [vx, vy] = frameVector(prev.facing, spec.step);
      const contact = { x: prev.x + vx * col.distance, y: prev.y + vy * col.distance, facing: prev.facing };
      if (events.some((e) => e.type === 'snap' || e.type === 'slide')) steps.push({ pose: contact, what: 'contact', action: i });
    }
    const slide = events.find((e) => e.type === 'slide');
    if (slide && isPose(a.pose) && Number.isFinite(slide.distance)) {
      const [vx, vy] = frameVector(a.pose.facing, slide.direction);
      const before = { x: a.pose.x - vx * slide.distance, y: a.pose.y - vy * slide.distance, facing: a.pose.facing };
      if (events.some((e) => e.type === 'snap')) steps.push({ pose: before, what: 'snapped', action: i });
      steps.push({ pose: a.pose, what: 'slid', action: i, from: before, slide });
    } else if (isPose(a.pose) && a.made !== false) steps.push({ pose: a.pose, what: 'action', action: i });
    if (isPose(a.pose) && a.made !== false) prev = a.pose;
  });
  return steps;
}

function drawALMove(out, r, req) {
  const id = r.unit ?? req.order?.unit;
  const steps = alPoses(r, req);
  const last = steps.length - 1;
  steps.forEach((s, i) => {
    if (i === last && isPose(r.final)) return;
    out.ghost(id, s.pose, s.what === 'action' ? String(s.action + 1) : undefined); // the contact pose is named by its collision mark
  });
  for (const s of steps) {
    if (s.slide) out.mark({ type: 'line', from: [s.from.x, s.from.y], to: [s.pose.x, s.pose.y], color: GOOD, arrow: true, label: `slide ${s.slide.direction} ${n3(s.slide.distance)}` });
  }
  arr(r.actions).forEach((a, i) => arr(a.events).forEach((e) => {
    if (!isPose(e.point)) return;
    if (e.type === 'snap') out.mark({ type: 'mark', shape: 'pivot', x: e.point.x, y: e.point.y, color: PATH, label: `snap ${n3(Math.abs(e.angle))}° ${e.direction === 'cw' ? 'clockwise' : 'anticlockwise'}`, below: true });
    else out.mark({ type: 'mark', shape: 'x', x: e.point.x, y: e.point.y, color: BAD, label: `${e.type === 'stopped' ? 'stopped' : 'collision'}${e.object ? `: ${e.object}` : ''}` });
  }));
  // the outcomes of the choices the request left open, faintly, to compare
  for (const c of arr(r.choices)) for (const o of arr(c.options)) {
    if (String(o.value) !== String(c.default) && isPose(o.final)) out.ghost(id, o.final, undefined, 'option'); // named in the text
  }
  out.poseTrack(id, steps.map((s) => s.pose).concat(isPose(r.final) && !steps.length ? [r.final] : []), id);
  if (isPose(r.final)) out.ghost(id, r.final, r.legal === false ? 'stops here' : 'final', r.legal === false ? 'bad' : 'final');
  // over the ghosts, the turning tool of each turn where it lay (A-AL-5): its triangle, the entry bevel on the
  // unit's notch and the exit bevel where the unit was set down; red where it could not be placed
  arr(r.actions).forEach((a, i) => {
    const t = a.tool;
    if (!t || arr(t.corners).length !== 3) return;
    const ok = a.made !== false;
    out.overlay.push({ type: 'polygon', points: t.corners, fill: ok ? 'rgba(242,193,78,0.45)' : 'rgba(179,38,30,0.15)', color: ok ? WARN : BAD, width: 2.5, dashed: !ok,
      label: `${ok ? 'tool' : 'tool cannot be placed'} (${i + 1})`, labelAt: t.corners[2] });
    out.overlay.push({ type: 'points', points: [t.entryBevel, t.exitBevel].filter(isPose).map((p) => ({ x: p.x, y: p.y, color: ok ? WARN : BAD })) });
  });
}

function drawALReach(out, r, req) {
  const samples = arr(r.samples).filter(isPose);
  const max = Math.max(1, ...samples.map((s) => s.cost ?? 0));
  out.overlay.push({ type: 'points', points: samples.map((s) => ({ x: s.x, y: s.y, shape: s.collision ? 'x' : s.turned ? 'square' : 'dot',
    color: `hsl(${140 - 140 * (s.cost ?? 0) / max} 70% ${s.collision ? 30 : 36}%)` })) });
  out.ring(r.unit ?? req.unit, PATH);
}

function drawALBreakaway(out, r, req) {
  out.ring(r.unit ?? req.unit, PATH, 'leaving');
  arr(r.breakaway).forEach((b, i) => out.ring(b.unit, BAD, `attack ${i + 1}${b.ownerOrders ? ' (owner orders)' : ''}`));
}

// ---- The Ninth Age ----
function drawPursue(out, r, req) {
  const pursued = req.pursued ?? {};
  const fled = unitInfo(req, pursued.unit);
  if (fled && isPose(fled) && Number.isFinite(pursued.facing)) {
    const [vx, vy] = frameVector(pursued.facing, 'forward'), len = Math.max(3, fled.d + 2);
    out.mark({ type: 'line', from: [fled.x, fled.y], to: [fled.x + vx * len, fled.y + vy * len], color: WARN, arrow: true, dashed: true, label: `flees ${n3(pursued.facing)}°` });
  }
  for (const p of arr(r.pursuers)) {
    const u = unitInfo(req, p.unit);
    const fa = p.forwardAhead;
    if (fa && arr(fa.rectangle).length === 4) {
      const rect = fa.rectangle;
      out.overlay.push({ type: 'polygon', points: rect, fill: 'rgba(242,193,78,0.22)', color: WARN, dashed: true, width: 2 });
      const ob = fa.firstObstacle ?? {};
      if (Number.isFinite(ob.distance)) {
        const len = Math.hypot(rect[3][0] - rect[0][0], rect[3][1] - rect[0][1]) || 1;
        const ux = (rect[3][0] - rect[0][0]) / len, uy = (rect[3][1] - rect[0][1]) / len;
        const a = [rect[1][0] + ux * ob.distance, rect[1][1] + uy * ob.distance], b = [rect[0][0] + ux * ob.distance, rect[0][1] + uy * ob.distance];
        out.mark({ type: 'line', from: a, to: b, color: BAD, width: 4, label: `first obstacle: ${ob.object ?? ob.kind} at ${n3(ob.distance)}″` });
      }
    }
    if (p.situation?.object) out.ring(p.situation.object, WARN, `after the pivot: ${p.situation.kind}`);
    if (p.charge?.target) chargedEdge(out, req, p.charge.target, p.charge.facing, `charged in the ${p.charge.facing}`, p.charge.rotatesTarget ? p.charge.targetFinal : undefined);
    // the pursuer could not align, so the charged unit turned about the contact point instead (9A-CH-2)
    if (p.charge?.rotatesTarget && isPose(p.charge.targetFinal)) out.ghost(p.charge.target, p.charge.targetFinal, `${p.charge.target}: turned`, 'moved');
    if (isPose(p.pivot) && Math.abs(p.pivot.angle ?? 0) > 1e-9 && u) {
      out.ghost(p.unit, p.pivot);
      // the turn about the centre, drawn where it shows: from the old front to the new one
      const s0 = isPose(p.start) ? p.start : u, reach = u.d / 2 + 0.8;
      const [ax, ay] = frameVector(s0.facing ?? 0, 'forward'), [bx, by] = frameVector(p.pivot.facing, 'forward');
      out.mark({ type: 'line', from: [s0.x + ax * reach, s0.y + ay * reach], to: [p.pivot.x + bx * reach, p.pivot.y + by * reach], color: PATH, arrow: true, label: `pivot ${n3(p.pivot.angle)}°` });
    }
    const path = arr(p.path).filter(isPose);
    if (p.backtracked && isPose(p.backtrack?.from)) {
      out.ghost(p.unit, p.backtrack.from, `planned end: ${p.backtrack.reason ?? 'illegal'}`, 'bad');
      if (isPose(p.final)) out.mark({ type: 'line', from: [p.backtrack.from.x, p.backtrack.from.y], to: [p.final.x, p.final.y], color: BAD, arrow: true, label: 'backtrack' });
    }
    if (u) out.poseTrack(p.unit, path.length ? path : [p.final], p.unit, !path.length);
    if (isPose(p.final)) out.ghost(p.unit, p.final, `${p.unit}: ${p.outcome ?? 'final'}`, 'final');
  }
}

/** Rings a unit, or outlines a terrain piece, by id (free-form tables). */
function ringObject(out, req, id, color, label) {
  const t = arr(req.terrain).find((x) => x?.id === id);
  if (t && arr(t.polygon).length >= 3) out.overlay.push({ type: 'polygon', points: t.polygon, color, width: 3, dashed: true, label, labelAt: t.polygon[0] });
  else out.ring(id, color, label);
}

/** 9A flee: the enemy fled from, the pivot, the path, what it passed through, where it ends. */
function drawFlee(out, r, req) {
  if (r.from) out.ring(r.from, WARN, `flees from ${r.from}`);
  const u = unitInfo(req, r.unit);
  if (isPose(r.pivot) && Math.abs(r.pivot.angle ?? 0) > 1e-9 && u && isPose(u)) {
    out.ghost(r.unit, r.pivot);
    const reach = u.d / 2 + 0.8, [ax, ay] = frameVector(u.facing ?? 0, 'forward'), [bx, by] = frameVector(r.pivot.facing, 'forward');
    out.mark({ type: 'line', from: [u.x + ax * reach, u.y + ay * reach], to: [r.pivot.x + bx * reach, r.pivot.y + by * reach], color: PATH, arrow: true, label: `pivot ${n3(r.pivot.angle)}°` });
  }
  for (const t of arr(r.passedThrough)) ringObject(out, req, t.object, WARN, `passed: ${String(t.test ?? t.kind ?? '').replace(/-/g, ' ')}`);
  const path = arr(r.path).filter(isPose);
  if (u) out.poseTrack(r.unit, path.length ? path : [r.final], r.unit, !path.length);
  if (isPose(r.final)) out.ghost(r.unit, r.final, `${r.unit}: ${r.destroyed ? 'destroyed' : r.leavesTable ? 'leaves the table' : `fled ${n3(r.moved ?? r.distance)}″`}`, r.destroyed || r.leavesTable ? 'bad' : 'final');
}

/** 9A spacing: each pair too close, ringed, with a line between them labelled with the gap. */
function drawSpacing(out, r, req) {
  const centre = (id) => {
    const u = unitInfo(req, id);
    if (u && isPose(u)) return [u.x, u.y];
    const poly = arr(arr(req.terrain).find((x) => x?.id === id)?.polygon);
    return poly.length ? [poly.reduce((a, p) => a + p[0], 0) / poly.length, poly.reduce((a, p) => a + p[1], 0) / poly.length] : null;
  };
  const ringed = new Set();
  for (const v of arr(r.violations)) {
    const ids = arr(v.objects);
    for (const id of ids) if (!ringed.has(id)) { ringed.add(id); ringObject(out, req, id, BAD); }
    const [a, b] = ids.map(centre);
    if (a && b) out.mark({ type: 'line', from: a, to: b, color: BAD, dashed: true, label: `${n3(v.distance)}″ (more than ${n3(v.limit)}″ asked)` });
  }
  for (const pair of arr(r.engaged)) {
    const [a, b] = arr(pair).map(centre);
    if (a && b) out.mark({ type: 'line', from: a, to: b, color: GOOD, label: 'in combat' });
  }
}

/**
 * Compass rotation (clockwise positive, docs/api.md axes) of point p about c by `deg`, sampled
 * every few degrees: the arc a wheel's corners and centre follow.
 */
function arcAbout(c, p, deg) {
  const n = Math.max(1, Math.ceil(Math.abs(deg) / 5)), out = [];
  for (let k = 1; k <= n; k++) {
    const a = rad(deg * k / n), vx = p[0] - c[0], vy = p[1] - c[1];
    out.push([c[0] + vx * Math.cos(a) + vy * Math.sin(a), c[1] - vx * Math.sin(a) + vy * Math.cos(a)]);
  }
  return out;
}

/** Poses of the centre through a wheel of `deg` about `pivot`, from `from` (the arc sampled). */
function wheelPoses(from, pivot, deg) {
  if (!isPose(from) || !Array.isArray(pivot) || !Number.isFinite(deg) || Math.abs(deg) < 1e-9) return [];
  const pts = arcAbout(pivot, [from.x, from.y], deg);
  return pts.map(([x, y], k) => ({ x, y, facing: (from.facing ?? 0) + deg * (k + 1) / pts.length }));
}

/** The target facing a charger contacts, as a thick line along that side of the target. */
function chargedEdge(out, req, target, facing, label, turned) {
  const t = unitInfo(req, target);
  if (!t || !isPose(t)) return;
  const at = isPose(turned) ? turned : t; // a target turned to meet the charger (9A-CH-2) is contacted where it ends
  const k = rectCorners(at.x, at.y, at.facing ?? 0, t.w, t.d);
  const edge = { front: [k[0], k[1]], right: [k[1], k[2]], rear: [k[2], k[3]], left: [k[3], k[0]] }[facing];
  if (edge) out.mark({ type: 'line', from: edge[0], to: edge[1], color: BAD, width: 6, label });
}

// Ninth Age charge (docs/api/ninth-age.md "charge"): per charger, in the order they moved (numbered
// when combined), a completed charge's path (straight, the wheel's arc about its pivot, straight,
// align) to its final pose and the target facing it contacts; a charge that cannot be completed
// ringed red, and its Failed Charge Move (A-9A-4) in amber: the wheel's arc toward the target's
// centre about the pivot, the straight part, a dashed ghost where it ends labelled "failed charge",
// ✕ where something stopped it.
function drawCharge(out, r, req) {
  const list = arr(r.chargers).length ? arr(r.chargers) : [r];
  const many = list.length > 1;
  list.forEach((c, i) => {
    const id = c.charger ?? req.charger, u = unitInfo(req, id);
    if (!u || !isPose(u)) return;
    const name = many ? `${i + 1}. ${id}` : id;
    const start = { x: u.x, y: u.y, facing: u.facing ?? 0 };
    if (c.possible) {
      const path = arr(c.path).filter(isPose);
      const w = c.wheel ?? {};
      // start, after the first straight, (the wheel's arc), after the wheel, at contact, after the align
      const poses = path.length >= 3 ? [...path.slice(1, 2), ...wheelPoses(path[1], w.pivot, w.angle), ...path.slice(3)] : path;
      out.poseTrack(id, poses.length ? poses : [c.final], name);
      // the pivot only where the wheel shows (a slide clear of a unit can wheel a few thousandths of a degree)
      if (Number.isFinite(w.angle) && Math.abs(w.angle) >= 0.5 && Array.isArray(w.pivot)) out.mark({ type: 'mark', shape: 'pivot', x: w.pivot[0], y: w.pivot[1], color: PATH, label: `wheel ${n3(Math.abs(w.angle))}°` });
      chargedEdge(out, req, c.target ?? req.target, c.facing, many ? undefined : `charged in the ${c.facing}`, c.rotatesTarget ? c.targetFinal : undefined);
      // short labels: behind the ghost they must not reach under the target (the text names everything)
      if (isPose(c.final)) out.ghost(id, c.final, many ? name : 'charges', 'final');
      // the charger could not align, so the target turned about the contact point instead (9A-CH-2)
      if (c.rotatesTarget && isPose(c.targetFinal)) out.ghost(c.target ?? req.target, c.targetFinal, `${c.target ?? req.target}: turned`, 'moved');
      return;
    }
    // out of range: where the shortest charge would have ended, faintly (alone: among combined chargers it crowds the target)
    if (!many && arr(c.reasons).some((x) => x.code === 'out_of_range') && isPose(c.final)) out.ghost(id, c.final, `${name}: needs ${n3(c.needed)}″`, 'option');
    const f = c.failedChargeMove;
    if (!f || typeof f !== 'object') { out.ring(id, BAD, `${name}: cannot charge`); return; }
    const w = f.wheel ?? {}, path = arr(f.path).filter(isPose);
    const from = path[0] ?? start;
    const arc = wheelPoses(from, w.pivot, w.angle);
    const poses = [from, ...arc, ...path.slice(arc.length ? 2 : 1)];
    out.overlay.push({ type: 'path', points: poses.map((p) => [p.x, p.y]), color: WARN, dashed: true });
    out.tracks.push({ kind: 'poses', steps: poses, w: u.w, d: u.d, color: out.colour(id), label: name });
    if (Number.isFinite(w.angle) && Math.abs(w.angle) > 1e-9 && Array.isArray(w.pivot)) {
      // the outer front corner's arc: the distance the wheel counts (A-9A-4 b)
      const k = rectCorners(from.x, from.y, from.facing ?? 0, u.w, u.d);
      const outer = w.corner === 'front-left' ? k[1] : k[0];
      out.overlay.push({ type: 'path', points: [outer, ...arcAbout(w.pivot, outer, w.angle)], color: WARN });
      out.mark({ type: 'mark', shape: 'pivot', x: w.pivot[0], y: w.pivot[1], color: WARN, label: `wheel ${n3(Math.abs(w.angle))}°` });
    }
    const end = isPose(f.final) ? f.final : path.at(-1);
    const stop = f.blockedBy ?? w.blockedBy;
    if (isPose(end)) {
      out.ghost(id, end, `${name}: failed charge, ${n3(f.moved)}″${stop ? ` (${stop})` : ''}`, 'failed');
      // ✕ where it stopped: the middle of its front for the straight part, the outer front corner for the wheel
      const k = rectCorners(end.x, end.y, end.facing ?? 0, u.w, u.d);
      const at = f.blockedBy ? [(k[0][0] + k[1][0]) / 2, (k[0][1] + k[1][1]) / 2] : w.blockedBy ? (w.corner === 'front-left' ? k[1] : k[0]) : null;
      if (at) out.mark({ type: 'mark', shape: 'x', x: at[0], y: at[1], color: BAD });
    }
    out.ring(id, BAD); // the failed charge's label names it and says it cannot charge
  });
}

// ---- hex boards ----
function reachCells(out, hexes, badgeOf, stopOf) {
  const max = Math.max(1, ...hexes.map((h) => h.cost ?? 0));
  out.overlay.push({ type: 'hexes', cells: hexes.map((h) => ({ q: h.q, r: h.r, label: h.cost, badge: badgeOf?.(h), stop: stopOf?.(h),
    color: `hsla(${200 - 150 * (h.cost ?? 0) / max} 75% 55% / 0.45)` })) });
  for (const h of hexes) out.reach.set(hexKey(h), h);
}

function pickedPath(out, id, start, pick, r) {
  const picked = pick && out.reach.get(hexKey(pick));
  if (!picked) return null;
  // The parent form ("paths": "parent", asked for or chosen by the engine's MC_MAX_PATH_OUTPUT):
  // GODSGLOOM lists the hexes paths cross without ending there under `through`, and numbers nodes.
  const via = new Map(arr(r?.through).filter(isHex).map((h) => [hexKey(h), h]));
  const nodes = new Map();
  for (const h of [...arr(r?.hexes), ...arr(r?.through)].filter(isHex)) if (Number.isInteger(h.node)) nodes.set(h.node, h);
  const path = reachPath(out.reach, picked, start, { paths: r?.paths, via, nodes });
  if (arr(picked.hexons).length) out.overlay.push({ type: 'hexes', cells: footprint(picked.hexons).map((h) => ({ ...h, color: 'rgba(29,53,87,0.25)' })) });
  out.overlay.push({ type: 'hexpath', cells: path, color: PATH });
  out.mark({ type: 'mark', shape: 'hex', hex: picked, color: PATH, label: `cost ${picked.cost}` });
  out.tracks.push({ kind: 'hexes', steps: path, color: out.colour(id) });
  return picked;
}

/** What-if hexes (reached only without other units): a dashed outline. */
function whatIfCells(out, whatIf) {
  const extra = arr(whatIf?.result?.hexes).filter((h) => isHex(h) && !out.reach.has(hexKey(h)));
  if (extra.length) out.overlay.push({ type: 'hexes', cells: extra.map((h) => ({ q: h.q, r: h.r, color: 'rgba(91,42,134,0.08)', outline: WHATIF, dashed: true })) });
  out.whatIfCount = extra.length;
}

function drawCCReach(out, r, req, pick, extra) {
  const hexes = arr(r.hexes).filter(isHex);
  reachCells(out, hexes, (h) => (h.mustBattle ? 'B!' : h.canBattle === false ? 'no B' : arr(h.adjacentEnemies).length ? 'B' : undefined),
    (h) => h.stoppedBy === 'terrain' || h.stoppedBy === 'leader');
  if (!req.ignoreUnits) whatIfCells(out, extra?.whatIf);
  pickedPath(out, req.unit, hexStart(req, req.unit), pick, r);
}

function drawGGReach(out, r, req, pick, extra) {
  const hexes = arr(r.hexes).filter(isHex);
  reachCells(out, hexes, (h) => [h.engaged ? (h.mayMeleeAttack ? 'A' : 'no A') : '', h.nimble ? 'N' : '', h.minimumMove ? 'min' : ''].filter(Boolean).join(' ') || undefined,
    (h) => h.endedBy === 'engagement-zone' || h.endedBy === 'minimum-move');
  // every enemy's zone (the answer's `zones`; an older answer: the zone hexes the unit can end in),
  // and lines from the zone hexes it can end in to the enemies whose zones they are
  const sources = new Set();
  const zone = hexes.filter((h) => arr(h.engagedWith).length);
  if (Array.isArray(r.zones)) zoneCells(out, r.zones);
  else if (zone.length) out.overlay.push({ type: 'hexes', cells: zone.map((h) => ({ q: h.q, r: h.r, color: 'rgba(179,38,30,0.12)', outline: ZONE, hatch: true })) });
  for (const h of zone) for (const e of arr(h.engagedWith)) {
    sources.add(e);
    const s = out.unitHex(e);
    if (s) out.mark({ type: 'line', hexFrom: s, hexTo: h, color: ZONE, dashed: true });
  }
  if (!Array.isArray(r.zones)) for (const e of sources) out.ring(e, ZONE, 'zone source');
  if (!req.ignoreUnits) whatIfCells(out, extra?.whatIf);
  const start = isHex(r.start) ? r.start : hexStart(req, req.unit);
  if (r.stay && isHex(r.stay)) out.mark({ type: 'mark', shape: 'hex', hex: r.stay, color: PATH, label: r.stay.engaged ? 'stays engaged' : undefined });
  pickedPath(out, req.unit, start, pick, r);
}

/**
 * GODSGLOOM Engagement Zones, every enemy's (docs/api/godsgloom.md `zones`): hatched over the
 * reach shading, which stays readable beneath (no fill where the unit can end; a faint fill and a
 * dashed outline where it cannot); each enemy exerting one is ringed.
 */
function zoneCells(out, zones) {
  const cells = new Map();
  for (const z of arr(zones)) {
    for (const h of arr(z.hexes).filter(isHex)) {
      const k = hexKey(h);
      if (!cells.has(k)) cells.set(k, { q: h.q, r: h.r, lockdown: false });
      if (z.lockdown) cells.get(k).lockdown = true;
    }
    if (arr(z.hexes).length) out.ring(z.unit, ZONE, z.lockdown ? 'Lockdown' : undefined);
  }
  out.overlay.push({ type: 'hexes', cells: [...cells.values()].map((h) => (out.reach.has(hexKey(h))
    ? { q: h.q, r: h.r, color: 'rgba(0,0,0,0)', outline: ZONE, hatch: true }
    : { q: h.q, r: h.r, color: 'rgba(179,38,30,0.08)', outline: ZONE, dashed: true, hatch: true, badge: h.lockdown ? 'Lockdown' : undefined })) });
}

function drawTWReach(out, r, req, pick) {
  const hexes = arr(r.hexes).filter(isHex);
  reachCells(out, hexes, (h) => [arr(h.freeAttacks).length ? `FA${arr(h.freeAttacks).length}` : '', arr(h.ejects).length ? `E${arr(h.ejects).length}` : '', arr(h.destroyed).length ? 'D' : ''].filter(Boolean).join(' ') || undefined);
  const picked = pickedPath(out, req.unit, hexStart(req, req.unit), pick, r);
  if (picked) for (const fa of arr(picked.freeAttacks)) { const s = out.unitHex(fa.unit); if (s) out.mark({ type: 'line', hexFrom: s, hexTo: isHex(fa.at) ? fa.at : picked, color: BAD, arrow: true, label: 'free attack' }); }
}

/** The hexes under hexon centres (Torn World Large and Huge, A-TW-1). */
const footprint = (hexons) => arr(hexons).filter(isHex).flatMap((h) => hexonCells(h.q, h.r));

/** A proposed hex path (request) from the unit's hex (or `from`), numbered, and its end. */
function drawHexPath(out, id, path, color = PATH, from = null) {
  const start = from ?? out.unitHex(id);
  const cells = [...(start ? [start] : []), ...arr(path).filter(isHex)];
  if (cells.length > 1) {
    out.overlay.push({ type: 'hexpath', cells, color, numbered: true });
    out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
  }
  return cells;
}

function drawHexMove(out, r, req) {
  drawHexPath(out, req.unit, req.path);
  if (isHex(r.final)) {
    if (arr(r.final.hexons).length) out.overlay.push({ type: 'hexes', cells: footprint(r.final.hexons).map((h) => ({ ...h, color: 'rgba(30,107,60,0.25)' })) });
    out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: r.legal === false ? 'stops here' : 'final' });
  }
  if (Array.isArray(r.zones)) zoneCells(out, r.zones);
  for (const e of arr(r.engagedWith)) out.ring(e, ZONE, 'engages');
  drawEjections(out, r);
}

function drawEjections(out, r) {
  for (const e of arr(r.ejections)) {
    out.overlay.push({ type: 'hexes', cells: arr(e.candidates).filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN })) });
    if (isHex(e.from) && isHex(e.to)) out.mark({ type: 'line', hexFrom: e.from, hexTo: e.to, color: WARN, arrow: true, label: `${e.unit} ejected` });
  }
  for (const m of arr(r.markers)) {
    out.overlay.push({ type: 'hexes', cells: arr(m.candidates).filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN })) });
    if (isHex(m.from) && isHex(m.to)) out.mark({ type: 'line', hexFrom: m.from, hexTo: m.to, color: WARN, arrow: true, label: m.marker });
  }
  for (const fa of arr(r.freeAttacks)) {
    const from = arr(r.ejections).find((e) => e.unit === fa.unit)?.from;
    const s = isHex(from) ? from : out.unitHex(fa.unit);
    if (s && isHex(fa.at)) out.mark({ type: 'line', hexFrom: s, hexTo: fa.at, color: BAD, arrow: true, label: `free attack (${fa.rule})` });
  }
}

function drawEject(out, r, req) {
  const start = out.unitHex(req.unit);
  if (start && isHex(req.at)) out.overlay.push({ type: 'hexpath', cells: [start, req.at], color: PATH });
  if (isHex(r.final)) {
    out.overlay.push({ type: 'hexes', cells: footprint(r.final.hexons).map((h) => ({ ...h, color: 'rgba(30,107,60,0.25)' })) });
    out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: 'ends here' });
  }
  drawEjections(out, r);
}

function drawShift(out, r, req) {
  const from = out.unitHex(req.unit);
  for (const o of arr(r.outcomes)) {
    if (arr(o.candidates).length) out.overlay.push({ type: 'hexes', cells: o.candidates.filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN, badge: 'passed' })) });
    if (isHex(o.final) && from) out.mark({ type: 'line', hexFrom: from, hexTo: o.final, color: o.legal === false ? BAD : PATH, arrow: true, label: `${o.dexterity === 'none' ? '' : `${o.dexterity}: `}${o.chooser ?? ''} moves it` });
  }
  if (isHex(req.to)) out.mark({ type: 'mark', shape: 'hex', hex: req.to, color: PATH });
}

// C&C order: each move's path from where that move began (a Move-Fire-Move second move starts
// where the first ended), drawn red when the move is not made, and a verdict at the end of each
// of a unit's moves (Move-Fire-Move: both): moved, not moved and why, or refused by the card (the
// order-level reasons naming it, on its last); units ordered without moving ringed; battle lines
// to adjacent enemies.
function drawCCOrder(out, r, req) {
  const words = (x) => (x?.code ?? '').replace(/_/g, ' ');
  const refused = new Map();
  for (const x of arr(r.reasons)) if (x.unit && !Number.isInteger(x.action) && !refused.has(x.unit)) refused.set(x.unit, x);
  const ends = new Map(); // unit -> where each of its moves ended (Move-Fire-Move: two), with its verdict
  arr(req.moves).forEach((m, i) => {
    const res = arr(r.moves)[i];
    const bad = res?.legal === false;
    drawHexPath(out, m.unit, m.path, bad ? BAD : PATH, isHex(res?.from) ? res.from : null);
    if (!res) return;
    const at = isHex(res.final) ? res.final : out.unitHex(m.unit);
    const why = bad ? `: not moved (${words(arr(res.reasons)[0])})` : `: moved ${plural(res.hexesMoved ?? 0, 'hex', 'hexes')}`;
    if (!at) return;
    // a later move ending on the same hex (one not made) speaks for it
    const list = (ends.get(m.unit) ?? []).filter((e) => hexKey(e.at) !== hexKey(at));
    ends.set(m.unit, [...list, { at, label: `${m.unit}${m.second ? ' (2nd)' : ''}${why}`, bad }]);
  });
  for (const id of arr(req.ordered)) {
    const no = refused.get(id);
    const list = ends.get(id) ?? [];
    list.forEach((e, k) => {
      const last = k === list.length - 1;
      out.mark({ type: 'mark', shape: 'hex', hex: e.at, color: e.bad || (no && last) ? BAD : GOOD, label: no && last ? `${e.label}; ${words(no)}` : e.label });
    });
    if (!list.length) out.ring(id, no ? BAD : PATH, `${id}: ${no ? words(no) : 'ordered, not moving'}`);
  }
  for (const b of arr(r.battle)) for (const e of arr(b.adjacentEnemies)) { const s = out.unitHex(b.unit), t = out.unitHex(e); if (s && t) out.mark({ type: 'line', hexFrom: ends.get(b.unit)?.at(-1)?.at ?? s, hexTo: t, color: b.mustBattle ? BAD : WARN, dashed: true }); }
}

const BLOCKED = { hex_occupied: (x) => `holds ${x.unit ?? 'a unit'}`, enemy_leader: (x) => `enemy leader ${x.unit ?? ''}`.trim(), impassable_terrain: () => 'impassable',
  off_board: () => 'board edge', two_leaders: (x) => `${x.unit ?? 'a leader'}: two leaders` };
const blockedLabel = (x) => (BLOCKED[x.code] ?? (() => (x.code ?? '').replace(/_/g, ' ')))(x);
const pathKey = (p) => arr(p?.path).map(hexKey).join(' ');

/** The hexes a retreat or an evade enters, after its start, as a line (numbered: the one drawn first). */
function hexRoute(out, start, p, color, numbered) {
  const cells = [start, ...arr(p.path).filter(isHex)];
  if (cells.length > 1) out.overlay.push({ type: 'hexpath', cells, color, numbered, dashed: !numbered });
  return cells;
}

// C&C retreat (docs/api/cc-ancients.md "retreat"): the best path hex by hex, the other paths
// dashed, where it ends with the blocks it loses, each hex behind that is closed and why, the
// units that lose blocks instead (an elephant) and those its rampage rolls for.
function drawCCRetreat(out, r, req) {
  const id = r.unit ?? req.unit;
  const start = isHex(r.start) ? r.start : out.unitHex(id);
  if (!start) return;
  if (r.eliminated) { out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: 'eliminated by the hits' }); return; }
  const best = isHex(r.bestPath?.final) ? r.bestPath : null;
  const rampage = () => { for (const u of arr(r.rampage)) out.ring(u, WARN, 'rampage roll'); };
  if (!best) { out.mark({ type: 'mark', shape: 'hex', hex: start, color: GOOD, label: 'no retreat' }); rampage(); return; }
  const loses = new Map(arr(best.blockersLose).map((b) => [b.unit, b.eliminated ? 'eliminated' : `−${plural(b.blocks ?? 0, 'block')}`]));
  for (const p of arr(r.paths)) {
    if (pathKey(p) === pathKey(best) || !isHex(p.final)) continue;
    hexRoute(out, start, p, p.legal === false ? BAD : PATH, false);
    if (hexKey(p.final) !== hexKey(best.final)) out.mark({ type: 'mark', shape: 'hex', hex: p.final, color: p.legal === false ? BAD : PATH, label: p.legal === false ? 'not allowed' : `or here${p.leaderAttaches ? `: ${p.leaderAttaches} attaches` : ''}` });
  }
  const cells = hexRoute(out, start, best, PATH, true);
  if (cells.length > 1) out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
  // each reason named once (two hexes off the board edge side by side carry one label)
  const named = new Set();
  for (const x of arr(best.blocked)) {
    if (!isHex(x.hex)) continue;
    const label = `${blockedLabel(x)}${loses.has(x.unit) ? `: ${loses.get(x.unit)}` : ''}`;
    out.mark({ type: 'mark', shape: 'x', hex: x.hex, color: BAD, label: named.has(label) ? undefined : label });
    named.add(label);
  }
  const lost = best.blocksLost ?? 0;
  const here = best.hexesMoved ? 'ends here' : 'stays';
  const end = best.eliminated ? 'eliminated' : lost ? `${here}, −${plural(lost, 'block')}` : best.leaderAttaches ? `${here}: ${best.leaderAttaches} attaches` : here;
  out.mark({ type: 'mark', shape: 'hex', hex: best.final, color: lost || best.eliminated ? BAD : GOOD, label: end });
  const inBlocked = new Set(arr(best.blocked).map((x) => x.unit));
  for (const [u, what] of loses) if (!inBlocked.has(u)) out.ring(u, BAD, what);
  rampage();
}

// C&C evade (docs/api/cc-ancients.md "evade"): every evade path (the first numbered, the others
// dashed) and where each ends (off the board for a leader over his own edge), the enemy hexes a
// leader must escape through, and the piece eliminated or removed.
function drawCCEvade(out, r, req) {
  const id = r.unit ?? req.unit;
  const start = isHex(r.start) ? r.start : out.unitHex(id);
  if (!start) return;
  if (r.eliminated) out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: 'eliminated: no evade' });
  else if (r.canEvade === false) out.mark({ type: 'mark', shape: 'hex', hex: start, color: BAD, label: 'may not evade' });
  if (r.unitEliminated) out.mark({ type: 'mark', shape: 'x', hex: start, color: BAD, label: `${r.unitEliminated} eliminated` });
  const paths = arr(r.paths);
  const ends = new Map(); // one mark per end hex, naming the paths that end there
  const escapes = new Map();
  paths.forEach((p, i) => {
    const cells = hexRoute(out, start, p, PATH, i === 0);
    if (i === 0 && cells.length > 1) out.tracks.push({ kind: 'hexes', steps: cells, color: out.colour(id) });
    for (const e of arr(p.escapes)) if (isHex(e)) escapes.set(hexKey(e), e);
    const at = p.offBoard ? cells.at(-1) : p.final;
    if (!isHex(at)) return;
    const k = `${hexKey(at)}${p.offBoard ? ' off' : ''}`;
    const joins = p.attachesTo ? `joins ${p.attachesTo}` : p.leaderAttaches ? `${p.leaderAttaches} attaches` : '';
    if (!ends.has(k)) ends.set(k, { hex: at, off: p.offBoard, joins, paths: [] });
    ends.get(k).paths.push(i + 1);
  });
  for (const e of escapes.values()) out.mark({ type: 'mark', shape: 'x', hex: e, color: WARN, label: `escape roll: ${e.unit}` });
  // labels kept short, as neighbouring ends carry them side by side: the numbers of the paths
  // ending there, and what happens there beyond ending
  for (const e of ends.values()) {
    const what = [e.off ? 'off the board' : r.removedAfterEvade ? 'removed' : '', e.joins].filter(Boolean).join(', ');
    const label = paths.length > 1 ? `${e.paths.join(', ')}${what ? `: ${what}` : ''}` : what || 'ends';
    out.mark({ type: 'mark', shape: 'hex', hex: e.hex, color: r.removedAfterEvade ? BAD : GOOD, label });
  }
}

// ---- fallbacks: docs/api.md's shared shapes ----
function drawFree(out, r, req) {
  const id = req.order?.unit ?? req.unit ?? req.charger;
  if (arr(r.path).length) {
    arr(r.path).forEach((p) => out.ghost(id, p));
    out.poseTrack(id, isPose(r.final) ? [...r.path, r.final] : r.path, id);
  }
  if (isPose(r.final) && id) out.ghost(id, r.final, 'final', r.legal === false || r.possible === false ? 'bad' : 'final');
}

function drawHex(out, r, req, pick) {
  const hexes = arr(r.hexes).filter(isHex);
  if (hexes.length) { reachCells(out, hexes); pickedPath(out, req.unit, hexStart(req, req.unit), pick, r); }
  if (arr(req.path).length && !hexes.length) drawHexPath(out, req.unit, req.path);
  if (isHex(r.final)) out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: 'final' });
  drawEjections(out, r);
}

/**
 * The path to a reached hex: its own `path` (the result's `paths` is "full"), or in the parent form
 * the chain back to the start: by `parentNode` where nodes are numbered (GODSGLOOM), else by the
 * `parent` hex, looked up among the reached hexes (`reach`) and then the hexes passed through (`via`).
 */
export function reachPath(reach, entry, start, { paths, via = new Map(), nodes = new Map() } = {}) {
  let cells;
  if (paths !== 'parent' && arr(entry.path).length) cells = entry.path.filter(isHex);
  else {
    cells = [];
    // A path has at most MC_MAX_MOVE_POINTS (1000) steps; the bound also stops a malformed cycle.
    for (let e = entry, n = 0; e && n <= 1000; n++) {
      cells.unshift({ q: e.q, r: e.r });
      const key = isHex(e.parent) ? hexKey(e.parent) : null;
      e = Number.isInteger(e.parentNode) && nodes.has(e.parentNode) ? nodes.get(e.parentNode)
        : key && !Number.isInteger(e.parentNode) ? reach.get(key) ?? via.get(key) : null;
    }
  }
  return start ? [start, ...cells] : cells;
}

export const DRAW = {
  'arcane-legions/move': drawALMove,
  'arcane-legions/reachArea': drawALReach,
  'arcane-legions/breakaway': drawALBreakaway,
  'ninth-age/pursue': drawPursue,
  'ninth-age/charge': drawCharge,
  'ninth-age/flee': drawFlee,
  'ninth-age/spacing': drawSpacing,
  'cc-ancients/reach': drawCCReach,
  'cc-ancients/move': drawHexMove,
  'cc-ancients/order': drawCCOrder,
  'cc-ancients/retreat': drawCCRetreat,
  'cc-ancients/evade': drawCCEvade,
  'godsgloom/reach': drawGGReach,
  'godsgloom/move': drawHexMove,
  'torn-world/reach': drawTWReach,
  'torn-world/move': drawHexMove,
  'torn-world/eject': drawEject,
  'torn-world/shift': drawShift,
};

/**
 * Everything the board draws for a response to `request`; `pick` is a tapped hex; `extra.whatIf`
 * the answer to the same reach asked with ignoreUnits.
 */
export function resultScene(system, board, request, response, colourOf, pick = null, extra = {}) {
  const out = makeOut(request, colourOf);
  if (!response?.ok || !response.result || typeof response.result !== 'object') return out;
  const r = response.result;
  const special = DRAW[`${system}/${request?.query}`] ?? DRAW[request?.query];
  if (special) special(out, r, request ?? {}, pick, extra);
  else if (board === 'free') drawFree(out, r, request ?? {});
  else drawHex(out, r, request ?? {}, pick);
  for (const x of arr(r.reasons)) if (isHex(x.hex) || (isPose(x.point) && !special)) marksOf(out, x, BAD);
  return out;
}

// ---- text ----
const el = (tag, text, className) => {
  const n = document.createElement(tag);
  if (text !== undefined) n.textContent = String(text);
  if (className) n.className = className;
  return n;
};

// a facing a hair under 360 reads as 0°, as the board draws it
const facingText = (f) => (n3(f) === '360' ? '0' : n3(f));
const poseText = (p) => (isPose(p) ? `(${n3(p.x)}, ${n3(p.y)}) facing ${facingText(p.facing ?? 0)}°` : isHex(p) ? colRow(p) : '');

/** The verdict line: legal or not, in words, with the points when the system counts them. */
export function verdictOf(response, request = null) {
  if (!response.ok) {
    if (response.error?.code === 'unknown_query') return { text: 'This build does not answer that query yet.', kind: 'error' };
    return { text: `The request could not be read: ${response.error?.message ?? ''}`, kind: 'error' };
  }
  const r = response.result ?? {};
  const q = response.query ?? request?.query;
  const spent = Number.isFinite(r.pointsSpent) ? r.pointsSpent : r.cost;
  let pts = Number.isFinite(spent) && Number.isFinite(r.movementPoints)
    ? ` ${spent} of ${r.movementPoints} movement points spent, ${r.movementPoints - spent} left${r.pointsLost ? ' (lost at the end)' : ''}.`
    : Number.isFinite(r.hexesMoved) && Number.isFinite(r.allowance) ? ` ${r.hexesMoved} of ${plural(r.allowance, 'hex', 'hexes')} moved.`
      : Number.isFinite(r.steps) ? ` ${plural(r.steps, 'step')} made.` : '';
  if (r.legal !== false && typeof r.engaged === 'boolean' && Array.isArray(r.engagedWith)) pts += r.engaged ? ` Ends Engaged with ${r.engagedWith.join(', ')}${r.mayMeleeAttack === false ? ', no Melee Attack' : typeof r.mayMeleeAttack === 'boolean' ? '; may still make a Melee Attack' : ''}.` : '';
  if (r.legal !== false && typeof r.canBattle === 'boolean') pts += r.mustBattle ? ' It must battle.' : r.canBattle ? ' It may battle.' : ' It may not battle.';
  if (arr(r.ejections).length) pts += ` Ejects ${r.ejections.map((e) => e.unit).join(', ')}.`;
  if (q === 'retreat') return retreatVerdict(r);
  if (q === 'evade') return evadeVerdict(r);
  if (q === 'flee') {
    const end = r.destroyed ? 'and is destroyed' : r.leavesTable ? 'and leaves the table' : `to ${poseText(r.final)}`;
    const through = arr(r.passedThrough).map((t) => `${t.object} (${String(t.test ?? t.kind ?? '').replace(/-/g, ' ')})`);
    return { text: `${r.unit ?? 'The unit'} flees from ${r.from ?? 'the enemy'} ${n3(r.moved ?? r.distance)}″${r.extended > 0 ? ` (${n3(r.extended)}″ beyond its roll to end clear)` : ''} ${end}.${through.length ? ` Passes through ${through.join(', ')}.` : ''}`, kind: r.destroyed || r.leavesTable ? 'illegal' : 'answered' };
  }
  if (q === 'spacing') {
    const v = arr(r.violations);
    const list = v.map((x) => `${arr(x.objects).join(' and ')} ${n3(x.distance)}″ apart`);
    return { text: v.length ? `Unit Spacing (${r.moment ?? 'normal'}) broken ${plural(v.length, 'time')}: ${list.join('; ')}${r.truncated ? ' (list truncated)' : ''}.` : `Unit Spacing (${r.moment ?? 'normal'}) is kept.`, kind: v.length ? 'illegal' : 'legal' };
  }
  if (typeof r.legal === 'boolean' && q !== 'reach') {
    const first = arr(r.reasons)[0];
    const why = !r.legal && first ? ` ${first.rule}: ${first.message}` : '';
    const what = q === 'order' ? 'order' : q === 'eject' ? 'ejection' : 'move';
    return { text: `${r.legal ? `Legal ${what}.` : `Not a legal ${what}.`}${why}${pts}`, kind: r.legal ? 'legal' : 'illegal' };
  }
  if (typeof r.possible === 'boolean') return chargeVerdict(r, request);
  if (q === 'reach') {
    if (r.legal === false) return { text: `No move: ${arr(r.reasons)[0]?.message ?? 'the action cannot be taken'}`, kind: 'illegal' };
    const n = arr(r.hexes).length;
    return { text: `${r.unit ?? request?.unit ?? 'The unit'} can end on ${plural(n, 'hex', 'hexes')} besides its own${Number.isFinite(r.allowance) ? ` (allowance ${r.unitOfMeasure === 'hexons' ? plural(r.allowance, 'hexon') : plural(r.allowance, 'hex', 'hexes')})` : Number.isFinite(r.movementPoints) ? ` (${r.movementPoints} movement points)` : ''}.`, kind: n ? 'answered' : 'illegal' };
  }
  if (q === 'reachArea') return { text: `${arr(r.samples).length} sampled positions within ${r.movementPoints} movement points${r.truncated ? ' (truncated)' : ''}.`, kind: 'answered' };
  if (q === 'breakaway') return { text: arr(r.breakaway).length ? `${plural(arr(r.breakaway).length, 'breakaway attack')} against ${r.unit}.` : `No breakaway attacks against ${r.unit}.`, kind: 'answered' };
  if (q === 'pursue') {
    const ps = arr(r.pursuers).map((p) => `${p.unit}: ${p.outcome}${p.charge ? ` (charges ${p.charge.target} in the ${p.charge.facing})` : ''}${p.backtracked ? ', backtracked' : ''}`);
    return { text: `${r.fleeingDestroyed ? 'The fleeing unit is destroyed. ' : ''}Pursuit — ${ps.join('; ')}.`, kind: 'answered' };
  }
  if (q === 'shift') return { text: `Shift: ${arr(r.outcomes).map((o) => `${o.dexterity === 'none' ? 'no test' : `test ${o.dexterity}`} → ${o.legal === false ? 'not possible' : isHex(o.final) ? colRow(o.final) : `${plural(arr(o.candidates).length, 'nearest hex', 'nearest hexes')} (${o.chooser} chooses)`}`).join('; ')}.`, kind: 'answered' };
  return { text: 'Answered.', kind: 'answered' };
}

const REASON_WORDS = { out_of_range: 'out of range', wheel_over_90: 'it would need a wheel over 90°', cannot_reach_facing: 'no wheel brings its front onto the facing',
  no_room: 'no room in contact', path_blocked: 'every path is blocked' };
// Maximising Contact's priorities as 9A-CH-4 applies them to a combined charge (orderChoice.decidedOn)
const ORDER_PRIORITY = { 1: ['otherEnemies', 'other enemy units touched'], 2: ['chargersInContact', 'chargers in contact'], 3: ['targetRotations', 'target rotations'], 4: ['models', 'models in base contact'] };

/** One charger's outcome in words: the completed charge, or why not and its Failed Charge Move. */
function chargeText(c, target) {
  const id = c.charger ?? 'The charger';
  if (c.possible) {
    // a wheel that shows as 0° at the text's three decimals is said as straight, not "wheeling 0°"
    const w = Math.abs(c.wheel?.angle ?? 0);
    return `${id} charges ${target ?? c.target ?? 'the target'} in the ${c.facing ?? '?'}: ${n3(c.distance)}″${n3(w) !== '0' ? `, wheeling ${n3(w)}°` : ' straight'}${c.rotatesTarget ? ', rotating the target' : ''}`;
  }
  const why = arr(c.reasons).map((x) => REASON_WORDS[x.code] ?? String(x.code ?? '').replace(/_/g, ' ')).join(', ');
  const need = arr(c.reasons).some((x) => x.code === 'out_of_range') && Number.isFinite(c.needed) ? ` (needs ${n3(c.needed)}″${Number.isFinite(c.range) ? `, rolled ${n3(c.range)}″` : ''})` : '';
  return `${id} cannot charge: ${why || 'no legal charge'}${need}${c.blockedBy ? `, blocked by ${c.blockedBy}` : ''}${c.failedChargeMove ? `. ${failedText(c.failedChargeMove)}` : ''}`;
}

/** A Failed Charge Move (A-9A-4) in words: how far, the wheel, where it stops and what stopped it. */
function failedText(f) {
  const w = f.wheel ?? {}, turn = Math.abs(w.angle ?? 0);
  const wheel = turn > 1e-9 ? `wheels ${n3(turn)}° ${w.facesTarget ? 'to face the target’s centre' : 'toward the target’s centre'}${w.blockedBy ? ` until stopped by ${w.blockedBy}` : ''}` : '';
  const straight = Number.isFinite(f.straight) && f.straight > 1e-9 ? `${n3(f.straight)}″ straight` : '';
  const how = [wheel, straight].filter(Boolean).join(', then ');
  const stop = f.blockedBy ? `, stopped 0.001″ short of ${f.blockedBy}` : w.blockedBy ? '' : ', nothing in the way';
  return `Failed Charge Move (highest D6 ${f.distance}): moves ${n3(f.moved)}″${how ? ` (${how})` : ''}, ends at ${poseText(f.final)}${stop}; Shaken, no longer Charging`;
}

/** Why a combined charge moved in its order (orderChoice, 9A-CH-4), in words. */
function orderChoiceText(oc, asked = []) {
  if (!oc || typeof oc !== 'object') return '';
  const p = ORDER_PRIORITY[oc.decidedOn];
  const req = oc.requestOrder ?? {};
  const named = asked.length ? ` (${asked.join(', ')})` : '';
  if (p) return `it beats the request order${named} on Maximising Contact priority ${oc.decidedOn}, ${p[1]}: ${oc[p[0]]} against ${req[p[0]]}`;
  return oc.searched ? `every order was tried and none did better than the request order${named}, so it moved` : 'the chargers moved in the request order';
}

/** The totals Maximising Contact compared for a combined charge's order (orderChoice). */
const orderTotals = (oc) => `${plural(oc.chargersInContact ?? 0, 'charger')} in contact, ${plural(oc.otherEnemies ?? 0, 'other enemy', 'other enemies')} touched, ${plural(oc.targetRotations ?? 0, 'target rotation')}, ${plural(oc.models ?? 0, 'model')} in base contact`;

function chargeVerdict(r, request) {
  const list = arr(r.chargers).length ? arr(r.chargers) : [r];
  const target = r.target ?? request?.target;
  if (list.length > 1) {
    const made = list.filter((c) => c.possible).length;
    const asked = [request?.charger, ...arr(request?.combined).map((c) => c?.charger)].filter(Boolean);
    const why = orderChoiceText(r.orderChoice, asked);
    // each charger in a few words (the text below the verdict has the whole of each)
    const says = list.map((c) => {
      const f = c.failedChargeMove;
      const fail = f ? `, failed charge ${n3(f.moved)}″ to ${poseText(f.final)}${f.blockedBy ?? f.wheel?.blockedBy ? `, stopped by ${f.blockedBy ?? f.wheel.blockedBy}` : ''}` : '';
      return `${c.charger} ${c.possible ? `charges the ${c.facing}, ${n3(c.distance)}″` : `cannot charge (${arr(c.reasons).map((x) => REASON_WORDS[x.code] ?? x.code).join(', ')})${fail}`}`;
    });
    return { text: `Combined charge on ${target}: ${made} of ${list.length} chargers make contact, in the order ${arr(r.order).join(', ')}${why ? ` — ${r.orderChoice.rule ?? '9A-CH-4'}: ${why}` : ''}. ${says.join('; ')}.`,
      kind: made === list.length ? 'legal' : made ? 'answered' : 'illegal' };
  }
  const says = chargeText(r, target);
  return r.possible ? { text: `The charge can be made: ${says}.`, kind: 'legal' } : { text: `The charge cannot be made. ${says}.`, kind: 'illegal' };
}

function retreatVerdict(r) {
  const first = arr(r.reasons)[0];
  const why = first ? ` ${first.rule}: ${first.message}` : '';
  if (r.eliminated) return { text: `${r.unit} is eliminated by the hits: no retreat.${why}`, kind: 'illegal' };
  const flags = `${plural(r.flagsTaken ?? 0, 'flag')} of ${r.flags} taken${r.ignored ? ` (${r.ignored} disregarded)` : ''}`;
  if (!r.retreatHexes) return { text: `No retreat: ${flags}.${why}`, kind: r.legal === false ? 'illegal' : 'legal' };
  const b = r.bestPath ?? {};
  const loss = b.eliminated ? ', and it is eliminated' : b.blocksLost ? `, ${plural(b.hexesShort ?? 0, 'hex', 'hexes')} short: it loses ${plural(b.blocksLost, 'block')}` : '';
  const others = arr(b.blockersLose).length ? ` ${b.blockersLose.map((x) => `${x.unit} ${x.eliminated ? 'is eliminated' : `loses ${plural(x.blocks ?? 0, 'block')}`}`).join('; ')} instead.` : '';
  return { text: `${r.legal === false ? 'Not as asked.' : 'Retreat.'} ${flags}: ${plural(r.retreatHexes, 'hex', 'hexes')} back. Best path: ${plural(b.hexesMoved ?? 0, 'hex', 'hexes')}${loss}.${others}${why}`,
    kind: r.legal === false || b.eliminated ? 'illegal' : b.blocksLost ? 'answered' : 'legal' };
}

function evadeVerdict(r) {
  const first = arr(r.reasons)[0];
  const why = first ? ` ${first.rule}: ${first.message}` : '';
  if (r.eliminated) return { text: `No evade: ${r.unit} is eliminated.${why}`, kind: 'illegal' };
  if (r.canEvade === false) return { text: `${r.unit} cannot evade.${why}`, kind: 'illegal' };
  const ps = arr(r.paths);
  const ends = [...new Set(ps.map((p) => (p.offBoard ? 'off the board' : colRow(p.final))))].join('; ');
  return { text: `${r.unit} may evade${r.evadesOnly ? ` (only ${r.evadesOnly})` : ''}: ${plural(ps.length, 'path')}, ending on ${ends}.${r.removedAfterEvade ? ' It is then removed.' : ''}`, kind: 'legal' };
}

function retreatPathText(p, i) {
  const bits = [`${i + 1}. ${arr(p.path).map(colRow).join(' → ') || 'stays'}: ${plural(p.hexesMoved ?? 0, 'hex', 'hexes')}`];
  if (p.hexesShort) bits.push(`${p.hexesShort} short, loses ${plural(p.blocksLost ?? 0, 'block')}`);
  if (p.stoppedBy && p.stoppedBy !== 'complete') bits.push(`stopped by ${p.stoppedBy}`);
  if (p.leaderAttaches) bits.push(`${p.leaderAttaches} attaches`);
  if (arr(p.blocked).length) bits.push(`closed behind: ${p.blocked.map((x) => `${colRow(x.hex)} (${blockedLabel(x)}, ${x.rule})`).join('; ')}`);
  if (arr(p.blockersLose).length) bits.push(`instead ${p.blockersLose.map((x) => `${x.unit} ${x.eliminated ? 'eliminated' : `loses ${x.blocks}`}`).join(', ')}`);
  if (p.marshRolls) bits.push(`${plural(p.marshRolls, 'marsh roll')}`);
  if (p.eliminated) bits.push('eliminated');
  if (p.leaderCasualtyDice) bits.push(`leader casualty check: ${p.leaderCasualtyDice} dice`);
  if (p.legal === false) bits.push('not allowed: a path losing nothing exists');
  return bits.join('; ');
}

function evadePathText(p, i) {
  const bits = [`${i + 1}. ${arr(p.path).map(colRow).join(' → ')}${p.offBoard ? ' → off the board' : ''}: ${plural(p.hexesMoved ?? 0, 'hex', 'hexes')}`];
  if (arr(p.escapes).length) bits.push(`escape rolls against ${p.escapes.map((e) => `${e.unit} at ${colRow(e)}`).join(', ')}`);
  if (p.attachesTo) bits.push(`joins ${p.attachesTo}`);
  if (p.leaderAttaches) bits.push(`${p.leaderAttaches} attaches`);
  if (p.marshRolls) bits.push(`${plural(p.marshRolls, 'marsh roll')}`);
  return bits.join('; ');
}

// One line per scalar result field worth reading.
export const FACTS = ['orderCost', 'movementPoints', 'pointsSpent', 'pointsLost', 'endedBy', 'moveType', 'speed', 'allowance', 'cost',
  'hexesMoved', 'canBattle', 'mustBattle', 'stoppedBy', 'leaderAttaches', 'attachesTo', 'engaged', 'mayMeleeAttack', 'nimble', 'minimumMove',
  'ordersUsed', 'ordersAllowed', 'blocks', 'blocksLeft', 'hexesPerFlag', 'extraHexesPerFlag', 'maxIgnored', 'eligible', 'canEvade', 'evadesOnly',
  'unitEliminated', 'leaderMovesWith', 'removedAfterEvade', 'steps', 'dexterityTest', 'droppedNoFreeHex', 'spacing', 'truncated', 'fleeingDestroyed', 'facing', 'distance', 'traceDropped'];
const FACT_NAMES = { orderCost: 'order points', movementPoints: 'movement points', pointsSpent: 'points spent', pointsLost: 'points lost (unspent)', endedBy: 'movement ended by',
  moveType: 'kind of move', hexesMoved: 'hexes moved', canBattle: 'may battle', mustBattle: 'must battle', stoppedBy: 'stopped by', leaderAttaches: 'leader attaches',
  attachesTo: 'attaches to', mayMeleeAttack: 'may still make a Melee Attack', minimumMove: 'minimum move only', ordersUsed: 'orders used', ordersAllowed: 'orders allowed',
  dexterityTest: 'Dexterity test', blocks: 'blocks when the combat began', blocksLeft: 'blocks left after the hits', hexesPerFlag: 'hexes per flag',
  extraHexesPerFlag: 'extra hexes per flag', maxIgnored: 'flags it may disregard', eligible: 'may evade at all', canEvade: 'can evade', evadesOnly: 'may evade only',
  unitEliminated: 'its unit was eliminated', leaderMovesWith: 'leader moving with it', removedAfterEvade: 'removed after evading', droppedNoFreeHex: 'ends left out (no free hex to eject to)', spacing: 'sample spacing', fleeingDestroyed: 'fleeing unit destroyed', traceDropped: 'trace steps not kept' };
const yes = (v) => (v === true ? 'yes' : v === false ? 'no' : v);

function ruleItem(rule, message) {
  const li = el('li');
  if (rule) li.append(el('span', rule, 'rule'));
  li.append(document.createTextNode(message ?? ''));
  return li;
}

function section(title, items, render, ordered = false) {
  if (!items || items.length === 0) return [];
  const l = el(ordered ? 'ol' : 'ul');
  for (const item of items) l.append(render(item));
  return [el('h3', title), l];
}

function hexEntryText(h) {
  const bits = [`${colRow(h)}: cost ${h.cost}`];
  const path = arr(h.path).filter(isHex);
  if (path.length) bits.push(`path ${path.map(colRow).join(' → ')}`);
  if (h.endedBy) bits.push(`ends by ${h.endedBy}`);
  if (h.stoppedBy) bits.push(`stopped by ${h.stoppedBy}`);
  if (typeof h.canBattle === 'boolean') bits.push(h.mustBattle ? 'must battle' : h.canBattle ? 'may battle' : `may not battle${h.noBattleRule ? ` (${h.noBattleRule})` : ''}`);
  if (arr(h.adjacentEnemies).length) bits.push(`next to ${h.adjacentEnemies.join(', ')}`);
  if (h.warriorCharge) bits.push('warrior charge');
  if (h.leaderAttaches) bits.push(`leader ${h.leaderAttaches} attaches`);
  if (h.attachesTo) bits.push(`attaches to ${h.attachesTo}`);
  if (h.marshRoll) bits.push('marsh: roll a die');
  if (typeof h.engaged === 'boolean') bits.push(h.engaged ? `ends Engaged with ${arr(h.engagedWith).join(', ')}` : 'not Engaged');
  if (h.engaged && typeof h.mayMeleeAttack === 'boolean') bits.push(h.mayMeleeAttack ? 'may still make a Melee Attack' : 'no Melee Attack');
  if (h.nimble) bits.push('uses Nimble');
  if (h.minimumMove) bits.push('minimum move');
  if (arr(h.facings).length && arr(h.facings).length < 6) bits.push(`facings ${h.facings.join(', ')}`);
  if (arr(h.freeAttacks).length) bits.push(`free attacks from ${h.freeAttacks.map((f) => f.unit).join(', ')}`);
  if (arr(h.ejects).length) bits.push(`ejects ${h.ejects.join(', ')}`);
  if (arr(h.destroyed).length) bits.push(`destroys ${h.destroyed.join(', ')}`);
  return bits.join('; ');
}

function actionText(a, i, spec) {
  const what = spec?.step ? `step ${spec.step}${spec.distance !== undefined && spec.distance !== 1 ? ` ${spec.distance}` : ''}` : spec?.turn ? `turn ${spec.turn}° off the ${spec.off} toward the ${spec.toward}` : a.kind;
  const made = a.made === false ? ' — not made' : '';
  const ev = arr(a.events).map((e) => e.message).filter(Boolean).join('; ');
  return `${i + 1}. ${what}: cost ${a.cost}, ${a.pointsLeft} left${made}${ev ? ` — ${ev}` : ''}`;
}

function pursuerText(p) {
  const bits = [`${p.unit} (roll ${p.distance}″${p.overrun ? ', Overrun' : ''})`];
  if (p.destroysFleeing) bits.push('destroys the fleeing unit');
  if (p.declaredCharge) bits.push('declared a charge');
  if (isPose(p.pivot)) bits.push(`pivots ${n3(p.pivot.angle ?? 0)}°`);
  if (p.situation) bits.push(`then ${p.situation.kind}${p.situation.object ? ` (${p.situation.object})` : ''} [${p.situation.rule}]`);
  const ob = p.forwardAhead?.firstObstacle;
  if (ob) bits.push(`Forward Ahead: ${ob.kind === 'none' ? 'nothing ahead' : `${ob.object ?? ob.kind} at ${n3(ob.distance)}″`} [${ob.rule}]`);
  bits.push(`outcome ${p.outcome} [${p.rule}]`);
  if (p.charge) bits.push(`charges ${p.charge.target} in the ${p.charge.facing}${p.charge.cornerToCorner ? ' corner to corner' : ''}`);
  if (Number.isFinite(p.moved)) bits.push(`moves ${n3(p.moved)}″`);
  if (p.postCombatPivot) bits.push('Post-combat Pivot');
  if (p.backtracked) bits.push(`backtracked (${p.backtrack?.reason ?? ''}${p.backtrack?.object ? `: ${p.backtrack.object}` : ''})`);
  bits.push(`ends ${poseText(p.final)}`);
  if (p.spacing) bits.push(`end position ${p.spacing.legal ? 'legal' : 'not legal'}${p.spacing.nearest ? `, nearest ${p.spacing.nearest.object} ${n3(p.spacing.nearest.gap)}″ away` : ''}`);
  return bits.join('; ');
}

function ejectionText(e) {
  const chooser = e.chooser ?? `${e.chooserIfPassed} if the Dexterity test is passed, ${e.chooserIfFailed} if failed`;
  const cands = arr(e.candidates).map(colRow).join('; ');
  return `${e.unit} (${e.enemy ? 'enemy' : 'ally'}) from ${colRow(e.from)}: ${plural(arr(e.candidates).length, 'nearest free hex', 'nearest free hexes')} at distance ${e.distance} (${cands}), chosen by ${chooser}` +
    `${isHex(e.to) ? `; placed on ${colRow(e.to)} (${e.choice === 'given' ? 'as chosen' : 'first candidate'})` : ''}${e.freeAttack ? '; may make a free attack' : ''}`;
}

/**
 * The text panel's nodes for a response. `opts`: request, assumption summaries (id → sentence),
 * `pick` (the reached hex tapped), `whatIfCount`, `onChoice(choice, value)` to apply a choice.
 */
export function resultText(response, assumptionSummaries, opts = {}) {
  const parts = [];
  if (typeof opts === 'number') opts = { reachCount: opts }; // older callers
  const request = opts.request ?? {};
  if (!response.ok) {
    parts.push(el('h3', 'Where'), el('p', `${response.error?.path || '(the whole request)'}: ${response.error?.code}`), el('p', response.error?.message ?? ''));
    return parts;
  }
  const r = response.result ?? {};
  // a combined charge's top-level fields repeat its first charger's: the chargers' list says them
  const combined = arr(r.chargers).length > 1;
  const facts = FACTS.filter((k) => r[k] !== undefined && typeof r[k] !== 'object' && !(k === 'droppedNoFreeHex' && r[k] === 0) && !(combined && (k === 'facing' || k === 'distance')))
    .map((k) => `${FACT_NAMES[k] ?? k}: ${yes(r[k])}`);
  if (arr(r.engagedWith).length) facts.push(`Engaged with: ${r.engagedWith.join(', ')}`);
  if (arr(r.startEngagedWith).length) facts.push(`starts Engaged with: ${r.startEngagedWith.join(', ')}`);
  if ((isPose(r.final) && !combined) || isHex(r.final)) facts.push(`${r.legal === false ? 'stops at' : r.possible === false ? 'the charge would end at' : 'ends at'}: ${poseText(r.final)}`);
  if (r.rotatesTarget && isPose(r.targetFinal) && !combined) facts.push(`${r.target ?? request.target ?? 'the target'} turned about the contact point (it could not be aligned to): ${poseText(r.targetFinal)}`);
  if (r.stay && typeof r.stay === 'object') facts.push(`staying put: ${r.stay.engaged ? `Engaged with ${arr(r.stay.engagedWith).join(', ')}` : 'not Engaged'}, may turn to ${arr(r.stay.facings).join(', ')}`);
  const reachCount = opts.reachCount ?? arr(r.hexes).length;
  if (reachCount && arr(r.hexes).length) facts.push(`${plural(reachCount, 'hex', 'hexes')} reachable; tap one (or press ] and [) to see its path`);
  const zoned = arr(r.hexes).filter((h) => h.engaged === true).length;
  if (arr(r.hexes).some((h) => typeof h.engaged === 'boolean')) facts.push(`${plural(zoned, 'of them lies', 'of them lie')} in an enemy Engagement Zone (hatched)`);
  if (Array.isArray(r.zones) && r.zones.length) facts.push(`Engagement Zones (red hatching): ${r.zones.map((z) => `${z.unit} ${plural(arr(z.hexes).length, 'hex', 'hexes')}${z.lockdown ? ', Lockdown' : ''}`).join('; ')}`);
  if (opts.whatIfCount) facts.push(`${plural(opts.whatIfCount, 'more hex', 'more hexes')} (dashed outline) only if no other unit stood on the board`);
  if (arr(r.samples).length) {
    const s = arr(r.samples), costs = s.map((x) => x.cost ?? 0);
    facts.push(`${s.length} sampled positions, costs ${Math.min(...costs)} to ${Math.max(...costs)} (green cheap, red dear)`,
      `${s.filter((x) => x.collision).length} where a step stops against something (✕); ${s.filter((x) => x.turned).length} after one turn (■)`);
  }
  parts.push(...section('Result', facts, (t) => el('li', t)));
  if (opts.pick) parts.push(el('h3', 'The hex you picked'), el('p', hexEntryText(opts.pick)));
  if (arr(r.hexes).length && arr(r.hexes).some((h) => h.badge !== undefined || h.canBattle !== undefined || h.engaged !== undefined || h.freeAttacks !== undefined)) {
    parts.push(...section('Marks on the hexes', hexLegend(r), (t) => el('li', t)));
  }
  parts.push(...section('Actions', arr(r.actions), (a) => el('li', actionText(a, r.actions.indexOf(a), arr(request.order?.actions)[r.actions.indexOf(a)]))));
  parts.push(...choiceNodes(r, opts.onChoice));
  parts.push(...section('Breakaway attacks', arr(r.breakaway), (b) => el('li', `${b.unit} (${b.side})${b.ownerOrders ? ': its owner orders these and may decline any' : ''}`), true));
  parts.push(...section('Pursuers, in the order they move', arr(r.pursuers), (p) => el('li', pursuerText(p)), true));
  if (arr(r.chargers).length > 1) parts.push(...section('Chargers, in the order they moved (numbered so on the board)', r.chargers, (c) => el('li', chargeText(c, r.target)), true));
  else if (r.failedChargeMove) parts.push(...section('Failed Charge Move (amber on the board)', [r.failedChargeMove], (f) => ruleItem(f.assumption ?? 'A-9A-4', failedText(f))));
  if (r.orderChoice) {
    const oc = r.orderChoice, asked = [request.charger, ...arr(request.combined).map((c) => c?.charger)].filter(Boolean);
    parts.push(...section('Order of the combined charge', [
      `${arr(r.order).join(', ')}: ${orderChoiceText(oc, asked)}`,
      `this order: ${orderTotals(oc)}`,
      ...(oc.requestOrder ? [`the request order: ${orderTotals(oc.requestOrder)}`] : [])], (t) => ruleItem(oc.rule ?? '9A-CH-4', t)));
  }
  parts.push(...section('Moves', arr(r.moves), (m) => el('li', `${m.unit}: ${m.legal ? 'moved' : 'not moved'} ${colRow(m.from)} → ${colRow(m.final)}, ${plural(m.hexesMoved ?? 0, 'hex', 'hexes')}${m.stoppedBy ? `, stopped by ${m.stoppedBy}` : ''}${m.attachesTo ? `, attaches to ${m.attachesTo}` : ''}${m.leaderAttaches ? `, ${m.leaderAttaches} attaches` : ''}`)));
  if (request.query === 'retreat') {
    parts.push(...section('Flags it may disregard', arr(r.ignorable), (x) => ruleItem(x.rule, `${x.means}${arr(x.by).length ? ` (${x.by.join(', ')})` : ''}${x.terrain ? ` (${x.terrain})` : ''}${x.ifLeaderSurvives ? ', if the leader survives' : ''}`)));
    parts.push(...section('Retreat paths (the best numbered on the board, the others dashed)', arr(r.paths), (p) => el('li', retreatPathText(p, r.paths.indexOf(p)))));
  }
  if (request.query === 'evade') parts.push(...section('Evade paths (the first numbered on the board, the others dashed; each end marked with the numbers of the paths ending there)', arr(r.paths), (p) => el('li', evadePathText(p, r.paths.indexOf(p)))));
  parts.push(...section('Battle', arr(r.battle), (b) => el('li', `${b.unit}: ${b.mustBattle ? 'must battle' : b.canBattle ? 'may battle' : `may not battle${b.noBattleRule ? ` (${b.noBattleRule})` : ''}`}${arr(b.adjacentEnemies).length ? `, next to ${b.adjacentEnemies.join(', ')}` : ', no enemy adjacent'}${b.leader ? `, with leader ${b.leader}` : ''}`)));
  parts.push(...section('Steps', arr(r.steps), (s) => el('li', `${colRow(s)}: cost ${s.cost}, ${s.spent} spent`), true));
  parts.push(...section('Ejections, in the order resolved', arr(r.ejections), (e) => el('li', ejectionText(e)), true));
  parts.push(...section('Markers', arr(r.markers), (m) => el('li', `${m.marker} (${m.kind}, ${m.why}) from ${colRow(m.from)}: ${m.stays ? 'stays' : `${plural(arr(m.candidates).length, 'hex', 'hexes')}, chosen by ${m.chooser}`}${isHex(m.to) ? `; to ${colRow(m.to)}` : ''}`)));
  parts.push(...section('Free attacks', arr(r.freeAttacks), (f) => ruleItem(f.rule, `${f.unit} attacks at ${colRow(f.at)}`)));
  parts.push(...section('Outcomes of the Dexterity test', arr(r.outcomes), (o) => el('li', `${o.dexterity === 'none' ? 'no test' : o.dexterity}: ${o.moves ? '' : 'stays; '}${o.chooser ?? ''} chooses; ${o.legal === false ? `not possible (${arr(o.reasons).map((x) => x.message).join(' ')})` : isHex(o.final) ? `to ${colRow(o.final)}` : arr(o.candidates).length ? `one of ${o.candidates.map(colRow).join('; ')}` : 'stays'}`)));
  // an order's illegal moves give their reasons twice (the order's, and the move's own)
  const said = new Set(arr(r.reasons).map((x) => `${x.unit} ${x.code} ${x.message}`));
  const reasons = [...arr(r.reasons), ...arr(r.restrictions).filter((x) => !arr(r.reasons).includes(x)),
    ...arr(r.pursuers).flatMap((p) => arr(p.reasons)), ...arr(r.moves).flatMap((m) => arr(m.reasons)).filter((x) => !said.has(`${x.unit} ${x.code} ${x.message}`))];
  parts.push(...section(r.legal === false ? 'Why not' : 'Rulings', reasons, (x) => ruleItem(x.rule, `${x.unit ? `${x.unit}: ` : ''}${x.message ?? x.code ?? ''}${Number.isInteger(x.action) ? ` (at ${request.order ? 'action' : request.query === 'order' && arr(r.reasons).includes(x) ? 'move' : 'step'} ${x.action + 1})` : ''}`)));
  parts.push(...section('How the engine ruled', arr(r.trace), (x) => ruleItem(x.rule, (x.unit ? `${x.unit}: ` : '') + (x.message ?? '')), true));
  parts.push(...section('Assumptions this answer relied on', arr(response.assumptions), (id) => ruleItem(id, assumptionSummaries.get(id) ?? '')));
  return parts;
}

function hexLegend(r) {
  const h = arr(r.hexes), out = ['Numbers are the cost of getting there.'];
  if (h.some((x) => x.canBattle !== undefined)) out.push('B: may battle an adjacent enemy; B!: must battle; no B: may not battle; a thick outline: terrain or a leader stops the move there.');
  if (h.some((x) => x.engaged !== undefined)) out.push(`Red hatched hexes lie in an enemy Engagement Zone${Array.isArray(r.zones) ? ' (every enemy’s zone, with a dashed outline where the unit cannot end; each enemy exerting one is ringed)' : ''}; dashed lines lead from the zone hexes it can end in to the enemy; A: may still make a Melee Attack there, no A: may not; N: Nimble used; min: the minimum move; a thick outline: the move must stop there.`);
  if (h.some((x) => x.freeAttacks !== undefined)) out.push('FA n: n free attacks on the way; E n: n miniatures ejected at the end; D: Volume destroyed.');
  return out;
}

function choiceNodes(r, onChoice) {
  const cs = arr(r.choices);
  if (!cs.length) return [];
  const ul = el('ul', undefined, 'choices');
  for (const c of cs) {
    const li = el('li');
    li.append(el('span', `${c.choice} at action ${c.action + 1} (now: ${c.default}): `));
    for (const o of arr(c.options)) {
      const text = `${o.value} → ${o.legal ? '' : 'illegal, '}${poseText(o.final)}, ${o.pointsSpent} spent, ended by ${o.endedBy}`;
      if (onChoice && (c.choice === 'slide' || c.choice === 'snapSide') && String(o.value) !== String(c.default)) {
        const b = el('button', text, 'link choice');
        b.type = 'button';
        b.addEventListener('click', () => onChoice(c.choice, o.value === 'none' ? '' : o.value));
        li.append(b);
      } else li.append(el('span', text, 'option'));
    }
    ul.append(li);
  }
  return [el('h3', 'Choices left open (drawn faintly; choose one to apply it)'), ul];
}

export { el };
