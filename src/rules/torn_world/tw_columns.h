// The bits of an arrays answer's flags column (MC_COLUMN_FLAGS, src/movecalc.h) for a Torn World
// reach: the game's own, kept with the game (docs/adding-a-game.md). The name in backquotes
// opening each comment is the bit's name in REACH_FLAGS of wasm/movecalc.mjs (bin/generate.mjs).
#ifndef MC_TW_COLUMNS_H
#define MC_TW_COLUMNS_H

/// The bits of MC_COLUMN_FLAGS for a Torn World reach (docs/api.md "Arrays"); the bits from
/// MC_TW_REACH_ATTACK_SHIFT up count the free attacks drawn.
enum McTwReachFlag {
    MC_TW_REACH_FREE_ATTACKS = 1,  ///< `freeAttacks`: draws at least one free attack (freeAttacks not empty)
    MC_TW_REACH_EJECTS = 2,        ///< `ejects`: ejects miniatures (ejects not empty)
    MC_TW_REACH_MARKERS = 4,       ///< `ejectsMarkers`: ejects markers (ejectsMarkers not empty)
    MC_TW_REACH_DESTROYS = 8,      ///< `destroyed`: a Huge miniature destroys Volume Landscape (destroyed not empty)
    MC_TW_REACH_ALTERNATIVES = 16, ///< `alternatives`: a longer path draws fewer free attacks or attackers (alternatives)
    MC_TW_REACH_ATTACK_SHIFT = 8   ///< `attackCountShift`: flags >> MC_TW_REACH_ATTACK_SHIFT: the number of free attacks
};

#endif
