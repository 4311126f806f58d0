// Torn World in a player's words (a newcomer's review): a Large miniature's reach said without
// "allowance 2 hexons", and the reach's badges ("FA2", "E1", "D") spelled out in the legend beside
// the board. A hexon is a hex and the six around it; a Large miniature moves in hexons and suffers a
// Free Attack from an enemy it starts Engaged with or moves past (docs/rules/torn-world.md, TW-MV-1,
// TW-FA-1, TW-FA-2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { verdictOf } from '../../web/results.js';
import { legendMarks } from '../../web/scene.js';
import { MARKS } from '../../web/draw.js';
import { toAxial } from '../../web/hex.js';
import { snapHexon } from '../../web/games/torn-world-hexon.js';

const engine = await createEngine({ systems: ['torn-world'] });

test('a Large miniature\'s reach says how far it moves in hexons and what a hexon is, not "allowance 2 hexons"', () => {
  // the Warbeast (Large, Move 2) alone on an open board: it moves in hexons
  const request = { system: 'torn-world', query: 'reach', unit: 'Warbeast', action: 'move', board: { cols: 14, rows: 12 },
    units: [{ id: 'Warbeast', side: 'Rift', ...snapHexon(...Object.values(toAxial(7, 5))), size: 'large', move: 2, run: 3 }] };
  const response = engine.request(request);
  assert.equal(response.ok, true, JSON.stringify(response.error));
  assert.equal(response.result.unitOfMeasure, 'hexons');
  const { text } = verdictOf(response, request);
  assert.match(text, /^Warbeast moves up to 2 hexons \(a hexon: a hex and the six around it\) and can end on \d+ numbered hexes\.$/, text);
  assert.doesNotMatch(text, /allowance/);
});

test('the legend beside a reach\'s board says what its badges are: free attacks, ejections, a Volume destroyed', () => {
  const texts = legendMarks('torn-world', 'reach').map((m) => m.text);
  const badges = texts.find((t) => /^FA1, FA2 on a hex/.test(t));
  assert.ok(badges, texts.join('\n'));
  assert.match(badges, /free attacks on the miniature on its way there/);
  assert.match(badges, /E1: 1 miniature ejected/);
  assert.ok(!texts.includes(MARKS.badge.text), 'not the shared badge entry, which sends the player to the Result');
});
