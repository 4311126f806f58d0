#include "core/fmt.h"

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/env.h"
#include "core/limits.h"

// The output so far: bytes beyond the buffer are counted, not written.
typedef struct Sink {
    char *buf;
    size_t size, len;
} Sink;

static void put(Sink *s, const char *p, size_t n) {
    if (s->len < s->size) {
        size_t room = s->size - s->len;
        memcpy(s->buf + s->len, p, n < room ? n : room);
    }
    s->len += n;
}

static void put_repeat(Sink *s, char c, int n) {
    for (; n > 0; n--) put(s, &c, 1);
}

// One converted field: sign or prefix, then the body, padded to `width` as the flags say.
static void put_field(Sink *s, const char *sign, const char *body, size_t n, int width, int left,
                      int zero) {
    int pad = width - (int)(strlen(sign) + n);
    if (!left && !zero) put_repeat(s, ' ', pad);
    put(s, sign, strlen(sign));
    if (!left && zero) put_repeat(s, '0', pad);
    put(s, body, n);
    if (left) put_repeat(s, ' ', pad);
}

// ---- the exact decimal value of a double ----

// A non-negative integer in base 10^9, least significant limb first. A double's exact value
// has at most 767 significant digits (the smallest subnormal times 5^1074): 86 limbs.
#define BIG_LIMBS 90
#define BIG_BASE 1000000000u

typedef struct Big {
    uint32_t limb[BIG_LIMBS];
    int n;
} Big;

static void big_mul(Big *b, uint32_t m) {
    uint64_t carry = 0;
    for (int i = 0; i < b->n; i++) {
        uint64_t t = (uint64_t)b->limb[i] * m + carry;
        b->limb[i] = (uint32_t)(t % BIG_BASE);
        carry = t / BIG_BASE;
    }
    while (carry && b->n < BIG_LIMBS) {
        b->limb[b->n++] = (uint32_t)(carry % BIG_BASE);
        carry /= BIG_BASE;
    }
}

// The digits of a double's exact value, without leading or trailing zeros.
#define MAX_DIGITS (BIG_LIMBS * 9)

typedef struct Decimal {
    char digit[MAX_DIGITS]; ///< '0'..'9'
    int n;                  ///< 0 for zero
    int exp10;              ///< the value is 0.d1d2d3... * 10^(exp10 + 1): d1 is in 10^exp10's place
} Decimal;

// |v| (finite) as its exact decimal digits: v = m * 2^e, which is m * 5^-e / 10^-e when e < 0.
static void exact_decimal(double v, Decimal *d) {
    uint64_t bits;
    memcpy(&bits, &v, sizeof bits);
    int biased = (int)((bits >> 52) & 0x7FF);
    uint64_t m = bits & (((uint64_t)1 << 52) - 1);
    int e = biased ? biased - 1075 : -1074;
    if (biased) m |= (uint64_t)1 << 52;
    d->n = 0;
    d->exp10 = 0;
    if (m == 0) return;
    while (!(m & 1) && e < 0) {
        m >>= 1;
        e++;
    }
    Big b = {{(uint32_t)(m % BIG_BASE), (uint32_t)(m / BIG_BASE % BIG_BASE), (uint32_t)(m / BIG_BASE / BIG_BASE)}, 3};
    while (b.n > 1 && b.limb[b.n - 1] == 0) b.n--;
    int scale = 0; // the value is b / 10^scale
    for (; e >= 29; e -= 29) big_mul(&b, (uint32_t)1 << 29);
    if (e > 0) big_mul(&b, (uint32_t)1 << e);
    if (e < 0) {
        scale = -e;
        for (; e <= -13; e += 13) big_mul(&b, 1220703125u); // 5^13
        uint32_t rest = 1;
        for (; e < 0; e++) rest *= 5;
        big_mul(&b, rest);
    }
    char top[10];
    int t = 0;
    for (uint32_t x = b.limb[b.n - 1]; x; x /= 10) top[t++] = (char)('0' + x % 10);
    while (t) d->digit[d->n++] = top[--t];
    for (int i = b.n - 2; i >= 0; i--) {
        uint32_t x = b.limb[i];
        for (int k = 8; k >= 0; k--, x /= 10) d->digit[d->n + k] = (char)('0' + x % 10);
        d->n += 9;
    }
    d->exp10 = d->n - 1 - scale;
    while (d->n && d->digit[d->n - 1] == '0') d->n--;
}

// Keeps the first `keep` digits, rounding to nearest with ties to even; may carry into a new
// leading digit. keep < 0 rounds to zero (the value is below half of the last kept place).
static void round_digits(Decimal *d, int keep) {
    if (keep >= d->n) return;
    if (keep < 0) {
        d->n = 0;
        return;
    }
    char c = d->digit[keep];
    int up = c > '5' || (c == '5' && (keep + 1 < d->n || (keep > 0 && (d->digit[keep - 1] - '0') % 2)));
    d->n = keep;
    if (up) {
        int i = keep - 1;
        while (i >= 0 && d->digit[i] == '9') i--;
        if (i < 0) {
            d->digit[0] = '1';
            d->n = 1;
            d->exp10++;
        } else {
            d->digit[i]++;
            d->n = i + 1;
        }
    }
    while (d->n && d->digit[d->n - 1] == '0') d->n--;
}

// The digit in 10^place's position.
static char digit_at(const Decimal *d, int place) {
    int i = d->exp10 - place;
    return i >= 0 && i < d->n ? d->digit[i] : '0';
}

// Room for the longest body: 309 integer digits of %f, a point and the precision (at most
// MAX_PRECISION), or %e's 1 + 1 + precision + 5.
#define MAX_PRECISION 400
#define BODY_BYTES (320 + MAX_PRECISION)

// "ddd.ddd" with `prec` decimals; `trim` drops trailing zeros of the decimals and a lone point.
static size_t fixed(const Decimal *d, int prec, int trim, char *out) {
    size_t n = 0;
    int top = d->n && d->exp10 > 0 ? d->exp10 : 0;
    for (int place = top; place >= 0; place--) out[n++] = digit_at(d, place);
    size_t point = n;
    out[n++] = '.';
    for (int place = -1; place >= -prec; place--) out[n++] = digit_at(d, place);
    if (trim)
        while (n > point + 1 && out[n - 1] == '0') n--;
    if (n == point + 1) n--;
    return n;
}

// "d.ddde+XX" with `prec` decimals.
static size_t scientific(const Decimal *d, int prec, int trim, char *out) {
    size_t n = 0;
    int x = d->n ? d->exp10 : 0;
    out[n++] = d->n ? d->digit[0] : '0';
    out[n++] = '.';
    for (int i = 1; i <= prec; i++) out[n++] = i < d->n ? d->digit[i] : '0';
    if (trim)
        while (n > 2 && out[n - 1] == '0') n--;
    if (n == 2) n--;
    out[n++] = 'e';
    out[n++] = x < 0 ? '-' : '+';
    unsigned ax = (unsigned)(x < 0 ? -x : x);
    char e[4];
    int k = 0;
    do {
        e[k++] = (char)('0' + ax % 10);
        ax /= 10;
    } while (ax);
    if (k < 2) e[k++] = '0';
    while (k) out[n++] = e[--k];
    return n;
}

static size_t format_double(double v, char conv, int prec, char *out) {
    if (isnan(v) || isinf(v)) {
        memcpy(out, isnan(v) ? "nan" : "inf", 3);
        return 3;
    }
    if (prec < 0) prec = 6;
    if (prec > MAX_PRECISION) prec = MAX_PRECISION;
    Decimal d;
    exact_decimal(v, &d);
    if (conv == 'f') {
        round_digits(&d, d.exp10 + 1 + prec);
        return fixed(&d, prec, 0, out);
    }
    if (conv == 'e') {
        round_digits(&d, prec + 1);
        return scientific(&d, prec, 0, out);
    }
    // %g: P significant digits; the exponent X after rounding picks the style (C11 7.21.6.1).
    int p = prec ? prec : 1;
    round_digits(&d, p);
    int x = d.n ? d.exp10 : 0;
    if (x < p && x >= -4) return fixed(&d, p - 1 - x, 1, out);
    return scientific(&d, p - 1, 1, out);
}

// ---- integers ----

static size_t format_unsigned(unsigned long long v, unsigned base, int prec, char *out) {
    char tmp[24];
    size_t n = 0;
    while (v) {
        tmp[n++] = "0123456789abcdef"[v % base];
        v /= base;
    }
    size_t len = 0;
    for (int z = prec - (int)n; z > 0 && len < 64; z--) out[len++] = '0';
    while (n) out[len++] = tmp[--n];
    return len;
}

int mc_vsnfmt(char *buf, size_t size, const char *fmt, va_list ap) {
    Sink s = {buf, size, 0};
    for (const char *p = fmt; *p; p++) {
        if (*p != '%') {
            const char *run = p;
            while (p[1] && p[1] != '%') p++;
            put(&s, run, (size_t)(p - run) + 1);
            continue;
        }
        const char *spec = p++;
        int left = 0, zero = 0, width = 0, prec = -1;
        for (;; p++) {
            if (*p == '-') left = 1;
            else if (*p == '0') zero = 1;
            else break;
        }
        if (*p == '*') {
            width = va_arg(ap, int);
            if (width < 0) {
                left = 1;
                width = -width;
            }
            p++;
        }
        for (; *p >= '0' && *p <= '9'; p++) width = width * 10 + (*p - '0');
        if (*p == '.') {
            p++;
            prec = 0;
            if (*p == '*') {
                prec = va_arg(ap, int);
                p++;
            }
            for (; *p >= '0' && *p <= '9'; p++) prec = prec * 10 + (*p - '0');
        }
        int length = 0; // 'h', 'l', 'L' for ll, 'z'
        if (*p == 'h') {
            p++;
            if (*p == 'h') p++;
            length = 'h';
        } else if (*p == 'l') {
            p++;
            length = 'l';
            if (*p == 'l') {
                p++;
                length = 'L';
            }
        } else if (*p == 'z') {
            p++;
            length = 'z';
        }
        char body[BODY_BYTES];
        size_t n = 0;
        const char *sign = "";
        switch (*p) {
        case 'd':
        case 'i': {
            long long v = length == 'L' ? va_arg(ap, long long)
                          : length == 'l' ? va_arg(ap, long)
                          : length == 'z' ? (long long)va_arg(ap, size_t)
                                          : va_arg(ap, int);
            if (length == 'h') v = (short)v;
            unsigned long long mag = v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v;
            if (v < 0) sign = "-";
            n = format_unsigned(mag, 10, prec < 0 ? 1 : prec, body);
            if (prec >= 0) zero = 0;
            break;
        }
        case 'u':
        case 'x': {
            unsigned long long v = length == 'L' ? va_arg(ap, unsigned long long)
                                   : length == 'l' ? va_arg(ap, unsigned long)
                                   : length == 'z' ? va_arg(ap, size_t)
                                                   : va_arg(ap, unsigned);
            if (length == 'h') v = (unsigned short)v;
            n = format_unsigned(v, *p == 'x' ? 16 : 10, prec < 0 ? 1 : prec, body);
            if (prec >= 0) zero = 0;
            break;
        }
        case 'c':
            body[n++] = (char)va_arg(ap, int);
            zero = 0;
            break;
        case 's': {
            const char *str = va_arg(ap, const char *);
            if (!str) str = "(null)";
            size_t len = 0;
            while (str[len] && (prec < 0 || len < (size_t)prec)) len++;
            put_field(&s, "", str, len, width, left, 0);
            continue;
        }
        case 'g':
        case 'e':
        case 'f': {
            double v = va_arg(ap, double);
            uint64_t bits;
            memcpy(&bits, &v, sizeof bits);
            if (bits >> 63) sign = "-";
            n = format_double(v < 0 ? -v : v, *p, prec, body);
            if (isnan(v) || isinf(v)) zero = 0;
            break;
        }
        case '%':
            put(&s, "%", 1);
            continue;
        default: // not a conversion this formatter knows: written as it stands
            put(&s, spec, (size_t)(p - spec) + (*p != '\0'));
            if (!*p) p--;
            continue;
        }
        put_field(&s, sign, body, n, width, left, zero);
    }
    if (size) {
        size_t end = s.len < size ? s.len : size - 1;
        // A cut text ends before the character it would split: buf[end] is the first byte left
        // out (written by put), and a UTF-8 continuation byte there means its lead byte is kept.
        if (s.len >= size)
            while (end > 0 && ((unsigned char)s.buf[end] & 0xC0) == 0x80) end--;
        s.buf[end] = '\0';
    }
    return s.len > (size_t)INT32_MAX ? INT32_MAX : (int)s.len;
}

int mc_snfmt(char *buf, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = mc_vsnfmt(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

// ---- numbers in sentences ----

double mc_fmt_round(double v) {
    if (!isfinite(v)) return 0;
    // Whole numbers (most of a large answer: hexes, costs, node numbers) are already rounded.
    if (fabs(v) < 1e6 && v == (double)(int32_t)v) return v == 0 ? 0 : v;
    // Beyond 1e6 a multiple of 1e-9 has no exact double neighbour worth printing; such values are
    // counts and limits, already whole.
    double r = fabs(v) < 1e6 ? round(v * 1e9) / 1e9 : v;
    return r == 0 ? 0 : r;
}

char *mc_fmt_number(char buf[MC_FMT_NUMBER_BYTES], double v) {
    double r = mc_fmt_round(v);
    if (fabs(r) >= 1e6) {
        mc_snfmt(buf, MC_FMT_NUMBER_BYTES, "%.15g", r);
        return buf;
    }
    // Nine decimals of the rounded value are the multiple of 1e-9 it stands for.
    int n = mc_snfmt(buf, MC_FMT_NUMBER_BYTES, "%.9f", r);
    while (buf[n - 1] == '0') n--;
    if (buf[n - 1] == '.') n--;
    buf[n] = '\0';
    return buf;
}

const char *mc_fmt_num(McEnv *env, double v) {
    if (env->quiet) return ""; // for a sentence no one reads
    char buf[MC_FMT_NUMBER_BYTES];
    return mc_strf(env, "%s", mc_fmt_number(buf, v));
}

int mc_fmt_negligible(double v) { return !(fabs(v) >= MC_LINEAR_SLOP); }

const char *mc_fmt_amount(McEnv *env, const char *verb, double v, const char *unit, const char *none) {
    if (mc_fmt_negligible(v)) return none;
    char buf[MC_FMT_NUMBER_BYTES];
    return mc_strf(env, "%s %s%s", verb, mc_fmt_number(buf, v), unit);
}
