// The machinery of the labelled assumptions of docs/rules/<game>.md (A-AL-1 ... A-9A-4): defaults
// the user can change per request through "params", and ids the engine names in each answer that
// relied on them. Each game's own table is in src/rules/<game>/<prefix>_assumptions.c; the list of
// games (src/systems.def) hands them to the JSON layer. A request concerns one game, so its
// assumptions and parameters are numbered from 0 within that game.
#ifndef MC_ASSUMPTIONS_H
#define MC_ASSUMPTIONS_H

/// The most assumptions of one game (one bit each in McEnv.assumed).
#define MC_MAX_ASSUMPTIONS 32
/// The most tunable parameters of one game.
#define MC_MAX_PARAMS 8

typedef struct McAssumptionInfo {
    const char *id;      ///< "A-AL-5"
    const char *summary; ///< one sentence; NULL in a module that does not hold its game
} McAssumptionInfo;

/// A tunable number of an assumption, e.g. A-AL-5's legLength.
typedef struct McParamInfo {
    int assumption;   ///< index in its game's assumptions
    const char *name; ///< JSON key inside the assumption's params object
    double def, min, max;
    int integer; ///< 1 when only whole numbers are allowed
} McParamInfo;

/// One game's assumptions and parameters, in the order `describe` lists them.
typedef struct McAssumptionSet {
    const McAssumptionInfo *assumptions;
    int assumption_count;
    const McParamInfo *params;
    int param_count;
} McAssumptionSet;

/// Values of every parameter of the request's game: defaults overridden by the request's "params".
typedef struct McParams {
    double v[MC_MAX_PARAMS];
} McParams;

/// Fills `params` with the defaults of `set`.
void mc_params_defaults(McParams *params, const McAssumptionSet *set);
/// The index of the assumption with this id in `set`, or -1.
int mc_assumption_find(const McAssumptionSet *set, const char *id);

#endif
