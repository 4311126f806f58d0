// Must not compile: a field of the wrong type (`speed` is a number), and a misspelt field.
import { createEngine } from 'movecalc';

const engine = await createEngine();
engine.request({
  system: 'godsgloom',
  query: 'reach',
  board: { cols: 3, rows: 3 },
  units: [{ id: 'a', side: 'red', q: 0, r: 0, facing: 0, speed: '4' }], // expect TS2769
  unit: 'a',
});
engine.request({ system: 'godsgloom', query: 'reach', board: { cols: 3, rows: 3 }, units: [], unit: 'a', ignoreUnit: true }); // expect TS2769
