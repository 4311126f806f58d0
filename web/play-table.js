// Play on a free-form table. A game says how its drags are played with `game.tablePlay`, and brings
// that way's code (its `play.table`: initTablePlay with the way's part), so neither table game
// fetches the other's (docs/performance.md "Weight, twelfth round"):
// - 'order' (a game of move orders, its AL clauses; play-table-order.js): a drag of a unit is a
//   move order of steps along the base's own axes (AL-MOV-2; the last one partial, AL-LAT-3), a
//   drag of its turn handle one turn made with the turning tool, at its 45° or 90° position
//   (AL-TRN-1); a finger that rests on its steps and is pushed on aside adds that turn to the same
//   order, and after a collision a finger moved along what the unit met picks the slide that way
//   (AL-SLD-1);
// - 'charge' (a game of charges, its 9A clauses; play-table-charge.js): a drag onto an enemy is a
//   charge of it (9A-CH-1), the facing under the finger marked; onto open ground a ruler from the
//   unit's front, against its Advance Rate.
// The engine rules every frame as it does any edit (app.js scheduleRule): what it answers (the
// ghost where the base ends after a collision, snap or slide; the points spent and left; why not)
// follows the finger. A drop on a move the engine allows makes it, as Make this move does (one Undo
// step); anywhere else the unit stays where it was and the ruling's reason stays on screen.

/**
 * Table play for the page: `page` is tools.js's context plus `canApply()`, `unitInfo(id)` (a
 * unit with its width and depth) and the play bar (`bar`); `way(page, shared)` the game's way of play (play-table-order.js
 * or play-table-charge.js), given `start(id)` (the carry of unit `id`, begun or going on) and
 * `answered()` (the answer shown is the question's now). Returns what tools.js calls: `carry` (a
 * drag of a unit's body), `turn` (of its turn handle), `key`, `chargeAt`, `drop`, `follow` (an
 * answer arrived), `tap(id)` (a tap on a unit: true when the way took it), `overlay()` (what the board draws over the answer while a finger carries a
 * unit), `note(result)` (words the verdict adds), `keys(made)` (what the keys do to a unit, in
 * words, with `made`: how a move is made and taken back), `measured()` (the verdict of a ruler
 * dragged onto open ground, the way's; null), `render()` (the play bar, the way's: true when it
 * shows it; an order open over several drops) and `waiting()` (what the verdict says the question
 * waits for, the way's; null).
 */
export function initTablePlay(page, way) {
  const { store, ui, doc, currentRequest, refresh, redrawResult, makeMove, canApply } = page;
  const answered = () => !!ui.result && ui.lastRequest === JSON.stringify(currentRequest(), null, 2);

  function start(id) {
    if (ui.carry?.id === id && !ui.carry.dropped) return ui.carry;
    const d = doc();
    // the question before the drag, put back when a charging finger leaves the enemy it was over
    // `at`: where the finger holds the unit's centre (a charge by keys: the finger itself); `rest`: the steps it rested on ({steps, facing,
    // at}); `cut`: the order a collision ended; `slides`, `metAt`: the slides that collision offers
    // and where the finger was when it met; `slide`: the one the finger picks
    store.setCarry({ id, table: true, dropped: false, actions: null, target: null, facing: null, ruler: null,
      at: null, rest: null, restTimer: 0, cut: null, slides: null, metAt: null, metFacing: 0, slide: '', asked: null,
      // (`gesture`: its edits' merge key; the lift starts the next gesture before the drop is made)
      gesture: `drag:${ui.serial}`,
      before: { query: d.query, inputs: JSON.parse(JSON.stringify(d.inputs[d.query] ?? {})), all: JSON.stringify(d.inputs) } });
    store.setRulerNote(null);
    store.setRulerLine(null);
    part.started?.();
    return ui.carry;
  }
  const part = way(page, { start, answered });

  /** The finger lifted: the move made when the engine allows it (now, or when its answer arrives). */
  function drop(id, cancelled) {
    const c = ui.carry;
    if (!c?.table || c.id !== id) return;
    if (cancelled) {
      clearTimeout(c.restTimer);
      store.setCarry(null);
      // the drag's own step, which then leaves none (model.js edit)
      if (c.actions || c.target) store.edit((d) => { d.query = c.before.query; d.inputs[c.before.query] = c.before.inputs; }, c.gesture, Infinity);
      refresh();
      return;
    }
    c.dropped = true;
    clearTimeout(c.restTimer);
    part.dropped?.(c);
    // let go where it was picked up (an order of no action): nothing to make, the question before it back
    if (c.actions === '[]' && !c.target) { drop(id, true); return; }
    if (!c.actions && !c.target) { store.setCarry(null); refresh(); redrawResult(); return; }
    if (answered()) finish(c);
  }

  function finish(c) {
    store.setCarry(null);
    refresh();
    // a step of its own: Undo shows the move dragged again, ready to make (make-move.js)
    if (canApply()) { makeMove(); return; }
    // an order refused leaves no Undo step (Undo took back the refusal, not the move before it): the
    // question before the drag put back closes the gesture's step, and the drag's is shown again
    // as a look, its reason on screen
    if (!c.target) {
      const d = doc(), tried = JSON.stringify([d.query, d.inputs]);
      store.edit((x) => { x.query = c.before.query; x.inputs = JSON.parse(c.before.all); }, c.gesture, Infinity);
      store.look((x) => { [x.query, x.inputs] = JSON.parse(tried); });
    }
    // the ruling's reason stays: the unit never left where it stood; a charge aimed is a new
    // question, both its units in view (a landscape phone's controls hid one of them), the view
    // otherwise where the player left it (zoomed in on them, it lost the player's place)
    redrawResult(c.target ? 'whole' : false);
  }

  /** An answer arrived (app.js render): a drop waiting for it is made now. */
  function follow() {
    const c = ui.carry;
    if (!c?.table) return;
    part.follow?.(c);
    if (c.dropped && answered()) finish(c);
  }

  /** What the board draws for the unit carried (the way's), or after it the way's own (the last ruler). */
  const overlay = () => (ui.carry?.table ? part.overlay(ui.carry) : part.kept?.() ?? []);

  const none = () => {};
  return { carry: part.carry, turn: part.turn ?? none, tap: part.tap ?? none, key: part.key, chargeAt: part.chargeAt ?? none, drop, follow, overlay, note: part.note ?? (() => ({ lead: '', text: '' })), keys: part.keys, measured: part.measured ?? (() => null),
    render: part.render ?? (() => false), waiting: part.waiting ?? (() => null) };
}
