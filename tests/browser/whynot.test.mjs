// Issue 24 on the page: a hex tapped on a reach answers the player's question on the board, by touch
// at 360 × 740. A hex the unit cannot end on is asked of the engine's `whyNot`: the verdict says
// why in the reasons' own words (checked against the engine's answer, asked here directly through
// wasm/movecalc.mjs), hexes named as the board names them, the clauses beside them, and what it could
// do without the other units; the hex is outlined. A reached hex with `alternatives` lists every way
// there in words, and tapping one draws that path (Torn World: fewer Free Attacks, TW-FA-2;
// GODSGLOOM: without Nimble, keeping the Melee Attack, GG-8.3-T). Torn World Free Attacks say their
// cause. Screenshots go to tests/artifacts/whynot-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, PHONE, hook, pageRequest, pickSystem, openRequest, overlay, verdict, verdictShows, details, shot, setMode, touchDrag } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset, toAxial, distance } from '../../web/hex.js';
import { boardCells as modelBoardCells } from '../../web/model.js';
import { GAMES } from '../../web/games/index.js';
import { root } from '../js/util.mjs';

let env;
const engines = {};
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

async function engineFor(system) {
  engines[system] ??= await createEngine({ systems: [system] });
  return engines[system];
}

const scenario = (path) => JSON.parse(readFileSync(join(root, 'tests', 'scenarios', path), 'utf8')).request;
// the board names a hex by column and row; the engine's messages by axial (q, r)
const named = (h) => { const o = toOffset(h.q, h.r); return `col ${o.col}, row ${o.row}`; };
const boardWords = (text) => text.replace(/\(q (-?\d+), r (-?\d+)\)/g, (_, q, r) => named({ q: Number(q), r: Number(r) }));
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
const BAD = '#b3261e';

// The hexes of the request's board (the C&C board when it gives none).
const boardHexes = (request) => modelBoardCells(request.system, request.board ?? { preset: 'cc-ancients' });

/**
 * A hex to tap: on the board and in view, clear of every unit (a tap there would pick the unit),
 * not reached; the nearest to the mover that the what-if answer reaches where there is one, else
 * the nearest. Asked of the engine here.
 */
async function unreachedHex(page, system, request) {
  const engine = await engineFor(system);
  const reach = engine.request(request);
  assert.equal(reach.ok, true, `${system}: the reach is answered`);
  const reached = new Set(reach.result.hexes.map((h) => `${h.q},${h.r}`));
  const game = GAMES[system];
  const cells = (await hook(page, 'state')).doc.units.flatMap((u) => game.cells?.(u) ?? [{ q: u.q, r: u.r }]);
  const box = await page.locator('#board').boundingBox();
  const found = [];
  const from = reach.result.start ?? request.units.find((u) => u.id === request.unit);
  const near = [...boardHexes(request)].sort((a, b) => distance(a, from) - distance(b, from) || a.r - b.r || a.q - b.q);
  for (const h of near) {
    if (reached.has(`${h.q},${h.r}`) || cells.some((c) => c.q === h.q && c.r === h.r)) continue;
    const o = toOffset(h.q, h.r);
    const p = await hook(page, 'screenOfHex', o.col, o.row);
    if (p.x < box.x + 12 || p.y < box.y + 12 || p.x > box.x + box.width - 12 || p.y > box.y + box.height - 12) continue;
    const why = engine.request({ ...request, query: 'whyNot', to: { q: h.q, r: h.r } });
    assert.equal(why.ok, true, `${system}: whyNot ${named(h)} is answered`);
    if (why.result.reachable) continue;
    found.push({ h, p, why: why.result });
    if (why.result.whatIf?.reachable) break;
  }
  assert.ok(found.length, `${system}: a hex in view the unit cannot end on`);
  return found.find((f) => f.why.whatIf?.reachable) ?? found[0];
}

const MOVERS = [
  ['godsgloom', 'Shieldwall', 'movement point', 'movement points'],
  ['torn-world', 'Guardsman', 'hex', 'hexes'],
  ['cc-ancients', 'Hastati', 'hex', 'hexes'],
];

for (const [system, mover, one, many] of MOVERS) {
  test(`${system} (360x740, touch): a tapped hex ${mover} cannot end on says why in the whyNot answer's words, with its clauses, the what-if and the hex outlined`, { timeout: 60000 }, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    await pickSystem(page, system);
    await setMode(page, 'setup', true); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there)
    const request = await pageRequest(page);
    assert.equal(request.query, 'reach');
    const reachVerdict = await verdict(page);
    const { h, p, why } = await unreachedHex(page, system, request);
    await page.touchscreen.tap(p.x, p.y);
    const head = `${mover} cannot end on ${named(h)}`;
    await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), head, { timeout: 10000 });
    const text = await verdict(page);
    assert.ok(why.reasons.length > 0, 'the engine gives reasons');
    for (const x of why.reasons) {
      assert.ok(text.includes(boardWords(x.message)), `${system}: the verdict gives the reason ${x.code}: ${boardWords(x.message)}\n${text}`);
    }
    assert.doesNotMatch(text, /\(q -?\d+, r -?\d+\)/, 'no hex is named by axial coordinates');
    // the points or hexes short lead (a phone cut the Engagement Zone's sentence before them), the rest in the engine's order
    const short = (x) => Number.isFinite(x.needs) && ['not_enough_points', 'exceeds_allowance'].includes(x.code);
    const reasons = [...why.reasons.filter(short), ...why.reasons.filter((x) => !short(x))];
    const rules = await page.$$eval('#verdict button.rule', (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(rules, reasons.map((x) => x.rule), 'each reason has its clause beside it');
    // the first reason goes on with the heading: its start is inside the lines a phone shows
    // untapped (under the heading as a list item it fell on the third line, cut to "The shortest path the…")
    const start = boardWords(reasons[0].message).slice(0, 16);
    const at = await page.evaluate((w) => {
      const v = document.getElementById('verdict'), walk = document.createTreeWalker(v, NodeFilter.SHOW_TEXT);
      while (walk.nextNode()) {
        const i = walk.currentNode.textContent.indexOf(w);
        if (i < 0) continue;
        const range = document.createRange();
        range.setStart(walk.currentNode, i);
        range.setEnd(walk.currentNode, i + w.length);
        const r = range.getClientRects()[0], box = v.getBoundingClientRect();
        return { top: r.top, bottom: r.bottom, shownTop: box.top, shownBottom: box.top + v.clientHeight };
      }
      return null;
    }, start);
    assert.ok(at && at.top >= at.shownTop - 0.5 && at.bottom <= at.shownBottom + 0.5, `${system}: the reason starts in view: ${start} ${JSON.stringify(at)}`);
    assert.ok((await page.textContent('#verdict p')).includes(start), `${system}: the reason is in the heading's paragraph`);
    // its clause after its sentence, a small reference: before it ("row 2. GG-MOV-1 It needs…") a
    // newcomer read the id as a word of the sentence
    const first = await page.textContent('#verdict p');
    assert.ok(first.endsWith(`${boardWords(reasons[0].message).replace(/\.$/, '')}. (rule ${reasons[0].rule})`) || first.endsWith(`${boardWords(reasons[0].message)} (rule ${reasons[0].rule})`), `${system}: the clause after the reason\n${first}`);
    assert.equal(await page.$eval('#verdict p button.rule', (b) => b.parentElement.className), 'ref', 'the clause id is the small reference’s');
    if (why.whatIf?.reachable) assert.ok(text.includes(`Without the other units it could, in ${plural(why.whatIf.cost, one, many)}`), `${system}: the what-if in words\n${text}`);
    else if (why.whatIf) assert.ok(text.includes('Even without the other units it could not.'), `${system}: the what-if in words\n${text}`);
    const marks = (await overlay(page)).filter((m) => m.type === 'mark' && m.hex?.q === h.q && m.hex?.r === h.r);
    assert.deepEqual(marks.map((m) => [m.shape, m.color]).sort(), [['hex', BAD], ['x', BAD]], 'the tapped hex is outlined and crossed');
    if (why.whatIf?.reachable && why.whatIf.path?.length) {
      const way = (await overlay(page)).find((m) => m.type === 'hexpath' && m.dashed);
      assert.deepEqual(way?.cells.slice(1).map(({ q, r }) => ({ q, r })), why.whatIf.path.map(({ q, r }) => ({ q, r })), 'the what-if way is drawn dashed');
      assert.equal(way.onTop, true, 'the what-if way is drawn over the units it runs through (issue 32)');
    }
    assert.match(await page.textContent('#legend'), /a hex you tapped that the unit cannot end on/);
    await painted(page);
    await shot(page, `whynot-${system}`, PHONE);
    // the clause opens its entry (after the reason's sentence: a verdict cut short shows it whole
    // first, at a tap)
    if (await page.evaluate(() => document.getElementById('verdict').classList.contains('cut'))) await page.tap('#verdict p');
    await page.tap('#verdict button.rule');
    await page.waitForFunction(() => document.querySelector('#clause-dialog')?.open);
    assert.equal(await page.textContent('#clause-title'), reasons[0].rule);
    await page.tap('#clause-dialog button');
    // the same hex again puts the question away
    await page.touchscreen.tap(p.x, p.y);
    await page.waitForFunction((t) => document.querySelector('#verdict').textContent === t, reachVerdict);
    assert.equal((await hook(page, 'request')).unit, mover, 'the taps did not pick another unit');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// What the newcomer met: the Shieldwall (3 movement points) dropped on col 4, row 3, by the Ghouls'
// Engagement Zone: the verdict was cut at "… more" inside the zone's sentence, before the points it
// is short. Those lead now, whole in the lines a phone shows untapped.
test('godsgloom (360x740, touch): play, GG-MOV-1 GG-8.3 the Shieldwall dropped on col 4, row 3 goes back, and the points it is short (“It needs … movement points and has 3”) are read whole without a tap', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  const request = await pageRequest(page);
  const home = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Shieldwall');
  const to = toAxial(4, 3);
  const why = (await engineFor('godsgloom')).request({ ...request, unit: 'Shieldwall', query: 'whyNot', to }).result;
  assert.equal(why.reachable, false);
  assert.ok(why.reasons.length > 1 && why.reasons[0].code !== 'not_enough_points', 'the engine names the zone first, then the points short');
  assert.equal(home.speed, 3);
  const words = `It needs ${why.reasons.find((x) => x.code === 'not_enough_points').needs} movement points and has 3`;
  await touchDrag(page, await hook(page, 'screenOf', 'Shieldwall'), await hook(page, 'screenOfHex', 4, 3));
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Shieldwall cannot end on col 4, row 3'));
  const back = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Shieldwall');
  assert.deepEqual([back.q, back.r], [home.q, home.r], 'an illegal drop returns the unit');
  assert.ok((await verdict(page)).includes(words), await verdict(page));
  assert.equal(await verdictShows(page, words), true, `“${words}” whole in the verdict as shown`);
  await painted(page);
  await shot(page, 'whynot-godsgloom-drop', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

// What the newcomer met: the Torn World reach's FA1 and FA2 badges said nothing on screen. The
// verdict says what they are and from whom, within the lines a phone shows; the legend's badge is
// named. The counts and attackers are the engine's reach (TW-FA-2: moving past an enemy).
test('torn-world (360x740, touch): TW-FA-2 the reach’s FA badges in words in the verdict: “FA1”, a Free Attack on the way there and from whom (the Guardsman on col 4, row 6 moving past the Warbeast); the legend’s badge named', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'torn-world');
  const request = await pageRequest(page);
  assert.deepEqual([request.query, request.unit], ['reach', 'Guardsman']);
  request.units = request.units.map((u) => (u.id === 'Guardsman' ? { ...u, ...toAxial(4, 6) } : u));
  // the engine: the ways past the Warbeast draw one Free Attack each (TW-FA-2), none draws two
  const reach = (await engineFor('torn-world')).request(request).result;
  assert.deepEqual([...new Set(reach.hexes.map((h) => (h.freeAttacks ?? []).length))].sort(), [0, 1]);
  assert.deepEqual([...new Set(reach.hexes.flatMap((h) => (h.freeAttacks ?? []).map((f) => `${f.unit} ${f.rule}`)))], ['Warbeast TW-FA-2']);
  await openRequest(page, request);
  const words = 'FA1: a Free Attack on the way there, from Warbeast (moved past)';
  const text = await verdict(page);
  assert.ok(text.startsWith('Guardsman can end on') && text.includes(words), `${words}\n${text}`);
  await painted(page);
  await shot(page, 'whynot-torn-world-fa-words', PHONE);
  assert.equal(await verdictShows(page, words), true, 'what the badges are, in the lines shown');
  assert.equal(await page.locator('#legend [role="img"][aria-label="FA badge"]').count(), 1, 'the legend’s badge is named');
  assert.deepEqual(errors, []);
  await context.close();
});

/** Taps a hex of the board by touch. */
async function tapHex(page, q, r) {
  const o = toOffset(q, r);
  const p = await hook(page, 'screenOfHex', o.col, o.row);
  await page.touchscreen.tap(p.x, p.y);
}
const drawnPath = async (page) => (await overlay(page)).find((m) => m.type === 'hexpath' && !m.dashed)?.cells.map(({ q, r }) => ({ q, r }));
const ways = (page) => page.$$eval('#verdict .way', (bs) => bs.map((b) => [b.textContent, b.getAttribute('aria-pressed')]));

test('torn-world (360x740, touch): TW-FA-2 TW-MV-1 a Run to (3,0) lists the way round without a Free Attack; tapping it draws it; Free Attacks say their cause', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'torn-world');
  await setMode(page, 'setup', true); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there)
  await openRequest(page, scenario('torn-world/fa2-run-alternative-without-free-attack.json'));
  // (3,0) is 3 hexes by (1,0) and (2,0), both next to the Raider on (2,-1): one Free Attack; by
  // (0,1), (1,1), (2,1) it is 4 hexes, within the Run's 4, next to no enemy
  await tapHex(page, 3, 0);
  await page.waitForFunction(() => document.querySelectorAll('#verdict .way').length === 2);
  assert.deepEqual(await ways(page), [
    ['The shortest way: 3 hexes, draws 1 Free Attack (from Raider)', 'true'],
    ['Another way: 4 hexes, draws no Free Attack', 'false'],
  ]);
  assert.match(await verdict(page), /^Scout can end on col 3, row 0: 1 Free Attack from Raider \(moved past\)\. Cost: 3 hexes of 4 \(1 left\)\./);
  assert.deepEqual(await drawnPath(page), [{ q: 0, r: 0 }, { q: 1, r: 0 }, { q: 2, r: 0 }, { q: 3, r: 0 }]);
  const attacks = (await overlay(page)).filter((m) => m.type === 'line' && /free attack/.test(m.label ?? ''));
  assert.deepEqual(attacks.map((m) => m.label), ['free attack: moved past'], 'the Free Attack is labelled with its cause, no clause id');
  await painted(page);
  await shot(page, 'whynot-torn-world-ways', PHONE);
  await page.tap('#verdict [data-way="1"]');
  await page.waitForFunction(() => document.querySelector('#verdict [data-way="1"]')?.getAttribute('aria-pressed') === 'true');
  assert.deepEqual(await drawnPath(page), [{ q: 0, r: 0 }, { q: 0, r: 1 }, { q: 1, r: 1 }, { q: 2, r: 1 }, { q: 3, r: 0 }], 'the way round is drawn');
  assert.equal((await overlay(page)).filter((m) => m.type === 'line' && /free attack/.test(m.label ?? '')).length, 0, 'no Free Attack on the way round');
  assert.match(await verdict(page), /^Scout can end on col 3, row 0, using 4 hexes of 4 \(0 left\)\./);
  await painted(page);
  await shot(page, 'whynot-torn-world-way-round', PHONE);
  // back to the shortest way
  await page.tap('#verdict [data-way="0"]');
  await page.waitForFunction(() => document.querySelector('#verdict [data-way="0"]')?.getAttribute('aria-pressed') === 'true');
  assert.equal((await drawnPath(page)).length, 4);
  // a move along the shortest way: its Free Attack's cause in the list of Free Attacks
  await openRequest(page, { ...scenario('torn-world/fa2-run-alternative-without-free-attack.json'), query: 'move', path: [{ q: 1, r: 0 }, { q: 2, r: 0 }, { q: 3, r: 0 }] });
  assert.match(await details(page), /Raider attacks at col 1, row 0 \(moved past\)/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('godsgloom (360x740, touch): GG-8.3-T GG-MOV-1 the way to (3,3) round the zone keeps the Melee Attack; tapping it draws it', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  await setMode(page, 'setup', true); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there)
  await openRequest(page, scenario('godsgloom/8.3-T-reach-alternative-keeps-melee.json'));
  // the cheapest path (1,3), (2,3), (3,3) goes on through e's zone at (2,3) with Nimble: 3 points,
  // no Melee Attack (GG-8.3-T); round the zone by (1,4), (2,4): 4 points, without Nimble
  await tapHex(page, 3, 3);
  await page.waitForFunction(() => document.querySelectorAll('#verdict .way').length === 2);
  assert.deepEqual(await ways(page), [
    ['The cheapest way: 3 movement points (3 hexes), uses Nimble, no Melee Attack', 'true'],
    ['Another way: 4 movement points (4 hexes), does not use Nimble, keeps its Melee Attack', 'false'],
  ]);
  assert.deepEqual(await drawnPath(page), [{ q: 0, r: 3 }, { q: 1, r: 3 }, { q: 2, r: 3 }, { q: 3, r: 3 }]);
  await page.tap('#verdict [data-way="1"]');
  await page.waitForFunction(() => document.querySelector('#verdict [data-way="1"]')?.getAttribute('aria-pressed') === 'true');
  assert.deepEqual(await drawnPath(page), [{ q: 0, r: 3 }, { q: 1, r: 3 }, { q: 1, r: 4 }, { q: 2, r: 4 }, { q: 3, r: 3 }]);
  assert.match(await verdict(page), /^a can end on col 4, row 3: not Engaged.*\. Cost: 4 of its 6 movement points \(2 left\)\./);
  await painted(page);
  await shot(page, 'whynot-godsgloom-ways', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

// The review's finding: a unit with 0 movement points, alone on the board, asked about a hex three
// away was told it "needs 3 and has 0", not that the guarantee stops at one hex, and "Even without
// the other units it could not." where there are none.
test('godsgloom (360x740, touch): GG-8.3-MMG a lone unit with 0 movement points is told the Minimum Move Guarantee goes one hex, and no what-if without other units', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  await setMode(page, 'setup', true);
  // Speed 1 less a Slow token: 0 points (GG-MOV-1); col 3, row 0 is (3, 0), three open hexes up from (3, 3)
  await openRequest(page, { system: 'godsgloom', query: 'reach', board: { cols: 7, rows: 7 }, unit: 'a',
    units: [{ id: 'a', side: 'red', q: 3, r: 3, facing: 0, speed: 1, tokens: ['slow'] }] });
  assert.equal(distance(toAxial(3, 0), { q: 3, r: 3 }), 3);
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOfHex', 3, 0)));
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('a cannot end on col 3, row 0'));
  const text = await verdict(page);
  assert.ok(text.includes('It needs 3 movement points and has 0 (the Minimum Move Guarantee goes one hex only)'), text);
  assert.ok(!text.includes('without the other units'), text);
  await shot(page, 'whynot-godsgloom-minimum-move', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});
