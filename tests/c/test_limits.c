// Hard bounds: every worst case of tests/limits/*.json (the largest, deepest, longest requests
// the named limits allow) is answered, with the expected result, within its time budget, and
// leaves no byte in use. A rule set adds tests/limits/<system>.json; nothing here names systems.
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cJSON.h"
#include "core/limits.h"
#include "core/mem.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

#if defined(__SANITIZE_ADDRESS__)
#define MC_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MC_SANITIZED 1
#endif
#endif
#ifndef MC_SANITIZED
#define MC_SANITIZED 0
#endif

// Budgets are for the plain optimised build; sanitizers make the same work several times slower.
enum { DEFAULT_SECONDS = 5, SANITIZER_FACTOR = 20 };

// The budget guards against hangs and runaway work, so it counts this process's CPU time: on a
// shared machine wall-clock time grew 3-8x with other builds running, and a hang still counts.
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static const char *str_at(const cJSON *o, const char *a, const char *b) {
    const cJSON *x = cJSON_GetObjectItemCaseSensitive(o, a);
    if (b) x = cJSON_GetObjectItemCaseSensitive(x, b);
    return cJSON_IsString(x) ? x->valuestring : NULL;
}

MC_TEST(worst_cases_answered, "every worst case of tests/limits/ is answered as expected within its budget") {
    cJSON *cases = mc_cases_in("tests/limits");
    MC_CHECK(cJSON_GetArraySize(cases) > 0);
    for (const cJSON *c = cases ? cases->child : NULL; c; c = c->next) {
        const char *name = str_at(c, "name", NULL), *file = str_at(c, "file", NULL);
        // A case with "skip" is a known finding (its text says what goes wrong): listed, not run,
        // unless MC_LIMITS_ALL is set.
        const char *skip = str_at(c, "skip", NULL);
        if (skip && !getenv("MC_LIMITS_ALL")) {
            printf("limits %s: %s: SKIPPED (known finding: %s)\n", file, name, skip);
            continue;
        }
        char *req = mc_bad_input_text(c);
        if (!req) {
            mc_test_fail(__FILE__, __LINE__, "%s: %s has no request", file, name);
            continue;
        }
        const cJSON *sec = cJSON_GetObjectItemCaseSensitive(c, "seconds");
        double budget = cJSON_IsNumber(sec) ? sec->valuedouble : DEFAULT_SECONDS;
        if (MC_SANITIZED) budget *= SANITIZER_FACTOR;
        size_t before = mc_bytes_in_use();
        double t0 = now();
        char *out = mc_request(req);
        double took = now() - t0;
        size_t size = strlen(req);
        free(req);
        if (!out) {
            mc_test_fail(__FILE__, __LINE__, "%s: %s: no response", file, name);
            continue;
        }
        cJSON *r = cJSON_Parse(out);
        const cJSON *want_ok = cJSON_GetObjectItemCaseSensitive(c, "ok");
        if (!r) {
            mc_test_fail(__FILE__, __LINE__, "%s: %s: the response is not JSON", file, name);
        } else if (cJSON_IsTrue(want_ok)) {
            if (!cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(r, "ok")))
                mc_test_fail(__FILE__, __LINE__, "%s: %s: expected ok, got %.300s", file, name, out);
        } else {
            const char *code = str_at(r, "error", "code"), *path = str_at(r, "error", "path");
            const char *want_code = str_at(c, "code", NULL), *want_path = str_at(c, "path", NULL);
            if (!code || !want_code || strcmp(code, want_code) != 0 || !path || !want_path || strcmp(path, want_path) != 0)
                mc_test_fail(__FILE__, __LINE__, "%s: %s: expected %s at \"%s\", got %.300s", file, name,
                             want_code ? want_code : "?", want_path ? want_path : "?", out);
            // "message": words the error's message must hold (where a work limit ran out).
            const char *message = str_at(r, "error", "message"), *want_message = str_at(c, "message", NULL);
            if (want_message && (!message || !strstr(message, want_message)))
                mc_test_fail(__FILE__, __LINE__, "%s: %s: expected a message with \"%s\", got %.300s", file, name,
                             want_message, out);
        }
        cJSON_Delete(r);
        mc_free(out);
        if (took > budget)
            mc_test_fail(__FILE__, __LINE__, "%s: %s took %.2f s of CPU, over its budget of %.0f s", file, name, took, budget);
        if (mc_bytes_in_use() != before)
            mc_test_fail(__FILE__, __LINE__, "%s: %s left %zu bytes in use", file, name, mc_bytes_in_use() - before);
        printf("limits %s: %s: %.1f ms CPU, %zu bytes\n", file, name, took * 1e3, size);
    }
    cJSON_Delete(cases);
}

MC_TEST(heap_cap, "the counted allocator gives up to MC_MAX_HEAP_BYTES and refuses one byte more") {
    size_t before = mc_bytes_in_use();
    MC_CHECK(mc_mem_alloc((size_t)MC_MAX_HEAP_BYTES + 1) == NULL);
    // Pages of a large malloc are not touched until written: this holds no real memory.
    void *all = mc_mem_alloc((size_t)MC_MAX_HEAP_BYTES - before);
    MC_CHECK(all != NULL);
    MC_CHECK(mc_mem_alloc(1) == NULL);
    mc_mem_free(all);
    void *one = mc_mem_alloc(1);
    MC_CHECK(one != NULL);
    mc_mem_free(one);
    MC_CHECK(mc_bytes_in_use() == before);
}
