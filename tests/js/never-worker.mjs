// The package's worker thread (wasm/movecalc-worker-thread.mjs) for Node's worker_threads, except
// that a request holding a unit of id NEVER_ID is started and never finished (worker-api.test.mjs):
// no real request runs forever (the work budget bounds every one), so this one stands for a
// request slower than any timeout, whatever the machine's speed.
import { parentPort } from 'node:worker_threads';
import { NEVER_ID } from '../browser/never-ending.mjs';
// imported first, so that its listener is there for the first message; the one below then blocks
// the thread before the real one's answer (queued on a promise) can run
import '../../wasm/movecalc-worker-thread.mjs';

parentPort.on('message', (m) => {
  if ((m.type === 'ask' || m.type === 'position') && JSON.stringify(m.request ?? m.query).includes(NEVER_ID)) {
    parentPort.postMessage({ id: m.id, started: true });
    for (;;);
  }
});
