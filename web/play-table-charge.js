// A game of charges played on a table (tablePlay 'charge', The Ninth Age; play-table.js has what
// both ways share): a drag onto an enemy is a charge of it (9A-CH-1), the facing under the finger
// marked; onto open ground a ruler from the unit's front, against its Advance Rate.
import { frameVector, rectCorners, rad, inFrame, isOn } from './geometry.js';
import { isPluralName } from './draw.js';
import { rulerPlate } from './ruler-plate.js';

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

/** Whether bases `a` and `b` (each {x, y, facing, w, d}) touch: a corner of one within `gap` of the other. */
export function touching(a, b, gap = 0.05) {
  const on = (u, v) => rectCorners(u.x, u.y, u.facing ?? 0, u.w, u.d).some(([x, y]) => isOn(v, x, y, gap));
  return on(a, b) || on(b, a);
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

/**
 * The charges' part of table play (play-table.js initTablePlay): `carry`, `key`, `chargeAt`, `tap`
 * (the game's `tapUnit(id)`: true when it took the tap),
 * `dropped` (the ruler's reading kept), `overlay` and `kept` (the facing under the finger, the
 * ruler, the last ruler), `note` (what the verdict adds to a charge) and `measured` (the ruler's
 * reading as the verdict); given with the page's context The Ninth Age's `advanceOf(doc, id)` and
 * `rolledDice(into, key, ar)` (games/ninth-age-charge.js). What the keys do, in words, is the game module's.
 */
export function chargePlay({ store, ui, doc, unitInfo, refresh, currentRequest, timing, advanceOf, rolledDice, tapUnit, questionNote }, { start }) {
  let readings = 0; // a drag's readings of the ruler, marked as a ruling is (bench/page.mjs times them)
  /** A drag of unit `id`'s body; `centre`: where its centre would be (world), `pointer`: the finger. */
  function carry(id, centre, pointer) {
    const u = unitInfo(id);
    if (!u) return;
    const at = performance.now();
    aim(start(id), u, pointer, centre);
    keepCharge();
    // onto open ground the ruler's reading is this frame's ruling (the engine is asked nothing);
    // marked drawn once the refresh aim queued has set the board's scene
    if (ui.carry?.ruler && !ui.carry.target) {
      const serial = `ruler-${++readings}`;
      timing('movecalc:ask', serial, at);
      queueMicrotask(() => timing('movecalc:ruled', serial));
    }
  }

  /**
   * A key in play: the finger a step (`action.step`, `action.distance` long) the unit's way, from
   * the middle of its front at first, aimed as a drag there aims (onto an enemy a charge, else the ruler).
   */
  function key(id, action) {
    const u = unitInfo(id);
    if (!u || !action.step) return;
    const c = start(id);
    const [vx, vy] = frameVector(u.facing ?? 0, action.step);
    const from = c.at ?? frontOf(u);
    c.at = [from[0] + vx * action.distance, from[1] + vy * action.distance];
    aim(c, u, c.at);
    keepCharge();
  }

  /**
   * A charge by keyboard ('charge'): unit `id` aimed at enemy `target` as a finger over the facing
   * of it nearest the charger would (the engine names the facing its arcs give, 9A-ARC-1).
   */
  function chargeAt(id, target) {
    const u = unitInfo(id), t = unitInfo(target);
    if (!u || !t) return;
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

  /**
   * The finger lifted: the ruler's reading stays on the board, as the Ruler tool's does (it went
   * with the finger), and in the verdict while the question is the one it was measured over (measured).
   */
  function dropped(c) {
    if (!c.ruler) return;
    const u = unitInfo(c.id);
    store.setRulerNote(rulerWords(c));
    if (u) store.setRulerLine({ line: rulerLine(c), id: c.id, x: u.x, y: u.y, facing: u.facing, beyond: beyond(c), over: JSON.stringify(currentRequest()) });
  }

  /**
   * The verdict of a drag onto open ground: the ruler's reading in words, while the finger holds it
   * and after the lift while its line is drawn and the question is the one it was measured over
   * (the ruling on screen is of the question before the drag: a pursuit made stayed the verdict
   * under the ruler's "too far"). `beyond`: farther than an Advance Move goes that way.
   */
  function measured() {
    const c = ui.carry;
    if (c?.table) return c.ruler && !c.target ? { text: rulerWords(c), beyond: beyond(c) } : null;
    const k = ui.rulerLine;
    return k && ui.rulerNote && kept().length && k.over === JSON.stringify(currentRequest()) ? { text: ui.rulerNote, beyond: k.beyond } : null;
  }

  /** What the board draws for the unit carried: the charged facing under the finger, or the ruler. */
  function overlay(c) {
    if (c.target && c.facing) {
      const t = unitInfo(c.target);
      const e = t && facingEdge(t, c.facing);
      return e ? [{ type: 'line', from: e[0], to: e[1], color: '#b7791f', width: 5, dashed: true, label: `${facingWord(c.facing)} under your finger` }] : [];
    }
    return c.ruler ? [rulerLine(c)] : [];
  }

  // drawn as the Ruler tool draws its line (board.js `ruler`: its reading always shown)
  // (red when the distance is beyond what an Advance Move goes that way)
  const rulerLine = (c) => ({ type: 'line', from: c.ruler.from, to: c.ruler.to, color: beyond(c) ? '#c53030' : '#1b2430', width: 3, label: rulerLabel(c), ruler: true, plate: rulerPlate });
  // the last ruler's line, while its unit stands where it was measured from
  function kept() {
    const k = ui.rulerLine, u = k && unitInfo(k.id);
    return u && u.x === k.x && u.y === k.y && u.facing === k.facing ? [k.line] : [];
  }

  const possessive = (name) => `${name}${/s$/i.test(name) ? '’' : '’s'}`;
  const facingWord = (f) => (f === 'left' || f === 'right' ? `${f} flank` : f);
  // "Flank", "Front" or "Rear": a charge named by the facing's last word
  const chargeKind = (f) => { const w = facingWord(f).split(' ').at(-1); return `${w[0].toUpperCase()}${w.slice(1)}`; };
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
   * before the verdict (rollNeeded); `text` too (after it when there is no lead): the facing a charge
   * contacts is the one whose arc the charger stands in, which may not be the one the finger was
   * over (9A-ARC-1; the board marks that one "under your finger": the note says it in few words,
   * for a phone's few lines)
   */
  function note(request, result) {
    const c = ui.carry ?? lastCharge;
    const arc = !c?.target || request?.query !== 'charge' || request.target !== c.target || !result?.facing || result.facing === c.facing ? ''
      : `${chargeKind(result.facing)} charge: ${request.charger} stand${isPluralName(request.charger) ? '' : 's'} in ${possessive(c.target)} ${facingWord(result.facing)} arc (9A-ARC-1).`;
    // (what a tap does in the question, the game's `questionNote`)
    return { lead: rollNeeded(request, result), text: questionNote(request?.query) ?? arc };
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
    // (the shortest legal charge move, `needed`: the move ruled at any distance is the one of most
    // contact, which may be longer, and a roll short of it still charges with less contact: "Needs
    // 10+" was said of a charge a 9 made)
    const need = result.needed;
    if (!result.possible || !Number.isFinite(need)) return '';
    const dice = Math.max(2, Math.ceil(need - ar - 1e-9));
    return dice > 12 ? `No roll reaches: Charge Range ${inches(ar)} + 2D6 is at most ${inches(ar + 12)}, the charge ${inches(need)} (9A-CH-1).`
      : `Needs ${dice === 2 ? 'any roll' : `${dice}+`} on 2D6: Charge Range ${inches(ar)} + 2D6 ≥ ${inches(need)} (9A-CH-1).`;
  }
  let lastCharge = null;
  // the facing aimed at outlives the drag: the verdict of a charge dropped keeps its note
  const keepCharge = () => { if (ui.carry?.table) lastCharge = ui.carry.target ? { target: ui.carry.target, facing: ui.carry.facing } : null; };

  return { carry, key, chargeAt, tap: tapUnit, dropped, overlay, kept, note, measured, started: () => { lastCharge = null; } };
}
