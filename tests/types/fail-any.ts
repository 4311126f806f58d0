// Must not compile: a request parsed from text has an unknown kind, so its answer is the general
// Response, whose result has no query's fields.
import { createEngine } from 'movecalc';

const engine = await createEngine();
const answer = engine.request(JSON.parse('{"query":"describe"}'));
if (answer.ok) console.log(answer.result.systems); // expect TS2339
