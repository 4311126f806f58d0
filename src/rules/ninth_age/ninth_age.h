// The Ninth Age rules on a free-form table, lengths in inches (rules/FACTS.md section 5): the
// battlefield model (units as Unit Boundary rectangles, impassable terrain, the table), arcs
// (9A-ARC-1), unit spacing (9A-SP-1), charge placement against a facing (9A-PV-E, shared with the
// charge query of 9A-CH-2) and pursue moves (9A-PU-*, 9A-PV-*, 9A-FA-*, 9A-LP-1). No JSON here.
#ifndef MC_RULES_NINTH_AGE_H
#define MC_RULES_NINTH_AGE_H

#include <stdbool.h>

#include "core/env.h"
#include "geom/geom.h"

/// "Just before base contact" (9A-FA-O) and the gap left by a backtrack or by a placement pushed
/// aside by another unit: 0.001 inch, far below what a tape measure shows and far above
/// MC_LINEAR_SLOP, so the position is never read as contact (A-9A-3, docs/api/ninth-age.md).
#define NA_CLEAR_GAP 0.001

/// The Unit Spacing distance (9A-SP-1): units normally stay more than 1 inch apart.
#define NA_SPACING 1.0

/// Pursuers whose order is searched exhaustively for Combined Charges (9A-PU-1); more chargers
/// than this move in request order.
#define NA_MAX_ORDER_SEARCH 5

/// A facing (side) of a Unit Boundary; also the arc in front of it (9A-ARC-1).
typedef enum NaFacing { NA_FACING_FRONT = 0, NA_FACING_LEFT, NA_FACING_RIGHT, NA_FACING_REAR } NaFacing;

/// "front", "left", "right", "rear".
const char *na_facing_name(NaFacing f);

/// A unit: its Unit Boundary (A-9A-1) and what the pursue rules need to know about it.
typedef struct NaUnit {
    const char *id;
    const char *side;
    McRect rect;      ///< centre, facing (compass degrees), width (front), depth, inches
    bool fled;        ///< fled from the combat being resolved (never a charge target, A-9A-3)
    bool same_combat; ///< a friend that fought in that combat (informative; spacing applies, 9A-LP-1)
} NaUnit;

/// A piece of impassable terrain, split into convex parts.
typedef struct NaTerrain {
    const char *id;
    int part_count;
    McPoly *parts;
} NaTerrain;

/// What stands on the table. Arrays belong to the caller (the request's arena).
typedef struct NaBattlefield {
    bool has_table;
    double table_w, table_h; ///< corners (0,0) and (W,H) when has_table
    NaUnit *units;
    int unit_count;
    NaTerrain *terrain;
    int terrain_count;
} NaBattlefield;

/// One convex shape on the table: a unit (object index == unit index) or a terrain part.
typedef struct NaObject {
    McPoly poly;
    int unit;    ///< unit index, or -1
    int terrain; ///< terrain index, or -1
    bool active; ///< false: removed (destroyed) or ignored for this check
} NaObject;

/// The battlefield as shapes, with a broad phase over them. Objects 0..unit_count-1 are the
/// units, in order; terrain parts follow.
typedef struct NaWorld {
    const NaBattlefield *bf;
    NaObject *objs;
    int count;
    McAabb *boxes;
    McBroadphaseNode *nodes;
    int *scratch;
    McBroadphase bp;
    int *hits; ///< query buffer of `count` indices
} NaWorld;

/// Builds the world for `bf` in the arena. Returns false when memory ran out.
bool na_world_init(McEnv *env, NaWorld *w, const NaBattlefield *bf);
/// Rebuilds the broad phase after objects moved or changed `active`.
void na_world_refresh(NaWorld *w);
/// Moves unit `unit` to `rect` (the battlefield's copy too) and refreshes the broad phase.
void na_world_move_unit(NaWorld *w, int unit, McRect rect);
/// Active objects whose boxes meet `box` (grown by `margin`), written to w->hits; returns how many.
int na_world_query(NaWorld *w, McAabb box, double margin);
/// The id of object `o`: its unit's or its terrain's.
const char *na_object_id(const NaWorld *w, int o);

/// Signed separation of two convex shapes: the gap when apart, minus the penetration depth
/// when overlapping (continuous, and convex along a straight translation).
double na_separation(const McPoly *a, const McPoly *b);

/// The table check: true when `p` lies on the table (within the slop), or there is no table.
bool na_on_table(const NaBattlefield *bf, const McPoly *p);

/// Why a position breaks Unit Spacing at the end of an uncontrolled move (9A-SP-1, 9A-LP-1).
typedef enum NaSpacingFault {
    NA_SPACING_OK = 0,
    NA_SPACING_OFF_TABLE,   ///< some part lies beyond the table edge
    NA_SPACING_OVERLAP,     ///< overlaps a unit or impassable terrain
    NA_SPACING_CONTACT,     ///< touches a unit or terrain it did not charge
    NA_SPACING_NO_CONTACT   ///< a charger that does not touch its target
} NaSpacingFault;

/// The spacing check of one end position.
typedef struct NaSpacing {
    NaSpacingFault fault;
    int object;         ///< the object at fault, else -1
    int nearest;        ///< the nearest other object (not the charged target), or -1
    double nearest_gap; ///< its signed separation (when nearest >= 0)
} NaSpacing;

/// Checks `p` as the end of an uncontrolled move (Charge, Pursue: FACTS 5.3): on the table, no
/// overlap, no contact with anything except the unit `charged` (-1: none), which it must touch.
/// `self` (unit index or -1) is skipped. Fills `out` when non-NULL; returns true when legal.
bool na_spacing_check(NaWorld *w, const McPoly *p, int self, int charged, NaSpacing *out);

/// True when `p` keeps at least `gap` from every active object but `self` and `charged`, touches
/// or overlaps nothing else, and lies on the table.
bool na_clear_by(NaWorld *w, const McPoly *p, int self, int charged, double gap);

/// The arc of `target` in which `point` lies (9A-ARC-1, GEOMETRY.md "Arcs"): front when
/// y > h and y − h > |x| − w in the target's frame, rear likewise behind, otherwise left or right
/// by the sign of x; a point on a dividing line is in the flank arc; x == 0 inside the boundary
/// gives right.
NaFacing na_arc_of_point(McRect target, McVec2 point);

/// The centre of a unit's front facing ("located in" uses it, 9A-ARC-1).
McVec2 na_front_centre(McRect r);

/// A charge placement against one facing of a target (9A-PV-E, 9A-CH-2).
typedef struct NaPlacement {
    McRect rect;           ///< the charger, aligned: its front facing on the target facing's line
    double contact_length; ///< length of front facing shared with the target facing (0: corner to corner)
    double displacement;   ///< distance the centre moved from the reference point
} NaPlacement;

/// Places unit `mover` (its size; its current position is ignored) with its front facing in
/// contact with facing `facing` of unit `target` and parallel to it (the Align Move done), at the
/// legal position (na_spacing_check with `charged` = target) whose centre is nearest `reference`;
/// `max_move` >= 0 caps that distance. Ties go to the position further to the mover's left.
/// Returns false when there is no room.
bool na_charge_place(NaWorld *w, int mover, int target, NaFacing facing, McVec2 reference,
                     double max_move, NaPlacement *out);

// ---- pursue ------------------------------------------------------------------------------------

/// One pursuer as requested.
typedef struct NaPursuerIn {
    int unit;
    double distance;       ///< the Pursuit Distance rolled (inches)
    bool overrun;          ///< an Overrun skips the pivot (9A-PV-1)
    int target;            ///< the owner's choice among several possible targets, or -1
    bool has_post_facing;  ///< the owner names the Post-combat Pivot facing (A-9A-2)
    double post_facing;
} NaPursuerIn;

/// The pursue request.
typedef struct NaPursueIn {
    int pursued;           ///< the pursued unit's index, or -1 when it is not on the table
    double pursued_facing; ///< its direction after the flee (or the one it would have had)
    bool has_flee;         ///< a flee distance was rolled
    double flee_distance;
    bool destroyed;        ///< the pursued unit was already destroyed
    NaPursuerIn *pursuers;
    int pursuer_count;
} NaPursueIn;

/// What lay ahead of the front facing (after the pivot, or in the Forward Ahead rectangle).
typedef enum NaSituation { NA_SIT_ENEMY = 0, NA_SIT_TABLE_EDGE, NA_SIT_OBSTRUCTION, NA_SIT_FREE } NaSituation;

/// "enemy", "table-edge", "obstruction", "free".
const char *na_situation_name(NaSituation s);

/// A pose: the centre and the facing of a unit.
typedef struct NaPose {
    double x, y, facing;
} NaPose;

/// Largest number of poses in one pursuer's path.
#define NA_MAX_PATH 8

/// One pursuer's move, as the answer reports it.
typedef struct NaPursuerOut {
    int index;               ///< into NaPursueIn.pursuers
    int unit;
    bool destroys_fleeing;   ///< 9A-DST-1
    NaPose start;
    bool pivoted;            ///< false for an Overrun
    NaPose pivot;            ///< the pose after the pursuit pivot (9A-PV-1)
    NaSituation situation;   ///< after the pivot (9A-PV-E/T/O/F)
    int situation_object;    ///< object touched, or -1
    bool has_ahead;          ///< the Forward Ahead check ran (9A-FA-0)
    McVec2 ahead[4];         ///< the rectangle: front-right, front-left, far-left, far-right
    NaSituation ahead_kind;  ///< first obstacle in it (NA_SIT_FREE: none)
    int ahead_object;        ///< its object, or -1 (table edge, none)
    double ahead_distance;   ///< distance to it along the path
    NaSituation outcome;     ///< what the move did: charge, table edge, obstruction, free
    const char *rule;        ///< the clause that decided the outcome
    int charge_target;       ///< unit index, or -1
    NaFacing charge_facing;
    double contact_length;
    bool declared;           ///< declared a charge before anyone moved (9A-PU-0)
    bool post_pivot;         ///< made a Post-combat Pivot (A-9A-2)
    NaPose path[NA_MAX_PATH];
    int path_count;
    double moved;            ///< distance moved straight forward; for a charge, the centre's displacement
    bool backtracked;
    NaPose backtrack_from;
    NaSpacingFault backtrack_fault;
    int backtrack_object;
    NaPose final;
    NaSpacing spacing;       ///< the check of the final position (9A-LP-1)
    McReasons reasons;       ///< rulings worth a sentence: a charge without room, no legal pivot
} NaPursuerOut;

/// The pursue answer.
typedef struct NaPursueOut {
    bool fleeing_destroyed;
    NaPursuerOut *pursuers; ///< in the order they moved (9A-PU-1)
    int count;
    int charger_count;      ///< the first `charger_count` moved as declared chargers
    bool order_searched;    ///< the chargers' order was chosen by trying every order
    NaWorld *world;         ///< the battlefield as it ends (object ids for the answer)
} NaPursueOut;

/// Resolves every pursue move (seed "Pursue Moves"). Moves the units of `bf` (and removes a
/// destroyed pursued unit by deactivating it). Returns false when memory ran out.
bool na_pursue(McEnv *env, NaBattlefield *bf, const NaPursueIn *in, NaPursueOut *out);

#endif
