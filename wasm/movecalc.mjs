// The movecalc engine as an ES module, for browsers and Node.
//   import { createEngine } from 'movecalc';
//   const engine = await createEngine();                          // every rule set
//   const gg = await createEngine({ systems: ['godsgloom'] });    // one rule set's smaller module
//   const answer = engine.request({ query: 'describe' });
// Where the .wasm files are: `locateFile(name)` (name "movecalc-<module>.wasm"), as sql.js's, for
// every module createEngine and loadSystems load; by default dist/ beside this file.
// Everything this wrapper throws or rejects with is a MovecalcError with a `code`.
// The WebAssembly builds (dist/, made by bin/build) are one module for both: under Node the bytes
// are read here and handed over as wasmBinary, because Emscripten 3.1.6's loader cannot fetch a
// file: URL. dist/ holds the all-in-one module (movecalc-core) and one
// module per rule set (movecalc-<system>); each has its own glue, imported only when used.

const isNode = typeof process === 'object' && process.versions != null && process.versions.node != null;
const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;
const decoder = typeof TextDecoder === 'function' ? new TextDecoder() : null;

// Literal import paths, so that bundlers and the service worker's list see every glue file: core,
// then the games of src/systems.def in its order. Written by bin/generate.mjs (bin/build runs it).
const GLUE = {
  core: () => import('./dist/movecalc-core.mjs'),
  'arcane-legions': () => import('./dist/movecalc-arcane-legions.mjs'),
  'ninth-age': () => import('./dist/movecalc-ninth-age.mjs'),
  'cc-ancients': () => import('./dist/movecalc-cc-ancients.mjs'),
  godsgloom: () => import('./dist/movecalc-godsgloom.mjs'),
  'torn-world': () => import('./dist/movecalc-torn-world.mjs'),
};

import { MovecalcError } from './movecalc-error.mjs';

export { MovecalcError };

/** The rule sets, in the order the all-in-one module lists them. */
export const SYSTEM_IDS = Object.freeze(Object.keys(GLUE).filter((name) => name !== 'core'));

// Vite's dev server pre-bundles dependencies into node_modules/.vite/deps/, away from dist/; the
// package's own files are still served from node_modules/movecalc/, so the default looks there.
const PREBUNDLED = /\/node_modules\/\.vite\/deps(_[a-z]+)?\/[^/]*$/;

// Where the .wasm of module `name` is: the caller's locateFile, else dist/ beside this file. The
// literal `new URL(…, import.meta.url)` is what Vite and webpack follow to emit every .wasm.
function wasmLocation(name, options) {
  const file = `movecalc-${name}.wasm`;
  if (options.wasmUrl !== undefined) return options.wasmUrl;
  if (options.locateFile) return options.locateFile(file);
  // (through a variable: no bundler is to follow this one)
  const here = import.meta.url;
  if (PREBUNDLED.test(here)) return new URL('../../movecalc/wasm/dist/' + file, here);
  return new URL(`./dist/movecalc-${name}.wasm`, import.meta.url);
}

// The advice of a load failure: where the .wasm is looked for and how to say where it is instead.
const LOCATE_HINT = 'pass createEngine({ locateFile: (name) => URL of that file }) and serve or copy ' +
  "node_modules/movecalc/wasm/dist/*.wasm there (README \"Using with a bundler\")";

// With the bytes given the glue fetches nothing, but without a locateFile it still makes its
// default name with new URL(…, import.meta.url), which throws where import.meta is empty (a
// CommonJS server bundle).
const bytesGiven = (file) => file;

/** Instantiates one module: `name` is "core" or a system id. */
async function instantiate(name, options) {
  const moduleOptions = {};
  let failed = null; // rejects when the .wasm cannot be compiled or instantiated
  let wasmUrl;
  try {
    if (options.wasmBinary) {
      moduleOptions.wasmBinary = options.wasmBinary;
      moduleOptions.locateFile = bytesGiven;
    } else if (isNode) {
      wasmUrl = wasmLocation(name, options);
      // process.getBuiltinModule, not an import: a bundler building for the browser then finds no
      // `node:` module to resolve (README "Using with a bundler").
      moduleOptions.wasmBinary = await process.getBuiltinModule('node:fs/promises').readFile(wasmUrl);
      moduleOptions.locateFile = bytesGiven;
    } else if (typeof WebAssembly.compileStreaming === 'function') {
      wasmUrl = wasmLocation(name, options);
      // The .wasm is compiled while it arrives, from now on, while the glue is imported and the
      // page goes on drawing; the glue then only instantiates it (docs/performance.md).
      failed = new Promise((_, reject) => {
        const compiled = compileFrom(String(wasmUrl));
        compiled.catch(reject);
        moduleOptions.instantiateWasm = (imports, receive) => {
          compiled.then((mod) => WebAssembly.instantiate(mod, imports).then((instance) => receive(instance, mod))).catch(reject);
          return {};
        };
      });
      // handled here at once: the failure may come before the race below listens to it
      failed.catch(() => {});
    } else {
      wasmUrl = wasmLocation(name, options);
      moduleOptions.locateFile = () => String(wasmUrl);
    }
    const { default: factory } = await GLUE[name]();
    const m = await (failed ? Promise.race([factory(moduleOptions), failed]) : factory(moduleOptions));
    return new Module(m, name === 'core' ? SYSTEM_IDS : [name]);
  } catch (err) {
    if (err instanceof MovecalcError) throw err;
    const where = wasmUrl === undefined ? `module ${name}` : String(wasmUrl);
    throw new MovecalcError('load_failed', `${where}: ${err?.message ?? err}; ${LOCATE_HINT}`, { cause: err });
  }
}

// Streaming compilation needs the server to say application/wasm; a host that does not gets
// the bytes compiled in one piece instead, from the same response (fetched once).
async function compileFrom(url) {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new MovecalcError('load_failed', `${url}: HTTP ${response.status}; ${LOCATE_HINT}`);
  const copy = response.clone();
  try {
    return await WebAssembly.compileStreaming(response);
  } catch {
    return WebAssembly.compile(await copy.arrayBuffer());
  }
}

function checkSystems(systems) {
  if (!Array.isArray(systems) || systems.length === 0) throw new MovecalcError('bad_request', 'systems must be a non-empty array of system ids');
  for (const id of systems) {
    if (!SYSTEM_IDS.includes(id)) throw new MovecalcError('unknown_system', `unknown system ${JSON.stringify(id)}; known: ${SYSTEM_IDS.join(', ')}`);
  }
}

function checkOptions(options) {
  if (options.locateFile !== undefined && typeof options.locateFile !== 'function') {
    throw new MovecalcError('bad_request', 'locateFile must be a function (file name → URL or path)');
  }
}

/**
 * Loads the engine. By default the all-in-one module, which answers every rule set.
 * `options.systems` (system ids) loads only those rule sets, one smaller module each; a request
 * for another system is then answered with the error `system_not_loaded`, and
 * `engine.loadSystems()` adds more later. `options.locateFile(name)` says where
 * each module's .wasm is (by default dist/ beside this file), for these modules and those
 * loadSystems adds; `options.wasmBinary` (bytes) or `options.wasmUrl` give the one module's.
 */
export async function createEngine(options = {}) {
  checkOptions(options);
  const later = { locateFile: options.locateFile };
  if (options.systems === undefined) return new Engine([await instantiate('core', options)], later);
  checkSystems(options.systems);
  const ids = SYSTEM_IDS.filter((id) => options.systems.includes(id));
  if (ids.length > 1 && (options.wasmBinary || options.wasmUrl)) {
    throw new MovecalcError('bad_request', 'wasmBinary and wasmUrl name one module; give one system with them, or use locateFile');
  }
  return new Engine(await Promise.all(ids.map((id) => instantiate(id, options))), later);
}

// The request buffer a module keeps between calls: requests up to this size reuse it, a larger one
// gets a block of its own for that call. Bounded, and from malloc, not the engine's counted
// allocator, so bytesInUse() is the engine's alone (docs/performance.md).
const KEPT_INPUT_BYTES = 64 * 1024;

// One WebAssembly instance and the systems it answers.
class Module {
  constructor(m, systems) {
    this.m = m;
    this.systems = systems;
    this.input = 0; // the kept request buffer (malloc), or 0
    this.inputBytes = 0;
  }

  // A buffer of at least `size` bytes for the request: the kept one, grown on demand up to
  // KEPT_INPUT_BYTES; a larger request gets its own, given back by release().
  reserve(size) {
    if (size <= this.inputBytes) return this.input;
    const m = this.m;
    if (size > KEPT_INPUT_BYTES) {
      const own = m._malloc(size);
      if (!own) throw new MovecalcError('out_of_memory', 'out of memory for the request');
      return own;
    }
    const bytes = Math.min(KEPT_INPUT_BYTES, Math.max(size, 2 * this.inputBytes, 1024));
    if (this.input) m._free(this.input);
    this.input = m._malloc(bytes);
    this.inputBytes = this.input ? bytes : 0;
    if (!this.input) throw new MovecalcError('out_of_memory', 'out of memory for the request');
    return this.input;
  }

  release(input) {
    if (input !== this.input) this.m._free(input);
  }

  /** Answers a request given as JSON text; `run(input)` (default mc_request) makes the response. */
  text(text, run) {
    // TextEncoder writes the UTF-8 straight into the engine's memory at native speed (Emscripten's
    // stringToUTF8 is a loop in JS that took a quarter of a 100 KB request's time). A string with
    // a lone surrogate keeps that path: its bytes are not UTF-8, and the engine says so, where an
    // encoder would put in replacement characters. Either way the engine reads up to a NUL.
    const m = this.m;
    // The engine reads up to a NUL: a text holding one is refused whole, as the CLIs refuse such
    // bytes, instead of being answered cut short.
    if (text.includes('\0')) text = '\x01';
    if (!encoder || typeof text.isWellFormed !== 'function' || !text.isWellFormed()) {
      const size = m.lengthBytesUTF8(text) + 1;
      const input = this.reserve(size);
      m.stringToUTF8(text, input, size);
      return this.call(input, run);
    }
    // Requests are nearly always ASCII: one byte per UTF-16 unit. Text that needs more is measured
    // and written again into a buffer of its exact size.
    let input = this.reserve(text.length + 1);
    let done = encoder.encodeInto(text, m.HEAPU8.subarray(input, input + text.length));
    if (done.read < text.length) {
      this.release(input);
      const size = m.lengthBytesUTF8(text) + 1;
      input = this.reserve(size);
      done = encoder.encodeInto(text, m.HEAPU8.subarray(input, input + size - 1));
    }
    m.HEAPU8[input + done.written] = 0;
    return this.call(input, run);
  }

  /** Copies the bytes and a terminating NUL into the engine's memory and answers them. */
  bytes(body) {
    const input = this.reserve(body.length + 1);
    const heap = this.m.HEAPU8;
    heap.set(body, input);
    heap[input + body.length] = 0;
    return this.call(input);
  }

  // Answers the NUL-terminated request at `input` (from reserve) with `run` (default mc_request)
  // and frees the response.
  call(input, run) {
    const m = this.m;
    try {
      const output = run ? run(input) : m._mc_request(input);
      if (!output) throw new MovecalcError('out_of_memory', 'out of memory for the response');
      try {
        // The engine kept the answer's length when it printed it: finding the NUL here (with
        // Emscripten's UTF8ToString, a loop in JS, or HEAPU8.indexOf) took ~0.3 µs per KB.
        if (!decoder) return m.UTF8ToString(output);
        return decoder.decode(m.HEAPU8.subarray(output, output + m._mc_response_length(output)));
      } finally {
        m._mc_free(output);
      }
    } finally {
      this.release(input);
    }
  }
}

// The columns of an arrays answer (enum McColumn, src/movecalc.h).
const COLUMN = { q: 0, r: 1, cost: 2, parent: 3, flags: 4, poses: 5 };

/**
 * The bits of an arrays reach's `flags` column, by game id (docs/api/<game>.md "Arrays form"). A
 * count packed above the bits is read with the shift named `…Shift`: `flags >> attackCountShift`
 * free attacks. Generated by bin/generate.mjs from each game's src/rules/<game>/<prefix>_columns.h.
 */
export const REACH_FLAGS = Object.freeze({
  'cc-ancients': Object.freeze({
    canBattle: 1, mustBattle: 2, stoppedByTerrain: 4, stoppedByLeader: 8, stoppedByAllowance: 16, attaches: 32,
    marshRoll: 64, warriorCharge: 128, needsAdjacentEnemy: 256, adjacentEnemies: 512,
  }),
  godsgloom: Object.freeze({ engaged: 1, noMelee: 2, nimble: 4, minimumMove: 8, landing: 16, endedBy: 32 }),
  'torn-world': Object.freeze({
    freeAttacks: 1, ejects: 2, ejectsMarkers: 4, destroyed: 8, alternatives: 16, attackCountShift: 8,
  }),
});

/**
 * A position kept in one module's engine (engine.open): questions about it send only the query,
 * and changes only what changed. Its answers are byte for byte the full request's.
 */
export class Position {
  #mod;
  #handle;

  /** Use engine.open(); `handle` is the engine's McPosition. */
  constructor(mod, handle) {
    this.#mod = mod;
    this.#handle = handle;
  }

  #live() {
    if (!this.#handle) throw new MovecalcError('closed', 'the position is closed');
    return this.#handle;
  }

  /** Asks a query (`query` and its own fields) given as JSON text; the response text. */
  askText(text) {
    const handle = this.#live();
    return this.#mod.text(text, (input) => this.#mod.m._mc_position_ask(handle, input));
  }

  /**
   * Asks a query object (or JSON text); the parsed response, as engine.request's. With
   * `{format: 'arrays'}`, a hex `reach` (GODSGLOOM, Torn World, Commands & Colors: Ancients) gives
   * its destinations, an Arcane Legions `move` and a Ninth Age `pursue`, `charge` or `flee` their
   * poses as typed arrays in `arrays` (docs/api.md "Arrays"), copied out of the engine's memory, and
   * the result holds only `unit` (The Ninth Age: `moves`), `rows` (and `legal`), no trace; any
   * other query answers as without the option.
   */
  ask(query, options) {
    const text = typeof query === 'string' ? query : JSON.stringify(query);
    const format = options?.format ?? 'json';
    if (format === 'json') return JSON.parse(this.askText(text));
    if (format !== 'arrays') throw new MovecalcError('bad_request', `unknown answer format "${format}" (json or arrays)`);
    const handle = this.#live();
    const m = this.#mod.m;
    const response = JSON.parse(this.#mod.text(text, (input) => m._mc_position_ask_arrays(handle, input)));
    if (!response.ok) return response;
    const column = (c, Type, per) => {
      const rows = m._mc_position_rows(handle, c);
      const at = m._mc_position_column(handle, c);
      const bytes = rows * per * Type.BYTES_PER_ELEMENT;
      return new Type(m.HEAPU8.slice(at, at + bytes).buffer);
    };
    // Poses: a free-form answer's, also when none of The Ninth Age's `moves` has rows (its result
    // has `rows` then; a query without the arrays form, such as a C&C order with its `moves`, has not).
    const rows = typeof response.result?.rows === 'number';
    if (m._mc_position_rows(handle, COLUMN.poses) > 0 || (rows && Array.isArray(response.result.moves))) {
      response.arrays = { poses: column(COLUMN.poses, Float64Array, 3) };
    } else if (rows) {
      response.arrays = {};
      for (const name of ['q', 'r', 'cost', 'parent', 'flags']) response.arrays[name] = column(COLUMN[name], Int32Array, 1);
    }
    return response;
  }

  /**
   * Changes the position: `{remove: [ids], units: [{id, ...fields}], params, terrain, table, board,
   * baselines, markers}` (object or JSON text); the parsed response, `{ok: true}` or an error
   * (the position is then unchanged).
   */
  update(changes) {
    const handle = this.#live();
    const text = typeof changes === 'string' ? changes : JSON.stringify(changes);
    return JSON.parse(this.#mod.text(text, (input) => this.#mod.m._mc_position_update(handle, input)));
  }

  /** Frees what the engine holds for the position; later calls throw. Closing twice is allowed. */
  close() {
    if (this.#handle) this.#mod.m._mc_position_close(this.#handle);
    this.#handle = 0;
  }
}

// A position's members: every other member of a request belongs to the query.
const POSITION_KEYS = ['system', 'params', 'units', 'terrain', 'table', 'board', 'baselines', 'markers'];

/** Splits a request object into its position and its query (docs/api.md "Positions"). */
export function splitRequest(request) {
  const position = {};
  const query = {};
  for (const [key, value] of Object.entries(request)) (POSITION_KEYS.includes(key) ? position : query)[key] = value;
  return { position, query };
}

export class Engine {
  #modules;
  #bySystem = new Map();
  #loading = new Map();
  #locateFile;
  #workLimit = 0;

  /** Use createEngine(); `modules` are the loaded WebAssembly instances. */
  constructor(modules, { locateFile } = {}) {
    this.#locateFile = locateFile;
    this.#modules = [];
    for (const mod of modules) this.#add(mod);
  }

  #add(mod) {
    mod.m._mc_set_work_limit(this.#workLimit);
    this.#modules.push(mod);
    this.#modules.sort((a, b) => SYSTEM_IDS.indexOf(a.systems[0]) - SYSTEM_IDS.indexOf(b.systems[0]));
    for (const id of mod.systems) this.#bySystem.set(id, mod);
  }

  /**
   * The work budget of every later request and position ask, in the engine's work units
   * (docs/api.md "Limits"): 0 (the default) or anything from MC_MAX_WORK up is MC_MAX_WORK. A
   * question that runs out answers the `limit` error. A page can answer a drag's frames on its
   * own thread under a small budget, and send what runs out to a worker (web/engine-client.js).
   */
  setWorkLimit(units) {
    if (!Number.isInteger(units) || units < 0) throw new MovecalcError('bad_request', 'the work limit is a whole number of units, 0 for MC_MAX_WORK');
    this.#workLimit = Math.min(units, 0xffffffff);
    for (const mod of this.#modules) mod.m._mc_set_work_limit(this.#workLimit);
  }

  /** The ids of the rule sets this engine answers, in SYSTEM_IDS order. */
  get systems() {
    return SYSTEM_IDS.filter((id) => this.#bySystem.has(id));
  }

  /** True when requests for `system` are answered (its module is loaded). */
  holds(system) {
    return this.#bySystem.has(system);
  }

  /**
   * Loads the modules of more rule sets (the ones not held yet); resolves once they answer.
   * Asking twice for a system while it loads waits for the same load.
   */
  async loadSystems(systems) {
    checkSystems(systems);
    await Promise.all(systems.filter((id) => !this.holds(id)).map((id) => {
      if (!this.#loading.has(id)) {
        this.#loading.set(id, instantiate(id, { locateFile: this.#locateFile }).then((mod) => {
          if (!this.holds(id)) this.#add(mod);
        }).finally(() => this.#loading.delete(id)));
      }
      return this.#loading.get(id);
    }));
  }

  // The module that answers a request for `system`. Requests for no system, a system not held or
  // text that is not JSON go to the first module, which gives the engine's own answer or error.
  #route(system) {
    return this.#bySystem.get(system) ?? this.#modules[0];
  }

  // The "system" of a request's text when several modules could answer it; undefined otherwise.
  // JSON.parse reads no text that the engine reads differently: the engine refuses every text
  // JSON.parse refuses, and also repeated names, where JSON.parse keeps the last. A text refused
  // while it is read gets the same answer from every module, so which one it goes to is moot.
  #systemOf(text) {
    if (this.#modules.length < 2) return undefined;
    try {
      const request = JSON.parse(text);
      return typeof request?.system === 'string' ? request.system : undefined;
    } catch {
      return undefined;
    }
  }

  // `describe` without a system, asked of several modules: the first module's answer with every
  // module's systems and assumptions, in SYSTEM_IDS order (re-serialised by JSON.stringify).
  #describeAll(text) {
    const texts = this.#modules.map((mod) => mod.text(text));
    const answers = texts.map((t) => JSON.parse(t));
    const [first] = answers;
    if (!first.ok) return texts[0]; // an error is every module's, byte for byte
    first.result.systems = answers.flatMap((a) => a.result.systems);
    first.result.assumptions = answers.flatMap((a) => a.result.assumptions);
    return JSON.stringify(first);
  }

  #answer(text, system) {
    if (this.#modules.length > 1 && system === undefined && isDescribeAll(text)) return this.#describeAll(text);
    return this.#route(system).text(text);
  }

  /**
   * Answers a request given as JSON text; returns the response text exactly as the engine printed
   * it (a describe of every system from an engine of several modules is their answers merged).
   */
  requestText(text) {
    return this.#answer(text, this.#systemOf(text));
  }

  /**
   * Answers a request given as raw bytes (a file's contents), so that bytes which are not valid
   * UTF-8 reach the engine's own check instead of being replaced by a decoder.
   */
  requestBytes(bytes) {
    // A NUL byte would cut the C string short; the native CLI refuses such input the same way.
    const body = bytes.includes(0) ? Uint8Array.of(1) : bytes;
    if (this.#modules.length > 1) {
      let text;
      // ignoreBOM keeps a byte order mark in the text, where the engine refuses it as natively.
      try { text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(body); } catch { return this.#modules[0].bytes(body); }
      return this.requestText(text);
    }
    return this.#modules[0].bytes(body);
  }

  /** Answers a request object; returns the response object ({ok: true, result} or {ok: false, error}). */
  request(request) {
    if (typeof request === 'string') return JSON.parse(this.requestText(request));
    const system = typeof request?.system === 'string' ? request.system : undefined;
    return JSON.parse(this.#answer(JSON.stringify(request), system));
  }

  /**
   * Opens a position kept in the engine (object or JSON text: `system`, `params`, `units`,
   * `terrain`, `table`, `board`, `baselines`, `markers`). Throws when it cannot be opened; the
   * error's `response` is the engine's error response.
   */
  open(position) {
    const text = typeof position === 'string' ? position : JSON.stringify(position);
    const system = typeof position === 'string' ? this.#systemOf(text) : position?.system;
    const mod = this.#route(typeof system === 'string' ? system : undefined);
    const m = mod.m;
    const slot = m._malloc(4);
    if (!slot) throw new MovecalcError('out_of_memory', 'out of memory for the position');
    let handle = 0;
    try {
      const response = JSON.parse(mod.text(text, (input) => {
        handle = m._mc_position_open(input, slot);
        return new DataView(m.HEAPU8.buffer).getUint32(slot, true);
      }));
      if (!handle) {
        const { code = 'bad_request', path = '', message } = response.error ?? {};
        throw new MovecalcError(code, `the position cannot be opened: ${code} at "${path}": ${message}`, { path, response });
      }
    } finally {
      m._free(slot);
    }
    return new Position(mod, handle);
  }

  /**
   * Bytes the engine holds (all its modules); unchanged by a request once its answer has been
   * returned. The kept request buffer and the engine's kept `describe` answers are not counted
   * (docs/performance.md).
   */
  bytesInUse() {
    return this.#modules.reduce((sum, mod) => sum + (mod.m._mc_bytes_in_use() >>> 0), 0);
  }

  /**
   * Size in bytes of the WebAssembly linear memory (stack, static data and malloc's heap; all
   * modules together). It only grows: after a request it tells the most memory any request so
   * far has needed.
   */
  heapBytes() {
    return this.#modules.reduce((sum, mod) => sum + mod.m.HEAPU8.buffer.byteLength, 0);
  }
}

// A describe request without a system: {"query":"describe"} and nothing else that names one.
function isDescribeAll(text) {
  try {
    const request = JSON.parse(text);
    return request !== null && typeof request === 'object' && !Array.isArray(request) &&
      request.query === 'describe' && request.system === undefined;
  } catch {
    return false;
  }
}
