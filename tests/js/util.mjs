// Helpers shared by the Node tests: the scenario files, the bad-input table and the subset match
// of tests/scenarios/README.md (the same rules as tests/c/scenario_util.c).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const nativeCli = join(root, 'build', 'movecalc');

export function scenarioFiles() {
  const dir = join(root, 'tests', 'scenarios');
  return readdirSync(dir).sort().flatMap((system) => {
    const sub = join(dir, system);
    if (!statSync(sub).isDirectory()) return [];
    return readdirSync(sub).filter((f) => f.endsWith('.json')).sort().map((f) => join(sub, f));
  });
}

export function loadScenario(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Every case of every tests/<folder>/*.json, each with `file` set to the file's name. */
function casesIn(folder) {
  const dir = join(root, 'tests', folder);
  let names = [];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return names.flatMap((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')).cases.map((c) => ({ ...c, file: f })));
}

/** Every case of every tests/bad-inputs/*.json. */
export function badInputs() {
  return casesIn('bad-inputs');
}

/** Every worst case of every tests/limits/*.json (tests/limits/README.md). */
export function limitCases() {
  return casesIn('limits');
}

/**
 * The text of one generated part: count x each ('#' replaced by the index; by nothing for index 0
 * before a digit), comma-separated when comma is true. With grid {per, x: [x0, dx], y: [y0, dy]} item i stands in column i / per and row
 * i % per, and '#x' / '#y' become x0 + column * dx and y0 + row * dy (tests/limits/README.md).
 */
function repeat(g) {
  const parts = [];
  for (let i = 0; i < g.count; i++) {
    let text = g.each;
    if (g.grid) {
      const { per, x: [x0, dx], y: [y0, dy] } = g.grid;
      text = text.replaceAll('#x', String(x0 + Math.floor(i / per) * dx)).replaceAll('#y', String(y0 + (i % per) * dy));
    }
    // Index 0 before a digit writes nothing: "#0.5" is 0.5, not "00.5" (no leading zeros in JSON).
    parts.push(text.replace(/#(?=(\d)?)/g, (_, digit) => (i === 0 && digit ? '' : String(i))));
    if (g.comma && i + 1 < g.count) parts.push(',');
  }
  return parts.join('');
}

/**
 * The hexes of a "hash-collisions" generate (tests/limits/README.md): row by row from r = -within,
 * q from -within, the first `count` whose old hex-board hash, (q·0x9E3779B1 ^ r·0x85EBCA77) mixed
 * by x ^ (x >> 15), falls in slots [from, to) of its 2^17; as [q, r]. tests/c/scenario_util.c
 * makes the same list.
 */
export function hashCollisions({ count, within, slots: [from, to] }) {
  const out = [];
  for (let r = -within; r <= within && out.length < count; r++) {
    const rb = Math.imul(r, 0x85EBCA77);
    for (let q = -within; q <= within && out.length < count; q++) {
      let x = (Math.imul(q, 0x9E3779B1) ^ rb) >>> 0;
      x = (x ^ (x >>> 15)) & 0x1ffff;
      if (x >= from && x < to) out.push([q, r]);
    }
  }
  return out;
}

/** The bytes of one bad-input case. */
export function badInputBytes(c) {
  if (typeof c.text === 'string') return Buffer.from(c.text, 'utf8');
  if (c.request !== undefined) return Buffer.from(JSON.stringify(c.request), 'utf8');
  if (typeof c.bytesHex === 'string') return Buffer.from(c.bytesHex, 'hex');
  const g = c.generate;
  // kind "parts": a list of strings and {count, each, comma?} repeats, concatenated.
  if (g.kind === 'parts') return Buffer.from(g.parts.map((p) => (typeof p === 'string' ? p : repeat(p))).join(''), 'utf8');
  // kind "hash-collisions": prefix, the hexes as {"q","r"} objects comma-separated, suffix
  if (g.kind === 'hash-collisions') return Buffer.from(g.prefix + hashCollisions(g).map(([q, r]) => `{"q":${q},"r":${r}}`).join(',') + g.suffix, 'utf8');
  return Buffer.from(g.prefix + repeat(g) + g.suffix, 'utf8');
}

/** Returns null when `actual` matches `expected`, else the path of the first difference. */
export function subsetMismatch(expected, actual, path = '') {
  if (expected === '$absent') return actual === undefined ? null : `${path} (expected absent)`;
  if (expected === '$any') return actual === undefined ? `${path} (missing)` : null;
  if (actual === undefined) return `${path} (missing)`;
  if (typeof expected === 'number') {
    return typeof actual === 'number' && Math.abs(actual - expected) <= 1e-6 ? null : `${path} (expected ${expected}, got ${JSON.stringify(actual)})`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return `${path} (expected an array of ${expected.length}, got ${Array.isArray(actual) ? actual.length : typeof actual})`;
    }
    for (let i = 0; i < expected.length; i++) {
      const m = subsetMismatch(expected[i], actual[i], `${path}[${i}]`);
      if (m) return m;
    }
    return null;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) return `${path} (expected an object)`;
    for (const [k, v] of Object.entries(expected)) {
      const m = subsetMismatch(v, actual[k], `${path}.${k}`);
      if (m) return m;
    }
    return null;
  }
  return actual === expected ? null : `${path} (expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)})`;
}

/** A canvas context that draws nothing and measures 7 px a character, for a board painted in Node. */
export const nullContext = () => new Proxy({ measureText: (t) => ({ width: 7 * String(t).length }) }, { get: (o, k) => (k in o ? o[k] : () => {}), set: (o, k, v) => { o[k] = v; return true; } });
/** The Path2D of a board painted in Node: paths that are never drawn. */
export class NoPath { moveTo() {} lineTo() {} arc() {} rect() {} closePath() {} }
