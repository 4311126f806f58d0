// Helpers the games' request builders share (web/games/*.js): reading form values, optional
// request fields, units and paths as docs/api.md writes them. No DOM, no game.
import { toAxial } from './hex.js';

export const SIDE_COLOURS = ['#b3261e', '#1d5fbf', '#2e7d32', '#7b3fa0', '#b85c00', '#37474f'];
/**
 * The colour of the i-th side: the six above, then hues a golden angle apart, dark enough for the
 * units' white labels (an Arcane Legions game may have as many players as a turn order names).
 */
export function sideColourAt(i) {
  if (i < SIDE_COLOURS.length) return SIDE_COLOURS[i];
  const h = (i * 137.508) % 360, s = 0.6, l = 0.36; // HSL to #rrggbb
  const f = (n) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - s * Math.min(l, 1 - l) * Math.max(-1, Math.min(k - 3, 9 - k, 1)))).toString(16).padStart(2, '0');
  };
  return `#${f(0)}${f(8)}${f(4)}`;
}

export const list = (v) => (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
export const num = (v, d = 0) => (Number.isFinite(Number(v)) && v !== '' && v !== null ? Number(v) : d);
export const round = (v, p = 1e6) => Math.round(v * p) / p;
export const opt = (o, k, v) => { if (v !== undefined && v !== '' && v !== null) o[k] = v; return o; };
// `optional`: the question can be asked without it (else a blank one leaves the question unfinished: model.js)
export const unitField = (key = 'unit', label = 'Unit', optional = false) => (optional ? { key, label, kind: 'unit', optional } : { key, label, kind: 'unit' });
export const arr = (v) => (Array.isArray(v) ? v : []);
export const blankNum = (v) => v === '' || v === undefined || v === null;
export const wholeOrNone = (v) => (blankNum(v) ? undefined : num(v));

export const freeUnit = (u) => ({ id: u.id, side: u.side, x: round(u.x), y: round(u.y), facing: round(((u.facing % 360) + 360) % 360) });
// (`more` assigned onto the literal: a spread of it was 3–5 ms of a 1,000-unit request's writing)
export const hexUnit = (u, more) => Object.assign({ id: u.id, side: u.side, q: u.q, r: u.r }, more);
export const pathJSON = (path) => (path ?? []).map(({ q, r }) => ({ q, r }));
/** A hex of a request ({q, r} or {col, row}) as axial coordinates, or null. */
export const axialOf = (h) => (h && Number.isInteger(h.q) && Number.isInteger(h.r) ? { q: h.q, r: h.r }
  : h && Number.isInteger(h.col) && Number.isInteger(h.row) ? toAxial(h.col, h.row) : null);

/** A move along a path drawn with the Path tool. */
export const hexMove = { fields: [unitField(), { key: 'path', label: 'Path', kind: 'path' }], build: (i) => ({ unit: i.unit, path: pathJSON(i.path) }) };
// A reach for which the page also asks the what-if reach (no other units) and draws the hexes
// only it reaches; this box asks the what-if question itself.
export const whatIfReach = {
  whatIf: true,
  fields: [unitField(), { key: 'ignoreUnits', label: 'What-if: as if no other unit were on the board', kind: 'check' }],
  build: (i) => opt({ unit: i.unit }, 'ignoreUnits', i.ignoreUnits === true ? true : undefined),
};

// Sides named by a colour (Arcane Legions' "red", "green", "yellow") drawn in it, dark enough for
// the units' white labels; yellow as dark gold.
const NAMED_COLOURS = { red: SIDE_COLOURS[0], blue: SIDE_COLOURS[1], green: SIDE_COLOURS[2], purple: SIDE_COLOURS[3], orange: SIDE_COLOURS[4],
  grey: SIDE_COLOURS[5], gray: SIDE_COLOURS[5], yellow: '#8d6e00', black: '#1b2430', brown: '#6d4c2f' };
/** Colours for sides of these names: a side named by a colour in it, the others the palette's colours left, in order. */
export function sideColours(names) {
  const named = names.map((n) => (Object.hasOwn(NAMED_COLOURS, n.toLowerCase()) ? NAMED_COLOURS[n.toLowerCase()] : null));
  const taken = new Set(named.filter(Boolean));
  let next = 0;
  return named.map((c) => {
    if (c && named.indexOf(c) === named.lastIndexOf(c)) return c;
    while (taken.has(sideColourAt(next))) next++;
    const out = sideColourAt(next++);
    taken.add(out);
    return out;
  });
}
