// The board: drawing of a free-form table or a hex board, its units and the result overlay into any
// canvas-like 2-D context (Painter), and the page's canvas board on it (Board): a camera (pan,
// pinch-zoom, wheel-zoom) and pointer gestures (tap, drag a unit, rotate handle). It knows nothing
// of rules: the page hands it a scene (scene.js `boardScene`) and callbacks.
// Free-form world: x right, y up (away from the player). Hex world: the pixel space of hex.js.
import { center, corner, dirVector, SQRT3 } from './hex.js';
import { rad, rectCorners, isOn } from './geometry.js';
import { runFor, SLICE_MS } from './slices.js'; // (SLICE_MS: a paint of the page's board places names for it; more follow on the next frames)

const DPR = () => window.devicePixelRatio || 1;
export const clamp = (v, a, b) => Math.max(a, Math.min(b, v));
/** `load`, a module's import, fetched at its first call only; a failed fetch is forgotten, so the next call tries again. */
export const fetchedOnce = (load) => { let code = null; return () => (code ??= load().catch((err) => { code = null; throw err; })); };
/**
 * The rotate handle's placing and drawing (board-handle.js: Painter's `handleOf`, `handlePlace`,
 * `handleR`, `paintHandle`), fetched when a board would first show one: a first view selects no
 * unit (a game of move orders, whose play shows its question's handle from the first view, brings it: play-table-order.js); the arrows at the view's edge (board-arrows.js: `paintArrows`), when a view first leaves a
 * unit or a named piece out (a desktop's first view leaves none); a move's tracks part way
 * (board-tracks.js: `paintTracks`), as the timeline is first touched. Each is drawn from the frame
 * after it came.
 */
export const loadHandle = fetchedOnce(() => import('./board-handle.js'));
export const loadArrows = fetchedOnce(() => import('./board-arrows.js'));
export const loadTracks = fetchedOnce(() => import('./board-tracks.js'));
const loadReveal = fetchedOnce(() => import('./board-reveal.js'));
// The smallest board text, in CSS px: read at arm's length on a phone at the table. Text that does
// not fit at this size is shortened or left out (the text beside the board and a tap name it).
export const MIN_TEXT = 12;
// Where a small token's disc sits, in hex sizes from its hex's centre: 0.9 of the way to the upper
// right corner (30° above east), its disc (0.34) clear of a unit badge's text at the legible zoom
// (MIN_TEXT on a hex 38 px across) and of the discs of the units on the hexes beside.
export const SMALL_AT = [0.9 * Math.cos(Math.PI / 6), -0.9 * Math.sin(Math.PI / 6)];
// A board a finger reads and taps at the table: the size a new answer is framed at, at least.
export const LEGIBLE_HEX = 38; // CSS px across a hex (flat side to flat side)
export const LEGIBLE_BASE = 42; // CSS px on a base's short side
export const FRONT_ARROW = 7; // CSS px from a base's front edge to the tip of the arrow head ahead of it (board-table.js paintRect)
const MAX_SCALE = 400; // CSS px per world unit: the closest zoom
const LONG_PRESS_MS = 500; // a press held this long before turning turns freely (no 15° steps)
const SLICE_NAMES = 50; // names placed in a paint at least (placeNames)
const STALE_FRAMES = 3; // frames of a camera's move in a row that show units as last drawn at most (Board.moved)
const LAYERED_UNITS = 100; // more units near the view than this are drawn as a layer kept while their plan stands
const STILL_DRAWN = 24; // up to this many units, a drag's frame draws the others afresh; past it, it copies them as pictures
const FOCUS = '#f2c14e'; // the halo of the event picked in the ruling's list (the fronts' yellow)
// where an event's number goes around its marker: beside it diagonally first, then straight out, then further
const BADGE_SPOTS = [[14, -14], [-14, -14], [14, 14], [-14, 14], [0, -19], [0, 19], [19, 0], [-19, 0], [24, -24], [-24, -24], [24, 24], [-24, 24]];

/**
 * Every name's abbreviation (its shortest start of two letters or more that no other name begins
 * with, and an ellipsis: "Gua…" beside "Guards"; the whole name when no start does), in
 * O(n log n): the names beginning with a given start are neighbours in sorted order, so a start no
 * other name shares is one that neither neighbour shares.
 */
export function abbreviations(names) {
  const sorted = [...new Set(names)].sort();
  const out = new Map();
  // how many of `name`'s characters (code points) `other` begins with
  const shared = (name, other) => {
    let n = 0, at = 0;
    for (const ch of name) {
      if (!other.startsWith(ch, at)) break;
      at += ch.length;
      n++;
    }
    return n;
  };
  sorted.forEach((name, i) => {
    const chars = [...name];
    const k = Math.max(2, i > 0 ? shared(name, sorted[i - 1]) + 1 : 0, i + 1 < sorted.length ? shared(name, sorted[i + 1]) + 1 : 0);
    out.set(name, k < chars.length ? `${chars.slice(0, k).join('')}…` : name);
  });
  return out;
}

// The grid's cell, in CSS px: about a short name's width, so a box is looked up among a few cells.
const CELL = 48;
/**
 * Boxes on screen ([x0, y0, x1, y1], each with a value) found by the cells of a uniform grid they
 * cover: what a text would cover is looked up among the boxes near it, not all of them, so placing
 * n texts is near-linear. Cells are clamped to the view and a margin: two boxes that overlap still
 * share a cell, however far off the view they lie. `visits` counts the boxes looked at (a test's
 * measure of the work, which cannot depend on the machine's speed).
 */
export class BoxGrid {
  constructor(w, h) {
    this.nx = Math.max(1, Math.ceil(w / CELL)) + 1;
    this.ny = Math.max(1, Math.ceil(h / CELL)) + 1;
    this.cells = new Map();
    this.stamp = 0;
    this.visits = 0;
    this.boxes = [];
  }

  /** Every box added. */
  all() { return this.boxes; }

  span(b) {
    const c = (v, n) => clamp(Math.floor(v / CELL), -1, n);
    return [c(b[0], this.nx), c(b[1], this.ny), c(b[2], this.nx), c(b[3], this.ny)];
  }

  add(box, value = 1) {
    const e = { box, value, seen: 0 }, [x0, y0, x1, y1] = this.span(box);
    this.boxes.push(box);
    for (let i = x0; i <= x1; i++) for (let j = y0; j <= y1; j++) {
      const k = i * 4096 + j, list = this.cells.get(k);
      if (list) list.push(e); else this.cells.set(k, [e]);
    }
  }

  /** Calls `fn(box, value)` once for each box sharing a cell with `box`, until it returns true. */
  near(box, fn) {
    // (no array made per call: a paint at the limits asks tens of thousands of times)
    const stamp = ++this.stamp, c = (v, n) => clamp(Math.floor(v / CELL), -1, n);
    const x0 = c(box[0], this.nx), y0 = c(box[1], this.ny), x1 = c(box[2], this.nx), y1 = c(box[3], this.ny);
    for (let i = x0; i <= x1; i++) for (let j = y0; j <= y1; j++) {
      const list = this.cells.get(i * 4096 + j);
      if (!list) continue;
      for (const e of list) {
        if (e.seen === stamp) continue;
        e.seen = stamp;
        this.visits++;
        if (fn(e.box, e.value)) return true;
      }
    }
    return false;
  }
}
/**
 * The view in cells of COVER px, each set once a text's box covers it whole. A box holding a set
 * cell overlaps that text by COVER px at least, so a spot is known taken without looking its texts
 * up: at the whole view of 1,000 units most of the 25 spots tried for a name are.
 */
const COVER = 4;
export class Cover {
  constructor(w, h) {
    this.nx = Math.max(0, Math.ceil(w / COVER));
    this.ny = Math.max(0, Math.ceil(h / COVER));
    this.bits = new Uint8Array(this.nx * this.ny);
  }

  // the cells wholly inside box b, clamped to the view: [i0, j0, i1, j1], none where i0 > i1 or j0 > j1
  span(b) {
    return [Math.max(0, Math.ceil(b[0] / COVER)), Math.max(0, Math.ceil(b[1] / COVER)),
      Math.min(this.nx, Math.floor(b[2] / COVER)) - 1, Math.min(this.ny, Math.floor(b[3] / COVER)) - 1];
  }

  add(b) {
    const [i0, j0, i1, j1] = this.span(b);
    for (let j = j0; j <= j1; j++) this.bits.fill(1, j * this.nx + i0, j * this.nx + i1 + 1);
  }

  /** Whether box b holds a cell a text covers (then b overlaps that text). */
  covered(b) {
    const i0 = Math.max(0, Math.ceil(b[0] / COVER)), j0 = Math.max(0, Math.ceil(b[1] / COVER));
    const i1 = Math.min(this.nx, Math.floor(b[2] / COVER)) - 1, j1 = Math.min(this.ny, Math.floor(b[3] / COVER)) - 1;
    for (let j = j0; j <= j1; j++) for (let i = j * this.nx + i0, end = j * this.nx + i1; i <= end; i++) if (this.bits[i]) return true;
    return false;
  }
}

// what a whole view shows: the board, and the bounds of the table or board with what stands off it
const fitKey = (sc) => `${sc.kind}${sc.boardKey}|${sc.bounds}`;

// What a drag's other units are drawn from (board.js Painter.frozenFor): one string, compared per frame.
function stillSig(units, carried, selection = true) {
  let sig = '';
  for (const u of units) {
    if (u.id === carried) continue;
    const f = u.free;
    sig += `${u.id},${u.label},${u.color},${selection && u.selected ? 1 : 0},${u.badge},${u.small ? `1${u.corner}` : 0},${u.q},${u.r},${u.facing},${u.hexes?.length},${f ? `${f.x},${f.y},${f.facing},${f.w},${f.d}` : ''}\n`;
  }
  return sig;
}
// The ids of the selected units, as one string.
const selectedIds = (units) => units.filter((u) => u.selected).map((u) => u.id).join('\n');
/** The one unit selected, or null (none, or more than one). */
const selectedOf = (units) => { const s = units.filter((u) => u.selected); return s.length === 1 ? s[0].id : null; };
/** World point `w` turned `deg` clockwise (compass) about `c`: a handle behind or beside a base turns it as one ahead would. */
function spun(w, c, deg) {
  const a = rad(deg), dx = w[0] - c[0], dy = w[1] - c[1];
  return [c[0] + dx * Math.cos(a) + dy * Math.sin(a), c[1] - dx * Math.sin(a) + dy * Math.cos(a)];
}
// Whether two screen boxes overlap (by more than half a pixel: boxes that touch do not).
export const overlap = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
// A name this close to a unit (CSS px) reads as that unit's: only its own unit may be so close.
const AGAINST = 4;
// CSS px kept between a name and any other text beside it: about a space at 12 px
const NAME_GAP = 4;
// What a name covering a hex's cost number costs: more than covering two units (4 each).
const NUMBER = 9;
// What a name moved out on a callout line costs, in the units of what it covers (planNames): more
// than covering three of a reach's cost numbers (a long name beside the mover does), less than
// covering or sitting against another unit (a name stands against its own unit).
const FAR = 3.5;
// a name's spots beside its unit: 2–3 px off it, then 12 and 26 px further out, in 8 directions
const GAPS = [0, 12, 26, 44];
const DIRECTIONS = [[0, 1], [0, -1], [1, 0], [-1, 0], [1, 1], [-1, 1], [1, -1], [-1, -1]];
// Whether a segment [x0, y0, x1, y1] passes through a box (shrunk by a pixel: a line that grazes an edge does not).
function segmentMeetsBox([x0, y0, x1, y1], b) {
  let t0 = 0, t1 = 1;
  const dx = x1 - x0, dy = y1 - y0;
  // one clipping edge (Liang-Barsky); no array made per call: a paint at the limits makes thousands
  const edge = (p, q) => {
    if (p === 0) return q >= 0;
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
    return t0 <= t1;
  };
  return edge(-dx, x0 - b[0] - 1) && edge(dx, b[2] - 1 - x0) && edge(-dy, y0 - b[1] - 1) && edge(dy, b[3] - 1 - y0);
}

// A callout line from a unit's edge (its box, centre e.x, e.y) to the nearest point of a name's box moved away from it.
function calloutLine(e, box) {
  const tx = clamp(e.x, box[0], box[2]), ty = clamp(e.y, box[1], box[3]);
  const dx = tx - e.x, dy = ty - e.y, len = Math.hypot(dx, dy) || 1;
  const k = Math.min(e.ex / Math.max(Math.abs(dx), 1e-9), e.ey / Math.max(Math.abs(dy), 1e-9), 1);
  return [e.x + dx * k, e.y + dy * k, tx - dx / len * 2, ty - dy / len * 2];
}

/**
 * The drawing of a scene, in any 2-D context with the canvas's API: the page's canvas (Board, below)
 * or an SvgContext (svg-context.js: pictures, bin/movecalc-render.mjs). A camera (`s` px per world
 * unit, offset `ox`, `oy`) over a view of `width` x `height` px; no DOM, so Node can draw with it.
 * `Path`: the Path2D class of the context (SvgPath for an SvgContext).
 */
export class Painter {
  constructor(ctx, Path = globalThis.Path2D) {
    this.ctx = ctx;
    this.Path = Path;
    this.s = 20; this.ox = 0; this.oy = 0; this.flip = -1;
    this.width = 0; this.height = 0;
    this.foot = 0; // px along the view's foot that fits and framings leave clear (the page's zoom buttons float there)
    this.labelBoxes = []; // the screen box of every text drawn in this paint (and the names planned for it)
    this.keepClear = [];  // boxes no label may cover though they hold no text (the rotate handle)
    this.covers = []; // boxes of the view the page's controls float over (Board: ctl.covers), kept clear too
    this.taken = new BoxGrid(0, 0); // labelBoxes and keepClear, by where they are (isClear)
    this.cover = new Cover(0, 0); // the view's cells they cover whole (isClear)
    this.placed = new Set(); // the boxes in labelBoxes
    this.clearOf = null; // the box isClear asks about, and the test it asks the grid with (made once)
    this.overlapsClear = (o) => overlap(this.clearOf, o);
    this.font = null; // the font the next text is in (setFont)
    this.inCtx = null; // [context, font]: the font a context was set to last (fontSet)
    this.widths = new Map(); // text widths measured: font → text → width (textWidth)
    this.shortNames = { key: null, names: null }; // the units' abbreviations, while their names stay the same
    this.work = 0; // boxes looked at to place this paint's texts (BoxGrid visits)
    // every text of the last paint: [text, CSS px, box [x0, y0, x1, y1], kind, unit id (names)],
    // kind 'name', 'badge', 'number' (a cost, a step), 'grid', 'terrain' (a hex's), 'label' (a free table's terrain, markers, lines), 'ruler'
    this.drawnText = [];
    this.plan = new Map(); // unit id → where its badge and name go (planNames)
    this.frozen = null; // a drag's other units as planned on its first frame (frozenFor)
    this.frozenSerial = 0;
    this.planSerial = 0;
    this.bodies = new Map(); // unit id → its screen box, for the units near the view (planNames)
    this.soft = new BoxGrid(0, 0); // those bodies, markers and cost numbers by where they are (planNames)
    this.candidates = 0; // the spots tried for the names of this paint
    this.sliceMs = Infinity; // how long one paint places names for (placeNames); the rest in the next
    this.overUnits = null; // texts to draw once the units are (paintScene), and where a text goes now: `later`
    this.later = null;
    this.open = [0, 0, 0, 0]; // the view less the rows' and columns' numbers' strips (paintScene)
    this.scene = null;
    this.fitted = null;
  }

  /**
   * Notes the font the next text is measured or drawn in. The context's font is set only where a
   * text is drawn or measured afresh (fontSet): setting it parses the font, and most texts a paint
   * places are measured already (textWidth). Reading the context's font back is slow.
   */
  setFont(f) { this.font = f; }

  // The context's font made the one noted (setFont), unless it is already (`inCtx`: the font the
  // context was last set to, and which context).
  fontSet() {
    if (this.font === null || (this.inCtx?.[0] === this.ctx && this.inCtx[1] === this.font)) return;
    this.ctx.font = this.font;
    this.inCtx = [this.ctx, this.font];
  }

  /** A text's width in the font set last; remembered, since a paint measures the same names again. */
  textWidth(t) {
    // by font, then text: no key string built per call (a paint at the limits asks thousands of times)
    let byText = this.widths.get(this.font);
    if (!byText) this.widths.set(this.font, byText = new Map());
    let w = byText.get(t);
    if (w === undefined) {
      if (byText.size >= 20000) byText.clear();
      this.fontSet();
      w = this.ctx.measureText(t).width;
      byText.set(t, w);
    }
    return w;
  }

  // ---- camera ----
  toScreen(x, y) { this.settle(); return [this.ox + x * this.s, this.oy + this.flip * y * this.s]; }
  // A hex's centre on the screen as toScreen(...center(q, r)) places it, with no arrays (a paint at
  // the limits asks it thousands of times), the view settled before.
  hexX(q, r) { return this.ox + SQRT3 * (q + r / 2) * this.s; }
  hexY(r) { return this.oy + this.flip * (1.5 * r) * this.s; }
  toWorld(sx, sy) { this.settle(); return [(sx - this.ox) / this.s, (sy - this.oy) / (this.flip * this.s)]; }
  get w() { return this.width; }
  get h() { return this.height; }
  // The page's board makes a fit or framing asked for when it is next used; a painter at once.
  settle() {}

  /** Takes a scene to draw (the camera stays where it is). */
  show(scene) {
    this.scene = scene;
    this.flip = scene.kind === 'free' ? -1 : 1;
  }

  // The fit itself (settle): the scale and offset that show the whole table or board.
  fitNow() {
    const b = this.scene?.bounds;
    if (!b || !this.w) return;
    this.fitted = fitKey(this.scene);
    if (this.wholeFits()) return;
    const m = 18, [top, bottom] = this.band(), h = bottom - top;
    const s = Math.min((this.w - 2 * m) / (b[2] - b[0]), (h - 2 * m) / (b[3] - b[1]));
    this.s = s;
    const cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
    this.ox = this.w / 2 - cx * s;
    this.oy = top + h / 2 - this.flip * cy * s;
  }

  /** A hex board shown whole where the page asks it (ctl.wholeHex: the least hex, px) and it fits so (board-hex.js fitWhole). */
  wholeFits() {
    const least = this.scene.kind === 'hex' && this.ctl?.wholeHex?.();
    return !!least && this.fitWhole(this.scene, least);
  }

  // The framing itself (settle); a framing that would hardly zoom in is the whole-board fit.
  // A framing is no smaller than a player reads at the table (`legibleScale`), or than the view
  // already was where `maxScale` keeps that; when what it is about does not fit at that size, the
  // view is centred on it as far as keeps `core` (the mover) in view. The whole board is the ⤢
  // button away.
  frameNow(raw, maxScale, pad, core = null, { near = [], mover = null, whole = false, involved = [] } = {}) {
    const full = this.scene?.bounds;
    if (!full || !this.w) return;
    // a new answer on a board shown whole at a size a finger taps keeps it whole
    if (maxScale === Infinity && !whole && this.wholeFits()) { this.fitted = null; return; }
    const p = typeof pad === 'function' ? pad(this.w) : pad;
    let b = [raw[0] - p, raw[1] - p, raw[2] + p, raw[3] + p];
    const m = 24;
    // the band of the view clear of what floats over its top and foot (band): what is framed fills it
    let [top, bottom] = this.band();
    const clear = [top, bottom];
    let h = bottom - top;
    const fitS = Math.min((this.w - 2 * m) / (full[2] - full[0]), (h - 2 * m) / (full[3] - full[1]));
    let s = Math.min(fitS * 6, maxScale, (this.w - 2 * m) / Math.max(b[2] - b[0], 1e-9), (h - 2 * m) / Math.max(b[3] - b[1], 1e-9));
    // (a drop's choice hexes were framed with a neighbour's zones at 26 px, and tapped at that size);
    // `whole`: all of it in the clear band at whatever size that takes
    if (!whole) s = Math.max(s, Math.min(maxScale, this.legibleScale(b)));
    // a new answer with room to spare takes in the units nearest it, nearest first, while all still
    // fit at a legible size: the units its mover may meet (C&C's first view framed the Hastati's
    // one-hex reach at 78 px hexes, the enemy out of view)
    for (const q of maxScale === Infinity ? near : []) {
      const g = [Math.min(b[0], q[0] - p), Math.min(b[1], q[1] - p), Math.max(b[2], q[0] + p), Math.max(b[3], q[1] + p)];
      const t = Math.min(fitS * 6, (this.w - 2 * m) / (g[2] - g[0]), (h - 2 * m) / (g[3] - g[1]));
      if (t < this.legibleScale(g)) break;
      b = g;
      s = Math.min(s, t);
    }
    if (s <= fitS * 1.15) { this.fitNow(); return; }
    // what overflows the view anyway gains nothing from the band kept clear: it takes the whole height
    if ((b[3] - b[1]) * s > h - 2 * m) { top = 0; bottom = h = this.h; }
    this.s = s;
    let cx = (b[0] + b[2]) / 2, cy = (b[1] + b[3]) / 2;
    // `core` a point or a box: the whole box in view where it fits, else its middle
    const k = core && (core.length === 2 ? [core[0], core[1], core[0], core[1]] : core);
    const within = (v, lo, hi, half) => (hi - lo <= 2 * half ? clamp(v, hi - half, lo + half) : (lo + hi) / 2);
    if (k) {
      const hw = Math.max(0, this.w / 2 - 2 * m) / s, hh = Math.max(0, h / 2 - 2 * m) / s;
      cx = within(cx, k[0], k[2], hw);
      cy = within(cy, k[1], k[3], hh);
    }
    this.ox = this.w / 2 - cx * s;
    this.oy = top + h / 2 - this.flip * cy * s;
    // no empty band beside the board: slide the view back over it (or centre a board that fits)
    const keep = (o, lo, hi, v0, v1) => {
      const a = o + Math.min(lo, hi), z = o + Math.max(lo, hi);
      if (z - a <= v1 - v0 - 2 * m) return o + (v0 + v1) / 2 - (a + z) / 2;
      if (a > v0 + m) return o - (a - v0 - m);
      if (z < v1 - m) return o + (v1 - m - z);
      return o;
    };
    // (what is framed counts as board: an example's units off the table's corner stay in view)
    const [x0, y0, x1, y1] = [Math.min(full[0], b[0]), Math.min(full[1], b[1]), Math.max(full[2], b[2]), Math.max(full[3], b[3])];
    this.ox = keep(this.ox, x0 * s, x1 * s, 0, this.w);
    this.oy = keep(this.oy, this.flip * y0 * s, this.flip * y1 * s, top, bottom);
    // the mover (and its move, where that fits) stays in the clear band, though what is framed overflows
    if (k) {
      const [ya, yz] = [this.oy + this.flip * k[1] * s, this.oy + this.flip * k[3] * s].sort((p, q) => p - q);
      if (yz - ya <= clear[1] - clear[0] - 4 * m) {
        this.oy -= Math.max(0, yz - (clear[1] - 2 * m));
        this.oy += Math.max(0, clear[0] + 2 * m - ya);
      } else {
        this.oy += (clear[0] + clear[1]) / 2 - (ya + yz) / 2;
        // the move's middle in the band, its mover (`mover`, a point) too: a landscape phone's charge
        // left the unit charging under the controls over the board's foot
        if (mover) { const y = this.oy + this.flip * mover[1] * s; this.oy += clamp(y, clear[0] + 2 * m, Math.max(clear[0] + 2 * m, clear[1] - 2 * m)) - y; }
      }
    }
    // a board about as tall as the clear band is centred in it, its first and last rows both in
    // view: an upright phone showed a board's first row under the tip box, and an empty band over
    // the zoom buttons, its columns cut at a finger's size
    const rows = this.scene.cellBounds ?? full, tall = (rows[3] - rows[1]) * s, room = clear[1] - clear[0];
    if (tall > room - 2 * m && tall <= 1.1 * room) this.oy = (clear[0] + clear[1]) / 2 - this.flip * s * (rows[1] + rows[3]) / 2;
    const kept = mover ?? (k ? [(k[0] + k[2]) / 2, (k[1] + k[3]) / 2] : [(b[0] + b[2]) / 2, (b[1] + b[3]) / 2]);
    this.uncut(kept, clear, [x0, y0, x1, y1]);
    if (involved.length) this.unhide(involved, kept, Math.max(fitS, this.legibleScale(b)), [x0, y0, x1, y1]);
    this.fitted = null;
  }

  /**
   * A new answer's view moved, or zoomed out no further than a finger reads (`floor`), so that the
   * units its question involves (`ids`) show whole and clear of the controls floating over the
   * view, and the units near them are not left under a control or cut at its edge, nor put out of
   * it: a landscape phone's tip box hid the unit a collision met, its card bar the enemy's front rows.
   * The best of the views tried (the largest of equals, then the least moved) where it is better
   * than the framing's own; `at` (world) stays where it is on the screen while zooming, and no
   * empty band wider than there was is let in beside the board `area` (world).
   */
  unhide(ids, at, floor, area) {
    const want = new Set(ids), hexes = this.scene.kind === 'hex', pinned = hexes ? MIN_TEXT + 8 : 0, rim = hexes ? 0.1 * this.s : 0;
    const covers = this.ctl?.covers?.() ?? [], limits = [pinned, this.w, this.h, ...covers.flat()];
    const [s0, ox0, oy0] = [this.s, this.ox, this.oy], [ax, ay] = this.toScreen(at[0], at[1]);
    // the units it weighs: the 8 involved and the 16 others nearest the point kept (a position, and
    // an answer, may name thousands: the views tried weigh each unit against each shift)
    const byDist = this.scene.units.map((u) => { const e = this.extentOf(u); return [Math.hypot(e.x - ax, e.y - ay), u]; }).sort((p, q) => p[0] - q[0]).map(([, u]) => u);
    const units = [...byDist.filter((u) => want.has(u.id)).slice(0, 8), ...byDist.filter((u) => !want.has(u.id)).slice(0, 16)];
    const boxesNow = () => units.map((u) => { const e = this.extentOf(u); return [e.x - e.ex - rim, e.y - e.ey - rim, e.x + e.ex + rim, e.y + e.ey + rim]; });
    const inView = (x) => x[2] > 0 && x[0] < this.w && x[3] > 0 && x[1] < this.h;
    const shown = boxesNow().map(inView);
    const clearOf = (x) => x[0] >= pinned - 0.5 && x[1] >= pinned - 0.5 && x[2] <= this.w + 0.5 && x[3] <= this.h + 0.5 && !covers.some((c) => overlap(c, x));
    // the share of box y out of the view or under a control (two controls over one spot count twice)
    const common = (a, b) => Math.max(0, Math.min(a[2], b[2]) - Math.max(a[0], b[0])) * Math.max(0, Math.min(a[3], b[3]) - Math.max(a[1], b[1]));
    const view = [pinned, pinned, this.w, this.h];
    const hidden = (y) => { const a = common(y, y) || 1; return Math.min(1, (a - common(y, view) + covers.reduce((n, c) => n + common(y, c), 0)) / a); };
    // what a view leaves hidden, weighed: an involved unit's middle not clear first, then its box,
    // and how much of it; then a unit's middle under a control, then its box or a unit cut, then
    // one put out of view. (A landscape phone cannot show both ends of a pursuit (9A-PU-1) under
    // its tip box at a finger's size; the one view that shows both puts the Raiders above it, right
    // of the play bar: a shift along both axes, which the search below, an axis at a time, found
    // only once a shift that hid less of them weighed less. It left them half under the tip box.)
    const cost = (boxes, dx, dy) => boxes.reduce((n, x, i) => {
      const y = [x[0] + dx, x[1] + dy, x[2] + dx, x[3] + dy], mx = (y[0] + y[2]) / 2, my = (y[1] + y[3]) / 2;
      if (clearOf(y)) return n;
      const middle = clearOf([mx, my, mx, my]) ? 1 : 2;
      return n + (want.has(units[i].id) ? 1e6 * (inView(y) ? middle : 2) + 1e5 * hidden(y) : inView(y) ? 1e3 * middle : shown[i] ? 1 : 0);
    }, 0);
    let best = { cost: cost(boxesNow(), 0, 0), s: s0, ox: ox0, oy: oy0 };
    // (twelve sizes at most, from the framing's own down to the floor)
    const step = Math.min(0.95, (floor / s0) ** (1 / 12));
    for (let sc = s0; best.cost > 0 && sc >= floor * 0.999; sc = sc > floor ? Math.max(floor, sc * step) : 0) {
      this.s = sc;
      this.ox = ax - (ax - ox0) * sc / s0;
      this.oy = ay - (ay - oy0) * sc / s0;
      const boxes = boxesNow();
      const [e0, e1] = [this.toScreen(area[0], area[1]), this.toScreen(area[2], area[3])];
      const edges = [[Math.min(e0[0], e1[0]), Math.max(e0[0], e1[0])], [Math.min(e0[1], e1[1]), Math.max(e0[1], e1[1])]];
      // (a shift lets in no wider empty band beside the board than 18 px or the one there is)
      const fits = (axis, d) => (d > 0 ? edges[axis][0] + d <= Math.max(edges[axis][0], 18) : edges[axis][1] + d >= Math.min(edges[axis][1], (axis ? this.h : this.w) - 18));
      const tries = (axis) => [0, ...new Set(boxes.flatMap((x) => limits.flatMap((l) => [l - x[axis], l - x[axis + 2]])).map(Math.round))].filter((d) => fits(axis, d));
      let d = [0, 0], c = cost(boxes, 0, 0);
      // each axis in turn, twice: the shift along it that hides least, the smallest of equals
      for (const axis of [1, 0, 1, 0]) {
        for (const t of tries(axis)) {
          const n = axis ? cost(boxes, d[0], t) : cost(boxes, t, d[1]);
          if (n < c || (n === c && Math.abs(t) < Math.abs(d[axis]))) { c = n; d[axis] = t; }
        }
      }
      if (c < best.cost) best = { cost: c, s: sc, ox: this.ox + d[0], oy: this.oy + d[1] };
    }
    [this.s, this.ox, this.oy] = [best.s, best.ox, best.oy];
  }

  /**
   * A framing that cuts tokens at the view's edges (or hides them under a hex board's numbers
   * pinned there: first views showed half the Equites, and the Numidians under the columns' numbers)
   * moves by less than a token's size where that shows them whole or not at all, the mover `core`
   * kept in the band `clear` and no empty band let in beside the board `area`.
   */
  uncut(core, clear, area) {
    const s = this.s, m = 24, hexes = this.scene.kind === 'hex', rim = hexes ? 0.1 * s : 0; // a token's outline
    // each unit's box on screen now; a shift by d moves it by d along its axis
    const boxes = this.scene.units.map((u) => { const e = this.extentOf(u); return [e.x - e.ex - rim, e.y - e.ey - rim, e.x + e.ex + rim, e.y + e.ey + rim]; });
    const pinned = hexes ? MIN_TEXT + 8 : 0; // the numbers pinned at the view's top and left edges
    const tops = (this.ctl?.covers?.() ?? []).filter((c) => c[3] <= this.h / 2); // controls floating over the view's top
    for (const [axis, o, k, hi, keep] of [[0, 'ox', 1, this.w, [0, this.w]], [1, 'oy', this.flip, this.h, clear]]) {
      const onScreen = (w) => this[o] + k * w * s; // a world coordinate along this axis
      // where a token's view starts: past the numbers, and down the view past the controls over its top
      const starts = boxes.map((bx) => (axis ? Math.max(pinned, ...tops.filter((c) => c[0] < bx[2] && c[2] > bx[0]).map((c) => c[3])) : pinned));
      // a token is whole in view, clear of the numbers and controls, or out of it
      const cutBy = (d) => boxes.filter((bx, i) => { const a = bx[axis] + d, z = bx[axis + 2] + d; return (z > 0.5 && a < starts[i] - 0.5) || (a < hi - 0.5 && z > hi + 0.5); }).length;
      const cut = cutBy(0);
      if (!cut) continue;
      const [b0, b1] = [onScreen(area[axis]), onScreen(area[axis + 2])].sort((p, q) => p - q), c = onScreen(core[axis]);
      const shifts = boxes.flatMap((bx, i) => [starts[i] - bx[axis], -bx[axis + 2], hi - bx[axis + 2], hi - bx[axis]])
        .filter((d) => Math.abs(d) <= 1.5 * s * (hexes ? 1 : 2) && c + d >= keep[0] + m && c + d <= keep[1] - m
          && (d > 0 ? b0 + d <= Math.max(b0, 18) : b1 + d >= Math.min(b1, hi - 18))); // no wider gap beside the board
      let best = 0, fewest = cut;
      for (const d of shifts) { const n = cutBy(d); if (n < fewest || (n === fewest && best && Math.abs(d) < Math.abs(best))) { best = d; fewest = n; } }
      this[o] += best;
    }
  }

  /** The view's rows [top, bottom] (px) that fits and framings fill: all but its foot (viewH); the page's board also keeps clear of what floats over its top. */
  band() { return [0, this.viewH()]; }

  /** True when world box `b` [x0, y0, x1, y1] lies wholly in the view's band (band). */
  shows(b) {
    const [ax, ay] = this.toScreen(b[0], b[1]), [bx, by] = this.toScreen(b[2], b[3]), [top, bottom] = this.band();
    return Math.min(ax, bx) >= 0 && Math.min(ay, by) >= top && Math.max(ax, bx) <= this.w && Math.max(ay, by) <= bottom;
  }

  /** True when screen box `bx` [x0, y0, x1, y1] lies in the view and under none of the controls floating over it. */
  clearBox(bx) {
    return bx[0] >= -0.5 && bx[1] >= -0.5 && bx[2] <= this.w + 0.5 && bx[3] <= this.h + 0.5 && !(this.ctl?.covers?.() ?? []).some((c) => overlap(c, bx));
  }

  /** True when unit `id`'s middle is in the view and under no control (clearBox): a finger can touch it there. */
  unitClear(id) {
    const u = this.scene?.units.find((v) => v.id === id);
    if (!u) return true;
    const e = this.extentOf(u);
    return this.clearBox([e.x, e.y, e.x, e.y]);
  }

  /** True when the disc of `r` world units round world point (x, y) is whole in the view and under no control (clearBox). */
  worldClear(x, y, r) {
    const [sx, sy] = this.toScreen(x, y), d = r * this.s;
    return this.clearBox([sx - d, sy - d, sx + d, sy + d]);
  }

  /** The view's height that fits and framings fill: above its foot, when the view is tall enough to spare it. */
  viewH() { return this.h > 4 * this.foot ? this.h - this.foot : this.h; }

  /**
   * The scale at which a finger reads the board: a hex LEGIBLE_HEX px across, the
   * smallest base among those in `b` LEGIBLE_BASE px on its short side; never past the zoom's limit.
   */
  legibleScale(b) {
    if (this.scene.kind === 'hex') return LEGIBLE_HEX / SQRT3;
    let short = Infinity;
    for (const u of this.scene.units) {
      const f = u.free;
      if (f && f.x >= b[0] && f.x <= b[2] && f.y >= b[1] && f.y <= b[3]) short = Math.min(short, f.w, f.d);
    }
    return short === Infinity ? 0 : Math.min(LEGIBLE_BASE / short, MAX_SCALE);
  }

  // Screen points of the answer's markers (what the rotate handle and the names keep clear of).
  markPoints() {
    const pts = [];
    for (const it of this.scene?.overlay ?? []) {
      if (it.type === 'mark') pts.push(it.hex ? this.toScreen(...center(it.hex.q, it.hex.r)) : this.toScreen(it.x, it.y));
      else if (it.type === 'points') for (const p of it.points) pts.push(this.toScreen(p.x, p.y));
    }
    return pts;
  }

  /** Draws the scene over the whole view; `handleFor`: the unit whose rotate handle is shown, if any. */
  paintScene(sc, handleFor = null) {
    this.labelBoxes = [];
    this.keepClear = [];
    this.taken = new BoxGrid(this.w, this.h);
    this.cover = new Cover(this.w, this.h);
    this.placed = new Set();
    this.font = null; this.inCtx = null; // what else draws into the context (a picture's caption, a resize) may have set another
    this.drawnText = [];
    this.hexLayers = 0; // the overlay's hexes items painted so far in this paint (each names its layer: board-hex.js paintHexCells)
    this.redrawn = []; // the layers drawn afresh in this paint, by name (the rest copied)
    const hp = handleFor && this.handleOf(handleFor);
    const hr = hp && this.handleR(handleFor);
    if (hp) this.keepOut([hp[0] - hr - 2, hp[1] - hr - 2, hp[0] + hr + 2, hp[1] + hr + 2]);
    for (const box of this.covers) this.keepOut(box);
    // the view less the strips the rows' and columns' numbers are pinned on, drawn over the units
    // (board-hex.js hexStrips): a unit under one is out of view, and no text but those numbers goes there
    this.open = sc.kind === 'free' ? [0, 0, this.w, this.h] : this.hexStrips(sc);
    // the units' names are placed first (every other text keeps clear of them) and drawn last, over
    // all; the first paints of a new board of many units draw the board alone, then its units, then
    // their names
    const carried = this.carried();
    const stage = carried === null ? this.firstPaints(sc) : null, unitsLater = stage === 'units';
    if (unitsLater) { this.plan = new Map(); this.bodies = new Map(); this.soft = new BoxGrid(0, 0); this.still = null; this.candidates = 0; } else this.planNames(sc, carried, stage !== 'names');
    this.overUnits = []; // texts placed with the board or the overlay beneath the units but drawn over them (labels of poses, numbers pinned at the view's edge)
    const still = this.still;
    const overlay = sc.overlay ?? [];
    const onTop = (it) => it.type === 'mark' || it.type === 'line' || it.onTop;
    // a table's markers are kept clear of every label, those placed before them too ("backward 1
    // step" had the turning tool's 90° position, drawn after it, through its words)
    if (sc.kind === 'free') for (const it of overlay) if (it.type === 'mark') { const [x, y] = this.toScreen(it.x, it.y); this.keepOut([x - 7, y - 7, x + 7, y + 7]); }
    const beneath = overlay.filter((it) => !onTop(it));
    // a drag's frame on hexes: the board and the answer's hexes (a reach's, with their costs) as one
    // picture while they stay (paintStill), what a ruling changes (its way, the footprint) over it
    const kept = still && sc.kind !== 'free' ? this.paintStill(sc, beneath) : null; // (board-hex.js)
    // a board's first paint of a new board draws its layers in steps for a slice of time a frame
    // (Board.layer), the units waiting until it is done: a 60 × 60 board's 3,600 hexes in one go
    // were the longest task of opening it
    const board = sc.kind + sc.boardKey;
    this.sliceLayers = unitsLater && (this.boardDrawn !== board || this.framed);
    this.framed = false;
    this.layersLeft = false;
    if (!kept) { if (sc.kind === 'free') sc.paintTable(this, sc); else this.paintHexBoard(sc); } // (a table's: its game's, board-table.js; a hex board's: its game's board-hex.js)
    this.sliceLayers = false;
    if (this.layersLeft) this.fresh = 'units'; else if (!kept) this.boardDrawn = board;
    this.paintOverlay(kept ? beneath.slice(kept.items) : beneath);
    if (sc.kind !== 'free' && !kept?.coords) this.paintHexCoords();
    // the units in view only (a unit's selection ring, front arrow and other hexes reach past its token)
    const reach = Math.max(12, 4 * this.s);
    const inView = (u) => { const b = this.bodies.get(u.id); return b && b[2] >= -reach && b[3] >= -reach && b[0] <= this.w + reach && b[1] <= this.h + reach; };
    this.unitsLater = unitsLater; // (Board.paint asks for the next frame)
    let unitsLeft = false;
    if (unitsLater) {
      this.standIn('units'); // a camera's move: the units as last drawn, moved with it (Board); on opening, nothing
    } else if (still) {
      // a drag's frame: the other units as one picture while they stay, the carried one over them;
      // a drag frozen from the last plan with the carried unit the one selected there copies that
      // plan's picture, which left it out (drawing 999 units again was most of a drag's first
      // frame at the limits)
      const key = still.from !== null ? ['plan', still.from, carried] : [still.serial];
      const others = () => { for (const u of sc.units) if (u.id !== carried && inView(u)) this.paintUnit(u); };
      if (this.fewStill(sc)) others(); else this.textLayer('units', key, others);
      for (const u of sc.units) if (u.id === carried && inView(u)) this.paintUnit(u);
    } else if (this.planLayered()) {
      // a plan placed over several frames, or many units: the units as one picture while the plan
      // stands (its key holds all that a unit is drawn from), not drawn again at each paint; the
      // selected unit over it, drawn each paint, so that a drag of it copies the picture as it is
      // Past LAYERED_UNITS near the view the picture is drawn a unit a step, SLICE_MS a frame, and
      // the names wait for it (planNames); until it is done the frames show the one finished last,
      // moved with the view (Board.layer's `hold`): 1,000 units in one go were the longest task of
      // the frame that draws them
      const sel = selectedOf(sc.units);
      let list = null, i = 0;
      const step = () => {
        list ??= sc.units.filter((u) => u.id !== sel && inView(u));
        if (i < list.length) this.paintUnit(list[i++]);
        return i < list.length;
      };
      this.sliceLayers = this.unitsInSteps(this.bodies.size);
      unitsLeft = this.textLayer('units', ['plan', this.lastPlan.serial, sel], step, true, true);
      this.sliceLayers = false;
      for (const u of sc.units) if (u.id === sel && inView(u)) this.paintUnit(u);
    } else {
      // (the selected unit over the others here too: a plan drawn as a layer over frames, or at
      // once, ends as the same picture)
      const sel = selectedOf(sc.units);
      for (const u of sc.units) if (u.id !== sel && inView(u)) this.paintUnit(u);
      for (const u of sc.units) if (u.id === sel && inView(u)) this.paintUnit(u);
    }
    this.unitsLeft = unitsLeft;
    const layered = !still && this.planLayered();
    const over = this.overUnits;
    for (const draw of over) if (!draw.edge) draw();
    this.overUnits = null;
    this.paintOverlay(overlay.filter(onTop)); // markers, arrows and units moved in place stay visible over units
    for (const draw of over) if (draw.edge) draw(); // (the numbers pinned at the view's edge, on their strips: board-hex.js)
    // (a move part way, the timeline's: board-tracks.js, fetched as the timeline is first touched; drawn from the frame after it came)
    if (sc.tracks?.length) { if (this.paintTracks) this.paintTracks(sc); else loadTracks().then(() => this.draw?.(), () => {}); }
    // the names: as planned, or while a camera's move or a new plan has placed none yet, as last drawn
    if (unitsLater) this.standIn('names');
    else if (!(!still && this.lastPlan?.job?.next === 0 && this.standIn('names'))) this.paintNames(sc);
    // whether the units' and names' layers now hold this scene's units, each at the view it was drawn at
    if (!unitsLater) this.unitsLayered = layered;
    if (handleFor) this.paintHandle(handleFor);
    if (this.pointsOffView) this.paintOffView(sc);
    if (carried !== null && sc.kind === 'hex') this.fingerTag?.(sc, carried); // (board-still.js, fetched at a hex board's first drag)
    this.work = this.taken.visits;
  }

  /**
   * Every unit out of the view findable (a phone's view at a finger's size leaves some out, unseen
   * in a newcomer's review), every terrain piece the answer names (scene.js `named`: an
   * obstruction, the terrain a path crosses) and a reach's hexes past an edge: an arrow at the
   * view's edge pointing at them (board-arrows.js paintArrows). `offView`: [unit ids, x, y, terrain
   * ids] per arrow drawn.
   */
  paintOffView(sc) {
    this.offView = [];
    // (a terrain piece with its extent `e`: board-table.js namedTerrain; a reach's hexes past an edge: board-hex.js reachOff)
    const terrain = sc.kind === 'free' ? this.namedTerrain(sc) : [];
    const [x0, y0, x1, y1] = this.open;
    const off = [...sc.units, ...terrain, ...this.reachOff?.(sc) ?? []].filter((thing) => {
      const e = thing.e ?? this.extentOf(thing);
      return !(e.x + e.ex > x0 && e.x - e.ex < x1 && e.y + e.ey > y0 && e.y - e.ey < y1);
    });
    // (placed and drawn by board-arrows.js, fetched when a view first leaves something out: from the frame after it came)
    if (!off.length) return;
    if (this.paintArrows) this.paintArrows(sc, off, terrain); else loadArrows().then(() => this.draw(), () => {});
  }

  /**
   * Draws what `draw` draws, which depends only on the camera and on `key` (a list of values compared
   * one by one). A Painter draws it each time; the page's Board keeps it as a picture. `steps`:
   * `draw` is a step, called until it returns false, which the Board may spread over frames.
   */
  layer(name, key, draw, steps = false) { if (steps) while (draw()); else draw(); return false; }

  /**
   * A layer whose texts are recorded as drawn (drawnText) on the frames it is copied too; `steps`
   * as layer's, each step's texts added to the record its first step began (a layer left
   * unfinished goes on with the steps of the paint that began it). Returns whether steps are left.
   */
  textLayer(name, key, draw, steps = false, hold = false) {
    const from = this.drawnText.length;
    this.layerTexts ??= new Map();
    let texts = null;
    const recorded = () => {
      if (!texts) this.layerTexts.set(name, texts = []);
      const at = this.drawnText.length, more = steps ? draw() : (draw(), false);
      for (let i = at; i < this.drawnText.length; i++) texts.push(this.drawnText[i]);
      return more;
    };
    const more = this.layer(name, key, recorded, steps, hold);
    this.drawnText.length = from;
    for (const t of this.layerTexts.get(name) ?? []) this.drawnText.push(t);
    return more;
  }

  /** Draws a layer as it was last drawn, moved and scaled to this view, if it can (Board); a Painter draws all afresh. */
  standIn() { return false; }

  /** The unit carried by a drag now (its id), whose frames keep the other units as they were; a Painter carries none. */
  carried() { return null; }

  /**
   * What this paint leaves to the next frames: 'units' (the units and their names), 'names' (the
   * names; their places are planned), or null; a Painter draws all at once.
   */
  firstPaints() { return null; }

  /** Whether a paint's units' layer of `near` units near the view is drawn over frames (Board); a Painter draws all at once. */
  unitsInSteps() { return false; }

  /** A box no text may cover though it holds none (the rotate handle). */
  keepOut(box) { this.keepClear.push(box); this.taken.add(box); this.cover.add(box); }

  /** Records a text's box: no later text covers it. */
  takeBox(box) { this.labelBoxes.push(box); this.taken.add(box); this.cover.add(box); this.placed.add(box); }

  poly(points, close = true) {
    const c = this.ctx;
    c.beginPath();
    // toScreen's sums, with no array a point (the first paint of 1,000 units was a quarter garbage collection)
    this.settle();
    const { s, ox, oy, flip } = this;
    for (let i = 0; i < points.length; i++) {
      const sx = ox + points[i][0] * s, sy = oy + flip * points[i][1] * s;
      if (i) c.lineTo(sx, sy); else c.moveTo(sx, sy);
    }
    if (close) c.closePath();
  }

  /**
   * The view's ground, drawn as the first layer's first stroke (board-table.js paintTable,
   * paintHexBoard): a fill of its own was one more full-size drawing in every frame's commit.
   */
  fillView() {
    this.ctx.fillStyle = '#e9e6dc';
    this.ctx.fillRect(0, 0, this.w, this.h);
  }

  paintUnit(u) {
    const c = this.ctx;
    if (u.free) {
      const { x, y, facing, w, d } = u.free;
      this.paintRect({ x, y, facing }, w, d, u.color, u.selected ? '#111' : '#1b2430');
      if (u.selected) {
        this.poly(rectCorners(x, y, facing, w + 10 / this.s, d + 10 / this.s));
        c.strokeStyle = '#f2c14e'; c.lineWidth = 3; c.stroke();
      }
      return;
    }
    for (const h of u.hexes.length > 1 ? u.hexes : []) {
      this.hexPath(h.q, h.r, 0.04);
      c.fillStyle = u.color; c.globalAlpha = 0.28; c.fill(); c.globalAlpha = 1;
    }
    const { cx, cy, px, py, r } = this.tokenOf(u);
    c.beginPath();
    c.arc(px, py, r, 0, Math.PI * 2);
    c.fillStyle = u.color; c.fill();
    c.lineWidth = u.selected ? 4 : 2;
    c.strokeStyle = u.selected ? '#f2c14e' : '#1b2430';
    c.stroke();
    if (u.facing !== undefined) {
      const [vx, vy] = dirVector(u.facing);
      const tip = this.s * 0.84, base = this.s * 0.5, wide = this.s * 0.22;
      c.beginPath();
      c.moveTo(cx + vx * tip, cy + vy * tip);
      c.lineTo(cx + vx * base - vy * wide, cy + vy * base + vx * wide);
      c.lineTo(cx + vx * base + vy * wide, cy + vy * base - vx * wide);
      c.closePath();
      c.fillStyle = '#f2c14e'; c.fill();
      c.strokeStyle = '#1b2430'; c.lineWidth = 1.5; c.stroke();
    }
    const b = this.plan.get(u.id)?.badge;
    if (b) this.text(b.t, b.x, b.y, '#fff', b.size, true, b.box, 'badge', u.id);
  }

  /**
   * A hex unit's token on screen: its hex's centre, the disc's centre and radius. A small one (a C&C
   * leader) sits towards a corner of its hex (SMALL_AT, or its mirror image: `corner`), off the centre of the unit he
   * stands with: up and right by 0.42 of a hex it covered that unit's badge and took the touches
   * meant for the unit. Its disc's size and place at this zoom: smallDisc (board-hex.js).
   */
  tokenOf(u) {
    // (toScreen of center with no arrays: a paint at the limits asks it of every unit, some many times)
    this.settle();
    const cx = this.hexX(u.q, u.r), cy = this.hexY(u.r);
    if (!u.small) return { cx, cy, px: cx, py: cy, r: this.s * (u.hexes.length > 1 ? 0.8 : 0.62) };
    const { r, dx, dy } = this.smallDisc(u.corner);
    return { cx, cy, px: cx + dx, py: cy + dy, r };
  }

  /**
   * How far from a hex unit's token centre (screen px) no other token reaches: its neighbours'
   * (√3 hexes off, tokens at most 0.8 of a hex across), or a small token's on its own hex
   * (`sharesHex`: smallDisc); a small token's own disc, a many-hex unit's and a table
   * unit's none (0).
   */
  tokenRoom(u, sharesHex = false) {
    if (u.free || u.small || u.hexes.length > 1) return 0;
    if (sharesHex) { const { r, dx, dy } = this.smallDisc(); return Math.hypot(dx, dy) - r; }
    return this.s * (SQRT3 - 0.8);
  }

  /** A unit's screen extent: its centre and half-extents of its box (a rectangle's corners, a token's disc). */
  extentOf(u) {
    if (u.free) {
      // the corners' screen box as toScreen places them, with no array a corner
      this.settle();
      const { s, ox, oy, flip } = this;
      let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
      for (const p of rectCorners(u.free.x, u.free.y, u.free.facing, u.free.w, u.free.d)) {
        const px = ox + p[0] * s, py = oy + flip * p[1] * s;
        if (px < x0) x0 = px; if (px > x1) x1 = px; if (py < y0) y0 = py; if (py > y1) y1 = py;
      }
      return { x: ox + u.free.x * s, y: oy + flip * u.free.y * s, ex: (x1 - x0) / 2, ey: (y1 - y0) / 2 };
    }
    const t = this.tokenOf(u);
    return { x: t.px, y: t.py, ex: t.r, ey: t.r };
  }

  /**
   * A unit's box on screen as the board draws it: its token, or its base with the arrow head ahead
   * of its front (paintRect): a charge's "needs 12.2″" over the Raiders' arrow hid which way they
   * faced. `e`: its extentOf, where it is known.
   */
  bodyBox(u, e = this.extentOf(u)) {
    const box = [e.x - e.ex, e.y - e.ey, e.x + e.ex, e.y + e.ey];
    if (!u.free) return box;
    const f = rad(u.free.facing), [ax, ay] = this.toScreen(u.free.x + Math.sin(f) * u.free.d / 2, u.free.y + Math.cos(f) * u.free.d / 2);
    const tx = ax + Math.sin(f) * FRONT_ARROW, ty = ay - Math.cos(f) * FRONT_ARROW, r = 0.8 * FRONT_ARROW;
    return [Math.min(box[0], ax - r, tx), Math.min(box[1], ay - r, ty), Math.max(box[2], ax + r, tx), Math.max(box[3], ay + r, ty)];
  }

  /**
   * Where each unit's type badge and name go in this paint, before anything is drawn, so that every
   * other text keeps clear of them. A name is never cut: it goes inside the unit where it
   * fits, else against it (beside, above or below, on a halo), else a little further out with a
   * callout line that crosses no other unit, at the first place that covers no other name, unit
   * or marker and sits against no other unit (the fewest of those when none is clear),
   * over a hex's cost number or badge only where every spot covers one. Only where no place is left at all is it abbreviated (the shortest start no other
   * unit's name shares); the selected unit (a tap selects) is placed first and always in full.
   * Units wholly out of the view are not named (their arrows are), and those whose names could not
   * reach it are left out, so the work grows with the units in view,
   * and `candidates` counts the spots tried, a measure no machine's speed changes.
   */
  planNames(sc, carried = null, names = true) {
    const units = sc.units ?? [];
    // the same units, view, cost numbers, markers and handle as the last plan: the same places
    // (a new scene of an unchanged position, as the engine's readiness or an answer at the same
    // view gives, planned 1,000 names again)
    const key = carried === null ? this.planKey(sc, units) : null;
    if (key !== null && this.lastPlan?.key === key) {
      const last = this.lastPlan;
      this.plan = last.plan; this.bodies = last.bodies; this.soft = last.soft; this.still = null;
      this.candidates = 0;
      for (const p of last.plan.values()) if (p.badge) this.takeBox(p.badge.box);
      for (const p of last.plan.values()) if (p.name) this.takeBox(p.name.box);
      this.setFont(last.font); // as planning left it
      // a plan cut short by its slice goes on where it stopped, in the same state (Board.paint)
      // (and not while the units' layer is still being drawn: the names follow it)
      if (last.job) { if (!this.unitsLeft) this.placeNames(last.job); last.font = this.font; if (last.job.next === last.job.order.length) last.job = null; }
      return;
    }
    const last = this.lastPlan;
    this.lastPlan = null;
    this.plan = new Map();
    this.bodies = new Map(); // unit id → its screen box, for the units placed in this paint
    this.candidates = 0;
    // a box within `m` px of the view (what lies further off neither shows nor pushes a text aside)
    const near = (b, m) => b[2] >= -m && b[3] >= -m && b[0] <= this.w + m && b[1] <= this.h + m;
    // a drag's frame: the other units' places, bodies and names as planned on its first frame, or
    // on its first as planned before it
    const frozen = carried === null ? null : this.frozenFor(units, carried) ?? this.freezeLast(last, units, carried);
    this.still = frozen;
    const ext = new Map();
    for (const u of frozen ? units.filter((v) => v.id === carried) : units) {
      const e = this.extentOf(u), box = this.bodyBox(u, e);
      // the furthest a name goes from its unit is its own width and a callout's 26 px; 400 px covers a long name
      if (!near(box, 400)) continue;
      e.box = box;
      ext.set(u.id, e);
      this.bodies.set(u.id, box);
    }
    const shown = units.filter((u) => ext.has(u.id));
    // what a name had better not cover or sit against: other units (4) and markers (2), by where they
    // are (the unit's own body is told apart by its id); off the view's margin nothing is filed, or
    // the grid's edge cells would hold every unit off the view
    const soft = frozen ? frozen.soft : new BoxGrid(this.w, this.h), marks = new BoxGrid(this.w, this.h);
    const file = (b, v) => { if (near(b, 2 * CELL)) (v[0] === 4 ? soft : marks).add(b, v); };
    // a hex's cost number weighs more than anything else a name could cover (NUMBER): a name
    // beside the mover hid up to 3 of its reach's numbers, which the ruling is read from; it covers
    // one only where every spot does (the box as hexText draws it, at its largest size). So does a
    // hex's badge where hexBadge puts it first: a name there pushed a reach's "A" tabs beside their costs
    const numbers = new BoxGrid(this.w, this.h), badged = [];
    const numberSize = clamp(this.s * 0.42, MIN_TEXT, 18);
    this.setFont(`600 ${numberSize}px system-ui, sans-serif`);
    for (const it of sc.overlay ?? []) if (it.type === 'hexes') for (const h of it.cells) {
      if (h.badge) badged.push(h);
      if (h.label === undefined) continue;
      const [x, y0] = this.toScreen(...center(h.q, h.r)), y = h.badge && this.s < 26 ? y0 + this.s * 0.32 : y0;
      const w = this.textWidth(String(h.label)), b = [x - w / 2, y - numberSize / 2, x + w / 2, y + numberSize / 2];
      if (near(b, 2 * CELL)) { numbers.add(b); marks.add(b, [NUMBER]); }
    }
    for (const h of badged) { const b = this.badgeBox(h); if (near(b, 2 * CELL)) { numbers.add(b); marks.add(b, [NUMBER]); } }
    for (const [x, y] of this.markPoints()) file([x - 8, y - 8, x + 8, y + 8], [2]);
    if (frozen) {
      // the other units' badges and names stand, but for a name over a cost number or badge of this frame
      for (const [id, b] of frozen.bodies) this.bodies.set(id, b);
      frozen.hidden = new Set();
      for (const b of numbers.all()) frozen.names.near(b, (o, id) => { if (overlap(b, o)) frozen.hidden.add(id); return false; });
      this.taken.visits += frozen.names.visits; frozen.names.visits = 0;
      for (const [id, p] of frozen.plan) {
        const entry = {};
        if (p.badge) { entry.badge = p.badge; this.takeBox(p.badge.box); }
        if (p.name && !frozen.hidden.has(id)) { entry.name = p.name; this.takeBox(p.name.box); }
        this.plan.set(id, entry);
      }
    } else for (const u of shown) file(ext.get(u.id).box, [4, u.id]);
    this.soft = soft;
    // badges first: they sit on their tokens
    for (const u of shown) {
      if (u.free || !u.badge) continue;
      const t = this.tokenOf(u), roomy = t.r >= 20, size = clamp(this.s * (u.small ? 0.3 : 0.36), MIN_TEXT, 16);
      this.setFont(`600 ${size}px system-ui, sans-serif`);
      const w = this.textWidth(u.badge), y = t.py - (u.small || !roomy ? 0 : t.r * 0.32);
      const box = [t.px - w / 2, y - size / 2, t.px + w / 2, y + size / 2];
      if (this.cutByEdge(box, true)) continue;
      this.plan.set(u.id, { badge: { t: u.badge, x: t.px, y, size, box } });
      this.takeBox(box);
    }
    // (a unit wholly out of the view, or under the numbers' strips, is named at the arrow pointing
    // at it, paintOffView: its name in the view beside nothing read as another's)
    const [x0, y0, x1, y1] = this.open;
    const order = shown.filter((u) => { const b = ext.get(u.id).box; return b[2] > x0 && b[3] > y0 && b[0] < x1 && b[1] < y1; })
      .sort((a, b) => (b.selected ? 1 : 0) - (a.selected ? 1 : 0));
    const job = { order, next: 0, ext, soft, marks, units, shortened: null };
    // (none while the units' layer is drawn over frames: Board's unitsInSteps)
    if (names && !(carried === null && this.unitsInSteps(shown.length))) this.placeNames(job);
    if (carried !== null && !frozen) this.freeze(units, carried, this.bodies, this.plan);
    if (key !== null) this.lastPlan = { key, view: this.viewKey(), units, plan: this.plan, bodies: this.bodies, soft, font: this.font, job: job.next < order.length ? job : null, serial: ++this.planSerial };
  }

  /**
   * Places the names of `job.order` from `job.next` on, until `sliceMs` have passed (SLICE_NAMES
   * names at least, so a position of a few dozen units is named in one paint however loaded the
   * machine): a Painter places them all at once; the page's board places 1,000 names over several
   * frames, each drawing those placed so far. Each name is placed against the same
   * names and boxes as in one go, so the names end the same.
   */
  placeNames(job) {
    const { order, ext, soft, marks } = job;
    const view = [this.open[0] + 2, this.open[1] + 2, this.open[2] - 2, this.open[3] - 2]; // (off the numbers' strips too)
    const inView = (b) => b[0] >= view[0] && b[1] >= view[1] && b[2] <= view[2] && b[3] <= view[3];
    // a name keeps NAME_GAP px from every other text beside it (a space between two names on a
    // line: 1,000 units 30 px apart had their names read "u0u1u2"), 1 px above and below (boxes
    // overlap by more than half a pixel: `overlap`)
    const apart = [0, 0, 0, 0];
    const hard = (box) => {
      apart[0] = box[0] - NAME_GAP - 0.5; apart[1] = box[1] - 1.5; apart[2] = box[2] + NAME_GAP + 0.5; apart[3] = box[3] + 1.5;
      return !inView(box) || !this.isClear(apart);
    };
    const until = performance.now() + this.sliceMs, first = job.next;
    while (job.next < order.length) {
      const u = order[job.next++];
      this.placeName(u, ext.get(u.id), soft, marks, hard, job);
      if (job.next - first >= SLICE_NAMES && performance.now() >= until) break;
    }
  }

  // One unit's name (planNames): its inside, then against it and out on a callout in 8 directions.
  placeName(u, e, soft, marks, hard, job) {
    const full = String(u.label);
    const size = u.free ? MIN_TEXT : clamp(this.s * 0.26, MIN_TEXT, 13);
    this.setFont(`600 ${size}px system-ui, sans-serif`);
    // what a spot covers or sits against, counted no further than `enough` (no better than the
    // best so far); the spot, its surround and the count are kept across calls (no allocation a spot)
    let n = 0, enough = Infinity, b = null;
    const around = [0, 0, 0, 0];
    const count = (o, v) => {
      if (v[1] === u.id) return false;
      if (overlap(b, o)) n += v[0];
      else if (v[0] === 4 && overlap(around, o)) n += 4; // read as that unit's name
      return n >= enough;
    };
    const cost = (box, most) => {
      n = 0; enough = most; b = box;
      around[0] = box[0] - AGAINST; around[1] = box[1] - AGAINST; around[2] = box[2] + AGAINST; around[3] = box[3] + AGAINST;
      if (!soft.near(around, count)) marks.near(around, count);
      this.taken.visits += soft.visits + marks.visits; soft.visits = 0; marks.visits = 0;
      return n;
    };
    // a callout line may cross no unit but its own (it would point a reader at the wrong one)
    const crosses = (line) => {
      const lb = [Math.min(line[0], line[2]), Math.min(line[1], line[3]), Math.max(line[0], line[2]), Math.max(line[1], line[3])];
      const hit = soft.near(lb, (o, [k, id]) => k === 4 && id !== u.id && segmentMeetsBox(line, o));
      this.taken.visits += soft.visits; soft.visits = 0;
      return hit;
    };
    // the first spot that covers nothing, else the one that covers least
    const tryText = (t) => {
      const w = this.textWidth(t), h = size, sp = [0, 0, 0, 0];
      const inside = this.insideSpot(u, w, h);
      if (inside) {
        this.candidates++;
        const box = [inside.x - w / 2, inside.y - h / 2, inside.x + w / 2, inside.y + h / 2];
        if (!hard(box)) return { x: inside.x, y: inside.y, box, within: true, far: false };
      }
      let best = null;
      for (const d of GAPS) {
        const far = d > 0;
        for (const [dx, dy] of DIRECTIONS) {
          this.candidates++;
          const x = e.x + dx * (e.ex + w / 2 + 3 + d), y = e.y + dy * (e.ey + h / 2 + 2 + d);
          sp[0] = x - w / 2; sp[1] = y - h / 2; sp[2] = x + w / 2; sp[3] = y + h / 2;
          if (hard(sp)) continue;
          const c = (far ? FAR : 0) + cost(sp, best ? best.cost - (far ? FAR : 0) : Infinity);
          if (best && c >= best.cost) continue;
          const callout = far ? calloutLine(e, sp) : null;
          if (callout && crosses(callout)) continue; // (only for a spot that would do)
          best = { x, y, box: [...sp], far, cost: c, callout };
          if (c === 0) return best;
        }
      }
      return best;
    };
    let t = full, spot = tryText(full);
    if (!spot && !u.selected) {
      job.shortened ??= this.abbreviationsOf(job.units);
      t = job.shortened.get(full) ?? full;
      if (t !== full) spot = tryText(t); // (a name no shorter finds no place either)
    }
    if (!spot && u.selected) { // the unit tapped is named in full, over whatever is there
      const w = this.textWidth(full);
      spot = { x: e.x, y: e.y + e.ey + size / 2 + 2 };
      spot.box = [spot.x - w / 2, spot.y - size / 2, spot.x + w / 2, spot.y + size / 2];
    }
    if (!spot) return;
    const entry = this.plan.get(u.id) ?? {};
    entry.name = { t, full: t === full, x: spot.x, y: spot.y, size, box: spot.box, within: !!spot.within, callout: spot.far ? spot.callout : null };
    this.plan.set(u.id, entry);
    this.takeBox(spot.box);
  }

  /** What planNames reads, as one string: the view, the units, the cost numbers, badges and markers, the boxes kept clear. */
  planKey(sc, units) {
    let k = `${this.viewKey().join()}|${JSON.stringify(this.keepClear)}|${stillSig(units, null)}|`;
    for (const it of sc.overlay ?? []) if (it.type === 'hexes') for (const h of it.cells) if (h.label !== undefined || h.badge) k += `${h.q},${h.r},${h.label},${h.badge ?? ''};`;
    return k + this.markPoints().join(';');
  }

  /**
   * A drag keeps the other units as they were planned on its first frame (their bodies, badges and
   * names; drawn as layers by the Board), so that a frame places the carried unit's name alone
   * (placing 1,000 names was most of a drag's frame at the limits). Kept while the
   * camera, the view and every other unit stay; null when a frame must plan them all again.
   */
  frozenFor(units, carried) {
    const f = this.frozen;
    if (!f || f.carried !== carried || f.view.some((v, i) => v !== this.viewKey()[i]) || f.sig !== stillSig(units, carried)) { this.frozen = null; return null; }
    return f;
  }

  /** Keeps the other units than `carried` as planned: `boxes` their bodies, `planned` their badges and names. */
  freeze(units, carried, boxes, planned, from = null, sig = stillSig(units, carried)) {
    const soft = new BoxGrid(this.w, this.h), names = new BoxGrid(this.w, this.h), plan = new Map(), bodies = new Map();
    for (const [id, box] of boxes) {
      if (id === carried) continue;
      bodies.set(id, box);
      if (box[2] >= -2 * CELL && box[3] >= -2 * CELL && box[0] <= this.w + 2 * CELL && box[1] <= this.h + 2 * CELL) soft.add(box, [4, id]);
      const p = planned.get(id);
      if (!p) continue;
      plan.set(id, p);
      if (p.name) names.add(p.name.box, id);
    }
    // (`from`: the serial of the plan it was kept from, whose units' picture it copies, or null)
    this.frozen = { carried, view: this.viewKey(), sig, soft, names, plan, bodies, hidden: new Set(), serial: ++this.frozenSerial, from };
    return this.frozen;
  }

  /**
   * A drag's first frame keeps the other units as the last plan placed them, where the view and
   * every other unit are the same but for which is selected (the unit picked up is): planning
   * 1,000 names again made it a task of 45–55 ms at the limits.
   */
  freezeLast(last, units, carried) {
    // (a plan whose names are still being placed, a slice a frame, would keep the drag's frames without them)
    if (!last || last.job || last.view.some((v, i) => v !== this.viewKey()[i]) || stillSig(units, carried, false) !== stillSig(last.units, carried, false)) return null;
    // (that plan's units' picture left out the unit selected there: the drag copies it when that one is carried)
    return this.freeze(units, carried, last.bodies, last.plan, selectedOf(last.units) === carried ? last.serial : null);
  }

  viewKey() { return [this.s, this.ox, this.oy, this.flip, this.w, this.h]; }

  /** The units' names' abbreviations, worked out again only when the names change. */
  abbreviationsOf(units) {
    const names = units.map((v) => String(v.label)), key = names.join('\u0000');
    if (this.shortNames.key !== key) this.shortNames = { key, names: abbreviations(names) };
    return this.shortNames.names;
  }

  /** Where a name of w x h px fits inside its unit, if it does: a rectangle's middle, a roomy token's lower half. */
  insideSpot(u, w, h) {
    if (u.free) {
      const { x, y, facing, w: uw, d } = u.free, f = rad(facing), [sx, sy] = this.toScreen(x, y);
      // the text's corners in the rectangle's own frame (screen px; y down)
      const fits = [[-1, -1], [1, -1], [1, 1], [-1, 1]].every(([a, b]) => {
        const dx = a * w / 2, dy = b * h / 2;
        const along = dx * Math.cos(f) + dy * Math.sin(f), fwd = -dx * Math.sin(f) + dy * Math.cos(f);
        return Math.abs(along) <= uw * this.s / 2 - 2 && Math.abs(fwd) <= d * this.s / 2 - 1;
      });
      return fits ? { x: sx, y: sy } : null;
    }
    const t = this.tokenOf(u);
    if (u.small || t.r < 20) return null;
    const y = u.badge ? t.py + t.r * 0.42 : t.py;
    const half = Math.sqrt(Math.max(0, t.r * t.r - (Math.abs(y - t.py) + h / 2) ** 2));
    return w / 2 <= half - 2 ? { x: t.px, y } : null;
  }

  /** The names planned for this paint, over everything else; a name moved away has a short callout line. */
  paintNames(sc) {
    const still = this.still;
    if (still) {
      const carried = still.carried, others = () => this.paintNamesOf((sc.units ?? []).filter((u) => u.id !== carried));
      if (this.fewStill(sc)) others(); else this.textLayer('names', [still.serial, ...still.hidden], others);
      this.paintNamesOf((sc.units ?? []).filter((u) => u.id === carried));
    } else if (this.planLayered()) {
      // (the names placed so far: a sliced plan adds some at each paint)
      const { serial, job } = this.lastPlan;
      this.textLayer('names', ['plan', serial, job ? job.next : -1], () => this.paintNamesOf(sc.units ?? []));
    } else this.paintNamesOf(sc.units ?? []);
  }

  /**
   * Whether a drag's frame draws the other units and their names afresh rather than copying them
   * as pictures: a full-size picture costs the frame's commit as much as a board's fill, more than
   * a few units drawn (docs/performance.md "Same-frame rulings, fifth round").
   */
  fewStill(sc) { return (sc.units?.length ?? 0) <= STILL_DRAWN; }

  /**
   * Whether this paint's units and names are drawn as layers kept while the plan stands: a plan
   * placed over several frames, or more units near the view than a paint draws in a few
   * milliseconds (the last paint of 1,000 units' plan drew them all again: a long task at the limits).
   */
  planLayered() {
    return !this.still && !!this.lastPlan && (!!this.lastPlan.job || this.bodies.size > LAYERED_UNITS);
  }

  paintNamesOf(units) {
    for (const u of units) {
      const n = this.plan.get(u.id)?.name;
      if (!n) continue;
      if (n.callout) this.callout(n.callout, 'rgba(27,36,48,0.75)');
      this.text(n.t, n.x, n.y, n.within ? '#fff' : '#1b2430', n.size, true, n.box, 'name', u.id);
    }
  }

  paintOverlay(items) {
    const c = this.ctx;
    for (const it of items) {
      if (it.type === 'hexes') {
        this.paintHexCells(it);
      } else if (it.type === 'hexpath') {
        this.paintHexLine(it.cells, it.color, !!it.dashed, !!it.numbered);
      } else if (it.type === 'polygon') {
        this.poly(it.points);
        if (it.fill) { c.fillStyle = it.fill; c.fill(); }
        if (it.focus) { c.strokeStyle = FOCUS; c.lineWidth = (it.width ?? 2) + 6; c.stroke(); }
        c.strokeStyle = it.color; c.lineWidth = it.width ?? 2; c.setLineDash(it.dashed ? [7, 5] : []); c.stroke(); c.setLineDash([]);
        if (it.step) { // (stepBadge: board-steps.js, which the game whose events are numbered brings)
          const xs = it.points.map((p) => this.toScreen(...p)[0]), ys = it.points.map((p) => this.toScreen(...p)[1]);
          const x0 = Math.min(...xs), x1 = Math.max(...xs), y0 = Math.min(...ys), y1 = Math.max(...ys);
          this.stepBadge(it.step, it.color, [[x1 + 4, y0 - 4], [x0 - 4, y0 - 4], [x1 + 4, y1 + 4], [x0 - 4, y1 + 4], [(x0 + x1) / 2, y0 - 13], [(x0 + x1) / 2, y1 + 13]]);
        } else if (it.label) {
          const at = it.labelAt ?? it.points[0];
          const ys = it.points.map((p) => this.toScreen(...p)[1]), xs = it.points.map((p) => this.toScreen(...p)[0]), x = this.toScreen(...at)[0];
          const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
          this.labelAt(it.label, [[x, y0 - 9], [x, y1 + 9]], it.color, MIN_TEXT, 200, { x: (x0 + x1) / 2, y: (y0 + y1) / 2, ex: (x1 - x0) / 2, ey: (y1 - y0) / 2 });
        }
      } else if (it.type === 'line') {
        this.line(it);
      } else if (it.type === 'path') {
        this.poly(it.points, false);
        c.strokeStyle = it.color; c.lineWidth = 3; c.setLineDash(it.dashed ? [8, 5] : []); c.stroke(); c.setLineDash([]);
      } else if (it.type === 'pose') {
        this.paintRect(it.pose, it.w, it.d, it.fill, it.color, it.thin ? 0.55 : it.alpha ?? 1, it.dashed);
        this.later = this.overUnits; // a unit standing where a pose's label goes (the mover's start) must not hide it
        const e = this.extentOf({ free: { ...it.pose, facing: it.pose.facing ?? 0, w: it.w, d: it.d } });
        if (it.label && (it.labelBehind || it.labelAhead)) { // behind the pose's back edge (or ahead of its front), clear of what is drawn on it
          const f = rad(it.pose.facing ?? 0), back = (it.d / 2 * this.s + 10) * (it.labelAhead ? -1 : 1);
          this.labelAt(it.label, [[e.x - Math.sin(f) * back, e.y + Math.cos(f) * back]], it.color, MIN_TEXT, 200, e, true);
        } else if (it.label) this.labelAt(it.label, [[e.x, e.y]], '#1b2430', MIN_TEXT, 160, e, true);
        this.later = null;
      } else if (it.type === 'points') {
        this.points(it); // (board-steps.js, brought by the game that draws them)
      } else if (it.type === 'cells') {
        this.cells(it);
      } else if (it.type === 'mark') {
        this.mark(it);
      } else if (it.type === 'pin') {
        this.pin(it); // (board-hex.js)
      }
    }
  }

  /** A marker at a world point: 'x' (collision), 'pivot' (snap or pursuit pivot), 'dot'. */
  mark(it) {
    const c = this.ctx;
    const [x, y] = it.hex ? this.toScreen(...center(it.hex.q, it.hex.r)) : this.toScreen(it.x, it.y);
    if (it.focus) { c.beginPath(); c.arc(x, y, 14, 0, Math.PI * 2); c.strokeStyle = FOCUS; c.lineWidth = 6; c.stroke(); }
    c.lineWidth = 3;
    c.strokeStyle = it.color;
    if (it.shape === 'x') {
      // on a white halo: over a red token (a hex a unit stands on) a red cross alone did not show
      c.beginPath(); c.moveTo(x - 7, y - 7); c.lineTo(x + 7, y + 7); c.moveTo(x + 7, y - 7); c.lineTo(x - 7, y + 7);
      c.strokeStyle = '#fff'; c.lineWidth = 6.5; c.stroke();
      c.strokeStyle = it.color; c.lineWidth = 3; c.stroke();
    } else if (it.shape === 'pivot') {
      c.beginPath(); c.arc(x, y, 7, 0, Math.PI * 2); c.fillStyle = '#fff'; c.fill(); c.stroke();
      this.dot(x, y, 2.5, it.color);
    } else if (it.shape === 'hex') {
      this.hexPath(it.hex.q, it.hex.r, 0.08); c.stroke();
    } else this.dot(x, y, 5, it.color);
    if (it.step) { this.stepBadge(it.step, it.color, ...[BADGE_SPOTS.slice(0, 8), BADGE_SPOTS.slice(8)].map((l) => l.map(([dx, dy]) => [x + dx, y + dy]))); return; }
    // above the marker (a pivot's below), else on the other side, right or left of it, else a line
    // further above or below (past the names of the units there); a hex's clear of the token a unit
    // there has (a ring's label on its unit read "engages" over the disc)
    if (it.label) {
      const disc = it.shape === 'hex' ? this.s * 0.62 + 2 : 0, dy = Math.max(16, disc + MIN_TEXT / 2), far = MIN_TEXT + 6;
      const up = [x, y - dy], down = [x, y + Math.max(17, disc + MIN_TEXT / 2)];
      const near = it.shape === 'pivot' || it.below ? [down, up] : [up, down];
      // where no spot is clear, its shorter words if it has some (`shorter`, longest first)
      for (const t of [it.label, ...(it.shorter ?? [])]) {
        this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
        // beside a hex's outline (its flat sides √3/2 of its radius out), not across it
        const half = Math.min(this.textWidth(t), 220) / 2 + Math.max(12, it.shape === 'hex' ? this.s * 0.87 + 3 : disc);
        const r = it.shape === 'hex' ? this.s * 0.87 : Math.max(8, disc);
        // `away`: a world point its label goes straight out from, the spots given by the mark's own
        // module (play-table-order.js awaySpots: the turning tool's positions round a unit)
        const out = it.away && this.awaySpots?.(it.away, x, y, half, dy);
        const spots = out || [...near, [x + half, y], [x - half, y], ...near.map(([, v]) => [x, v + Math.sign(v - y) * far])];
        if (this.labelAt(t, spots, it.color, MIN_TEXT, 220, out ? null : { x, y, ex: r, ey: r })) break;
      }
    }
  }

  /** A line between world points or hex centres, optionally dashed, with an arrow head and a label at its middle. */
  line(it) {
    const c = this.ctx;
    const a = it.hexFrom ? this.toScreen(...center(it.hexFrom.q, it.hexFrom.r)) : this.toScreen(...it.from);
    const b = it.hexTo ? this.toScreen(...center(it.hexTo.q, it.hexTo.r)) : this.toScreen(...it.to);
    if (it.focus) { c.beginPath(); c.moveTo(...a); c.lineTo(...b); c.strokeStyle = FOCUS; c.lineWidth = (it.width ?? 2.5) + 7; c.stroke(); }
    c.beginPath(); c.moveTo(...a); c.lineTo(...b);
    c.strokeStyle = it.color; c.lineWidth = it.width ?? 2.5; c.setLineDash(it.dashed ? [6, 5] : []); c.stroke(); c.setLineDash([]);
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (it.arrow && len > 8) {
      const ux = (b[0] - a[0]) / len, uy = (b[1] - a[1]) / len, s = 10;
      c.beginPath(); c.moveTo(...b); c.lineTo(b[0] - ux * s - uy * s * 0.55, b[1] - uy * s + ux * s * 0.55); c.lineTo(b[0] - ux * s + uy * s * 0.55, b[1] - uy * s - ux * s * 0.55);
      c.closePath(); c.fillStyle = it.color; c.fill();
    }
    // a label only where the line is long enough to carry it (the text panel names everything)
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    if (it.ruler) { // the Ruler's ends and its reading, always shown, above whatever it crosses
      this.dot(...a, 4, it.color); this.dot(...b, 4, it.color);
      it.plate(this, it.label, a, b, len, it.color); // (ruler-plate.js, brought by the code that draws a ruler)
    } else if (it.step) { // its number beside its middle, on either side
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2, nx = -(b[1] - a[1]) / (len || 1), ny = (b[0] - a[0]) / (len || 1);
      this.stepBadge(it.step, it.color, [14, -14, 26, -26].map((k) => [mx + nx * k, my + ny * k]));
    } else if (it.label && len >= Math.min(this.textWidth(it.label) * 0.8, 160)) {
      const mx = (a[0] + b[0]) / 2, my = (a[1] + b[1]) / 2;
      this.labelAt(it.label, [[mx, my - 10], [mx, my + 12]], it.color, MIN_TEXT, 220, { x: mx, y: my, ex: 0, ey: 4 });
    }
  }

  /** A callout line `l` ([x0, y0, x1, y1], px) from a thing to its words. */
  callout(l, color) {
    const c = this.ctx;
    c.beginPath(); c.moveTo(l[0], l[1]); c.lineTo(l[2], l[3]); c.strokeStyle = color; c.lineWidth = 1.5; c.stroke();
  }

  dot(x, y, r, color) {
    const c = this.ctx;
    c.beginPath(); c.arc(x, y, r, 0, Math.PI * 2); c.fillStyle = color; c.fill();
  }

  /**
   * Text centred at a screen point (never HTML), never smaller than MIN_TEXT: a text too wide for
   * maxWidth is first set smaller down to MIN_TEXT, then shortened with an ellipsis, and left out when
   * not even two letters would fit. It is also left out where it would cover a text already drawn
   * or planned (the units' names come first), or the rotate handle: the text beside the board names
   * everything. Only `kind` 'ruler' (the Ruler's reading, asked for by the user) is drawn regardless.
   * `halo`: true for a halo round the letters, 'plate' for a white plate behind them (its box).
   * `apart`: px kept clear of other texts left and right (a number beside another reads as one).
   * `offUnits`: left out too where it would cover a unit's token or base (labelAt).
   * Returns the box it was drawn in, or null.
   */
  label(text, x, y, color, size = MIN_TEXT, maxWidth = 160, halo = false, kind = 'label', apart = 0, offUnits = false) {
    const c = this.ctx;
    size = Math.max(size, MIN_TEXT);
    this.setFont(`600 ${size}px system-ui, sans-serif`);
    let t = String(text);
    for (let k = size - 1; k >= MIN_TEXT && this.textWidth(t) > maxWidth; k--) { this.setFont(`600 ${k}px system-ui, sans-serif`); size = k; }
    if (this.textWidth(t) > maxWidth) {
      while (t.length > 1 && this.textWidth(t + '…') > maxWidth) t = t.slice(0, -1);
      if ([...t].length < 2 || this.textWidth(t + '…') > maxWidth) return null;
      t += '…';
    }
    const w = this.textWidth(t);
    const [px, py] = halo === 'plate' ? [3, 1.5] : [0, 0]; // a plate's margin round the text is its box too
    // a label of something in view is kept whole inside the view, slid in from the edge it crossed
    // (with its plate: a plate 1 px past the edge was placed and never drawn, text() leaving it out)
    if (this.w && x >= 0 && x <= this.w && w + 2 * px + 4 <= this.w) x = clamp(x, 2 + px + w / 2, this.w - 2 - px - w / 2);
    const box = [x - w / 2 - px, y - size / 2 - py, x + w / 2 + px, y + size / 2 + py];
    if (this.cutByEdge(box, kind !== 'grid') || (kind !== 'ruler' && !this.isClear([box[0] - apart, box[1], box[2] + apart, box[3]])) || (offUnits && this.onToken(box))) return null;
    this.text(t, x, y, color, size, halo, box, kind);
    return box;
  }

  /**
   * Whether the view's edge cuts a text's box: such a text is left out, as a cut one misreads ("79"
   * of a name, a 2 of a 12). `strips`: the strips the rows' and columns' numbers are pinned on are
   * the edge too (`open`): under one a text is hidden, and its box kept numbers off the strip.
   */
  cutByEdge(box, strips = false) {
    const x0 = strips ? this.open[0] : 0, y0 = strips ? this.open[1] : 0;
    return !!this.w && (box[0] < x0 - 0.5 || box[1] < y0 - 0.5 || box[2] > this.w + 0.5 || box[3] > this.h + 0.5);
  }

  /** Whether a text fits `maxWidth` whole at the smallest size drawn. */
  fits(text, maxWidth) {
    this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
    return this.textWidth(text) <= maxWidth;
  }

  /** Whether a text's box covers no text drawn or planned in this paint, nor the rotate handle. */
  isClear(box) {
    this.clearOf = box;
    return !this.cover.covered(box) && !this.taken.near(box, this.overlapsClear);
  }

  /**
   * A label at the first of several screen points where it is clear and in view (a marker's label
   * above it, else below, right or left of it) and covers no unit's token or base (a token drawn
   * over "final" cut it to "fina"; a charge's "needs 12.2″" hid the unit charged), else at the
   * first such spot round `around` (what it labels, a screen extent: against it, then further out,
   * in 8 directions), else at the first spot given that is clear. Returns its box, or null when
   * none is clear. `halo` as label's.
   */
  labelAt(text, spots, color, size = MIN_TEXT, maxWidth = 220, around = null, halo = 'plate') {
    const inView = ([x, y]) => x > 8 && x < this.w - 8 && y > 6 && y < this.h - 6;
    this.setFont(`600 ${size}px system-ui, sans-serif`);
    const w = Math.min(this.textWidth(String(text)), maxWidth) / 2, h = size / 2;
    // a spot under a control floating over the board: the same spot just below it, else above it
    const slid = spots.flatMap(([x, y]) => this.covers.filter((c) => overlap([x - w, y - h, x + w, y + h], c)).flatMap((c) => [[x, c[3] + h + 2], [x, c[1] - h - 2]]));
    const shown = [...spots, ...slid].filter(inView);
    const ring = around ? GAPS.flatMap((d) => DIRECTIONS.map(([dx, dy]) => [around.x + dx * (around.ex + w + 5 + d), around.y + dy * (around.ey + h + 4 + d)])).filter(inView) : [];
    // one placed off the ring round its thing points back at it (a reason's words by a unit two hexes
    // from their hex read as that unit's)
    const at = (list, offUnits) => {
      for (const [i, [x, y]] of list.entries()) {
        const box = this.label(text, x, y, color, size, maxWidth, halo, 'label', 0, offUnits);
        if (box && i >= shown.length) {
          const l = calloutLine(around, box), draw = () => this.callout(l, color);
          if (this.later) this.later.push(draw); else draw();
        }
        if (box) return box;
      }
      return null;
    };
    return at([...shown, ...ring], true) ?? at(shown, false);
  }

  /** Whether a screen box covers a unit's token or base (their boxes as planNames filed them; a drag's carried unit's apart). */
  onToken(box) {
    const hit = this.soft.near(box, (o, v) => v[0] === 4 && overlap(box, o)), carried = this.still && this.bodies.get(this.still.carried);
    this.taken.visits += this.soft.visits; this.soft.visits = 0;
    return hit || (!!carried && overlap(box, carried));
  }

  /** Draws a text centred in its box and records it (drawnText, labelBoxes). */
  text(t, x, y, color, size, halo, box, kind, unit) {
    // (one wholly outside draws nothing anyway)
    if (this.cutByEdge(box)) return;
    // (the context drawn into when it runs: a text placed in a layer but drawn over the units is
    // drawn on the board, from the layer's record too: paintStill)
    const draw = () => {
      const c = this.ctx;
      this.setFont(`600 ${size}px system-ui, sans-serif`);
      this.fontSet();
      c.textAlign = 'center';
      c.textBaseline = 'middle';
      if (halo === 'plate') { // a marker's label on a white plate: on a halo it was hard to read over terrain (green on a forest)
        c.beginPath(); c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
        c.fillStyle = 'rgba(255,255,255,0.92)'; c.fill();
      } else if (halo) { // a dark halo behind white text, a white one behind coloured text
        c.lineWidth = 3.5;
        c.strokeStyle = color === '#fff' ? 'rgba(0,0,0,0.6)' : 'rgba(255,255,255,0.9)';
        c.strokeText(t, x, y);
      }
      c.fillStyle = color;
      c.fillText(t, x, y);
      c.textAlign = 'start';
      c.textBaseline = 'alphabetic';
    };
    // placed (recorded) now; drawn now, or later when asked to (`later`: over the units)
    if (this.later) this.later.push(draw); else draw();
    this.drawnText.push([t, size, box, kind, unit]);
    if (!this.placed.has(box)) this.takeBox(box); // a name's or badge's box was taken when it was planned
  }
}

/** The page's board: a Painter on a canvas, with the camera's gestures and the page's callbacks. */
export class Board extends Painter {
  constructor(canvas, ctl) {
    super(canvas.getContext('2d'));
    this.canvas = canvas;
    this.ctl = ctl;
    this.pointers = new Map();
    this.gesture = null;
    this.scene = null;
    this.fitted = null;
    this.want = null; // a fit or framing asked for, made when the canvas's size is next needed (settle)
    this.revealsDue = 0; // reveals asked, their code not yet come (the test hook's idle waits for them)
    this.viewMoved = false; // the player has moved the view since the page opened or showed a new board (pan, pinch, wheel, zoom, the whole board asked for)
    this.zoomed = false; // the view was zoomed since the last paint (a pinch's, the wheel's or a button's step): board-hex.js paintHexCells
    this.foot = ctl.foot ?? 0;
    this.pointsOffView = true; // the units out of view pointed at (paintOffView; a picture has none)
    // names are placed for SLICE_MS a paint, the rest on the next frames (placeNames): opening or
    // zooming 1,000 units' view held the page's thread for hundreds of ms
    this.sliceMs = SLICE_MS;
    this.full = true; // whether the next paint is one asked for (draw), not only more names (paint)
    this.unitsLayered = false; // whether the units' and names' layers hold the scene's units (paintScene, standIn)
    this.staleFrames = 0; // frames in a row that showed the units as last drawn (firstPaints, moved)
    // the canvas's size as the last layout left it: read here, where the layout is fresh, so that a
    // paint after the forms were rebuilt does not lay the page out in its own frame (a forced layout
    // of 1,000 units' forms on opening). Null until then, or when fitHeight changed it.
    this.laid = null;
    new ResizeObserver(() => { this.laid = [canvas.clientWidth, canvas.clientHeight]; this.resize(); }).observe(canvas);
    canvas.addEventListener('pointerdown', (e) => this.down(e));
    canvas.addEventListener('pointermove', (e) => this.move(e));
    // A gesture reads the pointer from pointerrawupdate where the browser has it (a secure
    // context): pointermove is held for the next animation frame, so a drag's ruling was asked at
    // the frame's start and drawn late; this way it is ruled before the frame that shows the unit
    // there. pointermove stays for where it is missing; a position handled already changes nothing.
    // One raw update a frame is handled: a mouse reporting at 1,000 Hz would ask some 16 rulings a
    // frame; the later ones of a frame come as that frame's pointermove.
    if ('onpointerrawupdate' in globalThis) {
      canvas.addEventListener('pointerrawupdate', (e) => {
        if (!this.pointers.has(e.pointerId) || this.rawFrame) return;
        this.rawFrame = requestAnimationFrame(() => { this.rawFrame = 0; });
        this.move(e);
      });
    }
    canvas.addEventListener('pointerup', (e) => this.up(e));
    canvas.addEventListener('pointercancel', (e) => this.up(e, true));
    canvas.addEventListener('pointerleave', () => this.ctl.hover(null));
    // A finger lifted while still moving starts the browser's fling (nothing scrolls: touch-action
    // none), and Chromium takes the next tap anywhere on the page for the fling's stop: Make this
    // move tapped just after a drag did nothing. A touch the board moves by is not the browser's.
    canvas.addEventListener('touchmove', (e) => { if (e.cancelable && !this.gesture?.scroll) e.preventDefault(); }, { passive: false });
    canvas.addEventListener('wheel', (e) => {
      e.preventDefault();
      const [x, y] = this.local(e);
      this.zoomAt(x, y, Math.exp(-clamp(e.deltaY, -100, 100) * 0.002));
    }, { passive: false });
  }

  // ---- camera ----
  // the canvas's place is read once a gesture (`held`): read on every move, it laid the page out
  // again after each ruling's verdict was written
  local(e) { const [x, y] = this.held ?? this.origin(); return [e.clientX - x, e.clientY - y]; }
  /**
   * Where the board's drawing starts on the page, in client px (`r`: the canvas's client box):
   * inside the canvas's border (a touch, a control over a unit and the tests' screen points were
   * a border's width off).
   */
  origin(r = this.canvas.getBoundingClientRect()) { return [r.left + this.canvas.clientLeft, r.top + this.canvas.clientTop]; }
  // the canvas's laid-out size, read once per paint (each reading may lay the page out again), or
  // as the resize observer last saw it (`laid`: a drag's paint read it after each ruling's verdict
  // was written, laying the page out in every frame)
  get w() { return this.size ? this.size[0] : this.laid ? this.laid[0] : this.canvas.clientWidth; }
  get h() { return this.size ? this.size[1] : this.laid ? this.laid[1] : this.canvas.clientHeight; }

  // The canvas is sized for the screen where it is drawn (paint); a size it was drawn at already
  // (the observer's first call, after the first frame's layout) needs no second drawing.
  // A view not fitted keeps what was at its top where it was, and what was in its middle across: a
  // phone's board grows and shrinks at its foot (the verdict above the tabs growing, the sheet's
  // step), and the units kept on the middle moved under a finger about to touch one (C&C's Equites
  // 10 px up at each line of a card's running total).
  // A board hidden (a phone's sheet over the whole screen) keeps its view, and what was asked of it
  // while hidden is made when it shows again.
  resize() {
    if (!this.canvas.clientWidth || !this.canvas.clientHeight) return;
    if (this.scene) this.fitHeight();
    const d = DPR(), [pw, ph] = [this.canvas.width / d, this.canvas.height / d];
    if (this.canvas.width === Math.round(this.w * d) && this.canvas.height === Math.round(this.h * d)) { if (this.unpainted) this.draw(); return; }
    if (this.fitted && (pw !== this.w || !this.keepsFit())) { this.fit(); return; }
    if (pw > 0 && ph > 0 && !this.want) this.ox += (this.w - pw) / 2;
    this.draw();
    this.ctl.resized?.();
  }

  /**
   * Makes the fit or framing asked for last. Both need the canvas's laid-out size, which the browser
   * computes again after every change to the page: reading it while the page is being built (the
   * forms, the ruling beside the board) would lay the page out once per reading. So fit() and
   * frame() only note what they want, and it is made here, when the camera is next used: at the
   * latest in paint(), once the page is built (docs/performance.md, fourth round).
   */
  settle() {
    const want = this.want;
    if (!want || !this.w || !this.h) return;
    this.want = null;
    if (want.refit) this.fitHeight();
    this.ctl.coversNow?.();
    const was = this.viewKey();
    if (want.frame) this.frameNow(...want.frame); else if (!want.keep) this.fitNow();
    for (const fn of want.reveals ?? []) fn();
    // a new view over units drawn as layers is a camera's move (moved): its paint shows them as last
    // drawn, and draws them afresh from the next frame, its board's layer in steps with the one
    // finished last standing in (`framed`, paintScene): a new answer's framing at the limits drew
    // the board, 1,000 units and their names' order at the new view in one task of 70–110 ms
    if (this.unitsLayered && this.carried() === null && this.viewKey().some((v, i) => v !== was[i])) { this.fresh = 'units'; this.framed = true; }
  }

  /**
   * Whether a whole view the board's height changed under (a verdict a line longer) still shows the
   * whole at the scale a fit gives: kept then, not centred again (the view moved under a finger at
   * each new question).
   */
  keepsFit() {
    const was = [this.s, this.ox, this.oy];
    this.ctl.coversNow?.();
    this.fitNow();
    const same = Math.abs(this.s - was[0]) < 1e-6;
    [this.s, this.ox, this.oy] = was;
    return same && this.shows(this.scene.bounds);
  }

  /** The view's rows that fits and framings fill: below the controls floating over its top half (a landscape phone's card bar), above its foot and those floating over its bottom half (a framed token sat under the card bar). */
  band() {
    let [top, bottom] = super.band();
    for (const c of this.ctl.covers?.() ?? []) {
      if (c[3] <= this.h / 2) top = Math.max(top, c[3]);
      else if (c[1] >= this.h / 2) bottom = Math.min(bottom, c[1]);
    }
    return bottom - top >= this.h / 2 ? [top, bottom] : super.band();
  }

  /** Whether the view is the whole table or board fitted, or will be at its next paint (a fit asked, not yet made: before the canvas's first size). */
  get showsFit() { return this.want ? !this.want.frame && !this.want.keep : !!this.fitted; }

  /** Whether the view is still the one the page opened with: the board's fit, not moved by the player since. */
  get opening() { return this.showsFit && !this.viewMoved; }

  /** The whole board, as the player asks for it (⤢, the 0 key). */
  showWhole() { this.viewMoved = true; this.fit(); }

  /** Frames the whole table or board. */
  fit() {
    this.want = { refit: this.want?.refit ?? false, frame: null };
    this.draw();
  }

  /** On narrow screens the canvas takes the board's proportions, so a phone shows no empty band; so
   * does a self-sizing embed's at any width (its cap must not follow the window's height, which
   * follows the page's: ctl.autoHeight); an embed in a frame of fixed height fills what the frame
   * leaves it (ctl.framed: style.css). */
  fitHeight() {
    const b = this.scene.bounds, c = this.canvas, auto = this.ctl.autoHeight;
    if (!b || this.w === 0 || ((this.w >= 600 || this.ctl.framed) && !auto)) { if (c.style.getPropertyValue('height')) { c.style.removeProperty('height'); this.laid = null; } return; }
    const h = clamp(this.w * (b[3] - b[1]) / (b[2] - b[0]) + 36, auto ? 160 : 240, auto ? this.w * 1.25 : window.innerHeight * 0.66);
    if (c.style.getPropertyValue('height') === `${Math.round(h)}px`) return;
    c.style.setProperty('height', `${Math.round(h)}px`);
    this.laid = null; // read again: the height set is the one to draw at
  }

  /**
   * Frames world bounds [x0, y0, x1, y1] (a result), zooming in at most 6 times the whole-board view,
   * with `pad` world units around them (or pad(canvas width in px)); a new answer (maxScale Infinity)
   * at a legible size at least, keeping `core` (a point [x, y], or a box [x0, y0, x1, y1] where it
   * fits) in view, with its `mover` (a point) in the view's clear band where the box is not, and
   * taking in the points `near` (nearest first) while they fit legibly; `whole`: all of `b` in view
   * at whatever size that takes.
   */
  frame(b, maxScale = Infinity, pad = 0, core = null, { near = [], mover = null, whole = false, involved = [] } = {}) {
    this.want = { refit: this.want?.refit ?? false, frame: [b, maxScale, pad, core, { near, mover, whole, involved }] };
    this.draw();
  }

  /**
   * Brings world box `b` whole into the view with the least change of view (a tapped unit's reach,
   * about its unit at world point `at`, kept where it is; without `at`, a pan where that shows it),
   * or units `ids` by a pan alone where one is out of the view (`covered`: or under a control)
   * (board-reveal.js, fetched at the first: the view's change follows its answer by a frame once).
   * Made at the next paint, on the scene then shown.
   */
  reveal(b, at = null) { this.revealing((m) => m.revealNow(this, b, at)); }
  showUnits(ids, covered = false) { if (ids.length) this.revealing((m) => m.showUnitsNow(this, ids, covered)); }
  /** Reveals asked before the next paint are all made, in turn, each from the view the one before left. */
  revealing(fn) {
    this.revealsDue++;
    loadReveal().finally(() => this.revealsDue--).then((m) => {
      const want = this.want ?? { refit: false, frame: null, keep: true };
      this.want = { ...want, reveals: [...(want.reveals ?? []), () => fn(m)] };
      this.draw();
    }, () => {});
  }

  zoomAt(x, y, k) {
    this.settle();
    this.viewMoved = true;
    const s = clamp(this.s * k, 2, MAX_SCALE);
    k = s / this.s;
    this.ox = x - (x - this.ox) * k;
    this.oy = y - (y - this.oy) * k;
    this.s = s;
    this.zoomed = true;
    this.moved();
  }

  pan(dx, dy) { this.settle(); this.viewMoved = true; this.ox += dx; this.oy += dy; this.moved(); }

  /**
   * The camera moved. Over more than LAYERED_UNITS units drawn as layers, its frames draw the board
   * at the new view and the units and their names as last drawn, moved and scaled with it
   * (standIn), and once it holds still the units afresh, then their names, as on opening: a zoom
   * step at the limits drew all three in one task of 50–60 ms (docs/performance.md).
   */
  moved() {
    this.fitted = null;
    // every STALE_FRAMES frames of a pan or pinch that goes on, the units afresh (their names as last
    // drawn): a unit coming into view was missing for as long as the finger moved
    if (this.unitsLayered && this.carried() === null) this.fresh = this.staleFrames >= STALE_FRAMES ? 'names' : 'units';
    this.draw();
  }

  standIn(name) {
    // (a layer still being drawn in steps stands in with the picture it finished last)
    const l = this.unitsLayered ? this.layers?.get(name) : null, pic = l?.more ? l.last : l;
    if (!pic?.view.length || pic.canvas.width !== this.canvas.width || pic.canvas.height !== this.canvas.height) return false;
    this.copyAt(pic);
    return true;
  }

  // (sliceMs Infinity: a paint that draws all at once, the test hook's paintAtOnce)
  unitsInSteps(near) { return near > LAYERED_UNITS && this.sliceMs !== Infinity; }

  carried() {
    const g = this.gesture;
    return g?.moved && (g.type === 'drag' || g.type === 'rotate') ? g.unit : null;
  }

  /**
   * The first paint of a new board of more than LAYERED_UNITS units draws the board, its layers
   * made and drawn, and leaves the units and their names to the next frame; that one draws the
   * units and plans their names' order, and leaves the names to the frames after it. In one frame
   * the three were the longest task of opening a position at the limits (docs/performance.md,
   * tenth and eleventh rounds).
   */
  firstPaints(sc) {
    const stage = sc.units.length > LAYERED_UNITS ? this.fresh : null;
    this.fresh = stage === 'units' ? 'names' : null;
    this.staleFrames = stage === 'units' ? this.staleFrames + 1 : 0;
    return stage;
  }

  setScene(scene) {
    const was = this.scene, refit = !was || was.kind !== scene.kind || was.boardKey !== scene.boardKey;
    this.show(scene);
    // the layers hold the last scene's units: where only the selection changed (a unit picked up),
    // they stand in for a frame as on a camera's move, the units drawn afresh in the next (a press
    // planned 1,000 names again: a task of 45–50 ms at the limits); else all is drawn afresh
    if (this.unitsLayered) {
      if (refit || stillSig(was.units, null, false) !== stillSig(scene.units, null, false)) { this.unitsLayered = false; this.fresh = null; }
      else if (selectedIds(was.units) !== selectedIds(scene.units)) this.fresh = 'units';
    }
    // a new board (another game's, another size) opens on its fit as the page did: the player's
    // zoom or pan was of the board before
    if (refit) { this.want = { refit: true, frame: null }; this.fresh = 'units'; this.viewMoved = false; }
    // a whole view made again only where what it shows grew or shrank: fitted again to the band the
    // controls leave at each new answer, it zoomed and panned under the player's finger
    else if (this.fitted && this.fitted !== fitKey(scene) && !this.want) this.want = { refit: false, frame: null };
    this.draw();
  }

  /**
   * The board beneath the units (the table's grid, its terrain, a hex board's hexes) is the same
   * picture on every frame of a drag: drawn once into a canvas of its own while the camera, the
   * canvas and `key` stay, then copied (docs/performance.md, "The page at the limits"). `hold`: a
   * layer drawn over frames shows, until it is done, the picture it finished last, moved and scaled
   * to this view (the units' layer: the units of a new view or plan vanished for the frames it took).
   * Returns whether steps are left.
   */
  layer(name, key, draw, steps = false, hold = false) {
    const c = this.ctx, { width, height } = this.canvas, view = [this.s, this.ox, this.oy, width, height, this.w];
    if (!width || !height) return super.layer(name, key, draw, steps); // a canvas of no size cannot be copied
    let l = this.layers?.get(name);
    const same = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);
    const fresh = !l || !same(l.view, view) || !same(l.key, key);
    if (fresh || l.more) {
      if (fresh) {
        l = this.layerCanvas(name);
        // (the picture finished last kept aside, drawn into no more; its canvas reused once another is finished)
        if (hold && !l.more && l.view.length) {
          const done = { canvas: l.canvas, view: l.view };
          l.canvas = l.last?.canvas ?? Object.assign(document.createElement('canvas'), { width, height });
          l.last = done;
        }
        const ctx = l.canvas.getContext('2d');
        ctx.setTransform(1, 0, 0, 1, 0, 0);
        ctx.clearRect(0, 0, width, height);
        ctx.setTransform(c.getTransform());
        l.more = null;
      }
      this.ctx = l.canvas.getContext('2d');
      // the font noted is the one set in the context drawn into last (setFont skips it): noted
      // afresh, else a layer's names were drawn in the canvas's default 10 px font
      this.font = null;
      try {
        // a layer left unfinished goes on with its own steps (its key and view the same); one in
        // steps is drawn for SLICE_MS where this paint allows (sliceLayers), else all at once
        const step = l.more ?? (steps ? draw : null);
        if (!step) draw();
        else if (this.sliceLayers) l.more = runFor(step, this.sliceMs, 64) ? step : null;
        else { while (step()); l.more = null; }
      } finally { this.ctx = c; this.font = null; }
      Object.assign(l, { view, key });
      if (l.more) this.layersLeft = true;
      this.redrawn?.push(name);
    }
    if (hold && l.more && l.last) this.copyAt(l.last);
    else {
      c.save();
      c.setTransform(1, 0, 0, 1, 0, 0);
      c.drawImage(l.canvas, 0, 0);
      c.restore();
    }
    return !!l.more;
  }

  // A layer's picture `pic` ({canvas, view}) drawn at this view: moved and scaled from the one it was drawn at.
  copyAt(pic) {
    const [s0, ox0, oy0, width, height, w] = pic.view, k = this.s / s0, d = width / w, c = this.ctx;
    c.save();
    c.setTransform(1, 0, 0, 1, 0, 0);
    c.drawImage(pic.canvas, d * (this.ox - ox0 * k), d * (this.oy - oy0 * k), width * k, height * k);
    c.restore();
  }

  // A layer's canvas at the board's size (kept while the size stays), its context's first drawing
  // made (its backing store allocated); what it holds is drawn by layer().
  layerCanvas(name) {
    const { width, height } = this.canvas;
    this.layers ??= new Map();
    let l = this.layers.get(name);
    if (!l || l.canvas.width !== width || l.canvas.height !== height) {
      l = { canvas: Object.assign(document.createElement('canvas'), { width, height }), view: [], key: [] };
      const ctx = l.canvas.getContext('2d');
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, width, height);
      this.layers.set(name, l);
    }
    return l;
  }

  // ---- hit testing ----
  unitAt(sx, sy) {
    const units = this.scene?.units ?? [];
    const [x, y] = this.toWorld(sx, sy);
    // a small token (a C&C leader with his unit) is picked on its own disc (it reaches past its
    // hex's corner), where that is nearer the finger than the hex's centre; elsewhere on its hex the
    // unit under it is, so that either can be dragged (a lone one anywhere on its hex)
    let small = null;
    const onHex = (u) => u.hexes.some((h) => { const [cx, cy] = center(h.q, h.r); return Math.hypot(cx - x, cy - y) < 0.87; });
    for (let i = units.length - 1; i >= 0; i--) {
      const u = units[i];
      // a base under the finger, else one within 8 px of it (a finger's slack): a tap on a base
      // touching another's, both drawn small, took the other
      if (u.free) {
        if (isOn(u.free, x, y, 0)) return u;
        if (!small && isOn(u.free, x, y, 8 / this.s)) small = u;
      } else if (u.small) {
        const t = this.tokenOf(u), own = Math.hypot(t.px - sx, t.py - sy);
        if (own <= t.r + 6 && own < Math.hypot(t.cx - sx, t.cy - sy)) return u;
        if (!small && onHex(u)) small = u;
      } else if (onHex(u)) return u;
    }
    return small;
  }

  /**
   * The unit whose turn handle shows in `mode`: the selected one; in play of a game that turns its
   * units by it (`playTurns`), while none is selected, its question's (`turner`): a first view's
   * turn is one drag, as its hint says. Null where no handle shows.
   */
  handleUnit(mode) {
    const units = this.scene?.units ?? [], play = mode === 'play' && this.ctl.playTurns?.();
    return mode === 'move' || play ? units.find((v) => v.selected) ?? (play && units.find((v) => v.id === this.ctl.turner?.())) ?? null : null;
  }

  /** The handle's unit and its place when (sx, sy) is on that handle, else null. */
  handleAt(sx, sy) {
    const u = this.handleUnit(this.ctl.mode());
    const place = u && this.handlePlace?.(u); // (none drawn until board-handle.js has come)
    return place?.at && Math.hypot(place.at[0] - sx, place.at[1] - sy) <= this.handleR(u) + 10 ? { unit: u, spin: place.spin } : null;
  }

  // ---- gestures ----
  down(e) {
    this.canvas.focus({ preventScroll: true });
    try { this.canvas.setPointerCapture(e.pointerId); } catch { /* a synthetic or finished pointer */ }
    this.held = this.origin();
    const [x, y] = this.local(e);
    this.pointers.set(e.pointerId, { x, y });
    if (this.pointers.size === 2) {
      const [a, b] = [...this.pointers.values()];
      this.gesture = { type: 'pinch', d: Math.hypot(a.x - b.x, a.y - b.y), mx: (a.x + b.x) / 2, my: (a.y + b.y) / 2 };
      return;
    }
    if (this.pointers.size > 2) return;
    // one finger on an embed not activated scrolls the host page (the browser's, touch-action
    // pan-x pan-y): a tap still taps, a swipe moves nothing on the board
    if (e.pointerType === 'touch' && this.ctl.pageScrolls?.()) {
      this.gesture = { type: 'tap', x0: x, y0: y, lx: x, ly: y, moved: false, scroll: true };
      return;
    }
    const mode = this.ctl.mode();
    const g = { type: 'tap', x0: x, y0: y, lx: x, ly: y, moved: false };
    // in play a drag of a unit is its move (tools.js), which turns it as the rules do: no handle,
    // unless the game turns its units in play by it (a game of move orders: `playTurns`)
    if (mode === 'move' || mode === 'play') {
      const handle = this.handleAt(x, y);
      const unit = handle ? null : this.unitAt(x, y);
      // a drag's frames draw the other units and their names as layers (paintScene's `still`):
      // their canvases are made as the unit is picked up, not in the drag's first frame, where
      // they were its slowest ruling of a page's first drag (docs/performance.md "Same-frame rulings")
      if ((handle || unit) && this.canvas.width && this.canvas.height) for (const name of ['units', 'names']) this.layerCanvas(name);
      if (handle) { const { free, id } = handle.unit; Object.assign(g, { type: 'rotate', unit: id, t0: e.timeStamp, free: false, spin: handle.spin, at: free ? [free.x, free.y] : null }); }
      else if (unit) {
        const [wx, wy] = this.toWorld(x, y);
        const ux = unit.free ? unit.free.x : 0, uy = unit.free ? unit.free.y : 0;
        Object.assign(g, { type: 'drag', unit: unit.id, dx: ux - wx, dy: uy - wy });
        this.ctl.select(unit.id);
      }
    } else if (mode === 'terrain' && this.scene.kind === 'hex') {
      g.type = 'paint';
      this.ctl.paint(this.toWorld(x, y), true);
    } else if (mode === 'measure') {
      Object.assign(g, { type: 'measure', from: this.toWorld(x, y) });
      this.ctl.measure(g.from, g.from);
    }
    this.gesture = g;
  }

  move(e) {
    const [x, y] = this.local(e);
    const p = this.pointers.get(e.pointerId);
    if (!p) { this.ctl.hover(this.toWorld(x, y)); return; }
    if (p.x === x && p.y === y) return; // the pointermove of a pointerrawupdate handled already
    p.x = x; p.y = y;
    const g = this.gesture;
    if (!g) return;
    if (g.type === 'pinch') {
      const [a, b] = [...this.pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y), mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
      this.pan(mx - g.mx, my - g.my);
      if (g.d > 0) this.zoomAt(mx, my, d / g.d);
      Object.assign(g, { d, mx, my });
      return;
    }
    if (!g.moved && Math.hypot(x - g.x0, y - g.y0) < 4) return;
    if (g.scroll) { g.moved = true; return; }
    // a turn started after a long press is free of the 15° steps
    if (!g.moved && g.type === 'rotate' && e.timeStamp - g.t0 > LONG_PRESS_MS) g.free = true;
    g.moved = true;
    const w = this.toWorld(x, y);
    this.ctl.hover(w);
    if (g.type === 'drag') this.ctl.dragTo(g.unit, [w[0] + g.dx, w[1] + g.dy], w);
    else if (g.type === 'rotate') {
      this.ctl.rotateTo(g.unit, g.spin ? spun(w, g.at, -g.spin) : w, g.free || e.shiftKey || e.altKey);
      this.draw(); // the handle under the finger (board-handle.js handleOf)
    } else if (g.type === 'paint') this.ctl.paint(w, false);
    else if (g.type === 'measure') this.ctl.measure(g.from, w);
    else this.pan(x - g.lx, y - g.ly);
    g.lx = x; g.ly = y;
  }

  up(e, cancelled = false) {
    this.pointers.delete(e.pointerId);
    if (!this.pointers.size) this.held = null;
    const g = this.gesture;
    if (this.pointers.size > 0) { if (g?.type === 'pinch') this.gesture = { type: 'tap', moved: true }; return; }
    this.gesture = null;
    if (!g) return;
    if (!cancelled && g.type === 'tap' && !g.moved) this.ctl.tap(this.toWorld(g.x0, g.y0));
    if (!cancelled && g.type === 'drag' && !g.moved) this.ctl.tapUnit?.(g.unit);
    // a tap on the handle is a tap on what lies under it (a hex of the reach): only a drag turns
    if (!cancelled && g.type === 'rotate' && !g.moved) this.ctl.tap(this.toWorld(g.x0, g.y0));
    if (g.type === 'drag' || g.type === 'rotate') this.ctl.dragEnd(g.unit, cancelled);
  }

  // ---- drawing ----
  draw() {
    this.full = true;
    if (this.pending) return;
    this.pending = requestAnimationFrame(() => this.onFrame());
  }

  /**
   * A frame's paint. A fit or framing asked for (a new board, a new answer) waits one frame: it
   * reads the controls' boxes (settle: coversNow), and read in the frame that follows a change to
   * the page they laid the page out inside the paint's task (the opening's first paint and a new
   * answer's framing at the limits: 20–55 ms of layout); a frame later the browser has laid it out.
   * (At most one frame in a row waits.)
   */
  onFrame() {
    this.pending = 0;
    const w = this.want;
    if (w && (w.frame || w.refit) && !this.waited) {
      this.waited = true;
      this.pending = requestAnimationFrame(() => this.onFrame());
      return;
    }
    this.waited = false;
    this.paint();
  }

  /** True while a paint left work to later frames: names still to place, the units' layer still to draw. */
  get workLeft() { return !!(this.lastPlan?.job || this.unitsLater || this.unitsLeft); }

  paint() {
    const sc = this.scene, c = this.ctx, d = DPR();
    if (!sc) return;
    this.unpainted = !this.w || !this.h;
    if (this.unpainted) return;
    this.settle();
    this.covers = this.ctl.covers?.() ?? [];
    const width = Math.round(this.w * d), height = Math.round(this.h * d);
    if (this.canvas.width !== width || this.canvas.height !== height) Object.assign(this.canvas, { width, height });
    c.setTransform(d, 0, 0, d, 0, 0);
    this.size = [this.w, this.h];
    const handle = this.handleUnit(this.ctl.mode());
    // the rotate handle's code comes when one would first be shown: drawn in the frame after it has
    if (handle && !this.handleOf) loadHandle().then(() => this.draw(), () => {});
    try { this.paintScene(sc, handle && this.handleOf ? handle : null); } finally { this.size = null; this.zoomed = false; }
    // a frame that only drew more names moved nothing the units' controls follow
    const full = this.full;
    this.full = false;
    if (this.workLeft && !this.pending) this.pending = requestAnimationFrame(() => this.onFrame());
    if (full) this.ctl.painted?.(); // what follows the drawing (the units' controls over their tokens)
  }
}
