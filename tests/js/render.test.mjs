// bin/movecalc-render.mjs (issue 25): a ruling as an SVG picture without a browser. One scenario per
// game: the SVG is well-formed XML, names every unit and says every legend entry of the query in
// its visible text, and each unit's label is drawn inside the viewBox and the board's frame; the
// input forms (request, link code, link URL, position JSON) and the exit codes of --help.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root, loadScenario, scenarioFiles } from './util.mjs';
import { legendMarks } from '../../web/scene.js';
import { encodeShare } from '../../web/share.js';
import { parseColour } from '../../web/svg-context.js';
import { SYSTEMS as GAMES } from '../../web/model.js';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

const bin = join(root, 'bin', 'movecalc-render.mjs');
const dir = mkdtempSync(join(tmpdir(), 'movecalc-render-'));
const run = (args, input) => spawnSync(process.execPath, [bin, ...args], { input, encoding: 'utf8', timeout: 120000 });

/**
 * A small XML reader, enough to tell a well-formed SVG (one root, tags nested and closed, quoted
 * attributes, known entities only) and to list its elements: [{name, attrs, text}].
 */
function readXml(xml) {
  const elements = [], open = [];
  let i = 0, roots = 0;
  const entity = (s, where) => {
    for (const m of s.matchAll(/&([^;\s]*);?/g)) assert.match(m[0], /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);$/i, `bad entity ${m[0]} in ${where}`);
    return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
  };
  if (xml.startsWith('<?xml')) i = xml.indexOf('?>') + 2;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    if (text.trim()) {
      assert.ok(open.length, `text outside the root: ${text.slice(0, 40)}`);
      open[open.length - 1].text += entity(text, 'text');
    }
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    assert.ok(gt > 0, 'a tag is not closed');
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('/')) {
      const name = tag.slice(1).trim();
      assert.equal(open.pop()?.name, name, `</${name}> closes another element`);
      continue;
    }
    const m = /^([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*="[^"<]*")*)\s*(\/?)$/.exec(tag);
    assert.ok(m, `a malformed tag: <${tag.slice(0, 60)}>`);
    const attrs = {};
    for (const a of m[2].matchAll(/([A-Za-z_][\w:.-]*)="([^"]*)"/g)) {
      assert.ok(!(a[1] in attrs), `attribute ${a[1]} twice`);
      attrs[a[1]] = entity(a[2], `attribute ${a[1]}`);
    }
    const el = { name: m[1], attrs, text: '' };
    elements.push(el);
    if (!open.length) roots++;
    if (!m[3]) open.push(el);
  }
  assert.equal(open.length, 0, 'elements left open');
  assert.equal(roots, 1, 'one root element');
  return elements;
}

const flat = (s) => s.replace(/\s+/g, ' ').trim();

// Issue 33: a picture's legend lists only the marks drawn, in the colours drawn, with no hint of
// what a still picture cannot do (a slider, a list to press, a tool). Each entry of a line, fill or
// outline is in a colour the picture uses again beyond its own swatch; the units' entry and the
// hexes' numbers are there (a hex board numbers its columns and rows) with what they name.
const HINTS = /slider|press an entry|\btap\b|\bdrag\b|Move tool|below the verdict/i;
function legendDrawn(els, system, query, label) {
  const texts = els.filter((e) => e.name === 'text');
  const visible = flat(texts.filter((e) => e.attrs.fill !== 'none').map((e) => e.text).join(' '));
  const start = texts.findIndex((e) => e.text === 'What the marks mean');
  assert.ok(start > 0, `${label}: a legend`);
  assert.doesNotMatch(visible, HINTS, `${label}: no interactive hint`);
  const uses = (c) => els.filter((e) => e.attrs.fill === c || e.attrs.stroke === c).length;
  const listed = [];
  for (const m of legendMarks(system, query)) {
    const words = flat(m.still ?? m.text);
    if (!visible.includes(words)) continue;
    listed.push(m.key ?? words);
    if (['fill', 'outline', 'line'].includes(m.swatch) && m.key !== 'unit' && m.key !== 'token') {
      const [c] = parseColour(m.color);
      assert.ok(uses(c) >= 2, `${label}: "${words}" is in ${c}, drawn on the board`);
    }
  }
  assert.ok(listed.includes('unit') || listed.includes('token'), `${label}: the units' entry`);
  if (SYSTEMS_HEX.has(system)) {
    assert.ok(listed.includes('coords'), `${label}: the hexes' numbers' entry`);
    const numbers = texts.slice(0, start).filter((e) => e.attrs.fill === '#3d4a3a' && /^\d+$/.test(e.text)).map((e) => Number(e.text));
    assert.ok(numbers.includes(0) && numbers.includes(1), `${label}: column and row numbers drawn, every one from 0 (${numbers.slice(0, 12)})`);
  }
  return listed;
}

// the first scenario of each game with units, on a query it draws (not describe), of two sides:
// Arcane Legions' games of three or more players stand at the corner of a table they do not give,
// too small in a picture of the whole table for the labels checked here
const SYSTEMS = SYSTEM_IDS; // the engine's list (src/systems.def)
const SYSTEMS_HEX = new Set(SYSTEMS.filter((s) => GAMES[s].board === 'hex'));
const firstOf = (system) => scenarioFiles().filter((f) => f.includes(`/scenarios/${system}/`)).map(loadScenario)
  .find((s) => s.request?.system === system && Array.isArray(s.request.units) && s.request.units.length >= 1
    && new Set(s.request.units.map((u) => u.side)).size <= 2 && s.expect?.ok !== false);

for (const system of SYSTEMS) {
  test(`${system}: the picture of a scenario is well-formed SVG with the units' names, the legend and the units in view`, () => {
    const sc = firstOf(system);
    assert.ok(sc, `${system} has a scenario to draw`);
    const file = join(dir, `${system}.json`), out = join(dir, `${system}.svg`);
    writeFileSync(file, JSON.stringify(sc.request));
    const r = run([file, '-o', out, '--site', 'https://movecalc.example/']);
    assert.equal(r.status, 0, r.stderr);
    const svg = readFileSync(out, 'utf8');
    const els = readXml(svg);
    assert.equal(els[0].name, 'svg');
    const [vx, vy, vw, vh] = els[0].attrs.viewBox.split(' ').map(Number);
    assert.deepEqual([vx, vy], [0, 0]);
    assert.equal(vw, Number(els[0].attrs.width));
    assert.equal(vh, Number(els[0].attrs.height));
    const texts = els.filter((e) => e.name === 'text');
    const visible = flat(texts.filter((e) => e.attrs.fill !== 'none').map((e) => e.text).join(' '));
    for (const u of sc.request.units) assert.ok(visible.includes(u.id), `${system}: ${u.id} is named`);
    legendDrawn(els, system, sc.request.query, `${system}`);
    assert.ok(visible.includes('https://movecalc.example/#p=1'), `${system}: the caption is the share link`);
    // every unit's label (white, over its token; its first letters where the name does not fit, or
    // the game's badge on it, C&C's unit type, where no name fits the whole board) lies in the
    // board's frame, which lies in the viewBox
    const frame = els.find((e) => e.name === 'path' && e.attrs.stroke === '#cfc9ba');
    const fx = frame.attrs.d.match(/-?[\d.]+/g).map(Number), box = [Math.min(fx[0], fx[2], fx[4]), Math.min(fx[1], fx[3], fx[5]), Math.max(fx[0], fx[2], fx[4]), Math.max(fx[1], fx[3], fx[5])];
    assert.ok(box[0] >= 0 && box[1] >= 0 && box[2] <= vw && box[3] <= vh, `${system}: the board lies in the viewBox`);
    for (const u of sc.request.units) {
      const badge = GAMES[system].sceneUnit?.(u)?.badge;
      const label = texts.find((e) => e.attrs.fill === '#ffffff' && (e.text === u.id || e.text === badge || (e.text.length >= 2 && u.id.startsWith(e.text.replace(/…$/, '')))));
      assert.ok(label, `${system}: ${u.id} has a label on the board`);
      const [x, y] = [Number(label.attrs.x), Number(label.attrs.y)];
      assert.ok(x > box[0] && x < box[2] && y > box[1] && y < box[3], `${system}: ${u.id}'s label (${x}, ${y}) lies on the board ${box}`);
    }
  });
}

// The picture lists an AL move's events under the verdict, numbered as the board's markers are
// (issue 23): a sortie facing 30° meets b's front edge corner-first after 0.5 / cos 30° = 0.58 steps,
// pivots 30° anticlockwise and slides right 0.21 steps to the next notch.
test('AL-SNP-1 AL-SLD-1 the picture lists the move\'s events under the verdict, and the board numbers them the same', () => {
  const sc = loadScenario(join(root, 'tests', 'scenarios', 'arcane-legions', 'al-snp-1-30-degrees-into-unit-then-slide.json'));
  const r = run(['-'], JSON.stringify(sc.request));
  assert.equal(r.status, 0, r.stderr);
  const els = readXml(r.stdout), texts = els.filter((e) => e.name === 'text' && e.attrs.fill !== 'none');
  const fx = els.find((e) => e.name === 'path' && e.attrs.stroke === '#cfc9ba').attrs.d.match(/-?[\d.]+/g).map(Number);
  const onBoard = (e) => Number(e.attrs.y) > Math.min(fx[1], fx[3], fx[5]) && Number(e.attrs.y) < Math.max(fx[1], fx[3], fx[5]);
  const said = flat(texts.map((e) => e.text).join(' '));
  for (const line of ['1. collides with b’s front edge after 0.58 steps', '2. snaps 30° anticlockwise onto it', '3. slides right 0.21 steps along it']) {
    assert.ok(said.includes(line), `the picture says "${line}"`);
  }
  assert.deepEqual(texts.filter((e) => onBoard(e) && e.attrs.fill === '#ffffff' && /^\d+$/.test(e.text)).map((e) => e.text).sort(), ['1', '2', '3'], 'the board numbers the three events');
});

test('a share link, its fragment, its code and a position JSON all draw the same picture; the caption is the link', async () => {
  const position = { system: 'godsgloom', board: { cols: 8, rows: 6 },
    sides: [{ name: 'Wardens', color: '#1d5fbf' }, { name: 'Hollow', color: '#b3261e' }],
    units: [{ id: 'Shieldwall', side: 'Wardens', q: 1, r: 3, facing: 1, speed: 3 }, { id: 'Ghoul pack', side: 'Hollow', q: 5, r: 2, facing: 4, speed: 4 }],
    terrain: [], query: 'reach', inputs: { reach: { unit: 'Shieldwall' } } };
  const code = await encodeShare(position, { compress: false });
  const file = join(dir, 'position.json');
  writeFileSync(file, JSON.stringify(position));
  const fromUrl = run([`https://example.org/movecalc/#p=${code}`]);
  assert.equal(fromUrl.status, 0, fromUrl.stderr);
  assert.ok(flat(fromUrl.stdout).includes('Shieldwall') && fromUrl.stdout.includes('Ghoul pack'));
  assert.ok(fromUrl.stdout.includes('https://example.org/movecalc/#p=1.'), 'the caption links to the page the link came from');
  for (const input of [[`#p=${code}`], [code], [file], ['-']]) {
    const r = run(input, input[0] === '-' ? code : undefined);
    assert.equal(r.status, 0, `${input}: ${r.stderr}`);
    assert.ok(r.stdout.includes('>#p=1.'), `${input}: without --site the caption is the fragment`);
    // the same board: every shape but the background (whose height follows the caption's length)
    const shapes = (svg) => svg.split('\n').filter((l) => l.startsWith('<path')).slice(1);
    assert.deepEqual(shapes(r.stdout), shapes(fromUrl.stdout), `${input}: the same drawing`);
  }
});

test('--help exits 0; a missing file, a bad link, an unknown system and bad options exit 2; an unreadable request exits 1', () => {
  const help = run(['--help']);
  assert.equal(help.status, 0);
  assert.match(help.stdout, /^usage: movecalc-render INPUT/);
  for (const [args, input, why] of [
    [[join(dir, 'missing.json')], undefined, /cannot read .*missing\.json: ENOENT/],
    [['1.@@@'], undefined, /unexpected argument|cannot read/],
    [['#p=1.AAAA'], undefined, /the link cannot be read/],
    [['-'], '{"system": "chess", "query": "move"}', /system: must be one of/],
    [['-'], '[1, 2]', /expected a JSON object/],
    [['-'], '{"system": ', /not valid JSON/],
    [['-', '--width', '12'], '{}', /--width must be/],
    [[], undefined, /no INPUT given/],
  ]) {
    const r = run(args, input);
    assert.equal(r.status, 2, `${args} ${input}: ${r.stderr}`);
    assert.match(r.stderr, why);
    assert.equal(r.stdout, '');
  }
  const bad = run(['-'], JSON.stringify({ system: 'godsgloom', query: 'reach', board: { cols: 8, rows: 6 }, units: [{ id: 'A', side: 'x', q: 1, r: 1, facing: 0, speed: 3 }], unit: 'A', ignoreUnits: 'yes' }));
  assert.equal(bad.status, 1, bad.stderr);
  assert.match(bad.stderr, /the engine could not read the request: ignoreUnits/);
  assert.equal(bad.stdout, '');
});

// Issue 33: an SVG is never written under a raster format's name.
test('-o OUT.png (and other raster names) is refused with a message, and no file is written', () => {
  for (const name of ['out.png', 'OUT.PNG', 'x.jpg', 'x.webp']) {
    const file = join(dir, name);
    const r = run(['-', '-o', file], '{"system": "godsgloom", "query": "reach", "board": {"cols": 4, "rows": 4}, "units": [{"id": "A", "side": "x", "q": 1, "r": 1, "facing": 0, "speed": 2}], "unit": "A"}');
    assert.equal(r.status, 2, name);
    assert.match(r.stderr, /writes SVG only/);
    assert.equal(existsSync(file), false, `${name} not written`);
  }
  const svg = join(dir, 'out.svg');
  const ok = run(['-', '-o', svg], '{"system": "godsgloom", "query": "reach", "board": {"cols": 4, "rows": 4}, "units": [{"id": "A", "side": "x", "q": 1, "r": 1, "facing": 0, "speed": 2}], "unit": "A"}');
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(readFileSync(svg, 'utf8'), /^<svg /);
});
