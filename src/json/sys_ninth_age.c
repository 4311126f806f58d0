// The ninth-age queries: each reads its request into src/rules/ninth_age/ structs, runs the rules
// and writes the result (docs/api.md "Free-form tables", docs/api/ninth-age.md).
#include <math.h>
#include <string.h>

#include "core/fmt.h"
#include "core/work.h"
#include "json/dispatch.h"
#include "json/position.h"
#include "json/write.h"
#include "json/read_table.h"
#include "rules/ninth_age/na.h"

// ---- the battlefield ---------------------------------------------------------------------------

static const double MM_PER_INCH = 25.4;

static const char *const terrain_kinds[] = {"impassable", NULL};

const char *mc_na_terrain_kind(int i) {
    return i >= 0 && i < (int)(sizeof terrain_kinds / sizeof terrain_kinds[0]) ? terrain_kinds[i] : NULL;
}

// A unit: {"id", "side", "x", "y", "facing", "width", "depth"} or, instead of width and depth,
// "base": {"width", "length"} in millimetres with "files" and "ranks" (A-9A-1: the Unit Boundary
// is files × base width by ranks × base length).
static int read_unit(McRequest *rq, const cJSON *unit_obj, NaUnit *u) {
    static const char *const keys[] = {"id", "side", "x", "y", "facing", "width", "depth", "base",
                                       "files", "ranks", "fled", "sameCombat", NULL};
    if (!mc_read_object(rq, unit_obj, keys) || !mc_read_string(rq, unit_obj, "id", 1, &u->id) || !mc_read_string(rq, unit_obj, "side", 1, &u->side) ||
        !mc_read_coord(rq, unit_obj, "x", 1, &u->rect.centre.x) || !mc_read_coord(rq, unit_obj, "y", 1, &u->rect.centre.y) ||
        !mc_read_facing(rq, unit_obj, "facing", 1, &u->rect.facing))
        return 0;
    const cJSON *base = mc_read_get(unit_obj, "base");
    if (base) {
        if (mc_read_get(unit_obj, "width")) return mc_read_fail_key(rq, "width", "bad_request", "give either width and depth or base with files and ranks, not both");
        if (mc_read_get(unit_obj, "depth")) return mc_read_fail_key(rq, "depth", "bad_request", "give either width and depth or base with files and ranks, not both");
        static const char *const bkeys[] = {"width", "length", NULL};
        double bw = 0, bl = 0;
        int files = 0, ranks = 0;
        int saved = mc_read_push_key(rq, "base");
        if (!mc_read_object(rq, base, bkeys) || !mc_read_number(rq, base, "width", 1, 1, 1000, &bw) ||
            !mc_read_number(rq, base, "length", 1, 1, 1000, &bl))
            return 0;
        mc_read_pop(rq, saved);
        if (!mc_read_int(rq, unit_obj, "files", 1, 1, NA_MAX_FILES, &files) || !mc_read_int(rq, unit_obj, "ranks", 1, 1, NA_MAX_FILES, &ranks)) return 0;
        u->rect.width = files * bw / MM_PER_INCH;
        u->rect.depth = ranks * bl / MM_PER_INCH;
        u->files = files;
        u->ranks = ranks;
    } else {
        if (mc_read_get(unit_obj, "files")) return mc_read_fail_key(rq, "files", "bad_request", "files and ranks go with base");
        if (mc_read_get(unit_obj, "ranks")) return mc_read_fail_key(rq, "ranks", "bad_request", "files and ranks go with base");
        if (!mc_read_length(rq, unit_obj, "width", 1, &u->rect.width) || !mc_read_length(rq, unit_obj, "depth", 1, &u->rect.depth)) return 0;
    }
    int fled = 0, same = 0;
    if (!mc_read_bool(rq, unit_obj, "fled", 0, &fled) || !mc_read_bool(rq, unit_obj, "sameCombat", 0, &same)) return 0;
    u->fled = fled;
    u->same_combat = same;
    return 1;
}

// Reads "table", "units" and "terrain" (kind "impassable") into `bf`; ids go into `ids` (units
// first, so a unit's id maps to its index).
static int read_battlefield(McRequest *rq, const cJSON *req, NaBattlefield *bf, McIdMap *ids) {
    int has = 0;
    memset(bf, 0, sizeof *bf);
    if (!mc_read_table(rq, req, &has, &bf->table_w, &bf->table_h)) return 0;
    bf->has_table = has;
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "units", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &list, &n)) return 0;
    if (!mc_ids_init(rq, ids, MC_MAX_UNITS + MC_MAX_TERRAIN)) return mc_read_oom(rq);
    bf->units = MC_NEW(rq->env.arena, NaUnit, n > 0 ? n : 1);
    if (!bf->units) return mc_read_oom(rq);
    MC_EACH(rq, list, "units", it) {
        NaUnit *u = &bf->units[it.index];
        if (!read_unit(rq, it.item, u)) return 0;
        int idp = mc_read_push_key(rq, "id");
        if (!mc_ids_add(rq, ids, u->id)) return 0;
        mc_read_pop(rq, idp);
        McVec2 pv[4];
        McPoly p = mc_rect_to_poly(&u->rect, pv);
        if (!mc_na_on_table(bf, &p)) return mc_read_fail(rq, "bad_request", "unit %s lies (partly) beyond the table", u->id);
    }
    bf->unit_count = n;
    McTerrainIn *ts;
    int tn;
    if (!mc_read_terrain(rq, req, terrain_kinds, ids, &ts, &tn)) return 0;
    bf->terrain = MC_NEW(rq->env.arena, NaTerrain, tn > 0 ? tn : 1);
    // Not zeroed: the decomposition writes the parts it reports, and only those are read.
    McPoly *tmp = mc_arena_alloc_raw(rq->env.arena, sizeof(McPoly) * MC_MAX_POLYGON_VERTICES);
    McVec2 *tmp_v = mc_arena_alloc_raw(rq->env.arena, sizeof(McVec2) * MC_DECOMPOSE_VERTICES(MC_MAX_POLYGON_VERTICES));
    if (!bf->terrain || !tmp || !tmp_v) return mc_read_oom(rq);
    for (int t = 0; t < tn; t++) {
        int parts = 0;
        McDecomposeStatus st = mc_poly_decompose(ts[t].points, ts[t].count, tmp, MC_MAX_POLYGON_VERTICES, tmp_v, &parts);
        if (st != MC_DECOMPOSE_OK) {
            mc_read_at_item(rq, "terrain", t);
            return mc_read_fail_key(rq, "polygon", "bad_request", "the polygon is not a simple polygon (it crosses itself or is degenerate)");
        }
        bf->terrain[t].id = ts[t].id;
        bf->terrain[t].part_count = parts;
        // The parts and their vertices kept at their size; the scratch serves the next piece.
        int vertices = 0;
        for (int k = 0; k < parts; k++) vertices += tmp[k].count;
        McPoly *kept = MC_NEW(rq->env.arena, McPoly, parts);
        McVec2 *kept_v = MC_NEW(rq->env.arena, McVec2, vertices);
        if (!kept || !kept_v) return mc_read_oom(rq);
        for (int k = 0, at = 0; k < parts; k++) {
            kept[k] = (McPoly){tmp[k].count, kept_v + at};
            for (int q = 0; q < tmp[k].count; q++) kept_v[at++] = tmp[k].v[q];
        }
        bf->terrain[t].parts = kept;
    }
    bf->terrain_count = tn;
    // A kept battlefield outlives the tree's unit objects an update replaces: it holds its own
    // ids, to tell a unit replaced under its own id from one renamed.
    for (int i = 0; i < n && rq->kept; i++) {
        char *id = mc_arena_dup(rq->env.arena, bf->units[i].id, strlen(bf->units[i].id) + 1, 1);
        if (!id) return mc_read_oom(rq);
        bf->units[i].id = ids->ids[i] = id;
    }
    return 1;
}

// What a position keeps between asks (json/position.h): the battlefield as read (table, units,
// terrain's convex parts) and its ids. The world over it (boxes, broad phase) is made at each ask
// by the rules, as for a request: its broad phase is built by the query that first needs it, and
// the work that charges is the request's.
typedef struct Field {
    NaBattlefield bf;
    McIdMap ids;
} Field;


// Reads again unit `i`, replaced in place, into the kept battlefield (mc_kept_read): 0 when it
// is not as simply replaced (an error, a new id, off the table).
static int refresh_unit(McRequest *rq, const cJSON *unit_obj, int i, void *world) {
    NaBattlefield *bf = &((Field *)world)->bf;
    NaUnit u;
    memset(&u, 0, sizeof u);
    McVec2 pv[4];
    if (!read_unit(rq, unit_obj, &u) || strcmp(u.id, bf->units[i].id) != 0) return 0;
    McPoly p = mc_rect_to_poly(&u.rect, pv);
    if (!mc_na_on_table(bf, &p)) return 0;
    u.id = bf->units[i].id;
    bf->units[i] = u;
    return 1;
}

static int read_field_world(McRequest *rq, const cJSON *req, void *world) {
    Field *f = world;
    return read_battlefield(rq, req, &f->bf, &f->ids);
}

// The battlefield of the position being asked, kept or read anew; or of this request.
static int read_field(McRequest *rq, const cJSON *req, NaBattlefield *bf, McIdMap *ids) {
    static const McKeptReader reader = {sizeof(Field), read_field_world, refresh_unit, NULL};
    const Field *f = mc_kept_read(rq, req, &reader);
    if (!f) return 0;
    *bf = f->bf;
    *ids = f->ids;
    if (!rq->kept) return 1;
    // The rules move units on the battlefield as they resolve them: this ask's own copy.
    bf->units = MC_NEW(rq->env.arena, NaUnit, bf->unit_count > 0 ? bf->unit_count : 1);
    if (!bf->units) return mc_read_oom(rq);
    memcpy(bf->units, f->bf.units, sizeof *bf->units * (size_t)bf->unit_count);
    return 1;
}

// A unit reference: an id that must name a unit (not terrain).
__attribute__((noinline)) static int read_unit_ref(McRequest *rq, const McIdMap *ids, const NaBattlefield *bf, const cJSON *obj, const char *key,
                         int required, int *out) {
    if (!mc_read_ref(rq, ids, obj, key, required, out)) return 0;
    if (*out >= bf->unit_count) return mc_read_fail_key(rq, key, "bad_request", "\"%s\" is terrain, not a unit", mc_read_get(obj, key)->valuestring);
    return 1;
}

// Poses and rectangles by pointer: a struct passed by value is copied at each call (the module's
// size).
// Returns the pose's object (NULL when out of memory), for the fields some poses add.
__attribute__((noinline)) static cJSON *write_pose(McRequest *rq, cJSON *parent, const char *key, const NaPose *p) {
    cJSON *o = key ? mc_write_object(rq, parent, key) : mc_write_push_object(rq, parent);
    if (o) mc_write_pose_fields(rq, o, p->x, p->y, p->facing);
    return o;
}

// A point as [x, y]: the member `key` of `obj`, or pushed onto the array `obj` when key is NULL.
static void write_xy(McRequest *rq, cJSON *obj, const char *key, const McVec2 *v) {
    cJSON *pt = mc_write_array(rq, obj, key);
    if (!pt) return;
    mc_write_push_number(rq, pt, v->x);
    mc_write_push_number(rq, pt, v->y);
}

// ---- the arrays form -----------------------------------------------------------------------------

// The poses of an arrays ask (mc_position_ask_arrays): each mover's final pose, then its path's
// poses, as its JSON entry's `final` and `path`, one row of x, y, facing each after `*at`; and its
// entry in the result's `moves`: the unit and its rows, the caller adding what else it tells.
static cJSON *put_poses(McRequest *rq, cJSON *moves, double *col, int *at, const char *unit, const NaPose *final,
                        const NaPose *path, int n) {
    for (int i = -1; i < n; i++, ++*at) {
        NaPose p = i < 0 ? *final : path[i];
        col[3 * *at] = p.x, col[3 * *at + 1] = p.y, col[3 * *at + 2] = p.facing;
    }
    cJSON *m = mc_write_push_object(rq, moves);
    if (m) mc_write_string(rq, m, "unit", unit), mc_write_number(rq, m, "rows", n + 1);
    return m;
}

static NaPose rect_pose(const McRect *r) {
    NaPose p = {r->centre.x, r->centre.y, mc_facing_normalize(r->facing)};
    return p;
}

// A rectangle's pose as write_pose writes it.
__attribute__((noinline)) static cJSON *write_rect(McRequest *rq, cJSON *parent, const char *key, const McRect *r) {
    NaPose p = rect_pose(r);
    return write_pose(rq, parent, key, &p);
}

// `n` rectangles' poses as the array "path" of `o` (a charge, a Failed Charge Move, a flee).
__attribute__((noinline)) static void write_path(McRequest *rq, cJSON *o, const McRect *const *r, int n) {
    cJSON *path = mc_write_array(rq, o, "path");
    for (int i = 0; i < n && path; i++) write_rect(rq, path, NULL, r[i]);
}

// ---- flee --------------------------------------------------------------------------------------

// A flee's mover in the arrays form (`moves` and the poses' column): its final pose, then its
// start, pivot and end, and whether it was destroyed.
static void put_flee_poses(McRequest *rq, cJSON *moves, double *col, int *at, const char *id, const NaFleeOut *out) {
    NaPose path[3] = {rect_pose(&out->start), rect_pose(&out->pivot), rect_pose(&out->end)};
    cJSON *m = put_poses(rq, moves, col, at, id, &path[2], path, 3);
    if (m) mc_write_bool(rq, m, "destroyed", out->leaves_table);
}

// The flee's fields in `o` (the flee query's result; a pursuit's `flee` when it made the flee):
// whom it fled from and why that way, its pivot and path, how far it went, what it passed through.
static void write_flee(McRequest *rq, cJSON *o, const NaWorld *w, const NaFleeOut *out, double distance) {
    mc_write_string(rq, o, "from", w->bf->units[out->from].id);
    if (!out->by_centre) {
        mc_write_string(rq, o, "engagedFacing", mc_na_facing_name(out->engaged));
        mc_write_bool(rq, o, "engagedContact", out->engaged_contact);
    }
    mc_write_bool(rq, o, "awayFromCentre", out->by_centre);
    cJSON *pv = write_rect(rq, o, "pivot", &out->pivot);
    if (pv) mc_write_number(rq, pv, "angle", mc_facing_delta(out->start.facing, out->pivot.facing));
    const McRect *poses[3] = {&out->start, &out->pivot, &out->end};
    write_path(rq, o, poses, 3);
    mc_write_number(rq, o, "distance", distance);
    mc_write_number(rq, o, "extended", out->leaves_table ? 0.0 : out->extended);
    mc_write_number(rq, o, "moved", mc_vec2_distance(out->pivot.centre, out->end.centre));
    mc_write_bool(rq, o, "leavesTable", out->leaves_table);
    mc_write_bool(rq, o, "destroyed", out->leaves_table);
    write_rect(rq, o, "final", &out->end);
    cJSON *arr = mc_write_array(rq, o, "passedThrough");
    for (int i = 0; i < out->crossed_count && arr; i++) {
        const NaCrossed *c = &out->crossed[i];
        cJSON *e = mc_write_push_object(rq, arr);
        if (!e) break;
        mc_write_string(rq, e, "object", mc_na_object_id(w, c->object));
        mc_write_string(rq, e, "kind", c->terrain ? "impassable" : (c->enemy ? "enemy" : "friend"));
        mc_write_string(rq, e, "test", c->terrain || c->enemy ? "dangerous-4+" : "panic");
        mc_write_string(rq, e, "rule", "9A-FL-1");
    }
}

// ---- pursue ------------------------------------------------------------------------------------

static const char *const pursue_fields[] = {"table", "units", "terrain", "pursued", "pursuers", NULL};

static int read_pursue(McRequest *rq, const cJSON *req, NaBattlefield *bf, McIdMap *ids, NaPursueIn *in) {
    if (!read_field(rq, req, bf, ids)) return 0;
    const cJSON *pd = mc_read_get(req, "pursued");
    if (!pd) return mc_read_fail_key(rq, "pursued", "bad_request", "missing required field \"pursued\"");
    static const char *const pkeys[] = {"unit", "facing", "fleeDistance", "destroyed", "fleesFrom", NULL};
    int saved = mc_read_push_key(rq, "pursued");
    in->pursued = in->flees_from = -1;
    int destroyed = 0;
    // fleesFrom: the pursued unit stands where it broke, and its flee gives the direction (9A-PV-1)
    bool flees = mc_read_get(pd, "fleesFrom") != NULL;
    if (!mc_read_object(rq, pd, pkeys) || !read_unit_ref(rq, ids, bf, pd, "unit", flees, &in->pursued) ||
        !read_unit_ref(rq, ids, bf, pd, "fleesFrom", 0, &in->flees_from) || !mc_read_bool(rq, pd, "destroyed", 0, &destroyed))
        return 0;
    // with fleesFrom the flee gives the direction, and the unit is not yet destroyed
    if (flees && (destroyed || mc_read_get(pd, "facing")))
        return mc_read_fail_key(rq, destroyed ? "destroyed" : "facing", "bad_request", "not with \"fleesFrom\"");
    if (!flees && !mc_read_facing(rq, pd, "facing", 1, &in->pursued_facing)) return 0;
    in->has_flee = mc_read_get(pd, "fleeDistance") != NULL;
    if (in->has_flee && !mc_read_length(rq, pd, "fleeDistance", 1, &in->flee_distance)) return 0;
    if (!in->has_flee && !destroyed)
        return mc_read_fail_key(rq, "fleeDistance", "bad_request", "give the flee distance rolled, or \"destroyed\": true");
    if (flees && strcmp(bf->units[in->flees_from].side, bf->units[in->pursued].side) == 0)
        return mc_read_fail_key(rq, "fleesFrom", "bad_request", "%s is not an enemy of %s", bf->units[in->flees_from].id,
                                bf->units[in->pursued].id);
    in->destroyed = destroyed;
    mc_read_pop(rq, saved);
    const cJSON *list;
    int n;
    if (!mc_read_array(rq, req, "pursuers", 1, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
    if (n == 0) return mc_read_fail_key(rq, "pursuers", "bad_request", "expected at least one pursuer");
    in->pursuers = MC_NEW(rq->env.arena, NaPursuerIn, n);
    if (!in->pursuers) return mc_read_oom(rq);
    in->pursuer_count = n;
    MC_EACH(rq, list, "pursuers", it) {
        static const char *const keys[] = {"unit", "distance", "overrun", "target", "postCombatFacing", NULL};
        const cJSON *e = it.item;
        int i = it.index;
        NaPursuerIn *p = &in->pursuers[i];
        int overrun = 0;
        p->target = -1;
        if (!mc_read_object(rq, e, keys) || !read_unit_ref(rq, ids, bf, e, "unit", 1, &p->unit) ||
            !mc_read_length(rq, e, "distance", 1, &p->distance) || !mc_read_bool(rq, e, "overrun", 0, &overrun) ||
            !read_unit_ref(rq, ids, bf, e, "target", 0, &p->target))
            return 0;
        p->overrun = overrun;
        p->has_post_facing = mc_read_get(e, "postCombatFacing") != NULL;
        if (p->has_post_facing && !mc_read_facing(rq, e, "postCombatFacing", 1, &p->post_facing)) return 0;
        const NaUnit *u = &bf->units[p->unit];
        if (p->unit == in->pursued) return mc_read_fail_key(rq, "unit", "bad_request", "%s is the pursued unit", u->id);
        if (u->fled) return mc_read_fail_key(rq, "unit", "bad_request", "%s fled and cannot pursue", u->id);
        for (int k = 0; k < i; k++)
            if (in->pursuers[k].unit == p->unit) return mc_read_fail_key(rq, "unit", "bad_request", "%s is listed twice", u->id);
        if (p->target >= 0 && strcmp(bf->units[p->target].side, u->side) == 0)
            return mc_read_fail_key(rq, "target", "bad_request", "%s is not an enemy of %s", bf->units[p->target].id, u->id);
    }
    return 1;
}

static const char *situation_rule(NaSituation s, bool at_pivot) {
    static const char *const pv[] = {"9A-PV-E", "9A-PV-T", "9A-PV-O", "9A-PV-F"};
    static const char *const fa[] = {"9A-FA-E", "9A-FA-T", "9A-FA-O", "9A-FA-F"};
    return at_pivot ? pv[s] : fa[s];
}

static const char *outcome_name(NaSituation s) {
    static const char *const names[] = {"charge", "table-edge", "obstruction", "free"};
    return names[s];
}

static void write_pursuer(McRequest *rq, cJSON *arr, const NaWorld *w, const NaBattlefield *bf, const NaPursueIn *in,
                          const NaPursuerOut *o) {
    cJSON *po = mc_write_push_object(rq, arr);
    if (!po) return;
    const NaPursuerIn *pi = &in->pursuers[o->index];
    mc_write_string(rq, po, "unit", bf->units[o->unit].id);
    mc_write_number(rq, po, "distance", pi->distance);
    mc_write_bool(rq, po, "overrun", pi->overrun);
    mc_write_bool(rq, po, "destroysFleeing", o->destroys_fleeing);
    mc_write_bool(rq, po, "declaredCharge", o->declared);
    write_pose(rq, po, "start", &o->start);
    if (o->pivoted) {
        cJSON *pv = write_pose(rq, po, "pivot", &o->pivot);
        if (pv) mc_write_number(rq, pv, "angle", mc_facing_delta(o->start.facing, o->pivot.facing));
        cJSON *s = mc_write_object(rq, po, "situation");
        if (s) {
            mc_write_string(rq, s, "kind", mc_na_situation_name(o->situation));
            mc_write_string(rq, s, "rule", situation_rule(o->situation, true));
            if (o->situation_object >= 0) mc_write_string(rq, s, "object", mc_na_object_id(w, o->situation_object));
        }
    }
    if (o->has_ahead) {
        cJSON *fa = mc_write_object(rq, po, "forwardAhead");
        cJSON *rect = fa ? mc_write_array(rq, fa, "rectangle") : NULL;
        for (int i = 0; i < 4 && rect; i++) write_xy(rq, rect, NULL, &o->ahead[i]);
        cJSON *ob = fa ? mc_write_object(rq, fa, "firstObstacle") : NULL;
        if (ob) {
            mc_write_string(rq, ob, "kind", o->ahead_kind == NA_SIT_FREE ? "none" : mc_na_situation_name(o->ahead_kind));
            mc_write_string(rq, ob, "rule", situation_rule(o->ahead_kind, false));
            if (o->ahead_object >= 0) mc_write_string(rq, ob, "object", mc_na_object_id(w, o->ahead_object));
            if (o->ahead_kind != NA_SIT_FREE) mc_write_number(rq, ob, "distance", o->ahead_distance);
        }
    }
    mc_write_string(rq, po, "outcome", outcome_name(o->outcome));
    mc_write_string(rq, po, "rule", o->rule);
    if (o->charge_target >= 0) {
        cJSON *ch = mc_write_object(rq, po, "charge");
        if (ch) {
            mc_write_string(rq, ch, "target", bf->units[o->charge_target].id);
            mc_write_string(rq, ch, "facing", mc_na_facing_name(o->charge_facing));
            mc_write_number(rq, ch, "contactLength", o->contact_length);
            mc_write_bool(rq, ch, "cornerToCorner", !(o->contact_length > MC_LINEAR_SLOP));
            mc_write_bool(rq, ch, "rotatesTarget", o->rotates_target);
            mc_write_bool(rq, ch, "undone", o->charge_undone);
            if (o->rotates_target) write_pose(rq, ch, "targetFinal", &o->target_final);
        }
    }
    mc_write_bool(rq, po, "postCombatPivot", o->post_pivot);
    cJSON *path = mc_write_array(rq, po, "path");
    for (int i = 0; i < o->path_count && path; i++) write_pose(rq, path, NULL, &o->path[i]);
    mc_write_number(rq, po, "moved", o->moved);
    mc_write_bool(rq, po, "backtracked", o->backtracked);
    if (o->backtracked) {
        static const char *const faults[] = {"", "off-table", "overlap", "contact", "no-contact"};
        cJSON *bt = mc_write_object(rq, po, "backtrack");
        if (bt) {
            write_pose(rq, bt, "from", &o->backtrack_from);
            mc_write_string(rq, bt, "reason", faults[o->backtrack_fault]);
            mc_write_string(rq, bt, "rule", "9A-LP-1");
            if (o->backtrack_object >= 0) mc_write_string(rq, bt, "object", mc_na_object_id(w, o->backtrack_object));
        }
    }
    write_pose(rq, po, "final", &o->final);
    cJSON *sp = mc_write_object(rq, po, "spacing");
    if (sp) {
        mc_write_bool(rq, sp, "legal", o->spacing.fault == NA_SPACING_OK);
        mc_write_string(rq, sp, "rule", "9A-LP-1");
        if (o->spacing.nearest >= 0) {
            cJSON *nr = mc_write_object(rq, sp, "nearest");
            if (nr) {
                mc_write_string(rq, nr, "object", mc_na_object_id(w, o->spacing.nearest));
                mc_write_number(rq, nr, "gap", o->spacing.nearest_gap > 0 ? o->spacing.nearest_gap : 0.0);
            }
        }
    }
    mc_write_reasons(rq, po, "reasons", &o->reasons);
}

// One option of a pursuer's open choice of target: what that pursuer does when its owner names
// `value` (9A-PV-E), found by moving every pursuer again from the same table.
typedef struct TargetOption {
    int value;           // unit index
    NaSituation outcome;
    int charged;         // unit index, or -1
    NaPose final;
} TargetOption;

// Runs the pursuit again with pursuer `index` naming `target`, quietly, from the table as it was
// (`units`); only the values of that pursuer are kept. False when memory or the work ran out.
static bool run_option(McRequest *rq, const NaBattlefield *bf, const NaUnit *units, const NaPursueIn *in, int index,
                       int target, TargetOption *opt) {
    McEnv *env = &rq->env;
    uint32_t assumed = env->assumed;
    bool quiet = env->quiet;
    McArenaMark mark = mc_arena_mark(env->arena);
    NaBattlefield b = *bf;
    NaPursueIn v = *in;
    b.units = MC_NEW(env->arena, NaUnit, bf->unit_count > 0 ? bf->unit_count : 1);
    v.pursuers = MC_NEW(env->arena, NaPursuerIn, in->pursuer_count);
    if (!b.units || !v.pursuers) return false;
    memcpy(b.units, units, (size_t)bf->unit_count * sizeof *units);
    memcpy(v.pursuers, in->pursuers, (size_t)in->pursuer_count * sizeof *in->pursuers);
    v.pursuers[index].target = target;
    env->quiet = true;
    NaPursueOut out;
    memset(&out, 0, sizeof out);
    bool ok = mc_na_pursue(env, &b, &v, &out);
    env->quiet = quiet;
    opt->value = target;
    for (int i = 0; ok && i < out.count; i++)
        if (out.pursuers[i].index == index) {
            opt->outcome = out.pursuers[i].outcome;
            opt->charged = out.pursuers[i].charge_target;
            opt->final = out.pursuers[i].final;
        }
    mc_arena_rewind(env->arena, mark);
    env->assumed = assumed;
    return ok;
}

// result.choices: each pursuer whose front facing touched two or more enemies after its pivot with
// none named (9A-PV-E: "the Pivoting unit chooses"), with what each target would give, the one
// taken first. Written only when there is one.
static int write_target_choices(McRequest *rq, cJSON *result, const NaBattlefield *bf, const NaUnit *units,
                                const NaPursueIn *in, const NaPursueOut *out) {
    cJSON *chs = NULL;
    for (int i = 0; i < out->count; i++) {
        const NaPursuerOut *o = &out->pursuers[i];
        if (o->target_option_count < 2) continue;
        TargetOption opts[NA_MAX_TARGET_OPTIONS];
        opts[0] = (TargetOption){o->target_options[0], o->outcome, o->charge_target, o->final};
        for (int k = 1; k < o->target_option_count; k++)
            if (!run_option(rq, bf, units, in, o->index, o->target_options[k], &opts[k])) return 0;
        if (!chs) chs = mc_write_array(rq, result, "choices");
        cJSON *ch = chs ? mc_write_push_object(rq, chs) : NULL;
        if (!ch) continue;
        mc_write_string(rq, ch, "choice", "target");
        mc_write_string(rq, ch, "pursuer", bf->units[o->unit].id);
        mc_write_string(rq, ch, "rule", "9A-PV-E");
        mc_write_string(rq, ch, "default", bf->units[opts[0].value].id);
        cJSON *arr = mc_write_array(rq, ch, "options");
        for (int k = 0; k < o->target_option_count && arr; k++) {
            cJSON *op = mc_write_push_object(rq, arr);
            if (!op) continue;
            mc_write_string(rq, op, "value", bf->units[opts[k].value].id);
            mc_write_string(rq, op, "outcome", outcome_name(opts[k].outcome));
            if (opts[k].charged >= 0) mc_write_string(rq, op, "charges", bf->units[opts[k].charged].id);
            write_pose(rq, op, "final", &opts[k].final);
        }
    }
    return 1;
}

static int run_pursue(McRequest *rq, const cJSON *req, cJSON *result) {
    NaBattlefield bf;
    McIdMap ids;
    NaPursueIn in;
    memset(&in, 0, sizeof in);
    if (!read_pursue(rq, req, &bf, &ids, &in)) return 0;
    // The table before anyone moved, for the runs that measure an open choice's options.
    NaUnit *units = MC_NEW(rq->env.arena, NaUnit, bf.unit_count > 0 ? bf.unit_count : 1);
    if (!units) return mc_read_oom(rq);
    memcpy(units, bf.units, (size_t)bf.unit_count * sizeof *units);
    NaPursueOut out;
    memset(&out, 0, sizeof out);
    if (!mc_na_pursue(&rq->env, &bf, &in, &out)) return mc_read_oom(rq);
    const NaWorld *w = out.world;
    // the fleeing unit's move comes first, as it was made (not when destroyed before it moved)
    bool flee_moved = out.fled && !out.fleeing_destroyed;
    if (rq->columns) {
        int rows = flee_moved ? 4 : 0, at = 0;
        for (int i = 0; i < out.count; i++) rows += 1 + out.pursuers[i].path_count;
        double *col = mc_columns_poses(rq, rows);
        if (!col) return 0;
        mc_write_number(rq, result, "rows", rows);
        cJSON *moves = mc_write_array(rq, result, "moves");
        if (flee_moved && moves) put_flee_poses(rq, moves, col, &at, bf.units[in.pursued].id, &out.flee);
        for (int i = 0; i < out.count && moves; i++) {
            const NaPursuerOut *o = &out.pursuers[i];
            cJSON *m = put_poses(rq, moves, col, &at, bf.units[o->unit].id, &o->final, o->path, o->path_count);
            if (m) mc_write_string(rq, m, "outcome", outcome_name(o->outcome));
        }
        return 1;
    }
    mc_write_bool(rq, result, "fleeingDestroyed", out.fleeing_destroyed);
    if (out.fled) {
        cJSON *fl = mc_write_object(rq, result, "flee");
        if (fl) {
            mc_write_bool(rq, fl, "made", flee_moved);
            mc_write_number(rq, fl, "facing", mc_facing_normalize(out.flee.pivot.facing));
            if (flee_moved) write_flee(rq, fl, w, &out.flee, in.flee_distance);
            else mc_write_string(rq, fl, "from", bf.units[out.flee.from].id);
        }
    }
    cJSON *order = mc_write_array(rq, result, "order");
    for (int i = 0; i < out.count && order; i++)
        mc_write_string(rq, order, NULL, bf.units[out.pursuers[i].unit].id);
    cJSON *arr = mc_write_array(rq, result, "pursuers");
    for (int i = 0; i < out.count && arr; i++) write_pursuer(rq, arr, w, &bf, &in, &out.pursuers[i]);
    if (!write_target_choices(rq, result, &bf, units, &in, &out)) return mc_read_oom(rq);
    return 1;
}

// ---- charge ------------------------------------------------------------------------------------

static const char *const charge_fields[] = {"table", "units", "terrain", "charger", "target", "range", "highestDie", "combined", NULL};

// The fields of one charge move (the path, the wheel, the align, the contact).
static void write_move(McRequest *rq, cJSON *o, const NaChargeMove *m) {
    const McRect *poses[5] = {&m->start, &m->after_a, &m->after_wheel, &m->contact, &m->final};
    write_path(rq, o, poses, 5);
    write_rect(rq, o, "final", &m->final);
    mc_write_number(rq, o, "distance", m->distance);
    mc_write_number(rq, o, "straightBefore", m->a);
    cJSON *wh = mc_write_object(rq, o, "wheel");
    if (wh) {
        mc_write_number(rq, wh, "angle", m->wheel);
        if (m->wheel != 0.0) {
            mc_write_string(rq, wh, "corner", m->wheel > 0 ? "front-right" : "front-left");
            write_xy(rq, wh, "pivot", &m->pivot);
        }
        mc_write_number(rq, wh, "outerPath", m->distance - m->a - m->b);
    }
    mc_write_number(rq, o, "straightAfter", m->b);
    cJSON *al = mc_write_object(rq, o, "align");
    if (al) {
        mc_write_number(rq, al, "angle", m->align);
        write_xy(rq, al, "about", &m->contact_point);
    }
    cJSON *ct = mc_write_object(rq, o, "contact");
    if (ct) {
        mc_write_number(rq, ct, "length", m->contact_length);
        mc_write_bool(rq, ct, "cornerToCorner", !(m->contact_length > MC_LINEAR_SLOP));
        mc_write_number(rq, ct, "models", m->models);
        mc_write_number(rq, ct, "otherEnemies", m->others);
    }
    mc_write_bool(rq, o, "rotatesTarget", m->rotates_target);
    if (m->rotates_target) write_rect(rq, o, "targetFinal", &m->target_final);
}

static const char *blocker_id(const NaWorld *w, int o) { return o >= 0 ? mc_na_object_id(w, o) : "table-edge"; }

// The Failed Charge Move (A-9A-4).
static void write_failed(McRequest *rq, cJSON *o, const NaWorld *w, const NaFailedOut *f) {
    cJSON *fm = mc_write_object(rq, o, "failedChargeMove");
    if (!fm) return;
    mc_write_number(rq, fm, "distance", f->distance);
    const McRect *poses[3] = {&f->start, &f->after_wheel, &f->final};
    write_path(rq, fm, poses, 3);
    cJSON *wh = mc_write_object(rq, fm, "wheel");
    if (wh) {
        mc_write_number(rq, wh, "angle", f->wheel);
        mc_write_string(rq, wh, "corner", f->clockwise ? "front-right" : "front-left");
        write_xy(rq, wh, "pivot", &f->pivot);
        mc_write_number(rq, wh, "outerPath", f->wheel_path);
        mc_write_bool(rq, wh, "facesTarget", f->faces_target);
        if (f->wheel_blocked) mc_write_string(rq, wh, "blockedBy", blocker_id(w, f->wheel_blocker));
    }
    mc_write_number(rq, fm, "straight", f->straight);
    if (f->straight_blocked) mc_write_string(rq, fm, "blockedBy", blocker_id(w, f->straight_blocker));
    mc_write_number(rq, fm, "moved", f->moved);
    write_rect(rq, fm, "final", &f->final);
    mc_write_bool(rq, fm, "shaken", true);
    mc_write_bool(rq, fm, "charging", false);
    mc_write_string(rq, fm, "rule", "9A-CH-1");
    mc_write_string(rq, fm, "assumption", "A-9A-4");
}

static void write_charge(McRequest *rq, cJSON *o, const NaWorld *w, const NaBattlefield *bf, int unit, const NaChargerIn *ci,
                         NaFacing facing, const NaChargeOut *out, const NaFailedOut *failed) {
    mc_write_string(rq, o, "charger", bf->units[unit].id);
    mc_write_bool(rq, o, "possible", out->possible);
    mc_write_reasons(rq, o, "reasons", &out->reasons);
    mc_write_string(rq, o, "facing", mc_na_facing_name(facing));
    mc_write_string(rq, o, "arc", mc_na_facing_name(facing));
    if (ci->has_range) mc_write_number(rq, o, "range", ci->range);
    if (out->has_needed) mc_write_number(rq, o, "needed", out->needed);
    if (out->has_best) write_move(rq, o, &out->best);
    cJSON *alts = mc_write_array(rq, o, "alternatives");
    for (int i = 0; i < out->alt_count && alts; i++) {
        cJSON *a = mc_write_push_object(rq, alts);
        if (!a) break;
        const NaChargeMove *m = &out->alts[i].move;
        write_rect(rq, a, "final", &m->final);
        mc_write_number(rq, a, "distance", m->distance);
        mc_write_number(rq, a, "wheel", m->wheel);
        mc_write_number(rq, a, "align", m->align);
        mc_write_number(rq, a, "contactLength", m->contact_length);
        mc_write_number(rq, a, "models", m->models);
        mc_write_number(rq, a, "otherEnemies", m->others);
        mc_write_bool(rq, a, "rotatesTarget", m->rotates_target);
        mc_write_number(rq, a, "lostOn", out->alts[i].lost_on);
        mc_write_string(rq, a, "rule", "9A-CH-3");
        mc_write_string(rq, a, "why", mc_na_charge_lost_words(out->alts[i].lost_on));
    }
    if (out->blocker >= 0) mc_write_string(rq, o, "blockedBy", mc_na_object_id(w, out->blocker));
    if (failed) write_failed(rq, o, w, failed);
}

static int read_charger(McRequest *rq, const McIdMap *ids, const NaBattlefield *bf, const cJSON *obj, const char *key,
                        const char *range_key, NaChargerIn *c, int target) {
    if (!read_unit_ref(rq, ids, bf, obj, key, 1, &c->unit)) return 0;
    c->has_range = mc_read_get(obj, range_key) != NULL;
    if (c->has_range && !mc_read_number(rq, obj, range_key, 1, 0, MC_MAX_COORD, &c->range)) return 0;
    if (!mc_read_int(rq, obj, "highestDie", 0, 1, 6, &c->highest_die)) return 0;
    if (c->highest_die > 0 && !c->has_range)
        return mc_read_fail_key(rq, "highestDie", "bad_request", "highestDie goes with %s (the charge roll it is a die of)", range_key);
    if (c->unit == target) return mc_read_fail_key(rq, key, "bad_request", "a unit cannot charge itself");
    if (strcmp(bf->units[c->unit].side, bf->units[target].side) == 0)
        return mc_read_fail_key(rq, key, "bad_request", "%s is not an enemy of %s", bf->units[c->unit].id, bf->units[target].id);
    return 1;
}

// "2 of 2 chargers in contact, touching 0 other enemies, the target rotated 0 times, 6 models".
static const char *order_words(McRequest *rq, const NaOrderScore *sc, int count) {
    return mc_strf(&rq->env, "%d of %d chargers in contact, touching %d other enem%s, the target rotated %d time%s, %s models in base contact",
                   sc->done, count, sc->others, sc->others == 1 ? "y" : "ies", sc->rotations, sc->rotations == 1 ? "" : "s", mc_fmt_num(&rq->env, sc->models));
}

static void write_order_score(McRequest *rq, cJSON *o, const NaOrderScore *sc) {
    mc_write_number(rq, o, "otherEnemies", sc->others);
    mc_write_number(rq, o, "chargersInContact", sc->done);
    mc_write_number(rq, o, "targetRotations", sc->rotations);
    mc_write_number(rq, o, "models", sc->models);
}

// The arrays form of a charge: each charger in the order they move, its poses those of the move it
// makes: the Charge Move when possible, else the Failed Charge Move when it makes one, else the
// best move found (`path` says which; no rows when none).
static int charge_poses(McRequest *rq, cJSON *result, const NaBattlefield *bf, const NaChargerIn *ch,
                        const NaCombinedOut *out, int count) {
    NaPose *path = MC_NEW(rq->env.arena, NaPose, 5 * count);
    int *n = MC_NEW(rq->env.arena, int, count);
    if (!path || !n) return mc_read_oom(rq);
    int rows = 0, at = 0;
    for (int k = 0; k < count; k++) {
        const NaChargeOut *r = &out->results[k];
        const NaFailedOut *f = &out->failed[k];
        NaPose *p = path + 5 * k;
        if ((r->possible || !out->has_failed[k]) && r->has_best) {
            const NaChargeMove *m = &r->best;
            const McRect *poses[5] = {&m->start, &m->after_a, &m->after_wheel, &m->contact, &m->final};
            for (int i = 0; i < 5; i++) p[i] = rect_pose(poses[i]);
            n[k] = 5;
        } else if (out->has_failed[k]) {
            const McRect *poses[3] = {&f->start, &f->after_wheel, &f->final};
            for (int i = 0; i < 3; i++) p[i] = rect_pose(poses[i]);
            n[k] = 3;
        } else {
            n[k] = -1;
        }
        rows += n[k] + 1;
    }
    double *col = mc_columns_poses(rq, rows);
    if (!col) return 0;
    mc_write_number(rq, result, "rows", rows);
    cJSON *moves = mc_write_array(rq, result, "moves");
    for (int k = 0; k < count && moves; k++) {
        const char *id = bf->units[ch[out->order[k]].unit].id;
        cJSON *m = n[k] < 0 ? mc_write_push_object(rq, moves) : put_poses(rq, moves, col, &at, id, &path[5 * k + n[k] - 1], path + 5 * k, n[k]);
        if (!m) break;
        if (n[k] < 0) mc_write_string(rq, m, "unit", id), mc_write_number(rq, m, "rows", 0);
        mc_write_bool(rq, m, "possible", out->results[k].possible);
        mc_write_string(rq, m, "path", n[k] < 0 ? "none" : n[k] == 5 ? "charge" : "failedChargeMove");
    }
    return 1;
}

static int run_charge(McRequest *rq, const cJSON *req, cJSON *result) {
    NaBattlefield bf;
    McIdMap ids;
    if (!read_field(rq, req, &bf, &ids)) return 0;
    int target;
    if (!read_unit_ref(rq, &ids, &bf, req, "target", 1, &target)) return 0;
    const cJSON *list;
    int extra;
    if (!mc_read_array(rq, req, "combined", 0, NA_MAX_COMBINED - 1, "NA_MAX_COMBINED", &list, &extra)) return 0;
    NaChargerIn *ch = MC_NEW(rq->env.arena, NaChargerIn, extra + 1);
    if (!ch) return mc_read_oom(rq);
    if (!read_charger(rq, &ids, &bf, req, "charger", "range", &ch[0], target)) return 0;
    // combined[j] is charger j + 1 (the first is `charger`).
    MC_EACH(rq, list, "combined", it) {
        static const char *const keys[] = {"charger", "range", "highestDie", NULL};
        int i = it.index + 1;
        if (!mc_read_object(rq, it.item, keys) || !read_charger(rq, &ids, &bf, it.item, "charger", "range", &ch[i], target)) return 0;
        for (int k = 0; k < i; k++)
            if (ch[k].unit == ch[i].unit) return mc_read_fail_key(rq, "charger", "bad_request", "%s is listed twice", bf.units[ch[i].unit].id);
    }
    int count = extra + 1;
    mc_assume(&rq->env, MC_A_9A_1);
    NaCombinedOut out;
    if (!mc_na_charge_combined(&rq->env, &bf, target, ch, count, &out)) return mc_read_oom(rq);
    const NaWorld *w = out.world;
    // The trace: the order (9A-CH-4), then each charger's ruling in that order.
    if (count > 1) {
        char buf[512];
        int len = 0;
        for (int k = 0; k < count && len < (int)sizeof buf - 2; k++)
            len += mc_snfmt(buf + len, sizeof buf - (size_t)len, "%s%s", k ? ", " : "", bf.units[ch[out.order[k]].unit].id);
        const NaOrderScore *c = &out.chosen, *q = &out.request;
        if (!out.order_searched)
            mc_trace(&rq->env, "9A-CH-4", NULL, "combined charge on %s: moved in the request order %s (too many chargers to try every order): %d of %d end in contact",
                     bf.units[target].id, buf, c->done, count);
        else if (out.decided_on == 0)
            mc_trace(&rq->env, "9A-CH-4", NULL,
                     "combined charge on %s: every order tried; none does better after all moves than the request order %s (%d of %d end in contact, touching %d other enem%s, %s models in base contact)",
                     bf.units[target].id, buf, c->done, count, c->others, c->others == 1 ? "y" : "ies", mc_fmt_num(&rq->env, c->models));
        else
            mc_trace(&rq->env, "9A-CH-4", NULL,
                     "combined charge on %s: every order tried; %s satisfies Maximising Contact %d best after all moves: %s (the request order: %s)",
                     bf.units[target].id, buf, out.decided_on, order_words(rq, c, count), order_words(rq, q, count));
    }
    int first = 0;
    for (int k = 0; k < count; k++) {
        int r = out.order[k];
        NaChargeIn in = {ch[r].unit, target, ch[r].has_range, ch[r].range, out.facings[k], false, NULL};
        mc_na_charge_explain(&rq->env, w, &in, &out.results[k]);
        if (out.has_failed[k]) {
            const NaFailedOut *f = &out.failed[k];
            mc_assume(&rq->env, MC_A_9A_4);
            mc_trace(&rq->env, "9A-CH-1", bf.units[ch[r].unit].id,
                     "Failed Charge Move of %s\" (the highest D6): %s about its %s corner (%s\")%s, then %s\" straight%s%s: shaken, no longer charging",
                     mc_fmt_num(&rq->env, f->distance), mc_fmt_amount(&rq->env, "wheels", fabs(f->wheel), "°", "does not wheel"),
                     f->clockwise ? "front-right" : "front-left", mc_fmt_num(&rq->env, f->wheel_path),
                     f->faces_target ? " until it faces the target's centre" : (f->wheel_blocked ? ", stopped just before contact" : ""), mc_fmt_num(&rq->env, f->straight),
                     f->straight_blocked ? ", stopped just before contact with " : "", f->straight_blocked ? blocker_id(w, f->straight_blocker) : "");
        }
        if (r == 0) first = k;
    }
    if (rq->columns) return charge_poses(rq, result, &bf, ch, &out, count);
    write_charge(rq, result, w, &bf, ch[0].unit, &ch[0], out.facings[first], &out.results[first], out.has_failed[first] ? &out.failed[first] : NULL);
    mc_write_string(rq, result, "target", bf.units[target].id);
    if (count > 1) {
        cJSON *order = mc_write_array(rq, result, "order");
        for (int k = 0; k < count && order; k++) mc_write_string(rq, order, NULL, bf.units[ch[out.order[k]].unit].id);
        cJSON *why = mc_write_object(rq, result, "orderChoice");
        if (why) {
            mc_write_bool(rq, why, "searched", out.order_searched);
            write_order_score(rq, why, &out.chosen);
            if (out.order_searched) {
                cJSON *asked = mc_write_object(rq, why, "requestOrder");
                if (asked) write_order_score(rq, asked, &out.request);
                mc_write_number(rq, why, "decidedOn", out.decided_on);
            }
            mc_write_string(rq, why, "rule", "9A-CH-4");
        }
        cJSON *arr = mc_write_array(rq, result, "chargers");
        for (int k = 0; k < count && arr; k++) {
            cJSON *o = mc_write_push_object(rq, arr);
            if (o) write_charge(rq, o, w, &bf, ch[out.order[k]].unit, &ch[out.order[k]], out.facings[k], &out.results[k], out.has_failed[k] ? &out.failed[k] : NULL);
        }
    }
    return 1;
}

static const char *const flee_fields[] = {"table", "units", "terrain", "unit", "from", "distance", NULL};

static int run_flee(McRequest *rq, const cJSON *req, cJSON *result) {
    NaBattlefield bf;
    McIdMap ids;
    if (!read_field(rq, req, &bf, &ids)) return 0;
    int unit, from = -1;
    double distance;
    if (!read_unit_ref(rq, &ids, &bf, req, "unit", 1, &unit) || !read_unit_ref(rq, &ids, &bf, req, "from", 0, &from) ||
        !mc_read_length(rq, req, "distance", 1, &distance))
        return 0;
    if (from >= 0 && strcmp(bf.units[from].side, bf.units[unit].side) == 0)
        return mc_read_fail_key(rq, "from", "bad_request", "%s is not an enemy of %s", bf.units[from].id, bf.units[unit].id);
    if (from < 0) {
        bool any = false;
        for (int i = 0; i < bf.unit_count; i++) any = any || strcmp(bf.units[i].side, bf.units[unit].side) != 0;
        if (!any) return mc_read_fail_key(rq, "from", "bad_request", "no enemy on the table to flee from");
    }
    mc_assume(&rq->env, MC_A_9A_1);
    NaWorld w;
    if (!mc_na_world_init(&rq->env, &w, &bf)) return mc_read_oom(rq);
    NaFleeOut out;
    if (!mc_na_flee(&rq->env, &w, unit, from, distance, &out)) return mc_read_oom(rq);
    const char *id = bf.units[unit].id;
    mc_na_flee_trace(&rq->env, &bf, unit, &out);
    if (rq->columns) {
        double *col = mc_columns_poses(rq, 4);
        if (!col) return 0;
        int at = 0;
        mc_write_number(rq, result, "rows", 4);
        put_flee_poses(rq, mc_write_array(rq, result, "moves"), col, &at, id, &out);
        return 1;
    }
    mc_write_string(rq, result, "unit", id);
    write_flee(rq, result, &w, &out, distance);
    return 1;
}

// ---- spacing -----------------------------------------------------------------------------------

static const char *const spacing_fields[] = {"table", "units", "terrain", "moment", "unit", "target", NULL};

// `n` pairs of objects (`pairs[2i]`, `pairs[2i + 1]`) as the array `key` of `result`, each an array of their ids.
static void write_pairs(McRequest *rq, cJSON *result, const char *key, const NaWorld *w, const int *pairs, int n) {
    cJSON *arr = mc_write_array(rq, result, key);
    for (int i = 0; i < n && arr; i++) {
        cJSON *pr = mc_write_array(rq, arr, NULL);
        if (!pr) break;
        mc_write_string(rq, pr, NULL, mc_na_object_id(w, pairs[2 * i]));
        mc_write_string(rq, pr, NULL, mc_na_object_id(w, pairs[2 * i + 1]));
    }
}

static int run_spacing(McRequest *rq, const cJSON *req, cJSON *result) {
    NaBattlefield bf;
    McIdMap ids;
    if (!read_field(rq, req, &bf, &ids)) return 0;
    static const char *const moments[] = {"normal", "during-move", "after-uncontrolled", NULL};
    int moment = 0, unit = -1, target = -1;
    if (!mc_read_enum(rq, req, "moment", 0, moments, &moment) || !read_unit_ref(rq, &ids, &bf, req, "unit", moment != 0, &unit) ||
        !read_unit_ref(rq, &ids, &bf, req, "target", 0, &target))
        return 0;
    if (moment == 0 && unit >= 0) return mc_read_fail_key(rq, "unit", "bad_request", "a moving unit goes with \"moment\": \"during-move\" or \"after-uncontrolled\"");
    if (target >= 0 && moment != 2) return mc_read_fail_key(rq, "target", "bad_request", "a charge target goes with \"moment\": \"after-uncontrolled\"");
    if (target >= 0 && target == unit) return mc_read_fail_key(rq, "target", "bad_request", "a unit cannot charge itself");
    NaWorld w;
    if (!mc_na_world_init(&rq->env, &w, &bf)) return mc_read_oom(rq);
    NaSpacingOut out;
    if (!mc_na_spacing_all(&rq->env, &w, (NaMoment)moment, unit, target, &out)) return mc_read_oom(rq);
    mc_assume(&rq->env, MC_A_9A_1);
    static const char *const explain[] = {
        "units keep more than 1\" from other units and impassable terrain",
        "the moving unit needs only more than 0.5\" during its move; every other pair more than 1\"",
        "the unit that made an uncontrolled move may end closer than 1\", but touching nothing (its charge target excepted); every other pair more than 1\""};
    mc_trace(&rq->env, "9A-SP-1", unit >= 0 ? bf.units[unit].id : NULL, "%s", explain[moment]);
    mc_write_string(rq, result, "moment", moments[moment]);
    mc_write_bool(rq, result, "legal", out.count == 0);
    cJSON *arr = mc_write_array(rq, result, "violations");
    static const char *const kinds[] = {"too-close", "off-table", "overlap", "contact", "too-close"};
    for (int i = 0; i < out.count && arr; i++) {
        const NaSpacingPair *p = &out.pairs[i];
        cJSON *o = mc_write_push_object(rq, arr);
        if (!o) break;
        cJSON *pair = mc_write_array(rq, o, "objects");
        if (pair) {
            mc_write_string(rq, pair, NULL, mc_na_object_id(&w, p->a));
            if (p->b >= 0) mc_write_string(rq, pair, NULL, mc_na_object_id(&w, p->b));
        }
        mc_write_string(rq, o, "kind", kinds[p->kind]);
        if (p->b >= 0) {
            mc_write_number(rq, o, "distance", p->gap > 0 ? p->gap : 0.0);
            if (p->kind == NA_SPACING_OVERLAP) mc_write_number(rq, o, "overlap", -p->gap);
            mc_write_number(rq, o, "limit", p->limit);
        }
        mc_write_string(rq, o, "rule", "9A-SP-1");
        const char *a = mc_na_object_id(&w, p->a), *b = p->b >= 0 ? mc_na_object_id(&w, p->b) : "the table edge";
        const char *msg;
        switch (p->kind) {
        case NA_SPACING_OFF_TABLE: msg = mc_strf(&rq->env, "%s lies beyond the table edge.", a); break;
        case NA_SPACING_OVERLAP: msg = mc_strf(&rq->env, "%s and %s overlap.", a, b); break;
        case NA_SPACING_CONTACT: msg = mc_strf(&rq->env, "%s and %s are in base contact, which only a charger and its target may be.", a, b); break;
        default: msg = mc_strf(&rq->env, "%s and %s are %s\" apart; Unit Spacing asks for more than %s\".", a, b,
                                 mc_fmt_num(&rq->env, p->gap), mc_fmt_num(&rq->env, p->limit)); break;
        }
        mc_write_string(rq, o, "message", msg ? msg : "");
    }
    write_pairs(rq, result, "engaged", &w, out.engaged, out.engaged_count);
    write_pairs(rq, result, "mayStay", &w, out.close, out.close_count);
    mc_write_bool(rq, result, "truncated", out.truncated);
    return 1;
}

const McQuery mc_na_queries[] = {
    {"pursue", run_pursue, pursue_fields,
     "Resolves pursue moves after a combat: pivot, charge on contact or ahead, table edge, obstruction, legal position, backtrack.", true},
    {"charge", run_charge, charge_fields,
     "Can this charge be completed: facing, path (straight, one wheel, straight), align, distance, Maximising Contact's choice and alternatives; several chargers in the best order.", true},
    {"flee", run_flee, flee_fields,
     "The flee move of a broken unit: the pivot away from the enemy, the straight move, what it passes through, where it ends and whether it leaves the table.", true},
    {"spacing", run_spacing, spacing_fields,
     "Every pair of units or unit and terrain closer than Unit Spacing allows, normally, during a move or after an uncontrolled move.", false},
    {NULL, NULL, NULL, NULL, false},
};
