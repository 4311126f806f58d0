// The ninth-age queries: each reads its request into src/rules/ninth_age/ structs, runs the rules
// and writes the result (CONTRACT.md "Free-form tables", "Result fields that other tools rely on").
#include <math.h>
#include <string.h>

#include "json/dispatch.h"
#include "json/jwrite.h"
#include "json/read_table.h"
#include "rules/ninth_age/ninth_age.h"

// ---- the battlefield ---------------------------------------------------------------------------

static const double MM_PER_INCH = 25.4;

// A unit: {"id", "side", "x", "y", "facing", "width", "depth"} or, instead of width and depth,
// "base": {"width", "length"} in millimetres with "files" and "ranks" (A-9A-1: the Unit Boundary
// is files × base width by ranks × base length).
static int read_unit(McJson *j, const cJSON *e, NaUnit *u) {
    static const char *const keys[] = {"id", "side", "x", "y", "facing", "width", "depth", "base",
                                       "files", "ranks", "fled", "sameCombat", NULL};
    if (!mc_jr_object(j, e, keys) || !mc_jr_string(j, e, "id", 1, &u->id) || !mc_jr_string(j, e, "side", 1, &u->side) ||
        !mc_jr_coord(j, e, "x", 1, &u->rect.centre.x) || !mc_jr_coord(j, e, "y", 1, &u->rect.centre.y) ||
        !mc_jr_facing(j, e, "facing", 1, &u->rect.facing))
        return 0;
    const cJSON *base = mc_jr_get(e, "base");
    if (base) {
        if (mc_jr_get(e, "width")) return mc_jr_fail_key(j, "width", "bad_request", "give either width and depth or base with files and ranks, not both");
        if (mc_jr_get(e, "depth")) return mc_jr_fail_key(j, "depth", "bad_request", "give either width and depth or base with files and ranks, not both");
        static const char *const bkeys[] = {"width", "length", NULL};
        double bw = 0, bl = 0;
        int files = 0, ranks = 0;
        int saved = mc_jr_push_key(j, "base");
        if (!mc_jr_object(j, base, bkeys) || !mc_jr_number(j, base, "width", 1, 1, 1000, &bw) ||
            !mc_jr_number(j, base, "length", 1, 1, 1000, &bl))
            return 0;
        mc_jr_pop(j, saved);
        if (!mc_jr_int(j, e, "files", 1, 1, 100, &files) || !mc_jr_int(j, e, "ranks", 1, 1, 100, &ranks)) return 0;
        u->rect.width = files * bw / MM_PER_INCH;
        u->rect.depth = ranks * bl / MM_PER_INCH;
    } else {
        if (mc_jr_get(e, "files")) return mc_jr_fail_key(j, "files", "bad_request", "files and ranks go with base");
        if (mc_jr_get(e, "ranks")) return mc_jr_fail_key(j, "ranks", "bad_request", "files and ranks go with base");
        if (!mc_jr_length(j, e, "width", 1, &u->rect.width) || !mc_jr_length(j, e, "depth", 1, &u->rect.depth)) return 0;
    }
    int fled = 0, same = 0;
    if (!mc_jr_bool(j, e, "fled", 0, &fled) || !mc_jr_bool(j, e, "sameCombat", 0, &same)) return 0;
    u->fled = fled;
    u->same_combat = same;
    return 1;
}

// Reads "table", "units" and "terrain" (kind "impassable") into `bf`; ids go into `ids` (units
// first, so a unit's id maps to its index).
static int read_battlefield(McJson *j, const cJSON *req, NaBattlefield *bf, McIdMap *ids) {
    int has = 0;
    memset(bf, 0, sizeof *bf);
    if (!mc_jr_table(j, req, &has, &bf->table_w, &bf->table_h)) return 0;
    bf->has_table = has;
    const cJSON *list;
    int n;
    if (!mc_jr_array(j, req, "units", 1, MC_MAX_UNITS, "MC_MAX_UNITS", &list, &n)) return 0;
    if (!mc_ids_init(j, ids, MC_MAX_UNITS + MC_MAX_TERRAIN)) return mc_jr_fail(j, "out_of_memory", "out of memory");
    bf->units = MC_NEW(j->env.arena, NaUnit, n > 0 ? n : 1);
    if (!bf->units) return mc_jr_fail(j, "out_of_memory", "out of memory");
    int saved = mc_jr_push_key(j, "units");
    int i = 0;
    for (const cJSON *e = list->child; e; e = e->next, i++) {
        int inner = mc_jr_push_index(j, i);
        NaUnit *u = &bf->units[i];
        if (!read_unit(j, e, u)) return 0;
        int idp = mc_jr_push_key(j, "id");
        if (!mc_ids_add(j, ids, u->id)) return 0;
        mc_jr_pop(j, idp);
        McPoly p = mc_rect_to_poly(u->rect);
        if (!na_on_table(bf, &p)) return mc_jr_fail(j, "bad_request", "unit %s lies (partly) beyond the table", u->id);
        mc_jr_pop(j, inner);
    }
    mc_jr_pop(j, saved);
    bf->unit_count = n;
    static const char *const kinds[] = {"impassable", NULL};
    McTerrainIn *ts;
    int tn;
    if (!mc_jr_terrain(j, req, kinds, ids, &ts, &tn)) return 0;
    bf->terrain = MC_NEW(j->env.arena, NaTerrain, tn > 0 ? tn : 1);
    McPoly *tmp = MC_NEW(j->env.arena, McPoly, MC_MAX_POLYGON_VERTICES);
    if (!bf->terrain || !tmp) return mc_jr_fail(j, "out_of_memory", "out of memory");
    for (int t = 0; t < tn; t++) {
        int parts = 0;
        McDecomposeStatus st = mc_poly_decompose(ts[t].points, ts[t].count, tmp, MC_MAX_POLYGON_VERTICES, &parts);
        if (st != MC_DECOMPOSE_OK) {
            int sp = mc_jr_push_key(j, "terrain");
            mc_jr_push_index(j, t);
            mc_jr_push_key(j, "polygon");
            mc_jr_fail(j, "bad_request", "the polygon is not a simple polygon (it crosses itself or is degenerate)");
            mc_jr_pop(j, sp);
            return 0;
        }
        bf->terrain[t].id = ts[t].id;
        bf->terrain[t].part_count = parts;
        bf->terrain[t].parts = mc_arena_dup(j->env.arena, tmp, (size_t)parts, sizeof(McPoly));
        if (!bf->terrain[t].parts) return mc_jr_fail(j, "out_of_memory", "out of memory");
    }
    bf->terrain_count = tn;
    return 1;
}

// A unit reference: an id that must name a unit (not terrain).
static int read_unit_ref(McJson *j, const McIdMap *ids, const NaBattlefield *bf, const cJSON *obj, const char *key,
                         int required, int *out) {
    if (!mc_jr_ref(j, ids, obj, key, required, out)) return 0;
    if (*out >= bf->unit_count) return mc_jr_fail_key(j, key, "bad_request", "\"%s\" is terrain, not a unit", mc_jr_get(obj, key)->valuestring);
    return 1;
}

static void write_pose(McJson *j, cJSON *parent, const char *key, NaPose p) {
    cJSON *o = key ? mc_jw_object(j, parent, key) : mc_jw_push_object(j, parent);
    if (o) mc_jw_pose_fields(j, o, p.x, p.y, p.facing);
}

static void write_point(McJson *j, cJSON *arr, McVec2 v) {
    cJSON *pt = cJSON_CreateArray();
    if (!pt) {
        j->oom = 1;
        return;
    }
    mc_jw_add(j, arr, NULL, pt);
    mc_jw_push_number(j, pt, v.x);
    mc_jw_push_number(j, pt, v.y);
}

// ---- pursue ------------------------------------------------------------------------------------

static const char *const pursue_fields[] = {"table", "units", "terrain", "pursued", "pursuers", NULL};

static int read_pursue(McJson *j, const cJSON *req, NaBattlefield *bf, McIdMap *ids, NaPursueIn *in) {
    if (!read_battlefield(j, req, bf, ids)) return 0;
    const cJSON *pd = mc_jr_get(req, "pursued");
    if (!pd) return mc_jr_fail_key(j, "pursued", "bad_request", "missing required field \"pursued\"");
    static const char *const pkeys[] = {"unit", "facing", "fleeDistance", "destroyed", NULL};
    int saved = mc_jr_push_key(j, "pursued");
    in->pursued = -1;
    int destroyed = 0;
    if (!mc_jr_object(j, pd, pkeys) || !read_unit_ref(j, ids, bf, pd, "unit", 0, &in->pursued) ||
        !mc_jr_facing(j, pd, "facing", 1, &in->pursued_facing) || !mc_jr_bool(j, pd, "destroyed", 0, &destroyed))
        return 0;
    in->has_flee = mc_jr_get(pd, "fleeDistance") != NULL;
    if (in->has_flee && !mc_jr_length(j, pd, "fleeDistance", 1, &in->flee_distance)) return 0;
    if (!in->has_flee && !destroyed)
        return mc_jr_fail_key(j, "fleeDistance", "bad_request", "give the flee distance rolled, or \"destroyed\": true");
    in->destroyed = destroyed;
    mc_jr_pop(j, saved);
    const cJSON *list;
    int n;
    if (!mc_jr_array(j, req, "pursuers", 1, MC_MAX_LIST_ITEMS, "MC_MAX_LIST_ITEMS", &list, &n)) return 0;
    if (n == 0) return mc_jr_fail_key(j, "pursuers", "bad_request", "expected at least one pursuer");
    in->pursuers = MC_NEW(j->env.arena, NaPursuerIn, n);
    if (!in->pursuers) return mc_jr_fail(j, "out_of_memory", "out of memory");
    in->pursuer_count = n;
    saved = mc_jr_push_key(j, "pursuers");
    int i = 0;
    for (const cJSON *e = list->child; e; e = e->next, i++) {
        static const char *const keys[] = {"unit", "distance", "overrun", "target", "postCombatFacing", NULL};
        int inner = mc_jr_push_index(j, i);
        NaPursuerIn *p = &in->pursuers[i];
        int overrun = 0;
        p->target = -1;
        if (!mc_jr_object(j, e, keys) || !read_unit_ref(j, ids, bf, e, "unit", 1, &p->unit) ||
            !mc_jr_length(j, e, "distance", 1, &p->distance) || !mc_jr_bool(j, e, "overrun", 0, &overrun) ||
            !read_unit_ref(j, ids, bf, e, "target", 0, &p->target))
            return 0;
        p->overrun = overrun;
        p->has_post_facing = mc_jr_get(e, "postCombatFacing") != NULL;
        if (p->has_post_facing && !mc_jr_facing(j, e, "postCombatFacing", 1, &p->post_facing)) return 0;
        const NaUnit *u = &bf->units[p->unit];
        if (p->unit == in->pursued) return mc_jr_fail_key(j, "unit", "bad_request", "%s is the pursued unit", u->id);
        if (u->fled) return mc_jr_fail_key(j, "unit", "bad_request", "%s fled and cannot pursue", u->id);
        for (int k = 0; k < i; k++)
            if (in->pursuers[k].unit == p->unit) return mc_jr_fail_key(j, "unit", "bad_request", "%s is listed twice", u->id);
        if (p->target >= 0 && strcmp(bf->units[p->target].side, u->side) == 0)
            return mc_jr_fail_key(j, "target", "bad_request", "%s is not an enemy of %s", bf->units[p->target].id, u->id);
        mc_jr_pop(j, inner);
    }
    mc_jr_pop(j, saved);
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

static void write_pursuer(McJson *j, cJSON *arr, const NaWorld *w, const NaBattlefield *bf, const NaPursueIn *in,
                          const NaPursuerOut *o) {
    cJSON *po = mc_jw_push_object(j, arr);
    if (!po) return;
    const NaPursuerIn *pi = &in->pursuers[o->index];
    mc_jw_string(j, po, "unit", bf->units[o->unit].id);
    mc_jw_number(j, po, "distance", pi->distance);
    mc_jw_bool(j, po, "overrun", pi->overrun);
    mc_jw_bool(j, po, "destroysFleeing", o->destroys_fleeing);
    mc_jw_bool(j, po, "declaredCharge", o->declared);
    write_pose(j, po, "start", o->start);
    if (o->pivoted) {
        cJSON *pv = mc_jw_object(j, po, "pivot");
        if (pv) {
            mc_jw_pose_fields(j, pv, o->pivot.x, o->pivot.y, o->pivot.facing);
            mc_jw_number(j, pv, "angle", mc_facing_delta(o->start.facing, o->pivot.facing));
        }
        cJSON *s = mc_jw_object(j, po, "situation");
        if (s) {
            mc_jw_string(j, s, "kind", na_situation_name(o->situation));
            mc_jw_string(j, s, "rule", situation_rule(o->situation, true));
            if (o->situation_object >= 0) mc_jw_string(j, s, "object", na_object_id(w, o->situation_object));
        }
    }
    if (o->has_ahead) {
        cJSON *fa = mc_jw_object(j, po, "forwardAhead");
        cJSON *rect = fa ? mc_jw_array(j, fa, "rectangle") : NULL;
        for (int i = 0; i < 4 && rect; i++) write_point(j, rect, o->ahead[i]);
        cJSON *ob = fa ? mc_jw_object(j, fa, "firstObstacle") : NULL;
        if (ob) {
            mc_jw_string(j, ob, "kind", o->ahead_kind == NA_SIT_FREE ? "none" : na_situation_name(o->ahead_kind));
            mc_jw_string(j, ob, "rule", situation_rule(o->ahead_kind, false));
            if (o->ahead_object >= 0) mc_jw_string(j, ob, "object", na_object_id(w, o->ahead_object));
            if (o->ahead_kind != NA_SIT_FREE) mc_jw_number(j, ob, "distance", o->ahead_distance);
        }
    }
    mc_jw_string(j, po, "outcome", outcome_name(o->outcome));
    mc_jw_string(j, po, "rule", o->rule);
    if (o->charge_target >= 0) {
        cJSON *ch = mc_jw_object(j, po, "charge");
        if (ch) {
            mc_jw_string(j, ch, "target", bf->units[o->charge_target].id);
            mc_jw_string(j, ch, "facing", na_facing_name(o->charge_facing));
            mc_jw_number(j, ch, "contactLength", o->contact_length);
            mc_jw_bool(j, ch, "cornerToCorner", !(o->contact_length > MC_LINEAR_SLOP));
        }
    }
    mc_jw_bool(j, po, "postCombatPivot", o->post_pivot);
    cJSON *path = mc_jw_array(j, po, "path");
    for (int i = 0; i < o->path_count && path; i++) write_pose(j, path, NULL, o->path[i]);
    mc_jw_number(j, po, "moved", o->moved);
    mc_jw_bool(j, po, "backtracked", o->backtracked);
    if (o->backtracked) {
        static const char *const faults[] = {"", "off-table", "overlap", "contact", "no-contact"};
        cJSON *bt = mc_jw_object(j, po, "backtrack");
        if (bt) {
            write_pose(j, bt, "from", o->backtrack_from);
            mc_jw_string(j, bt, "reason", faults[o->backtrack_fault]);
            mc_jw_string(j, bt, "rule", "9A-LP-1");
            if (o->backtrack_object >= 0) mc_jw_string(j, bt, "object", na_object_id(w, o->backtrack_object));
        }
    }
    write_pose(j, po, "final", o->final);
    cJSON *sp = mc_jw_object(j, po, "spacing");
    if (sp) {
        mc_jw_bool(j, sp, "legal", o->spacing.fault == NA_SPACING_OK);
        mc_jw_string(j, sp, "rule", "9A-LP-1");
        if (o->spacing.nearest >= 0) {
            cJSON *nr = mc_jw_object(j, sp, "nearest");
            if (nr) {
                mc_jw_string(j, nr, "object", na_object_id(w, o->spacing.nearest));
                mc_jw_number(j, nr, "gap", o->spacing.nearest_gap > 0 ? o->spacing.nearest_gap : 0.0);
            }
        }
    }
    mc_jw_reasons(j, po, "reasons", &o->reasons);
}

static int run_pursue(McJson *j, const cJSON *req, cJSON *result) {
    NaBattlefield bf;
    McIdMap ids;
    NaPursueIn in;
    memset(&in, 0, sizeof in);
    if (!read_pursue(j, req, &bf, &ids, &in)) return 0;
    NaPursueOut out;
    memset(&out, 0, sizeof out);
    if (!na_pursue(&j->env, &bf, &in, &out)) return mc_jr_fail(j, "out_of_memory", "out of memory");
    const NaWorld *w = out.world;
    mc_jw_bool(j, result, "fleeingDestroyed", out.fleeing_destroyed);
    cJSON *order = mc_jw_array(j, result, "order");
    for (int i = 0; i < out.count && order; i++)
        mc_jw_add(j, order, NULL, cJSON_CreateString(bf.units[out.pursuers[i].unit].id));
    cJSON *arr = mc_jw_array(j, result, "pursuers");
    for (int i = 0; i < out.count && arr; i++) write_pursuer(j, arr, w, &bf, &in, &out.pursuers[i]);
    return 1;
}

const McQuery mc_queries_ninth_age[] = {
    {"pursue", run_pursue, pursue_fields,
     "Resolves pursue moves after a combat: pivot, charge on contact or ahead, table edge, obstruction, legal position and backtrack."},
    {NULL, NULL, NULL, NULL},
};
