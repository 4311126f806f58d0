// The engine in a Web Worker: every ruling of the page runs here, off the page's thread, so that a
// slow one never freezes the page (docs/page.md "The engine in a worker"). It knows no game: it
// loads the rule sets it is told to (one engine module each) and answers one request per message.
// engine-client.js talks to it and stops it when a ruling runs past its budget. The page's
// questions go through a position kept per game (engine-positions.js): a drag's frames send the
// engine only the unit moved.
import { createEngine, splitRequest } from './engine/movecalc.mjs';
import { KeptPositions } from './engine-positions.js';

let engine = null;
let kept = null;
// Loads run in order and requests wait for the loads asked before them.
let ready = Promise.resolve();

self.onmessage = ({ data }) => {
  const { id, type } = data;
  ready = ready.then(async () => {
    try {
      if (type === 'load') {
        if (engine) await engine.loadSystems(data.systems);
        else {
          engine = await createEngine({ systems: data.systems });
          kept = new KeptPositions(engine, splitRequest);
        }
        // describe is asked here, once per load: what the loaded rule sets answer
        self.postMessage({ id, systems: engine.systems, described: engine.request({ query: 'describe' }) });
      } else if (type === 'ask') {
        if (!engine) throw new Error('no rule set is loaded');
        // the budget runs from here: time spent loading a module is not the request's
        self.postMessage({ id, started: true });
        self.postMessage({ id, response: JSON.parse(kept.answerText(data.request)) });
      }
    } catch (err) {
      self.postMessage({ id, error: String(err?.message ?? err) });
    }
  });
};
