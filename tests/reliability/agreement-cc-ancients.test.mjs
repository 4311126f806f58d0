// Commands & Colors: Ancients answers agree with themselves: for every query (reach, whyNot, move,
// order, retreat, evade) on random armies (cc-army.mjs), each summary field matches the details it
// sums up. `legal` (and `reachable`, `canEvade`) with its reasons; `canBattle` with `closeCombat`
// and `rangedCombat` and the reasons it may not; counts (`cost`, `hexesMoved`, `escapeRolls`,
// `retreatHexes`, …) with the lists they count; an order's verdict with its moves' verdicts, and
// the pieces where `final.units` leaves them with the moves made (the checks are agree-cc-ancients.mjs's;
// agreement.test.mjs asks them of every game's scenario-grown battlefields).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ask, caseCount, fromOffset, okResult, prng } from './props.mjs';
import { army, BOARD } from './cc-army.mjs';
import CCA from './agree-cc-ancients.mjs';

const { reach: agreeReach, whyNot: agreeWhyNot, move: agreeMove, order: agreeOrder, retreat: agreeRetreat, evade: agreeEvade } = CCA;

const DIRS = [[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]];
const step = (r, h) => {
  const [dq, dr] = r.pick(DIRS);
  return { q: h.q + dq, r: h.r + dr };
};
const CARDS = ['section', 'order mounted troops', 'i am spartacus', 'leadership', 'double time', 'mounted charge', 'line command',
  'order light troops', 'move-fire-move'];

/** A random card of any kind, with few orders so that orders beyond the card happen. */
function card(r, base, side) {
  const type = r.pick(CARDS);
  if (type === 'section') return { type, section: r.pick(['left', 'center', 'right']), orders: 1 + r.int(3) };
  if (type === 'i am spartacus') return { type, orders: 1 + r.int(3) };
  if (type === 'leadership') {
    const leaders = base.units.filter((u) => u.type === 'leader' && u.side === side);
    return leaders.length && r.next() < 0.7 ? { type, leader: r.pick(leaders).id, linked: r.int(4) } : { type };
  }
  if (['double time', 'line command'].includes(type)) return { type };
  return { type, orders: 1 + r.int(3) };
}

test('CCA-MV-1 CCA-CD-1 CCA-EV-1 CCA-RT-1 every C&C answer agrees with itself: verdicts with reasons, canBattle with its parts, counts with lists', (t) => {
  const r = prng(0xcca35);
  const asked = new Map();
  const count = (q) => asked.set(q, (asked.get(q) ?? 0) + 1);
  for (let i = 0; i < caseCount(150); i++) {
    const base = army(r);
    const mover = r.pick(base.units);
    const start = fromOffset(mover.col, mover.row);
    const label = `case ${i}`;
    const send = (req, what) => {
      count(req.query);
      return okResult(ask(req, `${label} ${what}`), req, `${label} ${what}`);
    };
    const reachReq = { ...base, query: 'reach', unit: mover.id };
    const reach = send(reachReq, 'reach');
    agreeReach(reachReq, reach, `${label} reach`);
    // whyNot and move to a hex of the reach and to any hex of the board
    for (const to of [r.pick(BOARD), ...(reach.hexes.length ? [r.pick(reach.hexes)] : [])]) {
      const w = { ...base, query: 'whyNot', unit: mover.id, to: { col: to.col, row: to.row } };
      agreeWhyNot(w, send(w, 'whyNot'), `${label} whyNot ${to.col},${to.row}`);
    }
    const path = reach.hexes.length && r.next() < 0.6 ? r.pick(reach.hexes).path.map((h) => ({ q: h.q, r: h.r })) : [];
    while (path.length < 1 + r.int(4)) path.push(step(r, path.at(-1) ?? start));
    const m = { ...base, query: 'move', unit: mover.id, path };
    agreeMove(m, send(m, 'move'), `${label} move`);
    // an order of some of one side's pieces, each along a reach path (later moves may be refused)
    const side = mover.side;
    const own = base.units.filter((u) => u.side === side);
    const ordered = own.filter(() => r.next() < 0.5).map((u) => u.id);
    const moves = [];
    for (const id of ordered) {
      const rr = send({ ...base, query: 'reach', unit: id }, `reach ${id}`);
      if (!rr.hexes.length || r.next() < 0.2) continue;
      moves.push({ unit: id, path: r.pick(rr.hexes).path.map((h) => ({ col: h.col, row: h.row })) });
    }
    const c = card(r, base, side);
    if (c.type === 'move-fire-move')
      for (const mv of moves.filter(() => r.next() < 0.3)) moves.push({ unit: mv.unit, path: [step(r, fromOffset(mv.path.at(-1).col, mv.path.at(-1).row))], second: true });
    const o = { ...base, query: 'order', side, card: c, ordered, moves };
    agreeOrder(o, send(o, 'order'), `${label} order (${c.type})`);
    // the mover's retreat (a unit) and evade
    if (mover.type !== 'leader') {
      const rt = { ...base, query: 'retreat', unit: mover.id, flags: r.int(4), hits: r.int(3) };
      if (r.next() < 0.3) rt.ignore = r.int(rt.flags + 1);
      agreeRetreat(rt, send(rt, 'retreat'), `${label} retreat`);
    }
    const enemies = base.units.filter((u) => u.side !== side && u.type !== 'leader');
    const ev = { ...base, query: 'evade', unit: mover.id };
    if (enemies.length && r.next() < 0.5) ev.attacker = r.pick(enemies).id;
    agreeEvade(ev, send(ev, 'evade'), `${label} evade`);
  }
  t.diagnostic(`answers checked: ${[...asked].map(([q, n]) => `${q} ${n}`).join(', ')}`);
  for (const q of ['reach', 'whyNot', 'move', 'order', 'retreat', 'evade']) assert.ok(asked.get(q) > 0, `no ${q} asked`);
});
