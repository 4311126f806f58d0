// A tap on a hex of a reach, in a hex game that asks a reach on a tap (its `tapQuery`): the way
// there, or the engine's whyNot for a hex it cannot end on. Part of a hex game's play (play-hex.js),
// so it loads with the hex games and not with a table game's page (a tap on a unit, which asks its
// reach on either kind of board, is tools.js's).
import * as hex from './hex.js';

/**
 * Of tools.js's context: the store and `ui`, `doc()`, `sys()`, `unitById(id)`, `onBoard(h)`,
 * `redrawResult()`, `askEngine(request)` (in the tap's lane), `timing(name, serial)` and model.js's
 * `standAt`.
 */
export function initTapReach({ store, ui, doc, sys, unitById, onBoard, redrawResult, askEngine, timing, standAt }) {

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

  return { asksWhyNot, tapHex, whyNot, pickWay };
}
