// GODSGLOOM properties on random boards (GG-MOV-1, GG-8.1, GG-8.1-I, GG-8.3-MMG, GG-TRT-1): random
// cols × rows boards with random terrain, up to 40 units with random sides, facings, Speed,
// traits, tokens and abilities, a random mover; `reach` and `move` through the JSON interface.
// Every answer: JSON, finite numbers, clause ids that exist (props.mjs). `reach`: no end hex holds
// another unit, the start is never listed, the cost stays within the points (only a Minimum Move
// may exceed them, by one hex), every path is connected from the start and ends on its hex, the
// parent form rebuilds the same paths, and `move` along each path is legal with the same cost and
// end. `move` along random walks: a legal move never ends on another unit and spends no more than
// its points; its steps are adjacent and their running total is its cost.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, assertHexPath, caseCount, fromOffset, key, neighbours, okResult, prng, toOffset } from './props.mjs';

const TERRAIN = ['open', 'hill', 'forest', 'difficult', 'river', 'swamp', 'impassable', 'lake', 'building'];
const NOT_OPEN = new Set(['difficult', 'river', 'swamp', 'impassable', 'lake', 'building']);
const TRAITS = ['skirmish', 'trample', 'nimble', 'circular defence', 'breakaway', 'lockdown', 'flying', 'ignore difficult'];

function subset(r, list, p) {
  return list.filter(() => r.next() < p);
}

/** A random battlefield; `mover` is the id of a unit with a speed. */
function battlefield(r) {
  const cols = 3 + r.int(14), rows = 3 + r.int(14);
  const terrain = [];
  const hexes = [];
  for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) hexes.push({ col, row });
  for (const h of hexes) if (r.next() < 0.15) terrain.push({ col: h.col, row: h.row, terrain: r.pick(TERRAIN) });
  // Shuffle the hexes, then give the first n to units.
  for (let i = hexes.length - 1; i > 0; i--) {
    const j = r.int(i + 1);
    [hexes[i], hexes[j]] = [hexes[j], hexes[i]];
  }
  const n = 1 + r.int(Math.min(40, Math.floor(hexes.length / 3)));
  const units = hexes.slice(0, n).map((h, i) => {
    const u = { id: `u${i}`, side: r.next() < 0.5 ? 'red' : 'blue', col: h.col, row: h.row, facing: r.int(6), speed: r.int(9) };
    if (r.next() < 0.5) u.traits = subset(r, TRAITS, 0.15);
    if (r.next() < 0.2) u.tokens = subset(r, ['slow', 'fast'], 0.5);
    if (r.next() < 0.2) u.abilities = ['reposition'];
    if (r.next() < 0.1) u.engaged = r.next() < 0.5;
    return u;
  });
  const request = { system: 'godsgloom', board: { cols, rows, terrain }, units, unit: r.pick(units).id };
  if (r.next() < 0.1) request.ignoreUnits = true;
  if (r.next() < 0.1) request.action = 'reposition';
  if (r.next() < 0.1) {
    request.reconnaissance = terrain.filter((t) => NOT_OPEN.has(t.terrain) && r.next() < 0.5).slice(0, 64).map((t) => ({ col: t.col, row: t.row, side: r.pick(['red', 'blue']) }));
  }
  return request;
}

const hexOf = (u) => fromOffset(u.col, u.row);

function occupied(req) {
  const m = new Map();
  for (const u of req.units) if (u.id !== req.unit) m.set(key(hexOf(u)), u.id);
  return m;
}

const WALKING = new Set(['normal', 'engaged', 'breakaway']);

function checkReach(req, res, label) {
  const others = occupied(req);
  const start = res.start;
  const byKey = new Map();
  for (const h of res.hexes) {
    const at = `${label} hex ${key(h)}`;
    assert.ok(!(h.q === start.q && h.r === start.r), `${at}: the start is listed`);
    assert.deepEqual(toOffset(h), { col: h.col, row: h.row }, `${at}: q,r and col,row disagree`);
    if (!req.ignoreUnits) assert.ok(!others.has(key(h)), `${at}: ends on unit ${others.get(key(h))}`);
    assert.ok(h.cost >= 0, `${at}: negative cost`);
    if (res.moveType === 'reposition') assert.equal(h.cost, 0, `${at}: a Reposition costs no points`);
    else if (h.minimumMove) assert.equal(h.path.length, 1, `${at}: a Minimum Move enters one hex`);
    // GG-8.2: a unit that starts Engaged moves at most 1 hex "whatever the points" (docs/api/godsgloom.md).
    else if (res.moveType === 'engaged') assert.equal(h.path.length, 1, `${at}: an Engaged start moves one hex`);
    else assert.ok(h.cost <= res.movementPoints, `${at}: cost ${h.cost} > ${res.movementPoints} points`);
    assert.ok(Array.isArray(h.path) && h.path.length > 0, `${at}: no path`);
    const last = h.path[h.path.length - 1];
    assert.equal(key(last), key(h), `${at}: the path ends elsewhere`);
    if (WALKING.has(res.moveType) || res.moveType === 'reposition') assertHexPath(start, h.path, at);
    if (res.moveType === 'engaged' || res.moveType === 'reposition') assert.equal(h.path.length, 1, `${at}: more than one hex`);
    assert.ok(h.facings.length >= 1 && h.facings.every((f) => Number.isInteger(f) && f >= 0 && f < 6), `${at}: facings`);
    byKey.set(key(h), h);
  }
  assert.equal(byKey.size, res.hexes.length, `${label}: a hex is listed twice`);
  for (let i = 1; i < res.hexes.length; i++) assert.ok(res.hexes[i - 1].cost <= res.hexes[i].cost, `${label}: hexes not sorted by cost`);
  return byKey;
}

/** Rebuilds each path of a `"paths": "parent"` answer and compares it with the full answer. */
function checkParents(full, parent, label) {
  if (!WALKING.has(full.result.moveType)) return;
  const nodes = new Map();
  for (const h of [...parent.hexes, ...(parent.through ?? [])]) nodes.set(h.node, h);
  assert.equal(parent.hexes.length, full.result.hexes.length, `${label}: parent and full list different hexes`);
  parent.hexes.forEach((h, i) => {
    const want = full.result.hexes[i];
    assert.equal(key(h), key(want), `${label}: parent hex ${i}`);
    assert.equal(h.cost, want.cost, `${label}: parent cost at ${key(h)}`);
    const path = [];
    let n = h;
    for (let guard = 0; n && n.node !== parent.stay?.node && guard < 1000; guard++) {
      path.unshift({ q: n.q, r: n.r });
      n = n.parentNode === parent.stay?.node ? null : nodes.get(n.parentNode);
    }
    assert.deepEqual(path.map(key), want.path.map(key), `${label}: the parent chain of ${key(h)} is not its path`);
  });
}

function checkMove(req, res, label) {
  const others = occupied(req);
  const pts = res.moveType === 'reposition' ? 0 : res.movementPoints;
  if (res.legal) {
    if (!req.ignoreUnits) assert.ok(!others.has(key(res.final)), `${label}: ends on unit ${others.get(key(res.final))}`);
    if (!res.minimumMove && res.moveType !== 'engaged') assert.ok(res.cost <= pts, `${label}: cost ${res.cost} > ${pts}`);
  }
  if (WALKING.has(res.moveType)) {
    assertHexPath(res.start, res.steps, label);
    let spent = 0;
    for (const s of res.steps) {
      spent += s.cost;
      assert.equal(s.spent, spent, `${label}: running total at ${key(s)}`);
    }
    assert.equal(res.cost, spent, `${label}: cost is not the sum of the steps`);
    if (res.steps.length) assert.equal(key(res.final), key(res.steps[res.steps.length - 1]), `${label}: final is not the last step`);
  }
}

test('GG-MOV-1 GG-8.1 GG-8.3-MMG reach on random boards: ends free, within points, connected paths, each path a legal move of the same cost', () => {
  const r = prng(0x6060);
  let cases = 0, ends = 0;
  for (let i = 0; i < caseCount(300); i++) {
    const base = battlefield(r);
    const req = { ...base, query: 'reach' };
    const label = `reach case ${i}`;
    const a = ask(req, label);
    if (!a.ok) {
      // Only a board a generator could not know is bad: a unit on an impassable hex is allowed, so nothing is.
      assert.fail(`${label}: ${JSON.stringify(a.error)}\n${JSON.stringify(req)}`);
    }
    const res = a.result;
    checkReach(req, res, label);
    const par = okResult(ask({ ...req, paths: 'parent' }, `${label} parent`), req, label);
    checkParents(a, par, label);
    // Move along a few of the paths, with a random final facing.
    for (const h of res.hexes.filter(() => r.next() < 0.2).slice(0, 8)) {
      const mreq = { ...base, query: 'move', path: h.path.map((p) => ({ q: p.q, r: p.r })), facing: r.pick(h.facings) };
      const m = okResult(ask(mreq, `${label} move to ${key(h)}`), mreq, label);
      assert.equal(m.legal, true, `${label}: move to ${key(h)} along reach's path is illegal: ${JSON.stringify(m.reasons)}\n${JSON.stringify(mreq)}`);
      assert.equal(m.cost, h.cost, `${label}: move to ${key(h)} costs ${m.cost}, reach said ${h.cost}`);
      assert.equal(key(m.final), key(h), `${label}: move ends elsewhere`);
      assert.equal(m.nimble, h.nimble, `${label}: nimble differs`);
      assert.equal(m.engaged, h.engaged, `${label}: engaged differs`);
      checkMove(mreq, m, `${label} move to ${key(h)}`);
      ends++;
    }
    cases++;
  }
  assert.ok(cases > 0 && ends > 0);
});

test('GG-MOV-1 GG-8.1 GG-8.2 move along random walks: a legal move ends free and within its points', () => {
  const r = prng(0x6061);
  let legal = 0;
  for (let i = 0; i < caseCount(600); i++) {
    const base = battlefield(r);
    const mover = base.units.find((u) => u.id === base.unit);
    const path = [];
    let h = hexOf(mover);
    for (let n = r.int(10); n > 0; n--) {
      h = r.next() < 0.9 ? r.pick(neighbours(h)) : { q: h.q + r.int(5) - 2, r: h.r + r.int(5) - 2 };
      path.push({ q: h.q, r: h.r });
    }
    const req = { ...base, query: 'move', path };
    if (r.next() < 0.5) req.facing = r.int(6);
    const label = `move case ${i}`;
    const m = okResult(ask(req, label), req, label);
    checkMove(req, m, label);
    if (!m.legal) assert.ok(m.reasons.length > 0, `${label}: illegal without a reason`);
    else legal++;
  }
  assert.ok(legal > 0);
});
