// Torn World movement rules (docs/rules/torn-world.md: TW-*, A-TW-*): who
// may pass and end where, Huge footprints moving one hexon step at a time, ejection of
// miniatures and markers, shifts and free attacks. Plain C structs in, plain C structs out; no
// JSON. Positions of Large and Huge miniatures are hexon centres on the lattice of A-TW-1
// anchored at the board's hexonAnchor (A-TW-1).
#ifndef MC_TW_H
#define MC_TW_H

#include <stdbool.h>

#include "core/env.h"
#include "rules/torn_world/tw_assumptions.h"
#include "hex/hex.h"
#include "hex/hex_why_not.h"

#define TW_MAX_HUGE_HEXONS 7 ///< hexons of one Huge footprint (A-TW-1 names 2 to 3)
#define TW_MAX_FOOTPRINT (TW_MAX_HUGE_HEXONS * MC_HEXON_HEXES) ///< hexes under one miniature

/// Size classes; the order is the ejection order of size (a larger class ejects a smaller one).
typedef enum TwSize { TW_INFANTRY = 0, TW_LARGE, TW_HUGE } TwSize;

/// Terrain codes of a board hex (names "open", "volume", "hazard" in the JSON layer).
enum {
    TW_OPEN = 0,   ///< nothing in the way
    TW_VOLUME = 1, ///< Volume Landscape: blocks Infantry and Large, destroyed by Huge
    TW_HAZARD = 2, ///< an enterable effect such as Fiery Earth (seed Example 1): no effect on movement
};

/// What moves the miniature (TW-EJ-5, TW-FA-1, TW-FA-3).
typedef enum TwCause {
    TW_CAUSE_ACTION = 0, ///< a Movement action (Move or Run): may eject; TW-FA-1
    TW_CAUSE_PANIC,      ///< the effect of a Panic marker: TW-FA-3, no ejection
    TW_CAUSE_EFFECT,     ///< any other effect or property: no ejection
    TW_CAUSE_DEPLOY,     ///< a summon or deployment: only the place is checked, no ejection
} TwCause;

/// Outcome of a Dexterity test (TW-EJ-3, TW-SH-1).
typedef enum TwDex { TW_DEX_UNKNOWN = 0, TW_DEX_PASSED, TW_DEX_FAILED, TW_DEX_NONE } TwDex;

typedef struct TwUnit {
    const char *id, *side;
    TwSize size;
    int hexon_count;                  ///< 1, or 2..TW_MAX_HUGE_HEXONS for Huge
    McHex pos[TW_MAX_HUGE_HEXONS];    ///< Infantry: its hex; Large: its hexon centre; Huge: its
                                      ///< hexon centres, pos[0] the reference of paths
    int move, run;                    ///< allowances (hexes or hexons), -1 when not given
    bool ejection;                    ///< the special "Ejection" ability (TW-EJ-6)
    int engaged;                      ///< -1: engaged when an enemy is within one hex; 0 or 1 given
} TwUnit;

typedef enum TwMarkerKind { TW_PORTABLE = 0, TW_LINKED } TwMarkerKind;

typedef struct TwMarker {
    const char *id;
    TwMarkerKind kind;
    McHex hex;
    int taken_by; ///< Linked only: index of the miniature linked with it (Take an Item), or -1
} TwMarker;

/// Working memory of the searches, one per battlefield (mc_tw_world_build allocates it).
typedef struct TwScratch {
    int *occ, *mark;  ///< [board count] working copies of the maps during a resolution
    int *stamp, *dist, *queue; ///< [board count] breadth-first search
    int gen;          ///< current stamp
    /// [board count] sets of board positions, each current while its array holds its stamp there:
    /// the destroyed landscape and the excluded hexes of an ejection search, the hexes a path's
    /// destroyed list already holds. One lookup each instead of a walk along a list.
    int *gone, *excl, *seen;
    int gone_gen, excl_gen, seen_gen;
} TwScratch;

/// The battlefield of one request. occ, mark and scratch are filled by mc_tw_world_build.
typedef struct TwWorld {
    const McBoard *board;
    McHex anchor;
    const TwUnit *units;
    int unit_count;
    const TwMarker *markers;
    int marker_count;
    int *occ;  ///< [board->count] index of the miniature on the hex, -1 none
    int *mark; ///< [board->count] index of the marker on the hex, -1 none
    TwScratch *scratch;
} TwWorld;

/// Why mc_tw_world_build refused the battlefield.
typedef enum TwWorldStatus {
    TW_WORLD_OK = 0,
    TW_WORLD_NO_MEMORY,
    TW_WORLD_UNIT_OFF_BOARD,  ///< a hex under units[*index] is not on the board
    TW_WORLD_UNIT_OVERLAP,    ///< units[*index] shares a hex with units[*other]
    TW_WORLD_MARKER_OFF_BOARD,///< markers[*index] is not on the board
    TW_WORLD_MARKER_OVERLAP,  ///< markers[*index] shares its hex with a miniature or marker
} TwWorldStatus;

/// Whether the `n` hexon centres of a Huge footprint are connected through lattice neighbours
/// (A-TW-1, A-TW-2: a rigid cluster).
bool mc_tw_hexons_connected(const McHex *hexons, int n);

/// Fills w->occ and w->mark (arena memory). On failure *index (and *other) name the culprits.
TwWorldStatus mc_tw_world_build(TwWorld *w, McArena *arena, int *index, int *other);

/// Writes the hexes under unit u translated by `delta` (hexon hexes centre first, hexon by
/// hexon). Returns their number (1, 7 or 7·hexons).
int mc_tw_footprint(const TwUnit *u, McHex delta, McHex out[TW_MAX_FOOTPRINT]);

/// The plural unit of a size's allowance: "hexes" or "hexons".
const char *mc_tw_size_unit(TwSize size);

/// The clause whose table governs this size when passing (INF-2 / LRG-1 / HUG-1) or ending
/// (INF-3 / LRG-2 / HUG-2).
const char *mc_tw_pass_rule(TwSize size);
const char *mc_tw_end_rule(TwSize size);

/// True when `mover` may eject `target` by ending on it (TW-LRG-2, TW-HUG-2, TW-EJ-6).
bool mc_tw_can_eject(const TwUnit *mover, const TwUnit *target);

/// True when `mover` is able to eject Infantry (and so Linked Markers, TW-MK-2).
bool mc_tw_ejects_infantry(const TwUnit *mover);

/// What lies under the mover's footprint translated by `delta` (the mover itself excluded).
typedef struct TwSpot {
    bool on_board;
    int n_hexes;
    McHex hexes[TW_MAX_FOOTPRINT];
    int n_units;
    int units[TW_MAX_FOOTPRINT];   ///< distinct other miniatures, ascending index
    int n_markers;
    int markers[TW_MAX_FOOTPRINT]; ///< markers, ascending index
    int volume;                    ///< hexes of Volume Landscape
} TwSpot;

void mc_tw_spot(const TwWorld *w, int mover, McHex delta, TwSpot *s);

/// A ruling: a stable code, a clause id, one sentence, and the miniature or marker involved.
typedef struct TwVerdict {
    const char *code, *rule;
    const char *message; ///< its "%s" names the miniature or marker involved, where there is one
    int unit;            ///< other miniature involved, or -1
    int marker;          ///< marker involved, or -1
} TwVerdict;

/// Adds `v` to `list` as a reason whose sentence and unit name the miniature or marker involved
/// (a player read "cannot end on a miniature" and looked for which); NULL when memory ran out.
McReason *mc_tw_reason(McEnv *env, McReasons *list, const TwWorld *w, const TwVerdict *v);

/// May the mover pass through this spot (enter it and move on)? On false, *v says why.
bool mc_tw_can_pass(const TwWorld *w, int mover, const TwSpot *s, TwVerdict *v);
/// May the mover end its movement on this spot, given what moves it? On false, *v says why.
bool mc_tw_can_end(const TwWorld *w, int mover, const TwSpot *s, TwCause cause, TwVerdict *v);

/// Enemies of `mover` on a hex adjacent to its footprint translated by `delta` (not under it),
/// ascending index, into out[TW_MAX_ADJ]. Returns their number.
#define TW_MAX_ADJ 64
int mc_tw_adjacent_enemies(const TwWorld *w, int mover, McHex delta, int out[TW_MAX_ADJ]);

/// The start of any movement of `m`: names the assumptions its size relies on (A-TW-1, A-TW-2),
/// and refuses a Movement action already used this activation (TW-MV-1) by clearing *legal and
/// adding the reason. Returns 0 when out of memory.
int mc_tw_start_movement(McEnv *env, const TwUnit *m, TwCause cause, bool action_used, McReasons *reasons, bool *legal);

/// Whether the mover is Engaged at the start: given, or an enemy within one hex.
bool mc_tw_engaged(const TwWorld *w, int mover);

// ---- ejection (TW-EJ-*, TW-MK-*) ---------------------------------------------------------------

/// A choice the request makes for one ejected miniature or marker.
typedef struct TwChoice {
    int unit, marker; ///< exactly one is >= 0
    bool has_to;
    McHex to;         ///< position chosen (hex, hexon centre, or Huge reference centre)
    TwDex dexterity;  ///< outcome of the ejected enemy's Dexterity test, if known
} TwChoice;

/// One ejected miniature (TW-EJ-1..4).
typedef struct TwEjection {
    int unit;
    bool enemy;
    int distance;         ///< hexes (or hexon steps for Large/Huge) to the candidates
    int n_cand;
    McHex *cand;          ///< nearest free positions, sorted by r then q
    TwDex dexterity;      ///< TW_DEX_NONE for allies
    const char *chooser;  ///< side choosing the hex, NULL when the test's outcome is unknown
    const char *chooser_passed, *chooser_failed; ///< enemies: who chooses on each outcome
    bool free_attack;     ///< TW-EJ-2
    bool placed;          ///< false only when there was no candidate
    bool given;           ///< the position came from the request's choices
    McHex to;
} TwEjection;

/// One marker ejected (TW-MK-1, TW-MK-2) or following its linked miniature (TW-MK-2).
typedef struct TwMarkerMove {
    int marker;
    bool follows;        ///< a taken Linked Marker following the mover
    const char *rule;
    int n_cand;
    McHex *cand;         ///< sorted by r then q
    const char *chooser;
    bool placed, given, stays;
    McHex to;
} TwMarkerMove;

typedef struct TwResolution {
    bool legal;
    McReasons reasons;
    int n_ejections;
    TwEjection *ejections;
    int n_moves;
    TwMarkerMove *moves;
} TwResolution;

/// Volume Landscape hexes a Huge miniature destroyed on its way (TW-HUG-1, TW-HUG-2): removed
/// from the battlefield, so free again when the end of that movement is resolved.
typedef struct TwGone {
    const McHex *hexes;
    int n;
} TwGone;

/// Resolves the end of a Movement of unit `mover` whose footprint ends translated by `delta`:
/// miniatures ejected allies first then enemies (TW-EJ-4), each to the nearest free positions
/// (A-TW-1, A-TW-3) with earlier ejections taken into account, then markers under the footprint,
/// then the mover's taken Linked Markers. `gone` (NULL: none) is the landscape the movement
/// destroyed. A choice whose position is not a candidate makes the result illegal; without a
/// choice the first candidate is taken so later ejections are exact for that choice. The mover's
/// taken Linked Markers are listed in out->moves only with `list_follows` (a reach lists none).
/// Returns 0 when memory ran out.
int mc_tw_resolve_end(McEnv *env, const TwWorld *w, int mover, McHex delta, const TwGone *gone,
                   const TwChoice *choices, int n_choices, bool list_follows, TwResolution *out);

/// eject (docs/api/torn-world.md): unit `mover` ending a Movement action with its reference
/// position at `at`; refused with the reason when it may not end there (its size's table,
/// TW-INF-3 / TW-LRG-2 / TW-HUG-2), else the end resolved (mc_tw_resolve_end). Returns 0 when
/// memory ran out.
int mc_tw_eject(McEnv *env, const TwWorld *w, int mover, McHex at, const TwChoice *choices, int n_choices,
                TwResolution *out);

/// The nearest free positions for unit `u` (moving as a whole, by hex or by hexon step) from
/// its current position, excluding `exclude` hexes, given occupancy maps `occ` and `mark`
/// (u itself ignored) and the destroyed landscape `gone` (NULL: none); stops at the first
/// distance that has any. Returns the count (0 none), the candidates in *out (arena, sorted by r
/// then q) and the distance in *distance.
int mc_tw_nearest_free_unit(McEnv *env, const TwWorld *w, int u, const int *occ, const int *mark,
                         const McHex *exclude, int n_exclude, const TwGone *gone, McHex **out, int *distance);

// ---- movement ----------------------------------------------------------------------------------

/// One free attack on the moving miniature.
typedef struct TwAttack {
    int unit;         ///< attacker
    const char *rule; ///< TW-FA-1, TW-FA-2, TW-FA-3 or TW-EJ-2
    McHex at;         ///< reference position of the mover when attacked (path position)
} TwAttack;

/// What a Huge step did (TW-HUG-3, A-TW-2).
typedef struct TwHugeStep {
    int n_entered, n_overlap;
    McHex entered[TW_MAX_HUGE_HEXONS], overlap[TW_MAX_HUGE_HEXONS];
} TwHugeStep;

/// A movement along a path of reference positions (hexes for Infantry, hexon centres for Large,
/// the first hexon's centre for Huge), the start excluded.
typedef struct TwMoveIn {
    int mover;
    TwCause cause;
    int allowance;        ///< hexes or hexons
    bool action_used;     ///< the action was already used this activation (TW-MV-1)
    const McHex *path;
    int n;
    const TwChoice *choices;
    int n_choices;
} TwMoveIn;

typedef struct TwMoveOut {
    bool legal;
    McReasons reasons;
    int failed_step;      ///< index in path of the first illegal step, -1
    McHex final;          ///< reference position where it ends (start when illegal)
    int n_attacks;
    TwAttack *attacks;
    int n_destroyed;
    McHex *destroyed;     ///< Volume Landscape hexes destroyed by a Huge (TW-HUG-1, TW-HUG-2)
    TwHugeStep *huge_steps; ///< [n] for Huge, else NULL
    TwResolution end;     ///< the ejections and marker moves at the end (legal moves only)
} TwMoveOut;

/// Reference position -> translation of unit `mover`'s footprint (ref minus its pos[0]).
McHex mc_tw_delta_of(const TwWorld *w, int mover, McHex ref);

/// Appends a free attack to out->attacks (capacity *cap, grown in the arena). 0: out of memory.
int mc_tw_add_attack(McEnv *env, TwMoveOut *out, int *cap, int unit, const char *rule, McHex at);

/// Checks a proposed path step by step and resolves its end. Returns 0 when memory ran out.
int mc_tw_move(McEnv *env, const TwWorld *w, const TwMoveIn *in, TwMoveOut *out);

/// The enemies next to one mover's footprint per board position, each list computed once, and
/// whether it starts Engaged: a reach asks the same along thousands of paths (docs/performance.md).
typedef struct TwAdjCache {
    int *first;  ///< [board count] start of the position's list in ids, -1 while not computed
    int *count;  ///< [board count]
    int *ids;
    int n, cap;
    int engaged; ///< mc_tw_engaged of the mover, -1 until asked
} TwAdjCache;

/// An empty cache for `w`'s board. Returns 0 when memory ran out.
int mc_tw_adj_cache_init(McEnv *env, const TwWorld *w, TwAdjCache *cache);

/// The enemies next to the mover with its reference position at board index `at`
/// (mc_tw_adjacent_enemies), computed once per position: *k of them. NULL when memory ran out.
const int *mc_tw_adj_cache_get(McEnv *env, const TwWorld *w, int mover, TwAdjCache *cache, int at, int *k);

/// The TW-FA-2 free attacks of a path worked out by the caller (the reach listing builds each
/// search node's from its parent's): attacks[0..n), as mc_tw_path_effects would list them.
typedef struct TwFa2 {
    TwAttack *attacks;
    int n;
} TwFa2;

/// Free attacks, destroyed landscape and (with `huge_steps`, for a Huge) the Huge steps along a
/// path known to be legal (used by mc_tw_move and by the reach listing, which lists no steps). With a `cache` (for `mover`), `positions` gives the board
/// index of each path position; both NULL compute every list afresh. With `fa2`, its list stands
/// for the TW-FA-2 attacks along the path (`positions` is then not read); out->attacks may then
/// be fa2->attacks itself, shared
/// with other paths, so a caller adding to it must pass *cap == out->n_attacks to mc_tw_add_attack
/// (which then copies first). Returns 0 when memory ran out.
int mc_tw_path_effects(McEnv *env, const TwWorld *w, int mover, TwCause cause, const McHex *path,
                    const int *positions, int n, TwAdjCache *cache, const TwFa2 *fa2, bool huge_steps, TwMoveOut *out);

/// One end position of a reach.
typedef struct TwReachEntry {
    McHex pos;        ///< reference position
    int cost;         ///< steps
    int n_path;
    McHex *path;      ///< first position entered .. pos
    McHex parent;     ///< previous position (the start for one step)
    int node;         ///< search node of the chosen path's end (TwReachNodes)
    TwMoveOut effects;///< attacks, destroyed, ejections of the default resolution
    int n_alternatives;
    struct TwReachEntry *alternatives; ///< longer paths better on free attacks or attackers
                                       ///< (mc_tw_reach), each an entry without alternatives
} TwReachEntry;

/// The search's nodes, for the parent form of an answer: a chosen path is the chain of parents
/// from its entry's node to `start`. Node ids are those of the search that ran (its states, or
/// the hex core's nodes in the fallback).
typedef struct TwReachNodes {
    int count;
    int start;        ///< the start node
    int *parent;      ///< [count] previous node, -1 for the start and for nodes never reached
    int *position;    ///< [count] board index
    int *steps;       ///< [count] steps from the start
    int *rank;        ///< [count] order of the nodes' paths: a parent ranks before its children
} TwReachNodes;

typedef struct TwReachOut {
    bool legal;       ///< false when the action may not be taken at all (TW-MV-1)
    McReasons reasons;
    int n;
    TwReachEntry *entries; ///< sorted by cost, then r, then q
    int dropped_no_room;   ///< end positions left out because an ejection found no free hex
    bool exact_attacks;    ///< ties were broken by distinct attackers (else the additive stand-in)
    bool alternatives_limited; ///< alternatives were asked but the search gave up on them
    TwReachNodes nodes;
    int n_through;
    int *through;          ///< mc_tw_reach_through: nodes on chosen paths that are no entry's node
} TwReachOut;

/// Most search states of the exact tie-break per board position and in all (mc_tw_reach).
#define TW_REACH_STATES_PER_POSITION 32
#define TW_REACH_STATES_BASE 4096

/// Every legal end position of a movement of `mover` with `allowance` steps (TW-MV-1), each by
/// the path docs/api.md ranks first: fewest steps, then fewest free attacks, then the lowest
/// sequence of direction indices. TW-FA-2 attackers are distinct enemies (one enemy next to two
/// hexes of a path attacks once), so the count is not additive: the search keeps, per position,
/// the sets of attackers of its shortest paths that no other set there beats. When those sets
/// outgrow TW_REACH_STATES_PER_POSITION at one position or TW_REACH_STATES_BASE + 2 x board hexes
/// in all, it falls back to the hex core's additive stand-in (an enemy counted once per hex it
/// is next to) and says so (exact_attacks false). The attacks reported are always the exact
/// distinct attackers of the chosen path.
/// With `alternatives`, the same search also keeps longer paths to a position while no path
/// there, shorter or as long, drew a subset of their attackers (labels per position, bounded as
/// above); each entry then lists the longer paths no other path to its position beats on steps,
/// free attacks and distinct attackers (the Pareto set, by steps, then free attacks). Past the
/// bounds none is listed (alternatives_limited); never with the additive stand-in.
int mc_tw_reach(McEnv *env, const TwWorld *w, int mover, TwCause cause, int allowance,
             bool action_used, bool alternatives, TwReachOut *out);

/// Fills out->through with the nodes the listed entries' paths pass that are neither an entry's
/// node nor the start (positions moved through, and positions whose own listed path differs), a
/// parent before its children, so that following parents from any entry stays within the
/// answer. Returns 0 when memory ran out.
int mc_tw_reach_through(McEnv *env, TwReachOut *out);

// ---- whyNot (TW-MV-1) --------------------------------------------------------------------------

/// The movement a whyNot asks about, as reach takes it; `action` ("move" or "run") names it in
/// the reasons.
typedef struct TwWhyNotIn {
    int mover;
    TwCause cause;
    int allowance;
    bool action_used;
    const char *action;
} TwWhyNotIn;

/// whyNot (docs/api/torn-world.md): whether the mover can end its movement on `why->to` (set by
/// the caller, with `why->needs` -1), given its `reach` (mc_tw_reach with the same input); when it
/// cannot, the first rule in the way and the answer with the mover alone (`whatIf`). Returns 0
/// when memory ran out.
int mc_tw_why_not(McEnv *env, const TwWorld *w, const TwWhyNotIn *in, const TwReachOut *reach, McWhyNot *why);

// ---- shift (TW-SH-1) ---------------------------------------------------------------------------

typedef struct TwShiftOutcome {
    TwDex dexterity;      ///< TW_DEX_NONE when no test is taken
    bool moves;
    const char *chooser;
    int n_cand;
    McHex *cand;          ///< Infantry that passed: the nearest free hexes
    bool has_final;
    McHex final;
    bool legal;
    McReasons reasons;
} TwShiftOutcome;

typedef struct TwShiftOut {
    bool test;            ///< an opponent shifts: a Dexterity test may be taken
    int n;
    TwShiftOutcome outcomes[2];
} TwShiftOut;

/// An effect of side `by` shifts unit `u`, towards `to` when given.
int mc_tw_shift(McEnv *env, const TwWorld *w, int u, const char *by, const McHex *to, TwDex dex,
             TwShiftOut *out);

#endif
