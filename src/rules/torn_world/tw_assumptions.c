#include "rules/torn_world/tw_assumptions.h"

#include <stddef.h>

#include "systems.h"

// Summaries paraphrase docs/rules/torn-world.md "Assumptions", where each one is argued.
_Static_assert(MC_TW_ASSUMPTION_COUNT <= MC_MAX_ASSUMPTIONS, "one bit each in McEnv.assumed");

static const McAssumptionInfo assumptions[MC_TW_ASSUMPTION_COUNT] = {
    [MC_A_TW_1] = {"A-TW-1",
        MC_SUMMARY(MC_SYS_tw, "Hexon centres lie on the lattice a(2,1) + b(-1,3) from the board's hexonAnchor.")},
    [MC_A_TW_2] = {"A-TW-2",
        MC_SUMMARY(MC_SYS_tw, "A Huge miniature is a rigid cluster of hexons moving one lattice step at a time, without rotating.")},
    [MC_A_TW_3] = {"A-TW-3",
        MC_SUMMARY(MC_SYS_tw, "The nearest free hexes are the legal end hexes outside the ejector's footprint at the least hex distance.")},
};

const McAssumptionSet mc_tw_assumptions = {assumptions, MC_TW_ASSUMPTION_COUNT, NULL, 0, NULL, 0, NULL};
