// Commands & Colors: Ancients's labelled assumptions (docs/rules/cc-ancients.md "Assumptions"), numbered within the game.
#ifndef MC_CCA_ASSUMPTIONS_H
#define MC_CCA_ASSUMPTIONS_H

#include "core/assumptions.h"

/// Commands & Colors: Ancients's assumptions and parameters, for src/systems.def.
extern const McAssumptionSet mc_cca_assumptions;

#endif
