// Make this move (docs/page.md "Play on"): the answer on screen applied to the position as one Undo
// step, and whether it can be. Reads the session's answer and picked hex; knows no game (each
// game's `mover`, `moverEnd`, `applyRuling`, `canApply`, `canApplyEnd` and `unrolled` say what moves).
import * as hex from './hex.js';
import { own } from './model.js';

/**
 * `store` (its session's `result`, `pick` and `lastRequest`), `sys()` the game on screen, `round`
 * (a table's figures as the page keeps them), `currentRequest()` the request the board asks now,
 * `held()` true while play makes no move: it waits for the player's choices (a drop's ejections,
 * play-eject.js), or no card orders one (play-orders.js).
 */
export function initMakeMove({ store, sys, round, currentRequest, held }) {
  const ui = store.session;

  /**
   * Make this move: the ruling applied to the position as one Undo step (the mover at its end; what
   * the game moves besides it through its `applyRuling`). Only an answer to the position on the board.
   * On a tap reach, a reached hex tapped is where the mover goes (the game may refuse an end its
   * reach cannot place all of, `canApplyEnd`). A step of its own, a drop's too (not one with the
   * drag's edits of the question): Undo takes back the move and shows it again as it was about to
   * be made (docs/page.md "Undo and Redo"). True when the move was made.
   */
  function applyRuling() {
    if (!canApply()) return false;
    const { request, response: { result } } = ui.result;
    const s = sys(), end = tappedEnd();
    store.edit((d) => {
      const byId = (id) => d.units.find((u) => u.id === id);
      const moveTo = (u, p) => {
        if (!u || !p || typeof p !== 'object') return;
        if (s.board === 'hex') {
          const h = Number.isInteger(p.q) && Number.isInteger(p.r) ? p : Number.isInteger(p.col) ? hex.toAxial(p.col, p.row) : null;
          if (!h) return;
          u.q = h.q; u.r = h.r;
          if (s.hasFacing && Number.isInteger(p.facing)) u.facing = p.facing;
        } else if (Number.isFinite(p.x) && Number.isFinite(p.y)) {
          u.x = round(p.x); u.y = round(p.y);
          if (Number.isFinite(p.facing)) u.facing = round(((p.facing % 360) + 360) % 360);
        }
      };
      // a unit the ruling takes off the table (destroyed, fled off, eliminated)
      const remove = (id) => {
        d.units = d.units.filter((u) => u.id !== id);
        forgetUnit(d.inputs, id);
      };
      if (end) moveTo(byId(request.unit), end);
      else {
        const mover = s.mover(request);
        if (typeof mover === 'string') moveTo(byId(mover), moverEnd(request, result));
        s.applyRuling?.(request, result, byId, moveTo, remove, d);
      }
      // the move made is no longer the question: its path, order or charge would be asked again
      // from where the units now stand (and ruled broken). The query's `made` says what goes (and
      // what stays: an order that goes on), given the ruling and the position it left; by default
      // its drawn paths. Undo brings them back with the units.
      const inputs = own(d.inputs, request.query), spec = own(s.queries, request.query);
      if (inputs && spec) (spec.made ?? clearPaths(spec))(inputs, { request, result, doc: d });
    });
    return true;
  }

  const clearPaths = (spec) => (inputs) => { for (const f of spec.fields) if (f.kind === 'path') inputs[f.key] = []; };

  // A unit taken off the table is no longer picked in any question ('' is "none"), so the next
  // ruling asks of the position as it is instead of naming a unit that is gone.
  function forgetUnit(inputs, id) {
    for (const [k, v] of Object.entries(inputs ?? {})) {
      if (v === id) inputs[k] = '';
      else if (v && typeof v === 'object') forgetUnit(v, id);
    }
  }

  // The reached hex tapped on the game's tap reach (its entry), when the game can place the mover there.
  function tappedEnd() {
    const r = ui.result, p = ui.pick;
    if (!p || p.why !== undefined || r.request?.query !== sys().tapQuery || typeof r.request.unit !== 'string') return null;
    const entry = ui.result.scene?.reach.get(hex.key(p.q, p.r));
    return entry && (sys().canApplyEnd?.(entry) ?? true) ? { q: entry.q, r: entry.r } : null;
  }

  /** True when the answer on screen moves something that Make this move can apply. */
  function canApply() {
    if (held()) return false; // made once every choice is given (never with the engine's first candidate), or by a card
    const r = ui.result;
    if (sys().unrolled?.(r?.request ?? {})) return false; // its dice not yet rolled (the game's `unrolled`)
    if (!r?.response?.ok || r.response.result?.legal === false || r.request?.system !== store.state.system || ui.lastRequest !== JSON.stringify(currentRequest(), null, 2)) return false;
    const res = r.response.result;
    return !!tappedEnd() || !!(moverEnd(r.request, res) && typeof sys().mover(r.request) === 'string') || !!sys().canApply?.(r.request, res);
  }

  // Where the question's unit ends: the answer's `final`, or the game's word for it (`moverEnd`:
  // a charge that cannot be completed has a `final` where it would have ended).
  function moverEnd(request, result) {
    const s = sys();
    if (s.moverEnd) return s.moverEnd(request, result);
    return result?.legal !== false ? result?.final : null;
  }

  return { applyRuling, canApply, tappedEnd };
}
