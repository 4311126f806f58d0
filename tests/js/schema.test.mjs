// The JSON Schemas of docs/schema/ against the engine: every scenario's request and the engine's
// answer to it validate, and so do the describe answers, the hex reach answers in the parent and
// brief forms, and the error responses of tests/bad-inputs. Requests the schemas must refuse (a
// misspelt query, a field of another query, a wrong type) are refused.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { relative } from 'node:path';
import { createEngine, SYSTEM_IDS } from '../../wasm/movecalc.mjs';
import { loadScenario, root, scenarioFiles, badInputs } from './util.mjs';
import { loadSchemas } from '../tools/schemas.mjs';

const { ajv, ids } = loadSchemas();
const engine = await createEngine();
const requestOf = (system) => ajv.getSchema(ids[system ?? 'describe'] + '#/$defs/Request');
const responseOf = (system) => ajv.getSchema(ids[system ?? 'describe'] + '#/$defs/Response');
const errorResponse = ajv.getSchema('envelope.schema.json#/$defs/ErrorResponse');

function problems(validate, value) {
  if (validate(value)) return '';
  return ajv.errorsText(validate.errors, { separator: '\n' });
}

function checkPair(label, request) {
  const system = request.query === 'describe' ? undefined : request.system;
  assert.equal(problems(requestOf(system), request), '', `${label}: request`);
  const response = JSON.parse(engine.requestText(JSON.stringify(request)));
  assert.equal(response.ok, true, `${label}: the engine answers ${JSON.stringify(response.error)}`);
  assert.equal(problems(responseOf(system), response), '', `${label}: response`);
  return response;
}

test('every scenario request and the engine answer validate against docs/schema', () => {
  let count = 0;
  for (const file of scenarioFiles()) {
    checkPair(relative(root, file), loadScenario(file).request);
    count++;
  }
  assert.ok(count > 400, `${count} scenarios`);
});

test('every scenario asked with "sensitivity": true validates, and gives an entry per other reading of each assumption relied on (docs/api.md "Sensitivity")', () => {
  const described = engine.request({ query: 'describe' }).result.assumptions;
  const others = new Map(described.map((a) => [a.id, a.readings.filter((r) => !r.default).length]));
  let count = 0, entries = 0;
  for (const file of scenarioFiles()) {
    const { request } = loadScenario(file);
    if (request.params) continue; // a reading's values given: the default reading is then among those tried
    const response = JSON.parse(engine.requestText(JSON.stringify({ ...request, sensitivity: true })));
    if (!response.ok) continue; // a scenario of an error: the request is not read as far
    assert.equal(problems(responseOf(request.system), response), '', `${relative(root, file)}: response`);
    const expected = response.assumptions.reduce((n, id) => n + others.get(id), 0);
    assert.equal(response.sensitivity.length, expected, `${relative(root, file)}: one entry per other reading`);
    for (const e of response.sensitivity) assert.ok(typeof e.changes === 'boolean', `${relative(root, file)}: ${e.assumption} ${e.reading} tried to the end`);
    entries += expected;
    count++;
  }
  assert.ok(count > 400 && entries > 100, `${count} answers, ${entries} entries`);
});

test('hex reach answers in the parent and brief forms validate (docs/api.md "Hex boards")', () => {
  let count = 0;
  for (const file of scenarioFiles()) {
    const { request } = loadScenario(file);
    if (request.query !== 'reach') continue;
    for (const extra of [{ paths: 'parent' }, { detail: 'brief' }, { paths: 'parent', detail: 'brief' }]) {
      const asked = { ...request, ...extra };
      const response = checkPair(`${relative(root, file)} ${JSON.stringify(extra)}`, asked);
      assert.equal(response.result.paths, asked.paths === 'parent' || response.result.pathsLimited ? 'parent' : 'full');
      count++;
    }
  }
  assert.ok(count > 30, `${count} reach answers`);
});

test('describe, for the engine and for each system, validates', () => {
  checkPair('describe', { query: 'describe' });
  for (const system of SYSTEM_IDS) {
    const response = checkPair(`describe ${system}`, { query: 'describe', system });
    assert.deepEqual(response.result.systems.map((s) => s.id), [system]);
  }
});

test('the error responses of tests/bad-inputs validate as ErrorResponse', () => {
  let count = 0;
  for (const c of badInputs()) {
    if (typeof c.request !== 'string' && typeof c.request !== 'object') continue;
    const text = typeof c.request === 'string' ? c.request : JSON.stringify(c.request);
    const response = JSON.parse(engine.requestText(text));
    if (response.ok) continue;
    assert.equal(problems(errorResponse, response), '', `${c.file}: ${text.slice(0, 80)}`);
    count++;
  }
  assert.ok(count > 50, `${count} error responses`);
});

test('the schemas refuse requests the engine refuses: misspelt query, a field of another query, a wrong type', () => {
  const base = { system: 'godsgloom', query: 'reach', board: { cols: 3, rows: 3 }, units: [{ id: 'a', side: 'red', q: 0, r: 0, facing: 0, speed: 2 }], unit: 'a' };
  const cases = [
    ['misspelt query', { ...base, query: 'reech' }],
    ['move-only field on reach', { ...base, path: [] }],
    ['speed as a string', { ...base, units: [{ ...base.units[0], speed: '2' }] }],
    ['unknown field', { ...base, colour: 'red' }],
    ['both position forms', { ...base, units: [{ ...base.units[0], col: 0, row: 0 }] }],
  ];
  assert.equal(problems(requestOf('godsgloom'), base), '');
  assert.equal(JSON.parse(engine.requestText(JSON.stringify(base))).ok, true);
  for (const [label, request] of cases) {
    assert.equal(requestOf('godsgloom')(request), false, `${label}: the schema accepts it`);
    const response = JSON.parse(engine.requestText(JSON.stringify(request)));
    assert.equal(response.ok, false, `${label}: the engine accepts it`);
  }
});
