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
// Now such a hex cannot be entered by a unit the zone would stop (it may neither stop nor end there),
// by `reach` or by `move`.
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
  // (refused on entering it, at its first step: the zone would end the move there, where it may not end)
  assert.equal(move.result.reasons[0].code, 'ends_on_impassable');
  assert.equal(move.result.reasons[0].action, 0);
  // With Nimble the zone does not stop it: the hex is a way through (and Nimble is used).
  const nimble = structuredClone(base);
  nimble.units[0].traits = ['nimble'];
  const r2 = ask({ ...nimble, query: 'reach' }).result.hexes.find((h) => h.col === 2 && h.row === 2);
  assert.ok(r2 && r2.nimble, 'a Nimble unit goes on through the opened hex');
});

// Found by properties-ninth-age (pursue case 354 of 400): a pursuer meeting the table edge at a
// shallow angle (9A-FA-T) ran 4e-6" past it. The distance to the edge was measured from the front's
// ends taken 4 slops inwards (so that a side running along the edge is not read as touching it),
// so the real corner went 4 slops × cos(angle) beyond the edge: off the table by more than the
// slop. The unit was then judged off the table: no Post-combat Pivot was legal, and it backtracked
// with "ends_off_table" (two wrong rulings); the backtrack left the corner 1.0e-6" off the table.
// Now the real corners go at most half a slop beyond: the unit stops in contact, on the table.
test('9A-FA-T a pursuer meeting the table edge at a shallow angle stops touching it, on the table, and no backtrack', () => {
  const req = {
    system: 'ninth-age', query: 'pursue', table: { width: 46, height: 44 },
    units: [{ id: 'P', side: 'blue', x: 2.0970441112294793, y: 23.923359374515712, facing: 180, width: 3, depth: 3 }],
    pursued: { facing: 183.3, fleeDistance: 20 },
    pursuers: [{ unit: 'P', distance: 15 }],
  };
  const p = ask(req).result.pursuers[0];
  assert.equal(p.outcome, 'table-edge');
  assert.equal(p.rule, '9A-FA-T');
  assert.equal(p.backtracked, false);
  assert.deepEqual(p.reasons, []);
  // The front-right corner (the one reaching x = 0) ends within the slop of the edge, not beyond it.
  const a = (p.final.facing * Math.PI) / 180;
  const fwd = [Math.sin(a), Math.cos(a)], right = [Math.cos(a), -Math.sin(a)];
  const xs = [1, -1].flatMap((sx) => [1, -1].map((sy) => p.final.x + sx * 1.5 * right[0] + sy * 1.5 * fwd[0]));
  const minX = Math.min(...xs);
  assert.ok(minX >= -1e-6 && minX <= 1e-6, `the nearest corner is at x = ${minX}`);
});
