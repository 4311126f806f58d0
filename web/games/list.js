// The games the page knows, in the order its picker lists them: describe's values, written out of
// src/systems.def by bin/generate.mjs (run by bin/build; do not edit the rows), because describe's
// answer comes from a game's engine module, after the first paint, and lists only the games loaded.
// What the page shows of a game before its module loads is here: its name in the picker and its
// clause prefix in texts. Board kind and length unit are the game's first board's, needed as its
// module arrives. This file imports nothing, so that any page module may read it (draw.js's clause
// ids; games/index.js, which loads the games' modules, is imported by the games themselves).

export const GAME_LIST = {
  'arcane-legions': { name: 'Arcane Legions', clausePrefix: 'AL', board: 'free', lengthUnit: 'step', load: () => import('./arcane-legions.js') },
  'ninth-age': { name: 'The Ninth Age', clausePrefix: '9A', board: 'free', lengthUnit: 'inch', load: () => import('./ninth-age.js') },
  'cc-ancients': { name: 'Commands & Colors: Ancients', clausePrefix: 'CCA', board: 'hex', lengthUnit: 'hex', load: () => import('./cc-ancients.js') },
  godsgloom: { name: 'GODSGLOOM', clausePrefix: 'GG', board: 'hex', lengthUnit: 'hex', load: () => import('./godsgloom.js') },
  'torn-world': { name: 'Torn World', clausePrefix: 'TW', board: 'hex', lengthUnit: 'hex', load: () => import('./torn-world.js') },
};

/** Every game's id, in the picker's order. */
export const GAME_IDS = Object.keys(GAME_LIST);
/** A game's facts known before its module loads: `{name, clausePrefix, board, lengthUnit}`. */
export const GAME_FACTS = Object.fromEntries(GAME_IDS.map((id) => {
  const { load: _, ...facts } = GAME_LIST[id];
  return [id, Object.freeze(facts)];
}));
