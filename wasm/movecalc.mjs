// The movecalc engine as an ES module, for browsers and Node.
//   import { createEngine } from 'movecalc';
//   const engine = await createEngine();
//   const answer = engine.request({ query: 'describe' });
// The WebAssembly build (dist/, made by bin/build) is one module for both: under Node the bytes
// are read here and handed over as wasmBinary, because Emscripten 3.1.6's loader cannot fetch a
// file: URL (shared docs/TOOLCHAIN.md).
import factory from './dist/movecalc-core.mjs';

const isNode = typeof process === 'object' && process.versions != null && process.versions.node != null;
const encoder = typeof TextEncoder === 'function' ? new TextEncoder() : null;

/**
 * Loads the engine. `options.wasmBinary` (bytes) or `options.wasmUrl` override where the
 * .wasm comes from; by default it sits beside dist/movecalc-core.mjs.
 */
export async function createEngine(options = {}) {
  const moduleOptions = {};
  const wasmUrl = options.wasmUrl ?? new URL('./dist/movecalc-core.wasm', import.meta.url);
  if (options.wasmBinary) {
    moduleOptions.wasmBinary = options.wasmBinary;
  } else if (isNode) {
    const { readFile } = await import('node:fs/promises');
    moduleOptions.wasmBinary = await readFile(wasmUrl);
  } else {
    moduleOptions.locateFile = () => String(wasmUrl);
  }
  return new Engine(await factory(moduleOptions));
}

export class Engine {
  #m;

  constructor(module) {
    this.#m = module;
  }

  /** Answers a request given as JSON text; returns the response text exactly as the engine printed it. */
  requestText(text) {
    // TextEncoder copies the text at native speed; Emscripten's stringToUTF8 is a loop in JS that
    // took a quarter of a 100 KB request's time (bench/, README "Performance"). A string with a
    // lone surrogate keeps that path: its bytes are not UTF-8, and the engine says so, where an
    // encoder would put in replacement characters. Either way the engine reads up to a NUL.
    if (encoder && typeof text.isWellFormed === 'function' && text.isWellFormed()) {
      return this.#answer(encoder.encode(text));
    }
    const m = this.#m;
    const size = m.lengthBytesUTF8(text) + 1;
    return this.#call(size, (input) => m.stringToUTF8(text, input, size));
  }

  /**
   * Answers a request given as raw bytes (a file's contents), so that bytes which are not valid
   * UTF-8 reach the engine's own check instead of being replaced by a decoder.
   */
  requestBytes(bytes) {
    // A NUL byte would cut the C string short; the native CLI refuses such input the same way.
    return this.#answer(bytes.includes(0) ? Uint8Array.of(1) : bytes);
  }

  /** Copies the bytes and a terminating NUL into the engine's memory and answers them. */
  #answer(body) {
    const m = this.#m;
    return this.#call(body.length + 1, (input) => {
      m.writeArrayToMemory(body, input);
      m.writeArrayToMemory(Uint8Array.of(0), input + body.length);
    });
  }

  // Copies a NUL-terminated request of `size` bytes into the wasm heap with `write`, calls the
  // engine and frees both the request and the response.
  #call(size, write) {
    const m = this.#m;
    const input = m._malloc(size);
    if (!input) throw new Error('movecalc: out of memory for the request');
    try {
      write(input);
      const output = m._mc_request(input);
      if (!output) throw new Error('movecalc: out of memory for the response');
      try {
        return m.UTF8ToString(output);
      } finally {
        m._mc_free(output);
      }
    } finally {
      m._free(input);
    }
  }

  /** Answers a request object; returns the response object ({ok: true, result} or {ok: false, error}). */
  request(request) {
    return JSON.parse(this.requestText(typeof request === 'string' ? request : JSON.stringify(request)));
  }

  /** Bytes the engine holds; unchanged by a request once its answer has been returned. */
  bytesInUse() {
    return this.#m._mc_bytes_in_use() >>> 0;
  }

  /**
   * Size in bytes of the WebAssembly linear memory (stack, static data and malloc's heap). It
   * only grows: after a request it tells the most memory any request so far has needed.
   */
  heapBytes() {
    return this.#m.HEAPU8.buffer.byteLength;
  }
}
