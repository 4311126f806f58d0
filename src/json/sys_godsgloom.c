// The godsgloom queries: reads `reach`, `move` and `whyNot` requests into McGgRequest (the world
// with the hex-game kit, json/hex_kit.h), runs src/rules/godsgloom/ and writes the results
// (docs/api/godsgloom.md).
#include <string.h>

#include "core/limits.h"
#include "json/dispatch.h"
#include "json/hex_kit.h"
#include "json/read_hex.h"
#include "json/write.h"
#include "json/write_reach.h"
#include "rules/godsgloom/gg.h"
#include "rules/godsgloom/gg_columns.h"

static const char *const unit_keys[] = {"facing", "speed", "traits", "abilities", "tokens", "engaged", NULL};

// A name the engine does not know in a unit's traits, abilities or tokens: real unit sheets list
// many that have nothing to do with movement, so they are accepted, have no effect, and are named
// in the answer ("ignoredNames") so that a misspelt movement trait does not go unnoticed.
typedef struct Ignored {
    const char *list, *name;
} Ignored;

// A unit's own fields (its id, side and hex are the kit's) and the names it gives that the
// engine does not know, in the order given.
typedef struct Fields {
    McGgUnit unit;
    Ignored *ignored;
    int ignored_count, ignored_cap;
} Fields;

static char fold(char c) {
    if (c >= 'A' && c <= 'Z') return (char)(c - 'A' + 'a');
    return c == '-' || c == '_' ? ' ' : c;
}

// Names match without regard to case, and '-' or '_' stand for a space ("Circular-Defence").
static bool same_name(const char *a, const char *b) {
    for (;; a++, b++) {
        if (fold(*a) != fold(*b)) return false;
        if (!*a) return true;
    }
}

// Reads a list of names from `table` into a bit set; a known trait given twice (also under its
// other name) is bad_request; an unknown name goes to the unit's ignored names once.
static int read_names(McRequest *rq, const cJSON *obj, const char *key, const McGgName *table, Fields *f,
                      unsigned *bits) {
    const cJSON *arr;
    int n;
    *bits = 0;
    if (!mc_read_array(rq, obj, key, 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &arr, &n)) return 0;
    if (!arr) return 1;
    MC_EACH(rq, arr, key, it) {
        const char *name;
        if (!mc_read_string_value(rq, it.item, &name)) return 0;
        const McGgName *hit = NULL;
        for (const McGgName *t = table; t->name && !hit; t++)
            if (same_name(name, t->name)) hit = t;
        if (hit) {
            if (*bits & hit->bit) return mc_read_fail(rq, "bad_request", "\"%s\" is listed twice", name);
            *bits |= hit->bit;
        } else {
            bool seen = false;
            for (int k = 0; k < f->ignored_count && !seen; k++)
                seen = f->ignored[k].list == key && same_name(f->ignored[k].name, name);
            if (!seen) {
                if (!mc_grow(rq->env.arena, (void **)&f->ignored, &f->ignored_cap, f->ignored_count + 1, sizeof(Ignored)))
                    return mc_read_oom(rq);
                f->ignored[f->ignored_count++] = (Ignored){key, name};
            }
        }
    }
    return 1;
}

// The unit's own fields (McHexGame.read_unit), in the order of the errors a request gets.
static int read_unit(McRequest *rq, const cJSON *unit_obj, const McHexUnit *hex_unit, void *fields) {
    (void)hex_unit;
    Fields *f = fields;
    McGgUnit *u = &f->unit;
    u->speed = -1;
    u->engaged = -1;
    return mc_read_int(rq, unit_obj, "facing", 1, 0, 5, &u->facing) &&
           mc_read_int(rq, unit_obj, "speed", 0, 0, MC_MAX_MOVE_POINTS, &u->speed) &&
           read_names(rq, unit_obj, "traits", mc_gg_trait_names, f, &u->traits) &&
           read_names(rq, unit_obj, "abilities", mc_gg_ability_names, f, &u->abilities) &&
           read_names(rq, unit_obj, "tokens", mc_gg_token_names, f, &u->tokens) &&
           mc_read_bool(rq, unit_obj, "engaged", 0, &u->engaged);
}

// A unit replaced in place keeps its ignored names' room in the kept world, which fits only as
// many (McHexGame.replace_unit); their strings are the tree's new unit's.
static int replace_unit(McHexWorld *world, int i, const McHexUnit *unit, const void *read) {
    (void)unit;
    Fields *kept = (Fields *)(world->fields + (size_t)i * world->field_size);
    const Fields *f = read;
    if (f->ignored_count != kept->ignored_count) return 0;
    if (f->ignored_count) memcpy(kept->ignored, f->ignored, (size_t)f->ignored_count * sizeof *f->ignored);
    kept->unit = f->unit;
    return 1;
}

static const McHexGame game = {.terrain = mc_gg_terrain_names, .unit_keys = unit_keys, .unit_size = sizeof(Fields),
                               .read_unit = read_unit, .replace_unit = replace_unit};
MC_HEX_WORLD(world_of, game)

const char *mc_gg_terrain_kind(int i) { return mc_hex_terrain_kind(&game, i); }

// What a name of the list `list` (read_names' key) is called in a trace.
static const char *list_item(const char *list) {
    return strcmp(list, "traits") == 0 ? "trait" : strcmp(list, "abilities") == 0 ? "ability" : "token";
}

// Everything `reach` and `move` share: board, units, the mover, ignoreUnits, reconnaissance,
// action; the rules' units are the kit's world's with their own fields. *world_out: the world read.
static int read_common(McRequest *rq, const cJSON *req, McGgRequest *out, const McHexWorld **world_out) {
    memset(out, 0, sizeof *out);
    const McHexWorld *world = *world_out = world_of(rq, req);
    if (!world) return 0;
    McArena *arena = rq->env.arena;
    McGgUnit *units = MC_NEW(arena, McGgUnit, world->unit_count > 0 ? world->unit_count : 1);
    if (!units) return mc_read_oom(rq);
    for (int i = 0; i < world->unit_count; i++) {
        const Fields *f = mc_hex_unit_fields(world, i);
        units[i] = f->unit;
        units[i].id = world->units[i].id;
        units[i].side = world->units[i].side;
        units[i].hex = world->units[i].hex;
        for (int k = 0; k < f->ignored_count; k++)
            mc_trace(&rq->env, "GG-TRT-1", units[i].id,
                     "the %s \"%s\" is not one the engine knows: it is taken to have no effect on movement",
                     list_item(f->ignored[k].list), f->ignored[k].name);
    }
    const McBoard *board = out->board = &world->board;
    out->units = units;
    out->unit_count = world->unit_count;
    const cJSON *arr;
    int n;
    if (!mc_read_ref(rq, &world->ids, req, "unit", 1, &out->mover)) return 0;
    if (units[out->mover].speed < 0) {
        mc_read_at_item(rq, "units", out->mover);
        return mc_read_fail_key(rq, "speed", "bad_request", "missing required field \"speed\" of the moving unit");
    }

    int ignore = 0;
    if (!mc_read_bool(rq, req, "ignoreUnits", 0, &ignore)) return 0;
    out->ignore_units = ignore != 0;
    static const char *const actions[] = {"move", "reposition", NULL};
    int action = 0;
    if (!mc_read_enum(rq, req, "action", 0, actions, &action)) return 0;
    out->action = action == 1 ? MC_GG_ACTION_REPOSITION : MC_GG_ACTION_MOVE;

    if (!mc_read_array(rq, req, "reconnaissance", 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &arr, &n)) return 0;
    McGgRecon *recon = MC_NEW(arena, McGgRecon, n > 0 ? n : 1);
    if (!recon) return mc_read_oom(rq);
    MC_EACH(rq, arr, "reconnaissance", it) {
        static const char *const keys[] = {"q", "r", "col", "row", "side", NULL};
        McGgRecon *x = &recon[it.index];
        if (!mc_read_object(rq, it.item, keys) || !mc_read_hex_fields(rq, it.item, &x->hex) ||
            !mc_read_string(rq, it.item, "side", 1, &x->side))
            return 0;
        int pos = mc_board_index(board, x->hex);
        if (pos < 0) return mc_read_fail(rq, "bad_request", "hex (q %d, r %d) is not on the board", x->hex.q, x->hex.r);
        if (mc_gg_terrain_keyword[board->terrain[pos]] == MC_GG_OPEN)
            return mc_read_fail(rq, "bad_request", "Reconnaissance chooses a Difficult or Impassable hex; this one is open");
    }
    out->recon = recon;
    out->recon_count = n;
    return 1;
}

// Names the unknown traits, abilities and tokens in the answer.
static void write_ignored(McRequest *rq, cJSON *result, const McHexWorld *world) {
    cJSON *arr = mc_write_array(rq, result, "ignoredNames");
    for (int i = 0; i < world->unit_count && arr; i++) {
        const Fields *f = mc_hex_unit_fields(world, i);
        for (int k = 0; k < f->ignored_count; k++) {
            cJSON *o = mc_write_push_object(rq, arr);
            if (!o) return;
            mc_write_string(rq, o, "unit", world->units[i].id);
            mc_write_string(rq, o, "list", f->ignored[k].list);
            mc_write_string(rq, o, "name", f->ignored[k].name);
        }
    }
}

static void write_ids(McRequest *rq, cJSON *obj, const char *key, const McGgRequest *req, const int *units, int count) {
    cJSON *arr = mc_write_array(rq, obj, key);
    for (int i = 0; i < count && arr; i++) mc_write_add(rq, arr, NULL, cJSON_CreateString(req->units[units[i]].id));
}

static void write_facings(McRequest *rq, cJSON *obj, unsigned facings) {
    cJSON *arr = mc_write_array(rq, obj, "facings");
    for (int f = 0; f < MC_HEX_DIRECTIONS && arr; f++)
        if (facings & (1u << f)) mc_write_push_number(rq, arr, f);
}

// Every enemy's Engagement Zone (GG-EZ-1, A-GG-1), so that zones are seen whole, not only where
// the mover can end: the enemies in request order, each with its zone hexes on the board in
// direction order. None with ignoreUnits (no unit exerts a zone then).
static void write_zones(McRequest *rq, cJSON *result, const McGgScene *scene) {
    cJSON *zones = mc_write_array(rq, result, "zones");
    for (int u = 0; u < scene->req->unit_count && zones && !scene->req->ignore_units; u++) {
        const McGgUnit *e = &scene->req->units[u];
        if (u == scene->req->mover || strcmp(e->side, scene->mover->side) == 0) continue;
        cJSON *o = mc_write_push_object(rq, zones);
        if (!o) return;
        mc_write_string(rq, o, "unit", e->id);
        mc_write_bool(rq, o, "lockdown", (e->traits & MC_GG_LOCKDOWN) != 0);
        cJSON *hexes = mc_write_array(rq, o, "hexes");
        int at = mc_board_index(scene->board, e->hex);
        for (int d = 0; d < MC_HEX_DIRECTIONS && hexes; d++) {
            int nb = mc_board_neighbor(scene->board, at, d);
            if (nb >= 0 && mc_gg_in_zone(scene, e, scene->board->hexes[nb])) mc_write_hex_push(rq, hexes, scene->board->hexes[nb]);
        }
    }
}

// The fields after "unit" that the start, every destination and the stay share.
static void write_scene(McRequest *rq, cJSON *result, const McGgScene *scene) {
    cJSON *start = mc_write_object(rq, result, "start");
    if (start) {
        mc_write_hex_fields(rq, start, scene->mover->hex);
        mc_write_number(rq, start, "facing", scene->mover->facing);
    }
    mc_write_string(rq, result, "moveType", mc_gg_mode_name(scene->mode));
    mc_write_number(rq, result, "speed", scene->mover->speed);
    mc_write_number(rq, result, "movementPoints", scene->points);
    mc_write_bool(rq, result, "startsEngaged", scene->starts_engaged);
    write_ids(rq, result, "startEngagedWith", scene->req, scene->engagers, scene->engager_count);
    write_zones(rq, result, scene);
}

static void write_header(McRequest *rq, cJSON *result, const McGgScene *scene) {
    mc_write_string(rq, result, "unit", scene->mover->id);
    write_scene(rq, result, scene);
}

// A destination's fields after its way; `brief` leaves out the values at their documented
// defaults (docs/api/godsgloom.md).
static void write_dest(McRequest *rq, cJSON *entry, const McGgReach *reach, const McGgDest *dest, bool parent_paths, bool brief) {
    const McGgScene *s = &reach->scene;
    if (!brief || dest->engaged) mc_write_bool(rq, entry, "engaged", dest->engaged);
    if (!brief || dest->engager_count > 0) write_ids(rq, entry, "engagedWith", s->req, dest->engagers, dest->engager_count);
    if (dest->may_melee >= 0 && (!brief || !dest->may_melee)) mc_write_bool(rq, entry, "mayMeleeAttack", dest->may_melee);
    if (!brief || dest->nimble) mc_write_bool(rq, entry, "nimble", dest->nimble);
    if (!brief || dest->minimum_move) mc_write_bool(rq, entry, "minimumMove", dest->minimum_move);
    if (!brief || dest->end != MC_GG_END_CHOICE) mc_write_string(rq, entry, "endedBy", mc_gg_end_name(dest->end));
    if (!brief || dest->facings != (1u << MC_HEX_DIRECTIONS) - 1u) write_facings(rq, entry, dest->facings);
    if (!brief && dest->alt_node >= 0) {
        // A dearer path that keeps the Melee Attack (docs/api/godsgloom.md "alternatives").
        cJSON *alts = mc_write_array(rq, entry, "alternatives");
        cJSON *a = alts ? mc_write_push_object(rq, alts) : NULL;
        McGgDest alt = mc_gg_reach_alternative(reach, dest);
        if (!a) return;
        mc_write_hex_cost(rq, a, alt.hex, alt.cost);
        if (mc_write_hex_route(rq, a, &reach->search, alt.hex, alt.node, alt.parent_node, s->mover->hex, parent_paths, false))
            write_dest(rq, a, reach, &alt, parent_paths, false);
    }
}

// A reach as the kit writes it (McHexEnds): the rules' destinations, on the search's paths.
typedef struct Reach {
    McGgReach *reach;
    const McGgRequest *gr;
    const McHexWorld *world;
} Reach;

// Destination i with its arrays form's row: its parent is the hex its walk enters it from, none
// for a landing or a first step; a landing adds its hex to the whole paths' count.
static McHexEnd dest_end(const void *ctx, int i) {
    const McGgReach *r = ((const Reach *)ctx)->reach;
    const McGgDest *d = &r->dests[i];
    McHex start = r->scene.mover->hex;
    int from = -1;
    McReachEntry e, pe;
    if (d->node >= 0 && d->parent_node >= 0 && mc_reach_get(&r->search, d->parent_node, &pe) &&
        (pe.hex.q != start.q || pe.hex.r != start.r))
        from = pe.position;
    int32_t flags = (d->engaged ? MC_REACH_ENGAGED : 0) | (d->may_melee == 0 ? MC_REACH_NO_MELEE : 0) |
                    (d->nimble ? MC_REACH_NIMBLE : 0) | (d->minimum_move ? MC_REACH_MINIMUM : 0) |
                    (d->node < 0 ? MC_REACH_LANDING : 0) | (d->end != MC_GG_END_CHOICE ? MC_REACH_ENDED_BY : 0);
    long long hexes = d->node < 0 ? 1 : mc_reach_get(&r->search, d->node, &e) ? e.steps : 0;
    return (McHexEnd){{d->hex, d->pos, d->cost, from, flags}, NULL, 0, start, d->node, d->parent_node, hexes};
}

static void dest_fields(McRequest *rq, cJSON *entry, int i, bool parent, bool brief, const void *ctx) {
    const McGgReach *r = ((const Reach *)ctx)->reach;
    write_dest(rq, entry, r, &r->dests[i], parent, brief);
}

// The parent form's "through" list, made by after_paths (mc_gg_reach_through).
static int dest_through(McRequest *rq, const void *ctx, int *count) {
    (void)rq;
    *count = ((const Reach *)ctx)->reach->through_count;
    return 1;
}

static bool through_node(const void *ctx, int i, McReachNode *out) {
    const McGgReach *r = ((const Reach *)ctx)->reach;
    McReachEntry e, pe;
    if (!mc_reach_get(&r->search, r->through[i], &e)) return false;
    McHex ph = r->scene.mover->hex;
    if (mc_reach_get(&r->search, e.parent, &pe)) ph = pe.hex;
    *out = (McReachNode){e.hex, ph, e.cost, e.node, e.parent};
    return true;
}

static void reach_header(McRequest *rq, cJSON *result, const McHexReach *asked, const void *ctx) {
    (void)asked;
    write_scene(rq, result, &((const Reach *)ctx)->reach->scene);
}

// After "pathsLimited": the names not known, the restrictions and the stay.
static int after_paths(McRequest *rq, cJSON *result, bool parent, const void *ctx) {
    const Reach *reach = ctx;
    McGgReach *r = reach->reach;
    if (parent && !mc_gg_reach_through(&rq->env, r)) return mc_read_oom(rq);
    write_ignored(rq, result, reach->world);
    mc_write_reasons(rq, result, "reasons", &r->scene.restrictions);
    if (!r->has_stay) return 1;
    cJSON *o = mc_write_object(rq, result, "stay");
    if (o) {
        mc_write_hex_fields(rq, o, r->stay.hex);
        mc_write_bool(rq, o, "engaged", r->stay.engaged);
        write_ids(rq, o, "engagedWith", reach->gr, r->stay.engagers, r->stay.engager_count);
        mc_write_bool(rq, o, "mayMeleeAttack", r->stay.may_melee);
        write_facings(rq, o, r->stay.facings);
        if (parent && r->stay.node >= 0) mc_write_number(rq, o, "node", r->stay.node);
    }
    return 1;
}

static int run_reach(McRequest *rq, const cJSON *req, cJSON *result) {
    McGgRequest gr;
    const McHexWorld *world;
    McHexReach asked; // the kit's reading of "unit" (read_common's mover), "paths" and "detail"
    if (!read_common(rq, req, &gr, &world) || !mc_hex_reach_read(rq, req, world, &asked)) return 0;
    McGgReach r;
    if (!mc_gg_reach(&rq->env, &gr, &r)) return mc_read_oom(rq);
    const Reach reach = {&r, &gr, world};
    const McHexEnds ends = {.count = r.dest_count, .get = dest_end, .through = dest_through, .through_node = through_node,
                            .fields = dest_fields, .search = &r.search};
    const McHexReachWriter writer = {.rule = "GG-MOV-1", .header = reach_header, .ctx = &reach, .ends = &ends,
                                     .after_paths = after_paths};
    return mc_write_hex_reach(rq, result, &asked, &writer);
}

static int run_move(McRequest *rq, const cJSON *req, cJSON *result) {
    McGgRequest gr;
    const McHexWorld *world;
    if (!read_common(rq, req, &gr, &world)) return 0;
    McHex *path;
    int n;
    if (!mc_read_hex_path(rq, req, "path", NULL, NULL, &path, &n)) return 0;
    int facing = -1;
    if (!mc_read_int(rq, req, "facing", 0, 0, 5, &facing)) return 0;
    const McHex *walked = path;
    int skipped = mc_path_skip_start(&walked, &n, gr.units[gr.mover].hex, 0);
    McGgMove m;
    if (!mc_gg_move(&rq->env, &gr, walked, n, facing, &m)) return mc_read_oom(rq);
    mc_reasons_shift_steps(&m.reasons, skipped);
    mc_write_bool(rq, result, "legal", m.legal);
    mc_write_reasons(rq, result, "reasons", &m.reasons);
    cJSON *fin = mc_write_object(rq, result, "final");
    if (fin) {
        mc_write_hex_fields(rq, fin, m.final_hex);
        mc_write_number(rq, fin, "facing", m.final_facing);
    }
    write_header(rq, result, &m.scene);
    write_ignored(rq, result, world);
    mc_write_reasons(rq, result, "restrictions", &m.scene.restrictions);
    mc_write_number(rq, result, "cost", m.cost);
    mc_write_bool(rq, result, "engaged", m.engaged);
    write_ids(rq, result, "engagedWith", &gr, m.engagers, m.engager_count);
    if (m.may_melee >= 0) mc_write_bool(rq, result, "mayMeleeAttack", m.may_melee);
    mc_write_bool(rq, result, "nimble", m.nimble);
    mc_write_bool(rq, result, "minimumMove", m.minimum_move);
    mc_write_string(rq, result, "endedBy", mc_gg_end_name(m.end));
    cJSON *steps = mc_write_array(rq, result, "steps");
    for (int i = 0; i < m.step_count && steps; i++) {
        cJSON *o = mc_write_push_object(rq, steps);
        if (!o) break;
        mc_write_hex_fields(rq, o, m.steps[i].hex);
        mc_write_number(rq, o, "cost", m.steps[i].cost);
        mc_write_number(rq, o, "spent", m.steps[i].spent);
    }
    return 1;
}

static int run_why_not(McRequest *rq, const cJSON *req, cJSON *result) {
    McGgRequest gr;
    const McHexWorld *world;
    if (!read_common(rq, req, &gr, &world)) return 0;
    McWhyNot answer;
    memset(&answer, 0, sizeof answer);
    answer.needs = -1;
    if (!mc_read_hex_at(rq, req, "to", 1, &answer.to, NULL)) return 0;
    McGgReach r;
    if (!mc_gg_reach(&rq->env, &gr, &r)) return mc_read_oom(rq);
    write_header(rq, result, &r.scene);
    write_ignored(rq, result, world);
    mc_write_reasons(rq, result, "restrictions", &r.scene.restrictions);
    McQuiet quiet = mc_why_not_quiet_begin(rq);
    int ok = mc_gg_why_not(&rq->env, &gr, &r, &answer);
    mc_why_not_quiet_end(rq, quiet);
    if (!ok) return mc_read_oom(rq);
    mc_write_why_not(rq, result, &answer);
    return 1;
}

static const char *const reach_fields[] = {"board", "units", "unit", "ignoreUnits", "paths", "detail", "reconnaissance", "action", NULL};
static const char *const why_not_fields[] = {"board", "units", "unit", "ignoreUnits", "reconnaissance", "action", "to", NULL};
static const char *const move_fields[] = {"board", "units", "unit", "ignoreUnits", "reconnaissance", "action", "path", "facing", NULL};

const McQuery mc_gg_queries[] = {
    {"reach", run_reach, reach_fields,
     "Every hex a unit can end its Move Action on (or Reposition to), with the cheapest path, cost, engagement, Melee Attack and why it stops.", true},
    {"move", run_move, move_fields, "Checks a proposed path hex by hex and gives the reason for the first illegal step.", false},
    {"whyNot", run_why_not, why_not_fields,
     "Whether the unit can end its move on one hex: the path reach gives, or what stops it (points, zones, units, terrain) and the answer with the other units removed.", false},
    {NULL, NULL, NULL, NULL, false},
};
