// The package's worker API (wasm/movecalc-worker.mjs) in Node's worker_threads: answers, kept
// positions and errors as the engine on the caller's thread gives them, and a call past its timeout
// stopped with a `timeout` MovecalcError, the worker started again with the same rule sets. The
// same client drives the page's worker in Chromium (tests/browser/worker.test.mjs, through
// web/engine-client.js; tests/browser/bundlers.test.mjs from a bundled app).
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, MovecalcError } from '../../wasm/movecalc.mjs';
import { createWorkerEngine } from '../../wasm/movecalc-worker.mjs';
import { NEVER_ID } from '../browser/never-ending.mjs';
import { loadScenario, scenarioFiles } from './util.mjs';

const local = await createEngine();
// two games with scenarios, from describe's list
const games = local.request({ query: 'describe' }).result.systems.map((s) => s.id)
  .filter((id) => scenarioFiles().some((f) => f.includes(`/scenarios/${id}/`))).slice(0, 2);
const requestOf = (id) => loadScenario(scenarioFiles().find((f) => f.includes(`/scenarios/${id}/`))).request;
const never = { query: 'describe', system: games[0], note: NEVER_ID };
const neverWorker = new URL('./never-worker.mjs', import.meta.url);
const coded = (code) => (e) => e instanceof MovecalcError && e.code === code;

const engines = [];
after(() => { for (const e of engines) e.terminate(); });
async function worker(options) {
  const w = await createWorkerEngine(options);
  engines.push(w);
  return w;
}

test('requests and kept positions in a worker answer as the engine on this thread does', async () => {
  const w = await worker({ systems: games });
  assert.deepEqual(w.systems.sort(), [...games].sort());
  for (const id of games) assert.deepEqual(await w.request(requestOf(id)), local.request(requestOf(id)), id);
  const request = requestOf(games[0]);
  const { position, query } = (await import('../../wasm/movecalc.mjs')).splitRequest(request);
  const kept = await w.open(position);
  const here = local.open(position);
  assert.deepEqual(await kept.ask(query), here.ask(query));
  const [unit] = position.units;
  const moved = { units: [{ id: unit.id, side: 'moved' }] };
  assert.deepEqual(await kept.update(moved), here.update(moved));
  assert.deepEqual(await kept.ask(query), here.ask(query));
  await kept.close();
  await assert.rejects(kept.ask(query), coded('closed'));
  here.close();
});

test('what the engine refuses is a MovecalcError with its code and path; an unknown system is refused at load', async () => {
  const w = await worker({ systems: [games[0]] });
  await assert.rejects(w.open({ system: games[0], bogus: 1 }), (e) => coded('bad_request')(e) && e.path === 'bogus');
  await assert.rejects(w.loadSystems(['chess']), coded('unknown_system'));
  assert.equal((await w.request({ query: 'describe' })).ok, true);
});

test('a call past its timeout rejects with code timeout; the restarted worker holds the same rule sets and answers the next, and positions opened before are lost', async () => {
  const w = await worker({ systems: games, url: neverWorker, timeout: 30000 });
  const position = (await import('../../wasm/movecalc.mjs')).splitRequest(requestOf(games[0])).position;
  const kept = await w.open(position);
  const waiting = w.request(requestOf(games[1])); // queued behind the call that never ends
  await assert.rejects(w.request(never, { timeout: 200 }), (e) => coded('timeout')(e) && /200 ms/.test(e.message));
  assert.deepEqual(await waiting, local.request(requestOf(games[1])));
  assert.deepEqual(w.systems.sort(), [...games].sort());
  assert.deepEqual(await w.request(requestOf(games[0])), local.request(requestOf(games[0])));
  await assert.rejects(kept.ask({ query: 'describe' }), coded('closed'));
  // and a position asked for past its timeout the same way
  const again = await w.open(position);
  await assert.rejects(again.ask(never, { timeout: 200 }), coded('timeout'));
  assert.equal((await w.request({ query: 'describe' })).ok, true);
});
