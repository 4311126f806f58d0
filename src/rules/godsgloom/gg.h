// GODSGLOOM movement rules (docs/rules/godsgloom.md: GG-*): a unit's Move Action on a hex board with
// terrain keywords, facings, Engagement Zones, traits, abilities and tokens. No JSON here: the JSON
// layer (src/json/sys_godsgloom.c) fills McGgRequest and writes McGgReach / McGgMove.
#ifndef MC_RULES_GODSGLOOM_H
#define MC_RULES_GODSGLOOM_H

#include <stdbool.h>

#include "core/env.h"
#include "rules/godsgloom/gg_assumptions.h"
#include "hex/hex.h"
#include "hex/hex_why_not.h"

/// Terrain keywords that matter for movement (GG-TER-1, A-GG-2).
typedef enum McGgKeyword {
    MC_GG_OPEN = 0,   ///< costs openCost (1)
    MC_GG_DIFFICULT,  ///< costs difficultCost (2)
    MC_GG_IMPASSABLE, ///< cannot be entered
} McGgKeyword;

#define MC_GG_TERRAIN_COUNT 14 ///< terrain kinds; code 0 ("open") is the default
/// The terrain catalogue: a board's terrain code indexes the lower-case JSON names (NULL-terminated)
/// and their movement keywords.
extern const char *const mc_gg_terrain_names[MC_GG_TERRAIN_COUNT + 1];
extern const McGgKeyword mc_gg_terrain_keyword[MC_GG_TERRAIN_COUNT];

/// A name and the bit it sets (traits, abilities, tokens).
typedef struct McGgName {
    const char *name;
    unsigned bit;
} McGgName;

/// Traits (GG-TRT-1). The last four are accepted and have no effect on a Move Action.
enum {
    MC_GG_SKIRMISH = 1u << 0,         ///< moves through units; friends move through it (GG-8.1-I/II)
    MC_GG_TRAMPLE = 1u << 1,          ///< moves through units (GG-8.1-I)
    MC_GG_NIMBLE = 1u << 2,           ///< ignores the Engagement Zone stop (GG-8.3-T)
    MC_GG_CIRCULAR_DEFENCE = 1u << 3, ///< Engagement Zone is all six adjacent hexes (GG-EZ-1)
    MC_GG_BREAKAWAY = 1u << 4,        ///< normal Move Action although it starts Engaged (GG-TRT-1)
    MC_GG_LOCKDOWN = 1u << 5,         ///< units it Engages cannot Move; cancels Nimble (GG-TRT-1)
    MC_GG_FLYING = 1u << 6,           ///< the Move Action is a Teleport within Speed (GG-TRT-1)
    MC_GG_IGNORE_DIFFICULT = 1u << 7, ///< Difficult terrain costs as Open (GG-TER-1)
    MC_GG_IMMOVABLE = 1u << 8,
    MC_GG_COMBAT_SHIFT = 1u << 9,
    MC_GG_SCOUT_DEPLOY = 1u << 10,
};
/// Trait names, NULL-terminated; "skirmisher" and "harass" are the older rules' names.
extern const McGgName mc_gg_trait_names[];

/// Abilities (GG-TRT-1, §20.1 of the rules).
enum {
    MC_GG_REPOSITION = 1u << 0,     ///< displace 1 hex and pivot, even Engaged (GG-TRT-1)
    MC_GG_RECONNAISSANCE = 1u << 1, ///< the request's "reconnaissance" hexes carry its effect
    MC_GG_FORMATION_PIVOT = 1u << 2,
    MC_GG_FREE_PIVOT = 1u << 3,
    MC_GG_TACTICAL_WITHDRAWAL = 1u << 4,
};
extern const McGgName mc_gg_ability_names[];

/// State tokens (A-GG-2); only Slow and Fast change movement.
enum {
    MC_GG_SLOW = 1u << 0,
    MC_GG_FAST = 1u << 1,
    MC_GG_BOOST = 1u << 2,
    MC_GG_WEAK = 1u << 3,
    MC_GG_EFFECT = 1u << 4,
};
extern const McGgName mc_gg_token_names[];

/// A unit on the board.
typedef struct McGgUnit {
    const char *id, *side;
    McHex hex;
    int facing;   ///< 0..5, the direction index of the hexside it faces
    int speed;    ///< Speed(S), 0..MC_MAX_MOVE_POINTS (only the mover's is used)
    unsigned traits, abilities, tokens;
    int engaged;  ///< -1: compute from the zones; 0 or 1: given by the request
} McGgUnit;

/// A hex under a Reconnaissance effect for the units of `side`.
typedef struct McGgRecon {
    McHex hex;
    const char *side;
} McGgRecon;

typedef enum McGgAction {
    MC_GG_ACTION_MOVE = 0,   ///< a Move Action (walk, or Teleport for Flying)
    MC_GG_ACTION_REPOSITION, ///< the Reposition ability
} McGgAction;

/// One request: the board (terrain codes index mc_gg_terrain_names), units on distinct board hexes,
/// the mover's index. Everything is owned by the caller.
typedef struct McGgRequest {
    const McBoard *board;
    const McGgUnit *units;
    int unit_count;
    int mover;
    bool ignore_units; ///< what-if: no other unit occupies or exerts a zone
    const McGgRecon *recon;
    int recon_count;
    McGgAction action;
} McGgRequest;

/// How the unit moves this activation.
typedef enum McGgMode {
    MC_GG_MODE_NORMAL = 0,   ///< GG-MOV-1
    MC_GG_MODE_ENGAGED,      ///< GG-8.2: pivot and at most 1 hex, no Melee Attack after
    MC_GG_MODE_BREAKAWAY,    ///< GG-TRT-1: started Engaged, normal Move Action by Breakaway
    MC_GG_MODE_TELEPORT,     ///< GG-TRT-1: Flying
    MC_GG_MODE_REPOSITION,   ///< GG-TRT-1: the Reposition ability
    MC_GG_MODE_NONE,         ///< no movement (Lockdown, or Reposition without the ability)
} McGgMode;

/// JSON name of a mode ("normal", "engaged", "breakaway", "teleport", "reposition", "none").
const char *mc_gg_mode_name(McGgMode mode);

/// Why movement ends on a hex (the result's "endedBy").
typedef enum McGgEnd {
    MC_GG_END_CHOICE = 0,    ///< could go on; need not spend all points (GG-MOV-1)
    MC_GG_END_POINTS,        ///< no points left for any further hex it could end on (mc_gg_walk_end)
    MC_GG_END_ZONE,          ///< entered an enemy Engagement Zone (GG-8.3)
    MC_GG_END_MINIMUM,       ///< the one hex of the Minimum Move Guarantee (GG-8.3-MMG)
    MC_GG_END_ENGAGED_START, ///< the one hex allowed after starting Engaged (GG-8.2)
    MC_GG_END_TELEPORT,      ///< a Teleport ends where it lands
    MC_GG_END_REPOSITION,    ///< a Reposition moves one hex
    MC_GG_END_ILLEGAL,       ///< move only: the path broke a rule
} McGgEnd;

/// JSON name of an end reason ("choice", "points", "engagement-zone", ...).
const char *mc_gg_end_name(McGgEnd end);

/// Zone bits of a hex (McGgScene.zone).
enum {
    MC_GG_ZONE_ENEMY = 1u << 0,    ///< in some enemy's Engagement Zone
    MC_GG_ZONE_LOCKDOWN = 1u << 1, ///< in the Engagement Zone of an enemy with Lockdown
};

/// The request prepared for the rules: occupancy, zones, points and the mode.
typedef struct McGgScene {
    const McGgRequest *req;
    const McGgUnit *mover;
    const McBoard *board;
    int start;                ///< board index of the mover's hex
    int *occ;                 ///< [board count] index of the unit on the hex, -1 empty (mover excluded)
    unsigned char *enemy;     ///< [unit count] 1: on another side than the mover's
    unsigned char *zone;      ///< [board count] MC_GG_ZONE_* bits
    unsigned char *recon;     ///< [board count] 1: Reconnaissance for the mover's side
    int arc_width;            ///< A-GG-1
    int open_cost, difficult_cost; ///< A-GG-2
    int points;               ///< movement points: max(0, Speed + token changes)
    bool starts_engaged;
    int engagers[MC_HEX_DIRECTIONS]; ///< enemies engaging the mover at the start, by unit index
    int engager_count;
    int lockdown_unit;        ///< index of a Lockdown enemy engaging it, or -1
    bool nimble;              ///< Nimble may be used this activation
    McGgMode mode;
    McReasons restrictions;   ///< why the mode is restricted (GG-8.2, GG-TRT-1)
} McGgScene;

/// Prepares the scene: occupancy, zones, movement points, whether the mover starts Engaged and
/// how it may move; traces each ruling and records the assumptions used. Returns 0 when memory
/// ran out.
int mc_gg_prepare(McEnv *env, const McGgRequest *req, McGgScene *scene);

/// True when hex `h` lies in unit `u`'s Engagement Zone (GG-EZ-1, A-GG-1 arc width).
bool mc_gg_in_zone(const McGgScene *scene, const McGgUnit *u, McHex h);

/// Writes into out[0..6) the indices of the enemies whose zone holds board hex `pos`, in request
/// order; returns how many (0 when units are ignored).
int mc_gg_engagers(const McGgScene *scene, int pos, int *out);

/// What entering board hex `to` means for the mover in a walking move.
typedef struct McGgEnter {
    bool ok;            ///< may be entered
    int cost;           ///< points to enter (when ok)
    bool may_end;       ///< the move may end there (empty and not Impassable)
    const char *code;   ///< when not ok: "impassable" or "occupied"
    const char *rule;   ///< its clause
    int blocker;        ///< unit index on the hex, or -1
} McGgEnter;

/// Rules on entering `to` (GG-8.1, GG-8.1-I/II, GG-TER-1, Reconnaissance).
McGgEnter mc_gg_enter(const McGgScene *scene, int to);

/// GG-8.1-I and -II's sentence for a move that would end on `there`'s hex, the unit named first: a player
/// looks for the unit in the way, not for the hex it stands on.
const char *mc_gg_ends_on_unit_text(McEnv *env, const char *there);

/// The clause a move ending on unit `other`'s hex breaks: GG-8.1-II when a friend's Skirmish is what
/// let the mover through (the mover has no such trait of its own), else GG-8.1-I, the same for
/// every query (whyNot named I where move named II).
const char *mc_gg_ends_on_unit_rule(const McGgScene *scene, int other);

/// True when an empty hex `pos` stops a walking mover that enters it (GG-8.3; GG-8.3-T Nimble
/// unless a Lockdown zone is there).
bool mc_gg_zone_stops(const McGgScene *scene, int pos);

/// Hexes a unit may only pass through (units' hexes, Impassable ones opened by Reconnaissance)
/// that mc_gg_walk_end follows in a row looking for one to end on.
#define MC_GG_GO_ON_PASSES 3

/// Why a walk that may go on from `pos`, `spent` points spent, ends there: MC_GG_END_CHOICE when it
/// could still end on another hex (GG-MOV-1: it need not spend all its points), else
/// MC_GG_END_POINTS.
McGgEnd mc_gg_walk_end(const McGgScene *scene, int pos, int spent);

/// One destination of a reach.
typedef struct McGgDest {
    int pos;             ///< board index
    McHex hex;
    int cost;            ///< points of the hexes entered (distance for a Teleport, 0 for Reposition)
    int node;            ///< reach node (search modes), else -1
    int parent_node;     ///< its predecessor node (the start node for a first step), else -1
    bool engaged;
    int engagers[MC_HEX_DIRECTIONS];
    int engager_count;
    int may_melee;       ///< 1 or 0; -1 when the rules do not say (Reposition)
    bool nimble;         ///< the path relied on Nimble
    bool minimum_move;   ///< reached only through the Minimum Move Guarantee
    McGgEnd end;
    unsigned facings;    ///< bit f: may end facing f
    int alt_node;        ///< a dearer path to the same hex that keeps the Melee Attack (no Nimble),
                         ///< when this one relies on Nimble: its reach node, else -1
    McGgEnd alt_end;     ///< why that path ends there (when alt_node >= 0)
} McGgDest;

/// The answer to `reach`.
typedef struct McGgReach {
    McGgScene scene;
    bool searched;       ///< `search` holds a reach search (normal, engaged, breakaway modes)
    McReach search;
    McGgDest *dests;     ///< sorted by cost, then r, then q
    int dest_count;
    bool has_stay;       ///< `stay` describes not moving (absent for Reposition)
    McGgDest stay;
    int *through;        ///< after mc_gg_reach_through: nodes on listed paths that are not listed
    int through_count;
} McGgReach;

/// Computes every hex the mover can end on (GG-MOV-1 ... GG-TRT-1). Returns 0 when memory ran out.
int mc_gg_reach(McEnv *env, const McGgRequest *req, McGgReach *out);
/// The alternative of `d` (d->alt_node >= 0) as a destination of its own: its cost, path node,
/// Melee Attack, Nimble and end.
McGgDest mc_gg_reach_alternative(const McGgReach *r, const McGgDest *d);
/// Fills out->through: the intermediate nodes that parent-style paths need, alternatives' included
/// (none for Teleport and Reposition). Returns 0 when memory ran out.
int mc_gg_reach_through(McEnv *env, McGgReach *out);

/// One step of a checked path.
typedef struct McGgStep {
    McHex hex;
    int cost;  ///< points to enter it
    int spent; ///< total points spent after it
} McGgStep;

/// The answer to `move`.
typedef struct McGgMove {
    McGgScene scene;
    bool legal;
    McReasons reasons;
    McHex final_hex;     ///< where the unit stands after the legal part of the path
    int final_facing;
    int cost;            ///< points spent
    McGgStep *steps;     ///< the legal steps
    int step_count;
    bool engaged;
    int engagers[MC_HEX_DIRECTIONS];
    int engager_count;
    int may_melee;       ///< 1, 0, or -1 (Reposition)
    bool nimble, minimum_move;
    McGgEnd end;
} McGgMove;

/// Checks a proposed path (the hexes entered, start excluded) hex by hex; the first illegal step
/// gives the reason and ends the check. `facing` is the requested final facing or -1 (keep).
/// Returns 0 when memory ran out.
int mc_gg_move(McEnv *env, const McGgRequest *req, const McHex *path, int path_len, int facing,
               McGgMove *out);

/// whyNot (GG-MOV-1, docs/api/godsgloom.md): whether the mover of `req` can end its move on `w->to`
/// (set by the caller, with `w->needs` -1), given its `reach`; when it cannot, the first rule in
/// the way and the answer without the other units (`whatIf`). Returns 0 when memory ran out.
int mc_gg_why_not(McEnv *env, const McGgRequest *req, const McGgReach *reach, McWhyNot *w);

#endif
