#include "json/write.h"

#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "core/fmt.h"

static cJSON *checked(McRequest *rq, cJSON *item) {
    if (!item) rq->oom = 1;
    return item;
}

// The depth of `obj` when it is a container of the list entry being written as text, else -1.
static int stream_level(const McRequest *rq, const cJSON *obj) {
    const McWriteList *l = rq->list;
    uintptr_t at = (uintptr_t)obj, first = l ? (uintptr_t)l->open : 0;
    if (!l || at < first || at >= first + sizeof l->open) return -1;
    return (int)((at - first) / sizeof l->open[0]);
}

// Appends n bytes (a bracket, a comma): inline, where a call to mc_json_text_put cost more than
// the bytes (always: compiled for size, the file kept it a call). 0 when out of memory (the text
// is then marked failed).
static inline __attribute__((always_inline)) int put_small(McJsonText *t, const char *s, size_t n) {
    char *d = mc_json_text_room(t, n);
    if (!d) return 0;
    for (size_t i = 0; i < n; i++) d[i] = s[i];
    t->len += n;
    return 1;
}

static void close_last(McWriteList *l) {
    l->depth--;
    put_small(&l->text, l->open[l->depth].type == cJSON_Object ? "}" : "]", 1);
}

// Finishes the containers opened inside the open container at `level`; 0 when that one was
// already finished (a writer bug, write.h).
static int stream_enter(McRequest *rq, int level) {
    McWriteList *l = rq->list;
    if (level >= l->depth) {
        rq->oom = 1;
        return 0;
    }
    while (l->depth > level + 1) close_last(l);
    return 1;
}

// Makes slot k remember `key` (write.h). Out of line, as key_miss: the lookup below is on every
// member.
__attribute__((noinline)) static void key_remember(McWriteKey *k, const char *key) {
    size_t plain = mc_json_plain_length(key);
    k->key = key;
    k->len = 0;
    if (plain <= MC_WRITE_KEY_TEXT - 3) {
        memset(k->text, 0, sizeof k->text);
        k->text[0] = '"';
        memcpy(k->text + 1, key, plain);
        k->text[plain + 1] = '"';
        k->text[plain + 2] = ':';
        k->len = plain + 3;
    }
}

enum { KEY_PROBES = 4 };

// The slot of a key not at its first slot: the first of the KEY_PROBES slots from there that
// holds it or is free, else the first (which then forgets its key).
__attribute__((noinline)) static McWriteKey *key_miss(McWriteList *l, unsigned slot, const char *key) {
    for (unsigned i = 0; i < KEY_PROBES; i++) {
        McWriteKey *k = &l->keys[(slot + i) & ((1u << MC_WRITE_KEY_BITS) - 1)];
        if (k->key == key) return k;
        if (!k->key) {
            key_remember(k, key);
            return k;
        }
    }
    key_remember(&l->keys[slot], key);
    return &l->keys[slot];
}

// The remembered `"key":` of `key`, made on its first use in the list. Two keys whose addresses
// share a slot both stay (probing): a 100 x 100 reach wrote two keys again in every entry when
// the second pushed the first out.
static inline const McWriteKey *key_slot(McWriteList *l, const char *key) {
    // Literals lie a few bytes apart: a multiplicative hash of the address spreads them.
    unsigned slot = (uint32_t)((uint32_t)(uintptr_t)key * 2654435761u) >> (32 - MC_WRITE_KEY_BITS);
    McWriteKey *k = &l->keys[slot];
    return k->key == key ? k : key_miss(l, slot, key);
}

// Writes a comma unless `comma` is 0, then remembered key k's `"key":` (nothing for k NULL) at d,
// which has room for both; returns where the value goes. The key is one fixed-size copy.
static inline char *put_comma_key(char *d, int comma, const McWriteKey *k) {
    *d = ',';
    d += comma != 0;
    if (k) {
        memcpy(d, k->text, MC_WRITE_KEY_TEXT);
        d += k->len;
    }
    return d;
}

// Writes a comma unless `comma` is 0, then `"key":` (nothing for key NULL: an array element),
// with room for `value` more bytes; returns where the value goes, or NULL when out of memory.
static inline char *member_start(McWriteList *l, int comma, const char *key, size_t value) {
    McJsonText *t = &l->text;
    const McWriteKey *k = key ? key_slot(l, key) : NULL;
    if (k && !k->len) { // a key to escape, or a long one
        if (!mc_json_text_member(t, comma, key, SIZE_MAX)) return NULL;
        comma = 0;
        k = NULL;
    }
    char *d = mc_json_text_room(t, 1 + MC_WRITE_KEY_TEXT + value);
    return d ? put_comma_key(d, comma, k) : NULL;
}

// Starts a member of the open container at `level`: finishes the containers opened inside it
// since, then writes the comma and, in an object, the key. NULL when the container was already
// finished (a writer bug, write.h) or the text could not grow.
static McJsonText *stream_member(McRequest *rq, int level, const char *key) {
    McWriteList *l = rq->list;
    if (!stream_enter(rq, level)) return NULL;
    if (l->open[level].type != cJSON_Object) key = NULL;
    char *d = member_start(l, l->members[level]++ > 0, key, 0);
    if (!d) rq->oom = 1;
    else l->text.len = (size_t)(d - l->text.buf);
    return rq->oom ? NULL : &l->text;
}

// Whole numbers values[0..n) as members of the open container at `level`: under keys[0..n) in an
// object (keys is not read in an array). Room for all of them is made at once; a key to escape
// (none in practice: keys are literals) goes through member_start.
static void put_ints(McRequest *rq, int level, const char *const *keys, const int *values, int n) {
    McWriteList *l = rq->list;
    if (!stream_enter(rq, level)) return;
    bool object = l->open[level].type == cJSON_Object;
    int comma = l->members[level] > 0;
    l->members[level] += n;
    McJsonText *t = &l->text;
    enum { MEMBER = 1 + MC_WRITE_KEY_TEXT + 11 };
    char *d = mc_json_text_room(t, (size_t)n * MEMBER);
    for (int i = 0; i < n && d; i++) {
        const McWriteKey *k = object ? key_slot(l, keys[i]) : NULL;
        if (k && !k->len) {
            t->len = (size_t)(d - t->buf);
            if (!(d = member_start(l, comma || i, keys[i], (size_t)(n - i) * MEMBER))) break;
        } else {
            d = put_comma_key(d, comma || i, k);
        }
        int v = values[i];
        *d = '-';
        d += v < 0;
        d += mc_json_put_u32(d, v < 0 ? 0u - (uint32_t)v : (uint32_t)v);
    }
    if (!d) rq->oom = 1;
    else t->len = (size_t)(d - t->buf);
}

void mc_write_add(McRequest *rq, cJSON *parent, const char *key, cJSON *item) {
    int level = stream_level(rq, parent);
    if (level >= 0) {
        McJsonText *t = item ? stream_member(rq, level, key) : NULL;
        if (!t || !mc_json_text_item(t, item)) rq->oom = 1;
        cJSON_Delete(item); // written: the tree is not needed (in a request, freeing is a no-op)
        return;
    }
    if (!item || !parent) {
        rq->oom = 1;
        cJSON_Delete(item);
        return;
    }
    if (key) {
        // The key is not copied: it must stay valid until the response is printed (write.h).
        if (!cJSON_AddItemToObjectCS(parent, key, item)) {
            rq->oom = 1;
            cJSON_Delete(item);
        }
    } else if (!cJSON_AddItemToArray(parent, item)) {
        rq->oom = 1;
        cJSON_Delete(item);
    }
}

static cJSON *container(McRequest *rq, cJSON *parent, const char *key, int type) {
    int level = stream_level(rq, parent);
    if (level < 0) {
        cJSON *c = checked(rq, type == cJSON_Object ? cJSON_CreateObject() : cJSON_CreateArray());
        mc_write_add(rq, parent, key, c);
        return rq->oom ? NULL : c;
    }
    McWriteList *l = rq->list;
    McJsonText *t = stream_member(rq, level, key);
    if (!t || l->depth == MC_WRITE_LIST_DEPTH || !put_small(t, type == cJSON_Object ? "{" : "[", 1)) {
        rq->oom = 1;
        return NULL;
    }
    cJSON *c = &l->open[l->depth];
    c->type = type;
    l->members[l->depth++] = 0;
    return c;
}

cJSON *mc_write_object(McRequest *rq, cJSON *parent, const char *key) { return container(rq, parent, key, cJSON_Object); }

cJSON *mc_write_array(McRequest *rq, cJSON *parent, const char *key) { return container(rq, parent, key, cJSON_Array); }

void mc_write_number(McRequest *rq, cJSON *obj, const char *key, double v) {
    int level = stream_level(rq, obj);
    if (level < 0) {
        mc_write_add(rq, obj, key, cJSON_CreateNumber(mc_fmt_round(v)));
        return;
    }
    // Whole numbers (nearly all of a long list's) print as their digits: mc_fmt_round keeps them,
    // -0 included, which prints as 0.
    if (v > -2147483649.0 && v < 2147483648.0 && v == (double)(int32_t)v) {
        const int whole = (int32_t)v;
        put_ints(rq, level, &key, &whole, 1);
        return;
    }
    McJsonText *t = stream_member(rq, level, key);
    if (!t || !mc_json_text_number(t, mc_fmt_round(v))) rq->oom = 1;
}

// true, false and null, written straight into a list entry or added as a node.
static void literal(McRequest *rq, cJSON *obj, const char *key, const char *text, cJSON *(*create)(void)) {
    int level = stream_level(rq, obj);
    if (level < 0) {
        mc_write_add(rq, obj, key, create());
        return;
    }
    McJsonText *t = stream_member(rq, level, key);
    if (!t || !mc_json_text_put(t, text, strlen(text))) rq->oom = 1;
}

void mc_write_string(McRequest *rq, cJSON *obj, const char *key, const char *s) {
    if (!s) {
        literal(rq, obj, key, "null", cJSON_CreateNull);
        return;
    }
    int level = stream_level(rq, obj);
    if (level < 0) {
        mc_write_add(rq, obj, key, cJSON_CreateString(s));
        return;
    }
    McJsonText *t = stream_member(rq, level, key);
    if (!t || !mc_json_text_string(t, s)) rq->oom = 1;
}

void mc_write_bool(McRequest *rq, cJSON *obj, const char *key, int b) {
    if (b) literal(rq, obj, key, "true", cJSON_CreateTrue);
    else literal(rq, obj, key, "false", cJSON_CreateFalse);
}

void mc_write_push_number(McRequest *rq, cJSON *array, double v) { mc_write_number(rq, array, NULL, v); }

void mc_write_ints(McRequest *rq, cJSON *obj, const char *const *keys, const int *values, int n) {
    int level = stream_level(rq, obj);
    if (level < 0) {
        for (int i = 0; i < n; i++) mc_write_number(rq, obj, keys[i], values[i]);
        return;
    }
    put_ints(rq, level, keys, values, n);
}

cJSON *mc_write_push_object(McRequest *rq, cJSON *array) { return mc_write_object(rq, array, NULL); }

void mc_write_reasons(McRequest *rq, cJSON *obj, const char *key, const McReasons *reasons) {
    cJSON *arr = mc_write_array(rq, obj, key);
    if (!arr) return;
    for (int i = 0; i < reasons->count; i++) {
        const McReason *r = &reasons->items[i];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "code", r->code);
        mc_write_string(rq, o, "rule", r->rule);
        mc_write_string(rq, o, "message", r->message);
        if (r->unit) mc_write_string(rq, o, "unit", r->unit);
        if (r->action >= 0) mc_write_number(rq, o, "action", r->action);
        if (r->has_hex) {
            cJSON *h = mc_write_object(rq, o, "hex");
            if (h) {
                mc_write_number(rq, h, "q", r->q);
                mc_write_number(rq, h, "r", r->r);
                // odd-r offset coordinates beside axial ones (docs/api.md "Hex boards")
                mc_write_number(rq, h, "col", r->q + (r->r - (r->r & 1)) / 2);
                mc_write_number(rq, h, "row", r->r);
            }
        }
        if (r->has_point) {
            cJSON *p = mc_write_object(rq, o, "point");
            if (p) {
                mc_write_number(rq, p, "x", r->x);
                mc_write_number(rq, p, "y", r->y);
            }
        }
    }
}

cJSON *mc_write_list_object(McRequest *rq, McWriteList *list) {
    list->mark = mc_arena_mark(rq->env.arena);
    if (rq->oom || !put_small(&list->text, list->count ? ",{" : "[{", 2)) {
        rq->oom = 1;
        return NULL;
    }
    list->count++;
    list->open[0].type = cJSON_Object;
    list->members[0] = 0;
    list->depth = 1;
    rq->list = list;
    return &list->open[0];
}

void mc_write_list_commit(McRequest *rq, McWriteList *list) {
    while (list->depth > 0) close_last(list);
    if (list->text.failed) rq->oom = 1;
    rq->list = NULL;
    mc_arena_rewind(rq->env.arena, list->mark);
}

void mc_write_list_end(McRequest *rq, McWriteList *list, cJSON *parent, const char *key) {
    if (!mc_json_text_put(&list->text, list->count ? "]" : "[]", list->count ? 1 : 2) ||
        !mc_json_text_put(&list->text, "", 1))
        rq->oom = 1;
    if (!rq->oom) mc_write_add(rq, parent, key, cJSON_CreateRaw(list->text.buf));
    mc_json_text_free(&list->text);
}
