// C&C: Ancients rules through the C API: the whole unit table, the terrain table, attachment at
// the start of the turn and sections seen from each side. Expected values are the rulebook's
// (CCA-MV-2, CCA-MV-3, CCA-TER-1), counted by hand.
#include <string.h>

#include "hex/hex.h"
#include "mctest.h"
#include "rules/cc_ancients/cca.h"

static unsigned char board_mem[1 << 16];

typedef struct Fixture {
    McArena arena;
    McEnv env;
    McBoard board;
    CcaPiece pieces[4];
    CcaWorld w;
} Fixture;

// The 13 × 9 board with `n` pieces; red owns the bottom edge, blue the top.
static void setup(Fixture *f, const CcaPiece *pieces, int n) {
    memset(f, 0, sizeof *f);
    f->env.arena = &f->arena;
    MC_CHECK_INT(mc_cca_board_init(&f->board, NULL, board_mem, sizeof board_mem), MC_BOARD_OK);
    if (n > 0) memcpy(f->pieces, pieces, sizeof *pieces * (size_t)n);
    f->w.board = &f->board;
    f->w.side_names[0] = "red";
    f->w.side_names[1] = "blue";
    f->w.side_count = 2;
    f->w.side_top[1] = true;
    f->w.pieces = f->pieces;
    f->w.count = n;
    MC_CHECK(mc_cca_world_init(&f->env, &f->w));
}

static int at(const Fixture *f, int col, int row) { return mc_board_index(&f->board, mc_hex_from_offset((McOffset){col, row})); }

MC_TEST(cca_table, "CCA-MV-2 CCA-MV-3 CCA-LD-1 every type of the table moves its maximum and not one hex more") {
    // Rulebook §8: light foot 2, auxilia 2, warrior 2 (charge), medium and heavy infantry 1, war
    // machine 1, light cavalry 4, barbarian chariot 3, medium cavalry and camels 3, heavy
    // cavalry, cataphracts, elephants and heavy chariots 2, a leader alone 3.
    static const int expected[CCA_TYPE_COUNT] = {2, 2, 2, 2, 2, 1, 1, 1, 4, 4, 3, 3, 3, 2, 2, 2, 3, 2, 3};
    for (int t = 0; t < CCA_TYPE_COUNT; t++) {
        Fixture f;
        // An enemy unit one hex beyond the longest move, so a warrior's charge ends next to it.
        CcaPiece ps[2] = {{"u", 0, (CcaType)t, 0, -1, -1, mc_cca_types[t].blocks}, {"e", 1, CCA_HEAVY_INFANTRY, 0, -1, -1, 4}};
        setup(&f, ps, 0);
        f.pieces[0] = ps[0];
        f.pieces[1] = ps[1];
        f.pieces[0].pos = at(&f, 1, 4);
        f.pieces[1].pos = at(&f, 2 + expected[t], 4);
        f.w.count = 2;
        MC_CHECK(mc_cca_world_init(&f.env, &f.w));
        CcaMover m = mc_cca_mover(&f.w, 0, false);
        MC_CHECK_INT(m.allowance, expected[t]);
        McHex path[6];
        for (int k = 0; k < 6; k++) path[k] = mc_hex_from_offset((McOffset){2 + k, 4});
        CcaPathResult r;
        mc_cca_check_path(&f.env, &m, path, expected[t], &r);
        if (!r.legal) mc_test_fail(__FILE__, __LINE__, "%s: its maximum move is illegal", mc_cca_type_names[t]);
        MC_CHECK_INT(r.end.hexes, expected[t]);
        // One more hex: the enemy's hex for the warrior (blocked), past the allowance for the rest.
        f.pieces[1].pos = at(&f, 11, 0);
        MC_CHECK(mc_cca_world_init(&f.env, &f.w));
        mc_cca_check_path(&f.env, &m, path, expected[t] + 1, &r);
        MC_CHECK(!r.legal);
        MC_CHECK(r.reasons.count == 1 && r.reasons.items[0].action == expected[t]);
        mc_arena_release(&f.arena);
    }
}

MC_TEST(cca_battle_rules, "CCA-MV-2 CCA-MV-3 CCA-LD-1 battle after the full move: auxilia and war machines no, warriors must, leaders never") {
    for (int t = 0; t < CCA_TYPE_COUNT; t++) {
        CcaBattleRule b = mc_cca_types[t].battle;
        CcaBattleRule want = t == CCA_AUXILIA ? CCA_BATTLE_AUXILIA
                           : t == CCA_WARRIOR ? CCA_BATTLE_WARRIOR
                           : t == CCA_HEAVY_WAR_MACHINE ? CCA_BATTLE_NOT_AFTER_MOVE
                           : t == CCA_LEADER ? CCA_BATTLE_NEVER : CCA_BATTLE_ALWAYS;
        MC_CHECK_INT(b, want);
    }
    // Mounted: the cavalry, camels, chariots and elephants; foot: the infantry and war machine.
    for (int t = CCA_LIGHT_CAVALRY; t <= CCA_HEAVY_CATAPHRACTED_CAVALRY; t++) MC_CHECK(mc_cca_types[t].mounted);
    for (int t = CCA_LIGHT_INFANTRY; t <= CCA_HEAVY_WAR_MACHINE; t++) MC_CHECK(!mc_cca_types[t].mounted);
}

MC_TEST(cca_terrain_table, "CCA-TER-1 the terrain table: what stops, forbids and prevents battle for whom") {
    struct { int t; CcaType type; bool forbidden, stops, no_battle; } rows[] = {
        {CCA_CLEAR, CCA_HEAVY_CAVALRY, false, false, false},
        {CCA_FOREST, CCA_HEAVY_INFANTRY, false, true, true},
        {CCA_FOREST, CCA_SLINGER, false, true, false},
        {CCA_FOREST, CCA_AUXILIA, false, true, false},
        {CCA_FOREST, CCA_WARRIOR, false, true, false},
        {CCA_FOREST, CCA_LIGHT_BOW_CAVALRY, false, true, true},
        {CCA_FOREST, CCA_LEADER, false, true, false},
        {CCA_HILL, CCA_ELEPHANT, false, false, false},
        {CCA_BROKEN_GROUND, CCA_MEDIUM_INFANTRY, false, false, false},
        {CCA_BROKEN_GROUND, CCA_HEAVY_WAR_MACHINE, true, false, false},
        {CCA_BROKEN_GROUND, CCA_CAMEL, false, true, true},
        {CCA_BROKEN_GROUND, CCA_LEADER, false, true, false},
        {CCA_RIVER, CCA_LIGHT_INFANTRY, true, false, false},
        {CCA_FORDABLE_RIVER, CCA_HEAVY_CHARIOT, false, true, false},
        {CCA_SEACOAST, CCA_LEADER, true, false, false},
        {CCA_LAKE, CCA_LIGHT_CAVALRY, true, false, false},
        {CCA_FORTIFIED_CAMP, CCA_HEAVY_INFANTRY, false, false, false},
        {CCA_RAMPARTS, CCA_HEAVY_CAVALRY, false, false, false},
        {CCA_MARSH, CCA_MEDIUM_CAVALRY, false, true, false},
        {CCA_MARSH, CCA_HEAVY_WAR_MACHINE, true, false, false},
    };
    for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        CcaTerrainEffect e = mc_cca_terrain_effect(rows[i].t, rows[i].type);
        if (e.forbidden != rows[i].forbidden || (!e.forbidden && (e.stops != rows[i].stops || e.no_battle != rows[i].no_battle)))
            mc_test_fail(__FILE__, __LINE__, "%s entering %s", mc_cca_type_names[rows[i].type], mc_cca_terrain_names[rows[i].t]);
    }
    MC_CHECK(mc_cca_terrain_effect(CCA_MARSH, CCA_LEADER).roll);
}

MC_TEST(cca_attached, "CCA-LD-8 a leader in a friendly unit's hex at the start of the turn is attached; a lone leader is not") {
    Fixture f;
    CcaPiece ps[3] = {{"u", 0, CCA_HEAVY_INFANTRY, 0, -1, -1, 4}, {"L", 0, CCA_LEADER, 0, -1, -1, 1}, {"M", 0, CCA_LEADER, 0, -1, -1, 1}};
    setup(&f, ps, 0);
    memcpy(f.pieces, ps, sizeof ps);
    f.pieces[0].pos = f.pieces[1].pos = at(&f, 6, 6);
    f.pieces[2].pos = at(&f, 7, 6);
    f.w.count = 3;
    MC_CHECK(mc_cca_world_init(&f.env, &f.w));
    MC_CHECK_INT(f.pieces[0].leader, 1);
    MC_CHECK_INT(f.pieces[1].unit, 0);
    MC_CHECK_INT(f.pieces[2].unit, -1);
    // The unit carries its leader; the leader moving alone carries nobody.
    MC_CHECK_INT(mc_cca_mover(&f.w, 0, false).carried, 1);
    MC_CHECK_INT(mc_cca_mover(&f.w, 1, false).carried, -1);
    mc_arena_release(&f.arena);
}

MC_TEST(cca_sections_test, "CCA-MV-1 CCA-LD-5 sections: dotted-line hexes belong to two sections; the top side's left is the bottom side's right") {
    Fixture f;
    setup(&f, NULL, 0);
    MC_CHECK(f.w.has_sections);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 4, 6), 0), MC_CCA_LEFT | MC_CCA_CENTER);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 8, 6), 0), MC_CCA_CENTER | MC_CCA_RIGHT);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 4, 5), 0), MC_CCA_CENTER);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 1, 2), 0), MC_CCA_LEFT);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 1, 2), 1), MC_CCA_RIGHT);
    MC_CHECK_INT(mc_cca_sections(&f.w, at(&f, 10, 2), 1), MC_CCA_LEFT);
    mc_arena_release(&f.arena);
}

MC_TEST(cca_board_hexes, "The board (docs/rules/cc-ancients.md): the C&C Ancients board has 13 x 5 + 12 x 4 = 113 hexes") {
    McBoard b;
    MC_CHECK_INT(mc_cca_board_init(&b, NULL, board_mem, sizeof board_mem), MC_BOARD_OK);
    MC_CHECK_INT(b.count, 13 * 5 + 12 * 4);
    MC_CHECK_INT(MC_CCA_HEX_COUNT, 113);
    McOffset o = {12, 0};
    MC_CHECK(mc_board_index(&b, mc_hex_from_offset(o)) >= 0);
    o.row = 1; // odd rows stop at column 11
    MC_CHECK_INT(mc_board_index(&b, mc_hex_from_offset(o)), -1);
    o.col = 11;
    MC_CHECK(mc_board_index(&b, mc_hex_from_offset(o)) >= 0);
    o.col = 12; o.row = 8;
    MC_CHECK(mc_board_index(&b, mc_hex_from_offset(o)) >= 0);
}

static unsigned sections_at(int col, int row, bool top) {
    McOffset o = {col, row};
    return mc_cca_board_sections(mc_hex_from_offset(o), top);
}

MC_TEST(cca_board_sections, "The board (docs/rules/cc-ancients.md): sections hold 41 hexes each and the 10 dotted-line hexes are in two") {
    McBoard b;
    mc_cca_board_init(&b, NULL, board_mem, sizeof board_mem);
    int left = 0, centre = 0, right = 0, shared = 0, none = 0;
    for (int i = 0; i < b.count; i++) {
        unsigned m = mc_cca_board_sections(b.hexes[i], false);
        left += (m & MC_CCA_LEFT) != 0;
        centre += (m & MC_CCA_CENTER) != 0;
        right += (m & MC_CCA_RIGHT) != 0;
        int bits = ((m & MC_CCA_LEFT) != 0) + ((m & MC_CCA_CENTER) != 0) + ((m & MC_CCA_RIGHT) != 0);
        shared += bits == 2;
        none += bits == 0;
    }
    // Left: 5 even rows × cols 0-4 + 4 odd rows × cols 0-3 = 25 + 16; likewise the others.
    MC_CHECK_INT(left, 41);
    MC_CHECK_INT(centre, 41);
    MC_CHECK_INT(right, 41);
    MC_CHECK_INT(shared, 10);
    MC_CHECK_INT(none, 0);
    MC_CHECK_INT(sections_at(4, 0, false), MC_CCA_LEFT | MC_CCA_CENTER);
    MC_CHECK_INT(sections_at(8, 8, false), MC_CCA_CENTER | MC_CCA_RIGHT);
    MC_CHECK_INT(sections_at(3, 1, false), MC_CCA_LEFT);
    MC_CHECK_INT(sections_at(4, 1, false), MC_CCA_CENTER);
    MC_CHECK_INT(sections_at(7, 1, false), MC_CCA_CENTER);
    MC_CHECK_INT(sections_at(8, 1, false), MC_CCA_RIGHT);
    MC_CHECK_INT(sections_at(0, 4, false), MC_CCA_LEFT);
    MC_CHECK_INT(sections_at(12, 4, false), MC_CCA_RIGHT);
    MC_CHECK_INT(sections_at(6, 4, false), MC_CCA_CENTER);
    // The player at the top sees left and right swapped.
    MC_CHECK_INT(sections_at(0, 4, true), MC_CCA_RIGHT);
    MC_CHECK_INT(sections_at(4, 0, true), MC_CCA_RIGHT | MC_CCA_CENTER);
    MC_CHECK_INT(sections_at(6, 4, true), MC_CCA_CENTER);
    // Off the board.
    MC_CHECK_INT(sections_at(12, 1, false), 0);
    MC_CHECK_INT(sections_at(0, 9, false), 0);
    MC_CHECK_INT(sections_at(-1, 0, false), 0);
    MC_CHECK_INT(sections_at(13, 0, false), 0);
}

// ---- retreats, evades, cards (CCA-RT-*, CCA-EV-*, CCA-CD-1) -----------------------------------

typedef struct Big {
    McArena arena;
    McEnv env;
    McBoard board;
    int terrain[MC_CCA_HEX_COUNT];
    CcaPiece pieces[48];
    CcaWorld w;
} Big;

static unsigned char big_mem[1 << 16];

// The 13 × 9 board with terrain codes `terrain` (NULL: clear); red owns the bottom edge.
static void big_setup(Big *b, const int *terrain) {
    memset(b, 0, sizeof *b);
    b->env.arena = &b->arena;
    if (terrain) memcpy(b->terrain, terrain, sizeof b->terrain);
    MC_CHECK_INT(mc_cca_board_init(&b->board, b->terrain, big_mem, sizeof big_mem), MC_BOARD_OK);
    b->w.board = &b->board;
    b->w.side_names[0] = "red";
    b->w.side_names[1] = "blue";
    b->w.side_count = 2;
    b->w.side_top[1] = true;
    b->w.pieces = b->pieces;
}

static void big_add(Big *b, const char *id, int side, CcaType type, int col, int row) {
    b->pieces[b->w.count++] = (CcaPiece){id, side, type, mc_board_index(&b->board, mc_hex_from_offset((McOffset){col, row})), -1, -1,
                                           mc_cca_types[type].blocks};
}

// True when `to` is one of the two hexes behind `from` for the bottom side (directions 4, 5).
static bool behind(McHex from, McHex to) {
    int d = mc_hex_direction_to(from, to);
    return d == MC_HEX_SOUTH_WEST || d == MC_HEX_SOUTH_EAST;
}

MC_TEST(cca_retreat_open, "CCA-RT-1 light cavalry, 2 flags, 8 hexes from row 2: 2^6 paths to the edge, each 2 hexes short") {
    Big b;
    big_setup(&b, NULL);
    big_add(&b, "lc", 0, CCA_LIGHT_CAVALRY, 6, 2);
    MC_CHECK(mc_cca_world_init(&b.env, &b.w));
    CcaRetreatAsk ask = {0, 2, 0, 3, -1, -1, false};
    CcaRetreatResult res;
    MC_CHECK(mc_cca_retreat(&b.env, &b.w, &ask, &res));
    MC_CHECK_INT(res.hexes, 8);
    MC_CHECK_INT(res.path_count, 64);
    MC_CHECK(!res.truncated);
    MC_CHECK_INT(res.fewest_short, 2);
    for (int i = 0; i < res.path_count; i++) {
        const CcaRetreatPath *p = &res.paths[i];
        MC_CHECK_INT(p->len, 6);
        MC_CHECK_INT(p->short_hexes, 2);
        MC_CHECK_INT(p->blocks_lost, 2);
        MC_CHECK(p->legal && !p->eliminated);
        McHex prev = b.board.hexes[b.pieces[0].pos];
        for (int k = 0; k < p->len; k++) {
            MC_CHECK(behind(prev, p->path[k]));
            prev = p->path[k];
        }
        MC_CHECK_INT(prev.r, 8);
    }
    mc_arena_release(&b.arena);
}

// A hex the retreating unit could enter: on the board, not impassable, no unit, no enemy leader.
static bool enterable(const Big *b, int unit, McHex h) {
    int pos = mc_board_index(&b->board, h);
    if (pos < 0) return false;
    int t = b->board.terrain[pos];
    if (t == CCA_RIVER || t == CCA_SEACOAST || t == CCA_LAKE) return false;
    if (b->w.unit_at[pos] >= 0) return false;
    int l = b->w.leader_at[pos];
    return l < 0 || (b->pieces[l].side == b->pieces[unit].side && b->pieces[unit].leader < 0);
}

MC_TEST(cca_retreat_random, "CCA-RT-1 on 500 random boards every path goes backward, stops only when blocked, and the fewest-loss path is listed") {
    uint64_t seed = 8;
    for (int trial = 0; trial < 500; trial++) {
        Big b;
        int terrain[MC_CCA_HEX_COUNT];
        for (int i = 0; i < MC_CCA_HEX_COUNT; i++) terrain[i] = mc_rng_next(&seed) % 10 == 0 ? CCA_RIVER : CCA_CLEAR;
        big_setup(&b, terrain);
        int ucol = (int)(mc_rng_next(&seed) % 11) + 1, urow = (int)(mc_rng_next(&seed) % 6) + 1;
        static const CcaType types[] = {CCA_LIGHT_INFANTRY, CCA_WARRIOR, CCA_HEAVY_INFANTRY, CCA_LIGHT_CAVALRY, CCA_MEDIUM_CAVALRY};
        CcaType ut = types[mc_rng_next(&seed) % 5];
        big_add(&b, "u", 0, ut, ucol, urow);
        b.terrain[b.pieces[0].pos] = CCA_CLEAR;
        b.board.terrain[b.pieces[0].pos] = CCA_CLEAR;
        bool used[MC_CCA_HEX_COUNT] = {false};
        used[b.pieces[0].pos] = true;
        static const char *ids[] = {"p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11"};
        for (int k = 0; k < 12; k++) {
            int pos = (int)(mc_rng_next(&seed) % MC_CCA_HEX_COUNT);
            if (used[pos] || b.board.terrain[pos] != CCA_CLEAR) continue;
            used[pos] = true;
            McOffset o = mc_hex_to_offset(b.board.hexes[pos]);
            int side = (int)(mc_rng_next(&seed) % 2);
            big_add(&b, ids[k], side, mc_rng_next(&seed) % 3 == 0 ? CCA_LEADER : CCA_HEAVY_INFANTRY, o.col, o.row);
        }
        MC_CHECK(mc_cca_world_init(&b.env, &b.w));
        CcaRetreatAsk ask = {0, (int)(mc_rng_next(&seed) % 3) + 1, 0, mc_cca_types[ut].blocks, -1, 0, false};
        CcaRetreatResult res;
        MC_CHECK(mc_cca_retreat(&b.env, &b.w, &ask, &res));
        MC_CHECK(!res.truncated && res.path_count > 0);
        int fewest = 1000;
        for (int i = 0; i < res.path_count; i++) {
            const CcaRetreatPath *p = &res.paths[i];
            McHex prev = b.board.hexes[b.pieces[0].pos];
            for (int k = 0; k < p->len; k++) {
                MC_CHECK(behind(prev, p->path[k]) && enterable(&b, 0, p->path[k]));
                prev = p->path[k];
            }
            if (p->attaches >= 0) MC_CHECK_INT(p->short_hexes, 0);
            else MC_CHECK_INT(p->len + p->short_hexes, res.hexes);
            // A short path stops only where both hexes behind are closed.
            if (p->short_hexes > 0) {
                MC_CHECK(!enterable(&b, 0, mc_hex_neighbor(prev, MC_HEX_SOUTH_WEST)));
                MC_CHECK(!enterable(&b, 0, mc_hex_neighbor(prev, MC_HEX_SOUTH_EAST)));
                MC_CHECK_INT(p->blocked.count, 2);
            }
            if (p->short_hexes < fewest) fewest = p->short_hexes;
        }
        MC_CHECK_INT(res.fewest_short, fewest);
        MC_CHECK_INT(res.best.short_hexes, fewest);
        for (int i = 0; i < res.path_count; i++) MC_CHECK(res.paths[i].legal == (fewest > 0 || res.paths[i].short_hexes == 0));
        mc_arena_release(&b.arena);
    }
}

MC_TEST(cca_evade_counts, "CCA-EV-1 on open ground a lone leader has 2 + 4 + 8 evade paths, a light unit 4 of 2 hexes") {
    Big b;
    big_setup(&b, NULL);
    big_add(&b, "L", 0, CCA_LEADER, 6, 2);
    big_add(&b, "li", 0, CCA_LIGHT_INFANTRY, 2, 2);
    MC_CHECK(mc_cca_world_init(&b.env, &b.w));
    CcaEvadeResult res;
    MC_CHECK(mc_cca_evade(&b.env, &b.w, 0, -1, &res));
    MC_CHECK_INT(res.path_count, 14);
    int by_len[4] = {0, 0, 0, 0};
    for (int i = 0; i < res.path_count; i++) by_len[res.paths[i].len]++;
    MC_CHECK(by_len[1] == 2 && by_len[2] == 4 && by_len[3] == 8);
    MC_CHECK(mc_cca_evade(&b.env, &b.w, 1, -1, &res));
    MC_CHECK_INT(res.path_count, 4);
    for (int i = 0; i < res.path_count; i++) MC_CHECK_INT(res.paths[i].len, 2);
    mc_arena_release(&b.arena);
}

MC_TEST(cca_card_trace, "CCA-CD-1 each card's effect on a unit appears in the trace") {
    static const struct { CcaCardKind kind; CcaType type; int hexes; } cases[] = {
        {CCA_CARD_DOUBLE_TIME, CCA_MEDIUM_INFANTRY, 2},
        {CCA_CARD_MOUNTED_CHARGE, CCA_HEAVY_CHARIOT, 3},
        {CCA_CARD_LINE_COMMAND, CCA_SLINGER, 1},
        {CCA_CARD_ORDER_LIGHT, CCA_AUXILIA, 2},
        {CCA_CARD_MOVE_FIRE_MOVE, CCA_LIGHT_BOW_INFANTRY, 2},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        Big b;
        big_setup(&b, NULL);
        big_add(&b, "u", 0, cases[c].type, 6, 7);
        MC_CHECK(mc_cca_world_init(&b.env, &b.w));
        CcaCard card = {cases[c].kind, 0, 3, {0}, false, -1, 0};
        int ordered[1] = {0};
        // Straight up the board: (6,6), (6,5), (6,4) from (6,7).
        McHex path[3] = {mc_hex_from_offset((McOffset){6, 6}), mc_hex_from_offset((McOffset){6, 5}), mc_hex_from_offset((McOffset){6, 4})};
        CcaOrderMove mv = {0, path, cases[c].hexes, false};
        CcaOrderResult res;
        MC_CHECK(mc_cca_order(&b.env, &b.w, 0, &card, ordered, 1, &mv, 1, &res));
        if (!res.legal) mc_test_fail(__FILE__, __LINE__, "card %d: %d hexes should be legal", (int)cases[c].kind, cases[c].hexes);
        bool seen = false;
        for (int i = 0; i < b.env.trace_count; i++)
            if (strcmp(b.env.trace[i].rule, "CCA-CD-1") == 0 && b.env.trace[i].unit && strcmp(b.env.trace[i].unit, "u") == 0) seen = true;
        if (!seen) mc_test_fail(__FILE__, __LINE__, "card %d: no CCA-CD-1 trace step for the unit", (int)cases[c].kind);
        // One hex more than the card allows is refused.
        Big b2;
        big_setup(&b2, NULL);
        big_add(&b2, "u", 0, cases[c].type, 6, 7);
        MC_CHECK(mc_cca_world_init(&b2.env, &b2.w));
        McHex longer[4] = {path[0], path[1], path[2], mc_hex_from_offset((McOffset){6, 3})};
        CcaOrderMove mv2 = {0, longer, cases[c].hexes + 1, false};
        MC_CHECK(mc_cca_order(&b2.env, &b2.w, 0, &card, ordered, 1, &mv2, 1, &res));
        MC_CHECK(!res.legal);
        mc_arena_release(&b.arena);
        mc_arena_release(&b2.arena);
    }
}
