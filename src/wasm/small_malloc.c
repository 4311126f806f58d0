// malloc and free for The Ninth Age's WebAssembly module, linked with -sMALLOC=none in place of
// emmalloc (CMakeLists.txt). That module asks the allocator for little: the request's arena takes
// its memory in 64 KB blocks (core/mem.c), so a request makes a few mallocs, and the page's glue
// one for the request's text. emmalloc's buckets and bookkeeping were 0.6 KB of the module's gzip.
// This is a first fit over one list of free blocks in address order, each freed block merged with
// the free blocks either side of it (Knuth's and K&R's allocator): memory freed in one size serves
// any other, and a freed block at the heap's end goes back to it, where a larger block can grow.
// A long-lived worker's memory grew as with emmalloc (docs/performance.md, "Sixth round"). Never
// compiled natively: the native programs use the C library's malloc.
#include <emscripten/heap.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

// A block's header, 8 bytes, so that each block and the memory it hands out stay 8-byte aligned.
// size counts the header; next is used while the block is free.
typedef struct Block {
    size_t size;
    struct Block *next;
} Block;

extern unsigned char __heap_base;
static uintptr_t top;     // where the heap's untouched memory starts (0 before the first malloc)
static Block *free_list;  // the free blocks, lowest address first

void *malloc(size_t n) {
    if (n > (size_t)INT32_MAX) return NULL;  // past what a 32-bit memory can hold
    size_t need = ((n + 7) & ~(size_t)7) + sizeof(Block);
    for (Block **link = &free_list, *b; (b = *link) != NULL; link = &b->next) {
        if (b->size < need) continue;
        if (b->size - need >= 2 * sizeof(Block)) {
            // The block's far end is handed out, so the free part keeps its place in the list.
            b->size -= need;
            b = (Block *)((char *)b + b->size);
            b->size = need;
        } else {
            *link = b->next;
        }
        return b + 1;
    }
    if (!top) top = ((uintptr_t)&__heap_base + 7) & ~(uintptr_t)7;
    uintptr_t end = top + need;
    if (end < top || (end > emscripten_get_heap_size() && !emscripten_resize_heap(end))) return NULL;
    Block *b = (Block *)top;
    top = end;
    b->size = need;
    return b + 1;
}

void free(void *ptr) {
    if (!ptr) return;
    Block *b = (Block *)ptr - 1, **link = &free_list, **prev_link = NULL;
    while (*link && *link < b) {
        prev_link = link;
        link = &(*link)->next;
    }
    Block *next = *link;
    if (next && (char *)b + b->size == (char *)next) {
        b->size += next->size;
        next = next->next;
    }
    if (prev_link && (char *)*prev_link + (*prev_link)->size == (char *)b) {
        (*prev_link)->size += b->size;
        b = *prev_link;
        link = prev_link;
    }
    if ((uintptr_t)b + b->size == top) {
        // The heap's last block goes back to its untouched end, where a larger block can grow.
        top = (uintptr_t)b;
        *link = NULL;
        return;
    }
    b->next = next;
    *link = b;
}
