// mc_json_strtod must give strtod's double and end pointer bit for bit: cJSON reads every number
// through it, and native and WebAssembly answers must stay byte-identical.
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json/number.h"
#include "mctest.h"

static int same_as_strtod(const char *text) {
    char *end_fast = NULL, *end_libc = NULL;
    double fast = mc_json_strtod(text, &end_fast);
    double libc = strtod(text, &end_libc);
    uint64_t a, b;
    memcpy(&a, &fast, sizeof a);
    memcpy(&b, &libc, sizeof b);
    if (a != b || end_fast != end_libc) {
        mc_test_fail(__FILE__, __LINE__, "\"%s\": %.17g (end +%d), strtod %.17g (end +%d)", text, fast,
                     (int)(end_fast - text), libc, (int)(end_libc - text));
        return 0;
    }
    return 1;
}

MC_TEST(number_hand_cases, "JSON numbers: hand-picked cases read as strtod reads them") {
    static const char *const cases[] = {
        "0", "-0", "0.0", "-0.0", "1", "-1", "0.5", "0.05", "19.5", "10.999999", "45", "315",
        "0.1", "0.2", "0.3", "1e22", "1e23", "1e-22", "1e-23", "9007199254740992",
        "9007199254740993", "123456789012345678", "1234567890123456789012", "0.000001",
        "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "1e400", "-1e400",
        "1e-400", "0e99999999", "1.5E3", "1.5e+3", "1.5e-3", "100000", "00012", "-", "1e", "1.",
        ".5", "1.e5", "1e+", "--1", "inf", "nan", "0x1p3", "12abc", "1.25.5", "",
        "3.141592653589793", "2.718281828459045", "0.30000000000000004", "123.456e-7",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) same_as_strtod(cases[i]);
}

MC_TEST(number_random_cases, "JSON numbers: 200,000 random decimals read as strtod reads them") {
    uint32_t state = 12345u;
    char text[80];
    int failures = 0;
    for (int n = 0; n < 200000 && failures < 10; n++) {
        int len = 0;
        state = state * 1664525u + 1013904223u;
        if (state >> 31) text[len++] = '-';
        state = state * 1664525u + 1013904223u;
        int int_digits = 1 + (int)((state >> 16) % 20);
        for (int i = 0; i < int_digits; i++) {
            state = state * 1664525u + 1013904223u;
            text[len++] = (char)('0' + (i == 0 && int_digits > 1 ? 1 + (state >> 16) % 9 : (state >> 16) % 10));
        }
        state = state * 1664525u + 1013904223u;
        int frac_digits = (int)((state >> 16) % 20);
        if (frac_digits) {
            text[len++] = '.';
            for (int i = 0; i < frac_digits; i++) {
                state = state * 1664525u + 1013904223u;
                text[len++] = (char)('0' + (state >> 16) % 10);
            }
        }
        state = state * 1664525u + 1013904223u;
        if ((state >> 16) % 3 == 0) {
            state = state * 1664525u + 1013904223u;
            len += snprintf(text + len, sizeof text - (size_t)len, "e%d", (int)((state >> 16) % 61) - 30);
        }
        text[len] = '\0';
        if (!same_as_strtod(text)) failures++;
    }
}
