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

/// Answers the parsed request `req` (docs/api.md); on failure leaves the error in rq->err and
/// returns NULL. A valid describe sets *kept to its slot among the kept describe answers; when the
/// slot is filled, the answer is not built (the root returned is then not the answer).
cJSON *mc_request_answer(McRequest *rq, const cJSON *req, char ***kept);

/// Makes the response root from the parsed text `req` (in the call's arena), as
/// mc_request_answer does; NULL after recording an error in rq->err.
typedef cJSON *(*McAnswerFn)(McRequest *rq, cJSON *req, void *ctx, char ***kept);

/// mc_request with `fn` (NULL: mc_request_answer) in place of answering the parsed text. The
/// size, encoding, nesting and syntax checks, the arena, the work budget, the printing and the
/// error response are mc_request's.
char *mc_request_run(const char *json, McAnswerFn fn, void *ctx);

/// Makes cJSON allocate from `arena`, or from counted memory that outlives the call when NULL;
/// returns the arena it used before. A position's tree is kept in counted memory.
McArena *mc_request_use_arena(McArena *arena);

/// What a game keeps of a position's world between asks (src/json/sys_<game>.c): read once from
/// the position's tree into the position's own arena, and handed back to the next ask while the
/// position is unchanged, or changed only by units replaced in place (`changed`), which the game's
/// reader reads again (mc_kept_read).
typedef struct McKept {
    McArena arena;   ///< counted memory; everything `world` points to that is not in the tree
    const struct McKeptReader *owner; ///< the game's reader of `world`; NULL while nothing is kept
    void *world;
    unsigned char changed[MC_KEPT_UNITS]; ///< units (by index) replaced since `world` was read
    int any_changed;
    uint64_t work; ///< the work units reading `world` spent
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
/// (rq->columns); NULL when memory ran out (recorded as out_of_memory).
int32_t *mc_columns_hex(McRequest *rq, int rows);
/// Room for `rows` poses of three doubles; NULL when memory ran out (recorded).
double *mc_columns_poses(McRequest *rq, int rows);

/// How a game keeps the world it reads from a position (src/json/sys_<game>.c): one static
/// reader per game, whose address also names the kind of world kept.
typedef struct McKeptReader {
    size_t size; ///< bytes of the world
    /// Reads the whole world from the request `req` into `world` (zeroed); 0 after recording an error.
    int (*read)(McRequest *rq, const cJSON *req, void *world);
    /// Reads unit `unit` of the position (at `index` of `units`) again into the kept `world`; 0
    /// when it is not as simply replaced (an error, a new id, a place the world does not allow it).
    int (*unit)(McRequest *rq, const cJSON *unit, int index, void *world);
    /// Optional: once units were read again, what depends on all of them (Arcane Legions' broad
    /// phase); 0 when it cannot, and the world is read anew.
    int (*after)(McRequest *rq, void *world);
} McKeptReader;

/// The world `reader` kept for the position being asked, the units an update replaced in place
/// read again and the work charged as the whole read charged (so that an ask meets MC_MAX_WORK
/// where the full request would); or else, when nothing is kept or a unit is not as simply
/// replaced (its error forgotten), the world read anew by `reader->read`, kept for the position
/// (this request's own when not a position's ask). NULL after recording an error.
void *mc_kept_read(McRequest *rq, const cJSON *req, const McKeptReader *reader);

/// Forgets the kept world and gives back its memory.
void mc_kept_drop(McKept *kept);

#endif
