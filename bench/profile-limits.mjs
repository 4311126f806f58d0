// The page at the limits, profiled (issue 34): where the page's thread spends a long task while a
// position of 1,000 units is opened from a link, a unit dragged and the view zoomed. Chromium's own
// trace (CDP Tracing: every task on the page's main thread, with its JS functions' samples) gives
// the longest tasks of each phase, and the self time of the functions, canvas calls and the
// browser's own work (layout, style, GC) inside the tasks over 50 ms.
//   node bench/profile-limits.mjs [system...] [--top N]      where the time goes (CPU profile)
//   node bench/profile-limits.mjs [system...] --tasks [--site DIR]
//   node bench/profile-limits.mjs [system...] --per-task [--top N] [--site DIR] [--cpu-over MS]
// --tasks: the longest tasks of each phase from Chromium's trace, in wall time and in the page
// thread's own CPU time (a trace event's `tdur`), which other jobs' load changes far less: on a
// shared machine a task's wall time is mostly waiting for a core. --site: another copy of the site.
// --per-task: each task over 50 ms apart, with what started it (a timer, an animation frame, a
// message, a script) and the functions its CPU profile's samples fell in (the trace and the profile
// share one clock), to tell which of the page's steps makes which long task.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../bin/serve.mjs';
import { testSite } from '../web/build-site.mjs';
import { SYSTEM_IDS } from '../web/model.js';
import { limitDoc, linkCode, longTasks, TRACE_CATEGORIES } from './page-limits.mjs';
import { pageMainThreads } from './trace.mjs';
import { CHROMIUM_ARGS } from './page.mjs';

const args = process.argv.slice(2);
const top = Number(args[args.indexOf('--top') + 1]) || 25;
const siteArg = args.includes('--site') ? args[args.indexOf('--site') + 1] : null;
const systems = args.filter((a, i) => !a.startsWith('--') && !['--top', '--site', '--cpu-over'].includes(args[i - 1]));
const tasksOnly = args.includes('--tasks');
const perTask = args.includes('--per-task');
// --cpu-over MS: the tasks whose page-thread CPU time passed MS (the default: wall time over 50 ms)
const cpuOver = args.includes('--cpu-over') ? Number(args[args.indexOf('--cpu-over') + 1]) : null;

const frames = (page, n = 2) => page.evaluate((k) => new Promise((r) => { const f = () => (--k ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);

async function profile(browser, base, system, viewport = { width: 1280, height: 800 }) {
  const d = limitDoc(system);
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const phases = {};
  const traces = tasksOnly || perTask;
  const run = async (name, fn) => {
    if (traces) await browser.startTracing(page, { categories: TRACE_CATEGORIES });
    if (!tasksOnly) await cdp.send('Profiler.start');
    let done = false;
    try {
      await fn();
      await frames(page);
      const profile = tasksOnly ? null : (await cdp.send('Profiler.stop')).profile;
      const trace = traces ? JSON.parse((await browser.stopTracing()).toString()) : null;
      phases[name] = tasksOnly ? longTasks(trace) : perTask ? { trace, profile } : profile;
      done = true;
    } finally {
      // a phase that threw stops its trace: the browser records one at a time ("already recording trace")
      if (!done && traces) await browser.stopTracing().catch(() => {});
    }
  };
  await page.goto(`${base}favicon.ico`).catch(() => {});
  await run('open', async () => {
    await page.goto(`${base}#p=${linkCode(system, d)}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    await page.waitForFunction((n) => window.movecalcTest.state().doc.units.length === n, d.units.length, { timeout: 120000 });
  });
  // the drag and the zoom at the whole board's view, every unit in view (as bench/page-limits.mjs)
  await page.evaluate(() => { document.querySelector('input[name="mode"][value="setup"]')?.click(); document.getElementById('fit').click(); });
  await frames(page, 4);
  await run('drag', async () => {
    const from = await page.evaluate(() => window.movecalcTest.screenOf('u0'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    for (let i = 1; i <= 30; i++) await page.mouse.move(from.x + (120 * i) / 30, from.y + (80 * i) / 30);
    await page.mouse.up();
  });
  await run('zoom', async () => {
    await page.mouse.move(viewport.width / 2, Math.min(viewport.height / 2, 300));
    for (const dy of [-100, -100, -100, -100, 100, 100, 100, 100]) { await page.mouse.wheel(0, dy); await frames(page, 1); }
  });
  await context.close();
  return phases;
}

// Self and total time per function (name file:line) from a CPU profile, and the long stretches of
// samples not idle (the profile's view of tasks: a run of samples with no '(idle)' between).
function summarise(p) {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map(), total = new Map();
  const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  const runs = [];
  let cur = null;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = (p.timeDeltas[i + 1] ?? 0) / 1000;
    const n = byId.get(p.samples[i]);
    const idle = n.callFrame.functionName === '(idle)';
    if (idle) { if (cur) runs.push(cur); cur = null; continue; }
    cur ??= { ms: 0, self: new Map() };
    cur.ms += dt;
    const k = key(n);
    self.set(k, (self.get(k) ?? 0) + dt);
    cur.self.set(k, (cur.self.get(k) ?? 0) + dt);
    const seen = new Set();
    for (let id = n.id; id !== undefined; id = parent.get(id)) {
      const kk = key(byId.get(id));
      if (seen.has(kk)) continue;
      seen.add(kk);
      total.set(kk, (total.get(kk) ?? 0) + dt);
    }
  }
  if (cur) runs.push(cur);
  return { self, total, runs };
}

// Each task over 50 ms of a phase's trace: its wall and CPU ms, the trace events directly under it
// that say what ran (FunctionCall, TimerFire, FireAnimationFrame, Layout, GC…, summed by name) and
// the `top` functions by self time among the CPU profile's samples within it.
function tasksProfiled({ trace, profile }) {
  const events = trace.traceEvents ?? trace;
  const main = pageMainThreads(events);
  const onMain = events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`));
  const long = (e) => (cpuOver === null ? e.dur > 50000 : (e.tdur ?? 0) > cpuOver * 1000);
  const tasks = onMain.filter((e) => e.name === 'RunTask' && long(e)).sort((a, b) => a.ts - b.ts);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const times = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) { t += profile.timeDeltas[i]; times.push(t); }
  // (with the column: the page's bundle is one minified line, its functions told apart by where they start)
  const key = (n) => `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
  return tasks.map((task) => {
    const end = task.ts + task.dur;
    const what = new Map();
    for (const e of onMain) {
      if (e === task || e.ts < task.ts || e.ts + (e.dur ?? 0) > end || e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') continue;
      const fn = e.args?.data?.functionName ?? (e.name === 'FunctionCall' && e.args?.data?.url ? '' : undefined);
      const name = e.name + (fn !== undefined ? ` ${fn || '(anon)'}:${e.args.data.lineNumber ?? '?'}` : '') + (e.args?.data?.url && e.name === 'EvaluateScript' ? ` ${e.args.data.url.split('/').pop()}` : '');
      const w = what.get(name) ?? [0, 0];
      w[0] += (e.dur ?? 0) / 1000; w[1]++;
      what.set(name, w);
    }
    const self = new Map();
    for (let i = 0; i < times.length; i++) {
      if (times[i] < task.ts || times[i] > end) continue;
      const k = key(byId.get(profile.samples[i])), dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
      self.set(k, (self.get(k) ?? 0) + dt);
    }
    const fmt = (m, f) => [...m].sort((a, b) => f(b[1]) - f(a[1])).slice(0, top);
    return { at: task.ts, wall: task.dur / 1000, cpu: (task.tdur ?? NaN) / 1000, what: fmt(what, (w) => w[0]), self: fmt(self, (v) => v) };
  });
}

// Without a built site the page would never say it is ready: say so now instead of waiting 120 s.
const root = siteArg ?? testSite;
if (!existsSync(join(root, 'index.html'))) {
  console.error(`profile-limits: no site at ${root}: run bin/build first${siteArg ? '' : ' (it builds the test copy, build-page-test/)'}`);
  process.exit(1);
}
const server = await startServer(0, '127.0.0.1', { root });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  for (const system of systems.length ? systems : SYSTEM_IDS) {
    const phases = await profile(browser, `http://127.0.0.1:${server.address().port}/`, system);
    if (perTask) {
      for (const [name, p] of Object.entries(phases)) {
        const tasks = tasksProfiled(p);
        console.log(`\n## ${system} ${name}: ${tasks.length} tasks over ${cpuOver === null ? '50 ms' : `${cpuOver} ms of CPU`}`);
        const t0 = tasks[0]?.at ?? 0;
        for (const t of tasks) {
          console.log(`  task at +${((t.at - t0) / 1000).toFixed(0)} ms: ${t.cpu.toFixed(0)} ms CPU (${t.wall.toFixed(0)} wall)`);
          console.log('    events: ' + t.what.slice(0, 12).map(([k, [ms, n]]) => `${k} ${ms.toFixed(1)}${n > 1 ? `×${n}` : ''}`).join('; '));
          console.log('    self:   ' + t.self.map(([k, ms]) => `${k} ${ms.toFixed(1)}`).join('; '));
        }
      }
      continue;
    }
    if (tasksOnly) {
      const f = (t) => t.slice(0, 8).map(([w, c]) => `${c.toFixed(0)} (${w.toFixed(0)})`).join(' ');
      console.log(`${system} long tasks, CPU ms (wall ms): ` + Object.entries(phases).map(([k, t]) => `${k} ${t.length ? f(t) : '-'}`).join('; '));
      continue;
    }
    for (const [name, p] of Object.entries(phases)) {
      const s = summarise(p);
      const fmt = (m) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `    ${v.toFixed(1).padStart(8)} ms  ${k}`).join('\n');
      const busy = s.runs.map((r) => r.ms).sort((a, b) => b - a);
      console.log(`\n## ${system} ${name}: busy stretches (ms) ${busy.slice(0, 12).map((x) => x.toFixed(0)).join(' ')} (${busy.length} in all)`);
      console.log('  self:\n' + fmt(s.self));
      console.log('  total:\n' + fmt(s.total));
    }
  }
} finally {
  await browser.close();
  server.close();
}
