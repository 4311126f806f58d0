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
