#include "json/print.h"

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/fmt.h"
#include "core/mem.h"
#include "json/number.h"

int mc_json_text_grow(McJsonText *text, size_t more) {
    if (text->failed) return 0;
    if (text->cap - text->len > more) return 1;
    size_t cap = text->cap ? text->cap : 4096;
    while (cap - text->len <= more) {
        if (cap > SIZE_MAX / 2) {
            text->failed = 1;
            return 0;
        }
        cap *= 2;
    }
    char *buf = mc_mem_alloc(cap);
    if (!buf) {
        text->failed = 1;
        return 0;
    }
    if (text->len) memcpy(buf, text->buf, text->len);
    mc_mem_free(text->buf);
    text->buf = buf;
    text->cap = cap;
    return 1;
}

// Room for `more` bytes and the final NUL; after a failure there is never room.
static inline int grow(McJsonText *text, size_t more) {
    return text->cap - text->len > more ? 1 : mc_json_text_grow(text, more);
}

static inline void put(McJsonText *text, const char *s, size_t n) {
    if (!grow(text, n)) return;
    char *d = text->buf + text->len;
    // Most pieces are a bracket, a comma or a short key: a call to memcpy costs more than them.
    if (n <= 16)
        for (size_t i = 0; i < n; i++) d[i] = s[i];
    else
        memcpy(d, s, n);
    text->len += n;
}

static inline void put_char(McJsonText *text, char c) {
    if (!grow(text, 1)) return;
    text->buf[text->len++] = c;
}

/// Writes the decimal digits of v (< 10^19) backwards ending at `end`; returns the first.
static char *digits_back(uint64_t v, char *end) {
    do {
        *--end = (char)('0' + v % 10);
        v /= 10;
    } while (v);
    return end;
}

// cJSON's compare_double, the round-trip test of print_number.
static int same_double(double a, double b) {
    double max = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    return fabs(a - b) <= max * DBL_EPSILON;
}

int mc_json_print_number(double d, char *out) {
    if (isnan(d) || isinf(d)) {
        memcpy(out, "null", 5);
        return 4;
    }
    double a = fabs(d);
    // Whole numbers below 1e15: "%1.15g" writes every digit and no exponent. (Truncation and a
    // compare rather than floor and memcpy: most numbers of a large answer are small integers.)
    if (a < 1e15 && (double)(int64_t)d == d && !(d == 0 && signbit(d))) {
        if (a < 4294967296.0) {
            int n = d < 0;
            if (n) out[0] = '-';
            n += mc_json_put_u32(out + n, (uint32_t)a);
            out[n] = '\0';
            return n;
        }
        char tmp[24], *end = tmp + sizeof tmp;
        char *p = digits_back((uint64_t)a, end);
        if (d < 0) *--p = '-';
        int n = (int)(end - p);
        for (int i = 0; i < n; i++) out[i] = p[i];
        out[n] = '\0';
        return n;
    }
    // A decimal of at most 9 places and 15 significant digits that reads back as exactly d is
    // what "%1.15g" prints (d is then the double nearest to it, within a half unit of its 15th
    // digit) when its exponent is within -4..14, i.e. 1e-4 <= |d| < 1e15; here |d| < 1e6.
    if (a >= 1e-4 && a < 1e6) {
        double scaled = a * 1e9;
        uint64_t n = (uint64_t)(scaled + 0.5);
        uint64_t whole = n / 1000000000u, frac = n % 1000000000u;
        if (frac != 0) {
            char tmp[40], *end = tmp + sizeof tmp;
            int frac_digits = 9;
            while (frac % 10 == 0) {
                frac /= 10;
                frac_digits--;
            }
            char *p = end;
            for (int i = 0; i < frac_digits; i++) {
                *--p = (char)('0' + frac % 10);
                frac /= 10;
            }
            *--p = '.';
            p = digits_back(whole, p);
            if (d < 0) *--p = '-';
            int len = (int)(end - p);
            // significant digits: all digits but the leading zeros ("0.00012" has 2)
            int sig = 0, leading = 1;
            for (const char *c = p; c < end; c++) {
                if (*c < '0' || *c > '9') continue;
                if (leading && *c == '0') continue;
                leading = 0;
                sig++;
            }
            if (sig <= 15) {
                char s[40];
                memcpy(s, p, (size_t)len);
                s[len] = '\0';
                if (mc_json_strtod(s, NULL) == d) {
                    memcpy(out, s, (size_t)len + 1);
                    return len;
                }
            }
        }
    }
    // cJSON's own sequence (print_number), for everything else. mc_snfmt's decimal point is
    // always '.', which is what cJSON leaves after replacing the locale's.
    char buf[32];
    double test = 0;
    int length = mc_snfmt(buf, sizeof buf, "%1.15g", d);
    if (length < 0 || length >= (int)sizeof buf) return -1;
    test = mc_json_strtod(buf, NULL);
    if (!same_double(test, d)) {
        length = mc_snfmt(buf, sizeof buf, "%1.17g", d);
        if (length < 0 || length >= (int)sizeof buf) return -1;
    }
    memcpy(out, buf, (size_t)length + 1);
    return length;
}

// cJSON's print_string_ptr: '"', '\\' and the control characters escaped, other bytes as they are.
static void put_string(McJsonText *text, const char *s) {
    if (!s) {
        put(text, "\"\"", 2);
        return;
    }
    const unsigned char *p = (const unsigned char *)s;
    while (*p > 31 && *p != '"' && *p != '\\') p++;
    size_t n = (size_t)(p - (const unsigned char *)s);
    if (*p == '\0') { // nothing to escape: the common case, one copy
        if (!grow(text, n + 2)) return;
        char *d = text->buf + text->len;
        d[0] = '"';
        if (n <= 16) // keys and ids: shorter than a call to memcpy
            for (size_t i = 0; i < n; i++) d[1 + i] = s[i];
        else
            memcpy(d + 1, s, n);
        d[n + 1] = '"';
        text->len += n + 2;
        return;
    }
    put_char(text, '"');
    const unsigned char *run = (const unsigned char *)s;
    for (p = run; *p; p++) {
        unsigned char c = *p;
        if (c > 31 && c != '"' && c != '\\') continue;
        put(text, (const char *)run, (size_t)(p - run));
        run = p + 1;
        char esc[8] = {'\\', 0};
        size_t len = 2;
        switch (c) {
        case '\\': esc[1] = '\\'; break;
        case '"': esc[1] = '"'; break;
        case '\b': esc[1] = 'b'; break;
        case '\f': esc[1] = 'f'; break;
        case '\n': esc[1] = 'n'; break;
        case '\r': esc[1] = 'r'; break;
        case '\t': esc[1] = 't'; break;
        default:
            mc_snfmt(esc + 1, sizeof esc - 1, "u%04x", c);
            len = 6;
        }
        put(text, esc, len);
    }
    put(text, (const char *)run, (size_t)(p - run));
    put_char(text, '"');
}

static int put_value(McJsonText *text, const cJSON *item, int depth) {
    if (!item || depth > 1000) return 0;
    switch (item->type & 0xFF) {
    case cJSON_NULL: put(text, "null", 4); return 1;
    case cJSON_False: put(text, "false", 5); return 1;
    case cJSON_True: put(text, "true", 4); return 1;
    case cJSON_Number: return mc_json_text_number(text, item->valuedouble);
    case cJSON_Raw:
        if (!item->valuestring) return 0;
        put(text, item->valuestring, strlen(item->valuestring));
        return 1;
    case cJSON_String: put_string(text, item->valuestring); return 1;
    case cJSON_Array:
        put_char(text, '[');
        for (const cJSON *c = item->child; c; c = c->next) {
            if (!put_value(text, c, depth + 1)) return 0;
            if (c->next) put_char(text, ',');
        }
        put_char(text, ']');
        return 1;
    case cJSON_Object:
        put_char(text, '{');
        for (const cJSON *c = item->child; c; c = c->next) {
            put_string(text, c->string);
            put_char(text, ':');
            if (!put_value(text, c, depth + 1)) return 0;
            if (c->next) put_char(text, ',');
        }
        put_char(text, '}');
        return 1;
    default: return 0;
    }
}

char *mc_json_print_length(const cJSON *item, size_t *length) {
    McJsonText text = {0};
    int ok = put_value(&text, item, 0);
    put_char(&text, '\0');
    if (!ok || text.failed) {
        mc_mem_free(text.buf);
        return NULL;
    }
    // Give back the slack of the last doubling when it is large (the response may live long).
    if (text.cap - text.len > text.cap / 4 && text.cap > 4096) {
        char *exact = mc_mem_alloc(text.len);
        if (exact) {
            memcpy(exact, text.buf, text.len);
            mc_mem_free(text.buf);
            text.buf = exact;
        }
    }
    if (length) *length = text.len - 1;
    return text.buf;
}

int mc_json_text_item(McJsonText *t, const cJSON *item) {
    if (!put_value(t, item, 0)) t->failed = 1;
    return !t->failed;
}

int mc_json_text_put(McJsonText *t, const char *s, size_t n) {
    put(t, s, n);
    return !t->failed;
}

size_t mc_json_plain_length(const char *s) {
    const unsigned char *p = (const unsigned char *)s;
    while (*p > 31 && *p != '"' && *p != '\\') p++;
    return *p ? SIZE_MAX : (size_t)(p - (const unsigned char *)s);
}

int mc_json_text_member(McJsonText *t, int comma, const char *key, size_t plain) {
    if (key && plain != SIZE_MAX) { // the common case: one reservation, no scan
        if (!grow(t, plain + 4)) return 0;
        char *d = t->buf + t->len;
        size_t n = 0;
        if (comma) d[n++] = ',';
        d[n++] = '"';
        for (size_t i = 0; i < plain; i++) d[n++] = key[i];
        d[n++] = '"';
        d[n++] = ':';
        t->len += n;
        return 1;
    }
    if (comma) put_char(t, ',');
    if (key) {
        put_string(t, key);
        put_char(t, ':');
    }
    return !t->failed;
}

int mc_json_text_string(McJsonText *t, const char *s) {
    put_string(t, s);
    return !t->failed;
}

int mc_json_text_number(McJsonText *t, double d) {
    if (!grow(t, 32)) return 0;
    int n = mc_json_print_number(d, t->buf + t->len);
    if (n < 0) t->failed = 1;
    else t->len += (size_t)n;
    return !t->failed;
}

void mc_json_text_free(McJsonText *t) {
    mc_mem_free(t->buf);
    memset(t, 0, sizeof *t);
}
