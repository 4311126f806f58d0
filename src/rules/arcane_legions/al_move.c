// A move order (AL-ORD, AL-BRK, AL-MOV, AL-LAT, AL-COL, AL-SNP, AL-SLD, AL-TRN, AL-OVL, AL-LIM,
// AL-TER): order cost, breakaway, movement points, then each action with its collisions, snaps
// (docs/geometry.md "Snap-to"), slides ("Slide") and turning-tool placements ("Turning tool").
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <string.h>

#include "core/work.h"
#include "core/fmt.h"
#include "rules/arcane_legions/al.h"

#define SLOP MC_LINEAR_SLOP
// Two snap angles are "equal" (AL-SNP-2) when they differ by less than this many degrees, the
// slop taken as degrees: at a radius of 10 steps that is well under the slop.
#define ANGLE_TIE MC_LINEAR_SLOP

static const char *const dir_names[] = {"forward", "backward", "left", "right"};
static const char *const side_names[] = {"front", "back", "left", "right"};

typedef struct Ctx {
    McEnv *env;
    const AlWorld *w;
    const AlOrder *o;
    AlMoveResult *r;
    bool quiet; // a run that only measures one option of a choice: no trace, no choices
    const AlUnit *u;
    McRect pose;
    unsigned char *ignore;   // per part
    unsigned char *standing; // per terrain piece: control terrain the mover stands on
    int points;
    bool ended;
    int breakaway_count; // a quiet run: the breakaway attackers the full run found
} Ctx;

static void tr(Ctx *c, const char *rule, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void tr(Ctx *c, const char *rule, const char *fmt, ...) {
    if (c->quiet || c->env->quiet) return;
    char buf[320];
    va_list ap;
    va_start(ap, fmt);
    mc_vsnfmt(buf, sizeof buf, fmt, ap);
    va_end(ap);
    mc_trace(c->env, rule, c->u->id, "%s", buf);
}

// The plural's "s" for a count printed by mc_fmt_num (to 9 decimals: "1" within 5e-10 of 1) or %d.
static const char *plural(double n) { return fabs(n - 1.0) < 5e-10 ? "" : "s"; }

static AlEvent *ev(Ctx *c, AlActionResult *ar, const char *type, const char *rule, int object,
                   const char *fmt, ...) __attribute__((format(printf, 6, 7)));
static AlEvent *ev(Ctx *c, AlActionResult *ar, const char *type, const char *rule, int object,
                   const char *fmt, ...) {
    if (!mc_grow(c->env->arena, (void **)&ar->events, &ar->event_cap, ar->event_count + 1, sizeof(AlEvent)))
        return NULL;
    AlEvent *e = &ar->events[ar->event_count++];
    memset(e, 0, sizeof *e);
    e->type = type;
    e->rule = rule;
    e->object = object;
    e->steps_beyond = -1;
    // A quiet run's events are never written (run_variant reads only the outcome), nor are any
    // in an answer without sentences: no text.
    if (c->quiet || c->env->quiet) return e;
    char buf[320];
    va_list ap;
    va_start(ap, fmt);
    mc_vsnfmt(buf, sizeof buf, fmt, ap);
    va_end(ap);
    e->text = mc_strf(c->env, "%s", buf);
    return e;
}

static McReason *reason(Ctx *c, int action, const char *code, const char *rule, const char *msg) {
    c->r->legal = false;
    McReason *rs = mc_reason_add(c->env, &c->r->reasons, code, rule, "%s", msg);
    if (rs) {
        rs->unit = c->u->id;
        rs->action = action;
    }
    return rs;
}

// A choice the request left open, with its option values (the default first); the options'
// outcomes are filled in after the run.
static void choice(Ctx *c, const char *name, int action, const char *const *values, int n) {
    if (c->quiet || c->env->quiet) return; // an answer without sentences lists no choices either
    AlMoveResult *r = c->r;
    for (int i = 0; i < r->choice_count; i++)
        if (strcmp(r->choices[i].name, name) == 0 && r->choices[i].action == action) return;
    if (!mc_grow(c->env->arena, (void **)&r->choices, &r->choice_cap, r->choice_count + 1, sizeof(AlChoice))) return;
    AlChoice *ch = &r->choices[r->choice_count];
    memset(ch, 0, sizeof *ch);
    ch->values = MC_NEW(c->env->arena, const char *, n);
    if (!ch->values) return;
    r->choice_count++;
    ch->name = name;
    ch->action = action;
    ch->def = values[0];
    for (int i = 0; i < n; i++) ch->values[i] = values[i];
    ch->value_count = n;
}

// An object as the sentences name it: the table by its edge (its id "table" stays in the fields)
static const char *oid(Ctx *c, int o) { return mc_al_object_kind(c->w, o) == AL_KIND_TABLE ? "the table edge" : mc_al_object_id(c->w, o); }
static AlKind okind(Ctx *c, int o) { return mc_al_object_kind(c->w, o); }

// Which parts a motion may hit: not the mover's own start position, not control terrain the
// player passes through (AL-TER-1) or stands on, and not `extra`.
static void set_ignore(Ctx *c, int extra) {
    const AlWorld *w = c->w;
    int mover = c->o->unit;
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count; p++) {
        int ob = w->part_object[p];
        bool ig = ob == mover || ob == extra;
        if (ob >= w->unit_count && okind(c, ob) == AL_KIND_CONTROL) { // units come first
            int t = ob - w->unit_count;
            ig = ig || !c->o->collide_control || !c->o->collide_control[t] || c->standing[t];
        }
        c->ignore[p] = ig;
    }
}

static McVec2 dir_vector(double facing, int dir) {
    switch (dir) {
    case AL_FORWARD: return mc_facing_forward(facing);
    case AL_BACKWARD: return mc_vec2_neg(mc_facing_forward(facing));
    case AL_LEFT: return mc_vec2_neg(mc_facing_right(facing));
    default: return mc_facing_right(facing);
    }
}

// The first non-ignored object that `poly` overlaps by more than the slop, or -1; *part gets
// the deepest part of that object.
static int overlapped(Ctx *c, const McPoly *poly, int after, int *part) {
    const AlWorld *w = c->w;
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, mc_poly_aabb(poly));
    int best = -1;
    double depth = 0;
    for (int p; (p = mc_broadphase_iter_next(&it)) >= 0;) {
        if (c->ignore[p]) continue;
        int ob = w->part_object[p];
        if (ob <= after) continue;
        // Exact whenever it is below −slop, the only values used.
        double s = mc_poly_sat_separation_until(poly, &w->parts[p], -SLOP);
        if (s >= -SLOP) continue;
        if (best < 0 || ob < w->part_object[best] || (ob == w->part_object[best] && s < depth)) {
            best = p;
            depth = s;
        }
    }
    if (part) *part = best;
    return best < 0 ? -1 : w->part_object[best];
}

// ---- snapping -------------------------------------------------------------------------------

typedef enum CandKind {
    CAND_PIVOT = 0,   // a turn about the pivot (AL-SNP-1, AL-OVL-1)
    CAND_BETWEEN = 1, // a turn, then straight out onto the edge between two corners (AL-OVL-2)
    CAND_PUSH = 2     // no turn: straight out across a side the mover's side already lies parallel to
} CandKind;

typedef struct Cand {
    McVec2 pivot;
    double angle; // clockwise positive
    McVec2 shift; // after the pivot (CAND_BETWEEN, CAND_PUSH)
    CandKind kind;
} Cand;

static McVec2 edge_dir(const McPoly *p, int i) {
    int n = p->count;
    i = ((i % n) + n) % n;
    return mc_vec2_normalize(mc_vec2_sub(p->v[(i + 1) % n], p->v[i]));
}

// The clockwise angle that turns edge direction da antiparallel to db (flush CCW edges run
// opposite ways), in (−180, 180].
static double align_angle(McVec2 da, McVec2 db) {
    McVec2 t = mc_vec2_neg(db);
    return -mc_trig_atan2_deg(mc_vec2_cross(da, t), mc_vec2_dot(da, t)) + 0.0;
}

// The mover `a` placed by candidate k, over `room` (a->count vertices).
static McPoly place(const McPoly *a, Cand k, McVec2 *room) {
    McPoly turned = mc_poly_rotate(a, k.pivot, k.angle, room);
    return mc_poly_translate(&turned, k.shift, room);
}

// The object's outline, each edge with the object's inside on its left: a unit's rectangle, a
// terrain polygon as the player gave it (not its convex parts, whose inner diagonals are no
// edges to snap to), or the table's edge run clockwise round the table, whose outside is the
// object (AL-TER-1). Repeated points are dropped. out->v has room for MC_POLY_CAPACITY vertices.
static void outline(Ctx *c, int object, McPoly *out) {
    const AlWorld *w = c->w;
    out->count = 0;
    if (object < w->unit_count) {
        *out = mc_rect_to_poly(&w->units[object].rect, out->v);
        return;
    }
    McVec2 pts[MC_POLY_CAPACITY];
    int n = 0;
    if (object < w->unit_count + w->terrain_count) {
        const AlTerrain *t = &w->terrain[object - w->unit_count];
        double area = 0;
        for (int i = 0; i < t->count; i++) area += mc_vec2_cross(t->points[i], t->points[(i + 1) % t->count]);
        for (int i = 0; i < t->count && n < MC_POLY_CAPACITY; i++) pts[n++] = t->points[area > 0 ? i : t->count - 1 - i];
    } else {
        pts[0] = mc_vec2(0, 0), pts[1] = mc_vec2(0, w->height), pts[2] = mc_vec2(w->width, w->height);
        pts[3] = mc_vec2(w->width, 0);
        n = 4;
    }
    for (int i = 0; i < n; i++)
        if (out->count == 0 || mc_vec2_distance(pts[i], out->v[out->count - 1]) > SLOP) out->v[out->count++] = pts[i];
    while (out->count > 1 && mc_vec2_distance(out->v[0], out->v[out->count - 1]) <= SLOP) out->count--;
}

// True when the mover `p` lies flush against the object (a shared edge stretch) and overlaps none
// of its parts.
static bool flush_against(Ctx *c, const McPoly *p, int object) {
    const AlWorld *w = c->w;
    bool flush = false;
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, mc_aabb_inflate(mc_poly_aabb(p), 2 * SLOP));
    for (int q; (q = mc_broadphase_iter_next(&it)) >= 0;) {
        if (w->part_object[q] != object) continue;
        McContact ct;
        McContactState st = mc_poly_contact(p, &w->parts[q], &ct);
        if (st == MC_CONTACT_OVERLAPPING) return false;
        flush = flush || (st == MC_CONTACT_TOUCHING && ct.flush);
    }
    return flush;
}

// Keeps a candidate when it leaves the mover flush against the object without overlapping it.
static void try_cand(Ctx *c, const McPoly *a, int object, Cand k, Cand *out, int *n) {
    bool still = fabs(k.angle) < MC_ROUNDING_SLOP && k.shift.x == 0 && k.shift.y == 0;
    if (still || *n >= 16) return;
    McVec2 room[4]; // the mover is a rectangle
    McPoly p = place(a, k, room);
    if (flush_against(c, &p, object)) out[(*n)++] = k;
}

// AL-SNP-1: the mover and the object touch at `at`, where one of them has a corner. The mover's
// edges through that point are turned onto the object's outline edges through it, about that
// point (docs/geometry.md "Snap-to": a mover's corner on the object's edge, or the mirror image).
static int touch_cands(Ctx *c, const McPoly *a, int object, McVec2 at, Cand *out) {
    McVec2 bv[MC_POLY_CAPACITY];
    McPoly b = {0, bv};
    outline(c, object, &b);
    const double tol = 2 * SLOP;
    int ea[4], eb[8], na = 0, nb = 0;
    bool corner_a = false, corner_b = false;
    McVec2 pivot = at;
    for (int i = 0; i < a->count; i++) {
        if (mc_segment_distance(a->v[i], a->v[(i + 1) % a->count], at) <= tol && na < 4) ea[na++] = i;
        if (!corner_a && mc_vec2_distance(a->v[i], at) <= tol) corner_a = true, pivot = a->v[i];
    }
    for (int i = 0; i < b.count; i++) {
        if (mc_segment_distance(b.v[i], b.v[(i + 1) % b.count], at) <= tol && nb < 8) eb[nb++] = i;
        if (!corner_b && mc_vec2_distance(b.v[i], at) <= tol) {
            corner_b = true;
            if (!corner_a) pivot = b.v[i];
        }
    }
    if (!corner_a && !corner_b) return 0;
    int n = 0;
    for (int x = 0; x < na; x++)
        for (int y = 0; y < nb; y++) {
            Cand k = {pivot, align_angle(edge_dir(a, ea[x]), edge_dir(&b, eb[y])), {0, 0}, CAND_PIVOT};
            try_cand(c, a, object, k, out, &n);
        }
    return n;
}

// How far the mover `p` must move straight out across outline edge `e` of `b` (along its outward
// normal) to lie on it.
static McVec2 out_across(const McPoly *b, int e, McPoly p) {
    McVec2 nrm = mc_vec2_perp_right(edge_dir(b, e));
    double lo = 0;
    for (int v = 0; v < p.count; v++) {
        double d = mc_vec2_dot(mc_vec2_sub(p.v[v], b->v[e]), nrm);
        if (d < lo) lo = d;
    }
    return mc_vec2_scale(nrm, -lo);
}

// AL-OVL-1/2: the mover overlaps the object after a turn. Pivots are where its sides cross the
// object's sides; with two of the object's corners inside the mover it snaps to the edge between
// them.
static int overlap_cands(Ctx *c, const McPoly *a, int object, Cand *out, bool *two_corners) {
    McVec2 bv[MC_POLY_CAPACITY];
    McPoly b = {0, bv};
    outline(c, object, &b);
    int inside[MC_POLY_CAPACITY], ni = 0;
    for (int j = 0; j < b.count; j++)
        if (mc_poly_classify_point(a, b.v[j]) == MC_CONTACT_OVERLAPPING) inside[ni++] = j;
    int between = -1;
    if (ni == 2) {
        if ((inside[0] + 1) % b.count == inside[1]) between = inside[0];
        else if ((inside[1] + 1) % b.count == inside[0]) between = inside[1];
    }
    *two_corners = between >= 0;
    int n = 0;
    for (int x = 0; x < a->count; x++)
        for (int y = 0; y < b.count; y++) {
            McVec2 at;
            if (mc_segment_intersect(a->v[x], a->v[(x + 1) % a->count], b.v[y], b.v[(y + 1) % b.count], &at, NULL) !=
                MC_SEGMENTS_POINT)
                continue;
            int target = between >= 0 ? between : y;
            Cand k = {at, align_angle(edge_dir(a, x), edge_dir(&b, target)), {0, 0}, CAND_PIVOT};
            if (between >= 0) {
                k.kind = CAND_BETWEEN;
                McVec2 room[4]; // the mover is a rectangle
                k.shift = out_across(&b, between, place(a, k, room));
            } else {
                // A side of the mover already lying parallel to the crossed side makes an angle of
                // 0 with it, the narrowest there is: snapping to that side moves the mover straight
                // out across it until they lie flush (AL-OVL-1; the pivot can turn it no nearer).
                for (int z = 0; z < a->count; z++) {
                    McVec2 dz = edge_dir(a, z), dy = edge_dir(&b, y);
                    if (fabs(mc_vec2_cross(dz, dy)) > MC_ROUNDING_SLOP || mc_vec2_dot(dz, dy) > 0) continue;
                    Cand push = {at, 0, out_across(&b, y, *a), CAND_PUSH};
                    try_cand(c, a, object, push, out, &n);
                }
            }
            try_cand(c, a, object, k, out, &n);
        }
    return n;
}

// Orders the smallest clockwise and smallest counter-clockwise candidates: smaller angle first
// (AL-SNP-1); equal angles follow the player's side, clockwise by default (AL-SNP-2).
// *tie says the order is the controller's (AL-SNP-2), a choice only if both snaps can be made.
static int pick_two(Ctx *c, Cand *k, int n, Cand *two, bool *tie) {
    // Straight pushes (angle 0) come first, the shortest first; the next shortest across another
    // side is the other way to try (AL-LIM-1).
    *tie = false;
    int p1 = -1, p2 = -1;
    for (int i = 0; i < n; i++) {
        if (k[i].kind != CAND_PUSH) continue;
        double len = mc_vec2_length(k[i].shift);
        if (p1 < 0 || len < mc_vec2_length(k[p1].shift) - SLOP) p2 = p1, p1 = i;
        else if (mc_vec2_distance(k[i].shift, k[p1].shift) > SLOP && (p2 < 0 || len < mc_vec2_length(k[p2].shift) - SLOP)) p2 = i;
    }
    if (p1 >= 0) {
        tr(c, "AL-OVL-1", "a side of the unit lies parallel to the side it overlaps: it moves straight out across it");
        two[0] = k[p1];
        if (p2 >= 0) two[1] = k[p2];
        return p2 >= 0 ? 2 : 1;
    }
    int cw = -1, ccw = -1;
    for (int i = 0; i < n; i++) {
        // A pure push onto the edge between two corners (AL-OVL-2) counts as a clockwise snap of 0.
        if (k[i].angle >= 0 && (cw < 0 || k[i].angle < k[cw].angle)) cw = i;
        if (k[i].angle < 0 && (ccw < 0 || k[i].angle > k[ccw].angle)) ccw = i;
    }
    int m = 0;
    if (cw >= 0 && ccw >= 0) {
        double a = k[cw].angle, b = -k[ccw].angle;
        bool ccw_first;
        if (fabs(a - b) <= ANGLE_TIE) {
            ccw_first = c->o->snap_side == 1;
            *tie = true;
            // The angle said is the turn made; the edges may meet at its supplement (a 135-degree
            // turn out of an overlap lines up edges that cross at 45).
            tr(c, "AL-SNP-2", "both snaps turn %s degrees: the controller chooses; snapping %s",
               mc_fmt_num(c->env, a), ccw_first ? "counter-clockwise" : "clockwise");
        } else {
            ccw_first = b < a;
        }
        two[m++] = ccw_first ? k[ccw] : k[cw];
        two[m++] = ccw_first ? k[cw] : k[ccw];
    } else if (cw >= 0) {
        two[m++] = k[cw];
    } else if (ccw >= 0) {
        two[m++] = k[ccw];
    }
    return m;
}

// A snap made without turning: a straight move out across a side (CAND_PUSH), or onto the edge
// between two corners that the mover's side already lies parallel to (CAND_BETWEEN by 0 degrees).
static bool straight_out(Cand k) {
    return k.kind == CAND_PUSH || (k.kind == CAND_BETWEEN && fabs(k.angle) < MC_ROUNDING_SLOP);
}

// The object snap `k` of the mover `a` onto `object` would collide with, or -1 (AL-LIM-1); *at_end
// says the snap would end overlapping it (one the mover overlaps already, say). A snap
// is refused only when it would create an overlap: the parts the mover touches or overlaps as the
// snap begins (the object snapped to, and the other objects a turn ended overlapping, AL-OVL-3)
// are no obstacles to its motion; the end pose must overlap nothing, those included.
static int snap_blocker(Ctx *c, const McPoly *a, int object, Cand k, bool *at_end) {
    const AlWorld *w = c->w;
    *at_end = false;
    set_ignore(c, -1);
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, mc_aabb_inflate(mc_poly_aabb(a), 2 * SLOP));
    for (int p; (p = mc_broadphase_iter_next(&it)) >= 0;) {
        if (c->ignore[p]) continue;
        bool ours = w->part_object[p] == object && mc_poly_distance(a, &w->parts[p]) <= SLOP;
        if (ours || mc_poly_sat_separation_until(a, &w->parts[p], -SLOP) < -SLOP) c->ignore[p] = 1;
    }
    McSweepInput in = {a, w->parts, w->part_count, &w->bp, c->ignore, NULL, NULL};
    McSweepHit hit;
    mc_sweep_rotate(&in, k.pivot, k.angle, &hit);
    int blocker = hit.state == MC_SWEEP_CLEAR ? -1 : w->part_object[hit.obstacle >= 0 ? hit.obstacle : 0];
    if (blocker < 0 && (k.shift.x != 0 || k.shift.y != 0)) {
        // The straight move out must not run through anything either.
        McVec2 tv[4];
        McPoly turned = mc_poly_rotate(a, k.pivot, k.angle, tv);
        in.mover = &turned;
        if (mc_sweep_translate(&in, k.shift, &hit) != MC_SWEEP_CLEAR)
            blocker = w->part_object[hit.obstacle >= 0 ? hit.obstacle : 0];
    }
    if (blocker < 0) {
        McVec2 endv[4];
        McPoly end = place(a, k, endv);
        set_ignore(c, -1);
        blocker = overlapped(c, &end, -1, NULL);
        *at_end = blocker >= 0;
    }
    return blocker;
}

// Tries the snaps in order; a snap that would collide with another object cannot be made and the
// next is tried (AL-LIM-1). `rule` is the clause of the first snap: AL-SNP-1 after a step's
// collision, AL-OVL-1 after a turn's overlap. `tie`: the order is the controller's (AL-SNP-2),
// listed as a choice when both snaps can be made. Returns 1 when snapped.
static int snap(Ctx *c, int action, AlActionResult *ar, int object, const Cand *two, int m, bool tie, const char *rule) {
    McVec2 av[4];
    McPoly a = mc_rect_to_poly(&c->pose, av);
    int blockers[2] = {-2, -2}; // -2: not yet tested
    bool at_end[2] = {false, false};
    if (tie && m == 2 && c->o->snap_side < 0 && !c->quiet && !c->env->quiet) {
        blockers[0] = snap_blocker(c, &a, object, two[0], &at_end[0]);
        blockers[1] = snap_blocker(c, &a, object, two[1], &at_end[1]);
        static const char *const sides[] = {"cw", "ccw"};
        if (blockers[0] < 0 && blockers[1] < 0) choice(c, "snapSide", action, sides, 2);
    }
    for (int i = 0; i < m; i++) {
        int blocker = blockers[i] == -2 ? snap_blocker(c, &a, object, two[i], &at_end[i]) : blockers[i];
        const char *hit = at_end[i] ? "leave it overlapping" : "hit";
        bool straight = straight_out(two[i]);
        const char *dir = straight ? NULL : two[i].angle >= 0 ? "cw" : "ccw";
        const char *turn = two[i].angle >= 0 ? "clockwise" : "counter-clockwise"; // the sentences' words for dir
        bool shifted = two[i].shift.x != 0 || two[i].shift.y != 0;
        double shift = mc_vec2_length(two[i].shift);
        double angle = straight ? 0.0 : two[i].angle;
        if (blocker >= 0) {
            AlEvent *e = straight ? ev(c, ar, "snapBlocked", "AL-LIM-1", blocker, "moving straight out by %s would %s %s",
                                       mc_fmt_num(c->env, shift), hit, oid(c, blocker))
                                  : ev(c, ar, "snapBlocked", "AL-LIM-1", blocker, "snapping %s degrees %s would %s %s",
                                       mc_fmt_num(c->env, fabs(angle)), turn, hit, oid(c, blocker));
            if (e) e->side = dir, e->has_angle = true, e->angle = angle;
            if (e && shifted) e->has_distance = true, e->distance = shift;
            tr(c, "AL-LIM-1", "that snap onto %s would %s %s; it cannot be made", oid(c, object), hit, oid(c, blocker));
            continue;
        }
        c->pose.centre = mc_vec2_add(mc_vec2_rotate_cw_about(c->pose.centre, two[i].pivot, two[i].angle), two[i].shift);
        c->pose.facing = mc_facing_normalize(c->pose.facing + two[i].angle);
        bool between = two[i].kind == CAND_BETWEEN;
        const char *r = i > 0 ? "AL-LIM-1" : between ? "AL-OVL-2" : rule;
        AlEvent *e = straight && between
                         ? ev(c, ar, "snap", r, object, "moved straight out by %s step%s onto the edge of %s between its two corners inside the unit",
                              mc_fmt_num(c->env, shift), plural(shift), oid(c, object))
                     : straight ? ev(c, ar, "snap", r, object, "moved straight out by %s step%s onto a side of %s it lay parallel to",
                                     mc_fmt_num(c->env, shift), plural(shift), oid(c, object))
                              : ev(c, ar, "snap", r, object, "snapped %s degrees %s about (%s, %s)%s onto %s%s",
                                   mc_fmt_num(c->env, fabs(angle)), turn, mc_fmt_num(c->env, two[i].pivot.x), mc_fmt_num(c->env, two[i].pivot.y),
                                   shifted ? mc_strf(c->env, ", then moved straight out by %s step%s,", mc_fmt_num(c->env, shift), plural(shift)) : "",
                                   okind(c, object) == AL_KIND_TABLE ? "" : "an edge of ", oid(c, object));
        if (e) {
            e->has_point = !straight, e->point = two[i].pivot;
            e->has_angle = true, e->angle = angle;
            e->side = dir;
            if (shifted) e->has_distance = true, e->distance = shift;
        }
        if (straight) tr(c, r, "moved straight out by %s step%s onto %s", mc_fmt_num(c->env, shift), plural(shift), oid(c, object));
        else tr(c, r, "snapped %s degrees %s about (%s, %s)%s onto %s", mc_fmt_num(c->env, fabs(angle)), turn,
                mc_fmt_num(c->env, two[i].pivot.x), mc_fmt_num(c->env, two[i].pivot.y),
                shifted ? mc_strf(c->env, ", then moved straight out by %s step%s,", mc_fmt_num(c->env, shift), plural(shift)) : "", oid(c, object));
        return 1;
    }
    return 0;
}

// ---- sliding ---------------------------------------------------------------------------------

static double edge_length(McRect r, int edge) { return edge == 0 || edge == 2 ? fabs(r.width) : fabs(r.depth); }

// Positions (projected on d) of an edge's notches (A-AL-2) and its two ends. tag[i] says which:
// k >= 1 the k-th notch from the edge's first corner, 0 that corner, -1 the other end.
static int edge_marks(const McPoly *p, int edge, double len, double spacing, McVec2 d, double *out, int *tag) {
    McVec2 a = p->v[edge], b = p->v[(edge + 1) % 4];
    McVec2 u = mc_vec2_normalize(mc_vec2_sub(b, a));
    int n = 0;
    for (int k = 1; k * spacing < len - SLOP && n < 256; k++) {
        tag[n] = k;
        out[n++] = mc_vec2_dot(mc_vec2_mul_add(a, k * spacing, u), d);
    }
    tag[n] = 0, out[n++] = mc_vec2_dot(a, d);
    tag[n] = -1, out[n++] = mc_vec2_dot(b, d);
    return n;
}

// How many notches a side of length `len` has at `spacing`: the count c of k >= 1 with
// k * spacing < len - SLOP. Worked out, then stepped to that bound exactly as counting them one
// by one would (a side 100,000 long at the least spacing has 800,000: counted one at a time in
// every turn, a reach took 40 s).
static int notch_count(double len, double spacing) {
    double x = len - SLOP;
    if (!(spacing > 0) || !(spacing < x)) return 0;
    double guess = ceil(x / spacing) - 1;
    int count = guess < 1 ? 0 : guess > INT_MAX - 1 ? INT_MAX - 1 : (int)guess;
    while (count > 0 && count * spacing >= x) count--;
    while ((count + 1) * spacing < x) count++;
    return count;
}

// A mark of a base's edge in the words of docs/api/arcane-legions.md: "front notch 1" (notch
// indices count from the unit's left end on the front and back, from the back end on the sides),
// or "back-left corner". Edge e of the rectangle runs from corner e (front-right, front-left,
// back-left, back-right) to corner e + 1 (McRectEdge).
static const char *mark_name(Ctx *c, int edge, int tag, double len, double spacing) {
    static const char *const edges[] = {"front", "left", "back", "right"};
    static const char *const corners[] = {"front-right", "front-left", "back-left", "back-right"};
    if (tag <= 0) return mc_strf(c->env, "%s corner", corners[(edge + (tag < 0 ? 1 : 0)) % 4]);
    int count = notch_count(len, spacing);
    // Edges 0 (front, right to left) and 1 (left, front to back) run against the index order.
    int index = edge <= 1 ? count - tag : tag - 1;
    return mc_strf(c->env, "%s notch %d", edges[edge], index);
}

// AL-SLD-1/2: after a collision that left the mover adjacent, the optional slide.
static void slide(Ctx *c, int action, AlActionResult *ar, int object) {
    const AlWorld *w = c->w;
    AlKind kind = okind(c, object);
    McVec2 av[4];
    McPoly a = mc_rect_to_poly(&c->pose, av);
    McContact ct;
    bool adjacent = false;
    int bpart = -1;
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count && !adjacent; p++) {
        if (w->part_object[p] != object) continue;
        adjacent = mc_poly_contact(&a, &w->parts[p], &ct) == MC_CONTACT_TOUCHING && ct.flush;
        bpart = p;
    }
    if (!adjacent) return;
    if (kind != AL_KIND_UNIT) {
        if (c->o->slide >= 0)
            ev(c, ar, "noSlide", "AL-SLD-2", object, kind == AL_KIND_TABLE ? "units do not slide along the table edge" : "units do not slide on terrain");
        if (kind == AL_KIND_TABLE) tr(c, "AL-SLD-2", "no slide along the table edge");
        else tr(c, "AL-SLD-2", "%s is terrain: no slide", oid(c, object));
        return;
    }
    if (c->o->slide < 0) {
        static const char *const slides[] = {"none", "forward", "backward", "left", "right"};
        choice(c, "slide", action, slides, 5);
        return;
    }
    McVec2 d = dir_vector(c->pose.facing, c->o->slide);
    McVec2 along = edge_dir(&w->parts[bpart], ct.feature_b.index);
    const char *dn = dir_names[c->o->slide];
    if (fabs(mc_vec2_cross(d, along)) > MC_ROUNDING_SLOP) {
        ev(c, ar, "noSlide", "AL-SLD-1", object, "a slide %s would not run along the edge shared with %s", dn, oid(c, object));
        return;
    }
    double spacing = mc_param(c->env, MC_P_AL2_NOTCH_SPACING);
    double ma[260], mb[260];
    int ta[260], tb[260];
    int ea = ct.feature_a.index;
    double la = edge_length(c->pose, ea);
    int na = edge_marks(&a, ea, la, spacing, d, ma, ta);
    // The nearest alignment with any unit the side lies flush against along the slide (a step can
    // meet two at once: the first one met is `object`); among alignments at the same distance the
    // one naming notches is reported (several marks often line up at once). A unit a pair of marks
    // compared, with the parts looked at.
    double best = INFINITY;
    int ba = 0, bb = 0, beb = 0, bpart_best = bpart;
    double blb = 0;
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count; p++) {
        int ob = w->part_object[p];
        McContact pc = ct;
        if (okind(c, ob) != AL_KIND_UNIT || ob == c->o->unit) continue;
        if (p != bpart && (mc_poly_contact(&a, &w->parts[p], &pc) != MC_CONTACT_TOUCHING || !pc.flush || pc.feature_a.index != ea ||
                           fabs(mc_vec2_cross(d, edge_dir(&w->parts[p], pc.feature_b.index))) > MC_ROUNDING_SLOP))
            continue;
        int eb = pc.feature_b.index;
        double lb = edge_length(w->units[ob].rect, eb);
        int nb = edge_marks(&w->parts[p], eb, lb, spacing, d, mb, tb);
        mc_work_add((uint64_t)na * (uint64_t)nb);
        for (int i = 0; i < na; i++)
            for (int k = 0; k < nb; k++) {
                double s = mb[k] - ma[i];
                if (s <= SLOP) continue;
                bool tie = fabs(s - best) <= SLOP;
                if ((!tie && s < best) || (tie && (ta[i] > 0) + (tb[k] > 0) > (ba > 0) + (bb > 0))) {
                    if (!tie) best = s;
                    ba = ta[i], bb = tb[k], beb = eb, blb = lb, bpart_best = p;
                }
            }
    }
    object = w->part_object[bpart_best];
    McVec2 move = mc_vec2_scale(d, best);
    McVec2 movedv[4];
    McPoly moved = mc_poly_translate(&a, move, movedv);
    McContact after;
    if (!(best < INFINITY) || mc_poly_contact(&moved, &w->parts[bpart_best], &after) != MC_CONTACT_TOUCHING || !after.flush) {
        ev(c, ar, "noSlide", "AL-SLD-1", object, "sliding %s, the unit would stop touching %s before a notch or side lined up", dn, oid(c, object));
        tr(c, "AL-SLD-1", "no slide %s: the units would stop being adjacent first", dn);
        return;
    }
    set_ignore(c, object);
    McSweepInput in = {&a, w->parts, w->part_count, &w->bp, c->ignore, NULL, NULL};
    McSweepHit hit;
    if (mc_sweep_translate(&in, move, &hit) != MC_SWEEP_CLEAR) {
        int blocker = w->part_object[hit.obstacle];
        ev(c, ar, "noSlide", "AL-SLD-1", blocker, "sliding %s would hit %s", dn, oid(c, blocker));
        return;
    }
    c->pose.centre = mc_vec2_add(c->pose.centre, move);
    const char *mark_a = mark_name(c, ea, ba, la, spacing), *mark_b = mark_name(c, beb, bb, blb, spacing);
    AlEvent *e = ev(c, ar, "slide", "AL-SLD-1", object, "slid %s by %s step%s until its %s lined up with %s's %s", dn, mc_fmt_num(c->env, best),
                    plural(best), mark_a ? mark_a : "mark", oid(c, object), mark_b ? mark_b : "mark");
    if (e) e->has_distance = true, e->distance = best, e->side = dn, e->mark = mark_a, e->object_mark = mark_b;
    tr(c, "AL-SLD-1", "slid %s by %s step%s along %s to the first alignment", dn, mc_fmt_num(c->env, best), plural(best), oid(c, object));
}

// A collision that ended movement: the slide, then the end (AL-COL-2).
static void end_by_collision(Ctx *c, int action, AlActionResult *ar, int object) {
    // (a quiet run with no slide chosen offers none: mc_al_step_end)
    if (!c->quiet || c->o->slide >= 0) slide(c, action, ar, object);
    c->ended = true;
    tr(c, "AL-COL-2", "the collision with %s ends movement", oid(c, object));
}

// ---- step ------------------------------------------------------------------------------------

static void standing_update(Ctx *c) {
    const AlWorld *w = c->w;
    McVec2 av[4];
    McPoly a = mc_rect_to_poly(&c->pose, av);
    mc_work_add((uint64_t)w->terrain_count);
    for (int t = 0; t < w->terrain_count; t++) c->standing[t] = 0;
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, mc_poly_aabb(&a));
    for (int p; (p = mc_broadphase_iter_next(&it)) >= 0;) {
        int ob = w->part_object[p];
        if (okind(c, ob) != AL_KIND_CONTROL) continue;
        if (mc_poly_sat_separation_until(&a, &w->parts[p], -SLOP) < -SLOP) c->standing[ob - w->unit_count] = 1;
    }
}

// Control terrain the step passes onto without colliding (AL-TER-1): named, and offered as a choice.
static void note_control(Ctx *c, int action, AlActionResult *ar, const McPoly *a, McVec2 move) {
    const AlWorld *w = c->w;
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count; p++) {
        int ob = w->part_object[p];
        c->ignore[p] = 1;
        if (okind(c, ob) != AL_KIND_CONTROL) continue;
        int t = ob - w->unit_count;
        bool collides = c->o->collide_control && c->o->collide_control[t];
        c->ignore[p] = collides || c->standing[t];
    }
    McSweepInput in = {a, w->parts, w->part_count, &w->bp, c->ignore, NULL, NULL};
    McSweepHit hit;
    if (mc_sweep_translate(&in, move, &hit) != MC_SWEEP_HIT) return;
    int ob = w->part_object[hit.obstacle];
    ev(c, ar, "passedControl", "AL-TER-1", ob, "moved onto control terrain %s without colliding with it", oid(c, ob));
    tr(c, "AL-TER-1", "passes onto control terrain %s (collision with it is the player's option)", oid(c, ob));
    const char *values[2] = {"[]", mc_al_object_id(w, ob)};
    if (!c->o->collide_given) choice(c, "collideControl", action, values, 2);
}

static void do_step(Ctx *c, int ai, const AlAction *act, AlActionResult *ar) {
    const AlWorld *w = c->w;
    standing_update(c);
    McVec2 av[4];
    McPoly a = mc_rect_to_poly(&c->pose, av);
    McVec2 delta = mc_vec2_scale(dir_vector(c->pose.facing, act->dir), act->distance);
    set_ignore(c, -1);
    McVec2 placedv[4]; // where the step stops: the snap starts there
    McSweepInput in = {&a, w->parts, w->part_count, &w->bp, c->ignore, NULL, placedv};
    McSweepHit hit;
    McSweepState st = mc_sweep_translate(&in, delta, &hit);
    // (what it passes onto is told, never ruled on: not in a quiet run, mc_al_step_end's or an option's)
    if (st == MC_SWEEP_CLEAR) {
        if (c->o->move_order && !c->quiet) note_control(c, ai, ar, &a, delta);
        c->pose.centre = mc_vec2_add(c->pose.centre, delta);
        ev(c, ar, "free", "AL-LAT-2", -1, "moved %s %s step%s", dir_names[act->dir], mc_fmt_num(c->env, act->distance), plural(act->distance));
        return;
    }
    if (st != MC_SWEEP_HIT) return; // the start was checked free of overlap; nothing else happens
    McVec2 move = hit.t == 1.0 ? delta : mc_vec2_scale(delta, hit.t);
    if (c->o->move_order && !c->quiet) note_control(c, ai, ar, &a, move);
    c->pose.centre = mc_vec2_add(c->pose.centre, move);
    int ob = w->part_object[hit.obstacle];
    if (!c->o->move_order) {
        AlEvent *e = ev(c, ar, "stopped", "AL-LIM-4", ob, "moved without a move order, it stops against %s", oid(c, ob));
        if (e) e->has_point = true, e->point = hit.contact.point;
        tr(c, "AL-LIM-4", "no move order: stops against %s after %s step%s, without snapping", oid(c, ob),
           mc_fmt_num(c->env, hit.t * act->distance), plural(hit.t * act->distance));
        c->ended = true;
        return;
    }
    double went = hit.t * act->distance;
    const char *kind = okind(c, ob) == AL_KIND_TABLE ? "" : mc_strf(c->env, " (%s)", mc_al_kind_name(okind(c, ob)));
    // a unit touching the object in the step's direction meets it before moving (not "after 0 steps")
    AlEvent *e = mc_fmt_negligible(went)
                     ? ev(c, ar, "collision", "AL-COL-1", ob, "collided with %s%s at the start of the step, already touching it",
                          oid(c, ob), kind)
                     : ev(c, ar, "collision", "AL-COL-1", ob, "collided with %s%s after %s step%s", oid(c, ob), kind,
                          mc_fmt_num(c->env, went), plural(went));
    if (e) e->has_point = true, e->point = hit.contact.point, e->has_distance = true, e->distance = went;
    tr(c, "AL-COL-1", "collides with %s at (%s, %s) %s of the step", oid(c, ob), mc_fmt_num(c->env, hit.contact.point.x),
       mc_fmt_num(c->env, hit.contact.point.y), mc_fmt_amount(c->env, "after", went, "", "at the start"));
    if (hit.contact.flush) {
        tr(c, "AL-SNP-1", "the collision is flush with %s: no snap is needed", oid(c, ob));
        end_by_collision(c, ai, ar, ob);
        return;
    }
    Cand k[16], two[2];
    int n = touch_cands(c, &hit.placed, ob, hit.contact.point, k);
    bool tie;
    int m = pick_two(c, k, n, two, &tie);
    if (snap(c, ai, ar, ob, two, m, tie, "AL-SNP-1")) {
        end_by_collision(c, ai, ar, ob);
        return;
    }
    // AL-LIM-2: no snap and nothing overlaps: the unit stays at its angle and may keep moving.
    ev(c, ar, "noSnap", "AL-LIM-2", ob, "no snap onto %s is possible: the unit stays at its angle and may keep moving",
       oid(c, ob));
    tr(c, "AL-LIM-2", "no snap onto %s is possible; movement does not end", oid(c, ob));
}

// ---- turn ------------------------------------------------------------------------------------

// Side geometry in the unit's frame (x right, y forward): the point `s` along side `side`,
// counted from the unit's left (front, back) or back (left, right) end.
static McVec2 side_point(McRect r, int side, double s) {
    double hw = fabs(r.width) / 2, hd = fabs(r.depth) / 2;
    switch (side) {
    case AL_FORWARD: return mc_vec2(-hw + s, hd);
    case AL_BACKWARD: return mc_vec2(-hw + s, -hd);
    case AL_LEFT: return mc_vec2(-hw, -hd + s);
    default: return mc_vec2(hw, -hd + s);
    }
}
static double side_length(McRect r, int side) { return side <= AL_BACKWARD ? fabs(r.width) : fabs(r.depth); }
static McVec2 side_normal(int side) {
    static const McVec2 n[4] = {{0, 1}, {0, -1}, {-1, 0}, {1, 0}};
    return n[side];
}
// Compass offset of a side's outward normal from the facing.
static double side_bearing(int side) {
    static const double b[4] = {0, 180, 270, 90};
    return b[side];
}

// The position along a side of notch `index` (-1 = the middle notch); -1 when there is none.
static double notch_at(double len, double spacing, int index) {
    int count = notch_count(len, spacing);
    if (count == 0) return -1;
    if (index < 0) index = (count - 1) / 2;
    if (index >= count) return -1;
    return (index + 1) * spacing;
}

int mc_al_turn_place(const AlWorld *w, const AlUnit *u, McRect pose, const AlAction *a, McPoly *tool, McRect *out,
                  int *beyond, int *cost, AlToolPose *where) {
    double spacing = w->notch_spacing, L = w->leg_length;
    int off = a->off, exit_side = a->exit_side < 0 ? (off ^ 1) : a->exit_side;
    double s_in = notch_at(side_length(pose, off), spacing, a->entry_notch);
    double s_out = notch_at(side_length(pose, exit_side), spacing, a->exit_notch);
    if (s_in < 0 || s_out < 0) return 0;
    McVec2 n = side_normal(off), r = mc_vec2(n.y, -n.x), N = side_point(pose, off, s_in);
    // The tool in (along r, along n) coordinates with the entry bevel at the origin (A-AL-5).
    McVec2 tv[3], bevel;
    double sign = a->toward == AL_LEFT ? -1 : 1, turn;
    if (a->angle == 45) {
        double h = L * sqrt(0.5);
        tv[0] = mc_vec2(-h, 0), tv[1] = mc_vec2(h, 0), tv[2] = mc_vec2(0, h);
        bevel = mc_vec2(sign * h / 2, h / 2);
        turn = sign * 45;
    } else {
        tv[0] = mc_vec2(-L / 2, 0), tv[1] = mc_vec2(L / 2, 0), tv[2] = mc_vec2(sign * L / 2, L);
        bevel = mc_vec2(sign * L / 2, L / 2);
        turn = sign * 90;
    }
    McVec2 world[3];
    for (int i = 0; i < 3; i++)
        world[i] = mc_rect_to_world(&pose, mc_vec2_add(N, mc_vec2_add(mc_vec2_scale(r, tv[i].x), mc_vec2_scale(n, tv[i].y))));
    McVec2 q = mc_rect_to_world(&pose, mc_vec2_add(N, mc_vec2_add(mc_vec2_scale(r, bevel.x), mc_vec2_scale(n, bevel.y))));
    mc_poly_from_points(tool, world, 3);
    if (where) {
        for (int i = 0; i < 3; i++) where->corners[i] = world[i];
        where->entry_bevel = mc_rect_to_world(&pose, N);
        where->exit_bevel = q;
    }
    // The exit edge's outward normal bears side_bearing(off) + turn from the old facing; the exit
    // side's outward normal must point back into the tool.
    McRect np = pose;
    np.facing = mc_facing_normalize(pose.facing + side_bearing(off) + turn + 180 - side_bearing(exit_side));
    np.centre = mc_vec2(0, 0);
    McVec2 off_world = mc_rect_to_world(&np, side_point(pose, exit_side, s_out));
    np.centre = mc_vec2_sub(q, off_world);
    *out = np;
    // AL-TRN-2 with A-AL-5's reading: steps beyond the tool = the unit's extent
    // perpendicular to the exit edge, in whole steps rounded up.
    double extent = exit_side <= AL_BACKWARD ? fabs(pose.depth) : fabs(pose.width);
    *beyond = (int)ceil(extent - SLOP);
    *cost = u->cost[off] * (1 + *beyond);
    return 1;
}

static void do_turn(Ctx *c, int ai, const AlAction *act, AlActionResult *ar, int *cost) {
    const AlWorld *w = c->w;
    McVec2 toolv[3];
    McPoly tool = {0, toolv};
    McRect np;
    int beyond, tcost;
    mc_assume(c->env, MC_A_AL_5);
    mc_assume(c->env, MC_A_AL_2);
    if (!act->toward_given) {
        static const char *const ways[2][2] = {{"left", "right"}, {"right", "left"}};
        choice(c, "toward", ai, ways[act->toward == AL_RIGHT], 2);
    }
    if (!mc_al_turn_place(w, c->u, c->pose, act, &tool, &np, &beyond, &tcost, &ar->tool)) {
        reason(c, ai, "no_such_notch", "AL-TRN-1", "the named notch does not exist on that side of the base");
        ar->made = false;
        return;
    }
    ar->has_tool = true;
    // A refused turn gives every reason that applies: the points (AL-TRN-2) and the tool (AL-TRN-3).
    if (c->o->move_order && tcost > c->points) {
        reason(c, ai, "not_enough_points", "AL-TRN-2", "the turn costs more movement points than are left");
        ar->made = false;
        tr(c, "AL-TRN-2", "the turn costs %d but only %d point%s left", tcost, c->points, c->points == 1 ? " is" : "s are");
    }
    // AL-TRN-3: the tool must lie on the table without overlapping a unit or blocking/hindering
    // terrain (control terrain is flat and does not stop it).
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count; p++) {
        int ob = w->part_object[p];
        c->ignore[p] = ob == c->o->unit || okind(c, ob) == AL_KIND_CONTROL;
    }
    int blocker = overlapped(c, &tool, -1, NULL);
    if (blocker >= 0) {
        // named as the collision names what the unit met: a player looks for that object
        McReason *rs = reason(c, ai, "tool_cannot_be_placed", "AL-TRN-3",
                              okind(c, blocker) == AL_KIND_TABLE
                                  ? "the turning tool cannot be placed: it would lie off the table"
                                  : mc_strf(c->env, "the turning tool cannot be placed: it would overlap %s", oid(c, blocker)));
        if (rs) rs->unit = mc_al_object_id(c->w, blocker);
        ar->made = false;
        tr(c, "AL-TRN-3", "the turning tool would overlap %s: the turn cannot be made", oid(c, blocker));
    }
    if (!ar->made) return;
    *cost = c->o->move_order ? tcost : 0;
    McRect before = c->pose;
    standing_update(c);
    c->pose = np;
    AlEvent *e = ev(c, ar, "tool", "AL-TRN-2", -1, "turned %d degrees off the %s, ending %d step%s beyond the tool",
                    act->angle, side_names[act->off], beyond, beyond == 1 ? "" : "s");
    if (e) e->steps_beyond = beyond;
    tr(c, "AL-TRN-1", "turning tool (%d degrees) off the %s: new facing %s", act->angle, side_names[act->off], mc_fmt_num(c->env, np.facing));
    tr(c, "AL-TRN-2", "costs %d x (1 + %d steps beyond the tool) = %d", c->u->cost[act->off], beyond, tcost);
    // Overlaps after the turn (AL-OVL-*): which objects, and which the player snaps to.
    set_ignore(c, -1);
    McVec2 av[4];
    McPoly a = mc_rect_to_poly(&np, av);
    int first = overlapped(c, &a, -1, NULL);
    if (first < 0) return;
    int count = 0, target = first;
    const char *ids[8];
    for (int ob = first; ob >= 0; ob = overlapped(c, &a, ob, NULL)) {
        if (count < 8) ids[count] = mc_al_object_id(c->w, ob);
        count++;
        if (c->o->snap_to_given && ob == c->o->snap_to) target = ob;
    }
    if (count > 1) {
        if (!c->o->snap_to_given) choice(c, "snapTo", ai, ids, count < 8 ? count : 8);
        tr(c, "AL-OVL-3", "the turn ends overlapping %d objects; the player chooses which to snap to: %s", count,
           oid(c, target));
    }
    e = ev(c, ar, "overlap", "AL-OVL-1", target, "the turn ends overlapping %s", oid(c, target));
    if (e && count > 1) e->rule = "AL-OVL-3";
    Cand k[16], two[2];
    bool two_corners = false;
    int n = overlap_cands(c, &a, target, k, &two_corners);
    if (two_corners) tr(c, "AL-OVL-2", "two corners of %s lie inside the unit: it snaps to the edge between them", oid(c, target));
    bool tie;
    int m = pick_two(c, k, n, two, &tie);
    if (snap(c, ai, ar, target, two, m, tie, "AL-OVL-1")) {
        tr(c, "AL-OVL-4", "sliding after an overlap snap works as usual");
        end_by_collision(c, ai, ar, target);
        return;
    }
    // AL-LIM-3: no snap while overlapping: the turn cannot be made; back to the last legal point.
    // The order goes on (legal), but this turn was not made.
    c->pose = before;
    *cost = 0;
    ar->made = false;
    ev(c, ar, "returned", "AL-LIM-3", target,
       "no snap onto %s is possible while overlapping: the unit returns to its last legal point", oid(c, target));
    tr(c, "AL-LIM-3", "overlapping %s with no snap possible: the turn is not made, so it costs nothing; movement continues", oid(c, target));
}

// ---- the order ---------------------------------------------------------------------------------

// A move order's cost, the breakaway attacks before it (AL-BRK-*) and the movement points left
// for it (AL-MOV-1). Returns 0 when out of memory.
static int pay_order(Ctx *c) {
    const AlOrder *o = c->o;
    AlMoveResult *r = c->r;
    const AlUnit *u = c->u;
    r->order_cost = u->sortie ? 1 : 2;
    tr(c, "AL-ORD-2", "a move order to a %s base costs %d order point%s", u->sortie ? "sortie" : "formation",
       r->order_cost, plural(r->order_cost));
    if (o->lost_pushing > 0)
        tr(c, "AL-ORD-1", "pushing is paid with the order: %d icon%s of pushed figures are not ready", o->lost_pushing, plural(o->lost_pushing));
    if (c->quiet) {
        // The attackers depend on the table, the mover and the turn order, never on the
        // choices a variant changes: the first run's count (a sixth of a small order when
        // each of five variants found them again with mc_poly_contact per neighbour).
        r->breakaway_count = c->breakaway_count;
    } else {
        r->breakaway = MC_NEW(c->env->arena, AlBreakaway, c->w->unit_count + 1);
        if (!r->breakaway) return 0;
        r->breakaway_count = mc_al_breakaway(c->env, c->w, o->unit, o->active_side, o->turn_order, o->turn_count, r->breakaway);
    }
    if (o->lost_breakaway > 0) {
        if (r->breakaway_count == 0) {
            reason(c, -1, "no_breakaway_attack", u->sortie ? "AL-BRK-2" : "AL-BRK-1",
                   "icons are given as lost to breakaway attacks, but no unit may make one against this unit");
        } else {
            tr(c, "AL-BRK-3", "breakaway attacks come before moving: %d icon%s of figures lost to them do not count",
               o->lost_breakaway, plural(o->lost_breakaway));
        }
    }
    mc_assume(c->env, MC_A_AL_4);
    int mp = u->icons - o->lost_pushing - o->lost_breakaway;
    r->movement_points = mp > 0 ? mp : 0;
    c->points = r->movement_points;
    tr(c, "AL-MOV-1", "%d ready movement icon%s give%s %d movement point%s", mp, plural(mp), mp == 1 ? "s" : "",
       r->movement_points, plural(r->movement_points));
    return 1;
}

// A start overlapping a unit or blocking/hindering terrain is no position to move from.
static void check_start(Ctx *c) {
    const AlWorld *w = c->w;
    set_ignore(c, -1);
    mc_work_add((uint64_t)w->part_count);
    for (int p = 0; p < w->part_count; p++)
        if (okind(c, w->part_object[p]) == AL_KIND_CONTROL) c->ignore[p] = 1;
    McVec2 startv[4];
    McPoly start = mc_rect_to_poly(&c->pose, startv);
    int ov = c->r->legal ? overlapped(c, &start, -1, NULL) : -1;
    if (ov >= 0) {
        McReason *rs = reason(c, -1, "starts_overlapping", "AL-COL-1", "the unit already overlaps another object before moving");
        if (rs) rs->unit = mc_al_object_id(c->w, ov);
    }
}

// Action `i` of the order (a step or a turn), its cost paid from the points left.
static void make_action(Ctx *c, int i, AlActionResult *ar) {
    const AlOrder *o = c->o;
    const AlAction *act = &o->actions[i];
    ar->made = true;
    int cost = 0;
    if (c->ended) {
        reason(c, i, "movement_ended", "AL-COL-2", "movement already ended with a collision; no further action can be made");
        ar->made = false;
    } else if (act->kind == AL_ACTION_STEP) {
        cost = o->move_order ? c->u->cost[act->dir] : 0;
        if (cost > c->points && o->move_order) {
            reason(c, i, "not_enough_points", "AL-LAT-3", "the step costs more movement points than are left");
            tr(c, "AL-LAT-3", "a step %s costs %d but only %d point%s left", dir_names[act->dir], cost, c->points,
               c->points == 1 ? " is" : "s are");
            ar->made = false;
            cost = 0;
        } else {
            if (o->move_order)
                tr(c, act->distance < 1 ? "AL-LAT-3" : "AL-LAT-2", "a %s step of %s costs %d (a partial step costs a full step)",
                   dir_names[act->dir], mc_fmt_num(c->env, act->distance), cost);
            do_step(c, i, act, ar);
        }
    } else {
        do_turn(c, i, act, ar, &cost);
    }
    if (ar->made) c->points -= cost;
    ar->cost = ar->made ? cost : 0;
    c->r->points_spent += ar->cost;
    ar->points_left = c->points;
    ar->pose = c->pose;
}

// Makes the order: pays for it, checks the start, then makes its actions one by one until one is
// illegal. Returns 0 when out of memory or past the work budget.
static int make_order(Ctx *c) {
    const AlWorld *w = c->w;
    const AlOrder *o = c->o;
    AlMoveResult *r = c->r;
    r->legal = true;
    c->pose = c->u->rect;
    c->ignore = MC_NEW(c->env->arena, unsigned char, w->part_count + 1);
    c->standing = MC_NEW(c->env->arena, unsigned char, w->terrain_count + 1);
    r->actions = MC_NEW(c->env->arena, AlActionResult, o->action_count + 1);
    if (!c->ignore || !c->standing || !r->actions) return 0;
    if (o->move_order && !pay_order(c)) return 0;
    check_start(c);
    mc_assume(c->env, MC_A_AL_1);
    mc_assume(c->env, MC_A_AL_3);
    for (int i = 0; i < o->action_count && r->legal && !mc_work_out(); i++) make_action(c, i, &r->actions[r->action_count++]);
    if (mc_work_out()) { // the request answers `limit`
        if (!c->quiet) mc_work_note(c->env, "order.actions", "the order after %d of %d actions", r->action_count, o->action_count);
        return 0;
    }
    r->final = c->pose;
    if (!r->legal) r->ended_by = "illegal";
    else if (c->ended) r->ended_by = "collision";
    else if (o->move_order && c->points == 0 && o->action_count > 0) r->ended_by = "points";
    else r->ended_by = "actions";
    if (o->move_order && r->legal) {
        if (c->points > 0)
            tr(c, "AL-MOV-3", "movement ends (%s); %d unspent point%s %s lost", r->ended_by, c->points, plural(c->points),
               c->points == 1 ? "is" : "are");
        else
            tr(c, "AL-MOV-3", "movement ends (%s); no points were left", r->ended_by);
    }
    return 1;
}

static int run_variant(McEnv *env, const AlWorld *w, const AlOrder *o, int breakaway_count, AlOption *opt) {
    AlMoveResult r;
    memset(&r, 0, sizeof r);
    Ctx c = {env, w, o, &r, true, &w->units[o->unit], {{0, 0}, 0, 0, 0}, NULL, NULL, 0, false, breakaway_count};
    uint32_t assumed = env->assumed;
    // The option keeps values only (ended_by is a literal): the run's memory is given back.
    McArenaMark mark = mc_arena_mark(env->arena);
    if (!make_order(&c)) return 0;
    mc_arena_rewind(env->arena, mark);
    env->assumed = assumed;
    opt->legal = r.legal;
    opt->final = r.final;
    opt->ended_by = r.ended_by;
    opt->points_spent = r.points_spent;
    return 1;
}

// Whether option k of `ch` is the order as the main run made it, so that its outcome is the run's
// own: the first option is the default, and setting it changes nothing the run did (snapTo's
// first is only this action's default: set, it would apply to the other actions too).
static bool is_default_run(const AlChoice *ch, int k) {
    return k == 0 && strcmp(ch->name, "snapTo") != 0;
}

// Fills every open choice with the outcome of each option, the default first. Options that end
// exactly like the default (a slide across the contact edge, say) are left out.
static int measure_choices(McEnv *env, const AlWorld *w, const AlOrder *o, AlMoveResult *r) {
    for (int i = 0; i < r->choice_count; i++) {
        AlChoice *ch = &r->choices[i];
        ch->options = MC_NEW(env->arena, AlOption, ch->value_count);
        if (!ch->options) return 0;
        for (int k = 0; k < ch->value_count; k++) {
            AlOrder v = *o;
            const char *value = ch->values[k];
            if (strcmp(ch->name, "snapSide") == 0) {
                v.snap_side = k;
            } else if (strcmp(ch->name, "slide") == 0) {
                v.slide = k - 1;
            } else if (strcmp(ch->name, "toward") == 0) {
                AlAction *acts = mc_arena_dup(env->arena, o->actions, (size_t)o->action_count, sizeof *acts);
                if (!acts) return 0;
                acts[ch->action].toward = strcmp(value, "left") == 0 ? AL_LEFT : AL_RIGHT;
                acts[ch->action].toward_given = true;
                v.actions = acts;
            } else if (strcmp(ch->name, "snapTo") == 0) {
                v.snap_to_given = true;
                for (int ob = 0; ob < mc_al_object_count(w); ob++)
                    if (strcmp(mc_al_object_id(w, ob), value) == 0) v.snap_to = ob;
            } else {
                unsigned char *cc = MC_NEW(env->arena, unsigned char, w->terrain_count + 1);
                if (!cc) return 0;
                for (int t = 0; t < w->terrain_count; t++) {
                    cc[t] = o->collide_control ? o->collide_control[t] : 0;
                    if (k > 0 && strcmp(w->terrain[t].id, value) == 0) cc[t] = 1;
                }
                v.collide_control = cc;
                v.collide_given = true;
            }
            AlOption *opt = &ch->options[ch->option_count];
            if (is_default_run(ch, k)) {
                // The default (for a slide "none", slide -1, the order as given: the choice is
                // open only then): the outcome is the run's own, not run again.
                opt->legal = r->legal;
                opt->final = r->final;
                opt->ended_by = r->ended_by;
                opt->points_spent = r->points_spent;
            } else if (!run_variant(env, w, &v, r->breakaway_count, opt)) {
                if (mc_work_out())
                    mc_work_note(env, "order", "the open choices after %d of %d (%s of action %d, option %d of %d)", i,
                                 r->choice_count, ch->name, ch->action, k, ch->value_count);
                return 0;
            }
            opt->value = value;
            const AlOption *d = &ch->options[0];
            bool same = k > 0 && d->final.centre.x == opt->final.centre.x && d->final.centre.y == opt->final.centre.y &&
                        d->final.facing == opt->final.facing && d->legal == opt->legal &&
                        strcmp(d->ended_by, opt->ended_by) == 0;
            if (!same || strcmp(ch->name, "slide") != 0) ch->option_count++;
        }
    }
    return 1;
}

McRect mc_al_step_end(McEnv *env, const AlWorld *w, const AlOrder *o, McRect pose, const AlAction *step,
                      unsigned char *ignore, unsigned char *standing) {
    AlMoveResult r = {0};
    AlActionResult ar = {0};
    Ctx c = {env, w, o, &r, true, &w->units[o->unit], pose, ignore, standing, 0, false, 0};
    // its events and words are nobody's: their memory is given back
    McArenaMark mark = mc_arena_mark(env->arena);
    do_step(&c, 0, step, &ar);
    mc_arena_rewind(env->arena, mark);
    return c.pose;
}

int mc_al_move(McEnv *env, const AlWorld *w, const AlOrder *o, AlMoveResult *out) {
    memset(out, 0, sizeof *out);
    Ctx c = {env, w, o, out, false, &w->units[o->unit], {{0, 0}, 0, 0, 0}, NULL, NULL, 0, false, 0};
    if (!make_order(&c)) return 0;
    return measure_choices(env, w, o, out);
}
