// The page's checks of what comes from outside, without a browser (issue 20): names are looked up
// as own properties only ("constructor" is no game, query or setting), text with a lone surrogate
// is refused with a message at the page's check (the engine would only say bad_json), and the saved
// library is read entry by entry, a limit refusing the new entry and changing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createStore, buildRequest, defaultDoc, own, SYSTEMS, SYSTEM_IDS } from '../../web/model.js';
import { checkPosition, checkUnit, ShareError } from '../../web/share.js';
import { readLibrary, checkLibrary, mergeLibrary, libraryCount, emptyLibrary, LIBRARY_FORMAT, LIBRARY_MAX_ITEMS } from '../../web/library-format.js';

const LONE = 'Spear\uD800men';
const army = (name, x = 1) => ({ system: 'ninth-age', name, units: [{ id: 'A', x, y: 2, facing: 0 }] });
const lib = (armies, codices = []) => ({ format: LIBRARY_FORMAT, version: 1, armies, codices });

test('"constructor", "__proto__" and "toString" are not taken for a game, a query or a setting', () => {
  for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    assert.throws(() => checkPosition({ system: name }), (e) => e instanceof ShareError && /^system: must be one of/.test(e.message), name);
    assert.throws(() => checkPosition({ request: { system: name, query: 'move' } }), (e) => e instanceof ShareError && /^request\.system/.test(e.message), name);
    assert.throws(() => checkPosition({ system: 'ninth-age', query: name }), (e) => e instanceof ShareError && /^query: must be one of/.test(e.message), name);
    assert.equal(own({}, name), undefined);
    // a saved state naming it shows the first game, and a saved query naming it the system's first query
    const store = createStore({ system: name, docs: { 'ninth-age': { ...defaultDoc('ninth-age'), query: name } } });
    assert.equal(store.state.system, SYSTEM_IDS[0]);
    assert.equal(buildRequest('ninth-age', store.state.docs['ninth-age']).query, Object.keys(SYSTEMS['ninth-age'].queries)[0]);
    const { rejected } = readLibrary(lib([{ ...army('x'), system: name }]));
    assert.match(rejected[0].reason, /^armies\[0\]\.system: must be one of/);
  }
  assert.equal(own({ a: 1 }, 'a'), 1);
});

test('ids, names and keys holding a lone surrogate are refused with a message naming where', () => {
  const doc = defaultDoc('ninth-age');
  const with_ = (f) => { const d = JSON.parse(JSON.stringify({ system: 'ninth-age', ...doc })); f(d); return d; };
  const cases = [
    [with_((d) => { d.units[0].id = LONE; }), /^units\[0\]\.id: holds a lone surrogate/],
    [with_((d) => { d.sides[1].name = LONE; }), /^sides\[1\]\.name: holds a lone surrogate/],
    [with_((d) => { d.units[1].side = '\uDC00'; }), /^units\[1\]\.side: holds a lone surrogate/],
    [{ request: { system: 'godsgloom', query: 'reach', unit: 'u', units: [{ id: 'u', side: `a${'\uDBFF'}`, q: 0, r: 0, facing: 0, speed: 2 }], board: { cols: 3, rows: 3 } } }, /^sides\[0\]\.name: holds a lone surrogate/],
  ];
  for (const [payload, why] of cases) assert.throws(() => checkPosition(payload), (e) => e instanceof ShareError && why.test(e.message), String(why));
  assert.throws(() => checkUnit('godsgloom', { id: 'g', side: 's', q: 0, r: 0, tokens: [LONE] }), /tokens\[0\]: holds a lone surrogate/);
  // a well-formed pair is a character, and passes
  assert.equal(checkPosition(with_((d) => { d.units[0].id = 'Wolf \uD83D\uDC3A'; })).doc.units[0].id, 'Wolf \uD83D\uDC3A');
  const { library, rejected } = readLibrary(lib([army('Good'), army(LONE), army('Also good')]));
  assert.deepEqual(library.armies.map((a) => a.name), ['Good', 'Also good']);
  assert.match(rejected[0].reason, /^armies\[1\]\.name: holds a lone surrogate/);
});

test('a saved library is read entry by entry: one bad entry is set aside, the others kept', () => {
  const value = lib([army('First'), army('Broken', 'not a number'), army('Third')], [{ system: 'ninth-age', name: 'Hero', unit: { width: 1 } }, 'junk']);
  const { library, rejected } = readLibrary(value);
  assert.deepEqual(library.armies.map((a) => a.name), ['First', 'Third']);
  assert.deepEqual(library.codices.map((c) => c.name), ['Hero']);
  assert.deepEqual(rejected.map((r) => [r.kind, r.index]), [['armies', 1], ['codices', 1]]);
  assert.match(rejected[0].reason, /^armies\[1\]\.units\[0\]\.x: must be a finite number/);
  assert.deepEqual(rejected[0].entry, value.armies[1], 'the bad entry is kept as it was, to be set aside');
  // a file is refused whole, naming its first bad entry
  assert.throws(() => checkLibrary(value), /armies\[1\]\.units\[0\]\.x/);
  // not a library at all: the only case read as nothing
  assert.throws(() => readLibrary({ format: 'other' }), (e) => e instanceof ShareError && /^format:/.test(e.message));
  // entries past the limit are set aside one by one, the first LIBRARY_MAX_ITEMS kept
  const many = readLibrary(lib(Array.from({ length: LIBRARY_MAX_ITEMS + 2 }, (_, i) => army(`A${i}`))));
  assert.equal(many.library.armies.length, LIBRARY_MAX_ITEMS);
  assert.deepEqual(many.rejected.map((r) => r.index), [LIBRARY_MAX_ITEMS, LIBRARY_MAX_ITEMS + 1]);
});

test('a save past the limit refuses the new entry and changes nothing', () => {
  const full = checkLibrary(lib(Array.from({ length: LIBRARY_MAX_ITEMS }, (_, i) => army(`A${i}`))));
  const before = JSON.stringify(full);
  assert.throws(() => mergeLibrary(full, { armies: [checkLibrary(lib([army('One more')])).armies[0]], codices: [] }),
    (e) => e instanceof ShareError && e.message === `the library holds at most ${LIBRARY_MAX_ITEMS} saved armies`);
  assert.equal(JSON.stringify(full), before, 'the library is unchanged');
  // replacing an entry by the same name is no new entry: it passes at the limit
  assert.equal(mergeLibrary(full, { armies: [checkLibrary(lib([army('A7', 5)])).armies[0]], codices: [] }), 1);
  assert.equal(libraryCount(full), LIBRARY_MAX_ITEMS);
  assert.equal(full.armies.find((a) => a.name === 'A7').units[0].x, 5);
  assert.equal(libraryCount(emptyLibrary()), 0);
});
