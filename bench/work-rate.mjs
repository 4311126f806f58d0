// How many of the engine's work units a millisecond of WebAssembly spends (docs/performance.md
// "Same-frame rulings"): for each seed and busy request of the benchmark (bench/generate.mjs), the
// work it needs (the smallest engine.setWorkLimit under which it is answered, by bisection) and its
// median time, CPU time of this process. The page's budget for a drag's frame on its own thread
// (web/engine-client.js PAGE_WORK) is read from the slowest rate of a big search: 4 ms of it.
//   node bench/work-rate.mjs [--runs N]
import { createEngine } from '../wasm/movecalc.mjs';
import { latencyCases } from './generate.mjs';
import { PAGE_WORK } from '../web/engine-client.js';

const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1]) || 15;
const engine = await createEngine();
const limited = (text, units) => { engine.setWorkLimit(units); const r = JSON.parse(engine.requestText(text)); return r.ok === false && r.error.code === 'limit'; };

const rows = [];
for (const c of latencyCases().filter((k) => k.size === 'seed' || k.size === 'busy')) {
  if (limited(c.text, 1) === false) { rows.push({ id: c.id, units: 0 }); continue; } // no counted work
  let lo = 1, hi = 2;
  while (limited(c.text, hi)) { lo = hi; hi *= 2; }
  while (hi - lo > Math.max(1, hi >> 8)) { const mid = (lo + hi) >> 1; if (limited(c.text, mid)) lo = mid; else hi = mid; } // within 0.4 %
  engine.setWorkLimit(0);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.cpuUsage();
    engine.requestText(c.text);
    const t = process.cpuUsage(t0);
    times.push((t.user + t.system) / 1000);
  }
  times.sort((a, b) => a - b);
  const ms = times[Math.floor(times.length / 2)];
  rows.push({ id: c.id, units: hi, ms, perMs: hi / ms });
}
for (const r of rows) console.log(`${r.id.padEnd(72)} ${String(r.units).padStart(9)} units ${r.ms === undefined ? '' : `${r.ms.toFixed(3).padStart(8)} ms ${Math.round(r.perMs).toString().padStart(9)} units/ms`}`);
const slowest = Math.min(...rows.filter((r) => r.ms > 0.05).map((r) => r.perMs));
console.log(`slowest rate ${Math.round(slowest)} units/ms: 4 ms = ${Math.round(4 * slowest)} units (PAGE_WORK ${PAGE_WORK}); `
  + `within PAGE_WORK: ${rows.filter((r) => r.units <= PAGE_WORK).length} of ${rows.length}`);
