// The first thing the page runs: it starts loading the engine for the game a visitor will see,
// before the page's own code (app.js, several times larger) has arrived and run. index.html runs
// this module first; app.js imports the same instance. Compiling the .wasm and importing its glue
// then happen while app.js arrives and builds the page, so the engine is usually ready the moment
// app.js asks for it, and the first ruling is drawn in the same frame as the page (README
// "Performance", docs/page.md "Loading").
import { createEngine, SYSTEM_IDS } from './engine/movecalc.mjs';

/** Where the page keeps its position between visits (localStorage). */
export const SAVE_KEY = 'movecalc.page.v1';
/** ?embed=1: minimal chrome for an iframe, the position from the link, nothing saved or read. */
export const EMBED = new URLSearchParams(location.search).get('embed') === '1';

function loadSaved() {
  try { return JSON.parse(localStorage.getItem(SAVE_KEY)); } catch { return null; }
}

/** The saved page state (null in an embed or on a first visit); app.js checks it. */
export const saved = EMBED ? null : loadSaved();

// The game shown first: the saved one, else the first. A share link may name another game: app.js
// then loads that one's module too (engine.loadSystems), as it does on any switch of game.
const first = SYSTEM_IDS.includes(saved?.system) ? saved.system : SYSTEM_IDS[0];

/** The engine with the first game's rule set; app.js awaits it and reports a failure. */
export const engineLoading = createEngine({ systems: [first] });
engineLoading.catch(() => {}); // not an unhandled rejection while app.js is still on its way
