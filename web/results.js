// Turns an engine response into what the board draws (overlay items and animation tracks) and
// what the text panel lists. Written against CONTRACT.md's result shapes, so a rule set's results
// draw as soon as it lands. A rule set with shapes of its own extends DRAW below (keyed
// "system/query", or just "query") and, for extra text, FACTS.
// Everything here reaches the DOM through textContent only.

const GOOD = '#1e7b45', BAD = '#b3261e', PATH = '#1d3557', GHOST = 'rgba(29,53,87,0.10)';
const AL_BASES = { sortie: [1, 1], formation: [2, 1] };

const isPose = (p) => p && typeof p === 'object' && Number.isFinite(p.x) && Number.isFinite(p.y);
const isHex = (h) => h && typeof h === 'object' && Number.isInteger(h.q) && Number.isInteger(h.r);
const arr = (v) => (Array.isArray(v) ? v : []);

function unitInfo(request, id) {
  const u = arr(request?.units).find((v) => v.id === id);
  if (!u) return null;
  const [w, d] = AL_BASES[u.base] ?? [u.width ?? 1, u.depth ?? 1];
  return { ...u, w, d };
}

/** Context a drawer gets: the request, helpers, and where to put things. */
function makeOut(request, colourOf) {
  const out = { overlay: [], tracks: [], reach: new Map(), request };
  out.colour = (id) => colourOf(unitInfo(request, id)?.side);
  out.poseTrack = (id, poses, label) => {
    const u = unitInfo(request, id);
    const ps = poses.filter(isPose);
    if (!u || !ps.length) return;
    const start = isPose(u) ? [{ x: u.x, y: u.y, facing: u.facing ?? 0 }] : [];
    out.overlay.push({ type: 'path', points: [...start, ...ps].map((p) => [p.x, p.y]), color: PATH });
    out.tracks.push({ kind: 'poses', steps: [...start, ...ps], w: u.w, d: u.d, color: out.colour(id), label });
  };
  out.ghost = (id, pose, label, style = 'ghost') => {
    const u = unitInfo(request, id);
    if (!u || !isPose(pose)) return;
    const final = style === 'final';
    out.overlay.push({ type: 'pose', pose: { facing: 0, ...pose }, w: u.w, d: u.d, label,
      fill: final ? 'rgba(255,255,255,0.55)' : GHOST, color: style === 'bad' ? BAD : final ? GOOD : PATH, dashed: !final });
  };
  out.mark = (m) => out.overlay.push(m);
  return out;
}

/** The markers any event or reason carries: a collision point, a snap pivot, a hex. */
function marksOf(out, item, color) {
  if (!item || typeof item !== 'object') return;
  const name = item.code ?? item.type ?? item.kind ?? '';
  if (isPose(item.point)) out.mark({ type: 'mark', shape: /pivot|snap/.test(name) ? 'pivot' : 'x', x: item.point.x, y: item.point.y, color, label: name });
  if (isPose(item.pivot)) out.mark({ type: 'mark', shape: 'pivot', x: item.pivot.x, y: item.pivot.y, color: PATH, label: name || 'pivot' });
  if (isHex(item.hex)) out.mark({ type: 'mark', shape: 'hex', hex: item.hex, color, label: name });
}

function hexStart(request, id) {
  const u = arr(request?.units).find((v) => v.id === id);
  if (isHex(u)) return { q: u.q, r: u.r };
  if (u && arr(u.hexons).length) return u.hexons[0];
  return null;
}

// ---- the drawers ----
function drawFree(out, r, req) {
  const id = req.order?.unit ?? req.unit ?? req.charger;
  // Arcane Legions move: one pose per action, events with collision points and snap pivots
  if (arr(r.actions).length) {
    const poses = r.actions.map((a) => a.pose).filter(isPose);
    poses.forEach((p, i) => out.ghost(id, p, String(i + 1)));
    r.actions.forEach((a) => arr(a.events).forEach((e) => marksOf(out, e, BAD)));
    out.poseTrack(id, isPose(r.final) ? [...poses, r.final] : poses, id);
  } else if (arr(r.path).length) {
    arr(r.path).forEach((p) => out.ghost(id, p));
    out.poseTrack(id, isPose(r.final) ? [...r.path, r.final] : r.path, id);
  }
  if (isPose(r.final) && id) out.ghost(id, r.final, 'final', r.legal === false || r.possible === false ? 'bad' : 'final');
  // Ninth Age pursue: pivot, path and final per pursuer
  for (const p of arr(r.pursuers)) {
    const path = arr(p.path).filter(isPose);
    const pivot = isPose(p.pivot) ? p.pivot : path[0];
    if (pivot) out.ghost(p.unit, pivot, 'pivot');
    path.slice(1).forEach((q) => out.ghost(p.unit, q));
    out.poseTrack(p.unit, isPose(p.final) ? [...path, p.final] : path, p.unit);
    if (isPose(p.final)) out.ghost(p.unit, p.final, `${p.unit}: ${p.outcome ?? 'final'}`, 'final');
  }
  // Arcane Legions reachArea: sample points with their cost
  const samples = arr(r.points ?? r.samples ?? r.area).filter(isPose);
  if (samples.length) {
    const max = Math.max(1, ...samples.map((s) => s.cost ?? 0));
    out.overlay.push({ type: 'points', points: samples.map((s) => ({ x: s.x, y: s.y, color: `hsl(${140 - 120 * (s.cost ?? 0) / max} 65% 38%)` })) });
  }
}

function drawHex(out, r, req, pick) {
  const id = req.unit ?? req.order?.unit;
  const start = hexStart(req, id);
  const hexes = arr(r.hexes).filter(isHex);
  if (hexes.length) {
    const max = Math.max(1, ...hexes.map((h) => h.cost ?? 0));
    out.overlay.push({ type: 'hexes', cells: hexes.map((h) => ({ q: h.q, r: h.r, label: h.cost, color: `hsla(${200 - 150 * (h.cost ?? 0) / max} 75% 55% / 0.45)` })) });
    for (const h of hexes) out.reach.set(`${h.q},${h.r}`, h);
    // The parent form ("paths": "parent", asked for or chosen by the engine's MC_MAX_PATH_OUTPUT):
    // GODSGLOOM lists the hexes paths cross without ending there under `through`, and numbers nodes.
    const via = new Map();
    for (const h of arr(r.through).filter(isHex)) via.set(`${h.q},${h.r}`, h);
    const nodes = new Map();
    for (const h of [...hexes, ...arr(r.through).filter(isHex)]) if (Number.isInteger(h.node)) nodes.set(h.node, h);
    const picked = pick && out.reach.get(`${pick.q},${pick.r}`);
    if (picked) {
      const path = reachPath(out.reach, picked, start, { paths: r.paths, via, nodes });
      if (arr(picked.hexons).length) out.overlay.push({ type: 'hexes', cells: picked.hexons.filter(isHex).map((h) => ({ ...h, color: 'rgba(29,53,87,0.18)' })) });
      out.overlay.push({ type: 'hexpath', cells: path, color: PATH });
      out.overlay.push({ type: 'mark', shape: 'hex', hex: picked, color: PATH, label: `cost ${picked.cost}` });
      out.tracks.push({ kind: 'hexes', steps: path, color: out.colour(id) });
    }
  }
  if (arr(req.path).length && !hexes.length) {
    const steps = [...(start ? [start] : []), ...req.path.filter(isHex)];
    out.tracks.push({ kind: 'hexes', steps, color: out.colour(id) });
  }
  if (isHex(r.final)) out.mark({ type: 'mark', shape: 'hex', hex: r.final, color: r.legal === false ? BAD : GOOD, label: 'final' });
  for (const e of arr(r.ejections)) {
    out.overlay.push({ type: 'hexes', cells: arr(e.candidates).filter(isHex).map((h) => ({ ...h, color: 'rgba(242,193,78,0.35)', outline: '#b85c00' })) });
  }
}

/**
 * The path to a reached hex: its own `path` (the result's `paths` is "full"), or in the parent form
 * the chain back to the start: by `parentNode` where nodes are numbered (GODSGLOOM), else by the
 * `parent` hex, looked up among the reached hexes (`reach`) and then the hexes passed through (`via`).
 */
export function reachPath(reach, entry, start, { paths, via = new Map(), nodes = new Map() } = {}) {
  let cells;
  if (paths !== 'parent' && arr(entry.path).length) cells = entry.path.filter(isHex);
  else {
    cells = [];
    // A path has at most MC_MAX_MOVE_POINTS (1000) steps; the bound also stops a malformed cycle.
    for (let e = entry, n = 0; e && n <= 1000; n++) {
      cells.unshift({ q: e.q, r: e.r });
      const key = isHex(e.parent) ? `${e.parent.q},${e.parent.r}` : null;
      e = Number.isInteger(e.parentNode) && nodes.has(e.parentNode) ? nodes.get(e.parentNode)
        : key && !Number.isInteger(e.parentNode) ? reach.get(key) ?? via.get(key) : null;
    }
  }
  return start ? [start, ...cells] : cells;
}

export const DRAW = {
  // "cc-ancients/retreat": (out, result, request, pick) => { ... },
};

/** Everything the board draws for a response to `request`; `pick` is a tapped hex. */
export function resultScene(system, board, request, response, colourOf, pick = null) {
  const out = makeOut(request, colourOf);
  if (!response?.ok || !response.result || typeof response.result !== 'object') return out;
  const r = response.result;
  const special = DRAW[`${system}/${request?.query}`] ?? DRAW[request?.query];
  if (special) special(out, r, request, pick);
  else if (board === 'free') drawFree(out, r, request ?? {});
  else drawHex(out, r, request ?? {}, pick);
  arr(r.reasons).forEach((x) => marksOf(out, x, BAD));
  return out;
}

// ---- text ----
const el = (tag, text, className) => {
  const n = document.createElement(tag);
  if (text !== undefined) n.textContent = String(text);
  if (className) n.className = className;
  return n;
};

export function verdictOf(response) {
  if (!response.ok) {
    if (response.error?.code === 'unknown_query') return { text: 'This build does not answer that query yet.', kind: 'error' };
    return { text: `The request could not be read: ${response.error?.message ?? ''}`, kind: 'error' };
  }
  const r = response.result ?? {};
  if (typeof r.legal === 'boolean') return r.legal ? { text: 'Legal move.', kind: 'legal' } : { text: 'Not a legal move.', kind: 'illegal' };
  if (typeof r.possible === 'boolean') return r.possible ? { text: 'The charge can be made.', kind: 'legal' } : { text: 'The charge cannot be made.', kind: 'illegal' };
  return { text: 'Answered.', kind: 'answered' };
}

// One line per scalar result field worth reading, then per-pursuer and per-ejection lines.
export const FACTS = ['orderCost', 'movementPoints', 'pointsSpent', 'endedBy', 'facing', 'distance', 'traceDropped'];

function ruleItem(rule, message) {
  const li = el('li');
  if (rule) li.append(el('span', rule, 'rule'));
  li.append(document.createTextNode(message ?? ''));
  return li;
}

function section(title, items, render, ordered = false) {
  if (!items || items.length === 0) return [];
  const l = el(ordered ? 'ol' : 'ul');
  for (const item of items) l.append(render(item));
  return [el('h3', title), l];
}

const poseText = (p) => (isPose(p) ? `(${+p.x.toFixed(3)}, ${+p.y.toFixed(3)}) facing ${+(p.facing ?? 0).toFixed(1)}°` : isHex(p) ? `hex q ${p.q}, r ${p.r}` : '');

/** The text panel's nodes for a response. */
export function resultText(response, assumptionSummaries, reachCount) {
  const parts = [];
  if (!response.ok) {
    parts.push(el('h3', 'Where'), el('p', `${response.error?.path || '(the whole request)'}: ${response.error?.code}`), el('p', response.error?.message ?? ''));
    return parts;
  }
  const r = response.result ?? {};
  const facts = FACTS.filter((k) => r[k] !== undefined && typeof r[k] !== 'object').map((k) => `${k}: ${r[k]}`);
  if (isPose(r.final) || isHex(r.final)) facts.push(`final: ${poseText(r.final)}`);
  if (reachCount) facts.push(`${reachCount} hexes reachable; tap one to see its path`);
  parts.push(...section('Result', facts, (t) => el('li', t)));
  parts.push(...section('Pursuers', arr(r.pursuers), (p) => el('li',
    `${p.unit}: ${p.outcome ?? ''}${p.charge ? ` (charges ${p.charge.target} in the ${p.charge.facing})` : ''}${p.destroysFleeing ? ', destroys the fleeing unit' : ''}${p.backtracked ? ', backtracked' : ''} → ${poseText(p.final)}`)));
  parts.push(...section('Ejections', arr(r.ejections), (e) => el('li', `${e.unit}: ${arr(e.candidates).length} candidate hexes, chosen by ${e.chooser ?? '?'}${e.freeAttack ? ', free attack' : ''}`)));
  parts.push(...section('Why', arr(r.reasons), (x) => ruleItem(x.rule, `${x.unit ? `${x.unit}: ` : ''}${x.message ?? x.code ?? ''}`)));
  parts.push(...section('How the engine ruled', arr(r.trace), (x) => ruleItem(x.rule, (x.unit ? `${x.unit}: ` : '') + (x.message ?? '')), true));
  parts.push(...section('Assumptions this answer relied on', arr(response.assumptions), (id) => ruleItem(id, assumptionSummaries.get(id) ?? '')));
  return parts;
}

export { el };
