// A share link's opening (its position checked and put on the board, the player's own kept) and
// the Share panel's codes made: fetched with share.js when a link is first opened or made
// (links.js), not on every first visit.
import { SYSTEMS, own, usable, gameName, defaultDoc, isGame, loadGame } from './model.js';
import { EMBED } from './boot.js';
import * as checks from './share.js';

const $ = (id) => document.getElementById(id);
// resolves in a later task, so that the browser may draw a frame or take input between two long steps
const nextTask = () => new Promise((resolve) => { setTimeout(resolve, 0); });

/**
 * Of links.js's context: the store, `doc()`, the board, `notice(text, action, kind)`,
 * `refreshNow()`, `saveNow()`, `ask()`, `isReady()`, `readonly` (an embed's ro=1), `beforeKey` (the
 * storage key of the player's position kept before a link), `refuse(why, payload)` (a link that
 * cannot be opened) and `pageURL()`.
 */
export function initLinkIO({ store, doc, board, notice, refreshNow, saveNow, ask, isReady, readonly, beforeKey, refuse, pageURL }) {
  function readBefore() {
    try {
      const b = JSON.parse(localStorage.getItem(beforeKey));
      return own(SYSTEMS, b?.system) && usable(b.system, b.doc) && typeof b.opened === 'string' && Number.isFinite(b.at) ? b : null;
    } catch { return null; }
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

  const shareCode = () => checks.encodeShare(checks.positionPayload(store.state.system, doc()));

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
    try { localStorage.setItem(beforeKey, JSON.stringify(next)); } catch { return 'failed'; }
    return 'kept';
  }

  /** Opens a link code: its position (undoably), or a message saying why not (an embed: an empty board). */
  async function openCode(code) {
    let opened, payload;
    try {
      payload = await checks.decodeShare(code);
      // the link's game's module, whose rules check it
      const named = payload?.system ?? payload?.request?.system;
      if (isGame(named)) await loadGame(named);
      // checked in a task of its own: the page's first layout and the link's reading came before
      // it in one task of 120 ms at the limits
      await nextTask();
      opened = checks.checkPosition(payload);
    } catch (err) {
      refuse(err instanceof checks.ShareError ? err.message : 'the link could not be read', payload);
      return false;
    }
    // the position is shown in a task of its own: checking 1,000 units and showing them in one
    // task held the page's thread for 130 ms and more (docs/performance.md)
    await nextTask();
    $('notice').hidden = true;
    const kept = EMBED ? 'none' : keepBefore(opened.system, opened.doc);
    // opening a link is no step of the player's to undo: the position it replaced is kept, to be
    // restored (Restore mine, the Library's Earlier versions) across reloads, which an Undo step
    // is not. Where the browser would not keep it, Undo is the only way back, and says so.
    store.load(opened.system, opened.doc, { undoable: kept === 'failed' });
    store.setLinkUndo(kept === 'failed' ? store.session.edits : null);
    if (readonly) store.lock();
    if (kept === 'kept') notice('Link opened; your own position is kept.', { label: 'Restore mine', run: restoreBefore }, 'info');
    if (kept === 'failed') notice('Opened the link’s position, but this browser would not keep yours (storage full): Undo brings it back until the page is reloaded.');
    return true;
  }

  /**
   * Opens the link code of the page's address: `{ok, pending}`, `pending` the link's ruling still to
   * come (true: the engine was not ready, the page asks once it is; or the promise of the one asked).
   */
  async function openLink(code) {
    store.select(null);
    const ok = await openCode(code);
    // the page keeps its own copy (localStorage); the fragment is dropped so a reload keeps later edits
    if (!EMBED) history.replaceState(null, '', location.pathname + location.search);
    $('embed-open').href = `${pageURL()}?g=${store.state.system}#p=${code}`;
    refreshNow();
    board.fit();
    if (!ok) return { ok, pending: null };
    // the position is saved flagged until a ruling of it has answered within the budget, so a link
    // whose ruling is too slow is not ruled again on every later visit
    // asked in a task after the one that shows it (writing the request of 1,000 units is not free)
    store.setUnruled(true);
    if (!EMBED) saveNow();
    return { ok, pending: isReady() ? nextTask().then(ask) : true };
  }

  /** The Share panel's link, iframe and element codes of the position on screen; returns the link. */
  async function makeLink() {
    const code = await shareCode();
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

  // a text copied, else selected in `field` for the player to copy; `button` says which for 1.5 s
  async function copy(text, field, button, [copied, selected, rest]) {
    try { await navigator.clipboard.writeText(text); button.textContent = copied; } catch { field.select(); button.textContent = selected; }
    setTimeout(() => { button.textContent = rest; }, 1500);
  }
  /** The Share panel's link made (`make`); the Share button's (the link made and copied) and Copy link's presses. */
  const share = {
    make: makeLink,
    async shareButton() {
      const link = await makeLink();
      await copy(link, $('share-link'), $('share'), ['Link copied', 'Link selected', 'Share link']);
      $('share-panel').scrollIntoView({ block: 'nearest' });
    },
    copyLink: () => copy($('share-link').value, $('share-link'), $('copy-link'), ['Copied', 'Selected: copy it', 'Copy link']),
  };

  return { shareCode, openLink, share, positionBefore };
}
