// Share links and embeds: the Share panel's link, iframe and <movecalc-board> codes, and opening a
// link's position (#p=…) on load or when the address changes.
import { SYSTEMS, own, defaultDoc, usable, isGame, gameName, loadGame, gamesNamedIn } from './model.js';
import { EMBED } from './boot.js';
import { codeOf } from './base64url.js';

const $ = (id) => document.getElementById(id);
/** share.js (a link's reading and checks, 3 KB gzip): fetched when a link is first opened or made, or an example (the gallery), not on every first visit. */
export const shareModule = () => import('./share.js');
// resolves in a later task, so that the browser may draw a frame or take input between two long steps
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });
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
  async function shareCode() {
    const { encodeShare, positionPayload } = await shareModule();
    return encodeShare(positionPayload(store.state.system, doc()));
  }

  function readBefore() {
    try {
      const b = JSON.parse(localStorage.getItem(BEFORE_LINK_KEY));
      return own(SYSTEMS, b?.system) && usable(b.system, b.doc) && typeof b.opened === 'string' && Number.isFinite(b.at) ? b : null;
    } catch { return null; }
  }

  /**
   * Keeps the player's position of `system` before a link's replaces it. Returns 'kept', 'none' (the
   * board held nothing of the player's: the game's default position, or the last link's left as it
   * was) or 'failed' (the browser would not store it: Undo still brings it back until a reload).
   */
  function keepBefore(system, linked) {
    store.ensure(system);
    const mine = JSON.stringify(store.state.docs[system]);
    const was = readBefore();
    const opened = JSON.stringify(linked);
    let next;
    if (was && was.system === system && was.opened === mine) next = { ...was, opened };
    else if (mine === JSON.stringify(defaultDoc(system))) return 'none';
    else next = { at: Date.now(), system, doc: store.state.docs[system], opened };
    try { localStorage.setItem(BEFORE_LINK_KEY, JSON.stringify(next)); } catch { return 'failed'; }
    return 'kept';
  }

  /** The position kept before the last link, for the Library panel's Earlier versions (or null). */
  function positionBefore() {
    const b = readBefore();
    if (!b) return null;
    return { at: b.at, game: gameName(b.system), units: b.doc.units?.length ?? 0, restore: () => restoreBefore() };
  }

  /** Brings back the position kept before the last link, as one Undo step. */
  function restoreBefore() {
    const b = readBefore();
    if (!b) return;
    store.select(null);
    store.load(b.system, b.doc);
    refreshNow();
    board.fit();
    notice(`Your ${gameName(b.system)} position from before the link is back (Undo returns to the link’s).`, null, 'info');
  }

  /** Opens a link code: its position (undoably), or a message saying why not (an embed: an empty board). */
  async function openCode(code) {
    let opened, payload, checks;
    try {
      checks = await shareModule();
      payload = await checks.decodeShare(code);
      // the link's game's module, whose rules check it
      const named = payload?.system ?? payload?.request?.system;
      if (isGame(named)) await loadGame(named);
      // checked in a task of its own: the page's first layout and the link's reading came before
      // it in one task of 120 ms at the limits
      await nextTask();
      opened = checks.checkPosition(payload);
    } catch (err) {
      const why = checks && err instanceof checks.ShareError ? err.message : 'the link could not be read';
      if (!EMBED) { // the player's own position stays as it was, and nothing saved changes
        notice(`This link could not be opened: ${why}. Your own position is as it was.`);
        return false;
      }
      const named = payload?.system ?? payload?.request?.system; // the empty board of the link's game if it names one
      const system = own(SYSTEMS, named) ? named : store.state.system; // its module loaded above, or the game on screen
      store.load(system, emptyDoc(system));
      if (READONLY) store.lock();
      notice(`This diagram could not be opened: ${why}.`);
      return false;
    }
    // the position is shown in a task of its own: checking 1,000 units and showing them in one
    // task held the page's thread for 130 ms and more (docs/performance.md)
    await nextTask();
    $('notice').hidden = true;
    const kept = EMBED ? 'none' : keepBefore(opened.system, opened.doc);
    store.load(opened.system, opened.doc);
    if (READONLY) store.lock();
    if (kept === 'kept') notice('Link opened; your own position is kept.', { label: 'Restore mine', run: restoreBefore }, 'info');
    if (kept === 'failed') notice('Opened the link’s position, but this browser would not keep yours (storage full): Undo brings it back until the page is reloaded.');
    return true;
  }

  // a link's ruling still to come: true (the engine was not ready: the page asks once it is) or the
  // promise of the one asked, which the page's first load waits for before it says it is ready
  let pending = null;
  async function openLinkInURL() {
    const code = codeOf(location.hash);
    if (code === null) return null;
    store.select(null);
    const ok = await openCode(code);
    // the page keeps its own copy (localStorage); the fragment is dropped so a reload keeps later edits
    if (!EMBED) history.replaceState(null, '', location.pathname + location.search);
    $('embed-open').href = `${pageURL()}?g=${store.state.system}#p=${code}`;
    refreshNow();
    board.fit();
    // the position is saved flagged until a ruling of it has answered within the budget, so a link
    // whose ruling is too slow is not ruled again on every later visit
    // asked in a task after the one that shows it (writing the request of 1,000 units is not free)
    if (ok) { store.setUnruled(true); if (!EMBED) saveNow(); pending = isReady() ? nextTask().then(ask) : true; }
    return ok;
  }
  window.addEventListener('hashchange', () => {
    if (location.hash === '#examples') showGallery();
    else openLinkInURL();
  });

  async function makeLink() {
    let code;
    try {
      code = await shareCode();
    } catch (err) { // offline before the links' code was ever fetched (sw.js keeps it from a second visit)
      $('share-size').textContent = `The link could not be made: ${err.message ?? err}.`;
      return null;
    }
    // g= names the game, so a first visit (and an embed) loads only its modules, not the first
    // game's too (boot.js); the iframe takes the width it is given up to 640 px, in the proportions
    // of a board, tall enough for the verdict under the board on a phone (docs/embedding.md)
    const game = store.state.system;
    const link = `${pageURL()}?g=${game}#p=${code}`;
    $('share-link').value = link;
    $('share-size').textContent = `${link.length} characters (the position is ${code.length} of them).`;
    const ro = $('share-readonly').checked ? '&ro=1' : '';
    $('embed-iframe').value = `<iframe src="${pageURL()}?embed=1&g=${game}${ro}#p=${code}" title="movecalc diagram" loading="lazy" style="width:100%;max-width:640px;aspect-ratio:4/3;min-height:26rem;border:1px solid #cfc9ba;border-radius:10px"></iframe>`;
    $('embed-element').value = `<script src="${new URL('movecalc-board.js', pageURL()).href}" defer></script>\n<movecalc-board link="${code}" game="${game}"${ro ? ' readonly' : ''}></movecalc-board>`;
    return link;
  }
  $('share').addEventListener('click', async () => {
    $('share-panel').open = true;
    const link = await makeLink();
    if (!link) return;
    try { await navigator.clipboard.writeText(link); $('share').textContent = 'Link copied'; } catch { $('share-link').select(); $('share').textContent = 'Link selected'; }
    setTimeout(() => { $('share').textContent = 'Share link'; }, 1500);
    $('share-panel').scrollIntoView({ block: 'nearest' });
  });
  $('share-panel').addEventListener('toggle', () => { if ($('share-panel').open) makeLink(); });
  $('share-readonly').addEventListener('change', makeLink);
  $('copy-link').addEventListener('click', async () => {
    try { await navigator.clipboard.writeText($('share-link').value); $('copy-link').textContent = 'Copied'; } catch { $('share-link').select(); $('copy-link').textContent = 'Selected: copy it'; }
    setTimeout(() => { $('copy-link').textContent = 'Copy link'; }, 1500);
  });
  store.onChange(() => { if ($('share-panel').open) makeLink(); });

  return {
    shareCode, openLinkInURL, pageURL, positionBefore,
    /** Once, after a link opened: true if its position is to be ruled now, or the promise of its ruling. */
    takePending() { const was = pending; pending = null; return was; },
  };
}
