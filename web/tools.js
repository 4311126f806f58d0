// The board's tools: what a drag, a tap, a paint stroke and the keyboard do to the position (Move,
// Terrain and Path), a tap on a hex of a reach (its way there, or the engine's whyNot), Make this
// move (web/make-move.js), play (a drag of a unit is its move) and where a unit
// added from the library is placed.
import * as hex from './hex.js';
import { onLattice, standAt, latticeStep, unitSize, own, boardCells, unfinished } from './model.js';
import { rollInto } from './query-form.js';
import { initMakeMove } from './make-move.js';

// What a game without one of the play parts gets in its place: nothing to carry, draw or say.
// why a drop on a hex it reaches did not move the unit there, where the game leaves what the move
// does to the others to the player (its `canApplyEnd`: ejections are chosen, never picked silently)
const NOT_CHOSEN = 'Not moved: what this move does to the others is chosen with the question’s form (the Path tool, then Make this move).';
const NONE = {
  table: { carry() {}, turn() {}, key() {}, chargeAt() {}, drop() {}, follow() {}, overlay: () => [], note: () => ({ lead: '', text: '' }) },
  orders: { can: () => false, active: () => false, unordered: () => '', carry() {}, tapUnit() {}, drop() {}, follow() {}, render() {}, overlay: () => [], placed: () => new Map(), note: () => '', waiting: () => null },
  eject: { active: () => false, start: () => false, tap: () => false, follow() {}, render: () => false, overlay: () => [] },
  rolls: { render: () => false },
};

/**
 * Sets up the tools and the board's keys. `page`: the store, `ui`, the board and its canvas,
 * `doc()`, `sys()`, `isHexBoard()`, `unitById(id)`, `round(v, p)`, the position's `hexesOf(u)`,
 * `onBoard(h)`, `pathQuery(d)` and `pathInputs(d)`, `refresh()`, `redrawResult()`,
 * `currentRequest()`, `askEngine(request)` (the engine client's `ask`, in the tap's lane), `terrainKind()`,
 * `removeUnit(id)`, `toggleFullBoard()`, `makeMove()` (Make this move), `rule()` (asks the
 * position's question again, a move just made or not) and `playBar` (where a card played or a
 * drop's ejections are chosen: play-orders.js, play-eject.js) and `timing(name, serial)` (app.js:
 * a ruling asked and drawn, for the drag bench).
 */
export function initTools({ store, ui, board, canvas, doc, sys, isHexBoard, unitById, round, hexesOf, onBoard, pathQuery, pathInputs, refresh, redrawResult, currentRequest, askEngine, terrainKind, removeUnit, toggleFullBoard, makeMove, rule, playBar, timing }) {
  // A drag with the Move tool: in play the unit's move (carry); in set-up the unit follows the
  // pointer (on a hex board, hex by hex).
  function dragTo(id, [x, y], pointer) {
    if (playing()) { if (orders().active()) orders().carry(id, pointer); else if (isHexBoard()) carry(id, pointer); else table().carry(id, [x, y], pointer); return; }
    const u = unitById(id);
    if (!u) return;
    // a unit let go off the board is taken off it (dragEnd): the set-up's way to remove one by touch
    const t = doc().table, off = isHexBoard() ? !onBoard(hex.fromPixel(...pointer)) : pointer[0] < 0 || pointer[1] < 0 || pointer[0] > t.width || pointer[1] > t.height;
    if (off || ui.offBoard) { store.setOffBoard(off ? { id, at: pointer } : null); refresh(); }
    if (!isHexBoard()) {
      store.edit(() => { u.x = round(x); u.y = round(y); }, `drag:${ui.serial}`);
      return;
    }
    let h = hex.fromPixel(...pointer);
    h = standAt(store.state.system, doc().board, u, h);
    if (!onBoard(h) || (h.q === u.q && h.r === u.r)) return;
    store.edit((d) => { const v = d.units.find((w) => w.id === id); v.q = h.q; v.r = h.r; }, `drag:${ui.serial}`);
  }

  function rotateTo(id, [x, y], free) {
    if (playing()) { table().turn(id, [x, y]); return; } // a game whose turn handle shows in play (board.js playTurns)
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
  }

  function tap([x, y]) {
    if (ui.placing) { ui.placing.at([x, y]); return; }
    if (playing() && isHexBoard() && eject().tap(hex.fromPixel(x, y))) return; // where an ejected miniature goes
    if (ui.tool === 'terrain' && !isHexBoard()) {
      const t = doc().table;
      store.addCorner([round(Math.min(Math.max(x, 0), t.width)), round(Math.min(Math.max(y, 0), t.height))]);
      return;
    }
    if (ui.tool === 'path' && isHexBoard()) {
      const h = hex.fromPixel(x, y);
      extendPath(h);
      return;
    }
    if (isHexBoard() && (ui.result?.scene.reach.size || asksWhyNot())) {
      tapHex(hex.fromPixel(x, y));
      // in play a reached hex tapped is where the unit goes, as a drop there would make it
      if (playing() && typeof ui.result?.request?.unit === 'string') playTo(ui.result.request.unit);
      return;
    }
    if (ui.selected) store.select(null);
  }

  // True when the answer on screen is the game's tap reach (`tapQuery`), which the game can ask
  // `whyNot` of (asked in a lane of its own beside the rulings: engine-client.js).
  function asksWhyNot() {
    const r = ui.result, s = sys();
    return !!(s.whyNotQuery && r?.response?.ok && r.request?.query === s.tapQuery && r.request.system === store.state.system);
  }

  /**
   * A tap on a hex of a reach: a reached hex shows its way there (a second tap keeps the way
   * chosen); another hex on the board asks the engine why the unit cannot end there (again: the
   * question is put away). A mover on its game's coarser lattice has its tap taken to the lattice.
   */
  function tapHex(h) {
    const mover = unitById(ui.result.request?.unit);
    if (mover) h = standAt(store.state.system, doc().board, mover, h);
    const same = ui.pick && ui.pick.q === h.q && ui.pick.r === h.r;
    if (ui.result.scene.reach.has(hex.key(h.q, h.r))) { if (!same) store.setPick({ q: h.q, r: h.r }); }
    else if (same || !onBoard(h) || !asksWhyNot()) store.setPick(null);
    else {
      store.setPick({ q: h.q, r: h.r, why: null });
      whyNot(ui.pick);
    }
    redrawResult();
  }

  // The engine's whyNot for a tapped hex: the reach's request asking about that hex. Its answer is
  // shown only while that hex is still the one tapped on that answer.
  async function whyNot(pick, serial) {
    const shown = ui.result;
    const request = { ...shown.request, query: sys().whyNotQuery, to: { q: pick.q, r: pick.r } };
    delete request.paths; delete request.detail; // reach's own fields, which whyNot does not take
    const out = await askEngine(request);
    if (ui.pick !== pick || ui.result !== shown || out.superseded) return;
    store.pickWhy(pick, out.response ?? { failed: out.timedOut ? `it took longer than ${out.budget / 1000} s and was stopped` : String(out.failed) });
    redrawResult();
    if (serial) timing('movecalc:ruled', serial);
  }

  /** Draws way `i` to the tapped hex (0: the reach's own path, i ≥ 1: its i-th alternative). */
  function pickWay(i) {
    if (!ui.pick) return;
    store.pickWay(i);
    redrawResult();
    document.querySelector(`#verdict [data-way="${i}"]`)?.focus();
  }

  /**
   * A tap on a unit, in a game that asks a reach on a tap (its `tapQuery`: a reach or a reach area):
   * the unit becomes that question's unit and the reach shows. Elsewhere a tap only selects: the
   * question's `unit` may be another unit than the mover (a pursued one), which a tap must not replace.
   */
  function tapUnit(id) {
    const u = unitById(id);
    // a saved army waiting for its place goes beside the unit tapped (on it is taken)
    if (ui.placing && u) { ui.placing.at(isHexBoard() ? hex.center(u.q, u.r) : [u.x, u.y]); return; }
    if (ui.tool !== 'move' || store.locked) return;
    if (playing() && orders().active()) { orders().tapUnit(id); return; } // a card played: its units are ordered by dragging them (a tap names a Leadership card's leader)
    askReach(id);
  }

  // Unit `id`'s reach (the game's `tapQuery`) becomes the question, ruled in the next frame, with no
  // Undo step of its own (a look: Undo after it takes back the last move, not the look); asked
  // again when it is the question already but held back after a move was made (no answer shown).
  function askReach(id) {
    const s = sys(), spec = own(s.queries, s.tapQuery);
    if (!spec) return;
    const key = spec.fields.find((f) => f.kind === 'unit')?.key;
    const d = doc();
    if (d.query === s.tapQuery && key && own(d.inputs, d.query)?.[key] === id) { if (!ui.result) rule(); return; }
    store.look((dd) => {
      dd.query = s.tapQuery;
      if (key) (dd.inputs[dd.query] ??= {})[key] = id;
    });
  }

  // ---- play: on a hex board a drag of a unit is its move, ruled by its reach ----
  // `ui.mode` is the mode chosen ('play' or 'setup'); `ui.carry` the unit a finger carries in play:
  // `{id, at}` (the hex under the finger), `rested` (`at` once the finger has rested on it), `via`
  // (the waypoints: hexes it rested on and left, and `way`, the reach's way to the first), `dropped`
  // once the finger lifted before its ruling answered.
  const LINGER_MS = 500;

  /**
   * True when this game's drags can be moves: a hex board whose game asks a reach on a tap and
   * whyNot of a hex, or a table whose game says how its drags are played (`tablePlay`, play-table.js).
   */
  const canPlay = () => (isHexBoard() ? !!sys().whyNotQuery && !!own(sys().queries, sys().tapQuery) : !!sys().tablePlay);
  const playing = () => ui.mode === 'play' && canPlay();

  // The answer on screen is unit `id`'s reach in the position on the board now.
  const reachOf = (id) => asksWhyNot() && ui.result.request.unit === id && ui.lastRequest === JSON.stringify(currentRequest(), null, 2);

  /** A drag of unit `id` in play: the hex under the finger (on a mover's coarser lattice, its nearest point) is where it would go. */
  function carry(id, pointer, byKey = false) {
    const u = unitById(id);
    if (!u) return;
    if (ui.carry?.id !== id || ui.carry.dropped) { store.setCarry({ id, at: null, rested: null, via: [], way: null, dropped: false, linger: 0 }); askReach(id); }
    const c = ui.carry;
    let h = byKey ? pointer : hex.fromPixel(...pointer);
    const lattice = onLattice(store.state.system, u);
    h = standAt(store.state.system, doc().board, u, h);
    if (c.at?.q === h.q && c.at?.r === h.r) return;
    clearTimeout(c.linger);
    // a hex the finger rested on and moved on from is a waypoint (a finger resting where it lets go
    // changes nothing; a mover on a coarser lattice keeps the reach's way)
    // (a drag no order makes a move of only shows the reach's way: play-orders.js unordered)
    if (c.at && c.rested === c.at && !orders().unordered()) addWaypoint(c);
    c.at = h;
    if (!lattice && !byKey) c.linger = setTimeout(() => { if (ui.carry === c && c.at === h) c.rested = h; }, LINGER_MS);
    if (c.via.length) throughWaypoints(c); else follow();
    refresh(); // the footprint under the finger (app.js scene), before any answer
  }

  // The first waypoint is a hex the reach reached (its way there the reach's); each later one any
  // hex of the board. From then on the question is the game's move along that path.
  function addWaypoint(c) {
    if (c.dropped || !onBoard(c.at)) return;
    const last = c.via.at(-1) ?? unitById(c.id);
    if (!last || (last.q === c.at.q && last.r === c.at.r)) return;
    if (!c.via.length) {
      if (!reachOf(c.id) || !ui.pick || 'why' in ui.pick) return;
      c.way = ui.result.scene.tracks.findLast((t) => t.kind === 'hexes')?.steps.slice(1) ?? null;
      if (!c.way) return;
    }
    c.via.push(c.at);
    throughWaypoints(c);
  }

  // The move along the reach's way to the first waypoint, then straight from waypoint to waypoint
  // and on to the hex under the finger: the Path tool's question, ruled in the next frame.
  function throughWaypoints(c) {
    const path = [...c.way];
    for (const h of [...c.via.slice(1), c.at]) path.push(...hex.line(path.at(-1), h));
    store.setPick(null);
    store.edit((d) => {
      d.query = pathQuery(d);
      const inputs = pathInputs(d);
      inputs.unit = c.id;
      inputs.path = path.map((h) => ({ q: h.q, r: h.r }));
    }, `drag:${ui.serial}`);
  }

  /**
   * Shows the carried unit's hex on its reach once that has answered (app.js calls it with every
   * answer): the way there, its cost and what is left, or for a hex it cannot end on the engine's
   * whyNot, as a tap on that hex would; a drop waiting for the reach is made then.
   */
  let hexRulings = 0; // a Play drag's hexes ruled from the reach on screen, or by whyNot (the bench's marks)
  function follow() {
    orders().follow();
    eject().follow();
    const c = ui.carry;
    if (c?.order) return;
    if (c?.table) { table().follow(); return; }
    if (c?.via.length) { if (c.dropped && ui.lastRequest === JSON.stringify(currentRequest(), null, 2)) drop(c); return; }
    if (!c || !reachOf(c.id)) return;
    const home = unitById(c.id);
    const h = c.at;
    let serial = null;
    if (!h || !onBoard(h) || (home && h.q === home.q && h.r === home.r)) store.setPick(null); // off the board, or back home: no move
    else if (!(ui.pick && ui.pick.q === h.q && ui.pick.r === h.r)) {
      serial = `hex-${++hexRulings}`;
      timing('movecalc:ask', serial);
      if (ui.result.scene.reach.has(hex.key(h.q, h.r))) store.setPick({ q: h.q, r: h.r });
      else { store.setPick({ q: h.q, r: h.r, why: null }); whyNot(ui.pick, serial); serial = null; }
    }
    redrawResult();
    if (serial) timing('movecalc:ruled', serial);
    if (c.dropped) drop(c);
  }

  /**
   * The finger lifted (or the gesture was cancelled). On a reached hex the move is made, as Make this
   * move makes it (one Undo step); anywhere else the unit never left its hex, and the reason (the
   * whyNot asked for that hex) stays on screen.
   */
  function dragEnd(id, cancelled) {
    if (ui.offBoard) {
      const off = ui.offBoard;
      store.setOffBoard(null);
      if (off.id === id && !cancelled) { removeUnit(id); return; }
      refresh();
    }
    const c = ui.carry;
    if (c?.table) { table().drop(id, cancelled); return; }
    if (c?.order) { orders().drop(id, cancelled); return; }
    if (!c || c.id !== id) return;
    clearTimeout(c.linger);
    if (cancelled) { store.setCarry(null); store.setPick(null); redrawResult(); refresh(); return; }
    c.dropped = true;
    if (c.via.length ? ui.lastRequest === JSON.stringify(currentRequest(), null, 2) && ui.result : reachOf(c.id)) drop(c);
  }

  function drop(c) {
    store.setCarry(null);
    refresh();
    if (c.via.length) { if (canApply()) makeMove(); } else playTo(c.id);
  }

  /**
   * Unit `id` let go, or a hex tapped, on the reached hex picked: the move made; on a hex it
   * reaches that the game will not have the page move it to by itself (its `canApplyEnd`), the
   * player chooses where the ejected go (play-eject.js), else it says why.
   */
  function playTo(id) {
    if (!ui.pick || 'why' in ui.pick) return;
    const unordered = orders().unordered();
    if (unordered) { store.pickNotMade(unordered); redrawResult(); return; }
    if (tappedEnd()) { if (canApply()) makeMove(); return; }
    const way = ui.result.scene.tracks.findLast((t) => t.kind === 'hexes')?.steps.slice(1);
    if (!eject().start(id, way, own(doc().inputs, ui.result.request.query)?.action)) { store.pickNotMade(NOT_CHOSEN); redrawResult(); }
  }


  function extendPath(h) {
    const d = doc();
    const q = pathQuery(d);
    // a path is drawn from a unit: before its first hex, a tap on the mover is no step, and a tap on
    // a unit further than a step away makes that one the mover (an order's rows name their own)
    const mover = unitById(pathInputs(d).unit);
    const on = pathInputs(d).path?.length ? null : d.units.find((w) => hexesOf(w).some((c) => c.q === h.q && c.r === h.r));
    if (on && on === mover) return;
    const rows = own(sys().queries, q)?.fields.some((f) => f.kind === 'orders');
    if (on && !rows && !(mover && hexesOf(mover).some((a) => hexesOf(on).some((b) => hex.distance(a, b) <= 1)))) {
      store.edit((dd) => { dd.query = q; pathInputs(dd).unit = on.id; });
      return;
    }
    if (mover) h = standAt(store.state.system, d.board, mover, h);
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
    if (!kind) return; // the game's kinds have not come from the engine yet
    const at = doc().terrain.find((t) => t.q === h.q && t.r === h.r);
    if (first) { store.nextGesture(); store.setPaintMode(at && at.terrain === kind ? 'erase' : 'paint'); }
    if (ui.paintMode === 'erase' ? !at : at?.terrain === kind) return;
    store.edit((d) => {
      d.terrain = d.terrain.filter((t) => !(t.q === h.q && t.r === h.r));
      if (ui.paintMode === 'paint') d.terrain.push({ q: h.q, r: h.r, terrain: kind });
    }, `paint:${ui.serial}`);
  }

  function finishPolygon() {
    if (ui.pending.length < 3) return;
    const kind = terrainKind();
    if (!kind) return;
    const polygon = ui.pending;
    store.setPending([]);
    store.edit((d) => {
      let n = d.terrain.length + 1;
      while (d.terrain.some((t) => t.id === `${kind} ${n}`)) n++;
      d.terrain.push({ id: `${kind} ${n}`, kind, polygon });
    });
  }

  // ---- keyboard ----
  canvas.addEventListener('keydown', (e) => boardKey(e));
  function boardKey(e) {
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
      if (us.length) { const i = us.findIndex((v) => v.id === ui.selected); store.select(us[(i + (k === 'N' ? us.length - 1 : 1)) % us.length].id); }
    } else if (k === 'Enter' && ui.placing) ui.placing.middle();
    // in play the arrows carry the selected unit hex by hex; Enter puts it down (the move made where it may go), Escape takes it back
    else if (k === 'Enter' && ui.carry && !ui.carry.dropped) dragEnd(ui.carry.id, false);
    else if (k === 'Escape' && ui.carry) dragEnd(ui.carry.id, true);
    else if (k === 'Escape') { store.setPending([]); store.select(null); }
    else if (k === 'Enter' && ui.tool === 'terrain') finishPolygon();
    else if ((k === ']' || k === '[') && ui.result?.scene.reach.size) pickNext(k === ']' ? 1 : -1);
    else if (k.startsWith('Arrow')) arrow(k, e.shiftKey, u);
    else if (k === 'Backspace' && ui.tool === 'path') store.edit((d) => { pathInputs(d).path?.pop(); });
    else if ((k === 'q' || k === 'e' || k === 'Q' || k === 'E') && u && playing() && !isHexBoard()) table().key(u.id, { turn: e.shiftKey ? 90 : 45, off: 'front', toward: k.toLowerCase() === 'e' ? 'right' : 'left' });
    else if ((k === 'q' || k === 'e') && u) turnBy(u, k === 'e' ? 1 : -1, e.shiftKey);
    else if (k === 'Delete' && u) removeUnit(u.id);
    else handled = false;
    if (handled) e.preventDefault();
  }

  /**
   * Enter, Space or a screen reader's click on a unit's control (unit-controls.js). With a move
   * carried, it is made (a table game of charges: Enter on the unit that moves or on its target); in a game of charges, a
   * unit picked and then an enemy is the charge of that enemy; else the unit is picked (its reach
   * shown where a tap shows it). The verdict says the rest (a live region).
   */
  function activateUnit(id) {
    const c = ui.carry, charge = playing() && sys().tablePlay === 'charge';
    const picked = unitById(ui.selected), u = unitById(id);
    if (c && !c.dropped && (!charge || c.id === id || c.target === id)) { dragEnd(c.id, false); return; }
    if (charge && picked && u && picked.id !== id && picked.side !== u.side) { table().chargeAt(picked.id, id); return; }
    if (c && !c.dropped) dragEnd(c.id, true);
    store.select(id);
    if (playing() && isHexBoard()) tapUnit(id);
  }

  /** What the keys do to a unit now, in words: each unit control's accessible description (unit-controls.js). */
  function unitKeys() {
    const made = 'Enter makes the move, Escape takes it back.';
    if (!playing()) return `Enter picks it; arrows move it${!isHexBoard() || sys().hasFacing ? ', Q and E turn it' : ''}, Delete removes it.`;
    if (isHexBoard()) return `Enter shows its reach; arrows carry it hex by hex. ${made}`;
    if (sys().tablePlay === 'charge') return `Enter picks it, then Enter on an enemy asks that charge. Arrows move it from its front (Shift: a tenth): onto an enemy they aim a charge, elsewhere they measure. ${made} A charge is made once Roll 2D6, on the board’s bar, gives its Charge Range.`;
    return `Enter picks it; arrows add a step (Shift: a tenth), Q and E turn it 45° (Shift: 90°). ${made}`;
  }

  /** Any other key on a unit's control: the board's keys, for that unit (picked first). */
  function unitKey(id, e) {
    if (ui.selected !== id && !ui.carry && /^(Arrow|[qQeE]$|Delete$)/.test(e.key)) store.select(id);
    boardKey(e);
  }

  /** Picks the next (or previous) reached hex, for keyboards: what a tap on a shaded hex does. */
  function pickNext(sign) {
    const list = [...ui.result.scene.reach.values()];
    const i = ui.pick ? list.findIndex((h) => h.q === ui.pick.q && h.r === ui.pick.r) : -1;
    const next = list[(i + sign + list.length + (i < 0 && sign < 0 ? 1 : 0)) % list.length];
    store.setPick({ q: next.q, r: next.r });
    redrawResult();
  }

  function arrow(k, fine, u) {
    const [dx, dy] = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, 1], ArrowDown: [0, -1] }[k];
    if (ui.tool === 'path' && isHexBoard()) {
      const d = doc(), mv = pathInputs(d), mover = unitById(mv.unit);
      const from = mv.path?.length ? mv.path[mv.path.length - 1] : mover;
      if (from) extendPath(offsetStep(mover, from, dx, dy));
      return;
    }
    if (!u) return;
    if (playing() && ui.tool === 'move' && !isHexBoard()) {
      // on a table the arrows add a step to the order carried, or move a charge's finger: up ahead, down back, left and right (Shift: a tenth)
      table().key(u.id, { step: { ArrowUp: 'forward', ArrowDown: 'backward', ArrowLeft: 'left', ArrowRight: 'right' }[k], distance: fine ? 0.1 : 1 });
      return;
    }
    if (playing() && ui.tool === 'move') {
      const from = ui.carry?.id === u.id && ui.carry.at && !ui.carry.dropped ? ui.carry.at : u;
      (orders().active() ? orders().carry : carry)(u.id, offsetStep(u, from, dx, dy), true);
      return;
    }
    if (!isHexBoard()) {
      const step = fine ? 0.1 : 0.5;
      store.edit(() => { u.x = round(u.x + dx * step); u.y = round(u.y + dy * step); }, `key:${u.id}`);
      return;
    }
    const h = offsetStep(u, u, dx, dy);
    if (onBoard(h)) store.edit((d) => { const v = d.units.find((w) => w.id === u.id); v.q = h.q; v.r = h.r; }, `key:${u.id}`);
  }

  // Unit `u`'s step from `from` left, right, up or down the screen: a hex, or a step of its game's lattice.
  function offsetStep(u, from, dx, dy) {
    const step = u && latticeStep(store.state.system, u, from, dx, dy);
    if (step) return step;
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

  /**
   * Puts unit `u` (not yet in `d`) on the free spot nearest `near` (where the player tapped, else the
   * middle of the view): on a hex
   * board the nearest hex where none of its hexes is taken; on a table the nearest point of
   * a spiral, half an inch apart, where its circle clears every other unit's and the table's edge.
   */
  function placeFree(d, u, near = board.toWorld(board.w / 2, board.h / 2)) {
    const system = store.state.system;
    if (isHexBoard()) {
      const taken = new Set(d.units.flatMap((v) => hexesOf(v)).map((h) => hex.key(h.q, h.r)));
      const cells = boardCells(system, d.board);
      const inside = new Set(cells.map((c) => hex.key(c.q, c.r)));
      const mid = hex.fromPixel(...near);
      const spot = cells.sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid)).map((c) => standAt(system, d.board, u, { q: c.q, r: c.r }))
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

  // ---- play on a table (play-table.js) ----
  const unitInfo = (id) => {
    const u = unitById(id);
    if (!u) return null;
    const [w, d] = unitSize(store.state.system, u);
    return { ...u, w, d };
  };
  const { applyRuling, canApply, tappedEnd } = initMakeMove({ store, sys, round, currentRequest, held });
  // a drop's ejections being chosen; a reached hex tapped in play that no card orders a move to
  function held() { return eject().active() || (playing() && !!orders().unordered() && ui.result?.request?.query === sys().tapQuery); }
  // ---- the game's play parts: on a table (play-table.js), a card played, a drop's ejections
  // chosen (play-orders.js, play-eject.js). A game's module brings those it uses (its `play`), so
  // the others' code is not loaded with it; each is set up once, when first asked for ----
  const wiring = {
    table: () => ({ store, ui, sys, doc, unitInfo, currentRequest, refresh, redrawResult, makeMove, canApply }),
    orders: () => ({ store, ui, sys, doc, unitById, currentRequest, askEngine, refresh, makeMove, frame: (b) => board.frame(b), shows: (b) => board.shows(b), bar: playBar }),
    eject: () => ({ store, ui, sys, doc, currentRequest, refresh, makeMove, bar: playBar }),
    rolls: () => ({ store, sys, doc, bar: playBar, own, unfinished: () => unfinished(store.state.system, doc()), rollInto }),
  };
  const parts = new Map(); // a part's set-up function → the part
  const part = (name) => {
    const init = sys().play[name];
    if (!init) return NONE[name];
    if (!parts.has(init)) parts.set(init, init(wiring[name]()));
    return parts.get(init);
  };
  const table = () => part('table'), orders = () => part('orders'), eject = () => part('eject'), rolls = () => part('rolls');
  /** The bar under the verdict in play: a drop's ejections while they are chosen, else the card played (or the cards to play), else the question's dice. */
  function renderPlayBar() {
    if (playing() && eject().render()) return;
    if (playing() && orders().can()) { orders().render(); return; }
    // the dice's row neither comes nor goes under a finger carrying a unit (a charge aimed from a
    // pursuit's question hid it and moved the tabs by its height); shown, it follows the question
    // (a charge aimed showed the pursuit's dice)
    const held = !!board.gesture?.moved;
    if (held && playBar.hidden) return;
    if (playing() && rolls().render()) return;
    if (!held) playBar.hidden = true;
  }
  /** What play draws over the board: the card's section, the hexes an ejected miniature may go to. */
  const playHexOverlay = (sc) => (playing() ? [...orders().overlay(sc), ...eject().overlay()] : []);
  /** Where a card played so far leaves the pieces it moves (play-orders.js placed), to draw them there. */
  const playPlaced = () => (playing() ? orders().placed() : new Map());
  /** The hexes the player taps to choose, drawn over the board (a drop's ejections). */
  const playChoices = () => (playing() ? eject().overlay() : []);

  return { dragTo, rotateTo, dragEnd, follow, canPlay, playing, tap, tapUnit, activateUnit, unitKey, unitKeys, pickWay, paintHex, finishPolygon, applyRuling, canApply, placeFree,
    playOverlay: () => (playing() ? table().overlay() : []), playNote: (request, result) => { const t = table().note(request, result); return { lead: t.lead, text: [t.text, playing() ? orders().note() : ''].filter(Boolean).join(' ') }; }, renderPlayBar, playHexOverlay, playPlaced, playChoices, playWaiting: () => (playing() ? orders().waiting() : null), playingCard: () => playing() && orders().active() };
}
