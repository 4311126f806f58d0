// Share links and saved files: a position (one system's document) packed into a URL fragment, and
// the checks every position or unit from outside (a link, an embed, an imported file) passes before
// the page uses it. No DOM here, so Node tests it (tests/browser/page-model.test.mjs).
//
// Link format (version 1): `#p=1.<base64url of deflate-raw of the JSON>` or, where the browser has
// no CompressionStream (and in hand-made embeds), `#p=1j.<base64url of the JSON>`. The JSON is
// `{"system": ID, ...document}` (see positionPayload) or `{"request": <an engine request>}`.
import { SYSTEMS, SYSTEM_IDS, defaultDoc, carryRequest, own, terrainKinds } from './model.js';
import { toBase64url, fromBase64url as fromBytes } from './base64url.js';
import { LIMITS } from './limits.js';
import { sideColourAt, sideColours, axialOf } from './fields.js';
import { toOffset } from './hex.js';

/** The longest link code read (characters after `p=`). About 25 times what a large position needs. */
export const SHARE_MAX_CODE = 64 * 1024;
/** The most JSON text a link or an imported file may expand to. */
export const SHARE_MAX_JSON = 512 * 1024;

export class ShareError extends Error {}
export const fail = (msg) => { throw new ShareError(msg); };

export { LIMITS, useEngineLimits } from './limits.js';

// ---- base64url ----
export { toBase64url };
export { codeOf } from './link-code.js';
export function fromBase64url(text) {
  return fromBytes(text) ?? fail('the link is damaged (its code is not base64url)');
}

async function pipe(bytes, stream, max) {
  const writer = stream.writable.getWriter();
  writer.write(bytes).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks = [];
  let n = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    n += value.length;
    if (n > max) { reader.cancel().catch(() => {}); fail(`the link expands to more than ${max / 1024} KB (SHARE_MAX_JSON)`); }
    chunks.push(value);
  }
  const out = new Uint8Array(n);
  let at = 0;
  for (const c of chunks) { out.set(c, at); at += c.length; }
  return out;
}

const canCompress = () => typeof CompressionStream === 'function';

/** A position payload → the link code (the part after `#p=`). */
export async function encodeShare(payload, { compress = canCompress() } = {}) {
  const json = new TextEncoder().encode(JSON.stringify(payload));
  if (!compress) return '1j.' + toBase64url(json);
  return '1.' + toBase64url(await pipe(json, new CompressionStream('deflate-raw'), Infinity));
}

/** A link code → the JSON value it holds (unchecked). Throws ShareError with a reason to show. */
export async function decodeShare(code) {
  if (typeof code !== 'string' || !code) fail('the link holds no position');
  if (code.length > SHARE_MAX_CODE) fail(`the link is too long (${code.length} characters; the limit SHARE_MAX_CODE is ${SHARE_MAX_CODE})`);
  const m = /^(\d+)(j?)\.(.*)$/s.exec(code);
  if (!m) fail('the link is damaged (it has no version prefix such as "1.")');
  if (m[1] !== '1') fail(`the link was made by a newer movecalc (format ${m[1].slice(0, 8)}); this page reads format 1`);
  let bytes = fromBase64url(m[3]);
  if (!m[2]) {
    if (typeof DecompressionStream !== 'function') fail('this browser cannot unpack compressed links');
    try { bytes = await pipe(bytes, new DecompressionStream('deflate-raw'), SHARE_MAX_JSON); } catch (e) {
      if (e instanceof ShareError) throw e;
      fail('the link is damaged (its data does not unpack)');
    }
  }
  if (bytes.length > SHARE_MAX_JSON) fail(`the link holds more than ${SHARE_MAX_JSON / 1024} KB (SHARE_MAX_JSON)`);
  return parseJSON(bytes, 'the link');
}

/** Bytes or text → a JSON value, refusing bad UTF-8, bad JSON and deep nesting. */
export function parseJSON(bytesOrText, what) {
  let text = bytesOrText;
  if (typeof text !== 'string') {
    try { text = new TextDecoder('utf-8', { fatal: true }).decode(bytesOrText); } catch { fail(`${what} is not UTF-8 text`); }
  }
  if (text.length > SHARE_MAX_JSON) fail(`${what} is larger than ${SHARE_MAX_JSON / 1024} KB`);
  let depth = 0, max = 0, inString = false;
  for (let i = 0; i < text.length; i++) { // nesting is checked before parsing, as the engine does
    const c = text[i];
    if (inString) { if (c === '\\') i++; else if (c === '"') inString = false; } else if (c === '"') inString = true;
    else if (c === '{' || c === '[') max = Math.max(max, ++depth);
    else if (c === '}' || c === ']') depth--;
  }
  if (max > LIMITS.depth) fail(`${what} nests deeper than ${LIMITS.depth} levels`);
  try { return JSON.parse(text); } catch { fail(`${what} is not valid JSON`); }
}

// ---- checks ----
const isObj = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
/** The checks' failures and readers, shared with library-format.js. */
export const at = (path, msg) => fail(`${path}: ${msg}`);
export function str(v, path, { empty = false } = {}) {
  if (typeof v !== 'string') at(path, 'must be text');
  if (!empty && !v.trim()) at(path, 'must not be empty');
  // a UTF-16 unit is at most 3 bytes of UTF-8: only a text that may be over is encoded (an encoder
  // a text made a link of 1,000 units' checking take 80 ms)
  if (v.length * 3 > LIMITS.string && new TextEncoder().encode(v).length > LIMITS.string) at(path, `is longer than ${LIMITS.string} bytes`);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(v)) at(path, 'holds control characters');
  // the engine reads UTF-8: a lone surrogate has none, and would come back as bad_json
  if (!v.isWellFormed()) at(path, 'holds a lone surrogate (not a character)');
  return v;
}
function number(v, path, { min = -LIMITS.coord, max = LIMITS.coord, integer = false } = {}) {
  if (typeof v !== 'number' || !Number.isFinite(v)) at(path, 'must be a finite number');
  if (integer && !Number.isInteger(v)) at(path, 'must be a whole number');
  if (v < min || v > max) at(path, `must be between ${min} and ${max}`);
  return v;
}
export function array(v, path, max, min = 0) {
  if (!Array.isArray(v)) at(path, 'must be a list');
  if (v.length > max) at(path, `has more than ${max} items`);
  if (v.length < min) at(path, `needs at least ${min} items`);
  return v;
}
export function obj(v, path) { if (!isObj(v)) at(path, 'must be an object'); return v; }
const oneOf = (v, options, path) => (options.includes(v) ? v : at(path, `must be one of ${options.join(', ')}`));
const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** A unit of `system` as the page keeps it, checked, with missing profile fields from newUnit(). */
export function checkUnit(system, u, path = 'unit', { positioned = true } = {}) {
  const s = SYSTEMS[system];
  obj(u, path);
  const out = {};
  if (positioned) {
    out.id = str(u.id, `${path}.id`);
    out.side = str(u.side, `${path}.side`);
    if (s.board === 'free') {
      out.x = number(u.x, `${path}.x`); out.y = number(u.y, `${path}.y`);
      out.facing = number(u.facing, `${path}.facing`, { min: -360, max: 720 });
    } else {
      out.q = number(u.q, `${path}.q`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true });
      out.r = number(u.r, `${path}.r`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true });
    }
  }
  const tmpl = s.newUnit();
  const selects = Object.fromEntries(s.unitFields.filter((f) => f.kind === 'select').map((f) => [f.key, f.options.map((o) => o[0])]));
  for (const [k, d] of Object.entries(tmpl)) {
    const v = u[k];
    const p = `${path}.${k}`;
    if (v === undefined) { out[k] = JSON.parse(JSON.stringify(d)); continue; }
    if (k === 'facing' && s.board === 'hex') out[k] = number(v, p, { min: 0, max: 5, integer: true });
    else if (selects[k]) out[k] = oneOf(v, selects[k], p);
    else if (typeof d === 'number') out[k] = number(v, p, { min: 0 });
    else if (typeof d === 'boolean') { if (typeof v !== 'boolean') at(p, 'must be true or false'); out[k] = v; }
    else if (typeof d === 'string') out[k] = str(v, p);
    else if (Array.isArray(d)) out[k] = array(v, p, LIMITS.list).map((x, i) => str(x, `${p}[${i}]`));
    else if (isObj(d)) {
      obj(v, p);
      out[k] = Object.fromEntries(Object.keys(d).map((kk) => [kk, v[kk] === undefined ? d[kk] : number(v[kk], `${p}.${kk}`, { min: 0 })]));
    }
  }
  return out;
}

function checkInputs(system, query, inputs, path, unitIds, sideNames) {
  if (inputs === undefined) return {};
  obj(inputs, path);
  const out = {};
  const hexPoint = (h, p) => ({ q: number(h?.q, `${p}.q`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true }), r: number(h?.r, `${p}.r`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true }) });
  const unitRef = (v, p) => (v === '' ? '' : str(v, p));
  for (const f of SYSTEMS[system].queries[query].fields) {
    // a link made when a C&C order held one unit and its path: that unit is the order's one row
    const v = f.kind === 'orders' && inputs.moves === undefined && typeof inputs.unit === 'string' ? [{ unit: inputs.unit, path: inputs.path ?? [] }] : inputs[f.key];
    const p = `${path}.${f.key}`;
    if (v === undefined) continue;
    if (f.kind === 'unit') out[f.key] = unitRef(v, p);
    else if (f.kind === 'side') out[f.key] = oneOf(v, sideNames, p);
    else if (f.kind === 'number') out[f.key] = v === '' ? '' : number(v, p);
    else if (f.kind === 'select') out[f.key] = oneOf(v, f.options.map((o) => o[0]), p);
    else if (f.kind === 'check') { if (typeof v !== 'boolean') at(p, 'must be true or false'); out[f.key] = v; }
    else if (f.kind === 'path') out[f.key] = array(v, p, LIMITS.path).map((h, i) => hexPoint(h, `${p}[${i}]`));
    else if (f.check) out[f.key] = f.check(v, p, { array, obj, oneOf, number, unitRef, hexPoint, at, LIMITS }); // a field of rows: its own check
  }
  // what play keeps beside the form's fields (a card in play, a drop's choices): the query's own checks
  for (const [k, check] of Object.entries(SYSTEMS[system].queries[query].kept ?? {})) {
    if (inputs[k] !== undefined) out[k] = check(inputs[k], `${path}.${k}`, { array, obj, oneOf, number, str, hexPoint, at, LIMITS });
  }
  void unitIds;
  return out;
}

// ---- a request back into a document (examples, embeds written as requests) ----

/**
 * The document a request stands for, as near as the page's forms can hold it: model.js's
 * buildRequest of the result asks the same question for the fields the page knows. Throws on a
 * shape it cannot read.
 */
function requestToDoc(system, req) {
  const s = SYSTEMS[system];
  const def = defaultDoc(system);
  const units = Array.isArray(req.units) ? req.units : [];
  // sides: the request's turn order or baselines first, then the units' sides, then the defaults
  // to make two
  const names = [];
  const addName = (n) => { if (typeof n === 'string' && n && !names.includes(n)) names.push(n); };
  (Array.isArray(req.turnOrder) ? req.turnOrder : []).forEach(addName);
  if (req.baselines && typeof req.baselines === 'object') {
    Object.entries(req.baselines).sort((a, b) => (a[1] === 'bottom' ? -1 : 0) - (b[1] === 'bottom' ? -1 : 0)).forEach(([n]) => addName(n));
  }
  addName(req.activeSide);
  units.forEach((u) => addName(u?.side));
  // a side the question names (a Torn World shift by a side with no unit on the board)
  const query = own(s.queries, req.query) ? req.query : def.query;
  for (const f of s.queries[query].fields) if (f.kind === 'side') addName(req[f.key]);
  for (const side of def.sides) if (names.length < 2) addName(side.name);
  // every side named (checkPosition checks how many the page holds)
  const colours = sideColours(names);
  const doc = { params: req.params && typeof req.params === 'object' ? req.params : {}, sides: names.map((name, i) => ({ name, color: colours[i] })) };
  const tmpl = s.newUnit();
  const copyProfile = (u, out) => { for (const k of Object.keys(tmpl)) if (u[k] !== undefined) out[k] = u[k]; return out; };
  if (s.board === 'free') {
    doc.table = req.table && typeof req.table === 'object' ? { width: req.table.width, height: req.table.height } : def.table;
    doc.terrain = (Array.isArray(req.terrain) ? req.terrain : []).map((t) => ({ id: t.id, kind: t.kind, polygon: t.polygon }));
    doc.units = units.map((u) => {
      const out = copyProfile(u, { ...JSON.parse(JSON.stringify(tmpl)), id: u.id, side: u.side, x: u.x, y: u.y, facing: u.facing ?? 0 });
      s.unitFromRequest?.(u, out);
      return out;
    });
  } else {
    const b = req.board && typeof req.board === 'object' ? req.board : def.board;
    const terrain = [];
    if (b.preset) doc.board = { preset: b.preset };
    else if (Array.isArray(b.hexes)) {
      const offs = b.hexes.map(axialOf).filter(Boolean).map((h) => toOffset(h.q, h.r));
      doc.board = { cols: Math.max(1, ...offs.map((o) => o.col + 1)), rows: Math.max(1, ...offs.map((o) => o.row + 1)) };
      for (const h of b.hexes) if (h?.terrain) terrain.push({ ...axialOf(h), terrain: h.terrain });
    } else doc.board = { cols: b.cols, rows: b.rows };
    for (const t of Array.isArray(b.terrain) ? b.terrain : []) terrain.push({ ...axialOf(t), terrain: t.terrain });
    doc.terrain = terrain;
    doc.units = units.map((u) => {
      const out = copyProfile(u, { ...JSON.parse(JSON.stringify(tmpl)), id: u.id, side: u.side, ...(axialOf(u) ?? { q: 0, r: 0 }) });
      s.unitFromRequest?.(u, out); // a unit placed another way than by its hex (a game's `placeKeys`)
      return out;
    });
  }
  const inputs = {};
  for (const f of s.queries[query].fields) {
    const v = req[f.key];
    if (v === undefined) continue;
    inputs[f.key] = f.kind === 'path' && Array.isArray(v) ? v.map(axialOf).filter(Boolean) : v;
  }
  // A query whose request fields are not its input fields one to one reads them back itself.
  if (s.queries[query].parse) Object.assign(inputs, s.queries[query].parse(req));
  doc.query = query;
  doc.inputs = { [query]: inputs };
  return doc;
}

/**
 * A payload from outside (link, embed, file) → `{system, doc}` the page can use, or ShareError
 * naming the first thing wrong. Missing parts (sides, terrain, table or board, query) take the
 * system's defaults; anything present must be right.
 */
export function checkPosition(payload) {
  obj(payload, 'position');
  if (payload.request !== undefined) {
    const req = obj(payload.request, 'request');
    if (!own(SYSTEMS, req.system)) at('request.system', `must be one of ${SYSTEM_IDS.join(', ')}`);
    let converted;
    try { converted = requestToDoc(req.system, req); } catch { fail('request: the page cannot set up this request'); }
    const out = checkPosition({ system: req.system, ...converted });
    carryRequest(out.system, out.doc, req);
    return out;
  }
  const system = payload.system;
  if (!own(SYSTEMS, system)) at('system', `must be one of ${SYSTEM_IDS.join(', ')}`);
  const s = SYSTEMS[system];
  const def = defaultDoc(system);
  const doc = { params: {} };
  // a terrain kind the engine's describe lists for the game; before its engine module has answered,
  // any text (the engine names a kind it does not know when the position is ruled)
  const kinds = terrainKinds(system);
  const terrainKind = (v, path) => (kinds ? oneOf(v, kinds, path) : str(v, path));

  if (payload.sides === undefined) doc.sides = def.sides;
  else {
    if (Array.isArray(payload.sides) && payload.sides.length > LIMITS.sides) at('sides', `has ${payload.sides.length} sides; the page holds at most ${LIMITS.sides} (MC_MAX_LIST_ITEMS, the longest turn order)`);
    doc.sides = array(payload.sides, 'sides', LIMITS.sides, 2).map((x, i) => {
      obj(x, `sides[${i}]`);
      const color = x.color === undefined ? def.sides[i]?.color ?? sideColourAt(i) : x.color;
      if (typeof color !== 'string' || !COLOUR.test(color)) at(`sides[${i}].color`, 'must be a colour like #1d5fbf');
      return { name: str(x.name, `sides[${i}].name`), color };
    });
    doc.sides.forEach((x, i) => { if (doc.sides.findIndex((y) => y.name === x.name) < i) at(`sides[${i}].name`, `"${x.name}" names another side too: sides need different names`); });
  }
  const sideNames = doc.sides.map((x) => x.name);

  if (s.board === 'free') {
    const t = payload.table === undefined ? def.table : obj(payload.table, 'table');
    doc.table = { width: number(t.width, 'table.width', { min: 1, max: 1000 }), height: number(t.height, 'table.height', { min: 1, max: 1000 }) };
    doc.terrain = array(payload.terrain ?? [], 'terrain', LIMITS.terrain).map((tr, i) => {
      const p = `terrain[${i}]`;
      obj(tr, p);
      return { id: str(tr.id, `${p}.id`), kind: terrainKind(tr.kind, `${p}.kind`),
        polygon: array(tr.polygon, `${p}.polygon`, LIMITS.vertices, 3).map((pt, j) => {
          array(pt, `${p}.polygon[${j}]`, 2, 2);
          return [number(pt[0], `${p}.polygon[${j}][0]`), number(pt[1], `${p}.polygon[${j}][1]`)];
        }) };
    });
  } else {
    const b = payload.board === undefined ? def.board : obj(payload.board, 'board');
    if (b.preset !== undefined) doc.board = { preset: oneOf(b.preset, Object.keys(s.presets ?? {}), 'board.preset') };
    else {
      // the page draws at most LIMITS.hexes hexes (60 × 60), in any shape: a long strip too
      doc.board = { cols: number(b.cols, 'board.cols', { min: 1, max: LIMITS.hexes, integer: true }), rows: number(b.rows, 'board.rows', { min: 1, max: LIMITS.hexes, integer: true }) };
      if (doc.board.cols * doc.board.rows > LIMITS.hexes) at('board', `is ${doc.board.cols} × ${doc.board.rows} hexes; the page draws boards of at most ${LIMITS.hexes} hexes (60 × 60)`);
    }
    // a hex the game's board names besides its size (`boardHexes`: a lattice's anchor)
    for (const k of s.boardHexes ?? []) {
      if (b[k] !== undefined) doc.board[k] = { q: number(obj(b[k], `board.${k}`).q, `board.${k}.q`, { integer: true }), r: number(b[k].r, `board.${k}.r`, { integer: true }) };
    }
    doc.terrain = array(payload.terrain ?? [], 'terrain', 40000).map((tr, i) => {
      const p = `terrain[${i}]`;
      obj(tr, p);
      return { q: number(tr.q, `${p}.q`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true }),
        r: number(tr.r, `${p}.r`, { min: -LIMITS.hexCoord, max: LIMITS.hexCoord, integer: true }), terrain: terrainKind(tr.terrain, `${p}.terrain`) };
    });
  }

  doc.units = array(payload.units ?? [], 'units', LIMITS.units).map((u, i) => checkUnit(system, u, `units[${i}]`));
  const ids = new Set();
  doc.units.forEach((u, i) => {
    if (ids.has(u.id)) at(`units[${i}].id`, `"${u.id}" is used twice`);
    ids.add(u.id);
    if (!sideNames.includes(u.side)) at(`units[${i}].side`, `must be one of the sides (${sideNames.join(', ')})`);
  });

  if (payload.params !== undefined) {
    for (const [id, values] of Object.entries(obj(payload.params, 'params'))) {
      if (!/^A-[A-Z0-9]+-\d+$/.test(id)) at(`params.${id.slice(0, 20)}`, 'is not an assumption id');
      for (const [name, v] of Object.entries(obj(values, `params.${id}`))) {
        if (!/^[A-Za-z]{1,32}$/.test(name)) at(`params.${id}`, 'has a parameter name that is not a word');
        (doc.params[id] ??= {})[name] = number(v, `params.${id}.${name}`);
      }
    }
  }

  doc.query = payload.query === undefined ? def.query : oneOf(payload.query, Object.keys(s.queries), 'query');
  doc.inputs = {};
  if (payload.inputs !== undefined) {
    obj(payload.inputs, 'inputs');
    for (const q of Object.keys(s.queries)) if (payload.inputs[q] !== undefined) doc.inputs[q] = checkInputs(system, q, payload.inputs[q], `inputs.${q}`, ids, sideNames);
  } else if (payload.units === undefined) doc.inputs = def.inputs;
  // the request the position was opened from (model.js buildRequest): the engine checks its fields
  if (payload.carry !== undefined) {
    const c = obj(payload.carry, 'carry');
    if (obj(c.request, 'carry.request').system !== system) at('carry.request.system', `must be ${system}`);
    doc.carry = { request: c.request, built: obj(c.built, 'carry.built') };
  }
  return { system, doc };
}

/** What a share link carries: the system, the position and the current query's inputs. */
export function positionPayload(system, doc) {
  const out = { system };
  if (doc.table) out.table = doc.table;
  if (doc.board) out.board = doc.board;
  Object.assign(out, { sides: doc.sides, units: doc.units, terrain: doc.terrain, query: doc.query, inputs: { [doc.query]: doc.inputs[doc.query] ?? {} } });
  if (doc.params && Object.keys(doc.params).length) out.params = doc.params;
  if (doc.carry) out.carry = doc.carry;
  return out;
}
