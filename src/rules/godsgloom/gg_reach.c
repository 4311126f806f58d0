// `reach`: every hex the unit can end on. Walking moves (normal, Breakaway, and the one hex after
// starting Engaged) run the hex core's search over (hex, "Nimble used") nodes; Teleport and
// Reposition list their hexes directly.
#include <stddef.h>
#include <string.h>

#include "core/work.h"
#include "rules/godsgloom/gg.h"

enum { STATE_PLAIN = 0, STATE_NIMBLE = 1, STATE_COUNT = 2 };

// What the search asks of each hex, worked out once per hex before it runs: it asks from up to
// six neighbours and in two states (mc_gg_enter again and again was a tenth of a 100 x 100 reach).
enum { WALK_OK = 1, WALK_MAY_END = 2, WALK_ZONE_STOPS = 4 };
typedef struct Walk {
    const McGgScene *s;
    int *cost;            // [hex] points to enter it (when WALK_OK)
    unsigned char *flags; // [hex] WALK_*
} Walk;

static int walk_prepare(McEnv *env, const McGgScene *s, Walk *w) {
    int n = s->board->count;
    w->s = s;
    w->cost = mc_arena_alloc_raw(env->arena, (size_t)n * sizeof *w->cost);
    w->flags = mc_arena_alloc_raw(env->arena, (size_t)n);
    if (!w->cost || !w->flags) return 0;
    for (int pos = 0; pos < n; pos++) {
        McGgEnter e = mc_gg_enter(s, pos);
        w->cost[pos] = e.cost;
        w->flags[pos] = (unsigned char)((e.ok ? WALK_OK : 0) | (e.may_end ? WALK_MAY_END : 0) |
                                        (mc_gg_zone_stops(s, pos) ? WALK_ZONE_STOPS : 0));
    }
    return 1;
}

static bool walk_step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    const Walk *w = ctx;
    const McGgScene *s = w->s;
    unsigned f = w->flags[in->to];
    if (!(f & WALK_OK)) return false;
    // GG-8.2: the single hex of a unit that starts Engaged must be one it can end on.
    if (s->mode == MC_GG_MODE_ENGAGED && !(f & WALK_MAY_END)) return false;
    // GG-8.3, GG-TER-1: an empty zone hex ends the move on entering it, so one the unit may not end
    // on (an Impassable hex opened by Reconnaissance) cannot be entered at all (as `move` rules).
    if (!(f & WALK_MAY_END) && (f & WALK_ZONE_STOPS)) return false;
    out->cost = w->cost[in->to];
    // The search's secondary key (fewest, after the cost): hexes passed through that hold a unit
    // (GG-8.1-I/II), so that between equally cheap paths the one round the units is shown.
    out->attacks = s->occ[in->to] >= 0;
    out->state = in->state;
    // GG-8.3-T: going on from an empty zone hex (other than the start, which it leaves) uses Nimble.
    if (!in->first && (s->zone[in->from] & MC_GG_ZONE_ENEMY) && s->occ[in->from] < 0)
        out->state = STATE_NIMBLE;
    return true;
}

static unsigned walk_node(void *ctx, const McBoard *board, int pos, int state) {
    const Walk *w = ctx;
    (void)board;
    if (pos == w->s->start && state == STATE_PLAIN) return MC_REACH_OPEN; // the start: staying is allowed
    unsigned f = w->flags[pos];
    if (!(f & WALK_MAY_END)) return MC_REACH_PASS_ONLY; // GG-8.1-I/II, GG-TER-1: through, never ending
    if (w->s->mode == MC_GG_MODE_ENGAGED) return MC_REACH_STOP; // GG-8.2: at most 1 hex
    return (f & WALK_ZONE_STOPS) ? MC_REACH_STOP : MC_REACH_OPEN; // GG-8.3
}

// Why movement ends at a walking destination.
static McGgEnd walk_end(const Walk *w, const McReachEntry *en) {
    const McGgScene *s = w->s;
    if (en->flags & MC_REACH_OVER_BUDGET) return MC_GG_END_MINIMUM;
    if (s->mode == MC_GG_MODE_ENGAGED) return MC_GG_END_ENGAGED_START;
    if (!(en->flags & MC_REACH_MAY_PASS)) return MC_GG_END_ZONE;
    return mc_gg_walk_end(s, en->position, en->cost);
}

static void fill_engagement(const McGgScene *s, McGgDest *d) {
    d->engager_count = mc_gg_engagers(s, d->pos, d->engagers);
    d->engaged = d->engager_count > 0;
}

// The node to list for a position, with its entry in *best: cheapest, then not relying on Nimble
// (keeps the Melee Attack), then through the fewest units' hexes, then the path tie-break of
// docs/api.md. -1 when the unit cannot end there.
static int choose_node(const McReach *r, int pos, McReachEntry *best) {
    int found = -1;
    McReachEntry e;
    for (int st = 0; st < STATE_COUNT; st++) {
        int v = pos * STATE_COUNT + st;
        if (!mc_reach_get(r, v, &e) || !(e.flags & MC_REACH_MAY_END)) continue;
        bool same = e.cost == best->cost && e.state == best->state;
        if (found < 0 || e.cost < best->cost || (e.cost == best->cost && e.state < best->state) ||
            (same && e.attacks < best->attacks) || (same && e.attacks == best->attacks && e.order < best->order)) {
            found = v;
            *best = e;
        }
    }
    return found;
}

static int dest_compare(const McGgDest *a, const McGgDest *b) {
    if (a->cost != b->cost) return a->cost < b->cost ? -1 : 1;
    if (a->hex.r != b->hex.r) return a->hex.r < b->hex.r ? -1 : 1;
    if (a->hex.q != b->hex.q) return a->hex.q < b->hex.q ? -1 : 1;
    return 0;
}

// Insertion sort would be quadratic on big boards; a bottom-up merge sort with arena scratch. The
// two arrays take turns as source and target (copying back after every pass was 9 % of a 100 x 100
// reach), with one copy at the end when the last pass wrote the scratch.
static int sort_dests(McEnv *env, McGgDest **dests, int n) {
    // (r, q) order, as grid boards list positions: one counting pass (hex_reach.h)
    int counted = mc_reach_sort_by_cost(env->arena, (void **)dests, n, sizeof **dests, offsetof(McGgDest, cost),
                                        offsetof(McGgDest, hex));
    if (counted >= 0) return counted;
    McGgDest *d = *dests;
    McGgDest *tmp = mc_arena_alloc_raw(env->arena, (size_t)(n > 0 ? n : 1) * sizeof *tmp);
    if (!tmp) return 0;
    McGgDest *from = d, *to = tmp;
    for (int width = 1; width < n; width *= 2) {
        for (int lo = 0; lo < n; lo += 2 * width) {
            int mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int i = lo, j = mid, k = lo;
            while (i < mid && j < hi) to[k++] = dest_compare(&from[j], &from[i]) < 0 ? from[j++] : from[i++];
            while (i < mid) to[k++] = from[i++];
            while (j < hi) to[k++] = from[j++];
        }
        McGgDest *t = from;
        from = to;
        to = t;
    }
    if (from != d) memcpy(d, from, (size_t)n * sizeof *d);
    return 1;
}

static int walk(McEnv *env, McGgReach *out) {
    McGgScene *s = &out->scene;
    const McBoard *b = s->board;
    McReachOptions o = mc_reach_default_options();
    o.state_count = STATE_COUNT;
    Walk w;
    if (!walk_prepare(env, s, &w)) return 0;
    o.step = walk_step;
    o.node = walk_node;
    o.ctx = &w;
    if (s->mode == MC_GG_MODE_ENGAGED) {
        o.budget = MC_REACH_UNLIMITED; // GG-8.2: one hex "regardless of its available Movement Points"
    } else {
        o.budget = s->points;
        o.first_step_always = true; // GG-8.3-MMG
    }
    size_t bytes = mc_reach_storage_size(b->count, STATE_COUNT);
    void *storage = bytes ? mc_arena_alloc_raw(env->arena, bytes) : NULL; // mc_reach_run sets what it reads
    if (!storage) return 0;
    if (mc_reach_run(&out->search, b, s->mover->hex, &o, storage, bytes) != MC_REACH_OK) return 0;
    if (mc_work_out()) {
        mc_work_note(env, "", "the reach search after %d of %d nodes", out->search.reached_count, out->search.node_count);
        return 0;
    }
    out->searched = true;

    out->dests = mc_arena_alloc_raw(env->arena, (size_t)b->count * sizeof *out->dests); // every field is set below
    if (!out->dests) return 0;
    int minimum = 0, zone_stops = 0, nimble = 0;
    for (int pos = 0; pos < b->count; pos++) {
        if (pos == s->start) continue;
        McReachEntry en = {.node = -1};
        int v = choose_node(&out->search, pos, &en);
        if (v < 0) continue;
        McGgDest *d = &out->dests[out->dest_count++];
        d->pos = pos;
        d->hex = b->hexes[pos];
        d->cost = en.cost;
        d->node = v;
        d->parent_node = en.parent;
        d->nimble = en.state == STATE_NIMBLE;
        d->minimum_move = (en.flags & MC_REACH_OVER_BUDGET) != 0;
        d->end = walk_end(&w, &en);
        // GG-8.2: no Melee Attack after the 1-hex move; GG-8.3-T: none after using Nimble.
        d->may_melee = s->mode != MC_GG_MODE_ENGAGED && !d->nimble;
        d->facings = 0x3f; // MOV.40 (GG-MOV-1): the final pivot is free, also after a stop (GG-8.3)
        fill_engagement(s, d);
        // The states are the labels of one search: when the cheapest path relies on Nimble, the
        // cheapest one that never does (if the points reach it) keeps the Melee Attack (GG-8.3-T),
        // the one point on which a path to the same hex can be better; ending Engaged depends on
        // the hex alone.
        d->alt_node = -1;
        McReachEntry pe;
        int plain = pos * STATE_COUNT + STATE_PLAIN;
        if (d->nimble && mc_reach_get(&out->search, plain, &pe) && (pe.flags & MC_REACH_MAY_END)) {
            d->alt_node = plain;
            d->alt_end = walk_end(&w, &pe);
        }
        minimum += d->minimum_move;
        zone_stops += d->end == MC_GG_END_ZONE;
        nimble += d->nimble;
    }
    // (walk_end looks beyond a hex it may only pass through, as far as MC_GG_GO_ON_PASSES)
    if (mc_work_out()) {
        mc_work_note(env, "", "the reach's ends after %d of %d hexes", out->dest_count, b->count);
        return 0;
    }
    if (minimum)
        mc_trace(env, "GG-8.3-MMG", s->mover->id, "%d hex%s entered by the Minimum Move Guarantee although %s more than the %d movement point%s",
                 minimum, minimum == 1 ? "" : "es", minimum == 1 ? "it costs" : "each costs", s->points, s->points == 1 ? "" : "s");
    if (zone_stops)
        mc_trace(env, "GG-8.3", s->mover->id, "%d destination%s in enemy Engagement Zones end the move there; the unit is then Engaged",
                 zone_stops, zone_stops == 1 ? "" : "s");
    if (nimble)
        mc_trace(env, "GG-8.3-T", s->mover->id, "%d destination%s only reached through enemy zones using Nimble: no Melee Attack after",
                 nimble, nimble == 1 ? "" : "s");
    return 1;
}

static int teleport(McEnv *env, McGgReach *out) {
    McGgScene *s = &out->scene;
    const McBoard *b = s->board;
    int range = s->points;
    if (range < 1) {
        // GG-8.3-MMG: a Move Action always allows 1 hex, a Teleport one included.
        range = 1;
        mc_trace(env, "GG-8.3-MMG", s->mover->id, "Speed below 1: the Minimum Move Guarantee still allows a Teleport of 1 hex");
    }
    out->dests = MC_NEW(env->arena, McGgDest, b->count);
    if (!out->dests) return 0;
    for (int pos = 0; pos < b->count; pos++) {
        int dist = mc_hex_distance(s->mover->hex, b->hexes[pos]);
        // A Teleport must end on an empty hex that is not Impassable (GG-TER-1).
        if (dist < 1 || dist > range || !mc_gg_enter(s, pos).may_end) continue;
        McGgDest *d = &out->dests[out->dest_count++];
        d->pos = pos;
        d->hex = b->hexes[pos];
        d->cost = dist;
        d->node = d->parent_node = d->alt_node = -1;
        d->may_melee = 1;
        d->minimum_move = dist > s->points;
        d->end = MC_GG_END_TELEPORT;
        d->facings = 0x3f;
        fill_engagement(s, d);
    }
    return 1;
}

static int reposition(McEnv *env, McGgReach *out) {
    McGgScene *s = &out->scene;
    out->dests = MC_NEW(env->arena, McGgDest, MC_HEX_DIRECTIONS);
    if (!out->dests) return 0;
    for (int dir = 0; dir < MC_HEX_DIRECTIONS; dir++) {
        int nb = mc_board_neighbor(s->board, s->start, dir);
        // GG-TRT-1: a Displacement of 1 hex in any direction, no points spent; like every move it
        // must end on an empty hex that is not Impassable.
        if (nb < 0 || !mc_gg_enter(s, nb).may_end) continue;
        McGgDest *d = &out->dests[out->dest_count++];
        d->pos = nb;
        d->hex = s->board->hexes[nb];
        d->node = d->parent_node = d->alt_node = -1;
        d->may_melee = -1;
        d->end = MC_GG_END_REPOSITION;
        d->facings = 0x3f;
        fill_engagement(s, d);
    }
    return 1;
}

int mc_gg_reach(McEnv *env, const McGgRequest *req, McGgReach *out) {
    memset(out, 0, sizeof *out);
    McGgScene *s = &out->scene;
    if (!mc_gg_prepare(env, req, s)) return 0;
    int ok = 1;
    switch (s->mode) {
    case MC_GG_MODE_NORMAL:
    case MC_GG_MODE_BREAKAWAY:
    case MC_GG_MODE_ENGAGED: ok = walk(env, out); break;
    case MC_GG_MODE_TELEPORT: ok = teleport(env, out); break;
    case MC_GG_MODE_REPOSITION: ok = reposition(env, out); break;
    case MC_GG_MODE_NONE: break;
    }
    if (!ok) return 0;
    if (!sort_dests(env, &out->dests, out->dest_count)) return 0;
    if (s->mode != MC_GG_MODE_REPOSITION && req->action == MC_GG_ACTION_MOVE) {
        McGgDest *st = &out->stay;
        out->has_stay = true;
        st->pos = s->start;
        st->hex = s->mover->hex;
        st->node = out->searched ? out->search.start_node : -1;
        st->parent_node = st->alt_node = -1;
        st->may_melee = 1; // not moving keeps the Melee Attack (GG-8.2 forbids it after the move)
        st->end = MC_GG_END_CHOICE;
        // MOV.20/40 and GG-8.2: pivoting is free; a unit that cannot make a Move Action keeps its facing.
        st->facings = s->mode == MC_GG_MODE_NONE ? 1u << s->mover->facing : 0x3f;
        fill_engagement(s, st);
    }
    return 1;
}

McGgDest mc_gg_reach_alternative(const McGgReach *r, const McGgDest *d) {
    McGgDest a = *d;
    McReachEntry e;
    a.alt_node = -1;
    if (d->alt_node < 0 || !mc_reach_get(&r->search, d->alt_node, &e)) return a;
    a.cost = e.cost;
    a.node = d->alt_node;
    a.parent_node = e.parent;
    a.nimble = false;
    a.minimum_move = (e.flags & MC_REACH_OVER_BUDGET) != 0;
    a.may_melee = r->scene.mode != MC_GG_MODE_ENGAGED;
    a.end = d->alt_end;
    return a;
}

// Parent-style paths: the listed nodes plus every node on their paths that is not listed.
int mc_gg_reach_through(McEnv *env, McGgReach *out) {
    if (!out->searched) return 1; // Teleport and Reposition: no intermediate hexes
    int n = out->search.node_count;
    unsigned char *mark = MC_NEW(env->arena, unsigned char, n);
    out->through = MC_NEW(env->arena, int, n);
    if (!mark || !out->through) return 0;
    mark[out->search.start_node] = 1;
    for (int i = 0; i < out->dest_count; i++) mark[out->dests[i].node] = 1;
    for (int i = 0; i < out->dest_count; i++) {
        McReachEntry en;
        for (int v = out->dests[i].parent_node; v >= 0 && !mark[v]; v = en.parent) {
            mark[v] = 2;
            if (!mc_reach_get(&out->search, v, &en)) break;
        }
        // An alternative's own node is written with it; the nodes before it are passed through.
        if (out->dests[i].alt_node >= 0 && mc_reach_get(&out->search, out->dests[i].alt_node, &en))
            for (int v = en.parent; v >= 0 && !mark[v]; v = en.parent) {
                mark[v] = 2;
                if (!mc_reach_get(&out->search, v, &en)) break;
            }
    }
    // In the order of their best paths (the search's rank), so a parent comes before its child.
    int *by_rank = MC_NEW(env->arena, int, out->search.reached_count > 0 ? out->search.reached_count : 1);
    if (!by_rank) return 0;
    for (int i = 0; i < out->search.reached_count; i++) by_rank[i] = -1;
    for (int v = 0; v < n; v++) {
        McReachEntry en;
        if (mark[v] == 2 && mc_reach_get(&out->search, v, &en)) by_rank[en.order] = v;
    }
    for (int i = 0; i < out->search.reached_count; i++)
        if (by_rank[i] >= 0) out->through[out->through_count++] = by_rank[i];
    return 1;
}
