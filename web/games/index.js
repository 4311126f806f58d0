// The page's registry of games: each game is one module beside this one (docs/page.md "How a rule
// set plugs in"), checked and completed by defineGame when it loads; the list of games and what the
// page knows of them before then is games/list.js.
//
// A game's module loads only when the page needs its rules (its board shown, a link or an example
// of it opened, a saved army of it): the page's bundle splits each into a file of its own (README
// "Performance": one game's page does not carry the other games' code).
import { defineGame } from './define.js';
import { GAME_LIST, GAME_IDS, GAME_FACTS } from './list.js';

export { GAME_IDS, GAME_FACTS };
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
