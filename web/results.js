// Turns an engine response into what the board draws (overlay items and animation tracks) and
// what the text panel lists. Each query a game answers has a drawer in its `draw`
// (web/games/<game>.js) written against its result in docs/api/<system>.md; the verdict and the
// text beside the board are shared here, with each game's own parts asked of it. Everything here
// reaches the DOM through textContent only.
import { SYSTEMS, own } from './model.js';
import { BAD, isPose, isHex, arr, plural, colRow, makeOut, marksOf, el, poseText, ruleItem, section, legendNodes } from './draw.js';

const gameOf = (system) => own(SYSTEMS, system) ?? null;

/**
 * Everything the board draws for a response to `request`; `pick` is a tapped hex; `extra.whatIf`
 * the answer to the same reach asked with ignoreUnits.
 */
export function resultScene(system, request, response, colourOf, pick = null, extra = {}) {
  const game = gameOf(system);
  const out = makeOut(request, colourOf, game?.requestSize);
  if (!response?.ok || !response.result || typeof response.result !== 'object') return out;
  const r = response.result;
  own(game?.draw, request?.query)?.(out, r, request ?? {}, pick, extra);
  for (const x of arr(r.reasons)) if (isHex(x.hex)) marksOf(out, x, BAD);
  return out;
}

/** The legend of what the board draws for a query: the marks its game's drawer declares. */
export const legendOf = (system, query) => legendNodes(own(gameOf(system)?.draw, query)?.marks ?? ['unit']);

/** The verdict line: legal or not, in words, with the points when the system counts them. */
export function verdictOf(response, request = null) {
  if (!response.ok) {
    if (response.error?.code === 'unknown_query') return { text: 'This build does not answer that query yet.', kind: 'error' };
    return { text: `The request could not be read: ${response.error?.message ?? ''}`, kind: 'error' };
  }
  const r = response.result ?? {};
  const q = response.query ?? request?.query;
  const game = gameOf(response.system ?? request?.system);
  const spent = Number.isFinite(r.pointsSpent) ? r.pointsSpent : r.cost;
  const pts = (Number.isFinite(spent) && Number.isFinite(r.movementPoints)
    ? ` ${spent} of ${plural(r.movementPoints, 'movement point')} spent, ${r.movementPoints - spent} left${r.pointsLost ? ' (lost at the end)' : ''}.`
    : Number.isFinite(r.hexesMoved) && Number.isFinite(r.allowance) ? ` ${r.hexesMoved} of ${plural(r.allowance, 'hex', 'hexes')} moved.`
      : Number.isFinite(r.steps) ? ` ${plural(r.steps, 'step')} made.` : '') + (game?.verdictNote?.(r) ?? '');
  const first = game?.verdict?.(q, r, request);
  if (first) return first;
  if (typeof r.legal === 'boolean' && q !== 'reach') {
    const reason = arr(r.reasons)[0];
    const why = !r.legal && reason ? ` ${reason.rule}: ${reason.message}` : '';
    const what = game?.legalWord?.(q) ?? 'move';
    return { text: `${r.legal ? `Legal ${what}.` : `Not a legal ${what}.`}${why}${pts}`, kind: r.legal ? 'legal' : 'illegal' };
  }
  if (q === 'reach') {
    if (r.legal === false) return { text: `No move: ${arr(r.reasons)[0]?.message ?? 'the action cannot be taken'}`, kind: 'illegal' };
    const n = arr(r.hexes).length;
    return { text: `${r.unit ?? request?.unit ?? 'The unit'} can end on ${plural(n, 'hex', 'hexes')} besides its own${Number.isFinite(r.allowance) ? ` (allowance ${r.unitOfMeasure === 'hexons' ? plural(r.allowance, 'hexon') : plural(r.allowance, 'hex', 'hexes')})` : Number.isFinite(r.movementPoints) ? ` (${plural(r.movementPoints, 'movement point')})` : ''}.`, kind: n ? 'answered' : 'illegal' };
  }
  return game?.lateVerdict?.(q, r, request) ?? { text: 'Answered.', kind: 'answered' };
}

/**
 * Scalar result fields worth a line of the Result list, in the order listed, when the answer's
 * game does not list its own (`factKeys`, with names of its own fields in `factNames`).
 */
export const FACT_KEYS = ['movementPoints', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'blocks', 'steps', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'];
const FACT_NAMES = { movementPoints: 'movement points', endedBy: 'movement ended by', hexesMoved: 'hexes moved', stoppedBy: 'stopped by', blocks: 'blocks when the combat began', spacing: 'sample spacing', traceDropped: 'trace steps not kept' };
const yes = (v) => (v === true ? 'yes' : v === false ? 'no' : v);

/** A reached hex in words: its cost and path, and what its game says of it. */
function hexEntryText(h, game) {
  const bits = [`${colRow(h)}: cost ${h.cost}`];
  const path = arr(h.path).filter(isHex);
  if (path.length) bits.push(`path ${path.map(colRow).join(' → ')}`);
  if (h.endedBy) bits.push(`ends by ${h.endedBy}`);
  if (h.stoppedBy) bits.push(`stopped by ${h.stoppedBy}`);
  bits.push(...(game?.hexFacts?.(h) ?? []));
  return bits.join('; ');
}

/**
 * The text panel's nodes for a response. `opts`: request, assumption summaries (id → sentence),
 * `pick` (the reached hex tapped), `whatIfCount`, `onChoice(choice, value)` to apply a choice.
 */
export function resultText(response, assumptionSummaries, opts = {}) {
  const parts = [];
  const request = opts.request ?? {};
  if (!response.ok) {
    parts.push(el('h3', 'Where'), el('p', `${response.error?.path || '(the whole request)'}: ${response.error?.code}`), el('p', response.error?.message ?? ''));
    return parts;
  }
  const r = response.result ?? {};
  const game = gameOf(response.system ?? request.system);
  const call = (hook, ...args) => game?.[hook]?.(...args) ?? [];
  // a result of several movers (a combined charge) says each one's pose and distance in its own list
  const several = game?.severalMovers?.(r) === true;
  const names = { ...FACT_NAMES, ...game?.factNames };
  const facts = (game?.factKeys ?? FACT_KEYS).filter((k) => r[k] !== undefined && typeof r[k] !== 'object' && !game?.hidesFact?.(k, r[k]) && !(several && (k === 'facing' || k === 'distance')))
    .map((k) => `${names[k] ?? k}: ${yes(r[k])}`);
  facts.push(...call('leadFacts', r));
  if ((isPose(r.final) && !several) || isHex(r.final)) facts.push(`${r.legal === false ? 'stops at' : r.possible === false ? 'the charge would end at' : 'ends at'}: ${poseText(r.final)}`);
  facts.push(...call('endFacts', r, request, several));
  const reachCount = opts.reachCount ?? arr(r.hexes).length;
  if (reachCount && arr(r.hexes).length) facts.push(`${plural(reachCount, 'hex', 'hexes')} reachable; tap one (or press ] and [) to see its path`);
  facts.push(...call('moreFacts', r));
  if (opts.whatIfCount) facts.push(`${plural(opts.whatIfCount, 'more hex', 'more hexes')} (dashed outline) only if no other unit stood on the board`);
  parts.push(...section('Result', facts, (t) => el('li', t)));
  if (opts.pick) parts.push(el('h3', 'The hex you picked'), el('p', hexEntryText(opts.pick, game)));
  const legend = call('legend', r);
  if (arr(r.hexes).length && legend.length) parts.push(...section('Marks on the hexes', ['Numbers are the cost of getting there.', ...legend], (t) => el('li', t)));
  parts.push(...call('sections', r, request, opts));
  const reasons = [...arr(r.reasons), ...arr(r.restrictions).filter((x) => !arr(r.reasons).includes(x)), ...call('moreReasons', r)];
  parts.push(...section(r.legal === false ? 'Why not' : 'Rulings', reasons, (x) => ruleItem(x.rule, `${x.unit ? `${x.unit}: ` : ''}${x.message ?? x.code ?? ''}${Number.isInteger(x.action) ? ` (at ${request.order ? 'action' : request.query === 'order' && arr(r.reasons).includes(x) ? 'move' : 'step'} ${x.action + 1})` : ''}`)));
  parts.push(...section('How the engine ruled', arr(r.trace), (x) => ruleItem(x.rule, (x.unit ? `${x.unit}: ` : '') + (x.message ?? '')), true));
  parts.push(...section('Assumptions this answer relied on', arr(response.assumptions), (id) => ruleItem(id, assumptionSummaries.get(id) ?? '')));
  return parts;
}

export { el };
