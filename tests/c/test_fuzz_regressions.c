// Replays every finding the fuzzers kept in tests/fuzz/crashes/ (bin/fuzz): each input must now get
// one line of JSON with "ok", the same bytes when asked twice, and leave no byte in use. Runs in
// the plain and the sanitizer builds. What each finding was is told in tests/fuzz/crashes/README.md.
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

MC_TEST(fuzz_findings_replayed, "every input of tests/fuzz/crashes/ is answered with JSON and leaks nothing") {
    DIR *dir = opendir("tests/fuzz/crashes");
    struct dirent *d;
    int count = 0;
    while (dir && (d = readdir(dir))) {
        size_t len = strlen(d->d_name);
        if (d->d_name[0] == '.' || (len > 3 && strcmp(d->d_name + len - 3, ".md") == 0)) continue;
        char path[512];
        snprintf(path, sizeof path, "tests/fuzz/crashes/%s", d->d_name);
        size_t size = 0;
        char *text = mc_read_file(path, &size);
        if (!text) continue;
        count++;
        size_t before = mc_bytes_in_use();
        char *first = mc_request(text), *second = mc_request(text);
        if (!first || !second) {
            mc_test_fail(__FILE__, __LINE__, "%s: no response", path);
        } else {
            cJSON *r = cJSON_Parse(first);
            if (!r || !cJSON_IsBool(cJSON_GetObjectItemCaseSensitive(r, "ok")) || strchr(first, '\n'))
                mc_test_fail(__FILE__, __LINE__, "%s: not one line of JSON with \"ok\": %.300s", path, first);
            if (strcmp(first, second) != 0) mc_test_fail(__FILE__, __LINE__, "%s: two different answers", path);
            cJSON_Delete(r);
        }
        mc_free(first);
        mc_free(second);
        if (mc_bytes_in_use() != before)
            mc_test_fail(__FILE__, __LINE__, "%s left %zu bytes in use", path, mc_bytes_in_use() - before);
        free(text);
    }
    if (dir) closedir(dir);
    printf("%d fuzz findings replayed\n", count);
}
