// Helpers the games' request builders share (web/games/*.js): reading form values, optional
// request fields, units and paths as docs/api.md writes them. No DOM, no game.
import { toAxial } from './hex.js';

export const SIDE_COLOURS = ['#b3261e', '#1d5fbf', '#2e7d32', '#7b3fa0', '#b85c00', '#37474f'];

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
export const hexUnit = (u) => ({ id: u.id, side: u.side, q: u.q, r: u.r });
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
