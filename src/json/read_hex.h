// Readers shared by the hex systems (src/systems.def, board "hex"): positions and boards in
// the shapes of docs/api.md "Hex boards". The system's own reader handles its extra fields.
#ifndef MC_READ_HEX_H
#define MC_READ_HEX_H

#include "hex/hex.h"
#include "json/read.h"

/// Reads a position given on `obj` itself as "q","r" or "col","row" (exactly one pair; the
/// other keys of obj are the caller's to check). |q|, |r|, |col|, |row| <= MC_MAX_HEX_COORD.
int mc_read_hex_fields(McRequest *rq, const cJSON *obj, McHex *out);
/// Reads a hex value `v` at the current path: an object {"q","r"} or {"col","row"} and nothing else.
int mc_read_hex_value(McRequest *rq, const cJSON *v, McHex *out);
/// Reads `key` holding a hex value; absent and not required leaves *out as it is and *present 0.
int mc_read_hex_at(McRequest *rq, const cJSON *obj, const char *key, int required, McHex *out, int *present);
/// Reads the required `key` of `obj`: a proposed path of at most MC_MAX_PATH_STEPS hex values, into
/// the arena. `check` (NULL: none) vets each hex as it is read, the path at it (a game's own rule,
/// such as a lattice); it returns 0 after recording an error.
int mc_read_hex_path(McRequest *rq, const cJSON *obj, const char *key, int (*check)(McRequest *rq, const void *ctx, McHex h),
                     const void *ctx, McHex **out, int *count);
/// Writes "q","r","col","row" of `h` into `obj`.
void mc_write_hex_fields(McRequest *rq, cJSON *obj, McHex h);
/// The keys mc_write_hex_fields writes: "q", "r", "col", "row".
extern const char *const mc_write_hex_keys[4];
/// Appends {"q","r","col","row"} to an array.
void mc_write_hex_push(McRequest *rq, cJSON *array, McHex h);

/// How a system reads the "board" field.
typedef struct McBoardSpec {
    const char *const *terrain_names; ///< NULL-terminated; a hex's code is the index; index 0 is the default
    const char *const *extra_keys;    ///< further keys the system reads itself (e.g. "baselines"), or NULL
    int cc_ancients_default;          ///< 1: an absent board is the 13 x 9 C&C board
} McBoardSpec;

/// Reads request["board"] into `board`, storage from the arena:
/// {"hexes": [{"q","r"|"col","row","terrain"?}, ...]} or {"cols", "rows", "terrain"?: [{hex
/// fields, "terrain"}, ...]} (a cols x rows odd-r grid, every row full), or for cc-ancients
/// {"preset": "cc-ancients", "terrain"?: [...]}. *board_obj receives the board object (NULL when absent).
int mc_read_board(McRequest *rq, const cJSON *request, const McBoardSpec *spec, McBoard *board,
                const cJSON **board_obj);

#endif
