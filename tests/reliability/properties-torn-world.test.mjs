// Torn World properties on random battlefields (TW-MV-1, TW-INF-*, TW-LRG-*, TW-HUG-*, TW-EJ-*,
// TW-MK-*): cols × rows boards with Volume Landscape and hazards, Infantry, Large (one hexon) and
// Huge (2–7 connected hexons) miniatures of two sides placed without sharing a hex, Portable and
// Linked markers; `reach`, `move` and `eject` through the JSON interface. Every answer: JSON,
// finite numbers, clause ids that exist (props.mjs). `reach`: the start is never listed, the cost
// stays within the allowance, every path is connected (hex steps for Infantry, hexon steps for
// Large and Huge) and ends on its position, and `move` along it is legal with as many steps.
// After every legal `move` (of reach's paths and of random walks) and `eject`, with each ejected
// miniature and marker where the answer puts it, no two miniatures share a hex, no marker shares a
// hex with a miniature or another marker, and every footprint is on the board.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HEXON_DIRS, ask, assertHexPath, caseCount, fromOffset, hexonAdjacent, hexonHexes, key, neighbours, okResult, prng } from './props.mjs';

/** The centre of the hexon holding h (anchor (0,0)): 3q + r ≡ 0 (mod 7) at centres (src/hex/hexon.c). */
function hexonCentre(h) {
  const m = (((3 * h.q + h.r) % 7) + 7) % 7;
  if (m === 0) return h;
  for (const n of neighbours(h)) if ((((3 * n.q + n.r) % 7) + 7) % 7 === 0) return n;
  throw new Error('no hexon centre');
}

function footprintOf(u) {
  if (u.size === 'infantry') return [{ q: u.q, r: u.r }];
  if (u.size === 'large') return hexonHexes({ q: u.q, r: u.r });
  return u.hexons.flatMap(hexonHexes);
}

function battlefield(r) {
  const cols = 6 + r.int(15), rows = 6 + r.int(15);
  const onBoard = new Set();
  for (let row = 0; row < rows; row++) for (let col = 0; col < cols; col++) onBoard.add(key(fromOffset(col, row)));
  const all = [...onBoard].map((k) => { const [q, rr] = k.split(',').map(Number); return { q, r: rr }; });
  const terrain = all.filter(() => r.next() < 0.08).map((h) => ({ q: h.q, r: h.r, terrain: r.next() < 0.6 ? 'volume' : 'hazard' }));
  const volume = new Set(terrain.filter((t) => t.terrain === 'volume').map(key));
  const taken = new Set();
  const free = (hexes) => hexes.every((h) => onBoard.has(key(h)) && !taken.has(key(h)) && !volume.has(key(h)));
  const units = [];
  const n = 1 + r.int(16);
  for (let i = 0, tries = 0; units.length < n && tries < 200; tries++) {
    const size = r.pick(['infantry', 'infantry', 'large', 'huge']);
    const h = r.pick(all);
    let u;
    if (size === 'infantry') u = { q: h.q, r: h.r };
    else if (size === 'large') u = { ...hexonCentre(h) };
    else {
      const hexons = [hexonCentre(h)];
      for (let k = 1 + r.int(6), guard = 0; hexons.length <= k && guard < 30; guard++) {
        const [dq, dr] = r.pick(HEXON_DIRS);
        const from = r.pick(hexons);
        const c = { q: from.q + dq, r: from.r + dr };
        if (!hexons.some((x) => key(x) === key(c))) hexons.push(c);
      }
      u = { hexons };
    }
    u = { id: `m${i}`, side: r.next() < 0.5 ? 'red' : 'blue', size, ...u, move: r.int(7), run: r.int(9) };
    if (r.next() < 0.15) u.abilities = ['ejection'];
    if (r.next() < 0.1) u.engaged = r.next() < 0.5;
    const fp = footprintOf(u);
    if (!free(fp)) continue;
    fp.forEach((x) => taken.add(key(x)));
    units.push(u);
    i++;
  }
  const markers = [];
  for (let k = r.int(4), guard = 0; markers.length < k && guard < 50; guard++) {
    const h = r.pick(all);
    if (!free([h])) continue;
    taken.add(key(h));
    const m = { id: `k${markers.length}`, kind: r.next() < 0.5 ? 'portable' : 'linked', q: h.q, r: h.r };
    if (m.kind === 'linked' && r.next() < 0.5 && units.length) m.takenBy = r.pick(units).id;
    markers.push(m);
  }
  const req = { system: 'torn-world', board: { cols, rows, terrain }, units, unit: r.pick(units).id, action: r.next() < 0.5 ? 'move' : 'run' };
  if (markers.length) req.markers = markers;
  if (r.next() < 0.2) req.cause = r.pick(['panic', 'effect']);
  return { req, onBoard };
}

const refOf = (u) => (u.size === 'huge' ? u.hexons[0] : { q: u.q, r: u.r });
const shift = (hexes, from, to) => hexes.map((h) => ({ q: h.q + to.q - from.q, r: h.r + to.r - from.r }));

/** The battlefield after a legal answer: mover at `final`, ejections and markers at their `to`. */
function assertAfter(req, onBoard, res, label) {
  const mover = req.units.find((u) => u.id === req.unit);
  const pieces = [];
  for (const u of req.units) {
    let fp = footprintOf(u);
    if (u.id === mover.id) fp = shift(fp, refOf(u), res.final);
    const ej = (res.ejections ?? []).find((e) => e.unit === u.id);
    if (ej) {
      assert.ok(ej.to, `${label}: ${u.id} is ejected to nowhere in a legal answer`);
      assert.ok(ej.candidates.some((c) => key(c) === key(ej.to)), `${label}: ${u.id} ejected to ${key(ej.to)}, not a candidate`);
      fp = shift(fp, ej.from, ej.to);
    }
    if (u.id === mover.id && res.final.hexons) {
      const want = res.final.hexons.flatMap(hexonHexes).map(key).sort();
      assert.deepEqual(fp.map(key).sort(), want, `${label}: the final hexons are not the footprint moved`);
    }
    for (const h of fp) assert.ok(onBoard.has(key(h)), `${label}: ${u.id} ends off the board at ${key(h)}`);
    pieces.push({ id: u.id, hexes: fp });
  }
  const at = new Map();
  for (const p of pieces) for (const h of p.hexes) {
    assert.ok(!at.has(key(h)), `${label}: ${p.id} and ${at.get(key(h))} share hex ${key(h)}`);
    at.set(key(h), p.id);
  }
  for (const m of req.markers ?? []) {
    const moved = (res.markers ?? []).find((x) => x.marker === m.id);
    const h = moved && moved.to ? moved.to : m;
    assert.ok(!at.has(key(h)), `${label}: marker ${m.id} shares hex ${key(h)} with ${at.get(key(h))}`);
    at.set(key(h), m.id);
  }
}

test('TW-MV-1 TW-INF-3 TW-LRG-2 TW-HUG-2 reach on random battlefields: within the allowance, connected paths, each a legal move that leaves no hex shared', (t) => {
  const r = prng(0x7e11);
  let ends = 0, ejected = 0;
  for (let i = 0; i < caseCount(300); i++) {
    const { req: base, onBoard } = battlefield(r);
    const req = { ...base, query: 'reach' };
    const label = `reach case ${i}`;
    const res = okResult(ask(req, label), req, label);
    const mover = base.units.find((u) => u.id === base.unit);
    const start = refOf(mover);
    const step = mover.size === 'infantry' ? undefined : hexonAdjacent;
    for (const h of res.hexes) {
      const at = `${label} ${key(h)}`;
      assert.notEqual(key(h), key(start), `${at}: the start is listed`);
      assert.ok(h.cost >= 1 && h.cost <= res.allowance, `${at}: cost ${h.cost}, allowance ${res.allowance}`);
      assert.equal(h.path.length, h.cost, `${at}: path of ${h.path.length} for cost ${h.cost}`);
      assertHexPath(start, h.path, at, step);
      assert.equal(key(h.path[h.path.length - 1]), key(h), `${at}: the path ends elsewhere`);
    }
    for (const h of res.hexes.filter(() => r.next() < 0.25).slice(0, 6)) {
      const mreq = { ...base, query: 'move', path: h.path.map((p) => ({ q: p.q, r: p.r })) };
      const m = okResult(ask(mreq, `${label} move`), mreq, label);
      assert.equal(m.legal, true, `${label}: move to ${key(h)} along reach's path is illegal: ${JSON.stringify(m.reasons)}\n${JSON.stringify(mreq)}`);
      assert.equal(m.steps, h.cost, `${label}: move to ${key(h)} takes ${m.steps} steps, reach said ${h.cost}`);
      assert.equal(key(m.final), key(h), `${label}: move ends elsewhere`);
      assert.deepEqual(m.ejections.map((e) => e.unit), h.ejects, `${label}: move to ${key(h)} ejects other miniatures than reach said`);
      assert.deepEqual(m.freeAttacks.map((a) => a.unit).sort(), h.freeAttacks.map((a) => a.unit).sort(), `${label}: free attacks differ`);
      assertAfter(mreq, onBoard, m, `${label} move to ${key(h)}`);
      ends++;
      ejected += m.ejections.length + m.markers.length;
    }
  }
  t.diagnostic(`${ends} moves along reach paths, ${ejected} miniatures and markers ejected or moved`);
  assert.ok(ends > 0 && ejected > 0);
});

test('TW-MV-1 TW-EJ-1 TW-MK-1 move along random walks and eject at random places: no hex shared after a legal answer', (t) => {
  const r = prng(0x7e12);
  let legal = 0, ejected = 0;
  for (let i = 0; i < caseCount(500); i++) {
    const { req: base, onBoard } = battlefield(r);
    const mover = base.units.find((u) => u.id === base.unit);
    const dirs = mover.size === 'infantry' ? neighbours : (h) => HEXON_DIRS.map(([dq, dr]) => ({ q: h.q + dq, r: h.r + dr }));
    let h = refOf(mover);
    const path = [];
    // Every path position must be on the board (else bad_request): walk among those.
    for (let n = 1 + r.int(6); n > 0; n--) {
      const next = dirs(h).filter((x) => onBoard.has(key(x)));
      if (!next.length) break;
      path.push((h = r.pick(next)));
    }
    if (!path.length) continue;
    const label = `case ${i}`;
    const query = r.next() < 0.7 ? 'move' : 'eject';
    const req = query === 'move' ? { ...base, query, path } : { ...base, query, at: path[path.length - 1] };
    if (query === 'eject') { delete req.action; delete req.cause; }
    const res = okResult(ask(req, `${label} ${query}`), req, label);
    if (res.legal) {
      legal++;
      ejected += res.ejections.length + res.markers.length;
      if (query === 'move') assert.ok(res.steps <= (base.action === 'run' ? mover.run : mover.move), `${label}: ${res.steps} steps beyond the allowance`);
      assertAfter(req, onBoard, res, `${label} ${query}`);
    } else assert.ok(res.reasons.length > 0, `${label}: illegal without a reason`);
  }
  t.diagnostic(`${legal} legal answers, ${ejected} miniatures and markers ejected or moved`);
  assert.ok(legal > 0 && ejected > 0);
});
