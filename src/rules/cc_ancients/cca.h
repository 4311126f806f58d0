// Commands & Colors: Ancients movement (docs/rules/cc-ancients.md: CCA-MV-*, CCA-TER-1, CCA-LD-*,
// CCA-RT-*, CCA-EV-*, CCA-CD-1): the unit table, terrain effects, one unit's or one leader's move
// (every reachable hex, or a proposed path checked step by step), a whole order with leaders
// attaching and detaching and the command cards that change movement, retreats and evades.
// No JSON here: the JSON layer (src/json/sys_cc_ancients.c) builds a CcaWorld and reads results.
#ifndef MC_CCA_H
#define MC_CCA_H

#include <stdbool.h>

#include "core/env.h"
#include "hex/hex.h"
#include "hex/hex_why_not.h"
#include "rules/cc_ancients/cca_board.h"

/// Unit types, in docs/api/cc-ancients.md's order, then the two cataphracted types (CCA-MV-3), then
/// the leader (who is not a unit).
typedef enum CcaType {
    CCA_LIGHT_INFANTRY,
    CCA_LIGHT_BOW_INFANTRY,
    CCA_SLINGER,
    CCA_AUXILIA,
    CCA_WARRIOR,
    CCA_MEDIUM_INFANTRY,
    CCA_HEAVY_INFANTRY,
    CCA_HEAVY_WAR_MACHINE,
    CCA_LIGHT_CAVALRY,
    CCA_LIGHT_BOW_CAVALRY,
    CCA_BARBARIAN_CHARIOT,
    CCA_MEDIUM_CAVALRY,
    CCA_CAMEL,
    CCA_HEAVY_CAVALRY,
    CCA_ELEPHANT,
    CCA_HEAVY_CHARIOT,
    CCA_CATAPHRACTED_CAMEL,
    CCA_HEAVY_CATAPHRACTED_CAVALRY,
    CCA_LEADER,
    CCA_TYPE_COUNT
} CcaType;

/// The class a card orders by and hits score on (rulebook §8).
typedef enum CcaWeight { CCA_WEIGHT_LIGHT, CCA_WEIGHT_MEDIUM, CCA_WEIGHT_HEAVY, CCA_WEIGHT_NONE } CcaWeight;

/// Whether a type may battle after moving (CCA-MV-2, CCA-MV-3).
typedef enum CcaBattleRule {
    CCA_BATTLE_ALWAYS,          ///< may battle after any move
    CCA_BATTLE_AUXILIA,         ///< 1 hex and battle, or 2 hexes and no battle
    CCA_BATTLE_WARRIOR,         ///< 2 hexes only to end adjacent to an enemy unit; then must battle
    CCA_BATTLE_NOT_AFTER_MOVE,  ///< heavy war machine: no battle after moving
    CCA_BATTLE_NEVER,           ///< a leader alone
} CcaBattleRule;

/// One row of the unit table.
typedef struct CcaTypeInfo {
    const char *name;      ///< lower-case singular, as in requests
    bool mounted;          ///< mounted (else foot; the leader is neither)
    CcaWeight weight;
    int move;              ///< most hexes it may move
    CcaBattleRule battle;
    bool forest_fighter;   ///< may battle after entering a forest (light foot, auxilia, warriors)
    int blocks;            ///< blocks of a full-strength unit (rulebook §2); a leader is 1
} CcaTypeInfo;

/// The unit table, indexed by CcaType.
extern const CcaTypeInfo mc_cca_types[CCA_TYPE_COUNT];
/// Type names by CcaType, NULL-terminated (for the JSON enum reader).
extern const char *const mc_cca_type_names[CCA_TYPE_COUNT + 1];

/// Terrain codes; code 0 is open ground.
typedef enum CcaTerrain {
    CCA_CLEAR,
    CCA_FOREST,
    CCA_HILL,
    CCA_BROKEN_GROUND,
    CCA_RIVER,
    CCA_FORDABLE_RIVER,
    CCA_SEACOAST,
    CCA_LAKE,
    CCA_FORTIFIED_CAMP,
    CCA_RAMPARTS,
    CCA_MARSH,
    CCA_TERRAIN_COUNT
} CcaTerrain;

/// Terrain names by code, NULL-terminated.
extern const char *const mc_cca_terrain_names[CCA_TERRAIN_COUNT + 1];

/// What entering a terrain means for a mover (CCA-TER-1).
typedef struct CcaTerrainEffect {
    bool forbidden;  ///< may not enter (impassable, or closed to this type)
    bool stops;      ///< movement ends on entering
    bool no_battle;  ///< a unit that entered may not battle this turn
    bool roll;       ///< a marsh: a die is rolled on entering (not resolved here)
} CcaTerrainEffect;

/// The effect of entering terrain `t` for a mover of type `type` (CCA_LEADER: a lone leader).
CcaTerrainEffect mc_cca_terrain_effect(int t, CcaType type);

/// Light units for Order Light Troops and Move-Fire-Move (rulebook §18): light infantry, light
/// bow infantry, slingers, auxilia, light cavalry, light bow cavalry, barbarian chariots.
bool mc_cca_is_light(CcaType t);
/// Units with missile weapons, the only ones that make ranged combat (rulebook §2 unit summaries):
/// light foot (light infantry, light bow infantry, slingers, auxilia), light cavalry, light bow
/// cavalry and war machines.
bool mc_cca_has_missiles(CcaType t);
/// Light foot: light infantry, light bow infantry, slingers and auxilia.
bool mc_cca_is_light_foot(CcaType t);
/// Foot units (not the leader).
bool mc_cca_is_foot(CcaType t);
/// Mounted units.
bool mc_cca_is_mounted(CcaType t);
/// Cavalry and chariots, the units elephants and camels drive back further (rulebook §11):
/// every cavalry type and both chariots, not camels or elephants.
bool mc_cca_is_cavalry_or_chariot(CcaType t);
/// Camels and cataphracted camels.
bool mc_cca_is_camel(CcaType t);

/// A unit or a leader on the board.
typedef struct CcaPiece {
    const char *id;
    int side;     ///< 0 or 1, index into CcaWorld.side_names
    CcaType type;
    int pos;      ///< board index
    int leader;   ///< units: the attached leader's piece index, or -1
    int unit;     ///< leaders: the piece index of the unit it is attached to, or -1
    int blocks;   ///< blocks it had when the current combat began (full strength unless given)
} CcaPiece;

/// The board and everything on it. Pieces may be moved in place (orders do).
typedef struct CcaWorld {
    const McBoard *board;
    bool has_sections;         ///< the board is the 13 × 9 C&C board, so hexes have sections
    const char *side_names[2]; ///< the sides, in the order first named
    int side_count;
    bool side_top[2];          ///< the side's own edge (baseline) is the top edge, row 0
    CcaPiece *pieces;
    int count;
    int *unit_at;   ///< [board->count] piece index of the unit on a hex, or -1
    int *leader_at; ///< [board->count] piece index of the leader on a hex, or -1
} CcaWorld;

/// Builds the occupancy maps of `w` (board, pieces and sides already set) from the pieces'
/// positions and attaches each leader standing with a friendly unit (CCA-LD-8). Returns 0 when
/// memory ran out. The caller has checked that no hex holds two units or two leaders and that no
/// leader shares a hex with an enemy unit.
int mc_cca_world_init(McEnv *env, CcaWorld *w);

/// Sections (MC_CCA_* mask) of board index `pos` as side `side` sees them; 0 without sections.
unsigned mc_cca_sections(const CcaWorld *w, int pos, int side);

/// What a move that ends on a hex means.
typedef struct CcaEnd {
    int hexes;            ///< hexes moved
    bool can_battle;
    bool must_battle;     ///< warriors after a two-hex move (CCA-MV-2)
    const char *no_battle_rule; ///< clause that forbids battle, when !can_battle
    const char *stopped_by;     ///< "terrain", "leader", "allowance", or NULL (could go on)
    int attaches;         ///< a unit mover: the lone leader it picks up; a leader: the unit joined; -1
    bool roll;            ///< ended on a marsh: roll on entering
    bool warrior_charge;  ///< a warrior's two-hex move, legal only next to an enemy unit
    bool needs_enemy;     ///< warrior_charge with no enemy unit adjacent (only with ignore_units)
} CcaEnd;

/// The mover and what it ignores.
typedef struct CcaMover {
    const CcaWorld *w;
    int piece;         ///< the unit or leader moving
    int carried;       ///< the leader moving with the unit, or -1
    bool ignore_units; ///< what-if: as if no other piece were on the board
    int allowance;     ///< most hexes it may move this time
    const char *allowance_rule;
    bool pass_friends; ///< a unit may pass through (never end on) friendly units (CCA-CD-1)
    CcaBattleRule battle; ///< battle after moving: the table's, or as a card changes it
} CcaMover;

/// Prepares a mover: a unit carries its attached leader; a leader moves alone (detaching from
/// its unit if attached). The allowance is the table's, 1 when leaving a marsh (CCA-TER-1).
CcaMover mc_cca_mover(const CcaWorld *w, int piece, bool ignore_units);

/// One hex a mover can end on.
typedef struct CcaReachHex {
    int pos;      ///< board index
    McHex hex;
    int parent;   ///< board index of the previous hex (the start for the first step)
    McHex *path;  ///< hexes entered, first step first, this hex last
    int path_len;
    CcaEnd end;
} CcaReachHex;

/// Every hex `m` can end on other than its start, in board order, with the best path under the
/// docs/api.md tie-break. Returns 0 when memory ran out.
int mc_cca_reach(McEnv *env, const CcaMover *m, CcaReachHex **out, int *count);

/// The outcome of a proposed path.
typedef struct CcaPathResult {
    bool legal;
    McReasons reasons; ///< the first illegal step's reasons (action = step index)
    int final_pos;     ///< where the mover stands: the end of the path, or the start when illegal
    CcaEnd end;        ///< valid when legal
} CcaPathResult;

/// Checks the path (hexes entered, in order) of `m` step by step against the board as it is.
void mc_cca_check_path(McEnv *env, const CcaMover *m, const McHex *path, int n, CcaPathResult *res);

/// whyNot (CCA-MV-4, docs/api/cc-ancients.md): whether `m` can end its move on `w->to` (set by the
/// caller, with `w->needs` -1), given its reach `hexes`; when it cannot, the first rule in the way
/// and, unless `m` ignores the other pieces, the answer without them (`whatIf`). Returns 0 when
/// memory ran out.
int mc_cca_why_not(McEnv *env, const CcaMover *m, const CcaReachHex *hexes, int n, McWhyNot *w);

/// Enemy units adjacent to board index `pos` for side `side`, written into out[0..cap); returns
/// how many there are.
int mc_cca_adjacent_enemies(const CcaWorld *w, int pos, int side, int *out, int cap);

// ---- Orders ------------------------------------------------------------------------------------

typedef enum CcaCardKind {
    CCA_CARD_SECTION,    ///< Order N Units Left / Center / Right
    CCA_CARD_MOUNTED,    ///< Order Mounted Troops
    CCA_CARD_SPARTACUS,  ///< I am Spartacus
    CCA_CARD_LEADERSHIP, ///< Leadership Any Section / Inspired Leadership
    CCA_CARD_DOUBLE_TIME,    ///< up to 4 linked foot units; 2 hexes and close combat (CCA-CD-1)
    CCA_CARD_MOUNTED_CHARGE, ///< mounted units = Command; heavy ones move 3 and battle (CCA-CD-1)
    CCA_CARD_LINE_COMMAND,   ///< a linked group of foot units, each 1 hex at most (CCA-CD-1)
    CCA_CARD_ORDER_LIGHT,    ///< light units = Command; light foot pass friends (CCA-CD-1)
    CCA_CARD_MOVE_FIRE_MOVE, ///< light units = Command; move, fire, move again (CCA-CD-1)
} CcaCardKind;

/// Battle dice symbols (I am Spartacus rolls dice equal to Command).
typedef enum CcaDie { CCA_DIE_LIGHT, CCA_DIE_MEDIUM, CCA_DIE_HEAVY, CCA_DIE_LEADER, CCA_DIE_FLAG, CCA_DIE_SWORDS, CCA_DIE_COUNT } CcaDie;

/// The command card played.
typedef struct CcaCard {
    CcaCardKind kind;
    unsigned section;   ///< MC_CCA_* bit: a section card's section, an Inspired card's; 0 = any
    int orders;         ///< section: orders; mounted: Command; spartacus without dice: orders
    int dice[CCA_DIE_COUNT]; ///< spartacus: symbols rolled
    bool has_dice;
    int leader;         ///< leadership: the leader whose command it is, or -1 (one unit of choice)
    int linked;         ///< leadership: adjacent linked hexes (3, Inspired 4)
} CcaCard;

/// One move of an order, in the sequence played.
typedef struct CcaOrderMove {
    int piece;
    const McHex *path;
    int n;
    bool second; ///< Move-Fire-Move: the move after all ranged combat
} CcaOrderMove;

/// What happened to one move.
typedef struct CcaMoveOutcome {
    int piece;
    bool legal;
    McReasons reasons;
    int from, to;     ///< board indices before and after
    int carried;      ///< the leader that moved with the unit, or -1
    CcaEnd end;
} CcaMoveOutcome;

/// Battle eligibility of one ordered unit after all moves: what its move, the card and the unit
/// allow together.
typedef struct CcaBattleEntry {
    int piece;
    bool can_battle;    ///< close_combat || ranged_combat
    bool must_battle;
    const char *no_battle_rule; ///< the first of no_battle's rules, when !can_battle
    McReasons no_battle; ///< when !can_battle: what forbids each kind of combat (the move, the card, the unit)
    int hexes;
    bool close_combat;  ///< the move and the card allow close combat (Move-Fire-Move does not)
    bool ranged_combat; ///< the move and the card allow ranged combat and the unit has missile weapons
    int extra_dice;     ///< battle dice the card adds (Mounted Charge: close combat; I am Spartacus)
} CcaBattleEntry;

/// The whole order's outcome. The world is left as the legal moves made it.
typedef struct CcaOrderResult {
    bool legal;
    McReasons reasons;  ///< order-level reasons, then each illegal move's (action = move index)
    int orders_used, orders_allowed;
    CcaMoveOutcome *moves; ///< [move count]
    CcaBattleEntry *battle;
    int battle_count;
} CcaOrderResult;

/// Plays an order for `side`: `ordered` lists the pieces given an order (an attached leader
/// listed on its own is ordered to detach), `moves` the moves in sequence. Mutates `w`.
/// Returns 0 when memory ran out.
int mc_cca_order(McEnv *env, CcaWorld *w, int side, const CcaCard *card, const int *ordered,
              int ordered_count, const CcaOrderMove *moves, int move_count, CcaOrderResult *res);

// ---- Retreat and evade (rulebook §12-14, CCA-RT-*, CCA-EV-*) ----------------------------

/// Listed paths are capped here (an output cap: on the 13 x 9 board a retreat has at most 2^8
/// paths, so the cap is never reached there); the result says when paths were left out.
#define CCA_MAX_LISTED_PATHS 256

/// One way a flag may be disregarded (CCA-RT-2).
typedef struct CcaFlagIgnore {
    const char *means;    ///< "leader", "support", "terrain", "full strength", "elephant"
    const char *rule;
    int pieces[MC_HEX_DIRECTIONS]; ///< the leader, or the supporting units and lone leaders
    int piece_count;
    const char *terrain;  ///< terrain name for "terrain"
    bool conditional;     ///< leader: only if he survives the leader casualty check
} CcaFlagIgnore;

/// What hit the unit and what its owner chooses.
typedef struct CcaRetreatAsk {
    int piece;          ///< the unit retreating
    int flags;          ///< flags rolled against it
    int hits;           ///< blocks it lost to hits in this combat (before the retreat)
    int blocks;         ///< blocks it had when the combat began (full strength unless given)
    int attacker;       ///< the attacking unit, or -1
    int ignore;         ///< flags the owner chooses to disregard, or -1 for as many as allowed
    bool across_rampart; ///< attacked across a rampart hexside
} CcaRetreatAsk;

/// One retreat path (CCA-RT-1).
typedef struct CcaRetreatPath {
    McHex *path;        ///< hexes entered, first step first
    int len;
    int final_pos;      ///< board index where the unit ends
    int short_hexes;    ///< retreat hexes it could not make
    int blocks_lost;    ///< blocks the unit loses for them (an elephant's blockers lose instead)
    int attaches;       ///< the lone friendly leader it stopped on, or -1
    McReasons blocked;  ///< why each rear hex of the last hex could not be entered (when short)
    int *blockers;      ///< elephant: units and lone enemy leaders that lose blocks instead
    int blocker_count;
    int marsh_rolls;    ///< marsh hexes entered: one die each
    bool eliminated;    ///< the blocks lost remove its last block
    int leader_check;   ///< attached leader's casualty check for the blocks lost: 0 none, 2 dice, or 1 die (unit gone)
    bool legal;         ///< false when a path without unfulfilled hexes exists
} CcaRetreatPath;

/// The whole retreat.
typedef struct CcaRetreatResult {
    bool legal;
    McReasons reasons;
    int blocks_left;    ///< after the hits
    bool eliminated;    ///< the hits removed the last block: no retreat
    CcaFlagIgnore ignores[5];
    int ignore_count;
    int max_ignore, ignored, flags_taken;
    int per_flag;       ///< hexes per flag, extra hexes included
    int extra_per_flag; ///< +1: cavalry or chariot retreating from an elephant or a camel
    int hexes;          ///< retreat hexes in all
    int carried;        ///< the attached leader retreating with it, or -1
    int *rampage;       ///< elephant: units and lone leaders next to it that roll
    int rampage_count;
    CcaRetreatPath *paths; ///< every path, lowest direction sequence first
    int path_count;
    bool truncated;     ///< more paths than CCA_MAX_LISTED_PATHS
    int fewest_short;   ///< fewest unfulfilled hexes over all paths (0: a loss-free path exists)
    CcaRetreatPath best; ///< the first path with the fewest unfulfilled hexes (valid when hexes > 0)
} CcaRetreatResult;

/// Works out a retreat on `w` as it stands. Returns 0 when memory ran out.
int mc_cca_retreat(McEnv *env, const CcaWorld *w, const CcaRetreatAsk *ask, CcaRetreatResult *res);

/// One evade path (CCA-EV-1, CCA-EV-2).
typedef struct CcaEvadePath {
    McHex path[3];      ///< hexes entered on the board
    int len;            ///< how many; an evade off the board moves one hex more, over his own edge
    bool off_board;     ///< a leader leaving over his own edge
    int final_pos;      ///< board index of the end, or -1 off the board
    int escapes[2];     ///< enemy units whose hexes the leader escapes through, in order
    int escape_count;
    int attaches;       ///< leader: the friendly unit he ends on; unit: the lone leader; or -1
    int marsh_rolls;
} CcaEvadePath;

/// The whole evade.
typedef struct CcaEvadeResult {
    bool eligible;      ///< the type may evade (this attacker)
    const char *eligible_against; ///< medium and heavy mounted without an attacker: against whom
    bool can_evade;     ///< eligible and some path exists
    bool eliminated;    ///< a lone leader with no evade path
    bool removed;       ///< a war machine leaves the board after evading
    McReasons reasons;  ///< why it may not evade
    int carried;        ///< a unit's attached leader evading with it, or -1
    int unit_lost;      ///< an attached leader evading: the unit that was eliminated, or -1
    CcaEvadePath *paths;
    int path_count;
} CcaEvadeResult;

/// Works out the evades of `piece` (a unit, or a leader whose unit was eliminated or who is
/// alone) against `attacker` (-1: not given). Returns 0 when memory ran out.
int mc_cca_evade(McEnv *env, const CcaWorld *w, int piece, int attacker, CcaEvadeResult *res);

#endif
