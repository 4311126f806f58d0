// A request the engine worker never finishes, whatever the machine's speed: no real request is one
// (the engine's work budget answers every request in bounded work), so worker.test.mjs serves the
// page a worker that says it has started a request holding a unit of this id and then never stops
// working. A real one slow enough to pass the page's budget on this machine could finish inside it
// on a faster one; this one cannot, so the budget is the page's own 2 s.
export const NEVER_ID = 'never-finishes';

/** `request` with a unit of NEVER_ID (on the table, out of everyone's way) added. */
export const neverEnding = (request) => ({
  ...request,
  units: [...request.units, { id: NEVER_ID, side: 'blue', x: 1, y: 1, facing: 0, width: 1, depth: 1 }],
});

/** The engine worker's source with its message handler wrapped: an ask naming NEVER_ID is started
 * and never answered (the worker thread is kept busy until it is terminated). */
export const neverEndingWorker = (source) => `${source}
{
  const answer = self.onmessage;
  self.onmessage = (event) => {
    const { id, type, request } = event.data;
    if (type === 'ask' && JSON.stringify(request).includes(${JSON.stringify(JSON.stringify(NEVER_ID))})) {
      self.postMessage({ id, started: true });
      for (;;);
    }
    answer(event);
  };
}
`;
