// What The Ninth Age's page draws and says only for the questions no first view asks (docs/page.md
// "Loading"): a flee's and Unit Spacing's drawings and spacing's verdict, a combined charge's order
// and a pursuer's choice of target. ninth-age.js fetches it when a question needs it, before that
// answer is drawn (its `needs`), so a first visit does not download it (docs/performance.md "Weight,
// twelfth round"). It imports none of ninth-age.js: the CLIs load it with that module, at once.
import { GOOD, BAD, PATH, WARN, isPose, inches, degrees, poseRounded, plural, frameVector, unitInfo, el, arr } from '../draw.js';

/** Rings a unit, or outlines a terrain piece, by id (free-form tables). */
function ringObject(out, req, id, color, label) {
  const t = arr(req.terrain).find((x) => x?.id === id);
  if (t && arr(t.polygon).length >= 3) out.overlay.push({ type: 'polygon', points: t.polygon, color, width: 3, dashed: true, label, labelAt: t.polygon[0] });
  else out.ring(id, color, label);
}

/** 9A flee: the enemy fled from, the pivot, the path, what it passed through, where it ends. */
export function drawFlee(out, r, req) {
  if (r.from) out.ring(r.from, WARN, `flees from ${r.from}`);
  // a unit destroyed or off the table is gone from where it stood; its ghost shows where it got to
  if (r.destroyed || r.leavesTable) out.gone(r.unit, r.destroyed ? 'destroyed' : 'left the table');
  const u = unitInfo(req, r.unit);
  if (isPose(r.pivot) && Math.abs(r.pivot.angle ?? 0) > 1e-9 && u && isPose(u)) {
    out.ghost(r.unit, r.pivot);
    const reach = u.d / 2 + 0.8, [ax, ay] = frameVector(u.facing ?? 0, 'forward'), [bx, by] = frameVector(r.pivot.facing, 'forward');
    out.mark({ type: 'line', from: [u.x + ax * reach, u.y + ay * reach], to: [r.pivot.x + bx * reach, r.pivot.y + by * reach], color: PATH, arrow: true, label: `pivot ${degrees(r.pivot.angle)}` });
  }
  for (const t of arr(r.passedThrough)) ringObject(out, req, t.object, WARN, `passed: ${String(t.test ?? t.kind ?? '').replace(/-/g, ' ')}`);
  const path = arr(r.path).filter(isPose);
  if (u) out.poseTrack(r.unit, path.length ? path : [r.final], r.unit, !path.length);
  // (how far it fled: a unit removed says why where it stood, struck out, and said it twice here)
  if (isPose(r.final)) out.ghost(r.unit, r.final, `${r.unit}: fled ${inches(r.moved ?? r.distance)}`, r.destroyed || r.leavesTable ? 'bad' : 'final');
}

/** 9A spacing: each pair too close, ringed, with a line between them labelled with the gap. */
export function drawSpacing(out, r, req) {
  const centre = (id) => {
    const u = unitInfo(req, id);
    if (u && isPose(u)) return [u.x, u.y];
    const poly = arr(arr(req.terrain).find((x) => x?.id === id)?.polygon);
    return poly.length ? [poly.reduce((a, p) => a + p[0], 0) / poly.length, poly.reduce((a, p) => a + p[1], 0) / poly.length] : null;
  };
  const ringed = new Set();
  for (const v of arr(r.violations)) {
    const ids = arr(v.objects);
    for (const id of ids) if (!ringed.has(id)) { ringed.add(id); ringObject(out, req, id, BAD); }
    const [a, b] = ids.map(centre);
    if (a && b) out.mark({ type: 'line', from: a, to: b, color: BAD, dashed: true, label: `${inches(v.distance)} (more than ${inches(v.limit)} asked)` });
  }
  for (const pair of arr(r.engaged)) {
    const [a, b] = arr(pair).map(centre);
    if (a && b) out.mark({ type: 'line', from: a, to: b, color: GOOD, label: 'in combat' });
  }
}

/** 9A spacing's verdict: each pair too close, with their gap; else kept. */
export function spacingVerdict(r) {
  const v = arr(r.violations);
  const list = v.map((x) => `${arr(x.objects).join(' and ')} ${inches(x.distance)} apart`);
  return { text: v.length ? `Unit Spacing (${r.moment ?? 'normal'}) broken ${plural(v.length, 'time')}: ${list.join('; ')}${r.truncated ? ' (list truncated)' : ''}.` : `Unit Spacing (${r.moment ?? 'normal'}) is kept.`, kind: v.length ? 'illegal' : 'legal' };
}

// Maximising Contact's priorities as 9A-CH-4 applies them to a combined charge (orderChoice.decidedOn)
const ORDER_PRIORITY = { 1: ['otherEnemies', 'other enemy units touched'], 2: ['chargersInContact', 'chargers in contact'], 3: ['targetRotations', 'target rotations'], 4: ['models', 'models in base contact'] };

/** Why a combined charge moved in its order (orderChoice, 9A-CH-4), in words. */
export function orderChoiceText(oc, asked = []) {
  if (!oc || typeof oc !== 'object') return '';
  const p = ORDER_PRIORITY[oc.decidedOn];
  const req = oc.requestOrder ?? {};
  const named = asked.length ? ` (${asked.join(', ')})` : '';
  if (p) return `it beats the request order${named} on Maximising Contact priority ${oc.decidedOn}, ${p[1]}: ${oc[p[0]]} against ${req[p[0]]}`;
  return oc.searched ? `every order was tried and none did better than the request order${named}, so it moved` : 'the chargers moved in the request order';
}

/** The totals Maximising Contact compared for a combined charge's order (orderChoice). */
export const orderTotals = (oc) => `${plural(oc.chargersInContact ?? 0, 'charger')} in contact, ${plural(oc.otherEnemies ?? 0, 'other enemy', 'other enemies')} touched, ${plural(oc.targetRotations ?? 0, 'target rotation')}, ${plural(oc.models ?? 0, 'model')} in base contact`;

// The targets a pursuer could charge when its pivot met two enemies and none was named (9A-PV-E):
// each with what the pursuer would do then; a tap on another names it as the pursuer's `target`
// (`onChoice(pursuer, target)`: ninth-age.js asks the pursuers' rows again with it).
export function targetChoices(r, onChoice) {
  const cs = arr(r.choices).filter((c) => c.choice === 'target');
  if (!cs.length) return [];
  const ul = el('ul', undefined, 'choices');
  for (const c of cs) {
    const li = el('li');
    li.append(el('span', `${c.pursuer}'s pivot met ${plural(arr(c.options).length, 'enemy', 'enemies')}; it may charge either (now: ${c.default}): `));
    arr(c.options).forEach((o, k) => {
      if (k) li.append(el('span', '; '));
      const does = o.outcome === 'charge' && o.charges ? `charges ${o.charges}${o.charges === o.value ? '' : ` (${o.value} has no room)`}` : `${o.outcome}${o.charges ? '' : ` (${o.value} has no room)`}`;
      const text = `${o.value} → ${does}${isPose(o.final) ? `, ends ${poseRounded(o.final)}` : ''}`;
      if (onChoice && o.value !== c.default) {
        const b = el('button', text, 'link choice');
        b.type = 'button';
        b.addEventListener('click', () => onChoice(c.pursuer, o.value));
        li.append(b);
      } else li.append(el('span', text, 'option'));
    });
    ul.append(li);
  }
  return [el('h3', 'Choices left open (drawn faintly; choose one to apply it)'), ul];
}
