// What a newcomer on a phone, either way up, found covered or cut off (a review by touch at
// 360 × 740 and 740 × 360): nothing the player must see or tap on the board (a highlighted hex, a
// row's number) lies under a control or goes undrawn, and the controls beside the board keep a
// finger's size, clear of one another. Screenshots go to tests/artifacts/covered-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, engineAnswer as answer, openPage, pageRequest, pickSystem, ruled, hook, artifacts, touchDrag, painted, boardContent, setDice, knightsOnRaidersFlank } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset, center } from '../../web/hex.js';
import { boardCells } from '../../web/model.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const PORTRAIT = { width: 360, height: 740 }, LANDSCAPE = { width: 740, height: 360 };
const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const HEX_GAMES = SYSTEMS.filter((s) => s.board === 'hex');
const overlaps = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;
/** The boxes of the elements `sel` matches that are shown. */
const boxes = (page, sel) => page.$$eval(sel, (es) => es.filter((e) => e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id || e.textContent.trim().slice(0, 12), x: r.left, y: r.top, w: r.width, h: r.height }; }));
// the controls that float over the board (style.css, app.js COVERING)
const FLOATING = '#play-bar, #timeline, #apply, #unit-tray, #zoom-out, #zoom-in, #fit';

// CCA-CD-1: a card's order made, then Undone and Redone, on a landscape phone. The Redo's verdict
// needed two lines more for its first sentence, which the column had no room for: its rows
// squashed, Play and Set up to 39 px, the cards' second row (Right, Other…) 13 px under the verdict.
test('cc-ancients (740x360, touch): CCA-CD-1 an order made, undone and redone: the column\'s controls keep a finger\'s 44 px, none under another or the verdict', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  const hexAt = (col, row) => hook(page, 'screenOfHex', col, row);
  // the centre card: the Hastati a hex ahead, Scipio onto them (as landscape.test's journey)
  await page.tap('[data-section="center"]');
  await page.waitForSelector('#order-total');
  await painted(page);
  await touchDrag(page, await hexAt(6, 6), await hexAt(6, 5));
  await page.waitForFunction(() => /1 of 3 orders used/.test(document.getElementById('verdict').textContent));
  await touchDrag(page, await hexAt(6, 7), await hexAt(6, 5));
  await page.waitForFunction(() => /2 of 3 orders used/.test(document.getElementById('verdict').textContent));
  await page.waitForTimeout(300); // (a tap within a double tap's 300 ms of the last touch is not taken)
  await page.tap('#apply');
  await page.waitForFunction(() => /^Move made:/.test(document.getElementById('verdict').textContent));
  const column = async (when) => {
    await ruled(page);
    await painted(page);
    await page.screenshot({ path: join(artifacts, `covered-cc-ancients-${when}-740x360.png`) });
    const controls = await boxes(page, '.tools label, #sheet-handle, #legend-panel > summary, #undo, #redo, #full-board, #play-bar button, #play-bar select, #tabs > *');
    const verdict = (await boxes(page, '#verdict'))[0];
    assert.ok(controls.some((c) => c.id === 'Right') && controls.some((c) => c.id === 'order-card'), `${when}: the cards to choose from shown`);
    assert.deepEqual(controls.filter((c) => c.h < 43.5).map((c) => `${c.id} ${c.h.toFixed(1)} px tall`), [], `${when}: every control of the column 44 px tall at least`);
    assert.deepEqual(controls.filter((c) => overlaps(c, verdict)).map((c) => c.id), [], `${when}: none under the verdict`);
    const over = [];
    for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) if (overlaps(controls[i], controls[j])) over.push(`${controls[i].id} / ${controls[j].id}`);
    assert.deepEqual(over, [], `${when}: the controls apart`);
    assert.ok(controls.every((c) => c.y + c.h <= LANDSCAPE.height + 0.5), `${when}: every control on the screen`);
  };
  await column('made');
  await page.tap('#undo');
  await ruled(page);
  await page.tap('#redo');
  await page.waitForFunction(() => /^Redone/.test(document.getElementById('verdict').textContent));
  await column('redone');
  assert.deepEqual(errors, []);
  await context.close();
});

// A drop that ejects (TW-EJ-1, TW-EJ-3): each drop of a hex game's own position that ejects a
// piece, at both sizes. While the ejected enemy's Dexterity test is asked, the nearest free hexes
// it may go to are drawn: they lie in view, clear of the controls over the board (an upright
// phone's zoom-in button covered one of the Rogue's three); so do the numbered hexes then tapped.
const EJECTING = HEX_GAMES.filter((s) => ['reach', 'move'].every((q) => s.queries.some((x) => x.name === q)));

/** Every drop of unit onto a hex of its reach that ejects, in the game's own position. */
async function ejectingDrops(page) {
  const position = await pageRequest(page), drops = [];
  for (const u of position.units) for (const x of (await answer({ ...position, query: 'reach', unit: u.id })).hexes ?? []) if (x.ejects?.length) drops.push({ unit: u.id, at: toOffset(x.q, x.r) });
  return drops;
}

/** The whole board shown where unit `id` is out of the view (a finger drags only what it sees). */
async function unitInView(page, id) {
  const p = await hook(page, 'screenOf', id), board = await boardContent(page);
  if (p.x > board.x && p.x < board.x + board.w && p.y > board.y && p.y < board.y + board.h) return;
  await page.tap('#fit');
  await painted(page);
}

/** The hexes (offset) whose disc of half a hex across lies out of the board's view or under a floating control. */
async function hiddenHexes(page, hexes) {
  const board = await boardContent(page), controls = await boxes(page, FLOATING);
  const [a, b] = [await hook(page, 'screenOfHex', 1, 1), await hook(page, 'screenOfHex', 2, 1)];
  const r = Math.hypot(a.x - b.x, a.y - b.y) / 2;
  const bad = [];
  for (const { col, row } of hexes) {
    const p = await hook(page, 'screenOfHex', col, row), box = { x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r };
    if (box.x < board.x || box.y < board.y || box.x + box.w > board.x + board.w || box.y + box.h > board.y + board.h) bad.push(`col ${col}, row ${row} out of view`);
    for (const c of controls) if (overlaps(box, c)) bad.push(`col ${col}, row ${row} under #${c.id}`);
  }
  return bad;
}

for (const { id } of EJECTING) {
  for (const vp of [PORTRAIT, LANDSCAPE]) {
    test(`${id} (${vp.width}x${vp.height}, touch): TW-EJ-1 TW-EJ-3 each drop that ejects: the hexes the piece may go to in view and clear of the controls, while its test is asked and when they are tapped`, { timeout: 300000 }, async (t) => {
      const { context, page, errors } = await openPage(env, vp, { touch: true });
      await pickSystem(page, id);
      const drops = await ejectingDrops(page);
      if (!drops.length) { t.skip('no move of its own position ejects'); await context.close(); return; }
      for (const d of drops) {
        await unitInView(page, d.unit);
        await touchDrag(page, await hook(page, 'screenOf', d.unit), await hook(page, 'screenOfHex', d.at.col, d.at.row));
        await page.waitForSelector('#play-bar [data-dexterity], #play-bar [data-hex]');
        await ruled(page);
        await painted(page);
        const name = `covered-${id}-${d.unit}-${d.at.col}-${d.at.row}`;
        if (await page.locator('#play-bar [data-dexterity]').count()) {
          const ejected = (await answer(await pageRequest(page))).ejections.find((e) => e.enemy);
          await page.screenshot({ path: join(artifacts, `${name}-test-${vp.width}x${vp.height}.png`) });
          assert.deepEqual(await hiddenHexes(page, ejected.candidates.map((c) => toOffset(c.q, c.r))), [], `${d.unit} dropped on col ${d.at.col}, row ${d.at.row}: ${ejected.unit}'s hexes while its test is asked`);
          await page.tap('#play-bar [data-dexterity]');
          await page.waitForSelector('#play-bar [data-hex]');
          await ruled(page);
          await painted(page);
        }
        const hexes = await page.$$eval('#play-bar [data-hex]', (bs) => bs.map((b) => b.getAttribute('aria-label').match(/col (\d+), row (\d+)/).slice(1).map(Number)));
        assert.ok(hexes.length > 0, 'hexes to choose from');
        await page.screenshot({ path: join(artifacts, `${name}-tap-${vp.width}x${vp.height}.png`) });
        assert.deepEqual(await hiddenHexes(page, hexes.map(([col, row]) => ({ col, row }))), [], `${d.unit} dropped on col ${d.at.col}, row ${d.at.row}: the hexes to tap`);
        await page.tap('#eject-cancel'); // the position as it was
        await page.waitForSelector('#eject-cancel', { state: 'hidden' });
        await ruled(page);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// The words of a drop's choice (whose Dexterity test it is, who places the piece) show whole in the
// play bar: a landscape phone's column cut "Rogue’s Dexterity test:" to "Rogue’s Dexterity…".
for (const { id } of EJECTING) {
  for (const vp of [PORTRAIT, LANDSCAPE]) {
    test(`${id} (${vp.width}x${vp.height}, touch): TW-EJ-3 a drop that ejects: the choice's words whole, the test's and the hexes'`, { timeout: 300000 }, async (t) => {
      const { context, page, errors } = await openPage(env, vp, { touch: true });
      await pickSystem(page, id);
      const d = (await ejectingDrops(page))[0];
      if (!d) { t.skip('no move of its own position ejects'); await context.close(); return; }
      await touchDrag(page, await hook(page, 'screenOf', d.unit), await hook(page, 'screenOfHex', d.at.col, d.at.row));
      const whole = async (when) => {
        await page.waitForSelector('#eject-ask');
        const p = await page.$eval('#eject-ask', (e) => { const r = e.getBoundingClientRect(); return { text: e.textContent, scroll: e.scrollHeight, client: e.clientHeight, right: r.right, w: r.width }; });
        assert.ok(p.scroll <= p.client + 1 && p.right <= vp.width + 0.5 && p.w > 0, `${when}: “${p.text}” shown whole: ${JSON.stringify(p)}`);
      };
      await page.waitForSelector('#play-bar [data-dexterity], #play-bar [data-hex]');
      if (await page.locator('#play-bar [data-dexterity]').count()) {
        await whole('the test asked');
        await page.tap('#play-bar [data-dexterity]');
        await page.waitForSelector('#play-bar [data-hex]');
      }
      await whole('the hexes to tap');
      await page.screenshot({ path: join(artifacts, `covered-${id}-choice-words-${vp.width}x${vp.height}.png`) });
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// A landscape phone's first visit says how play works beside the board, over none of the column's
// controls: over its foot it covered the tabs where a card bar took the column's height (C&C).
test('740x360, touch: every game\'s first-visit note covers none of the column\'s controls (the game, the tools, Undo, the cards, the tabs)', { timeout: 300000 }, async () => {
  for (const { id } of SYSTEMS) {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    await painted(page);
    const [note] = await boxes(page, '#coach');
    assert.ok(note, `${id}: the note shows`);
    const controls = await boxes(page, '#system, .tools label, #sheet-handle, #legend-panel > summary, #undo, #redo, #full-board, #play-bar button, #play-bar select, #tabs > *');
    await page.screenshot({ path: join(artifacts, `covered-${id}-note-740x360.png`) });
    assert.deepEqual(controls.filter((c) => overlaps(c, note)).map((c) => c.id), [], `${id}: the controls under the note ${JSON.stringify(note)}`);
    assert.ok(note.y + note.h <= LANDSCAPE.height + 0.5 && note.x >= (await boardContent(page)).x + (await boardContent(page)).w, `${id}: the note on the screen, beside the board`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// Each row of a hex board shown has its number drawn (in its band left of the board, or pinned at
// the view's edge on a plate): under the terrain's name at the view's edge (C&C's row 4 by a
// forest's "F") it was left out. Rows beside the columns' numbers pinned at the top, those under
// the first visit's note, and those with a text drawn on their line at the view's edge (a reach's
// cost: pinned beside it, row 8 and a cost 4 read "84", label-edge.test) are not counted.
for (const { id } of HEX_GAMES) {
  for (const vp of [PORTRAIT, LANDSCAPE]) {
    test(`${id} (${vp.width}x${vp.height}, touch): the opening numbers every row in view`, { timeout: 300000 }, async () => {
      const { context, page, errors } = await openPage(env, vp, { touch: true });
      await pickSystem(page, id);
      await painted(page);
      const board = await boardContent(page), [note] = await boxes(page, '#coach');
      const below = Math.max(board.y + 40, note && overlaps(note, board) ? note.y + note.h + 24 : 0); // (the columns' numbers pinned under the note, and a row beside them)
      const rows = new Map();
      for (const c of await hook(page, 'cellsOnScreen')) if (c.x > board.x && c.x < board.x + board.w && c.y > below && c.y < board.y + board.h - 8) rows.set(c.row, c.y - board.y);
      const all = await hook(page, 'boardLabels'), labels = all.filter((l) => l.kind === 'grid');
      const crowded = (y) => all.some((l) => l.kind !== 'grid' && l.box[0] < 60 && l.box[1] < y + 8 && l.box[3] > y - 8);
      const missing = [...rows].filter(([row, y]) => !crowded(y) && !labels.some((l) => l.text === String(row) && Math.abs((l.box[1] + l.box[3]) / 2 - y) < 4)).map(([row]) => row);
      await page.screenshot({ path: join(artifacts, `covered-${id}-rows-${vp.width}x${vp.height}.png`) });
      assert.ok(rows.size > 3, `rows in view: ${[...rows.keys()]}`);
      assert.deepEqual(missing, [], `the rows without a number, of ${[...rows.keys()]}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// An upright phone's first visit: the note saying how play works covers none of the board (over
// its top it hid The Ninth Age's flee arrow and C&C's first row), nor a control; it shows whole, at
// a size read without zooming, and leaves the verdict's first line in view.
test('360x740, touch: every game\'s first-visit note lies off the board, over no control, whole and readable', { timeout: 300000 }, async () => {
  for (const { id } of SYSTEMS) {
    const { context, page, errors } = await openPage(env, PORTRAIT, { touch: true });
    await pickSystem(page, id);
    await painted(page);
    const [note] = await boxes(page, '#coach');
    assert.ok(note, `${id}: the note shows`);
    await page.screenshot({ path: join(artifacts, `covered-${id}-note-360x740.png`) });
    const board = await boardContent(page);
    assert.ok(!overlaps(note, board), `${id}: the note ${JSON.stringify(note)} off the board ${JSON.stringify(board)}`);
    const controls = await boxes(page, '#system, .tools label, #sheet-handle, #legend-panel > summary, #undo, #redo, #full-board, #play-bar button, #play-bar select, #timeline button, #tabs > *');
    assert.deepEqual(controls.filter((c) => overlaps(c, note)).map((c) => c.id), [], `${id}: the controls under the note`);
    const shown = await page.$eval('#coach', (e) => ({ whole: e.scrollHeight <= e.clientHeight + 1, size: parseFloat(getComputedStyle(e).fontSize) }));
    assert.ok(shown.whole && shown.size >= 12, `${id}: the note whole, its letters 12 px at least: ${JSON.stringify(shown)}`);
    const first = await page.$eval('#verdict', (v) => { const r = document.createRange(); r.selectNodeContents(v); const l = r.getClientRects()[0]; return { x: l.left, y: l.top, w: l.width, h: l.height }; });
    assert.ok(!overlaps(first, note), `${id}: the verdict's first line ${JSON.stringify(first)} clear of the note`);
    assert.deepEqual(errors, []);
    await context.close();
  }
});

// An upright phone's opening of a hex board: no hex lies under the controls floating over the
// board's foot (the zoom buttons over the bottom row, Make this move beside them): the framing
// keeps their room, the board's rows above them.
for (const { id } of HEX_GAMES) {
  test(`${id} (360x740, touch): the opening draws no hex under the zoom buttons nor Make this move`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, PORTRAIT, { touch: true });
    await pickSystem(page, id);
    await painted(page);
    const controls = await boxes(page, FLOATING);
    assert.ok(controls.some((c) => c.id === 'zoom-in'), 'the zoom buttons over the board');
    // each hex's disc (half the spacing of two neighbours across) on the screen
    const { system, doc } = await hook(page, 'state');
    const discs = await page.evaluate((cells) => {
      const t = window.movecalcTest, [a, b] = [t.screenOfHex(1, 1), t.screenOfHex(2, 1)], r = Math.hypot(a.x - b.x, a.y - b.y) / 2;
      return cells.map(({ name, x, y }) => { const p = t.screenOfWorld(x, y); return { name, x: p.x - r, y: p.y - r, w: 2 * r, h: 2 * r }; });
    }, boardCells(system, doc.board).map((c) => { const [x, y] = center(c.q, c.r), o = toOffset(c.q, c.r); return { name: `col ${o.col}, row ${o.row}`, x, y }; }));
    assert.ok(discs.length > 20, `the board's hexes: ${discs.length}`);
    await page.screenshot({ path: join(artifacts, `covered-${id}-foot-360x740.png`) });
    assert.deepEqual(discs.flatMap((d) => controls.filter((c) => overlaps(d, c)).map((c) => `${d.name} under #${c.id}`)), [], 'hexes under a control');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A unit's name on the board at a phone's opening shows whole, beside its token or beside the
// arrow at the view's edge pointing to it: an upright phone cut Torn World's "Faceless One" to "Fa…"
// by its arrow, under the first visit's note.
for (const { id } of SYSTEMS) {
  for (const vp of [PORTRAIT, LANDSCAPE]) {
    test(`${id} (${vp.width}x${vp.height}, touch): the opening's unit names whole, by their tokens and their arrows`, { timeout: 300000 }, async () => {
      const { context, page, errors } = await openPage(env, vp, { touch: true });
      await pickSystem(page, id);
      await painted(page);
      const names = (await hook(page, 'state')).doc.units.map((u) => String(u.name ?? u.id));
      const texts = (await hook(page, 'boardLabels')).map((l) => l.text);
      assert.ok(texts.some((t) => names.includes(t)), 'names drawn');
      assert.deepEqual(texts.filter((t) => t.endsWith('…') && names.some((n) => n.startsWith(t.slice(0, -1)))), [], 'names cut short');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// A 360 px phone's toolbar: the mode (Play | Set up) and the tools (Move | … | Ruler) are two
// controls a gap apart (touching, they read as one), and each word keeps room within its border
// ("Set up" touched it).
test('360x740, touch: the mode and the tools two controls apart, each word clear of its border', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PORTRAIT, { touch: true });
  for (const { id } of SYSTEMS) {
    await pickSystem(page, id);
    const [mode, tools] = await page.$$eval('.tools', (gs) => gs.map((g) => { const r = g.getBoundingClientRect(); return { left: r.left, right: r.right, top: r.top }; }));
    assert.equal(Math.round(mode.top), Math.round(tools.top), `${id}: one row`);
    assert.ok(tools.left - mode.right >= 4, `${id}: a gap between the mode and the tools: ${JSON.stringify({ mode, tools })}`);
    const tight = await page.$$eval('.tools label', (ls) => ls.filter((l) => l.offsetParent !== null).flatMap((l) => {
      const r = document.createRange(); r.selectNodeContents(l);
      const t = [...r.getClientRects()].filter((x) => x.width > 0), b = l.getBoundingClientRect();
      if (!t.length) return [];
      const [x0, x1] = [Math.min(...t.map((x) => x.left)), Math.max(...t.map((x) => x.right))];
      return x0 - b.left >= 3 && b.right - x1 >= 3 ? [] : [`${l.textContent.trim()} ${(x0 - b.left).toFixed(1)} / ${(b.right - x1).toFixed(1)} px`];
    }));
    assert.deepEqual(tight, [], `${id}: words against their border`);
  }
  await page.screenshot({ path: join(artifacts, 'covered-toolbar-360x740.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// A refusal says why before the phone's "… more": The Ninth Age's charge rolled short (9A-CH-1: 8″
// + 1 + 2 = 11″ for a charge of 12″ or more) said the roll, "The charge cannot be made." and only
// then that it was out of range, behind the cue.
test('ninth-age (360x740, touch): 9A-CH-1 a charge rolled short: the verdict shows why (out of range, needs, rolled) above its "… more"', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PORTRAIT, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsOnRaidersFlank(page);
  await setDice(page, 1, 2);
  await page.tap('#play-roll');
  await ruled(page);
  await painted(page);
  await page.screenshot({ path: join(artifacts, 'covered-ninth-age-short-360x740.png') });
  const seen = await page.$eval('#verdict', (v) => {
    const m = /out of range \(needs [^)]*\)/.exec(v.textContent);
    if (!m) return { text: v.textContent };
    let n = 0, range = null;
    for (const t of (function* walk(e) { for (const c of e.childNodes) if (c.nodeType === 3) yield c; else yield* walk(c); })(v)) {
      if (!range && n + t.length >= m.index + m[0].length) { range = document.createRange(); range.setStart(t, m.index + m[0].length - n - 1); range.setEnd(t, m.index + m[0].length - n); }
      n += t.length;
    }
    const line = parseFloat(getComputedStyle(v).lineHeight), box = v.getBoundingClientRect();
    // (the words' end above the last line shown, which the cue shares, where more follows)
    return { text: v.textContent, cut: v.classList.contains('cut'), end: range.getBoundingClientRect().bottom, limit: box.top + v.clientTop + v.clientHeight - (v.classList.contains('cut') ? line : 0) + 1 };
  });
  assert.ok(seen.end !== undefined, `the reason said: ${seen.text}`);
  assert.ok(seen.end <= seen.limit, `the reason above the cue: ${JSON.stringify(seen)}`);
  assert.deepEqual(errors, []);
  await context.close();
});

// A charge asked by touch from a landscape phone's opening (the Knights onto the Raiders' left
// flank, at the board's top): where the charger ends is drawn whole in the view, clear of its
// edges (its box lay on the board's top edge, cut). Each pose's box is taken as its half-diagonal
// round its middle, whatever its facing.
test('ninth-age (740x360, touch): 9A-CH-1 a charge asked at the board\'s top: its end drawn whole in the view, clear of the edge', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await painted(page);
  const raiders = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Raiders');
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y));
  await ruled(page);
  await painted(page);
  await page.screenshot({ path: join(artifacts, 'covered-ninth-age-charge-740x360.png') });
  const board = await boardContent(page), poses = (await hook(page, 'overlay')).filter((o) => o.type === 'pose');
  assert.ok(poses.length > 0, 'the charge\'s end drawn');
  const cut = [];
  for (const o of poses) {
    const r = Math.hypot(o.w, o.d) / 2, a = await hook(page, 'screenOfWorld', o.pose.x - r, o.pose.y - r), b = await hook(page, 'screenOfWorld', o.pose.x + r, o.pose.y + r);
    const box = [Math.min(a.x, b.x), Math.min(a.y, b.y), Math.max(a.x, b.x), Math.max(a.y, b.y)];
    if (box[0] < board.x + 4 || box[1] < board.y + 4 || box[2] > board.x + board.w - 4 || box[3] > board.y + board.h - 4) cut.push(`${o.label}: ${box.map(Math.round)}`);
  }
  assert.deepEqual(cut, [], `ends cut at the view's edge ${JSON.stringify(board)}`);
  assert.deepEqual(errors, []);
  await context.close();
});
