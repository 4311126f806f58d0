// Axial hex arithmetic. The formulas follow Red Blob Games, "Hexagonal Grids"
// (https://www.redblobgames.com/grids/hexagons/), with pointy-top hexes and odd-r offsets.
#include "hex/hex_coord.h"

#include <stdlib.h>

// docs/api.md "Hex boards": direction i is this offset; the order is part of the interface
// (facings and the reach tie-break both use it).
static const McHex DIRECTIONS[MC_HEX_DIRECTIONS] = {
    {+1, 0}, {+1, -1}, {0, -1}, {-1, 0}, {-1, +1}, {0, +1},
};

McHex mc_hex_make(int q, int r) {
    McHex h = {q, r};
    return h;
}

bool mc_hex_equal(McHex a, McHex b) { return a.q == b.q && a.r == b.r; }

McHex mc_hex_add(McHex a, McHex b) { return mc_hex_make(a.q + b.q, a.r + b.r); }

McHex mc_hex_sub(McHex a, McHex b) { return mc_hex_make(a.q - b.q, a.r - b.r); }

int mc_hex_dir_wrap(int dir) {
    int d = dir % MC_HEX_DIRECTIONS;
    return d < 0 ? d + MC_HEX_DIRECTIONS : d;
}

McHex mc_hex_direction(int dir) { return DIRECTIONS[mc_hex_dir_wrap(dir)]; }

McHex mc_hex_neighbor(McHex h, int dir) { return mc_hex_add(h, mc_hex_direction(dir)); }

int mc_hex_direction_to(McHex from, McHex to) {
    McHex d = mc_hex_sub(to, from);
    for (int i = 0; i < MC_HEX_DIRECTIONS; i++)
        if (mc_hex_equal(d, DIRECTIONS[i])) return i;
    return -1;
}

int mc_hex_distance(McHex a, McHex b) {
    // Cube distance: the third cube coordinate is s = -q - r.
    int dq = a.q - b.q, dr = a.r - b.r;
    return (abs(dq) + abs(dr) + abs(dq + dr)) / 2;
}

// Parity that does not depend on how % or & treat negative numbers.
static int odd(int n) { return n % 2 != 0; }

McHex mc_hex_from_offset(McOffset o) {
    // row - parity is even, so the division is exact for negative rows too.
    return mc_hex_make(o.col - (o.row - odd(o.row)) / 2, o.row);
}

McOffset mc_hex_to_offset(McHex h) {
    McOffset o = {h.q + (h.r - odd(h.r)) / 2, h.r};
    return o;
}
