// The board's tools: what a drag, a tap, a paint stroke and the keyboard do to the position (Move,
// Terrain and Path), a tap on a unit (its reach) or on a hex of a reach (its way there, or the
// engine's whyNot), Make this move (web/make-move.js) and play (a drag of a unit is its move). Each
// is a module that takes of the page's context only what it reads: play's parts (play-parts.js;
// on a hex board, with a tap on a reach's hex, play-hex.js and tap-reach.js, which the hex games
// bring), the Terrain and Path tools (paint-tools.js) and the keys (board-keys.js, fetched at the
// first focus on the board or a unit's control); here they are wired, and a drag, a turn, a tap or
// a key goes to the one it is for.
import * as hex from './hex.js';
import { standAt, own } from './model.js';
import { initMakeMove } from './make-move.js';
import { initPlayParts } from './play-parts.js';
import { loadOnce } from './panels.js';

// the keys board-keys.js may take (a character, the arrows and a few named keys): while it is
// fetched, such a key is kept from the browser's own use of it (an arrow's scroll); Tab and F5 are not
const BOARD_KEY = /^(.|Arrow.*|Enter|Escape|Backspace|Delete)$/u;

/**
 * Sets up the tools and the board's keys. `page`: the store, `ui`, the board and its canvas,
 * `doc()`, `sys()`, `isHexBoard()`, `unitById(id)`, `round(v, p)`, the position's `hexesOf(u)`,
 * `onBoard(h)`, `pathQuery(d)` and `pathInputs(d)`, `refresh()`, `redrawResult()`,
 * `currentRequest()`, `askEngine(request)` (the engine client's `ask`, in the tap's lane), `terrainKind()`,
 * `removeUnit(id)`, `toggleFullBoard()`, `makeMove()` (Make this move), `rule()` (asks the
 * position's question again, a move just made or not) and `playBar` (where a card played or a
 * drop's ejections are chosen: play-orders.js, play-eject.js) and `timing(name, serial)` (app.js:
 * a ruling asked and drawn, for the drag bench).
 */
export function initTools(page) {
  const { store, ui, canvas, doc, sys, isHexBoard, unitById, round, onBoard, refresh, currentRequest, removeUnit, rule } = page;
  const { applyRuling, canApply, tappedEnd } = initMakeMove({ store, sys, round, currentRequest, held });
  const { canPlay, playing, table, orders, eject, hexPlay, ...shown } = initPlayParts({ ...page, canApply, tappedEnd, askReach, follow });
  // a drop's ejections being chosen; a reached hex tapped in play that no card orders a move to
  function held() { return eject().active() || (playing() && !!orders().unordered() && ui.result?.request?.query === sys().tapQuery); }
  const carry = (...a) => hexPlay().carry(...a);
  const pickWay = (i) => hexPlay().pickWay(i);
  const tapVerdict = (...a) => hexPlay().tapVerdict(...a);
  // the Terrain and Path tools (paint-tools.js), fetched when one is first chosen (setTool calls
  // `loadPaint`) or first used: a tap or stroke before then is laid once they have come, in order;
  // offline before their first use, the next use tries again
  const paint = loadOnce(() => import('./paint-tools.js').then(({ initPaintTools }) => initPaintTools(page)));
  const loadPaint = () => paint.get().catch(() => {});
  const painting = (name) => (...a) => { if (paint.ready) paint.ready[name](...a); else paint.get().then((p) => p[name](...a), () => {}); };
  const addCorner = painting('addCorner'), extendPath = painting('extendPath'), paintHex = painting('paintHex'), finishPolygon = painting('finishPolygon');

  /**
   * A tap on a unit, in a game that asks a reach on a tap (its `tapQuery`: a reach or a reach area):
   * the unit becomes that question's unit and the reach shows. Elsewhere a tap only selects: the
   * question's `unit` may be another unit than the mover (a pursued one), which a tap must not replace.
   */
  function tapUnit(id) {
    const u = unitById(id);
    // a saved army waiting for its place goes beside the unit tapped (on it is taken)
    if (ui.placing && u) { ui.placing.at(isHexBoard() ? hex.center(u.q, u.r) : [u.x, u.y]); return; }
    if (ui.tool !== 'move' || store.locked) return;
    if (playing() && orders().active()) { orders().tapUnit(id); return; } // a card played: its units are ordered by dragging them (a tap names a Leadership card's leader)
    if (playing() && table().tap?.(id)) return; // (a unit the table's question picks by a tap: its game's, play-table-charge.js)
    askReach(id);
  }

  // Unit `id`'s reach (the game's `tapQuery`) becomes the question, ruled in the next frame, with no
  // Undo step of its own (a look: Undo after it takes back the last move, not the look); asked
  // again when it is the question already but held back after a move was made (no answer shown).
  function askReach(id) {
    const s = sys(), spec = own(s.queries, s.tapQuery);
    if (!spec) return;
    const key = spec.fields.find((f) => f.kind === 'unit')?.key;
    const d = doc();
    if (d.query === s.tapQuery && key && own(d.inputs, d.query)?.[key] === id) { if (!ui.result) rule(); return; }
    store.look((dd) => {
      dd.query = s.tapQuery;
      if (key) (dd.inputs[dd.query] ??= {})[key] = id;
    });
  }

  // A drag with the Move tool: in play the unit's move (carry); in set-up the unit follows the
  // pointer (on a hex board, hex by hex).
  function dragTo(id, [x, y], pointer) {
    if (playing()) { if (orders().active()) orders().carry(id, pointer); else if (isHexBoard()) carry(id, pointer); else table().carry(id, [x, y], pointer); return; }
    const u = unitById(id);
    if (!u) return;
    // a unit let go off the board is taken off it (dragEnd): the set-up's way to remove one by touch
    const t = doc().table, off = isHexBoard() ? !onBoard(hex.fromPixel(...pointer)) : pointer[0] < 0 || pointer[1] < 0 || pointer[0] > t.width || pointer[1] > t.height;
    if (off || ui.offBoard) { store.setOffBoard(off ? { id, at: pointer } : null); refresh(); }
    if (!isHexBoard()) {
      store.edit(() => { u.x = round(x); u.y = round(y); }, `drag:${ui.serial}`);
      return;
    }
    let h = hex.fromPixel(...pointer);
    h = standAt(store.state.system, doc().board, u, h);
    if (!onBoard(h) || (h.q === u.q && h.r === u.r)) return;
    store.edit((d) => { const v = d.units.find((w) => w.id === id); v.q = h.q; v.r = h.r; }, `drag:${ui.serial}`);
  }

  function rotateTo(id, [x, y], free) {
    if (playing()) { table().turn(id, [x, y]); return; } // a game whose turn handle shows in play (board.js playTurns)
    const u = unitById(id);
    if (!u) return;
    if (!isHexBoard()) {
      // 15° steps; free to the degree with Shift or Alt held, or after a long press
      const f = Math.atan2(x - u.x, y - u.y) * 180 / Math.PI;
      const step = free ? 1 : 15;
      const facing = (((Math.round(f / step) * step) % 360) + 360) % 360;
      if (facing === u.facing) return;
      store.edit(() => { u.facing = facing; }, `drag:${ui.serial}`);
    } else {
      const [cx, cy] = hex.center(u.q, u.r);
      const f = hex.dirOf(x - cx, y - cy);
      if (f !== u.facing) store.edit((d) => { d.units.find((w) => w.id === id).facing = f; }, `drag:${ui.serial}`);
    }
  }

  function tap([x, y]) {
    if (ui.placing) { ui.placing.at([x, y]); return; }
    if (playing() && isHexBoard() && eject().tap(hex.fromPixel(x, y))) return; // where an ejected miniature goes
    if (ui.tool === 'terrain' && !isHexBoard()) {
      addCorner([x, y]);
      return;
    }
    if (ui.tool === 'path' && isHexBoard()) {
      extendPath(hex.fromPixel(x, y));
      return;
    }
    if (isHexBoard() && (ui.result?.scene.reach.size || hexPlay().asksWhyNot())) {
      hexPlay().tapHex(hex.fromPixel(x, y));
      // in play a reached hex tapped is where the unit goes, as a drop there would make it
      if (playing() && typeof ui.result?.request?.unit === 'string') hexPlay().playTo(ui.result.request.unit);
      return;
    }
    if (ui.selected) store.select(null);
  }

  // An answer arrived (app.js calls it with every one): each play part settles what waited on it,
  // then the unit a finger carries takes its place on it.
  function follow() {
    orders().follow();
    eject().follow();
    const c = ui.carry;
    if (c?.order) return;
    if (c?.table) { table().follow(); return; }
    hexPlay().followCarry();
  }

  // The finger lifted (or the gesture was cancelled): a unit held off the board in set-up is
  // removed; a unit carried in play is let go by the part that carries it.
  function dragEnd(id, cancelled) {
    if (ui.offBoard) {
      const off = ui.offBoard;
      store.setOffBoard(null);
      if (off.id === id && !cancelled) { removeUnit(id); return; }
      refresh();
    }
    const c = ui.carry;
    if (c?.table) { table().drop(id, cancelled); return; }
    if (c?.order) { orders().drop(id, cancelled); return; }
    hexPlay().letGo(id, cancelled);
  }

  // The board's keys, fetched at the first focus on the board or a unit's control (`loadKeys`),
  // which a key follows: a key or a control's click that comes before them is handled once they
  // have (a key the board may take does not scroll the page meanwhile); offline before their first
  // use, the next focus tries again.
  // (with a table's play whose code comes at first use, play-table-late.js: a key waits for it too)
  const keys = loadOnce(async () => {
    const [code] = await Promise.all([import('./board-keys.js'), table().loaded?.().catch(() => {})]);
    return code.initBoardKeys({ ...page, playing, table, orders, carry, tapUnit, dragEnd, finishPolygon, extendPath });
  });
  const loadKeys = () => keys.get().catch(() => {});
  const withKeys = (f) => { if (keys.ready) f(keys.ready); else keys.get().then(f, () => {}); };
  const early = (e) => { if (!keys.ready && BOARD_KEY.test(e.key) && !(e.ctrlKey || e.metaKey || e.altKey)) e.preventDefault(); };
  canvas.addEventListener('focus', loadKeys);
  canvas.addEventListener('keydown', (e) => { early(e); withKeys((k) => k.boardKey(e)); });
  const activateUnit = (id) => withKeys((k) => k.activateUnit(id));
  const unitKey = (id, e) => { early(e); withKeys((k) => k.unitKey(id, e)); };

  /** What the keys do to a unit now, in words: each unit control's accessible description (unit-controls.js). */
  function unitKeys() {
    const made = 'Enter makes the move, Escape takes it back.';
    if (!playing()) return `Enter picks it; arrows move it${!isHexBoard() || sys().hasFacing ? ', Q and E turn it' : ''}, Delete removes it.`;
    if (isHexBoard()) return `Enter shows its reach; arrows carry it hex by hex. ${made}`;
    return table().keys(made); // (a table's, as its way of play has them: play-table.js)
  }

  // Ctrl or Cmd with Z, Y or Shift Z anywhere on the page but in a field being typed in: the store's undo and redo
  document.addEventListener('keydown', (e) => {
    const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName) && e.target.type !== 'radio' && e.target.type !== 'checkbox';
    if (typing || !(e.ctrlKey || e.metaKey)) return;
    const k = e.key.toLowerCase();
    if (k === 'z' && !e.shiftKey) { store.undo(); e.preventDefault(); }
    else if (k === 'y' || (k === 'z' && e.shiftKey)) { store.redo(); e.preventDefault(); }
  });

  return { dragTo, rotateTo, dragEnd, follow, canPlay, playing, tap, tapUnit, pickWay, tapVerdict, paintHex, finishPolygon, loadPaint, applyRuling, canApply, loadKeys, activateUnit, unitKey, unitKeys, ...shown };
}
