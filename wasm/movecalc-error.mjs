// The one error class of the package (movecalc.mjs, movecalc-worker.mjs), in a module of its own so
// that the worker API's client imports it without the engine.

/**
 * The one error the wrapper throws: `code` is `load_failed` (a module or its .wasm could not be
 * fetched, read or compiled), `timeout` (the worker API), `closed` (a position closed or lost),
 * or one of the engine's error codes (docs/api.md: `bad_request`, `unknown_system`, …), then with
 * the engine's `path` and `response`.
 */
export class MovecalcError extends Error {
  constructor(code, message, { path, response, cause } = {}) {
    super(`movecalc: ${message}`, cause === undefined ? undefined : { cause });
    this.name = 'MovecalcError';
    this.code = code;
    if (path !== undefined) this.path = path;
    if (response !== undefined) this.response = response;
  }
}
