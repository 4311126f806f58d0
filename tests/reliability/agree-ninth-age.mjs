// The agreement checks of The Ninth Age's queries (docs/api/ninth-age.md; agree.mjs says what they mean).
import assert from 'node:assert/strict';
import { arr, samePose } from './agree.mjs';

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

export default { charge: naCharge, pursue: naPursue, flee: naFlee, spacing: naSpacing };
