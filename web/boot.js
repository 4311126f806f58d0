// The first thing the page runs: it starts the engine worker and loads the rule set of the game a
// visitor will see, before the page's own code (app.js, several times larger) has arrived and run.
// index.html runs this module first; app.js imports the same instance. The worker compiles the
// .wasm and imports its glue while app.js arrives and builds the page, so the engine is usually
// ready the moment app.js asks for it (README "Performance", docs/page.md "Loading").
import { SYSTEM_IDS } from './engine/movecalc.mjs';
import { EngineClient, scriptURL } from './engine-client.js';
import { loadGame } from './games/index.js';

export { scriptURL };
/** Where the page keeps its position between visits (localStorage). */
export const SAVE_KEY = 'movecalc.page.v1';
const params = new URLSearchParams(location.search);
/** ?embed=1: minimal chrome for an iframe, the position from the link, nothing saved or read. */
export const EMBED = params.get('embed') === '1';
/** &size=auto: an embed as tall as its content, its host told the height (embed.js). */
export const EMBED_AUTOSIZE = EMBED && params.get('size') === 'auto';
/** Embed mode's code (embed.js), an embed's alone: fetched now, beside app.js, which waits for it
 * and reports a failure (null on the full page, which never fetches it). */
export const embedLoading = EMBED ? import('./embed.js') : null;
embedLoading?.catch(() => {}); // not an unhandled rejection while app.js is still on its way

function loadSaved() {
  try { return JSON.parse(localStorage.getItem(SAVE_KEY)); } catch { return null; }
}

/** The saved page state (null in an embed or on a first visit); app.js checks it. */
export const saved = EMBED ? null : loadSaved();

// The game shown first: the saved one, else the one the URL names (?g=, written into share links,
// so that a first visit through a link loads that game's modules alone), else the first. A share
// link may name another game than the saved one: app.js then loads that one's module too, as it
// does on any switch of game. An embed loads only its own game's module: the one its URL names
// (&g=, written by the embed snippets), else none until app.js has read the link.
const hinted = SYSTEM_IDS.includes(params.get('g')) ? params.get('g') : null;
const first = EMBED ? hinted
  : SYSTEM_IDS.includes(saved?.system) ? saved.system : hinted ?? SYSTEM_IDS[0];
/** The game shown first (null: an embed whose URL names none). */
export const firstGame = first;
// its page module (web/games/<game>.js, a file of its own) is fetched now too, beside app.js;
// app.js waits for it and reports a failure
if (first) loadGame(first).catch(() => {});

/** The engine, in a worker (engine-client.js); app.js asks it every ruling. */
export const engine = new EngineClient(new URL('./engine-worker.js', import.meta.url));
/** The first game's rule set loading (null in an embed whose game is not known yet); resolves to
 * describe's answer, app.js reports a failure. */
export const engineLoading = first ? engine.load([first]) : null;
engineLoading?.catch(() => {}); // not an unhandled rejection while app.js is still on its way
