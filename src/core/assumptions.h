// The labelled assumptions of docs/rules/<game>.md (A-AL-1 ... A-9A-4): defaults the user can change
// per request through "params", and ids the engine names in each answer that relied on them.
#ifndef MC_ASSUMPTIONS_H
#define MC_ASSUMPTIONS_H

#include <stdint.h>

// The rule sets, numbered for MC_ONLY_SYSTEM: a WebAssembly module for one rule set (CMake's
// movecalc-<system> targets) compiles request.c and assumptions.c with MC_ONLY_SYSTEM set to one
// of these; every other build holds all five.
#define MC_SYS_ARCANE_LEGIONS 1
#define MC_SYS_NINTH_AGE 2
#define MC_SYS_CC_ANCIENTS 3
#define MC_SYS_GODSGLOOM 4
#define MC_SYS_TORN_WORLD 5
/// 1 when this build holds the rule set `sys` (an MC_SYS_ number); usable in #if.
#ifdef MC_ONLY_SYSTEM
#define MC_HOLDS_SYSTEM(sys) (MC_ONLY_SYSTEM == (sys))
#else
#define MC_HOLDS_SYSTEM(sys) 1
#endif

typedef enum McAssumption {
    MC_A_AL_1, MC_A_AL_2, MC_A_AL_3, MC_A_AL_4, MC_A_AL_5, MC_A_AL_6, MC_A_AL_7,
    MC_A_GG_1, MC_A_GG_2,
    MC_A_TW_1, MC_A_TW_2, MC_A_TW_3,
    MC_A_9A_1, MC_A_9A_2, MC_A_9A_3, MC_A_9A_4,
    MC_ASSUMPTION_COUNT
} McAssumption;

/// A tunable number of an assumption, e.g. A-AL-5's legLength.
typedef enum McParam {
    MC_P_AL1_STEP_MM,       ///< A-AL-1: millimetres per step (drawing only)
    MC_P_AL2_NOTCH_SPACING, ///< A-AL-2: steps between notches along an edge
    MC_P_AL5_LEG_LENGTH,    ///< A-AL-5: turning tool leg length in steps
    MC_P_GG1_ARC_WIDTH,     ///< A-GG-1: adjacent hexes in the front arc (1, 3 or 5; 6 = all)
    MC_P_GG2_OPEN_COST,     ///< A-GG-2: points to enter an open hex
    MC_P_GG2_DIFFICULT_COST,///< A-GG-2: points to enter a difficult hex
    MC_P_GG2_SLOW_DELTA,    ///< A-GG-2: Speed change of a Slow token
    MC_P_GG2_FAST_DELTA,    ///< A-GG-2: Speed change of a Fast token
    MC_PARAM_COUNT
} McParam;

typedef struct McAssumptionInfo {
    const char *id;      ///< "A-AL-5"
    const char *system;  ///< the system id it belongs to
    const char *summary; ///< one sentence; NULL in a module that does not hold its system
} McAssumptionInfo;

typedef struct McParamInfo {
    McAssumption assumption;
    const char *name; ///< JSON key inside the assumption's params object
    double def, min, max;
    int integer; ///< 1 when only whole numbers are allowed
} McParamInfo;

/// Values of every parameter for one request: defaults overridden by the request's "params".
typedef struct McParams {
    double v[MC_PARAM_COUNT];
} McParams;

extern const McAssumptionInfo mc_assumptions[MC_ASSUMPTION_COUNT];
extern const McParamInfo mc_params_info[MC_PARAM_COUNT];

/// Fills `params` with every default.
void mc_params_defaults(McParams *params);
/// The assumption with this id, or -1.
int mc_assumption_find(const char *id);

#endif
