// A phone held sideways, 740 × 360 (issue 32: "Landscape phones"): each game's everyday question
// played by touch from its own position to the move made. The finger only touches what is on the
// screen as it stands: a control must be in view and on top where the finger lands (no scrolling
// the page for it), and every touch is counted against the journey's budget. The games come from
// describe: a game without a journey here fails. Screenshots of each step go to
// tests/artifacts/landscape-<game>-<step>-740x360.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, engineAnswer as answer, openPage, pageRequest, pickSystem, ruled, hook, verdict, artifacts, touchDrag, painted, setDice, boardContent } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset, toAxial } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const LANDSCAPE = { width: 740, height: 360 };
const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const named = (h) => { const o = toOffset(h.q, h.r); return `col ${o.col}, row ${o.row}`; };
// (a move the game words as what it was: "Charge made:")
const madeSaid = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.querySelector('#verdict').textContent));
const inView = (b) => b.x >= -0.5 && b.y >= -0.5 && b.x + b.w <= LANDSCAPE.width + 0.5 && b.y + b.h <= LANDSCAPE.height + 0.5;
const boxOf = (page, sel) => page.evaluate((s) => { const r = document.querySelector(s).getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; }, sel);

async function shot(page, game, name) {
  await painted(page);
  await page.screenshot({ path: join(artifacts, `landscape-${game}-${name}-740x360.png`) });
  await textsClearOfControls(page, `${game} ${name}`);
}

// the controls that float over the board's top (the card bar) and foot (the timeline, Make this
// move, the zoom buttons): the board writes nothing under them (issue 32)
const FLOATING = ['#play-bar', '#timeline', '#apply', '#zoom-out', '#zoom-in', '#fit'];
const overlaps = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** The board's texts (page px) with the floating controls shown over the board now. */
async function boardTexts(page) {
  const board = await boardContent(page);
  const controls = await page.evaluate((sels) => sels.map((s) => document.querySelector(s))
    .filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
    .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id, x: r.left, y: r.top, w: r.width, h: r.height }; }), FLOATING);
  const texts = (await hook(page, 'boardLabels')).map((t) => ({ text: t.text, kind: t.kind, x: board.x + t.box[0], y: board.y + t.box[1], w: t.box[2] - t.box[0], h: t.box[3] - t.box[1] }));
  return { controls: controls.filter((c) => overlaps(c, board)), texts };
}

/** No text the board places (a name, a number, a label; not a token's own badge, which goes with its token) lies under a control floating over it. */
async function textsClearOfControls(page, when) {
  const { controls, texts } = await boardTexts(page);
  const under = texts.filter((t) => t.kind !== 'badge').flatMap((t) => controls.filter((c) => overlaps(t, c)).map((c) => `${t.kind} “${t.text}” under #${c.id}`));
  assert.deepEqual(under, [], `${when}: the board's texts clear of the controls over it`);
}

/** The controls floating over the board lie apart, none over another's box (the order's bar reached under −). */
async function controlsApart(page, when) {
  const { controls } = await boardTexts(page);
  const over = [];
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) if (overlaps(controls[i], controls[j])) over.push(`#${controls[i].id} / #${controls[j].id}`);
  assert.deepEqual(over, [], `${when}: the controls over the board apart`);
}

/** The tokens of units `ids` (the units a framing is about) lie whole in the board's view, clear of the controls floating over it (issue 32: after an order made, a framed token sat under the card bar). */
async function tokensClearOfControls(page, ids, when) {
  const { controls } = await boardTexts(page);
  const board = await boxOf(page, '#board'), { bodies } = await hook(page, 'boardNames');
  const bad = ids.flatMap((id) => {
    const b = bodies[id];
    if (!b) return [`${id} not drawn in view`];
    const t = { x: board.x + b[0], y: board.y + b[1], w: b[2] - b[0], h: b[3] - b[1] };
    const out = t.x < board.x - 0.5 || t.y < board.y - 0.5 || t.x + t.w > board.x + board.w + 0.5 || t.y + t.h > board.y + board.h + 0.5 ? [`${id} cut by the view's edge`] : [];
    return [...out, ...controls.filter((c) => overlaps(t, c)).map((c) => `${id} under #${c.id}`)];
  });
  assert.deepEqual(bad, [], `${when}: the framed tokens whole and clear of the controls over the board`);
}

/**
 * The player's finger: taps the middle of a control that is in view and on top there, touches the
 * board inside its box, drags; a select is two touches (open, pick). `touches` counts them.
 */
function finger(page) {
  const f = {
    touches: 0,
    /** A control below the panel's fold: a swipe of the panel brings it up (one touch). */
    async reach(sel) {
      if (inView(await boxOf(page, sel)) && await page.evaluate((s) => { const e = document.querySelector(s), r = e.getBoundingClientRect(), top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return !!top && (top === e || e.contains(top) || top.contains(e)); }, sel)) return;
      await page.evaluate((s) => document.querySelector(s).scrollIntoView({ block: 'end', inline: 'nearest' }), sel);
      f.touches++;
    },
    async tap(sel) {
      await f.reach(sel);
      const at = await page.evaluate((s) => {
        const e = document.querySelector(s);
        const r = e.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
        const top = document.elementFromPoint(x, y);
        return { x, y, box: { x: r.left, y: r.top, w: r.width, h: r.height }, onTop: !!top && (top === e || e.contains(top) || top.contains(e)) };
      }, sel);
      assert.ok(at.box.w > 0 && inView(at.box), `${sel} is on the screen to be tapped: ${JSON.stringify(at.box)}`);
      assert.ok(at.onTop, `nothing covers ${sel} where the finger lands`);
      await page.touchscreen.tap(at.x, at.y);
      f.touches++;
    },
    async at(p) {
      const b = await boxOf(page, '#board');
      assert.ok(p.x > b.x && p.y > b.y && p.x < b.x + b.w && p.y < b.y + b.h, `the point touched is on the board in view: ${JSON.stringify(p)} in ${JSON.stringify(b)}`);
      await page.touchscreen.tap(p.x, p.y);
      f.touches++;
    },
    async drag(from, to, options) {
      await touchDrag(page, from, to, options);
      f.touches++;
    },
    async select(sel, value) {
      await f.reach(sel);
      assert.ok(inView(await boxOf(page, sel)), `${sel} is on the screen`);
      await page.selectOption(sel, value);
      f.touches += 2;
    },
  };
  return f;
}

/** The verdict is on the screen beside the board, whole (not cut off), and says `start`. */
async function verdictReads(page, start) {
  const text = await verdict(page);
  assert.ok(text.startsWith(start), `the verdict says “${start}”\n${text}`);
  const v = await boxOf(page, '#verdict'), b = await boxOf(page, '#board');
  assert.ok(inView(v), `the verdict is on the screen: ${JSON.stringify(v)}`);
  assert.ok(v.x >= b.x + b.w - 0.5, `the verdict sits beside the board, not over it: ${JSON.stringify({ v, b })}`);
  assert.ok(v.w >= 200, `the verdict has a column of its own to be read in: ${v.w} px wide`);
}

/** A hex game's reach and move: the mover tapped shows its reach, then dragged to its dearest reached hex in view the move is made. */
async function hexMove(page, f, game) {
  const mover = (await pageRequest(page)).unit ?? (await pageRequest(page)).units[0].id;
  const from = await hook(page, 'screenOf', mover);
  await f.at(from);
  await ruled(page);
  const request = await pageRequest(page), result = await answer(request);
  assert.deepEqual([request.query, request.unit], ['reach', mover], 'the tapped unit’s reach is asked');
  await verdictReads(page, `${mover} can end on ${result.hexes.length} hex`);
  await shot(page, game, '1-reach');
  const taken = new Set(request.units.map((u) => `${u.q},${u.r}`));
  const b = await boxOf(page, '#board');
  const inBoard = (p) => p.x > b.x + 14 && p.y > b.y + 14 && p.x < b.x + b.w - 14 && p.y < b.y + b.h - 14;
  let go = null;
  for (const x of [...result.hexes].sort((m, n) => n.cost - m.cost)) {
    if (taken.has(`${x.q},${x.r}`) || x.ejects?.length || x.destroyed?.length || x.ejectsMarkers?.length) continue;
    const o = toOffset(x.q, x.r), p = await hook(page, 'screenOfHex', o.col, o.row);
    if (inBoard(p)) { go = { x, p }; break; }
  }
  assert.ok(go, 'a reached hex in view');
  await f.drag(from, go.p, { hold: async () => {
    await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} can end on ${named(go.x)}`);
    await shot(page, game, '2-held');
  } });
  await madeSaid(page);
  await ruled(page);
  const u = await unitOf(page, mover);
  assert.deepEqual([u.q, u.r], [go.x.q, go.x.r], `${mover} moved to the hex it was dropped on`);
  await verdictReads(page, 'Move made:');
  await shot(page, game, '3-moved');
}

// Each game's everyday question, by touch, and how many touches it may take.
const JOURNEYS = {
  // GG-MOV-1: a unit's reach, and a move to a hex of it
  godsgloom: { touches: 2, what: 'GG-MOV-1 a unit tapped shows its reach, dragged to a reached hex it moves', play: hexMove },
  // TW: the Guardsman's reach and a move
  'torn-world': { touches: 2, what: 'TW a unit tapped shows its reach, dragged to a reached hex it moves', play: hexMove },
  // AL-MOV-1 AL-LAT-2: the Legion dragged a step ahead (codex forward 1 of its 4 movement points)
  'arcane-legions': { touches: 1, what: 'AL-MOV-1 AL-LAT-2 the Legion dragged one step ahead moves there, 1 of 4 points', async play(page, f, game) {
    const home = await unitOf(page, 'Legion');
    const fw = home.facing * Math.PI / 180;
    const to = await hook(page, 'screenOfWorld', home.x + Math.sin(fw), home.y + Math.cos(fw));
    await f.drag(await hook(page, 'screenOf', 'Legion'), to, { hold: async () => {
      await painted(page);
      await page.waitForFunction(() => window.movecalcTest.request().order?.actions?.length === 1 && window.movecalcTest.ruled());
      await verdictReads(page, 'Legion: legal move. 1 of 4 movement points spent, 3 left');
      await shot(page, game, '1-held');
    } });
    await madeSaid(page);
    await ruled(page);
    const moved = await unitOf(page, 'Legion');
    assert.ok(Math.abs(Math.hypot(moved.x - home.x, moved.y - home.y) - 1) < 0.11, 'it moved a step');
    await verdictReads(page, 'Move made:');
    await shot(page, game, '2-moved');
    await controlsApart(page, 'the order open');
  } },
  // 9A-CH-1 9A-ARC-1: the Knights dragged onto the Raiders' left flank (they face 180: their east edge)
  // (the charge is made once its Charge Range is rolled on the play bar: 8″ + 6 + 6 reaches)
  'ninth-age': { touches: 4, what: '9A-CH-1 9A-ARC-1 the Knights dragged onto the Raiders’ flank charge it once rolled', async play(page, f, game) {
    const raiders = await unitOf(page, 'Raiders');
    await f.tap('#fit');
    await f.drag(await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y), { hold: async () => {
      await page.waitForFunction(() => window.movecalcTest.request().query === 'charge' && window.movecalcTest.request().charger === 'Knights' && window.movecalcTest.ruled());
      await verdictReads(page, 'Needs 5+ on 2D6');
      assert.match(await verdict(page), /The charge can be made: Knights charge Raiders in the left flank/);
      await shot(page, game, '1-held');
    } });
    await ruled(page);
    await setDice(page, 6, 6);
    await f.tap('#play-roll');
    await page.waitForFunction(() => window.movecalcTest.request().range === 20 && window.movecalcTest.ruled());
    // the dice first: the bar over the board has no room for them
    await verdictReads(page, 'Rolled 6 + 6: Charge Range 8″ + 12 = 20″ reaches');
    assert.match(await verdict(page), /The charge can be made: Knights charge Raiders in the left flank/);
    await f.tap('#apply');
    await madeSaid(page);
    await ruled(page);
    assert.equal((await unitOf(page, 'Knights')).facing, 270, 'the Knights face the flank they charged');
    // said as the charge it was, not as a place on the table
    await verdictReads(page, 'Charge made: Knights charge Raiders in the left flank');
    await shot(page, game, '2-moved');
  } },
  // CCA-CD-1 CCA-LD-8: the centre section's card (Hastati and Scipio stand in it): the Hastati
  // dragged a hex ahead, Scipio dropped on them where they now stand attaches; Make this move makes
  // the order of two of the card's three
  'cc-ancients': { touches: 4, what: 'CCA-CD-1 CCA-LD-8 a centre card played on the board: the Hastati dragged a hex ahead, Scipio dropped on them attaches, who may battle said beside the board, Make this move makes the order', async play(page, f, game) {
    const hexAt = (col, row) => hook(page, 'screenOfHex', col, row);
    const used = (n) => page.waitForFunction((k) => new RegExp(`${k} of 3 orders used`).test(document.getElementById('verdict')?.textContent ?? ''), n);
    await f.tap('[data-section="center"]');
    await page.waitForSelector('#order-total');
    await painted(page); // the card shows the whole board
    await f.drag(await hexAt(6, 6), await hexAt(6, 5));
    await used(1);
    await f.drag(await hexAt(6, 7), await hexAt(6, 5));
    await used(2);
    const request = await pageRequest(page), result = await answer(request);
    assert.deepEqual(request.moves.map((m) => [m.unit, named(m.path.at(-1))]), [['Hastati', 'col 6, row 5'], ['Scipio', 'col 6, row 5']]);
    assert.equal(result.legal, true, 'the engine: the order is legal');
    assert.equal(result.moves.find((m) => m.unit === 'Scipio').attachesTo, 'Hastati', 'the engine: Scipio attaches to the Hastati');
    // the running total, beside the board: who may battle with whom
    await verdictReads(page, '');
    const said = await verdict(page);
    assert.ok(said.includes('2 of 3 orders used') && said.includes('May battle but no enemy adjacent: Hastati with Scipio'), `the running total says who may battle\n${said}`);
    await shot(page, game, '1-ordered');
    await f.tap('#apply');
    await madeSaid(page);
    await ruled(page);
    for (const id of ['Hastati', 'Scipio']) assert.equal(named(await unitOf(page, id)), 'col 6, row 5', `${id} moved with the order`);
    await verdictReads(page, 'Move made:');
    await shot(page, game, '2-moved');
    await tokensClearOfControls(page, ['Hastati', 'Scipio'], 'the order made');
  } },
};

test('every game described has a landscape journey', () => {
  assert.deepEqual(SYSTEMS.map((s) => s.id).filter((id) => !JOURNEYS[id]), []);
});

for (const { id } of SYSTEMS.filter((s) => JOURNEYS[s.id])) {
  const j = JOURNEYS[id];
  test(`${id} (740x360, touch): ${j.what}, in at most ${j.touches} touches, each on a control in view`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    await shot(page, id, '0-fresh');
    const f = finger(page);
    await j.play(page, f, id);
    console.log(`${id} at 740x360: ${f.touches} touches`);
    assert.ok(f.touches <= j.touches, `${f.touches} touches, at most ${j.touches}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The board's own texts stay readable under what floats over it, and the column beside keeps its
// places: in Play with a command card (a game that plays cards: its `order` query), at 740 × 360, the
// card bar covers none of the columns' or rows' numbers, before a card and with one played; Make this
// move, once a unit is dragged, covers no tab nor the verdict; and the verdict, clamped to five
// lines (the column's width cut most reasons at three), shows no part of a sixth, whether it is
// clamped or scrolls (a tapped hex's why-not).
const CARD_GAMES = SYSTEMS.filter((s) => s.queries.some((q) => q.name === 'order'));
for (const { id } of CARD_GAMES) {
  test(`${id} (740x360, touch): play, the card bar clear of the board's numbers, Make this move clear of the tabs, the verdict's sixth line hidden`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    const overlaps = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
    const numbersUnder = async (sel) => {
      await painted(page);
      const bar = await boxOf(page, sel), board = await boardContent(page);
      return (await hook(page, 'boardLabels')).filter((t) => t.kind === 'grid')
        .map((t) => ({ text: t.text, x: board.x + t.box[0], y: board.y + t.box[1], w: t.box[2] - t.box[0], h: t.box[3] - t.box[1] }))
        .filter((t) => overlaps(t, bar)).map((t) => t.text);
    };
    const sixthHidden = async (when) => {
      const v = await page.evaluate(() => {
        const e = document.getElementById('verdict'), cs = getComputedStyle(e);
        return { shown: e.clientHeight - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom), line: parseFloat(cs.lineHeight), cls: e.className };
      });
      assert.ok(v.shown <= 5 * v.line + 0.5, `${when}: the verdict shows at most five lines (${v.shown} px of ${v.line} px lines, ${v.cls})`);
    };
    await page.waitForSelector('#play-bar:not([hidden])');
    assert.ok((await hook(page, 'boardLabels')).some((t) => t.kind === 'grid'), 'the board draws its numbers');
    assert.deepEqual(await numbersUnder('#play-bar'), [], 'the cards cover no number of the board');
    // the three sections on one row, together (wrapped, Right went below Left and Center)
    const rows = await page.$$eval('#play-bar [data-section]', (bs) => bs.map((b) => Math.round(b.getBoundingClientRect().top)));
    assert.equal(new Set(rows).size, 1, `the sections' buttons on one row: tops ${rows}`);
    await sixthHidden('a reach');
    // a hex the mover cannot reach, tapped: why not, in a box that scrolls
    const request = await pageRequest(page), reach = await answer(request);
    const reached = new Set([...reach.hexes.map((h) => `${h.q},${h.r}`), ...request.units.map((u) => `${u.q},${u.r}`)]);
    const from = request.units.find((u) => u.id === request.unit);
    const b = await boxOf(page, '#board');
    let far = null;
    for (const [dc, dr] of [[0, -3], [3, 0], [-3, 0], [0, 3], [2, -2], [-2, -2]]) {
      const o = toOffset(from.q, from.r), ax = toAxial(o.col + dc, o.row + dr), p = await hook(page, 'screenOfHex', o.col + dc, o.row + dr);
      // (on the board where the finger lands, not under the card bar over its top)
      if (!reached.has(`${ax.q},${ax.r}`) && p.x > b.x + 20 && p.y > b.y + 40 && p.x < b.x + b.w - 20 && p.y < b.y + b.h - 60
        && await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id === 'board', p)) { far = p; break; }
    }
    assert.ok(far, 'a hex out of reach in view');
    {
      await page.touchscreen.tap(far.x, far.y);
      await painted(page);
      await sixthHidden('a tapped hex');
    }
    // each section's card played (CCA-CD-1): the section's band says its orders left, drawn clear
    // of the card bar (which covered the centre's), and of every other control over the board
    for (const [section, words] of [['left', 'left flank'], ['right', 'right flank'], ['center', 'center']]) {
      await page.tap(`[data-section="${section}"]`);
      await page.waitForSelector('#order-total');
      await page.waitForFunction((w) => window.movecalcTest.boardText().some(([t]) => t === `${w}: 3 orders left`), words);
      await painted(page);
      const { controls, texts } = await boardTexts(page);
      const label = texts.find((t) => t.text === `${words}: 3 orders left`), bar = await boxOf(page, '#play-bar');
      // (beside the board, above the verdict: over the board's top it hid the rows a card's units stand on)
      assert.ok(!controls.some((c) => c.id === 'play-bar') && bar.x >= (await boxOf(page, '#board')).x + (await boxOf(page, '#board')).w - 0.5 && inView(bar) && inView(label),
        `${section}: the card bar beside the board, the label in view: ${JSON.stringify({ label, bar })}`);
      await textsClearOfControls(page, `${section} card`);
      assert.deepEqual(await numbersUnder('#play-bar'), [], `${section}: the card played covers no number of the board`);
      await shot(page, id, `card-${section}`);
      // (Cancel card, in the card's place, takes no tap within a double tap's 300 ms of the card played)
      if (section !== 'center') { await page.waitForTimeout(300); await page.tap('#order-end'); await page.waitForSelector('[data-section="center"]'); }
    }
    // the centre card's first unit dragged a hex ahead
    const mover = request.unit, at = toOffset(from.q, from.r);
    await touchDrag(page, await hook(page, 'screenOf', mover), await hook(page, 'screenOfHex', at.col, at.row - 1));
    await page.waitForFunction(() => /1 of \d orders? used/.test(document.getElementById('verdict').textContent));
    await page.waitForSelector('#apply:not([hidden])');
    await painted(page);
    const apply = await boxOf(page, '#apply');
    assert.ok(inView(apply), `Make this move is on the screen: ${JSON.stringify(apply)}`);
    const tabs = await page.$$eval('#tabs > *', (ts) => ts.map((t) => { const r = t.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height, id: t.id }; }));
    assert.deepEqual(tabs.filter((t) => overlaps(t, apply)).map((t) => t.id), [], 'Make this move covers no tab');
    assert.ok(!overlaps(apply, await boxOf(page, '#verdict')), 'nor the verdict');
    assert.deepEqual(await numbersUnder('#apply'), [], 'nor a number of the board');
    await sixthHidden('an order');
    await shot(page, id, 'card-apply');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A drop that ejects (a hex game's move whose end pushes others out) waits for the player to tap
// where each ejected piece goes: those hexes, numbered on the board, are in view and clear of the
// controls floating over it (the Replay bar covered two of three at the board's foot). From each
// hex game's own position: the first unit whose reach has an end that ejects is dropped there.
const EJECTING = SYSTEMS.filter((s) => s.board === 'hex' && ['reach', 'move'].every((q) => s.queries.some((x) => x.name === q)));
for (const { id } of EJECTING) {
  test(`${id} (740x360, touch): play, a drop that ejects: the hexes to tap for the ejected piece are in view, clear of the controls over the board`, { timeout: 300000 }, async (t) => {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    const position = await pageRequest(page);
    let drop = null;
    for (const u of position.units) {
      for (const x of (await answer({ ...position, query: 'reach', unit: u.id })).hexes ?? []) if (!drop && x.ejects?.length) drop = { u, x };
    }
    if (!drop) { t.skip('no move of its own position ejects'); await context.close(); return; }
    const o = toOffset(drop.x.q, drop.x.r);
    await touchDrag(page, await hook(page, 'screenOf', drop.u.id), await hook(page, 'screenOfHex', o.col, o.row));
    // an enemy's Dexterity test first, where there is one: either outcome leads to the hexes
    await page.waitForSelector('#play-bar [data-dexterity], #play-bar [data-hex]');
    if (await page.locator('#play-bar [data-dexterity]').count()) await page.tap('#play-bar [data-dexterity]');
    await page.waitForSelector('#play-bar [data-hex]');
    await ruled(page);
    await painted(page);
    const hexes = await page.$$eval('#play-bar [data-hex]', (bs) => bs.map((b) => b.getAttribute('aria-label').match(/col (\d+), row (\d+)/).slice(1).map(Number)));
    assert.ok(hexes.length > 0, 'hexes to choose from');
    const { controls } = await boardTexts(page);
    const board = await boxOf(page, '#board');
    const [a, b] = [await hook(page, 'screenOfHex', 1, 1), await hook(page, 'screenOfHex', 2, 1)];
    const r = Math.hypot(a.x - b.x, a.y - b.y) / 2; // half a hex across
    const bad = [];
    for (const [col, row] of hexes) {
      const p = await hook(page, 'screenOfHex', col, row), box = { x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r };
      if (box.x < board.x || box.y < board.y || box.x + box.w > board.x + board.w || box.y + box.h > board.y + board.h) bad.push(`col ${col}, row ${row} out of view`);
      for (const c of controls) if (overlaps(box, c)) bad.push(`col ${col}, row ${row} under #${c.id}`);
    }
    assert.deepEqual(bad, [], `the hexes to tap in view and clear: ${JSON.stringify(hexes)}`);
    await page.screenshot({ path: join(artifacts, `landscape-${id}-eject-hexes-740x360.png`) });
    assert.deepEqual(errors, []);
    await context.close();
  });
}

for (const { id } of SYSTEMS) {
  test(`${id} (740x360, touch): the full-screen board keeps the whole height and 60 % of the screen, its tools and verdict in view beside it, and gives it back`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    const share = (b) => (b.w * b.h) / (LANDSCAPE.width * LANDSCAPE.height);
    const before = await boxOf(page, '#board');
    await page.tap('#full-board');
    await page.waitForFunction(() => document.body.classList.contains('full-board'));
    await painted(page);
    const board = await boxOf(page, '#board'), v = await boxOf(page, '#verdict');
    assert.ok(share(board) >= 0.6 && board.h >= LANDSCAPE.height - 20, `the board: ${JSON.stringify(board)}, ${Math.round(share(board) * 100)} %`);
    assert.ok(share(board) >= share(before) - 0.01, `full-screen does not make the board smaller: ${JSON.stringify({ before, board })}`);
    assert.ok(inView(v) && v.x >= board.x + board.w && v.h >= 40, `the verdict is beside the board, in view: ${JSON.stringify(v)}`);
    for (const sel of ['#full-board', '#undo', '#mode-play']) {
      const b = await boxOf(page, sel);
      assert.ok(inView(b) && !overlaps(b, board), `${sel} in view, off the board: ${JSON.stringify(b)}`);
    }
    await page.screenshot({ path: join(artifacts, `landscape-${id}-full-screen-740x360.png`) });
    await page.tap('#full-board');
    await page.waitForFunction(() => !document.body.classList.contains('full-board'));
    await painted(page);
    assert.deepEqual(await boxOf(page, '#board'), before, 'the board is back where it was');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A landscape phone's opening shows a hex board whole (its units deploy on the back rows): every
// hex's centre in the board's view and under none of the page's controls over it (the card bar
// over its top rows, the first visit's note and the zoom buttons over its foot), its hexes 32 px
// across at least where its columns fit so, else 28 (a finger's last resort, over WCAG's 24): a
// row's centres span its columns less half a hex, and half a hex's radius is kept either side
// (board-hex.js fitWhole), so Torn World's 16 columns need 15.5 × 32 + 18.5 = 514.5 px at 32, more
// than the 480 the column leaves the board.
for (const { id } of SYSTEMS.filter((s) => s.board === 'hex')) {
  test(`${id} (740x360, touch): the opening shows every row and column of the board, clear of the controls over it`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    await painted(page);
    const board = await boardContent(page);
    const controls = await page.evaluate((sels) => sels.map((s) => document.querySelector(s))
      .filter((e) => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
      .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id, x: r.left, y: r.top, w: r.width, h: r.height }; }), [...FLOATING, '#coach', '#unit-tray']);
    const cells = await hook(page, 'cellsOnScreen');
    const bad = cells.flatMap((c) => {
      const at = { x: c.x, y: c.y, w: 0.01, h: 0.01 }, name = `col ${c.col}, row ${c.row}`;
      if (c.x < board.x || c.y < board.y || c.x > board.x + board.w || c.y > board.y + board.h) return [`${name} out of view`];
      return controls.filter((k) => overlaps(at, k)).map((k) => `${name} under #${k.id}`);
    });
    assert.deepEqual(bad, [], `every hex's centre in view and clear (${cells.length} hexes)`);
    const across = (await hook(page, 'camera')).s * Math.sqrt(3), cols = Math.max(...cells.map((c) => c.col)) + 1;
    const least = (cols - 0.5) * 32 + 32 / Math.sqrt(3) <= board.w ? 32 : 28;
    assert.ok(across >= least, `a hex ${across.toFixed(1)} px across, ${least} at least (${cols} columns in ${board.w.toFixed(0)} px)`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
