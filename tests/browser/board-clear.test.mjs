// Nothing covers the board a player asked to see whole (issue 31: a newcomer's touch review found
// a landscape phone's card bar over C&C's top rows and its foot bar over the bottom ones). For every
// game of describe, at 360 × 740 and 740 × 360, by touch: after ⤢ (and, for a game whose cards' bar
// offers a section card, after that card is chosen), every hex's centre of a hex board, or each corner
// of a table a little inside it, lies in the board's canvas with nothing over it (the element at that
// point is the canvas). And the orders a section card has left, said on the board, stay on screen and
// clear of the controls floating over the board when the view is zoomed in (the review's "center: 1
// order left" left the view). Screenshots go to tests/artifacts/clear-<game>-<step>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, pickSystem, ruled, hook, painted, artifacts, boardContent } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { boardCells } from '../../web/model.js';
import { center, toOffset } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const SIZES = [{ width: 360, height: 740 }, { width: 740, height: 360 }];
const size = (v) => `${v.width}x${v.height}`;
// the controls that float over the board (app.js COVERING)
const FLOATING = ['#play-bar', '#timeline', '#apply', '#unit-tray', '#zoom-out', '#zoom-in', '#fit', '#coach'];
const INSET = 0.5; // world units inside a table's corner (half an inch)

async function shot(page, name, viewport) {
  await painted(page);
  await page.screenshot({ path: join(artifacts, `clear-${name}-${size(viewport)}.png`) });
}

async function open(viewport, system) {
  const opened = await openPage(env, viewport, { touch: true });
  if ((await hook(opened.page, 'request')).system !== system) await pickSystem(opened.page, system); else await ruled(opened.page);
  await painted(opened.page);
  return opened;
}

/** The world points a player must see: every hex's centre, or a table's corners INSET inside it. */
async function wanted(page) {
  const { system, doc } = await hook(page, 'state');
  if (doc.table) {
    const { width: w, height: h } = doc.table;
    return [[INSET, INSET], [w - INSET, INSET], [INSET, h - INSET], [w - INSET, h - INSET]].map(([x, y]) => ({ x, y, name: `table (${x}, ${y})` }));
  }
  return boardCells(system, doc.board).map((c) => { const [x, y] = center(c.q, c.r); return { x, y, name: `hex q ${c.q} r ${c.r}` }; });
}

/** Of those points, the ones outside the board's drawing or under something else (named with what covers them). */
async function hidden(page) {
  const points = await wanted(page), board = await boardContent(page);
  const at = [];
  for (const p of points) at.push({ ...p, ...(await hook(page, 'screenOfWorld', p.x, p.y)) });
  // (the first visit's note lets touches through to the board: it covers by its box)
  return page.evaluate(({ at, board, sels }) => at.flatMap((p) => {
    if (p.x < board.x || p.y < board.y || p.x > board.x + board.w || p.y > board.y + board.h) return [`${p.name} off the view at (${Math.round(p.x)}, ${Math.round(p.y)})`];
    const top = document.elementFromPoint(p.x, p.y);
    const over = sels.map((s) => document.querySelector(s)).find((e) => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden'
      && ((r) => p.x > r.left && p.x < r.right && p.y > r.top && p.y < r.bottom)(e.getBoundingClientRect()));
    return top?.id === 'board' && !over ? [] : [`${p.name} under ${over ? over.id : top ? top.id || top.className || top.tagName : 'nothing'}`];
  }), { at, board, sels: FLOATING });
}

async function wholeClear(page, when) {
  await painted(page);
  const bad = await hidden(page);
  assert.deepEqual(bad, [], `${when}: every hex's centre (a table's corners) in view with nothing over it`);
}

const hasSectionCard = (page) => page.evaluate(() => !!document.querySelector('#play-bar:not([hidden]) [data-section="center"]'));

async function chooseCentre(page) {
  await page.tap('[data-section="center"]');
  await page.waitForSelector('#order-total');
  await ruled(page);
  await painted(page);
}

for (const viewport of SIZES) {
  for (const { id: system } of SYSTEMS) {
    test(`${system} (${size(viewport)}, touch): issue 31 ⤢ shows every hex (the whole table) with nothing over it; a section card chosen then keeps it so`, { timeout: 120000 }, async () => {
      const { context, page, errors } = await open(viewport, system);
      await page.tap('#fit');
      await shot(page, `${system}-fit`, viewport);
      await wholeClear(page, `${system} ${size(viewport)} after ⤢`);
      if (await hasSectionCard(page)) {
        await chooseCentre(page);
        await shot(page, `${system}-card`, viewport);
        await wholeClear(page, `${system} ${size(viewport)} after the centre card`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

/** The controls floating over the board now, as page boxes [x0, y0, x1, y1]. */
const floating = (page) => page.evaluate((sels) => sels.map((s) => document.querySelector(s))
  .filter((e) => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
  .map((e) => { const r = e.getBoundingClientRect(); return { id: e.id, box: [r.left, r.top, r.right, r.bottom] }; }), FLOATING);
const overlaps = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;

for (const viewport of SIZES) {
  for (const { id: system, board: kind } of SYSTEMS) {
    test(`${system} (${size(viewport)}, touch): issue 31 a hex board's first view names its columns clear of the controls over the board (the first visit's note hid them)`, { skip: kind !== 'hex', timeout: 120000 }, async () => {
      const { context, page, errors } = await open(viewport, system);
      await shot(page, `${system}-open`, viewport);
      const board = await boardContent(page), controls = await floating(page);
      const grid = (await hook(page, 'boardLabels')).filter((l) => l.kind === 'grid').map((l) => ({ text: l.text, box: [board.x + l.box[0], board.y + l.box[1], board.x + l.box[2], board.y + l.box[3]] }));
      // the columns' numbers: the grid's texts on one line (each row's number has a line of its own)
      const lines = new Map();
      for (const l of grid) { const y = Math.round((l.box[1] + l.box[3]) / 2); lines.set(y, [...(lines.get(y) ?? []), l]); }
      const columns = [...lines.values()].sort((a, b) => b.length - a.length)[0] ?? [];
      assert.ok(columns.length >= 3, `${system} ${size(viewport)}: the columns' numbers drawn on a line: ${JSON.stringify(grid.map((l) => l.text))}`);
      const under = grid.flatMap((l) => controls.filter((c) => overlaps(l.box, c.box)).map((c) => `${l.text} under #${c.id}`));
      assert.deepEqual(under, [], `${system} ${size(viewport)}: the grid's numbers under no control`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// Offset layout (docs/api.md "Hex boards"): an odd row's hexes lie half a column right of the even
// rows'. Over the even rows' hexes a column's number stood half between two of an odd row's, and a
// newcomer read the hex as the next column's. A quarter column right of the even rows' hexes, the
// hex nearest below a number, on either row, is that column's.
for (const { id: system, board: kind } of SYSTEMS) {
  test(`${system} (360x740, touch): a hex board's column numbers stand nearest their own column's hexes on an even and on an odd row`, { skip: kind !== 'hex', timeout: 120000 }, async () => {
    const viewport = SIZES[0], { context, page, errors } = await open(viewport, system);
    const board = await boardContent(page), { doc } = await hook(page, 'state');
    const present = new Set(boardCells(system, doc.board).map((c) => toOffset(c.q, c.r).row));
    const grid = (await hook(page, 'boardLabels')).filter((l) => l.kind === 'grid');
    const lines = new Map();
    for (const l of grid) { const y = Math.round((l.box[1] + l.box[3]) / 2); lines.set(y, [...(lines.get(y) ?? []), l]); }
    const columns = [...lines.values()].sort((a, b) => b.length - a.length)[0] ?? [];
    assert.ok(columns.length >= 3, `the columns' numbers: ${JSON.stringify(grid.map((l) => l.text))}`);
    const rows = [0, 1].filter((r) => present.has(r));
    assert.equal(rows.length, 2, 'the board has an even and an odd row');
    const off = [];
    for (const l of columns) {
      const col = Number(l.text), x = board.x + (l.box[0] + l.box[2]) / 2;
      for (const row of rows) {
        const near = [];
        for (const c of [col - 1, col, col + 1]) near.push([c, Math.abs((await hook(page, 'screenOfHex', c, row)).x - x)]);
        const best = near.sort((a, b) => a[1] - b[1])[0][0];
        if (best !== col) off.push(`${col} over row ${row}: nearest is col ${best} (${near.map(([c, d]) => `${c}: ${d.toFixed(1)} px`).join(', ')})`);
      }
    }
    assert.deepEqual(off, []);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

/** The board's text saying the orders left, in page px, or null where it is not drawn. */
async function ordersLeft(page) {
  const board = await boardContent(page);
  const t = (await hook(page, 'boardLabels')).find((l) => /orders? left$/.test(l.text));
  return t ? { text: t.text, x0: board.x + t.box[0], y0: board.y + t.box[1], x1: board.x + t.box[2], y1: board.y + t.box[3] } : null;
}

for (const viewport of SIZES) {
  for (const { id: system } of SYSTEMS) {
    test(`${system} (${size(viewport)}, touch): CCA-CD-1 a section card's orders left, said on the board, stay on screen and clear of the controls over it as the view zooms in`, { timeout: 120000 }, async (t) => {
      const { context, page, errors } = await open(viewport, system);
      if (!(await hasSectionCard(page))) { await context.close(); t.skip('no section card on its bar'); return; }
      await chooseCentre(page);
      for (const step of [0, 1, 2]) {
        if (step) { await page.tap('#zoom-in'); await painted(page); }
        const label = await ordersLeft(page), board = await boardContent(page);
        const when = `${system} ${size(viewport)} zoomed in ${step} times`;
        assert.ok(label, `${when}: the orders left are said on the board`);
        assert.ok(label.x0 >= board.x - 0.5 && label.y0 >= board.y - 0.5 && label.x1 <= board.x + board.w + 0.5 && label.y1 <= board.y + board.h + 0.5, `${when}: “${label.text}” inside the board's view: ${JSON.stringify({ label, board })}`);
        const under = await page.evaluate(({ sels, l }) => sels.map((s) => document.querySelector(s))
          .filter((e) => e && e.getClientRects().length && getComputedStyle(e).visibility !== 'hidden')
          .filter((e) => { const r = e.getBoundingClientRect(); return r.left < l.x1 - 0.5 && l.x0 < r.right - 0.5 && r.top < l.y1 - 0.5 && l.y0 < r.bottom - 0.5; })
          .map((e) => e.id), { sels: FLOATING, l: label });
        assert.deepEqual(under, [], `${when}: “${label.text}” under no control`);
      }
      await shot(page, `${system}-orders-left`, viewport);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
