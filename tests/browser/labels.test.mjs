// The board's words read at a glance (issue 23), from the board's own record of what it drew
// (movecalcTest.boardLabels: each text with its box and kind): at every game's default position and
// answer, at 360 x 740 and 1280 x 800, no two texts overlap, every unit's name is drawn in full
// (there is room for each in these positions), and no text is under 12 CSS px. Each name sits
// against its own unit, or on a callout line that crosses no other unit (issue 32), there and at
// 1,000 units (issue 34). Beside the board:
// the legend has an entry for every kind of mark the answer draws, and a clause id in the ruling
// opens a dialog with that clause's words (docs/rules/<game>.md); a clause id in a verdict is a
// button that opens its entry in every game, at 360 x 740 by touch, without opening the verdict
// whole; a hex's terrain is its word or its short name (in the legend), never a cut word.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, PHONE, DESKTOP, hook, pickSystem, ruled, shot, overlay, openRequest, setMode, spearmenPursuit } from './browser.mjs';
import { root } from '../js/util.mjs';
import { toOffset, toAxial } from '../../web/hex.js';
import { SYSTEM_IDS, createEngine } from '../../wasm/movecalc.mjs';
import { limitDoc, linkCode } from '../../bench/page-limits.mjs';
// The games on a hex board, from describe.
const HEX_GAMES = (await createEngine()).request({ query: 'describe' }).result.systems.filter((s) => s.board === 'hex').map((s) => s.id);

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const MIN_PX = 12;
const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const overlaps = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;

async function openGame(viewport, system, touch) {
  const opened = await openPage(env, viewport, { touch });
  if (system === SYSTEM_IDS[0]) await ruled(opened.page); else await pickSystem(opened.page, system);
  await opened.page.click('#fit');
  await painted(opened.page);
  return opened;
}

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  for (const system of SYSTEM_IDS) {
    test(`${system} (${size} ${viewport.width}x${viewport.height}): board texts do not overlap, names are whole, nothing under ${MIN_PX} px`, async () => {
      const { context, page, errors } = await openGame(viewport, system, size === 'phone');
      const labels = await hook(page, 'boardLabels');
      const canvas = await page.locator('#board').boundingBox();
      assert.ok(labels.length > 0, 'the board drew some text');
      for (const l of labels) {
        assert.ok(l.px >= MIN_PX, `"${l.text}" is ${l.px} px`);
        assert.ok(l.box[0] >= -0.5 && l.box[1] >= -0.5 && l.box[2] <= canvas.width + 0.5 && l.box[3] <= canvas.height + 0.5, `"${l.text}" (${l.kind}) lies inside the board's view: ${l.box.map(Math.round)}`);
      }
      for (let i = 0; i < labels.length; i++) {
        for (let j = i + 1; j < labels.length; j++) {
          assert.ok(!overlaps(labels[i].box, labels[j].box), `"${labels[i].text}" (${labels[i].kind}) and "${labels[j].text}" (${labels[j].kind}) overlap: ${labels[i].box.map(Math.round)} / ${labels[j].box.map(Math.round)}`);
        }
      }
      const names = labels.filter((l) => l.kind === 'name');
      for (const u of (await hook(page, 'state')).doc.units) {
        const mine = names.filter((l) => l.unit === u.id);
        assert.deepEqual(mine.map((l) => l.text), [u.id], `${u.id} is named once, in full`);
      }
      await namesAgainstTokens(page, `${system} ${size}`);
      await shot(page, `labels-${system}`, viewport);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// How far apart two screen boxes are (px; 0 when they touch or overlap).
const gap = (a, b) => Math.hypot(Math.max(0, a[0] - b[2], b[0] - a[2]), Math.max(0, a[1] - b[3], b[1] - a[3]));
// Whether a segment passes through a box shrunk by `inset` px (Liang-Barsky clipping).
function crosses([x0, y0, x1, y1], b, inset = 1.5) {
  let t0 = 0, t1 = 1;
  const dx = x1 - x0, dy = y1 - y0;
  for (const [p, q] of [[-dx, x0 - b[0] - inset], [dx, b[2] - inset - x0], [-dy, y0 - b[1] - inset], [dy, b[3] - inset - y0]]) {
    if (p === 0) { if (q < 0) return false; continue; }
    const r = q / p;
    if (p < 0) t0 = Math.max(t0, r); else t1 = Math.min(t1, r);
    if (t0 > t1) return false;
  }
  return true;
}
// A name beside its unit leaves 2-3 px of halo between them (board.js planNames): 6 px is against it.
const AGAINST_PX = 6;

/**
 * Issue 32: a name sits against its own unit (inside it, or within AGAINST_PX of its box); only a
 * name with a callout line stands further off, and that line starts at its own unit and crosses no
 * other unit. No two names overlap. Returns the names checked.
 */
async function namesAgainstTokens(page, what) {
  const { names, bodies } = await hook(page, 'boardNames');
  for (const n of names) {
    const own = bodies[n.unit];
    assert.ok(own, `${what}: ${n.unit}'s body is known`);
    if (n.within) continue;
    if (!n.callout) {
      assert.ok(gap(n.box, own) <= AGAINST_PX, `${what}: "${n.text}" sits ${gap(n.box, own).toFixed(1)} px from its unit ${n.unit}, without a callout line`);
      continue;
    }
    const [x0, y0, x1, y1] = n.callout;
    assert.ok(gap([x0, y0, x0, y0], own) <= 1, `${what}: "${n.text}"'s callout starts at its unit`);
    assert.ok(gap([x1, y1, x1, y1], n.box) <= 3, `${what}: "${n.text}"'s callout ends at its name`);
    for (const [id, b] of Object.entries(bodies)) {
      if (id !== n.unit) assert.ok(!crosses(n.callout, b), `${what}: "${n.text}"'s callout line crosses unit ${id}`);
    }
  }
  for (let i = 0; i < names.length; i++) for (let j = i + 1; j < names.length; j++) {
    assert.ok(!overlaps(names[i].box, names[j].box), `${what}: the names "${names[i].text}" and "${names[j].text}" overlap`);
  }
  return names;
}

// At the limits (issue 34): a position of 1,000 units opened from a link at 360 x 740, at its fit
// view and zoomed in on its first unit, keeps the same rules for every name drawn.
const limitGames = [SYSTEM_IDS.find((id) => limitDoc(id).table), SYSTEM_IDS.find((id) => limitDoc(id).board)];
for (const system of limitGames) {
  test(`${system} at the limits (phone 360x740): 1,000 units' names sit against their own units, callouts cross no other unit, no two overlap`, { timeout: 300000 }, async () => {
    const d = limitDoc(system);
    const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${env.base}#p=${linkCode(system, d)}`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: 120000 });
    await page.waitForFunction((n) => window.movecalcTest.state().doc.units.length === n, d.units.length, { timeout: 120000 });
    await page.click('#fit');
    await painted(page);
    await namesAgainstTokens(page, `${system} fit`);
    await shot(page, `labels-limits-${system}-fit`, PHONE);
    // closer: a few units' spacing across the view, every one of them named
    const at = await hook(page, 'screenOf', 'u0');
    const canvas = await page.locator('#board').boundingBox();
    await page.mouse.move(at.x, at.y);
    for (let i = 0; i < 14; i++) { await page.mouse.wheel(0, -100); await painted(page); }
    const names = await namesAgainstTokens(page, `${system} zoomed`);
    assert.ok(names.length >= 4, `${system} zoomed: ${names.length} names drawn`);
    // the names are placed for the units near the view, not the whole position (issue 34)
    const near = await hook(page, 'boardCandidates');
    assert.ok(near.units < d.units.length / 4, `${system} zoomed: names tried for ${near.units} of ${d.units.length} units`);
    await shot(page, `labels-limits-${system}-zoomed`, PHONE);
    assert.ok(canvas.width > 0);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// What each kind of overlay item looks like in the legend: an entry's symbol, or words of its text.
function expectedEntries(items) {
  const want = new Set(['unit']);
  for (const it of items) {
    if (it.type === 'mark' && it.shape === 'x') want.add('✕');
    if (it.type === 'mark' && it.shape === 'pivot') want.add('◎');
    if (it.type === 'points' && it.points.some((p) => p.shape === 'x')) want.add('✕');
    if (it.type === 'hexpath' && it.numbered) want.add('1');
    if (it.type === 'hexes' && it.cells.some((h) => h.label !== undefined)) want.add('cost');
    if (it.type === 'hexes' && it.cells.some((h) => h.badge)) want.add('badge');
    if (it.type === 'hexes' && it.cells.some((h) => h.stop)) want.add('must stop');
    if (it.type === 'cells') want.add('movement point');
    if (it.type === 'pose') want.add('where the unit');
  }
  return [...want];
}

// The words of a clause as docs/rules/<game>.md gives them: the first line under its heading, without links.
function clauseWords(system, id) {
  const text = readFileSync(join(root, 'docs', 'rules', `${system}.md`), 'utf8');
  const section = text.split(/^### /m).find((s) => s.split('\n')[0].trim() === id);
  assert.ok(section, `${id} has a section in docs/rules/${system}.md`);
  const line = section.split('\n').slice(1).find((l) => l.trim());
  return line.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*`_]/g, '').split(/\s+/).slice(0, 6).join(' ');
}

for (const system of SYSTEM_IDS) {
  test(`${system}: the legend names every kind of mark drawn; a clause id opens its words`, async () => {
    const { context, page, errors } = await openGame(DESKTOP, system, false);
    // The Ninth Age opens with nothing asked, no answer drawn or ruled (docs/page.md "What a game
    // opens with"): the pursuit it opened on, planned, is the answer read here
    if (system === 'ninth-age') await spearmenPursuit(page);
    const items = await overlay(page);
    if (!(await page.$eval('#legend-panel', (d) => d.open))) await page.click('#legend-panel summary');
    const entries = await page.$$eval('#legend li', (lis) => lis.map((li) => ({ symbol: li.querySelector('.swatch')?.textContent ?? '', text: li.textContent })));
    for (const want of expectedEntries(items)) {
      const found = entries.some((e) => (want.length === 1 ? e.symbol === want : e.text.includes(want === 'unit' ? 'a unit' : want)));
      assert.ok(found, `${system}: the legend has an entry for "${want}": ${JSON.stringify(entries)}`);
    }
    // each badge drawn on a hex is spelled out in the legend itself, word by word (GODSGLOOM's "A"
    // and "N" only in the Result's list, a tab away on a phone: a newcomer's review)
    const said = entries.map((e) => e.text).join(' ');
    const badges = new Set(items.filter((it) => it.type === 'hexes').flatMap((it) => it.cells).flatMap((h) => (h.badge ? String(h.badge).split(' ') : [])));
    for (const w of badges) assert.ok(new RegExp(`(^|\\W)${w}(\\W|$)`).test(said), `${system}: the badge “${w}” in the legend's words: ${said}`);
    // what the page adds to every answer's drawing: the selection, and what the board itself draws
    assert.ok(entries.some((e) => e.text.includes('selected unit')), `${system}: the selected unit's outline`);
    // and the arrows at a zoomed view's edge ("16 hexes ▲" unexplained: a newcomer's review)
    assert.ok(entries.some((e) => e.symbol === '▲' && e.text.includes('out of view')), `${system}: the arrows at the view's edge`);
    if (system === 'torn-world') assert.ok(entries.some((e) => e.text.includes('hexon centre')), 'Torn World: its grey hexon dots');
    // the unit's swatch has the board's shape: a round token on hexes, a square base on a table
    const round = await page.$eval('#legend li .swatch', (s) => s.style.borderRadius);
    assert.equal(round, HEX_GAMES.includes(system) ? '50%' : '2px', `${system}: the unit's swatch`);
    // the words of the reach colours match the colours drawn (costHexes: green the cheapest)
    if (items.some((it) => it.type === 'hexes' && it.cells.some((h) => h.label !== undefined))) {
      assert.ok(entries.some((e) => /green the cheapest, yellow the dearest/.test(e.text)), `${system}: the reach's colours`);
      const hues = items.filter((it) => it.type === 'hexes').flatMap((it) => it.cells).filter((h) => Number.isFinite(h.label) && /^hsla/.test(h.color ?? ''))
        .map((h) => [h.label, Number(h.color.match(/^hsla\((\d+(?:\.\d+)?)/)[1])]);
      const cheapest = Math.min(...hues.map(([c]) => c));
      for (const [c, hue] of hues) if (c === cheapest) assert.equal(hue, 130, `${system}: the cheapest hexes green`);
    }
    const button = page.locator('#details button.rule, #verdict button.rule').first();
    const id = (await button.textContent()).trim();
    await button.click();
    await page.waitForFunction(() => document.querySelector('#clause-dialog')?.open && !/Loading/.test(document.querySelector('#clause-dialog').textContent));
    assert.equal(await page.textContent('#clause-title'), id);
    const words = clauseWords(system, id);
    const shown = (await page.textContent('#clause-dialog')).replace(/\s+/g, ' ');
    assert.ok(shown.includes(words), `${id}: the dialog shows "${words}…"\n${shown}`);
    await page.click('#clause-dialog button');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A legend entry for more than two kinds of badge lists each kind on a line of its own, its letters
// first, boxed as on the board: GODSGLOOM's five badges in one run-on sentence took nine lines of a
// phone, where "A" was to be found (GG-8.3-T, GG-TRT-1; Torn World's, TW-FA-2). Each badge the board
// draws is among the letters listed.
for (const system of HEX_GAMES) {
  test(`${system} (phone 360x740): GG-8.3-T GG-TRT-1 TW-FA-2 a legend entry of several badges has each on a line of its own, its letters first`, async () => {
    const { context, page, errors } = await openGame(PHONE, system, true);
    const items = await overlay(page);
    if (!(await page.$eval('#legend-panel', (d) => d.open))) await page.tap('#legend-panel summary');
    const entries = await page.$$eval('#legend li', (lis) => lis.map((li) => {
      const lead = li.querySelector('.swatch + span'), line = parseFloat(getComputedStyle(lead).fontSize) * 1.6;
      return { text: li.textContent, parts: [...li.querySelectorAll('.legend-part')].map((p) => ({ first: p.firstElementChild?.className ?? '', letters: p.querySelector('.legend-letters')?.textContent ?? '', lines: p.getBoundingClientRect().height / line })) };
    }));
    // (the entry in words: "…: A, …; no A, …; N, …" is one kind a clause)
    const several = entries.filter((e) => /on a hex/.test(e.text) && e.text.split(';').length > 2);
    for (const e of several) {
      assert.ok(e.parts.length >= e.text.split(';').length - 1, `a line for each kind: ${JSON.stringify(e)}`);
      for (const p of e.parts) {
        assert.equal(p.first, 'legend-letters', `its letters first: ${JSON.stringify(p)}`);
        assert.ok(p.lines < 3, `"${p.letters}" in at most two lines at 360 px: ${p.lines.toFixed(2)} lines`);
      }
    }
    const letters = new Set(several.flatMap((e) => e.parts.flatMap((p) => p.letters.split(/[ ,]+/))));
    const drawn = new Set(items.filter((it) => it.type === 'hexes').flatMap((it) => it.cells).flatMap((h) => (h.badge ? String(h.badge).split(' ') : [])));
    if (several.length) for (const w of drawn) assert.ok(letters.has(w), `the badge "${w}" drawn is listed: ${[...letters]}`);
    await shot(page, `labels-legend-badges-${system}`, PHONE);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

const scenario = (path) => JSON.parse(readFileSync(join(root, 'tests', 'scenarios', `${path}.json`), 'utf8'));
// a verdict with a clause id in each game of the engine's list: the clause the scenario's expected
// answer gives; a game without an entry fails, named
const VERDICT_CLAUSES = {
  'arcane-legions': ['arcane-legions/al-trn-1-no-such-notch', (r) => r.reasons[0].rule],
  'ninth-age': ['ninth-age/charge-combined-order-two', (r) => r.orderChoice.rule],
  'cc-ancients': ['cc-ancients/off-board', (r) => r.reasons[0].rule],
  godsgloom: ['godsgloom/mov-not-enough-points', (r) => r.reasons[0].rule],
  'torn-world': ['torn-world/mv1-allowance', (r) => r.reasons[0].rule],
};
test('every entry of VERDICT_CLAUSES is of a game of the engine\'s list', () => {
  assert.deepEqual(Object.keys(VERDICT_CLAUSES).filter((id) => !SYSTEM_IDS.includes(id)), []);
});
for (const system of SYSTEM_IDS) {
  const [path, clauseOf] = VERDICT_CLAUSES[system] ?? [];
  const s = path && scenario(path);
  const id = s ? clauseOf(s.expected.result) : 'clause';
  test(`${system} (phone 360x740, touch): the verdict's ${id} (issue 23) is a button that opens its entry, not the verdict whole`, async () => {
    assert.ok(s, `${system}: no entry in VERDICT_CLAUSES of tests/browser/labels.test.mjs`);
    const { context, page, errors } = await openGame(PHONE, system, true);
    await openRequest(page, s.request);
    const button = page.locator('#verdict button.rule', { hasText: id });
    assert.equal(await button.count(), 1, `${id} is a button in the verdict: ${await page.textContent('#verdict')}`);
    // the phone's verdict keeps its three lines, the id inside them (a long one shows whole on a tap)
    const [v, b] = [await page.locator('#verdict').boundingBox(), await button.boundingBox()];
    if (b.y + b.height <= v.y + v.height) {
      await button.tap();
      await page.waitForFunction(() => document.querySelector('#clause-dialog')?.open && !/Loading/.test(document.querySelector('#clause-dialog').textContent));
      assert.equal(await page.textContent('#clause-title'), id);
      const words = clauseWords(system, id);
      assert.ok((await page.textContent('#clause-dialog')).replace(/\s+/g, ' ').includes(words), `${id}: the dialog shows "${words}…"`);
      await page.click('#clause-dialog button');
      assert.equal(await page.$eval('#verdict', (e) => e.classList.contains('whole')), false, 'the tap opened the rule, not the verdict whole');
    } else { // past the third line: a tap on the verdict shows it whole, then the id is in reach
      await page.locator('#verdict').tap({ position: { x: 8, y: 8 } });
      assert.equal(await page.$eval('#verdict', (e) => e.classList.contains('whole')), true);
      await button.tap();
      await page.waitForFunction(() => document.querySelector('#clause-dialog')?.open);
      assert.equal(await page.textContent('#clause-title'), id);
      await page.click('#clause-dialog button');
    }
    await shot(page, `labels-verdict-clause-${system}`, PHONE);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The short names of terrain the hex games' default positions hold, as their legend explains them:
// the first letter where no other kind of the game begins with it (scene.js terrainShorts). Every
// hex game of the engine's list needs its entry, or its test fails, named.
const TERRAIN = {
  'torn-world': { volume: 'V', hazard: 'H' },
  godsgloom: { difficult: 'D', impassable: 'I' },
  'cc-ancients': { forest: 'F', hill: 'H' },
};
test('every entry of TERRAIN is of a hex game of the engine\'s list', () => {
  assert.deepEqual(Object.keys(TERRAIN).filter((id) => !HEX_GAMES.includes(id)), []);
});
for (const system of HEX_GAMES) {
  const shorts = TERRAIN[system];
  test(`${system} (phone 360x740): a hex's terrain reads whole at every query's fit view, its word or its short name that the legend explains, never cut; a tapped hex names it`, async () => {
    assert.ok(shorts, `${system}: no entry in TERRAIN of tests/browser/labels.test.mjs`);
    const { context, page, errors } = await openGame(PHONE, system, true);
    await setMode(page, 'setup', true); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there)
    if (!(await page.$eval('#legend-panel', (d) => d.open))) await page.click('#legend-panel summary');
    const entries = await page.$$eval('#legend li', (lis) => lis.map((li) => [li.querySelector('.swatch')?.textContent ?? '', li.textContent]));
    for (const [kind, short] of Object.entries(shorts)) assert.ok(entries.some(([sym, text]) => sym === short && text.endsWith(kind)), `the legend explains ${short}: ${kind}: ${JSON.stringify(entries)}`);
    await page.click('#legend-panel summary'); // (open, it lies over the board on an upright phone)
    // a tap on a terrain hex of the reach names its terrain in words, whatever the board could show
    const [kind] = Object.keys(shorts);
    const t = (await hook(page, 'state')).doc.terrain.find((x) => x.terrain === kind);
    const o = toOffset(t.q, t.r);
    const at = await hook(page, 'screenOfHex', o.col, o.row);
    await page.touchscreen.tap(at.x, at.y);
    const said = `end on col ${o.col}, row ${o.row} (${kind})`;
    await page.waitForFunction((w) => document.querySelector('#verdict').textContent.includes(w), said, { timeout: 10000 });
    const queries = await page.$$eval('#query option', (os) => os.map((o) => o.value));
    let drawn = 0;
    for (const query of queries) {
      if (query !== (await hook(page, 'request')).query) { await page.selectOption('#query', query); await ruled(page); }
      await page.click('#fit');
      await painted(page);
      for (const l of (await hook(page, 'boardLabels')).filter((x) => x.kind === 'terrain')) {
        drawn++;
        assert.ok(!l.text.includes('…'), `${query}: "${l.text}" is cut`);
        assert.ok(Object.entries(shorts).some(([kind, short]) => l.text === kind || l.text === short), `${query}: "${l.text}" is a terrain's word or its short name`);
      }
    }
    assert.ok(drawn > 0, 'some terrain is named on the board');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A marker's label (a move's verdict at its end, "final", a cost) is read over whatever lies under
// it: on a white plate of its own, the board behind its letters is light at every corner of its box
// (on a halo, "Scipio: moved 2 hexes" of a C&C order lay on a forest, green on green). Measured in
// the canvas's pixels, at 360 x 740 by touch, with the centre card of C&C's own position played:
// the Hastati a hex ahead, Scipio dropped on them across the forest's foot (CCA-CD-1, CCA-LD-8).
test('cc-ancients (phone 360x740, touch): play, CCA-CD-1 a card\'s move labels sit on light plates, over terrain too', { skip: !SYSTEM_IDS.includes('cc-ancients'), timeout: 300000 }, async () => {
  const { touchDrag } = await import('./browser.mjs');
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  await page.tap('[data-section="center"]');
  await page.waitForSelector('#order-total');
  const at = (col, row) => hook(page, 'screenOfHex', col, row);
  await touchDrag(page, await at(6, 6), await at(6, 5));
  await page.waitForFunction(() => /1 of 3 orders used/.test(document.getElementById('verdict').textContent));
  await touchDrag(page, await at(6, 7), await at(6, 5));
  await page.waitForFunction(() => /2 of 3 orders used/.test(document.getElementById('verdict').textContent));
  await ruled(page);
  await painted(page);
  const grounds = await page.evaluate(() => {
    const canvas = document.getElementById('board'), k = canvas.width / canvas.clientWidth, c = canvas.getContext('2d');
    const lum = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    return window.movecalcTest.boardLabels().filter((t) => t.kind === 'label').map((t) => {
      // the device pixels a pixel inside each corner, wholly in the box (a box's edge is fractional: a
      // pixel rounded to it is the plate's edge blended with what is under it)
      const [x0, y0, x1, y1] = t.box.map((v) => v * k), lo = (v) => Math.ceil(v) + 1, hi = (v) => Math.floor(v) - 2;
      const corners = [[lo(x0), lo(y0)], [hi(x1), lo(y0)], [lo(x0), hi(y1)], [hi(x1), hi(y1)]];
      return { text: t.text, ground: Math.min(...corners.map(([x, y]) => lum(c.getImageData(x, y, 1, 1).data))) };
    });
  });
  // (the two end on one hex, where both tokens now stand: its one mark's words, or the shorter ones
  // that find room there, are drawn)
  const words = (await hook(page, 'overlay')).filter((it) => it.type === 'mark' && /Hastati/.test(it.label ?? '')).flatMap((it) => [it.label, ...(it.shorter ?? [])]);
  assert.ok(words.length > 1 && words.every((t) => /Scipio/.test(t)), `one mark names both: ${words}`);
  assert.ok(grounds.some((g) => words.includes(g.text)), `the order's moves are labelled: ${JSON.stringify(grounds)}`);
  const dark = grounds.filter((g) => g.ground < 0.8);
  assert.deepEqual(dark, [], 'every label on a light ground');
  await shot(page, 'labels-cc-order-plates', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

// The legend names the round turn handle only where the board draws one: Set up's Move tool, for
// a unit that faces (the board's handleOf), and play only in a game whose units turn in play. A
// GODSGLOOM player read in play of a handle to drag that the board never showed there.
test('360x740: a hex board\'s legend names the turn handle in Set up where the unit faces, never in play', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  assert.ok(HEX_GAMES.length > 0, 'describe lists hex games');
  const handleSaid = (said, what) => page.waitForFunction((f) => /round handle/.test(document.getElementById('legend').textContent) === f, said, { timeout: 10000 })
    .catch(() => assert.fail(`${what}: the legend ${said ? 'does not name' : 'names'} the turn handle`));
  for (const system of HEX_GAMES) {
    await pickSystem(page, system);
    const mover = (await hook(page, 'request')).unit;
    await setMode(page, 'play', true);
    await ruled(page);
    await handleSaid(false, `${system}, play`);
    await setMode(page, 'setup', true);
    await ruled(page);
    const faces = (await hook(page, 'handleOf', mover)) !== null;
    await handleSaid(faces, `${system}, Set up`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// A hex's badge (GODSGLOOM's "A": it may attack from there; Torn World's "FA1") is read where it
// goes, over its cost (board-hex.js hexBadge: a tab 0.4 of a hex above the cost's hex centre on a
// small hex, the word 0.52 under it on a roomy one), and a unit's name keeps off it as off a cost
// (board.js planNames): with a unit carried in play, the Ghouls' name took the tabs' place and
// pushed both "A"s beside their costs. Each hex game at 360 x 740 by touch, its question's unit
// tapped, then carried a hex east and held there.
test('hex games (phone 360x740, touch): play, a unit carried: each hex badge of the reach sits over its cost, no unit\'s name over it', { timeout: 180000 }, async () => {
  const { touchDrag } = await import('./browser.mjs');
  let checked = 0;
  for (const system of HEX_GAMES) {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    if ((await hook(page, 'request')).system !== system) await pickSystem(page, system); else await ruled(page);
    const request = await hook(page, 'request');
    const mover = typeof request.unit === 'string' ? request.unit : request.units[0].id;
    const from = await hook(page, 'screenOf', mover);
    await page.touchscreen.tap(from.x, from.y);
    await ruled(page);
    const u = (await hook(page, 'state')).doc.units.find((x) => x.id === mover), o = toOffset(u.q, u.r);
    await touchDrag(page, from, await hook(page, 'screenOfHex', o.col + 1, o.row), { hold: async () => {
      await ruled(page);
      await painted(page);
      const canvas = await page.locator('#board').boundingBox(), { s } = await hook(page, 'camera');
      const labels = await hook(page, 'boardLabels'), names = labels.filter((l) => l.kind === 'name');
      const cells = (await hook(page, 'overlay')).filter((it) => it.type === 'hexes').flatMap((it) => it.cells).filter((h) => h.badge);
      for (const h of cells) {
        const c = toOffset(h.q, h.r), p = await hook(page, 'screenOfHex', c.col, c.row);
        const [cx, cy] = [p.x - canvas.x, p.y - canvas.y], place = [cx, s >= 26 ? cy + 0.52 * s : cy - 0.4 * s];
        if (place[0] < 0 || place[1] < 0 || place[0] > canvas.width || place[1] > canvas.height) continue;
        const what = `${system}: the badge "${h.badge}" of col ${c.col} row ${c.row}`;
        for (const n of names) assert.ok(!(n.box[0] < place[0] && place[0] < n.box[2] && n.box[1] < place[1] && place[1] < n.box[3]), `${what}: under the name "${n.text}"`);
        const mine = labels.filter((l) => l.kind === 'badge' && Math.hypot((l.box[0] + l.box[2]) / 2 - cx, (l.box[1] + l.box[3]) / 2 - cy) < 0.87 * s);
        for (const l of mine) {
          const at = [(l.box[0] + l.box[2]) / 2, (l.box[1] + l.box[3]) / 2];
          assert.ok(Math.abs(at[0] - place[0]) <= 1.5 && Math.abs(at[1] - place[1]) <= 1.5, `${what}: drawn at ${at.map(Math.round)}, not over its cost at ${place.map(Math.round)}`);
        }
        checked++;
      }
      await shot(page, `labels-carried-badges-${system}`, PHONE);
    } });
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(checked > 0, 'some reach drew a badge in view');
});

// The hex under a carrying finger is named on a plate 48 px over the hex (board-still.js
// fingerTag); where that spot lies on another unit's token it goes beside it or a line further
// (issue 31: C&C's "col 5 row 5" lay on the Numidians). In each hex game the question's unit
// carried to the hex whose tag's first spot is on another unit's token, with room beside it.
test('every hex game (360x740, touch): the finger\'s tag covers no other unit\'s token where a spot beside its first is free', { timeout: 180000 }, async () => {
  const { touchDrag } = await import('./browser.mjs');
  const checked = [];
  for (const system of HEX_GAMES) {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    await pickSystem(page, system);
    await painted(page);
    const request = await hook(page, 'request'), board = await page.locator('#board').boundingBox();
    const { s } = await hook(page, 'camera'), bodies = (await hook(page, 'boardNames')).bodies;
    const mover = request.units.find((u) => u.id === request.unit), from = await hook(page, 'screenOf', mover.id);
    const taken = new Set(request.units.map((u) => `${u.q},${u.r}`));
    // the hex whose first tag spot (FINGER_TAG 48 px over its top corner: s + 48 over its centre) lies on another unit's token
    let target = null;
    for (let col = 0; col < 20 && !target; col++) for (let row = 0; row < 20 && !target; row++) {
      const a = toAxial(col, row);
      if (taken.has(`${a.q},${a.r}`)) continue;
      const c = await hook(page, 'screenOfHex', col, row), x = c.x - board.x, y = c.y - board.y;
      if (x < 40 || x > board.width - 40 || y < s + 80 || y > board.height - 60) continue;
      const tag = [x - 40, y - s - 48 - 10, x + 40, y - s - 48 + 10];
      const on = Object.entries(bodies).find(([id, b]) => id !== mover.id && overlaps(tag, b));
      if (on) target = { col, row, c, on: on[0] };
    }
    if (!target) { await context.close(); continue; }
    let seen = null;
    await touchDrag(page, from, target.c, { hold: async () => {
      await page.waitForFunction(() => window.movecalcTest.boardLabels().some((l) => l.kind === 'finger'));
      seen = { tag: (await hook(page, 'boardLabels')).find((l) => l.kind === 'finger'), bodies: (await hook(page, 'boardNames')).bodies };
      await shot(page, `finger-tag-${system}`, PHONE);
    } });
    const on = Object.entries(seen.bodies).filter(([id, b]) => id !== mover.id && overlaps(seen.tag.box, b)).map(([id]) => id);
    assert.deepEqual(on, [], `${system}: “${seen.tag.text}” over ${target.on}'s hex's neighbour: ${JSON.stringify(seen.tag.box)}`);
    checked.push(system);
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(checked.length > 0, 'some hex game has such a hex');
});
