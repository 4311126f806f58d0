// Included ahead of cJSON.c only (CMakeLists.txt, -include): how cJSON's calls into the C library
// are made. cJSON's source stays as Debian ships it.
#ifndef MC_JSON_CJSON_CALLS_H
#define MC_JSON_CJSON_CALLS_H

#include <string.h>

#include "../core/limits.h"

/// cJSON refuses nesting deeper than its limit; at MC_MAX_JSON_DEPTH, a tree cJSON reads nests no
/// deeper than the engine allows, so mc_request need not walk every tree to measure it (a deeper
/// text fails here and is then named by mc_request's own scan). It also bounds cJSON's recursion.
#define CJSON_NESTING_LIMIT MC_MAX_JSON_DEPTH

/// strncmp with the first byte compared inline. cJSON's parse_value compares the text with
/// "null", "false" and "true" before it looks at the first byte of every value: three library
/// calls per number, string, array and object (3 % of reading a 77 KB request natively, a
/// function call each in WebAssembly), which the first byte almost always decides.
static inline int mc_cjson_strncmp(const char *a, const char *b, size_t n) {
    if (n == 0) return 0;
    if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
    return strncmp(a, b, n);
}
#define strncmp mc_cjson_strncmp

#ifdef __EMSCRIPTEN__
/// cJSON's realloc in the WebAssembly modules, never called there: every module links request.c,
/// whose hooks (installed before any export runs) are not malloc and free, so cJSON keeps no
/// reallocate hook and prints through its allocate hook. Only cJSON's default hooks name libc's
/// realloc, which linked it (emmalloc's realloc and what it needs: 0.7 KB gzip of The Ninth Age's
/// module) for a call no path makes. A native program may use cJSON without those hooks: it keeps
/// libc's realloc.
#include <stdlib.h>
static inline void *mc_cjson_realloc(void *p, size_t size) {
    (void)p;
    (void)size;
    return NULL; // cJSON's answer to a failed allocation
}
#define realloc mc_cjson_realloc
#endif

/// cJSON's functions that run once a request or a position's update (copying and editing trees,
/// an error's fields, the answer's "ok") compiled for size (core/for_size.h): a declaration's
/// attributes go with the definition that follows.
#include "cJSON.h"
#include "../core/for_size.h"
MC_FOR_SIZE CJSON_PUBLIC(cJSON *) cJSON_DetachItemViaPointer(cJSON *parent, cJSON * const item);
MC_FOR_SIZE CJSON_PUBLIC(void) cJSON_DeleteItemFromObjectCaseSensitive(cJSON *object, const char *string);
MC_FOR_SIZE CJSON_PUBLIC(cJSON *) cJSON_Duplicate(const cJSON *item, cJSON_bool recurse);
MC_FOR_SIZE CJSON_PUBLIC(cJSON *) cJSON_AddTrueToObject(cJSON * const object, const char * const name);
MC_FOR_SIZE CJSON_PUBLIC(cJSON *) cJSON_AddStringToObject(cJSON * const object, const char * const name, const char * const string);
/// cJSON's helpers that its functions each inline (33 copies of cJSON_New_Item in cJSON.c) kept
/// out of line: 0.2 KB gzip of The Ninth Age's module. A typedef may be repeated in C11.
typedef struct internal_hooks internal_hooks;
__attribute__((noinline)) static cJSON *cJSON_New_Item(const internal_hooks * const hooks);
__attribute__((noinline)) static unsigned char *cJSON_strdup(const unsigned char *string, const internal_hooks * const hooks);
__attribute__((noinline)) static cJSON_bool add_item_to_array(cJSON *array, cJSON *item);

#endif
