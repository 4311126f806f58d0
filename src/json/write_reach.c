// Whole paths grow as destinations x path length, so on the largest boards they dwarf the rest of
// a reach answer (tests/limits: 4.5 million path hexes at Speed 1000 on 200 x 200). The parent form
// holds the same paths in one hex per destination, so switching to it keeps the answer complete.
#include "json/write_reach.h"

#include "core/limits.h"

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
