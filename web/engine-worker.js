// The page's engine worker is the package's (wasm/movecalc-worker-thread.mjs, copied beside the
// engine into public/engine/ by bin/build): every ruling of the page runs there, off the page's
// thread, so that a slow one never freezes the page (docs/page.md "The engine in a worker").
// engine-client.js talks to it through the package's WorkerEngine, which stops it when a ruling
// runs past its budget. Whole requests are answered through a position kept per game
// (wasm/movecalc-kept.mjs): a drag's frames send the engine only the unit moved.
import './engine/movecalc-worker-thread.mjs';
