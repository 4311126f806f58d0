// The hex-game kit (hex_kit.h): the world every hex game reads and the reach answer it writes.
#include "json/hex_kit.h"

#include <stdlib.h>
#include <string.h>

#include "core/fmt.h"
#include "core/limits.h"
#include "json/write.h"
#include "json/write_reach.h"

static const char *const base_keys[] = {"id", "side", "type", "q", "r", "col", "row"};
enum { BASE_KEYS = sizeof base_keys / sizeof *base_keys, MAX_UNIT_KEYS = 48 };

const char *mc_hex_terrain_kind(const McHexGame *game, int i) {
    for (int k = 0; k <= i; k++)
        if (!game->terrain[k]) return NULL;
    return i >= 0 ? game->terrain[i] : NULL;
}

// "type": one of `types`, *kind its index; an unknown name is bad_request listing every known one.
static int read_kind(McRequest *rq, const cJSON *unit_obj, const char *const *types, McHexUnit *unit) {
    if (!mc_read_string(rq, unit_obj, "type", 1, &unit->type)) return 0;
    for (int t = 0; types[t]; t++)
        if (strcmp(unit->type, types[t]) == 0) {
            unit->kind = t;
            return 1;
        }
    char list[640] = "";
    size_t len = 0;
    for (int t = 0; types[t] && len < sizeof list; t++)
        len += (size_t)mc_snfmt(list + len, sizeof list - len, "%s\"%s\"", t ? ", " : "", types[t]);
    return mc_read_fail_key(rq, "type", "bad_request", "unknown unit type \"%s\"; known: %s", unit->type, list);
}

// Adds the unit's id to `ids` (NULL: the caller checks it).
static int add_id(McRequest *rq, const McHexGame *game, McIdMap *ids, const char *id) {
    if (!ids) return 1;
    if (game->id_at_unit) return mc_ids_add(rq, ids, id);
    int at = mc_read_push_key(rq, "id");
    if (!mc_ids_add(rq, ids, id)) return 0;
    mc_read_pop(rq, at);
    return 1;
}

// A unit of `units` (the path at it): its fields, the game's own and its board index, in the order
// of the errors a request gets; its id added to `ids`.
static int read_unit(McRequest *rq, const cJSON *unit_obj, const McHexGame *game, const McHexWorld *world, McIdMap *ids,
                     McHexUnit *unit, void *fields) {
    const char *keys[MAX_UNIT_KEYS + 1];
    int k = 0;
    for (; k < BASE_KEYS; k++) keys[k] = base_keys[k];
    for (int i = 0; game->unit_keys && game->unit_keys[i] && k < MAX_UNIT_KEYS; i++) keys[k++] = game->unit_keys[i];
    keys[k] = NULL;
    memset(unit, 0, sizeof *unit);
    unit->kind = -1;
    if (game->unit_size) memset(fields, 0, game->unit_size);
    if (!mc_read_object(rq, unit_obj, keys) || !mc_read_string(rq, unit_obj, "id", 1, &unit->id)) return 0;
    if (!game->id_last && !add_id(rq, game, ids, unit->id)) return 0;
    if (!mc_read_string(rq, unit_obj, "side", 1, &unit->side)) return 0;
    if (game->read_place) {
        if (!game->read_place(rq, unit_obj, world, unit, fields)) return 0;
    } else if (!(game->types ? read_kind(rq, unit_obj, game->types, unit) : mc_read_string(rq, unit_obj, "type", 0, &unit->type)) ||
               !mc_read_hex_fields(rq, unit_obj, &unit->hex))
        return 0;
    if (game->read_unit && !game->read_unit(rq, unit_obj, unit, fields)) return 0;
    if (game->id_last && !add_id(rq, game, ids, unit->id)) return 0;
    unit->pos = mc_board_index(&world->board, unit->hex);
    return 1;
}

int mc_hex_on_board(McRequest *rq, const McHexUnit *unit) {
    if (unit->pos >= 0) return 1;
    return mc_read_fail(rq, "bad_request", "hex (q %d, r %d) is not on the board", unit->hex.q, unit->hex.r);
}

// Unit i on the board, one a hex.
static int place_one(McRequest *rq, McHexWorld *world, int i) {
    const McHexUnit *unit = &world->units[i];
    if (!mc_hex_on_board(rq, unit)) return 0;
    if (world->at[unit->pos] >= 0)
        return mc_read_fail(rq, "bad_request", "stands on the same hex as units[%d]; a hex holds one unit", world->at[unit->pos]);
    world->at[unit->pos] = i;
    return 1;
}

int mc_hex_world_read(McRequest *rq, const cJSON *req, const McHexGame *game, McHexWorld *world) {
    McBoardSpec spec = {game->terrain, NULL, 0};
    const cJSON *board_obj = NULL;
    if (!mc_read_board(rq, req, game->board ? game->board : &spec, &world->board, &board_obj)) return 0;
    McArena *arena = rq->env.arena;
    if (game->world_size && !(world->game = mc_arena_array(arena, 1, game->world_size))) return mc_read_oom(rq);
    if (game->read_board && !game->read_board(rq, board_obj, world)) return 0;
    const cJSON *arr;
    int n;
    if (!mc_read_array(rq, req, "units", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &arr, &n)) return 0;
    world->field_size = game->unit_size;
    world->units = MC_NEW(arena, McHexUnit, n > 0 ? n : 1);
    world->fields = mc_arena_array(arena, n > 0 ? (size_t)n : 1, game->unit_size ? game->unit_size : 1);
    bool kit_places = !game->place && !game->read_place;
    if (kit_places) world->at = MC_NEW(arena, int, world->board.count > 0 ? world->board.count : 1);
    if (!world->units || !world->fields || (kit_places && !world->at)) return mc_read_oom(rq);
    if (!mc_ids_init(rq, &world->ids, n)) return 0;
    for (int i = 0; i < world->board.count && world->at; i++) world->at[i] = -1;
    world->unit_count = n;
    MC_EACH(rq, arr, "units", it) {
        if (!read_unit(rq, it.item, game, world, &world->ids, &world->units[it.index], world->fields + (size_t)it.index * world->field_size) ||
            !(game->place ? game->place(rq, world, it.index) : !kit_places || place_one(rq, world, it.index)))
            return 0;
    }
    // A kept world outlives the tree's unit objects an update replaces: it holds its own ids, to
    // tell a unit replaced under its own id from one renamed.
    if (rq->kept && !mc_ids_own(rq, &world->ids)) return 0;
    for (int i = 0; i < n && rq->kept; i++) world->units[i].id = world->ids.ids[i];
    return !game->read_world || game->read_world(rq, req, board_obj, world);
}

int mc_hex_world_unit(McRequest *rq, const cJSON *unit_obj, int i, const McHexGame *game, McHexWorld *world) {
    McHexUnit unit, *old = &world->units[i];
    unsigned char *fields = world->fields + (size_t)i * world->field_size;
    unsigned char *read = world->field_size ? MC_NEW(rq->env.arena, unsigned char, world->field_size) : NULL;
    if (world->field_size && !read) return 0;
    if (!read_unit(rq, unit_obj, game, world, NULL, &unit, read) || strcmp(unit.id, old->id) != 0 || unit.pos < 0) return 0;
    if (world->at && unit.pos != old->pos && world->at[unit.pos] >= 0) return 0;
    if (game->replace_unit && !game->replace_unit(world, i, &unit, read)) return 0;
    if (!game->replace_unit && world->field_size) memcpy(fields, read, world->field_size);
    if (world->at) {
        world->at[old->pos] = -1;
        world->at[unit.pos] = i;
    }
    unit.id = old->id; // the tree's new unit's strings are its own; the kept id is the world's
    *old = unit;
    return 1;
}

int mc_hex_reach_read(McRequest *rq, const cJSON *req, const McHexWorld *world, McHexReach *reach) {
    memset(reach, 0, sizeof *reach);
    reach->world = world;
    int parent = 0;
    if (!mc_read_ref(rq, &world->ids, req, "unit", 1, &reach->mover) || !mc_read_reach_paths(rq, req, &parent) ||
        !mc_read_reach_detail(rq, req, &reach->brief))
        return 0;
    reach->parent_asked = parent != 0;
    return 1;
}

// The order of a reach's entries: cost, then r, then q.
static int by_cost(const void *a, const void *b) {
    const McReachEntry *x = a, *y = b;
    if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
    if (x->hex.r != y->hex.r) return x->hex.r < y->hex.r ? -1 : 1;
    return (x->hex.q > y->hex.q) - (x->hex.q < y->hex.q);
}

int mc_hex_reach_run(McRequest *rq, McHexReach *reach, const McReachOptions *options) {
    const McBoard *board = &reach->world->board;
    size_t bytes = mc_reach_storage_size(board->count, options->state_count);
    void *storage = bytes ? mc_arena_alloc_raw(rq->env.arena, bytes) : NULL; // the search writes what it reads
    reach->ends = MC_NEW(rq->env.arena, McReachEntry, board->count > 0 ? board->count : 1);
    if (!storage || !reach->ends) return mc_read_oom(rq);
    McReachStatus status = mc_reach_run(&reach->search, board, reach->world->units[reach->mover].hex, options, storage, bytes);
    if (status != MC_REACH_OK) return mc_read_fail(rq, "bad_request", "the reach search cannot run (status %d)", (int)status);
    for (int pos = 0; pos < board->count; pos++) {
        McReachEntry e;
        if (mc_reach_get(&reach->search, mc_reach_best(&reach->search, pos), &e) && !(e.flags & MC_REACH_IS_START))
            reach->ends[reach->end_count++] = e;
    }
    qsort(reach->ends, (size_t)reach->end_count, sizeof *reach->ends, by_cost);
    return 1;
}

// A reach answer being written: the reach, the game's writer and the form.
typedef struct Answer {
    const McHexReach *reach;
    const McHexReachWriter *writer;
    const McHexEnd *listed; ///< the game's ends (McHexReachWriter.ends), each got once
    const int *through; ///< the search's "through" nodes (through_nodes)
    int through_count;
    bool parent; ///< the parent form
} Answer;

// The arrays form's row of entry i: entered from its parent's hex, or -1 from the start.
static McReachRow end_row(const void *ctx, int i) {
    const Answer *answer = ctx;
    const McReachEntry *e = &answer->reach->ends[i];
    McReachEntry pe;
    int from = -1;
    if (mc_reach_get(&answer->reach->search, e->parent, &pe) && !(pe.flags & MC_REACH_IS_START)) from = pe.position;
    return (McReachRow){e->hex, e->position, e->cost, from, answer->writer->flags ? answer->writer->flags(e, answer->writer->ctx) : 0};
}

// The arrays form's row of the game's end i.
static McReachRow listed_row(const void *ctx, int i) {
    const Answer *answer = ctx;
    return answer->writer->ends->get(answer->writer->ctx, i).row;
}

// The i-th node of "through": its hex, cost and parent.
static bool through_node(const void *ctx, int i, McReachNode *out) {
    const Answer *answer = ctx;
    McReachEntry e, pe;
    if (!mc_reach_get(&answer->reach->search, answer->through[i], &e) || !mc_reach_get(&answer->reach->search, e.parent, &pe)) return false;
    *out = (McReachNode){e.hex, pe.hex, e.cost, e.node, e.parent};
    return true;
}

// The nodes the entries' paths pass that no entry gives, in the order of their best paths (so answer
// parent comes before its child); NULL when memory ran out.
static int *through_nodes(McRequest *rq, const McHexReach *r, int *count) {
    const McReach *s = &r->search;
    unsigned char *mark = MC_NEW(rq->env.arena, unsigned char, s->node_count);
    int *by_rank = MC_NEW(rq->env.arena, int, s->reached_count > 0 ? s->reached_count : 1);
    if (!mark || !by_rank) return NULL;
    mark[s->start_node] = 1;
    for (int i = 0; i < r->end_count; i++) mark[r->ends[i].node] = 1;
    for (int i = 0; i < s->reached_count; i++) by_rank[i] = -1;
    for (int i = 0; i < r->end_count; i++) {
        McReachEntry e;
        for (int v = r->ends[i].parent; v >= 0 && !mark[v] && mc_reach_get(s, v, &e); v = e.parent) {
            mark[v] = 2;
            by_rank[e.order] = v;
        }
    }
    *count = 0;
    for (int i = 0; i < s->reached_count; i++)
        if (by_rank[i] >= 0) by_rank[(*count)++] = by_rank[i];
    return by_rank;
}

int mc_write_hex_route(McRequest *rq, cJSON *entry, const McReach *search, McHex hex, int node, int parent_node,
                       McHex start, bool parent, bool brief) {
    if (parent) {
        McReachEntry pe;
        mc_write_reach_hex(rq, entry, "parent", parent_node >= 0 && mc_reach_get(search, parent_node, &pe) ? pe.hex : start, brief);
        if (node >= 0) mc_write_node_parent(rq, entry, node, parent_node);
        return 1;
    }
    if (node < 0) {
        mc_write_hex_way(rq, entry, &hex, 1, start, false, brief);
        return 1;
    }
    int len = mc_reach_path(search, node, NULL, 0);
    McHex *hexes = len > 0 ? MC_NEW(rq->env.arena, McHex, len) : NULL;
    if (len > 0 && !hexes) {
        rq->oom = 1;
        return 0;
    }
    mc_reach_path(search, node, hexes, len);
    mc_write_hex_way(rq, entry, hexes, len, start, false, brief);
    return 1;
}

void mc_write_hex_way(McRequest *rq, cJSON *entry, const McHex *path, int len, McHex parent_hex, bool parent, bool brief) {
    if (parent) {
        mc_write_reach_hex(rq, entry, "parent", parent_hex, brief);
        return;
    }
    cJSON *arr = mc_write_array(rq, entry, "path");
    for (int i = 0; i < len && arr; i++) mc_write_reach_hex(rq, arr, NULL, path[i], brief);
}

// Writes "hexes": entry i by `write`, each after `more` (McHexEnds.more) lets it; false when
// `more` ended the answer.
static bool write_entries(McRequest *rq, cJSON *result, int count, void (*write)(McRequest *rq, cJSON *entry, int i, const void *ctx),
                          bool (*more)(McRequest *rq, int i, const void *ctx), const void *ctx) {
    McWriteList hexes = {0};
    bool stopped = false;
    for (int i = 0; i < count && !rq->oom; i++) {
        stopped = more && !more(rq, i, ctx);
        if (stopped) break;
        cJSON *entry = mc_write_list_object(rq, &hexes);
        if (entry) write(rq, entry, i, ctx);
        mc_write_list_commit(rq, &hexes);
    }
    mc_write_list_end(rq, &hexes, result, "hexes");
    return !stopped && (!more || more(rq, count, ctx));
}

void mc_write_hex_entries(McRequest *rq, cJSON *result, int count,
                          void (*write)(McRequest *rq, cJSON *entry, int i, const void *ctx), const void *ctx) {
    write_entries(rq, result, count, write, NULL, ctx);
}

void mc_write_hex_end(McRequest *rq, cJSON *entry, const McHexEnd *e, bool parent, bool brief) {
    mc_write_hex_cost(rq, entry, e->row.hex, e->row.cost);
    mc_write_hex_way(rq, entry, e->path, e->path_len, e->parent, parent, brief);
    if (parent && e->node >= 0) mc_write_node_parent(rq, entry, e->node, e->parent_node);
}

// Entry i: its hex and cost, its path or parent, the game's fields.
static void write_entry(McRequest *rq, cJSON *entry, int i, const void *ctx) {
    const Answer *answer = ctx;
    const McHexReach *r = answer->reach;
    const McHexEnds *ends = answer->writer->ends;
    if (ends) {
        const McHexEnd *e = &answer->listed[i];
        if (!ends->search) mc_write_hex_end(rq, entry, e, answer->parent, r->brief);
        else {
            mc_write_hex_cost(rq, entry, e->row.hex, e->row.cost);
            if (!mc_write_hex_route(rq, entry, ends->search, e->row.hex, e->node, e->parent_node, r->world->units[r->mover].hex,
                                    answer->parent, r->brief))
                return;
        }
        if (ends->fields) ends->fields(rq, entry, i, answer->parent, r->brief, answer->writer->ctx);
        return;
    }
    const McReachEntry *e = &r->ends[i];
    mc_write_hex_cost(rq, entry, e->hex, e->cost);
    if (!mc_write_hex_route(rq, entry, &r->search, e->hex, e->node, e->parent, r->world->units[r->mover].hex, answer->parent, r->brief))
        return;
    if (answer->writer->fields) answer->writer->fields(rq, entry, e, r->brief, answer->writer->ctx);
}

// The `more` of the game's ends, with the writer's context.
static bool more_ends(McRequest *rq, int i, const void *ctx) {
    const Answer *answer = ctx;
    return answer->writer->ends->more(rq, i, answer->writer->ctx);
}

// The parent form's "through": the nodes the search's entries pass (made before the entries), or
// the game's, made now. 0 when memory ran out (recorded).
static int write_through(McRequest *rq, cJSON *result, const Answer *answer) {
    const McHexEnds *ends = answer->writer->ends;
    if (!ends) {
        mc_write_reach_through(rq, result, answer->through_count, through_node, answer, answer->reach->brief);
        return 1;
    }
    if (!ends->through) return 1;
    int count = 0;
    if (!ends->through(rq, answer->writer->ctx, &count)) return mc_read_oom(rq);
    mc_write_reach_through(rq, result, count, ends->through_node, answer->writer->ctx, answer->reach->brief);
    return 1;
}

// The game's ends, each got once: the paths' count needs them all before the first is written.
// NULL when memory ran out (recorded).
static const McHexEnd *list_ends(McRequest *rq, const McHexEnds *ends, const void *ctx) {
    McHexEnd *listed = MC_NEW(rq->env.arena, McHexEnd, ends->count > 0 ? ends->count : 1);
    if (!listed) {
        mc_read_oom(rq);
        return NULL;
    }
    for (int i = 0; i < ends->count; i++) listed[i] = ends->get(ctx, i);
    return listed;
}

int mc_write_hex_reach(McRequest *rq, cJSON *result, const McHexReach *reach, const McHexReachWriter *writer) {
    Answer answer = {reach, writer, NULL, NULL, 0, false};
    const char *unit = reach->world->units[reach->mover].id;
    int count = writer->ends ? writer->ends->count : reach->end_count;
    if (rq->columns)
        return mc_write_reach_columns(rq, result, &reach->world->board, count, writer->ends ? listed_row : end_row, &answer, unit,
                                      writer->legal == MC_HEX_LEGAL_UNSAID ? -1 : writer->legal == MC_HEX_LEGAL_TRUE);
    if (!writer->no_unit) mc_write_string(rq, result, "unit", unit);
    if (writer->header) writer->header(rq, result, reach, writer->ctx);
    if (writer->ends && !(answer.listed = list_ends(rq, writer->ends, writer->ctx))) return 0;
    long long path_hexes = 0;
    for (int i = 0; i < count; i++) path_hexes += answer.listed ? answer.listed[i].path_hexes : reach->ends[i].steps;
    bool parent = mc_write_reach_paths(rq, result, reach->parent_asked, path_hexes, writer->rule, unit);
    if (parent && !writer->ends && !(answer.through = through_nodes(rq, reach, &answer.through_count))) return mc_read_oom(rq);
    answer.parent = parent;
    if (writer->after_paths && !writer->after_paths(rq, result, parent, writer->ctx)) return 0;
    if (!write_entries(rq, result, count, write_entry, writer->ends && writer->ends->more ? more_ends : NULL, &answer)) return 0;
    if (parent && !write_through(rq, result, &answer)) return 0;
    if (writer->footer) writer->footer(rq, result, parent, writer->ctx);
    return 1;
}
