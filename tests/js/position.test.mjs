// Positions kept in the engine through WebAssembly (engine.open): for every scenario file, the
// request split into its position and its query answers with exactly the bytes the native CLI
// prints for the whole request, before and after an update (units moved and removed).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { createEngine, splitRequest, REACH_FLAGS } from '../../wasm/movecalc.mjs';
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

// The rows a GODSGLOOM reach's JSON answer gives, as the arrays form puts them: q, r, cost, the row
// of the hex before it on the path (-1 the start, -2 a hex that is not a destination) and the
// flags, fields at their documented defaults when `detail: brief` left them out.
function rowsOfJson(answer) {
  const result = answer.result;
  const hexes = result.hexes;
  const rowOf = new Map(hexes.map((h, i) => [`${h.q},${h.r}`, i]));
  return hexes.map((h) => {
    let before;
    if (h.parent) before = h.parent;
    else if (h.path.length >= 2) before = h.path.at(-2);
    else before = result.start;
    const landing = !h.parent && h.path.length === 1 && h.path[0].q === h.q && h.path[0].r === h.r && !isStep(result.start, h);
    const atStart = before.q === result.start.q && before.r === result.start.r;
    const flags =
      (h.engaged ? REACH_FLAGS.engaged : 0) |
      (h.mayMeleeAttack === false ? REACH_FLAGS.noMelee : 0) |
      (h.nimble ? REACH_FLAGS.nimble : 0) |
      (h.minimumMove ? REACH_FLAGS.minimumMove : 0) |
      ((h.endedBy ?? 'choice') !== 'choice' ? REACH_FLAGS.endedBy : 0);
    return { q: h.q, r: h.r, cost: h.cost, parent: atStart ? -1 : (rowOf.get(`${before.q},${before.r}`) ?? -2), flags, landing };
  });
}

// A hex next to the start (a one-step path looks like a landing there).
function isStep(a, b) {
  const dq = b.q - a.q, dr = b.r - a.r;
  return Math.max(Math.abs(dq), Math.abs(dr), Math.abs(dq + dr)) === 1;
}

let reaches = 0, moves = 0;
for (const file of scenarioFiles()) {
  const request = loadScenario(file).request;
  if (request?.system === 'godsgloom' && request.query === 'reach') {
    reaches++;
    test(`${relative(root, file)}: the arrays form of the reach agrees with its JSON answer`, () => {
      const { position, query } = splitRequest(request);
      const pos = engine.open(position);
      try {
        const json = pos.ask(query);
        const arrays = pos.ask(query, { format: 'arrays' });
        if (!json.ok) {
          assert.deepEqual(arrays, json, 'an error is the same error');
          return;
        }
        assert.equal(arrays.result.unit, json.result.unit);
        const want = rowsOfJson(json);
        const a = arrays.arrays;
        assert.equal(arrays.result.rows, want.length);
        for (const name of ['q', 'r', 'cost', 'parent', 'flags']) assert.equal(a[name].length, want.length, name);
        want.forEach((w, i) => {
          const got = { q: a.q[i], r: a.r[i], cost: a.cost[i], parent: a.parent[i], flags: a.flags[i] & ~REACH_FLAGS.landing };
          // A landing (Teleport, Reposition) has no walked path: its parent is the start.
          if (a.flags[i] & REACH_FLAGS.landing) assert.equal(a.parent[i], -1, `row ${i}: a landing's parent`);
          const { landing, ...plain } = w;
          assert.deepEqual(got, plain, `row ${i}`);
          if (landing) assert.ok(a.flags[i] & REACH_FLAGS.landing, `row ${i} is a landing`);
        });
        assert.deepEqual(arrays.assumptions, json.assumptions);
      } finally {
        pos.close();
      }
    });
  } else if (request?.system === 'arcane-legions' && request.query === 'move') {
    moves++;
    test(`${relative(root, file)}: the arrays form of the move gives its JSON answer's poses`, () => {
      const { position, query } = splitRequest(request);
      const pos = engine.open(position);
      try {
        const json = pos.ask(query);
        const arrays = pos.ask(query, { format: 'arrays' });
        if (!json.ok) {
          assert.deepEqual(arrays, json, 'an error is the same error');
          return;
        }
        const poses = [json.result.final, ...json.result.actions.map((x) => x.pose)].flatMap((p) => [p.x, p.y, p.facing]);
        assert.equal(arrays.result.legal, json.result.legal);
        assert.equal(arrays.result.rows, poses.length / 3);
        // The arrays hold the engine's doubles; the JSON prints them to at most 15 significant
        // digits and 9 decimals (a -5.6e-17 left by a rotation prints as 0).
        const got = arrays.arrays.poses;
        assert.equal(got.length, poses.length);
        poses.forEach((p, i) => assert.ok(Math.abs(got[i] - p) <= 1e-9 * Math.max(1, Math.abs(p)), `value ${i}: ${got[i]} vs ${p}`));
      } finally {
        pos.close();
      }
    });
  }
}

test('the arrays form covers the GODSGLOOM reach and Arcane Legions move scenarios; other queries answer in JSON', () => {
  assert.ok(reaches >= 15, `${reaches} reach scenarios`);
  assert.ok(moves > 20, `${moves} move scenarios`);
  const pos = engine.open({ system: 'godsgloom', board: { cols: 3, rows: 3 }, units: [{ id: 'a', side: 'x', q: 1, r: 1, facing: 0, speed: 1 }] });
  const move = { query: 'move', unit: 'a', path: [{ q: 2, r: 1 }] };
  assert.deepEqual(pos.ask(move, { format: 'arrays' }), pos.ask(move));
  assert.throws(() => pos.ask(move, { format: 'csv' }), /unknown answer format/);
  pos.close();
});
