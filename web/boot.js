// The first thing the page runs: it starts the engine worker and loads the rule set of the game a
// visitor will see, before the page's own code (app.js, several times larger) has arrived and run.
// index.html runs this module first; app.js imports the same instance. The worker compiles the
// .wasm and imports its glue while app.js arrives and builds the page, so the engine is usually
// ready the moment app.js asks for it (README "Performance", docs/page.md "Loading").
import { SYSTEM_IDS } from './engine/movecalc.mjs';
import { EngineClient, scriptURL } from './engine-client.js';

export { scriptURL };
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
// then loads that one's module too, as it does on any switch of game.
const first = SYSTEM_IDS.includes(saved?.system) ? saved.system : SYSTEM_IDS[0];

/** The engine, in a worker (engine-client.js); app.js asks it every ruling. */
export const engine = new EngineClient(new URL('./engine-worker.js', import.meta.url));
/** The first game's rule set loading; resolves to describe's answer, app.js reports a failure. */
export const engineLoading = engine.load([first]);
engineLoading.catch(() => {}); // not an unhandled rejection while app.js is still on its way
