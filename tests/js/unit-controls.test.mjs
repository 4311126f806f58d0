// The units' controls over the board (web/unit-controls.js, issue 31): each unit's name and place
// in words, as a screen reader says it and a test finds it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { unitName } from '../../web/unit-controls.js';
import { toAxial } from '../../web/hex.js';
import { trayKinds, trayName } from '../../web/unit-tray.js';

test('a hex unit is named with its column, row and facing', () => {
  // column 4, row 6 (offset coordinates, odd rows shoved right): axial q = 4 - 3 = 1
  assert.deepEqual(toAxial(4, 6), { q: 1, r: 6 });
  assert.equal(unitName({ id: 'Shieldwall', q: 1, r: 6, facing: 0 }, { hexBoard: true }), 'Shieldwall, col 4 row 6, facing 0');
  assert.equal(unitName({ id: 'Scouts', q: 1, r: 6 }, { hexBoard: true }), 'Scouts, col 4 row 6', 'no facing, none said');
});

test('a table unit is named with its place in its game’s length unit and its facing', () => {
  assert.equal(unitName({ id: 'Knights', x: 42, y: 16, facing: 90 }, { hexBoard: false, lengthUnit: 'inch' }), 'Knights, x 42″ y 16″, facing 90');
  assert.equal(unitName({ id: 'Legion', x: 14.04, y: 8.96, facing: 20 }, { hexBoard: false, lengthUnit: 'step' }), 'Legion, x 14 y 9 steps, facing 20', 'to a tenth');
});

test('the unit tray offers each game’s unit kinds, a sized one left to the form, and names a unit after its kind', async () => {
  const { SYSTEMS, SYSTEM_IDS } = await import('../../web/model.js');
  for (const id of SYSTEM_IDS) {
    const game = SYSTEMS[id], kinds = trayKinds(game);
    assert.ok(kinds.length >= 1, id);
    assert.ok(kinds.every((k) => k.value !== 'custom'), `${id}: width × depth is typed in the form`);
    assert.equal(new Set(kinds.map((k) => trayName(game, k))).size, kinds.length, `${id}: each kind its own name`);
  }
  // Arcane Legions' bases (AL-LAT-1): a formation (2 × 1) and a sortie (1 × 1)
  const al = SYSTEMS['arcane-legions'];
  assert.deepEqual(trayKinds(al).map((k) => [k.label, k.profile.base]), [['formation', 'formation'], ['sortie', 'sortie']]);
  assert.deepEqual(trayKinds(al).map((k) => trayName(al, k)), ['Formation', 'Sortie']);
  // C&C names a unit by its type (its newUnitName)
  const cc = SYSTEMS['cc-ancients'], kinds = trayKinds(cc);
  assert.equal(trayName(cc, kinds.find((k) => k.value === 'heavy infantry')), 'Heavy infantry');
});

test('the unit tray offers first the kinds the position uses, the most used first, then the rest in the game’s order', async () => {
  const { SYSTEMS } = await import('../../web/model.js');
  const cc = SYSTEMS['cc-ancients'], all = trayKinds(cc).map((k) => k.value);
  const units = [{ type: 'leader' }, { type: 'medium cavalry' }, { type: 'leader' }, { type: 'light infantry' }];
  const first = trayKinds(cc, units).map((k) => k.value);
  // two leaders, then one each of medium cavalry and light infantry in the game's order (light infantry is its first)
  assert.deepEqual(first.slice(0, 3), ['leader', 'light infantry', 'medium cavalry']);
  assert.deepEqual(first.slice(3), all.filter((v) => !['leader', 'light infantry', 'medium cavalry'].includes(v)), 'the rest as the game lists them');
  assert.deepEqual(trayKinds(cc, [{ type: 'no such type' }]).map((k) => k.value), all, 'a kind the game lacks moves nothing');
});
