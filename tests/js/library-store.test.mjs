// The saved library in the browser's storage (web/library-store.js), over a storage kept in a Map:
// bad entries set aside, earlier libraries kept, a save that would lose entries refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadLibrary, restorable, backups, writeLibrary, summary, importWords, LIBRARY_BACKUPS } from '../../web/library-store.js';
import { LIBRARY_KEY, QUARANTINE_KEY, BACKUPS_KEY, OLD_BACKUP_KEY } from '../../web/library-keys.js';
import { LIBRARY_FORMAT } from '../../web/library-format.js';

const army = (name) => ({ system: 'ninth-age', name, units: [{ id: 'A', x: 1, y: 2, facing: 0 }] });
const lib = (armies, codices = []) => ({ format: LIBRARY_FORMAT, version: 1, armies, codices });
/** A storage as localStorage's; `full(key)`: true where a write of that key is refused. */
function storage(items = {}, full = () => false) {
  const m = new Map(Object.entries(items));
  return { m, getItem: (k) => m.get(k) ?? null, setItem: (k, v) => { if (full(k, v)) throw new Error('full'); m.set(k, String(v)); }, removeItem: (k) => m.delete(k) };
}

test('a stored library is read entry by entry: a bad one is set aside once under the quarantine key, the rest kept', () => {
  const s = storage({ [LIBRARY_KEY]: JSON.stringify(lib([army('Good'), { system: 'nowhere', name: 'Bad', units: [] }])) });
  const { library, rejected } = loadLibrary(s);
  assert.deepEqual(library.armies.map((a) => a.name), ['Good']);
  assert.equal(rejected.length, 1);
  loadLibrary(s);
  const kept = JSON.parse(s.m.get(QUARANTINE_KEY));
  assert.equal(kept.length, 1, 'read twice, set aside once');
  assert.equal(kept[0].entry.name, 'Bad');
});

test('a stored text that is no library is set aside whole; none stored is an empty library', () => {
  const s = storage({ [LIBRARY_KEY]: '{nope' });
  const { library, rejected } = loadLibrary(s);
  assert.equal(library.armies.length + library.codices.length, 0);
  assert.deepEqual([rejected[0].entry, rejected[0].reason], ['{nope', 'the whole library: not JSON']);
  assert.deepEqual(loadLibrary(storage()).rejected, []);
});

test('a save keeps the library it replaces, with its time, as the newest backup; the first save has none to keep', () => {
  const s = storage();
  assert.deepEqual(writeLibrary(s, lib([army('One')]), { now: 10 }), { saved: true });
  assert.deepEqual(backups(s), []);
  const first = s.m.get(LIBRARY_KEY);
  assert.deepEqual(writeLibrary(s, lib([army('One'), army('Two')]), { now: 20 }), { saved: true });
  assert.deepEqual(backups(s), [{ at: 20, text: first }]);
  assert.deepEqual(JSON.parse(s.m.get(LIBRARY_KEY)).armies.map((a) => a.name), ['One', 'Two']);
});

test('only the last LIBRARY_BACKUPS libraries are kept, the oldest dropped first', () => {
  const s = storage();
  for (let n = 1; n <= LIBRARY_BACKUPS + 3; n++) writeLibrary(s, lib(Array.from({ length: n }, (_, i) => army(`A${i}`))), { now: n });
  // saves 2 to LIBRARY_BACKUPS + 3 each kept the one before: the last LIBRARY_BACKUPS of them stay
  assert.deepEqual(backups(s).map((b) => b.at), [4, 5, 6, 7, 8]);
});

test('the one library kept by earlier builds counts as the oldest backup, and goes into the list on the next save', () => {
  const old = JSON.stringify(lib([army('Old')]));
  const s = storage({ [OLD_BACKUP_KEY]: old, [LIBRARY_KEY]: JSON.stringify(lib([army('Now')])) });
  assert.deepEqual(backups(s), [{ at: 0, text: old }]);
  writeLibrary(s, lib([army('Now'), army('Next')]), { now: 5 });
  assert.equal(s.m.has(OLD_BACKUP_KEY), false);
  assert.deepEqual(backups(s).map((b) => b.at), [0, 5]);
});

test('a save that would leave out entries stored by another tab changes nothing and gives the stored library back', () => {
  const s = storage({ [LIBRARY_KEY]: JSON.stringify(lib([army('Mine'), army('Other tab')])) });
  const before = s.m.get(LIBRARY_KEY);
  const out = writeLibrary(s, lib([army('Mine')]));
  assert.equal(out.saved, false);
  assert.deepEqual(out.stored.armies.map((a) => a.name), ['Mine', 'Other tab']);
  assert.equal(s.m.get(LIBRARY_KEY), before);
  // one deleted by the user, or an earlier library restored, may be smaller
  assert.equal(writeLibrary(s, lib([army('Mine')]), { deleted: 1 }).saved, true);
  assert.equal(writeLibrary(s, lib([]), { restore: true }).saved, true);
});

test('a save the browser refuses changes nothing: the backup it needs, or the library itself', () => {
  const stored = JSON.stringify(lib([army('Kept')]));
  const noBackups = storage({ [LIBRARY_KEY]: stored }, (k) => k === BACKUPS_KEY);
  assert.match(writeLibrary(noBackups, lib([army('Kept'), army('New')])).why, /would not keep a copy of the library as it was/);
  assert.equal(noBackups.m.get(LIBRARY_KEY), stored);
  const noLibrary = storage({ [LIBRARY_KEY]: stored }, (k) => k === LIBRARY_KEY);
  assert.match(writeLibrary(noLibrary, lib([army('Kept'), army('New')])).why, /would not store it/);
  assert.equal(noLibrary.m.get(LIBRARY_KEY), stored);
});

test('with room for fewer backups, the oldest are dropped until the list is stored', () => {
  const s = storage();
  for (let n = 1; n <= 4; n++) writeLibrary(s, lib(Array.from({ length: n }, (_, i) => army(`A${i}`))), { now: n });
  assert.deepEqual(backups(s).map((b) => b.at), [2, 3, 4]);
  // the list of the next save would hold 4: only 2 fit
  const tight = storage(Object.fromEntries(s.m), (k, v) => k === BACKUPS_KEY && JSON.parse(v).length > 2);
  assert.equal(writeLibrary(tight, lib(Array.from({ length: 5 }, (_, i) => army(`A${i}`))), { now: 5 }).saved, true);
  assert.deepEqual(backups(tight).map((b) => b.at), [4, 5]);
});

test('a kept library is summed up in words, and read for a restore; one that cannot be read is neither', () => {
  const text = JSON.stringify(lib([army('One')], [{ system: 'ninth-age', name: 'U', unit: { id: 'U' } }, { system: 'ninth-age', name: 'V', unit: { id: 'V' } }]));
  assert.equal(summary(text), '1 army, 2 units');
  assert.equal(summary('nope'), 'unreadable');
  assert.deepEqual(restorable(storage(), text).armies.map((a) => a.name), ['One']);
  assert.equal(restorable(storage(), 'nope'), null);
});

test('an import says what it added, what names were taken and what was saved already', () => {
  assert.equal(importWords('a.json', { added: 2, same: 1, renamed: [['X', 'X (2)']] }),
    'Imported 2 items from a.json. Names already taken, both kept: “X” imported as “X (2)”. 1 item was saved already.');
  assert.equal(importWords('a.json', { added: 0, same: 3, renamed: [] }), 'Nothing new in a.json: 3 items were saved already.');
});
