#include "core/assumptions.h"

#include <stddef.h>
#include <string.h>

// Summaries paraphrase docs/rules/<game>.md "Assumptions", where each one is argued. A module for one
// rule set never writes another's summary (describe lists only the systems it holds), so it
// leaves those sentences out (docs/performance.md, fourth round).
#define SUMMARY(sys, text) (MC_HOLDS_SYSTEM(sys) ? (text) : NULL)

const McAssumptionInfo mc_assumptions[MC_ASSUMPTION_COUNT] = {
    [MC_A_AL_1] = {"A-AL-1", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "One step is the side of a sortie base; the engine works in steps and a step is drawn as 50 mm.")},
    [MC_A_AL_2] = {"A-AL-2", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "Notches sit every half step along each edge, corners excluded.")},
    [MC_A_AL_3] = {"A-AL-3", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "A codex is four per-step costs {forward, backward, left, right}; foot defaults 1/2/1/1, cavalry 1/3/2/2.")},
    [MC_A_AL_4] = {"A-AL-4", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "Movement points are given as the count of ready movement icons.")},
    [MC_A_AL_5] = {"A-AL-5", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "The turning tool is a right isosceles triangle (hypotenuse = Angle Turn edge, legs = Left/Right Turn edges) with a bevel mid-edge; a turn costs the side cost times (1 + steps beyond the tool).")},
    [MC_A_AL_6] = {"A-AL-6", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "Two bases are adjacent when they share a stretch of edge longer than the slop.")},
    [MC_A_AL_7] = {"A-AL-7", "arcane-legions",
        SUMMARY(MC_SYS_ARCANE_LEGIONS, "Terrain pieces are polygons given by the user.")},
    [MC_A_GG_1] = {"A-GG-1", "godsgloom",
        SUMMARY(MC_SYS_GODSGLOOM, "A unit faces one hexside; its Engagement Zone is the 3 adjacent hexes of its front arc (all 6 with Circular Defence).")},
    [MC_A_GG_2] = {"A-GG-2", "godsgloom",
        SUMMARY(MC_SYS_GODSGLOOM, "Entering costs 1 (open) or 2 (difficult); impassable and occupied hexes cannot be entered; Slow -1, Fast +1 Speed.")},
    [MC_A_TW_1] = {"A-TW-1", "torn-world",
        SUMMARY(MC_SYS_TORN_WORLD, "Hexon centres lie on the lattice a(2,1) + b(-1,3) from the board's hexonAnchor.")},
    [MC_A_TW_2] = {"A-TW-2", "torn-world",
        SUMMARY(MC_SYS_TORN_WORLD, "A Huge miniature is a rigid cluster of hexons moving one lattice step at a time, without rotating.")},
    [MC_A_TW_3] = {"A-TW-3", "torn-world",
        SUMMARY(MC_SYS_TORN_WORLD, "The nearest free hexes are the legal end hexes outside the ejector's footprint at the least hex distance.")},
    [MC_A_9A_1] = {"A-9A-1", "ninth-age",
        SUMMARY(MC_SYS_NINTH_AGE, "The Unit Boundary is the files x base width by ranks x base length rectangle.")},
    [MC_A_9A_2] = {"A-9A-2", "ninth-age",
        SUMMARY(MC_SYS_NINTH_AGE, "A Post-combat Pivot turns the unit about its centre to any facing; the end position must be legal.")},
    [MC_A_9A_3] = {"A-9A-3", "ninth-age",
        SUMMARY(MC_SYS_NINTH_AGE, "Obstructions are impassable terrain and units that are not legal charge targets; the table edge is the table rectangle's boundary.")},
    [MC_A_9A_4] = {"A-9A-4", "ninth-age",
        SUMMARY(MC_SYS_NINTH_AGE, "A Failed Charge Move (made by a charge that cannot be completed, for range or room) wheels about the front corner on the side of the target's Centre until the front facing's centre line meets that Centre, the outer corner's path counting towards the highest D6, then goes straight; it stops 0.001 inch short of any unit, impassable terrain or the table edge.")},
};

const McParamInfo mc_params_info[MC_PARAM_COUNT] = {
    [MC_P_AL1_STEP_MM] = {MC_A_AL_1, "stepMm", 50, 1, 1000, 0},
    [MC_P_AL2_NOTCH_SPACING] = {MC_A_AL_2, "notchSpacing", 0.5, 0.125, 2, 0},
    [MC_P_AL5_LEG_LENGTH] = {MC_A_AL_5, "legLength", 1, 0.25, 4, 0},
    [MC_P_GG1_ARC_WIDTH] = {MC_A_GG_1, "arcWidth", 3, 1, 6, 1},
    [MC_P_GG2_OPEN_COST] = {MC_A_GG_2, "openCost", 1, 1, 10, 1},
    [MC_P_GG2_DIFFICULT_COST] = {MC_A_GG_2, "difficultCost", 2, 1, 10, 1},
    [MC_P_GG2_SLOW_DELTA] = {MC_A_GG_2, "slowDelta", -1, -10, 0, 1},
    [MC_P_GG2_FAST_DELTA] = {MC_A_GG_2, "fastDelta", 1, 0, 10, 1},
};

void mc_params_defaults(McParams *params) {
    for (int i = 0; i < MC_PARAM_COUNT; i++) params->v[i] = mc_params_info[i].def;
}

int mc_assumption_find(const char *id) {
    for (int i = 0; i < MC_ASSUMPTION_COUNT; i++)
        if (strcmp(mc_assumptions[i].id, id) == 0) return i;
    return -1;
}
