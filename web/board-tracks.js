// A move's tracks drawn part way (Painter's `paintTracks`): only the timeline's scrub and Play show
// an answer before its end (scene.js gives the tracks only then; a picture of the board, none), so
// board.js fetches this as the timeline is first touched or focused (app.js).
import { Painter, clamp } from './board.js';
import { center } from './hex.js';

/** The Painter's method, given to every Painter as this module loads. */
export const trackPainting = {
  /** Each of the scene's tracks at its time `t`: a table unit's pose, or a disc between two hexes. */
  paintTracks(sc) {
    for (const tr of sc.tracks ?? []) {
      const n = tr.steps.length;
      if (n === 0) continue;
      const pos = clamp(sc.t ?? 1, 0, 1) * (n - 1), i = Math.min(Math.floor(pos), n - 2), f = pos - Math.max(i, 0);
      const a = tr.steps[Math.max(i, 0)], b = tr.steps[Math.min(i + 1, n - 1)];
      if (tr.kind === 'poses') {
        let df = ((b.facing - a.facing + 540) % 360) - 180;
        const pose = { x: a.x + (b.x - a.x) * f, y: a.y + (b.y - a.y) * f, facing: a.facing + df * f };
        this.paintRect(pose, tr.w, tr.d, tr.color, '#111', 0.9);
      } else {
        const [ax, ay] = center(a.q, a.r), [bx, by] = center(b.q, b.r);
        const [x, y] = this.toScreen(ax + (bx - ax) * f, ay + (by - ay) * f);
        this.ctx.beginPath(); this.ctx.arc(x, y, this.s * 0.45, 0, Math.PI * 2);
        this.ctx.fillStyle = tr.color; this.ctx.globalAlpha = 0.85; this.ctx.fill(); this.ctx.globalAlpha = 1;
        this.ctx.strokeStyle = '#111'; this.ctx.lineWidth = 2; this.ctx.stroke();
      }
    }
  },
};
Object.assign(Painter.prototype, trackPainting);
