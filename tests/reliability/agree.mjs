// What "an answer agrees with itself" means, query by query, for every game (issue 35): each
// summary field matches the details it sums up. `legal` (or the game's own verdict: `reachable`,
// `canEvade`, `possible`) with its reasons; `canBattle` with its parts; counts and totals with the
// lists they count; a choice's default option with the answer itself. Each game's own meaning of a
// field is its page's (docs/api/<game>.md): a Torn World whyNot's `legal` is the action's (with
// `restrictions`), beside `reachable` (with `reasons`); GODSGLOOM's `restrictions` make a hex
// unreachable; a Ninth Age charge's verdict is `possible`. AGREE[system][query](request, result,
// label) asserts them; the agreement tests send the requests.
import assert from 'node:assert/strict';
import { fromOffset, key } from './props.mjs';
import { BOARD } from './cc-army.mjs';

/** A hex of a request ({q, r} or {col, row}) in axial coordinates. */
export const hexOf = (h) => (Number.isInteger(h.q) && Number.isInteger(h.r) ? { q: h.q, r: h.r } : fromOffset(h.col, h.row));

/** The hexes of a request's board, as keys: its list, its grid, or the C&C preset (the default). */
function boardKeys(req) {
  const b = req.board;
  if (Array.isArray(b?.hexes)) return new Set(b.hexes.map((h) => key(hexOf(h))));
  const all = [];
  if (Number.isInteger(b?.cols)) for (let row = 0; row < b.rows; row++) for (let col = 0; col < b.cols; col++) all.push({ col, row });
  return new Set((all.length ? all : BOARD).map((h) => key(fromOffset(h.col, h.row))));
}
const arr = (v) => (Array.isArray(v) ? v : []);
const samePose = (a, b) => a && b && ['x', 'y', 'facing'].every((k) => Math.abs(a[k] - b[k]) < 1e-9);

// ---- Commands & Colors: Ancients -------------------------------------------------------------------
/** A path of the request without its start (docs/api.md "Hex boards": a path may begin on it). */
const entered = (path, start) => (path.length && key(hexOf(path[0])) === key(start) ? path.slice(1) : path);

/** The unit a leader stands with at the start (attached, CCA-LD-8), or undefined. */
const attachedTo = (base, id) => {
  const l = base.units.find((u) => u.id === id);
  return base.units.find((u) => u.type !== 'leader' && u.side === l.side && key(hexOf(u)) === key(hexOf(l)))?.id;
};

/** `legal` agrees with `reasons`: false exactly when some reason is given. */
function agreeLegal(x, label, flag = 'legal') {
  assert.equal(x[flag], x.reasons.length === 0, `${label}: ${flag} ${x[flag]} with ${x.reasons.length} reasons ${JSON.stringify(x.reasons)}`);
}

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


// ---- Arcane Legions (docs/api/arcane-legions.md) ------------------------------------------------------
function alMove(req, res, label) {
  agreeLegal(res, label);
  assert.equal(res.endedBy === 'illegal', !res.legal, `${label}: endedBy ${res.endedBy}, legal ${res.legal}`);
  if (res.orderCost > 0) {
    assert.equal(res.pointsSpent + res.pointsLost, res.movementPoints, `${label}: ${res.pointsSpent} spent + ${res.pointsLost} lost of ${res.movementPoints}`);
    if (res.endedBy === 'points') assert.equal(res.pointsLost, 0, `${label}: ended for want of points with ${res.pointsLost} left`);
  }
  // each option of a choice is the order re-run with that value; the default one is this answer
  for (const c of arr(res.choices)) {
    const at = `${label} choice ${c.choice} at action ${c.action}`;
    assert.equal(String(c.options[0]?.value), String(c.default), `${at}: the default is not listed first`);
    const d = c.options[0];
    assert.equal(d.legal, res.legal, `${at}: the default option's legal ${d.legal}, the answer's ${res.legal}`);
    assert.equal(d.endedBy, res.endedBy, `${at}: the default option's endedBy ${d.endedBy}, the answer's ${res.endedBy}`);
    assert.equal(d.pointsSpent, res.pointsSpent, `${at}: the default option's pointsSpent ${d.pointsSpent}, the answer's ${res.pointsSpent}`);
    assert.ok(samePose(d.final, res.final), `${at}: the default option ends at ${JSON.stringify(d.final)}, the answer at ${JSON.stringify(res.final)}`);
  }
}
function alReachArea(req, res, label) {
  for (const s of res.samples) assert.ok(s.cost <= res.movementPoints, `${label}: a sample costs ${s.cost} of ${res.movementPoints}`);
}
function alBreakaway(req, res, label) {
  if (res.base === 'sortie') assert.equal(res.breakaway.length, 0, `${label}: a sortie is attacked as it breaks away (AL-BRK-2)`);
  assert.equal(new Set(res.breakaway.map((b) => b.unit)).size, res.breakaway.length, `${label}: a unit attacks twice`);
}

// ---- The Ninth Age (docs/api/ninth-age.md) ------------------------------------------------------------
function naChargeOne(c, label) {
  assert.equal(c.possible, arr(c.reasons).length === 0, `${label}: possible ${c.possible} with ${arr(c.reasons).length} reasons ${JSON.stringify(c.reasons)}`);
  if (!c.possible) return;
  // distance as the rules measure it: both straights plus the outer front corner's arc (9A-CH-1)
  assert.ok(Math.abs(c.distance - (c.straightBefore + (c.wheel?.outerPath ?? 0) + c.straightAfter)) < 1e-6,
    `${label}: distance ${c.distance}, straights ${c.straightBefore} + ${c.straightAfter}, wheel ${c.wheel?.outerPath}`);
  if (Number.isFinite(c.range)) assert.ok(c.distance <= c.range + 1e-6, `${label}: a ${c.distance}" charge within ${c.range}"`);
  if (Number.isFinite(c.needed)) assert.ok(c.needed <= c.distance + 1e-6, `${label}: needs ${c.needed}", moves ${c.distance}"`);
}
function naCharge(req, res, label) {
  naChargeOne(res, label);
  arr(res.chargers).forEach((c) => naChargeOne(c, `${label} charger ${c.charger}`));
}
function naPursue(req, res, label) {
  const ids = res.pursuers.map((p) => p.unit);
  assert.deepEqual([...res.order].sort(), [...ids].sort(), `${label}: order ${res.order} names other units than the pursuers ${ids}`);
  for (const p of res.pursuers) {
    const at = `${label} pursuer ${p.unit}`;
    const codes = arr(p.reasons).map((x) => x.code);
    if (p.outcome === 'charge') assert.ok(p.charge, `${at}: outcome charge without a charge`);
    if (p.charge && !p.charge.undone) assert.equal(p.outcome, 'charge', `${at}: a charge with outcome ${p.outcome}`);
    assert.equal(!!p.charge?.undone, codes.includes('charge_undone'), `${at}: undone ${p.charge?.undone} with reasons ${codes}`);
    if (p.backtracked) assert.ok(codes.some((c) => ['ends_in_contact', 'ends_overlapping', 'ends_off_table'].includes(c)), `${at}: backtracked with reasons ${codes}`);
    if (codes.includes('no_legal_position')) assert.equal(p.backtracked, false, `${at}: no legal position, yet it backtracked`);
  }
  for (const c of arr(res.choices)) {
    const at = `${label} choice ${c.choice} of ${c.pursuer}`;
    assert.ok(ids.includes(c.pursuer), `${at}: not a pursuer`);
    assert.ok(c.options.length >= 2, `${at}: ${c.options.length} options`);
    assert.equal(c.options[0].value, c.default, `${at}: the default is not listed first`);
    const p = res.pursuers.find((x) => x.unit === c.pursuer);
    assert.equal(c.options[0].outcome, p.outcome, `${at}: the default option's outcome ${c.options[0].outcome}, the pursuer's ${p.outcome}`);
    // whom the default target's option charges (another, when the named one has no room) is whom the pursuer charged
    assert.equal(p.charge?.target, c.options[0].charges, `${at}: charged ${p.charge?.target}, the default option ${c.options[0].charges}`);
    if (c.options[0].final && p.final) assert.ok(samePose(c.options[0].final, p.final), `${at}: the default option ends elsewhere than the pursuer`);
  }
}
function naFlee(req, res, label) {
  // touching the table edge removes the unit where it touches; else it goes its roll, and on until clear
  assert.equal(res.destroyed, res.leavesTable, `${label}: destroyed ${res.destroyed}, leavesTable ${res.leavesTable}`);
  if (!res.leavesTable) assert.ok(Math.abs(res.moved - (res.distance + res.extended)) < 1e-6, `${label}: moved ${res.moved}, roll ${res.distance} + ${res.extended} to end clear`);
  else assert.ok(res.moved <= res.distance + res.extended + 1e-6, `${label}: moved ${res.moved} past its roll ${res.distance} + ${res.extended}`);
}
function naSpacing(req, res, label) {
  assert.equal(res.legal, res.violations.length === 0, `${label}: legal ${res.legal} with ${res.violations.length} violations`);
}

// ---- GODSGLOOM (docs/api/godsgloom.md) -----------------------------------------------------------------
// A walk's points are its movement points, except the hex the Minimum Move Guarantee lets it enter
// (GG-8.3-MMG); a GG-8.2 move, a Teleport (hexes) and a Reposition (none) count otherwise.
const walks = (res) => ['normal', 'breakaway'].includes(res.moveType);
function ggEnd(h, res, label) {
  if (h.engaged !== undefined) assert.equal(h.engaged, arr(h.engagedWith).length > 0, `${label}: engaged ${h.engaged}, engaged with ${JSON.stringify(h.engagedWith)}`);
  if (h.cost !== undefined && walks(res) && !h.minimumMove) assert.ok(h.cost <= res.movementPoints, `${label}: costs ${h.cost} of ${res.movementPoints} movement points`);
  if (Array.isArray(h.path) && h.path.length) assert.equal(key(h.path.at(-1)), key(h), `${label}: the path ends elsewhere`);
}
// Engaged at the start with the enemies whose zones hold the start hex; given as Engaged, it may be so with none
function ggStart(req, res, label) {
  if (res.startEngagedWith.length) assert.ok(res.startsEngaged, `${label}: not engaged at the start, with ${JSON.stringify(res.startEngagedWith)}`);
  else if (req.units.find((u) => u.id === req.unit)?.engaged === undefined) assert.equal(res.startsEngaged, false, `${label}: engaged at the start with none`);
}
// the restrictions that forbid the whole Move Action (GG-8.2 Lockdown; no Reposition)
const barred = (res) => arr(res.restrictions ?? res.reasons).some((x) => ['locked_down', 'no_reposition'].includes(x.code));
function ggReach(req, res, label) {
  ggStart(req, res, label);
  if (barred(res)) assert.equal(res.hexes.length, 0, `${label}: ${res.hexes.length} hexes for a Move Action that may not be made`);
  if (res.stay) ggEnd(res.stay, res, `${label} stay`);
  for (const h of res.hexes) {
    ggEnd(h, res, `${label} hex ${key(h)}`);
    for (const a of arr(h.alternatives)) ggEnd({ ...a, q: h.q, r: h.r }, res, `${label} hex ${key(h)} alternative`);
  }
}
function ggMove(req, res, label) {
  agreeLegal(res, label);
  ggStart(req, res, label);
  assert.equal(res.endedBy === 'illegal', !res.legal, `${label}: endedBy ${res.endedBy}, legal ${res.legal}`);
  if (barred(res)) assert.equal(res.legal, false, `${label}: legal, yet the Move Action may not be made`);
  if (res.legal) {
    ggEnd(res, res, label);
    assert.equal(res.cost, res.steps.at(-1)?.spent ?? 0, `${label}: cost ${res.cost}, last step spent ${res.steps.at(-1)?.spent}`);
    assert.equal(res.cost, res.steps.reduce((s, x) => s + x.cost, 0), `${label}: cost ${res.cost}, the steps' sum`);
  }
}
function whyNotCore(res, label) {
  agreeLegal(res, label, 'reachable');
  if (res.reachable) {
    assert.equal(res.whatIf, undefined, `${label}: reachable, yet a whatIf`);
    if (res.path.length) assert.equal(key(res.path.at(-1)), key(res.to), `${label}: the path ends elsewhere than at to`);
  }
  for (const x of res.reasons.filter((y) => y.needs !== undefined)) assert.ok(x.needs > (res.movementPoints ?? res.allowance), `${label}: ${x.code} needs ${x.needs}`);
}
function ggWhyNot(req, res, label) {
  ggStart(req, res, label);
  whyNotCore(res, label);
  if (res.reachable && res.cost > 0) ggEnd({ ...res, ...res.to }, res, label);
  if (barred(res) && res.cost !== 0) assert.equal(res.reachable, false, `${label}: reachable, yet the Move Action may not be made`);
}

// ---- Torn World (docs/api/torn-world.md) -------------------------------------------------------------
// placed on a nearest free hex, unless a reason says the hex chosen for it is not one (TW-EJ-1)
function twEjections(res, label) {
  for (const e of arr(res.ejections)) {
    const at = `${label} ejection of ${e.unit}`;
    const refused = res.reasons.some((x) => x.code === 'not_nearest_free_hex' && x.unit === e.unit && key(x.hex) === key(e.to));
    if (e.to && e.candidates.length && !refused) assert.ok(e.candidates.some((c) => key(c) === key(e.to)), `${at}: placed on ${key(e.to)}, not a candidate`);
    if (e.choice === 'first-candidate' && e.candidates.length) assert.equal(key(e.to), key(e.candidates[0]), `${at}: not on the first candidate`);
  }
}
function twReach(req, res, label) {
  agreeLegal(res, label);
  if (!res.legal) assert.equal(res.hexes.length, 0, `${label}: the action may not be taken, yet ${res.hexes.length} hexes`);
  for (const h of res.hexes) {
    if (Array.isArray(h.path)) assert.equal(h.cost, h.path.length, `${label} hex ${key(h)}: cost ${h.cost}, path of ${h.path.length}`);
    assert.ok(h.cost <= res.allowance, `${label} hex ${key(h)}: cost ${h.cost} of ${res.allowance}`);
  }
}
function twMove(req, res, label) {
  agreeLegal(res, label);
  // a refused step is named; an action that may not be taken at all refuses none (TW-MV-1)
  const whole = res.reasons.length > 0 && res.reasons.every((x) => x.code === 'action_already_used');
  assert.equal(res.failedStep === undefined, res.legal || whole, `${label}: failedStep ${res.failedStep}, legal ${res.legal}`);
  if (!res.legal && !whole) assert.ok(res.failedStep >= 0 && res.failedStep < req.path.length, `${label}: failedStep ${res.failedStep} of a ${req.path.length}-step path`);
  twEjections(res, label);
}
function twWhyNot(req, res, label) {
  // the action's verdict with its restrictions; the hex's with its reasons
  agreeLegal({ legal: res.legal, reasons: res.restrictions }, `${label} (the action)`);
  whyNotCore(res, label);
  if (res.reachable) assert.equal(res.cost, res.path.length, `${label}: cost ${res.cost}, path of ${res.path.length}`);
  if (res.whatIf?.reachable) assert.equal(res.whatIf.cost, res.whatIf.path.length, `${label}: whatIf cost ${res.whatIf.cost}, path of ${res.whatIf.path.length}`);
  if (!res.legal) assert.equal(res.reachable, false, `${label}: reachable by an action that may not be taken`);
}
function twEject(req, res, label) {
  agreeLegal(res, label);
  twEjections(res, label);
}
function twShift(req, res, label) {
  // one outcome per possible test result: two when a test is taken and its result not given
  assert.equal(res.outcomes.length, res.dexterityTest && req.dexterity === undefined ? 2 : 1, `${label}: ${res.outcomes.length} outcomes, dexterityTest ${res.dexterityTest}, dexterity ${req.dexterity}`);
  res.outcomes.forEach((o, i) => agreeLegal(o, `${label} outcome ${i}`));
}

/** The agreement checks of every query of every game: AGREE[system][query](request, result, label). */
export const AGREE = {
  'arcane-legions': { move: alMove, reachArea: alReachArea, breakaway: alBreakaway },
  'ninth-age': { charge: naCharge, pursue: naPursue, flee: naFlee, spacing: naSpacing },
  'cc-ancients': { reach: agreeReach, whyNot: agreeWhyNot, move: agreeMove, order: agreeOrder, retreat: agreeRetreat, evade: agreeEvade },
  godsgloom: { reach: ggReach, move: ggMove, whyNot: ggWhyNot },
  'torn-world': { reach: twReach, move: twMove, whyNot: twWhyNot, eject: twEject, shift: twShift },
};
