// Deterministic trigonometry in degrees, and compass facings (docs/api.md "Free-form tables").
//
// libm's sin, cos and atan2 differ in the last bit between glibc and Emscripten's musl, which
// would make native and WebAssembly answers differ (docs/geometry.md "Determinism"). These functions
// use only + − × ÷ and sqrt in a fixed order (build with -ffp-contract=off), so every build gives
// the same bits.
//
// Accuracy (checked by tests/c/test_geom_trig.c against long double references over 200 000
// arguments each): sin and cos are within 4 ulp of the true value (measured worst 3.3 ulp; the
// error is relative, also next to the zeros at multiples of 180°), and exact (the correctly
// rounded value) at every multiple of 15°: sin 30° == 0.5, cos 60° == 0.5,
// sin 45° == sqrt(0.5), sin 90° == 1, sin 180° == 0. atan2 is within 6 ulp of the true angle in
// degrees (measured worst 5 ulp, from the 30° argument reduction) and exact for the axes
// (0, ±90, 180) and diagonals (±45, ±135). For angles that is below 1e-15 relative.
#ifndef MC_GEOM_TRIG_H
#define MC_GEOM_TRIG_H

#include "geom/vec.h"

/// fmod(x, 360.0), the same bits, for finite x (libm's fmod is 0.4 KB of each module; this is the
/// same exact remainder by whole multiples of 360 * 2^k).
double mc_fmod_360(double x);

/// Both sin and cos of an angle in `degrees`, from one reduction. Any finite angle (reduced
/// exactly modulo 360); a non-finite angle is treated as 0. Results in [−1, 1], never −0.
/// `out_sin` and `out_cos` must be non-NULL.
void mc_trig_sincos_deg(double degrees, double *out_sin, double *out_cos);

/// The angle of the vector (x, y) from the +x axis, counter-clockwise, in degrees, in
/// (−180, 180] (mathematical convention, like libm atan2 but in degrees). (0, 0) and
/// non-finite input give 0; y == −0 is treated as +0 (so (−1, −0) gives 180).
double mc_trig_atan2_deg(double y, double x);

/// A compass facing (degrees) normalised into [0, 360): 360 → 0, −90 → 270, −0 → 0, and a
/// negative angle so small that adding 360 would round to 360 gives 0. Non-finite gives 0.
double mc_facing_normalize(double degrees);

/// The signed turn in degrees, in (−180, 180], that takes facing `from` to facing `to`;
/// positive is clockwise (compass sense). Non-finite input gives 0.
double mc_facing_delta(double from, double to);

/// The unit forward vector of a compass facing: (sin f, cos f). Facing 0 is +y, 90 is +x.
McVec2 mc_facing_forward(double degrees);

/// The unit vector to the right of a unit with compass facing f: (cos f, −sin f).
McVec2 mc_facing_right(double degrees);

/// The compass facing, in [0, 360), of the direction `dir` (0 for +y, 90 for +x, clockwise).
/// The zero vector and non-finite input give 0.
double mc_facing_from_direction(McVec2 dir);

/// `v` rotated clockwise (compass sense: the way facings increase) by `degrees`.
/// Rotating (0, 1) by f gives mc_facing_forward(f).
McVec2 mc_vec2_rotate_cw(McVec2 v, double degrees);

/// `v` rotated clockwise by the angle whose sine and cosine are `s` and `c` (one sincos for many
/// points): the expression every clockwise rotation here uses, so that all round alike.
static inline McVec2 mc_vec2_rotate_cw_sc(McVec2 v, double s, double c) {
    return mc_vec2(v.x * c + v.y * s, v.y * c - v.x * s);
}

/// `p` rotated clockwise by `degrees` about `pivot`.
McVec2 mc_vec2_rotate_cw_about(McVec2 p, McVec2 pivot, double degrees);

#endif
