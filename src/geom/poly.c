// Rectangles, convex polygons, segments and the contact test (docs/geometry.md, docs/api.md "Contact
// and tolerance"). Overlap uses the separating axis theorem over the edge normals of both
// polygons, which is exact for convex polygons; the gap is the smallest vertex-to-edge distance
// (for disjoint convex polygons the nearest pair always includes a vertex).
#include "geom/poly.h"

#include <math.h>
#include <stddef.h>

#include "core/for_size.h"
#include "core/work.h"
#include "geom/trig.h"

#define SLOP MC_LINEAR_SLOP

// MC_FOR_SIZE (core/for_size.h): the decomposition's segment tests and area, the point test and the
// contact report, each once a piece, a flee or a sweep, not in the searches' loops.

static int next_index(int i, int n) { return i + 1 == n ? 0 : i + 1; }

// ---- rectangles --------------------------------------------------------------------------------

McVec2 mc_rect_to_world(const McRect *rect, McVec2 local) {
    double s, c;
    mc_trig_sincos_deg(rect->facing, &s, &c);
    // right = (cos f, −sin f), forward = (sin f, cos f) (docs/api.md "Free-form tables").
    return mc_vec2_add(rect->centre, mc_vec2_rotate_cw_sc(local, s, c));
}

McVec2 mc_rect_to_local(const McRect *rect, McVec2 world) {
    double s, c;
    mc_trig_sincos_deg(rect->facing, &s, &c);
    McVec2 d = mc_vec2_sub(world, rect->centre);
    return mc_vec2(d.x * c - d.y * s + 0.0, d.x * s + d.y * c + 0.0);
}

McVec2 mc_rect_corner(McRect rect, McRectCorner corner) {
    double hw = fabs(rect.width) * 0.5, hd = fabs(rect.depth) * 0.5;
    switch (corner) {
    case MC_RECT_FRONT_RIGHT: return mc_rect_to_world(&rect, mc_vec2(hw, hd));
    case MC_RECT_FRONT_LEFT: return mc_rect_to_world(&rect, mc_vec2(-hw, hd));
    case MC_RECT_BACK_LEFT: return mc_rect_to_world(&rect, mc_vec2(-hw, -hd));
    default: return mc_rect_to_world(&rect, mc_vec2(hw, -hd));
    }
}

McPoly mc_poly_box(double x0, double y0, double x1, double y1, McVec2 corners[4]) {
    corners[0] = mc_vec2(x0, y0);
    corners[1] = mc_vec2(x1, y0);
    corners[2] = mc_vec2(x1, y1);
    corners[3] = mc_vec2(x0, y1);
    return (McPoly){4, corners};
}

McPoly mc_rect_to_poly(const McRect *rect, McVec2 corners[4]) {
    // The corners of mc_rect_corner with one sine and cosine for all four (it was four calls; the
    // free-form rule sets make a polygon of every unit they test).
    double s, c;
    mc_trig_sincos_deg(rect->facing, &s, &c);
    return mc_rect_to_poly_sc(rect, s, c, corners);
}

McPoly mc_rect_to_poly_sc(const McRect *rect, double s, double c, McVec2 corners[4]) {
    double hw = fabs(rect->width) * 0.5, hd = fabs(rect->depth) * 0.5;
    const McVec2 centre = rect->centre; // read before the corners are written
    const McVec2 local[4] = {mc_vec2(hw, hd), mc_vec2(-hw, hd), mc_vec2(-hw, -hd), mc_vec2(hw, -hd)};
    for (int i = 0; i < 4; i++) corners[i] = mc_vec2_add(centre, mc_vec2_rotate_cw_sc(local[i], s, c));
    return (McPoly){4, corners};
}

// ---- polygons ----------------------------------------------------------------------------------

MC_FOR_SIZE double mc_poly_area(const McPoly *poly) {
    if (!poly || poly->count < 3) return 0.0;
    // Shoelace about v[0], so large coordinates do not cancel catastrophically.
    McVec2 o = poly->v[0];
    double twice = 0.0;
    for (int i = 1; i + 1 < poly->count; i++)
        twice += mc_vec2_cross(mc_vec2_sub(poly->v[i], o), mc_vec2_sub(poly->v[i + 1], o));
    return twice * 0.5;
}

McAabb mc_poly_aabb(const McPoly *poly) {
    McAabb box = {{0.0, 0.0}, {0.0, 0.0}};
    if (!poly || poly->count <= 0) return box;
    box.lo = box.hi = poly->v[0];
    for (int i = 1; i < poly->count; i++) {
        McVec2 p = poly->v[i];
        if (p.x < box.lo.x) box.lo.x = p.x;
        if (p.y < box.lo.y) box.lo.y = p.y;
        if (p.x > box.hi.x) box.hi.x = p.x;
        if (p.y > box.hi.y) box.hi.y = p.y;
    }
    return box;
}

McPoly mc_poly_translate(const McPoly *poly, McVec2 offset, McVec2 *out) {
    int n = poly->count;
    for (int i = 0; i < n; i++) out[i] = mc_vec2_add(poly->v[i], offset);
    return (McPoly){n, out};
}

McPoly mc_poly_rotate(const McPoly *poly, McVec2 pivot, double degrees, McVec2 *out) {
    double s, c;
    mc_trig_sincos_deg(degrees, &s, &c);
    int n = poly->count;
    for (int i = 0; i < n; i++) out[i] = mc_vec2_add(pivot, mc_vec2_rotate_cw_sc(mc_vec2_sub(poly->v[i], pivot), s, c));
    return (McPoly){n, out};
}

MC_FOR_SIZE bool mc_poly_from_points(McPoly *out, const McVec2 *pts, int count) {
    out->count = 0;
    if (!pts || count < 3 || count > MC_POLY_CAPACITY) return false;
    for (int i = 0; i < count; i++)
        if (!mc_vec2_is_finite(pts[i])) return false;
    McVec2 v[MC_POLY_CAPACITY];
    McPoly p = {count, v};
    for (int i = 0; i < count; i++) v[i] = pts[i];
    double area = mc_poly_area(&p);
    if (!(area > 0.0)) {
        if (!(area < 0.0)) return false;
        for (int i = 0; i < count; i++) v[i] = pts[count - 1 - i];
    }
    // Convex (and winding once) iff every edge line supports the polygon: no vertex lies more
    // than the slop on the outer side of any edge.
    for (int i = 0; i < count; i++) {
        McVec2 a = p.v[i], e = mc_vec2_sub(p.v[next_index(i, count)], a);
        double len = mc_vec2_length(e);
        if (len == 0.0) continue;
        McVec2 n = mc_vec2_scale(mc_vec2_perp_right(e), 1.0 / len);
        for (int j = 0; j < count; j++)
            if (mc_vec2_dot(mc_vec2_sub(p.v[j], a), n) > SLOP) return false;
    }
    for (int i = 0; i < count; i++) out->v[i] = v[i];
    out->count = count;
    return true;
}

// ---- segments ----------------------------------------------------------------------------------

static double segment_param(McVec2 a, McVec2 b, McVec2 p) {
    McVec2 e = mc_vec2_sub(b, a);
    double ee = mc_vec2_dot(e, e);
    if (!(ee > 0.0)) return 0.0;
    double t = mc_vec2_dot(mc_vec2_sub(p, a), e) / ee;
    return t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
}

McVec2 mc_segment_closest_point(McVec2 a, McVec2 b, McVec2 p) {
    double t = segment_param(a, b, p);
    if (t == 0.0) return a;
    if (t == 1.0) return b;
    return mc_vec2_lerp(a, b, t);
}

double mc_segment_distance(McVec2 a, McVec2 b, McVec2 p) {
    return mc_vec2_distance(p, mc_segment_closest_point(a, b, p));
}

// The shared stretch of two (anti)parallel segments: the part of [p0, p1] whose projection lies
// within [q0, q1] and whose points are within the slop of q's line at both ends of the stretch.
// Returns the stretch length (0 when there is none longer than `min_len`).
MC_FOR_SIZE static double shared_stretch(McVec2 q0, McVec2 q1, McVec2 p0, McVec2 p1, double min_len,
                             McVec2 *from, McVec2 *to) {
    McVec2 e = mc_vec2_sub(q1, q0);
    double len = mc_vec2_length(e);
    if (!(len > min_len)) return 0.0;
    McVec2 u = mc_vec2_scale(e, 1.0 / len), n = mc_vec2_perp_right(u);
    double s0 = mc_vec2_dot(mc_vec2_sub(p0, q0), u), s1 = mc_vec2_dot(mc_vec2_sub(p1, q0), u);
    double lo = s0 < s1 ? s0 : s1, hi = s0 < s1 ? s1 : s0;
    if (lo < 0.0) lo = 0.0;
    if (hi > len) hi = len;
    if (!(hi - lo > min_len)) return 0.0;
    double d0 = mc_vec2_dot(mc_vec2_sub(p0, q0), n), d1 = mc_vec2_dot(mc_vec2_sub(p1, q0), n);
    // p's offset from q's line varies linearly along p; s0 != s1 because hi − lo > 0.
    double dlo = d0 + (d1 - d0) * ((lo - s0) / (s1 - s0));
    double dhi = d0 + (d1 - d0) * ((hi - s0) / (s1 - s0));
    if (!(fabs(dlo) <= SLOP && fabs(dhi) <= SLOP)) return 0.0;
    *from = mc_vec2_mul_add(q0, lo, u);
    *to = mc_vec2_mul_add(q0, hi, u);
    return hi - lo;
}

MC_FOR_SIZE McSegmentRelation mc_segment_intersect(McVec2 p0, McVec2 p1, McVec2 q0, McVec2 q1, McVec2 *at,
                                       McVec2 *at_end) {
    McVec2 r = mc_vec2_sub(p1, p0), s = mc_vec2_sub(q1, q0), w = mc_vec2_sub(q0, p0);
    double denom = mc_vec2_cross(r, s);
    McVec2 hit = p0;
    double dist;
    bool crossed = false;
    if (denom != 0.0) {
        double t = mc_vec2_cross(w, s) / denom, u = mc_vec2_cross(w, r) / denom;
        if (t >= 0.0 && t <= 1.0 && u >= 0.0 && u <= 1.0) {
            crossed = true;
            hit = mc_vec2_mul_add(p0, t, r);
        }
    }
    if (crossed) {
        dist = 0.0;
    } else {
        // Not crossing: the nearest pair involves an endpoint of one of the segments.
        McVec2 c[4][2] = {{p0, mc_segment_closest_point(q0, q1, p0)},
                          {p1, mc_segment_closest_point(q0, q1, p1)},
                          {mc_segment_closest_point(p0, p1, q0), q0},
                          {mc_segment_closest_point(p0, p1, q1), q1}};
        dist = INFINITY;
        for (int i = 0; i < 4; i++) {
            double d = mc_vec2_distance(c[i][0], c[i][1]);
            if (d < dist) {
                dist = d;
                hit = mc_vec2_lerp(c[i][0], c[i][1], 0.5);
            }
        }
    }
    if (!(dist <= SLOP)) return MC_SEGMENTS_DISJOINT;
    McVec2 from, to;
    if (shared_stretch(q0, q1, p0, p1, SLOP, &from, &to) > 0.0) {
        // Report the stretch on [p0, p1]: project the ends found on q back onto p.
        if (at) *at = mc_segment_closest_point(p0, p1, from);
        if (at_end) *at_end = mc_segment_closest_point(p0, p1, to);
        return MC_SEGMENTS_OVERLAP;
    }
    if (at) *at = hit;
    if (at_end) *at_end = hit;
    return MC_SEGMENTS_POINT;
}

// ---- contact between convex polygons -----------------------------------------------------------

#define EMPTY_SEPARATION (4.0 * MC_MAX_COORD)

// The vertices of `p` less `origin`, into out[0..count): every projection of the SAT tests is
// taken from these (the same differences as taking them per axis, made once per vertex).
static void relative_to(const McPoly *p, McVec2 origin, McVec2 *out) {
    for (int i = 0; i < p->count; i++) out[i] = mc_vec2_sub(p->v[i], origin);
}

// SAT over the edges of `ref`: the largest gap min(other·n) − max(ref·n) along ref's outward
// edge normals n. Projections are taken relative to the origin of rr and ro (ref's and other's
// vertices less it) so that |x| ~ 1e5 does not cost digits. Zero-length edges have no normal and
// are skipped. Returns −INFINITY when ref has no usable edge. Stops at the first gap above
// `stop` (returning it): the largest is above `stop` too. Kept out of line: inlined at both
// calls it was 0.4 KB more of every WebAssembly module, for no measurable gain.
__attribute__((noinline)) static double max_gap_over_edges(const McPoly *ref, const McVec2 *rr, const McVec2 *ro,
                                                           int no, double stop, McVec2 *best_axis) {
    double best = -INFINITY;
    int n = ref->count;
    for (int i = 0; i < n; i++) {
        McVec2 e = mc_vec2_sub(ref->v[next_index(i, n)], ref->v[i]);
        double len = mc_vec2_length(e);
        if (!(len > 0.0)) continue;
        McVec2 axis = mc_vec2_scale(mc_vec2_perp_right(e), 1.0 / len);
        double ref_max = -INFINITY, other_min = INFINITY;
        for (int j = 0; j < n; j++) {
            double d = mc_vec2_dot(rr[j], axis);
            if (d > ref_max) ref_max = d;
        }
        for (int j = 0; j < no; j++) {
            double d = mc_vec2_dot(ro[j], axis);
            if (d < other_min) other_min = d;
        }
        double gap = other_min - ref_max;
        if (gap > best) {
            best = gap;
            if (best_axis) *best_axis = axis;
            if (best > stop) return best;
        }
    }
    return best;
}

// Nearest vertex-to-edge pair between a and b, both ways. Fills points and features.
static double nearest_pair(const McPoly *a, const McPoly *b, McVec2 *pa, McVec2 *pb,
                           McFeature *fa, McFeature *fb) {
    double best = INFINITY;
    mc_work_add(2 * (uint64_t)a->count * (uint64_t)b->count);
    for (int pass = 0; pass < 2; pass++) {
        const McPoly *vp = pass == 0 ? a : b, *ep = pass == 0 ? b : a;
        for (int i = 0; i < vp->count; i++) {
            McVec2 v = vp->v[i];
            for (int j = 0; j < ep->count; j++) {
                int k = next_index(j, ep->count);
                McVec2 p = ep->v[j], q = ep->v[k];
                double t = segment_param(p, q, v);
                McVec2 c = t == 0.0 ? p : (t == 1.0 ? q : mc_vec2_lerp(p, q, t));
                double d = mc_vec2_distance(v, c);
                if (!(d < best)) continue;
                best = d;
                McFeature fv = {MC_FEATURE_VERTEX, i}, fe = {MC_FEATURE_EDGE, j};
                // A foot within the slop of an edge end is that corner: corner to corner.
                if (mc_vec2_near(c, p)) fe.kind = MC_FEATURE_VERTEX;
                else if (mc_vec2_near(c, q)) fe.kind = MC_FEATURE_VERTEX, fe.index = k;
                if (pass == 0) {
                    *pa = v, *pb = c, *fa = fv, *fb = fe;
                } else {
                    *pb = v, *pa = c, *fb = fv, *fa = fe;
                }
            }
        }
    }
    return best;
}

// mc_poly_sat_separation, stopping once the value is known to be above `stop` (+INFINITY: never).
static double sat_separation(const McPoly *a, const McPoly *b, McVec2 *axis, double stop) {
    McVec2 ax = {0.0, 1.0}, bx = {0.0, 1.0};
    if (!a || !b || a->count <= 0 || b->count <= 0) {
        if (axis) *axis = ax;
        return EMPTY_SEPARATION;
    }
    // Every edge of both projects every vertex of both.
    uint64_t both = (uint64_t)a->count + (uint64_t)b->count;
    mc_work_add(both * both);
    McVec2 origin = b->v[0];
    McVec2 ra[MC_POLY_CAPACITY], rb[MC_POLY_CAPACITY];
    relative_to(a, origin, ra);
    relative_to(b, origin, rb);
    // Along b's outward normals a is "other"; along a's outward normals the gap from b to a is
    // measured with the axis reversed.
    double gb = max_gap_over_edges(b, rb, ra, a->count, stop, &bx);
    if (gb > stop) return gb;
    double ga = max_gap_over_edges(a, ra, rb, b->count, stop, &ax);
    if (ga > stop) return ga;
    if (gb == -INFINITY && ga == -INFINITY) {
        // Both are single points (all edges zero length): their distance is the separation.
        McVec2 pa, pb;
        McFeature fa, fb;
        double d = nearest_pair(a, b, &pa, &pb, &fa, &fb);
        if (axis) *axis = d > 0.0 ? mc_vec2_normalize(mc_vec2_sub(pa, pb)) : ax;
        return d;
    }
    if (gb >= ga) {
        if (axis) *axis = bx;
        return gb;
    }
    if (axis) *axis = mc_vec2_neg(ax);
    return ga;
}

double mc_poly_sat_separation(const McPoly *a, const McPoly *b, McVec2 *axis) {
    return sat_separation(a, b, axis, INFINITY);
}

double mc_poly_sat_separation_until(const McPoly *a, const McPoly *b, double stop) {
    return sat_separation(a, b, NULL, stop);
}

// The deepest vertex of `p` along direction `dir` (smallest projection), lowest index on ties.
static int support_min(const McPoly *p, McVec2 dir) {
    int best = 0;
    double bd = INFINITY;
    for (int i = 0; i < p->count; i++) {
        double d = mc_vec2_dot(mc_vec2_sub(p->v[i], p->v[0]), dir);
        if (d < bd) {
            bd = d;
            best = i;
        }
    }
    return best;
}

// The fields mc_poly_contact sets before it looks at the polygons.
static void contact_start(McContact *c) {
    c->flush = false;
    c->normal = mc_vec2(0.0, 1.0);
    c->feature_a.kind = c->feature_b.kind = MC_FEATURE_VERTEX;
    c->feature_a.index = c->feature_b.index = -1;
    c->point_a = c->point_b = c->point = c->shared_from = c->shared_to = mc_vec2(0.0, 0.0);
}

void mc_contact_none(McContact *out) {
    contact_start(out);
    out->state = MC_CONTACT_SEPARATED;
    out->separation = EMPTY_SEPARATION;
}

MC_FOR_SIZE McContactState mc_poly_contact(const McPoly *a, const McPoly *b, McContact *out) {
    if (!a || !b || a->count <= 0 || b->count <= 0) {
        mc_contact_none(out);
        return out->state;
    }
    McContact c;
    contact_start(&c);
    McVec2 axis;
    double sep = mc_poly_sat_separation(a, b, &axis);
    c.normal = axis;
    if (sep >= -SLOP) {
        double dist = nearest_pair(a, b, &c.point_a, &c.point_b, &c.feature_a, &c.feature_b);
        if (sep > 0.0) {
            c.separation = dist;
            c.state = dist <= SLOP ? MC_CONTACT_TOUCHING : MC_CONTACT_SEPARATED;
            if (dist > SLOP) c.normal = mc_vec2_scale(mc_vec2_sub(c.point_a, c.point_b), 1.0 / dist);
        } else {
            c.separation = sep;
            c.state = MC_CONTACT_TOUCHING;
        }
        c.point = mc_vec2_lerp(c.point_a, c.point_b, 0.5);
        c.shared_from = c.shared_to = c.point;
        if (c.state == MC_CONTACT_TOUCHING) {
            // Flush: the longest stretch where an edge of a lies on an antiparallel edge of b.
            double best = 0.0;
            for (int j = 0; j < b->count; j++) {
                McVec2 q0 = b->v[j], q1 = b->v[next_index(j, b->count)];
                for (int i = 0; i < a->count; i++) {
                    McVec2 p0 = a->v[i], p1 = a->v[next_index(i, a->count)];
                    if (!(mc_vec2_dot(mc_vec2_sub(p1, p0), mc_vec2_sub(q1, q0)) < 0.0)) continue;
                    McVec2 from, to;
                    double len = shared_stretch(q0, q1, p0, p1, SLOP, &from, &to);
                    if (len > best) {
                        best = len;
                        c.flush = true;
                        c.feature_a.kind = c.feature_b.kind = MC_FEATURE_EDGE;
                        c.feature_a.index = i;
                        c.feature_b.index = j;
                        c.shared_from = from;
                        c.shared_to = to;
                        c.normal = mc_vec2_normalize(mc_vec2_perp_right(mc_vec2_sub(q1, q0)));
                    }
                }
            }
            if (c.flush) {
                c.point = mc_vec2_lerp(c.shared_from, c.shared_to, 0.5);
                c.point_b = c.point;
                c.point_a = mc_segment_closest_point(a->v[c.feature_a.index],
                                                     a->v[next_index(c.feature_a.index, a->count)],
                                                     c.point);
            } else if (c.feature_b.kind == MC_FEATURE_EDGE) {
                int j = c.feature_b.index;
                c.normal = mc_vec2_normalize(
                    mc_vec2_perp_right(mc_vec2_sub(b->v[next_index(j, b->count)], b->v[j])));
            } else if (c.feature_a.kind == MC_FEATURE_EDGE) {
                int i = c.feature_a.index;
                c.normal = mc_vec2_normalize(
                    mc_vec2_perp_left(mc_vec2_sub(a->v[next_index(i, a->count)], a->v[i])));
            }
            if (c.normal.x == 0.0 && c.normal.y == 0.0) c.normal = axis;
        }
    } else {
        // Overlapping: report the separating direction and a's deepest vertex against it.
        c.separation = sep;
        c.state = MC_CONTACT_OVERLAPPING;
        int i = support_min(a, axis);
        c.feature_a.kind = MC_FEATURE_VERTEX;
        c.feature_a.index = i;
        c.feature_b.kind = MC_FEATURE_EDGE;
        c.feature_b.index = -1;
        c.point_a = a->v[i];
        c.point_b = mc_vec2_mul_add(a->v[i], -sep, axis);
        c.point = mc_vec2_lerp(c.point_a, c.point_b, 0.5);
        c.shared_from = c.shared_to = c.point;
    }
    *out = c;
    return c.state;
}

McContactState mc_poly_overlap(const McPoly *a, const McPoly *b, double *separation) {
    if (!a || !b || a->count <= 0 || b->count <= 0) {
        if (separation) *separation = EMPTY_SEPARATION;
        return MC_CONTACT_SEPARATED;
    }
    // Any separation above 0 is replaced by the distance below: its value is not needed.
    double sep = mc_poly_sat_separation_until(a, b, 0.0);
    if (sep > 0.0) {
        McVec2 pa, pb;
        McFeature fa, fb;
        double dist = nearest_pair(a, b, &pa, &pb, &fa, &fb);
        if (separation) *separation = dist;
        return dist <= SLOP ? MC_CONTACT_TOUCHING : MC_CONTACT_SEPARATED;
    }
    if (separation) *separation = sep;
    return sep >= -SLOP ? MC_CONTACT_TOUCHING : MC_CONTACT_OVERLAPPING;
}

double mc_poly_distance(const McPoly *a, const McPoly *b) {
    double sep;
    mc_poly_overlap(a, b, &sep);
    return sep > 0.0 ? sep : 0.0;
}

MC_FOR_SIZE McContactState mc_poly_classify_point(const McPoly *poly, McVec2 p) {
    if (!poly || poly->count <= 0) return MC_CONTACT_SEPARATED;
    int n = poly->count;
    double boundary = INFINITY;
    for (int i = 0; i < n; i++) {
        double d = mc_segment_distance(poly->v[i], poly->v[next_index(i, n)], p);
        if (d < boundary) boundary = d;
    }
    if (boundary <= SLOP) return MC_CONTACT_TOUCHING;
    if (n < 3 || !(mc_poly_area(poly) > 0.0)) return MC_CONTACT_SEPARATED;
    // Farther than the slop from the boundary: inside iff on the inner side of every edge.
    for (int i = 0; i < n; i++) {
        McVec2 e = mc_vec2_sub(poly->v[next_index(i, n)], poly->v[i]);
        if (mc_vec2_cross(e, mc_vec2_sub(p, poly->v[i])) < 0.0) return MC_CONTACT_SEPARATED;
    }
    return MC_CONTACT_OVERLAPPING;
}
