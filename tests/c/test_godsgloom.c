// GODSGLOOM reach details that scenario files cannot single out (one entry of a large reach):
// requests go through mc_request and the answer is searched for the hex in question. Expected
// values are worked out by hand in the comments.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cJSON.h"
#include "mctest.h"
#include "movecalc.h"

static cJSON *ask(const char *json) {
    char *out = mc_request(json);
    cJSON *resp = cJSON_Parse(out);
    mc_free(out);
    return resp;
}

static const cJSON *result_of(const cJSON *resp) { return cJSON_GetObjectItem(resp, "result"); }

// The entry of result.hexes at (q, r), or NULL.
static const cJSON *entry(const cJSON *resp, int q, int r) {
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(result_of(resp), "hexes")) {
        if (cJSON_GetObjectItem(e, "q")->valueint == q && cJSON_GetObjectItem(e, "r")->valueint == r) return e;
    }
    return NULL;
}

static int num(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return v ? v->valueint : -999;
}
static int flag(const cJSON *o, const char *key) { return cJSON_IsTrue(cJSON_GetObjectItem(o, key)); }
static const char *str(const cJSON *o, const char *key) {
    const cJSON *v = cJSON_GetObjectItem(o, key);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

// Board 7 x 7. e1 at (2,2) facing 4 holds (1,3), (1,2), (2,3); e2 at (3,4) facing 2 holds
// (3,3), (4,3), (2,4). Mover at (0,3), Speed 5.
#define NIMBLE_UNITS(traits, e2traits)                                                              \
    "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":3,\"facing\":0,\"speed\":5,\"traits\":" traits "}," \
    "{\"id\":\"e1\",\"side\":\"blue\",\"q\":2,\"r\":2,\"facing\":4},"                               \
    "{\"id\":\"e2\",\"side\":\"blue\",\"q\":3,\"r\":4,\"facing\":2,\"traits\":" e2traits "}]"

MC_TEST(gg_reach_zone_stop, "GG-8.3 reach: a zone hex is a destination where movement ends, and nothing is reached through it") {
    cJSON *resp = ask("{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":7,\"rows\":7}," NIMBLE_UNITS("[]", "[]") ",\"unit\":\"a\"}");
    const cJSON *e = entry(resp, 1, 3);
    MC_CHECK(e != NULL);
    MC_CHECK_STR(str(e, "endedBy"), "engagement-zone");
    MC_CHECK(flag(e, "engaged"));
    MC_CHECK(flag(e, "mayMeleeAttack"));
    // (2,3) lies in e1's zone. Through (1,3) is impossible (a zone stop), so the best path goes
    // around below: (0,4) by d5, (1,4) by d0 (in no zone), then (2,3) by d1: cost 3.
    const cJSON *e23 = entry(resp, 2, 3);
    MC_CHECK(e23 != NULL);
    MC_CHECK_INT(num(e23, "cost"), 3);
    MC_CHECK_STR(str(e23, "endedBy"), "engagement-zone");
    cJSON_Delete(resp);
}

MC_TEST(gg_reach_nimble, "GG-8.3-T reach: Nimble continues through zones; those destinations lose the Melee Attack, the others keep it") {
    cJSON *resp = ask("{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":7,\"rows\":7}," NIMBLE_UNITS("[\"nimble\"]", "[]") ",\"unit\":\"a\"}");
    // (5,3) is 5 hexes east along r = 3: the only 5-point path crosses both zones.
    const cJSON *far = entry(resp, 5, 3);
    MC_CHECK(far != NULL);
    MC_CHECK_INT(num(far, "cost"), 5);
    MC_CHECK(flag(far, "nimble"));
    MC_CHECK(!flag(far, "mayMeleeAttack"));
    // (1,3) is entered first and ended on: Nimble is not used, the attack is kept.
    const cJSON *first = entry(resp, 1, 3);
    MC_CHECK(first != NULL);
    MC_CHECK(!flag(first, "nimble"));
    MC_CHECK(flag(first, "mayMeleeAttack"));
    MC_CHECK_STR(str(first, "endedBy"), "choice");
    // (-1,3) west of the start touches no zone.
    const cJSON *west = entry(resp, -1, 3);
    MC_CHECK(west && !flag(west, "nimble") && flag(west, "mayMeleeAttack"));
    cJSON_Delete(resp);
}

MC_TEST(gg_reach_lockdown_nimble, "GG-TRT-1 GG-8.3-T reach: a Lockdown zone stops a Nimble unit, the other zone does not") {
    cJSON *resp = ask("{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":7,\"rows\":7}," NIMBLE_UNITS("[\"nimble\"]", "[\"lockdown\"]") ",\"unit\":\"a\"}");
    const cJSON *e33 = entry(resp, 3, 3);
    MC_CHECK(e33 != NULL);
    MC_CHECK_STR(str(e33, "endedBy"), "engagement-zone");
    const cJSON *e13 = entry(resp, 1, 3);
    MC_CHECK_STR(str(e13, "endedBy"), "choice");
    cJSON_Delete(resp);
}

MC_TEST(gg_reach_points, "GG-MOV-1 endedBy says points when no point is left, choice when the unit could go on") {
    const char *board = "\"board\":{\"hexes\":[{\"q\":0,\"r\":0},{\"q\":1,\"r\":0},{\"q\":2,\"r\":0}]},";
    char buf[1024];
    // Speed 1: (1,0) spends the only point. Speed 2: from (1,0) it could still enter (2,0) or go back.
    for (int speed = 1; speed <= 2; speed++) {
        snprintf(buf, sizeof buf, "{\"system\":\"godsgloom\",\"query\":\"reach\",%s\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":0,\"facing\":0,\"speed\":%d}],\"unit\":\"a\"}",
                 board, speed);
        cJSON *resp = ask(buf);
        MC_CHECK_STR(str(entry(resp, 1, 0), "endedBy"), speed == 1 ? "points" : "choice");
        cJSON_Delete(resp);
    }
}

MC_TEST(gg_mover_speed, "GG-MOV-1 the moving unit must give its Speed") {
    cJSON *resp = ask("{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":3,\"rows\":3},"
                      "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":0,\"facing\":0,\"speed\":2},{\"id\":\"f\",\"side\":\"red\",\"q\":1,\"r\":0,\"facing\":0}],"
                      "\"unit\":\"f\"}");
    MC_CHECK_STR(str(cJSON_GetObjectItem(resp, "error"), "path"), "units[1].speed");
    cJSON_Delete(resp);
}

MC_TEST(gg_teleport_minimum, "GG-8.3-MMG GG-TRT-1 a Flying unit slowed to Speed 0 still Teleports 1 hex") {
    cJSON *resp = ask("{\"system\":\"godsgloom\",\"query\":\"reach\",\"board\":{\"cols\":7,\"rows\":7},"
                      "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":1,\"r\":3,\"facing\":0,\"speed\":1,\"traits\":[\"flying\"],\"tokens\":[\"slow\"]}],\"unit\":\"a\"}");
    const cJSON *res = result_of(resp);
    MC_CHECK_INT(num(res, "movementPoints"), 0);
    MC_CHECK_INT(cJSON_GetArraySize(cJSON_GetObjectItem(res, "hexes")), 6);
    MC_CHECK(flag(entry(resp, 2, 3), "minimumMove"));
    cJSON_Delete(resp);
}

MC_TEST(gg_reach_move_agree, "GG-MOV-1 every reach path is a legal move of the same cost and engagement") {
    const char *base = "{\"system\":\"godsgloom\",\"query\":\"%s\",\"board\":{\"cols\":7,\"rows\":7,\"terrain\":[{\"q\":2,\"r\":4,\"terrain\":\"rubble\"},{\"q\":1,\"r\":1,\"terrain\":\"lake\"}]},"
                       "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":3,\"facing\":0,\"speed\":4,\"traits\":[\"nimble\",\"skirmish\"]},"
                       "{\"id\":\"e1\",\"side\":\"blue\",\"q\":2,\"r\":2,\"facing\":4},{\"id\":\"f\",\"side\":\"red\",\"q\":1,\"r\":4,\"facing\":0},"
                       "{\"id\":\"e2\",\"side\":\"blue\",\"q\":3,\"r\":4,\"facing\":2,\"traits\":[\"lockdown\"]}],\"unit\":\"a\"%s}";
    char buf[4096];
    snprintf(buf, sizeof buf, base, "reach", "");
    cJSON *resp = ask(buf);
    const cJSON *e;
    int n = 0;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(result_of(resp), "hexes")) {
        // The path's hexes as {"q","r"} (a position gives one pair, not both).
        char extra[2048] = ",\"path\":[";
        size_t len = strlen(extra);
        const cJSON *h;
        cJSON_ArrayForEach(h, cJSON_GetObjectItem(e, "path")) {
            len += (size_t)snprintf(extra + len, sizeof extra - len, "%s{\"q\":%d,\"r\":%d}", extra[len - 1] == '[' ? "" : ",",
                                    num(h, "q"), num(h, "r"));
        }
        snprintf(extra + len, sizeof extra - len, "]");
        snprintf(buf, sizeof buf, base, "move", extra);
        cJSON *mv = ask(buf);
        const cJSON *m = result_of(mv);
        MC_CHECK(flag(m, "legal"));
        MC_CHECK_INT(num(m, "cost"), num(e, "cost"));
        MC_CHECK_INT(flag(m, "engaged"), flag(e, "engaged"));
        MC_CHECK_INT(flag(m, "mayMeleeAttack"), flag(e, "mayMeleeAttack"));
        MC_CHECK_STR(str(m, "endedBy"), str(e, "endedBy"));
        cJSON_Delete(mv);
        n++;
    }
    MC_CHECK(n > 20);
    cJSON_Delete(resp);
}

// The message of the answer's GG-EZ-1 trace line about every enemy's zone, or NULL.
static const char *zones_trace(const cJSON *resp) {
    const cJSON *t;
    cJSON_ArrayForEach(t, cJSON_GetObjectItem(result_of(resp), "trace")) {
        const char *m = str(t, "message");
        if (strcmp(str(t, "rule"), "GG-EZ-1") == 0 && m && strncmp(m, "enemy Engagement Zones", 22) == 0) return m;
    }
    return NULL;
}

MC_TEST(gg_zones_trace_circular, "GG-EZ-1 A-GG-1 the zones' trace names Circular Defence only when an enemy has it") {
    const char *base = "{\"system\":\"godsgloom\",\"query\":\"whyNot\",\"board\":{\"cols\":7,\"rows\":7},"
                       "\"units\":[{\"id\":\"a\",\"side\":\"red\",\"q\":0,\"r\":3,\"facing\":0,\"speed\":3},"
                       "{\"id\":\"e\",\"side\":\"blue\",\"q\":4,\"r\":3,\"facing\":3,\"traits\":[%s]}],\"unit\":\"a\",\"to\":{\"q\":6,\"r\":3}}";
    char buf[1024];
    snprintf(buf, sizeof buf, base, "");
    cJSON *plain = ask(buf);
    const char *m = zones_trace(plain);
    MC_CHECK(m != NULL && strstr(m, "front arc of 3 adjacent hexes") != NULL);
    MC_CHECK(m != NULL && strstr(m, "Circular Defence") == NULL);
    cJSON_Delete(plain);
    snprintf(buf, sizeof buf, base, "\"circular defence\"");
    cJSON *circular = ask(buf);
    m = zones_trace(circular);
    MC_CHECK(m != NULL && strstr(m, "all six with Circular Defence") != NULL);
    cJSON_Delete(circular);
}
