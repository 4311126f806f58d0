// Writes the fuzzers' seed corpus into the folder given as argument: the request of every
// tests/scenarios/*/*.json, every case of tests/bad-inputs/*.json and of tests/limits/*.json (the
// envelope's and the rule sets' worst cases) that is at most MAX_SEED bytes, each as one file named
// by its SHA-1 (as libFuzzer names its own). The seeds are made afresh on every run from whatever
// the rule sets have committed; they are never committed themselves (the minimized corpus of
// tests/fuzz/corpus/ is).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { badInputBytes, badInputs, limitCases, loadScenario, scenarioFiles } from '../js/util.mjs';

// bin/fuzz's -max_len: libFuzzer would cut a longer seed short, into JSON that ends early. The
// worst cases of 500 terrain pieces (Arcane Legions, The Ninth Age's pursuit) are larger, about
// 860 KB: tests/c/test_limits.c and tests/reliability/limits.test.mjs run them.
const MAX_SEED = 128 * 1024;
// Worst cases that broke bin/fuzz's bounds in the fuzz build (ASan, UBSan, coverage) on the shared
// 2-core machine: over 256 MB of memory, or over the -timeout for the target's two answers (2 s when
// they were measured; 1 s now, with the fuzz build's lower work and path caps, CMakeLists.txt)
// (some took 1-2 s alone, and over 2 s when the machine was busy). A seed over a bound stops the
// run at once as a finding. Each name is a case of tests/limits/*.json; the engine's work budget
// is to bring them under the bounds, and then they leave this list.
const TOO_SLOW = new Set([
  // cc-ancients.json: 1.1-2.8 s, and 1.2-3.7 s
  'retreat: 64 flags x 5 hexes on a 200 x 200 board, 1000 units, four rows of blockers',
  'retreat: 64 flags on an open 200 x 200 board (paths capped at CCA_MAX_LISTED_PATHS)',
  // godsgloom.json: 278 MB; 1.8-2.8 s; 270 MB
  'reach, 200 x 200 board, 1,000 units, Speed 1000, whole paths asked (4.5 million path hexes: answered in the parent form, MC_MAX_PATH_OUTPUT)',
  'reach, 200 x 200 board, 1,000 units, Speed 1000, parent paths',
  'reach, Flying Teleport over the 200 x 200 board, Speed 1000, 64 reconnaissance hexes',
  // torn-world.json: 2.3-3.1 s; over 2 s; over 2 s
  'reach, Infantry running 1000 on a 200 x 200 board with 1,000 miniatures, whole paths asked (2.2 million path hexes: answered in the parent form, MC_MAX_PATH_OUTPUT)',
  'reach, Infantry running 1000 on a 200 x 200 board with 1,000 miniatures, parent paths',
  'reach, a 7-hexon Huge running 1000 on a 200 x 200 board with 999 Infantry to eject',
]);
const out = process.argv[2];
if (!out) {
  console.error('usage: node tests/fuzz/seeds.mjs OUTDIR');
  process.exit(2);
}
mkdirSync(out, { recursive: true });
const seeds = [
  ...scenarioFiles().map((f) => Buffer.from(JSON.stringify(loadScenario(f).request))),
  ...badInputs().map(badInputBytes),
  ...limitCases().filter((c) => !TOO_SLOW.has(c.name)).map(badInputBytes),
];
let written = 0;
for (const bytes of seeds) {
  if (bytes.length > MAX_SEED) continue;
  writeFileSync(join(out, createHash('sha1').update(bytes).digest('hex')), bytes);
  written++;
}
console.log(`${written} seeds in ${out}`);
