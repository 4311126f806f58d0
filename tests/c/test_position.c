// Positions kept in the engine (mc_position_*): every scenario's request split into its position
// and its query answers byte for byte as the whole request does, before and after an update; the
// errors name their JSON path; open, update, ask and close leak nothing.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/work.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

// The request with the position's members first, as mc_position_ask links them.
static char *full_text(const cJSON *request) {
    cJSON *f = cJSON_CreateObject();
    for (int pass = 0; pass < 2; pass++)
        for (const cJSON *m = request->child; m; m = m->next)
            if (mc_is_position_key(m->string) == !pass) cJSON_AddItemToObject(f, m->string, cJSON_Duplicate(m, 1));
    char *text = cJSON_PrintUnformatted(f);
    cJSON_Delete(f);
    return text;
}

// The change the update test makes, applied by hand to `request` as well: the first unit moved
// one along (x or q), the last of two or more removed.
static char *change_and_apply(cJSON *request) {
    cJSON *units = cJSON_GetObjectItemCaseSensitive(request, "units");
    int n = cJSON_GetArraySize(units);
    cJSON *first = n ? cJSON_GetArrayItem(units, 0) : NULL;
    cJSON *id = first ? cJSON_GetObjectItemCaseSensitive(first, "id") : NULL;
    if (!cJSON_IsArray(units) || !cJSON_IsString(id)) return NULL;
    char buf[512];
    int len = snprintf(buf, sizeof buf, "{\"units\":[{\"id\":\"%s\"", id->valuestring);
    const char *moved[] = {"x", "q"};
    for (int k = 0; k < 2; k++) {
        cJSON *v = cJSON_GetObjectItemCaseSensitive(first, moved[k]);
        if (!cJSON_IsNumber(v)) continue;
        len += snprintf(buf + len, sizeof buf - (size_t)len, ",\"%s\":%.17g", moved[k], v->valuedouble + 1);
        cJSON_SetNumberValue(v, v->valuedouble + 1);
    }
    len += snprintf(buf + len, sizeof buf - (size_t)len, "}]");
    cJSON *last = cJSON_GetArrayItem(units, n - 1);
    cJSON *last_id = cJSON_GetObjectItemCaseSensitive(last, "id");
    if (n >= 2 && cJSON_IsString(last_id) && strcmp(last_id->valuestring, id->valuestring) != 0) {
        len += snprintf(buf + len, sizeof buf - (size_t)len, ",\"remove\":[\"%s\"]", last_id->valuestring);
        cJSON_DeleteItemFromArray(units, n - 1);
    }
    snprintf(buf + len, sizeof buf - (size_t)len, "}");
    char *out = malloc(strlen(buf) + 1);
    if (out) memcpy(out, buf, strlen(buf) + 1);
    return out;
}

// The ask `asked` (just made) against the full request `full`: the same bytes, and the same work
// units spent (mc_work_spent stays as the last call left it), so that both meet MC_MAX_WORK at the
// same step, a kept world's ask included (mc_kept_read). Returns whether the answer is a result
// (not an error).
static int check_same(const char *file, const char *what, const char *full, char *asked) {
    uint64_t ask_work = mc_work_spent;
    char *whole = mc_request(full);
    if (strcmp(whole, asked) != 0)
        mc_test_fail(__FILE__, __LINE__, "%s (%s): position answer %.300s differs from the request's %.300s", file,
                     what, asked, whole);
    if (mc_work_spent != ask_work)
        mc_test_fail(__FILE__, __LINE__, "%s (%s): the ask spent %llu work units, the request %llu", file, what,
                     (unsigned long long)ask_work, (unsigned long long)mc_work_spent);
    int answered = strncmp(asked, "{\"ok\":true", 10) == 0;
    mc_free(whole);
    mc_free(asked);
    return answered;
}

MC_TEST(positions_answer_as_requests, "every scenario: open(position) + ask(query) == request, before and after an update") {
    int count = 0, split_count = 0, updated = 0;
    size_t before = mc_bytes_in_use();
    char **files = mc_scenario_files(&count);
    for (int i = 0; i < count; i++) {
        char *text = mc_read_file(files[i], NULL);
        cJSON *sc = text ? cJSON_Parse(text) : NULL;
        free(text);
        cJSON *request = cJSON_GetObjectItemCaseSensitive(sc, "request");
        if (!cJSON_IsObject(request) || !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(request, "system"))) {
            cJSON_Delete(sc);
            continue;
        }
        char *position, *query, *opened = NULL;
        mc_split_request(request, &position, &query);
        McPosition pos = mc_position_open(position, &opened);
        if (!pos) {
            mc_test_fail(__FILE__, __LINE__, "%s: the position does not open: %s", files[i], opened);
        } else {
            split_count++;
            char *full = full_text(request);
            check_same(files[i], "as opened", full, mc_position_ask(pos, query));
            // Asked again, from the world kept by the first ask.
            check_same(files[i], "asked again", full, mc_position_ask(pos, query));
            cJSON_free(full);
            char *change = change_and_apply(request);
            if (change) {
                char *done = mc_position_update(pos, change);
                if (strcmp(done, "{\"ok\":true}") != 0)
                    mc_test_fail(__FILE__, __LINE__, "%s: update %s: %s", files[i], change, done);
                mc_free(done);
                full = full_text(request);
                check_same(files[i], change, full, mc_position_ask(pos, query));
                cJSON_free(full);
                free(change);
                updated++;
            }
            mc_position_close(pos);
        }
        mc_free(opened);
        cJSON_free(position);
        cJSON_free(query);
        cJSON_Delete(sc);
    }
    mc_free_list(files, count);
    printf("%d of %d scenario files split and asked, %d of them updated too\n", split_count, count, updated);
    MC_CHECK(split_count > 400);
    MC_CHECK(updated > 300);
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

// Returns the error path of a response ("" when it has none), checking its code.
static void check_error(char *response, const char *code, const char *path) {
    cJSON *r = cJSON_Parse(response);
    cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    MC_CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "code")), code);
    MC_CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "path")), path);
    cJSON_Delete(r);
    mc_free(response);
}

static const char *const GG_POSITION =
    "{\"system\":\"godsgloom\",\"board\":{\"cols\":7,\"rows\":7},\"units\":["
    "{\"id\":\"a\",\"side\":\"red\",\"q\":1,\"r\":3,\"facing\":0,\"speed\":3},"
    "{\"id\":\"e\",\"side\":\"blue\",\"q\":4,\"r\":3,\"facing\":3}]}";

MC_TEST(position_errors_name_paths, "positions: errors name the JSON path and leave the position as it was") {
    size_t before = mc_bytes_in_use();
    char *response = NULL;
    MC_CHECK(mc_position_open("{\"system\":\"godsgloom\",\"unit\":\"a\"}", &response) == 0);
    check_error(response, "bad_request", "unit");
    MC_CHECK(mc_position_open("{\"units\":[]}", &response) == 0);
    check_error(response, "bad_request", "system");
    MC_CHECK(mc_position_open("{\"system\":", &response) == 0);
    check_error(response, "bad_json", "");
    McPosition pos = mc_position_open(GG_POSITION, NULL);
    MC_CHECK(pos != 0);
    char *first = mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"a\"}");
    check_error(mc_position_update(pos, "{\"remove\":[\"a\",\"zz\"]}"), "unknown_unit", "remove[1]");
    check_error(mc_position_update(pos, "{\"units\":[{\"id\":\"a\",\"q\":2},{\"q\":2}]}"), "bad_request", "units[1].id");
    check_error(mc_position_update(pos, "{\"units\":[{\"id\":\"a\"},{\"id\":\"a\"}]}"), "bad_request", "units[1].id");
    check_error(mc_position_update(pos, "{\"unit\":\"a\"}"), "bad_request", "unit");
    check_error(mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"a\",\"units\":[]}"), "bad_request", "units");
    // The failed updates changed nothing.
    char *again = mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"a\"}");
    MC_CHECK_STR(again, first);
    mc_free(first);
    mc_free(again);
    // A unit the position's query names but the update removed: the request's own error.
    char *done = mc_position_update(pos, "{\"remove\":[\"a\"]}");
    MC_CHECK_STR(done, "{\"ok\":true}");
    mc_free(done);
    check_error(mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"a\"}"), "unknown_unit", "unit");
    mc_position_close(pos);
    check_error(mc_position_ask(pos, "{\"query\":\"reach\",\"unit\":\"a\"}"), "bad_request", "");
    check_error(mc_position_update(pos, "{}"), "bad_request", "");
    mc_position_close(pos);
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

MC_TEST(position_closed_handle_stays_closed,
        "positions: a closed position's handle is refused after a new position takes its slot") {
    size_t before = mc_bytes_in_use();
    McPosition open[MC_MAX_POSITIONS];
    for (int i = 0; i < MC_MAX_POSITIONS; i++) open[i] = mc_position_open(GG_POSITION, NULL);
    McPosition old = open[MC_MAX_POSITIONS / 2];
    MC_CHECK(old != 0);
    mc_position_close(old);
    // With every other slot taken, the new position takes the closed one's.
    McPosition fresh = mc_position_open(GG_POSITION, NULL);
    MC_CHECK(fresh != 0 && fresh != old);
    check_error(mc_position_ask(old, "{\"query\":\"reach\",\"unit\":\"a\"}"), "bad_request", "");
    check_error(mc_position_ask_arrays(old, "{\"query\":\"reach\",\"unit\":\"a\"}"), "bad_request", "");
    check_error(mc_position_update(old, "{\"remove\":[\"a\"]}"), "bad_request", "");
    MC_CHECK(mc_position_column(old, MC_COLUMN_Q) == NULL);
    MC_CHECK_INT(mc_position_rows(old, MC_COLUMN_Q), 0);
    mc_position_close(old); // ignored: the new position stays open
    char *answer = mc_position_ask(fresh, "{\"query\":\"reach\",\"unit\":\"a\"}");
    MC_CHECK(strncmp(answer, "{\"ok\":true", 10) == 0);
    mc_free(answer);
    // The update refused above removed nothing: `a` is still there to ask about.
    char *columns = mc_position_ask_arrays(fresh, "{\"query\":\"reach\",\"unit\":\"a\"}");
    MC_CHECK(strncmp(columns, "{\"ok\":true", 10) == 0);
    MC_CHECK(mc_position_rows(fresh, MC_COLUMN_Q) > 0);
    mc_free(columns);
    mc_position_close(fresh);
    for (int i = 0; i < MC_MAX_POSITIONS; i++) mc_position_close(open[i]);
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

MC_TEST(positions_bounded_and_leak_free, "positions: at most MC_MAX_POSITIONS open; many opened, used and closed leave nothing") {
    size_t before = mc_bytes_in_use();
    McPosition open[MC_MAX_POSITIONS];
    for (int round = 0; round < 20; round++) {
        for (int i = 0; i < MC_MAX_POSITIONS; i++) {
            open[i] = mc_position_open(GG_POSITION, NULL);
            MC_CHECK(open[i] != 0);
        }
        char *response = NULL;
        MC_CHECK(mc_position_open(GG_POSITION, &response) == 0);
        check_error(response, "limit", "");
        for (int i = 0; i < MC_MAX_POSITIONS; i++) {
            char change[160];
            snprintf(change, sizeof change,
                     "{\"units\":[{\"id\":\"a\",\"q\":%d},{\"id\":\"n%d\",\"side\":\"red\",\"q\":0,\"r\":0,\"facing\":1}],"
                     "\"board\":{\"cols\":6,\"rows\":7}}",
                     1 + i % 3, i);
            char *done = mc_position_update(open[i], change);
            MC_CHECK_STR(done, "{\"ok\":true}");
            mc_free(done);
            char *answer = mc_position_ask(open[i], "{\"query\":\"reach\",\"unit\":\"a\"}");
            MC_CHECK(strncmp(answer, "{\"ok\":true", 10) == 0);
            mc_free(answer);
        }
        for (int i = 0; i < MC_MAX_POSITIONS; i++) mc_position_close(open[i]);
        MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
    }
}

// Updates the position by `update` (deleted here), already made to `request` by hand, then checks
// the ask against the request. Returns whether the update was taken; `answered` (NULL: not asked)
// whether the ask's answer is a result.
static int update_both(McPosition pos, cJSON *request, const char *query, const char *file, cJSON *update, int *answered) {
    char *text = cJSON_PrintUnformatted(update);
    cJSON_Delete(update);
    char *done = mc_position_update(pos, text);
    int ok = strcmp(done, "{\"ok\":true}") == 0;
    if (!ok) mc_test_fail(__FILE__, __LINE__, "%s: update %s: %s", file, text, done);
    mc_free(done);
    char *full = full_text(request);
    int result = check_same(file, text, full, mc_position_ask(pos, query));
    if (answered) *answered = result;
    cJSON_free(full);
    cJSON_free(text);
    return ok;
}

// Applies `change` (an object with the unit's "id" and the fields it changes, null taking one
// away) to the unit of `request` and to the position, then checks the ask against the request.
// Returns whether the update was taken; `answered` (NULL: not asked) whether the ask's answer is a
// result.
static int change_both(McPosition pos, cJSON *request, const char *query, const char *file, cJSON *change, int *answered) {
    cJSON *units = cJSON_GetObjectItemCaseSensitive(request, "units");
    const char *id = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(change, "id"));
    cJSON *unit = NULL;
    for (cJSON *u = units->child; u && !unit; u = u->next)
        if (strcmp(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u, "id")), id) == 0) unit = u;
    for (const cJSON *f = change->child; f; f = f->next) {
        cJSON_DeleteItemFromObjectCaseSensitive(unit, f->string);
        if (!cJSON_IsNull(f)) cJSON_AddItemToObject(unit, f->string, cJSON_Duplicate(f, 1));
    }
    cJSON *wrap = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(wrap, "units");
    cJSON_AddItemToArray(list, cJSON_Duplicate(change, 1));
    return update_both(pos, request, query, file, wrap, answered);
}

// A change of unit `unit` of `request`: its id, and `key` set to the unit's own value plus `by`
// (NULL when the unit has no number there).
static cJSON *moved(const cJSON *request, int unit, const char *key, double by) {
    const cJSON *u = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(request, "units"), unit);
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(u, "id"), *v = cJSON_GetObjectItemCaseSensitive(u, key);
    if (!cJSON_IsString(id) || !cJSON_IsNumber(v)) return NULL;
    cJSON *c = cJSON_CreateObject();
    cJSON_AddStringToObject(c, "id", id->valuestring);
    cJSON_AddNumberToObject(c, key, v->valuedouble + by);
    return c;
}

// The members that give a unit's place: a hex, an offset or a Huge miniature's hexons.
static const char *const place_keys[] = {"q", "r", "col", "row", "hexons", NULL};

// A change of `unit` giving it the place of `other`, its own place members taken away.
static cJSON *placed_as(const cJSON *unit, const cJSON *other) {
    cJSON *c = cJSON_CreateObject();
    cJSON_AddItemToObject(c, "id", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(unit, "id"), 1));
    for (int k = 0; place_keys[k]; k++) {
        const cJSON *v = cJSON_GetObjectItemCaseSensitive(other, place_keys[k]);
        if (v)
            cJSON_AddItemToObject(c, place_keys[k], cJSON_Duplicate(v, 1));
        else if (cJSON_GetObjectItemCaseSensitive(unit, place_keys[k]))
            cJSON_AddNullToObject(c, place_keys[k]);
    }
    return c;
}

static void shift(cJSON *obj, const char *a, const char *b, const int d[2]) {
    cJSON *x = cJSON_GetObjectItemCaseSensitive(obj, a), *y = cJSON_GetObjectItemCaseSensitive(obj, b);
    cJSON_SetNumberValue(x, x->valuedouble + d[0]);
    cJSON_SetNumberValue(y, y->valuedouble + d[1]);
}

// A change moving `unit` by step `s` (0..5) of a ring that ends where it began: one hex for an
// axial place, one hexon of the lattice for a Large or Huge miniature (centres (2, 1) and (-1, 3)
// apart, A-TW-1), a column or a row for an offset place. NULL for any other place.
static cJSON *ring_step(const cJSON *unit, int s) {
    static const int hex[6][2] = {{1, 0}, {1, -1}, {0, -1}, {-1, 0}, {-1, 1}, {0, 1}};
    static const int hexon[6][2] = {{2, 1}, {-1, 3}, {-3, 2}, {-2, -1}, {1, -3}, {3, -2}};
    static const int offset[6][2] = {{1, 0}, {0, 1}, {0, 1}, {-1, 0}, {0, -1}, {0, -1}};
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(unit, "size");
    const cJSON *hexons = cJSON_GetObjectItemCaseSensitive(unit, "hexons");
    int large = cJSON_IsString(size) && strcmp(size->valuestring, "large") == 0;
    cJSON *c = cJSON_CreateObject();
    cJSON_AddItemToObject(c, "id", cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(unit, "id"), 1));
    int ok = 1;
    if (cJSON_IsArray(hexons)) {
        cJSON *moved = cJSON_Duplicate(hexons, 1);
        cJSON_AddItemToObject(c, "hexons", moved);
        for (cJSON *h = moved->child; h && ok; h = h->next)
            if ((ok = cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(h, "q")) && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(h, "r"))))
                shift(h, "q", "r", hexon[s]);
    } else if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(unit, "q")) && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(unit, "r"))) {
        cJSON_AddNumberToObject(c, "q", cJSON_GetObjectItemCaseSensitive(unit, "q")->valuedouble);
        cJSON_AddNumberToObject(c, "r", cJSON_GetObjectItemCaseSensitive(unit, "r")->valuedouble);
        shift(c, "q", "r", large ? hexon[s] : hex[s]);
    } else if (cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(unit, "col")) && cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(unit, "row"))) {
        cJSON_AddNumberToObject(c, "col", cJSON_GetObjectItemCaseSensitive(unit, "col")->valuedouble);
        cJSON_AddNumberToObject(c, "row", cJSON_GetObjectItemCaseSensitive(unit, "row")->valuedouble);
        shift(c, "col", "row", offset[s]);
    } else {
        ok = 0;
    }
    if (!ok) cJSON_Delete(c);
    return ok ? c : NULL;
}

// Whether `system` is a hex game of src/systems.def, the one list of games: every hex game keeps
// its world with a unit a hex (or the hexes it covers), which walk_hex_units moves about.
static int is_hex_game(const char *system) {
    static const struct {
        const char *id, *board;
    } games[] = {
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) {id, board},
#include "systems.def"
#undef MC_SYSTEM
    };
    for (size_t i = 0; system && i < sizeof games / sizeof games[0]; i++)
        if (strcmp(games[i].id, system) == 0) return strcmp(games[i].board, "hex") == 0;
    return 0;
}

// Counts of walk_hex_units.
typedef struct HexWalks {
    int changes, results, shared, huge;
} HexWalks;

// The first units of a hex game's position put on one another's places (a hex
// shared: the request's error, or a C&C leader joining a friendly unit) and back, each walked round
// a ring (a leader leaving its unit); then the first unit removed and added back in one update (it comes last, and the world is
// read anew) and walked again. Every ask is checked against the request.
static void walk_hex_units(McPosition pos, cJSON *request, const char *query, const char *file, HexWalks *w) {
    cJSON *units = cJSON_GetObjectItemCaseSensitive(request, "units");
    int n = cJSON_GetArraySize(units), m = n < 5 ? n : 5, answered = 0;
    for (int i = 0; i < m; i++) {
        cJSON *was = cJSON_Duplicate(cJSON_GetArrayItem(units, i), 1);
        for (int o = 0; o < m; o++) {
            if (o == i) continue;
            cJSON *c = placed_as(cJSON_GetArrayItem(units, i), cJSON_GetArrayItem(units, o));
            w->changes += change_both(pos, request, query, file, c, &answered);
            w->results += answered;
            w->shared += answered;
            cJSON_Delete(c);
        }
        cJSON *c = placed_as(cJSON_GetArrayItem(units, i), was);
        w->changes += change_both(pos, request, query, file, c, NULL);
        cJSON_Delete(c);
        cJSON_Delete(was);
        for (int step = 0; step < 6 && (c = ring_step(cJSON_GetArrayItem(units, i), step)); step++) {
            w->changes += change_both(pos, request, query, file, c, &answered);
            w->results += answered;
            w->huge += answered && cJSON_GetObjectItemCaseSensitive(c, "hexons");
            cJSON_Delete(c);
        }
    }
    if (n < 2) return;
    cJSON *first = cJSON_DetachItemFromArray(units, 0);
    cJSON *change = cJSON_CreateObject();
    cJSON_AddItemToArray(cJSON_AddArrayToObject(change, "remove"), cJSON_Duplicate(cJSON_GetObjectItemCaseSensitive(first, "id"), 1));
    cJSON_AddItemToArray(cJSON_AddArrayToObject(change, "units"), cJSON_Duplicate(first, 1));
    cJSON_AddItemToArray(units, first);
    MC_CHECK(update_both(pos, request, query, file, change, &answered));
    w->results += answered;
    cJSON *c;
    for (int step = 0; step < 6 && (c = ring_step(cJSON_GetArrayItem(units, n - 1), step)); step++) {
        w->changes += change_both(pos, request, query, file, c, &answered);
        w->results += answered;
        cJSON_Delete(c);
    }
}

MC_TEST(kept_worlds_follow_updates,
        "every scenario: units replaced in place one after another (moved, moved back, turned, renamed traits; "
        "every hex game's units put on one another's places, walked round rings of hexes or hexons, removed "
        "and added back) answer as the request does, errors included") {
    int count = 0, changes = 0, added = 0;
    HexWalks walks = {0, 0, 0, 0};
    size_t before = mc_bytes_in_use();
    char **files = mc_scenario_files(&count);
    for (int i = 0; i < count; i++) {
        char *text = mc_read_file(files[i], NULL);
        cJSON *sc = text ? cJSON_Parse(text) : NULL;
        free(text);
        cJSON *request = cJSON_GetObjectItemCaseSensitive(sc, "request");
        cJSON *units = cJSON_GetObjectItemCaseSensitive(request, "units");
        if (!cJSON_IsObject(request) || !cJSON_IsArray(units) || cJSON_GetArraySize(units) == 0) {
            cJSON_Delete(sc);
            continue;
        }
        char *position, *query;
        mc_split_request(request, &position, &query);
        McPosition pos = mc_position_open(position, NULL);
        if (pos) {
            char *first = mc_position_ask(pos, query);
            mc_free(first);
            int n = cJSON_GetArraySize(units);
            // Each of the first three units moved one along, and back (onto another unit or off the
            // board at times: the request's error, then its answer again); turned; then, on a hex
            // board, given a trait the engine does not know, and its own traits back.
            static const struct {
                const char *key;
                double by;
            } steps[] = {{"x", 1}, {"x", -1}, {"q", 1}, {"q", -1}, {"y", -0.25}, {"y", 0.25}, {"facing", 45}, {"facing", -45}};
            for (int u = 0; u < n && u < 3; u++)
                for (size_t s = 0; s < sizeof steps / sizeof steps[0]; s++) {
                    cJSON *c = moved(request, u, steps[s].key, steps[s].by);
                    if (!c) continue;
                    // A hex facing is 0..5: a turn of one side, and back.
                    if (strcmp(steps[s].key, "facing") == 0 && cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(units, u), "q")) {
                        cJSON *f = cJSON_GetObjectItemCaseSensitive(c, "facing");
                        double was = f->valuedouble - steps[s].by;
                        cJSON_SetNumberValue(f, (s % 2 ? was - 1 : (double)(((int)was + 1) % 6)));
                        if (f->valuedouble < 0) cJSON_SetNumberValue(f, 5);
                    }
                    changes += change_both(pos, request, query, files[i], c, NULL);
                    cJSON_Delete(c);
                }
            cJSON *u0 = cJSON_GetArrayItem(units, 0);
            if (cJSON_GetObjectItemCaseSensitive(u0, "q") && cJSON_GetObjectItemCaseSensitive(u0, "id")) {
                cJSON *traits = cJSON_GetObjectItemCaseSensitive(u0, "traits");
                cJSON *was = traits ? cJSON_Duplicate(traits, 1) : cJSON_CreateNull();
                cJSON *c = cJSON_CreateObject();
                cJSON_AddStringToObject(c, "id", cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(u0, "id")));
                cJSON *mystery = cJSON_AddArrayToObject(c, "traits");
                cJSON_AddItemToArray(mystery, cJSON_CreateString("Mystery"));
                changes += change_both(pos, request, query, files[i], c, NULL);
                cJSON_ReplaceItemInObjectCaseSensitive(c, "traits", was);
                changes += change_both(pos, request, query, files[i], c, NULL);
                cJSON_Delete(c);
            }
            // A unit added (a copy of the first under a new id: on a hex board, on a taken hex) and
            // removed again: the world is read anew each time, then kept for a unit moved in place.
            cJSON *copy = cJSON_Duplicate(cJSON_GetArrayItem(units, 0), 1);
            cJSON_DeleteItemFromObjectCaseSensitive(copy, "id");
            cJSON_AddStringToObject(copy, "id", "added-by-test");
            cJSON *wrap = cJSON_CreateObject();
            cJSON_AddItemToArray(cJSON_AddArrayToObject(wrap, "units"), cJSON_Duplicate(copy, 1));
            cJSON_AddItemToArray(units, copy);
            added += update_both(pos, request, query, files[i], wrap, NULL);
            cJSON_DetachItemFromArray(units, cJSON_GetArraySize(units) - 1);
            cJSON_Delete(copy);
            added += update_both(pos, request, query, files[i], cJSON_Parse("{\"remove\":[\"added-by-test\"]}"), NULL);
            cJSON *c = moved(request, 0, "x", 0.5);
            if (c) changes += change_both(pos, request, query, files[i], c, NULL);
            cJSON_Delete(c);
            const char *system = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(request, "system"));
            if (is_hex_game(system)) walk_hex_units(pos, request, query, files[i], &walks);
            mc_position_close(pos);
        }
        cJSON_free(position);
        cJSON_free(query);
        cJSON_Delete(sc);
    }
    mc_free_list(files, count);
    printf("%d in-place changes asked, %d additions and removals, and %d more in the hex games (%d answered with a result: %d on "
           "another unit's place, %d of a Huge miniature)\n",
           changes, added, walks.changes, walks.results, walks.shared, walks.huge);
    MC_CHECK(added > 800);
    MC_CHECK(changes > 1000);
    MC_CHECK(walks.changes > 2000);
    MC_CHECK(walks.shared > 50);
    MC_CHECK(walks.huge > 10);
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

// An Arcane Legions move whose whole request spends just about MC_MAX_WORK: the mover stands on 384
// control 64-gons and 91 control squares (each re-tested at every action of every option of six
// open turns), with `fillers` sorties far away, each adding its 64 units of the broad phase's build
// (src/geom/broadphase.c) to the read. EDGE_FILLERS is the fewest that take the request past the
// limit: found by trying, and checked below, since any change to the work counts moves it.
enum { EDGE_CIRCLES = 384, EDGE_SQUARES = 91, EDGE_FILLERS = 27 };

MC_TEST(kept_gg_unit_renames_ignored_names,
        "GG-TRT-1 positions: a unit replaced in place with other unknown trait names, as many or more, is "
        "answered with the new names, as the request is") {
    size_t before = mc_bytes_in_use();
    cJSON *request = cJSON_Parse(
        "{\"system\":\"godsgloom\",\"query\":\"reach\",\"unit\":\"a\",\"board\":{\"cols\":5,\"rows\":5},\"units\":["
        "{\"id\":\"a\",\"side\":\"red\",\"q\":1,\"r\":2,\"facing\":0,\"speed\":2,\"traits\":[\"Swift\"]}]}");
    char *position, *query;
    mc_split_request(request, &position, &query);
    McPosition pos = mc_position_open(position, NULL);
    MC_CHECK(pos != 0);
    mc_free(mc_position_ask(pos, query));
    // One unknown name for another (the kept world's room for one), then two for one (read anew).
    const char *const changes[] = {"{\"id\":\"a\",\"traits\":[\"Fearless\"]}",
                                   "{\"id\":\"a\",\"traits\":[\"Fearless\",\"Huge\"]}"};
    const char *const listed[] = {"\"name\":\"Fearless\"}]", "\"name\":\"Fearless\"},{\"unit\":\"a\",\"list\":\"traits\",\"name\":\"Huge\"}]"};
    for (int i = 0; i < 2; i++) {
        cJSON *change = cJSON_Parse(changes[i]);
        int answered = 0;
        MC_CHECK(change_both(pos, request, query, "kept_gg_unit_renames_ignored_names", change, &answered) && answered);
        cJSON_Delete(change);
        char *answer = mc_position_ask(pos, query);
        MC_CHECK(strstr(answer, listed[i]) != NULL);
        MC_CHECK(strstr(answer, "Swift") == NULL);
        mc_free(answer);
    }
    mc_position_close(pos);
    cJSON_free(position);
    cJSON_free(query);
    cJSON_Delete(request);
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

static cJSON *edge_request(int fillers) {
    cJSON *r = cJSON_CreateObject(), *units = cJSON_AddArrayToObject(r, "units");
    cJSON *terrain = cJSON_AddArrayToObject(r, "terrain"), *circle = cJSON_CreateArray();
    cJSON_AddStringToObject(r, "system", "arcane-legions");
    cJSON_AddStringToObject(r, "query", "move");
    cJSON_AddItemToArray(units, cJSON_Parse("{\"id\":\"m\",\"side\":\"red\",\"x\":50,\"y\":50,\"facing\":0,\"base\":\"formation\",\"movementIcons\":1000}"));
    char buf[160];
    for (int i = 0; i < fillers; i++) {
        snprintf(buf, sizeof buf, "{\"id\":\"f%d\",\"side\":\"blue\",\"x\":%d,\"y\":500,\"facing\":0,\"base\":\"sortie\"}", i, 500 + 3 * i);
        cJSON_AddItemToArray(units, cJSON_Parse(buf));
    }
    for (int k = 0; k < 64; k++) {
        double a = 2 * 3.14159265358979323846 * k / 64;
        const double xy[2] = {50 + 8 * cos(a), 50 + 8 * sin(a)};
        cJSON_AddItemToArray(circle, cJSON_CreateDoubleArray(xy, 2));
    }
    for (int i = 0; i < EDGE_CIRCLES + EDGE_SQUARES; i++) {
        cJSON *t = cJSON_CreateObject();
        snprintf(buf, sizeof buf, "t%d", i);
        cJSON_AddStringToObject(t, "id", buf);
        cJSON_AddStringToObject(t, "kind", "control");
        cJSON_AddItemToObject(t, "polygon", i < EDGE_CIRCLES ? cJSON_Duplicate(circle, 1) : cJSON_Parse("[[42,42],[58,42],[58,58],[42,58]]"));
        cJSON_AddItemToArray(terrain, t);
    }
    cJSON_Delete(circle);
    cJSON *order = cJSON_AddObjectToObject(r, "order"), *actions = cJSON_AddArrayToObject(order, "actions");
    cJSON_AddStringToObject(order, "unit", "m");
    for (int i = 0; i < 6; i++) {
        cJSON_AddItemToArray(actions, cJSON_Parse("{\"step\":\"forward\",\"distance\":0.5}"));
        cJSON_AddItemToArray(actions, cJSON_Parse("{\"turn\":45,\"off\":\"front\"}"));
    }
    return r;
}

MC_TEST(kept_world_meets_work_limit_as_request,
        "a request on either side of MC_MAX_WORK answers the same through a position (read, kept, a unit read "
        "again) as in full, spending the same work") {
    for (int fillers = EDGE_FILLERS - 1; fillers <= EDGE_FILLERS; fillers++) {
        cJSON *request = edge_request(fillers);
        char *full = full_text(request), *position, *query;
        char *whole = mc_request(full);
        int over = fillers == EDGE_FILLERS;
        // The request's read charged 64 per box: the mover, the fillers and the convex pieces.
        uint64_t read = 64 * (uint64_t)(1 + fillers + EDGE_CIRCLES + EDGE_SQUARES);
        if (over) {
            MC_CHECK(strstr(whole, "\"code\":\"limit\"") != NULL);
            // Past the limit by less than the read: an ask that skipped the read's charge would pass.
            MC_CHECK(mc_work_spent > MC_MAX_WORK && mc_work_spent - read <= MC_MAX_WORK);
        } else {
            MC_CHECK(strncmp(whole, "{\"ok\":true", 10) == 0);
        }
        mc_free(whole);
        mc_split_request(request, &position, &query);
        McPosition pos = mc_position_open(position, NULL);
        MC_CHECK(pos != 0);
        check_same("edge", "read", full, mc_position_ask(pos, query));
        check_same("edge", "kept", full, mc_position_ask(pos, query));
        cJSON *same = moved(request, fillers > 0 ? 1 : 0, "x", 0);
        change_both(pos, request, query, "edge", same, NULL);
        cJSON_Delete(same);
        mc_position_close(pos);
        cJSON_free(position);
        cJSON_free(query);
        cJSON_free(full);
        cJSON_Delete(request);
    }
}

MC_TEST(describe_names_position_limit, "describe lists MC_MAX_POSITIONS among the limits") {
    char *r = mc_request("{\"query\":\"describe\"}");
    char want[64];
    snprintf(want, sizeof want, "\"MC_MAX_POSITIONS\":%d", MC_MAX_POSITIONS);
    MC_CHECK(strstr(r, want) != NULL);
    mc_free(r);
}

// The int column `c` of the last arrays ask, row `i`.
static int column_at(McPosition pos, int c, int i) { return ((const int32_t *)mc_position_column(pos, c))[i]; }

// Checks an arrays ask of a hex reach against the JSON ask of the same query: the error text
// itself when the JSON answer is one, else the row count and each row's q, r and cost against
// the answer's `hexes`, and parents within the rows.
static void check_reach_columns(const char *file, McPosition pos, const char *json_text, const char *arrays_text) {
    cJSON *json = cJSON_Parse(json_text), *arrays = cJSON_Parse(arrays_text);
    if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(json, "ok"))) {
        if (strcmp(json_text, arrays_text) != 0) mc_test_fail(__FILE__, __LINE__, "%s: the arrays ask's error differs", file);
        MC_CHECK_INT(mc_position_rows(pos, MC_COLUMN_Q), 0);
    } else {
        const cJSON *hexes = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(json, "result"), "hexes");
        const cJSON *rows = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(arrays, "result"), "rows");
        int n = cJSON_GetArraySize(hexes);
        MC_CHECK(cJSON_IsNumber(rows) && rows->valueint == n);
        for (int c = MC_COLUMN_Q; c <= MC_COLUMN_FLAGS; c++) MC_CHECK_INT(mc_position_rows(pos, c), n);
        MC_CHECK_INT(mc_position_rows(pos, MC_COLUMN_POSES), 0);
        int i = 0;
        for (const cJSON *h = hexes ? hexes->child : NULL; h && mc_position_rows(pos, MC_COLUMN_Q) == n; h = h->next, i++) {
            const char *keys[] = {"q", "r", "cost"};
            for (int c = 0; c < 3; c++)
                if (cJSON_GetObjectItemCaseSensitive(h, keys[c])->valueint != column_at(pos, c, i))
                    mc_test_fail(__FILE__, __LINE__, "%s: row %d: %s %d in the columns, %d in the JSON answer", file, i,
                                 keys[c], column_at(pos, c, i), cJSON_GetObjectItemCaseSensitive(h, keys[c])->valueint);
            int parent = column_at(pos, MC_COLUMN_PARENT, i);
            MC_CHECK(parent >= -2 && parent < n && parent != i);
        }
    }
    cJSON_Delete(json);
    cJSON_Delete(arrays);
}

// The games whose `reach` describe offers in the arrays form (queries[].arrays): up to 16 ids.
static int arrays_reach_games(const char *ids[16]) {
    cJSON *r = mc_ask("{\"query\":\"describe\"}");
    int n = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(r, "result"), "systems")) {
        const cJSON *q;
        cJSON_ArrayForEach(q, cJSON_GetObjectItemCaseSensitive(s, "queries")) {
            const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(q, "name"));
            if (n < 16 && name && strcmp(name, "reach") == 0 && cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(q, "arrays"))) {
                static char kept[16][64];
                snprintf(kept[n], sizeof kept[n], "%s", cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(s, "id")));
                ids[n] = kept[n];
                n++;
            }
        }
    }
    cJSON_Delete(r);
    return n;
}

MC_TEST(arrays_reach_columns_leak_free,
        "arrays form: every reach scenario of a game whose reach describe offers in arrays puts the JSON answer's "
        "hexes in columns; asks again, JSON asks between them and closing leave nothing") {
    const char *systems[16];
    int games = arrays_reach_games(systems);
    int per_system[16] = {0}, count = 0;
    MC_CHECK(games >= 1);
    size_t before = mc_bytes_in_use();
    char **files = mc_scenario_files(&count);
    for (int f = 0; f < count; f++) {
        char *text = mc_read_file(files[f], NULL);
        cJSON *sc = text ? cJSON_Parse(text) : NULL;
        free(text);
        const cJSON *request = cJSON_GetObjectItemCaseSensitive(sc, "request");
        const cJSON *system = cJSON_GetObjectItemCaseSensitive(request, "system");
        const cJSON *query_name = cJSON_GetObjectItemCaseSensitive(request, "query");
        int s = 0;
        while (s < games && !(cJSON_IsString(system) && strcmp(system->valuestring, systems[s]) == 0)) s++;
        if (s == games || !cJSON_IsString(query_name) || strcmp(query_name->valuestring, "reach") != 0) {
            cJSON_Delete(sc);
            continue;
        }
        char *position, *query;
        mc_split_request(request, &position, &query);
        McPosition pos = mc_position_open(position, NULL);
        if (!pos) {
            mc_test_fail(__FILE__, __LINE__, "%s: the position does not open", files[f]);
        } else {
            per_system[s]++;
            char *json = mc_position_ask(pos, query);
            // Twice: the second ask reuses the first one's columns.
            for (int round = 0; round < 2; round++) {
                char *arrays = mc_position_ask_arrays(pos, query);
                check_reach_columns(files[f], pos, json, arrays);
                mc_free(arrays);
            }
            // A JSON ask fills no columns: the arrays ask's are gone.
            mc_free(mc_position_ask(pos, query));
            MC_CHECK_INT(mc_position_rows(pos, MC_COLUMN_Q), 0);
            MC_CHECK(mc_position_column(pos, MC_COLUMN_FLAGS) == NULL);
            mc_free(json);
            mc_free(mc_position_ask_arrays(pos, query));
            mc_position_close(pos);
        }
        cJSON_free(position);
        cJSON_free(query);
        cJSON_Delete(sc);
    }
    mc_free_list(files, count);
    for (int s = 0; s < games; s++) {
        printf("arrays: %d %s reach scenarios\n", per_system[s], systems[s]);
        MC_CHECK(per_system[s] >= 1);
    }
    MC_CHECK_INT((long)mc_bytes_in_use(), (long)before);
}

MC_TEST(sensitivity_reruns_share_the_work_budget,
        "A-AL-5 AL-TRN-1 sensitivity: a request just within MC_MAX_WORK answers ok, and its re-run under the "
        "other reading of A-AL-5 says the work limit ran out instead of failing the request; through a "
        "position the same bytes and work") {
    cJSON *request = edge_request(EDGE_FILLERS - 1);
    char *plain = full_text(request);
    mc_free(mc_request(plain));
    uint64_t alone = mc_work_spent;
    MC_CHECK(alone <= MC_MAX_WORK);
    cJSON_AddTrueToObject(request, "sensitivity");
    char *full = full_text(request), *position, *query;
    char *whole = mc_request(full);
    // The re-run spends about as much as the request (the same turns with longer legs): past the limit.
    MC_CHECK(mc_work_spent > MC_MAX_WORK);
    cJSON *answer = cJSON_Parse(whole);
    MC_CHECK(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(answer, "ok")));
    cJSON *sens = cJSON_GetObjectItemCaseSensitive(answer, "sensitivity");
    MC_CHECK_INT(cJSON_GetArraySize(sens), 1);
    cJSON *entry = cJSON_GetArrayItem(sens, 0);
    MC_CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "assumption")), "A-AL-5");
    MC_CHECK_STR(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "reading")), "two-step-legs");
    MC_CHECK(cJSON_IsNull(cJSON_GetObjectItemCaseSensitive(entry, "changes")));
    const char *limit = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(entry, "limit"));
    MC_CHECK(limit && strstr(limit, "MC_MAX_WORK") != NULL);
    // Everything but the sensitivity is the answer without it.
    char *without = mc_request(plain);
    cJSON *plain_answer = cJSON_Parse(without);
    cJSON_DeleteItemFromObjectCaseSensitive(answer, "sensitivity");
    MC_CHECK(cJSON_Compare(answer, plain_answer, 1));
    mc_split_request(request, &position, &query);
    McPosition pos = mc_position_open(position, NULL);
    MC_CHECK(pos != 0);
    check_same("sensitivity", "read", full, mc_position_ask(pos, query));
    check_same("sensitivity", "kept", full, mc_position_ask(pos, query));
    mc_position_close(pos);
    mc_free(whole);
    mc_free(without);
    cJSON_Delete(answer);
    cJSON_Delete(plain_answer);
    cJSON_free(position);
    cJSON_free(query);
    cJSON_free(full);
    cJSON_free(plain);
    cJSON_Delete(request);
}
