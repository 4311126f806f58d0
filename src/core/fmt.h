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

/// The request's environment (core/env.h), for the texts below kept in its arena.
typedef struct McEnv McEnv;

/// The bytes mc_fmt_number writes at most, its NUL included.
#define MC_FMT_NUMBER_BYTES 32

/// A length or angle rounded as answers print numbers (docs/api.md "Numbers"): to the nearest
/// 1e-9 below 1e6 in magnitude (larger values are counts and limits, kept as they are); -0 and
/// values that are not finite give 0.
double mc_fmt_round(double v);

/// Writes `v` as every sentence shows a number: rounded by mc_fmt_round, to the answer's own
/// precision, in plain decimals without trailing zeros ("2.5", "0.001", "-3", "0" also for -0
/// and noise below 5e-10); from 1e6 in magnitude 15 significant digits, with an exponent from
/// 1e15 ("1e+20"). Returns buf.
char *mc_fmt_number(char buf[MC_FMT_NUMBER_BYTES], double v);

/// mc_fmt_number's text kept in the request's arena, for a sentence's "%s"; "" when the answer
/// shows no sentence (env->quiet).
const char *mc_fmt_num(McEnv *env, double v);

/// True when a move or turn of `v` (inches, steps or degrees) is below MC_LINEAR_SLOP: no
/// movement the answer's tolerance can see, which a sentence words as such.
int mc_fmt_negligible(double v);

/// A movement in a sentence: "<verb> <v><unit>" ("moves 2.5\"", "pivots 15°"), or `none` ("does
/// not move", "does not pivot") when mc_fmt_negligible(v). Kept in the request's arena.
const char *mc_fmt_amount(McEnv *env, const char *verb, double v, const char *unit, const char *none);

#endif
