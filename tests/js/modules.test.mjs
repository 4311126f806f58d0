// The per-system engine modules (createEngine({systems})): what each one holds, the error for a
// system it does not hold (docs/api.md, system_not_loaded), loading more later, and an engine of
// several modules answering as the all-in-one one does. Byte identity with the native build on
// every scenario file is checked in scenarios.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { loadScenario, scenarioFiles } from './util.mjs';

const all = await createEngine();

/** The first scenario request of a system's folder. */
function scenarioOf(system) {
  const file = scenarioFiles().find((f) => f.includes(`/scenarios/${system}/`));
  return JSON.stringify(loadScenario(file).request);
}

for (const id of SYSTEM_IDS) {
  test(`the ${id} module describes the engine and ${id} only, with that system's assumptions`, async () => {
    const one = await createEngine({ systems: [id] });
    assert.deepEqual(one.systems, [id]);
    const r = one.request({ query: 'describe' });
    assert.equal(r.ok, true);
    const whole = all.request({ query: 'describe' }).result;
    assert.deepEqual(r.result.systems, whole.systems.filter((s) => s.id === id));
    assert.deepEqual(r.result.assumptions, whole.assumptions.filter((a) => a.system === id));
    assert.deepEqual(r.result.limits, whole.limits);
    assert.equal(r.result.version, whole.version);
    // asked for itself, it answers what the all-in-one module answers, byte for byte
    assert.equal(one.requestText(JSON.stringify({ query: 'describe', system: id })),
      all.requestText(JSON.stringify({ query: 'describe', system: id })));
  });
}

test('a request for a system the module does not hold is system_not_loaded at "system"', async () => {
  const gg = await createEngine({ systems: ['godsgloom'] });
  for (const other of SYSTEM_IDS.filter((id) => id !== 'godsgloom')) {
    for (const text of [scenarioOf(other), JSON.stringify({ query: 'describe', system: other })]) {
      const r = JSON.parse(gg.requestText(text));
      assert.equal(r.ok, false);
      assert.equal(r.error.code, 'system_not_loaded', r.error.message);
      assert.equal(r.error.path, 'system');
      assert.match(r.error.message, new RegExp(`^${other} is not in this engine module, which holds godsgloom`));
    }
  }
  // a system no module knows is still unknown_system
  assert.equal(gg.request({ system: 'chess', query: 'move' }).error.code, 'unknown_system');
  assert.equal(gg.holds('godsgloom'), true);
  assert.equal(gg.holds('torn-world'), false);
});

test('loadSystems adds a rule set: then it answers as the all-in-one module does', async () => {
  const engine = await createEngine({ systems: ['torn-world'] });
  const text = scenarioOf('cc-ancients');
  assert.equal(engine.request(text).error.code, 'system_not_loaded');
  await Promise.all([engine.loadSystems(['cc-ancients']), engine.loadSystems(['cc-ancients'])]);
  assert.deepEqual(engine.systems, ['cc-ancients', 'torn-world']);
  assert.equal(engine.requestText(text), all.requestText(text));
  assert.equal(engine.requestBytes(new TextEncoder().encode(text)), all.requestText(text));
  assert.deepEqual(engine.request(JSON.parse(scenarioOf('torn-world'))), all.request(scenarioOf('torn-world')));
  // describe without a system: both modules' systems and assumptions, in the all-in-one order
  const d = engine.request({ query: 'describe' }).result;
  const whole = all.request({ query: 'describe' }).result;
  assert.deepEqual(d.systems, whole.systems.filter((s) => ['cc-ancients', 'torn-world'].includes(s.id)));
  assert.deepEqual(d.assumptions, whole.assumptions.filter((a) => ['cc-ancients', 'torn-world'].includes(a.system)));
  // text that is not JSON still gets the engine's own error
  assert.equal(engine.requestText('{"query":').startsWith('{"ok":false,"error":{"code":"bad_json"'), true);
});

test('every system loaded from its own module answers every scenario as the all-in-one module does', async () => {
  const engine = await createEngine({ systems: [...SYSTEM_IDS].reverse() });
  assert.deepEqual(engine.systems, SYSTEM_IDS);
  for (const file of scenarioFiles()) {
    const text = JSON.stringify(loadScenario(file).request);
    if (JSON.parse(text).query === 'describe') continue; // merged from the modules' answers: above
    assert.equal(engine.requestText(text), all.requestText(text), file);
  }
  const before = engine.bytesInUse();
  engine.requestText(scenarioOf('ninth-age'));
  assert.equal(engine.bytesInUse(), before);
});

test('createEngine refuses unknown systems, an empty list, and one wasm file for several modules', async () => {
  await assert.rejects(createEngine({ systems: ['chess'] }), /unknown system "chess"/);
  await assert.rejects(createEngine({ systems: [] }), TypeError);
  await assert.rejects(createEngine({ systems: ['godsgloom', 'torn-world'], wasmBinary: new Uint8Array(8) }), /give one system/);
});
