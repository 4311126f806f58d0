// The dispatch table: (system, query) -> handler. Adding a query touches its system's table only.
#ifndef MC_DISPATCH_H
#define MC_DISPATCH_H

#include "cJSON.h"
#include "json/read.h"

/// Reads the request (the top-level object), runs the rules and fills `result`. Returns 0 after
/// recording an error in j->err; a rule forbidding a move is a result, not an error.
typedef int (*McQueryFn)(McRequest *j, const cJSON *request, cJSON *result);

typedef struct McQuery {
    const char *name;            ///< "move", "reach", ...
    McQueryFn run;
    const char *const *fields;   ///< top-level fields besides system, query and params
    const char *summary;         ///< one sentence for `describe`
} McQuery;

typedef struct McSystem {
    const char *id;          ///< "arcane-legions"
    const char *name;        ///< "Arcane Legions"
    const char *board;       ///< "free-form" or "hex"
    const char *length_unit; ///< "step", "inch" or "hex"
    const McQuery *queries;  ///< terminated by an entry whose name is NULL
} McSystem;

extern const McQuery mc_queries_arcane_legions[];
extern const McQuery mc_queries_ninth_age[];
extern const McQuery mc_queries_cc_ancients[];
extern const McQuery mc_queries_godsgloom[];
extern const McQuery mc_queries_torn_world[];

#endif
