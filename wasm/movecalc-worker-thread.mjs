// The engine in a worker (a Web Worker, or a Node worker_threads Worker): movecalc-worker.mjs starts
// it and talks to it. It loads the rule sets it is told to and answers one message at a time:
//   {id, type: 'load', systems, wasmBase?}   → {id, systems, described} (describe of all it holds)
//   {id, type: 'ask', request}               → {id, started}, then {id, response} (a whole request,
//                                               through a position kept per game: movecalc-kept.mjs)
//   {id, type: 'open', position}             → {id, started}, then {id, handle}
//   {id, type: 'position', handle, query}    → {id, started}, then {id, response}
//   {id, type: 'update', handle, changes}    → {id, started}, then {id, response}
//   {id, type: 'close', handle}              → {id, response: {ok: true}}
// A failure is {id, error, code} (a MovecalcError's message and code). `started` says the engine has
// begun: the caller's timeout runs from then, not while a module loads.
import { createEngine, MovecalcError, splitRequest } from './movecalc.mjs';
import { KeptPositions } from './movecalc-kept.mjs';

const isNode = typeof process === 'object' && process.versions?.node != null && typeof WorkerGlobalScope === 'undefined';
const port = isNode ? process.getBuiltinModule('node:worker_threads').parentPort : self;
const post = (message) => port.postMessage(message);

let engine = null;
let kept = null;
const positions = new Map(); // handle → Position
let nextHandle = 0;
// Loads run in order and requests wait for the loads asked before them.
let ready = Promise.resolve();

function onMessage(data) {
  const { id, type } = data;
  ready = ready.then(async () => {
    try {
      if (type === 'load') {
        if (engine) await engine.loadSystems(data.systems);
        else {
          const locateFile = data.wasmBase ? (name) => new URL(name, data.wasmBase) : undefined;
          engine = await createEngine({ systems: data.systems, locateFile });
          kept = new KeptPositions(engine, splitRequest);
        }
        // describe is asked here, once per load: what the loaded rule sets answer
        post({ id, systems: engine.systems, described: engine.request({ query: 'describe' }) });
        return;
      }
      if (type === 'close') {
        positions.get(data.handle)?.close();
        positions.delete(data.handle);
        post({ id, response: { ok: true } });
        return;
      }
      if (!engine) throw new MovecalcError('system_not_loaded', 'no rule set is loaded');
      // the timeout runs from here: time spent loading a module is not the request's
      post({ id, started: true });
      if (type === 'ask') post({ id, response: JSON.parse(kept.answerText(data.request)) });
      else if (type === 'open') {
        positions.set(++nextHandle, engine.open(data.position));
        post({ id, handle: nextHandle });
      } else {
        const position = positions.get(data.handle);
        if (!position) throw new MovecalcError('closed', 'the position is closed');
        post({ id, response: type === 'update' ? position.update(data.changes) : position.ask(data.query) });
      }
    } catch (err) {
      post({ id, error: String(err?.message ?? err), code: err?.code ?? 'failed', ...(err?.response && { response: err.response }) });
    }
  });
}

if (isNode) port.on('message', onMessage);
else self.onmessage = ({ data }) => onMessage(data);
