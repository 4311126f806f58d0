// The per-system engine modules (createEngine({systems})): what each one holds, the error for a
// system it does not hold (docs/api.md, system_not_loaded), loading more later, and an engine of
// several modules answering as the all-in-one one does. Byte identity with the native build on
// every scenario file is checked in scenarios.test.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, MovecalcError, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { fileURLToPath } from 'node:url';
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

const coded = (code, pattern) => (e) => e instanceof MovecalcError && e.code === code && pattern.test(e.message);

test('createEngine refuses unknown systems, an empty list, and one wasm file for several modules, with a MovecalcError and its code', async () => {
  await assert.rejects(createEngine({ systems: ['chess'] }), coded('unknown_system', /unknown system "chess"/));
  await assert.rejects(createEngine({ systems: [] }), coded('bad_request', /non-empty array/));
  await assert.rejects(createEngine({ systems: ['godsgloom', 'torn-world'], wasmBinary: new Uint8Array(8) }), coded('bad_request', /give one system/));
  await assert.rejects(createEngine({ systems: ['godsgloom'], locateFile: 'dist/' }), coded('bad_request', /locateFile must be a function/));
});

test('locateFile is asked, by file name, for every module createEngine and loadSystems load', async () => {
  const dist = fileURLToPath(new URL('../../wasm/dist/', import.meta.url));
  const asked = [];
  const engine = await createEngine({ systems: ['godsgloom', 'torn-world'], locateFile: (name) => { asked.push(name); return dist + name; } });
  await engine.loadSystems(['ninth-age']);
  assert.deepEqual(asked.sort(), ['movecalc-godsgloom.wasm', 'movecalc-ninth-age.wasm', 'movecalc-torn-world.wasm']);
  assert.deepEqual(engine.systems, ['ninth-age', 'godsgloom', 'torn-world']);
});

test('a .wasm that cannot be read is a load_failed MovecalcError naming the file and locateFile, also from loadSystems', async () => {
  const nowhere = (name) => `/nonexistent/${name}`;
  await assert.rejects(createEngine({ systems: ['godsgloom'], locateFile: nowhere }),
    coded('load_failed', /\/nonexistent\/movecalc-godsgloom\.wasm: .*locateFile/));
  const engine = await createEngine({ systems: ['godsgloom'] });
  const broken = await createEngine({ systems: ['godsgloom'], wasmBinary: await import('node:fs/promises').then((fs) => fs.readFile(new URL('../../wasm/dist/movecalc-godsgloom.wasm', import.meta.url))), locateFile: nowhere });
  await assert.rejects(broken.loadSystems(['torn-world']), coded('load_failed', /movecalc-torn-world\.wasm/));
  assert.deepEqual(engine.systems, ['godsgloom']);
});

test('a position the engine cannot open is a MovecalcError with the engine\'s code, path and response', () => {
  assert.throws(() => all.open({ system: 'godsgloom', bogus: 1 }), (e) => e instanceof MovecalcError && e.code === 'bad_request' &&
    e.path === 'bogus' && e.response.ok === false && e.response.error.code === 'bad_request');
});
