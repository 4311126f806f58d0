// The Units panel's list of units on the board (virtual: the rows near the view only), each picked
// or removed by a button, and the form's fields and its room until the form's code (units-form.js)
// comes: fetched when the list first comes into view (app.js; units-panel.js keeps its room until
// then, and a unit's removal).
import { DIR_NAMES } from './hex.js';
import { el } from './draw.js';
import { rowGuess } from './units-panel.js';
import { on, field, rebuild, paintSwatches, cachedRows } from './forms.js';

const $ = (id) => document.getElementById(id);
const FACING_NAMES = DIR_NAMES.map((n, i) => [String(i), `${i} (${n})`]);

/** The Units form's fields for unit `u` (or the new-unit template) of game `s`, given its sides' names and its length's word. */
export function unitSpecs(s, sides, unitWord, u) {
  const specs = [
    { key: 'id', label: 'Name', kind: 'text' },
    { key: 'side', label: 'Side', kind: 'select', options: sides.map((x) => [x.name, x.name]) },
  ];
  if (s.board === 'free') {
    specs.push({ key: 'x', label: `x (${unitWord})`, kind: 'number', step: 0.5 }, { key: 'y', label: `y (${unitWord})`, kind: 'number', step: 0.5 },
      { key: 'facing', label: 'Facing (°, 0 = up the table, clockwise)', kind: 'number', min: 0, max: 359.99, step: 1 });
  } else {
    specs.push({ key: 'col', label: 'Column', kind: 'number', min: 0, step: 1 }, { key: 'row', label: 'Row', kind: 'number', min: 0, step: 1 });
    if (s.hasFacing) specs.push({ key: 'facing', label: 'Facing', kind: 'select', options: FACING_NAMES });
  }
  return [...specs, ...s.unitFields].filter((f) => !f.when || f.when(u));
}

/** The Units form's title: the unit `u` edited, or the new unit's. */
export const formTitle = (u) => (u ? `Editing ${u.id}. Changes apply at once.` : 'A new unit: fill in, then Add unit (it appears in the middle of the view; drag it into place).');

/** Sets up the list. `page`: the store, `ui`, `doc()`, `sys()`, `unitById(id)`, `unitWord()`, `colourOf(side)` and `removeUnit(id)`. */
export function initUnitList({ store, ui, doc, sys, unitById, unitWord, colourOf, removeUnit }) {
  // The list is virtual: only the rows in or near the view are elements, the rest spacers of their
  // rows' height (a thousand rows in the page cost layout, paint and, each `content-visibility:
  // auto`, Chromium's intersection checks in every frame of a drag: docs/performance.md). Every row
  // is one line high (style.css), so a row's place is its index times `step`.
  const list = $('unit-list');
  const unitRows = new Map(), spacers = [];
  const OVERSCAN = 480; // px of rows made above and below the view
  let step = 0, gap = 0; // px from a row's top to the next one's (measured once rows are laid out), of the list's gap
  let from = 0, to = 0; // the rows in or near the view, [from, to)
  let shownSelected = null; // the selection whose row was last brought into view
  let counted = -1; // the units listed at the last render
  const rowStep = () => step || rowGuess();
  const near = () => {
    if (!step) {
      const r = list.querySelector('li[aria-posinset]');
      gap = parseFloat(getComputedStyle(list).rowGap) || 0;
      const h = r?.getBoundingClientRect().height;
      if (h) step = h + gap;
    }
    const top = list.getBoundingClientRect().top;
    return [Math.max(0, Math.floor((-top - OVERSCAN) / rowStep())), Math.max(1, Math.ceil((innerHeight - top + OVERSCAN) / rowStep()))];
  };
  const spacer = (k, rows) => {
    const li = spacers[k] ??= el('li', undefined, 'spacer');
    li.dataset.slot = `spacer:${k}`;
    li.setAttribute('aria-hidden', 'true');
    // (the list's gap follows the spacer as it would its last row)
    li.style.setProperty('height', `${rows * rowStep() - gap}px`);
    return li;
  };

  function renderUnitList() {
    const units = doc().units;
    const sig = (u) => JSON.stringify([u.id, u.side, colourOf(u.side), u.id === ui.selected]);
    // a selection new to the list: its row is made and brought into view (a unit picked on the board)
    let reveal = -1;
    if (ui.selected !== shownSelected) {
      shownSelected = ui.selected;
      reveal = units.findIndex((u) => u.id === ui.selected);
    }
    const size = Math.max(to - from, Math.ceil((innerHeight + 2 * OVERSCAN) / rowStep()));
    if (reveal >= 0 && (reveal < from || reveal >= to)) from = Math.max(0, reveal - (size >> 1));
    to = Math.min(units.length, from + size);
    from = Math.max(0, Math.min(from, to - size));
    const shown = [];
    for (let i = from; i < to; i++) shown.push(i);
    // the row holding the keyboard's focus stays, wherever the list is scrolled
    const focused = list.contains(document.activeElement) ? units.findIndex((u) => `unit:${u.id}` === document.activeElement.closest('li')?.dataset.slot) : -1;
    if (focused >= 0 && (focused < from || focused >= to)) shown.push(focused), shown.sort((a, b) => a - b);
    const rows = cachedRows(unitRows, shown.map((i) => units[i]), sig, (u) => {
      const li = el('li', undefined, u.id === ui.selected ? 'selected' : '');
      li.dataset.slot = `unit:${u.id}`;
      const sw = el('span', undefined, 'swatch');
      sw.dataset.colour = colourOf(u.side); // painted by paintSwatches (no inline styles under the CSP)
      const pick = el('button', u.id, 'link');
      pick.type = 'button';
      pick.dataset.key = `pick:${u.id}`;
      pick.setAttribute('aria-pressed', String(u.id === ui.selected));
      on(pick, 'click', () => store.select(u.id === ui.selected ? null : u.id));
      const rm = el('button', '✕', 'icon small');
      rm.type = 'button';
      rm.dataset.key = `rm:${u.id}`;
      rm.setAttribute('aria-label', `Remove ${u.id}`);
      on(rm, 'click', () => removeUnit(u.id));
      li.append(sw, pick, el('span', u.side, 'muted'), rm);
      return li;
    });
    // each row says where it stands in the whole list (a screen reader's "12 of 1,000")
    const items = [];
    let next = 0;
    rows.forEach((li, j) => {
      const i = shown[j];
      if (i > next) items.push(spacer(items.length, i - next));
      li.setAttribute('aria-posinset', String(i + 1));
      li.setAttribute('aria-setsize', String(units.length));
      items.push(li);
      next = i + 1;
    });
    if (units.length > next) items.push(spacer(items.length, units.length - next));
    rebuild(list, units.length ? items : [el('li', 'No units yet.', 'muted')]);
    paintSwatches(list);
    const row = reveal >= 0 && rows[shown.indexOf(reveal)];
    // (the list's first rows, unmeasured: its spacers are made again of their rows' height first, or
    // the row brought into view would move away as they are)
    if (row && !step && (near(), step)) { shownSelected = null; renderUnitList(); return; }
    if (row) bringIntoView(row);
    // (a drag renders the list on every move: the view is looked at again only when the rows came or went)
    if (units.length !== counted) { counted = units.length; inView(); }
  }

  /** Scrolls the list's scrolling box (the page on a desktop, the panels on a phone) to show `row`, if it is out of view. */
  function bringIntoView(row) {
    const r = row.getBoundingClientRect();
    if (!r.height) return; // the panel is not shown
    let box = list.parentElement;
    while (box && !(/(auto|scroll)/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight)) box = box.parentElement;
    box ??= document.scrollingElement;
    const v = box === document.scrollingElement ? { top: 0, bottom: innerHeight } : box.getBoundingClientRect();
    // to the middle: the top of a phone's panels is under their sticky tabs
    if (r.top < v.top + r.height || r.bottom > v.bottom) box.scrollTop += (r.top + r.bottom) / 2 - (v.top + v.bottom) / 2;
  }

  // After a scroll or a change of the units' number, the rows near the view once the frame's layout
  // is known; the list is made again only if they changed.
  function look(measured = step) {
    if (!list.closest('details')?.open || !doc().units.length) return;
    const [a, b] = near(), n = doc().units.length;
    // (a new height of the rows changes the spacers' too)
    if (a !== from || Math.min(b, n) !== to || step !== measured) { from = a; to = Math.min(b, n); renderUnitList(); }
  }
  let queued = false;
  function inView() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => { queued = false; look(); });
  }
  addEventListener('scroll', inView, { capture: true, passive: true });
  // the list shown (its tab or panel opened), a new width or font: its rows' height measured again
  // (one element observed, after the frame's layout)
  new ResizeObserver(() => { const was = step; step = 0; look(was); }).observe(list);

  /**
   * The form's room until its code comes: its title and fields, empty and disabled, so that its
   * coming moves nothing (on a desktop the page's length moved More's menu open over it).
   */
  function renderFormRoom() {
    const u = unitById(ui.selected);
    $('unit-form-title').textContent = formTitle(u);
    $('deselect').hidden = !u;
    const target = u ?? ui.template[store.state.system] ?? sys().newUnit();
    rebuild($('unit-fields'), unitSpecs(sys(), doc().sides, unitWord(), target).map((spec) => {
      const f = field(spec, undefined, () => {}, 'room.');
      f.querySelector('input, select').disabled = true;
      return f;
    }));
  }

  return { renderUnitList, renderFormRoom };
}
