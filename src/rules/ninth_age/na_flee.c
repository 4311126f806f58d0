// Flee moves (docs/rules/ninth-age.md 9A-FL-1): the fleeing unit pivots about its centre so that its
// rear facing is parallel to the facing of the enemy it was engaged with — that is, it turns to
// face along that facing's outward normal, away from the enemy — then moves straight forward its
// flee distance. A flee ignores Unit Spacing and passes through units and impassable terrain, but
// may not end touching or overlapping either: the move goes on straight until the unit is clear
// (9A-SP-1 "uncontrolled moves"). Passing through an enemy unit or impassable terrain is
// Dangerous (4+) (9A-FL-1); touching the table edge removes the unit as a casualty.
#include <math.h>
#include <string.h>

#include "core/fmt.h"
#include "core/work.h"
#include "rules/ninth_age/na.h"

static bool enemy_of(const NaWorld *w, int a, int b) {
    return strcmp(w->bf->units[a].side, w->bf->units[b].side) != 0;
}

// The facing of `enemy` touching `p` with the longest stretch; -1 when none touches.
static int touching_facing(const NaWorld *w, int enemy, const McPoly *p) {
    const McPoly *e = &w->objs[enemy].poly;
    // Edge order of mc_rect_to_poly: front, left, back, right.
    static const NaFacing facing_of_edge[] = {NA_FACING_FRONT, NA_FACING_LEFT, NA_FACING_REAR, NA_FACING_RIGHT};
    int best = -1;
    double best_len = -1;
    for (int k = 0; k < 4; k++) {
        McVec2 a = e->v[k], b = e->v[(k + 1) % 4];
        double ab = mc_vec2_distance(a, b);
        McVec2 dir = mc_vec2_scale(mc_vec2_sub(b, a), 1.0 / ab);
        // The stretch of this edge the unit lies on: project the unit's vertices that are on the
        // edge's line (within the slop) onto it, and the edge's ends that lie on the unit.
        double lo = INFINITY, hi = -INFINITY;
        bool touch = false;
        for (int i = 0; i < p->count; i++) {
            McVec2 q = p->v[i];
            if (mc_segment_distance(a, b, q) <= MC_LINEAR_SLOP) {
                double x = mc_vec2_dot(mc_vec2_sub(q, a), dir);
                lo = fmin(lo, x), hi = fmax(hi, x), touch = true;
            }
        }
        McVec2 ends[2] = {a, b};
        for (int i = 0; i < 2; i++)
            if (mc_poly_classify_point(p, ends[i]) != MC_CONTACT_SEPARATED) {
                double x = mc_vec2_dot(mc_vec2_sub(ends[i], a), dir);
                lo = fmin(lo, x), hi = fmax(hi, x), touch = true;
            }
        if (!touch) continue;
        double len = hi - lo;
        if (len > best_len + MC_LINEAR_SLOP) best = (int)facing_of_edge[k], best_len = len;
    }
    return best;
}

// Distance along `dir` from `r` at which a corner first reaches the table edge (0: already).
static double edge_distance(const NaBattlefield *bf, const McRect *r, McVec2 dir) {
    if (!bf->has_table) return INFINITY;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(r, pv);
    double best = INFINITY;
    double lim[2] = {bf->table_w, bf->table_h}, d[2] = {dir.x, dir.y};
    for (int i = 0; i < 4; i++) {
        double c[2] = {p.v[i].x, p.v[i].y};
        for (int k = 0; k < 2; k++) {
            if (c[k] <= MC_LINEAR_SLOP || c[k] >= lim[k] - MC_LINEAR_SLOP) {
                // On this edge, it counts only when moving outwards; beyond it (the pivot swung the
                // corner over it), always.
                if (c[k] < -MC_LINEAR_SLOP || c[k] > lim[k] + MC_LINEAR_SLOP || (c[k] <= MC_LINEAR_SLOP && d[k] < -MC_ZERO_SLOP) ||
                    (c[k] >= lim[k] - MC_LINEAR_SLOP && d[k] > MC_ZERO_SLOP))
                    return 0.0;
                continue;
            }
            double t = mc_na_to_table_edge(c[k], lim[k], d[k]);
            if (t < best) best = t;
        }
    }
    return best;
}

// The convex hull of up to 8 points (Andrew's monotone chain), counter-clockwise, its vertices
// written to `out` (room for n).
static McPoly hull8(const McVec2 *in, int n, McVec2 *out) {
    McVec2 p[8], h[16];
    for (int i = 0; i < n; i++) p[i] = in[i];
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && (p[k].x < p[k - 1].x || (p[k].x == p[k - 1].x && p[k].y < p[k - 1].y)); k--) {
            McVec2 t = p[k];
            p[k] = p[k - 1];
            p[k - 1] = t;
        }
    int m = 0;
    for (int i = 0; i < n; i++) {
        while (m >= 2 && mc_vec2_cross(mc_vec2_sub(h[m - 1], h[m - 2]), mc_vec2_sub(p[i], h[m - 2])) <= 0) m--;
        h[m++] = p[i];
    }
    for (int i = n - 2, lo = m + 1; i >= 0; i--) {
        while (m >= lo && mc_vec2_cross(mc_vec2_sub(h[m - 1], h[m - 2]), mc_vec2_sub(p[i], h[m - 2])) <= 0) m--;
        h[m++] = p[i];
    }
    for (int i = 0; i < m - 1; i++) out[i] = h[i];
    return (McPoly){m - 1, out};
}

enum { BISECT = 80, MAX_CLEARING = 256 };

// The first object (not `self`) the rectangle `r` touches or overlaps, or -1.
static int first_touching(NaWorld *w, const McRect *r, int self) {
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(r, pv);
    McAabb bb = mc_poly_aabb(&p);
    int n = mc_na_world_query(w, &bb, 4 * MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++)
        if (w->hits[i] != self && mc_na_separation(&p, &w->objs[w->hits[i]].poly) <= MC_LINEAR_SLOP) return w->hits[i];
    return -1;
}

bool mc_na_flee(McEnv *env, NaWorld *w, int unit, int from, double distance, NaFleeOut *out) {
    memset(out, 0, sizeof *out);
    const NaBattlefield *bf = w->bf;
    McRect r = bf->units[unit].rect;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    out->start = r;
    double facing;
    if (from < 0) {
        // 9A-FL-1: with no enemy named, flee directly away from the closest enemy, centre to centre.
        double best = INFINITY;
        for (int i = 0; i < bf->unit_count; i++) {
            if (i == unit || !w->objs[i].active || !enemy_of(w, i, unit)) continue;
            double d = mc_vec2_distance(bf->units[i].rect.centre, r.centre);
            if (d < best) best = d, from = i;
        }
        if (from < 0) return false;
        out->by_centre = true;
        facing = mc_facing_from_direction(mc_vec2_sub(r.centre, bf->units[from].rect.centre));
    } else {
        int f = touching_facing(w, from, &p);
        out->engaged_contact = f >= 0;
        // Not touching: the facing whose arc the fleeing unit is located in (9A-ARC-1).
        out->engaged = f >= 0 ? (NaFacing)f : mc_na_arc_of_front(&bf->units[from].rect, &r);
        // The outward normal of that facing: the rear facing ends parallel to it (9A-FL-1).
        static const double normal[] = {0.0, 270.0, 90.0, 180.0};
        facing = mc_facing_normalize(bf->units[from].rect.facing + normal[out->engaged]);
    }
    out->from = from;
    out->pivot = r;
    out->pivot.facing = facing;
    McVec2 u = mc_facing_forward(facing);
    // Straight forward the flee distance, then on until clear of every unit and impassable terrain.
    double t = distance;
    for (int cleared = 0;; cleared++) {
        if (mc_work_out()) { // the request answers `limit`
            mc_work_note(env, "", "the flee of %s after %d units or terrain pieces cleared", bf->units[unit].id, cleared);
            return true;
        }
        if (cleared == MAX_CLEARING) break;
        McRect at = out->pivot;
        at.centre = mc_vec2_mul_add(out->pivot.centre, t, u);
        int o = first_touching(w, &at, unit);
        if (o < 0) break;
        // The separation along a straight translation is convex: bisect for where it turns
        // positive again beyond t, then stay NA_CLEAR_GAP clear of it.
        double lo = t, step = 1.0, hi = t + step;
        for (int i = 0; i < 64; i++) {
            at.centre = mc_vec2_mul_add(out->pivot.centre, hi, u);
            if (mc_na_rect_separation(&at, &w->objs[o].poly) > MC_LINEAR_SLOP) break;
            lo = hi;
            step *= 2;
            hi = t + step;
        }
        for (int i = 0; i < BISECT; i++) {
            double mid = 0.5 * (lo + hi);
            at.centre = mc_vec2_mul_add(out->pivot.centre, mid, u);
            if (mc_na_rect_separation(&at, &w->objs[o].poly) > 0.0) hi = mid;
            else lo = mid;
        }
        t = hi + NA_CLEAR_GAP;
    }
    out->extended = t - distance;
    double edge = edge_distance(bf, &out->pivot, u);
    out->end = out->pivot;
    if (edge <= t + MC_LINEAR_SLOP) {
        out->leaves_table = true;
        out->edge_at = edge;
        t = edge;
    }
    out->end.centre = mc_vec2_mul_add(out->pivot.centre, t, u);
    // What it passed through: the pivot's footprint and the swept hull of the straight move.
    McVec2 av[4], bv[4], hull[8];
    McPoly a = mc_rect_to_poly(&out->pivot, av), b = mc_rect_to_poly(&out->end, bv);
    McVec2 pts[8];
    for (int i = 0; i < 4; i++) pts[i] = a.v[i], pts[4 + i] = b.v[i];
    McPoly swept = hull8(pts, 8, hull);
    McAabb box = mc_aabb_union(mc_poly_aabb(&swept), mc_poly_aabb(&p));
    int n = mc_na_world_query(w, &box, 4 * MC_LINEAR_SLOP);
    for (int i = 0; i < n && out->crossed_count < NA_MAX_CROSSED; i++) {
        int o = w->hits[i];
        if (o == unit || o == from) continue;
        const McPoly *op = &w->objs[o].poly;
        if (!mc_na_overlaps(&swept, op) && !mc_na_overlaps(&a, op)) continue;
        NaCrossed *c = &out->crossed[out->crossed_count++];
        c->object = o;
        c->terrain = w->objs[o].unit < 0;
        c->enemy = !c->terrain && enemy_of(w, w->objs[o].unit, unit);
    }
    if (mc_work_out()) mc_work_note(env, "", "the flee of %s: the units and terrain it passed through", bf->units[unit].id);
    return true;
}

void mc_na_flee_trace(McEnv *env, const NaBattlefield *bf, int unit, const NaFleeOut *out) {
    const char *id = bf->units[unit].id, *fid = bf->units[out->from].id;
    if (out->by_centre)
        mc_trace(env, "9A-FL-1", id, "no enemy named: flees directly away from the closest enemy, %s, centre to centre", fid);
    else
        mc_trace(env, "9A-FL-1", id, "%s's %s facing %s: the rear facing is made parallel to it", fid, mc_na_facing_name(out->engaged),
                 out->engaged_contact ? "is the facing in contact" : "faces it (no facing touches; the arc it stands in decides, 9A-ARC-1)");
    double turn = mc_facing_delta(out->start.facing, out->pivot.facing);
    if (mc_fmt_negligible(turn))
        mc_trace(env, "9A-FL-1", id, "does not pivot: it already faces %s°, and moves straight forward",
                 mc_fmt_num(env, mc_facing_normalize(out->pivot.facing)));
    else
        mc_trace(env, "9A-FL-1", id, "pivots %s° about its centre to face %s°, then moves straight forward", mc_fmt_num(env, turn),
                 mc_fmt_num(env, mc_facing_normalize(out->pivot.facing)));
    if (out->extended > 0) mc_trace(env, "9A-SP-1", id, "it would end touching or overlapping something: the flee goes on %s\" until clear", mc_fmt_num(env, out->extended));
    if (out->leaves_table) mc_trace(env, "9A-FL-1", id, "it touches the table edge after %s\": removed as a casualty", mc_fmt_num(env, out->edge_at));
}
