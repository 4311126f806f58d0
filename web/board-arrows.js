// The arrows at the board's edge pointing at what is out of view (board.js Painter's
// `paintOffView` finds them; `paintArrows` draws them), fetched when a view first leaves something
// out: a first view at a desktop's size leaves nothing out.
import { Painter, abbreviations, overlap, MIN_TEXT } from './board.js';
import { center } from './hex.js';

/** The Painter's method, given to every Painter as this module loads. */
export const arrowsPainting = {
  /**
   * For the things out of view (`off`; `terrain` the named pieces among them) an arrow in its side's
   * (or terrain's, or reach's) colour at the view's edge, in the band clear of the controls,
   * pointing at it, with its name where that fits, else its shortened name (a reach's: its number
   * of hexes); things whose arrows would meet share one, with their number. Each recorded in
   * `offView`.
   */
  paintArrows(sc, off, terrain) {
    // (off the numbers' strips, board-hex.js hexStrips, and where they are not pinned, their bands)
    const [top, bottom] = this.band(), m = 12, pin = sc.kind === 'hex' ? MIN_TEXT + 8 : 0, [x0, y0] = this.open;
    const lo = [Math.max(pin, x0) + m, Math.max(top, pin, y0) + m], hi = [this.w - m, bottom - m];
    const mid = [(lo[0] + hi[0]) / 2, (lo[1] + hi[1]) / 2];
    if (hi[0] <= lo[0] || hi[1] <= lo[1]) return;
    // the hexes offered to a tap on screen: an overlay's `choices` (an ejected miniature's free
    // hexes), which no name covers, and a reach's in view, which no arrow covers (one drawn there
    // after a pan hid the hexes it lay on)
    const box = (h) => { const [x, y] = this.toScreen(...center(h.q, h.r)); return [x - this.s * 0.87, y - this.s, x + this.s * 0.87, y + this.s]; };
    const tapped = (it) => it.type === 'hexes' && (it.choices || it.reach);
    const aimed = [], inReach = [];
    for (const it of (sc.overlay ?? []).filter(tapped)) for (const h of it.cells) {
      const b = box(h);
      if (it.choices) aimed.push(b); else if (overlap(b, [0, 0, this.w, this.h])) inReach.push(b);
    }
    // the units' names along the edges (a name kept off the columns' strip stands just under it,
    // where the arrows go: one drawn over a leader's name)
    const named = [];
    const edgeward = (b) => b[0] < lo[0] + m || b[1] < lo[1] + m || b[2] > hi[0] - m || b[3] > hi[1] - m;
    for (const p of this.plan.values()) { const b = p.name?.box; if (b && edgeward(b)) named.push(b); }
    // and the markers' labels there (an arrow was drawn over "tool (2)" at a phone's edge)
    for (const [, , b, kind] of this.drawnText) if (kind === 'label' && edgeward(b)) named.push(b);
    // what lies across each edge's line (a px more each way than a spot there reaches), found once
    // an edge: only that can be hit by a spot on it (every box tried at every spot of every arrow
    // was 35 ms of a zoom's frame at 1,000 units)
    const edges = new Map(), across = (side, line, boxes) => boxes.filter((c) => c[1 - side] < line + m + 1 && c[3 - side] > line - m - 1);
    const arrows = [];
    for (const thing of off) {
      const e = thing.e ?? this.extentOf(thing);
      // where the line from the view's middle to it meets the edge (a corner's rounding aside)
      const d = [e.x - mid[0], e.y - mid[1]], t = Math.min(...[0, 1].map((i) => (d[i] ? (d[i] > 0 ? hi[i] - mid[i] : lo[i] - mid[i]) / d[i] : Infinity)));
      const at = [mid[0] + d[0] * t, mid[1] + d[1] * t];
      const side = Math.abs(at[0] - lo[0]) < 0.5 || Math.abs(at[0] - hi[0]) < 0.5 ? 1 : 0; // the axis it slides along
      // slid along its edge to the nearest spot off the controls floating there, the arrows it may
      // not share, the reached hexes and the units' names; where none is clear of the names, off the
      // rest; a unit's arrow where none is clear of those hexes keeps off the rest, a reach's is left out
      const clear = (boxes) => {
        const hits = (v) => boxes.some((c) => overlap(side ? [at[0] - m, v - m, at[0] + m, v + m] : [v - m, at[1] - m, v + m, at[1] + m], c));
        return [at[side], ...boxes.flatMap((c) => [c[side] - m - 1, c[side + 2] + m + 1])].filter((v) => v >= lo[side] && v <= hi[side] && !hits(v))
          .reduce((p, v) => (p === null || Math.abs(v - at[side]) < Math.abs(p - at[side]) ? v : p), null);
      };
      const line = at[1 - side], key = `${side}${line < mid[1 - side]}`;
      let edge = edges.get(key);
      if (!edge) edges.set(key, edge = { covers: across(side, line, this.covers), inReach: across(side, line, inReach), named: across(side, line, named) });
      const others = across(side, line, arrows.filter((a) => !a.things[0].reached !== !thing.reached).map(({ at: [x, y] }) => [x - m, y - m, x + m, y + m]));
      const to = clear([...edge.covers, ...others, ...edge.inReach, ...edge.named]) ?? clear([...edge.covers, ...others, ...edge.inReach]) ?? (thing.reached ? null : clear([...edge.covers, ...others]));
      if (thing.reached && to === null) continue;
      if (to !== null) at[side] = to;
      // (a reach's arrow shares with a reach's alone: with a unit's it read "2 pieces")
      const near = arrows.find((a) => !a.things[0].reached === !thing.reached && Math.hypot(a.at[0] - at[0], a.at[1] - at[1]) < 2.5 * m);
      if (near) near.things.push(thing); else arrows.push({ at, angle: Math.atan2(d[1], d[0]), things: [thing], side });
    }
    const c = this.ctx;
    // a terrain piece's shortest start no unit's or other piece's name shares ("Gua…" beside
    // "Guards"), made once a paint and only when a piece is named alone
    let everyName = null;
    const clearOf = [...this.covers, ...aimed]; // (what no name may cover but the units' tokens, made once)
    const shortPiece = (label) => (everyName ??= abbreviations([...sc.units, ...terrain].map((v) => String(v.label)))).get(label) ?? label;
    for (const { at: [x, y], angle, things: these, side } of arrows) {
      // its name inside the view from the arrow: beside it on a side edge (or over or under it, off
      // the hexes' numbers), under or over it, else beside it, on the top or foot; where the name
      // finds no room, its shortest start no other name shares (a unit out of an upright phone's
      // view went unnamed, the reach's costs all round its arrow); a reach's arrow unnamed is not
      // drawn (one after a move pointed at hexes it did not count)
      const one = these.length === 1 && these[0], inward = y < (top + bottom) / 2 ? 1 : -1;
      const hexes = these.reduce((n, u) => n + (u.reached ?? 0), 0);
      // a unit's or a piece's name begins with the way to it: a name alone at the edge read as a
      // unit standing there (a newcomer's review: "Faceless One" under the Warbeast's own name)
      const way = `${'→↘↓↙←↖↑↗'[Math.round(angle / (Math.PI / 4)) & 7]} `;
      const names = hexes ? [`${hexes} hex${hexes === 1 ? '' : 'es'}`] : (one ? [String(one.label), one.e ? shortPiece(String(one.label)) : this.abbreviationsOf(sc.units).get(String(one.label))]
        : [`${these.length} ${these.some((u) => u.e) ? 'pieces' : 'units'}`]).map((n) => way + n);
      const named = [...new Set(names)].some((name) => {
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
        const free = ([sx, sy]) => { const b = [sx - hw, sy - hh, sx + hw, sy + hh]; return b[0] >= x0 && b[1] >= y0 && !this.onToken(b) && !clearOf.some((o) => overlap(b, o)); };
        return spots.filter(free).some(([sx, sy]) => this.label(name, sx, sy, '#1b2430', MIN_TEXT, 120, 'plate'));
      });
      if (hexes && !named) continue;
      c.save();
      c.translate(x, y);
      c.rotate(angle);
      // a dart, notched at its back: a triangle as wide as long pointed three ways alike (one aimed
      // up and right read as pointing down)
      c.beginPath(); c.moveTo(10, 0); c.lineTo(-7, -8); c.lineTo(-3, 0); c.lineTo(-7, 8); c.closePath();
      c.fillStyle = these[0].color; c.fill();
      c.lineWidth = 2; c.strokeStyle = '#fff'; c.stroke();
      c.restore();
      this.offView.push([these.filter((u) => !u.e).map((u) => u.id), x, y, these.filter((u) => u.e).map((u) => u.id)]);
    }
  },
};
Object.assign(Painter.prototype, arrowsPainting);
