// Broad phase: a static bounding-box tree over obstacle boxes, built once per request into
// caller-provided storage (stb style), so a sweep against thousands of obstacles only runs the
// exact test on the few whose boxes meet the swept box (docs/geometry.md "Broad phase": "a broad phase
// on the swept box prunes obstacles").
//
// Build: top-down median split along the longer axis of the box centres, one item per leaf; the
// tree is balanced (depth <= ceil(log2 n) + 1) and identical on every platform (ties between equal
// centres are broken by item index). Query: every item whose box meets the query box (closed
// boxes: touching counts), in a fixed depth-first order.
#ifndef MC_GEOM_BROADPHASE_H
#define MC_GEOM_BROADPHASE_H

#include <stdbool.h>

#include "geom/vec.h"

/// Nodes needed for `n` items: 2n − 1 (0 for n = 0). Size the caller's node array with it.
#define MC_BROADPHASE_NODES(n) ((n) > 0 ? 2 * (n) - 1 : 0)

/// Largest item count accepted (keeps every index and 2n − 1 inside int with room to spare).
#define MC_BROADPHASE_MAX_ITEMS (1 << 24)

/// Depth-first traversal stack size; more than the depth of any tree of MC_BROADPHASE_MAX_ITEMS.
#define MC_BROADPHASE_STACK 64

/// Working room of mc_broadphase_build, one per item; nothing in it is needed after the build.
typedef struct McBroadphaseScratch {
    double key[2]; ///< an item's centre along x and y (lo + hi), the order its splits use
    int item;
} McBroadphaseScratch;

/// One tree node: a leaf holds one item (item >= 0); an internal node has children `child` and
/// `child + 1` (item == −1).
typedef struct McBroadphaseNode {
    McAabb box;
    int child;
    int item;
} McBroadphaseNode;

/// A built tree. Does not own `nodes`: the caller keeps that array alive while the tree is used.
typedef struct McBroadphase {
    McBroadphaseNode *nodes;
    int node_count;
    int item_count;
} McBroadphase;

/// A query in progress (no allocation; lives on the caller's stack).
typedef struct McBroadphaseIter {
    const McBroadphase *bp;
    McAabb box;
    int top;
    int stack[MC_BROADPHASE_STACK];
} McBroadphaseIter;

/// Builds the tree over `count` boxes (item i is boxes[i]) into `nodes` (capacity
/// `node_capacity`, at least MC_BROADPHASE_NODES(count)), using `scratch` (count of them, only
/// during the build). The boxes are copied into the nodes; `boxes` and `scratch` may be freed afterwards.
/// Returns false, leaving an empty tree, when a pointer is NULL while count > 0, count is negative
/// or above MC_BROADPHASE_MAX_ITEMS, the node capacity is too small, or a box is not finite or has
/// lo > hi. count == 0 gives a valid empty tree.
bool mc_broadphase_build(McBroadphase *bp, McBroadphaseNode *nodes, int node_capacity,
                         McBroadphaseScratch *scratch, const McAabb *boxes, int count);

/// Gives a built tree new boxes for the same `count` items (item i is boxes[i]) without building
/// it again: every leaf takes its item's box and every internal node the union of its children's,
/// so a query finds exactly the items a tree built anew would (in the same order as before the
/// change of boxes, not necessarily a new build's). The shape stays the first build's: fine for
/// a few items that move, slower to query when most have moved far. Returns false, leaving the
/// tree as it was, when the tree holds a different number of items (or none) or a box is not
/// finite or has lo > hi; mc_broadphase_build then decides.
bool mc_broadphase_refit(McBroadphase *bp, const McAabb *boxes, int count);

/// Refits the tree to `boxes` (the tree's own `count` items) only when a build over them would give
/// the very same tree: at every inner node the centres of the left child's items all lie strictly
/// below the right child's along the axis a build would split on there. The nodes are then what
/// mc_broadphase_build would make (queries come in a build's order) for a fraction of its work,
/// and the work a build adds to the budget (core/work.h) is added alike. `centres` is working room
/// for bp->node_count boxes. Returns false when it cannot be sure, or for a box mc_broadphase_build
/// refuses; the tree's boxes may then be partly changed: build it anew.
bool mc_broadphase_refit_as_built(McBroadphase *bp, McAabb *centres, const McAabb *boxes, int count);

/// Starts a query for the items whose boxes meet `box`.
void mc_broadphase_iter_begin(McBroadphaseIter *it, const McBroadphase *bp, McAabb box);

/// The next item index whose box meets the query box, or −1 when there are no more.
int mc_broadphase_iter_next(McBroadphaseIter *it);

#endif
