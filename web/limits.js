// The sizes a position may have on the page, apart from share.js's checks of what comes from
// outside (fetched at first use): the settings form's board fields and the library read them too.
// No DOM here.

/** Limits on what a position holds (the engine's own, or the page's where the page is stricter). */
export const LIMITS = { units: 1000, terrain: 500, vertices: 64, string: 128, list: 64, path: 256, coord: 100000, hexCoord: 10000, hexes: 3600, sides: 64, depth: 12 };
// The engine's own limits where its describe answer gives them (the values above until it has
// answered, and in Node); `hexes` (what the page draws) and `depth` are the page's. The sides are
// as many as a turn order may name (a game's `turnOrder` lists every player).
const ENGINE_LIMITS = { units: 'MC_MAX_UNITS', terrain: 'MC_MAX_TERRAIN', vertices: 'MC_MAX_POLYGON_VERTICES', string: 'MC_MAX_STRING_BYTES',
  list: 'MC_MAX_LIST_ITEMS', sides: 'MC_MAX_LIST_ITEMS', path: 'MC_MAX_PATH_STEPS', coord: 'MC_MAX_COORD', hexCoord: 'MC_MAX_HEX_COORD' };
/** Takes the limits of describe's answer (`result.limits`). */
export function useEngineLimits(limits) {
  for (const [k, name] of Object.entries(ENGINE_LIMITS)) if (Number.isInteger(limits?.[name]) && limits[name] > 0) LIMITS[k] = limits[name];
}
