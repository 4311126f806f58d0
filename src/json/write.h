// Writing responses. Numbers are rounded to 1e-9 and -0 becomes 0 (docs/api.md "Numbers"), so the
// native and WebAssembly builds print the same bytes. A failed allocation sets rq->oom.
// Keys are not copied (cJSON_AddItemToObjectCS): a key must stay valid until mc_request has
// printed the response: a string literal, a static table, or a string of the request or the
// request's arena, never a local buffer.
#ifndef MC_WRITE_H
#define MC_WRITE_H

#include "cJSON.h"
#include "core/mem.h"
#include "json/read.h"
#include "json/print.h"

cJSON *mc_write_object(McRequest *rq, cJSON *parent, const char *key);
cJSON *mc_write_array(McRequest *rq, cJSON *parent, const char *key);
void mc_write_number(McRequest *rq, cJSON *obj, const char *key, double v);
void mc_write_string(McRequest *rq, cJSON *obj, const char *key, const char *s);
void mc_write_bool(McRequest *rq, cJSON *obj, const char *key, int b);
/// Appends an item to an array (key NULL) or adds it to an object.
void mc_write_add(McRequest *rq, cJSON *parent, const char *key, cJSON *item);
/// A number as an array element.
void mc_write_push_number(McRequest *rq, cJSON *array, double v);
/// Whole numbers under `keys` (literals with nothing to escape) in an object, in order: in a list
/// entry they are written in one go (hex coordinates are most of a reach answer's numbers).
void mc_write_ints(McRequest *rq, cJSON *obj, const char *const *keys, const int *values, int n);
/// A new object appended to an array.
cJSON *mc_write_push_object(McRequest *rq, cJSON *array);

/// A long array of objects written one object at a time, as text: between mc_write_list_object and
/// mc_write_list_commit the entry and the objects and arrays opened in it are not cJSON trees but
/// handles of the text being written, which the mc_write_* functions above recognise. Building each
/// entry as a tree and printing it was most of the time of a 100 x 100 reach (README
/// "Performance"), and a list of 10,000 hexes never holds its 250,000 nodes at once. The bytes
/// are those of the tree written the usual way, with one rule the tree does not have: a
/// container is finished once its parent, or a container opened before it, gets another member,
/// so each must be written whole before the next (writing to it later is reported as
/// out_of_memory: a bug in the writer). mc_write_add writes a cJSON item as it is when added: it must
/// be complete. The array goes into the response as one raw text item. Use:
///   McWriteList l = {0};
///   for (...) { cJSON *o = mc_write_list_object(rq, &l); if (o) ...fill o...; mc_write_list_commit(rq, &l); }
///   mc_write_list_end(rq, &l, parent, "key");
/// Between mc_write_list_object and mc_write_list_commit, arena memory is temporary: nothing allocated
/// there may be kept.
enum {
    MC_WRITE_LIST_DEPTH = 8, ///< containers open at once inside one entry, the entry included
    MC_WRITE_KEY_BITS = 6,   ///< 64 remembered keys
    MC_WRITE_KEY_TEXT = 24,  ///< bytes of a remembered key's `"key":` (keys up to 21 bytes)
};
/// A remembered key: `"key":` ready to be copied in one fixed-size move.
typedef struct McWriteKey {
    const char *key;
    size_t len;                 ///< bytes of `"key":` in text; 0 when the key must be escaped or
                                ///< is too long (written the slow way)
    char text[MC_WRITE_KEY_TEXT];
} McWriteKey;
typedef struct McWriteList {
    McJsonText text;
    McArenaMark mark;
    int count;
    int depth;                       ///< containers of the current entry still open
    cJSON open[MC_WRITE_LIST_DEPTH];    ///< their handles: only the address and the type are used
    int members[MC_WRITE_LIST_DEPTH];   ///< members written in each so far
    /// Keys seen, by a hash of their address (keys are literals and static tables: write.h),
    /// written out once: each entry writes the same dozen keys (a tenth of writing a 100 x 100
    /// reach was scanning them again, and copying them byte by byte another tenth).
    McWriteKey keys[1 << MC_WRITE_KEY_BITS];
} McWriteList;
cJSON *mc_write_list_object(McRequest *rq, McWriteList *list);
void mc_write_list_commit(McRequest *rq, McWriteList *list);
void mc_write_list_end(McRequest *rq, McWriteList *list, cJSON *parent, const char *key);

/// Writes `reasons` as an array under `key`.
void mc_write_reasons(McRequest *rq, cJSON *obj, const char *key, const McReasons *reasons);

#endif
