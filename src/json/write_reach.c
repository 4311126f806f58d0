// Whole paths grow as destinations x path length, so on the largest boards they dwarf the rest of
// a reach answer (tests/limits: 4.5 million path hexes at Speed 1000 on 200 x 200). The parent form
// holds the same paths in one hex per destination, so switching to it keeps the answer complete.
#include "json/write_reach.h"

#include "core/limits.h"
#include "json/read_hex.h"

int mc_jr_reach_paths(McJson *j, const cJSON *request, int *parent) {
    static const char *const modes[] = {"full", "parent", NULL};
    *parent = 0;
    return mc_jr_enum(j, request, "paths", 0, modes, parent);
}

bool mc_jw_reach_paths(McJson *j, cJSON *result, bool parent_asked, long long path_hexes, const char *rule,
                       const char *unit) {
    bool limited = !parent_asked && path_hexes > MC_MAX_PATH_OUTPUT;
    if (limited)
        mc_trace(&j->env, rule, unit,
                 "Whole paths would list %lld hexes, more than MC_MAX_PATH_OUTPUT (%d): each hex gives its parent instead.",
                 path_hexes, MC_MAX_PATH_OUTPUT);
    mc_jw_string(j, result, "paths", parent_asked || limited ? "parent" : "full");
    mc_jw_bool(j, result, "pathsLimited", limited);
    return parent_asked || limited;
}

int mc_jr_reach_detail(McJson *j, const cJSON *request, bool *brief) {
    static const char *const details[] = {"full", "brief", NULL};
    int d = 0;
    if (!mc_jr_enum(j, request, "detail", 0, details, &d)) return 0;
    *brief = d == 1;
    return 1;
}

void mc_jw_reach_hex_fields(McJson *j, cJSON *obj, McHex h, bool brief) {
    if (!brief) {
        mc_jw_hex_fields(j, obj, h);
        return;
    }
    const int v[2] = {h.q, h.r};
    mc_jw_ints(j, obj, mc_jw_hex_keys, v, 2);
}

void mc_jw_reach_hex(McJson *j, cJSON *obj, const char *key, McHex h, bool brief) {
    cJSON *o = key ? mc_jw_object(j, obj, key) : mc_jw_push_object(j, obj);
    if (o) mc_jw_reach_hex_fields(j, o, h, brief);
}

void mc_jw_hex_cost(McJson *j, cJSON *obj, McHex h, int cost) {
    static const char *const keys[5] = {"q", "r", "col", "row", "cost"};
    McOffset o = mc_hex_to_offset(h);
    const int v[5] = {h.q, h.r, o.col, o.row, cost};
    mc_jw_ints(j, obj, keys, v, 5);
}

void mc_jw_node_parent(McJson *j, cJSON *obj, int node, int parent_node) {
    static const char *const keys[2] = {"node", "parentNode"};
    const int v[2] = {node, parent_node};
    mc_jw_ints(j, obj, keys, v, 2);
}
