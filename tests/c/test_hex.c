// Axial coordinates, odd-r offsets, rings, lines, boards, the C&C: Ancients board and Torn World
// hexons. Every expected value below is a hand count or a hand-worked coordinate.
#include <stdlib.h>

#include "hex/hex.h"
#include "mctest.h"

static bool hex_is(McHex h, int q, int r) { return h.q == q && h.r == r; }

// ---- coordinates ----------------------------------------------------------------------------

MC_TEST(directions_follow_contract_order, "hex directions are east, north-east, north-west, west, south-west, south-east") {
    MC_CHECK(hex_is(mc_hex_direction(0), 1, 0));
    MC_CHECK(hex_is(mc_hex_direction(1), 1, -1));
    MC_CHECK(hex_is(mc_hex_direction(2), 0, -1));
    MC_CHECK(hex_is(mc_hex_direction(3), -1, 0));
    MC_CHECK(hex_is(mc_hex_direction(4), -1, 1));
    MC_CHECK(hex_is(mc_hex_direction(5), 0, 1));
    // Wrapping: -1 is south-east, 7 is north-east.
    MC_CHECK(hex_is(mc_hex_direction(-1), 0, 1));
    MC_CHECK(hex_is(mc_hex_direction(7), 1, -1));
    MC_CHECK_INT(mc_hex_dir_wrap(-7), 5);
    MC_CHECK(hex_is(mc_hex_neighbor(mc_hex_make(3, -2), MC_HEX_SOUTH_WEST), 2, -1));
}

MC_TEST(distance_hand_values, "hex distance matches hand counts") {
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(0, 0), mc_hex_make(0, 0)), 0);
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(0, 0), mc_hex_make(3, 0)), 3);
    // (0,0) to (3,-1): three steps, e.g. east, east, north-east.
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(0, 0), mc_hex_make(3, -1)), 3);
    // (0,0) to (2,2): two south-east and two east.
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(0, 0), mc_hex_make(2, 2)), 4);
    // (-2,1) to (1,-3): three north-east then one north-west.
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(-2, 1), mc_hex_make(1, -3)), 4);
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(1, -3), mc_hex_make(-2, 1)), 4);
    // Corners of the coordinate range: along direction 1 it is 20000 steps, across 40000.
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(-10000, 10000), mc_hex_make(10000, -10000)), 20000);
    MC_CHECK_INT(mc_hex_distance(mc_hex_make(-10000, -10000), mc_hex_make(10000, 10000)), 40000);
}

MC_TEST(direction_to_inverts_neighbor, "the direction to an adjacent hex is the one that leads there") {
    McHex h = mc_hex_make(-4, 7);
    for (int d = 0; d < 6; d++) {
        McHex n = mc_hex_neighbor(h, d);
        MC_CHECK_INT(mc_hex_distance(h, n), 1);
        MC_CHECK_INT(mc_hex_direction_to(h, n), d);
        MC_CHECK_INT(mc_hex_direction_to(n, h), (d + 3) % 6);
    }
    MC_CHECK_INT(mc_hex_direction_to(h, h), -1);
    MC_CHECK_INT(mc_hex_direction_to(h, mc_hex_make(-2, 7)), -1);
}

MC_TEST(odd_r_hand_values, "odd-r offsets convert to axial as worked by hand, negative rows included") {
    McOffset o;
    o.col = 0; o.row = 0;
    MC_CHECK(hex_is(mc_hex_from_offset(o), 0, 0));
    o.col = 2; o.row = 3; // q = 2 - (3 - 1)/2 = 1
    MC_CHECK(hex_is(mc_hex_from_offset(o), 1, 3));
    o.col = 0; o.row = -1; // row -1 is odd: q = 0 - (-1 - 1)/2 = 1
    MC_CHECK(hex_is(mc_hex_from_offset(o), 1, -1));
    o.col = 3; o.row = -2; // q = 3 - (-2)/2 = 4
    MC_CHECK(hex_is(mc_hex_from_offset(o), 4, -2));
    o.col = 5; o.row = -3; // q = 5 - (-3 - 1)/2 = 7
    MC_CHECK(hex_is(mc_hex_from_offset(o), 7, -3));
    McOffset back = mc_hex_to_offset(mc_hex_make(1, -1));
    MC_CHECK_INT(back.col, 0);
    MC_CHECK_INT(back.row, -1);
    // Odd row (col 2, row 1): its north-east neighbour is (col 3, row 0), north-west (col 2, row 0).
    o.col = 2; o.row = 1;
    McOffset ne = mc_hex_to_offset(mc_hex_neighbor(mc_hex_from_offset(o), MC_HEX_NORTH_EAST));
    McOffset nw = mc_hex_to_offset(mc_hex_neighbor(mc_hex_from_offset(o), MC_HEX_NORTH_WEST));
    MC_CHECK(ne.col == 3 && ne.row == 0);
    MC_CHECK(nw.col == 2 && nw.row == 0);
    // Even row (col 2, row 2): north-east is (col 2, row 1), north-west (col 1, row 1).
    o.col = 2; o.row = 2;
    ne = mc_hex_to_offset(mc_hex_neighbor(mc_hex_from_offset(o), MC_HEX_NORTH_EAST));
    nw = mc_hex_to_offset(mc_hex_neighbor(mc_hex_from_offset(o), MC_HEX_NORTH_WEST));
    MC_CHECK(ne.col == 2 && ne.row == 1);
    MC_CHECK(nw.col == 1 && nw.row == 1);
}

MC_TEST(odd_r_round_trips, "odd-r to axial and back is the identity, negative rows included") {
    for (int row = -9; row <= 9; row++)
        for (int col = -9; col <= 9; col++) {
            McOffset o = {col, row};
            McOffset back = mc_hex_to_offset(mc_hex_from_offset(o));
            MC_CHECK(back.col == col && back.row == row);
        }
    for (int r = -9; r <= 9; r++)
        for (int q = -9; q <= 9; q++) {
            McHex h = mc_hex_make(q, r);
            MC_CHECK(mc_hex_equal(mc_hex_from_offset(mc_hex_to_offset(h)), h));
        }
}

// ---- boards ---------------------------------------------------------------------------------

static unsigned char board_mem[2][4 << 20];

// The index of the hex at odd-r offset `o` on `b`, or -1.
static int index_at(const McBoard *b, McOffset o) { return mc_board_index(b, mc_hex_from_offset(o)); }

MC_TEST(grid_board_within_four, "a 9 x 9 board has 61 hexes within distance 4 of its centre") {
    McBoard b;
    MC_CHECK_INT(mc_board_init_grid(&b, 9, 9, 0, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 81);
    McOffset mid = {4, 4};
    McHex c = mc_hex_from_offset(mid);
    int n = 0;
    for (int i = 0; i < b.count; i++)
        if (mc_hex_distance(c, b.hexes[i]) <= 4) n++;
    MC_CHECK_INT(n, 1 + 6 + 12 + 18 + 24);
}

MC_TEST(grid_board_lookup, "grid boards index hexes row by row and find each in O(1)") {
    McBoard b;
    int terrain[12];
    for (int i = 0; i < 12; i++) terrain[i] = 100 + i;
    MC_CHECK_INT(mc_board_init_grid(&b, 4, 3, 0, terrain, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 12);
    MC_CHECK_INT(b.cols, 4);
    MC_CHECK_INT(b.rows, 3);
    for (int row = 0; row < 3; row++)
        for (int col = 0; col < 4; col++) {
            McOffset o = {col, row};
            int idx = index_at(&b, o);
            MC_CHECK_INT(idx, row * 4 + col);
            MC_CHECK_INT(b.terrain[idx], 100 + row * 4 + col);
        }
    McOffset off = {4, 0};
    MC_CHECK_INT(index_at(&b, off), -1);
    off.col = 0; off.row = -1;
    MC_CHECK_INT(index_at(&b, off), -1);
    // Neighbour table: (col 1,row 1) is odd; its six neighbours by hand are (2,1) east, (2,0)
    // north-east, (1,0) north-west, (0,1) west, (1,2) south-west, (2,2) south-east.
    int idx = 1 * 4 + 1;
    int expect[6] = {1 * 4 + 2, 0 * 4 + 2, 0 * 4 + 1, 1 * 4 + 0, 2 * 4 + 1, 2 * 4 + 2};
    for (int d = 0; d < 6; d++) MC_CHECK_INT(mc_board_neighbor(&b, idx, d), expect[d]);
    // Corner (col 0, row 0): no north neighbours, no west one.
    MC_CHECK_INT(mc_board_neighbor(&b, 0, MC_HEX_WEST), -1);
    MC_CHECK_INT(mc_board_neighbor(&b, 0, MC_HEX_NORTH_EAST), -1);
    MC_CHECK_INT(mc_board_neighbor(&b, 0, MC_HEX_EAST), 1);
    MC_CHECK_INT(mc_board_neighbor(&b, 99, 0), -1);
    MC_CHECK_INT(mc_board_neighbor(&b, -1, 0), -1);
}

MC_TEST(hex_list_board, "a board from a hex list keeps its order and rejects duplicates and bad input") {
    McBoard b;
    McHex hexes[4] = {{5, 5}, {-10000, 10000}, {0, 0}, {1, 0}};
    int terrain[4] = {1, 2, 3, 4};
    MC_CHECK_INT(mc_board_init_hexes(&b, hexes, terrain, 4, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 4);
    for (int i = 0; i < 4; i++) {
        MC_CHECK_INT(mc_board_index(&b, hexes[i]), i);
        MC_CHECK_INT(b.terrain[i], terrain[i]);
    }
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(2, 0)), -1);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(20000, 0)), -1);
    MC_CHECK_INT(mc_board_neighbor(&b, 2, MC_HEX_EAST), 3);
    MC_CHECK_INT(mc_board_neighbor(&b, 3, MC_HEX_WEST), 2);
    MC_CHECK_INT(mc_board_neighbor(&b, 0, MC_HEX_WEST), -1);

    McHex dup[3] = {{1, 1}, {2, 2}, {1, 1}};
    MC_CHECK_INT(mc_board_init_hexes(&b, dup, NULL, 3, board_mem[0], sizeof board_mem[0]), MC_BOARD_DUPLICATE_HEX);
    MC_CHECK_INT(b.count, 0);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(1, 1)), -1);
    McHex far[1] = {{10001, 0}};
    MC_CHECK_INT(mc_board_init_hexes(&b, far, NULL, 1, board_mem[0], sizeof board_mem[0]), MC_BOARD_BAD_COORD);
    MC_CHECK_INT(mc_board_init_hexes(&b, hexes, NULL, 4, board_mem[0], 10), MC_BOARD_STORAGE_TOO_SMALL);
    MC_CHECK_INT(mc_board_init_hexes(&b, NULL, NULL, 4, board_mem[0], sizeof board_mem[0]), MC_BOARD_BAD_ARGUMENT);
    MC_CHECK_INT(mc_board_init_hexes(NULL, hexes, NULL, 4, board_mem[0], sizeof board_mem[0]), MC_BOARD_BAD_ARGUMENT);
    MC_CHECK_INT(mc_board_init_hexes(&b, hexes, NULL, MC_MAX_BOARD_HEXES + 1, board_mem[0], sizeof board_mem[0]), MC_BOARD_TOO_MANY_HEXES);
    MC_CHECK_INT(mc_board_init_grid(&b, -1, 3, 0, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_BAD_SIZE);
    MC_CHECK_INT(mc_board_init_grid(&b, 201, 3, 0, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_BAD_SIZE);
    MC_CHECK_INT(mc_board_storage_size(-1), 0);
    MC_CHECK_INT(mc_board_storage_size(MC_MAX_BOARD_HEXES + 1), 0);
    MC_CHECK_STR(mc_board_status_text(MC_BOARD_DUPLICATE_HEX), "duplicate hex");
}

MC_TEST(hex_list_board_at_the_limit, "40,000 listed hexes, scattered over |q|, |r| <= 10000 and listed out of order, are each found at their index") {
    // 200 rows 100 apart, each holding 200 hexes 100 apart listed in the order 97·k mod 200; the
    // last hex is the corner (10000, 10000). No two are adjacent, so no hex has a neighbour.
    static McHex hexes[MC_MAX_BOARD_HEXES];
    for (int k = 0; k < MC_MAX_BOARD_HEXES; k++)
        hexes[k] = mc_hex_make((k % 200) * 97 % 200 * 100 - 10000, k / 200 * 100 - 10000);
    hexes[MC_MAX_BOARD_HEXES - 1] = mc_hex_make(10000, 10000);
    McBoard b;
    MC_CHECK_INT(mc_board_init_hexes(&b, hexes, NULL, MC_MAX_BOARD_HEXES, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    int found = 0, strays = 0, neighbours = 0;
    for (int k = 0; k < MC_MAX_BOARD_HEXES; k++) {
        found += mc_board_index(&b, hexes[k]) == k;
        strays += mc_board_index(&b, mc_hex_add(hexes[k], mc_hex_make(-1, 0))) >= 0;
        strays += mc_board_index(&b, mc_hex_add(hexes[k], mc_hex_make(0, -1))) >= 0;
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) neighbours += mc_board_neighbor(&b, k, d) >= 0;
    }
    MC_CHECK_INT(found, MC_MAX_BOARD_HEXES);
    MC_CHECK_INT(strays, 0);
    MC_CHECK_INT(neighbours, 0);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(-10000, -10000)), 0);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(10000, 10000)), MC_MAX_BOARD_HEXES - 1);
    // The hex the corner replaced: k = 39999 is 199 in its row, 199·97 = 19303 = 103 (mod 200).
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(300, 9900)), -1);
}

MC_TEST(empty_board, "an empty board finds nothing and does not crash") {
    McBoard b;
    MC_CHECK_INT(mc_board_init_grid(&b, 0, 0, 0, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 0);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(0, 0)), -1);
    MC_CHECK_INT(mc_board_neighbor(&b, 0, 0), -1);
    MC_CHECK_INT(mc_board_init_hexes(&b, NULL, NULL, 0, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(mc_board_index(&b, mc_hex_make(0, 0)), -1);
    McBoard zero = {0};
    MC_CHECK_INT(mc_board_index(&zero, mc_hex_make(0, 0)), -1);
    MC_CHECK_INT(mc_board_index(NULL, mc_hex_make(0, 0)), -1);
}

MC_TEST(largest_board, "a 200 x 200 board holds 40000 hexes, the named limit") {
    McBoard b;
    MC_CHECK(mc_board_storage_size(40000) <= sizeof board_mem[0]);
    MC_CHECK_INT(mc_board_init_grid(&b, 200, 200, 0, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, MC_MAX_BOARD_HEXES);
    McOffset o = {199, 199};
    MC_CHECK_INT(index_at(&b, o), 39999);
}

MC_TEST(grid_odd_rows_short, "with MC_BOARD_ODD_ROWS_SHORT a 7 x 3 grid holds 7 + 6 + 7 = 20 hexes, odd rows ending one column early") {
    McBoard b;
    MC_CHECK_INT(mc_board_grid_count(7, 3, MC_BOARD_ODD_ROWS_SHORT), 20);
    MC_CHECK_INT(mc_board_init_grid(&b, 7, 3, MC_BOARD_ODD_ROWS_SHORT, NULL, board_mem[0], sizeof board_mem[0]), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 20);
    McOffset o = {6, 0};
    MC_CHECK_INT(index_at(&b, o), 6);
    o.row = 1; // row 1 stops at column 5
    MC_CHECK_INT(index_at(&b, o), -1);
    o.col = 5;
    MC_CHECK_INT(index_at(&b, o), 7 + 5);
    o.col = 6; o.row = 2;
    MC_CHECK_INT(index_at(&b, o), 7 + 6 + 6);
}

// ---- hexons ---------------------------------------------------------------------------------

MC_TEST(hexon_directions, "the six hexon neighbour offsets are (2,1), (3,-2), (1,-3), (-2,-1), (-3,2), (-1,3)") {
    MC_CHECK(hex_is(mc_hexon_direction(0), 2, 1));
    MC_CHECK(hex_is(mc_hexon_direction(1), 3, -2));
    MC_CHECK(hex_is(mc_hexon_direction(2), 1, -3));
    MC_CHECK(hex_is(mc_hexon_direction(3), -2, -1));
    MC_CHECK(hex_is(mc_hexon_direction(4), -3, 2));
    MC_CHECK(hex_is(mc_hexon_direction(5), -1, 3));
    McHex anchor = mc_hex_make(3, -1);
    for (int d = 0; d < 6; d++) {
        MC_CHECK(mc_hexon_is_center(anchor, mc_hexon_neighbor(anchor, d)));
        MC_CHECK(!mc_hexon_is_center(anchor, mc_hex_neighbor(anchor, d)));
        // Every neighbouring centre is 3 hex steps away.
        MC_CHECK_INT(mc_hex_distance(anchor, mc_hexon_neighbor(anchor, d)), 3);
    }
}

// The centre of lattice cell (a, b) given as {a, b}: anchor + a·(2,1) + b·(−1,3) (hexon.h).
static McHex lattice_centre(McHex anchor, McHex ab) {
    return mc_hex_make(anchor.q + 2 * ab.q - ab.r, anchor.r + ab.q + 3 * ab.r);
}

// Lattice coordinates (a, b) of the hexon containing `h`, its centre being anchor + a·(2,1) +
// b·(−1,3): that inverts to a = (3·dq + dr)/7, b = (2·dr − dq)/7, exact at centres.
static McHex lattice_of(McHex anchor, McHex h) {
    McHex d = mc_hex_sub(mc_hexon_center_of(anchor, h), anchor);
    return mc_hex_make((3 * d.q + d.r) / 7, (2 * d.r - d.q) / 7);
}

// A hexon is its centre and the six hexes next to it.
static bool in_hexon(McHex center, McHex h) { return mc_hex_distance(center, h) <= 1; }

MC_TEST(hexon_tiling_40x40, "hexons tile a 40 x 40 board: every hex is in exactly one hexon") {
    McBoard b;
    mc_board_init_grid(&b, 40, 40, 0, NULL, board_mem[0], sizeof board_mem[0]);
    McHex anchors[3] = {{0, 0}, {7, 13}, {-3, 2}};
    static int covered[1600];
    for (int k = 0; k < 3; k++) {
        McHex anchor = anchors[k];
        for (int i = 0; i < b.count; i++) covered[i] = 0;
        // Independent of mc_hexon_center_of: stamp every lattice cell that can touch the board.
        for (int a = -60; a <= 60; a++)
            for (int bb = -60; bb <= 60; bb++) {
                McHex c = lattice_centre(anchor, mc_hex_make(a, bb));
                McHex cells[7];
                mc_hexon_hexes(c, cells);
                for (int j = 0; j < 7; j++) {
                    int idx = mc_board_index(&b, cells[j]);
                    if (idx >= 0) covered[idx]++;
                }
            }
        int gaps = 0, overlaps = 0;
        for (int i = 0; i < b.count; i++) {
            gaps += covered[i] == 0;
            overlaps += covered[i] > 1;
            McHex c = mc_hexon_center_of(anchor, b.hexes[i]);
            MC_CHECK(mc_hexon_is_center(anchor, c));
            MC_CHECK(in_hexon(c, b.hexes[i]));
            McHex ab = lattice_of(anchor, b.hexes[i]);
            MC_CHECK(mc_hex_equal(lattice_centre(anchor, ab), c));
        }
        MC_CHECK_INT(gaps, 0);
        MC_CHECK_INT(overlaps, 0);
    }
}

MC_TEST(hexon_hexes_and_ring, "a hexon is 7 hexes and exactly 12 hexes lie next to it") {
    McHex c = mc_hex_make(4, -6);
    McHex cells[7], ring[12];
    mc_hexon_hexes(c, cells);
    MC_CHECK(mc_hex_equal(cells[0], c));
    for (int d = 0; d < 6; d++) MC_CHECK(mc_hex_equal(cells[1 + d], mc_hex_neighbor(c, d)));
    // Brute force: hexes outside the hexon adjacent to one of its cells.
    int adjacent = 0;
    for (int q = c.q - 4; q <= c.q + 4; q++)
        for (int r = c.r - 4; r <= c.r + 4; r++) {
            McHex h = mc_hex_make(q, r);
            if (in_hexon(c, h)) continue;
            bool touches = false;
            for (int j = 0; j < 7; j++) touches |= mc_hex_distance(h, cells[j]) == 1;
            if (!touches) continue;
            MC_CHECK_INT(mc_hex_distance(h, c), 2); // its ring 2
            if (adjacent < 12) ring[adjacent] = h;
            adjacent++;
        }
    MC_CHECK_INT(adjacent, 12);
    // Each of the 6 neighbouring hexons owns exactly 2 of the 12 ring hexes.
    for (int d = 0; d < 6; d++) {
        McHex n = mc_hexon_neighbor(c, d);
        int owned = 0;
        for (int j = 0; j < adjacent && j < 12; j++) owned += in_hexon(n, ring[j]);
        MC_CHECK_INT(owned, 2);
    }
}

MC_TEST(hexon_neighbours_touch, "the six neighbouring hexons touch the hexon and do not overlap it") {
    McHex c = mc_hex_make(-5, 8);
    McHex cells[7], ncells[7];
    mc_hexon_hexes(c, cells);
    for (int d = 0; d < 6; d++) {
        mc_hexon_hexes(mc_hexon_neighbor(c, d), ncells);
        int overlap = 0, contacts = 0;
        for (int i = 0; i < 7; i++)
            for (int j = 0; j < 7; j++) {
                overlap += mc_hex_equal(cells[i], ncells[j]);
                contacts += mc_hex_distance(cells[i], ncells[j]) == 1;
            }
        MC_CHECK_INT(overlap, 0);
        // A hexon's outline has 18 hex edges shared among its 6 neighbours, 3 each; for (2,1)
        // the touching cell pairs are (1,0)-(2,0), (1,0)-(1,1) and (0,1)-(1,1).
        MC_CHECK_INT(contacts, 3);
    }
    // A hexon two lattice steps away does not touch.
    mc_hexon_hexes(mc_hexon_neighbor(mc_hexon_neighbor(c, 0), 0), ncells);
    for (int i = 0; i < 7; i++)
        for (int j = 0; j < 7; j++) MC_CHECK(mc_hex_distance(cells[i], ncells[j]) > 1);
}
