// The path form of a hex `reach` answer, shared by the hex systems (cc-ancients, godsgloom,
// torn-world): whole paths ("paths": "full", the default) or a parent per hex ("paths": "parent"),
// and the switch to parents when whole paths would pass MC_MAX_PATH_OUTPUT.
#ifndef MC_WRITE_REACH_H
#define MC_WRITE_REACH_H

#include <stdbool.h>

#include "json/jwrite.h"

/// Reads the optional "paths" of a reach request: "full" (the default) or "parent".
/// *parent becomes 1 for "parent", else 0. Returns 0 after recording bad_request.
int mc_jr_reach_paths(McJson *j, const cJSON *request, int *parent);

/// Decides the form a reach answer writes and says so in `result`: "paths" ("full" or "parent")
/// and "pathsLimited" (true when whole paths were asked for but `path_hexes`, the hexes over all
/// of them, passes MC_MAX_PATH_OUTPUT, so every hex gives its parent instead; a trace step under
/// `rule` for `unit` then names the limit and the count). Returns true for the parent form.
bool mc_jw_reach_paths(McJson *j, cJSON *result, bool parent_asked, long long path_hexes, const char *rule,
                       const char *unit);

#endif
