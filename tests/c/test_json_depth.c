// The nesting-limit error names the JSON path of the first array or object past
// MC_MAX_JSON_DEPTH, however the text around it is written; paths cut to their buffer stay valid
// UTF-8. (tests/bad-inputs/engine.json holds the same kind of cases for both builds.)
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "core/limits.h"
#include "mctest.h"
#include "movecalc.h"
#include "scenario_util.h"

// The error's code and path of the answer to `text`, copied into the caller's buffers.
static void error_of(const char *text, char *code, char *path, size_t size) {
    cJSON *r = mc_ask(text);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(r, "error");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(e, "code");
    const cJSON *p = cJSON_GetObjectItemCaseSensitive(e, "path");
    snprintf(code, size, "%s", cJSON_IsString(c) ? c->valuestring : "(none)");
    snprintf(path, size, "%s", cJSON_IsString(p) ? p->valuestring : "(none)");
    cJSON_Delete(r);
}

// Appends `times` copies of `piece` to buf (which has room).
static void repeat(char *buf, const char *piece, int times) {
    for (int i = 0; i < times; i++) strcat(buf, piece);
}

static int valid_utf8(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        int extra = *p < 0x80 ? 0 : (*p & 0xE0) == 0xC0 ? 1 : (*p & 0xF0) == 0xE0 ? 2 : (*p & 0xF8) == 0xF0 ? 3 : -1;
        if (extra < 0) return 0;
        p++;
        for (int k = 0; k < extra; k++, p++)
            if ((*p & 0xC0) != 0x80) return 0;
    }
    return 1;
}

MC_TEST(depth_path_after_a_key, "one level past MC_MAX_JSON_DEPTH under a key: the path is the key and the indices down to it") {
    static char text[512], expected[256];
    char code[512], path[512];
    // The object is level 1 and "x" level 2: 31 more arrays make 33.
    strcpy(text, "{\"query\":\"describe\",\"x\":");
    repeat(text, "[", MC_MAX_JSON_DEPTH + 1 - 1);
    strcpy(expected, "x");
    repeat(expected, "[0]", MC_MAX_JSON_DEPTH - 1);
    error_of(text, code, path, sizeof code);
    MC_CHECK_STR(code, "limit");
    MC_CHECK_STR(path, expected);
}

MC_TEST(depth_path_counts_items_not_string_commas, "the path's indices count items; commas, brackets and quotes inside strings do not count") {
    static char text[512], expected[256];
    char code[512], path[512];
    // Levels: object 1, "list" 2, its item 2 (the array after a string and an object) 3, its
    // item 0 4, then 29 objects more under "k" to 33.
    strcpy(text, "{\"list\":[\"a,[{\\\",\",{\"b\":[1,2]},[");
    repeat(text, "{\"k\":", 30);
    strcpy(expected, "list[2][0]");
    repeat(expected, ".k", 29);
    error_of(text, code, path, sizeof code);
    MC_CHECK_STR(code, "limit");
    MC_CHECK_STR(path, expected);
}

MC_TEST(depth_path_exactly_at_limit_is_read, "nesting exactly MC_MAX_JSON_DEPTH deep gets no limit error") {
    static char text[512];
    char code[512], path[512];
    strcpy(text, "{\"query\":\"describe\",\"x\":");
    repeat(text, "[", MC_MAX_JSON_DEPTH - 1);
    repeat(text, "]", MC_MAX_JSON_DEPTH - 1);
    strcat(text, "}");
    error_of(text, code, path, sizeof code);
    MC_CHECK_STR(code, "bad_request");
    MC_CHECK_STR(path, "x");
}

MC_TEST(depth_path_long_keys_cut_whole_characters, "a path longer than its buffer is cut before a UTF-8 character, never inside one") {
    // Keys of 100 two-byte characters: the path outgrows its 255 bytes inside a key.
    static char text[4096], key[256];
    char code[512], path[512];
    key[0] = '\0';
    repeat(key, "\xc3\xa9", 100);
    for (int odd = 0; odd < 2; odd++) {
        // A key of an odd length in bytes before the long keys moves where the cut falls.
        snprintf(text, sizeof text, "{\"query\":\"describe\",\"%s\":{", odd ? "abc" : "ab");
        for (int i = 0; i < 3; i++) {
            strcat(text, "\"");
            strcat(text, key);
            strcat(text, "\":{");
        }
        repeat(text, "[", MC_MAX_JSON_DEPTH);
        error_of(text, code, path, sizeof code);
        MC_CHECK_STR(code, "limit");
        MC_CHECK(valid_utf8(path));
        MC_CHECK(strlen(path) >= 250 && strlen(path) <= 255);
        MC_CHECK(strncmp(path, odd ? "abc.\xc3\xa9" : "ab.\xc3\xa9", odd ? 6 : 5) == 0);
    }
}

MC_TEST(unknown_long_key_path_valid_utf8, "an unknown field named by a long multi-byte key: the path is cut before a character") {
    static char text[1024];
    char code[512], path[512];
    for (int odd = 0; odd < 2; odd++) {
        snprintf(text, sizeof text, "{\"query\":\"describe\",\"%s", odd ? "a" : "");
        repeat(text, "\xc3\xa9", 200);
        strcat(text, "\":1}");
        error_of(text, code, path, sizeof code);
        MC_CHECK_STR(code, "bad_request");
        MC_CHECK(valid_utf8(path));
        MC_CHECK(strlen(path) >= 254 && strlen(path) <= 255);
    }
}
