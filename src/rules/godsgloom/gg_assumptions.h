// GODSGLOOM's labelled assumptions (docs/rules/godsgloom.md "Assumptions"), numbered within the game.
#ifndef MC_GG_ASSUMPTIONS_H
#define MC_GG_ASSUMPTIONS_H

#include "core/assumptions.h"

enum {
    MC_A_GG_1, MC_A_GG_2,
    MC_GG_ASSUMPTION_COUNT
};

/// The tunable numbers of these assumptions, indexes into McParams.
enum {
    MC_P_GG1_ARC_WIDTH,      ///< A-GG-1: adjacent hexes in the front arc (1, 3 or 5; 6 = all)
    MC_P_GG2_OPEN_COST,      ///< A-GG-2: points to enter an open hex
    MC_P_GG2_DIFFICULT_COST, ///< A-GG-2: points to enter a difficult hex
    MC_P_GG2_SLOW_DELTA,     ///< A-GG-2: Speed change of a Slow token
    MC_P_GG2_FAST_DELTA,     ///< A-GG-2: Speed change of a Fast token
    MC_GG_PARAM_COUNT
};

/// GODSGLOOM's assumptions and parameters, for src/systems.def.
extern const McAssumptionSet mc_gg_assumptions;

#endif
