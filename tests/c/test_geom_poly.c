// Rectangles, convex polygons, contact states, segments and convex decomposition
// (src/geom/poly.h). Every expected value is worked out by hand in the comment next to it.
#include <stdint.h>

#include "geom/geom.h"
#include "mctest.h"

#define SLOP MC_LINEAR_SLOP

static uint64_t rng_state;

static bool vec_eq(McVec2 a, double x, double y) { return a.x == x && a.y == y; }

// ---- rectangles --------------------------------------------------------------------------------

MC_TEST(t_rect_corners, "rect: corners of a facing-0 rectangle are front-right, front-left, back-left, back-right") {
    // Centre (0,0), width 2 along the front, depth 1: front is y = +0.5.
    McRect r = {{0.0, 0.0}, 0.0, 2.0, 1.0};
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    MC_CHECK_INT(p.count, 4);
    MC_CHECK(vec_eq(p.v[MC_RECT_FRONT_RIGHT], 1.0, 0.5));
    MC_CHECK(vec_eq(p.v[MC_RECT_FRONT_LEFT], -1.0, 0.5));
    MC_CHECK(vec_eq(p.v[MC_RECT_BACK_LEFT], -1.0, -0.5));
    MC_CHECK(vec_eq(p.v[MC_RECT_BACK_RIGHT], 1.0, -0.5));
    MC_CHECK(mc_poly_area(&p) == 2.0); // CCW: positive area
}

MC_TEST(t_rect_facing_90, "rect: facing 90 puts the front towards +x and the right side towards -y") {
    // Forward (1,0), right (0,-1): front-right = c + 1·right + 0.5·forward = (10.5, 4).
    McRect r = {{10.0, 5.0}, 90.0, 2.0, 1.0};
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    MC_CHECK(vec_eq(p.v[0], 10.5, 4.0));
    MC_CHECK(vec_eq(p.v[1], 10.5, 6.0));
    MC_CHECK(vec_eq(p.v[2], 9.5, 6.0));
    MC_CHECK(vec_eq(p.v[3], 9.5, 4.0));
    MC_CHECK(mc_poly_area(&p) == 2.0);
    MC_CHECK(vec_eq(mc_rect_corner(r, MC_RECT_BACK_LEFT), 9.5, 6.0));
    // Facing 30: front-centre is centre + 0.5·(sin 30, cos 30) = (0.25, 0.5·√3/2).
    McRect r30 = {{0.0, 0.0}, 30.0, 0.0, 1.0};
    McVec2 fc = mc_rect_corner(r30, MC_RECT_FRONT_RIGHT);
    MC_CHECK(fc.x == 0.25 && fc.y == 0.5 * (sqrt(3.0) / 2.0));
}

MC_TEST(t_rect_frames, "rect: local and world frames round-trip and local y is forward") {
    McRect r = {{3.0, -2.0}, 90.0, 4.0, 2.0};
    McVec2 l = mc_rect_to_local(&r, mc_vec2(5.0, -2.0)); // 2 ahead of a unit facing +x
    MC_CHECK(vec_eq(l, 0.0, 2.0));
    l = mc_rect_to_local(&r, mc_vec2(3.0, -3.0)); // 1 to its right (-y)
    MC_CHECK(vec_eq(l, 1.0, 0.0));
    rng_state = 11;
    for (int i = 0; i < 1000; i++) {
        McRect q = {{mc_rng_range(&rng_state, -1e5, 1e5), mc_rng_range(&rng_state, -1e5, 1e5)}, mc_rng_range(&rng_state, 0, 360), 2, 1};
        McVec2 p = mc_vec2(q.centre.x + mc_rng_range(&rng_state, -5, 5), q.centre.y + mc_rng_range(&rng_state, -5, 5));
        McVec2 back = mc_rect_to_world(&q, mc_rect_to_local(&q, p));
        MC_CHECK(mc_vec2_distance(back, p) <= 1e-10);
    }
}

// ---- polygons ----------------------------------------------------------------------------------

MC_TEST(t_poly_from_points, "poly: building accepts convex input in either winding and rejects the rest") {
    McVec2 cw[4] = {{0, 0}, {0, 1}, {1, 1}, {1, 0}};
    McVec2 pv[MC_POLY_CAPACITY];
    McPoly p = {0, pv};
    MC_CHECK(mc_poly_from_points(&p, cw, 4));
    MC_CHECK(mc_poly_area(&p) == 1.0);
    McVec2 dart[4] = {{0, 0}, {2, 1}, {4, 0}, {2, 3}}; // (2,1) is a reflex vertex
    MC_CHECK(!mc_poly_from_points(&p, dart, 4));
    MC_CHECK_INT(p.count, 0);
    McVec2 line[3] = {{0, 0}, {1, 1}, {2, 2}};
    MC_CHECK(!mc_poly_from_points(&p, line, 3));
    McVec2 star[5] = {{0, 1}, {0.588, -0.809}, {-0.951, 0.309}, {0.951, 0.309}, {-0.588, -0.809}};
    MC_CHECK(!mc_poly_from_points(&p, star, 5)); // a pentagram turns left everywhere but winds twice
    McVec2 bad[3] = {{0, 0}, {1, 0}, {NAN, 1}};
    MC_CHECK(!mc_poly_from_points(&p, bad, 3));
    MC_CHECK(!mc_poly_from_points(&p, cw, 2));
    MC_CHECK(!mc_poly_from_points(&p, NULL, 4));
}

MC_TEST(t_poly_basics, "poly: area, box, translate and rotate") {
    McVec2 pv[4];
    McPoly p = mc_poly_box(0, 0, 2, 1, pv);
    McAabb b = mc_poly_aabb(&p);
    MC_CHECK(vec_eq(b.lo, 0, 0) && vec_eq(b.hi, 2, 1));
    McVec2 qv[MC_POLY_CAPACITY];
    McPoly q = {0, qv};
    q = mc_poly_translate(&p, mc_vec2(1, -1), q.v);
    MC_CHECK(vec_eq(q.v[2], 3, 0));
    // Clockwise 90° about the origin maps (x, y) to (y, -x): (2,1) → (1,-2).
    q = mc_poly_rotate(&p, mc_vec2(0, 0), 90.0, q.v);
    MC_CHECK(vec_eq(q.v[2], 1, -2));
    MC_CHECK(mc_poly_area(&q) == 2.0);
    McVec2 emptyv[MC_POLY_CAPACITY];
    McPoly empty = {0, emptyv};
    empty.count = 0;
    MC_CHECK(mc_poly_area(&empty) == 0.0);
}

MC_TEST(t_classify_point, "poly: a point is inside, on the boundary within the slop, or outside") {
    McVec2 pv[4];
    McPoly p = mc_poly_box(0, 0, 1, 1, pv);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(0.5, 0.5)), MC_CONTACT_OVERLAPPING);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0, 0.5)), MC_CONTACT_TOUCHING);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0 + 0.5e-6, 0.5)), MC_CONTACT_TOUCHING);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0 - 0.5e-6, 0.5)), MC_CONTACT_TOUCHING);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0 + 2e-6, 0.5)), MC_CONTACT_SEPARATED);
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0 - 2e-6, 0.5)), MC_CONTACT_OVERLAPPING);
    // Near a corner the Euclidean distance counts: (1+8e-7, 1+8e-7) is 1.13e-6 from (1,1).
    MC_CHECK_INT(mc_poly_classify_point(&p, mc_vec2(1.0 + 8e-7, 1.0 + 8e-7)), MC_CONTACT_SEPARATED);
}

// ---- contact -----------------------------------------------------------------------------------

MC_TEST(t_flush, "contact: squares sharing a side touch flush along the whole side") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(c.flush);
    MC_CHECK_INT(c.feature_a.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(c.feature_a.index, 1); // a's right side (1,0)→(1,1)
    MC_CHECK_INT(c.feature_b.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(c.feature_b.index, 3); // b's left side (1,1)→(1,0)
    MC_CHECK(c.normal.x == -1.0 && c.normal.y == 0.0); // from b (right) towards a (left)
    MC_CHECK(vec_eq(c.point, 1.0, 0.5));
    MC_CHECK_NEAR(mc_vec2_distance(c.shared_from, c.shared_to), 1.0, 1e-15);
    MC_CHECK(c.separation == 0.0);
    MC_CHECK(mc_poly_distance(&a, &b) == 0.0);
}

MC_TEST(t_partial_flush, "contact: offset squares share only the overlapping stretch of their sides") {
    // b is shifted up by 0.75: the shared stretch of x = 1 is y in [0.75, 1].
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0.75, 2, 1.75, bv);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(c.flush);
    MC_CHECK(vec_eq(c.point, 1.0, 0.875));
    double lo = c.shared_from.y < c.shared_to.y ? c.shared_from.y : c.shared_to.y;
    double hi = c.shared_from.y < c.shared_to.y ? c.shared_to.y : c.shared_from.y;
    MC_CHECK(lo == 0.75 && hi == 1.0);
}

MC_TEST(t_touch_thresholds, "contact: a gap or overlap up to the slop is touching, beyond it is not") {
    McVec2 av[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av);
    double s;
    McVec2 bv[4];
    McPoly b = mc_poly_box(1 + 0.5e-6, 0, 2, 1, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_TOUCHING);
    MC_CHECK_NEAR(s, 0.5e-6, 1e-15);
    b = mc_poly_box(1 + 2e-6, 0, 2, 1, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_SEPARATED);
    MC_CHECK_NEAR(s, 2e-6, 1e-15);
    b = mc_poly_box(1 - 0.5e-6, 0, 2, 1, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_TOUCHING);
    MC_CHECK_NEAR(s, -0.5e-6, 1e-15);
    b = mc_poly_box(1 - 2e-6, 0, 2, 1, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_OVERLAPPING);
    MC_CHECK_NEAR(s, -2e-6, 1e-15);
    // Deep overlap: the shortest way out of a 1x1 square 0.25 into another is 0.25.
    b = mc_poly_box(0.75, 0.1, 2, 0.9, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_OVERLAPPING);
    MC_CHECK_NEAR(s, -0.25, 1e-15);
    McContact c;
    mc_poly_contact(&a, &b, &c);
    MC_CHECK(c.normal.x == -1.0 && c.normal.y == 0.0);
}

MC_TEST(t_corner_on_corner, "contact: squares meeting only at a corner touch corner to corner") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 1, 2, 2, bv);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(!c.flush);
    MC_CHECK_INT(c.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(c.feature_a.index, 2);
    MC_CHECK_INT(c.feature_b.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(c.feature_b.index, 0);
    MC_CHECK(vec_eq(c.point, 1, 1));
    // Offset diagonally by 1e-6·(1,1): the gap is √2·1e-6 > slop.
    McVec2 farv[4];
    McPoly far = mc_poly_box(1 + 1e-6, 1 + 1e-6, 2, 2, farv);
    MC_CHECK_INT(mc_poly_overlap(&a, &far, NULL), MC_CONTACT_SEPARATED);
}

MC_TEST(t_corner_on_edge, "contact: a diamond's corner resting on a square's top side") {
    McVec2 sqv[4];
    McPoly sq = mc_poly_box(0, 0, 2, 1, sqv);
    McVec2 d[4] = {{1, 1}, {2, 2}, {1, 3}, {0, 2}};
    McVec2 diav[MC_POLY_CAPACITY];
    McPoly dia = {0, diav};
    MC_CHECK(mc_poly_from_points(&dia, d, 4));
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&dia, &sq, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(!c.flush);
    MC_CHECK_INT(c.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK(vec_eq(dia.v[c.feature_a.index], 1, 1));
    MC_CHECK_INT(c.feature_b.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(c.feature_b.index, 2); // (2,1)→(0,1)
    MC_CHECK(vec_eq(c.point, 1, 1));
    MC_CHECK(c.normal.x == 0.0 && c.normal.y == 1.0);
}

MC_TEST(t_distance, "contact: distance between separated polygons is the nearest corner-to-corner or corner-to-side gap") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(4, 5, 5, 6, bv);
    MC_CHECK(mc_poly_distance(&a, &b) == 5.0); // (1,1) to (4,5): a 3-4-5 triangle
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_SEPARATED);
    MC_CHECK(vec_eq(c.point_a, 1, 1) && vec_eq(c.point_b, 4, 5));
    MC_CHECK_NEAR(c.normal.x, -0.6, 1e-15);
    MC_CHECK_NEAR(c.normal.y, -0.8, 1e-15);
    // Corner to side: a's top side y = 1 faces s's bottom side y = 3 over x in [0.5, 1]: gap 2.
    McVec2 sv[4];
    McPoly s = mc_poly_box(0.5, 3, 3, 4, sv);
    MC_CHECK(mc_poly_distance(&a, &s) == 2.0);
    // Spacing check as a rule would write it: exactly 1 inch apart.
    McVec2 inchv[4];
    McPoly inch = mc_poly_box(2, 0, 3, 1, inchv);
    MC_CHECK(fabs(mc_poly_distance(&a, &inch) - 1.0) <= MC_LINEAR_SLOP);
}

MC_TEST(t_large_coords, "contact: the same answers at |x| ~ 1e5") {
    double o = 1e5;
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(o, -o, o + 1, -o + 1, av), b = mc_poly_box(o + 1, -o, o + 2, -o + 1, bv);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(c.flush);
    b = mc_poly_box(o + 1 + 2e-6, -o, o + 2, -o + 1, bv);
    double s;
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_SEPARATED);
    MC_CHECK_NEAR(s, 2e-6, 1e-10); // 1e5 + 1 + 2e-6 is stored to within 1e-11
    b = mc_poly_box(o + 1 - 2e-6, -o, o + 2, -o + 1, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, &s), MC_CONTACT_OVERLAPPING);
    // Rotated rectangles far from the origin: facing 90 and 270 units back to back.
    McRect r1 = {{o, o}, 90.0, 2.0, 1.0}, r2 = {{o - 1.0, o}, 270.0, 2.0, 1.0};
    McVec2 p1v[4], p2v[4];
    McPoly p1 = mc_rect_to_poly(&r1, p1v), p2 = mc_rect_to_poly(&r2, p2v);
    MC_CHECK_INT(mc_poly_contact(&p1, &p2, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(c.flush);
    MC_CHECK_INT(c.feature_a.index, MC_RECT_EDGE_BACK);
    MC_CHECK_INT(c.feature_b.index, MC_RECT_EDGE_BACK);
}

MC_TEST(t_small_coords, "contact: the same answers for millimetre-sized shapes near the origin") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1e-3, 1e-3, av), b = mc_poly_box(1e-3, 0, 2e-3, 1e-3, bv);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&a, &b, &c), MC_CONTACT_TOUCHING);
    MC_CHECK(c.flush);
    b = mc_poly_box(1e-3 + 5e-6, 0, 2e-3, 1e-3, bv);
    MC_CHECK_INT(mc_poly_overlap(&a, &b, NULL), MC_CONTACT_SEPARATED);
    MC_CHECK_NEAR(mc_poly_distance(&a, &b), 5e-6, 1e-18);
}

MC_TEST(t_degenerate_polys, "contact: empty, point and zero-area polygons never crash") {
    McVec2 sqv[4], ptv[1], segv[2];
    McPoly empty = {0, NULL}, pt = {0, ptv}, seg = {0, segv}, sq = mc_poly_box(0, 0, 1, 1, sqv);
    pt.count = 1;
    pt.v[0] = mc_vec2(1, 0.5);
    seg.count = 2;
    seg.v[0] = mc_vec2(2, 0);
    seg.v[1] = mc_vec2(2, 1);
    McContact c;
    MC_CHECK_INT(mc_poly_contact(&empty, &sq, &c), MC_CONTACT_SEPARATED);
    MC_CHECK_INT(mc_poly_overlap(&pt, &sq, NULL), MC_CONTACT_TOUCHING);
    MC_CHECK(mc_poly_distance(&seg, &sq) == 1.0);
    McVec2 dupv[4];
    McPoly dup = mc_poly_box(0, 0, 0, 0, dupv); // four copies of one point
    MC_CHECK(mc_poly_distance(&dup, &sq) == 0.0);
    MC_CHECK(mc_poly_distance(&dup, &seg) == 2.0);
}

MC_TEST(t_random_overlap_symmetry, "contact: property: state is symmetric and matches vertex containment") {
    rng_state = 12;
    for (int i = 0; i < 5000; i++) {
        McRect ra = {{mc_rng_range(&rng_state, -3, 3), mc_rng_range(&rng_state, -3, 3)}, mc_rng_range(&rng_state, 0, 360), mc_rng_range(&rng_state, 0.5, 3), mc_rng_range(&rng_state, 0.5, 2)};
        McRect rb = {{mc_rng_range(&rng_state, -3, 3), mc_rng_range(&rng_state, -3, 3)}, mc_rng_range(&rng_state, 0, 360), mc_rng_range(&rng_state, 0.5, 3), mc_rng_range(&rng_state, 0.5, 2)};
        McVec2 av[4], bv[4];
        McPoly a = mc_rect_to_poly(&ra, av), b = mc_rect_to_poly(&rb, bv);
        double sab, sba;
        McContactState ab = mc_poly_overlap(&a, &b, &sab), ba = mc_poly_overlap(&b, &a, &sba);
        MC_CHECK_INT(ab, ba);
        MC_CHECK_NEAR(sab, sba, 1e-12);
        // A vertex deep inside the other shape means overlap.
        for (int k = 0; k < 4; k++)
            if (mc_poly_classify_point(&b, a.v[k]) == MC_CONTACT_OVERLAPPING)
                MC_CHECK(ab == MC_CONTACT_OVERLAPPING);
        // Moving a out along the reported normal by the depth leaves them touching.
        if (ab == MC_CONTACT_OVERLAPPING) {
            McContact c;
            mc_poly_contact(&a, &b, &c);
            McVec2 movedv[MC_POLY_CAPACITY];
            McPoly moved = {0, movedv};
            moved = mc_poly_translate(&a, mc_vec2_scale(c.normal, -c.separation), moved.v);
            MC_CHECK_INT(mc_poly_overlap(&moved, &b, NULL), MC_CONTACT_TOUCHING);
        }
    }
}

// ---- segments ----------------------------------------------------------------------------------

MC_TEST(t_segments, "segment: crossing, touching, collinear overlap and disjoint") {
    McVec2 at, end;
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 2), mc_vec2(0, 2), mc_vec2(2, 0), &at, &end),
                 MC_SEGMENTS_POINT);
    MC_CHECK(vec_eq(at, 1, 1));
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(1, 0), mc_vec2(1, 1), &at, NULL),
                 MC_SEGMENTS_POINT); // T junction
    MC_CHECK(vec_eq(at, 1, 0));
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(3, 0), mc_vec2(1, 0), &at, &end),
                 MC_SEGMENTS_OVERLAP);
    MC_CHECK((vec_eq(at, 1, 0) && vec_eq(end, 2, 0)) || (vec_eq(at, 2, 0) && vec_eq(end, 1, 0)));
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(1, 0), mc_vec2(1, 0), mc_vec2(2, 0), &at, NULL),
                 MC_SEGMENTS_POINT); // end to end on one line: no shared stretch
    MC_CHECK(vec_eq(at, 1, 0));
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(0, 1e-5), mc_vec2(2, 1e-5), NULL, NULL),
                 MC_SEGMENTS_DISJOINT);
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(0, 5e-7), mc_vec2(2, 5e-7), NULL, NULL),
                 MC_SEGMENTS_OVERLAP);
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(1, 0), mc_vec2(3, -1), mc_vec2(3, 1), NULL, NULL),
                 MC_SEGMENTS_DISJOINT);
    // A zero-length segment lying on the other acts as a point.
    MC_CHECK_INT(mc_segment_intersect(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(1, 0), mc_vec2(1, 0), &at, NULL),
                 MC_SEGMENTS_POINT);
    MC_CHECK(vec_eq(at, 1, 0));
    MC_CHECK(mc_segment_distance(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(3, 4)) == sqrt(17.0));
    MC_CHECK(vec_eq(mc_segment_closest_point(mc_vec2(0, 0), mc_vec2(2, 0), mc_vec2(1, 4)), 1, 0));
}

// ---- decomposition -----------------------------------------------------------------------------

static bool parts_cover(const McPoly *parts, int n, McVec2 p) {
    for (int i = 0; i < n; i++)
        if (mc_poly_classify_point(&parts[i], p) != MC_CONTACT_SEPARATED) return true;
    return false;
}

// Point in simple polygon by crossing number (test oracle, independent of the library).
static bool in_simple(const McVec2 *v, int n, McVec2 p) {
    bool in = false;
    for (int i = 0, j = n - 1; i < n; j = i++) {
        if ((v[i].y > p.y) != (v[j].y > p.y) &&
            p.x < (v[j].x - v[i].x) * (p.y - v[i].y) / (v[j].y - v[i].y) + v[i].x)
            in = !in;
    }
    return in;
}

static void check_parts(const McPoly *parts, int n, double area) {
    double sum = 0.0;
    for (int i = 0; i < n; i++) {
        McVec2 copyv[MC_POLY_CAPACITY];
        McPoly copy = {0, copyv};
        MC_CHECK(mc_poly_from_points(&copy, parts[i].v, parts[i].count)); // convex
        MC_CHECK(mc_poly_area(&parts[i]) > 0.0);                           // CCW
        sum += mc_poly_area(&parts[i]);
    }
    MC_CHECK_NEAR(sum, area, 1e-9 * (area > 1 ? area : 1));
}

MC_TEST(t_decompose_convex, "decompose: a convex polygon comes back as one part") {
    McVec2 sq[5] = {{0, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}}; // (1,0) lies on the bottom side
    McPoly out[8];
    McVec2 outv[MC_DECOMPOSE_VERTICES(MC_MAX_POLYGON_VERTICES)];
    int n = -1;
    MC_CHECK_INT(mc_poly_decompose(sq, 5, out, 8, outv, &n), MC_DECOMPOSE_OK);
    MC_CHECK_INT(n, 1);
    MC_CHECK_INT(out[0].count, 4);
    MC_CHECK(mc_poly_area(&out[0]) == 4.0);
}

MC_TEST(t_decompose_l_shape, "decompose: an L shape splits into two convex parts covering it") {
    McVec2 l[6] = {{0, 0}, {2, 0}, {2, 1}, {1, 1}, {1, 2}, {0, 2}};
    McPoly out[8];
    McVec2 outv[MC_DECOMPOSE_VERTICES(MC_MAX_POLYGON_VERTICES)];
    int n = 0;
    MC_CHECK_INT(mc_poly_decompose(l, 6, out, 8, outv, &n), MC_DECOMPOSE_OK);
    MC_CHECK_INT(n, 2); // the reflex corner (1,1) needs exactly one cut
    check_parts(out, n, 3.0);
    // Clockwise input with a closing duplicate gives the same area.
    McVec2 cw[7] = {{0, 0}, {0, 2}, {1, 2}, {1, 1}, {2, 1}, {2, 0}, {0, 0}};
    MC_CHECK_INT(mc_poly_decompose(cw, 7, out, 8, outv, &n), MC_DECOMPOSE_OK);
    MC_CHECK_INT(n, 2);
    check_parts(out, n, 3.0);
    MC_CHECK_INT(mc_poly_decompose(l, 6, out, 1, outv, &n), MC_DECOMPOSE_OUT_OF_SPACE);
    MC_CHECK_INT(n, 2);
}

MC_TEST(t_decompose_invalid, "decompose: self-intersecting, degenerate and oversized input is reported") {
    McPoly out[70];
    McVec2 outv[MC_DECOMPOSE_VERTICES(MC_MAX_POLYGON_VERTICES)];
    int n;
    McVec2 bow[4] = {{0, 0}, {2, 2}, {2, 0}, {0, 2}};
    MC_CHECK_INT(mc_poly_decompose(bow, 4, out, 70, outv, &n), MC_DECOMPOSE_SELF_INTERSECTING);
    MC_CHECK_INT(n, 0);
    McVec2 dup[5] = {{0, 0}, {1, 0}, {1, 0}, {1, 1}, {0, 1}};
    MC_CHECK_INT(mc_poly_decompose(dup, 5, out, 70, outv, &n), MC_DECOMPOSE_DEGENERATE);
    McVec2 line[3] = {{0, 0}, {1, 0}, {2, 0}};
    MC_CHECK_INT(mc_poly_decompose(line, 3, out, 70, outv, &n), MC_DECOMPOSE_DEGENERATE);
    McVec2 spike[5] = {{0, 0}, {2, 0}, {2, 1}, {3, 1}, {0, 1}}; // (3,1) doubles back along y = 1
    MC_CHECK_INT(mc_poly_decompose(spike, 5, out, 70, outv, &n), MC_DECOMPOSE_DEGENERATE);
    McVec2 touch[6] = {{0, 0}, {4, 0}, {4, 2}, {2, 0.0000001}, {0, 2}, {0, 1}}; // a vertex on a side
    MC_CHECK_INT(mc_poly_decompose(touch, 6, out, 70, outv, &n), MC_DECOMPOSE_SELF_INTERSECTING);
    MC_CHECK_INT(mc_poly_decompose(line, 2, out, 70, outv, &n), MC_DECOMPOSE_TOO_FEW_VERTICES);
    McVec2 nan[3] = {{0, 0}, {1, 0}, {INFINITY, 1}};
    MC_CHECK_INT(mc_poly_decompose(nan, 3, out, 70, outv, &n), MC_DECOMPOSE_NOT_FINITE);
    McVec2 many[65];
    for (int i = 0; i < 65; i++) {
        double s, c;
        mc_trig_sincos_deg(360.0 * i / 65.0, &s, &c);
        many[i] = mc_vec2(c, s);
    }
    MC_CHECK_INT(mc_poly_decompose(many, 65, out, 70, outv, &n), MC_DECOMPOSE_TOO_MANY_VERTICES);
    MC_CHECK_INT(mc_poly_decompose(many, 64, out, 70, outv, &n), MC_DECOMPOSE_OK);
    MC_CHECK_INT(n, 1);
}

MC_TEST(t_decompose_random, "decompose: property: random star-shaped polygons split into convex parts that cover them") {
    rng_state = 13;
    McVec2 v[MC_MAX_POLYGON_VERTICES];
    McPoly out[MC_MAX_POLYGON_VERTICES];
    McVec2 outv[MC_DECOMPOSE_VERTICES(MC_MAX_POLYGON_VERTICES)];
    for (int iter = 0; iter < 500; iter++) {
        int n = 3 + (int)(mc_rng_unit(&rng_state) * 40);
        // Star-shaped about the centre: increasing angles, random radii → simple.
        double cx = mc_rng_range(&rng_state, -1e5, 1e5) * (iter % 2), cy = mc_rng_range(&rng_state, -1e5, 1e5) * (iter % 2);
        for (int i = 0; i < n; i++) {
            double s, c, r = mc_rng_range(&rng_state, 0.3, 3.0);
            mc_trig_sincos_deg((i + mc_rng_range(&rng_state, 0.1, 0.9)) * 360.0 / n, &s, &c);
            v[i] = mc_vec2(cx + r * c, cy + r * s);
        }
        int parts = 0;
        McDecomposeStatus st = mc_poly_decompose(v, n, out, MC_MAX_POLYGON_VERTICES, outv, &parts);
        if (st != MC_DECOMPOSE_OK) {
            // Only a vertex within the slop of another side could be refused; the radii make
            // that essentially impossible, so any refusal is a failure.
            MC_CHECK_INT(st, MC_DECOMPOSE_OK);
            continue;
        }
        MC_CHECK(parts >= 1 && parts <= n - 2);
        McVec2 wholev[MC_POLY_CAPACITY];
        McPoly whole = {0, wholev};
        whole.count = n;
        for (int i = 0; i < n; i++) whole.v[i] = v[i];
        check_parts(out, parts, mc_poly_area(&whole));
        for (int k = 0; k < 50; k++) {
            McVec2 p = mc_vec2(cx + mc_rng_range(&rng_state, -3, 3), cy + mc_rng_range(&rng_state, -3, 3));
            bool inside = in_simple(v, n, p), covered = parts_cover(out, parts, p);
            // Points more than the slop from the boundary must agree exactly.
            double edge = INFINITY;
            for (int i = 0; i < n; i++) {
                double d = mc_segment_distance(v[i], v[(i + 1) % n], p);
                if (d < edge) edge = d;
            }
            if (edge > 1e-6) MC_CHECK(inside == covered);
        }
    }
}

MC_TEST(poly_box_ccw, "poly: mc_poly_box is counter-clockwise with the area of its sides") {
    McVec2 bv[4];
    McPoly b = mc_poly_box(-1, 2, 3, 2.5, bv);
    MC_CHECK_INT(b.count, 4);
    MC_CHECK_NEAR(mc_poly_area(&b), 4 * 0.5, 0); // signed area positive: counter-clockwise
    MC_CHECK(b.v[0].x == -1 && b.v[0].y == 2 && b.v[2].x == 3 && b.v[2].y == 2.5);
}
