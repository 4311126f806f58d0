// Commands & Colors: Ancients on the page (docs/api/cc-ancients.md): its model entry (unit types;
// reach, move, order, retreat and evade), the board's sections and baselines, terrain colours,
// drawers, verdicts and result text.
import { SIDE_COLOURS, num, opt, unitField, arr, wholeOrNone, hexUnit, pathJSON, axialOf, hexMove, whatIfReach } from '../fields.js';
import { BAD, WARN, isHex, el, ruleItem, section } from '../draw.js';
import { reachCells, whatIfCells, pickedPath, hexStart, drawHexMove, drawHexPath } from '../draw-hex.js';
import { toAxial, center, key } from '../hex.js';
import { hexPainting } from '../board-hex.js';
import { hexScene } from '../scene-hex.js';
import { initPlayHex } from '../play-hex.js';
import { initPlayOrders } from '../play-orders.js';
import { loadOnce } from '../panels.js';

// A leader's corner of his hex (his small token's, board-hex.js smallDisc; scene-hex.js asks it as `placeUnits`): upper right, lower right, upper left,
// lower left, each with the two neighbours it borders (axial steps). The first whose neighbours
// hold no unit's token is the small one's: a C&C leader at the upper right corner beside a unit on
// the hex up and to the right read as that unit's leader (a newcomer's review).
const SMALL_CORNERS = [[[1, 0], [1, -1]], [[1, 0], [0, 1]], [[-1, 0], [0, -1]], [[-1, 0], [-1, 1]]];
function placeSmall(units) {
  if (!units.some((u) => u.small)) return;
  const held = new Set();
  for (const u of units) if (!u.small) for (const h of u.hexes) held.add(key(h.q, h.r));
  for (const u of units) {
    if (!u.small) continue;
    const crowd = SMALL_CORNERS.map((pair) => pair.filter(([dq, dr]) => held.has(key(u.q + dq, u.r + dr))).length);
    u.corner = crowd.indexOf(Math.min(...crowd));
  }
}

// What only a retreat and an evade draw and say (cc-ancients-later.js), fetched the first time an
// answer needs it (`needs`, which app.js awaits with the engine's answer); `later.ready` is the
// module once it has come.
const later = loadOnce(() => import('./cc-ancients-later.js'));
const wantsLater = (request) => request?.query === 'retreat' || request?.query === 'evade';
// an order's drawing and running total (cc-ancients-order.js), fetched the same way at the first order,
// and the question form's field of its units, when the form first shows an order
const order = loadOnce(() => import('./cc-ancients-order.js'));
// outside the page (the CLIs, the tests in Node), with the modules at once, as games/index.js loads every game
if (typeof MOVECALC_PAGE === 'undefined') await Promise.all([later.get(), order.get()]);

const CC_TYPES = ['light infantry', 'light bow infantry', 'slinger', 'auxilia', 'warrior',
  'medium infantry', 'heavy infantry', 'heavy war machine', 'light cavalry', 'light bow cavalry',
  'barbarian chariot', 'medium cavalry', 'camel', 'heavy cavalry', 'elephant', 'heavy chariot', 'cataphracted camel',
  'heavy cataphracted cavalry', 'leader'];
// A C&C order (docs/api/cc-ancients.md "order"): a command card and the units it orders, each
// row one unit with the path it moves (drawn with the Path tool on the row chosen to draw), in
// the sequence played; a row without a path orders the unit without moving it. Move-Fire-Move
// rows can mark the move after ranged combat (`second`). I Am Spartacus is asked by the dice
// rolled (a count per symbol), or by its number of orders when no die is entered.
const CC_CARDS = [['section', 'Section'], ['order mounted troops', 'Order Mounted Troops'], ['mounted charge', 'Mounted Charge'],
  ['order light troops', 'Order Light Troops'], ['move-fire-move', 'Move-Fire-Move'], ['i am spartacus', 'I Am Spartacus'],
  ['leadership', 'Leadership'], ['double time', 'Double Time'], ['line command', 'Line Command']];
const CARDS_WITH_ORDERS = ['section', 'order mounted troops', 'mounted charge', 'order light troops', 'move-fire-move', 'i am spartacus'];
const SECTIONS = ['left', 'center', 'right'].map((x) => [x, x]);
const cardOf = (i) => i.card ?? 'section';
const DICE = [['light', 'Dice rolled: light'], ['medium', 'medium'], ['heavy', 'heavy'], ['leader', 'leader (helmet)'], ['flag', 'flag'], ['swords', 'swords']];
const diceKey = (d) => `dice.${d}`;
const spartacusDice = (i) => DICE.flatMap(([d]) => Array(Math.max(0, Math.min(64, Math.floor(num(i[diceKey(d)]))))).fill(d));
/** The rows of a C&C order's inputs (an older page kept one `unit` and its `path`). */
const orderRows = (i) => (Array.isArray(i.moves) ? i.moves : i.unit ? [{ unit: i.unit, path: i.path ?? [] }] : []);
/**
 * The question form's field of an order's units (orders-field.js, with the order's code): until
 * that code has come, the field's legend alone, and the form drawn again (`page.again`) once it has.
 */
function orderUnits(page, spec, inputs, units) {
  if (order.ready) return order.ready.ordersField(page, spec, inputs, units);
  order.get().then(page.again, () => {});
  const box = el('fieldset', undefined, 'list-field orders');
  box.dataset.slot = spec.key;
  box.setAttribute('aria-busy', 'true');
  box.append(el('legend', 'Ordered units, in the order they move'));
  return box;
}
const ccOrder = {
  fields: [{ key: 'card', label: 'Command card', kind: 'select', options: CC_CARDS },
    { key: 'section', label: 'Section', kind: 'select', options: SECTIONS, when: (i) => cardOf(i) === 'section' },
    { key: 'orders', label: 'Orders on the card', kind: 'number', min: 1, max: 64, step: 1, when: (i) => CARDS_WITH_ORDERS.includes(cardOf(i)) && !(cardOf(i) === 'i am spartacus' && spartacusDice(i).length) },
    ...DICE.map(([d, label]) => ({ key: diceKey(d), label, kind: 'number', min: 0, max: 8, step: 1, when: (i) => cardOf(i) === 'i am spartacus' })),
    { key: 'leader', label: 'Leader (blank: one unit of choice)', kind: 'unit', optional: true, when: (i) => cardOf(i) === 'leadership' },
    { key: 'inspired', label: 'Inspired Leadership in section', kind: 'select', options: [['', '(not inspired)'], ...SECTIONS], when: (i) => cardOf(i) === 'leadership' },
    { key: 'linked', label: 'Units in linked hexes (blank: the card’s)', kind: 'number', min: 0, max: 64, step: 1, when: (i) => cardOf(i) === 'leadership' },
    { key: 'moves', label: 'Ordered units', kind: 'orders', rows: orderRows, render: orderUnits,
      // each row a unit, its path and whether it is a Move-Fire-Move second move
      check: (v, p, c) => c.array(v, p, c.LIMITS.list).map((m, i) => {
        const pp = `${p}[${i}]`;
        c.obj(m, pp);
        const row = { unit: c.unitRef(m.unit, `${pp}.unit`), path: c.array(m.path ?? [], `${pp}.path`, c.LIMITS.path).map((h, k) => c.hexPoint(h, `${pp}.path[${k}]`)) };
        if (m.second !== undefined) { if (typeof m.second !== 'boolean') c.at(`${pp}.second`, 'must be true or false'); row.second = m.second; }
        return row;
      }) }],
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
    unitField('attacker', 'Attacker (optional)', true),
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
  fields: [unitField(), unitField('attacker', 'Attacker (optional)', true)],
  build(i) { return opt({ unit: i.unit }, 'attacker', i.attacker || undefined); },
  parse: (req) => ({ unit: req.unit, attacker: req.attacker ?? '' }),
};

function drawCCReach(out, r, req, pick, extra) {
  const hexes = arr(r.hexes).filter(isHex);
  reachCells(out, hexes, (h) => (h.mustBattle ? 'B!' : h.canBattle === false ? 'no B' : arr(h.adjacentEnemies).length ? 'B' : undefined),
    (h) => h.stoppedBy === 'terrain' || h.stoppedBy === 'leader');
  if (!req.ignoreUnits) whatIfCells(out, extra?.whatIf);
  pickedPath(out, req.unit, hexStart(req, req.unit), pick, r);
}


drawCCReach.marks = ['unit', 'costHexes', 'badge', 'stopHex', 'whatIf', 'numbered'];
const drawCCOrder = (out, r, req) => order.ready?.drawCCOrder(out, r, req, drawHexPath);
drawCCOrder.marks = ['unit', 'numbered', 'endHex', { swatch: 'line', color: BAD, text: 'a move not made' },
  { swatch: 'line', color: BAD, dashed: true, text: 'to an adjacent enemy it must battle' }, { swatch: 'line', color: WARN, dashed: true, text: 'to an adjacent enemy' }];
// a retreat and an evade drawn by cc-ancients-later.js (fetched before their first answer is drawn: `needs`)
const drawCCRetreat = (out, r, req) => later.ready?.drawCCRetreat(out, r, req);
const drawCCEvade = (out, r, req) => later.ready?.drawCCEvade(out, r, req);
drawCCRetreat.marks = ['unit', 'numbered', 'altPath', 'collision', 'endHex'];
drawCCEvade.marks = ['unit', 'numbered', 'altPath', 'collision', 'endHex'];

const game = {
  hexPainting, // the hex board's painting (board-hex.js: in the hex games' files, not the page's)
  hexScene, // its scene and its terrain's legend (scene-hex.js: likewise)
  // the game's own board (the engine's preset of the same name): 13 × 9, odd rows one hex shorter
  presets: { 'cc-ancients': { rows: 9, cols: (row) => (row & 1 ? 12 : 13), note: 'The 13 × 9 board: odd rows hold 12 hexes; dotted lines mark the three sections.' } },
  unitFields: [{ key: 'type', label: 'Unit type', kind: 'select', options: CC_TYPES.map((t) => [t, t]) }],
  newUnit: () => ({ type: 'medium infantry' }),
  unitJSON: (u) => hexUnit(u, { type: u.type }),
  queries: {
    reach: whatIfReach, move: hexMove,
    order: ccOrder, retreat: ccRetreat, evade: ccEvade,
  },
  defaults: () => ({
    board: { preset: 'cc-ancients' }, sides: [{ name: 'Rome', color: SIDE_COLOURS[0] }, { name: 'Carthage', color: SIDE_COLOURS[1] }],
    units: [
      { id: 'Hastati', side: 'Rome', ...toAxial(6, 6), type: 'medium infantry' },
      { id: 'Principes', side: 'Rome', ...toAxial(7, 5), type: 'heavy infantry' },
      { id: 'Equites', side: 'Rome', ...toAxial(9, 7), type: 'medium cavalry' },
      { id: 'Scipio', side: 'Rome', ...toAxial(6, 7), type: 'leader' },
      { id: 'Numidians', side: 'Carthage', ...toAxial(5, 2), type: 'light cavalry' },
      { id: 'Elephants', side: 'Carthage', ...toAxial(8, 2), type: 'elephant' },
    ],
    terrain: [{ ...toAxial(3, 4), terrain: 'forest' }, { ...toAxial(4, 4), terrain: 'forest' }, { ...toAxial(9, 4), terrain: 'hill' }, { ...toAxial(9, 5), terrain: 'hill' }],
    query: 'reach',
    inputs: { reach: { unit: 'Hastati' }, move: { unit: 'Hastati', path: [toAxial(6, 5), toAxial(6, 4)] }, order: { card: 'section', section: 'center', orders: 3, moves: [{ unit: 'Hastati', path: [] }], active: 0 }, retreat: { unit: 'Hastati', flags: 1, attacker: 'Numidians' }, evade: { unit: 'Numidians', attacker: 'Hastati' } },
  }),
  terrainColours: {
    forest: '#2e7d32', hill: '#8d6e63', 'broken ground': '#a1887f', river: '#1e88e5', 'fordable river': '#64b5f6',
    marsh: '#00897b', seacoast: '#0277bd', lake: '#1565c0', 'fortified camp': '#795548', ramparts: '#5d4037',
  },
  /** The request's baselines, from the two side names (first side bottom). */
  positionExtras: (doc) => (doc.board.preset ? { baselines: { [doc.sides[0].name]: 'bottom', [doc.sides[1].name]: 'top' } } : {}),
  newUnitName: (t) => t.type,
  // leaders are drawn small, over the unit they stand with
  sceneUnit: (u) => ({ small: u.type === 'leader', badge: u.type.split(' ').map((w) => w[0].toUpperCase()).join('') }),
  placeUnits: placeSmall,
  drawOrder: (u) => (u.type === 'leader' ? 1 : 0),
  /** The board's three sections (dotted lines) and each side's baseline. */
  // what sceneExtras draws on the preset board, in the legend of every query
  boardMarks: [{ swatch: 'line', color: '#3d3a30', dashed: true, text: 'a section line: left flank, center and right flank sections' },
    { swatch: 'line', color: '#1b2430', thick: true, text: 'a side’s own baseline, in its colour' }],
  sceneExtras(d, colourOf) {
    if (!d.board.preset) return {};
    return {
      sections: [4, 8].map((col) => center(col, 0)[0]),
      baselines: [{ y: center(0, 8)[1] + 1.05, color: colourOf(d.sides[0].name) }, { y: -1.05, color: colourOf(d.sides[1].name) }],
    };
  },
  // the scalar fields of its answers listed under Result, in this order (results.js)
  factKeys: ['movementPoints', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'canBattle', 'mustBattle', 'stoppedBy', 'leaderAttaches', 'attachesTo', 'engaged', 'ordersUsed', 'ordersAllowed', 'blocks', 'blocksLeft', 'hexesPerFlag', 'extraHexesPerFlag', 'maxIgnored', 'eligible', 'canEvade', 'evadesOnly', 'unitEliminated', 'leaderMovesWith', 'removedAfterEvade', 'steps', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'],
  // why a move or retreat stops (stoppedBy, docs/api/cc-ancients.md) in words
  stopWords: { terrain: 'its move stops there: terrain', leader: 'its move stops on a lone friendly leader', allowance: 'its move ends with its allowance used', complete: 'it retreats the whole way', blocked: 'its retreat is blocked' },
  factNames: { canBattle: 'may battle', mustBattle: 'must battle', leaderAttaches: 'leader attaches', attachesTo: 'attaches to', ordersUsed: 'orders used', ordersAllowed: 'orders allowed', blocksLeft: 'blocks left after the hits', hexesPerFlag: 'hexes per flag', extraHexesPerFlag: 'extra hexes per flag', maxIgnored: 'flags it may disregard', eligible: 'may evade at all', canEvade: 'can evade', evadesOnly: 'may evade only', unitEliminated: 'its unit was eliminated', leaderMovesWith: 'leader moving with it', removedAfterEvade: 'removed after evading' },
  draw: { reach: drawCCReach, move: drawHexMove, order: drawCCOrder, retreat: drawCCRetreat, evade: drawCCEvade },
  verdict(q, r) {
    if (q === 'retreat') return later.ready?.retreatVerdict(r);
    if (q === 'evade') return later.ready?.evadeVerdict(r);
    return undefined;
  },
  verdictNote: (r) => (r.legal !== false && typeof r.canBattle === 'boolean' ? (r.mustBattle ? ' It must battle.' : r.canBattle ? ' It may battle.' : ' It may not battle.') : '')
    // an order: the orders it takes and who may still battle (the running total of a card played
    // on the board: said here only, not again in its bar)
    + (Number.isFinite(r.ordersUsed) && Number.isFinite(r.ordersAllowed) ? order.ready?.orderTotal(r) ?? '' : ''),
  // an order made: who may battle stays said, first (it went with the order's verdict, and the
  // battles are what the player does next; where each unit went is on the board)
  madeNote: (request, r) => (request.query === 'order' ? order.ready?.orderBattle(r).trim() ?? '' : ''),
  legalWord: (q) => (q === 'order' ? 'order' : 'move'),
  hexFacts(h) {
    const bits = [];
    if (typeof h.canBattle === 'boolean') bits.push(h.mustBattle ? 'must battle' : h.canBattle ? 'may battle' : `may not battle${h.noBattleRule ? ` (${h.noBattleRule})` : ''}`);
    if (arr(h.adjacentEnemies).length) bits.push(`next to ${h.adjacentEnemies.join(', ')}`);
    if (h.warriorCharge) bits.push('warrior charge');
    if (h.leaderAttaches) bits.push(`leader ${h.leaderAttaches} attaches`);
    if (h.attachesTo) bits.push(`attaches to ${h.attachesTo}`);
    if (h.marshRoll) bits.push('marsh: roll a die');
    return bits;
  },
  legend: (r) => (arr(r.hexes).some((x) => x.canBattle !== undefined) ? ['B: may battle an adjacent enemy; B!: must battle; no B: may not battle; a thick outline: terrain or a leader stops the move there.'] : []),
  // an order's details (who may battle first, then how each moved) and its moves' own reasons:
  // cc-ancients-order.js's, which every order's answer waits for (`needs`); only an order's answer
  // has `battle` and `moves`
  answer: (r, request) => (request.query === 'order' ? order.ready?.battleSection(r) : null) ?? [],
  sections(r, request) {
    const parts = (request.query === 'order' ? order.ready?.movesSection(r, game.stopWords) : null) ?? [];
    if (request.query === 'retreat') {
      parts.push(...section('Flags it may disregard', arr(r.ignorable), (x) => ruleItem(x.rule, `${x.means}${arr(x.by).length ? ` (${x.by.join(', ')})` : ''}${x.terrain ? ` (${x.terrain})` : ''}${x.ifLeaderSurvives ? ', if the leader survives' : ''}`)));
      parts.push(...section('Retreat paths (the best numbered on the board, the others dashed)', arr(r.paths), (p) => el('li', later.ready?.retreatPathText(p, r.paths.indexOf(p), game.stopWords) ?? '')));
    }
    if (request.query === 'evade') parts.push(...section('Evade paths (the first numbered on the board, the others dashed; each end marked with the numbers of the paths ending there)', arr(r.paths), (p) => el('li', later.ready?.evadePathText(p, r.paths.indexOf(p)) ?? '')));
    return parts;
  },
  moreReasons: (r) => (arr(r.moves).length ? order.ready?.moreReasons(r) : null) ?? [],
};
export default game;
// Set up's unit tray (unit-tray.js): a kind for each of these
game.trayField = 'type';

// In play, a tap on a unit shows its reach; Make this move applies a whole order (every
// move made, each unit to its end hex) as one step.
game.tapQuery = 'reach';
// A tap on a hex the reach does not reach asks the engine why.
game.whyNotQuery = 'whyNot';
// An order moves its units all at once: every piece where the order left it (`final.units`, leaders
// with the units they went with), else each legal move's end. A retreat moves the unit along its
// best path (fewest hexes short, CCA's retreat rules) and takes off what the hits or the retreat
// eliminated, blockers too.
const retreatPath = (r) => (Number.isInteger(r?.bestPath) ? arr(r.paths)[r.bestPath] : r?.bestPath && typeof r.bestPath === 'object' ? r.bestPath : undefined);
game.canApply = (request, result) => (request.query === 'order' && arr(result?.moves).some((m) => m.legal !== false && m.final))
  || (request.query === 'retreat' && (!!result?.eliminated || isHex(retreatPath(result)?.final)));
game.applyRuling = (request, result, byId, moveTo, remove) => {
  if (request.query === 'order') {
    const pieces = arr(result.final?.units).filter(isHex);
    if (pieces.length) for (const p of pieces) moveTo(byId(p.id), p);
    else for (const m of arr(result.moves)) if (m.legal !== false) moveTo(byId(m.unit), m.final);
  } else if (request.query === 'retreat') {
    const path = retreatPath(result);
    if (result.eliminated || path?.eliminated) { remove(request.unit); return; }
    moveTo(byId(request.unit), path?.final);
    for (const b of arr(path?.blockersLose)) if (b.eliminated) remove(b.unit);
  }
};
// once made, an order is done: the next card orders its own units (in play, chosen again)
game.queries.order.made = (i) => { Object.assign(i, { moves: [], active: 0 }); delete i.played; };
// a card in play (`played`, play-orders.js) is kept by a link: opened, the card is still being played
game.queries.order.kept = { played: (v, p, c) => (v === true ? true : c.at(p, 'must be true')) };
// In play a command card is chosen first, then each unit it orders dragged (play-orders.js).
game.playOrder = true;
// a promise while the answer to `request` needs cc-ancients-later.js or cc-ancients-order.js and
// it has not come; else null
game.needs = (request) => (wantsLater(request) ? (later.ready ? null : later.get()) : request?.query === 'order' && !order.ready ? order.get() : null);
game.play = { orders: initPlayOrders, hex: initPlayHex };
// the phone's first-visit hint (app.js coach): one sentence of the play note
game.playHint = 'Tap Left, Center or Right, then drag each unit it orders.';
game.playNote = 'Choose a card on the bar (Left, Center, Right or another), then drag each unit it orders: its way, cost and what is left follow your finger, and the orders left show on the board. The last order makes the move (Make this move makes it sooner). Tap a unit for its reach.';
// The cards play offers besides the section cards (docs/api/cc-ancients.md "order", CCA-CD-1):
// `orders` those counting the orders chosen (Command), `leader` the one given by a leader
// (Leadership), `twice` the one moving its units before and after ranged combat (Move-Fire-Move).
// the Inspired Leadership cards are the Leadership card given in one section (its `inspired` input)
game.playCards = [...CC_CARDS.filter(([k]) => k !== 'section').map(([card, name]) => ({ card, name,
  orders: CARDS_WITH_ORDERS.includes(card), leader: card === 'leadership', twice: card === 'move-fire-move' })),
...[['left', 'Left'], ['center', 'Center'], ['right', 'Right']].map(([s, word]) => ({ card: 'leadership', key: `leadership ${s}`,
  name: `Inspired ${word} Leadership`, leader: true, inputs: { inspired: s } }))];
/** The leader who gives a Leadership card when piece `id` is ordered first: the piece, or the leader with it (CCA-LD-8). */
game.leaderOf = (id, units) => {
  const u = units.find((v) => v.id === id);
  if (!u) return undefined;
  return u.type === 'leader' ? u.id : units.find((v) => v.type === 'leader' && v.side === u.side && v.q === u.q && v.r === u.r)?.id;
};
