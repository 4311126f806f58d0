// Whole paths grow as destinations x path length, so on the largest boards they dwarf the rest of
// a reach answer (tests/limits: 4.5 million path hexes at Speed 1000 on 200 x 200). The parent form
// holds the same paths in one hex per destination, so switching to it keeps the answer complete.
#include "json/write_reach.h"

#include "core/limits.h"
#include "json/position.h"
#include "json/read_hex.h"

// The whole-path hexes an answer may hold: MC_MAX_PATH_OUTPUT, except in the fuzz build
// (CMakeLists.txt MC_FUZZ), whose target parses every answer: 200,000 path hexes, 4 MB of JSON,
// took it past bin/fuzz's -timeout=1.
#ifndef MC_PATH_OUTPUT_CAP
#define MC_PATH_OUTPUT_CAP MC_MAX_PATH_OUTPUT
#endif

int mc_read_reach_paths(McRequest *rq, const cJSON *request, int *parent) {
    static const char *const modes[] = {"full", "parent", NULL};
    *parent = 0;
    return mc_read_enum(rq, request, "paths", 0, modes, parent);
}

bool mc_write_reach_paths(McRequest *rq, cJSON *result, bool parent_asked, long long path_hexes, const char *rule,
                       const char *unit) {
    bool limited = !parent_asked && path_hexes > MC_PATH_OUTPUT_CAP;
    if (limited)
        mc_trace(&rq->env, rule, unit,
                 "Whole paths would list %lld hexes, more than MC_MAX_PATH_OUTPUT (%d): each hex gives its parent instead.",
                 path_hexes, MC_PATH_OUTPUT_CAP);
    mc_write_string(rq, result, "paths", parent_asked || limited ? "parent" : "full");
    mc_write_bool(rq, result, "pathsLimited", limited);
    return parent_asked || limited;
}

int mc_read_reach_detail(McRequest *rq, const cJSON *request, bool *brief) {
    static const char *const details[] = {"full", "brief", NULL};
    int d = 0;
    if (!mc_read_enum(rq, request, "detail", 0, details, &d)) return 0;
    *brief = d == 1;
    return 1;
}

void mc_write_reach_hex_fields(McRequest *rq, cJSON *obj, McHex h, bool brief) {
    if (!brief) {
        mc_write_hex_fields(rq, obj, h);
        return;
    }
    const int v[2] = {h.q, h.r};
    mc_write_ints(rq, obj, mc_write_hex_keys, v, 2);
}

void mc_write_reach_hex(McRequest *rq, cJSON *obj, const char *key, McHex h, bool brief) {
    cJSON *o = key ? mc_write_object(rq, obj, key) : mc_write_push_object(rq, obj);
    if (o) mc_write_reach_hex_fields(rq, o, h, brief);
}

void mc_write_hex_cost(McRequest *rq, cJSON *obj, McHex h, int cost) {
    static const char *const keys[5] = {"q", "r", "col", "row", "cost"};
    McOffset o = mc_hex_to_offset(h);
    const int v[5] = {h.q, h.r, o.col, o.row, cost};
    mc_write_ints(rq, obj, keys, v, 5);
}

void mc_write_node_parent(McRequest *rq, cJSON *obj, int node, int parent_node) {
    static const char *const keys[2] = {"node", "parentNode"};
    const int v[2] = {node, parent_node};
    mc_write_ints(rq, obj, keys, v, 2);
}

static void write_path(McRequest *rq, cJSON *obj, const McHex *path, int n) {
    cJSON *arr = mc_write_array(rq, obj, "path");
    for (int i = 0; i < n && arr; i++) mc_write_hex_push(rq, arr, path[i]);
}

void mc_write_why_not(McRequest *rq, cJSON *result, const McWhyNot *w) {
    cJSON *to = mc_write_object(rq, result, "to");
    if (to) mc_write_hex_fields(rq, to, w->to);
    mc_write_bool(rq, result, "reachable", w->reachable);
    if (w->reachable) {
        mc_write_number(rq, result, "cost", w->cost);
        write_path(rq, result, w->path, w->path_len);
    }
    mc_write_reasons(rq, result, "reasons", &w->reasons);
    if (w->needs >= 0) {
        // The points the cheapest path would need go on the reason that says they are short,
        // the last one.
        cJSON *arr = cJSON_GetObjectItemCaseSensitive(result, "reasons");
        cJSON *last = arr ? arr->child : NULL;
        while (last && last->next) last = last->next;
        if (last) mc_write_number(rq, last, "needs", w->needs);
    }
    if (w->has_what_if) {
        cJSON *o = mc_write_object(rq, result, "whatIf");
        if (!o) return;
        mc_write_bool(rq, o, "reachable", w->what_if_reachable);
        if (w->what_if_reachable) {
            mc_write_number(rq, o, "cost", w->what_if_cost);
            write_path(rq, o, w->what_if_path, w->what_if_len);
        }
    }
}

McQuiet mc_why_not_quiet_begin(const McRequest *rq) { return (McQuiet){rq->env.trace_count, rq->env.trace_dropped}; }

void mc_why_not_quiet_end(McRequest *rq, McQuiet q) {
    rq->env.trace_count = q.trace_count;
    rq->env.trace_dropped = q.trace_dropped;
}

int mc_path_skip_start(const McHex **path, int *n, McHex start, int keep) {
    if (*n <= keep || !mc_hex_equal((*path)[0], start)) return 0;
    (*path)++;
    (*n)--;
    return 1;
}

void mc_reasons_shift_steps(McReasons *reasons, int by) {
    for (int i = 0; i < reasons->count; i++)
        if (reasons->items[i].action >= 0) reasons->items[i].action += by;
}

int mc_write_reach_columns(McRequest *rq, cJSON *result, const McBoard *board, int n, McReachRow (*row)(const void *ctx, int i),
                           const void *ctx, const char *unit, int legal) {
    int32_t *col = mc_columns_hex(rq, n);
    int *row_at = MC_NEW(rq->env.arena, int, board->count + 1);
    if (!col || !row_at) return mc_read_oom(rq);
    for (int i = 0; i < board->count; i++) row_at[i] = -2;
    for (int i = 0; i < n; i++) {
        McReachRow r = row(ctx, i);
        row_at[r.pos] = i;
        col[i] = r.hex.q;
        col[n + i] = r.hex.r;
        col[2 * n + i] = r.cost;
        col[3 * n + i] = r.from; // a board index until every row's is known
        col[4 * n + i] = r.flags;
    }
    for (int i = 0; i < n; i++)
        if (col[3 * n + i] >= 0) col[3 * n + i] = row_at[col[3 * n + i]];
    mc_write_string(rq, result, "unit", unit);
    if (legal >= 0) mc_write_bool(rq, result, "legal", legal);
    mc_write_number(rq, result, "rows", n);
    return 1;
}

void mc_write_reach_through(McRequest *rq, cJSON *result, int n, bool (*node)(const void *ctx, int i, McReachNode *out),
                            const void *ctx, bool brief) {
    // Written as text one node at a time, as the entries are (write.h).
    McWriteList through = {0};
    for (int i = 0; i < n && !rq->oom; i++) {
        McReachNode v;
        if (!node(ctx, i, &v)) continue;
        cJSON *o = mc_write_list_object(rq, &through);
        if (!o) {
            mc_write_list_commit(rq, &through);
            break;
        }
        mc_write_hex_cost(rq, o, v.hex, v.cost);
        mc_write_reach_hex(rq, o, "parent", v.parent, brief);
        mc_write_node_parent(rq, o, v.node, v.parent_node);
        mc_write_list_commit(rq, &through);
    }
    mc_write_list_end(rq, &through, result, "through");
}
