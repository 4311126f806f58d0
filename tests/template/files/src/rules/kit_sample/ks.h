// Kit Sample's rules (docs/rules/kit-sample.md): a unit moves up to its allowance in hexes, each
// step costing 1, and cannot enter a hex another unit holds (KS-MV-1).
#ifndef MC_KS_H
#define MC_KS_H

#include "hex/hex_reach.h"

/// The reach search's options for a unit with `allowance` on a board whose hexes `at` (by board
/// index: the unit standing there, or -1) must outlive the search.
McReachOptions mc_ks_reach_options(const int *at, int allowance);

#endif
