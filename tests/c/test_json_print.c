// mc_json_print_length must print what cJSON_PrintUnformatted prints, byte for byte: responses are
// compared across builds and against the scenario files.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/mem.h"
#include "json/print.h"
#include "mctest.h"

static int same_as_cjson(const cJSON *tree, const char *what) {
    char *ours = mc_json_print_length(tree, NULL);
    char *theirs = cJSON_PrintUnformatted(tree);
    int ok = ours && theirs && strcmp(ours, theirs) == 0;
    if (!ok) mc_test_fail(__FILE__, __LINE__, "%s: printed %.200s, cJSON %.200s", what, ours ? ours : "(null)",
                          theirs ? theirs : "(null)");
    mc_mem_free(ours);
    cJSON_free(theirs);
    return ok;
}

static int number_same(double d) {
    cJSON *n = cJSON_CreateNumber(d);
    char what[64];
    snprintf(what, sizeof what, "%.17g", d);
    int ok = same_as_cjson(n, what);
    cJSON_Delete(n);
    return ok;
}

MC_TEST(print_hand_numbers, "JSON printing: hand-picked numbers as cJSON prints them") {
    static const double cases[] = {
        0, -0.0, 1, -1, 0.5, -0.5, 0.1, 0.2, 0.3, 0.30000000000000004, 1e-4, 9.9e-5, 1e-5, 0.0001234,
        123456.789, 999999.999999999, 1e6, 1e6 + 0.5, 1e14, 1e15 - 1, 1e15, 1e15 + 2, 1e16, 1e21, 1e22,
        9007199254740993.0, 3.141592653589793, 2.718281828459045, 1.0 / 3, 2.0 / 3, 1e-9, 1e-10,
        123.000000001, 12345.6789012345, 1e300, -1e300, 5e-324, 2.2250738585072014e-308, 45, 315,
        359.999999999, 0.000100000001, -273.15, 36.5, 1.5e-7,
        // every digit count of the 32-bit writer, at both ends, and past it
        9, 10, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 9999999, 10000000,
        99999999, 100000000, 999999999, 1e9, -9, -10, -2147483648.0, 2147483647, 4294967295.0,
        4294967296.0, -4294967295.0, -4294967296.0,
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) number_same(cases[i]);
    number_same(NAN);
    number_same(INFINITY);
}

MC_TEST(print_random_numbers, "JSON printing: 300,000 random numbers (rounded to 1e-9, whole, raw) as cJSON prints them") {
    uint64_t state = 2024;
    int failures = 0;
    for (int i = 0; i < 300000 && failures < 10; i++) {
        double scale = 1;
        int e = (int)(mc_rng_next(&state) % 24) - 12;
        for (int k = 0; k < (e < 0 ? -e : e); k++) scale = e < 0 ? scale / 10 : scale * 10;
        double v = mc_rng_range(&state, -1, 1) * scale;
        switch (i % 3) {
        case 0: v = round(v * 1e9) / 1e9; break; // what mc_write_number gives cJSON
        case 1: v = round(v); break;
        default: break;
        }
        if (!number_same(v)) failures++;
    }
}

MC_TEST(print_trees, "JSON printing: strings with escapes, nesting, empty containers as cJSON prints them") {
    const char *texts[] = {
        "{\"ok\":true,\"a\":[],\"b\":{},\"c\":null,\"d\":false,\"e\":[1,2.5,-3,{\"x\":\"y\"}]}",
        "[\"quote \\\" back \\\\ slash\",\"tab\\t nl\\n cr\\r bs\\b ff\\f\",\"\\u0001\\u001f\",\"\\u00e9 \\u20ac\"]",
        "{\"\":\"\",\"k\\\"ey\":[[[[]]]],\"n\":[0.125,1e-7,123456789012345678]}",
        "\"just a string\"", "42", "[true,false,null]",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        cJSON *t = cJSON_Parse(texts[i]);
        MC_CHECK(t != NULL);
        if (t) same_as_cjson(t, texts[i]);
        cJSON_Delete(t);
    }
    cJSON *o = cJSON_CreateObject();
    cJSON_AddItemToObject(o, "raw", cJSON_CreateRaw("{\"r\":1}"));
    cJSON_AddItemToObject(o, "nulls", cJSON_CreateString(NULL));
    same_as_cjson(o, "raw and null string");
    cJSON_Delete(o);
}
