// Reading requests: the only place besides write.c and the per-system readers that sees cJSON.
// Every getter checks type, finiteness and range, and on the first problem records the error
// code, the JSON path (`units[2].codex.forward`) and a sentence; later problems are ignored so the
// answer names the first one. Getters return 1 on success and 0 after an error.
#ifndef MC_READ_H
#define MC_READ_H

#include "cJSON.h"
#include "core/env.h"

enum { MC_PATH_BYTES = 256, MC_MESSAGE_BYTES = 320 };

typedef struct McError {
    const char *code; ///< NULL while there is no error
    char path[MC_PATH_BYTES];
    char message[MC_MESSAGE_BYTES];
} McError;

/// One request being answered: its environment, the first error, and the JSON path being read.
typedef struct McRequest {
    McEnv env;
    McError err;
    char path[MC_PATH_BYTES]; ///< the path of the value being read
    int path_len;
    int oom; ///< a response item could not be allocated
    struct McWriteList *list; ///< the list whose entry is being written as text (json/write.h), or NULL
    struct McKept *kept; ///< the world kept by the position being asked (json/position.h), or NULL
    struct McColumns *columns; ///< an arrays ask's columns (json/position.h), or NULL
} McRequest;

/// Records an error at the current path (only the first error is kept). Returns 0.
int mc_read_fail(McRequest *rq, const char *code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/// Records an error at the current path extended by `.key`. Returns 0.
int mc_read_fail_key(McRequest *rq, const char *key, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/// Records out_of_memory at the current path (an allocation of the reader failed). Returns 0.
int mc_read_oom(McRequest *rq);

/// Extends the current path with `.key` or `[index]`; returns the length to restore with mc_read_pop.
int mc_read_push_key(McRequest *rq, const char *key);
int mc_read_push_index(McRequest *rq, int index);
static inline void mc_read_pop(McRequest *rq, int saved) {
    rq->path_len = saved;
    rq->path[saved] = '\0';
}
/// Points the path at `key[index]`, for an error about an item found once its whole list was read
/// (the caller records it and returns).
static inline void mc_read_at_item(McRequest *rq, const char *key, int index) {
    mc_read_push_key(rq, key);
    mc_read_push_index(rq, index);
}

/// The items of an array at `key` (mc_read_array), walked with the JSON path kept: inside the loop
/// the path is `key[index]`; once the last item is read it is back where it was. A reader that
/// fails inside the loop returns at once, the path at the item for the error it recorded.
///     MC_EACH(rq, arr, "units", it) { if (!read_unit(rq, it.item, it.index, ...)) return 0; }
typedef struct McEach {
    const cJSON *item; ///< the item being read
    const cJSON *next;
    int index;
    int outer, inner; ///< the path's length before `key` and with it
} McEach;
McEach mc_each_begin(McRequest *rq, const cJSON *arr, const char *key);
/// Moves to the next item (1), or restores the path after the last (0).
int mc_each_next(McRequest *rq, McEach *it);
#define MC_EACH(rq, arr, key, it) for (McEach it = mc_each_begin(rq, arr, key); mc_each_next(rq, &it);)

/// The member `key` of `obj` (case-sensitive), or NULL.
const cJSON *mc_read_get(const cJSON *obj, const char *key);

/// Checks that `v` (at the current path) is an object whose keys are all in the NULL-terminated
/// `allowed` list (mc_request has already refused a key given twice).
int mc_read_object(McRequest *rq, const cJSON *v, const char *const *allowed);

/// Reads a finite number in [min, max]. Absent and not `required`: leaves *out as it is.
int mc_read_number(McRequest *rq, const cJSON *obj, const char *key, int required, double min,
                 double max, double *out);
/// Reads a whole number in [min, max].
int mc_read_int(McRequest *rq, const cJSON *obj, const char *key, int required, int min, int max, int *out);
/// Reads a boolean.
int mc_read_bool(McRequest *rq, const cJSON *obj, const char *key, int required, int *out);
/// Reads a non-empty string of at most MC_MAX_STRING_BYTES bytes: *out is cJSON's own string,
/// in the request's arena like the whole parsed request (mc_request), so it lives as long.
int mc_read_string(McRequest *rq, const cJSON *obj, const char *key, int required, const char **out);
/// Reads a string that must be one of the NULL-terminated `names`; *out is its index.
int mc_read_enum(McRequest *rq, const cJSON *obj, const char *key, int required,
               const char *const *names, int *out);
/// Checks that `key` holds an array of at most `limit` items (else the `limit` error naming
/// `limit_name`). Absent and not required: *arr = NULL, *count = 0.
int mc_read_array(McRequest *rq, const cJSON *obj, const char *key, int required, int limit,
                const char *limit_name, const cJSON **arr, int *count);
/// Reads a string value `v` itself (an array element), like mc_read_string.
int mc_read_string_value(McRequest *rq, const cJSON *v, const char **out);

/// A coordinate on a free-form table: finite, |x| <= MC_MAX_COORD.
int mc_read_coord(McRequest *rq, const cJSON *obj, const char *key, int required, double *out);
/// A length: finite, 0 < x <= MC_MAX_COORD.
int mc_read_length(McRequest *rq, const cJSON *obj, const char *key, int required, double *out);

/// Ids: unique non-empty strings mapped to indices, for references between objects.
typedef struct McIdMap {
    const char **ids;
    int *slots; ///< open addressing table of indices + 1 (0 = empty)
    int count, capacity;
} McIdMap;

/// Prepares a map for up to `max` ids. Returns 0 when memory ran out.
int mc_ids_init(McRequest *rq, McIdMap *map, int max);
/// Adds `id` as the next index; a duplicate is `bad_request` at the current path.
int mc_ids_add(McRequest *rq, McIdMap *map, const char *id);
/// Copies the ids of `map` into rq's arena, for a world that outlives the strings it was read from
/// (a position's kept world, json/position.h). Returns 0 when memory ran out (recorded).
int mc_ids_own(McRequest *rq, McIdMap *map);
/// The index of `id`, or -1.
int mc_ids_find(const McIdMap *map, const char *id);
/// Reads the id string at `key` and resolves it; an undefined id is `unknown_unit`.
int mc_read_ref(McRequest *rq, const McIdMap *map, const cJSON *obj, const char *key, int required,
              int *out);

#endif
