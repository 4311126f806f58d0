// Reading JSON numbers quickly and exactly. cJSON calls strtod for every number; the build
// compiles cJSON with strtod renamed to mc_json_strtod (CMakeLists.txt).
#ifndef MC_JSON_NUMBER_H
#define MC_JSON_NUMBER_H

/// strtod with the same result and end pointer, bit for bit. A plain decimal number (optional
/// minus, digits, optional fraction and exponent, nothing after it) whose digits form an integer
/// of at most 2^53 and whose power of ten is within 1e-22..1e22 is converted by one correctly
/// rounded multiplication or division (Clinger's fast path); anything else goes to the C
/// library's strtod. Musl's strtod computes in software long double under WebAssembly and took
/// half the time of reading a large request (README "Performance").
double mc_json_strtod(const char *text, char **end);

#endif
