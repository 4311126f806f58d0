// A game of move orders played on a table (tablePlay 'order', Arcane Legions; play-table.js has what
// both ways share): a drag of a unit is a move order of steps along the base's own axes (AL-MOV-2;
// the last one partial, AL-LAT-3), a drag of its turn handle one turn made with the turning tool, at
// its 45° or 90° position (AL-TRN-1); a finger that rests on its steps and is pushed on aside adds
// that turn to the same order (turnAfterRest), and after a collision a finger moved along what the
// unit met picks the slide that way (slideOf, AL-SLD-1). A drop makes the order so far, and the
// unit's next drop goes on with it (openOrder) until the order ends.
import { frameVector, inFrame, rad, rectCorners } from './geometry.js';
import { el, showParts } from './draw.js';
import { Painter } from './board.js';
// the turn handle, shown from the first view (board.js handleUnit): this game's own, not fetched after it
import './board-handle.js';

/**
 * Where a mark's label goes (board.js paintMarks), straight out from world point `away` past the
 * mark at screen `x`, `y`, then turned a little either way, further out, and nowhere else: put above
 * each of the turning tool's positions, or beside it, one read as its neighbour's. `half` and `dy`
 * the label's reach across and up from its middle. None where the mark sits on `away`.
 */
Painter.prototype.awaySpots = function awaySpots(away, x, y, half, dy) {
  const [ax, ay] = this.toScreen(...away), ad = Math.hypot(x - ax, y - ay), ux = (x - ax) / ad, uy = (y - ay) / ad;
  return ad ? [[0, 1], [0.4, 1.2], [-0.4, 1.2], [0, 1.6], [0.7, 1.5], [-0.7, 1.5], [0, 2.2]].map(([a, k]) => {
    const [vx, vy] = [ux * Math.cos(a) - uy * Math.sin(a), ux * Math.sin(a) + uy * Math.cos(a)], d = (Math.abs(vx) * half + Math.abs(vy) * dy) * k;
    return [x + vx * d, y + vy * d];
  }) : null;
};

// A finger places a partial step to a tenth of a step (the page shows steps to 0.01).
export const STEP_TENTHS = 10;
// Steps made per axis by one drag: more than any codex's points pay for (a formation has about
// 4 to 10 movement icons), so a drag off the table asks a bounded order.
export const MAX_STEPS = 12;
// A finger moved to one side after a collision less than this (in steps) is its wobble, not a
// slide (slideOf).
export const SIDE_DEADBAND = 0.5;
// A finger pushed on from a rest less than this far round (degrees) from the way its steps went goes
// on with them (turnAfterRest), and turns nothing from the unit's facing.
export const TURN_DEADBAND = 22.5;
// The turn handle's dead zone (degrees round the unit's centre from where the handle was): a
// finger's wobble. Past it the turning tool's position nearest the finger, 45° up to 67.5°, then
// 90° (AL-TRN-1); the board marks the zone and the positions while the handle is held.
export const HANDLE_DEADBAND = 10;
// A finger that rests this long (ms) on a carried order's steps holds them; pushed on from there it
// turns the unit (turnAfterRest): a step and a turn in one drag, as the hex games' waypoints are.
export const REST_MS = 500;
// How far (steps) a finger goes from where it rested before that is a turn: less is its wobble.
export const TURN_REACH = 0.5;

/**
 * The steps of a drag by (dx, dy) (world, steps) of a unit facing `facing`: along the one axis of
 * its base the drag goes furthest along, the way a player means (AL-MOV-2: each step is forward,
 * backward or sideways; read as two legs, the longer first, a drag near a diagonal flipped at 45°
 * from steps ahead to steps aside), in whole steps and a last partial one (to a tenth). Actions
 * as the `move` query takes them.
 */
export function stepsOf(facing, dx, dy) {
  const [ahead, right] = inFrame(facing, dx, dy);
  const [v, step] = Math.abs(ahead) >= Math.abs(right) ? [ahead, ahead >= 0 ? 'forward' : 'backward'] : [right, right >= 0 ? 'right' : 'left'];
  const out = [];
  let tenths = Math.min(Math.round(Math.abs(v) * STEP_TENTHS), MAX_STEPS * STEP_TENTHS);
  for (; tenths >= STEP_TENTHS; tenths -= STEP_TENTHS) out.push({ step, distance: 1 });
  if (tenths > 0) out.push({ step, distance: tenths / STEP_TENTHS });
  return out;
}

/**
 * The turn of a turn handle dragged to (dx, dy) from the centre of a unit facing `facing`: the
 * turning tool's position nearest the handle's angle (45° or 90°, clockwise: toward the right),
 * laid off the unit's front; null for none (within `dead` degrees of its facing).
 */
export function turnOf(facing, dx, dy, dead = TURN_DEADBAND) {
  const to = Math.atan2(dx, dy) * 180 / Math.PI;
  const delta = ((((to - facing) % 360) + 540) % 360) - 180;
  if (Math.abs(delta) < dead) return null;
  return { turn: Math.abs(delta) < 67.5 ? 45 : 90, off: 'front', toward: delta > 0 ? 'right' : 'left' };
}

/**
 * The turn of a finger that rested on steps `rest` ({steps, facing}) and moved on by (dx, dy):
 * 'on' when it goes on the way the last steps went (the rest was a pause, not a turn: wanted on a
 * loaded machine too), null within TURN_REACH of the rest (no turn yet), else the turning tool's position nearest
 * the way it went from the unit's facing (turnOf).
 */
export function turnAfterRest(rest, dx, dy) {
  if (Math.hypot(dx, dy) < TURN_REACH) return null;
  const [lx, ly] = frameVector(rest.facing, rest.steps.at(-1)?.step ?? 'forward');
  const off = Math.abs(((((Math.atan2(dx, dy) - Math.atan2(lx, ly)) * 180 / Math.PI) % 360) + 540) % 360 - 180);
  if (off < TURN_DEADBAND) return 'on';
  return turnOf(rest.facing, dx, dy);
}

/**
 * The slide a finger picks after a collision: of the engine's `options` (the `slide` choice's
 * values other than none, in the mover's frame when it met the other unit, `facing`), the one the
 * finger moved furthest toward since (dx, dy), when at least SIDE_DEADBAND; else none ('').
 */
export function slideOf(options, facing, dx, dy) {
  let best = '', most = SIDE_DEADBAND;
  for (const v of options) {
    const [x, y] = frameVector(facing, v);
    if (x * dx + y * dy >= most) { most = x * dx + y * dy; best = v; }
  }
  return best;
}

/** Where steps `actions` take a unit at `u` facing `facing` when nothing stops it: [x, y]. */
export function poseAfter(u, facing, actions) {
  let [x, y] = [u.x, u.y];
  for (const a of actions) { const [vx, vy] = frameVector(facing, a.step); x += vx * (a.distance ?? 1); y += vy * (a.distance ?? 1); }
  return [x, y];
}

// ---- one order over several drops: a unit's move order is one, its steps and turns paid from one
// set of movement points (AL-MOV-1, AL-MOV-2) ----

/**
 * The move order open in document `doc` (of unit `id`, when given), or null: the `move` question's
 * `begun` ({unit, from, actions, spent, at}: the unit's pose as the order began, the actions made
 * so far, the points they cost, and the pose they left it in, as the document holds it), while the
 * unit stands where they left it (moved otherwise, by Set up or its form, its order is over).
 */
export function openOrder(doc, id) {
  const b = doc.inputs?.move?.begun, u = b && doc.units.find((v) => v.id === b.unit);
  if (!u || (id !== undefined && id !== b.unit)) return null;
  return ['x', 'y', 'facing'].every((k) => Math.abs((u[k] ?? 0) - b.at[k]) < 1e-9) ? b : null;
}

/** The movement points order `b` has left, of its unit's ready icons in `doc` (AL-MOV-1). */
export function pointsLeft(doc, b) {
  const icons = Number(doc.units.find((u) => u.id === b.unit)?.movementIcons) || 0;
  return { points: icons, left: Math.max(0, icons - b.spent) };
}

/**
 * The `move` question once its order was made (the query's `made`, make-move.js): no action of its
 * own left, and the order open while the engine made every action with points left (`endedBy`
 * 'actions'): the whole order so far, from the unit's pose in the request (where it began). Over
 * when a collision ended it (AL-COL-2) or no point is left (`points`).
 */
export function orderMade(inputs, { request, result, doc }) {
  const o = request.order, from = request.units.find((u) => u.id === o.unit), u = doc.units.find((v) => v.id === o.unit);
  inputs.actions = [];
  if (result.endedBy === 'actions' && from && u) {
    inputs.begun = { unit: o.unit, from: { x: from.x, y: from.y, facing: from.facing ?? 0 }, actions: o.actions, spent: result.pointsSpent,
      at: { x: u.x, y: u.y, facing: u.facing ?? 0 } };
  } else delete inputs.begun;
}

/**
 * The move orders' part of table play (play-table.js initTablePlay): `carry`, `turn`, `key`,
 * `follow` (an answer arrived: a collision's cut and slides), `overlay` (the turning tool's
 * positions where the finger rested), `keys` (what the keys do to a unit, in words), and while an
 * order is open over drops `render` (the play bar) and `waiting` (the verdict's words).
 */
export function orderPlay({ store, ui, doc, unitInfo, refresh, bar, board }, { start, answered }) {
  // 'order': the move order of unit `id` becomes the question (its other choices kept).
  function ask(c, actions) {
    // past a collision that ended the move, the finger asks no more steps (cutAfterCollision)
    if (c.cut && JSON.stringify(actions.slice(0, c.cut.length)) === JSON.stringify(c.cut)) actions = c.cut;
    else c.slide = '';
    const key = JSON.stringify(actions), slide = actions === c.cut ? c.slide : '';
    if (c.actions === key && c.asked === slide) return;
    c.actions = key;
    c.asked = slide;
    store.edit((d) => {
      d.query = 'move';
      const i = (d.inputs.move ??= {});
      i.unit = c.id;
      i.actions = actions;
      i.slide = slide; // a drag's order slides only as its finger picks (slideOf)
    }, c.gesture, Infinity); // one step however long the finger rests: a refused drop's edits leave none (play-table.js finish)
  }

  /** A drag of unit `id`'s body; `centre`: where its centre would be (world). */
  const carry = (id, centre) => {
    const u = unitInfo(id);
    if (u) order(start(id), u, centre);
  };

  // 'order': steps along the base's axes to where the finger holds its centre; once the finger has
  // rested on some steps, pushed on from there a turn after them (turnAfterRest); after a collision,
  // moved to one side along what it met, the slide that way (slideOf).
  function order(c, u, centre) {
    c.at = centre;
    clearTimeout(c.restTimer);
    const facing = u.facing ?? 0, steps = stepsOf(facing, centre[0] - u.x, centre[1] - u.y);
    let actions = steps;
    if (c.rest) {
      const t = turnAfterRest(c.rest, centre[0] - c.rest.at[0], centre[1] - c.rest.at[1]);
      // within TURN_REACH of the rest the steps follow the finger still (a pause that drifted)
      if (t === 'on') c.rest = null;
      else if (t) actions = [...c.rest.steps, t];
    }
    if (!c.rest && steps.length && !c.cut) {
      c.restTimer = setTimeout(() => {
        if (ui.carry !== c || c.dropped || c.cut) return;
        c.rest = { steps, facing, at: centre };
        refresh(); // the turning tool's positions show round the ghost
      }, REST_MS);
    }
    if (c.slides) {
      const slide = slideOf(c.slides, c.metFacing, centre[0] - c.metAt[0], centre[1] - c.metAt[1]);
      if (slide !== c.slide) { c.slide = slide; c.asked = null; }
    }
    ask(c, actions);
  }

  /**
   * A drag of unit `id`'s turn handle to world point `w` ('order'): one turn and no step, whatever
   * way the finger goes; `spin`, the handle's place round the unit from its front (degrees), where
   * the positions are marked (handlePositions).
   */
  function turn(id, w) {
    const u = unitInfo(id);
    if (!u) return;
    const t = turnOf(u.facing ?? 0, w[0] - u.x, w[1] - u.y, HANDLE_DEADBAND), c = start(id);
    c.spin = board.gesture?.spin ?? 0;
    ask(c, t ? [t] : []);
  }

  /** A key in play: one more step or turn on the order carried (no slide: the form picks one). */
  function key(id, action) {
    if (unitInfo(id)) { const c = start(id); ask(c, [...(c.actions ? JSON.parse(c.actions) : []), action]); }
  }

  /** An answer arrived: a collision's steps cut, its slides kept. */
  function follow(c) {
    if (answered()) { cutAfterCollision(c); keepSlides(c); }
  }

  // A collision ends the move (AL-COL-2): steps the finger asked beyond it would make the order
  // illegal ("movement_ended"), so the order ends with the step that collided, asked again; the
  // ghost stays where the base snapped while the finger goes on past the obstacle.
  function cutAfterCollision(c) {
    const r = ui.result.response?.result;
    if (!c.actions || r?.legal !== false || !Array.isArray(r.reasons) || !r.reasons.some((x) => x.code === 'movement_ended')) return;
    const k = (Array.isArray(r.actions) ? r.actions : []).findIndex((a) => Array.isArray(a.events) && a.events.some((e) => e.type === 'collision'));
    // (the answer's actions are the whole order's: those of the drops before this one first)
    const mine = JSON.parse(c.actions), before = (ui.result.request?.order?.actions?.length ?? mine.length) - mine.length;
    if (k < before) return;
    c.cut = mine.slice(0, k - before + 1);
    c.rest = null;
    clearTimeout(c.restTimer);
    ask(c, c.cut);
  }

  // The slides the collision that ended the order offers either way (its `slide` choice), kept
  // once: from where the finger is then, its move to one side picks one (order), the engine rules it.
  function keepSlides(c) {
    const r = ui.result.response?.result;
    if (!c.cut || c.slides || c.actions !== JSON.stringify(c.cut) || c.asked) return;
    const choice = (Array.isArray(r?.choices) ? r.choices : []).find((x) => x.choice === 'slide');
    const options = (choice?.options ?? []).filter((o) => o.value !== 'none' && o.legal !== false).map((o) => o.value);
    const a = Array.isArray(r?.actions) ? r.actions.at(-1) : null;
    if (!options.length || !Number.isFinite(a?.pose?.facing)) return;
    Object.assign(c, { slides: options, metAt: c.at, metFacing: a.pose.facing });
  }

  // The turning tool's positions either side, each a marker at world point `at` labelled out from
  // `away`: the one picked (`now`, the turn asked) marked and labelled in full, the others by their
  // angle alone (which side is plain from where they lie): five labels of two words round a unit
  // crowded it at a phone's zoom.
  const POSITIONS = [[45, 'left'], [90, 'left'], [45, 'right'], [90, 'right']];
  const positionMark = ([x, y], deg, toward, now, away) => {
    const on = now?.turn === deg && now.toward === toward;
    return { type: 'mark', x, y, color: on ? '#b7791f' : '#4a5568', focus: on, label: on ? `${deg}° ${toward}` : `${deg}°`, turn: deg, toward, away };
  };

  // Where the finger rested: the turning tool's 45° and 90° positions either side of the steps'
  // end, the one the finger points at marked (a finger pushed toward one turns the unit that way).
  function toolPositions(c) {
    const u = unitInfo(c.id);
    if (!u) return [];
    const [x, y] = poseAfter(u, c.rest.facing, c.rest.steps), reach = Math.max(u.w, u.d) / 2 + 1;
    const now = JSON.parse(c.actions ?? '[]').at(-1);
    return POSITIONS.map(([turn, toward]) => {
      const f = rad(c.rest.facing + (toward === 'right' ? turn : -turn));
      return positionMark([x + Math.sin(f) * reach, y + Math.cos(f) * reach], turn, toward, now, [x, y]);
    });
  }

  // While the turn handle is held: round the unit, where the handle picks them, the turning tool's
  // 45° and 90° positions either side and the dead zone between them (no turn, its middle a position
  // too), the one picked marked, each labelled straight out from the unit (board.js mark `away`).
  function handlePositions(c) {
    const u = unitInfo(c.id);
    if (!u) return [];
    const reach = Math.max(u.w, u.d) / 2 + 1, now = JSON.parse(c.actions ?? '[]')[0];
    const at = (deg) => { const f = rad((u.facing ?? 0) + c.spin + deg); return [u.x + Math.sin(f) * reach, u.y + Math.cos(f) * reach]; };
    const arc = [];
    for (let k = -HANDLE_DEADBAND; k <= HANDLE_DEADBAND; k += 2.5) arc.push(at(k));
    return [{ type: 'polygon', points: [[u.x, u.y], ...arc], fill: 'rgba(74,85,104,0.18)', color: '#4a5568', width: 1 },
      { type: 'mark', x: at(0)[0], y: at(0)[1], color: '#4a5568', label: 'no turn', away: [u.x, u.y] },
      ...POSITIONS.map(([deg, toward]) => positionMark(at(toward === 'right' ? deg : -deg), deg, toward, now, [u.x, u.y]))];
  }

  // While the unit's body is carried: the axis its steps are read along, an arrow from its centre
  // to where they take it, and under the finger which way and how far (stepsOf).
  function stepsRead(c) {
    const u = unitInfo(c.id), steps = c.actions ? JSON.parse(c.actions) : [];
    if (!u || !c.at || !steps.length || steps.some((a) => !a.step)) return [];
    const to = poseAfter(u, u.facing ?? 0, steps), n = Math.round(steps.reduce((t, a) => t + a.distance, 0) * STEP_TENTHS) / STEP_TENTHS;
    return [{ type: 'line', from: [u.x, u.y], to, color: '#b7791f', arrow: true, dashed: true },
      { type: 'mark', x: c.at[0], y: c.at[1], color: '#b7791f', label: `${steps[0].step} ${n} step${n === 1 ? '' : 's'}`, shorter: [steps[0].step] }];
  }

  const overlay = (c) => (c.spin !== undefined ? handlePositions(c) : [...stepsRead(c), ...c.rest ? toolPositions(c) : []]);

  const keys = (made) => `Enter picks it; arrows add a step (Shift: a tenth), Q and E turn it 45° (Shift: 90°). ${made}`;

  // the open order in words: its unit, the points spent and left
  const said = (b) => { const { points, left } = pointsLeft(doc(), b); return { spent: `${b.spent} of ${points} point${points === 1 ? '' : 's'} spent, ${left} left`, left }; };

  // whether element `e` lies over unit `id` where the board draws it (its place in the document)
  function over(id, e) {
    const u = unitInfo(id);
    if (!u) return false;
    const [cx, cy] = board.origin(), r = e.getBoundingClientRect();
    const pts = rectCorners(u.x, u.y, u.facing ?? 0, u.w, u.d).map(([x, y]) => board.toScreen(x, y)).map(([x, y]) => [cx + x, cy + y]);
    return pts.some((p) => p[0] > r.left) && pts.some((p) => p[0] < r.right) && pts.some((p) => p[1] > r.top) && pts.some((p) => p[1] < r.bottom);
  }

  /**
   * The play bar while an order is open: its points spent and left, and End order (one Undo step:
   * the unit's next drag is a new order, paid from all its points; a drop it refused is not asked
   * again as one, which Make this move would then make). True when the bar is its own.
   * Where it floats over the board (a phone), it goes to the board's foot (`low`) where its place
   * at the top hides the unit ordered (as the finger left it) or other units and the foot fewer
   * (`held`: a finger on the board, under which it stays where it is).
   */
  function render(held) {
    const b = openOrder(doc());
    if (!b) return false;
    // ("so far": a step or turn held under a finger is in the verdict's figure, not yet in the
    // order's, and "1 of 4" over "3 of 4" read as two counts: a newcomer's review)
    const p = el('p', `${b.unit} so far: ${said(b).spent}`);
    p.id = 'move-order';
    const end = el('button', 'End order', 'secondary small');
    end.type = 'button';
    end.id = 'move-order-end';
    end.title = `End ${b.unit}’s move order: the points left are lost (AL-MOV-3); its next drag is a new order`;
    end.addEventListener('click', () => store.edit((d) => { delete d.inputs.move.begun; d.inputs.move.actions = []; }));
    bar.hidden = false;
    showParts(bar, [p, end]);
    if (!held) {
      // (the unit ordered hidden weighs more than all the others)
      const under = () => doc().units.filter((u) => over(u.id, bar)).map((u) => u.id);
      const hides = () => { const ids = under(); return ids.includes(b.unit) ? Infinity : ids.length; };
      bar.classList.remove('low');
      const high = hides();
      if (high > 0) { bar.classList.add('low'); if (hides() >= high) bar.classList.remove('low'); }
      // where both places hide a unit (a board zoomed in, units at its top and foot), the view moves
      // the least that shows them clear of the bar, zoomed out to half its scale at most (board.js
      // unhide), after any pan that shows a moved unit (board.revealing's `last`), from the view it left
    }
    return true;
  }

  /** What the verdict says while the order is open and nothing more is asked of it (after a drop, an Undo, a reload), else null. */
  function waiting() {
    const d = doc(), b = openOrder(d);
    if (!b || d.query !== 'move' || d.inputs.move.actions?.length) return null;
    const { spent, left } = said(b);
    return `${b.unit}’s order goes on: ${spent}. ${left ? `Drag ${b.unit} on, or tap it for its reach; End order ends it.` : 'End order ends it.'}`;
  }

  return { carry, turn, key, follow, overlay, keys, render, waiting };
}
