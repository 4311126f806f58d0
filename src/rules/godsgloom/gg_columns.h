// The bits of an arrays answer's flags column (MC_COLUMN_FLAGS, src/movecalc.h) for a GODSGLOOM
// reach: the game's own, kept with the game (docs/adding-a-game.md).
#ifndef MC_GG_COLUMNS_H
#define MC_GG_COLUMNS_H

/// The bits of MC_COLUMN_FLAGS for a GODSGLOOM reach (docs/api.md "Arrays").
enum McReachFlag {
    MC_REACH_ENGAGED = 1,     ///< ends engaged
    MC_REACH_NO_MELEE = 2,    ///< no Melee Attack after this move (mayMeleeAttack false)
    MC_REACH_NIMBLE = 4,      ///< relies on Nimble
    MC_REACH_MINIMUM = 8,     ///< a minimum move
    MC_REACH_LANDING = 16,    ///< reached by Teleport or Reposition: no walked path
    MC_REACH_ENDED_BY = 32    ///< ended by a rule, not by the player's choice (endedBy not "choice")
};

#endif
