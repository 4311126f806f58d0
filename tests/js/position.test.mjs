// Positions kept in the engine through WebAssembly (engine.open): for every scenario file, the
// request split into its position and its query answers with exactly the bytes the native CLI
// prints for the whole request, before and after an update (units moved and removed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { createEngine, splitRequest } from '../../wasm/movecalc.mjs';
import { loadScenario, nativeCli, root, scenarioFiles } from './util.mjs';

const engine = await createEngine();

function native(text) {
  try {
    return execFileSync(nativeCli, ['-'], { input: text, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trimEnd();
  } catch (e) {
    return e.stdout.trimEnd(); // exit 1: a response with "ok": false
  }
}

// The change the test makes (the first unit one along in x or q, the last of two or more
// removed), and the same change made by hand to a copy of the request.
function changeOf(request) {
  const units = request.units;
  if (!Array.isArray(units) || typeof units[0]?.id !== 'string') return null;
  const changed = structuredClone(request);
  const move = { id: units[0].id };
  for (const key of ['x', 'q']) {
    if (typeof units[0][key] === 'number') {
      move[key] = units[0][key] + 1;
      changed.units[0][key] = move[key];
    }
  }
  const change = { units: [move] };
  const last = units.at(-1);
  if (units.length >= 2 && typeof last?.id === 'string' && last.id !== units[0].id) {
    change.remove = [last.id];
    changed.units.pop();
  }
  return { change, changed };
}

const full = (request) => {
  const { position, query } = splitRequest(request);
  return JSON.stringify({ ...position, ...query });
};

let split = 0;
for (const file of scenarioFiles()) {
  const s = loadScenario(file);
  const request = s.request;
  if (request === null || typeof request !== 'object' || Array.isArray(request) || typeof request.system !== 'string') continue;
  split++;
  test(`${relative(root, file)}: open + ask == request, before and after an update`, () => {
    const before = engine.bytesInUse();
    const { position, query } = splitRequest(request);
    const pos = engine.open(position);
    try {
      assert.equal(pos.askText(JSON.stringify(query)), native(full(request)), 'as opened');
      const c = changeOf(request);
      if (c) {
        assert.deepEqual(pos.update(c.change), { ok: true });
        assert.equal(pos.askText(JSON.stringify(query)), native(full(c.changed)), `after ${JSON.stringify(c.change)}`);
      }
    } finally {
      pos.close();
    }
    assert.equal(engine.bytesInUse(), before, 'the position left memory behind');
  });
}

test('every scenario with a system is split', () => {
  assert.ok(split > 400, `${split} scenarios split`);
});

test('open errors name the path; a closed position throws', () => {
  assert.throws(() => engine.open({ system: 'godsgloom', unit: 'a' }), (e) => e.response?.error?.path === 'unit');
  const pos = engine.open({ system: 'godsgloom', board: { cols: 3, rows: 3 }, units: [] });
  const answer = pos.ask({ query: 'reach', unit: 'a', units: [] });
  assert.equal(answer.error.code, 'bad_request');
  assert.equal(answer.error.path, 'units');
  assert.equal(pos.update({ remove: ['zz'] }).error.path, 'remove[0]');
  pos.close();
  pos.close();
  assert.throws(() => pos.ask({ query: 'reach' }), /closed/);
});
