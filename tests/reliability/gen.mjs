// Random requests for the determinism test, from a seeded PRNG so that every run (and every
// machine) sends the same 10,000: mutations of the scenario requests and the bad-input cases, random
// envelopes, and hostile JSON text and bytes. Nothing here names a system's fields: scenario
// requests of every rule set that has landed are picked up from tests/scenarios/.
import { badInputBytes, badInputs, loadScenario, scenarioFiles } from '../js/util.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

/** mulberry32: a small PRNG with a 32-bit state, identical on every platform (also the benchmark's). */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n) => Math.floor(next() * n);
  const pick = (list) => list[int(list.length)];
  return {
    next,
    int,
    pick,
    /** A whole number from lo to hi, both included. */
    between: (lo, hi) => lo + int(hi - lo + 1),
    range: (lo, hi) => lo + next() * (hi - lo),
    shuffle(list) {
      for (let i = list.length - 1; i > 0; i--) {
        const j = int(i + 1);
        [list[i], list[j]] = [list[j], list[i]];
      }
      return list;
    },
  };
}

const SYSTEMS = SYSTEM_IDS; // the engine's list (src/systems.def)
const QUERIES = ['describe', 'move', 'reach', 'reachArea', 'breakaway', 'pursue', 'charge', 'flee', 'spacing',
  'order', 'retreat', 'evade', 'eject', 'shift'];
const NUMBERS = [0, -0, 1, -1, 0.5, 2, 6, 45, 90, 180, 359.999999999, 360, 361, 1e-9, 1e-6, 1000, 1001,
  100000, 100001, 10000, 10001, 200, 201, 2147483648, -2147483649, 9007199254740993, 1e308, -1e308,
  5e-324, 0.1 + 0.2, 1 / 3, 2 ** 31 - 1];
const STRINGS = [...SYSTEMS, ...QUERIES, 'forward', 'backward', 'left', 'right', 'cw', 'ccw', 'front', 'rear',
  'blocking', 'hindering', 'control', 'impassable', 'forest', 'difficult', 'infantry', 'large', 'huge',
  'run', 'parent', 'red', 'blue', 'A-GG-1', 'A-AL-5', 'A-9A-1', 'A-TW-1', '', ' ', 'é', '🐉', '\u2028',
  'x'.repeat(128), 'x'.repeat(129), '<script>alert(1)</script>', '"', '\\'];
// Raw JSON fragments that JSON.stringify cannot produce.
const RAW = ['1e999', '-1e999', '-0', '1E+2', '0.1e-400', '00', '.5', '+1', 'NaN', 'Infinity', '"\\ud800"',
  '"\\udc00\\ud800"', '"\\ud83d\\udc09"', '"\\u0000"', '"\\u0041"', '[', ']', '{', '}', '""', 'nul', 'tru'];

function clone(v) {
  return v === undefined ? v : JSON.parse(JSON.stringify(v));
}

function randomValue(r, depth = 0) {
  switch (r.int(depth > 3 ? 4 : 7)) {
    case 0: return null;
    case 1: return r.int(2) === 1;
    case 2: return r.pick(NUMBERS);
    case 3: return r.pick(STRINGS);
    case 4: return r.int(3) ? r.next() * 2000 - 1000 : r.int(400) - 200;
    case 5: return Array.from({ length: r.int(4) }, () => randomValue(r, depth + 1));
    default: {
      const o = {};
      for (let i = r.int(4); i > 0; i--) o[r.pick(STRINGS) || 'k'] = randomValue(r, depth + 1);
      return o;
    }
  }
}

/** Every container and leaf of `root` with its parent and key. */
function slots(root) {
  const out = [];
  const walk = (v, parent, key) => {
    out.push({ v, parent, key });
    if (v && typeof v === 'object') for (const k of Object.keys(v)) walk(v[k], v, Array.isArray(v) ? Number(k) : k);
  };
  walk(root, null, null);
  return out;
}

/** One edit of a request object: a value at or past a limit, swapped, dropped, repeated, retyped. */
function mutate(r, root) {
  const all = slots(root);
  const { v, parent, key } = r.pick(all);
  if (parent === null) return root;
  switch (r.int(8)) {
    case 0: parent[key] = randomValue(r); break;
    case 1: parent[key] = clone(r.pick(all).v); break;
    case 2:
      if (typeof v === 'number') parent[key] = r.pick([-v, v * 2, v / 2, v + 1, v - 1, v + 1e-6, v - 1e-9, Math.round(v)]);
      else parent[key] = r.pick(NUMBERS);
      break;
    case 3:
      if (Array.isArray(parent)) parent.splice(key, 1);
      else delete parent[key];
      break;
    case 4:
      if (Array.isArray(parent)) {
        for (let n = r.int(4) ? 1 : r.int(70); n > 0; n--) parent.push(clone(v));
      } else {
        parent[r.pick(all).key ?? 'x'] = clone(v);
      }
      break;
    case 5: parent[key] = r.pick(STRINGS); break;
    case 6:
      if (Array.isArray(v)) v.reverse();
      else parent[key] = [clone(v)];
      break;
    default: parent[key] = r.int(2) ? {} : [];
  }
  return root;
}

/** Replaces one value in the JSON text with a raw fragment, or cuts, or flips a byte. */
function corrupt(r, text) {
  const bytes = Buffer.from(text, 'utf8');
  switch (r.int(5)) {
    case 0: return bytes.subarray(0, r.int(bytes.length + 1));
    case 1: {
      const copy = Buffer.from(bytes);
      if (copy.length) copy[r.int(copy.length)] = r.int(256);
      return copy;
    }
    case 2: {
      const at = text.indexOf(':', r.int(text.length));
      if (at < 0) return bytes;
      const end = text.slice(at + 1).search(/[,}\]]/);
      return Buffer.from(text.slice(0, at + 1) + r.pick(RAW) + (end < 0 ? '' : text.slice(at + 1 + end)), 'utf8');
    }
    case 3: {
      // A field given twice, in text (objects cannot hold it).
      const at = text.indexOf('{');
      const m = /"([^"]+)":/.exec(text);
      return at < 0 || !m ? bytes : Buffer.from(`${text.slice(0, at + 1)}"${m[1]}":${JSON.stringify(r.pick(STRINGS))},${text.slice(at + 1)}`, 'utf8');
    }
    default: {
      // Nesting around the limit of 32 inside a field.
      const depth = 28 + r.int(8);
      const at = text.lastIndexOf('}');
      return at < 0 ? bytes : Buffer.from(`${text.slice(0, at)},"x":${'['.repeat(depth)}${']'.repeat(depth)}}`, 'utf8');
    }
  }
}

function randomEnvelope(r) {
  const req = {};
  if (r.int(6)) req.system = r.int(8) ? r.pick(SYSTEMS) : r.pick(STRINGS);
  if (r.int(8)) req.query = r.int(6) ? r.pick(QUERIES) : randomValue(r);
  if (r.int(3) === 0) req.params = r.int(2) ? { [r.pick(['A-GG-1', 'A-AL-5', 'A-9A-1', 'A-TW-2', 'A-XX-1'])]: randomValue(r) } : randomValue(r);
  for (let i = r.int(3); i > 0; i--) req[r.pick(STRINGS) || 'x'] = randomValue(r);
  return req;
}

function randomBytes(r) {
  const n = r.int(64);
  const b = Buffer.alloc(n);
  for (let i = 0; i < n; i++) b[i] = r.int(4) ? 32 + r.int(95) : r.int(256);
  return b;
}

/** `count` requests as Buffers, the same on every run for the same seed. */
export function randomRequests(count, seed = 14) {
  const r = prng(seed);
  const scenarios = scenarioFiles().map((f) => loadScenario(f).request);
  const bad = badInputs().filter((c) => !c.generate).map((c) => badInputBytes(c));
  const base = () => clone(r.pick(scenarios.length ? scenarios : [{ query: 'describe' }]));
  const out = [];
  while (out.length < count) {
    const kind = r.int(10);
    if (kind < 4) {
      let req = base();
      for (let n = 1 + r.int(4); n > 0; n--) req = mutate(r, req);
      out.push(Buffer.from(JSON.stringify(req), 'utf8'));
    } else if (kind < 6) {
      out.push(Buffer.from(JSON.stringify(randomEnvelope(r)), 'utf8'));
    } else if (kind < 8) {
      out.push(corrupt(r, JSON.stringify(r.int(2) ? base() : randomEnvelope(r))));
    } else if (kind < 9) {
      out.push(r.int(2) ? r.pick(bad) : corrupt(r, r.pick(bad).toString('latin1')));
    } else {
      out.push(r.int(2) ? randomBytes(r) : Buffer.from(JSON.stringify(randomValue(r)), 'utf8'));
    }
  }
  return out;
}

/**
 * `count` requests meant to get rulings, as Buffers, the same on every run for the same seed: random
 * battlefields grown from the scenario requests, taken in turn from each group (a game and one of its
 * queries) of `groups` = [{system, query, hex, requests}]. Every unit is moved a little: on a hex
 * board one hex or none along each axis (q/r, or col/row), on a table by up to an inch or step
 * either way and up to 20° of facing; the units' order is shuffled. A move can so become illegal,
 * which is still a ruling; an error (a unit pushed off the board) is possible and is counted apart.
 */
export function rulingRequests(groups, count, seed = 34) {
  const r = prng(seed);
  const usable = groups.filter((g) => g.requests.length > 0);
  const out = [];
  for (let i = 0; out.length < count && usable.length; i++) {
    const g = usable[i % usable.length];
    const req = clone(r.pick(g.requests));
    if (Array.isArray(req.units)) {
      for (const u of req.units) {
        if (!u || typeof u !== 'object') continue;
        for (const k of g.hex ? ['q', 'r', 'col', 'row'] : ['x', 'y']) {
          if (typeof u[k] !== 'number') continue;
          u[k] = g.hex ? u[k] + r.between(-1, 1) : Math.round((u[k] + r.range(-1, 1)) * 1000) / 1000;
        }
        if (!g.hex && typeof u.facing === 'number') u.facing = Math.round((u.facing + r.range(-20, 20)) * 100) / 100;
      }
      r.shuffle(req.units);
    }
    out.push({ system: g.system, query: g.query, bytes: Buffer.from(JSON.stringify(req), 'utf8') });
  }
  return out;
}
