// Oriented rectangles, convex polygons, segments, and the contact test between convex polygons
// (docs/api.md "Contact and tolerance", docs/geometry.md). Nothing here allocates: a polygon is a
// count and the caller's vertices, and every array is the caller's.
//
// Tolerance: one constant, MC_LINEAR_SLOP (1e-6 length units).
//   - OVERLAPPING: the interiors intersect by more than the slop (penetration depth > slop).
//   - TOUCHING:    not overlapping, and the gap between them is at most the slop
//                  (gap <= slop and depth <= slop).
//   - SEPARATED:   the gap is more than the slop.
// The penetration depth is the length of the shortest translation that separates the shapes
// (exact for convex polygons: the smallest overlap over all edge normals).
#ifndef MC_GEOM_POLY_H
#define MC_GEOM_POLY_H

#include <stdbool.h>

#include "core/limits.h"
#include "geom/vec.h"

/// The most vertices of one convex polygon (the terrain limit; a rectangle has 4).
#define MC_POLY_CAPACITY MC_MAX_POLYGON_VERTICES

/// A convex polygon, vertices counter-clockwise (x right, y up), 0 <= count <= MC_POLY_CAPACITY.
/// Edge i runs from v[i] to v[(i + 1) % count]; its outward normal is perp_right(edge).
/// The vertices are storage the polygon's maker owns (a rectangle's four corners, an arena
/// array): a McPoly is a count and a pointer, cheap to pass and copy, valid while that storage is.
/// Degenerate polygons (repeated or collinear vertices, zero area) never crash any function here.
typedef struct McPoly {
    int count;
    McVec2 *v;
} McPoly;

/// An oriented rectangle: a unit base on a free-form table (docs/api.md "Free-form tables").
typedef struct McRect {
    McVec2 centre;   ///< centre of the rectangle, table units
    double facing;   ///< compass degrees: 0 faces +y, 90 faces +x, clockwise; any finite value
    double width;    ///< length of the front edge (>= 0; the sign is ignored)
    double depth;    ///< distance front to back (>= 0; the sign is ignored)
} McRect;

/// Corners of a rectangle, in the (counter-clockwise) order of mc_rect_to_poly.
typedef enum McRectCorner {
    MC_RECT_FRONT_RIGHT = 0,
    MC_RECT_FRONT_LEFT = 1,
    MC_RECT_BACK_LEFT = 2,
    MC_RECT_BACK_RIGHT = 3
} McRectCorner;

/// Edges of a rectangle polygon from mc_rect_to_poly: edge i runs from corner i to corner i + 1.
typedef enum McRectEdge {
    MC_RECT_EDGE_FRONT = 0, ///< front-right → front-left
    MC_RECT_EDGE_LEFT = 1,  ///< front-left → back-left
    MC_RECT_EDGE_BACK = 2,  ///< back-left → back-right
    MC_RECT_EDGE_RIGHT = 3  ///< back-right → front-right
} McRectEdge;

/// How two shapes relate (see the tolerance paragraph at the top of this header).
typedef enum McContactState {
    MC_CONTACT_SEPARATED = 0,
    MC_CONTACT_TOUCHING = 1,
    MC_CONTACT_OVERLAPPING = 2
} McContactState;

/// Which kind of feature of a polygon takes part in a contact.
typedef enum McFeatureKind { MC_FEATURE_VERTEX = 0, MC_FEATURE_EDGE = 1 } McFeatureKind;

/// A vertex (v[index]) or an edge (v[index] → v[index + 1]) of a polygon.
typedef struct McFeature {
    McFeatureKind kind;
    int index;
} McFeature;

/// The relation between polygon a and polygon b, as filled by mc_poly_contact.
/// Feature pairs: vertex/edge or edge/vertex (a corner on a side), edge/edge (flush: the sides lie
/// on each other along a shared stretch longer than the slop), vertex/vertex (corner to corner).
typedef struct McContact {
    McContactState state;
    double separation; ///< Euclidean gap (>= 0) when the interiors are disjoint, else −depth
    McVec2 normal;     ///< unit vector from b towards a (the direction that separates a from b)
    McVec2 point_a;    ///< a point of a nearest b (for overlap: a's deepest point along −normal)
    McVec2 point_b;    ///< a point of b nearest a; for TOUCHING, |point_a − point_b| <= slop
    McVec2 point;      ///< the contact point: midpoint of point_a and point_b (mid-stretch if flush)
    McFeature feature_a; ///< a's feature at the contact
    McFeature feature_b; ///< b's feature at the contact
    bool flush;        ///< true for an edge/edge contact
    McVec2 shared_from; ///< flush only: one end of the shared stretch (on b's edge), else = point
    McVec2 shared_to;   ///< flush only: the other end, else = point
} McContact;

/// How two segments meet (mc_segment_intersect).
typedef enum McSegmentRelation {
    MC_SEGMENTS_DISJOINT = 0, ///< more than the slop apart
    MC_SEGMENTS_POINT = 1,    ///< they cross or touch (within the slop) at one point
    MC_SEGMENTS_OVERLAP = 2   ///< collinear within the slop, sharing a stretch longer than the slop
} McSegmentRelation;

/// Result of mc_poly_decompose.
typedef enum McDecomposeStatus {
    MC_DECOMPOSE_OK = 0,
    MC_DECOMPOSE_TOO_FEW_VERTICES,  ///< fewer than 3 distinct vertices
    MC_DECOMPOSE_TOO_MANY_VERTICES, ///< more than MC_MAX_POLYGON_VERTICES
    MC_DECOMPOSE_NOT_FINITE,        ///< a coordinate is NaN or infinite
    MC_DECOMPOSE_DEGENERATE,        ///< repeated vertex, spike (edge doubling back) or zero area
    MC_DECOMPOSE_SELF_INTERSECTING, ///< two non-adjacent edges cross or come within the slop
    MC_DECOMPOSE_OUT_OF_SPACE,      ///< more convex parts than out_capacity (*out_count = needed)
    MC_DECOMPOSE_FAILED             ///< numerically too thin to triangulate
} McDecomposeStatus;

// ---- rectangles --------------------------------------------------------------------------------

/// The axis-aligned rectangle with corners (x0, y0) and (x1, y1), x0 < x1 and y0 < y1, as a
/// counter-clockwise polygon starting at (x0, y0), its vertices written to `corners`. Tables,
/// bounding boxes and test shapes.
McPoly mc_poly_box(double x0, double y0, double x1, double y1, McVec2 corners[4]);

/// The rectangle as a CCW polygon over `corners`, which receives them in this order:
/// front-right, front-left, back-left, back-right (see McRectCorner), so edge 0 is the front, 1
/// the left side, 2 the back, 3 the right side (McRectEdge). Uses the deterministic trigonometry,
/// so facings that are multiples of 90° give exact axis-aligned corners. By pointer: a rectangle
/// passed by value is a 40-byte copy at each of the many calls in WebAssembly (the modules' size).
McPoly mc_rect_to_poly(const McRect *rect, McVec2 corners[4]);
/// mc_rect_to_poly with the sine and cosine of rect.facing given (as mc_trig_sincos_deg gives
/// them): the same corners, for a caller that makes many rectangles of one facing.
McPoly mc_rect_to_poly_sc(const McRect *rect, double sin_facing, double cos_facing, McVec2 corners[4]);

/// One corner of the rectangle (the same value as mc_rect_to_poly(rect).v[corner]).
McVec2 mc_rect_corner(McRect rect, McRectCorner corner);

/// A world point expressed in the rectangle's frame: x to its right, y forward, origin at its
/// centre (docs/geometry.md "Arcs" uses this frame).
McVec2 mc_rect_to_local(const McRect *rect, McVec2 world);

/// A point given in the rectangle's frame (x right, y forward) expressed in world coordinates.
McVec2 mc_rect_to_world(const McRect *rect, McVec2 local);

// ---- convex polygons ---------------------------------------------------------------------------

/// Builds a convex polygon from `count` points given in either winding (clockwise input is
/// reversed) into out->v, which must have room for `count` vertices. Returns false, leaving
/// out->count = 0, when pts is NULL, count is outside
/// 3..MC_POLY_CAPACITY, a coordinate is not finite, the area is not positive, or a vertex turns
/// the wrong way by more than the slop (the shape is not convex). Collinear vertices are kept.
bool mc_poly_from_points(McPoly *out, const McVec2 *pts, int count);

/// The signed area (positive for CCW), in square units. 0 for fewer than 3 vertices.
double mc_poly_area(const McPoly *poly);

/// The bounding box. For count == 0 the box is the single point (0, 0).
McAabb mc_poly_aabb(const McPoly *poly);

/// `poly` moved by `offset`, its vertices written to `out` (room for poly->count; may be poly->v).
McPoly mc_poly_translate(const McPoly *poly, McVec2 offset, McVec2 *out);

/// `poly` turned clockwise (compass sense) by `degrees` about `pivot`, its vertices written to
/// `out` (room for poly->count; may be poly->v). Uses the deterministic trigonometry; winding
/// stays CCW.
McPoly mc_poly_rotate(const McPoly *poly, McVec2 pivot, double degrees, McVec2 *out);

/// Where point p is relative to the polygon: OVERLAPPING when inside by more than the slop,
/// TOUCHING when within the slop of the boundary, SEPARATED otherwise.
McContactState mc_poly_classify_point(const McPoly *poly, McVec2 p);

/// The contact state of two convex polygons (see the top of this header). When `separation` is
/// not NULL it receives the Euclidean gap (>= 0) when the interiors are disjoint, else −depth.
/// An empty polygon (count == 0) is SEPARATED from everything, with separation 4·MC_MAX_COORD.
McContactState mc_poly_overlap(const McPoly *a, const McPoly *b, double *separation);

/// The Euclidean distance between two convex polygons: 0 when they intersect. For spacing rules
/// ("1 inch apart") compare |distance − 1.0| with MC_LINEAR_SLOP.
double mc_poly_distance(const McPoly *a, const McPoly *b);

/// The full contact description of a against b: state, separation, normal, nearest points and
/// the features involved (see McContact). `out` must be non-NULL; returns out->state.
McContactState mc_poly_contact(const McPoly *a, const McPoly *b, McContact *out);
/// What mc_poly_contact gives when a polygon is empty (separated, no features), without the
/// call: the sweeps start every answer from it.
void mc_contact_none(McContact *out);

/// The largest signed separation of the two polygons over the edge normals of both (the SAT
/// value): positive is a gap along that axis (a lower bound of the distance), negative is the
/// penetration depth negated. `axis` (nullable) receives the unit axis pointing from b to a.
double mc_poly_sat_separation(const McPoly *a, const McPoly *b, McVec2 *axis);
/// mc_poly_sat_separation without the axis, for a caller that compares it with thresholds at
/// most `stop`: it stops at the first axis whose gap is above `stop` and returns that gap (the
/// separation is at least that), else the separation itself, the same bits. Any comparison of
/// the result with a threshold <= stop therefore comes out as with mc_poly_sat_separation; a
/// separated pair is usually told after one or two axes instead of all of both polygons'.
double mc_poly_sat_separation_until(const McPoly *a, const McPoly *b, double stop);

/// Splits a simple polygon (concave allowed, either winding, no holes) into convex CCW parts:
/// ear clipping, then Hertel–Mehlhorn merging of triangles across diagonals (at most 4× the
/// optimal number of parts). A closing vertex equal to the first is ignored; vertices lying on
/// the segment between their neighbours (within the slop) are dropped. Writes up to
/// `out_capacity` polygons to `out`, their vertices one after another to `vertices` (room for
/// MC_DECOMPOSE_VERTICES(count)), and the number of parts to *out_count (0 on failure except
/// OUT_OF_SPACE, where it is the number needed). The union of the parts is the input polygon.
McDecomposeStatus mc_poly_decompose(const McVec2 *pts, int count, McPoly *out, int out_capacity,
                                    McVec2 *vertices, int *out_count);
/// Room for the parts' vertices of a polygon of n vertices: its own n, and both ends of each
/// diagonal kept between parts (at most n - 3 of them).
#define MC_DECOMPOSE_VERTICES(n) (3 * (n))

// ---- segments ----------------------------------------------------------------------------------

/// The point of segment [a, b] nearest p (a when the segment has zero length).
McVec2 mc_segment_closest_point(McVec2 a, McVec2 b, McVec2 p);

/// The distance from p to segment [a, b].
double mc_segment_distance(McVec2 a, McVec2 b, McVec2 p);

/// How segments [p0, p1] and [q0, q1] meet, with the slop: POINT writes the crossing (or the
/// midpoint of the nearest points when they only come within the slop) to *at; OVERLAP writes the
/// ends of the shared stretch (on [p0, p1]) to *at and *at_end. Zero-length segments act as points.
/// `at` and `at_end` may be NULL.
McSegmentRelation mc_segment_intersect(McVec2 p0, McVec2 p1, McVec2 q0, McVec2 q1, McVec2 *at,
                                       McVec2 *at_end);

#endif
