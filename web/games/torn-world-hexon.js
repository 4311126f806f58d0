// The lattice of hexons (clusters of seven hexes, hex.js hexonCells), which only Torn World's
// miniatures stand on (A-TW-1): apart from hex.js, so that no other game's first visit carries it.
import { distance } from '../hex.js';

export const HEXON_DIRS = [[2, 1], [-1, 3], [-3, 2], [-2, -1], [1, -3], [3, -2]];

/** Is hex (q, r) on the lattice of snapHexon? a(2,1) + b(-1,3) has 3q + r = 7a (and 2r - q = 7b follows). */
export const isHexonCentre = (q, r, anchor = { q: 0, r: 0 }) => (3 * (q - anchor.q) + r - anchor.r) % 7 === 0;

/** The hexon centre nearest hex (q, r) on the lattice a(2,1) + b(-1,3) + anchor (A-TW-1). */
export function snapHexon(q, r, anchor = { q: 0, r: 0 }) {
  const x = q - anchor.q, y = r - anchor.r;
  const a = (3 * x + y) / 7, b = (2 * y - x) / 7;
  let best = null;
  for (const ia of [Math.floor(a), Math.ceil(a)]) {
    for (const ib of [Math.floor(b), Math.ceil(b)]) {
      const c = { q: 2 * ia - ib + anchor.q, r: ia + 3 * ib + anchor.r };
      const d = distance(c, { q, r });
      if (!best || d < best.d) best = { ...c, d };
    }
  }
  return { q: best.q, r: best.r };
}
