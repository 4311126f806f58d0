// A tap on a hex of a reach, in a hex game that asks a reach on a tap (its `tapQuery`): the way
// there, or the engine's whyNot for a hex it cannot end on. Part of a hex game's play (play-hex.js),
// so it loads with the hex games and not with a table game's page (a tap on a unit, which asks its
// reach on either kind of board, is tools.js's).
import * as hex from './hex.js';
import { isHex, arr, plural, colRow, el, hexWords, codeWords, spent, spentOf } from './draw.js';

// what a move to a reached hex leaves of the allowance, where the reach says what it had
const leftOf = (n, r) => {
  const had = Number.isFinite(r.movementPoints) ? r.movementPoints : r.allowance;
  return Number.isFinite(had) && Number.isFinite(n) ? ` (${Math.max(0, had - n)} left)` : '';
};

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
  // True when the answer is at hand (answered on the page's thread) and drawn in this task's
  // microtasks: a drag's hex then is drawn once, with its reason, not first as waiting for it
  // (two scenes and verdicts built a hex, a third of a whyNot hex's time at CPU 4x).
  function whyNot(pick, serial) {
    const shown = ui.result;
    const request = { ...shown.request, query: sys().whyNotQuery, to: { q: pick.q, r: pick.r } };
    delete request.paths; delete request.detail; // reach's own fields, which whyNot does not take
    const asked = askEngine(request);
    asked.then((out) => {
      if (ui.pick !== pick || ui.result !== shown || out.superseded) return;
      store.pickWhy(pick, out.response ?? { failed: out.timedOut ? `it took longer than ${out.budget / 1000} s and was stopped` : String(out.failed) });
      redrawResult();
      if (serial) timing('movecalc:ruled', serial);
    });
    return asked.here === true;
  }

  /** Draws way `i` to the tapped hex (0: the reach's own path, i ≥ 1: its i-th alternative). */
  function pickWay(i) {
    if (!ui.pick) return;
    store.pickWay(i);
    redrawResult();
    document.querySelector(`#verdict [data-way="${i}"]`)?.focus();
  }

  /**
   * The verdict for a hex tapped on a reach (`pick`: `{q, r, alt?, why?}`), or null when none is.
   * A reached hex (`entry`, the reach's own): what it costs and what its game says of it, and when
   * the reach lists `alternatives`, every way there as a button (pickWay(i) draws way i; 0 is the
   * listed one). A hex not reached: the engine's whyNot answer (`pick.why`, the worker's outcome
   * while it has none): the reasons with their clauses and what it could do without the other units.
   */
  function tapVerdict(request, response, pick, entry) {
    if (!isHex(pick) || !response?.ok) return null;
    const game = sys();
    const r = response.result ?? {};
    const who = typeof r.unit === 'string' ? r.unit : typeof request?.unit === 'string' ? request.unit : 'The unit';
    // the hex named as the board names it, with its terrain (a small hex may show only its letters)
    const ground = arr(request?.board?.terrain).find((t) => t.q === pick.q && t.r === pick.r)?.terrain;
    const where = `${colRow(pick)}${typeof ground === 'string' ? ` (${ground})` : ''}`;
    if (entry) {
      const ways = [entry, ...arr(entry.alternatives).map((a) => ({ ...a, q: entry.q, r: entry.r }))];
      const at = Number.isInteger(pick.alt) && ways[pick.alt] ? pick.alt : 0;
      const way = ways[at];
      const facts = game?.hexFacts?.(way) ?? [];
      // what ending there does (engaged, ejects, may battle) before what it costs: a phone's verdict
      // shows three lines, and the cost came first and pushed the answer behind "… more"
      const cost = `${spentOf(way.cost, r)}${leftOf(way.cost, r)}`;
      const nodes = [el('p', facts.length ? `${who} can end on ${where}: ${facts.join('; ')}. Cost: ${cost}.` : `${who} can end on ${where}, using ${cost}.`)];
      if (ways.length > 1) {
        const list = el('ul', undefined, 'ways');
        ways.forEach((w, i) => {
          // where the cost is not the hexes moved (movement points), the hexes too
          const steps = Number.isFinite(r.movementPoints) && arr(w.path).length ? ` (${plural(arr(w.path).length, 'hex', 'hexes')})` : '';
          const bits = [`${spent(w.cost, r)}${steps}`, ...(game?.wayFacts?.(w) ?? [])];
          const b = el('button', `${i ? 'Another way' : game?.bestWay ?? 'The listed way'}: ${bits.join(', ')}`, 'way');
          b.type = 'button';
          b.dataset.way = String(i);
          b.setAttribute('aria-pressed', String(i === at));
          b.addEventListener('click', () => pickWay(i));
          const li = el('li'); li.append(b); list.append(li);
        });
        nodes.push(list);
      }
      return { nodes, kind: 'legal' };
    }
    const why = pick.why;
    if (!why) return { nodes: [el('p', `Asking why ${who} cannot end on ${where}…`)], kind: '' };
    if (why.failed) return { nodes: [el('p', `Why ${who} cannot end on ${where} could not be answered: ${why.failed}.`)], kind: 'error' };
    if (!why.ok) return { nodes: [el('p', `Why ${who} cannot end on ${where} could not be asked: ${why.error?.message ?? ''}`)], kind: 'error' };
    const w = why.result ?? {};
    if (w.reachable === true) return { nodes: [el('p', `${who} can end on ${where}, using ${spentOf(w.cost, w)}.`)], kind: 'legal' };
    // the points or hexes short (docs/api.md: the reason with `needs`) first, the units' rules after: the engine's
    // order put a zone's long sentence first, and a phone cut it at "… more" before
    // "It needs 5 movement points and has 3"
    const short = (x) => Number.isFinite(x.needs) && (x.code === 'not_enough_points' || x.code === 'exceeds_allowance');
    const reasons = [...arr(w.reasons).filter(short), ...arr(w.reasons).filter((x) => !short(x))];
    const nodes = [el('p', `${who} cannot end on ${where}.`)];
    if (reasons.length) {
      // the first reason goes on with the heading: as a list item under the heading it fell on a
      // phone's third line, cut to "The shortest path the… more"; the others follow as a list (each
      // clause id after its sentence, app.js: before it, a newcomer read it as a word of the sentence)
      const [x, ...more] = reasons;
      const said = (y) => `${hexWords(y.message ?? codeWords(y.code))}${y.rule ? ` (${y.rule})` : ''}`;
      nodes[0].textContent = `${who} cannot end on ${where}. ${said(x)}`;
      if (more.length) {
        const list = el('ul', undefined, 'why-not');
        for (const y of more) list.append(el('li', said(y)));
        nodes.push(list);
      }
    }
    if (w.whatIf?.reachable === true) nodes.push(el('p', `Without the other units it could, in ${spent(w.whatIf.cost, w)}${arr(w.whatIf.path).length ? ' (the purple dashed line)' : ''}.`));
    // (alone on the board, "without the other units" is the same question)
    else if (w.whatIf?.reachable === false && arr(request?.units).length > 1) nodes.push(el('p', 'Even without the other units it could not.'));
    return { nodes, kind: 'illegal' };
  }

  return { asksWhyNot, tapHex, whyNot, pickWay, tapVerdict };
}
