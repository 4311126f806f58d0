// Static box tree (see broadphase.h). Built top-down without recursion: an explicit stack of
// (node, range) jobs, median split by quickselect on the box centres.
#include "geom/broadphase.h"

#include <math.h>
#include <stddef.h>

enum { KEYED_MAX = 1024 };

// Total order on items along an axis: centre (lo + hi, no halving needed), then index, so the
// tree is the same whatever the platform's sort would do with ties.
static double centre_key(const McAabb *boxes, int axis, int a) {
    return axis == 0 ? boxes[a].lo.x + boxes[a].hi.x : boxes[a].lo.y + boxes[a].hi.y;
}

// Puts the k-th smallest item of idx[0..n) at idx[k], smaller ones before, larger after
// (Hoare quickselect, middle pivot; all keys distinct under the order above). The pivot's key is
// taken once per round, not once per comparison (the build was the costliest part of setting up
// a 700-object world in WebAssembly).
static void select_nth(int *idx, int n, int k, const McAabb *boxes, int axis) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int pivot = idx[lo + (hi - lo) / 2];
        double kp = centre_key(boxes, axis, pivot);
        int i = lo, j = hi;
        while (i <= j) {
            for (;;) {
                double ki = centre_key(boxes, axis, idx[i]);
                if (!(ki < kp || (ki == kp && idx[i] < pivot))) break;
                i++;
            }
            for (;;) {
                double kj = centre_key(boxes, axis, idx[j]);
                if (!(kp < kj || (kp == kj && pivot < idx[j]))) break;
                j--;
            }
            if (i <= j) {
                int t = idx[i];
                idx[i] = idx[j];
                idx[j] = t;
                i++;
                j--;
            }
        }
        if (k <= j) hi = j;
        else if (k >= i) lo = i;
        else break;
    }
}

// select_nth for a range whose keys are given (keys[i] belongs to idx[i]; both are permuted
// together): one load per comparison instead of two loads and an add.
static void select_nth_keyed(int *idx, double *keys, int n, int k) {
    int lo = 0, hi = n - 1;
    while (lo < hi) {
        int m = lo + (hi - lo) / 2, pivot = idx[m];
        double kp = keys[m];
        int i = lo, j = hi;
        while (i <= j) {
            while (keys[i] < kp || (keys[i] == kp && idx[i] < pivot)) i++;
            while (kp < keys[j] || (kp == keys[j] && pivot < idx[j])) j--;
            if (i <= j) {
                int t = idx[i];
                idx[i] = idx[j];
                idx[j] = t;
                double tk = keys[i];
                keys[i] = keys[j];
                keys[j] = tk;
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
                         int *scratch, const McAabb *boxes, int count) {
    if (!bp) return false;
    bp->nodes = nodes;
    bp->node_count = 0;
    bp->item_count = 0;
    if (count == 0) return true;
    if (count < 0 || count > MC_BROADPHASE_MAX_ITEMS || !nodes || !scratch || !boxes) return false;
    if (node_capacity < MC_BROADPHASE_NODES(count)) return false;
    for (int i = 0; i < count; i++) {
        if (!box_ok(boxes[i])) return false;
        scratch[i] = i;
    }
    struct {
        int node, lo, hi;
    } job[MC_BROADPHASE_STACK];
    // The centre keys of a range being split, when it has at most KEYED_MAX items (all of them
    // below the first few levels of a large tree).
    double keys[KEYED_MAX];
    int top = 0, used = 1;
    job[top].node = 0, job[top].lo = 0, job[top].hi = count, top++;
    while (top > 0) {
        top--;
        int node = job[top].node, lo = job[top].lo, hi = job[top].hi;
        if (hi - lo == 1) {
            nodes[node].box = boxes[scratch[lo]];
            nodes[node].child = -1;
            nodes[node].item = scratch[lo];
            continue;
        }
        // The split needs the spread of the centres; the inner nodes' boxes are the unions of
        // their children's, made in one pass at the end (not here, once per level).
        const McAabb *first = &boxes[scratch[lo]];
        double cx0 = first->lo.x + first->hi.x, cy0 = first->lo.y + first->hi.y, cx1 = cx0, cy1 = cy0;
        for (int i = lo + 1; i < hi; i++) {
            const McAabb *b = &boxes[scratch[i]];
            double cx = b->lo.x + b->hi.x, cy = b->lo.y + b->hi.y;
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
        if (hi - lo <= KEYED_MAX) {
            for (int i = lo; i < hi; i++) keys[i - lo] = centre_key(boxes, axis, scratch[i]);
            select_nth_keyed(scratch + lo, keys, hi - lo, mid - lo);
        } else {
            select_nth(scratch + lo, hi - lo, mid - lo, boxes, axis);
        }
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

int mc_broadphase_query(const McBroadphase *bp, McAabb box, int *out, int out_capacity) {
    McBroadphaseIter it;
    mc_broadphase_iter_begin(&it, bp, box);
    int found = 0, item;
    while ((item = mc_broadphase_iter_next(&it)) >= 0) {
        if (out && found < out_capacity) out[found] = item;
        found++;
    }
    return found;
}
