// C&C: Ancients rules through the C API: the whole unit table, the terrain table, attachment at
// the start of the turn and sections seen from each side. Expected values are the rulebook's
// (FACTS.md §3.2, §3.4), counted by hand.
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
    MC_CHECK_INT(mc_board_init_cc_ancients(&f->board, NULL, board_mem, sizeof board_mem), MC_BOARD_OK);
    if (n > 0) memcpy(f->pieces, pieces, sizeof *pieces * (size_t)n);
    f->w.board = &f->board;
    f->w.side_names[0] = "red";
    f->w.side_names[1] = "blue";
    f->w.side_count = 2;
    f->w.side_top[1] = true;
    f->w.pieces = f->pieces;
    f->w.count = n;
    MC_CHECK(cca_world_init(&f->env, &f->w));
}

static int at(const Fixture *f, int col, int row) { return mc_board_index_offset(&f->board, (McOffset){col, row}); }

MC_TEST(cca_table, "CCA-MV-2 CCA-MV-3 CCA-LD-1 every type of the table moves its maximum and not one hex more") {
    // Rulebook §8: light foot 2, auxilia 2, warrior 2 (charge), medium and heavy infantry 1, war
    // machine 1, light cavalry 4, barbarian chariot 3, medium cavalry and camels 3, heavy
    // cavalry, cataphracts, elephants and heavy chariots 2, a leader alone 3.
    static const int expected[CCA_TYPE_COUNT] = {2, 2, 2, 2, 2, 1, 1, 1, 4, 4, 3, 3, 3, 2, 2, 2, 3, 2, 3};
    for (int t = 0; t < CCA_TYPE_COUNT; t++) {
        Fixture f;
        // An enemy unit one hex beyond the longest move, so a warrior's charge ends next to it.
        CcaPiece ps[2] = {{"u", 0, (CcaType)t, 0, -1, -1}, {"e", 1, CCA_HEAVY_INFANTRY, 0, -1, -1}};
        setup(&f, ps, 0);
        f.pieces[0] = ps[0];
        f.pieces[1] = ps[1];
        f.pieces[0].pos = at(&f, 1, 4);
        f.pieces[1].pos = at(&f, 2 + expected[t], 4);
        f.w.count = 2;
        MC_CHECK(cca_world_init(&f.env, &f.w));
        CcaMover m = cca_mover(&f.w, 0, false);
        MC_CHECK_INT(m.allowance, expected[t]);
        McHex path[6];
        for (int k = 0; k < 6; k++) path[k] = mc_hex_from_offset((McOffset){2 + k, 4});
        CcaPathResult r;
        cca_check_path(&f.env, &m, path, expected[t], &r);
        if (!r.legal) mc_test_fail(__FILE__, __LINE__, "%s: its maximum move is illegal", cca_type_names[t]);
        MC_CHECK_INT(r.end.hexes, expected[t]);
        // One more hex: the enemy's hex for the warrior (blocked), past the allowance for the rest.
        f.pieces[1].pos = at(&f, 11, 0);
        MC_CHECK(cca_world_init(&f.env, &f.w));
        cca_check_path(&f.env, &m, path, expected[t] + 1, &r);
        MC_CHECK(!r.legal);
        MC_CHECK(r.reasons.count == 1 && r.reasons.items[0].action == expected[t]);
        mc_arena_release(&f.arena);
    }
}

MC_TEST(cca_battle_rules, "CCA-MV-2 CCA-MV-3 CCA-LD-1 battle after the full move: auxilia and war machines no, warriors must, leaders never") {
    for (int t = 0; t < CCA_TYPE_COUNT; t++) {
        CcaBattleRule b = cca_types[t].battle;
        CcaBattleRule want = t == CCA_AUXILIA ? CCA_BATTLE_AUXILIA
                           : t == CCA_WARRIOR ? CCA_BATTLE_WARRIOR
                           : t == CCA_HEAVY_WAR_MACHINE ? CCA_BATTLE_NOT_AFTER_MOVE
                           : t == CCA_LEADER ? CCA_BATTLE_NEVER : CCA_BATTLE_ALWAYS;
        MC_CHECK_INT(b, want);
    }
    // Mounted: the cavalry, camels, chariots and elephants; foot: the infantry and war machine.
    for (int t = CCA_LIGHT_CAVALRY; t <= CCA_HEAVY_CATAPHRACTED_CAVALRY; t++) MC_CHECK(cca_types[t].mounted);
    for (int t = CCA_LIGHT_INFANTRY; t <= CCA_HEAVY_WAR_MACHINE; t++) MC_CHECK(!cca_types[t].mounted);
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
        CcaTerrainEffect e = cca_terrain_effect(rows[i].t, rows[i].type);
        if (e.forbidden != rows[i].forbidden || (!e.forbidden && (e.stops != rows[i].stops || e.no_battle != rows[i].no_battle)))
            mc_test_fail(__FILE__, __LINE__, "%s entering %s", cca_type_names[rows[i].type], cca_terrain_names[rows[i].t]);
    }
    MC_CHECK(cca_terrain_effect(CCA_MARSH, CCA_LEADER).roll);
}

MC_TEST(cca_attached, "CCA-LD-8 a leader in a friendly unit's hex at the start of the turn is attached; a lone leader is not") {
    Fixture f;
    CcaPiece ps[3] = {{"u", 0, CCA_HEAVY_INFANTRY, 0, -1, -1}, {"L", 0, CCA_LEADER, 0, -1, -1}, {"M", 0, CCA_LEADER, 0, -1, -1}};
    setup(&f, ps, 0);
    memcpy(f.pieces, ps, sizeof ps);
    f.pieces[0].pos = f.pieces[1].pos = at(&f, 6, 6);
    f.pieces[2].pos = at(&f, 7, 6);
    f.w.count = 3;
    MC_CHECK(cca_world_init(&f.env, &f.w));
    MC_CHECK_INT(f.pieces[0].leader, 1);
    MC_CHECK_INT(f.pieces[1].unit, 0);
    MC_CHECK_INT(f.pieces[2].unit, -1);
    // The unit carries its leader; the leader moving alone carries nobody.
    MC_CHECK_INT(cca_mover(&f.w, 0, false).carried, 1);
    MC_CHECK_INT(cca_mover(&f.w, 1, false).carried, -1);
    mc_arena_release(&f.arena);
}

MC_TEST(cca_sections_test, "CCA-MV-1 CCA-LD-5 sections: dotted-line hexes belong to two sections; the top side's left is the bottom side's right") {
    Fixture f;
    setup(&f, NULL, 0);
    MC_CHECK(f.w.has_sections);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 4, 6), 0), MC_CCA_LEFT | MC_CCA_CENTER);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 8, 6), 0), MC_CCA_CENTER | MC_CCA_RIGHT);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 4, 5), 0), MC_CCA_CENTER);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 1, 2), 0), MC_CCA_LEFT);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 1, 2), 1), MC_CCA_RIGHT);
    MC_CHECK_INT(cca_sections(&f.w, at(&f, 10, 2), 1), MC_CCA_LEFT);
    mc_arena_release(&f.arena);
}
