// Hex boards over caller-owned storage. A board from a hex list is looked up by binary search over
// its hexes sorted by (r, q), not through a bounding-box array (an explicit list may span |q|, |r|
// up to MC_MAX_HEX_COORD, whose box would be far larger than the board) and not through a hash
// table: a request chooses its hexes, and 40,000 hexes chosen to collide made every lookup a
// walk along one cluster (seconds a query). The search takes at most 16 steps whatever the hexes.
#include "hex/hex_board.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { STORAGE_ALIGN = 16 };

static size_t align_up(size_t n) { return (n + STORAGE_ALIGN - 1) & ~(size_t)(STORAGE_ALIGN - 1); }

size_t mc_board_storage_size(int hex_count) {
    if (hex_count < 0 || hex_count > MC_MAX_BOARD_HEXES) return 0;
    size_t n = (size_t)hex_count;
    return STORAGE_ALIGN + align_up(n * sizeof(McHex)) + align_up(n * sizeof(int)) +
           align_up(6 * n * sizeof(int)) + align_up(n * sizeof(uint64_t));
}

int mc_board_grid_count(int cols, int rows, unsigned flags) {
    if (cols < 0 || rows < 0 || cols > MC_MAX_BOARD_SIDE || rows > MC_MAX_BOARD_SIDE) return -1;
    if (!(flags & MC_BOARD_ODD_ROWS_SHORT)) return cols * rows;
    int odd_rows = rows / 2, even_rows = rows - odd_rows;
    int short_cols = cols > 0 ? cols - 1 : 0;
    return cols * even_rows + short_cols * odd_rows;
}

// A hex's place in (r, q) order as one unsigned number: both coordinates shifted to 0..20000, so
// the largest key, 20000 · 20001 + 20000, fits in 32 bits.
enum { KEY_SPAN = 2 * MC_MAX_HEX_COORD + 1 };
static inline uint32_t hex_key(McHex h) {
    return (uint32_t)(h.r + MC_MAX_HEX_COORD) * KEY_SPAN + (uint32_t)(h.q + MC_MAX_HEX_COORD);
}

// The index of hex (q, r) on a grid board, by arithmetic (row by row, odd rows one shorter with
// MC_BOARD_ODD_ROWS_SHORT), or -1 off it. The caller keeps q and r within the bounding box (or
// one step beyond it), so nothing overflows.
static inline int grid_row_length(const McBoard *board, int r) {
    return board->cols - (board->odd_rows_short && (r & 1));
}

static inline int grid_row_start(const McBoard *board, int r) {
    return board->odd_rows_short ? (r / 2) * (2 * board->cols - 1) + (r & 1) * board->cols : r * board->cols;
}

static inline int grid_index(const McBoard *board, int q, int r) {
    int col = q + (r - (r & 1)) / 2; // odd-r offset (mc_hex_to_offset); r - parity is even
    if (r < 0 || r >= board->rows || col < 0 || col >= grid_row_length(board, r)) return -1;
    return grid_row_start(board, r) + col;
}

// A grid board's neighbour table, row by row: along a row, every hex's neighbour in direction d
// lies the same number of columns over in the same neighbouring row, so a row needs one range
// check per direction instead of an index computation per hex and direction (that was 5 % of a
// brief 100 x 100 reach).
static void grid_neighbors(McBoard *board) {
    int k = 0;
    for (int r = 0; r < board->rows; r++) {
        int len = grid_row_length(board, r);
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            McHex step = mc_hex_direction(d);
            int r2 = r + step.r;
            // Column of the neighbour minus the column of the hex (odd-r offsets; both even parts).
            int dcol = step.q + ((r2 - (r2 & 1)) - (r - (r & 1))) / 2;
            int lo = 0, hi = 0, base = 0; // columns lo..hi-1 have a neighbour, at index base + col
            if (r2 >= 0 && r2 < board->rows) {
                lo = dcol < 0 ? -dcol : 0;
                hi = grid_row_length(board, r2) - dcol;
                if (hi > len) hi = len;
                base = grid_row_start(board, r2) + dcol;
            }
            int *out = board->neighbors + 6 * k + d;
            for (int c = 0; c < len; c++) out[6 * c] = c >= lo && c < hi ? base + c : -1;
        }
        k += len;
    }
}

int mc_board_index(const McBoard *board, McHex h) {
    if (!board || board->count <= 0 || !board->sorted) return -1;
    if (h.q < board->min_q || h.q > board->max_q || h.r < board->min_r || h.r > board->max_r)
        return -1;
    // Grid boards need no hash: every C&C request builds its preset board, and the rule sets
    // look hexes up along every path (docs/performance.md).
    if (board->cols > 0) return grid_index(board, h.q, h.r);
    // sorted[i] holds a key in its high 32 bits and the hex's board index in its low ones.
    const uint64_t *sorted = board->sorted;
    uint32_t key = hex_key(h);
    int lo = 0, hi = board->count; // the first entry with a key >= key lies in lo..hi
    while (lo < hi) {
        int mid = lo + (hi - lo) / 2;
        if ((uint32_t)(sorted[mid] >> 32) < key) lo = mid + 1;
        else hi = mid;
    }
    if (lo < board->count && (uint32_t)(sorted[lo] >> 32) == key) return (int)(uint32_t)sorted[lo];
    return -1;
}

bool mc_board_contains(const McBoard *board, McHex h) { return mc_board_index(board, h) >= 0; }

int mc_board_neighbor(const McBoard *board, int index, int dir) {
    if (!board || index < 0 || index >= board->count) return -1;
    return board->neighbors[6 * index + mc_hex_dir_wrap(dir)];
}

const char *mc_board_status_text(McBoardStatus status) {
    switch (status) {
    case MC_BOARD_OK: return "ok";
    case MC_BOARD_BAD_ARGUMENT: return "missing board argument";
    case MC_BOARD_TOO_MANY_HEXES: return "more hexes than MC_MAX_BOARD_HEXES";
    case MC_BOARD_BAD_SIZE: return "cols or rows outside 0..MC_MAX_BOARD_SIDE";
    case MC_BOARD_BAD_COORD: return "hex coordinate beyond MC_MAX_HEX_COORD";
    case MC_BOARD_DUPLICATE_HEX: return "duplicate hex";
    case MC_BOARD_STORAGE_TOO_SMALL: return "board storage too small";
    }
    return "unknown board status";
}

// Carves the arrays out of storage; the caller has checked the size.
static void layout(McBoard *board, int count, void *storage) {
    uintptr_t p = ((uintptr_t)storage + STORAGE_ALIGN - 1) & ~(uintptr_t)(STORAGE_ALIGN - 1);
    size_t n = (size_t)count;
    memset(board, 0, sizeof *board);
    board->hexes = (McHex *)p;
    p += align_up(n * sizeof(McHex));
    board->terrain = (int *)p;
    p += align_up(n * sizeof(int));
    board->neighbors = (int *)p;
    p += align_up(6 * n * sizeof(int));
    board->sorted = (uint64_t *)p;
    board->count = count;
}

static int by_key(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

// Fills the bounding box, the sorted keys (boards from a hex list) and the neighbour table from
// hexes[0..count). Returns MC_BOARD_DUPLICATE_HEX when a hex repeats. A grid board (cols > 0) is
// indexed by arithmetic (grid_index) instead of a search: six hash lookups per hex were 42 % of a
// 100 x 100 C&C reach, and building the hash a tenth of a small C&C request (docs/performance.md).
static McBoardStatus index_board(McBoard *board) {
    bool grid = board->cols > 0;
    if (board->count > 0) {
        board->min_q = board->max_q = board->hexes[0].q;
        board->min_r = board->max_r = board->hexes[0].r;
    }
    for (int k = 0; k < board->count; k++) {
        McHex h = board->hexes[k];
        if (h.q < board->min_q) board->min_q = h.q;
        if (h.q > board->max_q) board->max_q = h.q;
        if (h.r < board->min_r) board->min_r = h.r;
        if (h.r > board->max_r) board->max_r = h.r;
        if (!grid) board->sorted[k] = (uint64_t)hex_key(h) << 32 | (uint32_t)k;
    }
    if (grid) {
        grid_neighbors(board);
        return MC_BOARD_OK;
    }
    // Keys differ unless a hex repeats, so the order is the same under any sort.
    qsort(board->sorted, (size_t)board->count, sizeof *board->sorted, by_key);
    for (int k = 1; k < board->count; k++)
        if (board->sorted[k] >> 32 == board->sorted[k - 1] >> 32) return MC_BOARD_DUPLICATE_HEX;
    McHex step[MC_HEX_DIRECTIONS];
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) step[d] = mc_hex_direction(d);
    for (int k = 0; k < board->count; k++) {
        McHex h = board->hexes[k];
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++)
            board->neighbors[6 * k + d] = mc_board_index(board, mc_hex_add(h, step[d]));
    }
    return MC_BOARD_OK;
}

McBoardStatus mc_board_init_hexes(McBoard *board, const McHex *hexes, const int *terrain,
                                  int count, void *storage, size_t storage_bytes) {
    if (!board) return MC_BOARD_BAD_ARGUMENT;
    memset(board, 0, sizeof *board);
    if (count < 0 || (count > 0 && !hexes) || !storage) return MC_BOARD_BAD_ARGUMENT;
    if (count > MC_MAX_BOARD_HEXES) return MC_BOARD_TOO_MANY_HEXES;
    if (storage_bytes < mc_board_storage_size(count)) return MC_BOARD_STORAGE_TOO_SMALL;
    for (int i = 0; i < count; i++) {
        if (hexes[i].q < -MC_MAX_HEX_COORD || hexes[i].q > MC_MAX_HEX_COORD ||
            hexes[i].r < -MC_MAX_HEX_COORD || hexes[i].r > MC_MAX_HEX_COORD)
            return MC_BOARD_BAD_COORD;
    }
    layout(board, count, storage);
    for (int i = 0; i < count; i++) {
        board->hexes[i] = hexes[i];
        board->terrain[i] = terrain ? terrain[i] : 0;
    }
    McBoardStatus status = index_board(board);
    if (status != MC_BOARD_OK) memset(board, 0, sizeof *board);
    return status;
}

// The last small grid's hexes, bounding box and neighbour table, copied into the next board of
// the same shape: every C&C request builds the same 13 x 9 preset, and a page asks about one board
// again and again; building the neighbour table was a fifth of a small C&C reach. Static and
// bounded (GRID_KEPT_HEXES), so no request's memory.
enum { GRID_KEPT_HEXES = 512 };
static struct {
    int count, cols, rows; ///< count 0: nothing kept
    bool odd_rows_short;
    int min_q, max_q, min_r, max_r;
    McHex hexes[GRID_KEPT_HEXES];
    int neighbors[6 * GRID_KEPT_HEXES];
} kept_grid;

McBoardStatus mc_board_init_grid(McBoard *board, int cols, int rows, unsigned flags,
                                 const int *terrain, void *storage, size_t storage_bytes) {
    if (!board) return MC_BOARD_BAD_ARGUMENT;
    memset(board, 0, sizeof *board);
    if (!storage) return MC_BOARD_BAD_ARGUMENT;
    int count = mc_board_grid_count(cols, rows, flags);
    if (count < 0) return MC_BOARD_BAD_SIZE;
    if (count > MC_MAX_BOARD_HEXES) return MC_BOARD_TOO_MANY_HEXES;
    if (storage_bytes < mc_board_storage_size(count)) return MC_BOARD_STORAGE_TOO_SMALL;
    layout(board, count, storage);
    board->cols = cols;
    board->rows = rows;
    board->odd_rows_short = (flags & MC_BOARD_ODD_ROWS_SHORT) != 0;
    if (count > 0 && kept_grid.count == count && kept_grid.cols == cols && kept_grid.rows == rows &&
        kept_grid.odd_rows_short == board->odd_rows_short) {
        memcpy(board->hexes, kept_grid.hexes, sizeof(McHex) * (size_t)count);
        memcpy(board->neighbors, kept_grid.neighbors, 6 * sizeof(int) * (size_t)count);
        for (int i = 0; i < count; i++) board->terrain[i] = terrain ? terrain[i] : 0;
        board->min_q = kept_grid.min_q, board->max_q = kept_grid.max_q;
        board->min_r = kept_grid.min_r, board->max_r = kept_grid.max_r;
        return MC_BOARD_OK;
    }
    int k = 0;
    for (int row = 0; row < rows; row++) {
        int row_cols = ((flags & MC_BOARD_ODD_ROWS_SHORT) && row % 2 == 1) ? cols - 1 : cols;
        for (int col = 0; col < row_cols; col++, k++) {
            McOffset o = {col, row};
            board->hexes[k] = mc_hex_from_offset(o);
            board->terrain[k] = terrain ? terrain[k] : 0;
        }
    }
    // A grid never repeats a hex.
    McBoardStatus status = index_board(board);
    if (status == MC_BOARD_OK && count <= GRID_KEPT_HEXES) {
        kept_grid.count = count;
        kept_grid.cols = cols;
        kept_grid.rows = rows;
        kept_grid.odd_rows_short = board->odd_rows_short;
        kept_grid.min_q = board->min_q, kept_grid.max_q = board->max_q;
        kept_grid.min_r = board->min_r, kept_grid.max_r = board->max_r;
        memcpy(kept_grid.hexes, board->hexes, sizeof(McHex) * (size_t)count);
        memcpy(kept_grid.neighbors, board->neighbors, 6 * sizeof(int) * (size_t)count);
    }
    return status;
}
