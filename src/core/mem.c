#include "core/mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"

// Every block carries its size in front so that frees can be counted; 16 bytes keep the payload
// aligned for doubles on every target.
enum { HEADER = 16 };

static size_t live_bytes;

// What a block of `size` bytes holds in the C library's heap: its size, the header, and the
// library's own word per block, rounded to 16 bytes (glibc's chunks natively; dlmalloc's in
// WebAssembly are no larger). Counting this rather than `size` makes MC_MAX_HEAP_BYTES bound what
// malloc holds: a tree of 40-byte nodes held 1.6 times its counted bytes. The same formula in both
// builds, so both refuse at the same count. `size` is at most MC_MAX_HEAP_BYTES: no overflow.
static inline __attribute__((always_inline)) size_t held(size_t size) { return (size + HEADER + 8 + 15) & ~(size_t)15; }

#ifdef MC_TESTING
static long alloc_count, fail_at;

void mc_mem_test_fail(long n) {
    alloc_count = 0;
    fail_at = n;
}

long mc_mem_test_count(void) { return alloc_count; }

#define TEST_FAILS() (++alloc_count == fail_at)
#else
#define TEST_FAILS() 0
#endif

void *mc_mem_alloc(size_t size) {
    if (TEST_FAILS()) return NULL;
    // MC_MAX_HEAP_BYTES: counted bytes, not the C library's, so both builds refuse the same one.
    if (size > (size_t)MC_MAX_HEAP_BYTES || live_bytes > (size_t)MC_MAX_HEAP_BYTES - held(size)) return NULL;
    unsigned char *block = malloc(size + HEADER);
    if (!block) return NULL;
    memcpy(block, &size, sizeof size);
    live_bytes += held(size);
    return block + HEADER;
}

void mc_mem_free(void *ptr) {
    if (!ptr) return;
    unsigned char *block = (unsigned char *)ptr - HEADER;
    size_t size;
    memcpy(&size, block, sizeof size);
    live_bytes -= held(size);
    free(block);
}

size_t mc_bytes_in_use(void) { return live_bytes; }

enum { BLOCK_BYTES = 64 * 1024 };

void *mc_arena_alloc(McArena *arena, size_t size) {
    void *p = mc_arena_alloc_raw(arena, size);
    if (p) memset(p, 0, (size + 15) & ~(size_t)15);
    return p;
}

void *mc_arena_alloc_raw(McArena *arena, size_t size) {
    if (TEST_FAILS()) {
        arena->failed = 1;
        return NULL;
    }
    size = (size + 15) & ~(size_t)15;
    McArenaBlock *b = arena->head;
    if (!b || b->capacity - b->used < size) {
        size_t capacity = size > BLOCK_BYTES ? size : BLOCK_BYTES;
        if (capacity == BLOCK_BYTES && arena->spare) {
            b = arena->spare;
            arena->spare = NULL;
        } else {
            b = mc_mem_alloc(sizeof *b + capacity);
        }
        if (!b) {
            arena->failed = 1;
            return NULL;
        }
        b->capacity = capacity;
        b->used = 0;
        // A block bigger than the standard size goes behind the head so that the head's
        // remaining room is still used by later small allocations.
        if (arena->head && capacity > BLOCK_BYTES) {
            b->next = arena->head->next;
            arena->head->next = b;
        } else {
            b->next = arena->head;
            arena->head = b;
        }
    }
    void *p = b->data + b->used;
    b->used += size;
    return p;
}

void *mc_arena_array(McArena *arena, size_t count, size_t size) {
    if (size && count > SIZE_MAX / size) {
        arena->failed = 1;
        return NULL;
    }
    size_t bytes = count * size;
    return mc_arena_alloc(arena, bytes ? bytes : 1);
}

void *mc_arena_dup(McArena *arena, const void *src, size_t count, size_t size) {
    void *p = mc_arena_array(arena, count, size);
    if (p && count) memcpy(p, src, count * size);
    return p;
}

void mc_arena_release(McArena *arena) {
    McArenaBlock *b = arena->head;
    while (b) {
        McArenaBlock *next = b->next;
        mc_mem_free(b);
        b = next;
    }
    arena->head = NULL;
    mc_mem_free(arena->spare);
    arena->spare = NULL;
    arena->failed = 0;
}

// Keeps one standard block for the next allocation (a rewound list item would otherwise take a
// new block and give it back for every item when the mark sits near the end of a block).
static void give_back(McArena *arena, McArenaBlock *b) {
    if (b->capacity == BLOCK_BYTES && !arena->spare) arena->spare = b;
    else mc_mem_free(b);
}

McArenaMark mc_arena_mark(const McArena *arena) {
    McArenaMark m = {arena->head, arena->head ? arena->head->next : NULL, arena->head ? arena->head->used : 0};
    return m;
}

void mc_arena_rewind(McArena *arena, McArenaMark mark) {
    // Blocks taken since the mark are in front of the marked head, or (blocks bigger than the
    // standard size, see mc_arena_alloc) right behind it.
    while (arena->head && arena->head != mark.head) {
        McArenaBlock *next = arena->head->next;
        give_back(arena, arena->head);
        arena->head = next;
    }
    if (!arena->head) return;
    while (arena->head->next != mark.next) {
        McArenaBlock *big = arena->head->next;
        arena->head->next = big->next;
        give_back(arena, big);
    }
    arena->head->used = mark.used;
}
