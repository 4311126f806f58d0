// A first view with nothing asked (The Ninth Age's charge without a charger) frames the drag a first
// touch makes, as the play hint says it ("Drag a unit onto an enemy"): the first unit onto the enemy
// nearest it (scene.js firstDrag), centre to centre; its own side's units are not enemies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadGames, SYSTEMS, SYSTEM_IDS } from '../../web/model.js';
import { firstDrag } from '../../web/scene.js';

await loadGames(SYSTEM_IDS);
const TABLE = SYSTEM_IDS.find((id) => SYSTEMS[id].board !== 'hex'), HEX = SYSTEM_IDS.find((id) => SYSTEMS[id].board === 'hex');
const doc = (units) => ({ units });

test('on a table: the first unit and the enemy nearest it (7.07″ away, not 10″), not the friend 1″ away', () => {
  const d = doc([
    { id: 'A', side: 'X', x: 0, y: 0 }, { id: 'B', side: 'X', x: 1, y: 0 },
    { id: 'C', side: 'Y', x: 10, y: 0 }, { id: 'D', side: 'Y', x: 5, y: 5 },
  ]);
  assert.deepEqual(firstDrag(TABLE, d), { unit: 'A', target: 'D' });
});

test('on hexes: by hex centres (axial (2,0) is 2 hexes off, (0,3) is 3)', () => {
  const d = doc([{ id: 'A', side: 'X', q: 0, r: 0 }, { id: 'C', side: 'Y', q: 0, r: 3 }, { id: 'D', side: 'Y', q: 2, r: 0 }]);
  assert.deepEqual(firstDrag(HEX, d), { unit: 'A', target: 'D' });
});

test('with no enemy the first unit alone; with no unit nothing', () => {
  assert.deepEqual(firstDrag(TABLE, doc([{ id: 'A', side: 'X', x: 0, y: 0 }, { id: 'B', side: 'X', x: 1, y: 0 }])), { unit: 'A', target: undefined });
  assert.ok(!firstDrag(TABLE, doc([])));
});
