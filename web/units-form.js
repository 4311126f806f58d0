// The Units panel: the form for the selected unit (or the new-unit template) and the list of
// units on the board.
import * as hex from './hex.js';
import { SYSTEMS, uniqueId, renameRefs, forgetRefs, standAt } from './model.js';
import { el } from './draw.js';
import { on, field, rebuild, getPath, setPath, paintSwatches, cachedRows, moreRows } from './forms.js';

const $ = (id) => document.getElementById(id);
const FACING_NAMES = hex.DIR_NAMES.map((n, i) => [String(i), `${i} (${n})`]);

/**
 * Sets up the form and the list. `page`: the store, `ui`, the board, `doc()`, `sys()`,
 * `isHexBoard()`, `unitById(id)`, `colourOf(side)`, `unitWord()`, `round(v, p)`, the position's
 * `hexesOf(u)`, `boardCells()` and `onBoard(h)`, and `refresh()`.
 */
export function initUnitsForm({ store, ui, board, doc, sys, isHexBoard, unitById, colourOf, unitWord, round, hexesOf, boardCells, onBoard, refresh }) {
  function unitSpecs(u) {
    const s = sys();
    const specs = [
      { key: 'id', label: 'Name', kind: 'text' },
      { key: 'side', label: 'Side', kind: 'select', options: doc().sides.map((x) => [x.name, x.name]) },
    ];
    if (s.board === 'free') {
      specs.push({ key: 'x', label: `x (${unitWord()})`, kind: 'number', step: 0.5 }, { key: 'y', label: `y (${unitWord()})`, kind: 'number', step: 0.5 },
        { key: 'facing', label: 'Facing (°, 0 = up the table, clockwise)', kind: 'number', min: 0, max: 359.99, step: 1 });
    } else {
      specs.push({ key: 'col', label: 'Column', kind: 'number', min: 0, step: 1 }, { key: 'row', label: 'Row', kind: 'number', min: 0, step: 1 });
      if (s.hasFacing) specs.push({ key: 'facing', label: 'Facing', kind: 'select', options: FACING_NAMES });
    }
    return [...specs, ...s.unitFields].filter((f) => !f.when || f.when(u));
  }

  function template() {
    const system = store.state.system;
    if (!ui.template[system]) store.setTemplate(system, { id: '', ...SYSTEMS[system].newUnit() });
    const t = ui.template[system]; // the form edits the template in place
    if (!doc().sides.some((s) => s.name === t.side)) t.side = doc().sides[0].name;
    return t;
  }

  function renderUnitForm() {
    const u = unitById(ui.selected);
    const target = u ?? template();
    $('unit-form-title').textContent = u ? `Editing ${u.id}. Changes apply at once.` : 'A new unit: fill in, then Add unit (it appears in the middle of the view; drag it into place).';
    $('deselect').hidden = !u;
    const nodes = unitSpecs(target).map((spec) => {
      let value = getPath(target, spec.key);
      if (spec.key === 'col' || spec.key === 'row') value = target.q === undefined ? target.at?.[spec.key] ?? '' : hex.toOffset(target.q, target.r)[spec.key];
      if (spec.key === 'facing' && isHexBoard()) value = String(target.facing ?? 0);
      return field(spec, value, (v, input) => setUnitField(u, spec.key, v, input), 'unit.');
    });
    rebuild($('unit-fields'), nodes);
  }

  function setUnitField(u, key, v, input) {
    if (!u) { // the new-unit template
      const t = template();
      if (key === 'facing' && isHexBoard()) v = Number(v);
      // where the new unit goes: its column and row (hex boards) or x and y, else the view's middle
      if (key === 'col' || key === 'row') (t.at ??= {})[key] = v;
      else setPath(t, key, v);
      renderUnitForm();
      return;
    }
    if (key === 'id') {
      const name = String(v).trim();
      const taken = doc().units.some((w) => w.id === name && w !== u);
      input.setCustomValidity(!name ? 'A name is needed.' : taken ? 'Another unit has this name.' : '');
      if (!input.reportValidity()) return;
      const old = u.id;
      store.edit((d) => { d.units.find((w) => w.id === old).id = name; renameRefs(d, old, name); });
      store.select(name);
      return;
    }
    const id = u.id;
    store.edit((d) => {
      const w = d.units.find((x) => x.id === id);
      if (key === 'col' || key === 'row') {
        const o = hex.toOffset(w.q, w.r);
        o[key] = v;
        let h = hex.toAxial(o.col, o.row);
        h = standAt(store.state.system, d.board, w, h);
        if (onBoard(h)) Object.assign(w, h);
      } else if (key === 'facing' && isHexBoard()) w.facing = Number(v);
      else setPath(w, key, v);
      if (key === 'size') Object.assign(w, standAt(store.state.system, d.board, w, { q: w.q, r: w.r }));
    }, `unit:${id}:${key}`);
  }

  function addUnit() {
    const t = template();
    const d = doc();
    const id = uniqueId(d, t.id.trim() || (sys().newUnitName?.(t) ?? 'Unit'));
    const { at, ...profile } = t;
    const u = JSON.parse(JSON.stringify({ ...profile, id }));
    const [wx, wy] = board.toWorld(board.w / 2, board.h / 2);
    if (!isHexBoard()) {
      const x = Number.isFinite(t.x) ? t.x : wx, y = Number.isFinite(t.y) ? t.y : wy;
      Object.assign(u, { x: round(Math.min(Math.max(x, 1), d.table.width - 1), 2), y: round(Math.min(Math.max(y, 1), d.table.height - 1), 2), facing: Number(t.facing ?? 0) });
    } else {
      const taken = new Set(d.units.flatMap((v) => hexesOf(v)).map((h) => hex.key(h.q, h.r)));
      const centre = hex.fromPixel(wx, wy), view = hex.toOffset(centre.q, centre.r);
      const mid = Number.isFinite(at?.col) || Number.isFinite(at?.row) ? hex.toAxial(at.col ?? view.col, at.row ?? view.row) : centre;
      const free = boardCells().sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid))
        .find((c) => { const h = standAt(store.state.system, d.board, u, c); return !hexesOf({ ...u, ...h }).some((x) => taken.has(hex.key(x.q, x.r))) && onBoard(h); });
      const h = free ?? mid;
      Object.assign(u, standAt(store.state.system, d.board, u, { q: h.q, r: h.r }));
      if (sys().hasFacing) u.facing = Number(t.facing ?? 0);
    }
    store.edit((dd) => { dd.units.push(u); });
    t.id = '';
    delete t.at; delete t.x; delete t.y;
    store.select(id);
  }

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

  return { renderUnitForm, renderUnitList, addUnit, removeUnit };
}
