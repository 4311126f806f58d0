// The engine off the caller's thread (import { createWorkerEngine } from 'movecalc/worker'): the
// same requests and kept positions as movecalc.mjs, answered in a worker (a Web Worker in browsers,
// worker_threads in Node) and returned as promises. A call that runs past its timeout is stopped:
// the worker is terminated, the call rejects with MovecalcError code `timeout`, and a fresh worker
// loads the same rule sets for the calls after it. Positions opened before a restart are lost
// (their calls reject with code `closed`). Calls are answered one at a time, in order.
import { MovecalcError } from './movecalc-error.mjs';

export { MovecalcError };

/** How long one call may run in the worker by default (milliseconds). */
export const DEFAULT_TIMEOUT_MS = 2000;

// A worker with the Web Worker's onmessage/onerror/postMessage/terminate, in browsers (or any
// runtime with Web Workers) or Node's worker_threads.
function startWorker(url) {
  if (typeof Worker === 'function') {
    // written out whole: Vite and webpack find the worker script by this very expression
    return url ? new Worker(url, { type: 'module' }) : new Worker(new URL('./movecalc-worker-thread.mjs', import.meta.url), { type: 'module' });
  }
  const { Worker: NodeWorker } = process.getBuiltinModule('node:worker_threads');
  const w = new NodeWorker(url ?? new URL('./movecalc-worker-thread.mjs', import.meta.url));
  const face = { onmessage: null, onerror: null, postMessage: (m) => w.postMessage(m), terminate: () => w.terminate(),
    busy: (yes) => (yes ? w.ref() : w.unref()) };
  w.on('message', (data) => face.onmessage?.({ data }));
  w.on('error', (e) => face.onerror?.({ message: String(e?.message ?? e), preventDefault() {} }));
  return face;
}

/** A position kept in the worker's engine (WorkerEngine.open). */
export class WorkerPosition {
  #engine;
  #handle;
  #generation;

  constructor(engine, handle, generation) {
    this.#engine = engine;
    this.#handle = handle;
    this.#generation = generation;
  }

  /** Asks a query (`query` and its own fields); the parsed response. */
  ask(query, options) { return this.#engine._call({ type: 'position', handle: this.#handle, query }, options, this.#generation); }

  /** Changes the position; `{ok: true}` or an error response (the position is then unchanged). */
  update(changes, options) { return this.#engine._call({ type: 'update', handle: this.#handle, changes }, options, this.#generation); }

  /** Frees the position in the worker; later calls reject with code `closed`. */
  close() {
    const handle = this.#handle;
    this.#handle = 0;
    return handle ? this.#engine._call({ type: 'close', handle }, undefined, this.#generation).catch(() => {}) : Promise.resolve();
  }
}

export class WorkerEngine {
  #url;
  #timeout;
  #wasmBase;
  #worker = null;
  #generation = 0; // counts the workers started: a position belongs to one
  #serial = 0;
  #held = new Set();
  #loads = new Map(); // message id → {resolve, reject, systems}
  #running = null; // the call in the worker: {id, resolve, reject, timer, timeout, onStart}
  #queue = []; // calls not sent yet, in order

  /**
   * `url`: the worker script (default movecalc-worker-thread.mjs beside this file); `timeout`: the
   * default for every call (ms); `wasmBase`: where the .wasm files are (a folder URL), when not
   * beside the wrapper the worker imports.
   */
  constructor({ url, timeout = DEFAULT_TIMEOUT_MS, wasmBase } = {}) {
    this.#url = url;
    this.#timeout = timeout;
    this.#wasmBase = wasmBase === undefined ? undefined : String(wasmBase);
    this.#start();
  }

  get timeout() { return this.#timeout; }

  /** The rule sets the worker holds. */
  get systems() { return [...this.#held]; }

  /** True when requests for `system` are answered (its module is loaded in the worker). */
  holds(system) { return this.#held.has(system); }

  /** Loads rule sets in the worker; resolves to the engine's describe answer for all it holds. */
  load(systems) {
    const id = ++this.#serial;
    return new Promise((resolve, reject) => {
      this.#loads.set(id, { resolve, reject, systems });
      this.#worker.postMessage(this.#loadMessage(id, systems));
      this.#busy();
    });
  }

  /** Loads rule sets in the worker; resolves once they answer. */
  async loadSystems(systems) { await this.load(systems); }

  /**
   * Answers a request (an object, or JSON text); resolves to the response object. `timeout` (ms)
   * overrides the engine's; `onStart()` is called when the worker begins it, `onSettled(error,
   * response)` as soon as it is answered, before the promise settles.
   */
  request(request, options) { return this._call({ type: 'ask', request }, options); }

  /** Opens a position kept in the worker's engine; rejects with the engine's code when it cannot. */
  async open(position, options) {
    const generation = this.#generation;
    const { handle } = await this._call({ type: 'open', position }, options, generation, true);
    return new WorkerPosition(this, handle, generation);
  }

  /** Stops the worker now and starts a fresh one with the same rule sets; calls running or waiting reject with code `closed`. */
  restart() {
    const run = this.#running;
    this.#running = null;
    this.#restart();
    if (run) { clearTimeout(run.timer); run.reject(new MovecalcError('closed', 'the worker was restarted')); }
    this.#next();
  }

  /** Stops the worker for good; calls not answered reject with code `closed`. */
  terminate() {
    this.#worker.terminate();
    this.#fail('closed', 'the worker was terminated');
    this.#worker = { postMessage() {}, terminate() {} };
  }

  // Queues a message; the promise settles with its response (or the whole reply with `whole`).
  _call(message, options = {}, generation = this.#generation, whole = false) {
    if (generation !== this.#generation) return Promise.reject(new MovecalcError('closed', 'the position was lost when the worker restarted; open it again'));
    if ((message.type === 'position' || message.type === 'update') && !message.handle) return Promise.reject(new MovecalcError('closed', 'the position is closed'));
    return new Promise((resolve, reject) => {
      // onSettled hears the outcome at once, before the promise's reactions run (the page's client
      // sends its next question in the same turn)
      const settled = options.onSettled;
      this.#queue.push({ message, whole, generation, timeout: options.timeout ?? this.#timeout, onStart: options.onStart,
        resolve: (v) => { settled?.(null, v); resolve(v); }, reject: (e) => { settled?.(e); reject(e); } });
      if (!this.#running) this.#next();
    });
  }

  #loadMessage(id, systems) {
    const m = { id, type: 'load', systems };
    if (systems === undefined) delete m.systems; // the all-in-one module
    if (this.#wasmBase !== undefined) m.wasmBase = this.#wasmBase;
    return m;
  }

  #start() {
    this.#generation++;
    this.#worker = startWorker(this.#url);
    this.#worker.onmessage = ({ data }) => this.#receive(data);
    this.#worker.onerror = (e) => { e.preventDefault?.(); this.#fail('failed', e.message || 'the engine worker failed to start'); };
  }

  #next() {
    while (this.#queue.length && !this.#running) {
      const call = this.#queue.shift();
      if (call.generation !== this.#generation && call.message.type !== 'ask') {
        call.reject(new MovecalcError('closed', 'the position was lost when the worker restarted; open it again'));
        continue;
      }
      const id = ++this.#serial;
      this.#running = { ...call, id, timer: 0 };
      this.#worker.postMessage({ id, ...call.message });
    }
    this.#busy();
  }

  // Node: the worker keeps the process alive only while it has something to answer.
  #busy() { this.#worker.busy?.(this.#running !== null || this.#loads.size > 0); }

  #receive(data) {
    this.#receive1(data);
    this.#busy();
  }

  #receive1(data) {
    const load = this.#loads.get(data.id);
    if (load) {
      this.#loads.delete(data.id);
      if (data.error !== undefined) load.reject(new MovecalcError(data.code ?? 'load_failed', data.error.replace(/^movecalc: /, '')));
      else { for (const s of data.systems) this.#held.add(s); load.resolve(data.described); }
      return;
    }
    const run = this.#running;
    if (!run || run.id !== data.id) return; // the answer of a worker stopped since
    if (data.started) {
      run.timer = setTimeout(() => this.#timeOut(run), run.timeout);
      run.onStart?.();
      return;
    }
    clearTimeout(run.timer);
    this.#running = null;
    if (data.error !== undefined) {
      run.reject(new MovecalcError(data.code ?? 'failed', data.error.replace(/^movecalc: /, ''), data.response ? { response: data.response, path: data.response.error?.path } : {}));
    } else run.resolve(run.whole ? data : data.response);
    this.#next();
  }

  #timeOut(run) {
    if (this.#running !== run) return;
    this.#running = null;
    this.#restart();
    run.reject(new MovecalcError('timeout', `the engine ran past ${run.timeout} ms and was stopped`));
    this.#next();
  }

  // A fresh worker with the rule sets the stopped one held; calls sent meanwhile wait for them.
  #restart() {
    this.#worker.terminate();
    this.#start();
    // loads the stopped worker had not finished are asked of the new one
    for (const [id, load] of this.#loads) this.#worker.postMessage(this.#loadMessage(id, load.systems));
    const systems = [...this.#held];
    if (systems.length) this.load(systems).catch(() => this.#held.clear());
  }

  #fail(code, message) {
    for (const load of this.#loads.values()) load.reject(new MovecalcError(code, message));
    this.#loads.clear();
    const run = this.#running;
    this.#running = null;
    if (run) { clearTimeout(run.timer); run.reject(new MovecalcError(code, message)); }
    for (const call of this.#queue.splice(0)) call.reject(new MovecalcError(code, message));
  }
}

/** A WorkerEngine with `systems` loaded (default: the all-in-one module, every rule set). */
export async function createWorkerEngine({ systems, ...options } = {}) {
  const engine = new WorkerEngine(options);
  await engine.loadSystems(systems);
  return engine;
}
