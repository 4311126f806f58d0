// The position model: plain JS state for each game system, the request JSON of docs/api.md that
// it stands for, and undo/redo. No DOM here, so Node can test it (tests/browser/page-model.test.mjs).
//
// A game plugs in with its model entry in web/games/<game>.js (`unitFields`, `unitJSON`,
// `queries[name].fields` and `.build`, `defaults`): everything here is shared.
import { boardCells as hexBoardCells } from './hex.js';
import { GAMES, GAME_IDS, GAME_FACTS, loadGame, loadGames } from './games/index.js';
import { SIDE_COLOURS, blankNum, round } from './fields.js';

export { SIDE_COLOURS };
/** The games whose module has loaded (games/index.js: a game's module loads when the page needs it). */
export const SYSTEMS = GAMES;
export const SYSTEM_IDS = GAME_IDS;
export { loadGame, loadGames };
/** A game's name, its module loaded or not. */
export const gameName = (id) => own(GAME_FACTS, id)?.name;
/** Is `id` one of the games (its module loaded or not)? */
export const isGame = (id) => own(GAME_FACTS, id) !== undefined;
/** The games whose id stands quoted in stored text (a library, a saved position): the modules to load before it is read. */
export const gamesNamedIn = (text) => (typeof text === 'string' ? GAME_IDS.filter((id) => text.includes(JSON.stringify(id))) : []);

function freePosition(doc) {
  const out = { table: { ...doc.table } };
  out.terrain = doc.terrain.map((t) => ({ id: t.id, kind: t.kind, polygon: t.polygon.map(([x, y]) => [round(x), round(y)]) }));
  return out;
}

function hexPosition(system, doc) {
  const board = doc.board.preset ? { preset: doc.board.preset } : { cols: doc.board.cols, rows: doc.board.rows };
  if (doc.terrain.length) board.terrain = doc.terrain.map((t) => ({ q: t.q, r: t.r, terrain: t.terrain }));
  return { board, ...SYSTEMS[system].positionExtras?.(doc) };
}

/** Every hex of a game's board: its size, or the shape of the game's preset it names (`presets`). */
export const boardCells = (system, board) => hexBoardCells(board, own(SYSTEMS[system].presets, board.preset));

/** Does this unit stand on a lattice coarser than the hexes (its game's `onLattice`)? */
export const onLattice = (system, u) => SYSTEMS[system].onLattice?.(u) === true;
/** The hex unit `u` put at hex `h` stands on: `h`, or on its game's coarser lattice the nearest point of it (`lattice.snap`). */
export const standAt = (system, board, u, h) => (onLattice(system, u) ? SYSTEMS[system].lattice.snap(h, board) : h);
/** Unit `u`'s step from `from` left, right, up or down the screen (dx, dy) on its game's lattice, or null where it steps hex by hex. */
export const latticeStep = (system, u, from, dx, dy) => (onLattice(system, u) ? SYSTEMS[system].lattice.step(from, dx, dy) : null);


// ---- assumption parameters (from describe) ----
/**
 * `o[key]` when `key` is text naming an own property of `o`, else undefined: what the page looks
 * up by a name from outside (a link, a file, storage), so that "constructor" or "__proto__" is not
 * taken for a game, a query or a setting.
 */
export const own = (o, key) => (typeof key === 'string' && o != null && Object.hasOwn(o, key) ? o[key] : undefined);

let paramSpecs = {}; // assumption id -> {param -> {default, min, max, integer}}
export function setAssumptions(assumptions) {
  paramSpecs = Object.fromEntries(assumptions.filter((a) => Object.keys(a.params ?? {}).length).map((a) => [a.id, a.params]));
}
export const assumptionParams = () => paramSpecs;

// The terrain kinds of each game, as its engine module's describe lists them (docs/api.md): the
// engine's own table, not a copy. On a hex board the first is a hex without terrain, not offered.
const terrainKindsOf = new Map();
/** Takes the terrain kinds of the systems a describe answer lists. */
export function setTerrainKinds(systems) {
  for (const x of systems) {
    if (own(SYSTEMS, x.id) && Array.isArray(x.terrainKinds)) terrainKindsOf.set(x.id, x.board === 'hex' ? x.terrainKinds.slice(1) : [...x.terrainKinds]);
  }
}
/** The terrain kinds a position of `system` may hold: null until its engine module has answered describe. */
export const terrainKinds = (system) => terrainKindsOf.get(system) ?? null;

/** The params a request sends: the values the user changed from their defaults. */
export function requestParams(doc) {
  const out = {};
  for (const [id, values] of Object.entries(doc.params ?? {})) {
    for (const [name, v] of Object.entries(values)) {
      const spec = own(own(paramSpecs, id), name);
      if (!spec || !Number.isFinite(v) || v === spec.default) continue;
      (out[id] ??= {})[name] = v;
    }
  }
  return out;
}

/** The value of one parameter: the user's, else describe's default. */
export const paramValue = (doc, id, name) => own(own(doc.params, id), name) ?? own(own(paramSpecs, id), name)?.default;

// ---- requests ----
/**
 * The request a document stands for. A document opened from a request (a `{"request": …}` link, an
 * embed, an example) carries that request (`doc.carry`, set by carryRequest): whatever the page's
 * forms do not edit, or the user has not changed, is sent as that request wrote it, so an
 * unchanged document asks exactly the request it came from.
 */
export function buildRequest(system, doc) {
  const made = formRequest(system, doc);
  const c = doc.carry;
  if (!c || c.request?.system !== system || made.query !== c.built?.query) return made;
  const out = merged(c.request, c.built, made);
  // A question the page has no form for (a whyNot) is shown as its form's question and asked as
  // written until an edit; then the form's question is asked, of the position carried: the
  // opened question's own fields go (what the query selector shows is what is sent).
  if (c.request.query !== made.query && out !== c.request) {
    for (const k of Object.keys(out)) if (!Object.hasOwn(made, k) && k !== 'params') delete out[k];
    out.query = made.query;
  }
  return out;
}

/** Keeps `request` in `doc` as what it was opened from (buildRequest). */
export function carryRequest(system, doc, request) {
  delete doc.carry;
  doc.carry = { request: JSON.parse(JSON.stringify(request)), built: formRequest(system, doc) };
  return doc;
}

const same = (a, b) => JSON.stringify(a) === JSON.stringify(b) || (a && b && typeof a === 'object' && typeof b === 'object' && sameDeep(a, b));
function sameDeep(a, b) {
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ka = Object.keys(a), kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && same(a[k], b[k]));
}
// Keys that say one thing two ways (docs/api.md): a hex as q/r or col/row (or as a game's own
// `placeKeys`), a board as its hexes, a size or a preset. One of them changed, the others go.
// (of the games loaded: a request is merged only for a game whose module has loaded)
const aliases = () => [['q', 'r', 'col', 'row', ...Object.values(SYSTEMS).flatMap((s) => s.placeKeys ?? [])], ['hexes', 'cols', 'rows', 'preset']];
const isPlain = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The three-way merge of buildRequest: `source` as written, `built` the forms' request when it was
 * opened, `made` theirs now. What the forms left as it was comes from the source; what they
 * changed from them; what only the source holds is kept unless the user changed what says it
 * another way (ALIASES).
 */
function merged(source, built, made) {
  if (same(built, made)) return source;
  if (Array.isArray(made) && Array.isArray(built) && Array.isArray(source)) {
    // a list of named things (units, terrain pieces) pairs by id; any other list whole
    const named = (l) => l.every((x) => isPlain(x) && typeof x.id === 'string');
    if (!(named(made) && named(built) && named(source))) return made;
    const by = (l) => new Map(l.map((x) => [x.id, x]));
    const s = by(source), b = by(built);
    return made.map((x) => (s.has(x.id) && b.has(x.id) ? merged(s.get(x.id), b.get(x.id), x) : x));
  }
  if (!(isPlain(made) && isPlain(built) && isPlain(source))) return made;
  const out = {};
  const ALIASES = aliases();
  const changed = new Set([...Object.keys(made), ...Object.keys(built)].filter((k) => !same(made[k], built[k])));
  // in the source's order, then what the forms add
  for (const k of [...Object.keys(source), ...Object.keys(made).filter((x) => !Object.hasOwn(source, x))]) {
    if (Object.hasOwn(made, k)) {
      if (changed.has(k)) out[k] = Object.hasOwn(source, k) && Object.hasOwn(built, k) ? merged(source[k], built[k], made[k]) : made[k];
      else if (Object.hasOwn(source, k)) out[k] = source[k];
      // the rest of what the forms say another way than the source (q of a unit the source placed
      // by col/row, whose r changed)
      else if (ALIASES.find((g) => g.includes(k))?.some((a) => changed.has(a))) out[k] = made[k];
    } else if (!Object.hasOwn(built, k) && !ALIASES.find((g) => g.includes(k))?.some((a) => changed.has(a))) out[k] = source[k];
  }
  return out;
}

function formRequest(system, doc) {
  const sys = SYSTEMS[system];
  const query = own(sys.queries, doc.query) ? doc.query : Object.keys(sys.queries)[0];
  const req = { system, query };
  const params = requestParams(doc);
  if (Object.keys(params).length) req.params = params;
  Object.assign(req, sys.board === 'free' ? freePosition(doc) : hexPosition(system, doc));
  req.units = doc.units.map((u) => sys.unitJSON(u, doc));
  return Object.assign(req, sys.queries[query].build(doc.inputs[query] ?? {}, doc));
}

// The question asked of `doc`: its game, query and inputs; null for a request opened as written,
// which is asked as written (the engine says what it lacks).
function question(system, doc) {
  if (doc.carry && same(buildRequest(system, doc), doc.carry.request)) return null;
  const s = SYSTEMS[system];
  const query = own(s.queries, doc.query) ? doc.query : Object.keys(s.queries)[0];
  return { s, query, inputs: own(doc.inputs, query) ?? {} };
}

/**
 * What the question on the board still needs before it can be asked, in words ("Tap hexes from
 * the Guardsman to draw its path (Path tool)."), or null when it can be asked: a unit field not
 * marked `optional` left blank (or naming a unit no longer there), a path not drawn, an order
 * with no unit, a list of rows not marked `optional` left empty. Only the fields shown count.
 * Its dice are rollsLeft's.
 */
export function unfinished(system, doc) {
  const q = question(system, doc);
  if (!q) return null;
  const { s, query, inputs } = q;
  const here = (id) => typeof id === 'string' && doc.units.some((u) => u.id === id);
  for (const f of s.queries[query].fields) {
    if (f.optional || (f.when && !f.when(inputs))) continue;
    const v = inputs[f.key];
    if (f.kind === 'unit' && !here(v)) return `Choose the ${f.label.toLowerCase()} to ask about.`;
    if (f.kind === 'path' && !(Array.isArray(v) && v.length)) {
      return here(inputs.unit) ? `Tap hexes from the ${inputs.unit} to draw its path (Path tool).` : 'Choose the unit, then tap hexes to draw its path (Path tool).';
    }
    if (f.kind === 'orders' && !f.rows(inputs).some((m) => here(m?.unit))) return 'Add the units the card orders (Add unit), then draw their paths.';
    if (f.kind === 'rows' && !(Array.isArray(v) && v.length)) return `Add the ${f.title.toLowerCase()}: ${f.adders(doc).map(([label]) => label).join(' or ')}.`;
  }
  return null;
}

/**
 * A roll the question takes (the game's `rolls`) not yet made, in words, or null: a blank roll
 * would be asked as 0 (a pursuit ruled on dice nobody threw). A field marked `optional` may stay blank.
 */
export function rollsLeft(system, doc) {
  const q = question(system, doc);
  if (!q) return null;
  const { s, query, inputs } = q;
  for (const name of Object.keys(own(s.rolls ?? {}, query) ?? {})) {
    const [key, part] = name.split('.'), f = s.queries[query].fields.find((x) => x.key === key);
    if (!f || f.optional || (f.when && !f.when(inputs))) continue;
    const rows = part === undefined ? [inputs] : Array.isArray(inputs[key]) ? inputs[key] : [];
    const g = part === undefined ? f : f.row({}).find((x) => x.key === part);
    if (!g || g.optional || !rows.some((row) => blankNum(row?.[part ?? key]))) continue;
    return `Roll the dice, or type the ${g.label.toLowerCase()}${part === undefined ? '' : ` of each of the ${f.title.toLowerCase()}`} under Ask.`;
  }
  return null;
}

/** A unit's width and depth (free-form) in game units. */
export const unitSize = (system, u) => SYSTEMS[system].size(u);

export function uniqueId(doc, base) {
  const ids = new Set(doc.units.map((u) => u.id));
  if (!ids.has(base)) return base;
  for (let i = 2; ; i++) if (!ids.has(`${base} ${i}`)) return `${base} ${i}`;
}

// The input keys that name a unit: every query's unit fields and the unit columns of its rows (of
// the games loaded: a document is edited only once its game's module has loaded).
const unitKeys = () => new Set(['unit', ...Object.values(SYSTEMS).flatMap((s) => Object.values(s.queries).flatMap((q) => q.fields.flatMap((f) => (
  f.kind === 'unit' ? [f.key] : f.kind === 'rows' ? f.row({}).filter((x) => x.kind === 'unit').map((x) => x.key) : []))))]);

/** Replaces references to a renamed unit in every query's inputs. */
export function renameRefs(doc, from, to) {
  const UNIT_KEYS = unitKeys();
  const walk = (o) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object') walk(v);
      else if (v === from && UNIT_KEYS.has(k)) o[k] = to;
    }
  };
  walk(doc.inputs);
}

/**
 * Takes unit `id`, removed from the board, out of every query's inputs: a field naming it is
 * cleared (the form then asks for a unit), a row naming it (an ordered unit, a pursuer) goes.
 */
export function forgetRefs(doc, id) {
  const UNIT_KEYS = unitKeys();
  const names = (o) => Object.entries(o).some(([k, v]) => v === id && UNIT_KEYS.has(k));
  const walk = (o) => {
    for (const [k, v] of Object.entries(o)) {
      if (Array.isArray(v)) { o[k] = v.filter((x) => !(x && typeof x === 'object' && names(x))); o[k].forEach((x) => x && typeof x === 'object' && walk(x)); }
      else if (v && typeof v === 'object') walk(v);
      else if (v === id && UNIT_KEYS.has(k)) o[k] = '';
    }
  };
  walk(doc.inputs);
}

// ---- the store: per-system documents with undo/redo ----
export function defaultDoc(system) {
  const d = SYSTEMS[system].defaults();
  d.params = {};
  return d;
}

/** Whether a saved document (localStorage, possibly from an older page) has every part, to be used. */
export function usable(system, d) {
  const s = SYSTEMS[system];
  const ok = d && typeof d === 'object' && Array.isArray(d.units) && Array.isArray(d.terrain) && Array.isArray(d.sides) &&
    d.sides.length >= 2 && d.inputs && typeof d.inputs === 'object' && d.params && typeof d.params === 'object' &&
    (s.board === 'free' ? d.table?.width > 0 && d.table?.height > 0 : !!d.board) &&
    d.units.every((u) => u && typeof u.id === 'string' && typeof u.side === 'string');
  if (ok && !own(s.queries, d.query)) d.query = Object.keys(s.queries)[0];
  return ok;
}

/**
 * The documents: `saved` from storage. A game's saved document is checked (or replaced by the
 * default one) when its module has loaded, by `ensure`, which every way of showing a game calls;
 * until then it is kept as it was saved, so a save keeps it.
 */
export function createStore(saved) {
  const state = { system: SYSTEM_IDS[0], docs: {}, display: 'game' };
  if (isGame(saved?.system)) state.system = saved.system;
  if (saved && ['game', 'mm', 'cm'].includes(saved.display)) state.display = saved.display;
  const checked = new Set();
  const ensure = (id) => {
    if (checked.has(id)) return;
    if (!own(SYSTEMS, id)) throw new Error(`game ${id}: its module is not loaded (loadGame)`);
    checked.add(id);
    if (!usable(id, state.docs[id])) state.docs[id] = defaultDoc(id);
  };
  for (const id of SYSTEM_IDS) {
    if (own(saved?.docs, id) !== undefined) state.docs[id] = saved.docs[id];
    if (own(SYSTEMS, id)) ensure(id);
  }
  const history = Object.fromEntries(SYSTEM_IDS.map((id) => [id, { undo: [], redo: [], redoBefore: [], mergeKey: null, at: 0 }]));
  const listeners = [];
  // (`before`: the document an undo or redo replaced, so that the page can say what it did)
  const changed = (why, before) => listeners.forEach((f) => f(why, before));
  let locked = false;
  return {
    state,
    /** Checks game `id`'s document once its module has loaded (before it is shown or read). */
    ensure,
    doc: () => { ensure(state.system); return state.docs[state.system]; },
    onChange: (f) => listeners.push(f),
    /**
     * Applies fn(doc) as one undoable step; steps with the same mergeKey within `within` ms (1.5 s)
     * merge (a drop's move made merges with its drag's steps however long the finger rested);
     * listeners are told `why` ('load': a whole position opened). A gesture's closing edit
     * (`within` Infinity) that leaves the position as it was before the gesture leaves no step: a
     * refused drop put back, which Undo would otherwise bring back. Nor does it take Redo away:
     * nothing was made (the steps an Undo took back before the gesture are Redo's again).
     */
    edit(fn, mergeKey = null, within = 1500, why = 'edit') {
      if (locked) return;
      const h = history[state.system];
      const now = Date.now();
      if (!(mergeKey && h.mergeKey === mergeKey && now - h.at < within)) {
        h.undo.push(JSON.stringify(state.docs[state.system]));
        if (h.undo.length > 200) h.undo.shift();
        h.redoBefore = h.redo;
        h.redo = [];
      }
      h.mergeKey = mergeKey;
      h.at = now;
      fn(state.docs[state.system]);
      if (within === Infinity && h.undo.at(-1) === JSON.stringify(state.docs[state.system])) { h.undo.pop(); h.mergeKey = null; h.redo = h.redoBefore; }
      changed(why);
    },
    /**
     * Applies fn(doc) with no Undo step of its own: what the page looks at, not what stands on the
     * table (a unit tapped to see its reach). An Undo goes back past it to the edit before, so one
     * Undo still takes back the move made before the look; Redo is kept.
     */
    look(fn) {
      if (locked) return;
      history[state.system].mergeKey = null;
      fn(state.docs[state.system]);
      changed('look');
    },
    canUndo: () => history[state.system].undo.length > 0,
    canRedo: () => history[state.system].redo.length > 0,
    undo() { this.step('undo', 'redo'); },
    redo() { this.step('redo', 'undo'); },
    step(from, to) {
      const h = history[state.system];
      if (!h[from].length) return;
      const before = state.docs[state.system];
      h[to].push(JSON.stringify(before));
      state.docs[state.system] = JSON.parse(h[from].pop());
      h.mergeKey = null;
      changed(from, before);
    },
    reset() { this.edit((d) => { delete d.carry; Object.assign(d, defaultDoc(state.system)); }); },
    /**
     * Replaces a system's document (a link, an example) as one undoable step, and shows that system;
     * `undoable` false: as the start of its history instead (a link, whose way back is the position
     * kept before it: links.js).
     */
    load(system, next, { undoable = true } = {}) {
      ensure(system);
      const was = state.system;
      state.system = system;
      this.edit((d) => { for (const k of Object.keys(d)) delete d[k]; Object.assign(d, JSON.parse(JSON.stringify(next))); }, null, 0, 'load');
      if (!undoable) { history[system].undo.length = 0; history[system].redo.length = 0; }
      if (was !== system) changed('system');
    },
    /** No more edits (a read-only embed). */
    lock() { locked = true; },
    get locked() { return locked; },
    setSystem(id) { ensure(id); state.system = id; changed('system'); },
    setDisplay(v) { state.display = v; changed('display'); },
  };
}
