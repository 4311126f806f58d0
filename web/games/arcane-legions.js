// Arcane Legions on the page (docs/api/arcane-legions.md): its model entry (unit and query fields,
// the request), terrain colours, drawers, verdicts and the text of its results.
import { SIDE_COLOURS, num, opt, unitField, freeUnit } from '../fields.js';
import { GOOD, BAD, PATH, WARN, isPose, arr, degrees, stepsText, plural, frameVector, inFrame, rad, rectCorners, unitInfo, el, poseInSteps, section, hexWords } from '../draw.js';
import { initTablePlay } from '../play-table.js';
import { orderPlay, openOrder, pointsLeft, orderMade } from '../play-table-order.js';
import { paintTable, tablePainting } from '../board-table.js';
import { latticePainting } from '../board-lattice.js';
import { stepPainting } from '../board-steps.js';

const AL_BASES = { sortie: [1, 1], formation: [2, 1] };
/** A request unit's width and depth: its base's, else its own. */
const requestSize = (u) => AL_BASES[u.base] ?? [u.width ?? 1, u.depth ?? 1];

/** Poses of a move, action by action, with the contact pose before a snap and the pose before a slide. */
function alPoses(r, req) {
  const u = unitInfo(req, r.unit ?? req.order?.unit, requestSize);
  let prev = u && isPose(u) ? { x: u.x, y: u.y, facing: u.facing ?? 0 } : null;
  const steps = [];
  arr(r.actions).forEach((a, i) => {
    const spec = arr(req.order?.actions)[i] ?? {};
    const events = arr(a.events);
    const col = events.find((e) => e.type === 'collision');
    if (col && prev && spec.step && Number.isFinite(col.distance)) {
      const [vx, vy] = frameVector(prev.facing, spec.step);
      const contact = { x: prev.x + vx * col.distance, y: prev.y + vy * col.distance, facing: prev.facing };
      if (events.some((e) => e.type === 'snap' || e.type === 'slide')) steps.push({ pose: contact, what: 'contact', action: i });
    }
    const slide = events.find((e) => e.type === 'slide');
    if (slide && isPose(a.pose) && Number.isFinite(slide.distance)) {
      const [vx, vy] = frameVector(a.pose.facing, slide.direction);
      const before = { x: a.pose.x - vx * slide.distance, y: a.pose.y - vy * slide.distance, facing: a.pose.facing };
      if (events.some((e) => e.type === 'snap')) steps.push({ pose: before, what: 'snapped', action: i });
      steps.push({ pose: a.pose, what: 'slid', action: i, from: before, slide });
    } else if (isPose(a.pose) && a.made !== false) steps.push({ pose: a.pose, what: 'action', action: i });
    if (isPose(a.pose) && a.made !== false) prev = a.pose;
  });
  return steps;
}

/** A move order's actions as a link or a file holds them, checked (share.js: `c` its checks). */
function checkActions(v, p, c) {
  return c.array(v, p, c.LIMITS.list).map((a, i) => {
    const pp = `${p}[${i}]`;
    c.obj(a, pp);
    if (a.step !== undefined) return { step: c.oneOf(a.step, ['forward', 'backward', 'left', 'right'], `${pp}.step`), distance: c.number(a.distance, `${pp}.distance`, { min: 0 }) };
    const turn = { turn: c.oneOf(Number(a.turn), [45, 90], `${pp}.turn`), off: c.oneOf(a.off, ['front', 'right', 'back', 'left'], `${pp}.off`) };
    if (a.toward !== undefined) turn.toward = c.oneOf(a.toward, ['left', 'right'], `${pp}.toward`);
    return turn;
  });
}

// A name's possessive, as a player says it: "Chargers' front edge", "b's front edge".
const whose = (name) => `${name}${/..s$/i.test(name) ? '’' : '’s'}`;
// A snap's movement (AL-SNP-1, AL-OVL-1): a pivot by its angle, or a move straight out across a side it lay parallel to.
const turnWords = (deg, cw) => `${degrees(deg)} ${cw ? 'clockwise' : 'anticlockwise'}`;
const snapWords = (e) => (Math.abs(e.angle) < 0.5 && Number.isFinite(e.distance) ? `${stepsText(e.distance)} straight out`
  : turnWords(Math.abs(e.angle), e.direction === 'cw'));

/**
 * A notch or corner the engine names (`"front notch 2"`, `"back-left corner"`) of unit `u` as a player
 * names it: by where it lies on its side (A-AL-2: counted from 0, on the front and back from the
 * unit's left end, on its sides from the back end), "right front notch", "front notch" where its side
 * has one; `spacing`, the notches' (the request's A-AL-2).
 */
function markWords(mark, u, spacing) {
  const m = /^(front|back|left|right) notch (\d+)$/.exec(String(mark));
  if (!m || !u) return String(mark);
  const across = m[1] === 'front' || m[1] === 'back', i = Number(m[2]), n = Math.round((across ? u.w : u.d) / spacing) - 1;
  const [from, to] = across ? ['left', 'right'] : ['rear', 'forward'];
  const where = n <= 1 ? '' : 2 * i === n - 1 ? 'middle ' : i === 0 ? `${from} ` : i === n - 1 ? `${to} ` : '';
  return where || n <= 1 ? `${where}${m[1]} notch` : `${m[1]} notch ${i + 1} from the ${from}`;
}

/** Which edge or corner of a unit a point lies on, in the unit's own frame ('' when on neither). */
function edgeAt(u, p) {
  const f = rad(u.facing ?? 0), dx = p.x - u.x, dy = p.y - u.y;
  const along = dx * Math.cos(f) - dy * Math.sin(f), fwd = dx * Math.sin(f) + dy * Math.cos(f);
  const on = (v, half) => Math.abs(Math.abs(v) - half) < 1e-3;
  const fb = on(fwd, u.d / 2) ? (fwd > 0 ? 'front' : 'back') : '', lr = on(along, u.w / 2) ? (along > 0 ? 'right' : 'left') : '';
  return fb && lr ? `${fb}-${lr} corner` : fb || lr ? `${fb || lr} edge` : '';
}

// The events alEvents lists as met on the way (a breakaway comes before the move): where there is
// one, the order's turns are said after the list (drawALMove's eventsNote), not in the verdict's
// first lines. Read off the answer, so that the verdict does not build the list a second time.
const MET = new Set(['collision', 'stopped', 'overlap', 'snap', 'noSnap', 'returned', 'slide']);
const metOnWay = (r) => arr(r.actions).some((a) => arr(a.events).some((e) => MET.has(e.type)));

const nth = (k) => `${k}${k % 100 >= 11 && k % 100 <= 13 ? 'th' : ['th', 'st', 'nd', 'rd'][k % 10] ?? 'th'}`;
/**
 * An order's action `i` as the player made it, not by its index ("action 3" tied to no drag): "its
 * step forward", "its 2nd step forward" where the order has more than one, "its 45° turn".
 */
function actionName(req, i) {
  const acts = arr(req.order?.actions), spec = acts[i] ?? {};
  if (!spec.step) return spec.turn ? `its ${spec.turn}° turn` : `its action ${i + 1}`;
  const same = acts.filter((a) => a?.step === spec.step), k = acts.slice(0, i + 1).filter((a) => a?.step === spec.step).length;
  return `its ${same.length > 1 ? `${nth(k)} ` : ''}step ${spec.step}`;
}

/**
 * What happened on the way, in order: the breakaway attacks before the unit moves
 * (AL-BRK-1), then each action's collision, snap and slide (AL-COL-1, AL-SNP-1, AL-OVL-1, AL-SLD-1)
 * and what stopped or undid it. Each is numbered as the board numbers its marker, says what a
 * player measures (steps to 0.01, degrees to 1), and carries `at` (where its number goes) and
 * `box` (the world box the board frames when it is picked). A snap that could not be made is
 * said with the snap made instead (or what came of it), a slide refused with the event before it.
 */
function alEvents(r, req) {
  const id = r.unit ?? req.order?.unit;
  const mover = unitInfo(req, id, requestSize);
  if (!mover || !isPose(mover)) return [];
  const rect = (p) => rectCorners(p.x, p.y, p.facing ?? 0, mover.w, mover.d);
  const list = [];
  for (const b of arr(r.breakaway)) {
    const a = unitInfo(req, b.unit, requestSize);
    if (a && isPose(a)) list.push({ kind: 'breakaway', shape: 'ring', unit: b.unit, text: `${b.unit} may attack it before it moves (breakaway)`, at: [a.x, a.y], pts: [...rectCorners(a.x, a.y, a.facing ?? 0, a.w, a.d), ...rect(mover)] });
  }
  const poses = alPoses(r, req);
  const several = arr(r.actions).length > 1;
  let met = null; // the object the last event named: "onto it"
  arr(r.actions).forEach((a, i) => {
    let blocked = []; // snaps that could not be made, said with the snap made instead (AL-LIM-1)
    const because = () => (blocked.length ? ` (not ${blocked.join(', nor ')})` : '');
    const spec = arr(req.order?.actions)[i] ?? {};
    const mine = poses.filter((p) => p.action === i).map((p) => p.pose).concat(isPose(a.pose) ? [a.pose] : []);
    const pts = mine.flatMap(rect);
    const named = (e, p) => {
      if (e.object === met) return 'it';
      const o = unitInfo(req, e.object, requestSize);
      const edge = o && isPose(o) && isPose(p) ? edgeAt(o, p) : '';
      return e.object === 'table' ? 'the table edge' : edge ? `${whose(e.object)} ${edge}` : String(e.object ?? 'something');
    };
    const centre = isPose(a.pose) ? [a.pose.x, a.pose.y] : [mover.x, mover.y];
    for (const e of arr(a.events)) {
      const point = isPose(e.point) ? [e.point.x, e.point.y] : null;
      // a point the rules name gets its marker (✕ met, ◎ pivot); an event without one, a dot on the unit
      const add = (kind, text, at) => {
        const said = kind === 'snap' || e.type === 'noSnap' || e.type === 'returned';
        list.push({ kind, text: `${text}${said ? because() : ''}`, at, pts: [...pts, at], action: i, shape: kind === 'slide' ? 'arrow' : !point ? 'dot' : kind === 'snap' ? 'pivot' : 'x' });
        met = e.object ?? met;
        if (said) blocked = [];
      };
      // (met where the step began: "after 0 steps" is no player's)
      const into = e.distance < 0.005 ? (several ? ` at the start of ${actionName(req, i)}` : ' at once') : several ? `, ${stepsText(e.distance)} into ${actionName(req, i)}` : ` after ${stepsText(e.distance)}`;
      if (e.type === 'collision') add('collision', `collides with ${named(e, e.point)}${into}`, point ?? centre);
      else if (e.type === 'stopped') add('collision', `stops against ${named(e, e.point)} (no move order)`, point ?? centre);
      else if (e.type === 'overlap') add('collision', `ends ${spec.turn ? `its ${spec.turn}° turn ` : ''}overlapping ${named(e, null)}`, point ?? centre); // (said after the unit's name, as the others)
      else if (e.type === 'snap') {
        const onto = named(e, e.point);
        // Out of an overlap a turn past 90° looks wrong to a player: the smaller turn the other way
        // lines up the same edges with the unit on the object's side of them (AL-OVL-1).
        const why = e.rule === 'AL-OVL-1' && Math.abs(e.angle) > 90.5
          ? ` (${turnWords(180 - Math.abs(e.angle), e.direction !== 'cw')} would leave it overlapping)` : '';
        add('snap', `${Math.abs(e.angle) < 0.5 && Number.isFinite(e.distance) ? 'moves' : 'snaps'} ${snapWords(e)} onto ${onto}${why}`, point ?? centre);
      } else if (e.type === 'noSnap') add('collision', `cannot snap to ${named(e, null)}: stays at its angle and moves on`, centre);
      else if (e.type === 'returned') add('collision', `cannot snap while overlapping ${named(e, null)}: goes back to where it was`, centre);
      else if (e.type === 'slide') {
        const s = poses.find((p) => p.action === i && p.slide);
        const at = s ? [(s.from.x + s.pose.x) / 2, (s.from.y + s.pose.y) / 2] : centre;
        const spacing = req.params?.['A-AL-2']?.notchSpacing ?? 0.5;
        add('slide', `slides ${e.direction} ${stepsText(e.distance)} along ${e.object === met ? 'it' : e.object}: its ${markWords(e.mark, mover, spacing)} on ${whose(e.object)} ${markWords(e.objectMark, unitInfo(req, e.object, requestSize), spacing)}`, at);
      } else if (e.type === 'snapBlocked') blocked.push(`${snapWords(e)}: ${e.object} is in the way`);
      else if (e.type === 'noSlide' && list.length) list[list.length - 1].text += ` (no slide${req.order?.slide ? ` ${req.order.slide}` : ''})`;
    }
    if (blocked.length && list.length) list[list.length - 1].text += because(); // no snap came after it
  });
  return list.map((ev, k) => {
    const xs = ev.pts.map((p) => p[0]), ys = ev.pts.map((p) => p[1]);
    const color = ev.kind === 'snap' ? PATH : ev.kind === 'slide' ? GOOD : BAD; // its marker's, on the board and in the list
    return { n: k + 1, kind: ev.kind, shape: ev.shape, color, text: ev.text, at: ev.at, unit: ev.unit, action: ev.action, box: [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)] };
  });
}

// `extra.event`: the number of the event picked in the ruling's list, drawn highlighted.
function drawALMove(out, r, req, pick, extra = {}) {
  const id = r.unit ?? req.order?.unit;
  const steps = alPoses(r, req);
  const events = alEvents(r, req);
  out.events = events; // the ruling lists them, numbered as the board numbers them (app.js)
  // and after them how the turning tool set the unit down: first, it pushed them past a phone's lines
  out.eventsNote = metOnWay(r) ? turnNotes(r, req).join(' ') : '';
  const last = steps.length - 1;
  steps.forEach((s, i) => {
    if (i === last && isPose(r.final)) return;
    // numbered by action when nothing happened on the way; else the events carry the numbers
    out.ghost(id, s.pose, s.what === 'action' && !events.length ? String(s.action + 1) : undefined);
  });
  // the events' markers carry their numbers in the ruling's list, and the one picked is highlighted
  const focus = (ev) => ev.n === extra.event;
  // the last first, so that a collision's ✕ shows over the pivot ◎ of the snap at the same point
  for (const ev of [...events].reverse()) {
    const [x, y] = ev.at;
    if (ev.shape === 'ring') out.ring(ev.unit, ev.color, undefined, { step: ev.n, focus: focus(ev) });
    else if (ev.shape === 'arrow') {
      const s = steps.find((p) => p.action === ev.action && p.slide);
      if (s) out.mark({ type: 'line', from: [s.from.x, s.from.y], to: [s.pose.x, s.pose.y], color: ev.color, arrow: true, step: ev.n, focus: focus(ev) });
    } else out.mark({ type: 'mark', shape: ev.shape, x, y, color: ev.color, step: ev.n, focus: focus(ev) });
  }
  // the outcomes of the choices the request left open, faintly, to compare
  for (const c of arr(r.choices)) for (const o of arr(c.options)) {
    if (String(o.value) !== String(c.default) && isPose(o.final)) out.ghost(id, o.final, undefined, 'option'); // named in the text
  }
  out.poseTrack(id, steps.map((s) => s.pose).concat(isPose(r.final) && !steps.length ? [r.final] : []), id);
  if (isPose(r.final)) out.ghost(id, r.final, r.legal === false ? 'stops here' : 'final', r.legal === false ? 'bad' : 'final');
  // over the ghosts, the turning tool of each turn where it lay (A-AL-5): its triangle, the entry bevel on the
  // unit's notch and the exit bevel where the unit was set down; red where it could not be placed
  arr(r.actions).forEach((a, i) => {
    const t = a.tool;
    if (!t || arr(t.corners).length !== 3) return;
    const ok = a.made !== false;
    out.overlay.push({ type: 'polygon', points: t.corners, fill: ok ? 'rgba(242,193,78,0.45)' : 'rgba(179,38,30,0.15)', color: ok ? WARN : BAD, width: 2.5, dashed: !ok,
      label: `${ok ? 'tool' : 'tool cannot be placed'} (${i + 1})`, labelAt: t.corners[2] });
    out.overlay.push({ type: 'points', points: [t.entryBevel, t.exitBevel].filter(isPose).map((p) => ({ x: p.x, y: p.y, color: ok ? WARN : BAD })) });
    const at = refusedTurn(a, arr(req.order?.actions)[i], unitInfo(req, id, requestSize));
    // over the units: its end stood where it stands, under it, unseen
    if (at) out.overlay.push({ type: 'pose', pose: at.pose, w: at.w, d: at.d, label: 'turn refused', fill: 'rgba(179,38,30,0.22)', color: BAD, dashed: true, onTop: true, labelBehind: true });
  });
}

/**
 * Where a turn the engine refused would have set the unit down (`a`, its answer, with the tool laid
 * out; `spec`, the action asked; `u`, the unit's size): beyond the exit edge, its side opposite the
 * one turned off on the exit bevel (A-AL-5, its middle notch), turned `turn` degrees. Null for a
 * turn made, or one that names its own exit side or notch.
 */
function refusedTurn(a, spec, u) {
  if (a.made !== false || !spec?.turn || !isPose(a.pose) || !isPose(a.tool?.exitBevel) || !u || [spec.exitSide, spec.exitNotch].some((v) => v !== undefined)) return null;
  const off = spec.off ?? 'front', bearing = { front: 0, right: 90, back: 180, left: 270 }[off] ?? 0;
  const facing = a.pose.facing + ((spec.toward ?? (off === 'left' ? 'left' : 'right')) === 'left' ? -spec.turn : spec.turn);
  const half = (bearing % 180 ? u.w : u.d) / 2, f = rad(facing + bearing), b = a.tool.exitBevel;
  return { pose: { x: b.x + Math.sin(f) * half, y: b.y + Math.cos(f) * half, facing: ((facing % 360) + 360) % 360 }, w: u.w, d: u.d };
}

// The shade of each cost in movement points, light (cheap) to dark (dear); the last stands for that
// many or more. The legend shows the same steps with their numbers.
const COST_SHADES = ['hsl(200 70% 90%)', 'hsl(200 68% 78%)', 'hsl(205 62% 66%)', 'hsl(212 56% 55%)', 'hsl(220 52% 45%)', 'hsl(228 50% 36%)', 'hsl(236 48% 28%)', 'hsl(244 46% 20%)'];
const costShade = (cost) => COST_SHADES[Math.max(0, Math.min(COST_SHADES.length - 1, Math.round(cost)))];

// Where the unit's centre can be: one square of the sample grid per position, shaded by its cheapest
// cost in movement points (a shade per cost, regions outlined where the cost changes, each region
// numbered once); a position reached only after a turn is hatched; ✕ where a step stops.
function drawALReach(out, r, req) {
  const samples = arr(r.samples).filter(isPose);
  const size = Number.isFinite(r.spacing) && r.spacing > 0 ? r.spacing : 0.25;
  // the samples lie on the lattice of the unit's own frame (one turned off it, to the nearest of its
  // cells): one square each, drawn turned with the unit, the cheapest where several fall (at the
  // same cost, one reached without a turn)
  const u = unitInfo(req, r.unit ?? req.unit, requestSize);
  const frame = u && isPose(u) ? { x: u.x, y: u.y, facing: u.facing ?? 0 } : { x: 0, y: 0, facing: 0 };
  const best = new Map();
  for (const s of samples) {
    const [ahead, right] = inFrame(frame.facing, s.x - frame.x, s.y - frame.y), i = Math.round(right / size), j = Math.round(ahead / size);
    const k = `${i},${j}`, b = best.get(k), cost = s.cost ?? 0, turned = !!s.turned;
    if (!b || cost < b.cost || (cost === b.cost && b.turned && !turned)) best.set(k, { i, j, cost, turned });
  }
  out.overlay.push({ type: 'cells', size, frame, contours: true, cells: [...best.values()].map((c) => ({ i: c.i, j: c.j, hatch: c.turned,
    band: Math.min(COST_SHADES.length - 1, Math.round(c.cost)), color: costShade(c.cost), alpha: 0.7 })) });
  out.overlay.push({ type: 'points', points: samples.filter((s) => s.collision).map((s) => ({ x: s.x, y: s.y, shape: 'x', color: BAD })) });
  out.ring(r.unit ?? req.unit, PATH);
}

function drawALBreakaway(out, r, req) {
  out.ring(r.unit ?? req.unit, PATH, 'leaving');
  arr(r.breakaway).forEach((b, i) => out.ring(b.unit, BAD, `attack ${i + 1}${b.ownerOrders ? ' (owner orders)' : ''}`));
}


function actionText(a, i, spec) {
  const what = spec?.step ? `step ${spec.step}${spec.distance !== undefined && spec.distance !== 1 ? ` ${spec.distance}` : ''}` : spec?.turn ? `turn ${spec.turn}° off the ${spec.off} toward the ${spec.toward}` : a.kind;
  const made = a.made === false ? ' — not made' : '';
  const ev = arr(a.events).map((e) => hexWords(e.message).replace(/\bccw\b/g, 'anticlockwise').replace(/\bcw\b/g, 'clockwise')).filter(Boolean).join('; ');
  return `${i + 1}. ${what}: cost ${a.cost}, ${a.pointsLeft} left${made}${ev ? ` — ${ev}` : ''}`;
}

function choiceNodes(r, onChoice) {
  const cs = arr(r.choices);
  if (!cs.length) return [];
  const ul = el('ul', undefined, 'choices');
  for (const c of cs) {
    const li = el('li');
    li.append(el('span', `${c.choice} at action ${c.action + 1} (now: ${c.default}): `));
    for (const o of arr(c.options)) {
      // why it would end only where that differs from the answer's own end (said under Result)
      const text = `${o.value} → ${o.legal ? '' : 'illegal, '}${poseInSteps(o.final)}, ${plural(o.pointsSpent, 'point')} spent${o.endedBy === r.endedBy ? '' : `, ${game.stopWords[o.endedBy] ?? o.endedBy}`}`;
      if (onChoice && (c.choice === 'slide' || c.choice === 'snapSide') && String(o.value) !== String(c.default)) {
        const b = el('button', text, 'link choice');
        b.type = 'button';
        b.addEventListener('click', () => onChoice(c.choice, o.value === 'none' ? '' : o.value));
        li.append(b);
      } else li.append(el('span', text, 'option'));
    }
    ul.append(li);
  }
  return [el('h3', 'Choices left open (drawn faintly; choose one to apply it)'), ul];
}


// the marks of this game's drawings, for the legend beside the board (draw.js MARKS has the shared ones)
const OWN_MARKS = {
  events: { swatch: 'marker', symbol: '1', color: '#fff', bg: BAD, text: 'what happened on the way, in order, as the list under the verdict numbers it (press an entry there to zoom to it); a ring: a breakaway attacker',
    still: 'what happened on the way, in order, as the list under the verdict numbers it; a ring: a breakaway attacker' },
  tool: { swatch: 'fill', color: 'rgba(242,193,78,0.45)', border: WARN, text: 'the turning tool where it lay; dots are its bevels' },
  costCells: { swatch: 'steps', colors: COST_SHADES,
    text: `where its centre can end, shaded by the movement points it costs: lightest 0, then 1, 2, … to darkest ${COST_SHADES.length - 1} or more (numbered on the board; outlined where the cost changes)` },
  turned: { swatch: 'hatch', color: 'rgba(27,36,48,0.6)', text: 'reached only after a turn (hatched); plain: by steps alone' },
};
drawALMove.marks = ['unit', 'path', 'ghost', 'final', 'stops', 'collision', 'pivot', 'slide', OWN_MARKS.events, OWN_MARKS.tool, 'option'];
drawALReach.marks = ['unit', 'ring', OWN_MARKS.costCells, OWN_MARKS.turned, 'collision'];
drawALBreakaway.marks = ['unit', 'ring', 'attacker'];

const game = {
  mmPerUnit: (params) => params['A-AL-1']?.stepMm ?? 50,
  unitFields: [
    { key: 'base', label: 'Base', kind: 'select', options: [['formation', 'formation (2 × 1)'], ['sortie', 'sortie (1 × 1)'], ['custom', 'width × depth']] },
    { key: 'width', label: 'Width', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.base === 'custom' },
    { key: 'depth', label: 'Depth', kind: 'number', min: 0.1, step: 0.5, when: (u) => u.base === 'custom' },
    { key: 'codex.forward', label: 'Codex forward', kind: 'number', min: 0, step: 1 },
    { key: 'codex.backward', label: 'Codex backward', kind: 'number', min: 0, step: 1 },
    { key: 'codex.left', label: 'Codex left', kind: 'number', min: 0, step: 1 },
    { key: 'codex.right', label: 'Codex right', kind: 'number', min: 0, step: 1 },
    { key: 'movementIcons', label: 'Movement icons', kind: 'number', min: 0, step: 1 },
  ],
  newUnit: () => ({ base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 4 }),
  size: (u) => (u.base === 'sortie' ? [1, 1] : u.base === 'formation' ? [2, 1] : [num(u.width, 1), num(u.depth, 1)]),
  paintTable,
  tablePainting, // its units' and answers' painting (board-table.js, as paintTable)
  latticePainting, // its reach area's lattice squares (board-lattice.js: no other game draws them)
  stepPainting, // its events' numbers and its points (board-steps.js: no other game draws them)
  unitJSON(u) {
    const o = freeUnit(u);
    if (u.base === 'custom') Object.assign(o, { width: num(u.width, 1), depth: num(u.depth, 1) });
    else o.base = u.base;
    o.codex = { forward: num(u.codex.forward), backward: num(u.codex.backward), left: num(u.codex.left), right: num(u.codex.right) };
    o.movementIcons = num(u.movementIcons);
    return o;
  },
  queries: {
    move: {
      fields: [unitField(), { key: 'activeSide', label: 'Active side', kind: 'side' },
        { key: 'actions', label: 'Actions', kind: 'rows', title: 'Actions',
          adders: () => [['Add step', { step: 'forward', distance: 1 }], ['Add turn', { turn: 45, off: 'front', toward: 'right' }]],
          row: (a) => (a.step ? [
            { key: 'step', label: 'Step', kind: 'select', options: ['forward', 'backward', 'left', 'right'].map((x) => [x, x]) },
            { key: 'distance', label: 'Distance', kind: 'number', min: 0.01, max: 1 }] : [
            { key: 'turn', label: 'Turn (°)', kind: 'select', options: [['45', '45'], ['90', '90']], asNumber: true },
            { key: 'off', label: 'Tool off', kind: 'select', options: ['front', 'right', 'back', 'left'].map((x) => [x, x]) },
            { key: 'toward', label: 'Toward', kind: 'select', options: [['left', 'left'], ['right', 'right']] }]),
          check: checkActions },
        { key: 'slide', label: 'Slide after a collision', kind: 'select', options: [['', 'no slide'], ['left', 'left'], ['right', 'right'], ['forward', 'forward'], ['backward', 'backward']] },
        { key: 'snapSide', label: 'Snap side', kind: 'select', options: [['', 'engine decides'], ['cw', 'clockwise'], ['ccw', 'counter-clockwise']] }],
      build(i, doc) {
        // an order open over drops goes on: asked whole, its actions so far first, from the unit's
        // pose where it began, so that the engine pays them all from one set of points (AL-MOV-2)
        const begun = openOrder(doc, i.unit);
        const order = { unit: i.unit, actions: [...(begun?.actions ?? []), ...(i.actions ?? []).map((a) => (a.step ? { step: a.step, distance: num(a.distance, 1) } : { turn: Number(a.turn), off: a.off, toward: a.toward ?? 'right' }))] };
        opt(order, 'slide', i.slide);
        opt(order, 'snapSide', i.snapSide);
        const out = { order, activeSide: i.activeSide ?? doc.sides[0].name, turnOrder: doc.sides.map((s) => s.name) };
        if (begun) out.units = doc.units.map((u) => game.unitJSON(u.id === begun.unit ? { ...u, ...begun.from } : u));
        return out;
      },
      parse(req) {
        const o = req.order && typeof req.order === 'object' ? req.order : null;
        if (!o) return {};
        // a step's distance left out is a whole step (docs/api/arcane-legions.md); the form needs it written
        const actions = Array.isArray(o.actions) ? o.actions.map((a) => (a && typeof a === 'object' && a.step !== undefined && a.distance === undefined ? { ...a, distance: 1 } : a)) : o.actions;
        return opt(opt({ unit: o.unit, actions }, 'slide', o.slide || undefined), 'snapSide', o.snapSide || undefined);
      },
    },
    // a unit whose order is open reaches as far as its points left take it
    reachArea: { fields: [unitField()], build: (i, doc) => { const b = openOrder(doc, i.unit); return b ? { unit: i.unit, movementPoints: pointsLeft(doc, b).left } : { unit: i.unit }; } },
    breakaway: { fields: [unitField(), { key: 'activeSide', label: 'Active side', kind: 'side' }], build: (i, doc) => ({ unit: i.unit, activeSide: i.activeSide ?? doc.sides[0].name, turnOrder: doc.sides.map((s) => s.name) }) },
  },
  defaults: () => ({
    table: { width: 36, height: 24 }, sides: [{ name: 'red', color: SIDE_COLOURS[0] }, { name: 'blue', color: SIDE_COLOURS[1] }],
    units: [
      { id: 'Legion', side: 'red', x: 14, y: 9, facing: 20, base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 4 },
      { id: 'Chargers', side: 'blue', x: 15, y: 13, facing: 180, base: 'formation', width: 2, depth: 1, codex: { forward: 1, backward: 3, left: 2, right: 2 }, movementIcons: 7 },
      { id: 'Scouts', side: 'blue', x: 18.5, y: 12.5, facing: 225, base: 'sortie', width: 1, depth: 1, codex: { forward: 1, backward: 2, left: 1, right: 1 }, movementIcons: 3 },
    ],
    terrain: [
      { id: 'wood', kind: 'hindering', polygon: [[19, 6], [24, 5.5], [25.5, 9], [22, 11], [19.5, 9.5]] },
      { id: 'tower', kind: 'blocking', polygon: [[6, 14], [9, 14], [9, 17], [6, 17]] },
      { id: 'shrine', kind: 'control', polygon: [[27, 14], [30, 14], [30, 17], [27, 17]] },
    ],
    // the position ready to play, a unit's reach shown as the hex games' openings show one, nothing
    // planned (a move planned on opening, Make this move ready, read as a move already made for the
    // player); the Legion's three steps into the Chargers are an example (tests/scenarios)
    query: 'reachArea',
    inputs: { move: { unit: 'Legion', activeSide: 'red', actions: [] }, reachArea: { unit: 'Legion' }, breakaway: { unit: 'Legion', activeSide: 'red' } },
  }),
  terrainColours: { blocking: '#c62828', hindering: '#2e7d32', control: '#f9a825' },
  requestSize,
  /** A request's unit with a width and no base is entered as width × depth. */
  unitFromRequest(u, out) { if (!u.base && u.width !== undefined) out.base = 'custom'; },
  // the scalar fields of its answers listed under Result, in this order (results.js)
  factKeys: ['orderCost', 'movementPoints', 'pointsSpent', 'pointsLost', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'blocks', 'steps', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'],
  // why a move ended (endedBy, docs/api/arcane-legions.md) in words
  poseWords: poseInSteps, // the Result's poses as measured at the table
  stopWords: { actions: 'its move ends with every action made', points: 'its move ends with no movement point left', collision: 'its move ends where it collides (AL-COL-2)', illegal: 'its move stops before an action it may not make' },
  factNames: { orderCost: 'order points', pointsSpent: 'points spent', pointsLost: 'points lost (unspent)' },
  draw: { move: drawALMove, reachArea: drawALReach, breakaway: drawALBreakaway },
  lateVerdict(q, r, request) {
    // (the shading says where; how finely it was searched, the positions tried, is the details' (moreFacts): no player counts them)
    if (q === 'reachArea') return { text: `${r.unit ?? request?.unit ?? 'The unit'} can end its move anywhere in the shaded area with ${request?.movementPoints !== undefined ? `the ${plural(r.movementPoints, 'movement point')} left of its order` : plural(r.movementPoints, 'movement point')}${r.truncated ? ' (the search was cut short: some of it may be missing)' : ''}.`, kind: 'answered' };
    if (q === 'breakaway') return { text: arr(r.breakaway).length ? `${plural(arr(r.breakaway).length, 'breakaway attack')} against ${r.unit}.` : `No breakaway attacks against ${r.unit}.`, kind: 'answered' };
    return undefined;
  },
  moreFacts(r) {
    if (!arr(r.samples).length) return [];
    const s = arr(r.samples), costs = s.map((x) => x.cost ?? 0);
    return [`${plural(s.length, 'sampled position')}, costs ${Math.min(...costs)} to ${Math.max(...costs)} movement points (light cheap, dark dear)`,
      `${plural(s.filter((x) => x.collision).length, 'position')} where a step stops against something (✕); ${s.filter((x) => x.turned).length} after one turn (hatched squares)`];
  },
  sections(r, request, opts) {
    return [
      ...section('Actions', arr(r.actions), (a) => el('li', actionText(a, r.actions.indexOf(a), arr(request.order?.actions)[r.actions.indexOf(a)]))),
      ...choiceNodes(r, opts.onChoice),
      ...section('Breakaway attacks', arr(r.breakaway), (b) => el('li', `${b.unit} (${b.side})${b.ownerOrders ? ': its owner orders these and may decline any' : ''}`), true),
    ];
  },
};
export default game;

// In play, a tap on a unit shows its reach area.
game.tapQuery = 'reachArea';

// Make this move: the question's unit is the order's (`order.unit`), to where the order
// left it (snaps and slides are part of its end pose).
game.canApply = (request, result) => request.query === 'move' && typeof request.order?.unit === 'string' && result?.legal !== false && isPose(result?.final);
game.applyRuling = (request, result, byId, moveTo) => {
  if (game.canApply(request, result)) moveTo(byId(request.order.unit), result.final);
};
// once made, the order goes on while its every action was made with points left: the unit's next
// drop adds to it (play-table-order.js orderMade); else its next order starts anew
game.queries.move.made = orderMade;
// an order open is kept by a link: opened, the unit's next drop goes on with it, paid from what it
// has left (docs/page.md "Play and Set up")
game.queries.move.kept = {
  begun: (v, p, c) => {
    c.obj(v, p);
    const pose = (x, pp) => { c.obj(x, pp); return { x: c.number(x.x, `${pp}.x`), y: c.number(x.y, `${pp}.y`), facing: c.number(x.facing, `${pp}.facing`, { min: -360, max: 720 }) }; };
    return { unit: c.str(v.unit, `${p}.unit`), from: pose(v.from, `${p}.from`), actions: checkActions(v.actions, `${p}.actions`, c),
      spent: c.number(v.spent, `${p}.spent`, { min: 0 }), at: pose(v.at, `${p}.at`) };
  },
};
// a collision ends the move, and the points it leaves are lost (AL-COL-2)
const lostAtEnd = (r) => r.endedBy === 'collision' && r.pointsLost > 0;
// what Make this move made, in the ruling's words (app.js), where something happened on the way:
// what the unit met and how it ended against it (its pose alone did not say it is in contact), and
// where a turn set it down (its pose alone did not say why it moved)
game.madeWords = (request, r, events) => {
  const happened = events.filter((e) => e.kind !== 'breakaway'), turns = turnsSaid(r, request);
  // an action's turn before what it met as it ended (AL-OVL-1: the overlap and snap come after it);
  // where the unit met anything, how the tool set it down is said after it all: a phone's four
  // lines showed the tool and cut the collision
  const met = [...turns.map((t) => [t.action, happened.length ? t.turned : t.made]), ...happened.map((e) => [e.action, e.text])]
    .sort((a, b) => a[0] - b[0]).map((e) => e[1]);
  // steps alone: the steps as the player made them (its pose in steps' coordinates told a player
  // nothing), a run of them the same way as one ("1 step forward, then 0.3 steps forward" read as
  // two moves), with how many steps it took where one was partial: each costs a whole step's
  // points (AL-LAT-3)
  if (!met.length) {
    const actions = arr(request.order?.actions), runs = [];
    if (actions.length && actions.every((a, i) => a?.step && arr(r.actions)[i]?.made !== false)) {
      for (const a of actions) {
        const d = a.distance ?? 1, last = runs.at(-1);
        if (last?.step === a.step) { last.d += d; last.n++; } else runs.push({ step: a.step, d, n: 1 });
      }
      // (a run shorter than its steps has a partial one)
      met.push(`moves ${runs.map((x) => `${stepsText(x.d)} ${x.step}${x.n > 1 && x.d < x.n ? ` in ${x.n} steps` : ''}`).join(', then ')}`);
    }
  }
  if (!met.length || request.query !== 'move') return null;
  const why = happened.length ? turns.map((t) => `; ${turns.length > 1 ? `its ${t.what} turn: ` : ''}${t.why}`).join('') : '';
  // the points first: a phone's verdict shows four lines, and cut them after the events; those a
  // collision left lost, as the ruling said
  const lost = lostAtEnd(r) ? `, ${r.pointsLost} lost` : '';
  const spent = Number.isFinite(r.pointsSpent) && Number.isFinite(r.movementPoints) ? `${r.pointsSpent} of ${plural(r.movementPoints, 'movement point')} spent${lost}. ` : '';
  return { lead: 'Move made', text: `${spent}${r.unit ?? request.order?.unit} ${met.join(', then ')}${why}` };
};

/**
 * Where the turning tool set a turn down (AL-TRN-1): its action's end `pose` with the slide and the
 * pivot of a snap out of an overlap undone (AL-OVL-1, AL-OVL-4); null where a snap moved it straight
 * out, which the answer gives no direction for.
 */
function setDown(pose, events) {
  let [x, y] = [pose.x, pose.y];
  for (const e of [...events].reverse()) {
    if (e.type === 'slide' && Number.isFinite(e.distance)) { const [vx, vy] = frameVector(pose.facing, e.direction); [x, y] = [x - vx * e.distance, y - vy * e.distance]; }
    if (e.type !== 'snap') continue;
    if (!isPose(e.point) || !Number.isFinite(e.angle)) return null;
    const a = rad(e.angle), dx = x - e.point.x, dy = y - e.point.y; // turned back anticlockwise by its clockwise angle
    [x, y] = [e.point.x + dx * Math.cos(a) - dy * Math.sin(a), e.point.y + dx * Math.sin(a) + dy * Math.cos(a)];
  }
  return { x, y };
}

/**
 * Each turn an order made, in words (AL-TRN-1): the turning tool is laid against the side turned
 * off and the unit set down past the tool's far edge, so it moves as it turns (a drag of its handle
 * turned it 45° and moved it 1.4 steps, and only the answer's JSON said why); how far, to where the
 * tool set it down, before any snap out of an overlap. `said`: for the ruling, `made`: for the move
 * made, in two parts: `turned` ("turns 90° left"; `what`, its turn) and `why` (the tool); `action`:
 * its index.
 */
function turnsSaid(r, req) {
  const u = unitInfo(req, r.unit ?? req.order?.unit, requestSize);
  let prev = u && isPose(u) ? u : null;
  return arr(r.actions).flatMap((a, i) => {
    const spec = arr(req.order?.actions)[i] ?? {}, from = prev;
    if (isPose(a.pose) && a.made !== false) prev = a.pose;
    if (a.kind !== 'turn' || a.made === false || !from || !isPose(a.pose)) return [];
    const at = setDown(a.pose, arr(a.events)), what = `${spec.turn}° ${spec.toward ?? 'right'}`, turned = `turns ${what}`;
    const why = `the turning tool laid on its ${spec.off ?? 'front'} sets it down past the tool’s far edge${at ? `, ${stepsText(Math.hypot(at.x - from.x, at.y - from.y))} from where it stood` : ''} (AL-TRN-1)`;
    return [{ action: i, said: `It ${turned}: ${why}.`, made: `${turned}: ${why}`, what, turned, why }];
  });
}

/**
 * The verdict's list of what happened on the way (app.js, `eventNodes`): the events of a ruling
 * (the drawer's `out.events`: `{n, text, color}`) as a short numbered list, "1
 * collides …", "2 snaps …": each a button that shows it on the board, whose marker carries
 * the same number (`onEvent(n)`; the one shown, `focused`, again or *Whole move*: `onEvent(null)`);
 * then the drawer's `eventsNote`, how its turns were made.
 */
function sequenceNodes({ events, eventsNote }, focused, onEvent) {
  const list = el('ol', undefined, 'sequence');
  const item = (b) => { b.type = 'button'; const li = el('li'); li.append(b); list.append(li); };
  for (const ev of events) {
    const b = el('button', undefined, 'event');
    b.dataset.event = String(ev.n);
    b.setAttribute('aria-pressed', String(ev.n === focused));
    const n = el('span', ev.n, 'n');
    if (ev.color && ev.n !== focused) n.style.background = ev.color; // its marker's colour on the board
    b.append(n, ` ${ev.text}`);
    b.addEventListener('click', () => onEvent(ev.n === focused ? null : ev.n));
    item(b);
  }
  if (events.some((ev) => ev.n === focused)) {
    const back = el('button', 'Whole move', 'event back');
    back.dataset.event = 'whole';
    back.addEventListener('click', () => onEvent(null));
    item(back);
  }
  return eventsNote ? [list, el('p', eventsNote)] : [list];
}
game.eventNodes = sequenceNodes;

// Play on the board (web/play-table.js): a drag of a unit is its move order of steps, a
// drag of its round handle a turn with the turning tool; a drop makes the order.
// A turn in words: why it moved the unit (turnsSaid), and its cost where it is more than its side's
// (AL-TRN-2): a 45° right turn cost 2 where the codex's right was 1, and nothing said why. A step
// refused for its points: its direction's cost in the codex, and the points left (AL-LAT-2).
const CODEX = { forward: 1, backward: 2, left: 1, right: 1 }; // (A-AL-3: a unit given without one)
/** Each turn of an order in words: how the tool set it down (turnsSaid), and its cost where it is more than its side's. */
const turnNotes = (r, req) => [...turnsSaid(r, req).map((t) => t.said), ...arr(r.actions).map((a) => {
  const beyond = a?.kind === 'turn' ? arr(a.events).find((e) => e.type === 'tool')?.stepsBeyond : 0;
  if (!(beyond > 0) || !Number.isFinite(a.cost) || a.made === false) return ''; // (a turn put back costs nothing: AL-LIM-3)
  const side = a.cost / (1 + beyond);
  return `The turn costs ${a.cost}: ${side} for the side it turns off, and ${side} again for ${beyond === 1 ? 'the step' : `each of the ${beyond} steps`} the unit lies beyond the turning tool (AL-TRN-2).`;
})].filter(Boolean);
game.verdictNote = (r, req = {}) => (metOnWay(r) ? '' : turnNotes(r, req).map((t) => ` ${t}`).join('')) + arr(r.reasons).filter((x) => x.code === 'not_enough_points').slice(0, 1).map((x) => {
  const dir = arr(req.order?.actions)[x.action]?.step, who = r.unit ?? req.order?.unit;
  const codex = arr(req.units).find((u) => u.id === who)?.codex ?? CODEX, cost = codex[dir], left = arr(r.actions)[x.action]?.pointsLeft;
  if (!dir || !Number.isFinite(cost) || !Number.isFinite(left)) return '';
  return cost > r.movementPoints ? ` ${whose(who)} codex asks ${plural(cost, 'point')} for a step ${dir}, more than all its ${plural(r.movementPoints, 'movement point')}: it cannot step ${dir} (AL-LAT-2).`
    : ` A step ${dir} costs ${plural(cost, 'point')} by ${whose(who)} codex, and ${plural(left, 'point')} ${left === 1 ? 'is' : 'are'} left (AL-LAT-2).`;
}).join('');
// A legal move that met something, or that enemies may attack as it breaks away (AL-BRK-1), says
// so in its first two lines: a phone's verdict shows those above "more below", and the first
// event's button did not fit there ("Legion: legal move, meets Chargers. 4 of 4 points spent.").
// The list below says how and where.
const listed = (names) => new Intl.ListFormat('en').format([...new Set(names)]);
const attackers = (r) => arr(r.breakaway).map((b) => b.unit).filter((u) => typeof u === 'string');
game.verdict = (q, r, req = {}) => {
  const brk = attackers(r);
  if (q !== 'move' || r.legal !== true || !(brk.length || metOnWay(r)) || !Number.isFinite(r.pointsSpent) || !Number.isFinite(r.movementPoints)) return null;
  const met = arr(r.actions).flatMap((a) => arr(a.events)).filter((e) => MET.has(e.type) && e.object !== undefined).map((e) => (e.object === 'table' ? 'the table edge' : String(e.object)));
  const said = [met.length ? `meets ${listed(met)}` : '', brk.length ? `${listed(brk)} may attack it first (breakaway)` : ''].filter(Boolean).join('; ');
  const left = r.movementPoints - r.pointsSpent;
  return { kind: 'legal', text: `${r.unit ?? req.order?.unit}: legal move, ${said}. ${r.pointsSpent} of ${plural(r.movementPoints, 'point')} spent${left > 0 ? `, ${left} left${lostAtEnd(r) ? ' (lost at the end)' : ''}` : ''}.${game.verdictNote(r, req)}` };
};
// a move made leaves its breakaway attacks to the players: said first, as they come first (AL-BRK-1);
// once, at an order's first drop (`before`: the units as they stood; an order going on over drops
// is asked from where it began, the mover no longer there)
game.madeNote = (req, r, way, before = []) => {
  const who = r.unit ?? req.order?.unit, from = arr(req.units).find((u) => u.id === who), was = before.find((u) => u.id === who);
  const goesOn = from && was && (from.x !== was.x || from.y !== was.y || (from.facing ?? 0) !== (was.facing ?? 0));
  const brk = goesOn ? [] : attackers(r);
  return brk.length ? `Breakaway to resolve: ${listed(brk)} may attack ${who}.` : '';
};
game.tablePlay = 'order';
game.play = { table: (page) => initTablePlay(page, orderPlay) };
// Set up's unit tray (unit-tray.js): a kind for each of these
game.trayField = 'base';
// the phone's first-visit hint (app.js coach): one sentence of the play note
game.playHint = 'Drag a unit to step it, or its round handle to turn it; let go to make the move.';
game.playNote = 'Drag a unit along its own axes to step (partial steps too); rest your finger, then push it the way the unit should face to add a turn with the turning tool (45° or 90°). Its round handle alone turns it, to the tool’s position nearest your finger (marked while you hold it). After a collision, move your finger along what it met to slide that way. The ghost shows where it ends; the verdict says the points spent and left. Let go to make the order so far: dragged again, the unit goes on with it and its points left, until End order on the bar (or another unit moved) ends it.';
