// The Ruler's reading on its plate (board.js draws a ruler's line with its `plate`, this): brought by
// the code that measures (ruler.js, the Ruler tool; play-table-charge.js, The Ninth Age's drag onto
// open ground), which no first view runs.
import { clamp, overlap } from './board.js';

/**
 * The Ruler's reading on a white plate of its own (it overprinted a unit's name), drawn by `board`
 * (board.js: a ruler's line item's `plate`): beside the line's middle on either side, else beside a third
 * of the way along it, at the first spot clear of every text (the names are planned first) and in
 * view; where none is, beside the middle. `a`, `b`: the line's ends on the screen, `len` its length.
 */
export function rulerPlate(board, text, a, b, len, color) {
  const c = board.ctx, size = 15;
  board.setFont(`600 ${size}px system-ui, sans-serif`);
  const w = Math.min(board.textWidth(text), 240) + 10, h = size + 6;
  const nx = -(b[1] - a[1]) / (len || 1), ny = (b[0] - a[0]) / (len || 1);
  // far enough from the line that the plate does not sit on it, whichever way the line runs
  const off = (Math.abs(nx) * w + Math.abs(ny) * h) / 2 + 6;
  const at = (k, side) => [a[0] + (b[0] - a[0]) * k + nx * off * side, a[1] + (b[1] - a[1]) * k + ny * off * side];
  // then beyond either end (the finger's first) and above or below the middle, moved along into
  // view: a wide plate beside a short steep line went far off it, onto a unit's name (its other
  // side out of view)
  const down = b[1] >= a[1] ? 1 : -1;
  const stacked = (k, side) => {
    const x = a[0] + (b[0] - a[0]) * k, y = a[1] + (b[1] - a[1]) * k;
    return [clamp(x, w / 2 + 2, Math.max(w / 2 + 2, board.w - w / 2 - 2)), y + side * (h / 2 + 8)];
  };
  const spots = [at(0.5, -1), at(0.5, 1), at(1 / 3, -1), at(1 / 3, 1), at(2 / 3, -1), at(2 / 3, 1),
    stacked(1, down), stacked(0, -down), stacked(0.5, -1), stacked(0.5, 1)]
    .map(([x, y]) => [x, y, [x - w / 2, y - h / 2, x + w / 2, y + h / 2]]);
  const inView = (box) => box[0] >= 0 && box[1] >= 0 && box[2] <= board.w && box[3] <= board.h;
  // off the units' bodies too where it can be
  const bodies = (board.scene?.units ?? []).map((u) => { const e = board.extentOf(u); return [e.x - e.ex, e.y - e.ey, e.x + e.ex, e.y + e.ey]; });
  const clear = spots.filter(([, , bx]) => inView(bx) && board.isClear(bx));
  let [x, y, box] = clear.find(([, , bx]) => !bodies.some((u) => overlap(bx, u))) ?? clear[0] ?? spots.find(([, , bx]) => inView(bx)) ?? spots[0];
  // no spot in view (a line running out of it): the plate is moved into it, where its reading is
  // drawn (a text the view's edge would cut is not, and an empty plate showed at the edge)
  if (!inView(box)) {
    [x, y] = [clamp(x, w / 2, Math.max(w / 2, board.w - w / 2)), clamp(y, h / 2, Math.max(h / 2, board.h - h / 2))];
    box = [x - w / 2, y - h / 2, x + w / 2, y + h / 2];
  }
  c.beginPath(); c.rect(box[0], box[1], w, h);
  c.fillStyle = 'rgba(255,255,255,0.95)'; c.fill();
  c.strokeStyle = color; c.lineWidth = 1.5; c.stroke();
  board.text(text, x, y, color, size, false, box, 'ruler');
}
