#include "core/env.h"

#include <stdarg.h>
#include <string.h>

#include "core/fmt.h"
#include "core/limits.h"

int mc_grow(McArena *arena, void **items, int *cap, int need, size_t size) {
    if (need <= *cap) return 1;
    int next = *cap ? *cap * 2 : 8;
    while (next < need) next *= 2;
    void *grown = mc_arena_array(arena, (size_t)next, size);
    if (!grown) return 0;
    if (*cap) memcpy(grown, *items, (size_t)*cap * size);
    *items = grown;
    *cap = next;
    return 1;
}

static const char *vformat(McArena *arena, const char *fmt, va_list ap) {
    char buf[512];
    int n = mc_vsnfmt(buf, sizeof buf, fmt, ap);
    if (n < 0) n = 0;
    if ((size_t)n >= sizeof buf) n = (int)sizeof buf - 1;
    return mc_arena_dup(arena, buf, (size_t)n + 1, 1);
}

const char *mc_strf(McEnv *env, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    const char *s = vformat(env->arena, fmt, ap);
    va_end(ap);
    return s;
}

McReason *mc_reason_add(McEnv *env, McReasons *list, const char *code, const char *rule,
                        const char *fmt, ...) {
    if (!mc_grow(env->arena, (void **)&list->items, &list->cap, list->count + 1, sizeof(McReason)))
        return NULL;
    McReason *r = &list->items[list->count++];
    memset(r, 0, sizeof *r);
    r->code = code;
    r->rule = rule;
    r->action = -1;
    va_list ap;
    va_start(ap, fmt);
    r->message = vformat(env->arena, fmt, ap);
    va_end(ap);
    return r;
}

void mc_trace(McEnv *env, const char *rule, const char *unit, const char *fmt, ...) {
    if (env->quiet) return;
    if (env->trace_count >= MC_MAX_TRACE_STEPS) {
        env->trace_dropped++;
        return;
    }
    if (!mc_grow(env->arena, (void **)&env->trace, &env->trace_cap, env->trace_count + 1,
                 sizeof(McTraceStep)))
        return;
    McTraceStep *s = &env->trace[env->trace_count++];
    s->rule = rule;
    s->unit = unit;
    va_list ap;
    va_start(ap, fmt);
    s->message = vformat(env->arena, fmt, ap);
    va_end(ap);
}

void mc_work_note(McEnv *env, const char *path, const char *fmt, ...) {
    // Through a copy: the note may quote the one it replaces.
    char where[sizeof env->work_where];
    va_list ap;
    va_start(ap, fmt);
    mc_vsnfmt(where, sizeof where, fmt, ap);
    va_end(ap);
    memcpy(env->work_where, where, sizeof where);
    mc_snfmt(env->work_path, sizeof env->work_path, "%s", path);
}
