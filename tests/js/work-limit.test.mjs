// engine.setWorkLimit (mc_set_work_limit): a smaller work budget for later requests and position
// asks, which the page uses to answer a drag's frames on its own thread (web/engine-client.js). A
// request that runs out answers `limit` naming the budget set; one within it answers the bytes the
// full budget gives. The requests are the benchmark's busy ones (40 units, 20 terrain pieces), one a game.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createEngine, splitRequest } from '../../wasm/movecalc.mjs';
import { latencyCases } from '../../bench/generate.mjs';
import { join } from 'node:path';
import { loadScenario, root } from './util.mjs';

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
  const destroyedAt = whole.result.hexes.map((h) => (h.destroyed?.length ?? 0) +
    (h.alternatives ?? []).reduce((n, a) => n + (a.destroyed?.length ?? 0), 0));
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
    const m = /the reach answer after (\d+) of (\d+) end positions written \((\d+) destroyed hexes listed\)/.exec(r.error.message);
    if (m) stops.push(m.slice(1).map(Number));
  }
  e.setWorkLimit(0);
  assert.ok(stops.some(([written, , listed]) => written > 0 && listed > 0), 'no budget stopped the listing midway');
  for (const [written, ends, listed] of stops) {
    assert.equal(ends, whole.result.hexes.length);
    assert.ok(written < ends);
    assert.equal(listed, destroyedAt.slice(0, written).reduce((a, b) => a + b, 0));
  }
});
