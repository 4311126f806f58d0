// Determinism: 10,000 random requests (tests/reliability/gen.mjs, a fixed seed) get byte-identical
// responses from the native engine and the WebAssembly engine, and the same request asked again
// (after every other request, in reverse order) gets the same bytes from each. Most of them are
// refused as bad input; besides them, at least 10,000 rulings on random battlefields, of every
// query of every game that describe lists, are compared the same way.
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine } from '../../wasm/movecalc.mjs';
import { randomRequests, rulingRequests } from './gen.mjs';
import { nativeAnswers } from './native.mjs';
import { loadScenario, nativeCli, scenarioFiles } from '../js/util.mjs';

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

const RULINGS = 10000;

test(`at least ${RULINGS} rulings on random battlefields, of every query of every game: native --lines and WebAssembly answer byte for byte alike`, (t) => {
  const described = engine.request({ query: 'describe' }).result;
  const scenarios = scenarioFiles().map((f) => loadScenario(f).request);
  const groups = described.systems.flatMap((s) => s.queries.map((q) => ({
    system: s.id, query: q.name, hex: s.board === 'hex',
    requests: scenarios.filter((r) => r.system === s.id && r.query === q.name),
  })));
  // About four in five of them stay rulings (the rest move a unit off the board or onto another).
  const asked = rulingRequests(groups, 13500);
  const input = Buffer.concat(asked.flatMap((a) => [a.bytes, Buffer.from('\n')]));
  const run = spawnSync(nativeCli, ['--lines', '-'], { input, maxBuffer: 1 << 30 });
  assert.equal(run.status, 0, run.stderr.toString());
  const native = run.stdout.toString('utf8').split('\n').slice(0, -1);
  assert.equal(native.length, asked.length);
  const before = engine.bytesInUse();
  const rulings = Object.fromEntries(groups.map((g) => [`${g.system} ${g.query}`, 0]));
  let total = 0;
  asked.forEach((a, i) => {
    const wasm = engine.requestBytes(a.bytes);
    if (wasm !== native[i]) assert.fail(`request ${i} ${show(a.bytes)}\nnative: ${native[i].slice(0, 400)}\nwasm:   ${wasm.slice(0, 400)}`);
    const r = JSON.parse(wasm);
    if (r.ok) {
      assert.equal(`${r.system} ${r.query}`, `${a.system} ${a.query}`);
      rulings[`${a.system} ${a.query}`]++;
      total++;
    }
  });
  assert.equal(engine.bytesInUse(), before, 'the WebAssembly engine kept bytes');
  t.diagnostic(`rulings: ${total} of ${asked.length}; per query ${JSON.stringify(rulings)}`);
  assert.ok(total >= RULINGS, `${total} rulings, fewer than ${RULINGS}`);
  for (const [key, n] of Object.entries(rulings)) assert.ok(n > 0, `no ruling of ${key}`);
});
