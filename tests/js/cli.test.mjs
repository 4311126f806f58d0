// The two CLIs: same output and exit codes (0 ok, 1 not ok, 2 unreadable input).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { badInputs, badInputBytes, nativeCli, root } from './util.mjs';

const jsCli = join(root, 'bin', 'movecalc.mjs');
const dir = mkdtempSync(join(tmpdir(), 'movecalc-cli-'));

function both(args, input) {
  const n = spawnSync(nativeCli, args, { input });
  const j = spawnSync(process.execPath, [jsCli, ...args], { input });
  return { n, j };
}

test('describe from a file: exit 0 and the same bytes from both CLIs', () => {
  const file = join(dir, 'describe.json');
  writeFileSync(file, '{"query":"describe"}');
  const { n, j } = both([file]);
  assert.equal(n.status, 0);
  assert.equal(j.status, 0);
  assert.equal(j.stdout.toString(), n.stdout.toString());
});

test('bad input on stdin: exit 1 and the same error from both CLIs', () => {
  for (const c of badInputs().filter((x) => !x.generate)) {
    const { n, j } = both(['-'], badInputBytes(c));
    assert.equal(n.status, 1, c.name);
    assert.equal(j.status, 1, c.name);
    assert.equal(j.stdout.toString(), n.stdout.toString(), c.name);
  }
});

test('a file that cannot be opened: exit 2 from both CLIs', () => {
  const { n, j } = both([join(dir, 'missing.json')]);
  assert.equal(n.status, 2);
  assert.equal(j.status, 2);
});

test('a NUL byte inside the request is refused alike by both CLIs', () => {
  const { n, j } = both(['-'], Buffer.from('{"query":"describe"}\0{'));
  assert.equal(n.status, 1);
  assert.equal(j.stdout.toString(), n.stdout.toString());
});
