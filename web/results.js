// Turns an engine response into what the board draws (overlay items and animation tracks) and
// what the text panel lists. Each query a game answers has a drawer in its `draw`
// (web/games/<game>.js) written against its result in docs/api/<system>.md; the verdict and the
// text beside the board are shared here, with each game's own parts asked of it. Everything here
// reaches the DOM through textContent only.
import { SYSTEMS, own, terrainKinds } from './model.js';
import { marksFor, namedIn } from './scene.js';
import { BAD, WHATIF, isPose, isHex, arr, plural, colRow, hexKey, makeOut, marksOf, el, poseText, ruleItem, section, legendNodes, linkClauses, reasonText, hexWords, codeWords, measured } from './draw.js';

// The keys' way is said where there are keys to press: a phone's finger has none (a mouse's page has).
const KEYS_HINT = () => (globalThis.matchMedia?.('(pointer: fine)').matches ? ' (or press ] and [)' : '');

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
  // the terrain pieces it names (an obstruction met, terrain a path crosses): scene.js boardScene
  out.terrainNamed = namedIn(new Set(arr(request?.terrain).map((t) => t?.id).filter(Boolean)), r);
  for (const x of arr(r.reasons)) if (isHex(x.hex)) marksOf(out, x, BAD);
  if (isHex(pick) && !out.reach.has(hexKey(pick))) drawWhyNot(out, request ?? {}, pick);
  return out;
}

/**
 * A tapped hex the unit cannot end on: outlined, the hexes its reasons name marked, and the way
 * the what-if answer finds without the other units drawn dashed.
 */
function drawWhyNot(out, request, pick) {
  const w = pick.why?.ok ? pick.why.result ?? {} : {};
  for (const x of arr(w.reasons)) if (isHex(x.hex) && hexKey(x.hex) !== hexKey(pick)) marksOf(out, x, BAD);
  const start = out.unitHex(request.unit);
  const path = arr(w.whatIf?.path).filter(isHex);
  // over the units (the token in the way hid it): it runs through them
  if (w.whatIf?.reachable === true && start && path.length) out.overlay.push({ type: 'hexpath', cells: [start, ...path], color: WHATIF, dashed: true, onTop: true });
  // outlined and crossed (a zone's outline is red too); no label: one above a hex of the board's
  // edge would be cut off, and the verdict and the legend say it
  out.mark({ type: 'mark', shape: 'hex', hex: { q: pick.q, r: pick.r }, color: BAD });
  out.mark({ type: 'mark', shape: 'x', hex: { q: pick.q, r: pick.r }, color: BAD, why: w }); // (its words by a finger: board-still.js whyWords)
}

// what the board draws for a tapped hex a reach does not reach (drawWhyNot), in the legend of a
// game that answers whyNot
const TAP_MARKS = [
  { swatch: 'marker', symbol: '✕', color: BAD, boxed: true, text: 'a hex you tapped that the unit cannot end on, outlined (the verdict says why)' },
  { swatch: 'line', color: WHATIF, dashed: true, text: 'the way it could go there if no other unit stood on the board' },
];

/**
 * The legend of what the board draws for a query: the marks its game's drawer declares, and on a
 * hex board the terrain kinds `terrain` on it with the short names a small hex shows.
 */
export function legendOf(system, query, terrain = [], handle = true) {
  const game = gameOf(system);
  const marks = marksFor(system, query, true, handle);
  const kinds = game?.board === 'hex' ? terrain : [];
  return [...legendNodes(game?.whyNotQuery && query === game.tapQuery ? [...marks, ...TAP_MARKS] : marks),
    ...(kinds.length ? [el('p', 'Terrain (a hex too small for the word shows the letters):', 'legend-head'), ...legendNodes(game.hexScene.terrainMarks(game, terrainKinds(system), kinds))] : [])];
}


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
  // a minimum move spends more than the unit has ("2 of 1 spent, -1 left" says nothing); points
  // left are lost where a collision ended the move, not where every action was made (an order made
  // so far, which its next drop may go on with) nor in a move refused (not made)
  const pts = (Number.isFinite(spent) && Number.isFinite(r.movementPoints) && r.minimumMove === true && spent > r.movementPoints
    ? ` A minimum move: the way costs ${spent}, more than its ${plural(r.movementPoints, 'movement point')}.`
    : Number.isFinite(spent) && Number.isFinite(r.movementPoints)
    ? ` ${spent} of ${plural(r.movementPoints, 'movement point')} spent, ${r.movementPoints - spent} left${r.pointsLost && r.endedBy === 'collision' ? ' (lost at the end)' : ''}.`
    : Number.isFinite(r.hexesMoved) && Number.isFinite(r.allowance) ? ` ${r.hexesMoved} of ${plural(r.allowance, 'hex', 'hexes')} moved.`
      : Number.isFinite(r.steps) ? ` ${plural(r.steps, 'step')} made.` : '') + (game?.verdictNote?.(r, request) ?? '');
  const first = game?.verdict?.(q, r, request);
  if (first) return first;
  if (typeof r.legal === 'boolean' && q !== 'reach') {
    const reason = arr(r.reasons)[0];
    // the reason in words, its clause id beside it (not as its title)
    const why = !r.legal && reason ? ` ${reasonText(reason)}` : '';
    const what = game?.legalWord?.(q) ?? 'move';
    // the mover named first, so the verdict reads aloud on its own ("Legion: legal move. …")
    const who = r.unit ?? request?.unit ?? request?.order?.unit;
    const word = `${r.legal ? 'legal' : 'not a legal'} ${what}.`;
    return { text: `${typeof who === 'string' ? `${who}: ${word}` : word.charAt(0).toUpperCase() + word.slice(1)}${why}${pts}`, kind: r.legal ? 'legal' : 'illegal' };
  }
  if (q === 'reach') {
    if (r.legal === false) return { text: `No move: ${arr(r.reasons).length ? reasonText(r.reasons[0]) : 'the action cannot be taken.'}`, kind: 'illegal' };
    const n = arr(r.hexes).length;
    return { text: `${r.unit ?? request?.unit ?? 'The unit'} can end on ${plural(n, 'hex', 'hexes')} besides its own${Number.isFinite(r.allowance) ? ` (allowance ${measured(r.allowance, r)})` : Number.isFinite(r.movementPoints) ? ` (${plural(r.movementPoints, 'movement point')})` : ''}.${game?.reachNote?.(r) ?? ''}`, kind: n ? 'answered' : 'illegal' };
  }
  return game?.lateVerdict?.(q, r, request) ?? { text: 'Answered.', kind: 'answered' };
}

/**
 * Scalar result fields worth a line of the Result list, in the order listed, when the answer's
 * game does not list its own (`factKeys`, with names of its own fields in `factNames`); a list
 * not truncated says nothing to a player and is left out.
 */
export const FACT_KEYS = ['movementPoints', 'endedBy', 'allowance', 'cost', 'hexesMoved', 'stoppedBy', 'engaged', 'blocks', 'steps', 'spacing', 'truncated', 'facing', 'distance', 'traceDropped'];
const FACT_NAMES = { movementPoints: 'movement points', endedBy: 'movement ended by', hexesMoved: 'hexes moved', stoppedBy: 'stopped by', blocks: 'blocks when the combat began', spacing: 'sample spacing', traceDropped: 'trace steps not kept' };
const yes = (v) => (v === true ? 'yes' : v === false ? 'no' : v);
// a hex board's allowance with its unit ("allowance: 4 hexes"), as the verdict says it
const factValue = (k, v, r) => (k === 'allowance' && Number.isFinite(v) ? measured(v, r) : yes(v));
const STOPS = new Set(['endedBy', 'stoppedBy']);

/** Why a move ended (`endedBy` / `stoppedBy`) as its game says it, else the engine's word in plain letters. */
const stopText = (game, key, v) => own(game?.stopWords, v) ?? `${key === 'endedBy' ? 'its move ended by' : 'stopped by'} ${codeWords(v)}`;

/** A reached hex in words: its cost and path, why its move ends there, and what its game says of it. */
function hexEntryText(h, game) {
  const bits = [`${colRow(h)}: cost ${h.cost}`];
  const path = arr(h.path).filter(isHex);
  if (path.length) bits.push(`path ${path.map(colRow).join(' → ')}`);
  for (const k of STOPS) if (typeof h[k] === 'string') bits.push(stopText(game, k, h[k]));
  bits.push(...(game?.hexFacts?.(h) ?? []));
  return bits.join('; ');
}

/** A result member's value in a few words: yes/no, a number, a hex or pose, a list's length. */
function valueWords(v, game) {
  if (Array.isArray(v)) return plural(v.length, 'entry', 'entries');
  if (isHex(v)) return colRow(v);
  if (isPose(v)) return (game?.poseWords ?? poseText)(v);
  if (v === undefined) return 'none';
  return typeof v === 'object' && v !== null ? 'other' : String(yes(v));
}

/**
 * The answer's `sensitivity` (docs/api.md "Sensitivity") in words: for each reading that changes
 * the ruling, "this depends on how you read A-GG-1 (GG-EZ-1): …" with both outcomes, the first few
 * changed fields; a reading not tried to the end says why.
 */
export function sensitivityLines(response, game) {
  const r = response.result ?? {};
  const lines = [];
  for (const e of arr(response.sensitivity)) {
    const values = Object.entries(e.params ?? {}).map(([k, v]) => `${k} ${v}`).join(', ');
    const reading = `read as “${e.reading}”${values ? ` (${values})` : ''}`;
    if (e.changes === true) {
      const changed = arr(e.changed).slice(0, 3).map((c) => {
        const other = 'count' in c ? plural(c.count, 'entry', 'entries') : c.absent ? 'none' : valueWords(c.value, game);
        return `${c.field} ${valueWords(r[c.field], game)} → ${other}`;
      });
      lines.push({ rule: e.assumption, text: ` (${e.rule}): this depends on how you read ${e.assumption}. As read here → ${reading} instead: ${changed.join('; ')}${arr(e.changed).length > 3 ? '; …' : ''}.` });
    } else if (e.changes === null) {
      lines.push({ rule: e.assumption, text: ` (${e.rule}): whether reading it as “${e.reading}” changes the ruling is not known: ${e.limit ?? e.error?.message ?? ''}` });
    }
  }
  return lines;
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
  const facts = (game?.factKeys ?? FACT_KEYS).filter((k) => r[k] !== undefined && typeof r[k] !== 'object' && !game?.hidesFact?.(k, r[k]) && !(k === 'truncated' && r[k] === false) && !(several && (k === 'facing' || k === 'distance')))
    .map((k) => (STOPS.has(k) && typeof r[k] === 'string' ? stopText(game, k, r[k]) : `${names[k] ?? k}: ${game?.factValue?.(k, r[k]) ?? factValue(k, r[k], r)}`));
  facts.push(...call('leadFacts', r));
  if ((isPose(r.final) && !several) || isHex(r.final)) facts.push(`${r.legal === false ? 'stops at' : r.possible === false ? 'the charge would end at' : 'ends at'}: ${(game?.poseWords ?? poseText)(r.final)}`);
  facts.push(...call('endFacts', r, request, several));
  const reachCount = opts.reachCount ?? arr(r.hexes).length;
  if (reachCount && arr(r.hexes).length) facts.push(`${plural(reachCount, 'hex', 'hexes')} reachable; tap one${KEYS_HINT()} to see its path`);
  facts.push(...call('moreFacts', r));
  if (opts.whatIfCount) facts.push(`${plural(opts.whatIfCount, 'more hex', 'more hexes')} (dashed outline) only if no other unit stood on the board`);
  // what answers the question, where a game says (its `answer`), comes first: a phone's sheet shows the top of this list
  parts.push(...call('answer', r, request));
  parts.push(...section('Result', facts, (t) => el('li', t)));
  if (opts.pick) parts.push(el('h3', 'The hex you picked'), el('p', hexEntryText(opts.pick, game)));
  const legend = call('legend', r);
  if (arr(r.hexes).length && legend.length) parts.push(...section('Marks on the hexes', ['Numbers are the cost of getting there.', ...legend], (t) => el('li', t)));
  parts.push(...call('sections', r, request, opts));
  const reasons = [...arr(r.reasons), ...arr(r.restrictions).filter((x) => !arr(r.reasons).includes(x)), ...call('moreReasons', r)];
  // a reason whose words begin with its unit ("Wall is in the way: …") is not headed by it again
  const whose = (x) => (x.unit && !String(x.message ?? '').startsWith(`${x.unit} `) ? `${x.unit}: ` : '');
  parts.push(...section(r.legal === false ? 'Why not' : 'Rulings', reasons, (x) => ruleItem(x.rule, `${whose(x)}${hexWords(x.message ?? codeWords(x.code))}${Number.isInteger(x.action) ? ` (at ${request.order ? 'action' : request.query === 'order' && arr(r.reasons).includes(x) ? 'move' : 'step'} ${x.action + 1})` : ''}`)));
  parts.push(...section('How the engine ruled', arr(r.trace), (x) => ruleItem(x.rule, (x.unit ? `${x.unit}: ` : '') + hexWords(x.message ?? '')), true));
  parts.push(...section('Assumptions this answer relied on', arr(response.assumptions), (id) => ruleItem(id, assumptionSummaries.get(id) ?? '')));
  parts.push(...section('Where the rules are open to reading', sensitivityLines(response, game), (x) => ruleItem(x.rule, x.text)));
  // a clause id in any of these words (a game's lists, an engine's message) opens its entry too
  return parts.map(linkClauses);
}

export { el };
