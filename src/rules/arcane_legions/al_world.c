// The table as convex parts (units, terrain split by mc_poly_decompose, the table edge), adjacency
// (A-AL-6) and breakaway (AL-BRK-1..4).
#include <string.h>

#include "core/work.h"
#include "rules/arcane_legions/al.h"

int mc_al_object_count(const AlWorld *w) { return w->unit_count + w->terrain_count + (w->has_table ? 1 : 0); }

const char *mc_al_object_id(const AlWorld *w, int o) {
    if (o < w->unit_count) return w->units[o].id;
    if (o < w->unit_count + w->terrain_count) return w->terrain[o - w->unit_count].id;
    return "table";
}

AlKind mc_al_object_kind(const AlWorld *w, int o) {
    if (o < w->unit_count) return AL_KIND_UNIT;
    if (o < w->unit_count + w->terrain_count) return w->terrain[o - w->unit_count].kind;
    return AL_KIND_TABLE;
}

const char *mc_al_kind_name(AlKind k) {
    static const char *const names[] = {"unit", "blocking", "hindering", "control", "table-edge"};
    return names[k];
}

bool mc_al_on_table(const AlWorld *w, McRect r) {
    if (!w->has_table) return true;
    McVec2 pv[4];
    McPoly p = mc_rect_to_poly(&r, pv);
    for (int i = 0; i < 4; i++)
        if (p.v[i].x < -MC_LINEAR_SLOP || p.v[i].y < -MC_LINEAR_SLOP || p.v[i].x > w->width + MC_LINEAR_SLOP ||
            p.v[i].y > w->height + MC_LINEAR_SLOP)
            return false;
    return true;
}

int mc_al_world_build(McEnv *env, AlWorld *w) {
    int cap = w->unit_count + (w->has_table ? 4 : 0);
    int room = 4 * cap; // the parts' vertices: four for a unit or a strip of table edge
    for (int t = 0; t < w->terrain_count; t++) {
        cap += w->terrain[t].count - 2;
        room += MC_DECOMPOSE_VERTICES(w->terrain[t].count);
    }
    // Not zeroed: each part's count and vertices are written below and nothing reads past count.
    w->parts = mc_arena_alloc_raw(env->arena, sizeof(McPoly) * (size_t)(cap > 0 ? cap : 1));
    McVec2 *v = mc_arena_alloc_raw(env->arena, sizeof(McVec2) * (size_t)(room > 0 ? room : 1));
    w->part_object = MC_NEW(env->arena, int, cap > 0 ? cap : 1);
    if (!w->parts || !v || !w->part_object) return -2;
    int n = 0;
    for (int u = 0; u < w->unit_count; u++, v += 4) {
        w->parts[n] = mc_rect_to_poly(&w->units[u].rect, v);
        w->part_object[n++] = u;
    }
    for (int t = 0; t < w->terrain_count; t++) {
        int got = 0;
        const AlTerrain *tr = &w->terrain[t];
        if (mc_poly_decompose(tr->points, tr->count, &w->parts[n], cap - n, v, &got) != MC_DECOMPOSE_OK) return t;
        for (int k = 0; k < got; k++) {
            w->part_object[n + k] = w->unit_count + t;
            v += w->parts[n + k].count;
        }
        n += got;
    }
    if (w->has_table) {
        // AL-TER-1: the area outside the battlefield counts as blocking terrain. Four strips as
        // wide as the table is long, so no step or turn can cross them.
        double m = w->width + w->height, W = w->width, H = w->height;
        int o = w->unit_count + w->terrain_count;
        w->parts[n] = mc_poly_box(-m, -m, W + m, 0, v), w->part_object[n++] = o;
        w->parts[n] = mc_poly_box(-m, H, W + m, H + m, v + 4), w->part_object[n++] = o;
        w->parts[n] = mc_poly_box(-m, 0, 0, H, v + 8), w->part_object[n++] = o;
        w->parts[n] = mc_poly_box(W, 0, W + m, H, v + 12), w->part_object[n++] = o;
    }
    w->part_count = n;
    McBroadphaseNode *nodes = MC_NEW(env->arena, McBroadphaseNode, MC_BROADPHASE_NODES(n) + 1);
    McAabb *boxes = MC_NEW(env->arena, McAabb, n + 1);
    McBroadphaseScratch *scratch = MC_NEW(env->arena, McBroadphaseScratch, n + 1);
    if (!nodes || !boxes || !scratch) return -2;
    for (int i = 0; i < n; i++) boxes[i] = mc_poly_aabb(&w->parts[i]);
    w->boxes = boxes;
    if (!mc_broadphase_build(&w->bp, nodes, MC_BROADPHASE_NODES(n) + 1, scratch, boxes, n)) return -2;
    return -1;
}

bool mc_al_adjacent(McRect a, McRect b) {
    McVec2 pav[4], pbv[4];
    McPoly pa = mc_rect_to_poly(&a, pav), pb = mc_rect_to_poly(&b, pbv);
    McContact c;
    return mc_poly_contact(&pa, &pb, &c) == MC_CONTACT_TOUCHING && c.flush;
}

static int side_rank(const char *side, const char *active, const char *const *order, int n) {
    int a = -1;
    for (int i = 0; i < n; i++)
        if (strcmp(order[i], active) == 0) a = i;
    if (strcmp(side, active) == 0) return 0;
    for (int i = 0; i < n; i++)
        if (strcmp(order[i], side) == 0) return a < 0 ? i + 1 : (i - a + n) % n;
    return n + 1;
}

// A sort key: side rank, then first appearance of the side, then the unit's index. `first`: the
// index of the first unit of the side.
static long breakaway_key(const AlWorld *w, int u, int first, const char *active, const char *const *order, int n) {
    return ((long)side_rank(w->units[u].side, active, order, n) * (MC_MAX_UNITS + 1) + first) * (MC_MAX_UNITS + 1) + u;
}

int mc_al_breakaway(McEnv *env, const AlWorld *w, int mover, const char *active, const char *const *order,
                 int order_count, AlBreakaway *out) {
    const AlUnit *m = &w->units[mover];
    mc_assume(env, MC_A_AL_6);
    if (m->sortie) {
        mc_trace(env, "AL-BRK-2", m->id, "%s is a sortie: no breakaway attacks may be made against it", m->id);
        return 0;
    }
    int n = 0;
    McVec2 pmv[4];
    McPoly pm = mc_rect_to_poly(&m->rect, pmv);
    McAabb box = mc_aabb_inflate(mc_poly_aabb(&pm), 2 * MC_LINEAR_SLOP);
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, &w->bp, box);
    for (int p; (p = mc_broadphase_iter_next(&it)) >= 0;) {
        int u = w->part_object[p];
        if (u >= w->unit_count || u == mover || strcmp(w->units[u].side, m->side) == 0) continue;
        if (!mc_al_adjacent(m->rect, w->units[u].rect)) continue;
        out[n].unit = u;
        out[n++].owner_orders = false;
    }
    // Resolution order (AL-BRK-4): by the side's place after the active player, then (for sides
    // outside the turn order) the side's first appearance among the units, then request order.
    // Each attacker's side named once by its first unit, and its key made once: compared again at
    // every step of the sort, 999 attackers of long side names took 2 s. An attacker's owner
    // orders its attacks where another attacker is of its side (the order does not change that).
    int *first = MC_NEW(env->arena, int, n + 1);
    long *key = MC_NEW(env->arena, long, n + 1);
    if (!first || !key) return 0; // (the arena marks the request out of memory)
    mc_work_add((uint64_t)n * (uint64_t)(w->unit_count + 2 * order_count + n));
    for (int i = 0; i < n; i++) {
        const char *side = w->units[out[i].unit].side;
        int f = 0;
        while (strcmp(w->units[f].side, side) != 0) f++;
        first[i] = f;
        key[i] = breakaway_key(w, out[i].unit, f, active, order, order_count);
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n && !out[i].owner_orders; k++)
            if (k != i && first[k] == first[i]) out[i].owner_orders = true;
    for (int i = 1; i < n; i++) {
        AlBreakaway x = out[i];
        long kx = key[i];
        int k = i;
        for (; k > 0 && key[k - 1] > kx; k--) {
            out[k] = out[k - 1];
            key[k] = key[k - 1];
        }
        out[k] = x;
        key[k] = kx;
    }
    for (int i = 0; i < n; i++)
        mc_trace(env, n > 1 ? "AL-BRK-4" : "AL-BRK-1", w->units[out[i].unit].id,
                 "%s (%s) is adjacent to %s and may make breakaway attack %d of %d", w->units[out[i].unit].id,
                 w->units[out[i].unit].side, m->id, i + 1, n);
    if (n == 0) mc_trace(env, "AL-BRK-1", m->id, "no enemy unit is adjacent to %s: no breakaway attacks", m->id);
    return n;
}
