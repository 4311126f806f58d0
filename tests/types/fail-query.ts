// Must not compile: a misspelt query.
import { createEngine } from 'movecalc';

const engine = await createEngine();
engine.request({ system: 'godsgloom', query: 'reech', board: { cols: 3, rows: 3 }, units: [], unit: 'a' }); // expect TS2769
