// Torn World `whyNot` (docs/api/torn-world.md): whether a miniature can end its movement on one
// position, and when it cannot, the first rule in the way, worked out by further searches with
// steps to spare and with the mover alone on the battlefield.
#include <string.h>

#include "core/limits.h"
#include "rules/torn_world/tw.h"

static const TwReachEntry *find_entry(const TwReachOut *r, McHex to) {
    for (int i = 0; i < r->n; i++)
        if (mc_hex_equal(r->entries[i].pos, to)) return &r->entries[i];
    return NULL;
}

// The battlefield with the mover alone (the what-if of whyNot): the board and the markers stay; a
// Linked marker taken by another miniature is taken by none.
static int world_alone(McEnv *env, const TwWorld *w, int mover, TwWorld *alone) {
    TwUnit *u = MC_NEW(env->arena, TwUnit, 1);
    TwMarker *mk = MC_NEW(env->arena, TwMarker, w->marker_count > 0 ? w->marker_count : 1);
    if (!u || !mk) return 0;
    *u = w->units[mover];
    for (int i = 0; i < w->marker_count; i++) {
        mk[i] = w->markers[i];
        mk[i].taken_by = mk[i].taken_by == mover ? 0 : -1;
    }
    memset(alone, 0, sizeof *alone);
    alone->board = w->board;
    alone->anchor = w->anchor;
    alone->units = u;
    alone->unit_count = 1;
    alone->markers = mk;
    alone->marker_count = w->marker_count;
    int index = 0, other = 0;
    return mc_tw_world_build(alone, env->arena, &index, &other) == TW_WORLD_OK;
}

// Names the miniature (or marker) `x` is about and the position asked; NULL when `x` is.
static McReason *reason_at(const McWhyNot *why, McReason *x, const char *unit) {
    if (!x) return NULL;
    x->unit = unit;
    x->has_hex = 1;
    x->q = why->to.q;
    x->r = why->to.r;
    return x;
}

// Why the mover cannot end on `to` although the action may be taken. Two searches with steps to
// spare: on the real battlefield and with the mover alone. When the second finds a shorter path,
// checking that path on the real battlefield names the miniature, landscape or marker in the
// way; when the first finds a path, the allowance is short of its length.
static int why_move(McEnv *env, const TwWorld *w, const TwWhyNotIn *in, const TwWorld *alone, McWhyNot *why) {
    const TwUnit *m = &w->units[in->mover];
    TwReachOut rich, open;
    if (!mc_tw_reach(env, w, in->mover, in->cause, MC_MAX_MOVE_POINTS, false, false, &rich) ||
        !mc_tw_reach(env, alone, 0, in->cause, MC_MAX_MOVE_POINTS, false, false, &open))
        return 0;
    const TwReachEntry *d = find_entry(&rich, why->to), *od = find_entry(&open, why->to);
    if (od && (!d || od->cost < d->cost)) {
        TwMoveIn mi = {in->mover, in->cause, MC_MAX_MOVE_POINTS, false, od->path, od->n_path, NULL, 0};
        TwMoveOut mv;
        if (!mc_tw_move(env, w, &mi, &mv)) return 0;
        for (int i = 0; i < mv.reasons.count; i++)
            if (!mc_why_not_copy_reason(env, why, &mv.reasons.items[i])) return 0;
    }
    if (d) {
        why->needs = d->cost;
        bool hexes = m->size == TW_INFANTRY;
        const char *unit = d->cost != 1 ? mc_tw_size_unit(m->size) : hexes ? "hex" : "hexon";
        McReason *x = mc_reason_add(env, &why->reasons, "exceeds_allowance", "TW-MV-1",
                                    "The shortest path the miniatures leave open to (q %d, r %d) is %d %s long; the %s allows %d.",
                                    why->to.q, why->to.r, d->cost, unit, in->action, in->allowance);
        if (!reason_at(why, x, m->id)) return 0;
    }
    if (why->reasons.count > 0) return 1;
    // No path at all, even alone: may the miniature end on the position itself?
    TwSpot spot;
    TwVerdict v;
    mc_tw_spot(w, in->mover, mc_tw_delta_of(w, in->mover, why->to), &spot);
    if (!mc_tw_can_end(w, in->mover, &spot, in->cause, &v)) {
        McReason *x = mc_tw_reason(env, &why->reasons, w, &v);
        return reason_at(why, x, x && x->unit ? x->unit : m->id) != NULL;
    }
    McReason *x = mc_reason_add(env, &why->reasons, "no_path", "TW-MV-1",
                                "No path between the Volume Landscape and the board's edges reaches the position.");
    return reason_at(why, x, m->id) != NULL;
}

int mc_tw_why_not(McEnv *env, const TwWorld *w, const TwWhyNotIn *in, const TwReachOut *reach, McWhyNot *why) {
    const TwUnit *u = &w->units[in->mover];
    const TwReachEntry *e = find_entry(reach, why->to);
    if (e) {
        why->reachable = true;
        why->cost = e->cost;
        why->path = e->path;
        why->path_len = e->n_path;
        return 1;
    }
    if (!mc_board_contains(w->board, why->to))
        return reason_at(why, mc_reason_add(env, &why->reasons, "off_board", "TW-MV-1", "The position is not on the board."),
                         u->id) != NULL;
    if (!reach->legal) {
        for (int i = 0; i < reach->reasons.count; i++)
            if (!mc_why_not_copy_reason(env, why, &reach->reasons.items[i])) return 0;
    } else if (mc_hex_equal(why->to, u->pos[0])) {
        McReason *x = mc_reason_add(env, &why->reasons, "not_moved", "TW-MV-1",
                                    "The miniature stands there already: a movement enters at least one position.");
        if (!x) return 0;
        x->unit = u->id;
    }
    bool staying = why->reasons.count > 0 && reach->legal;
    TwWorld alone;
    if (!world_alone(env, w, in->mover, &alone)) return 0;
    if (reach->legal && why->reasons.count == 0 && !why_move(env, w, in, &alone, why)) return 0;
    if (staying) return 1;
    TwReachOut o;
    if (!mc_tw_reach(env, &alone, 0, in->cause, in->allowance, in->action_used, false, &o)) return 0;
    const TwReachEntry *oe = find_entry(&o, why->to);
    why->has_what_if = true;
    if (oe) {
        why->what_if_reachable = true;
        why->what_if_cost = oe->cost;
        why->what_if_path = oe->path;
        why->what_if_len = oe->n_path;
    }
    return 1;
}
