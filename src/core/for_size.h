// MC_FOR_SIZE marks a function off the hot paths (once a request, once a search ends, a rare
// case's path) to be compiled for size whatever its file's level: The Ninth Age's module is held
// to 64 KB gzip (docs/performance.md "Ninth Age module size", third round). clang's minsize: the
// WebAssembly builds; gcc has none.
#ifndef MC_CORE_FOR_SIZE_H
#define MC_CORE_FOR_SIZE_H

#ifdef __clang__
#define MC_FOR_SIZE __attribute__((minsize))
#else
#define MC_FOR_SIZE
#endif

#endif
