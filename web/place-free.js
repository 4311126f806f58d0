// Where a unit added from the library or the tray is placed: the free spot nearest where it was
// asked for.
import * as hex from './hex.js';
import { standAt, unitSize, boardCells } from './model.js';

/**
 * Of tools.js's context: the store (its game), the `board` (the middle of its view),
 * `isHexBoard()`, `round(v)` and the position's `hexesOf(u)`.
 */
export function initPlaceFree({ store, board, isHexBoard, round, hexesOf }) {
  /**
   * Puts unit `u` (not yet in `d`) on the free spot nearest `near` (where the player tapped, else the
   * middle of the view): on a hex
   * board the nearest hex where none of its hexes is taken; on a table the nearest point of
   * a spiral, half an inch apart, where its circle clears every other unit's and the table's edge.
   */
  return function placeFree(d, u, near = board.toWorld(board.w / 2, board.h / 2)) {
    const system = store.state.system;
    if (isHexBoard()) {
      const taken = new Set(d.units.flatMap((v) => hexesOf(v)).map((h) => hex.key(h.q, h.r)));
      const cells = boardCells(system, d.board);
      const inside = new Set(cells.map((c) => hex.key(c.q, c.r)));
      const mid = hex.fromPixel(...near);
      const spot = [...cells].sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid)).map((c) => standAt(system, d.board, u, { q: c.q, r: c.r }))
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
  };
}
