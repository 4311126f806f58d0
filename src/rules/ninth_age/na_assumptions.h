// The Ninth Age's labelled assumptions (docs/rules/ninth-age.md "Assumptions"), numbered within the game.
#ifndef MC_NA_ASSUMPTIONS_H
#define MC_NA_ASSUMPTIONS_H

#include "core/assumptions.h"

enum {
    MC_A_9A_1, MC_A_9A_2, MC_A_9A_3, MC_A_9A_4,
    MC_NA_ASSUMPTION_COUNT
};

/// The Ninth Age's assumptions and parameters, for src/systems.def.
extern const McAssumptionSet mc_na_assumptions;

#endif
