// Regression tests for bugs the property tests (tests/reliability/properties-*.test.mjs) found,
// one test each, through the JSON interface. Each comment says what went wrong.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';

const engine = await createEngine();
const ask = (req) => JSON.parse(engine.requestText(JSON.stringify(req)));

// Found by properties-godsgloom (reach case 2937 of 5,000): `reach` walked a unit WITHOUT Nimble
// through an empty enemy-zone hex that was Impassable but opened by Reconnaissance, and listed the
// hexes beyond with "nimble": true, while `move` along the same path stopped on entering that hex
// (GG-8.3) and called the next step illegal. The reach search checked "may not end here" (pass
// only) before "a zone stops the move here", so the zone stop was never applied to such a hex.
// Now such a hex cannot be entered by a unit the zone would stop (it may neither stop nor end there).
test('GG-8.3 GG-TER-1 a Reconnaissance Impassable hex in an enemy zone is not a way through for a unit without Nimble', () => {
  // a at (col 0,row 2); the enemy e at (col 1,row 1) faces 4: its zone holds (col 1,row 2), the
  // Impassable hex red has opened by Reconnaissance, and (col 2,row 2).
  const base = {
    system: 'godsgloom',
    board: { cols: 4, rows: 3, terrain: [{ col: 1, row: 2, terrain: 'impassable' }] },
    units: [{ id: 'a', side: 'red', col: 0, row: 2, facing: 0, speed: 4 }, { id: 'e', side: 'blue', col: 1, row: 1, facing: 4 }],
    unit: 'a',
    reconnaissance: [{ col: 1, row: 2, side: 'red' }],
  };
  const reach = ask({ ...base, query: 'reach' });
  assert.equal(reach.ok, true);
  const listed = reach.result.hexes.map((h) => `${h.col},${h.row}`);
  assert.deepEqual(listed, ['0,1'], 'only the zone hex (col 0, row 1), where the move ends');
  assert.ok(reach.result.hexes.every((h) => !h.nimble));
  const move = ask({ ...base, query: 'move', path: [{ col: 1, row: 2 }, { col: 2, row: 2 }] });
  assert.equal(move.result.legal, false);
  assert.equal(move.result.reasons[0].code, 'stopped_by_engagement_zone');
  // With Nimble the zone does not stop it: the hex is a way through (and Nimble is used).
  const nimble = structuredClone(base);
  nimble.units[0].traits = ['nimble'];
  const r2 = ask({ ...nimble, query: 'reach' }).result.hexes.find((h) => h.col === 2 && h.row === 2);
  assert.ok(r2 && r2.nimble, 'a Nimble unit goes on through the opened hex');
});
