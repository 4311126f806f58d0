// The envelope of docs/api.md: describe, dispatch errors, the bad-input table, number printing,
// nesting and size limits, and that requests leak nothing.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/limits.h"
#include "json/write.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

static const char *str_at(const cJSON *o, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b) x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

// The games of src/systems.def, the one list describe reads: the test names none by hand.
static const struct {
    const char *id, *unit, *clause;
} games[] = {
#define MC_SYSTEM(number, prefix, id, name, board, unit, clause) {id, unit, clause},
#include "systems.def"
#undef MC_SYSTEM
};
enum { GAME_COUNT = sizeof games / sizeof games[0] };

MC_TEST(describe_lists_everything,
        "describe lists the games of src/systems.def with their units and clause prefixes, the limits and every "
        "assumption, each named by its game's prefix (A-<prefix>-n)") {
    cJSON *r = mc_ask("{\"query\":\"describe\"}");
    MC_CHECK(cJSON_IsTrue(cJSON_GetObjectItem(r, "ok")));
    const cJSON *res = cJSON_GetObjectItem(r, "result");
    const cJSON *systems = cJSON_GetObjectItem(res, "systems");
    MC_CHECK_INT(cJSON_GetArraySize(systems), GAME_COUNT);
    int assumption_count = 0;
    for (int i = 0; i < GAME_COUNT; i++) {
        const cJSON *s = cJSON_GetArrayItem(systems, i);
        MC_CHECK_STR(str_at(s, "id", NULL), games[i].id);
        MC_CHECK_STR(str_at(s, "lengthUnit", NULL), games[i].unit);
        MC_CHECK_STR(str_at(s, "clausePrefix", NULL), games[i].clause);
        char want[32];
        snprintf(want, sizeof want, "A-%s-", games[i].clause);
        for (const cJSON *a = cJSON_GetObjectItem(s, "assumptions")->child; a; a = a->next, assumption_count++)
            MC_CHECK(cJSON_IsString(a) && strncmp(a->valuestring, want, strlen(want)) == 0);
    }
    const cJSON *limits = cJSON_GetObjectItem(res, "limits");
    MC_CHECK_INT(cJSON_GetObjectItem(limits, "MC_MAX_UNITS")->valuedouble, MC_MAX_UNITS);
    MC_CHECK_INT(cJSON_GetObjectItem(limits, "MC_MAX_JSON_DEPTH")->valuedouble, MC_MAX_JSON_DEPTH);
    // The list of assumptions holds each game's, and only those.
    const cJSON *as = cJSON_GetObjectItem(res, "assumptions");
    MC_CHECK_INT(cJSON_GetArraySize(as), assumption_count);
    MC_CHECK(assumption_count > 0);
    for (const cJSON *a = as->child; a; a = a->next) {
        const cJSON *ps = cJSON_GetObjectItem(a, "params");
        for (const cJSON *p = ps ? ps->child : NULL; p; p = p->next) {
            double d = cJSON_GetObjectItem(p, "default")->valuedouble;
            MC_CHECK(d >= cJSON_GetObjectItem(p, "min")->valuedouble);
            MC_CHECK(d <= cJSON_GetObjectItem(p, "max")->valuedouble);
        }
    }
    MC_CHECK_NEAR(cJSON_GetObjectItem(cJSON_GetObjectItem(res, "tolerance"), "MC_LINEAR_SLOP")->valuedouble, 1e-6, 0);
    cJSON_Delete(r);
}

MC_TEST(describe_one_system, "describe with a system lists only that system and its assumptions") {
    cJSON *r = mc_ask("{\"query\":\"describe\",\"system\":\"godsgloom\"}");
    const cJSON *res = cJSON_GetObjectItem(r, "result");
    MC_CHECK_INT(cJSON_GetArraySize(cJSON_GetObjectItem(res, "systems")), 1);
    const cJSON *as = cJSON_GetObjectItem(res, "assumptions");
    MC_CHECK_INT(cJSON_GetArraySize(as), 2);
    MC_CHECK_STR(str_at(cJSON_GetArrayItem(as, 0), "id", NULL), "A-GG-1");
    cJSON_Delete(r);
}

MC_TEST(bad_input_table, "every case of the bad-input table gets its error code and path") {
    cJSON *cases = mc_bad_input_cases();
    MC_CHECK(cJSON_GetArraySize(cases) > 10);
    for (const cJSON *c = cases ? cases->child : NULL; c; c = c->next) {
        char *req = mc_bad_input_text(c);
        MC_CHECK(req != NULL);
        if (!req) continue;
        cJSON *r = mc_ask(req);
        free(req);
        const char *name = str_at(c, "name", NULL);
        const char *code = str_at(r, "error", "code"), *path = str_at(r, "error", "path");
        if (!code || strcmp(code, str_at(c, "code", NULL)) != 0 || !path ||
            strcmp(path, str_at(c, "path", NULL)) != 0)
            mc_test_fail(__FILE__, __LINE__, "%s: got %s at \"%s\" (%s), expected %s at \"%s\"", name,
                         code ? code : "no error", path ? path : "", str_at(r, "error", "message"),
                         str_at(c, "code", NULL), str_at(c, "path", NULL));
        MC_CHECK(cJSON_IsFalse(cJSON_GetObjectItem(r, "ok")));
        cJSON_Delete(r);
    }
    cJSON_Delete(cases);
}

MC_TEST(nesting_at_the_limit, "nesting exactly MC_MAX_JSON_DEPTH deep is read; one more is the limit error") {
    char buf[256];
    for (int depth = MC_MAX_JSON_DEPTH; depth <= MC_MAX_JSON_DEPTH + 1; depth++) {
        // The outer object is one level, so depth - 1 arrays follow it.
        int n = snprintf(buf, sizeof buf, "{\"query\":\"describe\",\"x\":");
        for (int i = 1; i < depth; i++) buf[n++] = '[';
        for (int i = 1; i < depth; i++) buf[n++] = ']';
        buf[n++] = '}';
        buf[n] = 0;
        cJSON *r = mc_ask(buf);
        const char *code = str_at(r, "error", "code");
        MC_CHECK_STR(code, depth > MC_MAX_JSON_DEPTH ? "limit" : "bad_request");
        cJSON_Delete(r);
    }
}

MC_TEST(brackets_in_strings, "brackets inside strings do not count as nesting") {
    char buf[512];
    int n = snprintf(buf, sizeof buf, "{\"query\":\"describe\",\"system\":\"");
    for (int i = 0; i < 100; i++) buf[n++] = '[';
    snprintf(buf + n, sizeof buf - (size_t)n, "\"}");
    cJSON *r = mc_ask(buf);
    MC_CHECK_STR(str_at(r, "error", "code"), "unknown_system");
    cJSON_Delete(r);
}

// Found while writing the fuzzers, by reading cJSON: it ends strings at a \u0000 escape, so
// {"query":"describe\u0000junk"} was answered as a describe and two ids differing only after a
// \u0000 collided. Such escapes are now bad_json before parsing.
MC_TEST(nul_escape_refused, "a \\u0000 escape in a string or key is bad_json, not a string cut short") {
    const char *texts[] = {"{\"query\":\"describe\\u0000junk\"}",
                           "{\"query\":\"describe\",\"system\\u0000\":\"godsgloom\"}",
                           "{\"query\":\"describe\",\"system\":\"godsgloom\\u0000\"}"};
    for (int i = 0; i < 3; i++) {
        cJSON *r = mc_ask(texts[i]);
        MC_CHECK_STR(str_at(r, "error", "code"), "bad_json");
        MC_CHECK_STR(str_at(r, "error", "path"), "");
        cJSON_Delete(r);
    }
    // An escaped backslash before u0000 is not an escape of NUL: the string holds "\u0000" as text.
    cJSON *r = mc_ask("{\"query\":\"describe\",\"system\":\"x\\\\u0000\"}");
    MC_CHECK_STR(str_at(r, "error", "code"), "unknown_system");
    cJSON_Delete(r);
}

MC_TEST(response_length, "mc_response_length is strlen of each response: the latest, an older one still held, a kept describe, an error") {
    const char *texts[] = {
        "{\"query\":\"describe\"}", // printed, then kept
        "{\"query\":\"describe\"}", // copied from the kept text
        "{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"hexes\":[{\"q\":0,\"r\":0},{\"q\":1,\"r\":0}]},"
        "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":0,\"facing\":0,\"speed\":3}],\"unit\":\"a\"}",
        "{\"query\":", // an error answer
        "{\"query\":\"describe\",\"system\":\"torn-world\"}",
    };
    char *older = NULL;
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        char *out = mc_request(texts[i]);
        MC_CHECK(out != NULL);
        MC_CHECK_INT(mc_response_length(out), strlen(out));
        if (older) MC_CHECK_INT(mc_response_length(older), strlen(older));
        mc_free(older);
        older = out;
    }
    mc_free(older);
    MC_CHECK_INT(mc_response_length(NULL), 0);
}

MC_TEST(null_request, "a NULL request is read as an empty one") {
    char *out = mc_request(NULL);
    MC_CHECK(out && strstr(out, "\"bad_json\""));
    mc_free(out);
}

MC_TEST(no_leaks, "1,000 requests leave mc_bytes_in_use where it started") {
    cJSON *cases = mc_bad_input_cases();
    int count = 0;
    char **files = mc_scenario_files(&count);
    // Requests are prepared before counting: the test's own cJSON allocations go through the
    // engine's counting hooks too.
    enum { N = 1000 };
    char **reqs = calloc(N, sizeof *reqs);
    int ncases = cJSON_GetArraySize(cases);
    for (int i = 0; i < N; i++) {
        if (count && i % 2) {
            char *s = mc_read_file(files[(i / 2) % count], NULL);
            cJSON *sc = cJSON_Parse(s);
            char *printed = cJSON_PrintUnformatted(cJSON_GetObjectItem(sc, "request"));
            reqs[i] = strdup(printed);
            cJSON_free(printed);
            cJSON_Delete(sc);
            free(s);
        } else if (i % 3 == 0) {
            reqs[i] = strdup("{\"query\":\"describe\"}");
        } else {
            const cJSON *c = cJSON_GetArrayItem(cases, i % ncases);
            // The 4 MiB case is left out to keep the test quick; its path is the same as others'.
            reqs[i] = cJSON_GetObjectItem(c, "generate") ? strdup("{") : mc_bad_input_text(c);
        }
    }
    cJSON_Delete(cases);
    mc_free_list(files, count);
    size_t before = mc_bytes_in_use();
    for (int i = 0; i < N; i++) {
        char *out = mc_request(reqs[i]);
        MC_CHECK(out != NULL);
        mc_free(out);
        if (mc_bytes_in_use() != before) {
            mc_test_fail(__FILE__, __LINE__, "request %d left %zu bytes", i, mc_bytes_in_use() - before);
            break;
        }
    }
    for (int i = 0; i < N; i++) free(reqs[i]);
    free(reqs);
}
