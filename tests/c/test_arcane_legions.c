// Arcane Legions: properties over random tables and unit checks of the rules layer. The worked
// rulings with hand-checked geometry are the scenario files in tests/scenarios/arcane-legions/.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "geom/geom.h"
#include "mctest.h"
#include "movecalc.h"
#include "rules/arcane_legions/al.h"

// A small deterministic generator (the tests must not depend on libc's rand).
static unsigned long long rng_state;
static double rnd(void) {
    rng_state = rng_state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(rng_state >> 11) / 9007199254740992.0;
}

typedef struct Shape {
    McVec2 corners[4];
    McPoly poly; // over corners
    McRect rect;
    int is_unit;
} Shape;

static int overlaps_any(const McPoly *p, const Shape *s, int n) {
    for (int i = 0; i < n; i++)
        if (mc_poly_overlap(p, &s[i].poly, NULL) == MC_CONTACT_OVERLAPPING) return 1;
    return 0;
}

static const char *dirs[] = {"forward", "backward", "left", "right"};
static const char *sides[] = {"front", "back", "left", "right"};

// Builds one random table: up to 7 units and 2 terrain rectangles on a 10 x 10 table, nothing
// overlapping, and a random order for unit u0.
static char *random_request(int *icons_out) {
    Shape s[9];
    int n = 0;
    char buf[8192];
    int len = snprintf(buf, sizeof buf, "{\"system\":\"arcane-legions\",\"query\":\"move\",\"table\":{\"width\":10,\"height\":10},\"units\":[");
    int units = 0;
    for (int tries = 0; tries < 200 && units < 7; tries++) {
        McRect r = {mc_vec2(1.5 + 7 * rnd(), 1.5 + 7 * rnd()), rnd() < 0.5 ? 45.0 * (int)(8 * rnd()) : 360 * rnd(),
                    rnd() < 0.5 ? 1 : 2, 1};
        s[n].poly = mc_rect_to_poly(&r, s[n].corners);
        if (overlaps_any(&s[n].poly, s, n)) continue;
        s[n].rect = r, s[n++].is_unit = 1;
        int icons = 1 + (int)(6 * rnd());
        if (units == 0) *icons_out = icons;
        len += snprintf(buf + len, sizeof buf - len,
                        "%s{\"id\":\"u%d\",\"side\":\"%s\",\"x\":%.17g,\"y\":%.17g,\"facing\":%.17g,\"base\":\"%s\","
                        "\"movementIcons\":%d,\"codex\":{\"forward\":1,\"backward\":%d,\"left\":%d,\"right\":%d}}",
                        units ? "," : "", units, units % 2 ? "blue" : "red", r.centre.x, r.centre.y, r.facing,
                        r.width == 1 ? "sortie" : "formation", icons, 1 + (int)(2 * rnd()), 1 + (int)(2 * rnd()),
                        1 + (int)(2 * rnd()));
        units++;
    }
    len += snprintf(buf + len, sizeof buf - len, "],\"terrain\":[");
    int ter = 0;
    for (int tries = 0; tries < 100 && ter < 2; tries++) {
        double x = 1 + 7 * rnd(), y = 1 + 7 * rnd(), w = 0.3 + 2 * rnd(), h = 0.3 + 2 * rnd();
        McVec2 pts[4] = {{x, y}, {x + w, y}, {x + w, y + h}, {x, y + h}};
        s[n].poly = (McPoly){0, s[n].corners};
        mc_poly_from_points(&s[n].poly, pts, 4);
        if (overlaps_any(&s[n].poly, s, n)) continue;
        s[n++].is_unit = 0;
        len += snprintf(buf + len, sizeof buf - len,
                        "%s{\"id\":\"t%d\",\"kind\":\"%s\",\"polygon\":[[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g],[%.17g,%.17g]]}",
                        ter ? "," : "", ter, ter ? "hindering" : "blocking", x, y, x + w, y, x + w, y + h, x, y + h);
        ter++;
    }
    len += snprintf(buf + len, sizeof buf - len, "],\"order\":{\"unit\":\"u0\",\"actions\":[");
    int acts = 1 + (int)(5 * rnd());
    for (int a = 0; a < acts; a++) {
        if (rnd() < 0.7)
            len += snprintf(buf + len, sizeof buf - len, "%s{\"step\":\"%s\",\"distance\":%.17g}", a ? "," : "",
                            dirs[(int)(4 * rnd())], 0.05 + 0.95 * rnd());
        else
            len += snprintf(buf + len, sizeof buf - len, "%s{\"turn\":%d,\"off\":\"%s\",\"toward\":\"%s\"}", a ? "," : "",
                            rnd() < 0.5 ? 45 : 90, sides[(int)(4 * rnd())], rnd() < 0.5 ? "left" : "right");
    }
    len += snprintf(buf + len, sizeof buf - len, "]%s}}", rnd() < 0.3 ? ",\"slide\":\"left\"" : "");
    char *copy = malloc((size_t)len + 1);
    if (copy) memcpy(copy, buf, (size_t)len + 1);
    return copy;
}

static double num(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k)->valuedouble; }

MC_TEST(al_random_tables, "AL-COL-1 AL-LIM-3 AL-MOV-1 on 1,000 random tables the final position never overlaps anything and the points spent never exceed the points given") {
    rng_state = 20240601;
    int checked = 0, moved = 0;
    for (int k = 0; k < 1000; k++) {
        int icons = 0;
        char *req = random_request(&icons);
        char *out = mc_request(req);
        cJSON *resp = cJSON_Parse(out);
        cJSON *reqj = cJSON_Parse(req);
        if (!resp || !cJSON_IsTrue(cJSON_GetObjectItem(resp, "ok"))) {
            mc_test_fail(__FILE__, __LINE__, "request %d failed: %.300s", k, out);
        } else {
            const cJSON *res = cJSON_GetObjectItem(resp, "result");
            const cJSON *fin = cJSON_GetObjectItem(res, "final");
            const cJSON *u0 = cJSON_GetArrayItem(cJSON_GetObjectItem(reqj, "units"), 0);
            McRect r = {mc_vec2(num(fin, "x"), num(fin, "y")), num(fin, "facing"), num(u0, "base") == 0 ? 0 : 0, 1};
            r.width = strcmp(cJSON_GetObjectItem(u0, "base")->valuestring, "sortie") == 0 ? 1 : 2;
            McVec2 pv[4];
            McPoly p = mc_rect_to_poly(&r, pv);
            // Printed numbers are rounded to 1e-9, so allow that much on top of the slop.
            const cJSON *e;
            cJSON_ArrayForEach(e, cJSON_GetObjectItem(reqj, "units")) {
                if (e == u0) continue;
                McRect o = {mc_vec2(num(e, "x"), num(e, "y")), num(e, "facing"),
                            strcmp(cJSON_GetObjectItem(e, "base")->valuestring, "sortie") == 0 ? 1 : 2, 1};
                McVec2 qv[4];
                McPoly q = mc_rect_to_poly(&o, qv);
                double sep = mc_poly_sat_separation(&p, &q, NULL);
                if (sep < -MC_LINEAR_SLOP - 1e-8)
                    mc_test_fail(__FILE__, __LINE__, "table %d: final overlaps %s by %g: %.2000s", k,
                                 cJSON_GetObjectItem(e, "id")->valuestring, -sep, req);
            }
            cJSON_ArrayForEach(e, cJSON_GetObjectItem(reqj, "terrain")) {
                McVec2 pts[4];
                for (int i = 0; i < 4; i++) {
                    const cJSON *pt = cJSON_GetArrayItem(cJSON_GetObjectItem(e, "polygon"), i);
                    pts[i] = mc_vec2(cJSON_GetArrayItem(pt, 0)->valuedouble, cJSON_GetArrayItem(pt, 1)->valuedouble);
                }
                McVec2 qv[MC_POLY_CAPACITY];
                McPoly q = {0, qv};
                mc_poly_from_points(&q, pts, 4);
                double sep = mc_poly_sat_separation(&p, &q, NULL);
                if (sep < -MC_LINEAR_SLOP - 1e-8)
                    mc_test_fail(__FILE__, __LINE__, "table %d: final overlaps terrain by %g: %.2000s", k, -sep, req);
            }
            for (int i = 0; i < 4; i++)
                if (p.v[i].x < -2e-6 || p.v[i].y < -2e-6 || p.v[i].x > 10 + 2e-6 || p.v[i].y > 10 + 2e-6)
                    mc_test_fail(__FILE__, __LINE__, "table %d: final leaves the table: %.2000s", k, req);
            int spent = (int)num(res, "pointsSpent"), mp = (int)num(res, "movementPoints");
            if (spent > mp || mp != icons) mc_test_fail(__FILE__, __LINE__, "table %d: spent %d of %d (icons %d)", k, spent, mp, icons);
            if (num(res, "pointsSpent") > 0) moved++;
            checked++;
        }
        cJSON_Delete(reqj);
        cJSON_Delete(resp);
        mc_free(out);
        free(req);
    }
    MC_CHECK_INT(checked, 1000);
    MC_CHECK(moved > 500);
}

MC_TEST(al_adjacency_needs_shared_edge, "AL-BRK-1 A-AL-6 adjacency needs a shared edge stretch: corner contact and a gap are not adjacency") {
    McRect a = {mc_vec2(0, 0), 0, 2, 1};
    McRect flush = {mc_vec2(0.5, 1), 180, 1, 1};
    McRect corner = {mc_vec2(1.5, 1), 0, 1, 1};
    McRect gap = {mc_vec2(0, 1.00001), 0, 1, 1};
    McRect angled = {mc_vec2(0, 0.5 + sqrt(0.5)), 45, 1, 1};
    MC_CHECK(mc_al_adjacent(a, flush));
    MC_CHECK(!mc_al_adjacent(a, corner));
    MC_CHECK(!mc_al_adjacent(a, gap));
    MC_CHECK(!mc_al_adjacent(a, angled));
}

MC_TEST(al_turn_cost_formula, "AL-TRN-2 A-AL-5 a turn costs the side cost times one plus the steps beyond the tool") {
    AlUnit u = {"f", "red", {mc_vec2(0, 0), 0, 2, 1}, false, {2, 3, 1, 1}, 6};
    AlWorld w;
    memset(&w, 0, sizeof w);
    w.notch_spacing = 0.5, w.leg_length = 1;
    AlAction a = {AL_ACTION_TURN, AL_FORWARD, 0, 90, AL_FORWARD, AL_RIGHT, true, -1, -1, -1};
    McVec2 toolv[MC_POLY_CAPACITY];
    McPoly tool = {0, toolv};
    McRect out;
    int beyond, cost;
    AlToolPose where;
    MC_CHECK(mc_al_turn_place(&w, &u, u.rect, &a, &tool, &out, &beyond, &cost, &where));
    MC_CHECK_INT(beyond, 1);
    MC_CHECK_INT(cost, 4);
    // A-AL-5: the entry leg lies flush on the front (y = 0.5) with its bevel on the middle notch
    // (x = 0); the right angle is at its right end, the exit leg rises from it, bevel at its middle.
    static const double corners[3][2] = {{-0.5, 0.5}, {0.5, 0.5}, {0.5, 1.5}};
    for (int i = 0; i < 3; i++) {
        MC_CHECK_NEAR(where.corners[i].x, corners[i][0], 1e-9);
        MC_CHECK_NEAR(where.corners[i].y, corners[i][1], 1e-9);
    }
    MC_CHECK_NEAR(where.entry_bevel.x, 0, 1e-9);
    MC_CHECK_NEAR(where.entry_bevel.y, 0.5, 1e-9);
    MC_CHECK_NEAR(where.exit_bevel.x, 0.5, 1e-9);
    MC_CHECK_NEAR(where.exit_bevel.y, 1, 1e-9);
    // The 90 degree right turn off the front: the back is laid on the right leg at x = 0.5.
    MC_CHECK_NEAR(out.facing, 90, 1e-9);
    MC_CHECK_NEAR(out.centre.x, 1, 1e-9);
    MC_CHECK_NEAR(out.centre.y, 1, 1e-9);
    a.exit_side = AL_RIGHT; // the long way: 2 steps beyond
    MC_CHECK(mc_al_turn_place(&w, &u, u.rect, &a, &tool, &out, &beyond, &cost, NULL));
    MC_CHECK_INT(beyond, 2);
    MC_CHECK_INT(cost, 6);
    a.off = AL_BACKWARD; // the back costs 3
    a.exit_side = -1;
    MC_CHECK(mc_al_turn_place(&w, &u, u.rect, &a, &tool, &out, &beyond, &cost, NULL));
    MC_CHECK_INT(cost, 6);
    a.entry_notch = 3; // a formation's long side has notches 0, 1 and 2 only (A-AL-2)
    MC_CHECK(!mc_al_turn_place(&w, &u, u.rect, &a, &tool, &out, &beyond, &cost, NULL));
}
