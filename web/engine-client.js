// The page's side of the engine worker (engine-worker.js). It knows no game: `load(systems)` loads
// rule sets (resolving to the engine's `describe` answer), `ask(request, lane)` answers a request.
// Newest question wins, lane by lane: a question asked while another of its lane is pending
// resolves the pending one as superseded, so at most one request runs and one of each lane waits,
// however often the page asks (a drag rules on every frame). Lanes are the page's questions that
// must not put each other aside: the ruling, and the engine's whyNot for a tapped hex; the worker
// answers one at a time, the lane waiting longest first. A request that runs longer than the budget is abandoned: the worker is
// stopped and started again with the same rule sets, and the question resolves as timed out. A
// superseded request still running after SUPERSEDED_MS is abandoned the same way, so the newest
// question never waits for an old slow one to finish.

/** How long one request may run in the worker before it is stopped (milliseconds). */
export const BUDGET_MS = 2000;
/** How long a superseded request may go on running before the worker is restarted (a few frames). */
export const SUPERSEDED_MS = 50;

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

/**
 * Outcomes of `ask`: `{response}` (the engine's answer object), `{superseded: true}` (a newer
 * question was asked; ignore it), `{timedOut: true, budget}` (stopped after `budget` ms) or
 * `{failed: message}` (the worker could not answer).
 */
export class EngineClient {
  #url;
  #budget;
  #worker = null;
  #serial = 0;
  #held = new Set();
  #loads = new Map(); // message id → {resolve, reject, systems}
  #running = null; // the request in the worker: {id, lane, resolve, superseded, timer, started}
  #waiting = new Map(); // lane → its newest question not sent yet, {request, resolve}, the longest waiting first

  constructor(url, { budget = BUDGET_MS } = {}) {
    this.#url = url;
    this.#budget = budget;
    this.#start();
  }

  get budget() { return this.#budget; }

  /** True when requests for `system` are answered (its module is loaded in the worker). */
  holds(system) { return this.#held.has(system); }

  /** Loads rule sets in the worker; resolves to the engine's describe answer for all it holds. */
  load(systems) {
    const id = ++this.#serial;
    return new Promise((resolve, reject) => {
      this.#loads.set(id, { resolve, reject, systems });
      this.#worker.postMessage({ id, type: 'load', systems });
    });
  }

  /** Asks a request (an object, or JSON text as typed); newest question of its `lane` wins (see above). */
  ask(request, lane = 'rule') {
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

  #start() {
    this.#worker = new Worker(scriptURL(this.#url), { type: 'module' });
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    this.#worker.onerror = (e) => { e.preventDefault(); this.#fail(e.message || 'the engine worker failed to start'); };
  }

  #send() {
    const [lane, next] = this.#waiting.entries().next().value ?? [];
    if (!next) return;
    this.#waiting.delete(lane);
    const id = ++this.#serial;
    this.#running = { id, lane, resolve: next.resolve, superseded: false, timer: 0, started: 0, abandon: 0 };
    this.#worker.postMessage({ id, type: 'ask', request: next.request });
  }

  #receive(data) {
    const load = this.#loads.get(data.id);
    if (load) {
      this.#loads.delete(data.id);
      if (data.error !== undefined) load.reject(new Error(data.error));
      else { for (const s of data.systems) this.#held.add(s); load.resolve(data.described); }
      return;
    }
    const run = this.#running;
    if (!run || run.id !== data.id) return; // the answer of a worker stopped since
    if (data.started) {
      run.started = performance.now();
      run.timer = setTimeout(() => this.#timeOut(run), this.#budget);
      if (run.superseded) this.#abandonLater(run);
      return;
    }
    clearTimeout(run.timer);
    clearTimeout(run.abandon);
    this.#running = null;
    if (!run.superseded) run.resolve(data.error !== undefined ? { failed: data.error } : { response: data.response });
    this.#send();
  }

  // A superseded request that has started is given SUPERSEDED_MS from its start to finish; past
  // that the worker is restarted and the newest question sent to the new one. (One still waiting
  // for a module to load has not started: its clock starts when it does.)
  #abandonLater(run) {
    if (!run.started || run.abandon) return;
    run.abandon = setTimeout(() => {
      if (this.#running !== run) return;
      clearTimeout(run.timer);
      this.#running = null;
      this.#restart();
      this.#send();
    }, Math.max(0, SUPERSEDED_MS - (performance.now() - run.started)));
  }

  #timeOut(run) {
    if (this.#running !== run) return;
    this.#running = null;
    if (!run.superseded) run.resolve({ timedOut: true, budget: this.#budget });
    this.#restart();
    this.#send();
  }

  // A fresh worker with the rule sets the stopped one held; requests sent meanwhile wait for them.
  #restart() {
    this.#worker.terminate();
    this.#start();
    // loads the stopped worker had not finished are asked of the new one
    for (const [id, load] of this.#loads) this.#worker.postMessage({ id, type: 'load', systems: load.systems });
    const systems = [...this.#held];
    if (systems.length) this.load(systems).catch(() => this.#held.clear());
  }

  #fail(message) {
    for (const load of this.#loads.values()) load.reject(new Error(message));
    this.#loads.clear();
    const run = this.#running;
    this.#running = null;
    if (run) { clearTimeout(run.timer); clearTimeout(run.abandon); if (!run.superseded) run.resolve({ failed: message }); }
    for (const w of this.#waiting.values()) w.resolve({ failed: message });
    this.#waiting.clear();
  }
}
