// The page's words without a browser (issue 23): engine messages read aloud, a reach's colours
// as the legend names them, The Ninth Age's verbs agreeing with its units' names.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hexWords, codeWords, costHue } from '../../web/draw.js';
import ninthAge from '../../web/games/ninth-age.js';

test('engine messages: counts agree with their nouns, a name ending in s owns with an apostrophe', () => {
  // the engine's own phrasings (src/rules/arcane_legions, ninth_age)
  assert.equal(hexWords('a move order to a formation base costs 2 order point(s)'), 'a move order to a formation base costs 2 order points');
  assert.equal(hexWords('a move order to a sortie base costs 1 order point(s)'), 'a move order to a sortie base costs 1 order point');
  assert.equal(hexWords('4 ready movement icon(s) give 4 movement point(s)'), '4 ready movement icons give 4 movement points');
  assert.equal(hexWords('movement ends (collision); 1 unspent point(s) are lost'), 'movement ends (collision); 1 unspent point is lost');
  assert.equal(hexWords('movement ends (actions); 4 unspent point(s) are lost'), 'movement ends (actions); 4 unspent points are lost');
  assert.equal(hexWords('moved forward 1 steps'), 'moved forward 1 step');
  // a fraction and a count ending in 1 keep their plural
  assert.equal(hexWords('collided after 0.5 steps, then 11 steps'), 'collided after 0.5 steps, then 11 steps');
  assert.equal(hexWords("the centre of its front facing lies in Raiders's front arc"), "the centre of its front facing lies in Raiders' front arc");
  assert.equal(hexWords("T's front arc"), "T's front arc");
  assert.equal(hexWords('ends at (q 3, r 5)'), 'ends at col 5, row 5');
  assert.equal(codeWords('out_of_range'), 'out of range');
});

test('reach colours: green at the cheapest cost reached, yellow at the dearest, as the legend says', () => {
  assert.equal(costHue(1, 1, 4), 130);
  assert.equal(costHue(4, 1, 4), 50);
  assert.equal(costHue(2, 1, 3), 90);
  assert.equal(costHue(1, 1, 1), 130, 'every hex at one cost is cheap');
});

test('The Ninth Age: a unit named by a plural noun takes the plural verb, a flank is named so', () => {
  const flee = (unit) => ninthAge.verdict('flee', { unit, moved: 7, from: 'Knights', final: { x: 10, y: 11, facing: 180 } }).text;
  assert.equal(flee('Raiders'), 'Raiders flee 7″ from Knights to (10″, 11″) facing 180°.');
  assert.equal(flee('Spearmen'), 'Spearmen flee 7″ from Knights to (10″, 11″) facing 180°.');
  assert.equal(flee('U'), 'U flees 7″ from Knights to (10″, 11″) facing 180°.');
  // off the table (9A-FL-*): the end agrees too
  const lost = (unit, end) => ninthAge.verdict('flee', { unit, moved: 3, from: 'Spearmen', ...end }).text;
  assert.equal(lost('Raiders', { destroyed: true }), 'Raiders flee 3″ from Spearmen and are destroyed.');
  assert.equal(lost('Raiders', { leavesTable: true }), 'Raiders flee 3″ from Spearmen and leave the table.');
  assert.equal(lost('U', { destroyed: true }), 'U flees 3″ from Spearmen and is destroyed.');
  const charge = { possible: true, charger: 'Knights', target: 'Raiders', facing: 'left', distance: 8, wheel: { angle: 0 } };
  assert.equal(ninthAge.lateVerdict('charge', charge, { target: 'Raiders' }).text, 'The charge can be made: Knights charge Raiders in the left flank: 8″ straight.');
  // A-9A-4: a charge rolled short is made as its Failed Charge Move, and said so
  const short = { possible: false, charger: 'Knights', target: 'Raiders', needed: 12.2, range: 11, reasons: [{ code: 'out_of_range' }],
    failedChargeMove: { distance: 2, moved: 2, straight: 2, wheel: { angle: 0 }, final: { x: 40, y: 18, facing: 350 } } };
  assert.deepEqual(ninthAge.madeWords({ query: 'charge', charger: 'Knights', target: 'Raiders', range: 11, highestDie: 2 }, short),
    { lead: 'Charge failed', text: 'Knights cannot charge: out of range (needs 12.2″, rolled 11″). Failed Charge Move (highest D6 2): moves 2″ (2″ straight), ends at (40″, 18″) facing 350°, nothing in the way; Shaken, no longer Charging' });
  const pursue = { pursuers: [{ unit: 'Spearmen', moved: 8.27, outcome: 'obstruction', pivot: { x: 0, y: 0, facing: 15, angle: 15 }, forwardAhead: { firstObstacle: { object: 'Raiders' } } }] };
  assert.equal(ninthAge.lateVerdict('pursue', pursue, {}).text, 'Spearmen pivot 15° clockwise and pursue 8.3″ and stop against Raiders.');
  // 9A-DST-1: what became of the fleeing unit comes first, caught or not
  assert.equal(ninthAge.lateVerdict('pursue', { ...pursue, fleeingDestroyed: false }, { pursued: { unit: 'Raiders' } }).text, 'Raiders escape. Spearmen pivot 15° clockwise and pursue 8.3″ and stop against Raiders.');
  assert.equal(ninthAge.lateVerdict('pursue', { ...pursue, fleeingDestroyed: true }, { pursued: { unit: 'U' } }).text, 'U is caught and destroyed. Spearmen pivot 15° clockwise and pursue 8.3″ and stop against Raiders.');
  // the dice that decided it: a pursuit equal to or higher than the flee catches (the best of several pursuers')
  assert.equal(ninthAge.lateVerdict('pursue', { ...pursue, fleeingDestroyed: true }, { pursued: { unit: 'Raiders', fleeDistance: 7 }, pursuers: [{ unit: 'Spearmen', distance: 7 }] }).text.split('. ')[0], 'Raiders are caught and destroyed (pursuit 7 against flee 7)');
  assert.equal(ninthAge.lateVerdict('pursue', { ...pursue, fleeingDestroyed: false }, { pursued: { unit: 'Raiders', fleeDistance: 11 }, pursuers: [{ unit: 'Spearmen', distance: 10 }, { unit: 'Knights', distance: 4 }] }).text.split('. ')[0], 'Raiders escape (best pursuit 10 against flee 11)');
});

test('9A-LP-1 The Ninth Age: a pursuer with no legal pivot or move is said to stay, not to pivot, pursue and step back', () => {
  // the answer of tests/scenarios/ninth-age/lp-1-pv-t-no-legal-pivot-friend-on-flank-stays.json, in short
  const stuck = (unit) => ({ pursuers: [{ unit, moved: 0, outcome: 'obstruction', pivot: { x: 10, y: 1, facing: 180, angle: 180 }, backtracked: false,
    reasons: [{ code: 'no_legal_post_combat_pivot' }, { code: 'no_legal_position', unit: 'F' }] }] });
  assert.equal(ninthAge.lateVerdict('pursue', stuck('A'), {}).text, 'A finds no legal pivot or move and stays where it stood, still touching F.');
  assert.equal(ninthAge.lateVerdict('pursue', stuck('Spearmen'), {}).text, 'Spearmen find no legal pivot or move and stay where they stood, still touching F.');
});

test('The Ninth Age: a flight off the table says once that the unit is gone, where it stood, and how far it fled where it got to (9A-FL-1)', async () => {
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const { resultScene } = await import('../../web/results.js');
  const { loadGames } = await import('../../web/model.js');
  const { loadScenario } = await import('../js/util.mjs');
  await loadGames(['ninth-age']);
  const engine = await createEngine();
  const { request } = loadScenario(new URL('../scenarios/ninth-age/flee-off-table.json', import.meta.url).pathname);
  const response = JSON.parse(engine.requestText(JSON.stringify(request)));
  assert.equal(response.result.leavesTable, true, 'the scenario flees off the table');
  const labels = resultScene('ninth-age', request, response, () => '#888').overlay.map((o) => o.label).filter((l) => typeof l === 'string' && l.startsWith(`${request.unit}:`));
  assert.equal(labels.filter((l) => /table|destroyed/.test(l)).length, 1, `said once, struck out where it stood: ${labels}`);
  assert.ok(labels.some((l) => /^\S+: fled \d+(\.\d)?″$/.test(l)), `its end says how far it fled: ${labels}`);
});
