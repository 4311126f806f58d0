// A unit dragged into a card's order as data (play-orders-drag.js, fetched with it when a card is
// first chosen): where its move starts, its moves with it, what a drop's ruling makes of it. No DOM
// here, so Node tests it (tests/js/order-model.test.mjs). It imports only the page's start-up
// modules: one the hex games' files hold too (hex-line.js, order-model.js) would be split into a
// file of its own, one more for each hex game's first visit; what it needs of them is given.
import * as hex from './hex.js';

// a reason of the whole order (not of one of its moves' steps), and one said once
function orderLevel(x) { return !Number.isInteger(x.action); }
function reasonKey(x) { return `${x.code} ${x.unit ?? ''} ${x.message}`; }

// True when a drag of unit `id` is its second move: card `spec` moves its units twice (one move
// before ranged combat and one after) and the unit has made its first among `rows`
function secondMove(spec, rows, id) { return !!spec?.twice && rows.some((m) => m.unit === id && !m.second && m.path?.length); }

/**
 * A unit `id` lifted while the order holds `rows` (ruled `r`, card `spec`): what its drag carries.
 * `from`: where its move starts (a second move: where the first ended; else its hex on the board);
 * `before`: the order's other moves; `had`: the order-level reasons before it (none while the order
 * is unruled); `gesture`: the merge key of its edits; `ended`: where `r` leaves each piece (order-model.js endedAt).
 */
export function carried(id, rows, r, spec, gesture, ended) {
  const twice = secondMove(spec, rows, id), from = twice ? ended.get(id) : null;
  return { id, order: true, at: null, dropped: false, reach: null, second: twice && !!from, from, gesture,
    before: rows.filter((m) => (twice && from ? !(m.unit === id && m.second) : m.unit !== id)),
    had: new Set((r?.reasons ?? []).filter(orderLevel).map(reasonKey)) };
}

/**
 * The order's moves with carry `c` at hex `c.at` from `u` (where its move starts): its way there from
 * its reach (the cheapest), else straight (`line`: hex-line.js's; the engine says why it cannot end
 * there); no move at its own hex.
 */
export function carriedMoves(c, u, line) {
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
