// The one reach search every hex rule set drives: Dijkstra with a bucket queue (Dial's algorithm)
// over nodes (position, state), where a position is a board hex (or a hexon centre) and the state
// is a small rule-defined integer (points set aside, an engagement flag, "used Nimble", ...).
//
// A rule set supplies two callbacks:
//   step(ctx, in, out)          may the unit go from in->from to in->to (direction in->dir) in
//                               state in->state? If so, set out->cost (1..MC_REACH_MAX_STEP_COST),
//                               out->attacks (free attacks drawn, 0..MC_REACH_MAX_STEP_ATTACKS)
//                               and out->state; return true. Return false for "cannot enter".
//   node(ctx, board, pos, st)   what may the unit do at a node it has entered: MC_REACH_MAY_END
//                               (stop here at the end of the move) and/or MC_REACH_MAY_PASS
//                               (continue from here). MC_REACH_STOP (may end, may not continue)
//                               is "movement stops on entering"; MC_REACH_PASS_ONLY is "may pass
//                               through but not end" (a friendly unit's hex).
// Both must be pure functions of their arguments and ctx: the search calls the step callback
// once per (node, direction) and the node callback once per node, in an order that is not part
// of the interface. NULL step = every on-board step costs 1; NULL node = MC_REACH_OPEN everywhere.
//
// The search keeps, per node, the best path under the docs/api.md tie-break: lowest total cost,
// then fewest free attacks, then the lowest sequence of direction indices compared from the
// first step (a path that is a prefix of another sorts first). This is exact: a first pass finds
// every node's (cost, attacks); a second pass walks the graph of steps that achieve them depth
// first, directions in order 0..5, and the first visit of each node is its lexicographically
// lowest best path (see hex_reach.c).
//
// A step is allowed only when the new total cost is at most the budget; with
// first_step_always, any step out of the start node is allowed whatever its cost (GODSGLOOM's
// Minimum Move Guarantee, GG-8.3-MMG) — the step callback still decides whether the hex can be
// entered at all — and a node reached above the budget is flagged MC_REACH_OVER_BUDGET and never
// continued from. The start node is always continued from (its node flags only say whether the
// unit may end where it began).
//
// No allocation: the caller passes storage of mc_reach_storage_size(positions, states) bytes.
// Work: a unit per step tried (core/work.h); past the budget the first pass stops and the result
// holds the nodes labelled so far (the request then answers `limit`: the caller notes where).
#ifndef MC_HEX_REACH_H
#define MC_HEX_REACH_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>

#include "hex/hex_board.h"

#define MC_REACH_MAX_STATES 16          ///< states per position
#define MC_REACH_MAX_STEP_COST 1000     ///< largest cost of one step (MC_MAX_MOVE_POINTS)
#define MC_REACH_MAX_STEP_ATTACKS 1000  ///< largest number of free attacks drawn by one step
#define MC_REACH_MAX_NODES (MC_MAX_BOARD_HEXES * MC_REACH_MAX_STATES) ///< positions × states
#define MC_REACH_UNLIMITED INT_MAX      ///< a budget that never binds

/// Node flags returned by the node callback and reported in McReachEntry.flags.
enum {
    MC_REACH_MAY_END = 1u << 0,  ///< the unit may end its move on this node
    MC_REACH_MAY_PASS = 1u << 1, ///< the unit may continue moving from this node
    MC_REACH_OPEN = MC_REACH_MAY_END | MC_REACH_MAY_PASS,
    MC_REACH_STOP = MC_REACH_MAY_END,        ///< entering ends the move (engagement zone, forest)
    MC_REACH_PASS_ONLY = MC_REACH_MAY_PASS,  ///< may pass through, may not end (friendly unit)
    MC_REACH_OVER_BUDGET = 1u << 2, ///< reported only: reached by first_step_always above budget
    MC_REACH_IS_START = 1u << 3,    ///< reported only: the start node
};

/// What the search moves between.
typedef enum McReachMode {
    MC_REACH_HEXES = 0, ///< positions are board hexes, steps are the 6 hex directions
    MC_REACH_HEXONS,    ///< positions are hexon centres, steps are the 6 hexon directions
                        ///< (mc_hexon_direction); the lattice is the one through the start
} McReachMode;

/// Why a search did not run. MC_REACH_OK is 0. On any failure the McReach is left empty and all
/// queries on it answer "unreached".
typedef enum McReachStatus {
    MC_REACH_OK = 0,
    MC_REACH_BAD_ARGUMENT,      ///< NULL reach/board/options, or a bad mode
    MC_REACH_BAD_STATES,        ///< state_count outside 1..MC_REACH_MAX_STATES or start_state
                                ///< outside 0..state_count-1
    MC_REACH_TOO_MANY_NODES,    ///< board hexes × states above MC_REACH_MAX_NODES
    MC_REACH_STORAGE_TOO_SMALL, ///< storage smaller than mc_reach_storage_size
    MC_REACH_START_OFF_BOARD,   ///< the start hex is not on the board (also: empty board)
} McReachStatus;

/// What the step callback is told about one candidate step.
typedef struct McReachStepIn {
    const McBoard *board;
    int from, to;        ///< board indices of the position left and the position entered
    McHex from_hex, to_hex;
    int dir;             ///< 0..5: hex direction, or hexon direction in MC_REACH_HEXONS mode
    int state;           ///< state at `from`
    int cost;            ///< total cost of the best path to `from` (minimal, final)
    int attacks;         ///< free attacks along that path
    bool first;          ///< `from` is the start node: this would be the first step
} McReachStepIn;

/// What the step callback answers. The search fills it with {cost 1, attacks 0, state in->state}
/// before each call, so a callback only sets what differs. A cost outside
/// 1..MC_REACH_MAX_STEP_COST, attacks outside 0..MC_REACH_MAX_STEP_ATTACKS or a state outside
/// 0..state_count-1 make the step not allowed (never a crash).
typedef struct McReachStepOut {
    int cost;    ///< cost of entering, 1..MC_REACH_MAX_STEP_COST
    int attacks; ///< free attacks drawn by this step (secondary cost; GODSGLOOM: a unit's hex
                 ///< passed through), 0..MC_REACH_MAX_STEP_ATTACKS
    int state;   ///< state after the step, 0..state_count-1
} McReachStepOut;

/// Step callback: true when the step is allowed (with `out` filled), false when not.
typedef bool (*McReachStepFn)(void *ctx, const McReachStepIn *in, McReachStepOut *out);

/// Node callback: MC_REACH_MAY_END and/or MC_REACH_MAY_PASS for position `position` (a board
/// index) in state `state`. Other bits are ignored.
typedef unsigned (*McReachNodeFn)(void *ctx, const McBoard *board, int position, int state);

/// Options of one search. Start from mc_reach_default_options() and change what you need.
typedef struct McReachOptions {
    McReachMode mode;
    int budget;             ///< largest total cost of a path; MC_REACH_UNLIMITED for none;
                            ///< negative reaches nothing (first_step_always aside)
    int state_count;        ///< 1..MC_REACH_MAX_STATES
    int start_state;        ///< 0..state_count-1
    bool first_step_always; ///< any allowed first step is taken whatever it costs, then stops
    McReachStepFn step;     ///< NULL: every step costs 1
    McReachNodeFn node;     ///< NULL: MC_REACH_OPEN everywhere
    void *ctx;              ///< passed to both callbacks
} McReachOptions;

/// The result of a search. Read it through the functions below; the arrays point into the
/// caller's storage. Node n is position n / state_count, state n % state_count.
typedef struct McReach {
    const McBoard *board;
    McReachMode mode;
    int state_count, node_count;
    int start_node;    ///< -1 when the search did not run
    int budget;
    int reached_count; ///< nodes reached, the start node included
    // internal arrays [node_count]
    int *cost, *attacks, *parent, *order, *steps, *link_prev, *link_next;
    int *edge_to, *edge_step; // [6·node_count] the steps pass 1 evaluated, reused by pass 2
    signed char *dir;
    unsigned char *flags;
} McReach;

/// One reached node.
typedef struct McReachEntry {
    int node;       ///< node index
    int position;   ///< board index
    int state;
    McHex hex;      ///< board hex (the hexon centre in MC_REACH_HEXONS mode)
    int cost;       ///< total cost of the best path
    int attacks;    ///< free attacks along it
    int steps;      ///< steps in it (0 for the start)
    int parent;     ///< node index of the previous node, -1 for the start
    int dir;        ///< direction of the last step, -1 for the start
    unsigned flags; ///< MC_REACH_MAY_END, MC_REACH_MAY_PASS, MC_REACH_OVER_BUDGET, MC_REACH_IS_START
    int order;      ///< rank of the best path among all reached nodes' best paths under the
                    ///< tie-break's direction order (0 = the start); compares paths exactly
} McReachEntry;

/// Default options: hexes, unlimited budget, one state, start state 0, no guarantee, no
/// callbacks.
McReachOptions mc_reach_default_options(void);

/// Bytes of storage for a search over `positions` board hexes with `states` states each; 0 when
/// either is out of range or positions × states exceeds MC_REACH_MAX_NODES. About 80 bytes a
/// node plus 4 KB (0.8 MB for a 100 × 100 board with one state).
size_t mc_reach_storage_size(int positions, int states);

/// Runs the search from `start` over `board` (which must outlive `reach`), into `storage` (owned
/// by the caller, at least mc_reach_storage_size(board->count, options->state_count) bytes; it
/// need not be zeroed: the search reads only what it wrote).
/// Returns MC_REACH_OK, or a status saying which argument or limit was wrong; never crashes on
/// odd input (empty board, start off the board, budget 0 or negative).
McReachStatus mc_reach_run(McReach *reach, const McBoard *board, McHex start,
                           const McReachOptions *options, void *storage, size_t storage_bytes);

/// Node index of (position, state), or -1 when out of range.
int mc_reach_node(const McReach *reach, int position, int state);

/// McReach.flags bit of a node given its best path (internal: read it through the functions here).
#define MC_REACH_VISITED_ (1u << 6)
/// The public bits of McReach.flags (internal: McReachEntry.flags).
#define MC_REACH_PUBLIC_FLAGS_ \
    (MC_REACH_MAY_END | MC_REACH_MAY_PASS | MC_REACH_OVER_BUDGET | MC_REACH_IS_START)

/// True when `node` was reached.
static inline bool mc_reach_visited(const McReach *reach, int node) {
    return reach && reach->flags && node >= 0 && node < reach->node_count &&
           (reach->flags[node] & MC_REACH_VISITED_);
}

/// True when `node` was reached; then *entry describes it (entry may be NULL), else *entry is
/// cleared (node, position, parent and dir -1). Inline: listing a large board's reach asks it for
/// every node, and most callers read a few of its fields.
static inline bool mc_reach_get(const McReach *reach, int node, McReachEntry *entry) {
    if (!mc_reach_visited(reach, node)) {
        if (entry) *entry = (McReachEntry){.node = -1, .position = -1, .parent = -1, .dir = -1};
        return false;
    }
    if (entry) {
        int states = reach->state_count;
        entry->node = node;
        entry->position = states == 1 ? node : node / states;
        entry->state = states == 1 ? 0 : node % states;
        entry->hex = reach->board->hexes[entry->position];
        entry->cost = reach->cost[node];
        entry->attacks = reach->attacks[node];
        entry->steps = reach->steps[node];
        entry->parent = reach->parent[node];
        entry->dir = reach->dir[node];
        entry->flags = reach->flags[node] & MC_REACH_PUBLIC_FLAGS_;
        entry->order = reach->order[node];
    }
    return true;
}

/// The node the unit should end on to stand at board position `position`: among its reached
/// states flagged MC_REACH_MAY_END, the one with the best path (cost, then attacks, then
/// direction sequence). -1 when the unit cannot end there. The start node counts when the node
/// callback lets the unit end there; callers that list destinations skip MC_REACH_IS_START.
int mc_reach_best(const McReach *reach, int position);

/// Writes the best path to `node` as the hexes entered, first step first, the node's own hex
/// last (the start hex is not included), into out[0..cap). Returns the number of steps in the
/// path whatever `cap` is (0 for the start, -1 when the node was not reached).
int mc_reach_path(const McReach *reach, int node, McHex *out, int cap);

typedef struct McArena McArena;

/// Orders a reach's listing by cost when it can do so in one pass: items[0..n) (`size` bytes
/// each, with an int cost at byte `cost_at` and an McHex at byte `hex_at`) that come in (r, q)
/// order, as every grid board's positions do, with costs from 0 to 4n + 64, are counting-sorted
/// by cost, stably, into a copy from `arena`, and *items points to it: the order of cost, then
/// r, then q. Returns 1 when sorted, 0 when memory ran out, -1 when not applicable (the caller
/// sorts by comparison).
int mc_reach_sort_by_cost(McArena *arena, void **items, int n, size_t size, size_t cost_at, size_t hex_at);

#endif
