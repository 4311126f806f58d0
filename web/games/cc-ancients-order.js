// What Commands & Colors: Ancients' page draws and says only for an order (a card's units and their
// moves): its drawing and its running total. A first view is a reach, so cc-ancients.js fetches it
// at the first order asked (`needs`, as cc-ancients-later.js is), before that answer is drawn: in
// play the first unit dragged for a card. It imports none of cc-ancients.js (in Node that module
// loads it at once, and a cycle would never settle), nor draw-hex.js, which the hex games' modules
// share in one file: its path drawer comes from cc-ancients.js (imported here, that file would be
// split in two, one more file for every hex game's first visit).
import { GOOD, BAD, PATH, WARN, isHex, hexKey, plural, colRow, el, section } from '../draw.js';
import { arr } from '../fields.js';

// (the question form's field of an order's units: cc-ancients.js orderUnits)
export { ordersField } from '../orders-field.js';

/**
 * An order drawn: each row's path (a move not made in red) and where each ordered piece ended, its
 * words shortened where there is no room, and a dashed line from each piece that may or must
 * battle to the adjacent enemies. `drawHexPath`: draw-hex.js's.
 */
export function drawCCOrder(out, r, req, drawHexPath) {
  const words = (x) => (x?.code ?? '').replace(/_/g, ' ');
  const refused = new Map();
  for (const x of arr(r.reasons)) if (x.unit && !Number.isInteger(x.action) && !refused.has(x.unit)) refused.set(x.unit, x);
  const ends = new Map(); // unit -> where each of its moves ended (Move-Fire-Move: two), with its verdict
  arr(req.moves).forEach((m, i) => {
    const res = arr(r.moves)[i];
    const bad = res?.legal === false;
    drawHexPath(out, m.unit, m.path, bad ? BAD : PATH, isHex(res?.from) ? res.from : null);
    if (!res) return;
    const at = isHex(res.final) ? res.final : out.unitHex(m.unit);
    const why = bad ? `: not moved (${words(arr(res.reasons)[0])})` : `: moved ${plural(res.hexesMoved ?? 0, 'hex', 'hexes')}`;
    if (!at) return;
    // a later move ending on the same hex (one not made) speaks for it
    const list = (ends.get(m.unit) ?? []).filter((e) => hexKey(e.at) !== hexKey(at));
    ends.set(m.unit, [...list, { at, unit: m.unit, moved: res.hexesMoved ?? 0, label: `${m.unit}${m.second ? ' (2nd)' : ''}${why}`, bad }]);
  });
  // where ordered pieces end on one hex, made (a leader joining a unit), one mark names them all: two
  // marks' labels found no room round one hex at a phone's scale, and the second was not drawn
  const marks = new Map(); // a hex → its marks, {at, bad, label, pieces}: the made pieces ending there share one
  for (const id of arr(req.ordered)) {
    const no = refused.get(id);
    const list = ends.get(id) ?? [];
    list.forEach((e, k) => {
      const last = k === list.length - 1, bad = !!(e.bad || (no && last));
      if (!marks.has(hexKey(e.at))) marks.set(hexKey(e.at), []);
      const here = marks.get(hexKey(e.at)), made = !bad && here.find((m) => !m.bad);
      if (made) made.pieces.push(e);
      else here.push({ at: e.at, bad, label: no && last ? `${e.label}; ${words(no)}` : e.label, pieces: [e] });
    });
    if (!list.length) out.ring(id, no ? BAD : PATH, `${id}: ${no ? words(no) : 'ordered, not moving'}`);
  }
  for (const { at, bad, label, pieces } of [...marks.values()].flat()) {
    // (the words shortened where there is no room: the pieces' names alone at the shortest)
    const names = pieces.map((p) => p.unit), more = pieces.slice(1);
    const together = more.length ? { label: [label, ...more.map((p) => `${p.unit} ${p.moved}`)].join(', '), shorter: [`${names.join(', ')}: moved`, names.join(' + ')] } : { label };
    out.mark({ type: 'mark', shape: 'hex', hex: at, color: bad ? BAD : GOOD, ...together });
  }
  for (const b of arr(r.battle)) for (const e of arr(b.adjacentEnemies)) { const s = out.unitHex(b.unit), t = out.unitHex(e); if (s && t) out.mark({ type: 'line', hexFrom: ends.get(b.unit)?.at(-1)?.at ?? s, hexTo: t, color: b.mustBattle ? BAD : WARN, dashed: true }); }
}

// An order's running total: the orders used, then who may still battle and why not, grouped so that
// a card of three or four units reads in a phone verdict's three lines (it stays on
// screen while the next unit is dragged); where each unit went is on the board and under Moves.
export function orderTotal(r) {
  const stayed = [...new Set(arr(r.moves).filter((m) => m.legal === false).map((m) => m.unit))], left = r.ordersAllowed - r.ordersUsed;
  // (a newcomer ended a card after its first order with Make this move, nothing said of the two left)
  return [` ${r.ordersUsed} of ${plural(r.ordersAllowed, 'order')} used.`, orderBattle(r), stayed.length ? ` Not moved: ${stayed.join(', ')}.` : '',
    r.legal !== false && left > 0 ? ` Make this move ends the order with ${plural(left, 'order')} unused.` : ''].join('');
}
/** Who of an order may battle and why not, each sentence after a space. */
export function orderBattle(r) {
  const b = arr(r.battle);
  const who = (xs) => xs.map((x) => `${x.unit}${x.leader ? ` with ${x.leader}` : ''}`).join(', ');
  const why = (x) => (arr(x.noBattleReasons).length ? ` (${x.noBattleReasons[0].message.replace(/\.$/, '')})` : x.noBattleRule ? ` (${x.noBattleRule})` : '');
  // one that may battle in close combat only, with no enemy next to it, has nobody to battle yet:
  // said apart ("May battle: Hastati" read as a fight the details said there was not)
  const idle = (x) => !x.rangedCombat && !arr(x.adjacentEnemies).length;
  const must = b.filter((x) => x.mustBattle), may = b.filter((x) => x.canBattle && !x.mustBattle), no = b.filter((x) => !x.canBattle);
  const near = may.filter((x) => !idle(x)), alone = may.filter(idle);
  return [must.length ? ` Must battle: ${who(must)}.` : '',
    near.length ? ` May battle: ${who(near)}.` : '', alone.length ? ` May battle but no enemy adjacent: ${who(alone)}.` : '',
    no.length ? ` May not battle: ${no.map((x) => `${x.unit}${why(x)}`).join('; ')}.` : ''].join('');
}

// who may still battle answers an order's question: the first of its details, before
// the counts and how each moved; why a unit may not battle: each part that forbids it (its move,
// the card, the unit); the dice a card adds (Mounted Charge, I am Spartacus)
export function battleSection(r) {
  const noBattle = (b) => (arr(b.noBattleReasons).length ? `: ${b.noBattleReasons.map((x) => x.message).join(' ')}` : b.noBattleRule ? ` (${b.noBattleRule})` : '');
  return section('Battle', arr(r.battle), (b) => el('li', `${b.unit}: ${b.mustBattle ? 'must battle' : b.canBattle ? 'may battle' : `may not battle${noBattle(b)}`}${arr(b.adjacentEnemies).length ? `, next to ${b.adjacentEnemies.join(', ')}` : ', no enemy adjacent'}${b.leader ? `, with leader ${b.leader}` : ''}${b.canBattle && b.extraDice ? `, ${plural(b.extraDice, 'extra die', 'extra dice')} (the card)` : ''}`));
}
/** How each unit of an order moved (`stopWords`: the game's words for why a move stops). */
export function movesSection(r, stopWords) {
  return section('Moves', arr(r.moves), (m) => el('li', `${m.unit}: ${m.legal ? `moved ${colRow(m.from)} → ${colRow(m.final)}, ${plural(m.hexesMoved ?? 0, 'hex', 'hexes')}` : `not moved, stays on ${colRow(m.from)}`}${m.stoppedBy ? `, ${stopWords[m.stoppedBy] ?? `stopped by ${m.stoppedBy}`}` : ''}${m.attachesTo ? `, attaches to ${m.attachesTo}` : ''}${m.leaderAttaches ? `, ${m.leaderAttaches} attaches` : ''}`));
}
/** An order's illegal moves give their reasons twice (the order's, and the move's own): the move's not said already. */
export function moreReasons(r) {
  const said = new Set(arr(r.reasons).map((x) => `${x.unit} ${x.code} ${x.message}`));
  return arr(r.moves).flatMap((m) => arr(m.reasons)).filter((x) => !said.has(`${x.unit} ${x.code} ${x.message}`));
}
