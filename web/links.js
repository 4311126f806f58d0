// Share links and embeds: the Share panel's link, iframe and <movecalc-board> codes, and opening a
// link's position (#p=…) on load or when the address changes. Both are link-io.js's, fetched with
// the links' checks (share.js) when a link is first opened or made; here are what the page starts
// with: the panel's buttons and whether the address holds a link (the player's position kept before
// one, which the Library panel offers back, is link-io.js's).
import { SYSTEMS, own, defaultDoc, gamesNamedIn } from './model.js';
import { EMBED } from './boot.js';
import { codeOf } from './link-code.js';
import { loadOnce } from './panels.js';

const $ = (id) => document.getElementById(id);
/** share.js (a link's reading and checks, 3 KB gzip): fetched when a link is first opened or made, or an example (the gallery), not on every first visit. */
export const shareModule = () => import('./share.js');
// EMBED (boot.js): ?embed=1, an iframe's page; &ro=1 makes it read-only.
export const READONLY = EMBED && new URLSearchParams(location.search).get('ro') === '1';
/**
 * The player's own position of a game as it was when a link replaced it: `{at, system, doc, opened}`
 * (`opened`: the link's position as opened, to tell a link opened over another link's position left
 * as it was, which keeps the player's own from before the first).
 */
const BEFORE_LINK_KEY = 'movecalc.page.before-link.v1';
/** The game of the position kept before a link: its module is loaded before the Library panel offers it back. */
export const beforeLinkGames = () => { try { return gamesNamedIn(localStorage.getItem(BEFORE_LINK_KEY)); } catch { return []; } };

/** An empty board of a system: its table or board and sides, no units and no terrain. */
function emptyDoc(system) {
  const d = defaultDoc(system);
  d.units = []; d.terrain = [];
  for (const k of Object.keys(d.inputs)) d.inputs[k] = {};
  return d;
}

/**
 * Sets up the Share panel and link opening. `page`: the store, its `ui` state, `doc()`, the board,
 * `notice(text)`, `refreshNow()`, `saveNow()`, `ask()`, `isReady()` and `showGallery()`.
 */
export function initLinks({ store, ui, doc, board, notice, refreshNow, saveNow, ask, isReady, showGallery }) {
  const pageURL = () => location.origin + location.pathname;

  /** A link that cannot be opened (`why`; `payload`: what of it was read): an embed shows an empty board, of the link's game if it names one. */
  function refuse(why, payload) {
    if (!EMBED) { // the player's own position stays as it was, and nothing saved changes
      notice(`This link could not be opened: ${why}. Your own position is as it was.`);
      return;
    }
    const named = payload?.system ?? payload?.request?.system;
    const system = own(SYSTEMS, named) ? named : store.state.system; // its module loaded (link-io.js), or the game on screen
    store.load(system, emptyDoc(system));
    if (READONLY) store.lock();
    notice(`This diagram could not be opened: ${why}.`);
  }

  const io = loadOnce(() => import('./link-io.js').then(({ initLinkIO }) => initLinkIO({
    store, doc, board, notice, refreshNow, saveNow, ask, isReady, readonly: READONLY, beforeKey: BEFORE_LINK_KEY, refuse, pageURL,
  })));
  const shareCode = async () => (await io.get()).shareCode();

  // a link's ruling still to come: true (the engine was not ready: the page asks once it is) or the
  // promise of the one asked, which the page's first load waits for before it says it is ready
  let pending = null;
  async function openLinkInURL() {
    const code = codeOf(location.hash);
    if (code === null) return null;
    let opened;
    try {
      opened = await (await io.get()).openLink(code);
    } catch { // offline before the links' code was ever fetched (sw.js keeps it from a second visit)
      refuse('the link could not be read');
      return false;
    }
    pending = opened.pending;
    return opened.ok;
  }
  window.addEventListener('hashchange', () => {
    if (location.hash === '#examples') showGallery();
    else openLinkInURL();
  });

  // The Share panel's link made, copied by the Share button or Copy link (link-io.js `share`: `make`,
  // `shareButton` and `copyLink`)
  const share = (name) => async () => {
    try {
      return await (await io.get()).share[name]();
    } catch (err) { // offline before the links' code was ever fetched (sw.js keeps it from a second visit)
      $('share-size').textContent = `The link could not be made: ${err.message ?? err}.`;
      return null;
    }
  };
  const makeLink = share('make');
  $('share').addEventListener('click', () => { $('share-panel').open = true; share('shareButton')(); });
  $('share-panel').addEventListener('toggle', () => { if ($('share-panel').open) makeLink(); });
  $('share-readonly').addEventListener('change', makeLink);
  $('copy-link').addEventListener('click', share('copyLink'));
  store.onChange(() => { if ($('share-panel').open) makeLink(); });

  return {
    shareCode, openLinkInURL, pageURL,
    /** link-io.js, once fetched: the Library panel's Earlier versions offer its `positionBefore()`. */
    linkCode: () => io.get(),
    /** Once, after a link opened: true if its position is to be ruled now, or the promise of its ruling. */
    takePending() { const was = pending; pending = null; return was; },
  };
}
