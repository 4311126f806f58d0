// Runs the native CLI under valgrind (memcheck) once per scenario request and per bad-input case
// that is not generated (the generated ones are 4 MiB variations of the same paths), and requires
// each run to report no error and no leaked or still-reachable byte. Prints a line per failure and
// ends with "valgrind: N passed, N failed (R requests)"; exits 1 when any failed.
//   node tests/tools/valgrind.mjs
// The CLI exits 1 for every "ok": false answer, so valgrind's own error exit code is 99 here, and
// its log is read as well: "ERROR SUMMARY: 0 errors" and "All heap blocks were freed".
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { badInputBytes, badInputs, loadScenario, nativeCli, root, scenarioFiles } from '../js/util.mjs';

const dir = mkdtempSync(join(tmpdir(), 'movecalc-valgrind-'));
const jobs = [
  ...scenarioFiles().map((f) => ({ name: relative(root, f), bytes: Buffer.from(JSON.stringify(loadScenario(f).request)) })),
  ...badInputs().filter((c) => !c.generate).map((c) => ({ name: `bad-inputs/${c.file}: ${c.name}`, bytes: badInputBytes(c) })),
];
jobs.forEach((job, i) => {
  job.file = join(dir, `request-${i}.json`);
  job.log = join(dir, `valgrind-${i}.log`);
  writeFileSync(job.file, job.bytes);
});

function run(job) {
  return new Promise((resolve) => {
    const args = ['--error-exitcode=99', '--leak-check=full', '--show-leak-kinds=all',
      '--errors-for-leak-kinds=all', `--log-file=${job.log}`, nativeCli, job.file];
    const p = spawn('valgrind', args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    p.stdout.on('data', (d) => { out += d; });
    p.on('close', (status) => {
      const log = readFileSync(job.log, 'utf8');
      const clean = /ERROR SUMMARY: 0 errors/.test(log) && /All heap blocks were freed/.test(log);
      // The CLI's own exit codes: 0 ok, 1 an answer with "ok": false. Anything else is a failure.
      const ok = (status === 0 || status === 1) && clean && out.startsWith('{"ok":');
      resolve({ job, ok, status, log });
    });
  });
}

let next = 0, passed = 0, failed = 0;
async function worker() {
  while (next < jobs.length) {
    const r = await run(jobs[next++]);
    if (r.ok) passed++;
    else {
      failed++;
      console.log(`FAIL ${r.job.name} (exit ${r.status})`);
      console.log(r.log.split('\n').filter((l) => /==\d+== (  |Invalid|Conditional|Use of|.*lost|.*reachable|ERROR)/.test(l)).slice(0, 30).join('\n'));
    }
  }
}
const t0 = Date.now();
await Promise.all(Array.from({ length: Math.max(1, availableParallelism()) }, worker));
rmSync(dir, { recursive: true, force: true });
console.log(`valgrind: ${passed} passed, ${failed} failed (${jobs.length} requests, ${((Date.now() - t0) / 1000).toFixed(1)} s)`);
process.exit(failed ? 1 : 0);
