// Retreats (rulebook §12: CCA-RT-1, CCA-RT-2), unit and leader evades and leader
// escapes (rulebook §13, §14: CCA-EV-1, CCA-EV-2). Every retreat or evade step goes
// into one of the two hexes behind the piece, toward its own edge, never sideways (rulebook §12:
// "Units may never retreat sideways"); so each step changes the row by one and a piece k steps
// into its retreat always stands k rows nearer its edge.
#include <string.h>

#include "rules/cc_ancients/cca.h"

// The two rear directions of a side, lower index first.
static void rear_dirs(const CcaWorld *w, int side, int out[2]) {
    if (w->side_top[side]) out[0] = MC_HEX_NORTH_EAST, out[1] = MC_HEX_NORTH_WEST;
    else out[0] = MC_HEX_SOUTH_WEST, out[1] = MC_HEX_SOUTH_EAST;
}

// Terrain closed to retreats and evades: only impassable terrain (rivers that are not fordable,
// seacoast, lake); other terrain neither stops nor blocks them (rulebook §12, §16). A war machine
// may not retreat or evade onto a marsh (rulebook §16 Marsh).
static bool closed_to(int terrain, CcaType type) {
    return terrain == CCA_RIVER || terrain == CCA_SEACOAST || terrain == CCA_LAKE ||
           (terrain == CCA_MARSH && type == CCA_HEAVY_WAR_MACHINE);
}

// What a rear hex holds for a retreating or evading unit.
typedef enum RearKind {
    REAR_FREE,         // may be entered and passed
    REAR_LEADER_STOP,  // a lone friendly leader: the unit stops there and he attaches
    REAR_OFF_BOARD,
    REAR_CLOSED,       // impassable terrain (or a marsh for a war machine)
    REAR_UNIT,         // a unit, friend or foe
    REAR_ENEMY_LEADER, // a lone enemy leader
    REAR_TWO_LEADERS,  // a lone friendly leader, and the unit carries its own
} RearKind;

typedef struct Rear {
    RearKind kind;
    int pos;   // board index, -1 off the board
    McHex hex;
    int other; // the piece there, or -1
} Rear;

// `gone` is a piece to treat as absent (-1 for none).
static Rear unit_rear(const CcaWorld *w, int piece, int from, int dir, int gone) {
    const CcaPiece *me = &w->pieces[piece];
    Rear x = {REAR_FREE, mc_board_neighbor(w->board, from, dir), mc_hex_neighbor(w->board->hexes[from], dir), -1};
    if (x.pos < 0) {
        x.kind = REAR_OFF_BOARD;
        return x;
    }
    if (closed_to(w->board->terrain[x.pos], me->type)) {
        x.kind = REAR_CLOSED;
        return x;
    }
    int u = w->unit_at[x.pos], l = w->leader_at[x.pos];
    if (u == gone) u = -1;
    if (l == gone) l = -1;
    if (u >= 0) {
        x.kind = REAR_UNIT, x.other = u;
    } else if (l >= 0) {
        x.other = l;
        x.kind = w->pieces[l].side != me->side ? REAR_ENEMY_LEADER : me->leader >= 0 ? REAR_TWO_LEADERS : REAR_LEADER_STOP;
    }
    return x;
}

// One reason for a rear hex that cannot be entered.
static McReason *rear_reason(McEnv *env, McReasons *rs, const CcaWorld *w, const Rear *x, const char *rule, const char *what) {
    McReason *r = NULL;
    const char *other = x->other >= 0 ? w->pieces[x->other].id : NULL;
    switch (x->kind) {
    case REAR_OFF_BOARD:
        r = mc_reason_add(env, rs, "off_board", rule, "The hex behind is off the board: no unit may %s off it (a leader only over his own edge).", what);
        break;
    case REAR_CLOSED:
        r = mc_reason_add(env, rs, "impassable_terrain", rule, "The hex behind is %s, which a unit may not %s onto.",
                          mc_cca_terrain_names[w->board->terrain[x->pos]], what);
        break;
    case REAR_UNIT:
        r = mc_reason_add(env, rs, "hex_occupied", rule, "The hex behind holds the unit %s; a unit may not %s onto or through another unit.",
                          other, what);
        break;
    case REAR_ENEMY_LEADER:
        r = mc_reason_add(env, rs, "enemy_leader", rule, "The hex behind holds the lone enemy leader %s.", other);
        break;
    case REAR_TWO_LEADERS:
        r = mc_reason_add(env, rs, "two_leaders", rule,
                          "The hex behind holds the lone friendly leader %s and the unit carries its own: only one leader may occupy a hex.", other);
        break;
    default:
        break;
    }
    if (r) {
        r->has_hex = 1, r->q = x->hex.q, r->r = x->hex.r;
        r->unit = other;
    }
    return r;
}

static int abs_i(int v) { return v < 0 ? -v : v; }

// ---- retreat ----------------------------------------------------------------------------------

typedef struct Ctx {
    McEnv *env;
    const CcaWorld *w;
    const CcaRetreatAsk *ask;
    CcaRetreatResult *res;
    int dirs[2];
    int r0;        // the start row
    int *memo;     // [board] fewest unfulfilled hexes from a hex, -1 unknown
    McHex *buf;    // the path being built
    bool oom;
} Ctx;

static int remaining(const Ctx *c, int pos) { return c->res->hexes - abs_i(c->w->board->hexes[pos].r - c->r0); }

// Fewest retreat hexes left unfulfilled from `pos` (CCA-RT-1: a loss-free path must be used if
// there is one). The hexes left depend on the row alone, so one value per hex.
static int fewest_short(Ctx *c, int pos) {
    int rem = remaining(c, pos);
    if (rem <= 0) return 0;
    if (c->memo[pos] >= 0) return c->memo[pos];
    int best = rem;
    for (int k = 0; k < 2; k++) {
        Rear x = unit_rear(c->w, c->ask->piece, pos, c->dirs[k], -1);
        if (x.kind == REAR_LEADER_STOP) best = 0;
        else if (x.kind == REAR_FREE) {
            int s = fewest_short(c, x.pos);
            if (s < best) best = s;
        }
    }
    c->memo[pos] = best;
    return best;
}

// Fills the outcome of a path ending at `pos` after `len` hexes.
static int finish_path(Ctx *c, CcaRetreatPath *p, int pos, int len, int attaches) {
    const CcaWorld *w = c->w;
    const CcaPiece *me = &w->pieces[c->ask->piece];
    memset(p, 0, sizeof *p);
    p->path = MC_NEW(c->env->arena, McHex, len > 0 ? len : 1);
    if (!p->path) return 0;
    memcpy(p->path, c->buf, sizeof(McHex) * (size_t)len);
    p->len = len;
    p->final_pos = pos;
    p->attaches = attaches;
    for (int i = 0; i < len; i++)
        if (w->board->terrain[mc_board_index(w->board, p->path[i])] == CCA_MARSH) p->marsh_rolls++;
    p->short_hexes = attaches >= 0 ? 0 : c->res->hexes - len;
    if (p->short_hexes > 0) {
        // Both hexes behind are closed: each hex not retreated costs one block (CCA-RT-1).
        p->blockers = MC_NEW(c->env->arena, int, 2);
        if (!p->blockers) return 0;
        for (int k = 0; k < 2; k++) {
            Rear x = unit_rear(w, c->ask->piece, pos, c->dirs[k], -1);
            if (!rear_reason(c->env, &p->blocked, w, &x, "CCA-RT-1", "retreat")) return 0;
            // An elephant's blockers (units and lone enemy leaders) lose the blocks instead.
            if (me->type == CCA_ELEPHANT && (x.kind == REAR_UNIT || x.kind == REAR_ENEMY_LEADER))
                p->blockers[p->blocker_count++] = x.other;
        }
        p->blocks_lost = p->blocker_count > 0 ? 0 : p->short_hexes;
    }
    int left = c->res->blocks_left;
    p->eliminated = p->blocks_lost >= left;
    // A leader casualty check for blocks lost on a retreat, unless the hits already made one
    // (one check per combat sequence); 1 die when the unit is gone (rulebook §14).
    if (c->res->carried >= 0 && p->blocks_lost > 0 && c->ask->hits == 0) p->leader_check = p->eliminated ? 1 : 2;
    p->legal = c->res->fewest_short == 0 ? p->short_hexes == 0 : true;
    return 1;
}

static void walk(Ctx *c, int pos, int len) {
    CcaRetreatResult *res = c->res;
    if (c->oom || res->truncated) return;
    if (len == res->hexes) {
        if (res->path_count == CCA_MAX_LISTED_PATHS) {
            res->truncated = true;
            return;
        }
        if (!finish_path(c, &res->paths[res->path_count++], pos, len, -1)) c->oom = true;
        return;
    }
    bool moved = false;
    for (int k = 0; k < 2; k++) {
        Rear x = unit_rear(c->w, c->ask->piece, pos, c->dirs[k], -1);
        if (x.kind != REAR_FREE && x.kind != REAR_LEADER_STOP) continue;
        moved = true;
        c->buf[len] = x.hex;
        if (x.kind == REAR_LEADER_STOP) {
            // A unit without a leader may retreat onto a lone friendly leader: he attaches and the
            // retreat stops there, the rest ignored (rulebook §12).
            if (res->path_count == CCA_MAX_LISTED_PATHS) {
                res->truncated = true;
                return;
            }
            if (!finish_path(c, &res->paths[res->path_count++], x.pos, len + 1, x.other)) c->oom = true;
        } else {
            walk(c, x.pos, len + 1);
        }
        if (c->oom || res->truncated) return;
    }
    if (!moved) {
        if (res->path_count == CCA_MAX_LISTED_PATHS) {
            res->truncated = true;
            return;
        }
        if (!finish_path(c, &res->paths[res->path_count++], pos, len, -1)) c->oom = true;
    }
}

// The first path with the fewest unfulfilled hexes: at each hex the lowest direction that keeps
// the fewest.
static int best_path(Ctx *c, CcaRetreatPath *out) {
    int pos = c->w->pieces[c->ask->piece].pos, len = 0, attaches = -1;
    int target = c->res->fewest_short;
    while (len < c->res->hexes) {
        int next = -1;
        for (int k = 0; k < 2 && next < 0; k++) {
            Rear x = unit_rear(c->w, c->ask->piece, pos, c->dirs[k], -1);
            if (x.kind == REAR_LEADER_STOP && target == 0) next = x.pos, attaches = x.other, c->buf[len] = x.hex;
            else if (x.kind == REAR_FREE && fewest_short(c, x.pos) == target) next = x.pos, c->buf[len] = x.hex;
        }
        if (next < 0) break;
        pos = next;
        len++;
        if (attaches >= 0) break;
    }
    return finish_path(c, out, pos, len, attaches);
}

static void add_ignore(CcaRetreatResult *res, const char *means, int piece, const char *terrain, bool conditional) {
    CcaFlagIgnore *g = &res->ignores[res->ignore_count++];
    memset(g, 0, sizeof *g);
    g->means = means;
    g->rule = "CCA-RT-2";
    if (piece >= 0) g->pieces[g->piece_count++] = piece;
    g->terrain = terrain;
    g->conditional = conditional;
}

// The flags that may be disregarded (rulebook §12 Bolster Morale, §11 elephants, §16 terrain).
static void find_ignores(McEnv *env, const CcaWorld *w, const CcaRetreatAsk *ask, CcaRetreatResult *res) {
    const CcaPiece *me = &w->pieces[ask->piece];
    CcaType ty = me->type;
    bool elephant = ty == CCA_ELEPHANT;
    // An attached leader: one flag, if he survives the casualty check when blocks were lost.
    // Elephants get no morale benefit from a leader (rulebook §11).
    if (me->leader >= 0 && !elephant) {
        add_ignore(res, "leader", me->leader, NULL, ask->hits > 0);
        mc_trace(env, "CCA-RT-2", me->id, "The attached leader %s lets it disregard one flag%s.", w->pieces[me->leader].id,
                 ask->hits > 0 ? " if he survives the leader casualty check for the blocks lost" : "");
    }
    // Two adjacent friendly units, a lone friendly leader counting as one; elephants give
    // support but never receive it.
    if (elephant) {
        mc_trace(env, "CCA-RT-2", me->id, "Elephants never receive support.");
    } else {
        CcaFlagIgnore sup;
        memset(&sup, 0, sizeof sup);
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            int nb = mc_board_neighbor(w->board, me->pos, d);
            if (nb < 0) continue;
            int u = w->unit_at[nb], l = w->leader_at[nb];
            if (u >= 0 && w->pieces[u].side == me->side) sup.pieces[sup.piece_count++] = u;
            else if (u < 0 && l >= 0 && w->pieces[l].side == me->side) sup.pieces[sup.piece_count++] = l;
        }
        if (sup.piece_count >= 2) {
            add_ignore(res, "support", -1, NULL, false);
            CcaFlagIgnore *g = &res->ignores[res->ignore_count - 1];
            memcpy(g->pieces, sup.pieces, sizeof sup.pieces);
            g->piece_count = sup.piece_count;
            mc_trace(env, "CCA-RT-2", me->id, "Supported by %d adjacent friendly units or lone leaders: one flag may be disregarded.",
                     sup.piece_count);
        }
    }
    // Terrain: a foot unit defending on a fortified camp, or attacked across a rampart hexside;
    // mounted units get no benefit (rulebook §16).
    int t = w->board->terrain[me->pos];
    if (mc_cca_is_foot(ty) && t == CCA_FORTIFIED_CAMP) {
        add_ignore(res, "terrain", -1, mc_cca_terrain_names[t], false);
        mc_trace(env, "CCA-RT-2", me->id, "A foot unit on a fortified camp may disregard one flag.");
    } else if (mc_cca_is_foot(ty) && t == CCA_RAMPARTS && ask->across_rampart) {
        add_ignore(res, "terrain", -1, mc_cca_terrain_names[t], false);
        mc_trace(env, "CCA-RT-2", me->id, "A foot unit attacked across a rampart hexside may disregard one flag.");
    }
    // Full-strength warriors (and barbarian chariots, CCA-RT-2) when the combat began.
    if ((ty == CCA_WARRIOR || ty == CCA_BARBARIAN_CHARIOT) && ask->blocks == mc_cca_types[ty].blocks) {
        add_ignore(res, "full strength", -1, NULL, false);
        mc_trace(env, "CCA-RT-2", me->id, "A full-strength %s may disregard one flag.", mc_cca_types[ty].name);
    }
    // An elephant in close combat with cavalry or chariots may ignore one flag (rulebook §11).
    if (elephant && ask->attacker >= 0 && mc_cca_is_cavalry_or_chariot(w->pieces[ask->attacker].type)) {
        add_ignore(res, "elephant", ask->attacker, NULL, false);
        mc_trace(env, "CCA-RT-2", me->id, "An elephant battling a %s may ignore one flag.", mc_cca_types[w->pieces[ask->attacker].type].name);
    }
}

int mc_cca_retreat(McEnv *env, const CcaWorld *w, const CcaRetreatAsk *ask, CcaRetreatResult *res) {
    const CcaPiece *me = &w->pieces[ask->piece];
    CcaType ty = me->type;
    memset(res, 0, sizeof *res);
    res->legal = true;
    res->carried = me->leader;
    res->blocks_left = ask->blocks - ask->hits;
    if (res->blocks_left <= 0) {
        // Hits come first; a unit with no block left is eliminated and does not retreat.
        res->eliminated = true;
        mc_trace(env, "CCA-RT-1", me->id, "The hits remove its last block: it is eliminated and does not retreat.");
        return 1;
    }
    find_ignores(env, w, ask, res);
    res->max_ignore = res->ignore_count < ask->flags ? res->ignore_count : ask->flags;
    res->ignored = ask->ignore < 0 ? res->max_ignore : ask->ignore;
    if (res->ignored > res->max_ignore) {
        McReason *r = mc_reason_add(env, &res->reasons, "cannot_ignore", "CCA-RT-2", "Only %d of the %d flags may be disregarded here.",
                                    res->max_ignore, ask->flags);
        if (!r) return 0;
        r->unit = me->id;
        res->legal = false;
        res->ignored = res->max_ignore;
    }
    res->flags_taken = ask->flags - res->ignored;
    // One movement per flag; warriors 2, elephants and auxilia 1 (rulebook §12); cavalry and
    // chariots one more per flag from an elephant or a camel (rulebook §11).
    res->per_flag = ty == CCA_ELEPHANT || ty == CCA_AUXILIA ? 1 : ty == CCA_WARRIOR ? 2 : mc_cca_types[ty].move;
    if (ask->attacker >= 0 && mc_cca_is_cavalry_or_chariot(ty)) {
        CcaType at = w->pieces[ask->attacker].type;
        if (at == CCA_ELEPHANT || mc_cca_is_camel(at)) {
            res->extra_per_flag = 1;
            mc_trace(env, "CCA-RT-1", me->id, "A %s retreating from a %s goes one more hex per flag.", mc_cca_types[ty].name, mc_cca_types[at].name);
        }
    }
    res->per_flag += res->extra_per_flag;
    res->hexes = res->flags_taken * res->per_flag;
    mc_trace(env, "CCA-RT-1", me->id, "%d flag%s, %d disregarded: %d retreat hex%s (%d per flag) toward the own edge of %s.", ask->flags,
             ask->flags == 1 ? "" : "s", res->ignored, res->hexes, res->hexes == 1 ? "" : "es", res->per_flag,
             w->side_names[me->side]);
    if (res->hexes == 0) return 1;
    if (res->carried >= 0) mc_trace(env, "CCA-RT-1", w->pieces[res->carried].id, "Retreats with %s, to which he is attached.", me->id);
    if (ty == CCA_ELEPHANT) {
        // Rampage first: every unit and lone leader next to it, friend or foe, is rolled for.
        res->rampage = MC_NEW(env->arena, int, MC_HEX_DIRECTIONS);
        if (!res->rampage) return 0;
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            int nb = mc_board_neighbor(w->board, me->pos, d);
            if (nb < 0) continue;
            int p = w->unit_at[nb] >= 0 ? w->unit_at[nb] : w->leader_at[nb];
            if (p >= 0) res->rampage[res->rampage_count++] = p;
        }
        mc_trace(env, "CCA-RT-1", me->id, "Elephant rampage before retreating: 2 dice for each of the %d adjacent unit%s and lone leader%s.",
                 res->rampage_count, res->rampage_count == 1 ? "" : "s", res->rampage_count == 1 ? "" : "s");
    }
    Ctx c = {env, w, ask, res, {0, 0}, w->board->hexes[me->pos].r, NULL, NULL, false};
    rear_dirs(w, me->side, c.dirs);
    int cells = w->board->count > 0 ? w->board->count : 1;
    c.memo = MC_NEW(env->arena, int, cells);
    c.buf = MC_NEW(env->arena, McHex, res->hexes);
    res->paths = MC_NEW(env->arena, CcaRetreatPath, CCA_MAX_LISTED_PATHS);
    if (!c.memo || !c.buf || !res->paths) return 0;
    for (int i = 0; i < w->board->count; i++) c.memo[i] = -1;
    res->fewest_short = fewest_short(&c, me->pos);
    walk(&c, me->pos, 0);
    if (c.oom || !best_path(&c, &res->best)) return 0;
    if (res->fewest_short == 0)
        mc_trace(env, "CCA-RT-1", me->id, "A path without losses exists, so it must be used: %d path%s listed.", res->path_count,
                 res->path_count == 1 ? "" : "s");
    else
        mc_trace(env, "CCA-RT-1", me->id, "No path completes the retreat: at best %d hex%s cannot be retreated, one block each%s.",
                 res->fewest_short, res->fewest_short == 1 ? "" : "es",
                 ty == CCA_ELEPHANT ? " (units and lone enemy leaders behind an elephant lose them instead)" : "");
    return 1;
}

// ---- evade ------------------------------------------------------------------------------------

// Eligibility to evade (rulebook §13): whether `type` may evade `attacker` (NULL: not given);
// *against names the attackers a type that depends on them may evade.
static bool may_evade(CcaType type, const CcaPiece *attacker, const char **against) {
    *against = NULL;
    switch (type) {
    case CCA_LIGHT_INFANTRY:
    case CCA_LIGHT_BOW_INFANTRY:
    case CCA_SLINGER:
    case CCA_LIGHT_CAVALRY:
    case CCA_LIGHT_BOW_CAVALRY:
    case CCA_BARBARIAN_CHARIOT:
    case CCA_HEAVY_WAR_MACHINE:
    case CCA_LEADER:
        return true;
    case CCA_MEDIUM_CAVALRY:
    case CCA_CAMEL:
    case CCA_CATAPHRACTED_CAMEL:
        *against = "foot units and heavy mounted units";
        return !attacker || mc_cca_is_foot(attacker->type) ||
               (mc_cca_is_mounted(attacker->type) && mc_cca_types[attacker->type].weight == CCA_WEIGHT_HEAVY);
    case CCA_HEAVY_CAVALRY:
    case CCA_HEAVY_CATAPHRACTED_CAVALRY:
    case CCA_HEAVY_CHARIOT:
        *against = "foot units and elephants";
        return !attacker || mc_cca_is_foot(attacker->type) || attacker->type == CCA_ELEPHANT;
    default:
        return false;
    }
}

typedef struct ECtx {
    McEnv *env;
    const CcaWorld *w;
    int piece, gone;
    int dirs[2];
    CcaEvadeResult *res;
    CcaEvadePath cur;
} ECtx;

static int push_path(ECtx *c) {
    CcaEvadeResult *res = c->res;
    CcaEvadePath *p = &res->paths[res->path_count++];
    *p = c->cur;
    p->marsh_rolls = 0;
    for (int i = 0; i < p->len; i++) {
        int pos = mc_board_index(c->w->board, p->path[i]);
        if (pos >= 0 && c->w->board->terrain[pos] == CCA_MARSH) p->marsh_rolls++;
    }
    return 1;
}

// A rear step off the board is over the piece's own edge when it leaves the board's rows there
// (not over a short side).
static bool over_own_edge(const CcaWorld *w, int side, McHex h) {
    return w->side_top[side] ? h.r < w->board->min_r : h.r > w->board->max_r;
}

// A lone leader's evade (rulebook §14): 1 to 3 hexes back, through friendly units and leaders,
// escaping through at most two enemy unit hexes, ending on no friendly leader, enemy or
// impassable hex; over his own edge if he likes.
static void leader_walk(ECtx *c, int pos) {
    const CcaWorld *w = c->w;
    const CcaPiece *me = &w->pieces[c->piece];
    int len = c->cur.len;
    if (len == 3) return;
    bool off_listed = false;
    for (int k = 0; k < 2; k++) {
        int nb = mc_board_neighbor(w->board, pos, c->dirs[k]);
        McHex h = mc_hex_neighbor(w->board->hexes[pos], c->dirs[k]);
        CcaEvadePath saved = c->cur;
        if (nb < 0) {
            // Both rear hexes of a hex on his own edge lie over it: leaving the board from here is
            // one evade, listed once, its path the hexes on the board.
            if (over_own_edge(w, me->side, h) && !off_listed) {
                c->cur.off_board = true;
                c->cur.final_pos = -1;
                c->cur.attaches = -1;
                push_path(c);
                off_listed = true;
            }
            c->cur = saved;
            continue;
        }
        c->cur.path[len] = h;
        c->cur.len = len + 1;
        if (closed_to(w->board->terrain[nb], CCA_LEADER)) {
            c->cur = saved;
            continue;
        }
        int u = w->unit_at[nb], l = w->leader_at[nb];
        if (u == c->gone) u = -1;
        bool enemy_unit = u >= 0 && w->pieces[u].side != me->side;
        bool enemy_leader = u < 0 && l >= 0 && w->pieces[l].side != me->side;
        if (enemy_leader) {
            c->cur = saved;
            continue;
        }
        if (enemy_unit) {
            // Leader escape (CCA-EV-2): the first and second enemy hexes each cost a roll; a third
            // eliminates him, and he may never end on one.
            if (c->cur.escape_count == 2) {
                c->cur = saved;
                continue;
            }
            c->cur.escapes[c->cur.escape_count++] = u;
            leader_walk(c, nb);
            c->cur = saved;
            continue;
        }
        // Friendly units and leaders may be passed; he may not end on another friendly leader;
        // ending on a friendly unit attaches him (rulebook §14).
        if (l < 0) {
            c->cur.final_pos = nb;
            c->cur.attaches = u;
            c->cur.off_board = false;
            push_path(c);
        }
        leader_walk(c, nb);
        c->cur = saved;
    }
}

// A unit's evade (rulebook §13): 2 hexes back; 1 only when no 2-hex evade exists, or when the
// first hex holds a lone friendly leader, who attaches and stops it.
static void unit_paths(ECtx *c) {
    const CcaWorld *w = c->w;
    int start = w->pieces[c->piece].pos;
    CcaEvadePath ones[2];
    int one_count = 0;
    for (int k = 0; k < 2; k++) {
        Rear x = unit_rear(w, c->piece, start, c->dirs[k], -1);
        if (x.kind != REAR_FREE && x.kind != REAR_LEADER_STOP) continue;
        memset(&c->cur, 0, sizeof c->cur);
        c->cur.path[0] = x.hex;
        c->cur.len = 1;
        c->cur.final_pos = x.pos;
        c->cur.attaches = -1;
        if (x.kind == REAR_LEADER_STOP) {
            c->cur.attaches = x.other;
            push_path(c);
            continue;
        }
        ones[one_count++] = c->cur;
        for (int k2 = 0; k2 < 2; k2++) {
            Rear y = unit_rear(w, c->piece, x.pos, c->dirs[k2], -1);
            if (y.kind != REAR_FREE && y.kind != REAR_LEADER_STOP) continue;
            c->cur.path[1] = y.hex;
            c->cur.len = 2;
            c->cur.final_pos = y.pos;
            c->cur.attaches = y.kind == REAR_LEADER_STOP ? y.other : -1;
            push_path(c);
        }
    }
    bool two = false;
    for (int i = 0; i < c->res->path_count; i++)
        if (c->res->paths[i].len == 2) two = true;
    if (!two)
        for (int i = 0; i < one_count; i++) {
            c->cur = ones[i];
            push_path(c);
        }
}

int mc_cca_evade(McEnv *env, const CcaWorld *w, int piece, int attacker, CcaEvadeResult *res) {
    const CcaPiece *me = &w->pieces[piece];
    bool leader = me->type == CCA_LEADER;
    memset(res, 0, sizeof *res);
    res->carried = leader ? -1 : me->leader;
    res->unit_lost = leader ? me->unit : -1;
    // 2 + 4 + 8 leader paths of 1 to 3 hexes; a unit has at most 2 + 4.
    res->paths = MC_NEW(env->arena, CcaEvadePath, 14);
    if (!res->paths) return 0;
    const CcaPiece *att = attacker >= 0 ? &w->pieces[attacker] : NULL;
    res->eligible = may_evade(me->type, att, &res->eligible_against);
    if (!res->eligible) {
        McReason *r = att && res->eligible_against
                          ? mc_reason_add(env, &res->reasons, "may_not_evade", "CCA-EV-1", "A %s may evade only %s, not a %s.",
                                          mc_cca_types[me->type].name, res->eligible_against, mc_cca_types[att->type].name)
                          : mc_reason_add(env, &res->reasons, "may_not_evade", "CCA-EV-1",
                                          "A %s may never evade (auxilia, medium and heavy infantry, warriors and elephants never do).",
                                          mc_cca_types[me->type].name);
        if (!r) return 0;
        r->unit = me->id;
        mc_trace(env, "CCA-EV-1", me->id, "It may not evade.");
        return 1;
    }
    // With the attacker named the eligibility is settled; without it, say against whom.
    if (att) res->eligible_against = NULL;
    ECtx c;
    memset(&c, 0, sizeof c);
    c.env = env, c.w = w, c.piece = piece, c.res = res, c.gone = res->unit_lost;
    rear_dirs(w, me->side, c.dirs);
    if (leader) {
        if (res->unit_lost >= 0)
            mc_trace(env, "CCA-EV-1", me->id, "His unit %s was eliminated: he evades alone from its hex.", w->pieces[res->unit_lost].id);
        mc_trace(env, "CCA-EV-1", me->id, "A lone leader evades 1, 2 or 3 hexes toward the own edge of %s, through friends, off it if he likes.",
                 w->side_names[me->side]);
        memset(&c.cur, 0, sizeof c.cur);
        leader_walk(&c, me->pos);
    } else {
        mc_trace(env, "CCA-EV-1", me->id, "A unit evades 2 hexes toward the own edge of %s; 1 only when that is the only possibility.",
                 w->side_names[me->side]);
        if (res->carried >= 0) mc_trace(env, "CCA-EV-1", w->pieces[res->carried].id, "Evades with %s, to which he is attached.", me->id);
        unit_paths(&c);
    }
    res->can_evade = res->path_count > 0;
    int escapes = 0;
    for (int i = 0; i < res->path_count; i++) escapes += res->paths[i].escape_count > 0;
    if (escapes)
        mc_trace(env, "CCA-EV-2", me->id, "%d path%s cross%s enemy units: an escape roll in each enemy hex, one helmet eliminates him.",
                 escapes, escapes == 1 ? "" : "s", escapes == 1 ? "es" : "");
    if (!res->can_evade) {
        // Say why each hex behind is closed.
        for (int k = 0; k < 2; k++) {
            Rear x = unit_rear(w, piece, me->pos, c.dirs[k], res->unit_lost);
            if (leader && x.kind == REAR_OFF_BOARD && over_own_edge(w, me->side, x.hex)) continue;
            if (leader && (x.kind == REAR_UNIT || x.kind == REAR_TWO_LEADERS || x.kind == REAR_LEADER_STOP)) continue;
            if (x.kind != REAR_FREE && x.kind != REAR_LEADER_STOP && !rear_reason(env, &res->reasons, w, &x, "CCA-EV-1", "evade"))
                return 0;
        }
        McReason *r = leader ? mc_reason_add(env, &res->reasons, "no_evade", "CCA-EV-1",
                                             "No evade of 1 to 3 hexes toward his own edge ends where he may stand: the leader is eliminated.")
                             : mc_reason_add(env, &res->reasons, "no_evade", "CCA-EV-1",
                                             "Both hexes toward its own edge are closed: the unit cannot evade.");
        if (!r) return 0;
        r->unit = me->id;
        res->eliminated = leader;
        mc_trace(env, "CCA-EV-1", me->id, leader ? "No evade path: the leader is eliminated." : "No evade path: it cannot evade.");
        return 1;
    }
    if (me->type == CCA_HEAVY_WAR_MACHINE) {
        res->removed = true;
        mc_trace(env, "CCA-EV-1", me->id, "A war machine that evades is then removed from the battlefield (no banner).");
    }
    mc_trace(env, "CCA-EV-1", me->id, "%d evade path%s.", res->path_count, res->path_count == 1 ? "" : "s");
    return 1;
}
