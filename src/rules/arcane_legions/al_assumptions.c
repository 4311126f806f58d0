#include "rules/arcane_legions/al_assumptions.h"

#include <stddef.h>

#include "systems.h"

// Summaries paraphrase docs/rules/arcane-legions.md "Assumptions", where each one is argued.
_Static_assert(MC_AL_ASSUMPTION_COUNT <= MC_MAX_ASSUMPTIONS, "one bit each in McEnv.assumed");

static const McAssumptionInfo assumptions[MC_AL_ASSUMPTION_COUNT] = {
    [MC_A_AL_1] = {"A-AL-1",
        MC_SUMMARY(MC_SYS_al, "One step is the side of a sortie base; the engine works in steps and a step is drawn as 50 mm.")},
    [MC_A_AL_2] = {"A-AL-2",
        MC_SUMMARY(MC_SYS_al, "Notches sit every half step along each edge, corners excluded.")},
    [MC_A_AL_3] = {"A-AL-3",
        MC_SUMMARY(MC_SYS_al, "A codex is four per-step costs {forward, backward, left, right}; foot defaults 1/2/1/1, cavalry 1/3/2/2.")},
    [MC_A_AL_4] = {"A-AL-4",
        MC_SUMMARY(MC_SYS_al, "Movement points are given as the count of ready movement icons.")},
    [MC_A_AL_5] = {"A-AL-5",
        MC_SUMMARY(MC_SYS_al, "The turning tool is a right isosceles triangle (hypotenuse = Angle Turn edge, legs = Left/Right Turn edges) with a bevel mid-edge; a turn costs the side cost times (1 + steps beyond the tool).")},
    [MC_A_AL_6] = {"A-AL-6",
        MC_SUMMARY(MC_SYS_al, "Two bases are adjacent when they share a stretch of edge longer than the slop.")},
    [MC_A_AL_7] = {"A-AL-7",
        MC_SUMMARY(MC_SYS_al, "Terrain pieces are polygons given by the user.")},
};

_Static_assert(MC_AL_PARAM_COUNT <= MC_MAX_PARAMS, "McParams holds MC_MAX_PARAMS");

static const McParamInfo params[MC_AL_PARAM_COUNT] = {
    [MC_P_AL1_STEP_MM] = {MC_A_AL_1, "stepMm", 50, 1, 1000, 0},
    [MC_P_AL2_NOTCH_SPACING] = {MC_A_AL_2, "notchSpacing", 0.5, 0.125, 2, 0},
    [MC_P_AL5_LEG_LENGTH] = {MC_A_AL_5, "legLength", 1, 0.25, 4, 0},
};

// The default reading first, then the alternative (docs/rules/arcane-legions.md "Assumptions").
static const McReadingInfo readings[] = {
    {MC_A_AL_5, "one-step-legs", "AL-TRN-1",
        MC_SUMMARY(MC_SYS_al, "The turning tool's legs are one step long, a sortie's side."),
        1, {{MC_P_AL5_LEG_LENGTH, 1}}},
    {MC_A_AL_5, "two-step-legs", "AL-TRN-1",
        MC_SUMMARY(MC_SYS_al, "The turning tool's legs are two steps long, a formation's long side."),
        1, {{MC_P_AL5_LEG_LENGTH, 2}}},
};

const McAssumptionSet mc_al_assumptions = {assumptions, MC_AL_ASSUMPTION_COUNT, params, MC_AL_PARAM_COUNT,
                                           readings, (int)(sizeof readings / sizeof readings[0]), NULL};
