// Hexon lattice arithmetic. The lattice vectors (2,1) and (−1,3) have determinant 7, one lattice
// point per 7 hexes; docs/rules/torn-world.md A-TW-1 gives the tiling.
#include "hex/hexon.h"

static const McHex HEXON_DIRECTIONS[MC_HEXON_DIRECTIONS] = {
    {2, 1}, {3, -2}, {1, -3}, {-2, -1}, {-3, 2}, {-1, 3},
};

// The linear form f(q, r) = 3q + r vanishes mod 7 on both lattice vectors (3·2 + 1 = 7,
// 3·(−1) + 3 = 0) and takes the values 3, 2, 6, 4, 5, 1 on the hex directions 0..5, so f mod 7
// names the position of a hex inside its hexon. CELL_DIR[f mod 7] is the hex direction from the
// centre to the hex (-1 for the centre itself).
static const int CELL_DIR[7] = {-1, 5, 1, 0, 3, 4, 2};

static int mod7(int n) {
    int m = n % 7;
    return m < 0 ? m + 7 : m;
}

McHex mc_hexon_direction(int dir) { return HEXON_DIRECTIONS[mc_hex_dir_wrap(dir)]; }

McHex mc_hexon_neighbor(McHex center, int dir) {
    return mc_hex_add(center, mc_hexon_direction(dir));
}

bool mc_hexon_is_center(McHex anchor, McHex h) {
    McHex d = mc_hex_sub(h, anchor);
    return mod7(3 * d.q + d.r) == 0;
}

McHex mc_hexon_center_of(McHex anchor, McHex h) {
    McHex d = mc_hex_sub(h, anchor);
    int dir = CELL_DIR[mod7(3 * d.q + d.r)];
    return dir < 0 ? h : mc_hex_sub(h, mc_hex_direction(dir));
}

void mc_hexon_hexes(McHex center, McHex out[MC_HEXON_HEXES]) {
    out[0] = center;
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) out[1 + d] = mc_hex_neighbor(center, d);
}

