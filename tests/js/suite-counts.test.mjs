// bin/test's summary: a browser test cancelled by its time limit once showed "0 failed" while the
// run's exit status was 1, so the summary must count what node's TAP summary calls cancelled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './util.mjs';

const dir = mkdtempSync(join(tmpdir(), 'movecalc-counts-'));
const script = readFileSync(join(root, 'bin', 'test'), 'utf8');
const counter = script.match(/^node_counts\(\) \{[\s\S]*?^\}$/m)[0];

function counts(tap) {
  const file = join(dir, `tap-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, tap);
  const r = spawnSync('bash', ['-c', `${counter}\nnode_counts "$1"`, 'counts', file]);
  assert.equal(r.status, 0, r.stderr.toString());
  return r.stdout.toString().trim();
}

test('a test cancelled by its time limit counts as failed in bin/test', () => {
  const file = join(dir, 'slow.test.mjs');
  writeFileSync(file, `import { test } from 'node:test';
test('passes', () => {});
test('fails', () => { throw new Error('no'); });
test('never ends', { timeout: 50 }, () => new Promise(() => {}));
`);
  // without the runner's own NODE_TEST_CONTEXT, or the child reports to this run instead
  const env = { ...process.env };
  delete env.NODE_TEST_CONTEXT;
  const run = spawnSync(process.execPath, ['--test', '--test-reporter=tap', file], { env });
  assert.notEqual(run.status, 0);
  assert.equal(counts(run.stdout.toString()), '1 2');
});

test('a run that printed no summary counts as one failure', () => {
  assert.equal(counts('TAP version 13\nok 1 - a\n'), '0 1');
});
