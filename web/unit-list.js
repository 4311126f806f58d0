// The Units panel's list of units on the board, each picked or removed by a button, a unit's
// removal (by its button, the Delete key, a drag off the board) and the form's fields: start-up
// code, where the panel's form (units-form.js) is fetched when it first comes into view, its room
// kept until then.
import { DIR_NAMES } from './hex.js';
import { forgetRefs } from './model.js';
import { el } from './draw.js';
import { on, field, rebuild, paintSwatches, cachedRows, moreRows } from './forms.js';

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

/** Sets up the list. `page`: the store, `ui`, `doc()`, `sys()`, `unitById(id)`, `unitWord()`, `colourOf(side)` and `refresh()`. */
export function initUnitList({ store, ui, doc, sys, unitById, unitWord, colourOf, refresh }) {
  function removeUnit(id) {
    // the questions forget it too: none is left asking about a unit no longer there
    store.edit((d) => { d.units = d.units.filter((u) => u.id !== id); forgetRefs(d, id); });
    if (ui.selected === id) store.select(null);
    refresh();
  }

  const unitRows = new Map();
  function renderUnitList() {
    const sig = (u) => JSON.stringify([u.id, u.side, colourOf(u.side), u.id === ui.selected]);
    const items = cachedRows(unitRows, doc().units, sig, (u) => {
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
    items.push(...moreRows($('unit-list'), items.length, doc().units.length, renderUnitList));
    rebuild($('unit-list'), items.length ? items : [el('li', 'No units yet.', 'muted')]);
    paintSwatches($('unit-list'));
  }

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

  return { renderUnitList, removeUnit, renderFormRoom };
}
