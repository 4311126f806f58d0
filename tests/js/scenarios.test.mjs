// Every scenario through WebAssembly: the response matches the expected result, and its bytes are
// exactly those the native CLI prints for the same request.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';
import { createEngine } from '../../wasm/movecalc.mjs';
import { loadScenario, nativeCli, root, scenarioFiles, subsetMismatch } from './util.mjs';

const engine = await createEngine();

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
  });
}
