// Named limits: every count and magnitude a request can drive is capped here, so the worst legal
// request finishes in bounded time and memory. Exceeding a count is the `limit` error naming the
// constant; a coordinate beyond its magnitude is `bad_request`. `describe` lists them all.
#ifndef MC_LIMITS_H
#define MC_LIMITS_H

/// The one length tolerance (docs/api.md "Contact and tolerance"): shapes closer than this, or
/// overlapping by less than this, are in contact. Every other tolerance derives from it.
#define MC_LINEAR_SLOP 1e-6
/// Rounding noise: two results of a chain of arithmetic that differ by less than this are equal
/// (tie-breaks, range and bracket checks). A thousandth of the slop (1e-9): rounding at table
/// scale (1e-13) stays far below it, and no difference the slop could see is ignored.
#define MC_ROUNDING_SLOP (MC_LINEAR_SLOP * 1e-3)
/// Nothing: a divisor (a direction's component, a slope) smaller than this is zero, and a bound
/// computed from values near 1 is widened by it. A millionth of the slop (1e-12): a few ulps of
/// such values, and a quotient by it would be far off any table.
#define MC_ZERO_SLOP (MC_LINEAR_SLOP * 1e-6)

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

/// Hexes over all whole paths one hex `reach` answer may write ("paths": "full"): past it the
/// answer gives each hex its parent instead (the same paths, a hex each) and says so. An output
/// cap, not a request error: every whole path of every reachable hex is written while the sum
/// stays at or under it. On an open board a reach of radius R writes R(R+1)(2R+1) path hexes,
/// so 200,000 lets every hex within 45 of the start keep its whole path (188,370; the seeds'
/// Speeds and allowances are single figures). A written path hex costs about 40
/// bytes of JSON and 750 bytes of cJSON while the answer is built, so the cap holds that part
/// near 8 MB of text and 150 MB of memory (0.4 s natively); the largest board at Speed 1000 would
/// otherwise write 4.5 million (163 MiB of JSON, 3 GB, out of memory in WebAssembly).
#define MC_MAX_PATH_OUTPUT 200000

/// Work units one request may spend (core/work.h): a unit is one vertex pair, edge or box a
/// geometry primitive tests. Searches that repeat the primitives (charge placements and charger
/// orders, Arcane Legions orders re-run for their open choices, pursuits) stop past it and the
/// request answers `limit`, saying which search and how far it got. Counted, never timed, so
/// both builds stop at the same step. The figure keeps every request within the size limits
/// near 1 s natively (README "Reliability").
#define MC_MAX_WORK 150000000ull

/// Bytes the counted allocator (core/mem.h) may hold for one request: an allocation past it
/// fails and the request answers `out_of_memory`, the same in both builds.
#define MC_MAX_HEAP_BYTES (256u * 1024u * 1024u)

#endif
