// A verdict's clause ids after their sentences (web/draw.js referText): a newcomer read an id in
// mid-sentence ("… row 4. GG-8.1 The shortest path …") as a word he did not know. The ids below
// are the rules references' (docs/rules/<game>.md), in the places the page's verdicts put them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { referText } from '../../web/draw.js';

test('an id before a reason (a tapped hex the unit cannot end on) goes after its sentence', () => {
  assert.equal(referText('Outriders cannot end on col 5, row 4. GG-8.1 The shortest path there costs 6 movement points.'),
    'Outriders cannot end on col 5, row 4. The shortest path there costs 6 movement points. (rule GG-8.1)');
});

test('an id in parentheses at a sentence\'s end goes after its stop; a decimal point ends no sentence', () => {
  assert.equal(referText('Needs 5+ on 2D6: Charge Range 8″ + 2D6 ≥ 12.2″ (9A-CH-1). The charge can be made.'),
    'Needs 5+ on 2D6: Charge Range 8″ + 2D6 ≥ 12.2″. (rule 9A-CH-1) The charge can be made.');
});

test('several ids of one sentence make one reference; an id beside other words in parentheses leaves them', () => {
  assert.equal(referText('Legion collides (AL-COL-1, AL-OVL-1) and stops.'), 'Legion collides and stops. (rules AL-COL-1, AL-OVL-1)');
  assert.equal(referText('A Failed Charge Move (A-9A-4 b) of 2″.'), 'A Failed Charge Move (b) of 2″. (rule A-9A-4)');
  assert.equal(referText('Ejected (TW-EJ-3): to one of 3 nearest hexes.'), 'Ejected: to one of 3 nearest hexes. (rule TW-EJ-3)');
});

test('an id after a sentence\'s stop stays that sentence\'s (a unit sent back, then what to do next)', () => {
  assert.equal(referText('Scipio goes back: a leader may not detach on a Leadership card. (CCA-LD-9) Drag each unit the card orders to where it goes.'),
    'Scipio goes back: a leader may not detach on a Leadership card. (rule CCA-LD-9) Drag each unit the card orders to where it goes.');
});

test('words with no id are left as they are', () => {
  assert.equal(referText('Move made: Outriders are now on col 6, row 3 (Undo to take it back).'), 'Move made: Outriders are now on col 6, row 3 (Undo to take it back).');
});
