// Types for the movecalc engine module. The request and response shapes are documented in
// docs/api.md; they are kept open here (`Record<string, unknown>`) because each system and query
// has its own fields.

export type SystemId = 'arcane-legions' | 'ninth-age' | 'cc-ancients' | 'godsgloom' | 'torn-world';

export type ErrorCode =
  | 'bad_json'
  | 'bad_request'
  | 'unknown_system'
  | 'system_not_loaded'
  | 'unknown_query'
  | 'unknown_unit'
  | 'limit'
  | 'out_of_memory';

export interface Request {
  system?: SystemId;
  query: string;
  params?: Record<string, Record<string, number>>;
  [field: string]: unknown;
}

export interface Reason {
  code: string;
  rule: string;
  message: string;
  unit?: string;
  action?: number;
  hex?: { q: number; r: number; col: number; row: number };
  point?: { x: number; y: number };
}

export interface TraceStep {
  rule: string;
  unit?: string;
  message: string;
}

export interface OkResponse {
  ok: true;
  system?: SystemId;
  query: string;
  result: Record<string, unknown> & { trace?: TraceStep[]; reasons?: Reason[] };
  assumptions: string[];
}

export interface ErrorResponse {
  ok: false;
  error: { code: ErrorCode; path: string; message: string };
}

export type Response = OkResponse | ErrorResponse;

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
  /** Answers a request object (or JSON text), returning the parsed response. */
  request(request: Request | string): Response;
  /** Bytes the engine holds; unchanged by a request once it has been answered. */
  bytesInUse(): number;
  /** Size of the WebAssembly linear memory in bytes; it only grows (the high-water mark). */
  heapBytes(): number;
}

export declare function createEngine(options?: EngineOptions): Promise<Engine>;
