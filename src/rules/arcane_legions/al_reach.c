// reachArea: where a unit's centre can get with its movement points (AL-MOV-2, AL-LAT-2/3,
// AL-COL-1/2, AL-TRN-2). Step actions are sampled on a grid in the unit's own frame: positions
// i·s to its right and j·s forward. Costs are small integers, so a bucket queue (Dial's
// algorithm) settles positions cheapest first; a partial step costs a full one (AL-LAT-3), so
// one action reaches every grid point up to a step away in one direction for the same price.
#include <string.h>

#include "core/fmt.h"
#include "core/for_size.h"
#include "core/work.h"
#include "rules/arcane_legions/al.h"

#define HASH_BITS 16
#define HASH_SIZE (1 << HASH_BITS)

typedef struct Node {
    int i, j, cost, next;
    bool done;
} Node;

typedef struct Reach {
    Node *nodes;
    int count;
    int *slots; // node index + 1, 0 = empty
    int *head;  // bucket lists by cost
    int *hits;  // collision samples by the touch they were ruled from (touch): sample index + 1, 0 = empty
    McVec2 *touch; // by sample: where a collision sample's step touched, before its snap
} Reach;

static unsigned hash2(int i, int j) {
    unsigned h = (unsigned)i * 2654435761u ^ ((unsigned)j * 40503u + 0x9e3779b9u);
    return (h ^ (h >> 15)) & (HASH_SIZE - 1);
}

// The node at (i, j), created when new; -1 when the sample limit is reached.
static int node_at(Reach *r, int i, int j) {
    unsigned h = hash2(i, j);
    while (r->slots[h]) {
        Node *n = &r->nodes[r->slots[h] - 1];
        if (n->i == i && n->j == j) return r->slots[h] - 1;
        h = (h + 1) & (HASH_SIZE - 1);
    }
    if (r->count >= AL_MAX_REACH_SAMPLES) return -1;
    Node *n = &r->nodes[r->count];
    n->i = i, n->j = j, n->cost = -1, n->next = -1, n->done = false;
    r->slots[h] = ++r->count;
    return r->count - 1;
}

// A position rounded to a micro-step (well below any spacing), so that the same contact reached
// from several grid points along a line, whose centres differ only by rounding, is one sample.
static long long micro(double v) { return (long long)(v * 1e6 + (v >= 0 ? 0.5 : -0.5)); }

// The slot of `r->hits` holding the collision sample ruled from the touch at `c`, or the empty slot where it goes.
static unsigned hit_slot(const Reach *r, McVec2 c) {
    long long x = micro(c.x), y = micro(c.y);
    unsigned h = hash2((int)(x ^ (x >> 32)), (int)(y ^ (y >> 32)));
    while (r->hits[h]) {
        McVec2 o = r->touch[r->hits[h] - 1];
        if (micro(o.x) == x && micro(o.y) == y) return h;
        h = (h + 1) & (HASH_SIZE - 1);
    }
    return h;
}

// Whether the work budget has run out in a reachArea search, then noted with the samples found so
// far (the request answers `limit`).
static bool reach_area_out(McEnv *env, const AlReachResult *out) {
    if (!mc_work_out()) return false;
    mc_work_note(env, "", "the reachArea search after %d samples", out->count);
    return true;
}

static bool add_sample(AlReachResult *out, McRect pose, int cost, bool collision, bool turned) {
    if (out->count >= AL_MAX_REACH_SAMPLES) {
        out->truncated = true;
        return false;
    }
    AlSample *s = &out->samples[out->count++];
    s->pose = pose, s->cost = cost, s->collision = collision, s->turned = turned;
    return true;
}

// (compiled for size: Arcane Legions' first visit had no room for its collisions' rulings otherwise,
// and its time is the sweeps', compiled for speed: docs/performance.md)
MC_FOR_SIZE int mc_al_reach_area(McEnv *env, const AlWorld *w, int unit, int points, double spacing,
                  const unsigned char *collide_control, AlReachResult *out) {
    memset(out, 0, sizeof *out);
    const AlUnit *u = &w->units[unit];
    out->movement_points = points;
    Reach r = {MC_NEW(env->arena, Node, AL_MAX_REACH_SAMPLES), 0, MC_NEW(env->arena, int, HASH_SIZE),
               MC_NEW(env->arena, int, points + 1), MC_NEW(env->arena, int, HASH_SIZE), MC_NEW(env->arena, McVec2, AL_MAX_REACH_SAMPLES)};
    out->samples = MC_NEW(env->arena, AlSample, AL_MAX_REACH_SAMPLES);
    unsigned char *ignore = MC_NEW(env->arena, unsigned char, w->part_count + 1);
    // a collision's step ruled as `move` rules it (mc_al_step_end): the player's choices left to their defaults
    unsigned char *step_ignore = MC_NEW(env->arena, unsigned char, w->part_count + 1);
    unsigned char *standing = MC_NEW(env->arena, unsigned char, w->terrain_count + 1);
    AlOrder order = {unit, NULL, 0, 0, 0, true, -1, -1, -1, false, collide_control, collide_control != NULL, NULL, NULL, 0};
    // the parts of control terrain it collides with that it stands on at the start (AL-TER-1)
    int *mine = MC_NEW(env->arena, int, w->part_count + 1), nm = 0;
    if (!r.nodes || !r.slots || !r.head || !r.hits || !r.touch || !out->samples || !ignore || !step_ignore || !standing || !mine) return 0;
    for (int c = 0; c <= points; c++) r.head[c] = -1;
    McVec2 sv[4];
    McPoly s0 = mc_rect_to_poly(&u->rect, sv);
    for (int p = 0; p < w->part_count; p++) {
        int ob = w->part_object[p];
        AlKind k = mc_al_object_kind(w, ob);
        ignore[p] = ob == unit || (k == AL_KIND_CONTROL && !(collide_control && collide_control[ob - w->unit_count]));
        if (!ignore[p] && k == AL_KIND_CONTROL && mc_poly_sat_separation_until(&s0, &w->parts[p], -MC_LINEAR_SLOP) < -MC_LINEAR_SLOP)
            mine[nm++] = p;
    }
    mc_assume(env, MC_A_AL_1);
    mc_assume(env, MC_A_AL_3);
    int per_step = (int)(1.0 / spacing + 0.5);
    McVec2 right = mc_facing_right(u->rect.facing), fwd = mc_facing_forward(u->rect.facing);
    static const int di[4] = {0, 0, -1, 1}, dj[4] = {1, -1, 0, 0};
    int start = node_at(&r, 0, 0);
    r.nodes[start].cost = 0;
    r.head[0] = start;
    for (int c = 0; c <= points; c++) {
        for (int n = r.head[c]; n >= 0; n = r.nodes[n].next) {
            Node *nd = &r.nodes[n];
            if (nd->done || nd->cost != c) continue;
            if (reach_area_out(env, out)) return 0;
            nd->done = true;
            McRect pose = u->rect;
            pose.centre = mc_vec2_add(pose.centre, mc_vec2_add(mc_vec2_scale(right, nd->i * spacing),
                                                               mc_vec2_scale(fwd, nd->j * spacing)));
            if (!add_sample(out, pose, c, false, false)) return 1;
            McVec2 av[4];
            McPoly a = mc_rect_to_poly(&pose, av);
            // as `move` rules it: such terrain is not in the way of its steps and turns while it
            // still stands on it, and is once it has stepped off
            for (int k = 0; k < nm; k++)
                ignore[mine[k]] = mc_poly_sat_separation_until(&a, &w->parts[mine[k]], -MC_LINEAR_SLOP) < -MC_LINEAR_SLOP;
            for (int d = 0; d < 4; d++) {
                int cc = c + u->cost[d];
                if (cc > points) continue;
                McVec2 dv = mc_vec2_add(mc_vec2_scale(right, di[d]), mc_vec2_scale(fwd, dj[d]));
                McSweepInput in = {&a, w->parts, w->part_count, &w->bp, ignore, NULL, NULL};
                McSweepHit hit;
                McSweepState st = mc_sweep_translate(&in, dv, &hit);
                if (st == MC_SWEEP_STARTS_OVERLAPPING || st == MC_SWEEP_INVALID) continue;
                for (int k = 1; k <= per_step && k * spacing <= hit.t + MC_LINEAR_SLOP; k++) {
                    int m = node_at(&r, nd->i + di[d] * k, nd->j + dj[d] * k);
                    if (m < 0) {
                        out->truncated = true;
                        break;
                    }
                    Node *t = &r.nodes[m];
                    if (t->done || (t->cost >= 0 && t->cost <= cc)) continue;
                    t->cost = cc;
                    t->next = r.head[cc];
                    r.head[cc] = m;
                }
                // AL-COL-2: a collision ends the move where the unit ends against what it touched,
                // once a contact at an angle has snapped (AL-SNP-1), as `move` rules the step (a
                // flush touch needs no snap). The same touch is often reached from several grid
                // points along a line: it is ruled and listed once, at the lowest cost found.
                if (st == MC_SWEEP_HIT) {
                    McRect hp = pose;
                    hp.centre = mc_vec2_add(pose.centre, mc_vec2_scale(dv, hit.t));
                    unsigned h = hit_slot(&r, hp.centre);
                    if (r.hits[h]) {
                        AlSample *old = &out->samples[r.hits[h] - 1];
                        if (cc < old->cost) old->cost = cc;
                        continue;
                    }
                    AlAction step = {AL_ACTION_STEP, (AlDir)d, 1.0, 0, AL_FORWARD, AL_RIGHT, false, -1, -1, -1};
                    McVec2 touch = hp.centre;
                    if (!hit.contact.flush) hp = mc_al_step_end(env, w, &order, pose, &step, step_ignore, standing);
                    if (!add_sample(out, hp, cc, true, false)) return 1;
                    r.touch[out->count - 1] = touch;
                    r.hits[h] = out->count;
                }
            }
            // One turn off the front either way (AL-TRN-1/2), where affordable and free.
            for (int t = 0; t < 4; t++) {
                AlAction act = {AL_ACTION_TURN, AL_FORWARD, 0, t < 2 ? 45 : 90, AL_FORWARD, t % 2 ? AL_RIGHT : AL_LEFT, true, -1, -1, -1};
                McVec2 toolv[3];
                McPoly tool = {0, toolv};
                McRect np;
                int beyond, tc;
                if (!mc_al_turn_place(w, u, pose, &act, &tool, &np, &beyond, &tc, NULL) || c + tc > points) continue;
                mc_assume(env, MC_A_AL_5);
                McVec2 bv[4];
                McPoly b = mc_rect_to_poly(&np, bv);
                bool blocked = false;
                McBroadphaseIter it;
                mc_broadphase_iter_begin(&it, &w->bp, mc_aabb_union(mc_poly_aabb(&tool), mc_poly_aabb(&b)));
                for (int p; !blocked && (p = mc_broadphase_iter_next(&it)) >= 0;) {
                    if (ignore[p]) continue;
                    blocked = mc_poly_sat_separation_until(&tool, &w->parts[p], -MC_LINEAR_SLOP) < -MC_LINEAR_SLOP ||
                              mc_poly_sat_separation_until(&b, &w->parts[p], -MC_LINEAR_SLOP) < -MC_LINEAR_SLOP;
                }
                if (!blocked && !add_sample(out, np, c + tc, false, true)) return 1;
            }
        }
    }
    if (reach_area_out(env, out)) return 0; // (in the last sample's steps and turns)
    mc_trace(env, "AL-MOV-2", u->id, "sampled %d positions reachable with %d movement point%s by steps of %s and one turn",
             out->count, points, points == 1 ? "" : "s", mc_fmt_num(env, spacing));
    return 1;
}
