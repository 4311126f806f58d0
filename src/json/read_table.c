#include "json/read_table.h"

#include <math.h>

#include "core/fmt.h"
#include "core/limits.h"
#include "geom/trig.h"
#include "json/write.h"

int mc_read_facing(McRequest *rq, const cJSON *obj, const char *key, int required, double *out) {
    double f = *out;
    if (!mc_read_number(rq, obj, key, required, -MC_MAX_COORD, MC_MAX_COORD, &f)) return 0;
    // fmod gives an angle within a turn back unchanged; skipping the call there (a loop, once per
    // unit) keeps the same bits.
    if (!(f > -360.0 && f < 360.0)) f = mc_fmod_360(f);
    if (f < 0) f += 360.0;
    if (f >= 360.0) f = 0; // fmod of a tiny negative can round up to 360
    *out = f == 0 ? 0 : f;
    return 1;
}

int mc_read_table(McRequest *rq, const cJSON *request, int *has_table, double *width, double *height) {
    const cJSON *t = mc_read_get(request, "table");
    *has_table = t != NULL;
    if (!t) return 1;
    static const char *const keys[] = {"width", "height", NULL};
    int saved = mc_read_push_key(rq, "table");
    if (!mc_read_object(rq, t, keys) || !mc_read_length(rq, t, "width", 1, width) || !mc_read_length(rq, t, "height", 1, height))
        return 0;
    mc_read_pop(rq, saved);
    return 1;
}

// Twice the signed area (shoelace).
static double twice_area(const McVec2 *p, int n) {
    double a = 0;
    for (int i = 0; i < n; i++) a += mc_vec2_cross(p[i], p[(i + 1) % n]);
    return a;
}

int mc_read_terrain(McRequest *rq, const cJSON *request, const char *const *kinds, McIdMap *ids,
                  McTerrainIn **out, int *count) {
    const cJSON *list;
    int n;
    *out = NULL;
    *count = 0;
    if (!mc_read_array(rq, request, "terrain", 0, MC_MAX_TERRAIN, "MC_MAX_TERRAIN", &list, &n)) return 0;
    if (!list) return 1;
    McTerrainIn *ts = MC_NEW(rq->env.arena, McTerrainIn, n);
    if (!ts) return mc_read_oom(rq);
    MC_EACH(rq, list, "terrain", it) {
        static const char *const keys[] = {"id", "kind", "polygon", NULL};
        const cJSON *e = it.item;
        McTerrainIn *t = &ts[it.index];
        if (!mc_read_object(rq, e, keys) || !mc_read_string(rq, e, "id", 1, &t->id)) return 0;
        int id_path = mc_read_push_key(rq, "id");
        if (!mc_ids_add(rq, ids, t->id)) return 0;
        mc_read_pop(rq, id_path);
        if (!mc_read_enum(rq, e, "kind", 1, kinds, &t->kind)) return 0;
        const cJSON *poly;
        int m;
        if (!mc_read_array(rq, e, "polygon", 1, MC_MAX_POLYGON_VERTICES, "MC_MAX_POLYGON_VERTICES", &poly, &m)) return 0;
        mc_read_push_key(rq, "polygon"); // MC_EACH takes the path back to the item
        if (m < 3) return mc_read_fail(rq, "bad_request", "a polygon needs at least 3 vertices, found %d", m);
        t->points = MC_NEW(rq->env.arena, McVec2, m);
        if (!t->points) return mc_read_oom(rq);
        int v = 0;
        // A vertex's index joins the JSON path only when it is wrong (writing it for every
        // vertex was a twentieth of reading the terrain).
        for (const cJSON *pt = poly->child; pt; pt = pt->next, v++) {
            if (!cJSON_IsArray(pt) || cJSON_GetArraySize(pt) != 2 || !cJSON_IsNumber(pt->child) ||
                !cJSON_IsNumber(pt->child->next)) {
                mc_read_push_index(rq, v);
                return mc_read_fail(rq, "bad_request", "expected a point [x, y]");
            }
            double x = pt->child->valuedouble, y = pt->child->next->valuedouble;
            if (!isfinite(x) || !isfinite(y) || fabs(x) > MC_MAX_COORD || fabs(y) > MC_MAX_COORD) {
                mc_read_push_index(rq, v);
                return mc_read_fail(rq, "bad_request", "expected finite coordinates within %g", (double)MC_MAX_COORD);
            }
            t->points[v] = mc_vec2(x, y);
        }
        t->count = m;
        if (!(fabs(twice_area(t->points, m)) > 2 * MC_LINEAR_SLOP * MC_LINEAR_SLOP))
            return mc_read_fail(rq, "bad_request", "the polygon has no area");
    }
    *out = ts;
    *count = n;
    return 1;
}

void mc_write_pose_fields(McRequest *rq, cJSON *obj, double x, double y, double facing) {
    mc_write_number(rq, obj, "x", x);
    mc_write_number(rq, obj, "y", y);
    double f = mc_fmt_round(facing);
    mc_write_number(rq, obj, "facing", f >= 360 ? 0 : f);
}
