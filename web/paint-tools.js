// The Terrain and Path tools: what a tap, a stroke and Enter lay on the board (a table's terrain
// polygon corner by corner, a hex board's terrain painted hex by hex, a path drawn from a unit).
import * as hex from './hex.js';
import { standAt, own } from './model.js';

/**
 * Of tools.js's context: the store and `ui`, `doc()`, `sys()`, `unitById(id)`, `round(v)`, the
 * position's `hexesOf(u)`, `onBoard(h)`, `pathQuery(d)` and `pathInputs(d)`, and `terrainKind()`
 * (the kind the Terrain tool lays).
 */
export function initPaintTools({ store, ui, doc, sys, unitById, round, hexesOf, onBoard, pathQuery, pathInputs, terrainKind }) {

  /** A tap with the Terrain tool on a table: a corner of the polygon being drawn, kept on the table. */
  function addCorner([x, y]) {
    const t = doc().table;
    store.addCorner([round(Math.min(Math.max(x, 0), t.width)), round(Math.min(Math.max(y, 0), t.height))]);
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

  return { addCorner, extendPath, paintHex, finishPolygon };
}
