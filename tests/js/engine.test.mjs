// The WebAssembly engine through the JS module: the envelope, the bad-input table, leaks.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { badInputs, badInputBytes, loadScenario, scenarioFiles } from './util.mjs';

const engine = await createEngine();

test('describe lists the games of src/systems.def and each game\'s assumptions (docs/rules/*.md "Assumptions")', () => {
  const r = engine.request({ query: 'describe' });
  assert.equal(r.ok, true);
  assert.deepEqual(r.result.systems.map((s) => s.id), SYSTEM_IDS); // describe lists the games of src/systems.def, in its order
  for (const s of r.result.systems) assert.ok(['step', 'inch', 'hex'].includes(s.lengthUnit), s.id);
  assert.deepEqual(r.result.assumptions.map((a) => a.id), r.result.systems.flatMap((s) => s.assumptions));
  assert.ok(r.result.assumptions.length > 0);
  assert.equal(r.result.tolerance.MC_LINEAR_SLOP, 1e-6);
  assert.ok(r.result.limits.MC_MAX_UNITS >= 500, 'the stress cases need 500 units');
});

test('request accepts an object or JSON text and requestText returns the raw bytes', () => {
  const text = engine.requestText('{"query":"describe"}');
  assert.ok(text.startsWith('{"ok":true'));
  assert.deepEqual(engine.request('{"query":"describe"}'), JSON.parse(text));
});

for (const c of badInputs()) {
  test(`bad input: ${c.name} -> ${c.code} at "${c.path}"`, () => {
    const r = JSON.parse(engine.requestBytes(badInputBytes(c)));
    assert.equal(r.ok, false);
    assert.equal(r.error.code, c.code, r.error.message);
    assert.equal(r.error.path, c.path, r.error.message);
    assert.equal(typeof r.error.message, 'string');
  });
}

test('1,000 requests leave bytesInUse where it started', () => {
  const requests = [
    ...scenarioFiles().map((f) => JSON.stringify(loadScenario(f).request)),
    ...badInputs().filter((c) => !c.generate).map((c) => badInputBytes(c)),
  ];
  const before = engine.bytesInUse();
  for (let i = 0; i < 1000; i++) {
    const req = requests[i % requests.length];
    if (typeof req === 'string') engine.requestText(req);
    else engine.requestBytes(req);
    assert.equal(engine.bytesInUse(), before, `request ${i} leaked`);
  }
});

test('heapBytes reports the WebAssembly memory: whole 64 KiB pages, never shrinking', () => {
  const before = engine.heapBytes();
  assert.ok(before >= 4 * 1024 * 1024, 'at least the 4 MiB the build starts with');
  assert.equal(before % 65536, 0);
  engine.requestText('{"query":"describe"}');
  assert.ok(engine.heapBytes() >= before);
});

test('requestText sends the same bytes as requestBytes, and a lone surrogate is still bad_json', () => {
  const text = '{"system":"godsgloom","query":"Überläufer ✓ 𝄞"}';
  assert.equal(engine.requestText(text), engine.requestBytes(new TextEncoder().encode(text)));
  const lone = JSON.parse(engine.requestText('{"query":"describe","x":"\ud800"}'));
  assert.equal(lone.ok, false);
  assert.equal(lone.error.code, 'bad_json');
});

test('AL-LAT-2 AL-MOV-1 AL-MOV-3 AL-ORD-2 the engine\'s own words count in the singular where the number is one', () => {
  // a sortie with 2 icons steps forward once (1 point), then a half step (1 point): none left
  const ask = (icons, steps) => engine.request({ system: 'arcane-legions', query: 'move', units: [{ id: 'a', side: 'red', x: 0, y: 0, facing: 90, base: 'sortie', movementIcons: icons }],
    order: { unit: 'a', actions: steps.map((distance) => ({ step: 'forward', distance })) } });
  const one = ask(2, [1]);
  assert.equal(one.ok, true);
  assert.equal(one.result.actions[0].events[0].message, 'moved forward 1 step');
  const trace = one.result.trace.map((t) => t.message);
  assert.ok(trace.includes('a move order to a sortie base costs 1 order point'), trace.join(' | '));
  assert.ok(trace.includes('2 ready movement icons give 2 movement points'), trace.join(' | '));
  assert.ok(trace.includes('movement ends (actions); 1 unspent point is lost'), trace.join(' | '));
  const none = ask(2, [1, 0.5]);
  assert.equal(none.result.actions[1].events[0].message, 'moved forward 0.5 steps');
  assert.ok(none.result.trace.some((t) => t.message === 'movement ends (points); no points were left'), none.result.trace.map((t) => t.message).join(' | '));
  assert.ok(ask(1, [1]).result.trace.some((t) => t.message === '1 ready movement icon gives 1 movement point'));
});
