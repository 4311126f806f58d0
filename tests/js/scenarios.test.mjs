// Every scenario through WebAssembly: the response matches the expected result, and its bytes are
// exactly those the native CLI prints for the same request, from the all-in-one module and from
// the module of the scenario's own rule set alone (the page loads only that one).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { loadScenario, nativeCli, root, scenarioFiles, subsetMismatch } from './util.mjs';

const engine = await createEngine();
const single = Object.fromEntries(await Promise.all(SYSTEM_IDS.map(async (id) => [id, await createEngine({ systems: [id] })])));

function native(text) {
  try {
    return execFileSync(nativeCli, ['-'], { input: text, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 }).trimEnd();
  } catch (e) {
    return e.stdout.trimEnd(); // exit 1: a response with "ok": false
  }
}

for (const file of scenarioFiles()) {
  const s = loadScenario(file);
  test(`${relative(root, file)}: ${s.title}`, () => {
    const text = JSON.stringify(s.request);
    const wasm = engine.requestText(text);
    const mismatch = subsetMismatch(s.expected, JSON.parse(wasm), 'response');
    assert.equal(mismatch, null, `${mismatch}\n${wasm.slice(0, 2000)}`);
    assert.equal(wasm, native(text), 'native and WebAssembly answers differ');
    if (single[s.request.system]) {
      assert.equal(single[s.request.system].requestText(text), wasm, `the ${s.request.system} module alone answers otherwise`);
    }
  });
}

// A reason that names a unit other than the one moved says its name in its sentence (a Torn World
// player read "cannot end on a miniature it cannot eject" and looked for which: TW-EJ-6, GG-8.1-I,
// AL-TRN-3, 9A-CH-2, …). The movers: the request's unit or charger, and the units of its rows.
const movers = (q) => new Set([q.unit, q.charger, ...Object.values(q).filter(Array.isArray)
  .flatMap((rows) => rows.map((x) => x?.unit)).filter((u) => typeof u === 'string')]);
test('every scenario: a reason naming a unit other than the one moved says its name', () => {
  const unsaid = [];
  let named = 0;
  for (const file of scenarioFiles()) {
    const s = loadScenario(file), moved = movers(s.request);
    const walk = (o) => {
      if (!o || typeof o !== 'object') return;
      for (const r of Array.isArray(o.reasons) ? o.reasons : []) {
        if (typeof r.unit !== 'string' || moved.has(r.unit)) continue;
        named++;
        if (!r.message.includes(r.unit)) unsaid.push(`${relative(root, file)}: ${r.code} (${r.unit}): ${r.message}`);
      }
      Object.values(o).forEach(walk);
    };
    walk(engine.request(s.request).result);
  }
  assert.ok(named > 0, 'the scenarios hold such reasons');
  assert.deepEqual(unsaid, []);
});
