// GODSGLOOM on the page (docs/api/godsgloom.md): its model entry (speed, tokens, traits; facing),
// terrain colours, drawers (Engagement Zones), verdicts and result text.
import { SIDE_COLOURS, num, list, hexUnit, hexMove, whatIfReach } from '../fields.js';
import { PATH, ZONE, isHex, arr, hexKey, colRow, plural, el, section, badgesMark } from '../draw.js';
import { reachCells, whatIfCells, pickedPath, hexStart, drawHexMove } from '../draw-hex.js';
import { toAxial } from '../hex.js';
import { hexPainting } from '../board-hex.js';
import { hexScene } from '../scene-hex.js';
import { initPlayHex } from '../play-hex.js';

// The parent form of a reach ("paths": "parent"): its nodes are numbered (`node`), each entry names
// the node before it (`parentNode`), and the hexes its paths cross without ending there are listed
// under `through`; an entry without a node number names its `parent` hex, reached or passed through.
function parentOf(r, reach) {
  const via = new Map(arr(r?.through).filter(isHex).map((h) => [hexKey(h), h]));
  const nodes = new Map();
  for (const h of [...arr(r?.hexes), ...arr(r?.through)].filter(isHex)) if (Number.isInteger(h.node)) nodes.set(h.node, h);
  return (e) => (Number.isInteger(e.parentNode) ? nodes.get(e.parentNode) ?? null
    : isHex(e.parent) ? reach.get(hexKey(e.parent)) ?? via.get(hexKey(e.parent)) ?? null : null);
}

function drawGGReach(out, r, req, pick, extra) {
  const hexes = arr(r.hexes).filter(isHex);
  reachCells(out, hexes, (h) => [h.engaged ? (h.mayMeleeAttack ? 'A' : 'no A') : '', h.nimble ? 'N' : '', h.minimumMove ? 'min' : ''].filter(Boolean).join(' ') || undefined,
    (h) => h.endedBy === 'engagement-zone' || h.endedBy === 'minimum-move');
  // every enemy's zone (the answer's `zones`; an older answer: the zone hexes the unit can end in),
  // and lines from the zone hexes it can end in to the enemies whose zones they are
  const sources = new Set();
  const zone = hexes.filter((h) => arr(h.engagedWith).length);
  if (Array.isArray(r.zones)) zoneCells(out, r.zones);
  else if (zone.length) out.overlay.push({ type: 'hexes', cells: zone.map((h) => ({ q: h.q, r: h.r, color: 'rgba(179,38,30,0.12)', outline: ZONE, hatch: true })) });
  for (const h of zone) for (const e of arr(h.engagedWith)) {
    sources.add(e);
    const s = out.unitHex(e);
    if (s) out.mark({ type: 'line', hexFrom: s, hexTo: h, color: ZONE, dashed: true });
  }
  if (!Array.isArray(r.zones)) for (const e of sources) out.ring(e, ZONE, 'zone source');
  if (!req.ignoreUnits) whatIfCells(out, extra?.whatIf);
  const start = isHex(r.start) ? r.start : hexStart(req, req.unit);
  if (r.stay && isHex(r.stay)) out.mark({ type: 'mark', shape: 'hex', hex: r.stay, color: PATH, label: r.stay.engaged ? 'stays engaged' : undefined });
  pickedPath(out, req.unit, start, pick, r, parentOf(r, out.reach));
}

/**
 * GODSGLOOM Engagement Zones, every enemy's (docs/api/godsgloom.md `zones`): hatched over the
 * reach shading, which stays readable beneath (no fill where the unit can end; a faint fill and a
 * dashed outline where it cannot); each enemy exerting one is ringed.
 */
function zoneCells(out, zones) {
  const cells = new Map();
  for (const z of arr(zones)) {
    for (const h of arr(z.hexes).filter(isHex)) {
      const k = hexKey(h);
      if (!cells.has(k)) cells.set(k, { q: h.q, r: h.r, lockdown: false });
      if (z.lockdown) cells.get(k).lockdown = true;
    }
    if (arr(z.hexes).length) out.ring(z.unit, ZONE, z.lockdown ? 'Lockdown' : undefined);
  }
  out.overlay.push({ type: 'hexes', cells: [...cells.values()].map((h) => (out.reach.has(hexKey(h))
    ? { q: h.q, r: h.r, color: 'rgba(0,0,0,0)', outline: ZONE, hatch: true }
    : { q: h.q, r: h.r, color: 'rgba(179,38,30,0.08)', outline: ZONE, dashed: true, hatch: true, badge: h.lockdown ? 'Lockdown' : undefined })) });
}


/** A move: the path, its end, every enemy's zone and the enemies it ends engaged with. */
function drawGGMove(out, r, req) {
  drawHexMove(out, r, req);
  if (Array.isArray(r.zones)) zoneCells(out, r.zones);
  for (const e of arr(r.engagedWith)) out.ring(e, ZONE, 'engages');
}

// the marks of this game's drawings, for the legend beside the board (draw.js MARKS has the shared ones)
const BADGE_PARTS = [
  ['A', 'it ends there Engaged and may still make a Melee Attack'],
  ['no A', 'Engaged, and may not'],
  ['N', 'Nimble used to get there'],
  ['min', 'reached by the minimum move (1 hex, whatever it costs)'],
  ['Lockdown', 'the zone of an enemy with Lockdown, which Nimble does not pass'],
];
const BADGES = `a badge on a hex: ${BADGE_PARTS.map(([letters, words]) => `${letters}, ${words}`).join('; ')}`;
const OWN_MARKS = {
  zone: { swatch: 'hatch', color: ZONE, text: 'an enemy Engagement Zone (red hatching)' },
  source: { swatch: 'outline', color: ZONE, text: 'an enemy exerting a zone (ringed red; Lockdown where it locks the unit down)' },
  toSource: { swatch: 'line', color: ZONE, dashed: true, text: 'from a zone hex it can end in to the enemy whose zone it is' },
  stay: { swatch: 'outline', color: PATH, text: 'its own hex: it may stay there and turn' },
  // the reach's badges (drawGGReach) spelled out where the board shows them: "A" and "N" were
  // unexplained but by the Result's list, a tab away on a phone (a newcomer's review)
  badges: badgesMark({ swatch: 'marker', symbol: 'A', name: 'A badge', color: '#1b2430', boxed: true }, BADGES, BADGE_PARTS,
    'a dark dot at the hex’s top: its badges have no room (zoom in to read them)'),
};
drawGGReach.marks = ['unit', OWN_MARKS.stay, 'costHexes', OWN_MARKS.badges, 'stopHex', OWN_MARKS.zone, OWN_MARKS.source, OWN_MARKS.toSource, 'whatIf', 'numbered'];
drawGGMove.marks = ['unit', 'numbered', 'endHex', OWN_MARKS.zone, OWN_MARKS.source];

const game = {
  hexPainting, // the hex board's painting (board-hex.js: in the hex games' files, not the page's)
  hexScene, // its scene and its terrain's legend (scene-hex.js: likewise)
  hasFacing: true,
  unitFields: [
    { key: 'speed', label: 'Speed', kind: 'number', min: 0, step: 1 },
    { key: 'tokens', label: 'Tokens (comma-separated, e.g. slow, fast)', kind: 'list' },
    { key: 'traits', label: 'Traits (e.g. nimble, circular defence)', kind: 'list' },
    { key: 'abilities', label: 'Abilities', kind: 'list' },
  ],
  newUnit: () => ({ facing: 0, speed: 3, tokens: [], traits: [], abilities: [] }),
  unitJSON: (u) => hexUnit(u, { facing: u.facing, speed: num(u.speed), traits: list(u.traits), abilities: list(u.abilities), tokens: list(u.tokens) }),
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
  terrainColours: {
    difficult: '#8d6e63', impassable: '#4e342e', hill: '#8d6e63', forest: '#2e7d32', barricades: '#a1887f', river: '#1e88e5',
    swamp: '#00796b', ruins: '#9e9e9e', rubble: '#bdbdbd', cliffs: '#424242', lake: '#1565c0', building: '#616161', statue: '#757575',
  },
  // the scalar fields of its answers listed under Result, in this order (results.js)
  factKeys: ['movementPoints', 'endedBy', 'moveType', 'speed', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'mayMeleeAttack', 'nimble', 'minimumMove', 'blocks', 'steps', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'],
  // why a move ends on a hex (endedBy, docs/api/godsgloom.md) in words
  stopWords: { choice: 'it could go on from there', points: 'no movement point is left for another hex', 'engagement-zone': 'its move ends on entering an Engagement Zone (GG-8.3)', 'minimum-move': 'reached only by the minimum move (GG-8.3-MMG)',
    'engaged-start': 'it started Engaged: one hex only (GG-8.2)', teleport: 'by Teleport', reposition: 'by Reposition', illegal: 'its move stops before a hex it may not enter' },
  factNames: { moveType: 'kind of move', mayMeleeAttack: 'may still make a Melee Attack', minimumMove: 'minimum move only' },
  draw: { reach: drawGGReach, move: drawGGMove },
  verdictNote(r) {
    if (r.legal === false || typeof r.engaged !== 'boolean' || !Array.isArray(r.engagedWith)) return '';
    return r.engaged ? ` Ends Engaged with ${r.engagedWith.join(', ')}${r.mayMeleeAttack === false ? ', no Melee Attack' : typeof r.mayMeleeAttack === 'boolean' ? '; may still make a Melee Attack' : ''}.` : '';
  },
  hexFacts(h) {
    const bits = [];
    if (typeof h.engaged === 'boolean') bits.push(h.engaged ? `ends Engaged with ${arr(h.engagedWith).join(', ')}` : 'not Engaged');
    if (h.engaged && typeof h.mayMeleeAttack === 'boolean') bits.push(h.mayMeleeAttack ? 'may still make a Melee Attack' : 'no Melee Attack');
    if (h.nimble) bits.push('uses Nimble');
    if (h.minimumMove) bits.push('minimum move');
    if (arr(h.facings).length && arr(h.facings).length < 6) bits.push(`facings ${h.facings.join(', ')}`);
    return bits;
  },
  legend: (r) => (arr(r.hexes).some((x) => x.engaged !== undefined) ? [`Red hatched hexes lie in an enemy Engagement Zone${Array.isArray(r.zones) ? ' (every enemy’s zone, with a dashed outline where the unit cannot end; each enemy exerting one is ringed)' : ''}; dashed lines lead from the zone hexes it can end in to the enemy; A: may still make a Melee Attack there, no A: may not; N: Nimble used; min: the minimum move; a thick outline: the move must stop there.`] : []),
  leadFacts(r) {
    const facts = [];
    if (arr(r.engagedWith).length) facts.push(`Engaged with: ${r.engagedWith.join(', ')}`);
    if (arr(r.startEngagedWith).length) facts.push(`starts Engaged with: ${r.startEngagedWith.join(', ')}`);
    return facts;
  },
  endFacts: (r) => (r.stay && typeof r.stay === 'object' ? [`staying put: ${r.stay.engaged ? `Engaged with ${arr(r.stay.engagedWith).join(', ')}` : 'not Engaged'}, may turn to ${arr(r.stay.facings).join(', ')}`] : []),
  moreFacts(r) {
    const facts = [];
    const zoned = arr(r.hexes).filter((h) => h.engaged === true).length;
    if (arr(r.hexes).some((h) => typeof h.engaged === 'boolean')) facts.push(`${plural(zoned, 'of them lies', 'of them lie')} in an enemy Engagement Zone (hatched)`);
    if (Array.isArray(r.zones) && r.zones.length) facts.push(`Engagement Zones (red hatching): ${r.zones.map((z) => `${z.unit} ${plural(arr(z.hexes).length, 'hex', 'hexes')}${z.lockdown ? ', Lockdown' : ''}`).join('; ')}`);
    return facts;
  },
  sections: (r) => section('Steps', arr(r.steps), (s) => el('li', `${colRow(s)}: cost ${s.cost}, ${s.spent} spent`), true),
};
export default game;

// In play, a tap on a unit shows its reach.
game.tapQuery = 'reach';
// A tap on a hex the reach does not reach asks why; the ways to a reached hex (its
// `alternatives`: one that does without Nimble) are told apart by Nimble and the Melee Attack.
game.whyNotQuery = 'whyNot';
// a drag in play is the unit's move, ruled by its reach (play-hex.js)
game.play = { hex: initPlayHex };
game.bestWay = 'The cheapest way';
game.wayFacts = (w) => [w.nimble ? 'uses Nimble' : 'does not use Nimble',
  w.mayMeleeAttack === true ? 'keeps its Melee Attack' : w.mayMeleeAttack === false ? 'no Melee Attack' : ''].filter(Boolean);
