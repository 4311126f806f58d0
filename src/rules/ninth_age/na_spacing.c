// Unit Spacing over a whole position (docs/rules/ninth-age.md 9A-SP-1): units keep more than 1" from
// other units and impassable terrain; a unit in the middle of a move only needs more than 0.5";
// a unit that has just made an uncontrolled move (charge, flee, pursuit) may end closer, but never
// touching or overlapping anything — a charger may touch its target — and units left within 1"
// that way may stay. Enemy units in base contact are in combat with each other: spacing does not
// apply between them, but for the unit that made the uncontrolled move and an enemy other than its
// charge target (it touches what it did not charge, 9A-LP-1).
#include <math.h>
#include <string.h>

#include "core/work.h"
#include "rules/ninth_age/na.h"

#define NA_SPACING_DURING 0.5

static bool enemies(const NaWorld *w, int a, int b) {
    const NaObject *x = &w->objs[a], *y = &w->objs[b];
    return x->unit >= 0 && y->unit >= 0 && strcmp(w->bf->units[x->unit].side, w->bf->units[y->unit].side) != 0;
}

bool mc_na_spacing_all(McEnv *env, NaWorld *w, NaMoment moment, int mover, int charged, NaSpacingOut *out) {
    memset(out, 0, sizeof *out);
    int units = w->bf->unit_count;
    int cap = 8 * (units > 0 ? units : 1) + 16, ecap = cap, ccap = cap;
    out->pairs = MC_NEW(env->arena, NaSpacingPair, cap);
    out->engaged = MC_NEW(env->arena, int, 2 * ecap);
    out->close = MC_NEW(env->arena, int, 2 * ccap);
    if (!out->pairs || !out->engaged || !out->close) return false;
    for (int a = 0;; a++) {
        if (mc_work_out()) { // the request answers `limit`
            mc_work_note(env, "", "the spacing check after %d of %d units", a, units);
            return true;
        }
        if (a == units) break;
        const McPoly *pa = &w->objs[a].poly;
        if (!w->objs[a].active) continue;
        if (!mc_na_on_table(w->bf, pa)) {
            if (out->count < cap) out->pairs[out->count++] = (NaSpacingPair){a, -1, 0.0, 0.0, NA_SPACING_OFF_TABLE};
            else out->truncated = true;
        }
        McAabb bb = mc_poly_aabb(pa);
        int n = mc_na_world_query(w, &bb, NA_SPACING + MC_LINEAR_SLOP);
        for (int i = 0; i < n; i++) {
            int b = w->hits[i];
            // Each unit pair once (a < b); unit–terrain pairs from the unit's side.
            if (b == a || (b < units && b < a)) continue;
            double gap = mc_na_separation(pa, &w->objs[b].poly);
            bool involves_mover = a == mover || b == mover;
            double limit = NA_SPACING;
            if (moment == NA_MOMENT_DURING && involves_mover) limit = NA_SPACING_DURING;
            NaSpacingFault kind = NA_SPACING_OK;
            if (gap < -MC_LINEAR_SLOP) kind = NA_SPACING_OVERLAP;
            else if (gap <= MC_LINEAR_SLOP) kind = NA_SPACING_CONTACT;
            bool charge_pair = (a == mover && b == charged) || (b == mover && a == charged);
            bool uncontrolled = moment == NA_MOMENT_UNCONTROLLED && involves_mover;
            // An uncontrolled move ends touching nothing but its charge target: an enemy it
            // touches besides is a contact, not a combat it joined.
            if (kind == NA_SPACING_CONTACT && enemies(w, a, b) && (!uncontrolled || charge_pair)) {
                // In combat: not a spacing matter (a charge brought them there).
                if (out->engaged_count < ecap) {
                    out->engaged[2 * out->engaged_count] = a;
                    out->engaged[2 * out->engaged_count + 1] = b;
                    out->engaged_count++;
                } else {
                    out->truncated = true;
                }
                continue;
            }
            if (uncontrolled) {
                if (kind == NA_SPACING_OK) {
                    // Left within 1" by the uncontrolled move: may stay until they separate.
                    if (gap < NA_SPACING + MC_LINEAR_SLOP) {
                        if (out->close_count < ccap) {
                            out->close[2 * out->close_count] = a;
                            out->close[2 * out->close_count + 1] = b;
                            out->close_count++;
                        } else {
                            out->truncated = true;
                        }
                    }
                    continue;
                }
                if (kind == NA_SPACING_CONTACT && charge_pair) continue;
            } else if (kind == NA_SPACING_OK && !(gap < limit + MC_LINEAR_SLOP)) {
                continue; // more than the limit apart
            }
            if (out->count < cap) out->pairs[out->count++] = (NaSpacingPair){a, b, gap, limit, kind};
            else out->truncated = true;
        }
    }
    return true;
}
