// Arcane Legions movement (docs/rules/arcane-legions.md: AL-*, A-AL-*). Plain C structs in,
// plain C structs out: no JSON here. Lengths are in steps (AL-LAT-1), angles in compass degrees.
#ifndef MC_RULES_ARCANE_LEGIONS_AL_H
#define MC_RULES_ARCANE_LEGIONS_AL_H

#include <stdbool.h>

#include "core/env.h"
#include "rules/arcane_legions/al_assumptions.h"
#include "geom/geom.h"

/// Directions of a step and codex cost slots, in the order of docs/api.md's codex object. The
/// same indices name the unit's sides: forward = front, backward = back.
typedef enum AlDir { AL_FORWARD = 0, AL_BACKWARD = 1, AL_LEFT = 2, AL_RIGHT = 3 } AlDir;

/// Most points a reachArea search samples (a request with more stops early and says so).
#define AL_MAX_REACH_SAMPLES 20000

/// One unit on the table.
typedef struct AlUnit {
    const char *id, *side;
    McRect rect;     ///< centre, facing, width (front edge), depth
    bool sortie;     ///< a sortie base (1 x 1) rather than a formation (AL-ORD-2, AL-BRK-2)
    int cost[4];     ///< codex: points per step, indexed by AlDir (A-AL-3)
    int icons;       ///< ready movement icons (A-AL-4)
} AlUnit;

/// What kind of object a unit may collide with (AL-TER-1, A-AL-7).
typedef enum AlKind {
    AL_KIND_UNIT = 0, AL_KIND_BLOCKING, AL_KIND_HINDERING, AL_KIND_CONTROL, AL_KIND_TABLE
} AlKind;

/// A terrain piece: a simple polygon (concave allowed).
typedef struct AlTerrain {
    const char *id;
    AlKind kind; ///< blocking, hindering or control
    int count;
    const McVec2 *points;
} AlTerrain;

/// The table and everything on it. Objects are numbered: units 0..U-1, terrain U..U+T-1, and
/// the table edge U+T (when there is a table). Each object is one or more convex parts.
typedef struct AlWorld {
    const AlUnit *units;
    int unit_count;
    const AlTerrain *terrain;
    int terrain_count;
    bool has_table;
    double width, height;
    // Built by mc_al_world_build:
    McPoly *parts;
    int *part_object;  ///< object of each part
    int part_count;
    McAabb *boxes;     ///< each part's box: the broad phase's items (a kept table refits them)
    McBroadphase bp;
    double notch_spacing; ///< A-AL-2
    double leg_length;    ///< A-AL-5
} AlWorld;

/// Builds the convex parts and the broad phase. Returns -1 on success, the index of a terrain
/// piece whose polygon cannot be split (self-intersecting), or -2 when memory ran out.
int mc_al_world_build(McEnv *env, AlWorld *w);

/// Number of objects (units, terrain, and the table edge when there is a table).
int mc_al_object_count(const AlWorld *w);
/// The id of an object ("table" for the table edge).
const char *mc_al_object_id(const AlWorld *w, int object);
/// The kind of an object.
AlKind mc_al_object_kind(const AlWorld *w, int object);
/// A lower-case kind name: "unit", "blocking", "hindering", "control", "table-edge".
const char *mc_al_kind_name(AlKind kind);

/// True when the rectangle lies on the table (within the slop); always true without a table.
bool mc_al_on_table(const AlWorld *w, McRect r);

// ---- breakaway -------------------------------------------------------------------------------

/// One breakaway attacker.
typedef struct AlBreakaway {
    int unit;
    bool owner_orders; ///< the owner has several attackers and chooses their order (AL-BRK-4)
} AlBreakaway;

/// Who may make breakaway attacks on `mover` (AL-BRK-1..4), in resolution order: the active
/// side's units first, then each following side of `turn_order` (cyclically from the active
/// side), then sides not named there in order of first appearance; within a side, request
/// order. `out` holds unit_count entries; returns the count (0 for a sortie, AL-BRK-2).
int mc_al_breakaway(McEnv *env, const AlWorld *w, int mover, const char *active_side,
                 const char *const *turn_order, int turn_count, AlBreakaway *out);

/// True when two bases share an edge stretch longer than the slop (A-AL-6).
bool mc_al_adjacent(McRect a, McRect b);

// ---- move --------------------------------------------------------------------------------------

typedef enum AlActionKind { AL_ACTION_STEP = 0, AL_ACTION_TURN = 1 } AlActionKind;

/// One action of a move order (AL-MOV-2).
typedef struct AlAction {
    AlActionKind kind;
    AlDir dir;          ///< step: direction
    double distance;    ///< step: 0 < d <= 1 step
    int angle;          ///< turn: 45 or 90 (AL-TRN-1)
    AlDir off;          ///< turn: the side the tool is placed against (its cost is paid)
    AlDir toward;       ///< turn: AL_LEFT (counter-clockwise) or AL_RIGHT (clockwise)
    bool toward_given;  ///< false: the request left the way open (a choice, mc_al_default_toward)
    int entry_notch;    ///< turn: notch of `off` under the entry bevel; -1 = the middle one
    int exit_side;      ///< turn: side laid on the exit edge (AlDir); -1 = opposite of `off`
    int exit_notch;     ///< turn: notch of the exit side on the exit bevel; -1 = the middle one
} AlAction;

/// The way a turn goes when the request does not say: off a flank, toward that flank (a unit
/// turned off its left side wheels left); off the front or back, to the right. The result lists
/// the other way as a choice with its outcome.
static inline AlDir mc_al_default_toward(AlDir off) { return off == AL_LEFT ? AL_LEFT : AL_RIGHT; }

/// A move order and the player's choices (docs/api/arcane-legions.md "move").
typedef struct AlOrder {
    int unit;
    const AlAction *actions;
    int action_count;
    int lost_pushing, lost_breakaway; ///< icons lost (AL-ORD-1, AL-BRK-3)
    bool move_order;      ///< false: moved without a move order (AL-LIM-4)
    int slide;            ///< AlDir in the mover's frame, or -1 for no slide
    int snap_side;        ///< -1 not chosen, 0 cw, 1 ccw (AL-SNP-2)
    int snap_to;          ///< object chosen among several overlapped (AL-OVL-3), or -1
    bool snap_to_given;
    const unsigned char *collide_control; ///< per terrain piece: 1 = collide with it (AL-TER-1)
    bool collide_given;
    const char *active_side;
    const char *const *turn_order;
    int turn_count;
} AlOrder;

/// What happened during an action.
typedef struct AlEvent {
    const char *type;   ///< "free", "collision", "snap", "snapBlocked", "noSnap", "overlap",
                        ///< "returned", "slide", "noSlide", "stopped", "passedControl", "tool"
    const char *rule;   ///< clause id
    int object;         ///< object involved, or -1
    bool has_point;
    McVec2 point;       ///< collision point or pivot
    bool has_angle;
    double angle;       ///< snap: signed degrees, clockwise positive
    bool has_distance;
    double distance;    ///< slide distance, steps
    const char *side;   ///< "cw"/"ccw" (snap), slide direction name, or NULL
    int steps_beyond;   ///< tool: steps the unit ends beyond the tool (AL-TRN-2), else -1
    const char *mark;        ///< slide: the mover's notch or corner that lined up ("front notch 1"), or NULL
    const char *object_mark; ///< slide: the other unit's notch or corner it lined up with, or NULL
    const char *text;   ///< one plain sentence
} AlEvent;

/// Where the turning tool lay for a turn (A-AL-5): what the page draws.
typedef struct AlToolPose {
    McVec2 corners[3];  ///< entry edge's ends (left, then right, looking out through `off`), then the third corner
    McVec2 entry_bevel; ///< mid-point of the entry edge, on the unit's notch
    McVec2 exit_bevel;  ///< mid-point of the exit edge, where the unit is set down
} AlToolPose;

typedef struct AlActionResult {
    bool made;          ///< false: the action could not be made (see the reasons)
    int cost;
    int points_left;
    McRect pose;        ///< after the action
    bool has_tool;      ///< a turn whose tool could be laid out (placed, or refused by AL-TRN-2/3)
    AlToolPose tool;
    AlEvent *events;
    int event_count, event_cap;
} AlActionResult;

/// A choice the request did not make, with the outcome of every option (the default first).
typedef struct AlOption {
    const char *value;  ///< "cw", "none", "left", an object id ...
    bool legal;
    McRect final;
    const char *ended_by;
    int points_spent;
} AlOption;

typedef struct AlChoice {
    const char *name;   ///< "toward", "snapSide", "slide", "snapTo", "collideControl"
    int action;
    const char *def;    ///< the default applied
    const char **values; ///< the options' values, the default first
    int value_count;
    AlOption *options;
    int option_count;
} AlChoice;

typedef struct AlMoveResult {
    bool legal;
    McReasons reasons;
    int order_cost;      ///< AL-ORD-2
    int movement_points; ///< AL-MOV-1
    int points_spent;
    const char *ended_by; ///< "actions", "points", "collision", "illegal"
    McRect final;
    AlBreakaway *breakaway;
    int breakaway_count;
    AlActionResult *actions;
    int action_count;    ///< actions attempted (made or the one that could not be)
    AlChoice *choices;
    int choice_count, choice_cap;
} AlMoveResult;

/// Where a turn puts the tool and the unit (AL-TRN-1, A-AL-5): `tool` receives the tool's
/// triangle (tool->v has room for 3 vertices), `out` the unit after the turn, `beyond` the whole steps it ends beyond the tool
/// and `cost` the points (AL-TRN-2); `where` (may be NULL) the tool's corners and bevels in
/// order, for the answer. Returns 0 when a named notch does not exist.
int mc_al_turn_place(const AlWorld *w, const AlUnit *u, McRect pose, const AlAction *a, McPoly *tool,
                  McRect *out, int *beyond, int *cost, AlToolPose *where);

/// Where the step `step` of a move order `o` (its player's choices; no actions) ends from `pose`:
/// a collision snapped and movement ended (AL-COL-1/2, AL-SNP-1), as `move` rules it, quietly.
/// `ignore` and `standing` are its scratch: room for the world's parts and terrain pieces.
McRect mc_al_step_end(McEnv *env, const AlWorld *w, const AlOrder *o, McRect pose, const AlAction *step,
                      unsigned char *ignore, unsigned char *standing);

/// Runs a move order. Returns 0 only when memory ran out.
int mc_al_move(McEnv *env, const AlWorld *w, const AlOrder *order, AlMoveResult *out);

// ---- reachArea ---------------------------------------------------------------------------------

typedef struct AlSample {
    McRect pose;
    int cost;
    bool collision; ///< the sample is where a collision stopped the unit
    bool turned;    ///< reached with one turn
} AlSample;

typedef struct AlReachResult {
    AlSample *samples;
    int count;
    bool truncated; ///< AL_MAX_REACH_SAMPLES was reached
    int movement_points;
} AlReachResult;

/// Samples the area the unit's centre can reach with `points` movement points: step actions of
/// `spacing` steps (a fraction 1/k of a step) in the four directions, stopping at collisions, and
/// where affordable one default turn from each reached pose. Returns 0 when memory ran out.
int mc_al_reach_area(McEnv *env, const AlWorld *w, int unit, int points, double spacing,
                  const unsigned char *collide_control, AlReachResult *out);

#endif
