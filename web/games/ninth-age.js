// The Ninth Age on the page (docs/api/ninth-age.md): its model entry (units from bases, ranks and
// files; pursue, charge, flee and spacing), terrain colours, drawers, verdicts and result text.
import { SIDE_COLOURS, num, round, opt, unitField, arr, blankNum, freeUnit } from '../fields.js';
import { BAD, PATH, WARN, isPose, isPluralName, n3, inches, degrees, poseRounded, plural, rad, frameVector, unitInfo, el, poseText, section, codeWords } from '../draw.js';
import { lateTablePlay } from '../play-table-late.js';
import { initPlayRolls } from '../play-rolls.js';
import { paintTable, tablePainting } from '../board-table.js';
import { loadOnce } from '../panels.js';

// What only the questions no first view asks draw and say (ninth-age-later.js: a flee, Unit
// Spacing, a combined charge's order, a pursuer's choice of target, a Failed Charge Move, which
// only a rolled charge has), fetched the first time an answer needs it (`needs`, which app.js
// awaits with the engine's answer); `later.ready` is the module once it has come.
const later = loadOnce(() => import('./ninth-age-later.js'));
/** Whether an answer to `request` (and, once answered, `result`) is drawn or said with ninth-age-later.js. */
const wantsLater = (request, result) => request?.query === 'flee' || request?.query === 'spacing' || arr(request?.combined).length > 0
  || Number.isFinite(request?.highestDie) || arr(result?.choices).length > 0 || !!result?.orderChoice || !!result?.failedChargeMove || !!result?.flee?.made;
// outside the page (the CLIs, the tests in Node), with the module at once, as games/index.js loads every game
if (typeof MOVECALC_PAGE === 'undefined') await later.get();
// The charges' drawing, words and drag (ninth-age-charge.js), fetched at the first charge asked
// (`needs`) or the first finger, key or charge in play on the board (play-table-late.js): a first
// view is a pursuit. Given what this module shares with it once this module has run.
const charge = loadOnce(() => import('./ninth-age-charge.js').then((m) => m.chargeCode({ later, facingName, does, MEASURED, EXACT, advanceOf, rolledDice })));
/**
 * Whether an answer to `request` (and, once answered, `result`) is drawn or said with
 * ninth-age-charge.js (a pursuer that charges too: its charged edge).
 */
const wantsCharge = (request, result) => request?.query === 'charge' || typeof result?.possible === 'boolean' || arr(result?.pursuers).some((p) => p?.charge?.target);

// Ninth Age base sizes (front width × side length, mm) of A-9A-1 (docs/rules/ninth-age.md).
const T9A_BASES = ['20x20', '25x25', '40x40', '50x50', '25x50', '50x100'];
// One charger of a Ninth Age charge: its range, and its highest D6 only with a range (docs/api/ninth-age.md).
const chargerJSON = (c) => opt(opt({ charger: c.charger }, 'range', blankNum(c.range) ? undefined : num(c.range)), 'highestDie', blankNum(c.range) || blankNum(c.highestDie) ? undefined : num(c.highestDie));
const chargerInputs = (c) => ({ charger: c?.charger ?? '', range: c?.range ?? '', highestDie: c?.highestDie ?? '' });

function drawPursue(out, r, req) {
  const pursued = req.pursued ?? {};
  const fled = unitInfo(req, pursued.unit), facing = pursued.facing ?? r.flee?.facing;
  // a flee made first (pursued.fleesFrom) drawn as a flee is; else where the request put the unit
  if (r.flee?.made) later.ready?.drawFlee(out, { ...r.flee, unit: pursued.unit }, req);
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
    if (p.charge?.target) charge.ready?.chargedEdge(out, req, p.charge.target, p.charge.facing, `charged in the ${facingName(p.charge.facing)}`, p.charge.rotatesTarget ? p.charge.targetFinal : undefined);
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

/** The name and its verb, given in the singular ("charges", "flees", "pivots"): the plural drops the s. */
const verbOf = (name, verb) => (isPluralName(name) ? verb.replace(/s$/, '') : verb);
const does = (name, verb) => `${name} ${verbOf(name, verb)}`;
const is = (name) => (isPluralName(name) ? 'are' : 'is');
/** A facing as the rules name it: the front, a flank, the rear. */
const facingName = (f) => (f === 'left' || f === 'right' ? `${f} flank` : f ?? '?');

// Figures in a verdict as a player measures them (inches to 0.1, degrees to 1); in the lists below it, exact.
const MEASURED = { len: inches, deg: degrees, pose: poseRounded };
const EXACT = { len: (v) => `${n3(v)}″`, deg: (v) => `${n3(v)}°`, pose: poseText, exact: true };

// A pursuit: what became of the fleeing unit first (9A-DST-1: the other player's question), with the
// dice that decided it (a landscape phone's play bar has no room to say them), then each pursuer.
function pursuitVerdict(r, request) {
  const fled = request?.pursued?.unit ?? 'The fleeing unit';
  const rolls = arr(request?.pursuers).map((p) => p?.distance).filter(Number.isFinite), flee = request?.pursued?.fleeDistance;
  const dice = rolls.length && Number.isFinite(flee) ? ` (${rolls.length > 1 ? 'best ' : ''}pursuit ${Math.max(...rolls)} against flee ${flee})` : '';
  // a unit still touching its pursuer has not fled: the pursuit is asked of where its flee ends
  const met = arr(r.pursuers).find((p) => p.reasons?.some((x) => x.code === 'no_legal_position' && x.unit === fled));
  if (met) return { text: `${fled} still ${isPluralName(fled) ? 'touch' : 'touches'} ${met.unit}: make ${fled} flee first (Flee, on the board’s bar); the pursuit then keeps the flee’s roll.`, kind: 'illegal' };
  const fate = r.fleeingDestroyed ? `${fled} ${is(fled)} caught and destroyed${dice}. ` : r.fleeingDestroyed === false && !r.flee?.leavesTable ? `${does(fled, 'escapes')}${dice}. ` : '';
  const flight = r.flee?.made ? `${later.ready?.flightVerdict({ ...r.flee, unit: fled }).text ?? ''} ` : '';
  return { text: `${fate}${flight}${arr(r.pursuers).map(pursuerSays).join('. ')}.`, kind: 'answered' };
}

// A pursuer's move in a player's words, its verbs agreeing with its name ("A pursues", "Spearmen
// pursue"), figures rounded as measured at the table.
function pursuerSays(p) {
  const v = (verb) => verbOf(p.unit, verb);
  const turn = isPose(p.pivot) && Math.abs(p.pivot.angle ?? 0) >= 0.5 ? `${v('pivots')} ${degrees(Math.abs(p.pivot.angle))} ${p.pivot.angle > 0 ? 'clockwise' : 'anticlockwise'} and ` : '';
  const verb = v(p.overrun ? 'overruns' : 'pursues');
  const stuck = p.reasons?.find((r) => r.code === 'no_legal_position');
  if (stuck) return `${p.unit} ${v('finds')} no legal pivot or move and ${v('stays')} where ${isPluralName(p.unit) ? 'they' : 'it'} stood${stuck.unit ? `, still touching ${stuck.unit}` : ''}`;
  const how = Number.isFinite(p.moved) ? ` ${inches(p.moved)}${turn ? '' : ' straight on'}` : '';
  const stopObj = p.forwardAhead?.firstObstacle?.object ?? p.situation?.object;
  const end = p.outcome === 'charge' && p.charge ? ` into the ${facingName(p.charge.facing)} of ${p.charge.target}`
    : p.outcome === 'table-edge' ? ' to the table edge'
      : p.outcome === 'obstruction' ? ` and ${v('stops')}${stopObj ? ` against ${stopObj}` : ' at an obstruction'}`
        : ` and ${v('stops')} in the open${p.spacing?.nearest ? `, ${inches(p.spacing.nearest.gap)} from ${p.spacing.nearest.object}` : ''}`;
  const back = p.backtracked ? `, stepping back to a legal position${p.backtrack?.object ? ` clear of ${p.backtrack.object}` : ''}` : '';
  return `${p.unit} ${turn}${verb}${how}${end}${back}`;
}

/** Two poses at the same place (to a millionth of an inch) and facing. */
const samePose = (a, b) => Math.hypot(a.x - b.x, a.y - b.y) < 1e-6 && (a.facing ?? 0) === (b.facing ?? 0);

function pursuerText(p) {
  const bits = [`${p.unit} (roll ${p.distance}″${p.overrun ? ', Overrun' : ''})`];
  if (p.destroysFleeing) bits.push('destroys the fleeing unit');
  if (p.declaredCharge) bits.push('declared a charge');
  if (isPose(p.pivot)) bits.push(`pivots ${n3(p.pivot.angle ?? 0)}°`);
  if (p.situation) bits.push(`then ${p.situation.kind}${p.situation.object ? ` (${p.situation.object})` : ''} [${p.situation.rule}]`);
  const ob = p.forwardAhead?.firstObstacle;
  if (ob) bits.push(`Forward Ahead: ${ob.kind === 'none' ? 'nothing ahead' : `${ob.object ?? ob.kind} at ${n3(ob.distance)}″`} [${ob.rule}]`);
  bits.push(`outcome ${p.outcome} [${p.rule}]`);
  if (p.charge) bits.push(`charges ${p.charge.target} in the ${facingName(p.charge.facing)}${p.charge.cornerToCorner ? ' corner to corner' : ''}`);
  if (Number.isFinite(p.moved)) bits.push(`moves ${n3(p.moved)}″`);
  if (p.postCombatPivot) bits.push('Post-combat Pivot');
  if (p.backtracked) bits.push(`backtracked (${p.backtrack?.reason ?? ''}${p.backtrack?.object ? `: ${p.backtrack.object}` : ''})`);
  bits.push(`ends ${poseText(p.final)}`);
  if (p.spacing) bits.push(`end position ${p.spacing.legal ? 'legal' : 'not legal'}${p.spacing.nearest ? `, nearest ${p.spacing.nearest.object} ${n3(p.spacing.nearest.gap)}″ away` : ''}`);
  return bits.join('; ');
}


// the marks of this game's drawings, for the legend beside the board (draw.js MARKS has the shared ones)
const OWN_MARKS = {
  fleeArrow: { swatch: 'line', color: WARN, dashed: true, text: 'the direction the enemy fled' },
  forwardAhead: { swatch: 'fill', color: 'rgba(242,193,78,0.22)', border: WARN, dashed: true, text: 'the Forward Ahead strip; a red bar at the first thing in it' },
  warnRing: { swatch: 'outline', color: WARN, text: 'what the unit fled from, passed through, or met after its pivot' },
  breach: { swatch: 'line', color: BAD, dashed: true, text: 'two objects too close, with their gap' },
  charged: { swatch: 'line', color: BAD, thick: true, text: 'the facing of the target the charge contacts' },
  failed: { swatch: 'outline', color: WARN, dashed: true, fill: 'rgba(242,193,78,0.30)', text: 'a Failed Charge Move: where it ends (amber)' },
};
drawPursue.marks = ['unit', OWN_MARKS.fleeArrow, 'gone', 'pivot', OWN_MARKS.forwardAhead, OWN_MARKS.warnRing, OWN_MARKS.charged, 'path', 'ghost', 'final', 'stops', 'option'];
// a charge drawn by ninth-age-charge.js (fetched before its first answer is drawn: `needs`)
const drawCharge = (out, r, req) => charge.ready?.drawCharge(out, r, req);
drawCharge.marks = ['unit', 'path', 'pivot', 'final', OWN_MARKS.charged, 'stops', 'option', OWN_MARKS.failed, 'collision'];
// a flee and Unit Spacing drawn by ninth-age-later.js (fetched before their first answer is drawn: `needs`)
const drawFlee = (out, r, req) => later.ready?.drawFlee(out, r, req);
const drawSpacing = (out, r, req) => later.ready?.drawSpacing(out, r, req);
drawFlee.marks = ['unit', OWN_MARKS.warnRing, 'path', 'ghost', 'final', 'gone', 'stops'];
drawSpacing.marks = ['unit', OWN_MARKS.breach, { swatch: 'line', color: '#1e6b3c', text: 'units in the same combat' }];

const game = {
  mmPerUnit: () => 25.4,
  unitFields: [
    { key: 'shape', label: 'Size from', kind: 'select', options: [['bases', 'bases, ranks and files'], ['custom', 'width × depth']] },
    { key: 'baseSize', label: 'Base (mm, width × length)', kind: 'select', options: T9A_BASES.map((b) => [b, b.replace('x', ' × ')]), when: (u) => u.shape !== 'custom' },
    { key: 'files', label: 'Files (models per rank)', kind: 'number', min: 1, step: 1, when: (u) => u.shape !== 'custom' },
    { key: 'ranks', label: 'Ranks', kind: 'number', min: 1, step: 1, when: (u) => u.shape !== 'custom' },
    { key: 'width', label: 'Width', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.shape === 'custom' },
    { key: 'depth', label: 'Depth', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.shape === 'custom' },
    // the page's ruler in play measures an Advance Move against it (the engine rules no Advance Move: not sent)
    { key: 'advance', label: 'Advance Rate (″)', kind: 'number', min: 0, step: 1 },
    { key: 'fled', label: 'Fled from this combat', kind: 'check' },
    { key: 'sameCombat', label: 'Fought in this combat', kind: 'check' },
  ],
  newUnit: () => ({ shape: 'bases', baseSize: '25x25', files: 5, ranks: 4, width: 5, depth: 4, advance: 4, fled: false, sameCombat: false }),
  paintTable,
  tablePainting, // its units' and answers' painting (board-table.js, as paintTable)
  size(u) {
    if (u.shape === 'custom') return [num(u.width, 1), num(u.depth, 1)];
    const [w, l] = String(u.baseSize).split('x').map(Number);
    return [round(num(u.files, 1) * w / 25.4), round(num(u.ranks, 1) * l / 25.4)];
  },
  unitJSON(u) {
    const [width, depth] = this.size(u);
    const o = Object.assign(freeUnit(u), { width, depth });
    if (u.fled) o.fled = true;
    if (u.sameCombat) o.sameCombat = true;
    return o;
  },
  queries: {
    pursue: {
      fields: [unitField('pursuedUnit', 'Pursued unit (optional)', true),
        unitField('fleesFrom', 'Flees first from (blank: it has fled)', true),
        { key: 'fleeFacing', label: 'Flee direction (° if it has fled)', kind: 'number', min: 0, max: 359.999, step: 1 },
        { key: 'fleeDistance', label: 'Flee distance', kind: 'number', min: 0, step: 1 },
        { key: 'pursuers', label: 'Pursuers', kind: 'rows', title: 'Pursuers',
          adders: (d) => [['Add pursuer', { unit: d.units[0]?.id ?? '', distance: '', overrun: false }]],
          // the enemy it charges when its pivot met two (9A-PV-E): shown once one was picked from
          // the ruling's choices, and blanked to let the rules take the first again
          row: (item) => [{ key: 'unit', label: 'Unit', kind: 'unit' }, { key: 'distance', label: 'Distance', kind: 'number', min: 0, step: 1 },
            { key: 'overrun', label: 'Overrun', kind: 'check' }, ...(item?.target ? [{ key: 'target', label: 'Charges', kind: 'unit' }] : [])],
          check: (v, p, c) => c.array(v, p, c.LIMITS.list).map((a, i) => {
            const pp = `${p}[${i}]`;
            c.obj(a, pp);
            return opt({ unit: c.unitRef(a.unit, `${pp}.unit`), distance: c.number(a.distance, `${pp}.distance`, { min: 0 }), overrun: a.overrun === true },
              'target', a.target === undefined ? undefined : c.unitRef(a.target, `${pp}.target`));
          }) }],
      build(i) {
        const pursued = opt(opt({}, 'unit', i.pursuedUnit), 'fleesFrom', i.fleesFrom || undefined);
        if (!i.fleesFrom) pursued.facing = num(i.fleeFacing);
        pursued.fleeDistance = num(i.fleeDistance);
        return { pursued, pursuers: (i.pursuers ?? []).map((p) => opt(opt({ unit: p.unit, distance: num(p.distance) }, 'overrun', p.overrun || undefined), 'target', p.target)) };
      },
      parse(req) {
        const p = req.pursued && typeof req.pursued === 'object' ? req.pursued : null;
        if (!p) return {};
        return { ...(p.unit !== undefined ? { pursuedUnit: p.unit } : {}), fleesFrom: p.fleesFrom ?? '', fleeFacing: p.facing, fleeDistance: p.fleeDistance,
          pursuers: arr(req.pursuers).map((x) => opt({ unit: x.unit, distance: x.distance, overrun: x.overrun === true }, 'target', x.target)) };
      },
    },
    // a charge (docs/api/ninth-age.md "charge"): its range and highest D6 (sent only with a
    // range), and further chargers of the same target (`combined`, 9A-CH-4), each with its own
    charge: {
      showWhole: true, // a new answer brings all of every charger's move into view (app.js)
      fields: [unitField('charger', 'Charger'), unitField('target', 'Target'), { key: 'range', label: 'Charge range (blank: any)', kind: 'number', min: 0, step: 'any', optional: true },
        { key: 'highestDie', label: 'Highest D6 rolled (blank: no Failed Charge Move)', kind: 'number', min: 1, max: 6, step: 1, optional: true },
        { key: 'combined', label: 'Combined chargers', kind: 'rows', optional: true, title: 'Combined chargers (same target)',
          adders: () => [['Add charger', { charger: '', range: '', highestDie: '' }]],
          row: () => [{ key: 'charger', label: 'Charger', kind: 'unit' }, { key: 'range', label: 'Range', kind: 'number', min: 0, step: 1, optional: true },
            { key: 'highestDie', label: 'Highest D6', kind: 'number', min: 1, max: 6, step: 1, optional: true }],
          // each a unit, and a range and highest D6 or blank
          check: (v, p, c) => c.array(v, p, c.LIMITS.list).map((x, i) => {
            const pp = `${p}[${i}]`;
            c.obj(x, pp);
            const blankOr = (y, q, o) => (y === '' || y === undefined ? '' : c.number(y, q, o));
            return { charger: c.unitRef(x.charger, `${pp}.charger`), range: blankOr(x.range, `${pp}.range`, { min: 0 }), highestDie: blankOr(x.highestDie, `${pp}.highestDie`, { min: 1, max: 6, integer: true }) };
          }) }],
      build(i) {
        const r = { charger: i.charger, target: i.target, ...chargerJSON(i) };
        const combined = arr(i.combined).map(chargerJSON);
        return combined.length ? { ...r, combined } : r;
      },
      parse: (req) => ({ ...chargerInputs(req), target: req.target, combined: arr(req.combined).map(chargerInputs) }),
    },
    flee: {
      showWhole: true, // where the unit ends in view (its middle was, and a flee of 7″ left its end off a phone's board)
      fields: [unitField('unit', 'Fleeing unit'), unitField('from', 'Fleeing from (blank: the closest enemy)', true), { key: 'distance', label: 'Flee distance', kind: 'number', min: 0.1, step: 1 }],
      build: (i) => opt({ unit: i.unit, distance: num(i.distance) }, 'from', i.from),
      parse: (req) => opt({ unit: req.unit, distance: req.distance }, 'from', req.from),
    },
    spacing: {
      fields: [{ key: 'moment', label: 'Moment', kind: 'select', options: [['normal', 'normal'], ['during-move', 'during a move'], ['after-uncontrolled', 'after an uncontrolled move']] },
        unitField('unit', 'Moving unit', true), unitField('target', 'Its charge target (after a charge)', true)],
      build(i) {
        if (!i.moment || i.moment === 'normal' || !i.unit) return {};
        const out = { moment: i.moment, unit: i.unit };
        if (i.moment === 'after-uncontrolled' && i.target && i.target !== i.unit) out.target = i.target;
        return out;
      },
      parse: (req) => opt(opt({ moment: req.moment ?? 'normal' }, 'unit', req.unit), 'target', req.target),
    },
  },
  defaults: () => ({
    table: { width: 72, height: 48 }, sides: [{ name: 'Kingdom', color: SIDE_COLOURS[1] }, { name: 'Warband', color: SIDE_COLOURS[0] }],
    units: [
      { id: 'Spearmen', side: 'Kingdom', x: 30, y: 14, facing: 0, shape: 'bases', baseSize: '25x25', files: 5, ranks: 4, width: 5, depth: 4, advance: 4, fled: false, sameCombat: false },
      { id: 'Knights', side: 'Kingdom', x: 42, y: 16, facing: 350, shape: 'bases', baseSize: '25x50', files: 4, ranks: 1, width: 4, depth: 2, advance: 8, fled: false, sameCombat: false },
      { id: 'Raiders', side: 'Warband', x: 31, y: 26, facing: 180, shape: 'bases', baseSize: '25x25', files: 5, ranks: 3, width: 5, depth: 3, advance: 5, fled: true, sameCombat: false },
    ],
    terrain: [{ id: 'crag', kind: 'impassable', polygon: [[50, 28], [57, 27], [59, 33], [52, 35]] }],
    query: 'pursue',
    inputs: {
      pursue: { pursuedUnit: 'Raiders', fleeFacing: 15, fleeDistance: 11, pursuers: [{ unit: 'Spearmen', distance: 10, overrun: false }] },
      charge: { charger: 'Knights', target: 'Raiders', range: '', highestDie: '', combined: [] }, flee: { unit: 'Raiders', from: 'Spearmen', distance: 7 }, spacing: { moment: 'normal' },
    },
  }),
  terrainColours: { impassable: '#4e342e' },
  /** A request's unit is entered as width × depth, with its flags. */
  unitFromRequest(u, out) { out.shape = 'custom'; out.fled = u.fled === true; out.sameCombat = u.sameCombat === true; },
  // the scalar fields of its answers listed under Result, in this order (results.js)
  factKeys: ['movementPoints', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'blocks', 'steps', 'spacing', 'truncated', 'fleeingDestroyed', 'facing', 'distance', 'traceDropped'],
  poseWords: poseRounded, // the Result's poses as measured at the table
  factNames: { fleeingDestroyed: 'fleeing unit destroyed', facing: 'facing charged' },
  factValue: (k, v) => (k === 'distance' ? inches(v) : k === 'facing' ? facingName(v) : undefined), // as measured at the table
  draw: { pursue: drawPursue, charge: drawCharge, flee: drawFlee, spacing: drawSpacing },
  verdict(q, r) {
    if (q === 'flee') return later.ready?.flightVerdict(r); // (a flee's answer waits for that module: wantsLater)
    if (q === 'spacing') return later.ready?.spacingVerdict(r);
    return undefined;
  },
  lateVerdict(q, r, request) {
    if (typeof r.possible === 'boolean') return charge.ready?.chargeVerdict(r, request);
    return q === 'pursue' ? pursuitVerdict(r, request) : undefined;
  },
  // what Make this move made, in the ruling's words (app.js): the charge, the pursuit, the flight
  madeWords(request, r) {
    if (typeof r.possible === 'boolean') return charge.ready?.madeWords(request, r) ?? null;
    const v = request.query === 'pursue' ? pursuitVerdict(r, request) : request.query === 'flee' ? later.ready?.flightVerdict(r) : null;
    return v ? { lead: request.query === 'pursue' ? 'Pursuit made' : 'Flight made', text: v.text.replace(/\.$/, '') } : null;
  },
  // a combined charge's top-level fields repeat its first charger's: the chargers' list says them
  severalMovers: (r) => arr(r.chargers).length > 1,
  endFacts(r, request, several) {
    return r.rotatesTarget && isPose(r.targetFinal) && !several ? [`${r.target ?? request.target ?? 'the target'} turned about the contact point (it could not be aligned to): ${poseRounded(r.targetFinal)}`] : [];
  },
  sections(r, request, opts = {}) {
    const parts = [...section('Pursuers, in the order they move', arr(r.pursuers), (p) => el('li', pursuerText(p)), true), ...arr(later.ready?.targetChoices(r, opts.onChoice && ((pursuer, target) => opts.onChoice('pursuers', targetRows(request, pursuer, target)))))];
    // a charge's chargers, its figures, a Failed Charge Move and a combined charge's order (ninth-age-charge.js)
    if (typeof r.possible === 'boolean') parts.push(...arr(charge.ready?.sections(r, request)));
    return parts;
  },
  moreReasons: (r) => arr(r.pursuers).flatMap((p) => arr(p.reasons)),
};
export default game;

/** Unit `id`'s Advance Rate in position `doc` (a page-only unit field: NaN where none is given). */
const advanceOf = (doc, id) => Number(doc.units.find((u) => u.id === id)?.advance);

/**
 * The two D6 the page rolled for a Charge Range (9A-CH-1), kept beside it (`dice` of the question's
 * inputs or of a row): while field `key` still holds Advance Rate `ar` plus them; else null (a range
 * typed in, or one opened from a request: nothing says what was rolled, and a unit opened so has a
 * made-up Advance Rate).
 */
export function rolledDice(into, key, ar) {
  const d = into?.dice;
  const ok = Array.isArray(d) && d.length === 2 && d.every((v) => Number.isInteger(v) && v >= 1 && v <= 6);
  return ok && ar >= 0 && Math.abs(ar + d[0] + d[1] - Number(into[key])) < 1e-9 ? d : null;
}

// The Charge Range a charger rolls: 2D6 plus its Advance Rate (9A-CH-1), and the higher die, the
// length of its Failed Charge Move should the range fall short (A-9A-4). A charger with no
// Advance Rate given gets no range: the verdict goes on asking for it.
const chargeRange = {
  roll(into, key, [a, b], d) {
    const ar = advanceOf(d, into.charger);
    if (!(ar >= 0)) return;
    into[key] = ar + a + b;
    into.highestDie = Math.max(a, b);
    into.dice = [Math.max(a, b), Math.min(a, b)]; // (the page's own: the request has the range and the highest)
  },
  // the dice and the range they give, on the play bar ("5 + 4 → Charge Range 17″")
  said(into, key, d) {
    // (with no Advance Rate the roll gives no range: the bar says why, the Roll button did nothing)
    if (into[key] === '' || into[key] === undefined) return into.charger && !(advanceOf(d, into.charger) >= 0) ? `Charge Range ? (${into.charger}: no Advance Rate, in Units)` : 'Charge Range ?';
    const dice = rolledDice(into, key, advanceOf(d, into.charger));
    return `${dice ? `${dice.join(' + ')} → ` : ''}Charge Range ${inches(Number(into[key]))}`;
  },
};
// In play, the fields that take a 2D6 roll get a Roll button.
// (a pursuit whose flee was made keeps that flee's roll: ninth-age-later.js fleeMade)
const fleeRoll = { roll(into, key, [a, b]) { if (!into.fleeMade) into[key] = a + b; } };
game.rolls = { charge: { range: chargeRange, 'combined.range': chargeRange }, pursue: { fleeDistance: fleeRoll, 'pursuers.distance': '2d6' }, flee: { distance: '2d6' } };

// Make this move: a charge's (ninth-age-charge.js, which every charge's answer waits for: until
// it has come, no charge is made); a pursuit moves every pursuer to its end (with a target it turned)
// and takes a fleeing unit it destroyed off the table (9A-DST-1); a flee that destroys the unit or
// takes it off the table removes it.
// a charge's question names its unit the charger
game.mover = (request) => request.unit ?? request.charger;
game.moverEnd = (request, result) => (request.query === 'charge' ? charge.ready?.chargeEnd(result ?? {}) ?? null : result?.final); // a charge's result is its charger's
// The pursuers' rows with `pursuer`'s target named `target` (a choice of 9A-PV-E taken).
const targetRows = (request, pursuer, target) => arr(request.pursuers).map((x) => opt({ unit: x.unit, distance: x.distance, overrun: x.overrun === true }, 'target', x.unit === pursuer ? target : x.target));

// in play a tap on an enemy ringed "may charge this instead" charges it (the ruling's choice, as
// its button in the details list does: a phone in Play shows the board and the verdict, not the list)
game.tapChoice = (result, request, id) => {
  const c = arr(result?.choices).find((x) => x.choice === 'target' && x.default !== id && arr(x.options).some((o) => o.value === id));
  return c ? ['pursuers', targetRows(request, c.pursuer, id)] : null;
};
// a charge is made once its Charge Range is rolled: one asked at any distance (a drag onto an
// enemy asks so) says what the roll needs, and moves nothing
game.unrolled = (request) => request.query === 'charge' && [request, ...arr(request.combined)].some((c) => !Number.isFinite(c?.range));
/** Whether unit `id` of the request ends its move elsewhere than it stands, or turned. */
const moves = (request, id, pose) => {
  const u = arr(request.units).find((x) => x?.id === id);
  return !u || !samePose(pose, u);
};
game.canApply = (request, result) => {
  if (request.query === 'charge') return !!charge.ready?.canCharge(request, result);
  // (a pursuit whose pursuers all stay where they stood makes nothing: "Pursuit made" moved no unit)
  if (request.query === 'pursue') return arr(result?.pursuers).some((p) => isPose(p.final) && moves(request, p.unit, p.final)) || (!!(result?.fleeingDestroyed || result?.flee?.made) && typeof request.pursued?.unit === 'string');
  return request.query === 'flee' && isPose(result?.final);
};
game.applyRuling = (request, result, byId, moveTo, remove) => {
  if (request.query === 'charge') charge.ready?.applyCharge(request, result, byId, moveTo);
  else if (request.query === 'pursue') {
    const f = result.flee, id = request.pursued?.unit;
    if (f?.made) (f.destroyed ? remove(id) : moveTo(byId(id), f.final));
    for (const p of arr(result.pursuers)) {
      moveTo(byId(p.unit), p.final);
      if (p.charge?.rotatesTarget && !p.charge.undone) moveTo(byId(p.charge.target), p.charge.targetFinal);
    }
    if (result.fleeingDestroyed && typeof request.pursued?.unit === 'string') remove(request.pursued.unit);
  } else if (request.query === 'flee' && (result.destroyed || result.leavesTable)) remove(request.unit);
};
// once made, a charge is done (its chargers in contact, their rolls spent; the pursuit that may
// follow is theirs: followCharge) and so is a pursuit
game.queries.charge.made = (i, made) => { charge.ready?.followCharge(made, game); Object.assign(i, { charger: '', range: '', highestDie: '', combined: [] }); };
game.queries.pursue.made = (i) => { i.pursuers = []; i.fleeMade = false; i.fleesFrom = ''; };
game.queries.flee.made = (i, made) => later.ready?.fleeMade(made);

// Play on the board (web/play-table.js): a drag onto an enemy charges it, onto open ground
// measures from the unit's front; a pursuit and a flee stay rolled in the question's form.
game.tablePlay = 'charge';
// a promise while the answer to `request` (or its `result`) needs ninth-age-later.js and it has not come; else null
game.needs = (request, result) => {
  const waits = [!later.ready && wantsLater(request, result) && later.get(), !charge.ready && wantsCharge(request, result) && charge.get()].filter(Boolean);
  return waits.length ? Promise.all(waits) : null;
};
// what the keys do to a unit in play, in words (the unit controls' description): here, where the drag's code is fetched at first use
const chargeKeys = (made) => `Enter picks it, then Enter on an enemy asks that charge. Arrows move it from its front (Shift: a tenth): onto an enemy they aim a charge, elsewhere they measure. ${made} A charge is made once Roll 2D6, on the board’s bar, gives its Charge Range.`;
game.play = { table: lateTablePlay(charge, (c) => c.tablePart, chargeKeys), rolls: initPlayRolls };
// Set up's unit tray (unit-tray.js): a kind for each of these
game.trayField = 'baseSize';
// the phone's first-visit hint (app.js coach): one sentence of the play note
game.playHint = 'Drag a unit onto an enemy to charge it, or onto open ground to measure.';
// after a charge made, what may follow it, beside the bar's menu of questions (its chargers'
// pursuit of the unit they charged, set by pursuitOf): the verdict said only to drag a unit
game.rollsNext = (d) => {
  const t = d.inputs.charge?.target, p = d.inputs.pursue;
  return d.query === 'charge' && t && p?.pursuedUnit === t && p.fleesFrom ? `If ${t} broke: Pursue (its flee is made first).` : null;
};
game.playNote = 'Drag a unit onto an enemy to charge it, then Roll 2D6 on the board’s bar for its Charge Range and Make this move (the charge, or its Failed Charge Move), or drag it onto open ground to measure from its front against its Advance Rate. A pursuit or a flee: choose Pursue or Flee in the menu on the board’s bar, Roll 2D6 there (or type the roll in the question), then Make this move; an enemy ringed “may charge this instead” is charged by a tap on it.';
// outside the page, the charges' code at once too (after the rest of this module, which it is given)
if (typeof MOVECALC_PAGE === 'undefined') await charge.get();
