// A view moved as little as shows what a tap asked about (board.js Board.reveal): fetched at the
// first tap that needs it, not with the page.
import { MIN_TEXT, clamp } from './board.js';

// of the legible size: the smallest a reach is zoomed out to (hexes 30 px across still hold a cost
// at the board's smallest text)
const REVEAL_FLOOR = 0.8;

/**
 * Brings world box `b` whole into `board`'s band: zoomed out about world point `at` (the unit
 * tapped stays under the finger) only as far as `b` needs, to REVEAL_FLOOR of the legible size at
 * most; panned only where that cannot show it, by as little as shows it. A newcomer's review: a
 * reach framed on its middle moved the unit from under the finger, and the next drag missed it.
 * The view before is kept (`board.revealed`), with what it showed (ctl.shown), for unreveal; after
 * several in a row, the first's.
 */
export function revealNow(board, b, at) {
  const scr = (x, y) => [board.ox + x * board.s, board.oy + board.flip * y * board.s];
  const [c0, c1] = [scr(b[0], b[1]), scr(b[2], b[3])], p = scr(at[0], at[1]);
  let box = [Math.min(c0[0], c1[0]), Math.min(c0[1], c1[1]), Math.max(c0[0], c1[0]), Math.max(c0[1], c1[1])];
  // the band clear of the controls, past a hex board's numbers pinned at its top and left edges
  const [top, bottom] = board.band(), pinned = board.scene.kind === 'hex' ? MIN_TEXT + 8 : 0;
  const lo = [pinned, Math.max(top, pinned)], hi = [board.w, bottom];
  let k = 1;
  for (const i of [0, 1]) {
    if (box[i] < lo[i]) k = Math.min(k, (p[i] - lo[i]) / (p[i] - box[i]));
    if (box[i + 2] > hi[i]) k = Math.min(k, (hi[i] - p[i]) / (box[i + 2] - p[i]));
  }
  if (k >= 1) return;
  const before = { view: [board.s, board.ox, board.oy], fitted: board.fitted, handled: board.handled };
  const s = Math.max(board.s * k, Math.min(board.s, board.legibleScale(b) * REVEAL_FLOOR)), f = s / board.s;
  board.ox = p[0] - (p[0] - board.ox) * f;
  board.oy = p[1] - (p[1] - board.oy) * f;
  board.s = s;
  box = box.map((v, i) => p[i % 2] + (v - p[i % 2]) * f);
  // what still overflows: moved in by the least, or centred where it is larger than the band, the
  // point `at` kept in view
  const m = 24;
  for (const [i, o] of [[0, 'ox'], [1, 'oy']]) {
    if (box[i] >= lo[i] && box[i + 2] <= hi[i]) continue;
    const d = box[i + 2] - box[i] <= hi[i] - lo[i] ? (box[i] < lo[i] ? lo[i] - box[i] : hi[i] - box[i + 2]) : (lo[i] + hi[i]) / 2 - (box[i] + box[i + 2]) / 2;
    board[o] += clamp(p[i] + d, lo[i] + m, Math.max(lo[i] + m, hi[i] - m)) - p[i];
  }
  if (!board.revealed || board.revealed.handled !== board.handled) board.revealed = before;
  board.revealed.key = board.ctl.shown?.();
  board.fitted = null;
}
