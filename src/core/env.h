// What rule code gets for one request: the arena, the assumption parameters, the trace and the
// record of assumptions relied on. Rule code never sees JSON; the JSON layer turns these into the
// response's "trace", "reasons" and "assumptions".
#ifndef MC_ENV_H
#define MC_ENV_H

#include <stdbool.h>
#include <stdint.h>

#include "core/assumptions.h"
#include "core/mem.h"

/// Why a move is illegal or what happened: a stable code, the clause id of docs/rules/, one
/// plain sentence, and what identifies the cause.
typedef struct McReason {
    const char *code;    ///< e.g. "enters_engagement_zone"
    const char *rule;    ///< e.g. "GG-8.3"
    const char *message; ///< one sentence
    const char *unit;    ///< the unit or object id involved, or NULL
    int action;          ///< index of the action involved, or -1
    int has_hex;         ///< 1 when q, r name a hex
    int q, r;
    int has_point;       ///< 1 when x, y name a point
    double x, y;
} McReason;

typedef struct McReasons {
    McReason *items;
    int count, cap;
} McReasons;

typedef struct McTraceStep {
    const char *rule;    ///< clause id
    const char *message; ///< what the engine did, one sentence
    const char *unit;    ///< unit id, or NULL
} McTraceStep;


typedef struct McEnv {
    McArena *arena;
    const McAssumptionSet *assumptions; ///< the request's game's, once the system is read
    McParams params;
    uint32_t assumed; ///< bit i set: assumptions->assumptions[i] was relied on
    McTraceStep *trace;
    int trace_count, trace_cap, trace_dropped;
    /// The answer shows none of the rules' sentences (an arrays ask, json/position.h): no trace
    /// step is kept, mc_fmt_num formats nothing and nothing is worked out only to be written
    /// (Arcane Legions' choices): formatting alone was a fifth of an Arcane Legions drag frame.
    bool quiet;
    // When the work budget ran out (core/work.h): which search and how far it got, and the
    // JSON path it concerns ("" for the whole request); in the environment, not the arena, as
    // a search may rewind the arena past the point where it was noted.
    char work_where[200];
    char work_path[64];
} McEnv;

/// Appends a reason to `list` and returns it for the caller to add unit/hex/point/action, or
/// NULL when memory ran out (the arena then marks the request failed).
McReason *mc_reason_add(McEnv *env, McReasons *list, const char *code, const char *rule,
                        const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/// Appends one step to the trace.
void mc_trace(McEnv *env, const char *rule, const char *unit, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/// Notes where the work budget ran out (mc_work_out): `path` is the JSON path concerned, `fmt`
/// the search and how far it got. A later note replaces an earlier one, so the outermost search,
/// which knows most of the progress, has the last word.
void mc_work_note(McEnv *env, const char *path, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/// Records that the answer relied on an assumption.
static inline void mc_assume(McEnv *env, int a) { env->assumed |= (uint32_t)1 << a; }

/// A parameter's value for this request; records the assumption as relied on.
static inline double mc_param(McEnv *env, int p) {
    mc_assume(env, env->assumptions->params[p].assumption);
    return env->params.v[p];
}

/// A formatted string in the arena (NULL when memory ran out).
const char *mc_strf(McEnv *env, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/// Grows an arena array `*items` of `*cap` elements of `size` bytes so that it holds at least
/// `need`; returns 0 when memory ran out.
int mc_grow(McArena *arena, void **items, int *cap, int need, size_t size);

#endif
