// The path form of hex `reach` answers (src/json/write_reach.c): whole paths until their hexes pass
// MC_MAX_PATH_OUTPUT, the parent form past it, and the result saying which. Counts are by hand: on
// an open board every hex within R of the start is reached by a path of its distance, so the
// paths of a reach of radius R hold sum_{k=1..R} 6k * k = R(R+1)(2R+1) hexes: 188,370 for
// R = 45 (whole paths) and 201,066 for R = 46 (over the limit), among 3R(R+1) hexes.
#include <stdio.h>
#include <string.h>

#include "cJSON.h"
#include "core/limits.h"
#include "json/write_reach.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

static const cJSON *result_of(const cJSON *resp) {
    MC_CHECK(cJSON_IsTrue(cJSON_GetObjectItem(resp, "ok")));
    return cJSON_GetObjectItem(resp, "result");
}

static const char *str(const cJSON *o, const char *key) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, key);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

// The trace steps naming MC_MAX_PATH_OUTPUT; *message receives the last one's text.
static int limit_steps(const cJSON *result, const char **message) {
    int n = 0;
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(result, "trace")) {
        const char *m = str(s, "message");
        if (m && strstr(m, "MC_MAX_PATH_OUTPUT")) {
            n++;
            *message = m;
        }
    }
    return n;
}

// A reach on a 93 x 93 open board from its middle hex (col 46, row 46), which holds every hex
// within 46 of it.
static void open_board(char *buf, size_t cap, const char *system, int points, const char *paths) {
    if (strcmp(system, "godsgloom") == 0)
        snprintf(buf, cap,
                 "{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":93,\"rows\":93},\"units\":[{\"id\":\"m\","
                 "\"side\":\"red\",\"col\":46,\"row\":46,\"facing\":0,\"speed\":%d}],\"unit\":\"m\"%s}",
                 points, paths);
    else
        snprintf(buf, cap,
                 "{\"system\":\"torn-world\",\"query\":\"reach\",\"board\":{\"cols\":93,\"rows\":93},\"units\":[{\"id\":\"m\","
                 "\"side\":\"red\",\"size\":\"infantry\",\"col\":46,\"row\":46,\"move\":%d,\"run\":1}],\"unit\":\"m\","
                 "\"action\":\"move\"%s}",
                 points, paths);
}

MC_TEST(form_at_the_limit, "MC_MAX_PATH_OUTPUT: whole paths up to the limit, the parent form one hex past it") {
    struct {
        bool asked_parent;
        long long hexes;
        const char *form;
        bool limited;
    } cases[] = {
        {false, 0, "full", false},
        {false, MC_MAX_PATH_OUTPUT, "full", false},
        {false, MC_MAX_PATH_OUTPUT + 1LL, "parent", true},
        {true, 3, "parent", false},
        {true, 40000LL * 1000, "parent", false}, // asked for: nothing was limited
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        McArena arena = {0};
        McRequest j;
        memset(&j, 0, sizeof j);
        j.env.arena = &arena;
        cJSON *result = cJSON_CreateObject();
        bool parent = mc_write_reach_paths(&j, result, cases[i].asked_parent, cases[i].hexes, "GG-MOV-1", "m");
        MC_CHECK_INT(parent, strcmp(cases[i].form, "full") != 0);
        MC_CHECK_STR(str(result, "paths"), cases[i].form);
        MC_CHECK_INT(cJSON_IsTrue(cJSON_GetObjectItem(result, "pathsLimited")), cases[i].limited);
        MC_CHECK_INT(j.env.trace_count, cases[i].limited);
        if (cases[i].limited && j.env.trace_count == 1) {
            MC_CHECK_STR(j.env.trace[0].rule, "GG-MOV-1");
            MC_CHECK_STR(j.env.trace[0].unit, "m");
            MC_CHECK(strstr(j.env.trace[0].message, "200001 hexes") != NULL);
        }
        cJSON_Delete(result);
        mc_arena_release(&arena);
    }
}

// The reach over the limit: every hex listed, each with its parent (one step nearer the start)
// and no path, nothing in `through` (every hex a path crosses is itself listed).
static void check_limited(const char *system, const char *rule) {
    char req[512];
    open_board(req, sizeof req, system, 46, "");
    cJSON *r = mc_ask(req);
    const cJSON *res = result_of(r);
    MC_CHECK_STR(str(res, "paths"), "parent");
    MC_CHECK(cJSON_IsTrue(cJSON_GetObjectItem(res, "pathsLimited")));
    const char *message = NULL;
    MC_CHECK_INT(limit_steps(res, &message), 1);
    MC_CHECK(message && strstr(message, "201066 hexes"));
    const cJSON *s;
    cJSON_ArrayForEach(s, cJSON_GetObjectItem(res, "trace")) {
        if (str(s, "message") == message) MC_CHECK_STR(str(s, "rule"), rule);
    }
    const cJSON *hexes = cJSON_GetObjectItem(res, "hexes");
    MC_CHECK_INT(cJSON_GetArraySize(hexes), 3 * 46 * 47);
    int with_parent = 0, with_path = 0;
    const cJSON *h;
    cJSON_ArrayForEach(h, hexes) {
        with_parent += cJSON_IsObject(cJSON_GetObjectItem(h, "parent"));
        with_path += cJSON_GetObjectItem(h, "path") != NULL;
    }
    MC_CHECK_INT(with_parent, 3 * 46 * 47);
    MC_CHECK_INT(with_path, 0);
    if (strcmp(system, "godsgloom") == 0) MC_CHECK_INT(cJSON_GetArraySize(cJSON_GetObjectItem(res, "through")), 0);
    cJSON_Delete(r);
}

MC_TEST(gg_limited, "GG-MOV-1 reach at Speed 46 on an open board: 201,066 path hexes, answered in the parent form") {
    check_limited("godsgloom", "GG-MOV-1");
}

MC_TEST(tw_limited, "TW-MV-1 reach moving 46 on an open board: 201,066 path hexes, answered in the parent form") {
    check_limited("torn-world", "TW-MV-1");
}

MC_TEST(gg_under, "GG-MOV-1 reach at Speed 45 on an open board: 188,370 path hexes, every whole path written") {
    char req[512];
    open_board(req, sizeof req, "godsgloom", 45, "");
    cJSON *r = mc_ask(req);
    const cJSON *res = result_of(r);
    MC_CHECK_STR(str(res, "paths"), "full");
    MC_CHECK(cJSON_IsFalse(cJSON_GetObjectItem(res, "pathsLimited")));
    const char *message = NULL;
    MC_CHECK_INT(limit_steps(res, &message), 0);
    const cJSON *hexes = cJSON_GetObjectItem(res, "hexes");
    MC_CHECK_INT(cJSON_GetArraySize(hexes), 3 * 45 * 46);
    long long total = 0;
    int mismatched = 0;
    const cJSON *h;
    cJSON_ArrayForEach(h, hexes) {
        int n = cJSON_GetArraySize(cJSON_GetObjectItem(h, "path"));
        total += n;
        mismatched += n != (int)cJSON_GetObjectItem(h, "cost")->valuedouble; // open ground: 1 a hex
    }
    MC_CHECK_INT(total, 188370);
    MC_CHECK_INT(mismatched, 0);
    cJSON_Delete(r);
}

MC_TEST(asked_parent, "GG-MOV-1 reach asking \"paths\": \"parent\" past the limit: the parent form, not limited") {
    char req[512];
    open_board(req, sizeof req, "godsgloom", 46, ",\"paths\":\"parent\"");
    cJSON *r = mc_ask(req);
    const cJSON *res = result_of(r);
    MC_CHECK_STR(str(res, "paths"), "parent");
    MC_CHECK(cJSON_IsFalse(cJSON_GetObjectItem(res, "pathsLimited")));
    const char *message = NULL;
    MC_CHECK_INT(limit_steps(res, &message), 0);
    cJSON_Delete(r);
}

MC_TEST(cca_form, "CCA-MV-3 reach says its path form: whole paths by default, parents when asked") {
    static const char *const forms[] = {"", ",\"paths\":\"full\"", ",\"paths\":\"parent\""};
    for (int i = 0; i < 3; i++) {
        char req[512];
        snprintf(req, sizeof req,
                 "{\"system\":\"cc-ancients\",\"query\":\"reach\",\"units\":[{\"id\":\"lc\",\"side\":\"red\",\"type\":"
                 "\"light cavalry\",\"col\":6,\"row\":4}],\"unit\":\"lc\"%s}",
                 forms[i]);
        cJSON *r = mc_ask(req);
        const cJSON *res = result_of(r);
        MC_CHECK_STR(str(res, "paths"), i == 2 ? "parent" : "full");
        MC_CHECK(cJSON_IsFalse(cJSON_GetObjectItem(res, "pathsLimited")));
        const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(res, "hexes"), 0);
        MC_CHECK(first != NULL);
        MC_CHECK_INT(cJSON_GetObjectItem(first, "path") != NULL, i != 2);
        MC_CHECK_INT(cJSON_GetObjectItem(first, "parent") != NULL, i == 2);
        cJSON_Delete(r);
    }
}

// The node of `id` among a parent-form answer's entries, their alternatives and `through`.
static const cJSON *node_by_id(const cJSON *result, int id) {
    const cJSON *h, *a;
    cJSON_ArrayForEach(h, cJSON_GetObjectItem(result, "hexes")) {
        if (cJSON_GetObjectItem(h, "node")->valueint == id) return h;
        cJSON_ArrayForEach(a, cJSON_GetObjectItem(h, "alternatives")) if (cJSON_GetObjectItem(a, "node")->valueint == id) return a;
    }
    cJSON_ArrayForEach(h, cJSON_GetObjectItem(result, "through")) if (cJSON_GetObjectItem(h, "node")->valueint == id) return h;
    return NULL;
}

// Follows parentNode from `o` to startNode and compares the positions met with `path` (full form).
static void check_chain(const cJSON *result, const cJSON *o, const cJSON *path) {
    int start = cJSON_GetObjectItem(result, "startNode")->valueint;
    int i = cJSON_GetArraySize(path) - 1, guard = 0;
    for (const cJSON *x = o; x && guard < 64; guard++, i--) {
        MC_CHECK(i >= 0);
        if (i < 0) return;
        const cJSON *want = cJSON_GetArrayItem(path, i);
        MC_CHECK_INT(cJSON_GetObjectItem(x, "q")->valueint, cJSON_GetObjectItem(want, "q")->valueint);
        MC_CHECK_INT(cJSON_GetObjectItem(x, "r")->valueint, cJSON_GetObjectItem(want, "r")->valueint);
        int parent = cJSON_GetObjectItem(x, "parentNode")->valueint;
        if (parent == start) break;
        x = node_by_id(result, parent);
        MC_CHECK(x != NULL);
    }
    MC_CHECK_INT(i, 0);
}

MC_TEST(tw_alternatives_parent_form,
        "TW-FA-2 TW-MV-1 reach alternatives in the parent form: every alternative's chain of parentNode rebuilds its whole path") {
    // The field of tests/scenarios/torn-world/fa2-run-alternative-without-free-attack.json: (2,0)
    // and (3,0) each have one alternative going round by (0,1), (1,1).
    const char *field =
        "\"system\":\"torn-world\",\"query\":\"reach\",\"board\":{\"hexes\":[{\"q\":0,\"r\":0},{\"q\":1,\"r\":0},{\"q\":2,\"r\":0},"
        "{\"q\":3,\"r\":0},{\"q\":0,\"r\":1},{\"q\":1,\"r\":1},{\"q\":2,\"r\":1},{\"q\":2,\"r\":-1}]},\"units\":[{\"id\":\"scout\","
        "\"side\":\"red\",\"size\":\"infantry\",\"q\":0,\"r\":0,\"run\":4},{\"id\":\"raider\",\"side\":\"blue\",\"size\":\"infantry\","
        "\"q\":2,\"r\":-1}],\"unit\":\"scout\",\"action\":\"run\"";
    char full_text[1024], parent_text[1024];
    snprintf(full_text, sizeof full_text, "{%s}", field);
    snprintf(parent_text, sizeof parent_text, "{%s,\"paths\":\"parent\"}", field);
    cJSON *full = mc_ask(full_text), *parent = mc_ask(parent_text);
    const cJSON *fr = result_of(full), *pr = result_of(parent);
    MC_CHECK_STR(str(pr, "paths"), "parent");
    int checked = 0;
    for (int i = 0; i < cJSON_GetArraySize(cJSON_GetObjectItem(fr, "hexes")); i++) {
        const cJSON *fh = cJSON_GetArrayItem(cJSON_GetObjectItem(fr, "hexes"), i);
        const cJSON *ph = cJSON_GetArrayItem(cJSON_GetObjectItem(pr, "hexes"), i);
        check_chain(pr, ph, cJSON_GetObjectItem(fh, "path"));
        const cJSON *fa = cJSON_GetObjectItem(fh, "alternatives"), *pa = cJSON_GetObjectItem(ph, "alternatives");
        MC_CHECK_INT(cJSON_GetArraySize(pa), cJSON_GetArraySize(fa));
        for (int k = 0; k < cJSON_GetArraySize(fa) && k < cJSON_GetArraySize(pa); k++, checked++)
            check_chain(pr, cJSON_GetArrayItem(pa, k), cJSON_GetObjectItem(cJSON_GetArrayItem(fa, k), "path"));
    }
    MC_CHECK_INT(checked, 2);
    cJSON_Delete(full);
    cJSON_Delete(parent);
}
