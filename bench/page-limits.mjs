// The page at the limits (issue 34): a position of 1,000 units (and 500 terrain pieces on a table,
// every hex of the largest board with terrain), opened from a link, a unit dragged and the view
// zoomed, with the page's long tasks (PerformanceObserver 'longtask', over 50 ms) recorded in each
// phase and the work of placing the board's texts counted (board.js `work`, `candidates`).
// bench/run.mjs reports the longest task, in wall and in the page thread's CPU time (Chromium's
// trace); tests/browser/limits.test.mjs asserts the counted work, which no machine's speed changes.
import { deflateRawSync } from 'node:zlib';
import { SYSTEMS, defaultDoc } from '../web/model.js';
import { positionPayload, toBase64url, LIMITS } from '../web/share.js';
import { toAxial } from '../web/hex.js';
import { pageMainThreads } from './trace.mjs';

/** A document of `system` at the page's limits: LIMITS.units units, and its most terrain. */
export function limitDoc(system) {
  const s = SYSTEMS[system], d = defaultDoc(system);
  const template = s.newUnit();
  const kinds = Object.keys(s.terrainColours ?? {});
  const sides = d.sides.map((x) => x.name);
  const n = LIMITS.units;
  if (s.board === 'free') {
    // 40 columns × 25 rows of units 4 apart, with a terrain square in every gap but the last rows'
    const cols = 40, gap = 4;
    d.table = { width: cols * gap, height: Math.ceil(n / cols) * gap };
    d.units = Array.from({ length: n }, (_, i) => ({ ...template, id: `u${i}`, side: sides[i % 2], x: (i % cols) * gap + gap / 2, y: Math.floor(i / cols) * gap + gap / 2, facing: 0 }));
    d.terrain = Array.from({ length: LIMITS.terrain }, (_, i) => {
      const x = (i % cols) * gap + gap - 0.5, y = Math.floor(i / cols) * gap + gap - 0.5;
      return { id: `t${i}`, kind: kinds[i % kinds.length], polygon: [[x, y], [x + 0.8, y], [x + 0.8, y + 0.8], [x, y + 0.8]] };
    });
  } else {
    // the largest square board the page holds (LIMITS.hexes, 60 × 60)
    const side = Math.floor(Math.sqrt(LIMITS.hexes));
    d.board = { cols: side, rows: side };
    // every hex has terrain; the units stand on every third hex of the board's first part
    d.terrain = [];
    for (let row = 0; row < side; row++) for (let col = 0; col < side; col++) d.terrain.push({ ...toAxial(col, row), terrain: kinds[(col + row) % kinds.length] });
    d.units = Array.from({ length: n }, (_, i) => {
      const k = i * 3, a = toAxial(k % side, Math.floor(k / side));
      return { ...template, id: `u${i}`, side: sides[i % 2], q: a.q, r: a.r };
    });
  }
  for (const inputs of Object.values(d.inputs)) if (inputs && typeof inputs.unit === 'string') inputs.unit = 'u0';
  return d;
}

/** The link code of a document (format 1: raw deflate of the JSON, as the page's own). */
export const linkCode = (system, d) => '1.' + toBase64url(deflateRawSync(JSON.stringify(positionPayload(system, d))));

// Records every long task from the first script on, and the phase it fell in (`__longSupported`:
// whether this browser reports long tasks at all).
function longTaskProbe() {
  window.__long = [];
  window.__longSupported = PerformanceObserver.supportedEntryTypes.includes('longtask');
  // each phase from when it began (an entry comes after its task, maybe in the next phase)
  const phases = [['open', 0]];
  window.__setPhase = (p) => phases.push([p, performance.now()]);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__long.push({ phase: phases.findLast(([, t]) => t <= e.startTime)[0], ms: e.duration });
  }).observe({ type: 'longtask', buffered: true });
}

const frames = (page, n = 2) => page.evaluate((k) => new Promise((r) => { const f = () => (--k ? requestAnimationFrame(f) : r()); requestAnimationFrame(f); }), n);

/**
 * The page thread's tasks over 50 ms of wall time in a Chromium trace: [wall ms, CPU ms] of each,
 * longest CPU first. The CPU time (a trace event's `tdur`) is the page thread's own: on a shared
 * machine a task's wall time is mostly waiting for a core.
 */
export function longTasks(trace, overMs = 50) {
  const events = trace.traceEvents ?? trace;
  const main = pageMainThreads(events);
  // from the phase's mark on, where the page set one (PHASE_MARK): the tasks before it are the trace's own start
  const from = events.find((e) => e.name === PHASE_MARK && main.has(`${e.pid}:${e.tid}`))?.ts ?? -Infinity;
  // (a task is one RunTask event; ThreadControllerImpl::RunTask wraps it)
  return events.filter((e) => e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.name === 'RunTask' && e.dur > overMs * 1000 && e.ts >= from)
    .map((e) => [e.dur / 1000, (e.tdur ?? NaN) / 1000]).sort((a, b) => b[1] - a[1]);
}
export const TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel', 'blink.user_timing'];
// Starting a trace makes the page's thread finish V8's heap sweeping in one task of its own ("Receive
// mojo message", up to 60 ms, no page code in it): a phase after the opening starts two frames after
// its trace, at this mark, and neither the trace's long tasks nor the page's observer count that task.
const PHASE_MARK = 'movecalc:phase';

/**
 * Opens `system`'s position at the limits from a link on a fresh page (the test build, with its hook),
 * shows the whole board, drags its first unit over `moves` pointer moves and zooms in and out with
 * the wheel. Opening lasts until every unit has its button and, the Units panel's tab pressed, its row in the list.
 * Returns the long tasks of each phase (ms), and after each phase the board's counted work: boxes looked at
 * (`work`), the spots tried for names (`candidates`) among the units near the view (`near`), and
 * its texts. With `trace`, each phase is traced too: `cpu`, the longest tasks' CPU ms per phase.
 */
export async function pageAtLimits(browser, base, system, { viewport = { width: 1280, height: 800 }, moves = 30, trace = false } = {}) {
  const d = limitDoc(system);
  const code = linkCode(system, d);
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  await context.addInitScript(longTaskProbe);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  const work = {}, cpu = {}, top = {};
  // A browser records one trace at a time: a phase that threw with its trace running would make
  // every later startTracing fail ("already recording trace"), so `tracing` says whether to stop it.
  let tracing = false;
  const startTrace = async () => { if (trace) { await browser.startTracing(page, { categories: TRACE_CATEGORIES }); tracing = true; } };
  const stopTrace = async () => { tracing = false; return JSON.parse((await browser.stopTracing()).toString()); };
  const measure = async (phase) => {
    // the phase's paints are all made: a zoom's units drawn afresh once it stops, and every name placed
    await frames(page);
    await page.waitForFunction(() => !window.movecalcTest.paints().at(-1)?.more, null, { timeout: 60000, polling: 'raf' });
    await frames(page);
    if (trace) {
      // the tasks over 50 ms of wall time, and the longest four of any length in CPU time (`top`):
      // under 50 ms of wall a task can still hold the thread for a frame's share
      const t = await stopTrace();
      cpu[phase] = longTasks(t).map(([, c]) => Math.round(c));
      top[phase] = longTasks(t, 0).slice(0, 4).map(([, c]) => Math.round(c));
    }
    work[phase] = await page.evaluate(() => {
      const { candidates, units } = window.movecalcTest.boardCandidates();
      return { work: window.movecalcTest.boardWork(), candidates, near: units, texts: window.movecalcTest.boardText().length };
    });
  };
  // a phase after the opening: its trace begun, then the phase itself once the trace's own task is over
  const phaseBegins = async (phase) => {
    await page.evaluate(() => window.__setPhase('between'));
    await startTrace();
    await frames(page);
    await page.evaluate(([p, mark]) => { window.__setPhase(p); performance.mark(mark); }, [phase, PHASE_MARK]);
  };
  try {
    await startTrace();
    await page.goto(`${base}#p=${code}`, { timeout: 120000 }); // a loaded machine takes longer than the default 30 s
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    await page.waitForFunction((n) => window.movecalcTest.state().doc.units.length === n, d.units.length, { timeout: 120000 });
    // the Units list brought into view by its panel's tab, as a visitor would: its code is fetched
    // then (app.js), and the list is made again on every frame of the drag below
    await page.evaluate(() => document.getElementById('tab-units-panel').click());
    // the opening's work made in slices (the units' buttons, the unit list's rows) is done: the list
    // holds every unit (a virtual list's rows say how many it has, aria-setsize; a list made in slices,
    // as before issue 34's virtual list, has a row for each)
    const built = await page.waitForFunction((n) => {
      const row = document.querySelector('#unit-list li[data-slot^="unit:"]');
      const controls = document.querySelectorAll('#unit-controls .unit-control').length;
      const rows = Number(row?.getAttribute('aria-setsize') ?? document.querySelectorAll('#unit-list li[data-slot^="unit:"]').length);
      return controls === n && rows === n && { controls, rows };
    }, d.units.length, { timeout: 120000 }).then((h) => h.jsonValue());
    await measure('open');
    // the drag and the zoom at the whole board's view, where every unit is in view (a new answer opens framed close up)
    await phaseBegins('drag');
    await page.evaluate(() => { document.querySelector('input[name="mode"][value="setup"]')?.click(); document.getElementById('fit').click(); }); // a set-up drag
    await frames(page);
    const from = await page.evaluate(() => window.movecalcTest.screenOf('u0'));
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    // toward the board's middle: u0 stands in a corner, and a unit let go off the board is removed
    const mid = await page.evaluate(() => { const r = document.getElementById('board').getBoundingClientRect(); return { x: r.left + r.width / 2, y: r.top + r.height / 2 }; });
    const len = Math.hypot(mid.x - from.x, mid.y - from.y) || 1, dx = (144 * (mid.x - from.x)) / len, dy = (144 * (mid.y - from.y)) / len;
    for (let i = 1; i <= moves; i++) await page.mouse.move(from.x + (dx * i) / moves, from.y + (dy * i) / moves);
    await page.mouse.up();
    await measure('drag');
    await phaseBegins('zoom');
    await page.mouse.move(viewport.width / 2, Math.min(viewport.height / 2, 300));
    for (const dy of [-100, -100, -100, -100, 100, 100, 100, 100]) { await page.mouse.wheel(0, dy); await frames(page, 1); }
    await measure('zoom');
    const { long, supported } = await page.evaluate(() => ({ long: window.__long, supported: window.__longSupported }));
    const moved = await page.evaluate(() => window.movecalcTest.state().doc.units.find((u) => u.id === 'u0'));
    const phase = (p) => long.filter((t) => t.phase === p).map((t) => Math.round(t.ms));
    return { system, units: d.units.length, terrain: d.terrain.length, linkChars: code.length, moved: moved.x !== d.units[0].x || moved.y !== d.units[0].y || moved.q !== d.units[0].q || moved.r !== d.units[0].r,
      built, longSupported: supported, long: { open: phase('open'), drag: phase('drag'), zoom: phase('zoom') }, longestMs: Math.max(0, ...['open', 'drag', 'zoom'].flatMap(phase)),
      ...(trace ? { cpu, top, longestCpuMs: Math.max(0, ...Object.values(cpu).flat()) } : {}), work, errors };
  } finally {
    if (tracing) await stopTrace().catch(() => {});
    await context.close();
  }
}

const median = (xs) => { const v = xs.filter(Number.isFinite).sort((a, b) => a - b); return v.length ? v[Math.floor((v.length - 1) / 2)] : NaN; };

/**
 * Every game of `systems` at the limits, on the test build served locally (bench/run.mjs; `site`:
 * another copy of it, to compare), `runs` times each, traced: the median over the runs of the longest task in wall time (the long task
 * observer's) and in the page thread's CPU time, overall and per phase, side by side.
 */
export async function measureLimits({ systems, runs = 3, site }) {
  const [{ chromium }, { startServer }, { testSite }, { CHROMIUM_ARGS }] = await Promise.all([
    import('playwright-core'), import('../bin/serve.mjs'), import('../web/build-site.mjs'), import('./page.mjs')]);
  const server = await startServer(0, '127.0.0.1', { root: site ?? testSite });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out = [];
  try {
    for (const system of systems) {
      try {
        const all = [];
        for (let i = 0; i < runs; i++) all.push(await pageAtLimits(browser, `http://127.0.0.1:${server.address().port}/`, system, { trace: true }));
        const longest = (xs) => Math.max(0, ...xs);
        const phases = Object.fromEntries(['open', 'drag', 'zoom'].map((p) => [p, {
          wallMs: median(all.map((r) => longest(r.long[p]))), cpuMs: median(all.map((r) => longest(r.cpu[p]))) }]));
        out.push({ ...all[0], runs, longestMs: median(all.map((r) => r.longestMs)), longestCpuMs: median(all.map((r) => r.longestCpuMs)), phases,
          errors: all.flatMap((r) => r.errors) });
      } catch (err) {
        out.push({ system, error: String(err.message ?? err) });
      }
    }
  } finally {
    await browser.close();
    server.close();
  }
  return out;
}

// A 2-D context that draws nothing (texts 7 px a character): what is left of a paint is the board's
// own work, placing texts and walking the scene, measured in CPU time (less changed by other jobs'
// load than a long task's wall time).
class NoPath { moveTo() {} lineTo() {} arc() {} rect() {} closePath() {} }
function nullContext() {
  const ctx = { measureText: (t) => ({ width: 7 * String(t).length }), font: '', textAlign: 'start', textBaseline: 'alphabetic' };
  return new Proxy(ctx, { get: (o, k) => (k in o ? o[k] : () => {}), set: (o, k, v) => { o[k] = v; return true; } });
}

/**
 * CPU milliseconds of one paint of `system`'s position at the limits (its first `units` units) at
 * the fit view of a `width` × `height` board, drawn by `Painter` (board.js's, or another to compare):
 * the median of `runs` paints after a first.
 */
export async function paintCost(system, Painter, { width = 1280, height = 800, units = LIMITS.units, runs = 5 } = {}) {
  const { boardScene } = await import('../web/scene.js');
  const d = limitDoc(system);
  d.units = d.units.slice(0, units);
  const painter = new Painter(nullContext(), NoPath);
  painter.width = width; painter.height = height;
  const sc = boardScene(system, d, {});
  painter.show(sc);
  painter.fitNow();
  const times = [];
  for (let i = 0; i <= runs; i++) {
    const t0 = process.cpuUsage();
    painter.paintScene(sc);
    const t = process.cpuUsage(t0);
    if (i) times.push((t.user + t.system) / 1000);
  }
  times.sort((a, b) => a - b);
  return { system, units, terrain: d.terrain.length, ms: times[Math.floor(times.length / 2)], texts: painter.drawnText.length, work: painter.work };
}

/**
 * An A/B of copies of the site at the limits: `sites` (name → directory), each game's runs made by
 * turns (A, B, A, B, …) in one browser, so that the machine's load falls on both alike; the median
 * over `runs` of each phase's longest task over 50 ms of wall time, CPU ms (wall ms), and of its
 * longest task of any length (`longest`, CPU ms), side by side.
 *   node bench/page-limits.mjs --site before=DIR --site after=DIR [--runs N] [system...]
 */
export async function compareLimits({ systems, runs = 3, sites }) {
  const [{ chromium }, { startServer }, { CHROMIUM_ARGS }] = await Promise.all([import('playwright-core'), import('../bin/serve.mjs'), import('./page.mjs')]);
  const servers = Object.fromEntries(await Promise.all(Object.entries(sites).map(async ([name, root]) => [name, await startServer(0, '127.0.0.1', { root })])));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out = {};
  try {
    for (const system of systems) {
      const all = Object.fromEntries(Object.keys(sites).map((n) => [n, []]));
      for (let i = 0; i < runs; i++) for (const [name, server] of Object.entries(servers)) {
        try { all[name].push(await pageAtLimits(browser, `http://127.0.0.1:${server.address().port}/`, system, { trace: true })); } catch (err) { all[name].push({ error: String(err.message ?? err) }); }
      }
      out[system] = Object.fromEntries(Object.entries(all).map(([name, rs]) => {
        const ok = rs.filter((r) => !r.error);
        return [name, { runs: ok.length, errors: rs.filter((r) => r.error).map((r) => r.error),
          phases: Object.fromEntries(['open', 'drag', 'zoom'].map((p) => [p, {
            cpuMs: median(ok.map((r) => Math.max(0, ...r.cpu[p]))), wallMs: median(ok.map((r) => Math.max(0, ...r.long[p]))),
            each: ok.map((r) => r.cpu[p].slice(0, 4)),
            // the longest task of any wall time, CPU ms: median over the runs, and each run's four longest
            topMs: median(ok.map((r) => r.top[p][0] ?? 0)), top: ok.map((r) => r.top[p]) }])) }];
      }));
    }
  } finally {
    await browser.close();
    for (const s of Object.values(servers)) s.close();
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2), sites = {}, systems = [];
  let runs = 3;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--site') { const [name, dir] = args[++i].split('='); sites[name] = dir; } else if (args[i] === '--runs') runs = Number(args[++i]);
    else systems.push(args[i]);
  }
  const r = await compareLimits({ systems: systems.length ? systems : ['arcane-legions'], runs, sites });
  for (const [system, bySite] of Object.entries(r)) for (const [name, s] of Object.entries(bySite)) {
    console.log(`${system} ${name} (${s.runs} runs${s.errors.length ? `, ${s.errors.length} failed: ${s.errors[0]}` : ''}): ` +
      Object.entries(s.phases).map(([p, v]) => `${p} ${v.cpuMs} (${v.wallMs}) [${v.each.map((t) => t.join(' ')).join(' / ')}] longest ${v.topMs} [${v.top.map((t) => t.join(' ')).join(' / ')}]`).join('; '));
  }
  console.log(JSON.stringify(r));
}
