// One unit's or one lone leader's move: which hexes it may enter, where it must stop, where it may
// end and whether it may battle there (CCA-MV-2..5, CCA-TER-1, CCA-LD-1..3, CCA-LD-6, CCA-LD-7,
// and the cards' changes of CCA-CD-1: passing through friends, other allowances and battle rules).
// mc_cca_reach drives the hex core's reach search with these rules; mc_cca_check_path walks a proposed
// path with the same rules and names the first step that breaks one.
#include <string.h>

#include "core/work.h"
#include "hex/hex_reach.h"
#include "rules/cc_ancients/cca.h"

// Why a hex cannot be entered.
typedef enum Block {
    BLOCK_NONE,
    BLOCK_TERRAIN,      // impassable, or closed to this type (CCA-TER-1)
    BLOCK_UNIT,         // a unit may not enter another unit's hex (CCA-MV-4)
    BLOCK_ENEMY_LEADER, // a unit may not enter an enemy leader's hex (CCA-MV-4)
    BLOCK_ENEMY,        // a leader may not enter an enemy unit's or leader's hex (CCA-LD-3)
    BLOCK_TWO_LEADERS,  // a unit with a leader would stop on a lone friendly leader (CCA-LD-7)
} Block;

// What entering one hex means for the mover.
typedef struct Enter {
    Block block;
    int other;            // the piece that blocks, or -1
    bool stops;           // movement ends here
    const char *stop;     // "terrain" or "leader"
    const char *stop_rule;
    bool may_end;         // false: a leader may pass but not end (another friendly leader)
    int attaches;         // the lone leader a unit picks up, or the unit a leader joins; -1
    CcaTerrainEffect te;
} Enter;

static int unit_on(const CcaMover *m, int pos) {
    if (m->ignore_units) return -1;
    int u = m->w->unit_at[pos];
    return u == m->piece ? -1 : u;
}

static int leader_on(const CcaMover *m, int pos) {
    if (m->ignore_units) return -1;
    int l = m->w->leader_at[pos];
    return l == m->piece || l == m->carried ? -1 : l;
}

static Enter enter(const CcaMover *m, int pos) {
    const CcaWorld *w = m->w;
    const CcaPiece *me = &w->pieces[m->piece];
    Enter e = {BLOCK_NONE, -1, false, NULL, NULL, true, -1, {false, false, false, false}};
    e.te = mc_cca_terrain_effect(w->board->terrain[pos], me->type);
    if (e.te.forbidden) {
        e.block = BLOCK_TERRAIN;
        return e;
    }
    int u = unit_on(m, pos), l = leader_on(m, pos);
    if (me->type == CCA_LEADER) {
        // A leader moves through friendly units and leaders, never onto or through enemies
        // (CCA-LD-2, CCA-LD-3), and may not end where another friendly leader stands.
        if (u >= 0 && w->pieces[u].side != me->side) e.block = BLOCK_ENEMY, e.other = u;
        else if (l >= 0 && w->pieces[l].side != me->side) e.block = BLOCK_ENEMY, e.other = l;
        if (e.block) return e;
        e.may_end = l < 0;
        if (l >= 0) e.other = l;
        if (u >= 0) e.attaches = u;
    } else {
        if (u >= 0 && m->pass_friends && w->pieces[u].side == me->side) {
            // Order Light Troops and Move-Fire-Move: light foot may pass through a friendly unit
            // (and any leader with it) but never end on it (CCA-CD-1).
            e.other = u;
            e.may_end = false;
        } else if (u >= 0) {
            e.block = BLOCK_UNIT, e.other = u;
            return e;
        } else if (l >= 0) {
            e.other = l;
            if (w->pieces[l].side != me->side) {
                e.block = BLOCK_ENEMY_LEADER;
                return e;
            }
            // A unit may enter a lone friendly leader's hex, stops and the leader attaches
            // (CCA-MV-5); a unit already carrying a leader would make two leaders (CCA-LD-7).
            if (m->carried >= 0) {
                e.block = BLOCK_TWO_LEADERS;
                return e;
            }
            e.stops = true, e.stop = "leader", e.stop_rule = "CCA-MV-5";
            e.attaches = l;
        }
    }
    if (e.te.stops && !e.stops) e.stops = true, e.stop = "terrain", e.stop_rule = "CCA-TER-1";
    return e;
}

CcaMover mc_cca_mover(const CcaWorld *w, int piece, bool ignore_units) {
    const CcaPiece *p = &w->pieces[piece];
    const CcaTypeInfo *t = &mc_cca_types[p->type];
    CcaMover m = {w, piece, -1, ignore_units, t->move, NULL, false, t->battle};
    if (p->type == CCA_LEADER) m.allowance_rule = "CCA-LD-1";
    else {
        m.carried = p->leader;
        m.allowance_rule = t->mounted ? "CCA-MV-3" : "CCA-MV-2";
    }
    // Leaving a marsh: only 1 hex (rulebook §16, CCA-TER-1).
    if (w->board->terrain[p->pos] == CCA_MARSH) {
        m.allowance = 1;
        m.allowance_rule = "CCA-TER-1";
    }
    return m;
}

static CcaEnd end_at(const CcaMover *m, int pos, int hexes, const Enter *e) {
    const CcaWorld *w = m->w;
    const CcaPiece *me = &w->pieces[m->piece];
    CcaEnd end = {hexes, true, false, NULL, NULL, -1, false, false, false};
    if (hexes > 0) {
        end.attaches = e->attaches;
        end.roll = e->te.roll;
        end.stopped_by = e->stops ? e->stop : hexes >= m->allowance ? "allowance" : NULL;
    }
    if (m->battle == CCA_BATTLE_NEVER) {
        end.can_battle = false, end.no_battle_rule = "CCA-LD-1";
        return end;
    }
    if (hexes == 0) return end;
    if (m->battle == CCA_BATTLE_NOT_AFTER_MOVE) end.can_battle = false, end.no_battle_rule = "CCA-MV-2";
    else if (m->battle == CCA_BATTLE_AUXILIA && hexes >= 2) end.can_battle = false, end.no_battle_rule = "CCA-MV-2";
    else if (e->te.no_battle) end.can_battle = false, end.no_battle_rule = "CCA-TER-1";
    if (m->battle == CCA_BATTLE_WARRIOR && hexes >= 2) {
        // Warriors move a second hex only to end next to an enemy unit, then must battle.
        end.warrior_charge = true;
        end.must_battle = end.can_battle;
        int tmp[MC_HEX_DIRECTIONS];
        end.needs_enemy = m->ignore_units || mc_cca_adjacent_enemies(w, pos, me->side, tmp, MC_HEX_DIRECTIONS) == 0;
    }
    return end;
}

// A warrior's second hex with no enemy beside it, which it may not end on (CCA-MV-2).
static bool warrior_stranded(const CcaMover *m, const CcaEnd *end) {
    return end->warrior_charge && end->needs_enemy && !m->ignore_units;
}

// ---- reach -----------------------------------------------------------------------------------

static bool reach_step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    (void)out;
    return enter(ctx, in->to).block == BLOCK_NONE;
}

static unsigned reach_node(void *ctx, const McBoard *board, int position, int state) {
    (void)board;
    (void)state;
    Enter e = enter(ctx, position);
    if (e.block) return 0;
    return (e.may_end ? MC_REACH_MAY_END : 0u) | (e.stops ? 0u : MC_REACH_MAY_PASS);
}

int mc_cca_reach(McEnv *env, const CcaMover *m, CcaReachHex **out, int *count) {
    const CcaWorld *w = m->w;
    const McBoard *b = w->board;
    *out = NULL;
    *count = 0;
    size_t bytes = mc_reach_storage_size(b->count, 1);
    void *storage = mc_arena_alloc_raw(env->arena, bytes); // mc_reach_run sets what it reads
    // Not zeroed: every field of an entry is written before it is counted (a 100 x 100 board's
    // list was 0.8 MB zeroed per reach), and every hex of a path by mc_reach_path.
    CcaReachHex *list = mc_arena_alloc_raw(env->arena, sizeof *list * (size_t)(b->count > 0 ? b->count : 1));
    if (!storage || !list) return 0;
    McReachOptions o = mc_reach_default_options();
    o.budget = m->allowance;
    o.step = reach_step;
    o.node = reach_node;
    o.ctx = (void *)m;
    McReach r;
    const CcaPiece *me = &w->pieces[m->piece];
    if (mc_reach_run(&r, b, b->hexes[me->pos], &o, storage, bytes) != MC_REACH_OK) return 0;
    if (mc_work_out()) {
        mc_work_note(env, "", "the reach search after %d of %d hexes", r.reached_count, b->count);
        return 0;
    }
    int n = 0;
    for (int pos = 0; pos < b->count; pos++) {
        int node = mc_reach_best(&r, pos);
        McReachEntry en;
        if (node < 0 || !mc_reach_get(&r, node, &en) || (en.flags & MC_REACH_IS_START)) continue;
        Enter e = enter(m, pos);
        CcaEnd end = end_at(m, pos, en.steps, &e);
        if (warrior_stranded(m, &end)) continue;
        CcaReachHex *h = &list[n];
        h->pos = pos;
        h->hex = b->hexes[pos];
        h->end = end;
        h->path_len = en.steps;
        h->path = mc_arena_alloc_raw(env->arena, sizeof *h->path * (size_t)(en.steps > 0 ? en.steps : 1));
        if (!h->path) return 0;
        mc_reach_path(&r, node, h->path, en.steps);
        h->parent = en.parent >= 0 ? en.parent / r.state_count : me->pos;
        n++;
    }
    *out = list;
    *count = n;
    return 1;
}

// ---- a proposed path -------------------------------------------------------------------------

static const char *piece_kind(const CcaPiece *p) { return p->type == CCA_LEADER ? "leader" : "unit"; }

static void step_reason(McEnv *env, const CcaMover *m, McReasons *rs, int i, McHex h, const Enter *e) {
    const CcaWorld *w = m->w;
    const CcaPiece *me = &w->pieces[m->piece];
    const char *other = e->other >= 0 ? w->pieces[e->other].id : NULL;
    McReason *r = NULL;
    switch (e->block) {
    case BLOCK_TERRAIN:
        r = mc_reason_add(env, rs, "impassable_terrain", "CCA-TER-1", "A %s may not enter %s.",
                          mc_cca_types[me->type].name, mc_cca_terrain_names[w->board->terrain[mc_board_index(w->board, h)]]);
        break;
    case BLOCK_UNIT:
        r = mc_reason_add(env, rs, "hex_occupied", "CCA-MV-4",
                          "%s may not enter or pass through the hex of %s: a unit never enters another unit's hex.", me->id, other);
        break;
    case BLOCK_ENEMY_LEADER:
        r = mc_reason_add(env, rs, "enemy_leader", "CCA-MV-4",
                          "%s may not enter or pass through the hex of the enemy leader %s.", me->id, other);
        break;
    case BLOCK_ENEMY:
        r = mc_reason_add(env, rs, "enemy_in_hex", "CCA-LD-3",
                          "The leader %s may not move onto or through the hex of the enemy %s.", me->id, other);
        break;
    case BLOCK_TWO_LEADERS:
        r = mc_reason_add(env, rs, "two_leaders", "CCA-LD-7",
                          "%s carries its own leader and may not stop on the lone leader %s: only one leader may occupy a hex.", me->id, other);
        break;
    case BLOCK_NONE:
        break;
    }
    if (r) {
        // The piece in the way is the cause (docs/api.md "Reasons"); terrain has none, so the
        // mover is named.
        r->unit = other ? other : me->id;
        r->action = i;
        r->has_hex = 1, r->q = h.q, r->r = h.r;
    }
}

// `other`: the piece that causes the refusal, named in place of the mover; -1 for none.
static void fail(McEnv *env, const CcaMover *m, CcaPathResult *res, int i, McHex h, const char *code,
                 const char *rule, const char *msg, int other) {
    McReason *r = mc_reason_add(env, &res->reasons, code, rule, "%s", msg);
    if (r) {
        r->unit = m->w->pieces[other >= 0 ? other : m->piece].id;
        r->action = i;
        r->has_hex = 1, r->q = h.q, r->r = h.r;
    }
    res->legal = false;
}

static void check_path(McEnv *env, const CcaMover *m, const McHex *path, int n, CcaPathResult *res) {
    const CcaWorld *w = m->w;
    const CcaPiece *me = &w->pieces[m->piece];
    bool leader = me->type == CCA_LEADER;
    memset(res, 0, sizeof *res);
    res->legal = true;
    res->final_pos = me->pos;
    int cur = me->pos;
    const char *stopped_rule = NULL;
    Enter e = {BLOCK_NONE, -1, false, NULL, NULL, true, -1, {false, false, false, false}};
    for (int i = 0; i < n; i++) {
        McHex h = path[i];
        int pos = mc_board_index(w->board, h);
        if (pos < 0) {
            fail(env, m, res, i, h, "off_board", leader ? "CCA-LD-6" : "CCA-MV-4",
                 leader ? "A leader never leaves the battlefield (evade and escape aside)."
                        : "A unit may not leave the board.", -1);
            return;
        }
        if (mc_hex_direction_to(w->board->hexes[cur], h) < 0) {
            fail(env, m, res, i, h, "not_adjacent", m->allowance_rule,
                 "Each hex of the path must be next to the one before (the first next to the start).", -1);
            return;
        }
        if (stopped_rule) {
            fail(env, m, res, i, h, "movement_stopped", stopped_rule,
                 mc_strf(env, "Movement ended on entering the previous hex (%s); the %s can go no further.",
                         e.stop, piece_kind(me)), -1);
            return;
        }
        if (i >= m->allowance) {
            fail(env, m, res, i, h, "exceeds_allowance", m->allowance_rule,
                 mc_strf(env, "A %s moves at most %d hex%s here.", mc_cca_types[me->type].name, m->allowance,
                         m->allowance == 1 ? "" : "es"), -1);
            return;
        }
        e = enter(m, pos);
        if (e.block) {
            step_reason(env, m, &res->reasons, i, h, &e);
            res->legal = false;
            return;
        }
        cur = pos;
        if (e.stops) stopped_rule = e.stop_rule;
    }
    if (n > 0 && !e.may_end) {
        if (leader)
            fail(env, m, res, n - 1, path[n - 1], "ends_on_friendly_leader", "CCA-LD-2",
                 mc_strf(env, "The leader %s may pass through but not end on the hex of the friendly leader %s.", me->id,
                         w->pieces[e.other].id), e.other);
        else
            fail(env, m, res, n - 1, path[n - 1], "ends_on_friendly_unit", "CCA-CD-1",
                 mc_strf(env, "%s may pass through the friendly unit %s on this card but never end on it.", me->id,
                         w->pieces[e.other].id), e.other);
        return;
    }
    res->end = end_at(m, cur, n, &e);
    if (warrior_stranded(m, &res->end)) {
        fail(env, m, res, n - 1, path[n - 1], "warrior_not_adjacent", "CCA-MV-2",
             "A warrior moves a second hex only to end adjacent to an enemy unit.", -1);
        return;
    }
    res->final_pos = cur;
}

void mc_cca_check_path(McEnv *env, const CcaMover *m, const McHex *path, int n, CcaPathResult *res) {
    check_path(env, m, path, n, res);
    if (res->legal || res->reasons.count == 0) return;
    // A refused path stops on the last hex before the refused step that the mover may end on: a
    // leader passes friendly leaders, and a card may let a unit pass friendly units, ending on
    // neither (CCA-LD-2, CCA-CD-1); a warrior's second hex is an end only next to an enemy
    // (CCA-MV-2); else where it started.
    for (int i = res->reasons.items[0].action - 1; i >= 0; i--) {
        int pos = mc_board_index(m->w->board, path[i]);
        Enter e = enter(m, pos);
        CcaEnd end = end_at(m, pos, i + 1, &e);
        if (e.may_end && !warrior_stranded(m, &end)) {
            res->final_pos = pos;
            return;
        }
    }
}
