// mc_request: the envelope of docs/api.md. Checks size, encoding and nesting before parsing,
// reads system, query and params, dispatches, and wraps the result or the error.
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/assumptions.h"
#include "core/fmt.h"
#include "core/limits.h"
#include "core/work.h"
#include "json/dispatch.h"
#include "json/write.h"
#include "json/print.h"
#include "json/position.h"
#include "movecalc.h"


// The games of src/systems.def. A WebAssembly module for one game (CMake's movecalc-<id> targets)
// is built with MC_ONLY_SYSTEM set to its number (systems.h). The other games stay listed, with
// their assumptions' ids, but no queries, so that a request for one of them is told it is not
// loaded (system_not_loaded); their code is never referenced, so the linker leaves it out (README
// "Performance").
static const McSystem systems[] = {
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) \
    {id, name, board, unit, clause, MC_HOLDS_SYSTEM(number) ? mc_##prefix##_queries : NULL, &mc_##prefix##_assumptions, \
     MC_HOLDS_SYSTEM(number) ? mc_##prefix##_terrain_kind : NULL},
#include "systems.def"
#undef MC_SYSTEM
};
enum { SYSTEM_COUNT = sizeof systems / sizeof systems[0] };

// describe's list of limits: every one of core/limits.def, in its order.
static const struct {
    const char *name;
    double value;
} limits[] = {
#define MC_LIMIT(name, value, why) {#name, name},
#include "core/limits.def"
#undef MC_LIMIT
};

// cJSON allocates through the counting allocator so that mc_bytes_in_use sees everything. The
// hooks are set before main: a program that also uses cJSON itself then never frees one
// allocator's block with the other. While mc_request runs, cJSON's nodes and strings (the
// request's tree and the response's) come from the request's arena instead and are never freed
// one by one: the whole arena goes at the end of the request. One malloc and one free per node
// had been a third of the time of a large answer (docs/performance.md).
static McArena *cjson_arena;

static void *cjson_alloc(size_t size) {
    return cjson_arena ? mc_arena_bump(cjson_arena, size) : mc_mem_alloc(size);
}

static void cjson_free(void *ptr) {
    if (!cjson_arena) mc_mem_free(ptr);
}

__attribute__((constructor)) static void install_hooks(void) {
    cJSON_Hooks hooks = {cjson_alloc, cjson_free};
    cJSON_InitHooks(&hooks);
}

// Returns the offset of the first byte that is not valid UTF-8 (RFC 3629: no overlong forms, no
// surrogates, nothing above U+10FFFF), or -1. *backslash says whether the text holds a '\\' (only
// then can a string hold a \u0000 escape, see parse_text).
static long invalid_utf8(const unsigned char *s, size_t n, int *backslash) {
    size_t i = 0;
    *backslash = 0;
    while (i < n) {
        unsigned c = s[i];
        size_t len;
        unsigned min;
        if (c < 0x80) {
            // Eight ASCII bytes at a time (requests are nearly all ASCII). Until a backslash is
            // seen, a word holding one (a zero byte in w XOR eight backslashes) goes byte by byte.
            uint64_t w;
            if (*backslash) {
                while (n - i >= 8 && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ull) == 0)) i += 8;
            } else {
                while (n - i >= 8 && (memcpy(&w, s + i, 8), (w & 0x8080808080808080ull) == 0)) {
                    uint64_t x = w ^ 0x5C5C5C5C5C5C5C5Cull;
                    if ((x - 0x0101010101010101ull) & ~x & 0x8080808080808080ull) break;
                    i += 8;
                }
            }
            if (i < n && s[i] < 0x80) {
                if (s[i] == '\\') *backslash = 1;
                i++;
            }
            continue;
        }
        if (c >= 0xC2 && c <= 0xDF) { len = 2; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { len = 3; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { len = 4; min = 0x10000; }
        else return (long)i;
        if (n - i < len) return (long)i;
        unsigned cp = c & (0xFF >> (len + 1));
        for (size_t k = 1; k < len; k++) {
            if ((s[i + k] & 0xC0) != 0x80) return (long)i;
            cp = (cp << 6) | (s[i + k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return (long)i;
        i += len;
    }
    return -1;
}

// One pass over the text (it was two, docs/performance.md): the offset of the first \u0000
// escape inside a string, or -1, and whether arrays and objects outside strings nest deeper than
// MC_MAX_JSON_DEPTH. cJSON keeps strings NUL-terminated, so such an escape would silently cut the
// string there ("describe\u0000junk" would read as "describe").
// The bytes the scan stops at (quotes, backslashes, brackets, braces and the final NUL); every
// other byte is skipped by a table lookup (this scan was a tenth of reading a 110 KB table).
static const unsigned char stop_byte[256] = {
    [0] = 1, ['"'] = 1, ['\\'] = 1, ['['] = 1, [']'] = 1, ['{'] = 1, ['}'] = 1,
};

static void scan_text(const char *s, long *nul, int *deep) {
    int depth = 0, in_string = 0;
    *nul = -1;
    *deep = 0;
    for (const char *p = s;; p++) {
        while (!stop_byte[(unsigned char)*p]) p++;
        if (!*p) break;
        if (in_string) {
            if (*p == '"') {
                in_string = 0;
            } else if (*p == '\\' && p[1]) {
                if (*nul < 0 && strncmp(p + 1, "u0000", 5) == 0) *nul = (long)(p - s);
                p++;
            }
        } else if (*p == '"') {
            in_string = 1;
        } else if (*p == '[' || *p == '{') {
            if (++depth > MC_MAX_JSON_DEPTH) *deep = 1;
        } else if (*p == ']' || *p == '}') {
            depth--;
        }
    }
}

// Writes into rq->path the JSON path of the first array or object that scan_text found nested
// deeper than MC_MAX_JSON_DEPTH: keys as written in the text (escapes as they are), indices counted
// by commas. Runs for that error only; the text need not be valid JSON. Depth is counted as
// scan_text counts it (a stray closing bracket takes one off), so both find the same container.
static void path_of_too_deep(McRequest *rq, const char *s) {
    struct {
        char kind;
        int index, saved;
    } frames[MC_MAX_JSON_DEPTH];
    int depth = 0;
    const char *last = NULL, *key = NULL; // the last string, and the last one followed by ':'
    size_t last_len = 0, key_len = 0;
    for (const char *p = s; *p; p++) {
        if (*p == '"') {
            const char *start = ++p;
            while (*p && *p != '"') p += (*p == '\\' && p[1]) ? 2 : 1;
            last = start;
            last_len = (size_t)(p - start);
            if (!*p) return;
        } else if (*p == ':') {
            key = last;
            key_len = last_len;
        } else if (*p == ',') {
            if (depth > 0 && frames[depth - 1].kind == '[') frames[depth - 1].index++;
        } else if (*p == '[' || *p == '{') {
            int saved = rq->path_len;
            if (depth > 0 && frames[depth - 1].kind == '[') {
                mc_read_push_index(rq, frames[depth - 1].index);
            } else if (depth > 0 && key) {
                char name[MC_PATH_BYTES];
                size_t n = key_len < sizeof name - 1 ? key_len : sizeof name - 1;
                // Cut a long key before a UTF-8 sequence, not inside it.
                while (n < key_len && n > 0 && ((unsigned char)key[n] & 0xC0) == 0x80) n--;
                memcpy(name, key, n);
                name[n] = '\0';
                mc_read_push_key(rq, name);
            }
            if (depth == MC_MAX_JSON_DEPTH) return;
            if (depth >= 0) {
                frames[depth].kind = *p;
                frames[depth].index = 0;
                frames[depth].saved = saved;
            }
            depth++;
            key = NULL;
        } else if (*p == ']' || *p == '}') {
            if (depth > 0) mc_read_pop(rq, frames[depth - 1].saved);
            depth--;
        }
    }
}

// RFC 8259 allows only space, tab, LF and CR between tokens and no unescaped byte below 0x20 in a
// string; cJSON skips every byte up to 0x20 as whitespace, keeps control bytes in strings and
// skips a leading byte order mark. Returns the offset of the first such byte in a text cJSON has
// read (so quotes and escapes pair up), or -1, with *what saying which rule it breaks.
static const unsigned char control_stop[256] = {
    [0x00] = 1, [0x01] = 1, [0x02] = 1, [0x03] = 1, [0x04] = 1, [0x05] = 1, [0x06] = 1, [0x07] = 1,
    [0x08] = 1, [0x09] = 1, [0x0A] = 1, [0x0B] = 1, [0x0C] = 1, [0x0D] = 1, [0x0E] = 1, [0x0F] = 1,
    [0x10] = 1, [0x11] = 1, [0x12] = 1, [0x13] = 1, [0x14] = 1, [0x15] = 1, [0x16] = 1, [0x17] = 1,
    [0x18] = 1, [0x19] = 1, [0x1A] = 1, [0x1B] = 1, [0x1C] = 1, [0x1D] = 1, [0x1E] = 1, [0x1F] = 1,
    ['"'] = 1, ['\\'] = 1,
};

static long not_json_byte(const char *s, size_t len, const char **what) {
    if (len >= 3 && memcmp(s, "\xEF\xBB\xBF", 3) == 0) {
        *what = "a byte order mark is not JSON text";
        return 0;
    }
    int in_string = 0;
    for (size_t i = 0; i < len; i++) {
        while (i < len && !control_stop[(unsigned char)s[i]]) i++;
        if (i >= len) break;
        unsigned char c = (unsigned char)s[i];
        if (c == '"') {
            in_string = !in_string;
        } else if (c == '\\') {
            i++; // only inside a string, which cJSON has checked: the escaped byte is not a quote
        } else if (in_string) {
            *what = "a control character must be escaped in a string";
            return (long)i;
        } else if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
            *what = "only space, tab, line feed and carriage return are whitespace";
            return (long)i;
        }
    }
    return -1;
}

// A member and its position in its object, sorted by name, then position.
typedef struct {
    const cJSON *member;
    size_t at;
} McNamed;

static int name_order(const McNamed *x, const McNamed *y) {
    int c = strcmp(x->member->string, y->member->string);
    return c ? c : (x->at > y->at) - (x->at < y->at);
}

// Heapsort by name_order, a total order (positions differ), so the result is the one any sort
// gives; not libc's qsort, whose 1.5 KB of code The Ninth Age's module then does without.
static void sort_named(McNamed *a, size_t n) {
    for (size_t end = n, start = n / 2; end > 1;) {
        if (start > 0) start--;
        else {
            McNamed t = a[0];
            a[0] = a[--end];
            a[end] = t;
        }
        for (size_t i = start, k; (k = 2 * i + 1) < end; i = k) {
            if (k + 1 < end && name_order(&a[k], &a[k + 1]) < 0) k++;
            if (name_order(&a[i], &a[k]) >= 0) break;
            McNamed t = a[i];
            a[i] = a[k];
            a[k] = t;
        }
    }
}

// The first member of an object (in the text's order) whose name an earlier member of the same
// object already has, searching objects depth first; NULL when names are unique everywhere. Up to
// 8 members are compared pairwise; a larger object's members are sorted by name and position
// (O(n log n), so that no request can make this quadratic), which finds the same member.
static const cJSON *repeated_key(McRequest *rq, const cJSON *v) {
    if (cJSON_IsObject(v)) {
        size_t n = 0;
        for (const cJSON *m = v->child; m; m = m->next) n++;
        if (n <= 8) {
            for (const cJSON *m = v->child; m; m = m->next)
                for (const cJSON *o = v->child; o != m; o = o->next)
                    if (o->string[0] == m->string[0] && strcmp(o->string, m->string) == 0) return m;
        } else {
            McNamed *sorted = mc_arena_bump(rq->env.arena, n * sizeof *sorted);
            if (!sorted) return NULL; // the arena's failure is answered as out_of_memory
            size_t i = 0;
            for (const cJSON *m = v->child; m; m = m->next, i++) sorted[i] = (McNamed){m, i};
            sort_named(sorted, n);
            // In each run of one name, the second entry is the first repeat of that name.
            const McNamed *first = NULL;
            for (i = 1; i < n; i++)
                if (strcmp(sorted[i].member->string, sorted[i - 1].member->string) == 0 &&
                    (i < 2 || strcmp(sorted[i - 1].member->string, sorted[i - 2].member->string) != 0) &&
                    (!first || sorted[i].at < first->at))
                    first = &sorted[i];
            if (first) return first->member;
        }
    }
    if (cJSON_IsObject(v) || cJSON_IsArray(v))
        for (const cJSON *m = v->child; m; m = m->next) {
            const cJSON *found = repeated_key(rq, m);
            if (found) return found;
        }
    return NULL;
}

// Sets rq's path to that of `target` within `v`; returns whether `target` is in `v`.
static int path_to(McRequest *rq, const cJSON *v, const cJSON *target) {
    int index = 0;
    for (const cJSON *m = v->child; m; m = m->next, index++) {
        int saved = cJSON_IsArray(v) ? mc_read_push_index(rq, index) : mc_read_push_key(rq, m->string);
        if (m == target || path_to(rq, m, target)) return 1;
        mc_read_pop(rq, saved);
    }
    return 0;
}

static char *error_response(const McError *err, size_t *length) {
    cJSON *root = cJSON_CreateObject();
    cJSON *e = cJSON_CreateObject();
    if (!root || !e) {
        cJSON_Delete(root);
        cJSON_Delete(e);
        return NULL;
    }
    cJSON_AddFalseToObject(root, "ok");
    cJSON_AddItemToObject(root, "error", e);
    cJSON_AddStringToObject(e, "code", err->code);
    cJSON_AddStringToObject(e, "path", err->path);
    cJSON_AddStringToObject(e, "message", err->message);
    // Made after the arena is released, from counted memory, so freed here.
    char *text = mc_json_print_length(root, length);
    cJSON_Delete(root);
    return text;
}

static const McSystem *find_system(const char *id) {
    for (int i = 0; i < SYSTEM_COUNT; i++)
        if (strcmp(systems[i].id, id) == 0) return &systems[i];
    return NULL;
}

static const McQuery *find_query(const McSystem *sys, const char *name) {
    for (const McQuery *q = sys->queries; q->name; q++)
        if (strcmp(q->name, name) == 0) return q;
    return NULL;
}

// "params": {"A-GG-1": {"arcWidth": 3}} overrides the defaults of this request's system.
static int read_params(McRequest *rq, const cJSON *params, const McSystem *sys) {
    if (!params) return 1;
    int saved = mc_read_push_key(rq, "params");
    if (!cJSON_IsObject(params)) return mc_read_fail(rq, "bad_request", "expected an object keyed by assumption id");
    const McAssumptionSet *set = sys->assumptions;
    for (const cJSON *a = params->child; a; a = a->next) {
        // Another game's assumption is named as such, even in a module that does not hold it.
        const McSystem *owner = NULL;
        int id = -1;
        for (int s = 0; s < SYSTEM_COUNT && id < 0; s++)
            if ((id = mc_assumption_find(systems[s].assumptions, a->string)) >= 0) owner = &systems[s];
        if (id < 0) return mc_read_fail_key(rq, a->string, "bad_request", "no assumption has the id \"%s\"", a->string);
        if (owner != sys)
            return mc_read_fail_key(rq, a->string, "bad_request", "%s belongs to %s, not %s", a->string,
                                  owner->id, sys->id);
        const char *names[MC_MAX_PARAMS + 1];
        int n = 0;
        for (int p = 0; p < set->param_count; p++)
            if (set->params[p].assumption == id) names[n++] = set->params[p].name;
        names[n] = NULL;
        int inner = mc_read_push_key(rq, a->string);
        if (!mc_read_object(rq, a, names)) return 0;
        for (int p = 0; p < set->param_count; p++) {
            const McParamInfo *info = &set->params[p];
            if (info->assumption != id) continue;
            if (info->integer) {
                int v = (int)rq->env.params.v[p];
                if (!mc_read_int(rq, a, info->name, 0, (int)info->min, (int)info->max, &v)) return 0;
                rq->env.params.v[p] = v;
            } else if (!mc_read_number(rq, a, info->name, 0, info->min, info->max, &rq->env.params.v[p])) {
                return 0;
            }
        }
        mc_read_pop(rq, inner);
    }
    mc_read_pop(rq, saved);
    return 1;
}

static bool reading_in_force(const McReadingInfo *r, const McParams *params) {
    for (int k = 0; k < r->count; k++)
        if (params->v[r->set[k].param] != r->set[k].value) return false;
    return true;
}

static void write_reading_params(McRequest *rq, cJSON *o, const McAssumptionSet *set, const McReadingInfo *r) {
    cJSON *ps = mc_write_object(rq, o, "params");
    for (int k = 0; k < r->count && ps; k++)
        mc_write_number(rq, ps, set->params[r->set[k].param].name, r->set[k].value);
}

static void describe(McRequest *rq, cJSON *result, const McSystem *only) {
    mc_write_string(rq, result, "engine", "movecalc");
    mc_write_string(rq, result, "version", MOVECALC_VERSION);
    cJSON *tol = mc_write_object(rq, result, "tolerance");
    if (tol) mc_write_number(rq, tol, "MC_LINEAR_SLOP", MC_LINEAR_SLOP);
    cJSON *sys_arr = mc_write_array(rq, result, "systems");
    for (int s = 0; s < SYSTEM_COUNT && sys_arr; s++) {
        const McSystem *sys = &systems[s];
        if ((only && only != sys) || !sys->queries) continue;
        cJSON *o = mc_write_push_object(rq, sys_arr);
        if (!o) return;
        mc_write_string(rq, o, "id", sys->id);
        mc_write_string(rq, o, "name", sys->name);
        mc_write_string(rq, o, "board", sys->board);
        mc_write_string(rq, o, "lengthUnit", sys->length_unit);
        mc_write_string(rq, o, "clausePrefix", sys->clause_prefix);
        cJSON *qs = mc_write_array(rq, o, "queries");
        for (const McQuery *q = sys->queries; q->name && qs; q++) {
            cJSON *qo = mc_write_push_object(rq, qs);
            if (!qo) return;
            mc_write_string(rq, qo, "name", q->name);
            mc_write_string(rq, qo, "summary", q->summary);
            if (q->arrays) mc_write_bool(rq, qo, "arrays", true);
        }
        cJSON *ids = mc_write_array(rq, o, "assumptions");
        for (int a = 0; a < sys->assumptions->assumption_count && ids; a++)
            mc_write_add(rq, ids, NULL, cJSON_CreateString(sys->assumptions->assumptions[a].id));
        cJSON *kinds = mc_write_array(rq, o, "terrainKinds");
        for (int k = 0; kinds && sys->terrain_kind(k); k++) mc_write_add(rq, kinds, NULL, cJSON_CreateString(sys->terrain_kind(k)));
    }
    cJSON *lim = mc_write_object(rq, result, "limits");
    for (size_t i = 0; i < sizeof limits / sizeof limits[0] && lim; i++)
        mc_write_number(rq, lim, limits[i].name, limits[i].value);
    cJSON *as = mc_write_array(rq, result, "assumptions");
    for (int s = 0; s < SYSTEM_COUNT && as; s++) {
        const McSystem *sys = &systems[s];
        if ((only && only != sys) || !sys->queries) continue;
        const McAssumptionSet *set = sys->assumptions;
        McParams defaults;
        mc_params_defaults(&defaults, set);
        for (int a = 0; a < set->assumption_count; a++) {
            cJSON *o = mc_write_push_object(rq, as);
            if (!o) return;
            mc_write_string(rq, o, "id", set->assumptions[a].id);
            mc_write_string(rq, o, "system", sys->id);
            mc_write_string(rq, o, "summary", set->assumptions[a].summary);
            cJSON *ps = mc_write_object(rq, o, "params");
            for (int p = 0; p < set->param_count && ps; p++) {
                const McParamInfo *info = &set->params[p];
                if (info->assumption != a) continue;
                cJSON *po = mc_write_object(rq, ps, info->name);
                if (!po) return;
                mc_write_number(rq, po, "default", info->def);
                mc_write_number(rq, po, "min", info->min);
                mc_write_number(rq, po, "max", info->max);
                mc_write_bool(rq, po, "integer", info->integer);
            }
            cJSON *rs = mc_write_array(rq, o, "readings");
            for (int r = 0; r < set->reading_count && rs; r++) {
                const McReadingInfo *reading = &set->readings[r];
                if (reading->assumption != a) continue;
                cJSON *ro = mc_write_push_object(rq, rs);
                if (!ro) return;
                mc_write_string(rq, ro, "name", reading->name);
                mc_write_string(rq, ro, "rule", reading->rule);
                mc_write_string(rq, ro, "summary", reading->summary);
                write_reading_params(rq, ro, set, reading);
                mc_write_bool(rq, ro, "default", reading_in_force(reading, &defaults));
            }
        }
    }
}

// Sensitivity (docs/api.md "Sensitivity"): the request run again under each other reading of each
// assumption its answer relied on, and whether the verdict changes. The verdict is the result less
// its trace and the members that restate the readings (McAssumptionSet.restated): two answers
// agree when every other member is the same JSON value.

/// The most members of a result that one entry names as changed, and the longest object (as
/// printed) or string given whole.
enum { MAX_CHANGED = 16, FIELD_BYTES = 48, VALUE_BYTES = 512 };

// What an entry says of a member that changed, noted before the re-run's memory is given back.
typedef struct Changed {
    char field[FIELD_BYTES];
    enum { CH_ABSENT, CH_NULL, CH_BOOL, CH_NUMBER, CH_TEXT, CH_COUNT, CH_LARGE } kind;
    double number;           ///< the boolean, number or count
    char text[VALUE_BYTES]; ///< a string or an object, as printed
} Changed;

static bool skipped_member(const cJSON *m, const char *const *restated) {
    if (strcmp(m->string, "trace") == 0 || strcmp(m->string, "traceDropped") == 0) return true;
    for (; restated && *restated; restated++)
        if (strcmp(m->string, *restated) == 0) return true;
    return false;
}

static bool same_value(const cJSON *a, const cJSON *b);

static bool same_members(const cJSON *a, const cJSON *b) {
    for (a = a->child, b = b->child; a && b; a = a->next, b = b->next)
        if (strcmp(a->string, b->string) != 0 || !same_value(a, b)) return false;
    return !a && !b;
}

static bool same_value(const cJSON *a, const cJSON *b) {
    if ((a->type & 0xFF) != (b->type & 0xFF)) return false;
    switch (a->type & 0xFF) {
    case cJSON_Number: return a->valuedouble == b->valuedouble;
    case cJSON_String:
    case cJSON_Raw: return strcmp(a->valuestring, b->valuestring) == 0;
    case cJSON_Array: {
        for (a = a->child, b = b->child; a && b; a = a->next, b = b->next)
            if (!same_value(a, b)) return false;
        return !a && !b;
    }
    case cJSON_Object: return same_members(a, b);
    default: return true; // true, false, null: the type says it all
    }
}

// The elements of an array written as text (json/write.h lists, printed without spaces): commas
// at depth 1 outside strings, plus one unless it is "[]".
static int raw_array_count(const char *s) {
    if (s[0] != '[' || s[1] == ']') return 0;
    int depth = 0, count = 1, in_string = 0;
    for (; *s; s++) {
        if (in_string) {
            if (*s == '\\' && s[1]) s++;
            else if (*s == '"') in_string = 0;
        } else if (*s == '"') {
            in_string = 1;
        } else if (*s == '[' || *s == '{') {
            depth++;
        } else if (*s == ']' || *s == '}') {
            depth--;
        } else if (*s == ',' && depth == 1) {
            count++;
        }
    }
    return count;
}

// 0 when out of memory (printing a string or an object).
static int note_changed(Changed *c, const char *field, const cJSON *v) {
    mc_snfmt(c->field, sizeof c->field, "%s", field);
    if (!v) c->kind = CH_ABSENT;
    else if (cJSON_IsNull(v)) c->kind = CH_NULL;
    else if (cJSON_IsBool(v)) c->kind = CH_BOOL, c->number = cJSON_IsTrue(v);
    else if (cJSON_IsNumber(v)) c->kind = CH_NUMBER, c->number = v->valuedouble;
    else if (cJSON_IsArray(v)) c->kind = CH_COUNT, c->number = cJSON_GetArraySize(v);
    else if (cJSON_IsRaw(v)) c->kind = CH_COUNT, c->number = raw_array_count(v->valuestring);
    else {
        // A string or an object: printed, and given whole when short.
        size_t length = 0;
        char *text = mc_json_print_length(v, &length);
        if (!text) return 0;
        c->kind = length < sizeof c->text ? CH_TEXT : CH_LARGE;
        if (c->kind == CH_TEXT) memcpy(c->text, text, length + 1);
        mc_mem_free(text);
    }
    return 1;
}

// The members of `base` and `other` (results) that differ, the trace aside; returns how many
// (more than `cap` are counted, not noted), -1 when out of memory.
static int compare_results(const cJSON *base, const cJSON *other, const char *const *restated, Changed *out, int cap) {
    int n = 0;
    for (const cJSON *m = base->child; m; m = m->next) {
        if (skipped_member(m, restated)) continue;
        const cJSON *o = mc_read_get(other, m->string);
        if (o && same_value(m, o)) continue;
        if (n < cap && !note_changed(&out[n], m->string, o)) return -1;
        n++;
    }
    for (const cJSON *o = other->child; o; o = o->next) {
        if (skipped_member(o, restated) || mc_read_get(base, o->string)) continue;
        if (n < cap && !note_changed(&out[n], o->string, o)) return -1;
        n++;
    }
    return n;
}

// One entry of `sensitivity`: `q` run again on `req` with reading `r`, compared with `result`.
// The budget mc_set_work_limit set for the next requests, below MC_WORK_CAP; 0 for MC_WORK_CAP.
static uint64_t work_limit;

void mc_set_work_limit(uint32_t units) { work_limit = units && units < MC_WORK_CAP ? units : 0; }

// The budget in force as a `limit` message names it: the named limit, or the smaller one set.
static const char *work_limit_name(void) { return work_limit ? "set by mc_set_work_limit" : "MC_MAX_WORK"; }
static uint64_t work_limit_units(void) { return work_limit ? work_limit : MC_MAX_WORK; }

// The `limit` message of a request that ran out of work: where, as the search named itself, or
// the query it ran in when no search did.
static void limit_message(char *out, size_t n, const McEnv *env, const McSystem *sys, const McQuery *q) {
    if (env->work_where[0])
        mc_snfmt(out, n, "work limit %s (%llu units) reached in %s", work_limit_name(), (unsigned long long)work_limit_units(),
                 env->work_where);
    else
        mc_snfmt(out, n, "work limit %s (%llu units) reached in the %s query of %s", work_limit_name(),
                 (unsigned long long)work_limit_units(), q->name, sys->name);
}

static void sensitivity_entry(McRequest *rq, cJSON *arr, const McSystem *sys, const McQuery *q, const cJSON *req,
                              const cJSON *result, const McReadingInfo *r) {
    const McAssumptionSet *set = sys->assumptions;
    cJSON *o = mc_write_push_object(rq, arr);
    if (!o) return;
    mc_write_string(rq, o, "assumption", set->assumptions[r->assumption].id);
    mc_write_string(rq, o, "reading", r->name);
    mc_write_string(rq, o, "rule", r->rule);
    write_reading_params(rq, o, set, r);
    if (mc_work_out()) {
        mc_write_add(rq, o, "changes", cJSON_CreateNull());
        mc_write_string(rq, o, "limit", mc_strf(&rq->env, "the work limit %s ran out before this reading was tried", work_limit_name()));
        return;
    }
    // A request of its own in the same arena, with no kept world (a world read under the other
    // reading's values) and no columns; everything it allocates is given back once compared.
    McRequest *sub = mc_arena_alloc(rq->env.arena, sizeof *sub);
    if (!sub) return;
    sub->env.arena = rq->env.arena;
    sub->env.assumptions = set;
    sub->env.params = rq->env.params;
    for (int k = 0; k < r->count; k++) sub->env.params.v[r->set[k].param] = r->set[k].value;
    Changed *changed = mc_arena_alloc(rq->env.arena, MAX_CHANGED * sizeof *changed);
    if (!changed) return;
    McArenaMark mark = mc_arena_mark(rq->env.arena);
    cJSON *other = cJSON_CreateObject();
    bool ran = other && q->answer(sub, req, other) && !sub->oom;
    int n = 0;
    bool out = mc_work_out();
    char error_code[32] = "", error_message[sizeof sub->err.message] = "", limit[sizeof sub->err.message] = "";
    if (out) limit_message(limit, sizeof limit, &sub->env, sys, q); // (before the arena that holds `sub` is rewound)
    if (ran && !out) n = compare_results(result, other, set->restated, changed, MAX_CHANGED);
    else if (!out && sub->err.code) {
        mc_snfmt(error_code, sizeof error_code, "%s", sub->err.code);
        mc_snfmt(error_message, sizeof error_message, "%s", sub->err.message);
    }
    bool failed = rq->env.arena->failed || n < 0;
    mc_arena_rewind(rq->env.arena, mark);
    if (failed) { // out_of_memory for the whole request (mc_request_answer)
        rq->oom = 1;
        return;
    }
    if (out) {
        mc_write_add(rq, o, "changes", cJSON_CreateNull());
        mc_write_string(rq, o, "limit", limit);
        return;
    }
    if (!ran) {
        mc_write_add(rq, o, "changes", cJSON_CreateNull());
        cJSON *e = mc_write_object(rq, o, "error");
        if (e) {
            // Copied into the response (cJSON_CreateString): the locals may go.
            mc_write_string(rq, e, "code", error_code[0] ? error_code : "out_of_memory");
            mc_write_string(rq, e, "message", error_code[0] ? error_message : "out of memory");
        }
        return;
    }
    mc_write_bool(rq, o, "changes", n > 0);
    if (!n) return;
    cJSON *list = mc_write_array(rq, o, "changed");
    for (int i = 0; i < n && i < MAX_CHANGED && list; i++) {
        const Changed *c = &changed[i];
        cJSON *f = mc_write_push_object(rq, list);
        if (!f) return;
        mc_write_string(rq, f, "field", c->field);
        switch (c->kind) {
        case CH_ABSENT: mc_write_bool(rq, f, "absent", 1); break;
        case CH_NULL: mc_write_add(rq, f, "value", cJSON_CreateNull()); break;
        case CH_BOOL: mc_write_bool(rq, f, "value", c->number != 0); break;
        case CH_NUMBER: mc_write_number(rq, f, "value", c->number); break;
        case CH_TEXT: mc_write_add(rq, f, "value", cJSON_CreateRaw(c->text)); break;
        case CH_COUNT: mc_write_number(rq, f, "count", c->number); break;
        case CH_LARGE: break;
        }
    }
}

static void write_sensitivity(McRequest *rq, cJSON *root, const McSystem *sys, const McQuery *q, const cJSON *req,
                              const cJSON *result) {
    const McAssumptionSet *set = sys->assumptions;
    uint32_t assumed = rq->env.assumed;
    cJSON *arr = mc_write_array(rq, root, "sensitivity");
    for (int a = 0; a < set->assumption_count && arr; a++) {
        if (!(assumed & ((uint32_t)1 << a))) continue;
        for (int r = 0; r < set->reading_count; r++) {
            const McReadingInfo *reading = &set->readings[r];
            if (reading->assumption == a && !reading_in_force(reading, &rq->env.params))
                sensitivity_entry(rq, arr, sys, q, req, result, reading);
        }
    }
}

static void write_trace(McRequest *rq, cJSON *result) {
    if (mc_read_get(result, "trace")) return;
    cJSON *arr = mc_write_array(rq, result, "trace");
    for (int i = 0; i < rq->env.trace_count && arr; i++) {
        const McTraceStep *s = &rq->env.trace[i];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "rule", s->rule);
        if (s->unit) mc_write_string(rq, o, "unit", s->unit);
        mc_write_string(rq, o, "message", s->message);
    }
    if (rq->env.trace_dropped) mc_write_number(rq, result, "traceDropped", rq->env.trace_dropped);
}

// The answer to `describe` depends on nothing but the system asked about (or none) and this
// module's rule sets, so it is printed once and kept for the program's life: building and
// printing it was 0.15 M instructions, nearly all of a call that the page makes first. One text
// per slot (no system, then each system's), at most SYSTEM_COUNT + 1 of ~7 KB. They come from
// malloc, not the counted allocator: they belong to no request, and mc_bytes_in_use still comes
// back to where it was after every request, the first describe included.
static char *described[SYSTEM_COUNT + 1];
static size_t described_length[SYSTEM_COUNT + 1];

// Given back when the program ends, so that a leak check that counts still-reachable blocks
// (tests/tools/valgrind.mjs) finds nothing left. Not in WebAssembly, whose modules never end
// (Emscripten runs no destructors without EXIT_RUNTIME).
#ifndef __EMSCRIPTEN__
__attribute__((destructor)) static void free_described(void) {
    for (int i = 0; i <= SYSTEM_COUNT; i++) {
        free(described[i]);
        described[i] = NULL;
    }
}
#endif

// Parses `text` (len bytes, then a NUL) into the request's arena; on failure leaves the error in
// rq->err and returns NULL.
static cJSON *parse_text(McRequest *rq, const char *text, size_t len) {
    int backslash;
    long bad = invalid_utf8((const unsigned char *)text, len, &backslash);
    if (bad >= 0) {
        mc_read_fail(rq, "bad_json", "byte %ld is not valid UTF-8", bad);
        return NULL;
    }
    const char *end = NULL;
    cJSON *req = cJSON_ParseWithLengthOpts(text, len + 1, &end, 1);
    // The scan for \u0000 escapes and nesting deeper than MC_MAX_JSON_DEPTH (whose errors come
    // before cJSON's) runs only when one of them is possible: a text without a backslash holds no
    // escape, and cJSON reads no text nested deeper than MC_MAX_JSON_DEPTH (its limit, set in
    // json/cjson_calls.h). That scan was a twentieth of reading a 77 KB request (README
    // "Performance").
    if (!req || backslash) {
        long nul;
        int deep;
        scan_text(text, &nul, &deep);
        if (nul >= 0) {
            mc_read_fail(rq, "bad_json", "byte %ld: \\u0000 (a NUL character) is not allowed in a string", nul);
            return NULL;
        }
        if (deep) {
            path_of_too_deep(rq, text);
            mc_read_fail(rq, "limit", "JSON nested deeper than the limit MC_MAX_JSON_DEPTH (%d)", MC_MAX_JSON_DEPTH);
            return NULL;
        }
    }
    if (req) {
        const char *what;
        long at = not_json_byte(text, len, &what);
        if (at >= 0) {
            mc_read_fail(rq, "bad_json", "not valid JSON at byte %ld: %s", at, what);
            return NULL;
        }
        // RFC 8259 says names SHOULD be unique and leaves a repeat's meaning open (JavaScript keeps
        // the last, cJSON's lookup the first): a repeat is refused, so every reader agrees.
        const cJSON *twice = repeated_key(rq, req);
        if (twice) {
            path_to(rq, req, twice);
            mc_read_fail(rq, "bad_request", "field \"%s\" is given twice", twice->string);
            return NULL;
        }
    }
    if (!req) {
        // cJSON also gives up when it cannot get memory: that is not the text's fault.
        if (rq->env.arena->failed) {
            mc_read_oom(rq);
            return NULL;
        }
        long at = end ? (long)(end - text) : 0;
        const char *err = cJSON_GetErrorPtr();
        if (err && err >= text && err <= text + len) at = (long)(err - text);
        if (at >= (long)len)
            mc_read_fail(rq, "bad_json", "the JSON text ends early (after %zu bytes)", len);
        else
            mc_read_fail(rq, "bad_json", "not valid JSON at byte %ld", at);
        return NULL;
    }
    return req;
}

cJSON *mc_request_answer(McRequest *rq, const cJSON *req, char ***kept) {
    cJSON *root = NULL, *result = NULL;
    const McSystem *sys = NULL;
    const char *query = NULL, *system = NULL;
    if (!cJSON_IsObject(req)) {
        mc_read_fail(rq, "bad_request", "expected a JSON object with \"system\" and \"query\"");
        goto done;
    }
    if (!mc_read_string(rq, req, "query", 1, &query) || !mc_read_string(rq, req, "system", 0, &system)) goto done;
    if (system && !(sys = find_system(system))) {
        char known[128] = "";
        size_t n = 0;
        for (int i = 0; i < SYSTEM_COUNT && n < sizeof known; i++)
            n += (size_t)mc_snfmt(known + n, sizeof known - n, "%s%s", n ? ", " : "", systems[i].id);
        mc_read_fail_key(rq, "system", "unknown_system", "unknown system \"%s\"; known: %s", system, known);
        goto done;
    }
    if (sys && !sys->queries) {
        char held[64] = "";
        size_t n = 0;
        for (int i = 0; i < SYSTEM_COUNT; i++)
            if (systems[i].queries && n < sizeof held)
                n += (size_t)mc_snfmt(held + n, sizeof held - n, "%s%s", n ? ", " : "", systems[i].id);
        mc_read_fail_key(rq, "system", "system_not_loaded",
                       "%s is not in this engine module, which holds %s: load that system's module",
                       sys->id, held);
        goto done;
    }
    root = cJSON_CreateObject();
    if (!root) goto oom;
    cJSON_AddTrueToObject(root, "ok");
    if (strcmp(query, "describe") == 0) {
        static const char *const keys[] = {"system", "query", NULL};
        if (!mc_read_object(rq, req, keys)) goto done;
        *kept = &described[sys ? sys - systems + 1 : 0];
        if (**kept) goto done;
        if (sys) mc_write_string(rq, root, "system", sys->id);
        mc_write_string(rq, root, "query", "describe");
        result = mc_write_object(rq, root, "result");
        if (result) describe(rq, result, sys);
        mc_write_array(rq, root, "assumptions");
        goto done;
    }
    if (!sys) {
        mc_read_fail_key(rq, "system", "bad_request", "missing required field \"system\"");
        goto done;
    }
    const McQuery *q = find_query(sys, query);
    if (!q) {
        char known[256] = "";
        size_t n = 0;
        for (const McQuery *k = sys->queries; k->name && n < sizeof known; k++)
            n += (size_t)mc_snfmt(known + n, sizeof known - n, "%s%s", n ? ", " : "", k->name);
        mc_read_fail_key(rq, "query", "unknown_query", "%s has no query \"%s\"%s%s", sys->id, query,
                       n ? "; known: " : " yet", known);
        goto done;
    }
    {
        const char *keys[48];
        int n = 0;
        keys[n++] = "system";
        keys[n++] = "query";
        keys[n++] = "params";
        keys[n++] = "sensitivity";
        for (int i = 0; q->fields && q->fields[i] && n < 47; i++) keys[n++] = q->fields[i];
        keys[n] = NULL;
        if (!mc_read_object(rq, req, keys)) goto done;
    }
    rq->env.assumptions = sys->assumptions;
    mc_params_defaults(&rq->env.params, sys->assumptions);
    if (!read_params(rq, mc_read_get(req, "params"), sys)) goto done;
    int sensitivity = 0;
    if (!mc_read_bool(rq, req, "sensitivity", 0, &sensitivity)) goto done;
    mc_write_string(rq, root, "system", sys->id);
    mc_write_string(rq, root, "query", q->name);
    result = mc_write_object(rq, root, "result");
    // The arrays form by capability (docs/api.md "Arrays"): a query that answers it does so
    // quietly (the columns carry no trace or sentences); any other answers an arrays ask as `ask`.
    if (rq->columns && !q->arrays) rq->columns = NULL;
    if (rq->columns) rq->env.quiet = true;
    bool ran = result && q->answer(rq, req, result);
    if (mc_work_out()) {
        // Whatever the stopped search left (a partial answer, or an error it returned on the way
        // out) gives way to the limit.
        rq->err.code = "limit";
        mc_snfmt(rq->err.path, sizeof rq->err.path, "%s", rq->env.work_path);
        limit_message(rq->err.message, sizeof rq->err.message, &rq->env, sys, q);
        goto done;
    }
    if (!ran) goto done;
    // An arrays answer (mc_position_ask_arrays) is for a drag's frames: it carries no trace.
    if (!rq->columns || !rq->columns->filled) write_trace(rq, result);
    cJSON *used = mc_write_array(rq, root, "assumptions");
    for (int a = 0; a < sys->assumptions->assumption_count && used; a++)
        if (rq->env.assumed & ((uint32_t)1 << a))
            mc_write_add(rq, used, NULL, cJSON_CreateString(sys->assumptions->assumptions[a].id));
    // An arrays answer has no JSON lists to compare: it gives no sensitivity, as no trace.
    if (sensitivity && (!rq->columns || !rq->columns->filled)) write_sensitivity(rq, root, sys, q, req, result);
    goto done;
oom:
    mc_read_oom(rq);
done:
    // req and root are in the arena (see cjson_alloc): nothing to delete here.
    if (rq->env.arena->failed || rq->oom) mc_read_oom(rq);
    if (rq->err.code) return NULL;
    return root;
}

// The last response mc_request returned and its length (mc_response_length), until it is freed.
static const char *last_response;
static size_t last_length;

char *mc_request(const char *json) {
    return mc_request_run(json, NULL, NULL);
}

McArena *mc_request_use_arena(McArena *arena) {
    McArena *was = cjson_arena;
    cjson_arena = arena;
    return was;
}

char *mc_request_run(const char *json, McAnswerFn fn, void *ctx) {
    McArena arena = {0};
    // On the stack (about 1 KB), so that only memory for the response itself can make this NULL.
    McRequest request = {0};
    McRequest *rq = &request;
    rq->env.arena = &arena;
    if (!json) json = "";
    // memchr reads no further than the NUL (C11 7.24.5.1), and at most one byte past the limit.
    const char *nul = memchr(json, '\0', (size_t)MC_MAX_REQUEST_BYTES + 1);
    size_t len = nul ? (size_t)(nul - json) : (size_t)MC_MAX_REQUEST_BYTES + 1;
    cJSON *root = NULL;
    char **kept = NULL;
    cjson_arena = &arena;
    mc_work_spent = 0;
    mc_work_cap = work_limit ? work_limit : MC_WORK_CAP;
    if (len > MC_MAX_REQUEST_BYTES)
        mc_read_fail(rq, "limit", "the request is larger than the limit MC_MAX_REQUEST_BYTES (%d bytes)", MC_MAX_REQUEST_BYTES);
    else {
        cJSON *req = parse_text(rq, json, len);
        if (req) root = fn ? fn(rq, req, ctx, &kept) : mc_request_answer(rq, req, &kept);
    }
    char *out = NULL;
    size_t length = 0;
    if (root && kept && *kept) {
        length = described_length[kept - described];
        if ((out = mc_mem_alloc(length + 1)) != NULL) memcpy(out, *kept, length + 1);
    } else if (root) {
        out = mc_json_print_length(root, &length);
        if (out && kept && (*kept = malloc(length + 1)) != NULL) {
            memcpy(*kept, out, length + 1);
            described_length[kept - described] = length;
        }
    }
    mc_work_cap = UINT64_MAX;
    // The arena goes first, so that an error response still has room under MC_MAX_HEAP_BYTES.
    cjson_arena = NULL;
    mc_arena_release(&arena);
    if (!out) {
        if (!rq->err.code) mc_read_oom(rq);
        out = error_response(&rq->err, &length);
    }
    last_response = out;
    last_length = length;
    return out;
}

size_t mc_response_length(const char *response) {
    if (!response) return 0;
    return response == last_response ? last_length : strlen(response);
}

void mc_free(char *response) {
    if (response == last_response) last_response = NULL;
    mc_mem_free(response);
}
