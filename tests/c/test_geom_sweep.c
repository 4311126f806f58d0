// Translation and rotation sweeps and the broad phase (src/geom/sweep.h, broadphase.h).
// Expected contact times are worked out by hand in the comments; the property tests check the
// contract (never end overlapping, end in contact on a hit, contact point on both shapes, broad
// phase a superset of brute force) on thousands of random cases from a fixed-seed generator.
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "geom/geom.h"
#include "mctest.h"

#define SLOP MC_LINEAR_SLOP

static uint64_t rng_state;
// Where the sweeps of these tests put the mover (McSweepHit.placed), read before the next sweep.
static McVec2 placed_room[MC_POLY_CAPACITY];

static McSweepInput input(const McPoly *mover, const McPoly *obs, int n) {
    McSweepInput in = {mover, obs, n, NULL, NULL, NULL, placed_room};
    return in;
}

static McSweepState translate(const McPoly *mover, const McPoly *obs, int n, McVec2 d, McSweepHit *h) {
    McSweepInput in = input(mover, obs, n);
    return mc_sweep_translate(&in, d, h);
}

static McSweepState rotate(const McPoly *mover, const McPoly *obs, int n, McVec2 pivot, double deg,
                           McSweepHit *h) {
    McSweepInput in = input(mover, obs, n);
    return mc_sweep_rotate(&in, pivot, deg, h);
}

static bool vec_eq(McVec2 a, double x, double y) { return a.x == x && a.y == y; }

// ---- translation: unit cases -------------------------------------------------------------------

// The area centroid of a polygon (the vertex average when it has no area): a direction to sweep
// one shape towards another.
static McVec2 centroid(const McPoly *poly) {
    McVec2 o = poly->v[0];
    double twice = 0.0, cx = 0.0, cy = 0.0;
    for (int i = 1; i + 1 < poly->count; i++) {
        McVec2 e1 = mc_vec2_sub(poly->v[i], o), e2 = mc_vec2_sub(poly->v[i + 1], o);
        double w = mc_vec2_cross(e1, e2);
        twice += w;
        cx += w * (e1.x + e2.x);
        cy += w * (e1.y + e2.y);
    }
    if (twice != 0.0) return mc_vec2(o.x + cx / (3.0 * twice), o.y + cy / (3.0 * twice));
    double sx = 0.0, sy = 0.0;
    for (int i = 0; i < poly->count; i++) {
        sx += poly->v[i].x - o.x;
        sy += poly->v[i].y - o.y;
    }
    return mc_vec2(o.x + sx / poly->count, o.y + sy / poly->count);
}

MC_TEST(t_tr_head_on, "sweep: a square moving at a square stops flush, in contact, not short") {
    // Gap 1 along a motion of 3: t = 1/3; the mover's right side lands on x = 2.
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(2, 0, 3, 1, bv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(3, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 1.0 / 3.0);
    MC_CHECK_INT(h.obstacle, 0);
    MC_CHECK_NEAR(h.placed.v[1].x, 2.0, 1e-15);
    MC_CHECK(h.contact.flush);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(h.contact.feature_a.index, 1);
    MC_CHECK_INT(h.contact.feature_b.index, 3);
    MC_CHECK_NEAR(h.contact.point.x, 2.0, 1e-15);
    MC_CHECK_NEAR(h.contact.point.y, 0.5, 1e-15);
    MC_CHECK_INT(mc_poly_overlap(&h.placed, &b, NULL), MC_CONTACT_TOUCHING);
    MC_CHECK(fabs(h.contact.separation) <= 1e-15);
}

MC_TEST(t_tr_exact_contact, "sweep: stopping distance is exact, with no slop left in the gap") {
    // Gap 0.5 along motion (1, 0): t = 0.5 exactly and the gap becomes exactly 0.
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1.5, -5, 2.5, 5, bv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(1, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.5);
    MC_CHECK(h.placed.v[1].x == 1.5);
    MC_CHECK(h.contact.separation == 0.0);
    // Exactly reaching the obstacle at the end of the motion is still a hit at t = 1.
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0.5, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0.5 + 2e-6, 0), &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.t, 0.5 / (0.5 + 2e-6), 1e-15);
}

MC_TEST(t_tr_touching_free, "sweep: touching but not overlapping: moving along or away is free") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv); // flush along x = 1
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0, 5), &h), MC_SWEEP_CLEAR);   // along
    MC_CHECK(h.t == 1.0 && vec_eq(h.placed.v[0], 0, 5));
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0, -0.3), &h), MC_SWEEP_CLEAR); // along, other way
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(-2, 0), &h), MC_SWEEP_CLEAR);   // away
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(-1, 3), &h), MC_SWEEP_CLEAR);   // away and along
}

MC_TEST(t_tr_touching_into, "sweep: starting in contact and moving into the obstacle is a collision at t = 0") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0.5, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.0);
    MC_CHECK(vec_eq(h.placed.v[0], 0, 0));
    MC_CHECK(h.contact.flush);
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0.5, 0.5), &h), MC_SWEEP_HIT); // into and along
    MC_CHECK(h.t == 0.0);
    // In contact across a gap of half the slop: the mover closes the gap and stops.
    McVec2 gv[4];
    McPoly g = mc_poly_box(1 + 0.5e-6, 0, 2, 1, gv);
    double gap = g.v[0].x - 1.0; // 1 + 0.5e-6 is not exact; this difference is (Sterbenz)
    MC_CHECK_INT(translate(&a, &g, 1, mc_vec2(1, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == gap);
    MC_CHECK(h.placed.v[1].x == g.v[0].x);
    // Overlapping by half the slop counts as touching, so it is not "starts overlapping".
    McVec2 ov[4];
    McPoly o = mc_poly_box(1 - 0.5e-6, 0, 2, 1, ov);
    MC_CHECK_INT(translate(&a, &o, 1, mc_vec2(1, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.0);
    MC_CHECK_INT(translate(&a, &o, 1, mc_vec2(0, 1), &h), MC_SWEEP_CLEAR);
}

MC_TEST(t_tr_corner_slide, "sweep: a corner sliding along an edge is free") {
    // A diamond standing on its bottom corner on the top of a long wall.
    McVec2 d[4] = {{1, 0}, {2, 1}, {1, 2}, {0, 1}};
    McVec2 wallv[4];
    McVec2 diav[MC_POLY_CAPACITY];
    McPoly dia = {0, diav}, wall = mc_poly_box(-10, -1, 10, 0, wallv);
    MC_CHECK(mc_poly_from_points(&dia, d, 4));
    McSweepHit h;
    MC_CHECK_INT(translate(&dia, &wall, 1, mc_vec2(5, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&dia, &wall, 1, mc_vec2(-5, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&dia, &wall, 1, mc_vec2(5, 0.1), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&dia, &wall, 1, mc_vec2(5, -0.1), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.0);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_b.kind, MC_FEATURE_EDGE);
    // Sliding off the end of the wall and past its corner is still free.
    MC_CHECK_INT(translate(&dia, &wall, 1, mc_vec2(20, 0), &h), MC_SWEEP_CLEAR);
}

MC_TEST(t_tr_corner_corner, "sweep: corner on corner: passing along the corner's line is free, heading into it stops there") {
    McVec2 av[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av);
    McSweepHit h;
    // b's bottom-left corner (2,1) is on the line of a's top side: a slides under b's bottom.
    McVec2 bv[4];
    McPoly b = mc_poly_box(2, 1, 3, 2, bv);
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(1, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(3, 0), &h), MC_SWEEP_CLEAR);
    // Heading diagonally: a's top-right corner (1,1) meets b's corner (2,2) at t = 1/2.
    McVec2 cv[4];
    McPoly c = mc_poly_box(2, 2, 3, 3, cv);
    MC_CHECK_INT(translate(&a, &c, 1, mc_vec2(2, 2), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.5);
    MC_CHECK(!h.contact.flush);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_a.index, 2);
    MC_CHECK_INT(h.contact.feature_b.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_b.index, 0);
    MC_CHECK(vec_eq(h.contact.point, 2, 2));
    // Up and right by (2, 0.5): x closes at t = 1/2 while y already overlaps; flush on x = 2
    // over y in [1, 1.25].
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(2, 0.5), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.5);
    MC_CHECK(h.contact.flush);
    double lo = fmin(h.contact.shared_from.y, h.contact.shared_to.y);
    double hi = fmax(h.contact.shared_from.y, h.contact.shared_to.y);
    MC_CHECK_NEAR(lo, 1.0, 1e-15);
    MC_CHECK_NEAR(hi, 1.25, 1e-15);
}

MC_TEST(t_tr_rotated_vertex, "sweep: a diamond's corner hits a wall at (3 - sqrt 2) / 10") {
    // A 2x2 square facing 45: its corners are sqrt(2) from the centre along the axes.
    McRect r = {{0, 0}, 45.0, 2.0, 2.0};
    McVec2 av[4], wallv[4];
    McPoly a = mc_rect_to_poly(&r, av), wall = mc_poly_box(3, -1, 4, 1, wallv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &wall, 1, mc_vec2(10, 0), &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.t, (3.0 - sqrt(2.0)) / 10.0, 1e-15);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_b.kind, MC_FEATURE_EDGE);
    MC_CHECK_NEAR(h.contact.point.x, 3.0, 1e-15);
    MC_CHECK_NEAR(h.contact.point.y, 0.0, 1e-15);
}

MC_TEST(t_tr_tunnel, "sweep: a thin obstacle cannot be jumped over in one long move") {
    McVec2 av[4], thinv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), thin = mc_poly_box(5, 0, 5.1, 1, thinv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &thin, 1, mc_vec2(10, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.4); // gap 4 over 10
}

MC_TEST(t_tr_many, "sweep: the earliest obstacle wins and ties go to the lowest index") {
    McVec2 av[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av);
    McVec2 ov[4][4];
    McPoly obs[4] = {mc_poly_box(6, 0, 7, 1, ov[0]), mc_poly_box(3, 0, 4, 0.5, ov[1]), mc_poly_box(3, 0.5, 4, 1, ov[2]),
                     mc_poly_box(0, 5, 1, 6, ov[3])};
    McSweepHit h;
    MC_CHECK_INT(translate(&a, obs, 4, mc_vec2(10, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.2);
    MC_CHECK_INT(h.obstacle, 1);
    unsigned char ignore[4] = {0, 1, 1, 0};
    McSweepInput in = {&a, obs, 4, NULL, ignore, NULL, placed_room};
    MC_CHECK_INT(mc_sweep_translate(&in, mc_vec2(10, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.5);
    MC_CHECK_INT(h.obstacle, 0);
}

MC_TEST(t_tr_start_overlap, "sweep: an obstacle already overlapping is reported, and can be ignored") {
    McVec2 av[4], ov[2][4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), obs[2] = {mc_poly_box(5, 0, 6, 1, ov[0]), mc_poly_box(0.5, 0.5, 2, 2, ov[1])};
    McSweepHit h;
    MC_CHECK_INT(translate(&a, obs, 2, mc_vec2(10, 0), &h), MC_SWEEP_STARTS_OVERLAPPING);
    MC_CHECK_INT(h.obstacle, 1);
    MC_CHECK(h.t == 0.0);
    MC_CHECK_INT(h.contact.state, MC_CONTACT_OVERLAPPING);
    unsigned char ignore[2] = {0, 1};
    McSweepInput in = {&a, obs, 2, NULL, ignore, NULL, placed_room};
    MC_CHECK_INT(mc_sweep_translate(&in, mc_vec2(10, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.4);
}

MC_TEST(t_tr_degenerate, "sweep: zero motion, empty sets and bad input never crash") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(0, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&a, NULL, 0, mc_vec2(1, 0), &h), MC_SWEEP_CLEAR);
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(NAN, 0), &h), MC_SWEEP_INVALID);
    MC_CHECK_INT(translate(&a, &b, -1, mc_vec2(1, 0), &h), MC_SWEEP_INVALID);
    McSweepInput in = {NULL, &b, 1, NULL, NULL, NULL, placed_room};
    MC_CHECK_INT(mc_sweep_translate(&in, mc_vec2(1, 0), &h), MC_SWEEP_INVALID);
    MC_CHECK_INT(mc_sweep_rotate(&in, mc_vec2(0, 0), 10, &h), MC_SWEEP_INVALID);
    // Zero-length edges in the mover (a repeated vertex) still sweep correctly.
    McVec2 repv[MC_POLY_CAPACITY];
    McPoly rep = {0, repv};
    rep.count = 5;
    rep.v[0] = mc_vec2(0, 0), rep.v[1] = mc_vec2(1, 0), rep.v[2] = mc_vec2(1, 0);
    rep.v[3] = mc_vec2(1, 1), rep.v[4] = mc_vec2(0, 1);
    McVec2 farv[4];
    McPoly far = mc_poly_box(3, 0, 4, 1, farv);
    MC_CHECK_INT(translate(&rep, &far, 1, mc_vec2(4, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.5);
    McVec2 ptv[MC_POLY_CAPACITY];
    McPoly pt = {0, ptv};
    pt.count = 1;
    pt.v[0] = mc_vec2(0, 0.5);
    MC_CHECK_INT(translate(&pt, &far, 1, mc_vec2(4, 0), &h), MC_SWEEP_HIT);
    MC_CHECK(h.t == 0.75);
}

MC_TEST(t_tr_large_small, "sweep: the same contact at |x| ~ 1e5 and at millimetre scale") {
    double o = 1e5;
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(o, -o, o + 1, -o + 1, av), b = mc_poly_box(o + 2, -o, o + 3, -o + 1, bv);
    McSweepHit h;
    MC_CHECK_INT(translate(&a, &b, 1, mc_vec2(3, 0), &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.t, 1.0 / 3.0, 1e-15);
    MC_CHECK_NEAR(h.placed.v[1].x, o + 2, 1e-10);
    MC_CHECK_INT(mc_poly_overlap(&h.placed, &b, NULL), MC_CONTACT_TOUCHING);
    MC_CHECK(h.contact.flush);
    McVec2 sv[4], tv[4];
    McPoly s = mc_poly_box(0, 0, 1e-3, 1e-3, sv), t = mc_poly_box(2e-3, 0, 3e-3, 1e-3, tv);
    MC_CHECK_INT(translate(&s, &t, 1, mc_vec2(3e-3, 0), &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.t, 1.0 / 3.0, 1e-12);
    MC_CHECK(h.contact.flush);
}

// ---- rotation: unit cases ----------------------------------------------------------------------

MC_TEST(t_rot_corner_hits_wall, "sweep: a square turning about its corner hits a wall when its far corner reaches it") {
    // Pivot (0,0); the far corner (1,1) is sqrt 2 away at bearing 45 and reaches x = 1.2 at
    // bearing asin(1.2 / sqrt 2): the turn is that minus 45 degrees.
    McVec2 av[4], wallv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), wall = mc_poly_box(1.2, -1, 2, 2, wallv);
    McSweepHit h;
    MC_CHECK_INT(rotate(&a, &wall, 1, mc_vec2(0, 0), 90.0, &h), MC_SWEEP_HIT);
    double want = asin(1.2 / sqrt(2.0)) * 180.0 / 3.14159265358979323846 - 45.0;
    MC_CHECK_NEAR(h.angle, want, 1e-12);
    MC_CHECK_NEAR(h.t, want / 90.0, 1e-12);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_a.index, 2);
    MC_CHECK_INT(h.contact.feature_b.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(h.contact.feature_b.index, 3);
    MC_CHECK_NEAR(h.contact.point.x, 1.2, 1e-12);
    MC_CHECK_NEAR(h.contact.point.y, sqrt(2.0 - 1.44), 1e-12);
    // Counter-clockwise the far corner swings away from the wall: free for the whole 90.
    MC_CHECK_INT(rotate(&a, &wall, 1, mc_vec2(0, 0), -90.0, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == -90.0 && h.t == 1.0);
    MC_CHECK(vec_eq(h.placed.v[2], -1, 1)); // (1,1) turned 90 counter-clockwise
}

MC_TEST(t_rot_obstacle_corner, "sweep: an obstacle's corner meets a turning bar's side (3-4-5 angle)") {
    // Bar [0,3]x[0,0.2] turning counter-clockwise about (0,0). The triangle's corner (1,1) meets
    // the bar's top side y = 0.2 where x = sqrt(2 - 0.04) = 1.4; the angle between (1,1) and
    // (1.4, 0.2) is atan2(1.2, 1.6) = atan(3/4).
    McVec2 barv[4];
    McPoly bar = mc_poly_box(0, 0, 3, 0.2, barv);
    McVec2 tv[3] = {{1, 1}, {2, 3}, {0, 3}};
    McVec2 triv[MC_POLY_CAPACITY];
    McPoly tri = {0, triv};
    MC_CHECK(mc_poly_from_points(&tri, tv, 3));
    McSweepHit h;
    MC_CHECK_INT(rotate(&bar, &tri, 1, mc_vec2(0, 0), -90.0, &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.angle, -atan(0.75) * 180.0 / 3.14159265358979323846, 1e-12);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_EDGE);
    MC_CHECK_INT(h.contact.feature_a.index, 2);
    MC_CHECK_INT(h.contact.feature_b.kind, MC_FEATURE_VERTEX);
    MC_CHECK(vec_eq(tri.v[h.contact.feature_b.index], 1, 1));
    MC_CHECK_NEAR(h.contact.point.x, 1.0, 1e-12);
    MC_CHECK_NEAR(h.contact.point.y, 1.0, 1e-12);
}

MC_TEST(t_rot_from_contact, "sweep: turning about a corner on a shared side: away is free, into is t = 0") {
    McVec2 av[4], bv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv);
    McSweepHit h;
    // About (1,0), clockwise moves a's corner (1,1) to x > 1: into b.
    MC_CHECK_INT(rotate(&a, &b, 1, mc_vec2(1, 0), 30.0, &h), MC_SWEEP_HIT);
    MC_CHECK(h.angle == 0.0 && h.t == 0.0);
    MC_CHECK(h.contact.flush);
    // Counter-clockwise: away; a ends as [0,1]x[-1,0], still touching b at the pivot only.
    MC_CHECK_INT(rotate(&a, &b, 1, mc_vec2(1, 0), -90.0, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == -90.0);
    McVec2 wantv[4];
    McPoly want = mc_poly_box(0, -1, 1, 0, wantv);
    for (int i = 0; i < 4; i++) {
        bool found = false;
        for (int k = 0; k < 4; k++) found = found || mc_vec2_near(h.placed.v[i], want.v[k]);
        MC_CHECK(found);
    }
    // About (0,0), clockwise: the corner (1,1) moves to x > 1 (into b), (1,0) moves back.
    MC_CHECK_INT(rotate(&a, &b, 1, mc_vec2(0, 0), 10.0, &h), MC_SWEEP_HIT);
    MC_CHECK(h.angle == 0.0);
}

MC_TEST(t_rot_tiny, "sweep: rotations of 1e-9 degrees") {
    McVec2 av[4], bv[4], farv[4];
    McPoly a = mc_poly_box(0, 0, 1, 1, av), b = mc_poly_box(1, 0, 2, 1, bv), far = mc_poly_box(3, 0, 4, 1, farv);
    McSweepHit h;
    // Into a flush neighbour by 1e-9 degrees: the corner moves about 2.5e-11, within the slop,
    // so it is not a collision.
    MC_CHECK_INT(rotate(&a, &b, 1, mc_vec2(0, 0), 1e-9, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == 1e-9);
    MC_CHECK_INT(mc_poly_overlap(&h.placed, &b, NULL), MC_CONTACT_TOUCHING);
    MC_CHECK_INT(rotate(&a, &far, 1, mc_vec2(0.5, 0.5), -1e-9, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == -1e-9);
    MC_CHECK_NEAR(h.placed.v[0].x, 0.0, 1e-10);
    // Zero angle: nothing moves, nothing is hit.
    MC_CHECK_INT(rotate(&a, &b, 1, mc_vec2(0, 0), 0.0, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == 0.0 && vec_eq(h.placed.v[2], 1, 1));
}

MC_TEST(t_rot_exact_90, "sweep: a free quarter turn lands exactly on the axis-aligned pose") {
    McVec2 av[4];
    McPoly a = mc_poly_box(0, 0, 2, 1, av);
    McSweepHit h;
    MC_CHECK_INT(rotate(&a, NULL, 0, mc_vec2(0, 0), 90.0, &h), MC_SWEEP_CLEAR);
    // Clockwise 90 maps (x, y) to (y, -x).
    MC_CHECK(vec_eq(h.placed.v[1], 0, -2) && vec_eq(h.placed.v[2], 1, -2));
    MC_CHECK_INT(rotate(&a, NULL, 0, mc_vec2(0, 0), 720.0, &h), MC_SWEEP_CLEAR);
    MC_CHECK(h.angle == 360.0);
}

MC_TEST(t_rot_wheel, "sweep: a unit wheeling about its front-left corner stops flush against a wall") {
    // Ninth Age style wheel: a unit 4 wide and 1 deep, facing 0, centre (0, 0.5), so its front
    // edge is y = 1. Wheeling forward about the front-left corner (-2, 1) is counter-clockwise:
    // the front-right corner, 4 from the pivot, goes to (-2 + 4 cos θ, 1 + 4 sin θ). A wall
    // whose bottom side is y = 3 is reached when 4 sin θ = 2, at θ = 30 degrees.
    McRect r = {{0, 0.5}, 0.0, 4.0, 1.0};
    McVec2 unitv[4], wallv[4];
    McPoly unit = mc_rect_to_poly(&r, unitv), wall = mc_poly_box(-10, 3, 10, 4, wallv);
    McVec2 pivot = mc_rect_corner(r, MC_RECT_FRONT_LEFT);
    MC_CHECK(vec_eq(pivot, -2, 1));
    McSweepHit h;
    MC_CHECK_INT(rotate(&unit, &wall, 1, pivot, -90.0, &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.angle, -30.0, 1e-12);
    MC_CHECK_INT(h.contact.feature_a.kind, MC_FEATURE_VERTEX);
    MC_CHECK_INT(h.contact.feature_a.index, MC_RECT_FRONT_RIGHT);
    MC_CHECK_NEAR(h.contact.point.y, 3.0, 1e-12);
    MC_CHECK_NEAR(h.contact.point.x, -2.0 + 4.0 * sqrt(3.0) / 2.0, 1e-12);
}

MC_TEST(t_rot_snap_flush, "sweep: a snap pivot about the contact corner ends flush (edge on edge)") {
    // Arcane Legions snap: a 2x1 mover rests on the ground (y <= 0) by its corner P0 = (0,0); its
    // long side P0→P1 rises at 30 degrees, its short side P0→P3 at 120 degrees (math angles).
    // Clockwise about P0 the long side reaches the ground after 30 degrees; counter-clockwise
    // the short side does after 60. Both end flush.
    double c30 = sqrt(3.0) / 2.0;
    McVec2 pts[4] = {{0, 0}, {2 * c30, 1}, {2 * c30 - 0.5, 1 + c30}, {-0.5, c30}};
    McVec2 groundv[4];
    McVec2 moverv[MC_POLY_CAPACITY];
    McPoly mover = {0, moverv}, ground = mc_poly_box(-10, -5, 10, 0, groundv);
    MC_CHECK(mc_poly_from_points(&mover, pts, 4));
    MC_CHECK_INT(mc_poly_overlap(&mover, &ground, NULL), MC_CONTACT_TOUCHING);
    McSweepHit h;
    MC_CHECK_INT(rotate(&mover, &ground, 1, mc_vec2(0, 0), 90.0, &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.angle, 30.0, 1e-12);
    MC_CHECK(h.contact.flush);
    MC_CHECK_INT(h.contact.feature_a.index, 0); // P0→P1 on the ground's top side
    MC_CHECK_INT(h.contact.feature_b.index, 2);
    MC_CHECK_NEAR(mc_vec2_distance(h.contact.shared_from, h.contact.shared_to), 2.0, 1e-12);
    MC_CHECK_INT(rotate(&mover, &ground, 1, mc_vec2(0, 0), -90.0, &h), MC_SWEEP_HIT);
    MC_CHECK_NEAR(h.angle, -60.0, 1e-12);
    MC_CHECK(h.contact.flush);
    MC_CHECK_INT(h.contact.feature_a.index, 3); // P3→P0
    MC_CHECK_NEAR(mc_vec2_distance(h.contact.shared_from, h.contact.shared_to), 1.0, 1e-12);
}

// ---- broad phase -------------------------------------------------------------------------------

// Up to `cap` items whose boxes meet `box` into `out`; how many meet it in all, as the engine's
// loops over mc_broadphase_iter_next count them.
static int bp_query(const McBroadphase *bp, McAabb box, int *out, int cap) {
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, bp, box);
    int found = 0, item;
    while ((item = mc_broadphase_iter_next(&it)) >= 0) {
        if (found < cap) out[found] = item;
        found++;
    }
    return found;
}

MC_TEST(t_bp_small, "broadphase: a query returns exactly the boxes it touches") {
    McAabb boxes[4] = {{{0, 0}, {1, 1}}, {{2, 0}, {3, 1}}, {{0, 2}, {1, 3}}, {{5, 5}, {6, 6}}};
    McBroadphaseNode nodes[MC_BROADPHASE_NODES(4)];
    McBroadphaseScratch scratch[4];
    int out[4];
    McBroadphase bp;
    MC_CHECK(mc_broadphase_build(&bp, nodes, MC_BROADPHASE_NODES(4), scratch, boxes, 4));
    McAabb q = {{1, 0.5}, {2, 0.6}}; // touches box 0 on x = 1 and box 1 on x = 2
    int n = bp_query(&bp, q, out, 4);
    MC_CHECK_INT(n, 2);
    MC_CHECK((out[0] == 0 && out[1] == 1) || (out[0] == 1 && out[1] == 0));
    McAabb none = {{3.5, 3.5}, {4, 4}};
    MC_CHECK_INT(bp_query(&bp, none, out, 4), 0);
    McAabb all = {{-1, -1}, {10, 10}};
    MC_CHECK_INT(bp_query(&bp, all, out, 2), 4); // count beyond the capacity
    McBroadphase empty;
    MC_CHECK(mc_broadphase_build(&empty, NULL, 0, NULL, NULL, 0));
    MC_CHECK_INT(bp_query(&empty, all, out, 4), 0);
    MC_CHECK(!mc_broadphase_build(&bp, nodes, 3, scratch, boxes, 4)); // too few nodes
    McAabb bad[1] = {{{1, 0}, {0, 1}}};
    MC_CHECK(!mc_broadphase_build(&bp, nodes, 7, scratch, bad, 1));
}

enum { BP_N = 3000 };
static McAabb bp_boxes[BP_N];
static McBroadphaseNode bp_nodes[MC_BROADPHASE_NODES(BP_N)];
static McBroadphaseScratch bp_scratch[BP_N];
static int bp_out[BP_N];

// 500 random query boxes: the tree finds exactly the boxes a brute-force scan finds.
static void queries_match_brute_force(const McBroadphase *bp) {
    for (int k = 0; k < 500; k++) {
        double x = mc_rng_range(&rng_state, -1e3, 1e3), y = mc_rng_range(&rng_state, -1e3, 1e3);
        McAabb q = {{x, y}, {x + mc_rng_range(&rng_state, 0, 50), y + mc_rng_range(&rng_state, 0, 50)}};
        int n = bp_query(bp, q, bp_out, BP_N);
        int brute = 0;
        for (int i = 0; i < BP_N; i++) brute += mc_aabb_overlaps(bp_boxes[i], q) ? 1 : 0;
        MC_CHECK_INT(n, brute);
        for (int j = 0; j < n && j < BP_N; j++) MC_CHECK(mc_aabb_overlaps(bp_boxes[bp_out[j]], q));
    }
}

// Whether item a comes before item b along `axis` in broadphase.h's order: centre, then index.
static bool bp_before(int a, int b, int axis) {
    double ka = axis == 0 ? bp_boxes[a].lo.x + bp_boxes[a].hi.x : bp_boxes[a].lo.y + bp_boxes[a].hi.y;
    double kb = axis == 0 ? bp_boxes[b].lo.x + bp_boxes[b].hi.x : bp_boxes[b].lo.y + bp_boxes[b].hi.y;
    return ka < kb || (ka == kb && a < b);
}

static int bp_leaves[BP_N];

// Collects the items under node `i` into bp_leaves from `at`; returns how many.
static int bp_collect(const McBroadphase *bp, int i, int at) {
    const McBroadphaseNode *nd = &bp->nodes[i];
    if (nd->item >= 0) {
        bp_leaves[at] = nd->item;
        return 1;
    }
    int l = bp_collect(bp, nd->child, at);
    return l + bp_collect(bp, nd->child + 1, at + l);
}

// Checks node `i` (and below) against the median split of broadphase.h: the lower half (the
// smaller one when odd) of its items along the longer spread of their centres goes left.
static void bp_check_split(const McBroadphase *bp, int i) {
    const McBroadphaseNode *nd = &bp->nodes[i];
    if (nd->item >= 0) return;
    int nl = bp_collect(bp, nd->child, 0), n = nl + bp_collect(bp, nd->child + 1, nl);
    MC_CHECK_INT(nl, n / 2);
    double lo[2] = {INFINITY, INFINITY}, hi[2] = {-INFINITY, -INFINITY};
    for (int k = 0; k < n; k++) {
        const McAabb *b = &bp_boxes[bp_leaves[k]];
        double c[2] = {b->lo.x + b->hi.x, b->lo.y + b->hi.y};
        for (int ax = 0; ax < 2; ax++) {
            if (c[ax] < lo[ax]) lo[ax] = c[ax];
            if (c[ax] > hi[ax]) hi[ax] = c[ax];
        }
    }
    int axis = hi[0] - lo[0] >= hi[1] - lo[1] ? 0 : 1;
    for (int a = 0; a < nl; a++)
        for (int b = nl; b < n; b++) MC_CHECK(bp_before(bp_leaves[a], bp_leaves[b], axis));
    bp_check_split(bp, nd->child);
    bp_check_split(bp, nd->child + 1);
}

MC_TEST(t_bp_median, "broadphase: property: every split is the median split of broadphase.h") {
    rng_state = 27;
    enum { N = 300 };
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++) {
            double x = mc_rng_range(&rng_state, -1e3, 1e3), y = mc_rng_range(&rng_state, -1e2, 1e2);
            if (round == 1) x = (double)(i % 7), y = (double)(i % 3); // many equal centres
            if (round == 2) y = x * 0.5;                                // both spreads alike
            bp_boxes[i].lo = mc_vec2(x, y);
            bp_boxes[i].hi = mc_vec2(x + mc_rng_range(&rng_state, 0, 5), y + mc_rng_range(&rng_state, 0, 5));
        }
        McBroadphase bp;
        MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(N), bp_scratch, bp_boxes, N));
        MC_CHECK_INT(bp.node_count, MC_BROADPHASE_NODES(N));
        bp_check_split(&bp, 0);
    }
}

MC_TEST(t_bp_random, "broadphase: property: queries equal brute force on 3000 random boxes") {
    rng_state = 21;
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < BP_N; i++) {
            double x = mc_rng_range(&rng_state, -1e3, 1e3), y = mc_rng_range(&rng_state, -1e3, 1e3);
            if (round == 2) x = (double)(i % 10), y = 0.0; // many equal centres
            bp_boxes[i].lo = mc_vec2(x, y);
            bp_boxes[i].hi = mc_vec2(x + mc_rng_range(&rng_state, 0, 5), y + mc_rng_range(&rng_state, 0, 5));
        }
        McBroadphase bp;
        MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(BP_N), bp_scratch, bp_boxes, BP_N));
        queries_match_brute_force(&bp);
    }
}

// The nodes of a fresh build, to compare a refit with.
static McBroadphaseNode bp_fresh[MC_BROADPHASE_NODES(BP_N)];
static McAabb bp_centres[MC_BROADPHASE_NODES(BP_N)];

MC_TEST(t_bp_refit_as_built, "broadphase: property: a refit as built gives a build's very nodes, or declines") {
    rng_state = 29;
    enum { N = 400 };
    for (int i = 0; i < N; i++) {
        double x = mc_rng_range(&rng_state, -1e2, 1e2), y = mc_rng_range(&rng_state, -1e2, 1e2);
        bp_boxes[i].lo = mc_vec2(x, y);
        bp_boxes[i].hi = mc_vec2(x + mc_rng_range(&rng_state, 0, 5), y + mc_rng_range(&rng_state, 0, 5));
    }
    McBroadphase bp, fresh;
    MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(N), bp_scratch, bp_boxes, N));
    int kept = 0, declined = 0;
    for (int round = 0; round < 300; round++) {
        // One or a few boxes: most nudged as a drag moves a unit, some sent anywhere.
        for (int k = 1 + round % 3; k > 0; k--) {
            int i = (int)mc_rng_range(&rng_state, 0, N - 1);
            double step = round % 5 == 0 ? 50 : 0.01;
            McVec2 d = mc_vec2(mc_rng_range(&rng_state, -step, step), mc_rng_range(&rng_state, -step, step));
            bp_boxes[i].lo = mc_vec2_add(bp_boxes[i].lo, d);
            bp_boxes[i].hi = mc_vec2_add(bp_boxes[i].hi, d);
        }
        MC_CHECK(mc_broadphase_build(&fresh, bp_fresh, MC_BROADPHASE_NODES(N), bp_scratch, bp_boxes, N));
        if (mc_broadphase_refit_as_built(&bp, bp_centres, bp_boxes, N)) {
            kept++;
            MC_CHECK_INT(bp.node_count, fresh.node_count);
            MC_CHECK(memcmp(bp_nodes, bp_fresh, (size_t)fresh.node_count * sizeof *bp_fresh) == 0);
        } else {
            declined++;
            MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(N), bp_scratch, bp_boxes, N));
        }
    }
    MC_CHECK(kept > 100);
    MC_CHECK(declined > 0);
    // Another number of items, and a box a build refuses, are declined.
    MC_CHECK(!mc_broadphase_refit_as_built(&bp, bp_centres, bp_boxes, N - 1));
    bp_boxes[3].hi.x = INFINITY;
    MC_CHECK(!mc_broadphase_refit_as_built(&bp, bp_centres, bp_boxes, N));
}

MC_TEST(t_bp_refit, "broadphase: property: after boxes move, a refitted tree's queries equal brute force") {
    rng_state = 23;
    for (int i = 0; i < BP_N; i++) {
        double x = mc_rng_range(&rng_state, -1e3, 1e3), y = mc_rng_range(&rng_state, -1e3, 1e3);
        bp_boxes[i].lo = mc_vec2(x, y);
        bp_boxes[i].hi = mc_vec2(x + mc_rng_range(&rng_state, 0, 5), y + mc_rng_range(&rng_state, 0, 5));
    }
    McBroadphase bp;
    MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(BP_N), bp_scratch, bp_boxes, BP_N));
    MC_CHECK(!mc_broadphase_refit(&bp, bp_boxes, BP_N - 1)); // another number of items
    for (int round = 0; round < 4; round++) {
        // Some boxes jump anywhere (far from where the tree put them), some shift a little.
        for (int k = 0; k < 200; k++) {
            int i = (int)mc_rng_range(&rng_state, 0, BP_N - 1);
            double x = round % 2 ? mc_rng_range(&rng_state, -1e3, 1e3) : bp_boxes[i].lo.x + mc_rng_range(&rng_state, -3, 3);
            double y = round % 2 ? mc_rng_range(&rng_state, -1e3, 1e3) : bp_boxes[i].lo.y + mc_rng_range(&rng_state, -3, 3);
            bp_boxes[i].lo = mc_vec2(x, y);
            bp_boxes[i].hi = mc_vec2(x + mc_rng_range(&rng_state, 0, 5), y + mc_rng_range(&rng_state, 0, 5));
        }
        MC_CHECK(mc_broadphase_refit(&bp, bp_boxes, BP_N));
        queries_match_brute_force(&bp);
    }
    // A box that is not finite is refused and the tree left as it was.
    McAabb keep = bp_boxes[7];
    bp_boxes[7].hi.x = INFINITY;
    MC_CHECK(!mc_broadphase_refit(&bp, bp_boxes, BP_N));
    bp_boxes[7] = keep;
    MC_CHECK_INT(bp_query(&bp, keep, bp_out, BP_N) >= 1, 1);
}

// ---- property tests ----------------------------------------------------------------------------

// A random convex polygon: 3..8 points at increasing angles on a circle of random radius, its
// vertices written to `room` (8 of them).
static McPoly random_convex(McVec2 c, double size, McVec2 *room) {
    McPoly p = {0, room};
    if (mc_rng_unit(&rng_state) < 0.5) {
        McRect r = {c, mc_rng_range(&rng_state, 0, 360), mc_rng_range(&rng_state, 0.2, 1.0) * size, mc_rng_range(&rng_state, 0.2, 1.0) * size};
        if (mc_rng_unit(&rng_state) < 0.6) r.facing = 15.0 * (int)mc_rng_range(&rng_state, 0, 6); // exact facings: flush cases
        return mc_rect_to_poly(&r, room);
    }
    int n = 3 + (int)(mc_rng_unit(&rng_state) * 6);
    double r = mc_rng_range(&rng_state, 0.2, 0.6) * size, start = mc_rng_range(&rng_state, 0, 360);
    McVec2 pts[8];
    for (int i = 0; i < n; i++) {
        double s, co;
        mc_trig_sincos_deg(start + (i + mc_rng_range(&rng_state, 0.05, 0.95)) * 360.0 / n, &s, &co);
        pts[i] = mc_vec2(c.x + r * co, c.y + r * s);
    }
    if (!mc_poly_from_points(&p, pts, n)) p = mc_rect_to_poly(&(McRect){c, 0.0, size * 0.5, size * 0.5}, room);
    return p;
}

enum { PT_OBS = 24 };

typedef struct Scene {
    McPoly mover;
    McVec2 mover_v[8];
    McPoly obs[PT_OBS];
    McVec2 obs_v[PT_OBS][8];
    int n;
    McAabb boxes[PT_OBS];
    McBroadphaseNode nodes[MC_BROADPHASE_NODES(PT_OBS)];
    McBroadphaseScratch scratch[PT_OBS];
    McBroadphase bp;
} Scene;

static void random_scene(Scene *s, double offset) {
    s->mover = random_convex(mc_vec2(offset, offset), 2.0, s->mover_v);
    s->n = 0;
    while (s->n < PT_OBS) {
        McPoly o = random_convex(mc_vec2(offset + mc_rng_range(&rng_state, -6, 6), offset + mc_rng_range(&rng_state, -6, 6)), 2.0,
                                 s->obs_v[s->n]);
        if (mc_poly_overlap(&s->mover, &o, NULL) == MC_CONTACT_OVERLAPPING) continue;
        s->obs[s->n++] = o;
    }
    // Put some obstacles exactly in contact with the mover (flush or corner) by sweeping them in.
    for (int i = 0; i < 3; i++) {
        McSweepInput in = {&s->obs[i], &s->mover, 1, NULL, NULL, NULL, placed_room};
        McVec2 towards = mc_vec2_sub(centroid(&s->mover), centroid(&s->obs[i]));
        McSweepHit h;
        if (mc_sweep_translate(&in, mc_vec2_scale(towards, 2.0), &h) == MC_SWEEP_HIT)
            for (int k = 0; k < h.placed.count; k++) s->obs[i].v[k] = h.placed.v[k];
    }
    for (int i = 0; i < s->n; i++) s->boxes[i] = mc_poly_aabb(&s->obs[i]);
    mc_broadphase_build(&s->bp, s->nodes, MC_BROADPHASE_NODES(PT_OBS), s->scratch, s->boxes, s->n);
}

static Scene scene;

// Checks the contract of a finished sweep: no overlap at the end, and on a hit a zero gap and a
// contact point on both shapes.
static void check_hit(const Scene *s, const McSweepHit *h) {
    // Never ends overlapping anything (obstacles that overlapped at the start excepted).
    for (int i = 0; i < s->n; i++) MC_CHECK(mc_poly_overlap(&h->placed, &s->obs[i], NULL) != MC_CONTACT_OVERLAPPING);
    if (h->state == MC_SWEEP_HIT) {
        const McPoly *b = &s->obs[h->obstacle];
        double sep;
        MC_CHECK_INT(mc_poly_overlap(&h->placed, b, &sep), MC_CONTACT_TOUCHING);
        MC_CHECK(fabs(sep) <= 1e-9); // in contact: gap 0 up to rounding, not a slop short
        MC_CHECK(mc_poly_classify_point(&h->placed, h->contact.point) == MC_CONTACT_TOUCHING);
        MC_CHECK(mc_poly_classify_point(b, h->contact.point) == MC_CONTACT_TOUCHING);
    }
}

MC_TEST(t_prop_translate, "sweep: property: random translations never end overlapping and hits end in contact") {
    rng_state = 31;
    int hits = 0, flush = 0;
    for (int iter = 0; iter < 3000; iter++) {
        double offset = (iter % 3 == 0) ? 1e5 : (iter % 3 == 1 ? -37.25 : 0.0);
        random_scene(&scene, offset);
        double reach = iter % 2 ? 8.0 : 1.5;
        McVec2 d = mc_vec2(mc_rng_range(&rng_state, -reach, reach), mc_rng_range(&rng_state, -reach, reach));
        if (iter % 7 == 0) d = mc_vec2(d.x, 0.0);
        McSweepHit h, hb;
        McSweepInput in = {&scene.mover, scene.obs, scene.n, NULL, NULL, NULL, placed_room};
        McSweepState st = mc_sweep_translate(&in, d, &h);
        in.broadphase = &scene.bp;
        mc_sweep_translate(&in, d, &hb);
        MC_CHECK_INT(hb.state, h.state);
        MC_CHECK(hb.t == h.t);
        MC_CHECK_INT(hb.obstacle, h.obstacle);
        // The brief sweep: the same state, t, angle and obstacle.
        mc_sweep_translate_brief(&in, d, &hb);
        MC_CHECK_INT(hb.state, h.state);
        MC_CHECK(hb.t == h.t && hb.angle == h.angle);
        MC_CHECK_INT(hb.obstacle, h.obstacle);
        MC_CHECK(st != MC_SWEEP_STARTS_OVERLAPPING && st != MC_SWEEP_INVALID);
        check_hit(&scene, &h);
        hits += st == MC_SWEEP_HIT;
        flush += st == MC_SWEEP_HIT && h.contact.flush;
        // No tunnelling: every intermediate pose up to t is free of overlap.
        for (int k = 1; k < 16; k++) {
            McVec2 midv[MC_POLY_CAPACITY];
            McPoly mid = {0, midv};
            mid = mc_poly_translate(&scene.mover, mc_vec2_scale(d, h.t * k / 16.0), mid.v);
            for (int i = 0; i < scene.n; i++)
                MC_CHECK(mc_poly_overlap(&mid, &scene.obs[i], NULL) != MC_CONTACT_OVERLAPPING);
        }
        // A hit is a real collision: further along, the overlap gets deeper than the slop. For a
        // translation the SAT separation is a convex function of t (a maximum of linear ones), so
        // a ternary search finds its minimum over [t, 1].
        if (st == MC_SWEEP_HIT && h.t < 1.0) {
            double lo = h.t, hi = 1.0;
            for (int k = 0; k < 200; k++) {
                double m1 = lo + (hi - lo) / 3.0, m2 = hi - (hi - lo) / 3.0;
                McVec2 p1v[MC_POLY_CAPACITY], p2v[MC_POLY_CAPACITY];
                McPoly p1 = {0, p1v}, p2 = {0, p2v};
                p1 = mc_poly_translate(&scene.mover, mc_vec2_scale(d, m1), p1.v);
                p2 = mc_poly_translate(&scene.mover, mc_vec2_scale(d, m2), p2.v);
                if (mc_poly_sat_separation(&p1, &scene.obs[h.obstacle], NULL) <
                    mc_poly_sat_separation(&p2, &scene.obs[h.obstacle], NULL))
                    hi = m2;
                else
                    lo = m1;
            }
            McVec2 deepestv[MC_POLY_CAPACITY];
            McPoly deepest = {0, deepestv};
            deepest = mc_poly_translate(&scene.mover, mc_vec2_scale(d, lo), deepest.v);
            MC_CHECK(mc_poly_sat_separation(&deepest, &scene.obs[h.obstacle], NULL) < -SLOP * 0.999);
        }
    }
    printf("    (%d hits, %d flush)\n", hits, flush);
    MC_CHECK(hits > 500 && hits < 2900 && flush > 30);
}

MC_TEST(t_prop_rotate, "sweep: property: random rotations never end overlapping and hits end in contact") {
    rng_state = 41;
    int hits = 0;
    for (int iter = 0; iter < 1500; iter++) {
        double offset = (iter % 3 == 0) ? 1e5 : 0.0;
        random_scene(&scene, offset);
        McVec2 pivot = mc_vec2(offset + mc_rng_range(&rng_state, -2, 2), offset + mc_rng_range(&rng_state, -2, 2));
        if (iter % 4 == 0) pivot = scene.mover.v[0]; // about a corner, like a wheel
        double deg = iter % 2 ? mc_rng_range(&rng_state, -180, 180) : mc_rng_range(&rng_state, -20, 20);
        if (iter % 10 == 0) deg = 15.0 * (int)mc_rng_range(&rng_state, -12, 12);
        McSweepHit h, hb;
        McSweepInput in = {&scene.mover, scene.obs, scene.n, NULL, NULL, NULL, placed_room};
        McSweepState st = mc_sweep_rotate(&in, pivot, deg, &h);
        in.broadphase = &scene.bp;
        mc_sweep_rotate(&in, pivot, deg, &hb);
        MC_CHECK_INT(hb.state, h.state);
        MC_CHECK(hb.angle == h.angle);
        MC_CHECK_INT(hb.obstacle, h.obstacle);
        mc_sweep_rotate_brief(&in, pivot, deg, &hb);
        MC_CHECK_INT(hb.state, h.state);
        MC_CHECK(hb.angle == h.angle && hb.t == h.t);
        MC_CHECK_INT(hb.obstacle, h.obstacle);
        MC_CHECK(st != MC_SWEEP_STARTS_OVERLAPPING && st != MC_SWEEP_INVALID);
        check_hit(&scene, &h);
        hits += st == MC_SWEEP_HIT;
        MC_CHECK(h.angle * deg >= 0.0 && fabs(h.angle) <= fabs(deg));
        for (int k = 1; k < 32; k++) {
            McVec2 midv[MC_POLY_CAPACITY];
            McPoly mid = {0, midv};
            mid = mc_poly_rotate(&scene.mover, pivot, h.angle * k / 32.0, mid.v);
            for (int i = 0; i < scene.n; i++)
                MC_CHECK(mc_poly_overlap(&mid, &scene.obs[i], NULL) != MC_CONTACT_OVERLAPPING);
        }
    }
    printf("    (%d hits)\n", hits);
    MC_CHECK(hits > 300 && hits < 1450);
}

MC_TEST(t_prop_translate_from_contact, "sweep: property: from a contact, moving away along the normal is free and into it stops at once") {
    rng_state = 51;
    int checked = 0;
    for (int iter = 0; iter < 2000; iter++) {
        McVec2 av[8], bv[8], placedv[8];
        McPoly a = random_convex(mc_vec2(0, 0), 2.0, av);
        McPoly b = random_convex(mc_vec2(mc_rng_range(&rng_state, -4, 4), mc_rng_range(&rng_state, -4, 4)), 2.0, bv);
        if (mc_poly_overlap(&a, &b, NULL) != MC_CONTACT_SEPARATED) continue;
        McSweepHit h;
        McVec2 towards = mc_vec2_sub(centroid(&b), centroid(&a));
        if (translate(&a, &b, 1, mc_vec2_scale(towards, 2.0), &h) != MC_SWEEP_HIT) continue;
        McPoly placed = {h.placed.count, placedv}; // kept while the next sweeps use placed_room
        for (int k = 0; k < h.placed.count; k++) placedv[k] = h.placed.v[k];
        McVec2 n = h.contact.normal; // from b towards the mover
        McSweepHit h2;
        MC_CHECK_INT(translate(&placed, &b, 1, mc_vec2_scale(n, 1.0), &h2), MC_SWEEP_CLEAR);
        MC_CHECK_INT(translate(&placed, &b, 1, mc_vec2_scale(n, -1.0), &h2), MC_SWEEP_HIT);
        MC_CHECK(h2.t <= 1e-9);
        if (h.contact.flush) {
            // Along a flush side: free for a short slide (the side may end, then it is still free).
            McVec2 along = mc_vec2_perp_left(n);
            MC_CHECK_INT(translate(&placed, &b, 1, mc_vec2_scale(along, 0.5), &h2), MC_SWEEP_CLEAR);
            MC_CHECK_INT(translate(&placed, &b, 1, mc_vec2_scale(along, -0.5), &h2), MC_SWEEP_CLEAR);
        }
        checked++;
    }
    MC_CHECK(checked > 500);
}

// One sweep of `in` (a translation by d, or with `turn` a turn of deg about pivot) three ways: with
// no broad phase, with the tree `bp`, and with a scan of the obstacles' boxes (bp_boxes); the
// three answers must agree. Returns the first.
static McSweepHit sweep_three_ways(McSweepInput in, const McBroadphase *bp, bool turn, McVec2 d, McVec2 pivot,
                                   double deg) {
    McSweepHit h[3];
    for (int k = 0; k < 3; k++) {
        in.broadphase = k == 1 ? bp : NULL;
        in.boxes = k == 2 ? bp_boxes : NULL;
        if (turn) mc_sweep_rotate(&in, pivot, deg, &h[k]);
        else mc_sweep_translate(&in, d, &h[k]);
    }
    for (int k = 1; k < 3; k++) {
        MC_CHECK_INT(h[k].state, h[0].state);
        MC_CHECK(h[k].t == h[0].t);
        MC_CHECK(h[k].angle == h[0].angle);
        MC_CHECK_INT(h[k].obstacle, h[0].obstacle);
    }
    return h[0];
}

MC_TEST(t_bp_sweep_many, "sweep: the broad phase, and a scan of the obstacles' boxes, give the same answers against thousands of obstacles") {
    rng_state = 61;
    static McPoly obs[BP_N];
    static McVec2 obs_v[BP_N][8];
    for (int i = 0; i < BP_N; i++) {
        McPoly o = random_convex(mc_vec2(mc_rng_range(&rng_state, -200, 200), mc_rng_range(&rng_state, -200, 200)), 2.0, obs_v[i]);
        obs[i] = o;
        bp_boxes[i] = mc_poly_aabb(&o);
    }
    McBroadphase bp;
    MC_CHECK(mc_broadphase_build(&bp, bp_nodes, MC_BROADPHASE_NODES(BP_N), bp_scratch, bp_boxes, BP_N));
    int hits = 0;
    for (int k = 0; k < 200; k++) {
        McVec2 mv[8];
        McPoly m = random_convex(mc_vec2(mc_rng_range(&rng_state, -200, 200), mc_rng_range(&rng_state, -200, 200)), 2.0, mv);
        static unsigned char ignore[BP_N];
        for (int i = 0; i < BP_N; i++) ignore[i] = mc_poly_overlap(&m, &obs[i], NULL) == MC_CONTACT_OVERLAPPING;
        McVec2 d = mc_vec2(mc_rng_range(&rng_state, -20, 20), mc_rng_range(&rng_state, -20, 20));
        McSweepInput in = {&m, obs, BP_N, NULL, ignore, NULL, placed_room};
        hits += sweep_three_ways(in, &bp, false, d, m.v[0], 0.0).state == MC_SWEEP_HIT;
        sweep_three_ways(in, &bp, true, d, m.v[0], 120.0);  // the arcs' box
        sweep_three_ways(in, &bp, true, d, m.v[0], -200.0); // the disc's square
    }
    MC_CHECK(hits > 20);
}
