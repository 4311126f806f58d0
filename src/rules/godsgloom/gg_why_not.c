// GODSGLOOM `whyNot` (docs/api/godsgloom.md): whether a unit can end its move on one hex, and when
// it cannot, the first rule in the way, worked out by further searches with points to spare and
// without the other units.
#include <string.h>

#include "core/limits.h"
#include "rules/godsgloom/gg.h"

// The path of a destination of `r` (hexes entered, the destination last), in the arena; its
// length, or -1 when memory ran out.
static int dest_path(McEnv *env, const McGgReach *r, const McGgDest *d, const McHex **path) {
    if (d->node < 0) {
        McHex *one = MC_NEW(env->arena, McHex, 1);
        if (!one) return -1;
        one[0] = d->hex;
        *path = one;
        return 1;
    }
    int len = mc_reach_path(&r->search, d->node, NULL, 0);
    McHex *hs = MC_NEW(env->arena, McHex, len > 0 ? len : 1);
    if (!hs) return -1;
    mc_reach_path(&r->search, d->node, hs, len);
    *path = hs;
    return len;
}

static const McGgDest *find_dest(const McGgReach *r, int pos) {
    for (int i = 0; i < r->dest_count; i++)
        if (r->dests[i].pos == pos) return &r->dests[i];
    return NULL;
}

static McReason *why_reason(McEnv *env, McWhyNot *w, const char *code, const char *rule, const char *unit, McHex h,
                            const char *text) {
    McReason *x = mc_reason_add(env, &w->reasons, code, rule, "%s", text);
    if (!x) return NULL;
    x->unit = unit;
    x->action = -1;
    x->has_hex = 1;
    x->q = h.q;
    x->r = h.r;
    return x;
}

// Why a walking unit cannot reach `pos`. Two searches with points to spare: with the units, and
// without them. When the second finds a cheaper path, the first rule the units make it break (a
// zone, a unit in the way, Lockdown) is a reason; when the first finds a path, the points are
// short of its cost; when neither does, the terrain walls the hex off. `mmg`: the unit's reach has
// a hex only the Minimum Move Guarantee enters, which a player may take for a way further.
static int why_walk(McEnv *env, const McGgRequest *gr, int points, bool mmg, int pos, McWhyNot *w) {
    const McGgUnit *m = &gr->units[gr->mover];
    McGgUnit *units = MC_NEW(env->arena, McGgUnit, gr->unit_count);
    if (!units) return 0;
    memcpy(units, gr->units, (size_t)gr->unit_count * sizeof *units);
    units[gr->mover].speed = MC_MAX_MOVE_POINTS;
    units[gr->mover].tokens &= ~(unsigned)(MC_GG_SLOW | MC_GG_FAST);
    McGgRequest rich = *gr;
    rich.units = units;
    McGgRequest open = rich;
    open.ignore_units = true;
    McGgReach r, o;
    if (!mc_gg_reach(env, &rich, &r) || !mc_gg_reach(env, &open, &o)) return 0;
    const McGgDest *d = find_dest(&r, pos), *od = find_dest(&o, pos);
    if (od && !gr->ignore_units && (!d || od->cost < d->cost)) {
        const McHex *path = NULL;
        int len = dest_path(env, &o, od, &path);
        McGgMove mv;
        if (len < 0 || !mc_gg_move(env, &rich, path, len, -1, &mv)) return 0;
        for (int i = 0; i < mv.reasons.count; i++) {
            if (!mc_why_not_copy_reason(env, w, &mv.reasons.items[i])) return 0;
            McReason *x = &w->reasons.items[w->reasons.count - 1];
            // With the units in place no path reaches the hex at all: said, or a player looks for
            // a way round what is in the way (a review's newcomer did, in a corridor a friend filled).
            size_t chars = strlen(x->message);
            if (!d && chars > 0 && x->message[chars - 1] == '.')
                x->message = mc_strf(env, "%.*s, and no way round is open.", (int)chars - 1, x->message);
        }
    }
    if (d) {
        w->needs = d->cost;
        if (!why_reason(env, w, "not_enough_points", "GG-MOV-1", m->id, d->hex,
                        /* the figures first: a phone shows a verdict's first three lines ("the
                           cheapest path the units leave open" read awkwardly, and of a unit alone) */
                        mc_strf(env, "It needs %d movement point%s and has %d%s, by the cheapest way to hex (q %d, r %d).",
                                d->cost, d->cost == 1 ? "" : "s", points,
                                mmg ? " (the Minimum Move Guarantee goes one hex only)" : "", d->hex.q, d->hex.r)))
            return 0;
    }
    if (w->reasons.count > 0) return 1;
    return why_reason(env, w, "no_path", "GG-TER-1", m->id, gr->board->hexes[pos],
                      "No path over the board's terrain reaches the hex.") != NULL;
}

int mc_gg_why_not(McEnv *env, const McGgRequest *gr, const McGgReach *r, McWhyNot *w) {
    const McGgScene *s = &r->scene;
    const char *id = s->mover->id;
    int pos = mc_board_index(gr->board, w->to);
    const McGgDest *d = pos >= 0 ? find_dest(r, pos) : NULL;
    int ok = 1;
    if (pos >= 0 && pos == s->start && r->has_stay) {
        w->reachable = true; // staying put is always allowed, a pivot aside (GG-MOV-1)
    } else if (d) {
        w->reachable = true;
        w->cost = d->cost;
        w->path_len = dest_path(env, r, d, &w->path);
        ok = w->path_len >= 0;
    } else if (pos < 0) {
        ok = why_reason(env, w, "off_board", "GG-MOV-1", id, w->to, "The hex is not on the board.") != NULL;
    } else {
        McGgEnter e = mc_gg_enter(s, pos);
        int dist = mc_hex_distance(s->mover->hex, w->to);
        if (s->occ[pos] >= 0) {
            const char *there = gr->units[s->occ[pos]].id;
            McReason *x = why_reason(env, w, "ends_on_unit", mc_gg_ends_on_unit_rule(s, s->occ[pos]), id, w->to,
                                     mc_gg_ends_on_unit_text(env, there));
            if (x) x->unit = there;
            ok = x != NULL;
        } else if (!e.ok) {
            ok = why_reason(env, w, "impassable", "GG-TER-1", id, w->to, "Impassable hexes cannot be entered.") != NULL;
        } else if (!e.may_end) {
            ok = why_reason(env, w, "ends_on_impassable", "GG-TER-1", id, w->to,
                            "Reconnaissance lets the unit move through this Impassable hex, not end its move on it.") != NULL;
        } else if (s->mode == MC_GG_MODE_NONE) {
            for (int i = 0; i < s->restrictions.count && ok; i++) ok = mc_why_not_copy_reason(env, w, &s->restrictions.items[i]);
        } else if (s->mode == MC_GG_MODE_TELEPORT) {
            int range = s->points < 1 ? 1 : s->points;
            ok = why_reason(env, w, "out_of_range", "GG-TRT-1", id, w->to,
                            mc_strf(env, "The hex is %d hexes away; a Flying unit Teleports at most %d.", dist, range)) != NULL;
        } else if ((s->mode == MC_GG_MODE_ENGAGED && dist > 1) || (s->mode == MC_GG_MODE_REPOSITION && dist != 1)) {
            const char *rule = s->mode == MC_GG_MODE_ENGAGED ? "GG-8.2" : "GG-TRT-1";
            const char *text = s->mode == MC_GG_MODE_ENGAGED
                                   ? "The unit starts its activation Engaged: it may move at most 1 hex."
                                   : "A Reposition moves the unit 1 hex.";
            ok = why_reason(env, w, "one_hex_only", rule, id, w->to, text) != NULL;
        } else {
            bool mmg = false;
            for (int i = 0; i < r->dest_count; i++) mmg |= r->dests[i].minimum_move;
            ok = why_walk(env, gr, s->points, mmg, pos, w);
        }
        if (ok && !gr->ignore_units) {
            McGgRequest open = *gr;
            open.ignore_units = true;
            McGgReach o;
            ok = mc_gg_reach(env, &open, &o);
            const McGgDest *od = ok ? find_dest(&o, pos) : NULL;
            w->has_what_if = true;
            if (od) {
                w->what_if_reachable = true;
                w->what_if_cost = od->cost;
                w->what_if_len = dest_path(env, &o, od, &w->what_if_path);
                ok = w->what_if_len >= 0;
            }
        }
    }
    return ok;
}
