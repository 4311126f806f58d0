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
/// sequence, which took most of the time of writing a large response (docs/performance.md).
/// Sets *length, when `length` is not NULL, to the text's length (without the NUL).
char *mc_json_print_length(const cJSON *item, size_t *length);

/// A growing text (mc_mem_alloc): several printed items in a row.
typedef struct McJsonText {
    char *buf;
    size_t len, cap;
    int failed;
} McJsonText;
/// Appends the printing of `item` (as mc_json_print_length prints it); 0 when out of memory.
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
/// Grows `t` to hold `more` bytes (and the final NUL) past its length; 0 when out of memory. The
/// slow path of mc_json_text_room.
int mc_json_text_grow(McJsonText *t, size_t more);
/// Where `more` bytes go at the end of `t` (room for them and the final NUL made first), or NULL
/// when out of memory. The caller writes them and moves t->len past what it wrote.
static inline char *mc_json_text_room(McJsonText *t, size_t more) {
    if (t->cap - t->len <= more && !mc_json_text_grow(t, more)) return NULL;
    return t->buf + t->len;
}
/// Writes the decimal digits of `v` at `out` (no NUL); returns how many (1 to 10). Inline: nearly
/// every number of a large answer is a hex coordinate, a cost or a node number.
static inline int mc_json_put_u32(char *out, uint32_t v) {
    int n = v < 100000u ? (v < 100u ? (v < 10u ? 1 : 2) : v < 1000u ? 3 : v < 10000u ? 4 : 5)
                        : v < 10000000u ? (v < 1000000u ? 6 : 7)
                                        : v < 100000000u ? 8 : v < 1000000000u ? 9 : 10;
    char *p = out + n;
    // Two digits at a time, the tens of r < 100 as (r * 103) >> 10 (exact below 179): about as fast
    // as a table of the 100 pairs, which cost every module 0.25 KB gzip.
    while (v >= 100u) {
        uint32_t q = v / 100u, r = v - 100u * q, t = (r * 103u) >> 10;
        p -= 2;
        p[0] = (char)('0' + t);
        p[1] = (char)('0' + r - 10u * t);
        v = q;
    }
    if (v >= 10u) {
        uint32_t t = (v * 103u) >> 10;
        p[-2] = (char)('0' + t);
        p[-1] = (char)('0' + v - 10u * t);
    } else {
        p[-1] = (char)('0' + v);
    }
    return n;
}
/// Appends `s` as a JSON string (escaped as mc_json_print_length escapes it); 0 when out of memory.
int mc_json_text_string(McJsonText *t, const char *s);
/// Appends `d` as mc_json_print_length prints a number; 0 when out of memory.
int mc_json_text_number(McJsonText *t, double d);
void mc_json_text_free(McJsonText *t);

/// How one number is printed (the digits mc_json_print_length writes for it), NUL-terminated in
/// `out` (at least 32 bytes); returns the length. For tests.
int mc_json_print_number(double d, char *out);

#endif
