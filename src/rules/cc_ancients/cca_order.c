// A whole order (rulebook §7, §8, §18): the card decides which units and leaders may be ordered
// and how many; the ordered pieces then move one at a time in the sequence played, each against
// the board as the earlier moves left it (CCA-MV-1), with leaders attaching and detaching
// (CCA-LD-4, CCA-LD-8 ... CCA-LD-12) and the movement cards of CCA-CD-1 changing allowances,
// passing through friends and battle. Finally each ordered unit's battle eligibility.
#include <string.h>

#include "rules/cc_ancients/cca.h"

// Per-piece bookkeeping for one turn.
typedef struct Turn {
    bool *ordered;     // given an order (directly, or as the Leadership leader's unit)
    bool *moved;       // has made its move (an empty path counts)
    bool *carried;     // a leader that moved with its unit
    bool *joined;      // a unit a moving leader attached to this turn (CCA-LD-11)
    bool *moved2;      // Move-Fire-Move: has made its second move
    bool *beyond;      // listed after the card's orders ran out: not ordered, its moves not made
    const char *beyond_rule; // the clause too_many_orders cites
    CcaEnd *end;       // how its (first) move ended
    bool fallback;     // the side had no unit of the card's class: one unit of any type
    bool fired;        // Move-Fire-Move: a second move was made, so ranged combat is over
} Turn;

static const char *card_name(const CcaCard *c) {
    switch (c->kind) {
    case CCA_CARD_SECTION: return "section card";
    case CCA_CARD_MOUNTED: return "Order Mounted Troops";
    case CCA_CARD_SPARTACUS: return "I am Spartacus";
    case CCA_CARD_LEADERSHIP: return "Leadership card";
    case CCA_CARD_DOUBLE_TIME: return "Double Time";
    case CCA_CARD_MOUNTED_CHARGE: return "Mounted Charge";
    case CCA_CARD_LINE_COMMAND: return "Line Command";
    case CCA_CARD_ORDER_LIGHT: return "Order Light Troops";
    case CCA_CARD_MOVE_FIRE_MOVE: return "Move-Fire-Move";
    }
    return "card";
}

static const char *section_name(unsigned s) {
    return s == MC_CCA_LEFT ? "left" : s == MC_CCA_CENTER ? "center" : "right";
}

static McReason *order_reason(McEnv *env, CcaOrderResult *res, const CcaPiece *p, const char *code,
                              const char *rule, const char *msg) {
    McReason *r = mc_reason_add(env, &res->reasons, code, rule, "%s", msg);
    if (r && p) r->unit = p->id;
    res->legal = false;
    return r;
}

// Whether the hexes of `pieces` are all reached from board index `root` through hexes of
// `pieces` one step apart (rulebook §18: "adjacent linked hexes"; a Leadership chain starts at the
// leader's hex). A search over the board, linear in the hexes. Returns 0 when memory ran out.
static int hexes_linked(McEnv *env, const CcaWorld *w, int root, const int *pieces, int n, bool *linked) {
    int bc = w->board->count > 0 ? w->board->count : 1;
    unsigned char *state = MC_NEW(env->arena, unsigned char, bc); // 1 wanted, 2 reached
    int *queue = MC_NEW(env->arena, int, bc);
    if (!state || !queue) return 0;
    for (int i = 0; i < n; i++) state[w->pieces[pieces[i]].pos] = 1;
    int head = 0, tail = 0;
    queue[tail++] = root;
    state[root] = 2;
    while (head < tail) {
        int p = queue[head++];
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            int nb = mc_board_neighbor(w->board, p, d);
            if (nb >= 0 && state[nb] == 1) {
                state[nb] = 2;
                queue[tail++] = nb;
            }
        }
    }
    *linked = true;
    for (int i = 0; i < n; i++)
        if (state[w->pieces[pieces[i]].pos] != 2) *linked = false;
    return 1;
}

// Does the card's class include this unit type?
static bool card_class(CcaCardKind k, CcaType t) {
    switch (k) {
    case CCA_CARD_DOUBLE_TIME:
    case CCA_CARD_LINE_COMMAND: return mc_cca_is_foot(t);
    case CCA_CARD_MOUNTED_CHARGE: return mc_cca_is_mounted(t);
    case CCA_CARD_ORDER_LIGHT:
    case CCA_CARD_MOVE_FIRE_MOVE: return mc_cca_is_light(t);
    default: return true;
    }
}

static const char *class_name(CcaCardKind k) {
    return k == CCA_CARD_MOUNTED_CHARGE ? "mounted" : k == CCA_CARD_DOUBLE_TIME || k == CCA_CARD_LINE_COMMAND ? "foot" : "light";
}

// The five movement cards of CCA-CD-1: which units, how many, linked or not.
static int check_movement_card(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered,
                               int count, Turn *t, CcaOrderResult *res) {
    CcaCardKind k = card->kind;
    bool any = false;
    int class_units = 0;
    for (int i = 0; i < w->count; i++)
        if (w->pieces[i].side == side && w->pieces[i].type != CCA_LEADER && card_class(k, w->pieces[i].type)) {
            any = true;
            class_units++;
        }
    switch (k) {
    case CCA_CARD_DOUBLE_TIME:
        res->orders_allowed = 4;
        mc_trace(env, "CCA-CD-1", NULL, "Double Time: up to 4 foot units in adjacent linked hexes (two sections at most); "
                 "each but war machines and light foot may move 2 hexes and still close combat, warriors 2 or 3 and then must; no ranged combat.");
        break;
    case CCA_CARD_MOUNTED_CHARGE:
        res->orders_allowed = card->orders;
        mc_trace(env, "CCA-CD-1", NULL, "Mounted Charge: up to %d mounted units; heavy cavalry, heavy cataphracts, elephants and heavy "
                 "chariots may move 3 hexes and still battle; 1 extra close-combat die; no ranged combat.", card->orders);
        break;
    case CCA_CARD_LINE_COMMAND:
        res->orders_allowed = class_units;
        mc_trace(env, "CCA-CD-1", NULL, "Line Command: a group of foot units in adjacent linked hexes, any sections; each moves 1 hex at most, then may battle.");
        break;
    case CCA_CARD_ORDER_LIGHT:
        res->orders_allowed = card->orders;
        mc_trace(env, "CCA-CD-1", NULL, "Order Light Troops: up to %d light units; light foot, auxilia included, may move through friendly units.",
                 card->orders);
        break;
    default:
        res->orders_allowed = card->orders;
        mc_trace(env, "CCA-CD-1", NULL, "Move-Fire-Move: up to %d light units move, fire, then move again; no close combat; light foot "
                 "may move through friendly units when moving two hexes.", card->orders);
        break;
    }
    if (!any) {
        // "If you do not have any ... units, order 1 unit of your choice."
        res->orders_allowed = 1;
        t->fallback = true;
        mc_trace(env, "CCA-CD-1", NULL, "%s without %s units: one unit of any type, moving normally.", card_name(card), class_name(k));
    }
    int *units = MC_NEW(env->arena, int, count + 1);
    if (!units) return 0;
    int n = 0;
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        if (p->side != side) continue;
        if (p->type == CCA_LEADER) {
            // These cards order units only; an attached leader moves with his unit and may not
            // detach (no helmet symbol: CCA-LD-9).
            if (p->unit >= 0)
                order_reason(env, res, p, "detach_not_allowed", "CCA-LD-9",
                             mc_strf(env, "%s is attached to %s; a leader may not detach on %s.", p->id, w->pieces[p->unit].id, card_name(card)));
            else
                order_reason(env, res, p, "not_eligible", "CCA-CD-1", mc_strf(env, "%s orders units only; %s is a leader.", card_name(card), p->id));
            continue;
        }
        units[n++] = ordered[i];
        if (!t->fallback && !card_class(k, p->type))
            order_reason(env, res, p, "not_eligible", "CCA-CD-1",
                         mc_strf(env, "%s is a %s, not a %s unit.", p->id, mc_cca_types[p->type].name, class_name(k)));
    }
    if (!t->fallback && (k == CCA_CARD_DOUBLE_TIME || k == CCA_CARD_LINE_COMMAND)) {
        bool linked = true;
        if (n > 0 && !hexes_linked(env, w, w->pieces[units[0]].pos, units, n, &linked)) return 0;
        if (!linked)
            order_reason(env, res, NULL, "not_linked", "CCA-CD-1",
                         mc_strf(env, "%s orders a group in adjacent linked hexes: each unit next to another ordered unit, all in one chain.",
                                 card_name(card)));
        if (k == CCA_CARD_DOUBLE_TIME && w->has_sections) {
            // "units in adjacent linked hexes that may span two sections".
            static const unsigned pairs[3] = {MC_CCA_LEFT | MC_CCA_CENTER, MC_CCA_CENTER | MC_CCA_RIGHT, MC_CCA_LEFT | MC_CCA_RIGHT};
            bool fits = false;
            for (int pi = 0; pi < 3 && !fits; pi++) {
                fits = true;
                for (int i = 0; i < n; i++)
                    if (!(mc_cca_sections(w, w->pieces[units[i]].pos, side) & pairs[pi])) fits = false;
            }
            if (!fits)
                order_reason(env, res, NULL, "spans_three_sections", "CCA-CD-1",
                             "A Double Time group may span two sections, not three.");
        }
    }
    return 1;
}

// The mover for one move under the card: Double Time, Mounted Charge and Line Command change the
// allowance, Order Light Troops and Move-Fire-Move let light foot pass friends (CCA-CD-1).
static CcaMover card_mover(McEnv *env, const CcaWorld *w, const CcaCard *card, const Turn *t, int piece) {
    CcaMover m = mc_cca_mover(w, piece, false);
    const CcaPiece *p = &w->pieces[piece];
    CcaType ty = p->type;
    if (ty == CCA_LEADER || t->fallback) return m;
    bool marsh = strcmp(m.allowance_rule, "CCA-TER-1") == 0;
    int table = m.allowance;
    switch (card->kind) {
    case CCA_CARD_DOUBLE_TIME:
        // Light foot gain no movement (auxilia may battle after 2), war machines are excluded,
        // other foot move 2 and may close combat, warriors 2 or 3 and then must.
        if (ty == CCA_HEAVY_WAR_MACHINE) {
            mc_trace(env, "CCA-CD-1", p->id, "Double Time: war machines gain nothing.");
            break;
        }
        if (ty == CCA_AUXILIA) {
            m.battle = CCA_BATTLE_ALWAYS;
            mc_trace(env, "CCA-CD-1", p->id, "Double Time: auxilia may move 2 hexes and still battle.");
            break;
        }
        if (mc_cca_is_light_foot(ty)) {
            mc_trace(env, "CCA-CD-1", p->id, "Double Time: light foot gain no movement.");
            break;
        }
        if (!marsh) {
            m.allowance = ty == CCA_WARRIOR ? 3 : 2;
            m.allowance_rule = "CCA-CD-1";
        }
        mc_trace(env, "CCA-CD-1", p->id, ty == CCA_WARRIOR ? "Double Time: this warrior may move 2 or 3 hexes but must then close combat."
                                                           : "Double Time: this %s may move 2 hexes and still close combat.",
                 mc_cca_types[ty].name);
        break;
    case CCA_CARD_MOUNTED_CHARGE:
        if (mc_cca_types[ty].weight == CCA_WEIGHT_HEAVY && mc_cca_is_mounted(ty)) {
            if (!marsh) {
                m.allowance = 3;
                m.allowance_rule = "CCA-CD-1";
            }
            mc_trace(env, "CCA-CD-1", p->id, "Mounted Charge: this %s may move 3 hexes and still battle, with 1 extra close-combat die.",
                     mc_cca_types[ty].name);
        } else {
            mc_trace(env, "CCA-CD-1", p->id, "Mounted Charge: 1 extra close-combat die; movement as usual.");
        }
        break;
    case CCA_CARD_LINE_COMMAND:
        if (m.allowance > 1) {
            m.allowance = 1;
            m.allowance_rule = "CCA-CD-1";
        }
        mc_trace(env, "CCA-CD-1", p->id, "Line Command: moves 1 hex at most (its table allows %d), then may battle.", table);
        break;
    case CCA_CARD_ORDER_LIGHT:
    case CCA_CARD_MOVE_FIRE_MOVE:
        if (mc_cca_is_light_foot(ty)) {
            m.pass_friends = true;
            mc_trace(env, "CCA-CD-1", p->id, "%s: light foot may move through friendly units, never ending on one.", card_name(card));
        }
        break;
    default:
        break;
    }
    return m;
}

// A Section card (CCA-MV-1): its orders, each to a piece in its section.
static void check_section_card(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered, int count,
                               CcaOrderResult *res) {
    res->orders_allowed = card->orders;
    mc_trace(env, "CCA-MV-1", NULL, "Section card: up to %d orders to units and leaders in the %s section, as %s sees it.",
             card->orders, section_name(card->section), w->side_names[side]);
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        unsigned s = mc_cca_sections(w, p->pos, side);
        if (!(s & card->section))
            order_reason(env, res, p, "outside_section", "CCA-MV-1",
                         mc_strf(env, "%s is not in the %s section.", p->id, section_name(card->section)));
        else if (s != card->section)
            mc_trace(env, "CCA-MV-1", p->id, "On a hex cut by a dotted line: ordered from the %s section.",
                     section_name(card->section));
    }
}

// Order Mounted Troops (CCA-MV-1): its orders, each to a mounted unit or a leader; one unit of
// any type when the side has no mounted unit.
static void check_mounted_card(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered, int count,
                               CcaOrderResult *res) {
    res->orders_allowed = card->orders;
    bool any_mounted = false;
    for (int i = 0; i < w->count; i++)
        if (w->pieces[i].side == side && w->pieces[i].type != CCA_LEADER && mc_cca_types[w->pieces[i].type].mounted)
            any_mounted = true;
    if (!any_mounted) {
        // "If you do not have any mounted units, you may order 1 unit of your choice."
        res->orders_allowed = 1;
        mc_trace(env, "CCA-MV-1", NULL, "Order Mounted Troops without mounted units: one unit of any type.");
        return;
    }
    mc_trace(env, "CCA-MV-1", NULL, "Order Mounted Troops: up to %d mounted units and leaders, in any section.", card->orders);
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        if (p->type != CCA_LEADER && !mc_cca_types[p->type].mounted)
            order_reason(env, res, p, "not_eligible", "CCA-MV-1",
                         mc_strf(env, "%s is a %s, not a mounted unit.", p->id, mc_cca_types[p->type].name));
    }
}

// I am Spartacus (CCA-MV-1): without dice its orders in any section; with them, what the symbols
// rolled order. Its ordered units battle with 1 additional die this turn (battle_entry).
static void check_spartacus_card(McEnv *env, CcaWorld *w, const CcaCard *card, const int *ordered, int count,
                                 CcaOrderResult *res) {
    mc_trace(env, "CCA-MV-1", NULL, "I am Spartacus: the units it orders battle with 1 additional die this turn.");
    if (!card->has_dice) {
        res->orders_allowed = card->orders;
        mc_trace(env, "CCA-MV-1", NULL, "I am Spartacus: %d orders in any section.", card->orders);
        return;
    }
    // Each unit symbol orders one unit of that class; a helmet orders any unit or leader.
    const int *d = card->dice;
    res->orders_allowed = d[CCA_DIE_LIGHT] + d[CCA_DIE_MEDIUM] + d[CCA_DIE_HEAVY] + d[CCA_DIE_LEADER];
    int need[3] = {0, 0, 0}, helmets = 0;
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        if (p->type == CCA_LEADER) helmets++;
        else need[mc_cca_types[p->type].weight]++;
    }
    for (int c = 0; c < 3; c++)
        if (need[c] > d[c]) helmets += need[c] - d[c];
    mc_trace(env, "CCA-MV-1", NULL, "I am Spartacus: %d light, %d medium, %d heavy and %d helmet symbols rolled.",
             d[CCA_DIE_LIGHT], d[CCA_DIE_MEDIUM], d[CCA_DIE_HEAVY], d[CCA_DIE_LEADER]);
    if (helmets > d[CCA_DIE_LEADER])
        order_reason(env, res, NULL, "not_rolled", "CCA-MV-1",
                     "The dice rolled do not order these units: each needs its own class symbol or a helmet, each leader a helmet.");
}

// A Leadership card (CCA-MV-1, CCA-LD-9): the leader, his unit and the units or leaders in
// adjacent linked hexes; no leader detaches. 0 when memory ran out.
static int check_leadership_card(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered,
                                 int count, Turn *t, CcaOrderResult *res) {
    // A leader may not detach on a Leadership card (CCA-LD-9).
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        if (p->type == CCA_LEADER && p->unit >= 0 && ordered[i] != card->leader)
            order_reason(env, res, p, "detach_not_allowed", "CCA-LD-9",
                         mc_strf(env, "%s is attached to %s; a leader may not detach on a Leadership card.", p->id,
                                 w->pieces[p->unit].id));
    }
    if (card->leader < 0) {
        res->orders_allowed = 1;
        mc_trace(env, "CCA-MV-1", NULL, "Leadership card without a leader named: one unit of your choice.");
        return 1;
    }
    const CcaPiece *l = &w->pieces[card->leader];
    t->ordered[card->leader] = true;
    if (l->unit >= 0) t->ordered[l->unit] = true;
    int *others = MC_NEW(env->arena, int, count + 1);
    if (!others) return 0;
    int n = 0;
    for (int i = 0; i < count; i++)
        if (ordered[i] != card->leader && ordered[i] != l->unit) others[n++] = ordered[i];
    res->orders_used = n;
    res->orders_allowed = card->linked;
    mc_trace(env, "CCA-MV-1", l->id, "Leadership: the leader%s and up to %d units or leaders in adjacent linked hexes.",
             l->unit >= 0 ? ", his unit" : "", card->linked);
    bool linked;
    if (!hexes_linked(env, w, l->pos, others, n, &linked)) return 0;
    if (!linked)
        order_reason(env, res, NULL, "not_linked", "CCA-MV-1",
                     "Each ordered unit must be in a chain of adjacent ordered units that reaches the leader's hex.");
    for (int i = 0; card->section && i <= n; i++) {
        const CcaPiece *p = &w->pieces[i < n ? others[i] : card->leader];
        if (!(mc_cca_sections(w, p->pos, side) & card->section))
            order_reason(env, res, p, "outside_section", "CCA-MV-1",
                         mc_strf(env, "%s is not in the %s section.", p->id, section_name(card->section)));
    }
    return 1;
}

// Past the card's orders (`detached`: leaders ordered to detach took some): a reason, and the
// pieces listed after they ran out are not ordered.
static void beyond_orders(McEnv *env, CcaWorld *w, const CcaCard *card, const int *ordered, int count, int detached,
                          Turn *t, CcaOrderResult *res) {
    bool movement_card = card->kind >= CCA_CARD_DOUBLE_TIME;
    if (res->orders_used <= res->orders_allowed) return;
    t->beyond_rule = detached ? "CCA-LD-9" : movement_card ? "CCA-CD-1" : "CCA-MV-1";
    order_reason(env, res, NULL, "too_many_orders", t->beyond_rule,
                 mc_strf(env, "The %s gives %d order%s; %d were given.", card_name(card), res->orders_allowed,
                         res->orders_allowed == 1 ? "" : "s", res->orders_used));
    // The orders are taken in the order listed: the pieces listed once they ran out are not
    // ordered, and their moves are not made (docs/api/cc-ancients.md). A Leadership card's leader
    // and his unit take none of its linked hexes.
    int used = 0;
    for (int i = 0; i < count; i++) {
        int k = ordered[i];
        if (card->kind == CCA_CARD_LEADERSHIP && card->leader >= 0 &&
            (k == card->leader || k == w->pieces[card->leader].unit))
            continue;
        if (used++ < res->orders_allowed) continue;
        t->beyond[k] = true;
        t->ordered[k] = false;
        mc_trace(env, t->beyond_rule, w->pieces[k].id, "Listed after the card's %d order%s ran out: not ordered, its moves not made.",
                 res->orders_allowed, res->orders_allowed == 1 ? "" : "s");
    }
}

// Checks the ordered pieces against the card and marks them ordered.
static int check_card(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered,
                      int count, Turn *t, CcaOrderResult *res) {
    int detached = 0;
    for (int i = 0; i < count; i++) {
        const CcaPiece *p = &w->pieces[ordered[i]];
        if (p->side != side) {
            order_reason(env, res, p, "not_own_piece", "CCA-MV-1",
                         mc_strf(env, "%s belongs to %s, not to the side giving the order.", p->id, w->side_names[p->side]));
            continue;
        }
        t->ordered[ordered[i]] = true;
        if (p->type == CCA_LEADER && p->unit >= 0) detached++;
    }
    res->orders_used = count;
    switch (card->kind) {
    case CCA_CARD_SECTION:
        check_section_card(env, w, side, card, ordered, count, res);
        break;
    case CCA_CARD_MOUNTED:
        check_mounted_card(env, w, side, card, ordered, count, res);
        break;
    case CCA_CARD_SPARTACUS:
        check_spartacus_card(env, w, card, ordered, count, res);
        break;
    case CCA_CARD_DOUBLE_TIME:
    case CCA_CARD_MOUNTED_CHARGE:
    case CCA_CARD_LINE_COMMAND:
    case CCA_CARD_ORDER_LIGHT:
    case CCA_CARD_MOVE_FIRE_MOVE:
        if (!check_movement_card(env, w, side, card, ordered, count, t, res)) return 0;
        detached = 0;
        break;
    case CCA_CARD_LEADERSHIP:
        if (!check_leadership_card(env, w, side, card, ordered, count, t, res)) return 0;
        detached = 0;
        break;
    }
    if (detached)
        mc_trace(env, "CCA-LD-9", NULL, "%d attached leader%s ordered to detach, one order each.", detached,
                 detached == 1 ? "" : "s");
    beyond_orders(env, w, card, ordered, count, detached, t, res);
    return 1;
}

static void move_reason(McEnv *env, McReasons *rs, const CcaPiece *p, const char *code, const char *rule,
                        const char *msg) {
    McReason *r = mc_reason_add(env, rs, code, rule, "%s", msg);
    if (r) r->unit = p->id;
}

// Order-level checks on one move before its path is walked; true when it may go ahead.
static bool may_move(McEnv *env, const CcaWorld *w, int side, const CcaCard *card, const CcaOrderMove *mv,
                     const Turn *t, McReasons *rs) {
    int piece = mv->piece, n = mv->n;
    const CcaPiece *p = &w->pieces[piece];
    bool leader = p->type == CCA_LEADER;
    if (p->side != side) {
        move_reason(env, rs, p, "not_own_piece", "CCA-MV-1", mc_strf(env, "%s belongs to the other side.", p->id));
        return false;
    }
    if (t->beyond[piece]) {
        move_reason(env, rs, p, "too_many_orders", t->beyond_rule,
                    mc_strf(env, "%s is listed after the %s's orders ran out: it is not ordered and does not move.", p->id,
                            card_name(card)));
        return false;
    }
    if (mv->second) {
        // Move-Fire-Move: ordered units may move again after all ranged combat (CCA-CD-1).
        if (card->kind != CCA_CARD_MOVE_FIRE_MOVE) {
            move_reason(env, rs, p, "no_second_move", "CCA-CD-1",
                        mc_strf(env, "Only Move-Fire-Move gives a second move; %s gives one.", card_name(card)));
            return false;
        }
        if (!t->ordered[piece] || leader) {
            move_reason(env, rs, p, "not_ordered", "CCA-CD-1", mc_strf(env, "%s was not given an order.", p->id));
            return false;
        }
        if (t->moved2[piece]) {
            move_reason(env, rs, p, "already_moved", "CCA-CD-1", mc_strf(env, "%s has already made its second move.", p->id));
            return false;
        }
        if (t->joined[piece] && n > 0) {
            move_reason(env, rs, p, "joined_by_leader", "CCA-LD-11",
                        mc_strf(env, "A leader joined %s this turn: it can move no further (it may still battle).", p->id));
            return false;
        }
        return true;
    }
    if (t->fired) {
        move_reason(env, rs, p, "move_after_fire", "CCA-CD-1",
                    "On Move-Fire-Move every first move comes before any ranged combat and any second move.");
        return false;
    }
    if (!t->ordered[piece]) {
        if (leader && p->unit >= 0)
            move_reason(env, rs, p, "not_ordered", "CCA-LD-9",
                        mc_strf(env, "%s is attached to %s and moves with it; to move alone he must be ordered to detach (one order).",
                                p->id, w->pieces[p->unit].id));
        else
            move_reason(env, rs, p, "not_ordered", leader ? "CCA-LD-4" : "CCA-MV-1",
                        mc_strf(env, "%s was not given an order.", p->id));
        return false;
    }
    if (t->moved[piece]) {
        if (t->carried[piece])
            move_reason(env, rs, p, "attached_unit_moved", "CCA-LD-12",
                        mc_strf(env, "%s already moved with the unit he was attached to and can no longer detach.", p->id));
        else
            move_reason(env, rs, p, "already_moved", leader ? "CCA-LD-4" : "CCA-MV-1",
                        mc_strf(env, "%s has already moved this turn.", p->id));
        return false;
    }
    if (leader && p->unit >= 0 && n > 0) {
        if (t->moved[p->unit]) {
            move_reason(env, rs, p, "attached_unit_moved", "CCA-LD-12",
                        mc_strf(env, "%s is attached to %s, which has moved; he can no longer detach.", p->id, w->pieces[p->unit].id));
            return false;
        }
        if (card->kind != CCA_CARD_SECTION && card->kind != CCA_CARD_MOUNTED && card->kind != CCA_CARD_SPARTACUS) {
            move_reason(env, rs, p, "detach_not_allowed", "CCA-LD-9",
                        mc_strf(env, "%s is attached to %s; a leader may not detach on %s.", p->id,
                                w->pieces[p->unit].id, card->kind == CCA_CARD_LEADERSHIP ? "a Leadership card" : card_name(card)));
            return false;
        }
    }
    if (!leader && t->joined[piece] && n > 0) {
        move_reason(env, rs, p, "joined_by_leader", "CCA-LD-11",
                    mc_strf(env, "A leader joined %s this turn: it can move no further (it may still battle).", p->id));
        return false;
    }
    return true;
}

static void relocate(CcaWorld *w, int piece, int to) {
    CcaPiece *p = &w->pieces[piece];
    int *at = p->type == CCA_LEADER ? w->leader_at : w->unit_at;
    if (at[p->pos] == piece) at[p->pos] = -1;
    at[to] = piece;
    p->pos = to;
}

// Makes a legal move on the board and records attachments.
static void apply_move(McEnv *env, CcaWorld *w, int piece, const CcaEnd *end, int to, bool second, Turn *t,
                       CcaMoveOutcome *o) {
    CcaPiece *p = &w->pieces[piece];
    if (second) {
        t->moved2[piece] = t->fired = true;
    } else {
        t->moved[piece] = true;
        t->end[piece] = *end;
    }
    if (end->hexes == 0) return;
    if (p->type != CCA_LEADER) {
        int c = p->leader;
        relocate(w, piece, to);
        if (c >= 0) {
            // The attached leader moves with the unit to the same hex (CCA-LD-8).
            relocate(w, c, to);
            t->moved[c] = t->carried[c] = true;
            o->carried = c;
            mc_trace(env, "CCA-LD-8", w->pieces[c].id, "Moved with %s, to which he is attached.", p->id);
        }
        if (end->attaches >= 0) {
            // The unit stopped on a lone friendly leader, who attaches to it (CCA-MV-5).
            p->leader = end->attaches;
            w->pieces[end->attaches].unit = piece;
            mc_trace(env, "CCA-MV-5", p->id, "Stopped on the lone leader %s, who attaches.", w->pieces[end->attaches].id);
        }
        return;
    }
    if (p->unit >= 0) {
        mc_trace(env, "CCA-LD-10", p->id, "Detached from %s, which has not moved.", w->pieces[p->unit].id);
        w->pieces[p->unit].leader = -1;
        p->unit = -1;
    }
    relocate(w, piece, to);
    if (end->attaches >= 0) {
        // The leader ceases movement and attaches; the unit is not thereby ordered and, if it
        // was, it can move no further (CCA-LD-11).
        CcaPiece *u = &w->pieces[end->attaches];
        p->unit = end->attaches;
        u->leader = piece;
        t->joined[end->attaches] = true;
        mc_trace(env, "CCA-LD-11", p->id, "Attached to %s, which %s.", u->id,
                 t->moved[end->attaches] ? "has already moved and may battle"
                 : t->ordered[end->attaches] ? "is ordered but can now move no further; it may still battle"
                                             : "is not thereby ordered");
    }
}

static int no_battle(McEnv *env, CcaBattleEntry *b, const CcaPiece *p, const char *code, const char *rule, const char *msg) {
    McReason *r = mc_reason_add(env, &b->no_battle, code, rule, "%s", msg);
    if (!r) return 0;
    r->unit = p->id;
    if (!b->no_battle_rule) b->no_battle_rule = rule;
    return 1;
}

// Piece i's battle entry: what its move allows, then what the card allows on top of it (CCA-CD-1:
// no ranged combat on Double Time and Mounted Charge, no close combat on Move-Fire-Move, one extra
// die on Mounted Charge and I am Spartacus), and ranged combat only with missile weapons. It may
// battle when some kind of combat is left; when none is, each part that forbids one says so.
static int battle_entry(McEnv *env, const CcaWorld *w, const CcaCard *card, const Turn *t, int i, CcaBattleEntry *b) {
    const CcaPiece *p = &w->pieces[i];
    const CcaTypeInfo *ty = &mc_cca_types[p->type];
    memset(b, 0, sizeof *b);
    b->piece = i;
    bool move_ok = true;
    const char *move_rule = NULL;
    if (t->moved[i]) {
        move_ok = t->end[i].can_battle;
        move_rule = t->end[i].no_battle_rule;
        b->must_battle = t->end[i].must_battle;
        b->hexes = t->end[i].hexes;
    }
    CcaCardKind k = card->kind;
    bool no_close = k == CCA_CARD_MOVE_FIRE_MOVE && !t->fallback;
    bool no_ranged = (k == CCA_CARD_DOUBLE_TIME || k == CCA_CARD_MOUNTED_CHARGE) && !t->fallback;
    bool missiles = mc_cca_has_missiles(p->type);
    b->close_combat = move_ok && !no_close;
    b->ranged_combat = move_ok && !b->must_battle && missiles && !no_ranged;
    b->can_battle = b->close_combat || b->ranged_combat;
    b->must_battle = b->must_battle && b->close_combat;
    // (Mounted Charge's die is for close combat, which alone it allows; I am Spartacus's for any battle)
    b->extra_dice = (k == CCA_CARD_MOUNTED_CHARGE && !t->fallback) || k == CCA_CARD_SPARTACUS ? 1 : 0;
    if (b->can_battle) return 1;
    if (!move_ok) {
        const char *why = strcmp(move_rule, "CCA-TER-1") == 0
                              ? mc_strf(env, "A %s that entered this terrain may not battle this turn.", ty->name)
                              : mc_strf(env, "A %s that moved %d hex%s may not battle.", ty->name, b->hexes, b->hexes == 1 ? "" : "es");
        return why && no_battle(env, b, p, "move_forbids_battle", move_rule, why);
    }
    if (no_close &&
        !no_battle(env, b, p, "card_forbids_close_combat", "CCA-CD-1", mc_strf(env, "%s allows no close combat.", card_name(card))))
        return 0;
    if (no_ranged)
        return no_battle(env, b, p, "card_forbids_ranged_combat", "CCA-CD-1", mc_strf(env, "%s allows no ranged combat.", card_name(card)));
    if (!missiles)
        return no_battle(env, b, p, "no_missile_weapons", "CCA-CD-1",
                         mc_strf(env, "A %s has no missile weapons: it cannot make ranged combat.", ty->name));
    return 1;
}

int mc_cca_order(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered,
              int ordered_count, const CcaOrderMove *moves, int move_count, CcaOrderResult *res) {
    memset(res, 0, sizeof *res);
    res->legal = true;
    int np = w->count > 0 ? w->count : 1;
    Turn t = {MC_NEW(env->arena, bool, np), MC_NEW(env->arena, bool, np), MC_NEW(env->arena, bool, np),
              MC_NEW(env->arena, bool, np), MC_NEW(env->arena, bool, np), MC_NEW(env->arena, bool, np), NULL,
              MC_NEW(env->arena, CcaEnd, np), false, false};
    res->moves = MC_NEW(env->arena, CcaMoveOutcome, move_count > 0 ? move_count : 1);
    res->battle = MC_NEW(env->arena, CcaBattleEntry, np);
    if (!t.ordered || !t.moved || !t.carried || !t.joined || !t.moved2 || !t.beyond || !t.end || !res->moves || !res->battle)
        return 0;
    if (!check_card(env, w, side, card, ordered, ordered_count, &t, res)) return 0;
    mc_trace(env, "CCA-MV-1", NULL, "%d move%s, one at a time, each finished before the next and all before any battle.",
             move_count, move_count == 1 ? "" : "s");
    for (int k = 0; k < move_count; k++) {
        const CcaOrderMove *mv = &moves[k];
        CcaMoveOutcome *o = &res->moves[k];
        memset(o, 0, sizeof *o);
        o->piece = mv->piece;
        o->carried = -1;
        o->from = o->to = w->pieces[mv->piece].pos;
        o->legal = may_move(env, w, side, card, mv, &t, &o->reasons);
        if (o->legal) {
            CcaMover m = card_mover(env, w, card, &t, mv->piece);
            // A path may begin on the mover's hex as it stands now, as a `move`'s may (docs/api.md
            // "Hex boards"): that hex is its start, not a step, and step indices count it.
            const McHex *steps = mv->path;
            int n = mv->n, skipped = n > 0 && mc_hex_equal(steps[0], w->board->hexes[w->pieces[mv->piece].pos]);
            CcaPathResult pr;
            mc_cca_check_path(env, &m, steps + skipped, n - skipped, &pr);
            for (int i = 0; i < pr.reasons.count; i++)
                if (pr.reasons.items[i].action >= 0) pr.reasons.items[i].action += skipped;
            o->legal = pr.legal;
            o->reasons = pr.reasons;
            o->end = pr.end;
            if (pr.legal) {
                o->to = pr.final_pos;
                apply_move(env, w, mv->piece, &pr.end, pr.final_pos, mv->second, &t, o);
                if (mv->second)
                    mc_trace(env, "CCA-CD-1", w->pieces[mv->piece].id, "Second move after ranged combat: %d hex%s; no more battle.",
                             pr.end.hexes, pr.end.hexes == 1 ? "" : "es");
                else
                    mc_trace(env, w->pieces[mv->piece].type == CCA_LEADER ? "CCA-LD-1" : "CCA-MV-1", w->pieces[mv->piece].id,
                             "Moved %d hex%s.", pr.end.hexes, pr.end.hexes == 1 ? "" : "es");
            }
        }
        if (!o->legal) {
            res->legal = false;
            mc_trace(env, o->reasons.count ? o->reasons.items[0].rule : "CCA-MV-1", w->pieces[mv->piece].id,
                     "Move %d is illegal and is not made.", k);
            for (int i = 0; i < o->reasons.count; i++) {
                McReason *r = mc_reason_add(env, &res->reasons, o->reasons.items[i].code, o->reasons.items[i].rule,
                                            "%s", o->reasons.items[i].message);
                if (!r) return 0;
                McReason keep = o->reasons.items[i];
                keep.action = k;
                *r = keep;
            }
        }
    }
    // Battle eligibility of every ordered unit as the moves left it.
    for (int i = 0; i < w->count; i++) {
        if (!t.ordered[i] || w->pieces[i].type == CCA_LEADER) continue;
        if (!battle_entry(env, w, card, &t, i, &res->battle[res->battle_count++])) return 0;
    }
    return 1;
}
