// Types of the worker API (movecalc/worker): the engine in a Web Worker or a Node worker thread.
import type { DescribeRequest, DescribeResponse, ErrorResponse, FullQuery, FullResponseOf, Queries, ReadonlyDeep, Request, RequestOf, Response, ResponseOf, SystemId } from './movecalc-api.js';
import type { LooseQuery, MovecalcError, PositionChanges, PositionResponse, QueryOf } from './movecalc.js';

export { MovecalcError };

/** How long one call may run in the worker by default (milliseconds). */
export declare const DEFAULT_TIMEOUT_MS: number;

export interface WorkerEngineOptions {
  /** The worker script (default: movecalc-worker-thread.mjs beside this module). */
  url?: string | URL;
  /** How long each call may run once the worker has started it, in ms (default 2000). */
  timeout?: number;
  /** The folder the .wasm files are in, when not beside the wrapper the worker imports. */
  wasmBase?: string | URL;
}

export interface CallOptions {
  /** This call's timeout in ms, instead of the engine's. */
  timeout?: number;
  /** Called when the worker begins the call (its timeout runs from then). */
  onStart?: () => void;
  /** Called as soon as the call is answered, before the promise settles. */
  onSettled?: (error: MovecalcError | null, response?: Response) => void;
}

/** A position kept in the worker's engine (WorkerEngine.open). */
export declare class WorkerPosition<S = string> {
  /** A hex reach in full detail (`detail` absent or "full"), typed as Engine.request's. */
  ask<Q extends FullQuery<S>>(query: QueryOf<S, Q> & { detail?: 'full' }, options?: CallOptions): Promise<FullResponseOf<S, Q>>;
  /** Asks a query (`query` and its own fields, none of the position's; any object while the system is not known statically); the parsed response. */
  ask(query: LooseQuery<S> | string, options?: CallOptions): Promise<PositionResponse>;
  /** A query of the position's system (`query` and its own fields), typed as Engine.request's. */
  ask<Q extends S extends keyof Queries ? keyof Queries[S] : never>(query: QueryOf<S, Q>, options?: CallOptions): Promise<ResponseOf<S, Q>>;
  /** Changes the position; `{ok: true}` or an error response (the position is then unchanged). */
  update(changes: PositionChanges | string, options?: CallOptions): Promise<PositionResponse>;
  /** Frees the position in the worker; later calls reject with code `closed`. */
  close(): Promise<void>;
}

export declare class WorkerEngine {
  constructor(options?: WorkerEngineOptions);
  /** The default timeout of every call (ms). */
  readonly timeout: number;
  /** The rule sets the worker holds. */
  readonly systems: SystemId[];
  holds(system: string): boolean;
  /** Loads rule sets (default: the all-in-one module); resolves to describe's answer for all it holds. */
  load(systems?: SystemId[]): Promise<Response>;
  loadSystems(systems?: SystemId[]): Promise<void>;
  /** Opens a position kept in the worker's engine; rejects with the engine's code when it cannot. */
  open<S extends SystemId>(position: { system: S } & Record<string, unknown>, options?: CallOptions): Promise<WorkerPosition<S>>;
  open(position: Record<string, unknown> | string, options?: CallOptions): Promise<WorkerPosition>;
  /** Stops the worker and starts a fresh one with the same rule sets. */
  restart(): void;
  /** Stops the worker for good. */
  terminate(): void;
}

/**
 * Answers a request in the worker, typed as Engine.request (its system and query pick the result);
 * rejects with a MovecalcError (`timeout`: stopped, and the worker restarted).
 */
export interface WorkerRequests {
  /** A request typed `any` (JSON.parse's): its kind is unknown, so the general Response. */
  request<T>(request: 0 extends 1 & T ? T : never, options?: CallOptions): Promise<Response>;
  request(request: DescribeRequest, options?: CallOptions): Promise<DescribeResponse | ErrorResponse>;
  request<S extends keyof Queries, Q extends FullQuery<S>>(request: { system: S; query: Q; detail?: "full" } & ReadonlyDeep<RequestOf<S, Q>>, options?: CallOptions): Promise<FullResponseOf<S, Q>>;
  request<S extends keyof Queries, Q extends keyof Queries[S]>(request: { system: S; query: Q } & ReadonlyDeep<RequestOf<S, Q>>, options?: CallOptions): Promise<ResponseOf<S, Q>>;
  /** A request whose system and query are not known statically, or JSON text. */
  request(request: Request | string, options?: CallOptions): Promise<Response>;
}
export interface WorkerEngine extends WorkerRequests {}

/** A WorkerEngine with `systems` loaded (default: the all-in-one module, every rule set). */
export declare function createWorkerEngine(options?: WorkerEngineOptions & { systems?: SystemId[] }): Promise<WorkerEngine>;
