#include "json/read_hex.h"

#include <string.h>

#include "core/limits.h"
#include "json/write.h"
#include "rules/cc_ancients/cca_board.h"

int mc_read_hex_fields(McRequest *rq, const cJSON *obj, McHex *out) {
    int has_axial = mc_read_get(obj, "q") || mc_read_get(obj, "r");
    int has_offset = mc_read_get(obj, "col") || mc_read_get(obj, "row");
    if (has_axial && has_offset)
        return mc_read_fail(rq, "bad_request", "give a position as q, r or as col, row, not both");
    if (!has_axial && !has_offset)
        return mc_read_fail(rq, "bad_request", "missing position: expected q and r, or col and row");
    int a = 0, b = 0;
    const char *ka = has_axial ? "q" : "col", *kb = has_axial ? "r" : "row";
    if (!mc_read_int(rq, obj, ka, 1, -MC_MAX_HEX_COORD, MC_MAX_HEX_COORD, &a) ||
        !mc_read_int(rq, obj, kb, 1, -MC_MAX_HEX_COORD, MC_MAX_HEX_COORD, &b))
        return 0;
    *out = has_axial ? mc_hex_make(a, b) : mc_hex_from_offset((McOffset){a, b});
    return 1;
}

int mc_read_hex_value(McRequest *rq, const cJSON *v, McHex *out) {
    static const char *const keys[] = {"q", "r", "col", "row", NULL};
    return mc_read_object(rq, v, keys) && mc_read_hex_fields(rq, v, out);
}

int mc_read_hex_path(McRequest *rq, const cJSON *obj, const char *key, int (*check)(McRequest *rq, const void *ctx, McHex h),
                     const void *ctx, McHex **out, int *count) {
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, obj, key, 1, MC_MAX_PATH_STEPS, "MC_MAX_PATH_STEPS", &list, &n)) return 0;
    McHex *path = MC_NEW(rq->env.arena, McHex, n > 0 ? n : 1);
    if (!path) return mc_read_oom(rq);
    MC_EACH(rq, list, key, it) {
        if (!mc_read_hex_value(rq, it.item, &path[it.index]) || (check && !check(rq, ctx, path[it.index]))) return 0;
    }
    *out = path;
    *count = n;
    return 1;
}

int mc_read_hex_at(McRequest *rq, const cJSON *obj, const char *key, int required, McHex *out, int *present) {
    const cJSON *v = mc_read_get(obj, key);
    if (present) *present = v != NULL;
    if (!v) return required ? mc_read_fail_key(rq, key, "bad_request", "missing required field \"%s\"", key) : 1;
    int saved = mc_read_push_key(rq, key);
    int ok = mc_read_hex_value(rq, v, out);
    mc_read_pop(rq, saved);
    return ok;
}

const char *const mc_write_hex_keys[4] = {"q", "r", "col", "row"};

void mc_write_hex_fields(McRequest *rq, cJSON *obj, McHex h) {
    McOffset o = mc_hex_to_offset(h);
    const int v[4] = {h.q, h.r, o.col, o.row};
    mc_write_ints(rq, obj, mc_write_hex_keys, v, 4);
}

void mc_write_hex_push(McRequest *rq, cJSON *array, McHex h) {
    cJSON *o = mc_write_push_object(rq, array);
    if (o) mc_write_hex_fields(rq, o, h);
}

static int terrain_code(McRequest *rq, const cJSON *obj, const McBoardSpec *spec, int *code) {
    return mc_read_enum(rq, obj, "terrain", 0, spec->terrain_names, code);
}

static const char *board_error_code(McBoardStatus s) {
    return s == MC_BOARD_TOO_MANY_HEXES ? "limit" : "bad_request";
}

// Applies a "terrain" list of {hex fields, "terrain"} to a grid board.
static int apply_terrain_list(McRequest *rq, const cJSON *board_obj, const McBoardSpec *spec, McBoard *board) {
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, board_obj, "terrain", 0, MC_MAX_BOARD_HEXES, "MC_MAX_BOARD_HEXES", &list, &n)) return 0;
    MC_EACH(rq, list, "terrain", it) {
        static const char *const keys[] = {"q", "r", "col", "row", "terrain", NULL};
        const cJSON *e = it.item;
        McHex h;
        int code = 0;
        if (!mc_read_object(rq, e, keys) || !mc_read_hex_fields(rq, e, &h)) return 0;
        if (!mc_read_get(e, "terrain")) return mc_read_fail_key(rq, "terrain", "bad_request", "missing required field \"terrain\"");
        if (!terrain_code(rq, e, spec, &code)) return 0;
        int index = mc_board_index(board, h);
        if (index < 0) return mc_read_fail(rq, "bad_request", "hex (q %d, r %d) is not on the board", h.q, h.r);
        board->terrain[index] = code;
    }
    return 1;
}

int mc_read_board(McRequest *rq, const cJSON *request, const McBoardSpec *spec, McBoard *board,
                const cJSON **board_obj) {
    const cJSON *b = mc_read_get(request, "board");
    if (board_obj) *board_obj = b;
    memset(board, 0, sizeof *board);
    McArena *arena = rq->env.arena;
    if (!b) {
        if (!spec->cc_ancients_default) return mc_read_fail_key(rq, "board", "bad_request", "missing required field \"board\"");
        size_t bytes = mc_board_storage_size(MC_CCA_HEX_COUNT);
        void *storage = mc_arena_alloc_raw(arena, bytes); // the board init writes what it reads
        if (!storage) return mc_read_oom(rq);
        return mc_cca_board_init(board, NULL, storage, bytes) == MC_BOARD_OK ||
               mc_read_fail_key(rq, "board", "bad_request", "cannot build the board");
    }
    int saved = mc_read_push_key(rq, "board");
    const char *keys[16];
    int k = 0;
    for (const char *const *base = (const char *const[]){"hexes", "cols", "rows", "terrain", "preset", NULL}; *base; base++)
        keys[k++] = *base;
    for (int i = 0; spec->extra_keys && spec->extra_keys[i] && k < 15; i++) keys[k++] = spec->extra_keys[i];
    keys[k] = NULL;
    if (!mc_read_object(rq, b, keys)) return 0;
    const cJSON *hexes = mc_read_get(b, "hexes");
    int forms = (hexes != NULL) + (mc_read_get(b, "cols") || mc_read_get(b, "rows")) + (mc_read_get(b, "preset") != NULL);
    if (forms != 1)
        return mc_read_fail(rq, "bad_request", "give the board as \"hexes\", as \"cols\" and \"rows\", or as a \"preset\"");
    McBoardStatus status;
    if (hexes) {
        const cJSON *list;
        int n;
        if (mc_read_get(b, "terrain")) return mc_read_fail_key(rq, "terrain", "bad_request", "with \"hexes\", give terrain on each hex");
        if (!mc_read_array(rq, b, "hexes", 1, MC_MAX_BOARD_HEXES, "MC_MAX_BOARD_HEXES", &list, &n)) return 0;
        McHex *hs = MC_NEW(arena, McHex, n);
        int *codes = MC_NEW(arena, int, n);
        size_t bytes = mc_board_storage_size(n);
        void *storage = mc_arena_alloc_raw(arena, bytes); // the board init writes what it reads
        if (!hs || !codes || !storage) return mc_read_oom(rq);
        MC_EACH(rq, list, "hexes", it) {
            static const char *const hkeys[] = {"q", "r", "col", "row", "terrain", NULL};
            if (!mc_read_object(rq, it.item, hkeys) || !mc_read_hex_fields(rq, it.item, &hs[it.index]) ||
                !terrain_code(rq, it.item, spec, &codes[it.index]))
                return 0;
        }
        status = mc_board_init_hexes(board, hs, codes, n, storage, bytes);
        if (status == MC_BOARD_DUPLICATE_HEX) return mc_read_fail_key(rq, "hexes", "bad_request", "a hex is listed twice");
    } else {
        int cols = 0, rows = 0;
        unsigned flags = 0;
        if (mc_read_get(b, "preset")) {
            static const char *const presets[] = {"cc-ancients", NULL};
            int p = 0;
            if (!mc_read_enum(rq, b, "preset", 1, presets, &p)) return 0;
            cols = MC_CCA_COLS;
            rows = MC_CCA_ROWS;
            flags = MC_BOARD_ODD_ROWS_SHORT;
        } else if (!mc_read_int(rq, b, "cols", 1, 1, MC_MAX_BOARD_SIDE, &cols) ||
                   !mc_read_int(rq, b, "rows", 1, 1, MC_MAX_BOARD_SIDE, &rows)) {
            return 0;
        }
        int n = mc_board_grid_count(cols, rows, flags);
        size_t bytes = mc_board_storage_size(n);
        void *storage = mc_arena_alloc_raw(arena, bytes); // the board init writes what it reads
        if (!storage) return mc_read_oom(rq);
        status = mc_board_init_grid(board, cols, rows, flags, NULL, storage, bytes);
        if (status == MC_BOARD_OK && !apply_terrain_list(rq, b, spec, board)) return 0;
    }
    if (status != MC_BOARD_OK) return mc_read_fail(rq, board_error_code(status), "%s", mc_board_status_text(status));
    mc_read_pop(rq, saved);
    return 1;
}

