// The cc_ancients queries: the world read with the hex-game kit (json/hex_kit.h), its leaders
// standing with units and its two sides' baselines here; each entry parses its request, runs
// src/rules/cc_ancients/ and writes the result.
#include <string.h>

#include "core/limits.h"
#include "json/dispatch.h"
#include "json/hex_kit.h"
#include "json/write.h"
#include "movecalc.h"
#include "json/read_hex.h"
#include "json/write_reach.h"
#include "rules/cc_ancients/cca.h"
#include "rules/cc_ancients/cca_columns.h"

// ---- reading the board and the pieces ---------------------------------------------------------

static int side_index(CcaWorld *w, const char *name, int add) {
    for (int s = 0; s < w->side_count; s++)
        if (strcmp(w->side_names[s], name) == 0) return s;
    if (!add || w->side_count >= 2) return -1;
    w->side_names[w->side_count] = name;
    return w->side_count++;
}

// "baselines": {"<side>": "bottom"|"top", ...}; at most two sides, on different edges.
static int read_baselines(McRequest *rq, const cJSON *baselines, CcaWorld *w) {
    if (!cJSON_IsObject(baselines)) return mc_read_fail(rq, "bad_request", "expected an object {side: \"bottom\" | \"top\"}");
    static const char *const edges[] = {"bottom", "top", NULL};
    int seen[2] = {-1, -1};
    for (const cJSON *e = baselines->child; e; e = e->next) {
        if (!e->string || !*e->string || strlen(e->string) > MC_MAX_STRING_BYTES)
            return mc_read_fail(rq, "bad_request", "side names are non-empty strings");
        int s = side_index(w, e->string, 1);
        if (s < 0) return mc_read_fail_key(rq, e->string, "bad_request", "at most two sides");
        int edge = 0;
        if (!mc_read_enum(rq, baselines, e->string, 1, edges, &edge)) return 0;
        if (seen[edge] >= 0 && seen[edge] != s)
            return mc_read_fail_key(rq, e->string, "bad_request", "two sides cannot own the same edge");
        seen[edge] = s;
        w->side_top[s] = edge == 1;
    }
    // A side not named takes the other edge.
    for (int s = 0; s < w->side_count; s++) {
        if (seen[0] == s || seen[1] == s) continue;
        if (seen[0] >= 0) w->side_top[s] = true;
        else if (seen[1] >= 0) w->side_top[s] = false;
    }
    return 1;
}

// A piece's own fields (McHexGame.read_unit): the pieces are the kit's unit fields, so that the
// world's units are the rules' pieces. Blocks the unit had when the current combat began
// (rulebook §2 block counts).
static int read_unit(McRequest *rq, const cJSON *unit_obj, const McHexUnit *unit, void *fields) {
    CcaPiece *p = fields;
    p->type = (CcaType)unit->kind;
    p->blocks = mc_cca_types[p->type].blocks;
    if (mc_read_get(unit_obj, "blocks") && p->type == CCA_LEADER)
        return mc_read_fail_key(rq, "blocks", "bad_request", "a leader is one block; \"blocks\" is for units");
    return mc_read_int(rq, unit_obj, "blocks", 0, 1, mc_cca_types[p->type].blocks, &p->blocks);
}

// Piece i on the board (McHexGame.place): one of two sides; two units may not share a hex, only
// one leader may occupy a hex (CCA-LD-7), and a leader never stands with an enemy unit.
static int place(McRequest *rq, McHexWorld *world, int i) {
    CcaWorld *cca = world->game;
    const McHexUnit *unit = &world->units[i];
    int bc = world->board.count > 0 ? world->board.count : 1;
    if (!cca->unit_at) {
        cca->pieces = (CcaPiece *)world->fields;
        cca->unit_at = MC_NEW(rq->env.arena, int, bc);
        cca->leader_at = MC_NEW(rq->env.arena, int, bc);
        if (!cca->unit_at || !cca->leader_at) return mc_read_oom(rq);
        for (int k = 0; k < world->board.count; k++) cca->unit_at[k] = cca->leader_at[k] = -1;
    }
    CcaPiece *p = &cca->pieces[i];
    p->id = unit->id;
    p->side = side_index(cca, unit->side, 1);
    if (p->side < 0) return mc_read_fail_key(rq, "side", "bad_request", "C&C: Ancients has two sides; \"%s\" is a third", unit->side);
    if (!mc_hex_on_board(rq, unit)) return 0;
    p->pos = unit->pos;
    int *at = p->type == CCA_LEADER ? cca->leader_at : cca->unit_at;
    if (at[p->pos] >= 0)
        return mc_read_fail(rq, "bad_request", "%s and %s stand on the same hex", cca->pieces[at[p->pos]].id, p->id);
    at[p->pos] = i;
    int unit_here = cca->unit_at[p->pos], leader_here = cca->leader_at[p->pos];
    if (unit_here >= 0 && leader_here >= 0 && cca->pieces[unit_here].side != cca->pieces[leader_here].side)
        return mc_read_fail(rq, "bad_request", "leader %s stands with the enemy unit %s", cca->pieces[leader_here].id, cca->pieces[unit_here].id);
    return 1;
}

// The world's own part after the pieces (McHexGame.read_world): the baselines, the occupancy
// maps and the attachments.
static int read_world(McRequest *rq, const cJSON *req, const cJSON *board_obj, McHexWorld *world) {
    CcaWorld *cca = world->game;
    cca->board = &world->board;
    cca->pieces = (CcaPiece *)world->fields;
    cca->count = world->unit_count;
    // The first side named owns the bottom edge unless "baselines" says otherwise (docs/api.md).
    cca->side_top[0] = false;
    cca->side_top[1] = true;
    const cJSON *bl_top = mc_read_get(req, "baselines"), *bl_board = board_obj ? mc_read_get(board_obj, "baselines") : NULL;
    if (bl_top && bl_board) return mc_read_fail_key(rq, "baselines", "bad_request", "give \"baselines\" once, at the top level or in the board");
    if (bl_top || bl_board) {
        int s1 = bl_top ? mc_read_push_key(rq, "baselines") : mc_read_push_key(rq, "board");
        int s2 = bl_top ? s1 : mc_read_push_key(rq, "baselines");
        if (!read_baselines(rq, bl_top ? bl_top : bl_board, cca)) return 0;
        mc_read_pop(rq, s2);
        mc_read_pop(rq, s1);
    }
    if (!mc_cca_world_init(&rq->env, cca)) return mc_read_oom(rq);
    for (int i = 0; i < cca->count; i++) cca->pieces[i].id = world->units[i].id; // the kept world's own ids
    // A kept world outlives the tree's unit objects an update replaces: it holds its own side
    // names, to tell a piece replaced under its own side from one moved to the other.
    for (int s = 0; s < cca->side_count && rq->kept; s++)
        if (!(cca->side_names[s] = mc_arena_dup(rq->env.arena, cca->side_names[s], strlen(cca->side_names[s]) + 1, 1)))
            return mc_read_oom(rq);
    return 1;
}

// The attachment on board index `pos` as mc_cca_world_init makes it: its leader attached to its
// unit when both stand there and are friends (CCA-LD-8).
static void attach_at(CcaWorld *cca, int pos) {
    int unit = cca->unit_at[pos], leader = cca->leader_at[pos];
    if (unit >= 0) cca->pieces[unit].leader = -1;
    if (leader >= 0) cca->pieces[leader].unit = -1;
    if (unit >= 0 && leader >= 0 && cca->pieces[unit].side == cca->pieces[leader].side) {
        cca->pieces[unit].leader = leader;
        cca->pieces[leader].unit = unit;
    }
}

// Piece i replaced in place by `unit` (McHexGame.replace_unit): moved on the occupancy maps and
// attached anew on the hexes it left and entered. 0 when it is not as simply replaced (a new side,
// a hex it may not share).
static int replace_unit(McHexWorld *world, int i, const McHexUnit *unit, const void *read) {
    CcaWorld *cca = world->game;
    CcaPiece p = *(const CcaPiece *)read, *old = &cca->pieces[i];
    if (strcmp(unit->side, cca->side_names[old->side]) != 0) return 0;
    int from = old->pos, to = unit->pos;
    (old->type == CCA_LEADER ? cca->leader_at : cca->unit_at)[from] = -1;
    int *at = p.type == CCA_LEADER ? cca->leader_at : cca->unit_at;
    int other = (p.type == CCA_LEADER ? cca->unit_at : cca->leader_at)[to];
    if (at[to] >= 0 || (other >= 0 && cca->pieces[other].side != old->side)) return 0;
    at[to] = i;
    p.id = old->id;
    p.side = old->side;
    p.pos = to;
    *old = p;
    attach_at(cca, from);
    attach_at(cca, to);
    return 1;
}

static const char *const unit_keys[] = {"blocks", NULL};
static const char *const board_keys[] = {"baselines", NULL};
static const McBoardSpec board = {mc_cca_terrain_names, board_keys, 1};
static const McHexGame game = {.terrain = mc_cca_terrain_names,
                               .unit_keys = unit_keys,
                               .unit_size = sizeof(CcaPiece),
                               .read_unit = read_unit,
                               .replace_unit = replace_unit,
                               .types = mc_cca_type_names,
                               .board = &board,
                               .id_last = true,
                               .world_size = sizeof(CcaWorld),
                               .place = place,
                               .read_world = read_world};
MC_HEX_WORLD(world_of, game)

const char *mc_cca_terrain_kind(int i) { return mc_hex_terrain_kind(&game, i); }

// A request's pieces (a copy of the world's, kept or read anew), their ids and the kit's world.
typedef struct Req {
    CcaWorld w;
    const McIdMap *ids;
    const McHexWorld *world;
} Req;

static int get_world(McRequest *rq, const cJSON *req, Req *r) {
    const McHexWorld *hw = world_of(rq, req);
    if (!hw) return 0;
    r->w = *(const CcaWorld *)hw->game;
    r->ids = &hw->ids;
    r->world = hw;
    return 1;
}

// ---- writing ----------------------------------------------------------------------------------

// `brief`: an empty list is left out (a brief reach entry, docs/api/cc-ancients.md).
static void write_enemies(McRequest *rq, cJSON *o, const CcaWorld *w, int pos, int side, bool brief) {
    int ids[MC_HEX_DIRECTIONS];
    int n = mc_cca_adjacent_enemies(w, pos, side, ids, MC_HEX_DIRECTIONS);
    if (brief && n == 0) return;
    cJSON *arr = mc_write_array(rq, o, "adjacentEnemies");
    for (int i = 0; i < n && arr; i++) mc_write_add(rq, arr, NULL, cJSON_CreateString(w->pieces[ids[i]].id));
}

// `brief` (a brief reach entry): hexesMoved (the entry's cost), canBattle when true, mustBattle
// when false and an empty adjacentEnemies are left out.
static void write_end(McRequest *rq, cJSON *o, const CcaWorld *w, int piece, const CcaEnd *end, int pos, bool ignore, bool brief) {
    const CcaPiece *p = &w->pieces[piece];
    if (!brief) mc_write_number(rq, o, "hexesMoved", end->hexes);
    if (!brief || !end->can_battle) mc_write_bool(rq, o, "canBattle", end->can_battle);
    if (!brief || end->must_battle) mc_write_bool(rq, o, "mustBattle", end->must_battle);
    if (!end->can_battle && end->no_battle_rule) mc_write_string(rq, o, "noBattleRule", end->no_battle_rule);
    if (end->stopped_by) mc_write_string(rq, o, "stoppedBy", end->stopped_by);
    if (end->attaches >= 0)
        mc_write_string(rq, o, p->type == CCA_LEADER ? "attachesTo" : "leaderAttaches", w->pieces[end->attaches].id);
    if (end->roll) mc_write_bool(rq, o, "marshRoll", 1);
    if (end->warrior_charge) mc_write_bool(rq, o, "warriorCharge", 1);
    if (end->warrior_charge && end->needs_enemy) mc_write_bool(rq, o, "needsAdjacentEnemy", 1);
    if (!ignore && p->type != CCA_LEADER) write_enemies(rq, o, w, pos, p->side, brief);
}

static void write_units(McRequest *rq, cJSON *parent, const CcaWorld *w) {
    cJSON *arr = mc_write_array(rq, parent, "units");
    for (int i = 0; i < w->count && arr; i++) {
        const CcaPiece *p = &w->pieces[i];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "id", p->id);
        mc_write_string(rq, o, "side", w->side_names[p->side]);
        mc_write_string(rq, o, "type", mc_cca_type_names[p->type]);
        mc_write_hex_fields(rq, o, w->board->hexes[p->pos]);
        if (p->type == CCA_LEADER && p->unit >= 0) mc_write_string(rq, o, "attachedTo", w->pieces[p->unit].id);
    }
}

// ---- reach ------------------------------------------------------------------------------------

// The flag bits of a reach hex (docs/api.md "Arrays"), each the field write_end gives.
static int32_t end_flags(const CcaWorld *w, int piece, const CcaEnd *end, int pos, bool ignore) {
    const CcaPiece *p = &w->pieces[piece];
    const char *stop = end->stopped_by ? end->stopped_by : "";
    int ids[MC_HEX_DIRECTIONS];
    bool enemies = !ignore && p->type != CCA_LEADER && mc_cca_adjacent_enemies(w, pos, p->side, ids, MC_HEX_DIRECTIONS) > 0;
    return (end->can_battle ? MC_CCA_REACH_CAN_BATTLE : 0) | (end->must_battle ? MC_CCA_REACH_MUST_BATTLE : 0) |
           (strcmp(stop, "terrain") == 0 ? MC_CCA_REACH_STOPPED_TERRAIN : 0) |
           (strcmp(stop, "leader") == 0 ? MC_CCA_REACH_STOPPED_LEADER : 0) |
           (strcmp(stop, "allowance") == 0 ? MC_CCA_REACH_STOPPED_ALLOWANCE : 0) |
           (end->attaches >= 0 ? MC_CCA_REACH_ATTACHES : 0) | (end->roll ? MC_CCA_REACH_MARSH_ROLL : 0) |
           (end->warrior_charge ? MC_CCA_REACH_WARRIOR_CHARGE : 0) |
           (end->warrior_charge && end->needs_enemy ? MC_CCA_REACH_NEEDS_ENEMY : 0) |
           (enemies ? MC_CCA_REACH_ADJACENT_ENEMY : 0);
}

// A reach as the kit writes it (McHexEnds): its ends in board order, without nodes.
typedef struct Reach {
    const CcaMover *m;
    const CcaReachHex *hexes;
    bool ignore;
    const char *rule; ///< the movement clause
} Reach;

static McHexEnd reach_end(const void *ctx, int i) {
    const Reach *r = ctx;
    const CcaWorld *w = r->m->w;
    const CcaReachHex *h = &r->hexes[i];
    int from = h->parent == w->pieces[r->m->piece].pos ? -1 : h->parent;
    McReachRow row = {h->hex, h->pos, h->path_len, from, end_flags(w, r->m->piece, &h->end, h->pos, r->ignore)};
    return (McHexEnd){row, h->path, h->path_len, w->board->hexes[h->parent], -1, -1, h->path_len};
}

static void end_fields(McRequest *rq, cJSON *entry, int i, bool parent, bool brief, const void *ctx) {
    (void)parent;
    const Reach *r = ctx;
    const CcaReachHex *h = &r->hexes[i];
    write_end(rq, entry, r->m->w, r->m->piece, &h->end, h->pos, r->ignore, brief);
}

// The fields a reach and a whyNot give after "unit" (McHexReachWriter.header): the mover's type,
// start and allowance.
static void write_mover(McRequest *rq, cJSON *result, const McHexReach *asked, const void *ctx) {
    (void)asked;
    const Reach *r = ctx;
    const CcaWorld *w = r->m->w;
    const CcaPiece *p = &w->pieces[r->m->piece];
    mc_write_string(rq, result, "type", mc_cca_type_names[p->type]);
    mc_write_reach_hex(rq, result, "start", w->board->hexes[p->pos], false);
    mc_write_number(rq, result, "allowance", r->m->allowance);
    mc_write_bool(rq, result, "ignoreUnits", r->ignore);
    if (r->m->carried >= 0) mc_write_string(rq, result, "leaderMovesWith", w->pieces[r->m->carried].id);
}

static int run_reach(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    int unit = -1, ignore = 0;
    McHexReach asked; // the kit's reading of "unit" (read above, before "ignoreUnits"), "paths" and "detail"
    if (!mc_read_ref(rq, r.ids, req, "unit", 1, &unit) || !mc_read_bool(rq, req, "ignoreUnits", 0, &ignore) ||
        !mc_hex_reach_read(rq, req, r.world, &asked))
        return 0;
    const CcaWorld *w = &r.w;
    const CcaPiece *p = &w->pieces[unit];
    CcaMover m = mc_cca_mover(w, unit, ignore);
    if (p->type == CCA_LEADER) {
        mc_trace(&rq->env, "CCA-LD-1", p->id, "A leader moving alone moves 1 to 3 hexes, through friendly units and leaders.");
        if (p->unit >= 0) mc_trace(&rq->env, "CCA-LD-9", p->id, "Attached to %s: moving alone means detaching.", w->pieces[p->unit].id);
    } else {
        mc_trace(&rq->env, m.allowance_rule, p->id, "A %s moves up to %d hex%s.", mc_cca_types[p->type].name, m.allowance,
                 m.allowance == 1 ? "" : "es");
        if (m.carried >= 0) mc_trace(&rq->env, "CCA-LD-8", w->pieces[m.carried].id, "Attached: moves with %s.", p->id);
    }
    if (m.allowance_rule && strcmp(m.allowance_rule, "CCA-TER-1") == 0)
        mc_trace(&rq->env, "CCA-TER-1", p->id, "Leaving a marsh: 1 hex only.");
    if (ignore) mc_trace(&rq->env, "CCA-MV-4", p->id, "What-if: every other unit and leader is ignored.");
    CcaReachHex *hexes;
    int n;
    if (!mc_cca_reach(&rq->env, &m, &hexes, &n)) return mc_read_oom(rq);
    const Reach reach = {&m, hexes, ignore != 0, p->type == CCA_LEADER ? "CCA-LD-1" : m.allowance_rule};
    const McHexEnds ends = {.count = n, .get = reach_end, .fields = end_fields};
    const McHexReachWriter writer = {.rule = reach.rule, .header = write_mover, .ctx = &reach, .ends = &ends};
    if (!mc_write_hex_reach(rq, result, &asked, &writer)) return 0;
    if (!rq->columns) mc_trace(&rq->env, reach.rule, p->id, "%d hex%s where it may end.", n, n == 1 ? "" : "es");
    return 1;
}

// ---- move -------------------------------------------------------------------------------------

static int run_move(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    int unit = -1, ignore = 0, n = 0;
    McHex *path = NULL;
    if (!mc_read_ref(rq, r.ids, req, "unit", 1, &unit) || !mc_read_bool(rq, req, "ignoreUnits", 0, &ignore) ||
        !mc_read_hex_path(rq, req, "path", NULL, NULL, &path, &n))
        return 0;
    const CcaWorld *w = &r.w;
    const CcaPiece *p = &w->pieces[unit];
    CcaMover m = mc_cca_mover(w, unit, ignore);
    const McHex *walked = path;
    int skipped = mc_path_skip_start(&walked, &n, w->board->hexes[p->pos], 0);
    CcaPathResult pr;
    mc_cca_check_path(&rq->env, &m, walked, n, &pr);
    // `final` is where the legal part of the path ends (docs/api.md "Hex boards").
    McHex final = w->board->hexes[pr.final_pos];
    mc_reasons_shift_steps(&pr.reasons, skipped);
    mc_trace(&rq->env, m.allowance_rule, p->id, "Checked %d step%s against an allowance of %d: %s.", n, n == 1 ? "" : "s",
             m.allowance, pr.legal ? "legal" : "illegal");
    mc_write_bool(rq, result, "legal", pr.legal);
    mc_write_reasons(rq, result, "reasons", &pr.reasons);
    mc_write_string(rq, result, "unit", p->id);
    mc_write_reach_hex(rq, result, "final", final, false);
    mc_write_number(rq, result, "allowance", m.allowance);
    if (m.carried >= 0) mc_write_string(rq, result, "leaderMovesWith", w->pieces[m.carried].id);
    if (pr.legal) write_end(rq, result, w, unit, &pr.end, pr.final_pos, ignore, false);
    return 1;
}

// ---- whyNot -----------------------------------------------------------------------------------

static int run_why_not(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    int unit = -1, ignore = 0;
    McWhyNot w;
    memset(&w, 0, sizeof w);
    w.needs = -1;
    if (!mc_read_ref(rq, r.ids, req, "unit", 1, &unit) || !mc_read_bool(rq, req, "ignoreUnits", 0, &ignore) ||
        !mc_read_hex_at(rq, req, "to", 1, &w.to, NULL))
        return 0;
    CcaMover m = mc_cca_mover(&r.w, unit, ignore);
    CcaReachHex *hexes;
    int n;
    if (!mc_cca_reach(&rq->env, &m, &hexes, &n)) return mc_read_oom(rq);
    mc_write_string(rq, result, "unit", m.w->pieces[unit].id);
    const Reach mover = {&m, NULL, ignore != 0, NULL};
    write_mover(rq, result, NULL, &mover);
    McQuiet quiet = mc_why_not_quiet_begin(rq);
    int ok = mc_cca_why_not(&rq->env, &m, hexes, n, &w);
    mc_why_not_quiet_end(rq, quiet);
    if (!ok) return mc_read_oom(rq);
    mc_write_why_not(rq, result, &w);
    return 1;
}

// ---- order ------------------------------------------------------------------------------------

static int read_section(McRequest *rq, const cJSON *obj, int required, const CcaWorld *w, unsigned *out) {
    static const char *const names[] = {"left", "center", "right", NULL};
    const unsigned bits[] = {MC_CCA_LEFT, MC_CCA_CENTER, MC_CCA_RIGHT};
    if (!mc_read_get(obj, "section") && !required) return 1;
    int s = 0;
    if (!mc_read_enum(rq, obj, "section", 1, names, &s)) return 0;
    if (!w->has_sections)
        return mc_read_fail_key(rq, "section", "bad_request", "sections are defined only on the 13 x 9 C&C: Ancients board");
    *out = bits[s];
    return 1;
}

static int read_card(McRequest *rq, const cJSON *req, Req *r, CcaCard *card) {
    static const char *const kinds[] = {"section", "order mounted troops", "i am spartacus", "leadership", "double time",
                                        "mounted charge", "line command", "order light troops", "move-fire-move", NULL};
    const cJSON *c = mc_read_get(req, "card");
    if (!c) return mc_read_fail_key(rq, "card", "bad_request", "missing required field \"card\"");
    int saved = mc_read_push_key(rq, "card");
    if (!cJSON_IsObject(c)) return mc_read_fail(rq, "bad_request", "expected an object");
    int kind = 0;
    if (!mc_read_enum(rq, c, "type", 1, kinds, &kind)) return 0;
    memset(card, 0, sizeof *card);
    card->kind = (CcaCardKind)kind;
    card->leader = -1;
    switch (card->kind) {
    case CCA_CARD_SECTION: {
        static const char *const keys[] = {"type", "section", "orders", NULL};
        if (!mc_read_object(rq, c, keys) || !read_section(rq, c, 1, &r->w, &card->section) ||
            !mc_read_int(rq, c, "orders", 1, 1, MC_MAX_UNITS, &card->orders))
            return 0;
        break;
    }
    case CCA_CARD_MOUNTED:
    case CCA_CARD_MOUNTED_CHARGE:
    case CCA_CARD_ORDER_LIGHT:
    case CCA_CARD_MOVE_FIRE_MOVE: {
        // Cards ordering units "equal to Command": `orders` is the side's Command.
        static const char *const keys[] = {"type", "orders", NULL};
        if (!mc_read_object(rq, c, keys) || !mc_read_int(rq, c, "orders", 1, 1, MC_MAX_UNITS, &card->orders)) return 0;
        break;
    }
    case CCA_CARD_DOUBLE_TIME:
    case CCA_CARD_LINE_COMMAND: {
        static const char *const keys[] = {"type", NULL};
        if (!mc_read_object(rq, c, keys)) return 0;
        break;
    }
    case CCA_CARD_SPARTACUS: {
        static const char *const keys[] = {"type", "orders", "dice", NULL};
        static const char *const symbols[] = {"light", "medium", "heavy", "leader", "flag", "swords", NULL};
        if (!mc_read_object(rq, c, keys)) return 0;
        if ((mc_read_get(c, "orders") != NULL) == (mc_read_get(c, "dice") != NULL))
            return mc_read_fail(rq, "bad_request", "give either \"dice\" (the symbols rolled) or \"orders\"");
        if (mc_read_get(c, "orders")) {
            if (!mc_read_int(rq, c, "orders", 1, 1, MC_MAX_UNITS, &card->orders)) return 0;
            break;
        }
        const cJSON *list;
        int n;
        if (!mc_read_array(rq, c, "dice", 1, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
        card->has_dice = true;
        MC_EACH(rq, list, "dice", it) {
            const char *s = NULL;
            if (!mc_read_string_value(rq, it.item, &s)) return 0;
            int k = 0;
            while (symbols[k] && strcmp(symbols[k], s) != 0) k++;
            if (!symbols[k])
                return mc_read_fail(rq, "bad_request", "expected one of \"light\", \"medium\", \"heavy\", \"leader\", \"flag\", \"swords\"");
            card->dice[k]++;
        }
        break;
    }
    case CCA_CARD_LEADERSHIP: {
        static const char *const keys[] = {"type", "leader", "section", "linked", NULL};
        if (!mc_read_object(rq, c, keys) || !read_section(rq, c, 0, &r->w, &card->section) ||
            !mc_read_ref(rq, r->ids, c, "leader", 0, &card->leader))
            return 0;
        // Leadership Any Section: the leader's hex and 3 adjacent linked hexes; Inspired: 4.
        card->linked = card->section ? 4 : 3;
        if (!mc_read_int(rq, c, "linked", 0, 0, MC_MAX_UNITS, &card->linked)) return 0;
        if (card->leader >= 0 && r->w.pieces[card->leader].type != CCA_LEADER)
            return mc_read_fail_key(rq, "leader", "bad_request", "%s is not a leader", r->w.pieces[card->leader].id);
        break;
    }
    }
    mc_read_pop(rq, saved);
    return 1;
}

// The "ordered" list: ids of distinct units and leaders, as indices into the world's pieces.
static int read_ordered(McRequest *rq, const cJSON *req, const Req *r, int **out, int *count) {
    const cJSON *list;
    if (!mc_read_array(rq, req, "ordered", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &list, count)) return 0;
    int *ordered = MC_NEW(rq->env.arena, int, *count > 0 ? *count : 1);
    bool *listed = MC_NEW(rq->env.arena, bool, r->w.count > 0 ? r->w.count : 1);
    if (!ordered || !listed) return mc_read_oom(rq);
    MC_EACH(rq, list, "ordered", it) {
        const char *id = NULL;
        if (!mc_read_string_value(rq, it.item, &id)) return 0;
        int k = mc_ids_find(r->ids, id);
        if (k < 0) return mc_read_fail(rq, "unknown_unit", "no unit or leader has the id \"%s\"", id);
        if (listed[k]) return mc_read_fail(rq, "bad_request", "%s is ordered twice", id);
        listed[k] = true;
        ordered[it.index] = k;
    }
    *out = ordered;
    return 1;
}

// The "moves" list: {unit, path, second?} in the order they are made.
static int read_order_moves(McRequest *rq, const cJSON *req, const Req *r, CcaOrderMove **out, int *count) {
    const cJSON *list;
    if (!mc_read_array(rq, req, "moves", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &list, count)) return 0;
    CcaOrderMove *moves = MC_NEW(rq->env.arena, CcaOrderMove, *count > 0 ? *count : 1);
    if (!moves) return mc_read_oom(rq);
    MC_EACH(rq, list, "moves", it) {
        static const char *const keys[] = {"unit", "path", "second", NULL};
        const cJSON *e = it.item;
        CcaOrderMove *m = &moves[it.index];
        McHex *path = NULL;
        int second = 0;
        if (!mc_read_object(rq, e, keys) || !mc_read_ref(rq, r->ids, e, "unit", 1, &m->piece) ||
            !mc_read_hex_path(rq, e, "path", NULL, NULL, &path, &m->n) || !mc_read_bool(rq, e, "second", 0, &second))
            return 0;
        m->path = path;
        m->second = second;
    }
    *out = moves;
    return 1;
}

static void write_order_moves(McRequest *rq, cJSON *result, const CcaWorld *w, const CcaOrderResult *res,
                              const CcaOrderMove *moves, int n_mv) {
    cJSON *arr = mc_write_array(rq, result, "moves");
    for (int k = 0; k < n_mv && arr; k++) {
        const CcaMoveOutcome *o = &res->moves[k];
        cJSON *mo = mc_write_push_object(rq, arr);
        if (!mo) break;
        mc_write_string(rq, mo, "unit", w->pieces[o->piece].id);
        mc_write_bool(rq, mo, "legal", o->legal);
        mc_write_reasons(rq, mo, "reasons", &o->reasons);
        mc_write_reach_hex(rq, mo, "from", w->board->hexes[o->from], false);
        mc_write_reach_hex(rq, mo, "final", w->board->hexes[o->to], false);
        if (o->carried >= 0) mc_write_string(rq, mo, "leaderMovesWith", w->pieces[o->carried].id);
        if (moves[k].second) mc_write_bool(rq, mo, "second", 1);
        if (o->legal) {
            const CcaEnd *end = &o->end;
            mc_write_number(rq, mo, "hexesMoved", end->hexes);
            if (end->stopped_by) mc_write_string(rq, mo, "stoppedBy", end->stopped_by);
            if (end->attaches >= 0)
                mc_write_string(rq, mo, w->pieces[o->piece].type == CCA_LEADER ? "attachesTo" : "leaderAttaches",
                             w->pieces[end->attaches].id);
            if (end->roll) mc_write_bool(rq, mo, "marshRoll", 1);
        }
    }
}

static void write_battle(McRequest *rq, cJSON *result, const CcaWorld *w, const CcaOrderResult *res) {
    cJSON *battle = mc_write_array(rq, result, "battle");
    for (int k = 0; k < res->battle_count && battle; k++) {
        const CcaBattleEntry *b = &res->battle[k];
        const CcaPiece *p = &w->pieces[b->piece];
        cJSON *bo = mc_write_push_object(rq, battle);
        if (!bo) break;
        mc_write_string(rq, bo, "unit", p->id);
        mc_write_bool(rq, bo, "canBattle", b->can_battle);
        mc_write_bool(rq, bo, "mustBattle", b->must_battle);
        if (!b->can_battle && b->no_battle_rule) mc_write_string(rq, bo, "noBattleRule", b->no_battle_rule);
        if (!b->can_battle) mc_write_reasons(rq, bo, "noBattleReasons", &b->no_battle);
        mc_write_bool(rq, bo, "closeCombat", b->close_combat);
        mc_write_bool(rq, bo, "rangedCombat", b->ranged_combat);
        if (b->extra_dice) mc_write_number(rq, bo, "extraDice", b->extra_dice);
        mc_write_number(rq, bo, "hexesMoved", b->hexes);
        if (p->leader >= 0) mc_write_string(rq, bo, "leader", w->pieces[p->leader].id);
        write_enemies(rq, bo, w, p->pos, p->side, false);
    }
}

static int run_order(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    CcaWorld *w = &r.w;
    const char *side_name = NULL;
    if (!mc_read_string(rq, req, "side", 1, &side_name)) return 0;
    int side = side_index(w, side_name, 0);
    if (side < 0) return mc_read_fail_key(rq, "side", "bad_request", "no unit or baseline belongs to the side \"%s\"", side_name);
    CcaCard card;
    // (set by the readers; initialised for the compiler, which cannot see every path set them)
    int *ordered = NULL, n_ord = 0, n_mv = 0;
    CcaOrderMove *moves = NULL;
    if (!read_card(rq, req, &r, &card) || !read_ordered(rq, req, &r, &ordered, &n_ord) ||
        !read_order_moves(rq, req, &r, &moves, &n_mv))
        return 0;
    // The order moves copies of the pieces: a position's kept world stays as it was read.
    int bc = w->board->count;
    w->pieces = mc_arena_dup(rq->env.arena, w->pieces, (size_t)w->count, sizeof *w->pieces);
    w->unit_at = mc_arena_dup(rq->env.arena, w->unit_at, (size_t)bc, sizeof *w->unit_at);
    w->leader_at = mc_arena_dup(rq->env.arena, w->leader_at, (size_t)bc, sizeof *w->leader_at);
    if (!w->pieces || !w->unit_at || !w->leader_at) return mc_read_oom(rq);
    CcaOrderResult res;
    if (!mc_cca_order(&rq->env, w, side, &card, ordered, n_ord, moves, n_mv, &res))
        return mc_read_oom(rq);
    mc_write_bool(rq, result, "legal", res.legal);
    mc_write_reasons(rq, result, "reasons", &res.reasons);
    mc_write_number(rq, result, "ordersUsed", res.orders_used);
    mc_write_number(rq, result, "ordersAllowed", res.orders_allowed);
    write_order_moves(rq, result, w, &res, moves, n_mv);
    write_battle(rq, result, w, &res);
    cJSON *fin = mc_write_object(rq, result, "final");
    if (fin) write_units(rq, fin, w);
    return 1;
}

// ---- retreat ----------------------------------------------------------------------------------

// The optional attacking unit: an enemy unit of `piece`.
static int read_attacker(McRequest *rq, const cJSON *req, const Req *r, int piece, int *out) {
    *out = -1;
    if (!mc_read_ref(rq, r->ids, req, "attacker", 0, out)) return 0;
    if (*out < 0) return 1;
    const CcaPiece *a = &r->w.pieces[*out];
    if (a->type == CCA_LEADER) return mc_read_fail_key(rq, "attacker", "bad_request", "%s is a leader; a leader alone never battles", a->id);
    if (a->side == r->w.pieces[piece].side)
        return mc_read_fail_key(rq, "attacker", "bad_request", "%s is on the same side as %s", a->id, r->w.pieces[piece].id);
    return 1;
}

static void write_ids(McRequest *rq, cJSON *o, const char *key, const CcaWorld *w, const int *pieces, int n) {
    cJSON *arr = mc_write_array(rq, o, key);
    for (int i = 0; i < n && arr; i++) mc_write_add(rq, arr, NULL, cJSON_CreateString(w->pieces[pieces[i]].id));
}

static void write_retreat_path(McRequest *rq, cJSON *o, const CcaWorld *w, const CcaRetreatPath *p) {
    cJSON *pa = mc_write_array(rq, o, "path");
    for (int k = 0; k < p->len && pa; k++) mc_write_hex_push(rq, pa, p->path[k]);
    mc_write_reach_hex(rq, o, "final", w->board->hexes[p->final_pos], false);
    mc_write_number(rq, o, "hexesMoved", p->len);
    mc_write_number(rq, o, "hexesShort", p->short_hexes);
    mc_write_number(rq, o, "blocksLost", p->blocks_lost);
    mc_write_bool(rq, o, "legal", p->legal);
    mc_write_string(rq, o, "stoppedBy", p->attaches >= 0 ? "leader" : p->short_hexes > 0 ? "blocked" : "complete");
    if (p->attaches >= 0) mc_write_string(rq, o, "leaderAttaches", w->pieces[p->attaches].id);
    if (p->short_hexes > 0) mc_write_reasons(rq, o, "blocked", &p->blocked);
    if (p->blocker_count > 0) {
        cJSON *arr = mc_write_array(rq, o, "blockersLose");
        for (int k = 0; k < p->blocker_count && arr; k++) {
            cJSON *b = mc_write_push_object(rq, arr);
            if (!b) break;
            const CcaPiece *bp = &w->pieces[p->blockers[k]];
            mc_write_string(rq, b, "unit", bp->id);
            // Each unit loses one block per hex the elephant could not retreat; a lone enemy
            // leader is removed.
            if (bp->type == CCA_LEADER) mc_write_bool(rq, b, "eliminated", 1);
            else mc_write_number(rq, b, "blocks", p->short_hexes);
        }
    }
    if (p->marsh_rolls) mc_write_number(rq, o, "marshRolls", p->marsh_rolls);
    if (p->eliminated) mc_write_bool(rq, o, "eliminated", 1);
    if (p->leader_check) mc_write_number(rq, o, "leaderCasualtyDice", p->leader_check);
}

static int run_retreat(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    CcaRetreatAsk ask = {-1, 0, 0, 0, -1, -1, false};
    int across = 0;
    if (!mc_read_ref(rq, r.ids, req, "unit", 1, &ask.piece)) return 0;
    const CcaWorld *w = &r.w;
    const CcaPiece *p = &w->pieces[ask.piece];
    if (p->type == CCA_LEADER)
        return mc_read_fail_key(rq, "unit", "bad_request", "%s is a leader: flags against a lone leader have no effect (see evade)", p->id);
    if (!mc_read_int(rq, req, "flags", 1, 0, MC_MAX_LIST_ITEMS, &ask.flags) ||
        !mc_read_int(rq, req, "hits", 0, 0, MC_MAX_LIST_ITEMS, &ask.hits) || !read_attacker(rq, req, &r, ask.piece, &ask.attacker) ||
        !mc_read_int(rq, req, "ignore", 0, 0, ask.flags, &ask.ignore) || !mc_read_bool(rq, req, "acrossRampart", 0, &across))
        return 0;
    ask.blocks = r.w.pieces[ask.piece].blocks;
    ask.across_rampart = across;
    CcaRetreatResult res;
    if (!mc_cca_retreat(&rq->env, w, &ask, &res)) return mc_read_oom(rq);
    mc_write_bool(rq, result, "legal", res.legal);
    mc_write_reasons(rq, result, "reasons", &res.reasons);
    mc_write_string(rq, result, "unit", p->id);
    mc_write_string(rq, result, "type", mc_cca_type_names[p->type]);
    mc_write_reach_hex(rq, result, "start", w->board->hexes[p->pos], false);
    mc_write_number(rq, result, "blocks", ask.blocks);
    mc_write_number(rq, result, "hits", ask.hits);
    mc_write_number(rq, result, "blocksLeft", res.blocks_left > 0 ? res.blocks_left : 0);
    mc_write_bool(rq, result, "eliminated", res.eliminated);
    mc_write_number(rq, result, "flags", ask.flags);
    if (res.eliminated) return 1;
    cJSON *ig = mc_write_array(rq, result, "ignorable");
    for (int i = 0; i < res.ignore_count && ig; i++) {
        const CcaFlagIgnore *g = &res.ignores[i];
        cJSON *o = mc_write_push_object(rq, ig);
        if (!o) break;
        mc_write_string(rq, o, "means", g->means);
        mc_write_string(rq, o, "rule", g->rule);
        if (g->piece_count) write_ids(rq, o, "by", w, g->pieces, g->piece_count);
        if (g->terrain) mc_write_string(rq, o, "terrain", g->terrain);
        if (g->conditional) mc_write_bool(rq, o, "ifLeaderSurvives", 1);
    }
    mc_write_number(rq, result, "maxIgnored", res.max_ignore);
    mc_write_number(rq, result, "ignored", res.ignored);
    mc_write_number(rq, result, "flagsTaken", res.flags_taken);
    mc_write_number(rq, result, "hexesPerFlag", res.per_flag);
    if (res.extra_per_flag) mc_write_number(rq, result, "extraHexesPerFlag", res.extra_per_flag);
    mc_write_number(rq, result, "retreatHexes", res.hexes);
    if (res.carried >= 0) mc_write_string(rq, result, "leaderMovesWith", w->pieces[res.carried].id);
    if (p->type == CCA_ELEPHANT && res.hexes > 0) write_ids(rq, result, "rampage", w, res.rampage, res.rampage_count);
    if (res.hexes == 0) return 1;
    mc_write_bool(rq, result, "lossFree", res.fewest_short == 0);
    mc_write_number(rq, result, "fewestHexesShort", res.fewest_short);
    cJSON *best = mc_write_object(rq, result, "bestPath");
    if (best) write_retreat_path(rq, best, w, &res.best);
    cJSON *arr = mc_write_array(rq, result, "paths");
    for (int i = 0; i < res.path_count && arr; i++) {
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) break;
        write_retreat_path(rq, o, w, &res.paths[i]);
    }
    if (res.truncated) mc_write_bool(rq, result, "pathsTruncated", 1);
    return 1;
}

// ---- evade ------------------------------------------------------------------------------------

static int run_evade(McRequest *rq, const cJSON *req, cJSON *result) {
    Req r;
    if (!get_world(rq, req, &r)) return 0;
    int unit = -1, attacker = -1;
    if (!mc_read_ref(rq, r.ids, req, "unit", 1, &unit) || !read_attacker(rq, req, &r, unit, &attacker)) return 0;
    const CcaWorld *w = &r.w;
    const CcaPiece *p = &w->pieces[unit];
    CcaEvadeResult res;
    if (!mc_cca_evade(&rq->env, w, unit, attacker, &res)) return mc_read_oom(rq);
    mc_write_string(rq, result, "unit", p->id);
    mc_write_string(rq, result, "type", mc_cca_type_names[p->type]);
    mc_write_reach_hex(rq, result, "start", w->board->hexes[p->pos], false);
    mc_write_bool(rq, result, "eligible", res.eligible);
    if (res.eligible_against) mc_write_string(rq, result, "evadesOnly", res.eligible_against);
    mc_write_bool(rq, result, "canEvade", res.can_evade);
    mc_write_reasons(rq, result, "reasons", &res.reasons);
    if (p->type == CCA_LEADER) mc_write_bool(rq, result, "eliminated", res.eliminated);
    if (res.unit_lost >= 0) mc_write_string(rq, result, "unitEliminated", w->pieces[res.unit_lost].id);
    if (res.carried >= 0) mc_write_string(rq, result, "leaderMovesWith", w->pieces[res.carried].id);
    if (res.removed) mc_write_bool(rq, result, "removedAfterEvade", 1);
    cJSON *arr = mc_write_array(rq, result, "paths");
    for (int i = 0; i < res.path_count && arr; i++) {
        const CcaEvadePath *e = &res.paths[i];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) break;
        cJSON *pa = mc_write_array(rq, o, "path");
        for (int k = 0; k < e->len && pa; k++) mc_write_hex_push(rq, pa, e->path[k]);
        if (e->off_board) mc_write_bool(rq, o, "offBoard", 1);
        else mc_write_reach_hex(rq, o, "final", w->board->hexes[e->final_pos], false);
        mc_write_number(rq, o, "hexesMoved", e->len + (e->off_board ? 1 : 0));
        mc_write_number(rq, o, "escapeRolls", e->escape_count);
        cJSON *es = mc_write_array(rq, o, "escapes");
        for (int k = 0; k < e->escape_count && es; k++) {
            cJSON *x = mc_write_push_object(rq, es);
            if (!x) break;
            const CcaPiece *en = &w->pieces[e->escapes[k]];
            mc_write_string(rq, x, "unit", en->id);
            mc_write_string(rq, x, "type", mc_cca_type_names[en->type]);
            mc_write_hex_fields(rq, x, w->board->hexes[en->pos]);
        }
        if (e->attaches >= 0) mc_write_string(rq, o, p->type == CCA_LEADER ? "attachesTo" : "leaderAttaches", w->pieces[e->attaches].id);
        if (e->marsh_rolls) mc_write_number(rq, o, "marshRolls", e->marsh_rolls);
    }
    return 1;
}

static const char *const reach_fields[] = {"board", "baselines", "units", "unit", "ignoreUnits", "paths", "detail", NULL};
static const char *const move_fields[] = {"board", "baselines", "units", "unit", "ignoreUnits", "path", NULL};
static const char *const why_not_fields[] = {"board", "baselines", "units", "unit", "ignoreUnits", "to", NULL};
static const char *const order_fields[] = {"board", "baselines", "units", "side", "card", "ordered", "moves", NULL};
static const char *const retreat_fields[] = {"board", "baselines", "units", "unit", "flags", "hits", "attacker", "ignore",
                                             "acrossRampart", NULL};
static const char *const evade_fields[] = {"board", "baselines", "units", "unit", "attacker", NULL};

const McQuery mc_cca_queries[] = {
    {"reach", run_reach, reach_fields,
     "Every hex one unit or lone leader can end on, with its path, hexes moved, battle eligibility and why it stopped.", true},
    {"move", run_move, move_fields, "One unit's or leader's path checked step by step, with the first illegal step's reason.", false},
    {"whyNot", run_why_not, why_not_fields,
     "Whether one unit or lone leader can end its move on one hex: the path reach gives, or what stops it and the answer without the other pieces.", false},
    {"order", run_order, order_fields,
     "A whole command: the card, the units and leaders ordered and their moves in sequence, leaders attaching and detaching.", false},
    {"retreat", run_retreat, retreat_fields,
     "A unit's retreat from its flags: flags it may disregard, every path toward its own edge, blocks lost for hexes it cannot retreat.", false},
    {"evade", run_evade, evade_fields,
     "A unit's or a lone leader's evade: eligibility, every evade path toward its own edge, escape rolls through enemies, elimination.", false},
    {NULL, NULL, NULL, NULL, false},
};
