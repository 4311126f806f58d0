// Kit Sample relies on no labelled assumption (docs/rules/kit-sample.md).
#include <stddef.h>

#include "core/assumptions.h"

const McAssumptionSet mc_ks_assumptions = {NULL, 0, NULL, 0, NULL, 0, NULL};
