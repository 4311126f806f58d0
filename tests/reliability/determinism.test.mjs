// Determinism: 10,000 random requests (tests/reliability/gen.mjs, a fixed seed) get byte-identical
// responses from the native engine and the WebAssembly engine, and the same request asked again
// (after every other request, in reverse order) gets the same bytes from each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { randomRequests } from './gen.mjs';
import { nativeAnswers } from './native.mjs';

const COUNT = 10000;
const engine = await createEngine();
const requests = randomRequests(COUNT);

function show(bytes) {
  return JSON.stringify(bytes.toString('latin1').slice(0, 300));
}

test(`${COUNT} random requests: native and WebAssembly answer byte for byte alike, twice`, (t) => {
  const reversed = [...requests].reverse();
  const native = nativeAnswers([...requests, ...reversed]);
  const before = engine.bytesInUse();
  const wasm = requests.map((b) => engine.requestBytes(b));
  const wasmAgain = reversed.map((b) => engine.requestBytes(b)).reverse();
  assert.equal(engine.bytesInUse(), before, 'the WebAssembly engine kept bytes');
  const codes = {};
  for (let i = 0; i < COUNT; i++) {
    const n = native[i], nAgain = native[2 * COUNT - 1 - i];
    if (n !== wasm[i]) assert.fail(`request ${i} ${show(requests[i])}\nnative: ${n.slice(0, 400)}\nwasm:   ${wasm[i].slice(0, 400)}`);
    if (n !== nAgain) assert.fail(`request ${i} ${show(requests[i])}: the native engine answered differently the second time`);
    if (wasm[i] !== wasmAgain[i]) assert.fail(`request ${i} ${show(requests[i])}: WebAssembly answered differently the second time`);
    const r = JSON.parse(n);
    const key = r.ok ? `ok ${r.system ?? ''} ${r.query}` : r.error.code;
    codes[key] = (codes[key] ?? 0) + 1;
  }
  t.diagnostic(`answers: ${JSON.stringify(codes)}`);
});
