// A tap in a game that asks a reach on a tap (its `tapQuery`): on a unit, its reach becomes the
// question; on a hex of that reach, the way there, or the engine's whyNot for a hex it cannot end on.
import * as hex from './hex.js';
import { standAt, own } from './model.js';

/**
 * Of tools.js's context: the store and `ui`, `doc()`, `sys()`, `isHexBoard()`, `unitById(id)`,
 * `onBoard(h)`, `redrawResult()`, `askEngine(request)` (in the tap's lane), `rule()` (asks the
 * position's question again) and `timing(name, serial)`; and play's `playing()` and `orders()`
 * (play-parts.js).
 */
export function initTapReach({ store, ui, doc, sys, isHexBoard, unitById, onBoard, redrawResult, askEngine, rule, timing, playing, orders }) {

  // True when the answer on screen is the game's tap reach (`tapQuery`), which the game can ask
  // `whyNot` of (asked in a lane of its own beside the rulings: engine-client.js).
  function asksWhyNot() {
    const r = ui.result, s = sys();
    return !!(s.whyNotQuery && r?.response?.ok && r.request?.query === s.tapQuery && r.request.system === store.state.system);
  }

  /**
   * A tap on a hex of a reach: a reached hex shows its way there (a second tap keeps the way
   * chosen); another hex on the board asks the engine why the unit cannot end there (again: the
   * question is put away). A mover on its game's coarser lattice has its tap taken to the lattice.
   */
  function tapHex(h) {
    const mover = unitById(ui.result.request?.unit);
    if (mover) h = standAt(store.state.system, doc().board, mover, h);
    const same = ui.pick && ui.pick.q === h.q && ui.pick.r === h.r;
    if (ui.result.scene.reach.has(hex.key(h.q, h.r))) { if (!same) store.setPick({ q: h.q, r: h.r }); }
    else if (same || !onBoard(h) || !asksWhyNot()) store.setPick(null);
    else {
      store.setPick({ q: h.q, r: h.r, why: null });
      whyNot(ui.pick);
    }
    redrawResult();
  }

  // The engine's whyNot for a tapped hex: the reach's request asking about that hex. Its answer is
  // shown only while that hex is still the one tapped on that answer.
  async function whyNot(pick, serial) {
    const shown = ui.result;
    const request = { ...shown.request, query: sys().whyNotQuery, to: { q: pick.q, r: pick.r } };
    delete request.paths; delete request.detail; // reach's own fields, which whyNot does not take
    const out = await askEngine(request);
    if (ui.pick !== pick || ui.result !== shown || out.superseded) return;
    store.pickWhy(pick, out.response ?? { failed: out.timedOut ? `it took longer than ${out.budget / 1000} s and was stopped` : String(out.failed) });
    redrawResult();
    if (serial) timing('movecalc:ruled', serial);
  }

  /** Draws way `i` to the tapped hex (0: the reach's own path, i ≥ 1: its i-th alternative). */
  function pickWay(i) {
    if (!ui.pick) return;
    store.pickWay(i);
    redrawResult();
    document.querySelector(`#verdict [data-way="${i}"]`)?.focus();
  }

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

  return { asksWhyNot, tapHex, whyNot, pickWay, tapUnit, askReach };
}
