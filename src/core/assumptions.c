#include "core/assumptions.h"

#include <string.h>

void mc_params_defaults(McParams *params, const McAssumptionSet *set) {
    for (int i = 0; i < set->param_count; i++) params->v[i] = set->params[i].def;
}

int mc_assumption_find(const McAssumptionSet *set, const char *id) {
    for (int i = 0; i < set->assumption_count; i++)
        if (strcmp(set->assumptions[i].id, id) == 0) return i;
    return -1;
}
