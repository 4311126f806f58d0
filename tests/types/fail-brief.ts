// Must not compile: a reach asked in brief detail may leave `engaged` out, so it is not a boolean;
// nor, in full detail, is `path` there before `paths` says the whole paths were given.
import { createEngine } from 'movecalc';

const engine = await createEngine();
const brief = engine.request({ system: 'godsgloom', query: 'reach', board: { cols: 3, rows: 3 }, units: [], unit: 'a', detail: 'brief' });
if (brief.ok) { const engaged: boolean = brief.result.hexes[0].engaged; console.log(engaged); } // expect TS2322
const full = engine.request({ system: 'godsgloom', query: 'reach', board: { cols: 3, rows: 3 }, units: [], unit: 'a' });
if (full.ok) console.log(full.result.hexes[0].path.length); // expect TS2339
// and `detail` belongs to reach alone
engine.request({ system: 'godsgloom', query: 'move', board: { cols: 3, rows: 3 }, units: [], unit: 'a', path: [], detail: 'full' }); // expect TS2769
