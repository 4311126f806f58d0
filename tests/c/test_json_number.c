// mc_json_strtod must give strtod's double and end pointer bit for bit: cJSON reads every number
// through it, and native and WebAssembly answers must stay byte-identical. The native build's
// strtod is glibc's, correctly rounded: the reference for the random cases. The hard cases'
// expected doubles are worked out from their binary forms (comments), not taken from a library.
#include <float.h>
#include <stddef.h>
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
        ".5", "1.e5", "1e+", "--1", "12abc", "1.25.5", "", "+1", "-+1", ".", "-.", "-.5e-3", "1e-",
        "1e+-5", "1-2", "1ee5", "0.e", "0e+99999999999999999999", "1e-99999999999999999999",
        "3.141592653589793", "2.718281828459045", "0.30000000000000004", "123.456e-7",
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) same_as_strtod(cases[i]);
}

// RFC 8259 section 6: -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?. What strtod reads past
// that grammar ("01", "1.", "-.5") is refused as a whole: end = text, so cJSON reports the number.
MC_TEST(number_json_grammar, "JSON numbers: only RFC 8259's grammar is read; leading zeros and bare points are refused") {
    static const struct {
        const char *text;
        int read; // bytes read, 0 if refused
        double value;
    } cases[] = {
        {"0", 1, 0},         {"-0", 2, -0.0},     {"0.5", 3, 0.5},      {"-0.5e-3", 7, -0.0005},
        {"10", 2, 10},       {"1E5", 3, 1e5},     {"2.25e+2", 7, 225},  {"0e5", 3, 0},
        {"1e", 1, 1},        {"1e+", 1, 1},       {"01", 0, 0},         {"-01", 0, 0},
        {"00.5", 0, 0},      {"-00", 0, 0},       {"1.", 0, 0},         {"2.e0", 0, 0},
        {"-.5", 0, 0},       {".5", 0, 0},        {"+1", 0, 0},         {"-+1", 0, 0},
        {"-", 0, 0},         {"0.e1", 0, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *end = NULL;
        double v = mc_json_number(cases[i].text, &end);
        if (end != cases[i].text + cases[i].read || memcmp(&v, &cases[i].value, sizeof v) != 0)
            mc_test_fail(__FILE__, __LINE__, "\"%s\": %.17g after %d bytes, expected %.17g after %d", cases[i].text, v,
                         (int)(end - cases[i].text), cases[i].value, cases[i].read);
    }
}

MC_TEST(number_random_short, "JSON numbers: 200,000 random short decimals read as strtod reads them") {
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

static uint64_t bits_of(double d) {
    uint64_t b;
    memcpy(&b, &d, sizeof b);
    return b;
}

/// Checks that `text` reads as the double with bits `want` and that the whole text is read.
static void check_bits(const char *file, int line, const char *text, uint64_t want) {
    char *end = NULL;
    double got = mc_json_strtod(text, &end);
    size_t len = strlen(text);
    if (bits_of(got) != want || end != text + len)
        mc_test_fail(file, line, "\"%.60s\"%s (%zu chars): %a (read %d chars), expected bits %#llx", text,
                     len > 60 ? "..." : "", len, got, (int)(end - text), (unsigned long long)want);
}
#define CHECK_READS(text, want) check_bits(__FILE__, __LINE__, (text), bits_of(want))
#define CHECK_READS_BITS(text, bits) check_bits(__FILE__, __LINE__, (text), (bits))

MC_TEST(number_hard_cases, "JSON numbers: halfway, subnormal and overflow cases round to nearest, ties to even") {
    // 2^53 + 1 is halfway between 2^53 and 2^53 + 2; the even mantissa (2^53) wins. 2^53 + 3 is
    // halfway between 2^53 + 2 (odd mantissa 2^52 + 1) and 2^53 + 4 (even): up.
    CHECK_READS("9007199254740993", 0x1p53);
    CHECK_READS("9007199254740995", 0x1p53 + 4);
    CHECK_READS("9007199254740993.0000000000000000000000000001", 0x1p53 + 2);
    CHECK_READS("9007199254740992.9999999999999999999999999999", 0x1p53);
    CHECK_READS("-9007199254740993", -0x1p53);
    // 2^52 + 1/2 and 2^52 + 3/2: ties between integers (the unit at 2^52 is 1), to the even one.
    CHECK_READS("4503599627370496.5", 0x1p52);
    CHECK_READS("4503599627370497.5", 0x1p52 + 2);
    CHECK_READS("45035996273704965e-1", 0x1p52);
    CHECK_READS("4503599627370497500e-3", 0x1p52 + 2);
    CHECK_READS("4503599627370496.50000000000000001", 0x1p52 + 1);
    // 10^23 = 2^23 × 5^23 lies exactly halfway between 5960464477539062 × 2^24 (even) and
    // 5960464477539063 × 2^24 (5^23 = 11920928955078125 = 2 × 5960464477539062 + 1).
    CHECK_READS("1e23", 0x1.52d02c7e14af6p+76);
    CHECK_READS("100000000000000000000000.000000000000000000001", 0x1.52d02c7e14af7p+76);
    // The least subnormal 2^-1074 = 4.940656458412465441765...e-324; half of it, 2^-1075 =
    // 2.470328229206232720882...e-324. Below half reads 0, above half 2^-1074.
    CHECK_READS("4.9406564584124654e-324", 0x1p-1074);
    CHECK_READS("4.9e-324", 0x1p-1074);
    CHECK_READS("2.4703282292062327e-324", 0.0);
    CHECK_READS("2.4703282292062328e-324", 0x1p-1074);
    CHECK_READS("-2.4703282292062328e-324", -0x1p-1074);
    CHECK_READS("-2.4703282292062327e-324", -0.0);
    CHECK_READS("1e-324", 0.0);
    // 1.5 × 2^-1074 = 7.410984687618698162...e-324: below it 2^-1074, above it 2^-1073.
    CHECK_READS("7.4109846876186981e-324", 0x1p-1074);
    CHECK_READS("7.4109846876186982e-324", 0x1p-1073);
    // Largest subnormal (2^52 - 1) × 2^-1074 = 2.2250738585072008890...e-308, least normal 2^-1022 =
    // 2.2250738585072013830...e-308, halfway 2.2250738585072011360...e-308 (the PHP/Java hang).
    CHECK_READS("2.2250738585072011e-308", 0x0.fffffffffffffp-1022);
    CHECK_READS("2.2250738585072012e-308", 0x1p-1022);
    CHECK_READS("2.2250738585072014e-308", 0x1p-1022);
    CHECK_READS("2.2250738585072009e-308", 0x0.fffffffffffffp-1022);
    // DBL_MAX = (2^53 - 1) × 2^971 = 1.7976931348623157081...e308; halfway to 2^1024 is
    // 1.7976931348623158079...e308: from there up (ties to even, and DBL_MAX is odd) infinity.
    CHECK_READS("1.7976931348623157e308", DBL_MAX);
    CHECK_READS("1.7976931348623158e308", DBL_MAX);
    CHECK_READS("1.797693134862315807e308", DBL_MAX);
    CHECK_READS("1.797693134862315808e308", INFINITY);
    CHECK_READS("-1.797693134862315808e308", -INFINITY);
    CHECK_READS("1.7976931348623159e308", INFINITY);
    CHECK_READS("1e309", INFINITY);
    CHECK_READS("0.1e310", INFINITY);
    CHECK_READS("1e308", 0x1.1ccf385ebc8ap+1023);
    CHECK_READS("1e99999999999999999999", INFINITY);
    CHECK_READS("0.0000000000000000000000000000001e99999999999999999999", INFINITY);
    CHECK_READS("1e-99999999999999999999", 0.0);
    CHECK_READS("0e99999999999999999999", 0.0);
    CHECK_READS("-0.000e-5", -0.0);
    // 0.1 = 0x1.999999999999999...p-4: the 54th bit is 1 and later bits are not all 0, so up.
    CHECK_READS("0.1", 0x1.999999999999ap-4);
    CHECK_READS("0.10000000000000000555111512312578270211815834045410156250000001", 0x1.999999999999ap-4);
    CHECK_READS("1.00000000000000011102230246251565404236316680908203125", 0x1p0); // 1 + 2^-53: tie, even
    CHECK_READS("1.00000000000000011102230246251565404236316680908203126", 0x1.0000000000001p0);
    CHECK_READS("1.00000000000000033306690738754696212708950042724609375", 0x1.0000000000002p0); // 1 + 3 × 2^-53
}

// Decimal digits of a big integer, least significant first: enough for (2^54) × 5^1075 (770).
typedef struct {
    uint8_t d[1200];
    int n;
} Big;

static void big_set(Big *b, uint64_t v) {
    b->n = 0;
    do {
        b->d[b->n++] = (uint8_t)(v % 10);
        v /= 10;
    } while (v);
}

/// b *= base^times, base 2 or 5, by factors below 2^32.
static void big_scale(Big *b, uint32_t base, int times) {
    while (times > 0) {
        uint64_t factor = 1;
        for (int i = 0; i < 13 && times > 0; i++, times--) factor *= base;
        uint64_t carry = 0;
        for (int i = 0; i < b->n; i++) {
            carry += b->d[i] * factor;
            b->d[i] = (uint8_t)(carry % 10);
            carry /= 10;
        }
        for (; carry; carry /= 10) b->d[b->n++] = (uint8_t)(carry % 10);
    }
}

/// odd × 2^e2 as "digits" or "digitse-N": exact. Returns the length.
static int exact_decimal(char *out, uint64_t odd, int e2) {
    Big b;
    big_set(&b, odd);
    big_scale(&b, e2 < 0 ? 5 : 2, e2 < 0 ? -e2 : e2);
    int len = 0;
    for (int i = b.n - 1; i >= 0; i--) out[len++] = (char)('0' + b.d[i]);
    if (e2 < 0) len += sprintf(out + len, "e%d", e2);
    out[len] = '\0';
    return len;
}

/// The same decimal less one unit in its last digit (a little below), or with "0001" appended
/// and the exponent lowered by 4 (a little above). `out` has room for 24 more characters.
static void nudge(char *out, int below) {
    char *e = strchr(out, 'e');
    char *last = (e ? e : out + strlen(out)) - 1;
    if (below) {
        for (; *last == '0'; last--) *last = '9';
        (*last)--;
        return;
    }
    int exp = e ? atoi(e + 1) : 0;
    snprintf(last + 1, 24, "0001e%d", exp - 4);
}

MC_TEST(number_exact_halfway, "JSON numbers: exact halfway points, and a hair either side, at the extremes") {
    char text[1300];
    // (2m + 1) × 2^(q - 1) is halfway between m × 2^q and (m + 1) × 2^q.
    static const struct {
        uint64_t m;
        int q;
    } points[] = {
        {0, -1074},                         // 0 and the least subnormal
        {1, -1074},                         // the least subnormal and the next
        {((uint64_t)1 << 52) - 1, -1074},   // the largest subnormal and the least normal
        {(uint64_t)1 << 52, -1074},         // the least normal and the next
        {((uint64_t)1 << 53) - 1, 971},     // DBL_MAX and 2^1024 (infinity)
        {((uint64_t)1 << 53) - 2, 971},     // the double below DBL_MAX and DBL_MAX
        {(uint64_t)1 << 52, 1},             // 2^53 and 2^53 + 2
        {((uint64_t)1 << 53) - 1, -53},     // 1 - 2^-53 and 1
        {0x1999999999999a, -56},            // 0.1 and the next double
    };
    for (size_t i = 0; i < sizeof points / sizeof points[0]; i++) {
        uint64_t m = points[i].m;
        // The double m × 2^q (m < 2^53): its bits, and the next double's are one more.
        uint64_t low = m >= ((uint64_t)1 << 52) ? ((uint64_t)(points[i].q + 1075) << 52) + (m - ((uint64_t)1 << 52))
                                                : m;
        uint64_t even = low + (m & 1);
        exact_decimal(text, 2 * m + 1, points[i].q - 1);
        check_bits(__FILE__, __LINE__, text, even);
        nudge(text, 1);
        check_bits(__FILE__, __LINE__, text, low);
        exact_decimal(text, 2 * m + 1, points[i].q - 1);
        nudge(text, 0);
        check_bits(__FILE__, __LINE__, text, low + 1);
    }
}

MC_TEST(number_huge_mantissas, "JSON numbers: 4 MiB digit strings are read exactly, past their 800th digit") {
    size_t pad = (size_t)4 << 20;
    char *text = malloc(pad + 64);
    if (!text) {
        mc_test_fail(__FILE__, __LINE__, "out of memory");
        return;
    }
    // 2^53 + 1 (halfway, reads 2^53) followed by 4 MiB of zeros: exactly halfway still, and the
    // same with a 1 at the very end (above halfway: 2^53 + 2).
    strcpy(text, "9007199254740993.");
    size_t len = strlen(text);
    memset(text + len, '0', pad);
    len += pad;
    text[len] = '\0';
    CHECK_READS(text, 0x1p53);
    strcpy(text + len, "1");
    CHECK_READS(text, 0x1p53 + 2);
    // The same digits as one integer scaled back down by the exponent.
    text[16] = '0';
    sprintf(text + len, "1e-%zu", pad + 2);
    CHECK_READS(text, 0x1p53 + 2);
    sprintf(text + len, "0e-%zu", pad + 2);
    CHECK_READS(text, 0x1p53);
    // 4 MiB of nines: 10^4194304 - 1 overflows; as a fraction 0.999... it is below 1 by far less
    // than half an ulp (2^-54), so it reads 1; 4 MiB of zeros then a 1 underflows to 0.
    memset(text, '9', pad);
    text[pad] = '\0';
    CHECK_READS(text, INFINITY);
    text[0] = '0';
    text[1] = '.';
    CHECK_READS(text, 1.0);
    memset(text, '0', pad);
    text[1] = '.';
    strcpy(text + pad, "1");
    CHECK_READS(text, 0.0);
    sprintf(text + pad, "1e%zu", pad - 1);
    CHECK_READS(text, 1.0);
    free(text);
}

/// The characters cJSON hands over (it copies a run of [0-9+-eE.] to read with strtod).
static void random_json_chars(uint64_t *rng, char *text) {
    static const char alphabet[] = "0123456789+-eE.";
    int len = 1 + (int)(mc_rng_next(rng) % 12);
    for (int i = 0; i < len; i++) text[i] = alphabet[mc_rng_next(rng) % (sizeof alphabet - 1)];
    text[len] = '\0';
}

/// A decimal of `digits` random significant digits (the first non-zero), a point somewhere
/// or nowhere, leading zeros sometimes, and an exponent within ±max_exp or none.
static void random_decimal(uint64_t *rng, char *text, int digits, int max_exp) {
    int len = 0;
    if (mc_rng_next(rng) & 1) text[len++] = '-';
    int point = (int)(mc_rng_next(rng) % (uint64_t)(digits + 2)) - 1; // -1: none
    if (point == 0 && (mc_rng_next(rng) & 1)) {
        text[len++] = '0';
        text[len++] = '.';
        for (int z = (int)(mc_rng_next(rng) % 30); z > 0; z--) text[len++] = '0';
        point = -1;
    }
    for (int i = 0; i < digits; i++) {
        if (i == point) text[len++] = '.';
        uint64_t r = mc_rng_next(rng);
        // Runs of 0s and 9s make the carries and near-halfway values that random digits miss.
        int digit = r % 4 == 0 ? 0 : r % 4 == 1 ? 9 : (int)((r >> 8) % 10);
        text[len++] = (char)('0' + (i == 0 && digit == 0 ? 1 : digit));
    }
    if (max_exp > 0 && mc_rng_next(rng) % 4 != 0)
        len += sprintf(text + len, "%se%d", mc_rng_next(rng) & 1 ? "E" : "",
                       (int)(mc_rng_next(rng) % (uint64_t)(2 * max_exp + 1)) - max_exp);
    text[len] = '\0';
}

MC_TEST(number_random_against_libc, "JSON numbers: 3 million random strings of every shape read as glibc's strtod reads them") {
    uint64_t rng = 20261122;
    static char text[2200];
    int failures = 0;
    for (int n = 0; n < 3000000 && failures < 10; n++) {
        uint64_t shape = mc_rng_next(&rng) % 16;
        if (shape < 3) {
            random_json_chars(&rng, text);
        } else if (shape < 8) { // the lengths a JSON writer prints, at every exponent
            random_decimal(&rng, text, 1 + (int)(mc_rng_next(&rng) % 19), 340);
        } else if (shape < 12) { // a random double printed with 1 to 17 significant digits
            uint64_t b = mc_rng_next(&rng) & ~((uint64_t)1 << 63);
            double d;
            memcpy(&d, &b, sizeof d);
            if (d != d || d == INFINITY) continue;
            sprintf(text, "%.*e", (int)(mc_rng_next(&rng) % 17), d);
        } else if (shape < 15) {
            random_decimal(&rng, text, 17 + (int)(mc_rng_next(&rng) % 40), 330);
        } else { // long ones, rarer: each costs a few hundred times more
            if (n % 16 != 0) continue;
            random_decimal(&rng, text, 40 + (int)(mc_rng_next(&rng) % 2000), 400);
        }
        if (!same_as_strtod(text)) failures++;
    }
}

MC_TEST(number_random_halfway, "JSON numbers: 20,000 random exact halfway points, and numbers a hair either side, round to nearest, even on a tie") {
    uint64_t rng = 7;
    char text[1300];
    for (int n = 0; n < 20000; n++) {
        uint64_t low = mc_rng_next(&rng) % 0x7ff0000000000000; // a finite non-negative double
        uint64_t exp = low >> 52, m = low & (((uint64_t)1 << 52) - 1);
        int q = exp == 0 ? -1074 : (int)exp - 1075;
        if (exp) m |= (uint64_t)1 << 52;
        exact_decimal(text, 2 * m + 1, q - 1);
        int shape = n % 4;
        if (shape == 1 || shape == 2) nudge(text, shape == 1);
        if (shape == 3) { // cut to 18 to 43 significant digits: below halfway by under 10^-17, above low
            char *e = strchr(text, 'e');
            int digits = (int)(e ? e - text : (ptrdiff_t)strlen(text)), exp10 = e ? atoi(e + 1) : 0;
            int keep = 18 + (int)(mc_rng_next(&rng) % 26);
            if (keep >= digits) continue;
            sprintf(text + keep, "e%d", exp10 + digits - keep);
        }
        uint64_t want = shape == 1 || shape == 3 ? low : shape == 2 ? low + 1 : low + (m & 1);
        check_bits(__FILE__, __LINE__, text, want);
        if (!same_as_strtod(text)) break;
    }
}
