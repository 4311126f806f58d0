// The Units panel's start-up code: a unit's removal (by the list's button, the Delete key, a drag
// off the board) and the list's room until its code (unit-list.js) comes, fetched when the list
// first comes into view (app.js).
import { forgetRefs } from './model.js';
import { el } from './draw.js';
import { rebuild } from './forms.js';
import { PHONE_LAYOUT } from './panels.js';

const $ = (id) => document.getElementById(id);

/**
 * A row's height (px, with the list's gap) until the rows on screen are measured, from style.css:
 * its tallest control (2.5rem, a finger's 2.75rem in the phone's layout), the row's padding
 * (0.2rem) and the gap (0.15rem), at 16 px a rem.
 */
export const rowGuess = () => (matchMedia(PHONE_LAYOUT).matches ? 49.6 : 45.6);

/** `page`: the store, `ui`, `doc()` and `refresh()`. */
export function initUnitsPanel({ store, ui, doc, refresh }) {
  function removeUnit(id) {
    // the questions forget it too: none is left asking about a unit no longer there
    store.edit((d) => { d.units = d.units.filter((u) => u.id !== id); forgetRefs(d, id); });
    if (ui.selected === id) store.select(null);
    refresh();
  }

  /**
   * The list's room: its rows' height (the virtual list's first guess), so that its coming moves
   * nothing below it. One element, kept and keyed: an element patched from another would take its
   * style as an attribute, inline styles the CSP refuses.
   */
  const room = el('li');
  room.dataset.slot = 'room';
  function renderListRoom() {
    const n = doc().units.length;
    room.textContent = n ? '' : 'No units yet.';
    room.className = n ? 'spacer' : 'muted';
    room.toggleAttribute('aria-hidden', !!n);
    room.style.setProperty('height', n ? `${n * rowGuess()}px` : '');
    rebuild($('unit-list'), [room]);
  }

  /** The list's code could not be fetched (offline before its first use): said in its place. */
  const listFailed = (err) => rebuild($('unit-list'), [el('li', `The list of units could not be opened (${err.message ?? err}): it works offline once it has been opened online.`, 'muted')]);

  return { removeUnit, renderListRoom, listFailed };
}
