// The reach search: hand-counted cases (open board, wall detour, tie-break, stop and pass-only
// hexes, the first-step guarantee, hexons), odd input, and properties on thousands of random
// boards checked against a brute-force Bellman-Ford that keeps whole direction sequences.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "hex/hex.h"
#include "mctest.h"

enum { MAXH = MC_MAX_BOARD_HEXES };

static unsigned char board_mem[8 << 20];
static unsigned char reach_mem[32 << 20];

// A small rule set for the tests, driven by per-hex tables.
typedef struct Rules {
    int states;
    int cost[MAXH];         // cost to enter; 0 = cannot enter
    int attacks[MAXH];      // free attacks drawn by entering
    unsigned flags[MAXH];   // node flags
    unsigned char toggle[MAXH];   // entering moves the state on by one (mod states)
    unsigned char dir_extra[MAXH]; // bit d: entering in direction d costs 1 more (a river edge)
    int state_cost;         // each step costs this much more per unit of the state it leaves
    bool stop_in_state1;    // state 1 cannot continue (an engagement flag)
} Rules;

static Rules rules;

static void rules_open(const McBoard *b, int states) {
    rules.states = states;
    for (int i = 0; i < b->count; i++) {
        rules.cost[i] = 1;
        rules.attacks[i] = 0;
        rules.flags[i] = MC_REACH_OPEN;
        rules.toggle[i] = 0;
        rules.dir_extra[i] = 0;
    }
    rules.state_cost = 0;
    rules.stop_in_state1 = false;
}

static bool rules_step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    const Rules *R = ctx;
    int c = R->cost[in->to];
    if (c <= 0) return false;
    out->cost = c + R->state_cost * in->state + ((R->dir_extra[in->to] >> in->dir) & 1);
    out->attacks = R->attacks[in->to];
    out->state = R->toggle[in->to] ? (in->state + 1) % R->states : in->state;
    return true;
}

static unsigned rules_node(void *ctx, const McBoard *board, int position, int state) {
    const Rules *R = ctx;
    (void)board;
    unsigned f = R->flags[position];
    if (R->stop_in_state1 && state == 1) f &= ~(unsigned)MC_REACH_MAY_PASS;
    return f;
}

static McReachOptions rules_options(int budget) {
    McReachOptions o = mc_reach_default_options();
    o.budget = budget;
    o.state_count = rules.states;
    o.step = rules_step;
    o.node = rules_node;
    o.ctx = &rules;
    return o;
}

// A parallelogram board q, r in [-n, n], so axial coordinates read directly.
static McBoard square_board(int n) {
    static McHex hexes[MAXH];
    int k = 0;
    for (int r = -n; r <= n; r++)
        for (int q = -n; q <= n; q++) hexes[k++] = mc_hex_make(q, r);
    McBoard b;
    McBoardStatus st = mc_board_init_hexes(&b, hexes, NULL, k, board_mem, sizeof board_mem);
    MC_CHECK_INT(st, MC_BOARD_OK);
    return b;
}

// Lattice coordinates (a, b) of the hexon containing `h`, its centre being anchor + a·(2,1) +
// b·(−1,3): that inverts to a = (3·dq + dr)/7, b = (2·dr − dq)/7, exact at centres.
static McHex lattice_of(McHex anchor, McHex h) {
    McHex d = mc_hex_sub(mc_hexon_center_of(anchor, h), anchor);
    return mc_hex_make((3 * d.q + d.r) / 7, (2 * d.r - d.q) / 7);
}

static int at(const McBoard *b, int q, int r) { return mc_board_index(b, mc_hex_make(q, r)); }

// The nodes of `node`'s path from the start (the start left out) into out[0..cap), by its
// parents; returns the path's length, or -1 for a node the search did not reach.
static int path_nodes(const McReach *R, int node, int *out, int cap) {
    if (!mc_reach_visited(R, node)) return -1;
    int n = R->steps[node];
    for (int i = n - 1, v = node; i >= 0; i--, v = R->parent[v])
        if (i < cap) out[i] = v;
    return n;
}

// The best end node's path, as direction indices, into dirs; returns its length or -1.
static int best_dirs(const McReach *R, int pos, int *dirs, int cap) {
    int node = mc_reach_best(R, pos);
    if (node < 0) return -1;
    int nodes[512];
    int n = path_nodes(R, node, nodes, 512);
    for (int i = 0; i < n && i < cap; i++) {
        McReachEntry e;
        mc_reach_get(R, nodes[i], &e);
        dirs[i] = e.dir;
    }
    return n;
}

static bool dirs_are(const int *dirs, int n, const int *expect, int m) {
    if (n != m) return false;
    for (int i = 0; i < n; i++)
        if (dirs[i] != expect[i]) return false;
    return true;
}

// ---- hand-counted cases ---------------------------------------------------------------------

MC_TEST(reach_uniform_equals_distance, "on an open board with uniform cost, reach cost equals hex distance") {
    McBoard b = square_board(10);
    McReach R;
    McReachOptions o = mc_reach_default_options();
    McHex starts[3] = {{0, 0}, {-10, -10}, {10, -3}};
    for (int s = 0; s < 3; s++) {
        MC_CHECK_INT(mc_reach_run(&R, &b, starts[s], &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
        MC_CHECK_INT(R.reached_count, b.count);
        for (int i = 0; i < b.count; i++) {
            McReachEntry e;
            MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, i), &e));
            MC_CHECK_INT(e.cost, mc_hex_distance(starts[s], b.hexes[i]));
            MC_CHECK_INT(e.steps, e.cost);
        }
    }
}

MC_TEST(reach_budget_four_is_61_hexes, "a budget of 4 on an open board reaches the 60 hexes around the start") {
    McBoard b;
    mc_board_init_grid(&b, 9, 9, 0, NULL, board_mem, sizeof board_mem);
    McOffset mid = {4, 4};
    McReach R;
    McReachOptions o = mc_reach_default_options();
    o.budget = 4;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_from_offset(mid), &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    MC_CHECK_INT(R.reached_count, 61);
    int ends = 0;
    for (int i = 0; i < b.count; i++) {
        McReachEntry e;
        if (!mc_reach_get(&R, mc_reach_best(&R, i), &e)) continue;
        if (!(e.flags & MC_REACH_IS_START)) ends++;
    }
    MC_CHECK_INT(ends, 6 + 12 + 18 + 24);
}

MC_TEST(reach_wall_detour, "a wall of blocked hexes forces a 7-step detour, counted by hand") {
    McBoard b = square_board(5);
    rules_open(&b, 1);
    // Wall: q = 1 for r = -2..2. From (0,0) to (2,0) (distance 2) the way round the north end
    // is (0,-1), (0,-2), (1,-3), (2,-3), (2,-2), (2,-1), (2,0): 7 steps (3 to (1,-3), 4 on);
    // round the south end through (1,3) is 4 + 3 = 7 as well.
    for (int r = -2; r <= 2; r++) rules.cost[at(&b, 1, r)] = 0;
    McReach R;
    McReachOptions o = rules_options(MC_REACH_UNLIMITED);
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    McReachEntry e;
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 2, 0)), &e));
    MC_CHECK_INT(e.cost, 7);
    int dirs[16];
    int n = best_dirs(&R, at(&b, 2, 0), dirs, 16);
    // Lowest direction sequence: east and north-east are walled, so north-west first.
    const int expect[7] = {2, 2, 1, 0, 5, 5, 5};
    MC_CHECK(dirs_are(dirs, n, expect, 7));
    McHex path[16];
    MC_CHECK_INT(mc_reach_path(&R, e.node, path, 16), 7);
    MC_CHECK(mc_hex_equal(path[0], mc_hex_make(0, -1)));
    MC_CHECK(mc_hex_equal(path[2], mc_hex_make(1, -3)));
    MC_CHECK(mc_hex_equal(path[6], mc_hex_make(2, 0)));
    // Wall hexes are never reached.
    for (int r = -2; r <= 2; r++) MC_CHECK_INT(mc_reach_best(&R, at(&b, 1, r)), -1);
}

MC_TEST(reach_tie_break_lowest_directions, "equal paths are broken by the lowest sequence of direction indices") {
    McBoard b = square_board(4);
    rules_open(&b, 1);
    McReach R;
    McReachOptions o = rules_options(MC_REACH_UNLIMITED);
    int dirs[8], n;
    // (0,0) to (1,1): east then south-east [0,5], or south-east then east [5,0].
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    n = best_dirs(&R, at(&b, 1, 1), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){0, 5}, 2));
    // (0,0) to (2,-1): [0,1] before [1,0].
    n = best_dirs(&R, at(&b, 2, -1), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){0, 1}, 2));
    // (0,0) to (-2,1): [3,4] before [4,3].
    n = best_dirs(&R, at(&b, -2, 1), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){3, 4}, 2));

    // A free attack on (1,0) makes [5,0] better than [0,5]: fewer attacks beat lower directions.
    rules.attacks[at(&b, 1, 0)] = 1;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    n = best_dirs(&R, at(&b, 1, 1), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){5, 0}, 2));
    McReachEntry e;
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 1, 1)), &e);
    MC_CHECK_INT(e.attacks, 0);
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 1, 0)), &e);
    MC_CHECK_INT(e.attacks, 1);
    rules.attacks[at(&b, 1, 0)] = 0;

    // Paths of different lengths tie: entering (0,1) heading south-east costs 1 more (a river
    // edge), so the direct step [5] costs 2, the same as [0,4] through (1,0); [0,4] is lower.
    rules.dir_extra[at(&b, 0, 1)] = 1u << 5;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    n = best_dirs(&R, at(&b, 0, 1), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){0, 4}, 2));
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 0, 1)), &e);
    MC_CHECK_INT(e.cost, 2);
    rules.dir_extra[at(&b, 0, 1)] = 0;

    // The trap for "queue order" tie-breaks: two equal-cost paths to (2,0) through predecessors
    // of different costs. Every hex costs 5 except (1,0) 3, (1,-1) 1, (2,-1) 1 and (2,0) 1,
    // plus 1 more when (2,0) is entered heading south-east. [0,0] costs 3 + 1 = 4 and
    // [1,0,5] costs 1 + 1 + 2 = 4 (every other path costs at least 5). [0,0] is lower, although
    // its predecessor (1,0) (cost 3) leaves the queue after (2,-1) (cost 2).
    for (int i = 0; i < b.count; i++) rules.cost[i] = 5;
    rules.cost[at(&b, 1, 0)] = 3;
    rules.cost[at(&b, 1, -1)] = 1;
    rules.cost[at(&b, 2, -1)] = 1;
    rules.cost[at(&b, 2, 0)] = 1;
    rules.dir_extra[at(&b, 2, 0)] = 1u << 5;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    n = best_dirs(&R, at(&b, 2, 0), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){0, 0}, 2));
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 2, 0)), &e);
    MC_CHECK_INT(e.cost, 4);
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 2, -1)), &e);
    MC_CHECK_INT(e.cost, 2);
}

MC_TEST(reach_stop_hex, "a stop-on-enter hex is reachable but not passed through") {
    McBoard b = square_board(4);
    rules_open(&b, 1);
    rules.flags[at(&b, 1, 0)] = MC_REACH_STOP;
    McReach R;
    McReachOptions o = rules_options(MC_REACH_UNLIMITED);
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    McReachEntry e;
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 1, 0)), &e));
    MC_CHECK_INT(e.cost, 1);
    MC_CHECK(!(e.flags & MC_REACH_MAY_PASS));
    // (2,0) is 2 away only through (1,0); round it: [1,0,5] via (1,-1), (2,-1).
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 2, 0)), &e));
    MC_CHECK_INT(e.cost, 3);
    int dirs[8];
    int n = best_dirs(&R, at(&b, 2, 0), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){1, 0, 5}, 3));
    // No reached node has the stop hex as a parent.
    for (int v = 0; v < R.node_count; v++)
        if (mc_reach_get(&R, v, &e)) MC_CHECK(e.parent != at(&b, 1, 0));
}

MC_TEST(reach_pass_only_hex, "a pass-only hex is crossed but never an end") {
    McBoard b = square_board(4);
    rules_open(&b, 1);
    // A ring of pass-only hexes (friendly units) around the start: all ends at distance 1 are
    // forbidden, distance 2 is still reached in 2 steps.
    for (int d = 0; d < 6; d++) rules.flags[mc_board_index(&b, mc_hex_direction(d))] = MC_REACH_PASS_ONLY;
    McReach R;
    McReachOptions o = rules_options(2);
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    for (int d = 0; d < 6; d++) MC_CHECK_INT(mc_reach_best(&R, mc_board_index(&b, mc_hex_direction(d))), -1);
    int ring = 0; // the 12 hexes 2 steps away
    for (int i = 0; i < b.count; i++) {
        if (mc_hex_distance(mc_hex_make(0, 0), b.hexes[i]) != 2) continue;
        McReachEntry e;
        MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, i), &e));
        MC_CHECK_INT(e.cost, 2);
        ring++;
    }
    MC_CHECK_INT(ring, 12);
}

MC_TEST(reach_first_step_guarantee, "the first step is always allowed whatever its cost, then the move stops") {
    McBoard b = square_board(4);
    rules_open(&b, 1);
    for (int i = 0; i < b.count; i++) rules.cost[i] = 2; // all difficult
    rules.cost[at(&b, -1, 0)] = 0;                         // west is impassable
    McReach R;
    McReachOptions o = rules_options(1);
    // Without the guarantee a budget of 1 enters nothing.
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    MC_CHECK_INT(R.reached_count, 1);
    // With it, the five enterable neighbours are reached at their real cost, flagged over budget,
    // and nothing beyond them; the impassable one stays out.
    o.first_step_always = true;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    MC_CHECK_INT(R.reached_count, 6);
    for (int d = 0; d < 6; d++) {
        McReachEntry e;
        bool got = mc_reach_get(&R, mc_reach_best(&R, mc_board_index(&b, mc_hex_direction(d))), &e);
        if (d == MC_HEX_WEST) {
            MC_CHECK(!got);
            continue;
        }
        MC_CHECK(got);
        MC_CHECK_INT(e.cost, 2);
        MC_CHECK(e.flags & MC_REACH_OVER_BUDGET);
    }
    // A budget of 2 needs no guarantee for the first ring and stops there (the second ring costs 4).
    o.budget = 2;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    MC_CHECK_INT(R.reached_count, 6);
    McReachEntry e;
    mc_reach_get(&R, mc_reach_best(&R, at(&b, 1, 0)), &e);
    MC_CHECK(!(e.flags & MC_REACH_OVER_BUDGET));
    // Budget 3 with the guarantee: the first ring is within budget, the second (4) is not, and
    // only the first step is guaranteed.
    o.budget = 3;
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    MC_CHECK_INT(R.reached_count, 6);
}

MC_TEST(reach_states_engagement, "a state flag set on entering an engagement hex stops the move there") {
    McBoard b = square_board(4);
    rules_open(&b, 2);
    rules.stop_in_state1 = true;
    // Hexes (1,0) and (1,-1) are in an enemy zone: entering one sets state 1, which cannot move on.
    rules.toggle[at(&b, 1, 0)] = 1;
    rules.toggle[at(&b, 1, -1)] = 1;
    McReach R;
    McReachOptions o = rules_options(3);
    mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem);
    McReachEntry e;
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 1, 0)), &e));
    MC_CHECK_INT(e.state, 1);
    MC_CHECK_INT(e.cost, 1);
    // (2,0) is 2 steps through the zone; going round it takes 3: (0,1)... [5,0,1]? From (0,0):
    // (0,1), (1,1), (2,0): south-east, east, north-east.
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 2, 0)), &e));
    MC_CHECK_INT(e.cost, 3);
    MC_CHECK_INT(e.state, 0);
    int dirs[8];
    int n = best_dirs(&R, at(&b, 2, 0), dirs, 8);
    MC_CHECK(dirs_are(dirs, n, (const int[]){5, 0, 1}, 3));
    MC_CHECK_INT(mc_reach_node(&R, at(&b, 2, 0), 1), at(&b, 2, 0) * 2 + 1);
    MC_CHECK(!mc_reach_get(&R, mc_reach_node(&R, at(&b, 2, 0), 1), NULL));
}

MC_TEST(reach_hexons_large_miniature, "a Large miniature's reach over hexon centres costs the hexon distance") {
    McBoard b;
    mc_board_init_grid(&b, 40, 40, 0, NULL, board_mem, sizeof board_mem);
    McOffset mid = {20, 20};
    McHex start = mc_hexon_center_of(mc_hex_make(0, 0), mc_hex_from_offset(mid));
    McReach R;
    McReachOptions o = mc_reach_default_options();
    o.mode = MC_REACH_HEXONS;
    o.budget = 1;
    MC_CHECK_INT(mc_reach_run(&R, &b, start, &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    MC_CHECK_INT(R.reached_count, 7);
    for (int d = 0; d < 6; d++) {
        McReachEntry e;
        MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, mc_board_index(&b, mc_hexon_neighbor(start, d))), &e));
        MC_CHECK_INT(e.dir, d);
        MC_CHECK_INT(e.order, d + 1); // directions in order
    }
    // Lattice coordinates form an axial grid (hexon direction i is lattice step direction i), so
    // the cost to a centre near the start is the hex distance of lattice coordinates.
    o.budget = MC_REACH_UNLIMITED;
    mc_reach_run(&R, &b, start, &o, reach_mem, sizeof reach_mem);
    McHex s_ab = lattice_of(start, start);
    int checked = 0;
    for (int i = 0; i < b.count; i++) {
        McReachEntry e;
        bool got = mc_reach_get(&R, mc_reach_best(&R, i), &e);
        MC_CHECK(got == mc_hexon_is_center(start, b.hexes[i]));
        McHex ab = lattice_of(start, b.hexes[i]);
        int dist = mc_hex_distance(s_ab, ab);
        if (got && dist <= 4) {
            MC_CHECK_INT(e.cost, dist);
            checked++;
        }
    }
    MC_CHECK_INT(checked, 61);
}

MC_TEST(reach_odd_input, "odd input gives a status and an empty result, never a crash") {
    McBoard b = square_board(3);
    McReach R;
    McReachOptions o = mc_reach_default_options();
    McReachEntry e;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(9, 9), &o, reach_mem, sizeof reach_mem), MC_REACH_START_OFF_BOARD);
    MC_CHECK(!mc_reach_get(&R, 0, &e));
    MC_CHECK_INT(mc_reach_best(&R, 0), -1);
    MC_CHECK_INT(mc_reach_path(&R, 0, NULL, 0), -1);
    McBoard empty = {0};
    MC_CHECK_INT(mc_reach_run(&R, &empty, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_START_OFF_BOARD);
    MC_CHECK_INT(mc_reach_run(&R, NULL, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_ARGUMENT);
    MC_CHECK_INT(mc_reach_run(NULL, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_ARGUMENT);
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), NULL, reach_mem, sizeof reach_mem), MC_REACH_BAD_ARGUMENT);
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, 100), MC_REACH_STORAGE_TOO_SMALL);
    o.state_count = 0;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_STATES);
    o.state_count = MC_REACH_MAX_STATES + 1;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_STATES);
    o.state_count = 2;
    o.start_state = 2;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_STATES);
    o = mc_reach_default_options();
    o.mode = (McReachMode)7;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_BAD_ARGUMENT);
    MC_CHECK_INT(mc_reach_storage_size(-1, 1), 0);
    MC_CHECK_INT(mc_reach_storage_size(10, 0), 0);
    MC_CHECK_INT(mc_reach_storage_size(MC_MAX_BOARD_HEXES + 1, 1), 0);
    MC_CHECK(mc_reach_storage_size(MC_MAX_BOARD_HEXES, MC_REACH_MAX_STATES) > 0);
    // Budget 0 and a negative budget: only the start.
    o = mc_reach_default_options();
    o.budget = 0;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    MC_CHECK_INT(R.reached_count, 1);
    MC_CHECK(mc_reach_get(&R, R.start_node, &e));
    MC_CHECK(e.flags & MC_REACH_IS_START);
    MC_CHECK_INT(e.parent, -1);
    MC_CHECK_INT(mc_reach_path(&R, R.start_node, NULL, 0), 0);
    o.budget = -5;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    MC_CHECK_INT(R.reached_count, 1);
    MC_CHECK_INT(mc_reach_node(&R, -1, 0), -1);
    MC_CHECK_INT(mc_reach_node(&R, 0, 1), -1);
    MC_CHECK_INT(mc_reach_node(NULL, 0, 0), -1);
    MC_CHECK(!mc_reach_get(NULL, 0, &e));
}

// Callbacks answering out-of-range values: such steps are refused, not trusted.
static bool wild_step(void *ctx, const McReachStepIn *in, McReachStepOut *out) {
    (void)ctx;
    switch (in->dir) {
    case 0: out->cost = 0; break;                       // zero cost
    case 1: out->cost = MC_REACH_MAX_STEP_COST + 1; break;
    case 2: out->attacks = -1; break;
    case 3: out->state = 5; break;                      // no such state
    case 4: out->cost = -3; break;
    default: out->cost = MC_REACH_MAX_STEP_COST; break; // the largest allowed cost
    }
    return true;
}

MC_TEST(reach_refuses_wild_callbacks, "steps with out-of-range cost, attacks or state are refused") {
    McBoard b = square_board(3);
    McReach R;
    McReachOptions o = mc_reach_default_options();
    o.step = wild_step;
    MC_CHECK_INT(mc_reach_run(&R, &b, mc_hex_make(0, 0), &o, reach_mem, sizeof reach_mem), MC_REACH_OK);
    // Only direction 5 works, at cost 1000 a step: (0,1), (0,2), (0,3).
    MC_CHECK_INT(R.reached_count, 4);
    McReachEntry e;
    MC_CHECK(mc_reach_get(&R, mc_reach_best(&R, at(&b, 0, 3)), &e));
    MC_CHECK_INT(e.cost, 3000);
}

// ---- random boards against brute force -----------------------------------------------------

static unsigned long long seed = 0x9E3779B97F4A7C15ULL;
static int rnd(int n) {
    // xorshift64*: fixed seed, so every run tests the same boards.
    seed ^= seed >> 12;
    seed ^= seed << 25;
    seed ^= seed >> 27;
    return (int)(((seed * 0x2545F4914F6CDD1DULL) >> 33) % (unsigned long long)n);
}

enum { BF_NODES = 9 * 9 * 3, BF_LEN = BF_NODES + 1 };
static int bf_cost[BF_NODES], bf_att[BF_NODES], bf_len[BF_NODES];
static unsigned bf_flags[BF_NODES];
static bool bf_reached[BF_NODES];
static signed char bf_seq[BF_NODES][BF_LEN];

// -1, 0, 1: the sequence seq[0..n) compared lexicographically with t[0..m), a prefix first.
static int lex(const signed char *s, int n, const signed char *t, int m) {
    for (int i = 0; i < n && i < m; i++)
        if (s[i] != t[i]) return s[i] < t[i] ? -1 : 1;
    return n < m ? -1 : n > m ? 1 : 0;
}

// Bellman-Ford over (position, state) with whole (cost, attacks, direction sequence) labels,
// written from the rules in hex_reach.h, not from its code: neighbours from mc_hex_neighbor and
// mc_board_index, the budget, the guarantee and the pass/over-budget test restated here.
static void brute_force(const McBoard *b, McHex start, const McReachOptions *o) {
    int S = o->state_count, N = b->count * S;
    for (int v = 0; v < N; v++) bf_reached[v] = false;
    int s0 = mc_board_index(b, start) * S + o->start_state;
    bf_reached[s0] = true;
    bf_cost[s0] = bf_att[s0] = bf_len[s0] = 0;
    for (int v = 0; v < N; v++) bf_flags[v] = rules_node(o->ctx, b, v / S, v % S);
    for (bool changed = true; changed;) {
        changed = false;
        for (int u = 0; u < N; u++) {
            if (!bf_reached[u]) continue;
            bool is_start = u == s0;
            if (!is_start && (!(bf_flags[u] & MC_REACH_MAY_PASS) || bf_cost[u] > o->budget)) continue;
            for (int d = 0; d < 6; d++) {
                int to = mc_board_index(b, mc_hex_neighbor(b->hexes[u / S], d));
                if (to < 0) continue;
                McReachStepIn in = {b, u / S, to, b->hexes[u / S], b->hexes[to], d, u % S,
                                    bf_cost[u], bf_att[u], is_start};
                McReachStepOut out = {1, 0, u % S};
                if (!rules_step(o->ctx, &in, &out)) continue;
                int c = bf_cost[u] + out.cost, a = bf_att[u] + out.attacks;
                if (c > o->budget && !(is_start && o->first_step_always)) continue;
                int v = to * S + out.state;
                signed char cand[BF_LEN];
                for (int i = 0; i < bf_len[u]; i++) cand[i] = bf_seq[u][i];
                cand[bf_len[u]] = (signed char)d;
                int clen = bf_len[u] + 1;
                if (clen >= BF_LEN) continue; // cannot happen: a best path visits a node once
                bool better = !bf_reached[v] || c < bf_cost[v] ||
                              (c == bf_cost[v] && (a < bf_att[v] ||
                               (a == bf_att[v] && lex(cand, clen, bf_seq[v], bf_len[v]) < 0)));
                if (!better || v == s0) continue;
                bf_reached[v] = true;
                bf_cost[v] = c;
                bf_att[v] = a;
                bf_len[v] = clen;
                for (int i = 0; i < clen; i++) bf_seq[v][i] = cand[i];
                changed = true;
            }
        }
    }
}

static void random_rules(const McBoard *b, int states) {
    rules.states = states;
    rules.state_cost = rnd(3) == 0 ? 1 : 0;
    rules.stop_in_state1 = rnd(2) == 0;
    for (int i = 0; i < b->count; i++) {
        int k = rnd(100);
        rules.cost[i] = k < 15 ? 0 : k < 65 ? 1 : k < 85 ? 2 : 3;
        k = rnd(100);
        rules.attacks[i] = k < 70 ? 0 : k < 90 ? 1 : 2;
        k = rnd(100);
        rules.flags[i] = k < 70 ? MC_REACH_OPEN : k < 82 ? MC_REACH_STOP : k < 94 ? MC_REACH_PASS_ONLY : 0;
        rules.toggle[i] = rnd(100) < 15;
        rules.dir_extra[i] = rnd(100) < 10 ? (unsigned char)(1u << rnd(6)) : 0;
    }
}

MC_TEST(reach_random_boards, "on 3000 random boards reach matches brute force and every path is legal") {
    int boards = 0, nodes_checked = 0, paths_checked = 0;
    McReach R;
    for (int t = 0; t < 3000; t++) {
        int cols = 2 + rnd(8), rows = 2 + rnd(8), states = 1 + rnd(3);
        McBoard b;
        mc_board_init_grid(&b, cols, rows, rnd(2) ? MC_BOARD_ODD_ROWS_SHORT : 0, NULL, board_mem,
                           sizeof board_mem);
        if (b.count == 0) continue;
        random_rules(&b, states);
        int k = rnd(100);
        int budget = k < 20 ? MC_REACH_UNLIMITED : k < 23 ? -1 : rnd(11);
        McReachOptions o = rules_options(budget);
        o.first_step_always = rnd(2) == 0;
        o.start_state = rnd(states);
        McHex start = b.hexes[rnd(b.count)];
        if (mc_reach_run(&R, &b, start, &o, reach_mem, sizeof reach_mem) != MC_REACH_OK) {
            MC_CHECK(false);
            continue;
        }
        boards++;
        brute_force(&b, start, &o);
        int S = states, reached = 0;
        for (int v = 0; v < b.count * S; v++) {
            McReachEntry e;
            bool got = mc_reach_get(&R, v, &e);
            MC_CHECK(got == bf_reached[v]);
            if (!got || !bf_reached[v]) continue;
            reached++;
            nodes_checked++;
            MC_CHECK_INT(e.cost, bf_cost[v]);
            MC_CHECK_INT(e.attacks, bf_att[v]);
            MC_CHECK_INT(e.steps, bf_len[v]);
            MC_CHECK_INT(e.flags & (MC_REACH_MAY_END | MC_REACH_MAY_PASS), bf_flags[v]);
            MC_CHECK((e.flags & MC_REACH_OVER_BUDGET) ? e.cost > budget : e.cost <= budget);
            // Walk the path and re-check every step against the callbacks.
            int nodes[BF_LEN];
            int n = path_nodes(&R, v, nodes, BF_LEN);
            MC_CHECK_INT(n, e.steps);
            int u = R.start_node, cost = 0, att = 0;
            bool ok = true;
            for (int i = 0; i < n && ok; i++) {
                McReachEntry pe, ce;
                mc_reach_get(&R, u, &pe);
                mc_reach_get(&R, nodes[i], &ce);
                ok &= ce.parent == u;
                ok &= i == e.steps - 1 || (ce.flags & MC_REACH_MAY_PASS);
                ok &= mc_hex_distance(pe.hex, ce.hex) == 1;
                ok &= mc_hex_equal(mc_hex_neighbor(pe.hex, ce.dir), ce.hex);
                ok &= i > 0 || mc_hex_distance(start, ce.hex) == 1;
                ok &= ce.dir == bf_seq[v][i];
                McReachStepIn in = {&b, pe.position, ce.position, pe.hex, ce.hex, ce.dir, pe.state,
                                    cost, att, i == 0};
                McReachStepOut out = {1, 0, pe.state};
                ok &= rules_step(&rules, &in, &out);
                ok &= out.state == ce.state;
                ok &= ce.cost == cost + out.cost && ce.cost > pe.cost; // costs rise along the path
                cost += out.cost;
                att += out.attacks;
                ok &= ce.attacks == att;
                ok &= cost <= budget || (i == 0 && o.first_step_always);
                u = nodes[i];
            }
            MC_CHECK(ok);
            MC_CHECK(u == v);
            paths_checked++;
        }
        MC_CHECK_INT(R.reached_count, reached);
        // The best end per position: lowest (cost, attacks, direction sequence) among MAY_END states.
        for (int pos = 0; pos < b.count; pos++) {
            int want = -1;
            for (int st = 0; st < S; st++) {
                int v = pos * S + st;
                if (!bf_reached[v] || !(bf_flags[v] & MC_REACH_MAY_END)) continue;
                if (want < 0 || bf_cost[v] < bf_cost[want] ||
                    (bf_cost[v] == bf_cost[want] &&
                     (bf_att[v] < bf_att[want] ||
                      (bf_att[v] == bf_att[want] &&
                       lex(bf_seq[v], bf_len[v], bf_seq[want], bf_len[want]) < 0))))
                    want = v;
            }
            MC_CHECK_INT(mc_reach_best(&R, pos), want);
        }
    }
    MC_CHECK(boards > 2900);
    MC_CHECK(nodes_checked > 20000);
    printf("     (%d boards, %d nodes, %d paths checked)\n", boards, nodes_checked, paths_checked);
}

// ---- speed ----------------------------------------------------------------------------------

static double now_ms(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

MC_TEST(reach_speed_100x100, "a reach over a 100 x 100 board covers all 10000 hexes and reports its time") {
    McBoard b;
    mc_board_init_grid(&b, 100, 100, 0, NULL, board_mem, sizeof board_mem);
    rules_open(&b, 1);
    for (int i = 0; i < b.count; i++) {
        int k = rnd(100);
        rules.cost[i] = k < 10 ? 0 : k < 80 ? 1 : 2;
        rules.flags[i] = k % 17 == 0 ? MC_REACH_STOP : MC_REACH_OPEN;
    }
    McOffset mid = {50, 50};
    McHex start = mc_hex_from_offset(mid);
    McReach R;
    const int runs = 50;
    McReachOptions plain = mc_reach_default_options();
    McReachOptions terrain = rules_options(MC_REACH_UNLIMITED);
    double best_plain = 1e9, best_terrain = 1e9;
    for (int i = 0; i < runs; i++) {
        double t0 = now_ms();
        mc_reach_run(&R, &b, start, &plain, reach_mem, sizeof reach_mem);
        double t1 = now_ms();
        mc_reach_run(&R, &b, start, &terrain, reach_mem, sizeof reach_mem);
        double t2 = now_ms();
        if (t1 - t0 < best_plain) best_plain = t1 - t0;
        if (t2 - t1 < best_terrain) best_terrain = t2 - t1;
    }
    mc_reach_run(&R, &b, start, &plain, reach_mem, sizeof reach_mem);
    MC_CHECK_INT(R.reached_count, 10000);
    printf("     (100x100 reach: %.3f ms open, %.3f ms with terrain callbacks; best of %d)\n",
           best_plain, best_terrain, runs);
}
