// Play a card on the board (a game whose moves are ordered by cards: its `playOrder`):
// the card chosen first (its section shaded on the board, the orders left said), then each
// ordered unit or leader dragged in turn. Each drag is one more move of the game's `order` query,
// ruled by the engine as the finger goes; the page only carries the finger's hex into the request.
// A drop the order rules out puts the unit back and keeps the reason; the order is made (one Undo
// step) when the engine counts every order of the card used, or with Make this move before that.
import * as hex from './hex.js';
import { line } from './hex-line.js';
import { el, showParts } from './draw.js';

/** A phone's double-tap time (Android's DOUBLE_TAP_TIMEOUT). */
const DOUBLE_TAP_MS = 300;

const SECTION_WORDS = { left: 'left flank', center: 'centre', right: 'right flank' };
const ORDER_COUNTS = [1, 2, 3, 4, 5];
// a reason of the whole order (not of one of its moves' steps), and one said once
const orderLevel = (x) => !Number.isInteger(x.action);
const reasonKey = (x) => `${x.code} ${x.unit ?? ''} ${x.message}`;

/**
 * `page`: the store, `ui`, `sys()`, `doc()`, `unitById(id)`, `currentRequest()`, `askEngine(request)`
 * (the tap lane), `refresh()`, `makeMove()`, `frame(bounds)` (the board's view on a world box),
 * `shows(bounds)` (that box in view) and `bar` (the element the card's buttons and running total go
 * in). Returns what tools.js and app.js call.
 */
export function initPlayOrders({ store, ui, sys, doc, unitById, currentRequest, askEngine, refresh, makeMove, frame, shows, bar }) {
  const ORDER = 'order';
  let count = 3; // the orders on the next section card chosen
  let said = ''; // why the last unit dropped went back (kept in the verdict until the next drag)
  let framed = false; // the section of the card just chosen has been put in view
  let placedAt = null; // where the last ruling of the card left its pieces (placed)
  const can = () => !!sys().playOrder && !!sys().queries[ORDER];
  /** True while a card is being played: the question is the order, chosen in play. */
  const active = () => can() && doc().query === ORDER && !!doc().inputs[ORDER]?.played;
  const inputs = () => doc().inputs[ORDER] ?? {};
  const rows = () => (Array.isArray(inputs().moves) ? inputs().moves : []);
  // the order ruled now (the engine's answer to the request on the board), or null
  const ruling = () => {
    const r = ui.result;
    return r?.response?.ok && r.request?.query === ORDER && ui.lastRequest === JSON.stringify(currentRequest(), null, 2) ? r.response.result : null;
  };

  // the game's other cards (its `playCards`: {card, name, orders, leader, twice})
  const cards = () => sys().playCards ?? [];

  /**
   * Card `card` (a section card: of `section`; another: its `playCards` entry's `inputs` with it) with
   * `count` orders where it counts them: the order question, no unit ordered yet.
   */
  function choose(card, section, given = {}) {
    said = '';
    const counts = card === 'section' || cards().some((x) => x.card === card && x.orders);
    store.edit((d) => {
      d.query = ORDER;
      d.inputs[ORDER] = { card, ...given, ...(section ? { section } : {}), ...(counts ? { orders: count } : {}), moves: [], active: 0, played: true };
    });
    framed = false; // the next board drawn frames the section: the units it may order, whole
    placedAt = null;
  }
  function end() {
    said = '';
    store.edit((d) => { d.query = sys().tapQuery; });
  }

  // The position the order so far leaves (the engine's `final.units`), as the reach of the next
  // unit dragged is asked from it; the unit itself from where it stands on the board.
  function reachRequest(id) {
    const req = currentRequest();
    const out = { system: req.system, query: sys().tapQuery, unit: id };
    for (const k of ['params', 'board', 'baselines']) if (req[k] !== undefined) out[k] = req[k];
    const ended = endedAt();
    // a second move starts where the unit's first ended
    out.units = req.units.map((u) => (ended.has(u.id) && (u.id !== id || second(id)) ? { ...u, q: ended.get(u.id).q, r: ended.get(u.id).r } : u));
    return out;
  }
  // where the order so far leaves each piece (id -> {q, r})
  const endedAt = () => new Map((ruling()?.final?.units ?? []).filter((p) => Number.isInteger(p.q) && Number.isInteger(p.r)).map((p) => [p.id, p]));
  // the card played, as the game offers it (`playCards`: the entry whose `inputs` it has, else the
  // card's plain entry), or null for a section card
  const given = (x, i) => Object.entries(x.inputs ?? {}).every(([k, v]) => i[k] === v);
  const spec = () => {
    const i = inputs(), same = cards().filter((x) => x.card === i.card);
    return same.find((x) => x.inputs && given(x, i)) ?? same.find((x) => !x.inputs) ?? null;
  };
  // True when a drag of unit `id` is its second move: a card that moves its units twice (one move
  // before ranged combat and one after) and the unit has made its first
  const second = (id) => !!spec()?.twice && rows().some((m) => m.unit === id && !m.second && m.path?.length);

  /** A drag of unit `id` while a card is played: its move to the hex under the finger (by key: hex `pointer`) joins the order. */
  function carry(id, pointer, byKey = false) {
    if (!unitById(id)) return;
    if (ui.carry?.id !== id || ui.carry.dropped) {
      said = '';
      const twice = second(id), from = twice ? endedAt().get(id) : null;
      // `from`: where this move starts (a second move: where the first ended); `before`: the order's other moves
      // `had`: the order-level reasons before this drag (none known while the order is unruled)
      // `gesture`: the merge key of its edits (the lift starts the next gesture before the drop settles)
      const c = { id, order: true, at: null, dropped: false, reach: null, second: twice && !!from, from, gesture: `drag:${ui.serial}`,
        before: rows().filter((m) => (twice && from ? !(m.unit === id && m.second) : m.unit !== id)),
        had: new Set((ruling()?.reasons ?? []).filter(orderLevel).map(reasonKey)) };
      store.setCarry(c);
      askEngine(reachRequest(id)).then((out) => {
        if (ui.carry !== c || !out.response?.ok) return;
        c.reach = new Map((out.response.result.hexes ?? []).map((h) => [hex.key(h.q, h.r), h]));
        if (c.at) place(c);
      });
    }
    const c = ui.carry;
    const h = byKey ? pointer : hex.fromPixel(...pointer);
    if (c.at?.q === h.q && c.at?.r === h.r) return;
    c.at = h;
    place(c);
    refresh();
  }

  // The carried unit's move to the hex under the finger: its way there from its reach (the
  // cheapest), else straight (the engine says why it cannot end there); none at its own hex.
  function place(c) {
    const u = c.from ?? unitById(c.id);
    if (!u) return;
    const home = u.q === c.at.q && u.r === c.at.r;
    const entry = c.reach?.get(hex.key(c.at.q, c.at.r));
    const path = home ? [] : entry?.path ? entry.path.map((s) => ({ q: s.q, r: s.r })) : line(u, c.at);
    store.edit((d) => {
      const i = d.inputs[ORDER];
      i.moves = [...c.before.map((m) => ({ ...m })), ...(path.length ? [{ unit: c.id, path, ...(c.second ? { second: true } : {}) }] : [])];
      // a card given by its leader (Leadership): the leader tapped, else the leader of the first
      // piece picked up (the piece itself or the one with it: the game's `leaderOf`); kept for the card
      if (spec()?.leader && !i.leader) i.leader = (i.moves[0] && sys().leaderOf?.(i.moves[0].unit, d.units)) || '';
    }, `drag:${ui.serial}`);
  }

  /** The finger lifted: the move stays in the order if the engine makes it, else the unit goes back with the reason. */
  function drop(id, cancelled) {
    const c = ui.carry;
    if (!c?.order || c.id !== id) return;
    if (cancelled || !c.at) { store.setCarry(null); putBack(c); return; }
    c.dropped = true;
    if (ruling()) settle(c);
  }

  /** Each answer while a unit is carried: a drop waiting for its ruling is settled. */
  function follow() {
    const c = ui.carry;
    if (c?.order && c.dropped && ruling()) settle(c);
  }

  function settle(c) {
    store.setCarry(null);
    const r = ruling();
    const mine = (r.moves ?? []).findLast((m) => m.unit === c.id);
    // refused by the order: a reason naming it, or one naming no piece that its move brought (a
    // Leadership card's `not_linked`)
    const refused = (r.reasons ?? []).find((x) => orderLevel(x) && (x.unit === c.id || (!x.unit && !c.had.has(reasonKey(x)))));
    if (!rows().some((m) => m.unit === c.id && !!m.second === c.second)) { refresh(); return; } // dropped where it stands: not ordered
    if (mine?.legal === false || refused) {
      const why = refused ?? mine.reasons?.[0];
      said = `${c.id} goes back: ${why?.message ?? 'the order does not make this move'}${why?.rule ? ` (${why.rule})` : ''}`;
      putBack(c);
      return;
    }
    // every order of the card used and the order legal: it is made (one Undo step); a card moving
    // its units twice waits for their second moves, and a Leadership card for its leader (without
    // one the engine reads it as one unit of choice: Make this move, never the page's guess). One
    // Undo step with the drag: Undo brings back the order before it, not this one unmade, whose
    // verdict ("Legal order. 1 of 1 order used") read as the move taken back
    if (r.legal !== false && !spec()?.twice && !leads() && Number.isFinite(r.ordersAllowed) && r.ordersUsed >= r.ordersAllowed) makeMove(c.gesture);
    refresh();
  }

  /**
   * A tap on a piece while a card given by its leader is played (Leadership) and none gives it yet:
   * that leader (the piece, or the one with it) gives it, so that a leader who stays where he is
   * (CCA-LD-4) can give it too.
   */
  function tapUnit(id) {
    if (!active() || !leads()) return;
    const leader = sys().leaderOf?.(id, doc().units);
    if (leader) store.edit((d) => { d.inputs[ORDER].leader = leader; });
  }

  // (the drag's gesture: a drop is settled after the lift started the next one; its steps and this
  // one leave no Undo step when the order is as before the drag)
  function putBack(c) {
    store.edit((d) => { d.inputs[ORDER].moves = c.before.map((m) => ({ ...m })); }, c.gesture, Infinity);
    refresh();
  }

  /**
   * Where the order so far leaves each piece it moves (id -> {q, r}), for the board to draw it
   * there: a unit dropped stood back on its start under its path, which read as a drop not taken.
   * The piece being carried is left out (its footprint follows the finger). The last ruling's
   * places stay until the next comes, so that a drag's frames do not flick the others back.
   */
  function placed() {
    if (!active()) { placedAt = null; return new Map(); }
    if (ruling()) placedAt = endedAt();
    const moved = new Set(rows().map((m) => m.unit)), carried = ui.carry?.order && !ui.carry.dropped ? ui.carry.id : null;
    return new Map([...(placedAt ?? [])].filter(([id]) => moved.has(id) && id !== carried));
  }

  // ---- what shows: the card's section on the board, the running total beside it ----

  /** The section's band on the board (between the board's own section lines, as the ordering side sees them), labelled with the orders left. */
  function overlay(sc) {
    if (!active()) return [];
    const i = inputs();
    // a card of any section: the whole board in view, every unit it may order
    if (i.card !== 'section' && sc.cellBounds && !framed) { framed = true; reframe(sc.cellBounds); }
    if (i.card !== 'section' || !sc.cellBounds || sc.sections?.length !== 2) return [];
    const [x0, y0, x1, y1] = sc.cellBounds, [a, z] = sc.sections;
    // the top side's left flank is the bottom side's right (the game's API doc, baselines)
    const top = side() !== doc().sides[0]?.name;
    const s = top ? { left: 'right', right: 'left', center: 'center' }[i.section] : i.section;
    const [from, to] = s === 'left' ? [x0, a] : s === 'right' ? [z, x1] : [a, z];
    if (!framed) { framed = true; reframe([from - 0.5, y0 - 1, to + 0.5, y1 + 1]); } // with its label above or below it
    const r = ruling();
    const left = r && Number.isFinite(r.ordersAllowed) ? Math.max(0, r.ordersAllowed - r.ordersUsed) : i.orders;
    // the orders left written inside the band at the ordering side's own edge, by its units, which
    // the view shows (it is not moved to show the whole band: reframe)
    return [{ type: 'polygon', points: [[from, y0], [to, y0], [to, y1], [from, y1]], fill: 'rgba(255,214,102,0.16)', color: '#8a6d1f', width: 2, dashed: true },
      { type: 'mark', x: (from + to) / 2, y: top ? y0 + 0.9 : y1 - 0.9, color: '#8a6d1f', below: top, label: `${SECTION_WORDS[i.section] ?? i.section}: ${left} order${left === 1 ? '' : 's'} left` }];
  }

  // The view moves to box `b` (what the card played may order) only when the side's units in it are
  // not all in view already: a card chosen just before its first unit is dragged moved that unit
  // 90 px from under the finger on its way
  function reframe(b) {
    const inside = doc().units.filter((u) => u.side === side()).map((u) => hex.center(u.q, u.r))
      .filter(([x, y]) => x >= b[0] && x <= b[2] && y >= b[1] && y <= b[3]);
    const [xs, ys] = [inside.map((p) => p[0]), inside.map((p) => p[1])];
    if (!inside.length || !shows([Math.min(...xs) - 1, Math.min(...ys) - 1, Math.max(...xs) + 1, Math.max(...ys) + 1])) frame(b);
  }

  // the side playing the card: the first ordered unit's (the order's `side`), else the first side
  const side = () => unitById(rows()[0]?.unit)?.side ?? doc().sides[0]?.name;

  /** The bar under the verdict: the card's buttons, or the card played and the engine's running total. */
  function render() {
    // not over an order drawn with the form: a card chosen would replace it (and on a landscape
    // phone the bar floats over the board's top, where the form's paths are drawn)
    bar.hidden = !(can() && ui.mode === 'play') || (doc().query === ORDER && !active() && rows().length > 0);
    if (bar.hidden) return;
    if (!active()) {
      const n = el('select');
      n.id = 'order-count';
      n.setAttribute('aria-label', 'Orders on the card');
      for (const k of ORDER_COUNTS) { const o = el('option', `${k} order${k === 1 ? '' : 's'}`); o.value = String(k); n.append(o); }
      n.value = String(count);
      n.addEventListener('change', () => { count = Number(n.value); });
      const buttons = ['left', 'center', 'right'].map((s) => {
        const b = el('button', { left: 'Left', center: 'Centre', right: 'Right' }[s], 'secondary small');
        b.type = 'button';
        b.dataset.section = s;
        b.setAttribute('aria-label', `Play a section card: ${SECTION_WORDS[s]}`);
        b.addEventListener('click', () => choose('section', s));
        return b;
      });
      // the other cards in one select, played as soon as one is picked
      const more = el('select');
      more.id = 'order-card';
      more.setAttribute('aria-label', 'Play another command card');
      const none = el('option', 'Other…');
      none.value = '';
      const keyOf = (x) => x.key ?? x.card;
      more.append(none, ...cards().map((x) => { const o = el('option', x.name); o.value = keyOf(x); return o; }));
      more.addEventListener('change', () => {
        const x = cards().find((c) => keyOf(c) === more.value);
        if (x) choose(x.card, undefined, x.inputs);
      });
      if (showParts(bar, [n, ...buttons, ...(cards().length ? [more] : [])])) bar.scrollTop = 0;
      return;
    }
    // the card played, named only: its running total (orders used, who may still battle and why)
    // is the verdict's, which says it once (a bar repeating it took a second row of a phone)
    const i = inputs();
    const card = i.card === 'section' ? `${SECTION_WORDS[i.section] ?? i.section} card`
      : `${spec()?.name ?? i.card}${i.leader ? ` (${i.leader})` : ''}`;
    const text = el('p', `${card[0].toUpperCase()}${card.slice(1)}`);
    text.id = 'order-total';
    // (named for what it does beside Make this move, which makes the orders: "End card" was read
    // as a second way to finish the card)
    const stop = el('button', 'Cancel card', 'secondary small');
    stop.type = 'button';
    stop.id = 'order-end';
    stop.title = 'Cancel the card: the units it ordered stay where they were';
    // Cancel card takes the place of the card buttons: the second tap of a double tap on a card
    // (within a phone's double-tap time) would end the card it had just played
    const shown = performance.now();
    stop.addEventListener('click', () => { if (performance.now() - shown >= DOUBLE_TAP_MS) end(); });
    if (showParts(bar, [text, stop])) bar.scrollTop = 0;
  }

  /**
   * What the verdict adds while a card is played: why the last unit dropped went back (until the
   * next drag), and on a card moving its units twice how the second move is made.
   */
  // (the unit that went back: its reason is against the move, said apart from a legal order's words)
  function note() {
    return active() ? [leads(), twice()].filter(Boolean).join(' ') : '';
  }
  const against = () => (active() ? said : '');
  const leads = () => (spec()?.leader && !inputs().leader ? 'Tap the leader who gives it, or drag him or his unit first.' : '');
  const twice = () => (spec()?.twice ? 'Drag a unit again for its move after ranged combat; Make this move makes the order.' : '');

  /** Why a unit let go with no card played is not moved (a card orders every move), or ''. */
  const unordered = () => (can() && !active() ? 'Not moved: only a card orders a move. Choose one on the bar, then drag the units it orders.' : '');

  /** What the order waits for in play, in words (the verdict's, instead of the form's): a unit dragged, or a card (one made is over). */
  function waiting() {
    if (!can() || doc().query !== ORDER || rows().length) return null;
    return active() ? [said, 'Drag each unit the card orders to where it goes.', leads(), twice()].filter(Boolean).join(' ') : 'Choose the next card on the cards’ bar, or tap a unit for its reach.';
  }

  return { can, active, unordered, carry, drop, follow, overlay, placed, render, waiting, note, against, tapUnit };
}
