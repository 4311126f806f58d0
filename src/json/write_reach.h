// The path form of a hex `reach` answer, shared by the hex systems (src/systems.def, board
// "hex"): whole paths ("paths": "full", the default) or a parent per hex ("paths": "parent"),
// the switch to parents when whole paths would pass MC_MAX_PATH_OUTPUT, the brief detail, the
// parent form's "through" list and the arrays form; a game gives only its rows, nodes and fields.
#ifndef MC_WRITE_REACH_H
#define MC_WRITE_REACH_H

#include <stdbool.h>

#include "hex/hex.h"
#include "hex/hex_why_not.h"
#include "json/write.h"

/// Reads the optional "paths" of a reach request: "full" (the default) or "parent".
/// *parent becomes 1 for "parent", else 0. Returns 0 after recording bad_request.
int mc_read_reach_paths(McRequest *rq, const cJSON *request, int *parent);

/// Decides the form a reach answer writes and says so in `result`: "paths" ("full" or "parent")
/// and "pathsLimited" (true when whole paths were asked for but `path_hexes`, the hexes over all
/// of them, passes MC_MAX_PATH_OUTPUT, so every hex gives its parent instead; a trace step under
/// `rule` for `unit` then names the limit and the count). Returns true for the parent form.
bool mc_write_reach_paths(McRequest *rq, cJSON *result, bool parent_asked, long long path_hexes, const char *rule,
                       const char *unit);

/// Reads the optional "detail" of a reach request: "full" (the default) or "brief" (docs/api.md
/// "Hex boards": hexes inside an entry as q and r only, empty lists and values at their documented
/// default left out). *brief becomes true for "brief". Returns 0 after recording bad_request.
int mc_read_reach_detail(McRequest *rq, const cJSON *request, bool *brief);

/// A hex inside a reach entry (a parent, a path step, an attack's hex): q,r,col,row, or only q,r
/// when `brief` (col and row follow from them).
void mc_write_reach_hex_fields(McRequest *rq, cJSON *obj, McHex h, bool brief);
/// The same hex as a new object under `key` of `obj`, or appended to an array (key NULL).
void mc_write_reach_hex(McRequest *rq, cJSON *obj, const char *key, McHex h, bool brief);

/// A reach entry's own hex and its cost: q, r, col, row, cost (written in one go: a 100 x 100
/// reach has 10,000 entries).
void mc_write_hex_cost(McRequest *rq, cJSON *obj, McHex h, int cost);
/// The parent form's node numbers of an entry: node, parentNode.
void mc_write_node_parent(McRequest *rq, cJSON *obj, int node, int parent_node);

/// One end hex of a reach in the arrays form (docs/api.md "Arrays"), as a game gives it.
typedef struct McReachRow {
    McHex hex;
    int pos;       ///< its board index
    int cost;
    int from;      ///< board index of the hex it is entered from; below 0 written as the parent row
                   ///< as is (-1: the start)
    int32_t flags; ///< the game's flag bits (its REACH_FLAGS)
} McReachRow;

/// Writes an arrays ask's reach (mc_position_ask_arrays): `n` rows, `row(ctx, i)` the i-th, in the
/// columns q, r, cost, parent row (-2 for a hex entered from one no row holds) and flags; the
/// result holds only "unit", "legal" when `legal` >= 0, and "rows". Returns 0 when memory ran out
/// (recorded).
int mc_write_reach_columns(McRequest *rq, cJSON *result, const McBoard *board, int n, McReachRow (*row)(const void *ctx, int i),
                           const void *ctx, const char *unit, int legal);

/// A node of the parent form's "through" list: a hex the listed paths pass that no entry gives.
typedef struct McReachNode {
    McHex hex, parent;
    int cost, node, parent_node;
} McReachNode;

/// Writes "through" (docs/api.md "Hex boards"): the nodes `node(ctx, i, &out)` gives for i < n,
/// skipping those for which it returns false, each as q, r, col, row, cost, parent, node and
/// parentNode (`brief`: parent as q, r).
void mc_write_reach_through(McRequest *rq, cJSON *result, int n, bool (*node)(const void *ctx, int i, McReachNode *out),
                            const void *ctx, bool brief);

/// Writes the answer to a hex `whyNot` query (hex/hex_why_not.h, docs/api.md "whyNot"): "to",
/// "reachable", "cost" and "path" (when reachable), "reasons" and "whatIf".
void mc_write_why_not(McRequest *rq, cJSON *result, const McWhyNot *w);

/// A hex `move` path may begin on the mover's own hex (docs/api.md "Hex boards"): when it holds more
/// than `keep` positions and the first is `start`, drops it and returns 1 (add it back to step
/// indices in the answer), else returns 0.
int mc_path_skip_start(const McHex **path, int *n, McHex start, int keep);
/// Adds `by` to the step index of every reason that has one.
void mc_reasons_shift_steps(McReasons *reasons, int by);

/// The trace's length before the side searches that explain a whyNot answer; mc_why_not_quiet_end
/// cuts the trace back to it, so that only the question asked is traced (the assumptions those
/// searches rely on are the question's own).
typedef struct McQuiet {
    int trace_count, trace_dropped;
} McQuiet;
McQuiet mc_why_not_quiet_begin(const McRequest *rq);
void mc_why_not_quiet_end(McRequest *rq, McQuiet q);

#endif
