// Deterministic trigonometry and compass facings (src/geom/trig.h). Expected values are exact
// identities (sin 30° = 1/2), sqrt expressions, or long double references computed here.
#include <float.h>
#include <stdint.h>
#include <stdio.h>

#include "geom/geom.h"
#include "mctest.h"

static uint64_t rng_state;

// Distance in units in the last place between two doubles of the same sign region.
static double ulp_diff(double got, long double want) {
    double w = (double)want;
    double ulp = nextafter(fabs(w), INFINITY) - fabs(w);
    if (w == 0.0) ulp = DBL_MIN;
    return (double)(fabsl((long double)got - want) / ulp);
}

// The sine or the cosine alone, of the engine's one sincos (the engine asks for both at once).
static double sin_deg(double degrees) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    return s;
}
static double cos_deg(double degrees) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    return c;
}

static const long double PI_L = 3.141592653589793238462643383279502884L;

// sin and cos of `deg` degrees in long double, reduced exactly in degrees to |r| <= 45 first so
// the reference keeps full relative accuracy next to the zeros.
static void ref_sincos(double deg, long double *s, long double *c) {
    // sin is odd and cos even: reduce |deg| so no 360 is ever added to a tiny negative angle.
    long double sign = deg < 0 ? -1.0L : 1.0L;
    long double a = fmodl(fabsl((long double)deg), 360.0L);
    long double q = floorl(a / 90.0L + 0.5L);
    long double r = (a - 90.0L * q) * (PI_L / 180.0L);
    long double sr = sinl(r), cr = cosl(r);
    switch ((int)q % 4) {
    case 0: *s = sr, *c = cr; break;
    case 1: *s = cr, *c = -sr; break;
    case 2: *s = -sr, *c = -cr; break;
    default: *s = -cr, *c = sr; break;
    }
    *s *= sign;
}

MC_TEST(t_exact_15, "trig: multiples of 15 degrees are exact") {
    MC_CHECK(sin_deg(30.0) == 0.5);
    MC_CHECK(cos_deg(60.0) == 0.5);
    MC_CHECK(sin_deg(45.0) == sqrt(0.5));
    MC_CHECK(cos_deg(45.0) == sqrt(0.5));
    MC_CHECK(sin_deg(60.0) == sqrt(3.0) / 2.0);
    MC_CHECK(cos_deg(30.0) == sqrt(3.0) / 2.0);
    MC_CHECK(sin_deg(90.0) == 1.0);
    MC_CHECK(cos_deg(90.0) == 0.0);
    MC_CHECK(sin_deg(180.0) == 0.0);
    MC_CHECK(cos_deg(180.0) == -1.0);
    MC_CHECK(sin_deg(270.0) == -1.0);
    MC_CHECK(cos_deg(270.0) == 0.0);
    MC_CHECK(sin_deg(360.0) == 0.0);
    MC_CHECK(cos_deg(360.0) == 1.0);
    MC_CHECK(sin_deg(-30.0) == -0.5);
    MC_CHECK(sin_deg(150.0) == 0.5);
    MC_CHECK(sin_deg(210.0) == -0.5);
    MC_CHECK(cos_deg(-60.0) == 0.5);
    MC_CHECK(cos_deg(300.0) == 0.5);
    MC_CHECK(sin_deg(390.0) == 0.5);
    MC_CHECK(sin_deg(-690.0) == 0.5);
    MC_CHECK(sin_deg(720.0 * 1000.0 + 30.0) == 0.5);
    // No −0 anywhere: sin(−180°) and cos(90°) are +0.
    MC_CHECK(!signbit(sin_deg(-180.0)));
    MC_CHECK(!signbit(sin_deg(-360.0)));
    MC_CHECK(!signbit(cos_deg(-90.0)));
    MC_CHECK(!signbit(sin_deg(-0.0)));
}

MC_TEST(t_exact_15_table, "trig: 15 and 75 degrees match their sqrt formulas and are correctly rounded") {
    double s15 = sin_deg(15.0), s75 = sin_deg(75.0);
    // (√6 − √2)/4 and (√6 + √2)/4 in double are within 2 ulp of the correctly rounded value.
    MC_CHECK(fabs(s15 - (sqrt(6.0) - sqrt(2.0)) / 4.0) <= 2.0 * DBL_EPSILON * 0.25);
    MC_CHECK(fabs(s75 - (sqrt(6.0) + sqrt(2.0)) / 4.0) <= 2.0 * DBL_EPSILON);
    long double r15 = (sqrtl(6.0L) - sqrtl(2.0L)) / 4.0L, r75 = (sqrtl(6.0L) + sqrtl(2.0L)) / 4.0L;
    MC_CHECK(ulp_diff(s15, r15) <= 0.5);
    MC_CHECK(ulp_diff(s75, r75) <= 0.5);
    MC_CHECK(cos_deg(75.0) == s15);
    MC_CHECK(cos_deg(15.0) == s75);
    for (int k = -48; k <= 48; k++) {
        long double s, c;
        ref_sincos(15.0 * k, &s, &c);
        MC_CHECK(ulp_diff(sin_deg(15.0 * k), s) <= 0.5);
        MC_CHECK(ulp_diff(cos_deg(15.0 * k), c) <= 0.5);
    }
}

MC_TEST(t_accuracy, "trig: sin and cos are within 4 ulp over 200000 random angles") {
    rng_state = 1;
    double worst = 0.0;
    for (int i = 0; i < 200000; i++) {
        double x;
        switch (i % 4) {
        case 0: x = mc_rng_range(&rng_state, -720.0, 720.0); break;
        case 1: x = mc_rng_range(&rng_state, -1.0, 1.0); break;                       // small angles
        case 2: x = 15.0 * (double)(int)mc_rng_range(&rng_state, -30, 30) + mc_rng_range(&rng_state, -1e-6, 1e-6); break;
        default: x = mc_rng_range(&rng_state, -1e6, 1e6); break;
        }
        long double s, c;
        ref_sincos(x, &s, &c);
        double es = ulp_diff(sin_deg(x), s), ec = ulp_diff(cos_deg(x), c);
        if (es > worst) worst = es;
        if (ec > worst) worst = ec;
    }
    printf("    (sin/cos worst error %.3f ulp)\n", worst);
    MC_CHECK(worst <= 4.0);
}

MC_TEST(t_tiny_angles, "trig: tiny angles such as 1e-9 degrees keep full relative accuracy") {
    double x = 1e-9;
    long double want = sinl((long double)x * (PI_L / 180.0L));
    MC_CHECK(ulp_diff(sin_deg(x), want) <= 1.0);
    MC_CHECK(cos_deg(x) == 1.0);
    // 180 − 1e-9 is not exact in double; its distance from 180 is (Sterbenz), so use that.
    double near180 = 180.0 - 1e-9;
    long double want180 = sinl((long double)(180.0 - near180) * (PI_L / 180.0L));
    MC_CHECK(ulp_diff(sin_deg(near180), want180) <= 2.0);
    MC_CHECK(sin_deg(1e-300) > 0.0);
    MC_CHECK(sin_deg(-1e-300) < 0.0);
}

MC_TEST(t_bounds, "trig: results stay in [-1, 1] and non-finite input gives angle 0") {
    rng_state = 2;
    for (int i = 0; i < 20000; i++) {
        double x = mc_rng_range(&rng_state, -400.0, 400.0), s, c;
        mc_trig_sincos_deg(x, &s, &c);
        MC_CHECK(s >= -1.0 && s <= 1.0 && c >= -1.0 && c <= 1.0);
    }
    MC_CHECK(sin_deg(NAN) == 0.0 && cos_deg(INFINITY) == 1.0);
    MC_CHECK(mc_trig_atan2_deg(NAN, 1.0) == 0.0);
    MC_CHECK(mc_facing_normalize(-INFINITY) == 0.0);
}

MC_TEST(t_atan2_exact, "trig: atan2 is exact on the axes and diagonals") {
    MC_CHECK(mc_trig_atan2_deg(0.0, 1.0) == 0.0);
    MC_CHECK(mc_trig_atan2_deg(1.0, 0.0) == 90.0);
    MC_CHECK(mc_trig_atan2_deg(0.0, -1.0) == 180.0);
    MC_CHECK(mc_trig_atan2_deg(-0.0, -1.0) == 180.0);
    MC_CHECK(mc_trig_atan2_deg(-1.0, 0.0) == -90.0);
    MC_CHECK(mc_trig_atan2_deg(1.0, 1.0) == 45.0);
    MC_CHECK(mc_trig_atan2_deg(3.0, -3.0) == 135.0);
    MC_CHECK(mc_trig_atan2_deg(-2.0, -2.0) == -135.0);
    MC_CHECK(mc_trig_atan2_deg(-1e-300, 1e-300) == -45.0);
    MC_CHECK(mc_trig_atan2_deg(0.0, 0.0) == 0.0);
    MC_CHECK(mc_trig_atan2_deg(1e5, 1e5) == 45.0);
}

MC_TEST(t_atan2_accuracy, "trig: atan2 is within 6 ulp over 200000 random inputs") {
    rng_state = 3;
    double worst = 0.0;
    for (int i = 0; i < 200000; i++) {
        double y = mc_rng_range(&rng_state, -1.0, 1.0), x = mc_rng_range(&rng_state, -1.0, 1.0);
        if (i % 3 == 0) y *= 1e-8;
        if (i % 5 == 0) x *= 1e5;
        long double want = atan2l((long double)y, (long double)x) * (180.0L / PI_L);
        double e = ulp_diff(mc_trig_atan2_deg(y, x), want);
        if (e > worst) worst = e;
    }
    printf("    (atan2 worst error %.3f ulp)\n", worst);
    MC_CHECK(worst <= 6.0);
}

MC_TEST(t_round_trip, "trig: atan2 of a sine and cosine gives the angle back") {
    rng_state = 4;
    for (int i = 0; i < 20000; i++) {
        double a = mc_rng_range(&rng_state, -179.0, 179.0), s, c;
        mc_trig_sincos_deg(a, &s, &c);
        MC_CHECK_NEAR(mc_trig_atan2_deg(s, c), a, 1e-12);
    }
}

MC_TEST(t_facing_vectors, "facing: 0 faces +y, 90 faces +x, and right is forward turned clockwise") {
    McVec2 f0 = mc_facing_forward(0.0), f90 = mc_facing_forward(90.0);
    MC_CHECK(f0.x == 0.0 && f0.y == 1.0);
    MC_CHECK(f90.x == 1.0 && f90.y == 0.0);
    McVec2 f180 = mc_facing_forward(180.0), f270 = mc_facing_forward(270.0);
    MC_CHECK(f180.x == 0.0 && f180.y == -1.0 && f270.x == -1.0 && f270.y == 0.0);
    McVec2 r0 = mc_facing_right(0.0), r90 = mc_facing_right(90.0);
    MC_CHECK(r0.x == 1.0 && r0.y == 0.0);
    MC_CHECK(r90.x == 0.0 && r90.y == -1.0 && !signbit(r0.y));
    McVec2 f30 = mc_facing_forward(30.0);
    MC_CHECK(f30.x == 0.5 && f30.y == sqrt(3.0) / 2.0);
    McVec2 f45 = mc_facing_forward(45.0);
    MC_CHECK(f45.x == sqrt(0.5) && f45.y == sqrt(0.5));
    rng_state = 5;
    for (int i = 0; i < 1000; i++) {
        double f = mc_rng_range(&rng_state, -1000.0, 1000.0);
        McVec2 fw = mc_facing_forward(f), rt = mc_facing_right(f);
        McVec2 turned = mc_vec2_rotate_cw(fw, 90.0);
        MC_CHECK(turned.x == rt.x && turned.y == rt.y);
        MC_CHECK_NEAR(mc_vec2_length(fw), 1.0, 4e-16);
    }
}

MC_TEST(t_facing_from_direction, "facing: direction to facing, clockwise from +y, in [0, 360)") {
    MC_CHECK(mc_facing_from_direction(mc_vec2(0.0, 1.0)) == 0.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(1.0, 0.0)) == 90.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(0.0, -2.0)) == 180.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(-5.0, 0.0)) == 270.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(1.0, 1.0)) == 45.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(-1.0, 1.0)) == 315.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(0.0, 0.0)) == 0.0);
    MC_CHECK(mc_facing_from_direction(mc_vec2(-1e-300, 1.0)) < 360.0);
    MC_CHECK_NEAR(mc_facing_from_direction(mc_facing_forward(30.0)), 30.0, 1e-13);
    rng_state = 6;
    for (int i = 0; i < 20000; i++) {
        double f = mc_rng_range(&rng_state, 0.0, 360.0);
        double back = mc_facing_from_direction(mc_facing_forward(f));
        MC_CHECK(back >= 0.0 && back < 360.0);
        double d = fabs(back - f);
        if (d > 180.0) d = 360.0 - d;
        MC_CHECK(d <= 1e-12);
    }
}

MC_TEST(t_facing_normalize, "facing: normalising wraps into [0, 360) and never returns 360 or -0") {
    MC_CHECK(mc_facing_normalize(360.0) == 0.0);
    MC_CHECK(mc_facing_normalize(-90.0) == 270.0);
    MC_CHECK(mc_facing_normalize(725.0) == 5.0);
    MC_CHECK(mc_facing_normalize(-1e-20) == 0.0);
    MC_CHECK(!signbit(mc_facing_normalize(-0.0)));
    MC_CHECK(!signbit(mc_facing_normalize(-720.0)));
    MC_CHECK(mc_facing_delta(350.0, 10.0) == 20.0);
    MC_CHECK(mc_facing_delta(10.0, 350.0) == -20.0);
    MC_CHECK(mc_facing_delta(0.0, 180.0) == 180.0);
    MC_CHECK(mc_facing_delta(90.0, 90.0) == 0.0);
}

MC_TEST(t_rotate_about, "facing: rotating about a pivot turns clockwise") {
    McVec2 p = mc_vec2_rotate_cw_about(mc_vec2(3.0, 5.0), mc_vec2(3.0, 4.0), 90.0);
    MC_CHECK(p.x == 4.0 && p.y == 4.0);
    p = mc_vec2_rotate_cw_about(mc_vec2(3.0, 5.0), mc_vec2(3.0, 4.0), -90.0);
    MC_CHECK(p.x == 2.0 && p.y == 4.0);
    p = mc_vec2_rotate_cw_about(mc_vec2(1e5, 1e5 + 1.0), mc_vec2(1e5, 1e5), 180.0);
    MC_CHECK(p.x == 1e5 && p.y == 1e5 - 1.0);
}

MC_TEST(t_fmod_360, "trig: mc_fmod_360 gives libm fmod's bits for random doubles of every magnitude and multiples of 360") {
    rng_state = 9;
    const double edges[] = {360.0, -360.0, 720.0, -720.0, 359.99999999999994 * 2, 360.00000000000006, 1e308, -1e308, DBL_MAX, -DBL_MAX, 1e22, 4503599627370496.5};
    for (size_t i = 0; i < sizeof edges / sizeof edges[0]; i++) {
        double a = fmod(edges[i], 360.0), b = mc_fmod_360(edges[i]);
        MC_CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
    for (int i = 0; i < 300000; i++) {
        double x;
        switch (i % 3) {
        case 0: x = mc_rng_range(&rng_state, -1.0, 1.0) * pow(10.0, (double)(i % 300)); break;
        case 1: x = 360.0 * (double)(int)mc_rng_range(&rng_state, -1e6, 1e6) * (1.0 + DBL_EPSILON * (double)(i % 4)); break;
        default: x = mc_rng_range(&rng_state, -1e6, 1e6); break;
        }
        if (!(fabs(x) >= 360.0)) continue;
        double a = fmod(x, 360.0), b = mc_fmod_360(x);
        MC_CHECK(memcmp(&a, &b, sizeof a) == 0);
    }
}
