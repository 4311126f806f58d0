// Free-form table geometry shared by the board and the drawers (docs/api.md axes: x right, y up
// the table, facings clockwise from +y).

export const rad = (d) => d * Math.PI / 180;

/** Corners of a unit's rectangle: front-left, front-right, back-right, back-left. */
export function rectCorners(x, y, facing, w, d) {
  const fx = Math.sin(rad(facing)), fy = Math.cos(rad(facing)), rx = fy, ry = -fx;
  const p = (a, b) => [x + rx * a + fx * b, y + ry * a + fy * b];
  return [p(-w / 2, d / 2), p(w / 2, d / 2), p(w / 2, -d / 2), p(-w / 2, -d / 2)];
}

/** The unit vector of a step `dir` (forward, backward, left, right) for a unit facing `facing`. */
export const frameVector = (facing, dir) => {
  const f = rad(facing), fwd = [Math.sin(f), Math.cos(f)], right = [Math.cos(f), -Math.sin(f)];
  return { forward: fwd, backward: [-fwd[0], -fwd[1]], right, left: [-right[0], -right[1]] }[dir] ?? [0, 0];
};

/** World offset (dx, dy) as [ahead, right] of a unit facing `facing`. */
export function inFrame(facing, dx, dy) {
  const [fx, fy] = frameVector(facing, 'forward'), [rx, ry] = frameVector(facing, 'right');
  return [dx * fx + dy * fy, dx * rx + dy * ry];
}

/** The world point of lattice point (i, j) of frame `f` ({x, y, facing}) in cells of `size`: i to its right, j ahead. */
export function latticePoint(f, size, i, j) {
  const [fx, fy] = frameVector(f.facing, 'forward'), [rx, ry] = frameVector(f.facing, 'right');
  return [f.x + (rx * i + fx * j) * size, f.y + (ry * i + fy * j) * size];
}

/** True when world point (x, y) is on the rectangle of unit `u` ({x, y, facing, w, d}), `tol` around it:
 * the board's hit test and play's target under the finger, one rule. */
export function isOn(u, x, y, tol = 0) {
  const [ahead, right] = inFrame(u.facing ?? 0, x - u.x, y - u.y);
  return Math.abs(ahead) <= u.d / 2 + tol && Math.abs(right) <= u.w / 2 + tol;
}
