// The agreement checks of GODSGLOOM's queries (docs/api/godsgloom.md; agree.mjs says what they mean).
import assert from 'node:assert/strict';
import { key } from './props.mjs';
import { agreeLegal, arr, whyNotCore } from './agree.mjs';

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
function ggWhyNot(req, res, label) {
  ggStart(req, res, label);
  whyNotCore(res, label);
  if (res.reachable && res.cost > 0) ggEnd({ ...res, ...res.to }, res, label);
  if (barred(res) && res.cost !== 0) assert.equal(res.reachable, false, `${label}: reachable, yet the Move Action may not be made`);
}

export default { reach: ggReach, move: ggMove, whyNot: ggWhyNot };
