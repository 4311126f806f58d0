// Torn World's labelled assumptions (docs/rules/torn-world.md "Assumptions"), numbered within the game.
#ifndef MC_TW_ASSUMPTIONS_H
#define MC_TW_ASSUMPTIONS_H

#include "core/assumptions.h"

enum {
    MC_A_TW_1, MC_A_TW_2, MC_A_TW_3,
    MC_TW_ASSUMPTION_COUNT
};

/// Torn World's assumptions and parameters, for src/systems.def.
extern const McAssumptionSet mc_tw_assumptions;

#endif
