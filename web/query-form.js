// The question form: the query picker and the fields of the query asked (units, sides, numbers
// with their dice, a drawn path, lists of rows; a game's own field, such as C&C's ordered units), from the game's query specs.
import { own } from './model.js';
import { el } from './draw.js';
import { option, on, field, rebuild } from './forms.js';

const $ = (id) => document.getElementById(id);

/** Two six-sided dice. */
function twoDice() {
  return [...crypto.getRandomValues(new Uint8Array(2))].map((v) => (v % 6) + 1); // 256 % 6 bias is 4 in 256: a table's dice are worse
}

/**
 * A roll of 2D6 put in field `key` of `into` (the question's inputs, or a row of its list) as the
 * game's `rolls` says: '2d6' is their sum; a game's own roll, `{roll(into, key, dice, doc), said}`,
 * puts in what the dice give (a unit's own rate added, the higher die kept).
 */
export function rollInto(spec, into, key, doc) {
  const dice = twoDice();
  if (typeof spec === 'object') spec.roll(into, key, dice, doc);
  else into[key] = dice[0] + dice[1];
}

/**
 * Sets up the form. `page`: the store, `doc()`, `sys()`, `pathInputs(d)` (the Path tool's target),
 * `setTool(name)` and `described()` (what the engine's describe answered, once it has).
 */
export function initQueryForm({ store, doc, sys, pathInputs, setTool, described }) {
  // The dice a field takes (the game's `rolls`: a query's field by key, a list row's by `list.field`).
  const rollOf = (key) => own(own(sys().rolls ?? {}, doc().query) ?? {}, key);

  // A field that takes a roll: the dice rolled here, or the player's own typed in.
  function rollButton(key, label, roll) {
    const b = el('button', 'Roll 2D6', 'secondary small roll');
    b.type = 'button';
    b.dataset.key = key;
    b.setAttribute('aria-label', `Roll 2D6 for ${label}`);
    on(b, 'click', roll);
    return b;
  }

  function renderQuery() {
    const s = sys(), d = doc();
    // a rule set whose engine module is still loading is not "not in this build"
    const held = described()?.systems.find((x) => x.id === store.state.system);
    const answers = new Set(held ? held.queries.map((q) => q.name ?? q) : described() ? Object.keys(s.queries) : []);
    const q = $('query');
    // the picker says a query in words ("Reach area"), its value the engine's name (reachArea)
    const words = (name) => s.queries[name]?.title ?? `${name.charAt(0).toUpperCase()}${name.slice(1).replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)}`;
    rebuild(q, Object.keys(s.queries).map((name) => option(name, answers.has(name) ? words(name) : `${words(name)} (not in this build yet)`)));
    q.value = d.query;
    const spec = s.queries[d.query];
    $('query-note').textContent = answers.has(d.query) ? '' : `This build does not answer “${words(d.query)}” yet: the engine will say so until the ${s.name} rules land. The request below is what the page will send.`;
    const inputs = (d.inputs[d.query] ??= {});
    const edit = (fn, key) => store.edit((dd) => fn(dd.inputs[dd.query]), key);
    const units = [['', '(none)'], ...d.units.map((u) => [u.id, u.id])];
    const nodes = spec.fields.filter((f) => !f.when || f.when(inputs)).map((f) => {
      // another mover picked: a path drawn for the one before is not its own (a move kept the
      // example's path for the unit picked next: "not a step")
      const drawn = f.key === 'unit' && spec.fields.some((x) => x.kind === 'path');
      if (f.kind === 'unit') return field({ ...f, kind: 'select', options: units }, inputs[f.key] ?? '', (v) => edit((i) => { if (drawn && v !== i[f.key]) i.path = []; i[f.key] = v; }), 'q.');
      if (f.kind === 'side') return field({ ...f, kind: 'select', options: d.sides.map((x) => [x.name, x.name]) }, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }), 'q.');
      if (f.kind === 'number') {
        // ruled as it is typed (forms.js `live`): the verdict follows the dice typed in
        const lab = field({ ...f, optional: true, live: true }, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }, `q:${f.key}`), 'q.');
        const roll = rollOf(f.key);
        if (roll) lab.append(rollButton(`q.roll:${f.key}`, f.label, () => store.edit((dd) => { rollInto(roll, dd.inputs[dd.query], f.key, dd); })));
        return lab;
      }
      if (f.kind === 'path') return pathField(inputs);
      // (a C&C order's units: its module brings the field, orders-field.js, and may draw the form
      // again once its code has come)
      if (f.kind === 'orders') return f.render({ store, setTool, field, on, again: renderQuery }, f, inputs, units);
      if (f.kind === 'rows') return listField(f, inputs[f.key] ??= [], units, d);
      return field(f, inputs[f.key], (v) => edit((i) => { i[f.key] = v; }), 'q.');
    });
    rebuild($('query-fields'), nodes);
  }

  function pathField(inputs) {
    const box = el('div', undefined, 'field');
    box.dataset.slot = 'path';
    const n = inputs.path?.length ?? 0;
    box.append(el('span', `Path: ${n} hex${n === 1 ? '' : 'es'} (draw it with the Path tool: tap hexes in order)`));
    const row = el('div', undefined, 'row');
    const undo = el('button', 'Remove last hex', 'secondary small');
    undo.type = 'button'; undo.disabled = !n; undo.dataset.key = 'path-pop';
    on(undo, 'click', () => store.edit((d) => { pathInputs(d).path?.pop(); }));
    const clear = el('button', 'Clear path', 'secondary small');
    clear.type = 'button'; clear.disabled = !n; clear.dataset.key = 'path-clear';
    on(clear, 'click', () => store.edit((d) => { pathInputs(d).path = []; }));
    row.append(undo, clear);
    box.append(row);
    return box;
  }

  // An editable list of rows (a field of kind `rows`: its `title`, `adders(doc)` and each row's
  // fields, `row(item)`; a row field of kind `unit` picks one of the units).
  function listField(f, items, units, d) {
    const { title, key } = f;
    const box = el('fieldset', undefined, 'list-field');
    box.dataset.slot = key;
    box.append(el('legend', title));
    const ol = el('ol');
    items.forEach((item, i) => {
      const li = el('li');
      li.dataset.slot = `${key}.${i}`;
      for (const rowSpec of f.row(item)) {
        const spec = rowSpec.kind === 'unit' ? { ...rowSpec, kind: 'select', options: units } : { ...rowSpec, live: true };
        // the row as it is now: a number typed just before Make this move emptied the list finds none
        const rowNow = (dd) => dd.inputs[dd.query]?.[key]?.[i];
        // a number typed key by key is one Undo step
        const lab = field(spec, spec.kind === 'select' ? String(item[spec.key] ?? '') : item[spec.key], (v) => store.edit((dd) => {
          const row = rowNow(dd);
          if (row) row[spec.key] = spec.asNumber ? Number(v) : v;
        }, spec.kind === 'number' ? `q:${key}.${i}.${spec.key}` : null), `${key}.${i}.`);
        const roll = spec.kind === 'number' && rollOf(`${key}.${spec.key}`);
        if (roll) {
          lab.append(rollButton(`${key}.${i}.roll:${spec.key}`, `${spec.label} ${i + 1}`, () => store.edit((dd) => { const row = rowNow(dd); if (row) rollInto(roll, row, spec.key, dd); })));
        }
        li.append(lab);
      }
      const rm = el('button', '✕', 'icon small');
      rm.type = 'button';
      rm.setAttribute('aria-label', `Remove ${title.toLowerCase().replace(/s$/, '')} ${i + 1}`);
      on(rm, 'click', () => store.edit((d) => { d.inputs[d.query][key].splice(i, 1); }));
      li.append(rm);
      ol.append(li);
    });
    box.append(ol);
    const row = el('div', undefined, 'row');
    for (const [label, proto] of f.adders(d)) {
      const b = el('button', label, 'secondary small');
      b.type = 'button';
      b.dataset.key = `${key}.add.${label}`;
      on(b, 'click', () => store.edit((d) => { d.inputs[d.query][key].push({ ...proto }); }));
      row.append(b);
    }
    box.append(row);
    return box;
  }

  return { renderQuery };
}
