// First contact of a moving convex polygon against a set of convex obstacles, in closed form
// (docs/geometry.md "Translation" and "Rotation"): the mover ends IN contact (gap 0 up to rounding,
// never a slop short), and motion along or away from an existing contact is free
// (docs/api.md "Contact and tolerance").
//
// Semantics shared by both sweeps:
//   - A collision is a motion that would make the mover overlap an obstacle by more than
//     MC_LINEAR_SLOP somewhere along the way. A motion that only grazes (touches, or dips in by at
//     most the slop, then leaves) is not a collision.
//   - On a collision the mover stops at the first contact before that overlap: the latest
//     position, at or before it, where the gap to the obstacle is 0. Starting in contact and
//     moving into the obstacle therefore stops at t = 0.
//   - The earliest collision over all obstacles wins; equal times go to the lowest obstacle index
//     (so the answer does not depend on the broad phase's visiting order).
//   - An obstacle that already overlaps the mover (depth > slop) at the start is reported as
//     MC_SWEEP_STARTS_OVERLAPPING (lowest such index) without moving; mark it in `ignore` to move
//     out of it.
#ifndef MC_GEOM_SWEEP_H
#define MC_GEOM_SWEEP_H

#include "geom/broadphase.h"
#include "geom/poly.h"

/// What a sweep found.
typedef enum McSweepState {
    MC_SWEEP_CLEAR = 0,              ///< the whole motion is free (t = 1)
    MC_SWEEP_HIT = 1,                ///< stopped in contact with `obstacle` at t
    MC_SWEEP_STARTS_OVERLAPPING = 2, ///< `obstacle` overlaps the mover before it moves (t = 0)
    MC_SWEEP_INVALID = 3             ///< NULL mover, negative count, non-finite motion (t = 0)
} McSweepState;

/// The mover and what it may hit.
typedef struct McSweepInput {
    const McPoly *mover;         ///< convex, CCW; not modified
    const McPoly *obstacles;     ///< obstacle_count convex CCW polygons (caller-owned)
    int obstacle_count;          ///< >= 0
    const McBroadphase *broadphase; ///< nullable: a tree built over the obstacles' boxes, item i
                                    ///< = obstacles[i]; NULL tests every obstacle
    const unsigned char *ignore; ///< nullable: ignore[i] != 0 skips obstacles[i] (e.g. the mover's
                                 ///< own entry, or terrain it is allowed to cross)
    const McAabb *boxes; ///< nullable: boxes[i] = mc_poly_aabb(&obstacles[i]). Without a broad
                         ///< phase only obstacles whose boxes meet the motion's are tested (for a
                         ///< few obstacles a scan of their boxes is cheaper than a tree's query);
                         ///< a rotation reads them instead of making them
    McVec2 *placed_vertices; ///< nullable: room for mover->count vertices, where the sweep writes
                             ///< the mover at t (McSweepHit.placed); NULL leaves placed empty
} McSweepInput;

/// The outcome of a sweep.
typedef struct McSweepHit {
    McSweepState state;
    double t;       ///< fraction of the requested motion performed, in [0, 1]
    double angle;   ///< rotation: signed degrees performed (same sign as requested); else 0
    int obstacle;   ///< index of the obstacle hit or overlapped, else −1
    McPoly placed;  ///< the mover at t (exactly where a caller would put it), over the input's
                    ///< placed_vertices; empty without them
    McContact contact; ///< HIT / STARTS_OVERLAPPING: mc_poly_contact(placed, obstacle)
} McSweepHit;

/// Translates the mover by t·delta, 0 <= t <= 1, and stops at the first collision (semantics at
/// the top of this header). The first contact is the latest of the per-axis entry times over the
/// edge normals of both polygons: the slab form of the vertex–edge events of docs/geometry.md, exact
/// for convex polygons. `out` must be non-NULL. delta = (0, 0) is CLEAR unless an obstacle
/// starts overlapping.
McSweepState mc_sweep_translate(const McSweepInput *in, McVec2 delta, McSweepHit *out);

/// Turns the mover about `pivot` by up to `degrees` (positive clockwise, the compass sense in
/// which facings grow; negative counter-clockwise; |degrees| is capped at 360) and stops at the
/// first collision (semantics at the top of this header). Candidate contact angles are where a
/// vertex's circle about the pivot meets an edge of the other shape, both ways (docs/geometry.md
/// "Rotation"); the motion between consecutive candidates is classified by the SAT depth at its
/// midpoint and end. A vertex at the pivot does not move. `out` must be non-NULL.
McSweepState mc_sweep_rotate(const McSweepInput *in, McVec2 pivot, double degrees,
                             McSweepHit *out);

/// mc_sweep_translate and mc_sweep_rotate filling only `state`, `t`, `angle` and `obstacle`
/// (`placed` is left empty and `contact` empty): for a caller that asks only whether
/// and where the path is blocked, without the cost of the contact's features.
McSweepState mc_sweep_translate_brief(const McSweepInput *in, McVec2 delta, McSweepHit *out);
/// See mc_sweep_translate_brief.
McSweepState mc_sweep_rotate_brief(const McSweepInput *in, McVec2 pivot, double degrees,
                                   McSweepHit *out);

#endif
