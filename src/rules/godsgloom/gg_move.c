// `move`: a proposed path checked hex by hex with the same rulings as `reach` (mc_gg_enter,
// mc_gg_zone_stops); the first illegal step gives the reason and ends the check.
#include <string.h>

#include "core/work.h"
#include "rules/godsgloom/gg.h"

static McReason *fail(McEnv *env, McGgMove *out, int step, McHex h, const char *code, const char *rule,
                      const char *text) {
    out->legal = false;
    out->end = MC_GG_END_ILLEGAL;
    McReason *r = mc_reason_add(env, &out->reasons, code, rule, "%s", text);
    if (!r) return NULL;
    r->unit = out->scene.mover->id;
    r->action = step;
    r->has_hex = 1;
    r->q = h.q;
    r->r = h.r;
    return r;
}

// A hex a walking step may not enter: Impassable (GG-TER-1) or another unit's (GG-8.1), said with
// the unit's name first: a player looks for the unit in the way, not for the hex it stands on.
static int refuse(McEnv *env, McGgMove *out, int step, McHex h, McGgEnter e) {
    if (strcmp(e.code, "impassable") == 0)
        return fail(env, out, step, h, "impassable", "GG-TER-1", "Impassable hexes cannot be entered.") != NULL;
    const char *blocker = e.blocker >= 0 ? out->scene.req->units[e.blocker].id : NULL;
    const char *text = blocker ? mc_strf(env, "%s is in the way: a unit may not move through a hex occupied by another unit.", blocker) : NULL;
    McReason *r = fail(env, out, step, h, "occupied", "GG-8.1", text ? text : "A unit may not move through a hex occupied by another unit.");
    if (r && blocker) r->unit = blocker;
    return r != NULL;
}

static void push_step(McGgMove *out, McHex h, int cost) {
    out->cost += cost;
    out->steps[out->step_count++] = (McGgStep){h, cost, out->cost};
    out->final_hex = h;
}

// The one-hex moves: GG-8.2 after starting Engaged, a Teleport (its landing hex) and Reposition.
static int single(McEnv *env, McGgMove *out, const McHex *path, int n) {
    McGgScene *s = &out->scene;
    McHex h = path[0];
    int pos = mc_board_index(s->board, h);
    if (pos < 0) return fail(env, out, 0, h, "off_board", "GG-MOV-1", "The hex is not on the board.") != NULL;
    int dist = mc_hex_distance(s->mover->hex, h);
    int range = s->mode == MC_GG_MODE_TELEPORT ? (s->points < 1 ? 1 : s->points) : 1; // GG-8.3-MMG
    if (dist < 1 || dist > range) {
        if (s->mode == MC_GG_MODE_TELEPORT)
            return fail(env, out, 0, h, "out_of_range", "GG-TRT-1",
                        mc_strf(env, "The hex is %d hexes away; a Flying unit Teleports at most %d.", dist, range)) != NULL;
        return fail(env, out, 0, h, "not_adjacent", "GG-MOV-1", "Each hex of the path must be adjacent to the one before.") != NULL;
    }
    McGgEnter e = mc_gg_enter(s, pos);
    // GG-8.2's one hex is a walking step: a hex no step may enter is refused as a walk refuses it.
    if (s->mode == MC_GG_MODE_ENGAGED && !e.ok) return refuse(env, out, 0, h, e);
    if (!e.may_end) {
        McReason *r;
        if (s->occ[pos] >= 0) {
            const char *there = s->req->units[s->occ[pos]].id;
            r = fail(env, out, 0, h, "ends_on_unit", mc_gg_ends_on_unit_rule(s, s->occ[pos]), mc_gg_ends_on_unit_text(env, there));
            if (r) r->unit = there;
        } else if (s->recon[pos]) {
            // Reconnaissance made it Open for moving, as a walk's last hex (GG-TER-1).
            r = fail(env, out, 0, h, "ends_on_impassable", "GG-TER-1",
                     "Reconnaissance lets units move through an Impassable hex but not finish on it.");
        } else {
            r = fail(env, out, 0, h, "impassable", "GG-TER-1", "Impassable hexes cannot be entered or ended on.");
        }
        return r != NULL;
    }
    int cost = s->mode == MC_GG_MODE_TELEPORT ? dist : s->mode == MC_GG_MODE_ENGAGED ? e.cost : 0;
    out->minimum_move = s->mode == MC_GG_MODE_TELEPORT && dist > s->points;
    out->end = s->mode == MC_GG_MODE_ENGAGED   ? MC_GG_END_ENGAGED_START
               : s->mode == MC_GG_MODE_TELEPORT ? MC_GG_END_TELEPORT
                                                : MC_GG_END_REPOSITION;
    push_step(out, h, cost);
    if (n > 1) {
        // The first hex stands (it is the legal part of the move, as for a walk); the second is
        // refused. (A Teleport never gets here with several hexes: those are walked.)
        const char *rule = s->mode == MC_GG_MODE_ENGAGED ? "GG-8.2" : "GG-TRT-1";
        const char *text = s->mode == MC_GG_MODE_ENGAGED ? "A unit that starts its activation Engaged may move at most 1 hex."
                                                         : "Reposition displaces the unit exactly 1 hex.";
        return fail(env, out, 1, path[1], "one_hex_only", rule, text) != NULL;
    }
    return 1;
}

// GG-8.3-T: going on from hex `at`, an empty hex of an enemy's zone that did not stop the unit, uses Nimble.
static bool nimble_from(const McGgScene *s, int at) { return (s->zone[at] & MC_GG_ZONE_ENEMY) && s->occ[at] < 0; }

// A walk refused at some step stops on the last hex of its path it may end on (GG-8.1: never a
// unit's hex it passed through, nor an Impassable one Reconnaissance let it cross), or where it
// started: the steps after it are taken back, with their cost and any use of Nimble (GG-8.3-T:
// going on from an empty zone hex) that only they made.
static void back_to_end(McGgMove *out) {
    McGgScene *s = &out->scene;
    while (out->step_count > 0 && !mc_gg_enter(s, mc_board_index(s->board, out->steps[out->step_count - 1].hex)).may_end)
        out->cost -= out->steps[--out->step_count].cost;
    out->final_hex = out->step_count ? out->steps[out->step_count - 1].hex : s->mover->hex;
    out->nimble = false;
    for (int j = 1; j < out->step_count; j++)
        if (nimble_from(s, mc_board_index(s->board, out->steps[j - 1].hex))) out->nimble = true;
}

static int walk(McEnv *env, McGgMove *out, const McHex *path, int n) {
    McGgScene *s = &out->scene;
    int at = s->start;
    bool stopped = false;
    for (int i = 0; i < n; i++) {
        McHex h = path[i];
        if (stopped) {
            const McHex prev = s->board->hexes[at];
            // The sentence opens with the zone's enemies (a player looks for the unit that stopped
            // the move, not for a hex), the first of them the reason's unit (api.md: the piece that
            // causes it), then the hex it stopped on and the refused one (the reason's hex) and, for
            // a Nimble unit, the Lockdown that held it (GG-TRT-1).
            int who[MC_HEX_DIRECTIONS];
            int k = mc_gg_engagers(s, at, who);
            const char *names = "";
            const char *locked = "";
            for (int e = 0; e < k; e++) {
                names = mc_strf(env, "%s%s%s", names, e == 0 ? "" : e == k - 1 ? " and " : ", ", s->req->units[who[e]].id);
                if (s->nimble && (s->req->units[who[e]].traits & MC_GG_LOCKDOWN))
                    locked = mc_strf(env, "; %s has Lockdown, which Nimble does not pass", s->req->units[who[e]].id);
                if (!names || !locked) return 0;
            }
            McReason *r = fail(env, out, i, h, "stopped_by_engagement_zone", "GG-8.3",
                               mc_strf(env, "The Engagement Zone of %s stopped the move on entering hex (q %d, r %d): hex (q %d, r %d) cannot be entered%s.",
                                       names, prev.q, prev.r, h.q, h.r, locked));
            if (r && k > 0) r->unit = s->req->units[who[0]].id;
            return r != NULL;
        }
        if (out->minimum_move)
            return fail(env, out, i, h, "minimum_move_only", "GG-8.3-MMG",
                        "The first hex cost more than the unit's movement points: the Minimum Move Guarantee allows only that one hex.") != NULL;
        int pos = mc_board_index(s->board, h);
        if (pos < 0) return fail(env, out, i, h, "off_board", "GG-MOV-1", "The hex is not on the board.") != NULL;
        if (mc_hex_direction_to(s->board->hexes[at], h) < 0)
            return fail(env, out, i, h, "not_adjacent", "GG-MOV-1", "Each hex of the path must be adjacent to the one before.") != NULL;
        McGgEnter e = mc_gg_enter(s, pos);
        if (!e.ok) return refuse(env, out, i, h, e);
        if (out->cost + e.cost > s->points) {
            // GG-8.3-MMG gives only a hex the move may end on: never one passed through (GG-8.1).
            if (i > 0 || !e.may_end)
                return fail(env, out, i, h, "not_enough_points", "GG-MOV-1",
                            mc_strf(env, "Entering costs %d but only %d movement point%s of %d %s left%s.", e.cost,
                                    s->points - out->cost, s->points - out->cost == 1 ? "" : "s", s->points,
                                    s->points - out->cost == 1 ? "is" : "are",
                                    i == 0 ? ", and the Minimum Move Guarantee gives only a hex the unit may end on" : "")) != NULL;
            out->minimum_move = true; // GG-8.3-MMG: the first hex is always allowed
            mc_trace(env, "GG-8.3-MMG", s->mover->id, "the first hex costs %d, more than the %d movement point%s: entered by the Minimum Move Guarantee",
                     e.cost, s->points, s->points == 1 ? "" : "s");
        }
        if (i > 0 && nimble_from(s, at)) out->nimble = true;
        push_step(out, h, e.cost);
        at = pos;
        if (mc_gg_zone_stops(s, pos)) {
            // GG-8.3, GG-TER-1: the zone would end the move on a hex it may not end on (an
            // Impassable one opened by Reconnaissance), so it cannot be entered at all (as `reach`)
            if (!e.may_end)
                return fail(env, out, i, h, "ends_on_impassable", "GG-TER-1",
                            "Reconnaissance lets units move through an Impassable hex but not finish on it, and an enemy's Engagement Zone would end the move there.") != NULL;
            stopped = true;
            mc_trace(env, "GG-8.3", s->mover->id, "entered hex (q %d, r %d) in an enemy Engagement Zone: the move ends there", h.q, h.r);
        }
    }
    if (n > 0 && s->occ[at] >= 0) {
        const McGgUnit *other = &s->req->units[s->occ[at]];
        McReason *r = fail(env, out, n - 1, s->board->hexes[at], "ends_on_unit", mc_gg_ends_on_unit_rule(s, s->occ[at]),
                           mc_gg_ends_on_unit_text(env, other->id));
        if (r) r->unit = other->id;
        return r != NULL;
    }
    if (n > 0 && mc_gg_terrain_keyword[s->board->terrain[at]] == MC_GG_IMPASSABLE)
        return fail(env, out, n - 1, s->board->hexes[at], "ends_on_impassable", "GG-TER-1",
                    "Reconnaissance lets units move through an Impassable hex but not finish on it.") != NULL;
    if (n == 0) return 1;
    if (out->minimum_move) out->end = MC_GG_END_MINIMUM;
    else if (s->mode == MC_GG_MODE_ENGAGED) out->end = MC_GG_END_ENGAGED_START;
    else if (stopped) out->end = MC_GG_END_ZONE;
    else out->end = mc_gg_walk_end(s, at, out->cost);
    if (mc_work_out()) {
        mc_work_note(env, "", "the move's end, whether it could go on from hex (q %d, r %d)", s->board->hexes[at].q, s->board->hexes[at].r);
        return 0;
    }
    return 1;
}

int mc_gg_move(McEnv *env, const McGgRequest *req, const McHex *path, int path_len, int facing,
               McGgMove *out) {
    memset(out, 0, sizeof *out);
    McGgScene *s = &out->scene;
    if (!mc_gg_prepare(env, req, s)) return 0;
    out->legal = true;
    out->final_hex = s->mover->hex;
    out->final_facing = facing >= 0 ? facing : s->mover->facing;
    out->end = MC_GG_END_CHOICE;
    out->steps = MC_NEW(env->arena, McGgStep, path_len > 0 ? path_len : 1);
    if (!out->steps) return 0;
    int ok = 1;
    if (s->mode == MC_GG_MODE_NONE && (path_len > 0 || req->action == MC_GG_ACTION_REPOSITION)) {
        // Lockdown (no Move Action) or Reposition without the ability: the restriction is the reason.
        const McReason *why = &s->restrictions.items[0];
        McReason *r = fail(env, out, 0, path_len > 0 ? path[0] : s->mover->hex, why->code, why->rule, why->message);
        if (r) r->unit = why->unit;
        ok = r != NULL;
    } else if (path_len > 0) {
        if (s->mode == MC_GG_MODE_TELEPORT && path_len > 1) {
            // Flying is an Active trait (GG-TRT-1): the player may leave it unused, and a path
            // of several hexes is an ordinary walk (GG-MOV-1).
            s->mode = MC_GG_MODE_NORMAL;
            mc_trace(env, "GG-TRT-1", s->mover->id, "Flying not used: a path of %d hexes is checked as a walk", path_len);
            // GG-8.3-T: that walk is an ordinary Move Action of a unit not Engaged, so Nimble applies.
            s->nimble = (s->mover->traits & MC_GG_NIMBLE) != 0;
        }
        switch (s->mode) {
        case MC_GG_MODE_NONE: break;
        case MC_GG_MODE_NORMAL:
        case MC_GG_MODE_BREAKAWAY:
            ok = walk(env, out, path, path_len);
            if (!out->legal) back_to_end(out);
            break;
        case MC_GG_MODE_ENGAGED:
        case MC_GG_MODE_TELEPORT:
        case MC_GG_MODE_REPOSITION: ok = single(env, out, path, path_len); break;
        }
    } else if (s->mode == MC_GG_MODE_REPOSITION) {
        McReason *r = mc_reason_add(env, &out->reasons, "empty_path", "GG-TRT-1", "Reposition displaces the unit 1 hex: give that hex.");
        if (!r) return 0;
        r->unit = s->mover->id;
        out->legal = false;
        out->end = MC_GG_END_ILLEGAL;
    }
    if (!ok) return 0;
    // MOV.20/40 (GG-MOV-1): pivots are free; only a unit that cannot make a Move Action keeps its facing.
    if (out->legal && facing >= 0 && facing != s->mover->facing && s->mode == MC_GG_MODE_NONE) {
        McReason *r = mc_reason_add(env, &out->reasons, "no_pivot", "GG-TRT-1",
                                    "A unit Engaged by an enemy with Lockdown cannot make a Move Action, so it cannot pivot.");
        if (!r) return 0;
        r->unit = s->restrictions.items[0].unit;
        out->legal = false;
        out->end = MC_GG_END_ILLEGAL;
    }
    int pos = mc_board_index(s->board, out->final_hex);
    out->engager_count = mc_gg_engagers(s, pos, out->engagers);
    out->engaged = out->engager_count > 0;
    // GG-8.2: moving after starting Engaged forfeits the Melee Attack; GG-8.3-T: so does Nimble.
    if (s->mode == MC_GG_MODE_REPOSITION) out->may_melee = -1;
    else out->may_melee = !out->nimble && !(s->mode == MC_GG_MODE_ENGAGED && out->step_count > 0);
    return 1;
}
