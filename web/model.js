// The position model: plain JS state for each game system, the request JSON of docs/api.md that
// it stands for, and undo/redo. No DOM here, so Node can test it (tests/browser/model.test.mjs).
//
// A rule set plugs in here by editing its entry of SYSTEMS: `unitFields` (the unit form),
// `unitJSON` (one unit of the request), `queries[name].fields` (the query form) and
// `queries[name].build` (the query's own request fields). Everything else is shared.
import { toAxial, toOffset, snapHexon, HEXON_DIRS } from './hex.js';

export const SIDE_COLOURS = ['#b3261e', '#1d5fbf', '#2e7d32', '#7b3fa0', '#b85c00', '#37474f'];

export const CC_TYPES = ['light infantry', 'light bow infantry', 'slinger', 'auxilia', 'warrior',
  'medium infantry', 'heavy infantry', 'heavy war machine', 'light cavalry', 'light bow cavalry',
  'barbarian chariot', 'medium cavalry', 'camel', 'heavy cavalry', 'elephant', 'heavy chariot', 'leader'];

// Ninth Age base sizes (front width × side length, mm) of A-9A-1 (docs/rules/ninth-age.md).
export const T9A_BASES = ['20x20', '25x25', '40x40', '50x50', '25x50', '50x100'];

const list = (v) => (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => s.trim().toLowerCase()).filter(Boolean);
const num = (v, d = 0) => (Number.isFinite(Number(v)) && v !== '' && v !== null ? Number(v) : d);
const round = (v, p = 1e6) => Math.round(v * p) / p;
const opt = (o, k, v) => { if (v !== undefined && v !== '' && v !== null) o[k] = v; return o; };
const unitField = (key = 'unit', label = 'Unit') => ({ key, label, kind: 'unit' });
const arr = (v) => (Array.isArray(v) ? v : []);
const wholeOrNone = (v) => (v === '' || v === undefined || v === null ? undefined : num(v));

// One charger of a Ninth Age charge: its range, and its highest D6 only with a range (docs/api/ninth-age.md).
const blankNum = (v) => v === '' || v === undefined || v === null;
const chargerJSON = (c) => opt(opt({ charger: c.charger }, 'range', blankNum(c.range) ? undefined : num(c.range)), 'highestDie', blankNum(c.range) || blankNum(c.highestDie) ? undefined : num(c.highestDie));
const chargerInputs = (c) => ({ charger: c?.charger ?? '', range: c?.range ?? '', highestDie: c?.highestDie ?? '' });

function freePosition(doc) {
  const out = { table: { ...doc.table } };
  out.terrain = doc.terrain.map((t) => ({ id: t.id, kind: t.kind, polygon: t.polygon.map(([x, y]) => [round(x), round(y)]) }));
  return out;
}

function hexPosition(doc) {
  const board = doc.board.preset ? { preset: doc.board.preset } : { cols: doc.board.cols, rows: doc.board.rows };
  if (doc.terrain.length) board.terrain = doc.terrain.map((t) => ({ q: t.q, r: t.r, terrain: t.terrain }));
  const out = { board };
  if (doc.board.preset === 'cc-ancients') out.baselines = { [doc.sides[0].name]: 'bottom', [doc.sides[1].name]: 'top' };
  return out;
}

const freeUnit = (u) => ({ id: u.id, side: u.side, x: round(u.x), y: round(u.y), facing: round(((u.facing % 360) + 360) % 360) });
const hexUnit = (u) => ({ id: u.id, side: u.side, q: u.q, r: u.r });
const pathJSON = (path) => (path ?? []).map(({ q, r }) => ({ q, r }));
const hexReach = { fields: [unitField()], build: (i) => ({ unit: i.unit }) };
// C&C and GODSGLOOM reach: the page also asks the what-if reach (no other units) and draws the
// hexes only it reaches; this box asks the what-if question itself.
const whatIfReach = {
  whatIf: true,
  fields: [unitField(), { key: 'ignoreUnits', label: 'What-if: as if no other unit were on the board', kind: 'check' }],
  build: (i) => opt({ unit: i.unit }, 'ignoreUnits', i.ignoreUnits === true ? true : undefined),
};
const hexMove = { fields: [unitField(), { key: 'path', label: 'Path', kind: 'path' }], build: (i) => ({ unit: i.unit, path: pathJSON(i.path) }) };
// A C&C order (docs/api/cc-ancients.md "order"): a command card and the units it orders, each
// row one unit with the path it moves (drawn with the Path tool on the row chosen to draw), in
// the sequence played; a row without a path orders the unit without moving it. Move-Fire-Move
// rows can mark the move after ranged combat (`second`). I Am Spartacus is asked by the dice
// rolled (a count per symbol), or by its number of orders when no die is entered.
export const CC_CARDS = [['section', 'Section'], ['order mounted troops', 'Order Mounted Troops'], ['mounted charge', 'Mounted Charge'],
  ['order light troops', 'Order Light Troops'], ['move-fire-move', 'Move-Fire-Move'], ['i am spartacus', 'I Am Spartacus'],
  ['leadership', 'Leadership'], ['double time', 'Double Time'], ['line command', 'Line Command']];
const CARDS_WITH_ORDERS = ['section', 'order mounted troops', 'mounted charge', 'order light troops', 'move-fire-move', 'i am spartacus'];
const SECTIONS = ['left', 'center', 'right'].map((x) => [x, x]);
const cardOf = (i) => i.card ?? 'section';
const DICE = [['light', 'Dice rolled: light'], ['medium', 'medium'], ['heavy', 'heavy'], ['leader', 'leader (helmet)'], ['flag', 'flag'], ['swords', 'swords']];
const diceKey = (d) => `dice.${d}`;
const spartacusDice = (i) => DICE.flatMap(([d]) => Array(Math.max(0, Math.min(64, Math.floor(num(i[diceKey(d)]))))).fill(d));
/** The rows of a C&C order's inputs (an older page kept one `unit` and its `path`). */
export const orderRows = (i) => (Array.isArray(i.moves) ? i.moves : i.unit ? [{ unit: i.unit, path: i.path ?? [] }] : []);
const ccOrder = {
  fields: [{ key: 'card', label: 'Command card', kind: 'select', options: CC_CARDS },
    { key: 'section', label: 'Section', kind: 'select', options: SECTIONS, when: (i) => cardOf(i) === 'section' },
    { key: 'orders', label: 'Orders on the card', kind: 'number', min: 1, max: 64, step: 1, when: (i) => CARDS_WITH_ORDERS.includes(cardOf(i)) && !(cardOf(i) === 'i am spartacus' && spartacusDice(i).length) },
    ...DICE.map(([d, label]) => ({ key: diceKey(d), label, kind: 'number', min: 0, max: 8, step: 1, when: (i) => cardOf(i) === 'i am spartacus' })),
    { key: 'leader', label: 'Leader (blank: one unit of choice)', kind: 'unit', when: (i) => cardOf(i) === 'leadership' },
    { key: 'inspired', label: 'Inspired Leadership in section', kind: 'select', options: [['', '(not inspired)'], ...SECTIONS], when: (i) => cardOf(i) === 'leadership' },
    { key: 'linked', label: 'Units in linked hexes (blank: the card’s)', kind: 'number', min: 0, max: 64, step: 1, when: (i) => cardOf(i) === 'leadership' },
    { key: 'moves', label: 'Ordered units', kind: 'orders' }],
  build(i, doc) {
    const rows = orderRows(i).filter((m) => m && m.unit);
    const type = cardOf(i);
    const card = { type };
    if (type === 'section') card.section = i.section ?? 'center';
    const dice = type === 'i am spartacus' ? spartacusDice(i) : [];
    if (dice.length) card.dice = dice;
    else if (CARDS_WITH_ORDERS.includes(type)) card.orders = num(i.orders, 3);
    if (type === 'leadership') { opt(card, 'leader', i.leader || undefined); opt(card, 'section', i.inspired || undefined); opt(card, 'linked', wholeOrNone(i.linked)); }
    const moves = rows.filter((m) => arr(m.path).length).map((m) => {
      const o = { unit: m.unit, path: pathJSON(m.path) };
      if (type === 'move-fire-move' && m.second === true) o.second = true;
      return o;
    });
    // the moving units in the sequence played, then those ordered without moving
    const ordered = [...new Set([...moves.map((m) => m.unit), ...rows.map((m) => m.unit)])];
    const first = doc.units.find((u) => u.id === rows[0]?.unit);
    return { side: first?.side ?? doc.sides[0].name, card, ordered, moves };
  },
  parse(req) {
    const card = req.card && typeof req.card === 'object' ? req.card : {};
    const moves = arr(req.moves).filter((m) => m && typeof m.unit === 'string');
    const rows = moves.map((m) => opt({ unit: m.unit, path: arr(m.path).map(axialOf).filter(Boolean) }, 'second', m.second === true ? true : undefined));
    for (const id of arr(req.ordered)) if (typeof id === 'string' && !moves.some((m) => m.unit === id)) rows.push({ unit: id, path: [] });
    const out = { card: CC_CARDS.some(([k]) => k === card.type) ? card.type : 'section', moves: rows, active: 0 };
    if (out.card === 'leadership') Object.assign(out, { leader: card.leader ?? '', inspired: card.section ?? '', linked: card.linked ?? '' });
    else if (card.section) out.section = card.section;
    if (Number.isFinite(card.orders)) out.orders = card.orders;
    for (const d of arr(card.dice)) if (DICE.some(([k]) => k === d)) out[diceKey(d)] = (out[diceKey(d)] ?? 0) + 1;
    return out;
  },
};
// A C&C retreat: the unit, the flags against it and what else decides which flags it may
// disregard and how far it goes (docs/api/cc-ancients.md "retreat").
const ccRetreat = {
  fields: [unitField(), { key: 'flags', label: 'Flags rolled', kind: 'number', min: 0, max: 64, step: 1 },
    { key: 'hits', label: 'Blocks lost to hits (optional)', kind: 'number', min: 0, max: 64, step: 1 },
    unitField('attacker', 'Attacker (optional)'),
    { key: 'ignore', label: 'Flags to disregard (blank: all it may)', kind: 'number', min: 0, max: 64, step: 1 },
    { key: 'acrossRampart', label: 'Attacked across a rampart hexside', kind: 'check' }],
  build(i) {
    const o = { unit: i.unit, flags: num(i.flags, 1) };
    opt(o, 'hits', wholeOrNone(i.hits));
    opt(o, 'attacker', i.attacker || undefined);
    opt(o, 'ignore', wholeOrNone(i.ignore));
    if (i.acrossRampart) o.acrossRampart = true;
    return o;
  },
  parse: (req) => ({ unit: req.unit, flags: req.flags, hits: req.hits ?? '', attacker: req.attacker ?? '', ignore: req.ignore ?? '', acrossRampart: req.acrossRampart === true }),
};
// A C&C evade: a unit or a lone leader, and optionally the attacker (docs/api/cc-ancients.md "evade").
const ccEvade = {
  fields: [unitField(), unitField('attacker', 'Attacker (optional)')],
  build(i) { return opt({ unit: i.unit }, 'attacker', i.attacker || undefined); },
  parse: (req) => ({ unit: req.unit, attacker: req.attacker ?? '' }),
};
// Queries whose request fields docs/api.md does not fix yet: the rule set's issue fills them in.
const tentative = (extra = []) => ({ tentative: true, fields: [unitField(), ...extra], build: (i) => ({ unit: i.unit }) });

export const SYSTEMS = {
  'arcane-legions': {
    name: 'Arcane Legions', board: 'free', lengthUnit: 'step', mmPerUnit: (params) => params['A-AL-1']?.stepMm ?? 50,
    terrainKinds: ['blocking', 'hindering', 'control'],
    unitFields: [
      { key: 'base', label: 'Base', kind: 'select', options: [['formation', 'formation (2 × 1)'], ['sortie', 'sortie (1 × 1)'], ['custom', 'width × depth']] },
      { key: 'width', label: 'Width', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.base === 'custom' },
      { key: 'depth', label: 'Depth', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.base === 'custom' },
      { key: 'codex.forward', label: 'Codex forward', kind: 'number', min: 0, step: 1 },
      { key: 'codex.backward', label: 'Codex backward', kind: 'number', min: 0, step: 1 },
      { key: 'codex.left', label: 'Codex left', kind: 'number', min: 0, step: 1 },
      { key: 'codex.right', label: 'Codex right', kind: 'number', min: 0, step: 1 },
      { key: 'movementIcons', label: 'Movement icons', kind: 'number', min: 0, step: 1 },
    ],
    newUnit: () => ({ base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 4 }),
    size: (u) => (u.base === 'sortie' ? [1, 1] : u.base === 'formation' ? [2, 1] : [num(u.width, 1), num(u.depth, 1)]),
    unitJSON(u) {
      const o = freeUnit(u);
      if (u.base === 'custom') Object.assign(o, { width: num(u.width, 1), depth: num(u.depth, 1) });
      else o.base = u.base;
      o.codex = { forward: num(u.codex.forward), backward: num(u.codex.backward), left: num(u.codex.left), right: num(u.codex.right) };
      o.movementIcons = num(u.movementIcons);
      return o;
    },
    queries: {
      move: {
        fields: [unitField(), { key: 'activeSide', label: 'Active side', kind: 'side' },
          { key: 'actions', label: 'Actions', kind: 'actions' },
          { key: 'slide', label: 'Slide after a collision', kind: 'select', options: [['', 'no slide'], ['left', 'left'], ['right', 'right'], ['forward', 'forward'], ['backward', 'backward']] },
          { key: 'snapSide', label: 'Snap side', kind: 'select', options: [['', 'engine decides'], ['cw', 'clockwise'], ['ccw', 'counter-clockwise']] }],
        build(i, doc) {
          const order = { unit: i.unit, actions: (i.actions ?? []).map((a) => (a.step ? { step: a.step, distance: num(a.distance, 1) } : { turn: Number(a.turn), off: a.off, toward: a.toward ?? 'right' })) };
          opt(order, 'slide', i.slide);
          opt(order, 'snapSide', i.snapSide);
          return { order, activeSide: i.activeSide ?? doc.sides[0].name, turnOrder: doc.sides.map((s) => s.name) };
        },
      },
      reachArea: { fields: [unitField()], build: (i) => ({ unit: i.unit }) },
      breakaway: { ...tentative([{ key: 'activeSide', label: 'Active side', kind: 'side' }]), build: (i, doc) => ({ unit: i.unit, activeSide: i.activeSide ?? doc.sides[0].name, turnOrder: doc.sides.map((s) => s.name) }) },
    },
    defaults: () => ({
      table: { width: 36, height: 24 }, sides: [{ name: 'red', color: SIDE_COLOURS[0] }, { name: 'blue', color: SIDE_COLOURS[1] }],
      units: [
        { id: 'Legion', side: 'red', x: 14, y: 9, facing: 20, base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 4 },
        { id: 'Chargers', side: 'blue', x: 15, y: 13, facing: 180, base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 3, left: 2, right: 2 }, movementIcons: 7 },
        { id: 'Scouts', side: 'blue', x: 22, y: 15, facing: 225, base: 'sortie', width: 1, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 3 },
      ],
      terrain: [
        { id: 'wood', kind: 'hindering', polygon: [[19, 6], [24, 5.5], [25.5, 9], [22, 11], [19.5, 9.5]] },
        { id: 'tower', kind: 'blocking', polygon: [[6, 14], [9, 14], [9, 17], [6, 17]] },
        { id: 'shrine', kind: 'control', polygon: [[27, 14], [30, 14], [30, 17], [27, 17]] },
      ],
      query: 'move',
      inputs: { move: { unit: 'Legion', activeSide: 'red', actions: [{ step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }, { step: 'forward', distance: 1 }] }, reachArea: { unit: 'Legion' }, breakaway: { unit: 'Legion', activeSide: 'red' } },
    }),
  },

  'ninth-age': {
    name: 'The Ninth Age', board: 'free', lengthUnit: 'inch', mmPerUnit: () => 25.4,
    terrainKinds: ['impassable'],
    unitFields: [
      { key: 'shape', label: 'Size from', kind: 'select', options: [['bases', 'bases, ranks and files'], ['custom', 'width × depth']] },
      { key: 'baseSize', label: 'Base (mm, width × length)', kind: 'select', options: T9A_BASES.map((b) => [b, b.replace('x', ' × ')]), when: (u) => u.shape !== 'custom' },
      { key: 'files', label: 'Files (models per rank)', kind: 'number', min: 1, step: 1, when: (u) => u.shape !== 'custom' },
      { key: 'ranks', label: 'Ranks', kind: 'number', min: 1, step: 1, when: (u) => u.shape !== 'custom' },
      { key: 'width', label: 'Width', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.shape === 'custom' },
      { key: 'depth', label: 'Depth', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.shape === 'custom' },
      { key: 'fled', label: 'Fled from this combat', kind: 'check' },
      { key: 'sameCombat', label: 'Fought in this combat', kind: 'check' },
    ],
    newUnit: () => ({ shape: 'bases', baseSize: '25x25', files: 5, ranks: 4, width: 5, depth: 4, fled: false, sameCombat: false }),
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
        fields: [unitField('pursuedUnit', 'Pursued unit (optional)'),
          { key: 'fleeFacing', label: 'Flee direction (°)', kind: 'number', min: 0, max: 359.999, step: 1 },
          { key: 'fleeDistance', label: 'Flee distance', kind: 'number', min: 0, step: 1 },
          { key: 'pursuers', label: 'Pursuers', kind: 'pursuers' }],
        build(i) {
          const pursued = opt({}, 'unit', i.pursuedUnit);
          pursued.facing = num(i.fleeFacing);
          pursued.fleeDistance = num(i.fleeDistance);
          return { pursued, pursuers: (i.pursuers ?? []).map((p) => opt({ unit: p.unit, distance: num(p.distance) }, 'overrun', p.overrun || undefined)) };
        },
      },
      // a charge (docs/api/ninth-age.md "charge"): its range and highest D6 (sent only with a
      // range), and further chargers of the same target (`combined`, 9A-CH-4), each with its own
      charge: {
        fields: [unitField('charger', 'Charger'), unitField('target', 'Target'), { key: 'range', label: 'Charge range (blank: any)', kind: 'number', min: 0, step: 'any' },
          { key: 'highestDie', label: 'Highest D6 rolled (blank: no Failed Charge Move)', kind: 'number', min: 1, max: 6, step: 1 },
          { key: 'combined', label: 'Combined chargers', kind: 'chargers' }],
        build(i) {
          const r = { charger: i.charger, target: i.target, ...chargerJSON(i) };
          const combined = arr(i.combined).map(chargerJSON);
          return combined.length ? { ...r, combined } : r;
        },
        parse: (req) => ({ ...chargerInputs(req), target: req.target, combined: arr(req.combined).map(chargerInputs) }),
      },
      flee: {
        fields: [unitField('unit', 'Fleeing unit'), unitField('from', 'Fleeing from (blank: the closest enemy)'), { key: 'distance', label: 'Flee distance', kind: 'number', min: 0.1, step: 1 }],
        build: (i) => opt({ unit: i.unit, distance: num(i.distance, 7) || 7 }, 'from', i.from),
        parse: (req) => opt({ unit: req.unit, distance: req.distance }, 'from', req.from),
      },
      spacing: {
        fields: [{ key: 'moment', label: 'Moment', kind: 'select', options: [['normal', 'normal'], ['during-move', 'during a move'], ['after-uncontrolled', 'after an uncontrolled move']] },
          unitField('unit', 'Moving unit'), unitField('target', 'Its charge target (after a charge)')],
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
        { id: 'Spearmen', side: 'Kingdom', x: 30, y: 14, facing: 0, shape: 'bases', baseSize: '25x25', files: 5, ranks: 4, width: 5, depth: 4, fled: false, sameCombat: false },
        { id: 'Knights', side: 'Kingdom', x: 42, y: 16, facing: 350, shape: 'bases', baseSize: '25x50', files: 4, ranks: 1, width: 4, depth: 2, fled: false, sameCombat: false },
        { id: 'Raiders', side: 'Warband', x: 31, y: 26, facing: 180, shape: 'bases', baseSize: '25x25', files: 5, ranks: 3, width: 5, depth: 3, fled: true, sameCombat: false },
      ],
      terrain: [{ id: 'crag', kind: 'impassable', polygon: [[50, 28], [57, 27], [59, 33], [52, 35]] }],
      query: 'pursue',
      inputs: {
        pursue: { pursuedUnit: 'Raiders', fleeFacing: 15, fleeDistance: 11, pursuers: [{ unit: 'Spearmen', distance: 10, overrun: false }] },
        charge: { charger: 'Knights', target: 'Raiders', range: '', highestDie: '', combined: [] }, flee: { unit: 'Raiders', from: 'Spearmen', distance: 7 }, spacing: { moment: 'normal' },
      },
    }),
  },

  'cc-ancients': {
    name: 'Commands & Colors: Ancients', board: 'hex', lengthUnit: 'hex',
    terrainKinds: ['forest', 'hill', 'broken ground', 'river', 'fordable river', 'marsh', 'seacoast', 'lake', 'fortified camp', 'ramparts'],
    unitFields: [{ key: 'type', label: 'Unit type', kind: 'select', options: CC_TYPES.map((t) => [t, t]) }],
    newUnit: () => ({ type: 'medium infantry' }),
    unitJSON: (u) => ({ ...hexUnit(u), type: u.type }),
    queries: {
      reach: whatIfReach, move: hexMove,
      order: ccOrder, retreat: ccRetreat, evade: ccEvade,
    },
    defaults: () => ({
      board: { preset: 'cc-ancients' }, sides: [{ name: 'Rome', color: SIDE_COLOURS[0] }, { name: 'Carthage', color: SIDE_COLOURS[1] }],
      units: [
        { id: 'Hastati', side: 'Rome', ...toAxial(6, 6), type: 'medium infantry' },
        { id: 'Equites', side: 'Rome', ...toAxial(9, 7), type: 'medium cavalry' },
        { id: 'Scipio', side: 'Rome', ...toAxial(6, 7), type: 'leader' },
        { id: 'Numidians', side: 'Carthage', ...toAxial(5, 2), type: 'light cavalry' },
        { id: 'Elephants', side: 'Carthage', ...toAxial(8, 2), type: 'elephant' },
      ],
      terrain: [{ ...toAxial(3, 4), terrain: 'forest' }, { ...toAxial(4, 4), terrain: 'forest' }, { ...toAxial(9, 4), terrain: 'hill' }, { ...toAxial(9, 5), terrain: 'hill' }],
      query: 'reach',
      inputs: { reach: { unit: 'Hastati' }, move: { unit: 'Hastati', path: [toAxial(6, 5), toAxial(6, 4)] }, order: { card: 'section', section: 'center', orders: 3, moves: [{ unit: 'Hastati', path: [] }], active: 0 }, retreat: { unit: 'Hastati', flags: 1, attacker: 'Numidians' }, evade: { unit: 'Numidians', attacker: 'Hastati' } },
    }),
  },

  godsgloom: {
    name: 'GODSGLOOM', board: 'hex', lengthUnit: 'hex', hasFacing: true,
    terrainKinds: ['difficult', 'impassable', 'hill', 'forest', 'barricades', 'river', 'swamp', 'ruins', 'rubble', 'cliffs', 'lake', 'building', 'statue'],
    unitFields: [
      { key: 'speed', label: 'Speed', kind: 'number', min: 0, step: 1 },
      { key: 'tokens', label: 'Tokens (comma-separated, e.g. slow, fast)', kind: 'list' },
      { key: 'traits', label: 'Traits (e.g. nimble, circular defence)', kind: 'list' },
      { key: 'abilities', label: 'Abilities', kind: 'list' },
    ],
    newUnit: () => ({ facing: 0, speed: 3, tokens: [], traits: [], abilities: [] }),
    unitJSON: (u) => ({ ...hexUnit(u), facing: u.facing, speed: num(u.speed), traits: list(u.traits), abilities: list(u.abilities), tokens: list(u.tokens) }),
    queries: { reach: whatIfReach, move: hexMove },
    defaults: () => ({
      board: { cols: 12, rows: 10 }, sides: [{ name: 'Wardens', color: SIDE_COLOURS[1] }, { name: 'Hollow', color: SIDE_COLOURS[0] }],
      units: [
        { id: 'Shieldwall', side: 'Wardens', ...toAxial(3, 6), facing: 1, speed: 3, tokens: [], traits: [], abilities: [] },
        { id: 'Outriders', side: 'Wardens', ...toAxial(5, 7), facing: 1, speed: 4, tokens: ['fast'], traits: ['nimble'], abilities: [] },
        { id: 'Ghouls', side: 'Hollow', ...toAxial(3, 3), facing: 5, speed: 3, tokens: [], traits: [], abilities: [] },
      ],
      terrain: [{ ...toAxial(4, 4), terrain: 'difficult' }, { ...toAxial(5, 4), terrain: 'difficult' }, { ...toAxial(8, 5), terrain: 'impassable' }],
      query: 'reach',
      inputs: { reach: { unit: 'Shieldwall' }, move: { unit: 'Shieldwall', path: [toAxial(3, 5), toAxial(3, 4)] } },
    }),
  },

  'torn-world': {
    name: 'Torn World', board: 'hex', lengthUnit: 'hex',
    terrainKinds: ['volume', 'hazard'],
    unitFields: [
      { key: 'size', label: 'Size', kind: 'select', options: [['infantry', 'infantry (1 hex)'], ['large', 'large (1 hexon)'], ['huge', 'huge (several hexons)']] },
      { key: 'hexonCount', label: 'Hexons', kind: 'number', min: 2, max: 3, step: 1, when: (u) => u.size === 'huge' },
      { key: 'move', label: 'Move allowance', kind: 'number', min: 0, step: 1 },
      { key: 'run', label: 'Run allowance', kind: 'number', min: 0, step: 1 },
      { key: 'abilities', label: 'Abilities', kind: 'list' },
    ],
    newUnit: () => ({ size: 'infantry', hexonCount: 3, move: 4, run: 6, abilities: [] }),
    unitJSON(u) {
      const o = { id: u.id, side: u.side, size: u.size };
      if (u.size === 'huge') o.hexons = hugeHexons(u).map(({ q, r }) => ({ q, r }));
      else Object.assign(o, { q: u.q, r: u.r });
      return Object.assign(o, { move: num(u.move), run: num(u.run), abilities: list(u.abilities) });
    },
    queries: {
      reach: { fields: [unitField(), { key: 'action', label: 'Action', kind: 'select', options: [['move', 'move'], ['run', 'run']] }], build: (i) => ({ unit: i.unit, action: i.action ?? 'move' }) },
      move: { fields: [...hexMove.fields, { key: 'action', label: 'Action', kind: 'select', options: [['move', 'move'], ['run', 'run']] }], build: (i) => ({ ...hexMove.build(i), action: i.action ?? 'move' }) },
      // docs/api/torn-world.md: `eject` ends the unit at the last hex of the drawn path (or where it
      // stands); `shift` moves it by the chosen side's effect to that hex.
      eject: {
        fields: [unitField(), { key: 'path', label: 'Ends at (last hex of the path)', kind: 'path' }],
        build(i, doc) {
          const u = doc.units.find((x) => x.id === i.unit);
          const at = pathJSON(i.path).at(-1) ?? (u ? { q: u.q, r: u.r } : undefined);
          return at ? { unit: i.unit, at } : { unit: i.unit };
        },
        parse: (req) => ({ unit: req.unit, path: req.at ? [axialOf(req.at)].filter(Boolean) : [] }),
      },
      shift: {
        fields: [unitField(), { key: 'by', label: 'Moved by side', kind: 'side' }, { key: 'path', label: 'To (last hex of the path)', kind: 'path' }],
        build(i, doc) {
          const u = doc.units.find((x) => x.id === i.unit);
          const by = i.by ?? doc.sides.find((x) => x.name !== u?.side)?.name ?? doc.sides[0].name;
          const to = pathJSON(i.path).at(-1);
          return to ? { unit: i.unit, by, to } : { unit: i.unit, by };
        },
        parse: (req) => ({ unit: req.unit, by: req.by, path: req.to ? [axialOf(req.to)].filter(Boolean) : [] }),
      },
    },
    defaults: () => ({
      board: { cols: 16, rows: 12 }, sides: [{ name: 'Accord', color: SIDE_COLOURS[1] }, { name: 'Rift', color: SIDE_COLOURS[0] }],
      units: [
        { id: 'Guardsman', side: 'Accord', ...toAxial(4, 8), size: 'infantry', hexonCount: 3, move: 4, run: 6, abilities: [] },
        { id: 'Rogue', side: 'Accord', ...toAxial(6, 9), size: 'infantry', hexonCount: 3, move: 5, run: 7, abilities: [] },
        { id: 'Warbeast', side: 'Rift', ...snapHexon(...Object.values(toAxial(7, 3))), size: 'large', hexonCount: 3, move: 2, run: 3, abilities: [] },
        { id: 'Faceless One', side: 'Rift', ...snapHexon(...Object.values(toAxial(10, 5))), size: 'huge', hexonCount: 3, move: 1, run: 2, abilities: [] },
      ],
      terrain: [{ ...toAxial(9, 8), terrain: 'volume' }, { ...toAxial(10, 8), terrain: 'volume' }, { ...toAxial(2, 3), terrain: 'hazard' }],
      query: 'reach',
      inputs: { reach: { unit: 'Guardsman', action: 'move' }, move: { unit: 'Warbeast', action: 'move', path: [toAxial(5, 5), toAxial(3, 7)] }, eject: { unit: 'Warbeast', path: [toAxial(3, 7)] }, shift: { unit: 'Guardsman', by: 'Rift', path: [toAxial(6, 8)] } },
    }),
  },
};
export const SYSTEM_IDS = Object.keys(SYSTEMS);

/** A Huge miniature's hexon centres: its own and the next ones of a compact cluster (A-TW-2). */
export function hugeHexons(u) {
  const n = Math.max(1, Math.min(3, num(u.hexonCount, 3)));
  const out = [{ q: u.q, r: u.r }];
  for (let i = 0; out.length < n; i++) out.push({ q: u.q + HEXON_DIRS[i][0], r: u.r + HEXON_DIRS[i][1] });
  return out;
}

/** Does this unit stand on hexon centres (Torn World large and huge)? */
export const onHexons = (system, u) => system === 'torn-world' && (u.size === 'large' || u.size === 'huge');

// ---- assumption parameters (from describe) ----
/**
 * `o[key]` when `key` is text naming an own property of `o`, else undefined: what the page looks
 * up by a name from outside (a link, a file, storage), so that "constructor" or "__proto__" is not
 * taken for a game, a query or a setting.
 */
export const own = (o, key) => (typeof key === 'string' && o != null && Object.hasOwn(o, key) ? o[key] : undefined);

let paramSpecs = {}; // assumption id -> {param -> {default, min, max, integer}}
export function setAssumptions(assumptions) {
  paramSpecs = Object.fromEntries(assumptions.filter((a) => Object.keys(a.params ?? {}).length).map((a) => [a.id, a.params]));
}
export const assumptionParams = () => paramSpecs;

/** The params a request sends: the values the user changed from their defaults. */
export function requestParams(doc) {
  const out = {};
  for (const [id, values] of Object.entries(doc.params ?? {})) {
    for (const [name, v] of Object.entries(values)) {
      const spec = own(own(paramSpecs, id), name);
      if (!spec || !Number.isFinite(v) || v === spec.default) continue;
      (out[id] ??= {})[name] = v;
    }
  }
  return out;
}

/** The value of one parameter: the user's, else describe's default. */
export const paramValue = (doc, id, name) => own(own(doc.params, id), name) ?? own(own(paramSpecs, id), name)?.default;

// ---- requests ----
export function buildRequest(system, doc) {
  const sys = SYSTEMS[system];
  const query = own(sys.queries, doc.query) ? doc.query : Object.keys(sys.queries)[0];
  const req = { system, query };
  const params = requestParams(doc);
  if (Object.keys(params).length) req.params = params;
  Object.assign(req, sys.board === 'free' ? freePosition(doc) : hexPosition(doc));
  req.units = doc.units.map((u) => sys.unitJSON(u, doc));
  return Object.assign(req, sys.queries[query].build(doc.inputs[query] ?? {}, doc));
}

/** A unit's width and depth (free-form) in game units. */
export const unitSize = (system, u) => SYSTEMS[system].size(u);

export function uniqueId(doc, base) {
  const ids = new Set(doc.units.map((u) => u.id));
  if (!ids.has(base)) return base;
  for (let i = 2; ; i++) if (!ids.has(`${base} ${i}`)) return `${base} ${i}`;
}

/** Replaces references to a renamed unit in every query's inputs. */
export function renameRefs(doc, from, to) {
  const walk = (o) => {
    for (const [k, v] of Object.entries(o)) {
      if (v && typeof v === 'object') walk(v);
      else if (v === from && ['unit', 'pursuedUnit', 'charger', 'target', 'attacker', 'leader', 'from'].includes(k)) o[k] = to;
    }
  };
  walk(doc.inputs);
}

export const offsetOf = toOffset;

// ---- the store: per-system documents with undo/redo ----
export function defaultDoc(system) {
  const d = SYSTEMS[system].defaults();
  d.params = {};
  return d;
}

// A saved document (localStorage, possibly from an older page) is used only if it has every part.
function usable(system, d) {
  const s = SYSTEMS[system];
  const ok = d && typeof d === 'object' && Array.isArray(d.units) && Array.isArray(d.terrain) && Array.isArray(d.sides) &&
    d.sides.length === 2 && d.inputs && typeof d.inputs === 'object' && d.params && typeof d.params === 'object' &&
    (s.board === 'free' ? d.table?.width > 0 && d.table?.height > 0 : !!d.board) &&
    d.units.every((u) => u && typeof u.id === 'string' && typeof u.side === 'string');
  if (ok && !own(s.queries, d.query)) d.query = Object.keys(s.queries)[0];
  return ok;
}

export function createStore(saved) {
  const state = { system: SYSTEM_IDS[0], docs: {}, display: 'game' };
  if (own(SYSTEMS, saved?.system)) state.system = saved.system;
  if (saved && ['game', 'mm', 'cm'].includes(saved.display)) state.display = saved.display;
  for (const id of SYSTEM_IDS) state.docs[id] = usable(id, saved?.docs?.[id]) ? saved.docs[id] : defaultDoc(id);
  const history = Object.fromEntries(SYSTEM_IDS.map((id) => [id, { undo: [], redo: [], mergeKey: null, at: 0 }]));
  const listeners = [];
  const changed = (why) => listeners.forEach((f) => f(why));
  let locked = false;
  return {
    state,
    doc: () => state.docs[state.system],
    onChange: (f) => listeners.push(f),
    /** Applies fn(doc) as one undoable step; steps with the same mergeKey within 1.5 s merge. */
    edit(fn, mergeKey = null) {
      if (locked) return;
      const h = history[state.system];
      const now = Date.now();
      if (!(mergeKey && h.mergeKey === mergeKey && now - h.at < 1500)) {
        h.undo.push(JSON.stringify(state.docs[state.system]));
        if (h.undo.length > 200) h.undo.shift();
      }
      h.redo.length = 0;
      h.mergeKey = mergeKey;
      h.at = now;
      fn(state.docs[state.system]);
      changed('edit');
    },
    canUndo: () => history[state.system].undo.length > 0,
    canRedo: () => history[state.system].redo.length > 0,
    undo() { this.step('undo', 'redo'); },
    redo() { this.step('redo', 'undo'); },
    step(from, to) {
      const h = history[state.system];
      if (!h[from].length) return;
      h[to].push(JSON.stringify(state.docs[state.system]));
      state.docs[state.system] = JSON.parse(h[from].pop());
      h.mergeKey = null;
      changed(from);
    },
    reset() { this.edit((d) => Object.assign(d, defaultDoc(state.system))); },
    /** Replaces a system's document (a link, an example) as one undoable step, and shows that system. */
    load(system, next) {
      const was = state.system;
      state.system = system;
      this.edit((d) => { for (const k of Object.keys(d)) delete d[k]; Object.assign(d, JSON.parse(JSON.stringify(next))); });
      if (was !== system) changed('system');
    },
    /** No more edits (a read-only embed). */
    lock() { locked = true; },
    get locked() { return locked; },
    setSystem(id) { state.system = id; changed('system'); },
    setDisplay(v) { state.display = v; changed('display'); },
  };
}

// ---- a request back into a document (examples, embeds written as requests) ----
const axialOf = (h) => (h && Number.isInteger(h.q) && Number.isInteger(h.r) ? { q: h.q, r: h.r }
  : h && Number.isInteger(h.col) && Number.isInteger(h.row) ? toAxial(h.col, h.row) : null);

/**
 * The document a request stands for, as near as the page's forms can hold it: buildRequest of the
 * result asks the same question for the fields the page knows. Throws on a shape it cannot read.
 */
export function requestToDoc(system, req) {
  const s = SYSTEMS[system];
  const def = defaultDoc(system);
  const units = Array.isArray(req.units) ? req.units : [];
  // sides: the request's turn order or baselines first, then the units' sides, then the defaults
  const names = [];
  const addName = (n) => { if (typeof n === 'string' && n && !names.includes(n)) names.push(n); };
  (Array.isArray(req.turnOrder) ? req.turnOrder : []).forEach(addName);
  if (req.baselines && typeof req.baselines === 'object') {
    Object.entries(req.baselines).sort((a, b) => (a[1] === 'bottom' ? -1 : 0) - (b[1] === 'bottom' ? -1 : 0)).forEach(([n]) => addName(n));
  }
  addName(req.activeSide);
  units.forEach((u) => addName(u?.side));
  for (const side of def.sides) if (names.length < 2) addName(side.name);
  const doc = { params: req.params && typeof req.params === 'object' ? req.params : {}, sides: names.slice(0, 2).map((name, i) => ({ name, color: SIDE_COLOURS[i] })) };
  const tmpl = s.newUnit();
  const copyProfile = (u, out) => { for (const k of Object.keys(tmpl)) if (u[k] !== undefined) out[k] = u[k]; return out; };
  if (s.board === 'free') {
    doc.table = req.table && typeof req.table === 'object' ? { width: req.table.width, height: req.table.height } : def.table;
    doc.terrain = (Array.isArray(req.terrain) ? req.terrain : []).map((t) => ({ id: t.id, kind: t.kind, polygon: t.polygon }));
    doc.units = units.map((u) => {
      const out = copyProfile(u, { ...JSON.parse(JSON.stringify(tmpl)), id: u.id, side: u.side, x: u.x, y: u.y, facing: u.facing ?? 0 });
      if (system === 'arcane-legions' && !u.base && u.width !== undefined) out.base = 'custom';
      if (system === 'ninth-age') { out.shape = 'custom'; out.fled = u.fled === true; out.sameCombat = u.sameCombat === true; }
      return out;
    });
  } else {
    const b = req.board && typeof req.board === 'object' ? req.board : system === 'cc-ancients' ? { preset: 'cc-ancients' } : def.board;
    const terrain = [];
    if (b.preset) doc.board = { preset: b.preset };
    else if (Array.isArray(b.hexes)) {
      const offs = b.hexes.map(axialOf).filter(Boolean).map((h) => toOffset(h.q, h.r));
      doc.board = { cols: Math.max(1, ...offs.map((o) => o.col + 1)), rows: Math.max(1, ...offs.map((o) => o.row + 1)) };
      for (const h of b.hexes) if (h?.terrain) terrain.push({ ...axialOf(h), terrain: h.terrain });
    } else doc.board = { cols: b.cols, rows: b.rows };
    for (const t of Array.isArray(b.terrain) ? b.terrain : []) terrain.push({ ...axialOf(t), terrain: t.terrain });
    doc.terrain = terrain;
    doc.units = units.map((u) => {
      const first = axialOf(Array.isArray(u.hexons) && u.hexons.length ? u.hexons[0] : u) ?? { q: 0, r: 0 };
      const out = copyProfile(u, { ...JSON.parse(JSON.stringify(tmpl)), id: u.id, side: u.side, ...first });
      if (Array.isArray(u.hexons) && u.hexons.length > 1) { out.size = 'huge'; out.hexonCount = u.hexons.length; }
      return out;
    });
  }
  const query = own(s.queries, req.query) ? req.query : def.query;
  const inputs = {};
  for (const f of s.queries[query].fields) {
    const v = req[f.key];
    if (v === undefined) continue;
    inputs[f.key] = f.kind === 'path' && Array.isArray(v) ? v.map(axialOf).filter(Boolean) : v;
  }
  // A query whose request fields are not its input fields one to one reads them back itself.
  if (s.queries[query].parse) Object.assign(inputs, s.queries[query].parse(req));
  if (req.order && typeof req.order === 'object') { // Arcane Legions move
    Object.assign(inputs, { unit: req.order.unit, actions: req.order.actions });
    if (req.order.slide) inputs.slide = req.order.slide;
    if (req.order.snapSide) inputs.snapSide = req.order.snapSide;
  }
  if (req.pursued && typeof req.pursued === 'object') { // Ninth Age pursue
    if (req.pursued.unit !== undefined) inputs.pursuedUnit = req.pursued.unit;
    inputs.fleeFacing = req.pursued.facing;
    inputs.fleeDistance = req.pursued.fleeDistance;
    inputs.pursuers = (Array.isArray(req.pursuers) ? req.pursuers : []).map((p) => ({ unit: p.unit, distance: p.distance, overrun: p.overrun === true }));
  }
  doc.query = query;
  doc.inputs = { [query]: inputs };
  return doc;
}
