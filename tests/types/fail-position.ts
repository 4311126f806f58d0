// Must not compile: a kept position's system types what is asked of it: a misspelt query, and a
// field its answer lacks (`legal` is on `move`, not `reach`).
import { createEngine } from 'movecalc';

const engine = await createEngine();
const kept = engine.open({ system: 'godsgloom', board: { cols: 3, rows: 3 }, units: [] });
kept.ask({ query: 'reech', unit: 'a' }); // expect TS2769
const reach = kept.ask({ query: 'reach', unit: 'a' });
if (reach.ok) console.log(reach.result.legal); // expect TS2339
