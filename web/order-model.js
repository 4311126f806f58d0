// A card's order as data (play-orders.js): the card played, the moves it holds, what a drag of a
// unit asks, the section's band on the board and the words said (what a drag carries and what a
// drop's ruling makes of it: order-carry.js). No DOM here, so Node tests it.
import * as hex from './hex.js';

/** The query a card's order is asked as. */
export const ORDER = 'order';
export const SECTION_WORDS = { left: 'left flank', center: 'center', right: 'right flank' };
/** The order's moves (`inputs.moves`), none when they are not a list. */
export function orderRows(inputs) { return Array.isArray(inputs.moves) ? inputs.moves : []; }

/** Where ruling `r` leaves each piece on a hex (id -> its `final.units` entry). */
export function endedAt(r) {
  return new Map((r?.final?.units ?? []).filter((p) => Number.isInteger(p.q) && Number.isInteger(p.r)).map((p) => [p.id, p]));
}

/**
 * The card played (`inputs`), as the game offers it in `cards` (its `playCards`): the entry whose
 * `inputs` it has, else the card's plain entry; null for a section card.
 */
export function cardSpec(cards, inputs) {
  const same = cards.filter((x) => x.card === inputs.card);
  const given = (x) => Object.entries(x.inputs).every(([k, v]) => inputs[k] === v);
  return same.find((x) => x.inputs && given(x)) ?? same.find((x) => !x.inputs) ?? null;
}

/** True while card `spec` waits for the leader who gives it (`inputs.leader` not yet set). */
export function needsLeader(spec, inputs) { return !!spec?.leader && !inputs.leader; }

/** Of the places `at` (id -> place), those of the pieces the order moves (`rows`) but the one `carried`. */
export function placedPieces(at, rows, carried) {
  const moved = new Set(rows.map((m) => m.unit));
  return new Map([...(at ?? [])].filter(([id]) => moved.has(id) && id !== carried));
}

/**
 * Section `section`'s band on a board of `cellBounds` ([x0, y0, x1, y1]) whose section lines are at
 * x = `sections`, as the ordering side sees it (`top`: the side at the top, whose left flank is the
 * bottom side's right: the game's API doc, baselines): `{from, to}` across, and `box`, the band with
 * room for its label above or below it.
 */
export function sectionBand(cellBounds, sections, section, top) {
  const [x0, y0, x1, y1] = cellBounds, [a, z] = sections;
  const s = top ? { left: 'right', right: 'left', center: 'center' }[section] : section;
  const [from, to] = s === 'left' ? [x0, a] : s === 'right' ? [z, x1] : [a, z];
  return { from, to, box: [from - 0.5, y0 - 1, to + 0.5, y1 + 1] };
}

/** The orders of a card of `orders` left after ruling `r` (its count where it has one). */
export function ordersLeft(r, orders) { return r && Number.isFinite(r.ordersAllowed) ? Math.max(0, r.ordersAllowed - r.ordersUsed) : orders; }

/**
 * What draws band `band` of section `section` with `left` orders left: the band, and its words inside
 * it at the ordering side's own edge (`top`: the side at the top), by its units, which the view shows;
 * the words stay in view, clear of the controls over the board, as the view zooms in (board-hex.js `pin`).
 */
export function bandShapes(cellBounds, { from, to }, section, top, left) {
  const [, y0, , y1] = cellBounds;
  return [{ type: 'polygon', points: [[from, y0], [to, y0], [to, y1], [from, y1]], fill: 'rgba(255,214,102,0.16)', color: '#8a6d1f', width: 2, dashed: true },
    { type: 'pin', x: (from + to) / 2, y: top ? y0 + 0.9 : y1 - 0.9, color: '#8a6d1f', below: top, onTop: true, label: `${SECTION_WORDS[section] ?? section}: ${left} order${left === 1 ? '' : 's'} left` }];
}

/** The box around `side`'s units of `units` inside box `b`, a hex's width beyond them; null when none is. */
export function sideBox(units, side, b) {
  const inside = units.filter((u) => u.side === side).map((u) => hex.center(u.q, u.r))
    .filter(([x, y]) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3]);
  if (!inside.length) return null;
  const [xs, ys] = [inside.map((p) => p[0]), inside.map((p) => p[1])];
  return [Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1];
}

/** The card played (`inputs`, as offered: `spec`), named for the bar. */
export function cardName(inputs, spec) {
  const card = inputs.card === 'section' ? `${SECTION_WORDS[inputs.section] ?? inputs.section} card`
    : `${spec?.name ?? inputs.card}${inputs.leader ? ` (${inputs.leader})` : ''}`;
  return `${card[0].toUpperCase()}${card.slice(1)}`;
}

/** What the verdict adds while card `spec` is played: how its leader is given, how a second move is made. */
export function cardHints(spec, inputs) {
  return [needsLeader(spec, inputs) ? 'Tap the leader who gives it, or drag him or his unit first.' : '',
    spec?.twice ? 'Drag a unit again for its move after ranged combat; Make this move makes the order.' : ''];
}
