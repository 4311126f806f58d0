// The work budget of one request (MC_MAX_WORK). The geometry primitives count what they do (one
// unit per vertex pair or box they test); the searches that repeat them check the count between
// steps and stop once it passes the limit, and the request then answers the `limit` error. It
// counts work, never time, so native and WebAssembly stop at the same step with the same bytes.
// The count is process-wide, like the counted allocator's live bytes: the primitives take no
// request environment, and one request is answered at a time.
#ifndef MC_WORK_H
#define MC_WORK_H

#include <stdbool.h>
#include <stdint.h>

#include "core/limits.h"

/// Work units spent by the request being answered; mc_request sets it to 0 first.
extern uint64_t mc_work_spent;

/// Counts `units` of work.
static inline __attribute__((always_inline)) void mc_work_add(uint64_t units) { mc_work_spent += units; }

/// The count past which searches stop: MC_WORK_CAP while mc_request answers; no limit for rule
/// code called directly (the C tests of a rule set, which never reset the count).
extern uint64_t mc_work_cap;

/// The budget mc_request sets: MC_MAX_WORK, except in the fuzz build (CMakeLists.txt MC_FUZZ),
/// which stops searches sooner so that bin/fuzz's -timeout finds work that is not charged.
#ifndef MC_WORK_CAP
#define MC_WORK_CAP MC_MAX_WORK
#endif

/// Whether the request has spent more than its budget: a search stops as soon as it has.
static inline __attribute__((always_inline)) bool mc_work_out(void) { return mc_work_spent > mc_work_cap; }

#endif
