// Play a card on the board (a game whose moves are ordered by cards: its `playOrder`):
// the card chosen first (its section shaded on the board, the orders left said), then each
// ordered unit or leader dragged in turn. Each drag is one more move of the game's `order` query,
// ruled by the engine as the finger goes; the page only carries the finger's hex into the request.
// A drop the order rules out puts the unit back and keeps the reason; the order is made (one Undo
// step) when the engine counts every order of the card used, or with Make this move before that.
// The order as data: order-model.js; a unit dragged: play-orders-drag.js (fetched when a card is
// first chosen: a first view plays none); the cards' bar: play-orders-bar.js.
import { ORDER, orderRows, endedAt, cardSpec, needsLeader, placedPieces, sectionBand, ordersLeft, bandShapes,
  sideBox, cardName, cardHints } from './order-model.js';
import { initOrderBar } from './play-orders-bar.js';
import { loadOnce } from './panels.js';
import { line } from './hex-line.js';

/**
 * `page`: the store, `ui`, `sys()`, `doc()`, `unitById(id)`, `currentRequest()`, `askEngine(request)`
 * (the tap lane), `refresh()`, `makeMove()`, `frame(bounds)` (the board's view on a world box),
 * `shows(bounds)` (that box in view), `reveal(bounds)` (that box brought into view, board.reveal) and `bar` (the element the card's buttons and running total go
 * in). Returns what tools.js and app.js call.
 */
export function initPlayOrders({ store, ui, sys, doc, unitById, currentRequest, askEngine, refresh, makeMove, frame, shows, reveal, bar }) {
  let framed = false; // the section of the card just chosen has been put in view
  let placedAt = null; // where the last ruling of the card left its pieces (placed)
  const can = () => !!sys().playOrder && !!sys().queries[ORDER];
  /** True while a card is being played: the question is the order, chosen in play. */
  const active = () => can() && doc().query === ORDER && !!doc().inputs[ORDER]?.played;
  const inputs = () => doc().inputs[ORDER] ?? {};
  const rows = () => orderRows(inputs());
  // the order ruled now (the engine's answer to the request on the board), or null
  const ruling = () => {
    const r = ui.result;
    return r?.response?.ok && r.request?.query === ORDER && ui.lastRequest === JSON.stringify(currentRequest(), null, 2) ? r.response.result : null;
  };
  // the game's other cards (its `playCards`: {card, name, orders, leader, twice}), and the one played
  const cards = () => sys().playCards ?? [];
  const spec = () => cardSpec(cards(), inputs());
  const leads = () => needsLeader(spec(), inputs());

  /**
   * Card `card` (a section card: of `section`; another: its `playCards` entry's `inputs` with it) with
   * `count` orders where it counts them: the order question, no unit ordered yet.
   */
  function choose(card, section, given = {}, count) {
    drag.forget();
    drag.fetch(); // (while the finger goes to the first unit)
    const counts = card === 'section' || cards().some((x) => x.card === card && x.orders);
    store.edit((d) => {
      d.query = ORDER;
      d.inputs[ORDER] = { card, ...given, ...(section ? { section } : {}), ...(counts ? { orders: count } : {}), moves: [], active: 0, played: true };
    });
    framed = false; // the next board drawn frames the section: the units it may order, whole
    placedAt = null;
  }
  function end() {
    drag.forget();
    store.edit((d) => { d.query = sys().tapQuery; });
  }
  const renderBar = initOrderBar({ bar, cards, choose, end });
  const leaderOf = (id, units) => sys().leaderOf?.(id, units);
  const drag = lateDrag({ store, ui }, () => import('./play-orders-drag.js').then(({ initOrderDrag }) => initOrderDrag({ store, ui, unitById, askEngine, refresh, makeMove, rows, spec, leads, ruling, currentRequest, tapQuery: () => sys().tapQuery, leaderOf, ORDER, endedAt, line })));

  /**
   * A tap on a piece while a card given by its leader is played (Leadership) and none gives it yet:
   * that leader (the piece, or the one with it) gives it, so that a leader who stays where he is
   * (CCA-LD-4) can give it too.
   */
  function tapUnit(id) {
    if (!active() || !leads()) return;
    const leader = leaderOf(id, doc().units);
    if (leader) store.edit((d) => { d.inputs[ORDER].leader = leader; });
  }

  /**
   * Where the order so far leaves each piece it moves (id -> {q, r}), for the board to draw it
   * there: a unit dropped stood back on its start under its path, which read as a drop not taken.
   * The piece being carried is left out (its footprint follows the finger). The last ruling's
   * places stay until the next comes, so that a drag's frames do not flick the others back. None
   * just after an Undo took back the order made (until the next edit): its pieces stand where they
   * were, as the verdict's "Undone: … back on …" says, its paths drawn to where it would leave them
   * (drawn at their ends, they read as a position Undo had not put back: a newcomer's review).
   */
  function placed() {
    if (!active()) { placedAt = null; return new Map(); }
    if (ruling()) placedAt = endedAt(ruling());
    if (ui.undone?.at === ui.edits) return new Map();
    return placedPieces(placedAt, rows(), ui.carry?.order && !ui.carry.dropped ? ui.carry.id : null);
  }

  // ---- what shows: the card's section on the board, the running total beside it ----

  /** The section's band on the board (between the board's own section lines, as the ordering side sees them), labelled with the orders left. */
  function overlay(sc) {
    if (!active()) return [];
    const i = inputs();
    // a card of any section: the whole board in view, every unit it may order
    if (i.card !== 'section' && sc.cellBounds && !framed) { framed = true; reframe(sc.cellBounds); }
    if (i.card !== 'section' || !sc.cellBounds || sc.sections?.length !== 2) return [];
    const top = side() !== doc().sides[0]?.name;
    const band = sectionBand(sc.cellBounds, sc.sections, i.section, top);
    if (!framed) { framed = true; reframe(band.box); }
    // (the view is not moved to show the whole band: reframe)
    return bandShapes(sc.cellBounds, band, i.section, top, ordersLeft(ruling(), i.orders));
  }

  // The view moves to the side's units in box `b` (what the card played may order) only when they
  // are not all in view already, by as little as shows them (board.reveal: a pan where that does),
  // and stays there: a card chosen just before its first unit is dragged moved that unit 90 px from
  // under the finger on its way
  function reframe(b) {
    const box = sideBox(doc().units, side(), b);
    if (!box) frame(b);
    else if (!shows(box)) reveal(box);
  }

  // the side playing the card: the first ordered unit's (the order's `side`), else the first side
  const side = () => unitById(rows()[0]?.unit)?.side ?? doc().sides[0]?.name;

  /** The bar under the verdict: the card's buttons, or the card played and the engine's running total. */
  function render() {
    // not over an order drawn with the form: a card chosen would replace it (and on a landscape
    // phone the bar floats over the board's top, where the form's paths are drawn)
    renderBar(!(can() && ui.mode === 'play') || (doc().query === ORDER && !active() && rows().length > 0), active() ? cardName(inputs(), spec()) : null);
  }

  /**
   * What the verdict adds while a card is played: why the last unit dropped went back (until the
   * next drag), and on a card moving its units twice how the second move is made.
   */
  // (the unit that went back: its reason is against the move, said apart from a legal order's words)
  const note = () => (active() ? cardHints(spec(), inputs()).filter(Boolean).join(' ') : '');
  const against = () => (active() ? drag.said() : '');

  /** Why a unit let go with no card played is not moved (a card orders every move), or ''. */
  const unordered = () => (can() && !active() ? 'Not moved: only a card orders a move. Choose one on the bar, then drag the units it orders.' : '');

  /** What the order waits for in play, in words (the verdict's, instead of the form's): a unit dragged, or a card (one made is over). */
  function waiting() {
    if (!can() || doc().query !== ORDER || rows().length) return null;
    return active() ? [drag.said(), 'Drag each unit the card orders to where it goes.', ...cardHints(spec(), inputs())].filter(Boolean).join(' ') : 'Choose the next card (Left, Center, Right or another), or tap a unit for its reach.';
  }

  return { can, active, unordered, carry: drag.carry, drop: drag.drop, follow: drag.follow, forget: drag.forget, overlay, placed, render, waiting, note, against, tapUnit };
}

/**
 * The drag's handlers (play-orders-drag.js's, made by `load`) before its code has come: a carry or a
 * drop is kept and made, in order, once it has (the first fetches it, if choosing the card did not;
 * a position saved with a card played); a stand-in carry meanwhile, which tools.js lets go by `drop`,
 * as play-table-late.js does for a table's play. Nothing is said or followed until then.
 */
function lateDrag({ store, ui }, load) {
  const code = loadOnce(load);
  const held = []; // [name, args] of each call made before the code came
  function arrive(made) {
    if (ui.carry?.late) store.setCarry(null);
    for (const [name, args] of held.splice(0)) made[name](...args);
  }
  const kept = (name) => (...args) => {
    if (code.ready && !held.length) return code.ready[name](...args);
    if (!held.length) code.get().then(arrive, () => { held.length = 0; if (ui.carry?.late) store.setCarry(null); });
    held.push([name, args]);
    if (name === 'carry' && !ui.carry) store.setCarry({ id: args[0], order: true, late: true, dropped: false });
    return undefined;
  };
  return {
    fetch: () => code.get().catch(() => {}),
    carry: kept('carry'), drop: kept('drop'),
    follow: () => code.ready?.follow(),
    said: () => code.ready?.said() ?? '',
    forget: () => code.ready?.forget(),
  };
}
