// engine.setWorkLimit (mc_set_work_limit): a smaller work budget for later requests and position
// asks, which the page uses to answer a drag's frames on its own thread (web/engine-client.js). A
// request that runs out answers `limit` naming the budget set; one within it answers the bytes the
// full budget gives. The requests are the benchmark's busy ones (40 units, 20 terrain pieces), one a game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, splitRequest } from '../../wasm/movecalc.mjs';
import { latencyCases } from '../../bench/generate.mjs';
import { join } from 'node:path';
import { loadScenario, root, scenarioFiles } from './util.mjs';

const full = await createEngine();
const games = full.request({ query: 'describe' }).result.systems.map((s) => s.id);
const busy = (system) => latencyCases().find((c) => c.system === system && c.size === 'busy');

test('every game has a busy request of the benchmark', () => {
  assert.ok(games.length >= 5);
  for (const g of games) assert.ok(busy(g), g);
});

for (const system of games) {
  test(`${system}: under a budget of 1 unit a search answers limit naming that budget; with 0, or past MC_MAX_WORK, the full budget's bytes`, async () => {
    const { text } = busy(system);
    const expected = full.requestText(text);
    assert.equal(JSON.parse(expected).ok, true);
    const e = await createEngine({ systems: [system] });
    e.setWorkLimit(1);
    const r = JSON.parse(e.requestText(text));
    assert.equal(r.ok, false);
    assert.equal(r.error.code, 'limit');
    assert.match(r.error.message, /^work limit set by mc_set_work_limit \(1 units\) reached in /);
    // a kept position's ask is held to the same budget
    const { position, query } = splitRequest(JSON.parse(text));
    const p = e.open(position);
    assert.equal(p.ask(query).error?.code, 'limit');
    e.setWorkLimit(0);
    assert.equal(e.requestText(text), expected);
    assert.equal(p.askText(JSON.stringify(query)), expected);
    e.setWorkLimit(2 ** 32 - 1);
    assert.equal(e.requestText(text), expected);
    p.close();
  });
}

test('a work limit is a whole number of units', async () => {
  const e = await createEngine({ systems: [games[0]] });
  for (const bad of [-1, 1.5, '5', null]) assert.throws(() => e.setWorkLimit(bad), /whole number/);
});

// A Huge miniature's reach lists the Volume Landscape hexes destroyed along each path, charged as
// work an end at a time (src/json/sys_torn_world.c): a budget the search fits in but the listing
// does not stops the answer before an end, saying how many ends and destroyed hexes it had listed.
test('torn-world: a reach whose destroyed hexes spend the budget stops before an end position, naming how far it got', async () => {
  const { path, ...move } = loadScenario(join(root, 'tests', 'scenarios', 'torn-world', 'hug1-through-volume.json')).request;
  const text = JSON.stringify({ ...move, query: 'reach' });
  const whole = JSON.parse(full.requestText(text));
  assert.equal(whole.ok, true);
  // What each end lists that the answer charges: destroyed hexes and Free Attacks, its own and its alternatives'.
  const listedOf = (h) => (h.destroyed?.length ?? 0) + (h.freeAttacks?.length ?? 0);
  const destroyedAt = whole.result.hexes.map((h) => listedOf(h) + (h.alternatives ?? []).reduce((n, a) => n + listedOf(a), 0));
  assert.ok(destroyedAt.some((n) => n > 0), 'no end destroys a hex');
  const e = await createEngine({ systems: ['torn-world'] });
  const stops = [];
  for (let limit = 100; limit < 10_000_000; limit += 100) {
    e.setWorkLimit(limit);
    const r = JSON.parse(e.requestText(text));
    if (r.ok) {
      assert.equal(JSON.stringify(r), JSON.stringify(whole));
      break;
    }
    const m = /the reach answer after (\d+) of (\d+) end positions written \((\d+) destroyed hexes and Free Attacks listed\)/.exec(r.error.message);
    if (m) stops.push(m.slice(1).map(Number));
  }
  e.setWorkLimit(0);
  assert.ok(stops.some(([written, , listed]) => written > 0 && listed > 0), 'no budget stopped the listing midway');
  for (const [written, ends, listed] of stops) {
    assert.equal(ends, whole.result.hexes.length);
    assert.ok(written <= ends);
    assert.equal(listed, destroyedAt.slice(0, written).reduce((a, b) => a + b, 0));
  }
});

// Every scenario of every game, asked under budgets of a fraction of the work it takes: each one
// that runs out names where, never an empty "()" or a bare "the search" (a step of a Ninth Age
// pursuer in which no search named itself left its pursue moves' note empty).
const fractions = [0.05, 0.2, 0.35, 0.5, 0.65, 0.8, 0.95, 0.999];
const workOf = (e, text) => { // the least budget the request answers within (binary search)
  let lo = 1, hi = 150_000_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    e.setWorkLimit(mid);
    if (JSON.parse(e.requestText(text)).ok) hi = mid; else lo = mid + 1;
  }
  e.setWorkLimit(0);
  return lo;
};
for (const system of games) {
  test(`${system}: a scenario stopped at any fraction of its work names the search or step where it stopped, not the query alone (9A-LP-1: the walk back by name; 9A-FL-1: a flee; TW-MV-1, TW-EJ-1: a move's steps, an ejection's search)`, async () => {
    const e = await createEngine({ systems: [system] });
    const files = scenarioFiles().filter((f) => f.includes(`${join('scenarios', system)}/`));
    assert.ok(files.length > 0, system);
    const seen = new Set();
    for (const f of files) {
      const { request } = loadScenario(f);
      if (!request || request.system !== system) continue;
      const text = JSON.stringify(request);
      if (!JSON.parse(e.requestText(text)).ok) continue;
      const work = workOf(e, text);
      for (const fr of fractions) {
        const budget = Math.max(1, Math.floor(work * fr));
        if (budget >= work) continue;
        e.setWorkLimit(budget);
        const r = JSON.parse(e.requestText(text));
        e.setWorkLimit(0);
        assert.equal(r.error?.code, 'limit', `${f} at ${budget} of ${work} units`);
        assert.doesNotMatch(r.error.message, /\(\)|reached in the search$/, `${f} at ${budget}`);
        seen.add(r.error.message.replace(/^.* reached in /, ''));
      }
    }
    if (system === 'ninth-age') assert.ok([...seen].some((m) => /the walk back to the last legal position of /.test(m)), 'no budget stopped in the walk back');
    // a move's steps and an ejection's search name themselves, not only the query they ran in
    if (system === 'torn-world') {
      for (const re of [/^the move of \S+ after \d+ of \d+ steps$/, /^the move of \S+: the Free Attacks along its \d+ steps$/, /^the nearest free hexon? search for \S+ after \d+ positions$/]) {
        assert.ok([...seen].some((m) => re.test(m)), `no budget stopped where ${re} names`);
      }
    }
    if (system === 'ninth-age') for (const re of [/^the flee of \S+ after \d+ units or terrain pieces cleared$/, /^the spacing check after \d+ of \d+ units$/]) {
      assert.ok([...seen].some((m) => re.test(m)), `no budget stopped where ${re} names`);
    }
    // every stop names a search or a step, never only the query it ran in (request.c's fallback)
    assert.deepEqual([...seen].filter((m) => /^the \S+ query of /.test(m)), [], 'named by the query alone');
  });
}
