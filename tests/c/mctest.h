// A minimal test runner: each MC_TEST registers itself; checks record failures and carry on, so
// one run reports every broken expectation. Test titles carry the clause ids they check.
#ifndef MC_TEST_H
#define MC_TEST_H

#include <math.h>
#include <stdint.h>
#include <string.h>

typedef void (*McTestFn)(void);
void mc_test_register(const char *title, McTestFn fn);
void mc_test_fail(const char *file, int line, const char *fmt, ...);

/// splitmix64: a fixed seed gives the same numbers on every platform, so property tests are
/// repeatable. Each draw is its own call: C leaves the order of calls inside one expression
/// unspecified, and gcc and clang do order them differently.
uint64_t mc_rng_next(uint64_t *state);
/// A double uniform in [0, 1).
double mc_rng_unit(uint64_t *state);
/// A double uniform in [lo, hi).
double mc_rng_range(uint64_t *state, double lo, double hi);

/// Defines a test function `fn` whose title (printed, filterable) is `title`.
#define MC_TEST(fn, title)                                                  \
    static void fn(void);                                                   \
    __attribute__((constructor)) static void fn##_register(void) {          \
        mc_test_register(title, fn);                                        \
    }                                                                       \
    static void fn(void)

#define MC_CHECK(cond)                                                      \
    do {                                                                    \
        if (!(cond)) mc_test_fail(__FILE__, __LINE__, "%s", #cond);         \
    } while (0)

#define MC_CHECK_NEAR(a, b, tol)                                            \
    do {                                                                    \
        double mc_a_ = (a), mc_b_ = (b);                                    \
        if (!(fabs(mc_a_ - mc_b_) <= (tol)))                                \
            mc_test_fail(__FILE__, __LINE__, "%s = %.17g, expected %.17g (tol %g)", \
                         #a, mc_a_, mc_b_, (double)(tol));                  \
    } while (0)

#define MC_CHECK_INT(a, b)                                                  \
    do {                                                                    \
        long long mc_a_ = (long long)(a), mc_b_ = (long long)(b);           \
        if (mc_a_ != mc_b_)                                                 \
            mc_test_fail(__FILE__, __LINE__, "%s = %lld, expected %lld", #a, mc_a_, mc_b_); \
    } while (0)

#define MC_CHECK_STR(a, b)                                                  \
    do {                                                                    \
        const char *mc_a_ = (a), *mc_b_ = (b);                              \
        if (!mc_a_ || !mc_b_ || strcmp(mc_a_, mc_b_) != 0)                  \
            mc_test_fail(__FILE__, __LINE__, "%s = \"%s\", expected \"%s\"", #a, \
                         mc_a_ ? mc_a_ : "(null)", mc_b_ ? mc_b_ : "(null)"); \
    } while (0)

#endif
