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

/// The most parameters one reading sets.
#define MC_MAX_READING_PARAMS 4

/// One way of reading an assumption, as the values of some of its parameters: the default
/// reading (every value its parameter's default) and the alternatives the public texts leave
/// open. A request that asks for `sensitivity` is run again under each reading of each
/// assumption it relied on whose values are not the ones it used (json/request.c).
typedef struct McReadingInfo {
    int assumption;      ///< index in its game's assumptions
    const char *name;    ///< "facing-hex"
    const char *rule;    ///< the clause whose ruling the reading changes
    const char *summary; ///< one sentence; NULL in a module that does not hold its game
    int count;           ///< parameters set, at most MC_MAX_READING_PARAMS
    struct {
        int param; ///< index in its game's parameters
        double value;
    } set[MC_MAX_READING_PARAMS];
} McReadingInfo;

/// One game's assumptions, parameters and readings, in the order `describe` lists them.
typedef struct McAssumptionSet {
    const McAssumptionInfo *assumptions;
    int assumption_count;
    const McParamInfo *params;
    int param_count;
    const McReadingInfo *readings;
    int reading_count;
    /// Result members that only restate what a reading sets (GODSGLOOM's `zones`), left out when
    /// sensitivity compares two answers; NULL-terminated, or NULL.
    const char *const *restated;
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
