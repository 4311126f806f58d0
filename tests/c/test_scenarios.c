// Runs every tests/scenarios/<system>/*.json through mc_request and checks the response against
// the scenario's "expected" (a subset match, tests/scenarios/README.md). The Node tests run the
// same files through WebAssembly and compare with the native bytes.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

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
    mc_free_list(files, count);
}
