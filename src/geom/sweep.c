// Translation and rotation sweeps (docs/geometry.md "Translation", "Rotation"; semantics in sweep.h).
#include "geom/sweep.h"

#include <math.h>
#include <stddef.h>

#include "core/work.h"
#include "geom/trig.h"

#define SLOP MC_LINEAR_SLOP
// Below this depth an interval of a rotation counts as "not intersecting" at all: rounding noise
// of a contact that persists while turning (a corner on the pivot) must not open an overlap run.
#define DEPTH_NOISE MC_ROUNDING_SLOP

enum { ONE_NONE = 0, ONE_HIT = 1, ONE_OVERLAP = 2 };

static int next_index(int i, int n) { return i + 1 == n ? 0 : i + 1; }

// ---- translation -------------------------------------------------------------------------------

// One obstacle. For every edge normal n of either polygon (oriented from b towards a) the gap
// along n is g + t·v with g = min(a·n) − max(b·n) and v = d·n: linear in t, because translation
// moves every vertex of a alike. The interiors meet iff every gap is negative (SAT), so the set
// of t where the shapes are within contact is the intersection of the half-lines g + v t <= 0,
// an interval whose start is the first contact (the vertex–edge event of docs/geometry.md that happens
// last among the axes). A collision needs the deeper set g + v t <= −slop to be non-empty in
// [0, 1]; axes with v == 0 and g > −slop (sliding along a contact) make it empty: moving along
// or away is free. Divisions happen only for v != 0, so nothing here can be infinite or NaN in
// the result.
// Once one axis has shown both that the shapes do not start overlapping (sep0 >= −slop) and that
// the deeper set is empty, no later axis can change the answer (sep0 only grows, deep_lo only
// grows and deep_hi only falls): most obstacles a path passes are told on their first axes.
static int translate_one(const McPoly *a, const McPoly *b, McVec2 d, double *t_out) {
    // Every edge of both projects every vertex of both.
    uint64_t both = (uint64_t)a->count + (uint64_t)b->count;
    mc_work_add(both * both);
    McVec2 origin = b->v[0];
    // The vertices less the origin, made once (the same differences every axis took before).
    McVec2 ra[MC_POLY_CAPACITY], rb[MC_POLY_CAPACITY];
    for (int k = 0; k < a->count; k++) ra[k] = mc_vec2_sub(a->v[k], origin);
    for (int k = 0; k < b->count; k++) rb[k] = mc_vec2_sub(b->v[k], origin);
    double sep0 = -INFINITY, contact_lo = 0.0, deep_lo = 0.0, deep_hi = 1.0;
    bool deep_possible = true, any_axis = false;
    for (int pass = 0; pass < 2; pass++) {
        const McPoly *ref = pass == 0 ? b : a;
        double sign = pass == 0 ? 1.0 : -1.0; // a's outward normals point from a to b
        for (int i = 0; i < ref->count; i++) {
            McVec2 e = mc_vec2_sub(ref->v[next_index(i, ref->count)], ref->v[i]);
            double len = mc_vec2_length(e);
            if (!(len > 0.0)) continue;
            any_axis = true;
            McVec2 n = mc_vec2_scale(mc_vec2_perp_right(e), sign / len);
            double a_min = INFINITY, b_max = -INFINITY;
            for (int k = 0; k < a->count; k++) {
                double s = mc_vec2_dot(ra[k], n);
                if (s < a_min) a_min = s;
            }
            for (int k = 0; k < b->count; k++) {
                double s = mc_vec2_dot(rb[k], n);
                if (s > b_max) b_max = s;
            }
            double g = a_min - b_max, v = mc_vec2_dot(d, n);
            if (g > sep0) sep0 = g;
            if (v < 0.0) {
                double tc = g / -v, td = (g + SLOP) / -v;
                if (tc > contact_lo) contact_lo = tc;
                if (td > deep_lo) deep_lo = td;
            } else if (v > 0.0) {
                double td = (-SLOP - g) / v;
                if (td < deep_hi) deep_hi = td;
            } else if (g > -SLOP) {
                deep_possible = false;
            }
            if (sep0 >= -SLOP && (!deep_possible || !(deep_lo <= deep_hi))) return ONE_NONE;
        }
    }
    if (!any_axis) return ONE_NONE;
    if (sep0 < -SLOP) return ONE_OVERLAP;
    if (!deep_possible || !(deep_lo <= deep_hi)) return ONE_NONE;
    // contact_lo <= deep_lo <= 1 here (the deep set lies inside the contact set).
    *t_out = contact_lo > 1.0 ? 1.0 : contact_lo;
    return ONE_HIT;
}

// ---- rotation ----------------------------------------------------------------------------------

// The angle (degrees, [0, 360)) through which u must turn in direction `dir` (+1 clockwise,
// −1 counter-clockwise) to point along w.
static double turn_angle(McVec2 u, McVec2 w, double dir) {
    double cr = mc_vec2_cross(u, w), dt = mc_vec2_dot(u, w);
    // The counter-clockwise angle is atan2(cross, dot); clockwise negates the cross product.
    return mc_facing_normalize(mc_trig_atan2_deg(dir > 0.0 ? -cr : cr, dt));
}

// Lowers *best to the smallest angle in (cur, *best) at which the point u (relative to the pivot)
// turning in direction `dir` meets the segment [p, q] (relative to the pivot).
static void circle_events(McVec2 u, double r2, McVec2 p, McVec2 q, double dir, double cur,
                          double *best) {
    McVec2 e = mc_vec2_sub(q, p);
    double A = mc_vec2_dot(e, e);
    if (!(A > 0.0)) return;
    double B = mc_vec2_dot(p, e), C = mc_vec2_dot(p, p) - r2;
    double disc = B * B - A * C;
    if (disc < 0.0) {
        // A circle tangent to the segment must not be lost to rounding.
        if (disc >= -MC_ZERO_SLOP * (B * B + fabs(A * C))) disc = 0.0;
        else return;
    }
    double sq = sqrt(disc);
    double roots[2] = {(-B - sq) / A, (-B + sq) / A};
    for (int k = 0; k < 2; k++) {
        double s = roots[k];
        // A little beyond the ends is kept: an extra candidate angle is harmless, a lost one is not.
        if (!(s >= -MC_ROUNDING_SLOP && s <= 1.0 + MC_ROUNDING_SLOP)) continue;
        McVec2 w = mc_vec2_mul_add(p, s, e);
        double ang = turn_angle(u, w, dir);
        if (ang > cur && ang < *best) *best = ang;
    }
}

// The next candidate contact angle after `cur` (degrees turned), or `limit` if none comes first.
// a's vertices turn in direction dir against b's edges; b's vertices turn the other way against
// a's edges in its starting pose (the motion relative to a).
static double next_event(const McPoly *a, const McPoly *b, McVec2 pivot, double dir, double cur,
                         double limit) {
    double best = limit;
    // Both ways, and a circle against a segment is several vertex pairs' work.
    mc_work_add(4 * (uint64_t)a->count * (uint64_t)b->count);
    for (int pass = 0; pass < 2; pass++) {
        const McPoly *vp = pass == 0 ? a : b, *ep = pass == 0 ? b : a;
        double sd = pass == 0 ? dir : -dir;
        for (int i = 0; i < vp->count; i++) {
            McVec2 u = mc_vec2_sub(vp->v[i], pivot);
            double r2 = mc_vec2_dot(u, u);
            if (!(r2 > 0.0)) continue;
            for (int j = 0; j < ep->count; j++) {
                McVec2 p = mc_vec2_sub(ep->v[j], pivot);
                McVec2 q = mc_vec2_sub(ep->v[next_index(j, ep->count)], pivot);
                circle_events(u, r2, p, q, sd, cur, &best);
            }
        }
    }
    return best;
}

// The SAT separation of a turned by signed_deg about the pivot from b, up to `stop`
// (mc_poly_sat_separation_until: exact for comparisons with thresholds at most `stop`).
static double sep_at(const McPoly *a, const McPoly *b, McVec2 pivot, double signed_deg, double stop) {
    McVec2 v[MC_POLY_CAPACITY];
    McPoly turned = mc_poly_rotate(a, pivot, signed_deg, v);
    return mc_poly_sat_separation_until(&turned, b, stop);
}

// One obstacle. Between consecutive candidate angles no vertex crosses an edge, so the shapes'
// interiors either meet throughout or not at all; the midpoint decides. A run of intersecting
// intervals that gets deeper than the slop (at a midpoint or at an interval's end) is a
// collision, and the mover stops where the run began: a candidate angle where the boundaries
// touch.
// `travel` bounds how far any point of the mover moves during the whole turn: an obstacle
// farther than that (by the SAT gap, which never exceeds the true distance) stays apart at every
// angle, so no interval of its events could be deeper than the slop.
static int rotate_one(const McPoly *a, const McPoly *b, McVec2 pivot, double dir, double limit,
                      double travel, double *angle_out) {
    double sep0 = mc_poly_sat_separation_until(a, b, travel);
    if (sep0 < -SLOP) return ONE_OVERLAP;
    if (sep0 > travel) return ONE_NONE;
    double cur = 0.0, run_start = -1.0;
    for (;;) {
        double nxt = next_event(a, b, pivot, dir, cur, limit);
        double mid = cur + 0.5 * (nxt - cur);
        double s_mid = sep_at(a, b, pivot, dir * mid, -DEPTH_NOISE);
        bool inside = s_mid < -DEPTH_NOISE;
        if (inside && run_start < 0.0) run_start = cur;
        // The end is looked at only when the midpoint is not already deep.
        if (s_mid < -SLOP || sep_at(a, b, pivot, dir * nxt, -SLOP) < -SLOP) {
            *angle_out = run_start >= 0.0 ? run_start : cur;
            return ONE_HIT;
        }
        if (!inside) run_start = -1.0;
        if (!(nxt < limit)) return ONE_NONE;
        cur = nxt;
    }
}

// ---- driver ------------------------------------------------------------------------------------

typedef struct Candidates {
    const McSweepInput *in;
    McBroadphaseIter it;
    McAabb box; ///< the motion's box (the scan of in->boxes without a broad phase)
    int next;
} Candidates;

static void candidates_begin(Candidates *c, const McSweepInput *in, McAabb box) {
    c->in = in;
    c->next = 0;
    c->box = box;
    if (in->broadphase) mc_broadphase_iter_begin(&c->it, in->broadphase, box);
}

static int candidates_next(Candidates *c) {
    const McSweepInput *in = c->in;
    for (;;) {
        int i;
        if (in->broadphase) {
            i = mc_broadphase_iter_next(&c->it);
            if (i < 0) return -1;
            if (i >= in->obstacle_count) continue; // a tree built over more items than given
        } else {
            // What the broad phase would leave out (its boxes are these) is passed over here, in
            // a loop of its own: most of a scan is boxes that do not meet the motion's.
            int k = c->next, n = in->obstacle_count;
            const McAabb *boxes = in->boxes;
            if (boxes) {
                McAabb q = c->box;
                while (k < n && !mc_aabb_overlaps(boxes[k], q)) k++;
            }
            if (k >= n) {
                c->next = n;
                return -1;
            }
            i = k;
            c->next = k + 1;
        }
        if (in->ignore && in->ignore[i]) continue;
        if (in->obstacles[i].count <= 0) continue;
        return i;
    }
}

// Once a sweep: kept out of line, not copied into both sweeps.
__attribute__((noinline)) static void hit_init(McSweepHit *out, const McSweepInput *in, bool brief) {
    out->state = MC_SWEEP_INVALID;
    out->t = 0.0;
    out->angle = 0.0;
    out->obstacle = -1;
    out->placed = (McPoly){0, NULL};
    mc_contact_none(&out->contact);
    if (brief || !in || !in->mover || !in->placed_vertices) return;
    out->placed = (McPoly){in->mover->count, in->placed_vertices};
    for (int k = 0; k < in->mover->count; k++) out->placed.v[k] = in->mover->v[k];
}

static bool input_ok(const McSweepInput *in) {
    return in && in->mover && in->obstacle_count >= 0 && (in->obstacles || in->obstacle_count == 0);
}

// The choice among obstacles shared by both sweeps: an obstacle the mover already overlaps wins
// (the lowest index); otherwise the earliest hit, ties to the lowest index, so the broad phase's
// visiting order never matters.
typedef struct Earliest {
    int best, overlap;
    double at; ///< t or angle of `best`; starts above any possible value
} Earliest;

static void earliest_add(Earliest *e, int i, int r, double at) {
    if (r == ONE_OVERLAP) {
        if (e->overlap < 0 || i < e->overlap) e->overlap = i;
    } else if (r == ONE_HIT && (at < e->at || (at == e->at && i < e->best))) {
        e->at = at;
        e->best = i;
    }
}

// Reports the overlapped obstacle, if any; returns true when the sweep ends there.
static bool starts_overlapping(const Earliest *e, const McSweepInput *in, bool brief, McSweepHit *out) {
    if (e->overlap < 0) return false;
    out->state = MC_SWEEP_STARTS_OVERLAPPING;
    out->obstacle = e->overlap;
    // Before any motion the mover is where it started (placed holds the same vertices).
    if (!brief) mc_poly_contact(in->mover, &in->obstacles[e->overlap], &out->contact);
    return true;
}

// `brief`: fill only state, t, angle and obstacle (mc_sweep_translate_brief).
static McSweepState sweep_translate(const McSweepInput *in, McVec2 delta, bool brief, McSweepHit *out) {
    hit_init(out, in, brief);
    if (!input_ok(in) || !mc_vec2_is_finite(delta)) return out->state;
    const McPoly *a = in->mover;
    McAabb box0 = mc_poly_aabb(a);
    McAabb box1 = {mc_vec2_add(box0.lo, delta), mc_vec2_add(box0.hi, delta)};
    McAabb swept = mc_aabb_inflate(mc_aabb_union(box0, box1), 2.0 * SLOP);

    Earliest e = {-1, -1, 2.0};
    Candidates c;
    candidates_begin(&c, in, swept);
    int i;
    while ((i = candidates_next(&c)) >= 0) {
        double t = 0.0;
        int r = translate_one(a, &in->obstacles[i], delta, &t);
        earliest_add(&e, i, r, t);
    }
    if (starts_overlapping(&e, in, brief, out)) return out->state;
    int best = e.best;
    double best_t = e.at;
    if (best < 0) {
        out->state = MC_SWEEP_CLEAR;
        out->t = 1.0;
        if (!brief && in->placed_vertices) out->placed = mc_poly_translate(a, delta, in->placed_vertices);
        return out->state;
    }
    out->state = MC_SWEEP_HIT;
    out->t = best_t;
    out->obstacle = best;
    if (brief) return out->state;
    // t == 1 moves by exactly delta; otherwise by t·delta, computed once here.
    McVec2 move = best_t == 1.0 ? delta : mc_vec2_scale(delta, best_t);
    McVec2 room[MC_POLY_CAPACITY];
    McPoly placed = mc_poly_translate(a, move, in->placed_vertices ? in->placed_vertices : room);
    if (in->placed_vertices) out->placed = placed;
    mc_poly_contact(&placed, &in->obstacles[best], &out->contact);
    return out->state;
}

// Whether an obstacle lies wholly outside the disc of radius `reach` about the pivot (by its
// box), with room to spare: the turning mover never leaves that disc, so it can neither overlap
// nor touch it (SAT separation stays positive). The broad phase's box is the disc's square; this
// drops its corners.
static bool beyond_reach(McAabb box, McVec2 pivot, double reach) {
    double dx = pivot.x < box.lo.x ? box.lo.x - pivot.x : pivot.x > box.hi.x ? pivot.x - box.hi.x : 0.0;
    double dy = pivot.y < box.lo.y ? box.lo.y - pivot.y : pivot.y > box.hi.y ? pivot.y - box.hi.y : 0.0;
    double r = reach + 4.0 * SLOP;
    return dx * dx + dy * dy > r * r;
}

// A box holding the mover at every angle of a turn of `limit` degrees (< 180) in direction `dir`:
// each vertex moves on an arc about the pivot, and the mover's box at any angle is the box of its
// vertices there, so the box of the arcs (their ends, and the points where an arc crosses an axis
// direction) holds them all. For a small turn it is far smaller than the disc's square, so the
// broad phase hands over fewer obstacles; those it leaves out could not be touched.
static McAabb arcs_box(const McPoly *a, McVec2 pivot, double dir, double limit) {
    // The end pose as mc_poly_rotate makes it, its vertices and the start's boxed as they come.
    double sn, cs;
    mc_trig_sincos_deg(dir * limit, &sn, &cs);
    McAabb box = {{0.0, 0.0}, {0.0, 0.0}};
    if (a->count > 0) box.lo = box.hi = a->v[0];
    double sgn = dir > 0.0 ? -1.0 : 1.0;
    for (int k = 0; k < a->count; k++) {
        McVec2 u = mc_vec2_sub(a->v[k], pivot);
        McVec2 end = mc_vec2_add(pivot, mc_vec2_rotate_cw_sc(u, sn, cs));
        McAabb one = {a->v[k], a->v[k]}, two = {end, end};
        box = mc_aabb_union(mc_aabb_union(box, one), two);
        McVec2 w = mc_vec2_sub(end, pivot);
        double r = sqrt(mc_vec2_length_sq(u));
        if (!(r > 0.0)) continue;
        // An arc of less than a half circle from u to w passes axis direction e iff e lies on
        // the turning side of u and w lies on the turning side of e (counter-clockwise: both
        // cross products u × e and e × w >= 0; a clockwise turn, dir +1, flips their signs). A
        // direction within a hair of the arc counts as passed: a larger box is harmless. For
        // e = ±x, ±y the cross products are ± a component of u or w (a product with 0 is ±0,
        // which compares alike). The hair: a tenth of the slop per unit of radius.
        double tol = MC_LINEAR_SLOP * 0.1 * r;
        bool pass[4] = {!(sgn * -u.y < -tol || sgn * w.y < -tol), !(sgn * u.x < -tol || sgn * -w.x < -tol),
                        !(sgn * u.y < -tol || sgn * -w.y < -tol), !(sgn * -u.x < -tol || sgn * w.x < -tol)};
        static const McVec2 axes[4] = {{1.0, 0.0}, {0.0, 1.0}, {-1.0, 0.0}, {0.0, -1.0}};
        for (int m = 0; m < 4; m++) {
            if (!pass[m]) continue;
            McVec2 pt = mc_vec2_mul_add(pivot, r, axes[m]);
            McAabb at = {pt, pt};
            box = mc_aabb_union(box, at);
        }
    }
    return box;
}

static McSweepState sweep_rotate(const McSweepInput *in, McVec2 pivot, double degrees, bool brief,
                                 McSweepHit *out) {
    hit_init(out, in, brief);
    if (!input_ok(in) || !mc_vec2_is_finite(pivot) || !isfinite(degrees)) return out->state;
    const McPoly *a = in->mover;
    double dir = degrees < 0.0 ? -1.0 : 1.0;
    double limit = fabs(degrees);
    if (limit > 360.0) limit = 360.0;
    double reach2 = 0.0;
    for (int k = 0; k < a->count; k++) {
        double r2 = mc_vec2_length_sq(mc_vec2_sub(a->v[k], pivot));
        if (r2 > reach2) reach2 = r2;
    }
    double reach = sqrt(reach2);
    // Every point of the turning mover stays in the disc of radius `reach` about the pivot, and,
    // for a turn of less than a half circle, in the box of its vertices' arcs.
    McAabb swept = {{pivot.x - reach, pivot.y - reach}, {pivot.x + reach, pivot.y + reach}};
    swept = limit < 180.0 ? arcs_box(a, pivot, dir, limit) : mc_aabb_union(swept, mc_poly_aabb(a));
    swept = mc_aabb_inflate(swept, 2.0 * SLOP);

    // A point at distance r from the pivot moves at most r·(the turn in radians) along its arc,
    // and never more than 2r; with room for rounding in the turned coordinates.
    double arc = limit * (3.14159265358979323846 / 180.0);
    double travel = reach * (arc < 2.0 ? arc : 2.0) + 4.0 * SLOP + MC_ROUNDING_SLOP * (fabs(pivot.x) + fabs(pivot.y) + reach);
    Earliest e = {-1, -1, 720.0};
    Candidates c;
    candidates_begin(&c, in, swept);
    int i;
    while ((i = candidates_next(&c)) >= 0) {
        const McPoly *b = &in->obstacles[i];
        McAabb bbox = in->boxes ? in->boxes[i] : mc_poly_aabb(b);
        if (!mc_aabb_overlaps(bbox, swept) || beyond_reach(bbox, pivot, reach)) continue;
        double ang = 0.0;
        int r;
        if (limit == 0.0) {
            r = mc_poly_sat_separation_until(a, b, -SLOP) < -SLOP ? ONE_OVERLAP : ONE_NONE;
        } else {
            r = rotate_one(a, b, pivot, dir, limit, travel, &ang);
        }
        earliest_add(&e, i, r, ang);
    }
    if (starts_overlapping(&e, in, brief, out)) return out->state;
    int best = e.best;
    double best_angle = e.at;
    if (best < 0) {
        out->state = MC_SWEEP_CLEAR;
        out->t = 1.0;
        out->angle = dir * limit + 0.0;
        if (!brief && in->placed_vertices) out->placed = mc_poly_rotate(a, pivot, out->angle, in->placed_vertices);
        if (limit == 0.0) out->angle = 0.0;
        return out->state;
    }
    out->state = MC_SWEEP_HIT;
    out->obstacle = best;
    out->angle = dir * best_angle + 0.0;
    out->t = best_angle / limit;
    if (brief) return out->state;
    McVec2 room[MC_POLY_CAPACITY];
    McPoly placed = mc_poly_rotate(a, pivot, out->angle, in->placed_vertices ? in->placed_vertices : room);
    if (in->placed_vertices) out->placed = placed;
    mc_poly_contact(&placed, &in->obstacles[best], &out->contact);
    return out->state;
}

McSweepState mc_sweep_translate(const McSweepInput *in, McVec2 delta, McSweepHit *out) {
    return sweep_translate(in, delta, false, out);
}

McSweepState mc_sweep_translate_brief(const McSweepInput *in, McVec2 delta, McSweepHit *out) {
    return sweep_translate(in, delta, true, out);
}

McSweepState mc_sweep_rotate(const McSweepInput *in, McVec2 pivot, double degrees, McSweepHit *out) {
    return sweep_rotate(in, pivot, degrees, false, out);
}

McSweepState mc_sweep_rotate_brief(const McSweepInput *in, McVec2 pivot, double degrees, McSweepHit *out) {
    return sweep_rotate(in, pivot, degrees, true, out);
}
