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
#define MC_SYSTEM(number, prefix, id, name, board, unit) \
    {id, name, board, unit, MC_HOLDS_SYSTEM(number) ? mc_##prefix##_queries : NULL, &mc_##prefix##_assumptions, \
     MC_HOLDS_SYSTEM(number) ? mc_##prefix##_terrain_kind : NULL},
#include "systems.def"
#undef MC_SYSTEM
};
enum { SYSTEM_COUNT = sizeof systems / sizeof systems[0] };

static const struct {
    const char *name;
    double value;
} limits[] = {
    {"MC_MAX_REQUEST_BYTES", MC_MAX_REQUEST_BYTES},
    {"MC_MAX_JSON_DEPTH", MC_MAX_JSON_DEPTH},
    {"MC_MAX_STRING_BYTES", MC_MAX_STRING_BYTES},
    {"MC_MAX_UNITS", MC_MAX_UNITS},
    {"MC_MAX_TERRAIN", MC_MAX_TERRAIN},
    {"MC_MAX_POLYGON_VERTICES", MC_MAX_POLYGON_VERTICES},
    {"MC_MAX_ACTIONS", MC_MAX_ACTIONS},
    {"MC_MAX_PATH_STEPS", MC_MAX_PATH_STEPS},
    {"MC_MAX_LIST_ITEMS", MC_MAX_LIST_ITEMS},
    {"MC_MAX_BOARD_HEXES", MC_MAX_BOARD_HEXES},
    {"MC_MAX_BOARD_SIDE", MC_MAX_BOARD_SIDE},
    {"MC_MAX_HEX_COORD", MC_MAX_HEX_COORD},
    {"MC_MAX_COORD", MC_MAX_COORD},
    {"MC_MAX_MOVE_POINTS", MC_MAX_MOVE_POINTS},
    {"MC_MAX_PATH_OUTPUT", MC_MAX_PATH_OUTPUT},
    {"MC_MAX_TRACE_STEPS", MC_MAX_TRACE_STEPS},
    {"MC_MAX_WORK", (double)MC_MAX_WORK},
    {"MC_MAX_HEAP_BYTES", MC_MAX_HEAP_BYTES},
    {"MC_MAX_POSITIONS", MC_MAX_POSITIONS},
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

// Writes into j->path the JSON path of the first array or object that scan_text found nested
// deeper than MC_MAX_JSON_DEPTH: keys as written in the text (escapes as they are), indices counted
// by commas. Runs for that error only; the text need not be valid JSON. Depth is counted as
// scan_text counts it (a stray closing bracket takes one off), so both find the same container.
static void path_of_too_deep(McRequest *j, const char *s) {
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
            int saved = j->path_len;
            if (depth > 0 && frames[depth - 1].kind == '[') {
                mc_read_push_index(j, frames[depth - 1].index);
            } else if (depth > 0 && key) {
                char name[MC_PATH_BYTES];
                size_t n = key_len < sizeof name - 1 ? key_len : sizeof name - 1;
                // Cut a long key before a UTF-8 sequence, not inside it.
                while (n < key_len && n > 0 && ((unsigned char)key[n] & 0xC0) == 0x80) n--;
                memcpy(name, key, n);
                name[n] = '\0';
                mc_read_push_key(j, name);
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
            if (depth > 0) mc_read_pop(j, frames[depth - 1].saved);
            depth--;
        }
    }
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
static int read_params(McRequest *j, const cJSON *params, const McSystem *sys) {
    if (!params) return 1;
    int saved = mc_read_push_key(j, "params");
    if (!cJSON_IsObject(params)) return mc_read_fail(j, "bad_request", "expected an object keyed by assumption id");
    const McAssumptionSet *set = sys->assumptions;
    for (const cJSON *a = params->child; a; a = a->next) {
        // Another game's assumption is named as such, even in a module that does not hold it.
        const McSystem *owner = NULL;
        int id = -1;
        for (int s = 0; s < SYSTEM_COUNT && id < 0; s++)
            if ((id = mc_assumption_find(systems[s].assumptions, a->string)) >= 0) owner = &systems[s];
        if (id < 0) return mc_read_fail_key(j, a->string, "bad_request", "no assumption has the id \"%s\"", a->string);
        for (const cJSON *o = params->child; o != a; o = o->next)
            if (strcmp(o->string, a->string) == 0)
                return mc_read_fail_key(j, a->string, "bad_request", "%s is given twice", a->string);
        if (owner != sys)
            return mc_read_fail_key(j, a->string, "bad_request", "%s belongs to %s, not %s", a->string,
                                  owner->id, sys->id);
        const char *names[MC_MAX_PARAMS + 1];
        int n = 0;
        for (int p = 0; p < set->param_count; p++)
            if (set->params[p].assumption == id) names[n++] = set->params[p].name;
        names[n] = NULL;
        int inner = mc_read_push_key(j, a->string);
        if (!mc_read_object(j, a, names)) return 0;
        for (int p = 0; p < set->param_count; p++) {
            const McParamInfo *info = &set->params[p];
            if (info->assumption != id) continue;
            if (info->integer) {
                int v = (int)j->env.params.v[p];
                if (!mc_read_int(j, a, info->name, 0, (int)info->min, (int)info->max, &v)) return 0;
                j->env.params.v[p] = v;
            } else if (!mc_read_number(j, a, info->name, 0, info->min, info->max, &j->env.params.v[p])) {
                return 0;
            }
        }
        mc_read_pop(j, inner);
    }
    mc_read_pop(j, saved);
    return 1;
}

static void describe(McRequest *j, cJSON *result, const McSystem *only) {
    mc_write_string(j, result, "engine", "movecalc");
    mc_write_string(j, result, "version", MOVECALC_VERSION);
    cJSON *tol = mc_write_object(j, result, "tolerance");
    if (tol) mc_write_number(j, tol, "MC_LINEAR_SLOP", MC_LINEAR_SLOP);
    cJSON *sys_arr = mc_write_array(j, result, "systems");
    for (int s = 0; s < SYSTEM_COUNT && sys_arr; s++) {
        const McSystem *sys = &systems[s];
        if ((only && only != sys) || !sys->queries) continue;
        cJSON *o = mc_write_push_object(j, sys_arr);
        if (!o) return;
        mc_write_string(j, o, "id", sys->id);
        mc_write_string(j, o, "name", sys->name);
        mc_write_string(j, o, "board", sys->board);
        mc_write_string(j, o, "lengthUnit", sys->length_unit);
        cJSON *qs = mc_write_array(j, o, "queries");
        for (const McQuery *q = sys->queries; q->name && qs; q++) {
            cJSON *qo = mc_write_push_object(j, qs);
            if (!qo) return;
            mc_write_string(j, qo, "name", q->name);
            mc_write_string(j, qo, "summary", q->summary);
        }
        cJSON *ids = mc_write_array(j, o, "assumptions");
        for (int a = 0; a < sys->assumptions->assumption_count && ids; a++)
            mc_write_add(j, ids, NULL, cJSON_CreateString(sys->assumptions->assumptions[a].id));
        cJSON *kinds = mc_write_array(j, o, "terrainKinds");
        for (int k = 0; kinds && sys->terrain_kind(k); k++) mc_write_add(j, kinds, NULL, cJSON_CreateString(sys->terrain_kind(k)));
    }
    cJSON *lim = mc_write_object(j, result, "limits");
    for (size_t i = 0; i < sizeof limits / sizeof limits[0] && lim; i++)
        mc_write_number(j, lim, limits[i].name, limits[i].value);
    cJSON *as = mc_write_array(j, result, "assumptions");
    for (int s = 0; s < SYSTEM_COUNT && as; s++) {
        const McSystem *sys = &systems[s];
        if ((only && only != sys) || !sys->queries) continue;
        const McAssumptionSet *set = sys->assumptions;
        for (int a = 0; a < set->assumption_count; a++) {
            cJSON *o = mc_write_push_object(j, as);
            if (!o) return;
            mc_write_string(j, o, "id", set->assumptions[a].id);
            mc_write_string(j, o, "system", sys->id);
            mc_write_string(j, o, "summary", set->assumptions[a].summary);
            cJSON *ps = mc_write_object(j, o, "params");
            for (int p = 0; p < set->param_count && ps; p++) {
                const McParamInfo *info = &set->params[p];
                if (info->assumption != a) continue;
                cJSON *po = mc_write_object(j, ps, info->name);
                if (!po) return;
                mc_write_number(j, po, "default", info->def);
                mc_write_number(j, po, "min", info->min);
                mc_write_number(j, po, "max", info->max);
                mc_write_bool(j, po, "integer", info->integer);
            }
        }
    }
}

static void write_trace(McRequest *j, cJSON *result) {
    if (mc_read_get(result, "trace")) return;
    cJSON *arr = mc_write_array(j, result, "trace");
    for (int i = 0; i < j->env.trace_count && arr; i++) {
        const McTraceStep *s = &j->env.trace[i];
        cJSON *o = mc_write_push_object(j, arr);
        if (!o) return;
        mc_write_string(j, o, "rule", s->rule);
        if (s->unit) mc_write_string(j, o, "unit", s->unit);
        mc_write_string(j, o, "message", s->message);
    }
    if (j->env.trace_dropped) mc_write_number(j, result, "traceDropped", j->env.trace_dropped);
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
// (tests/tools/valgrind.mjs) finds nothing left.
__attribute__((destructor)) static void free_described(void) {
    for (int i = 0; i <= SYSTEM_COUNT; i++) {
        free(described[i]);
        described[i] = NULL;
    }
}

// Parses `text` (len bytes, then a NUL) into the request's arena; on failure leaves the error in
// j->err and returns NULL.
static cJSON *parse_text(McRequest *j, const char *text, size_t len) {
    int backslash;
    long bad = invalid_utf8((const unsigned char *)text, len, &backslash);
    if (bad >= 0) {
        mc_read_fail(j, "bad_json", "byte %ld is not valid UTF-8", bad);
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
            mc_read_fail(j, "bad_json", "byte %ld: \\u0000 (a NUL character) is not allowed in a string", nul);
            return NULL;
        }
        if (deep) {
            path_of_too_deep(j, text);
            mc_read_fail(j, "limit", "JSON nested deeper than the limit MC_MAX_JSON_DEPTH (%d)", MC_MAX_JSON_DEPTH);
            return NULL;
        }
    }
    if (!req) {
        // cJSON also gives up when it cannot get memory: that is not the text's fault.
        if (j->env.arena->failed) {
            mc_read_fail(j, "out_of_memory", "out of memory");
            return NULL;
        }
        long at = end ? (long)(end - text) : 0;
        const char *err = cJSON_GetErrorPtr();
        if (err && err >= text && err <= text + len) at = (long)(err - text);
        if (at >= (long)len)
            mc_read_fail(j, "bad_json", "the JSON text ends early (after %zu bytes)", len);
        else
            mc_read_fail(j, "bad_json", "not valid JSON at byte %ld", at);
        return NULL;
    }
    return req;
}

cJSON *mc_request_answer(McRequest *j, const cJSON *req, char ***kept) {
    cJSON *root = NULL, *result = NULL;
    const McSystem *sys = NULL;
    const char *query = NULL, *system = NULL;
    if (!cJSON_IsObject(req)) {
        mc_read_fail(j, "bad_request", "expected a JSON object with \"system\" and \"query\"");
        goto done;
    }
    if (!mc_read_string(j, req, "query", 1, &query) || !mc_read_string(j, req, "system", 0, &system)) goto done;
    if (system && !(sys = find_system(system))) {
        char known[128] = "";
        size_t n = 0;
        for (int i = 0; i < SYSTEM_COUNT && n < sizeof known; i++)
            n += (size_t)mc_snfmt(known + n, sizeof known - n, "%s%s", n ? ", " : "", systems[i].id);
        mc_read_fail_key(j, "system", "unknown_system", "unknown system \"%s\"; known: %s", system, known);
        goto done;
    }
    if (sys && !sys->queries) {
        char held[64] = "";
        size_t n = 0;
        for (int i = 0; i < SYSTEM_COUNT; i++)
            if (systems[i].queries && n < sizeof held)
                n += (size_t)mc_snfmt(held + n, sizeof held - n, "%s%s", n ? ", " : "", systems[i].id);
        mc_read_fail_key(j, "system", "system_not_loaded",
                       "%s is not in this engine module, which holds %s: load that system's module",
                       sys->id, held);
        goto done;
    }
    root = cJSON_CreateObject();
    if (!root) goto oom;
    cJSON_AddTrueToObject(root, "ok");
    if (strcmp(query, "describe") == 0) {
        static const char *const keys[] = {"system", "query", NULL};
        if (!mc_read_object(j, req, keys)) goto done;
        *kept = &described[sys ? sys - systems + 1 : 0];
        if (**kept) goto done;
        if (sys) mc_write_string(j, root, "system", sys->id);
        mc_write_string(j, root, "query", "describe");
        result = mc_write_object(j, root, "result");
        if (result) describe(j, result, sys);
        mc_write_array(j, root, "assumptions");
        goto done;
    }
    if (!sys) {
        mc_read_fail_key(j, "system", "bad_request", "missing required field \"system\"");
        goto done;
    }
    const McQuery *q = find_query(sys, query);
    if (!q) {
        char known[256] = "";
        size_t n = 0;
        for (const McQuery *k = sys->queries; k->name && n < sizeof known; k++)
            n += (size_t)mc_snfmt(known + n, sizeof known - n, "%s%s", n ? ", " : "", k->name);
        mc_read_fail_key(j, "query", "unknown_query", "%s has no query \"%s\"%s%s", sys->id, query,
                       n ? "; known: " : " yet", known);
        goto done;
    }
    {
        const char *keys[48];
        int n = 0;
        keys[n++] = "system";
        keys[n++] = "query";
        keys[n++] = "params";
        for (int i = 0; q->fields && q->fields[i] && n < 47; i++) keys[n++] = q->fields[i];
        keys[n] = NULL;
        if (!mc_read_object(j, req, keys)) goto done;
    }
    j->env.assumptions = sys->assumptions;
    mc_params_defaults(&j->env.params, sys->assumptions);
    if (!read_params(j, mc_read_get(req, "params"), sys)) goto done;
    mc_write_string(j, root, "system", sys->id);
    mc_write_string(j, root, "query", q->name);
    result = mc_write_object(j, root, "result");
    bool ran = result && q->run(j, req, result);
    if (mc_work_out()) {
        // Whatever the stopped search left (a partial answer, or an error it returned on the way
        // out) gives way to the limit.
        j->err.code = "limit";
        mc_snfmt(j->err.path, sizeof j->err.path, "%s", j->env.work_path);
        mc_snfmt(j->err.message, sizeof j->err.message, "work limit MC_MAX_WORK (%llu units) reached in %s",
                 (unsigned long long)MC_MAX_WORK, j->env.work_where[0] ? j->env.work_where : "the search");
        goto done;
    }
    if (!ran) goto done;
    // An arrays answer (mc_position_ask_arrays) is for a drag's frames: it carries no trace.
    if (!j->columns || !j->columns->filled) write_trace(j, result);
    cJSON *used = mc_write_array(j, root, "assumptions");
    for (int a = 0; a < sys->assumptions->assumption_count && used; a++)
        if (j->env.assumed & ((uint32_t)1 << a))
            mc_write_add(j, used, NULL, cJSON_CreateString(sys->assumptions->assumptions[a].id));
    goto done;
oom:
    mc_read_fail(j, "out_of_memory", "out of memory");
done:
    // req and root are in the arena (see cjson_alloc): nothing to delete here.
    if (j->env.arena->failed || j->oom) mc_read_fail(j, "out_of_memory", "out of memory");
    if (j->err.code) return NULL;
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
    McRequest *j = &request;
    j->env.arena = &arena;
    if (!json) json = "";
    // memchr reads no further than the NUL (C11 7.24.5.1), and at most one byte past the limit.
    const char *nul = memchr(json, '\0', (size_t)MC_MAX_REQUEST_BYTES + 1);
    size_t len = nul ? (size_t)(nul - json) : (size_t)MC_MAX_REQUEST_BYTES + 1;
    cJSON *root = NULL;
    char **kept = NULL;
    cjson_arena = &arena;
    mc_work_spent = 0;
    mc_work_cap = MC_WORK_CAP;
    if (len > MC_MAX_REQUEST_BYTES)
        mc_read_fail(j, "limit", "the request is larger than the limit MC_MAX_REQUEST_BYTES (%d bytes)", MC_MAX_REQUEST_BYTES);
    else {
        cJSON *req = parse_text(j, json, len);
        if (req) root = fn ? fn(j, req, ctx, &kept) : mc_request_answer(j, req, &kept);
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
        if (!j->err.code) mc_read_fail(j, "out_of_memory", "out of memory");
        out = error_response(&j->err, &length);
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
