// movecalc-bench: times requests through the native engine, mc_request + mc_free, the same way
// bench/run.mjs times them through WebAssembly (bench/measure.mjs), so the two can be compared.
//
//   movecalc-bench [--target-ns N] [--budget-ns N] [--min-samples N] [--max-samples N]
//                  [--warmup N] [--warmup-ns N] FILE...        (options first, then the files)
//
// Each FILE holds one request (JSON text). For each, one line of JSON goes to stdout:
//   {"file", "batch", "samples", "medianNs", "p10Ns", "p90Ns", "minNs", "responseBytes",
//    "responseHash", "bytesBefore", "bytesAfter"}
// Method (kept identical in bench/measure.mjs): single runs, at least `warmup` of them and for at
// least `warmup-ns` (so that a JIT, V8's for WebAssembly, has tiered up), give an estimate t1, the
// median of the last `warmup`; a sample times `batch` = max(1, target / t1) requests back to back
// and records the time per request; samples = clamp(budget / (batch · t1), min, max). Median and
// percentiles are over samples (nearest rank). Time comes from clock_gettime(CLOCK_MONOTONIC).
// responseHash is FNV-1a (32 bit) over the response bytes, so run.mjs can check that both builds
// gave the same answer.
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "movecalc.h"

typedef struct BenchConfig {
    double target_ns;  ///< time one sample should take
    double budget_ns;  ///< time all samples of one request should take
    long min_samples;
    long max_samples;
    long warmup;
    double warmup_ns;  ///< least time spent warming up
} BenchConfig;

static double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static char *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    while (buf) {
        size_t n = fread(buf + len, 1, cap - len - 1, f);
        len += n;
        if (n == 0) break;
        if (cap - len - 1 == 0) {
            char *grown = realloc(buf, cap * 2);
            if (!grown) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = grown;
            cap *= 2;
        }
    }
    fclose(f);
    if (buf) buf[len] = '\0';
    return buf;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/// Nearest-rank percentile of sorted values, p in [0, 100].
static double percentile(const double *sorted, long n, double p) {
    long rank = (long)((p / 100.0) * (double)n + 0.999999999);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return sorted[rank - 1];
}

static double time_one(const char *request) {
    double t0 = now_ns();
    char *response = mc_request(request);
    double t1 = now_ns();
    mc_free(response);
    return t1 - t0;
}

static int bench_file(const char *path, const BenchConfig *cfg) {
    char *request = read_file(path);
    if (!request) {
        fprintf(stderr, "movecalc-bench: cannot read %s\n", path);
        return 1;
    }
    size_t bytes_before = mc_bytes_in_use();
    char *response = mc_request(request);
    if (!response) {
        fprintf(stderr, "movecalc-bench: no response for %s\n", path);
        free(request);
        return 1;
    }
    size_t response_bytes = strlen(response);
    uint32_t hash = 2166136261u;
    for (size_t i = 0; i < response_bytes; i++) {
        hash ^= (unsigned char)response[i];
        hash *= 16777619u;
    }
    mc_free(response);
    size_t bytes_after = mc_bytes_in_use();

    long warmup = cfg->warmup < 1 ? 1 : cfg->warmup;
    double *warm = malloc(sizeof(double) * (size_t)warmup);
    double warm_start = now_ns();
    long runs = 0;
    while (runs < warmup || now_ns() - warm_start < cfg->warmup_ns) warm[runs++ % warmup] = time_one(request);
    qsort(warm, (size_t)warmup, sizeof(double), cmp_double);
    double t1 = warm[warmup / 2] > 1.0 ? warm[warmup / 2] : 1.0;
    free(warm);

    long batch = (long)(cfg->target_ns / t1);
    if (batch < 1) batch = 1;
    long samples = (long)(cfg->budget_ns / ((double)batch * t1));
    if (samples < cfg->min_samples) samples = cfg->min_samples;
    if (samples > cfg->max_samples) samples = cfg->max_samples;

    double *per = malloc(sizeof(double) * (size_t)samples);
    for (long s = 0; s < samples; s++) {
        double t0 = now_ns();
        for (long b = 0; b < batch; b++) mc_free(mc_request(request));
        per[s] = (now_ns() - t0) / (double)batch;
    }
    qsort(per, (size_t)samples, sizeof(double), cmp_double);
    printf("{\"file\":\"%s\",\"batch\":%ld,\"samples\":%ld,\"medianNs\":%.1f,\"p10Ns\":%.1f,"
           "\"p90Ns\":%.1f,\"minNs\":%.1f,\"responseBytes\":%zu,\"responseHash\":%lu,"
           "\"bytesBefore\":%zu,\"bytesAfter\":%zu}\n",
           path, batch, samples, percentile(per, samples, 50), percentile(per, samples, 10),
           percentile(per, samples, 90), per[0], response_bytes, (unsigned long)hash, bytes_before,
           bytes_after);
    fflush(stdout);
    free(per);
    free(request);
    return 0;
}

int main(int argc, char **argv) {
    BenchConfig cfg = {1e6, 4e8, 5, 200, 5, 1e8};
    int first_file = argc;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(a, "--target-ns") && has_value) cfg.target_ns = atof(argv[++i]);
        else if (!strcmp(a, "--budget-ns") && has_value) cfg.budget_ns = atof(argv[++i]);
        else if (!strcmp(a, "--min-samples") && has_value) cfg.min_samples = atol(argv[++i]);
        else if (!strcmp(a, "--max-samples") && has_value) cfg.max_samples = atol(argv[++i]);
        else if (!strcmp(a, "--warmup") && has_value) cfg.warmup = atol(argv[++i]);
        else if (!strcmp(a, "--warmup-ns") && has_value) cfg.warmup_ns = atof(argv[++i]);
        else if (a[0] == '-' && a[1] == '-') {
            fprintf(stderr, "movecalc-bench: unknown option %s\n", a);
            return 2;
        } else {
            first_file = i;
            break;
        }
    }
    if (first_file == argc || cfg.min_samples < 1 || cfg.max_samples < cfg.min_samples ||
        !(cfg.target_ns > 0) || !(cfg.budget_ns > 0)) {
        fprintf(stderr, "usage: movecalc-bench [--target-ns N] [--budget-ns N] [--min-samples N] "
                        "[--max-samples N] [--warmup N] [--warmup-ns N] FILE...\n");
        return 2;
    }
    int status = 0;
    for (int i = first_file; i < argc; i++) status |= bench_file(argv[i], &cfg);
    return status;
}
