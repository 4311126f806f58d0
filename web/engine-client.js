// The page's side of the engine worker (engine-worker.js, the package's worker: WorkerEngine of
// movecalc-worker.mjs starts, times and restarts it). It knows no game: `load(systems)` loads
// rule sets (resolving to the engine's `describe` answer), `ask(request, lane)` answers a request.
// Newest question wins, lane by lane: a question asked while another of its lane is pending
// resolves the pending one as superseded, so at most one request runs and one of each lane waits,
// however often the page asks (a drag rules on every frame). Lanes are the page's questions that
// must not put each other aside: the ruling, and the engine's whyNot for a tapped hex; the worker
// answers one at a time, the lane waiting longest first. A request that runs longer than the budget is abandoned: the worker is
// stopped and started again with the same rule sets, and the question resolves as timed out. A
// superseded request still running after SUPERSEDED_MS is abandoned the same way, so the newest
// question never waits for an old slow one to finish.
// A quick question (a drag's frame) is first asked of an engine on the page's own thread, under a
// work budget the engine enforces (PAGE_WORK), so that its ruling is drawn in the frame of the
// input; one that runs out, or a position too big to copy each frame, goes to the worker
// (docs/performance.md "Same-frame rulings").

import { WorkerEngine } from '../wasm/movecalc-worker.mjs';

/** How long one request may run in the worker before it is stopped (milliseconds). */
export const BUDGET_MS = 2000;
/** How long a superseded request may go on running before the worker is restarted (a few frames). */
export const SUPERSEDED_MS = 50;
/**
 * The work units a quick question may spend on the page's thread: about 4 ms of WebAssembly where
 * a unit costs most (a big board's hex reach, 3,300–4,900 units a ms; a Ninth Age charge search
 * spends 40,000 a ms), a quarter of a frame. Torn World's whyNot searches the whole board without
 * its allowance: 12,000 units on its opening board in 0.1 ms, which 8,000 sent to the worker, its
 * drag's slowest ruling (docs/performance.md "Same-frame rulings"; bench/work-rate.mjs). Counted,
 * not timed, so the same question goes the same way on any machine.
 */
export const PAGE_WORK = 16000;
/** Units and terrain pieces together past which a quick question goes to the worker: every frame
 * copies the position's units into JSON on the asking thread, which the worker does off the page's. */
export const PAGE_OBJECTS = 200;

const policy = globalThis.trustedTypes?.createPolicy('movecalc', {
  // The page's CSP requires Trusted Types for script URLs: only the site's own scripts pass.
  createScriptURL(url) {
    const u = new URL(url, location.href);
    if (u.origin !== location.origin || !/\.m?js$/.test(u.pathname)) throw new TypeError(`movecalc: not a script of this site: ${u.href}`);
    return u.href;
  },
});

/** A script URL of this site as the Worker and service worker constructors accept it under the CSP. */
export const scriptURL = (url) => (policy ? policy.createScriptURL(String(url)) : String(url));

/** The site's engine modules for the page's thread: public/engine/, beside the worker's. */
const siteEngine = () => Promise.all([import('./engine/movecalc.mjs'), import('./engine/movecalc-kept.mjs')]).then(([engine, kept]) => ({ ...engine, ...kept }));

/**
 * Outcomes of `ask`: `{response}` (the engine's answer object), `{superseded: true}` (a newer
 * question was asked; ignore it), `{timedOut: true, budget}` (stopped after `budget` ms) or
 * `{failed: message}` (the worker could not answer).
 */
export class EngineClient {
  #engine;
  #running = null; // the request in the worker: {lane, resolve, superseded, started, abandon}
  #waiting = new Map(); // lane → its newest question not sent yet, {request, resolve}, the longest waiting first
  #page = null; // the engine on the page's thread, for quick questions: {engine, kept}, once loaded
  #pageLoading = null;
  /** How the quick questions went: answered on the page's thread, or sent to the worker (the bench and tests read it). */
  quick = { page: 0, worker: 0 };

  #engineModule;
  #pageWork;

  /**
   * `engineModule()`: resolves to the engine's module (movecalc.mjs) with KeptPositions
   * (movecalc-kept.mjs) for the page's thread; by default the site's own, the files the worker
   * imports (not bundled into boot.js a second time). `pageWork`: the work budget of a quick
   * question there.
   */
  constructor(url, { budget = BUDGET_MS, engineModule = siteEngine, pageWork = PAGE_WORK } = {}) {
    this.#engine = new WorkerEngine({ url: scriptURL(url), timeout: budget });
    this.#engineModule = engineModule;
    this.#pageWork = pageWork;
  }

  get budget() { return this.#engine.timeout; }

  /** True when requests for `system` are answered (its module is loaded in the worker). */
  holds(system) { return this.#engine.holds(system); }

  /**
   * Loads rule sets in the worker; resolves to the engine's describe answer for all it holds. Once
   * the worker holds them, they load on the page's thread too, for quick questions.
   */
  load(systems) {
    const loading = this.#engine.load(systems);
    loading.then(() => this.#loadHere(systems), () => {});
    return loading;
  }

  /** True when a quick question of `system` can be answered on the page's thread (its module is loaded there). */
  quickHolds(system) { return !!this.#page?.engine.holds(system); }

  // Loads `systems` on the page's thread once the page is idle (a frame's work is not held up).
  #loadHere(systems) {
    const load = () => {
      this.#pageLoading = (this.#pageLoading ?? Promise.resolve()).then(async () => {
        if (!this.#page) {
          const { createEngine, splitRequest, KeptPositions } = await this.#engineModule();
          const engine = await createEngine({ systems });
          engine.setWorkLimit(this.#pageWork);
          this.#page = { engine, kept: new KeptPositions(engine, splitRequest) };
        } else await this.#page.engine.loadSystems(systems);
      }).catch(() => {}); // then every question goes to the worker, as before
    };
    if (globalThis.requestIdleCallback) requestIdleCallback(load, { timeout: 2000 });
    else setTimeout(load, 0);
  }

  /**
   * Asks a request (an object, or JSON text as typed); newest question of its `lane` wins (see
   * above). `quick`: answered on the page's thread when it can be (above), resolving in a microtask
   * (the promise's `here` then true).
   */
  ask(request, lane = 'rule', { quick = false } = {}) {
    const here = quick ? this.#askHere(request) : null;
    if (here) {
      // newer than anything of its lane still waiting or running
      this.#waiting.get(lane)?.resolve({ superseded: true });
      this.#waiting.delete(lane);
      const run = this.#running;
      if (run?.lane === lane && !run.superseded) { run.superseded = true; run.resolve({ superseded: true }); this.#abandonLater(run); }
      // (`here`: its answer is at hand, settled in this task's microtasks: play-hex.js draws once)
      return Object.assign(Promise.resolve(here), { here: true });
    }
    return new Promise((resolve) => {
      this.#waiting.get(lane)?.resolve({ superseded: true });
      // behind any other lane's question: a drag asking every frame does not keep a tap's waiting
      this.#waiting.delete(lane);
      this.#waiting.set(lane, { request, resolve });
      const run = this.#running;
      if (!run) this.#send();
      else if (run.lane === lane && !run.superseded) { run.superseded = true; run.resolve({ superseded: true }); this.#abandonLater(run); }
    });
  }

  // The answer of the page's engine, or null when the worker must answer: the module not loaded
  // here, the position too big, or the work budget run out (`limit`, which the worker then meets
  // only if MC_MAX_WORK runs out too).
  #askHere(request) {
    const page = this.#page;
    const system = request?.system;
    if (!page || typeof request !== 'object' || !page.engine.holds(system)
      || (request.units?.length ?? 0) + (request.terrain?.length ?? 0) > PAGE_OBJECTS) { this.quick.worker++; return null; }
    let response;
    try { response = JSON.parse(page.kept.answerText(request)); } catch { response = null; } // out of memory here: the worker's
    if (!response || response.ok === false && response.error?.code === 'limit') { this.quick.worker++; return null; }
    this.quick.page++;
    return { response };
  }

  #send() {
    const [lane, next] = this.#waiting.entries().next().value ?? [];
    if (!next) return;
    this.#waiting.delete(lane);
    const run = { lane, resolve: next.resolve, superseded: false, started: 0, abandon: 0 };
    this.#running = run;
    const onStart = () => { run.started = performance.now(); if (run.superseded) this.#abandonLater(run); };
    const onSettled = (err, response) => this.#done(run, err ? (err.code === 'timeout' ? { timedOut: true, budget: this.budget }
      : { failed: String(err.message).replace(/^movecalc: /, '') }) : { response }, err?.code === 'failed');
    this.#engine.request(next.request, { onStart, onSettled }).catch(() => {}); // told through onSettled
  }

  // `broken`: the worker itself failed (not one request), so every question waiting fails too
  #done(run, outcome, broken) {
    if (this.#running === run) {
      clearTimeout(run.abandon);
      this.#running = null;
    }
    if (!run.superseded) run.resolve(outcome);
    if (broken) {
      for (const w of this.#waiting.values()) w.resolve(outcome);
      this.#waiting.clear();
    }
    if (!this.#running) this.#send();
  }

  // A superseded request that has started is given SUPERSEDED_MS from its start to finish; past
  // that the worker is restarted and the newest question sent to the new one. (One still waiting
  // for a module to load has not started: its clock starts when it does.)
  #abandonLater(run) {
    if (!run.started || run.abandon) return;
    run.abandon = setTimeout(() => {
      if (this.#running !== run) return;
      this.#running = null;
      this.#engine.restart(); // rejects the run, superseded: nothing more to say of it
      this.#send();
    }, Math.max(0, SUPERSEDED_MS - (performance.now() - run.started)));
  }
}
