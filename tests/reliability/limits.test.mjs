// Hard bounds through WebAssembly: every worst case of tests/limits/*.json is answered as the file
// expects, with the same bytes as the native engine, within ten times its native budget (a fence
// against work that grows faster than the request, not a benchmark: CI machines are shared, so it
// counts this process's CPU time, not the wall clock).
// tests/c/test_limits.c holds the native build to the budget itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { badInputBytes, limitCases } from '../js/util.mjs';
import { nativeAnswers } from './native.mjs';

const engine = await createEngine();

for (const c of limitCases()) {
  // A case with "skip" is a known finding (its text says what goes wrong): skipped unless MC_LIMITS_ALL is set.
  const skip = c.skip && !process.env.MC_LIMITS_ALL ? `known finding: ${c.skip}` : false;
  test(`limits ${c.file}: ${c.name}`, { skip }, (t) => {
    const bytes = badInputBytes(c);
    const before = engine.bytesInUse();
    const start = process.cpuUsage();
    const wasm = engine.requestBytes(bytes);
    const used = process.cpuUsage(start);
    const seconds = (used.user + used.system) / 1e6;
    t.diagnostic(`${seconds.toFixed(3)} s of CPU for ${bytes.length} bytes`);
    assert.ok(seconds <= 10 * (c.seconds ?? 5), `took ${seconds.toFixed(1)} s of CPU`);
    assert.equal(engine.bytesInUse(), before, 'the WebAssembly engine kept bytes');
    const r = JSON.parse(wasm);
    if (c.ok) assert.equal(r.ok, true, wasm.slice(0, 300));
    else assert.deepEqual([r.error?.code, r.error?.path], [c.code, c.path], wasm.slice(0, 300));
    if (c.message) assert.ok(r.error?.message?.includes(c.message), wasm.slice(0, 300));
    assert.equal(wasm, nativeAnswers([bytes])[0], 'native and WebAssembly answers differ');
  });
}
