// Arcane Legions's labelled assumptions (docs/rules/arcane-legions.md "Assumptions"), numbered within the game.
#ifndef MC_AL_ASSUMPTIONS_H
#define MC_AL_ASSUMPTIONS_H

#include "core/assumptions.h"

enum {
    MC_A_AL_1, MC_A_AL_2, MC_A_AL_3, MC_A_AL_4, MC_A_AL_5, MC_A_AL_6, MC_A_AL_7,
    MC_AL_ASSUMPTION_COUNT
};

/// The tunable numbers of these assumptions, indexes into McParams.
enum {
    MC_P_AL1_STEP_MM,       ///< A-AL-1: millimetres per step (drawing only)
    MC_P_AL2_NOTCH_SPACING, ///< A-AL-2: steps between notches along an edge
    MC_P_AL5_LEG_LENGTH,    ///< A-AL-5: turning tool leg length in steps
    MC_AL_PARAM_COUNT
};

/// Arcane Legions's assumptions and parameters, for src/systems.def.
extern const McAssumptionSet mc_al_assumptions;

#endif
