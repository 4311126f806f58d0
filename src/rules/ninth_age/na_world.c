// The battlefield as convex shapes with a broad phase, the table check, Unit Spacing at the end
// of uncontrolled moves (9A-SP-1) and arcs (9A-ARC-1).
#include <math.h>
#include <stdlib.h>

#include "core/work.h"
#include "rules/ninth_age/na.h"

const char *mc_na_facing_name(NaFacing f) {
    static const char *const names[] = {"front", "left", "right", "rear"};
    return names[f];
}

const char *mc_na_situation_name(NaSituation s) {
    static const char *const names[] = {"enemy", "table-edge", "obstruction", "free"};
    return names[s];
}

bool mc_na_world_init(McEnv *env, NaWorld *w, const NaBattlefield *bf) {
    int n = bf->unit_count;
    for (int t = 0; t < bf->terrain_count; t++) n += bf->terrain[t].part_count;
    w->bf = bf;
    w->count = n;
    // Not zeroed: every field of every object is set below, so is every box; the broad phase
    // writes its nodes and scratch before it reads them, and a query its hits (90 KB zeroed for
    // 700 objects).
    size_t m = (size_t)(n > 0 ? n : 1);
    w->objs = mc_arena_alloc_raw(env->arena, sizeof(NaObject) * m);
    w->boxes = mc_arena_alloc_raw(env->arena, sizeof(McAabb) * m);
    w->nodes = mc_arena_alloc_raw(env->arena,
                                  sizeof(McBroadphaseNode) * (n > 0 ? (size_t)MC_BROADPHASE_NODES(n) : 1));
    w->scratch = mc_arena_alloc_raw(env->arena, sizeof(McBroadphaseScratch) * m);
    w->hits = mc_arena_alloc_raw(env->arena, sizeof(int) * m);
    if (!w->objs || !w->boxes || !w->nodes || !w->scratch || !w->hits) return false;
    int o = 0;
    for (int i = 0; i < bf->unit_count; i++, o++) {
        w->objs[o].poly = mc_rect_to_poly(&bf->units[i].rect, w->objs[o].corners);
        w->objs[o].unit = i;
        w->objs[o].terrain = -1;
        w->objs[o].active = true;
    }
    for (int t = 0; t < bf->terrain_count; t++)
        for (int k = 0; k < bf->terrain[t].part_count; k++, o++) {
            w->objs[o].poly = bf->terrain[t].parts[k];
            w->objs[o].unit = -1;
            w->objs[o].terrain = t;
            w->objs[o].active = true;
        }
    for (int i = 0; i < n; i++) w->boxes[i] = mc_poly_aabb(&w->objs[i].poly);
    // The broad phase is built by the query that first needs it (mc_na_world_query).
    w->built = false;
    w->scans = 0;
    return true;
}

// Between moves only a few units change place (and a search puts them back): refitting the tree
// finds the same objects as building it again (mc_na_world_query sorts them), at a fraction of the
// cost of a build. Charged as a scan of the boxes is (500 stars of 62 parts are 31,000 objects,
// refitted at every unit a pursuit or charge search moves).
static void update_tree(NaWorld *w) {
    if (!w->built) return; // queries scan w->boxes, which are up to date
    mc_work_add((uint64_t)w->count);
    if (!mc_broadphase_refit(&w->bp, w->boxes, w->count))
        mc_broadphase_build(&w->bp, w->nodes, MC_BROADPHASE_NODES(w->count), w->scratch, w->boxes, w->count);
}

void mc_na_world_refresh(NaWorld *w) {
    for (int i = 0; i < w->bf->unit_count; i++) w->boxes[i] = mc_poly_aabb(&w->objs[i].poly);
    update_tree(w);
}

void mc_na_world_place_all(NaWorld *w, const McRect *rects) {
    NaBattlefield *bf = (NaBattlefield *)w->bf;
    for (int i = 0; i < bf->unit_count; i++) {
        bf->units[i].rect = rects[i];
        w->objs[i].poly = mc_rect_to_poly(&rects[i], w->objs[i].corners);
    }
    mc_na_world_refresh(w);
}

void mc_na_world_move_unit(NaWorld *w, int unit, const McRect *rect) {
    McRect *at = &((NaBattlefield *)w->bf)->units[unit].rect;
    *at = *rect;
    w->objs[unit].poly = mc_rect_to_poly(at, w->objs[unit].corners);
    w->boxes[unit] = mc_poly_aabb(&w->objs[unit].poly);
    update_tree(w);
}

void mc_na_sort_ints(int *a, int n) {
    for (int end = n, start = n / 2; end > 1;) {
        if (start > 0) start--;
        else {
            int t = a[0];
            a[0] = a[--end];
            a[end] = t;
        }
        for (int i = start, k; (k = 2 * i + 1) < end; i = k) {
            if (k + 1 < end && a[k] < a[k + 1]) k++;
            if (a[i] >= a[k]) break;
            int t = a[i];
            a[i] = a[k];
            a[k] = t;
        }
    }
}

int mc_na_world_query(NaWorld *w, const McAabb *box, double margin) {
    McAabb q = mc_aabb_inflate(*box, margin);
    if (!w->built && w->scans < NA_WORLD_SCANS) {
        // The tree's leaves are these boxes, so it would find exactly these objects.
        w->scans++;
        mc_work_add(2 * (uint64_t)w->count);
        int n = 0;
        // The boxes first: they lie together, where each object's flag sits beside its 1 KB polygon.
        for (int o = 0; o < w->count; o++)
            if (mc_aabb_overlaps(w->boxes[o], q) && w->objs[o].active) w->hits[n++] = o;
        return n;
    }
    if (!w->built) {
        mc_broadphase_build(&w->bp, w->nodes, MC_BROADPHASE_NODES(w->count), w->scratch, w->boxes, w->count);
        w->built = true;
    }
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, q);
    int n = 0, o;
    while ((o = mc_broadphase_iter_next(&it)) >= 0)
        if (w->objs[o].active) w->hits[n++] = o;
    // The tree's visiting order is fixed, but callers read hits in object order so that ties
    // never depend on the tree's shape. Insertion sort for the usual few; among many pieces of
    // terrain (a 64-vertex star is 30 of them) its quadratic moves were most of a charge search.
    if (n > 32) {
        mc_na_sort_ints(w->hits, n);
        mc_work_add(32 * (uint64_t)n);
        return n;
    }
    uint64_t moves = (uint64_t)n;
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && w->hits[k - 1] > w->hits[k]; k--) {
            moves++;
            int t = w->hits[k];
            w->hits[k] = w->hits[k - 1];
            w->hits[k - 1] = t;
        }
    mc_work_add(moves);
    return n;
}

const char *mc_na_object_id(const NaWorld *w, int o) {
    const NaObject *ob = &w->objs[o];
    return ob->unit >= 0 ? w->bf->units[ob->unit].id : w->bf->terrain[ob->terrain].id;
}

double mc_na_separation(const McPoly *a, const McPoly *b) {
    double sep;
    mc_poly_overlap(a, b, &sep);
    return sep;
}

double mc_na_rect_separation(const McRect *r, const McPoly *b) {
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(r, pv);
    return mc_na_separation(&p, b);
}

bool mc_na_overlaps(const McPoly *a, const McPoly *b) {
    // mc_na_separation is the SAT value when that is at most 0 and a distance (>= 0) otherwise, so
    // it is below −slop exactly when the SAT value is.
    return mc_poly_sat_separation_until(a, b, -MC_LINEAR_SLOP) < -MC_LINEAR_SLOP;
}

double mc_na_to_table_edge(double c, double lim, double d) {
    return d > MC_ZERO_SLOP ? (lim - c) / d : (d < -MC_ZERO_SLOP ? -c / d : INFINITY);
}

bool mc_na_on_table(const NaBattlefield *bf, const McPoly *p) {
    if (!bf->has_table) return true;
    for (int i = 0; i < p->count; i++) {
        McVec2 v = p->v[i];
        if (v.x < -MC_LINEAR_SLOP || v.y < -MC_LINEAR_SLOP || v.x > bf->table_w + MC_LINEAR_SLOP ||
            v.y > bf->table_h + MC_LINEAR_SLOP)
            return false;
    }
    return true;
}

int mc_na_table_strips(const NaBattlefield *bf, McVec2 corners[4][4], McPoly strips[4]) {
    if (!bf->has_table) return 0;
    double W = bf->table_w, H = bf->table_h, t = 1.0;
    McRect r[4] = {
        {{-0.5 * t, 0.5 * H}, 0.0, t, H + 2 * t},
        {{W + 0.5 * t, 0.5 * H}, 0.0, t, H + 2 * t},
        {{0.5 * W, -0.5 * t}, 0.0, W + 2 * t, t},
        {{0.5 * W, H + 0.5 * t}, 0.0, W + 2 * t, t},
    };
    for (int i = 0; i < 4; i++) strips[i] = mc_rect_to_poly(&r[i], corners[i]);
    return 4;
}

// Objects far beyond this are never the nearest one worth reporting.
#define NEAREST_REPORT_RADIUS 12.0

bool mc_na_spacing_check(NaWorld *w, const McPoly *p, int self, int charged, NaSpacing *out) {
    NaSpacing s = {NA_SPACING_OK, -1, -1, 0.0};
    if (!mc_na_on_table(w->bf, p)) s.fault = NA_SPACING_OFF_TABLE;
    McAabb box = mc_poly_aabb(p);
    int n = mc_na_world_query(w, &box, NEAREST_REPORT_RADIUS);
    bool touches_target = charged < 0;
    for (int i = 0; i < n; i++) {
        int o = w->hits[i];
        if (o == self) continue;
        double sep = mc_na_separation(p, &w->objs[o].poly);
        if (o == charged) {
            if (sep < -MC_LINEAR_SLOP && s.fault == NA_SPACING_OK) s.fault = NA_SPACING_OVERLAP, s.object = o;
            if (sep <= MC_LINEAR_SLOP) touches_target = true;
            continue;
        }
        if (s.nearest < 0 || sep < s.nearest_gap) s.nearest = o, s.nearest_gap = sep;
        if (s.fault != NA_SPACING_OK) continue;
        if (sep < -MC_LINEAR_SLOP) s.fault = NA_SPACING_OVERLAP, s.object = o;
        else if (sep <= MC_LINEAR_SLOP) s.fault = NA_SPACING_CONTACT, s.object = o;
    }
    if (s.fault == NA_SPACING_OK && !touches_target) s.fault = NA_SPACING_NO_CONTACT, s.object = charged;
    if (out) *out = s;
    return s.fault == NA_SPACING_OK;
}

bool mc_na_clear_by(NaWorld *w, const McPoly *p, int self, int charged, double gap) {
    if (!mc_na_on_table(w->bf, p)) return false;
    McAabb bb = mc_poly_aabb(p);
    int n = mc_na_world_query(w, &bb, gap + MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++) {
        int o = w->hits[i];
        if (o == self) continue;
        if (o == charged) {
            if (mc_na_overlaps(p, &w->objs[o].poly)) return false;
            continue;
        }
        double sep = mc_na_separation(p, &w->objs[o].poly);
        if (sep <= MC_LINEAR_SLOP || sep < gap - MC_ROUNDING_SLOP) return false;
    }
    return true;
}

McVec2 mc_na_front_centre(const McRect *r) { return mc_rect_to_world(r, mc_vec2(0.0, fabs(r->depth) * 0.5)); }

NaFacing mc_na_arc_of_point(const McRect *target, McVec2 point) {
    // docs/geometry.md "Arcs": the 135° lines from the corners are |x| − w = |y| − h; "exactly on a
    // line between two arcs" counts as the flank arc (9A-ARC-1), hence the strict tests.
    McVec2 l = mc_rect_to_local(target, point);
    double w = fabs(target->width) * 0.5, h = fabs(target->depth) * 0.5;
    double side = fabs(l.x) - w;
    if (l.y > h && l.y - h > side) return NA_FACING_FRONT;
    if (l.y < -h && -l.y - h > side) return NA_FACING_REAR;
    return l.x < 0 ? NA_FACING_LEFT : NA_FACING_RIGHT;
}

NaFacing mc_na_arc_of_front(const McRect *target, const McRect *unit) {
    return mc_na_arc_of_point(target, mc_na_front_centre(unit));
}

// Lexicographic next permutation (chargers are tried in every order: 9A-PU-1, 9A-CH-4).
bool mc_na_next_permutation(int *a, int n) {
    int i = n - 2;
    while (i >= 0 && a[i] >= a[i + 1]) i--;
    if (i < 0) return false;
    int j = n - 1;
    while (a[j] <= a[i]) j--;
    int t = a[i];
    a[i] = a[j];
    a[j] = t;
    for (int l = i + 1, r = n - 1; l < r; l++, r--) t = a[l], a[l] = a[r], a[r] = t;
    return true;
}
