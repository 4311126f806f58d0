// Writes the fuzzers' seed corpus into the folder given as argument: the request of every
// tests/scenarios/*/*.json, every case of tests/bad-inputs/*.json and tests/limits/engine.json that
// is at most MAX_SEED bytes, each as one file named by its SHA-1 (as libFuzzer names its own). The
// corpus is made afresh on every run from whatever the rule sets have committed; it is never
// committed itself.
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { badInputBytes, badInputs, limitCases, loadScenario, scenarioFiles } from '../js/util.mjs';

const MAX_SEED = 64 * 1024;
const out = process.argv[2];
if (!out) {
  console.error('usage: node tests/fuzz/seeds.mjs OUTDIR');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const seeds = [
  ...scenarioFiles().map((f) => Buffer.from(JSON.stringify(loadScenario(f).request))),
  ...badInputs().map(badInputBytes),
  // The envelope's worst cases only: a rule set's (tests/limits/<system>.json) take up to seconds
  // each, which would slow every execution of their mutations; tests/c/test_limits.c and
  // tests/reliability/limits.test.mjs run them.
  ...limitCases().filter((c) => c.file === 'engine.json').map(badInputBytes),
];
let written = 0;
for (const bytes of seeds) {
  if (bytes.length > MAX_SEED) continue;
  writeFileSync(join(out, createHash('sha1').update(bytes).digest('hex')), bytes);
  written++;
}
console.log(`${written} seeds in ${out}`);
