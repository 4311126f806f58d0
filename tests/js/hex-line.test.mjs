// hex-line.js's line, the straight way a finger takes between two waypoints in Play (web/play-hex.js): every hex
// next to the one before, as many as the hexes between the ends, the end last and the start left out.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { distance } from '../../web/hex.js';
import { line } from '../../web/hex-line.js';

test('a line along an axis is the hexes of that axis', () => {
  assert.deepEqual(line({ q: 0, r: 0 }, { q: 3, r: 0 }), [{ q: 1, r: 0 }, { q: 2, r: 0 }, { q: 3, r: 0 }]);
  assert.deepEqual(line({ q: 2, r: 2 }, { q: 2, r: 0 }), [{ q: 2, r: 1 }, { q: 2, r: 0 }]);
  assert.deepEqual(line({ q: 0, r: 0 }, { q: 2, r: -2 }), [{ q: 1, r: -1 }, { q: 2, r: -2 }]);
});

test('a line from a hex to itself is empty', () => {
  assert.deepEqual(line({ q: 4, r: -1 }, { q: 4, r: -1 }), []);
});

test('any line steps one hex at a time and ends at its end', () => {
  for (const [a, b] of [[{ q: 0, r: 0 }, { q: 5, r: -2 }], [{ q: -3, r: 4 }, { q: 2, r: 1 }], [{ q: 1, r: 1 }, { q: -4, r: 3 }]]) {
    const l = line(a, b);
    assert.equal(l.length, distance(a, b));
    assert.deepEqual(l.at(-1), b);
    [a, ...l].slice(1).forEach((h, i) => assert.equal(distance([a, ...l][i], h), 1, `step ${i + 1} of ${JSON.stringify(a)} → ${JSON.stringify(b)}`));
  }
});
