// The Ninth Age on the page (docs/api/ninth-age.md): its model entry (units from bases, ranks and
// files; pursue, charge, flee and spacing), terrain colours, drawers, verdicts and result text.
import { SIDE_COLOURS, num, round, opt, unitField, arr, blankNum, freeUnit } from '../fields.js';
import { BAD, WARN, isPose, isPluralName, n3, inches, degrees, poseRounded, plural, poseText } from '../draw.js';
import { lateTablePlay } from '../play-table-late.js';
import { initPlayRolls, diceWords, rolledOr } from '../play-rolls.js';
import { paintTable, tablePainting } from '../board-table.js';
import { loadOnce } from '../panels.js';

// What only the questions no first view asks draw and say (ninth-age-later.js: a pursuit, a flee,
// Unit Spacing, a combined charge's order, a pursuer's choice of target, a Failed Charge Move, which
// only a rolled charge has), fetched the first time an answer needs it (`needs`, which app.js
// awaits with the engine's answer); `later.ready` is the module once it has come.
const later = loadOnce(() => import('./ninth-age-later.js'));
/** Whether an answer to `request` (and, once answered, `result`) is drawn or said with ninth-age-later.js. */
const wantsLater = (request, result) => /flee|spacing|pursue/.test(request?.query) || arr(request?.combined).length > 0
  || Number.isFinite(request?.highestDie) || arr(result?.choices).length > 0 || !!result?.orderChoice || !!result?.failedChargeMove || !!result?.flee?.made;
// outside the page (the CLIs, the tests in Node), with the module at once, as games/index.js loads every game
if (typeof MOVECALC_PAGE === 'undefined') await later.get();
// The charges' drawing, words and drag (ninth-age-charge.js), fetched at the first charge asked
// (`needs`) or the first finger, key or charge in play on the board (play-table-late.js): a first
// view asks nothing. Given what this module shares with it once this module has run.
const charge = loadOnce(() => import('./ninth-age-charge.js').then((m) => m.chargeCode({ later, facingName, does, MEASURED, EXACT, advanceOf })));
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

/** The name and its verb, given in the singular ("charges", "flees", "pivots"): the plural drops the s. */
const verbOf = (name, verb) => (isPluralName(name) ? verb.replace(/s$/, '') : verb);
const does = (name, verb) => `${name} ${verbOf(name, verb)}`;
const is = (name) => (isPluralName(name) ? 'are' : 'is');
/** A facing as the rules name it: the front, a flank, the rear. */
const facingName = (f) => (f === 'left' || f === 'right' ? `${f} flank` : f ?? '?');

// Figures in a verdict as a player measures them (inches to 0.1, degrees to 1); in the lists below it, exact.
const MEASURED = { len: inches, deg: degrees, pose: poseRounded };
const EXACT = { len: (v) => `${n3(v)}″`, deg: (v) => `${n3(v)}°`, pose: poseText, exact: true };

// what a pursuit's drawing and words (ninth-age-later.js) take of this module
const kit = { facingName, does, verbOf, is, chargedEdge: (...a) => charge.ready?.chargedEdge(...a) };

// the marks of this game's drawings, for the legend beside the board (draw.js MARKS has the shared ones)
const OWN_MARKS = {
  fleeArrow: { swatch: 'line', color: WARN, dashed: true, text: 'the direction the enemy fled' },
  forwardAhead: { swatch: 'fill', color: 'rgba(242,193,78,0.22)', border: WARN, dashed: true, text: 'the Forward Ahead strip; a red bar at the first thing in it' },
  warnRing: { swatch: 'outline', color: WARN, text: 'what the unit fled from, passed through, or met after its pivot' },
  breach: { swatch: 'line', color: BAD, dashed: true, text: 'two objects too close, with their gap' },
  charged: { swatch: 'line', color: BAD, thick: true, text: 'the facing of the target the charge contacts' },
  failed: { swatch: 'outline', color: WARN, dashed: true, fill: 'rgba(242,193,78,0.30)', text: 'a Failed Charge Move: where it ends (amber)' },
};
const drawPursue = (out, r, req) => later.ready?.drawPursue(out, r, req, kit);
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
      fields: [unitField('charger', 'Charger'), unitField('target', 'Target'), { key: 'range', label: 'Charge Range (blank: any)', kind: 'number', min: 0, step: 'any', optional: true },
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
    // the position ready to play, nothing planned (a pursuit ruled on opening, Make this move ready,
    // read as a move made for the player): the hint says the first drag; no die rolled
    query: 'charge',
    inputs: {
      pursue: { pursuedUnit: '', fleeFacing: '', fleeDistance: '', pursuers: [] },
      charge: { charger: '', target: '', range: '', highestDie: '', combined: [] }, flee: { unit: 'Raiders', from: 'Spearmen', distance: '' }, spacing: { moment: 'normal' },
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
    return q === 'pursue' ? later.ready?.pursuitVerdict(r, request, kit) : undefined;
  },
  // what Make this move made, in the ruling's words (app.js): the charge, the pursuit, the flight
  madeWords(request, r) {
    if (typeof r.possible === 'boolean') return charge.ready?.madeWords(request, r) ?? null;
    const v = request.query === 'pursue' ? later.ready?.pursuitVerdict(r, request, kit) : request.query === 'flee' ? later.ready?.flightVerdict(r) : null;
    return v ? { lead: request.query === 'pursue' ? 'Pursuit made' : 'Flight made', text: v.text.replace(/\.$/, '') } : null;
  },
  // a combined charge's top-level fields repeat its first charger's: the chargers' list says them
  severalMovers: (r) => arr(r.chargers).length > 1,
  endFacts(r, request, several) {
    return r.rotatesTarget && isPose(r.targetFinal) && !several ? [`${r.target ?? request.target ?? 'the target'} turned about the contact point (it could not be aligned to): ${poseRounded(r.targetFinal)}`] : [];
  },
  sections(r, request, opts = {}) {
    const parts = arr(later.ready?.pursuitSections(r, request, opts, kit));
    // a charge's chargers, its figures, a Failed Charge Move and a combined charge's order (ninth-age-charge.js)
    if (typeof r.possible === 'boolean') parts.push(...arr(charge.ready?.sections(r, request)));
    return parts;
  },
  moreReasons: (r) => arr(r.pursuers).flatMap((p) => arr(p.reasons)),
};
export default game;

/** Unit `id`'s Advance Rate in position `doc` (a page-only unit field: NaN where none is given). */
const advanceOf = (doc, id) => Number(doc.units.find((u) => u.id === id)?.advance);

// The Charge Range's roll and its words on the play bar (ninth-age-charge.js `chargeRange`): a
// charge is rolled once asked, and its module is fetched before (`needs`, or the drag that asks it)
const chargeRange = { roll: (...a) => charge.ready?.chargeRange.roll(...a), said: (...a) => charge.ready?.chargeRange.said(...a) };
// In play, the fields that take a 2D6 roll get a Roll button.
// (a pursuit whose flee was made keeps that flee's roll: ninth-age-later.js fleeMade)
// A pursuit's dice named by whose they are on the play bar ("Dice to roll: Raiders’ flee,
// Spearmen’s pursuit"): "Flee distance, Spearmen" read as the Spearmen fleeing (a newcomer's review)
const whose = (name) => (/s$/i.test(name) ? `${name}’` : `${name}’s`);
const fleeRoll = {
  roll(into, key, [a, b]) { if (!into.fleeMade) into[key] = a + b; },
  said: (into, key) => `${into.pursuedUnit ? `${whose(into.pursuedUnit)} flee` : 'Flee distance'} ${rolledOr(into[key])}`,
};
const pursuitRoll = { roll(into, key, [a, b]) { into[key] = a + b; }, said: (row, key) => `${whose(row.unit || '?')} pursuit ${rolledOr(row[key])}`, named: true };
game.rolls = { charge: { range: chargeRange, 'combined.range': chargeRange }, pursue: { fleeDistance: fleeRoll, 'pursuers.distance': pursuitRoll }, flee: { distance: '2d6' } };

// Make this move: a charge's (ninth-age-charge.js, which every charge's answer waits for: until
// it has come, no charge is made); a pursuit moves every pursuer to its end (with a target it turned)
// and takes a fleeing unit it destroyed off the table (9A-DST-1); a flee that destroys the unit or
// takes it off the table removes it.
// a charge's question names its unit the charger
game.mover = (request) => request.unit ?? request.charger;
game.moverEnd = (request, result) => (request.query === 'charge' ? charge.ready?.chargeEnd(result ?? {}) ?? null : result?.final); // a charge's result is its charger's
// in play a tap on an enemy ringed "may charge this instead" charges it (the ruling's choice, as
// its button in the details list does: a phone in Play shows the board and the verdict, not the list)
// (ninth-age-later.js, fetched with the pursuit's answer)
game.tapChoice = (...a) => later.ready?.tapChoice(...a) ?? null;
// a charge is made once its Charge Range is rolled: one asked at any distance (a drag onto an
// enemy asks so) says what the roll needs, and moves nothing
game.unrolled = (request) => request.query === 'charge' && [request, ...arr(request.combined)].some((c) => !Number.isFinite(c?.range));
game.canApply = (request, result) => {
  if (request.query === 'charge') return !!charge.ready?.canCharge(request, result);
  if (request.query === 'pursue') return !!later.ready?.canPursue(request, result);
  return request.query === 'flee' && isPose(result?.final);
};
game.applyRuling = (request, result, byId, moveTo, remove) => {
  if (request.query === 'charge') charge.ready?.applyCharge(request, result, byId, moveTo);
  else if (request.query === 'pursue') later.ready?.applyPursuit(request, result, byId, moveTo, remove);
  else if (request.query === 'flee' && (result.destroyed || result.leavesTable)) remove(request.unit);
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
// (and the dice in words, for what an Undo of a roll took back: made-words.js `undoneStep`)
game.play = { table: lateTablePlay(charge, (c) => c.tablePart, chargeKeys), rolls: initPlayRolls, dice: diceWords };
// Set up's unit tray (unit-tray.js): a kind for each of these
game.trayField = 'baseSize';
// the phone's first-visit hint (app.js coach): one sentence of the play note
game.playHint = 'Drag a unit onto an enemy to charge it, or onto open ground to measure.';
// after a charge made, what may follow it, beside the bar's menu of questions (its chargers'
// pursuit of the unit they charged, set by pursuitOf): the verdict said only to drag a unit. Its
// question a button (play-rolls.js): the menu took two touches
game.rollsNext = (d) => {
  const t = d.inputs.charge?.target, p = d.inputs.pursue;
  return d.query === 'charge' && t && p?.pursuedUnit === t && p.fleesFrom ? { lead: `If ${t} broke:`, query: 'pursue', note: '(its flee is made first).' } : null;
};
game.playNote = 'Drag a unit onto an enemy to charge it, then Roll 2D6 on the board’s bar for its Charge Range and Make this move (the charge, or its Failed Charge Move), or drag it onto open ground to measure from its front against its Advance Rate. A pursuit or a flee: choose Pursue or Flee in the menu on the board’s bar, Roll 2D6 there (or type the roll in the question), then Make this move; an enemy ringed “may charge this instead” is charged by a tap on it.';
// outside the page, the charges' code at once too (after the rest of this module, which it is given)
if (typeof MOVECALC_PAGE === 'undefined') await charge.get();
