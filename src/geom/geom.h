// The exact-geometry core in one include: vectors and boxes (vec.h), deterministic degree
// trigonometry and compass facings (trig.h), rectangles, convex polygons, segments, contact and
// convex decomposition (poly.h), the broad phase (broadphase.h) and the translation and rotation
// sweeps (sweep.h). Pure library: no JSON, no game rules, no allocation; one tolerance,
// MC_LINEAR_SLOP (core/limits.h). See docs/geometry.md for the methods.
#ifndef MC_GEOM_GEOM_H
#define MC_GEOM_GEOM_H

#include "geom/vec.h"
#include "geom/trig.h"
#include "geom/poly.h"
#include "geom/broadphase.h"
#include "geom/sweep.h"

#endif
