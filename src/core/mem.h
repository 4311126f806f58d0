// Counted allocation and the per-request arena. A request gets its memory from one arena and
// frees it in one place; only the response string outlives the request.
#ifndef MC_MEM_H
#define MC_MEM_H

#include <stddef.h>

/// malloc that counts live bytes (mc_bytes_in_use). Returns NULL when memory runs out or the
/// live bytes would pass MC_MAX_HEAP_BYTES.
void *mc_mem_alloc(size_t size);
/// Frees what mc_mem_alloc returned; NULL is allowed.
void mc_mem_free(void *ptr);

#ifdef MC_TESTING
/// Test builds only (tests/c/test_alloc_failure.c): restarts the count of allocations (calls of
/// mc_mem_alloc and of the arena's functions, but not mc_arena_bump's inline fast path) and makes
/// allocation number `n` (from 1) return NULL as if memory had run out; 0 fails none.
void mc_mem_test_fail(long n);
/// The allocations counted since mc_mem_test_fail.
long mc_mem_test_count(void);
#endif

typedef struct McArenaBlock McArenaBlock;

/// One block of an arena (mem.c); in the header only for mc_arena_bump.
struct McArenaBlock {
    McArenaBlock *next;
    size_t used, capacity;
    _Alignas(16) unsigned char data[];
};

/// A bump allocator: allocations live until mc_arena_release. Zero-initialise before use.
typedef struct McArena {
    McArenaBlock *head;
    McArenaBlock *spare; ///< one standard block given back by mc_arena_rewind, reused first
    int failed; ///< set once an allocation failed; the request then answers `out_of_memory`
} McArena;

/// Returns `size` zeroed bytes aligned for any type, or NULL (and sets `failed`) when memory
/// runs out.
void *mc_arena_alloc(McArena *arena, size_t size);
/// mc_arena_alloc without the zeroing, for a caller that writes every byte it reads (cJSON: its
/// nodes are cleared by cJSON itself and its strings are copied in whole).
void *mc_arena_alloc_raw(McArena *arena, size_t size);
/// mc_arena_alloc_raw with its usual case inline: room left in the head block. cJSON takes
/// every node, string and number's text from the arena one by one (18,000 calls for a 77 KB
/// request), where a call was most of the cost.
static inline void *mc_arena_bump(McArena *arena, size_t size) {
    McArenaBlock *b = arena->head;
    size_t rounded = (size + 15) & ~(size_t)15;
    if (b && rounded >= size && b->capacity - b->used >= rounded) {
        void *p = b->data + b->used;
        b->used += rounded;
        return p;
    }
    return mc_arena_alloc_raw(arena, size);
}
/// Returns a copy of `count` elements of `size` bytes from `src` in the arena, or NULL.
void *mc_arena_dup(McArena *arena, const void *src, size_t count, size_t size);
/// Frees every allocation of the arena; the arena can be reused afterwards.
void mc_arena_release(McArena *arena);

/// A point in an arena's history, to go back to with mc_arena_rewind.
typedef struct McArenaMark {
    McArenaBlock *head, *next;
    size_t used;
} McArenaMark;
McArenaMark mc_arena_mark(const McArena *arena);
/// Gives back everything allocated since `mark` (which must be of this arena, and no later mark
/// rewound past): memory for temporary work, such as one item of a long response list.
void mc_arena_rewind(McArena *arena, McArenaMark mark);

/// Allocates `count` zeroed objects of `type` from `arena` (NULL on failure or overflow).
#define MC_NEW(arena, type, count) \
    ((type *)mc_arena_array((arena), (size_t)(count), sizeof(type)))
void *mc_arena_array(McArena *arena, size_t count, size_t size);

#endif
