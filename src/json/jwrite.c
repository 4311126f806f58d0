#include "json/jwrite.h"

#include <math.h>

double mc_round9(double v) {
    if (!isfinite(v)) return 0;
    // Beyond 1e6 a multiple of 1e-9 has no exact double neighbour worth printing; such values are
    // counts and limits, already whole.
    double r = fabs(v) < 1e6 ? round(v * 1e9) / 1e9 : v;
    return r == 0 ? 0 : r;
}

static cJSON *checked(McJson *j, cJSON *item) {
    if (!item) j->oom = 1;
    return item;
}

void mc_jw_add(McJson *j, cJSON *parent, const char *key, cJSON *item) {
    if (!item || !parent) {
        j->oom = 1;
        cJSON_Delete(item);
        return;
    }
    if (key) {
        // The key is not copied: it must stay valid until the response is printed (jwrite.h).
        if (!cJSON_AddItemToObjectCS(parent, key, item)) {
            j->oom = 1;
            cJSON_Delete(item);
        }
    } else if (!cJSON_AddItemToArray(parent, item)) {
        j->oom = 1;
        cJSON_Delete(item);
    }
}

cJSON *mc_jw_object(McJson *j, cJSON *parent, const char *key) {
    cJSON *o = checked(j, cJSON_CreateObject());
    mc_jw_add(j, parent, key, o);
    return j->oom ? NULL : o;
}

cJSON *mc_jw_array(McJson *j, cJSON *parent, const char *key) {
    cJSON *a = checked(j, cJSON_CreateArray());
    mc_jw_add(j, parent, key, a);
    return j->oom ? NULL : a;
}

void mc_jw_number(McJson *j, cJSON *obj, const char *key, double v) {
    mc_jw_add(j, obj, key, cJSON_CreateNumber(mc_round9(v)));
}

void mc_jw_string(McJson *j, cJSON *obj, const char *key, const char *s) {
    mc_jw_add(j, obj, key, s ? cJSON_CreateString(s) : cJSON_CreateNull());
}

void mc_jw_bool(McJson *j, cJSON *obj, const char *key, int b) {
    mc_jw_add(j, obj, key, cJSON_CreateBool(b));
}

void mc_jw_push_number(McJson *j, cJSON *array, double v) {
    mc_jw_add(j, array, NULL, cJSON_CreateNumber(mc_round9(v)));
}

cJSON *mc_jw_push_object(McJson *j, cJSON *array) { return mc_jw_object(j, array, NULL); }

void mc_jw_reasons(McJson *j, cJSON *obj, const char *key, const McReasons *reasons) {
    cJSON *arr = mc_jw_array(j, obj, key);
    if (!arr) return;
    for (int i = 0; i < reasons->count; i++) {
        const McReason *r = &reasons->items[i];
        cJSON *o = mc_jw_push_object(j, arr);
        if (!o) return;
        mc_jw_string(j, o, "code", r->code);
        mc_jw_string(j, o, "rule", r->rule);
        mc_jw_string(j, o, "message", r->message);
        if (r->unit) mc_jw_string(j, o, "unit", r->unit);
        if (r->action >= 0) mc_jw_number(j, o, "action", r->action);
        if (r->has_hex) {
            cJSON *h = mc_jw_object(j, o, "hex");
            if (h) {
                mc_jw_number(j, h, "q", r->q);
                mc_jw_number(j, h, "r", r->r);
                // odd-r offset coordinates beside axial ones (CONTRACT.md "Hex boards")
                mc_jw_number(j, h, "col", r->q + (r->r - (r->r & 1)) / 2);
                mc_jw_number(j, h, "row", r->r);
            }
        }
        if (r->has_point) {
            cJSON *p = mc_jw_object(j, o, "point");
            if (p) {
                mc_jw_number(j, p, "x", r->x);
                mc_jw_number(j, p, "y", r->y);
            }
        }
    }
}

cJSON *mc_jw_list_object(McJson *j, McJwList *list) {
    list->mark = mc_arena_mark(j->env.arena);
    return checked(j, cJSON_CreateObject());
}

void mc_jw_list_commit(McJson *j, McJwList *list, cJSON *item) {
    if (item && !j->oom) {
        if (!mc_json_text_put(&list->text, list->count ? "," : "[", 1) || !mc_json_text_item(&list->text, item))
            j->oom = 1;
        list->count++;
    }
    mc_arena_rewind(j->env.arena, list->mark);
}

void mc_jw_list_end(McJson *j, McJwList *list, cJSON *parent, const char *key) {
    if (!mc_json_text_put(&list->text, list->count ? "]" : "[]", list->count ? 1 : 2) ||
        !mc_json_text_put(&list->text, "", 1))
        j->oom = 1;
    if (!j->oom) mc_jw_add(j, parent, key, cJSON_CreateRaw(list->text.buf));
    mc_json_text_free(&list->text);
}
