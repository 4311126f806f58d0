// What the games' drawers and texts share (web/games/*.js): colours, the context a drawer draws
// into (`makeOut`), hex reach shading and picked paths, hex paths and moves, and text helpers.
// Knows no game. Everything reaches the DOM through textContent only.
import { toOffset } from './hex.js';
import { GAME_IDS, GAME_FACTS } from './games/list.js';
import { rad, rectCorners, frameVector, inFrame } from './geometry.js';

export { rad, rectCorners, frameVector, inFrame };
// Text and line colours, each ≥ 4.5:1 against the parchment (#f4f1e6) and white (style.css notes).
export const GOOD = '#1e6b3c', BAD = '#b3261e', PATH = '#1d3557', GHOST = 'rgba(29,53,87,0.10)', WARN = '#8a4b00';
export const CAND = 'rgba(242,193,78,0.45)', ZONE = '#b3261e', WHATIF = '#5b2a86', FAILED_FILL = 'rgba(242,193,78,0.30)';

export const isPose = (p) => p && typeof p === 'object' && Number.isFinite(p.x) && Number.isFinite(p.y);
export const isHex = (h) => h && typeof h === 'object' && Number.isInteger(h.q) && Number.isInteger(h.r);
export const arr = (v) => (Array.isArray(v) ? v : []);
export const n3 = (v) => (Number.isFinite(v) ? String(+v.toFixed(3)) : '?');
export const hexKey = (h) => `${h.q},${h.r}`;
// One name for a hex on the whole page: its column and row, as the forms and the board's picks say.
export const colRow = (h) => {
  if (!isHex(h)) return '';
  const o = Number.isInteger(h.col) && Number.isInteger(h.row) ? h : toOffset(h.q, h.r);
  return `col ${o.col}, row ${o.row}`;
};
export const plural = (n, one, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
// A unit's name is mostly a plural noun ("Knights", "Spearmen", "Raiders"), a single letter or a
// singular noun sometimes ("C", "Giant", "Hastati"): its verb agrees with it ("Knights charge",
// "C charges", "Raiders are off the table").
export const isPluralName = (name) => /(?:[^s']s|men)$/i.test(String(name ?? ''));
// Figures as a player measures them at the table: inches to 0.1, degrees to 1, steps to 0.01. The
// exact values (n3) stay in the lists below the verdict.
const round = (v, k) => String(Math.round(v * k) / k + 0);
export const inches = (v) => (Number.isFinite(v) ? `${round(v, 10)}″` : '?');
export const degrees = (v) => (Number.isFinite(v) ? `${round(Math.abs(v) % 360 > 359.5 ? 0 : v, 1)}°` : '?');
export const stepsText = (v) => (Number.isFinite(v) ? `${round(v, 100)} ${Math.abs(v - 1) < 0.005 ? 'step' : 'steps'}` : '?');

/** A unit of the request with its width and depth (`sizeOf`: the game's, from the request's unit); `u`: the unit, where found already. */
export function unitInfo(request, id, sizeOf = (u) => [u.width ?? 1, u.depth ?? 1], u = arr(request?.units).find((v) => v.id === id)) {
  if (!u) return null;
  const [w, d] = sizeOf(u);
  return { ...u, w, d };
}

/** Context a drawer gets: the request, helpers, and where to put things. */
export function makeOut(request, colourOf, sizeOf) {
  // the request's units by id, the first of each as a search of the list finds it: a drawer looks
  // one up per unit it rings or lines from (GODSGLOOM's every enemy's zone at the limits: 500 of
  // 1,000 units, each looked for through the list, a third of turning the answer into a scene)
  let byId = null;
  const unitOf = (id) => {
    if (!byId) { byId = new Map(); for (const v of arr(request?.units)) if (!byId.has(v.id)) byId.set(v.id, v); }
    return byId.get(id);
  };
  const info = (id) => unitInfo(request, id, sizeOf, unitOf(id));
  const out = { overlay: [], tracks: [], reach: new Map(), request, info };
  out.colour = (id) => colourOf(info(id)?.side);
  out.poseTrack = (id, poses, label, withStart = true) => {
    const u = info(id);
    const ps = poses.filter(isPose);
    if (!u || !ps.length) return;
    const start = withStart && isPose(u) ? [{ x: u.x, y: u.y, facing: u.facing ?? 0 }] : [];
    out.overlay.push({ type: 'path', points: [...start, ...ps].map((p) => [p.x, p.y]), color: PATH });
    out.tracks.push({ kind: 'poses', steps: [...start, ...ps], w: u.w, d: u.d, color: out.colour(id), label });
  };
  out.ghost = (id, pose, label, style = 'ghost') => {
    const u = info(id);
    if (!u || !isPose(pose)) return;
    const final = style === 'final', failed = style === 'failed', moved = style === 'moved';
    // 'moved': a unit the answer moves where it stands (a charged target turned in place) is an
    // outline over the units, else the unit itself would hide it
    out.overlay.push({ type: 'pose', pose: { facing: 0, ...pose }, w: u.w, d: u.d, label,
      fill: moved ? undefined : final ? 'rgba(255,255,255,0.55)' : style === 'bad' ? 'rgba(179,38,30,0.12)' : failed ? FAILED_FILL : GHOST,
      color: style === 'bad' ? BAD : final || moved ? GOOD : failed ? WARN : PATH, dashed: !final, thin: style === 'option', onTop: moved,
      labelBehind: final || moved || style === 'bad' || style === 'option', labelAhead: failed });
  };
  out.mark = (m) => out.overlay.push(m);
  out.unitHex = (id) => {
    const u = unitOf(id);
    if (isHex(u)) return { q: u.q, r: u.r };
    if (u && isHex(arr(u.hexons)[0])) return u.hexons[0];
    if (u && Number.isInteger(u.col)) return { q: u.col - (u.row - (u.row & 1)) / 2, r: u.row };
    return null;
  };
  /**
   * A unit the answer removes (destroyed, fled off): drawn over as gone, its rectangle veiled in the
   * table's colour, outlined dashed and struck through corner to corner, with why.
   */
  out.gone = (id, why) => {
    const u = info(id);
    if (!u || !isPose(u)) return;
    const k = rectCorners(u.x, u.y, u.facing ?? 0, u.w, u.d);
    out.overlay.push({ type: 'polygon', points: k, fill: 'rgba(233,230,220,0.78)', color: BAD, dashed: true, width: 2, onTop: true, label: `${id}: ${why}`, labelAt: [u.x, u.y] });
    out.mark({ type: 'line', from: k[0], to: k[2], color: BAD, width: 2.5 });
    out.mark({ type: 'line', from: k[1], to: k[3], color: BAD, width: 2.5 });
  };
  /** Rings a unit (free-form: its rectangle; hex: its hex); `more`: the ring's own fields (its event's `step`, `focus`). */
  out.ring = (id, color, label, more = {}) => {
    const u = info(id);
    if (u && isPose(u)) out.overlay.push({ type: 'polygon', points: rectCorners(u.x, u.y, u.facing ?? 0, u.w + 0.3, u.d + 0.3), color, width: 3, label, labelAt: [u.x, u.y], ...more });
    else { const h = out.unitHex(id); if (h) out.mark({ type: 'mark', shape: 'hex', hex: h, color, label }); }
  };
  return out;
}

/** The markers any event or reason carries: a collision point, a snap pivot, a hex. */
export function marksOf(out, item, color) {
  if (!item || typeof item !== 'object') return;
  const name = item.code ?? item.type ?? item.kind ?? '';
  if (isPose(item.point)) out.mark({ type: 'mark', shape: /pivot|snap/.test(name) ? 'pivot' : 'x', x: item.point.x, y: item.point.y, color, label: name });
  if (isPose(item.pivot)) out.mark({ type: 'mark', shape: 'pivot', x: item.pivot.x, y: item.pivot.y, color: PATH, label: name || 'pivot' });
  if (isHex(item.hex)) out.mark({ type: 'mark', shape: 'hex', hex: item.hex, color, label: name.replace(/_/g, ' ') });
}

// a reached hex's fill (draw-hex.js reachCells): green at the cheapest cost reached, yellow at the dearest (the legend's costHexes)
export const costHue = (cost, min, max) => (max > min ? CHEAP_HUE - (CHEAP_HUE - DEAR_HUE) * (cost - min) / (max - min) : CHEAP_HUE);
const CHEAP_HUE = 130, DEAR_HUE = 50;
export const costFill = (hue, alpha) => `hsla(${hue} 75% 55% / ${alpha})`;

// A count in the reach's own unit of measure (its `unitOfMeasure`, a plural noun), else in hexes.
export const measured = (n, r) => {
  const many = typeof r?.unitOfMeasure === 'string' && /^[a-z]+s$/.test(r.unitOfMeasure) ? r.unitOfMeasure : 'hexes';
  return plural(n, many.replace(/e?s$/, ''), many);
};
// A count of what a reach spends: movement points where the system counts them, else its unit of measure.
export const spent = (n, r) => (Number.isFinite(r.movementPoints) ? plural(n, 'movement point') : measured(n, r));
/** What a move of cost `n` spent of what answer `r` had: "2 of its 3 movement points", "2 hexes of 4". */
// ("Outriders are now on …, for 2 of their 5": the unit's name says its number, as the verb's does)
export const spentOf = (n, r) => (Number.isFinite(r.movementPoints) ? `${n} of ${isPluralName(r.unit) ? 'their' : 'its'} ${plural(r.movementPoints, 'movement point')}`
  : Number.isFinite(r.allowance) ? `${spent(n, r)} of ${r.allowance}` : spent(n, r));

// ---- text ----
export const el = (tag, text, className) => {
  const n = document.createElement(tag);
  if (text !== undefined) n.textContent = String(text);
  if (className) n.className = className;
  return n;
};
/**
 * Puts `parts` in `box` unless it shows the same already: a refresh that changes nothing keeps the
 * button under a finger (a replaced one loses its tap) and a select that is open. True when replaced.
 */
export function showParts(box, parts) {
  const html = parts.map((p) => p.outerHTML).join('');
  if (box.shownHtml === html && box.childElementCount === parts.length) return false;
  box.replaceChildren(...parts);
  box.shownHtml = html;
  return true;
}

// a facing a hair under 360 reads as 0°, as the board draws it
const facingText = (f) => (n3(f) === '360' ? '0' : n3(f));
/** A pose on an inch table as measured there: position to 0.1″, facing to 1° (poseText keeps the exact figures). */
export const poseRounded = (p) => (isPose(p) ? `(${inches(p.x)}, ${inches(p.y)}) facing ${degrees(p.facing ?? 0)}` : isHex(p) ? colRow(p) : '');
/** The same on a table measured in steps, to 0.01 step. */
export const poseInSteps = (p) => (isPose(p) ? `(${round(p.x, 100)}, ${round(p.y, 100)}) in steps, facing ${degrees(p.facing ?? 0)}` : isHex(p) ? colRow(p) : '');
export const poseText = (p) => (isPose(p) ? `(${n3(p.x)}, ${n3(p.y)}) facing ${facingText(p.facing ?? 0)}°` : isHex(p) ? colRow(p) : '');

/**
 * An engine message in a player's words: hexes named as the board names them (the engine's axial
 * `(q 3, r 3)`), its counts agreeing with their nouns ("2 order point(s)", "1 steps") and a name
 * ending in s owning with an apostrophe alone ("Raiders' front").
 */
export const hexWords = (text) => String(text ?? '')
  .replace(/\(q (-?\d+), r (-?\d+)\)/g, (_, q, r) => colRow({ q: Number(q), r: Number(r) }))
  .replace(/(^|[^\d.])(\d+(?:\.\d+)?) ([a-z]+(?: [a-z]+)*)\(s\)( are\b)?/g, (_, pre, n, noun, are) => (n === '1' ? `${pre}1 ${noun}${are ? ' is' : ''}` : `${pre}${n} ${noun}s${are ?? ''}`))
  .replace(/(^|[^\d.])1 (step|point|icon|hexon)s\b/g, (_, pre, noun) => `${pre}1 ${noun}`)
  .replace(/\b([A-Z]\w*s)'s\b/g, "$1'");

/** A code the engine gives without a message ("out_of_range"), in words. */
export const codeWords = (code) => String(code ?? '').replace(/[_-]+/g, ' ');

/** A reason in a verdict: its message as a sentence, hexes as the board names them, its clause id beside it ("A medium infantry moves at most 1 hex here (CCA-MV-2)."). */
export const reasonText = (x) => {
  const m = hexWords(x.message ?? codeWords(x.code)).replace(/\.$/, '');
  return `${m.charAt(0).toUpperCase()}${m.slice(1)}${x.rule ? ` (${x.rule})` : ''}.`;
};

// ---- the rule behind a ruling ----
// The clause dialog (clause-dialog.js), fetched at the first clause opened, as the rules reference
// it shows is: offline before then, neither is there, and the button says so.
const clauseDialog = () => import('./clause-dialog.js');

/** A clause id as a button that opens its entry (clause-dialog.js openClause). */
export function clauseButton(rule) {
  const b = el('button', rule, 'rule');
  b.type = 'button';
  b.title = `What ${rule} says`;
  b.addEventListener('click', () => clauseDialog().then((m) => m.openClause(rule), () => { b.title = `${rule}: the rules reference could not be loaded (offline?)`; }));
  return b;
}

// a clause id as the rules reference spells it (docs/rules/<game>.md): CCA-MV-2, 9A-FA-O, GG-8.3-T,
// and an assumption's A-TW-1; the prefixes are the games' own (`clausePrefix`, games/list.js)
const CLAUSE_PREFIXES = GAME_IDS.map((id) => GAME_FACTS[id].clausePrefix.replace(/[^A-Z0-9]/g, '')).filter(Boolean).join('|');
const CLAUSE_ID = new RegExp(`\\b(?:A-)?(?:${CLAUSE_PREFIXES})-[A-Z0-9]+(?:[.-][A-Z0-9]+)*\\b`, 'g');

/** `text` as nodes, each clause id in it a button that opens its entry (clauseButton). */
export function clauseNodes(text) {
  const s = String(text ?? '');
  const out = [];
  let at = 0;
  for (const m of s.matchAll(CLAUSE_ID)) {
    if (m.index > at) out.push(document.createTextNode(s.slice(at, m.index)));
    const b = clauseButton(m[0]);
    b.classList.add('in-text');
    out.push(b);
    at = m.index + m[0].length;
  }
  if (at < s.length || !out.length) out.push(document.createTextNode(s.slice(at)));
  return out;
}

// A sentence's end: its stop, and the space before the next one (a decimal's point has none).
const SENTENCE_END = /(?<=[.!?…])\s+/;
// what is left where a clause id was taken out of a sentence: its parentheses, a separator
const TIDY = [[/\(\s*[,;:]?\s*\)/g, ''], [/\(\s*[,;:]?\s*/g, '('], [/\s*[,;]\s*\)/g, ')'], [/\s+([.,;:!?)])/g, '$1'], [/^[\s:,;]+/, ''], [/\s{2,}/g, ' ']];

/**
 * A verdict's words with each clause id moved out of its sentence to a reference after it,
 * "… 12.2″. (rule 9A-CH-1)": in mid-sentence ("… row 4. GG-8.1 The shortest path …") a newcomer
 * read it as a word he did not know. Only the verdict's: the lists under it head their items with
 * the id (ruleItem).
 */
export function referText(text) {
  // an id after a sentence's stop ("… card. (CCA-LD-9) Drag …") is that sentence's, not the next one's
  const id = CLAUSE_ID.source, after = new RegExp(`([.!?…])\\s+\\(((?:${id})(?:,\\s*(?:${id}))*)\\)`, 'g');
  return String(text ?? '').replace(after, ' ($2)$1').split(SENTENCE_END).map((sentence) => {
    const ids = [...new Set(Array.from(sentence.matchAll(CLAUSE_ID), (m) => m[0]))];
    if (!ids.length) return sentence;
    let words = sentence.replace(CLAUSE_ID, ' ');
    for (const [from, to] of TIDY) words = words.replace(from, to);
    const ref = `(${ids.length > 1 ? 'rules' : 'rule'} ${ids.join(', ')})`;
    return words.trim() ? `${words.trim()} ${ref}` : ref;
  }).join(' ');
}

// a reference referText wrote: "(rule GG-8.1)", "(rules 9A-CH-1, 9A-ARC-1)"
const REFERENCE = /\(rules? ([^()]+)\)/g;

/**
 * `text` (referText's) as nodes: each reference a small note whose clause ids are buttons that
 * open their entries (clauseButton).
 */
export function referNodes(text) {
  const out = [];
  let at = 0;
  for (const m of text.matchAll(REFERENCE)) {
    const ids = m[1].split(', ');
    if (!ids.every((id) => id.search(CLAUSE_ID) === 0 && id.match(CLAUSE_ID)[0] === id)) continue;
    if (m.index > at) out.push(document.createTextNode(text.slice(at, m.index)));
    const ref = el('span', `(${ids.length > 1 ? 'rules' : 'rule'} `, 'ref');
    ids.forEach((id, i) => { const b = clauseButton(id); b.classList.add('in-text'); ref.append(...(i ? [', '] : []), b); });
    ref.append(')');
    out.push(ref);
    at = m.index + m[0].length;
  }
  if (at < text.length || !out.length) out.push(document.createTextNode(text.slice(at)));
  return out;
}

/**
 * A verdict's paragraphs and list items under `root` (those of words and clause ids only: not a
 * way's or an event's button) in referText's words, its references buttons (referNodes).
 */
export function referClauses(root) {
  const plain = (e) => !e.closest('button') && [...e.children].every((c) => c.matches('button.rule'));
  for (const e of [root, ...root.querySelectorAll('p, li')].filter((n) => n.matches('p, li') && plain(n))) e.replaceChildren(...referNodes(referText(e.textContent)));
  return root;
}

/** Every clause id in the words under `root` (not in a button or link already) made a button (clauseNodes). */
export function linkClauses(root) {
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const found = [];
  for (let n = walk.nextNode(); n; n = walk.nextNode()) if (n.data.search(CLAUSE_ID) >= 0 && !n.parentElement?.closest('button, a')) found.push(n);
  for (const n of found) n.replaceWith(...clauseNodes(n.data));
  return root;
}

export function ruleItem(rule, message) {
  const li = el('li');
  if (rule) li.append(clauseButton(rule));
  li.append(document.createTextNode(message ?? ''));
  return li;
}

/** A heading and a list of `items` rendered one by one; nothing when there are none. */
export function section(title, items, render, ordered = false) {
  if (!items || items.length === 0) return [];
  const l = el(ordered ? 'ol' : 'ul');
  for (const item of items) l.append(render(item));
  return [el('h3', title), l];
}

// ---- legend ----
// Every mark a drawer can put on the board, with the swatch the legend shows for it: `fill` (a
// colour), `line` (a stroke, `dashed`), `outline` (a shape's edge), `marker` (a symbol). A drawer
// declares the marks it uses as its `marks` (by key, or an object of its own), and the legend beside
// the board lists those of the query on screen (legendNodes).
export const MARKS = {
  unit: { swatch: 'fill', color: '#4a6fa5', border: '#1b2430', text: 'a unit; the yellow edge and arrow are its front' },
  // a hex board's unit is a round token (the legend's `unit` there, legendOf)
  token: { swatch: 'fill', round: true, color: '#4a6fa5', border: '#1b2430', text: 'a unit; its yellow arrow, where it has one, points to its front' },
  selected: { swatch: 'outline', color: '#f2c14e', thick: true, text: 'the selected unit (tap a unit to select it): a thick yellow outline' },
  offView: { swatch: 'marker', symbol: '▲', color: '#1b2430', text: 'an arrow at the board’s edge: something out of view that way, by its name (a reach: its number of hexes); ⤢ shows the whole board' },
  coords: { swatch: 'marker', symbol: '4', color: '#3d4a3a', text: 'numbers along the top and the left: the columns and rows, as hexes are named ("col 4, row 3")' },
  handle: { swatch: 'marker', symbol: '↻', round: true, color: '#1b2430', bg: '#fff', boxed: true, text: 'the round handle ahead of the selected unit: drag it to turn the unit (Move tool)' },
  path: { swatch: 'line', color: PATH, text: 'the path moved (the slider below steps through it)', still: 'the path moved' },
  ghost: { swatch: 'outline', color: PATH, dashed: true, fill: GHOST, text: 'where the unit stands along the move (numbered by action)' },
  final: { swatch: 'outline', color: GOOD, fill: 'rgba(255,255,255,0.55)', text: 'where the unit ends' },
  stops: { swatch: 'outline', color: BAD, dashed: true, fill: 'rgba(179,38,30,0.12)', text: 'where the move stops, or an end that is not allowed' },
  option: { swatch: 'outline', color: PATH, dashed: true, faint: true, text: 'where another choice left open would end (faint)' },
  collision: { swatch: 'marker', symbol: '✕', color: BAD, text: 'where the unit met something and stopped' },
  pivot: { swatch: 'marker', symbol: '◎', color: PATH, text: 'the point the unit turned about' },
  slide: { swatch: 'line', color: GOOD, text: 'a slide along what it met (arrow)' },
  ring: { swatch: 'outline', color: PATH, text: 'the unit asked about' },
  attacker: { swatch: 'outline', color: BAD, text: 'a unit that attacks, numbered in order' },
  costHexes: { swatch: 'gradient', colors: [costFill(CHEAP_HUE, 0.6), costFill(DEAR_HUE, 0.6)], text: 'hexes it can end on, numbered with their cost: green the cheapest, yellow the dearest' },
  stopHex: { swatch: 'outline', color: '#1b2430', thick: true, text: 'a thick outline: the move must stop there' },
  badge: { swatch: 'marker', symbol: 'B', color: '#1b2430', boxed: true, text: 'a badge on a hex: its letters are spelled out in the Result, under “Marks on the hexes”; a dark dot at the hex’s top where they have no room',
    still: 'a badge on a hex: what happens there, in a word or a short code' },
  whatIf: { swatch: 'outline', color: WHATIF, dashed: true, text: 'reached only if no other unit stood on the board' },
  numbered: { swatch: 'marker', symbol: '1', color: '#fff', bg: PATH, text: 'the path hex by hex, numbered' },
  endHex: { swatch: 'outline', color: GOOD, text: 'the end hex (red where the move stops short)' },
  gone: { swatch: 'marker', symbol: '✕', color: BAD, boxed: true, text: 'a unit destroyed or removed: struck out where it stood' },
  altPath: { swatch: 'line', color: PATH, dashed: true, text: 'another path it may take (red where not allowed)' },
};

const legendSwatch = (m) => {
  const s = el('span', m.symbol ?? '', 'swatch');
  // a symbol with a name of its own is read as that name ("FA badge"), not as its letters
  if (m.name) { s.setAttribute('role', 'img'); s.setAttribute('aria-label', m.name); }
  const st = s.style;
  st.borderRadius = m.round ? '50%' : '2px'; // a token or handle round, a base and the rest square
  if (m.round) { st.width = '1.1rem'; st.margin = '0 0.25rem'; } // a circle as high as the list's swatches, the words still in line
  if (m.swatch === 'fill') { st.background = m.color; st.border = `2px ${m.dashed ? 'dashed' : 'solid'} ${m.border ?? m.color}`; }
  else if (m.swatch === 'outline') { st.background = m.fill ?? 'transparent'; st.border = `${m.thick ? 4 : 2}px ${m.dashed ? 'dashed' : 'solid'} ${m.color}`; if (m.faint) st.opacity = '0.55'; }
  else if (m.swatch === 'line') { st.borderBottom = `${m.thick ? 5 : 3}px ${m.dashed ? 'dashed' : 'solid'} ${m.color}`; st.height = '0.5em'; }
  else if (m.swatch === 'gradient') st.background = `linear-gradient(90deg, ${m.colors.join(', ')})`;
  else if (m.swatch === 'steps') { // a band per shade, hard-edged
    const n = m.colors.length;
    st.background = `linear-gradient(90deg, ${m.colors.map((c, i) => `${c} ${(i * 100 / n).toFixed(1)}% ${((i + 1) * 100 / n).toFixed(1)}%`).join(', ')})`;
    st.width = '4rem';
  } else if (m.swatch === 'hatch') st.background = `repeating-linear-gradient(135deg, ${m.color} 0 2px, transparent 2px 6px)`;
  else { st.color = m.color; if (m.bg) { st.background = m.bg; st.borderRadius = '50%'; } if (m.boxed) st.border = `1px solid ${m.color}`; }
  return s;
};

/** The legend's list for a drawer's `marks` (keys of MARKS, or marks of its own). */
export function legendNodes(marks) {
  const list = arr(marks).map((k) => (typeof k === 'string' ? MARKS[k] : k)).filter(Boolean);
  if (!list.length) return [];
  const ul = el('ul', undefined, 'legend-list');
  for (const m of list) { const li = el('li'); li.append(legendSwatch(m), m.parts ? legendParts(m) : el('span', m.text)); ul.append(li); }
  return [ul];
}

/**
 * The legend's mark for a hex's badges (`mark`: its swatch): on the page each kind of `parts`
 * ([letters, words]) on a line of its own, then the dark dot drawn where they have no room (`noRoom`,
 * its words); in words, `text`, and `still` for a picture (which has no taps, nor that dot's words).
 */
export const badgesMark = (mark, still, parts, noRoom) => ({ ...mark, text: `${still}; ${noRoom}`, still, lead: 'a badge on a hex:', parts: [...parts, ['•', noRoom]] });

// A mark of several kinds (a hex's badges): `lead`, then each kind on a line of its own, its letters
// as the board draws them first (one run-on sentence of five badges took nine lines of a phone)
function legendParts(m) {
  const s = el('span', m.lead);
  for (const [letters, words] of m.parts) {
    const line = el('span', undefined, 'legend-part');
    line.append(el('b', letters, 'legend-letters'), ` ${words}`);
    s.append(line);
  }
  return s;
}
