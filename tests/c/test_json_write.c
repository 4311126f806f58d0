// The list writer (json/write.h) writes each entry straight into text; the bytes must be those
// of the same entries built as cJSON trees and printed, the way the rest of a response is.
#include <stdio.h>
#include <string.h>

#include "cJSON.h"
#include "core/mem.h"
#include "json/write.h"
#include "json/print.h"
#include "mctest.h"

// 100 keys at consecutive addresses: more than the writer's 64 remembered keys, so that keys
// share slots; one needs escaping.
static char names[100][8];

// One entry with every kind of member: nested objects and arrays, empty ones, strings that need
// escaping as values and as keys, null, booleans, whole numbers and decimals, -0, an item added
// whole, a key given in an array (ignored, as cJSON ignores it) and a chain 7 containers deep.
static void fill(McRequest *rq, cJSON *o, int i) {
    mc_write_number(rq, o, "i", i);
    mc_write_number(rq, o, "x", 0.1 * i - 0.25);
    mc_write_number(rq, o, "negZero", -0.0);
    mc_write_string(rq, o, "s", "tab\there \"quoted\" \\ back");
    mc_write_string(rq, o, "none", NULL);
    mc_write_bool(rq, o, "odd", i & 1);
    mc_write_string(rq, o, "we\"ird key", "v");
    cJSON *a = mc_write_array(rq, o, "list");
    for (int k = 0; k < i % 3 && a; k++) {
        cJSON *e = mc_write_push_object(rq, a);
        mc_write_number(rq, e, "k", k);
        cJSON *inner = mc_write_array(rq, e, "inner");
        mc_write_push_number(rq, inner, k * 1.5);
        mc_write_number(rq, inner, "ignored key", 7);
    }
    mc_write_object(rq, o, "empty");
    mc_write_array(rq, o, "emptyList");
    cJSON *deep = mc_write_object(rq, o, "d1");
    for (int k = 2; k <= 6 && deep; k++) deep = mc_write_object(rq, deep, "d");
    mc_write_add(rq, o, "whole", cJSON_CreateString("added\n"));
    for (int k = (i * 7) % 100, n = 0; n < 40; n++, k = (k + 3) % 100) mc_write_number(rq, o, names[k], k);
    mc_write_number(rq, o, "after", 1e300);
    // Whole numbers at the ends of each digit count and of 32 bits, written one by one and in one
    // go, and a key too long to be remembered as ready text.
    static const char *const int_keys[6] = {"n0", "n1", "n2", "n3", "n4", "a key longer than twenty-one bytes"};
    const int ints[6] = {i, -i, 9 + i % 2, 99999 + i % 2, 2147483647 - i, -2147483647 - 1 + i};
    mc_write_ints(rq, o, int_keys, ints, 6);
    static const double wholes[] = {999999999, 1e9, -2147483648.0, 2147483647, 2147483648.0, 4294967296.0, -1e6};
    static const char *const whole_keys[] = {"w0", "w1", "w2", "w3", "w4", "w5", "w6"};
    for (size_t k = 0; k < sizeof wholes / sizeof wholes[0]; k++) mc_write_number(rq, o, whole_keys[k], wholes[k] + i);
    cJSON *nums = mc_write_array(rq, o, "wholes");
    for (size_t k = 0; k < sizeof wholes / sizeof wholes[0] && nums; k++) mc_write_push_number(rq, nums, wholes[k] - i);
}

MC_TEST(write_list_as_tree, "JSON writing: list entries written as text are the bytes of the same entries as trees") {
    for (int k = 0; k < 100; k++) snprintf(names[k], sizeof names[k], k == 17 ? "k\"%d" : "k%d", k);
    for (int count = 0; count <= 30; count += 15) {
        McArena arena = {0};
        McRequest rq;
        memset(&rq, 0, sizeof rq);
        rq.env.arena = &arena;
        cJSON *tree = cJSON_CreateObject(), *streamed = cJSON_CreateObject();
        cJSON *arr = mc_write_array(&rq, tree, "entries");
        for (int i = 0; i < count; i++) fill(&rq, mc_write_push_object(&rq, arr), i);
        McWriteList l = {0};
        for (int i = 0; i < count; i++) {
            cJSON *o = mc_write_list_object(&rq, &l);
            if (o) fill(&rq, o, i);
            mc_write_list_commit(&rq, &l);
        }
        mc_write_list_end(&rq, &l, streamed, "entries");
        MC_CHECK(!rq.oom);
        char *a = mc_json_print_length(tree, NULL), *b = mc_json_print_length(streamed, NULL);
        MC_CHECK_STR(b, a);
        mc_mem_free(a);
        mc_mem_free(b);
        cJSON_Delete(tree);
        cJSON_Delete(streamed);
        mc_arena_release(&arena);
    }
}

MC_TEST(write_list_finished_container, "JSON writing: a list entry's container written to after it was finished is reported") {
    McArena arena = {0};
    McRequest rq;
    memset(&rq, 0, sizeof rq);
    rq.env.arena = &arena;
    McWriteList l = {0};
    cJSON *o = mc_write_list_object(&rq, &l);
    cJSON *a = mc_write_array(&rq, o, "a");
    mc_write_number(&rq, o, "b", 1); // finishes "a"
    MC_CHECK(!rq.oom);
    mc_write_push_number(&rq, a, 2);
    MC_CHECK(rq.oom);
    mc_write_list_commit(&rq, &l);
    mc_json_text_free(&l.text);
    mc_arena_release(&arena);
}
