// The reach search (TW-MV-1): every legal end position of a Move or Run with the path docs/api.md
// ranks first — fewest steps, then fewest free attacks, then the lowest sequence of direction
// indices — and what ending there does (free attacks, destroyed landscape, ejections).
//
// Free attacks under TW-FA-2 come from distinct enemies: an enemy next to two hexes a path moves
// through attacks once. A count of distinct attackers is not a sum over steps, so the hex core's
// search (which adds a number per step) cannot rank paths by it. The exact search below runs by
// layers of steps instead (every step costs 1): a state is a position with the set of enemies
// its path has drawn so far, and the states of one layer are made in the lexicographic order of
// their paths (states of the layer before in order, directions 0..5), so the order they are made
// in is their paths' order. A state is dropped when an earlier state at the same position (a
// lower path) drew a subset of its attackers: no continuation of it can do better. Only shortest
// paths are kept (a prefix of a shortest path is a shortest path). Sets can multiply on crowded
// boards; past a bound the search falls back to the core's additive stand-in (tw.h).
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/limits.h"
#include "core/work.h"
#include "rules/torn_world/tw.h"

typedef struct ReachCtx {
    McEnv *env;
    const TwWorld *w;
    int mover;
    TwCause cause;
    unsigned char *flags; // [board count] node flags | SPOT_TAKEN, + 1; 0 = not computed
    int *adjacent;        // [board count] enemies next to the footprint, -1 = not computed
    TwSpot *spot;
} ReachCtx;

// Beside the node flags: other miniatures or markers under the footprint (the spot's lists).
enum { SPOT_TAKEN = 4 };

// MC_REACH_MAY_PASS / MC_REACH_MAY_END of the mover's footprint at board position `position`
// (the pass-through and end tables, mc_tw_can_pass / mc_tw_can_end), and SPOT_TAKEN.
static unsigned spot_flags(ReachCtx *c, int position) {
    if (!c->flags[position]) {
        McHex d = mc_tw_delta_of(c->w, c->mover, c->w->board->hexes[position]);
        TwVerdict v;
        mc_tw_spot(c->w, c->mover, d, c->spot);
        unsigned f = 0;
        if (mc_tw_can_pass(c->w, c->mover, c->spot, &v)) f |= MC_REACH_MAY_PASS;
        if (mc_tw_can_end(c->w, c->mover, c->spot, c->cause, &v)) f |= MC_REACH_MAY_END;
        if (c->spot->n_units > 0 || c->spot->n_markers > 0) f |= SPOT_TAKEN;
        c->flags[position] = (unsigned char)(f + 1);
    }
    return c->flags[position] - 1u;
}

static unsigned ctx_flags(ReachCtx *c, int position) { return spot_flags(c, position) & MC_REACH_OPEN; }

// The board position one step from `pos` in direction `dir` (hex or hexon step), or -1.
static int step_to(const McBoard *b, bool hexons, int pos, int dir) {
    if (!hexons) return b->neighbors[6 * pos + dir];
    return mc_board_index(b, mc_hexon_neighbor(b->hexes[pos], dir));
}

// ---- the exact search ---------------------------------------------------------------------------

typedef struct State {
    int pos, parent, next; ///< position, previous state, next state at the same position
    int dir;               ///< direction of the last step, -1 for the start
} State;

typedef struct Exact {
    ReachCtx *c;
    const McBoard *b;
    bool hexons;
    int words;             ///< 64-bit words of one attacker set
    int *bit;              ///< [unit count] bit of each enemy of the mover, -1 for the others
    uint64_t *adj;         ///< [board count · words] enemies next to the footprint at a position
    unsigned char *adj_done;
    int *dist, *head, *count; ///< [board count] steps of the shortest paths; states there
    State *st;             ///< [cap]
    int n, cap;
    uint64_t *sets;        ///< [cap · words]
    int limit;             ///< most states of shortest paths in all
    int n_short;           ///< states of shortest paths
    bool alt;              ///< longer paths are labelled too (the entries' alternatives)
    int n_alt, alt_limit;  ///< states of longer paths; most of them in all
    int *alt_count;        ///< [board count] states of longer paths per position
    bool alt_complete;     ///< false when the longer paths' states outgrew their bounds
} Exact;

static const uint64_t *adj_bits(Exact *x, int pos) {
    uint64_t *a = x->adj + (size_t)pos * (size_t)x->words;
    if (!x->adj_done[pos]) {
        int list[TW_MAX_ADJ];
        int k = mc_tw_adjacent_enemies(x->c->w, x->c->mover, mc_tw_delta_of(x->c->w, x->c->mover, x->b->hexes[pos]), list);
        for (int i = 0; i < k; i++) {
            int bit = x->bit[list[i]];
            a[bit / 64] |= (uint64_t)1 << (bit % 64);
        }
        x->adj_done[pos] = 1;
    }
    return a;
}

static bool subset(const uint64_t *a, const uint64_t *b, int words) {
    for (int i = 0; i < words; i++)
        if (a[i] & ~b[i]) return false;
    return true;
}

static int popcount(const uint64_t *a, int words) {
    int n = 0;
    for (int i = 0; i < words; i++)
        for (uint64_t v = a[i]; v; v &= v - 1) n++;
    return n;
}

// Appends a state (exact_run keeps x->n below x->limit); 0 when memory ran out. The arrays grow
// without being zeroed, from room for a state per board position, and never past the limit
// (mc_grow's doubling from 8, zeroing and copying its whole capacity, was 2 M instructions of a
// 100 x 100 reach, whose search hits the limit).
static int push_state(McEnv *env, Exact *x, int pos, int parent, int dir, const uint64_t *set) {
    if (x->n == x->cap) {
        int most = x->limit + (x->alt ? x->alt_limit : 0);
        int next = x->cap ? 2 * x->cap : x->b->count + 64;
        if (next > most) next = most;
        State *st = mc_arena_alloc_raw(env->arena, (size_t)next * sizeof *st);
        uint64_t *sets = mc_arena_alloc_raw(env->arena, (size_t)next * (size_t)x->words * sizeof *sets);
        if (!st || !sets) return 0;
        if (x->n > 0) {
            memcpy(st, x->st, (size_t)x->n * sizeof *st);
            memcpy(sets, x->sets, (size_t)x->n * (size_t)x->words * sizeof *sets);
        }
        x->st = st;
        x->sets = sets;
        x->cap = next;
    }
    State *s = &x->st[x->n];
    s->pos = pos;
    s->parent = parent;
    s->dir = dir;
    s->next = x->head[pos];
    x->head[pos] = x->n;
    memcpy(x->sets + (size_t)x->n * (size_t)x->words, set, (size_t)x->words * sizeof(uint64_t));
    x->n++;
    return 1;
}

enum { EXACT_NO_MEMORY = 0, EXACT_DONE = 1, EXACT_TOO_MANY = 2, EXACT_WORK = 3 };

// Runs the layered search. EXACT_TOO_MANY: the attacker sets of the shortest paths outgrew the
// bounds; EXACT_WORK: the work budget ran out (a unit a step tried, and a unit per word of each
// attacker set compared). With x->alt, a longer path to a position is kept too while no state there (all made
// before it, none longer) drew a subset of its attackers: the labels of the Pareto search the
// alternatives come from. They never change the shortest paths' states: a shortest path's
// prefixes are shortest, and a longer state at a position is made after every shortest one there.
static int exact_run(McEnv *env, Exact *x, int start, int allowance) {
    int count = x->b->count;
    for (int i = 0; i < count; i++) {
        x->dist[i] = -1;
        x->head[i] = -1;
    }
    uint64_t *tmp = MC_NEW(env->arena, uint64_t, x->words);
    if (!tmp) return EXACT_NO_MEMORY;
    x->dist[start] = 0;
    if (!push_state(env, x, start, -1, -1, tmp)) return EXACT_NO_MEMORY;
    x->n_short = 1;
    int begin = 0, end = 1;
    for (int k = 0; k < allowance && begin < end; k++) {
        for (int s = begin; s < end; s++) {
            if (mc_work_out()) {
                mc_work_note(x->c->env, "", "the reach search of %s after %d steps (%d paths kept)",
                             x->c->w->units[x->c->mover].id, k, x->n);
                return EXACT_WORK;
            }
            int p = x->st[s].pos;
            bool longer = x->dist[p] < k; // s's path is not a shortest one
            if (longer && !x->alt) continue;
            // The start is always left; any other position only when the mover may pass it.
            if (s != 0 && !(ctx_flags(x->c, p) & MC_REACH_MAY_PASS)) continue;
            // TW-FA-2: leaving p (not the start) means p was moved through.
            const uint64_t *drawn = s == 0 ? NULL : adj_bits(x, p);
            mc_work_add(MC_HEX_DIRECTIONS);
            for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
                int q = step_to(x->b, x->hexons, p, d);
                if (q < 0 || ctx_flags(x->c, q) == 0) continue;
                bool shortest = x->dist[q] < 0 || x->dist[q] == k + 1;
                if (!shortest && !x->alt) continue;
                x->dist[q] = shortest ? k + 1 : x->dist[q];
                const uint64_t *from = x->sets + (size_t)s * (size_t)x->words;
                for (int i = 0; i < x->words; i++) tmp[i] = from[i] | (drawn ? drawn[i] : 0);
                bool beaten = false;
                for (int t = x->head[q]; t >= 0 && !beaten; t = x->st[t].next) {
                    mc_work_add((uint64_t)x->words);
                    beaten = subset(x->sets + (size_t)t * (size_t)x->words, tmp, x->words);
                }
                if (beaten) continue;
                if (shortest) {
                    if (x->count[q] >= TW_REACH_STATES_PER_POSITION || x->n_short >= x->limit) return EXACT_TOO_MANY;
                    x->n_short++;
                    x->count[q]++;
                } else if (x->alt_count[q] >= TW_REACH_STATES_PER_POSITION || x->n_alt >= x->alt_limit) {
                    // Past the bounds some alternatives could be missing: none is given.
                    x->alt = false;
                    x->alt_complete = false;
                    continue;
                } else {
                    x->n_alt++;
                    x->alt_count[q]++;
                }
                if (!push_state(env, x, q, s, d, tmp)) return EXACT_NO_MEMORY;
            }
        }
        begin = end;
        end = x->n;
    }
    return EXACT_DONE;
}

// For each end position the node its chosen path ends on (-1: not an end) and that path's length;
// `nodes` the search's nodes, through which the listing reads the path. With alternatives, the
// exact search's nodes at each position (`head`, `next`, in node order) and the enemies each
// node's path drew under TW-FA-2 (`sets`, `words` 64-bit words a node, bit[u] for enemy u).
typedef struct Chosen {
    int *len;
    int *node;
    TwReachNodes nodes;
    bool alt;              ///< the longer paths' labels are complete and some were kept
    bool alt_none;         ///< no longer path was worth a label (or no enemy): none to give
    int words;
    const int *bit;
    uint64_t *sets;        ///< [node count · words]
    int *head, *next;      ///< [board count], [node count]: nodes per position, -1 ends
} Chosen;

// Room for `count` nodes in `n`; 0 when memory ran out.
static int nodes_alloc(McEnv *env, TwReachNodes *n, int count) {
    n->count = count;
    n->parent = MC_NEW(env->arena, int, count > 0 ? count : 1);
    n->position = MC_NEW(env->arena, int, count > 0 ? count : 1);
    n->steps = MC_NEW(env->arena, int, count > 0 ? count : 1);
    n->rank = MC_NEW(env->arena, int, count > 0 ? count : 1);
    return n->parent && n->position && n->steps && n->rank;
}

// The exact ranking; with `alt`, also the labels of longer paths (the alternatives). Returns
// EXACT_* as exact_run.
static int search_exact(McEnv *env, ReachCtx *c, int allowance, bool alt, Chosen *out) {
    const TwWorld *w = c->w;
    const McBoard *b = w->board;
    Exact x;
    memset(&x, 0, sizeof x);
    x.c = c;
    x.b = b;
    x.hexons = w->units[c->mover].size != TW_INFANTRY;
    x.bit = MC_NEW(env->arena, int, w->unit_count);
    if (!x.bit) return EXACT_NO_MEMORY;
    int enemies = 0;
    for (int u = 0; u < w->unit_count; u++)
        x.bit[u] = strcmp(w->units[u].side, w->units[c->mover].side) != 0 ? enemies++ : -1;
    x.words = enemies / 64 + 1;
    x.limit = TW_REACH_STATES_BASE + 2 * b->count;
    // No enemy, no free attack: every path to a position is as good as the shortest.
    x.alt = alt && enemies > 0;
    x.alt_complete = true;
    x.alt_limit = x.limit;
    x.adj = MC_NEW(env->arena, uint64_t, (size_t)b->count * (size_t)x.words);
    x.adj_done = MC_NEW(env->arena, unsigned char, b->count);
    x.dist = MC_NEW(env->arena, int, b->count);
    x.head = MC_NEW(env->arena, int, b->count);
    x.count = MC_NEW(env->arena, int, b->count);
    x.alt_count = MC_NEW(env->arena, int, b->count);
    if (!x.adj || !x.adj_done || !x.dist || !x.head || !x.count || !x.alt_count) return EXACT_NO_MEMORY;
    int start = mc_board_index(b, w->units[c->mover].pos[0]);
    int status = exact_run(env, &x, start, allowance);
    if (status != EXACT_DONE) return status;
    // Node ids: the shortest paths' states first, in the order made (so the answer's node numbers
    // do not depend on whether alternatives were asked), then the longer paths' states.
    int *steps = MC_NEW(env->arena, int, x.n), *id = MC_NEW(env->arena, int, x.n);
    if (!steps || !id || !nodes_alloc(env, &out->nodes, x.n)) return EXACT_NO_MEMORY;
    int next_short = 0, next_long = x.n_short;
    for (int t = 0; t < x.n; t++) {
        steps[t] = t == 0 ? 0 : steps[x.st[t].parent] + 1;
        id[t] = steps[t] == x.dist[x.st[t].pos] ? next_short++ : next_long++;
    }
    for (int p = 0; p < b->count; p++) {
        if (x.dist[p] < 1 || !(ctx_flags(c, p) & MC_REACH_MAY_END)) continue;
        // Fewest distinct attackers, then the lowest path: states are numbered in path order.
        int best = -1, best_n = 0;
        for (int t = x.head[p]; t >= 0; t = x.st[t].next) {
            if (steps[t] != x.dist[p]) continue;
            int n = popcount(x.sets + (size_t)t * (size_t)x.words, x.words);
            if (best < 0 || n < best_n || (n == best_n && t < best)) {
                best = t;
                best_n = n;
            }
        }
        out->len[p] = x.dist[p];
        out->node[p] = id[best];
    }
    // A state's id is its rank: states are made in the order of their paths, a parent first.
    out->nodes.start = 0;
    for (int t = 0; t < x.n; t++) {
        int v = id[t];
        out->nodes.parent[v] = t == 0 ? -1 : id[x.st[t].parent];
        out->nodes.position[v] = x.st[t].pos;
        out->nodes.steps[v] = steps[t];
        out->nodes.rank[v] = v;
    }
    out->alt = alt && x.alt_complete && x.n_alt > 0;
    out->alt_none = alt && x.alt_complete && x.n_alt == 0;
    if (!out->alt) return EXACT_DONE;
    out->words = x.words;
    out->bit = x.bit;
    out->sets = mc_arena_alloc_raw(env->arena, (size_t)x.n * (size_t)x.words * sizeof(uint64_t));
    out->head = MC_NEW(env->arena, int, b->count);
    out->next = MC_NEW(env->arena, int, x.n);
    if (!out->sets || !out->head || !out->next) return EXACT_NO_MEMORY;
    for (int t = 0; t < x.n; t++)
        memcpy(out->sets + (size_t)id[t] * (size_t)x.words, x.sets + (size_t)t * (size_t)x.words, (size_t)x.words * sizeof(uint64_t));
    for (int p = 0; p < b->count; p++) out->head[p] = -1;
    for (int v = x.n - 1; v >= 0; v--) {
        int p = out->nodes.position[v];
        out->next[v] = out->head[p];
        out->head[p] = v;
    }
    return EXACT_DONE;
}

// ---- the fallback: the hex core with the additive stand-in -----------------------------------

static bool core_step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    ReachCtx *c = ctx;
    if (ctx_flags(c, in->to) == 0) return false;
    // The enemies next to the position being left, unless it is the start (not moved through).
    if (!in->first) {
        if (c->adjacent[in->from] < 0) {
            int adj[TW_MAX_ADJ];
            c->adjacent[in->from] = mc_tw_adjacent_enemies(c->w, c->mover, mc_tw_delta_of(c->w, c->mover, in->from_hex), adj);
        }
        out->attacks = c->adjacent[in->from];
    }
    return true;
}

static unsigned core_node(void *ctx, const McBoard *board, int position, int state) {
    (void)board;
    (void)state;
    return ctx_flags(ctx, position);
}

static int search_additive(McEnv *env, ReachCtx *c, int allowance, Chosen *out) {
    const TwWorld *w = c->w;
    const McBoard *b = w->board;
    const TwUnit *m = &w->units[c->mover];
    c->adjacent = MC_NEW(env->arena, int, b->count);
    size_t bytes = mc_reach_storage_size(b->count, 1);
    void *storage = mc_arena_alloc_raw(env->arena, bytes); // mc_reach_run sets what it reads
    if (!c->adjacent || !storage) return 0;
    for (int i = 0; i < b->count; i++) c->adjacent[i] = -1;
    McReachOptions o = mc_reach_default_options();
    o.mode = m->size == TW_INFANTRY ? MC_REACH_HEXES : MC_REACH_HEXONS;
    o.budget = allowance;
    o.step = core_step;
    o.node = core_node;
    o.ctx = c;
    McReach r;
    if (mc_reach_run(&r, b, m->pos[0], &o, storage, bytes) != MC_REACH_OK) return 0;
    if (mc_work_out()) {
        mc_work_note(env, "", "the reach search of %s after %d of %d positions", m->id, r.reached_count, b->count);
        return 0;
    }
    if (!nodes_alloc(env, &out->nodes, r.node_count)) return 0;
    out->nodes.start = r.start_node;
    for (int v = 0; v < r.node_count; v++) {
        McReachEntry e;
        bool reached = mc_reach_get(&r, v, &e);
        out->nodes.parent[v] = reached ? e.parent : -1;
        out->nodes.position[v] = reached ? e.position : -1;
        out->nodes.steps[v] = reached ? e.steps : 0;
        out->nodes.rank[v] = reached ? e.order : -1;
    }
    for (int p = 0; p < b->count; p++) {
        int node = mc_reach_best(&r, p);
        McReachEntry e;
        if (node < 0 || !mc_reach_get(&r, node, &e) || (e.flags & MC_REACH_IS_START)) continue;
        out->len[p] = e.steps;
        out->node[p] = node;
    }
    return 1;
}

// ---- the listing -------------------------------------------------------------------------------

// TW-FA-2 along the search's node tree. The free attacks of the path to node v are those of the
// path to its parent u, then the enemies next to u's position that are not listed yet (the path
// moved through u), at u's hex: what mc_tw_path_effects counts along the whole path, worked out
// once per node instead of once per position of every chosen path (10 M instructions of a
// 100 x 100 reach). A node with nothing new shares its parent's list (tw.h: copied before any
// addition).
typedef struct Fa2Memo {
    TwAttack **list;     ///< [node count]
    int *n;              ///< [node count]
    unsigned char *done; ///< [node count]
    int *stamp;          ///< [unit count] the last node whose parent's list was marked there
    int *stack;          ///< [node count] nodes waiting for their parent's list
} Fa2Memo;

static int fa2_init(McEnv *env, const TwWorld *w, const TwReachNodes *nd, Fa2Memo *f) {
    int count = nd->count > 0 ? nd->count : 1;
    f->list = MC_NEW(env->arena, TwAttack *, count);
    f->n = MC_NEW(env->arena, int, count);
    f->done = MC_NEW(env->arena, unsigned char, count);
    f->stamp = MC_NEW(env->arena, int, w->unit_count > 0 ? w->unit_count : 1);
    f->stack = MC_NEW(env->arena, int, count);
    if (!f->list || !f->n || !f->done || !f->stamp || !f->stack) return 0;
    for (int u = 0; u < w->unit_count; u++) f->stamp[u] = -1;
    return 1;
}

// The TW-FA-2 list of node v into *out; 0 when memory ran out.
static int fa2_of(McEnv *env, const TwWorld *w, int mover, const TwReachNodes *nd, TwAdjCache *cache,
                  Fa2Memo *f, int v, TwFa2 *out) {
    int sp = 0;
    for (int x = v; x >= 0 && !f->done[x] && sp < nd->count; x = nd->parent[x]) f->stack[sp++] = x;
    while (sp > 0) {
        int y = f->stack[--sp], u = nd->parent[y];
        f->done[y] = 1;
        f->list[y] = NULL;
        f->n[y] = 0;
        // The start is left, not moved through; nodes without a parent have no path.
        if (u < 0 || u == nd->start) continue;
        f->list[y] = f->list[u];
        f->n[y] = f->n[u];
        int k;
        const int *adj = mc_tw_adj_cache_get(env, w, mover, cache, nd->position[u], &k);
        if (!adj) return 0;
        if (k == 0) continue;
        for (int i = 0; i < f->n[u]; i++) f->stamp[f->list[u][i].unit] = y;
        int fresh = 0;
        for (int a = 0; a < k; a++) fresh += f->stamp[adj[a]] != y;
        if (fresh == 0) continue;
        TwAttack *l = mc_arena_alloc_raw(env->arena, (size_t)(f->n[u] + fresh) * sizeof *l);
        if (!l) return 0;
        if (f->n[u] > 0) memcpy(l, f->list[u], (size_t)f->n[u] * sizeof *l);
        int n = f->n[u];
        McHex at = w->board->hexes[nd->position[u]];
        for (int a = 0; a < k; a++)
            if (f->stamp[adj[a]] != y) {
                f->stamp[adj[a]] = y;
                l[n++] = (TwAttack){adj[a], "TW-FA-2", at};
            }
        f->list[y] = l;
        f->n[y] = n;
    }
    out->attacks = v >= 0 && f->done[v] ? f->list[v] : NULL;
    out->n = v >= 0 && f->done[v] ? f->n[v] : 0;
    return 1;
}

static int entry_cmp(const void *a, const void *b) {
    const TwReachEntry *x = a, *y = b;
    if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
    if (x->pos.r != y->pos.r) return x->pos.r < y->pos.r ? -1 : 1;
    return x->pos.q < y->pos.q ? -1 : x->pos.q > y->pos.q;
}

// Sorts the entries by entry_cmp: in one counting pass when they come in (r, q) order, as a
// grid board's positions do (hex_reach.h).
static int sort_entries(McEnv *env, TwReachOut *out) {
    int counted = mc_reach_sort_by_cost(env->arena, (void **)&out->entries, out->n, sizeof *out->entries,
                                        offsetof(TwReachEntry, cost), offsetof(TwReachEntry, pos));
    if (counted < 0) qsort(out->entries, (size_t)out->n, sizeof *out->entries, entry_cmp);
    return counted != 0;
}

// What the listing shares: the search's context and nodes, and the memos of free attacks.
typedef struct Listing {
    ReachCtx *c;
    const Chosen *chosen;
    TwAdjCache cache;
    Fa2Memo memo;
} Listing;

enum { FILL_NO_MEMORY = 0, FILL_DONE = 1, FILL_NO_ROOM = 2 };

// The entry of the path to `node`, ending on board position p: its path, free attacks, destroyed
// landscape and the default resolution of its end. FILL_NO_ROOM: an ejection there finds no free
// hex at all, so it is not a legal end (TW-EJ-1).
static int fill_entry(McEnv *env, Listing *l, int node, int p, TwReachEntry *t) {
    const TwWorld *w = l->c->w;
    const McBoard *b = w->board;
    const TwReachNodes *nd = &l->chosen->nodes;
    int mover = l->c->mover;
    TwCause cause = l->c->cause;
    int n = nd->steps[node];
    mc_work_add((uint64_t)n);
    // The path from its nodes: hexes entered, the end last (not zeroed: filled whole).
    McHex *path = mc_arena_alloc_raw(env->arena, sizeof(McHex) * (size_t)n);
    if (!path) return FILL_NO_MEMORY;
    for (int i = n - 1, v = node; i >= 0; i--, v = nd->parent[v]) path[i] = b->hexes[nd->position[v]];
    McHex end = b->hexes[p];
    memset(&t->effects, 0, sizeof t->effects);
    t->n_alternatives = 0;
    t->alternatives = NULL;
    t->pos = end;
    t->cost = n;
    t->n_path = n;
    t->path = path;
    t->parent = n > 1 ? path[n - 2] : w->units[mover].pos[0];
    t->node = node;
    t->effects.legal = true;
    t->effects.final = end;
    // TW-FA-2 from the node tree (no free attacks when deployed: mc_tw_path_effects).
    TwFa2 fa2 = {NULL, 0};
    if (cause != TW_CAUSE_DEPLOY && !fa2_of(env, w, mover, nd, &l->cache, &l->memo, node, &fa2)) return FILL_NO_MEMORY;
    if (!mc_tw_path_effects(env, w, mover, cause, path, NULL, n, &l->cache, &fa2, false, &t->effects)) return FILL_NO_MEMORY;
    // An end with other pieces under it (known from the search: an empty one skips mc_tw_spot).
    if (!(spot_flags(l->c, p) & SPOT_TAKEN)) {
        t->effects.end.legal = true;
        return FILL_DONE;
    }
    TwGone gone = {t->effects.destroyed, t->effects.n_destroyed};
    if (!mc_tw_resolve_end(env, w, mover, mc_tw_delta_of(w, mover, end), &gone, NULL, 0, false, &t->effects.end))
        return FILL_NO_MEMORY;
    if (!t->effects.end.legal) return FILL_NO_ROOM;
    int cap = t->effects.n_attacks;
    for (int i = 0; i < t->effects.end.n_ejections; i++)
        if (t->effects.end.ejections[i].free_attack &&
            !mc_tw_add_attack(env, &t->effects, &cap, t->effects.end.ejections[i].unit, "TW-EJ-2", end))
            return FILL_NO_MEMORY;
    return FILL_DONE;
}

// What a path to one position is worth to the player (docs/api/torn-world.md "alternatives"):
// its steps, the free attacks it draws, and how many enemies make them.
typedef struct Points {
    int node, cost, attacks, attackers;
} Points;

// b is at least as good as a on every point and better on one (the lower node on a tie).
static bool beats(const Points *b, const Points *a) {
    if (b->cost > a->cost || b->attacks > a->attacks || b->attackers > a->attackers) return false;
    return b->cost < a->cost || b->attacks < a->attacks || b->attackers < a->attackers || b->node < a->node;
}

static int points_cmp(const void *a, const void *b) {
    const Points *x = a, *y = b;
    if (x->cost != y->cost) return x->cost < y->cost ? -1 : 1;
    if (x->attacks != y->attacks) return x->attacks < y->attacks ? -1 : 1;
    return x->node < y->node ? -1 : x->node > y->node;
}

// The alternatives of entry t at board position p: the paths among the search's labels there
// that no other path beats (the entry's own included), each better than the entry on free attacks
// or attackers, cheapest first. The attacks not made under TW-FA-2 (TW-FA-1, TW-FA-3, TW-EJ-2)
// are the same on every path to p. Returns 0 when memory ran out.
static int list_alternatives(McEnv *env, Listing *l, int p, TwReachEntry *t) {
    const Chosen *ch = l->chosen;
    int words = ch->words;
    uint64_t base[MC_MAX_UNITS / 64 + 1] = {0}, both[sizeof base / sizeof base[0]];
    int fixed = 0;
    for (int i = 0; i < t->effects.n_attacks; i++) {
        if (strcmp(t->effects.attacks[i].rule, "TW-FA-2") == 0) continue;
        int bit = ch->bit[t->effects.attacks[i].unit];
        base[bit / 64] |= (uint64_t)1 << (bit % 64);
        fixed++;
    }
    Points pts[2 * TW_REACH_STATES_PER_POSITION];
    int n = 0;
    for (int v = ch->head[p]; v >= 0 && n < 2 * TW_REACH_STATES_PER_POSITION; v = ch->next[v]) {
        const uint64_t *set = ch->sets + (size_t)v * (size_t)words;
        for (int i = 0; i < words; i++) both[i] = base[i] | set[i];
        pts[n++] = (Points){v, ch->nodes.steps[v], fixed + popcount(set, words), popcount(both, words)};
    }
    Points kept[2 * TW_REACH_STATES_PER_POSITION];
    int k = 0;
    for (int i = 0; i < n; i++) {
        if (pts[i].node == t->node) continue;
        bool beaten = false;
        for (int j = 0; j < n && !beaten; j++) beaten = j != i && beats(&pts[j], &pts[i]);
        if (!beaten) kept[k++] = pts[i];
    }
    if (k == 0) return 1;
    qsort(kept, (size_t)k, sizeof kept[0], points_cmp);
    t->alternatives = MC_NEW(env->arena, TwReachEntry, k);
    if (!t->alternatives) return 0;
    for (int i = 0; i < k; i++) {
        int r = fill_entry(env, l, kept[i].node, p, &t->alternatives[t->n_alternatives]);
        if (r == FILL_NO_MEMORY) return 0;
        t->n_alternatives += r == FILL_DONE;
    }
    return 1;
}

int mc_tw_reach(McEnv *env, const TwWorld *w, int mover, TwCause cause, int allowance, bool action_used,
             bool alternatives, TwReachOut *out) {
    memset(out, 0, sizeof *out);
    out->legal = true;
    const TwUnit *m = &w->units[mover];
    if (!mc_tw_start_movement(env, m, cause, action_used, &out->reasons, &out->legal)) return 0;
    if (!out->legal) return 1;
    const McBoard *b = w->board;
    ReachCtx c = {env, w, mover, cause, MC_NEW(env->arena, unsigned char, b->count), NULL, MC_NEW(env->arena, TwSpot, 1)};
    Chosen chosen;
    memset(&chosen, 0, sizeof chosen);
    chosen.len = MC_NEW(env->arena, int, b->count);
    chosen.node = MC_NEW(env->arena, int, b->count);
    if (!c.flags || !c.spot || !chosen.len || !chosen.node) return 0;
    for (int p = 0; p < b->count; p++) chosen.node[p] = -1;
    mc_trace(env, "TW-MV-1", m->id, "%s may move up to %d %s.", m->id, allowance, mc_tw_size_unit(m->size));
    // A deployment draws no free attack: no path is better than another.
    bool alt = alternatives && cause != TW_CAUSE_DEPLOY;
    int status = search_exact(env, &c, allowance, alt, &chosen);
    if (status == EXACT_NO_MEMORY || status == EXACT_WORK) return 0;
    out->exact_attacks = status == EXACT_DONE;
    if (out->exact_attacks) {
        mc_trace(env, "TW-FA-2", m->id, "Among the shortest paths to each end, the one drawing the fewest distinct Free Attacks is chosen.");
    } else {
        for (int p = 0; p < b->count; p++) chosen.node[p] = -1;
        chosen.alt = false;
        if (!search_additive(env, &c, allowance, &chosen)) return 0;
        mc_trace(env, "TW-FA-2", m->id, "Too many ways to pass the enemies here: paths are ranked by free attacks counted once per hex moved through next to each enemy, which may count one enemy twice.");
    }
    out->alternatives_limited = alt && !chosen.alt && !chosen.alt_none;
    if (out->alternatives_limited)
        mc_trace(env, "TW-FA-2", m->id, "Too many ways to pass the enemies here to compare every longer path: no alternatives are listed.");
    out->entries = mc_arena_alloc_raw(env->arena, (size_t)(b->count > 0 ? b->count : 1) * sizeof *out->entries); // filled whole below
    Listing l = {&c, &chosen, {0}, {0}};
    if (!out->entries || !mc_tw_adj_cache_init(env, w, &l.cache) || !fa2_init(env, w, &chosen.nodes, &l.memo)) return 0;
    int ends = 0;
    for (int p = 0; p < b->count; p++) ends += chosen.node[p] >= 0;
    for (int p = 0;; p++) {
        if (mc_work_out()) {
            mc_work_note(env, "", "the reach of %s after %d of %d end positions worked out", m->id,
                         out->n + out->dropped_no_room, ends);
            return 0;
        }
        if (p == b->count) break;
        if (chosen.node[p] < 0) continue;
        TwReachEntry *t = &out->entries[out->n];
        int r = fill_entry(env, &l, chosen.node[p], p, t);
        if (r == FILL_NO_MEMORY) return 0;
        if (r == FILL_NO_ROOM) {
            out->dropped_no_room++;
            continue;
        }
        if (chosen.alt && !list_alternatives(env, &l, p, t)) return 0;
        out->n++;
    }
    if (!sort_entries(env, out)) return 0;
    out->nodes = chosen.nodes;
    return 1;
}

int mc_tw_reach_through(McEnv *env, TwReachOut *out) {
    const TwReachNodes *nd = &out->nodes;
    if (nd->count == 0) return 1; // the action was refused: no search ran
    unsigned char *mark = MC_NEW(env->arena, unsigned char, nd->count);
    int *by_rank = MC_NEW(env->arena, int, nd->count);
    out->through = MC_NEW(env->arena, int, nd->count);
    if (!mark || !by_rank || !out->through) return 0;
    mark[nd->start] = 1;
    for (int i = 0; i < out->n; i++) mark[out->entries[i].node] = 1;
    for (int i = 0; i < out->n; i++)
        for (int v = nd->parent[out->entries[i].node]; v >= 0 && !mark[v]; v = nd->parent[v]) mark[v] = 2;
    // An alternative gives its own node; the nodes before it are listed unless an entry's.
    for (int i = 0; i < out->n; i++)
        for (int a = 0; a < out->entries[i].n_alternatives; a++)
            for (int v = nd->parent[out->entries[i].alternatives[a].node]; v >= 0 && !mark[v]; v = nd->parent[v]) mark[v] = 2;
    for (int v = 0; v < nd->count; v++) by_rank[v] = -1;
    for (int v = 0; v < nd->count; v++)
        if (mark[v] == 2) by_rank[nd->rank[v]] = v;
    out->n_through = 0;
    for (int k = 0; k < nd->count; k++)
        if (by_rank[k] >= 0) out->through[out->n_through++] = by_rank[k];
    return 1;
}
