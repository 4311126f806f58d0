// Types for the movecalc engine module. The request and response shapes come from
// movecalc-api.d.ts, generated from the JSON Schemas of docs/schema/ (bin/types.mjs): a request
// object's `system` and `query` pick the type of the answer's `result`.
import type { EngineRequests, SystemId } from './movecalc-api.js';

export * from './movecalc-api.js';

/** The rule sets, in the order the all-in-one module lists them. */
export declare const SYSTEM_IDS: readonly SystemId[];

export interface EngineOptions {
  /**
   * Load only these rule sets, one smaller module each (default: the all-in-one module). A
   * request for another system is answered with the error `system_not_loaded`.
   */
  systems?: SystemId[];
  /** The .wasm bytes, when the caller has them already (one module only). */
  wasmBinary?: ArrayBuffer | Uint8Array;
  /** Where to fetch the .wasm from (browsers) or read it from (Node) (one module only). */
  wasmUrl?: string | URL;
}

export declare class Engine {
  /** The rule sets this engine answers, in SYSTEM_IDS order. */
  readonly systems: SystemId[];
  /** True when requests for `system` are answered (its module is loaded). */
  holds(system: string): boolean;
  /** Loads the modules of more rule sets; resolves once they answer. */
  loadSystems(systems: SystemId[]): Promise<void>;
  /**
   * Answers a request given as JSON text, returning the response text byte for byte (a describe
   * without a system from an engine of several modules: their answers merged).
   */
  requestText(text: string): string;
  /** Answers a request given as raw bytes (invalid UTF-8 is the engine's bad_json error). */
  requestBytes(bytes: Uint8Array): string;
  /** Bytes the engine holds; unchanged by a request once it has been answered. */
  bytesInUse(): number;
  /** Size of the WebAssembly linear memory in bytes; it only grows (the high-water mark). */
  heapBytes(): number;
}

/**
 * Answers a request object (or JSON text), returning the parsed response; one overload per system
 * and query (EngineRequests), so `result` has the type of that query's result once `ok` is checked.
 */
export interface Engine extends EngineRequests {}

export declare function createEngine(options?: EngineOptions): Promise<Engine>;
