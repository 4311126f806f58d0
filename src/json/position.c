// Positions kept in the engine: the position's members as a cJSON tree in counted memory,
// changed in place by updates. A question's members are parsed in the call's arena and linked
// after the position's for the time of the answer, so mc_request_answer reads the same tree it
// would read from the full request.
#include <string.h>

#include "core/fmt.h"
#include "core/limits.h"
#include "core/work.h"
#include "json/position.h"
#include "movecalc.h"

typedef struct Position {
    cJSON *tree;
    McKept kept; // the world a game read from `tree`, kept between asks
    McColumns columns; // the last arrays ask's
} Position;

// The members that belong to the position; every other member of a request is the query's.
static const char *const position_keys[] = {"system", "params", "units", "terrain", "table", "board",
                                            "baselines", "markers", NULL};
// The members of a change besides `units` and `remove`: each replaces the position's.
static const char *const replaced_keys[] = {"params", "terrain", "table", "board", "baselines", "markers", NULL};
static const char *const change_keys[] = {"remove", "units", "params", "terrain", "table", "board",
                                          "baselines", "markers", NULL};

// A handle (McPosition) is the slot in its low SLOT_BITS and the slot's generation above, below
// bit 31 so that JavaScript reads it as a positive number. A slot's generation moves on at each
// open, so a closed position's handle names no later one (until 2^23 opens of one slot).
enum { SLOT_BITS = 8, GENERATIONS = 1 << 23 };
_Static_assert(MC_MAX_POSITIONS <= 1 << SLOT_BITS, "a slot fits in SLOT_BITS");

// The open positions by slot, and each slot's latest generation (0: never opened).
static Position *open_positions[MC_MAX_POSITIONS];
static uint32_t generations[MC_MAX_POSITIONS];

static uint32_t slot_in(McPosition handle) { return handle & ((1u << SLOT_BITS) - 1); }

// The open position `handle` names, or NULL.
static Position *position_of(McPosition handle) {
    uint32_t slot = slot_in(handle), generation = handle >> SLOT_BITS;
    if (slot >= MC_MAX_POSITIONS || generation == 0 || generations[slot] != generation) return NULL;
    return open_positions[slot];
}

static int is_position_key(const char *key) {
    for (int i = 0; position_keys[i]; i++)
        if (strcmp(position_keys[i], key) == 0) return 1;
    return 0;
}

static cJSON *ok_root(McRequest *rq) {
    cJSON *root = cJSON_CreateObject();
    if (!root || !cJSON_AddTrueToObject(root, "ok")) {
        mc_read_oom(rq);
        return NULL;
    }
    return root;
}

// cJSON_Duplicate into counted memory (NULL when out of memory).
static cJSON *keep(const cJSON *item) {
    McArena *was = mc_request_use_arena(NULL);
    cJSON *copy = cJSON_Duplicate(item, 1);
    mc_request_use_arena(was);
    return copy;
}

static void drop(cJSON *item) {
    McArena *was = mc_request_use_arena(NULL);
    cJSON_Delete(item);
    mc_request_use_arena(was);
}

static cJSON *open_answer(McRequest *rq, cJSON *req, void *ctx, char ***kept) {
    (void)kept;
    McPosition *out = ctx;
    const char *system;
    if (!cJSON_IsObject(req)) {
        mc_read_fail(rq, "bad_request", "expected a JSON object: a request without its query");
        return NULL;
    }
    if (!mc_read_object(rq, req, position_keys) || !mc_read_string(rq, req, "system", 1, &system)) return NULL;
    int slot = -1;
    for (int i = 0; i < MC_MAX_POSITIONS && slot < 0; i++)
        if (!open_positions[i]) slot = i;
    if (slot < 0) {
        mc_read_fail(rq, "limit", "more positions open than the limit MC_MAX_POSITIONS (%d)", MC_MAX_POSITIONS);
        return NULL;
    }
    cJSON *root = ok_root(rq);
    if (!root) return NULL;
    Position *pos = mc_mem_alloc(sizeof *pos);
    if (pos) memset(pos, 0, sizeof *pos);
    if (!pos || !(pos->tree = keep(req))) {
        mc_mem_free(pos);
        mc_read_oom(rq);
        return NULL;
    }
    open_positions[slot] = pos;
    generations[slot] = generations[slot] % (GENERATIONS - 1) + 1;
    *out = generations[slot] << SLOT_BITS | (uint32_t)slot;
    return root;
}

McPosition mc_position_open(const char *json, char **response) {
    McPosition pos = 0;
    char *text = mc_request_run(json, open_answer, &pos);
    // The position is opened before the answer is printed, which can still run out of memory.
    if (pos && (!text || strncmp(text, "{\"ok\":true", 10) != 0)) {
        mc_position_close(pos);
        pos = 0;
    }
    if (response)
        *response = text;
    else
        mc_free(text);
    return pos;
}

void mc_position_close(McPosition handle) {
    Position *pos = position_of(handle);
    if (!pos) return;
    open_positions[slot_in(handle)] = NULL;
    mc_kept_drop(&pos->kept);
    mc_mem_free(pos->columns.ints);
    mc_mem_free(pos->columns.poses);
    drop(pos->tree);
    mc_mem_free(pos);
}

// The open position `*handle` names; NULL after recording the error.
static Position *check_open(McRequest *rq, const McPosition *handle) {
    Position *pos = position_of(*handle);
    if (!pos) mc_read_fail(rq, "bad_request", "not an open position (closed, or never opened)");
    return pos;
}

static const char *id_of(const cJSON *unit) {
    const cJSON *id = mc_read_get(unit, "id");
    return cJSON_IsString(id) ? id->valuestring : NULL;
}

// The unit of the position's `units` whose id is `id` and that is not among the first `n_removed`
// of `removed`, or NULL.
static cJSON *find_unit(const cJSON *units, const char *id, cJSON *const *removed, int n_removed) {
    for (cJSON *u = units ? units->child : NULL; u; u = u->next) {
        const char *uid = id_of(u);
        if (!uid || strcmp(uid, id) != 0) continue;
        int gone = 0;
        for (int k = 0; k < n_removed && !gone; k++) gone = removed[k] == u;
        if (!gone) return u;
    }
    return NULL;
}

// Puts `value` (whose key cJSON_Duplicate copied) in `obj` in place of the member of the same key,
// or last. Allocates nothing.
static void put_member(cJSON *obj, cJSON *value) {
    cJSON *old = cJSON_GetObjectItemCaseSensitive(obj, value->string);
    if (old)
        cJSON_ReplaceItemViaPointer(obj, old, value);
    else
        cJSON_AddItemToArray(obj, value);
}

// Lays `fields` (an object in counted memory, emptied) over `unit`: each replaces the member of
// its key or comes last, a null takes the member away. Allocates nothing, so a change can be
// made ready first and then laid over the position's own unit in place: copying the whole unit
// was most of a drag frame's update.
static void lay_over(cJSON *unit, cJSON *fields) {
    while (fields->child) {
        cJSON *f = cJSON_DetachItemViaPointer(fields, fields->child);
        if (cJSON_IsNull(f)) {
            cJSON_DeleteItemFromObjectCaseSensitive(unit, f->string);
            cJSON_Delete(f);
        } else {
            put_member(unit, f);
        }
    }
}

// One unit of a change: the position's unit it changes in place (NULL for a new one), and the
// change's fields to lay over it, or the new unit as given.
typedef struct Staged {
    const char *id;
    cJSON *old, *value;
} Staged;

// A change read and checked (update_answer), before anything is made or changed.
typedef struct Change {
    cJSON *units; // the position's, or NULL
    const cJSON *remove, *changed;
    int n_remove, n_changed, added;
    cJSON **removed; // the units `remove` names, in its order
    Staged *staged;  // one for each of `changed`
} Change;

// Finds each unit `remove` names (change->removed); 0 after recording the error.
static int read_removals(McRequest *rq, Change *change) {
    MC_EACH(rq, change->remove, "remove", it) {
        int i = it.index;
        const char *id;
        if (!mc_read_string_value(rq, it.item, &id)) return 0;
        if (!(change->removed[i] = find_unit(change->units, id, change->removed, i)))
            return mc_read_fail(rq, "unknown_unit", "the position has no unit \"%s\"", id);
    }
    return 1;
}

// Reads each unit of `units` (change->staged): its id, given once, and the position's unit of that id
// that is not removed, if any (change->added counts the others); 0 after recording the error.
static int read_unit_changes(McRequest *rq, Change *change) {
    MC_EACH(rq, change->changed, "units", it) {
        const cJSON *e = it.item;
        int i = it.index;
        Staged *s = &change->staged[i];
        if (!cJSON_IsObject(e)) return mc_read_fail(rq, "bad_request", "expected an object with the unit's \"id\"");
        if (!mc_read_string(rq, e, "id", 1, &s->id)) return 0;
        for (int k = 0; k < i; k++)
            if (strcmp(change->staged[k].id, s->id) == 0)
                return mc_read_fail_key(rq, "id", "bad_request", "unit \"%s\" is changed twice", s->id);
        s->old = find_unit(change->units, s->id, change->removed, change->n_remove);
        change->added += !s->old;
    }
    return 1;
}

// Makes, in counted memory, everything the change puts in the position: each unit's value
// (change->staged), and the members it replaces, in `holder` (with a new `units` array when the
// position had none and units are added; *target the array new units go in). 0 when memory ran
// out, and then nothing made is left.
static int make_new(const cJSON *req, Change *change, cJSON *holder, cJSON **target) {
    int ok = 1;
    for (int i = 0; i < change->n_changed && ok; i++) {
        // A new unit is kept as given, nulls included, so that it is read as the same unit in a
        // full request is (a null where a value belongs is refused); only a change's null takes
        // a field of a unit held away.
        ok = (change->staged[i].value = cJSON_Duplicate(cJSON_GetArrayItem(change->changed, i), 1)) != NULL;
    }
    for (int k = 0; replaced_keys[k] && ok; k++) {
        const cJSON *v = mc_read_get(req, replaced_keys[k]);
        cJSON *copy = v ? cJSON_Duplicate(v, 1) : NULL;
        if (v && !copy) ok = 0;
        if (copy) cJSON_AddItemToArray(holder, copy);
    }
    *target = change->units;
    if (ok && !change->units && change->added) {
        *target = cJSON_CreateArray();
        ok = *target && cJSON_AddItemToObject(holder, "units", *target);
        if (*target && !ok) cJSON_Delete(*target);
    }
    if (!ok)
        for (int i = 0; i < change->n_changed; i++) cJSON_Delete(change->staged[i].value);
    return ok;
}

// Changes the position as `change` and `holder` (emptied) say. Allocates nothing.
static void apply(Position *pos, Change *change, cJSON *holder, cJSON *target) {
    // A kept world survives units replaced in place (a drag's frames): those are marked for the
    // game to read again. Anything else changes indices or what the units stand on.
    if (change->n_remove || change->added || holder->child) {
        mc_kept_drop(&pos->kept);
    } else {
        for (int i = 0; i < change->n_changed; i++) {
            int at = 0;
            for (const cJSON *unit = change->units->child; unit != change->staged[i].old; unit = unit->next) at++;
            pos->kept.changed[at] = 1;
        }
        pos->kept.any_changed |= change->n_changed > 0;
    }
    for (int i = 0; i < change->n_remove; i++) cJSON_Delete(cJSON_DetachItemViaPointer(change->units, change->removed[i]));
    for (int i = 0; i < change->n_changed; i++) {
        if (change->staged[i].old) {
            lay_over(change->staged[i].old, change->staged[i].value);
            cJSON_Delete(change->staged[i].value);
        } else {
            cJSON_AddItemToArray(target, change->staged[i].value);
        }
    }
    while (holder->child) {
        cJSON *v = cJSON_DetachItemViaPointer(holder, holder->child);
        if (cJSON_IsNull(v)) {
            cJSON_DeleteItemFromObjectCaseSensitive(pos->tree, v->string);
            cJSON_Delete(v);
        } else {
            put_member(pos->tree, v);
        }
    }
}

static cJSON *update_answer(McRequest *rq, cJSON *req, void *ctx, char ***kept) {
    (void)kept;
    Position *pos = check_open(rq, ctx);
    if (!pos) return NULL;
    if (!cJSON_IsObject(req)) {
        mc_read_fail(rq, "bad_request", "expected a JSON object of changes");
        return NULL;
    }
    Change change = {0};
    if (!mc_read_object(rq, req, change_keys) ||
        !mc_read_array(rq, req, "remove", 0, MC_MAX_UNITS, "MC_MAX_UNITS", &change.remove, &change.n_remove) ||
        !mc_read_array(rq, req, "units", 0, MC_MAX_UNITS, "MC_MAX_UNITS", &change.changed, &change.n_changed))
        return NULL;
    change.units = cJSON_GetObjectItemCaseSensitive(pos->tree, "units");
    if (change.units && !cJSON_IsArray(change.units) && (change.n_remove || change.n_changed)) {
        mc_read_fail_key(rq, "units", "bad_request", "the position's units are not an array");
        return NULL;
    }
    change.removed = MC_NEW(rq->env.arena, cJSON *, change.n_remove + 1);
    change.staged = MC_NEW(rq->env.arena, Staged, change.n_changed + 1);
    cJSON *root = ok_root(rq);
    if (!change.removed || !change.staged || !root) {
        mc_read_oom(rq);
        return NULL;
    }
    // Everything is checked, then everything new is made, and only then is the position changed:
    // an error or a lack of memory leaves it as it was.
    if (!read_removals(rq, &change) || !read_unit_changes(rq, &change)) return NULL;
    if ((change.units ? cJSON_GetArraySize(change.units) : 0) - change.n_remove + change.added > MC_MAX_UNITS) {
        mc_read_fail_key(rq, "units", "limit", "more units than the limit MC_MAX_UNITS (%d)", MC_MAX_UNITS);
        return NULL;
    }
    McArena *was = mc_request_use_arena(NULL);
    cJSON *holder = cJSON_CreateObject(); // the new members of the position, keys included
    cJSON *target;
    int ok = holder && make_new(req, &change, holder, &target);
    if (ok) apply(pos, &change, holder, target);
    cJSON_Delete(holder);
    mc_request_use_arena(was);
    if (!ok) {
        mc_read_oom(rq);
        return NULL;
    }
    return root;
}

char *mc_position_update(McPosition handle, const char *changes_json) {
    Position *pos = position_of(handle);
    if (pos) pos->columns.rows = pos->columns.pose_rows = 0;
    return mc_request_run(changes_json, update_answer, &handle);
}

static cJSON *ask_with(McRequest *rq, cJSON *req, const McPosition *handle, int arrays, char ***kept) {
    Position *pos = check_open(rq, handle);
    if (!pos) return NULL;
    if (!cJSON_IsObject(req)) {
        mc_read_fail(rq, "bad_request", "expected a JSON object with \"query\"");
        return NULL;
    }
    for (const cJSON *m = req->child; m; m = m->next)
        if (is_position_key(m->string)) {
            mc_read_fail_key(rq, m->string, "bad_request", "\"%s\" belongs to the position: change it with an update",
                             m->string);
            return NULL;
        }
    // The position always holds `system`, so its member list is never empty.
    cJSON *first = pos->tree->child, *last = first->prev;
    if (req->child) {
        last->next = req->child;
        first->prev = req->child->prev;
        req->child->prev = last;
    }
    rq->kept = &pos->kept;
    pos->columns.rows = pos->columns.pose_rows = pos->columns.filled = 0;
    if (arrays) rq->columns = &pos->columns;
    cJSON *root = mc_request_answer(rq, pos->tree, kept);
    rq->kept = NULL;
    rq->columns = NULL;
    if (!root) pos->columns.rows = pos->columns.pose_rows = 0;
    if (req->child) {
        req->child->prev = first->prev;
        first->prev = last;
        last->next = NULL;
    }
    return root;
}

static cJSON *ask_answer(McRequest *rq, cJSON *req, void *ctx, char ***kept) {
    return ask_with(rq, req, ctx, 0, kept);
}

static cJSON *ask_arrays_answer(McRequest *rq, cJSON *req, void *ctx, char ***kept) {
    return ask_with(rq, req, ctx, 1, kept);
}

char *mc_position_ask(McPosition handle, const char *query_json) {
    return mc_request_run(query_json, ask_answer, &handle);
}

char *mc_position_ask_arrays(McPosition handle, const char *query_json) {
    return mc_request_run(query_json, ask_arrays_answer, &handle);
}

const void *mc_position_column(McPosition handle, int column) {
    const Position *pos = position_of(handle);
    if (!pos) return NULL;
    const McColumns *columns = &pos->columns;
    if (column >= MC_COLUMN_Q && column <= MC_COLUMN_FLAGS) return columns->rows ? columns->ints + (size_t)column * (size_t)columns->rows : NULL;
    if (column == MC_COLUMN_POSES) return columns->pose_rows ? columns->poses : NULL;
    return NULL;
}

int mc_position_rows(McPosition handle, int column) {
    if (!mc_position_column(handle, column)) return 0;
    const Position *pos = position_of(handle);
    return column == MC_COLUMN_POSES ? pos->columns.pose_rows : pos->columns.rows;
}

// Grows `*buf` (counted memory, `*capacity` elements of `size` bytes) to at least `need`.
static int grow(void **buf, size_t *capacity, size_t need, size_t size) {
    if (need <= *capacity) return 1;
    void *bigger = mc_mem_alloc(need * size);
    if (!bigger) return 0;
    mc_mem_free(*buf);
    *buf = bigger;
    *capacity = need;
    return 1;
}

// Room for `rows` rows of `per_row` values in `*buf`, noted as this ask's columns; NULL (recorded
// as out_of_memory) when memory ran out.
static void *fill(McRequest *rq, void **buf, size_t *capacity, size_t per_row, size_t size, int rows, int *rows_out) {
    if (!grow(buf, capacity, per_row * (size_t)(rows > 0 ? rows : 1), size)) {
        mc_read_oom(rq);
        return NULL;
    }
    *rows_out = rows;
    rq->columns->filled = 1;
    return *buf;
}

int32_t *mc_columns_hex(McRequest *rq, int rows) {
    McColumns *columns = rq->columns;
    return fill(rq, (void **)&columns->ints, &columns->int_capacity, 5, sizeof *columns->ints, rows, &columns->rows);
}

double *mc_columns_poses(McRequest *rq, int rows) {
    McColumns *columns = rq->columns;
    return fill(rq, (void **)&columns->poses, &columns->pose_capacity, 3, sizeof *columns->poses, rows, &columns->pose_rows);
}

void mc_kept_drop(McKept *kept) {
    mc_arena_release(&kept->arena);
    kept->owner = NULL;
    kept->world = NULL;
    if (kept->any_changed) memset(kept->changed, 0, sizeof kept->changed);
    kept->any_changed = 0;
}

// Reads again, with the reader's `unit`, each unit an update replaced in place (by index), then
// what depends on them all (`after`), and clears the marks. 0 when one gave up: its error is
// forgotten, and the world is to be read anew, which gives the request's own answer or error.
static int refresh(McRequest *rq, const cJSON *req, void *world, const McKeptReader *reader) {
    McKept *kept = rq->kept;
    if (!kept->any_changed) return 1;
    int saved = rq->path_len, i = 0;
    for (const cJSON *e = mc_read_get(req, "units")->child; e; e = e->next, i++) {
        if (kept->changed[i] && !reader->unit(rq, e, i, world)) {
            memset(&rq->err, 0, sizeof rq->err);
            mc_read_pop(rq, saved);
            return 0;
        }
        kept->changed[i] = 0;
    }
    kept->any_changed = 0;
    return !reader->after || reader->after(rq, world);
}

void *mc_kept_read(McRequest *rq, const cJSON *req, const McKeptReader *reader) {
    McKept *kept = rq->kept;
    uint64_t since = mc_work_spent;
    if (kept && kept->owner == reader && refresh(rq, req, kept->world, reader)) {
        // What the reuse spent is replaced by what the whole read spent: exact while a read's
        // charge depends on no unit's fields (counts only: a broad phase over the parts), and a
        // refresh that gives up has charged nothing.
        mc_work_spent = since + kept->work;
        return kept->world;
    }
    // Read anew, into the position's own arena when it keeps what it reads.
    McArena *was = rq->env.arena;
    if (kept) {
        mc_kept_drop(kept);
        rq->env.arena = &kept->arena;
    }
    void *world = mc_arena_array(rq->env.arena, 1, reader->size);
    int ok = world && reader->read(rq, req, world);
    if (!world) mc_read_oom(rq);
    if (!kept) return ok ? world : NULL;
    rq->env.arena = was;
    // A lack of memory in the kept arena is the request's too, as if it had been its own arena.
    if (kept->arena.failed) was->failed = 1;
    if (!ok || kept->arena.failed) {
        if (ok) mc_read_oom(rq);
        mc_kept_drop(kept);
        return NULL;
    }
    kept->owner = reader;
    kept->world = world;
    kept->work = mc_work_spent - since;
    return world;
}
