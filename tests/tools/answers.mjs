// Prints one line per request of the scenarios, the limits and the bad inputs: its name, then the
// exit code, the answer's length and its sha256, as the native CLI (build/movecalc) answers, or the
// WebAssembly engine with --wasm (the same lines). A change meant to keep behaviour is checked by
// running this before and after it and comparing the two files (docs/reliability.md).
//   node tests/tools/answers.mjs [--wasm] > answers.tsv
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { root, scenarioFiles, loadScenario, limitCases, badInputs, badInputBytes } from '../js/util.mjs';

const wasm = process.argv.includes('--wasm');
const requests = [
  ...scenarioFiles().map((f) => [relative(root, f), Buffer.from(JSON.stringify(loadScenario(f).request))]),
  ...limitCases().map((c) => [`limits/${c.file}: ${c.name}`, badInputBytes(c)]),
  ...badInputs().map((c) => [`bad-inputs/${c.file}: ${c.name}`, badInputBytes(c)]),
];

const sha = (b) => createHash('sha256').update(b).digest('hex');
let answer;
if (wasm) {
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const engine = await createEngine();
  // (the CLI's exit code: 0 for an ok answer, 1 for an error answer)
  answer = (bytes) => { const text = engine.requestBytes(bytes); return [JSON.parse(text).ok ? 0 : 1, Buffer.from(text)]; };
} else {
  const cli = join(root, 'build', 'movecalc');
  // (without the line break the CLI ends its answer with: the two builds' lines are then the same)
  answer = (bytes) => { const r = spawnSync(cli, ['-'], { input: bytes, maxBuffer: 1 << 30 }); return [r.status, r.stdout.at(-1) === 0x0a ? r.stdout.subarray(0, -1) : r.stdout]; };
}
for (const [name, bytes] of requests) {
  const [code, out] = answer(bytes);
  process.stdout.write(`${name}\t${code}\t${out.length}\t${sha(out)}\n`);
}
console.error(`${requests.length} requests answered`);
