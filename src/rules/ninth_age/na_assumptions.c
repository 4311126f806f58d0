#include "rules/ninth_age/na_assumptions.h"

#include <stddef.h>

#include "systems.h"

// Summaries paraphrase docs/rules/ninth-age.md "Assumptions", where each one is argued.
_Static_assert(MC_NA_ASSUMPTION_COUNT <= MC_MAX_ASSUMPTIONS, "one bit each in McEnv.assumed");

static const McAssumptionInfo assumptions[MC_NA_ASSUMPTION_COUNT] = {
    [MC_A_9A_1] = {"A-9A-1",
        MC_SUMMARY(MC_SYS_na, "The Unit Boundary is the files x base width by ranks x base length rectangle.")},
    [MC_A_9A_2] = {"A-9A-2",
        MC_SUMMARY(MC_SYS_na, "A Post-combat Pivot turns the unit about its centre to any facing; the end position must be legal.")},
    [MC_A_9A_3] = {"A-9A-3",
        MC_SUMMARY(MC_SYS_na, "Obstructions are impassable terrain and units that are not legal charge targets; the table edge is the table's boundary.")},
    [MC_A_9A_4] = {"A-9A-4",
        MC_SUMMARY(MC_SYS_na, "A Failed Charge Move wheels about the front corner on the side of the target's Centre until the front facing's centre line meets that Centre (the outer corner's path counts towards the highest D6), then goes straight, stopping 0.001 inch short of any unit, impassable terrain or the table edge.")},
};

const McAssumptionSet mc_na_assumptions = {assumptions, MC_NA_ASSUMPTION_COUNT, NULL, 0, NULL, 0, NULL};
