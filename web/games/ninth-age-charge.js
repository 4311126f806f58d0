// The Ninth Age's charges on the page (docs/api/ninth-age.md "charge"): their drawing and words,
// and play-table-charge.js's drag (a drag onto an enemy charges it, onto open ground a ruler).
// Fetched at the first charge asked (ninth-age.js `needs`) or the first finger, key or charge in
// play on the board (play-table-late.js): a first view is a pursuit, and a first drag waits for it.
import { BAD, PATH, isPose, inches, degrees, poseRounded, rad, rectCorners, unitInfo, arr, codeWords, el, ruleItem, section } from '../draw.js';
import { initTablePlay } from '../play-table.js';
import { chargePlay, facingAt, touching } from '../play-table-charge.js';

/**
 * Document `d`'s pursuit once enemy `fled` breaks from the units of `pursuers` in contact with it
 * (each {id, x, y, facing, w, d}, where they stand): they pursue it where it stands, and the engine
 * makes its flee first, from the first of them (`fleesFrom`: its rear to that one's facing in
 * contact, 9A-FL-1), unless a pursuit roll destroys it (9A-DST-1): one roll of both. The flee
 * question follows too, for a flee made alone (the pursuit then keeps its roll: ninth-age-later.js
 * fleeMade). The dice stay as they are, to be rolled again.
 */
function pursuitOf(d, pursuers, fled) {
  const p = pursuers[0], i = d.inputs.pursue ?? {}, turn = { front: 0, right: 90, rear: 180, left: 270 }[facingAt(p, fled.x, fled.y)];
  // a new combat's dice are not yet thrown (a roll left from before, or the example's, ruled it at once)
  d.inputs.pursue = { ...i, pursuedUnit: fled.id, fleesFrom: p.id, fleeMade: false, fleeFacing: ((p.facing ?? 0) + turn) % 360, fleeDistance: '',
    pursuers: pursuers.map((u) => ({ unit: u.id, distance: '', overrun: false })) };
  d.inputs.flee = { ...d.inputs.flee, unit: fled.id, from: p.id, distance: '' };
}

/**
 * A tap on a unit while the question is a pursuit (table play's `tap`; `page`: its store, `doc()`
 * and `unitInfo(id)`, each unit's base): one of the pursued unit's side is pursued; one of the other side pursues,
 * alone, the enemy it touches (that one then flees from it: pursuitOf), else the unit pursued so
 * far. True when the question is a pursuit.
 */
function pursuitTap({ store, doc, unitInfo: infoOf }, id) {
  const d = doc(), i = d.inputs.pursue, u = infoOf(id);
  if (d.query !== 'pursue' || !i || !u) return false;
  const fled = infoOf(i.pursuedUnit), first = infoOf(i.pursuers?.[0]?.unit);
  if (fled ? u.side === fled.side : first && u.side !== first.side) {
    // one still in contact with the first pursuer flees from it first; one elsewhere has fled
    if (i.pursuedUnit !== id) store.edit((dd) => Object.assign(dd.inputs.pursue, { pursuedUnit: id, fleesFrom: first && touching(first, u) ? first.id : '' }));
    return true;
  }
  const met = d.units.map((v) => infoOf(v.id)).find((v) => v && v.side !== u.side && touching(u, v));
  const alone = first?.id === id && i.pursuers.length === 1;
  if (met && !(alone && fled?.id === met.id)) store.edit((dd) => pursuitOf(dd, [u], met));
  else if (!met && !alone) store.edit((dd) => { dd.inputs.pursue.pursuers = [{ unit: id, distance: i.pursuers?.[0]?.distance ?? '', overrun: false }]; });
  return true;
}

/**
 * Compass rotation (clockwise positive, docs/api.md axes) of point p about c by `deg`, sampled
 * every few degrees: the arc a wheel's corners and centre follow.
 */
function arcAbout(c, p, deg) {
  const n = Math.max(1, Math.ceil(Math.abs(deg) / 5)), out = [];
  for (let k = 1; k <= n; k++) {
    const a = rad(deg * k / n), vx = p[0] - c[0], vy = p[1] - c[1];
    out.push([c[0] + vx * Math.cos(a) + vy * Math.sin(a), c[1] - vx * Math.sin(a) + vy * Math.cos(a)]);
  }
  return out;
}

/** Poses of the centre through a wheel of `deg` about `pivot`, from `from` (the arc sampled). */
function wheelPoses(from, pivot, deg) {
  if (!isPose(from) || !Array.isArray(pivot) || !Number.isFinite(deg) || Math.abs(deg) < 1e-9) return [];
  const pts = arcAbout(pivot, [from.x, from.y], deg);
  return pts.map(([x, y], k) => ({ x, y, facing: (from.facing ?? 0) + deg * (k + 1) / pts.length }));
}

/**
 * The target facing a charger contacts, as a thick line along that side of the target (a charge's,
 * and a pursuer's that charges: ninth-age.js `drawPursue`, whose answer waits for this file).
 */
function chargedEdge(out, req, target, facing, label, turned) {
  const t = unitInfo(req, target);
  if (!t || !isPose(t)) return;
  const at = isPose(turned) ? turned : t; // a target turned to meet the charger (9A-CH-2) is contacted where it ends
  const k = rectCorners(at.x, at.y, at.facing ?? 0, t.w, t.d);
  const edge = { front: [k[0], k[1]], right: [k[1], k[2]], rear: [k[2], k[3]], left: [k[3], k[0]] }[facing];
  if (edge) out.mark({ type: 'line', from: edge[0], to: edge[1], color: BAD, width: 6, label });
}

// Make this move of a charge (ninth-age.js canApply, applyRuling, moverEnd): every charger to its
// end (combined chargers each to theirs, in the order they moved; a Failed Charge Move to where it
// stopped, A-9A-4) and a target turned to meet its charger.
const chargersOf = (request, result) => (arr(result?.chargers).length ? arr(result.chargers) : [{ ...result, charger: result?.charger ?? request.charger }]);
const chargeEnd = (c) => (c.possible && isPose(c.final) ? c.final : isPose(c.failedChargeMove?.final) ? c.failedChargeMove.final : null);
const canCharge = (request, result) => chargersOf(request, result).some((c) => chargeEnd(c));
function applyCharge(request, result, byId, moveTo) {
  for (const c of chargersOf(request, result)) {
    moveTo(byId(c.charger), chargeEnd(c));
    if (c.possible && c.rotatesTarget) moveTo(byId(c.target ?? request.target), c.targetFinal);
  }
}

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
 * The charges' code, given what ninth-age.js shares with it: `later` (ninth-age-later.js, once
 * come: a Failed Charge Move, a combined charge's order), `facingName`, `does`, the
 * figures as measured and exact (`MEASURED`, `EXACT`), and the charge range's `advanceOf`.
 * Returns `chargedEdge`, `drawCharge`, `chargeText`, `chargeVerdict`, `madeWords`, `sections`,
 * `tablePart(page)`, Make this move's `chargeEnd`, `canCharge`, `applyCharge` and `followCharge`,
 * and the Charge Range's roll (`chargeRange`).
 */
export function chargeCode({ later, facingName, does, MEASURED, EXACT, advanceOf }) {
  // The Charge Range a charger rolls: 2D6 plus its Advance Rate (9A-CH-1), and the higher die, the
  // length of its Failed Charge Move should the range fall short (A-9A-4). A charger with no
  // Advance Rate given gets no range: the verdict goes on asking for it.
  const chargeRange = {
    roll(into, key, [a, b], d) {
      const ar = advanceOf(d, into.charger);
      if (!(ar >= 0)) return;
      into[key] = ar + a + b;
      into.highestDie = Math.max(a, b);
      into.dice = [Math.max(a, b), Math.min(a, b)]; // (the page's own: the request has the range and the highest)
    },
    // the dice and the range they give, on the play bar ("5 + 4 → Charge Range 17″")
    said(into, key, d) {
      // (with no Advance Rate the roll gives no range: the bar says why, the Roll button did nothing)
      if (into[key] === '' || into[key] === undefined) return into.charger && !(advanceOf(d, into.charger) >= 0) ? `Charge Range ? (${into.charger}: no Advance Rate, in Units)` : 'Charge Range ?';
      const dice = rolledDice(into, key, advanceOf(d, into.charger));
      return `${dice ? `${dice.join(' + ')} → ` : ''}Charge Range ${inches(Number(into[key]))}`;
    },
  };
  // Ninth Age charge (docs/api/ninth-age.md "charge"): per charger, in the order they moved (numbered
  // when combined), a completed charge's path (straight, the wheel's arc about its pivot, straight,
  // align) to its final pose and the target facing it contacts; a charge that cannot be completed
  // ringed red, and its Failed Charge Move (A-9A-4) in amber: the wheel's arc toward the target's
  // centre about the pivot, the straight part, a dashed ghost where it ends labelled "failed charge",
  // ✕ where something stopped it.
  function drawCharge(out, r, req) {
    const list = arr(r.chargers).length ? arr(r.chargers) : [r];
    const many = list.length > 1;
    list.forEach((c, i) => {
      const id = c.charger ?? req.charger, u = unitInfo(req, id);
      if (!u || !isPose(u)) return;
      const name = many ? `${i + 1}. ${id}` : id;
      const start = { x: u.x, y: u.y, facing: u.facing ?? 0 };
      if (c.possible) {
        const path = arr(c.path).filter(isPose);
        const w = c.wheel ?? {};
        // start, after the first straight, (the wheel's arc), after the wheel, at contact, after the align
        const poses = path.length >= 3 ? [...path.slice(1, 2), ...wheelPoses(path[1], w.pivot, w.angle), ...path.slice(3)] : path;
        out.poseTrack(id, poses.length ? poses : [c.final], name);
        // the pivot only where the wheel shows (a slide clear of a unit can wheel a few thousandths of a degree)
        if (Number.isFinite(w.angle) && Math.abs(w.angle) >= 0.5 && Array.isArray(w.pivot)) out.mark({ type: 'mark', shape: 'pivot', x: w.pivot[0], y: w.pivot[1], color: PATH, label: `wheel ${degrees(Math.abs(w.angle))}` });
        chargedEdge(out, req, c.target ?? req.target, c.facing, many ? undefined : `charged in the ${facingName(c.facing)}`, c.rotatesTarget ? c.targetFinal : undefined);
        // short labels: behind the ghost they must not reach under the target (the text names everything)
        if (isPose(c.final)) out.ghost(id, c.final, many ? name : 'charges', 'final');
        // the charger could not align, so the target turned about the contact point instead (9A-CH-2)
        if (c.rotatesTarget && isPose(c.targetFinal)) out.ghost(c.target ?? req.target, c.targetFinal, `${c.target ?? req.target}: turned`, 'moved');
        return;
      }
      // out of range: where the shortest charge would have ended, faintly (alone: among combined chargers it crowds the target)
      if (!many && arr(c.reasons).some((x) => x.code === 'out_of_range') && isPose(c.final)) out.ghost(id, c.final, `${name}: needs ${inches(c.needed)}`, 'option');
      const f = c.failedChargeMove;
      if (!f || typeof f !== 'object' || !later.ready) { out.ring(id, BAD, `${name}: cannot charge`); return; }
      later.ready.drawFailed(out, f, u, id, name, start, { wheelPoses, arcAbout });
      out.ring(id, BAD); // the failed charge's label names it and says it cannot charge
    });
  }

  const REASON_WORDS = { out_of_range: 'out of range', wheel_over_90: 'it would need a wheel over 90°', cannot_reach_facing: 'no wheel brings its front onto the facing',
    no_room: 'no room in contact', path_blocked: 'every path is blocked' };

  /** One charger's outcome in words: the completed charge, or why not and its Failed Charge Move. */
  function chargeText(c, target, fig = EXACT) {
    const id = c.charger ?? 'The charger';
    if (c.possible) {
      // a wheel that shows as 0° at the figures given is said as straight, not "wheeling 0°"; an
      // align a player would measure (the charger's: not when the target turned) and the whole turn
      // too (9A-CH-2: the align turns the unit after its wheel)
      const w = c.wheel?.angle ?? 0, a = c.rotatesTarget ? 0 : c.align?.angle ?? 0, deg = (v) => fig.deg(Math.abs(v)), none = (v) => /^0°$/.test(degrees(Math.abs(v)));
      const turns = `${/^0°$/.test(deg(w)) ? ' straight' : `, wheeling ${deg(w)}`}${none(a) ? '' : `, aligning ${deg(a)}${none(w) ? '' : `: turned ${deg(w + a)} in all`}`}`;
      return `${does(id, 'charges')} ${target ?? c.target ?? 'the target'} in the ${facingName(c.facing)}: ${fig.len(c.distance)}${turns}${c.rotatesTarget ? ', rotating the target' : ''}`;
    }
    const why = arr(c.reasons).map((x) => REASON_WORDS[x.code] ?? codeWords(x.code)).join(', ');
    const need = arr(c.reasons).some((x) => x.code === 'out_of_range') && Number.isFinite(c.needed) ? ` (needs ${fig.len(c.needed)}${Number.isFinite(c.range) ? `, rolled ${fig.len(c.range)}` : ''})` : '';
    return `${id} cannot charge: ${why || 'no legal charge'}${need}${c.blockedBy ? `, blocked by ${c.blockedBy}` : ''}${c.failedChargeMove && later.ready ? `. ${later.ready.failedText(c.failedChargeMove, fig)}` : ''}`;
  }

  function chargeVerdict(r, request) {
    const list = arr(r.chargers).length ? arr(r.chargers) : [r];
    const target = r.target ?? request?.target;
    if (list.length > 1) {
      const made = list.filter((c) => c.possible).length;
      const asked = [request?.charger, ...arr(request?.combined).map((c) => c?.charger)].filter(Boolean);
      const why = later.ready?.orderChoiceText(r.orderChoice, asked) ?? '';
      // each charger in a few words (the text below the verdict has the whole of each)
      const says = list.map((c) => {
        const f = c.failedChargeMove;
        const fail = f ? `, failed charge ${inches(f.moved)} to ${poseRounded(f.final)}${f.blockedBy ?? f.wheel?.blockedBy ? `, stopped by ${f.blockedBy ?? f.wheel.blockedBy}` : ''}` : '';
        return `${c.possible ? `${does(c.charger, 'charges')} the ${facingName(c.facing)}, ${inches(c.distance)}` : `${c.charger} cannot charge (${arr(c.reasons).map((x) => REASON_WORDS[x.code] ?? codeWords(x.code)).join(', ')})${fail}`}`;
      });
      // what each does first (a phone shows three lines of it), then why in that order
      return { text: `Combined charge on ${target}: ${made} of ${list.length} chargers make contact. ${says.join('; ')}. In the order ${arr(r.order).join(', ')}${why ? ` (${r.orderChoice.rule ?? '9A-CH-4'}): ${why}` : ''}.`,
        kind: made === list.length ? 'legal' : made ? 'answered' : 'illegal' };
    }
    const says = chargeText(r, target, MEASURED);
    return r.possible ? { text: `The charge can be made: ${says}.`, kind: 'legal' } : { text: `The charge cannot be made. ${says}.`, kind: 'illegal' };
  }

  // what Make this move made (app.js, the game's madeWords): each charger's charge, or, the range
  // fallen short, its Failed Charge Move
  function madeWords(request, r) {
    const list = arr(r.chargers).length ? arr(r.chargers) : [r], made = list.filter((c) => c.possible);
    if (made.length) return { lead: 'Charge made', text: made.map((c) => chargeText(c, r.target ?? request.target, MEASURED)).join('; ') };
    const failed = list.filter((c) => c.failedChargeMove);
    return failed.length ? { lead: 'Charge failed', text: failed.map((c) => chargeText({ ...c, charger: c.charger ?? request.charger }, r.target ?? request.target, MEASURED)).join('; ') } : null;
  }

  // the text beside the board's own sections of a charge (the game's sections): its chargers in
  // order, its exact figures or its Failed Charge Move, and a combined charge's order (9A-CH-4)
  function sections(r, request) {
    const parts = [];
    if (arr(r.chargers).length > 1) parts.push(...section('Chargers, in the order they moved (numbered so on the board)', r.chargers, (c) => el('li', chargeText(c, r.target)), true));
    else if (r.failedChargeMove && later.ready) parts.push(...section('Failed Charge Move (amber on the board)', [r.failedChargeMove], (f) => ruleItem(f.assumption ?? 'A-9A-4', later.ready.failedText(f, EXACT))));
    else if (r.possible === true) parts.push(...section('The charge, exact figures', [r], (c) => el('li', chargeText(c, r.target ?? request.target))));
    if (r.orderChoice && later.ready) {
      const oc = r.orderChoice, asked = [request.charger, ...arr(request.combined).map((c) => c?.charger)].filter(Boolean);
      parts.push(...section('Order of the combined charge', [
        `${arr(r.order).join(', ')}: ${later.ready.orderChoiceText(oc, asked)}`,
        `this order: ${later.ready.orderTotals(oc)}`,
        ...(oc.requestOrder ? [`the request order: ${later.ready.orderTotals(oc.requestOrder)}`] : [])], (t) => ruleItem(oc.rule ?? '9A-CH-4', t)));
    }
    return parts;
  }

  /**
   * A charge made (`made`: its request, result and the document it left, make-move.js): the pursuit
   * that may follow is of its chargers in contact and the unit they charged (pursuitOf; `game`'s
   * `size` gives their bases).
   */
  function followCharge({ request, result, doc }, game) {
    const at = (id) => { const u = doc.units.find((v) => v.id === id); if (!u) return null; const [w, d] = game.size(u); return { ...u, w, d }; };
    const fled = at(result.target ?? request.target), ps = chargersOf(request, result).filter((c) => c.possible).map((c) => at(c.charger)).filter(Boolean);
    if (fled && ps.length) pursuitOf(doc, ps, fled);
  }

  // table play (play-table.js) with the charges' way of dragging
  // (a pursuit's units are picked by a tap, and its verdict says so)
  const questionNote = (q) => (q === 'pursue' ? 'Tap a unit to make it the pursuer, or an enemy to pursue it.' : null);
  const tablePart = (page) => initTablePlay(page, (p, shared) => chargePlay({ ...p, advanceOf, rolledDice, tapUnit: (id) => pursuitTap(p, id), questionNote }, shared));
  return { chargedEdge, drawCharge, chargeText, chargeVerdict, madeWords, sections, tablePart, chargeEnd, canCharge, applyCharge, followCharge, chargeRange };
}
