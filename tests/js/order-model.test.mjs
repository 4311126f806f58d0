// The order of a card played as data (web/order-model.js, and a drag's: web/order-carry.js), checked by hand: where a drag starts
// and what it asks, what a drop's ruling makes of it, the section's band. CCA-MV-1: ordered units
// move one at a time; CCA-CD-1: a Move-Fire-Move card moves its units twice; CCA-LD-4: a leader
// gives a card by his own tap too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { orderRows, endedAt, cardSpec, needsLeader, placedPieces,
  sectionBand, ordersLeft, bandShapes, sideBox, cardName, cardHints } from '../../web/order-model.js';
import { carried, carriedMoves, dropped, reachRequest } from '../../web/order-carry.js';
import { line } from '../../web/hex-line.js';

const CARDS = [
  { card: 'leadership', name: 'Leadership', leader: true },
  { card: 'mfm', name: 'Move-Fire-Move', twice: true },
  { card: 'line', key: 'line-foot', name: 'Line Command (foot)', inputs: { kind: 'foot' } },
  { card: 'line', name: 'Line Command' },
];
const path = (...hexes) => hexes.map(([q, r]) => ({ q, r }));
// a ruling that leaves A at (2, 0) and B off the board (no hex)
const RULED = { final: { units: [{ id: 'A', q: 2, r: 0 }, { id: 'B' }] }, reasons: [{ code: 'c', message: 'm' }, { code: 's', message: 'step', action: 1 }] };

test('the order\'s moves are its list, none when they are no list; a ruling\'s places only those on a hex', () => {
  assert.deepEqual(orderRows({ moves: [{ unit: 'A' }] }), [{ unit: 'A' }]);
  assert.deepEqual(orderRows({ moves: 'x' }), []);
  assert.deepEqual(orderRows({}), []);
  assert.deepEqual([...endedAt(RULED).keys()], ['A']);
  assert.equal(endedAt(null).size, 0);
});

test('the card played is the entry whose inputs it has, else its plain entry; a section card none', () => {
  assert.equal(cardSpec(CARDS, { card: 'line', kind: 'foot' }).name, 'Line Command (foot)');
  assert.equal(cardSpec(CARDS, { card: 'line', kind: 'mounted' }).name, 'Line Command');
  assert.equal(cardSpec(CARDS, { card: 'section', section: 'left' }), null);
  assert.equal(cardName({ card: 'line', kind: 'foot' }, cardSpec(CARDS, { card: 'line', kind: 'foot' })), 'Line Command (foot)');
  assert.equal(cardName({ card: 'section', section: 'center' }, null), 'Center card');
  assert.equal(cardName({ card: 'leadership', leader: 'L1' }, CARDS[0]), 'Leadership (L1)');
});

test('CCA-LD-4 a card given by its leader waits for him until one is named', () => {
  assert.ok(needsLeader(CARDS[0], { card: 'leadership' }));
  assert.ok(!needsLeader(CARDS[0], { card: 'leadership', leader: 'L1' }));
  assert.ok(!needsLeader(CARDS[1], { card: 'mfm' }));
  assert.deepEqual(cardHints(CARDS[0], { card: 'leadership' }), ['Tap the leader who gives it, or drag him or his unit first.', '']);
  assert.deepEqual(cardHints(null, { card: 'section' }), ['', '']);
});

test('CCA-MV-1 a unit lifted carries the order\'s other moves, and the order-level reasons said before it', () => {
  const rows = [{ unit: 'A', path: path([1, 0]) }, { unit: 'B', path: path([0, 1]) }];
  const c = carried('A', rows, RULED, null, 'drag:7', endedAt(RULED));
  assert.deepEqual(c.before, [{ unit: 'B', path: path([0, 1]) }]);
  assert.equal(c.second, false);
  assert.equal(c.from, null);
  assert.equal(c.gesture, 'drag:7');
  assert.deepEqual([...c.had], ['c  m'], 'the step\'s reason (it has an action) is not the order\'s');
  assert.equal(carried('A', rows, null, null, 'g', endedAt(null)).had.size, 0);
});

test('CCA-CD-1 a unit dragged again on a card moving units twice makes its second move, from where its first ended', () => {
  const rows = [{ unit: 'A', path: path([1, 0], [2, 0]) }, { unit: 'A', second: true, path: path([3, 0]) }, { unit: 'C', path: path([0, 2]) }];
  const c = carried('A', rows, RULED, CARDS[1], 'g', endedAt(RULED));
  assert.equal(c.second, true);
  assert.deepEqual(c.from, { id: 'A', q: 2, r: 0 });
  assert.deepEqual(c.before, [rows[0], rows[2]], 'its second move is the one dragged again');
  // not yet moved: a first move, the unit from its hex on the board
  assert.equal(carried('C', [], RULED, CARDS[1], 'g', endedAt(RULED)).second, false);
});

test('the reach of a unit dragged is asked from where the order leaves the others; the unit from its own hex but for a second move', () => {
  const req = { system: 's', query: 'order', board: { b: 1 }, units: [{ id: 'A', q: 0, r: 0 }, { id: 'C', q: 5, r: 5 }] };
  const ended = new Map([['A', { q: 2, r: 0 }]]);
  assert.deepEqual(reachRequest(req, 'reach', 'C', ended, false),
    { system: 's', query: 'reach', unit: 'C', board: { b: 1 }, units: [{ id: 'A', q: 2, r: 0 }, { id: 'C', q: 5, r: 5 }] });
  assert.deepEqual(reachRequest(req, 'reach', 'A', ended, false).units[0], { id: 'A', q: 0, r: 0 });
  assert.deepEqual(reachRequest(req, 'reach', 'A', ended, true).units[0], { id: 'A', q: 2, r: 0 });
});

test('a carried unit\'s move is its reach\'s way, else the straight line; none at its own hex', () => {
  const c = { id: 'A', second: false, before: [{ unit: 'B', path: path([0, 1]) }], at: { q: 2, r: 0 },
    reach: new Map([['2,0', { q: 2, r: 0, path: [{ q: 1, r: 1, cost: 1 }, { q: 2, r: 0, cost: 2 }] }]]) };
  const u = { q: 0, r: 0 };
  assert.deepEqual(carriedMoves(c, u, line), [{ unit: 'B', path: path([0, 1]) }, { unit: 'A', path: path([1, 1], [2, 0]) }]);
  assert.deepEqual(carriedMoves({ ...c, reach: null }, u, line)[1], { unit: 'A', path: path([1, 0], [2, 0]) });
  assert.deepEqual(carriedMoves({ ...c, at: { q: 0, r: 0 } }, u, line), [{ unit: 'B', path: path([0, 1]) }]);
  assert.deepEqual(carriedMoves({ ...c, second: true, reach: null, at: { q: 3, r: 0 } }, { q: 2, r: 0 }, line)[1], { unit: 'A', second: true, path: path([3, 0]) });
});

test('CCA-MV-1 a drop is kept, put back with the reason, or makes the order when every order is used', () => {
  const c = { id: 'A', second: false, had: new Set(['old  before']) };
  const rows = [{ unit: 'A', path: path([1, 0]) }];
  assert.deepEqual(dropped({ moves: [] }, c, [], null, false), { stands: true });
  assert.deepEqual(dropped({ moves: [{ unit: 'A', legal: false, reasons: [{ message: 'no way', rule: 'CCA-MV-2' }] }] }, c, rows, null, false),
    { back: 'A goes back: no way (CCA-MV-2)' });
  // a reason of the whole order naming no piece, new since the lift, refuses it; one said before does not
  assert.deepEqual(dropped({ moves: [], reasons: [{ code: 'not_linked', message: 'not linked' }] }, c, rows, null, false), { back: 'A goes back: not linked' });
  assert.deepEqual(dropped({ moves: [], reasons: [{ code: 'old', message: 'before' }], ordersAllowed: 2, ordersUsed: 1 }, c, rows, null, false), { made: false });
  assert.deepEqual(dropped({ moves: [], ordersAllowed: 1, ordersUsed: 1 }, c, rows, null, false), { made: true });
  assert.deepEqual(dropped({ moves: [], ordersAllowed: 1, ordersUsed: 1 }, c, rows, CARDS[1], false), { made: false }, 'CCA-CD-1 second moves to come');
  assert.deepEqual(dropped({ moves: [], ordersAllowed: 1, ordersUsed: 1 }, c, rows, CARDS[0], true), { made: false }, 'CCA-LD-4 no leader yet');
  assert.deepEqual(dropped({ moves: [], legal: false, ordersAllowed: 1, ordersUsed: 1 }, c, rows, null, false), { made: false });
});

test('the places drawn are of the pieces the order moves, but the one carried', () => {
  const at = new Map([['A', { q: 1, r: 0 }], ['B', { q: 2, r: 0 }], ['C', { q: 3, r: 0 }]]);
  assert.deepEqual([...placedPieces(at, [{ unit: 'A' }, { unit: 'B' }], 'B').keys()], ['A']);
  assert.equal(placedPieces(null, [{ unit: 'A' }], null).size, 0);
});

test('a section\'s band lies between the board\'s section lines, its flanks swapped for the side at the top', () => {
  const cells = [0, 0, 12, 8], lines = [4, 8];
  assert.deepEqual(sectionBand(cells, lines, 'left', false), { from: 0, to: 4, box: [-0.5, -1, 4.5, 9] });
  assert.deepEqual(sectionBand(cells, lines, 'left', true), { from: 8, to: 12, box: [7.5, -1, 12.5, 9] });
  assert.deepEqual(sectionBand(cells, lines, 'center', true), { from: 4, to: 8, box: [3.5, -1, 8.5, 9] });
  const [band, mark] = bandShapes(cells, { from: 0, to: 4 }, 'left', false, 1);
  assert.deepEqual(band.points, [[0, 0], [4, 0], [4, 8], [0, 8]]);
  assert.deepEqual([mark.type, mark.x, mark.y, mark.below, mark.label], ['pin', 2, 7.1, false, 'left flank: 1 order left']);
  assert.deepEqual([bandShapes(cells, { from: 8, to: 12 }, 'left', true, 2)[1].y, bandShapes(cells, { from: 8, to: 12 }, 'left', true, 2)[1].label], [0.9, 'left flank: 2 orders left']);
});

test('the orders left are the ruling\'s count, never below none, else the card\'s', () => {
  assert.equal(ordersLeft({ ordersAllowed: 3, ordersUsed: 1 }, 3), 2);
  assert.equal(ordersLeft({ ordersAllowed: 2, ordersUsed: 3 }, 2), 0);
  assert.equal(ordersLeft(null, 3), 3);
  assert.equal(ordersLeft({}, 4), 4);
});

test('the box around a side\'s units in a box is a hex\'s width beyond their centres; none when none is in it', () => {
  // centres: (0,0) at [0, 0]; (0,2) at [√3, 3]; (4,0) at [4√3, 0]
  const units = [{ side: 'a', q: 0, r: 0 }, { side: 'a', q: 0, r: 2 }, { side: 'b', q: 1, r: 0 }, { side: 'a', q: 4, r: 0 }];
  const box = sideBox(units, 'a', [-1, -1, 3, 4]);
  const s = Math.sqrt(3);
  assert.deepEqual(box.map((v) => Math.round(v * 1e9) / 1e9), [-1, -1, Math.round((s + 1) * 1e9) / 1e9, 4]);
  assert.equal(sideBox(units, 'a', [20, 20, 30, 30]), null);
});
