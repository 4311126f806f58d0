#include "rules/godsgloom/gg_assumptions.h"

#include <stddef.h>

#include "systems.h"

// Summaries paraphrase docs/rules/godsgloom.md "Assumptions", where each one is argued.
_Static_assert(MC_GG_ASSUMPTION_COUNT <= MC_MAX_ASSUMPTIONS, "one bit each in McEnv.assumed");

static const McAssumptionInfo assumptions[MC_GG_ASSUMPTION_COUNT] = {
    [MC_A_GG_1] = {"A-GG-1",
        MC_SUMMARY(MC_SYS_gg, "A unit faces one hexside; its Engagement Zone is the 3 adjacent hexes of its front arc (all 6 with Circular Defence).")},
    [MC_A_GG_2] = {"A-GG-2",
        MC_SUMMARY(MC_SYS_gg, "Entering costs 1 (open) or 2 (difficult); impassable and occupied hexes cannot be entered; Slow -1, Fast +1 Speed.")},
};

_Static_assert(MC_GG_PARAM_COUNT <= MC_MAX_PARAMS, "McParams holds MC_MAX_PARAMS");

static const McParamInfo params[MC_GG_PARAM_COUNT] = {
    [MC_P_GG1_ARC_WIDTH] = {MC_A_GG_1, "arcWidth", 3, 1, 6, 1},
    [MC_P_GG2_OPEN_COST] = {MC_A_GG_2, "openCost", 1, 1, 10, 1},
    [MC_P_GG2_DIFFICULT_COST] = {MC_A_GG_2, "difficultCost", 2, 1, 10, 1},
    [MC_P_GG2_SLOW_DELTA] = {MC_A_GG_2, "slowDelta", -1, -10, 0, 1},
    [MC_P_GG2_FAST_DELTA] = {MC_A_GG_2, "fastDelta", 1, 0, 10, 1},
};

// The default reading of each assumption first, then the alternatives FACTS of the rules leave
// open (docs/rules/godsgloom.md "Assumptions" argues each).
static const McReadingInfo readings[] = {
    {MC_A_GG_1, "front-arc", "GG-EZ-1",
        MC_SUMMARY(MC_SYS_gg, "The Engagement Zone is the 3 hexes of the front arc (the older Breakaway text's \"Front Arc\")."),
        1, {{MC_P_GG1_ARC_WIDTH, 3}}},
    {MC_A_GG_1, "facing-hex", "GG-EZ-1",
        MC_SUMMARY(MC_SYS_gg, "The Engagement Zone is the one hex the unit faces (a Melee Attack aligns the attacker's Facing with its target hex)."),
        1, {{MC_P_GG1_ARC_WIDTH, 1}}},
    {MC_A_GG_2, "fast-plus-one", "GG-MOV-1",
        MC_SUMMARY(MC_SYS_gg, "A Fast token adds 1 to Speed, as a Slow token takes 1 off."),
        1, {{MC_P_GG2_FAST_DELTA, 1}}},
    {MC_A_GG_2, "fast-plus-two", "GG-MOV-1",
        MC_SUMMARY(MC_SYS_gg, "A Fast token adds 2 to Speed (its value is in no text found)."),
        1, {{MC_P_GG2_FAST_DELTA, 2}}},
};

// The Engagement Zones an answer draws are A-GG-1's arc itself: a reading changes them always.
static const char *const restated[] = {"zones", NULL};

const McAssumptionSet mc_gg_assumptions = {assumptions, MC_GG_ASSUMPTION_COUNT, params, MC_GG_PARAM_COUNT,
                                           readings, (int)(sizeof readings / sizeof readings[0]), restated};
