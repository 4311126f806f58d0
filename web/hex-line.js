// The straight way between two hexes, which only hex play takes (play-hex.js, play-orders.js): out
// of hex.js, whose other parts the page's own file holds, so a table game's first visit goes without it.
import { distance } from './hex.js';

/** The hexes of the straight line from hex a to hex b, b included and a not: a finger's way between two hexes. */
export function line(a, b) {
  const n = distance(a, b), out = [];
  for (let i = 1; i <= n; i++) {
    // nudged off the edges between hexes, so that a line along one falls on the same side each step
    const q = a.q + (b.q - a.q) * i / n + 1e-6, r = a.r + (b.r - a.r) * i / n + 1e-6, s = -q - r;
    let rq = Math.round(q), rr = Math.round(r);
    const rs = Math.round(s), dq = Math.abs(rq - q), dr = Math.abs(rr - r), ds = Math.abs(rs - s);
    if (dq > dr && dq > ds) rq = -rr - rs; else if (dr > ds) rr = -rq - rs;
    out.push({ q: rq, r: rr });
  }
  return out;
}
