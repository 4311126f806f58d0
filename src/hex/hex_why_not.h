// The answer to a hex `whyNot` question (docs/api.md "whyNot"), as a game's rules work it out
// (src/rules/<game>/) and json/write_reach.h writes it. No JSON here.
#ifndef MC_HEX_WHY_NOT_H
#define MC_HEX_WHY_NOT_H

#include <stdbool.h>

#include "core/env.h"
#include "hex/hex.h"

/// Whether the unit can end its move on `to`, with the cost and path `reach` gives when it can,
/// the reasons when it cannot, and the same question with the other units removed (`what_if`).
typedef struct McWhyNot {
    McHex to;
    bool reachable;
    int cost;             ///< when reachable
    const McHex *path;    ///< when reachable: the hexes entered, `to` last
    int path_len;
    McReasons reasons;    ///< when not reachable
    int needs;            ///< >= 0: the points or hexes the cheapest open path would need,
                          ///< written on the last reason (the one saying they are short), else -1
    bool has_what_if;
    bool what_if_reachable;
    int what_if_cost;
    const McHex *what_if_path;
    int what_if_len;
} McWhyNot;

/// Appends a reason of another answer (a move check, an action's restrictions) to `w`'s reasons,
/// without its step index. Returns 0 when memory runs out.
int mc_why_not_copy_reason(McEnv *env, McWhyNot *w, const McReason *from);

#endif
