// The Ninth Age rules on a free-form table, lengths in inches (docs/rules/ninth-age.md): the
// battlefield model (units as Unit Boundary rectangles, impassable terrain, the table), arcs
// (9A-ARC-1), unit spacing (9A-SP-1), charge placement against a facing (9A-PV-E, shared with the
// charge query of 9A-CH-2) and pursue moves (9A-PU-*, 9A-PV-*, 9A-FA-*, 9A-LP-1). No JSON here.
#ifndef MC_RULES_NINTH_AGE_H
#define MC_RULES_NINTH_AGE_H

#include <stdbool.h>

#include "core/env.h"
#include "rules/ninth_age/na_assumptions.h"
#include "geom/geom.h"

/// "Just before base contact" (9A-FA-O) and the gap left by a backtrack or by a placement pushed
/// aside by another unit: 0.001 inch, far below what a tape measure shows and far above
/// MC_LINEAR_SLOP, so the position is never read as contact (A-9A-3, docs/api/ninth-age.md).
#define NA_CLEAR_GAP 0.001

/// The Unit Spacing distance (9A-SP-1): units normally stay more than 1 inch apart.
#define NA_SPACING 1.0

/// Most files (or ranks) a unit given by bases may have: it bounds the models counted along a
/// facing (Maximising Contact 4) and the slides where that count changes.
#define NA_MAX_FILES 100

/// Pursuers whose order is searched exhaustively for Combined Charges (9A-PU-1); more chargers
/// than this move in request order.
#define NA_MAX_ORDER_SEARCH 5

/// A facing (side) of a Unit Boundary; also the arc in front of it (9A-ARC-1).
typedef enum NaFacing { NA_FACING_FRONT = 0, NA_FACING_LEFT, NA_FACING_RIGHT, NA_FACING_REAR } NaFacing;

/// "front", "left", "right", "rear".
const char *mc_na_facing_name(NaFacing f);

/// A unit: its Unit Boundary (A-9A-1) and what the pursue rules need to know about it.
typedef struct NaUnit {
    const char *id;
    const char *side;
    McRect rect;      ///< centre, facing (compass degrees), width (front), depth, inches
    bool fled;        ///< fled from the combat being resolved (never a charge target, A-9A-3)
    bool same_combat; ///< a friend that fought in that combat (informative; spacing applies, 9A-LP-1)
    int files, ranks; ///< models along the front and along a flank when given by bases, else 0
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
    McPoly poly;          ///< over `corners` for a unit, over the terrain part's vertices else
    McVec2 corners[4];    ///< a unit's corners (mc_rect_to_poly)
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
    McBroadphaseScratch *scratch;
    McBroadphase bp;
    bool built;  ///< bp is built (after NA_WORLD_SCANS queries; before, queries scan the boxes)
    int scans;   ///< queries answered by scanning so far
    int *hits; ///< query buffer of `count` indices
} NaWorld;

/// Queries of one world answered by scanning its boxes before its broad phase is built.
#define NA_WORLD_SCANS 64

/// Builds the world for `bf` in the arena. Returns false when memory ran out.
bool mc_na_world_init(McEnv *env, NaWorld *w, const NaBattlefield *bf);
/// Brings the broad phase up to date after units' polygons changed (terrain parts never change
/// after mc_na_world_init). Objects changing `active` need nothing: queries read it.
void mc_na_world_refresh(NaWorld *w);
/// Puts every unit back where `rects` (one per unit) has it, and refreshes the broad phase: a
/// charge order search starting again from a table it kept.
void mc_na_world_place_all(NaWorld *w, const McRect *rects);
/// Moves unit `unit` to `rect` (the battlefield's copy too) and refreshes the broad phase.
void mc_na_world_move_unit(NaWorld *w, int unit, const McRect *rect);
/// Active objects whose boxes meet `box` (grown by `margin`), written to w->hits in object order;
/// returns how many. The first NA_WORLD_SCANS queries scan every box; the broad phase is built
/// for the next (a pursuit with one charge asks a handful, and building the tree over a 700-object
/// table cost a hundred scans).
int mc_na_world_query(NaWorld *w, const McAabb *box, double margin);
/// Sorts `n` ints ascending (a heapsort: not libc's qsort, whose code the module then leaves out).
void mc_na_sort_ints(int *a, int n);
/// The id of object `o`: its unit's or its terrain's.
const char *mc_na_object_id(const NaWorld *w, int o);

/// Signed separation of two convex shapes: the gap when apart, minus the penetration depth
/// when overlapping (continuous, and convex along a straight translation).
double mc_na_separation(const McPoly *a, const McPoly *b);
/// mc_na_separation of the rectangle `r` from `b`.
double mc_na_rect_separation(const McRect *r, const McPoly *b);
/// mc_na_separation(a, b) < −MC_LINEAR_SLOP (they overlap), told by the SAT alone: a separation
/// above −slop on any axis settles it, usually on the first few (mc_poly_sat_separation_until).
bool mc_na_overlaps(const McPoly *a, const McPoly *b);

/// How far a point at coordinate `c` moving `d` per unit of distance along one axis goes before it
/// reaches 0 or `lim` (negative when already beyond the one it moves to); INFINITY when d is about 0.
double mc_na_to_table_edge(double c, double lim, double d);
/// The table check: true when `p` lies on the table (within the slop), or there is no table.
bool mc_na_on_table(const NaBattlefield *bf, const McPoly *p);
/// The four strips (1" thick) just outside the table, so that a sweep meets its edge like an
/// obstacle; their count, 0 without a table.
int mc_na_table_strips(const NaBattlefield *bf, McVec2 corners[4][4], McPoly strips[4]);

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

/// Checks `p` as the end of an uncontrolled move (Charge, Pursue: 9A-SP-1): on the table, no
/// overlap, no contact with anything except the unit `charged` (-1: none), which it must touch.
/// `self` (unit index or -1) is skipped. Fills `out` when non-NULL; returns true when legal.
bool mc_na_spacing_check(NaWorld *w, const McPoly *p, int self, int charged, NaSpacing *out);

/// True when `p` keeps at least `gap` from every active object but `self` and `charged`, touches
/// or overlaps nothing else, and lies on the table.
bool mc_na_clear_by(NaWorld *w, const McPoly *p, int self, int charged, double gap);

/// The arc of `target` in which `point` lies (9A-ARC-1, docs/geometry.md "Arcs"): front when
/// y > h and y − h > |x| − w in the target's frame, rear likewise behind, otherwise left or right
/// by the sign of x; a point on a dividing line is in the flank arc; x == 0 inside the boundary
/// gives right.
NaFacing mc_na_arc_of_point(const McRect *target, McVec2 point);
/// The arc of `target` in which the centre of `unit`'s front facing lies: where the unit is
/// "located" (9A-ARC-1).
NaFacing mc_na_arc_of_front(const McRect *target, const McRect *unit);

/// The centre of a unit's front facing ("located in" uses it, 9A-ARC-1).
McVec2 mc_na_front_centre(const McRect *r);

/// A charge placement against one facing of a target (9A-PV-E, 9A-CH-2).
typedef struct NaPlacement {
    McRect rect;           ///< the charger, aligned: its front facing on the target facing's line
    double contact_length; ///< length of front facing shared with the target facing (0: corner to corner)
    double displacement;   ///< distance the centre moved from the reference point
} NaPlacement;

/// Places unit `mover` (its size; its current position is ignored) with its front facing in
/// contact with facing `facing` of unit `target` and parallel to it (the Align Move done), at the
/// legal position (mc_na_spacing_check with `charged` = target) whose centre is nearest `reference`;
/// `max_move` >= 0 caps that distance. Ties go to the position further to the mover's left.
/// Returns false when there is no room.
bool mc_na_charge_place(NaWorld *w, int mover, int target, NaFacing facing, McVec2 reference,
                     double max_move, NaPlacement *out);

/// The slides (as in NaChargeMove.slide: along facing `facing` of `target`, to the charger's
/// right, 0 = centred) where the aligned `mover` starts or stops coming nearer than NA_CLEAR_GAP
/// to some other object; at most `cap` written to `out`, returns how many.
int mc_na_slide_blocked_ends(NaWorld *w, int mover, int target, NaFacing facing, double *out, int cap);

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
    int flees_from;        ///< -1: the pursued unit stands where its flee ended; else the enemy it
                           ///< flees from, where it broke: its flee (9A-FL-1) is made first
    NaPursuerIn *pursuers;
    int pursuer_count;
} NaPursueIn;

/// What lay ahead of the front facing (after the pivot, or in the Forward Ahead rectangle).
typedef enum NaSituation { NA_SIT_ENEMY = 0, NA_SIT_TABLE_EDGE, NA_SIT_OBSTRUCTION, NA_SIT_FREE } NaSituation;

/// "enemy", "table-edge", "obstruction", "free".
const char *mc_na_situation_name(NaSituation s);

/// A pose: the centre and the facing of a unit.
typedef struct NaPose {
    double x, y, facing;
} NaPose;

/// Largest number of poses in one pursuer's path.
#define NA_MAX_PATH 8
/// Enemies a pursuer's front facing may touch at once after its pivot, listed as a choice (9A-PV-E).
#define NA_MAX_TARGET_OPTIONS 8

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
    bool rotates_target;     ///< the Align Move rotated the charged unit instead (not engaged, 9A-CH-2)
    NaPose target_final;     ///< the charged unit's pose after that rotation
    bool declared;           ///< declared a charge before anyone moved (9A-PU-0)
    bool post_pivot;         ///< made a Post-combat Pivot (A-9A-2)
    NaPose path[NA_MAX_PATH];
    int path_count;
    double moved;            ///< distance moved straight forward; for a charge, the centre's displacement
    bool backtracked;        ///< moved back along its path to a legal position (9A-LP-1)
    /// 9A-PV-E with no `target` named: the enemies its front facing touched after the pivot, the one
    /// taken first (a choice when two or more, each a unit index).
    int target_options[NA_MAX_TARGET_OPTIONS];
    int target_option_count;
    bool charge_undone;      ///< the backtrack took a charger out of contact with its target (9A-LP-1)
    NaPose backtrack_from;
    NaSpacingFault backtrack_fault;
    int backtrack_object;
    NaPose final;
    NaSpacing spacing;       ///< the check of the final position (9A-LP-1)
    McReasons reasons;       ///< rulings worth a sentence: a charge without room, no legal pivot
} NaPursuerOut;

// ---- flee (9A-FL-1) ----------------------------------------------------------------------------

#define NA_MAX_CROSSED 64

/// Something a flee move passes through.
typedef struct NaCrossed {
    int object;
    bool enemy, terrain; ///< enemy unit / impassable terrain: Dangerous (4+); else a friend (panic)
} NaCrossed;

/// A flee move (9A-FL-1).
typedef struct NaFleeOut {
    int from;              ///< the enemy fled from (-1: none)
    NaFacing engaged;      ///< its facing the rear is made parallel to
    bool engaged_contact;  ///< that facing touched the fleeing unit (else the arc decided it)
    bool by_centre;        ///< no enemy named and none touching: directly away from the closest, centre to centre
    McRect start, pivot, end;
    double extended;       ///< extra distance to end clear of units and terrain
    bool leaves_table;     ///< touches the table edge: removed as a casualty
    double edge_at;        ///< distance moved when it touched the edge
    NaCrossed crossed[NA_MAX_CROSSED];
    int crossed_count;
} NaFleeOut;

/// Flees unit `unit` `distance` inches from enemy `from` (-1: the closest enemy).
bool mc_na_flee(McEnv *env, NaWorld *w, int unit, int from, double distance, NaFleeOut *out);

/// The trace steps of flee `out` of unit `unit`: whom it flees from, its pivot, how far it went on.
void mc_na_flee_trace(McEnv *env, const NaBattlefield *bf, int unit, const NaFleeOut *out);

/// The pursue answer.
typedef struct NaPursueOut {
    bool fleeing_destroyed;
    bool fled;              ///< the flee was worked out here (NaPursueIn.flees_from), its move made
                            ///< unless the fleeing unit was destroyed first (9A-DST-1)
    NaFleeOut flee;
    NaPursuerOut *pursuers; ///< in the order they moved (9A-PU-1)
    int count;
    int charger_count;      ///< the first `charger_count` moved as declared chargers
    bool order_searched;    ///< the chargers' order was chosen by trying every order
    NaWorld *world;         ///< the battlefield as it ends (object ids for the answer)
} NaPursueOut;

/// Resolves every pursue move (seed "Pursue Moves"). Moves the units of `bf` (and removes a
/// destroyed pursued unit by deactivating it). Returns false when memory ran out.
bool mc_na_pursue(McEnv *env, NaBattlefield *bf, const NaPursueIn *in, NaPursueOut *out);

// ---- charge (9A-CH-1..4) -----------------------------------------------------------------------

/// Largest wheel of a charge move, degrees (9A-CH-1).
#define NA_MAX_WHEEL 90.0

/// Chargers at one target whose order is searched exhaustively (9A-CH-4); more move in request order.
#define NA_MAX_COMBINED 5

/// What a charge may do; filled by the caller.
typedef struct NaChargeIn {
    int charger, target;      ///< unit indices
    bool has_range;           ///< false: any distance (the answer gives the distance needed)
    double range;             ///< the charge range rolled, inches
    NaFacing facing;          ///< the target facing to contact, fixed by the arc (9A-ARC-1)
    bool may_rotate_target;   ///< the Align Move may rotate the target instead (not yet engaged)
    const unsigned char *pass; ///< nullable, per world object: may be moved through (pursuers, 9A-EX-1)
} NaChargeIn;

/// One complete charge move: straight `a`, one wheel of `wheel` degrees (clockwise positive) about
/// a front corner, straight `b` into contact, then the Align Move of `align` degrees about the
/// contact point (9A-CH-1, 9A-CH-2).
typedef struct NaChargeMove {
    double a, wheel, b, align;
    McRect start, after_a, after_wheel, contact, final;
    McVec2 pivot;             ///< the wheel's front corner
    McVec2 contact_point;     ///< where the front facing first touched the target facing
    double distance;          ///< a + b + the outer front corner's wheel path
    double slide;             ///< where along the target facing (inches, to the charger's right)
    bool rotates_target;      ///< the target was rotated instead of the charger (Align Move)
    McRect target_final;      ///< the target after the move
    int others;               ///< other enemy units the charger ends touching (Maximising Contact 1)
    double contact_length;    ///< length of front facing against the target facing (0: corner)
    double models;            ///< models in base contact, both sides (Maximising Contact 4)
    bool in_range;
} NaChargeMove;

/// Why a charge cannot be completed.
typedef enum NaChargeFail {
    NA_CHARGE_OK = 0,
    NA_CHARGE_OUT_OF_RANGE,   ///< a legal move exists but is longer than the range
    NA_CHARGE_WHEEL_OVER_90,  ///< only a wheel of more than 90° would bring the front facing in
    NA_CHARGE_CANNOT_REACH,   ///< no straight–wheel–straight path reaches the facing at all
    NA_CHARGE_NO_ROOM,        ///< no position in contact with the facing is legal
    NA_CHARGE_BLOCKED         ///< positions exist but something is in the way of every path
} NaChargeFail;

/// An alternative placement and the Maximising Contact priority it lost on.
typedef struct NaChargeAlt {
    NaChargeMove move;
    int lost_on; ///< 1 other enemies, 3 rotates the target, 4 models, 5 distance, 6 wheel, 7 side
} NaChargeAlt;

#define NA_MAX_ALTS 5

/// The answer for one charger.
typedef struct NaChargeOut {
    bool possible;
    NaChargeFail fail;
    NaChargeMove best;        ///< valid when possible (or, out of range, the shortest legal move)
    bool has_best;
    double needed;            ///< shortest legal distance ignoring the range (has_needed)
    bool has_needed;
    int blocker;              ///< object in the way / without room, or -1
    NaChargeAlt alts[NA_MAX_ALTS];
    int alt_count;
    int candidates;           ///< complete legal moves compared
    McReasons reasons;        ///< why not (mc_na_charge_explain)
} NaChargeOut;

/// Compares two moves by Maximising Contact (9A-CH-3): returns 0 when equal, otherwise ±level
/// (negative: `x` better) where level is the first deciding priority as in NaChargeAlt.lost_on.
int mc_na_charge_compare(const NaChargeMove *x, const NaChargeMove *y);

/// Finds the charge move of `in` on the world as it stands (9A-CH-1..3): straight–wheel–straight
/// paths ending in contact with the target facing, aligned; the best by Maximising Contact, then
/// the shortest. Wheel angles are those of a 1° grid plus the exact angles (to 1e-12°) where the
/// shortest move of each end slide, or with a straight part of zero length, lies, so a best move
/// that is not blocked by a third object is exact. Returns false
/// when memory ran out.
bool mc_na_charge_solve(McEnv *env, NaWorld *w, const NaChargeIn *in, NaChargeOut *out);

/// Writes the trace of `out` (9A-ARC-1, 9A-CH-1..3) and, when the charge is not possible, its
/// reason. `w` is the world the move was found on (object ids).
void mc_na_charge_explain(McEnv *env, const NaWorld *w, const NaChargeIn *in, NaChargeOut *out);
/// Why a charge cannot be completed (out->fail, out->blocker), added to out->reasons (one more
/// each call); NULL when it can, or when out of memory. Reason codes: out_of_range, wheel_over_90,
/// cannot_reach_facing, no_room, path_blocked (na_pursue.c tells them by their first letter).
McReason *mc_na_charge_reason(McEnv *env, const NaWorld *w, const NaChargeIn *in, NaChargeOut *out);

/// A phrase saying why an alternative lost, for NaChargeAlt.lost_on.
const char *mc_na_charge_lost_words(int level);

/// A Failed Charge Move (2nd edition; A-9A-4): the highest D6 of the charge roll,
/// a wheel towards the target's Centre until the front faces it or is blocked, then straight.
typedef struct NaFailedOut {
    double distance;       ///< the highest D6: how far it may move
    McRect start, after_wheel, final;
    double wheel;          ///< signed degrees (clockwise positive) actually wheeled
    bool clockwise;        ///< towards the right (about the front-right corner)
    McVec2 pivot;          ///< the wheel's front corner
    double wheel_path;     ///< the outer front corner's path
    bool faces_target;     ///< the wheel ended facing the target's Centre
    bool wheel_blocked;    ///< something stopped the wheel (wheel_blocker; -1 the table edge)
    int wheel_blocker;
    double straight;       ///< straight forward after the wheel
    bool straight_blocked; ///< something stopped it (straight_blocker; -1 the table edge)
    int straight_blocker;
    double moved;          ///< wheel_path + straight
} NaFailedOut;

/// The Failed Charge Move of unit `charger` at `target` over `distance` inches, on the world as
/// it stands (the charger is not moved). Returns false when memory ran out.
bool mc_na_failed_charge(McEnv *env, NaWorld *w, int charger, int target, double distance, NaFailedOut *out);

/// One charger of a combined charge, as requested.
typedef struct NaChargerIn {
    int unit;
    bool has_range;
    double range;
    int highest_die;       ///< the highest D6 of the charge roll (1..6), 0 when not given
} NaChargerIn;

/// How well one order of combined chargers satisfies Maximising Contact after all moves.
typedef struct NaOrderScore {
    int others;    ///< other enemy units touched, summed over the chargers (priority 1)
    int done;      ///< chargers that end in contact (priority 2)
    int rotations; ///< chargers that rotated the target (priority 3)
    double models; ///< models in base contact, summed (priority 4)
} NaOrderScore;

/// The combined answer: every charger, in the order they moved (9A-CH-4).
typedef struct NaCombinedOut {
    int count;
    int *order;           ///< indices into the request's chargers, in moving order
    NaChargeOut *results; ///< by moving position
    NaFailedOut *failed;  ///< by moving position: the Failed Charge Move of a charger that failed
    bool *has_failed;     ///< by moving position: whether it made one (not possible, die given)
    NaFacing *facings;    ///< by moving position: the facing fixed by the arc before anyone moved
    bool order_searched;
    NaOrderScore chosen;  ///< the order that moved (order_searched: the best)
    NaOrderScore request; ///< the request order (order_searched), to say why another order won
    int decided_on;       ///< the priority (1..4) on which the chosen order beat the request order; 0: it is the request order or equal to it
    NaWorld *world;
} NaCombinedOut;

/// Moves `count` chargers at `target` in the order that best satisfies Maximising Contact after
/// all moves (9A-CH-4); the target may be rotated only by the first. A charger whose charge cannot
/// be completed and whose highest die is given makes its Failed Charge Move in its turn (failing chargers move in the
/// order too, 9A-CH-4 Combined Charges). Moves the units of `bf`.
bool mc_na_charge_combined(McEnv *env, NaBattlefield *bf, int target, const NaChargerIn *chargers, int count,
                        NaCombinedOut *out);

// ---- spacing (9A-SP-1) -------------------------------------------------------------------------

/// The moment a position is checked at.
typedef enum NaMoment { NA_MOMENT_NORMAL = 0, NA_MOMENT_DURING, NA_MOMENT_UNCONTROLLED } NaMoment;

/// One pair closer than Unit Spacing allows.
typedef struct NaSpacingPair {
    int a, b;          ///< objects (b = -1: the table edge)
    double gap;        ///< signed separation (negative: overlap depth)
    double limit;      ///< the distance the rule asks for ("more than")
    NaSpacingFault kind; ///< NA_SPACING_OK for merely too close
} NaSpacingPair;

/// Every unit–unit and unit–terrain pair breaking Unit Spacing at `moment`. `mover` (-1: none) is
/// the unit moving (DURING) or that made the uncontrolled move (UNCONTROLLED) and `charged` its
/// charge target; other pairs are checked as normal. Enemy units in base contact are in combat
/// and listed in `engaged`. Arrays are arena-allocated.
typedef struct NaSpacingOut {
    NaSpacingPair *pairs;
    int count;
    int *engaged;      ///< pairs of unit indices, 2 per entry
    int engaged_count;
    int *close;        ///< uncontrolled: pairs left within 1" that may stay (2 per entry)
    int close_count;
    bool truncated;    ///< more pairs than the lists hold (8 per unit)
} NaSpacingOut;

bool mc_na_spacing_all(McEnv *env, NaWorld *w, NaMoment moment, int mover, int charged, NaSpacingOut *out);

/// Rearranges a[0..n-1] into the next permutation in lexicographic order; false (and a left
/// as it was) after the last one.
bool mc_na_next_permutation(int *a, int n);


#endif
