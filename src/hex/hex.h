// Umbrella header of the hex-board core: axial coordinates and odd-r offsets (hex_coord.h),
// boards (hex_board.h), Torn World hexons (hexon.h) and the reach search every hex rule set
// drives (hex_reach.h). No JSON and no game rules live in src/hex/: a game's own board, preset
// and sections, lives in its folder of src/rules/.
#ifndef MC_HEX_H
#define MC_HEX_H

#include "hex/hex_board.h"
#include "hex/hex_coord.h"
#include "hex/hex_reach.h"
#include "hex/hexon.h"

#endif
