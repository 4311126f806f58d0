#include "json/number.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "core/for_size.h"

// Every power of ten up to 1e22 is exact in a double (5^22 < 2^53).
static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

// A point halfway between two neighbouring doubles has at most 767 significant decimal digits
// (the longest is a 54-bit odd integer times 2^-1075), so the first 800 digits of a number and
// whether anything non-zero follows them decide its rounding: 800 digits are as good as all.
enum { MAX_DIGITS = 800, MAX_SHIFT = 60 };

// A positive decimal 0.d[0]d[1]...d[nd-1] × 10^dp, d[0] != 0, no trailing zeros, plus the
// non-zero digits after d[nd-1] that were dropped (`truncated`): the value is then a little more.
typedef struct {
    uint8_t d[MAX_DIGITS + MAX_SHIFT / 3 + 1]; // room for the new digits of a left shift
    int nd, dp, truncated;
} Decimal;

// Drops the digits past MAX_DIGITS (remembering whether one was non-zero) and trailing zeros.
MC_FOR_SIZE static void trim(Decimal *dec) {
    for (; dec->nd > MAX_DIGITS; dec->nd--) dec->truncated |= dec->d[dec->nd - 1];
    while (dec->nd > 0 && dec->d[dec->nd - 1] == 0) dec->nd--;
}

/// dec /= 2^k, 1 <= k <= MAX_SHIFT (so that remainder × 10 + 9 fits in 64 bits). Digits that
/// would pass MAX_DIGITS are dropped into `truncated`.
MC_FOR_SIZE static void shift_right(Decimal *dec, int k) {
    int r = 0, w = 0;
    uint64_t n = 0;
    for (; (n >> k) == 0; r++) n = n * 10 + (r < dec->nd ? dec->d[r] : 0);
    dec->dp -= r - 1;
    uint64_t mask = ((uint64_t)1 << k) - 1;
    for (; r < dec->nd; r++) {
        dec->d[w++] = (uint8_t)(n >> k);
        n = (n & mask) * 10 + dec->d[r];
    }
    for (; n != 0; n = (n & mask) * 10) {
        if (w < MAX_DIGITS)
            dec->d[w++] = (uint8_t)(n >> k);
        else if (n >> k)
            dec->truncated = 1;
    }
    dec->nd = w;
    trim(dec);
}

/// dec *= 2^k, 1 <= k <= MAX_SHIFT. The product has at most k/3 + 1 more digits than dec (2^3 < 10):
/// they are written from the last digit backwards, then copied to the front.
MC_FOR_SIZE static void shift_left(Decimal *dec, int k) {
    uint8_t product[sizeof dec->d];
    int grown = dec->nd + k / 3 + 1, w = grown;
    uint64_t n = 0;
    for (int r = dec->nd - 1; r >= 0; r--) {
        n += (uint64_t)dec->d[r] << k;
        product[--w] = (uint8_t)(n % 10);
        n /= 10;
    }
    for (; n != 0; n /= 10) product[--w] = (uint8_t)(n % 10);
    dec->nd = grown - w;
    dec->dp += dec->nd - (grown - k / 3 - 1);
    memcpy(dec->d, product + w, (size_t)dec->nd);
    trim(dec);
}

// The bits of the double m × 2^(e2 - 53), where m <= 2^53 is a rounded mantissa and e2 >= -1021
// (e2 == -1021 and m < 2^52: a subnormal). Past DBL_MAX: infinity.
static uint64_t assemble(uint64_t m, int e2) {
    if (m >> 53) { // rounded up to 2^53
        m >>= 1;
        e2++;
    }
    if (e2 > 1024) return (uint64_t)0x7ff << 52;
    // For m >= 2^52 the addition carries m's leading bit into the exponent field; a subnormal
    // (e2 == -1021, m < 2^52) has exponent field 0.
    return ((uint64_t)(e2 + 1021) << 52) + m;
}

// The correctly rounded double of dec (nd > 0, -324 <= dp <= 309), as its bits: dec is scaled by
// powers of two into [0.5, 1) × 2^e2, then times 2^53 (less for a subnormal) and rounded to an
// integer, half to even. Each shift costs O(nd) and there are at most about 25.
MC_FOR_SIZE static uint64_t decimal_to_bits(Decimal *dec) {
    int e2 = 0;
    while (dec->dp > 0) {
        int k = dec->dp >= 18 ? MAX_SHIFT : dec->dp * 10 / 3 + 1; // below 18: 10^dp < 2^k, dp to <= 0
        shift_right(dec, k);
        e2 += k;
    }
    while (dec->dp < 0 || (dec->dp == 0 && dec->d[0] < 5)) {
        int k = dec->dp <= -20 ? MAX_SHIFT : dec->dp < 0 ? -3 * dec->dp : 1; // 8^-dp < 10^-dp: stays < 1
        shift_left(dec, k);
        e2 -= k;
    }
    if (e2 > 1024) return (uint64_t)0x7ff << 52;
    // Below 2^-1022 the unit is 2^-1074: fewer bits. dec >= 10^-325 keeps this shift under 60.
    if (e2 < -1021) {
        shift_right(dec, -1021 - e2);
        e2 = -1021;
    }
    shift_left(dec, 53);
    uint64_t m = 0;
    for (int i = 0; i < dec->dp; i++) m = m * 10 + (i < dec->nd ? dec->d[i] : 0);
    if (dec->dp >= 0 && dec->dp < dec->nd) {
        int next = dec->d[dec->dp]; // the first digit after the point; exactly half if it is the last
        if (next > 5 || (next == 5 && (dec->truncated || dec->dp + 1 < dec->nd || (m & 1)))) m++;
    }
    return assemble(m, e2);
}

/// a × b as 128 bits (four 32-bit products: 128-bit integers would call a compiler-rt helper
/// in WebAssembly).
// Out of line: on the general path only (fp_mul), four copies there.
__attribute__((noinline)) static uint64_t mul_64(uint64_t a, uint64_t b, uint64_t *lo) {
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0;
    uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
    *lo = mid << 32 | (uint32_t)p00;
    return a1 * b1 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

// A positive number (hi × 2^64 + lo) × 2^e with hi's top bit set.
typedef struct {
    uint64_t hi, lo;
    int e;
} Fp;

/// The product's top 128 bits, truncated: under 4 units of its last bit below the exact one.
static Fp fp_mul(Fp a, Fp b) {
    uint64_t l1, l2, l3, unused;
    uint64_t h1 = mul_64(a.hi, b.hi, &l1), h2 = mul_64(a.hi, b.lo, &l2);
    uint64_t h3 = mul_64(a.lo, b.hi, &l3), h4 = mul_64(a.lo, b.lo, &unused);
    uint64_t w1 = l2 + l3, c1 = w1 < l3; // the 256-bit product's second word, with carries
    w1 += h4;
    c1 += w1 < h4;
    uint64_t w2 = l1 + h2, c2 = w2 < h2;
    w2 += h3;
    c2 += w2 < h3;
    w2 += c1;
    c2 += w2 < c1;
    Fp r = {h1 + c2, w2, a.e + b.e + 128};
    if (!(r.hi >> 63)) { // the product was below 2^255: one more bit from below
        r.hi = r.hi << 1 | r.lo >> 63;
        r.lo = r.lo << 1 | w1 >> 63;
        r.e--;
    }
    return r;
}

static Fp fp_normalize(uint64_t v) { // v > 0, exact
    Fp r = {v, 0, -64};
    for (; !(r.hi >> 63); r.hi <<= 1) r.e--;
    return r;
}

/// The double of dec (nd > 0, -324 <= dp <= 309) from its first 19 digits w times 10^e10, in
/// 128-bit arithmetic with a bound on the error (Clinger's "Bellerophon", in the way of
/// double-conversion's DiyFp path, with twice the bits): 10^e10 = 2^e10 × 5^e10 is 5^r times
/// k-th powers of 5^27 (exact) or of 2^190 / 5^27 (rounded), each product truncated to 128 bits.
/// Returns 0 when the bits past the 53rd lie within the error of a halfway point: then
/// decimal_to_bits decides. For at most 19 digits that is an exact tie or nearly never.
static int approx_bits(const Decimal *dec, uint64_t *bits) {
    static const Fp pow5_27 = {7450580596923828125u << 1, 0, -65};           // 5^27 (63 bits)
    static const Fp inv5_27 = {0x9e74d1b791e07e48u, 0x775ea264cf55347eu, -190}; // 2^190 / 5^27
    int n = dec->nd < 19 ? dec->nd : 19;
    uint64_t w = 0;
    for (int i = 0; i < n; i++) w = w * 10 + dec->d[i];
    int e10 = dec->dp - n;
    // 5^e10 = 5^r × (5^27)^k for e10 >= 0; 5^(27 - r) × (5^-27)^(k + 1) below 0.
    int k = (e10 < 0 ? -e10 : e10) / 27, r = (e10 < 0 ? -e10 : e10) % 27;
    int steps = e10 < 0 ? k + 1 : k;
    uint64_t p = 1;
    for (int i = e10 < 0 ? 27 - r : r; i > 0; i--) p *= 5;
    Fp x = fp_normalize(p);
    for (int i = 0; i < steps; i++) x = fp_mul(x, e10 < 0 ? inv5_27 : pow5_27);
    x = fp_mul(fp_normalize(w), x);
    x.e += e10;
    // The error, in units of lo's last bit: under 4 per product and 1 for the constant's
    // rounding. Digits after the 19th add under 10^-18 of the value: 19 units of hi's last bit.
    int truncated = dec->nd > 19 || dec->truncated;
    uint64_t err = 5 * (uint64_t)steps + 5;
    int lead = x.e + 127; // the value lies in [2^lead, 2^(lead+1))
    if (lead >= 1024) {
        *bits = (uint64_t)0x7ff << 52;
        return 1;
    }
    int drop = lead >= -1022 ? 11 : 11 + (-1022 - lead); // bits of hi below dec double's last
    if (drop > 64) { // below 2^-1075, half the least subnormal, even with the error: 0
        *bits = 0;
        return ~x.hi >= 20;
    }
    uint64_t half = (uint64_t)1 << (drop - 1), rest = drop == 64 ? x.hi : x.hi & ((half << 1) - 1);
    if (truncated ? (rest > half ? rest - half : half - rest) <= 20
                  : (rest == half && x.lo <= err) || (rest == half - 1 && ~x.lo < err))
        return 0;
    int up = rest > half || (rest == half && x.lo != 0);
    *bits = assemble((drop == 64 ? 0 : x.hi >> drop) + up, x.e + 64 + drop + 53);
    return 1;
}

// The general path of mc_json_strtod: p is past the sign. A function of its own, so that the
// short path does not set up its 800-digit frame.
MC_FOR_SIZE __attribute__((noinline)) static double strtod_general(const char *text, const char *p, int negative,
                                                       char **end) {
    Decimal dec;
    dec.nd = 0;
    dec.truncated = 0;
    int64_t dp = 0; // counts digits of dec 4 MiB number; clamped before it becomes dec.dp
    int point = 0, seen = 0;
    for (;; p++) {
        if (*p == '.' && !point) {
            point = 1;
            continue;
        }
        if (*p < '0' || *p > '9') break;
        seen = 1;
        if (*p == '0' && dec.nd == 0) { // dec leading zero
            dp -= point;
            continue;
        }
        dp += !point;
        if (dec.nd < MAX_DIGITS)
            dec.d[dec.nd++] = (uint8_t)(*p - '0');
        else
            dec.truncated |= *p != '0';
    }
    if (!seen) {
        if (end) *end = (char *)text;
        return 0;
    }
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1;
        int exp_negative = *q == '-';
        if (*q == '-' || *q == '+') q++;
        if (*q >= '0' && *q <= '9') {
            int64_t e = 0;
            for (; *q >= '0' && *q <= '9'; q++)
                if (e < 100000000) e = e * 10 + (*q - '0');
            dp += exp_negative ? -e : e;
            p = q;
        }
    }
    if (end) *end = (char *)p;
    trim(&dec);
    uint64_t bits = 0; // +0: no non-zero digit, or below 10^-325 (under half the least subnormal)
    if (dec.nd > 0 && dp > 309) {
        bits = (uint64_t)0x7ff << 52; // at least 10^309: infinity
    } else if (dec.nd > 0 && dp >= -324) {
        dec.dp = (int)dp;
        int exp10 = dec.dp - dec.nd;
        uint64_t mantissa = 0;
        if (!dec.truncated && dec.nd <= 16 && exp10 >= -22 && exp10 <= 22) {
            for (int i = 0; i < dec.nd; i++) mantissa = mantissa * 10 + dec.d[i];
        }
        if (mantissa != 0 && mantissa <= ((uint64_t)1 << 53)) {
            // Clinger's fast path: both operands exact, so one correctly rounded operation.
            double value = exp10 < 0 ? (double)mantissa / exact_pow10[-exp10]
                                     : (double)mantissa * exact_pow10[exp10];
            return negative ? -value : value;
        }
        if (!approx_bits(&dec, &bits)) bits = decimal_to_bits(&dec);
    }
    bits |= (uint64_t)negative << 63;
    double value;
    memcpy(&value, &bits, sizeof value);
    return value;
}

double mc_json_strtod(const char *text, char **end) {
    const char *p = text;
    int negative = *p == '-';
    if (*p == '-' || *p == '+') p++;
    // The usual number first: at most 19 digits, no exponent, at most 22 after the point, and
    // the digits as an integer at most 2^53. They go straight into that integer (zeros kept:
    // m × 10^z / 10^(k + z) is the same real number as m / 10^k, so the one correctly rounded
    // division gives the same double as Clinger's fast path in strtod_general). Anything else
    // is read again from the start there (more digits overflow m, but then it is not used).
    {
        uint64_t m = 0;
        const char *q = p;
        for (; (unsigned)(*q - '0') < 10; q++) m = m * 10 + (uint64_t)(*q - '0');
        ptrdiff_t digits = q - p, frac = 0;
        if (*q == '.') {
            const char *f = ++q;
            for (; (unsigned)(*q - '0') < 10; q++) m = m * 10 + (uint64_t)(*q - '0');
            frac = q - f;
            digits += frac;
        }
        if (digits >= 1 && digits <= 19 && frac <= 22 && *q != 'e' && *q != 'E' && m <= ((uint64_t)1 << 53)) {
            if (end) *end = (char *)q;
            double value = frac ? (double)m / exact_pow10[frac] : (double)m;
            return negative ? -value : value;
        }
    }
    return strtod_general(text, p, negative, end);
}

static int is_digit(char c) {
    return c >= '0' && c <= '9';
}

double mc_json_number(const char *text, char **end) {
    char *stop;
    double value = mc_json_strtod(text, &stop);
    const char *p = text + (*text == '-');
    int ok = is_digit(*p) && !(*p == '0' && is_digit(p[1]));
    while (is_digit(*p)) p++;
    if (ok && *p == '.') ok = is_digit(p[1]);
    if (!ok) {
        if (end) *end = (char *)text;
        return 0;
    }
    if (end) *end = stop;
    return value;
}
