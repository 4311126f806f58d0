// web/svg-context.js, the Canvas 2D subset that records SVG (issue 25): colours as #rrggbb and an
// opacity (worked by hand below), transforms applied to points and line widths, arcs in quarter
// turns, clips closed by restore, and text from outside escaped so that it stays text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SvgContext, SvgPath, parseColour, parseFont } from '../../web/svg-context.js';

const body = (ctx) => ctx.toSVG().split('\n').slice(1, -2).filter((l) => !l.startsWith('<g stroke-miterlimit'));

test('colours: hex, rgb(a) and hsl(a) in both syntaxes become #rrggbb and an opacity', () => {
  assert.deepEqual(parseColour('#abc'), ['#aabbcc', 1]);
  assert.deepEqual(parseColour('#1d355780'), ['#1d3557', 128 / 255]);
  assert.deepEqual(parseColour('rgba(29,53,87,0.10)'), ['#1d3557', 0.1]);
  assert.deepEqual(parseColour('rgb(255, 0, 0)'), ['#ff0000', 1]);
  // hsl(200, 75%, 55%): C = (1 - |2·0.55 - 1|)·0.75 = 0.675, X = C·(1 - |200/60 mod 2 - 1|) = 0.45,
  // m = 0.55 - C/2 = 0.2125; 180° ≤ h < 240° gives (m, X + m, C + m) = (0.2125, 0.6625, 0.8875) → 54, 169, 226
  assert.deepEqual(parseColour('hsla(200 75% 55% / 0.45)'), ['#36a9e2', 0.45]);
  assert.deepEqual(parseColour('hsl(200, 75%, 55%)'), ['#36a9e2', 1]);
  assert.equal(parseColour('not a colour'), null);
  assert.equal(parseColour('url(javascript:alert(1))'), null);
});

test('fonts: the page\'s shorthand is read for size, weight and family', () => {
  assert.deepEqual(parseFont('600 12px system-ui, sans-serif'), { size: 12, weight: 600, family: 'system-ui, sans-serif', style: 'normal' });
  assert.deepEqual(parseFont('14px system-ui'), { size: 14, weight: 400, family: 'system-ui', style: 'normal' });
});

test('a transform moves points and scales line widths and dashes; alpha multiplies into opacity', () => {
  const ctx = new SvgContext(100, 100);
  ctx.setTransform(2, 0, 0, 2, 10, 10);
  ctx.beginPath(); ctx.moveTo(1, 1); ctx.lineTo(4, 1);
  ctx.strokeStyle = 'rgba(0,0,255,0.5)'; ctx.lineWidth = 3; ctx.setLineDash([4, 2]); ctx.globalAlpha = 0.5;
  ctx.stroke();
  assert.deepEqual(body(ctx), ['<path d="M12 12L18 12" fill="none" stroke="#0000ff" stroke-opacity="0.25" stroke-width="6" stroke-dasharray="8 4"/>']);
});

test('a full circle is four quarter arcs that end where it began; a Path2D stand-in strokes the same', () => {
  const ctx = new SvgContext(100, 100);
  ctx.beginPath(); ctx.arc(50, 50, 10, 0, Math.PI * 2); ctx.fill();
  const d = body(ctx)[0].match(/d="([^"]*)"/)[1];
  assert.equal(d.match(/A/g).length, 4);
  assert.match(d, /^M60 50A10 10 0 0 1 50 60A10 10 0 0 1 40 50A10 10 0 0 1 50 40A10 10 0 0 1 60 50$/);
  const p = new SvgPath(); p.moveTo(0, 0); p.lineTo(5, 5);
  ctx.stroke(p);
  assert.match(body(ctx)[1], /^<path d="M0 0L5 5" fill="none"/);
});

test('a clip holds what is drawn until restore; what follows is outside it', () => {
  const ctx = new SvgContext(100, 100);
  ctx.save();
  ctx.beginPath(); ctx.rect(0, 0, 10, 10); ctx.clip();
  ctx.fillRect(0, 0, 50, 50);
  ctx.restore();
  ctx.fillRect(60, 60, 5, 5);
  const lines = body(ctx);
  assert.match(lines[0], /^<defs><clipPath id="mc-c1"><path d="M0 0L10 0L10 10L0 10Z/);
  assert.deepEqual(lines.slice(1).map((l) => l.replace(/ d="[^"]*"/, '')), ['<g clip-path="url(#mc-c1)">', '<path fill="#000000"/>', '</g>', '<path fill="#000000"/>']);
});

test('text from outside stays text: markup escaped, control characters and lone surrogates dropped', () => {
  const ctx = new SvgContext(100, 100);
  ctx.title = 'a <title> & "more"';
  ctx.font = '600 12px system-ui, sans-serif'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle';
  ctx.fillText('</text><script>alert(1)</script>\u0001\ud800', 10, 20);
  const svg = ctx.toSVG();
  assert.ok(!svg.includes('<script'));
  assert.ok(svg.includes('<title>a &lt;title&gt; &amp; &quot;more&quot;</title>'));
  // centred; 'middle' puts the alphabetic baseline 0.32 em below the point
  assert.ok(svg.includes('<text font-family="system-ui, sans-serif" font-size="12" font-weight="600" text-anchor="middle" x="10" y="23.84" fill="#000000">&lt;/text&gt;&lt;script&gt;alert(1)&lt;/script&gt;\ufffd</text>'), svg);
});
