// The runner behind mctest.h: `test_x [FILTER]` runs the tests whose title contains FILTER and
// ends with a line "N passed, N failed"; the exit code is non-zero when any test failed.
#include "mctest.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

enum { MAX_TESTS = 1024 };

static struct {
    const char *title;
    McTestFn fn;
} tests[MAX_TESTS];
static int test_count;
static int current_failures;

void mc_test_register(const char *title, McTestFn fn) {
    if (test_count == MAX_TESTS) {
        fprintf(stderr, "mctest: more than %d tests in one file\n", MAX_TESTS);
        exit(2);
    }
    tests[test_count].title = title;
    tests[test_count].fn = fn;
    test_count++;
}

void mc_test_fail(const char *file, int line, const char *fmt, ...) {
    // Only the first few failures of a test are printed: a property loop may fail thousands of times.
    if (current_failures++ >= 5) return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "    %s:%d: ", file, line);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

uint64_t mc_rng_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double mc_rng_unit(uint64_t *state) { return (double)(mc_rng_next(state) >> 11) * (1.0 / 9007199254740992.0); }

double mc_rng_range(uint64_t *state, double lo, double hi) { return lo + (hi - lo) * mc_rng_unit(state); }

int main(int argc, char **argv) {
    const char *filter = argc > 1 ? argv[1] : NULL;
    int passed = 0, failed = 0;
    for (int i = 0; i < test_count; i++) {
        if (filter && !strstr(tests[i].title, filter)) continue;
        current_failures = 0;
        tests[i].fn();
        if (current_failures) {
            failed++;
            fprintf(stderr, "FAIL %s (%d failed checks)\n", tests[i].title, current_failures);
        } else {
            passed++;
            printf("ok   %s\n", tests[i].title);
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
