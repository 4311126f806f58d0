// The hex-game kit (docs/adding-a-game.md): what a hex game's JSON layer would otherwise copy from
// another game. The world (the board and the units, one a hex, kept between a position's asks),
// and a `reach` from reading "unit", "paths" and "detail" to writing every form of the answer (whole
// paths, parents with "through", brief, the arrays form). A game gives its terrain kinds, its
// units' own fields, its step and node rules (hex/hex_reach.h) and each entry's own fields.
#ifndef MC_HEX_KIT_H
#define MC_HEX_KIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hex/hex_reach.h"
#include "json/position.h"
#include "json/read_hex.h"
#include "json/write_reach.h"

/// A unit on the board, as every hex game reads it (docs/api.md "Hex boards").
typedef struct McHexUnit {
    const char *id, *side, *type; ///< type NULL when not given
    int kind; ///< the index of its type in McHexGame.types, -1 without them
    McHex hex;
    int pos; ///< its board index
} McHexUnit;

/// The board and the units of a request.
typedef struct McHexWorld {
    McBoard board;
    McHexUnit *units;
    int unit_count;
    unsigned char *fields; ///< the game's own fields of unit i at fields + i * field_size
    size_t field_size;
    int *at; ///< by board index: the unit standing there, or -1 (NULL when the game places its units)
    McIdMap ids;
    void *game; ///< the game's own part (McHexGame.world_size), zeroed before the units are read
} McHexWorld;

/// What a hex game reads of its requests' world. The members after replace_unit are for a game
/// whose units are more than "one a hex" (C&C: Ancients' leaders stand with units).
typedef struct McHexGame {
    const char *const *terrain;   ///< its terrain kinds, NULL-terminated; the first is a hex that names none
    const char *const *unit_keys; ///< its units' own fields (besides id, side, type and the hex), NULL-terminated, or NULL
    size_t unit_size;             ///< bytes of those fields as read, 0 for none
    /// Reads them from the unit object `unit_obj` (the path at it; `unit` its id, side, type and hex) into
    /// `fields` (zeroed); 0 after an error. NULL: none.
    int (*read_unit)(McRequest *rq, const cJSON *unit_obj, const McHexUnit *unit, void *fields);
    /// Puts the fields `read` of unit i, replaced in place by `unit` (in the request's memory), into
    /// the kept world `world`: 0 when they do not fit there or the game does not allow the change (the
    /// world is then read anew). NULL: its fields copied whole.
    int (*replace_unit)(McHexWorld *world, int i, const McHexUnit *unit, const void *read);
    /// Its unit types, NULL-terminated: "type" is then required and one of them (McHexUnit.kind).
    /// NULL: "type" is an optional string.
    const char *const *types;
    const McBoardSpec *board; ///< how "board" is read, when more than the terrain kinds; NULL: those
    bool id_last;             ///< a repeated id is found after the unit's other fields, not after "id"
    size_t world_size;        ///< bytes of the game's own part of the world (McHexWorld.game), 0 for none
    /// Places unit i of `world` (read, its hex's board index still unchecked; mc_hex_on_board) instead
    /// of the kit's "on the board, one unit a hex" (McHexWorld.at is then NULL). 0 after an error.
    int (*place)(McRequest *rq, McHexWorld *world, int i);
    /// Reads the game's part of the world after the units (`board`: the board object, NULL when
    /// absent). 0 after an error. NULL: none.
    int (*read_world)(McRequest *rq, const cJSON *req, const cJSON *board, McHexWorld *world);
    /// The members below are for a game whose units cover more than one hex (Torn World's Large
    /// and Huge miniatures stand on hexons of a lattice the board anchors).
    /// Reads the game's own fields of the board object `board` (its McBoardSpec extra keys; NULL
    /// when absent) into its part of `world`, before the units. 0 after an error. NULL: none.
    int (*read_board)(McRequest *rq, const cJSON *board, McHexWorld *world);
    /// Reads the unit's type, place and own fields instead of the kit's "type" and hex (its id and
    /// side read, the path at it): unit->hex is then its reference hex, and the game places its units
    /// (McHexWorld.at is NULL), in `place` or in `read_world`. 0 after an error. NULL: the kit's.
    int (*read_place)(McRequest *rq, const cJSON *unit_obj, const McHexWorld *world, McHexUnit *unit, void *fields);
    bool id_at_unit; ///< a repeated id is reported at the unit, not at its "id"
} McHexGame;

/// The game's own fields of unit i (McHexGame.read_unit's).
static inline const void *mc_hex_unit_fields(const McHexWorld *world, int i) { return world->fields + (size_t)i * world->field_size; }

/// The i-th terrain kind of `game`, NULL past the last (a game's mc_<prefix>_terrain_kind).
const char *mc_hex_terrain_kind(const McHexGame *game, int i);

/// Records that `unit`'s hex is not on the board and returns 0; 1 when it is.
int mc_hex_on_board(McRequest *rq, const McHexUnit *unit);

/// Reads the world of `game` into `world` (zeroed): "board" (mc_read_board, then McHexGame.read_board)
/// and "units", at most MC_MAX_UNITS, each {"id", "side", "type"?, "q","r" | "col","row"} (or as
/// McHexGame.read_place says) and the game's fields, on the board, one a hex (or as
/// McHexGame.place says), ids distinct; then the game's part of the world
/// (McHexGame.read_world). 0 after recording an error.
int mc_hex_world_read(McRequest *rq, const cJSON *req, const McHexGame *game, McHexWorld *world);
/// Reads unit `i`, replaced in place, into the kept world `world` again: 0 when it is not as simply
/// replaced (an error, a new id, a hex another unit holds); McKeptReader.unit.
int mc_hex_world_unit(McRequest *rq, const cJSON *unit_obj, int i, const McHexGame *game, McHexWorld *world);

/// Defines `static const McHexWorld *name(McRequest *rq, const cJSON *req)`: the world of `game` (an
/// McHexGame) of this request, or the one the position being asked keeps (mc_kept_read); NULL
/// after recording an error. One reader a game, whose address names the kind of world kept.
#define MC_HEX_WORLD(name, game)                                                                        \
    static int name##_read_(McRequest *rq, const cJSON *req, void *world) {                             \
        return mc_hex_world_read(rq, req, &(game), world);                                              \
    }                                                                                                   \
    static int name##_unit_(McRequest *rq, const cJSON *unit_obj, int i, void *world) {                 \
        return mc_hex_world_unit(rq, unit_obj, i, &(game), world);                                      \
    }                                                                                                   \
    static const McHexWorld *name(McRequest *rq, const cJSON *req) {                                     \
        static const McKeptReader reader = {sizeof(McHexWorld), name##_read_, name##_unit_, NULL};      \
        return mc_kept_read(rq, req, &reader);                                                          \
    }

/// A `reach` being answered: the unit asked about, the answer's form, the search and its ends.
typedef struct McHexReach {
    const McHexWorld *world;
    int mover;         ///< the unit's index
    bool parent_asked; ///< "paths": "parent"
    bool brief;        ///< "detail": "brief"
    McReach search;
    McReachEntry *ends; ///< every hex the unit may end on but its start, by cost, then r, then q
    int end_count;
} McHexReach;

/// Reads "unit" (an id of the world's units), "paths" and "detail". 0 after recording an error.
int mc_hex_reach_read(McRequest *rq, const cJSON *req, const McHexWorld *world, McHexReach *reach);

/// Runs the search (hex/hex_reach.h) from the unit's hex with `options`, storage from the arena,
/// and lists its ends: for each hex the best node the unit may end on (mc_reach_best). 0 after
/// recording an error.
int mc_hex_reach_run(McRequest *rq, McHexReach *r, const McReachOptions *options);

/// An entry's way from the start into `entry`: in the parent form its "parent" (the hex of
/// `parent_node`, `start` when it has none) and, for a node of `search` (`node` >= 0), "node" and
/// "parentNode"; else its "path", the hexes entered, or `hex` alone for an entry no walk reaches
/// (node < 0: a landing). 0 when memory ran out (recorded).
int mc_write_hex_route(McRequest *rq, cJSON *entry, const McReach *search, McHex hex, int node, int parent_node,
                       McHex start, bool parent, bool brief);

/// An entry's way from the start: in the parent form its "parent", `parent_hex`; else its "path",
/// the `len` hexes of `path` entered (a game whose rules list each end's path).
void mc_write_hex_way(McRequest *rq, cJSON *entry, const McHex *path, int len, McHex parent_hex, bool parent, bool brief);

/// Writes "hexes" into `result`: `count` entries, `write(rq, entry, i, ctx)` the i-th's fields,
/// written as text one entry at a time (a 100 x 100 reach has 10,000 entries; write.h).
void mc_write_hex_entries(McRequest *rq, cJSON *result, int count,
                          void (*write)(McRequest *rq, cJSON *entry, int i, const void *ctx), const void *ctx);

/// An end a game's rules list themselves, with its path (McHexEnds).
typedef struct McHexEnd {
    McReachRow row;        ///< its hex, board index, cost, the arrays form's parent and flags
    const McHex *path;     ///< the hexes its path enters, in the full form
    int path_len;
    McHex parent;          ///< the hex it is entered from, in the parent form
    int node, parent_node; ///< its nodes in the parent form; node < 0: it gives none
    long long path_hexes;  ///< hexes it adds to the whole paths' count (mc_write_reach_paths)
} McHexEnd;

/// The ends of a game whose rules list them, in the answer's order, instead of the kit's search's
/// (Torn World's, with alternatives; C&C: Ancients', in board order without nodes; GODSGLOOM's,
/// with landings and alternatives).
typedef struct McHexEnds {
    int count;
    McHexEnd (*get)(const void *ctx, int i);
    /// The search whose paths the ends' are (mc_write_hex_route: McHexEnd.path and .parent are then
    /// not read); NULL: each end lists its path.
    const McReach *search;
    /// Called before entry i is written and once after the last (i == count): false ends the
    /// answer there (the game recorded why) and mc_write_hex_reach returns 0. NULL: always true.
    bool (*more)(McRequest *rq, int i, const void *ctx);
    /// Makes the parent form's "through" list after the entries, *count its length (0 when memory
    /// ran out), and gives its nodes. NULL: the answer has no "through".
    int (*through)(McRequest *rq, const void *ctx, int *count);
    bool (*through_node)(const void *ctx, int i, McReachNode *out);
    /// Entry i's own fields after its way (NULL: none).
    void (*fields)(McRequest *rq, cJSON *entry, int i, bool parent, bool brief, const void *ctx);
} McHexEnds;

/// The arrays form's "legal": left out (the default), or written false or true.
typedef enum McHexLegal { MC_HEX_LEGAL_UNSAID, MC_HEX_LEGAL_FALSE, MC_HEX_LEGAL_TRUE } McHexLegal;

/// What a game adds to the kit's reach answer.
typedef struct McHexReachWriter {
    const char *rule; ///< the movement clause, under which a trace step names a paths limit
    /// The result's own fields after "unit" (NULL: none).
    void (*header)(McRequest *rq, cJSON *result, const McHexReach *r, const void *ctx);
    /// The entry's own fields after its hex, cost and path (NULL: none); `brief` leaves out those
    /// at their documented default.
    void (*fields)(McRequest *rq, cJSON *entry, const McReachEntry *e, bool brief, const void *ctx);
    /// The arrays form's flags of an entry (its columns header's bits; NULL: 0).
    int32_t (*flags)(const McReachEntry *e, const void *ctx);
    const void *ctx;
    const McHexEnds *ends; ///< the ends the game's rules list (NULL: the search's, McHexReach.ends)
    bool no_unit;          ///< the answer has no "unit" (Torn World's opens with "legal")
    McHexLegal legal;      ///< what the arrays form says of "legal" (Torn World's answer is the move's)
    /// The result's own fields after the entries and "through" (NULL: none).
    void (*footer)(McRequest *rq, cJSON *result, bool parent, const void *ctx);
    /// The result's own fields after "pathsLimited", before "hexes" (NULL: none); 0 when memory ran
    /// out (recorded).
    int (*after_paths)(McRequest *rq, cJSON *result, bool parent, const void *ctx);
} McHexReachWriter;

/// Writes an end a game's rules list: its hex and cost, its "path" or "parent", and "node" and
/// "parentNode" when it has them (an entry of McHexEnds, or a game's alternative path to one).
void mc_write_hex_end(McRequest *rq, cJSON *entry, const McHexEnd *e, bool parent, bool brief);

/// Writes the answer into `result`: "unit", the game's header, "paths", "pathsLimited", the
/// game's fields after them, "hexes" (q, r, col, row, cost, then "path" or "parent", "node" and "parentNode", then the game's
/// fields), "through" in the parent form and the game's footer; or, for an arrays ask, the arrays
/// form. Returns 0 when memory ran out (recorded) or the game's ends stopped the answer.
int mc_write_hex_reach(McRequest *rq, cJSON *result, const McHexReach *reach, const McHexReachWriter *writer);

#endif
