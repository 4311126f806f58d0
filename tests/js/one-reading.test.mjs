// One reading of the input (docs/api.md "Requests"): the native CLI's --lines, the JS CLI's --lines
// and every shape of the JavaScript engine (the all-in-one module, one module per game, several
// modules routed by the request's "system") give the same bytes for the same text. RFC 8259 is
// the reference: only space, tab, LF and CR are whitespace (§2); no byte below 0x20 unescaped in a
// string (§7); names should be unique (§4), which movecalc makes a refusal, at the repeated name's
// path. A line over MC_MAX_REQUEST_BYTES is answered `limit` by both CLIs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { lines } from '../../bin/lines.mjs';
import { badInputBytes, badInputs, loadScenario, nativeCli, root, scenarioFiles } from './util.mjs';

const jsCli = join(root, 'bin', 'movecalc.mjs');
const dir = mkdtempSync(join(tmpdir(), 'movecalc-reading-'));
const core = await createEngine();
const limits = core.request({ query: 'describe' }).result.limits;
const systems = core.request({ query: 'describe' }).result.systems.map((s) => s.id);
const several = await createEngine({ systems });
const single = new Map(await Promise.all(systems.map(async (id) => [id, await createEngine({ systems: [id] })])));

// One request per game that gets a ruling (the first such scenario's), the texts every variant
// below starts from.
const firstOf = (id) => scenarioFiles().filter((f) => f.includes(`/scenarios/${id}/`))
  .map((f) => JSON.stringify(loadScenario(f).request)).find((text) => core.request(text).ok);
const valid = systems.map(firstOf);

const CONTROLS = Array.from({ length: 0x20 }, (_, c) => c).filter((c) => c !== 0x0a); // LF ends a line
const WHITESPACE = new Set([0x09, 0x0a, 0x0d, 0x20]); // RFC 8259 §2

/** The texts of the comparison, each with what RFC 8259 makes of it (null: no expectation). */
function cases() {
  const out = [];
  for (const text of valid) {
    for (const c of CONTROLS) {
      const ch = String.fromCharCode(c);
      // Between tokens: whitespace only if it is one of the four.
      out.push({ bytes: Buffer.from(text.replace('{', `{${ch}`)), expect: WHITESPACE.has(c) ? 'ok' : 'bad_json' });
      // Inside the system's name: never allowed unescaped.
      out.push({ bytes: Buffer.from(text.replace(/"system":"/, `"system":"${ch}`)), expect: 'bad_json' });
    }
    out.push({ bytes: Buffer.from(`\ufeff${text}`), expect: 'bad_json' }); // §8.1: no byte order mark
  }
  // A system given twice, every ordered pair of games: the first-wins and last-wins readings differ.
  for (const a of systems) {
    for (const b of systems) {
      if (a === b) continue;
      const text = firstOf(b).replace(/^\{/, `{"system":"${a}",`);
      out.push({ bytes: Buffer.from(text), expect: 'bad_request', path: 'system' });
    }
  }
  for (const c of badInputs().filter((x) => !x.generate)) out.push({ bytes: badInputBytes(c), expect: c.code, path: c.path });
  // What a line cannot carry: a line feed, a final CR (taken as the line's end), a blank line.
  return out.filter((c) => !c.bytes.includes(0x0a) && c.bytes.at(-1) !== 0x0d && !/^[ \t]*$/.test(c.bytes.toString('latin1')));
}

const all = cases();

function nativeLines(input) {
  const run = spawnSync(nativeCli, ['--lines', '-'], { input, maxBuffer: 1 << 28 });
  assert.equal(run.status, 0, run.stderr.toString());
  return run.stdout.toString();
}

function jsLines(file) {
  const run = spawnSync(process.execPath, [jsCli, '--lines', file], { maxBuffer: 1 << 28 });
  assert.equal(run.status, 0, run.stderr.toString());
  return run.stdout.toString();
}

test(`RFC 8259 §2 §4 §7 §8.1: ${all.length} texts get the same bytes from native --lines, the JS CLI's --lines and every engine shape`, () => {
  const input = Buffer.concat(all.flatMap((c) => [c.bytes, Buffer.from('\n')]));
  const file = join(dir, 'cases.jsonl');
  writeFileSync(file, input);
  const native = nativeLines(input).split('\n').slice(0, -1);
  const js = jsLines(file).split('\n').slice(0, -1);
  assert.equal(native.length, all.length);
  assert.deepEqual(js, native);
  const counts = {};
  all.forEach((c, i) => {
    const label = `case ${i} ${JSON.stringify(c.bytes.toString('latin1').slice(0, 120))}`;
    const n = native[i];
    const r = JSON.parse(n);
    const code = r.ok ? 'ok' : r.error.code;
    counts[code] = (counts[code] ?? 0) + 1;
    if (c.expect) assert.equal(code, c.expect, `${label}: ${n.slice(0, 300)}`);
    if (c.path !== undefined) assert.equal(r.error.path, c.path, label);
    assert.equal(core.requestBytes(c.bytes), n, `${label}: the all-in-one module`);
    assert.equal(several.requestBytes(c.bytes), n, `${label}: several modules, from bytes`);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(c.bytes);
    if (Buffer.from(text).equals(c.bytes)) {
      assert.equal(several.requestText(text), n, `${label}: several modules, from text`);
      assert.equal(core.requestText(text), n, `${label}: the all-in-one module, from text`);
    }
    // A text refused while it is read is refused alike by a module of any game.
    if (!r.ok && (code === 'bad_json' || / is given twice$/.test(r.error.message))) {
      for (const [id, engine] of single) assert.equal(engine.requestBytes(c.bytes), n, `${label}: the ${id} module`);
    }
  });
  for (const code of ['ok', 'bad_json', 'bad_request']) assert.ok(counts[code] > 0, `no ${code} answer among the cases: ${JSON.stringify(counts)}`);
});

test('RFC 8259 §4: a name given twice is refused at its path in each engine shape, whichever module the request would go to', () => {
  for (const id of systems) {
    const text = firstOf(id).replace(/^\{/, '{"query":"describe",');
    const expected = JSON.parse(core.requestText(text));
    assert.equal(expected.ok, false, text.slice(0, 120));
    assert.equal(expected.error.code, 'bad_request');
    assert.equal(expected.error.path, 'query');
    assert.equal(several.requestText(text), core.requestText(text), id);
    assert.equal(single.get(id).requestText(text), core.requestText(text), id);
  }
  // describe asked twice of several modules: one module's error, not a merge.
  const twice = '{"query":"describe","query":"describe"}';
  assert.equal(several.requestText(twice), core.requestText(twice));
});

test('MC_MAX_REQUEST_BYTES: a line over the limit is answered limit by both CLIs, also with a NUL beyond the limit', () => {
  const big = limits.MC_MAX_REQUEST_BYTES;
  const pad = 'x'.repeat(big);
  const over = Buffer.from(`{"query":"describe","x":"${pad}"}`);
  const nulBeyond = Buffer.concat([over, Buffer.from([0]), Buffer.from('"}')]);
  const input = Buffer.concat([over, Buffer.from('\n'), nulBeyond, Buffer.from('\n{"query":"describe"}\n')]);
  const file = join(dir, 'big.jsonl');
  writeFileSync(file, input);
  const native = nativeLines(input).split('\n').slice(0, -1);
  const js = jsLines(file).split('\n').slice(0, -1);
  assert.equal(native.length, 3);
  assert.deepEqual(js, native);
  for (const line of native.slice(0, 2)) assert.equal(JSON.parse(line).error.code, 'limit', line.slice(0, 200));
  assert.equal(JSON.parse(native[2]).ok, true);
});

test('the JS CLI splits lines in time linear in the input: a 32 MB line in 64 KB chunks is copied once', async () => {
  const CHUNK = 64 * 1024;
  const N = 512; // 32 MB
  const chunk = Buffer.alloc(CHUNK, 0x20);
  async function* input() {
    for (let i = 0; i < N; i++) yield chunk;
    yield Buffer.from('x\ny');
  }
  // Buffer.concat is where joining costs: count the bytes it copies.
  const concat = Buffer.concat;
  let copied = 0;
  Buffer.concat = (list, ...rest) => {
    const out = concat.call(Buffer, list, ...rest);
    copied += out.length;
    return out;
  };
  const got = [];
  try {
    for await (const line of lines(input())) got.push(line.length);
  } finally {
    Buffer.concat = concat;
  }
  assert.deepEqual(got, [N * CHUNK + 1, 1]);
  // Each byte is copied at most once (quadratic joining copies ~N/2 times as many).
  assert.ok(copied <= N * CHUNK + 2, `${copied} bytes copied for a ${N * CHUNK + 1}-byte line`);
});
