// One picture (issue 33): for one scenario request per query of every game, opened as a
// `{"request": …}` link, the page's Download SVG and movecalc-render of the same link at the same
// board width draw the same board: the same framing box, the same column and row numbers where the
// same, the same marks (the colours the board is drawn in) and the same legend entries, each in a
// colour the picture draws.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, DESKTOP, ruled, openPanel, openRequestLink } from './browser.mjs';
import { checkPosition } from '../../web/share.js';
import { parseColour } from '../../web/svg-context.js';
import { legendMarks } from '../../web/scene.js';
import { createEngine } from '../../wasm/movecalc.mjs';
import { scenarioFiles, loadScenario, root } from '../js/util.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const described = JSON.parse((await createEngine()).requestText('{"query":"describe"}')).result;
const holds = (r) => { try { checkPosition({ request: r }); return true; } catch { return false; } };

// the first scenario request the page can hold of each query of every game; [null, {system, query}]
// where there is none
function sample() {
  const all = scenarioFiles().map((f) => [f, loadScenario(f).request]).filter(([, r]) => r?.system && r.query !== 'describe' && holds(r));
  return described.systems.flatMap((s) => s.queries.map(({ name }) => all.find(([, r]) => r.system === s.id && r.query === name) ?? [null, { system: s.id, query: name }]));
}

/** The elements of an SVG as the picture writes them: [{name, attrs, text}]. */
function elements(svg) {
  const out = [];
  for (const m of svg.matchAll(/<([a-z]+)((?:\s+[\w:-]+="[^"]*")*)\s*(\/?)>(?:([^<]*)<\/\1>)?/g)) {
    const attrs = Object.fromEntries([...m[2].matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]]));
    out.push({ name: m[1], attrs, text: (m[4] ?? '').replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>') });
  }
  return out;
}

/** What a picture draws: its board's box, the grid's numbers in it, the marks' colours, the legend. */
function drawn(svg) {
  const els = elements(svg);
  const frame = els.find((e) => e.name === 'path' && e.attrs.stroke === '#cfc9ba');
  const n = frame.attrs.d.match(/-?[\d.]+/g).map(Number);
  const box = [Math.min(n[0], n[2], n[4]), Math.min(n[1], n[3], n[5]), Math.max(n[0], n[2], n[4]), Math.max(n[1], n[3], n[5])];
  const texts = els.filter((e) => e.name === 'text');
  const start = texts.findIndex((e) => e.text === 'What the marks mean');
  const end = texts.findIndex((e) => e.text === 'This ruling in movecalc:');
  const legend = texts.slice(start + 1, end).filter((e) => e.attrs['font-size'] === '13').map((e) => e.text).join(' ');
  const onBoard = (e) => Number(e.attrs.y) > box[1] && Number(e.attrs.y) < box[3];
  const grid = texts.filter((e) => onBoard(e) && e.attrs.fill === '#3d4a3a' && /^\d+$/.test(e.text))
    .map((e) => [e.text, Number(e.attrs.x) - box[0], Number(e.attrs.y) - box[1]]).sort((a, b) => a[1] - b[1] || a[2] - b[2]);
  const colours = new Set(els.filter((e) => e.name === 'path').flatMap((e) => [e.attrs.fill, e.attrs.stroke]).filter((c) => c && c !== 'none'));
  return { size: [box[2] - box[0], box[3] - box[1]], grid, colours, legend, uses: (c) => els.filter((e) => e.attrs.fill === c || e.attrs.stroke === c).length };
}

test('one picture per query of every game: the page\'s Download SVG and movecalc-render draw the same board, numbers, marks and legend', async () => {
  const context = await env.browser.newContext({ viewport: DESKTOP, acceptDownloads: true });
  const page = await context.newPage();
  let checked = 0;
  const sampled = sample();
  const missing = sampled.filter(([file]) => !file).map(([, r]) => `${r.system} ${r.query}`);
  assert.deepEqual(missing, [], 'queries with no scenario request the page can hold');
  for (const [file, req] of sampled) {
    const label = file.split('/').slice(-2).join('/');
    const code = await openRequestLink(page, env, req);
    await ruled(page);
    await openPanel(page, 'share-panel');
    const [dl] = await Promise.all([page.waitForEvent('download'), page.click('#download-svg')]);
    const fromPage = drawn(readFileSync(await dl.path(), 'utf8'));
    const width = Math.round(fromPage.size[0] - 1);
    const r = spawnSync(process.execPath, [join(root, 'bin', 'movecalc-render.mjs'), `#p=${code}`, '--width', String(width)], { encoding: 'utf8', timeout: 120000 });
    assert.equal(r.status, 0, `${label}: ${r.stderr}`);
    const fromCli = drawn(r.stdout);
    assert.deepEqual(fromCli.size, fromPage.size, `${label}: the same framing box`);
    // the same numbers in the same places (within 3 px: a text's width is measured by the browser on
    // the page, by svg-context.js's table in Node)
    assert.deepEqual(fromCli.grid.map((g) => g[0]), fromPage.grid.map((g) => g[0]), `${label}: the same column and row numbers`);
    fromCli.grid.forEach(([t, x, y], i) => assert.ok(Math.hypot(x - fromPage.grid[i][1], y - fromPage.grid[i][2]) <= 3, `${label}: ${t} in the same place`));
    if (described.systems.find((g) => g.id === req.system).board === 'hex') assert.ok(fromCli.grid.length > 0, `${label}: the hexes are numbered`);
    assert.equal(fromCli.legend, fromPage.legend, `${label}: the same legend`);
    assert.deepEqual([...fromCli.colours].sort(), [...fromPage.colours].sort(), `${label}: the same marks`);
    // each entry of a line, fill or outline in a colour the picture draws beyond its own swatch; no
    // hint of what a still picture cannot do
    assert.doesNotMatch(fromCli.legend, /slider|press an entry|\btap\b|\bdrag\b/i, `${label}: no interactive hint`);
    for (const m of legendMarks(req.system, req.query)) {
      if (!fromCli.legend.includes(m.still ?? m.text) || !['fill', 'outline', 'line'].includes(m.swatch) || m.key === 'unit' || m.key === 'token') continue;
      const [c] = parseColour(m.color);
      for (const [way, pic] of [['movecalc-render', fromCli], ['Download SVG', fromPage]]) assert.ok(pic.uses(c) >= 2, `${label}: ${way}'s "${m.text}" in ${c} is drawn`);
    }
    checked++;
  }
  console.log(`# ${checked} pictures compared`);
  assert.ok(checked >= described.systems.reduce((n, s) => n + s.queries.length, 0) - 1);
  await context.close();
});
