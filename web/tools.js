// The board's tools: what a drag, a tap, a paint stroke and the keyboard do to the position (Move,
// Terrain and Path), a tap on a hex of a reach (its way there, or the engine's whyNot), Make this
// move (web/make-move.js), play (a drag of a unit is its move) and where a unit
// added from the library is placed. Each is a module that takes of the page's context only what it
// reads: play's parts (play-parts.js), a tap's reach (tap-reach.js) and play on a hex board
// (play-hex.js); here they are wired, and a drag, a turn or a tap goes to the one it is for.
import * as hex from './hex.js';
import { standAt, latticeStep, unitSize, own, boardCells } from './model.js';
import { initMakeMove } from './make-move.js';
import { initPlayParts } from './play-parts.js';
import { initTapReach } from './tap-reach.js';
import { initPlayHex } from './play-hex.js';

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
export function initTools(page) {
  const { store, ui, board, canvas, doc, sys, isHexBoard, unitById, round, hexesOf, onBoard, pathQuery, pathInputs, refresh, redrawResult, currentRequest, terrainKind, removeUnit, toggleFullBoard } = page;
  const { applyRuling, canApply, tappedEnd } = initMakeMove({ store, sys, round, currentRequest, held });
  const { canPlay, playing, table, orders, eject, ...shown } = initPlayParts({ ...page, canApply });
  // a drop's ejections being chosen; a reached hex tapped in play that no card orders a move to
  function held() { return eject().active() || (playing() && !!orders().unordered() && ui.result?.request?.query === sys().tapQuery); }
  const { asksWhyNot, tapHex, whyNot, pickWay, tapUnit, askReach } = initTapReach({ ...page, playing, orders });
  const { carry, followCarry, letGo, playTo } = initPlayHex({ ...page, canApply, tappedEnd, orders, eject, asksWhyNot, whyNot, askReach, follow });

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

  // An answer arrived (app.js calls it with every one): each play part settles what waited on it,
  // then the unit a finger carries takes its place on it.
  function follow() {
    orders().follow();
    eject().follow();
    const c = ui.carry;
    if (c?.order) return;
    if (c?.table) { table().follow(); return; }
    followCarry();
  }

  // The finger lifted (or the gesture was cancelled): a unit held off the board in set-up is
  // removed; a unit carried in play is let go by the part that carries it.
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
    letGo(id, cancelled);
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

  return { dragTo, rotateTo, dragEnd, follow, canPlay, playing, tap, tapUnit, activateUnit, unitKey, unitKeys, pickWay, paintHex, finishPolygon, applyRuling, canApply, placeFree, ...shown };
}
