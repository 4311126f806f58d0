// What only Arcane Legions' answers are drawn with (board.js Painter): the numbers of a move's
// events beside their markers (`stepBadge`: an overlay item with a `step`) and an overlay item of
// type 'points' (its reach area's stops and a trace's bevels). Its module brings this file, so the
// other games' pages are without it.
import { Painter, MIN_TEXT } from './board.js';

/** The painter's methods, given to every Painter as this module loads. */
export const stepPainting = {
  /**
   * An event's number (the ruling lists the events, numbered the same): white on a disc of
   * its marker's colour, at the first of `spots` (screen points) where it covers no text and lies in
   * view, and off the units where one such is (zoomed out, a unit is smaller than its markers), else
   * the same among `further` spots; left out where none is clear, as other labels are.
   */
  stepBadge(n, color, spots, further = []) {
    const t = String(n), c = this.ctx;
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    const r = Math.max(9, this.textWidth(t) / 2 + 4);
    const over = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
    const clear = (list) => list.map(([x, y]) => [x, y, [x - r, y - r, x + r, y + r]])
      .filter(([, , box]) => box[0] >= 2 && box[1] >= 2 && box[2] <= this.w - 2 && box[3] <= this.h - 2 && this.isClear(box));
    // off the units: looked up among the bodies near it (planNames filed them), not all units
    const onUnit = (box) => this.soft.near(box, (o, [k]) => k === 4 && over(box, o));
    const best = (list) => list.find(([, , box]) => !onUnit(box)) ?? list[0];
    const spot = best(clear(spots)) ?? best(clear(further));
    if (!spot) return null;
    const [x, y, box] = spot;
    this.dot(x, y, r, color);
    c.lineWidth = 1.5; c.strokeStyle = '#fff'; c.stroke();
    this.text(t, x, y, '#fff', MIN_TEXT, false, box, 'number');
    return box;
  },

  /** Dots at world points (`shape` 'square' or 'x' instead), each its own `color` or the item's. */
  points(it) {
    const c = this.ctx;
    for (const p of it.points) {
      const [x, y] = this.toScreen(p.x, p.y);
      c.fillStyle = c.strokeStyle = p.color ?? it.color;
      if (p.shape === 'square') c.fillRect(x - 2.5, y - 2.5, 5, 5);
      else if (p.shape === 'x') { c.lineWidth = 1.5; c.beginPath(); c.moveTo(x - 3, y - 3); c.lineTo(x + 3, y + 3); c.moveTo(x + 3, y - 3); c.lineTo(x - 3, y + 3); c.stroke(); }
      else this.dot(x, y, 3, p.color ?? it.color);
    }
  },
};

Object.assign(Painter.prototype, stepPainting);
