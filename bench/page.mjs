// Time from navigation to the first ruling drawn, in headless Chromium (Debian's, through
// playwright-core) against bin/serve.mjs on localhost.
//
// What is measured, all in the page's own clock (performance.now(), zero at navigation start):
//   readyMs   - body[data-ready] is set: the engine is loaded, `describe` answered, the pickers
//               filled (web/app.js start());
//   rulingMs  - the first ruling is drawn: a script added before the page's own presses the
//               Advanced panel's "Rule on it" the moment data-ready appears (no round trip to the
//               test driver), and the time is taken in the next animation frame after the verdict
//               changed. The request is that panel's first example, a `describe` (the page has
//               ruled its own position by data-ready; both answers are drawn in that frame).
// Each load gets a fresh browser context (no HTTP cache, no service worker: a first visit); the
// same context then reloads once the service worker controls it (a repeat visit, offline-ready).
// The probe tells the driver it is done with a console message: waiting with page.waitForFunction
// would put Playwright's own script (~30 ms of parsing and running on this machine) into the page
// while it starts, and the measurement would include it.
//
// As a command, an A/B of copies of the site (docs/performance.md): the loads alternate between
// them in one browser, so that the machine's load falls on each alike.
//   node bench/page.mjs [--loads N] [DIR ...]    (no DIR: public/)
// and the drag latency alone (measureDrags below), one line of JSON per game, CPU rate and site:
//   node bench/page.mjs --drag [--site DIR]... [--rates 1,4] [--modes play,setup] [--moves N] [--warm] [--profile | --trace] [SYSTEM ...]
// (no --site: build-page-test/; two or more: an A/B of copies of the test build, `site` their index)
import { chromium } from 'playwright-core';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../bin/serve.mjs';
import { testSite } from '../web/build-site.mjs';
import { pageMainThreads } from './trace.mjs';

// Each first visit opens a new window, and Chromium 15x preloads its omnibox popup (a WebUI page in a
// renderer of its own) for every window: on this 2-core machine that renderer took about a core
// for the whole of the page's start (docs/performance.md, fourth round). A visitor's browser has
// its window open already, so the benchmark turns that preloading off.
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
  '--disable-features=WebUIOmniboxPopup,PreloadTopChromeWebUI'];

// Runs in the page before its own scripts (a DevTools-injected script, not subject to the CSP).
function probe(DONE) {
  const mark = (name) => { window.__bench[name] = performance.now(); };
  window.__bench = {};
  const watchVerdict = () => {
    const verdict = document.getElementById('verdict');
    const initial = verdict.textContent;
    new MutationObserver((_, obs) => {
      if (verdict.textContent === initial) return;
      obs.disconnect();
      window.__bench.verdict = verdict.textContent;
      window.__bench.request = document.getElementById('request').value;
      requestAnimationFrame(() => { mark('rulingMs'); console.debug(DONE); });
    }).observe(verdict, { childList: true, characterData: true, subtree: true });
  };
  new MutationObserver((_, obs) => {
    if (!document.body || document.body.dataset.ready !== 'true') return;
    obs.disconnect();
    mark('readyMs');
    watchVerdict();
    document.getElementById('run').click();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
}

const DONE = 'movecalc-bench: ruled';

async function timedLoad(page, url, reload) {
  const done = page.waitForEvent('console', { predicate: (m) => m.text() === DONE, timeout: 20000 });
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await done;
  // Where the time went: the document, each file fetched and the page's own marks, if a copy of
  // the page sets any (ms since navigation start).
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const files = {};
    for (const r of performance.getEntriesByType('resource')) {
      const name = new URL(r.name).pathname.replace(/^\//, '');
      if (!(name in files)) files[name] = { startMs: r.startTime, endMs: r.responseEnd };
    }
    const marks = Object.fromEntries(performance.getEntriesByType('mark').map((m) => [m.name, m.startTime]));
    return { ...window.__bench, documentMs: nav.responseEnd, domContentLoadedMs: nav.domContentLoadedEventEnd, files, marks };
  });
}

/**
 * Loads the page `loads` times; returns {first: [...], repeat: [...], request, verdict, errors}.
 * `root` serves another copy of the site; by default public/.
 */
export async function measurePage(loads, { root } = {}) {
  return (await measurePages(loads, [root]))[0];
}

/**
 * The same for several copies of the site at once (an A/B): one server each, one browser, and the
 * loads alternate between them, the order turned each round. One result per root, in order.
 */
export async function measurePages(loads, roots) {
  const servers = await Promise.all(roots.map((root) => startServer(0, '127.0.0.1', root ? { root } : undefined)));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results = roots.map(() => ({ first: [], repeat: [], request: undefined, verdict: undefined, errors: [] }));
  try {
    for (let i = 0; i < loads; i++) {
      for (let j = 0; j < roots.length; j++) {
        const k = (i + j) % roots.length;
        const out = results[k];
        const url = `http://127.0.0.1:${servers[k].address().port}/`;
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        await context.addInitScript(probe, DONE);
        const page = await context.newPage();
        page.on('pageerror', (e) => out.errors.push(String(e)));
        const a = await timedLoad(page, url, false);
        out.first.push(a);
        out.request ??= a.request;
        out.verdict ??= a.verdict;
        // A repeat visit: once the service worker controls the page, reload.
        await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 10000 })
          .catch(() => page.reload({ waitUntil: 'load' }));
        out.repeat.push(await timedLoad(page, url, true));
        await context.close();
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  return results;
}

// ---- a drag's latency (issue 22) ----
// Runs in the page before its own scripts: records each pointer input of a drag (the timeStamp of
// every raw input a pointermove coalesced: when it reached the page), each animation frame's start
// and the end of its main-thread work (a message posted in the frame's first animation-frame
// callback runs after the frame's rendering: the page's paint, style, layout and commit), and the
// page's marks of a question asked and its ruling drawn (web/app.js `timing`, with the question's
// serial), and when the finger lifted.
function dragProbe() {
  const d = {};
  // (`__dragReset`: the record begun again, a drag's before it left out: measureDrags `warm`)
  window.__dragReset = () => Object.assign(d, { inputs: [], frames: [], frameEnds: [], asks: {}, ruled: {}, up: undefined });
  window.__dragReset();
  window.__drag = d;
  addEventListener('pointermove', (e) => {
    if (!e.buttons) return;
    const raw = e.getCoalescedEvents?.() ?? [];
    for (const r of raw.length ? raw : [e]) if (d.inputs.at(-1) !== r.timeStamp) d.inputs.push(r.timeStamp);
  }, { capture: true, passive: true });
  addEventListener('pointerup', () => { d.up ??= performance.now(); }, { capture: true, passive: true });
  const after = new MessageChannel();
  after.port1.onmessage = () => d.frameEnds.push(performance.now());
  const tick = () => { d.frames.push(performance.now()); after.port2.postMessage(0); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.name === 'movecalc:ask') d.asks[e.detail] = e.startTime;
      else if (e.name === 'movecalc:ruled') d.ruled[e.detail] = e.startTime;
    }
  }).observe({ type: 'mark' });
}

const FRAME_MS = 1000 / 60;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : NaN;
};

/**
 * A drag's record reduced. Each question asked during the drag (before the finger lifts) was made from the last pointer
 * input before it; its latency runs from that input to the end of the main-thread work of the
 * first animation frame that starts after its ruling was drawn (or, for a question a newer one
 * superseded, after the newer one's ruling: the screen showed an older ruling until then), so a
 * frame dropped or delayed counts in full. `sameFrame`: the share of questions whose ruling was
 * drawn in the first frame that started after their input, the frame that shows the unit there.
 * Also display frames dropped during the drag (gaps between frames past one frame).
 */
export function dragFigures(d) {
  const start = d.inputs[0];
  const end = d.inputs.at(-1);
  const latencies = [];
  const parts = { inputToAsk: [], askToRuled: [], ruledToFrameEnd: [] };
  // each latency less the wait, after the ruling was drawn, for the next frame to begin (at most a
  // frame: a later frame's delay counts): what it would be had the input come as a frame began, as
  // a phone's touch input does (Chromium delivers it aligned to the display's frames), where the
  // bench's mouse moves on a timer at any point of a frame
  const aligned = [];
  // the questions of the drag's frames: the ruling at rest asked once the finger lifts (GODSGLOOM's
  // asks again with its assumptions' other readings, in the worker) is not one
  const asks = Object.entries(d.asks).filter(([, at]) => at >= start && !(at >= d.up)).sort((a, b) => a[1] - b[1]);
  const drawnAsks = asks.filter(([serial]) => d.ruled[serial] !== undefined);
  const frameAfter = (t) => d.frames.findIndex((f) => f >= t);
  const endOf = (i) => d.frameEnds.find((f) => f >= d.frames[i]);
  let same = 0;
  let superseded = 0;
  const each = []; // every question's [input → ask, ask → ruled, ruled → frame's end], ms: where a slow one went
  for (const [serial, at] of asks) {
    const shown = drawnAsks.find(([, a]) => a >= at); // this question's ruling, or the newer one that replaced it
    if (!shown) continue;
    const ruledAt = d.ruled[shown[0]];
    if (shown[0] !== serial) superseded++;
    let input = start;
    for (const t of d.inputs) if (t <= at) input = t;
    const i = frameAfter(ruledAt);
    const drawn = i < 0 ? undefined : endOf(i);
    if (drawn === undefined) continue;
    latencies.push(drawn - input);
    aligned.push(drawn - input - Math.min(d.frames[i] - ruledAt, FRAME_MS));
    if (i === frameAfter(input)) same++;
    if (shown[0] === serial) {
      parts.inputToAsk.push(at - input);
      parts.askToRuled.push(ruledAt - at);
      parts.ruledToFrameEnd.push(drawn - ruledAt);
    }
    each.push([at - input, ruledAt - at, drawn - ruledAt].map((v) => +v.toFixed(1)));
  }
  let frames = 0;
  let dropped = 0;
  for (let i = 1; i < d.frames.length; i++) {
    if (d.frames[i] < start || d.frames[i - 1] > end) continue;
    frames++;
    dropped += Math.max(0, Math.round((d.frames[i] - d.frames[i - 1]) / FRAME_MS) - 1);
  }
  return {
    inputs: d.inputs.length, asked: asks.length, drawn: latencies.length - superseded, superseded,
    p50Ms: percentile(latencies, 50), p95Ms: percentile(latencies, 95), maxMs: Math.max(...latencies),
    p50AlignedMs: percentile(aligned, 50), p95AlignedMs: percentile(aligned, 95),
    sameFrame: latencies.length ? +(same / latencies.length).toFixed(2) : NaN,
    frames, framesDropped: dropped, durationMs: end - start,
    // the median latency's parts: waiting for the question to be asked, answering and drawing it,
    // to the end of the frame that shows it
    p50PartsMs: Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, +percentile(v, 50).toFixed(1)])),
    eachMs: each,
  };
}

const mainUnit = (r) => r.unit || r.order?.unit || r.pursuers?.[0]?.unit || r.charger || r.units?.[0]?.id;

/**
 * For each game's default position, a scripted drag of its main unit (the query's unit) with the
 * mouse, one move per 60 Hz frame, in each mode (`play`: the drag is the unit's move, as players
 * drag; `setup`: the unit is placed, and the position ruled, on every move), at each CPU throttling rate (CDP Emulation.setCPUThrottlingRate,
 * which slows the page's thread; the engine's worker is not slowed). Served from the test build
 * (web/build-site.mjs), whose hook gives the unit's place on the screen; the page is otherwise
 * public/'s. One fresh context per game, rate and site. `roots`: several copies of the test build
 * (an A/B: each game and rate is dragged on each copy in turn, the order turned each time, so the
 * machine's load falls on each alike); each result names its `site` (the index in `roots`).
 * `profile`: each drag also records a Chromium trace and a CPU profile of the page, reduced to
 * where the main thread's time went (dragProfile); 'trace': the trace alone (the profiler's
 * sampling adds several ms a move of its own to the page's thread).
 */
export async function measureDrags({ systems, rates = [1, 4], modes = ['play', 'setup'], moves = 60, root = testSite, roots = [root], profile = false, warm = false } = {}) {
  const servers = await Promise.all(roots.map((r) => startServer(0, '127.0.0.1', { root: r })));
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const out = [];
  let turn = 0;
  try {
    for (const system of systems) {
      for (const mode of modes) {
        for (const rate of rates) {
          for (let j = 0; j < roots.length; j++) {
            const site = (turn + j) % roots.length;
            out.push(await dragOnce(browser, `http://127.0.0.1:${servers[site].address().port}/`, { system, mode, rate, moves, profile, warm }));
            out.at(-1).site = site;
          }
          turn++;
        }
      }
    }
  } finally {
    await browser.close();
    for (const s of servers) s.close();
  }
  return out;
}

async function dragOnce(browser, base, { system, mode, rate, moves, profile, warm }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addInitScript(dragProbe);
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  try {
    await page.goto(base);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
    await page.selectOption('#system', system);
    await page.waitForFunction((s) => window.movecalcTest.request().system === s && window.movecalcTest.ruled(), system, { timeout: 20000 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    // http://127.0.0.1 is a secure context: the page may read a drag from pointerrawupdate
    const secure = await page.evaluate(() => window.isSecureContext);
    await page.evaluate((m) => document.querySelector(`input[name="mode"][value="${m}"]`)?.click(), mode);
    // the drag is made once the page's own engine answers (web/engine-client.js loads it when the page is idle
    // after the worker's): a site without it (an older build in an A/B) goes on at once
    await page.waitForFunction(() => !window.movecalcTest.quick || window.movecalcTest.quick().holds, null, { timeout: 20000 });
    const quick0 = await page.evaluate(() => window.movecalcTest.quick?.() ?? null);
    const request0 = await page.evaluate(() => JSON.stringify(window.movecalcTest.request()));
    const unit = mainUnit(JSON.parse(request0));
    let from = await page.evaluate((id) => window.movecalcTest.screenOf(id), unit);
    // `warm`: a drag of the same unit made first (the other way, so that no answer of it is kept for
    // the one measured), unthrottled, and undone: the drag measured finds the code a drag fetches
    // at its first use loaded and compiled, as a player's later drags do (`warmUndone`: whether the
    // position after the Undo is the one before)
    let warmUndone;
    if (warm) {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      for (let i = 1; i <= 20; i++) await page.mouse.move(from.x - (160 * i) / 20, from.y + (60 * i) / 20);
      await page.mouse.up();
      await page.waitForFunction(() => window.movecalcTest.ruled(), null, { timeout: 20000 });
      if (await page.evaluate(() => JSON.stringify(window.movecalcTest.request())) !== request0) {
        await page.click('#undo');
        await page.waitForFunction(() => window.movecalcTest.ruled(), null, { timeout: 20000 });
      }
      await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
      warmUndone = await page.evaluate(() => JSON.stringify(window.movecalcTest.request())) === request0;
      from = await page.evaluate((id) => window.movecalcTest.screenOf(id), unit);
      await page.evaluate(() => window.__dragReset());
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.mouse.move(from.x, from.y);
    if (profile) {
      // (the disabled-by-default timeline names the page's renderer: pageMainThreads)
      await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing', 'v8'] });
      if (profile !== 'trace') {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
        await cdp.send('Profiler.start');
      }
    }
    await page.mouse.down();
    const t0 = performance.now();
    for (let i = 1; i <= moves; i++) {
      // 160 px to the right and 60 px up over the drag: a few inches on a table, four hexes on a board
      await page.mouse.move(from.x + (160 * i) / moves, from.y - (60 * i) / moves);
      const wait = t0 + i * FRAME_MS - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    await page.mouse.up();
    await page.waitForFunction(() => window.movecalcTest.ruled(), null, { timeout: 20000 });
    let breakdown;
    if (profile) {
      const cpu = profile === 'trace' ? null : (await cdp.send('Profiler.stop')).profile;
      const trace = JSON.parse(String(await browser.stopTracing()));
      breakdown = dragProfile(trace, cpu, moves);
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const record = await page.evaluate(() => window.__drag);
    // a drag's questions answered on the page's thread and by the worker (web/engine-client.js)
    const quick1 = await page.evaluate(() => window.movecalcTest.quick?.() ?? null);
    const answeredBy = quick0 && quick1 ? { page: quick1.page - quick0.page, worker: quick1.worker - quick0.worker } : null;
    return { system, mode, unit, rate, secure, ...(warm ? { warm, warmUndone } : {}), ...dragFigures(record), answeredBy, errors, ...(breakdown ? { profile: breakdown } : {}) };
  } catch (err) {
    return { system, mode, rate, error: String(err.message ?? err), errors };
  } finally {
    await context.close();
  }
}

// The trace's main-thread work that a drag's frame pays for, by kind (self time: an event's own
// duration less that of the events nested in it). `commit`: the main thread waiting while the
// compositor takes the frame (the canvas's pixels and the page's layers).
const TRACE_KINDS = {
  UpdateLayoutTree: 'style', Layout: 'layout', PrePaint: 'paint', Paint: 'paint', Layerize: 'paint',
  UpdateLayer: 'paint', Commit: 'commit', 'Document::updateStyleAndLayout': 'style', HitTest: 'hit test',
  'IntersectionObserverController::computeIntersections': 'observers',
  MajorGC: 'gc', MinorGC: 'gc', 'V8.GCScavenger': 'gc', 'V8.GC_MC_BACKGROUND_MARKING': null,
  ParseHTML: 'parse', EvaluateScript: 'script', FunctionCall: 'script', EventDispatch: 'script',
  FireAnimationFrame: 'script', TimerFire: 'script', HandlePostMessage: 'script', 'v8.callFunction': 'script', RunMicrotasks: 'script',
  'v8.run': 'script',
};

/**
 * Where a drag's main-thread time went: `trace` (Chromium's, devtools.timeline) gives the
 * renderer main thread's busy time by kind (script, style, layout, paint, commit, gc, other), and the CPU
 * profile (`cpu`, CDP Profiler) the page's own functions with the most self time; in ms per
 * pointer move of the `moves`, and per ruling over the tasks from its question to its frame.
 */
export function dragProfile(trace, cpu, moves) {
  const events = trace.traceEvents ?? trace;
  const main = pageMainThreads(events);
  const mine = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && e.ph === 'X' && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const byKind = {};
  const stack = [];
  const add = (e) => {
    const kind = TRACE_KINDS[e.name] ?? (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask' ? 'other' : undefined);
    if (kind === null || kind === undefined) return false;
    e.kind = kind;
    return true;
  };
  for (const e of mine) {
    if (!add(e)) continue;
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop();
    e.self = e.dur;
    if (stack.length) stack.at(-1).self -= e.dur;
    stack.push(e);
  }
  for (const e of mine) if (e.kind) byKind[e.kind] = (byKind[e.kind] ?? 0) + Math.max(0, e.self) / 1000;
  const perMove = Object.fromEntries(Object.entries(byKind).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, +(v / moves).toFixed(3)]));
  // the page thread's CPU time (the trace's thread time, steadier than wall time on a loaded
  // machine) of its top-level tasks from the first input to the last, per move
  const inputs = mine.filter((e) => e.name === 'EventDispatch' && /^(pointermove|mousemove)$/.test(e.args?.data?.type ?? ''));
  let cpuMsPerMove, cpuMsPerRuling, kindsPerRuling;
  const windows = []; // each ruling's tasks, [from, to] in the trace's µs
  if (inputs.length) {
    const [from, to] = [inputs[0].ts, inputs.at(-1).ts + inputs.at(-1).dur];
    const tasks = mine.filter((e) => (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') && e.ts + e.dur >= from && e.ts <= to && e.tdur !== undefined);
    const top = [];
    let end = -Infinity;
    for (const e of tasks) if (e.ts >= end) { top.push(e); end = e.ts + e.dur; } // a task nested in another is in its time
    cpuMsPerMove = +(top.reduce((a, e) => a + e.tdur, 0) / 1000 / moves).toFixed(3);
    // each ruling's: from the task that asked it to the end of the first frame after it was drawn
    // (the page's marks, web/app.js timing), the tasks between included
    const marks = events.filter((e) => main.has(`${e.pid}:${e.tid}`) && (e.name === 'movecalc:ask' || e.name === 'movecalc:ruled') && e.ts >= from && e.ts <= to + 1e6)
      .sort((a, b) => a.ts - b.ts);
    const commits = mine.filter((e) => e.name === 'Commit');
    const within = (t) => top.find((e) => e.ts <= t && t <= e.ts + e.dur);
    for (const [i, m] of marks.entries()) {
      if (m.name !== 'movecalc:ask') continue;
      const ruled = marks.slice(i + 1).find((n) => n.name === 'movecalc:ruled');
      const commit = ruled && commits.find((c) => c.ts > ruled.ts);
      const first = within(m.ts), last = commit && within(commit.ts);
      if (!first || !last) continue;
      const ms = top.filter((e) => e.ts >= first.ts && e.ts <= last.ts).reduce((a, e) => a + e.tdur, 0) / 1000;
      windows.push([first.ts, last.ts + last.dur]);
      (cpuMsPerRuling ??= []).push(+ms.toFixed(2));
      // and its wall time by kind (the commit, the page's paint, …) over the same tasks
      const kinds = {};
      for (const e of mine) if (e.kind && e.ts >= first.ts && e.ts <= last.ts + last.dur) kinds[e.kind] = (kinds[e.kind] ?? 0) + Math.max(0, e.self) / 1000;
      for (const [k, v] of Object.entries(kinds)) ((kindsPerRuling ??= {})[k] ??= []).push(+v.toFixed(2));
    }
  }
  if (!cpu) return { cpuMsPerMove, cpuMsPerRuling, kindsPerRuling, msPerMove: perMove };
  // the CPU profile's self time by function (the page's files only, and the engine's glue), per
  // move; and within the rulings' tasks alone, per ruling, self and inclusive (a function's callees' too)
  const self = new Map();
  const inRuling = new Map(); // the same within the rulings' tasks alone
  const inclusive = new Map(); // and each function's time with its callees', in those tasks
  const sum = (m, k, ms) => m.set(k, (m.get(k) ?? 0) + ms);
  const parent = new Map();
  for (const n of cpu.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(cpu.nodes.map((n) => [n.id, n]));
  const nameOf = (id) => {
    const f = byId.get(id).callFrame, file = f.url ? f.url.replace(/^.*\//, '') : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
  };
  const dt = cpu.timeDeltas ?? [];
  let at = cpu.startTime;
  cpu.samples.forEach((id, i) => {
    const ms = (dt[i + 1] ?? 0) / 1000, name = nameOf(id);
    sum(self, name, ms);
    at += dt[i] ?? 0;
    if (!windows.some(([a, b]) => a <= at && at <= b)) return;
    sum(inRuling, name, ms);
    const seen = new Set(); // (a function called within itself counted once)
    for (let n = id; n !== undefined; n = parent.get(n)) {
      const key = nameOf(n);
      if (!seen.has(key)) { seen.add(key); sum(inclusive, key, ms); }
    }
  });
  const own = ([n]) => !/^\((idle|program|root)\)/.test(n);
  const top = (m, n, per, keep = own) => [...m].filter(keep).sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, ms]) => [k, +(ms / per).toFixed(3)]);
  const rulings = Math.max(1, windows.length);
  const functions = top(self, 15, moves);
  const functionsPerRuling = top(inRuling, 25, rulings);
  const inclusivePerRuling = top(inclusive, 40, rulings, () => true);
  return { cpuMsPerMove, cpuMsPerRuling, kindsPerRuling, msPerMove: perMove, functionsMsPerMove: functions, functionsMsPerRuling: functionsPerRuling, inclusiveMsPerRuling: inclusivePerRuling };
}

const median = (xs) => {
  const s = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  if (args[0] === '--drag') {
    const { SYSTEM_IDS } = await import('../wasm/movecalc.mjs');
    const opts = { systems: [], roots: [], profile: false };
    for (let i = 1; i < args.length; i++) {
      if (args[i] === '--profile') opts.profile = true;
      else if (args[i] === '--trace') opts.profile = 'trace';
      else if (args[i] === '--warm') opts.warm = true;
      else if (args[i] === '--site') opts.roots.push(resolve(args[++i]));
      else if (args[i] === '--rates') opts.rates = args[++i].split(',').map(Number);
      else if (args[i] === '--modes') opts.modes = args[++i].split(',');
      else if (args[i] === '--moves') opts.moves = Number(args[++i]);
      else opts.systems.push(args[i]);
    }
    if (!opts.systems.length) opts.systems = SYSTEM_IDS;
    if (!opts.roots.length) delete opts.roots;
    for (const d of await measureDrags(opts)) console.log(JSON.stringify(d));
    process.exit(0);
  }
  let loads = 7;
  const roots = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--loads') loads = Number(args[++i]);
    else roots.push(resolve(args[i]));
  }
  if (!(loads > 0)) throw new Error('usage: node bench/page.mjs [--loads N] [DIR ...]');
  if (roots.length === 0) roots.push(undefined);
  const results = await measurePages(loads, roots);
  const ms = (v) => (Number.isFinite(v) ? `${v.toFixed(0)}` : '—').padStart(6);
  results.forEach((r, k) => {
    const f = r.first;
    const lastFile = f.map((l) => Math.max(...Object.values(l.files).filter((x) => x.startMs < l.rulingMs).map((x) => x.endMs)));
    console.log(`${roots[k] ?? 'public/'}: ${loads} first visits, ${r.repeat.length} repeat visits`);
    console.log(`  first ruling ${ms(median(f.map((l) => l.rulingMs)))} ms (each: ${f.map((l) => l.rulingMs.toFixed(0)).join(' ')})` +
      `  repeat ${ms(median(r.repeat.map((l) => l.rulingMs)))} ms`);
    console.log(`  document ${ms(median(f.map((l) => l.documentMs)))}  last file ${ms(median(lastFile))}  DOMContentLoaded ${ms(median(f.map((l) => l.domContentLoadedMs)))}` +
      `  ready ${ms(median(f.map((l) => l.readyMs)))}`);
    const marks = [...new Set(f.flatMap((l) => Object.keys(l.marks)))];
    if (marks.length) console.log('  marks: ' + marks.map((m) => `${m} ${median(f.map((l) => l.marks[m])).toFixed(0)}`).join(', '));
    if (r.errors.length) console.log('  page errors:', r.errors);
  });
}
