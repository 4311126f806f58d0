// mc_snfmt replaces libc's printf family in the engine (src/core/fmt.h): it must write what C's
// printf writes for every conversion the engine uses. Hand-worked cases first (the rounding
// rule, the %g style switch), then glibc's own snprintf as the second opinion on random values.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/env.h"
#include "core/fmt.h"
#include "mctest.h"

#define SAME(expect, ...)                                                                          \
    do {                                                                                           \
        char got_[512];                                                                            \
        int n_ = mc_snfmt(got_, sizeof got_, __VA_ARGS__);                                         \
        if (strcmp(got_, (expect)) != 0 || n_ != (int)strlen(expect))                              \
            mc_test_fail(__FILE__, __LINE__, "%s: wrote \"%s\" (%d), expected \"%s\"", #__VA_ARGS__, \
                         got_, n_, (expect));                                                      \
    } while (0)

MC_TEST(fmt_hand_numbers, "Formatting: %g, %e and %f of hand-worked numbers") {
    // %g is %.6g: six significant digits, exponent style below 1e-4 and from 1e6 (C11 7.21.6.1)
    SAME("0", "%g", 0.0);
    SAME("-0", "%g", -0.0);
    SAME("1", "%g", 1.0);
    SAME("0.5", "%g", 0.5);
    SAME("0.0001", "%g", 0.0001);
    SAME("1e-05", "%g", 0.00001);
    SAME("100000", "%g", 100000.0);
    SAME("1e+06", "%g", 1000000.0);
    SAME("1.23457e+08", "%g", 123456789.0);
    SAME("3.14159", "%g", 3.14159265);
    SAME("999999", "%g", 999999.4);
    SAME("1e+06", "%g", 999999.5); // rounds up into the next decade: exponent style
    SAME("2.5", "%.6g", 2.5);
    SAME("12.3", "%g", 12.3);
    SAME("-45", "%g", -45.0);
    // ties: 0.125 and 0.375 are exact in binary, so %.2g meets a true tie and keeps the even digit
    SAME("0.12", "%.2g", 0.125);
    SAME("0.38", "%.2g", 0.375);
    // 0.15 is 0.1499999999999999944... in binary: below the tie, so it rounds down
    SAME("0.1", "%.1g", 0.15);
    SAME("0.3", "%.1g", 0.25 + 0.0000001);
    SAME("2", "%.0f", 2.5);
    SAME("4", "%.0f", 3.5);
    SAME("0", "%.0f", 0.5);
    SAME("1", "%.0f", 0.6);
    SAME("0.000", "%.3f", 0.0001);
    SAME("1.000000e+00", "%e", 1.0);
    SAME("1.5e-07", "%.1e", 1.5e-7);
    SAME("1e+300", "%g", 1e300);
    SAME("4.94066e-324", "%g", 5e-324);
    SAME("0.1", "%1.15g", 0.1);
    SAME("0.10000000000000001", "%1.17g", 0.1);
    SAME("0.30000000000000004", "%1.17g", 0.1 + 0.2);
    SAME("9007199254740994", "%1.17g", 9007199254740992.0 + 2); // 2^53 + 2: a whole number, every digit
    SAME("inf", "%g", INFINITY);
    SAME("-inf", "%g", -INFINITY);
    SAME("nan", "%g", NAN);
}

MC_TEST(fmt_hand_other, "Formatting: integers, strings, widths and truncation") {
    SAME("42 -7 0", "%d %d %d", 42, -7, 0);
    SAME("-2147483648", "%d", INT32_MIN);
    SAME("9223372036854775807 -1", "%lld %ld", (long long)INT64_MAX, -1L);
    SAME("4294967295", "%zu", (size_t)4294967295u);
    SAME("u001f", "u%04x", 0x1f);
    SAME("[  ab][ab  ][abc]", "[%4s][%-4s][%.3s]", "ab", "ab", "abcdef");
    SAME("[007][  7][-07]", "[%03d][%3d][%03d]", 7, 7, -7);
    SAME("100% sure", "%d%% sure", 100);
    SAME("x", "%c", 'x');
    char small[5];
    int n = mc_snfmt(small, sizeof small, "%s and %d", "abc", 12345);
    MC_CHECK(n == 13);
    MC_CHECK(strcmp(small, "abc ") == 0);
}

// The engine formats doubles with %g, %.6g, %1.15g and %1.17g; glibc's snprintf is an
// independent implementation of the same rule, so every disagreement is a bug in one of them.
MC_TEST(fmt_random_vs_libc, "Formatting: 200,000 random doubles in %g, %.6g, %1.15g, %1.17g, %.3e, %.4f as glibc prints them") {
    static const char *const formats[] = {"%g", "%.6g", "%1.15g", "%1.17g", "%.3e", "%.4f", "%.1g", "%.0f"};
    uint64_t state = 7;
    int failures = 0;
    for (int i = 0; i < 200000 && failures < 10; i++) {
        double v;
        uint64_t bits = mc_rng_next(&state);
        switch (i % 4) {
        case 0: memcpy(&v, &bits, sizeof v); break; // any double, subnormals included
        case 1: v = round(mc_rng_range(&state, -1e6, 1e6) * 1e9) / 1e9; break;
        case 2: v = round(mc_rng_range(&state, -1000, 1000) * 8) / 8; break; // ties in %.0f, %.1g
        default: v = mc_rng_range(&state, -1, 1) * pow(10, (double)(int)(mc_rng_next(&state) % 40) - 20); break;
        }
        if (isnan(v)) continue;
        const char *f = formats[i % 8];
        if (strcmp(f, "%.4f") == 0 && fabs(v) > 1e30) continue; // keeps glibc's text short
        char ours[512], theirs[512];
        mc_snfmt(ours, sizeof ours, f, v);
        snprintf(theirs, sizeof theirs, f, v);
        if (strcmp(ours, theirs) != 0) {
            failures++;
            mc_test_fail(__FILE__, __LINE__, "%s of %a: wrote \"%s\", glibc \"%s\"", f, v, ours, theirs);
        }
    }
}

MC_TEST(fmt_truncation_utf8, "Formatting: a text cut to fit ends before a UTF-8 character it would split") {
    // "ab°c": ° is C2 B0; "x—y": — is E2 80 94. Each case: buffer size, what is kept.
    struct {
        const char *text;
        size_t size;
        const char *kept;
    } cases[] = {
        {"ab\xC2\xB0" "c", 4, "ab"},                 // room for 3 bytes: the lead byte C2 alone is dropped
        {"ab\xC2\xB0" "c", 5, "ab\xC2\xB0"},         // room for 4: the whole °
        {"ab\xC2\xB0" "c", 3, "ab"},                 // room for 2: cut before °
        {"x\xE2\x80\x94y", 3, "x"},                  // room for 2 of —'s 3 bytes
        {"x\xE2\x80\x94y", 4, "x"},
        {"x\xE2\x80\x94y", 5, "x\xE2\x80\x94"},
        {"\xE2\x80\x94", 2, ""},                     // nothing whole fits
        {"plain", 3, "pl"},                          // ASCII is cut anywhere
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[16];
        memset(buf, 'Z', sizeof buf);
        int n = mc_snfmt(buf, cases[i].size, "%s", cases[i].text);
        MC_CHECK_INT(n, (int)strlen(cases[i].text));
        MC_CHECK_STR(buf, cases[i].kept);
    }
    // The same when the cut falls inside a formatted field rather than the format's own text.
    char buf[8];
    mc_snfmt(buf, sizeof buf, "%d\xC2\xB0 of %d", 12345, 9);
    MC_CHECK_STR(buf, "12345\xC2\xB0");
    mc_snfmt(buf, 7, "%d\xC2\xB0 of %d", 12345, 9);
    MC_CHECK_STR(buf, "12345");
}

// mc_fmt_number's text for v, against a hand-written expectation.
#define NUMBER(expect, v)                                                                          \
    do {                                                                                           \
        char got_[MC_FMT_NUMBER_BYTES];                                                            \
        mc_fmt_number(got_, (v));                                                                  \
        if (strcmp(got_, (expect)) != 0)                                                           \
            mc_test_fail(__FILE__, __LINE__, "mc_fmt_number(%s): \"%s\", expected \"%s\"", #v, got_, (expect)); \
    } while (0)

MC_TEST(fmt_round_rules, "Numbers: rounded to 1e-9, -0 and values that are not finite as 0") {
    MC_CHECK(mc_fmt_round(-0.0) == 0 && !signbit(mc_fmt_round(-0.0)));
    MC_CHECK(mc_fmt_round(-1e-12) == 0 && !signbit(mc_fmt_round(-1e-12)));
    MC_CHECK_NEAR(mc_fmt_round(0.1 + 0.2), 0.3, 0);
    MC_CHECK_NEAR(mc_fmt_round(2.0000000004), 2.0, 0);
    MC_CHECK_NEAR(mc_fmt_round(2.0000000006), 2.000000001, 0);
    MC_CHECK_NEAR(mc_fmt_round(99999.123456789), 99999.123456789, 0);
    MC_CHECK(mc_fmt_round(NAN) == 0 && mc_fmt_round(INFINITY) == 0 && mc_fmt_round(-INFINITY) == 0);
    MC_CHECK_NEAR(mc_fmt_round(1234567.25), 1234567.25, 0); // beyond 1e6: kept as it is
}

MC_TEST(fmt_number_sentences, "Numbers in sentences: plain decimals to 1e-9, no noise, no -0, no exponent below 1e15") {
    NUMBER("0", 0.0);
    NUMBER("0", -0.0);
    NUMBER("0", -2.3e-10);        // noise below half of 1e-9 rounds to zero, unsigned
    NUMBER("0", 4.9e-10);
    NUMBER("0.000000029", 2.9e-08); // what the fields print, not 2.9e-08
    NUMBER("-0.000000029", -2.9e-08);
    NUMBER("0.3", 0.1 + 0.2);
    NUMBER("2", 2.0000000004);
    NUMBER("2.000000001", 2.0000000006);
    NUMBER("8.062913533", 8.0629135334); // rounded to nine decimals, trailing digits dropped
    NUMBER("2.5", 2.5);
    NUMBER("-3", -3.0);
    NUMBER("0.001", 0.001);
    NUMBER("359.999999999", 359.999999999);
    NUMBER("360", 359.9999999996);
    NUMBER("99999.123456789", 99999.123456789);
    NUMBER("999999.999999999", 999999.999999999);
    NUMBER("1000000", 999999.9999999996); // rounds up to the first value printed to 15 digits
    NUMBER("1234567.25", 1234567.25);
    NUMBER("100000000000000", 1e14);
    NUMBER("1e+15", 1e15);
    NUMBER("-1.79769313486232e+308", -1.7976931348623157e308);
    NUMBER("0", NAN);
    NUMBER("0", INFINITY);
}

MC_TEST(fmt_amount_words, "Movements in sentences: below MC_LINEAR_SLOP the sentence's own words, else verb, number and unit") {
    McArena arena = {0};
    McEnv env = {0};
    env.arena = &arena;
    MC_CHECK_STR(mc_fmt_amount(&env, "moves", 2.5, "\"", "does not move"), "moves 2.5\"");
    MC_CHECK_STR(mc_fmt_amount(&env, "moves", 4e-14, "\"", "does not move"), "does not move");
    MC_CHECK_STR(mc_fmt_amount(&env, "pivots", 2.9e-08, "°", "does not pivot"), "does not pivot");
    MC_CHECK_STR(mc_fmt_amount(&env, "pivots", -0.0, "°", "does not pivot"), "does not pivot");
    MC_CHECK_STR(mc_fmt_amount(&env, "pivots", -15.0000000001, "°", "does not pivot"), "pivots -15°");
    MC_CHECK_STR(mc_fmt_amount(&env, "moves", 1e-6, "\"", "does not move"), "moves 0.000001\"");
    MC_CHECK(mc_fmt_negligible(NAN) && mc_fmt_negligible(9.99e-7) && !mc_fmt_negligible(-1e-6));
    MC_CHECK_STR(mc_fmt_num(&env, -1e-12), "0");
    mc_arena_release(&arena);
}
