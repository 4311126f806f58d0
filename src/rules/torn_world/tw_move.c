// Movement: a proposed path checked step by step (TW-MV-1, the pass-through and end tables),
// Huge steps (TW-HUG-3), destroyed landscape (TW-HUG-1, TW-HUG-2), free attacks (TW-FA-1..3,
// TW-EJ-2) and shifts (TW-SH-1). The reach search is in mc_tw_reach.c.
#include <string.h>

#include "core/work.h"
#include "rules/torn_world/tw.h"

McHex mc_tw_delta_of(const TwWorld *w, int mover, McHex ref) { return mc_hex_sub(ref, w->units[mover].pos[0]); }

static bool is_hexon_step(McHex a, McHex b) {
    for (int d = 0; d < MC_HEXON_DIRECTIONS; d++)
        if (mc_hex_equal(mc_hexon_neighbor(a, d), b)) return true;
    return false;
}

int mc_tw_add_attack(McEnv *env, TwMoveOut *out, int *cap, int unit, const char *rule, McHex at) {
    if (out->n_attacks == *cap && !mc_grow(env->arena, (void **)&out->attacks, cap, out->n_attacks + 1, sizeof(TwAttack)))
        return 0;
    out->attacks[out->n_attacks++] = (TwAttack){unit, rule, at};
    return 1;
}

int mc_tw_adj_cache_init(McEnv *env, const TwWorld *w, TwAdjCache *cache) {
    int count = w->board->count;
    memset(cache, 0, sizeof *cache);
    cache->first = MC_NEW(env->arena, int, count > 0 ? count : 1);
    cache->count = MC_NEW(env->arena, int, count > 0 ? count : 1);
    cache->engaged = -1;
    if (!cache->first || !cache->count) return 0;
    for (int i = 0; i < count; i++) cache->first[i] = -1;
    return 1;
}

const int *mc_tw_adj_cache_get(McEnv *env, const TwWorld *w, int mover, TwAdjCache *c, int at, int *k) {
    if (c->first[at] < 0) {
        int adj[TW_MAX_ADJ];
        int n = mc_tw_adjacent_enemies(w, mover, mc_tw_delta_of(w, mover, w->board->hexes[at]), adj);
        if (!mc_grow(env->arena, (void **)&c->ids, &c->cap, c->n + n + 1, sizeof(int))) return NULL;
        memcpy(c->ids + c->n, adj, (size_t)n * sizeof(int));
        c->first[at] = c->n;
        c->count[at] = n;
        c->n += n;
    }
    *k = c->count[at];
    return c->ids + c->first[at];
}

int mc_tw_path_effects(McEnv *env, const TwWorld *w, int mover, TwCause cause, const McHex *path,
                    const int *positions, int n, TwAdjCache *cache, const TwFa2 *fa2, bool huge_steps, TwMoveOut *out) {
    const TwUnit *m = &w->units[mover];
    int cap = 0, own[TW_MAX_ADJ];
    out->n_attacks = 0;
    out->attacks = NULL;
    // TW-FA-1 (a Movement action) and TW-FA-3 (a Panic marker's move): an Engaged miniature is
    // attacked by every enemy within one hex of it at the start.
    bool engaged;
    if (cache) {
        if (cache->engaged < 0) cache->engaged = mc_tw_engaged(w, mover);
        engaged = cache->engaged == 1;
    } else {
        engaged = mc_tw_engaged(w, mover);
    }
    if ((cause == TW_CAUSE_ACTION || cause == TW_CAUSE_PANIC) && engaged) {
        int k = mc_tw_adjacent_enemies(w, mover, mc_hex_make(0, 0), own);
        for (int i = 0; i < k; i++)
            if (!mc_tw_add_attack(env, out, &cap, own[i], cause == TW_CAUSE_ACTION ? "TW-FA-1" : "TW-FA-3", m->pos[0]))
                return 0;
    }
    // TW-FA-2: every enemy next to a hex the miniature moved through (entered, then left): all
    // positions of the path but the last. Each enemy attacks once, at the first such position.
    int first_fa2 = out->n_attacks;
    if (cause != TW_CAUSE_DEPLOY && fa2 && out->n_attacks == 0) {
        out->attacks = fa2->attacks; // shared: see tw.h
        out->n_attacks = fa2->n;
    } else if (cause != TW_CAUSE_DEPLOY && fa2) {
        for (int i = 0; i < fa2->n; i++)
            if (!mc_tw_add_attack(env, out, &cap, fa2->attacks[i].unit, fa2->attacks[i].rule, fa2->attacks[i].at)) return 0;
    } else if (cause != TW_CAUSE_DEPLOY) {
        for (int i = 0; i + 1 < n; i++) {
            int k;
            const int *adj = own;
            if (cache) {
                if (!(adj = mc_tw_adj_cache_get(env, w, mover, cache, positions[i], &k))) return 0;
            } else {
                k = mc_tw_adjacent_enemies(w, mover, mc_tw_delta_of(w, mover, path[i]), own);
            }
            for (int a = 0; a < k; a++) {
                bool seen = false;
                for (int x = first_fa2; x < out->n_attacks; x++) seen = seen || out->attacks[x].unit == adj[a];
                if (!seen && !mc_tw_add_attack(env, out, &cap, adj[a], "TW-FA-2", path[i])) return 0;
            }
        }
    }
    // TW-HUG-1, TW-HUG-2: a Huge miniature destroys the Volume Landscape it moves through or
    // ends on; TW-HUG-3: each step's entered hexons and the overlap with the old footprint.
    out->n_destroyed = 0;
    out->destroyed = NULL;
    out->huge_steps = NULL;
    if (m->size == TW_HUGE && n > 0) {
        // Each destroyed hex once, in the order first destroyed: the board positions listed are
        // stamped (a search of the list for every footprint hex was quadratic in the path). A
        // first pass counts them, so a reach's thousands of entries hold only what they list.
        TwScratch *sc = w->scratch;
        McHex fp[TW_MAX_FOOTPRINT];
        for (int pass = 0; pass < 2; pass++) {
            int seen = ++sc->seen_gen, count = 0;
            for (int i = 0; i < n; i++) {
                int k = mc_tw_footprint(m, mc_tw_delta_of(w, mover, path[i]), fp);
                mc_work_add((uint64_t)k);
                for (int x = 0; x < k; x++) {
                    int at = mc_board_index(w->board, fp[x]);
                    if (at < 0 || w->board->terrain[at] != TW_VOLUME || sc->seen[at] == seen) continue;
                    sc->seen[at] = seen;
                    if (pass == 1) out->destroyed[count] = fp[x];
                    count++;
                }
            }
            if (pass == 1 || count == 0) break;
            out->destroyed = mc_arena_alloc_raw(env->arena, (size_t)count * sizeof(McHex)); // filled whole
            if (!out->destroyed) return 0;
            out->n_destroyed = count;
        }
    }
    if (m->size == TW_HUGE && n > 0 && huge_steps) {
        out->huge_steps = MC_NEW(env->arena, TwHugeStep, n);
        if (!out->huge_steps) return 0;
        mc_work_add((uint64_t)n * (uint64_t)(m->hexon_count * m->hexon_count));
        for (int i = 0; i < n; i++) {
            McHex d = mc_tw_delta_of(w, mover, path[i]);
            McHex prev = i == 0 ? mc_hex_make(0, 0) : mc_tw_delta_of(w, mover, path[i - 1]);
            TwHugeStep *st = &out->huge_steps[i];
            st->n_entered = st->n_overlap = 0;
            for (int h = 0; h < m->hexon_count; h++) {
                McHex c = mc_hex_add(m->pos[h], d);
                bool old = false;
                for (int g = 0; g < m->hexon_count; g++) old = old || mc_hex_equal(mc_hex_add(m->pos[g], prev), c);
                if (old) st->overlap[st->n_overlap++] = c;
                else st->entered[st->n_entered++] = c;
            }
        }
    }
    return 1;
}

static McReason *reason_from(McEnv *env, McReasons *list, const TwWorld *w, const TwVerdict *v, McHex at) {
    McReason *r = mc_tw_reason(env, list, w, v);
    if (!r) return NULL;
    r->has_hex = 1;
    r->q = at.q;
    r->r = at.r;
    return r;
}

// A move refused at step i stops on the last position before it that the miniature may end on
// (it may pass miniatures it may not end on, TW-INF-3; that position's ejections are not
// resolved again), else where it started.
static void back_to_end(const TwWorld *w, const TwMoveIn *in, int i, int first, TwSpot *s, TwMoveOut *out) {
    TwVerdict v;
    out->final = w->units[in->mover].pos[0];
    for (int k = i - 1; k >= first; k--) {
        mc_tw_spot(w, in->mover, mc_tw_delta_of(w, in->mover, in->path[k]), s);
        if (mc_tw_can_end(w, in->mover, s, in->cause, &v)) {
            out->final = in->path[k];
            return;
        }
    }
}

int mc_tw_move(McEnv *env, const TwWorld *w, const TwMoveIn *in, TwMoveOut *out) {
    memset(out, 0, sizeof *out);
    const TwUnit *m = &w->units[in->mover];
    out->legal = true;
    out->failed_step = -1;
    out->final = m->pos[0];
    if (!mc_tw_start_movement(env, m, in->cause, in->action_used, &out->reasons, &out->legal)) return 0;
    if (!out->legal) return 1;
    TwSpot *s = MC_NEW(env->arena, TwSpot, 1);
    if (!s) return 0;
    TwVerdict v;
    int first = in->cause == TW_CAUSE_DEPLOY ? in->n - 1 : 0;
    for (int i = first; i < in->n; i++) {
        McHex prev = i == 0 ? m->pos[0] : in->path[i - 1];
        McHex cur = in->path[i];
        bool last = i == in->n - 1;
        if (in->cause != TW_CAUSE_DEPLOY) {
            bool step = m->size == TW_INFANTRY ? mc_hex_distance(prev, cur) == 1 : is_hexon_step(prev, cur);
            if (!step) {
                v = (TwVerdict){"not_a_step", m->size == TW_HUGE ? "TW-HUG-3" : "TW-MV-1",
                                m->size == TW_INFANTRY ? "Each step of the path goes to an adjacent hex."
                                                       : "Each step of the path goes to an adjacent hexon.",
                                -1, -1};
                goto illegal;
            }
            if (i + 1 > in->allowance) {
                v = (TwVerdict){"exceeds_allowance", "TW-MV-1",
                                "The path is longer than the action's allowance.", -1, -1};
                goto illegal;
            }
        }
        if (mc_work_out()) { // the request answers `limit`
            mc_work_note(env, "path", "the move of %s after %d of %d steps", m->id, i - first, in->n - first);
            return 1;
        }
        mc_tw_spot(w, in->mover, mc_tw_delta_of(w, in->mover, cur), s);
        if (last ? !mc_tw_can_end(w, in->mover, s, in->cause, &v) : !mc_tw_can_pass(w, in->mover, s, &v)) goto illegal;
        continue;
    illegal:
        if (mc_work_out()) { // in this step's test: the request answers `limit`
            mc_work_note(env, "path", "the move of %s after %d of %d steps", m->id, i + 1 - first, in->n - first);
            return 1;
        }
        out->legal = false;
        out->failed_step = i;
        const McReason *r = reason_from(env, &out->reasons, w, &v, cur);
        if (!r) return 0;
        back_to_end(w, in, i, first, s, out);
        mc_trace(env, v.rule, m->id, "Step %d to (q %d, r %d) is not allowed: %s", i + 1, cur.q, cur.r, r->message);
        return 1;
    }
    const McHex *walk = in->path + first;
    int walked = in->n - first;
    out->final = in->path[in->n - 1];
    mc_trace(env, "TW-MV-1", m->id, "%s moves %d of %d %s and ends at (q %d, r %d).", m->id, walked,
             in->allowance, mc_tw_size_unit(m->size), out->final.q, out->final.r);
    if (!mc_tw_path_effects(env, w, in->mover, in->cause, walk, NULL, walked, NULL, NULL, true, out)) return 0;
    if (mc_work_out()) { // the request answers `limit`
        mc_work_note(env, "path", "the move of %s: the Free Attacks along its %d steps", m->id, walked);
        return 1;
    }
    // One enemy may attack twice for different causes (started Engaged, then moved past): each
    // sentence says which.
    for (int i = 0; i < out->n_attacks; i++) {
        const TwAttack *a = &out->attacks[i];
        const char *why = strcmp(a->rule, "TW-FA-1") == 0 ? mc_strf(env, "it was within one hex when %s, Engaged, began moving", m->id)
                          : strcmp(a->rule, "TW-FA-3") == 0 ? mc_strf(env, "it was within one hex when %s, Engaged, began its Panic move", m->id)
                          : strcmp(a->rule, "TW-FA-2") == 0
                              ? mc_strf(env, "%s moved through (q %d, r %d), next to it", m->id, a->at.q, a->at.r)
                              : mc_strf(env, "%s ejected it", m->id);
        if (!why) return 0;
        mc_trace(env, a->rule, w->units[a->unit].id, "%s makes a Free Attack on %s: %s.", w->units[a->unit].id, m->id, why);
    }
    if (out->n_destroyed > 0)
        mc_trace(env, "TW-HUG-1", m->id, "%s destroys %d hex%s of Volume Landscape.", m->id, out->n_destroyed,
                 out->n_destroyed == 1 ? "" : "es");
    TwGone gone = {out->destroyed, out->n_destroyed};
    if (!mc_tw_resolve_end(env, w, in->mover, mc_tw_delta_of(w, in->mover, out->final), &gone, in->choices, in->n_choices,
                        true, &out->end))
        return 0;
    if (mc_work_out()) { // the request answers `limit`; a search inside named itself
        if (!env->work_where[0]) mc_work_note(env, "path", "the move of %s: what its end ejects", m->id);
        return 1;
    }
    int cap = out->n_attacks;
    for (int i = 0; i < out->end.n_ejections; i++)
        if (out->end.ejections[i].free_attack &&
            !mc_tw_add_attack(env, out, &cap, out->end.ejections[i].unit, "TW-EJ-2", out->final))
            return 0;
    if (!out->end.legal) {
        out->legal = false;
        out->failed_step = in->n - 1;
        back_to_end(w, in, in->n - 1, first, s, out);
        for (int i = 0; i < out->end.reasons.count; i++) {
            McReason *r = mc_reason_add(env, &out->reasons, out->end.reasons.items[i].code,
                                        out->end.reasons.items[i].rule, "%s", out->end.reasons.items[i].message);
            if (!r) return 0;
            *r = out->end.reasons.items[i];
        }
    }
    return 1;
}

// ---- shift -------------------------------------------------------------------------------------

static int shift_final(McEnv *env, const TwWorld *w, int u, McHex to, TwShiftOutcome *o) {
    TwSpot *s = MC_NEW(env->arena, TwSpot, 1);
    if (!s) return 0;
    TwVerdict v;
    o->has_final = true;
    o->final = to;
    o->legal = true;
    mc_tw_spot(w, u, mc_tw_delta_of(w, u, to), s);
    // TW-EJ-5: a move by an effect cannot end on hexes that miniatures or markers occupy.
    if (!mc_tw_can_end(w, u, s, TW_CAUSE_EFFECT, &v)) {
        o->legal = false;
        if (!reason_from(env, &o->reasons, w, &v, to)) return 0;
    }
    return 1;
}

int mc_tw_shift(McEnv *env, const TwWorld *w, int u, const char *by, const McHex *to, TwDex dex, TwShiftOut *out) {
    memset(out, 0, sizeof *out);
    const TwUnit *t = &w->units[u];
    if (t->size != TW_INFANTRY) mc_assume(env, MC_A_TW_1);
    // TW-SH-1: moving an opponent's miniature allows its controller a Dexterity check.
    out->test = strcmp(by, t->side) != 0;
    TwDex list[2];
    int n = 0;
    if (!out->test) list[n++] = TW_DEX_NONE;
    else if (dex == TW_DEX_UNKNOWN) {
        list[n++] = TW_DEX_PASSED;
        list[n++] = TW_DEX_FAILED;
    } else list[n++] = dex;
    mc_trace(env, "TW-SH-1", t->id, out->test ? "%s is shifted by an opponent and may take a Dexterity check."
                                              : "%s is moved by its own side: no Dexterity check.", t->id);
    for (int i = 0;; i++) {
        if (mc_work_out()) { // the request answers `limit`; a search inside named itself
            if (!env->work_where[0]) mc_work_note(env, "", "the shift of %s after %d of %d Dexterity outcomes", t->id, i, n);
            return 1;
        }
        if (i == n) break;
        TwShiftOutcome *o = &out->outcomes[out->n++];
        o->dexterity = list[i];
        o->legal = true;
        if (list[i] == TW_DEX_PASSED) {
            if (t->size != TW_INFANTRY) {
                // A Large or Huge miniature that passes stays in place.
                o->moves = false;
                o->chooser = t->side;
                o->has_final = true;
                o->final = t->pos[0];
                continue;
            }
            // Infantry that passes: its controller picks the nearest free hex (A-TW-3).
            o->moves = true;
            o->chooser = t->side;
            int dist;
            int got = mc_tw_nearest_free_unit(env, w, u, w->occ, w->mark, t->pos, 1, NULL, &o->cand, &dist);
            if (got < 0) return 0;
            o->n_cand = got;
            if (got == 0) {
                o->legal = false;
                McReason *r = mc_reason_add(env, &o->reasons, "no_free_hex", "TW-SH-1", "%s has no free hex to move to.", t->id);
                if (!r) return 0;
                r->unit = t->id;
            }
            continue;
        }
        o->moves = true;
        o->chooser = by;
        if (to && !shift_final(env, w, u, *to, o)) return 0;
    }
    return 1;
}
