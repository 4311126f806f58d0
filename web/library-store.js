// The saved library in the browser's storage (the Armies panel, library.js): read entry by entry,
// bad entries set aside, earlier libraries kept, a save refused rather than a loss. `storage`: an
// object with localStorage's getItem, setItem and removeItem, each of which may throw (storage off
// or full). No DOM here, so Node tests it.
import { LIBRARY_KEY, QUARANTINE_KEY, BACKUPS_KEY, OLD_BACKUP_KEY } from './library-keys.js';
import { ShareError } from './share.js';
import { readLibrary, libraryCount, emptyLibrary } from './library-format.js';

/** How many earlier libraries are kept (each can be restored from the panel). */
export const LIBRARY_BACKUPS = 5;
export const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// The saved library (armies and units) is checked entry by entry: an entry that fails is set aside
// under QUARANTINE_KEY and named in the panel, never the whole library. A save adds the previous
// library to the last LIBRARY_BACKUPS kept under BACKUPS_KEY first, and never writes a smaller
// library than the one stored unless the user deleted entries or restored an earlier one; a save
// that would pass a limit or that the browser refuses changes nothing.

/** The stored library: its good entries, and the bad ones (or the whole text when it is no library). */
function storedLibrary(storage) {
  let raw = null;
  try { raw = storage.getItem(LIBRARY_KEY); } catch { /* storage off: an empty library */ }
  if (raw === null) return { raw, library: emptyLibrary(), rejected: [] };
  try {
    return { raw, ...readLibrary(JSON.parse(raw)) };
  } catch (err) {
    const reason = err instanceof ShareError ? err.message : 'not JSON';
    return { raw, library: emptyLibrary(), rejected: [{ kind: 'library', index: -1, entry: raw, reason: `the whole library: ${reason}` }] };
  }
}

/** Adds entries to the quarantine (once each); false when the browser would not store them. */
function quarantine(storage, rejected) {
  if (!rejected.length) return true;
  try {
    let kept = [];
    try { kept = JSON.parse(storage.getItem(QUARANTINE_KEY)) ?? []; } catch { /* unreadable: started again, as a list */ }
    if (!Array.isArray(kept)) kept = [kept];
    const seen = new Set(kept.map((k) => JSON.stringify(k?.entry)));
    for (const r of rejected) if (!seen.has(JSON.stringify(r.entry))) kept.push({ kind: r.kind, reason: r.reason, entry: r.entry });
    storage.setItem(QUARANTINE_KEY, JSON.stringify(kept));
    return true;
  } catch { return false; }
}

/** The stored library's good entries, its bad ones set aside (`{library, rejected}`). */
export function loadLibrary(storage) {
  const { library, rejected } = storedLibrary(storage);
  quarantine(storage, rejected);
  return { library, rejected };
}

/** An earlier library's text read for a restore, its bad entries set aside; null when it cannot be read or they cannot be kept. */
export function restorable(storage, text) {
  try {
    const read = readLibrary(JSON.parse(text));
    return quarantine(storage, read.rejected) ? read.library : null;
  } catch { return null; }
}

/** The earlier libraries kept, oldest first (`[{at, text}]`); an unreadable list counts as none. */
export function backups(storage) {
  let list = [];
  try { list = JSON.parse(storage.getItem(BACKUPS_KEY)) ?? []; } catch { /* unreadable: none */ }
  list = Array.isArray(list) ? list.filter((b) => typeof b?.text === 'string' && Number.isFinite(b.at)) : [];
  let old = null;
  try { old = storage.getItem(OLD_BACKUP_KEY); } catch { /* storage off */ }
  if (old !== null && !list.some((b) => b.text === old)) list.unshift({ at: 0, text: old });
  return list;
}

// Adds `raw` (the library about to be replaced, at time `now`) to the backups, dropping the oldest
// beyond LIBRARY_BACKUPS, and more of the oldest while the browser will not store them; false when
// it will not store even this one (the save is then refused: the library it replaces would have no copy).
function keepBackup(storage, raw, now) {
  const list = backups(storage);
  if (list.at(-1)?.text !== raw) list.push({ at: now, text: raw });
  while (list.length > LIBRARY_BACKUPS) list.shift();
  for (;;) {
    try {
      storage.setItem(BACKUPS_KEY, JSON.stringify(list));
      try { storage.removeItem(OLD_BACKUP_KEY); } catch { /* kept in the list now */ }
      return true;
    } catch {
      if (list.length <= 1) return false;
      list.shift();
    }
  }
}

/**
 * Stores `next` as the library (the one it replaces kept as a backup of time `now`): `{saved: true}`,
 * or `{saved: false, why}` with nothing changed (and `stored`, the library stored, when it holds
 * more than `next` would keep: another tab saved meanwhile). `deleted`: entries the user deleted;
 * `restore`: an earlier library brought back (the only ways the stored library gets smaller).
 */
export function writeLibrary(storage, next, { deleted = 0, restore = false, now = Date.now() } = {}) {
  const stored = storedLibrary(storage);
  if (!restore && libraryCount(next) < libraryCount(stored.library) - deleted) {
    return { saved: false, stored: stored.library, why: 'Nothing saved: the library stored in this browser holds entries this page did not show. They are shown now; try again.' };
  }
  if (!quarantine(storage, stored.rejected)) return { saved: false, why: 'Nothing saved: this browser would not keep the entries that could not be read (storage full).' };
  const text = JSON.stringify(next);
  if (stored.raw !== null && stored.raw !== text && !keepBackup(storage, stored.raw, now)) {
    return { saved: false, why: 'Nothing saved: this browser would not keep a copy of the library as it was (storage full).' };
  }
  try {
    storage.setItem(LIBRARY_KEY, text);
  } catch {
    return { saved: false, why: 'Nothing saved: this browser would not store it (private mode or storage full).' };
  }
  return { saved: true };
}

/** What a kept library's text holds, in words. */
export function summary(text) {
  try {
    const { library: l } = readLibrary(JSON.parse(text));
    return `${plural(l.armies.length, 'army', 'armies')}, ${plural(l.codices.length, 'unit', 'units')}`;
  } catch { return 'unreadable'; } // restoring it sets it aside
}

/** What an import of file `file` said (`importLibrary`'s count of entries `added`, `same` and `renamed`). */
export function importWords(file, { added, same, renamed }) {
  // nothing saved is replaced: an entry whose name is taken is kept beside it under a new name
  const said = [added ? `Imported ${plural(added, 'item', 'items')} from ${file}.` : `Nothing new in ${file}:`];
  if (renamed.length) said.push(`Names already taken, both kept: ${renamed.map(([was, now]) => `“${was}” imported as “${now}”`).join(', ')}.`);
  if (same) said.push(`${same === 1 ? '1 item was' : `${same} items were`} saved already.`);
  return said.join(' ');
}
