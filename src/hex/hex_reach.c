// Reach search over (position, state) nodes. Two passes over caller-owned arrays:
//
// 1. Dial's algorithm (docs/geometry.md "Hex reach"): costs are small positive integers, so a circular
//    array of MC_REACH_MAX_STEP_COST + 1 buckets replaces the heap. Every step costs at least 1,
//    so when bucket c is reached all of its nodes' predecessors (cost < c) are final, and the
//    (cost, attacks) labels in it are final too; attacks need no ordering inside a bucket.
//
// 2. The direction tie-break. Comparing whole direction sequences inside Dijkstra would need the
//    paths, and ranking nodes by the order they leave the queue is wrong (that order sorts by
//    cost first, while two equal-cost paths to a node may come through predecessors of different
//    costs). Instead: keep only the steps u -> v whose (cost, attacks) add up exactly to v's label
//    (the "tight" steps; they form an acyclic graph because every step costs at least 1) and walk
//    it depth first from the start, trying directions 0..5 in order and entering each node only
//    the first time. Depth-first order with ordered children visits paths in lexicographic order,
//    so the first visit of v comes by its lexicographically lowest tight path: if a lower tight
//    path P existed, take the first node x on P reached by a different tree path T; T was found
//    earlier, so T < P up to x, and T followed by the rest of P would be a tight path below P.
//    The visit order is also a global rank of the nodes' best paths, which mc_reach_best uses to
//    compare states of one position. Pass 1 records each expanded node's six step outcomes, so
//    pass 2 replays them without calling the rule set again and the two passes cannot disagree.
#include "hex/hex_reach.h"

#include <stdint.h>
#include <string.h>

#include "core/mem.h"
#include "core/work.h"
#include "hex/hexon.h"

enum {
    BUCKETS = MC_REACH_MAX_STEP_COST + 1,
    STORAGE_ALIGN = 16,
    // Internal node flags, above the public ones.
    FLAG_REACHED = 1u << 4, // labelled by pass 1
    FLAG_FINAL = 1u << 5,   // left the queue in pass 1
    FLAG_VISITED = MC_REACH_VISITED_, // given its best path by pass 2
};

static size_t align_up(size_t n) { return (n + STORAGE_ALIGN - 1) & ~(size_t)(STORAGE_ALIGN - 1); }

McReachOptions mc_reach_default_options(void) {
    McReachOptions o;
    memset(&o, 0, sizeof o);
    o.mode = MC_REACH_HEXES;
    o.budget = MC_REACH_UNLIMITED;
    o.state_count = 1;
    o.start_state = 0;
    return o;
}

size_t mc_reach_storage_size(int positions, int states) {
    if (positions < 0 || positions > MC_MAX_BOARD_HEXES || states < 1 ||
        states > MC_REACH_MAX_STATES)
        return 0;
    size_t n = (size_t)positions * (size_t)states;
    if (n > MC_REACH_MAX_NODES) return 0;
    return STORAGE_ALIGN + align_up(BUCKETS * sizeof(int)) + 7 * align_up(n * sizeof(int)) +
           2 * align_up(6 * n * sizeof(int)) + 2 * align_up(n);
}

// Everything the passes touch, copied out of McReach and the options so the hot loops keep them
// in registers.
typedef struct Search {
    const McBoard *board;
    const int *neighbors;
    const McHex *hexes;
    int *cost, *attacks, *link_prev, *link_next, *edge_to, *edge_step;
    unsigned char *flags;
    int *heads; // [BUCKETS] first node of each cost bucket, -1 empty
    int states, budget, start;
    bool first_step_always;
    McReachMode mode;
    McReachStepFn step;
    McReachNodeFn node;
    void *ctx;
} Search;

// A step's cost and attacks packed in one int (both are at most 1000 < 2^10).
enum { STEP_SHIFT = 10, STEP_ATTACKS_MASK = (1 << STEP_SHIFT) - 1 };

static bool expandable(unsigned f) {
    if (f & MC_REACH_IS_START) return true;
    return (f & MC_REACH_MAY_PASS) && !(f & MC_REACH_OVER_BUDGET);
}

// Position and state of node u. Integer division is slow, so the common one-state search skips it.
static void split_node(const Search *s, int u, int *position, int *state) {
    if (s->states == 1) {
        *position = u;
        *state = 0;
    } else {
        *position = u / s->states;
        *state = u % s->states;
    }
}

static unsigned node_flags(const Search *s, int v) {
    if (!s->node) return MC_REACH_OPEN;
    int position, state;
    split_node(s, v, &position, &state);
    return s->node(s->ctx, s->board, position, state) & MC_REACH_OPEN;
}

// Evaluates the step in direction d out of the node `in` describes (its from, from_hex, state,
// cost, attacks and first already set; this sets to, to_hex and dir). Returns the node entered,
// with the step's cost and attacks, or -1 when the step is not allowed.
static inline int try_step(const Search *s, McReachStepIn *in, int d, int *cost, int *attacks) {
    int to;
    if (s->mode == MC_REACH_HEXES) {
        to = s->neighbors[6 * in->from + d];
    } else {
        to = mc_board_index(s->board, mc_hexon_neighbor(s->hexes[in->from], d));
    }
    if (to < 0) return -1;
    McReachStepOut out = {1, 0, in->state};
    if (s->step) {
        in->to = to;
        in->to_hex = s->hexes[to];
        in->dir = d;
        if (!s->step(s->ctx, in, &out)) return -1;
        // Unsigned compares: one test for each range (1..MAX_STEP_COST, 0..MAX_STEP_ATTACKS, 0..states-1).
        if ((unsigned)out.cost - 1u >= (unsigned)MC_REACH_MAX_STEP_COST ||
            (unsigned)out.attacks > (unsigned)MC_REACH_MAX_STEP_ATTACKS || (unsigned)out.state >= (unsigned)s->states)
            return -1;
    }
    // GG-8.3-MMG: the first step is allowed whatever it costs; the node is then not continued.
    if (in->cost + out.cost > s->budget && !(in->first && s->first_step_always)) return -1;
    *cost = out.cost;
    *attacks = out.attacks;
    return to * s->states + out.state;
}

static void bucket_insert(Search *s, int v) {
    int b = s->cost[v] % BUCKETS;
    s->link_prev[v] = -1;
    s->link_next[v] = s->heads[b];
    if (s->heads[b] >= 0) s->link_prev[s->heads[b]] = v;
    s->heads[b] = v;
}

static void bucket_remove(Search *s, int v) {
    int b = s->cost[v] % BUCKETS;
    if (s->link_prev[v] >= 0) s->link_next[s->link_prev[v]] = s->link_next[v];
    else s->heads[b] = s->link_next[v];
    if (s->link_next[v] >= 0) s->link_prev[s->link_next[v]] = s->link_prev[v];
}

// Pass 1: (cost, attacks) of every node, Dial's algorithm. Each expanded node's six steps are
// kept (edge_to, edge_step) so pass 2 replays them without calling the rules again.
static void label_nodes(Search *s) {
    int *cost = s->cost, *attacks = s->attacks;
    unsigned char *flags = s->flags;
    int queued = 1;
    bucket_insert(s, s->start);
    for (int cur = 0; queued > 0; cur++) {
        int b = cur % BUCKETS;
        while (s->heads[b] >= 0) {
            // Past the work budget the search stops; the request answers `limit` (core/work.h).
            if (mc_work_out()) return;
            int u = s->heads[b];
            bucket_remove(s, u);
            queued--;
            flags[u] |= FLAG_FINAL;
            if (cost[u] > s->budget) flags[u] |= MC_REACH_OVER_BUDGET;
            if (!expandable(flags[u])) continue;
            mc_work_add(MC_HEX_DIRECTIONS); // one unit a step tried
            McReachStepIn in; // what the six steps out of u share, set once
            split_node(s, u, &in.from, &in.state);
            in.board = s->board;
            in.from_hex = s->hexes[in.from];
            in.cost = cost[u];
            in.attacks = attacks[u];
            in.first = u == s->start;
            for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
                int w, a;
                int v = try_step(s, &in, d, &w, &a);
                s->edge_to[6 * u + d] = v;
                if (v < 0) continue;
                s->edge_step[6 * u + d] = (w << STEP_SHIFT) | a;
                if (flags[v] & FLAG_FINAL) continue;
                int c = cost[u] + w;
                a += attacks[u];
                if (!(flags[v] & FLAG_REACHED)) {
                    flags[v] = (unsigned char)(FLAG_REACHED | node_flags(s, v));
                    cost[v] = c;
                    attacks[v] = a;
                    bucket_insert(s, v);
                    queued++;
                } else if (c < cost[v] || (c == cost[v] && a < attacks[v])) {
                    if (c != cost[v]) {
                        bucket_remove(s, v);
                        cost[v] = c;
                        bucket_insert(s, v);
                    }
                    attacks[v] = a;
                }
            }
        }
    }
}

// Pass 2: parents by the direction tie-break, depth first over tight steps. The bucket links are
// free now and serve as the explicit stack (node, next direction to try).
static void choose_paths(Search *s, McReach *r) {
    const int *cost = s->cost, *attacks = s->attacks, *edge_to = s->edge_to;
    const int *edge_step = s->edge_step;
    unsigned char *flags = s->flags;
    int *stack = s->link_prev, *next_dir = s->link_next;
    int sp = 0, rank = 0;
    int u0 = s->start;
    flags[u0] |= FLAG_VISITED;
    r->parent[u0] = -1;
    r->dir[u0] = -1;
    r->steps[u0] = 0;
    r->order[u0] = rank++;
    stack[sp] = u0;
    next_dir[sp] = 0;
    sp++;
    while (sp > 0) {
        int u = stack[sp - 1];
        int d = next_dir[sp - 1], v = -1;
        if (expandable(flags[u])) {
            // The next direction whose step is tight and leads to a node not yet visited.
            for (; d < MC_HEX_DIRECTIONS; d++) {
                int w = edge_to[6 * u + d];
                if (w < 0 || (flags[w] & FLAG_VISITED)) continue;
                int step = edge_step[6 * u + d];
                if (cost[u] + (step >> STEP_SHIFT) == cost[w] &&
                    attacks[u] + (step & STEP_ATTACKS_MASK) == attacks[w]) {
                    v = w;
                    break;
                }
            }
        }
        if (v < 0) {
            sp--;
            continue;
        }
        next_dir[sp - 1] = d + 1;
        flags[v] |= FLAG_VISITED;
        r->parent[v] = u;
        r->dir[v] = (signed char)d;
        r->steps[v] = r->steps[u] + 1;
        r->order[v] = rank++;
        stack[sp] = v;
        next_dir[sp] = 0;
        sp++;
    }
    r->reached_count = rank;
}

McReachStatus mc_reach_run(McReach *reach, const McBoard *board, McHex start,
                           const McReachOptions *options, void *storage, size_t storage_bytes) {
    if (!reach) return MC_REACH_BAD_ARGUMENT;
    memset(reach, 0, sizeof *reach);
    reach->start_node = -1;
    if (!board || !options || !storage) return MC_REACH_BAD_ARGUMENT;
    if (options->mode != MC_REACH_HEXES && options->mode != MC_REACH_HEXONS)
        return MC_REACH_BAD_ARGUMENT;
    if (board->count < 0 || (board->count > 0 && (!board->hexes || !board->neighbors)))
        return MC_REACH_BAD_ARGUMENT;
    int states = options->state_count;
    if (states < 1 || states > MC_REACH_MAX_STATES || options->start_state < 0 ||
        options->start_state >= states)
        return MC_REACH_BAD_STATES;
    if ((long long)board->count * states > MC_REACH_MAX_NODES) return MC_REACH_TOO_MANY_NODES;
    size_t need = mc_reach_storage_size(board->count, states);
    if (need == 0) return MC_REACH_TOO_MANY_NODES;
    if (storage_bytes < need) return MC_REACH_STORAGE_TOO_SMALL;
    int start_pos = mc_board_index(board, start);
    if (start_pos < 0) return MC_REACH_START_OFF_BOARD;

    size_t n = (size_t)board->count * (size_t)states;
    uintptr_t p = ((uintptr_t)storage + STORAGE_ALIGN - 1) & ~(uintptr_t)(STORAGE_ALIGN - 1);
    Search s;
    memset(&s, 0, sizeof s);
    s.heads = (int *)p;
    p += align_up(BUCKETS * sizeof(int));
    int **arrays[7] = {&reach->cost,  &reach->attacks,   &reach->parent,   &reach->order,
                       &reach->steps, &reach->link_prev, &reach->link_next};
    for (int i = 0; i < 7; i++) {
        *arrays[i] = (int *)p;
        p += align_up(n * sizeof(int));
    }
    reach->edge_to = (int *)p;
    p += align_up(6 * n * sizeof(int));
    reach->edge_step = (int *)p;
    p += align_up(6 * n * sizeof(int));
    reach->dir = (signed char *)p;
    p += align_up(n);
    reach->flags = (unsigned char *)p;

    reach->board = board;
    reach->mode = options->mode;
    reach->state_count = states;
    reach->node_count = (int)n;
    reach->budget = options->budget;
    memset(reach->flags, 0, n);
    for (int b = 0; b < BUCKETS; b++) s.heads[b] = -1;

    s.board = board;
    s.neighbors = board->neighbors;
    s.hexes = board->hexes;
    s.cost = reach->cost;
    s.attacks = reach->attacks;
    s.link_prev = reach->link_prev;
    s.link_next = reach->link_next;
    s.edge_to = reach->edge_to;
    s.edge_step = reach->edge_step;
    s.flags = reach->flags;
    s.states = states;
    s.budget = options->budget;
    s.first_step_always = options->first_step_always;
    s.mode = options->mode;
    s.step = options->step;
    s.node = options->node;
    s.ctx = options->ctx;

    int u0 = start_pos * states + options->start_state;
    s.start = u0;
    reach->start_node = u0;
    reach->flags[u0] = (unsigned char)(FLAG_REACHED | MC_REACH_IS_START | node_flags(&s, u0));
    reach->cost[u0] = 0;
    reach->attacks[u0] = 0;
    label_nodes(&s);
    // A search the work budget stopped left nodes it never labelled (their edges unset), which
    // the paths' pass would follow: its caller answers `limit` without them.
    if (!mc_work_out()) choose_paths(&s, reach);
    return MC_REACH_OK;
}

int mc_reach_node(const McReach *reach, int position, int state) {
    if (!reach || reach->state_count < 1 || state < 0 || state >= reach->state_count ||
        position < 0 || !reach->board || position >= reach->board->count)
        return -1;
    return position * reach->state_count + state;
}

int mc_reach_best(const McReach *reach, int position) {
    int best = -1;
    for (int st = 0; reach && st < reach->state_count; st++) {
        int v = mc_reach_node(reach, position, st);
        if (!mc_reach_visited(reach, v) || !(reach->flags[v] & MC_REACH_MAY_END)) continue;
        if (best < 0 || reach->cost[v] < reach->cost[best] ||
            (reach->cost[v] == reach->cost[best] &&
             (reach->attacks[v] < reach->attacks[best] ||
              (reach->attacks[v] == reach->attacks[best] &&
               reach->order[v] < reach->order[best]))))
            best = v;
    }
    return best;
}

int mc_reach_path(const McReach *reach, int node, McHex *out, int cap) {
    if (!mc_reach_visited(reach, node)) return -1;
    int n = reach->steps[node];
    for (int i = n - 1, v = node; i >= 0; i--, v = reach->parent[v])
        if (out && i < cap) out[i] = reach->board->hexes[v / reach->state_count];
    return n;
}

// A stable counting sort: one move of each item where a comparison sort made 14 passes over a
// 100 x 100 board's (5 % of a brief GODSGLOOM reach; Torn World's qsort was 4 M instructions).
int mc_reach_sort_by_cost(McArena *arena, void **items, int n, size_t size, size_t cost_at, size_t hex_at) {
    const unsigned char *in = *items;
    int max_cost = 0;
    for (int i = 0; i < n; i++) {
        int cost;
        McHex h, prev;
        memcpy(&cost, in + (size_t)i * size + cost_at, sizeof cost);
        memcpy(&h, in + (size_t)i * size + hex_at, sizeof h);
        if (cost < 0) return -1;
        if (cost > max_cost) max_cost = cost;
        if (i > 0) {
            memcpy(&prev, in + (size_t)(i - 1) * size + hex_at, sizeof prev);
            if (h.r < prev.r || (h.r == prev.r && h.q <= prev.q)) return -1; // not in (r, q) order
        }
    }
    if (n < 2) return 1;
    if (max_cost > 4 * n + 64) return -1; // sparse costs: a comparison sort is cheaper
    int *start = MC_NEW(arena, int, (size_t)max_cost + 2);
    unsigned char *out = mc_arena_alloc_raw(arena, (size_t)n * size);
    if (!start || !out) return 0;
    int cost;
    for (int i = 0; i < n; i++) {
        memcpy(&cost, in + (size_t)i * size + cost_at, sizeof cost);
        start[cost + 1]++;
    }
    for (int c = 0; c <= max_cost; c++) start[c + 1] += start[c];
    for (int i = 0; i < n; i++) {
        memcpy(&cost, in + (size_t)i * size + cost_at, sizeof cost);
        memcpy(out + (size_t)start[cost]++ * size, in + (size_t)i * size, size);
    }
    *items = out;
    return 1;
}
