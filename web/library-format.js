// Saved armies and codices (localStorage and files): the library's format and its checks, with
// the Armies panel (library.js), fetched when that panel first opens. No DOM here, so Node tests it.
import { SYSTEMS, SYSTEM_IDS } from './model.js';
import { LIMITS, ShareError, checkUnit, fail, at, str, array, obj } from './share.js';

export const LIBRARY_FORMAT = 'movecalc-library';
export const LIBRARY_MAX_ITEMS = 500;
export const emptyLibrary = () => ({ format: LIBRARY_FORMAT, version: 1, armies: [], codices: [] });

/**
 * A library from storage or a file, checked entry by entry: `{library, rejected}`, the entries that
 * pass and, for each that does not, `{kind, index, entry, reason}` (an entry past the limit of
 * LIBRARY_MAX_ITEMS too). Throws ShareError only when the value is no library at all. Armies:
 * `{system, name, units}` (units positioned, their side dropped); codices: `{system, name, unit}`
 * (a unit profile without position).
 */
export function readLibrary(value) {
  obj(value, 'file');
  if (value.format !== LIBRARY_FORMAT) at('format', `must be "${LIBRARY_FORMAT}" (this is not a movecalc army file)`);
  if (value.version !== 1) at('version', 'must be 1');
  const system = (v, p) => (typeof v === 'string' && Object.hasOwn(SYSTEMS, v) ? v : at(p, `must be one of ${SYSTEM_IDS.join(', ')}`));
  const entry = {
    armies: (a, p) => {
      obj(a, p);
      const id = system(a.system, `${p}.system`);
      const units = array(a.units, `${p}.units`, LIBRARY_MAX_ITEMS).map((u, j) => {
        const c = checkUnit(id, { ...u, side: 'x' }, `${p}.units[${j}]`);
        delete c.side;
        return c;
      });
      return { system: id, name: str(a.name, `${p}.name`), units };
    },
    codices: (c, p) => {
      obj(c, p);
      const id = system(c.system, `${p}.system`);
      return { system: id, name: str(c.name, `${p}.name`), unit: checkUnit(id, c.unit, `${p}.unit`, { positioned: false }) };
    },
  };
  const library = emptyLibrary();
  const rejected = [];
  for (const kind of ['armies', 'codices']) {
    const list = value[kind] ?? [];
    if (!Array.isArray(list)) { rejected.push({ kind, index: -1, entry: list, reason: `${kind}: must be a list` }); continue; }
    list.forEach((item, index) => {
      try {
        if (library[kind].length >= LIBRARY_MAX_ITEMS) fail(`${kind}[${index}]: more than ${LIBRARY_MAX_ITEMS} saved ${kind}`);
        library[kind].push(entry[kind](item, `${kind}[${index}]`));
      } catch (err) {
        if (!(err instanceof ShareError)) throw err;
        rejected.push({ kind, index, entry: item, reason: err.message });
      }
    });
  }
  return { library, rejected };
}

/** A library from a file → the checked library, or ShareError naming its first bad entry. */
export function checkLibrary(value) {
  const { library, rejected } = readLibrary(value);
  if (rejected.length) fail(rejected[0].reason);
  return library;
}

/** The entries of a library (armies and saved units). */
export const libraryCount = (lib) => lib.armies.length + lib.codices.length;

/**
 * Adds the entries of a file to `lib` without replacing any: an entry saved already (same game and
 * content, under its name or a name an import gave it) is left; one whose game and name are taken by
 * another is kept beside it renamed "name (imported)" ("(imported 2)", …). Returns `{added, same, renamed: [[name, new name]]}`.
 * When that would pass a limit it throws ShareError and `lib` is unchanged.
 */
export function importLibrary(lib, incoming) {
  const next = { armies: [...lib.armies], codices: [...lib.codices] };
  const out = { added: 0, same: 0, renamed: [] };
  for (const kind of ['armies', 'codices']) {
    const taken = new Map(next[kind].map((x) => [JSON.stringify([x.system, x.name]), x]));
    for (const item of incoming[kind]) {
      const key = (name) => JSON.stringify([item.system, name]);
      const content = JSON.stringify({ ...item, name: '' });
      // the first of its name and "(imported k)" names that is free, unless one holds this very entry
      let name = item.name, same = false;
      for (let k = 1; taken.has(key(name)) && !same; k++) {
        same = JSON.stringify({ ...taken.get(key(name)), name: '' }) === content;
        if (!same) name = importedName(item.name, k);
      }
      if (same) { out.same++; continue; }
      const entry = name === item.name ? item : { ...item, name };
      if (entry !== item) out.renamed.push([item.name, name]);
      next[kind].push(entry);
      taken.set(key(name), entry);
      out.added++;
    }
    if (next[kind].length > LIBRARY_MAX_ITEMS) fail(`the library holds at most ${LIBRARY_MAX_ITEMS} saved ${kind === 'armies' ? 'armies' : 'units'}`);
  }
  lib.armies = next.armies;
  lib.codices = next.codices;
  return out;
}

// "name (imported)", "name (imported 2)", …, the name shortened so that it stays within the
// length a stored name may have (a longer one would be set aside on the next read).
function importedName(name, k) {
  const tail = k === 1 ? ' (imported)' : ` (imported ${k})`;
  const chars = [...name];
  const bytes = (t) => new TextEncoder().encode(t).length;
  while (chars.length > 1 && bytes(chars.join('') + tail) > LIMITS.string) chars.pop();
  return chars.join('') + tail;
}

/**
 * Adds (or replaces, by system and name) entries of `incoming` into `lib`; returns the count. When
 * that would pass a limit it throws ShareError and `lib` is unchanged.
 */
export function mergeLibrary(lib, incoming) {
  const next = { armies: [...lib.armies], codices: [...lib.codices] };
  let n = 0;
  for (const kind of ['armies', 'codices']) {
    for (const item of incoming[kind]) {
      const i = next[kind].findIndex((x) => x.system === item.system && x.name === item.name);
      if (i >= 0) next[kind][i] = item; else next[kind].push(item);
      n++;
    }
    if (next[kind].length > LIBRARY_MAX_ITEMS) fail(`the library holds at most ${LIBRARY_MAX_ITEMS} saved ${kind === 'armies' ? 'armies' : 'units'}`);
  }
  lib.armies = next.armies;
  lib.codices = next.codices;
  return n;
}
