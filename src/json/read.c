#include "json/read.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "core/fmt.h"
#include "core/limits.h"

static void set_error(McRequest *rq, const char *code, const char *path, const char *fmt, va_list ap) {
    if (rq->err.code) return;
    rq->err.code = code;
    mc_snfmt(rq->err.path, sizeof rq->err.path, "%s", path);
    mc_vsnfmt(rq->err.message, sizeof rq->err.message, fmt, ap);
}

int mc_read_fail(McRequest *rq, const char *code, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_error(rq, code, rq->path, fmt, ap);
    va_end(ap);
    return 0;
}

int mc_read_fail_key(McRequest *rq, const char *key, const char *code, const char *fmt, ...) {
    int saved = mc_read_push_key(rq, key);
    va_list ap;
    va_start(ap, fmt);
    set_error(rq, code, rq->path, fmt, ap);
    va_end(ap);
    mc_read_pop(rq, saved);
    return 0;
}

// The path is extended for every value read, so this is plain copying, not snprintf (which was a
// fifth of the time of reading a large table, docs/performance.md).
static int push_text(McRequest *rq, const char *text) {
    int saved = rq->path_len;
    // A path longer than the buffer is cut, never overrun: the nesting limit keeps real paths short.
    size_t room = sizeof rq->path - (size_t)rq->path_len;
    size_t n = 0;
    while (text[n] && n + 1 < room) {
        rq->path[rq->path_len + (int)n] = text[n];
        n++;
    }
    // A cut inside a UTF-8 sequence would put invalid UTF-8 in the answer: cut before it.
    if (text[n])
        while (n > 0 && ((unsigned char)text[n] & 0xC0) == 0x80) n--;
    rq->path_len += (int)n;
    rq->path[rq->path_len] = '\0';
    return saved;
}

int mc_read_push_key(McRequest *rq, const char *key) {
    int saved = rq->path_len;
    if (rq->path_len) push_text(rq, ".");
    push_text(rq, key);
    return saved;
}

int mc_read_oom(McRequest *rq) { return mc_read_fail(rq, "out_of_memory", "out of memory"); }

McEach mc_each_begin(McRequest *rq, const cJSON *arr, const char *key) {
    McEach it = {NULL, arr ? arr->child : NULL, -1, 0, 0};
    it.outer = mc_read_push_key(rq, key);
    it.inner = rq->path_len;
    return it;
}

int mc_each_next(McRequest *rq, McEach *it) {
    mc_read_pop(rq, it->inner);
    it->item = it->next;
    if (!it->item) {
        mc_read_pop(rq, it->outer);
        return 0;
    }
    it->next = it->item->next;
    mc_read_push_index(rq, ++it->index);
    return 1;
}

int mc_read_push_index(McRequest *rq, int index) {
    char buf[24], *p = buf + sizeof buf;
    unsigned u = index < 0 ? 0u - (unsigned)index : (unsigned)index;
    *--p = '\0';
    *--p = ']';
    do {
        *--p = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (index < 0) *--p = '-';
    *--p = '[';
    return push_text(rq, p);
}

// Every field read looks its key up here: the first byte is compared before strcmp (cJSON's
// lookup runs strcmp on every member before it; 6 % of reading a 500-unit table).
const cJSON *mc_read_get(const cJSON *obj, const char *key) {
    if (!cJSON_IsObject(obj)) return NULL;
    for (const cJSON *m = obj->child; m; m = m->next)
        if (m->string && m->string[0] == key[0] && strcmp(m->string, key) == 0) return m;
    return NULL;
}

static const char *type_name(const cJSON *v) {
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    return "an unknown value";
}

int mc_read_object(McRequest *rq, const cJSON *v, const char *const *allowed) {
    if (!cJSON_IsObject(v)) return mc_read_fail(rq, "bad_request", "expected an object, found %s", type_name(v));
    // Every member of every object read goes through here: the first byte is compared before
    // strcmp, and the search stops at the first match (docs/performance.md). A name given twice
    // never gets here: mc_request refuses it as soon as the text is read.
    for (const cJSON *m = v->child; m; m = m->next) {
        const char *key = m->string;
        int known = 0;
        for (int i = 0; allowed && allowed[i] && !known; i++) known = allowed[i][0] == key[0] && strcmp(key, allowed[i]) == 0;
        if (!known) return mc_read_fail_key(rq, m->string, "bad_request", "unknown field \"%s\"", m->string);
    }
    return 1;
}

// Looks up `key`, reporting a missing required field; *v is NULL when absent.
static int fetch(McRequest *rq, const cJSON *obj, const char *key, int required, const cJSON **v) {
    *v = mc_read_get(obj, key);
    if (!*v && required) return mc_read_fail_key(rq, key, "bad_request", "missing required field \"%s\"", key);
    return 1;
}

int mc_read_number(McRequest *rq, const cJSON *obj, const char *key, int required, double min,
                 double max, double *out) {
    const cJSON *v;
    if (!fetch(rq, obj, key, required, &v)) return 0;
    if (!v) return 1;
    if (!cJSON_IsNumber(v)) return mc_read_fail_key(rq, key, "bad_request", "expected a number, found %s", type_name(v));
    double x = v->valuedouble;
    if (!isfinite(x)) return mc_read_fail_key(rq, key, "bad_request", "expected a finite number");
    if (x < min || x > max)
        return mc_read_fail_key(rq, key, "bad_request", "expected a number from %g to %g, found %g", min, max, x);
    *out = x;
    return 1;
}

// mc_read_number leaves x as NaN when the key is absent (a number read is finite): one lookup of
// the key, where there were two.
int mc_read_int(McRequest *rq, const cJSON *obj, const char *key, int required, int min, int max, int *out) {
    double x = NAN;
    if (!mc_read_number(rq, obj, key, required, min, max, &x)) return 0;
    if (isnan(x)) return 1;
    if (x != floor(x)) return mc_read_fail_key(rq, key, "bad_request", "expected a whole number, found %g", x);
    *out = (int)x;
    return 1;
}

int mc_read_bool(McRequest *rq, const cJSON *obj, const char *key, int required, int *out) {
    const cJSON *v;
    if (!fetch(rq, obj, key, required, &v)) return 0;
    if (!v) return 1;
    if (!cJSON_IsBool(v)) return mc_read_fail_key(rq, key, "bad_request", "expected true or false, found %s", type_name(v));
    *out = cJSON_IsTrue(v);
    return 1;
}

int mc_read_string_value(McRequest *rq, const cJSON *v, const char **out) {
    if (!cJSON_IsString(v)) return mc_read_fail(rq, "bad_request", "expected a string, found %s", type_name(v));
    // Counted inline up to one past the limit (strlen is a call); a longer string is measured
    // in full for the message.
    const char *s = v->valuestring;
    size_t n = 0;
    while (n <= MC_MAX_STRING_BYTES && s[n]) n++;
    if (n == 0) return mc_read_fail(rq, "bad_request", "expected a non-empty string");
    if (n > MC_MAX_STRING_BYTES)
        return mc_read_fail(rq, "limit", "string of %zu bytes; the limit MC_MAX_STRING_BYTES is %d", strlen(s),
                          MC_MAX_STRING_BYTES);
    // cJSON's string lives in the request's arena as long as anything read from it (mc_request):
    // no copy.
    *out = v->valuestring;
    return 1;
}

int mc_read_string(McRequest *rq, const cJSON *obj, const char *key, int required, const char **out) {
    const cJSON *v;
    if (!fetch(rq, obj, key, required, &v)) return 0;
    if (!v) return 1;
    int saved = mc_read_push_key(rq, key);
    int ok = mc_read_string_value(rq, v, out);
    mc_read_pop(rq, saved);
    return ok;
}

int mc_read_enum(McRequest *rq, const cJSON *obj, const char *key, int required,
               const char *const *names, int *out) {
    const cJSON *v;
    if (!fetch(rq, obj, key, required, &v)) return 0;
    if (!v) return 1;
    if (cJSON_IsString(v))
        for (int i = 0; names[i]; i++)
            if (strcmp(v->valuestring, names[i]) == 0) {
                *out = i;
                return 1;
            }
    char list[200] = "";
    size_t len = 0;
    for (int i = 0; names[i] && len < sizeof list; i++)
        len += (size_t)mc_snfmt(list + len, sizeof list - len, "%s\"%s\"", i ? ", " : "", names[i]);
    return mc_read_fail_key(rq, key, "bad_request", "expected one of %s", list);
}

int mc_read_array(McRequest *rq, const cJSON *obj, const char *key, int required, int limit,
                const char *limit_name, const cJSON **arr, int *count) {
    const cJSON *v;
    *arr = NULL;
    *count = 0;
    if (!fetch(rq, obj, key, required, &v)) return 0;
    if (!v) return 1;
    if (!cJSON_IsArray(v)) return mc_read_fail_key(rq, key, "bad_request", "expected an array, found %s", type_name(v));
    int n = 0;
    for (const cJSON *e = v->child; e; e = e->next) n++;
    if (n > limit)
        return mc_read_fail_key(rq, key, "limit", "%d items; the limit %s is %d", n, limit_name, limit);
    *arr = v;
    *count = n;
    return 1;
}

int mc_read_coord(McRequest *rq, const cJSON *obj, const char *key, int required, double *out) {
    return mc_read_number(rq, obj, key, required, -MC_MAX_COORD, MC_MAX_COORD, out);
}

int mc_read_length(McRequest *rq, const cJSON *obj, const char *key, int required, double *out) {
    double x = NAN; // as in mc_read_int
    if (!mc_read_number(rq, obj, key, required, -MC_MAX_COORD, MC_MAX_COORD, &x)) return 0;
    if (isnan(x)) return 1;
    if (!(x > 0))
        return mc_read_fail_key(rq, key, "bad_request", "expected a length greater than 0, found %g", x);
    *out = x;
    return 1;
}

// FNV-1a: simple, and deterministic on every target.
static unsigned hash(const char *s) {
    unsigned h = 2166136261u;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

int mc_ids_init(McRequest *rq, McIdMap *map, int max) {
    int cap = 16;
    while (cap < 2 * max) cap *= 2;
    map->ids = MC_NEW(rq->env.arena, const char *, max > 0 ? max : 1);
    map->slots = MC_NEW(rq->env.arena, int, cap);
    map->count = 0;
    map->capacity = cap;
    if (!map->ids || !map->slots) return mc_read_oom(rq);
    return 1;
}

static int *slot_of(const McIdMap *map, const char *id) {
    unsigned mask = (unsigned)map->capacity - 1;
    for (unsigned i = hash(id) & mask;; i = (i + 1) & mask) {
        int *slot = &map->slots[i];
        if (*slot == 0 || strcmp(map->ids[*slot - 1], id) == 0) return slot;
    }
}

int mc_ids_add(McRequest *rq, McIdMap *map, const char *id) {
    int *slot = slot_of(map, id);
    if (*slot) return mc_read_fail(rq, "bad_request", "duplicate id \"%s\"", id);
    map->ids[map->count] = id;
    *slot = ++map->count;
    return 1;
}

int mc_ids_own(McRequest *rq, McIdMap *map) {
    for (int i = 0; i < map->count; i++) {
        const char *id = mc_arena_dup(rq->env.arena, map->ids[i], strlen(map->ids[i]) + 1, 1);
        if (!id) return mc_read_oom(rq);
        map->ids[i] = id;
    }
    return 1;
}

int mc_ids_find(const McIdMap *map, const char *id) {
    if (!map->capacity) return -1;
    return *slot_of(map, id) - 1;
}

int mc_read_ref(McRequest *rq, const McIdMap *map, const cJSON *obj, const char *key, int required,
              int *out) {
    const char *id = NULL;
    if (!mc_read_string(rq, obj, key, required, &id)) return 0;
    if (!id) return 1;
    int index = mc_ids_find(map, id);
    if (index < 0) return mc_read_fail_key(rq, key, "unknown_unit", "no unit or object has the id \"%s\"", id);
    *out = index;
    return 1;
}
