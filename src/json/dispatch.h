// The dispatch table: (system, query) -> handler. Adding a query touches its system's table only.
#ifndef MC_DISPATCH_H
#define MC_DISPATCH_H

#include <stdbool.h>

#include "cJSON.h"
#include "core/assumptions.h"
#include "json/read.h"
#include "systems.h"

/// Reads the request (the top-level object), runs the rules and fills `result`. Returns 0 after
/// recording an error in rq->err; a rule forbidding a move is a result, not an error.
typedef int (*McQueryFn)(McRequest *rq, const cJSON *request, cJSON *result);

typedef struct McQuery {
    const char *name;            ///< "move", "reach", ...
    McQueryFn answer;            ///< reads the request, runs the rules and writes the result
    const char *const *fields;   ///< top-level fields besides system, query and params
    const char *summary;         ///< one sentence for `describe`
    bool arrays;                 ///< answers the arrays form (mc_position_ask_arrays; describe's `arrays`)
} McQuery;

typedef struct McSystem {
    const char *id;          ///< "arcane-legions"
    const char *name;        ///< "Arcane Legions"
    const char *board;       ///< "free-form" or "hex"
    const char *length_unit; ///< "step", "inch" or "hex"
    const char *clause_prefix; ///< how its clause ids begin ("GG"); its assumption ids begin "A-GG"
    const McQuery *queries;  ///< terminated by an entry whose name is NULL; NULL when not held
    const McAssumptionSet *assumptions;
    const char *(*terrain_kind)(int i); ///< the i-th terrain kind its requests name, NULL past the last; NULL when not held
} McSystem;

// Each game of src/systems.def defines its queries and its terrain kinds (the names its request
// reader takes, for `describe`) in src/json/sys_<game>.c and its assumptions in
// src/rules/<game>/<prefix>_assumptions.c.
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) \
    extern const McQuery mc_##prefix##_queries[];       \
    const char *mc_##prefix##_terrain_kind(int i);     \
    extern const McAssumptionSet mc_##prefix##_assumptions;
#include "systems.def"
#undef MC_SYSTEM

#endif
