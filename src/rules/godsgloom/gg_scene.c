// The GODSGLOOM catalogue (terrain, traits, abilities, tokens) and the prepared scene every query
// starts from: who stands where, which hexes lie in enemy Engagement Zones, the mover's movement
// points, whether it starts Engaged and which kind of move that leaves it (GG-8.2, GG-TRT-1).
#include <string.h>

#include "core/work.h"
#include "rules/godsgloom/gg.h"

// GG-TER-1 terrain table: only the movement keyword matters here (Difficult, Impassable);
// Hill, Forest and Barricades carry no movement keyword and cost as Open. A name and its keyword
// share an index, the board's terrain code.
const char *const mc_gg_terrain_names[MC_GG_TERRAIN_COUNT + 1] = {
    "open",  "difficult", "impassable", "hill",     "cliffs", "river",  "swamp",
    "lake",  "forest",    "building",   "statue",   "ruins",  "rubble", "barricades", NULL,
};
const McGgKeyword mc_gg_terrain_keyword[MC_GG_TERRAIN_COUNT] = {
    MC_GG_OPEN,       MC_GG_DIFFICULT,  MC_GG_IMPASSABLE, MC_GG_OPEN,       MC_GG_IMPASSABLE,
    MC_GG_DIFFICULT,  MC_GG_DIFFICULT,  MC_GG_IMPASSABLE, MC_GG_OPEN,       MC_GG_IMPASSABLE,
    MC_GG_IMPASSABLE, MC_GG_DIFFICULT,  MC_GG_DIFFICULT,  MC_GG_OPEN,
};

const McGgName mc_gg_trait_names[] = {
    {"skirmish", MC_GG_SKIRMISH},
    {"skirmisher", MC_GG_SKIRMISH}, // the older rules' name (GG-TRT-1)
    {"trample", MC_GG_TRAMPLE},
    {"nimble", MC_GG_NIMBLE},
    {"harass", MC_GG_NIMBLE}, // the older rules' name for Nimble
    {"circular defence", MC_GG_CIRCULAR_DEFENCE},
    {"circular defense", MC_GG_CIRCULAR_DEFENCE},
    {"breakaway", MC_GG_BREAKAWAY},
    {"lockdown", MC_GG_LOCKDOWN},
    {"flying", MC_GG_FLYING},
    {"ignore difficult", MC_GG_IGNORE_DIFFICULT},
    {"immovable", MC_GG_IMMOVABLE},
    {"combat shift", MC_GG_COMBAT_SHIFT},
    {"scout deploy", MC_GG_SCOUT_DEPLOY},
    {NULL, 0},
};

const McGgName mc_gg_ability_names[] = {
    {"reposition", MC_GG_REPOSITION},
    {"reconnaissance", MC_GG_RECONNAISSANCE},
    {"formation pivot", MC_GG_FORMATION_PIVOT},
    {"free pivot", MC_GG_FREE_PIVOT},
    {"tactical withdrawal", MC_GG_TACTICAL_WITHDRAWAL},
    {NULL, 0},
};

const McGgName mc_gg_token_names[] = {
    {"slow", MC_GG_SLOW}, {"fast", MC_GG_FAST}, {"boost", MC_GG_BOOST},
    {"weak", MC_GG_WEAK}, {"effect", MC_GG_EFFECT}, {NULL, 0},
};

const char *mc_gg_mode_name(McGgMode mode) {
    switch (mode) {
    case MC_GG_MODE_NORMAL: return "normal";
    case MC_GG_MODE_ENGAGED: return "engaged";
    case MC_GG_MODE_BREAKAWAY: return "breakaway";
    case MC_GG_MODE_TELEPORT: return "teleport";
    case MC_GG_MODE_REPOSITION: return "reposition";
    case MC_GG_MODE_NONE: return "none";
    }
    return "none";
}

const char *mc_gg_end_name(McGgEnd end) {
    switch (end) {
    case MC_GG_END_CHOICE: return "choice";
    case MC_GG_END_POINTS: return "points";
    case MC_GG_END_ZONE: return "engagement-zone";
    case MC_GG_END_MINIMUM: return "minimum-move";
    case MC_GG_END_ENGAGED_START: return "engaged-start";
    case MC_GG_END_TELEPORT: return "teleport";
    case MC_GG_END_REPOSITION: return "reposition";
    case MC_GG_END_ILLEGAL: return "illegal";
    }
    return "choice";
}

// A-GG-1: the front arc is the hex across the facing hexside and its neighbours on both sides.
// An arc of w hexes takes the directions f, f+1, f-1, f+2, f-2, f+3 in that order (an even width
// leans to the unit's left, the counter-clockwise side), so 1, 3 and 5 are symmetric and 6 is all.
// Asked of the hex next to u in direction `dir` (0..5): the scene's loops know the direction from
// the board's neighbour table (working it out again from the hexes was a sixth of a kept
// position's ask).
static bool dir_in_zone(const McGgScene *scene, const McGgUnit *u, int dir) {
    if (u->traits & MC_GG_CIRCULAR_DEFENCE) return true; // GG-EZ-1: all adjacent hexes
    static const int rank[MC_HEX_DIRECTIONS] = {0, 1, 3, 5, 4, 2};
    return rank[(dir - u->facing + MC_HEX_DIRECTIONS) % MC_HEX_DIRECTIONS] < scene->arc_width;
}

bool mc_gg_in_zone(const McGgScene *scene, const McGgUnit *u, McHex h) {
    int dir = mc_hex_direction_to(u->hex, h);
    return dir >= 0 && dir_in_zone(scene, u, dir);
}

int mc_gg_engagers(const McGgScene *scene, int pos, int *out) {
    int n = 0;
    // Only a hex in some enemy's zone has engagers (the zones are marked from the same units and
    // arcs): most hexes of a large board are in none, and the six neighbours need not be asked.
    if (scene->req->ignore_units || !(scene->zone[pos] & MC_GG_ZONE_ENEMY)) return 0;
    const int *nbs = scene->board->neighbors + MC_HEX_DIRECTIONS * pos;
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
        int u = nbs[d] >= 0 ? scene->occ[nbs[d]] : -1;
        // pos lies in direction d + 3 from the unit on its neighbour in direction d
        if (u < 0 || !scene->enemy[u] ||
            !dir_in_zone(scene, &scene->req->units[u], (d + 3) % MC_HEX_DIRECTIONS))
            continue;
        int k = n++;
        while (k > 0 && out[k - 1] > u) { // request order
            out[k] = out[k - 1];
            k--;
        }
        out[k] = u;
    }
    return n;
}

const char *mc_gg_ends_on_unit_text(McEnv *env, const char *there) {
    const char *text = mc_strf(env, "%s, already in that hex: a unit may never end its move in a hex occupied by another unit.", there);
    return text ? text : "A unit may never end its move in a hex occupied by another unit.";
}

const char *mc_gg_ends_on_unit_rule(const McGgScene *scene, int other) {
    const McGgUnit *o = &scene->req->units[other];
    bool friends_skirmish = !scene->enemy[other] && (o->traits & MC_GG_SKIRMISH);
    return !(scene->mover->traits & (MC_GG_SKIRMISH | MC_GG_TRAMPLE)) && friends_skirmish ? "GG-8.1-II" : "GG-8.1-I";
}

McGgEnter mc_gg_enter(const McGgScene *scene, int to) {
    McGgEnter e = {false, 0, false, NULL, NULL, -1};
    McGgKeyword kw = mc_gg_terrain_keyword[scene->board->terrain[to]];
    bool recon = scene->recon[to] != 0;
    // GG-TER-1 (A-GG-2): Impassable hexes cannot be entered; Reconnaissance lets friends treat one
    // as Open for the Move Action, but they still cannot finish on it.
    if (kw == MC_GG_IMPASSABLE && !recon) {
        e.code = "impassable";
        e.rule = "GG-TER-1";
        return e;
    }
    int occ = scene->occ[to];
    if (occ >= 0) {
        const McGgUnit *other = &scene->req->units[occ];
        // GG-8.1: no moving through units, except GG-8.1-I (the mover has Skirmish or Trample)
        // and GG-8.1-II (a friend with Skirmish lets friends through).
        bool through = (scene->mover->traits & (MC_GG_SKIRMISH | MC_GG_TRAMPLE)) ||
                       (!scene->enemy[occ] && (other->traits & MC_GG_SKIRMISH));
        if (!through) {
            e.code = "occupied";
            e.rule = "GG-8.1";
            e.blocker = occ;
            return e;
        }
        e.blocker = occ;
    }
    e.ok = true;
    bool difficult = kw == MC_GG_DIFFICULT && !recon && !(scene->mover->traits & MC_GG_IGNORE_DIFFICULT);
    e.cost = difficult ? scene->difficult_cost : scene->open_cost;
    e.may_end = occ < 0 && kw != MC_GG_IMPASSABLE;
    return e;
}

// Whether a walk on `pos` with `spent` points spent could still end on another hex: a neighbour
// (not `from`) it may enter within its points and end on, or one it may only pass through (a
// unit's hex, an Impassable one opened by Reconnaissance) from which it could go on the same way,
// up to `passes` such hexes in a row.
static bool goes_on(const McGgScene *s, int pos, int from, int spent, int passes) {
    mc_work_add(MC_HEX_DIRECTIONS);
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
        int nb = mc_board_neighbor(s->board, pos, d);
        if (nb < 0 || nb == from) continue;
        McGgEnter e = mc_gg_enter(s, nb);
        if (!e.ok || spent + e.cost > s->points) continue;
        if (e.may_end) return true;
        // (an empty zone hex would end the move on entering it: one it may not end on is no way on)
        if (passes > 0 && !mc_gg_zone_stops(s, nb) && goes_on(s, nb, pos, spent + e.cost, passes - 1)) return true;
    }
    return false;
}

McGgEnd mc_gg_walk_end(const McGgScene *s, int pos, int spent) {
    return goes_on(s, pos, -1, spent, MC_GG_GO_ON_PASSES) ? MC_GG_END_CHOICE : MC_GG_END_POINTS;
}

bool mc_gg_zone_stops(const McGgScene *scene, int pos) {
    if (scene->occ[pos] >= 0) return false; // GG-8.3 stops only on entering an *empty* hex
    unsigned z = scene->zone[pos];
    if (!(z & MC_GG_ZONE_ENEMY)) return false;
    // GG-8.3-T: Nimble ignores the stop; Lockdown negates Nimble (GG-TRT-1).
    return !scene->nimble || (z & MC_GG_ZONE_LOCKDOWN);
}

static int add_reason(McEnv *env, McGgScene *s, const char *code, const char *rule, const char *unit,
                      const char *text) {
    McReason *r = mc_reason_add(env, &s->restrictions, code, rule, "%s", text);
    if (!r) return 0;
    r->unit = unit;
    return 1;
}

// Lists unit ids "a, b" for a trace message.
static const char *id_list(McEnv *env, const McGgScene *s, const int *units, int n) {
    char buf[6 * (MC_MAX_STRING_BYTES + 2) + 1];
    size_t len = 0;
    buf[0] = '\0';
    for (int i = 0; i < n; i++) {
        const char *id = s->req->units[units[i]].id;
        size_t l = strlen(id);
        if (i) {
            memcpy(buf + len, ", ", 2);
            len += 2;
        }
        memcpy(buf + len, id, l);
        len += l;
        buf[len] = '\0';
    }
    return mc_strf(env, "%s", buf);
}

static int choose_mode(McEnv *env, McGgScene *s) {
    const McGgUnit *m = s->mover;
    const McGgRequest *req = s->req;
    if (req->action == MC_GG_ACTION_REPOSITION) {
        if (!(m->abilities & MC_GG_REPOSITION)) {
            s->mode = MC_GG_MODE_NONE;
            mc_trace(env, "GG-TRT-1", m->id, "the unit lacks the Reposition ability");
            return add_reason(env, s, "no_reposition", "GG-TRT-1", m->id,
                              "Only a unit with the Reposition ability can Reposition.");
        }
        // Reposition is a Displacement: Lockdown does not restrict it, and it works Engaged.
        s->mode = MC_GG_MODE_REPOSITION;
        mc_trace(env, "GG-TRT-1", m->id, "Reposition: displace 1 hex in any direction and pivot, even Engaged");
        return 1;
    }
    if (s->starts_engaged && s->lockdown_unit >= 0) {
        const char *by = req->units[s->lockdown_unit].id;
        s->mode = MC_GG_MODE_NONE;
        mc_trace(env, "GG-TRT-1", m->id, "Engaged by %s, which has Lockdown: no Move Action (Nimble and Breakaway are cancelled)", by);
        return add_reason(env, s, "locked_down", "GG-TRT-1", by,
                          "An enemy with Lockdown Engages this unit, so it cannot make a Move Action.");
    }
    if ((m->traits & MC_GG_FLYING) && !s->starts_engaged) {
        s->mode = MC_GG_MODE_TELEPORT;
        mc_trace(env, "GG-TRT-1", m->id, "Flying: the Move Action is a Teleport of at most Speed hexes");
        return 1;
    }
    if (m->traits & MC_GG_FLYING) {
        mc_trace(env, "GG-TRT-1", m->id, "Flying cannot be used while Engaged");
        if (!add_reason(env, s, "flying_engaged", "GG-TRT-1", m->id, "A Flying unit cannot Teleport while it is Engaged."))
            return 0;
    }
    if (s->starts_engaged && (m->traits & MC_GG_BREAKAWAY)) {
        s->mode = MC_GG_MODE_BREAKAWAY;
        mc_trace(env, "GG-TRT-1", m->id, "Breakaway: a normal Move Action although it starts Engaged; standard rules after leaving its hex");
    } else if (s->starts_engaged) {
        s->mode = MC_GG_MODE_ENGAGED;
        mc_trace(env, "GG-8.2", m->id, "starts Engaged: it may pivot, and move at most 1 hex, which forfeits its Melee Attack this activation");
        if (!add_reason(env, s, "starts_engaged", "GG-8.2", m->id,
                        "The unit starts its activation Engaged: it may pivot, and move at most 1 hex, which forfeits its Melee Attack this activation."))
            return 0;
    } else {
        s->mode = MC_GG_MODE_NORMAL;
    }
    // GG-8.3-T: Nimble ignores zone stops, but not for a unit that started Engaged unless
    // Breakaway let it leave (GG-TRT-1).
    s->nimble = (m->traits & MC_GG_NIMBLE) && s->mode != MC_GG_MODE_ENGAGED;
    if (s->nimble) mc_trace(env, "GG-8.3-T", m->id, "Nimble: entering enemy Engagement Zones does not stop the move, except zones of units with Lockdown; using it forbids a Melee Attack this activation");
    if (m->traits & MC_GG_IGNORE_DIFFICULT) mc_trace(env, "GG-TRT-1", m->id, "Ignore Difficult: Difficult hexes cost what Open ones do");
    return 1;
}

int mc_gg_prepare(McEnv *env, const McGgRequest *req, McGgScene *s) {
    memset(s, 0, sizeof *s);
    const McBoard *b = req->board;
    s->req = req;
    s->board = b;
    s->mover = &req->units[req->mover];
    s->start = mc_board_index(b, s->mover->hex);
    s->lockdown_unit = -1;
    s->occ = MC_NEW(env->arena, int, b->count);
    s->zone = MC_NEW(env->arena, unsigned char, b->count);
    s->recon = MC_NEW(env->arena, unsigned char, b->count);
    s->enemy = MC_NEW(env->arena, unsigned char, req->unit_count);
    if (!s->occ || !s->zone || !s->recon || !s->enemy) return 0;
    for (int i = 0; i < b->count; i++) s->occ[i] = -1;
    const McGgUnit *m = s->mover;
    // Sides compared once: the search asks about the units on its hexes again and again.
    for (int u = 0; u < req->unit_count; u++) s->enemy[u] = strcmp(req->units[u].side, m->side) != 0;

    s->arc_width = 3;
    bool zones_used = false, enemies = false, circular = false;
    if (!req->ignore_units) {
        for (int u = 0; u < req->unit_count; u++) {
            const McGgUnit *e = &req->units[u];
            if (u == req->mover) continue;
            int at = mc_board_index(b, e->hex);
            s->occ[at] = u;
            if (!s->enemy[u]) continue;
            enemies = true;
            circular |= (e->traits & MC_GG_CIRCULAR_DEFENCE) != 0;
            if (!(e->traits & MC_GG_CIRCULAR_DEFENCE) && !zones_used) {
                s->arc_width = (int)mc_param(env, MC_P_GG1_ARC_WIDTH);
                zones_used = true;
            }
            const int *nbs = b->neighbors + MC_HEX_DIRECTIONS * at;
            for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
                int nb = nbs[d];
                if (nb < 0 || !dir_in_zone(s, e, d)) continue;
                s->zone[nb] |= MC_GG_ZONE_ENEMY;
                if (e->traits & MC_GG_LOCKDOWN) s->zone[nb] |= MC_GG_ZONE_LOCKDOWN;
            }
        }
        if (enemies)
            mc_trace(env, "GG-EZ-1", NULL, "enemy Engagement Zones: each enemy's front arc of %d adjacent hex%s (A-GG-1)%s",
                     s->arc_width, s->arc_width == 1 ? "" : "es", circular ? ", all six with Circular Defence" : "");
        else
            mc_trace(env, "GG-EZ-1", NULL, "no enemy units: no Engagement Zones");
    } else {
        mc_trace(env, "GG-8.1", NULL, "ignoreUnits: no other unit occupies a hex or exerts an Engagement Zone");
    }

    for (int i = 0; i < req->recon_count; i++) {
        if (strcmp(req->recon[i].side, m->side) != 0) continue;
        int at = mc_board_index(b, req->recon[i].hex);
        s->recon[at] = 1;
        mc_trace(env, "GG-TER-1", m->id, "Reconnaissance: hex (q %d, r %d) counts as Open for this side's Move Actions",
                 req->recon[i].hex.q, req->recon[i].hex.r);
    }

    // A-GG-2: movement points = Speed, Slow -1, Fast +1, never below 0.
    s->open_cost = (int)mc_param(env, MC_P_GG2_OPEN_COST);
    s->difficult_cost = (int)mc_param(env, MC_P_GG2_DIFFICULT_COST);
    int points = m->speed;
    if (m->tokens & MC_GG_SLOW) points += (int)mc_param(env, MC_P_GG2_SLOW_DELTA);
    if (m->tokens & MC_GG_FAST) points += (int)mc_param(env, MC_P_GG2_FAST_DELTA);
    s->points = points < 0 ? 0 : points;
    mc_trace(env, "GG-MOV-1", m->id, "Speed %d%s%s: %d movement point%s", m->speed,
             (m->tokens & MC_GG_SLOW) ? ", Slow token" : "", (m->tokens & MC_GG_FAST) ? ", Fast token" : "",
             s->points, s->points == 1 ? "" : "s");

    s->engager_count = mc_gg_engagers(s, s->start, s->engagers);
    for (int i = 0; i < s->engager_count; i++)
        if (req->units[s->engagers[i]].traits & MC_GG_LOCKDOWN) {
            s->lockdown_unit = s->engagers[i];
            break;
        }
    if (m->engaged >= 0) {
        s->starts_engaged = m->engaged != 0;
        mc_trace(env, "GG-8.2", m->id, "the request says the unit starts %s", s->starts_engaged ? "Engaged" : "not Engaged");
    } else {
        s->starts_engaged = s->engager_count > 0;
        if (s->starts_engaged)
            mc_trace(env, "GG-EZ-1", m->id, "starts in the Engagement Zone of %s: Engaged", id_list(env, s, s->engagers, s->engager_count));
        else
            mc_trace(env, "GG-EZ-1", m->id, "starts outside every enemy Engagement Zone: not Engaged");
    }
    if (!s->starts_engaged) {
        s->engager_count = 0;
        s->lockdown_unit = -1;
    }
    return choose_mode(env, s);
}
