// A free-form table painted on a board (board.js Painter): its grid and figures, its edge and the
// terrain pieces, the polygon being drawn; and what only a table's units and answers are drawn with,
// an oriented rectangle (a unit, a ghost, a pose); a unit's lattice squares are board-lattice.js's. The games on a
// table bring it (their `paintTable`, which the scene hands the painter; `tablePainting`, which
// gives every Painter those methods as this module loads), so that a hex board's page code is
// without it, as a table's is without a hex board's (board-hex.js).
import { Painter, MIN_TEXT, FRONT_ARROW } from './board.js';
import { rad, rectCorners } from './geometry.js';

/** Paints scene `sc`'s table (its `kind` 'free') with `painter` (a board.js Painter). */
export function paintTable(painter, sc) {
  const t = sc.table;
  // grid: the finest of 1, 2, 5, 10, ... game units that stays at least 14 px apart
  const b = sc.bounds;
  let step = [0.25, 0.5, 1, 2, 5, 10, 20, 50].find((v) => v * painter.s >= 14) ?? 100;
  const major = step * (sc.majorEvery ?? 6);
  // the lines of each weight as one path: one stroke each instead of one per line
  const lines = { minor: new painter.Path(), major: new painter.Path() }, labels = [];
  for (const axis of [0, 1]) {
    const lo = axis ? b[1] : b[0], hi = axis ? b[3] : b[2];
    for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) {
      const isMajor = Math.abs(v / major - Math.round(v / major)) < 1e-6;
      const [ax, ay] = axis ? painter.toScreen(b[0], v) : painter.toScreen(v, b[1]);
      const [bx, by] = axis ? painter.toScreen(b[2], v) : painter.toScreen(v, b[3]);
      const p = isMajor ? lines.major : lines.minor;
      p.moveTo(ax, ay);
      p.lineTo(bx, by);
      if (isMajor && v > 0) labels.push([sc.lengthLabel(v), axis ? ax + 3 : ax + 2, axis ? ay - 3 : ay - 4, axis]);
    }
  }
  // the table, its grid, its edge and the terrain pieces: one picture (each full-size picture
  // copied into a frame costs that frame's commit alike), the figures and labels over it
  painter.layer('table', [t?.width, t?.height, ...b, step, major, ...sc.terrain.flatMap((tr) => [tr.polygon, tr.fill, tr.stroke])], () => {
    const c = painter.ctx;
    painter.fillView();
    if (t) {
      painter.poly([[0, 0], [t.width, 0], [t.width, t.height], [0, t.height]]);
      c.fillStyle = '#dfe8d2';
      c.fill();
    }
    c.lineWidth = 1;
    c.strokeStyle = 'rgba(40,60,40,0.12)';
    c.stroke(lines.minor);
    c.strokeStyle = 'rgba(40,60,40,0.35)';
    c.stroke(lines.major);
    if (t) {
      painter.poly([[0, 0], [t.width, 0], [t.width, t.height], [0, t.height]]);
      c.strokeStyle = '#2f3b2c';
      c.lineWidth = 3;
      c.stroke();
    }
    for (const tr of sc.terrain) {
      if (!seen(painter, tr.polygon)) continue;
      painter.poly(tr.polygon);
      c.fillStyle = tr.fill;
      c.fill();
      c.strokeStyle = tr.stroke;
      c.lineWidth = 2.5;
      c.stroke();
    }
  });
  // a grid figure starts at its line, its baseline just above the edge; left out under a name.
  // An edge out of view, or the table's foot in the band the page's controls float over, keeps
  // its figures at the view's left and above that band, on a halo (the Replay bar covered them)
  const floor = painter.viewH() - 2, left = 2;
  for (const [text, x, y, axis] of labels) {
    const px = axis ? Math.max(x, left) : x, py = axis ? y : Math.min(y, floor);
    painter.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    if ((axis && py > floor) || (!axis && px + painter.textWidth(text) > painter.w)) continue; // (not cut at the view's edge)
    painter.label(text, px + painter.textWidth(text) / 2, py - MIN_TEXT / 2 + 2, '#3d4a3a', MIN_TEXT, 200, px !== x || py !== y, 'grid');
  }
  const c = painter.ctx;
  for (const tr of sc.terrain) {
    if (!seen(painter, tr.polygon)) continue;
    const cx = tr.polygon.reduce((a, p) => a + p[0], 0) / tr.polygon.length;
    const cy = tr.polygon.reduce((a, p) => a + p[1], 0) / tr.polygon.length;
    painter.label(`${tr.label}`, ...painter.toScreen(cx, cy), '#1b2430', MIN_TEXT);
  }
  if (sc.pending?.length) {
    painter.poly(sc.pending, false);
    c.setLineDash([6, 4]);
    c.strokeStyle = '#1b2430';
    c.lineWidth = 2;
    c.stroke();
    c.setLineDash([]);
    for (const p of sc.pending) painter.dot(...painter.toScreen(...p), 4, '#1b2430');
  }
}

/** Whether any of a polygon (world points) is within a few px of `painter`'s view: what is not is not drawn. */
function seen(painter, points) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  painter.settle();
  const { s, ox, oy, flip } = painter;
  for (const p of points) {
    const x = ox + p[0] * s, y = oy + flip * p[1] * s; // (toScreen's, no array a point)
    x0 = Math.min(x0, x); y0 = Math.min(y0, y); x1 = Math.max(x1, x); y1 = Math.max(y1, y);
  }
  return x1 >= -4 && y1 >= -4 && x0 <= painter.w + 4 && y0 <= painter.h + 4;
}

/** The Painter's methods that paint only a table's units and answers (docs/page.md "Loading"). */
export const tablePainting = {
  /**
   * The terrain pieces the answer names (scene.js `named`) as paintOffView points at them: each
   * with its colour and screen extent (its polygon's box).
   */
  namedTerrain(sc) {
    return sc.terrain.filter((tr) => tr.named).map((tr) => {
      const p = tr.polygon.map((q) => this.toScreen(...q)), [x0, x1, y0, y1] = [0, 1].flatMap((i) => [Math.min(...p.map((a) => a[i])), Math.max(...p.map((a) => a[i]))]);
      return { id: tr.label, label: tr.label, color: tr.stroke, e: { x: (x0 + x1) / 2, y: (y0 + y1) / 2, ex: (x1 - x0) / 2, ey: (y1 - y0) / 2 } };
    });
  },

  /** An oriented rectangle with its front edge marked: a unit, a ghost or a final pose. */
  paintRect(pose, w, d, fill, stroke, alpha = 1, dashed = false) {
    const c = this.ctx;
    const k = rectCorners(pose.x, pose.y, pose.facing, w, d);
    c.globalAlpha = alpha;
    this.poly(k);
    if (fill) { c.fillStyle = fill; c.fill(); }
    c.lineWidth = 2;
    c.strokeStyle = stroke;
    if (dashed) c.setLineDash([5, 4]);
    c.stroke();
    c.setLineDash([]);
    // the front edge: a thick bright line and a small arrow head ahead of it
    this.poly([k[0], k[1]], false);
    c.lineWidth = 4;
    c.strokeStyle = '#f2c14e';
    c.stroke();
    const [ax, ay] = this.toScreen((k[0][0] + k[1][0]) / 2, (k[0][1] + k[1][1]) / 2);
    const f = rad(pose.facing), vx = Math.sin(f), vy = -Math.cos(f), a = FRONT_ARROW;
    c.beginPath();
    c.moveTo(ax + vx * a, ay + vy * a);
    c.lineTo(ax - vy * a * 0.8, ay + vx * a * 0.8);
    c.lineTo(ax + vy * a * 0.8, ay - vx * a * 0.8);
    c.closePath();
    c.fillStyle = '#f2c14e';
    c.fill();
    c.lineWidth = 1;
    c.strokeStyle = '#1b2430';
    c.stroke();
    c.globalAlpha = 1;
  },
};
Object.assign(Painter.prototype, tablePainting);
