// Charge placement against a target facing (seed "Pursue Moves", 9A-PV-E; 9A-CH-2 Align Move):
// the charger's front facing in contact with the target facing, aligned with it, its centre moved
// as little as possible while the end position follows Unit Spacing (9A-SP-1).
//
// Every aligned position is the charger's front edge on the facing's line, slid by s along it;
// it touches the facing while |s| <= (L + w) / 2 (s at the ends: corner to corner). The centre is
// an affine function of s, so the nearest position to the reference is the legal s nearest the
// unconstrained optimum s*. The legal set is the contact range minus, for each other object, the
// interval of s where the charger would come closer than NA_CLEAR_GAP (the separation is convex
// along a straight slide, so that set is one interval), minus the positions off the table: the
// answer is s* or one of those intervals' ends.
#include <math.h>

#include "rules/ninth_age/na.h"

typedef struct Slide {
    McVec2 base;  ///< the charger's centre at s = 0
    McVec2 right; ///< unit vector along the facing, to the charger's right
    McRect rect;  ///< the charger at s = 0
} Slide;

static McRect slide_at(const Slide *sl, double s) {
    McRect r = sl->rect;
    r.centre = mc_vec2_mul_add(sl->base, s, sl->right);
    return r;
}

static double sep_at(const Slide *sl, double s, const McPoly *obj) {
    McRect r = slide_at(sl, s);
    return mc_na_rect_separation(&r, obj);
}

enum { SEARCH_STEPS = 100 };

// Bisects between `out`, where the separation from obj is at least `gap`, and `in`, where it is
// below; returns the last s found on the out side.
static double gap_boundary(const Slide *sl, const McPoly *obj, double gap, double out, double in) {
    for (int i = 0; i < SEARCH_STEPS; i++) {
        double mid = 0.5 * (out + in);
        if (sep_at(sl, mid, obj) >= gap) out = mid;
        else in = mid;
    }
    return out;
}

// The ends of the interval of s in [lo, hi] where the separation from obj is below `gap`;
// false when it never is. *a = lo or *b = hi when the interval reaches that end.
static bool blocked_interval(const Slide *sl, const McPoly *obj, double lo, double hi, double gap,
                             double *a, double *b) {
    // Ternary search for the minimum of a convex function; equal values keep the middle third.
    double l = lo, h = hi;
    for (int i = 0; i < SEARCH_STEPS; i++) {
        double m1 = l + (h - l) / 3.0, m2 = h - (h - l) / 3.0;
        if (sep_at(sl, m1, obj) <= sep_at(sl, m2, obj)) h = m2;
        else l = m1;
    }
    double m = 0.5 * (l + h);
    if (!(sep_at(sl, m, obj) < gap)) return false;
    *a = sep_at(sl, lo, obj) < gap ? lo : gap_boundary(sl, obj, gap, lo, m);
    *b = sep_at(sl, hi, obj) < gap ? hi : gap_boundary(sl, obj, gap, hi, m);
    return true;
}

// The s range keeping every corner on the table: linear constraints in s.
static void table_range(const NaBattlefield *bf, const Slide *sl, double *lo, double *hi) {
    if (!bf->has_table) return;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&sl->rect, pv);
    double dir[2] = {sl->right.x, sl->right.y}, lim[2] = {bf->table_w, bf->table_h};
    for (int i = 0; i < 4; i++) {
        double c[2] = {p.v[i].x, p.v[i].y};
        for (int k = 0; k < 2; k++) {
            if (fabs(dir[k]) < MC_ZERO_SLOP) {
                if (c[k] < -MC_LINEAR_SLOP || c[k] > lim[k] + MC_LINEAR_SLOP) *lo = 1, *hi = 0;
                continue;
            }
            double s0 = (0.0 - c[k]) / dir[k], s1 = (lim[k] - c[k]) / dir[k];
            if (s0 > s1) {
                double t = s0;
                s0 = s1;
                s1 = t;
            }
            if (s0 > *lo) *lo = s0;
            if (s1 < *hi) *hi = s1;
        }
    }
}

// The middle of the target's `facing` edge and that edge's length.
static McVec2 facing_edge(const McRect *t, NaFacing facing, double *len) {
    McVec2 tpv[4];
    McPoly tp = mc_rect_to_poly(t, tpv);
    static const int edge_from[] = {MC_RECT_FRONT_RIGHT, MC_RECT_FRONT_LEFT, MC_RECT_BACK_RIGHT, MC_RECT_BACK_LEFT};
    static const int edge_to[] = {MC_RECT_FRONT_LEFT, MC_RECT_BACK_LEFT, MC_RECT_FRONT_RIGHT, MC_RECT_BACK_RIGHT};
    *len = (facing == NA_FACING_FRONT || facing == NA_FACING_REAR) ? fabs(t->width) : fabs(t->depth);
    return mc_vec2_lerp(tp.v[edge_from[facing]], tp.v[edge_to[facing]], 0.5);
}

enum { MAX_NEARBY = 256, MAX_CANDIDATES = 2 * MAX_NEARBY + 3 };

// The slide of `mover` along the target's `facing` edge (of length *len): the charger faces against
// the facing's outward normal (a front facing is met facing the target's facing + 180°, a left one
// + 90°, a right one + 270°, the rear at the same facing), its front on the edge's line, centred
// on the edge's middle at s = 0. Returns the reach: half the s over which the fronts overlap.
static double slide_of(const NaBattlefield *bf, int mover, int target, NaFacing facing, Slide *sl, double *len) {
    McRect t = bf->units[target].rect, m = bf->units[mover].rect;
    static const double turn[] = {180.0, 90.0, 270.0, 0.0};
    McVec2 mid = facing_edge(&t, facing, len);
    sl->rect.facing = mc_facing_normalize(t.facing + turn[facing]);
    sl->rect.width = fabs(m.width);
    sl->rect.depth = fabs(m.depth);
    sl->right = mc_facing_right(sl->rect.facing);
    sl->base = mc_vec2_mul_add(mid, -0.5 * fabs(m.depth), mc_facing_forward(sl->rect.facing));
    sl->rect.centre = sl->base;
    return 0.5 * (*len + fabs(m.width));
}

// The objects but the mover and the target near the slide between s = lo and hi, into
// local[MAX_NEARBY]; returns how many.
static int nearby(NaWorld *w, const Slide *sl, double lo, double hi, int mover, int target, int *local) {
    McVec2 ends[2][4];
    McRect at_lo = slide_at(sl, lo), at_hi = slide_at(sl, hi);
    McPoly swept[2] = {mc_rect_to_poly(&at_lo, ends[0]), mc_rect_to_poly(&at_hi, ends[1])};
    McAabb box = mc_aabb_union(mc_poly_aabb(&swept[0]), mc_poly_aabb(&swept[1]));
    int n = mc_na_world_query(w, &box, NA_CLEAR_GAP + MC_LINEAR_SLOP);
    int nl = 0;
    for (int i = 0; i < n && nl < MAX_NEARBY; i++)
        if (w->hits[i] != mover && w->hits[i] != target) local[nl++] = w->hits[i];
    return nl;
}

bool mc_na_charge_place(NaWorld *w, int mover, int target, NaFacing facing, McVec2 reference,
                     double max_move, NaPlacement *out) {
    const NaBattlefield *bf = w->bf;
    double len;
    Slide sl;
    double reach = slide_of(bf, mover, target, facing, &sl, &len), mw = sl.rect.width;
    McVec2 fwd = mc_facing_forward(sl.rect.facing);
    double lo = -reach, hi = reach;
    double s_star = mc_vec2_dot(mc_vec2_sub(reference, sl.base), sl.right);
    if (max_move >= 0.0) {
        // |centre(s) − reference| <= max_move: an interval about the unclamped optimum.
        double off = mc_vec2_dot(mc_vec2_sub(reference, sl.base), fwd);
        double room = max_move * max_move - off * off;
        if (room < -MC_LINEAR_SLOP) return false;
        double half = room > 0 ? sqrt(room) : 0.0;
        if (s_star - half > lo) lo = s_star - half;
        if (s_star + half < hi) hi = s_star + half;
    }
    table_range(bf, &sl, &lo, &hi);
    if (lo > hi + MC_LINEAR_SLOP) return false;
    double cand[MAX_CANDIDATES];
    int nc = 0;
    double s0 = s_star < lo ? lo : (s_star > hi ? hi : s_star);
    cand[nc++] = s0;
    cand[nc++] = lo;
    cand[nc++] = hi;
    int local[MAX_NEARBY]; // not w->hits: mc_na_spacing_check below reuses it
    int nl = nearby(w, &sl, lo, hi, mover, target, local);
    for (int i = 0; i < nl && nc + 2 <= MAX_CANDIDATES; i++) {
        double a, b;
        if (!blocked_interval(&sl, &w->objs[local[i]].poly, lo, hi, NA_CLEAR_GAP, &a, &b)) continue;
        if (a > lo) cand[nc++] = a;
        if (b < hi) cand[nc++] = b;
    }
    // Nearest first; at equal distance the smaller s (the charger's left).
    for (int i = 1; i < nc; i++)
        for (int k = i; k > 0; k--) {
            double dk = fabs(cand[k] - s0), dp = fabs(cand[k - 1] - s0);
            if (dk < dp || (dk == dp && cand[k] < cand[k - 1])) {
                double tmp = cand[k];
                cand[k] = cand[k - 1];
                cand[k - 1] = tmp;
            } else break;
        }
    for (int i = 0; i < nc; i++) {
        McRect r = slide_at(&sl, cand[i]);
        McVec2 pv[4];
        McPoly p = mc_rect_to_poly(&r, pv);
        if (!mc_na_spacing_check(w, &p, mover, target, NULL)) continue;
        out->rect = r;
        double from = cand[i] - 0.5 * mw, to = cand[i] + 0.5 * mw;
        if (from < -0.5 * len) from = -0.5 * len;
        if (to > 0.5 * len) to = 0.5 * len;
        out->contact_length = to > from ? to - from : 0.0;
        out->displacement = mc_vec2_distance(r.centre, reference);
        return true;
    }
    return false;
}

int mc_na_slide_blocked_ends(NaWorld *w, int mover, int target, NaFacing facing, double *out, int cap) {
    double len;
    Slide sl;
    double reach = slide_of(w->bf, mover, target, facing, &sl, &len);
    int local[MAX_NEARBY];
    int nl = nearby(w, &sl, -reach, reach, mover, target, local);
    int k = 0;
    for (int i = 0; i < nl && k + 2 <= cap; i++) {
        double a, b;
        if (!blocked_interval(&sl, &w->objs[local[i]].poly, -reach, reach, NA_CLEAR_GAP, &a, &b)) continue;
        if (a > -reach) out[k++] = a;
        if (b < reach) out[k++] = b;
    }
    return k;
}
