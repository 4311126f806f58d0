// A hex drag's frame kept as one picture (board.js Painter `keptFrame`, which board-hex.js's
// `paintStill` fetches at the first drag on a hex board: no first view makes one), and the hex
// under the dragging finger named over it (`fingerTag`).
import { Painter, MIN_TEXT, clamp, overlap } from './board.js';
import { center, fromPixel, toOffset } from './hex.js';
import { BAD } from './draw.js';

// what a kept frame's key compares (keptFrame): each hex's of the board and of the items it draws, each box's
const STILL_CELL = ['q', 'r', 'fill', 'mark', 'short'];
const STILL_ITEM = ['q', 'r', 'label', 'badge', 'color', 'hatch', 'outline', 'dashed', 'stop'];
const BOX = [0, 1, 2, 3], HEX = ['q', 'r'];
// how far above the hex under a finger (px past its top corner) it is named (fingerTag): clear of the finger's pad
const FINGER_TAG = 48;

/**
 * What stops a carried unit ending on hex `h`, in a few words, from the engine's whyNot drawn on it
 * (results.js drawWhyNot): the points or hexes the way the units leave open needs and the move has,
 * where the engine counts them; else the first reason's code ("ends on unit"). Where a ruling of
 * several units (a card's order) marks a reason on the hex, that mark's words. None before it answers.
 */
function whyWords(sc, h) {
  const on = sc.overlay.filter((m) => m.hex?.q === h.q && m.hex.r === h.r), w = on.find((m) => m.why)?.why, reasons = w?.reasons ?? [];
  if (!reasons.length) return on.filter((m) => m.color === BAD && m.label).slice(0, 1).map((m) => m.label);
  const short = reasons.find((x) => Number.isFinite(x.needs)), had = w.movementPoints ?? w.allowance;
  return [short && Number.isFinite(had) ? `needs ${short.needs}, has ${had}` : reasons[0].code.replace(/_/g, ' ')];
}

/** The painter's methods, given to every Painter as this module loads. */
export const stillPainting = {
  /**
   * The hex a finger carrying unit `carried` of scene `sc` puts it on, named as the page names it
   * ("col 4 row 6"), on a plate above the hex under the finger (FINGER_TAG px over its top corner),
   * else below it where the view's top is too near, drawn over all else. The columns' numbers stand
   * over the even rows' hexes, the odd rows' half a hex right of them: a newcomer read a hex of an
   * odd row one column off, and dropped a unit there twice. The hex named is the unit's, not the
   * finger's: a Torn World Large one stands on its lattice's nearest point (in play the drag's,
   * `carriedAt`; in Set up the unit's own), which the verdict names. On a hex it cannot end on, a
   * second line says why, short (`whyWords`): the verdict under the board says it in full, but a
   * player's eyes are at the finger.
   */
  fingerTag(sc, carried) {
    const p = [...this.pointers.values()][0];
    if (!p) return;
    const under = fromPixel(...this.toWorld(p.x, p.y));
    const h = this.ctl.carriedAt?.(carried) ?? sc.units.find((u) => u.id === carried) ?? under;
    const { col, row } = toOffset(h.q, h.r), lines = [`col ${col} row ${row}`, ...whyWords(sc, h)], size = MIN_TEXT + 2, lh = size + 2;
    const [hx, hy] = this.toScreen(...center(under.q, under.r)), off = this.s + FINGER_TAG;
    this.setFont(`600 ${size}px system-ui, sans-serif`);
    const w = Math.max(...lines.map((t) => this.textWidth(t))) / 2 + 5, half = lines.length * lh / 2 + 2, up = hy - off - half >= 0;
    const boxAt = ([x, y]) => [x - w, y - half, x + w, y + half];
    // over the finger, else beside that spot or a line further from the finger, where that covers
    // no other unit's token (the soft grid's units, planNames) nor a text: C&C's tag lay on the
    // Numidians (a newcomer's review). Each spot is checked against the few boxes near it.
    const token = (b) => { const hit = this.soft?.near(b, (o, v) => v[0] === 4 && v[1] !== carried && overlap(b, o)) ?? false; if (this.soft) { this.taken.visits += this.soft.visits; this.soft.visits = 0; } return hit; };
    const x0 = clamp(hx, w + 2, this.w - w - 2), sides = up ? [-1, 1] : [1, -1];
    const spots = sides.flatMap((k) => [0, 2 * half + 4].flatMap((d) => [[x0, hy + k * (off + d)], [x0 - 2 * w - 4, hy + k * (off + d)], [x0 + 2 * w + 4, hy + k * (off + d)]]))
      .filter(([x, y]) => x - w >= 2 && x + w <= this.w - 2 && y - half >= 0 && y + half <= this.h);
    const [x, y] = spots.find((q) => !token(boxAt(q)) && this.isClear(boxAt(q))) ?? spots.find((q) => !token(boxAt(q))) ?? [x0, hy + (up ? -off : off)];
    const box = boxAt([x, y]);
    const c = this.ctx;
    c.beginPath(); c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1]);
    c.fillStyle = '#1b2430'; c.fill();
    lines.forEach((t, i) => {
      const top = box[1] + 2 + i * lh;
      this.text(t, x, top + lh / 2, i ? '#ffb4ab' : '#fff', size, false, [box[0], top, box[2], top + lh], 'finger');
    });
  },

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
    // (to the last that numbers its hexes: those after it, unnumbered, change with the hex under the
    // finger, as the carried unit's footprint does, and cost little to draw)
    let n = 0;
    for (let i = 0; i < beneath.length && beneath[i].type === 'hexes'; i++) if (beneath[i].cells.some((h) => h.label !== undefined || h.badge)) n = i + 1;
    // the rows' and columns' numbers too, where nothing drawn after them places a text (their places
    // are as if placed after it): they lie off the hexes, or on plates drawn over the units
    const texts = (it) => (it.type === 'hexes' ? it.cells.some((h) => h.label !== undefined || h.badge) : it.type !== 'hexpath' || it.numbered);
    const coords = !beneath.slice(n).some(texts);
    const items = beneath.slice(0, n);
    // (a hex's fill and name come from its terrain: scene.js boardScene; each list compared with the
    // last as it stands, no text made of it: listKey)
    const key = [coords, sc.boardKey, this.listKey('still hexes', sc.cells, STILL_CELL), JSON.stringify([sc.path ?? null, sc.sections ?? null, sc.baselines ?? null]),
      this.listKey('still dots', sc.dottedCentres ?? [], HEX),
      ...items.flatMap((it, i) => [it.color, this.listKey(`still items ${i}`, it.cells, STILL_ITEM)]),
      this.listKey('still texts', this.labelBoxes, BOX), this.listKey('still clear', this.keepClear, BOX)];
    const from = { boxes: this.labelBoxes.length, over: this.overUnits.length, texts: this.drawnText.length, layers: this.hexLayers };
    let drew = false;
    this.layer('still', key, () => {
      drew = true;
      this.paintHexBoard(sc);
      this.paintOverlay(items);
      if (coords) this.paintHexCoords();
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
};
Object.assign(Painter.prototype, stillPainting);
