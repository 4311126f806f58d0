// Hard bounds through WebAssembly: every worst case of tests/limits/*.json is answered as the file
// expects, and with the same bytes as the native engine (tests/c/test_limits.c times them natively).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { badInputBytes, limitCases } from '../js/util.mjs';
import { nativeAnswers } from './native.mjs';

const engine = await createEngine();

for (const c of limitCases()) {
  test(`limits ${c.file}: ${c.name}`, () => {
    const bytes = badInputBytes(c);
    const before = engine.bytesInUse();
    const wasm = engine.requestBytes(bytes);
    assert.equal(engine.bytesInUse(), before, 'the WebAssembly engine kept bytes');
    const r = JSON.parse(wasm);
    if (c.ok) assert.equal(r.ok, true, wasm.slice(0, 300));
    else assert.deepEqual([r.error?.code, r.error?.path], [c.code, c.path], wasm.slice(0, 300));
    assert.equal(wasm, nativeAnswers([bytes])[0], 'native and WebAssembly answers differ');
  });
}
