// What a newcomer on a phone, either way up, found covered or cut off (a review by touch at
// 360 × 740 and 740 × 360): nothing the player must see or tap on the board (a highlighted hex, a
// row's number) lies under a control or goes undrawn, and the controls beside the board keep a
// finger's size, clear of one another. Screenshots go to tests/artifacts/covered-*.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, engineAnswer as answer, openPage, pageRequest, pickSystem, ruled, hook, artifacts, touchDrag, painted, boardContent, verdictSaysCoach, knightsChargeMade } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset } from '../../web/hex.js';

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

/**
 * A landscape phone's column as a finger needs it: each control 44 px tall at least, none under the
 * verdict or another, all on the screen; its controls' boxes. A screenshot `covered-<name>-740x360`.
 */
async function columnKept(page, name, when) {
  await ruled(page);
  await painted(page);
  await page.screenshot({ path: join(artifacts, `covered-${name}-740x360.png`) });
  const controls = await boxes(page, '.tools, #sheet-handle, #legend-panel > summary, #undo, #redo, #full-board, #play-bar button, #play-bar select, #tabs > *');
  const verdict = (await boxes(page, '#verdict'))[0];
  assert.deepEqual(controls.filter((c) => c.h < 43.5).map((c) => `${c.id} ${c.h.toFixed(1)} px tall`), [], `${when}: every control of the column 44 px tall at least`);
  assert.deepEqual(controls.filter((c) => overlaps(c, verdict)).map((c) => c.id), [], `${when}: none under the verdict`);
  const over = [];
  for (let i = 0; i < controls.length; i++) for (let j = i + 1; j < controls.length; j++) if (overlaps(controls[i], controls[j])) over.push(`${controls[i].id} / ${controls[j].id}`);
  assert.deepEqual(over, [], `${when}: the controls apart`);
  assert.ok(controls.every((c) => c.y + c.h <= LANDSCAPE.height + 0.5), `${when}: every control on the screen`);
  return controls;
}

// 9A-CH-1 9A-PU-1: a charge made offers its pursuit on the play bar, which took two rows and more:
// the column's rows squashed, Play and Set up to 12 px. The verdict's row gives the room.
test('ninth-age (740x360, touch): 9A-CH-1 9A-PU-1 a charge made, then its pursuit asked: the column\'s controls keep a finger\'s 44 px, none under another or the verdict', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
  await pickSystem(page, 'ninth-age');
  await knightsChargeMade(page);
  const made = await columnKept(page, 'ninth-age-charge-made', 'charge made');
  assert.ok(made.some((c) => c.id === 'Pursue'), 'the pursuit offered');
  await page.tap('#play-bar [data-ask="pursue"]');
  await page.waitForFunction(() => window.movecalcTest.request().query === 'pursue');
  await columnKept(page, 'ninth-age-pursue', 'pursuit asked');
  assert.deepEqual(errors, []);
  await context.close();
});

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
    const controls = await columnKept(page, `cc-ancients-${when}`, when);
    assert.ok(controls.some((c) => c.id === 'Right') && controls.some((c) => c.id === 'order-card'), `${when}: the cards to choose from shown`);
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
test('740x360, touch: every game\'s first-visit note covers none of the column\'s controls (the game, the tools, Undo, the cards, the tabs), nor the verdict where the panel under them has room', { timeout: 300000 }, async () => {
  const roomy = [];
  for (const { id } of SYSTEMS) {
    const { context, page, errors } = await openPage(env, LANDSCAPE, { touch: true });
    await pickSystem(page, id);
    await painted(page);
    const [note] = await boxes(page, '#coach');
    // (none where the verdict says its sentence: phone.test)
    if (!note && await verdictSaysCoach(page)) { await context.close(); continue; }
    assert.ok(note, `${id}: the note shows`);
    const controls = await boxes(page, '#system, .tools label, #sheet-handle, #legend-panel > summary, #undo, #redo, #full-board, #play-bar button, #play-bar select, #tabs > *');
    await page.screenshot({ path: join(artifacts, `covered-${id}-note-740x360.png`) });
    assert.deepEqual(controls.filter((c) => overlaps(c, note)).map((c) => c.id), [], `${id}: the controls under the note ${JSON.stringify(note)}`);
    assert.ok(note.y + note.h <= LANDSCAPE.height + 0.5 && note.x >= (await boardContent(page)).x + (await boardContent(page)).w, `${id}: the note on the screen, beside the board`);
    // and over none of the verdict where the panel under the tabs has its height: there it covers
    // the panel (read after the verdict), not the verdict's third line (a newcomer's review)
    const [panel] = await boxes(page, '#panels'), [said] = await boxes(page, '#verdict');
    if (panel.h >= note.h) {
      assert.ok(!overlaps(note, said), `${id}: the note over the verdict: ${JSON.stringify({ note, said, panel })}`);
      roomy.push(id);
    }
    assert.deepEqual(errors, []);
    await context.close();
  }
  assert.ok(roomy.length > 0, 'some game\'s column has room under its tabs');
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
      const below = Math.max(board.y + 40, note && note.x < board.x + board.w ? note.y + note.h + 27 : 0); // (the columns' numbers pinned under the note on their strip, and a row whose number would cross it)
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
