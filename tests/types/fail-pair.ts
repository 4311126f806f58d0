// Must not compile: a query of another system (`reachArea` is Arcane Legions').
import { createEngine } from 'movecalc';

const engine = await createEngine();
engine.request({ system: 'godsgloom', query: 'reachArea', board: { cols: 3, rows: 3 }, units: [], unit: 'a' }); // expect TS2769
