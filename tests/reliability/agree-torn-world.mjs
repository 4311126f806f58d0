// The agreement checks of Torn World's queries (docs/api/torn-world.md; agree.mjs says what they mean).
import assert from 'node:assert/strict';
import { key } from './props.mjs';
import { agreeLegal, arr, whyNotCore } from './agree.mjs';

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

export default { reach: twReach, move: twMove, whyNot: twWhyNot, eject: twEject, shift: twShift };
