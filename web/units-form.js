// The Units panel's form: the selected unit's fields (or the new-unit template's) and Add unit,
// fetched when the form first comes into view (app.js; the list of units is unit-list.js's).
import * as hex from './hex.js';
import { SYSTEMS, uniqueId, renameRefs, standAt } from './model.js';
import { field, rebuild, getPath, setPath } from './forms.js';
import { unitSpecs, formTitle } from './unit-list.js';

const $ = (id) => document.getElementById(id);

/**
 * Sets up the form. `page`: the store, `ui`, the board, `doc()`, `sys()`, `isHexBoard()`,
 * `unitById(id)`, `unitWord()`, `round(v, p)`, and the position's `hexesOf(u)`, `boardCells()` and
 * `onBoard(h)`.
 */
export function initUnitsForm({ store, ui, board, doc, sys, isHexBoard, unitById, unitWord, round, hexesOf, boardCells, onBoard }) {
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
    $('unit-form-title').textContent = formTitle(u);
    $('deselect').hidden = !u;
    const nodes = unitSpecs(sys(), doc().sides, unitWord(), target).map((spec) => {
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
      const free = [...boardCells()].sort((a, b) => hex.distance(a, mid) - hex.distance(b, mid))
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

  return { renderUnitForm, addUnit };
}
