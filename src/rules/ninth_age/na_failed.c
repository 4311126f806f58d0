// The Failed Charge Move (A-9A-4, 2nd edition; clause 9A-CH-1 decides that the charge failed;
// the move's details are assumption A-9A-4, docs/api/ninth-age.md).
//
// The charger moves the highest D6 of its charge roll: it wheels towards the target's Centre
// until it faces it or is blocked, then goes straight forward. The wheel is about the front
// corner on the side of the target's Centre and costs the outer front corner's path, as a charge
// move's wheel does (9A-CH-1). "Facing it" is read as: the line straight ahead from the centre of
// the front facing passes through the target's Centre. A wheel or a straight part that would touch
// a unit (the target too), impassable terrain or the table edge stops NA_CLEAR_GAP short of it; the
// move may end closer than 0.5" (9A-SP-1).
#include <math.h>
#include <string.h>

#include "core/work.h"
#include "geom/sweep.h"
#include "rules/ninth_age/na.h"

#define PI 3.14159265358979323846

// Wheel angles tried (whole degrees, up to a half turn: A-9A-4) before bisecting where the front
// points at the Centre.
enum { FACE_SEARCH = 180, BISECT_STEPS = 200 };

// The four strips just outside the table (mc_na_table_strips).
enum { EDGE_STRIPS = 4 };

typedef struct Mover {
    McRect start;
    McVec2 corner; // the wheel's pivot
    double sign;   // +1 clockwise (target to the right), −1 counter-clockwise
} Mover;

static McRect wheeled(const Mover *m, double theta) {
    McRect r = m->start;
    r.centre = mc_vec2_rotate_cw_about(m->start.centre, m->corner, m->sign * theta);
    r.facing = mc_facing_normalize(m->start.facing + m->sign * theta);
    return r;
}

// Which side of the charger's centre line the point lies: negative to the right, positive to the
// left, 0 on it; `ahead` says whether it lies in front of the front facing's centre.
static double side_of(const McRect *r, McVec2 p, bool *ahead) {
    McVec2 u = mc_facing_forward(r->facing), d = mc_vec2_sub(p, mc_na_front_centre(r));
    *ahead = mc_vec2_dot(u, d) > 0;
    return mc_vec2_cross(u, d);
}

// The wheel (degrees, 0 to FACE_SEARCH) towards the target's Centre: the first after which the
// front faces it (*faces), else the whole half turn A-9A-4 allows. A crossing of the centre line
// behind the front is not facing it: the wheel goes on.
static double facing_angle(const Mover *m, McVec2 centre, bool *faces) {
    bool ahead;
    double prev = side_of(&m->start, centre, &ahead);
    *faces = true;
    if (prev == 0.0 && ahead) return 0.0;
    double lo = 0.0;
    for (int d = 1; d <= FACE_SEARCH; d++) {
        McRect r = wheeled(m, d);
        double v = side_of(&r, centre, &ahead);
        if (((v < 0) != (prev < 0) || v == 0.0) && ahead) {
            double a = lo, b = d;
            for (int i = 0; i < BISECT_STEPS; i++) {
                double mid = 0.5 * (a + b);
                if (mid <= a || mid >= b) break;
                bool ah;
                McRect rm = wheeled(m, mid);
                double vm = side_of(&rm, centre, &ah);
                if ((vm < 0) == (prev < 0) && vm != 0.0) a = mid;
                else b = mid;
            }
            return 0.5 * (a + b);
        }
        prev = v;
        lo = d;
    }
    *faces = false;
    return FACE_SEARCH;
}

typedef struct Field {
    McPoly *polys; // the world's objects (the world does not change meanwhile), then the strips
    McVec2 strip_corners[EDGE_STRIPS][4];
    int *obj; // world object, or -1 for a table edge strip
    unsigned char *ign;
    int n;
} Field;

static bool field_build(McEnv *env, NaWorld *w, int self, McRect start, Field *f) {
    int cap = w->count + EDGE_STRIPS;
    f->polys = MC_NEW(env->arena, McPoly, cap);
    f->obj = MC_NEW(env->arena, int, cap);
    f->ign = MC_NEW(env->arena, unsigned char, cap);
    if (!f->polys || !f->obj || !f->ign) return false;
    McVec2 spv[4];
    McPoly sp = mc_rect_to_poly(&start, spv);
    f->n = 0;
    for (int o = 0; o < w->count; o++) {
        if (o == self || !w->objs[o].active) continue;
        f->polys[f->n] = w->objs[o].poly;
        f->obj[f->n] = o;
        // Whatever it already overlaps (it cannot, as a legal position) does not stop it.
        f->ign[f->n] = mc_na_overlaps(&sp, &w->objs[o].poly);
        f->n++;
    }
    int k = mc_na_table_strips(w->bf, f->strip_corners, f->polys + f->n);
    for (int i = 0; i < k; i++) {
        f->obj[f->n] = -1;
        f->ign[f->n] = 0;
        f->n++;
    }
    return true;
}

bool mc_na_failed_charge(McEnv *env, NaWorld *w, int charger, int target, double distance, NaFailedOut *out) {
    memset(out, 0, sizeof *out);
    out->distance = distance;
    out->wheel_blocker = out->straight_blocker = -1;
    const NaBattlefield *bf = w->bf;
    McRect S = bf->units[charger].rect;
    S.width = fabs(S.width);
    S.depth = fabs(S.depth);
    out->start = out->after_wheel = out->final = S;
    McVec2 centre = bf->units[target].rect.centre;
    bool ahead;
    double side = side_of(&S, centre, &ahead);
    Mover m = {S, mc_vec2(0, 0), side < 0 ? 1.0 : -1.0};
    m.corner = mc_rect_to_world(&S, mc_vec2(m.sign * 0.5 * S.width, 0.5 * S.depth));
    out->pivot = m.corner;
    out->clockwise = m.sign > 0;
    Field f;
    if (!field_build(env, w, charger, S, &f)) return false;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&S, pv);
    McSweepInput si = {&p, f.polys, f.n, NULL, f.ign, NULL, NULL};
    McSweepHit hit;
    // The wheel: towards the Centre, as far as the distance allows.
    double theta = facing_angle(&m, centre, &out->faces_target);
    double per_degree = S.width * PI / 180.0;
    if (theta * per_degree > distance) theta = distance / per_degree, out->faces_target = false;
    if (theta > 0.0 && mc_sweep_rotate(&si, m.corner, m.sign * theta, &hit) != MC_SWEEP_CLEAR) {
        // Blocked: stop where the gap to what it met is still NA_CLEAR_GAP.
        double a = 0.0, b = fabs(hit.angle);
        const McPoly *ob = &f.polys[hit.obstacle];
        McRect wr = wheeled(&m, a);
        if (hit.state == MC_SWEEP_HIT && mc_na_rect_separation(&wr, ob) >= NA_CLEAR_GAP) {
            for (int i = 0; i < BISECT_STEPS; i++) {
                double mid = 0.5 * (a + b);
                if (mid <= a || mid >= b) break;
                wr = wheeled(&m, mid);
                if (mc_na_rect_separation(&wr, ob) >= NA_CLEAR_GAP) a = mid;
                else b = mid;
            }
        }
        theta = a;
        out->wheel_blocker = f.obj[hit.obstacle];
        out->wheel_blocked = true;
        out->faces_target = false;
    }
    out->wheel = m.sign * theta;
    out->wheel_path = theta * per_degree;
    out->after_wheel = wheeled(&m, theta);
    // Then straight forward with what is left.
    double rest = distance - out->wheel_path;
    if (rest < 0) rest = 0;
    McRect at = out->after_wheel;
    McVec2 u = mc_facing_forward(at.facing);
    p = mc_rect_to_poly(&at, pv);
    double go = rest;
    if (rest > 0 && mc_sweep_translate(&si, mc_vec2_scale(u, rest), &hit) != MC_SWEEP_CLEAR) {
        double reach = hit.t * rest;
        go = reach > NA_CLEAR_GAP ? reach - NA_CLEAR_GAP : 0.0;
        out->straight_blocker = f.obj[hit.obstacle];
        out->straight_blocked = true;
    }
    out->straight = go;
    out->final = at;
    out->final.centre = mc_vec2_mul_add(at.centre, go, u);
    out->moved = out->wheel_path + go;
    if (mc_work_out() && !env->work_where[0]) mc_work_note(env, "", "the Failed Charge move of %s", bf->units[charger].id);
    return !env->arena->failed;
}
