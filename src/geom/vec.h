// 2-D vectors and axis-aligned boxes by value, with inline arithmetic (Box2D's b2Vec2 style).
// Everything here is plain + − × ÷ and sqrt, so it rounds identically in native and WebAssembly
// builds compiled with -ffp-contract=off (docs/geometry.md "Determinism").
#ifndef MC_GEOM_VEC_H
#define MC_GEOM_VEC_H

#include <math.h>
#include <stdbool.h>

#include "core/limits.h"

/// The helpers most used are always inlined: the files compiled for size (CMakeLists.txt) kept
/// out-of-line copies, and a call passes its vectors through stack copies (WebAssembly's C ABI).
/// 1.2 KB gzip of The Ninth Age's module; the files compiled for speed inlined them already.
#define MC_VEC_INLINE static inline __attribute__((always_inline))

/// A point or displacement on the table, in the table's length unit (steps or inches).
/// x grows to the right, y away from the player (docs/api.md "Free-form tables").
typedef struct McVec2 {
    double x, y;
} McVec2;

/// An axis-aligned box, lo.x <= hi.x and lo.y <= hi.y when valid.
typedef struct McAabb {
    McVec2 lo, hi;
} McAabb;

/// The vector (x, y).
MC_VEC_INLINE McVec2 mc_vec2(double x, double y) {
    McVec2 v = {x, y};
    return v;
}

/// a + b.
MC_VEC_INLINE McVec2 mc_vec2_add(McVec2 a, McVec2 b) { return mc_vec2(a.x + b.x, a.y + b.y); }

/// a − b.
MC_VEC_INLINE McVec2 mc_vec2_sub(McVec2 a, McVec2 b) { return mc_vec2(a.x - b.x, a.y - b.y); }

/// −a.
static inline McVec2 mc_vec2_neg(McVec2 a) { return mc_vec2(-a.x, -a.y); }

/// a · s.
MC_VEC_INLINE McVec2 mc_vec2_scale(McVec2 a, double s) { return mc_vec2(a.x * s, a.y * s); }

/// a + s · b (two roundings per component: the product, then the sum; no fused multiply-add).
MC_VEC_INLINE McVec2 mc_vec2_mul_add(McVec2 a, double s, McVec2 b) {
    return mc_vec2(a.x + s * b.x, a.y + s * b.y);
}

/// Dot product a · b.
MC_VEC_INLINE double mc_vec2_dot(McVec2 a, McVec2 b) { return a.x * b.x + a.y * b.y; }

/// 2-D cross product a × b = a.x·b.y − a.y·b.x: positive when b is counter-clockwise of a.
MC_VEC_INLINE double mc_vec2_cross(McVec2 a, McVec2 b) { return a.x * b.y - a.y * b.x; }

/// Squared length |a|².
static inline double mc_vec2_length_sq(McVec2 a) { return a.x * a.x + a.y * a.y; }

/// Length |a| (sqrt is correctly rounded, hence deterministic).
static inline double mc_vec2_length(McVec2 a) { return sqrt(a.x * a.x + a.y * a.y); }

/// Distance |a − b|.
static inline double mc_vec2_distance(McVec2 a, McVec2 b) { return mc_vec2_length(mc_vec2_sub(a, b)); }

/// a / |a|, or (0, 0) when a is the zero vector (never NaN for finite input).
static inline McVec2 mc_vec2_normalize(McVec2 a) {
    double len = mc_vec2_length(a);
    if (!(len > 0.0)) return mc_vec2(0.0, 0.0);
    return mc_vec2(a.x / len, a.y / len);
}

/// a turned 90° counter-clockwise: (−y, x).
static inline McVec2 mc_vec2_perp_left(McVec2 a) { return mc_vec2(-a.y, a.x); }

/// a turned 90° clockwise: (y, −x). For a CCW polygon edge this is the outward normal direction.
static inline McVec2 mc_vec2_perp_right(McVec2 a) { return mc_vec2(a.y, -a.x); }

/// a + (b − a) · t.
MC_VEC_INLINE McVec2 mc_vec2_lerp(McVec2 a, McVec2 b, double t) {
    return mc_vec2(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

/// True when both components are finite.
static inline bool mc_vec2_is_finite(McVec2 a) { return isfinite(a.x) && isfinite(a.y); }

/// True when |a − b| <= MC_LINEAR_SLOP: the one helper for "the same point" (docs/api.md).
static inline bool mc_vec2_near(McVec2 a, McVec2 b) {
    return mc_vec2_length_sq(mc_vec2_sub(a, b)) <= MC_LINEAR_SLOP * MC_LINEAR_SLOP;
}

/// The smallest box holding a and b.
MC_VEC_INLINE McAabb mc_aabb_union(McAabb a, McAabb b) {
    McAabb r;
    r.lo = mc_vec2(a.lo.x < b.lo.x ? a.lo.x : b.lo.x, a.lo.y < b.lo.y ? a.lo.y : b.lo.y);
    r.hi = mc_vec2(a.hi.x > b.hi.x ? a.hi.x : b.hi.x, a.hi.y > b.hi.y ? a.hi.y : b.hi.y);
    return r;
}

/// The box grown by `margin` on every side.
MC_VEC_INLINE McAabb mc_aabb_inflate(McAabb a, double margin) {
    McAabb r;
    r.lo = mc_vec2(a.lo.x - margin, a.lo.y - margin);
    r.hi = mc_vec2(a.hi.x + margin, a.hi.y + margin);
    return r;
}

/// True when the closed boxes share at least one point (touching boxes overlap).
MC_VEC_INLINE bool mc_aabb_overlaps(McAabb a, McAabb b) {
    return a.lo.x <= b.hi.x && b.lo.x <= a.hi.x && a.lo.y <= b.hi.y && b.lo.y <= a.hi.y;
}

#endif
