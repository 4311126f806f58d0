// The page's own default position of every system, switched to each of its queries in turn: what
// the model tests build requests, links and conversions from.
import { SYSTEMS, SYSTEM_IDS, createStore } from '../../web/model.js';

/** Yields {system, query, doc} for every system and query, doc being the live position. */
export function* everyDefaultQuery() {
  for (const system of SYSTEM_IDS) {
    const store = createStore(null);
    store.setSystem(system);
    for (const query of Object.keys(SYSTEMS[system].queries)) {
      store.edit((d) => { d.query = query; });
      yield { system, query, doc: store.doc() };
    }
  }
}
