// Commands & Colors: Ancients relies on no labelled assumption (docs/rules/cc-ancients.md).
#include "rules/cc_ancients/cca_assumptions.h"

#include <stddef.h>

const McAssumptionSet mc_cca_assumptions = {NULL, 0, NULL, 0, NULL, 0, NULL};
