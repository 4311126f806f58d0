// Pointy-top hex geometry for the page (docs/api.md "Hex boards"): axial {q, r}, odd-r offset
// {col, row}, the six directions in the contract's order, boards and a hexon's hexes (its lattice: games/torn-world-hexon.js).
// Pixel space has hex size 1 (centre to corner) and y growing down the screen, as r does.
export const SQRT3 = Math.sqrt(3);
export const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
export const DIR_NAMES = ['east', 'north-east', 'north-west', 'west', 'south-west', 'south-east'];

export const toAxial = (col, row) => ({ q: col - (row - (row & 1)) / 2, r: row });
export const toOffset = (q, r) => ({ col: q + (r - (r & 1)) / 2, row: r });
export const key = (q, r) => `${q},${r}`;
export const center = (q, r) => [SQRT3 * (q + r / 2), 1.5 * r];
export const distance = (a, b) =>
  (Math.abs(a.q - b.q) + Math.abs(a.r - b.r) + Math.abs(a.q + a.r - b.q - b.r)) / 2;

/** The hex whose centre is nearest the pixel (x, y). */
export function fromPixel(x, y) {
  const fq = (SQRT3 / 3 * x - y / 3), fr = 2 / 3 * y, fs = -fq - fr;
  let q = Math.round(fq), r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq), dr = Math.abs(r - fr), ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return { q: q + 0, r: r + 0 };
}

/** Corner i (0..5) of a pointy-top hex at pixel centre (x, y) with size s. */
export function corner(x, y, s, i) {
  const a = Math.PI / 180 * (60 * i - 30);
  return [x + s * Math.cos(a), y + s * Math.sin(a)];
}

/** The unit vector on screen (y down) pointing across hexside `dir`. */
export function dirVector(dir) {
  const [dq, dr] = DIRS[((dir % 6) + 6) % 6];
  const [x, y] = center(dq, dr);
  return [x / SQRT3, y / SQRT3];
}

/** The direction (0..5) nearest the screen vector (dx, dy). */
export function dirOf(dx, dy) {
  return ((Math.round(Math.atan2(-dy, dx) / (Math.PI / 3)) % 6) + 6) % 6;
}

/**
 * Every hex of a board spec, {cols, rows}; a board named by its preset ({preset}) has the shape its
 * game gives (`preset`: `rows` and each row's `cols(row)`; model.js `boardCells` looks it up).
 * Kept per shape and frozen (a caller sorts a copy): a hex drag asked for them at each ruling, its
 * scene and its on-board checks, each time some hundred new cells.
 */
export function boardCells(board, preset = null) {
  const shape = preset ?? `${board.cols}x${board.rows}`;
  let cells = shapes.get(shape);
  if (cells) return cells;
  cells = [];
  const rows = preset ? preset.rows : board.rows;
  for (let row = 0; row < rows; row++) {
    const cols = preset ? preset.cols(row) : board.cols;
    for (let col = 0; col < cols; col++) cells.push(Object.freeze({ ...toAxial(col, row), col, row }));
  }
  shapes.set(shape, Object.freeze(cells));
  return cells;
}
const shapes = new Map();

/** The 7 hexes of the hexon centred on (q, r). */
export function hexonCells(q, r) {
  return [{ q, r }, ...DIRS.map(([dq, dr]) => ({ q: q + dq, r: r + dr }))];
}
