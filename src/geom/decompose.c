// Convex decomposition of a simple terrain polygon (docs/geometry.md "Terrain polygons": split into
// convex parts"): validate, ear-clip into triangles, then Hertel–Mehlhorn: remove each diagonal
// whose removal leaves both of its ends convex. The result has at most four times the optimal
// number of convex parts, which is plenty for terrain of at most MC_MAX_POLYGON_VERTICES vertices.
// Working storage is a few kilobytes on the stack; nothing is allocated.
#include <math.h>
#include <stddef.h>
#include <stdint.h>

#include "core/for_size.h"
#include "geom/poly.h"

#define SLOP MC_LINEAR_SLOP
#define MAXV MC_MAX_POLYGON_VERTICES

static int wrap(int i, int n) { return ((i % n) + n) % n; }

static double cross3(McVec2 a, McVec2 b, McVec2 c) {
    return mc_vec2_cross(mc_vec2_sub(b, a), mc_vec2_sub(c, a));
}

// Inside or on triangle abc (CCW). `strict` excludes the boundary.
static bool in_triangle(McVec2 p, McVec2 a, McVec2 b, McVec2 c, bool strict) {
    double d1 = cross3(a, b, p), d2 = cross3(b, c, p), d3 = cross3(c, a, p);
    if (strict) return d1 > 0.0 && d2 > 0.0 && d3 > 0.0;
    return d1 >= 0.0 && d2 >= 0.0 && d3 >= 0.0;
}

// Whether the boxes of segments [a0, a1] and [b0, b1] lie more than `gap` apart along x or y.
// Then the segments are farther apart than `gap` too (their distance is at least the boxes'),
// so mc_segment_intersect would find them disjoint for any gap above the slop and rounding.
static bool boxes_apart(McVec2 a0, McVec2 a1, McVec2 b0, McVec2 b1, double gap) {
    double ax0 = a0.x < a1.x ? a0.x : a1.x, ax1 = a0.x < a1.x ? a1.x : a0.x;
    double ay0 = a0.y < a1.y ? a0.y : a1.y, ay1 = a0.y < a1.y ? a1.y : a0.y;
    double bx0 = b0.x < b1.x ? b0.x : b1.x, bx1 = b0.x < b1.x ? b1.x : b0.x;
    double by0 = b0.y < b1.y ? b0.y : b1.y, by1 = b0.y < b1.y ? b1.y : b0.y;
    return ax0 > bx1 + gap || bx0 > ax1 + gap || ay0 > by1 + gap || by0 > ay1 + gap;
}

// Drops vertices that lie on the segment between their neighbours (within the slop); a vertex
// within the slop of its neighbours' line but not between them is a spike. Returns false on a
// spike.
static bool drop_collinear(McVec2 *w, int *count) {
    bool changed = true;
    while (changed && *count >= 3) {
        changed = false;
        int n = *count;
        for (int i = 0; i < n; i++) {
            McVec2 p = w[wrap(i - 1, n)], v = w[i], q = w[wrap(i + 1, n)];
            McVec2 e = mc_vec2_sub(q, p);
            double len = mc_vec2_length(e);
            double off = len > 0.0 ? fabs(mc_vec2_cross(e, mc_vec2_sub(v, p))) / len
                                   : mc_vec2_distance(v, p);
            if (!(off <= SLOP)) continue;
            bool between = mc_vec2_dot(mc_vec2_sub(v, p), e) > 0.0 &&
                           mc_vec2_dot(mc_vec2_sub(v, q), mc_vec2_neg(e)) > 0.0;
            if (!between) return false;
            for (int k = i; k + 1 < n; k++) w[k] = w[k + 1];
            *count = n - 1;
            changed = true;
            break;
        }
    }
    return true;
}

// The polygon `pts` checked (finite, at most MAXV distinct vertices once a closing repeat and
// collinear vertices are dropped, no two adjacent ones near, simple, of non-zero area) and
// copied into `w` counter-clockwise (*n vertices).
static McDecomposeStatus read_ring(const McVec2 *pts, int count, McVec2 *w, int *n_out) {
    if (!pts || count < 3) return MC_DECOMPOSE_TOO_FEW_VERTICES;
    for (int i = 0; i < count; i++)
        if (!mc_vec2_is_finite(pts[i])) return MC_DECOMPOSE_NOT_FINITE;
    int n = count;
    // A ring closed by repeating its first vertex (GeoJSON style) is accepted.
    if (mc_vec2_near(pts[n - 1], pts[0])) n--;
    if (n > MAXV) return MC_DECOMPOSE_TOO_MANY_VERTICES;
    if (n < 3) return MC_DECOMPOSE_TOO_FEW_VERTICES;
    for (int i = 0; i < n; i++) w[i] = pts[i];
    for (int i = 0; i < n; i++)
        if (mc_vec2_near(w[i], w[wrap(i + 1, n)])) return MC_DECOMPOSE_DEGENERATE;
    if (!drop_collinear(w, &n)) return MC_DECOMPOSE_DEGENERATE;
    if (n < 3) return MC_DECOMPOSE_DEGENERATE;

    // Simple (checked before the area, which a figure-eight would cancel to zero): no two non-adjacent edges meet, even within the slop.
    for (int i = 0; i < n; i++) {
        for (int j = i + 2; j < n; j++) {
            if (i == 0 && j == n - 1) continue; // adjacent through the wrap
            McVec2 a0 = w[i], a1 = w[wrap(i + 1, n)], b0 = w[j], b1 = w[wrap(j + 1, n)];
            if (boxes_apart(a0, a1, b0, b1, 4.0 * SLOP)) continue;
            McSegmentRelation rel = mc_segment_intersect(a0, a1, b0, b1, NULL, NULL);
            if (rel != MC_SEGMENTS_DISJOINT) return MC_DECOMPOSE_SELF_INTERSECTING;
        }
    }

    McPoly ring = {n, w};
    double area = mc_poly_area(&ring);
    if (area == 0.0 || !isfinite(area)) return MC_DECOMPOSE_DEGENERATE;
    if (area < 0.0) {
        for (int i = 0; i < n / 2; i++) {
            McVec2 t = w[i];
            w[i] = w[n - 1 - i];
            w[n - 1 - i] = t;
        }
    }
    *n_out = n;
    return MC_DECOMPOSE_OK;
}

// Ear clipping of the counter-clockwise ring `w` (n vertices) over the list of remaining vertex
// indices: the n - 2 triangles in `tri`; their count, or -1 when no ear is found.
static int clip_ears(const McVec2 *w, int n, uint8_t tri[][3]) {
    uint8_t idx[MAXV];
    int ntri = 0, m = n;
    for (int i = 0; i < n; i++) idx[i] = (uint8_t)i;
    while (m > 3) {
        int ear = -1;
        // First pass: no other vertex inside or on the triangle; second pass (numerically thin
        // shapes): only strictly inside vertices disqualify.
        for (int pass = 0; pass < 2 && ear < 0; pass++) {
            for (int k = 0; k < m && ear < 0; k++) {
                McVec2 a = w[idx[wrap(k - 1, m)]], b = w[idx[k]], c = w[idx[wrap(k + 1, m)]];
                if (!(cross3(a, b, c) > 0.0)) continue;
                bool ok = true;
                for (int r = 0; r < m && ok; r++) {
                    if (r == k || r == wrap(k - 1, m) || r == wrap(k + 1, m)) continue;
                    if (in_triangle(w[idx[r]], a, b, c, pass == 1)) ok = false;
                }
                if (ok) ear = k;
            }
        }
        if (ear < 0) return -1;
        tri[ntri][0] = idx[wrap(ear - 1, m)];
        tri[ntri][1] = idx[ear];
        tri[ntri][2] = idx[wrap(ear + 1, m)];
        ntri++;
        for (int k = ear; k + 1 < m; k++) idx[k] = idx[k + 1];
        m--;
    }
    tri[ntri][0] = idx[0];
    tri[ntri][1] = idx[1];
    tri[ntri][2] = idx[2];
    ntri++;
    return ntri;
}

// Hertel–Mehlhorn: pieces start as the triangles `tri`; merge two pieces across a shared
// diagonal u–v when the merged polygon stays convex at u and at v (the only angles that change).
// Each piece t is `piece[t]` (`len[t]` vertex indices), gone when not `alive[t]`.
static void merge_convex(const McVec2 *w, uint8_t tri[][3], int ntri, uint8_t piece[][MAXV], int *len,
                         bool *alive) {
    for (int t = 0; t < ntri; t++) {
        for (int k = 0; k < 3; k++) piece[t][k] = tri[t][k];
        len[t] = 3;
        alive[t] = true;
    }
    bool changed = true;
    while (changed) {
        changed = false;
        for (int i = 0; i < ntri && !changed; i++) {
            if (!alive[i]) continue;
            for (int j = i + 1; j < ntri && !changed; j++) {
                if (!alive[j]) continue;
                int li = len[i], lj = len[j];
                for (int k = 0; k < li && !changed; k++) {
                    int u = piece[i][k], v = piece[i][wrap(k + 1, li)];
                    int mm = -1;
                    for (int r = 0; r < lj; r++)
                        if (piece[j][r] == v && piece[j][wrap(r + 1, lj)] == u) mm = r;
                    if (mm < 0) continue;
                    // Angles at u and v in the merged polygon.
                    McVec2 pu = w[u], pv = w[v];
                    McVec2 u_prev = w[piece[i][wrap(k - 1, li)]], u_next = w[piece[j][wrap(mm + 2, lj)]];
                    McVec2 v_prev = w[piece[j][wrap(mm - 1, lj)]], v_next = w[piece[i][wrap(k + 2, li)]];
                    if (!(cross3(u_prev, pu, u_next) >= 0.0 && cross3(v_prev, pv, v_next) >= 0.0))
                        continue;
                    if (li + lj - 2 > MAXV) continue;
                    uint8_t merged[MAXV];
                    int ml = 0;
                    // i from v all the way round to u, then j's vertices strictly between u and v.
                    for (int s = 0; s < li; s++) merged[ml++] = piece[i][wrap(k + 1 + s, li)];
                    for (int s = 2; s < lj; s++) merged[ml++] = piece[j][wrap(mm + s, lj)];
                    for (int s = 0; s < ml; s++) piece[i][s] = merged[s];
                    len[i] = ml;
                    alive[j] = false;
                    changed = true;
                }
            }
        }
    }
}

// Once a terrain piece as a world is built: for size (core/for_size.h).
MC_FOR_SIZE McDecomposeStatus mc_poly_decompose(const McVec2 *pts, int count, McPoly *out, int out_capacity,
                                    McVec2 *vertices, int *out_count) {
    int dummy;
    if (!out_count) out_count = &dummy;
    *out_count = 0;
    McVec2 w[MAXV];
    int n;
    McDecomposeStatus status = read_ring(pts, count, w, &n);
    if (status != MC_DECOMPOSE_OK) return status;
    uint8_t tri[MAXV - 2][3];
    int ntri = clip_ears(w, n, tri);
    if (ntri < 0) return MC_DECOMPOSE_FAILED;
    uint8_t piece[MAXV - 2][MAXV];
    int len[MAXV - 2];
    bool alive[MAXV - 2];
    merge_convex(w, tri, ntri, piece, len, alive);

    int parts = 0;
    for (int t = 0; t < ntri; t++) parts += alive[t] ? 1 : 0;
    if (!out || !vertices || parts > out_capacity) {
        *out_count = parts;
        return MC_DECOMPOSE_OUT_OF_SPACE;
    }
    // The parts' vertices together are at most the triangles' 3 (n - 2), each merge removing two.
    int o = 0;
    McVec2 *next = vertices;
    for (int t = 0; t < ntri; t++) {
        if (!alive[t]) continue;
        out[o].count = len[t];
        out[o].v = next;
        for (int k = 0; k < len[t]; k++) *next++ = w[piece[t][k]];
        o++;
    }
    *out_count = parts;
    return MC_DECOMPOSE_OK;
}
