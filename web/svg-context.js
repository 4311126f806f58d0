// A drawing context that records SVG: the subset of CanvasRenderingContext2D the board (board.js)
// and the pictures (picture.js) draw with, so the same drawing code paints the page's canvas or
// writes an SVG file, in the browser or in Node (bin/movecalc-render.mjs). No DOM needed.
//
// Hand-written rather than an npm package: the page uses a small subset, it must run in Node
// without a canvas implementation (native addons), and the packages that do this for Node either
// pull in one or emit colours (rgba(), hsla() with spaces) that image-only hosts' SVG renderers
// (librsvg on MediaWiki, for one) do not read; here every colour is written as #rrggbb and an
// opacity.
//
// Supported: save/restore, setTransform/transform/translate/scale/rotate/resetTransform, paths
// (beginPath, moveTo, lineTo, bezierCurveTo, quadraticCurveTo, arc, ellipse, rect, closePath) and
// SvgPath objects standing for Path2D, fill/stroke/clip, fillRect/strokeRect, fillStyle/strokeStyle
// (colours or createLinearGradient), lineWidth, lineCap, lineJoin, setLineDash, globalAlpha,
// fillText/strokeText with font/textAlign/textBaseline, measureText. Transforms are taken as
// similarities (rotation, uniform scale, translation: what the page uses): line widths, dashes and
// radii scale by the square root of the determinant.
//
// measureText: the width from `measure(text, font)` when one is given (the page passes its
// canvas's), else an approximation from rough per-character widths of a sans-serif face (Node),
// which can be a few per cent off the width the viewer's font draws.

/** A recorded path (Path2D's subset): commands in the coordinates they were given. */
export class SvgPath {
  constructor() { this.ops = []; }
  moveTo(x, y) { this.ops.push(['moveTo', x, y]); }
  lineTo(x, y) { this.ops.push(['lineTo', x, y]); }
  closePath() { this.ops.push(['closePath']); }
  rect(x, y, w, h) { this.ops.push(['rect', x, y, w, h]); }
  arc(...a) { this.ops.push(['arc', ...a]); }
  ellipse(...a) { this.ops.push(['ellipse', ...a]); }
  bezierCurveTo(...a) { this.ops.push(['bezierCurveTo', ...a]); }
  quadraticCurveTo(...a) { this.ops.push(['quadraticCurveTo', ...a]); }
}

const NAMED = { black: '#000000', white: '#ffffff', red: '#ff0000', green: '#008000', blue: '#0000ff', gray: '#808080', grey: '#808080', yellow: '#ffff00' };
const clamp01 = (v) => Math.max(0, Math.min(1, v));
const hex2 = (v) => Math.round(Math.max(0, Math.min(255, v))).toString(16).padStart(2, '0');
const channel = (s) => (s.endsWith('%') ? parseFloat(s) * 2.55 : parseFloat(s));
const alphaOf = (s) => (s === undefined ? 1 : s.endsWith('%') ? parseFloat(s) / 100 : parseFloat(s));

function hslToRgb(h, s, l) {
  const k = (n) => (n + h / 30) % 12, a = s * Math.min(l, 1 - l);
  return [0, 8, 4].map((n) => 255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
}

/**
 * A CSS colour → [#rrggbb, opacity], or null for 'none', 'transparent' and what is not a colour.
 * Reads #rgb, #rrggbb, #rrggbbaa, rgb()/rgba() and hsl()/hsla() (comma or space syntax) and a few names.
 */
export function parseColour(text) {
  const t = String(text).trim().toLowerCase();
  if (Object.hasOwn(NAMED, t)) return [NAMED[t], 1];
  let m = /^#([0-9a-f]{3,8})$/.exec(t);
  if (m) {
    let h = m[1];
    if (h.length === 3 || h.length === 4) h = [...h].map((c) => c + c).join('');
    if (h.length !== 6 && h.length !== 8) return null;
    return [`#${h.slice(0, 6)}`, h.length === 8 ? parseInt(h.slice(6), 16) / 255 : 1];
  }
  m = /^(rgba?|hsla?)\(([^)]*)\)$/.exec(t);
  if (!m) return null;
  const parts = m[2].split(/[\s,/]+/).filter(Boolean);
  if (parts.length < 3 || parts.length > 4 || parts.some((p) => !Number.isFinite(parseFloat(p)))) return null;
  const a = clamp01(alphaOf(parts[3]));
  const rgb = m[1].startsWith('rgb') ? parts.slice(0, 3).map(channel)
    : hslToRgb(((parseFloat(parts[0]) % 360) + 360) % 360, clamp01(parseFloat(parts[1]) / 100), clamp01(parseFloat(parts[2]) / 100));
  return [`#${rgb.map(hex2).join('')}`, a];
}

const num = (v) => String(Math.round(v * 100) / 100);
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
// XML 1.0 has no control characters but tab, newline and return, and no lone surrogates
// eslint-disable-next-line no-control-regex
const xmlText = (s) => esc(String(s).toWellFormed().replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, ''));

// Rough advance widths (em) of a sans-serif face, for measureText without a font engine: on the
// wide side (DejaVu Sans, Linux's usual face), so that a label fitted with them is not too long.
const NARROW = new Set([...'il.,:;\'|!`ijtfI ']), WIDE = new Set([...'mwMW@%']), CAPS = /[A-Z]/;
function approxWidth(text, font) {
  const { size, weight } = parseFont(font);
  let em = 0;
  for (const ch of String(text)) {
    if (NARROW.has(ch)) em += ch === ' ' ? 0.32 : 0.3;
    else if (WIDE.has(ch)) em += 0.9;
    else if (CAPS.test(ch)) em += 0.7;
    else if (/[0-9]/.test(ch)) em += 0.64;
    else if (/[a-z]/.test(ch)) em += ch === 'r' ? 0.42 : 0.6;
    else em += ch.codePointAt(0) > 0x2000 ? 0.85 : 0.6;
  }
  return em * size * (weight >= 600 ? 1.16 : 1);
}

/** A CSS font shorthand as the page writes it ("600 12px system-ui, sans-serif") → its parts. */
export function parseFont(font) {
  const m = /^\s*(?:(italic|normal)\s+)?(?:(bold|normal|\d{3})\s+)?([\d.]+)px\s+(.+)$/.exec(String(font));
  if (!m) return { size: 10, weight: 400, family: 'sans-serif', style: 'normal' };
  const weight = m[2] === 'bold' ? 700 : m[2] && m[2] !== 'normal' ? Number(m[2]) : 400;
  return { size: Number(m[3]), weight, family: m[4].trim(), style: m[1] ?? 'normal' };
}

const IDENTITY = [1, 0, 0, 1, 0, 0];
const multiply = (m, n) => [
  m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
];

class Gradient {
  constructor(x0, y0, x1, y1, m) { this.points = [x0, y0, x1, y1]; this.m = m; this.stops = []; }
  addColorStop(offset, colour) { this.stops.push([offset, colour]); }
}

/** The context: draw into it as into a canvas's 2-D context, then `toSVG()`. */
export class SvgContext {
  /** `width`, `height`: the picture's size in px; `measure(text, font)`: a text width, or none (approximated). */
  constructor(width, height, { measure = null, idPrefix = 'mc' } = {}) {
    this.width = width; this.height = height;
    this.measure = measure ?? approxWidth;
    this.idPrefix = idPrefix;
    this.defs = [];
    this.root = { children: [] };
    this.groups = [this.root];
    this.ids = 0;
    this.state = { fillStyle: '#000000', strokeStyle: '#000000', lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', dash: [],
      globalAlpha: 1, font: '10px sans-serif', textAlign: 'start', textBaseline: 'alphabetic', m: IDENTITY, opened: 0 };
    this.stack = [];
    this.path = [];
    this.cur = null;
    this.title = '';
    this.desc = '';
  }

  // ---- state ----
  get fillStyle() { return this.state.fillStyle; }
  set fillStyle(v) { if (v instanceof Gradient || parseColour(v)) this.state.fillStyle = v; }
  get strokeStyle() { return this.state.strokeStyle; }
  set strokeStyle(v) { if (v instanceof Gradient || parseColour(v)) this.state.strokeStyle = v; }
  get lineWidth() { return this.state.lineWidth; }
  set lineWidth(v) { if (Number.isFinite(v) && v > 0) this.state.lineWidth = v; }
  get lineCap() { return this.state.lineCap; }
  set lineCap(v) { if (['butt', 'round', 'square'].includes(v)) this.state.lineCap = v; }
  get lineJoin() { return this.state.lineJoin; }
  set lineJoin(v) { if (['miter', 'round', 'bevel'].includes(v)) this.state.lineJoin = v; }
  get globalAlpha() { return this.state.globalAlpha; }
  set globalAlpha(v) { if (Number.isFinite(v) && v >= 0 && v <= 1) this.state.globalAlpha = v; }
  get font() { return this.state.font; }
  set font(v) { this.state.font = String(v); }
  get textAlign() { return this.state.textAlign; }
  set textAlign(v) { this.state.textAlign = v; }
  get textBaseline() { return this.state.textBaseline; }
  set textBaseline(v) { this.state.textBaseline = v; }
  setLineDash(d) { if (Array.isArray(d) && d.every((v) => Number.isFinite(v) && v >= 0)) this.state.dash = d.length % 2 ? [...d, ...d] : [...d]; }
  getLineDash() { return [...this.state.dash]; }

  save() { this.stack.push(this.state); this.state = { ...this.state, opened: 0 }; }
  restore() {
    if (!this.stack.length) return;
    for (let i = 0; i < this.state.opened; i++) this.groups.pop();
    this.state = this.stack.pop();
  }

  // ---- transforms ----
  setTransform(a, b, c, d, e, f) {
    if (typeof a === 'object' && a) ({ a, b, c, d, e, f } = a);
    this.state.m = [a, b, c, d, e, f];
  }
  resetTransform() { this.state.m = IDENTITY; }
  getTransform() { const [a, b, c, d, e, f] = this.state.m; return { a, b, c, d, e, f }; }
  transform(a, b, c, d, e, f) { this.state.m = multiply(this.state.m, [a, b, c, d, e, f]); }
  translate(x, y) { this.transform(1, 0, 0, 1, x, y); }
  scale(x, y) { this.transform(x, 0, 0, y, 0, 0); }
  rotate(a) { this.transform(Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), 0, 0); }
  pt(x, y) { const m = this.state.m; return [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]]; }
  get k() { const m = this.state.m; return Math.sqrt(Math.abs(m[0] * m[3] - m[1] * m[2])); }
  get turn() { const m = this.state.m; return Math.atan2(m[1], m[0]); }
  get mirrored() { const m = this.state.m; return m[0] * m[3] - m[1] * m[2] < 0; }

  // ---- paths (kept as SVG path data in picture coordinates) ----
  beginPath() { this.path = []; this.cur = null; }
  moveTo(x, y) { const p = this.pt(x, y); this.path.push(`M${num(p[0])} ${num(p[1])}`); this.cur = p; this.start = p; }
  lineTo(x, y) {
    if (!this.cur) { this.moveTo(x, y); return; }
    const p = this.pt(x, y); this.path.push(`L${num(p[0])} ${num(p[1])}`); this.cur = p;
  }
  closePath() { if (this.cur) { this.path.push('Z'); this.cur = this.start; } }
  bezierCurveTo(a, b, c, d, x, y) {
    if (!this.cur) this.moveTo(a, b);
    const p = [this.pt(a, b), this.pt(c, d), this.pt(x, y)];
    this.path.push(`C${p.map((q) => `${num(q[0])} ${num(q[1])}`).join(' ')}`); this.cur = p[2];
  }
  quadraticCurveTo(a, b, x, y) {
    if (!this.cur) this.moveTo(a, b);
    const p = [this.pt(a, b), this.pt(x, y)];
    this.path.push(`Q${p.map((q) => `${num(q[0])} ${num(q[1])}`).join(' ')}`); this.cur = p[1];
  }
  rect(x, y, w, h) { this.moveTo(x, y); this.lineTo(x + w, y); this.lineTo(x + w, y + h); this.lineTo(x, y + h); this.closePath(); this.moveTo(x, y); }
  arc(x, y, r, a0, a1, ccw = false) { this.ellipse(x, y, r, r, 0, a0, a1, ccw); }
  ellipse(x, y, rx, ry, rot, a0, a1, ccw = false) {
    if (!(rx >= 0 && ry >= 0) || ![x, y, rx, ry, rot, a0, a1].every(Number.isFinite)) return;
    const TAU = 2 * Math.PI;
    let sweep = ccw ? a0 - a1 : a1 - a0;
    sweep = sweep >= TAU ? TAU : ((sweep % TAU) + TAU) % TAU;
    const at = (t) => this.pt(x + rx * Math.cos(t) * Math.cos(rot) - ry * Math.sin(t) * Math.sin(rot), y + rx * Math.cos(t) * Math.sin(rot) + ry * Math.sin(t) * Math.cos(rot));
    const p0 = at(a0);
    if (this.cur) this.path.push(`L${num(p0[0])} ${num(p0[1])}`); else { this.path.push(`M${num(p0[0])} ${num(p0[1])}`); this.start = p0; }
    // in quarter turns at most, so no arc command is ambiguous (a full circle included)
    const n = Math.max(1, Math.ceil(sweep / (Math.PI / 2) - 1e-9)), dir = ccw ? -1 : 1;
    const k = this.k, deg = ((rot + this.turn) * 180) / Math.PI, flag = ccw !== this.mirrored ? 0 : 1;
    let p = p0;
    for (let i = 1; i <= n; i++) {
      p = at(a0 + (dir * sweep * i) / n);
      this.path.push(`A${num(rx * k)} ${num(ry * k)} ${num(deg)} 0 ${flag} ${num(p[0])} ${num(p[1])}`);
    }
    this.cur = p;
  }

  // An SvgPath's data in picture coordinates (drawn through the current transform, as Path2D is).
  pathData(p) {
    if (!(p instanceof SvgPath)) return this.path.join('');
    const [saved, cur, start] = [this.path, this.cur, this.start];
    this.beginPath();
    for (const [op, ...a] of p.ops) this[op](...a);
    const d = this.path.join('');
    [this.path, this.cur, this.start] = [saved, cur, start];
    return d;
  }

  // ---- painting ----
  paint(style, kind) {
    const attrs = {};
    if (style instanceof Gradient) attrs[kind] = `url(#${this.gradient(style)})`;
    else {
      const [c, a] = parseColour(style) ?? ['#000000', 0];
      attrs[kind] = c;
      if (a * this.state.globalAlpha < 1) attrs[`${kind}-opacity`] = num3(a * this.state.globalAlpha);
    }
    if (style instanceof Gradient && this.state.globalAlpha < 1) attrs[`${kind}-opacity`] = num3(this.state.globalAlpha);
    return attrs;
  }
  gradient(g) {
    const id = `${this.idPrefix}-g${++this.ids}`;
    const [x0, y0] = g.m ? applyM(g.m, g.points[0], g.points[1]) : g.points;
    const [x1, y1] = g.m ? applyM(g.m, g.points[2], g.points[3]) : g.points.slice(2);
    const stops = [...g.stops].sort((a, b) => a[0] - b[0]).map(([o, c]) => {
      const [col, a] = parseColour(c) ?? ['#000000', 0];
      return `<stop offset="${num3(o)}" stop-color="${col}"${a < 1 ? ` stop-opacity="${num3(a)}"` : ''}/>`;
    }).join('');
    this.defs.push(`<linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="${num(x0)}" y1="${num(y0)}" x2="${num(x1)}" y2="${num(y1)}">${stops}</linearGradient>`);
    return id;
  }
  createLinearGradient(x0, y0, x1, y1) { return new Gradient(x0, y0, x1, y1, this.state.m); }
  add(tag, attrs, text) { this.groups[this.groups.length - 1].children.push({ tag, attrs, text }); }

  fill(a, b) {
    const d = this.pathData(a);
    if (!d) return;
    const rule = (typeof a === 'string' ? a : b) === 'evenodd' ? { 'fill-rule': 'evenodd' } : {};
    this.add('path', { d, ...this.paint(this.state.fillStyle, 'fill'), ...rule });
  }
  strokeAttrs() {
    const s = this.state, k = this.k, out = { fill: 'none', ...this.paint(s.strokeStyle, 'stroke'), 'stroke-width': num(s.lineWidth * k) };
    if (s.dash.length && s.dash.some((v) => v > 0)) out['stroke-dasharray'] = s.dash.map((v) => num(v * k)).join(' ');
    if (s.lineCap !== 'butt') out['stroke-linecap'] = s.lineCap;
    if (s.lineJoin !== 'miter') out['stroke-linejoin'] = s.lineJoin;
    return out;
  }
  stroke(p) {
    const d = this.pathData(p);
    if (d) this.add('path', { d, ...this.strokeAttrs() });
  }
  clip(a) {
    const d = this.pathData(a);
    const id = `${this.idPrefix}-c${++this.ids}`;
    this.defs.push(`<clipPath id="${id}"><path d="${d || 'M0 0'}"/></clipPath>`);
    const g = { tag: 'g', attrs: { 'clip-path': `url(#${id})` }, children: [] };
    this.groups[this.groups.length - 1].children.push(g);
    this.groups.push(g);
    this.state.opened++;
  }
  fillRect(x, y, w, h) { const [p, c] = [this.path, this.cur]; this.beginPath(); this.rect(x, y, w, h); this.fill(); [this.path, this.cur] = [p, c]; }
  strokeRect(x, y, w, h) { const [p, c] = [this.path, this.cur]; this.beginPath(); this.rect(x, y, w, h); this.stroke(); [this.path, this.cur] = [p, c]; }
  clearRect() { /* a picture starts empty: nothing to clear */ }

  // ---- text ----
  measureText(text) { return { width: this.measure(String(text), this.state.font) }; }
  text(t, x, y, paintAttrs) {
    const f = parseFont(this.state.font), s = this.state;
    // the baseline the canvas would use, as an offset from the alphabetic one (typical sans-serif metrics)
    const dy = { top: 0.8, hanging: 0.7, middle: 0.32, ideographic: -0.2, bottom: -0.2 }[s.textBaseline] ?? 0;
    const anchor = { center: 'middle', end: 'end', right: 'end' }[s.textAlign] ?? 'start';
    const attrs = { 'font-family': f.family, 'font-size': num(f.size) };
    if (f.weight !== 400) attrs['font-weight'] = String(f.weight);
    if (f.style !== 'normal') attrs['font-style'] = f.style;
    if (anchor !== 'start') attrs['text-anchor'] = anchor;
    const m = s.m;
    if (m[1] === 0 && m[2] === 0 && m[0] === m[3] && m[0] > 0) {
      const [px, py] = this.pt(x, y + dy * f.size);
      Object.assign(attrs, { x: num(px), y: num(py), 'font-size': num(f.size * m[0]) });
    } else Object.assign(attrs, { x: num(x), y: num(y + dy * f.size), transform: `matrix(${m.map((v) => num3(v)).join(' ')})` });
    this.add('text', { ...attrs, ...paintAttrs }, t);
  }
  fillText(t, x, y) { if ([x, y].every(Number.isFinite)) this.text(String(t), x, y, this.paint(this.state.fillStyle, 'fill')); }
  strokeText(t, x, y) {
    if (![x, y].every(Number.isFinite)) return;
    const a = this.strokeAttrs();
    delete a['stroke-dasharray'];
    this.text(String(t), x, y, a);
  }

  /** The picture as an SVG document (UTF-8 text). `title` and `desc` are its accessible name and description. */
  toSVG() {
    const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${num(this.width)}" height="${num(this.height)}" viewBox="0 0 ${num(this.width)} ${num(this.height)}" role="img" xml:space="preserve">`];
    if (this.title) out.push(`<title>${xmlText(this.title)}</title>`);
    if (this.desc) out.push(`<desc>${xmlText(this.desc)}</desc>`);
    if (this.defs.length) out.push(`<defs>${this.defs.join('')}</defs>`);
    // the canvas's miter limit (10; SVG's own default is 4)
    out.push('<g stroke-miterlimit="10">');
    const write = (node) => {
      for (const c of node.children) {
        const attrs = Object.entries(c.attrs).map(([k, v]) => ` ${k}="${esc(v)}"`).join('');
        if (c.tag === 'g') { out.push(`<g${attrs}>`); write(c); out.push('</g>'); }
        else if (c.text !== undefined) out.push(`<${c.tag}${attrs}>${xmlText(c.text)}</${c.tag}>`);
        else out.push(`<${c.tag}${attrs}/>`);
      }
    };
    write(this.root);
    out.push('</g></svg>');
    return out.join('\n') + '\n';
  }
}

const num3 = (v) => String(Math.round(v * 1000) / 1000);
const applyM = (m, x, y) => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
