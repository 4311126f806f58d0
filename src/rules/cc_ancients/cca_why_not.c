// C&C: Ancients `whyNot` (docs/api/cc-ancients.md): whether a unit or leader can end its move on
// one hex, and when it cannot, the first rule in the way, worked out by further searches with
// hexes to spare and without the other pieces.
#include <stdbool.h>

#include "core/limits.h"
#include "rules/cc_ancients/cca.h"

static const CcaReachHex *find_hex(const CcaReachHex *hexes, int n, int pos) {
    for (int i = 0; i < n; i++)
        if (hexes[i].pos == pos) return &hexes[i];
    return NULL;
}

static McReason *why_reason(McEnv *env, McWhyNot *w, const char *code, const char *rule, const char *unit, const char *text) {
    McReason *x = mc_reason_add(env, &w->reasons, code, rule, "%s", text);
    if (!x) return NULL;
    x->unit = unit;
    x->action = -1;
    x->has_hex = 1;
    x->q = w->to.q;
    x->r = w->to.r;
    return x;
}

// Why the mover cannot end on board index `pos`. Two searches with hexes to spare: with the other
// pieces and without them. When the second finds a shorter path, checking it against the pieces
// names the one in the way; when the first finds a path, the allowance is short of its length;
// when neither does, terrain closes or stops every way.
static int why_move(McEnv *env, const CcaMover *m, int pos, McWhyNot *w) {
    const CcaWorld *cw = m->w;
    const CcaPiece *p = &cw->pieces[m->piece];
    CcaMover rich = *m, open = *m;
    rich.allowance = open.allowance = MC_MAX_MOVE_POINTS;
    open.ignore_units = true;
    CcaReachHex *rh, *oh;
    int rn, on;
    if (!mc_cca_reach(env, &rich, &rh, &rn) || !mc_cca_reach(env, &open, &oh, &on)) return 0;
    const CcaReachHex *d = find_hex(rh, rn, pos), *od = find_hex(oh, on, pos);
    if (od && !m->ignore_units && (!d || od->path_len < d->path_len)) {
        CcaPathResult pr;
        mc_cca_check_path(env, &rich, od->path, od->path_len, &pr);
        for (int i = 0; i < pr.reasons.count; i++)
            if (!mc_why_not_copy_reason(env, w, &pr.reasons.items[i])) return 0;
    }
    if (d) {
        w->needs = d->path_len;
        const char *text = mc_strf(env, "The shortest path the other pieces leave open is %d hex%s; a %s moves at most %d hex%s here.",
                                   d->path_len, d->path_len == 1 ? "" : "es", mc_cca_types[p->type].name, m->allowance,
                                   m->allowance == 1 ? "" : "es");
        if (!text || !why_reason(env, w, "exceeds_allowance", m->allowance_rule, p->id, text)) return 0;
    }
    if (w->reasons.count > 0) return 1;
    if (mc_cca_terrain_effect(cw->board->terrain[pos], p->type).forbidden) {
        const char *text = mc_strf(env, "A %s may not enter %s.", mc_cca_types[p->type].name, mc_cca_terrain_names[cw->board->terrain[pos]]);
        return text && why_reason(env, w, "impassable_terrain", "CCA-TER-1", p->id, text);
    }
    return why_reason(env, w, "no_path", "CCA-TER-1", p->id,
                      "Every way to the hex crosses terrain the mover may not enter or that ends its movement.") != NULL;
}

int mc_cca_why_not(McEnv *env, const CcaMover *m, const CcaReachHex *hexes, int n, McWhyNot *w) {
    const CcaWorld *cw = m->w;
    const CcaPiece *p = &cw->pieces[m->piece];
    int pos = mc_board_index(cw->board, w->to);
    const CcaReachHex *d = pos >= 0 ? find_hex(hexes, n, pos) : NULL;
    if (pos >= 0 && pos == p->pos) {
        w->reachable = true; // an ordered unit need not move (CCA-MV-4)
        return 1;
    }
    if (d) {
        w->reachable = true;
        w->cost = d->path_len;
        w->path = d->path;
        w->path_len = d->path_len;
        return 1;
    }
    if (pos < 0) {
        bool leader = p->type == CCA_LEADER;
        return why_reason(env, w, "off_board", leader ? "CCA-LD-6" : "CCA-MV-4", p->id,
                          leader ? "A leader never leaves the battlefield (evade and escape aside)." : "A unit may not leave the board.") != NULL;
    }
    if (!why_move(env, m, pos, w)) return 0;
    if (m->ignore_units) return 1;
    CcaMover open = mc_cca_mover(cw, m->piece, true);
    CcaReachHex *oh;
    int on;
    if (!mc_cca_reach(env, &open, &oh, &on)) return 0;
    const CcaReachHex *od = find_hex(oh, on, pos);
    w->has_what_if = true;
    if (od) {
        w->what_if_reachable = true;
        w->what_if_cost = od->path_len;
        w->what_if_path = od->path;
        w->what_if_len = od->path_len;
    }
    return 1;
}
