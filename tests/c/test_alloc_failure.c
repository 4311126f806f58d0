// Allocation failure: for describe, with and without a system, and a few scenario requests of each
// query of each game of `describe` (the smallest of tests/scenarios/<game>/, see choose_scenarios)
// and every scenario asking for `sensitivity` (its query run again under each reading),
// makes allocation number N fail for every N from 1 to the number the request makes (mem.c's test
// hook, built into this program only, see CMakeLists.txt). Each answer must be the `out_of_memory`
// error or, when the failed allocation was not needed for the answer, the same bytes as without a
// failure; never a crash; and mc_bytes_in_use must be 0 again after mc_free. A game or a query
// without a scenario fails the test, named. Runs in the plain and the ASan + UBSan builds.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/mem.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

// The games of src/systems.def, for describe with a system: asked before any describe is kept.
static const char *const game_ids[] = {
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) id,
#include "systems.def"
#undef MC_SYSTEM
};
enum { GAME_COUNT = sizeof game_ids / sizeof game_ids[0] };

// How many scenarios each (game, query) gives, the smallest files first: the work of a request
// grows with the square of its allocations, and the smallest are the quickest.
enum { PER_QUERY = 8 };

static char *copy_text(const char *s) {
    size_t n = strlen(s) + 1;
    char *c = malloc(n);
    if (c) memcpy(c, s, n);
    return c;
}

// The request of a scenario file as text in plain malloc memory, so that nothing of the test's
// own is counted by mc_bytes_in_use while the requests run.
static char *scenario_request(const char *path) {
    char *text = mc_read_file(path, NULL);
    cJSON *sc = text ? cJSON_Parse(text) : NULL;
    free(text);
    char *req = sc ? cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(sc, "request")) : NULL;
    char *copy = req ? copy_text(req) : NULL;
    cJSON_free(req);
    cJSON_Delete(sc);
    return copy;
}

// A scenario file of tests/scenarios/<game>/: its size and the query its request asks.
typedef struct Scenario {
    char *path, *game, *query;
    size_t size;
    int sensitivity; ///< the request asks for `sensitivity`
} Scenario;

static int by_size(const void *a, const void *b) {
    const Scenario *x = a, *y = b;
    if (x->size != y->size) return x->size < y->size ? -1 : 1;
    return strcmp(x->path, y->path);
}

// The scenario files to run, malloc'd paths (free with mc_free_list): for each game of describe
// and each of its queries, the PER_QUERY smallest files of tests/scenarios/<game>/ asking it (by
// size, then path), game by game in describe's order, then each scenario asking for sensitivity
// not chosen already (few, and the only requests that print a changed value's JSON). Records a
// failure naming each game without a scenario folder and each query of a game no scenario asks.
static char **choose_scenarios(int *count) {
    int file_count = 0, n = 0;
    char **files = mc_scenario_files(&file_count);
    Scenario *all = calloc((size_t)file_count + 1, sizeof *all);
    for (int i = 0; i < file_count; i++) {
        // tests/scenarios/<game>/<file>.json
        const char *game = files[i] + strlen("tests/scenarios/");
        size_t size = 0;
        char *text = mc_read_file(files[i], &size);
        cJSON *sc = text ? cJSON_Parse(text) : NULL;
        free(text);
        const cJSON *request = cJSON_GetObjectItemCaseSensitive(sc, "request");
        const cJSON *query = cJSON_GetObjectItemCaseSensitive(request, "query");
        if (cJSON_IsString(query)) {
            all[n].path = files[i];
            all[n].game = copy_text(game);
            *strchr(all[n].game, '/') = '\0';
            all[n].query = copy_text(query->valuestring);
            all[n].sensitivity = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(request, "sensitivity"));
            all[n++].size = size;
        } else {
            mc_test_fail(__FILE__, __LINE__, "%s: no request with a query", files[i]);
        }
        cJSON_Delete(sc);
    }
    qsort(all, (size_t)n, sizeof *all, by_size);

    char **chosen = malloc(sizeof *chosen * ((size_t)n + 1));
    int chosen_count = 0;
    cJSON *described = mc_ask("{\"query\":\"describe\"}");
    const cJSON *systems = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(described, "result"), "systems");
    MC_CHECK(cJSON_GetArraySize(systems) > 0);
    for (const cJSON *s = systems ? systems->child : NULL; s; s = s->next) {
        const char *game = cJSON_GetObjectItemCaseSensitive(s, "id")->valuestring;
        int any = 0;
        for (int i = 0; i < n; i++) any |= strcmp(all[i].game, game) == 0;
        if (!any) {
            mc_test_fail(__FILE__, __LINE__, "%s: no scenario in tests/scenarios/%s/", game, game);
            continue;
        }
        for (const cJSON *q = cJSON_GetObjectItemCaseSensitive(s, "queries")->child; q; q = q->next) {
            const char *query = cJSON_GetObjectItemCaseSensitive(q, "name")->valuestring;
            int taken = 0;
            for (int i = 0; i < n && taken < PER_QUERY; i++)
                if (strcmp(all[i].game, game) == 0 && strcmp(all[i].query, query) == 0) {
                    chosen[chosen_count++] = copy_text(all[i].path);
                    all[i].sensitivity = 0; // chosen already
                    taken++;
                }
            if (!taken) mc_test_fail(__FILE__, __LINE__, "%s: no scenario in tests/scenarios/%s/ asks %s", game, game, query);
        }
    }
    for (int i = 0; i < n; i++)
        if (all[i].sensitivity) chosen[chosen_count++] = copy_text(all[i].path);
    cJSON_Delete(described);
    for (int i = 0; i < n; i++) {
        free(all[i].game);
        free(all[i].query);
    }
    free(all);
    mc_free_list(files, file_count);
    *count = chosen_count;
    return chosen;
}

static int is_out_of_memory(const char *out) {
    cJSON *r = cJSON_Parse(out);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    const cJSON *code = cJSON_GetObjectItemCaseSensitive(e, "code");
    int yes = cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(r, "ok")) && cJSON_IsString(code) &&
              strcmp(code->valuestring, "out_of_memory") == 0 &&
              cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "path")) &&
              cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "message")) && !strchr(out, '\n');
    cJSON_Delete(r);
    return yes;
}

static long total_points, total_oom, total_same;

// Fails each allocation of `request` in turn, from the first, until a run makes fewer allocations
// than the one to fail: that run's answer is the ruling. No run without a failure comes first, so
// that describe's answer, built once and then kept (request.c), is built under every failure.
// Returns how many allocations the request makes.
static long fail_each(const char *name, const char *request) {
    enum { MAX_KEPT = 64 };
    char *kept[MAX_KEPT];
    long kept_at[MAX_KEPT];
    int kept_count = 0;
    long n;
    for (n = 1;; n++) {
        mc_mem_test_fail(n);
        char *out = mc_request(request);
        long made = mc_mem_test_count();
        mc_mem_test_fail(0);
        if (made < n) {
            // Nothing failed: this is the ruling, and every allocation was tried. An answer given
            // despite a failure must be the same bytes.
            if (!out) mc_test_fail(__FILE__, __LINE__, "%s: no answer without a failure", name);
            for (int k = 0; k < kept_count; k++) {
                if (out && kept[k] && strcmp(out, kept[k]) == 0) total_same++;
                else mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld failed: neither out_of_memory nor the ruling: %.300s",
                                  name, kept_at[k], kept[k]);
                free(kept[k]);
            }
            mc_free(out);
            break;
        }
        total_points++;
        if (!out) {
            // One failure leaves room for the error response: NULL would break movecalc.h's promise.
            mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld failed: no answer at all", name, n);
        } else if (is_out_of_memory(out)) {
            total_oom++;
        } else if (kept_count < MAX_KEPT) {
            kept_at[kept_count] = n;
            kept[kept_count++] = copy_text(out);
        } else {
            mc_test_fail(__FILE__, __LINE__, "%s: more than %d answers despite a failure", name, MAX_KEPT);
        }
        mc_free(out);
        if (mc_bytes_in_use() != 0)
            mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld failed: %zu bytes left in use", name, n,
                         mc_bytes_in_use());
    }
    MC_CHECK_INT(mc_bytes_in_use(), 0);
    printf("%-90s %ld allocations\n", name, n - 1);
    return n - 1;
}

MC_TEST(alloc_failure_each_allocation,
        "allocation failure: every allocation of describe, with and without a system, and of the smallest scenarios "
        "of each query of each game fails in turn") {
    MC_CHECK_INT(mc_bytes_in_use(), 0);
    int requests = 0;
    // describe first: its answer is kept once made (request.c), and must be made under every failure.
    MC_CHECK(fail_each("describe", "{\"query\":\"describe\"}") > 0);
    requests++;
    for (int g = 0; g < GAME_COUNT; g++) {
        char request[128];
        snprintf(request, sizeof request, "{\"system\":\"%s\",\"query\":\"describe\"}", game_ids[g]);
        MC_CHECK(fail_each(request, request) > 0);
        requests++;
    }
    int count = 0;
    char **files = choose_scenarios(&count);
    MC_CHECK_INT(mc_bytes_in_use(), 0);
    for (int i = 0; i < count; i++) {
        char *request = scenario_request(files[i]);
        if (!request) {
            mc_test_fail(__FILE__, __LINE__, "%s: cannot read its request", files[i]);
            continue;
        }
        MC_CHECK(fail_each(files[i], request) > 0);
        free(request);
        requests++;
    }
    MC_CHECK_INT(requests, 1 + GAME_COUNT + count);
    mc_free_list(files, count);
    printf("allocation failure: %d requests, %ld failure points tried (%ld out_of_memory, %ld the ruling all the "
           "same)\n",
           requests, total_points, total_oom, total_same);
}

// An ask of a position kept in the engine with allocation `n` failing, after `setup` asks and
// updates (made without failure): the answer, copied to plain memory; *made the allocations the
// ask made. Asked once more without failure, the position must give `ruling` (when known): a
// failure leaves no half-kept world behind. Closing it must leave nothing in use.
static char *ask_failing(const char *name, const char *position, const char *query, const char *change, long n,
                         long *made, const char *ruling) {
    McPosition pos = mc_position_open(position, NULL);
    if (!pos) {
        mc_test_fail(__FILE__, __LINE__, "%s: the position does not open", name);
        return NULL;
    }
    mc_free(mc_position_ask(pos, query)); // the world is read and kept
    if (change) mc_free(mc_position_update(pos, change)); // a unit replaced in place: read again
    mc_mem_test_fail(n);
    char *out = mc_position_ask(pos, query);
    *made = mc_mem_test_count();
    mc_mem_test_fail(0);
    char *copy = out ? copy_text(out) : NULL;
    mc_free(out);
    if (ruling) {
        char *again = mc_position_ask(pos, query);
        if (strcmp(again, ruling) != 0)
            mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld failed, then the ask answers %.300s", name, n, again);
        mc_free(again);
    }
    mc_position_close(pos);
    if (mc_bytes_in_use() != 0)
        mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld failed: %zu bytes left in use", name, n, mc_bytes_in_use());
    return copy;
}

// Positions whose world is kept between asks: each scenario choose_scenarios gives, the ask from
// the kept world and the ask after a unit moved in place.
MC_TEST(alloc_failure_kept_positions,
        "allocation failure: every allocation of an ask from a kept world, and of one after a unit moved in place, "
        "fails in turn; the position answers the ruling after") {
    int asks = 0, count = 0;
    long points = 0;
    char **kept_files = choose_scenarios(&count);
    for (int i = 0; i < count; i++) {
        char *text = scenario_request(kept_files[i]);
        cJSON *request = text ? cJSON_Parse(text) : NULL;
        free(text);
        const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItemCaseSensitive(request, "units"), 0);
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(first, "id");
        if (!cJSON_IsString(id)) {
            mc_test_fail(__FILE__, __LINE__, "%s: no first unit", kept_files[i]);
            cJSON_Delete(request);
            continue;
        }
        char *split_position, *split_query, change[256];
        mc_split_request(request, &split_position, &split_query);
        // The first unit given its own fields again: replaced in place, as a drag's frame.
        snprintf(change, sizeof change, "{\"units\":[{\"id\":\"%s\"}]}", id->valuestring);
        // In plain memory, like scenario_request's: cJSON's own counts in mc_bytes_in_use.
        char *position = copy_text(split_position), *query = copy_text(split_query);
        cJSON_free(split_position);
        cJSON_free(split_query);
        cJSON_Delete(request);
        for (int with_change = 0; with_change < 2; with_change++) {
            const char *c = with_change ? change : NULL;
            long made = 0, n;
            char *ruling = ask_failing(kept_files[i], position, query, c, 0, &made, NULL);
            for (n = 1; ruling; n++) {
                char *out = ask_failing(kept_files[i], position, query, c, n, &made, ruling);
                if (made < n) {
                    free(out);
                    break;
                }
                if (!out || (!is_out_of_memory(out) && strcmp(out, ruling) != 0))
                    mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld of the ask failed: %.300s", kept_files[i], n, out);
                free(out);
            }
            free(ruling);
            MC_CHECK(n > 1);
            points += n - 1;
            asks++;
        }
        free(position);
        free(query);
    }
    MC_CHECK_INT(asks, 2 * count);
    mc_free_list(kept_files, count);
    printf("kept positions: %d asks, %ld failure points tried\n", asks, points);
}

// Positions whose game keeps its world (Torn World, C&C: Ancients: a Large, an Infantry and a Huge
// miniature with a marker; a unit with its attached leader, and an enemy), a query, and a change
// replacing a unit in place (the Infantry one hex on, the leader off its unit).
static const struct {
    const char *position, *query, *change;
} kept_asks[] = {
    {"{\"system\":\"torn-world\",\"board\":{\"cols\":12,\"rows\":12},\"units\":["
     "{\"id\":\"big\",\"side\":\"red\",\"size\":\"large\",\"q\":4,\"r\":2,\"move\":2},"
     "{\"id\":\"inf\",\"side\":\"blue\",\"size\":\"infantry\",\"q\":6,\"r\":4},"
     "{\"id\":\"titan\",\"side\":\"blue\",\"size\":\"huge\",\"hexons\":[{\"q\":2,\"r\":8},{\"q\":4,\"r\":9}]}],"
     "\"markers\":[{\"id\":\"m\",\"kind\":\"linked\",\"q\":8,\"r\":2}]}",
     "{\"query\":\"reach\",\"unit\":\"big\",\"action\":\"move\",\"detail\":\"brief\"}",
     "{\"units\":[{\"id\":\"inf\",\"q\":7}]}"},
    {"{\"system\":\"cc-ancients\",\"units\":[{\"id\":\"u\",\"side\":\"red\",\"type\":\"medium infantry\",\"col\":4,\"row\":6},"
     "{\"id\":\"l\",\"side\":\"red\",\"type\":\"leader\",\"col\":4,\"row\":6},"
     "{\"id\":\"e\",\"side\":\"blue\",\"type\":\"light cavalry\",\"col\":6,\"row\":3}]}",
     "{\"query\":\"order\",\"side\":\"red\",\"card\":{\"type\":\"section\",\"section\":\"center\",\"orders\":2},"
     "\"ordered\":[\"u\"],\"moves\":[{\"unit\":\"u\",\"path\":[{\"col\":4,\"row\":5}]}]}",
     "{\"units\":[{\"id\":\"l\",\"col\":5}]}"},
};

// A position of kept_asks opened, and when `changed`, asked once (its world kept) and changed.
static McPosition kept_position(int k, int changed) {
    McPosition pos = mc_position_open(kept_asks[k].position, NULL);
    if (pos && changed) {
        mc_free(mc_position_ask(pos, kept_asks[k].query));
        mc_free(mc_position_update(pos, kept_asks[k].change));
    }
    return pos;
}

MC_TEST(alloc_failure_kept_worlds,
        "allocation failure in a position's ask, reading the world it keeps (Torn World, C&C: Ancients) or a unit "
        "replaced in place: out_of_memory or the ruling, the next ask the ruling, nothing left after closing") {
    long points = 0;
    for (int k = 0; k < (int)(sizeof kept_asks / sizeof kept_asks[0]); k++)
        for (int changed = 0; changed < 2; changed++) {
            McPosition pos = kept_position(k, changed);
            char *asked = pos ? mc_position_ask(pos, kept_asks[k].query) : NULL;
            char *ruling = asked ? copy_text(asked) : NULL; // not counted by mc_bytes_in_use
            mc_free(asked);
            mc_position_close(pos);
            MC_CHECK(ruling && strncmp(ruling, "{\"ok\":true", 10) == 0);
            for (long n = 1; ruling; n++) {
                pos = kept_position(k, changed);
                mc_mem_test_fail(n);
                char *out = mc_position_ask(pos, kept_asks[k].query);
                long made = mc_mem_test_count();
                mc_mem_test_fail(0);
                char *again = mc_position_ask(pos, kept_asks[k].query);
                if (!out || (!is_out_of_memory(out) && strcmp(out, ruling) != 0) || strcmp(again, ruling) != 0)
                    mc_test_fail(__FILE__, __LINE__, "%s: allocation %ld of the ask failed: %.200s, then %.200s",
                                 kept_asks[k].change, n, out ? out : "(nothing)", again);
                mc_free(out);
                mc_free(again);
                mc_position_close(pos);
                MC_CHECK_INT(mc_bytes_in_use(), 0);
                if (made < n) break;
                points++;
            }
            free(ruling);
        }
    printf("kept worlds: %ld failure points tried\n", points);
    MC_CHECK(points > 100);
}

// Found by the test above: when cJSON could not get memory for the request's tree, the answer was
// bad_json "not valid JSON at byte 0", blaming a valid text.
MC_TEST(alloc_failure_while_parsing, "allocation failure while cJSON reads a valid request is out_of_memory, not bad_json") {
    // Allocation 1 is the arena's first block, taken for cJSON's first node.
    mc_mem_test_fail(1);
    char *out = mc_request("{\"query\":\"describe\",\"system\":\"torn-world\"}");
    long made = mc_mem_test_count();
    mc_mem_test_fail(0);
    MC_CHECK(made >= 1);
    MC_CHECK(out && strstr(out, "\"code\":\"out_of_memory\""));
    mc_free(out);
    MC_CHECK_INT(mc_bytes_in_use(), 0);
}
