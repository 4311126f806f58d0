// Share links and embeds: the Share panel's link, iframe and <movecalc-board> codes, and opening a
// link's position (#p=…) on load or when the address changes.
import { SYSTEMS, own } from './model.js';
import { EMBED } from './boot.js';
import { encodeShare, decodeShare, checkPosition, positionPayload, codeOf, emptyDoc, ShareError } from './share.js';

const $ = (id) => document.getElementById(id);
// EMBED (boot.js): ?embed=1, an iframe's page; &ro=1 makes it read-only.
export const READONLY = EMBED && new URLSearchParams(location.search).get('ro') === '1';

/**
 * Sets up the Share panel and link opening. `page`: the store, its `ui` state, `doc()`, the board,
 * `notice(text)`, `refreshNow()`, `saveNow()`, `ask()`, `isReady()` and `showGallery()`.
 */
export function initLinks({ store, ui, doc, board, notice, refreshNow, saveNow, ask, isReady, showGallery }) {
  const pageURL = () => location.origin + location.pathname;
  async function shareCode() {
    return encodeShare(positionPayload(store.state.system, doc()));
  }

  /** Opens a link code: its position (undoably), or an empty board and a message saying why not. */
  async function openCode(code) {
    let opened, payload;
    try {
      payload = await decodeShare(code);
      opened = checkPosition(payload);
    } catch (err) {
      const why = err instanceof ShareError ? err.message : 'the link could not be read';
      const named = payload?.system ?? payload?.request?.system; // the empty board of the link's game if it names one
      const system = own(SYSTEMS, named) ? named : store.state.system;
      store.load(system, emptyDoc(system));
      if (READONLY) store.lock();
      notice(EMBED ? `This diagram could not be opened: ${why}.` : `This link could not be opened: ${why}. The board is empty; Undo brings back your own position.`);
      return false;
    }
    $('notice').hidden = true;
    store.load(opened.system, opened.doc);
    if (READONLY) store.lock();
    return true;
  }

  let linkPending = false;
  async function openLinkInURL() {
    const code = codeOf(location.hash);
    if (code === null) return null;
    ui.selected = null;
    const ok = await openCode(code);
    // the page keeps its own copy (localStorage); the fragment is dropped so a reload keeps later edits
    if (!EMBED) history.replaceState(null, '', location.pathname + location.search);
    $('embed-open').href = `${pageURL()}#p=${code}`;
    refreshNow();
    board.fit();
    ui.wholeView = true; // its first ruling keeps the whole board in view (app.js redrawResult)
    // the position is saved flagged until a ruling of it has answered within the budget, so a link
    // whose ruling is too slow is not ruled again on every later visit
    if (ok) { ui.unruled = true; if (!EMBED) saveNow(); if (isReady()) ask(); else linkPending = true; }
    return ok;
  }
  window.addEventListener('hashchange', () => {
    if (location.hash === '#examples') showGallery();
    else openLinkInURL();
  });

  async function makeLink() {
    const code = await shareCode();
    const link = `${pageURL()}#p=${code}`;
    $('share-link').value = link;
    $('share-size').textContent = `${link.length} characters (the position is ${code.length} of them).`;
    const ro = $('share-readonly').checked ? '&ro=1' : '';
    // g= names the game, so the embed loads only its module (boot.js); the iframe takes the width
    // it is given up to 640 px, in the proportions of a board (README "Embedding")
    const game = store.state.system;
    $('embed-iframe').value = `<iframe src="${pageURL()}?embed=1&g=${game}${ro}#p=${code}" title="movecalc diagram" loading="lazy" style="width:100%;max-width:640px;aspect-ratio:4/3;border:1px solid #cfc9ba;border-radius:10px"></iframe>`;
    $('embed-element').value = `<script src="${new URL('movecalc-board.js', pageURL()).href}" defer></script>\n<movecalc-board link="${code}" game="${game}"${ro ? ' readonly' : ''}></movecalc-board>`;
    return link;
  }
  $('share').addEventListener('click', async () => {
    $('share-panel').open = true;
    const link = await makeLink();
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
    shareCode, openLinkInURL, pageURL,
    /** True once if a link's position opened before the engine was ready: it is to be ruled now. */
    takePending() { const was = linkPending; linkPending = false; return was; },
  };
}
