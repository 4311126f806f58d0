// The board's keys (docs/page.md "Play and Set up"): zoom, the next unit, and the selected unit
// moved, turned or removed in Set up, carried hex by hex or stepped in play; the unit controls'
// Enter and keys (unit-controls.js). Fetched at the first focus on the board or a unit's control
// (tools.js), which comes before any key: a visit by pointer or touch never needs it.
import * as hex from './hex.js';
import { latticeStep } from './model.js';

/**
 * Of tools.js's context: the store and `ui`, the `board`, `doc()`, `sys()`,
 * `isHexBoard()`, `unitById(id)`, `round(v)`, `onBoard(h)`, `pathInputs(d)`, `redrawResult()`,
 * `removeUnit(id)` and `toggleFullBoard()`; play's `playing()`, `table()` and `orders()`
 * (play-parts.js), `carry(id, h, byKey)` (play-hex.js), `tapUnit(id)` (tap-reach.js), the tools'
 * `dragEnd(id, cancelled)`, and `finishPolygon()` and `extendPath(h)` (paint-tools.js).
 */
export function initBoardKeys({ store, ui, board, doc, sys, isHexBoard, unitById, round, onBoard, pathInputs, redrawResult, removeUnit, toggleFullBoard, playing, table, orders, carry, tapUnit, dragEnd, finishPolygon, extendPath }) {
  /** A key on the board (its canvas). */
  function boardKey(e) {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const k = e.key;
    const u = unitById(ui.selected);
    let handled = true;
    if (k === '+' || k === '=') board.zoomAt(board.w / 2, board.h / 2, 1.25);
    else if (k === '-') board.zoomAt(board.w / 2, board.h / 2, 0.8);
    else if (k === '0') board.showWhole();
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

  return { boardKey, activateUnit, unitKey };
}
