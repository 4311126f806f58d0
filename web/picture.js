// A ruling as one picture, for pages that take only images: a title, the verdict, the
// board as drawn (board.js Painter), the units by side, the legend of the marks on the board and the
// share link as a caption. Drawn into any canvas-like 2-D context: the page's Download PNG draws it
// into a canvas, Download SVG and bin/movecalc-render.mjs into an SvgContext (svg-context.js).
// No DOM here.
import { Painter, MIN_TEXT } from './board.js';
import { GOOD, BAD, PATH } from './draw.js';

const M = 16;             // the margin around everything, px
const INK = '#1b2430';
const FONT = 'system-ui, sans-serif';
const font = (size, weight = 400) => `${weight === 400 ? '' : `${weight} `}${size}px ${FONT}`;
const VERDICT_COLOURS = { legal: GOOD, illegal: BAD, error: BAD };

/**
 * The camera that shows `scene` in a view of `width` x `height` px as the page first shows an
 * answer: framed on what it draws (`framing`: scene.js resultBounds), else the whole board.
 */
export function frameView(scene, width, height, framing = null) {
  const p = new Painter(null);
  Object.assign(p, { width, height });
  p.show(scene);
  if (framing) p.frameNow(framing.bounds, Infinity, framing.pad); else p.fitNow();
  return { s: p.s, ox: p.ox, oy: p.oy };
}

/**
 * The framing of a still picture `width` px wide: the whole board or table, as the page first shows
 * a link's ruling, in a board as tall as the board's proportions ask (240 px at least, 1.25 times
 * the width at most). The page's Download and movecalc-render frame alike with it.
 */
export function stillView(scene, width) {
  const b = stillBounds(scene);
  const boardHeight = Math.round(Math.max(240, Math.min(width * (b[3] - b[1]) / (b[2] - b[0]) + 36, width * 1.25)));
  return { view: frameView({ ...scene, bounds: b }, width, boardHeight), boardWidth: width, boardHeight };
}

// The whole table, widened to every unit standing past its edge with room for its label: a request
// may give no table (Arcane Legions' table is optional), and its units stand where it says, under
// the page's default table or beside it, never cut off.
function stillBounds(scene) {
  const b = [...scene.bounds];
  for (const { free: f } of scene.units ?? []) {
    if (!f) continue;
    const r = Math.hypot(f.w, f.d) / 2 + 0.5;
    b[0] = Math.min(b[0], f.x - r); b[1] = Math.min(b[1], f.y - r);
    b[2] = Math.max(b[2], f.x + r); b[3] = Math.max(b[3], f.y + r);
  }
  return b;
}

// The overlay items drawn as lines (board.js paintOverlay).
const LINES = new Set(['line', 'path', 'hexpath']);
// A colour as the painter writes it, compared as text: lower case, no spaces.
const colourKey = (c) => (typeof c === 'string' ? c.toLowerCase().replace(/\s+/g, '') : '');

/**
 * What a board paint draws, without drawing it: the colours of the marks filled and stroked (the
 * units left out, whose sides' colours are no mark's), and the texts with their colour and kind
 * (board.js drawnText), from the painter run into a context that only notes.
 */
export function drawnOn(scene, view, width, height, measure) {
  const all = noted(scene, view, width, height, measure);
  const marks = noted({ ...scene, units: [] }, view, width, height, measure);
  return { ...all, fills: marks.fills, strokes: marks.strokes };
}

function noted(scene, view, width, height, measure) {
  const fills = new Set(), strokes = new Set(), texts = [];
  const state = { fillStyle: '#000', strokeStyle: '#000', font: '10px sans-serif', globalAlpha: 1 };
  const noop = () => {};
  const seen = (set, v) => { if (typeof v === 'string' && state.globalAlpha > 0) set.add(colourKey(v)); };
  const ctx = new Proxy(state, {
    get(t, k) {
      if (k in t) return t[k];
      if (k === 'measureText') return (s) => ({ width: measure(String(s), t.font) });
      if (k === 'fill' || k === 'fillRect') return () => seen(fills, t.fillStyle);
      if (k === 'stroke' || k === 'strokeRect') return () => seen(strokes, t.strokeStyle);
      if (k === 'fillText') return (s) => { seen(fills, t.fillStyle); texts.push({ text: String(s), color: colourKey(t.fillStyle) }); };
      if (k === 'createLinearGradient' || k === 'createRadialGradient') return () => ({ addColorStop: (_, c) => seen(fills, c) });
      return noop;
    },
    set(t, k, v) { t[k] = v; return true; },
  });
  const NullPath = function NullPath() { return new Proxy({}, { get: () => noop }); };
  const p = new Painter(ctx, NullPath);
  Object.assign(p, { width, height, ...view });
  const sc = { ...scene, units: scene.units.map((u) => ({ ...u, selected: false })), tracks: [], pending: [] };
  p.show(sc);
  p.paintScene(sc);
  return { fills, strokes, texts, kinds: new Set(p.drawnText.map((d) => d[3])) };
}

/**
 * The legend entries of `marks` that the board drew (drawnOn): a unit's when units stand on it,
 * the hexes' numbers when the grid's are drawn, a shade or a line when a mark of that colour is,
 * a symbol when a text of its colour is. Each entry in its still words (`still`: no hint of a
 * slider, a list to press or a tool, which a picture has not).
 */
export function drawnLegend(marks, scene, drawn) {
  const has = (c) => drawn.fills.has(colourKey(c)) || drawn.strokes.has(colourKey(c));
  // a ruling's line needs a line, arrow or path of its colour, dashed as its entry: an outline of
  // that colour is another mark (Torn World's red end hex of a move stopped short is no Free
  // Attack's red arrow), and so is a dashed line (C&C's battle, a move not made); the lines
  // a game draws on every board (C&C's sections, `onBoard`) are the board's own
  const lined = (m) => (scene.overlay ?? []).some((it) => LINES.has(it.type) && colourKey(it.color) === colourKey(m.color) && !it.dashed === !m.dashed);
  const kept = marks.filter((m) => {
    if (m.key === 'unit' || m.key === 'token') return scene.units.length > 0;
    if (m.key === 'coords') return drawn.kinds.has('grid');
    if (m.swatch === 'gradient' || m.swatch === 'steps') return m.colors.some(has) || drawn.texts.some((t) => /^\d+$/.test(t.text));
    if (m.swatch === 'marker') return drawn.texts.some((t) => t.color === colourKey(m.color)) || (m.bg !== undefined && has(m.bg));
    if (m.swatch === 'line' && !m.onBoard) return has(m.color) && lined(m);
    return has(m.color);
  });
  return kept.map((m) => (m.still ? { ...m, text: m.still } : m));
}

/** Breaks text into lines no wider than `width` (words; a word wider than a line by characters). */
export function wrap(text, width, measure, fontText) {
  const lines = [];
  let line = '';
  const fits = (t) => measure(t, fontText) <= width;
  for (const word of String(text).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) { line = next; continue; }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let n = 1;
      while (n < rest.length && fits(rest.slice(0, n + 1))) n++;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * Lays a picture out. `opts`: the board's `scene` (scene.js boardScene) and `view` ({s, ox, oy}) in a
 * board of `boardWidth` x `boardHeight` px; `title`; `verdict` ({text, kind}: results.js verdictOf);
 * `sides` ([{name, color, units: [names]}]); `legend` (draw.js MARKS entries); `link` (the share link,
 * or a text standing for it); `events` (the ruling's numbered events, `{n, text}`: the numbers on the
 * board, listed under the verdict); `measure(text, font)`: a text's width in px.
 * Returns its `width`, `height`, `title`, `desc` (the picture in words) and `paint(ctx, Path)`.
 */
export function picture(opts) {
  const { scene, view, boardWidth, boardHeight, title, verdict, sides = [], legend = [], link = '', events = [], measure } = opts;
  const width = Math.max(Math.round(boardWidth) + 2 * M, 360), inner = width - 2 * M;
  const items = []; // [kind, y, ...]: what paint() draws, top to bottom
  let y = M;
  const text = (t, size, weight, colour, x = M, w = inner, lead = Math.round(size * 1.35)) => {
    for (const line of wrap(t, w, measure, font(size, weight))) { items.push(['text', line, x, y, size, weight, colour]); y += lead; }
  };
  text(title, 18, 700, INK);
  y += 2;
  text(verdict.text, 15, 600, VERDICT_COLOURS[verdict.kind] ?? INK);
  const said = events.map((ev) => `${ev.n}. ${ev.text}`);
  for (const t of said) text(t, 14, 400, INK);
  y += 6;
  items.push(['board', M, y]);
  y += Math.round(boardHeight) + 10;
  for (const side of sides.filter((s) => s.units.length)) text(`${side.name}: ${side.units.join(', ')}`, 14, 600, side.color);
  if (legend.length) {
    y += 6;
    text('What the marks mean', 14, 700, INK);
    for (const m of legend) {
      items.push(['swatch', m, M, y]);
      text(m.text, 13, 400, INK, M + 40, inner - 40, 18);
      y += 4;
    }
  }
  if (link) {
    y += 6;
    text('This ruling in movecalc:', 12, 400, INK, M, inner, 16);
    // a link is one long word: broken by characters, never shortened
    for (const line of wrap(link, inner, measure, font(12))) { items.push(['text', line, M, y, 12, 400, PATH]); y += 16; }
  }
  const height = y + M - 4;
  const sideText = sides.filter((s) => s.units.length).map((s) => `${s.name}: ${s.units.join(', ')}.`).join(' ');
  const desc = [verdict.text, ...said, sideText, ...legend.map((m) => m.text), link].filter(Boolean).join('\n');

  function paint(ctx, Path = globalThis.Path2D) {
    ctx.fillStyle = '#fbfaf5';
    ctx.fillRect(0, 0, width, height);
    ctx.textAlign = 'start';
    ctx.textBaseline = 'top';
    for (const it of items) {
      if (it[0] === 'text') {
        const [, line, x, ty, size, weight, colour] = it;
        ctx.font = font(size, weight);
        ctx.fillStyle = colour;
        ctx.fillText(line, x, ty);
      } else if (it[0] === 'swatch') swatch(ctx, it[1], it[2], it[3] + 1, Path);
      else paintBoard(ctx, Path, it[1], it[2]);
    }
  }

  function paintBoard(ctx, Path, x, by) {
    const p = new Painter(ctx, Path);
    Object.assign(p, { width: boardWidth, height: boardHeight, ...view });
    // the picture shows the answer at its end, with no unit picked out
    const sc = { ...scene, units: scene.units.map((u) => ({ ...u, selected: false })), tracks: [], pending: [] };
    p.show(sc);
    ctx.save();
    ctx.translate(x, by);
    ctx.beginPath();
    ctx.rect(0, 0, boardWidth, boardHeight);
    ctx.clip();
    p.paintScene(sc);
    ctx.restore();
    ctx.textAlign = 'start';
    ctx.textBaseline = 'top';
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    ctx.strokeStyle = '#cfc9ba';
    ctx.lineWidth = 1;
    ctx.strokeRect(x - 0.5, by - 0.5, boardWidth + 1, boardHeight + 1);
  }

  return { width, height, title, desc, paint };
}

// A legend entry's swatch, 30 x 14 px at (x, y): the mark as the legend beside the board shows it.
function swatch(ctx, m, x, y, Path) {
  const w = 30, h = 14;
  ctx.save();
  ctx.setLineDash(m.dashed ? [5, 3] : []);
  if (m.swatch === 'fill' || m.swatch === 'outline') {
    if (m.faint) ctx.globalAlpha = 0.55;
    const fill = m.swatch === 'fill' ? m.color : m.fill;
    ctx.strokeStyle = m.border ?? m.color;
    ctx.lineWidth = m.thick ? 4 : 2;
    const i = ctx.lineWidth / 2;
    if (m.round) { // a hex board's token
      ctx.beginPath(); ctx.arc(x + w / 2, y + h / 2, h / 2 - i, 0, Math.PI * 2);
      if (fill) { ctx.fillStyle = fill; ctx.fill(); }
      ctx.stroke();
    } else {
      if (fill) { ctx.fillStyle = fill; ctx.fillRect(x, y, w, h); }
      ctx.strokeRect(x + i, y + i, w - 2 * i, h - 2 * i);
    }
  } else if (m.swatch === 'line') {
    ctx.strokeStyle = m.color;
    ctx.lineWidth = m.thick ? 5 : 3;
    ctx.beginPath(); ctx.moveTo(x, y + h / 2); ctx.lineTo(x + w, y + h / 2); ctx.stroke();
  } else if (m.swatch === 'gradient') {
    const g = ctx.createLinearGradient(x, 0, x + w, 0);
    m.colors.forEach((c, i) => g.addColorStop(i / Math.max(1, m.colors.length - 1), c));
    ctx.fillStyle = g;
    ctx.fillRect(x, y, w, h);
  } else if (m.swatch === 'steps') { // a band per shade, as the legend beside the board (numbers there)
    m.colors.forEach((c, i) => { ctx.fillStyle = c; ctx.fillRect(x + i * w / m.colors.length, y, w / m.colors.length + 0.5, h); });
} else if (m.swatch === 'hatch') {
    ctx.beginPath(); ctx.rect(x, y, w, h); ctx.clip();
    const lines = new Path();
    for (let k = -h; k < w; k += 6) { lines.moveTo(x + k, y + h); lines.lineTo(x + k + h, y); }
    ctx.strokeStyle = m.color; ctx.lineWidth = 2; ctx.stroke(lines);
  } else {
    const cx = x + w / 2, cy = y + h / 2;
    if (m.bg) { ctx.fillStyle = m.bg; ctx.beginPath(); ctx.arc(cx, cy, h / 2 + 1, 0, Math.PI * 2); ctx.fill(); }
    if (m.boxed) { ctx.strokeStyle = m.color; ctx.lineWidth = 1; ctx.strokeRect(cx - h / 2 - 0.5, y - 0.5, h + 1, h + 1); }
    ctx.fillStyle = m.color;
    ctx.font = font(MIN_TEXT, 700);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(m.symbol ?? '', cx, cy);
  }
  ctx.restore();
  ctx.textAlign = 'start';
  ctx.textBaseline = 'top';
}

/** The units of a document by side, for the picture's key: [{name, color, units}]. */
export const unitsBySide = (doc) => doc.sides.map((s) => ({ name: s.name, color: s.color, units: doc.units.filter((u) => u.side === s.name).map((u) => u.id) }));
