// Positions kept in the engine (mc_position_*, movecalc.h), and the parts of mc_request they
// answer through: a position's answer is mc_request's for the same request, byte for byte,
// because it is made by the same code from the same tree.
#ifndef MC_JSON_POSITION_H
#define MC_JSON_POSITION_H

#include <stdint.h>

#include "cJSON.h"
#include "core/mem.h"
#include "core/limits.h"
#include "json/read.h"

enum { MC_KEPT_UNITS = MC_MAX_UNITS };

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

/// What a game keeps of a position's world between asks (src/json/sys_<game>.c): read once from
/// the position's tree into the position's own arena, and handed back to the next ask while the
/// position is unchanged, or changed only by units replaced in place (`changed`), which the game
/// reads again itself.
typedef struct McKept {
    McArena arena;   ///< counted memory; everything `world` points to that is not in the tree
    const void *owner; ///< the game's tag for the kind of `world`; NULL while nothing is kept
    void *world;
    unsigned char changed[MC_KEPT_UNITS]; ///< units (by index) replaced since `world` was read
    int any_changed;
    uint64_t work; ///< the work units reading `world` spent (mc_kept_begin to mc_kept_end)
} McKept;

/// The columns of an arrays ask (mc_position_ask_arrays), in counted memory the position keeps
/// and reuses from one ask to the next.
typedef struct McColumns {
    int rows;      ///< hex rows: five int32 columns of `rows` each, one after the other in `ints`
    int pose_rows; ///< poses: three doubles each in `poses`
    int32_t *ints;
    double *poses;
    size_t int_capacity, pose_capacity; ///< in elements
    int filled; ///< this ask's query put its answer in columns
} McColumns;

/// The five hex columns for `rows` rows (column c at the result + c·rows), for an arrays ask
/// (j->columns); NULL when memory ran out (recorded as out_of_memory).
int32_t *mc_columns_hex(McRequest *j, int rows);
/// Room for `rows` poses of three doubles; NULL when memory ran out (recorded).
double *mc_columns_poses(McRequest *j, int rows);

/// The world `owner` kept for the position being asked (j->kept), or NULL: not a position's ask,
/// nothing kept, or another kind.
void *mc_kept_world(McRequest *j, const void *owner);

/// Forgets the kept world and gives back its memory.
void mc_kept_drop(McKept *k);

/// Starts reading a world to keep: drops what was kept, and points j's arena at the kept
/// arena until mc_kept_end. Returns the arena to hand back to mc_kept_end; NULL when j is not a
/// position's ask (then nothing changes).
McArena *mc_kept_begin(McRequest *j);

/// Ends what mc_kept_begin started: keeps `world` under `owner` when `ok`, else drops it, and
/// notes the work units the read spent.
void mc_kept_end(McRequest *j, McArena *was, int ok, const void *owner, void *world);

/// For an ask that reuses the kept world: sets the work count to `since` (mc_work_spent before
/// mc_kept_world) plus what the world's read spent, in place of what the reuse spent, so that the
/// ask meets MC_MAX_WORK where the full request would. Exact while a read's charge depends on no
/// unit's fields (counts only: a broad phase over the parts), and when a refresh that gives up
/// (read anew instead) has charged nothing.
void mc_kept_charge(McRequest *j, uint64_t since);

/// Clears the error and path a reader left, for a kept world that is read anew instead (the new
/// read records the error again if there is one). `path_len` is the path to go back to.
void mc_kept_forget_error(McRequest *j, int path_len);

/// Reads unit `unit` of the position (at `index` of `units`) again into the kept `world`; 0 when
/// it is not as simply replaced (an error, a new id, a place the world does not allow it).
typedef int (*McKeptUnitFn)(McRequest *j, const cJSON *unit, int index, void *world);

/// Reads again, with `read`, each unit an update replaced in place (by index), then clears the
/// marks. 0 when `read` gave up on one: its error is forgotten, and the world is to be read anew,
/// which gives the request's own answer or error.
int mc_kept_refresh(McRequest *j, const cJSON *req, void *world, McKeptUnitFn read);

/// Reads a game's world from the request `req` into `world`; 0 after recording an error.
typedef int (*McWorldFn)(McRequest *j, const cJSON *req, void *world);

/// The world `owner` kept for the position being asked, its units replaced in place read again by
/// `refresh` (mc_kept_refresh) and the work charged as the full read's (mc_kept_charge); or else,
/// when nothing is kept or `refresh` gives up, `size` zeroed bytes filled by `read`, kept for the
/// position (this request's own when not a position's ask). NULL after recording an error.
void *mc_kept_read(McRequest *j, const cJSON *req, const void *owner, size_t size, McWorldFn read, McKeptUnitFn refresh);

#endif
