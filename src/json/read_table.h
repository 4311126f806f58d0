// Readers shared by the free-form systems (arcane-legions, ninth-age): facings, the table and
// terrain polygons in the shapes of docs/api.md "Free-form tables".
#ifndef MC_READ_TABLE_H
#define MC_READ_TABLE_H

#include "geom/vec.h"
#include "json/read.h"

/// Facing in degrees, normalised to [0, 360); any finite input within +-MC_MAX_COORD degrees.
int mc_read_facing(McRequest *rq, const cJSON *obj, const char *key, int required, double *out);

/// Reads request["table"] = {"width","height"}; *has_table is 0 when absent (no edges).
int mc_read_table(McRequest *rq, const cJSON *request, int *has_table, double *width, double *height);

/// A terrain piece: an id, a kind (index into the caller's kind names) and a simple polygon.
typedef struct McTerrainIn {
    const char *id;
    int kind;
    int count;     ///< vertices, 3..MC_MAX_POLYGON_VERTICES
    McVec2 *points;
} McTerrainIn;

/// Reads request["terrain"]: [{"id", "kind", "polygon": [[x, y], ...]}, ...]. Ids go into `ids`
/// (shared with units, so "snapTo" and friends can name either). The polygon must have at least 3
/// distinct vertices and non-zero area; its orientation is not required.
int mc_read_terrain(McRequest *rq, const cJSON *request, const char *const *kinds, McIdMap *ids,
                  McTerrainIn **out, int *count);

/// Writes a pose {"x","y","facing"} into `obj`.
void mc_write_pose_fields(McRequest *rq, cJSON *obj, double x, double y, double facing);

#endif
