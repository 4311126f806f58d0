#include "json/number.h"

#include <stdint.h>
#include <stdlib.h>

// Every power of ten up to 1e22 is exact in a double (5^22 < 2^53).
static const double exact_pow10[23] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,
                                       1e8,  1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
                                       1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

static int is_digit(char c) { return c >= '0' && c <= '9'; }

double mc_json_strtod(const char *text, char **end) {
    const char *p = text;
    int negative = 0;
    if (*p == '-') {
        negative = 1;
        p++;
    }
    if (!is_digit(*p)) goto slow;
    uint64_t mantissa = 0;
    int digits = 0; // significant digits in mantissa (leading zeros do not count)
    int exp10 = 0;
    for (; is_digit(*p); p++) {
        if (mantissa == 0 && *p == '0') continue;
        if (digits == 19) goto slow;
        mantissa = mantissa * 10 + (uint64_t)(*p - '0');
        digits++;
    }
    if (*p == '.') {
        p++;
        if (!is_digit(*p)) goto slow;
        for (; is_digit(*p); p++) {
            exp10--;
            if (mantissa == 0 && *p == '0') continue;
            if (digits == 19) goto slow;
            mantissa = mantissa * 10 + (uint64_t)(*p - '0');
            digits++;
        }
    }
    if (*p == 'e' || *p == 'E') {
        p++;
        int exp_negative = 0;
        if (*p == '+' || *p == '-') exp_negative = *p++ == '-';
        if (!is_digit(*p)) goto slow;
        int e = 0;
        for (; is_digit(*p); p++) {
            if (e > 100000) goto slow;
            e = e * 10 + (*p - '0');
        }
        exp10 += exp_negative ? -e : e;
    }
    if (*p != '\0' || mantissa > ((uint64_t)1 << 53)) goto slow;
    double value = (double)mantissa;
    if (mantissa != 0) {
        if (exp10 < -22 || exp10 > 22) goto slow;
        value = exp10 < 0 ? value / exact_pow10[-exp10] : value * exact_pow10[exp10];
    }
    if (end) *end = (char *)p;
    return negative ? -value : value;
slow:
    return strtod(text, end);
}
