// The Library panel: saved armies and units (codices) of every game, kept in this browser. Fetched
// when the panel first opens (app.js): the page starts without it. What is stored and how:
// library-store.js; an army put on the board: library-place.js.
import { gamesNamedIn, loadGames } from './model.js';
import { LIBRARY_KEY, QUARANTINE_KEY } from './library-keys.js';
import { el } from './draw.js';
import { option, on, rebuild } from './forms.js';
import { parseJSON, checkUnit, ShareError } from './share.js';
import { checkLibrary, mergeLibrary, importLibrary, LIBRARY_FORMAT } from './library-format.js';
import { loadLibrary, restorable, backups, writeLibrary, summary, importWords, plural } from './library-store.js';
import { initArmyPlacing } from './library-place.js';

const $ = (id) => document.getElementById(id);
const when = (at) => new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
const say = (text) => { $('library-note').textContent = text; };
const copyLibrary = (lib) => JSON.parse(JSON.stringify(lib));
// the browser's storage, looked up at each use (reading `localStorage` throws where storage is off)
const browserStorage = {
  getItem: (k) => localStorage.getItem(k),
  setItem: (k, v) => localStorage.setItem(k, v),
  removeItem: (k) => localStorage.removeItem(k),
};

// The panel's body, made when its code comes (a first visit fetches neither; index.html keeps the
// note, which says so when the code cannot be fetched): each node [tag, attributes, ...children].
const node = ([tag, attrs, ...kids]) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...kids.map((k) => (typeof k === 'string' ? k : node(k))));
  return e;
};
const secondary = (id, text, more = {}) => ['button', { type: 'button', id, class: 'secondary', ...more }, text];
const list = (id, label) => ['ul', { id, class: 'unit-list', 'aria-label': label }];
const BODY = [
  ['p', { class: 'note' }, 'Kept in this browser by name, for each game. Export them to a file to move them to another device.'],
  ['div', { class: 'fields' },
    ['label', { class: 'field' }, 'Side ', ['select', { id: 'army-side' }]],
    ['label', { class: 'field' }, 'Army name ', ['input', { id: 'army-name', type: 'text', autocomplete: 'off', spellcheck: 'false', maxlength: '60' }]]],
  ['div', { class: 'row actions' }, secondary('save-army', 'Save this side as an army'), secondary('save-codex', 'Save the selected unit', { disabled: '' })],
  ['h3', { class: 'sub' }, 'Armies'],
  list('army-list', 'Saved armies'),
  ['p', { id: 'army-place', class: 'place-note', role: 'status', hidden: '' }, ['span', { id: 'army-place-text' }], ' ', secondary('army-place-cancel', 'Cancel', { class: 'secondary small' })],
  ['h3', { class: 'sub' }, 'Units'],
  list('codex-list', 'Saved units'),
  ['h3', { class: 'sub' }, 'Earlier versions'],
  list('earlier-list', 'Earlier versions to restore'),
  ['div', { class: 'row actions' }, secondary('export-library', 'Export to a file'),
    ['label', { class: 'button secondary', id: 'import-label' }, 'Import a file ', ['input', { type: 'file', id: 'import-library', accept: '.json,application/json' }]]],
];

/**
 * Sets up the panel. `page`: the store, the page's `ui` state (selection, new-unit template), `doc()`,
 * `unitById(id)`, `renderPanel(id)`, `refreshNow()`, `placeFree(d, u, near)`, `setTool(name)`,
 * `viewMiddle()` (the world point at the middle of the view) and `positionBefore()` (the player's
 * position kept when a link replaced it: `{at, game, units, restore()}`, or null). Returns the panel's renderer
 * and the library.
 */
export function initLibrary({ store, ui, doc, unitById, renderPanel, refreshNow, placeFree, setTool, showBoard, viewMiddle, positionBefore }) {
  let { library, rejected: setAside } = loadLibrary(browserStorage);
  $('library-note').before(...BODY.map(node));

  /** Stores `next` as the library and shows it, or changes nothing and says why (library-store.js writeLibrary). */
  function saveLibrary(next, note, how) {
    const out = writeLibrary(browserStorage, next, how);
    if (out.stored) library = out.stored; // another tab saved more meanwhile: shown, nothing written over it
    if (out.saved) library = next;
    say(out.saved ? note ?? '' : out.why);
    renderPanel('library-panel');
    return out.saved;
  }

  const { addArmy, useCodex } = initArmyPlacing({ store, ui, placeFree, setTool, showBoard, viewMiddle, refreshNow, say });
  const deleted = (what, kind, x) => () => { saveLibrary({ ...library, [kind]: library[kind].filter((y) => y !== x) }, `Deleted ${what}.`, { deleted: 1 }); };

  // What a kept library holds, in words; worked out once per copy (the panel is drawn on every change).
  let summaries = new Map();
  function renderLibrary() {
    const system = store.state.system, d = doc();
    if (ui.placing && ui.placing.system !== system) ui.placing.cancel(); // another game: its army is not for this board
    const side = $('army-side');
    const keep = side.value;
    rebuild(side, d.sides.map((x) => option(x.name, x.name)));
    if (d.sides.some((x) => x.name === keep)) side.value = keep;
    $('save-codex').disabled = !unitById(ui.selected) || store.locked;
    const armies = library.armies.filter((a) => a.system === system).map((a) => row(`${a.name} (${a.units.length} unit${a.units.length === 1 ? '' : 's'})`, [
      ['Add', `Add ${a.name} to the board as ${side.value}`, () => addArmy(a, side.value), 'secondary small'],
      ['✕', `Delete ${a.name}`, deleted(a.name, 'armies', a), 'icon small'],
    ]));
    const codices = library.codices.filter((c) => c.system === system).map((c) => row(c.name, [
      ['Use', `Use ${c.name} for the next new unit`, () => useCodex(c), 'secondary small'],
      ['✕', `Delete ${c.name}`, deleted(c.name, 'codices', c), 'icon small'],
    ]));
    rebuild($('army-list'), armies.length ? armies : [el('li', 'None saved for this game yet.', 'muted')]);
    rebuild($('codex-list'), codices.length ? codices : [el('li', 'None saved for this game yet.', 'muted')]);
    // what can be brought back: the position a link replaced, the libraries before the last saves
    const earlier = [];
    const before = positionBefore();
    if (before) earlier.push(row(`Your ${before.game} position before the link of ${when(before.at)}: ${plural(before.units, 'unit', 'units')}`, [['Restore', 'Restore your position from before the link', before.restore, 'secondary small']]));
    const counted = new Map();
    for (const b of backups(browserStorage).reverse()) {
      const what = summaries.get(b.text) ?? summary(b.text);
      counted.set(b.text, what);
      const label = b.at ? `Library of ${when(b.at)}: ${what}` : `Library before an earlier save: ${what}`;
      earlier.push(row(label, [['Restore', `Restore the library of ${b.at ? when(b.at) : 'before an earlier save'}`, () => restoreLibrary(b), 'secondary small']]));
    }
    rebuild($('earlier-list'), earlier.length ? earlier : [el('li', 'Nothing to bring back yet.', 'muted')]);
    summaries = counted;
    const aside = $('library-aside');
    aside.hidden = !setAside.length;
    aside.textContent = setAside.length ? `${setAside.length} saved entr${setAside.length === 1 ? 'y' : 'ies'} could not be read and ${setAside.length === 1 ? 'was' : 'were'} set aside, kept in this browser under ${QUARANTINE_KEY}: ${setAside.slice(0, 3).map((r) => r.reason).join('; ')}${setAside.length > 3 ? '; …' : ''}.` : '';
  }

  // An earlier library brought back whole (every game's entries); the one it replaces becomes a backup.
  function restoreLibrary(b) {
    const lib = restorable(browserStorage, b.text);
    if (!lib) { say('Nothing restored: that copy could not be read.'); return; }
    saveLibrary(lib, `Restored the library${b.at ? ` of ${when(b.at)}` : ''}: ${plural(lib.armies.length, 'army', 'armies')}, ${plural(lib.codices.length, 'unit', 'units')} (the one it replaced is kept under Earlier versions).`, { restore: true });
  }

  const current = () => library;
  wireSaves({ store, ui, doc, unitById, library: current, saveLibrary });
  wireFiles({ library: current, saveLibrary });
  window.addEventListener('storage', async (e) => {
    if (e.key !== LIBRARY_KEY) return;
    // another tab saved entries of a game not loaded here: read once its rules are (else on the next change)
    try { await loadGames(gamesNamedIn(e.newValue)); } catch { return; }
    ({ library, rejected: setAside } = loadLibrary(browserStorage));
    renderPanel('library-panel');
  });

  return { render: renderLibrary, library: current, backups: () => backups(browserStorage) };
}

// A row of the panel's lists: its words and its buttons (`[text, aria-label, on click, class]`).
function row(label, buttons) {
  const li = el('li');
  li.append(el('span', label, 'grow'));
  for (const [text, aria, run, cls] of buttons) {
    const b = el('button', text, cls);
    b.type = 'button';
    b.setAttribute('aria-label', aria);
    on(b, 'click', run);
    li.append(b);
  }
  return li;
}

// Save army (a side's units) and Save unit (the one selected), each checked as a file's would be.
function wireSaves({ store, ui, doc, unitById, library, saveLibrary }) {
  const unsaved = (e) => say(`Not saved: ${e instanceof ShareError ? e.message : 'it could not be checked'}.`);
  $('save-army').addEventListener('click', () => {
    const side = $('army-side').value;
    const name = $('army-name').value.trim() || side;
    const units = doc().units.filter((u) => u.side === side).map((u) => { const c = JSON.parse(JSON.stringify(u)); delete c.side; return c; });
    if (!units.length) { say(`${side} has no units to save.`); return; }
    const next = copyLibrary(library());
    try {
      const army = checkLibrary({ format: LIBRARY_FORMAT, version: 1, armies: [{ system: store.state.system, name, units }] }).armies[0];
      mergeLibrary(next, { armies: [army], codices: [] });
    } catch (e) { unsaved(e); return; }
    const replaced = library().armies.some((a) => a.system === store.state.system && a.name === name);
    if (saveLibrary(next, `Saved ${name}: ${plural(units.length, 'unit', 'units')}${replaced ? ' (in place of the army of that name: the earlier one is under Earlier versions)' : ''}.`)) $('army-name').value = '';
  });
  $('save-codex').addEventListener('click', () => {
    const u = unitById(ui.selected);
    if (!u) return;
    const next = copyLibrary(library());
    try {
      const unit = checkUnit(store.state.system, u, 'unit', { positioned: false });
      mergeLibrary(next, { armies: [], codices: [{ system: store.state.system, name: u.id, unit }] });
    } catch (e) { unsaved(e); return; }
    const replaced = library().codices.some((c) => c.system === store.state.system && c.name === u.id);
    saveLibrary(next, `Saved the unit ${u.id}${replaced ? ' (in place of the unit of that name: the earlier one is under Earlier versions)' : ''}.`);
  });
}

// Export (the whole library as a file) and Import (a file's entries added to it).
function wireFiles({ library, saveLibrary }) {
  $('export-library').addEventListener('click', () => {
    const blob = new Blob([JSON.stringify(library(), null, 2)], { type: 'application/json' });
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'movecalc-armies.json';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    say(`Exported ${library().armies.length} armies and ${library().codices.length} units.`);
  });
  $('import-library').addEventListener('change', async () => {
    const input = $('import-library');
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    try {
      if (file.size > 512 * 1024) throw new ShareError(`the file is larger than 512 KB (${Math.round(file.size / 1024)} KB)`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      await loadGames(gamesNamedIn(new TextDecoder().decode(bytes))); // its entries are checked by their games' rules
      const incoming = checkLibrary(parseJSON(bytes, 'the file'));
      const next = copyLibrary(library());
      const counts = importLibrary(next, incoming);
      if (counts.added) saveLibrary(next, importWords(file.name, counts));
      else say(importWords(file.name, counts));
    } catch (err) {
      say(`Nothing imported: ${err instanceof ShareError ? err.message : 'the file could not be read'}.`);
    }
  });
}
