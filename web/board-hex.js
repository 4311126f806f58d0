// A hex board painted on a board (board.js Painter): its hexes, their names and the rows' and
// columns' numbers, an overlay's hexes with their costs and badges, a hex path. The hex games bring
// it (their `hexPainting`, which gives every Painter these methods as this module loads), so that
// a table's page code is without it, as a hex board's is without a table's (board-table.js). A hex
// unit's rotate handle is board-handle.js's.
import { Painter, BoxGrid, MIN_TEXT, SMALL_AT, clamp, fetchedOnce } from './board.js';
import { center, corner, toOffset, SQRT3 } from './hex.js';

// the smallest hex (px, centre to corner) whose hatching reads as lines: below it, a few pixels
// between lines read as a tint the hex's fill already gives (and cost a drag's frame at the limits)
const HATCH_MIN = 10;
const REACH_ARROW = '#1e6b3c'; // the arrow at the view's edge to a reach's hexes out of it (a reached hex's green, darker)
// more of an overlay's hexes in view than this are drawn as a layer kept while they stay (paintHexCells)
const LAYERED_CELLS = 500;
// where a hex's badge goes first (hexBadge), in hex sizes from its centre: under the cost on a
// roomy hex, on a tab above it on a small one
const BADGE_BELOW = 0.52, TAB_ABOVE = 0.4;
// what a hex's drawing in the board's layer depends on (paintHexBoard), and an overlay's hex's shapes (hexShapes)
const CELL_FIELDS = ['q', 'r', 'fill'];
const SHAPE_FIELDS = ['q', 'r', 'color', 'hatch', 'outline', 'dashed', 'stop'];
// a hex's corners about its centre, as corner() places them at radius 1
const HEX_COS = [0, 1, 2, 3, 4, 5].map((i) => Math.cos(Math.PI / 180 * (60 * i - 30)));
const HEX_SIN = [0, 1, 2, 3, 4, 5].map((i) => Math.sin(Math.PI / 180 * (60 * i - 30)));
// A small token's disc is never less than this across (CSS px): its letter's box at MIN_TEXT inside
// it. At 0.34 of a hex alone it was 11–13 px on a phone's board zoomed out, under its "L" (a
// newcomer's review); larger at the legible zoom it moved the names beside it into the
// spots of a card's words (labels.test, landscape.test).
const SMALL_MIN = MIN_TEXT + 3;

/**
 * The hexes' layer of paintHexBoard as steps (a step returns whether any is left): the view's
 * ground; each colour's hexes (in the order the colours first come) into one path, filled; every
 * hex's outline into one path, stroked. A path is built over as many steps as it takes.
 */
function hexSteps(p, shown) {
  let groups = null, g = -1, i = 0, path = null;
  return () => {
    // (grouped at the first step: a paint that copies the layer calls none)
    if (g < 0) {
      const byFill = new Map();
      for (const cell of shown) { if (!byFill.has(cell.fill)) byFill.set(cell.fill, []); byFill.get(cell.fill).push(cell); }
      groups = [...byFill];
      p.fillView();
      g = 0;
      return true;
    }
    const cells = g < groups.length ? groups[g][1] : shown;
    path ??= new p.Path();
    if (i < cells.length) { const cell = cells[i++]; p.hexInto(path, cell.q, cell.r); return true; }
    if (g < groups.length) { p.ctx.fillStyle = groups[g][0]; p.ctx.fill(path); } else {
      p.ctx.strokeStyle = 'rgba(60,70,60,0.45)';
      p.ctx.lineWidth = 1;
      p.ctx.stroke(path);
    }
    g++; i = 0; path = null;
    return g <= groups.length;
  };
}

// A drag's frame kept as one picture (board-still.js: Painter's `keptFrame`), fetched at the first
// drag on a hex board, which no first view makes; until it has come (or after a failed fetch,
// forgotten so that the next frame tries again) a drag's frames draw the board afresh, the same
// picture.
const loadStill = fetchedOnce(() => import('./board-still.js'));

/** The Painter's methods that paint a hex board (docs/page.md "Loading"). */
export const hexPainting = {
  /**
   * A reach's hexes whose centres are out of the view (a tapped unit's reach wider than the view,
   * which stays where the finger left it: revealNow), one thing per edge they lie past, at their
   * middle, with their number (`reached`), for an arrow of its own (board-arrows.js paintArrows).
   */
  reachOff(sc) {
    const sides = new Map();
    for (const h of (sc.overlay ?? []).filter((it) => it.type === 'hexes' && it.reach).flatMap((it) => it.cells)) {
      const [x, y] = this.toScreen(...center(h.q, h.r));
      const side = x > this.w ? 'right' : x < 0 ? 'left' : y < 0 ? 'top' : y > this.h ? 'bottom' : null;
      if (!side) continue;
      const s = sides.get(side) ?? sides.set(side, [0, 0, 0]).get(side);
      s[0]++; s[1] += x; s[2] += y;
    }
    return [...sides].map(([side, [n, x, y]]) => ({ id: `reach ${side}`, reached: n, color: REACH_ARROW, e: { x: x / n, y: y / n, ex: 0, ey: 0 } }));
  },

  /**
   * A small token's disc (board.js tokenOf: a unit that rides with another) at this zoom: its radius `r` and its
   * centre from its hex's (`dx`, `dy`), in px, towards `corner` (a game's placeUnits chooses it: 0 upper
   * right, 1 lower right, 2 upper left, 3 lower left; mirror images). Where 0.34 of a hex is under
   * SMALL_MIN, the disc is SMALL_MIN across, its outer edge where the smaller disc's was (the names
   * above or below it stay where they were) and its inner edge 9.5 px off the hex's centre, clear of
   * the unit's badge.
   */
  smallDisc(corner = 0) {
    const s = this.s, r = Math.max(s * 0.34, SMALL_MIN / 2);
    const dx = Math.max(s * SMALL_AT[0], r + 9.5), dy = (SMALL_AT[1] - 0.34) * s + r;
    return { r, dx: corner & 2 ? -dx : dx, dy: corner & 1 ? -dy : dy };
  },

  /**
   * How far (screen px, 22 at most) a small token's or a many-hex unit's button
   * (unit-controls.js) may reach from its token's middle `e`: up to the nearest other hex unit's
   * token or button, whichever reaches further (`halfOf(v, ev)`: its button's half-width). Looked
   * up among the units near the view by where their buttons may reach (`pass.near`, made at a
   * pass's first call), not among all.
   */
  buttonRoom(u, e, pass, halfOf) {
    if (!pass.near) {
      pass.near = new BoxGrid(this.w, this.h);
      for (const v of pass.units) {
        const ev = !v.free && this.extentOf(v), r = ev && Math.max(ev.ex, 22);
        if (ev && ev.x + r > -96 && ev.y + r > -96 && ev.x - r < this.w + 96 && ev.y - r < this.h + 96) pass.near.add([ev.x - r, ev.y - r, ev.x + r, ev.y + r], [v, ev]);
      }
    }
    let room = 22;
    pass.near.near([e.x - 22, e.y - 22, e.x + 22, e.y + 22], (box, [v, ev]) => {
      if (v !== u) room = Math.min(room, Math.hypot(ev.x - e.x, ev.y - e.y) - Math.max(ev.ex, halfOf(v, ev)));
    });
    return room;
  },

  /**
   * A layer's key for a long list (a board's hexes, an overlay's): a number that stays while `list`
   * holds the same `fields` (property names or indices) as the list last given under `name`, read
   * now, else a new one. No string or array an item: at the limits such keys (3,000–10,000 values
   * each frame) were a drag's garbage collection.
   */
  listKey(name, list, fields) {
    this.listKeys ??= new Map();
    const k = fields.length, was = this.listKeys.get(name);
    let same = !!was && was.values.length === list.length * k;
    for (let i = 0, at = 0; same && i < list.length; i++) for (let j = 0; j < k; j++) if (list[i][fields[j]] !== was.values[at++]) { same = false; break; }
    if (same) return was.n;
    const values = [];
    for (const x of list) for (const f of fields) values.push(x[f]);
    const n = (was?.n ?? 0) + 1;
    this.listKeys.set(name, { values, n });
    return n;
  },

  /**
   * Adds a hex's outline to a path (screen px), back to its first corner: a Path2D's closePath takes
   * longer the more the path holds (seconds for a board's 3,600 hexes).
   */
  hexInto(path, q, r, inset = 0) {
    const [x, y] = center(q, r), k = 1 - inset;
    // corner() and toScreen's sums, with no array a corner (a 60 × 60 board's first paint made
    // some 50,000)
    this.settle();
    const { s, ox, oy, flip } = this;
    for (let i = 0; i <= 6; i++) {
      const px = ox + (x + k * HEX_COS[i % 6]) * s, py = oy + flip * (y + k * HEX_SIN[i % 6]) * s;
      if (i) path.lineTo(px, py); else path.moveTo(px, py);
    }
  },

  hexPath(q, r, inset = 0) {
    const [x, y] = center(q, r);
    const c = this.ctx;
    c.beginPath();
    for (let i = 0; i < 6; i++) {
      const [px, py] = this.toScreen(...corner(x, y, 1 - inset, i));
      if (i) c.lineTo(px, py); else c.moveTo(px, py);
    }
    c.closePath();
  },

  /**
   * Where the columns' numbers above the board and the rows' left of it go, as the page names a hex
   * ("col 4, row 3"): every column and row at the fit view when they fit clear, else every other
   * one. A number whose place is off the view is pinned at the view's edge, on a strip of the view's
   * ground drawn over the hexes, the units and the markers (paintHexCoords). Measured before the
   * names are planned (board.js paintScene), which keep off the strips: returns the view less them,
   * [x0, y0, x1, y1] (what lies under a strip is out of view), and keeps the numbers' places for
   * paintHexCoords (`coords`).
   */
  hexStrips(sc) {
    const { first, top } = this.edgeHexes(sc);
    // every column, or every 2nd, 5th, 10th …: the widest number and a gap between neighbours (a
    // strip of 633 columns ran them together); a column is √3 hex radii wide, a row 1.5
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    const widest = this.textWidth(String(Math.max(0, ...top.keys(), ...first.keys())));
    const every = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((k) => k * this.s * SQRT3 >= Math.max(2 * MIN_TEXT, widest + 10)) ?? 1000;
    const everyRow = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000].find((k) => k * this.s * 1.5 >= 1.6 * MIN_TEXT) ?? 1000;
    const above = Math.min(...[...top.values()].map(([, y]) => y)) - 1.75;
    const edge = MIN_TEXT / 2 + 3;
    // below a control over the view's top edge (a phone's first-visit note): under it none showed
    const from = (sx) => Math.max(edge, ...this.covers.filter((c) => c[1] < 2 * edge && c[0] < sx + 12 && c[2] > sx - 12).map((c) => c[3] + edge));
    // a column's number a quarter of a column right of its even rows' hexes, as far left of its odd
    // rows' (half a column right, offset layout): the hex nearest below it is its column's on any
    // row (over the even rows', a newcomer read an odd row's hex, half between two, as the next)
    const cols = [...top].filter(([col]) => !(col % every)).map(([col]) => { const [sx, sy] = this.toScreen(SQRT3 * (col + 0.25), above); return [col, sx, sy, from(sx)]; });
    const pinned = Math.max(0, ...cols.filter(([, , sy, e]) => sy < e).map(([, , , e]) => e));
    // (a row beside the columns' numbers pinned at the top read as one of them, "1 0")
    const rows = [...first].filter(([row]) => !(row % everyRow)).map(([row, [x, y]]) => [row, ...this.toScreen(x - 1.55, y)]).filter(([, , sy]) => !pinned || sy >= pinned + 2 * edge);
    const rw = this.textWidth(String(Math.max(0, ...first.keys()))) + 6, rowsPinned = rows.some(([, sx]) => sx < rw / 2);
    this.coords = { cols, rows, pinned, rw, rowsPinned, edge };
    // (each strip's line 1 px past its ground: paintHexCoords)
    return [rowsPinned ? rw + 1 : 0, pinned ? pinned + edge + 1 : 0, this.w, this.h];
  },

  /**
   * The rows' and columns' numbers where hexStrips placed them (a row's kept clear of the texts on
   * its line: "8" beside a cut hex's cost 4 read as 84), after the answer's numbers; the pinned ones
   * and their strips drawn over the units.
   */
  paintHexCoords() {
    const { cols, rows, pinned, rw, rowsPinned, edge } = this.coords;
    // on a halo beneath a hex's fill a pinned number faded, on a plate over the hexes a row's
    // covered a unit's token: a strip of the view's ground, drawn over the units (board.js paintScene `edge`)
    const pinnedDraws = [];
    const strip = (x, y, w, h) => pinnedDraws.push(() => {
      const c = this.ctx;
      c.fillStyle = '#e9e6dc'; c.fillRect(0, 0, x + w, y + h);
      c.fillStyle = 'rgba(60,70,60,0.45)'; c.fillRect(x, y, w || 1, h || 1);
    });
    // (`apart`: a row's pinned number is kept 3 px clear of the texts on its line, past the strip's edge)
    const number = (n, x, y, pin, apart = 0) => {
      const later = this.later;
      if (pin) this.later = pinnedDraws;
      try { this.label(String(n), x, y, '#3d4a3a', MIN_TEXT, 40, false, 'grid', pin ? apart : 0); } finally { this.later = later; }
    };
    if (pinned) strip(0, pinned + edge, this.w, 0);
    if (rowsPinned) strip(rw, 0, 0, this.h);
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    // (a column's number over the rows' strip is left out, as one past the view's edge)
    for (const [col, sx, sy, e] of cols) if (!rowsPinned || sx - this.textWidth(String(col)) / 2 > rw + 3) number(col, sx, Math.max(sy, e), sy < e);
    // (a row's number that would cross the strip's edge stands on it)
    for (const [row, sx, sy] of rows) number(row, rowsPinned && sx < 1.5 * rw ? rw / 2 : sx, sy, rowsPinned && sx < 1.5 * rw, 3);
    if (pinnedDraws.length) this.overUnits.push(Object.assign(() => { for (const draw of pinnedDraws) draw(); }, { edge: true }));
  },

  /**
   * A row's first hex (its centre) and a column's topmost, by row and column: kept while the board's
   * hexes are the same (a drag's or a zoom's every paint went through a 60 × 60 board's 3,600).
   */
  edgeHexes(sc) {
    const cells = sc.cells, was = this.edges;
    if (was && (was.cells === cells || (sc.boardKey && was.boardKey === sc.boardKey && was.n === cells.length))) { was.cells = cells; return was; }
    const first = new Map(), top = new Map();
    for (const cell of cells) {
      const { col, row } = toOffset(cell.q, cell.r), [x, y] = center(cell.q, cell.r);
      if (!(first.get(row)?.[0] <= x)) first.set(row, [x, y]);
      if (!(top.get(col)?.[1] <= y)) top.set(col, [x, y]);
    }
    this.edges = { cells, boardKey: sc.boardKey, n: cells.length, first, top };
    return this.edges;
  },

  /**
   * The whole board at the largest size a finger taps (a hex `least` px across at least), every hex's
   * centre in view and half a hex's radius clear of the controls over it; the numbers' bands where they fit,
   * else pinned at the view's edges (paintHexCoords). A landscape phone's opening: its units deploy
   * on the back rows, which a framing at 38 px left out. False where it does not fit so.
   */
  fitWhole(sc, least) {
    const cb = sc.cellBounds, b = sc.bounds, w = this.w, h = this.h, m = 3, covers = this.ctl?.covers?.() ?? [];
    const xs = sc.cells.map((c) => center(c.q, c.r));
    // (each axis placed with the numbers' band in view, then with the hexes alone: centred, at one edge, at the other)
    const at = (s, i, n) => [b, cb].flatMap((e) => [(n - (e[i] + e[i + 2]) * s) / 2, m - e[i] * s, n - m - e[i + 2] * s]);
    for (let s = Math.min((w - 2 * m) / (cb[2] - cb[0]), (h - 2 * m) / (cb[3] - cb[1])); s * SQRT3 >= least; s *= 0.98) {
      const r = s / 2;
      for (const ox of at(s, 0, w)) {
        for (const oy of at(s, 1, h)) {
          const clear = xs.every(([x, y]) => {
            const px = ox + x * s, py = oy + y * s;
            return px >= r && py >= r && px <= w - r && py <= h - r && !covers.some((c) => px > c[0] - r && px < c[2] + r && py > c[1] - r && py < c[3] + r);
          });
          if (clear) { Object.assign(this, { s, ox, oy }); return true; }
        }
      }
    }
    return false;
  },

  paintHexBoard(sc) {
    const c = this.ctx;
    // a hex the answer numbers (its cost) keeps its terrain colour but not its name, which the number would cover
    const numbered = new Set((sc.overlay ?? []).filter((it) => it.type === 'hexes').flatMap((it) => it.cells.filter((h) => h.label !== undefined).map((h) => `${h.q},${h.r}`)));
    // the hexes in view, their fills one path per colour and their outlines one path: a few fills and
    // one stroke, not two of each per hex (a 60 × 60 board has 3,600)
    const m = this.s * 1.2, shown = [];
    this.settle();
    const w = this.w, h = this.h;
    for (const cell of sc.cells) {
      const x = this.hexX(cell.q, cell.r), y = this.hexY(cell.r);
      if (x < -m || y < -m || x > w + m || y > h + m) continue;
      shown.push(cell);
    }
    // (the hexes shown follow from the board's and the view, which is the layer's own key)
    const key = [this.listKey('hexes', sc.cells, CELL_FIELDS)];
    // one picture while the camera and the hexes' colours stay (Board.layer), drawn in steps that a
    // board's first paint spreads over frames (a 60 × 60 board's was the longest task of opening it):
    // the ground, then each colour's hexes filled, then every outline stroked, the same calls in the
    // same order as in one go, so that the picture ends the same; a new answer's framing draws
    // them over frames too, the board it finished last standing in, moved with the view (`hold`)
    this.layer('hexes', key, hexSteps(this, shown), true, true);
    // (what fits is asked once a name a paint: a board's 3,600 hexes asked twice each)
    const fitting = new Map();
    for (const cell of shown) {
      if (cell.mark && !(numbered.size && numbered.has(`${cell.q},${cell.r}`))) {
        // the terrain's name where it fits, else its short name (scene-hex.js terrainShorts), never a cut word
        let f = fitting.get(cell.mark);
        if (!f || f[0] !== cell.short) fitting.set(cell.mark, f = [cell.short, [cell.mark, cell.short].find((x) => x && this.fits(x, this.s * 1.6))]);
        // (none on a hex the view's left or top edge cuts (its centre a radius from it), where the rows' and columns' numbers are pinned: a row went unnumbered by a wood's short name)
        const t = f[1], [x, y] = this.toScreen(...center(cell.q, cell.r));
        if (t && Math.min(x, y) > this.s) this.label(t, x, y, 'rgba(27,36,48,0.8)', MIN_TEXT, this.s * 1.6, false, 'terrain');
      }
    }
    if (this.s >= 14) for (const h of sc.dottedCentres ?? []) this.dot(...this.toScreen(...center(h.q, h.r)), 2, 'rgba(60,70,60,0.45)');
    c.setLineDash([3, 4]);
    c.lineWidth = 2;
    c.strokeStyle = '#3d3a30';
    for (const x of sc.sections ?? []) {
      this.poly([[x, sc.cellBounds[1] + 0.3], [x, sc.cellBounds[3] - 0.3]], false);
      c.stroke();
    }
    c.setLineDash([]);
    for (const b of sc.baselines ?? []) {
      this.poly([[sc.cellBounds[0] + 0.5, b.y], [sc.cellBounds[2] - 0.5, b.y]], false);
      c.strokeStyle = b.color;
      c.lineWidth = 5;
      c.stroke();
    }
    if (sc.path?.length) this.paintHexLine(sc.path, '#1b2430', true, true);
  },

  paintHexLine(cells, color, dashed = false, numbered = false) {
    // numbered: each hex entered gets its step number; the start a plain dot
    const c = this.ctx;
    if (cells.length > 1) {
      this.poly(cells.map((h) => center(h.q, h.r)), false);
      c.strokeStyle = color;
      c.lineWidth = 3;
      if (dashed) c.setLineDash([8, 5]);
      c.stroke();
      c.setLineDash([]);
    }
    cells.forEach((h, i) => {
      const [x, y] = this.toScreen(...center(h.q, h.r));
      if (numbered && i > 0) { this.dot(x, y, 9, color); this.label(String(i), x, y, '#fff', MIN_TEXT, 40, false, 'number'); } else this.dot(x, y, 4, color);
    });
  },

  /**
   * Words about a part of the board as a whole (a card's section and its orders left: order-model.js
   * bandShapes) at world point (x, y), moved into the band clear of the controls where that is out
   * of it: zoomed in, they left the view.
   */
  pin(it) {
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    const [top, bottom] = this.band(), hw = this.textWidth(it.label) / 2 + 4, m = 17 + MIN_TEXT, [sx, sy] = this.toScreen(it.x, it.y);
    const x = clamp(sx, hw, Math.max(hw, this.w - hw)), y = clamp(sy, top + m, Math.max(top + m, bottom - m));
    const near = it.below ? [17, -16] : [-16, 17], far = MIN_TEXT + 6; // (as a mark's: below or above its point, beside it, a line further)
    // then down the band a line at a time: where units' names took every spot near its point, the
    // orders left went unsaid (a C&C opening zoomed in on a landscape phone)
    const down = [];
    for (let yy = top + m; yy <= bottom - m; yy += far) down.push([x, yy]);
    this.labelAt(it.label, [...near.map((d) => [x, y + d]), [x + hw + 8, y], [x - hw - 8, y], ...near.map((d) => [x, y + d + Math.sign(d) * far]), ...down], it.color);
  },

  /**
   * An overlay's hexes in view: their fills one path per colour, their hatching one clip per colour,
   * their outlines one path per colour and dash, the thick outlines where a move stops one path, then
   * each hex's number and badge. A few canvas calls, not five a hex: every enemy's zone of control
   * at the limits is 3,000 hexes, drawn at each frame of a drag. Past LAYERED_CELLS hexes in view
   * their shapes are a layer kept while the view and the hexes stay (the zones do through a drag:
   * raster of 3,000 hexes was most of a drag's frame at the limits); the numbers and badges are
   * placed among the other texts at every paint.
   */
  paintHexCells(it) {
    const m = this.s * 1.2, shown = [];
    this.settle();
    const w = this.w, height = this.h;
    for (const cell of it.cells) {
      const x = this.hexX(cell.q, cell.r), y = this.hexY(cell.r); // (3,000 hexes a frame at the limits)
      if (x < -m || y < -m || x > w + m || y > height + m) continue;
      shown.push(cell);
    }
    const draw = () => this.hexShapes(it, shown), name = `hexes ${this.hexLayers++}`;
    if (shown.length > LAYERED_CELLS) {
      // (the view, hatching's size and the hexes shown with it, is the layer's own key)
      const key = [it.color, this.listKey(name, it.cells, SHAPE_FIELDS)];
      // a zoom's frames (Board: `zoomed`) show the same hexes as last drawn, moved and scaled with
      // the view, and the frame after the zoom stops draws them afresh, sharp: an answer's 760 hexes
      // at the limits, drawn at every zoom frame, were a third of its frames' CPU time
      const l = this.zoomed ? this.layers?.get(name) : null;
      if (l?.view.length && !l.more && key.every((v, i) => v === l.key[i]) && l.canvas.width === this.canvas.width && l.canvas.height === this.canvas.height) {
        this.copyAt(l);
        this.draw();
      } else this.layer(name, key, draw);
    } else {
      // (its picture, of a view before this one, is not one a zoom back past LAYERED_CELLS shows)
      const l = this.layers?.get(name);
      if (l) l.view = [];
      draw();
    }
    for (const h of shown) if (h.label !== undefined || h.badge) this.hexText(h);
  },

  /** The fills, hatching and outlines of hexes `shown` of overlay item `it` (paintHexCells). */
  hexShapes(it, shown) {
    const c = this.ctx, groups = new Map();
    // the group of a kind of drawing and its colour: one path, and the screen box of its hexes
    const add = (kind, colour, h, x, y, inset) => {
      const key = `${kind} ${colour}`;
      if (!groups.has(key)) groups.set(key, { kind, colour, path: new this.Path(), box: [Infinity, Infinity, -Infinity, -Infinity] });
      const g = groups.get(key), b = g.box;
      this.hexInto(g.path, h.q, h.r, inset);
      b[0] = Math.min(b[0], x - this.s); b[1] = Math.min(b[1], y - this.s); b[2] = Math.max(b[2], x + this.s); b[3] = Math.max(b[3], y + this.s);
    };
    this.settle();
    for (const h of shown) {
      const x = this.hexX(h.q, h.r), y = this.hexY(h.r);
      add('fill', h.color ?? it.color, h, x, y, 0.06);
      if (h.hatch && this.s >= HATCH_MIN) add('hatch', h.outline ?? '#b3261e', h, x, y, 0.06);
      if (h.outline) add(h.dashed ? 'dashed' : 'outline', h.outline, h, x, y, 0.06);
      if (h.stop) add('stop', '#1b2430', h, x, y, 0.16);
    }
    const of = (kind) => [...groups.values()].filter((g) => g.kind === kind);
    for (const g of of('fill')) { c.fillStyle = g.colour; c.fill(g.path); }
    // lines across the box of a colour's hatched hexes, clipped to them, a third of a hex apart
    for (const { colour, path, box: [x0, y0, x1, y1] } of of('hatch')) {
      const step = Math.max(5, this.s / 3);
      c.save();
      c.clip(path);
      c.strokeStyle = colour; c.globalAlpha = 0.35; c.lineWidth = 1.5;
      c.beginPath();
      for (let k = x0 + y0; k <= x1 + y1; k += step) { c.moveTo(k - y1, y1); c.lineTo(k - y0, y0); }
      c.stroke();
      c.restore();
    }
    for (const g of [...of('outline'), ...of('dashed')]) {
      c.strokeStyle = g.colour; c.lineWidth = 2.5; c.setLineDash(g.kind === 'dashed' ? [5, 4] : []); c.stroke(g.path); c.setLineDash([]);
    }
    for (const g of of('stop')) { c.strokeStyle = g.colour; c.lineWidth = 3.5; c.stroke(g.path); }
  },

  /**
   * The screen box of hex h's badge where hexBadge puts it first: under the cost on a roomy hex, on
   * a tab above it on a small one (or the dot drawn there where the tab does not fit); the units'
   * names keep off it (board.js planNames), as off a cost.
   */
  badgeBox(h) {
    const [cx, cy] = this.toScreen(...center(h.q, h.r)), s = this.s, roomy = s >= 26, size = roomy ? clamp(s * 0.3, MIN_TEXT, 14) : MIN_TEXT + 2;
    this.setFont(`${roomy ? 600 : 700} ${roomy ? size : MIN_TEXT}px system-ui, sans-serif`);
    const w = roomy ? Math.min(this.textWidth(String(h.badge)), s * 1.5) / 2 : this.textWidth(String(h.badge).replace(/\s+/g, '')) / 2 + 2;
    const y = roomy ? cy + s * BADGE_BELOW : cy - s * TAB_ABOVE;
    return [cx - w, y - size / 2, cx + w, y + size / 2];
  },

  /**
   * A hex's number (its cost) and badge. A roomy hex has the number in the middle and the badge
   * below it; a small one (a phone's fit view) the badge without spaces on a white tab at the top and
   * the number below, both at MIN_TEXT; where even that does not fit, the tab alone, as a dot.
   */
  hexText(h) {
    const [cx, cy] = this.toScreen(...center(h.q, h.r));
    const badge = h.badge ? String(h.badge) : '';
    const roomy = this.s >= 26;
    if (h.label !== undefined) this.label(String(h.label), cx, badge && !roomy ? cy + this.s * 0.32 : cy, '#1b2430', clamp(this.s * 0.42, MIN_TEXT, 18), this.s * 1.5, false, 'number');
    if (!badge) return;
    // placed now, drawn over the units (a token hid it), at every size
    const later = this.later;
    this.later = this.overUnits;
    try { this.hexBadge(badge, cx, cy, roomy); } finally { this.later = later; }
  },

  hexBadge(badge, cx, cy, roomy) {
    if (roomy && this.label(badge, cx, cy + this.s * BADGE_BELOW, '#1b2430', clamp(this.s * 0.3, MIN_TEXT, 14), this.s * 1.5, true, 'badge')) return;
    const t = badge.replace(/\s+/g, ''), s = this.s;
    this.setFont(`700 ${MIN_TEXT}px system-ui, sans-serif`);
    const w = this.textWidth(t) + 4;
    // (drawn into the context of when it runs: over the units, that is the board's: Painter.text)
    const draw = (f) => { if (this.later) this.later.push(() => f(this.ctx)); else f(this.ctx); };
    // the tab above the cost, else beside it or below it, where it covers no text (a unit's name)
    // and is whole in view (label leaves its letters out otherwise)
    const spots = w > s * 1.7 ? [] : [[cx, cy - s * TAB_ABOVE], [cx + s * 0.5, cy], [cx - s * 0.5, cy], [cx, cy + s * 0.7]]
      .filter(([x, y]) => { const b = [x - w / 2, y - MIN_TEXT / 2, x + w / 2, y + MIN_TEXT / 2]; return !this.cutByEdge(b, true) && this.isClear(b); });
    // too small for its letters, or no place clear: a dot says a badge is there (zoomed in, the letters show)
    if (!spots.length) {
      draw((c) => { this.dot(cx, cy - s * TAB_ABOVE, 3.5, '#1b2430'); c.lineWidth = 1.5; c.strokeStyle = '#fff'; c.stroke(); });
      return;
    }
    const [x, y] = spots[0];
    draw((c) => { c.fillStyle = '#fff'; c.strokeStyle = '#1b2430'; c.lineWidth = 1; c.beginPath(); c.rect(x - w / 2, y - MIN_TEXT / 2 - 1, w, MIN_TEXT + 2); c.fill(); c.stroke(); });
    this.label(t, x, y, '#1b2430', MIN_TEXT, w, false, 'badge');
  },

  /**
   * A drag's frame on a hex board, its board and hexes as one picture kept while they stay
   * (board-still.js `keptFrame`, fetched at the first): what it drew, or null where it has not come
   * and the frame draws them itself.
   */
  paintStill(sc, beneath) {
    if (this.keptFrame) return this.keptFrame(sc, beneath);
    loadStill().catch(() => {});
    return null;
  },
};
Object.assign(Painter.prototype, hexPainting);
