// A unit dragged into the card's order (play-orders.js, which fetches this when a card is first
// chosen): carried to the hex under the finger, then on the drop kept in the order, put back with
// the reason, or the order made.
import * as hex from './hex.js';
import { carried, carriedMoves, dropped, reachRequest } from './order-carry.js';

/**
 * `page`: the store, `ui` (the carry, the drag's serial), `unitById(id)`, `askEngine(request)` (the
 * tap lane), `refresh()`, `makeMove()`, and of the card played: `rows()` (its order's moves),
 * `spec()` (the card as the game offers it), `leads()` (true while it waits for its leader),
 * `ruling()` (the engine's answer to the order on the board, or null), `currentRequest()` (the
 * board's request), `tapQuery()` (the game's reach query, which a unit dragged is asked by) and `leaderOf(id, units)` (the
 * leader who gives a card to piece `id`, or none); `ORDER`, `endedAt` (order-model.js) and `line`
 * (hex-line.js), given (order-carry.js says why). Returns the drag's handlers, and `said()`: why
 * the last unit dropped went back, until the next drag or `forget()`.
 */
export function initOrderDrag({ store, ui, unitById, askEngine, refresh, makeMove, rows, spec, leads, ruling, currentRequest, tapQuery, leaderOf, ORDER, endedAt, line }) {
  let said = '';

  /** A drag of unit `id` while a card is played: its move to the hex under the finger (by key: hex `pointer`) joins the order. */
  function carry(id, pointer, byKey = false) {
    if (!unitById(id)) return;
    if (ui.carry?.id !== id || ui.carry.dropped) {
      said = '';
      // (the lift starts the next gesture before the drop settles: its edits merge by this key)
      const c = carried(id, rows(), ruling(), spec(), `drag:${ui.serial}`, endedAt(ruling()));
      store.setCarry(c);
      // its reach, from the position the order so far leaves
      askEngine(reachRequest(currentRequest(), tapQuery(), id, endedAt(ruling()), c.second)).then((out) => {
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

  // The carried unit's move to the hex under the finger joins the order.
  function place(c) {
    const u = c.from ?? unitById(c.id);
    if (!u) return;
    store.edit((d) => {
      const i = d.inputs[ORDER];
      i.moves = carriedMoves(c, u, line);
      // a card given by its leader (Leadership): the leader tapped, else the leader of the first
      // piece picked up (the piece itself or the one with it: the game's `leaderOf`); kept for the card
      if (spec()?.leader && !i.leader) i.leader = (i.moves[0] && leaderOf(i.moves[0].unit, d.units)) || '';
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

  // The card made by its last order's drop is a step of its own, as with Make this move: Undo
  // brings back the card with every order, ready to make again; a second Undo takes back that order
  function settle(c) {
    store.setCarry(null);
    const out = dropped(ruling(), c, rows(), spec(), leads());
    if (out.back) { said = out.back; putBack(c); return; }
    if (out.made) makeMove();
    refresh();
  }

  // (the drag's gesture: a drop is settled after the lift started the next one; its steps and this
  // one leave no Undo step when the order is as before the drag)
  function putBack(c) {
    store.edit((d) => { d.inputs[ORDER].moves = c.before.map((m) => ({ ...m })); }, c.gesture, Infinity);
    refresh();
  }

  return { carry, drop, follow, said: () => said, forget() { said = ''; } };
}
