// The committed copy of the clause ids (tests/data/clause-ids.txt, read by the property tests in a
// clean clone) must list exactly the ids of rules/CLAUSES.md when that file is beside the
// repository. Regenerate it with: node tests/tools/clause-ids.mjs --write
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { clauseIdsCopy, clauseIdsOf, findClauses } from '../tools/clause-ids.mjs';

test('tests/data/clause-ids.txt lists the clause ids of rules/CLAUSES.md', (t) => {
  const copy = readFileSync(clauseIdsCopy, 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.ok(copy.length > 100, `only ${copy.length} ids in the copy`);
  const file = findClauses();
  if (!file) return t.skip('rules/CLAUSES.md is not beside the repository (a clean clone): the copy is used');
  assert.deepEqual(copy, clauseIdsOf(readFileSync(file, 'utf8')), 'the copy is stale: node tests/tools/clause-ids.mjs --write');
});
