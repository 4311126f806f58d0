// The bits of an arrays answer's flags column (MC_COLUMN_FLAGS, src/movecalc.h) for a Commands & Colors: Ancients
// reach: the game's own, kept with the game (docs/adding-a-game.md). The name in backquotes
// opening each comment is the bit's name in REACH_FLAGS of wasm/movecalc.mjs (bin/generate.mjs).
#ifndef MC_CCA_COLUMNS_H
#define MC_CCA_COLUMNS_H

/// The bits of MC_COLUMN_FLAGS for a Commands & Colors: Ancients reach (docs/api.md "Arrays").
enum McCcaReachFlag {
    MC_CCA_REACH_CAN_BATTLE = 1,          ///< `canBattle`: may battle after the move (canBattle)
    MC_CCA_REACH_MUST_BATTLE = 2,         ///< `mustBattle`: must battle (mustBattle)
    MC_CCA_REACH_STOPPED_TERRAIN = 4,     ///< `stoppedByTerrain`: stoppedBy "terrain"
    MC_CCA_REACH_STOPPED_LEADER = 8,      ///< `stoppedByLeader`: stoppedBy "leader"
    MC_CCA_REACH_STOPPED_ALLOWANCE = 16,  ///< `stoppedByAllowance`: stoppedBy "allowance"
    MC_CCA_REACH_ATTACHES = 32,           ///< `attaches`: a leader joins or is picked up (attachesTo, leaderAttaches)
    MC_CCA_REACH_MARSH_ROLL = 64,         ///< `marshRoll`: ends on a marsh: roll on entering (marshRoll)
    MC_CCA_REACH_WARRIOR_CHARGE = 128,    ///< `warriorCharge`: a warrior's two-hex move (warriorCharge)
    MC_CCA_REACH_NEEDS_ENEMY = 256,       ///< `needsAdjacentEnemy`: that move with no enemy unit next to it (needsAdjacentEnemy)
    MC_CCA_REACH_ADJACENT_ENEMY = 512     ///< `adjacentEnemies`: enemy units next to the hex (adjacentEnemies not empty)
};

#endif
