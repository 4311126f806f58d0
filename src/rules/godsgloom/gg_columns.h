// The bits of an arrays answer's flags column (MC_COLUMN_FLAGS, src/movecalc.h) for a GODSGLOOM
// reach: the game's own, kept with the game (docs/adding-a-game.md). The name in backquotes
// opening each comment is the bit's name in REACH_FLAGS of wasm/movecalc.mjs (bin/generate.mjs).
#ifndef MC_GG_COLUMNS_H
#define MC_GG_COLUMNS_H

/// The bits of MC_COLUMN_FLAGS for a GODSGLOOM reach (docs/api.md "Arrays").
enum McReachFlag {
    MC_REACH_ENGAGED = 1,     ///< `engaged`: ends engaged
    MC_REACH_NO_MELEE = 2,    ///< `noMelee`: no Melee Attack after this move (mayMeleeAttack false)
    MC_REACH_NIMBLE = 4,      ///< `nimble`: relies on Nimble
    MC_REACH_MINIMUM = 8,     ///< `minimumMove`: a minimum move
    MC_REACH_LANDING = 16,    ///< `landing`: reached by Teleport or Reposition: no walked path
    MC_REACH_ENDED_BY = 32    ///< `endedBy`: ended by a rule, not by the player's choice (endedBy not "choice")
};

#endif
