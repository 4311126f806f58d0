// The games the page knows, in the order its picker lists them: the one file that names them all.
// A game is one module beside this one (docs/page.md "How a rule set plugs in"), checked and
// completed by defineGame when it loads.
//
// A game's module loads only when the page needs its rules (its board shown, a link or an example
// of it opened, a saved army of it): the page's bundle splits each into a file of its own (README
// "Performance": one game's page does not carry the other games' code). What the page shows of a
// game before then, its name in the picker and its clause prefix in texts, is here: describe's
// values, written out of src/systems.def by bin/generate.mjs (run by bin/build; do not edit the
// rows), because describe's answer comes from a game's engine module, after the first paint, and
// lists only the games loaded. Board kind and length unit are the game's first board's, needed as
// its module arrives.
import { defineGame } from './define.js';

const GAME_LIST = {
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
/** The games whose module has loaded, by id, each as defineGame completed it. */
export const GAMES = {};

const loading = new Map();
/** Loads game `id`'s module (once) into GAMES; resolves to it. */
export function loadGame(id) {
  if (!loading.has(id)) {
    const p = GAME_LIST[id].load().then((m) => {
      const game = defineGame(id, { ...m.default, ...GAME_FACTS[id] });
      // kept in the picker's order, whatever order the modules arrive in
      const loaded = { ...GAMES, [id]: game };
      for (const k of Object.keys(GAMES)) delete GAMES[k];
      for (const k of GAME_IDS) if (loaded[k]) GAMES[k] = loaded[k];
      return game;
    });
    p.catch(() => loading.delete(id)); // a failed fetch (offline) is tried again next time
    loading.set(id, p);
  }
  return loading.get(id);
}
/** Loads the modules of the games `ids` names (ids not of a game are left out). */
export const loadGames = (ids = GAME_IDS) => Promise.all([...new Set(ids)].filter((id) => GAME_IDS.includes(id)).map(loadGame));

// Outside the page's bundle (the CLIs, the tests in Node) every game is loaded at once, so that
// their synchronous use of GAMES sees them all; build-site.mjs defines MOVECALC_PAGE, and esbuild
// drops this line from the page.
if (typeof MOVECALC_PAGE === 'undefined') await loadGames();
