// The question form's field of a C&C order's units (a field of kind `orders`): brought with C&C's
// order code (cc-ancients-order.js), fetched when the form first shows an order, not with the
// page's start-up code (docs/page.md "Weight").
import { el } from './draw.js';
import { distance } from './hex.js';

/**
 * The units of a C&C order, in the sequence they move: each row a unit and its path; the row whose
 * "Draw path" is pressed is the one the Path tool extends. `page`: the form's store, `setTool`,
 * `field` and `on` (forms.js).
 */
export function ordersField({ store, setTool, field, on }, spec, inputs, units) {
  const rows = (inputs.moves ??= spec.rows(inputs));
  const active = Math.min(inputs.active ?? 0, rows.length - 1);
  const mfm = (inputs.card ?? 'section') === 'move-fire-move';
  const box = el('fieldset', undefined, 'list-field orders');
  box.dataset.slot = spec.key;
  box.append(el('legend', 'Ordered units, in the order they move'));
  const ol = el('ol');
  const editRow = (i, fn) => store.edit((d) => fn(d.inputs[d.query].moves[i], d.inputs[d.query]));
  rows.forEach((row, i) => {
    const li = el('li', undefined, i === active ? 'active' : undefined);
    li.dataset.slot = `moves.${i}`;
    li.append(field({ key: 'unit', label: 'Unit', kind: 'select', options: units }, row.unit ?? '', (v) => editRow(i, (m) => { m.unit = v; }), `moves.${i}.`));
    if (mfm) li.append(field({ key: 'second', label: 'After ranged combat', kind: 'check' }, row.second === true, (v) => editRow(i, (m) => { m.second = v; }), `moves.${i}.`));
    const n = row.path?.length ?? 0;
    li.append(el('span', n ? `path: ${n} hex${n === 1 ? '' : 'es'}` : 'ordered, not moving', 'note'));
    const draw = el('button', i === active ? 'Drawing' : 'Draw path', 'secondary small');
    draw.type = 'button';
    draw.dataset.key = `moves.${i}.draw`;
    draw.setAttribute('aria-pressed', String(i === active));
    draw.setAttribute('aria-label', `Draw the path of unit ${i + 1} with the Path tool`);
    on(draw, 'click', () => { store.edit((d) => { d.inputs[d.query].active = i; }); setTool('path'); });
    const clear = el('button', 'Clear', 'secondary small');
    clear.type = 'button'; clear.disabled = !n; clear.dataset.key = `moves.${i}.clear`;
    clear.setAttribute('aria-label', `Clear the path of unit ${i + 1}`);
    on(clear, 'click', () => editRow(i, (m) => { m.path = []; }));
    const rm = el('button', '✕', 'icon small');
    rm.type = 'button';
    rm.setAttribute('aria-label', `Remove ordered unit ${i + 1}`);
    on(rm, 'click', () => store.edit((d) => {
      const inp = d.inputs[d.query];
      inp.moves.splice(i, 1);
      inp.active = Math.max(0, Math.min(inp.active ?? 0, inp.moves.length - 1));
    }));
    li.append(draw, clear, rm);
    ol.append(li);
  });
  box.append(ol);
  const add = el('button', 'Add unit', 'secondary small');
  add.type = 'button';
  add.dataset.key = 'moves.add';
  on(add, 'click', () => store.edit((d) => {
    const inp = d.inputs[d.query];
    const last = d.units.find((u) => u.id === inp.moves.at(-1)?.unit);
    const side = d.units.find((u) => u.id === inp.moves[0]?.unit)?.side ?? d.sides[0].name;
    // the side's unit not yet ordered nearest the last one ordered: an order's units stand
    // together (the first of the list was often across the board, outside the card's reach)
    const free = d.units.filter((u) => u.side === side && !inp.moves.some((m) => m.unit === u.id));
    const away = (u) => (last && Number.isInteger(u.q) && Number.isInteger(last.q) ? distance(u, last) : 0);
    const next = free.reduce((a, u) => (!a || away(u) < away(a) ? u : a), null) ?? d.units[0];
    inp.moves.push({ unit: next?.id ?? '', path: [] });
    inp.active = inp.moves.length - 1;
  }));
  box.append(add);
  return box;
}
