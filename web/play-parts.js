// Play's parts (docs/page.md "Play and Set up"): whether the board is in play, the game's play
// parts (on a table: play-table.js; on a hex board: play-hex.js; a card played, a drop's ejections
// chosen: play-orders.js, play-eject.js; the question's dice: play-rolls.js) and what they draw over the board and say
// beside the verdict. A game's module brings the parts it uses (its `play`), so the others' code is
// not loaded with it; each is set up once, when first asked for.
import { unitSize, own, unfinished, onLattice, standAt } from './model.js';
import { rollInto } from './query-form.js';

// What a game without one of the play parts gets in its place: nothing to carry, draw or say.
const NONE = {
  table: { carry() {}, turn() {}, key() {}, chargeAt() {}, drop() {}, follow() {}, overlay: () => [], note: () => ({ lead: '', text: '' }), measured: () => null, render: () => false, waiting: () => null },
  orders: { can: () => false, active: () => false, unordered: () => '', carry() {}, tapUnit() {}, drop() {}, follow() {}, render() {}, overlay: () => [], placed: () => new Map(), note: () => '', against: () => '', forget() {}, waiting: () => null },
  eject: { active: () => false, start: () => false, tap: () => false, follow() {}, render: () => false, overlay: () => [] },
  rolls: { render: () => false },
  hex: { asksWhyNot: () => false, tapHex() {}, whyNot() {}, pickWay() {}, tapVerdict: () => null, carry() {}, followCarry() {}, letGo() {}, playTo() {} },
};

/**
 * Of tools.js's context: the store and `ui`, the `board` (its framing, and the gesture under way),
 * `doc()`, `sys()`, `isHexBoard()`, `unitById(id)`, `refresh()`, `redrawResult()`,
 * `currentRequest()`, `askEngine(request)`, `makeMove()`, `timing(name, serial, at)` (app.js) and `playBar` (the bar under the verdict
 * the parts write in); Make this move's `canApply()` and `tappedEnd()` (make-move.js); and, for
 * play on a hex board, the rest of the tools' context (play-hex.js). Returns the parts and what
 * app.js asks of play.
 */
export function initPlayParts(page) {
  const { store, ui, board, doc, sys, isHexBoard, unitById, refresh, redrawResult, currentRequest, askEngine, makeMove, playBar, canApply, timing } = page;
  /**
   * True when this game's drags can be moves: a hex board whose game brings its play (`play.hex`),
   * asks a reach on a tap and whyNot of a hex, or a table whose game says how its drags are played
   * (`tablePlay`, play-table.js).
   */
  const canPlay = () => (isHexBoard() ? !!sys().play.hex && !!sys().whyNotQuery && !!own(sys().queries, sys().tapQuery) : !!sys().tablePlay);
  const playing = () => ui.mode === 'play' && canPlay();

  const unitInfo = (id) => {
    const u = unitById(id);
    if (!u) return null;
    const [w, d] = unitSize(store.state.system, u);
    return { ...u, w, d };
  };
  const wiring = {
    table: () => ({ store, ui, sys, doc, unitInfo, currentRequest, refresh, redrawResult, makeMove, canApply, timing, bar: playBar, board }),
    orders: () => ({ store, ui, sys, doc, unitById, currentRequest, askEngine, refresh, makeMove, frame: (b) => board.frame(b), shows: (b) => board.shows(b), reveal: (b) => board.reveal(b), bar: playBar }),
    eject: () => ({ store, ui, sys, doc, currentRequest, refresh, makeMove, bar: playBar }),
    rolls: () => ({ store, sys, doc, bar: playBar, own, unfinished: () => unfinished(store.state.system, doc()), rollInto }),
    // (model.js's helpers passed in: a game's module imports no module that imports the games' registry)
    hex: () => ({ ...page, playing, orders, eject, own, onLattice, standAt }),
  };
  const parts = new Map(); // a part's set-up function → the part
  const part = (name) => {
    const init = sys().play[name];
    if (!init) return NONE[name];
    if (!parts.has(init)) parts.set(init, init(wiring[name]()));
    return parts.get(init);
  };
  const table = () => part('table'), orders = () => part('orders'), eject = () => part('eject'), rolls = () => part('rolls'), hexPlay = () => part('hex');
  /** The bar under the verdict in play: a drop's ejections while they are chosen, else the card played (or the cards to play), else a table's order open, else the question's dice. */
  function renderPlayBar() {
    if (playing() && eject().render()) return;
    if (playing() && orders().can()) { orders().render(); return; }
    // the dice's row (and an order's) neither comes nor goes under a finger carrying a unit (a
    // charge aimed from a pursuit's question hid it and moved the tabs by its height); shown, it
    // follows the question (a charge aimed showed the pursuit's dice)
    const held = !!board.gesture?.moved;
    if (held && playBar.hidden) return;
    if (playing() && table().render(held)) return;
    if (playing() && rolls().render()) return;
    if (!held) playBar.hidden = true;
  }
  /** What play draws over the board: the card's section, the hexes an ejected miniature may go to. */
  const playHexOverlay = (sc) => (playing() ? [...orders().overlay(sc), ...eject().overlay()] : []);
  /** Where a card played so far leaves the pieces it moves (play-orders.js placed), to draw them there. */
  const playPlaced = () => (playing() ? orders().placed() : new Map());
  /** The hexes the player taps to choose (a drop's ejections), and those to be chosen from once a test's outcome is given. */
  const playChoices = () => (playing() ? eject().overlay(true) : []);

  return { canPlay, playing, table, orders, eject, hexPlay, renderPlayBar, playHexOverlay, playPlaced, playChoices,
    playOverlay: () => (playing() ? table().overlay() : []), playMeasured: () => (playing() ? table().measured() : null), playNote: (request, result) => { const t = table().note(request, result); return { lead: t.lead, text: [t.text, playing() ? orders().note() : ''].filter(Boolean).join(' '), against: playing() ? orders().against() : '' }; }, forgetBack: () => orders().forget(), playWaiting: () => (playing() ? orders().waiting() ?? table().waiting() : null) };
}
