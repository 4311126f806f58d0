// Runs the engine under valgrind (memcheck) over every scenario request and every bad-input case
// that is not generated (the generated ones are 4 MiB variations of the same paths), and requires
// no error and no leaked or still-reachable byte. Prints failures and ends with
// "valgrind: N passed, N failed (R requests)"; exits 1 when any failed.
//   node tests/tools/valgrind.mjs
// All requests go through build/movecalc-lines in ONE valgrind process (valgrind's start-up costs
// about a second a process, which made one run per request take minutes); movecalc-lines also
// checks mc_bytes_in_use after each request. The CLI itself (file reading, exit codes) is run
// under valgrind on a sample: one request per scenario folder and one bad input per file.
// Valgrind's own error exit code is 99, because the CLI exits 1 for every "ok": false answer;
// the logs must also say "ERROR SUMMARY: 0 errors" and "All heap blocks were freed".
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, relative } from 'node:path';
import { badInputBytes, badInputs, loadScenario, nativeCli, root, scenarioFiles } from '../js/util.mjs';
import { linesTool } from '../reliability/native.mjs';

const dir = mkdtempSync(join(tmpdir(), 'movecalc-valgrind-'));
const requests = [
  ...scenarioFiles().map((f) => ({ name: relative(root, f), group: basename(dirname(f)), bytes: Buffer.from(JSON.stringify(loadScenario(f).request)) })),
  ...badInputs().filter((c) => !c.generate).map((c) => ({ name: `bad-inputs/${c.file}: ${c.name}`, group: `bad-inputs/${c.file}`, bytes: badInputBytes(c) })),
];
const memcheck = ['--error-exitcode=99', '--leak-check=full', '--show-leak-kinds=all', '--errors-for-leak-kinds=all'];

function valgrind(args, input, log) {
  return new Promise((resolve) => {
    const p = spawn('valgrind', [...memcheck, `--log-file=${log}`, ...args], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out = [];
    p.stdout.on('data', (d) => out.push(d));
    p.on('close', (status) => {
      const text = readFileSync(log, 'utf8');
      const clean = /ERROR SUMMARY: 0 errors/.test(text) && /All heap blocks were freed/.test(text);
      resolve({ status, clean, log: text, out: Buffer.concat(out).toString() });
    });
    p.stdin.end(input ?? '');
  });
}

function excerpt(log) {
  return log.split('\n').filter((l) => /==\d+== (  |Invalid|Conditional|Use of|.*lost|.*reachable|ERROR)/.test(l)).slice(0, 30).join('\n');
}

let passed = 0, failed = 0;
const t0 = Date.now();

// Every request through movecalc-lines: framed as "length\n" + bytes (tests/tools/lines.c).
const framed = Buffer.concat(requests.flatMap((r) => [Buffer.from(`${r.bytes.length}\n`), r.bytes]));
const all = await valgrind([linesTool], framed, join(dir, 'lines.log'));
const answered = all.out.split('\n').filter((l) => l.startsWith('{"ok":')).length;
if (all.status === 0 && all.clean && answered === requests.length) passed += requests.length;
else {
  failed += requests.length - Math.min(answered, requests.length) || 1;
  console.log(`FAIL movecalc-lines over ${requests.length} requests (exit ${all.status}, ${answered} answered)`);
  console.log(excerpt(all.log));
}

// The CLI on a sample: the first request of each group.
const seen = new Set();
const sample = requests.filter((r) => !seen.has(r.group) && seen.add(r.group));
for (const [i, r] of sample.entries()) {
  const file = join(dir, `request-${i}.json`);
  writeFileSync(file, r.bytes);
  const run = await valgrind([nativeCli, file], null, join(dir, `cli-${i}.log`));
  // The CLI's own exit codes: 0 ok, 1 an answer with "ok": false. Anything else is a failure.
  if ((run.status === 0 || run.status === 1) && run.clean && run.out.startsWith('{"ok":')) passed++;
  else {
    failed++;
    console.log(`FAIL CLI ${r.name} (exit ${run.status})`);
    console.log(excerpt(run.log));
  }
}
rmSync(dir, { recursive: true, force: true });
console.log(`valgrind: ${passed} passed, ${failed} failed (${requests.length} requests in one process, ${sample.length} through the CLI, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(failed ? 1 : 0);
