// Helpers of the property tests (tests/reliability/properties-*.test.mjs): each sends random
// requests within the limits through the WebAssembly engine's JSON interface (no C internals) and
// checks what every answer must satisfy whatever the rule set:
//   - it is JSON, every number finite and no −0 printed (docs/api.md "Numbers and determinism");
//   - every `rule` (reasons, trace steps, events, …) is a clause id of docs/rules/;
// plus the geometry each system's test needs: hex adjacency, odd-r offsets, hexon footprints and
// an independent rectangle / convex polygon overlap test (separating axes, tolerance 1e-6).
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadClauseIds } from '../tools/clause-ids.mjs';
import { prng } from './gen.mjs';

export { prng };
export const engine = await createEngine();
export const clauses = loadClauseIds();
/**
 * The contact tolerance (MC_LINEAR_SLOP, 1e-6) plus the rounding of printed numbers to 1e-9
 * (docs/api.md): a pose computed from printed numbers may be that much further from where the
 * engine placed it (corners: about 1.1e-9 for units of up to 10").
 */
export const EPS = 1e-6 + 1e-8;

/** How many random cases each property test sends: MC_PROPERTY_CASES overrides (e.g. 5000 for a long run). */
export function caseCount(n) {
  const env = Number(process.env.MC_PROPERTY_CASES);
  return Number.isInteger(env) && env > 0 ? env : n;
}

/** Sends one request object; returns the parsed answer after the generic checks. */
export function ask(req, label = '') {
  const before = engine.bytesInUse();
  const text = engine.requestText(JSON.stringify(req));
  assert.equal(engine.bytesInUse(), before, `${label}: the engine kept bytes`);
  let r;
  try {
    r = JSON.parse(text);
  } catch (e) {
    assert.fail(`${label}: the answer is not JSON (${e.message}): ${text.slice(0, 300)}`);
  }
  // −0 prints as 0 (docs/api.md): a "-0" token not followed by a fraction or exponent is wrong.
  assert.ok(!/[:[,]-0(?![.\deE])/.test(text), `${label}: −0 printed: ${text.slice(0, 300)}`);
  checkAnswer(r, label);
  return r;
}

/** Every number finite; every `rule` (and `…Rule`) value a clause id of docs/rules/. */
export function checkAnswer(r, label = '') {
  const walk = (v, path) => {
    if (typeof v === 'number') assert.ok(Number.isFinite(v), `${label}: ${path} = ${v} is not finite`);
    else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}[${i}]`));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'rule' || k.endsWith('Rule')) && x !== null) {
          assert.equal(typeof x, 'string', `${label}: ${path}.${k} is not a string`);
          assert.ok(clauses.ids.has(x), `${label}: ${path}.${k} = "${x}" is not a clause id of ${clauses.source}`);
        }
        walk(x, `${path}.${k}`);
      }
    }
  };
  walk(r, '');
}

/** The answer's result, after asserting ok (with the request in the message). */
export function okResult(r, req, label) {
  assert.equal(r.ok, true, `${label}: not ok: ${JSON.stringify(r.error)}\nrequest: ${JSON.stringify(req)}`);
  return r.result;
}

// ---- hexes (docs/api.md "Hex boards": pointy-top axial, odd-r offsets) ----------------------------
export const HEX_DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
export const key = (h) => `${h.q},${h.r}`;
export const hexDistance = (a, b) => (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;
export const adjacent = (a, b) => hexDistance(a, b) === 1;
export const fromOffset = (col, row) => ({ q: col - (row - (row & 1)) / 2, r: row });
export const toOffset = (h) => ({ col: h.q + (h.r - (h.r & 1)) / 2, row: h.r });
export const neighbours = (h) => HEX_DIRS.map(([dq, dr]) => ({ q: h.q + dq, r: h.r + dr }));
/** The seven hexes of the hexon centred on c (A-TW-1). */
export const hexonHexes = (c) => [c, ...neighbours(c)];
/** Hexon lattice steps: anchor + a·(2,1) + b·(−1,3) (src/hex/hexon.c order). */
export const HEXON_DIRS = [[2, 1], [3, -2], [1, -3], [-2, -1], [-3, 2], [-1, 3]];
export const hexonAdjacent = (a, b) => HEXON_DIRS.some(([dq, dr]) => a.q + dq === b.q && a.r + dr === b.r);

/** Asserts a path of hexes is connected: each step next to the one before, from `start`. */
export function assertHexPath(start, path, label, step = adjacent) {
  let prev = start;
  path.forEach((h, i) => {
    assert.ok(step(prev, h), `${label}: path step ${i} (${key(h)}) is not next to ${key(prev)}`);
    prev = h;
  });
}

/** Asserts that no hex is listed by two pieces: `pieces` is [{id, hexes: [{q,r}]}]. */
export function assertNoSharedHex(pieces, label) {
  const at = new Map();
  for (const p of pieces) {
    for (const h of p.hexes) {
      const k = key(h);
      assert.ok(!at.has(k), `${label}: ${p.id} and ${at.get(k)} share hex ${k}`);
      at.set(k, p.id);
    }
  }
}

// ---- free-form geometry (compass facings: 0 faces +y, 90 faces +x, clockwise) ----------------------
/** The four corners of a width × depth rectangle centred on (x, y) facing `facing` degrees. */
export function rectCorners({ x, y, facing }, width, depth) {
  const a = (facing * Math.PI) / 180;
  const f = [Math.sin(a), Math.cos(a)]; // forward
  const rt = [Math.cos(a), -Math.sin(a)]; // right
  const w = width / 2, d = depth / 2;
  return [[1, 1], [-1, 1], [-1, -1], [1, -1]].map(([sx, sy]) => [x + sx * w * rt[0] + sy * d * f[0], y + sx * w * rt[1] + sy * d * f[1]]);
}

/**
 * How deep two convex polygons overlap: the smallest projection overlap over the edge normals of
 * both (separating axes). ≤ 0: apart or touching; > 0: they overlap by that much.
 */
export function convexOverlap(a, b) {
  let best = Infinity;
  for (const poly of [a, b]) {
    for (let i = 0; i < poly.length; i++) {
      const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % poly.length];
      let nx = y2 - y1, ny = x1 - x2;
      const len = Math.hypot(nx, ny);
      if (len === 0) continue;
      nx /= len; ny /= len;
      const proj = (p) => p.map(([x, y]) => x * nx + y * ny);
      const pa = proj(a), pb = proj(b);
      const o = Math.min(Math.max(...pa), Math.max(...pb)) - Math.max(Math.min(...pa), Math.min(...pb));
      best = Math.min(best, o);
    }
  }
  return best;
}
