// Reading JSON numbers quickly and exactly, without the C library. cJSON calls strtod for every
// number; the build compiles cJSON with strtod renamed to mc_json_strtod (CMakeLists.txt).
#ifndef MC_JSON_NUMBER_H
#define MC_JSON_NUMBER_H

/// strtod for decimal text, with the same double (correctly rounded: to nearest, ties to even)
/// and end pointer: an optional sign, digits with at most one '.', at least one digit, then an
/// optional exponent ('e' or 'E', optional sign, digits) read only if it has a digit. Text
/// without a digit there reads as 0 with *end = text. Unlike strtod it reads no leading
/// spaces, "inf", "nan" or hexadecimal ("0x1p3" reads as 0, ending at the 'x'), and leaves errno
/// alone on overflow (±inf) and underflow: cJSON hands it only runs of [0-9+-eE.] and the
/// readers reject non-finite numbers. Three ways, the first that decides (number.c): one
/// correctly rounded multiplication or division for an integer of at most 2^53 times 10^-22 to
/// 10^22 (Clinger's fast path); the first 19 digits times a 128-bit power of ten with a bound on
/// its error, unless that leaves the result within the bound of a halfway point; an exact
/// conversion of the first 800 digits. Musl's strtod computes in software long double under
/// WebAssembly: 12 KB more code (~5.5 KB gzip) in every module, and slower (docs/performance.md).
double mc_json_strtod(const char *text, char **end);

/// What cJSON reads numbers with (CMakeLists.txt renames its strtod to this): mc_json_strtod,
/// refusing (0 with *end = text) a number outside JSON's grammar (RFC 8259 section 6): a leading
/// zero ("01", "-00.5"), a point without a digit after it ("1.", "1.e5") or before it ("-.5"), a
/// leading '+'. cJSON passes any run of [0-9+-eE.] and accepts whatever strtod reads, so without
/// this check such numbers were read as if they were JSON.
double mc_json_number(const char *text, char **end);

#endif
