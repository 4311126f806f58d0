// A hex drag's frame kept as one picture (board.js Painter `keptFrame`, which board-hex.js's
// `paintStill` fetches at the first drag on a hex board: no first view makes one).
import { Painter } from './board.js';
import { center } from './hex.js';

// The first items of `beneath` the kept picture holds: to the last that numbers its hexes (those
// after it, unnumbered, change with the hex under the finger, as the carried unit's footprint does,
// and cost little to draw).
function keptItems(beneath) {
  let n = 0;
  for (let i = 0; i < beneath.length && beneath[i].type === 'hexes'; i++) if (beneath[i].cells.some((h) => h.label !== undefined || h.badge)) n = i + 1;
  return n;
}

// (screen boxes [x0, y0, x1, y1], CSS px)
const union = (a, b) => (!a ? b : !b ? a : [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.max(a[2], b[2]), Math.max(a[3], b[3])]);
const grow = (b, m) => [b[0] - m, b[1] - m, b[2] + m, b[3] + m];
const inside = (b, clip) => b[0] >= clip[0] && b[1] >= clip[1] && b[2] <= clip[2] && b[3] <= clip[3];
const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
// room round what a part frame redraws for the texts placed near it (the end hex's cost, the
// carried unit's name); a text placed further off draws the frame again, whole
const ROOM = 40;
// a text's box and its halo's or plate's stroke past it
const INK = 6;
// an off-view arrow's reach round its point (board-arrows.js)
const ARROW = 40;

/** The painter's method, given to every Painter as this module loads. */
export const stillPainting = {
  /**
   * A drag's frame on a hex board: the board and the first items of `beneath` (the overlay under the
   * units) that are hexes, to a reach's with its costs and badges, drawn as one layer. While the finger
   * moves within one reach they stay and only the way to the hex under it changes: placing the
   * costs among the other texts and drawing them was most of the frame after each new hex's ruling.
   * Its key is all the drawing depends on besides the camera: the board's hexes and fills, the
   * items' hexes as drawn, and every box a text of it kept clear of (the units' names and badges
   * as planned for the drag, the rotate handle, the controls over the board). Its texts' boxes are
   * taken on the frames it is copied to, as if placed there, and those it draws over the units
   * drawn again. Returns how many items of `beneath` it drew (`items`), and whether the rows' and
   * columns' numbers (`coords`).
   */
  keptFrame(sc, beneath) {
    const n = keptItems(beneath);
    // the rows' and columns' numbers too, where nothing drawn after them places a text (their places
    // are as if placed after it): they lie off the hexes, or on plates drawn over the units
    const texts = (it) => (it.type === 'hexes' ? it.cells.some((h) => h.label !== undefined || h.badge) : it.type !== 'hexpath' || it.numbered);
    const coords = !beneath.slice(n).some(texts);
    const items = beneath.slice(0, n), cells = (it) => it.cells.map((h) => `${h.q},${h.r},${h.label ?? ''},${h.badge ?? ''},${h.color ?? ''},${h.hatch ? 1 : 0},${h.outline ?? ''},${h.dashed ? 1 : 0},${h.stop ? 1 : 0}`).join(';');
    // (a hex's fill and name come from its terrain: scene.js boardScene)
    let terrain = '';
    for (const c of sc.cells) if (c.mark) terrain += `${c.q},${c.r},${c.mark};`;
    const key = [coords, sc.boardKey, sc.cells.length, terrain, JSON.stringify([sc.path ?? null, sc.dottedCentres ?? null, sc.sections ?? null, sc.baselines ?? null]),
      ...items.map((it) => `${it.color ?? ''}|${cells(it)}`), JSON.stringify(this.labelBoxes), JSON.stringify(this.keepClear)];
    const from = { boxes: this.labelBoxes.length, over: this.overUnits.length, texts: this.drawnText.length, layers: this.hexLayers };
    let drew = false;
    this.layer('still', key, () => {
      drew = true;
      this.paintHexBoard(sc);
      this.paintOverlay(items);
      if (coords) this.paintHexCoords(sc);
      this.stillDrawn = { boxes: this.labelBoxes.slice(from.boxes), over: this.overUnits.slice(from.over), texts: this.drawnText.slice(from.texts), layers: this.hexLayers - from.layers };
    });
    if (!drew) {
      const d = this.stillDrawn;
      for (const b of d.boxes) this.takeBox(b);
      this.overUnits.push(...d.over);
      this.drawnText.push(...d.texts);
      this.hexLayers += d.layers;
    }
    return { items: n, coords };
  },

  /** The page's paint of scene `sc` (Board.paint), in part where partOf allows, else whole. */
  paintPart(sc, handleFor, d) {
    const c = this.ctx, clip = this.partOf(sc, handleFor, d);
    this.clipped = clip; // (the tests' hook)
    if (clip) { c.save(); c.beginPath(); c.rect(clip[0], clip[1], clip[2] - clip[0], clip[3] - clip[1]); c.clip(); }
    try { this.paintScene(sc, handleFor); } finally { if (clip) c.restore(); }
    if (!this.partDone(sc, clip, handleFor)) { this.clipped = null; this.paintScene(sc, handleFor); this.partDone(sc, null, handleFor); }
  },

  /**
   * A hex drag's frame within one reach changes only the finger's items (the way, the end hex's
   * marks and labels, the carried unit and its name); the rest of the canvas is the last frame's.
   * The frame is drawn clipped to the box of what changed since the last (Board.paint): the
   * commit then rasterises that box, not the whole board (docs/performance.md, "Same-frame
   * rulings, ninth round"). Returns the box (CSS px, on device pixels), or null where the frame is
   * drawn whole: the first of a drag, another view, a handle or a timeline drawn, an item of
   * another kind, or a box of most of the view.
   */
  partOf(sc, handleFor, d) {
    const p = this.part;
    if (!p || handleFor || sc.tracks?.length || this.still !== p.still || this.carried() !== p.carried || this.viewNow().join() !== p.view) return null;
    const now = this.fingerItems(sc), u = sc.units.find((v) => v.id === p.carried), ub = u && this.carriedBox(u);
    if (!now || !ub) return null;
    let box = union(p.unit, ub);
    for (const [k, b] of now) if (!p.items.has(k)) box = union(box, b);
    for (const [k, b] of p.items) if (!now.has(k)) box = union(box, b);
    box = grow(box, ROOM);
    for (const b of p.moved) box = union(box, b);
    // What is drawn afresh in every frame lies wholly inside the clip or wholly outside it: a path
    // the clip's edge crosses is rasterised with other edges (Skia's anti-aliasing under a clip), a
    // level or two off in every pixel of its rim. Those are the items over the kept picture, the
    // units where a frame draws them (few), the texts with their names' callouts, the arrows at the
    // view's edge.
    const live = [...now.values()];
    if (this.fewStill(sc)) for (const v of sc.units) if (!v.free) live.push(...this.unitBoxes(v));
    for (const [b, id] of p.texts.values()) { const body = id !== undefined && this.bodies.get(id); live.push(body ? union(grow(b, INK), body) : grow(b, INK)); }
    for (const [, x, y] of this.offView ?? []) live.push([x - ARROW, y - ARROW, x + ARROW, y + ARROW]);
    for (let grew = true; grew;) {
      grew = false;
      for (const b of live) if (meets(b, box) && !inside(b, box)) { box = union(box, b); grew = true; }
    }
    const clip = [Math.max(0, Math.floor(box[0] * d) / d), Math.max(0, Math.floor(box[1] * d) / d), Math.min(this.w, Math.ceil(box[2] * d) / d), Math.min(this.h, Math.ceil(box[3] * d) / d)];
    return (clip[2] - clip[0]) * (clip[3] - clip[1]) < 0.6 * this.w * this.h ? clip : null;
  },

  /**
   * After a paint clipped to `clip` (or whole: null): false where something changed outside it (a
   * layer drawn afresh, a text placed or left out there, an arrow at the view's edge), and the
   * frame is to be drawn again whole. Notes what the next frame is compared with.
   */
  partDone(sc, clip, handleFor) {
    const carried = this.carried(), items = this.still && carried !== null && !handleFor && !sc.tracks?.length && sc.kind !== 'free' && this.fingerItems(sc);
    const u = items && sc.units.find((v) => v.id === carried), unit = u && this.carriedBox(u);
    if (!unit) { this.part = null; return true; }
    const texts = new Map();
    for (const [t, size, box, kind, id] of this.drawnText) texts.set(`${t}|${size}|${box.join()}|${kind}|${id}`, [box, id]);
    const arrows = `${!!this.paintArrows}${JSON.stringify(this.offView ?? null)}`, p = this.part;
    // the texts placed, moved or left out since the last frame (with the unit a name's callout line reaches)
    const moved = [];
    if (p) {
      const add = ([box, id]) => { moved.push(grow(box, INK)); const b = id !== undefined && id !== carried && this.bodies.get(id); if (b) moved.push(b); };
      for (const [k, t] of texts) if (!p.texts.has(k)) add(t);
      for (const [k, t] of p.texts) if (!texts.has(k)) add(t);
    }
    const apart = ([b, id]) => { const body = id !== undefined && this.bodies.get(id), x = body ? union(grow(b, INK), body) : grow(b, INK); return inside(x, clip) || !meets(x, clip); };
    const ok = !clip || (!this.redrawn.length && arrows === p.arrows && moved.every((b) => inside(b, clip)) && [...texts.values()].every(apart));
    if (ok) this.part = { view: this.viewNow().join(), still: this.still, carried, items, unit, texts, arrows, moved };
    else this.part = null;
    return ok;
  },

  // What the clip is compared with: the camera, the view's and the canvas's sizes.
  viewNow() { return [this.s, this.ox, this.oy, this.w, this.h, this.canvas.width, this.canvas.height]; },

  /** The overlay's items a drag's frame draws over the kept picture, by their JSON, each with its screen box; null if one is of a kind not boxed. */
  fingerItems(sc) {
    const onTop = (it) => it.type === 'mark' || it.type === 'line' || it.onTop;
    const overlay = sc.overlay ?? [], beneath = overlay.filter((it) => !onTop(it));
    const items = new Map();
    for (const it of [...beneath.slice(keptItems(beneath)), ...overlay.filter(onTop)]) {
      const b = this.itemBox(it);
      if (!b) return null;
      items.set(JSON.stringify(it), b);
    }
    return items;
  },

  // An item's screen box, its strokes and dots (its texts are the paint's record: partDone); null for
  // a kind a hex drag does not draw.
  itemBox(it) {
    const at = (h) => this.toScreen(...center(h.q, h.r));
    let pts, m;
    if (it.step) return null;
    if (it.type === 'hexes') { pts = it.cells.map(at); m = 1.2 * this.s + 8; } // (a hex's corner at s, its thick outline and focus ring)
    else if (it.type === 'hexpath') { pts = it.cells.map(at); m = 14; } // (its numbered dots' radius 9)
    else if (it.type === 'mark') { pts = [it.hex ? at(it.hex) : this.toScreen(it.x, it.y)]; m = it.shape === 'hex' ? 1.2 * this.s + 6 : 24; }
    else if (it.type === 'line' && !it.ruler) { pts = [it.hexFrom ? at(it.hexFrom) : this.toScreen(...it.from), it.hexTo ? at(it.hexTo) : this.toScreen(...it.to)]; m = 16; }
    else return null;
    let box = null;
    for (const [x, y] of pts) box = union(box, [x - m, y - m, x + m, y + m]);
    return box ?? [0, 0, 0, 0];
  },

  // The carried hex unit's screen box; null for a table's unit.
  carriedBox(u) { return u.free ? null : this.unitBoxes(u).reduce(union, null); },

  // A hex unit's drawing as paintUnit's paths: its token with its selection ring and front arrow
  // (a small one reaches past its hex's corner), and each of a many-hex unit's hexes, filled apart.
  unitBoxes(u) {
    const box = (h, m) => { const [x, y] = this.toScreen(...center(h.q, h.r)); return [x - m, y - m, x + m, y + m]; };
    return [box(u, 1.2 * this.s + 6), ...(u.hexes?.length > 1 ? u.hexes.map((h) => box(h, this.s + 4)) : [])];
  },
};
Object.assign(Painter.prototype, stillPainting);
