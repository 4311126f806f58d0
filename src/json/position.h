// Positions kept in the engine (mc_position_*, movecalc.h), and the parts of mc_request they
// answer through: a position's answer is mc_request's for the same request, byte for byte,
// because it is made by the same code from the same tree.
#ifndef MC_JSON_POSITION_H
#define MC_JSON_POSITION_H

#include "cJSON.h"
#include "core/mem.h"
#include "json/read.h"

/// Answers the parsed request `req` (docs/api.md); on failure leaves the error in j->err and
/// returns NULL. A valid describe sets *kept to its slot among the kept describe answers; when the
/// slot is filled, the answer is not built (the root returned is then not the answer).
cJSON *mc_request_answer(McRequest *j, const cJSON *req, char ***kept);

/// Makes the response root from the parsed text `req` (in the call's arena), as
/// mc_request_answer does; NULL after recording an error in j->err.
typedef cJSON *(*McAnswerFn)(McRequest *j, cJSON *req, void *ctx, char ***kept);

/// mc_request with `fn` (NULL: mc_request_answer) in place of answering the parsed text. The
/// size, encoding, nesting and syntax checks, the arena, the work budget, the printing and the
/// error response are mc_request's.
char *mc_request_run(const char *json, McAnswerFn fn, void *ctx);

/// Makes cJSON allocate from `arena`, or from counted memory that outlives the call when NULL;
/// returns the arena it used before. A position's tree is kept in counted memory.
McArena *mc_request_use_arena(McArena *arena);

#endif
