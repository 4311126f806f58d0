// The calculator page: a board to set up a position, forms for units, terrain, sides and settings,
// the request that position stands for, and the engine's answer drawn on the board and listed
// beside it. Everything the engine or the user wrote reaches the page through textContent (or
// canvas text), never as HTML.
import { SAVE_KEY, EMBED, EMBED_AUTOSIZE, saved, engine, engineLoading, scriptURL } from './boot.js';
import { initEmbed } from './embed.js';
import { examples } from './examples.js'; // written by build-site.mjs into the bundle
import { Board } from './board.js';
import * as hex from './hex.js';
import { SYSTEMS, SYSTEM_IDS, createStore, buildRequest, setAssumptions, assumptionParams, paramValue,
  uniqueId, renameRefs, unitSize, onLattice, own } from './model.js';
import { resultScene, resultText, verdictOf, legendOf, el } from './results.js';
import { option, on, field, rebuild, getPath, setPath } from './forms.js';
import { installTestHook } from './test-hook.js';
import { initLibrary } from './library.js';
import { initLinks, READONLY } from './links.js';
import { createPanels, createTabs } from './panels.js';
import { checkPosition, useEngineLimits } from './share.js';

const $ = (id) => document.getElementById(id);
const FACING_NAMES = hex.DIR_NAMES.map((n, i) => [String(i), `${i} (${n})`]);

// true once the engine worker has loaded the first rule set and answered describe
let ready = false;
let described = null;
let assumptionSummaries = new Map();
const store = createStore(saved);
const ui = {
  selected: null, tool: 'move', pending: [], result: null, pick: null, t: 1, playing: 0,
  template: {}, serial: 0, paintMode: null, lastRequest: '', preview: '',
  // the ruling asked last (answers to older ones are dropped); true while the position on the
  // board has not been ruled within the budget since it came from a link or a ruling ran over it
  asked: 0, unruled: saved?.unruled === true,
};

const sys = () => SYSTEMS[store.state.system];
const doc = () => store.doc();
const isHexBoard = () => sys().board === 'hex';
const unitById = (id) => doc().units.find((u) => u.id === id);
const colourOf = (side) => doc().sides.find((s) => s.name === side)?.color ?? '#6b7280';
const round = (v, p = 100) => Math.round(v * p) / p;

// ---- lengths in the chosen display unit ----
function lengthLabel(v) {
  const s = sys();
  const mode = store.state.display;
  if (s.board !== 'free' || mode === 'game') return `${round(v)}${s.lengthUnit === 'inch' ? '″' : ''}`;
  const mm = v * s.mmPerUnit(paramsOf(doc()));
  return mode === 'mm' ? `${round(mm, 1)} mm` : `${round(mm / 10, 10)} cm`;
}
function paramsOf(d) {
  const out = {};
  for (const [id, params] of Object.entries(assumptionParams())) for (const name of Object.keys(params)) (out[id] ??= {})[name] = paramValue(d, id, name);
  return out;
}
const unitWord = () => ({ step: 'steps', inch: 'inches', hex: 'hexes' }[sys().lengthUnit]);

// ---- the scene the board draws ----
/** The hexes a unit covers (its game's `cells`, else its own hex). */
function hexesOf(u) {
  return sys().cells?.(u) ?? [{ q: u.q, r: u.r }];
}
/** A terrain kind's colour (its game's `terrainColours`). */
const terrainColour = (kind) => own(sys().terrainColours, kind) ?? '#555';

function boardCells() {
  return hex.boardCells(doc().board);
}

function scene() {
  const s = sys(), d = doc(), system = store.state.system;
  const rs = ui.result?.scene;
  const base = {
    kind: s.board, lengthLabel, overlay: rs?.overlay ?? [], tracks: ui.t < 1 || ui.playing ? rs?.tracks : [], t: ui.t,
  };
  if (s.board === 'free') {
    const t = d.table;
    return {
      ...base, boardKey: `${system}:${t.width}x${t.height}`, table: t, bounds: [0, 0, t.width, t.height],
      majorEvery: s.lengthUnit === 'inch' ? 6 : 4,
      terrain: d.terrain.map((tr) => ({ polygon: tr.polygon, label: tr.id, stroke: terrainColour(tr.kind), fill: terrainColour(tr.kind) + '55' })),
      units: d.units.map((u) => {
        const [w, dd] = unitSize(system, u);
        return { id: u.id, label: u.id, color: colourOf(u.side), selected: u.id === ui.selected, free: { x: u.x, y: u.y, facing: u.facing, w, d: dd } };
      }),
      pending: ui.pending,
    };
  }
  const cells = boardCells();
  const terr = new Map(d.terrain.map((t) => [hex.key(t.q, t.r), t.terrain]));
  const xs = cells.map((c) => hex.center(c.q, c.r));
  const bounds = [Math.min(...xs.map((p) => p[0])) - 1, Math.min(...xs.map((p) => p[1])) - 1.2, Math.max(...xs.map((p) => p[0])) + 1, Math.max(...xs.map((p) => p[1])) + 1.2];
  const out = {
    ...base, boardKey: `${system}:${d.board.preset ?? `${d.board.cols}x${d.board.rows}`}`, bounds,
    cells: cells.map((c) => {
      const t = terr.get(hex.key(c.q, c.r));
      return { ...c, fill: t ? mix(own(s.terrainColours, t) ?? '#888') : '#f4f1e6', mark: t };
    }),
    // a game may draw some units over others (its `drawOrder`) and small or badged (`sceneUnit`)
    units: [...d.units].sort((a, b) => (s.drawOrder?.(a) ?? 0) - (s.drawOrder?.(b) ?? 0)).map((u) => ({
      id: u.id, label: u.id, color: colourOf(u.side), selected: u.id === ui.selected, q: u.q, r: u.r,
      facing: s.hasFacing ? u.facing : undefined, hexes: hexesOf(u), small: false, badge: undefined, ...s.sceneUnit?.(u),
    })),
    ...s.sceneExtras?.(d, colourOf, cells),
  };
  const mv = d.inputs[pathQuery(d)] && pathInputs(d);
  if (mv && (ui.tool === 'path' || d.query === pathQuery(d)) && !ui.result) {
    const u = unitById(mv.unit);
    out.path = u ? [{ q: u.q, r: u.r }, ...(mv.path ?? [])] : mv.path ?? [];
  }
  return out;
}

// A terrain colour mixed 40 % into the board's parchment, so labels stay readable.
function mix(hexColour) {
  const n = parseInt(hexColour.slice(1), 16), p = [0xf4, 0xf1, 0xe6];
  const c = [n >> 16, (n >> 8) & 255, n & 255].map((v, i) => Math.round(v * 0.45 + p[i] * 0.55));
  return `rgb(${c.join(',')})`;
}

// ---- the board's callbacks ----
const canvas = $('board');
const board = new Board(canvas, {
  autoHeight: EMBED_AUTOSIZE,
  mode: () => (store.locked ? 'view' : ui.tool),
  select(id) { ui.selected = id; refresh('select'); },
  dragTo(id, [x, y], pointer) {
    const u = unitById(id);
    if (!u) return;
    if (!isHexBoard()) {
      store.edit(() => { u.x = round(x); u.y = round(y); }, `drag:${ui.serial}`);
      return;
    }
    let h = hex.fromPixel(...pointer);
    if (onLattice(store.state.system, u)) h = hex.snapHexon(h.q, h.r, doc().board.hexonAnchor);
    if (!onBoard(h) || (h.q === u.q && h.r === u.r)) return;
    store.edit((d) => { const v = d.units.find((w) => w.id === id); v.q = h.q; v.r = h.r; }, `drag:${ui.serial}`);
  },
  rotateTo(id, [x, y], free) {
    const u = unitById(id);
    if (!u) return;
    if (!isHexBoard()) {
      // 15° steps; free to the degree with Shift or Alt held, or after a long press
      const f = Math.atan2(x - u.x, y - u.y) * 180 / Math.PI;
      const step = free ? 1 : 15;
      const facing = (((Math.round(f / step) * step) % 360) + 360) % 360;
      if (facing === u.facing) return;
      store.edit(() => { u.facing = facing; }, `drag:${ui.serial}`);
    } else {
      const [cx, cy] = hex.center(u.q, u.r);
      const f = hex.dirOf(x - cx, y - cy);
      if (f !== u.facing) store.edit((d) => { d.units.find((w) => w.id === id).facing = f; }, `drag:${ui.serial}`);
    }
  },
  dragEnd() { ui.serial++; },
  tapUnit(id) { tapUnit(id); },
  tap(w) { tap(w); },
  paint(w, first) { paintHex(w, first); },
  hover(w) { hoverAt = w; showReadout(); },
});
let hoverAt = null;

/** The query the Path tool draws for: the current one when it has a path, else move. */
function pathQuery(d = doc()) {
  return own(sys().queries, d.query)?.fields.some((f) => f.kind === 'path' || f.kind === 'orders') ? d.query : 'move';
}
// The Path tool's target: the query's inputs, or in a C&C order the row being drawn.
function pathInputs(d = doc()) {
  const inputs = (d.inputs[pathQuery(d)] ??= {});
  if (!own(sys().queries, pathQuery(d))?.fields.some((f) => f.kind === 'orders')) return inputs;
  const rows = (inputs.moves ??= own(sys().queries, pathQuery(d)).fields.find((f) => f.kind === 'orders').rows(inputs));
  return rows[Math.min(inputs.active ?? 0, rows.length - 1)] ?? {};
}

function onBoard(h) {
  return boardCells().some((c) => c.q === h.q && c.r === h.r);
}

function tap([x, y]) {
  if (ui.tool === 'terrain' && !isHexBoard()) {
    const t = doc().table;
    ui.pending.push([round(Math.min(Math.max(x, 0), t.width)), round(Math.min(Math.max(y, 0), t.height))]);
    refresh('pending');
    return;
  }
  if (ui.tool === 'path' && isHexBoard()) {
    const h = hex.fromPixel(x, y);
    extendPath(h);
    return;
  }
  if (isHexBoard() && ui.result?.scene.reach.size) {
    const h = hex.fromPixel(x, y);
    ui.pick = ui.result.scene.reach.has(hex.key(h.q, h.r)) ? h : null;
    redrawResult();
    return;
  }
  if (ui.selected) { ui.selected = null; refresh('select'); }
}

/**
 * A tap on a unit, in a game that asks a reach on a tap (its `tapQuery`: a reach or a reach area):
 * the unit becomes that question's unit and the reach shows. Elsewhere a tap only selects: the
 * question's `unit` may be another unit than the mover (a pursued one), which a tap must not replace.
 */
function tapUnit(id) {
  if (ui.tool !== 'move' || store.locked) return;
  const s = sys();
  if (!s.tapQuery || !own(s.queries, s.tapQuery)) return;
  store.edit((d) => {
    d.query = s.tapQuery;
    const key = own(s.queries, d.query)?.fields.find((f) => f.kind === 'unit')?.key;
    if (key) (d.inputs[d.query] ??= {})[key] = id;
  });
}

/** Two six-sided dice, summed: what a field that takes a roll is given by its Roll button. */
function roll2d6() {
  const [a, b] = crypto.getRandomValues(new Uint8Array(2)).map((v) => (v % 6) + 1); // 256 % 6 bias is 4 in 256: a table's dice are worse
  return a + b;
}

/**
 * Make this move: the ruling applied to the position as one Undo step (the mover at its end; what
 * the game moves besides it through its `applyRuling`). Only an answer to the position on the board.
 */
function applyRuling() {
  const r = ui.result;
  if (!r?.response?.ok || r.request?.system !== store.state.system) return;
  const { request, response: { result } } = r;
  const s = sys();
  store.edit((d) => {
    const byId = (id) => d.units.find((u) => u.id === id);
    const moveTo = (u, p) => {
      if (!u || !p || typeof p !== 'object') return;
      if (s.board === 'hex') {
        const h = Number.isInteger(p.q) && Number.isInteger(p.r) ? p : Number.isInteger(p.col) ? hex.toAxial(p.col, p.row) : null;
        if (!h) return;
        u.q = h.q; u.r = h.r;
        if (s.hasFacing && Number.isInteger(p.facing)) u.facing = p.facing;
      } else if (Number.isFinite(p.x) && Number.isFinite(p.y)) {
        u.x = round(p.x); u.y = round(p.y);
        if (Number.isFinite(p.facing)) u.facing = round(((p.facing % 360) + 360) % 360);
      }
    };
    const mover = request.unit ?? request.charger;
    if (typeof mover === 'string' && result.legal !== false) moveTo(byId(mover), result.final);
    s.applyRuling?.(request, result, byId, moveTo);
  });
}
/** True when the answer on screen moves something that Make this move can apply. */
function canApply() {
  const r = ui.result;
  if (!r?.response?.ok || r.response.result?.legal === false || r.request?.system !== store.state.system || ui.lastRequest !== JSON.stringify(currentRequest(), null, 2)) return false;
  const res = r.response.result;
  return !!(res?.final && typeof (r.request.unit ?? r.request.charger) === 'string') || !!sys().canApply?.(r.request, res);
}

function extendPath(h) {
  const d = doc();
  const q = pathQuery(d);
  const u = unitById(pathInputs(d).unit);
  if (u && onLattice(store.state.system, u)) h = hex.snapHexon(h.q, h.r, d.board.hexonAnchor);
  if (!onBoard(h)) return;
  store.edit((dd) => {
    dd.query = q;
    const path = (pathInputs(dd).path ??= []);
    const last = path[path.length - 1];
    if (last && last.q === h.q && last.r === h.r) path.pop();
    else path.push({ q: h.q, r: h.r });
  });
}

function paintHex([x, y], first) {
  const h = hex.fromPixel(x, y);
  if (!onBoard(h)) return;
  const kind = terrainKind();
  const at = doc().terrain.find((t) => t.q === h.q && t.r === h.r);
  if (first) { ui.serial++; ui.paintMode = at && at.terrain === kind ? 'erase' : 'paint'; }
  if (ui.paintMode === 'erase' ? !at : at?.terrain === kind) return;
  store.edit((d) => {
    d.terrain = d.terrain.filter((t) => !(t.q === h.q && t.r === h.r));
    if (ui.paintMode === 'paint') d.terrain.push({ q: h.q, r: h.r, terrain: kind });
  }, `paint:${ui.serial}`);
}

function finishPolygon() {
  if (ui.pending.length < 3) return;
  const kind = terrainKind();
  const polygon = ui.pending;
  ui.pending = [];
  store.edit((d) => {
    let n = d.terrain.length + 1;
    while (d.terrain.some((t) => t.id === `${kind} ${n}`)) n++;
    d.terrain.push({ id: `${kind} ${n}`, kind, polygon });
  });
}

// ---- keyboard ----
canvas.addEventListener('keydown', (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = e.key;
  const u = unitById(ui.selected);
  let handled = true;
  if (k === '+' || k === '=') board.zoomAt(board.w / 2, board.h / 2, 1.25);
  else if (k === '-') board.zoomAt(board.w / 2, board.h / 2, 0.8);
  else if (k === '0') board.fit();
  else if (k === 'f' || k === 'F') toggleFullBoard();
  else if (k === 'n' || k === 'N') {
    const us = doc().units;
    if (us.length) { const i = us.findIndex((v) => v.id === ui.selected); ui.selected = us[(i + (k === 'N' ? us.length - 1 : 1)) % us.length].id; refresh('select'); }
  } else if (k === 'Escape') { ui.pending = []; ui.selected = null; refresh('select'); }
  else if (k === 'Enter' && ui.tool === 'terrain') finishPolygon();
  else if ((k === ']' || k === '[') && ui.result?.scene.reach.size) pickNext(k === ']' ? 1 : -1);
  else if (k.startsWith('Arrow')) arrow(k, e.shiftKey, u);
  else if (k === 'Backspace' && ui.tool === 'path') store.edit((d) => { pathInputs(d).path?.pop(); });
  else if ((k === 'q' || k === 'e') && u) turnBy(u, k === 'e' ? 1 : -1, e.shiftKey);
  else if (k === 'Delete' && u) removeUnit(u.id);
  else handled = false;
  if (handled) e.preventDefault();
});

/** Picks the next (or previous) reached hex, for keyboards: what a tap on a shaded hex does. */
function pickNext(sign) {
  const list = [...ui.result.scene.reach.values()];
  const i = ui.pick ? list.findIndex((h) => h.q === ui.pick.q && h.r === ui.pick.r) : -1;
  const next = list[(i + sign + list.length + (i < 0 && sign < 0 ? 1 : 0)) % list.length];
  ui.pick = { q: next.q, r: next.r };
  redrawResult();
}

function arrow(k, fine, u) {
  const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[k];
  if (ui.tool === 'path' && isHexBoard()) {
    const d = doc(), mv = pathInputs(d), mover = unitById(mv.unit);
    const from = mv.path?.length ? mv.path[mv.path.length - 1] : mover;
    if (from) extendPath(offsetStep(from, dx, dy, mover && onLattice(store.state.system, mover)));
    return;
  }
  if (!u) return;
  if (!isHexBoard()) {
    const step = fine ? 0.1 : 0.5;
    store.edit(() => { u.x = round(u.x + dx * step); u.y = round(u.y + dy * step); }, `key:${u.id}`);
    return;
  }
  const h = offsetStep(u, dx, dy, onLattice(store.state.system, u));
  if (onBoard(h)) store.edit((d) => { const v = d.units.find((w) => w.id === u.id); v.q = h.q; v.r = h.r; }, `key:${u.id}`);
}

// One hex (or one hexon) left, right, up or down the screen.
function offsetStep(from, dx, dy, hexon) {
  if (hexon) {
    const dir = dx > 0 ? 0 : dx < 0 ? 3 : dy > 0 ? 4 : 1; // lattice steps (2,1), (-2,-1), (1,-3), (-1,3)
    const [a, b] = hex.HEXON_DIRS[dir];
    return { q: from.q + a, r: from.r + b };
  }
  const o = hex.toOffset(from.q, from.r);
  return hex.toAxial(o.col + dx, o.row - dy);
}

function turnBy(u, sign, fine) {
  if (!isHexBoard()) store.edit(() => { u.facing = (((u.facing + sign * (fine ? 1 : 15)) % 360) + 360) % 360; }, `key:${u.id}`);
  else if (sys().hasFacing) store.edit((d) => { const v = d.units.find((w) => w.id === u.id); v.facing = (v.facing - sign + 6) % 6; }, `key:${u.id}`);
}

document.addEventListener('keydown', (e) => {
  const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && e.target.type !== 'radio' && e.target.type !== 'checkbox';
  if (typing || !(e.ctrlKey || e.metaKey)) return;
  const k = e.key.toLowerCase();
  if (k === 'z' && !e.shiftKey) { store.undo(); e.preventDefault(); }
  else if (k === 'y' || (k === 'z' && e.shiftKey)) { store.redo(); e.preventDefault(); }
});

// ---- the unit form and list ----
function unitSpecs(u) {
  const s = sys();
  const specs = [
    { key: 'id', label: 'Name', kind: 'text' },
    { key: 'side', label: 'Side', kind: 'select', options: doc().sides.map((x) => [x.name, x.name]) },
  ];
  if (s.board === 'free') {
    specs.push({ key: 'x', label: `x (${unitWord()})`, kind: 'number', step: 0.5 }, { key: 'y', label: `y (${unitWord()})`, kind: 'number', step: 0.5 },
      { key: 'facing', label: 'Facing (°, 0 = up the table, clockwise)', kind: 'number', min: 0, max: 359.99, step: 1 });
  } else {
    specs.push({ key: 'col', label: 'Column', kind: 'number', min: 0, step: 1 }, { key: 'row', label: 'Row', kind: 'number', min: 0, step: 1 });
    if (s.hasFacing) specs.push({ key: 'facing', label: 'Facing', kind: 'select', options: FACING_NAMES });
  }
  return [...specs, ...s.unitFields].filter((f) => !f.when || f.when(u));
}

function template() {
  const system = store.state.system;
  const t = (ui.template[system] ??= { id: '', ...SYSTEMS[system].newUnit() });
  if (!doc().sides.some((s) => s.name === t.side)) t.side = doc().sides[0].name;
  return t;
}

function renderUnitForm() {
  const u = unitById(ui.selected);
  const target = u ?? template();
  $('unit-form-title').textContent = u ? `Editing ${u.id}. Changes apply at once.` : 'A new unit: fill in, then Add unit (it appears in the middle of the view; drag it into place).';
  $('deselect').hidden = !u;
  const nodes = unitSpecs(target).map((spec) => {
    let value = getPath(target, spec.key);
    if (spec.key === 'col' || spec.key === 'row') value = target.q === undefined ? target.at?.[spec.key] ?? '' : hex.toOffset(target.q, target.r)[spec.key];
    if (spec.key === 'facing' && isHexBoard()) value = String(target.facing ?? 0);
    return field(spec, value, (v, input) => setUnitField(u, spec.key, v, input), 'unit.');
  });
  rebuild($('unit-fields'), nodes);
}

function setUnitField(u, key, v, input) {
  if (!u) { // the new-unit template
    const t = template();
    if (key === 'facing' && isHexBoard()) v = Number(v);
    // where the new unit goes: its column and row (hex boards) or x and y, else the view's middle
    if (key === 'col' || key === 'row') (t.at ??= {})[key] = v;
    else setPath(t, key, v);
    renderUnitForm();
    return;
  }
  if (key === 'id') {
    const name = String(v).trim();
    const taken = doc().units.some((w) => w.id === name && w !== u);
    input.setCustomValidity(!name ? 'A name is needed.' : taken ? 'Another unit has this name.' : '');
    if (!input.reportValidity()) return;
    const old = u.id;
    store.edit((d) => { d.units.find((w) => w.id === old).id = name; renameRefs(d, old, name); });
    ui.selected = name;
    refresh('select');
    return;
  }
  const id = u.id;
  store.edit((d) => {
    const w = d.units.find((x) => x.id === id);
    if (key === 'col' || key === 'row') {
      const o = hex.toOffset(w.q, w.r);
      o[key] = v;
      let h = hex.toAxial(o.col, o.row);
      if (onLattice(store.state.system, w)) h = hex.snapHexon(h.q, h.r, d.board.hexonAnchor);
      if (onBoard(h)) Object.assign(w, h);
    } else if (key === 'facing' && isHexBoard()) w.facing = Number(v);
    else setPath(w, key, v);
    if (key === 'size' && onLattice(store.state.system, w)) Object.assign(w, hex.snapHexon(w.q, w.r, d.board.hexonAnchor));
  }, `unit:${id}:${key}`);
}

function addUnit() {
  const t = template();
  const d = doc();
  const id = uniqueId(d, t.id.trim() || (sys().newUnitName?.(t) ?? 'Unit'));
  const { at, ...profile } = t;
  const u = JSON.parse(JSON.stringify({ ...profile, id }));
  const [wx, wy] = board.toWorld(board.w / 2, board.h / 2);
  if (!isHexBoard()) {
    const x = Number.isFinite(t.x) ? t.x : wx, y = Number.isFinite(t.y) ? t.y : wy;
    Object.assign(u, { x: round(Math.min(Math.max(x, 1), d.table.width - 1), 2), y: round(Math.min(Math.max(y, 1), d.table.height - 1), 2), facing: Number(t.facing ?? 0) });
  } else {
    const taken = new Set(d.units.flatMap((v) => hexesOf(v)).map((h) => hex.key(h.q, h.r)));
    const centre = hex.fromPixel(wx, wy), view = hex.toOffset(centre.q, centre.r);
    const mid = Number.isFinite(at?.col) || Number.isFinite(at?.row) ? hex.toAxial(at.col ?? view.col, at.row ?? view.row) : centre;
    const free = boardCells().sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid))
      .find((c) => { const h = onLattice(store.state.system, u) ? hex.snapHexon(c.q, c.r, d.board.hexonAnchor) : c; return !hexesOf({ ...u, ...h }).some((x) => taken.has(hex.key(x.q, x.r))) && onBoard(h); });
    const h = free ?? mid;
    Object.assign(u, onLattice(store.state.system, u) ? hex.snapHexon(h.q, h.r, d.board.hexonAnchor) : { q: h.q, r: h.r });
    if (sys().hasFacing) u.facing = Number(t.facing ?? 0);
  }
  store.edit((dd) => { dd.units.push(u); });
  t.id = '';
  delete t.at; delete t.x; delete t.y;
  ui.selected = id;
  refresh('select');
}

/**
 * Puts unit `u` (not yet in `d`) on the free spot nearest `near` (the middle of the view): on a hex
 * board the nearest hex where none of its hexes is taken; on a table the nearest point of
 * a spiral, half an inch apart, where its circle clears every other unit's and the table's edge.
 */
function placeFree(d, u, near = board.toWorld(board.w / 2, board.h / 2)) {
  const system = store.state.system;
  if (isHexBoard()) {
    const taken = new Set(d.units.flatMap((v) => hexesOf(v)).map((h) => hex.key(h.q, h.r)));
    const cells = hex.boardCells(d.board);
    const inside = new Set(cells.map((c) => hex.key(c.q, c.r)));
    const mid = hex.fromPixel(...near);
    const spot = cells.sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid)).map((c) => (onLattice(system, u) ? hex.snapHexon(c.q, c.r, d.board.hexonAnchor) : { q: c.q, r: c.r }))
      .find((h) => inside.has(hex.key(h.q, h.r)) && hexesOf({ ...u, ...h }).every((x) => inside.has(hex.key(x.q, x.r)) && !taken.has(hex.key(x.q, x.r))));
    if (spot) Object.assign(u, spot);
    return;
  }
  const radius = (v) => Math.hypot(...unitSize(system, v)) / 2;
  const r = radius(u), t = d.table;
  const clear = (x, y) => x - r >= 0 && y - r >= 0 && x + r <= t.width && y + r <= t.height
    && d.units.every((v) => Math.hypot(v.x - x, v.y - y) >= r + radius(v));
  for (let i = 0; i < 20000; i++) {
    // a spiral out from `near`: i-th point at radius 0.5·√i″, golden angle apart
    const a = i * 2.39996, rr = 0.5 * Math.sqrt(i);
    const x = round(near[0] + rr * Math.cos(a)), y = round(near[1] + rr * Math.sin(a));
    if (clear(x, y)) { u.x = x; u.y = y; return; }
  }
}

function removeUnit(id) {
  store.edit((d) => { d.units = d.units.filter((u) => u.id !== id); });
  if (ui.selected === id) ui.selected = null;
  refresh('select');
}

function renderUnitList() {
  const items = doc().units.map((u) => {
    const li = el('li', undefined, u.id === ui.selected ? 'selected' : '');
    li.dataset.slot = `unit:${u.id}`;
    const sw = el('span', undefined, 'swatch');
    sw.dataset.colour = colourOf(u.side); // painted by paintSwatches (no inline styles under the CSP)
    const pick = el('button', u.id, 'link');
    pick.type = 'button';
    pick.dataset.key = `pick:${u.id}`;
    pick.setAttribute('aria-pressed', String(u.id === ui.selected));
    on(pick, 'click', () => { ui.selected = u.id === ui.selected ? null : u.id; refresh('select'); });
    const rm = el('button', '✕', 'icon small');
    rm.type = 'button';
    rm.dataset.key = `rm:${u.id}`;
    rm.setAttribute('aria-label', `Remove ${u.id}`);
    on(rm, 'click', () => removeUnit(u.id));
    li.append(sw, pick, el('span', u.side, 'muted'), rm);
    return li;
  });
  rebuild($('unit-list'), items.length ? items : [el('li', 'No units yet.', 'muted')]);
  paintSwatches($('unit-list'));
}

// The CSP forbids inline styles; CSSOM property writes are allowed and keep colours exact.
function paintSwatches(root) {
  for (const s of root.querySelectorAll('[data-colour]')) s.style.setProperty('background', s.dataset.colour);
}

// ---- the query form ----
function renderQuery() {
  const s = sys(), d = doc();
  // a rule set whose engine module is still loading is not "not in this build"
  const held = described?.systems.find((x) => x.id === store.state.system);
  const answers = new Set(held ? held.queries.map((q) => q.name ?? q) : described ? Object.keys(s.queries) : []);
  const q = $('query');
  rebuild(q, Object.keys(s.queries).map((name) => option(name, answers.has(name) ? name : `${name} (not in this build yet)`)));
  q.value = d.query;
  const spec = s.queries[d.query];
  $('query-note').textContent = answers.has(d.query) ? '' : `This build does not answer ${d.query} yet: the engine will say unknown_query until the ${s.name} rules land. The request below is what the page will send.`;
  const inputs = (d.inputs[d.query] ??= {});
  const edit = (fn, key) => store.edit((dd) => fn(dd.inputs[dd.query]), key);
  const units = [['', '(none)'], ...d.units.map((u) => [u.id, u.id])];
  const nodes = spec.fields.filter((f) => !f.when || f.when(inputs)).map((f) => {
    if (f.kind === 'unit') return field({ ...f, kind: 'select', options: units }, inputs[f.key] ?? '', (v) => edit((i) => { i[f.key] = v; }), 'q.');
    if (f.kind === 'side') return field({ ...f, kind: 'select', options: d.sides.map((x) => [x.name, x.name]) }, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }), 'q.');
    if (f.kind === 'number') {
      const lab = field({ ...f, optional: true }, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }, `q:${f.key}`), 'q.');
      if (own(s.rolls ?? {}, d.query)?.[f.key] !== '2d6') return lab;
      // a field that takes a roll: the dice rolled here, or the player's own typed in
      const b = el('button', 'Roll 2D6', 'secondary small roll');
      b.type = 'button';
      b.dataset.key = `q.roll:${f.key}`;
      on(b, 'click', () => edit((i) => { i[f.key] = roll2d6(); }));
      lab.append(b);
      return lab;
    }
    if (f.kind === 'path') return pathField(inputs);
    if (f.kind === 'orders') return ordersField(f, inputs, units);
    if (f.kind === 'rows') return listField(f, inputs[f.key] ??= [], units, d);
    return field(f, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }), 'q.');
  });
  rebuild($('query-fields'), nodes);
}

function pathField(inputs) {
  const box = el('div', undefined, 'field');
  box.dataset.slot = 'path';
  const n = inputs.path?.length ?? 0;
  box.append(el('span', `Path: ${n} hex${n === 1 ? '' : 'es'} (draw it with the Path tool: tap hexes in order)`));
  const row = el('div', undefined, 'row');
  const undo = el('button', 'Remove last hex', 'secondary small');
  undo.type = 'button'; undo.disabled = !n; undo.dataset.key = 'path-pop';
  on(undo, 'click', () => store.edit((d) => { pathInputs(d).path?.pop(); }));
  const clear = el('button', 'Clear path', 'secondary small');
  clear.type = 'button'; clear.disabled = !n; clear.dataset.key = 'path-clear';
  on(clear, 'click', () => store.edit((d) => { pathInputs(d).path = []; }));
  row.append(undo, clear);
  box.append(row);
  return box;
}

// The units of a C&C order, in the sequence they move: each row a unit and its path; the row
// whose "Draw path" is pressed is the one the Path tool extends.
function ordersField(spec, inputs, units) {
  const rows = (inputs.moves ??= spec.rows(inputs));
  const active = Math.min(inputs.active ?? 0, rows.length - 1);
  const mfm = (inputs.card ?? 'section') === 'move-fire-move';
  const box = el('fieldset', undefined, 'list-field orders');
  box.dataset.slot = spec.key;
  box.append(el('legend', 'Ordered units, in the order they move'));
  const ol = el('ol');
  const editRow = (i, fn) => store.edit((d) => fn(d.inputs[d.query].moves[i], d.inputs[d.query]));
  rows.forEach((row, i) => {
    const li = el('li', undefined, i === active ? 'active' : undefined);
    li.dataset.slot = `moves.${i}`;
    li.append(field({ key: 'unit', label: 'Unit', kind: 'select', options: units }, row.unit ?? '', (v) => editRow(i, (m) => { m.unit = v; }), `moves.${i}.`));
    if (mfm) li.append(field({ key: 'second', label: 'After ranged combat', kind: 'check' }, row.second === true, (v) => editRow(i, (m) => { m.second = v; }), `moves.${i}.`));
    const n = row.path?.length ?? 0;
    li.append(el('span', n ? `path: ${n} hex${n === 1 ? '' : 'es'}` : 'ordered, not moving', 'note'));
    const draw = el('button', i === active ? 'Drawing' : 'Draw path', 'secondary small');
    draw.type = 'button';
    draw.dataset.key = `moves.${i}.draw`;
    draw.setAttribute('aria-pressed', String(i === active));
    draw.setAttribute('aria-label', `Draw the path of unit ${i + 1} with the Path tool`);
    on(draw, 'click', () => { store.edit((d) => { d.inputs[d.query].active = i; }); setTool('path'); });
    const clear = el('button', 'Clear', 'secondary small');
    clear.type = 'button'; clear.disabled = !n; clear.dataset.key = `moves.${i}.clear`;
    clear.setAttribute('aria-label', `Clear the path of unit ${i + 1}`);
    on(clear, 'click', () => editRow(i, (m) => { m.path = []; }));
    const rm = el('button', '✕', 'icon small');
    rm.type = 'button';
    rm.setAttribute('aria-label', `Remove ordered unit ${i + 1}`);
    on(rm, 'click', () => store.edit((d) => {
      const inp = d.inputs[d.query];
      inp.moves.splice(i, 1);
      inp.active = Math.max(0, Math.min(inp.active ?? 0, inp.moves.length - 1));
    }));
    li.append(draw, clear, rm);
    ol.append(li);
  });
  box.append(ol);
  const add = el('button', 'Add unit', 'secondary small');
  add.type = 'button';
  add.dataset.key = 'moves.add';
  on(add, 'click', () => store.edit((d) => {
    const inp = d.inputs[d.query];
    const side = d.units.find((u) => u.id === inp.moves[0]?.unit)?.side ?? d.sides[0].name;
    const next = d.units.find((u) => u.side === side && !inp.moves.some((m) => m.unit === u.id)) ?? d.units[0];
    inp.moves.push({ unit: next?.id ?? '', path: [] });
    inp.active = inp.moves.length - 1;
  }));
  box.append(add);
  return box;
}

// An editable list of rows (a field of kind `rows`: its `title`, `adders(doc)` and each row's
// fields, `row(item)`; a row field of kind `unit` picks one of the units).
function listField(f, items, units, d) {
  const { title, key } = f;
  const box = el('fieldset', undefined, 'list-field');
  box.dataset.slot = key;
  box.append(el('legend', title));
  const ol = el('ol');
  items.forEach((item, i) => {
    const li = el('li');
    li.dataset.slot = `${key}.${i}`;
    for (const rowSpec of f.row(item)) {
      const spec = rowSpec.kind === 'unit' ? { ...rowSpec, kind: 'select', options: units } : rowSpec;
      li.append(field(spec, spec.kind === 'select' ? String(item[spec.key] ?? '') : item[spec.key], (v) => store.edit((dd) => {
        dd.inputs[dd.query][key][i][spec.key] = spec.asNumber ? Number(v) : v;
      }), `${key}.${i}.`));
    }
    const rm = el('button', '✕', 'icon small');
    rm.type = 'button';
    rm.setAttribute('aria-label', `Remove ${title.toLowerCase().replace(/s$/, '')} ${i + 1}`);
    on(rm, 'click', () => store.edit((d) => { d.inputs[d.query][key].splice(i, 1); }));
    li.append(rm);
    ol.append(li);
  });
  box.append(ol);
  const row = el('div', undefined, 'row');
  for (const [label, proto] of f.adders(d)) {
    const b = el('button', label, 'secondary small');
    b.type = 'button';
    b.dataset.key = `${key}.add.${label}`;
    on(b, 'click', () => store.edit((d) => { d.inputs[d.query][key].push({ ...proto }); }));
    row.append(b);
  }
  box.append(row);
  return box;
}

// ---- terrain, table, sides, settings ----
const terrainNote = () => (sys().board === 'free'
  ? 'Choose the Terrain tool, tap the table at each corner of the piece, then Finish polygon (or Enter).'
  : 'Choose the Terrain tool, then tap or drag over hexes to paint them; a hex already of this kind is cleared.');
/** The terrain kind the Terrain tool lays (the panel's picker, brought up to date if it was closed). */
function terrainKind() {
  renderIfStale('terrain-panel');
  return $('terrain-kind').value;
}

function renderTerrain() {
  const s = sys(), d = doc();
  const kind = $('terrain-kind');
  const keep = kind.value;
  rebuild(kind, s.terrainKinds.map((k) => option(k, k)));
  if (s.terrainKinds.includes(keep)) kind.value = keep;
  $('terrain-note').textContent = terrainNote();
  $('polygon-actions').hidden = s.board !== 'free';
  $('finish-polygon').disabled = ui.pending.length < 3;
  $('cancel-polygon').disabled = ui.pending.length === 0;
  const items = s.board === 'free'
    ? d.terrain.map((t, i) => {
      const li = el('li');
      const sw = el('span', undefined, 'swatch');
      sw.dataset.colour = terrainColour(t.kind);
      const rm = el('button', '✕', 'icon small');
      rm.type = 'button'; rm.dataset.key = `trm:${i}`;
      rm.setAttribute('aria-label', `Remove ${t.id}`);
      on(rm, 'click', () => store.edit((dd) => { dd.terrain.splice(i, 1); }));
      li.append(sw, el('span', `${t.id} (${t.kind}, ${t.polygon.length} corners)`, 'grow'), rm);
      return li;
    })
    : [el('li', `${d.terrain.length} hexes with terrain`, 'muted')];
  rebuild($('terrain-list'), items);
  paintSwatches($('terrain-list'));
  const dims = s.board === 'free' ? [['width', 'Table width'], ['height', 'Table depth']].map(([k, label]) => field(
    { key: k, label: `${label} (${unitWord()})`, kind: 'number', min: 1, max: 1000, step: 1 }, d.table[k], (v) => store.edit((dd) => { dd.table[k] = v; }), 'table.'))
    : d.board.preset ? [el('p', 'The 13 × 9 board: odd rows hold 12 hexes; dotted lines mark the three sections.', 'note')]
      : [['cols', 'Columns'], ['rows', 'Rows']].map(([k, label]) => field(
        { key: k, label, kind: 'number', min: 1, max: 60, step: 1 }, d.board[k], (v) => store.edit((dd) => { dd.board[k] = v; }), 'board.'));
  rebuild($('table-fields'), dims);
}

function renderSides() {
  const nodes = doc().sides.flatMap((side, i) => [
    field({ key: 'name', label: `Side ${i + 1} name`, kind: 'text' }, side.name, (v, input) => {
      const name = String(v).trim();
      const bad = !name || doc().sides.some((x, j) => j !== i && x.name === name);
      input.setCustomValidity(bad ? 'Sides need different, non-empty names.' : '');
      if (!input.reportValidity()) return;
      store.edit((d) => {
        const old = d.sides[i].name;
        d.sides[i].name = name;
        for (const u of d.units) if (u.side === old) u.side = name;
        for (const inp of Object.values(d.inputs)) if (inp.activeSide === old) inp.activeSide = name;
      });
    }, `side${i}.`),
    field({ key: 'color', label: `Side ${i + 1} colour`, kind: 'color' }, side.color, (v) => store.edit((d) => { d.sides[i].color = v; }, `colour:${i}`), `side${i}.`),
  ]);
  rebuild($('side-fields'), nodes);
}

function renderSettings() {
  const s = sys(), d = doc();
  const disp = $('display-unit');
  const word = { step: 'steps', inch: 'inches', hex: 'hexes' }[s.lengthUnit];
  rebuild(disp, s.board === 'free' ? [option('game', word), option('mm', 'millimetres'), option('cm', 'centimetres')] : [option('game', word)]);
  disp.value = s.board === 'free' ? store.state.display : 'game';
  disp.disabled = s.board !== 'free';
  const ids = described?.systems.find((x) => x.id === store.state.system)?.assumptions ?? [];
  const specs = assumptionParams();
  const nodes = ids.filter((id) => specs[id]).flatMap((id) => Object.entries(specs[id]).map(([name, p]) => {
    const f = field({ key: `${id}.${name}`, label: `${id} ${name} (default ${p.default})`, kind: 'number', min: p.min, max: p.max, step: p.integer ? 1 : 'any', title: assumptionSummaries.get(id) },
      paramValue(d, id, name), (v) => store.edit((dd) => { (dd.params[id] ??= {})[name] = v; }, `param:${id}.${name}`), 'param.');
    f.append(el('small', assumptionSummaries.get(id) ?? '', 'note'));
    return f;
  }));
  rebuild($('param-fields'), nodes.length ? nodes : [el('p', 'This system has no adjustable assumptions.', 'note')]);
}

// ---- the request and the answer ----
function currentRequest() {
  return buildRequest(store.state.system, doc());
}

function renderPreview() {
  const text = JSON.stringify(currentRequest(), null, 2);
  ui.preview = text;
  renderPanel('request-panel');
  // during a drag the last answer stays drawn until the next (one frame later) replaces it
  if (ui.lastRequest && text !== ui.lastRequest && ui.result && !board.gesture) clearResult();
  ui.lastRequest = text;
}

function clearResult() {
  ui.result = null; ui.pick = null; ui.t = 1;
  $('timeline').hidden = true;
  $('verdict').textContent = ready ? 'The position changed: ruling again…' : 'The position changed: press Rule on it again.';
  $('verdict').className = 'verdict';
  $('details').replaceChildren();
}

/** Shows a response: the verdict and lists beside the board, the drawing on it. */
function render(response, request, extra = {}, frame = true) {
  ui.result = { request, response, scene: null, extra };
  ui.pick = null;
  // an error names no place worth zooming to; a finger on the board keeps the view where it is
  redrawResult(frame && response.ok === true, response.ok === true && !board.gesture);
  const v = verdictOf(response, request);
  $('verdict').textContent = v.text;
  $('verdict').className = `verdict ${v.kind}`;
  $('apply').hidden = !canApply();
  $('response').textContent = JSON.stringify(response, null, 2);
}

// The world bounds of what a result draws, with the units it names, and the padding to frame them
// with: one unit size; on a hex board it depends on the canvas's width, which the board reads when
// it frames them (not here, while the page is being built).
function resultBounds(rs, request) {
  const pts = [];
  const names = new Set();
  for (const it of rs.overlay) {
    if (it.type === 'path') pts.push(...it.points);
    else if (it.type === 'pose') pts.push([it.pose.x, it.pose.y]);
    else if (it.type === 'polygon') pts.push(...it.points);
    else if (it.type === 'line') pts.push(it.hexFrom ? hex.center(it.hexFrom.q, it.hexFrom.r) : it.from, it.hexTo ? hex.center(it.hexTo.q, it.hexTo.r) : it.to);
    else if (it.type === 'points' || it.type === 'cells') pts.push(...(it.points ?? it.cells).map((p) => [p.x, p.y]));
    else if (it.type === 'hexes' || it.type === 'hexpath') pts.push(...it.cells.map((h) => hex.center(h.q, h.r)));
    else if (it.type === 'mark') pts.push(it.hex ? hex.center(it.hex.q, it.hex.r) : [it.x, it.y]);
  }
  for (const tr of rs.tracks) for (const st of tr.steps) pts.push(st.x !== undefined ? [st.x, st.y] : hex.center(st.q, st.r));
  for (const k of ['unit', 'charger', 'target']) if (typeof request?.[k] === 'string') names.add(request[k]);
  if (request?.order?.unit) names.add(request.order.unit);
  for (const id of Array.isArray(request?.ordered) ? request.ordered : []) names.add(id);
  let pad = isHexBoard() ? (w) => (w < 600 ? 1.6 : 2.5) : 1.5; // a phone's board has little room to spare
  for (const u of doc().units.filter((v) => names.has(v.id))) {
    if (isHexBoard()) pts.push(hex.center(u.q, u.r));
    else { pts.push([u.x, u.y]); pad = Math.max(pad, ...unitSize(store.state.system, u)); }
  }
  if (!pts.length) return null;
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  return { bounds: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)], pad };
}

function inView(b) {
  const [ax, ay] = board.toScreen(b[0], b[1]), [bx, by] = board.toScreen(b[2], b[3]);
  return Math.min(ax, bx) >= 0 && Math.min(ay, by) >= 0 && Math.max(ax, bx) <= board.w && Math.max(ay, by) <= board.h;
}

// What of a new answer must be in view, or the view follows it (without zooming in, so the hexes
// around stay in reach of a finger drawing a path): all of a drawn path's answer and of a query
// with ordered or combined movers (every mover and its move); of a reach or any other answer its middle (a user zoomed
// into part of a wide reach keeps the zoom).
function shown(r) {
  const raw = resultBounds(r.scene, r.request).bounds;
  const spec = ownQuery(r.request?.system, r.request?.query);
  if (spec?.showWhole || spec?.fields.some((f) => f.kind === 'path' || f.kind === 'orders')) return raw;
  const mid = [(raw[0] + raw[2]) / 2, (raw[1] + raw[3]) / 2];
  return [...mid, ...mid];
}

/** Draws the answer again (a new answer: `follow` keeps it in view; a picked hex: the view stays). */
function redrawResult(frame = false, follow = false) {
  const r = ui.result;
  if (!r) return;
  r.scene = resultScene(r.request?.system ?? store.state.system, r.request, r.response, colourOf, ui.pick, r.extra);
  const pick = ui.pick ? r.scene.reach.get(hex.key(ui.pick.q, ui.pick.r)) : null;
  $('details').replaceChildren(...resultText(r.response, assumptionSummaries, {
    request: r.request ?? {}, pick, reachCount: r.scene.reach.size, whatIfCount: r.scene.whatIfCount, onChoice: applyChoice,
  }));
  const hasTracks = r.scene.tracks.length > 0;
  $('timeline').hidden = !hasTracks;
  ui.t = 1; // the answer's end; the slider and Play step through it
  $('scrub').value = String(Math.round(ui.t * 1000));
  board.setScene(scene());
  $('legend').replaceChildren(...legendOf(r.request?.system ?? store.state.system, r.request?.query));
  if (!ui.legendShown) { ui.legendShown = true; $('legend-panel').open = window.innerWidth >= 900; } // open beside a desktop's board; a tap away on a phone
  const b = resultBounds(r.scene, r.request);
  if (b && frame) board.frame(b.bounds, Infinity, b.pad);
  else if (b && follow && !inView(shown(r))) board.frame(b.bounds, board.s, b.pad);
}

/**
 * The engine's answer (through the worker), and for a reach that can ask it the what-if answer
 * without other units; or the worker's outcome when there is no answer to show (superseded,
 * timed out, failed: engine-client.js).
 */
async function answer(request) {
  const first = await engine.ask(request);
  if (!first.response) return first;
  const extra = {};
  const spec = ownQuery(request?.system, request?.query);
  if (first.response.ok && spec?.whatIf && request.ignoreUnits !== true) {
    const whatIf = await engine.ask({ ...request, ignoreUnits: true });
    if (whatIf.superseded) return whatIf;
    if (whatIf.response) extra.whatIf = whatIf.response; // else drawn without it
  }
  return { response: first.response, extra };
}

/** A query's spec when `system` and `query` name one of the page's own (own properties only). */
function ownQuery(system, query) {
  if (typeof system !== 'string' || !Object.hasOwn(SYSTEMS, system)) return null;
  const qs = SYSTEMS[system].queries;
  return typeof query === 'string' && Object.hasOwn(qs, query) ? qs[query] : null;
}

/** What a request asks, in words: the game's name and the query ("GODSGLOOM reach"). */
function queryName(request) {
  const system = typeof request?.system === 'string' && Object.hasOwn(SYSTEMS, request.system) ? SYSTEMS[request.system].name : 'The engine';
  const query = typeof request?.query === 'string' ? request.query.slice(0, 40) : 'request';
  return `${system} ${query}`;
}

/**
 * Shows a ruling that could not be answered: it ran longer than the budget and was stopped (the
 * worker starts again at once), or the worker failed. The page stays as it is; the position is
 * saved with the flag that stops the automatic ruling on the next visit.
 */
function notAnswered(request, out) {
  const text = out.timedOut
    ? `${queryName(request)} took longer than ${out.budget / 1000} s and was stopped.`
    : `${queryName(request)} could not be answered: ${out.failed}.`;
  ui.result = null;
  $('timeline').hidden = true;
  $('details').replaceChildren();
  $('verdict').textContent = `${text} Change the position or the question and it is ruled again, or press Rule on it to try once more.`;
  $('verdict').className = 'verdict error';
  notice(text);
  if (out.timedOut) { ui.unruled = true; if (!EMBED) saveNow(); }
  board.setScene(scene());
}

/** A ruling answered within the budget: the position can be ruled on load again. */
function answered() {
  if (!ui.unruled) return;
  ui.unruled = false;
  if (!EMBED) saveNow();
}

/**
 * True when the engine answers `system` (or the request names none). Otherwise starts loading that
 * rule set's engine module, which the page fetches only when a game is shown, says so in the
 * verdict and returns false; `then` runs once the module answers. Nothing waits for it: the board
 * stays usable while it arrives.
 */
function holds(system, then) {
  if (!ready || typeof system !== 'string' || !Object.hasOwn(SYSTEMS, system) || engine.holds(system)) return true;
  const { name } = SYSTEMS[system];
  $('verdict').textContent = `Loading the ${name} rules…`;
  engine.load([system]).then((d) => {
    describeEngine(d);
    refreshNow();
    then();
  }, (err) => {
    $('verdict').textContent = `The ${name} rules could not be loaded: ${err.message ?? err}`;
  });
  return false;
}

/** What the engine's loaded modules answer (describe, asked by the worker with each load). */
function describeEngine(response) {
  described = response.result;
  assumptionSummaries = new Map(described.assumptions.map((a) => [a.id, a.summary]));
  setAssumptions(described.assumptions);
  useEngineLimits(described.limits);
}

async function ask({ frame = true } = {}) {
  const request = currentRequest();
  if (!holds(request.system, () => ask({ frame }))) return;
  const serial = ++ui.asked;
  const text = JSON.stringify(request, null, 2);
  const out = await answer(request);
  // a newer question, or a position changed since, gets its own ruling
  if (out.superseded || serial !== ui.asked || text !== JSON.stringify(currentRequest(), null, 2)) return;
  if (!out.response) { notAnswered(request, out); return; }
  ui.lastRequest = text;
  render(out.response, request, out.extra, frame);
  answered();
}

/** Applies a choice the engine listed (a query input it names, e.g. a slide) and rules again. */
function applyChoice(choice, value) {
  store.edit((d) => { d.inputs[d.query][choice] = value; });
  renderPreview();
  ask();
}

// ---- timeline ----
$('scrub').addEventListener('input', () => { stopPlay(); ui.t = Number($('scrub').value) / 1000; board.setScene(scene()); });
$('play').addEventListener('click', () => {
  if (ui.playing) { stopPlay(); return; }
  const steps = Math.max(...(ui.result?.scene.tracks ?? []).map((t) => t.steps.length), 2);
  const duration = 500 * (steps - 1);
  const t0 = performance.now() - (ui.t >= 1 ? 0 : ui.t * duration);
  $('play').textContent = 'Pause';
  const frame = (now) => {
    ui.t = Math.min(1, (now - t0) / duration);
    $('scrub').value = String(Math.round(ui.t * 1000));
    board.setScene(scene());
    if (ui.t < 1) ui.playing = requestAnimationFrame(frame); else stopPlay();
  };
  ui.playing = requestAnimationFrame(frame);
});
function stopPlay() { cancelAnimationFrame(ui.playing); ui.playing = 0; $('play').textContent = 'Play'; }

// ---- readout ----
function showReadout() {
  const parts = [];
  const u = unitById(ui.selected);
  if (u) {
    if (isHexBoard()) { const o = hex.toOffset(u.q, u.r); parts.push(`${u.id}: column ${o.col}, row ${o.row} (q ${u.q}, r ${u.r})${sys().hasFacing ? `, facing ${hex.DIR_NAMES[u.facing]}` : ''}`); }
    else parts.push(`${u.id}: x ${lengthLabel(u.x)}, y ${lengthLabel(u.y)}, facing ${u.facing}°`);
  }
  if (hoverAt) {
    if (isHexBoard()) { const h = hex.fromPixel(...hoverAt); const o = hex.toOffset(h.q, h.r); parts.push(`pointer: column ${o.col}, row ${o.row}`); }
    else parts.push(`pointer: x ${lengthLabel(hoverAt[0])}, y ${lengthLabel(hoverAt[1])}`);
  }
  $('readout').textContent = parts.join(' · ') || ' ';
}

const TOOL_NOTES = {
  move: 'Drag a unit to place it, drag its round handle to turn it; drag the board to pan, pinch or scroll to zoom.',
  terrain: '', path: 'Tap hexes in order to propose the path of the query’s unit (in an order: the unit whose Draw path is pressed); tap the last hex again to take it back. Arrow keys extend it too.',
};

// ---- saved armies and codices (library.js) ----
const savedLibrary = initLibrary({ store, ui, doc, unitById, renderPanel, refreshNow, placeFree });

// ---- the side panels (panels.js: each filled when it opens, then on every change while open) ----
const panels = createPanels({
  'units-panel': () => { renderUnitList(); renderUnitForm(); },
  'terrain-panel': renderTerrain,
  'sides-panel': renderSides,
  'settings-panel': renderSettings,
  'library-panel': savedLibrary.render,
  'request-panel': () => { $('preview').textContent = ui.preview; },
  'gallery-panel': renderGallery,
  'advanced-panel': fillExamples,
}, ['gallery-panel', 'advanced-panel'], $('units-panel').parentNode);
const tabs = createTabs($('units-panel').parentNode, $('tabs'));
/** Fills a panel now if it is open; otherwise when it opens. */
function renderPanel(id) { panels.render(id); }
/** Fills a panel, open or not, if a change since it was last filled has not reached it. */
function renderIfStale(id) { panels.renderIfStale(id); }

// ---- refresh everything that shows the state ----
let refreshQueued = false;
function refresh() {
  if (refreshQueued) return;
  refreshQueued = true;
  queueMicrotask(() => { refreshQueued = false; refreshNow(); });
}

function refreshNow() {
  const s = sys();
  $('apply').hidden = !canApply();
  $('system').value = store.state.system; // a link or an example may have changed the system
  nameEmbed();
  if (!unitById(ui.selected)) ui.selected = null;
  if (ui.tool === 'path' && s.board !== 'hex') setTool('move');
  $('tool-path').hidden = s.board !== 'hex';
  $('tool-note').textContent = ui.tool === 'terrain' ? terrainNote() : TOOL_NOTES[ui.tool];
  $('undo').disabled = !store.canUndo();
  $('redo').disabled = !store.canRedo();
  renderQuery();
  for (const id of panels.ids) renderPanel(id);
  renderPreview();
  showReadout();
  board.setScene(scene());
}

// Edits are saved 300 ms after the last one (a drag is many edits), and at once when the page is
// hidden or left, so a reload or a closed tab right after an edit keeps it.
let saveTimer = 0;
function saveNow() {
  clearTimeout(saveTimer);
  saveTimer = 0;
  // `unruled`: the next visit shows the position without ruling it (the user presses Rule on it)
  const state = ui.unruled ? { ...store.state, unruled: true } : store.state;
  try { localStorage.setItem(SAVE_KEY, JSON.stringify(state)); } catch { /* private mode */ }
}
// Every change is ruled again in the next animation frame, during a drag too: a unit dragged,
// turned or a path drawn gets its ruling on every frame, drawn at once (Drag Ruler's feel). Several
// edits within one frame make one question; the engine client's newest-wins drops what falls behind.
let ruleFrame = 0;
let ruleFrameWants = false;
function scheduleRule(frame = false) {
  ruleFrameWants ||= frame;
  if (ruleFrame) return;
  ruleFrame = requestAnimationFrame(() => {
    ruleFrame = 0;
    const f = ruleFrameWants;
    ruleFrameWants = false;
    if (ready) ask({ frame: f });
  });
}
function cancelRule() { cancelAnimationFrame(ruleFrame); ruleFrame = 0; ruleFrameWants = false; }
store.onChange((why) => {
  if (why === 'system') holds(store.state.system, () => {}); // its engine module starts loading now; the ruling follows
  if (why !== 'display') scheduleRule(why === 'system'); // another game's board: frame its answer
  if (why === 'undo' || why === 'redo' || why === 'system') { ui.pending = []; if (why === 'system') { ui.selected = null; clearResult(); $('verdict').textContent = 'Set up the position, then press Rule on it.'; } }
  refresh();
  clearTimeout(saveTimer);
  if (EMBED) return; // an embed never writes over the visitor's own position
  saveTimer = setTimeout(saveNow, 300);
});
window.addEventListener('pagehide', () => { commitEdit(); if (saveTimer) saveNow(); });
/** Commits the value of a field still being typed in (its change event), before the game changes or the page goes. */
function commitEdit() {
  const a = document.activeElement;
  if (a && a !== $('system') && a.matches('input, select, textarea')) a.blur();
}

function setTool(t) {
  ui.tool = t;
  for (const r of document.querySelectorAll('input[name="tool"]')) r.checked = r.value === t;
  if (t === 'terrain') $('terrain-panel').open = true;
  if (t === 'path' && doc().query !== pathQuery()) store.edit((d) => { d.query = 'move'; });
  refresh();
}

// ---- wiring ----
for (const r of document.querySelectorAll('input[name="tool"]')) r.addEventListener('change', () => setTool(r.value));
$('undo').addEventListener('click', () => store.undo());
$('redo').addEventListener('click', () => store.redo());
$('zoom-in').addEventListener('click', () => board.zoomAt(board.w / 2, board.h / 2, 1.25));
$('zoom-out').addEventListener('click', () => board.zoomAt(board.w / 2, board.h / 2, 0.8));
$('fit').addEventListener('click', () => board.fit());
$('full-board').addEventListener('click', toggleFullBoard);
/** The full-screen board (the tools, the board and the verdict only), and back. */
function toggleFullBoard() {
  const on = document.body.classList.toggle('full-board');
  $('full-board').setAttribute('aria-pressed', String(on));
}
$('system').addEventListener('change', () => { commitEdit(); store.setSystem($('system').value); });
$('query').addEventListener('change', () => store.edit((d) => { d.query = $('query').value; }));
$('ask').addEventListener('click', () => ask());
$('apply').addEventListener('click', applyRuling);
$('add-unit').addEventListener('click', addUnit);
$('deselect').addEventListener('click', () => { ui.selected = null; refresh(); $('unit-fields').querySelector('input')?.focus(); });
$('finish-polygon').addEventListener('click', finishPolygon);
$('cancel-polygon').addEventListener('click', () => { ui.pending = []; refresh(); });
$('terrain-kind').addEventListener('change', refresh);
$('display-unit').addEventListener('change', () => store.setDisplay($('display-unit').value));
$('reset-params').addEventListener('click', () => store.edit((d) => { d.params = {}; }));
$('reset').addEventListener('click', () => { ui.selected = null; ui.pending = []; store.reset(); });
$('copy').addEventListener('click', async () => {
  try { await navigator.clipboard.writeText($('preview').textContent); $('copy').textContent = 'Copied'; } catch {
    getSelection().selectAllChildren($('preview')); $('copy').textContent = 'Selected: copy it';
  }
  setTimeout(() => { $('copy').textContent = 'Copy'; }, 1500);
});
$('to-editor').addEventListener('click', () => {
  renderIfStale('advanced-panel');
  $('request').value = $('preview').textContent;
  $('advanced-panel').open = true;
  $('request').focus();
});

// The Advanced panel: any request, typed or from an example, ruled on as written.
function fillExamples() {
  $('example').replaceChildren(...examples.map((e, i) => option(String(i), e.title)));
  showExample();
}
function showExample() {
  const e = examples[Number($('example').value)];
  $('example-note').textContent = e?.note ?? '';
  $('request').value = JSON.stringify(e ? e.request : { query: 'describe' }, null, 2);
}
async function runAdvanced() {
  renderIfStale('advanced-panel'); // its example is what runs when nobody has opened it
  let request = null;
  const text = $('request').value;
  try {
    request = JSON.parse(text);
  } catch { /* the engine reports it */ }
  if (!holds(request?.system, runAdvanced)) return;
  const serial = ++ui.asked;
  const out = await engine.ask(text);
  if (out.superseded || serial !== ui.asked) return;
  if (!out.response) { notAnswered(request, out); return; }
  render(out.response, request && request.system === store.state.system ? request : null);
  $('verdict').scrollIntoView({ block: 'nearest' });
}
$('example').addEventListener('change', showExample);
$('run').addEventListener('click', runAdvanced);
$('format').addEventListener('click', () => {
  try { $('request').value = JSON.stringify(JSON.parse($('request').value), null, 2); } catch {
    render({ ok: false, error: { code: 'bad_json', path: '', message: 'the request is not valid JSON yet' } }, null);
  }
});
$('request').addEventListener('keydown', (e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) runAdvanced(); });

// ---- notices (link problems, new versions) ----
function notice(text, action = null, kind = 'problem') {
  $('notice').className = `notice ${kind}`;
  $('notice-text').textContent = text;
  $('notice-action').hidden = !action;
  if (action) { $('notice-action').textContent = action.label; $('notice-action').onclick = action.run; }
  $('notice').hidden = false;
}
$('notice-close').addEventListener('click', () => { $('notice').hidden = true; });

// ---- share links and embeds (links.js) ----
const links = initLinks({ store, ui, doc, board, notice, refreshNow, saveNow, ask, isReady: () => ready, showGallery });

// ---- the examples gallery ----
const SYSTEM_NAME = (id) => own(SYSTEMS, id)?.name ?? 'The engine';
function renderGallery() {
  const items = examples.map((ex, i) => {
    const li = el('li');
    li.append(el('h3', ex.title), el('p', `${SYSTEM_NAME(ex.request?.system)}${ex.note ? ': ' + ex.note : ''}`, 'note'));
    const b = el('button', 'Open', 'secondary small');
    b.type = 'button';
    b.dataset.example = String(i);
    b.setAttribute('aria-label', `Open the example: ${ex.title}`);
    on(b, 'click', () => openExample(ex));
    li.append(b);
    return li;
  });
  rebuild($('gallery'), items);
}
function showGallery() {
  $('gallery-panel').open = true;
  renderIfStale('gallery-panel');
  $('gallery-panel').scrollIntoView({ block: 'start' });
}

/** Opens an example: its position on the board (undoably), then its own request ruled as written. */
function openExample(ex) {
  const req = ex.request;
  if (own(SYSTEMS, req?.system)) {
    try {
      const { system, doc: d } = checkPosition({ request: req });
      ui.selected = null;
      store.load(system, d);
    } catch (err) {
      notice(`This example could not be set up on the board: ${err.message}.`);
    }
  }
  renderIfStale('advanced-panel');
  $('request').value = JSON.stringify(req, null, 2);
  refreshNow();
  board.fit();
  if (!ready) return;
  if (holds(req?.system, () => ruleExample(req))) ruleExample(req);
}

/** Rules an example's own request as written (its position is on the board already). */
async function ruleExample(req) {
  cancelRule();
  const serial = ++ui.asked;
  const out = await answer(req);
  if (out.superseded || serial !== ui.asked) return;
  if (!out.response) { notAnswered(req, out); return; }
  ui.lastRequest = JSON.stringify(currentRequest(), null, 2);
  render(out.response, req?.system === store.state.system ? req : null, out.extra);
  $('verdict').scrollIntoView({ block: 'nearest' });
}

// ---- embed mode ----
const nameEmbed = initEmbed({ readonly: READONLY, title: () => sys().name });
if (EMBED) $('embed-open').href = links.pageURL();

// The browser tests' hook: only in the test build (MOVECALC_TEST, defined by build-site.mjs).
if (MOVECALC_TEST) {
  installTestHook({ ui, store, board, canvas, currentRequest, render, shareCode: links.shareCode, openExample,
    cancelRule, refreshQueued: () => refreshQueued, library: savedLibrary.library });
}

async function start() {
  // boot.js started the engine worker loading the rule set on screen only (a third of the
  // all-in-one module's size) before this module arrived
  $('system').replaceChildren(...SYSTEM_IDS.map((id) => option(id, SYSTEMS[id].name)));
  $('system').value = store.state.system;
  // The forms and the board are built once, after `describe`, when the engine is ready before the
  // browser draws its next frame (usually: its module arrived with this one). Otherwise that frame
  // shows them built without it, and they are built again when the engine answers.
  const early = requestAnimationFrame(() => { if (!ready) refreshNow(); });
  const linked = links.openLinkInURL();
  // an embed whose URL does not name its game (boot.js) loads the game of its link, once read
  const first = engineLoading ?? linked.then(() => null);
  const loading = first.then((d) => (engine.holds(store.state.system) ? d : engine.load([store.state.system])));
  if (location.hash === '#examples') showGallery();
  let d;
  try {
    d = await loading;
  } catch (err) {
    cancelAnimationFrame(early);
    refreshNow();
    $('status').textContent = 'engine failed to load';
    $('status').className = 'status failed';
    $('verdict').textContent = `The engine could not be loaded: ${err.message ?? err}`;
    return;
  }
  ready = true;
  cancelAnimationFrame(early);
  describeEngine(d);
  refreshNow();
  $('ask').disabled = false;
  $('run').disabled = false;
  $('status').textContent = `engine ${described.version} ready`;
  $('status').className = 'status ready';
  const opened = await linked;
  // a link may have shown another game: its engine module is loaded before the page is ready
  if (!engine.holds(store.state.system)) {
    try { describeEngine(await engine.load([store.state.system])); refreshNow(); } catch { /* ask() says so */ }
  }
  // the position on the board is ruled at once: a link's, or the saved or default one, unless its
  // ruling ran over the budget last time (or a link's was never answered): then Rule on it does
  if (links.takePending()) await ask();
  else if (opened === null && !ui.unruled) await ask();
  else if (opened === null) {
    $('verdict').textContent = 'This position was not ruled automatically: its last ruling took too long or never finished. Press Rule on it.';
    $('verdict').className = 'verdict';
  }
  document.body.dataset.ready = 'true';
}

if ('serviceWorker' in navigator && location.protocol !== 'file:') {
  // a new build's worker takes over at once (sw.js); a page it took over offers a reload
  const hadController = !!navigator.serviceWorker.controller;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) notice('A new version of movecalc is ready.', { label: 'Reload', run: () => location.reload() }, 'info');
  });
}
// The worker caches every game's engine module for offline use: it is registered once the first
// ruling is drawn (after the frame that shows it), so that neither its downloads nor its start
// compete with the page's own. An embed registers none: it stores nothing in the visitor's browser
// and loads only its own game.
start().finally(() => requestAnimationFrame(() => setTimeout(() => {
  if (!EMBED && 'serviceWorker' in navigator && location.protocol !== 'file:') navigator.serviceWorker.register(scriptURL(new URL('./sw.js', location.href))).catch(() => {});
})));
