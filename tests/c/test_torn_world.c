// Torn World rules called directly: the hexon lattice facts the rules rely on, the pass and end
// tables, and properties on 1,000 random boards (no two miniatures share a hex after a move;
// every ejected miniature lands on a free hex at the least distance, checked by brute force).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mctest.h"
#include "rules/torn_world/tw.h"

static unsigned rng_state = 12345u;
static unsigned rnd(unsigned n) {
    rng_state = rng_state * 1103515245u + 12345u;
    return (rng_state >> 8) % n;
}

typedef struct Fixture {
    McArena arena;
    McEnv env;
    McBoard board;
    TwUnit units[64];
    TwMarker markers[8];
    TwWorld w;
} Fixture;

static void fixture_init(Fixture *f, int cols, int rows) {
    memset(f, 0, sizeof *f);
    f->env.arena = &f->arena;
    size_t bytes = mc_board_storage_size(cols * rows);
    void *mem = mc_arena_alloc(&f->arena, bytes);
    MC_CHECK(mc_board_init_grid(&f->board, cols, rows, 0, NULL, mem, bytes) == MC_BOARD_OK);
    f->w.board = &f->board;
    f->w.units = f->units;
    f->w.markers = f->markers;
}

static TwUnit *add_unit(Fixture *f, const char *id, const char *side, TwSize size, McHex at) {
    TwUnit *u = &f->units[f->w.unit_count++];
    memset(u, 0, sizeof *u);
    u->id = id;
    u->side = side;
    u->size = size;
    u->hexon_count = 1;
    u->pos[0] = at;
    u->move = u->run = 3;
    u->engaged = -1;
    return u;
}

MC_TEST(tw_lattice_ring, "TW-EJ-1 A-TW-1 exactly 12 hexes lie next to a hexon, and they are its ring 2") {
    McHex hx[MC_HEXON_HEXES];
    McHex c = mc_hex_make(3, 5);
    MC_CHECK(mc_hexon_is_center(mc_hex_make(0, 0), c));
    mc_hexon_hexes(c, hx);
    int adjacent = 0;
    for (int q = -6; q <= 12; q++)
        for (int r = -2; r <= 12; r++) {
            McHex h = mc_hex_make(q, r);
            bool in = false, next = false;
            for (int i = 0; i < MC_HEXON_HEXES; i++) {
                in = in || mc_hex_equal(h, hx[i]);
                next = next || mc_hex_distance(h, hx[i]) == 1;
            }
            if (!in && next) {
                adjacent++;
                MC_CHECK_INT(mc_hex_distance(h, c), 2);
            }
        }
    MC_CHECK_INT(adjacent, MC_HEXON_RING);
}

MC_TEST(tw_tables, "TW-INF-1 TW-INF-2 TW-LRG-1 TW-HUG-1 TW-EJ-6 pass and eject tables by size and side") {
    TwUnit inf = {.size = TW_INFANTRY}, large = {.size = TW_LARGE}, huge = {.size = TW_HUGE};
    TwUnit inf_ej = {.size = TW_INFANTRY, .ejection = true}, large_ej = {.size = TW_LARGE, .ejection = true};
    MC_CHECK(!mc_tw_can_eject(&inf, &inf));
    MC_CHECK(mc_tw_can_eject(&inf_ej, &inf));
    MC_CHECK(!mc_tw_can_eject(&inf_ej, &large));
    MC_CHECK(mc_tw_can_eject(&large, &inf));
    MC_CHECK(!mc_tw_can_eject(&large, &large));
    MC_CHECK(mc_tw_can_eject(&large_ej, &large));
    MC_CHECK(!mc_tw_can_eject(&large_ej, &huge));
    MC_CHECK(mc_tw_can_eject(&huge, &large));
    MC_CHECK(!mc_tw_can_eject(&huge, &huge));
    MC_CHECK(mc_tw_ejects_infantry(&inf_ej) && !mc_tw_ejects_infantry(&inf) && mc_tw_ejects_infantry(&huge));

    Fixture *f = calloc(1, sizeof *f);
    fixture_init(f, 12, 12);
    add_unit(f, "big", "red", TW_LARGE, mc_hex_make(1, 4));
    add_unit(f, "friend", "red", TW_INFANTRY, mc_hex_make(4, 5));
    add_unit(f, "foe", "blue", TW_INFANTRY, mc_hex_make(6, 6));
    int a, b;
    MC_CHECK(mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK);
    TwSpot s;
    TwVerdict v;
    mc_tw_spot(&f->w, 0, mc_hex_make(2, 1), &s); // hexon (3,5) with the allied infantry
    MC_CHECK(mc_tw_can_pass(&f->w, 0, &s, &v));
    MC_CHECK(mc_tw_can_end(&f->w, 0, &s, TW_CAUSE_ACTION, &v));
    MC_CHECK(!mc_tw_can_end(&f->w, 0, &s, TW_CAUSE_PANIC, &v));
    MC_CHECK_STR(v.rule, "TW-EJ-5");
    mc_tw_spot(&f->w, 0, mc_hex_make(4, 2), &s); // hexon (5,6) with the enemy
    MC_CHECK(!mc_tw_can_pass(&f->w, 0, &s, &v));
    MC_CHECK_STR(v.rule, "TW-LRG-1");
    MC_CHECK(mc_tw_can_end(&f->w, 0, &s, TW_CAUSE_ACTION, &v));
    // The infantry passes under the allied Large but cannot pass the enemy.
    mc_tw_spot(&f->w, 1, mc_hex_make(-2, -1), &s); // (2,4), a hex of the Large's hexon
    MC_CHECK(mc_tw_can_pass(&f->w, 1, &s, &v));
    MC_CHECK(!mc_tw_can_end(&f->w, 1, &s, TW_CAUSE_ACTION, &v));
    MC_CHECK_STR(v.rule, "TW-INF-3");
    mc_tw_spot(&f->w, 1, mc_hex_make(2, 1), &s);
    MC_CHECK(!mc_tw_can_pass(&f->w, 1, &s, &v));
    MC_CHECK_STR(v.rule, "TW-INF-2");
    mc_arena_release(&f->arena);
    free(f);
}

MC_TEST(tw_hexons_connected, "A-TW-1 A-TW-2 a Huge footprint is one cluster of neighbouring hexons") {
    // Hexon direction 0 is (2,1): (0,0) and (2,1) are neighbours, (0,0) and (4,2) are two apart.
    McHex pair[] = {{0, 0}, {2, 1}}, gap[] = {{0, 0}, {4, 2}}, row[] = {{0, 0}, {4, 2}, {2, 1}};
    MC_CHECK(mc_tw_hexons_connected(pair, 2));
    MC_CHECK(!mc_tw_hexons_connected(gap, 2));
    MC_CHECK(mc_tw_hexons_connected(row, 3)); // joined through the one listed last
}

MC_TEST(tw_eject_query, "TW-INF-3 TW-LRG-2 eject refuses an end the size's table forbids, naming who is in the way") {
    Fixture *f = calloc(1, sizeof *f);
    fixture_init(f, 12, 12);
    add_unit(f, "big", "red", TW_LARGE, mc_hex_make(1, 4));
    add_unit(f, "friend", "red", TW_INFANTRY, mc_hex_make(4, 5));
    int a, b;
    MC_CHECK(mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK);
    TwResolution res;
    // Infantry cannot end on (2,4), a hex of the allied Large's hexon.
    MC_CHECK(mc_tw_eject(&f->env, &f->w, 1, mc_hex_make(2, 4), NULL, 0, &res));
    MC_CHECK(!res.legal);
    MC_CHECK_INT(res.n_ejections, 0);
    MC_CHECK_INT(res.reasons.count, 1);
    if (res.reasons.count == 1) {
        const McReason *x = &res.reasons.items[0];
        MC_CHECK_STR(x->rule, "TW-INF-3");
        MC_CHECK_STR(x->unit, "big");
        MC_CHECK(x->has_hex && x->q == 2 && x->r == 4);
    }
    // The Large ends on the hexon (3,5) and ejects the allied Infantry standing on (4,5).
    MC_CHECK(mc_tw_eject(&f->env, &f->w, 0, mc_hex_make(3, 5), NULL, 0, &res));
    MC_CHECK(res.legal);
    MC_CHECK_INT(res.n_ejections, 1);
    if (res.n_ejections == 1) MC_CHECK_INT(res.ejections[0].unit, 1);
    mc_arena_release(&f->arena);
    free(f);
}

MC_TEST(tw_no_room, "TW-EJ-1 TW-HUG-2 an ejection that finds no free hex makes the end illegal") {
    // Three hexons in a row, (0,0), (2,1), (4,2); the first is all Volume Landscape. A Huge on the
    // first two steps onto the last two: the Infantry on (4,2) can only go to the first, and
    // Volume Landscape is not free.
    Fixture *f = calloc(1, sizeof *f);
    McHex hx[3 * MC_HEXON_HEXES];
    int terrain[3 * MC_HEXON_HEXES];
    for (int k = 0; k < 3; k++) mc_hexon_hexes(mc_hex_make(2 * k, k), hx + k * MC_HEXON_HEXES);
    for (int i = 0; i < 3 * MC_HEXON_HEXES; i++) terrain[i] = i < MC_HEXON_HEXES ? TW_VOLUME : TW_OPEN;
    f->env.arena = &f->arena;
    size_t bytes = mc_board_storage_size(3 * MC_HEXON_HEXES);
    MC_CHECK(mc_board_init_hexes(&f->board, hx, terrain, 3 * MC_HEXON_HEXES, mc_arena_alloc(&f->arena, bytes), bytes) ==
             MC_BOARD_OK);
    f->w.board = &f->board;
    f->w.units = f->units;
    f->w.markers = f->markers;
    TwUnit *huge = add_unit(f, "huge", "red", TW_HUGE, mc_hex_make(0, 0));
    huge->hexon_count = 2;
    huge->pos[1] = mc_hex_make(2, 1);
    add_unit(f, "small", "blue", TW_INFANTRY, mc_hex_make(4, 2));
    int a, b;
    MC_CHECK(mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK);
    TwResolution res;
    MC_CHECK(mc_tw_resolve_end(&f->env, &f->w, 0, mc_hex_make(2, 1), NULL, NULL, 0, true, &res));
    MC_CHECK(!res.legal);
    MC_CHECK_INT(res.reasons.count, 1);
    if (res.reasons.count == 1) MC_CHECK_STR(res.reasons.items[0].code, "no_free_hex");
    TwReachOut out;
    MC_CHECK(mc_tw_reach(&f->env, &f->w, 0, TW_CAUSE_ACTION, 1, false, false, &out));
    MC_CHECK_INT(out.n, 0);
    MC_CHECK_INT(out.dropped_no_room, 1);
    mc_arena_release(&f->arena);
    free(f);
}

// Brute force: the least hex distance from `from` to a hex free for an ejected Infantry
// miniature, given the final positions so far.
static int brute_min(const Fixture *f, const int *occ, McHex from, const McHex *fp, int nfp, int *count) {
    int best = 1 << 30;
    *count = 0;
    for (int i = 0; i < f->board.count; i++) {
        McHex h = f->board.hexes[i];
        bool under = false;
        for (int k = 0; k < nfp; k++) under = under || mc_hex_equal(fp[k], h);
        if (under || occ[i] >= 0 || f->w.mark[i] >= 0 || f->board.terrain[i] == TW_VOLUME) continue;
        int d = mc_hex_distance(from, h);
        if (d < best) {
            best = d;
            *count = 0;
        }
        if (d == best) (*count)++;
    }
    return best;
}

MC_TEST(tw_random_boards, "TW-EJ-1 TW-EJ-4 TW-LRG-2 A-TW-3 1,000 random boards: no shared hexes after a move, ejections to the nearest free hexes") {
    int checked_moves = 0, checked_ejections = 0;
    for (int round = 0; round < 1000; round++) {
        Fixture *f = calloc(1, sizeof *f);
        fixture_init(f, 10, 10);
        for (int i = 0; i < f->board.count; i++) f->board.terrain[i] = rnd(10) == 0 ? TW_VOLUME : TW_OPEN;
        static const char *ids[64] = {"m", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "n", "o", "p",
                                      "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"};
        // The mover: a Large miniature on a hexon centre with its 7 hexes on the board, or Infantry
        // with the Ejection ability.
        bool large = rnd(2) == 0;
        int a = 0, b = 0;
        for (int tries = 0; tries < 200; tries++) {
            McHex c = f->board.hexes[rnd((unsigned)f->board.count)];
            if (large && !mc_hexon_is_center(mc_hex_make(0, 0), c)) continue;
            f->w.unit_count = 0;
            TwUnit *m = add_unit(f, ids[0], "red", large ? TW_LARGE : TW_INFANTRY, c);
            m->ejection = !large;
            m->move = 1 + (int)rnd(3);
            if (mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK) break;
            f->w.unit_count = 0;
        }
        if (f->w.unit_count == 0) {
            mc_arena_release(&f->arena);
            free(f);
            continue;
        }
        // 5 to 24 infantry on random free hexes, either side.
        int want = 5 + (int)rnd(20);
        for (int k = 1; k <= want && f->w.unit_count < 26; k++) {
            McHex h = f->board.hexes[rnd((unsigned)f->board.count)];
            add_unit(f, ids[f->w.unit_count], rnd(2) ? "red" : "blue", TW_INFANTRY, h);
            if (mc_tw_world_build(&f->w, &f->arena, &a, &b) != TW_WORLD_OK) f->w.unit_count--;
        }
        MC_CHECK(mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK);
        TwReachOut out;
        MC_CHECK(mc_tw_reach(&f->env, &f->w, 0, TW_CAUSE_ACTION, f->units[0].move, false, false, &out));
        int *occ = malloc(sizeof(int) * (size_t)f->board.count);
        for (int e = 0; e < out.n; e++) {
            const TwReachEntry *t = &out.entries[e];
            const TwResolution *res = &t->effects.end;
            McHex fp[TW_MAX_FOOTPRINT];
            int nfp = mc_tw_footprint(&f->units[0], mc_hex_sub(t->pos, f->units[0].pos[0]), fp);
            // Replay the ejections in order on a fresh map, checking each against brute force.
            for (int i = 0; i < f->board.count; i++) occ[i] = f->w.occ[i] == 0 ? -1 : f->w.occ[i];
            for (int k = 0; k < nfp; k++) occ[mc_board_index(&f->board, fp[k])] = 0;
            bool allies_done = false;
            for (int x = 0; x < res->n_ejections; x++) {
                const TwEjection *ej = &res->ejections[x];
                MC_CHECK(!(allies_done && !ej->enemy)); // TW-EJ-4
                if (ej->enemy) allies_done = true;
                int count;
                int best = brute_min(f, occ, f->units[ej->unit].pos[0], fp, nfp, &count);
                MC_CHECK(ej->placed);
                MC_CHECK_INT(ej->distance, best);
                MC_CHECK_INT(ej->n_cand, count);
                MC_CHECK_INT(mc_hex_distance(ej->to, f->units[ej->unit].pos[0]), best);
                int to = mc_board_index(&f->board, ej->to);
                MC_CHECK(to >= 0 && occ[to] < 0 && f->board.terrain[to] != TW_VOLUME);
                if (to >= 0) occ[to] = ej->unit;
                checked_ejections++;
            }
            // No two miniatures share a hex: every unit appears on exactly its footprint's hexes.
            int seen[64] = {0};
            for (int i = 0; i < f->board.count; i++)
                if (occ[i] >= 0) seen[occ[i]]++;
            for (int u = 1; u < f->w.unit_count; u++) MC_CHECK_INT(seen[u], 1);
            MC_CHECK_INT(seen[0], nfp);
            checked_moves++;
        }
        free(occ);
        mc_arena_release(&f->arena);
        free(f);
    }
    printf("     (%d end positions, %d ejections checked)\n", checked_moves, checked_ejections);
    MC_CHECK(checked_ejections > 100);
}

// Brute force for the reach tie-break: every path of at most `left` more steps from `pos`
// (board index), each prefix checked with the tables; for each end the best path under
// docs/api.md's order (fewest steps, fewest distinct TW-FA-2 attackers, lowest directions).
typedef struct Best {
    int len, attackers;
    int dirs[8];
} Best;

typedef struct Brute {
    Fixture *f;
    bool hexons;
    int dirs[8], at[8];
    Best *best; // [board count], len -1: none
} Brute;

static int brute_attackers(Brute *br, int n) {
    int seen[64] = {0}, count = 0, adj[TW_MAX_ADJ];
    // TW-FA-2: the positions moved through are the path's positions before the last.
    for (int i = 0; i + 1 < n; i++) {
        McHex d = mc_hex_sub(br->f->board.hexes[br->at[i]], br->f->units[0].pos[0]);
        int k = mc_tw_adjacent_enemies(&br->f->w, 0, d, adj);
        for (int a = 0; a < k; a++)
            if (!seen[adj[a]]++) count++;
    }
    return count;
}

static void brute_walk(Brute *br, int pos, int n, int left) {
    Fixture *f = br->f;
    TwSpot s;
    TwVerdict v;
    if (n > 0) {
        mc_tw_spot(&f->w, 0, mc_hex_sub(f->board.hexes[pos], f->units[0].pos[0]), &s);
        bool pass = mc_tw_can_pass(&f->w, 0, &s, &v), end = mc_tw_can_end(&f->w, 0, &s, TW_CAUSE_ACTION, &v);
        if (!pass && !end) return;
        if (end) {
            Best *b = &br->best[pos];
            int att = brute_attackers(br, n);
            bool better = b->len < 0 || n < b->len || (n == b->len && att < b->attackers);
            for (int i = 0; !better && n == b->len && att == b->attackers && i < n; i++) {
                if (br->dirs[i] != b->dirs[i]) {
                    better = br->dirs[i] < b->dirs[i];
                    break;
                }
            }
            if (better) {
                b->len = n;
                b->attackers = att;
                memcpy(b->dirs, br->dirs, sizeof b->dirs);
            }
        }
        if (!pass) return;
    }
    if (left == 0) return;
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
        McHex h = br->hexons ? mc_hexon_neighbor(f->board.hexes[pos], d) : mc_hex_neighbor(f->board.hexes[pos], d);
        int q = mc_board_index(&f->board, h);
        if (q < 0) continue;
        br->dirs[n] = d;
        br->at[n] = q;
        brute_walk(br, q, n + 1, left - 1);
    }
}

MC_TEST(tw_reach_distinct_attackers, "TW-FA-2 TW-MV-1 reach on 500 random boards: each end's path is the shortest, then the one with the fewest distinct attackers, then the lowest directions (brute force)") {
    uint64_t seed = 2024;
    int compared = 0, differs_from_additive = 0;
    static const char *ids[32] = {"m", "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "n", "o", "p",
                                  "q", "r", "s", "t", "u", "v", "w", "x", "y", "z"};
    for (int round = 0; round < 500; round++) {
        Fixture *f = calloc(1, sizeof *f);
        fixture_init(f, 9, 9);
        for (int i = 0; i < f->board.count; i++) f->board.terrain[i] = mc_rng_next(&seed) % 12 == 0 ? TW_VOLUME : TW_OPEN;
        bool large = mc_rng_next(&seed) % 4 == 0;
        int a = 0, b = 0;
        for (int tries = 0; tries < 200; tries++) {
            McHex c = f->board.hexes[mc_rng_next(&seed) % (uint64_t)f->board.count];
            if (large && !mc_hexon_is_center(mc_hex_make(0, 0), c)) continue;
            f->w.unit_count = 0;
            add_unit(f, ids[0], "red", large ? TW_LARGE : TW_INFANTRY, c);
            if (mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK) break;
            f->w.unit_count = 0;
        }
        if (f->w.unit_count == 0) {
            mc_arena_release(&f->arena);
            free(f);
            continue;
        }
        int want = 4 + (int)(mc_rng_next(&seed) % 12);
        for (int k = 1; k <= want && f->w.unit_count < 26; k++) {
            McHex h = f->board.hexes[mc_rng_next(&seed) % (uint64_t)f->board.count];
            bool blue = mc_rng_next(&seed) % 3 != 0;
            add_unit(f, ids[f->w.unit_count], blue ? "blue" : "red", TW_INFANTRY, h);
            if (mc_tw_world_build(&f->w, &f->arena, &a, &b) != TW_WORLD_OK) f->w.unit_count--;
        }
        MC_CHECK(mc_tw_world_build(&f->w, &f->arena, &a, &b) == TW_WORLD_OK);
        int allowance = large ? 1 + (int)(mc_rng_next(&seed) % 2) : 2 + (int)(mc_rng_next(&seed) % 3);
        Brute br = {f, large, {0}, {0}, calloc((size_t)f->board.count, sizeof(Best))};
        for (int i = 0; i < f->board.count; i++) br.best[i].len = -1;
        int start = mc_board_index(&f->board, f->units[0].pos[0]);
        brute_walk(&br, start, 0, allowance);
        TwReachOut out;
        MC_CHECK(mc_tw_reach(&f->env, &f->w, 0, TW_CAUSE_ACTION, allowance, false, false, &out));
        MC_CHECK(out.exact_attacks);
        for (int e = 0; e < out.n; e++) {
            const TwReachEntry *t = &out.entries[e];
            const Best *want_best = &br.best[mc_board_index(&f->board, t->pos)];
            MC_CHECK_INT(t->cost, want_best->len);
            if (t->cost != want_best->len) continue;
            McHex at = f->units[0].pos[0];
            int fa2 = 0;
            for (int i = 0; i < t->effects.n_attacks; i++) fa2 += strcmp(t->effects.attacks[i].rule, "TW-FA-2") == 0;
            MC_CHECK_INT(fa2, want_best->attackers);
            for (int i = 0; i < t->n_path; i++) {
                McHex next = large ? mc_hexon_neighbor(at, want_best->dirs[i]) : mc_hex_neighbor(at, want_best->dirs[i]);
                MC_CHECK(mc_hex_equal(t->path[i], next));
                at = next;
            }
            // How often counting an enemy once per hex would have ranked differently.
            int additive = 0, adj[TW_MAX_ADJ];
            for (int i = 0; i + 1 < t->n_path; i++)
                additive += mc_tw_adjacent_enemies(&f->w, 0, mc_hex_sub(t->path[i], f->units[0].pos[0]), adj);
            differs_from_additive += additive != fa2;
            compared++;
        }
        free(br.best);
        mc_arena_release(&f->arena);
        free(f);
    }
    printf("     (%d ends compared, %d where an enemy is next to two hexes of the path)\n", compared, differs_from_additive);
    MC_CHECK(compared > 1000);
    MC_CHECK(differs_from_additive > 10);
}
