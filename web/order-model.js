// A card's order as data (play-orders.js): the card played, the moves it holds, where a drag of a
// unit starts and what it asks, what a drop's ruling makes of it, the section's band on the board
// and the words said. No DOM here, so Node tests it.
import * as hex from './hex.js';
import { line } from './hex-line.js';

/** The query a card's order is asked as. */
export const ORDER = 'order';
export const SECTION_WORDS = { left: 'left flank', center: 'centre', right: 'right flank' };
// a reason of the whole order (not of one of its moves' steps), and one said once
function orderLevel(x) { return !Number.isInteger(x.action); }
function reasonKey(x) { return `${x.code} ${x.unit ?? ''} ${x.message}`; }

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

// True when a drag of unit `id` is its second move: card `spec` moves its units twice (one move
// before ranged combat and one after) and the unit has made its first among `rows`
function secondMove(spec, rows, id) { return !!spec?.twice && rows.some((m) => m.unit === id && !m.second && m.path?.length); }

/**
 * A unit `id` lifted while the order holds `rows` (ruled `r`, card `spec`): what its drag carries.
 * `from`: where its move starts (a second move: where the first ended; else its hex on the board);
 * `before`: the order's other moves; `had`: the order-level reasons before it (none while the order
 * is unruled); `gesture`: the merge key of its edits.
 */
export function carried(id, rows, r, spec, gesture) {
  const twice = secondMove(spec, rows, id), from = twice ? endedAt(r).get(id) : null;
  return { id, order: true, at: null, dropped: false, reach: null, second: twice && !!from, from, gesture,
    before: rows.filter((m) => (twice && from ? !(m.unit === id && m.second) : m.unit !== id)),
    had: new Set((r?.reasons ?? []).filter(orderLevel).map(reasonKey)) };
}

/**
 * The reach of unit `id` dragged next (`query`: the game's tap query), asked from the position the
 * order so far leaves (`ended`: endedAt of its ruling); board request `req` gives the rest. The unit
 * itself stands where it is on the board, but for its second move (`second`): where its first ended.
 */
export function reachRequest(req, query, id, ended, second) {
  const out = { system: req.system, query, unit: id };
  for (const k of ['params', 'board', 'baselines']) if (req[k] !== undefined) out[k] = req[k];
  out.units = req.units.map((u) => (ended.has(u.id) && (u.id !== id || second) ? { ...u, q: ended.get(u.id).q, r: ended.get(u.id).r } : u));
  return out;
}

/**
 * The order's moves with carry `c` at hex `c.at` from `u` (where its move starts): its way there from
 * its reach (the cheapest), else straight (the engine says why it cannot end there); no move at its own hex.
 */
export function carriedMoves(c, u) {
  const home = u.q === c.at.q && u.r === c.at.r;
  const entry = c.reach?.get(hex.key(c.at.q, c.at.r));
  const path = home ? [] : entry?.path ? entry.path.map((s) => ({ q: s.q, r: s.r })) : line(u, c.at);
  return [...c.before.map((m) => ({ ...m })), ...(path.length ? [{ unit: c.id, path, ...(c.second ? { second: true } : {}) }] : [])];
}

/**
 * What ruling `r` makes of carry `c` dropped (the order's moves now `rows`): `{stands: true}`, it
 * was dropped where it stands (not ordered); `{back}`, the order refuses its move (the words why it
 * goes back); else `{made}`, true when the order is to be made now: legal with every order of the
 * card used, unless card `spec` moves its units twice (their second moves wait) or `leaderNeeded`
 * (without one the engine reads it as one unit of choice: Make this move, never the page's guess).
 */
export function dropped(r, c, rows, spec, leaderNeeded) {
  if (!rows.some((m) => m.unit === c.id && !!m.second === c.second)) return { stands: true };
  const mine = (r.moves ?? []).findLast((m) => m.unit === c.id);
  // refused by the order: a reason naming it, or one naming no piece that its move brought (a
  // Leadership card's `not_linked`)
  const refused = (r.reasons ?? []).find((x) => orderLevel(x) && (x.unit === c.id || (!x.unit && !c.had.has(reasonKey(x)))));
  if (mine?.legal === false || refused) {
    const why = refused ?? mine.reasons?.[0];
    return { back: `${c.id} goes back: ${why?.message ?? 'the order does not make this move'}${why?.rule ? ` (${why.rule})` : ''}` };
  }
  return { made: r.legal !== false && !spec?.twice && !leaderNeeded && Number.isFinite(r.ordersAllowed) && r.ordersUsed >= r.ordersAllowed };
}

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
