// The engine's own printf: the messages of reasons, traces and errors, and the numbers cJSON's
// print sequence needs. libc's printf family is not linked into the WebAssembly module: with
// musl it brings long-double software floating point (about 30 KB of code, README
// "Performance"), and every number the engine formats is a double.
#ifndef MC_FMT_H
#define MC_FMT_H

#include <stdarg.h>
#include <stddef.h>

/// Formats like vsnprintf into `buf` of `size` bytes (always NUL-terminated when size > 0) and
/// returns the length the whole text has, for these conversions: %d %i %u %x %c %s and %%, with
/// the flags '-' and '0', a width, a precision (also '*') and the lengths hh h l ll z; and %g %e
/// %f of a double, printed from its exact value rounded to nearest, ties to even, as C's printf
/// does in the default rounding mode. Any other conversion is copied as written. A text cut to
/// fit ends before a UTF-8 character it would split (the return value is still the whole length).
int mc_vsnfmt(char *buf, size_t size, const char *fmt, va_list ap);

/// mc_vsnfmt with the arguments given directly.
int mc_snfmt(char *buf, size_t size, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
