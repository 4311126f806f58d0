// A unit's lattice squares painted on a board (board.js Painter `cells`: an overlay item of type
// 'cells'), which only Arcane Legions' reach area draws: its module brings this file, so The Ninth
// Age's table painting (board-table.js) is without it.
import { Painter, MIN_TEXT } from './board.js';
import { latticePoint } from './geometry.js';

/** The painter's method, given to every Painter as this module loads. */
export const latticePainting = {
  /**
   * Squares of `size` world units on the lattice of a unit's own frame (`frame`: {x, y, facing},
   * else the table's axes), one on each cell's `i`, `j` (steps of `size` to the right and ahead of
   * the frame's origin), filled (`alpha` each); `hatch` adds diagonal lines. With `contours`,
   * squares carry a `band` (their cost): the edges between squares of different bands are drawn,
   * and each band is numbered once, amid its own squares. (Squares on the table's axes left gaps
   * and seams across a lattice turned with its unit: a cloud, not an area.)
   */
  cells(it) {
    const c = this.ctx, f = it.frame ?? { x: 0, y: 0, facing: 0 };
    // the screen point of lattice point (i, j), in cells: right i, ahead j
    const at = (i, j) => this.toScreen(...latticePoint(f, it.size, i, j));
    const hatched = new this.Path();
    for (const p of it.cells) {
      const a = at(p.i - 0.5, p.j - 0.5), b = at(p.i + 0.5, p.j - 0.5), d = at(p.i + 0.5, p.j + 0.5), e = at(p.i - 0.5, p.j + 0.5);
      c.beginPath(); c.moveTo(...a); c.lineTo(...b); c.lineTo(...d); c.lineTo(...e); c.closePath();
      c.fillStyle = p.color;
      c.globalAlpha = p.alpha ?? 1;
      c.fill();
      if (p.hatch) { hatched.moveTo(...a); hatched.lineTo(...d); }
    }
    c.globalAlpha = 1;
    c.strokeStyle = 'rgba(27,36,48,0.45)'; c.lineWidth = 1;
    c.stroke(hatched);
    if (!it.contours) return;
    const band = new Map(it.cells.map((p) => [`${p.i},${p.j}`, p.band]));
    const edges = new this.Path(), inner = new Map();
    for (const p of it.cells) {
      let same = 0;
      // each neighbour, and the cell's edge it shares (its two corners, in half cells)
      for (const [di, dj, ai, aj, bi, bj] of [[1, 0, 1, -1, 1, 1], [-1, 0, -1, -1, -1, 1], [0, 1, -1, 1, 1, 1], [0, -1, -1, -1, 1, -1]]) {
        const next = band.get(`${p.i + di},${p.j + dj}`);
        if (next === p.band) { same++; continue; }
        if (next === undefined) continue; // a gap between samples is no change of cost
        edges.moveTo(...at(p.i + ai / 2, p.j + aj / 2)); edges.lineTo(...at(p.i + bi / 2, p.j + bj / 2));
      }
      if (same === 4) (inner.get(p.band) ?? inner.set(p.band, []).get(p.band)).push(p);
    }
    c.strokeStyle = 'rgba(27,36,48,0.8)'; c.lineWidth = 1.5;
    c.stroke(edges);
    // each band's number at the middle of its inner squares (the one nearest their centroid)
    for (const [b, ps] of inner) {
      const mi = ps.reduce((a, p) => a + p.i, 0) / ps.length, mj = ps.reduce((a, p) => a + p.j, 0) / ps.length;
      const p = ps.reduce((q, v) => (Math.hypot(v.i - mi, v.j - mj) < Math.hypot(q.i - mi, q.j - mj) ? v : q));
      this.label(String(b), ...at(p.i, p.j), '#1b2430', MIN_TEXT, 40, true, 'number');
    }
  },
};
Object.assign(Painter.prototype, latticePainting);
