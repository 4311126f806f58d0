// A view moved as little as shows what the player needs to see (board.js Board.reveal, showUnits):
// fetched at the first that needs it, not with the page.
import { MIN_TEXT, clamp } from './board.js';

// of the legible size: the smallest a reach is zoomed out to (hexes 30 px across still hold a cost
// at the board's smallest text)
const REVEAL_FLOOR = 0.8;
const M = 24; // px kept between what is brought into view and the band's edge
const EDGE_GAP = 18; // px of empty band a tapped reach's zoom may let in beside the board (board.js unhide's)

// the band clear of the controls, past a hex board's numbers pinned at its top and left edges: [lo, hi] corners
function clearBand(board) {
  const [top, bottom] = board.band(), pinned = board.scene.kind === 'hex' ? MIN_TEXT + 8 : 0;
  return [[pinned, Math.max(top, pinned)], [board.w, bottom]];
}

// Pans the view, where screen box `box` is not all in the band, by the least that brings it M clear
// of the band's edges (as far as it fits; brought flush with the edge, a fled base lay under the
// numbers pinned there), its middle where it is larger; point `p` kept in view.
function panTo(board, box, p, [lo, hi]) {
  for (const [i, o] of [[0, 'ox'], [1, 'oy']]) {
    if (box[i] >= lo[i] && box[i + 2] <= hi[i]) continue;
    const m = Math.max(0, Math.min(M, (hi[i] - lo[i] - box[i + 2] + box[i]) / 2)), a = lo[i] + m, z = hi[i] - m;
    const d = box[i + 2] - box[i] <= z - a ? (box[i] < a ? a - box[i] : z - box[i + 2]) : (a + z) / 2 - (box[i] + box[i + 2]) / 2;
    board[o] += clamp(p[i] + d, lo[i] + M, Math.max(lo[i] + M, hi[i] - M)) - p[i];
  }
}

/**
 * Brings world box `b` into `board`'s band. About world point `at` (a tapped unit) the view is only
 * zoomed out, the unit kept under the finger: as far as brings in each side of `b` that REVEAL_FLOOR
 * of the legible size can, no further than keeps the board filling the band where it did (a zoom
 * about a unit at the side of an upright phone's board let in an empty band above it), and never
 * panned (a reach wider than the view moved the unit 90 px from under the finger); what it leaves
 * out is pointed at from the view's edge (board.js paintOffView). Without `at` (what a ruling or a
 * move needs in view) it is panned by as little as shows it, and zoomed out about its middle only
 * where it is larger than the band. Never zoomed in: a player lost their place each time the view moved.
 */
export function revealNow(board, b, at) {
  const scr = (x, y) => [board.ox + x * board.s, board.oy + board.flip * y * board.s];
  const screenBox = (w) => { const [c0, c1] = [scr(w[0], w[1]), scr(w[2], w[3])]; return [Math.min(c0[0], c1[0]), Math.min(c0[1], c1[1]), Math.max(c0[0], c1[0]), Math.max(c0[1], c1[1])]; };
  let box = screenBox(b);
  const band = clearBand(board), [lo, hi] = band;
  const p = at ? scr(at[0], at[1]) : [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2];
  const floor = Math.min(1, board.legibleScale(b) * REVEAL_FLOOR / board.s);
  let k = 1;
  if (at) {
    // (the zoom that brings a side of the reach to the band's edge, and the one that brings the
    // board's hexes to EDGE_GAP from the view's edge, past the numbers pinned there: the zoom
    // buttons' row at the foot is no room to leave empty)
    const toLo = (i, v, l = lo[i]) => (v < l && p[i] > l ? (p[i] - l) / (p[i] - v) : 1);
    const toHi = (i, v, h = hi[i]) => (v > h && p[i] < h ? (h - p[i]) / (v - p[i]) : 1);
    const edge = board.scene.cellBounds ?? board.scene.bounds, whole = edge ? screenBox(edge) : null, view = [board.w, board.h], pin = lo[0]; // (lo[0]: past the numbers pinned, on either axis)
    let least = floor;
    for (const i of [0, 1]) {
      for (const need of [toLo(i, box[i]), toHi(i, box[i + 2])]) if (need >= floor) k = Math.min(k, need);
      if (whole) least = Math.max(least, toLo(i, whole[i], pin + EDGE_GAP), toHi(i, whole[i + 2], view[i] - EDGE_GAP));
    }
    k = Math.max(k, least);
    if (k >= 1) return;
    board.ox = p[0] - (p[0] - board.ox) * k;
    board.oy = p[1] - (p[1] - board.oy) * k;
    board.s *= k;
    board.fitted = null;
    return;
  }
  for (const i of [0, 1]) k = Math.min(k, (hi[i] - lo[i] - 2 * M) / (box[i + 2] - box[i]));
  const before = [board.s, board.ox, board.oy];
  if (k < 1) {
    const s = Math.max(board.s * k, Math.min(board.s, board.legibleScale(b) * REVEAL_FLOOR)), f = s / board.s;
    board.ox = p[0] - (p[0] - board.ox) * f;
    board.oy = p[1] - (p[1] - board.oy) * f;
    board.s = s;
    box = box.map((v, i) => p[i % 2] + (v - p[i % 2]) * f);
  }
  panTo(board, box, p, band);
  if ([board.s, board.ox, board.oy].some((v, i) => v !== before[i])) board.fitted = null;
}

/**
 * Where one of units `ids` (those on its board) is not whole in the view, or (`covered`) has its
 * middle under a control, pans the view by the least that shows them whole, clear of the controls;
 * never zooming. A unit a finger put under a control stays there: the finger knows where it is.
 */
export function showUnitsNow(board, ids, covered) {
  const boxes = board.scene.units.filter((u) => ids.includes(u.id)).map((u) => { const e = board.extentOf(u); return [e.x - e.ex, e.y - e.ey, e.x + e.ex, e.y + e.ey]; });
  if (boxes.every((b) => b[0] >= -0.5 && b[1] >= -0.5 && b[2] <= board.w + 0.5 && b[3] <= board.h + 0.5) && (!covered || ids.every((id) => board.unitClear(id)))) return;
  const box = [0, 1, 2, 3].map((i) => (i < 2 ? Math.min : Math.max)(...boxes.map((x) => x[i])));
  const before = [board.ox, board.oy];
  panTo(board, box, [(box[0] + box[2]) / 2, (box[1] + box[3]) / 2], clearBand(board));
  if (board.ox !== before[0] || board.oy !== before[1]) board.fitted = null;
}
