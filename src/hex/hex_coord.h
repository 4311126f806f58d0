// Axial hex coordinates for pointy-top boards (docs/api.md "Hex boards", Red Blob Games
// conventions): neighbours, distance, odd-r offset conversion, rings, spirals and lines. All
// integer; nothing here allocates or fails loudly.
#ifndef MC_HEX_COORD_H
#define MC_HEX_COORD_H

#include <stdbool.h>

/// A hex in axial coordinates. r grows down the screen, q grows to the east along a row.
/// Functions here are exact for |q|, |r| up to MC_MAX_HEX_COORD (and far beyond: sums stay well
/// inside int for |q|, |r| < 2^28).
typedef struct McHex {
    int q, r;
} McHex;

/// A hex in "odd-r" offset coordinates: rows are r, odd rows are shoved half a hex to the east.
typedef struct McOffset {
    int col, row;
} McOffset;

/// Number of hex directions (and hex facings).
#define MC_HEX_DIRECTIONS 6

/// Direction indices, docs/api.md order. Facing i has compass bearing 90 - 60·i (mod 360).
enum {
    MC_HEX_EAST = 0,       ///< (+1, 0)
    MC_HEX_NORTH_EAST = 1, ///< (+1, -1)
    MC_HEX_NORTH_WEST = 2, ///< (0, -1)
    MC_HEX_WEST = 3,       ///< (-1, 0)
    MC_HEX_SOUTH_WEST = 4, ///< (-1, +1)
    MC_HEX_SOUTH_EAST = 5  ///< (0, +1)
};

/// The hex (q, r).
McHex mc_hex_make(int q, int r);

/// True when a and b are the same hex.
bool mc_hex_equal(McHex a, McHex b);

/// a + b, component-wise.
McHex mc_hex_add(McHex a, McHex b);

/// a - b, component-wise.
McHex mc_hex_sub(McHex a, McHex b);

/// Any integer direction wrapped into 0..5 (so -1 is 5, 7 is 1). Use it for facing arithmetic.
int mc_hex_dir_wrap(int dir);

/// The unit offset of direction `dir` (wrapped into 0..5 first).
McHex mc_hex_direction(int dir);

/// The neighbour of `h` in direction `dir` (wrapped into 0..5 first).
McHex mc_hex_neighbor(McHex h, int dir);

/// The direction index 0..5 from `from` to the adjacent hex `to`, or -1 when they are not
/// adjacent (including when they are equal).
int mc_hex_direction_to(McHex from, McHex to);

/// Number of steps between a and b (0 when equal).
int mc_hex_distance(McHex a, McHex b);

/// Odd-r offset to axial: q = col - (row - (row & 1)) / 2, r = row; correct for negative rows
/// (row -1 is odd).
McHex mc_hex_from_offset(McOffset o);

/// Axial to odd-r offset; the inverse of mc_hex_from_offset.
McOffset mc_hex_to_offset(McHex h);

#endif
