// Must not compile: reading a field the narrowed result lacks (`legal` is on `move`, not `reach`),
// and reading `result` before `ok` is checked.
import { createEngine } from 'movecalc';

const engine = await createEngine();
const reach = engine.request({ system: 'godsgloom', query: 'reach', board: { cols: 3, rows: 3 }, units: [], unit: 'a' });
if (reach.ok) console.log(reach.result.legal); // expect TS2339
console.log(reach.result); // expect TS2339
