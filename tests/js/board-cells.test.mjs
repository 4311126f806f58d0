// A board's cells are kept per shape (web/hex.js boardCells): each shape asked in turn still gets
// its own, and no caller can change the kept ones.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boardCells } from '../../web/hex.js';

// odd-r offset rows (docs/api.md's col/row): a row's axial q is its col less half the even rows above
const cell = (col, row) => ({ q: col - (row - (row & 1)) / 2, r: row, col, row });

test('boards of other shapes asked in turn each get their own cells, the same each time', () => {
  const wide = [cell(0, 0), cell(1, 0), cell(2, 0)];
  const tall = [{ q: 0, r: 0, col: 0, row: 0 }, { q: 0, r: 1, col: 0, row: 1 }, { q: -1, r: 2, col: 0, row: 2 }];
  assert.deepEqual(tall, [cell(0, 0), cell(0, 1), cell(0, 2)]);
  for (let i = 0; i < 2; i++) {
    assert.deepEqual(boardCells({ cols: 3, rows: 1 }), wide);
    assert.deepEqual(boardCells({ cols: 1, rows: 3 }), tall);
    assert.deepEqual(boardCells({ cols: 3, rows: 2 }), [...wide, cell(0, 1), cell(1, 1), cell(2, 1)]);
  }
  const preset = { rows: 2, cols: (row) => (row === 0 ? 2 : 1) };
  assert.deepEqual(boardCells({ preset: 'p', cols: 3, rows: 1 }, preset), [cell(0, 0), cell(1, 0), cell(0, 1)]);
  assert.deepEqual(boardCells({ cols: 3, rows: 1 }), wide);
});

test('the kept cells cannot be changed by a caller (a sort takes a copy)', () => {
  const cells = boardCells({ cols: 2, rows: 2 });
  assert.throws(() => cells.sort((a, b) => b.row - a.row), TypeError);
  assert.throws(() => { cells[0].q = 5; }, TypeError);
  assert.deepEqual(boardCells({ cols: 2, rows: 2 }), [cell(0, 0), cell(1, 0), cell(0, 1), cell(1, 1)]);
});
