// Torn World on the page (docs/api/torn-world.md): its model entry (infantry on hexes, Large and
// Huge miniatures on hexons, A-TW-1), the hexon lattice on the board, terrain colours, drawers
// (ejections, free attacks, shifts), verdicts and result text.
import { SIDE_COLOURS, num, list, unitField, pathJSON, axialOf, hexMove } from '../fields.js';
import { GOOD, BAD, PATH, WARN, CAND, isHex, arr, colRow, plural, el, ruleItem, reasonText, section, badgesMark } from '../draw.js';
import { reachCells, pickedPath, hexStart, footprint, drawHexMove } from '../draw-hex.js';
import { toAxial, hexonCells, key } from '../hex.js';
import { snapHexon, isHexonCentre, HEXON_DIRS } from './torn-world-hexon.js';
import { hexPainting } from '../board-hex.js';
import { hexScene } from '../scene-hex.js';
import { initPlayHex } from '../play-hex.js';
import { initPlayEject } from '../play-eject.js';

/** A Huge miniature's hexon centres: its own and the next ones of a compact cluster (A-TW-2). */
export function hugeHexons(u) {
  const n = Math.max(1, Math.min(3, num(u.hexonCount, 3)));
  const out = [{ q: u.q, r: u.r }];
  for (let i = 0; out.length < n; i++) out.push({ q: u.q + HEXON_DIRS[i][0], r: u.r + HEXON_DIRS[i][1] });
  return out;
}


/** Does this unit stand on hexon centres (Large and Huge)? */
const onHexons = (u) => u.size === 'large' || u.size === 'huge';

// Why a Free Attack is made, in words: a move's `cause`, or the clause of a reach entry's attack
// (reach entries carry the clause only).
const CAUSE_WORDS = { 'engaged-start': 'started Engaged', 'moved-past': 'moved past', panic: 'Panic move', ejection: 'ejected' };
const RULE_CAUSE = { 'TW-FA-1': 'engaged-start', 'TW-FA-2': 'moved-past', 'TW-FA-3': 'panic', 'TW-EJ-2': 'ejection' };
export const causeWords = (fa) => CAUSE_WORDS[Object.hasOwn(CAUSE_WORDS, fa?.cause) ? fa.cause : RULE_CAUSE[Object.hasOwn(RULE_CAUSE, fa?.rule) ? fa.rule : '']] ?? '';
// Each attacker with why it attacks: "raider (moved past)".
const attackersText = (fas) => fas.map((f) => `${f.unit}${causeWords(f) ? ` (${causeWords(f)})` : ''}`).join(', ');
// "Free Attack on Rogue from Warbeast (moved past)", or "2 Free Attacks on …": a move's, an ejection's, a move made's
// (`then`: " to resolve"). ("on Warbeast: Guardsman (ejected)" read backwards to a newcomer)
const freeAttacksOn = (fas, who, then = '') => `${fas.length === 1 ? 'Free Attack' : `${fas.length} Free Attacks`} on ${who} from ${attackersText(fas)}${then}`;

// A Large or Huge miniature covers whole hexons (A-TW-1): the hexes its footprint can cover, faintly,
// beneath the costs at its centres (each hex once, however many positions cover it).
const FOOTPRINT = 'rgba(29,53,87,0.13)';
function footprintCells(out, cells) {
  const seen = new Set();
  const once = cells.filter((h) => { const k = key(h.q, h.r); if (seen.has(k)) return false; seen.add(k); return true; });
  if (once.length) out.overlay.push({ type: 'hexes', cells: once.map((h) => ({ q: h.q, r: h.r, color: FOOTPRINT })) });
}

function drawTWReach(out, r, req, pick) {
  const hexes = arr(r.hexes).filter(isHex);
  footprintCells(out, hexes.flatMap((h) => footprint(h.hexons)));
  reachCells(out, hexes, (h) => [arr(h.freeAttacks).length ? `FA${arr(h.freeAttacks).length}` : '', arr(h.ejects).length ? `E${arr(h.ejects).length}` : '', arr(h.destroyed).length ? 'D' : ''].filter(Boolean).join(' ') || undefined);
  const picked = pickedPath(out, req.unit, hexStart(req, req.unit), pick, r);
  if (picked) for (const fa of arr(picked.freeAttacks)) { const s = out.unitHex(fa.unit); if (s) out.mark({ type: 'line', hexFrom: s, hexTo: isHex(fa.at) ? fa.at : picked, color: BAD, arrow: true, label: causeWords(fa) ? `free attack: ${causeWords(fa)}` : 'free attack' }); }
}

/** The hexes under hexon centres (Torn World Large and Huge, A-TW-1). */

// Where an ejected miniature or marker goes. With no choice given among several nearest free
// hexes the engine goes on as if the first were chosen (`first-candidate`, so that later ejections
// are exact for it): no one chose it, so only the hexes it may go to show (a player in play is
// still choosing one of them).
function ejectionArrow(out, e, name) {
  if (!isHex(e.from) || !isHex(e.to) || (e.choice === 'first-candidate' && arr(e.candidates).length > 1)) return;
  out.mark({ type: 'line', hexFrom: e.from, hexTo: e.to, color: WARN, arrow: true, label: name });
}

function drawEjections(out, r) {
  for (const e of arr(r.ejections)) {
    out.overlay.push({ type: 'hexes', cells: arr(e.candidates).filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN })) });
    ejectionArrow(out, e, `${e.unit} ejected`);
  }
  for (const m of arr(r.markers)) {
    out.overlay.push({ type: 'hexes', cells: arr(m.candidates).filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN })) });
    ejectionArrow(out, m, m.marker);
  }
  for (const fa of arr(r.freeAttacks)) {
    const from = arr(r.ejections).find((e) => e.unit === fa.unit)?.from;
    const s = isHex(from) ? from : out.unitHex(fa.unit);
    if (s && isHex(fa.at)) out.mark({ type: 'line', hexFrom: s, hexTo: fa.at, color: BAD, arrow: true, label: causeWords(fa) ? `free attack: ${causeWords(fa)}` : 'free attack' });
  }
}

function drawEject(out, r, req) {
  const start = out.unitHex(req.unit);
  if (start && isHex(req.at)) out.overlay.push({ type: 'hexpath', cells: [start, req.at], color: PATH });
  if (isHex(r.final)) {
    out.overlay.push({ type: 'hexes', cells: footprint(r.final.hexons).map((h) => ({ ...h, color: 'rgba(30,107,60,0.25)' })) });
    out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: 'ends here' });
  }
  drawEjections(out, r);
}

function drawShift(out, r, req) {
  const from = out.unitHex(req.unit);
  for (const o of arr(r.outcomes)) {
    if (arr(o.candidates).length) out.overlay.push({ type: 'hexes', cells: o.candidates.filter(isHex).map((h) => ({ ...h, color: CAND, outline: WARN, badge: 'passed' })) });
    if (isHex(o.final) && from) out.mark({ type: 'line', hexFrom: from, hexTo: o.final, color: o.legal === false ? BAD : PATH, arrow: true, label: `${o.dexterity === 'none' ? '' : `${o.dexterity}: `}${o.chooser ?? ''} moves it` });
  }
  if (isHex(req.to)) out.mark({ type: 'mark', shape: 'hex', hex: req.to, color: PATH });
}

// C&C order: each move's path from where that move began (a Move-Fire-Move second move starts
// where the first ended), drawn red when the move is not made, and a verdict at the end of each
// of a unit's moves (Move-Fire-Move: both): moved, not moved and why, or refused by the card (the
// order-level reasons naming it, on its last); units ordered without moving ringed; battle lines

function drawTWMove(out, r, req) {
  // a Large or Huge miniature's footprint at every step of its path (a Huge one moved whole, A-TW-2)
  const u = arr(req.units).find((v) => v.id === req.unit), start = out.unitHex(req.unit);
  if (u && start && (u.size === 'large' || u.size === 'huge')) {
    const own = u.size === 'huge' ? arr(u.hexons).filter(isHex) : [start];
    footprintCells(out, [start, ...arr(req.path).filter(isHex)].flatMap((p) => footprint(own.map((h) => ({ q: h.q + p.q - start.q, r: h.r + p.r - start.r })))));
  }
  drawHexMove(out, r, req);
  drawEjections(out, r);
}

function ejectionText(e) {
  const chooser = e.chooser ?? `${e.chooserIfPassed} if the Dexterity test is passed, ${e.chooserIfFailed} if failed`;
  const cands = arr(e.candidates).map(colRow).join('; ');
  return `${e.unit} (${e.enemy ? 'enemy' : 'ally'}) from ${colRow(e.from)}: ${plural(arr(e.candidates).length, 'nearest free hex', 'nearest free hexes')} at distance ${e.distance} (${cands}), chosen by ${chooser}` +
    `${isHex(e.to) ? `; placed on ${colRow(e.to)} (${e.choice === 'given' ? 'as chosen' : 'first candidate'})` : ''}${e.freeAttack ? '; may make a free attack' : ''}`;
}



// the marks of this game's drawings, for the legend beside the board (draw.js MARKS has the shared ones)
const BADGE_PARTS = [
  ['FA1, FA2', '1 or 2 free attacks on the miniature on its way there (an enemy it starts beside or moves past strikes it)'],
  ['E1', '1 miniature ejected where it ends'],
  ['D', 'a Volume Landscape destroyed'],
];
// (the free attacks' letters lead: "FA2" was read as jargon)
const BADGES = `FA1, FA2 on a hex: ${BADGE_PARTS.map(([letters, words], i) => (i ? `${letters}: ${words}` : words)).join('; ')}`;
const OWN_MARKS = {
  candidate: { swatch: 'fill', color: CAND, text: 'a hex a miniature may be placed on' },
  footprint: { swatch: 'fill', color: FOOTPRINT, text: 'the hexes a Large or Huge miniature covers (its hexons) where it can stand or passes' },
  // the colours drawEjections and drawTWReach draw them in
  ejection: { swatch: 'line', color: WARN, text: 'an ejection (brown arrow): from where to where' },
  freeAttack: { swatch: 'line', color: BAD, text: 'a Free Attack (red arrow): from the attacker to where it strikes' },
  // the reach's badges (drawTWReach) spelled out where the board shows them: "FA2" read as jargon
  badges: badgesMark({ swatch: 'outline', symbol: 'FA', name: 'FA badge', color: '#1b2430', fill: '#fff' }, BADGES, BADGE_PARTS,
    'a dark dot at a hex’s top: the letters have no room (zoom in to read them)'),
};
drawTWReach.marks = ['unit', OWN_MARKS.footprint, 'costHexes', OWN_MARKS.badges, 'stopHex', 'numbered', OWN_MARKS.freeAttack];
drawTWMove.marks = ['unit', OWN_MARKS.footprint, 'numbered', 'endHex', OWN_MARKS.candidate, OWN_MARKS.ejection, OWN_MARKS.freeAttack];
drawEject.marks = ['unit', OWN_MARKS.candidate, OWN_MARKS.ejection, OWN_MARKS.freeAttack];
drawShift.marks = ['unit', OWN_MARKS.candidate, 'endHex'];

const game = {
  hexPainting, // the hex board's painting (board-hex.js: in the hex games' files, not the page's)
  hexScene, // its scene and its terrain's legend (scene-hex.js: likewise)
  unitFields: [
    { key: 'size', label: 'Size', kind: 'select', options: [['infantry', 'infantry (1 hex)'], ['large', 'large (1 hexon)'], ['huge', 'huge (several hexons)']] },
    { key: 'hexonCount', label: 'Hexons', kind: 'number', min: 2, max: 3, step: 1, when: (u) => u.size === 'huge' },
    { key: 'move', label: 'Move allowance', kind: 'number', min: 0, step: 1 },
    { key: 'run', label: 'Run allowance', kind: 'number', min: 0, step: 1 },
    { key: 'abilities', label: 'Abilities', kind: 'list' },
  ],
  newUnit: () => ({ size: 'infantry', hexonCount: 3, move: 4, run: 6, abilities: [] }),
  // a huge miniature is placed by its hexons (A-TW-1), not by a hex: it stands on the first, as many as it covers
  placeKeys: ['hexons'],
  unitFromRequest(u, out) {
    if (!Array.isArray(u.hexons) || !u.hexons.length) return;
    Object.assign(out, axialOf(u.hexons[0]) ?? {});
    if (u.hexons.length > 1) Object.assign(out, { size: 'huge', hexonCount: u.hexons.length });
  },
  unitJSON(u) {
    const o = { id: u.id, side: u.side, size: u.size };
    if (u.size === 'huge') o.hexons = hugeHexons(u).map(({ q, r }) => ({ q, r }));
    else Object.assign(o, { q: u.q, r: u.r });
    return Object.assign(o, { move: num(u.move), run: num(u.run), abilities: list(u.abilities) });
  },
  queries: {
    reach: { fields: [unitField(), { key: 'action', label: 'Action', kind: 'select', options: [['move', 'move'], ['run', 'run']] }], build: (i) => ({ unit: i.unit, action: i.action ?? 'move' }) },
    // `choices`: where the ejected go and the Dexterity tests' outcomes, as a player chose them in
    // play (play-eject.js); no form field: the forms' move lets the engine say who chooses
    move: { fields: [...hexMove.fields, { key: 'action', label: 'Action', kind: 'select', options: [['move', 'move'], ['run', 'run']] }],
      build: (i) => ({ ...hexMove.build(i), action: i.action ?? 'move', ...(Array.isArray(i.choices) && i.choices.length ? { choices: i.choices } : {}) }) },
    // docs/api/torn-world.md: `eject` ends the unit at the last hex of the drawn path (or where it
    // stands); `shift` moves it by the chosen side's effect to that hex.
    eject: {
      fields: [unitField(), { key: 'path', label: 'Ends at (last hex of the path)', kind: 'path', optional: true }], // none: where it stands
      build(i, doc) {
        const u = doc.units.find((x) => x.id === i.unit);
        const at = pathJSON(i.path).at(-1) ?? (u ? { q: u.q, r: u.r } : undefined);
        return at ? { unit: i.unit, at } : { unit: i.unit };
      },
      parse: (req) => ({ unit: req.unit, path: req.at ? [axialOf(req.at)].filter(Boolean) : [] }),
    },
    shift: {
      fields: [unitField(), { key: 'by', label: 'Moved by side', kind: 'side' }, { key: 'path', label: 'To (last hex of the path)', kind: 'path', optional: true }], // none: the engine's candidates
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
  terrainColours: { volume: '#6d4c41', hazard: '#e65100' },
  onLattice: onHexons,
  // the lattice of hexons (A-TW-1) a Large or Huge miniature moves on: where one stands put at a
  // hex, and its step left, right, up or down the screen (lattice steps (2,1), (-2,-1), (1,-3), (-1,3))
  boardHexes: ['hexonAnchor'], // where the lattice starts, when a board moves it off (0, 0)
  lattice: {
    snap: (h, board) => snapHexon(h.q, h.r, board.hexonAnchor),
    step(from, dx, dy) { const [a, b] = HEXON_DIRS[dx > 0 ? 0 : dx < 0 ? 3 : dy > 0 ? 4 : 1]; return { q: from.q + a, r: from.r + b }; },
  },
  /** The hexes a unit covers: its hex, or every hex of its hexons. */
  cells(u) {
    if (u.size === 'infantry') return [{ q: u.q, r: u.r }];
    const centres = u.size === 'huge' ? hugeHexons(u) : [{ q: u.q, r: u.r }];
    return centres.flatMap((c) => hexonCells(c.q, c.r));
  },
  // on every board of this game: a Large or Huge miniature's hexes (board.js paintUnit) and the
  // hexon centres' dots (sceneExtras)
  boardMarks: [{ swatch: 'fill', color: 'rgba(179,38,30,0.28)', text: 'the hexes a Large or Huge miniature stands on (its hexons), faintly in its side’s colour' },
    { swatch: 'marker', symbol: '•', round: true, boxed: true, color: 'rgba(60,70,60,0.45)', bg: '#f4f1e6', text: 'a hexon centre (grey dot): where a Large or Huge miniature stands (A-TW-1)' }],
  /** The hexon centres of the board, drawn as dots (tested, not snapped: a snap of each of 3,600 hexes was 15 ms of every scene). */
  sceneExtras(d, colourOf, cells) {
    return { dottedCentres: cells.filter((c) => isHexonCentre(c.q, c.r, d.board.hexonAnchor)) };
  },
  // the scalar fields of its answers listed under Result, in this order (results.js)
  factKeys: ['movementPoints', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'blocks', 'steps', 'dexterityTest', 'droppedNoFreeHex', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'],
  factNames: { dexterityTest: 'a Dexterity test is taken', droppedNoFreeHex: 'ends left out (no free hex to eject to)' },
  hidesFact: (k, v) => k === 'droppedNoFreeHex' && v === 0, // nothing left out
  draw: { reach: drawTWReach, move: drawTWMove, eject: drawEject, shift: drawShift },
  // a move or an ejection in a player's words: who moves how far to where, whom it ejects where, who attacks it
  verdict(q, r, request) {
    // a Large or Huge miniature's reach in hexons (A-TW-1): "allowance 2 hexons" was a word a
    // newcomer did not know
    if (q === 'reach' && r.unitOfMeasure === 'hexons' && r.legal !== false && Number.isFinite(r.allowance)) {
      return { text: `${r.unit ?? request?.unit ?? 'The miniature'} moves up to ${plural(r.allowance, 'hexon')} (a hexon: a hex and the six around it) and can end on ${plural(arr(r.hexes).length, 'numbered hex', 'numbered hexes')}.`, kind: arr(r.hexes).length ? 'answered' : 'illegal' };
    }
    if ((q !== 'move' && q !== 'eject') || typeof r.legal !== 'boolean') return undefined;
    const who = request?.unit ?? 'The miniature';
    if (q === 'eject') return r.legal ? { text: `${who} ejects ${arr(r.ejections).map((e) => e.unit).join(' and ') || 'no one'}.${arr(r.freeAttacks).length ? ` ${freeAttacksOn(r.freeAttacks, who)}.` : ''}`, kind: 'legal' } : undefined;
    const reason = arr(r.reasons)[0];
    // a Large or Huge miniature (its end given with its hexons) steps hexon by hexon (TW-MV-1)
    const steps = (n) => (arr(r.final?.hexons).length ? plural(n, 'hexon') : plural(n, 'hex', 'hexes'));
    if (!r.legal) return { text: `${who} cannot make this move.${reason ? ` ${reasonText(reason)}` : ''}${isHex(r.final) && Number.isFinite(r.steps) ? ` It would stop on ${colRow(r.final)} after ${steps(r.steps)}.` : ''}`, kind: 'illegal' };
    // where to, when it is settled: a hex left to a player (TW-EJ-3) is one of the nearest
    const ejects = arr(r.ejections).map((e) => `${e.unit}${isHex(e.to) && (e.choice === 'given' || arr(e.candidates).length <= 1) ? ` to ${colRow(e.to)}` : arr(e.candidates).length > 1 ? ` to one of ${plural(e.candidates.length, 'nearest hex', 'nearest hexes')}` : ''}`);
    const fas = arr(r.freeAttacks);
    return { text: `${who} moves ${steps(r.steps ?? 0)}${isHex(r.final) ? ` to ${colRow(r.final)}` : ''}${ejects.length ? `, ejecting ${ejects.join(' and ')}` : ''}.${fas.length ? ` ${freeAttacksOn(fas, who)}.` : ''}`, kind: 'legal' };
  },
  // a move made: the Free Attacks it drew stay said, first (the player resolves them next; they
  // went with the move's verdict once it was made). `way`: a reached hex tapped, the way there
  madeNote(request, r, way) {
    const fas = arr(way ? way.freeAttacks : request.query === 'move' || request.query === 'eject' ? r.freeAttacks : []);
    return fas.length ? `${freeAttacksOn(fas, request.unit ?? 'the miniature', ' to resolve')}.` : '';
  },
  legalWord: (q) => (q === 'eject' ? 'ejection' : 'move'),
  // the reach's FA badges in words (unexplained on screen, a newcomer asked what FA1 was): how many
  // Free Attacks the way to a hex draws, and from whom
  reachNote(r) {
    const fas = arr(r.hexes).flatMap((h) => arr(h.freeAttacks));
    if (!fas.length) return '';
    const counts = [...new Set(arr(r.hexes).map((h) => arr(h.freeAttacks).length).filter(Boolean))].sort((a, b) => a - b);
    const from = [...new Map(fas.map((f) => [`${f.unit} ${causeWords(f)}`, f])).values()];
    const rules = [...new Set(fas.map((f) => f.rule).filter(Boolean))].sort();
    // (short: a phone shows the verdict's first four lines)
    const many = counts.length > 1 ? `${counts.slice(0, -1).join(', ')} or ${counts.at(-1)} Free Attacks` : counts[0] === 1 ? 'a Free Attack' : `${counts[0]} Free Attacks`;
    return ` ${counts.map((n) => `FA${n}`).join(', ')}: ${many} on the way there, from ${attackersText(from)}${rules.length ? ` (${rules.join(', ')})` : ''}.`;
  },
  lateVerdict(q, r) {
    if (q !== 'shift') return undefined;
    return { text: `Shift: ${arr(r.outcomes).map((o) => `${o.dexterity === 'none' ? 'no test' : `test ${o.dexterity}`} → ${o.legal === false ? 'not possible' : isHex(o.final) ? colRow(o.final) : `${plural(arr(o.candidates).length, 'nearest hex', 'nearest hexes')} (${o.chooser} chooses)`}`).join('; ')}.`, kind: 'answered' };
  },
  hexFacts(h) {
    const bits = [];
    // what it ejects before the attacks (an ejected miniature's Free Attack read as garbled after them)
    if (arr(h.ejects).length) bits.push(`ejects ${h.ejects.join(', ')}`);
    if (arr(h.freeAttacks).length) bits.push(`${plural(h.freeAttacks.length, 'Free Attack')} from ${attackersText(h.freeAttacks)}`);
    if (arr(h.destroyed).length) bits.push(`destroys the Volume on ${h.destroyed.filter(isHex).map(colRow).join(', ')}`);
    return bits;
  },
  legend: (r) => (arr(r.hexes).some((x) => x.freeAttacks !== undefined) ? ['FA n: n free attacks on the way; E n: n miniatures ejected at the end; D: Volume destroyed.'] : []),
  sections: (r) => [
    ...section('Ejections, in the order resolved', arr(r.ejections), (e) => el('li', ejectionText(e)), true),
    ...section('Markers', arr(r.markers), (m) => el('li', `${m.marker} (${m.kind}, ${m.why}) from ${colRow(m.from)}: ${m.stays ? 'stays' : `${plural(arr(m.candidates).length, 'hex', 'hexes')}, chosen by ${m.chooser}`}${isHex(m.to) ? `; to ${colRow(m.to)}` : ''}`)),
    ...section('Free attacks', arr(r.freeAttacks), (f) => ruleItem(f.rule, `${f.unit} attacks at ${colRow(f.at)}${causeWords(f) ? ` (${causeWords(f)})` : ''}`)),
    ...section('Outcomes of the Dexterity test', arr(r.outcomes), (o) => el('li', `${o.dexterity === 'none' ? 'no test' : o.dexterity}: ${o.moves ? '' : 'stays; '}${o.chooser ?? ''} chooses; ${o.legal === false ? `not possible (${arr(o.reasons).map((x) => x.message).join(' ')})` : isHex(o.final) ? `to ${colRow(o.final)}` : arr(o.candidates).length ? `one of ${o.candidates.map(colRow).join('; ')}` : 'stays'}`)),
  ],
};
export default game;
// Set up's unit tray (unit-tray.js): a kind for each of these
game.trayField = 'size';

// In play, a tap on a unit shows its reach.
game.tapQuery = 'reach';
// A tap on a hex the reach does not reach asks why; the ways to a reached hex (its
// `alternatives`) are told apart by their Free Attacks.
game.whyNotQuery = 'whyNot';
game.bestWay = 'The shortest way';
game.wayFacts = (w) => {
  const fas = arr(w.freeAttacks);
  const from = [...new Set(fas.map((f) => f.unit))];
  return [fas.length ? `draws ${plural(fas.length, 'Free Attack')} (from ${from.join(', ')})` : 'draws no Free Attack',
    ...(arr(w.ejects).length ? [`ejects ${w.ejects.join(', ')}`] : [])];
};

// Make this move: a move or an ejection puts every ejected miniature where the answer
// places it (as chosen, or the first candidate, A-TW-3) and takes the Volume Landscape a Huge
// miniature destroyed off the board (TW-HUG-1). A reached hex tapped is made a move only when
// nothing is ejected or destroyed there: the reach does not say where the ejected go.
// Such a drop in play asks the move, and the player chooses each ejection (play-eject.js).
game.playEject = true;
game.play = { eject: initPlayEject, hex: initPlayHex };
// once made, the move and the choices it was made with are done
game.queries.move.made = (i) => Object.assign(i, { path: [], choices: [] });
// the choices made so far are kept by a link (docs/api/torn-world.md "move" `choices`: each names a
// miniature or a marker, with the Dexterity test's outcome and the hex it goes to); the engine checks the rest
game.queries.move.kept = {
  choices: (v, p, c) => c.array(v, p, c.LIMITS.list).map((x, i) => {
    const pp = `${p}[${i}]`;
    c.obj(x, pp);
    const out = {};
    if (x.unit !== undefined) out.unit = c.str(x.unit, `${pp}.unit`);
    if (x.marker !== undefined) out.marker = c.str(x.marker, `${pp}.marker`);
    if (x.dexterity !== undefined) out.dexterity = c.oneOf(x.dexterity, ['passed', 'failed', 'unknown'], `${pp}.dexterity`);
    if (x.to !== undefined) out.to = c.hexPoint(c.obj(x.to, `${pp}.to`), `${pp}.to`);
    return out;
  }),
};
game.canApplyEnd = (entry) => !arr(entry.ejects).length && !arr(entry.destroyed).length && !arr(entry.ejectsMarkers).length;
game.applyRuling = (request, result, byId, moveTo, remove, d) => {
  if (request.query !== 'move' && request.query !== 'eject') return;
  if (result.legal === false) return;
  for (const e of arr(result.ejections)) if (isHex(e.to)) moveTo(byId(e.unit), e.to);
  const gone = new Set(arr(result.destroyed).filter(isHex).map((h) => key(h.q, h.r)));
  if (gone.size) d.terrain = d.terrain.filter((t) => !(t.terrain === 'volume' && gone.has(key(t.q, t.r))));
};
// How to play (a desktop's tool note, a phone's legend): the hex games' own, with the two words a
// newcomer met here unexplained (a hexon, and the questions a drop that ejects asks)
game.playNote = 'Drag a miniature to a green hex to move it there (its way and cost follow your finger), or tap it for its reach, then tap a hex. A Large or Huge miniature stands on hexons, a hex and the six round it, and counts its move in them. A drop that ejects miniatures asks each one’s Dexterity test, then where it goes, by taps.';
