// MC_MAX_HEAP_BYTES bounds what the engine's memory really holds (docs/api.md "Limits"): the count
// behind bytesInUse() includes each block's header and the C library's own overhead, so positions
// made of many small values (a cJSON node per value) cannot hold more than the cap by being small.
// The WebAssembly memory, which also holds the request's text, static data and the stack and grows
// in steps of up to a fifth (Emscripten's geometric growth), stays within the bound docs/api.md gives.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';

const engine = await createEngine();

test('MC_MAX_HEAP_BYTES MC_MAX_POSITIONS: positions of small units opened at the size limit until out_of_memory; the WebAssembly memory stays within 1.2 × (cap + twice the request limit + its size at start)', () => {
  const limits = engine.request({ query: 'describe' }).result.limits;
  const system = engine.request({ query: 'describe' }).result.systems[0].id;
  // As many units as fit in one request: each a few small values, a cJSON node each.
  const unit = (i) => `{"id":"u${i}","x":${i % 97},"y":1}`;
  const units = [];
  for (let i = 0, size = 64; size + unit(i).length + 1 < limits.MC_MAX_REQUEST_BYTES; i++) {
    units.push(unit(i));
    size += unit(i).length + 1;
  }
  const text = `{"system":"${system}","units":[${units.join(',')}]}`;
  assert.ok(text.length <= limits.MC_MAX_REQUEST_BYTES);
  const start = engine.heapBytes();
  const before = engine.bytesInUse();
  const positions = [];
  let refused;
  while (positions.length < limits.MC_MAX_POSITIONS) {
    try {
      positions.push(engine.open(text));
    } catch (e) {
      refused = e.response?.error;
      break;
    }
    assert.ok(engine.bytesInUse() <= limits.MC_MAX_HEAP_BYTES, `${engine.bytesInUse()} bytes in use`);
  }
  assert.equal(refused?.code, 'out_of_memory', `${positions.length} positions opened, then ${JSON.stringify(refused)}`);
  assert.ok(positions.length >= 1);
  const bound = 1.2 * (limits.MC_MAX_HEAP_BYTES + 2 * limits.MC_MAX_REQUEST_BYTES + start);
  assert.ok(engine.heapBytes() <= bound, `WebAssembly memory ${(engine.heapBytes() / 2 ** 20).toFixed(1)} MiB, over ${(bound / 2 ** 20).toFixed(1)} MiB, with ${positions.length} positions`);
  for (const p of positions) p.close();
  assert.equal(engine.bytesInUse(), before);
});
