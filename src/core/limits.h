// Named limits: every count and magnitude a request can drive is capped (core/limits.def), so the
// worst legal request finishes in bounded time and memory; and the tolerances.
#ifndef MC_LIMITS_H
#define MC_LIMITS_H

/// The one length tolerance (docs/api.md "Contact and tolerance"): shapes closer than this, or
/// overlapping by less than this, are in contact. Every other tolerance derives from it.
#define MC_LINEAR_SLOP 1e-6
/// Rounding noise: two results of a chain of arithmetic that differ by less than this are equal
/// (tie-breaks, range and bracket checks). A thousandth of the slop (1e-9): rounding at table
/// scale (1e-13) stays far below it, and no difference the slop could see is ignored.
#define MC_ROUNDING_SLOP (MC_LINEAR_SLOP * 1e-3)
/// Nothing: a divisor (a direction's component, a slope) smaller than this is zero, and a bound
/// computed from values near 1 is widened by it. A millionth of the slop (1e-12): a few ulps of
/// such values, and a quotient by it would be far off any table.
#define MC_ZERO_SLOP (MC_LINEAR_SLOP * 1e-6)

/// The named limits of core/limits.def, each a whole number (enum constants: usable in array
/// sizes and constant expressions; a double or an unsigned use converts it where it is used).
enum McLimit {
#define MC_LIMIT(name, value, why) name = (value),
#include "limits.def"
#undef MC_LIMIT
};

#endif
