// Torn World hexons (A-TW-1, docs/api.md "Hex boards"): 7-hex clusters (a centre and its
// six neighbours) whose centres lie on the lattice anchor + a·(2,1) + b·(−1,3). The clusters tile
// the plane with no gaps and no overlaps. A hexon is named by its centre hex.
#ifndef MC_HEXON_H
#define MC_HEXON_H

#include <stdbool.h>

#include "hex/hex_coord.h"

#define MC_HEXON_HEXES 7     ///< hexes in one hexon
#define MC_HEXON_RING 12     ///< hexes adjacent to a hexon (ring 2 around its centre)
#define MC_HEXON_DIRECTIONS 6

/// Offset from a hexon centre to the centre of its neighbour in hexon direction `dir` (wrapped
/// into 0..5). Hexon direction i is 2·direction(i) + direction(i − 1): 0 (2,1), 1 (3,−2),
/// 2 (1,−3), 3 (−2,−1), 4 (−3,2), 5 (−1,3). Like hex directions they turn counter-clockwise on
/// screen; hexon direction i points about 19° clockwise of hex direction i.
McHex mc_hexon_direction(int dir);

/// Centre of the neighbouring hexon of the hexon centred on `center`, in hexon direction `dir`.
McHex mc_hexon_neighbor(McHex center, int dir);

/// True when `h` is a hexon centre of the lattice anchored at `anchor`.
bool mc_hexon_is_center(McHex anchor, McHex h);

/// Centre of the one hexon of the lattice anchored at `anchor` that contains `h`. Exact O(1):
/// (3q + r) mod 7, relative to the anchor, is 0 at centres and different on each of the six
/// neighbours. |q|, |r| of both hexes must be at most MC_MAX_HEX_COORD.
McHex mc_hexon_center_of(McHex anchor, McHex h);

/// Writes the 7 hexes of the hexon centred on `center`: the centre, then its neighbours in hex
/// directions 0..5. `out` must hold MC_HEXON_HEXES. (Whether `center` is on a lattice is the
/// caller's business.)
void mc_hexon_hexes(McHex center, McHex out[MC_HEXON_HEXES]);

#endif
