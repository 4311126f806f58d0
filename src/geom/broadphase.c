// Static box tree (see broadphase.h). Built top-down without recursion: an explicit stack of
// (node, range) jobs, median split by quickselect on the box centres (worked out once per item).
#include "geom/broadphase.h"

#include <math.h>
#include <stddef.h>

#include "core/work.h"

// Puts the k-th smallest of s[0..n) at s[k], smaller ones before, larger after, in the total order
// along `axis`: centre (lo + hi, no halving needed), then item index, so the tree is the same
// whatever the platform's sort would do with ties (Hoare quickselect, middle pivot; all keys
// are distinct under that order). The keys sit beside the items: a comparison is one load.
static void select_nth(McBroadphaseScratch *s, int n, int k, int axis) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        McBroadphaseScratch p = s[lo + (hi - lo) / 2];
        double kp = p.key[axis];
        int i = lo, j = hi;
        while (i <= j) {
            while (s[i].key[axis] < kp || (s[i].key[axis] == kp && s[i].item < p.item)) i++;
            while (kp < s[j].key[axis] || (kp == s[j].key[axis] && p.item < s[j].item)) j--;
            if (i <= j) {
                McBroadphaseScratch t = s[i];
                s[i] = s[j];
                s[j] = t;
                i++;
                j--;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else break;
    }
}

static bool box_ok(McAabb b) {
    return mc_vec2_is_finite(b.lo) && mc_vec2_is_finite(b.hi) && b.lo.x <= b.hi.x && b.lo.y <= b.hi.y;
}

bool mc_broadphase_build(McBroadphase *bp, McBroadphaseNode *nodes, int node_capacity,
                         McBroadphaseScratch *scratch, const McAabb *boxes, int count) {
    if (!bp) return false;
    bp->nodes = nodes;
    bp->node_count = 0;
    bp->item_count = 0;
    if (count == 0) return true;
    if (count < 0 || count > MC_BROADPHASE_MAX_ITEMS || !nodes || !scratch || !boxes) return false;
    if (node_capacity < MC_BROADPHASE_NODES(count)) return false;
    // A median split per level, a dozen levels for the largest trees, each moving and measuring
    // every item's box.
    mc_work_add(64 * (uint64_t)count);
    for (int i = 0; i < count; i++) {
        if (!box_ok(boxes[i])) return false;
        scratch[i].item = i;
        scratch[i].key[0] = boxes[i].lo.x + boxes[i].hi.x;
        scratch[i].key[1] = boxes[i].lo.y + boxes[i].hi.y;
    }
    struct {
        int node, lo, hi;
    } job[MC_BROADPHASE_STACK];
    int top = 0, used = 1;
    job[top].node = 0, job[top].lo = 0, job[top].hi = count, top++;
    while (top > 0) {
        top--;
        int node = job[top].node, lo = job[top].lo, hi = job[top].hi;
        if (hi - lo == 1) {
            nodes[node].box = boxes[scratch[lo].item];
            nodes[node].child = -1;
            nodes[node].item = scratch[lo].item;
            continue;
        }
        // The split needs the spread of the centres; the inner nodes' boxes are the unions of
        // their children's, made in one pass at the end (not here, once per level).
        double cx0 = scratch[lo].key[0], cy0 = scratch[lo].key[1], cx1 = cx0, cy1 = cy0;
        for (int i = lo + 1; i < hi; i++) {
            double cx = scratch[i].key[0], cy = scratch[i].key[1];
            if (cx < cx0) cx0 = cx;
            if (cx > cx1) cx1 = cx;
            if (cy < cy0) cy0 = cy;
            if (cy > cy1) cy1 = cy;
        }
        McAabb centres = {{cx0, cy0}, {cx1, cy1}};
        int axis = (centres.hi.x - centres.lo.x) >= (centres.hi.y - centres.lo.y) ? 0 : 1;
        int mid = lo + (hi - lo) / 2;
        // Which items go left does not depend on how they are selected (the lower half in the
        // total order), so the tree is the same either way.
        select_nth(scratch + lo, hi - lo, mid - lo, axis);
        int child = used;
        used += 2;
        nodes[node].child = child;
        nodes[node].item = -1;
        // Balanced split: the stack holds at most one pending sibling per level.
        job[top].node = child + 1, job[top].lo = mid, job[top].hi = hi, top++;
        job[top].node = child, job[top].lo = lo, job[top].hi = mid, top++;
    }
    // Children come after their parent: one pass from the last node back (as in refit).
    for (int i = used - 1; i >= 0; i--)
        if (nodes[i].item < 0) nodes[i].box = mc_aabb_union(nodes[nodes[i].child].box, nodes[nodes[i].child + 1].box);
    bp->node_count = used;
    bp->item_count = count;
    return true;
}

bool mc_broadphase_refit(McBroadphase *bp, const McAabb *boxes, int count) {
    if (!bp || !bp->nodes || !boxes || count <= 0 || bp->item_count != count || bp->node_count <= 0) return false;
    for (int i = 0; i < count; i++)
        if (!box_ok(boxes[i])) return false;
    // Children always come after their parent (build hands out node numbers top-down), so one
    // pass from the last node back finishes both children before their parent.
    McBroadphaseNode *nodes = bp->nodes;
    for (int i = bp->node_count - 1; i >= 0; i--) {
        McBroadphaseNode *nd = &nodes[i];
        nd->box = nd->item >= 0 ? boxes[nd->item] : mc_aabb_union(nodes[nd->child].box, nodes[nd->child + 1].box);
    }
    return true;
}

bool mc_broadphase_refit_as_built(McBroadphase *bp, McAabb *centres, const McAabb *boxes, int count) {
    if (!bp || !bp->nodes || !centres || !boxes || count <= 0 || bp->item_count != count) return false;
    McBroadphaseNode *nodes = bp->nodes;
    // The build's split of a node depends only on its set of items: the longer spread of their
    // centres (the same comparison), then the lower half in (centre, item) order along it. Every
    // left child holds that half's count, so the half is the left child's items exactly when they
    // all come strictly first; then, node by node from the leaves up, the build gives this tree.
    for (int i = bp->node_count - 1; i >= 0; i--) {
        McBroadphaseNode *nd = &nodes[i];
        if (nd->item >= 0) {
            McAabb b = boxes[nd->item];
            if (!box_ok(b)) return false;
            McVec2 c = {b.lo.x + b.hi.x, b.lo.y + b.hi.y};
            centres[i] = (McAabb){c, c};
            nd->box = b;
            continue;
        }
        const McAabb *l = &centres[nd->child], *r = &centres[nd->child + 1];
        McAabb all = mc_aabb_union(*l, *r);
        bool along_x = (all.hi.x - all.lo.x) >= (all.hi.y - all.lo.y);
        if (along_x ? !(l->hi.x < r->lo.x) : !(l->hi.y < r->lo.y)) return false;
        centres[i] = all;
        nd->box = mc_aabb_union(nodes[nd->child].box, nodes[nd->child + 1].box);
    }
    mc_work_add(64 * (uint64_t)count);
    return true;
}

// Only nodes whose boxes meet the query box go onto the stack (each is tested before it is
// pushed, not after it is popped): the same nodes are visited in the same order.
void mc_broadphase_iter_begin(McBroadphaseIter *it, const McBroadphase *bp, McAabb box) {
    it->bp = bp;
    it->box = box;
    it->top = 0;
    if (bp && bp->node_count > 0 && bp->nodes && mc_aabb_overlaps(bp->nodes[0].box, box)) it->stack[it->top++] = 0;
}

int mc_broadphase_iter_next(McBroadphaseIter *it) {
    const McBroadphaseNode *nodes = it->bp ? it->bp->nodes : NULL;
    while (it->top > 0) {
        mc_work_add(1);
        const McBroadphaseNode *node = &nodes[it->stack[--it->top]];
        if (node->item >= 0) return node->item;
        // Right child first onto the stack so the left subtree is visited first.
        if (it->top + 2 > MC_BROADPHASE_STACK) continue; // unreachable for a tree we built
        int child = node->child;
        if (mc_aabb_overlaps(nodes[child + 1].box, it->box)) it->stack[it->top++] = child + 1;
        if (mc_aabb_overlaps(nodes[child].box, it->box)) it->stack[it->top++] = child;
    }
    return -1;
}
