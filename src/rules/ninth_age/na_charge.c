// The Charge Move (docs/rules/ninth-age.md; clauses 9A-CH-1, 9A-CH-2, 9A-CH-3, 9A-CH-4).
//
// A charge move is: straight forward a, at most one Wheel of up to 90° about a front corner (its
// distance the outer front corner's arc, 9A-CH-1), straight forward b until the front facing
// touches the target facing, then the Align Move: a rotation about the contact point until the
// front facing lies flat on the target facing (9A-CH-2).
//
// Every aligned end position is the charger's front on the facing's line, slid by s along it
// (mc_na_charge_place's coordinates). For a fixed wheel angle θ the align angle is α = δ − θ (δ the
// whole turn from the charger's facing to the aligned one), and the position before the align is
// the aligned one turned by −α about the contact point — one end of the stretch where the front
// and the facing overlap, which moves linearly with s. So the centre before the align is linear
// in s, and solving  start + a·forward + wheel displacement + b·forward' = that centre  gives a and
// b linear in s too: the reachable s for a θ form an interval (a, b >= 0) on which the distance is
// linear. A first pass runs θ over whole degrees and the exact angles θ = δ (no align) and 0 (no
// wheel), trying that interval's ends, where the distance equals the range, the centred and
// full-contact slides, where some other object starts to be in the way of the end position, and a
// few evenly spaced slides. A second pass ("exact wheel angles" below) solves for the wheel angles
// where the shortest move of each Maximising Contact class lies, to MC_ZERO_SLOP degrees.
// Each candidate is checked with the sweeps of docs/geometry.md against everything else on the table,
// and Maximising Contact (9A-CH-3) picks among the legal ones.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "core/for_size.h"
#include "core/work.h"
#include "geom/sweep.h"
#include "rules/ninth_age/na.h"

#define PI 3.14159265358979323846

// The largest align angle but at one slide (try_wheel): at 90° the front would otherwise have lain
// along the facing's line or along the target's next facing before the align.
#define MAX_ALIGN 89.999
// Valid moves kept for the alternatives.
// The exact wheel angles: root brackets are narrowed below ROOT_TOL degrees, in at most
// ROOT_STEPS steps.
// MC_ZERO_SLOP taken as degrees: at the largest reach (MC_MAX_COORD) a turn of that size moves a
// corner far less than the slop.
#define ROOT_TOL MC_ZERO_SLOP
// How far under NA_CLEAR_GAP a gap found by bisection (mc_na_slide_blocked_ends) may come out.
#define CLEAR_GAP_TOL MC_ROUNDING_SLOP
enum { ROOT_STEPS = 100 };
// A move without a wheel is straight along the facing when its sideways offset is below this: a
// tenth of the slop, so that an offset the slop would see is never taken as straight.
#define STRAIGHT_TOL (MC_LINEAR_SLOP * 0.1)
// The aligned end's legality depends on the slide alone, and the same slides come back for many
// wheel angles: it is remembered for up to MEMO_FILL slides in a table of MEMO_SLOTS.
enum { MEMO_SLOTS = 1024, MEMO_FILL = 768 };
// Up to this many obstacles the sweeps scan their boxes instead of querying a tree over them
// (a query cost about as much as testing 30 boxes).
enum { SCAN_MAX = 32 };

// MC_FOR_SIZE (core/for_size.h) marks what runs once a charge (the search's setup and driver, the
// explanation), once an order of a combined charge or once a legal move is found (record_move,
// after the costly checks); the search itself is compiled for speed.
enum { MAX_KEPT = 1024, MAX_ENDS = 64, EVEN_STEPS = 4, MAX_MODEL_STEPS = 4 * (NA_MAX_FILES + 1), MAX_FIXED = MAX_ENDS + MAX_MODEL_STEPS + 5 + 16 };

typedef struct EndMemo {
    uint64_t key; ///< the slide's bits
    int others, culprit;
    bool ok, used;
} EndMemo;

// A candidate's path verdict (path_blocker), by the bits of its wheel angle and slide and its
// piece: a tenth of the candidates come back (an end of a wheel angle's reachable slides is also
// its centred slide, and so on), and the path is most of a candidate's cost.
typedef struct PathMemo {
    uint64_t theta, slide;
    int piece, blocker;
    bool rot, used;
} PathMemo;

// mc_trig_sincos_deg of the last two angles asked for, by their bits.
typedef struct TrigMemo {
    uint64_t key[2];
    double sn[2], cs[2];
    int used, next;
} TrigMemo;

typedef struct Ctx {
    McEnv *env;
    NaWorld *w;
    const NaChargeIn *in;
    McRect S, T;
    McPoly spoly, tpoly; // the charger and the target where they stand (S, T)
    McVec2 spoly_v[4], tpoly_v[4];
    double mw, md, L, F, delta, reach;
    double sin_delta, cos_delta; // of delta, for the exact-wheel probes
    McVec2 mid, t, n, base, u0, r0;
    int target_models; // models along the target facing (0: unknown)
    // obstacles: every active object near the charge but the charger
    McPoly *polys;
    int *obj;
    unsigned char *ign;
    int np;
    int target_slot;
    McBroadphase bp;
    const McBroadphase *tree; // &bp when np > SCAN_MAX, else NULL (the sweeps scan boxes)
    McAabb *boxes;
    McAabb near; // the region the obstacles were gathered from: none lying in it is left out
    double ends[MAX_ENDS];
    int nends;
    double fixed[MAX_FIXED]; // slides where the Maximising Contact class can change (refine)
    bool fixed_ok[MAX_FIXED]; // the aligned end there is legal, or the target may turn instead
    int nfixed;
    // what was found
    NaChargeMove *kept;
    int nkept;
    bool any_geo, any_end_legal;
    double blocked_len;
    int blocked_obj, room_obj;
    NaChargeOut *out;
    EndMemo *memo; // MEMO_SLOTS, open addressing on the slide's bits
    int nmemo;
    PathMemo *paths; // MEMO_SLOTS, open addressing on the candidate's bits
    int npaths;
    McPoly strips[4]; // outside the table's edges (mc_na_table_strips)
    McVec2 strip_v[4][4];
    int nstrips;
    // The last two facings' sines and cosines (facing_sc): one wheel angle's candidates share
    // the facing after the wheel.
    TrigMemo facings;
    // The last two turns' (turn_cw_memo): a candidate turns by its wheel angle θ and by −α
    // three times over (solving a and b, the wheel's corner and centre), and one θ's candidates
    // share both.
    TrigMemo turns;
} Ctx;

static bool is_enemy_unit(const NaWorld *w, int o, int self) {
    const NaObject *ob = &w->objs[o];
    if (ob->unit < 0) return false;
    return strcmp(w->bf->units[ob->unit].side, w->bf->units[self].side) != 0;
}

// Models of a side of `n` equal bases spanning [lo, hi] that touch the stretch [c0, c1] (corner
// to corner counts as base contact, 9A-ARC-1/docs/api.md); without bases the inches of contact
// stand in for them.
static double models_touching(int n, double lo, double hi, double c0, double c1) {
    if (n <= 0) return c1 > c0 ? c1 - c0 : 0.0;
    double wd = (hi - lo) / n;
    int k = 0;
    for (int i = 0; i < n; i++) {
        double a = lo + i * wd, b = a + wd;
        if (a <= c1 + MC_LINEAR_SLOP && b >= c0 - MC_LINEAR_SLOP) k++;
    }
    return k;
}

int mc_na_charge_compare(const NaChargeMove *x, const NaChargeMove *y) {
    // 9A-CH-3 Maximising Contact: (1) touch no enemy but the target, else as few as possible;
    // (2) the most chargers in contact (combined charges, mc_na_charge_combined); (3) do not rotate
    // the charged unit; (4) the most models in base contact. Then the engine's own order: the
    // shortest move, the smallest wheel, the charger's left.
    if (x->others != y->others) return x->others < y->others ? -1 : 1;
    if (x->rotates_target != y->rotates_target) return x->rotates_target ? 3 : -3;
    if (fabs(x->models - y->models) > MC_ROUNDING_SLOP) return x->models > y->models ? -4 : 4;
    if (fabs(x->distance - y->distance) > MC_ROUNDING_SLOP) return x->distance < y->distance ? -5 : 5;
    if (fabs(fabs(x->wheel) - fabs(y->wheel)) > MC_ROUNDING_SLOP) return fabs(x->wheel) < fabs(y->wheel) ? -6 : 6;
    if (fabs(x->slide - y->slide) > MC_ROUNDING_SLOP) return x->slide < y->slide ? -7 : 7;
    return 0;
}

// ---- geometry of one candidate -----------------------------------------------------------------

static void memo_sincos(TrigMemo *m, double deg, double *sn, double *cs) {
    uint64_t key;
    memcpy(&key, &deg, sizeof key);
    for (int i = 0; i < m->used; i++)
        if (m->key[i] == key) {
            *sn = m->sn[i];
            *cs = m->cs[i];
            return;
        }
    mc_trig_sincos_deg(deg, sn, cs);
    int k = m->next;
    m->next = 1 - k;
    if (m->used < 2) m->used++;
    m->key[k] = key;
    m->sn[k] = *sn;
    m->cs[k] = *cs;
}

static void facing_sc(Ctx *c, double facing, double *sn, double *cs) { memo_sincos(&c->facings, facing, sn, cs); }

// mc_vec2_rotate_cw (the same arithmetic) with the turn's sine and cosine from c->turns.
static McVec2 turn_cw_memo(Ctx *c, McVec2 v, double degrees) {
    double sn, cs;
    memo_sincos(&c->turns, degrees, &sn, &cs);
    return mc_vec2(v.x * cs + v.y * sn, v.y * cs - v.x * sn);
}

// mc_vec2_rotate_cw_about through turn_cw_memo.
static McVec2 turn_about_memo(Ctx *c, McVec2 p, McVec2 pivot, double degrees) {
    return mc_vec2_add(pivot, turn_cw_memo(c, mc_vec2_sub(p, pivot), degrees));
}

// mc_facing_forward through facing_sc.
static McVec2 forward_of(Ctx *c, double facing) {
    double sn, cs;
    facing_sc(c, facing, &sn, &cs);
    return mc_vec2(sn, cs);
}

// mc_rect_to_poly through facing_sc.
static McPoly poly_of(Ctx *c, McRect r, McVec2 corners[4]) {
    double sn, cs;
    facing_sc(c, r.facing, &sn, &cs);
    return mc_rect_to_poly_sc(&r, sn, cs, corners);
}

static McVec2 aligned_centre(const Ctx *c, double s) { return mc_vec2_mul_add(c->base, s, c->t); }

// The contact point of the align for slide s: the left end of the overlap for α < 0 (the charger
// turned clockwise before aligning), the right end for α > 0. `piece` 0 takes the charger's
// corner, 1 the facing's end.
static McVec2 align_pivot(const Ctx *c, double s, double alpha, int piece) {
    double x;
    if (alpha < 0) x = piece == 0 ? s - 0.5 * c->mw : -0.5 * c->L;
    else x = piece == 0 ? s + 0.5 * c->mw : 0.5 * c->L;
    return mc_vec2_mul_add(c->mid, x, c->t);
}

static McVec2 pre_align_centre(Ctx *c, double s, double alpha, int piece) {
    McVec2 r = aligned_centre(c, s);
    if (alpha == 0.0) return r;
    return turn_about_memo(c, r, align_pivot(c, s, alpha, piece), -alpha);
}

// The wheel's displacement of the centre (a = 0) and its front corner.
static McVec2 wheel_shift(Ctx *c, double theta, McVec2 *corner_off) {
    McVec2 k = mc_vec2_mul_add(mc_vec2_scale(c->u0, 0.5 * c->md), (theta > 0 ? 0.5 : -0.5) * c->mw, c->r0);
    if (corner_off) *corner_off = k;
    if (theta == 0.0) return mc_vec2(0, 0);
    return mc_vec2_sub(k, turn_cw_memo(c, k, theta));
}

// a and b for slide s (θ != 0 and not 180°, so the two directions are not parallel).
static void solve_ab(Ctx *c, double theta, double s, double alpha, int piece, double *a, double *b) {
    McVec2 u1 = forward_of(c, c->S.facing + theta);
    McVec2 d = mc_vec2_sub(mc_vec2_sub(pre_align_centre(c, s, alpha, piece), c->S.centre), wheel_shift(c, theta, NULL));
    double det = mc_vec2_cross(c->u0, u1);
    *a = mc_vec2_cross(d, u1) / det;
    *b = mc_vec2_cross(c->u0, d) / det;
}

// The align left after a wheel of theta: the short way round to the aligned facing. Out of line:
// the module's bytes (CMakeLists.txt, na_charge.c's inlining).
__attribute__((noinline)) static double align_of(const Ctx *c, double theta) {
    double alpha = c->delta - theta;
    if (alpha > 180.0) alpha -= 360.0;
    if (alpha <= -180.0) alpha += 360.0;
    return fabs(alpha) < MC_ZERO_SLOP ? 0.0 : alpha;
}

static double wheel_length(const Ctx *c, double theta) { return c->mw * fabs(theta) * PI / 180.0; }

// ---- legality ----------------------------------------------------------------------------------

// mc_na_world_query, but the charger, for a box grown by margin that lies inside c->near: the
// obstacles' boxes are the world's, and those in c->near are all there, in object order, so a
// scan of them finds the same objects as the query of the whole world's tree.
static int near_query(Ctx *c, McAabb box, double margin) {
    McAabb q = mc_aabb_inflate(box, margin);
    if (!(q.lo.x >= c->near.lo.x && q.lo.y >= c->near.lo.y && q.hi.x <= c->near.hi.x && q.hi.y <= c->near.hi.y))
        return mc_na_world_query(c->w, &box, margin);
    int n = 0, *hits = c->w->hits;
    if (!c->tree) {
        mc_work_add((uint64_t)c->np);
        for (int k = 0; k < c->np; k++)
            if (mc_aabb_overlaps(c->boxes[k], q)) hits[n++] = c->obj[k];
        return n;
    }
    // Among many obstacles (terrain of many pieces) the tree over their boxes finds the same
    // ones: its leaves are those boxes. Slots are in object order, so sorted slots are too.
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, c->tree, q);
    for (int k; (k = mc_broadphase_iter_next(&it)) >= 0;) hits[n++] = k;
    if (n > 32) {
        mc_na_sort_ints(hits, n);
        mc_work_add(32 * (uint64_t)n);
    } else {
        for (int i = 1; i < n; i++)
            for (int k = i; k > 0 && hits[k - 1] > hits[k]; k--) {
                int t = hits[k];
                hits[k] = hits[k - 1];
                hits[k - 1] = t;
            }
        mc_work_add((uint64_t)(n * n));
    }
    for (int i = 0; i < n; i++) hits[i] = c->obj[hits[i]];
    return n;
}

// The end position: on the table, overlapping nothing, touching nothing but the target and other
// enemy units (counted, Maximising Contact 1), and clear of everything else by NA_CLEAR_GAP: a gap
// between touching and 0.001" is neither contact nor the clear gap a placement pushed aside keeps
// (A-9A-3), and allowing it would leave "as close as possible" without a closest position.
// `tpoly` is the target as it ends.
static bool end_legal(Ctx *c, const McPoly *p, const McPoly *tpoly, int *others, int *culprit) {
    *others = 0;
    *culprit = -1;
    if (!mc_na_on_table(c->w->bf, p)) return false;
    int self = c->in->charger, target = c->in->target;
    if (mc_na_overlaps(p, tpoly)) {
        *culprit = target;
        return false;
    }
    int n = near_query(c, mc_poly_aabb(p), NA_CLEAR_GAP + MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++) {
        int o = c->w->hits[i];
        if (o == self || o == target) continue;
        double sep = mc_na_separation(p, &c->w->objs[o].poly);
        if (sep >= NA_CLEAR_GAP - CLEAR_GAP_TOL) continue;
        if (sep >= -MC_LINEAR_SLOP && is_enemy_unit(c->w, o, self) && !c->w->bf->units[c->w->objs[o].unit].fled) {
            (*others)++;
            continue;
        }
        *culprit = o;
        return false;
    }
    return true;
}

// end_legal for the aligned end at slide s (the charger's centre at aligned_centre(s), facing F),
// looked up in the memo first: end_legal reads nothing that changes during one solve.
static bool aligned_end_legal(Ctx *c, double s, int *others, int *culprit) {
    uint64_t key;
    memcpy(&key, &s, sizeof key);
    unsigned slot = (unsigned)((key * 0x9E3779B97F4A7C15ull) >> 54) & (MEMO_SLOTS - 1);
    while (c->memo[slot].used) {
        if (c->memo[slot].key == key) {
            *others = c->memo[slot].others;
            *culprit = c->memo[slot].culprit;
            return c->memo[slot].ok;
        }
        slot = (slot + 1) & (MEMO_SLOTS - 1);
    }
    McRect r = c->S;
    r.centre = aligned_centre(c, s);
    r.facing = c->F;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly_sc(&r, c->n.x, c->n.y, pv); // n is F's forward: its sine and cosine
    bool ok = end_legal(c, &p, &c->tpoly, others, culprit);
    if (c->nmemo < MEMO_FILL) {
        EndMemo e = {key, *others, *culprit, ok, true};
        c->memo[slot] = e;
        c->nmemo++;
    }
    return ok;
}

static McSweepInput sweep_in(Ctx *c, const McPoly *mover) {
    McSweepInput si = {mover, c->polys, c->np, c->tree, c->ign, c->boxes, NULL};
    return si;
}

// Checks the three parts of the path and the align; fills the poses. Returns the object in the
// way, or -1 when clear.
static int path_blocker(Ctx *c, NaChargeMove *m, double alpha, McVec2 pivot, bool *rotate_target) {
    McSweepHit hit;
    McSweepInput si = sweep_in(c, &c->spoly); // m->start is S
    *rotate_target = false;
    if (m->a > 0 && mc_sweep_translate_brief(&si, mc_vec2_scale(c->u0, m->a), &hit) != MC_SWEEP_CLEAR)
        return c->obj[hit.obstacle];
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly_sc(&m->after_a, c->u0.x, c->u0.y, pv); // S's facing: u0 = (sin, cos)
    si.mover = &p;
    // Ending in contact is no collision (geom/sweep.h), so a wheel into contact (b = 0) is clear.
    if (m->wheel != 0 && mc_sweep_rotate_brief(&si, m->pivot, m->wheel, &hit) != MC_SWEEP_CLEAR) return c->obj[hit.obstacle];
    p = poly_of(c, m->after_wheel, pv);
    McVec2 u1 = forward_of(c, m->after_wheel.facing);
    if (m->b > 0 && mc_sweep_translate_brief(&si, mc_vec2_scale(u1, m->b), &hit) != MC_SWEEP_CLEAR) {
        if (!(hit.obstacle == c->target_slot && (1.0 - hit.t) * m->b <= MC_LINEAR_SLOP)) return c->obj[hit.obstacle];
    }
    if (alpha == 0.0) return -1;
    // The Align Move slides along the target facing it touches: the target is not in its way.
    p = poly_of(c, m->contact, pv);
    unsigned char saved = c->ign[c->target_slot];
    c->ign[c->target_slot] = 1;
    McSweepState st = mc_sweep_rotate_brief(&si, pivot, alpha, &hit);
    c->ign[c->target_slot] = saved;
    if (st == MC_SWEEP_CLEAR) return -1;
    int blocker = c->obj[hit.obstacle];
    if (!c->in->may_rotate_target) return blocker;
    // 9A-CH-2 Align Move: when terrain or units prevent it, the charged unit is rotated instead
    // (as little as possible: about the contact point until its facing is parallel).
    McSweepInput ti = sweep_in(c, &c->tpoly);
    saved = c->ign[c->target_slot];
    c->ign[c->target_slot] = 1;
    st = mc_sweep_rotate_brief(&ti, pivot, -alpha, &hit);
    c->ign[c->target_slot] = saved;
    if (st != MC_SWEEP_CLEAR) return blocker;
    *rotate_target = true;
    return -1;
}

// path_blocker for candidate (theta, s, piece), looked up in c->paths first: the path depends on
// nothing else during one solve (the obstacles and what is ignored are put back after each use).
static int memo_path_blocker(Ctx *c, NaChargeMove *m, double theta, double s, int piece, double alpha, McVec2 pivot,
                             bool *rotate_target) {
    uint64_t kt, ks;
    memcpy(&kt, &theta, sizeof kt);
    memcpy(&ks, &s, sizeof ks);
    uint64_t h = (kt * 0x9E3779B97F4A7C15ull) ^ (ks * 0xC2B2AE3D27D4EB4Full) ^ (uint64_t)piece;
    unsigned slot = (unsigned)(h >> 54) & (MEMO_SLOTS - 1);
    while (c->paths[slot].used) {
        const PathMemo *e = &c->paths[slot];
        if (e->theta == kt && e->slide == ks && e->piece == piece) {
            *rotate_target = e->rot;
            return e->blocker;
        }
        slot = (slot + 1) & (MEMO_SLOTS - 1);
    }
    int blocker = path_blocker(c, m, alpha, pivot, rotate_target);
    if (c->npaths < MEMO_FILL) {
        PathMemo e = {kt, ks, piece, blocker, *rotate_target, true};
        c->paths[slot] = e;
        c->npaths++;
    }
    return blocker;
}

// Models and contact for slide s (the same whether the charger or the target turned to align).
static void score_contact(const Ctx *c, NaChargeMove *m) {
    double s = m->slide;
    double f0 = s - 0.5 * c->mw, f1 = s + 0.5 * c->mw, g0 = -0.5 * c->L, g1 = 0.5 * c->L;
    double c0 = f0 > g0 ? f0 : g0, c1 = f1 < g1 ? f1 : g1;
    m->contact_length = c1 > c0 ? c1 - c0 : 0.0;
    m->models = models_touching(c->w->bf->units[c->in->charger].files, f0, f1, c0, c1) +
                models_touching(c->target_models, g0, g1, c0, c1);
}

// The straight `a` before the wheel and `b` after it of the move with wheel `theta` and slide `s`
// (the rest of `m` zero); false when no such move goes forward.
static bool charge_legs(Ctx *c, double theta, double s, double alpha, int piece, NaChargeMove *m) {
    memset(m, 0, sizeof *m);
    m->wheel = theta;
    m->align = alpha;
    m->slide = s;
    m->start = c->S;
    if (theta == 0.0) {
        McVec2 d = mc_vec2_sub(pre_align_centre(c, s, alpha, piece), c->S.centre);
        if (fabs(mc_vec2_cross(c->u0, d)) > STRAIGHT_TOL) return false;
        m->a = 0.0;
        m->b = mc_vec2_dot(c->u0, d);
    } else {
        solve_ab(c, theta, s, alpha, piece, &m->a, &m->b);
    }
    if (m->a < -MC_ROUNDING_SLOP || m->b < -MC_ROUNDING_SLOP) return false;
    if (m->a < 0) m->a = 0;
    if (m->b < 0) m->b = 0;
    return true;
}

// The poses along the move of `m`'s legs: after the first straight, after the wheel, at contact
// and aligned, with its length and whether it is in range. Returns the align's pivot.
static McVec2 leg_poses(Ctx *c, double theta, double s, double alpha, int piece, NaChargeMove *m) {
    McVec2 koff;
    wheel_shift(c, theta, &koff);
    m->after_a = c->S;
    m->after_a.centre = mc_vec2_mul_add(c->S.centre, m->a, c->u0);
    m->pivot = mc_vec2_add(m->after_a.centre, koff);
    m->after_wheel = m->after_a;
    m->after_wheel.centre = turn_about_memo(c, m->after_a.centre, m->pivot, theta);
    m->after_wheel.facing = mc_facing_normalize(c->S.facing + theta);
    m->contact = m->after_wheel;
    m->contact.centre = mc_vec2_mul_add(m->after_wheel.centre, m->b, forward_of(c, m->after_wheel.facing));
    McVec2 pv = alpha == 0.0 ? mc_vec2(0, 0) : align_pivot(c, s, alpha, piece);
    m->contact_point = alpha == 0.0 ? mc_vec2_mul_add(c->mid, 0.5 * (fmax(s - 0.5 * c->mw, -0.5 * c->L) + fmin(s + 0.5 * c->mw, 0.5 * c->L)), c->t) : pv;
    m->final = c->S;
    m->final.centre = aligned_centre(c, s);
    m->final.facing = c->F;
    m->distance = m->a + m->b + wheel_length(c, theta);
    m->in_range = !c->in->has_range || m->distance <= c->in->range + MC_ROUNDING_SLOP;
    m->target_final = c->T;
    return pv;
}

// The charger stays where it touched and the target turns about the contact point `pv` instead:
// whether both end legal (the rotated target keeping clear of everything but the charger).
static bool target_turned_end_legal(Ctx *c, NaChargeMove *m, double alpha, McVec2 pv, int *culprit) {
    m->rotates_target = true;
    m->final = m->contact;
    m->target_final = c->T;
    m->target_final.centre = mc_vec2_rotate_cw_about(c->T.centre, pv, -alpha);
    m->target_final.facing = mc_facing_normalize(c->T.facing - alpha);
    McVec2 fpv[4], tpv[4];
    McPoly fp = mc_rect_to_poly(&m->final, fpv), tp = mc_rect_to_poly(&m->target_final, tpv);
    bool end_ok = end_legal(c, &fp, &tp, &m->others, culprit);
    if (end_ok) {
        McAabb bb = mc_poly_aabb(&tp);
        int n = mc_na_world_query(c->w, &bb, 4 * MC_LINEAR_SLOP);
        int tculprit = -1;
        for (int i = 0; i < n && tculprit < 0; i++) {
            int o = c->w->hits[i];
            if (o == c->in->target || o == c->in->charger) continue;
            if (mc_na_separation(&tp, &c->w->objs[o].poly) <= MC_LINEAR_SLOP) tculprit = o;
        }
        if (tculprit >= 0 || !mc_na_on_table(c->w->bf, &tp)) end_ok = false, *culprit = tculprit;
    }
    return end_ok;
}

// A legal, unblocked move: the best so far, the shortest when none is in range, a candidate.
MC_FOR_SIZE static void record_move(Ctx *c, const NaChargeMove *m) {
    NaChargeOut *o = c->out;
    if (!o->has_needed || m->distance < o->needed) o->needed = m->distance, o->has_needed = true;
    if (!m->in_range) {
        // The shortest; at an equal distance (a wheel of a hair's breadth costs as much as the
        // straight it replaces) the smaller wheel, as mc_na_charge_compare orders them.
        if (!o->possible && (!o->has_best || m->distance < o->best.distance - MC_ROUNDING_SLOP ||
                             (m->distance <= o->best.distance + MC_ROUNDING_SLOP && fabs(m->wheel) < fabs(o->best.wheel))))
            o->best = *m, o->has_best = true;
        return;
    }
    o->candidates++;
    if (!o->possible || mc_na_charge_compare(m, &o->best) < 0) {
        o->best = *m;
        o->has_best = true;
        o->possible = true;
    }
    if (c->kept && c->nkept < MAX_KEPT) c->kept[c->nkept++] = *m;
}

// Whether the whole move stays on the table (A-9A-3: its edge bounds every move), its start and
// end being on it: the wheel and the align swept against the strips outside the table's edges (a
// sweep that starts overlapping one fails too, so a straight part that left the table before them
// is caught, and straight parts between poses on the table stay on it, the table being convex).
MC_FOR_SIZE __attribute__((noinline)) static bool path_on_table(Ctx *c, const NaChargeMove *m, double alpha, McVec2 pivot) {
    McSweepHit hit;
    for (int i = 0; i < 2; i++) {
        double turn = i ? alpha : m->wheel;
        McVec2 pv[4];
        McPoly p = mc_rect_to_poly(i ? &m->contact : &m->after_a, pv);
        McSweepInput si = {&p, c->strips, c->nstrips, NULL, NULL, NULL, NULL};
        if (turn != 0.0 && mc_sweep_rotate_brief(&si, i ? pivot : m->pivot, turn, &hit) != MC_SWEEP_CLEAR) return false;
    }
    return true;
}

// Tries the charge move of wheel `theta` and slide `s`: what stops it (the room at its end, a
// blocker on its path) is noted for the reasons, and a legal one is recorded.
static void try_move(Ctx *c, double theta, double s, int piece) {
    // Past the work budget the search winds down: the request answers `limit` (core/work.h).
    if (mc_work_out()) return;
    if (s < -c->reach - MC_ZERO_SLOP || s > c->reach + MC_ZERO_SLOP) return;
    double alpha = align_of(c, theta);
    NaChargeMove m;
    if (!charge_legs(c, theta, s, alpha, piece, &m)) return;
    c->any_geo = true;
    McVec2 pv = leg_poses(c, theta, s, alpha, piece, &m);
    int culprit;
    bool end_ok = aligned_end_legal(c, s, &m.others, &culprit);
    // An illegal end is final unless rotating the target instead (after the path's check) can
    // end the charger elsewhere: only with an align, and only while the target may turn.
    if (!end_ok && (alpha == 0.0 || !c->in->may_rotate_target)) {
        if (c->room_obj < 0) c->room_obj = culprit;
        return;
    }
    bool rot = false;
    int blocker = memo_path_blocker(c, &m, theta, s, piece, alpha, pv, &rot);
    if (rot) end_ok = target_turned_end_legal(c, &m, alpha, pv, &culprit);
    if (!end_ok) {
        if (c->room_obj < 0) c->room_obj = culprit;
        return;
    }
    c->any_end_legal = true;
    // A path off the table is blocked by no object: the charge fails as path_blocked if all are.
    if (blocker < 0 && !path_on_table(c, &m, rot ? 0.0 : alpha, pv)) return;
    if (blocker >= 0) {
        if (c->blocked_obj < 0 || m.distance < c->blocked_len) c->blocked_obj = blocker, c->blocked_len = m.distance;
        return;
    }
    score_contact(c, &m);
    record_move(c, &m);
}

// Candidates for one wheel angle over one piece [lo, hi] of slides.
static void try_piece(Ctx *c, double theta, int piece, double lo, double hi) {
    if (lo < -c->reach) lo = -c->reach;
    if (hi > c->reach) hi = c->reach;
    if (lo > hi) return;
    double alpha = align_of(c, theta);
    if (theta == 0.0) {
        // Straight only: the slide where the path runs straight ahead.
        McVec2 d0 = mc_vec2_sub(pre_align_centre(c, 0.0, alpha, piece), c->S.centre);
        McVec2 d1 = mc_vec2_sub(pre_align_centre(c, 1.0, alpha, piece), c->S.centre);
        double l0 = mc_vec2_cross(c->u0, d0), l1 = mc_vec2_cross(c->u0, d1);
        if (fabs(l1 - l0) < MC_ZERO_SLOP) return;
        double s = -l0 / (l1 - l0);
        if (s >= lo - MC_ZERO_SLOP && s <= hi + MC_ZERO_SLOP) try_move(c, theta, s < lo ? lo : (s > hi ? hi : s), piece);
        return;
    }
    double a0, b0, a1, b1;
    solve_ab(c, theta, lo, alpha, piece, &a0, &b0);
    solve_ab(c, theta, hi, alpha, piece, &a1, &b1);
    // a, b linear in s: keep a >= 0 and b >= 0.
    double flo = lo, fhi = hi;
    double va[2] = {a0, b0}, vb[2] = {a1, b1};
    for (int k = 0; k < 2; k++) {
        double x0 = va[k], x1 = vb[k];
        if (x0 < 0 && x1 < 0) return;
        if (x0 < 0 || x1 < 0) {
            double root = lo + (hi - lo) * x0 / (x0 - x1);
            if (x0 < 0 && root > flo) flo = root;
            if (x1 < 0 && root < fhi) fhi = root;
        }
    }
    if (flo > fhi + MC_ZERO_SLOP) return;
    double cand[16 + MAX_ENDS];
    int nc = 0;
    cand[nc++] = flo;
    cand[nc++] = fhi;
    if (c->in->has_range && hi > lo) {
        double wl = wheel_length(c, theta);
        double d0 = a0 + b0 + wl, d1 = a1 + b1 + wl;
        if (fabs(d1 - d0) > MC_ZERO_SLOP) cand[nc++] = lo + (hi - lo) * (c->in->range - d0) / (d1 - d0);
    }
    double plateau = 0.5 * fabs(c->L - c->mw);
    cand[nc++] = 0.0;
    cand[nc++] = plateau;
    cand[nc++] = -plateau;
    for (int i = 1; i < EVEN_STEPS; i++) cand[nc++] = flo + (fhi - flo) * i / EVEN_STEPS;
    for (int i = 0; i < c->nends; i++) cand[nc++] = c->ends[i];
    for (int i = 0; i < nc; i++)
        if (cand[i] >= flo - MC_ZERO_SLOP && cand[i] <= fhi + MC_ZERO_SLOP) try_move(c, theta, cand[i] < flo ? flo : (cand[i] > fhi ? fhi : cand[i]), piece);
}

static void try_wheel(Ctx *c, double theta) {
    double alpha = align_of(c, theta);
    if (fabs(alpha) > 90.0 || fabs(theta) >= 180.0) return;
    if (alpha == 0.0) {
        try_piece(c, theta, 0, -c->reach, c->reach);
        return;
    }
    // A square align (90°) only where the front's corner meets the facing's end (the slide brk):
    // the charger came along the facing's line. Any other slide would have the front lie along
    // the facing's line (piece 0) or along the target's next facing (piece 1) before the align.
    bool square = fabs(alpha) > MAX_ALIGN;
    double brk = alpha < 0 ? 0.5 * c->mw - 0.5 * c->L : 0.5 * c->L - 0.5 * c->mw;
    if (alpha < 0) {
        try_piece(c, theta, 1, square ? brk : -c->reach, brk);
        if (!square) try_piece(c, theta, 0, brk, c->reach);
    } else {
        if (!square) try_piece(c, theta, 0, -c->reach, brk);
        try_piece(c, theta, 1, brk, square ? brk : c->reach);
    }
}

// ---- exact wheel angles ------------------------------------------------------------------------
//
// For a fixed wheel angle the distance is linear in the slide, so over the slides a wheel can
// reach, the shortest legal move of one Maximising Contact class lies at an end of that range:
// a slide where the class changes (a "fixed" slide: the centred and full-contact slides, the ends
// of the facing, where a model starts or stops touching, where another object starts to be in the
// way) or where a straight part shrinks to nothing (a = 0: the wheel comes first; b = 0: the wheel
// ends in contact). Along each of those curves the move is a smooth function of the wheel angle
// alone; its best points are where the distance stops falling (d distance / dθ = 0) or where it
// meets another of the curves (a or b reaching 0 on a fixed slide), or where the range binds (its
// length reaching the charge range: more contact lies beyond it). Those are roots of smooth
// functions of θ: bracketed on a grid and narrowed below ROOT_TOL, so the wheel angle is exact
// to MC_ZERO_SLOP degrees (docs/geometry.md: a bracketed root find to a stated tolerance), not to the grid's degree.

// Values at (θ, s) for one align direction and piece, and their derivatives (θ per degree).
typedef struct Probe {
    double a, b, a_t, b_t, d_t, a_s, b_s, d_s;
    double a_ts, b_ts, d_ts; ///< how a_t, b_t, d_t change with s (all are linear in s)
} Probe;

static McVec2 pivot_for(const Ctx *c, double s, int sign, int piece) {
    return align_pivot(c, s, sign > 0 ? 1.0 : -1.0, piece);
}

// a, b and the derivatives: the wheel corner K must reach its place at first contact, K_c =
// P_c + R(θ)k, along a·u0 + b·u1 from where it starts; as θ grows the contact pose turns about
// the align's pivot, so dK_c/dθ = J(K_c − pivot) with J a quarter turn clockwise (radians).
static McVec2 turn_cw(McVec2 v, double sn, double cs) { return mc_vec2(v.x * cs + v.y * sn, v.y * cs - v.x * sn); }

// A wheel angle with its sine and cosine: the θ grid's are computed once for all its tracks.
typedef struct Angle {
    double deg, sn, cs;
} Angle;

// out of line as align_of is
__attribute__((noinline)) static Angle angle_of(double deg) {
    Angle a = {deg, 0.0, 0.0};
    mc_trig_sincos_deg(deg, &a.sn, &a.cs);
    return a;
}

static bool probe(const Ctx *c, Angle th, double s, int sign, int piece, Probe *p) {
    const double k_rad = PI / 180.0;
    // One sine and cosine per angle: the align's turn −α = θ − δ comes from θ's and δ's.
    double theta = th.deg, st = th.sn, ct = th.cs;
    double alpha = align_of(c, theta);
    double sa = alpha == 0.0 ? 0.0 : st * c->cos_delta - ct * c->sin_delta;
    double ca = alpha == 0.0 ? 1.0 : ct * c->cos_delta + st * c->sin_delta;
    McVec2 cf = aligned_centre(c, s), pv = pivot_for(c, s, sign, piece);
    McVec2 pc = mc_vec2_add(pv, turn_cw(mc_vec2_sub(cf, pv), sa, ca));
    McVec2 k = mc_vec2_mul_add(mc_vec2_scale(c->u0, 0.5 * c->md), (theta > 0 ? 0.5 : -0.5) * c->mw, c->r0);
    McVec2 kc = mc_vec2_add(pc, turn_cw(k, st, ct));
    McVec2 d = mc_vec2_sub(kc, mc_vec2_add(c->S.centre, k));
    McVec2 u1 = turn_cw(c->u0, st, ct);
    double det = mc_vec2_cross(c->u0, u1);
    if (det == 0.0) return false;
    p->a = mc_vec2_cross(d, u1) / det;
    p->b = mc_vec2_cross(c->u0, d) / det;
    McVec2 dd = mc_vec2_scale(mc_vec2_perp_right(mc_vec2_sub(kc, pv)), k_rad);
    McVec2 du1 = mc_vec2_scale(mc_vec2_perp_right(u1), k_rad);
    double ddet = mc_vec2_cross(c->u0, du1);
    p->a_t = (mc_vec2_cross(dd, u1) + mc_vec2_cross(d, du1) - p->a * ddet) / det;
    p->b_t = (mc_vec2_cross(c->u0, dd) - p->b * ddet) / det;
    p->d_t = p->a_t + p->b_t + c->mw * k_rad * (theta > 0 ? 1.0 : -1.0);
    McVec2 ds = piece == 0 || alpha == 0.0 ? c->t : turn_cw(c->t, sa, ca);
    p->a_s = mc_vec2_cross(ds, u1) / det;
    p->b_s = mc_vec2_cross(c->u0, ds) / det;
    p->d_s = p->a_s + p->b_s;
    McVec2 pv_s = piece == 0 ? c->t : mc_vec2(0, 0);
    McVec2 dd_s = mc_vec2_scale(mc_vec2_perp_right(mc_vec2_sub(ds, pv_s)), k_rad);
    p->a_ts = (mc_vec2_cross(dd_s, u1) + mc_vec2_cross(ds, du1) - p->a_s * ddet) / det;
    p->b_ts = (mc_vec2_cross(c->u0, dd_s) - p->b_s * ddet) / det;
    p->d_ts = p->a_ts + p->b_ts;
    return true;
}

// What one curve asks of θ. kind 0: a fixed slide; 1: the curve a = 0; 2: the curve b = 0.
typedef struct Track {
    int kind, sign, piece;
    double s;
} Track;

// The track's slide at θ and its four functions there: v[0] the distance's derivative along
// the track, v[1] = a, v[2] = b, v[3] the distance less the range. One probe: on the curves
// a = 0 and b = 0 the slide is where the linear a (or b) vanishes, and everything else is linear
// in s too. A probe and its step of the scan cost about 390 instructions (callgrind), where the
// rest of a charge search spends about 35 per unit of the work budget: TRACK_WORK units, as the
// wheel-angle refinement scans every track of every slide for every charger order tried (5,
// before, let the worst charges run 1.4 times longer).
enum { TRACK_WORK = 11 };
static bool track_values(const Ctx *c, const Track *tr, Angle theta, double *s, double v[4]) {
    mc_work_add(TRACK_WORK);
    Probe p;
    if (!probe(c, theta, tr->s, tr->sign, tr->piece, &p)) return false;
    double shift = 0.0;
    if (tr->kind != 0) {
        double w = tr->kind == 1 ? p.a : p.b, slope = tr->kind == 1 ? p.a_s : p.b_s;
        if (fabs(slope) < MC_ZERO_SLOP) return false;
        shift = -w / slope;
    }
    *s = tr->s + shift;
    double a = p.a + p.a_s * shift, b = p.b + p.b_s * shift;
    double a_t = p.a_t + p.a_ts * shift, b_t = p.b_t + p.b_ts * shift, d_t = p.d_t + p.d_ts * shift;
    v[1] = tr->kind == 1 ? 0.0 : a;
    v[2] = tr->kind == 2 ? 0.0 : b;
    // the move's length less the charge range: where the range binds, the best move lies where this
    // is 0 (on a slide where a or b is 0, most contact within range), between the grid's degrees
    v[3] = c->in->has_range ? v[1] + v[2] + wheel_length(c, theta.deg) - c->in->range : 1.0;
    if (tr->kind == 0) v[0] = d_t;
    else {
        // Along a = 0 (or b = 0) the slide follows θ: ds/dθ = −a_θ / a_s.
        double w_t = tr->kind == 1 ? a_t : b_t, w_s = tr->kind == 1 ? p.a_s : p.b_s;
        v[0] = d_t - p.d_s * w_t / w_s;
    }
    return isfinite(*s) && isfinite(v[0]) && isfinite(v[1]) && isfinite(v[2]);
}

static bool track_value(const Ctx *c, const Track *tr, int f, double theta, double *out) {
    double v[4], s;
    if (!track_values(c, tr, angle_of(theta), &s, v)) return false;
    *out = v[f];
    return true;
}

// The slides of one piece: for α > 0 the align turns about the right end of the overlap, the
// charger's corner (piece 0) up to brk and the facing's end (piece 1) beyond; mirrored for α < 0.
static void piece_range(const Ctx *c, int sign, int piece, double *lo, double *hi) {
    double brk = sign > 0 ? 0.5 * c->L - 0.5 * c->mw : 0.5 * c->mw - 0.5 * c->L;
    bool first = piece == (sign > 0 ? 0 : 1);
    *lo = first ? -c->reach : brk;
    *hi = first ? brk : c->reach;
}

static void try_track_point(Ctx *c, const Track *tr, double theta, double s) {
    double lo, hi;
    piece_range(c, tr->sign, tr->piece, &lo, &hi);
    if (s < lo - MC_ROUNDING_SLOP || s > hi + MC_ROUNDING_SLOP) return;
    try_move(c, theta, s < lo ? lo : (s > hi ? hi : s), tr->piece);
}

// Finds the root of function `f` in [x0, x1], where it changes sign, by regula falsi with the
// Illinois step (bracketed, so it cannot escape; it converges superlinearly where bisection needs
// some fifty steps) until the bracket is below ROOT_TOL degrees; tries the move found there.
static void root_on(Ctx *c, const Track *tr, int f, double x0, double f0, double x1, double f1) {
    double m = 0.5 * (x0 + x1), fm = 0.0;
    int side = 0;
    for (int i = 0; i < ROOT_STEPS && x1 - x0 > ROOT_TOL; i++) {
        m = (x0 * f1 - x1 * f0) / (f1 - f0);
        if (!(m > x0 && m < x1)) m = 0.5 * (x0 + x1);
        if (!track_value(c, tr, f, m, &fm)) return;
        if (fm == 0.0) break;
        if ((fm < 0) == (f0 < 0)) {
            x0 = m, f0 = fm;
            if (side == -1) f1 *= 0.5;
            side = -1;
        } else {
            x1 = m, f1 = fm;
            if (side == 1) f0 *= 0.5;
            side = 1;
        }
    }
    double v[4], s;
    // A sign change through a pole (θ → 0, where the straight parts' directions meet) is no root.
    if (!track_values(c, tr, angle_of(m), &s, v) || fabs(v[f]) > MC_LINEAR_SLOP) return;
    try_track_point(c, tr, m, s);
}

// Every root of the track's functions on the θ grid `th[0..n-1]` (one align direction).
static void scan_track(Ctx *c, const Track *tr, const Angle *th, int n) {
    double prev[4] = {0, 0, 0, 0};
    bool have = false;
    for (int i = 0; i < n; i++) {
        double v[4], s;
        if (!track_values(c, tr, th[i], &s, v)) {
            have = false;
            continue;
        }
        for (int f = 0; f < 4; f++) {
            if (tr->kind != 0 && f == tr->kind) continue; // zero all along the curve
            // (the range's roots between whole degrees only: towards 0° the straight parts turn
            // parallel, and a length within the slop of the range there was a hair short of a
            // straight move's exact one)
            if (f == 3 && i > 0 && fmin(fabs(th[i - 1].deg), fabs(th[i].deg)) < 1.0) continue;
            if (have && (v[f] < 0) != (prev[f] < 0) && v[f] != 0.0) root_on(c, tr, f, th[i - 1].deg, prev[f], th[i].deg, v[f]);
            if (v[f] == 0.0) try_track_point(c, tr, th[i].deg, s);
        }
        for (int f = 0; f < 4; f++) prev[f] = v[f];
        have = true;
    }
}

// The θ grid of one align direction: whole degrees, the exact angles of no align and of the
// largest align, and a geometric run towards 0, where the two straight parts become parallel and
// the smallest wheels (a sideways step of a thousandth of an inch) live.
MC_FOR_SIZE static int theta_grid(const Ctx *c, int sign, double cap, double *th) {
    enum { SMALL = 9 };
    static const double small[SMALL] = {1e-7, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 0.1, 0.25, 0.5};
    double cand[2 * 181 + 2 * SMALL + 3];
    int n = 0;
    for (int d = -(int)cap; d <= (int)cap; d++)
        if (d != 0) cand[n++] = d;
    for (int i = 0; i < SMALL; i++) cand[n++] = small[i], cand[n++] = -small[i];
    cand[n++] = c->delta;
    cand[n++] = c->delta - sign * MAX_ALIGN;
    cand[n++] = c->delta - sign * MAX_ALIGN + sign * MC_ROUNDING_SLOP;
    int k = 0;
    for (int i = 0; i < n; i++) {
        double t = cand[i], alpha = align_of(c, t);
        if (t == 0.0 || fabs(t) > cap || fabs(alpha) > MAX_ALIGN || alpha * sign < 0) continue;
        th[k++] = t;
    }
    for (int i = 1; i < k; i++)
        for (int j = i; j > 0 && th[j - 1] > th[j]; j--) {
            double x = th[j];
            th[j] = th[j - 1];
            th[j - 1] = x;
        }
    int m = 0;
    for (int i = 0; i < k; i++)
        if (m == 0 || th[i] != th[m - 1]) th[m++] = th[i];
    return m;
}

// Exact wheel angles on every track (see above), for both align directions.
static void refine(Ctx *c, double cap) {
    double th[2 * 181 + 2 * 9 + 3];
    Angle ang[2 * 181 + 2 * 9 + 3];
    // A slide whose aligned end is illegal gives no move (unless the target may be rotated
    // instead, which ends the charger elsewhere): its track is skipped.
    for (int i = 0; i < c->nfixed; i++) {
        int others, culprit;
        c->fixed_ok[i] = c->in->may_rotate_target || aligned_end_legal(c, c->fixed[i], &others, &culprit);
    }
    for (int sign = -1; sign <= 1; sign += 2) {
        int n = theta_grid(c, sign, cap, th);
        if (n < 2) continue;
        for (int i = 0; i < n; i++) ang[i] = angle_of(th[i]);
        for (int piece = 0; piece < 2; piece++) {
            double lo, hi;
            piece_range(c, sign, piece, &lo, &hi);
            if (lo > hi) continue;
            for (int i = 0; i < c->nfixed; i++) {
                if (c->fixed[i] < lo - MC_ZERO_SLOP || c->fixed[i] > hi + MC_ZERO_SLOP || !c->fixed_ok[i]) continue;
                // Past the work budget the refinement stops: the request answers `limit`.
                if (mc_work_out()) return;
                Track tr = {0, sign, piece, c->fixed[i]};
                scan_track(c, &tr, ang, n);
            }
            for (int kind = 1; kind <= 2; kind++) {
                Track tr = {kind, sign, piece, 0.5 * (lo + hi)};
                scan_track(c, &tr, ang, n);
            }
        }
    }
}

MC_FOR_SIZE static void try_all(Ctx *c, double cap, bool exact) {
    try_wheel(c, 0.0);
    if (fabs(c->delta) <= cap && c->delta != 0.0) try_wheel(c, c->delta);
    for (int d = -(int)cap; d <= (int)cap; d++)
        if (d != 0 && (double)d != c->delta) try_wheel(c, (double)d);
    // The square align (90°) of the smaller wheel, where whole degrees miss it.
    if (c->delta != floor(c->delta)) try_wheel(c, c->delta - copysign(90.0, c->delta));
    if (exact) refine(c, cap);
}

__attribute__((noinline)) static void add_fixed(Ctx *c, double s) {
    if (s < -c->reach - MC_ZERO_SLOP || s > c->reach + MC_ZERO_SLOP || c->nfixed == MAX_FIXED) return;
    mc_work_add((uint64_t)c->nfixed / 16); // a comparison is a sixteenth of a vertex pair's test
    for (int i = 0; i < c->nfixed; i++)
        if (c->fixed[i] == s) return;
    c->fixed[c->nfixed++] = s;
}

// The slides where the Maximising Contact class can change (refine): the facing's ends, the
// centred and full-contact slides, where another object starts or stops being in the way or a
// corner reaches the table edge, and
// where a model of either side starts or stops touching (a base boundary of one side meets an end
// of the stretch in contact; touching at a corner counts, models_touching).
MC_FOR_SIZE static void fixed_slides(Ctx *c, int charger_files) {
    double plateau = 0.5 * fabs(c->L - c->mw), g0 = -0.5 * c->L, g1 = 0.5 * c->L, hw = 0.5 * c->mw;
    add_fixed(c, 0.0);
    add_fixed(c, plateau);
    add_fixed(c, -plateau);
    add_fixed(c, -c->reach);
    add_fixed(c, c->reach);
    for (int i = 0; i < c->nends; i++) add_fixed(c, c->ends[i]);
    const NaBattlefield *bf = c->w->bf;
    if (bf->has_table) {
        // Where a corner of the aligned charger reaches a table edge (corners move by s·t).
        McRect r = c->S;
        r.centre = aligned_centre(c, 0.0);
        r.facing = c->F;
        McVec2 pv[4];
        McPoly p = mc_rect_to_poly(&r, pv);
        for (int i = 0; i < p.count; i++) {
            if (fabs(c->t.x) > MC_ZERO_SLOP) add_fixed(c, -p.v[i].x / c->t.x), add_fixed(c, (bf->table_w - p.v[i].x) / c->t.x);
            if (fabs(c->t.y) > MC_ZERO_SLOP) add_fixed(c, -p.v[i].y / c->t.y), add_fixed(c, (bf->table_h - p.v[i].y) / c->t.y);
        }
    }
    if (c->target_models > 0)
        for (int i = 0; i <= c->target_models && i <= NA_MAX_FILES; i++) {
            double x = g0 + i * (c->L / c->target_models);
            add_fixed(c, x - hw);
            add_fixed(c, x + hw);
        }
    if (charger_files > 0)
        for (int j = 0; j <= charger_files && j <= NA_MAX_FILES; j++) {
            double off = hw - j * (c->mw / charger_files);
            add_fixed(c, g1 + off);
            add_fixed(c, g0 + off);
        }
}

MC_FOR_SIZE static bool setup(Ctx *c, McEnv *env, NaWorld *w, const NaChargeIn *in, NaChargeOut *out) {
    memset(c, 0, sizeof *c);
    c->env = env;
    c->w = w;
    c->in = in;
    c->out = out;
    c->blocked_obj = c->room_obj = -1;
    const NaBattlefield *bf = w->bf;
    c->S = bf->units[in->charger].rect;
    c->T = bf->units[in->target].rect;
    c->S.width = fabs(c->S.width);
    c->S.depth = fabs(c->S.depth);
    c->mw = c->S.width;
    c->md = c->S.depth;
    static const double turn[] = {180.0, 90.0, 270.0, 0.0};
    c->tpoly = mc_rect_to_poly(&c->T, c->tpoly_v);
    c->spoly = mc_rect_to_poly(&c->S, c->spoly_v);
    const McPoly *tp = &c->tpoly;
    static const int edge_from[] = {MC_RECT_FRONT_RIGHT, MC_RECT_FRONT_LEFT, MC_RECT_BACK_RIGHT, MC_RECT_BACK_LEFT};
    static const int edge_to[] = {MC_RECT_FRONT_LEFT, MC_RECT_BACK_LEFT, MC_RECT_FRONT_RIGHT, MC_RECT_BACK_RIGHT};
    c->mid = mc_vec2_lerp(tp->v[edge_from[in->facing]], tp->v[edge_to[in->facing]], 0.5);
    bool along_front = in->facing == NA_FACING_FRONT || in->facing == NA_FACING_REAR;
    c->L = along_front ? fabs(c->T.width) : fabs(c->T.depth);
    const NaUnit *tu = &bf->units[in->target];
    c->target_models = along_front ? tu->files : tu->ranks;
    c->F = mc_facing_normalize(c->T.facing + turn[in->facing]);
    c->t = mc_facing_right(c->F);
    c->n = mc_facing_forward(c->F);
    c->base = mc_vec2_mul_add(c->mid, -0.5 * c->md, c->n);
    c->u0 = mc_facing_forward(c->S.facing);
    c->r0 = mc_facing_right(c->S.facing);
    c->delta = mc_facing_delta(c->S.facing, c->F);
    c->nstrips = mc_na_table_strips(bf, c->strip_v, c->strips);
    mc_trig_sincos_deg(c->delta, &c->sin_delta, &c->cos_delta);
    c->reach = 0.5 * (c->L + c->mw);
    c->nends = mc_na_slide_blocked_ends(w, in->charger, in->target, in->facing, c->ends, MAX_ENDS);
    fixed_slides(c, bf->units[in->charger].files);
    // The objects a path could meet: within the range (or the distance to the target and the
    // longest wheel) of the charger.
    double diag = sqrt(c->mw * c->mw + c->md * c->md);
    double span = mc_vec2_distance(c->S.centre, c->T.centre) + diag + fabs(c->T.width) + fabs(c->T.depth) + c->mw * PI;
    if (in->has_range && in->range + diag < span) span = in->range + diag;
    const McPoly *sp = &c->spoly;
    McAabb box = mc_aabb_union(mc_poly_aabb(sp), mc_poly_aabb(tp));
    box = mc_aabb_union(box, mc_aabb_inflate(mc_poly_aabb(sp), span));
    int n = mc_na_world_query(w, &box, 4 * MC_LINEAR_SLOP);
    c->near = mc_aabb_inflate(box, 4 * MC_LINEAR_SLOP);
    // The obstacles' own copies of their vertices (not zeroed: each is written before it is read).
    int room = 0;
    for (int i = 0; i < n; i++) room += w->objs[w->hits[i]].poly.count;
    c->polys = MC_NEW(env->arena, McPoly, n > 0 ? n : 1);
    McVec2 *v = mc_arena_alloc_raw(env->arena, sizeof(McVec2) * (size_t)(room > 0 ? room : 1));
    c->obj = MC_NEW(env->arena, int, n > 0 ? n : 1);
    c->ign = MC_NEW(env->arena, unsigned char, n > 0 ? n : 1);
    c->boxes = MC_NEW(env->arena, McAabb, n > 0 ? n : 1);
    // Not zeroed either: kept[i] is written whole before it is read (i < nkept).
    c->kept = mc_arena_alloc_raw(env->arena, sizeof(NaChargeMove) * MAX_KEPT);
    c->memo = MC_NEW(env->arena, EndMemo, MEMO_SLOTS);
    c->paths = MC_NEW(env->arena, PathMemo, MEMO_SLOTS);
    if (!c->polys || !v || !c->obj || !c->ign || !c->boxes || !c->kept || !c->memo || !c->paths) return false;
    c->target_slot = -1;
    for (int i = 0; i < n; i++) {
        int o = w->hits[i];
        if (o == in->charger) continue;
        int k = c->np++;
        const McPoly *src = &w->objs[o].poly;
        mc_work_add((uint64_t)src->count);
        c->polys[k] = (McPoly){src->count, v};
        for (int q = 0; q < src->count; q++) *v++ = src->v[q];
        c->obj[k] = o;
        c->boxes[k] = mc_poly_aabb(&c->polys[k]);
        // Objects it may pass (fellow pursuers) and those it already overlaps (after a pivot that
        // ignored Unit Spacing) are not in its way.
        c->ign[k] = (in->pass && in->pass[o]) || (o != in->target && mc_na_overlaps(sp, &c->polys[k]));
        if (o == in->target) c->target_slot = k;
    }
    if (c->target_slot < 0) return false;
    if (c->np > SCAN_MAX) {
        McBroadphaseNode *nodes = MC_NEW(env->arena, McBroadphaseNode, MC_BROADPHASE_NODES(c->np));
        McBroadphaseScratch *scratch = MC_NEW(env->arena, McBroadphaseScratch, c->np);
        if (!nodes || !scratch) return false;
        mc_broadphase_build(&c->bp, nodes, MC_BROADPHASE_NODES(c->np), scratch, c->boxes, c->np);
        c->tree = &c->bp;
    }
    return true;
}

static bool same_place(const NaChargeMove *x, const NaChargeMove *y) {
    return x->rotates_target == y->rotates_target && mc_vec2_distance(x->final.centre, y->final.centre) <= MC_LINEAR_SLOP;
}

// The search proper; mc_na_charge_solve gives back its working memory.
MC_FOR_SIZE static bool solve(McEnv *env, NaWorld *w, const NaChargeIn *in, NaChargeOut *out) {
    memset(out, 0, sizeof *out);
    out->blocker = -1;
    Ctx c;
    if (!setup(&c, env, w, in, out)) return !env->arena->failed;
    try_all(&c, NA_MAX_WHEEL, true);
    if (out->possible) {
        out->fail = NA_CHARGE_OK;
        // The best loser at each priority (a different end position) with the priority it lost on.
        for (int i = 0; i < c.nkept; i++) {
            const NaChargeMove *m = &c.kept[i];
            if (same_place(m, &out->best)) continue;
            int lvl = mc_na_charge_compare(m, &out->best);
            if (lvl <= 0) continue;
            int k;
            for (k = 0; k < out->alt_count && out->alts[k].lost_on != lvl; k++) {}
            if (k == out->alt_count) {
                if (k == NA_MAX_ALTS) continue;
                out->alt_count++;
                out->alts[k].lost_on = lvl;
                out->alts[k].move = *m;
            } else if (mc_na_charge_compare(m, &out->alts[k].move) < 0) {
                out->alts[k].move = *m;
            }
        }
        // By the priority they lost on.
        for (int i = 1; i < out->alt_count; i++)
            for (int k = i; k > 0 && out->alts[k - 1].lost_on > out->alts[k].lost_on; k--) {
                NaChargeAlt t = out->alts[k];
                out->alts[k] = out->alts[k - 1];
                out->alts[k - 1] = t;
            }
        return !env->arena->failed;
    }
    if (out->has_needed) {
        out->fail = NA_CHARGE_OUT_OF_RANGE;
    } else if (!c.any_geo) {
        // Would a larger wheel have reached the facing? (The only way the 90° limit can decide.)
        Ctx wide;
        NaChargeIn relaxed = *in;
        NaChargeOut scratch;
        memset(&scratch, 0, sizeof scratch);
        relaxed.has_range = false;
        if (!setup(&wide, env, w, &relaxed, &scratch)) return !env->arena->failed;
        wide.kept = NULL;
        try_all(&wide, 180.0, false);
        out->fail = wide.any_geo ? NA_CHARGE_WHEEL_OVER_90 : NA_CHARGE_CANNOT_REACH;
    } else if (!c.any_end_legal) {
        out->fail = NA_CHARGE_NO_ROOM;
        out->blocker = c.room_obj;
    } else {
        out->fail = NA_CHARGE_BLOCKED;
        out->blocker = c.blocked_obj;
    }
    return !env->arena->failed;
}

MC_FOR_SIZE bool mc_na_charge_solve(McEnv *env, NaWorld *w, const NaChargeIn *in, NaChargeOut *out) {
    // `out` holds values only: the obstacles, memos and kept moves of the search are given back,
    // or a combined charge's every order and a pursuit's every charger would keep theirs.
    McArenaMark mark = mc_arena_mark(env->arena);
    bool ok = solve(env, w, in, out);
    if (ok) mc_arena_rewind(env->arena, mark);
    if (!mc_work_out()) return ok;
    mc_work_note(env, "", "the charge search of %s after %d placements compared", w->bf->units[in->charger].id,
                 out->candidates);
    return false;
}

// ---- combined charges (9A-CH-4) ----------------------------------------------------------------

// Whether the target is already engaged: an enemy touches it.
MC_FOR_SIZE static bool engaged(NaWorld *w, int unit) {
    const McPoly *p = &w->objs[unit].poly;
    McAabb bb = mc_poly_aabb(p);
    int n = mc_na_world_query(w, &bb, 4 * MC_LINEAR_SLOP);
    for (int i = 0; i < n; i++) {
        int o = w->hits[i];
        if (o != unit && is_enemy_unit(w, o, unit) && mc_na_separation(p, &w->objs[o].poly) <= MC_LINEAR_SLOP) return true;
    }
    return false;
}

// Runs one order from position `from` (the earlier ones already moved); returns false when
// memory ran out. `failed` and `has_failed` (nullable) get the Failed Charge Moves. `snap`
// (nullable) gets the units' poses after each position's move, one row of unit_count per position.
MC_FOR_SIZE static bool run_chargers(McEnv *env, NaWorld *w, int target, const NaChargerIn *ch, const int *order, int from, int count,
                         const NaFacing *facing, bool may_rotate, NaChargeOut *res, NaFailedOut *failed, bool *has_failed,
                         McRect *snap) {
    const NaBattlefield *bf = w->bf;
    for (int i = from; i < count; i++) {
        const NaChargerIn *ci = &ch[order[i]];
        NaChargeIn in = {ci->unit, target, ci->has_range, ci->range, facing[order[i]], may_rotate && i == 0, NULL};
        if (!mc_na_charge_solve(env, w, &in, &res[i])) return false;
        if (has_failed) has_failed[i] = false;
        // A position without a Failed Charge Move holds none (a trial's is copied whole).
        if (failed) memset(&failed[i], 0, sizeof failed[i]);
        if (res[i].possible) {
            mc_na_world_move_unit(w, ci->unit, &res[i].best.final);
            if (res[i].best.rotates_target) mc_na_world_move_unit(w, target, &res[i].best.target_final);
        } else if (ci->highest_die > 0) {
            NaFailedOut fo;
            if (!mc_na_failed_charge(env, w, ci->unit, target, ci->highest_die, &fo)) return false;
            mc_na_world_move_unit(w, ci->unit, &fo.final);
            if (failed) failed[i] = fo, has_failed[i] = true;
        }
        if (snap)
            for (int u = 0; u < bf->unit_count; u++) snap[(size_t)i * bf->unit_count + u] = bf->units[u].rect;
    }
    return true;
}

MC_FOR_SIZE static NaOrderScore order_score(const NaChargeOut *res, int count) {
    NaOrderScore sc = {0, 0, 0, 0.0};
    for (int i = 0; i < count; i++)
        if (res[i].possible) {
            sc.done++;
            sc.others += res[i].best.others;
            sc.rotations += res[i].best.rotates_target;
            sc.models += res[i].best.models;
        }
    return sc;
}

// 9A-CH-4: the order that best satisfies Maximising Contact after all moves: fewest other
// enemies touched, most chargers in contact, target not rotated, most models in base contact.
// 0 when equal, else ±priority (negative: `x` better).
MC_FOR_SIZE static int order_compare(const NaOrderScore *x, const NaOrderScore *y) {
    if (x->others != y->others) return x->others < y->others ? -1 : 1;
    if (x->done != y->done) return x->done > y->done ? -2 : 2;
    if (x->rotations != y->rotations) return x->rotations < y->rotations ? -3 : 3;
    if (fabs(x->models - y->models) > MC_ROUNDING_SLOP) return x->models > y->models ? -4 : 4;
    return 0;
}

MC_FOR_SIZE bool mc_na_charge_combined(McEnv *env, NaBattlefield *bf, int target, const NaChargerIn *chargers, int count,
                        NaCombinedOut *out) {
    memset(out, 0, sizeof *out);
    NaWorld *w = MC_NEW(env->arena, NaWorld, 1);
    if (!w || !mc_na_world_init(env, w, bf)) return false;
    out->world = w;
    out->count = count;
    out->order = MC_NEW(env->arena, int, count);
    out->results = MC_NEW(env->arena, NaChargeOut, count);
    out->facings = MC_NEW(env->arena, NaFacing, count);
    out->failed = MC_NEW(env->arena, NaFailedOut, count);
    out->has_failed = MC_NEW(env->arena, bool, count);
    NaFacing *by_req = MC_NEW(env->arena, NaFacing, count);
    NaChargeOut *trial = MC_NEW(env->arena, NaChargeOut, count);
    McRect *saved = MC_NEW(env->arena, McRect, bf->unit_count);
    if (!out->order || !out->results || !out->facings || !out->failed || !out->has_failed || !by_req || !trial || !saved)
        return false;
    // 9A-ARC-1: each charger's facing is fixed by the arc it stands in before anyone moves.
    for (int i = 0; i < count; i++) {
        by_req[i] = mc_na_arc_of_front(&bf->units[target].rect, &bf->units[chargers[i].unit].rect);
        out->order[i] = i;
    }
    for (int i = 0; i < bf->unit_count; i++) saved[i] = bf->units[i].rect;
    bool may_rotate = !engaged(w, target);
    if (count >= 2 && count <= NA_MAX_COMBINED) {
        // 9A-CH-4: try every order, keep the one that best satisfies Maximising Contact after all
        // moves: fewest other enemies touched, most chargers in contact, target not rotated, most
        // models in base contact; ties keep request order (the first order tried).
        out->order_searched = true;
        int perm[NA_MAX_COMBINED], best[NA_MAX_COMBINED];
        for (int i = 0; i < count; i++) perm[i] = best[i] = i;
        // Orders come in lexicographic order, so each shares a prefix with the one before: the
        // table after each move is kept and a new order starts where its prefix left it.
        McRect *snap = MC_NEW(env->arena, McRect, (size_t)bf->unit_count * NA_MAX_COMBINED);
        // The chosen order's moves as they were found while it was tried, and the table after
        // them: its final run would meet the same tables (the same moves from the same start).
        NaFailedOut *trial_failed = MC_NEW(env->arena, NaFailedOut, count);
        bool *trial_has_failed = MC_NEW(env->arena, bool, count);
        McRect *best_end = MC_NEW(env->arena, McRect, bf->unit_count);
        if (!snap || !trial_failed || !trial_has_failed || !best_end) return false;
        int prev[NA_MAX_COMBINED], tried = 0, orders = 1;
        for (int i = 2; i <= count; i++) orders *= i;
        bool first = true;
        do {
            int from = 0;
            while (!first && from < count - 1 && perm[from] == prev[from]) from++;
            mc_na_world_place_all(w, from == 0 ? saved : snap + (size_t)(from - 1) * bf->unit_count);
            if (!run_chargers(env, w, target, chargers, perm, from, count, by_req, may_rotate, trial, trial_failed,
                              trial_has_failed, snap)) {
                if (mc_work_out())
                    mc_work_note(env, "combined", "the combined charge's order search after %d of %d charger orders (%s)",
                                 tried, orders, env->work_where);
                return false;
            }
            tried++;
            for (int i = 0; i < count; i++) prev[i] = perm[i];
            NaOrderScore sc = order_score(trial, count);
            if (first) out->request = out->chosen = sc;
            if (first || order_compare(&sc, &out->chosen) < 0) {
                out->chosen = sc;
                for (int i = 0; i < count; i++) best[i] = perm[i];
                memcpy(out->results, trial, sizeof *trial * (size_t)count);
                memcpy(out->failed, trial_failed, sizeof *trial_failed * (size_t)count);
                memcpy(out->has_failed, trial_has_failed, sizeof *trial_has_failed * (size_t)count);
                memcpy(best_end, snap + (size_t)(count - 1) * bf->unit_count, sizeof *best_end * (size_t)bf->unit_count);
            }
            first = false;
        } while (mc_na_next_permutation(perm, count));
        out->decided_on = order_compare(&out->chosen, &out->request);
        if (out->decided_on < 0) out->decided_on = -out->decided_on;
        for (int i = 0; i < count; i++) out->order[i] = best[i], out->facings[i] = by_req[best[i]];
        mc_na_world_place_all(w, best_end);
        out->chosen = order_score(out->results, count);
        return true;
    }
    for (int i = 0; i < count; i++) out->facings[i] = by_req[out->order[i]];
    if (!run_chargers(env, w, target, chargers, out->order, 0, count, by_req, may_rotate, out->results, out->failed, out->has_failed, NULL))
        return false;
    out->chosen = order_score(out->results, count);
    return true;
}

// ---- explaining --------------------------------------------------------------------------------

static const char *priority_words(int level) {
    switch (level) {
    case 1: return "it touches more enemy units besides the target (Maximising Contact 1)";
    case 3: return "it rotates the charged unit (Maximising Contact 3)";
    case 4: return "fewer models in base contact (Maximising Contact 4)";
    case 5: return "equal on every priority, but a longer move";
    case 6: return "equal on every priority and distance, but a larger wheel";
    default: return "equal on every priority, distance and wheel; the one further to the charger's left was taken";
    }
}

const char *mc_na_charge_lost_words(int level) { return priority_words(level); }

MC_FOR_SIZE void mc_na_charge_explain(McEnv *env, const NaWorld *w, const NaChargeIn *in, NaChargeOut *out) {
    const NaBattlefield *bf = w->bf;
    const char *id = bf->units[in->charger].id, *tid = bf->units[in->target].id;
    const char *fn = mc_na_facing_name(in->facing);
    mc_trace(env, "9A-ARC-1", id, "the centre of its front facing lies in %s's %s arc: it must contact the %s facing", tid,
             fn, fn);
    const NaChargeMove *m = &out->best;
    if (out->has_best) {
        if (mc_fmt_negligible(m->wheel))
            mc_trace(env, "9A-CH-1", id, "%s straight forward, no wheel: %s\" in all", mc_fmt_amount(env, "moves", m->b, "\"", "does not move"), mc_fmt_num(env, m->distance));
        else
            mc_trace(env, "9A-CH-1", id,
                     "%s straight, wheels %s° about its front-%s corner (the outer corner travels %s\"), %s straight: %s\" in all",
                     mc_fmt_amount(env, "moves", m->a, "\"", "does not move"), mc_fmt_num(env, fabs(m->wheel)), m->wheel > 0 ? "right" : "left",
                     mc_fmt_num(env, m->distance - m->a - m->b), mc_fmt_amount(env, "moves", m->b, "\"", "does not move"), mc_fmt_num(env, m->distance));
        if (mc_fmt_negligible(m->align))
            mc_trace(env, "9A-CH-2", id, "its front facing arrives flat against %s's %s facing: no align needed", tid, fn);
        else if (m->rotates_target)
            mc_trace(env, "9A-CH-2", id, "touches %s's %s facing at (%s, %s); the charger cannot align there, so %s is rotated %s° about that point instead",
                     tid, fn, mc_fmt_num(env, m->contact_point.x), mc_fmt_num(env, m->contact_point.y), tid, mc_fmt_num(env, -m->align));
        else
            mc_trace(env, "9A-CH-2", id, "touches %s's %s facing at (%s, %s) and aligns %s° about that point", tid, fn,
                     mc_fmt_num(env, m->contact_point.x), mc_fmt_num(env, m->contact_point.y), mc_fmt_num(env, m->align));
    }
    if (out->possible) {
        mc_trace(env, "9A-CH-3", id,
                 "of %d legal charge moves, Maximising Contact keeps one touching %d other enem%s, %s the target, with %s models in base contact (%s\" of front), then the shortest",
                 out->candidates, m->others, m->others == 1 ? "y" : "ies", m->rotates_target ? "rotating" : "not rotating",
                 mc_fmt_num(env, m->models), mc_fmt_num(env, m->contact_length));
        return;
    }
    McReason *r = mc_na_charge_reason(env, w, in, out);
    if (r) mc_trace(env, r->rule, id, "the charge cannot be completed: %s", r->code);
}

McReason *mc_na_charge_reason(McEnv *env, const NaWorld *w, const NaChargeIn *in, NaChargeOut *out) {
    const char *tid = w->bf->units[in->target].id, *fn = mc_na_facing_name(in->facing);
    McReason *r = NULL;
    const char *way = out->blocker >= 0 ? ": in the way is " : "", *by = out->blocker >= 0 ? mc_na_object_id(w, out->blocker) : "";
    switch (out->fail) {
    case NA_CHARGE_OUT_OF_RANGE:
        r = mc_reason_add(env, &out->reasons, "out_of_range", "9A-CH-1",
                          "The shortest legal charge move is %s\", more than the charge range of %s\".", mc_fmt_num(env, out->needed), mc_fmt_num(env, in->range));
        break;
    case NA_CHARGE_WHEEL_OVER_90:
        r = mc_reason_add(env, &out->reasons, "wheel_over_90", "9A-CH-1",
                          "Bringing the front facing onto %s's %s facing would need a wheel of more than 90 degrees.", tid, fn);
        break;
    case NA_CHARGE_CANNOT_REACH:
        r = mc_reason_add(env, &out->reasons, "cannot_reach_facing", "9A-CH-2",
                          "No move straight forward, one wheel and straight forward brings the front facing into contact with %s's %s facing.", tid, fn);
        break;
    case NA_CHARGE_NO_ROOM:
        r = mc_reason_add(env, &out->reasons, "no_room", "9A-CH-2",
                          "There is no room to place the charger in contact with %s's %s facing%s%s.", tid, fn, way, by);
        break;
    case NA_CHARGE_BLOCKED:
        // Only the table edge blocks a path without an object (path_on_table): A-9A-3.
        if (out->blocker < 0) mc_assume(env, MC_A_9A_3);
        r = mc_reason_add(env, &out->reasons, "path_blocked", "9A-CH-1", "Every charge path into %s's %s facing is blocked: in the way is %s.",
                          tid, fn, out->blocker >= 0 ? by : "the table edge");
        break;
    default:
        break;
    }
    if (r && out->blocker >= 0) r->unit = by;
    return r;
}
