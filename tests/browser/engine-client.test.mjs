// The engine worker's client (web/engine-client.js) without a browser, against a stand-in Worker
// that answers when the test says: newest question wins in its lane (nothing queues; a tap's
// whyNot and the ruling do not put each other aside), a request past the
// budget is stopped and the worker started again with the rule sets it held, answers of a stopped
// worker are dropped. The real worker is driven in the browser by worker.test.mjs. The client's
// timers run on node:test's mocked clock: a check that something did not happen is made after the
// clock has gone past the moment it would have happened, whatever the machine's speed.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { EngineClient, BUDGET_MS, SUPERSEDED_MS, PAGE_WORK, PAGE_OBJECTS } from '../../web/engine-client.js';

class FakeWorker {
  static all = [];
  constructor(url, options) { this.url = String(url); this.options = options; this.sent = []; this.terminated = false; FakeWorker.all.push(this); }
  postMessage(m) { this.sent.push(m); }
  terminate() { this.terminated = true; }
  reply(data) { this.onmessage({ data }); }
  asks() { return this.sent.filter((m) => m.type === 'ask'); }
}
globalThis.Worker = FakeWorker;
globalThis.location = { href: 'http://localhost/', origin: 'http://localhost' };

function client(budget = BUDGET_MS) {
  FakeWorker.all = [];
  const c = new EngineClient('http://localhost/engine-worker.js', { budget });
  return { c, worker: () => FakeWorker.all[FakeWorker.all.length - 1] };
}
const DESCRIBE = { ok: true, result: { version: 'x' } };

test('the budget is 2 s, and load resolves to describe with the rule sets held', async () => {
  assert.equal(BUDGET_MS, 2000);
  const { c, worker } = client();
  assert.deepEqual(worker().options, { type: 'module' });
  const loading = c.load(['ninth-age']);
  assert.equal(c.holds('ninth-age'), false);
  const [m] = worker().sent;
  worker().reply({ id: m.id, systems: ['ninth-age'], described: DESCRIBE });
  assert.deepEqual(await loading, DESCRIBE);
  assert.equal(c.holds('ninth-age'), true);
  assert.equal(c.holds('godsgloom'), false);
});

test('newest question wins: the pending question is resolved as superseded and nothing queues', async () => {
  const { c, worker } = client();
  const first = c.ask({ n: 1 });
  const second = c.ask({ n: 2 });
  const third = c.ask({ n: 3 });
  assert.deepEqual(await first, { superseded: true });
  assert.deepEqual(await second, { superseded: true });
  // only the first reached the worker: it is still busy with it; the newest waits, alone
  assert.deepEqual(worker().asks().map((m) => m.request.n), [1]);
  const [run] = worker().asks();
  worker().reply({ id: run.id, started: true });
  worker().reply({ id: run.id, response: { ok: true, n: 1 } }); // dropped: superseded
  assert.deepEqual(worker().asks().map((m) => m.request.n), [1, 3]);
  const last = worker().asks()[1];
  worker().reply({ id: last.id, started: true });
  worker().reply({ id: last.id, response: { ok: true, n: 3 } });
  assert.deepEqual(await third, { response: { ok: true, n: 3 } });
});

test('a superseded request still running a few frames after it started is abandoned: the newest goes to a fresh worker at once', async (t) => {
  assert.ok(SUPERSEDED_MS <= 100, 'a few frames, far below the budget');
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { c, worker } = client();
  const loading = c.load(['ninth-age']);
  worker().reply({ id: worker().sent[0].id, systems: ['ninth-age'], described: DESCRIBE });
  await loading;
  const old = worker();
  const slow = c.ask({ n: 1 });
  old.reply({ id: old.asks()[0].id, started: true });
  const newest = c.ask({ n: 2 });
  assert.deepEqual(await slow, { superseded: true });
  assert.deepEqual(old.asks().map((m) => m.request.n), [1], 'the newest waits while the old one may still finish');
  t.mock.timers.tick(SUPERSEDED_MS);
  assert.equal(old.terminated, true);
  const fresh = worker();
  assert.notEqual(fresh, old);
  // the fresh worker loads the rule sets first, then is asked the newest question only
  assert.deepEqual(fresh.sent.map((m) => m.type), ['load', 'ask']);
  const m = fresh.asks()[0];
  assert.deepEqual(m.request, { n: 2 });
  fresh.reply({ id: m.id, started: true });
  fresh.reply({ id: m.id, response: { ok: true, n: 2 } });
  assert.deepEqual(await newest, { response: { ok: true, n: 2 } });
});

// issue 26: a tap's whyNot asked while a ruling is pending (or running) supersedes neither it nor
// is superseded by it; both are answered, the ruling first when it was asked first
test('a tap\'s question (its own lane) and a pending ruling are both answered: neither supersedes the other', async () => {
  const { c, worker } = client();
  const running = c.ask({ n: 1 });
  const ruling = c.ask({ n: 2 }); // waits: the first ruling is superseded
  const why = c.ask({ why: 1 }, 'tap');
  assert.deepEqual(await running, { superseded: true });
  const [first] = worker().asks();
  worker().reply({ id: first.id, started: true });
  worker().reply({ id: first.id, response: { ok: true, n: 1 } });
  // the ruling waited longest: it goes first, the tap's question after it
  const [, second] = worker().asks();
  assert.deepEqual(second.request, { n: 2 });
  worker().reply({ id: second.id, started: true });
  worker().reply({ id: second.id, response: { ok: true, n: 2 } });
  assert.deepEqual(await ruling, { response: { ok: true, n: 2 } });
  const [, , third] = worker().asks();
  assert.deepEqual(third.request, { why: 1 });
  worker().reply({ id: third.id, started: true });
  worker().reply({ id: third.id, response: { ok: true, why: 1 } });
  assert.deepEqual(await why, { response: { ok: true, why: 1 } });
});

test('a running tap\'s question is not put aside by rulings asked meanwhile, and one ruling waits, the newest', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { c, worker } = client();
  const why = c.ask({ why: 1 }, 'tap');
  const [m] = worker().asks();
  worker().reply({ id: m.id, started: true });
  const older = c.ask({ n: 1 });
  const newest = c.ask({ n: 2 });
  assert.deepEqual(await older, { superseded: true });
  // the clock just short of the budget: long past when a superseded request would be abandoned
  t.mock.timers.tick(BUDGET_MS - 1);
  assert.equal(worker().terminated, false, 'the tap\'s question is not abandoned for a ruling');
  assert.equal(FakeWorker.all.length, 1);
  worker().reply({ id: m.id, response: { ok: true, why: 1 } });
  assert.deepEqual(await why, { response: { ok: true, why: 1 } });
  const [, next] = worker().asks();
  assert.deepEqual(next.request, { n: 2 });
  worker().reply({ id: next.id, started: true });
  worker().reply({ id: next.id, response: { ok: true, n: 2 } });
  assert.deepEqual(await newest, { response: { ok: true, n: 2 } });
  // a newer tap's question still puts an older one of its lane aside
  const tap1 = c.ask({ why: 2 }, 'tap');
  const tap2 = c.ask({ why: 3 }, 'tap');
  assert.deepEqual(await tap1, { superseded: true });
  const put = worker().asks().at(-1);
  assert.deepEqual(put.request, { why: 2 });
  worker().reply({ id: put.id, started: true });
  worker().reply({ id: put.id, response: { ok: true, why: 2 } }); // dropped: superseded
  const last = worker().asks().at(-1);
  assert.deepEqual(last.request, { why: 3 });
  worker().reply({ id: last.id, started: true });
  worker().reply({ id: last.id, response: { ok: true, why: 3 } });
  assert.deepEqual(await tap2, { response: { ok: true, why: 3 } });
});

test('a drag ruling on every frame does not keep a tap\'s question waiting: the lane waiting longest goes first', async () => {
  const { c, worker } = client();
  c.ask({ n: 1 });
  const [m] = worker().asks();
  const why = c.ask({ why: 1 }, 'tap');
  c.ask({ n: 2 });
  c.ask({ n: 3 }); // the ruling lane's question is newer than the tap's now
  worker().reply({ id: m.id, started: true });
  worker().reply({ id: m.id, response: { ok: true } });
  const [, next] = worker().asks();
  assert.deepEqual(next.request, { why: 1 });
  worker().reply({ id: next.id, started: true });
  worker().reply({ id: next.id, response: { ok: true, why: 1 } });
  assert.deepEqual(await why, { response: { ok: true, why: 1 } });
  assert.deepEqual(worker().asks().at(-1).request, { n: 3 });
});

test('a superseded request that finishes within a few frames keeps its worker', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { c, worker } = client();
  const first = c.ask({ n: 1 });
  worker().reply({ id: worker().asks()[0].id, started: true });
  const second = c.ask({ n: 2 });
  assert.deepEqual(await first, { superseded: true });
  worker().reply({ id: worker().asks()[0].id, response: { ok: true, n: 1 } });
  const m = worker().asks()[1];
  worker().reply({ id: m.id, started: true });
  worker().reply({ id: m.id, response: { ok: true, n: 2 } });
  assert.deepEqual(await second, { response: { ok: true, n: 2 } });
  // past every deadline the client could have set (the abandon's, the budget's)
  t.mock.timers.tick(BUDGET_MS);
  assert.equal(FakeWorker.all.length, 1, 'never restarted');
  assert.equal(worker().terminated, false);
});

test('a request past the budget is stopped: the worker is terminated, started again with the rule sets it held, and answers the next', async () => {
  const { c, worker } = client(30);
  const loading = c.load(['ninth-age', 'godsgloom']);
  worker().reply({ id: worker().sent[0].id, systems: ['ninth-age', 'godsgloom'], described: DESCRIBE });
  await loading;
  const slow = c.ask({ slow: true });
  const old = worker();
  old.reply({ id: old.asks()[0].id, started: true });
  assert.deepEqual(await slow, { timedOut: true, budget: 30 });
  assert.equal(old.terminated, true);
  const fresh = worker();
  assert.notEqual(fresh, old);
  assert.deepEqual(fresh.sent.map((m) => [m.type, m.systems]), [['load', ['ninth-age', 'godsgloom']]]);
  // a late answer of the stopped worker is dropped; the fresh one answers the next question
  old.reply({ id: old.asks()[0].id, response: { ok: true, late: true } });
  const next = c.ask({ n: 2 });
  const m = fresh.asks()[0];
  assert.deepEqual(m.request, { n: 2 });
  fresh.reply({ id: m.id, started: true });
  fresh.reply({ id: m.id, response: { ok: true } });
  assert.deepEqual(await next, { response: { ok: true } });
});

test('the budget runs from when the worker starts the request, not while it loads a rule set', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  const { c, worker } = client(20);
  const asked = c.ask({ n: 1 });
  let settled = false;
  asked.then(() => { settled = true; });
  t.mock.timers.tick(60); // three budgets; the worker has not started it: no time out
  await Promise.resolve();
  assert.equal(settled, false);
  assert.equal(worker().terminated, false);
  const [m] = worker().asks();
  worker().reply({ id: m.id, started: true });
  t.mock.timers.tick(19);
  worker().reply({ id: m.id, response: { ok: true } });
  assert.deepEqual(await asked, { response: { ok: true } });
  assert.equal(worker().terminated, false);
  // and from its start the budget does run: the next one, started and unanswered, is stopped at 20 ms
  const next = c.ask({ n: 2 });
  const [, n] = worker().asks();
  worker().reply({ id: n.id, started: true });
  t.mock.timers.tick(20);
  assert.deepEqual(await next, { timedOut: true, budget: 20 });
});

test('a worker that fails resolves its questions as failed and rejects its loads', async () => {
  const { c, worker } = client();
  const loading = c.load(['torn-world']);
  const asked = c.ask({ n: 1 });
  worker().onerror({ message: 'import failed', preventDefault() {} });
  await assert.rejects(loading, /import failed/);
  assert.deepEqual(await asked, { failed: 'import failed' });
});

test('a worker that fails while answering fails the question waiting in another lane too, and is sent nothing more', async () => {
  const { c, worker } = client();
  const rule = c.ask({ n: 1 });
  const tap = c.ask({ n: 2 }, 'tap');
  worker().onerror({ message: 'crashed', preventDefault() {} });
  assert.deepEqual(await rule, { failed: 'crashed' });
  assert.deepEqual(await tap, { failed: 'crashed' });
  assert.deepEqual(worker().asks().map((m) => m.request.n), [1]);
});

// A drag's frames as quick questions (issue 31, "Same-frame rulings"): the engine on the page's
// thread (here the package's WebAssembly engine in Node) answers within its work budget; past it,
// or for a position past PAGE_OBJECTS, the worker does. Counted work, never time, decides.
const quickGames = async () => {
  const { createEngine } = await import('../../wasm/movecalc.mjs');
  const full = await createEngine();
  return { full, games: full.request({ query: 'describe' }).result.systems.map((s) => s.id) };
};
async function quickClient(system, pageWork = PAGE_WORK) {
  FakeWorker.all = [];
  const c = new EngineClient('http://localhost/engine-worker.js', { engineModule: async () => ({ ...await import('../../wasm/movecalc.mjs'), ...await import('../../wasm/movecalc-kept.mjs') }), pageWork });
  const worker = FakeWorker.all.at(-1);
  const loading = c.load([system]);
  worker.reply({ id: worker.sent[0].id, systems: [system], described: DESCRIBE });
  await loading;
  while (!c.quickHolds(system)) await new Promise((r) => setTimeout(r, 5)); // loaded once the page is idle
  return { c, worker };
}

test('a quick question within the page\'s work budget is answered on the page\'s thread with the worker\'s bytes, in every game; past the budget or PAGE_OBJECTS the worker answers', async () => {
  const { latencyCases } = await import('../../bench/generate.mjs');
  const { full, games } = await quickGames();
  for (const system of games) {
    const seed = latencyCases().find((k) => k.system === system && k.size === 'seed');
    const request = JSON.parse(seed.text);
    const { c, worker } = await quickClient(system);
    assert.equal(c.quickHolds(system), true);
    // within the budget: answered here, nothing sent to the worker
    assert.deepEqual(await c.ask(request, 'rule', { quick: true }), { response: full.request(request) }, system);
    assert.deepEqual(c.quick, { page: 1, worker: 0 }, system);
    assert.equal(worker.asks().length, 0);
    // a question that is not quick (a ruling at rest) always goes to the worker
    const rest = c.ask(request);
    assert.equal(worker.asks().length, 1);
    worker.reply({ id: worker.asks()[0].id, started: true });
    worker.reply({ id: worker.asks()[0].id, response: { ok: true, n: 'worker' } });
    assert.deepEqual(await rest, { response: { ok: true, n: 'worker' } });
    // a position past PAGE_OBJECTS goes to the worker, whose answer is the question's
    const big = { ...request, units: [...request.units ?? [], ...Array.from({ length: PAGE_OBJECTS }, (_, i) => ({ ...request.units[0], id: `x${i}` }))] };
    const far = c.ask(big, 'rule', { quick: true });
    assert.equal(worker.asks().length, 2);
    assert.equal(worker.asks()[1].request, big);
    assert.deepEqual(c.quick, { page: 1, worker: 1 }, system);
    worker.reply({ id: worker.asks()[1].id, started: true });
    worker.reply({ id: worker.asks()[1].id, response: { ok: true, n: 'big' } });
    assert.deepEqual(await far, { response: { ok: true, n: 'big' } });
    // a budget of one work unit runs out: the same question goes to the worker
    const tight = await quickClient(system, 1);
    const out = tight.c.ask(request, 'rule', { quick: true });
    assert.equal(tight.worker.asks().length, 1, system);
    assert.deepEqual(tight.c.quick, { page: 0, worker: 1 });
    tight.worker.reply({ id: tight.worker.asks()[0].id, started: true });
    tight.worker.reply({ id: tight.worker.asks()[0].id, response: { ok: true, n: 'tight' } });
    assert.deepEqual(await out, { response: { ok: true, n: 'tight' } });
  }
});

test('an answer on the page\'s thread supersedes the question of its lane waiting for the worker', async () => {
  const { latencyCases } = await import('../../bench/generate.mjs');
  const { games } = await quickGames();
  const system = games[0];
  const request = JSON.parse(latencyCases().find((k) => k.system === system && k.size === 'seed').text);
  const { c, worker } = await quickClient(system);
  const slow = c.ask(request); // in the worker, not answered yet
  const quick = await c.ask(request, 'rule', { quick: true });
  assert.equal(quick.response.ok, true);
  assert.deepEqual(await slow, { superseded: true });
  assert.equal(worker.asks().length, 1);
});

// A drag's hex out of reach is asked the engine's whyNot in its frame: on the page's thread, within
// PAGE_WORK, for every unit of each hex game's opening position and every hex its reach does not
// reach (Torn World's, a whole-board search, needs 12,000 units and went to the worker, the slowest
// ruling of its drag).
test('every hex game of describe: the whyNot of each opening unit for each hex its reach does not reach is answered on the page\'s thread, with the worker\'s bytes', async () => {
  const { full, games } = await quickGames();
  const { defaultDoc, buildRequest, boardCells } = await import('../../web/model.js');
  const described = full.request({ query: 'describe' }).result.systems;
  const hexGames = games.filter((g) => { const s = described.find((d) => d.id === g); return s.board === 'hex' && ['reach', 'whyNot'].every((q) => s.queries.some((x) => x.name === q)); });
  assert.ok(hexGames.length > 0);
  for (const system of hexGames) {
    const position = buildRequest(system, defaultDoc(system));
    const { c } = await quickClient(system);
    let asked = 0;
    for (const u of position.units) {
      const reach = { ...position, query: 'reach', unit: u.id };
      const r = full.request(reach);
      if (!r.ok) continue;
      const reached = new Set(r.result.hexes.map((h) => `${h.q},${h.r}`));
      for (const { q, r: row } of boardCells(system, position.board)) {
        if (reached.has(`${q},${row}`) || (q === u.q && row === u.r)) continue;
        const why = { ...reach, query: 'whyNot', to: { q, r: row } };
        const asking = c.ask(why, 'tap', { quick: true });
        assert.equal(c.quick.worker, 0, `${system} ${u.id} to (${q}, ${row}): sent to the worker`);
        assert.deepEqual(await asking, { response: full.request(why) }, `${system} ${u.id} to (${q}, ${row})`);
        asked++;
      }
    }
    assert.ok(asked > 0, `${system}: some hex out of reach`);
    assert.deepEqual(c.quick, { page: asked, worker: 0 }, `${system}: every whyNot answered on the page's thread`);
  }
});
