// One timing method for both builds. bench/bench_native.c implements the same steps in C:
//   warm-up: single runs, at least `warmup` of them and for at least `warmupNs` (so that V8 has
//   tiered the WebAssembly up), t1 = the median of the last `warmup`;
//   batch = max(1, floor(targetNs / t1)); samples = clamp(floor(budgetNs / (batch * t1)), min, max);
//   each sample times `batch` runs back to back and records the time per run;
//   median, p10, p90 (nearest rank) and min over the samples.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const nativeBench = fileURLToPath(new URL('../build/movecalc-bench', import.meta.url));

const now = () => Number(process.hrtime.bigint());

export function percentile(sorted, p) {
  let rank = Math.ceil((p / 100) * sorted.length - 1e-9);
  if (rank < 1) rank = 1;
  if (rank > sorted.length) rank = sorted.length;
  return sorted[rank - 1];
}

/** Times fn() with the method above; returns {batch, samples, medianNs, p10Ns, p90Ns, minNs}. */
export function measure(fn, cfg) {
  const keep = Math.max(1, cfg.warmup);
  const warm = new Array(keep);
  const start = now();
  for (let runs = 0; runs < keep || now() - start < cfg.warmupNs; runs++) {
    const t0 = now();
    fn();
    warm[runs % keep] = now() - t0;
  }
  warm.sort((a, b) => a - b);
  const t1 = Math.max(1, warm[Math.floor(warm.length / 2)]);
  const batch = Math.max(1, Math.floor(cfg.targetNs / t1));
  let samples = Math.floor(cfg.budgetNs / (batch * t1));
  samples = Math.min(cfg.maxSamples, Math.max(cfg.minSamples, samples));
  const per = new Array(samples);
  for (let s = 0; s < samples; s++) {
    const t0 = now();
    for (let b = 0; b < batch; b++) fn();
    per[s] = (now() - t0) / batch;
  }
  per.sort((a, b) => a - b);
  return { batch, samples, medianNs: percentile(per, 50), p10Ns: percentile(per, 10), p90Ns: percentile(per, 90), minNs: per[0] };
}

/** FNV-1a (32 bit) over the UTF-8 bytes of a string; bench_native.c prints the same. */
export function fnv1a(text) {
  let h = 2166136261;
  for (const byte of Buffer.from(text, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

/** Runs build/movecalc-bench over request files; returns one result object per file. */
export function runNative(files, cfg) {
  if (!existsSync(nativeBench)) throw new Error(`${nativeBench} is missing: run bin/build`);
  const args = ['--target-ns', String(cfg.targetNs), '--budget-ns', String(cfg.budgetNs),
    '--min-samples', String(cfg.minSamples), '--max-samples', String(cfg.maxSamples),
    '--warmup', String(cfg.warmup), '--warmup-ns', String(cfg.warmupNs), ...files];
  const r = spawnSync(nativeBench, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  if (r.status !== 0) throw new Error(`movecalc-bench failed (${r.status}): ${r.stderr}`);
  return r.stdout.trim().split('\n').map((line) => JSON.parse(line));
}

/** Least-squares slope of log(time) against log(n): the growth exponent. */
export function fitExponent(points) {
  const pts = points.filter((p) => p.n > 0 && p.ns > 0);
  if (pts.length < 2) return null;
  const xs = pts.map((p) => Math.log(p.n)), ys = pts.map((p) => Math.log(p.ns));
  const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
  let sxy = 0, sxx = 0;
  for (let i = 0; i < xs.length; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
  }
  return sxx > 0 ? sxy / sxx : null;
}
