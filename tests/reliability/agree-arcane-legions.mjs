// The agreement checks of Arcane Legions' queries (docs/api/arcane-legions.md; agree.mjs says what they mean).
import assert from 'node:assert/strict';
import { agreeLegal, arr, samePose } from './agree.mjs';

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
export default { move: alMove, reachArea: alReachArea, breakaway: alBreakaway };
