// Play on a free-form table. A game says how its drags are played with `game.tablePlay`:
// - 'order' (a game of move orders, its AL clauses): a drag of a unit is a move order of steps along the base's own axes
//   (AL-MOV-2; the last one partial, AL-LAT-3), a drag of its turn handle one turn made with the
//   turning tool, at its 45° or 90° position (AL-TRN-1); a finger that rests on its steps and is
//   pushed on aside adds that turn to the same order (turnAfterRest), and after a collision a finger
//   moved along what the unit met picks the slide that way (slideOf, AL-SLD-1);
// - 'charge' (a game of charges, its 9A clauses): a drag onto an enemy is a charge of it (9A-CH-1), the facing under the
//   finger marked; onto open ground a ruler from the unit's front, against its Advance Rate.
// The engine rules every frame as it does any edit (app.js scheduleRule): what it answers (the
// ghost where the base ends after a collision, snap or slide; the points spent and left; why not)
// follows the finger. A drop on a move the engine allows makes it, as Make this move does (one Undo
// step); anywhere else the unit stays where it was and the ruling's reason stays on screen.
import { frameVector, rectCorners, rad, inFrame, isOn } from './geometry.js';
import { isPluralName } from './draw.js';

// A finger places a partial step to a tenth of a step (the page shows steps to 0.01).
export const STEP_TENTHS = 10;
// Steps made per axis by one drag: more than any codex's points pay for (a formation has about
// 4 to 10 movement icons), so a drag off the table asks a bounded order.
export const MAX_STEPS = 12;
// A sideways part of a drag shorter than this (in steps) is the finger's wobble, not a step: a
// partial step costs a whole one (AL-LAT-3), so a wobble would cost a point.
export const SIDE_DEADBAND = 0.5;
// A turn handle dragged less than this far round (degrees) turns nothing; past 67.5° the 90° position.
export const TURN_DEADBAND = 22.5;
// A finger that rests this long (ms) on a carried order's steps holds them; pushed on from there it
// turns the unit (turnAfterRest): a step and a turn in one drag, as the hex games' waypoints are.
export const REST_MS = 500;
// How far (steps) a finger goes from where it rested before that is a turn: less is its wobble.
export const TURN_REACH = 0.5;

/**
 * The steps of a drag by (dx, dy) (world, steps) of a unit facing `facing`: the longer of its
 * parts along the base's axes first, in whole steps and a last partial one (to a tenth), then the
 * other part when it is at least SIDE_DEADBAND long. Actions as the `move` query takes them.
 */
export function stepsOf(facing, dx, dy) {
  const [ahead, right] = inFrame(facing, dx, dy);
  const legs = [[ahead, ahead >= 0 ? 'forward' : 'backward'], [right, right >= 0 ? 'right' : 'left']]
    .sort((a, b) => Math.abs(b[0]) - Math.abs(a[0]));
  if (Math.abs(legs[1][0]) < SIDE_DEADBAND) legs.pop();
  const out = [];
  for (const [v, step] of legs) {
    let tenths = Math.min(Math.round(Math.abs(v) * STEP_TENTHS), MAX_STEPS * STEP_TENTHS);
    for (; tenths >= STEP_TENTHS; tenths -= STEP_TENTHS) out.push({ step, distance: 1 });
    if (tenths > 0) out.push({ step, distance: tenths / STEP_TENTHS });
  }
  return out;
}

/**
 * The turn of a turn handle dragged to (dx, dy) from the centre of a unit facing `facing`: the
 * turning tool's position nearest the handle's angle (45° or 90°, clockwise: toward the right),
 * laid off the unit's front; null for none.
 */
export function turnOf(facing, dx, dy) {
  const to = Math.atan2(dx, dy) * 180 / Math.PI;
  const delta = ((((to - facing) % 360) + 540) % 360) - 180;
  if (Math.abs(delta) < TURN_DEADBAND) return null;
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

/** The facing of unit `u` nearest world point (x, y): 'front', 'right', 'rear' or 'left'. */
export function facingAt(u, x, y) {
  const [ahead, right] = inFrame(u.facing ?? 0, x - u.x, y - u.y);
  const gaps = [['front', u.d / 2 - ahead], ['rear', u.d / 2 + ahead], ['right', u.w / 2 - right], ['left', u.w / 2 + right]];
  return gaps.sort((a, b) => a[1] - b[1])[0][0];
}

/** That facing of `u` as a segment [[x, y], [x, y]] (corners: front-left, front-right, back-right, back-left). */
export function facingEdge(u, facing) {
  const k = rectCorners(u.x, u.y, u.facing ?? 0, u.w, u.d);
  return { front: [k[0], k[1]], right: [k[1], k[2]], rear: [k[2], k[3]], left: [k[3], k[0]] }[facing];
}

/** The middle of unit `u`'s front, its centre at `centre` (where it stands, or where a finger holds it). */
function frontOf(u, centre = [u.x, u.y]) {
  const [fx, fy] = frameVector(u.facing ?? 0, 'forward');
  return [centre[0] + fx * u.d / 2, centre[1] + fy * u.d / 2];
}

/**
 * A ruler from the middle of unit `u`'s front to world point (x, y): its length, and which way it
 * points from the unit (forward within 45° of its facing, else backward or sideways: an Advance
 * Move goes up to the Advance Rate forwards, half of it backwards or sideways), and that way in a word.
 */
export function frontRuler(u, x, y) {
  const from = frontOf(u);
  const dx = x - from[0], dy = y - from[1];
  const [ahead] = inFrame(u.facing ?? 0, dx, dy);
  const length = Math.hypot(dx, dy);
  const forward = length === 0 || ahead >= length * Math.cos(rad(45));
  return { from, to: [x, y], length, forward, way: forward ? 'forward' : ahead <= -length * Math.cos(rad(45)) ? 'backward' : 'sideways' };
}

/** Unit `id`'s Advance Rate in position `doc` (a page-only unit field: NaN where none is given). */
export const advanceOf = (doc, id) => Number(doc.units.find((u) => u.id === id)?.advance);

/**
 * The two D6 the page rolled for a Charge Range (9A-CH-1), kept beside it (`dice` of the question's
 * inputs or of a row): while field `key` still holds Advance Rate `ar` plus them; else null (a range
 * typed in, or one opened from a request: nothing says what was rolled, and a unit opened so has a
 * made-up Advance Rate).
 */
export function rolledDice(into, key, ar) {
  const d = into?.dice;
  const ok = Array.isArray(d) && d.length === 2 && d.every((v) => Number.isInteger(v) && v >= 1 && v <= 6);
  return ok && ar >= 0 && Math.abs(ar + d[0] + d[1] - Number(into[key])) < 1e-9 ? d : null;
}

/**
 * Table play for the page: `page` is tools.js's context plus `canApply()` and `unitInfo(id)` (a
 * unit with its width and depth). Returns what tools.js calls: `carry` (a drag of a unit's body),
 * `turn` (of its turn handle), `drop`, `follow` (an answer arrived), `overlay()` (what the board
 * draws over the answer while a finger carries a unit), `note(result)` (words the verdict adds) and
 * `measured()` (the verdict of a ruler dragged onto open ground).
 */
export function initTablePlay({ store, ui, sys, doc, unitInfo, currentRequest, refresh, redrawResult, makeMove, canApply }) {
  const kind = () => sys().tablePlay;
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
      before: { query: d.query, inputs: JSON.parse(JSON.stringify(d.inputs[d.query] ?? {})) } });
    store.setRulerNote(null);
    store.setRulerLine(null);
    lastCharge = null;
    return ui.carry;
  }

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
    }, c.gesture);
  }

  /** A drag of unit `id`'s body; `centre`: where its centre would be (world), `pointer`: the finger. */
  function carry(id, centre, pointer) {
    const u = unitInfo(id);
    if (!u) return;
    const c = start(id);
    if (kind() === 'order') order(c, u, centre);
    else if (kind() === 'charge') aim(c, u, pointer, centre);
  }

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

  /** A drag of unit `id`'s turn handle to world point `w` ('order'). */
  function turn(id, w) {
    const u = unitInfo(id);
    if (!u || kind() !== 'order') return;
    const t = turnOf(u.facing ?? 0, w[0] - u.x, w[1] - u.y);
    ask(start(id), t ? [t] : []);
  }

  /**
   * Keys in play. 'order': one more step or turn on the order carried (no slide: the form picks
   * one). 'charge': the finger a step (`action.step`, `action.distance` long) the unit's way, from
   * the middle of its front at first, aimed as a drag there aims (onto an enemy a charge, else the ruler).
   */
  function key(id, action) {
    const u = unitInfo(id);
    if (!u) return;
    if (kind() === 'charge') {
      if (!action.step) return;
      const c = start(id);
      const [vx, vy] = frameVector(u.facing ?? 0, action.step);
      const from = c.at ?? frontOf(u);
      c.at = [from[0] + vx * action.distance, from[1] + vy * action.distance];
      aim(c, u, c.at);
      keepCharge();
      return;
    }
    if (kind() !== 'order') return;
    const c = start(id);
    ask(c, [...(c.actions ? JSON.parse(c.actions) : []), action]);
  }

  /**
   * A charge by keyboard ('charge'): unit `id` aimed at enemy `target` as a finger over the facing
   * of it nearest the charger would (the engine names the facing its arcs give, 9A-ARC-1).
   */
  function chargeAt(id, target) {
    const u = unitInfo(id), t = unitInfo(target);
    if (!u || !t || kind() !== 'charge') return;
    const [a, b] = facingEdge(t, facingAt(t, u.x, u.y));
    // just inside that edge's middle, so the finger is over the enemy
    const mid = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2];
    aim(start(id), u, [t.x + (mid[0] - t.x) * 0.9, t.y + (mid[1] - t.y) * 0.9]);
    keepCharge();
  }

  // 'charge': over an enemy (the finger over it), the charge of it; over open ground, the ruler
  // from its front as far as the unit was carried (`centre`: where its centre is held; a finger
  // that picked it up by its middle read 0.8″ for a 2.8″ carry), else (a key's step) to the point.
  function aim(c, u, [x, y], centre = null) {
    const enemy = doc().units.map((v) => unitInfo(v.id)).reverse().find((v) => v && v.id !== u.id && v.side !== u.side && isOn(v, x, y));
    if (enemy) {
      const facing = facingAt(enemy, x, y);
      c.ruler = null;
      if (c.target === enemy.id && c.facing === facing) return;
      const was = c.target;
      Object.assign(c, { target: enemy.id, facing });
      if (was === enemy.id) { refresh(); return; } // the same charge, another facing marked
      store.edit((d) => {
        const i = d.inputs.charge ?? {};
        // a roll typed for this charger is kept; another charger's is not its own
        const same = i.charger === c.id;
        d.query = 'charge';
        d.inputs.charge = { charger: c.id, target: enemy.id, range: same ? i.range ?? '' : '', highestDie: same ? i.highestDie ?? '' : '', combined: [], ...(same && i.dice ? { dice: i.dice } : {}) };
      }, c.gesture);
      return;
    }
    c.ruler = frontRuler(u, ...(centre ? frontOf(u, centre) : [x, y]));
    if (c.target) {
      c.target = null; c.facing = null;
      store.edit((d) => { d.query = c.before.query; d.inputs[c.before.query] = JSON.parse(JSON.stringify(c.before.inputs)); }, c.gesture);
    } else refresh();
  }

  /** The finger lifted: the move made when the engine allows it (now, or when its answer arrives). */
  function drop(id, cancelled) {
    const c = ui.carry;
    if (!c?.table || c.id !== id) return;
    if (cancelled) {
      clearTimeout(c.restTimer);
      store.setCarry(null);
      if (c.actions || c.target) store.edit((d) => { d.query = c.before.query; d.inputs[c.before.query] = c.before.inputs; });
      refresh();
      return;
    }
    c.dropped = true;
    clearTimeout(c.restTimer);
    if (c.ruler) {
      // the reading stays on the board after the lift, as the Ruler tool's does (it went with the
      // finger), and in the verdict while the question is the one it was measured over (measured)
      const u = unitInfo(id);
      store.setRulerNote(rulerWords(c));
      if (u) store.setRulerLine({ line: rulerLine(c), id, x: u.x, y: u.y, facing: u.facing, beyond: beyond(c), over: JSON.stringify(currentRequest()) });
    }
    // let go where it was picked up (an order of no action): nothing to make, the question before it back
    if (c.actions === '[]' && !c.target) { drop(id, true); return; }
    if (!c.actions && !c.target) { store.setCarry(null); refresh(); redrawResult(); return; }
    if (answered()) finish(c);
  }

  function finish(c) {
    store.setCarry(null);
    refresh();
    // one Undo step with the drag's edits of the question: Undo takes the whole gesture back
    if (canApply()) makeMove(c.gesture);
    // the ruling's reason stays: the unit never left where it stood; a charge aimed is a new
    // question, framed whole, charger and target (the table zoomed out to reach the target's
    // flank drew it with 10 px bases; framed at a finger's size, a landscape phone's controls hid
    // one of them)
    else redrawResult(c.target ? 'whole' : false);
  }

  /** An answer arrived (app.js render): a drop waiting for it is made now. */
  function follow() {
    const c = ui.carry;
    if (!c?.table) return;
    if (kind() === 'order' && answered()) { cutAfterCollision(c); keepSlides(c); }
    if (c.dropped && answered()) finish(c);
  }

  // A collision ends the move (AL-COL-2): steps the finger asked beyond it would make the order
  // illegal ("movement_ended"), so the order ends with the step that collided, asked again; the
  // ghost stays where the base snapped while the finger goes on past the obstacle.
  function cutAfterCollision(c) {
    const r = ui.result.response?.result;
    if (!c.actions || r?.legal !== false || !Array.isArray(r.reasons) || !r.reasons.some((x) => x.code === 'movement_ended')) return;
    const k = (Array.isArray(r.actions) ? r.actions : []).findIndex((a) => Array.isArray(a.events) && a.events.some((e) => e.type === 'collision'));
    if (k < 0) return;
    c.cut = JSON.parse(c.actions).slice(0, k + 1);
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

  /** What the board draws for the unit carried: the charged facing under the finger, or the ruler. */
  function overlay() {
    const c = ui.carry;
    if (!c?.table) return kept();
    if (c.target && c.facing) {
      const t = unitInfo(c.target);
      const e = t && facingEdge(t, c.facing);
      return e ? [{ type: 'line', from: e[0], to: e[1], color: '#b7791f', width: 5, dashed: true, label: `${facingWord(c.facing)} under your finger` }] : [];
    }
    if (c.ruler) return [rulerLine(c)];
    if (c.rest) return toolPositions(c);
    return [];
  }

  /**
   * The verdict of a drag onto open ground ('charge'): the ruler's reading in words, while the
   * finger holds it and after the lift while its line is drawn and the question is the one it was
   * measured over (the ruling on screen is of the question before the drag: a pursuit made stayed
   * the verdict under the ruler's "too far"). `beyond`: farther than an Advance Move goes that way.
   */
  function measured() {
    const c = ui.carry;
    if (c?.table) return c.ruler && !c.target ? { text: rulerWords(c), beyond: beyond(c) } : null;
    const k = ui.rulerLine;
    return k && ui.rulerNote && kept().length && k.over === JSON.stringify(currentRequest()) ? { text: ui.rulerNote, beyond: k.beyond } : null;
  }

  // drawn as the Ruler tool draws its line (board.js `ruler`: its reading always shown)
  // (red when the distance is beyond what an Advance Move goes that way)
  const rulerLine = (c) => ({ type: 'line', from: c.ruler.from, to: c.ruler.to, color: beyond(c) ? '#c53030' : '#1b2430', width: 3, label: rulerLabel(c), ruler: true });
  // the last ruler's line, while its unit stands where it was measured from
  function kept() {
    const k = ui.rulerLine, u = k && unitInfo(k.id);
    return u && u.x === k.x && u.y === k.y && u.facing === k.facing ? [k.line] : [];
  }

  // Where the finger rested: the turning tool's 45° and 90° positions either side of the steps'
  // end, the one the finger points at marked (a finger pushed toward one turns the unit that way).
  function toolPositions(c) {
    const u = unitInfo(c.id);
    if (!u) return [];
    const [x, y] = poseAfter(u, c.rest.facing, c.rest.steps), reach = Math.max(u.w, u.d) / 2 + 1;
    const now = JSON.parse(c.actions ?? '[]').at(-1);
    return [[45, 'left'], [90, 'left'], [45, 'right'], [90, 'right']].map(([turn, toward]) => {
      const f = rad(c.rest.facing + (toward === 'right' ? turn : -turn)), on = now?.turn === turn && now.toward === toward;
      return { type: 'mark', x: x + Math.sin(f) * reach, y: y + Math.cos(f) * reach, color: on ? '#b7791f' : '#4a5568', focus: on, label: `${turn}° ${toward}` };
    });
  }

  const possessive = (name) => `${name}${/s$/i.test(name) ? '’' : '’s'}`;
  const facingWord = (f) => (f === 'left' || f === 'right' ? `${f} flank` : f);
  const inches = (v) => `${Math.round(v * 10) / 10}″`;
  // The most an Advance Move goes the ruler's way: the Advance Rate forward, half of it backward
  // or sideways (null: the unit has no Advance Rate).
  function limitOf(c) {
    const ar = advanceOf(doc(), c.id);
    return ar > 0 ? (c.ruler.forward ? ar : ar / 2) : null;
  }
  const beyond = (c) => { const limit = limitOf(c); return limit !== null && c.ruler.length > limit + 1e-9; };
  // the ruler's label: its length, and the most an Advance Move goes that way, named (the limit
  // halves as the finger turns sideways: "of 8″" became "of 4″" with no word why)
  function rulerLabel(c) {
    const limit = limitOf(c), r = c.ruler;
    return limit !== null ? `${inches(r.length)} of ${inches(limit)} ${r.way}${beyond(c) ? ': too far' : ''}` : inches(r.length);
  }
  // The ruler's reading in words, kept in the tool note after the drop (the engine rules no Advance Move).
  function rulerWords(c) {
    const limit = limitOf(c), r = c.ruler;
    const against = limit !== null
      ? `${beyond(c) ? 'beyond' : 'within'} ${r.forward ? 'its Advance Rate' : 'half its Advance Rate'} of ${inches(limit)}`
      : 'no Advance Rate given (Units)';
    return `Ruler: ${inches(r.length)} ${r.way} from the ${possessive(c.id)} front, ${against}. Measured by the page: an Advance Move is not ruled by the engine, and the unit is not moved.`;
  }

  /**
   * What the verdict adds to a charge asked by a drag: `lead`, the roll its Charge Range needs, goes
   * before the verdict (rollNeeded); `text` after it: the facing a charge contacts is the one whose
   * arc the charger stands in, which may not be the one the finger was over (9A-ARC-1).
   */
  function note(request, result) {
    const c = ui.carry ?? lastCharge;
    const arc = !c?.target || request?.query !== 'charge' || request.target !== c.target || !result?.facing || result.facing === c.facing ? ''
      : `Not the ${facingWord(c.facing)} under the finger: ${request.charger} stand${isPluralName(request.charger) ? '' : 's'} in ${possessive(c.target)} ${facingWord(result.facing)} arc (9A-ARC-1).`;
    return { lead: rollNeeded(request, result), text: arc };
  }
  /**
   * The dice of a charge, leading the verdict (a phone shows three lines of it). Asked with no range
   * (one dragged onto an enemy) it is ruled at any distance and made only once rolled: what the
   * Charge Range, 2D6 plus the charger's Advance Rate (9A-CH-1), must roll to reach it (the
   * dropped charge's "can be made" came first while nothing could be made before the roll). With
   * its range, what was rolled and whether it reaches (a bar reading "Charge range 12" beside
   * "Needs 5+" was read as a 12 rolled).
   */
  function rollNeeded(request, result) {
    if (request?.query !== 'charge' || request.combined?.length || !result) return '';
    const ar = advanceOf(doc(), request.charger);
    if (!(ar >= 0)) return '';
    if (request.range !== undefined) {
      const i = doc().inputs.charge, dice = i?.charger === request.charger && rolledDice(i, 'range', ar);
      if (!dice) return '';
      const outcome = result.possible && Number.isFinite(result.distance) ? ` reaches ${inches(result.distance)}`
        : (result.reasons ?? []).some((x) => x.code === 'out_of_range') && Number.isFinite(result.needed) ? `, short of ${inches(result.needed)}` : '';
      return `Rolled ${dice.join(' + ')}: Charge Range ${inches(ar)} + ${dice[0] + dice[1]} = ${inches(request.range)}${outcome} (9A-CH-1).`;
    }
    if (!result.possible || !Number.isFinite(result.distance)) return '';
    const dice = Math.max(2, Math.ceil(result.distance - ar - 1e-9));
    return dice > 12 ? `No roll reaches: Charge Range ${inches(ar)} + 2D6 is at most ${inches(ar + 12)}, the charge ${inches(result.distance)} (9A-CH-1).`
      : `Needs ${dice === 2 ? 'any roll' : `${dice}+`} on 2D6: Charge Range ${inches(ar)} + 2D6 ≥ ${inches(result.distance)} (9A-CH-1).`;
  }
  let lastCharge = null;
  // the facing aimed at outlives the drag: the verdict of a charge dropped keeps its note
  const keepCharge = () => { if (ui.carry?.table) lastCharge = ui.carry.target ? { target: ui.carry.target, facing: ui.carry.facing } : null; };

  return { carry: (id, centre, pointer) => { carry(id, centre, pointer); keepCharge(); }, turn, key, chargeAt, drop, follow, overlay, note, measured };
}
