// Deterministic degree trigonometry (docs/geometry.md "Determinism"): the argument is reduced exactly
// to the nearest multiple of 15° plus a remainder of at most 7.5°; the multiple comes from a table
// of correctly rounded values, the remainder from short Taylor polynomials, and the two are
// combined with the angle-addition formula. Only + − × ÷ and sqrt are used, in a fixed order.
#include "geom/trig.h"

#include <math.h>

#include "core/for_size.h"

// sin(15°·j) for j = 0..6, correctly rounded. sin 45° = sqrt(0.5) and sin 60° = sqrt(3)/2 as
// sqrt rounds them; sin 15° = (√6 − √2)/4 and sin 75° = (√6 + √2)/4 are the correctly rounded
// values of those expressions (the tests check both against sqrt and a long double reference).
static const double SIN15[7] = {
    0.0,
    0.25881904510252074,  // (√6 − √2)/4
    0.5,
    0.70710678118654757,  // √2/2
    0.86602540378443865,  // √3/2
    0.96592582628906831,  // (√6 + √2)/4
    1.0,
};

#define DEG_TO_RAD 0.017453292519943295 // π/180 rounded
#define RAD_TO_DEG 57.295779513082323   // 180/π rounded

// sin and cos of r radians for |r| <= 7.5° = 0.1309: Taylor series to r^11 and r^12; the first
// omitted terms are below 1e-20 relative, far under half an ulp.
static double sin_small(double r) {
    double z = r * r;
    double p = -1.0 / 39916800.0;
    p = 1.0 / 362880.0 + z * p;
    p = -1.0 / 5040.0 + z * p;
    p = 1.0 / 120.0 + z * p;
    p = -1.0 / 6.0 + z * p;
    return r + r * (z * p);
}

static double cos_small(double r) {
    double z = r * r;
    double p = 1.0 / 479001600.0;
    p = -1.0 / 3628800.0 + z * p;
    p = 1.0 / 40320.0 + z * p;
    p = -1.0 / 720.0 + z * p;
    p = 1.0 / 24.0 + z * p;
    double w = (z * z) * p;
    return 1.0 - (0.5 * z - w);
}

__attribute__((noinline)) double mc_fmod_360(double x) {
    // The largest 360 * 2^k <= |x|, then each 360 * 2^k taken off where it fits, k down to 0:
    // each subtraction has y <= r < 2y, so it is exact (Sterbenz), as fmod's result is.
    double r = fabs(x), y = 360.0;
    while (y * 2.0 <= r) y *= 2.0;
    for (; y >= 360.0; y *= 0.5)
        if (r >= y) r -= y;
    return copysign(r, x);
}

void mc_trig_sincos_deg(double degrees, double *out_sin, double *out_cos) {
    if (!isfinite(degrees)) {
        *out_sin = 0.0;
        *out_cos = 1.0;
        return;
    }
    // fmod is exact; work with |a| and restore the sign of sin at the end (sin is odd, cos even).
    // Most angles are already within a turn, where fmod gives them back unchanged: skipping the
    // call (a loop in software, in WebAssembly) keeps the same bits.
    double a = degrees > -360.0 && degrees < 360.0 ? degrees : mc_fmod_360(degrees);
    double sign = 1.0;
    if (a < 0.0) {
        a = -a;
        sign = -1.0;
    }
    // k = nearest multiple of 15°; r = a − 15k is exact: for k >= 1 both a and 15k are multiples
    // of ulp(a) and |r| <= 7.5 + ulp < 8, so the difference is representable.
    int k = (int)(a / 15.0 + 0.5); // a >= 0: truncation is floor
    if (k > 24) k = 24;
    double r = a - 15.0 * (double)k;
    int q = (k / 6) % 4, j = k % 6;
    double s_k, c_k;
    switch (q) {
    case 0: s_k = SIN15[j]; c_k = SIN15[6 - j]; break;
    case 1: s_k = SIN15[6 - j]; c_k = -SIN15[j]; break;
    case 2: s_k = -SIN15[j]; c_k = -SIN15[6 - j]; break;
    default: s_k = -SIN15[6 - j]; c_k = SIN15[j]; break;
    }
    double s, c;
    if (r == 0.0) {
        // Exact multiple of 15°: the table value itself (correctly rounded).
        s = s_k;
        c = c_k;
    } else {
        double rr = r * DEG_TO_RAD;
        double sr = sin_small(rr), cr = cos_small(rr);
        s = s_k * cr + c_k * sr;
        c = c_k * cr - s_k * sr;
    }
    // "+ 0.0" turns −0 into +0 (docs/api.md: −0 is never printed).
    *out_sin = sign * s + 0.0;
    *out_cos = c + 0.0;
}

// atan(u) in radians for |u| <= tan 15° = 0.268: Taylor series to u^31; the first omitted term
// is below 3e-19 relative.
static double atan_small(double u) {
    double z = u * u;
    static const double A[15] = {
        -1.0 / 3.0,  1.0 / 5.0,  -1.0 / 7.0,  1.0 / 9.0,  -1.0 / 11.0,
        1.0 / 13.0,  -1.0 / 15.0, 1.0 / 17.0, -1.0 / 19.0, 1.0 / 21.0,
        -1.0 / 23.0, 1.0 / 25.0, -1.0 / 27.0, 1.0 / 29.0, -1.0 / 31.0,
    };
    double p = A[14];
    for (int i = 13; i >= 0; i--) p = A[i] + z * p;
    return u + u * (z * p);
}

#define TAN15 0.26794919243112270 // 2 − √3
#define SQRT3 1.7320508075688772

// atan(t) in degrees for 0 <= t <= 1. Above tan 15° the identity
// atan t = 30° + atan((t√3 − 1)/(t + √3)) brings the argument back into [−tan 15°, tan 15°].
static double atan_unit_deg(double t) {
    if (t == 0.0) return 0.0;
    if (t == 1.0) return 45.0;
    if (t <= TAN15) return atan_small(t) * RAD_TO_DEG;
    double u = (t * SQRT3 - 1.0) / (t + SQRT3);
    return 30.0 + atan_small(u) * RAD_TO_DEG;
}

double mc_trig_atan2_deg(double y, double x) {
    if (!isfinite(x) || !isfinite(y)) return 0.0;
    if (x == 0.0 && y == 0.0) return 0.0;
    double ax = fabs(x), ay = fabs(y);
    // Reduce to the first octant: the ratio of the smaller to the larger component is in [0, 1].
    // One call, not one a branch: atan_unit_deg is inlined.
    bool steep = ay > ax;
    double a = atan_unit_deg(steep ? ax / ay : ay / ax);
    if (steep) a = 90.0 - a;
    if (x < 0.0) a = 180.0 - a;
    if (y < 0.0) a = -a;
    return a + 0.0;
}

double mc_facing_normalize(double degrees) {
    if (!isfinite(degrees)) return 0.0;
    // fmod is exact, in (−360, 360), and gives an angle already within a turn back unchanged:
    // skipping the call there (a software loop in WebAssembly) keeps the same bits.
    double a = degrees > -360.0 && degrees < 360.0 ? degrees : mc_fmod_360(degrees);
    if (a < 0.0) a += 360.0;         // may round up to exactly 360 for tiny negative a
    if (a >= 360.0) a = 0.0;
    return a + 0.0;
}

MC_FOR_SIZE double mc_facing_delta(double from, double to) {
    if (!isfinite(from) || !isfinite(to)) return 0.0;
    double d = mc_facing_normalize(mc_facing_normalize(to) - mc_facing_normalize(from));
    if (d > 180.0) d -= 360.0;
    return d + 0.0;
}

McVec2 mc_facing_forward(double degrees) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    return mc_vec2(s, c);
}

McVec2 mc_facing_right(double degrees) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    return mc_vec2(c, -s + 0.0);
}

// Called once a flee: for size (core/for_size.h).
MC_FOR_SIZE double mc_facing_from_direction(McVec2 dir) {
    // Forward is (sin f, cos f), so f = atan2(x, y) with the arguments swapped from the
    // mathematical convention; clockwise from +y.
    return mc_facing_normalize(mc_trig_atan2_deg(dir.x, dir.y));
}

McVec2 mc_vec2_rotate_cw(McVec2 v, double degrees) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    // Clockwise by f: (x, y) → (x cos f + y sin f, −x sin f + y cos f); (0, 1) → (sin f, cos f).
    return mc_vec2_rotate_cw_sc(v, s, c);
}

McVec2 mc_vec2_rotate_cw_about(McVec2 p, McVec2 pivot, double degrees) {
    return mc_vec2_add(pivot, mc_vec2_rotate_cw(mc_vec2_sub(p, pivot), degrees));
}
