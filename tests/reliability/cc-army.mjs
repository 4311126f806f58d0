// Random Commands & Colors: Ancients armies for the property tests (properties-cc-ancients,
// agreement-cc-ancients): the 13 × 9 board with random terrain, up to 30 units of random types on
// two sides and up to 4 leaders, alone or attached to a friend.

const TYPES = ['light infantry', 'light bow infantry', 'slinger', 'auxilia', 'warrior', 'medium infantry', 'heavy infantry',
  'heavy war machine', 'light cavalry', 'light bow cavalry', 'barbarian chariot', 'medium cavalry', 'camel', 'heavy cavalry',
  'elephant', 'heavy chariot', 'cataphracted camel', 'heavy cataphracted cavalry'];
const TERRAIN = ['clear', 'hill', 'forest', 'broken ground', 'river', 'fordable river', 'marsh', 'lake', 'fortified camp'];

/** Every hex of the 13 × 9 board whose odd rows hold 12 hexes. */
export const BOARD = [];
for (let row = 0; row < 9; row++) for (let col = 0; col < (row % 2 ? 12 : 13); col++) BOARD.push({ col, row });

/** A random request base ({system, units, board?}) from the PRNG `r` (gen.mjs). */
export function army(r) {
  const hexes = [...BOARD];
  for (let i = hexes.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [hexes[i], hexes[j]] = [hexes[j], hexes[i]];
  }
  const terrain = BOARD.filter(() => r.next() < 0.12).map((h) => ({ ...h, terrain: r.pick(TERRAIN) }));
  const n = 1 + r.int(30);
  const units = hexes.slice(0, n).map((h, i) => ({ id: `u${i}`, side: i === 0 || r.next() < 0.5 ? 'red' : 'blue', type: r.pick(TYPES), col: h.col, row: h.row }));
  const leaders = [];
  for (let i = r.int(5); i > 0; i--) {
    const side = r.next() < 0.5 ? 'red' : 'blue';
    const friends = units.filter((u) => u.side === side && !leaders.some((l) => l.col === u.col && l.row === u.row));
    const at = r.next() < 0.5 && friends.length ? r.pick(friends) : hexes[n + leaders.length];
    leaders.push({ id: `L${leaders.length}`, side, type: 'leader', col: at.col, row: at.row });
  }
  const req = { system: 'cc-ancients', units: [...units, ...leaders] };
  if (terrain.length) req.board = { preset: 'cc-ancients', terrain };
  return req;
}
