// The arcane-legions queries: each reads its request into the structs of
// src/rules/arcane_legions/al.h, runs the rules and writes the result (docs/api/arcane-legions.md).
#include <string.h>

#include "core/limits.h"
#include "core/work.h"
#include "json/dispatch.h"
#include "json/write.h"
#include "movecalc.h"
#include "json/position.h"
#include "json/read_table.h"
#include "rules/arcane_legions/al.h"

static const char *const dir_names[] = {"forward", "backward", "left", "right", NULL};
static const char *const side_names[] = {"front", "back", "left", "right", NULL};
static const char *const terrain_kinds[] = {"blocking", "hindering", "control", NULL};

const char *mc_al_terrain_kind(int i) {
    return i >= 0 && i < (int)(sizeof terrain_kinds / sizeof terrain_kinds[0]) ? terrain_kinds[i] : NULL;
}

typedef struct Table {
    AlWorld w;
    AlUnit *units;
    McIdMap ids; // units then terrain
} Table;

static int oom(McRequest *rq) { return mc_read_oom(rq); }

static int read_codex(McRequest *rq, const cJSON *unit_obj, AlUnit *out) {
    const cJSON *cx = mc_read_get(unit_obj, "codex");
    // A-AL-3: without a codex, the foot defaults forward 1, backward 2, left 1, right 1.
    out->cost[AL_FORWARD] = 1, out->cost[AL_BACKWARD] = 2, out->cost[AL_LEFT] = 1, out->cost[AL_RIGHT] = 1;
    if (!cx) return 1;
    int saved = mc_read_push_key(rq, "codex");
    if (!mc_read_object(rq, cx, dir_names)) return 0;
    for (int d = 0; d < 4; d++)
        if (!mc_read_int(rq, cx, dir_names[d], 1, 0, MC_MAX_MOVE_POINTS, &out->cost[d])) return 0;
    mc_read_pop(rq, saved);
    return 1;
}

// A unit of `units` at index i (the path is at it), its id added to `ids` (NULL: the caller
// checks the id itself). The order of the checks is the order of the errors a request gets.
static int read_unit(McRequest *rq, const cJSON *unit_obj, McIdMap *ids, AlUnit *u) {
    static const char *const keys[] = {"id", "side", "x", "y", "facing", "base", "width", "depth",
                                       "codex", "movementIcons", NULL};
    static const char *const bases[] = {"sortie", "formation", NULL};
    memset(u, 0, sizeof *u);
    if (!mc_read_object(rq, unit_obj, keys) || !mc_read_string(rq, unit_obj, "id", 1, &u->id)) return 0;
    if (ids) {
        int idp = mc_read_push_key(rq, "id");
        if (!mc_ids_add(rq, ids, u->id)) return 0;
        mc_read_pop(rq, idp);
    }
    if (!mc_read_string(rq, unit_obj, "side", 1, &u->side) || !mc_read_coord(rq, unit_obj, "x", 1, &u->rect.centre.x) ||
        !mc_read_coord(rq, unit_obj, "y", 1, &u->rect.centre.y) || !mc_read_facing(rq, unit_obj, "facing", 1, &u->rect.facing))
        return 0;
    int base = -1;
    if (!mc_read_enum(rq, unit_obj, "base", 0, bases, &base)) return 0;
    if (base >= 0) {
        if (mc_read_get(unit_obj, "width")) return mc_read_fail_key(rq, "width", "bad_request", "give either base or width and depth");
        if (mc_read_get(unit_obj, "depth")) return mc_read_fail_key(rq, "depth", "bad_request", "give either base or width and depth");
        // AL-LAT-1: a step is a sortie's side; a formation is two sorties side by side.
        u->rect.width = base == 0 ? 1 : 2;
        u->rect.depth = 1;
    } else if (!mc_read_length(rq, unit_obj, "width", 1, &u->rect.width) || !mc_read_length(rq, unit_obj, "depth", 1, &u->rect.depth)) {
        return 0;
    }
    u->sortie = base == 0 || (base < 0 && u->rect.width <= 1 + MC_LINEAR_SLOP && u->rect.depth <= 1 + MC_LINEAR_SLOP);
    return read_codex(rq, unit_obj, u) && mc_read_int(rq, unit_obj, "movementIcons", 0, 0, MC_MAX_MOVE_POINTS, &u->icons);
}

static int read_units(McRequest *rq, const cJSON *req, Table *t) {
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "units", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &list, &n)) return 0;
    t->units = MC_NEW(rq->env.arena, AlUnit, n + 1);
    if (!t->units || !mc_ids_init(rq, &t->ids, n + MC_MAX_TERRAIN)) return oom(rq);
    MC_EACH(rq, list, "units", it) {
        if (!read_unit(rq, it.item, &t->ids, &t->units[it.index])) return 0;
    }
    t->w.units = t->units;
    t->w.unit_count = n;
    return 1;
}

// units, terrain and table, then the convex parts; every unit must lie on the table.
static int read_table_world(McRequest *rq, const cJSON *req, void *world) {
    Table *t = world; // zeroed (mc_kept_read)
    if (!read_units(rq, req, t)) return 0;
    McTerrainIn *tin;
    int tn;
    if (!mc_read_terrain(rq, req, terrain_kinds, &t->ids, &tin, &tn)) return 0;
    AlTerrain *ter = MC_NEW(rq->env.arena, AlTerrain, tn + 1);
    if (!ter) return oom(rq);
    for (int i = 0; i < tn; i++) {
        ter[i].id = tin[i].id;
        ter[i].kind = (AlKind)(AL_KIND_BLOCKING + tin[i].kind);
        ter[i].count = tin[i].count;
        ter[i].points = tin[i].points;
    }
    t->w.terrain = ter;
    t->w.terrain_count = tn;
    int has_table = 0;
    if (!mc_read_table(rq, req, &has_table, &t->w.width, &t->w.height)) return 0;
    t->w.has_table = has_table;
    for (int i = 0; i < t->w.unit_count; i++)
        if (!mc_al_on_table(&t->w, t->units[i].rect)) {
            mc_read_at_item(rq, "units", i);
            return mc_read_fail(rq, "bad_request", "unit \"%s\" is not on the table", t->units[i].id);
        }
    int bad = mc_al_world_build(&rq->env, &t->w);
    if (bad == -2) return oom(rq);
    if (mc_work_out()) mc_work_note(&rq->env, "", "reading the table's %d units and %d terrain pieces", t->w.unit_count, tn);
    if (bad >= 0) {
        mc_read_at_item(rq, "terrain", bad);
        return mc_read_fail_key(rq, "polygon", "bad_request", "the polygon is not simple (its edges cross or touch)");
    }
    // A kept world outlives the tree's unit objects an update replaces: it holds its own ids, to
    // tell a unit replaced under its own id from one renamed.
    for (int i = 0; i < t->w.unit_count && rq->kept; i++) {
        char *id = mc_arena_dup(rq->env.arena, t->units[i].id, strlen(t->units[i].id) + 1, 1);
        if (!id) return oom(rq);
        t->units[i].id = t->ids.ids[i] = id;
    }
    return 1;
}

// Reads again unit `i`, replaced in place, into the kept table, and its part (mc_kept_read).
static int refresh_unit(McRequest *rq, const cJSON *unit_obj, int i, void *world) {
    Table *t = world;
    AlUnit u;
    if (!read_unit(rq, unit_obj, NULL, &u) || strcmp(u.id, t->units[i].id) != 0 || !mc_al_on_table(&t->w, u.rect)) return 0;
    u.id = t->units[i].id;
    t->units[i] = u;
    t->w.parts[i] = mc_rect_to_poly(&u.rect, t->w.parts[i].v); // into the part's own 4 vertices
    t->w.boxes[i] = mc_poly_aabb(&t->w.parts[i]);
    return 1;
}

// Once units were read again (mc_kept_read): the broad phase refitted or built anew over the same
// parts (the same tree as a whole read's either way: broadphase.h).
static int refit_table(McRequest *rq, void *world) {
    Table *t = world;
    int n = t->w.part_count;
    // Not zeroed: every centre is set before it is read.
    McAabb *centres = mc_arena_alloc_raw(rq->env.arena, (size_t)MC_BROADPHASE_NODES(n) * sizeof *centres);
    if (!centres) return 0;
    // A drag moves a unit by little, seldom across a split: then the tree is refitted, not built.
    if (mc_broadphase_refit_as_built(&t->w.bp, centres, t->w.boxes, n)) return 1;
    McBroadphaseScratch *scratch = MC_NEW(rq->env.arena, McBroadphaseScratch, n + 1);
    return scratch && mc_broadphase_build(&t->w.bp, t->w.bp.nodes, MC_BROADPHASE_NODES(n) + 1, scratch, t->w.boxes, n);
}

// The table of the position being asked, kept or read anew; or of this request. `t` is a copy
// of it with this request's params.
static int read_table_all(McRequest *rq, const cJSON *req, Table *t) {
    static const McKeptReader reader = {sizeof(Table), read_table_world, refresh_unit, refit_table};
    const Table *kept = mc_kept_read(rq, req, &reader);
    if (!kept) return 0;
    *t = *kept;
    t->w.units = t->units;
    t->w.notch_spacing = rq->env.params.v[MC_P_AL2_NOTCH_SPACING];
    t->w.leg_length = rq->env.params.v[MC_P_AL5_LEG_LENGTH];
    if (t->w.terrain_count > 0) mc_assume(&rq->env, MC_A_AL_7);
    return 1;
}

// activeSide (default: the mover's side) and turnOrder (sides, no repeats).
static int read_sides(McRequest *rq, const cJSON *req, const Table *t, int mover, const char **active,
                      const char ***order, int *count) {
    *active = t->units[mover].side;
    if (!mc_read_string(rq, req, "activeSide", 0, active)) return 0;
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "turnOrder", 0, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
    *order = MC_NEW(rq->env.arena, const char *, n + 1);
    if (!*order) return oom(rq);
    *count = n;
    if (!list) return 1;
    MC_EACH(rq, list, "turnOrder", it) {
        int i = it.index;
        if (!mc_read_string_value(rq, it.item, &(*order)[i])) return 0;
        for (int k = 0; k < i; k++)
            if (strcmp((*order)[k], (*order)[i]) == 0) return mc_read_fail(rq, "bad_request", "side \"%s\" is named twice", (*order)[i]);
    }
    return 1;
}

static void write_pose(McRequest *rq, cJSON *parent, const char *key, McRect r) {
    cJSON *o = mc_write_object(rq, parent, key);
    if (o) mc_write_pose_fields(rq, o, r.centre.x, r.centre.y, r.facing);
}

static void write_breakaway(McRequest *rq, cJSON *result, const Table *t, const AlBreakaway *b, int n) {
    cJSON *arr = mc_write_array(rq, result, "breakaway");
    for (int i = 0; i < n && arr; i++) {
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) return;
        mc_write_string(rq, o, "unit", t->units[b[i].unit].id);
        mc_write_string(rq, o, "side", t->units[b[i].unit].side);
        mc_write_bool(rq, o, "ownerOrders", b[i].owner_orders);
    }
}

// ---- move ------------------------------------------------------------------------------------

static int read_action(McRequest *rq, const cJSON *action_obj, AlAction *a) {
    static const char *const keys[] = {"step", "distance", "turn", "off", "toward", "entryNotch", "exitSide", "exitNotch", NULL};
    static const char *const lr[] = {"left", "right", NULL};
    if (!mc_read_object(rq, action_obj, keys)) return 0;
    memset(a, 0, sizeof *a);
    bool step = mc_read_get(action_obj, "step") != NULL, turn = mc_read_get(action_obj, "turn") != NULL;
    if (step == turn) return mc_read_fail(rq, "bad_request", "an action has exactly one of \"step\" and \"turn\"");
    int v;
    if (step) {
        for (int k = 2; keys[k]; k++)
            if (mc_read_get(action_obj, keys[k])) return mc_read_fail_key(rq, keys[k], "bad_request", "a step action has no \"%s\"", keys[k]);
        a->kind = AL_ACTION_STEP;
        if (!mc_read_enum(rq, action_obj, "step", 1, dir_names, &v)) return 0;
        a->dir = (AlDir)v;
        a->distance = 1;
        if (!mc_read_number(rq, action_obj, "distance", 0, 0, 1, &a->distance)) return 0;
        if (!(a->distance > 0)) return mc_read_fail_key(rq, "distance", "bad_request", "a step moves more than 0 and at most 1 step");
        return 1;
    }
    if (mc_read_get(action_obj, "distance")) return mc_read_fail_key(rq, "distance", "bad_request", "a turn action has no \"distance\"");
    a->kind = AL_ACTION_TURN;
    if (!mc_read_int(rq, action_obj, "turn", 1, 0, 90, &a->angle)) return 0;
    if (a->angle != 45 && a->angle != 90) return mc_read_fail_key(rq, "turn", "bad_request", "a turn is 45 or 90 degrees");
    if (!mc_read_enum(rq, action_obj, "off", 1, side_names, &v)) return 0;
    a->off = (AlDir)v;
    v = -1;
    if (!mc_read_enum(rq, action_obj, "toward", 0, lr, &v)) return 0;
    a->toward_given = v >= 0;
    a->toward = v < 0 ? mc_al_default_toward(a->off) : v == 0 ? AL_LEFT : AL_RIGHT;
    a->entry_notch = a->exit_side = a->exit_notch = -1;
    if (!mc_read_int(rq, action_obj, "entryNotch", 0, 0, 1000, &a->entry_notch) || !mc_read_enum(rq, action_obj, "exitSide", 0, side_names, &a->exit_side) ||
        !mc_read_int(rq, action_obj, "exitNotch", 0, 0, 1000, &a->exit_notch))
        return 0;
    return 1;
}

// `collideControl` (cc, NULL when absent): the control terrain pieces a move collides with, marked
// in `coll` (one byte a terrain piece).
static int read_collide_control(McRequest *rq, const cJSON *cc, const Table *t, unsigned char *coll) {
    MC_EACH(rq, cc, "collideControl", it) {
        const char *id;
        if (!mc_read_string_value(rq, it.item, &id)) return 0;
        int ob = mc_ids_find(&t->ids, id);
        if (ob < 0) return mc_read_fail(rq, "unknown_unit", "no object has the id \"%s\"", id);
        if (ob < t->w.unit_count || t->w.terrain[ob - t->w.unit_count].kind != AL_KIND_CONTROL)
            return mc_read_fail(rq, "bad_request", "\"%s\" is not control terrain", id);
        coll[ob - t->w.unit_count] = 1;
    }
    return 1;
}

static int read_order(McRequest *rq, const cJSON *req, Table *t, AlOrder *o) {
    static const char *const keys[] = {"unit", "actions", "iconsLost", "slide", "snapSide", "snapTo", "collideControl",
                                       "moveOrder", NULL};
    static const char *const snap_sides[] = {"cw", "ccw", NULL};
    memset(o, 0, sizeof *o);
    const cJSON *ord = mc_read_get(req, "order");
    if (!ord) return mc_read_fail_key(rq, "order", "bad_request", "missing required field \"order\"");
    int saved = mc_read_push_key(rq, "order");
    if (!mc_read_object(rq, ord, keys) || !mc_read_ref(rq, &t->ids, ord, "unit", 1, &o->unit)) return 0;
    if (o->unit >= t->w.unit_count) return mc_read_fail_key(rq, "unit", "bad_request", "\"%s\" is terrain, not a unit", t->ids.ids[o->unit]);
    int mv = 1;
    if (!mc_read_bool(rq, ord, "moveOrder", 0, &mv)) return 0;
    o->move_order = mv;
    const cJSON *lost = mc_read_get(ord, "iconsLost");
    if (lost) {
        static const char *const lk[] = {"pushing", "breakaway", NULL};
        int lp = mc_read_push_key(rq, "iconsLost");
        if (!mc_read_object(rq, lost, lk) || !mc_read_int(rq, lost, "pushing", 0, 0, MC_MAX_MOVE_POINTS, &o->lost_pushing) ||
            !mc_read_int(rq, lost, "breakaway", 0, 0, MC_MAX_MOVE_POINTS, &o->lost_breakaway))
            return 0;
        if (o->lost_pushing + o->lost_breakaway > t->units[o->unit].icons)
            return mc_read_fail(rq, "bad_request", "more icons lost (%d) than the unit's movementIcons (%d)",
                              o->lost_pushing + o->lost_breakaway, t->units[o->unit].icons);
        mc_read_pop(rq, lp);
    }
    o->slide = o->snap_side = o->snap_to = -1;
    if (!mc_read_enum(rq, ord, "slide", 0, dir_names, &o->slide) || !mc_read_enum(rq, ord, "snapSide", 0, snap_sides, &o->snap_side))
        return 0;
    if (mc_read_get(ord, "snapTo")) {
        if (!mc_read_ref(rq, &t->ids, ord, "snapTo", 1, &o->snap_to)) return 0;
        o->snap_to_given = true;
    }
    const cJSON *cc;
    int ccn;
    if (!mc_read_array(rq, ord, "collideControl", 0, MC_MAX_TERRAIN, "MC_MAX_TERRAIN", &cc, &ccn)) return 0;
    unsigned char *coll = MC_NEW(rq->env.arena, unsigned char, t->w.terrain_count + 1);
    if (!coll) return oom(rq);
    o->collide_control = coll;
    if (cc) {
        o->collide_given = true;
        if (!read_collide_control(rq, cc, t, coll)) return 0;
    }
    const cJSON *acts;
    if (!mc_read_array(rq, ord, "actions", 1, MC_MAX_ACTIONS, "MC_MAX_ACTIONS", &acts, &o->action_count)) return 0;
    AlAction *as = MC_NEW(rq->env.arena, AlAction, o->action_count + 1);
    if (!as) return oom(rq);
    MC_EACH(rq, acts, "actions", it) {
        if (!read_action(rq, it.item, &as[it.index])) return 0;
    }
    o->actions = as;
    mc_read_pop(rq, saved);
    return 1;
}

static void write_xy(McRequest *rq, cJSON *obj, const char *key, McVec2 p) {
    cJSON *o = mc_write_object(rq, obj, key);
    if (o) mc_write_number(rq, o, "x", p.x), mc_write_number(rq, o, "y", p.y);
}

// A turn's tool (A-AL-5): its triangle as a polygon ([[x, y], ...], the entry edge first) and
// its two bevels as points.
static void write_tool(McRequest *rq, cJSON *action, const AlToolPose *t) {
    cJSON *o = mc_write_object(rq, action, "tool");
    cJSON *cs = o ? mc_write_array(rq, o, "corners") : NULL;
    for (int i = 0; i < 3 && cs; i++) {
        cJSON *pt = cJSON_CreateArray();
        if (!pt) {
            rq->oom = 1;
            return;
        }
        mc_write_add(rq, cs, NULL, pt);
        mc_write_push_number(rq, pt, t->corners[i].x);
        mc_write_push_number(rq, pt, t->corners[i].y);
    }
    if (!o) return;
    write_xy(rq, o, "entryBevel", t->entry_bevel);
    write_xy(rq, o, "exitBevel", t->exit_bevel);
}

static void write_event(McRequest *rq, cJSON *arr, const AlWorld *w, const AlEvent *e) {
    cJSON *o = mc_write_push_object(rq, arr);
    if (!o) return;
    mc_write_string(rq, o, "type", e->type);
    mc_write_string(rq, o, "rule", e->rule);
    if (e->object >= 0) {
        mc_write_string(rq, o, "object", mc_al_object_id(w, e->object));
        mc_write_string(rq, o, "objectKind", mc_al_kind_name(mc_al_object_kind(w, e->object)));
    }
    if (e->has_point) {
        cJSON *p = mc_write_object(rq, o, "point");
        if (p) mc_write_number(rq, p, "x", e->point.x), mc_write_number(rq, p, "y", e->point.y);
    }
    if (e->has_angle) mc_write_number(rq, o, "angle", e->angle);
    if (e->has_distance) mc_write_number(rq, o, "distance", e->distance);
    if (e->side) mc_write_string(rq, o, "direction", e->side);
    if (e->steps_beyond >= 0) mc_write_number(rq, o, "stepsBeyond", e->steps_beyond);
    if (e->mark) mc_write_string(rq, o, "mark", e->mark);
    if (e->object_mark) mc_write_string(rq, o, "objectMark", e->object_mark);
    mc_write_string(rq, o, "message", e->text);
}

static int run_move(McRequest *rq, const cJSON *req, cJSON *result) {
    Table t;
    AlOrder o;
    if (!read_table_all(rq, req, &t) || !read_order(rq, req, &t, &o)) return 0;
    if (!read_sides(rq, req, &t, o.unit, &o.active_side, (const char ***)&o.turn_order, &o.turn_count)) return 0;
    AlMoveResult r;
    if (!mc_al_move(&rq->env, &t.w, &o, &r)) return oom(rq);
    if (rq->columns) {
        // An arrays ask (mc_position_ask_arrays): the final pose, then each action's, in columns.
        double *p = mc_columns_poses(rq, r.action_count + 1);
        if (!p) return 0;
        for (int i = 0; i <= r.action_count; i++) {
            McRect at = i == 0 ? r.final : r.actions[i - 1].pose;
            p[3 * i] = at.centre.x, p[3 * i + 1] = at.centre.y, p[3 * i + 2] = at.facing;
        }
        mc_write_bool(rq, result, "legal", r.legal);
        mc_write_string(rq, result, "unit", t.units[o.unit].id);
        mc_write_number(rq, result, "rows", r.action_count + 1);
        return 1;
    }
    mc_write_bool(rq, result, "legal", r.legal);
    mc_write_reasons(rq, result, "reasons", &r.reasons);
    mc_write_string(rq, result, "unit", t.units[o.unit].id);
    mc_write_number(rq, result, "orderCost", r.order_cost);
    write_breakaway(rq, result, &t, r.breakaway, r.breakaway_count);
    mc_write_number(rq, result, "movementPoints", r.movement_points);
    mc_write_number(rq, result, "pointsSpent", r.points_spent);
    int left = r.movement_points - r.points_spent;
    mc_write_number(rq, result, "pointsLost", left > 0 ? left : 0);
    mc_write_string(rq, result, "endedBy", r.ended_by);
    write_pose(rq, result, "final", r.final);
    cJSON *acts = mc_write_array(rq, result, "actions");
    for (int i = 0; i < r.action_count && acts; i++) {
        const AlActionResult *ar = &r.actions[i];
        cJSON *a = mc_write_push_object(rq, acts);
        if (!a) break;
        mc_write_string(rq, a, "kind", o.actions[i].kind == AL_ACTION_STEP ? "step" : "turn");
        mc_write_bool(rq, a, "made", ar->made);
        mc_write_number(rq, a, "cost", ar->cost);
        mc_write_number(rq, a, "pointsLeft", ar->points_left);
        write_pose(rq, a, "pose", ar->pose);
        if (ar->has_tool) write_tool(rq, a, &ar->tool);
        cJSON *evs = mc_write_array(rq, a, "events");
        for (int k = 0; k < ar->event_count && evs; k++) write_event(rq, evs, &t.w, &ar->events[k]);
    }
    cJSON *chs = mc_write_array(rq, result, "choices");
    for (int i = 0; i < r.choice_count && chs; i++) {
        const AlChoice *ch = &r.choices[i];
        cJSON *c = mc_write_push_object(rq, chs);
        if (!c) break;
        mc_write_string(rq, c, "choice", ch->name);
        mc_write_number(rq, c, "action", ch->action);
        mc_write_string(rq, c, "default", ch->def);
        cJSON *opts = mc_write_array(rq, c, "options");
        for (int k = 0; k < ch->option_count && opts; k++) {
            cJSON *op = mc_write_push_object(rq, opts);
            if (!op) break;
            mc_write_string(rq, op, "value", ch->options[k].value);
            mc_write_bool(rq, op, "legal", ch->options[k].legal);
            write_pose(rq, op, "final", ch->options[k].final);
            mc_write_string(rq, op, "endedBy", ch->options[k].ended_by);
            mc_write_number(rq, op, "pointsSpent", ch->options[k].points_spent);
        }
    }
    return 1;
}

// ---- breakaway -------------------------------------------------------------------------------

static int run_breakaway(McRequest *rq, const cJSON *req, cJSON *result) {
    Table t;
    int unit = -1;
    const char *active;
    const char **order;
    int count;
    if (!read_table_all(rq, req, &t) || !mc_read_ref(rq, &t.ids, req, "unit", 1, &unit)) return 0;
    if (unit >= t.w.unit_count) return mc_read_fail_key(rq, "unit", "bad_request", "\"%s\" is terrain, not a unit", t.ids.ids[unit]);
    if (!read_sides(rq, req, &t, unit, &active, &order, &count)) return 0;
    AlBreakaway *b = MC_NEW(rq->env.arena, AlBreakaway, t.w.unit_count + 1);
    if (!b) return oom(rq);
    int n = mc_al_breakaway(&rq->env, &t.w, unit, active, order, count, b);
    if (mc_work_out() && !rq->env.work_where[0]) mc_work_note(&rq->env, "", "the breakaway attackers of %s", t.units[unit].id);
    mc_write_string(rq, result, "unit", t.units[unit].id);
    mc_write_string(rq, result, "base", t.units[unit].sortie ? "sortie" : "formation");
    write_breakaway(rq, result, &t, b, n);
    return 1;
}

// ---- reachArea -------------------------------------------------------------------------------

static int run_reach(McRequest *rq, const cJSON *req, cJSON *result) {
    Table t;
    int unit = -1;
    if (!read_table_all(rq, req, &t) || !mc_read_ref(rq, &t.ids, req, "unit", 1, &unit)) return 0;
    if (unit >= t.w.unit_count) return mc_read_fail_key(rq, "unit", "bad_request", "\"%s\" is terrain, not a unit", t.ids.ids[unit]);
    int points = t.units[unit].icons;
    if (!mc_read_int(rq, req, "movementPoints", 0, 0, MC_MAX_MOVE_POINTS, &points)) return 0;
    int per = 4;
    if (!mc_read_int(rq, req, "samplesPerStep", 0, 1, 8, &per)) return 0;
    unsigned char *coll = MC_NEW(rq->env.arena, unsigned char, t.w.terrain_count + 1);
    if (!coll) return oom(rq);
    const cJSON *cc;
    int ccn;
    if (!mc_read_array(rq, req, "collideControl", 0, MC_MAX_TERRAIN, "MC_MAX_TERRAIN", &cc, &ccn)) return 0;
    if (!read_collide_control(rq, cc, &t, coll)) return 0;
    AlReachResult r;
    if (!mc_al_reach_area(&rq->env, &t.w, unit, points, 1.0 / per, coll, &r)) return oom(rq);
    mc_write_string(rq, result, "unit", t.units[unit].id);
    mc_write_number(rq, result, "movementPoints", points);
    mc_write_number(rq, result, "spacing", 1.0 / per);
    mc_write_bool(rq, result, "truncated", r.truncated);
    cJSON *arr = mc_write_array(rq, result, "samples");
    for (int k = 0; k < r.count && arr; k++) {
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) break;
        mc_write_pose_fields(rq, o, r.samples[k].pose.centre.x, r.samples[k].pose.centre.y, r.samples[k].pose.facing);
        mc_write_number(rq, o, "cost", r.samples[k].cost);
        if (r.samples[k].collision) mc_write_bool(rq, o, "collision", 1);
        if (r.samples[k].turned) mc_write_bool(rq, o, "turned", 1);
    }
    return 1;
}

static const char *const move_fields[] = {"units", "terrain", "table", "activeSide", "turnOrder", "order", NULL};
static const char *const breakaway_fields[] = {"units", "terrain", "table", "unit", "activeSide", "turnOrder", NULL};
static const char *const reach_fields[] = {"units", "terrain", "table", "unit", "movementPoints", "samplesPerStep",
                                           "collideControl", NULL};

const McQuery mc_al_queries[] = {
    {"move", run_move, move_fields,
     "A move order: order cost, breakaway, movement points, then each step or turn with collisions, snaps and slides.", true},
    {"breakaway", run_breakaway, breakaway_fields,
     "Which enemy units may make breakaway attacks on a unit given a move order, in resolution order.", false},
    {"reachArea", run_reach, reach_fields,
     "Sample points the unit's centre can reach with its movement points, each with its cost.", false},
    {NULL, NULL, NULL, NULL, false},
};
