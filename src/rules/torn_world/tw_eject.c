// Ejection (TW-EJ-1..4, TW-EJ-6) and markers (TW-MK-1, TW-MK-2): the order, the nearest free
// hexes of A-TW-3 with earlier ejections taken into account, who chooses, the free attacks.
#include <stdlib.h>
#include <string.h>

#include "core/work.h"
#include "rules/torn_world/tw.h"

static bool in_list(const McHex *list, int n, McHex h) {
    for (int i = 0; i < n; i++)
        if (mc_hex_equal(list[i], h)) return true;
    return false;
}

static int by_row(const void *a, const void *b) {
    const McHex *x = a, *y = b;
    if (x->r != y->r) return x->r < y->r ? -1 : 1;
    return (x->q > y->q) - (x->q < y->q);
}

// Candidates are listed by row then column, an order a reader can check on the board. They are
// distinct hexes, so any sort gives this order; a ring of a large board holds thousands.
static void sort_hexes(McHex *h, int n) { qsort(h, (size_t)n, sizeof *h, by_row); }

// Stamps the board positions of `hexes` in `stamps` with a new generation (*gen), so that a
// position is in the set when its stamp is *gen; hexes off the board are left out (no search
// looks them up). Searches test every footprint hex against these sets: walking a destroyed
// list of a thousand hexes for each was most of a Huge's ejection search.
static void stamp_set(const TwWorld *w, int *stamps, int *gen, const McHex *hexes, int n) {
    (*gen)++;
    mc_work_add((uint64_t)n);
    for (int i = 0; i < n; i++) {
        int at = mc_board_index(w->board, hexes[i]);
        if (at >= 0) stamps[at] = *gen;
    }
}

// Volume Landscape still standing at board position `at`: a Huge miniature's movement removes
// what it destroyed from the battlefield (seed: "Remove the destroyed Landscape Elements"), so
// those hexes are free for the miniatures and markers ejected at its end (TW-HUG-1, TW-HUG-2).
// The destroyed hexes are those stamped in the scratch's `gone` (stamp_set).
static bool volume_at(const TwWorld *w, int at, const TwGone *gone) {
    const TwScratch *sc = w->scratch;
    return w->board->terrain[at] == TW_VOLUME && !(gone && sc->gone[at] == sc->gone_gen);
}

static bool excluded(const TwWorld *w, int at) { return w->scratch->excl[at] == w->scratch->excl_gen; }

// May unit u stand with its reference at `ref` without ejecting anything? (TW-INF-3, TW-LRG-2,
// TW-HUG-2 without ejection: free of miniatures, markers and Volume Landscape; outside the
// excluded hexes.) One work unit a hex tested.
static bool unit_free_at(const TwWorld *w, int u, McHex ref, const int *occ, const int *mark, const TwGone *gone) {
    McHex fp[TW_MAX_FOOTPRINT];
    int k = mc_tw_footprint(&w->units[u], mc_hex_sub(ref, w->units[u].pos[0]), fp);
    for (int i = 0; i < k; i++) {
        mc_work_add(1);
        int at = mc_board_index(w->board, fp[i]);
        if (at < 0 || excluded(w, at)) return false;
        if ((occ[at] >= 0 && occ[at] != u) || mark[at] >= 0 || volume_at(w, at, gone)) return false;
    }
    return true;
}

static bool hex_free(const TwWorld *w, McHex h, const int *occ, const int *mark, int self_marker, const TwGone *gone) {
    mc_work_add(1);
    int at = mc_board_index(w->board, h);
    if (at < 0 || excluded(w, at)) return false;
    return occ[at] < 0 && (mark[at] < 0 || mark[at] == self_marker) && !volume_at(w, at, gone);
}

// Whether the work budget has run out in a nearest free position search, then noted with how many
// positions it had tested (the request answers `limit`).
static bool nearest_out(McEnv *env, const TwWorld *w, int u, int marker, bool lattice, int tested) {
    if (!mc_work_out()) return false;
    mc_work_note(env, "", "the nearest free %s search for %s after %d positions", lattice ? "hexon" : "hex",
                 marker >= 0 ? w->markers[marker].id : w->units[u].id, tested);
    return true;
}

// Breadth-first search from `start` over board positions, by hex steps (lattice = false) or by
// hexon steps; stops at the first distance holding a free position. `marker` >= 0 searches for
// that marker (a single hex), otherwise for unit `u`.
static int nearest(McEnv *env, const TwWorld *w, int u, int marker, McHex start, bool lattice,
                   const int *occ, const int *mark, const McHex *exclude, int n_exclude, const TwGone *gone,
                   McHex **out, int *distance) {
    TwScratch *sc = w->scratch;
    const McBoard *b = w->board;
    *out = NULL;
    *distance = -1;
    int s = mc_board_index(b, start);
    if (s < 0) return 0;
    stamp_set(w, sc->excl, &sc->excl_gen, exclude, n_exclude);
    if (gone) stamp_set(w, sc->gone, &sc->gone_gen, gone->hexes, gone->n);
    sc->gen++;
    int head = 0, tail = 0, found_at = -1, n = 0;
    sc->stamp[s] = sc->gen;
    sc->dist[s] = 0;
    sc->queue[tail++] = s;
    int first_found = -1;
    bool stopped = false;
    while (head < tail) {
        int i = sc->queue[head++];
        if (found_at >= 0 && sc->dist[i] > found_at) break;
        // Past the work budget the search stops with what it found: the request answers `limit`.
        if ((stopped = nearest_out(env, w, u, marker, lattice, head - 1))) break;
        McHex h = b->hexes[i];
        bool free = marker >= 0 ? hex_free(w, h, occ, mark, marker, gone) : unit_free_at(w, u, h, occ, mark, gone);
        if (free) {
            if (found_at < 0) {
                found_at = sc->dist[i];
                first_found = head - 1;
            }
            n++;
            continue;
        }
        if (found_at >= 0) continue;
        mc_work_add(MC_HEX_DIRECTIONS);
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            int j = lattice ? mc_board_index(b, mc_hexon_neighbor(h, d)) : b->neighbors[6 * i + d];
            if (j < 0 || sc->stamp[j] == sc->gen) continue;
            sc->stamp[j] = sc->gen;
            sc->dist[j] = sc->dist[i] + 1;
            sc->queue[tail++] = j;
        }
    }
    if (n == 0) return 0;
    McHex *c = MC_NEW(env->arena, McHex, n);
    if (!c) return -1;
    int k = 0;
    for (int q = first_found; q < tail && k < n; q++) {
        int i = sc->queue[q];
        if (sc->dist[i] != found_at) continue;
        McHex h = b->hexes[i];
        bool free = marker >= 0 ? hex_free(w, h, occ, mark, marker, gone) : unit_free_at(w, u, h, occ, mark, gone);
        if (free) c[k++] = h;
    }
    if (!stopped) nearest_out(env, w, u, marker, lattice, head); // (in the last position's test, or listing them)
    sort_hexes(c, k);
    *out = c;
    *distance = found_at;
    return k;
}

int mc_tw_nearest_free_unit(McEnv *env, const TwWorld *w, int u, const int *occ, const int *mark,
                         const McHex *exclude, int n_exclude, const TwGone *gone, McHex **out, int *distance) {
    // A-TW-3: Infantry counts hexes; a Large or Huge miniature moves, and so is ejected, by
    // hexon steps of the lattice (A-TW-1).
    mc_assume(env, MC_A_TW_3);
    const TwUnit *t = &w->units[u];
    if (t->size != TW_INFANTRY) mc_assume(env, MC_A_TW_1);
    return nearest(env, w, u, -1, t->pos[0], t->size != TW_INFANTRY, occ, mark, exclude, n_exclude, gone, out,
                   distance);
}

static const TwChoice *find_choice(const TwChoice *c, int n, int unit, int marker) {
    for (int i = 0; i < n; i++)
        if ((unit >= 0 && c[i].unit == unit) || (marker >= 0 && c[i].marker == marker)) return &c[i];
    return NULL;
}

// Moves unit u in the working occupancy map from its place to reference `to`.
static void place_unit(const TwWorld *w, int *occ, int u, McHex to) {
    McHex fp[TW_MAX_FOOTPRINT];
    const TwUnit *t = &w->units[u];
    int k = mc_tw_footprint(t, mc_hex_make(0, 0), fp);
    for (int i = 0; i < k; i++) {
        int at = mc_board_index(w->board, fp[i]);
        if (at >= 0 && occ[at] == u) occ[at] = -1;
    }
    k = mc_tw_footprint(t, mc_hex_sub(to, t->pos[0]), fp);
    for (int i = 0; i < k; i++) {
        int at = mc_board_index(w->board, fp[i]);
        if (at >= 0) occ[at] = u;
    }
}

static int choose(McEnv *env, TwResolution *out, const TwChoice *ch, McHex *cand, int n_cand,
                  const char *who, bool *given, McHex *to, const char *rule) {
    *given = false;
    if (ch && ch->has_to) {
        if (!in_list(cand, n_cand, ch->to)) {
            McReason *r = mc_reason_add(env, &out->reasons, "not_nearest_free_hex", rule,
                                        "The chosen hex for %s is not one of its nearest free hexes.", who);
            if (!r) return 0;
            r->unit = who;
            r->has_hex = 1;
            r->q = ch->to.q;
            r->r = ch->to.r;
            out->legal = false;
        }
        *given = true;
        *to = ch->to;
        return 1;
    }
    *to = cand[0];
    return 1;
}

// Ejects each unit under the mover's end spot `s` (TW-EJ-1 to TW-EJ-4) into out->ejections,
// placing each in sc->occ. 0 when memory ran out.
static int eject_units(McEnv *env, const TwWorld *w, int mover, const TwSpot *s, const TwGone *gone,
                       const TwChoice *choices, int n_choices, TwResolution *out) {
    const TwUnit *m = &w->units[mover];
    TwScratch *sc = w->scratch;
    // TW-EJ-4: allies first, then enemies; each group in the request's order.
    out->ejections = MC_NEW(env->arena, TwEjection, s->n_units + 1);
    if (!out->ejections) return 0;
    int order[TW_MAX_FOOTPRINT], k = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < s->n_units; i++)
            if ((strcmp(w->units[s->units[i]].side, m->side) != 0) == (pass == 1)) order[k++] = s->units[i];
    for (int i = 0; i < k; i++) {
        int u = order[i];
        const TwUnit *t = &w->units[u];
        TwEjection *e = &out->ejections[out->n_ejections++];
        e->unit = u;
        e->enemy = strcmp(t->side, m->side) != 0;
        mc_trace(env, "TW-EJ-4", t->id, "%s is ejected %s (allies first, then enemies).", t->id,
                 e->enemy ? "as an enemy" : "as an ally");
        int got = mc_tw_nearest_free_unit(env, w, u, sc->occ, sc->mark, s->hexes, s->n_hexes, gone, &e->cand,
                                       &e->distance);
        if (got < 0) return 0;
        e->n_cand = got;
        const TwChoice *ch = find_choice(choices, n_choices, u, -1);
        if (e->enemy) {
            // TW-EJ-3: the ejected enemy takes a Dexterity test; on a success its controller
            // picks the hex, otherwise the ejector's controller does. TW-EJ-2: it may make Free
            // Attacks on the ejector either way (seed Examples 1 and 3).
            e->dexterity = ch ? ch->dexterity : TW_DEX_UNKNOWN;
            e->chooser_passed = t->side;
            e->chooser_failed = m->side;
            e->chooser = e->dexterity == TW_DEX_PASSED ? t->side : e->dexterity == TW_DEX_FAILED ? m->side : NULL;
            e->free_attack = true;
            mc_trace(env, "TW-EJ-3", t->id, "%s takes a Dexterity test: %s.", t->id,
                     e->dexterity == TW_DEX_PASSED   ? "passed, its controller chooses"
                     : e->dexterity == TW_DEX_FAILED ? "failed, the ejector's controller chooses"
                                                     : "outcome not given, both choosers listed");
            mc_trace(env, "TW-EJ-2", t->id, "%s may make Free Attacks on %s.", t->id, m->id);
        } else {
            // Seed Example 2: the controller of the ally (the same player) chooses.
            e->dexterity = TW_DEX_NONE;
            e->chooser = t->side;
        }
        if (got == 0) {
            McReason *r = mc_reason_add(env, &out->reasons, "no_free_hex", "TW-EJ-1",
                                        "%s has no free hex to be ejected to.", t->id);
            if (!r) return 0;
            r->unit = t->id;
            out->legal = false;
            continue;
        }
        mc_trace(env, "TW-EJ-1", t->id, "%s has %d nearest free %s at distance %d.", t->id, got,
                 got == 1 ? "position" : "positions", e->distance);
        if (!choose(env, out, ch, e->cand, got, t->id, &e->given, &e->to, "TW-EJ-1")) return 0;
        e->placed = true;
        place_unit(w, sc->occ, u, e->to);
    }
    return 1;
}

// TW-MK-2: the hexes next to footprint `fin` (not on it) free but for markers, sorted, in c and
// their board positions in at; their count. Each hex looked at once (the scratch's `seen`), one
// work unit each.
static int free_ring(const TwWorld *w, const McHex *fin, int nfin, const TwGone *gone, McHex c[6 * TW_MAX_FOOTPRINT],
                     int at[6 * TW_MAX_FOOTPRINT]) {
    TwScratch *sc = w->scratch;
    stamp_set(w, sc->excl, &sc->excl_gen, fin, nfin);
    if (gone) stamp_set(w, sc->gone, &sc->gone_gen, gone->hexes, gone->n);
    mc_work_add(6 * (uint64_t)nfin);
    int got = 0, seen = ++sc->seen_gen;
    for (int i = 0; i < nfin; i++)
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            McHex h = mc_hex_neighbor(fin[i], d);
            int k = mc_board_index(w->board, h);
            if (k < 0 || sc->seen[k] == seen) continue;
            sc->seen[k] = seen;
            if (!excluded(w, k) && sc->occ[k] < 0 && !volume_at(w, k, gone)) c[got++] = h;
        }
    sort_hexes(c, got);
    for (int i = 0; i < got; i++) at[i] = mc_board_index(w->board, c[i]);
    return got;
}

// TW-MK-2: of ring `ring` (free_ring), the hexes Linked Marker `mk` may move to (no other marker
// there now), in c; their count. One work unit a hex.
static int linked_candidates(const TwWorld *w, int mk, const McHex *ring, const int *at, int n, McHex *c) {
    const int *mark = w->scratch->mark;
    mc_work_add((uint64_t)n);
    int got = 0;
    for (int i = 0; i < n; i++)
        if (mark[at[i]] < 0 || mark[at[i]] == mk) c[got++] = ring[i];
    return got;
}

// Whether marker mk lies under the end spot `s` (its markers, from the battlefield's map). One
// work unit a marker of the spot compared.
static bool under_spot(const TwSpot *s, int mk) {
    mc_work_add((uint64_t)s->n_markers);
    for (int i = 0; i < s->n_markers; i++)
        if (s->markers[i] == mk) return true;
    return false;
}

// The hexes of miniature `u` once this movement's ejections are placed (an ejected one stands at
// its ejection's `to`). One work unit an ejection scanned.
static int placed_footprint(const TwWorld *w, const TwResolution *out, int u, McHex fin[TW_MAX_FOOTPRINT]) {
    McHex delta = {0, 0};
    mc_work_add((uint64_t)out->n_ejections);
    for (int i = 0; i < out->n_ejections; i++)
        if (out->ejections[i].unit == u && out->ejections[i].placed) delta = mc_hex_sub(out->ejections[i].to, w->units[u].pos[0]);
    return mc_tw_footprint(&w->units[u], delta, fin);
}

// Moves the markers under the end spot `s` (TW-MK-1, TW-MK-2), then the mover's taken Linked
// Markers, placing each in sc->mark; into out->moves each, or with `list_follows` false only those
// ejected (a reach lists no follower: each is still placed, as it takes a hex from the next, and
// one under the spot with nowhere to go makes the end illegal). Only the spot's markers and the
// mover's are looked at, one work unit each of the battlefield's markers scanned for the mover's.
// 0 when memory ran out.
static int move_markers(McEnv *env, const TwWorld *w, int mover, McHex delta, const TwSpot *s, const TwGone *gone,
                        const TwChoice *choices, int n_choices, bool list_follows, TwResolution *out) {
    const TwUnit *m = &w->units[mover];
    TwScratch *sc = w->scratch;
    // (room for every marker where followers are listed: a move's or an ejection's one end)
    out->moves = MC_NEW(env->arena, TwMarkerMove, s->n_markers + (list_follows ? w->marker_count : 0) + 1);
    if (!out->moves) return 0;
    // the free ring round a footprint, and the part of it a marker may take (linked_candidates);
    // the mover's is the same for each of its markers, made once (`around` < 0 until then)
    McHex fin[TW_MAX_FOOTPRINT], ring[6 * TW_MAX_FOOTPRINT], near[6 * TW_MAX_FOOTPRINT], cand[6 * TW_MAX_FOOTPRINT];
    int ring_at[6 * TW_MAX_FOOTPRINT], near_at[6 * TW_MAX_FOOTPRINT], around = -1;
    int nfin = mc_tw_footprint(m, delta, fin);
    for (int pass = 0; pass < 2; pass++) {
        int count = pass == 0 ? s->n_markers : w->marker_count;
        if (pass == 1) mc_work_add((uint64_t)count);
        for (int i = 0; i < count; i++) {
            int mk = pass == 0 ? s->markers[i] : i;
            const TwMarker *x = &w->markers[mk];
            bool follows = x->kind == TW_LINKED && x->taken_by == mover;
            if (follows != (pass == 1)) continue;
            // taken by another miniature: ended on, it goes next to that miniature (TW-MK-2)
            bool taken = x->kind == TW_LINKED && x->taken_by >= 0 && x->taken_by != mover;
            bool under = pass == 0 || under_spot(s, mk);
            TwMarkerMove unlisted = {0}, *mv = follows && !list_follows ? &unlisted : &out->moves[out->n_moves++];
            mv->marker = mk;
            mv->follows = follows;
            mv->chooser = taken ? w->units[x->taken_by].side : m->side;
            int at = mc_board_index(w->board, x->hex);
            if (at >= 0 && sc->mark[at] == mk) sc->mark[at] = -1;
            int got;
            if (taken) {
                // TW-MK-2: "the Marker moves to any adjacent free Hex from the Miniature linked
                // with it", chosen by that miniature's player; with none, it cannot be ejected
                // and the mover cannot end on it.
                mv->rule = "TW-MK-2";
                McHex at_taker[TW_MAX_FOOTPRINT];
                int n_taker = placed_footprint(w, out, x->taken_by, at_taker);
                int n = free_ring(w, at_taker, n_taker, gone, ring, ring_at);
                got = linked_candidates(w, mk, ring, ring_at, n, cand);
                mv->cand = cand;
            } else if (!follows) {
                // TW-MK-1: the player making the movement ejects a Portable Marker; TW-MK-2: a
                // Linked one only by a miniature able to eject Infantry (checked by mc_tw_can_end).
                mv->rule = x->kind == TW_PORTABLE ? "TW-MK-1" : "TW-MK-2";
                int dist;
                got = nearest(env, w, -1, mk, x->hex, false, sc->occ, sc->mark, s->hexes, s->n_hexes, gone, &mv->cand,
                              &dist);
                if (got < 0) return 0;
                mc_assume(env, MC_A_TW_3);
            } else {
                // TW-MK-2: a taken Linked Marker moves to a free hex next to its miniature,
                // chosen by that miniature's controller, or stays when there is none.
                mv->rule = "TW-MK-2";
                if (around < 0) around = free_ring(w, fin, nfin, gone, near, near_at);
                got = linked_candidates(w, mk, near, near_at, around, cand);
                mv->cand = cand;
            }
            // candidates kept with the answer that lists them (the scratch list serves the next marker)
            if (mv->cand == cand && mv != &unlisted) {
                mv->cand = got ? mc_arena_alloc_raw(env->arena, sizeof(McHex) * (size_t)got) : NULL;
                if (got && !mv->cand) return 0;
                if (got) memcpy(mv->cand, cand, sizeof(McHex) * (size_t)got);
            }
            mv->n_cand = got;
            if (got == 0) {
                if (follows && !under) {
                    mv->stays = true;
                    mv->to = x->hex;
                    if (at >= 0) sc->mark[at] = mk;
                    mc_trace(env, "TW-MK-2", m->id, "Linked Marker %s has no free hex next to %s and stays.", x->id, m->id);
                    continue;
                }
                McReason *r = mc_reason_add(env, &out->reasons, "marker_cannot_move", mv->rule,
                                            "Marker %s has no free hex to go to, so the miniature cannot end on it.", x->id);
                if (!r) return 0;
                r->unit = x->id;
                r->has_hex = 1;
                r->q = x->hex.q;
                r->r = x->hex.r;
                out->legal = false;
                continue;
            }
            mc_trace(env, mv->rule, m->id, "Marker %s %s: %d free %s.", x->id,
                     follows ? "follows the miniature linked with it"
                     : taken ? "goes next to the miniature linked with it, its player choosing"
                             : "is ejected by the moving player",
                     got,
                     got == 1 ? "hex" : "hexes");
            if (!choose(env, out, find_choice(choices, n_choices, -1, mk), mv->cand, got, x->id, &mv->given, &mv->to,
                        mv->rule))
                return 0;
            mv->placed = true;
            int to = mc_board_index(w->board, mv->to);
            if (to >= 0) sc->mark[to] = mk;
        }
    }
    return 1;
}

int mc_tw_resolve_end(McEnv *env, const TwWorld *w, int mover, McHex delta, const TwGone *gone,
                   const TwChoice *choices, int n_choices, bool list_follows, TwResolution *out) {
    memset(out, 0, sizeof *out);
    out->legal = true;
    const TwUnit *m = &w->units[mover];
    TwScratch *sc = w->scratch;
    int n = w->board->count;
    mc_work_add((uint64_t)n / 32 + 1); // the two maps copied: a unit a word of 64 hexes each
    memcpy(sc->occ, w->occ, (size_t)n * sizeof *sc->occ);
    memcpy(sc->mark, w->mark, (size_t)n * sizeof *sc->mark);
    TwSpot *s = MC_NEW(env->arena, TwSpot, 1);
    if (!s) return 0;
    mc_tw_spot(w, mover, delta, s);
    place_unit(w, sc->occ, mover, mc_hex_add(m->pos[0], delta));
    return eject_units(env, w, mover, s, gone, choices, n_choices, out) &&
           move_markers(env, w, mover, delta, s, gone, choices, n_choices, list_follows, out);
}

int mc_tw_eject(McEnv *env, const TwWorld *w, int mover, McHex at, const TwChoice *choices, int n_choices,
                TwResolution *out) {
    const TwUnit *m = &w->units[mover];
    if (m->size != TW_INFANTRY) mc_assume(env, MC_A_TW_1);
    McHex delta = mc_hex_sub(at, m->pos[0]);
    TwSpot s;
    TwVerdict v;
    mc_tw_spot(w, mover, delta, &s);
    if (mc_tw_can_end(w, mover, &s, TW_CAUSE_ACTION, &v))
        return mc_tw_resolve_end(env, w, mover, delta, NULL, choices, n_choices, true, out);
    memset(out, 0, sizeof *out);
    McReason *x = mc_tw_reason(env, &out->reasons, w, &v);
    if (!x) return 0;
    x->has_hex = 1;
    x->q = at.q;
    x->r = at.r;
    mc_trace(env, v.rule, m->id, "%s cannot end there: %s", m->id, x->message);
    return 1;
}
