// The arrows at the board's edge pointing at what is out of view (board.js Painter's
// `paintOffView` finds them; `paintArrows` draws them), fetched when a view first leaves something
// out: a first view at a desktop's size leaves nothing out.
import { Painter, abbreviations, overlap, MIN_TEXT } from './board.js';

/** The Painter's method, given to every Painter as this module loads. */
export const arrowsPainting = {
  /**
   * Each arrow (`{at, angle, things, side}`) in its first thing's colour, with its name where that
   * fits, else its shortened name, and recorded in `offView`; `terrain` the named pieces, `aimed`
   * the boxes of the hexes offered to a tap, `top` and `bottom` the band clear of the controls.
   */
  paintArrows(sc, arrows, terrain, aimed, top, bottom) {
    const c = this.ctx;
    // a terrain piece's shortest start no unit's or other piece's name shares ("Gua…" beside
    // "Guards"), made once a paint and only when a piece is named alone
    let everyName = null;
    const clearOf = [...this.covers, ...aimed]; // (what no name may cover but the units' tokens, made once)
    const shortPiece = (label) => (everyName ??= abbreviations([...sc.units, ...terrain].map((v) => String(v.label)))).get(label) ?? label;
    for (const { at: [x, y], angle, things: these, side } of arrows) {
      c.save();
      c.translate(x, y);
      c.rotate(angle);
      c.beginPath(); c.moveTo(9, 0); c.lineTo(-7, -8); c.lineTo(-7, 8); c.closePath();
      c.fillStyle = these[0].color; c.fill();
      c.lineWidth = 2; c.strokeStyle = '#fff'; c.stroke();
      c.restore();
      // its name inside the view from the arrow: beside it on a side edge (or over or under it, off
      // the hexes' numbers), under or over it, else beside it, on the top or foot; where the name
      // finds no room, its shortest start no other name shares (a unit out of an upright phone's
      // view went unnamed, the reach's costs all round its arrow)
      const one = these.length === 1 && these[0], inward = y < (top + bottom) / 2 ? 1 : -1;
      const names = one ? [String(one.label), one.e ? shortPiece(String(one.label)) : this.abbreviationsOf(sc.units).get(String(one.label))]
        : [`${these.length} ${these.some((u) => u.e) ? 'pieces' : 'units'}`];
      [...new Set(names)].some((name) => {
        this.setFont(`600 ${MIN_TEXT}px system-ui, sans-serif`);
        const half = Math.min(this.textWidth(name), 120) / 2 + 14;
        const lx = x < this.w / 2 ? x + half : x - half;
        const ex = x < this.w / 2 ? x - 12 + half : x + 12 - half; // (its end at the arrow's outer edge)
        const spots = side ? [[lx, y], ...[18, -18, 36, -36, 54, -54, 72, -72].flatMap((dy) => [[ex, y + inward * dy], [lx, y + inward * dy]])]
          : [[x, y + inward * 20], [lx, y + inward * 20], [x, y + inward * 38], [x + half, y], [x - half, y]];
        // (never on a unit's token or base: there it read as that unit's name; nor on a hex the
        // player is to tap, an ejected miniature's free hexes, which it hid)
        const [hw, hh] = [half - 14 + 3, MIN_TEXT / 2 + 2];
        // (the units' bodies looked up by where they are, onToken: a view's edge beside 1,000 units
        // looked at every one for each spot of each arrow)
        const free = ([sx, sy]) => { const b = [sx - hw, sy - hh, sx + hw, sy + hh]; return !this.onToken(b) && !clearOf.some((o) => overlap(b, o)); };
        return spots.filter(free).some(([sx, sy]) => this.label(name, sx, sy, '#1b2430', MIN_TEXT, 120, 'plate'));
      });
      this.offView.push([these.filter((u) => !u.e).map((u) => u.id), x, y, these.filter((u) => u.e).map((u) => u.id)]);
    }
  },
};
Object.assign(Painter.prototype, arrowsPainting);
