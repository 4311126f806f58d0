// What The Ninth Age's page draws and says only for the questions no first view asks (docs/page.md
// "How a rule set plugs in", `needs`): a pursuit's, a flee's and Unit Spacing's drawings and verdicts,
// a combined charge's order, a pursuer's choice of target and a Failed Charge Move. ninth-age.js
// fetches it when a question needs it, before that answer is drawn, so a first visit does not
// download it (docs/performance.md "Weight, twelfth round"). It imports none of ninth-age.js: in
// Node (the CLIs, the tests) that module loads it at once, and a cycle would never settle.
import { round, opt } from '../fields.js';
import { GOOD, BAD, PATH, WARN, isPose, isPluralName, n3, inches, degrees, poseRounded, poseText, plural, frameVector, rectCorners, unitInfo, el, arr, section } from '../draw.js';

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

// A flight (9A-FL-*): how far, whether the fleeing unit is lost, what it passed through; its verbs
// agree with its name ("Raiders flee", "A flees").
export function flightVerdict(r) {
  const name = r.unit ?? 'The unit', many = isPluralName(name);
  const end = r.destroyed ? `and ${many ? 'are' : 'is'} destroyed` : r.leavesTable ? `and ${many ? 'leave' : 'leaves'} the table` : `to ${poseRounded(r.final)}`;
  const through = arr(r.passedThrough).map((t) => `${t.object} (${String(t.test ?? t.kind ?? '').replace(/-/g, ' ')})`);
  return { text: `${name} ${many ? 'flee' : 'flees'} ${inches(r.moved ?? r.distance)} from ${r.from ?? 'the enemy'}${r.extended > 0 ? ` (${inches(r.extended)} beyond its roll, to end clear)` : ''} ${end}.${through.length ? ` Passes through ${through.join(', ')}.` : ''}`, kind: r.destroyed || r.leavesTable ? 'illegal' : 'answered' };
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

/**
 * Charger `id`'s Failed Charge Move (A-9A-4) `f` in amber (`u`: the charger, `start` where it
 * stood, `name` as the board names it): the wheel's arc toward the target's centre about the
 * pivot, the straight part, a dashed ghost where it ends labelled "failed charge", ✕ where
 * something stopped it. `arcs`: ninth-age.js's `wheelPoses` and `arcAbout`, which a completed
 * charge is drawn with too.
 */
export function drawFailed(out, f, u, id, name, start, { wheelPoses, arcAbout }) {
    const w = f.wheel ?? {}, path = arr(f.path).filter(isPose);
    const from = path[0] ?? start;
    const arc = wheelPoses(from, w.pivot, w.angle);
    const poses = [from, ...arc, ...path.slice(arc.length ? 2 : 1)];
    out.overlay.push({ type: 'path', points: poses.map((p) => [p.x, p.y]), color: WARN, dashed: true });
    out.tracks.push({ kind: 'poses', steps: poses, w: u.w, d: u.d, color: out.colour(id), label: name });
    if (Number.isFinite(w.angle) && Math.abs(w.angle) > 1e-9 && Array.isArray(w.pivot)) {
      // the outer front corner's arc: the distance the wheel counts (A-9A-4 b)
      const k = rectCorners(from.x, from.y, from.facing ?? 0, u.w, u.d);
      const outer = w.corner === 'front-left' ? k[1] : k[0];
      out.overlay.push({ type: 'path', points: [outer, ...arcAbout(w.pivot, outer, w.angle)], color: WARN });
      out.mark({ type: 'mark', shape: 'pivot', x: w.pivot[0], y: w.pivot[1], color: WARN, label: `wheel ${degrees(Math.abs(w.angle))}` });
    }
    const end = isPose(f.final) ? f.final : path.at(-1);
    const stop = f.blockedBy ?? w.blockedBy;
    if (isPose(end)) {
      out.ghost(id, end, `${name}: failed charge, ${inches(f.moved)}${stop ? ` (${stop})` : ''}`, 'failed');
      // ✕ where it stopped: the middle of its front for the straight part, the outer front corner for the wheel
      const k = rectCorners(end.x, end.y, end.facing ?? 0, u.w, u.d);
      const at = f.blockedBy ? [(k[0][0] + k[1][0]) / 2, (k[0][1] + k[1][1]) / 2] : w.blockedBy ? (w.corner === 'front-left' ? k[1] : k[0]) : null;
      if (at) out.mark({ type: 'mark', shape: 'x', x: at[0], y: at[1], color: BAD });
    }
}

/** A Failed Charge Move (A-9A-4) in words, its figures `fig` (ninth-age.js's exact or measured): how far, the wheel, where it stops and what stopped it. */
export function failedText(f, fig) {
  const w = f.wheel ?? {}, turn = Math.abs(w.angle ?? 0);
  const wheel = turn > 1e-9 ? `wheels ${fig.deg(turn)} ${w.facesTarget ? 'to face the target’s centre' : 'toward the target’s centre'}${w.blockedBy ? ` until stopped by ${w.blockedBy}` : ''}` : '';
  const straight = Number.isFinite(f.straight) && f.straight > 1e-9 ? `${fig.len(f.straight)} straight` : '';
  const how = [wheel, straight].filter(Boolean).join(', then ');
  const stop = f.blockedBy ? `, stopped ${fig.exact ? '0.001″ short of' : 'against'} ${f.blockedBy}` : w.blockedBy ? '' : ', nothing in the way';
  return `Failed Charge Move (highest D6 ${f.distance}): moves ${fig.len(f.moved)}${how ? ` (${how})` : ''}, ends at ${fig.pose(f.final)}${stop}; Shaken, no longer Charging`;
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

/**
 * A flee made (make-move.js `made`: its request, result and the document it left) of the unit a
 * pursuit waits for (the pursuit after a charge: ninth-age-charge.js): the pursuit takes the flee's
 * roll and direction and keeps them (flee and pursuit are rolled together, 9A-DST-1: a pursuit roll
 * of at least the flee's still destroys the unit), and the question becomes that pursuit.
 */
export function fleeMade({ request, result, doc }) {
  const p = doc.inputs.pursue;
  if (p?.pursuedUnit !== request.unit || !doc.units.some((u) => u.id === request.unit)) return;
  Object.assign(p, { fleeDistance: request.distance, fleeFacing: round(result.final.facing), fleeMade: true, fleesFrom: '' });
  doc.query = 'pursue';
}

// A pursuit's drawing and words (9A-PU-1, 9A-DST-1), fetched with its first answer: a first view
// asks none. `k`: what ninth-age.js shares (facingName, does, verbOf, is, and the charged
// edge of ninth-age-charge.js, fetched before a pursuer's charge is drawn).
export function drawPursue(out, r, req, k) {
  const pursued = req.pursued ?? {};
  const fled = unitInfo(req, pursued.unit), facing = pursued.facing ?? r.flee?.facing;
  // a flee made first (pursued.fleesFrom) drawn as a flee is; else where the request put the unit
  if (r.flee?.made) drawFlee(out, { ...r.flee, unit: pursued.unit }, req);
  else if (fled && isPose(fled) && Number.isFinite(facing)) {
    const [vx, vy] = frameVector(facing, 'forward'), len = Math.max(3, fled.d + 2);
    out.mark({ type: 'line', from: [fled.x, fled.y], to: [fled.x + vx * len, fled.y + vy * len], color: WARN, arrow: true, dashed: true, label: Number.isFinite(pursued.fleeDistance) ? `fled ${inches(pursued.fleeDistance)} to here` : 'fled to here' }); // the request places it after its flee; the arrow is its facing
  }
  if (r.fleeingDestroyed && fled) out.gone(pursued.unit, 'destroyed');
  for (const p of arr(r.pursuers)) {
    const u = unitInfo(req, p.unit);
    const fa = p.forwardAhead;
    if (fa && arr(fa.rectangle).length === 4) {
      const rect = fa.rectangle;
      out.overlay.push({ type: 'polygon', points: rect, fill: 'rgba(242,193,78,0.22)', color: WARN, dashed: true, width: 2 });
      const ob = fa.firstObstacle ?? {};
      if (Number.isFinite(ob.distance)) {
        const len = Math.hypot(rect[3][0] - rect[0][0], rect[3][1] - rect[0][1]) || 1;
        const ux = (rect[3][0] - rect[0][0]) / len, uy = (rect[3][1] - rect[0][1]) / len;
        const a = [rect[1][0] + ux * ob.distance, rect[1][1] + uy * ob.distance], b = [rect[0][0] + ux * ob.distance, rect[0][1] + uy * ob.distance];
        out.mark({ type: 'line', from: a, to: b, color: BAD, width: 4, label: `first obstacle: ${ob.object ?? ob.kind} at ${inches(ob.distance)}` });
      }
    }
    if (p.situation?.object) out.ring(p.situation.object, WARN, `after the pivot: ${p.situation.kind}`);
    if (p.charge?.target) k.chargedEdge(out, req, p.charge.target, p.charge.facing, `charged in the ${k.facingName(p.charge.facing)}`, p.charge.rotatesTarget ? p.charge.targetFinal : undefined);
    // the pursuer could not align, so the charged unit turned about the contact point instead (9A-CH-2)
    if (p.charge?.rotatesTarget && isPose(p.charge.targetFinal)) out.ghost(p.charge.target, p.charge.targetFinal, `${p.charge.target}: turned`, 'moved');
    if (isPose(p.pivot) && Math.abs(p.pivot.angle ?? 0) > 1e-9 && u) {
      out.ghost(p.unit, p.pivot);
      // the turn about the centre, drawn where it shows: from the old front to the new one
      const s0 = isPose(p.start) ? p.start : u, reach = u.d / 2 + 0.8;
      const [ax, ay] = frameVector(s0.facing ?? 0, 'forward'), [bx, by] = frameVector(p.pivot.facing, 'forward');
      out.mark({ type: 'line', from: [s0.x + ax * reach, s0.y + ay * reach], to: [p.pivot.x + bx * reach, p.pivot.y + by * reach], color: PATH, arrow: true, label: `pivot ${degrees(p.pivot.angle)}` });
    }
    const path = arr(p.path).filter(isPose);
    if (p.backtracked && isPose(p.backtrack?.from)) {
      out.ghost(p.unit, p.backtrack.from, `planned end: ${p.backtrack.reason ?? 'illegal'}`, 'bad');
      if (isPose(p.final)) out.mark({ type: 'line', from: [p.backtrack.from.x, p.backtrack.from.y], to: [p.final.x, p.final.y], color: BAD, arrow: true, label: 'backtrack' });
    }
    if (u) out.poseTrack(p.unit, path.length ? path : [p.final], p.unit, !path.length);
    if (isPose(p.final)) out.ghost(p.unit, p.final, `${p.unit}: ${{ charge: 'charges', free: 'ends', obstruction: 'stops', 'table-edge': 'at the edge' }[p.outcome] ?? 'ends'}`, 'final');
    // the other enemies its pivot met, which the player may have it charge instead (9A-PV-E), and
    // where it would end then, faintly (named in the ruling's choices)
    for (const c of arr(r.choices).filter((x) => x.pursuer === p.unit)) {
      for (const o of arr(c.options).filter((x) => x.value !== c.default)) {
        out.ring(o.value, WARN, `${p.unit} may charge this instead`);
        if (isPose(o.final) && !(isPose(p.final) && samePose(o.final, p.final))) out.ghost(p.unit, o.final, undefined, 'option');
      }
    }
  }
}

// A pursuit: what became of the fleeing unit first (9A-DST-1: the other player's question), with the
// dice that decided it (a landscape phone's play bar has no room to say them), then each pursuer.
export function pursuitVerdict(r, request, k) {
  const fled = request?.pursued?.unit ?? 'The fleeing unit';
  const rolls = arr(request?.pursuers).map((p) => p?.distance).filter(Number.isFinite), flee = request?.pursued?.fleeDistance;
  const dice = rolls.length && Number.isFinite(flee) ? ` (${rolls.length > 1 ? 'best ' : ''}pursuit ${Math.max(...rolls)} against flee ${flee})` : '';
  // a unit still touching its pursuer has not fled: the pursuit is asked of where its flee ends
  const met = arr(r.pursuers).find((p) => p.reasons?.some((x) => x.code === 'no_legal_position' && x.unit === fled));
  if (met) return { text: `${fled} still ${isPluralName(fled) ? 'touch' : 'touches'} ${met.unit}: make ${fled} flee first (Flee, on the board’s bar); the pursuit then keeps the flee’s roll.`, kind: 'illegal' };
  const fate = r.fleeingDestroyed ? `${fled} ${k.is(fled)} caught and destroyed${dice}. ` : r.fleeingDestroyed === false && !r.flee?.leavesTable ? `${k.does(fled, 'escapes')}${dice}. ` : '';
  const flight = r.flee?.made ? `${flightVerdict({ ...r.flee, unit: fled }).text} ` : '';
  return { text: `${fate}${flight}${arr(r.pursuers).map((p) => pursuerSays(p, k)).join('. ')}.`, kind: 'answered' };
}

// A pursuer's move in a player's words, its verbs agreeing with its name ("A pursues", "Spearmen
// pursue"), figures rounded as measured at the table.
function pursuerSays(p, k) {
  const v = (verb) => k.verbOf(p.unit, verb);
  const turn = isPose(p.pivot) && Math.abs(p.pivot.angle ?? 0) >= 0.5 ? `${v('pivots')} ${degrees(Math.abs(p.pivot.angle))} ${p.pivot.angle > 0 ? 'clockwise' : 'anticlockwise'} and ` : '';
  const verb = v(p.overrun ? 'overruns' : 'pursues');
  const stuck = p.reasons?.find((r) => r.code === 'no_legal_position');
  if (stuck) return `${p.unit} ${v('finds')} no legal pivot or move and ${v('stays')} where ${isPluralName(p.unit) ? 'they' : 'it'} stood${stuck.unit ? `, still touching ${stuck.unit}` : ''}`;
  const how = Number.isFinite(p.moved) ? ` ${inches(p.moved)}${turn ? '' : ' straight on'}` : '';
  const stopObj = p.forwardAhead?.firstObstacle?.object ?? p.situation?.object;
  const end = p.outcome === 'charge' && p.charge ? ` into the ${k.facingName(p.charge.facing)} of ${p.charge.target}`
    : p.outcome === 'table-edge' ? ' to the table edge'
      : p.outcome === 'obstruction' ? ` and ${v('stops')}${stopObj ? ` against ${stopObj}` : ' at an obstruction'}`
        : ` and ${v('stops')} in the open${p.spacing?.nearest ? `, ${inches(p.spacing.nearest.gap)} from ${p.spacing.nearest.object}` : ''}`;
  const back = p.backtracked ? `, stepping back to a legal position${p.backtrack?.object ? ` clear of ${p.backtrack.object}` : ''}` : '';
  return `${p.unit} ${turn}${verb}${how}${end}${back}`;
}

export function pursuerText(p, k) {
  const bits = [`${p.unit} (roll ${p.distance}″${p.overrun ? ', Overrun' : ''})`];
  if (p.destroysFleeing) bits.push('destroys the fleeing unit');
  if (p.declaredCharge) bits.push('declared a charge');
  if (isPose(p.pivot)) bits.push(`pivots ${n3(p.pivot.angle ?? 0)}°`);
  if (p.situation) bits.push(`then ${p.situation.kind}${p.situation.object ? ` (${p.situation.object})` : ''} [${p.situation.rule}]`);
  const ob = p.forwardAhead?.firstObstacle;
  if (ob) bits.push(`Forward Ahead: ${ob.kind === 'none' ? 'nothing ahead' : `${ob.object ?? ob.kind} at ${n3(ob.distance)}″`} [${ob.rule}]`);
  bits.push(`outcome ${p.outcome} [${p.rule}]`);
  if (p.charge) bits.push(`charges ${p.charge.target} in the ${k.facingName(p.charge.facing)}${p.charge.cornerToCorner ? ' corner to corner' : ''}`);
  if (Number.isFinite(p.moved)) bits.push(`moves ${n3(p.moved)}″`);
  if (p.postCombatPivot) bits.push('Post-combat Pivot');
  if (p.backtracked) bits.push(`backtracked (${p.backtrack?.reason ?? ''}${p.backtrack?.object ? `: ${p.backtrack.object}` : ''})`);
  bits.push(`ends ${poseText(p.final)}`);
  if (p.spacing) bits.push(`end position ${p.spacing.legal ? 'legal' : 'not legal'}${p.spacing.nearest ? `, nearest ${p.spacing.nearest.object} ${n3(p.spacing.nearest.gap)}″ away` : ''}`);
  return bits.join('; ');
}


/** Two poses at the same place (to a millionth of an inch) and facing. */
const samePose = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 1e-6 && (a.facing ?? 0) === (b.facing ?? 0);

// The pursuers' rows with `pursuer`'s target named `target` (a choice of 9A-PV-E taken).
const targetRows = (request, pursuer, target) => arr(request.pursuers).map((x) => opt({ unit: x.unit, distance: x.distance, overrun: x.overrun === true }, 'target', x.unit === pursuer ? target : x.target));

/** The details' list of pursuers, and the choices of target their ruling left open (`opts.onChoice` takes one). */
export function pursuitSections(r, request, opts, k) {
  return [...section('Pursuers, in the order they move', arr(r.pursuers), (p) => el('li', pursuerText(p, k)), true), ...arr(targetChoices(r, opts.onChoice && ((pursuer, target) => opts.onChoice('pursuers', targetRows(request, pursuer, target)))))];
}

// in play a tap on an enemy ringed "may charge this instead" charges it (the ruling's choice, as
// its button in the details list does: a phone in Play shows the board and the verdict, not the list)
export function tapChoice(result, request, id) {
  const c = arr(result?.choices).find((x) => x.choice === 'target' && x.default !== id && arr(x.options).some((o) => o.value === id));
  return c ? ['pursuers', targetRows(request, c.pursuer, id)] : null;
}

/** Whether unit `id` of the request ends its move elsewhere than it stands, or turned. */
const moves = (request, id, pose) => {
  const u = arr(request.units).find((x) => x?.id === id);
  return !u || !samePose(pose, u);
};
/** Whether Make this move makes the pursuit (one whose pursuers all stay where they stood makes nothing: "Pursuit made" moved no unit). */
export const canPursue = (request, result) => arr(result?.pursuers).some((p) => isPose(p.final) && moves(request, p.unit, p.final)) || (!!(result?.fleeingDestroyed || result?.flee?.made) && typeof request.pursued?.unit === 'string');

/** A pursuit made (make-move.js): every pursuer to its end (with a target it turned), a fleeing unit it destroyed off the table (9A-DST-1), a flee made first moved or removed. */
export function applyPursuit(request, result, byId, moveTo, remove) {
  const f = result.flee, id = request.pursued?.unit;
  if (f?.made) (f.destroyed ? remove(id) : moveTo(byId(id), f.final));
  for (const p of arr(result.pursuers)) {
    moveTo(byId(p.unit), p.final);
    if (p.charge?.rotatesTarget && !p.charge.undone) moveTo(byId(p.charge.target), p.charge.targetFinal);
  }
  if (result.fleeingDestroyed && typeof request.pursued?.unit === 'string') remove(request.pursued.unit);
}
