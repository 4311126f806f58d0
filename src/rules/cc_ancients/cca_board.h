// The Commands & Colors: Ancients board (docs/rules/cc-ancients.md "The board"): the 13 × 9
// preset, a grid of the hex core (hex/hex_board.h), and its three sections.
#ifndef MC_CCA_BOARD_H
#define MC_CCA_BOARD_H

#include <stdbool.h>
#include <stddef.h>

#include "hex/hex_board.h"
#include "hex/hex_coord.h"

#define MC_CCA_COLS 13       ///< hexes on even rows of the C&C: Ancients board
#define MC_CCA_ROWS 9        ///< rows; row 8 is the bottom edge
#define MC_CCA_HEX_COUNT 113 ///< 13·5 + 12·4

/// Section bits. A hex cut by a dotted section line belongs to both sections (rulebook §2, §7,
/// docs/rules/cc-ancients.md "The board"), so a hex's sections are a mask.
enum {
    MC_CCA_LEFT = 1u << 0,   ///< left flank, as the player named by `from_top` sees it
    MC_CCA_CENTER = 1u << 1, ///< centre section
    MC_CCA_RIGHT = 1u << 2,  ///< right flank
};

/// Builds the 13 × 9 C&C: Ancients board: mc_board_init_grid(board, 13, 9,
/// MC_BOARD_ODD_ROWS_SHORT, terrain, ...), so 113 hexes. `terrain` may be NULL or hold 113 codes.
McBoardStatus mc_cca_board_init(McBoard *board, const int *terrain, void *storage, size_t storage_bytes);

/// Sections of hex `h` on the C&C: Ancients board, as a mask of MC_CCA_* bits; 0 when `h` is not
/// on that board. Left and right are as seen by the player whose baseline is the bottom edge
/// (row 8) when `from_top` is false, and swapped for the player at the top (row 0) when it is
/// true (rulebook §18: one player's left is the other's right). The dotted lines run through
/// the centres of even-row hexes in columns 4 and 8 (0-based) and along hex edges on odd rows:
/// even rows: cols 0-3 left, 4 left+centre, 5-7 centre, 8 centre+right, 9-12 right;
/// odd rows:  cols 0-3 left, 4-7 centre, 8-11 right.
/// So each section holds 41 hexes and 10 hexes are shared.
unsigned mc_cca_board_sections(McHex h, bool from_top);

#endif
