#define _POSIX_C_SOURCE 200809L
#include "scenario_util.h"

#include "mctest.h"
#include "movecalc.h"

#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

cJSON *mc_ask(const char *text) {
    char *out = mc_request(text);
    MC_CHECK(out != NULL);
    cJSON *r = out ? cJSON_Parse(out) : NULL;
    MC_CHECK(r != NULL);
    mc_free(out);
    return r;
}

char *mc_read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)n + 1);
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    if (!buf) return NULL;
    buf[n] = '\0';
    if (size) *size = (size_t)n;
    return buf;
}

static int match(const cJSON *e, const cJSON *a, char *where, size_t size, size_t len) {
    if (cJSON_IsString(e) && strcmp(e->valuestring, "$absent") == 0) {
        if (a) snprintf(where + len, size - len, " (expected absent)");
        return a == NULL;
    }
    if (cJSON_IsString(e) && strcmp(e->valuestring, "$any") == 0) return a != NULL;
    if (!a) {
        snprintf(where + len, size - len, " (missing)");
        return 0;
    }
    if (cJSON_IsNumber(e)) {
        if (cJSON_IsNumber(a) && fabs(a->valuedouble - e->valuedouble) <= 1e-6) return 1;
        snprintf(where + len, size - len, " (expected %.10g)", e->valuedouble);
        return 0;
    }
    if (cJSON_IsObject(e)) {
        if (!cJSON_IsObject(a)) return snprintf(where + len, size - len, " (expected an object)"), 0;
        for (const cJSON *m = e->child; m; m = m->next) {
            int n = snprintf(where + len, size - len, ".%s", m->string);
            size_t next = len + (n > 0 ? (size_t)n : 0);
            if (next >= size) next = size - 1;
            if (!match(m, cJSON_GetObjectItemCaseSensitive(a, m->string), where, size, next)) return 0;
        }
        where[len] = '\0';
        return 1;
    }
    if (cJSON_IsArray(e)) {
        if (!cJSON_IsArray(a) || cJSON_GetArraySize(a) != cJSON_GetArraySize(e)) {
            snprintf(where + len, size - len, " (expected an array of %d)", cJSON_GetArraySize(e));
            return 0;
        }
        int i = 0;
        for (const cJSON *x = e->child, *y = a->child; x; x = x->next, y = y->next, i++) {
            int n = snprintf(where + len, size - len, "[%d]", i);
            size_t next = len + (n > 0 ? (size_t)n : 0);
            if (next >= size) next = size - 1;
            if (!match(x, y, where, size, next)) return 0;
        }
        where[len] = '\0';
        return 1;
    }
    if (cJSON_IsString(e)) {
        if (cJSON_IsString(a) && strcmp(a->valuestring, e->valuestring) == 0) return 1;
        snprintf(where + len, size - len, " (expected \"%s\")", e->valuestring);
        return 0;
    }
    if (cJSON_IsBool(e) || cJSON_IsNull(e)) {
        if ((a->type & 0xFF) == (e->type & 0xFF)) return 1;
        snprintf(where + len, size - len, " (expected %s)", cJSON_IsNull(e) ? "null" : cJSON_IsTrue(e) ? "true" : "false");
        return 0;
    }
    return 0;
}

int mc_subset_match(const cJSON *expected, const cJSON *actual, char *where, size_t where_size) {
    where[0] = '\0';
    return match(expected, actual, where, where_size, 0);
}

// A growable string.
typedef struct {
    char *s;
    size_t n, cap;
} Buf;

static void put(Buf *b, const char *text) {
    size_t len = strlen(text);
    if (b->n + len + 1 > b->cap) {
        b->cap = (b->n + len + 1) * 2;
        b->s = realloc(b->s, b->cap);
    }
    memcpy(b->s + b->n, text, len + 1);
    b->n += len;
}

// Appends count x each ('#' replaced by the index, so generated ids are unique; by nothing for
// index 0 before a digit, as tests/js/util.mjs does), comma-separated
// when comma is true. With "grid": {"per", "x": [x0, dx], "y": [y0, dy]} item i stands in column
// i / per and row i % per, and "#x" / "#y" become x0 + column * dx and y0 + row * dy, printed so
// they read back as the same double that tests/js/util.mjs computes. Runs of text are appended
// whole: the 4 MiB cases must stay quick.
static void repeat(Buf *b, const cJSON *g) {
    int n = (int)cJSON_GetObjectItemCaseSensitive(g, "count")->valuedouble;
    const char *each = cJSON_GetObjectItemCaseSensitive(g, "each")->valuestring;
    int comma = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(g, "comma"));
    const cJSON *grid = cJSON_GetObjectItemCaseSensitive(g, "grid");
    int per = 1;
    double x0 = 0, dx = 0, y0 = 0, dy = 0;
    if (grid) {
        const cJSON *gx = cJSON_GetObjectItemCaseSensitive(grid, "x");
        const cJSON *gy = cJSON_GetObjectItemCaseSensitive(grid, "y");
        per = (int)cJSON_GetObjectItemCaseSensitive(grid, "per")->valuedouble;
        x0 = cJSON_GetArrayItem(gx, 0)->valuedouble;
        dx = cJSON_GetArrayItem(gx, 1)->valuedouble;
        y0 = cJSON_GetArrayItem(gy, 0)->valuedouble;
        dy = cJSON_GetArrayItem(gy, 1)->valuedouble;
    }
    int has_index = strchr(each, '#') != NULL;
    char num[32], run[256];
    for (int i = 0; i < n; i++) {
        if (!has_index) {
            put(b, each);
        } else {
            for (const char *p = each; *p;) {
                size_t k = strcspn(p, "#");
                if (k) {
                    size_t m = k < sizeof run - 1 ? k : sizeof run - 1;
                    memcpy(run, p, m);
                    run[m] = '\0';
                    put(b, run);
                    p += m;
                    continue;
                }
                if (grid && (p[1] == 'x' || p[1] == 'y')) {
                    double v = p[1] == 'x' ? x0 + (double)(i / per) * dx : y0 + (double)(i % per) * dy;
                    snprintf(num, sizeof num, "%.17g", v);
                    p += 2;
                } else {
                    // Index 0 before a digit writes nothing: "#0.5" is 0.5, not "00.5".
                    if (i == 0 && p[1] >= '0' && p[1] <= '9') num[0] = '\0';
                    else snprintf(num, sizeof num, "%d", i);
                    p++;
                }
                put(b, num);
            }
        }
        if (comma && i + 1 < n) put(b, ",");
    }
}

// Appends the hexes of a "hash-collisions" generate as {"q","r"} objects, comma-separated: row by
// row from r = -within, q from -within, the first count whose old hex-board hash,
// (q*0x9E3779B1 ^ r*0x85EBCA77) mixed by x ^ (x >> 15), falls in slots [from, to) of its 2^17
// (tests/js/util.mjs hashCollisions makes the same list).
static void hash_collisions(Buf *b, const cJSON *g) {
    int count = (int)cJSON_GetObjectItemCaseSensitive(g, "count")->valuedouble;
    int within = (int)cJSON_GetObjectItemCaseSensitive(g, "within")->valuedouble;
    const cJSON *slots = cJSON_GetObjectItemCaseSensitive(g, "slots");
    uint32_t from = (uint32_t)cJSON_GetArrayItem(slots, 0)->valuedouble, to = (uint32_t)cJSON_GetArrayItem(slots, 1)->valuedouble;
    char num[64];
    int n = 0;
    for (int r = -within; r <= within && n < count; r++) {
        uint32_t rb = (uint32_t)r * 0x85EBCA77u;
        for (int q = -within; q <= within && n < count; q++) {
            uint32_t x = ((uint32_t)q * 0x9E3779B1u) ^ rb;
            x = (x ^ (x >> 15)) & 0x1ffffu;
            if (x < from || x >= to) continue;
            snprintf(num, sizeof num, "%s{\"q\":%d,\"r\":%d}", n ? "," : "", q, r);
            put(b, num);
            n++;
        }
    }
}

char *mc_bad_input_text(const cJSON *item) {
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(item, "text");
    if (cJSON_IsString(text)) return strdup(text->valuestring);
    const cJSON *req = cJSON_GetObjectItemCaseSensitive(item, "request");
    if (req) {
        char *printed = cJSON_PrintUnformatted(req);
        char *copy = strdup(printed);
        cJSON_free(printed);
        return copy;
    }
    const cJSON *hex = cJSON_GetObjectItemCaseSensitive(item, "bytesHex");
    if (cJSON_IsString(hex)) {
        size_t n = strlen(hex->valuestring) / 2;
        char *out = malloc(n + 1);
        for (size_t i = 0; i < n; i++) {
            unsigned v;
            sscanf(hex->valuestring + 2 * i, "%2x", &v);
            out[i] = (char)v;
        }
        out[n] = '\0';
        return out;
    }
    const cJSON *gen = cJSON_GetObjectItemCaseSensitive(item, "generate");
    if (!cJSON_IsObject(gen)) return NULL;
    const cJSON *kind = cJSON_GetObjectItemCaseSensitive(gen, "kind");
    Buf b = {0};
    put(&b, "");
    if (cJSON_IsString(kind) && strcmp(kind->valuestring, "parts") == 0) {
        // A list of strings and {count, each, comma?} repeats, concatenated.
        const cJSON *parts = cJSON_GetObjectItemCaseSensitive(gen, "parts");
        for (const cJSON *p = parts ? parts->child : NULL; p; p = p->next) {
            if (cJSON_IsString(p)) put(&b, p->valuestring);
            else repeat(&b, p);
        }
        return b.s;
    }
    put(&b, cJSON_GetObjectItemCaseSensitive(gen, "prefix")->valuestring);
    if (cJSON_IsString(kind) && strcmp(kind->valuestring, "hash-collisions") == 0) hash_collisions(&b, gen);
    else repeat(&b, gen);
    put(&b, cJSON_GetObjectItemCaseSensitive(gen, "suffix")->valuestring);
    return b.s;
}

cJSON *mc_bad_input_cases(void) { return mc_cases_in("tests/bad-inputs"); }

static int cmp(const void *a, const void *b);

cJSON *mc_cases_in(const char *folder) {
    cJSON *all = cJSON_CreateArray();
    DIR *dir = opendir(folder);
    struct dirent *d;
    char *names[64];
    int n = 0;
    while (dir && (d = readdir(dir)) && n < 64) {
        size_t len = strlen(d->d_name);
        if (len > 5 && strcmp(d->d_name + len - 5, ".json") == 0) names[n++] = strdup(d->d_name);
    }
    if (dir) closedir(dir);
    if (n) qsort(names, (size_t)n, sizeof *names, cmp);
    for (int i = 0; i < n; i++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s", folder, names[i]);
        char *text = mc_read_file(path, NULL);
        cJSON *file = text ? cJSON_Parse(text) : NULL;
        free(text);
        cJSON *cases = cJSON_DetachItemFromObject(file, "cases");
        cJSON *c;
        while (cases && (c = cJSON_DetachItemFromArray(cases, 0))) {
            cJSON_AddItemToObject(c, "file", cJSON_CreateString(names[i]));
            cJSON_AddItemToArray(all, c);
        }
        free(names[i]);
        cJSON_Delete(cases);
        cJSON_Delete(file);
    }
    return all;
}

static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

char **mc_scenario_files(int *count) {
    char **list = NULL;
    int n = 0, cap = 0;
    DIR *top = opendir("tests/scenarios");
    if (!top) {
        *count = 0;
        return NULL;
    }
    struct dirent *d;
    while ((d = readdir(top))) {
        if (d->d_name[0] == '.') continue;
        char dir[512];
        snprintf(dir, sizeof dir, "tests/scenarios/%s", d->d_name);
        struct stat st;
        if (stat(dir, &st) || !S_ISDIR(st.st_mode)) continue;
        DIR *sub = opendir(dir);
        struct dirent *f;
        while (sub && (f = readdir(sub))) {
            size_t len = strlen(f->d_name);
            if (len < 6 || strcmp(f->d_name + len - 5, ".json") != 0) continue;
            if (n == cap) list = realloc(list, sizeof *list * (size_t)(cap = cap ? cap * 2 : 64));
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dir, f->d_name);
            list[n++] = strdup(path);
        }
        if (sub) closedir(sub);
    }
    closedir(top);
    if (n) qsort(list, (size_t)n, sizeof *list, cmp);
    *count = n;
    return list;
}

void mc_free_list(char **list, int count) {
    for (int i = 0; i < count; i++) free(list[i]);
    free(list);
}

static const char *const position_keys[] = {"system", "params", "units", "terrain", "table", "board",
                                            "baselines", "markers", NULL};

int mc_is_position_key(const char *key) {
    for (int i = 0; position_keys[i]; i++)
        if (strcmp(position_keys[i], key) == 0) return 1;
    return 0;
}

void mc_split_request(const cJSON *request, char **position, char **query) {
    cJSON *p = cJSON_CreateObject(), *q = cJSON_CreateObject();
    for (const cJSON *m = request->child; m; m = m->next)
        cJSON_AddItemToObject(mc_is_position_key(m->string) ? p : q, m->string, cJSON_Duplicate(m, 1));
    *position = cJSON_PrintUnformatted(p);
    *query = cJSON_PrintUnformatted(q);
    cJSON_Delete(p);
    cJSON_Delete(q);
}
