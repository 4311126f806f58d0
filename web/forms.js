// Form controls and how the page's panels are brought up to date: a panel is rendered as a fresh
// list of nodes and then merged into what is on screen (`rebuild`), so that a control being edited
// is never re-created (docs/STYLE): an element with the same key (`data-key` on a control,
// `data-slot` on a wrapper) or, unkeyed, in the same place with the same tag, is kept and updated
// in place (attributes, text, options, the value unless it is the focused control), and its
// handlers are the new render's (`on`). A tap that lands on the next field while the last one is
// committed therefore keeps its target, its focus and its keyboard. Knows no game.
import { el } from './draw.js';

export const option = (value, label) => { const o = el('option', label); o.value = value; return o; };

/**
 * Calls `fn(event)` on `type` events of `node`: the handler of the latest render that produced a
 * node with its key, so a node kept by `rebuild` never runs a handler of an older position.
 */
export function on(node, type, fn) {
  node._mc ??= {};
  if (!node._mc[type]) node.addEventListener(type, (e) => e.currentTarget._mc[type](e));
  node._mc[type] = fn;
  return node;
}

export const getPath = (o, key) => key.split('.').reduce((a, k) => a?.[k], o);
export function setPath(o, key, v) {
  const ks = key.split('.');
  const last = ks.pop();
  ks.reduce((a, k) => (a[k] ??= {}), o)[last] = v;
}

/**
 * A labelled control for a field spec (`kind`: text, number, select, check, list, color);
 * `onChange(value, input)` gets the value read back from the control once it is committed. A
 * number with `live` is also committed as it is typed, a little after the last key (LIVE_MS), when
 * what is typed so far is a value it takes: a partial one ("", "-") waits quietly for more.
 */
export function field(spec, value, onChange, keyPrefix = '') {
  const lab = el('label', undefined, spec.kind === 'check' ? 'field check' : 'field');
  lab.dataset.slot = keyPrefix + spec.key;
  let input;
  if (spec.kind === 'select') {
    input = el('select');
    const chosen = value ?? spec.options[0][0];
    if (spec.options.length > LAZY_OPTIONS) {
      // a thousand units to pick from are made when the select is first reached (a pointer on it
      // or the focus): opening a position at the limits made 1,000 options a select
      const at = spec.options.find(([v]) => v === chosen);
      if (at) input.append(option(...at));
      const fill = (e) => fillOptions(e.currentTarget, spec.options);
      on(input, 'pointerdown', fill);
      on(input, 'focus', fill);
      input._count = spec.options.length;
    } else for (const [v, t] of spec.options) input.append(option(v, t));
    // a long list (a thousand units to pick from) is not compared option by option again when unchanged
    if (spec.options.length > 20) input._options = JSON.stringify(spec.options);
    input.value = chosen;
  } else {
    input = el('input');
    input.type = { check: 'checkbox', number: 'number', color: 'color' }[spec.kind] ?? 'text';
    if (spec.kind === 'check') input.checked = !!value;
    else if (spec.kind === 'list') input.value = (value ?? []).join(', ');
    else input.value = value ?? '';
    if (spec.kind === 'number') {
      input.inputMode = spec.step === 1 && !(spec.min < 0) ? 'numeric' : 'decimal';
      for (const a of ['min', 'max', 'step']) if (spec[a] !== undefined) input[a] = spec[a];
      if (spec.step === undefined) input.step = 'any';
    }
    if (spec.kind === 'text' || spec.kind === 'list') { input.autocomplete = 'off'; input.spellcheck = false; }
  }
  input.dataset.key = keyPrefix + spec.key;
  if (spec.title) input.title = spec.title;
  on(input, spec.kind === 'color' ? 'input' : 'change', (e) => commit(spec, e.currentTarget, onChange));
  if (spec.live && spec.kind === 'number') {
    on(input, 'input', (e) => {
      const t = e.currentTarget;
      t._typed = undefined; // typed on since the last value committed
      clearTimeout(t._live);
      // a field taken off the page meanwhile (its row removed, the question reset) commits nothing
      t._live = setTimeout(() => { if (t.isConnected) commit(spec, t, onChange, true); }, LIVE_MS);
    });
  }
  if (spec.kind === 'check') lab.append(input, document.createTextNode(' ' + spec.label));
  else lab.append(el('span', spec.label), input);
  return lab;
}

// Options a select makes only when first reached (field): more than a list a glance takes in.
export const LAZY_OPTIONS = 100;

// A select holding its chosen option alone, given all of `options`, the same one chosen (or none).
function fillOptions(select, options) {
  if (select.options.length === options.length) return;
  const none = select.selectedIndex < 0, value = select.value;
  select.replaceChildren(...options.map(([v, t]) => option(v, t)));
  if (none) select.selectedIndex = -1; else select.value = value;
}

// long enough for the next key of a number (no ruling of the "1" of "12"), short enough to feel at once
export const LIVE_MS = 250;

function commit(spec, input, onChange, live = false) {
  let v;
  if (spec.kind === 'check') v = input.checked;
  else if (spec.kind === 'number') {
    clearTimeout(input._live);
    // the change event after a value already committed as it was typed makes no second edit
    if (!live && input._typed === input.value) return;
    if (input.value === '' && spec.optional && !live) v = '';
    else {
      v = Number(input.value);
      const bad = input.value === '' || !Number.isFinite(v) || (spec.min !== undefined && v < spec.min) || (spec.max !== undefined && v > spec.max);
      if (bad && live) return;
      input.setAttribute('aria-invalid', String(bad));
      if (bad) return;
    }
    input._typed = live ? input.value : undefined;
  } else if (spec.kind === 'list') v = input.value.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
  else v = input.value;
  // a lone surrogate has no UTF-8: the engine would refuse the whole request as bad_json
  if (typeof input.value === 'string' && !input.value.isWellFormed()) {
    input.setCustomValidity('This text holds a broken character (a lone surrogate): retype it.');
    input.setAttribute('aria-invalid', 'true');
    input.reportValidity();
    return;
  }
  if (spec.kind === 'text' || spec.kind === 'list') { input.setCustomValidity(''); input.setAttribute('aria-invalid', 'false'); }
  onChange(v, input);
}

const keyOf = (n) => (n.nodeType === 1 ? n.dataset.key ?? n.dataset.slot ?? null : null);

/** Brings `container`'s children to `nodes`, keeping every element that can be kept (see above). */
export function rebuild(container, nodes) {
  const old = [...container.childNodes];
  const keyed = new Map();
  for (const n of old) if (keyOf(n) !== null) keyed.set(`${n.tagName}|${keyOf(n)}`, n);
  const used = new Set();
  const next = nodes.map((n, i) => {
    const k = keyOf(n);
    let o = k !== null ? keyed.get(`${n.tagName}|${k}`) : old[i];
    if (o && (used.has(o) || (k === null && keyOf(o) !== null) || o.nodeType !== n.nodeType || o.nodeName !== n.nodeName)) o = null;
    if (!o) return n;
    used.add(o);
    if (o !== n) patch(o, n); // a row kept as it is (cachedRows) is the node on screen already
    return o;
  });
  // What goes is removed first: moving a kept node (insertBefore) would blur the control being
  // edited inside it and lose its selection, so kept nodes only move when the order really changed.
  for (const o of old) if (!used.has(o)) o.remove();
  next.forEach((n, i) => { if (container.childNodes[i] !== n) container.insertBefore(n, container.childNodes[i] ?? null); });
}

/**
 * Brings `container`'s children to `nodes` (text shown again, a ruling's list) touching only what
 * changed: a child equal to the new node in the same place (isEqualNode: the same tags, attributes
 * and text) is kept with its handlers, which do what the new node's would; a list (ul, ol) with
 * the same attributes is kept and its items brought over the same way. Unchanged parts are then
 * not laid out or painted again.
 */
export function keepSame(container, nodes) {
  const old = [...container.childNodes];
  const next = nodes.map((n, i) => {
    const o = old[i];
    if (!o || o.nodeName !== n.nodeName) return n;
    if (o.isEqualNode(n)) return o;
    if ((n.nodeName === 'UL' || n.nodeName === 'OL') && o.cloneNode(false).isEqualNode(n.cloneNode(false))) { keepSame(o, [...n.childNodes]); return o; }
    return n;
  });
  const used = new Set(next);
  for (const o of old) if (!used.has(o)) o.remove();
  next.forEach((n, i) => { if (container.childNodes[i] !== n) container.insertBefore(n, container.childNodes[i] ?? null); });
}

// Makes `o` show what `n` shows, in place.
function patch(o, n) {
  if (o.nodeType !== 1) { if (o.data !== n.data) o.data = n.data; return; }
  for (const a of [...o.attributes]) if (!n.hasAttribute(a.name)) o.removeAttribute(a.name);
  for (const a of n.attributes) if (o.getAttribute(a.name) !== a.value) o.setAttribute(a.name, a.value);
  for (const [type, fn] of Object.entries(n._mc ?? {})) on(o, type, fn);
  const control = o.tagName === 'INPUT' || o.tagName === 'SELECT' || o.tagName === 'TEXTAREA';
  const { value, checked } = n; // read before the options move over
  // (a select whose options are not all made yet takes the new one's chosen option)
  if (n._options === undefined || n._options !== o._options || o.options?.length < o._count) rebuild(o, [...n.childNodes]);
  o._options = n._options;
  o._count = n._count;
  // the value of the control being edited stays the user's
  if (!control || o === document.activeElement) return;
  if (o.value !== value) o.value = value;
  if (o.tagName === 'INPUT' && o.checked !== checked) o.checked = checked;
}

/** Paints each `[data-colour]` swatch under `root`: the CSP forbids inline styles; CSSOM property writes are allowed and keep colours exact. */
export function paintSwatches(root) {
  for (const s of root.querySelectorAll('[data-colour]')) {
    if (s.dataset.painted === s.dataset.colour) continue;
    s.style.setProperty('background', s.dataset.colour);
    s.dataset.painted = s.dataset.colour;
  }
}

/**
 * A list's rows, each made by `make(item)` only when its signature `sig(item)` (everything the row
 * shows and does) is new: an unchanged row is the node already on screen, which `rebuild` keeps as it
 * is, so a list of a thousand units is not made and compared again on every change. `cache`: a Map
 * the list keeps between renders. At most ROWS_AT_ONCE rows are made in one call: the rows of the
 * items after them are left out (the caller shows how many with `moreRows` and renders again).
 */
export function cachedRows(cache, items, sig, make) {
  const next = new Map(), nodes = [];
  let made = 0;
  for (let i = 0; i < items.length; i++) {
    const k = sig(items[i], i);
    let n = !next.has(k) && cache.get(k);
    if (!n) {
      if (made === ROWS_AT_ONCE) break;
      made++;
      n = make(items[i], i);
    }
    next.set(k, n);
    nodes.push(n);
  }
  cache.clear();
  for (const [k, n] of next) cache.set(k, n);
  return nodes;
}

// Rows made in one go: a thousand units' rows made at once held the page's thread for a long
// task on opening a position; a hundred are a few milliseconds.
export const ROWS_AT_ONCE = 100;
const whenIdle = globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 0));

/**
 * The rows `cachedRows` left out of `list` (`shown` of `count`): a row saying how many are still to
 * come, and `again()` called once the page is idle to make the next ones (once per list at a time).
 */
export function moreRows(list, shown, count, again) {
  if (shown >= count) return [];
  if (!list._more) list._more = whenIdle(() => { list._more = 0; again(); }, { timeout: 200 });
  const li = el('li', `Listing ${count - shown} more…`, 'muted');
  li.dataset.slot = 'more';
  return [li];
}
