// The battlefield: what stands where, and the pass-through and end-position tables of the seed
// for each size class (TW-INF-*, TW-LRG-*, TW-HUG-*, TW-EJ-5, TW-EJ-6, TW-MK-1, TW-MK-2).
#include <string.h>

#include "core/work.h"
#include "rules/torn_world/tw.h"

int mc_tw_footprint(const TwUnit *u, McHex delta, McHex out[TW_MAX_FOOTPRINT]) {
    if (u->size == TW_INFANTRY) {
        out[0] = mc_hex_add(u->pos[0], delta);
        return 1;
    }
    int n = 0;
    for (int k = 0; k < u->hexon_count; k++) {
        mc_hexon_hexes(mc_hex_add(u->pos[k], delta), out + n);
        n += MC_HEXON_HEXES;
    }
    return n;
}

static bool hexon_adjacent(McHex a, McHex b) {
    for (int d = 0; d < MC_HEXON_DIRECTIONS; d++)
        if (mc_hex_equal(mc_hexon_neighbor(a, d), b)) return true;
    return false;
}

bool mc_tw_hexons_connected(const McHex *hexons, int n) {
    // Grown from hexon 0 through lattice neighbours until nothing more joins.
    bool in[TW_MAX_HUGE_HEXONS] = {true};
    int grown = 1;
    for (bool changed = true; changed;) {
        changed = false;
        for (int a = 0; a < n; a++)
            for (int b = 0; b < n; b++)
                if (in[a] && !in[b] && hexon_adjacent(hexons[a], hexons[b])) in[b] = true, grown++, changed = true;
    }
    return grown >= n;
}

TwWorldStatus mc_tw_world_build(TwWorld *w, McArena *arena, int *index, int *other) {
    int n = w->board->count;
    w->occ = MC_NEW(arena, int, n);
    w->mark = MC_NEW(arena, int, n);
    w->scratch = MC_NEW(arena, TwScratch, 1);
    if (!w->occ || !w->mark || !w->scratch) return TW_WORLD_NO_MEMORY;
    TwScratch *sc = w->scratch;
    sc->occ = MC_NEW(arena, int, n);
    sc->mark = MC_NEW(arena, int, n);
    sc->stamp = MC_NEW(arena, int, n);
    sc->dist = MC_NEW(arena, int, n);
    sc->queue = MC_NEW(arena, int, n);
    sc->gone = MC_NEW(arena, int, n);
    sc->excl = MC_NEW(arena, int, n);
    sc->seen = MC_NEW(arena, int, n);
    if (n > 0 && (!sc->occ || !sc->mark || !sc->stamp || !sc->dist || !sc->queue || !sc->gone || !sc->excl || !sc->seen))
        return TW_WORLD_NO_MEMORY;
    for (int i = 0; i < n; i++) w->occ[i] = w->mark[i] = -1;
    McHex fp[TW_MAX_FOOTPRINT];
    for (int u = 0; u < w->unit_count; u++) {
        int k = mc_tw_footprint(&w->units[u], mc_hex_make(0, 0), fp);
        for (int i = 0; i < k; i++) {
            int at = mc_board_index(w->board, fp[i]);
            *index = u;
            if (at < 0) return TW_WORLD_UNIT_OFF_BOARD;
            if (w->occ[at] >= 0 && w->occ[at] != u) {
                *other = w->occ[at];
                return TW_WORLD_UNIT_OVERLAP;
            }
            w->occ[at] = u;
        }
    }
    for (int m = 0; m < w->marker_count; m++) {
        int at = mc_board_index(w->board, w->markers[m].hex);
        *index = m;
        if (at < 0) return TW_WORLD_MARKER_OFF_BOARD;
        // "Miniature cannot occupy a Hex or Hexon with a Marker" (seed, Ejecting Markers).
        if (w->occ[at] >= 0 || w->mark[at] >= 0) return TW_WORLD_MARKER_OVERLAP;
        w->mark[at] = m;
    }
    return TW_WORLD_OK;
}

const char *mc_tw_size_unit(TwSize size) { return size == TW_INFANTRY ? "hexes" : "hexons"; }

const char *mc_tw_pass_rule(TwSize size) {
    return size == TW_INFANTRY ? "TW-INF-2" : size == TW_LARGE ? "TW-LRG-1" : "TW-HUG-1";
}

const char *mc_tw_end_rule(TwSize size) {
    return size == TW_INFANTRY ? "TW-INF-3" : size == TW_LARGE ? "TW-LRG-2" : "TW-HUG-2";
}

bool mc_tw_can_eject(const TwUnit *mover, const TwUnit *target) {
    // TW-LRG-2: Large ejects Infantry; TW-HUG-2: Huge ejects Infantry and Large (Huge Ejection);
    // TW-EJ-6: the special Ejection ability ejects miniatures of the mover's own size.
    if (target->size < mover->size && mover->size != TW_INFANTRY) return true;
    return target->size == mover->size && mover->ejection;
}

bool mc_tw_ejects_infantry(const TwUnit *mover) {
    return mover->size != TW_INFANTRY || mover->ejection;
}

static void add_distinct(int *list, int *n, int v) {
    int i = *n;
    for (int k = 0; k < *n; k++)
        if (list[k] == v) return;
    // Keep ascending order so every listing is independent of hex order.
    while (i > 0 && list[i - 1] > v) {
        list[i] = list[i - 1];
        i--;
    }
    list[i] = v;
    (*n)++;
}

void mc_tw_spot(const TwWorld *w, int mover, McHex delta, TwSpot *s) {
    s->n_hexes = mc_tw_footprint(&w->units[mover], delta, s->hexes);
    s->on_board = true;
    s->n_units = s->n_markers = s->volume = 0;
    mc_work_add((uint64_t)s->n_hexes); // a unit a footprint hex tested
    for (int i = 0; i < s->n_hexes; i++) {
        int at = mc_board_index(w->board, s->hexes[i]);
        if (at < 0) {
            s->on_board = false;
            continue;
        }
        if (w->occ[at] >= 0 && w->occ[at] != mover) add_distinct(s->units, &s->n_units, w->occ[at]);
        if (w->mark[at] >= 0) add_distinct(s->markers, &s->n_markers, w->mark[at]);
        if (w->board->terrain[at] == TW_VOLUME) s->volume++;
    }
}

static bool is_enemy(const TwWorld *w, int a, int b) {
    return strcmp(w->units[a].side, w->units[b].side) != 0;
}

static bool verdict(TwVerdict *v, const char *code, const char *rule, const char *message, int unit,
                    int marker) {
    v->code = code;
    v->rule = rule;
    v->message = message;
    v->unit = unit;
    v->marker = marker;
    return false;
}

McReason *mc_tw_reason(McEnv *env, McReasons *list, const TwWorld *w, const TwVerdict *v) {
    const char *other = v->unit >= 0 ? w->units[v->unit].id : v->marker >= 0 ? w->markers[v->marker].id : NULL;
    McReason *r = other ? mc_reason_add(env, list, v->code, v->rule, v->message, other)
                        : mc_reason_add(env, list, v->code, v->rule, "%s", v->message);
    if (r) r->unit = other;
    return r;
}

bool mc_tw_can_pass(const TwWorld *w, int mover, const TwSpot *s, TwVerdict *v) {
    const TwUnit *m = &w->units[mover];
    const char *rule = mc_tw_pass_rule(m->size);
    if (!s->on_board)
        return verdict(v, "off_board", "TW-MV-1", "The miniature would leave the board.", -1, -1);
    for (int k = 0; k < s->n_units; k++) {
        int o = s->units[k];
        // TW-INF-2, TW-LRG-1, TW-HUG-1: no size class moves through enemies.
        if (is_enemy(w, mover, o))
            return verdict(v, "blocked_by_enemy", rule, "The miniature cannot move through %s, an enemy miniature.", o, -1);
        // TW-INF-1: Infantry passes allies of any size; TW-LRG-1, TW-HUG-1: Large and Huge pass
        // allied Infantry only.
        if (m->size != TW_INFANTRY && w->units[o].size != TW_INFANTRY)
            return verdict(v, "blocked_by_ally", rule,
                           "A Large or Huge miniature cannot move through %s, an allied Large or Huge miniature.", o, -1);
    }
    // TW-HUG-1: a Huge miniature passes through Volume Landscape (and destroys it).
    if (s->volume > 0 && m->size != TW_HUGE)
        return verdict(v, "blocked_by_volume", rule,
                       "Infantry and Large miniatures cannot move through Volume Landscape.", -1, -1);
    return true;
}

bool mc_tw_can_end(const TwWorld *w, int mover, const TwSpot *s, TwCause cause, TwVerdict *v) {
    const TwUnit *m = &w->units[mover];
    const char *rule = mc_tw_end_rule(m->size);
    // (a Large or Huge one's centre hex is on the board, and the player looks there: the message
    // says which part of it is not)
    if (!s->on_board)
        return verdict(v, "off_board", "TW-MV-1",
                       m->size == TW_INFANTRY ? "The miniature would stand off the board."
                                              : "Part of the miniature would stand off the board: it covers whole hexons (A-TW-1), and one would reach past the board's edge.",
                       -1, -1);
    // TW-INF-3, TW-LRG-2: not on Volume Landscape; TW-HUG-2: a Huge ends on it and destroys it.
    if (s->volume > 0 && m->size != TW_HUGE)
        return verdict(v, "ends_on_volume", rule, "Infantry and Large miniatures cannot end on Volume Landscape.", -1, -1);
    // TW-EJ-5: only a Movement action ejects.
    if (cause != TW_CAUSE_ACTION && (s->n_units > 0 || s->n_markers > 0))
        return verdict(v, "ejection_needs_movement_action", "TW-EJ-5",
                       "Only a Movement action ejects; this move cannot end where %s is.",
                       s->n_units > 0 ? s->units[0] : -1, s->n_units > 0 ? -1 : s->markers[0]);
    for (int k = 0; k < s->n_units; k++) {
        const TwUnit *o = &w->units[s->units[k]];
        if (mc_tw_can_eject(m, o)) continue;
        // Same size without the Ejection ability (TW-EJ-6), or a larger miniature.
        return verdict(v, "ends_on_occupied", rule, "The miniature cannot end on %s, a miniature it cannot eject.", s->units[k], -1);
    }
    for (int k = 0; k < s->n_markers; k++) {
        const TwMarker *mk = &w->markers[s->markers[k]];
        // TW-MK-2: only miniatures able to eject Infantry eject Linked Markers; TW-MK-1: any
        // miniature (Infantry too) ejects Portable Markers.
        if (mk->kind == TW_LINKED && !mc_tw_ejects_infantry(m))
            return verdict(v, "linked_marker_blocks", "TW-MK-2",
                           "Only a miniature able to eject Infantry ejects %s, a Linked Marker.", -1, s->markers[k]);
    }
    return true;
}

int mc_tw_adjacent_enemies(const TwWorld *w, int mover, McHex delta, int out[TW_MAX_ADJ]) {
    McHex fp[TW_MAX_FOOTPRINT];
    int k = mc_tw_footprint(&w->units[mover], delta, fp), n = 0;
    mc_work_add(7 * (uint64_t)k); // each footprint hex and its six neighbours
    for (int i = 0; i < k; i++) {
        // The board's neighbour table: one hash lookup per footprint hex, not one per neighbour
        // (this ran for every position of every path of a reach, docs/performance.md).
        int base = mc_board_index(w->board, fp[i]);
        for (int d = 0; d < MC_HEX_DIRECTIONS; d++) {
            int at = base >= 0 ? w->board->neighbors[6 * base + d]
                               : mc_board_index(w->board, mc_hex_neighbor(fp[i], d));
            if (at < 0) continue;
            int o = w->occ[at];
            if (o < 0 || o == mover || !is_enemy(w, mover, o)) continue;
            if (n < TW_MAX_ADJ) add_distinct(out, &n, o);
        }
    }
    return n;
}

int mc_tw_start_movement(McEnv *env, const TwUnit *m, TwCause cause, bool action_used, McReasons *reasons, bool *legal) {
    if (m->size != TW_INFANTRY) mc_assume(env, MC_A_TW_1);
    if (m->size == TW_HUGE) mc_assume(env, MC_A_TW_2);
    if (cause != TW_CAUSE_ACTION || !action_used) return 1;
    McReason *r = mc_reason_add(env, reasons, "action_already_used", "TW-MV-1",
                                "The same Movement action cannot be performed twice in one activation.");
    if (!r) return 0;
    r->unit = m->id;
    *legal = false;
    return 1;
}

bool mc_tw_engaged(const TwWorld *w, int mover) {
    if (w->units[mover].engaged >= 0) return w->units[mover].engaged == 1;
    int adj[TW_MAX_ADJ];
    return mc_tw_adjacent_enemies(w, mover, mc_hex_make(0, 0), adj) > 0;
}
