// The C&C: Ancients board and its sections (cca_board.h).
#include "rules/cc_ancients/cca_board.h"

#include "core/limits.h"

McBoardStatus mc_cca_board_init(McBoard *board, const int *terrain, void *storage, size_t storage_bytes) {
    return mc_board_init_grid(board, MC_CCA_COLS, MC_CCA_ROWS, MC_BOARD_ODD_ROWS_SHORT, terrain,
                              storage, storage_bytes);
}

unsigned mc_cca_board_sections(McHex h, bool from_top) {
    if (h.r < 0 || h.r >= MC_CCA_ROWS || h.q < -MC_MAX_HEX_COORD || h.q > MC_MAX_HEX_COORD) return 0;
    McOffset o = mc_hex_to_offset(h);
    unsigned mask;
    if (o.row % 2 == 0) {
        // docs/rules/cc-ancients.md "The board": the dotted lines cut even-row hexes in columns 4
        // and 8, which belong to both the flank and the centre.
        if (o.col < 0 || o.col >= MC_CCA_COLS) return 0;
        mask = 0;
        if (o.col <= 4) mask |= MC_CCA_LEFT;
        if (o.col >= 4 && o.col <= 8) mask |= MC_CCA_CENTER;
        if (o.col >= 8) mask |= MC_CCA_RIGHT;
    } else {
        // On odd rows the lines run along hex edges, so every hex is in exactly one section.
        if (o.col < 0 || o.col >= MC_CCA_COLS - 1) return 0;
        mask = o.col <= 3 ? MC_CCA_LEFT : o.col <= 7 ? MC_CCA_CENTER : MC_CCA_RIGHT;
    }
    if (from_top) {
        unsigned swapped = mask & MC_CCA_CENTER;
        if (mask & MC_CCA_LEFT) swapped |= MC_CCA_RIGHT;
        if (mask & MC_CCA_RIGHT) swapped |= MC_CCA_LEFT;
        mask = swapped;
    }
    return mask;
}
