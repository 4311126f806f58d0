// The page's own default position of every system, switched to each of its queries in turn: what
// the model tests build requests, links and conversions from.
import { SYSTEMS, SYSTEM_IDS, createStore } from '../../web/model.js';

// The Ninth Age's Spearmen pursuing the Raiders, fled 11″ facing 15°, with a roll of 10: the
// pursuit its opening used to plan (it opens with nothing planned: docs/page.md)
export const SPEARMEN_PURSUIT = { pursuedUnit: 'Raiders', fleeFacing: 15, fleeDistance: 11, pursuers: [{ unit: 'Spearmen', distance: 10, overrun: false }] };
// the questions an opening leaves unplanned, planned on its position: The Ninth Age's pursuit, the
// Knights' charge of the Raiders (no range: any) and the Raiders' flee of 7″ from the Spearmen
const PLANS = {
  'ninth-age': { pursue: SPEARMEN_PURSUIT, charge: { charger: 'Knights', target: 'Raiders', range: '', highestDie: '', combined: [] }, flee: { unit: 'Raiders', from: 'Spearmen', distance: 7 } },
};

/** Yields {system, query, doc} for every system and query, doc being the live position. */
export function* everyDefaultQuery() {
  for (const system of SYSTEM_IDS) {
    const store = createStore(null);
    store.setSystem(system);
    for (const query of Object.keys(SYSTEMS[system].queries)) {
      store.edit((d) => { d.query = query; if (PLANS[system]?.[query]) d.inputs[query] = structuredClone(PLANS[system][query]); });
      yield { system, query, doc: store.doc() };
    }
  }
}
