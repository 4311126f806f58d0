// The torn-world queries (reach, move, eject, shift): the world read with the hex-game kit
// (json/hex_kit.h), its miniatures covering hexons and its markers here; each query reads its
// request into the plain structs of src/rules/torn_world/tw.h, runs the rules and writes the
// result (docs/api/torn-world.md).
#include <string.h>

#include "core/work.h"

#include "core/limits.h"
#include "json/dispatch.h"
#include "json/hex_kit.h"
#include "json/write.h"
#include "movecalc.h"
#include "json/position.h"
#include "json/read_hex.h"
#include "json/write_reach.h"
#include "rules/torn_world/tw.h"
#include "rules/torn_world/tw_columns.h"

static const char *const TERRAIN[] = {"open", "volume", "hazard", NULL};
static const char *const BOARD_EXTRA[] = {"hexonAnchor", NULL};
static const char *const UNIT_KEYS[] = {"size", "hexons", "move", "run", "abilities", "engaged", "name", NULL};
static const char *const SIZES[] = {"infantry", "large", "huge", NULL};
static const char *const ACTIONS[] = {"move", "run", NULL};
static const char *const CAUSES[] = {"action", "panic", "effect", "deploy", NULL};
static const char *const DEX[] = {"unknown", "passed", "failed", NULL};
static const char *const KINDS[] = {"portable", "linked", NULL};

// The game's part of the kit's world (McHexWorld.game): the rules' battlefield, whose miniatures
// are the kit's unit fields, and the markers' ids.
typedef struct TwPart {
    TwWorld w;
    McIdMap marker_ids;
} TwPart;

// What a query reads of the world: the battlefield (its scratch reset for this ask), the ids and
// the kit's world.
typedef struct Req {
    TwWorld w;
    const McIdMap *unit_ids, *marker_ids;
    const McHexWorld *world;
} Req;

// A Huge footprint is a rigid cluster of distinct, connected hexons (A-TW-1, A-TW-2).
static int read_huge_hexons(McRequest *rq, McHex anchor, const cJSON *unit_obj, TwUnit *u) {
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, unit_obj, "hexons", 1, TW_MAX_HUGE_HEXONS, "TW_MAX_HUGE_HEXONS", &list, &n)) return 0;
    if (n < 2) return mc_read_fail_key(rq, "hexons", "bad_request", "a Huge miniature covers at least 2 hexons");
    MC_EACH(rq, list, "hexons", it) {
        McHex *h = &u->pos[it.index];
        if (!mc_read_hex_value(rq, it.item, h)) return 0;
        if (!mc_hexon_is_center(anchor, *h))
            return mc_read_fail(rq, "bad_request", "(q %d, r %d) is not a hexon centre of the board's lattice", h->q, h->r);
        for (int k = 0; k < it.index; k++)
            if (mc_hex_equal(u->pos[k], *h)) return mc_read_fail(rq, "bad_request", "a hexon is listed twice");
    }
    u->hexon_count = n;
    if (!mc_tw_hexons_connected(u->pos, n))
        return mc_read_fail_key(rq, "hexons", "bad_request", "the hexons of a Huge miniature must be adjacent to one another");
    return 1;
}

// The board's "hexonAnchor", the origin of the hexon lattice (McHexGame.read_board).
static int read_board(McRequest *rq, const cJSON *board, McHexWorld *world) {
    TwPart *part = world->game;
    int saved = mc_read_push_key(rq, "board");
    if (!mc_read_hex_at(rq, board, "hexonAnchor", 0, &part->w.anchor, NULL)) return 0;
    mc_read_pop(rq, saved);
    return 1;
}

// A miniature's size, type, place and own fields (McHexGame.read_place) into its TwUnit, in the
// order of the errors a request gets: a Huge one gives its hexons, the others their hex.
static int read_place(McRequest *rq, const cJSON *unit_obj, const McHexWorld *world, McHexUnit *unit, void *fields) {
    McHex anchor = ((const TwPart *)world->game)->w.anchor;
    TwUnit *mini = fields;
    int size = 0, engaged = -1;
    const char *name = NULL;
    mini->id = unit->id;
    mini->side = unit->side;
    if (!mc_read_enum(rq, unit_obj, "size", 1, SIZES, &size) || !mc_read_string(rq, unit_obj, "type", 0, &unit->type) ||
        !mc_read_string(rq, unit_obj, "name", 0, &name))
        return 0;
    mini->size = (TwSize)size;
    mini->hexon_count = 1;
    mini->move = mini->run = -1;
    if (mini->size == TW_HUGE) {
        if (mc_read_get(unit_obj, "q") || mc_read_get(unit_obj, "r") || mc_read_get(unit_obj, "col") || mc_read_get(unit_obj, "row"))
            return mc_read_fail(rq, "bad_request", "a Huge miniature gives its place as \"hexons\"");
        if (!read_huge_hexons(rq, anchor, unit_obj, mini)) return 0;
    } else {
        if (mc_read_get(unit_obj, "hexons"))
            return mc_read_fail_key(rq, "hexons", "bad_request", "only Huge miniatures give \"hexons\"");
        if (!mc_read_hex_fields(rq, unit_obj, &mini->pos[0])) return 0;
        if (mini->size == TW_LARGE && !mc_hexon_is_center(anchor, mini->pos[0]))
            return mc_read_fail(rq, "bad_request", "a Large miniature stands on a hexon: (q %d, r %d) is not a hexon centre",
                              mini->pos[0].q, mini->pos[0].r);
    }
    unit->hex = mini->pos[0];
    if (!mc_read_int(rq, unit_obj, "move", 0, 0, MC_MAX_MOVE_POINTS, &mini->move) ||
        !mc_read_int(rq, unit_obj, "run", 0, 0, MC_MAX_MOVE_POINTS, &mini->run))
        return 0;
    if (mc_read_get(unit_obj, "engaged") && !mc_read_bool(rq, unit_obj, "engaged", 1, &engaged)) return 0;
    mini->engaged = engaged;
    const cJSON *ab;
    int nab;
    if (!mc_read_array(rq, unit_obj, "abilities", 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &ab, &nab)) return 0;
    MC_EACH(rq, ab, "abilities", it) {
        const char *ability = NULL;
        if (!mc_read_string_value(rq, it.item, &ability)) return 0;
        if (strcmp(ability, "ejection") == 0) mini->ejection = true;
    }
    return 1;
}

static int read_markers(McRequest *rq, const cJSON *req, McHexWorld *world) {
    TwPart *part = world->game;
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "markers", 0, MC_MAX_UNITS, "MC_MAX_UNITS", &list, &n)) return 0;
    TwMarker *markers = MC_NEW(rq->env.arena, TwMarker, n + 1);
    if (!markers || !mc_ids_init(rq, &part->marker_ids, n + 1)) return mc_read_oom(rq);
    MC_EACH(rq, list, "markers", it) {
        static const char *const keys[] = {"id", "kind", "q", "r", "col", "row", "takenBy", "name", NULL};
        const cJSON *o = it.item;
        TwMarker *m = &markers[it.index];
        int kind = 0;
        const char *name = NULL;
        m->taken_by = -1;
        if (!mc_read_object(rq, o, keys) || !mc_read_string(rq, o, "id", 1, &m->id) ||
            !mc_ids_add(rq, &part->marker_ids, m->id) || !mc_read_enum(rq, o, "kind", 1, KINDS, &kind) ||
            !mc_read_hex_fields(rq, o, &m->hex) || !mc_read_string(rq, o, "name", 0, &name) ||
            !mc_read_ref(rq, &world->ids, o, "takenBy", 0, &m->taken_by))
            return 0;
        m->kind = (TwMarkerKind)kind;
        if (m->taken_by >= 0 && m->kind != TW_LINKED)
            return mc_read_fail_key(rq, "takenBy", "bad_request", "only a Linked Marker stays linked with a miniature");
    }
    part->w.markers = markers;
    part->w.marker_count = n;
    return 1;
}

// The world's own part after the miniatures (McHexGame.read_world): the markers, then the
// battlefield's occupancy, which places every footprint (so that the errors keep their order).
static int read_world(McRequest *rq, const cJSON *req, const cJSON *board, McHexWorld *world) {
    (void)board;
    TwPart *part = world->game;
    TwUnit *units = (TwUnit *)world->fields;
    for (int i = 0; i < world->unit_count; i++) units[i].id = world->units[i].id; // the kept world's own ids
    part->w.board = &world->board;
    part->w.units = units;
    part->w.unit_count = world->unit_count;
    if (!read_markers(rq, req, world)) return 0;
    const TwMarker *markers = part->w.markers;
    int index = 0, other = 0;
    switch (mc_tw_world_build(&part->w, rq->env.arena, &index, &other)) {
    case TW_WORLD_OK: return 1;
    case TW_WORLD_NO_MEMORY: return mc_read_oom(rq);
    case TW_WORLD_UNIT_OFF_BOARD:
        mc_read_at_item(rq, "units", index);
        return mc_read_fail(rq, "bad_request", "miniature \"%s\" stands partly or wholly off the board", units[index].id);
    case TW_WORLD_UNIT_OVERLAP:
        mc_read_at_item(rq, "units", index);
        return mc_read_fail(rq, "bad_request", "miniature \"%s\" shares a hex with \"%s\"", units[index].id, units[other].id);
    case TW_WORLD_MARKER_OFF_BOARD:
        mc_read_at_item(rq, "markers", index);
        return mc_read_fail(rq, "bad_request", "marker \"%s\" is not on the board", markers[index].id);
    case TW_WORLD_MARKER_OVERLAP:
        mc_read_at_item(rq, "markers", index);
        return mc_read_fail(rq, "bad_request", "marker \"%s\" shares its hex with a miniature or another marker",
                            markers[index].id);
    }
    return 1;
}

// Miniature i replaced in place (McHexGame.replace_unit): its footprint moved on the occupancy
// map. 0 when it is not as simply replaced (a hex off the board, under another miniature or
// under a marker).
static int replace_unit(McHexWorld *world, int i, const McHexUnit *unit, const void *read) {
    (void)unit;
    TwPart *part = world->game;
    TwUnit *units = (TwUnit *)world->fields, mini = *(const TwUnit *)read;
    McHex fp[TW_MAX_FOOTPRINT];
    int n = mc_tw_footprint(&units[i], mc_hex_make(0, 0), fp);
    for (int h = 0; h < n; h++) part->w.occ[mc_board_index(&world->board, fp[h])] = -1;
    n = mc_tw_footprint(&mini, mc_hex_make(0, 0), fp);
    for (int h = 0; h < n; h++) {
        int at = mc_board_index(&world->board, fp[h]);
        if (at < 0 || (part->w.occ[at] >= 0 && part->w.occ[at] != i) || part->w.mark[at] >= 0) return 0;
        part->w.occ[at] = i;
    }
    // The other strings are the tree's new unit's: the replaced one's are gone.
    mini.id = units[i].id;
    units[i] = mini;
    return 1;
}

static const McBoardSpec board_spec = {TERRAIN, BOARD_EXTRA, 0};
static const McHexGame game = {.terrain = TERRAIN, .unit_keys = UNIT_KEYS, .unit_size = sizeof(TwUnit),
                               .replace_unit = replace_unit, .board = &board_spec, .world_size = sizeof(TwPart),
                               .read_world = read_world, .read_board = read_board, .read_place = read_place,
                               .id_at_unit = true};
MC_HEX_WORLD(world_of, game)

const char *mc_tw_terrain_kind(int i) { return mc_hex_terrain_kind(&game, i); }

// The world of the position being asked, kept or read anew, or of this request, into `q`.
static int get_world(McRequest *rq, const cJSON *req, Req *q) {
    const McHexWorld *world = world_of(rq, req);
    if (!world) return 0;
    const TwPart *part = world->game;
    *q = (Req){part->w, &world->ids, &part->marker_ids, world};
    // The searches' stamps start from zero at each ask, as in a world read anew (and never wrap).
    q->w.scratch->gen = 0;
    memset(q->w.scratch->stamp, 0, (size_t)world->board.count * sizeof *q->w.scratch->stamp);
    return 1;
}

// A reference position of unit u read at `key` (or an array element): a hexon centre for Large
// and Huge (the new place of the Huge's first hexon), a hex for Infantry; on the board.
static int check_lattice(McRequest *rq, const Req *q, int unit, McHex h) {
    if (q->w.units[unit].size != TW_INFANTRY && !mc_hexon_is_center(q->w.anchor, h))
        return mc_read_fail(rq, "bad_request", "(q %d, r %d) is not a hexon centre of the board's lattice", h.q, h.r);
    return 1;
}

static int check_ref(McRequest *rq, const Req *q, int unit, McHex h) {
    if (!mc_board_contains(q->w.board, h)) return mc_read_fail(rq, "bad_request", "(q %d, r %d) is not on the board", h.q, h.r);
    return check_lattice(rq, q, unit, h);
}

static int read_ref_at(McRequest *rq, const Req *q, int unit, const cJSON *obj, const char *key, int required, McHex *out,
                       int *present) {
    if (!mc_read_hex_at(rq, obj, key, required, out, present)) return 0;
    if (present && !*present) return 1;
    int saved = mc_read_push_key(rq, key);
    if (!check_ref(rq, q, unit, *out)) return 0;
    mc_read_pop(rq, saved);
    return 1;
}

static int read_choices(McRequest *rq, const cJSON *req, const Req *q, TwChoice **out, int *count) {
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "choices", 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
    *out = MC_NEW(rq->env.arena, TwChoice, n + 1);
    if (!*out) return mc_read_oom(rq);
    *count = n;
    MC_EACH(rq, list, "choices", it) {
        static const char *const keys[] = {"unit", "marker", "to", "dexterity", NULL};
        const cJSON *o = it.item;
        TwChoice *c = &(*out)[it.index];
        int dex = 0, has_to = 0;
        c->unit = c->marker = -1;
        if (!mc_read_object(rq, o, keys)) return 0;
        if ((mc_read_get(o, "unit") != NULL) == (mc_read_get(o, "marker") != NULL))
            return mc_read_fail(rq, "bad_request", "a choice names exactly one of \"unit\" and \"marker\"");
        if (!mc_read_ref(rq, q->unit_ids, o, "unit", 0, &c->unit)) return 0;
        if (mc_read_get(o, "marker")) {
            const char *id = NULL;
            if (!mc_read_string(rq, o, "marker", 1, &id)) return 0;
            c->marker = mc_ids_find(q->marker_ids, id);
            if (c->marker < 0) return mc_read_fail_key(rq, "marker", "unknown_unit", "no marker has the id \"%s\"", id);
            if (mc_read_get(o, "dexterity")) return mc_read_fail_key(rq, "dexterity", "bad_request", "markers take no Dexterity test");
        }
        if (!mc_read_hex_at(rq, o, "to", 0, &c->to, &has_to) || !mc_read_enum(rq, o, "dexterity", 0, DEX, &dex)) return 0;
        c->has_to = has_to;
        c->dexterity = (TwDex)dex;
        for (int k = 0; k < it.index; k++)
            if ((c->unit >= 0 && (*out)[k].unit == c->unit) || (c->marker >= 0 && (*out)[k].marker == c->marker))
                return mc_read_fail(rq, "bad_request", "two choices for the same miniature or marker");
    }
    return 1;
}

// The movement fields shared by reach and move: unit, action, allowance, cause, usedActions.
typedef struct MoveFields {
    int unit, action, allowance, cause;
    bool used;
} MoveFields;

static int read_move_fields(McRequest *rq, const cJSON *req, const Req *q, MoveFields *f, bool allow_deploy) {
    f->cause = TW_CAUSE_ACTION;
    f->allowance = -1;
    if (!mc_read_ref(rq, q->unit_ids, req, "unit", 1, &f->unit) || !mc_read_enum(rq, req, "action", 1, ACTIONS, &f->action) ||
        !mc_read_enum(rq, req, "cause", 0, CAUSES, &f->cause) ||
        !mc_read_int(rq, req, "allowance", 0, 0, MC_MAX_MOVE_POINTS, &f->allowance))
        return 0;
    if (f->cause == TW_CAUSE_DEPLOY && !allow_deploy)
        return mc_read_fail_key(rq, "cause", "bad_request", "\"deploy\" is a placement: ask \"move\" with a one-position path");
    const TwUnit *u = &q->w.units[f->unit];
    if (f->allowance < 0) {
        f->allowance = f->action == 0 ? u->move : u->run;
        if (f->allowance < 0)
            return mc_read_fail_key(rq, "action", "bad_request", "miniature \"%s\" gives no \"%s\" allowance", u->id,
                                  ACTIONS[f->action]);
    }
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "usedActions", 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
    f->used = false;
    MC_EACH(rq, list, "usedActions", it) {
        const char *name = NULL;
        if (!mc_read_string_value(rq, it.item, &name)) return 0;
        if (strcmp(name, "move") != 0 && strcmp(name, "run") != 0)
            return mc_read_fail(rq, "bad_request", "expected \"move\" or \"run\"");
        if (strcmp(name, ACTIONS[f->action]) == 0) f->used = true;
    }
    return 1;
}

// Why a Free Attack is made, by its clause: one enemy may attack twice for different causes.
static const char *attack_cause(const char *rule) {
    if (strcmp(rule, "TW-FA-1") == 0) return "engaged-start";
    if (strcmp(rule, "TW-FA-3") == 0) return "panic";
    if (strcmp(rule, "TW-FA-2") == 0) return "moved-past";
    return "ejection";
}

// ---- writing -----------------------------------------------------------------------------------

static void write_hex_list(McRequest *rq, cJSON *obj, const char *key, const McHex *h, int n) {
    cJSON *arr = mc_write_array(rq, obj, key);
    for (int i = 0; i < n && arr; i++) mc_write_hex_push(rq, arr, h[i]);
}

static void write_hex_obj(McRequest *rq, cJSON *obj, const char *key, McHex h) {
    cJSON *o = mc_write_object(rq, obj, key);
    if (o) mc_write_hex_fields(rq, o, h);
}

// The hexon centres of unit u with its reference at `ref` (Large and Huge only).
static void write_hexons(McRequest *rq, cJSON *obj, const TwUnit *u, McHex ref) {
    if (u->size == TW_INFANTRY) return;
    McHex c[TW_MAX_HUGE_HEXONS];
    McHex d = mc_hex_sub(ref, u->pos[0]);
    for (int k = 0; k < u->hexon_count; k++) c[k] = mc_hex_add(u->pos[k], d);
    write_hex_list(rq, obj, "hexons", c, u->hexon_count);
}

static void write_place(McRequest *rq, cJSON *obj, const char *key, const TwUnit *u, McHex ref) {
    cJSON *o = mc_write_object(rq, obj, key);
    if (!o) return;
    mc_write_hex_fields(rq, o, ref);
    write_hexons(rq, o, u, ref);
}

static const char *dex_name(TwDex d) {
    return d == TW_DEX_PASSED ? "passed" : d == TW_DEX_FAILED ? "failed" : d == TW_DEX_NONE ? "none" : "unknown";
}

static void write_attacks(McRequest *rq, cJSON *obj, const TwWorld *w, const TwMoveOut *m) {
    cJSON *arr = mc_write_array(rq, obj, "freeAttacks");
    for (int i = 0; i < m->n_attacks && arr; i++) {
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "unit", w->units[m->attacks[i].unit].id);
        mc_write_string(rq, o, "rule", m->attacks[i].rule);
        mc_write_string(rq, o, "cause", attack_cause(m->attacks[i].rule));
        write_hex_obj(rq, o, "at", m->attacks[i].at);
    }
}

static void write_resolution(McRequest *rq, cJSON *obj, const TwWorld *w, const TwResolution *r) {
    cJSON *arr = mc_write_array(rq, obj, "ejections");
    for (int i = 0; i < r->n_ejections && arr; i++) {
        const TwEjection *e = &r->ejections[i];
        const TwUnit *t = &w->units[e->unit];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "unit", t->id);
        mc_write_string(rq, o, "side", t->side);
        mc_write_bool(rq, o, "enemy", e->enemy);
        write_place(rq, o, "from", t, t->pos[0]);
        write_hex_list(rq, o, "candidates", e->cand, e->n_cand);
        if (e->n_cand > 0) mc_write_number(rq, o, "distance", e->distance);
        if (e->chooser) mc_write_string(rq, o, "chooser", e->chooser);
        else mc_write_add(rq, o, "chooser", cJSON_CreateNull());
        mc_write_string(rq, o, "dexterity", dex_name(e->dexterity));
        if (e->enemy) {
            mc_write_string(rq, o, "chooserIfPassed", e->chooser_passed);
            mc_write_string(rq, o, "chooserIfFailed", e->chooser_failed);
        }
        mc_write_bool(rq, o, "freeAttack", e->free_attack);
        if (e->placed) {
            write_place(rq, o, "to", t, e->to);
            mc_write_string(rq, o, "choice", e->given ? "given" : "first-candidate");
        }
    }
    arr = mc_write_array(rq, obj, "markers");
    for (int i = 0; i < r->n_moves && arr; i++) {
        const TwMarkerMove *mv = &r->moves[i];
        const TwMarker *x = &w->markers[mv->marker];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "marker", x->id);
        mc_write_string(rq, o, "kind", KINDS[x->kind]);
        mc_write_string(rq, o, "rule", mv->rule);
        mc_write_string(rq, o, "why", mv->follows ? "follows" : "ejected");
        write_hex_obj(rq, o, "from", x->hex);
        write_hex_list(rq, o, "candidates", mv->cand, mv->n_cand);
        mc_write_string(rq, o, "chooser", mv->chooser);
        mc_write_bool(rq, o, "stays", mv->stays);
        if (mv->placed) {
            write_hex_obj(rq, o, "to", mv->to);
            mc_write_string(rq, o, "choice", mv->given ? "given" : "first-candidate");
        }
    }
}

static void write_effects(McRequest *rq, cJSON *obj, const TwWorld *w, const TwUnit *u, const TwMoveOut *m) {
    write_attacks(rq, obj, w, m);
    if (u->size == TW_HUGE) write_hex_list(rq, obj, "destroyed", m->destroyed, m->n_destroyed);
}

// `engaged`: whether unit u is Engaged, which `query` (its name) says of it.
static void engaged_field(McRequest *rq, cJSON *result, const TwWorld *w, int u, const char *query) {
    mc_write_bool(rq, result, "engaged", mc_tw_engaged(w, u));
    if (mc_work_out() && !rq->env.work_where[0]) mc_work_note(&rq->env, "", "the %s of %s: whether it is Engaged", query, w->units[u].id);
}

// ---- reach entries -----------------------------------------------------------------------------

// A list of hexes inside a reach entry; `brief` gives each as q,r and, with `omit_empty`, leaves
// an empty list out.
static void write_entry_hexes(McRequest *rq, cJSON *obj, const char *key, const McHex *h, int n, bool brief, bool omit_empty) {
    if (brief && omit_empty && n == 0) return;
    cJSON *arr = mc_write_array(rq, obj, key);
    for (int i = 0; i < n && arr; i++) mc_write_reach_hex(rq, arr, NULL, h[i], brief);
}

// The ids of units (markers when `markers`) an end ejects; a TW_MARKER move that only follows
// its unit is not listed.
static void write_ejects(McRequest *rq, cJSON *o, const Req *q, const TwResolution *end, bool markers, bool brief) {
    int n = 0;
    for (int k = 0; k < (markers ? end->n_moves : end->n_ejections); k++) n += !markers || !end->moves[k].follows;
    if (brief && n == 0) return;
    cJSON *arr = mc_write_array(rq, o, markers ? "ejectsMarkers" : "ejects");
    if (!markers)
        for (int k = 0; k < end->n_ejections && arr; k++) mc_write_add(rq, arr, NULL, cJSON_CreateString(q->w.units[end->ejections[k].unit].id));
    else
        for (int k = 0; k < end->n_moves && arr; k++)
            if (!end->moves[k].follows) mc_write_add(rq, arr, NULL, cJSON_CreateString(q->w.markers[end->moves[k].marker].id));
}

// A reach as the kit writes it (McHexEnds): the rules' answer and what its fields need.
typedef struct Reach {
    const Req *q;
    int unit, allowance;
    TwReachOut *out;
    long long *listed; ///< destroyed hexes and Free Attacks listed so far (reach_more)
} Reach;

// An end position (or an alternative path to one) as the kit writes it, with its arrays row.
static McHexEnd end_of(const Reach *r, const TwReachEntry *e) {
    const TwUnit *u = &r->q->w.units[r->unit];
    const McBoard *board = r->q->w.board;
    const TwMoveOut *m = &e->effects;
    const TwReachNodes *nodes = &r->out->nodes;
    int from = -1;
    if (e->parent.q != u->pos[0].q || e->parent.r != u->pos[0].r) {
        int at = mc_board_index(board, e->parent);
        from = at >= 0 ? at : -2;
    }
    int markers = 0;
    for (int k = 0; k < m->end.n_moves; k++) markers += !m->end.moves[k].follows;
    int32_t flags = (m->n_attacks > 0 ? MC_TW_REACH_FREE_ATTACKS : 0) | (m->end.n_ejections > 0 ? MC_TW_REACH_EJECTS : 0) |
                    (markers > 0 ? MC_TW_REACH_MARKERS : 0) | (u->size == TW_HUGE && m->n_destroyed > 0 ? MC_TW_REACH_DESTROYS : 0) |
                    (e->n_alternatives > 0 ? MC_TW_REACH_ALTERNATIVES : 0) | m->n_attacks << MC_TW_REACH_ATTACK_SHIFT;
    McHexEnd end = {{e->pos, mc_board_index(board, e->pos), e->cost, from, flags}, e->path, e->n_path, e->parent, e->node, -1,
                    e->n_path};
    if (e->node >= 0 && e->node < nodes->count) end.parent_node = nodes->parent[e->node];
    for (int a = 0; a < e->n_alternatives; a++) end.path_hexes += e->alternatives[a].n_path;
    return end;
}

// An end position's own fields after its way; `brief` as docs/api/torn-world.md says.
static void write_entry_fields(McRequest *rq, cJSON *o, const Reach *r, const TwReachEntry *e, bool parent, bool brief) {
    const Req *q = r->q;
    const TwUnit *u = &q->w.units[r->unit];
    if (u->size != TW_INFANTRY) {
        McHex c[TW_MAX_HUGE_HEXONS];
        McHex d = mc_hex_sub(e->pos, u->pos[0]);
        for (int k = 0; k < u->hexon_count; k++) c[k] = mc_hex_add(u->pos[k], d);
        write_entry_hexes(rq, o, "hexons", c, u->hexon_count, brief, false);
    }
    const TwMoveOut *m = &e->effects;
    if (!brief || m->n_attacks > 0) {
        cJSON *arr = mc_write_array(rq, o, "freeAttacks");
        for (int i = 0; i < m->n_attacks && arr; i++) {
            cJSON *a = mc_write_push_object(rq, arr);
            if (!a) break;
            mc_write_string(rq, a, "unit", q->w.units[m->attacks[i].unit].id);
            if (!brief || strcmp(m->attacks[i].rule, "TW-FA-2") != 0) mc_write_string(rq, a, "rule", m->attacks[i].rule);
            mc_write_reach_hex(rq, a, "at", m->attacks[i].at, brief);
        }
    }
    if (u->size == TW_HUGE) write_entry_hexes(rq, o, "destroyed", m->destroyed, m->n_destroyed, brief, true);
    write_ejects(rq, o, q, &m->end, false, brief);
    write_ejects(rq, o, q, &m->end, true, brief);
    // Longer paths that draw fewer free attacks or fewer attackers (docs/api/torn-world.md).
    if (brief || e->n_alternatives == 0) return;
    cJSON *alts = mc_write_array(rq, o, "alternatives");
    for (int i = 0; i < e->n_alternatives && alts; i++) {
        cJSON *a = mc_write_push_object(rq, alts);
        if (!a) return;
        const McHexEnd alt = end_of(r, &e->alternatives[i]);
        mc_write_hex_end(rq, a, &alt, parent, false);
        write_entry_fields(rq, a, r, &e->alternatives[i], parent, false);
    }
}

static McHexEnd reach_end(const void *ctx, int i) {
    const Reach *r = ctx;
    return end_of(r, &r->out->entries[i]);
}

// Work units a destroyed hex or a Free Attack listed in a reach answer costs: the budget then lets
// one answer list up to 150,000 (about 6 MB of JSON written in full), as MC_MAX_PATH_OUTPUT holds
// its paths near 8 MB. A 7-hexon Huge running over 200 x 200 hexes of Volume Landscape destroys
// 4.7 million along its paths to 5,293 ends, and a Run of 1,000 from among 5 enemies draws 5 Free
// Attacks at each of 40,000 ends: those answers ran out of memory or wrote 27 MB, and now stop at
// the limit.
enum { WORK_LISTED = 1000 };

// Before end position i is written (McHexEnds.more): a Huge crossing Volume Landscape lists the
// hexes destroyed along every path, thousands an end, and every end lists its Free Attacks; each
// is charged as work, so that the answer's size is bounded by the work budget rather than by the
// memory cap (docs/api.md "Work budget"). The answer stops when the budget is spent.
static bool reach_more(McRequest *rq, int i, const void *ctx) {
    const Reach *r = ctx;
    if (mc_work_out()) {
        mc_work_note(&rq->env, "", "the reach answer after %d of %d end positions written (%lld destroyed hexes and Free Attacks listed)", i,
                     r->out->n, *r->listed);
        return false;
    }
    if (i == r->out->n) return true;
    const TwReachEntry *e = &r->out->entries[i];
    int listed = e->effects.n_destroyed + e->effects.n_attacks;
    for (int a = 0; a < e->n_alternatives; a++) listed += e->alternatives[a].effects.n_destroyed + e->alternatives[a].effects.n_attacks;
    mc_work_add((uint64_t)listed * WORK_LISTED);
    *r->listed += listed;
    return true;
}

static void end_fields(McRequest *rq, cJSON *entry, int i, bool parent, bool brief, const void *ctx) {
    write_entry_fields(rq, entry, ctx, &((const Reach *)ctx)->out->entries[i], parent, brief);
}

// The parent form's "through" list (mc_tw_reach_through): the nodes on listed paths that are no
// entry's node.
static int reach_through(McRequest *rq, const void *ctx, int *count) {
    const Reach *r = ctx;
    if (!mc_tw_reach_through(&rq->env, r->out)) return 0;
    *count = r->out->n_through;
    return 1;
}

static bool through_node(const void *ctx, int i, McReachNode *out) {
    const Reach *r = ctx;
    const TwReachNodes *nd = &r->out->nodes;
    const McHex *hexes = r->q->w.board->hexes;
    int v = r->out->through[i];
    *out = (McReachNode){hexes[nd->position[v]], hexes[nd->position[nd->parent[v]]], nd->steps[v], v, nd->parent[v]};
    return true;
}

static void reach_header(McRequest *rq, cJSON *result, const McHexReach *asked, const void *ctx) {
    (void)asked;
    const Reach *r = ctx;
    const TwUnit *u = &r->q->w.units[r->unit];
    mc_write_bool(rq, result, "legal", r->out->legal);
    mc_write_reasons(rq, result, "reasons", &r->out->reasons);
    write_place(rq, result, "start", u, u->pos[0]);
    mc_write_number(rq, result, "allowance", r->allowance);
    mc_write_string(rq, result, "unitOfMeasure", mc_tw_size_unit(u->size));
    engaged_field(rq, result, &r->q->w, r->unit, "reach");
}

static void reach_footer(McRequest *rq, cJSON *result, bool parent, const void *ctx) {
    const TwReachOut *out = ((const Reach *)ctx)->out;
    // The start node, so that every chain of parentNode ends at startNode.
    if (parent && out->nodes.count > 0) mc_write_number(rq, result, "startNode", out->nodes.start);
    mc_write_number(rq, result, "droppedNoFreeHex", out->dropped_no_room);
    if (out->legal) mc_write_string(rq, result, "tieBreak", out->exact_attacks ? "distinct-attackers" : "additive-attackers");
    // Only when it happens: the answers of every other reach keep their bytes.
    if (out->alternatives_limited) mc_write_bool(rq, result, "alternativesLimited", true);
}

// ---- queries -----------------------------------------------------------------------------------

static int run_reach(McRequest *rq, const cJSON *req, cJSON *result) {
    Req q;
    MoveFields f;
    McHexReach asked; // the kit's reading of "unit" (read_move_fields'), "paths" and "detail"
    if (!get_world(rq, req, &q) || !read_move_fields(rq, req, &q, &f, false) || !mc_hex_reach_read(rq, req, q.world, &asked))
        return 0;
    TwReachOut out;
    if (!mc_tw_reach(&rq->env, &q.w, f.unit, (TwCause)f.cause, f.allowance, f.used, !asked.brief, &out)) return mc_read_oom(rq);
    long long listed = 0;
    const Reach reach = {&q, f.unit, f.allowance, &out, &listed};
    const McHexEnds ends = {.count = out.n, .get = reach_end, .more = reach_more, .through = reach_through,
                            .through_node = through_node, .fields = end_fields};
    const McHexReachWriter writer = {.rule = "TW-MV-1", .header = reach_header, .ctx = &reach, .ends = &ends, .no_unit = true,
                                     .legal = out.legal ? MC_HEX_LEGAL_TRUE : MC_HEX_LEGAL_FALSE, .footer = reach_footer};
    return mc_write_hex_reach(rq, result, &asked, &writer);
}

static int run_why_not(McRequest *rq, const cJSON *req, cJSON *result) {
    Req q;
    MoveFields f;
    McWhyNot w;
    memset(&w, 0, sizeof w);
    w.needs = -1;
    if (!get_world(rq, req, &q) || !read_move_fields(rq, req, &q, &f, false) || !mc_read_hex_at(rq, req, "to", 1, &w.to, NULL))
        return 0;
    int saved = mc_read_push_key(rq, "to");
    if (!check_lattice(rq, &q, f.unit, w.to)) return 0;
    mc_read_pop(rq, saved);
    TwReachOut out;
    if (!mc_tw_reach(&rq->env, &q.w, f.unit, (TwCause)f.cause, f.allowance, f.used, false, &out)) return mc_read_oom(rq);
    const TwUnit *u = &q.w.units[f.unit];
    mc_write_bool(rq, result, "legal", out.legal);
    mc_write_reasons(rq, result, "restrictions", &out.reasons);
    write_place(rq, result, "start", u, u->pos[0]);
    mc_write_number(rq, result, "allowance", f.allowance);
    mc_write_string(rq, result, "unitOfMeasure", mc_tw_size_unit(u->size));
    engaged_field(rq, result, &q.w, f.unit, "whyNot");
    McQuiet quiet = mc_why_not_quiet_begin(rq);
    const TwWhyNotIn in = {f.unit, (TwCause)f.cause, f.allowance, f.used, ACTIONS[f.action]};
    int ok = mc_tw_why_not(&rq->env, &q.w, &in, &out, &w);
    mc_why_not_quiet_end(rq, quiet);
    if (!ok) return mc_read_oom(rq);
    mc_write_why_not(rq, result, &w);
    return 1;
}

static void write_move(McRequest *rq, cJSON *result, const Req *q, int unit, const TwMoveOut *m, int n_path) {
    const TwUnit *u = &q->w.units[unit];
    mc_write_bool(rq, result, "legal", m->legal);
    mc_write_reasons(rq, result, "reasons", &m->reasons);
    if (m->failed_step >= 0) mc_write_number(rq, result, "failedStep", m->failed_step);
    write_place(rq, result, "final", u, m->final);
    if (!m->legal) return;
    mc_write_number(rq, result, "steps", n_path);
    write_effects(rq, result, &q->w, u, m);
    if (u->size == TW_HUGE && m->huge_steps) {
        cJSON *arr = mc_write_array(rq, result, "hugeSteps");
        for (int i = 0; i < n_path && arr; i++) {
            cJSON *o = mc_write_push_object(rq, arr);
            if (!o) break;
            const TwHugeStep *s = &m->huge_steps[i];
            write_hex_list(rq, o, "entered", s->entered, s->n_entered);
            write_hex_list(rq, o, "overlap", s->overlap, s->n_overlap);
        }
    }
    write_resolution(rq, result, &q->w, &m->end);
}

// The mover whose path is read: each step on its lattice.
typedef struct PathOf {
    const Req *q;
    int unit;
} PathOf;

static int check_step(McRequest *rq, const void *ctx, McHex h) {
    const PathOf *of = ctx;
    // A step off the board is a move the rules forbid (TW-MV-1), answered as a result.
    return check_lattice(rq, of->q, of->unit, h);
}

static int read_path(McRequest *rq, const cJSON *req, const Req *q, int unit, McHex **path, int *n) {
    const PathOf of = {q, unit};
    if (!mc_read_hex_path(rq, req, "path", check_step, &of, path, n)) return 0;
    if (*n < 1) return mc_read_fail_key(rq, "path", "bad_request", "a path enters at least one position");
    return 1;
}

static int run_move(McRequest *rq, const cJSON *req, cJSON *result) {
    Req q;
    MoveFields f;
    McHex *path;
    int n;
    TwChoice *choices;
    int nc;
    if (!get_world(rq, req, &q) || !read_move_fields(rq, req, &q, &f, true) || !read_path(rq, req, &q, f.unit, &path, &n) ||
        !read_choices(rq, req, &q, &choices, &nc))
        return 0;
    const McHex *walked = path;
    // A deployment's one position is a place, not a step; a movement enters at least one position.
    int skipped = f.cause == TW_CAUSE_DEPLOY ? 0 : mc_path_skip_start(&walked, &n, q.w.units[f.unit].pos[0], 1);
    TwMoveIn in = {f.unit, (TwCause)f.cause, f.allowance, f.used, walked, n, choices, nc};
    TwMoveOut out;
    if (!mc_tw_move(&rq->env, &q.w, &in, &out)) return mc_read_oom(rq);
    mc_reasons_shift_steps(&out.reasons, skipped);
    if (out.failed_step >= 0) out.failed_step += skipped;
    engaged_field(rq, result, &q.w, f.unit, "move");
    write_move(rq, result, &q, f.unit, &out, f.cause == TW_CAUSE_DEPLOY ? 1 : n);
    return 1;
}

static int run_eject(McRequest *rq, const cJSON *req, cJSON *result) {
    Req q;
    int unit = 0;
    McHex at;
    TwChoice *choices;
    int nc;
    if (!get_world(rq, req, &q) || !mc_read_ref(rq, q.unit_ids, req, "unit", 1, &unit) ||
        !read_ref_at(rq, &q, unit, req, "at", 1, &at, NULL) || !read_choices(rq, req, &q, &choices, &nc))
        return 0;
    const TwUnit *u = &q.w.units[unit];
    TwResolution r;
    if (!mc_tw_eject(&rq->env, &q.w, unit, at, choices, nc, &r)) return mc_read_oom(rq);
    mc_write_bool(rq, result, "legal", r.legal);
    mc_write_reasons(rq, result, "reasons", &r.reasons);
    write_place(rq, result, "final", u, at);
    write_resolution(rq, result, &q.w, &r);
    cJSON *arr = mc_write_array(rq, result, "freeAttacks");
    for (int i = 0; i < r.n_ejections && arr; i++) {
        if (!r.ejections[i].free_attack) continue;
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) break;
        mc_write_string(rq, o, "unit", q.w.units[r.ejections[i].unit].id);
        mc_write_string(rq, o, "rule", "TW-EJ-2");
        write_hex_obj(rq, o, "at", at);
    }
    return 1;
}

static int run_shift(McRequest *rq, const cJSON *req, cJSON *result) {
    Req q;
    int unit = 0, dex = 0, has_to = 0;
    const char *by = NULL;
    McHex to;
    if (!get_world(rq, req, &q) || !mc_read_ref(rq, q.unit_ids, req, "unit", 1, &unit) ||
        !mc_read_string(rq, req, "by", 1, &by) || !read_ref_at(rq, &q, unit, req, "to", 0, &to, &has_to) ||
        !mc_read_enum(rq, req, "dexterity", 0, DEX, &dex))
        return 0;
    TwShiftOut out;
    if (!mc_tw_shift(&rq->env, &q.w, unit, by, has_to ? &to : NULL, (TwDex)dex, &out)) return mc_read_oom(rq);
    const TwUnit *u = &q.w.units[unit];
    mc_write_bool(rq, result, "dexterityTest", out.test);
    cJSON *arr = mc_write_array(rq, result, "outcomes");
    for (int i = 0; i < out.n && arr; i++) {
        const TwShiftOutcome *o = &out.outcomes[i];
        cJSON *x = mc_write_push_object(rq, arr);
        if (!x) break;
        mc_write_string(rq, x, "dexterity", dex_name(o->dexterity));
        mc_write_bool(rq, x, "moves", o->moves);
        mc_write_string(rq, x, "chooser", o->chooser);
        mc_write_bool(rq, x, "legal", o->legal);
        mc_write_reasons(rq, x, "reasons", &o->reasons);
        if (o->dexterity == TW_DEX_PASSED && u->size == TW_INFANTRY) write_hex_list(rq, x, "candidates", o->cand, o->n_cand);
        if (o->has_final) write_place(rq, x, "final", u, o->final);
    }
    return 1;
}

static const char *const REACH_FIELDS[] = {"board", "units", "markers", "unit", "action", "allowance", "cause", "detail",
                                           "usedActions", "paths", NULL};
static const char *const WHY_NOT_FIELDS[] = {"board", "units", "markers", "unit", "action", "allowance", "cause",
                                             "usedActions", "to", NULL};
static const char *const MOVE_FIELDS[] = {"board", "units", "markers", "unit", "action", "allowance", "cause",
                                          "usedActions", "path", "choices", NULL};
static const char *const EJECT_FIELDS[] = {"board", "units", "markers", "unit", "at", "choices", NULL};
static const char *const SHIFT_FIELDS[] = {"board", "units", "markers", "unit", "by", "to", "dexterity", NULL};

const McQuery mc_tw_queries[] = {
    {"reach", run_reach, REACH_FIELDS,
     "Every legal end position of a Move or Run, with its path, free attacks, ejections and destroyed Volume Landscape.", true},
    {"move", run_move, MOVE_FIELDS,
     "Checks a proposed path step by step and resolves its end: ejections, markers, landscape, free attacks.", false},
    {"whyNot", run_why_not, WHY_NOT_FIELDS,
     "Whether a miniature can end a Move or Run on one position: the path reach gives, or what stops it and the answer with the other miniatures removed.", false},
    {"eject", run_eject, EJECT_FIELDS,
     "Ejection when a miniature ends on others: the order, the nearest free hexes, who chooses, free attacks, markers.", false},
    {"shift", run_shift, SHIFT_FIELDS,
     "An effect moving an opponent's miniature: the Dexterity check and both outcomes.", false},
    {NULL, NULL, NULL, NULL, false},
};
