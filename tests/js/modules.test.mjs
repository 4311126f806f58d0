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
/** The games, from describe (in the all-in-one module's order), and a few to load in the tests below. */
const GAMES = all.request({ query: 'describe' }).result.systems.map((s) => s.id);
const [one, two, three] = GAMES.slice(-3);
/** `ids` in the all-in-one module's order, as an engine lists the systems it holds. */
const inOrder = (ids) => GAMES.filter((id) => ids.includes(id));

/** The first scenario request of a system's folder. */
function scenarioOf(system) {
  const file = scenarioFiles().find((f) => f.includes(`/scenarios/${system}/`));
  return JSON.stringify(loadScenario(file).request);
}

test('describe lists the games the wrapper knows', () => {
  assert.ok(GAMES.length >= 3);
  assert.deepEqual(GAMES, SYSTEM_IDS);
});

for (const id of GAMES) {
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
  const gg = await createEngine({ systems: [one] });
  for (const other of GAMES.filter((id) => id !== one)) {
    for (const text of [scenarioOf(other), JSON.stringify({ query: 'describe', system: other })]) {
      const r = JSON.parse(gg.requestText(text));
      assert.equal(r.ok, false);
      assert.equal(r.error.code, 'system_not_loaded', r.error.message);
      assert.equal(r.error.path, 'system');
      assert.match(r.error.message, new RegExp(`^${other} is not in this engine module, which holds ${one}`));
    }
  }
  // a system no module knows is still unknown_system
  assert.equal(gg.request({ system: 'chess', query: 'move' }).error.code, 'unknown_system');
  assert.equal(gg.holds(one), true);
  assert.equal(gg.holds(two), false);
});

test('loadSystems adds a rule set: then it answers as the all-in-one module does', async () => {
  const engine = await createEngine({ systems: [three] });
  const text = scenarioOf(two);
  assert.equal(engine.request(text).error.code, 'system_not_loaded');
  await Promise.all([engine.loadSystems([two]), engine.loadSystems([two])]);
  assert.deepEqual(engine.systems, inOrder([two, three]));
  assert.equal(engine.requestText(text), all.requestText(text));
  assert.equal(engine.requestBytes(new TextEncoder().encode(text)), all.requestText(text));
  assert.deepEqual(engine.request(JSON.parse(scenarioOf(three))), all.request(scenarioOf(three)));
  // describe without a system: both modules' systems and assumptions, in the all-in-one order
  const d = engine.request({ query: 'describe' }).result;
  const whole = all.request({ query: 'describe' }).result;
  assert.deepEqual(d.systems, whole.systems.filter((s) => [two, three].includes(s.id)));
  assert.deepEqual(d.assumptions, whole.assumptions.filter((a) => [two, three].includes(a.system)));
  // text that is not JSON still gets the engine's own error
  assert.equal(engine.requestText('{"query":').startsWith('{"ok":false,"error":{"code":"bad_json"'), true);
});

test('every system loaded from its own module answers every scenario as the all-in-one module does', async () => {
  const engine = await createEngine({ systems: [...GAMES].reverse() });
  assert.deepEqual(engine.systems, GAMES);
  for (const file of scenarioFiles()) {
    const text = JSON.stringify(loadScenario(file).request);
    if (JSON.parse(text).query === 'describe') continue; // merged from the modules' answers: above
    assert.equal(engine.requestText(text), all.requestText(text), file);
  }
  const before = engine.bytesInUse();
  engine.requestText(scenarioOf(GAMES[0]));
  assert.equal(engine.bytesInUse(), before);
});

const coded = (code, pattern) => (e) => e instanceof MovecalcError && e.code === code && pattern.test(e.message);

test('createEngine refuses unknown systems, an empty list, and one wasm file for several modules, with a MovecalcError and its code', async () => {
  await assert.rejects(createEngine({ systems: ['chess'] }), coded('unknown_system', /unknown system "chess"/));
  await assert.rejects(createEngine({ systems: [] }), coded('bad_request', /non-empty array/));
  await assert.rejects(createEngine({ systems: [one, two], wasmBinary: new Uint8Array(8) }), coded('bad_request', /give one system/));
  await assert.rejects(createEngine({ systems: [one], locateFile: 'dist/' }), coded('bad_request', /locateFile must be a function/));
});

test('locateFile is asked, by file name, for every module createEngine and loadSystems load', async () => {
  const dist = fileURLToPath(new URL('../../wasm/dist/', import.meta.url));
  const asked = [];
  const engine = await createEngine({ systems: [two, three], locateFile: (name) => { asked.push(name); return dist + name; } });
  await engine.loadSystems([GAMES[0]]);
  assert.deepEqual(asked.sort(), [GAMES[0], two, three].map((id) => `movecalc-${id}.wasm`).sort());
  assert.deepEqual(engine.systems, inOrder([GAMES[0], two, three]));
});

test('a .wasm that cannot be read is a load_failed MovecalcError naming the file and locateFile, also from loadSystems', async () => {
  const nowhere = (name) => `/nonexistent/${name}`;
  await assert.rejects(createEngine({ systems: [one], locateFile: nowhere }),
    coded('load_failed', new RegExp(`/nonexistent/movecalc-${one}\\.wasm: .*locateFile`)));
  const engine = await createEngine({ systems: [one] });
  const broken = await createEngine({ systems: [one], wasmBinary: await import('node:fs/promises').then((fs) => fs.readFile(new URL(`../../wasm/dist/movecalc-${one}.wasm`, import.meta.url))), locateFile: nowhere });
  await assert.rejects(broken.loadSystems([two]), coded('load_failed', new RegExp(`movecalc-${two}\\.wasm`)));
  assert.deepEqual(engine.systems, [one]);
});

test('a position the engine cannot open is a MovecalcError with the engine\'s code, path and response', () => {
  assert.throws(() => all.open({ system: one, bogus: 1 }), (e) => e instanceof MovecalcError && e.code === 'bad_request' &&
    e.path === 'bogus' && e.response.ok === false && e.response.error.code === 'bad_request');
});
