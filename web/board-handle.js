// The rotate handle of the selected unit (Set up's move tool; in play, a game whose units turn by
// it, its question's while none is selected: board.js handleUnit): where it goes, clear of the
// answer's markers and of other units (a hex unit's on a corner), and its drawing. Board.js fetches
// it when a board would first show one (`loadHandle`); a first view selects no unit (a game of move
// orders, which shows its question's from the first view, brings it: play-table-order.js).
import { Painter, clamp, overlap, MIN_TEXT } from './board.js';
import { center, corner, dirVector } from './hex.js';
import { rad } from './geometry.js';

const HANDLE_GAP = 26;  // px from the front edge to the rotate handle
const HANDLE_R = 12;    // drawn radius; hit radius is larger for fingers

/** The painter's methods, given to every Painter as this module loads. */
export const handlePainting = {
  /**
   * The rotate handle's screen point: ahead of the unit's front, moved further out along the same line
   * while it would cover one of the answer's markers (a collision ✕, a pivot). A base's handle that
   * would sit on another unit (after a collision, ahead is the unit met) goes behind it or to a
   * side instead: there it took the drag meant for that unit. `handlePlace` says where it went.
   * While a finger turns a unit in play by it, under the finger.
   */
  handleOf(u) {
    // held in play, where the unit turns only as the finger lifts, it goes with the finger: left
    // where it was, it sat by another position's label than the finger's (a 45° right by a finger at 45° left)
    const g = this.gesture;
    if (g?.type === 'rotate' && g.moved && g.unit === u.id && this.ctl.mode() === 'play') return [g.lx, g.ly];
    return this.handlePlace(u)?.at ?? null;
  },

  /** The handle's screen point `at`, and `spin`: degrees clockwise from a base's facing to its side (0 ahead), by which a drag of it turns. */
  handlePlace(u) {
    const marks = this.markPoints();
    const clear = (p) => marks.every((m) => Math.hypot(m[0] - p[0], m[1] - p[1]) > HANDLE_R + 12);
    // out along `dir` from `at`, past the markers; null where that meets a body
    const along = (at, dir, base, bodies = []) => {
      let hp;
      for (let k = 0; k < 5; k++) {
        const reach = base + k * 2 * HANDLE_R;
        hp = [at[0] + dir[0] * reach, at[1] + dir[1] * reach];
        if (bodies.some((b) => hp[0] > b[0] - HANDLE_R && hp[0] < b[2] + HANDLE_R && hp[1] > b[1] - HANDLE_R && hp[1] < b[3] + HANDLE_R)) return null;
        if (clear(hp)) break;
      }
      return hp;
    };
    if (u.free) {
      const f = u.free.facing, at = this.toScreen(u.free.x, u.free.y);
      // only units within the handle's furthest reach (world units) can be under it
      const reach = Math.hypot(u.free.w, u.free.d) / 2 + (HANDLE_GAP + 10 * HANDLE_R) / this.s;
      const near = (v) => Math.hypot(v.free.x - u.free.x, v.free.y - u.free.y) < reach + Math.hypot(v.free.w, v.free.d) / 2;
      const bodies = (this.scene?.units ?? []).filter((v) => v.free && v.id !== u.id && near(v)).map((v) => { const e = this.extentOf(v); return [e.x - e.ex, e.y - e.ey, e.x + e.ex, e.y + e.ey]; });
      const way = (spin) => { const a = rad(f + spin); return [Math.sin(a), -Math.cos(a)]; };
      for (const [spin, across] of [[0, u.free.d], [180, u.free.d], [90, u.free.w], [-90, u.free.w]]) {
        const hp = along(at, way(spin), across / 2 * this.s + HANDLE_GAP, bodies);
        if (hp) return { at: hp, spin };
      }
      return { at: along(at, way(0), u.free.d / 2 * this.s + HANDLE_GAP), spin: 0 };
    }
    if (u.facing === undefined) return null;
    const corner = this.hexHandle(u);
    if (corner) return { at: corner, spin: 0 };
    return { at: along(this.toScreen(...center(u.q, u.r)), dirVector(u.facing), this.s * 0.87 + HANDLE_GAP), spin: 0 };
  },

  /**
   * A hex unit's handle on a corner where three hexes meet, never on a hex's middle, where its cost
   * is written (it covered the number and took the tap meant for the hex): the corner ahead
   * of the unit nearest its facing line, clear of the numbers and markers drawn around it. Null when
   * none is clear.
   */
  hexHandle(u) {
    const own = new Set(u.hexes.map((h) => `${h.q},${h.r}`));
    const [ux, uy] = center(u.q, u.r), [dx, dy] = dirVector(u.facing);
    const r = this.handleR(u), near = new Map();
    for (const h of u.hexes) for (let q = -2; q <= 2; q++) for (let k = -2; k <= 2; k++) {
      if (Math.abs(q + k) > 2 || own.has(`${h.q + q},${h.r + k}`)) continue;
      const [hx, hy] = center(h.q + q, h.r + k);
      for (let i = 0; i < 6; i++) {
        const [x, y] = corner(hx, hy, 1, i), along = (x - ux) * dx + (y - uy) * dy, off = Math.abs((y - uy) * dx - (x - ux) * dy);
        const id = `${Math.round(x * 8)},${Math.round(y * 8)}`;
        if (along > 1.2 && along < 3.5 && !near.has(id)) near.set(id, { x, y, rank: off * 2 + along });
      }
    }
    // corners of the unit's own hexes are on its token
    for (const h of u.hexes) { const [hx, hy] = center(h.q, h.r); for (let i = 0; i < 6; i++) { const [x, y] = corner(hx, hy, 1, i); near.delete(`${Math.round(x * 8)},${Math.round(y * 8)}`); } }
    // the boxes of the hexes' numbers and badges, where hexText will put them
    const size = clamp(this.s * 0.42, MIN_TEXT, 18), roomy = this.s >= 26, boxes = [];
    for (const it of this.scene?.overlay ?? []) {
      if (it.type !== 'hexes') continue;
      for (const h of it.cells) {
        if (h.label === undefined && !h.badge) continue;
        const [x, y] = this.toScreen(...center(h.q, h.r));
        if (x < -this.s || y < -this.s || x > this.w + this.s || y > this.h + this.s) continue;
        this.setFont(`600 ${size}px system-ui, sans-serif`); // (badgeBox sets its own)
        const ny = h.badge && !roomy ? y + this.s * 0.32 : y, nw = h.label === undefined ? 0 : this.textWidth(String(h.label)) / 2;
        if (nw) boxes.push([x - nw, ny - size / 2, x + nw, ny + size / 2]);
        if (h.badge) boxes.push(this.badgeBox(h));
      }
    }
    const marks = this.markPoints();
    const clearOf = (p) => boxes.every((b) => !overlap(b, [p[0] - r - 2, p[1] - r - 2, p[0] + r + 2, p[1] + r + 2]))
      && marks.every((m) => Math.hypot(m[0] - p[0], m[1] - p[1]) > r + 12);
    const spots = [...near.values()].sort((a, b) => a.rank - b.rank).map((c) => this.toScreen(c.x, c.y));
    return spots.find(clearOf) ?? null;
  },

  /** The rotate handle's radius: on a hex board small enough to sit between three hexes' numbers. */
  handleR(u) { return u?.free ? HANDLE_R : clamp(this.s * 0.5, 8, HANDLE_R); },

  paintHandle(u) {
    const hp = this.handleOf(u);
    if (!hp) return;
    const c = this.ctx;
    const [cx, cy] = u.free ? this.toScreen(u.free.x, u.free.y) : this.toScreen(...center(u.q, u.r));
    c.beginPath(); c.moveTo(cx, cy); c.lineTo(...hp);
    c.strokeStyle = 'rgba(27,36,48,0.6)'; c.lineWidth = 1.5; c.setLineDash([3, 3]); c.stroke(); c.setLineDash([]);
    const r = this.handleR(u);
    c.beginPath(); c.arc(hp[0], hp[1], r, 0, Math.PI * 2);
    c.fillStyle = '#fff'; c.fill();
    c.strokeStyle = '#1b2430'; c.lineWidth = 2; c.stroke();
    c.beginPath(); c.arc(hp[0], hp[1], r * 0.5, -Math.PI * 0.9, Math.PI * 0.5);
    c.stroke();
  },
};
Object.assign(Painter.prototype, handlePainting);
