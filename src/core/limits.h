// Named limits: every count and magnitude a request can drive is capped here, so the worst legal
// request finishes in bounded time and memory. Exceeding a count is the `limit` error naming the
// constant; a coordinate beyond its magnitude is `bad_request`. `describe` lists them all.
#ifndef MC_LIMITS_H
#define MC_LIMITS_H

/// The one length tolerance (CONTRACT.md "Contact and tolerance"): shapes closer than this, or
/// overlapping by less than this, are in contact. Every other tolerance derives from it.
#define MC_LINEAR_SLOP 1e-6

#define MC_MAX_REQUEST_BYTES (4 * 1024 * 1024) ///< bytes of request JSON
#define MC_MAX_JSON_DEPTH 32                   ///< nesting of arrays and objects
#define MC_MAX_STRING_BYTES 128                ///< any id, side, name or enum string
#define MC_MAX_UNITS 1000                      ///< units or miniatures in one request
#define MC_MAX_TERRAIN 500                     ///< terrain pieces (free-form) in one request
#define MC_MAX_POLYGON_VERTICES 64             ///< vertices of one terrain polygon
#define MC_MAX_ACTIONS 64                      ///< actions in one Arcane Legions move order
#define MC_MAX_PATH_STEPS 256                  ///< hexes or hexons in one proposed path
#define MC_MAX_LIST_ITEMS 64                   ///< traits, tokens, abilities, choices, pursuers
#define MC_MAX_BOARD_HEXES 40000               ///< hexes on one board (200 x 200)
#define MC_MAX_BOARD_SIDE 200                  ///< cols or rows of a cols x rows board
#define MC_MAX_HEX_COORD 10000                 ///< |q|, |r|, |col|, |row|
#define MC_MAX_COORD 100000.0                  ///< |x|, |y| and lengths on free-form tables
#define MC_MAX_MOVE_POINTS 1000                ///< movement points, Speed, allowances

#endif
