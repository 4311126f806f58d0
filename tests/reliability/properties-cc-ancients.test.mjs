// Commands & Colors: Ancients properties on random armies (CCA-MV-2, CCA-MV-3, CCA-TER-1,
// CCA-LD-*): the 13 × 9 board with random terrain, two sides of up to 30 units of random types and
// leaders (alone, or attached to a friend); `reach`, `move` and `order` through the JSON interface.
// Every answer: JSON, finite numbers, clause ids that exist (props.mjs). `reach`: the start is
// never listed, `cost` = `hexesMoved` ≤ the allowance, every path is connected from the start and
// ends on its hex, no end hex holds another unit (a unit may join a lone friendly leader; a lone
// leader may join a friendly unit, never another leader or an enemy), and `move` along each path
// is legal with the same hexes and end. `order`: the pieces where they ended never share a hex
// against the rules, and a legal order uses no more orders than it allows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, assertHexPath, caseCount, fromOffset, key, okResult, prng } from './props.mjs';
import { army } from './cc-army.mjs';

const hexOf = (u) => fromOffset(u.col, u.row);

/** Asserts that pieces [{id, side, type, hex}] stand as the rules allow (CCA-LD-7, CCA-LD-8). */
function assertStanding(pieces, label) {
  const at = new Map();
  for (const p of pieces) {
    const k = key(p.hex);
    if (!at.has(k)) at.set(k, []);
    at.get(k).push(p);
  }
  for (const [k, here] of at) {
    const units = here.filter((p) => p.type !== 'leader'), leaders = here.filter((p) => p.type === 'leader');
    assert.ok(units.length <= 1, `${label}: units ${units.map((p) => p.id)} share hex ${k}`);
    assert.ok(leaders.length <= 1, `${label}: leaders ${leaders.map((p) => p.id)} share hex ${k}`);
    if (units.length && leaders.length) assert.equal(units[0].side, leaders[0].side, `${label}: leader ${leaders[0].id} with enemy ${units[0].id} at ${k}`);
  }
}

function checkReach(req, res, label) {
  const mover = req.units.find((u) => u.id === req.unit);
  const start = hexOf(mover);
  const attached = mover.type !== 'leader' ? req.units.find((u) => u.type === 'leader' && u.side === mover.side && u.col === mover.col && u.row === mover.row) : null;
  const seen = new Set();
  for (const h of res.hexes) {
    const at = `${label} hex ${key(h)}`;
    assert.ok(!seen.has(key(h)), `${at}: listed twice`);
    seen.add(key(h));
    assert.notEqual(key(h), key(start), `${at}: the start is listed`);
    assert.equal(h.cost, h.hexesMoved, `${at}: cost is not hexesMoved`);
    assert.ok(h.cost >= 1 && h.cost <= res.allowance, `${at}: ${h.cost} hexes, allowance ${res.allowance}`);
    assert.equal(h.path.length, h.hexesMoved, `${at}: the path has ${h.path.length} hexes`);
    assertHexPath(start, h.path, at);
    assert.equal(key(h.path[h.path.length - 1]), key(h), `${at}: the path ends elsewhere`);
    if (req.ignoreUnits) continue;
    // Where the mover (and the leader it carries) would stand, with everyone else in place.
    const pieces = req.units.filter((u) => u.id !== mover.id && u.id !== attached?.id).map((u) => ({ ...u, hex: hexOf(u) }));
    pieces.push({ ...mover, hex: h });
    if (attached) pieces.push({ ...attached, hex: h });
    assertStanding(pieces, at);
  }
}

test('CCA-MV-2 CCA-MV-3 CCA-LD-7 reach on random armies: within the allowance, connected paths, lawful end hexes, each path a legal move', () => {
  const r = prng(0xcca1);
  let ends = 0;
  for (let i = 0; i < caseCount(300); i++) {
    const base = army(r);
    base.unit = r.pick(base.units).id;
    if (r.next() < 0.1) base.ignoreUnits = true;
    const req = { ...base, query: 'reach' };
    const label = `reach case ${i}`;
    const res = okResult(ask(req, label), req, label);
    checkReach(req, res, label);
    for (const h of res.hexes.filter(() => r.next() < 0.3).slice(0, 6)) {
      const mreq = { ...base, query: 'move', path: h.path.map((p) => ({ q: p.q, r: p.r })) };
      const m = okResult(ask(mreq, `${label} move`), mreq, label);
      assert.equal(m.legal, true, `${label}: move to ${key(h)} along reach's path is illegal: ${JSON.stringify(m.reasons)}\n${JSON.stringify(mreq)}`);
      assert.equal(m.hexesMoved, h.hexesMoved, `${label}: move to ${key(h)}: hexesMoved`);
      assert.equal(key(m.final), key(h), `${label}: move ends elsewhere`);
      for (const f of ['canBattle', 'mustBattle', 'stoppedBy', 'leaderAttaches', 'attachesTo']) assert.deepEqual(m[f], h[f], `${label}: move to ${key(h)}: ${f} differs`);
      ends++;
    }
  }
  assert.ok(ends > 0);
});

test('CCA-LD-4 CCA-LD-8 order on random armies: pieces end where the rules let them stand; a legal order stays within its orders', (t) => {
  const r = prng(0xcca2);
  let legal = 0, made = 0;
  for (let i = 0; i < caseCount(200); i++) {
    const base = army(r);
    const side = r.next() < 0.5 ? 'red' : 'blue';
    const own = base.units.filter((u) => u.side === side);
    if (!own.length) continue;
    const ordered = own.filter(() => r.next() < 0.4).map((u) => u.id);
    const card = r.pick([
      { type: 'section', section: r.pick(['left', 'center', 'right']), orders: 1 + r.int(5) },
      { type: 'order mounted troops', orders: 1 + r.int(4) },
      { type: 'i am spartacus', orders: 1 + r.int(4) },
    ]);
    // Moves: each ordered piece along one of its reach paths on the starting board (earlier moves may
    // make later ones illegal; the engine must say so, not misplace anything).
    const moves = [];
    for (const id of ordered) {
      const reach = okResult(ask({ ...base, query: 'reach', unit: id }, `order case ${i} reach ${id}`), base, `order case ${i}`);
      if (!reach.hexes.length || r.next() < 0.2) continue;
      moves.push({ unit: id, path: r.pick(reach.hexes).path.map((p) => ({ col: p.col, row: p.row })) });
    }
    const req = { ...base, query: 'order', side, card, ordered, moves };
    const label = `order case ${i}`;
    const res = okResult(ask(req, label), req, label);
    made += res.moves.filter((m) => m.legal && m.hexesMoved > 0).length;
    if (res.legal) {
      legal++;
      assert.ok(res.ordersUsed <= res.ordersAllowed, `${label}: ${res.ordersUsed} orders used of ${res.ordersAllowed}`);
    }
    const byId = new Map(base.units.map((u) => [u.id, u]));
    const pieces = res.final.units.map((p) => ({ ...byId.get(p.id ?? p.unit), hex: { q: p.q, r: p.r } }));
    assert.equal(pieces.length, base.units.length, `${label}: final.units lists ${pieces.length} of ${base.units.length}`);
    assertStanding(pieces, label);
    for (const p of res.final.units.filter((p) => p.attachedTo)) {
      const u = res.final.units.find((x) => x.id === p.attachedTo);
      assert.ok(u && key(u) === key(p) && u.side === p.side, `${label}: ${p.id} attached to ${p.attachedTo} elsewhere`);
    }
    for (const m of res.moves) if (m.legal) assert.ok(m.hexesMoved >= 0 && m.hexesMoved <= 4, `${label}: ${m.unit} moved ${m.hexesMoved} hexes`);
  }
  t.diagnostic(`${legal} legal orders, ${made} moves made`);
  assert.ok(legal > 0 && made > 0);
});
