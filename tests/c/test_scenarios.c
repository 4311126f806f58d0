// Runs every tests/scenarios/<system>/*.json through mc_request and checks the response against
// the scenario's "expected" (a subset match, tests/scenarios/README.md). The Node tests run the
// same files through WebAssembly and compare with the native bytes. Every game that describe lists
// must have at least MIN_PER_GAME files run: a folder lost or renamed, or no files found at all
// (a wrong working directory), fails instead of passing with nothing checked.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

enum { MIN_PER_GAME = 20 };

MC_TEST(scenarios_match, "every scenario file's response matches its expected result") {
    int count = 0;
    char **files = mc_scenario_files(&count);
    for (int i = 0; i < count; i++) {
        char *text = mc_read_file(files[i], NULL);
        cJSON *sc = text ? cJSON_Parse(text) : NULL;
        free(text);
        if (!sc) {
            mc_test_fail(__FILE__, __LINE__, "%s is not JSON", files[i]);
            continue;
        }
        char *req = cJSON_PrintUnformatted(cJSON_GetObjectItem(sc, "request"));
        char *out = mc_request(req);
        cJSON *resp = cJSON_Parse(out);
        char where[512];
        if (!mc_subset_match(cJSON_GetObjectItem(sc, "expected"), resp, where, sizeof where))
            mc_test_fail(__FILE__, __LINE__, "%s: response%s; got %.600s", files[i], where, out);
        else
            printf("ok   %s\n", files[i]);
        cJSON_Delete(resp);
        mc_free(out);
        cJSON_free(req);
        cJSON_Delete(sc);
    }
    printf("%d scenario files\n", count);
    cJSON *described = mc_ask("{\"query\":\"describe\"}");
    const cJSON *systems = cJSON_GetObjectItem(cJSON_GetObjectItem(described, "result"), "systems");
    MC_CHECK(cJSON_GetArraySize(systems) > 0);
    const cJSON *s;
    cJSON_ArrayForEach(s, systems) {
        const char *id = cJSON_GetStringValue(cJSON_GetObjectItem(s, "id"));
        if (!id) {
            mc_test_fail(__FILE__, __LINE__, "a system of describe has no id");
            continue;
        }
        char prefix[256];
        snprintf(prefix, sizeof prefix, "tests/scenarios/%s/", id);
        int n = 0;
        for (int i = 0; i < count; i++) n += strncmp(files[i], prefix, strlen(prefix)) == 0;
        printf("%d scenario files of %s\n", n, id);
        if (n < MIN_PER_GAME)
            mc_test_fail(__FILE__, __LINE__, "%s has %d scenario files, fewer than %d", id, n, MIN_PER_GAME);
    }
    cJSON_Delete(described);
    mc_free_list(files, count);
}
