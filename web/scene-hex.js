// A hex board's scene (scene.js boardScene's hex half, and the legend's terrain swatches): its
// hexes with their terrain's colours and short names, and its units on their hexes. The hex games'
// modules bring it (their `hexScene`), so that a table game's first visit
// does not fetch it (docs/performance.md "Weight, nineteenth round"). It imports none of the page's
// modules that import the games (model.js, scene.js): in Node the registry loads every game module
// at once, and such a cycle would never settle; what it needs of them comes in its arguments.
import * as hex from './hex.js';

/** Game `game`'s colour of terrain kind `kind` (its `terrainColours`), or undefined. */
const colourOfKind = (game, kind) => (typeof kind === 'string' && Object.hasOwn(game.terrainColours ?? {}, kind) ? game.terrainColours[kind] : undefined);

// A terrain colour mixed 40 % into the board's parchment, so labels stay readable.
function mix(hexColour) {
  let out = mixed.get(hexColour);
  if (out === undefined) {
    const n = parseInt(hexColour.slice(1), 16), p = [0xf4, 0xf1, 0xe6];
    const c = [n >> 16, (n >> 8) & 255, n & 255].map((v, i) => Math.round(v * 0.45 + p[i] * 0.55));
    mixed.set(hexColour, out = `rgb(${c.join(',')})`);
  }
  return out;
}
// a terrain colour's mix, worked out once per colour (a scene is made on every frame of a drag,
// and a board has up to 3,600 hexes with terrain)
const mixed = new Map();

/**
 * Each terrain kind of a hex game with a short, complete name, drawn on a hex too small for the
 * word (a cut word, "haz…", says nothing; the legend lists them): a kind of several words by its
 * initials ("BG", broken ground), one word by as few first letters as tell it from the game's other
 * one-word kinds ("H" hazard beside "V" volume; "Rui" ruins beside "Rub" rubble).
 */
function terrainShorts(game, known) {
  const kinds = [...new Set([...(known ?? []), ...Object.keys(game.terrainColours ?? {})])];
  const words = kinds.filter((k) => !/\s/.test(k));
  return new Map(kinds.map((k) => {
    if (/\s/.test(k)) return [k, k.split(/\s+/).map((w) => w[0].toUpperCase()).join('')];
    let n = 1;
    while (n < k.length && words.some((o) => o !== k && o.startsWith(k.slice(0, n)))) n++;
    return [k, k[0].toUpperCase() + k.slice(1, n)];
  }));
}

/**
 * The legend's entries (draw.js legendNodes) for the terrain kinds `kinds` on game `game`'s hex
 * board (`known`: the kinds its engine names, model.js terrainKinds): each as drawn, its short name
 * on its colour.
 */
const terrainMarks = (game, known, kinds) => {
  const short = terrainShorts(game, known);
  return kinds.map((k) => ({ swatch: 'fill', color: mix(colourOfKind(game, k) ?? '#555'), border: 'rgba(60,70,60,0.45)', symbol: short.get(k) ?? k, text: k }));
};

/**
 * The scene of game `s`'s hex board in document `d` (scene.js boardScene): `base` what every board's
 * scene has; `system` the game's id, `cells` the board's hexes, `known` the terrain kinds its engine
 * names, `colourOf(side)` a side's colour, `hexesOf(u)` the hexes a unit covers, `selected` its id.
 */
function boardScene(s, d, base, { system, cells, known, colourOf, hexesOf, selected }) {
  const terr = new Map(d.terrain.map((tr) => [hex.key(tr.q, tr.r), tr.terrain]));
  const shorts = terrainShorts(s, known);
  const xs = cells.map((c) => hex.center(c.q, c.r));
  const cellBounds = [Math.min(...xs.map((p) => p[0])) - 1, Math.min(...xs.map((p) => p[1])) - 1.2, Math.max(...xs.map((p) => p[0])) + 1, Math.max(...xs.map((p) => p[1])) + 1.2];
  // room on the left and at the top for the rows' and columns' numbers (board.js paintHexCoords)
  const bounds = [cellBounds[0] - 1.2, cellBounds[1] - 1.1, cellBounds[2], cellBounds[3]];
  const out = {
    ...base, boardKey: `${system}:${d.board.preset ?? `${d.board.cols}x${d.board.rows}`}`, bounds, cellBounds,
    cells: cells.map((c) => {
      const tr = terr.get(hex.key(c.q, c.r));
      return Object.assign({ fill: tr ? mix(colourOfKind(s, tr) ?? '#888') : '#f4f1e6', mark: tr, short: tr ? shorts.get(tr) : undefined }, c);
    }),
    // a game may draw some units over others (its `drawOrder`) and small or badged (`sceneUnit`)
    // (each a literal assigned onto: an object spread was most of a scene of 1,000 units)
    units: [...d.units].sort((a, b) => (s.drawOrder?.(a) ?? 0) - (s.drawOrder?.(b) ?? 0)).map((u) => Object.assign({
      id: u.id, label: u.id, color: colourOf(u.side), selected: u.id === selected, q: u.q, r: u.r,
      facing: s.hasFacing ? u.facing : undefined, hexes: hexesOf(u), small: false, badge: undefined }, s.sceneUnit?.(u))),
    ...s.sceneExtras?.(d, colourOf, cells),
  };
  s.placeUnits?.(out.units); // (a game's units placed among the others: C&C's leaders' corners)
  return out;
}

/** A hex game's `hexScene` (web/games/define.js): what scene.js and results.js ask of it. */
export const hexScene = { boardScene, terrainMarks };
