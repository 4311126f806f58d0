// The scene the board draws (board.js): a position (one game's document), the answer drawn over it
// and what is being edited, turned into plain data: the table or hexes, units, terrain, overlay and
// tracks. No DOM, so the page (app.js) and bin/movecalc-render.mjs build the same scene.
import * as hex from './hex.js';
import { SYSTEMS, assumptionParams, paramValue, unitSize, own, terrainKinds, boardCells } from './model.js';
import { MARKS, arr } from './draw.js';
import { latticePoint, rectCorners } from './geometry.js';

const round = (v, p = 100) => Math.round(v * p) / p;

/** A side's colour in a document (grey for a side it does not have). */
export const sideColour = (doc, side) => doc.sides.find((s) => s.name === side)?.color ?? '#6b7280';

/** Every assumption parameter's value in a document: the user's, else describe's default. */
export function paramsOf(doc) {
  const out = {};
  for (const [id, params] of Object.entries(assumptionParams())) for (const name of Object.keys(params)) (out[id] ??= {})[name] = paramValue(doc, id, name);
  return out;
}

/** A length in the chosen display unit ('game', 'mm' or 'cm'; free-form tables only). */
export function lengthText(system, doc, display, v) {
  const s = SYSTEMS[system];
  if (s.board !== 'free' || display === 'game') return `${round(v)}${s.lengthUnit === 'inch' ? '″' : ''}`;
  const mm = v * s.mmPerUnit(paramsOf(doc));
  return display === 'mm' ? `${round(mm, 1)} mm` : `${round(mm / 10, 10)} cm`;
}

/** The hexes a unit covers (its game's `cells`, else its own hex). */
export const hexesOf = (system, u) => SYSTEMS[system].cells?.(u) ?? [{ q: u.q, r: u.r }];

/** A terrain kind's colour (its game's `terrainColours`). */
export const terrainColour = (system, kind) => own(SYSTEMS[system].terrainColours, kind) ?? '#555';

/** The query the Path tool draws for: the current one when it has a path, else move. */
export function pathQuery(system, d) {
  return own(SYSTEMS[system].queries, d.query)?.fields.some((f) => f.kind === 'path' || f.kind === 'orders') ? d.query : 'move';
}

/** The Path tool's target: the query's inputs, or in a C&C order the row being drawn (made if missing). */
export function pathInputs(system, d) {
  const q = pathQuery(system, d), spec = own(SYSTEMS[system].queries, q);
  const inputs = (d.inputs[q] ??= {});
  if (!spec?.fields.some((f) => f.kind === 'orders')) return inputs;
  const rows = (inputs.moves ??= spec.fields.find((f) => f.kind === 'orders').rows(inputs));
  return rows[Math.min(inputs.active ?? 0, rows.length - 1)] ?? {};
}

/**
 * The board's scene. `view`: the answer's scene (results.js resultScene) or null, the selected unit,
 * whether an answer is shown (`answered`: no proposed path is drawn then), the polygon being drawn
 * (`pending`), the tool, the timeline's `t` and whether it plays, and the display unit of lengths.
 */
export function boardScene(system, d, { result = null, answered = !!result, selected = null, pending = [], tool = 'move', t = 1, playing = false, display = 'game' } = {}) {
  const s = SYSTEMS[system];
  const colourOf = (side) => sideColour(d, side);
  const base = {
    kind: s.board, lengthLabel: (v) => lengthText(system, d, display, v), overlay: result?.overlay ?? [], tracks: t < 1 || playing ? result?.tracks : [], t,
  };
  if (s.board === 'free') {
    const tb = d.table;
    return {
      ...base, boardKey: `${system}:${tb.width}x${tb.height}`, table: tb, bounds: [0, 0, tb.width, tb.height], paintTable: s.paintTable,
      majorEvery: s.lengthUnit === 'inch' ? 6 : 4,
      // (`named`: the answer names it, results.js resultScene; pointed at out of view, board.js paintOffView)
      terrain: d.terrain.map((tr) => ({ polygon: tr.polygon, label: tr.id, stroke: terrainColour(system, tr.kind), fill: terrainColour(system, tr.kind) + '55', named: !!result?.terrainNamed?.has(tr.id) })),
      units: d.units.map((u) => {
        const [w, dd] = unitSize(system, u);
        return { id: u.id, label: u.id, color: colourOf(u.side), selected: u.id === selected, free: { x: u.x, y: u.y, facing: u.facing, w, d: dd } };
      }),
      pending,
    };
  }
  // a hex board's (scene-hex.js, which the hex games' modules bring), with the path being drawn
  const out = s.hexScene.boardScene(s, d, base, { system, cells: boardCells(system, d.board), known: terrainKinds(system), colourOf, hexesOf: (u) => hexesOf(system, u), selected });
  const q = pathQuery(system, d);
  const mv = d.inputs[q] && pathInputs(system, d);
  if (mv && (tool === 'path' || d.query === q) && !answered) {
    const u = d.units.find((v) => v.id === mv.unit);
    out.path = u ? [{ q: u.q, r: u.r }, ...(mv.path ?? [])] : mv.path ?? [];
  }
  return out;
}

/**
 * The world bounds of what a result draws, with the units it names, and the padding to frame them
 * with: one unit size; on a hex board it depends on the canvas's width, which the board reads when
 * it frames them (not while the page is being built); `whole`, the bounds with the poses' bases whole
 * (an answer its game shows whole is brought into view by them); `core`, the box of the mover's point and the
 * answer's moves, stays in view (where it fits) when the whole does not fit at a legible size. Null
 * when it draws nothing.
 */
export function resultBounds(system, d, rs, request) {
  const pts = [], bases = [];
  const names = new Set();
  const isHexBoard = SYSTEMS[system].board === 'hex';
  for (const it of rs.overlay) {
    if (it.type === 'path') pts.push(...it.points);
    else if (it.type === 'pose') { pts.push([it.pose.x, it.pose.y]); if (it.w > 0 && it.d > 0) bases.push(...rectCorners(it.pose.x, it.pose.y, it.pose.facing ?? 0, it.w, it.d)); }
    else if (it.type === 'polygon') pts.push(...it.points);
    else if (it.type === 'line') pts.push(it.hexFrom ? hex.center(it.hexFrom.q, it.hexFrom.r) : it.from, it.hexTo ? hex.center(it.hexTo.q, it.hexTo.r) : it.to);
    else if (it.type === 'points') pts.push(...it.points.map((p) => [p.x, p.y]));
    else if (it.type === 'cells') pts.push(...it.cells.map((p) => latticePoint(it.frame ?? { x: 0, y: 0, facing: 0 }, it.size, p.i, p.j)));
    else if (it.type === 'hexes' || it.type === 'hexpath') pts.push(...it.cells.map((h) => hex.center(h.q, h.r)));
    else if (it.type === 'mark') pts.push(it.hex ? hex.center(it.hex.q, it.hex.r) : [it.x, it.y]);
  }
  for (const tr of rs.tracks) for (const st of tr.steps) pts.push(st.x !== undefined ? [st.x, st.y] : hex.center(st.q, st.r));
  // every unit the question names: a field's value (unit, target, …), or each of a list's
  // (ordered units, rows of movers: their `unit`)
  const ids = new Set(d.units.map((u) => u.id)), movers = [];
  const named = (v) => (typeof v === 'string' && ids.has(v) ? v : typeof v?.unit === 'string' && ids.has(v.unit) ? v.unit : null);
  for (const [k, v] of Object.entries(request ?? {})) {
    if (k === 'units' || k === 'system' || k === 'query') continue;
    for (const x of Array.isArray(v) ? v : [v]) {
      const id = named(x);
      if (id) { names.add(id); if (Array.isArray(v)) movers.push(id); }
    }
  }
  const moverId = (request && named(SYSTEMS[system].mover(request))) ?? movers[0] ?? null; // the game's `mover`
  let pad = isHexBoard ? (w) => (w < 600 ? 1.6 : 2.5) : 1.5; // a phone's board has little room to spare
  let core = null, reach = 0; // the mover (the first unit the question names): kept in view with the moves when not all fits
  for (const u of d.units.filter((v) => names.has(v.id))) {
    const at = isHexBoard ? hex.center(u.q, u.r) : [u.x, u.y];
    pts.push(at);
    if (!isHexBoard) pad = Math.max(pad, ...unitSize(system, u));
    if (!core || u.id === moverId) { core = at; reach = isHexBoard ? 0 : Math.hypot(...unitSize(system, u)) / 2; }
  }
  if (!pts.length) return null;
  const box = (ps) => { const xs = ps.map((p) => p[0]), ys = ps.map((p) => p[1]); return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)]; };
  // the mover and the moves the answer draws (its tracks) are what is kept in view: a flee's end was cut
  // off a phone's board, the view centred between it and the enemy fled from
  const moves = rs.tracks.flatMap((tr) => tr.steps.map((st) => (st.x !== undefined ? [st.x, st.y] : hex.center(st.q, st.r))));
  // (its base whole, wherever it ends: the centres alone kept a 3″-deep base's far half out of view)
  const grown = (b) => [b[0] - reach, b[1] - reach, b[2] + reach, b[3] + reach];
  return { bounds: box(pts), whole: box([...pts, ...bases]), pad, core: core || moves.length ? grown(box([...(core ? [core] : []), ...moves])) : null, names, at: core, mover: moverId };
}

/**
 * Where nothing is asked (no unit named), the drag a first view is about: the first unit onto the
 * enemy nearest it, as a question naming them (`unit`, `target`), what a play hint asks ("Drag a
 * unit onto an enemy"). Framed as an answer's units are: the whole table fitted drew a phone's
 * units 20 px across.
 */
export function firstDrag(system, d) {
  const [u] = d.units, at = (v) => (SYSTEMS[system].board === 'hex' ? hex.center(v.q, v.r) : [v.x, v.y]);
  let target, best = Infinity;
  for (const v of u ? d.units : []) {
    const e = v.side === u.side ? Infinity : Math.hypot(at(v)[0] - at(u)[0], at(v)[1] - at(u)[1]);
    if (e < best) [best, target] = [e, v.id];
  }
  return u && { unit: u.id, target };
}

const NEAR_UNITS = 6; // the most a new answer's framing considers taking in besides what it is about

/**
 * The centres of the NEAR_UNITS units nearest `at` that the question does not name (`names`),
 * nearest first: what a new answer's framing takes in where a legible view has room for them (the
 * units the mover may meet; board.js frameNow). One pass over the units, as many as they are.
 */
export function nearUnits(system, d, at, names) {
  if (!at) return [];
  const isHexBoard = SYSTEMS[system].board === 'hex';
  const near = []; // [distance², centre], kept sorted, at most NEAR_UNITS long
  for (const u of d.units) {
    if (names.has(u.id)) continue;
    const c = isHexBoard ? hex.center(u.q, u.r) : [u.x, u.y];
    const e = (c[0] - at[0]) ** 2 + (c[1] - at[1]) ** 2;
    if (!Number.isFinite(e) || (near.length === NEAR_UNITS && e >= near[NEAR_UNITS - 1][0])) continue;
    let i = near.length;
    while (i > 0 && near[i - 1][0] > e) i--;
    near.splice(i, 0, [e, c]);
    if (near.length > NEAR_UNITS) near.pop();
  }
  return near.map(([, c]) => c);
}

/**
 * The units a question involves: those its request names (`names`) and those its answer names (the
 * unit a collision met, a charge's target, the enemy whose zone stops a move): a new answer's
 * framing keeps them clear of the controls (board.js unhide).
 */
export function involvedUnits(d, names, result) {
  const ids = new Set(d.units.map((u) => u.id));
  return [...namedIn(ids, result, new Set([...names].filter((id) => ids.has(id))))];
}

/** Which of `ids` a value (an answer) names anywhere in it, added to `out`. */
export function namedIn(ids, value, out = new Set()) {
  const walk = (v) => {
    if (typeof v === 'string') { if (ids.has(v)) out.add(v); } else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  if (ids.size) walk(value);
  return out;
}

/**
 * What the board draws for a query, for the legend (keys of draw.js MARKS or marks of a game's own):
 * its drawer's `marks`, a unit as the board draws it (a base on a table, a round token on hexes),
 * with `onPage` the selection, the turn handle (`handle`: where it draws one) and the arrows at
 * the view's edge (board-arrows.js: a zoomed view leaves things out) the page adds,
 * and what the game draws on every board (`boardMarks`: a lattice's points, a board's sections).
 */
export function marksFor(system, query, onPage = false, handle = true) {
  const game = own(SYSTEMS, system);
  const hexes = game?.board === 'hex';
  const marks = arr(own(game?.draw, query)?.marks ?? ['unit']).flatMap((k) => (k !== 'unit' ? [k]
    : [hexes ? 'token' : 'unit', ...(onPage ? ['selected', ...(handle && (!hexes || game?.hasFacing) ? ['handle'] : []), 'offView'] : [])]));
  return [...marks, ...(hexes ? ['coords'] : []), ...arr(game?.boardMarks).map((m) => ({ ...m, onBoard: true }))];
}

/** The legend's entries (draw.js MARKS) for what the board draws for a query (marksFor). */
export function legendMarks(system, query) {
  return marksFor(system, query).map((k) => (typeof k === 'string' ? MARKS[k] && { ...MARKS[k], key: k } : k)).filter(Boolean);
}
