// Kit Sample's queries (docs/api/kit-sample.md): the hex-game kit (json/hex_kit.h) reads the world
// and writes every form of the answer; this file gives the units' own field and the header.
#include "core/limits.h"
#include "json/dispatch.h"
#include "json/hex_kit.h"
#include "json/write.h"
#include "rules/kit_sample/ks.h"

static const char *const terrain[] = {"open", NULL};
static const char *const unit_keys[] = {"allowance", NULL};

static int read_unit(McRequest *rq, const cJSON *unit_obj, const McHexUnit *unit, void *fields) {
    (void)unit;
    return mc_read_int(rq, unit_obj, "allowance", 1, 0, MC_MAX_MOVE_POINTS, fields);
}

static const McHexGame game = {.terrain = terrain, .unit_keys = unit_keys, .unit_size = sizeof(int), .read_unit = read_unit};
MC_HEX_WORLD(world_of, game)

const char *mc_ks_terrain_kind(int i) { return mc_hex_terrain_kind(&game, i); }

static void header(McRequest *rq, cJSON *result, const McHexReach *reach, const void *ctx) {
    (void)ctx;
    mc_write_number(rq, result, "allowance", *(const int *)mc_hex_unit_fields(reach->world, reach->mover));
}

static int run_reach(McRequest *rq, const cJSON *req, cJSON *result) {
    const McHexWorld *world = world_of(rq, req);
    McHexReach reach;
    if (!world || !mc_hex_reach_read(rq, req, world, &reach)) return 0;
    McReachOptions options = mc_ks_reach_options(world->at, *(const int *)mc_hex_unit_fields(world, reach.mover));
    if (!mc_hex_reach_run(rq, &reach, &options)) return 0;
    static const McHexReachWriter writer = {.rule = "KS-MV-1", .header = header};
    return mc_write_hex_reach(rq, result, &reach, &writer);
}

static const char *const reach_fields[] = {"board", "units", "unit", "paths", "detail", NULL};

const McQuery mc_ks_queries[] = {
    {"reach", run_reach, reach_fields, "Every hex a unit can end on within its allowance, other units blocking.", true},
    {NULL, NULL, NULL, NULL, false},
};
