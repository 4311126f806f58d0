// The Library panel: saved armies and units (codices) of every game, kept in this browser. Fetched
// when the panel first opens (app.js): the page starts without it.
import { uniqueId, gamesNamedIn, loadGames } from './model.js';
import { LIBRARY_KEY, QUARANTINE_KEY, BACKUPS_KEY, OLD_BACKUP_KEY } from './library-keys.js';
import { el } from './draw.js';
import { option, on, rebuild } from './forms.js';
import { parseJSON, checkUnit, ShareError } from './share.js';
import { checkLibrary, readLibrary, libraryCount, mergeLibrary, importLibrary, emptyLibrary, LIBRARY_FORMAT } from './library-format.js';

const $ = (id) => document.getElementById(id);
/** How many earlier libraries are kept (each can be restored from the panel). */
export const LIBRARY_BACKUPS = 5;
const when = (at) => new Date(at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

/**
 * Sets up the panel. `page`: the store, the page's `ui` state (selection, new-unit template), `doc()`,
 * `unitById(id)`, `renderPanel(id)`, `refreshNow()`, `placeFree(d, u, near)`, `setTool(name)`,
 * `viewMiddle()` (the world point at the middle of the view) and `positionBefore()` (the player's
 * position kept when a link replaced it: `{at, game, units, restore()}`, or null). Returns the panel's renderer
 * and the library.
 */
export function initLibrary({ store, ui, doc, unitById, renderPanel, refreshNow, placeFree, setTool, showBoard, viewMiddle, positionBefore }) {
  // The saved library (armies and units) is checked entry by entry: an entry that fails is set aside
  // under QUARANTINE_KEY and named in the panel, never the whole library. A save adds the previous
  // library to the last LIBRARY_BACKUPS kept under BACKUPS_KEY first, and never writes a smaller
  // library than the one stored unless the user deleted entries or restored an earlier one; a save
  // that would pass a limit or that the browser refuses changes nothing.

  /** The stored library: its good entries, and the bad ones (or the whole text when it is no library). */
  function storedLibrary() {
    let raw = null;
    try { raw = localStorage.getItem(LIBRARY_KEY); } catch { /* storage off: an empty library */ }
    if (raw === null) return { raw, library: emptyLibrary(), rejected: [] };
    try {
      return { raw, ...readLibrary(JSON.parse(raw)) };
    } catch (err) {
      const reason = err instanceof ShareError ? err.message : 'not JSON';
      return { raw, library: emptyLibrary(), rejected: [{ kind: 'library', index: -1, entry: raw, reason: `the whole library: ${reason}` }] };
    }
  }

  // Adds entries to the quarantine (once each); false when the browser would not store them.
  function quarantine(rejected) {
    if (!rejected.length) return true;
    try {
      let kept = [];
      try { kept = JSON.parse(localStorage.getItem(QUARANTINE_KEY)) ?? []; } catch { /* unreadable: started again, as a list */ }
      if (!Array.isArray(kept)) kept = [kept];
      const seen = new Set(kept.map((k) => JSON.stringify(k?.entry)));
      for (const r of rejected) if (!seen.has(JSON.stringify(r.entry))) kept.push({ kind: r.kind, reason: r.reason, entry: r.entry });
      localStorage.setItem(QUARANTINE_KEY, JSON.stringify(kept));
      return true;
    } catch { return false; }
  }

  function loadLibrary() {
    const { library: lib, rejected } = storedLibrary();
    quarantine(rejected);
    setAside = rejected;
    return lib;
  }
  let setAside = [];
  let library = loadLibrary();

  /** The earlier libraries kept, oldest first (`[{at, text}]`); an unreadable list counts as none. */
  function backups() {
    let list = [];
    try { list = JSON.parse(localStorage.getItem(BACKUPS_KEY)) ?? []; } catch { /* unreadable: none */ }
    list = Array.isArray(list) ? list.filter((b) => typeof b?.text === 'string' && Number.isFinite(b.at)) : [];
    let old = null;
    try { old = localStorage.getItem(OLD_BACKUP_KEY); } catch { /* storage off */ }
    if (old !== null && !list.some((b) => b.text === old)) list.unshift({ at: 0, text: old });
    return list;
  }

  // Adds `raw` (the library about to be replaced) to the backups, dropping the oldest beyond
  // LIBRARY_BACKUPS, and more of the oldest while the browser will not store them; false when it will
  // not store even this one (the save is then refused: the library it replaces would have no copy).
  function keepBackup(raw) {
    const list = backups();
    if (list.at(-1)?.text !== raw) list.push({ at: Date.now(), text: raw });
    while (list.length > LIBRARY_BACKUPS) list.shift();
    for (;;) {
      try {
        localStorage.setItem(BACKUPS_KEY, JSON.stringify(list));
        try { localStorage.removeItem(OLD_BACKUP_KEY); } catch { /* kept in the list now */ }
        return true;
      } catch {
        if (list.length <= 1) return false;
        list.shift();
      }
    }
  }

  /**
   * Stores `next` as the library and shows it, or changes nothing and says why. `deleted`: entries
   * the user deleted; `restore`: an earlier library brought back (the only ways the stored library
   * gets smaller).
   */
  function saveLibrary(next, note, { deleted = 0, restore = false } = {}) {
    const stored = storedLibrary();
    const refuse = (why) => { $('library-note').textContent = why; renderPanel('library-panel'); return false; };
    if (!restore && libraryCount(next) < libraryCount(stored.library) - deleted) {
      library = stored.library; // another tab saved more meanwhile: shown, nothing written over it
      return refuse('Nothing saved: the library stored in this browser holds entries this page did not show. They are shown now; try again.');
    }
    if (!quarantine(stored.rejected)) return refuse('Nothing saved: this browser would not keep the entries that could not be read (storage full).');
    const text = JSON.stringify(next);
    if (stored.raw !== null && stored.raw !== text && !keepBackup(stored.raw)) {
      return refuse('Nothing saved: this browser would not keep a copy of the library as it was (storage full).');
    }
    try {
      localStorage.setItem(LIBRARY_KEY, text);
    } catch {
      return refuse('Nothing saved: this browser would not store it (private mode or storage full).');
    }
    library = next;
    $('library-note').textContent = note ?? '';
    renderPanel('library-panel');
    return true;
  }
  const copyLibrary = (lib) => JSON.parse(JSON.stringify(lib));

  function renderLibrary() {
    const system = store.state.system, d = doc();
    if (ui.placing && ui.placing.system !== system) ui.placing.cancel(); // another game: its army is not for this board
    const side = $('army-side');
    const keep = side.value;
    rebuild(side, d.sides.map((x) => option(x.name, x.name)));
    if (d.sides.some((x) => x.name === keep)) side.value = keep;
    $('save-codex').disabled = !unitById(ui.selected) || store.locked;
    const row = (label, buttons) => {
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
    };
    const armies = library.armies.filter((a) => a.system === system).map((a) => row(`${a.name} (${a.units.length} unit${a.units.length === 1 ? '' : 's'})`, [
      ['Add', `Add ${a.name} to the board as ${side.value}`, () => addArmy(a), 'secondary small'],
      ['✕', `Delete ${a.name}`, () => { saveLibrary({ ...library, armies: library.armies.filter((x) => x !== a) }, `Deleted ${a.name}.`, { deleted: 1 }); }, 'icon small'],
    ]));
    const codices = library.codices.filter((c) => c.system === system).map((c) => row(c.name, [
      ['Use', `Use ${c.name} for the next new unit`, () => useCodex(c), 'secondary small'],
      ['✕', `Delete ${c.name}`, () => { saveLibrary({ ...library, codices: library.codices.filter((x) => x !== c) }, `Deleted ${c.name}.`, { deleted: 1 }); }, 'icon small'],
    ]));
    rebuild($('army-list'), armies.length ? armies : [el('li', 'None saved for this game yet.', 'muted')]);
    rebuild($('codex-list'), codices.length ? codices : [el('li', 'None saved for this game yet.', 'muted')]);
    // what can be brought back: the position a link replaced, the libraries before the last saves
    const earlier = [];
    const before = positionBefore();
    if (before) earlier.push(row(`Your ${before.game} position before the link of ${when(before.at)}: ${plural(before.units, 'unit', 'units')}`, [['Restore', 'Restore your position from before the link', before.restore, 'secondary small']]));
    const counted = new Map();
    for (const b of backups().reverse()) {
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

  // What a kept library holds, in words; worked out once per copy (the panel is drawn on every change).
  let summaries = new Map();
  function summary(text) {
    try {
      const { library: l } = readLibrary(JSON.parse(text));
      return `${plural(l.armies.length, 'army', 'armies')}, ${plural(l.codices.length, 'unit', 'units')}`;
    } catch { return 'unreadable'; } // restoring it sets it aside
  }

  // An earlier library brought back whole (every game's entries); the one it replaces becomes a backup.
  function restoreLibrary(b) {
    let lib;
    try {
      const read = readLibrary(JSON.parse(b.text));
      lib = read.library;
      if (!quarantine(read.rejected)) throw new Error('full');
    } catch {
      $('library-note').textContent = 'Nothing restored: that copy could not be read.';
      return;
    }
    saveLibrary(lib, `Restored the library${b.at ? ` of ${when(b.at)}` : ''}: ${plural(lib.armies.length, 'army', 'armies')}, ${plural(lib.codices.length, 'unit', 'units')} (the one it replaced is kept under Earlier versions).`, { restore: true });
  }

  $('save-army').addEventListener('click', () => {
    const side = $('army-side').value;
    const name = $('army-name').value.trim() || side;
    const units = doc().units.filter((u) => u.side === side).map((u) => { const c = JSON.parse(JSON.stringify(u)); delete c.side; return c; });
    if (!units.length) { $('library-note').textContent = `${side} has no units to save.`; return; }
    const next = copyLibrary(library);
    try {
      const army = checkLibrary({ format: LIBRARY_FORMAT, version: 1, armies: [{ system: store.state.system, name, units }] }).armies[0];
      mergeLibrary(next, { armies: [army], codices: [] });
    } catch (e) { $('library-note').textContent = `Not saved: ${e instanceof ShareError ? e.message : 'it could not be checked'}.`; return; }
    const replaced = library.armies.some((a) => a.system === store.state.system && a.name === name);
    if (saveLibrary(next, `Saved ${name}: ${plural(units.length, 'unit', 'units')}${replaced ? ' (in place of the army of that name: the earlier one is under Earlier versions)' : ''}.`)) $('army-name').value = '';
  });
  $('save-codex').addEventListener('click', () => {
    const u = unitById(ui.selected);
    if (!u) return;
    const next = copyLibrary(library);
    try {
      const unit = checkUnit(store.state.system, u, 'unit', { positioned: false });
      mergeLibrary(next, { armies: [], codices: [{ system: store.state.system, name: u.id, unit }] });
    } catch (e) { $('library-note').textContent = `Not saved: ${e instanceof ShareError ? e.message : 'it could not be checked'}.`; return; }
    const replaced = library.codices.some((c) => c.system === store.state.system && c.name === u.id);
    saveLibrary(next, `Saved the unit ${u.id}${replaced ? ' (in place of the unit of that name: the earlier one is under Earlier versions)' : ''}.`);
  });

  // Add on an army waits for the board: the next tap there (on a unit: beside it) places the army's
  // units on the free spots nearest that point, as a player puts an army down where it is to go;
  // Enter on the board places it in the middle of the view; Escape or Cancel puts it away.
  function addArmy(a) {
    const side = $('army-side').value;
    const done = (text) => {
      store.setPlacing(null);
      $('army-place').hidden = true;
      $('library-note').textContent = text;
    };
    store.setPlacing({
      army: a.name, system: store.state.system,
      at(near) {
        const added = [];
        store.edit((d) => {
          for (const u of a.units) {
            const v = { ...JSON.parse(JSON.stringify(u)), side, id: uniqueId(d, u.id) };
            placeFree(d, v, near); // never on another unit
            d.units.push(v);
            added.push(v.id);
          }
        });
        done(`Added ${a.name} as ${side}: ${added.join(', ')}.`);
      },
      middle() { this.at(viewMiddle()); },
      cancel() { done(`${a.name} was not added.`); },
    });
    setTool('move');
    showBoard(); // the tap that places it is on the board, which the whole-screen panel covered
    $('army-place-text').textContent = `Tap the board where ${a.name} (${a.units.length} unit${a.units.length === 1 ? '' : 's'}, ${side}) should go.`;
    $('army-place').hidden = false;
    $('library-note').textContent = '';
  }
  $('army-place-cancel').addEventListener('click', () => ui.placing?.cancel());
  document.addEventListener('keydown', (e) => { if (e.key === 'Escape' && ui.placing) { ui.placing.cancel(); e.preventDefault(); } });
  function useCodex(c) {
    store.setTemplate(store.state.system, { ...JSON.parse(JSON.stringify(c.unit)), id: c.name });
    store.select(null);
    $('units-panel').open = true;
    refreshNow();
    $('library-note').textContent = `The new-unit form holds ${c.name}: press Add unit.`;
  }

  $('export-library').addEventListener('click', () => {
    const blob = new Blob([JSON.stringify(library, null, 2)], { type: 'application/json' });
    const a = el('a');
    a.href = URL.createObjectURL(blob);
    a.download = 'movecalc-armies.json';
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    $('library-note').textContent = `Exported ${library.armies.length} armies and ${library.codices.length} units.`;
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
      const next = copyLibrary(library);
      const { added, same, renamed } = importLibrary(next, incoming);
      // nothing saved is replaced: an entry whose name is taken is kept beside it under a new name
      const said = [added ? `Imported ${plural(added, 'item', 'items')} from ${file.name}.` : `Nothing new in ${file.name}:`];
      if (renamed.length) said.push(`Names already taken, both kept: ${renamed.map(([was, now]) => `“${was}” imported as “${now}”`).join(', ')}.`);
      if (same) said.push(`${same === 1 ? '1 item was' : `${same} items were`} saved already.`);
      if (added) saveLibrary(next, said.join(' '));
      else $('library-note').textContent = said.join(' ');
    } catch (err) {
      $('library-note').textContent = `Nothing imported: ${err instanceof ShareError ? err.message : 'the file could not be read'}.`;
    }
  });
  window.addEventListener('storage', async (e) => {
    if (e.key !== LIBRARY_KEY) return;
    // another tab saved entries of a game not loaded here: read once its rules are (else on the next change)
    try { await loadGames(gamesNamedIn(e.newValue)); } catch { return; }
    library = loadLibrary();
    renderPanel('library-panel');
  });

  return { render: renderLibrary, library: () => library, backups };
}
