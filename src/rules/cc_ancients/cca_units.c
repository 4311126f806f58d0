// The unit table (rulebook §2, §8; CCA-MV-2, CCA-MV-3), terrain effects (rulebook §16; CCA-TER-1),
// the board's occupancy and sections.
#include <string.h>

#include "rules/cc_ancients/cca.h"

const CcaTypeInfo mc_cca_types[CCA_TYPE_COUNT] = {
    // Foot (rulebook §8 "Foot Unit Movement").
    [CCA_LIGHT_INFANTRY] = {"light infantry", false, CCA_WEIGHT_LIGHT, 2, CCA_BATTLE_ALWAYS, true, 4},
    [CCA_LIGHT_BOW_INFANTRY] = {"light bow infantry", false, CCA_WEIGHT_LIGHT, 2, CCA_BATTLE_ALWAYS, true, 4},
    [CCA_SLINGER] = {"slinger", false, CCA_WEIGHT_LIGHT, 2, CCA_BATTLE_ALWAYS, true, 4},
    [CCA_AUXILIA] = {"auxilia", false, CCA_WEIGHT_LIGHT, 2, CCA_BATTLE_AUXILIA, true, 4},
    [CCA_WARRIOR] = {"warrior", false, CCA_WEIGHT_MEDIUM, 2, CCA_BATTLE_WARRIOR, true, 4},
    [CCA_MEDIUM_INFANTRY] = {"medium infantry", false, CCA_WEIGHT_MEDIUM, 1, CCA_BATTLE_ALWAYS, false, 4},
    [CCA_HEAVY_INFANTRY] = {"heavy infantry", false, CCA_WEIGHT_HEAVY, 1, CCA_BATTLE_ALWAYS, false, 4},
    [CCA_HEAVY_WAR_MACHINE] = {"heavy war machine", false, CCA_WEIGHT_HEAVY, 1, CCA_BATTLE_NOT_AFTER_MOVE, false, 2},
    // Mounted (rulebook §8 "Mounted Unit Movement").
    [CCA_LIGHT_CAVALRY] = {"light cavalry", true, CCA_WEIGHT_LIGHT, 4, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_LIGHT_BOW_CAVALRY] = {"light bow cavalry", true, CCA_WEIGHT_LIGHT, 4, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_BARBARIAN_CHARIOT] = {"barbarian chariot", true, CCA_WEIGHT_LIGHT, 3, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_MEDIUM_CAVALRY] = {"medium cavalry", true, CCA_WEIGHT_MEDIUM, 3, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_CAMEL] = {"camel", true, CCA_WEIGHT_MEDIUM, 3, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_HEAVY_CAVALRY] = {"heavy cavalry", true, CCA_WEIGHT_HEAVY, 2, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_ELEPHANT] = {"elephant", true, CCA_WEIGHT_HEAVY, 2, CCA_BATTLE_ALWAYS, false, 2},
    [CCA_HEAVY_CHARIOT] = {"heavy chariot", true, CCA_WEIGHT_HEAVY, 2, CCA_BATTLE_ALWAYS, false, 2},
    [CCA_CATAPHRACTED_CAMEL] = {"cataphracted camel", true, CCA_WEIGHT_MEDIUM, 3, CCA_BATTLE_ALWAYS, false, 3},
    [CCA_HEAVY_CATAPHRACTED_CAVALRY] = {"heavy cataphracted cavalry", true, CCA_WEIGHT_HEAVY, 2, CCA_BATTLE_ALWAYS, false, 3},
    // A leader moving alone: 1 to 3 hexes, never battles alone (rulebook §8 "Leader Movement").
    [CCA_LEADER] = {"leader", false, CCA_WEIGHT_NONE, 3, CCA_BATTLE_NEVER, false, 1},
};

bool mc_cca_is_light_foot(CcaType t) {
    return t == CCA_LIGHT_INFANTRY || t == CCA_LIGHT_BOW_INFANTRY || t == CCA_SLINGER || t == CCA_AUXILIA;
}

bool mc_cca_has_missiles(CcaType t) {
    return mc_cca_is_light_foot(t) || t == CCA_LIGHT_CAVALRY || t == CCA_LIGHT_BOW_CAVALRY || t == CCA_HEAVY_WAR_MACHINE;
}

bool mc_cca_is_light(CcaType t) { return t != CCA_LEADER && mc_cca_types[t].weight == CCA_WEIGHT_LIGHT; }

bool mc_cca_is_foot(CcaType t) { return t != CCA_LEADER && !mc_cca_types[t].mounted; }

bool mc_cca_is_mounted(CcaType t) { return t != CCA_LEADER && mc_cca_types[t].mounted; }

bool mc_cca_is_camel(CcaType t) { return t == CCA_CAMEL || t == CCA_CATAPHRACTED_CAMEL; }

bool mc_cca_is_cavalry_or_chariot(CcaType t) { return mc_cca_is_mounted(t) && t != CCA_ELEPHANT && !mc_cca_is_camel(t); }

const char *const mc_cca_type_names[CCA_TYPE_COUNT + 1] = {
    "light infantry", "light bow infantry", "slinger", "auxilia", "warrior", "medium infantry",
    "heavy infantry", "heavy war machine", "light cavalry", "light bow cavalry", "barbarian chariot",
    "medium cavalry", "camel", "heavy cavalry", "elephant", "heavy chariot", "cataphracted camel",
    "heavy cataphracted cavalry", "leader", NULL,
};

const char *const mc_cca_terrain_names[CCA_TERRAIN_COUNT + 1] = {
    "clear", "forest", "hill", "broken ground", "river", "fordable river", "seacoast", "lake",
    "fortified camp", "ramparts", "marsh", NULL,
};

CcaTerrainEffect mc_cca_terrain_effect(int t, CcaType type) {
    CcaTerrainEffect e = {false, false, false, false};
    bool leader = type == CCA_LEADER;
    bool mounted = !leader && mc_cca_types[type].mounted;
    bool war_machine = type == CCA_HEAVY_WAR_MACHINE;
    switch (t) {
    case CCA_FOREST:
        // Forest: every unit and leader stops; only light foot, auxilia and warriors may battle.
        e.stops = true;
        e.no_battle = !leader && !mc_cca_types[type].forest_fighter;
        break;
    case CCA_BROKEN_GROUND:
        // Broken ground: war machines may not enter; mounted units and lone leaders stop, and
        // mounted units may not battle that turn; other foot are not restricted.
        e.forbidden = war_machine;
        e.stops = mounted || leader;
        e.no_battle = mounted;
        break;
    case CCA_RIVER:
    case CCA_SEACOAST:
    case CCA_LAKE:
        // Rivers (unless fordable), seacoast and lake shore are impassable.
        e.forbidden = true;
        break;
    case CCA_FORDABLE_RIVER:
        // A fordable river stops every unit and leader; they may still battle.
        e.stops = true;
        break;
    case CCA_MARSH:
        // Marsh: war machines may not enter; everyone else stops and rolls a die.
        e.forbidden = war_machine;
        e.stops = true;
        e.roll = true;
        break;
    default:
        // Clear, hill, fortified camp and ramparts do not restrict movement.
        break;
    }
    return e;
}

int mc_cca_world_init(McEnv *env, CcaWorld *w) {
    int n = w->board->count;
    w->unit_at = MC_NEW(env->arena, int, n > 0 ? n : 1);
    w->leader_at = MC_NEW(env->arena, int, n > 0 ? n : 1);
    if (!w->unit_at || !w->leader_at) return 0;
    for (int i = 0; i < n; i++) w->unit_at[i] = w->leader_at[i] = -1;
    for (int i = 0; i < w->count; i++) {
        CcaPiece *p = &w->pieces[i];
        p->leader = p->unit = -1;
        if (p->type == CCA_LEADER) w->leader_at[p->pos] = i;
        else w->unit_at[p->pos] = i;
    }
    // A leader in the same hex as a friendly unit at the start of the turn is attached (CCA-LD-8).
    for (int i = 0; i < w->count; i++) {
        CcaPiece *p = &w->pieces[i];
        if (p->type != CCA_LEADER) continue;
        int u = w->unit_at[p->pos];
        if (u >= 0 && w->pieces[u].side == p->side) {
            p->unit = u;
            w->pieces[u].leader = i;
        }
    }
    w->has_sections = w->board->cols == MC_CCA_COLS && w->board->rows == MC_CCA_ROWS &&
                      w->board->count == MC_CCA_HEX_COUNT;
    return 1;
}

unsigned mc_cca_sections(const CcaWorld *w, int pos, int side) {
    if (!w->has_sections || pos < 0 || pos >= w->board->count) return 0;
    return mc_cca_board_sections(w->board->hexes[pos], w->side_top[side]);
}

int mc_cca_adjacent_enemies(const CcaWorld *w, int pos, int side, int *out, int cap) {
    int n = 0;
    for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
        int nb = mc_board_neighbor(w->board, pos, d);
        if (nb < 0) continue;
        int u = w->unit_at[nb];
        if (u < 0 || w->pieces[u].side == side) continue;
        if (n < cap) out[n] = u;
        n++;
    }
    return n;
}
