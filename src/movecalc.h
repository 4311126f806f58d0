// movecalc: a movement rules calculator for tabletop miniature wargames.
// The one public header. A request goes in as JSON text and a response comes out as JSON text,
// in the shapes of docs/api.md. Nothing else is exported; core/limits.h gives the named limits.
#ifndef MOVECALC_H
#define MOVECALC_H

#include <stddef.h>
#include <stdint.h>

#include "core/limits.h"

/// The engine's version, as `describe` reports it (CHANGELOG.md says what each one changed).
#define MOVECALC_VERSION "0.1.0"

#ifdef __cplusplus
extern "C" {
#endif

/// Answers one request. `json` is a NUL-terminated UTF-8 JSON text (NULL is read as an empty
/// request). Returns a newly allocated NUL-terminated JSON response that the caller frees with
/// mc_free: `{"ok": true, ...}` or `{"ok": false, "error": {...}}`. Never returns NULL unless
/// memory for the response itself cannot be found. Not thread-safe (one request at a time).
char *mc_request(const char *json);

/// Frees a response returned by mc_request. NULL is allowed.
void mc_free(char *response);

/// The length in bytes of a response returned by mc_request and not yet freed, without its NUL:
/// strlen(response), kept from when it was printed for the latest response (O(1)) and counted for
/// an older one. The WebAssembly wrapper asks for it instead of finding the NUL itself, which
/// took ~0.3 µs per KB of answer (docs/performance.md). 0 for NULL.
size_t mc_response_length(const char *response);

/// Sets the work budget of every later request and position ask: `units` work units (docs/api.md
/// "Limits"), or MC_MAX_WORK when `units` is 0 or larger. A question that runs out answers the
/// `limit` error, naming this budget. A page answering a drag's frames on its own thread asks
/// under a small budget, and hands a question that runs out to its worker (docs/performance.md).
void mc_set_work_limit(uint32_t units);

/// Bytes the engine holds right now (the responses not yet freed included). A request that has
/// been answered and whose response was freed leaves this where it was: tests use it to prove
/// that requests leak nothing. Not counted: what is kept for the program's life rather than for a
/// request, the printed `describe` answers (at most six of ~7 KB; docs/performance.md).
size_t mc_bytes_in_use(void);

/// A position kept in the engine between questions (docs/api.md "Positions"): the request
/// without `query` and the query's own fields. The handle is `{slot, generation}` in one number
/// (the slot among MC_MAX_POSITIONS in the low 8 bits, how often the slot was opened above), so
/// the handle of a closed position never names one opened later in its slot. 0 is never a
/// position's handle.
typedef uint32_t McPosition;

// The most positions open at once, MC_MAX_POSITIONS (core/limits.def): opening one more is the
// `limit` error.

/// Opens a position from `json`: an object of `system` (required), `params`, `units`, `terrain`,
/// `table`, `board`, `baselines` and `markers` only. Returns its handle, or 0 when it cannot be opened.
/// When `response` is not NULL it receives `{"ok":true}` or the error response (as mc_request's,
/// path included), which the caller frees with mc_free. Only the envelope is checked here; the
/// rest is read by each question, which then gives any error the full request would.
McPosition mc_position_open(const char *json, char **response);

/// Changes an open position: `{"remove": [unit ids], "units": [{"id", ...fields}], "params",
/// "terrain", "table", "board", "baselines", "markers"}` (all optional). A unit of `units` whose id
/// is in the position gets the fields given (a field given as null is taken away); another is
/// added. The other members replace the position's (null takes it away). Returns `{"ok":true}` or
/// an error response (nothing is then changed), freed with mc_free.
char *mc_position_update(McPosition pos, const char *changes_json);

/// Asks `query_json` (`query` and the query's own fields, none of the position's) of an open
/// position. The response, freed with mc_free, is byte for byte mc_request's for the request made
/// of the position's members followed by the query's.
char *mc_position_ask(McPosition pos, const char *query_json);

/// The columns of an arrays answer (mc_position_ask_arrays).
enum McColumn {
    MC_COLUMN_Q = 0,      ///< int32: a hex reach's destination, q
    MC_COLUMN_R = 1,      ///< int32: r
    MC_COLUMN_COST = 2,   ///< int32: movement points spent to end there
    MC_COLUMN_PARENT = 3, ///< int32: the row of the hex before it on the path; -1 the start; -2 a hex not a row
    MC_COLUMN_FLAGS = 4,  ///< int32: the game's bits (src/rules/<game>/<prefix>_columns.h; docs/api/<game>.md)
    MC_COLUMN_POSES = 5   ///< double: a free-form answer's poses, x, y, facing each (3 values a row)
};

/// Asks as mc_position_ask does, but a query with a columns form (docs/api.md "Arrays": a hex
/// game's `reach` its destinations, a free-form move its poses) puts them in columns
/// (mc_position_column) in place of the answer's text, whose result then holds only `unit`,
/// `rows` (and `legal` where the game's docs say). Any other query, and every error, answers as
/// mc_position_ask.
char *mc_position_ask_arrays(McPosition pos, const char *query_json);

/// Column `column` (McColumn) of the last ask of `pos`, valid until its next update, ask or
/// close; NULL when that ask filled no such column. mc_position_rows gives its rows.
const void *mc_position_column(McPosition pos, int column);
/// The rows of column `column` of the last ask of `pos` (0 when none).
int mc_position_rows(McPosition pos, int column);

/// Closes a position and frees what it holds. A handle that is not an open position's (0, closed
/// already, never opened) is ignored; update and ask answer such a handle with `bad_request`.
void mc_position_close(McPosition pos);

#ifdef __cplusplus
}
#endif

#endif
