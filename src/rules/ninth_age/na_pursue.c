// Pursue Moves (docs/rules/ninth-age.md; clauses 9A-PU-*, 9A-DST-1, 9A-PV-*, 9A-FA-*, 9A-LP-1).
//
// Each pursuer is first *planned* (pivot, the situation after it, the Forward Ahead check) and
// then *executed* (charge placement, pivots, the straight move, the legal-position check). Before
// anyone moves, every pursuer is planned with the other pursuers ignored (9A-PU-0): those whose
// plan ends in a charge have declared it, with the target facing fixed by the arc they stand in
// now. Chargers then move first, in the order that best satisfies Combined Charges, the others in
// request order (9A-PU-1), each seeing where earlier movers ended.
#include <math.h>
#include <string.h>

#include "core/fmt.h"
#include "core/work.h"
#include "rules/ninth_age/na.h"

typedef struct Plan {
    bool pivoted;
    McRect start, pivot;
    NaSituation situation; // after the pivot (NA_SIT_FREE for an Overrun)
    int situation_object;
    bool has_ahead;
    McVec2 ahead[4];
    NaSituation ahead_kind;
    int ahead_object;
    double ahead_distance;
    NaSituation outcome; // NA_SIT_ENEMY: a charge
    bool at_pivot;       // decided by the situation after the pivot (else by Forward Ahead)
    int target;
    NaFacing facing;
} Plan;

typedef struct Ctx {
    McEnv *env;
    NaWorld *w;
    NaBattlefield *bf;
    const NaPursueIn *in;
    bool record; // trace and reasons (off while trying charge orders)
    unsigned char *pass; // per world object: a declared charging pursuer, which others may pass
    // The Charge Move of the next execute: `keep` (nullable) receives what mc_na_charge_solve found
    // (kept_ok whether it ran out of memory not), `reuse` (nullable) is that result for the same
    // table, found while trying orders, and stands in for solving again.
    NaChargeOut *keep;
    bool *kept_ok;
    const NaChargeOut *reuse;
    bool reuse_ok;
} Ctx;

static NaPose pose_of(const McRect *r) {
    NaPose p = {r->centre.x, r->centre.y, mc_facing_normalize(r->facing)};
    return p;
}

static McRect rect_at(McRect like, NaPose p) {
    like.centre = mc_vec2(p.x, p.y);
    like.facing = p.facing;
    return like;
}

// A trace step, only while recording.
#define TRACE(c, rule, unit, ...)                                                               \
    do {                                                                                        \
        if ((c)->record) mc_trace((c)->env, rule, (c)->bf->units[unit].id, __VA_ARGS__);        \
    } while (0)

static bool is_enemy(const Ctx *c, int o, int self) {
    const NaObject *ob = &c->w->objs[o];
    if (ob->unit < 0 || ob->unit == self || !ob->active) return false;
    const NaUnit *u = &c->bf->units[ob->unit];
    return !u->fled && strcmp(u->side, c->bf->units[self].side) != 0;
}

// ---- what lies ahead of a front facing ---------------------------------------------------------

typedef struct Front {
    McVec2 centre, fwd, right;
    double half; // half the front's width
} Front;

// `r` moved `d` straight forward.
static McRect forward(const McRect *r, double d) {
    McRect m = *r;
    m.centre = mc_vec2_mul_add(r->centre, d, mc_facing_forward(r->facing));
    return m;
}

static Front front_of(const McRect *r) {
    Front f;
    f.centre = mc_na_front_centre(r);
    f.fwd = mc_facing_forward(r->facing);
    f.right = mc_facing_right(r->facing);
    f.half = fabs(r->width) * 0.5;
    return f;
}

// Where the front facing, pushed straight ahead, first meets `obj` inside the strip |u| <= half
// (u along the front): the least forward coordinate of the object clipped to the strip, 0 when
// the object already straddles the front facing. False when it never does (outside the strip or
// wholly behind the front). Sutherland–Hodgman clipping of a convex polygon by two lines.
static bool ahead_distance(const McPoly *obj, const Front *f, double half, double *dist) {
    McVec2 a[MC_POLY_CAPACITY + 4], b[MC_POLY_CAPACITY + 4];
    int n = obj->count;
    for (int i = 0; i < n; i++) {
        McVec2 d = mc_vec2_sub(obj->v[i], f->centre);
        a[i] = mc_vec2(mc_vec2_dot(d, f->right), mc_vec2_dot(d, f->fwd));
    }
    for (int pass = 0; pass < 2; pass++) {
        double sign = pass == 0 ? 1.0 : -1.0; // keep sign·u <= half
        int m = 0;
        for (int i = 0; i < n; i++) {
            McVec2 p = a[i], q = a[(i + 1) % n];
            double fp = half - sign * p.x, fq = half - sign * q.x;
            if (fp >= 0) b[m++] = p;
            if ((fp >= 0) != (fq >= 0)) {
                double t = fp / (fp - fq);
                b[m++] = mc_vec2_lerp(p, q, t);
            }
        }
        n = m;
        for (int i = 0; i < n; i++) a[i] = b[i];
        if (n == 0) return false;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (int i = 0; i < n; i++) {
        if (a[i].y < lo) lo = a[i].y;
        if (a[i].y > hi) hi = a[i].y;
    }
    if (hi < -MC_LINEAR_SLOP) return false;
    *dist = lo > 0 ? lo : 0.0;
    return true;
}

// The strip's half-widths. An enemy touching only the strip's side line is met corner to corner,
// which is contact in this game (docs/api.md "Contact and tolerance"); anything else there is
// merely slid past, which is no collision.
#define ENEMY_HALF(f) ((f)->half + MC_LINEAR_SLOP)
#define OTHER_HALF(f) ((f)->half - 4 * MC_LINEAR_SLOP)

// ahead_distance where `decide` (ENEMY_HALF or OTHER_HALF) only decides whether `obj` lies in
// the strip; the distance is then measured in the strip of the front's true width. Met at a
// shallow angle, a few slops across the strip are far more along it (4 slops at 2° is 1e-4").
static bool ahead_distance_in(const McPoly *obj, const Front *f, double decide, double *dist) {
    if (!ahead_distance(obj, f, decide, dist)) return false;
    double exact;
    if (ahead_distance(obj, f, f->half, &exact)) *dist = exact;
    return true;
}

// How far the front facing can go straight ahead before touching the table edge (0: it already
// touches or is beyond it, 9A-PV-T / A-9A-3). The front's ends are taken a few slops inwards so
// that a unit whose side runs along the edge is not read as touching it; the real ends (the
// corners) then stop exactly on the edge (9A-FA-T "until it touches"), however slanting the run.
static double table_ahead(const NaBattlefield *bf, const Front *f) {
    if (!bf->has_table) return INFINITY;
    double best = INFINITY;
    double lim[2] = {bf->table_w, bf->table_h}, dir[2] = {f->fwd.x, f->fwd.y};
    for (int k = 0; k < 2; k++) {
        double side = k ? -1.0 : 1.0;
        McVec2 p = mc_vec2_mul_add(f->centre, side * OTHER_HALF(f), f->right);
        McVec2 corner = mc_vec2_mul_add(f->centre, side * f->half, f->right);
        double c[2] = {p.x, p.y}, e[2] = {corner.x, corner.y};
        for (int a = 0; a < 2; a++) {
            if (c[a] <= MC_LINEAR_SLOP || c[a] >= lim[a] - MC_LINEAR_SLOP) return 0.0;
            double d = mc_na_to_table_edge(c[a], lim[a], dir[a]), dc = mc_na_to_table_edge(e[a], lim[a], dir[a]);
            if (dc < d) d = dc > 0.0 ? dc : 0.0;
            if (d < best) best = d;
        }
    }
    return best;
}

// The first obstacle within `length` ahead (9A-FA-0), the uppermost kind winning ties (enemy,
// table edge, obstruction); among enemies the owner's named target, else the first unit listed.
// length 0 asks what the front facing touches now (9A-PV-E/T/O).
static NaSituation first_ahead(Ctx *c, int self, const Front *f, double length, int want, int *object,
                               double *distance) {
    McVec2 far = mc_vec2_scale(f->fwd, length);
    McVec2 fr = mc_vec2_mul_add(f->centre, f->half, f->right), fl = mc_vec2_mul_add(f->centre, -f->half, f->right);
    McAabb box = {fr, fr};
    McVec2 pts[3] = {fl, mc_vec2_add(fr, far), mc_vec2_add(fl, far)};
    for (int i = 0; i < 3; i++) box = mc_aabb_union(box, (McAabb){pts[i], pts[i]});
    int n = mc_na_world_query(c->w, &box, 4 * MC_LINEAR_SLOP);
    *object = -1;
    double best = INFINITY;
    NaSituation kind = NA_SIT_FREE;
    int obj = -1;
    double edge = table_ahead(c->bf, f);
    for (int pass = 0; pass < 2; pass++) {
        // Pass 0 finds the least distance; pass 1 the uppermost kind within the slop of it.
        for (int i = 0; i < n; i++) {
            int o = c->w->hits[i];
            if (o == self) continue;
            bool enemy = is_enemy(c, o, self);
            double d;
            if (!ahead_distance_in(&c->w->objs[o].poly, f, enemy ? ENEMY_HALF(f) : OTHER_HALF(f), &d)) continue;
            if (d > length + MC_LINEAR_SLOP) continue;
            if (pass == 0) {
                if (d < best) best = d;
                continue;
            }
            if (d > best + MC_LINEAR_SLOP) continue;
            NaSituation k = enemy ? NA_SIT_ENEMY : NA_SIT_OBSTRUCTION;
            if (k < kind || (k == kind && k == NA_SIT_ENEMY && o == want && obj != want)) {
                kind = k;
                obj = o;
                *distance = d;
            }
        }
        if (pass == 0) {
            if (edge <= length + MC_LINEAR_SLOP && edge < best) best = edge;
            if (best == INFINITY) return NA_SIT_FREE;
            if (edge <= best + MC_LINEAR_SLOP) kind = NA_SIT_TABLE_EDGE, *distance = edge;
        }
    }
    *object = kind == NA_SIT_TABLE_EDGE ? -1 : obj;
    return kind;
}

// ---- planning ----------------------------------------------------------------------------------

static void plan_move(Ctx *c, int k, Plan *p) {
    const NaPursuerIn *pi = &c->in->pursuers[k];
    int self = pi->unit;
    p->start = c->bf->units[self].rect;
    p->pivot = p->start;
    p->pivoted = !pi->overrun;
    p->situation = NA_SIT_FREE;
    p->situation_object = -1;
    p->has_ahead = false;
    p->target = -1;
    p->facing = NA_FACING_FRONT;
    p->at_pivot = false;
    if (p->pivoted) {
        // 9A-PV-1: pivot about the centre (A-9A-2) to the pursued unit's direction; unit
        // spacing is ignored during it.
        p->pivot.facing = c->in->pursued_facing;
        Front f = front_of(&p->pivot);
        double d;
        p->situation = first_ahead(c, self, &f, 0.0, pi->target, &p->situation_object, &d);
        if (p->situation != NA_SIT_FREE) {
            p->outcome = p->situation;
            p->at_pivot = true;
        }
    }
    if (!p->at_pivot) {
        // 9A-FA-0: the rectangle of the front facing extended straight ahead by the roll.
        Front f = front_of(&p->pivot);
        McVec2 far = mc_vec2_scale(f.fwd, pi->distance);
        p->has_ahead = true;
        p->ahead[0] = mc_vec2_mul_add(f.centre, f.half, f.right);
        p->ahead[1] = mc_vec2_mul_add(f.centre, -f.half, f.right);
        p->ahead[2] = mc_vec2_add(p->ahead[1], far);
        p->ahead[3] = mc_vec2_add(p->ahead[0], far);
        p->ahead_distance = pi->distance;
        p->ahead_kind = first_ahead(c, self, &f, pi->distance, pi->target, &p->ahead_object, &p->ahead_distance);
        p->outcome = p->ahead_kind;
    }
    if (p->outcome == NA_SIT_ENEMY) {
        p->target = p->at_pivot ? c->w->objs[p->situation_object].unit : c->w->objs[p->ahead_object].unit;
        // 9A-PU-0: the arc the pursuer is located in now, by the centre of its front facing
        // (9A-ARC-1), fixes the facing it charges.
        p->facing = mc_na_arc_of_front(&c->bf->units[p->target].rect, &p->start);
    }
}

// 9A-PV-E: the enemy units the front facing touches after the pivot, `first` (the one chosen:
// the owner's target, else the first listed) leading, the others in list order. An enemy without
// room is treated as an obstruction, so the next one still touching is the enemy situation then.
static int touching_enemies(Ctx *c, int self, McRect pivot, int first, int *out, int cap) {
    Front f = front_of(&pivot);
    McVec2 fr = mc_vec2_mul_add(f.centre, f.half, f.right), fl = mc_vec2_mul_add(f.centre, -f.half, f.right);
    McAabb box = mc_aabb_union((McAabb){fr, fr}, (McAabb){fl, fl});
    int n = mc_na_world_query(c->w, &box, 4 * MC_LINEAR_SLOP);
    int k = 0;
    out[k++] = first;
    for (int i = 0; i < n && k < cap; i++) {
        int o = c->w->hits[i];
        double d;
        if (o == first || !is_enemy(c, o, self)) continue;
        if (ahead_distance(&c->w->objs[o].poly, &f, ENEMY_HALF(&f), &d) && d <= MC_LINEAR_SLOP) out[k++] = o;
    }
    return k;
}

// 9A-CH-2 Align Move: the charged unit may be rotated instead of the charger only when it is not
// engaged: no enemy of it but the charger `self` in base contact (a pursuer that charged it
// earlier in this pursuit engages it, so only the first may rotate it, as in Combined Charges).
static bool engaged_by_other(Ctx *c, int target, int self) {
    const McPoly *p = &c->w->objs[target].poly;
    McAabb bb = mc_poly_aabb(p);
    int n = mc_na_world_query(c->w, &bb, 4 * MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++) {
        int o = c->w->hits[i], u = c->w->objs[o].unit;
        if (u < 0 || u == target || u == self) continue;
        if (strcmp(c->bf->units[u].side, c->bf->units[target].side) != 0 &&
            mc_na_separation(p, &c->w->objs[o].poly) <= MC_LINEAR_SLOP)
            return true;
    }
    return false;
}

// ---- execution ---------------------------------------------------------------------------------

// By pointer, as front_of: a rectangle passed by value is copied at each call (40 bytes, twenty
// calls: the module's size).
static void add_pose(NaPursuerOut *o, const McRect *r) {
    if (o->path_count < NA_MAX_PATH) o->path[o->path_count++] = pose_of(r);
}

static void reason(Ctx *c, NaPursuerOut *o, const char *code, const char *rule, const char *msg, int object) {
    if (!c->record) return;
    McReason *r = mc_reason_add(c->env, &o->reasons, code, rule, "%s", msg);
    if (r && object >= 0) r->unit = mc_na_object_id(c->w, object);
}

// A pose between two path poses: the centre moves straight, the facing turns the short way
// (or as `turn` says when the turn is 180°). a == b: a pivot about the centre, which stays as it is.
static McRect between(const McRect *like, const NaPose *a, const NaPose *b, double turn, double t) {
    McRect r = *like;
    if (a != b) r.centre = mc_vec2(a->x + (b->x - a->x) * t, a->y + (b->y - a->y) * t);
    r.facing = mc_facing_normalize(a->facing + turn * t);
    return r;
}

enum { BISECT_STEPS = 60 };

#define PI 3.14159265358979323846

// The least step of the exact searches along a move (pivot_obstructed, backtrack), as corner
// travel: the clear gap itself, the finest distance these rules measure. A slop (1e-6") let a pose
// kept just inside the gap along a whole path (a pursuer sliding past friends 0.0009995" away)
// step a million times an inch and spend the request's work budget.
#define BACKTRACK_STEP NA_CLEAR_GAP

// The most by which a corner of `p` lies beyond the table's edge, past a thousandth of the slop
// (-infinity with no table): > 0 is off the table.
static double beyond_table(const NaBattlefield *bf, const McPoly *p) {
    double worst = -INFINITY;
    if (!bf->has_table) return worst;
    double tol = MC_ROUNDING_SLOP;
    for (int i = 0; i < p->count; i++) {
        double out[4] = {-p->v[i].x - tol, -p->v[i].y - tol, p->v[i].x - bf->table_w - tol, p->v[i].y - bf->table_h - tol};
        for (int k = 0; k < 4; k++)
            if (out[k] > worst) worst = out[k];
    }
    return worst;
}

// On the table to within a thousandth of the slop: a pivot stops where a corner reaches the edge,
// not a slop beyond it.
static bool on_table_strict(const NaBattlefield *bf, const McPoly *p) { return beyond_table(bf, p) <= 0.0; }

// The world's objects but `self` within `margin` of `box`, into *objs (in the arena); their
// count, -1 when memory ran out. Always inlined: a call passed the box through a stack copy.
static inline __attribute__((always_inline)) int near_objects(Ctx *c, int self, McAabb box, double margin, int **objs) {
    int n = mc_na_world_query(c->w, &box, margin);
    *objs = MC_NEW(c->env->arena, int, n > 0 ? n : 1);
    if (!*objs) return -1;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (c->w->hits[i] != self) (*objs)[m++] = c->w->hits[i];
    return m;
}

// How far the pivot pose `p` is from keeping what pivot_obstructed asks (<= 0: it keeps it): the
// most by which it comes nearer to objs[i] than need[i], or lies beyond the table edge (when the
// start lay on the table).
static double pivot_short_by(Ctx *c, const McPoly *p, bool table, const int *objs, const double *need, int m) {
    double worst = table ? beyond_table(c->bf, p) : -INFINITY;
    for (int i = 0; i < m; i++) {
        double d = need[i] - mc_na_separation(p, &c->w->objs[objs[i]].poly);
        if (d > worst) worst = d;
    }
    return worst;
}

// 9A-PV-O: turn from the start towards the pursued direction as far as Unit Spacing allows:
// no object may come nearer than 1" (NA_SPACING) — or than it already was, when nearer — and the
// unit stays on the table. Exact as backtrack is, walking forwards: a pose with room R to spare
// leaves every pose within R / L of it fine (L = half the diagonal times the turn in radians),
// steps are at least BACKTRACK_STEP of corner travel, and the first pose that is not fine is
// bisected back to the stop, so no obstacle thicker than that step is turned through.
static McRect pivot_obstructed(Ctx *c, int self, McRect start, double turn) {
    bool spent = mc_work_out(); // (then the search that spent it has named itself)
    McVec2 p0v[4];
    McPoly p0 = mc_rect_to_poly(&start, p0v);
    double radius = 0.5 * sqrt(start.width * start.width + start.depth * start.depth);
    McAabb box = {mc_vec2(start.centre.x - radius, start.centre.y - radius),
                  mc_vec2(start.centre.x + radius, start.centre.y + radius)};
    int n = mc_na_world_query(c->w, &box, NA_SPACING + MC_LINEAR_SLOP);
    int *objs = MC_NEW(c->env->arena, int, n > 0 ? n : 1);
    double *need = MC_NEW(c->env->arena, double, n > 0 ? n : 1);
    if (!objs || !need) return start;
    int m = 0;
    for (int i = 0; i < n; i++) {
        int o = c->w->hits[i];
        if (o == self) continue;
        double s0 = mc_na_separation(&p0, &c->w->objs[o].poly);
        objs[m] = o;
        need[m++] = (s0 < NA_SPACING ? s0 : NA_SPACING) - MC_ROUNDING_SLOP;
    }
    bool table = on_table_strict(c->bf, &p0);
    double lip = radius * fabs(turn) * (PI / 180.0);
    double min_step = lip > 0.0 ? BACKTRACK_STEP / lip : 2.0;
    double ok = 0.0, t = 0.0;
    while (t < 1.0 && !mc_work_out()) {
        double spare = -pivot_short_by(c, &p0, table, objs, need, m);
        double step = lip > 0.0 ? spare / lip : 2.0;
        bool floor_step = step < min_step;
        double next = t + (floor_step ? min_step : step);
        if (next > 1.0) next = 1.0;
        McRect r = start;
        r.facing = mc_facing_normalize(start.facing + turn * next);
        p0 = mc_rect_to_poly(&r, p0v);
        if (pivot_short_by(c, &p0, table, objs, need, m) > 0.0) {
            // Certified fine up to next when the step was not the floor: the stop is next itself
            // only within rounding; bisect between the last fine pose and next either way.
            double bad = next;
            for (int it = 0; it < BISECT_STEPS; it++) {
                double mid = 0.5 * (ok + bad);
                McRect rm = start;
                rm.facing = mc_facing_normalize(start.facing + turn * mid);
                McVec2 pmv[4];
                McPoly pm = mc_rect_to_poly(&rm, pmv);
                if (pivot_short_by(c, &pm, table, objs, need, m) <= 0.0) ok = mid;
                else bad = mid;
            }
            break;
        }
        ok = t = next;
    }
    if (mc_work_out() && !spent) mc_work_note(c->env, "", "the obstructed pivot of %s", c->bf->units[self].id);
    McRect r = start;
    r.facing = mc_facing_normalize(start.facing + turn * ok);
    return r;
}

// 9A-FA-O: straight ahead until just before base contact (NA_CLEAR_GAP short).
static double stop_short(double distance) { return distance > NA_CLEAR_GAP ? distance - NA_CLEAR_GAP : 0.0; }

// How far pose `p` is from being legal for backtrack (<= 0: legal): the most by which it comes
// nearer than NA_CLEAR_GAP to one of the `m` objects `objs` (overlaps the charged unit, which it
// may touch), or lies beyond the table edge (on_table_strict). Legal exactly when
// mc_na_clear_by(NA_CLEAR_GAP) and on_table_strict both hold.
static double illegal_by(Ctx *c, const McPoly *p, int charged, const int *objs, int m) {
    double worst = beyond_table(c->bf, p);
    for (int i = 0; i < m; i++) {
        double sep = mc_na_separation(p, &c->w->objs[objs[i]].poly);
        double need = objs[i] == charged ? -MC_LINEAR_SLOP : NA_CLEAR_GAP - MC_ROUNDING_SLOP;
        if (need - sep > worst) worst = need - sep;
    }
    return worst;
}

// illegal_by of the pose at t of the move from `a` to `b` (between).
static double illegal_at(Ctx *c, const McRect *like, const NaPose *a, const NaPose *b, double turn, double t, int charged,
                         const int *objs, int m) {
    McRect r = between(like, a, b, turn, t);
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    return illegal_by(c, &p, charged, objs, m);
}

// Of the move from `a` to `b` turning `turn` (between), the first pose legal for illegal_by
// walking from t = `from` towards `to`, as its t; -1 when none is. Exact, not sampled: between two
// poses t apart no corner moves more than `lip`·t (lip = the centre's travel + half the diagonal
// times the turn in radians), and neither a separation nor a corner's distance beyond the edge
// changes by more than a corner moves. So at a pose illegal by D no pose within D / lip of it is
// legal, and stepping on by D / lip skips no legal position, however narrow its window. A step is
// at least BACKTRACK_STEP inches of corner travel (nearing a boundary the steps shrink towards it);
// a floor step that lands on a legal pose is bisected back to the boundary, so only a window under
// BACKTRACK_STEP wide can be passed over.
static double first_legal(Ctx *c, const McRect *like, const NaPose *a, const NaPose *b, double turn, double lip, double from,
                          double to, int charged, const int *objs, int m) {
    double min_step = lip > 0.0 ? BACKTRACK_STEP / lip : 2.0;
    double dir = to < from ? -1.0 : 1.0;
    double t = from, bad = -1.0; // bad: the last illegal pose tried, when the step from it was the floor
    while (dir * t <= dir * to && !mc_work_out()) {
        double d = illegal_at(c, like, a, b, turn, t, charged, objs, m);
        if (d <= 0.0) {
            if (bad < 0.0) return t;
            double good = t;
            for (int it = 0; it < BISECT_STEPS; it++) {
                double mid = 0.5 * (good + bad);
                if (illegal_at(c, like, a, b, turn, mid, charged, objs, m) <= 0.0) good = mid;
                else bad = mid;
            }
            return good;
        }
        double step = lip > 0.0 ? d / lip : 2.0;
        bool floor_step = step < min_step;
        bad = floor_step ? t : -1.0;
        double next = t + dir * (floor_step ? min_step : step);
        // A floor step may pass over `to` uncertified: `to` is tried.
        t = floor_step && dir * t < dir * to && dir * next > dir * to ? to : next;
    }
    return -1.0;
}

// 9A-LP-1: walk the path back from its end to the last position that touches nothing the unit
// did not charge, keeps NA_CLEAR_GAP and lies on the table (strictly: a corner stops on the edge,
// not a slop beyond it), each segment by first_legal. None (*found false): where it started. Each
// pose's separations are charged to the work budget (mc_na_separation counts them). sqrt, not
// hypot: the steps must be the same bits in every build (docs/geometry.md "Determinism").
static McRect backtrack(Ctx *c, NaPursuerOut *o, McRect like, int self, int charged, bool *found) {
    bool spent = mc_work_out(); // (then the search that spent it has named itself)
    *found = true;
    double radius = 0.5 * sqrt(like.width * like.width + like.depth * like.depth);
    for (int seg = o->path_count - 1; seg >= 1; seg--) {
        const NaPose *a = &o->path[seg - 1], *b = &o->path[seg];
        double turn = mc_facing_delta(a->facing, b->facing);
        double lip = sqrt((b->x - a->x) * (b->x - a->x) + (b->y - a->y) * (b->y - a->y)) + radius * fabs(turn) * (PI / 180.0);
        // Everything the unit can come within NA_CLEAR_GAP of along the segment.
        McAabb box = {mc_vec2(fmin(a->x, b->x) - radius, fmin(a->y, b->y) - radius),
                      mc_vec2(fmax(a->x, b->x) + radius, fmax(a->y, b->y) + radius)};
        int *objs;
        int m = near_objects(c, self, box, NA_CLEAR_GAP + MC_LINEAR_SLOP, &objs);
        if (m < 0) break;
        double t = first_legal(c, &like, a, b, turn, lip, 1.0, 0.0, charged, objs, m);
        if (t >= 0.0) return between(&like, a, b, turn, t);
    }
    if (mc_work_out() && !spent) mc_work_note(c->env, "", "the walk back to the last legal position of %s", c->bf->units[self].id);
    *found = false;
    return rect_at(like, o->path[0]);
}

// The first turn t (a fraction of `turn`, up to `limit`) from `at` about its centre whose pose is
// legal for illegal_by, or -1 when none is (first_legal; `radius`: half the diagonal).
static double first_legal_turn(Ctx *c, const McRect *at, double radius, double turn, double limit, const int *objs, int m) {
    NaPose p = {at->centre.x, at->centre.y, at->facing};
    return first_legal(c, at, &p, &p, turn, radius * fabs(turn) * (PI / 180.0), 0.0, limit, -1, objs, m);
}

// `at` turned to `facing` when that pose keeps Unit Spacing and lies on the table (as *out).
static bool facing_legal(Ctx *c, int self, const McRect *at, double facing, McRect *out) {
    McRect r = *at;
    r.facing = facing;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    if (!mc_na_spacing_check(c->w, &p, self, -1, NULL)) return false;
    *out = r;
    return true;
}

// A-9A-2 / 9A-PV-T: the least turn about the centre (clockwise at equal size) to a facing where
// the unit keeps NA_CLEAR_GAP from everything and lies on the table, searched over the whole
// circle: clockwise up to 180°, then anticlockwise only as far as the clockwise turn found. False
// when no facing is legal, or the work ran out (the request then answers the limit error).
static bool pivot_any_legal(Ctx *c, int self, McRect at, McRect *out) {
    if (mc_work_out()) return false;
    double radius = 0.5 * sqrt(at.width * at.width + at.depth * at.depth);
    McAabb box = {mc_vec2(at.centre.x - radius, at.centre.y - radius), mc_vec2(at.centre.x + radius, at.centre.y + radius)};
    int *objs;
    int m = near_objects(c, self, box, NA_CLEAR_GAP + MC_LINEAR_SLOP, &objs);
    if (m < 0) return false;
    double cw = first_legal_turn(c, &at, radius, 180.0, 1.0, objs, m);
    double acw = first_legal_turn(c, &at, radius, -180.0, cw >= 0.0 ? cw : 1.0, objs, m);
    if (mc_work_out()) {
        mc_work_note(c->env, "", "the Post-combat Pivot search of %s among %d objects", c->bf->units[self].id, m);
        return false;
    }
    if (cw < 0.0 && acw < 0.0) return false;
    // illegal_by's test is the stricter (a gap of NA_CLEAR_GAP, the table to a rounding slop):
    // the pose it passes is legal for the candidates' test too, which the answer reports.
    return facing_legal(c, self, &at, mc_facing_normalize(acw >= 0.0 && (cw < 0.0 || acw < cw) ? at.facing - 180.0 * acw : at.facing + 180.0 * cw),
                        out);
}

// A-9A-2: a Post-combat Pivot about the centre to the facing the owner names where it is legal,
// else (9A-PV-T asks whether the pivot can be made "in a way" that is legal, not whether the
// owner's way is) to the smallest turn (clockwise first) that leaves a legal position, among
// turns in steps of 15°, the facings square to the table (a unit touching an edge fits only at
// those) and the facing it had before the pursuit. Any legal facing will do (9A-PV-T asks whether one exists): when none of
// those is legal, the whole circle is searched exactly (pivot_any_legal) for the least turn that is.
static bool post_combat_pivot(Ctx *c, int k, McRect at, double before, McRect *out) {
    const NaPursuerIn *pi = &c->in->pursuers[k];
    mc_assume(c->env, MC_A_9A_2);
    if (pi->has_post_facing && facing_legal(c, pi->unit, &at, pi->post_facing, out)) return true;
    // Each candidate as its turn and the facing it gives (exact for the facings named outright).
    double turns[24 + 4 + 1], facings[24 + 4 + 1];
    int n = 0;
    for (int step = -11; step <= 12; step++, n++) {
        turns[n] = 15.0 * step;
        facings[n] = mc_facing_normalize(at.facing + turns[n]);
    }
    for (int q = 0; q < 4; q++, n++) {
        facings[n] = 90.0 * q;
        turns[n] = mc_facing_delta(at.facing, facings[n]);
    }
    facings[n] = mc_facing_normalize(before);
    turns[n] = mc_facing_delta(at.facing, facings[n]);
    n++;
    // Smallest turn first; at equal size clockwise (positive) first.
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0; j--) {
            double a = turns[j - 1], b = turns[j];
            if (!(fabs(b) < fabs(a) || (fabs(b) == fabs(a) && b > a))) break;
            double f = facings[j - 1];
            turns[j - 1] = b, turns[j] = a;
            facings[j - 1] = facings[j], facings[j] = f;
        }
    for (int i = 0; i < n; i++)
        if (facing_legal(c, pi->unit, &at, facings[i], out)) return true;
    return pivot_any_legal(c, pi->unit, at, out);
}

// ---- carrying out a plan -----------------------------------------------------------------------

// Where the executed move stands so far: the pose, the situation it turned out to meet, the clause
// it ends under, and the unit it charged (-1 when none) at which facing.
typedef struct Step {
    McRect cur;
    NaSituation outcome;
    const char *rule;
    int charged;
    int target;
    NaFacing facing;
} Step;

// The plan's findings copied into the answer, the start as the path's first pose, and the
// traces of the pivot and of what lies ahead.
static void record_plan(Ctx *c, int k, const Plan *p, NaPursuerOut *o) {
    const NaPursuerIn *pi = &c->in->pursuers[k];
    int self = pi->unit;
    o->pivoted = p->pivoted;
    o->pivot = pose_of(&p->pivot);
    o->situation = p->situation;
    o->situation_object = p->situation_object;
    o->has_ahead = p->has_ahead;
    for (int i = 0; i < 4; i++) o->ahead[i] = p->ahead[i];
    o->ahead_kind = p->has_ahead ? p->ahead_kind : NA_SIT_FREE;
    o->ahead_object = p->has_ahead ? p->ahead_object : -1;
    o->ahead_distance = p->has_ahead ? p->ahead_distance : 0.0;
    o->charge_target = -1;
    o->moved = 0.0;
    add_pose(o, &p->start);
    if (p->pivoted) {
        double turn = mc_facing_delta(p->start.facing, p->pivot.facing);
        if (mc_fmt_negligible(turn))
            TRACE(c, "9A-PV-1", self, "does not pivot: it already faces %s°, the pursued unit's direction",
                  mc_fmt_num(c->env, p->pivot.facing));
        else
            TRACE(c, "9A-PV-1", self, "pivots %s° about its centre to face %s°, the pursued unit's direction (unit spacing ignored)",
                  mc_fmt_num(c->env, turn), mc_fmt_num(c->env, p->pivot.facing));
    } else {
        TRACE(c, "9A-PV-1", self, "makes an Overrun: no pivot, straight forward at %s°", mc_fmt_num(c->env, p->start.facing));
    }
    if (p->at_pivot) {
        static const char *const rules[] = {"9A-PV-E", "9A-PV-T", "9A-PV-O"};
        TRACE(c, rules[p->situation], self, "after the pivot the front facing touches %s",
              p->situation == NA_SIT_TABLE_EDGE ? "the table edge" : mc_na_object_id(c->w, p->situation_object));
    } else if (p->pivoted) {
        TRACE(c, "9A-PV-F", self, "after the pivot the front facing touches nothing: Forward Ahead");
    }
    if (p->has_ahead) {
        if (p->ahead_kind == NA_SIT_FREE)
            TRACE(c, "9A-FA-0", self, "nothing lies in the %s\" by %s\" rectangle ahead", mc_fmt_num(c->env, pi->distance),
                  mc_fmt_num(c->env, fabs(p->start.width)));
        else
            TRACE(c, "9A-FA-0", self, "first obstacle in the rectangle ahead, %s\" away: %s", mc_fmt_num(c->env, p->ahead_distance),
                  p->ahead_kind == NA_SIT_TABLE_EDGE ? "the table edge" : mc_na_object_id(c->w, p->ahead_object));
    }
}

// 9A-PV-E: removed and placed back, the centre moving as little as possible from where it stood
// before the pivot, then aligned. Without room the enemy is an obstruction, and the enemy
// situation still holds for any other enemy the front facing touches. False when none has room.
static bool charge_at_pivot(Ctx *c, int self, const Plan *p, NaPursuerOut *o, Step *s) {
    NaPlacement pl;
    int cand[16];
    int nc = touching_enemies(c, self, p->pivot, p->target, cand, 16);
    // "If there is more than one possible target, the Pivoting unit chooses": unnamed, a choice.
    if (c->record && c->in->pursuers[o->index].target < 0 && nc >= 2)
        for (int i = 0; i < nc && o->target_option_count < NA_MAX_TARGET_OPTIONS; i++)
            o->target_options[o->target_option_count++] = c->w->objs[cand[i]].unit;
    bool placed = false;
    for (int i = 0; i < nc && !placed; i++) {
        int t = c->w->objs[cand[i]].unit;
        NaFacing fc = i == 0 ? p->facing : mc_na_arc_of_front(&c->bf->units[t].rect, &p->start);
        if (mc_na_charge_place(c->w, self, t, fc, p->start.centre, -1.0, &pl)) {
            placed = true;
            s->target = t;
            s->facing = fc;
        } else if (i + 1 < nc) {
            TRACE(c, s->rule, self, "no room to charge %s: it is treated as an obstruction, and the front facing also touches %s",
                  c->bf->units[t].id, mc_na_object_id(c->w, cand[i + 1]));
        }
    }
    if (!placed) return false;
    if (p->pivoted) add_pose(o, &p->pivot);
    s->cur = pl.rect;
    add_pose(o, &s->cur);
    o->contact_length = pl.contact_length;
    o->moved = pl.displacement;
    if (c->record)
        mc_trace(c->env, s->rule, c->bf->units[self].id,
                 "charges %s in its %s facing (arc fixed before moving): placed in contact and aligned, centre moved %s\", %s",
                 c->bf->units[s->target].id, mc_na_facing_name(s->facing), mc_fmt_num(c->env, pl.displacement),
                 pl.contact_length > MC_LINEAR_SLOP ? mc_strf(c->env, "%s\" of front in contact", mc_fmt_num(c->env, pl.contact_length))
                                                    : "corner to corner");
    return true;
}

// 9A-FA-E: a normal Charge Move from where the pivot left it (straight, one wheel, straight,
// align: 9A-CH-1, 9A-CH-2, Maximising Contact 9A-CH-3) with the pursuit roll as its range; fellow
// charging pursuers may be passed through (9A-EX-1). When it fails, *why is the `charge` query's
// reason on the same position.
static bool charge_forward(Ctx *c, int k, const Plan *p, NaPursuerOut *o, Step *s, const McReason **why) {
    const NaPursuerIn *pi = &c->in->pursuers[k];
    int self = pi->unit;
    mc_na_world_move_unit(c->w, self, &p->pivot);
    NaChargeIn ci = {self, p->target, true, pi->distance, p->facing, !engaged_by_other(c, p->target, self), c->pass};
    NaChargeOut co;
    bool solved;
    if (c->reuse) {
        co = *c->reuse;
        solved = c->reuse_ok;
    } else {
        solved = mc_na_charge_solve(c->env, c->w, &ci, &co);
    }
    if (c->keep) *c->keep = co, *c->kept_ok = solved;
    if (solved && !co.possible) *why = mc_na_charge_reason(c->env, c->w, &ci, &co);
    bool placed = solved && co.possible;
    if (placed) {
        const NaChargeMove *m = &co.best;
        if (p->pivoted) add_pose(o, &p->pivot);
        if (m->a > 0) add_pose(o, &m->after_a);
        if (m->wheel != 0.0) add_pose(o, &m->after_wheel);
        if (m->align != 0.0 && !m->rotates_target) add_pose(o, &m->contact);
        s->cur = m->final;
        add_pose(o, &s->cur);
        o->contact_length = m->contact_length;
        o->moved = m->distance;
        if (m->rotates_target) {
            o->rotates_target = true;
            o->target_final = pose_of(&m->target_final);
            mc_na_world_move_unit(c->w, p->target, &m->target_final);
        }
        if (c->record)
            mc_trace(c->env, s->rule, c->bf->units[self].id,
                     "charges %s in its %s facing (arc fixed before moving) with a Charge Move of %s\" (wheel %s°, align %s°), %s",
                     c->bf->units[p->target].id, mc_na_facing_name(p->facing), mc_fmt_num(c->env, m->distance), mc_fmt_num(c->env, m->wheel),
                     mc_fmt_num(c->env, m->align),
                     m->contact_length > MC_LINEAR_SLOP ? mc_strf(c->env, "%s\" of front in contact", mc_fmt_num(c->env, m->contact_length))
                                                        : "corner to corner");
    }
    mc_na_world_move_unit(c->w, self, &p->start);
    return placed;
}

// 9A-FA-O: straight ahead from the pivot, stopping NA_CLEAR_GAP short of an obstruction
// `distance` ahead; `pivot_pose`: the pivot is a pose of the move; `what` names the obstruction.
static void stop_before(Ctx *c, int self, const Plan *p, NaPursuerOut *o, Step *s, double distance, bool pivot_pose,
                        const char *what) {
    o->moved = stop_short(distance);
    if (pivot_pose) add_pose(o, &p->pivot);
    s->cur = forward(&p->pivot, o->moved);
    add_pose(o, &s->cur);
    s->rule = "9A-FA-O";
    TRACE(c, s->rule, self, "%s straight forward, stopping %s\" before %s", mc_fmt_amount(c->env, "moves", o->moved, "\"", "does not move"),
          mc_fmt_num(c->env, NA_CLEAR_GAP), what);
}

// A charge that could not be completed: the reason is the `charge` query's on the same position
// (`why`; its codes no_room and path_blocked named charge_no_room and charge_blocked here), and the
// enemy is an obstruction. After Forward Ahead the unit moves straight (9A-FA-O) until just before
// that enemy or anything else now in the way.
static void charge_refused(Ctx *c, int self, const Plan *p, NaPursuerOut *o, Step *s, const McReason *why) {
    const char *target = c->bf->units[p->target].id;
    if (!why) {
        reason(c, o, "charge_no_room", s->rule,
               mc_strf(c->env, "There is no room to place the pursuer in contact with %s's %s facing, so %s counts as an obstruction.",
                       target, mc_na_facing_name(p->facing), target),
               p->target);
    } else if (c->record) {
        const char *code = why->code[0] == 'n' ? "charge_no_room" : why->code[0] == 'p' ? "charge_blocked" : why->code;
        McReason *r = mc_reason_add(c->env, &o->reasons, code, s->rule, "%s", why->message);
        if (r) r->unit = why->unit;
    }
    TRACE(c, s->rule, self, "the charge cannot be completed: %s is treated as an obstruction", target);
    s->outcome = NA_SIT_OBSTRUCTION;
    if (p->at_pivot) {
        s->rule = "9A-PV-O";
        return;
    }
    Front f = front_of(&p->pivot);
    double d = p->ahead_distance;
    McAabb box = mc_poly_aabb(&c->w->objs[self].poly);
    for (int i = 0; i < 4; i++) box = mc_aabb_union(box, (McAabb){p->ahead[i], p->ahead[i]});
    int n = mc_na_world_query(c->w, &box, 4 * MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++) {
        double di;
        int ob = c->w->hits[i];
        if (ob != self && ahead_distance_in(&c->w->objs[ob].poly, &f, OTHER_HALF(&f), &di) && di < d) d = di;
    }
    double e = table_ahead(c->bf, &f);
    if (e < d) d = e;
    stop_before(c, self, p, o, s, d, true, "the first obstruction");
}

// 9A-PV-E / 9A-FA-E: the charge, or, when it cannot be made, the enemy as an obstruction.
static void charge(Ctx *c, int k, const Plan *p, NaPursuerOut *o, Step *s) {
    int self = c->in->pursuers[k].unit;
    s->rule = p->at_pivot ? "9A-PV-E" : "9A-FA-E";
    const McReason *why = NULL; // why the Charge Move failed
    bool placed = p->at_pivot ? charge_at_pivot(c, self, p, o, s) : charge_forward(c, k, p, o, s, &why);
    if (placed) {
        s->charged = s->target;
        o->charge_target = s->target;
        o->charge_facing = s->facing;
    } else {
        charge_refused(c, self, p, o, s, why);
    }
}

// 9A-PV-T / 9A-FA-T: at the table edge, a Post-combat Pivot when one is legal. Without one the
// edge is an obstruction after the pivot; after Forward Ahead the unit keeps its facing there.
static void table_edge(Ctx *c, int k, const Plan *p, NaPursuerOut *o, Step *s) {
    int self = c->in->pursuers[k].unit;
    mc_assume(c->env, MC_A_9A_3);
    McRect at = p->pivot;
    if (!p->at_pivot) {
        o->moved = p->ahead_distance;
        at = forward(&p->pivot, o->moved);
    }
    McRect turned;
    if (post_combat_pivot(c, k, at, p->start.facing, &turned)) {
        if (p->pivoted) add_pose(o, &p->pivot);
        if (!p->at_pivot) add_pose(o, &at);
        s->cur = turned;
        add_pose(o, &s->cur);
        o->post_pivot = true;
        s->rule = p->at_pivot ? "9A-PV-T" : "9A-FA-T";
        double turn = mc_facing_delta(at.facing, turned.facing);
        if (mc_fmt_negligible(turn))
            TRACE(c, s->rule, self, "Post-combat Pivot: does not pivot, its facing of %s° is already legal", mc_fmt_num(c->env, turned.facing));
        else
            TRACE(c, s->rule, self, "Post-combat Pivot of %s° to face %s°", mc_fmt_num(c->env, turn), mc_fmt_num(c->env, turned.facing));
    } else if (p->at_pivot) {
        reason(c, o, "no_legal_post_combat_pivot", "9A-PV-T", "No Post-combat Pivot gives a legal position, so the table edge counts as an obstruction.", -1);
        TRACE(c, "9A-PV-T", self, "no Post-combat Pivot is legal: the table edge is treated as an obstruction");
        s->outcome = NA_SIT_OBSTRUCTION;
    } else {
        reason(c, o, "no_legal_post_combat_pivot", "9A-FA-T", "No Post-combat Pivot gives a legal position, so the unit keeps its facing at the table edge.", -1);
        if (p->pivoted) add_pose(o, &p->pivot);
        s->cur = at;
        add_pose(o, &s->cur);
        s->rule = "9A-FA-T";
    }
}

// 9A-FA-O: straight ahead, stopping just before the obstruction Forward Ahead found.
static void obstruction_ahead(Ctx *c, int self, const Plan *p, NaPursuerOut *o, Step *s) {
    stop_before(c, self, p, o, s, p->ahead_distance, p->pivoted, "the obstruction");
}

// 9A-PV-O: the pivot is made again, this time only as far as Unit Spacing allows.
static void pivot_short(Ctx *c, int self, const Plan *p, NaPursuerOut *o, Step *s) {
    double turn = mc_facing_delta(p->start.facing, c->in->pursued_facing);
    s->cur = pivot_obstructed(c, self, p->start, turn);
    double made = mc_facing_delta(p->start.facing, s->cur.facing);
    // A turn below the tolerance is the bisection's noise: the unit keeps its facing exactly.
    if (mc_fmt_negligible(made)) s->cur = p->start;
    add_pose(o, &s->cur);
    if (mc_fmt_negligible(made))
        TRACE(c, s->rule, self, "does not pivot: unit spacing allows none of the %s° towards the pursued direction, and it moves no further",
              mc_fmt_num(c->env, turn));
    else
        TRACE(c, s->rule, self, "pivots only %s° of %s° towards the pursued direction, keeping unit spacing, and moves no further",
              mc_fmt_num(c->env, made), mc_fmt_num(c->env, turn));
}

// 9A-FA-F: nothing ahead, the full pursuit distance straight forward.
static void free_ahead(Ctx *c, int k, const Plan *p, NaPursuerOut *o, Step *s) {
    const NaPursuerIn *pi = &c->in->pursuers[k];
    o->moved = pi->distance;
    if (p->pivoted) add_pose(o, &p->pivot);
    s->cur = forward(&p->pivot, pi->distance);
    add_pose(o, &s->cur);
    s->rule = "9A-FA-F";
    TRACE(c, s->rule, pi->unit, "moves its full pursuit distance, %s\", straight forward", mc_fmt_num(c->env, pi->distance));
}

// 9A-LP-1: the end position must touch nothing it did not charge and keep unit spacing; if not,
// the unit backtracks along its path to its last legal position. When no position of its path is
// legal, it goes back to where it started; if it never left that pose, nothing was backtracked: it
// stays as it stood. Returns where it ends.
static McRect legal_end(Ctx *c, int self, const Plan *p, NaPursuerOut *o, McRect cur, int charged) {
    const char *id = c->bf->units[self].id;
    McVec2 endpv[4];
    McPoly endp = mc_rect_to_poly(&cur, endpv);
    NaSpacing sp;
    if (!mc_na_spacing_check(c->w, &endp, self, charged, &sp)) {
        static const char *const what[] = {"", "beyond", "overlapping", "in contact with", "not touching"};
        const char *obj = sp.object >= 0 ? mc_na_object_id(c->w, sp.object) : "the table edge";
        NaPose from = pose_of(&cur), start = o->path[0];
        bool found;
        McRect back = backtrack(c, o, p->start, self, charged, &found);
        bool moved = fabs(from.x - start.x) > MC_LINEAR_SLOP || fabs(from.y - start.y) > MC_LINEAR_SLOP ||
                     !mc_fmt_negligible(mc_facing_delta(start.facing, from.facing));
        if (!found && !moved) {
            // A pivot or move refused everywhere leaves the unit where it stood, illegal as it was:
            // nothing to backtrack (a no_legal_position reason says so).
            if (c->record) {
                mc_trace(c->env, "9A-LP-1", id, "no legal pivot or move: it stays where it started, still %s %s", what[sp.fault], obj);
                McReason *r = mc_reason_add(c->env, &o->reasons, "no_legal_position", "9A-LP-1",
                                            "No pivot or move gives a legal position, so the unit stays where it started, still %s %s.",
                                            what[sp.fault], obj);
                if (r && sp.object >= 0) r->unit = obj;
            }
        } else {
            o->backtracked = true;
            o->backtrack_from = from;
            o->backtrack_fault = sp.fault;
            o->backtrack_object = sp.object;
            cur = back;
            if (c->record) {
                if (found)
                    mc_trace(c->env, "9A-LP-1", id, "the end position is illegal (%s %s): backtracked to its last legal position", what[sp.fault], obj);
                else
                    mc_trace(c->env, "9A-LP-1", id, "the end position is illegal (%s %s) and so is every position on its path: back where it started",
                             what[sp.fault], obj);
                McReason *r = mc_reason_add(c->env, &o->reasons, sp.fault == NA_SPACING_OFF_TABLE ? "ends_off_table" : (sp.fault == NA_SPACING_OVERLAP ? "ends_overlapping" : "ends_in_contact"),
                                            "9A-LP-1", found ? "The move would end %s %s, so the unit backtracks to its last legal position."
                                                             : "The move would end %s %s, and no position on its path is legal, so the unit goes back to where it started.",
                                            what[sp.fault], obj);
                if (r && sp.object >= 0) r->unit = obj;
            }
        }
        endp = mc_rect_to_poly(&cur, endpv);
        mc_na_spacing_check(c->w, &endp, self, charged, &sp);
        if (charged >= 0 && sp.fault == NA_SPACING_NO_CONTACT) {
            // The outcome stays the charge that was made, but the answer says it was undone.
            o->charge_undone = true;
            if (c->record) {
                McReason *r = mc_reason_add(c->env, &o->reasons, "charge_undone", "9A-LP-1",
                                            "The backtrack takes the unit out of contact with %s: the charge is undone.",
                                            c->bf->units[charged].id);
                if (r) r->unit = c->bf->units[charged].id;
                mc_trace(c->env, "9A-LP-1", id, "backtracked out of contact with %s: the charge is undone", c->bf->units[charged].id);
            }
        }
    } else {
        TRACE(c, "9A-LP-1", self, "the end position is legal");
    }
    o->spacing = sp;
    return cur;
}

// Whether the work budget has run out; a step in which it did names itself and the unit where no
// search inside it did (the limit's message said "()").
static bool spent_in(Ctx *c, int self, const char *step) {
    if (!mc_work_out()) return false;
    if (!c->env->work_where[0]) mc_work_note(c->env, "", "%s of %s", step, c->bf->units[self].id);
    return true;
}

// Carries out pursuer k's plan: the charge, table edge, obstruction or free move it found, then
// the legal-position check; moves the unit in the world to where it ends.
static void execute(Ctx *c, int k, const Plan *p, NaPursuerOut *o) {
    int self = c->in->pursuers[k].unit;
    record_plan(c, k, p, o);
    Step s = {p->start, p->outcome, NULL, -1, p->target, p->facing};
    if (s.outcome == NA_SIT_ENEMY) charge(c, k, p, o, &s);
    if (s.outcome == NA_SIT_TABLE_EDGE) table_edge(c, k, p, o, &s);
    if (s.outcome == NA_SIT_OBSTRUCTION && s.rule == NULL) {
        mc_assume(c->env, MC_A_9A_3);
        if (p->at_pivot) s.rule = "9A-PV-O";
        else obstruction_ahead(c, self, p, o, &s);
    }
    if (s.outcome == NA_SIT_OBSTRUCTION && strcmp(s.rule, "9A-PV-O") == 0) {
        mc_assume(c->env, MC_A_9A_3);
        pivot_short(c, self, p, o, &s);
    }
    if (s.outcome == NA_SIT_FREE) free_ahead(c, k, p, o, &s);
    o->outcome = s.charged >= 0 ? NA_SIT_ENEMY : s.outcome;
    o->rule = s.rule;
    if (spent_in(c, self, "the move")) return;
    McRect end = legal_end(c, self, p, o, s.cur, s.charged);
    if (spent_in(c, self, "the legal-position check (9A-LP-1)")) return;
    o->final = pose_of(&end);
    mc_na_world_move_unit(c->w, self, &end);
}

// ---- the whole pursuit -------------------------------------------------------------------------

// Moves pursuer k (an index into in->pursuers); mc_na_pursue moves them one after the other in
// the order chosen. `declared[k]` holds pursuer k's plan made before anyone moved when it
// declared a charge (it is carried out as declared: chargers may pass through one another); the
// others are planned when their turn comes, seeing where earlier movers ended.
static void run_one(Ctx *c, int k, const Plan *plans, const bool *declared, NaPursuerOut *o) {
    memset(o, 0, sizeof *o);
    o->index = k;
    o->unit = c->in->pursuers[k].unit;
    o->start = pose_of(&c->bf->units[o->unit].rect);
    o->declared = declared[k];
    o->destroys_fleeing = c->in->has_flee && c->in->pursuers[k].distance >= c->in->flee_distance - MC_LINEAR_SLOP;
    Plan p;
    if (declared[k]) p = plans[k];
    else plan_move(c, k, &p);
    if (spent_in(c, o->unit, "the plan of the move")) return;
    execute(c, k, &p, o);
}

// 9A-DST-1: a pursuit roll equal to or higher than the flee distance destroys the fleeing unit at
// once, before anyone moves; the pursued unit is marked fled, and taken off the table if destroyed.
static void destroy_fleeing(McEnv *env, NaWorld *wp, NaBattlefield *bf, const NaPursueIn *in, NaPursueOut *out) {
    out->fleeing_destroyed = in->destroyed;
    for (int k = 0; k < in->pursuer_count && in->has_flee; k++)
        if (in->pursuers[k].distance >= in->flee_distance - MC_LINEAR_SLOP) {
            if (!out->fleeing_destroyed)
                mc_trace(env, "9A-DST-1", bf->units[in->pursuers[k].unit].id,
                         "pursuit roll %s\" is at least the flee distance %s\": the fleeing unit is destroyed",
                         mc_fmt_num(env, in->pursuers[k].distance), mc_fmt_num(env, in->flee_distance));
            out->fleeing_destroyed = true;
        }
    if (in->has_flee && !out->fleeing_destroyed)
        mc_trace(env, "9A-DST-1", NULL, "no pursuit roll reaches the flee distance %s\": the fleeing unit survives", mc_fmt_num(env, in->flee_distance));
    if (in->pursued >= 0) {
        bf->units[in->pursued].fled = true;
        // a flee made here (not destroyed first): to where it ended, or off the table
        if (out->fleeing_destroyed || (out->fled && out->flee.leaves_table)) {
            wp->objs[in->pursued].active = false;
            mc_na_world_refresh(wp);
        } else if (out->fled)
            mc_na_world_move_unit(wp, in->pursued, &out->flee.end);
    }
}

// 9A-PU-0: who would charge, each pursuer planned with the other pursuers ignored, before anyone
// moves. Fills plans and declared; false when the work ran out.
static bool declare_charges(Ctx *c, Plan *plans, bool *declared) {
    const NaPursueIn *in = c->in;
    int n = in->pursuer_count;
    c->record = false;
    for (int k = 0; k < n; k++) {
        for (int j = 0; j < n; j++) c->w->objs[in->pursuers[j].unit].active = j == k;
        mc_na_world_refresh(c->w);
        plan_move(c, k, &plans[k]);
        declared[k] = plans[k].outcome == NA_SIT_ENEMY;
        if (mc_work_out()) {
            mc_work_note(c->env, "pursuers", "the pursuit plans after %d of %d pursuers", k, n);
            return false;
        }
    }
    for (int j = 0; j < n; j++) {
        c->w->objs[in->pursuers[j].unit].active = true;
        c->pass[in->pursuers[j].unit] = declared[j];
    }
    mc_na_world_refresh(c->w);
    c->record = true;
    return true;
}

// 9A-PU-1: the order of the first `chargers` entries of `order` that best satisfies Combined
// Charges — the most charges completed, then the fewest charged units rotated by an Align Move,
// then the most front facing in contact (a measure of models in base contact, 9A-CH-3) — ties
// kept in request order. Every order is moved out (the table is back as `saved` after); chosen
// and chosen_ok receive the best order's Charge Moves. False when memory or the work ran out.
static bool search_order(Ctx *c, const Plan *plans, const bool *declared, int *order, int chargers, const McRect *saved,
                         NaPursuerOut *trial, NaChargeOut *chosen, bool *chosen_ok) {
    McEnv *env = c->env;
    NaBattlefield *bf = c->bf;
    int perm[NA_MAX_ORDER_SEARCH], best[NA_MAX_ORDER_SEARCH];
    for (int i = 0; i < chargers; i++) perm[i] = best[i] = order[i];
    int best_done = -1, best_rot = 0;
    double best_contact = 0;
    NaChargeOut *tried = MC_NEW(env->arena, NaChargeOut, NA_MAX_ORDER_SEARCH);
    if (!tried) return false;
    bool tried_ok[NA_MAX_ORDER_SEARCH] = {false};
    c->record = false;
    // Orders come in lexicographic order, so each shares a prefix with the one before: the table
    // after each move is kept (snap, one row of unit poses per move) and a new order starts from
    // where its prefix left the table, not from scratch.
    McRect *snap = MC_NEW(env->arena, McRect, (size_t)(bf->unit_count > 0 ? bf->unit_count : 1) * NA_MAX_ORDER_SEARCH);
    if (!snap) return false;
    int prev[NA_MAX_ORDER_SEARCH], orders_tried = 0, orders = 1;
    for (int i = 2; i <= chargers; i++) orders *= i;
    bool first = true;
    do {
        int from = 0;
        while (!first && from < chargers - 1 && perm[from] == prev[from]) from++;
        mc_na_world_place_all(c->w, from == 0 ? saved : snap + (size_t)(from - 1) * bf->unit_count);
        for (int i = from; i < chargers; i++) {
            c->keep = &tried[i], c->kept_ok = &tried_ok[i];
            run_one(c, perm[i], plans, declared, &trial[i]);
            c->keep = NULL;
            for (int u = 0; u < bf->unit_count; u++) snap[(size_t)i * bf->unit_count + u] = bf->units[u].rect;
        }
        if (mc_work_out()) {
            mc_work_note(env, "pursuers", "the pursuers' charge order search after %d of %d orders (%s)", orders_tried, orders,
                         env->work_where);
            return false;
        }
        orders_tried++;
        for (int i = 0; i < chargers; i++) prev[i] = perm[i];
        first = false;
        int done = 0, rot = 0;
        double contact = 0;
        for (int i = 0; i < chargers; i++)
            if (trial[i].charge_target >= 0) done++, rot += trial[i].rotates_target, contact += trial[i].contact_length;
        if (done > best_done || (done == best_done && rot < best_rot) ||
            (done == best_done && rot == best_rot && contact > best_contact + MC_LINEAR_SLOP)) {
            best_done = done;
            best_rot = rot;
            best_contact = contact;
            for (int i = 0; i < chargers; i++) best[i] = perm[i], chosen[i] = tried[i], chosen_ok[i] = tried_ok[i];
        }
    } while (mc_na_next_permutation(perm, chargers));
    c->record = true;
    mc_na_world_place_all(c->w, saved);
    for (int i = 0; i < chargers; i++) order[i] = best[i];
    return true;
}

// The flee of a pursued unit that stands where it broke (9A-FL-1), worked out before anyone moves:
// its pivot gives the direction the pursuers take (9A-PV-1), even when a pursuit roll destroys it
// before it moves (9A-DST-1, the direction it would have had). `flee_in` receives `in` with that
// direction.
static bool flee_first(McEnv *env, NaWorld *wp, const NaPursueIn *in, NaPursueIn *flee_in, NaPursueOut *out) {
    if (!mc_na_flee(env, wp, in->pursued, in->flees_from, in->flee_distance, &out->flee)) return false;
    mc_na_flee_trace(env, wp->bf, in->pursued, &out->flee);
    out->fled = true;
    *flee_in = *in;
    flee_in->pursued_facing = out->flee.pivot.facing;
    return !mc_work_out();
}

bool mc_na_pursue(McEnv *env, NaBattlefield *bf, const NaPursueIn *in, NaPursueOut *out) {
    int n = in->pursuer_count;
    NaWorld *wp = MC_NEW(env->arena, NaWorld, 1);
    if (!wp || !mc_na_world_init(env, wp, bf)) return false;
    out->world = wp;
    NaPursueIn flee_in;
    if (in->flees_from >= 0) {
        if (!flee_first(env, wp, in, &flee_in, out)) return false;
        in = &flee_in;
    }
    Ctx c = {env, wp, bf, in, true, NULL, NULL, NULL, NULL, false};
    c.pass = MC_NEW(env->arena, unsigned char, wp->count > 0 ? wp->count : 1);
    if (!c.pass) return false;
    mc_assume(env, MC_A_9A_1);
    Plan *plans = MC_NEW(env->arena, Plan, n > 0 ? n : 1);
    bool *declared = MC_NEW(env->arena, bool, n > 0 ? n : 1);
    int *order = MC_NEW(env->arena, int, n > 0 ? n : 1);
    McRect *saved = MC_NEW(env->arena, McRect, bf->unit_count > 0 ? bf->unit_count : 1);
    out->pursuers = MC_NEW(env->arena, NaPursuerOut, n > 0 ? n : 1);
    NaPursuerOut *trial = MC_NEW(env->arena, NaPursuerOut, n > 0 ? n : 1);
    if (!plans || !declared || !order || !saved || !out->pursuers || !trial) return false;
    out->count = n;
    // The chosen order's Charge Moves, found while orders were tried: its final run meets the
    // same tables (the same moves before each charger, from the same start).
    NaChargeOut *chosen = NULL;
    bool chosen_ok[NA_MAX_ORDER_SEARCH] = {false};

    destroy_fleeing(env, wp, bf, in, out);
    if (!declare_charges(&c, plans, declared)) return false;
    int chargers = 0;
    for (int k = 0; k < n; k++) {
        if (!declared[k]) continue;
        order[chargers++] = k;
        mc_trace(env, "9A-PU-0", bf->units[in->pursuers[k].unit].id,
                 "will charge %s; it stands in that unit's %s arc, so it charges its %s facing",
                 bf->units[plans[k].target].id, mc_na_facing_name(plans[k].facing), mc_na_facing_name(plans[k].facing));
    }
    for (int k = 0, m = chargers; k < n; k++)
        if (!declared[k]) order[m++] = k;
    out->charger_count = chargers;

    // 9A-PU-1: chargers first, in the order search_order finds; then the others in request order.
    for (int i = 0; i < bf->unit_count; i++) saved[i] = bf->units[i].rect;
    if (chargers >= 2 && chargers <= NA_MAX_ORDER_SEARCH) {
        out->order_searched = true;
        chosen = MC_NEW(env->arena, NaChargeOut, NA_MAX_ORDER_SEARCH);
        if (!chosen || !search_order(&c, plans, declared, order, chargers, saved, trial, chosen, chosen_ok)) return false;
    }
    if (n > 0) {
        char buf[256];
        int len = 0;
        for (int i = 0; i < n && len < (int)sizeof buf - 2; i++)
            len += mc_snfmt(buf + len, sizeof buf - (size_t)len, "%s%s", i ? ", " : "", bf->units[in->pursuers[order[i]].unit].id);
        mc_trace(env, "9A-PU-1", NULL, "move order: %s (%d declared charger%s first)", buf, chargers, chargers == 1 ? "" : "s");
    }
    for (int i = 0; i < n; i++) {
        c.reuse = chosen && i < chargers ? &chosen[i] : NULL;
        c.reuse_ok = chosen && i < chargers && chosen_ok[i];
        run_one(&c, order[i], plans, declared, &out->pursuers[i]);
        if (mc_work_out()) {
            mc_work_note(env, "pursuers", "the pursue moves after %d of %d pursuers (%s)", i, n, env->work_where);
            return false;
        }
    }
    c.reuse = NULL;
    return !env->arena->failed;
}
