// The agreement checks of Commands & Colors: Ancients' queries (agree.mjs says what they mean).
import assert from 'node:assert/strict';
import { key } from './props.mjs';
import { agreeLegal, boardKeys, hexOf } from './agree.mjs';

/** A path of the request without its start (docs/api.md "Hex boards": a path may begin on it). */
const entered = (path, start) => (path.length && key(hexOf(path[0])) === key(start) ? path.slice(1) : path);

/** The unit a leader stands with at the start (attached, CCA-LD-8), or undefined. */
const attachedTo = (base, id) => {
  const l = base.units.find((u) => u.id === id);
  return base.units.find((u) => u.type !== 'leader' && u.side === l.side && key(hexOf(u)) === key(hexOf(l)))?.id;
};

/** A reach entry's or a legal move's battle fields: mustBattle only with canBattle, a rule exactly when it may not. */
function agreeEnd(x, label) {
  assert.ok(!x.mustBattle || x.canBattle !== false, `${label}: mustBattle without canBattle`);
  assert.equal(x.noBattleRule !== undefined, x.canBattle === false, `${label}: canBattle ${x.canBattle}, noBattleRule ${x.noBattleRule}`);
  assert.equal(x.leaderAttaches !== undefined, x.stoppedBy === 'leader', `${label}: leaderAttaches ${x.leaderAttaches} with stoppedBy ${x.stoppedBy}`);
}

function agreeReach(req, res, label) {
  for (const h of res.hexes) {
    const at = `${label} hex ${key(h)}`;
    if (h.path) assert.equal(h.cost, h.path.length, `${at}: cost ${h.cost}, path of ${h.path.length}`);
    assert.equal(h.hexesMoved, h.cost, `${at}: hexesMoved ${h.hexesMoved}, cost ${h.cost}`);
    if (h.stoppedBy === undefined) assert.ok(h.cost < res.allowance, `${at}: could go on with ${h.cost} of ${res.allowance}`);
    if (h.stoppedBy === 'allowance') assert.equal(h.cost, res.allowance, `${at}: stopped by the allowance after ${h.cost} of ${res.allowance}`);
    agreeEnd(h, at);
  }
}

function agreeWhyNot(req, res, label) {
  agreeLegal(res, label, 'reachable');
  if (res.reachable) assert.equal(res.cost, res.path.length, `${label}: cost ${res.cost}, path of ${res.path.length}`);
  if (res.whatIf?.reachable) assert.equal(res.whatIf.cost, res.whatIf.path.length, `${label}: whatIf cost ${res.whatIf.cost}, path of ${res.whatIf.path.length}`);
  for (const x of res.reasons.filter((y) => y.code === 'exceeds_allowance'))
    assert.ok(x.needs > res.allowance, `${label}: exceeds_allowance needs ${x.needs} of ${res.allowance}`);
}

function agreeMove(req, res, label) {
  const start = hexOf(req.units.find((u) => u.id === req.unit));
  agreeLegal(res, label);
  if (res.legal) {
    assert.equal(res.hexesMoved, entered(req.path, start).length, `${label}: hexesMoved ${res.hexesMoved} for a path of ${req.path.length}`);
    agreeEnd(res, label);
  } else {
    assert.equal(res.hexesMoved, undefined, `${label}: an illegal move gives hexesMoved`);
    assert.ok(res.reasons.every((x) => x.action >= 0 && x.action < req.path.length), `${label}: a reason's step is not in the path`);
  }
}

function agreeOrder(req, res, label) {
  const base = req;
  agreeLegal(res, label);
  assert.equal(res.moves.length, req.moves.length, `${label}: ${res.moves.length} moves for ${req.moves.length} asked`);
  res.moves.forEach((m, k) => {
    const at = `${label} move ${k} (${m.unit})`;
    agreeLegal(m, at);
    assert.equal(m.unit, req.moves[k].unit, `${at}: another unit`);
    const top = res.reasons.filter((x) => x.action === k);
    assert.equal(top.length, m.reasons.length, `${at}: ${m.reasons.length} reasons, ${top.length} in the order's`);
    if (m.legal) assert.equal(m.hexesMoved, entered(req.moves[k].path, m.from).length, `${at}: hexesMoved ${m.hexesMoved}`);
    else assert.equal(key(m.final), key(m.from), `${at}: an illegal move ends away from where it began`);
  });
  if (res.moves.some((m) => !m.legal)) assert.equal(res.legal, false, `${label}: a move is illegal, the order legal`);
  if (res.ordersUsed > res.ordersAllowed) assert.ok(res.reasons.some((x) => x.code === 'too_many_orders'), `${label}: ${res.ordersUsed} of ${res.ordersAllowed} orders, no too_many_orders`);
  // No more pieces move than the card orders (a Leadership card's leader and his unit aside).
  const free = new Set(req.card.type === 'leadership' && req.card.leader ? [req.card.leader, attachedTo(base, req.card.leader)] : []);
  const movers = new Set(res.moves.filter((m) => m.legal && !free.has(m.unit)).map((m) => m.unit));
  assert.ok(movers.size <= res.ordersAllowed, `${label}: ${movers.size} pieces moved on ${res.ordersAllowed} orders`);
  // A piece none of whose moves was made (and that no unit carried) is where it stood.
  const start = new Map(base.units.map((u) => [u.id, u]));
  const now = new Map(res.final.units.map((u) => [u.id, u]));
  const carried = new Set(res.moves.filter((m) => m.legal && m.leaderMovesWith).map((m) => m.leaderMovesWith));
  for (const id of new Set(req.moves.map((m) => m.unit))) {
    if (res.moves.some((m) => m.unit === id && m.legal) || carried.has(id)) continue;
    const u = start.get(id);
    assert.equal(key(now.get(id)), key(hexOf(u)), `${label}: ${id} made no move but final.units moves it`);
  }
  const beyond = new Set(res.moves.filter((m) => m.reasons.some((x) => x.code === 'too_many_orders')).map((m) => m.unit));
  for (const b of res.battle) {
    const at = `${label} battle ${b.unit}`;
    assert.ok(!beyond.has(b.unit), `${at}: beyond the card, yet it has a battle entry`);
    assert.equal(b.canBattle, b.closeCombat || b.rangedCombat, `${at}: canBattle ${b.canBattle}, closeCombat ${b.closeCombat}, rangedCombat ${b.rangedCombat}`);
    assert.ok(!b.mustBattle || b.closeCombat, `${at}: mustBattle without closeCombat`);
    const why = b.noBattleReasons ?? [];
    assert.equal(why.length > 0, !b.canBattle, `${at}: canBattle ${b.canBattle} with ${why.length} noBattleReasons`);
    assert.equal(b.noBattleRule, why[0]?.rule, `${at}: noBattleRule ${b.noBattleRule}, first reason's ${why[0]?.rule}`);
    assert.ok(why.every((x) => x.unit === b.unit), `${at}: a noBattleReason names another unit`);
  }
}

function agreeRetreat(req, res, label) {
  agreeLegal(res, label);
  assert.equal(res.blocksLeft, Math.max(0, res.blocks - res.hits), `${label}: ${res.blocks} blocks, ${res.hits} hits, ${res.blocksLeft} left`);
  assert.equal(res.eliminated, res.blocks - res.hits <= 0, `${label}: eliminated ${res.eliminated}`);
  if (res.eliminated) return;
  assert.ok(res.ignored <= res.maxIgnored && res.maxIgnored <= Math.min(res.flags, res.ignorable.length), `${label}: ${res.ignored} ignored, at most ${res.maxIgnored}, ${res.ignorable.length} means`);
  assert.equal(res.flagsTaken, res.flags - res.ignored, `${label}: flagsTaken`);
  assert.equal(res.retreatHexes, res.flagsTaken * res.hexesPerFlag, `${label}: retreatHexes`);
  if (!res.retreatHexes) return;
  assert.equal(res.lossFree, res.fewestHexesShort === 0, `${label}: lossFree ${res.lossFree}, fewest short ${res.fewestHexesShort}`);
  if (!res.pathsTruncated) assert.equal(res.fewestHexesShort, Math.min(...res.paths.map((p) => p.hexesShort)), `${label}: fewestHexesShort`);
  for (const [i, p] of [res.bestPath, ...res.paths].entries()) {
    const at = `${label} path ${i - 1}`;
    assert.equal(p.hexesMoved, p.path.length, `${at}: hexesMoved ${p.hexesMoved}, path of ${p.path.length}`);
    if (p.stoppedBy === 'complete') assert.equal(p.hexesShort, 0, `${at}: complete, ${p.hexesShort} short`);
    if (p.stoppedBy === 'blocked') assert.ok(p.hexesShort > 0, `${at}: blocked, none short`);
    assert.equal((p.blocked ?? []).length > 0, p.hexesShort > 0, `${at}: ${p.hexesShort} short, ${(p.blocked ?? []).length} closed hexes named`);
    assert.equal(p.legal, !(res.lossFree && p.hexesShort > 0), `${at}: legal ${p.legal}, ${p.hexesShort} short, lossFree ${res.lossFree}`);
    assert.equal(p.leaderAttaches !== undefined, p.stoppedBy === 'leader', `${at}: leaderAttaches with stoppedBy ${p.stoppedBy}`);
  }
}

function agreeEvade(req, res, label) {
  const onBoard = boardKeys(req);
  assert.equal(res.canEvade, res.eligible && res.paths.length > 0, `${label}: canEvade ${res.canEvade}, eligible ${res.eligible}, ${res.paths.length} paths`);
  assert.equal(res.reasons.length > 0, !res.canEvade, `${label}: canEvade ${res.canEvade} with ${res.reasons.length} reasons`);
  if (res.type === 'leader') assert.equal(res.eliminated, res.eligible && !res.canEvade, `${label}: eliminated ${res.eliminated}`);
  const seen = new Set();
  res.paths.forEach((p, i) => {
    const at = `${label} path ${i}`;
    assert.equal(p.escapeRolls, p.escapes.length, `${at}: escapeRolls ${p.escapeRolls}, ${p.escapes.length} escapes`);
    assert.equal(p.hexesMoved, p.path.length + (p.offBoard ? 1 : 0), `${at}: hexesMoved ${p.hexesMoved}, path of ${p.path.length}, offBoard ${p.offBoard}`);
    assert.equal(p.final === undefined, p.offBoard === true, `${at}: final ${JSON.stringify(p.final)} with offBoard ${p.offBoard}`);
    for (const h of p.path) assert.ok(onBoard.has(key(h)), `${at}: the path runs through ${key(h)}, off the board`);
    const k = `${p.path.map(key).join(' ')}${p.offBoard ? ' off' : ''}`;
    assert.ok(!seen.has(k), `${at}: listed twice (${k})`);
    seen.add(k);
  });
}

export default { reach: agreeReach, whyNot: agreeWhyNot, move: agreeMove, order: agreeOrder, retreat: agreeRetreat, evade: agreeEvade };
