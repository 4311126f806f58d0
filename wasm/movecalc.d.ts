// Types for the movecalc engine module. The request and response shapes come from
// movecalc-api.d.ts, generated from the JSON Schemas of docs/schema/ (bin/types.mjs): a request
// object's `system` and `query` pick the type of the answer's `result`.
import type { EngineRequests, FullQuery, FullResponseOf, Queries, ReadonlyDeep, RequestOf, ResponseOf, SystemId } from './movecalc-api.js';

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
  /**
   * Where each module's .wasm is, as sql.js's locateFile: given the file name
   * (`movecalc-godsgloom.wasm`), its URL (browsers) or path (Node). Used for every module this
   * engine loads, also by loadSystems. Default: dist/ beside the wrapper.
   */
  locateFile?: (name: string) => string | URL;
}

/** The codes of MovecalcError: the wrapper's own, then the engine's (docs/api.md). */
export type MovecalcErrorCode =
  | 'load_failed' | 'timeout' | 'closed'
  | 'bad_json' | 'bad_request' | 'unknown_system' | 'system_not_loaded' | 'unknown_query'
  | 'unknown_unit' | 'limit' | 'out_of_memory';

/** Everything the wrapper throws or rejects with. */
export declare class MovecalcError extends Error {
  constructor(code: MovecalcErrorCode, message: string, details?: { path?: string; response?: PositionResponse; cause?: unknown });
  readonly name: 'MovecalcError';
  readonly code: MovecalcErrorCode;
  /** The engine's JSON path, when the engine refused something. */
  readonly path?: string;
  /** The engine's error response, when the engine refused something. */
  readonly response?: PositionResponse;
}

/** A response as the engine prints it: `{ok: true, ...}` or `{ok: false, error}`. */
export interface PositionResponse {
  ok: boolean;
  system?: string;
  query?: string;
  result?: Record<string, unknown>;
  assumptions?: string[];
  error?: { code: string; path: string; message: string };
}

/**
 * The changes of Position.update: units removed (by id), units changed or added (a unit whose id
 * the position holds gets the fields given, a field given as null is taken away; another is
 * added), and members replaced whole (null takes one away).
 */
export interface PositionChanges {
  remove?: string[];
  units?: Array<{ id: string; [field: string]: unknown }>;
  params?: Record<string, unknown> | null;
  terrain?: unknown[] | null;
  table?: Record<string, unknown> | null;
  board?: Record<string, unknown> | null;
  baselines?: Record<string, unknown> | null;
  markers?: unknown[] | null;
}

/** The columns of an arrays answer (Position.ask with `{format: 'arrays'}`, docs/api.md "Arrays"). */
export interface AnswerArrays {
  /** A hex reach's destinations, one row each: q, r, cost, the row of the hex before it on the path (-1 the start, -2 a hex not a row), the game's flag bits (REACH_FLAGS[system]). */
  q?: Int32Array;
  r?: Int32Array;
  cost?: Int32Array;
  parent?: Int32Array;
  flags?: Int32Array;
  /**
   * Free-form poses, x, y, facing each: an Arcane Legions move's final pose first, then each
   * action's; a Ninth Age pursue's, charge's or flee's movers one after another (ArraysMove), each
   * its final pose, then its JSON `path`'s.
   */
  poses?: Float64Array;
}

/** One mover of a Ninth Age arrays answer (`result.moves`, in the answer's order). */
export interface ArraysMove {
  unit: string;
  /** Its rows of AnswerArrays.poses (0: a charge that makes no move). */
  rows: number;
  /** pursue: the JSON entry's `outcome`. */
  outcome?: 'charge' | 'table-edge' | 'obstruction' | 'free';
  /** charge: whether it can be completed, and which move's poses these are. */
  possible?: boolean;
  path?: 'charge' | 'failedChargeMove' | 'none';
  /** flee: removed as a casualty at the table edge. */
  destroyed?: boolean;
}

/** A response of Position.ask with `{format: 'arrays'}`. */
export interface ArraysResponse extends PositionResponse {
  result?: Record<string, unknown> & { rows?: number; moves?: ArraysMove[] };
  arrays?: AnswerArrays;
}

/**
 * The bits of AnswerArrays.flags of a hex reach, by game id (each game's table: docs/api/<game>.md
 * "Arrays form"); a count packed above the bits is read with the shift whose name ends in `Shift`.
 */
export declare const REACH_FLAGS: Readonly<Record<string, Readonly<Record<string, number>>>>;

/** The members of a request that make its position (splitRequest); the rest is the query. */
export type PositionKey = 'system' | 'params' | 'units' | 'terrain' | 'table' | 'board' | 'baselines' | 'markers';
/** What Position.ask takes for a system's query Q: the request without the position's members. */
export type QueryOf<S, Q> = { query: Q } & Omit<ReadonlyDeep<RequestOf<S, Q>>, PositionKey | 'query'>;
/** Any query object, for a position whose system is not known statically (S string). */
export type LooseQuery<S> = string extends S ? Record<string, unknown> : never;

/**
 * A position kept in the engine (Engine.open); its answers are the full request's, byte for byte,
 * and so are their types once the position's `system` is known (S).
 */
export declare class Position<S = string> {
  /** Asks with the answer's lists as typed arrays where the query has them (docs/api.md "Arrays": a hex game's reach, a free-form move, pursuit, charge or flee). */
  ask(query: Record<string, unknown> | string, options: { format: 'arrays' }): ArraysResponse;
  /** A hex reach in full detail (`detail` absent or "full"), typed as Engine.request's. */
  ask<Q extends FullQuery<S>>(query: QueryOf<S, Q> & { detail?: 'full' }, options?: { format?: 'json' }): FullResponseOf<S, Q>;
  /** Asks a query (`query` and its own fields, none of the position's; any object while the system is not known statically); the parsed response. */
  ask(query: LooseQuery<S> | string, options?: { format?: 'json' }): PositionResponse;
  /** A query of the position's system (`query` and its own fields), typed as Engine.request's. */
  ask<Q extends S extends keyof Queries ? keyof Queries[S] : never>(query: QueryOf<S, Q>, options?: { format?: 'json' }): ResponseOf<S, Q>;
  /** Asks a query given as JSON text; the response text exactly as the engine printed it. */
  askText(text: string): string;
  /** Changes the position; `{ok: true}` or an error response (the position is then unchanged). */
  update(changes: PositionChanges | string): PositionResponse;
  /** Frees what the engine holds for the position; later asks and updates throw. */
  close(): void;
}

/** Splits a request into its position (system, params, units, terrain, table, board, baselines, markers) and its query. */
export declare function splitRequest(request: Record<string, unknown>): {
  position: Record<string, unknown>;
  query: Record<string, unknown>;
};

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
  /**
   * Opens a position kept in the engine (at most MC_MAX_POSITIONS = 64 open per module). Throws
   * when it cannot be opened; the thrown error's `response` is the engine's error response.
   */
  open<S extends SystemId>(position: { system: S } & Record<string, unknown>): Position<S>;
  open(position: Record<string, unknown> | string): Position;
  /**
   * The work budget of every later request and position ask, in work units: 0 (the default) or
   * anything from MC_MAX_WORK up is MC_MAX_WORK. A question that runs out answers `limit`.
   */
  setWorkLimit(units: number): void;
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
