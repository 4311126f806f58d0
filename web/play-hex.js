// Play on a hex board (docs/page.md "Play and Set up"): a drag of a unit is its move, ruled by its
// reach; hexes the finger rested on are waypoints, and a drop on a reached hex makes the move. With
// a tap on a reach's hex (tap-reach.js), the hex games' play part `hex` (play-parts.js): their
// modules bring it, so a table game's page is without it.
import * as hex from './hex.js';
import { line } from './hex-line.js';
import { initTapReach } from './tap-reach.js';

// why a drop on a hex it reaches did not move the unit there, where the game leaves what the move
// does to the others to the player (its `canApplyEnd`: ejections are chosen, never picked silently)
const NOT_CHOSEN = 'Not moved: what this move does to the others is chosen with the question’s form (the Path tool, then Make this move).';
// `ui.mode` is the mode chosen ('play' or 'setup'); `ui.carry` the unit a finger carries in play:
// `{id, at}` (the hex under the finger), `rested` (`at` once the finger has rested on it), `via`
// (the waypoints: hexes it rested on and left, and `way`, the reach's way to the first), `dropped`
// once the finger lifted before its ruling answered.
const LINGER_MS = 500;

/**
 * Of tools.js's context: the store and `ui`, `doc()`, `sys()`, `unitById(id)`, `onBoard(h)`,
 * `pathQuery(d)` and `pathInputs(d)`, `refresh()`, `redrawResult()`, `currentRequest()`,
 * `askEngine(request)`, `makeMove()` and `timing(name, serial)`; Make this move's `canApply()` and
 * `tappedEnd()` (make-move.js), play's `orders()` and `eject()` (play-parts.js), the tools'
 * `askReach(id)` and `follow()` (every part settles the answer on screen), and model.js's `own`,
 * `onLattice` and `standAt`. Gives the tap's part too (tap-reach.js).
 */
export function initPlayHex(page) {
  const { store, ui, doc, unitById, onBoard, pathQuery, pathInputs, refresh, redrawResult, currentRequest, makeMove, timing, canApply, tappedEnd, orders, eject, askReach, follow, own, onLattice, standAt } = page;
  const tap = initTapReach(page);
  const { asksWhyNot, whyNot } = tap;
  // The answer on screen is unit `id`'s reach in the position on the board now.
  const reachOf = (id) => asksWhyNot() && ui.result.request.unit === id && ui.lastRequest === JSON.stringify(currentRequest(), null, 2);

  /** A drag of unit `id` in play: the hex under the finger (on a mover's coarser lattice, its nearest point) is where it would go. */
  function carry(id, pointer, byKey = false) {
    const u = unitById(id);
    if (!u) return;
    if (ui.carry?.id !== id || ui.carry.dropped) { store.setCarry({ id, at: null, rested: null, via: [], way: null, dropped: false, linger: 0 }); askReach(id); }
    const c = ui.carry;
    let h = byKey ? pointer : hex.fromPixel(...pointer);
    const lattice = onLattice(store.state.system, u);
    h = standAt(store.state.system, doc().board, u, h);
    if (c.at?.q === h.q && c.at?.r === h.r) return;
    clearTimeout(c.linger);
    // a hex the finger rested on and moved on from is a waypoint (a finger resting where it lets go
    // changes nothing; a mover on a coarser lattice keeps the reach's way)
    // (a drag no order makes a move of only shows the reach's way: play-orders.js unordered)
    if (c.at && c.rested === c.at && !orders().unordered()) addWaypoint(c);
    c.at = h;
    if (c.via.length && retraced(c)) askReach(id);
    if (!lattice && !byKey) c.linger = setTimeout(() => { if (ui.carry === c && c.at === h) c.rested = h; }, LINGER_MS);
    refresh(); // the footprint under the finger (app.js scene), before any answer; queued first, its scene is the ruling's too (app.js redrawResult)
    if (c.via.length) throughWaypoints(c); else follow();
  }

  // The finger back on the way it came to the last waypoint (the straight line there, the reach's
  // way to the first, or the hex before it): that waypoint is taken back, and so on, as a ruler
  // pulled back is shorter (a drag out and back was a path there and back, paid both ways). True
  // when none is left: the question is the reach again.
  function retraced(c) {
    const at = (w) => w.q === c.at.q && w.r === c.at.r;
    let taken = false;
    while (c.via.length) {
      const w = c.via.at(-1), before = c.via.at(-2) ?? unitById(c.id);
      if (!(at(before) || line(before, w).some(at) || (c.via.length === 1 && c.way.some(at)))) break;
      c.via.pop();
      taken = true;
    }
    if (!c.via.length) c.way = null;
    return taken && !c.via.length;
  }

  // The first waypoint is a hex the reach reached (its way there the reach's); each later one any
  // hex of the board. From then on the question is the game's move along that path.
  function addWaypoint(c) {
    if (c.dropped || !onBoard(c.at)) return;
    const last = c.via.at(-1) ?? unitById(c.id);
    if (!last || (last.q === c.at.q && last.r === c.at.r)) return;
    if (!c.via.length) {
      if (!reachOf(c.id) || !ui.pick || 'why' in ui.pick) return;
      c.way = ui.result.scene.tracks.findLast((t) => t.kind === 'hexes')?.steps.slice(1) ?? null;
      if (!c.way) return;
    }
    c.via.push(c.at);
    throughWaypoints(c);
  }

  // The move along the reach's way to the first waypoint, then straight from waypoint to waypoint
  // and on to the hex under the finger: the Path tool's question, ruled in the next frame.
  function throughWaypoints(c) {
    const path = [...c.way];
    for (const h of [...c.via.slice(1), c.at]) path.push(...line(path.at(-1), h));
    store.setPick(null);
    store.edit((d) => {
      d.query = pathQuery(d);
      const inputs = pathInputs(d);
      inputs.unit = c.id;
      inputs.path = path.map((h) => ({ q: h.q, r: h.r }));
    }, `drag:${ui.serial}`);
  }

  /**
   * Shows the carried unit's hex on its reach once that has answered (tools.js follow, with every
   * answer): the way there, its cost and what is left, or for a hex it cannot end on the engine's
   * whyNot, as a tap on that hex would; a drop waiting for the reach is made then.
   */
  let hexRulings = 0; // a Play drag's hexes ruled from the reach on screen, or by whyNot (the bench's marks)
  function followCarry() {
    const c = ui.carry;
    if (c?.via.length) { if (c.dropped && ui.lastRequest === JSON.stringify(currentRequest(), null, 2)) drop(c); return; }
    if (!c || !reachOf(c.id)) return;
    const home = unitById(c.id);
    const h = c.at;
    let serial = null, drawn = false;
    if (!h || !onBoard(h) || (home && h.q === home.q && h.r === home.r)) store.setPick(null); // off the board, or back home: no move
    else if (!(ui.pick && ui.pick.q === h.q && ui.pick.r === h.r)) {
      serial = `hex-${++hexRulings}`;
      timing('movecalc:ask', serial);
      if (ui.result.scene.reach.has(hex.key(h.q, h.r))) store.setPick({ q: h.q, r: h.r });
      else { store.setPick({ q: h.q, r: h.r, why: null }); drawn = whyNot(ui.pick, serial); serial = null; }
    }
    if (!drawn) redrawResult();
    if (serial) timing('movecalc:ruled', serial);
    if (c.dropped) drop(c);
  }

  /**
   * The finger carrying unit `id` lifted (or the gesture was cancelled). On a reached hex the move
   * is made, as Make this move makes it (one Undo step); anywhere else the unit never left its hex,
   * and the reason (the whyNot asked for that hex) stays on screen.
   */
  function letGo(id, cancelled) {
    const c = ui.carry;
    if (!c || c.id !== id) return;
    clearTimeout(c.linger);
    if (cancelled) { store.setCarry(null); store.setPick(null); redrawResult(); refresh(); return; }
    c.dropped = true;
    if (c.via.length ? ui.lastRequest === JSON.stringify(currentRequest(), null, 2) && ui.result : reachOf(c.id)) drop(c);
  }

  function drop(c) {
    store.setCarry(null);
    refresh();
    if (c.via.length) { if (canApply()) makeMove(); } else playTo(c.id);
  }

  /**
   * Unit `id` let go, or a hex tapped, on the reached hex picked: the move made; on a hex it
   * reaches that the game will not have the page move it to by itself (its `canApplyEnd`), the
   * player chooses where the ejected go (play-eject.js), else it says why.
   */
  function playTo(id) {
    if (!ui.pick || 'why' in ui.pick) return;
    const unordered = orders().unordered();
    if (unordered) { store.pickNotMade(unordered); redrawResult(); return; }
    if (tappedEnd()) { if (canApply()) makeMove(); return; }
    const way = ui.result.scene.tracks.findLast((t) => t.kind === 'hexes')?.steps.slice(1);
    if (!eject().start(id, way, own(doc().inputs, ui.result.request.query)?.action)) { store.pickNotMade(NOT_CHOSEN); redrawResult(); }
  }

  return { ...tap, carry, followCarry, letGo, playTo };
}
