// Sensitivity's re-runs share the request's work budget MC_MAX_WORK (docs/api.md "Sensitivity"),
// natively and in WebAssembly alike: an Arcane Legions move that spends most of the budget (the
// mover on 384 control 64-gons and 83 control squares, each re-tested at every action of every
// option of six open turns: tests/c/test_position.c's edge request, with fewer fillers) answers
// ok, and its re-run under A-AL-5's other reading, which would spend as much again, says the limit
// ran out. The same request with a tenth of the terrain has its re-run tried to the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { nativeAnswers } from './native.mjs';

const engine = await createEngine({ systems: ['arcane-legions'] });

function request(circles, squares) {
  const circle = Array.from({ length: 64 }, (_, k) => [50 + 8 * Math.cos((2 * Math.PI * k) / 64), 50 + 8 * Math.sin((2 * Math.PI * k) / 64)]);
  const terrain = [];
  for (let i = 0; i < circles + squares; i++) {
    terrain.push({ id: `t${i}`, kind: 'control', polygon: i < circles ? circle : [[42, 42], [58, 42], [58, 58], [42, 58]] });
  }
  const actions = [];
  for (let i = 0; i < 6; i++) actions.push({ step: 'forward', distance: 0.5 }, { turn: 45, off: 'front' });
  return {
    system: 'arcane-legions', query: 'move',
    units: [{ id: 'm', side: 'red', x: 50, y: 50, facing: 0, base: 'formation', movementIcons: 1000 }],
    terrain, order: { unit: 'm', actions }, sensitivity: true,
  };
}

function both(req) {
  const text = JSON.stringify(req);
  const [native] = nativeAnswers([Buffer.from(text)]);
  const wasm = engine.requestText(text);
  assert.equal(wasm, native, 'native and WebAssembly answer the same bytes');
  return JSON.parse(native);
}

test('A-AL-5 AL-TRN-1 sensitivity: a re-run past MC_MAX_WORK says so in its entry, the answer stands, the same in both builds', () => {
  const answer = both(request(384, 83));
  assert.equal(answer.ok, true, JSON.stringify(answer.error));
  assert.ok(answer.assumptions.includes('A-AL-5'));
  assert.equal(answer.sensitivity.length, 1);
  const [entry] = answer.sensitivity;
  assert.equal(entry.assumption, 'A-AL-5');
  assert.equal(entry.reading, 'two-step-legs');
  assert.equal(entry.changes, null);
  assert.match(entry.limit, /MC_MAX_WORK/);
  assert.equal(entry.changed, undefined);
});

test('A-AL-5 AL-TRN-1 sensitivity: the same move on a tenth of the terrain has its re-run tried to the end', () => {
  const answer = both(request(38, 8));
  assert.equal(answer.ok, true, JSON.stringify(answer.error));
  const [entry] = answer.sensitivity;
  assert.equal(entry.reading, 'two-step-legs');
  assert.equal(typeof entry.changes, 'boolean');
  assert.equal(entry.limit, undefined);
});
