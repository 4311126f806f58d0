// Hex boards: a set of hexes, each with a small integer terrain code the rules define, with
// lookup (q, r) -> index in O(1) on grids and O(log n) on hex lists, and a precomputed neighbour
// table. The caller owns all memory: size it
// with mc_board_storage_size, hand it to an init function, keep it alive as long as the board.
#ifndef MC_HEX_BOARD_H
#define MC_HEX_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/limits.h"
#include "hex/hex_coord.h"

/// Why a board could not be built. MC_BOARD_OK is 0.
typedef enum McBoardStatus {
    MC_BOARD_OK = 0,
    MC_BOARD_BAD_ARGUMENT,      ///< a required pointer is NULL
    MC_BOARD_TOO_MANY_HEXES,    ///< more than MC_MAX_BOARD_HEXES hexes
    MC_BOARD_BAD_SIZE,          ///< cols or rows negative or above MC_MAX_BOARD_SIDE
    MC_BOARD_BAD_COORD,         ///< a hex with |q| or |r| above MC_MAX_HEX_COORD
    MC_BOARD_DUPLICATE_HEX,     ///< the same hex listed twice
    MC_BOARD_STORAGE_TOO_SMALL, ///< storage smaller than mc_board_storage_size(count)
} McBoardStatus;

/// Flags for mc_board_init_grid.
enum {
    /// Odd rows hold cols - 1 hexes (13 on even rows and 12 on odd ones for cols 13): shifted half
    /// a hex right, they end half a hex short of the even rows, so the board is left-right symmetric.
    MC_BOARD_ODD_ROWS_SHORT = 1u << 0,
};

/// A board. Fields are read-only for callers except `terrain`, whose codes may be changed in
/// place. Hex i is hexes[i]; its terrain code is terrain[i]; its neighbour in direction d is
/// board index neighbors[6·i + d], or -1 off the board. All pointers point into the storage the
/// caller gave to the init function. A zeroed McBoard is a valid empty board.
typedef struct McBoard {
    int count;      ///< hexes on the board, 0..MC_MAX_BOARD_HEXES
    McHex *hexes;   ///< [count]
    int *terrain;   ///< [count], rule-defined codes (0 when not given)
    int *neighbors; ///< [6·count]
    int cols, rows; ///< grid size for grid boards, 0 for boards built from a hex list
    int min_q, max_q, min_r, max_r; ///< bounding box of the hexes (all 0 when empty)
    uint64_t *sorted; ///< [count] (r, q) key << 32 | index, ascending (internal; unused on grids)
    bool odd_rows_short; ///< a grid board with MC_BOARD_ODD_ROWS_SHORT (internal)
} McBoard;

/// Bytes of storage a board of `hex_count` hexes needs (the hex copy, terrain, neighbour table
/// and sorted keys, plus alignment slack; it need not be zeroed). 0 when hex_count is negative or above
/// MC_MAX_BOARD_HEXES.
size_t mc_board_storage_size(int hex_count);

/// Number of hexes of a cols × rows grid (fewer with MC_BOARD_ODD_ROWS_SHORT); -1 when cols or
/// rows is negative or above MC_MAX_BOARD_SIDE.
int mc_board_grid_count(int cols, int rows, unsigned flags);

/// Builds a board from a list of hexes, in that order (index i is hexes[i]). `terrain` may be
/// NULL (all 0) or hold `count` codes. Both arrays are copied into `storage`, which the caller
/// owns and must keep alive and untouched while the board is used. On failure the board is left
/// empty (count 0) and the status names the problem.
McBoardStatus mc_board_init_hexes(McBoard *board, const McHex *hexes, const int *terrain,
                                  int count, void *storage, size_t storage_bytes);

/// Builds a cols × rows odd-r grid: index order is row by row, columns left to right, and
/// (col, row) is the hex mc_hex_from_offset({col, row}) for col 0..cols-1 (0..cols-2 on odd rows
/// with MC_BOARD_ODD_ROWS_SHORT), row 0..rows-1. `terrain` may be NULL or hold
/// mc_board_grid_count(...) codes in that same order. 0 cols or rows gives an empty board.
McBoardStatus mc_board_init_grid(McBoard *board, int cols, int rows, unsigned flags,
                                 const int *terrain, void *storage, size_t storage_bytes);

/// Board index of hex `h`, or -1 when it is not on the board (or board is NULL). O(1) on grid
/// boards, a binary search (at most 16 steps) on boards from a hex list.
int mc_board_index(const McBoard *board, McHex h);

/// True when `h` is on the board.
bool mc_board_contains(const McBoard *board, McHex h);

/// The neighbour of board hex `index` in direction `dir` (wrapped into 0..5), or -1 when it is
/// off the board or `index` is not a board index.
int mc_board_neighbor(const McBoard *board, int index, int dir);

/// A short English phrase for a status ("duplicate hex", ...), never NULL.
const char *mc_board_status_text(McBoardStatus status);

#endif
