// Printing a cJSON tree: the bytes of cJSON_PrintUnformatted, faster.
#ifndef MC_JSON_PRINT_H
#define MC_JSON_PRINT_H

#include <stddef.h>
#include <stdint.h>

#include "cJSON.h"

/// The unformatted JSON text of `item`, byte for byte what cJSON_PrintUnformatted (1.7.x) prints,
/// in one block from mc_mem_alloc (free it with mc_mem_free), or NULL when out of memory or when
/// the tree holds an item cJSON cannot print. Numbers that are whole and below 1e15 in magnitude
/// are written as integers, and numbers that a short decimal (at most 9 decimals, at most 15
/// significant digits) gives back exactly are written as that decimal: what cJSON's "%1.15g"
/// gives for them. Only the rest go through cJSON's sprintf "%1.15g" / sscanf / "%1.17g"
/// sequence, which took most of the time of writing a large response (README "Performance").
char *mc_json_print(const cJSON *item);
/// mc_json_print that also sets *length to the text's length (without the NUL).
char *mc_json_print_length(const cJSON *item, size_t *length);

/// A growing text (mc_mem_alloc): several printed items in a row.
typedef struct McJsonText {
    char *buf;
    size_t len, cap;
    int failed;
} McJsonText;
/// Appends the printing of `item` (as mc_json_print prints it); 0 when out of memory.
int mc_json_text_item(McJsonText *t, const cJSON *item);
/// Appends `n` bytes of `s` as they are; 0 when out of memory.
int mc_json_text_put(McJsonText *t, const char *s, size_t n);
/// The length of `s` when it needs no escaping in a JSON string, else SIZE_MAX.
size_t mc_json_plain_length(const char *s);
/// Appends what comes before a value in a container: a comma unless it is the first, then
/// `"key":` in an object (key NULL in an array). `plain` is mc_json_plain_length(key) when the
/// caller knows it (SIZE_MAX otherwise: the key is then escaped as strings are); 0 when out of
/// memory.
int mc_json_text_member(McJsonText *t, int comma, const char *key, size_t plain);
/// Appends `"key":value` for each of `n` whole numbers, comma-separated, with a comma first when
/// `comma`; the keys are literals with nothing to escape. 0 when out of memory.
int mc_json_text_int_members(McJsonText *t, int comma, const char *const *keys, const int *values, int n);
/// Appends `s` as a JSON string (escaped as mc_json_print escapes it); 0 when out of memory.
int mc_json_text_string(McJsonText *t, const char *s);
/// Appends `d` as mc_json_print prints a number; 0 when out of memory.
int mc_json_text_number(McJsonText *t, double d);
void mc_json_text_free(McJsonText *t);

/// How one number is printed (the digits mc_json_print writes for it), NUL-terminated in `out`
/// (at least 32 bytes); returns the length. For tests.
int mc_json_print_number(double d, char *out);

#endif
