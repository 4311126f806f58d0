// What a hex board draws at the view's edge, as a phone player meets it (a newcomer's review of
// GODSGLOOM at 360 × 740): for every hex game, at 360 × 740 and 740 × 360, by touch, the unit with
// the widest reach tapped, then the view panned each way, and at each step:
// - an arrow at a reach's hexes past an edge says how many hexes lie past the edges it points at
//   ("N hexes"), beside it (one showed without its count after a move, another read "2 pieces");
// - no arrow lies on a reached hex in view, which a player taps to move there (one sat on the reach
//   after a pan);
// - every row's and column's number stands on the view's ground, outside the hexes (a row's
//   number pinned at the view's edge covered a hex and a unit's token).
// Screenshots go to tests/artifacts/edge-<game>-<step>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, pickSystem, pageRequest, ruled, hook, painted, touchDrag, boardContent, artifacts, engineAnswer as answer } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { center } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const HEX_GAMES = SYSTEMS.filter((s) => s.board === 'hex' && s.queries.some((q) => q.name === 'reach')).map((s) => s.id);
const size = (v) => `${v.width}x${v.height}`;
const GROUND = [0xe9, 0xe6, 0xdc]; // the view's ground (board.js fillView)
const SQRT3 = Math.sqrt(3);

/** Whether screen point (x, y) lies inside the pointy-top hex of centre (cx, cy) and radius s. */
const inHex = (x, y, cx, cy, s) => { const dx = Math.abs(x - cx), dy = Math.abs(y - cy); return dx < SQRT3 / 2 * s && dy < s - dx / SQRT3; };

/** The reached hexes (a reach overlay's cells) on the board's canvas: their centres in canvas px. */
async function reachedOnCanvas(page) {
  const cells = (await hook(page, 'overlay')).filter((it) => it.type === 'hexes' && it.reach).flatMap((it) => it.cells);
  const board = await boardContent(page);
  const pts = await page.evaluate((list) => list.map(([x, y]) => window.movecalcTest.screenOfWorld(x, y)), cells.map((h) => center(h.q, h.r)));
  return pts.map((p) => ({ x: p.x - board.x, y: p.y - board.y }));
}

/** The faults at the view's edge now (empty: none), `when` naming the step. */
async function faults(page, when) {
  await page.waitForFunction(() => window.movecalcTest.idle());
  await painted(page);
  const board = await boardContent(page), { s } = await hook(page, 'camera');
  const reached = await reachedOnCanvas(page), arrows = await hook(page, 'offView'), labels = await hook(page, 'boardLabels');
  const out = [];
  // the reach's hexes past each edge, as the page's reach arrows count them (a hex past two edges
  // counted at the first of right, left, top, bottom)
  const past = (h) => (h.x > board.w ? 'right' : h.x < 0 ? 'left' : h.y < 0 ? 'top' : h.y > board.h ? 'bottom' : null);
  const inView = reached.filter((h) => !past(h));
  for (const a of arrows) {
    const [x, y] = [a.x - board.x, a.y - board.y];
    const sides = a.terrain.filter((id) => id.startsWith('reach ')).map((id) => id.slice(6));
    if (sides.length) {
      const n = reached.filter((h) => sides.includes(past(h))).length, words = `${n} hex${n === 1 ? '' : 'es'}`;
      const gap = (b) => Math.hypot(Math.max(0, b[0] - x, x - b[2]), Math.max(0, b[1] - y, y - b[3]));
      if (!labels.some((l) => l.kind === 'label' && l.text === words && gap(l.box) <= 80)) out.push(`${when}: the arrow at the reach ${sides} (${Math.round(x)}, ${Math.round(y)}) does not say "${words}" beside it`);
    }
    // the arrow (16 px across) on no reached hex in view: its middle and the points 8 px round it
    const on = inView.find((h) => [[0, 0], [8, 0], [-8, 0], [0, 8], [0, -8]].some(([dx, dy]) => inHex(x + dx, y + dy, h.x, h.y, s)));
    if (on) out.push(`${when}: the arrow at ${[...a.units, ...a.terrain]} (${Math.round(x)}, ${Math.round(y)}) lies on the reached hex at (${Math.round(on.x)}, ${Math.round(on.y)})`);
  }
  // each number's box, a pixel out from it, on the view's ground (a hex's fill, outline or token
  // there is not), where no other text (a unit's name, drawn over all) stands against it
  const near = (a, b) => a[0] - 2 < b[2] && b[0] < a[2] + 2 && a[1] - 2 < b[3] && b[1] < a[3] + 2;
  const grid = labels.filter((l) => l.kind === 'grid' && !labels.some((o) => o.kind !== 'grid' && near(l.box, o.box)));
  const off = await page.evaluate(({ boxes, ground }) => {
    const canvas = document.getElementById('board'), k = canvas.width / canvas.clientWidth, c = canvas.getContext('2d');
    return boxes.map(([x0, y0, x1, y1]) => [[x0 - 1.5, y0 - 1.5], [x1 + 1.5, y0 - 1.5], [x0 - 1.5, y1 + 1.5], [x1 + 1.5, y1 + 1.5], [(x0 + x1) / 2, y0 - 1.5], [(x0 + x1) / 2, y1 + 1.5]]
      .filter(([x, y]) => x >= 0 && y >= 0 && x < canvas.clientWidth && y < canvas.clientHeight)
      .some(([x, y]) => { const d = c.getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data; return [0, 1, 2].some((i) => Math.abs(d[i] - ground[i]) > 10); }));
  }, { boxes: grid.map((l) => l.box), ground: GROUND });
  grid.forEach((l, i) => { if (off[i]) out.push(`${when}: the number ${l.text} at (${l.box.map(Math.round)}) is not on the view's ground`); });
  return out;
}

for (const system of HEX_GAMES) {
  for (const viewport of [{ width: 360, height: 740 }, { width: 740, height: 360 }]) {
    test(`${system} (${size(viewport)}, touch): a reach's arrows say their hexes' number, no arrow lies on a reached hex, the rows' and columns' numbers stand outside the hexes, the reach shown and the view panned`, { timeout: 300000 }, async () => {
      const { context, page, errors } = await openPage(env, viewport, { touch: true });
      if ((await pageRequest(page)).system !== system) await pickSystem(page, system); else await ruled(page);
      const shot = async (step) => { await painted(page); await page.screenshot({ path: join(artifacts, `edge-${system}-${step}-${size(viewport)}.png`) }); };
      const bad = [...await faults(page, 'opening')];
      // the unit with the widest reach (the engine's answer), tapped
      const request = await pageRequest(page), reaches = [];
      for (const u of request.units) reaches.push([u.id, (await answer({ ...request, query: 'reach', unit: u.id })).hexes?.length ?? 0]);
      const id = reaches.sort((a, b) => b[1] - a[1])[0][0];
      const at = await hook(page, 'screenOf', id);
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForFunction((u) => window.movecalcTest.ruled() && window.movecalcTest.request().unit === u && window.movecalcTest.request().query === 'reach', id);
      bad.push(...await faults(page, `${id} tapped`));
      await shot('tapped');
      // panned from a point of the board away from every unit and control: left, right, up, down
      for (const [dx, dy, name] of [[-0.45, 0, 'left'], [0.9, 0, 'right'], [-0.45, -0.3, 'up'], [0, 0.6, 'down']]) {
        const board = await boardContent(page), boxes = Object.values(await hook(page, 'unitBoxes'));
        const spots = [];
        for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) spots.push({ x: board.x + board.w * i / 8, y: board.y + board.h * j / 8 });
        const apart = (p) => boxes.every((b) => Math.hypot(Math.max(0, b[0] - p.x, p.x - b[2]), Math.max(0, b[1] - p.y, p.y - b[3])) > 30);
        let from = null;
        for (const p of spots) if (apart(p) && (await elementAt(page, p)) === 'board') { from = p; break; }
        assert.ok(from, `${system}: a point of the board to pan from`);
        await touchDrag(page, from, { x: from.x + dx * board.w, y: from.y + dy * board.h }, { steps: 10 });
        bad.push(...await faults(page, `panned ${name}`));
        await shot(`panned-${name}`);
      }
      assert.deepEqual(bad, []);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// The rows' and columns' numbers pinned at the view's left and top stand on strips of the view's
// ground drawn over the hexes and the units: a unit whose token lies under one is out of sight, so
// it is pointed at as one past the view's edge, and no unit's name stands on a strip (the Ghouls'
// name drew on the columns' strip beside "3", pointing at nothing, its token hidden under it).
const HEX_BOARDS = SYSTEMS.filter((s) => s.board === 'hex').map((s) => s.id);
const meets = (a, b) => a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3];
for (const system of HEX_BOARDS) {
  test(`${system}: a unit panned under the columns' or the rows' strip is pointed at past the view's edge, and no name stands on a strip`, { timeout: 300000 }, async () => {
    for (const viewport of [{ width: 740, height: 360 }, { width: 360, height: 740 }]) {
      const { context, page, errors } = await openPage(env, viewport, { touch: true });
      if ((await pageRequest(page)).system !== system) await pickSystem(page, system); else await ruled(page);
      // the unit nearest the view's middle, its token's far side brought 4 px inside the top edge,
      // then the left, across the view's middle the other way (a drag may fall short: corrected)
      const board = await boardContent(page), mid = { x: board.x + board.w / 2, y: board.y + board.h / 2 };
      const boxes0 = await hook(page, 'unitBoxes'), gap = (b, p) => Math.hypot((b[0] + b[2]) / 2 - p.x, (b[1] + b[3]) / 2 - p.y);
      const id = Object.keys(boxes0).sort((a, b) => gap(boxes0[a], mid) - gap(boxes0[b], mid))[0];
      for (const [side, name] of [[1, 'top'], [0, 'left']]) {
        for (let tries = 0; tries < 4; tries++) {
          const box = (await hook(page, 'unitBoxes'))[id];
          const d = side ? { x: mid.x - (box[0] + box[2]) / 2, y: board.y + 4 - box[3] } : { x: board.x + 4 - box[2], y: mid.y - (box[1] + box[3]) / 2 };
          if (Math.abs(d.x) < 3 && Math.abs(d.y) < 3) break;
          const boxes = Object.values(await hook(page, 'unitBoxes')), spots = [];
          for (let i = 1; i < 8; i++) for (let j = 1; j < 8; j++) spots.push({ x: board.x + board.w * i / 8, y: board.y + board.h * j / 8 });
          const clear = (p) => boxes.every((b) => Math.hypot(Math.max(0, b[0] - p.x, p.x - b[2]), Math.max(0, b[1] - p.y, p.y - b[3])) > 30);
          const to = (p) => ({ x: p.x + d.x, y: p.y + d.y }), inside = (p) => p.x > board.x && p.y > board.y && p.x < board.x + board.w && p.y < board.y + board.h;
          let from = null;
          for (const p of spots) if (clear(p) && inside(to(p)) && (await elementAt(page, p)) === 'board' && (await elementAt(page, to(p))) === 'board') { from = p; break; }
          assert.ok(from, `${system} ${size(viewport)}: a point of the board to pan the unit ${id} under the ${name} strip from`);
          await touchDrag(page, from, to(from), { steps: 10 });
          await page.waitForFunction(() => window.movecalcTest.idle());
        }
        await page.waitForFunction(() => window.movecalcTest.idle());
        await painted(page);
        await page.screenshot({ path: join(artifacts, `edge-${system}-under-${name}-strip-${size(viewport)}.png`) });
        const box = (await hook(page, 'unitBoxes'))[id], strips = await hook(page, 'strips');
        const strip = strips.find((s) => (s[2] - s[0] > s[3] - s[1]) === !!side); // (the columns' spans the view's width, the rows' its height)
        assert.ok(strip, `${system} ${size(viewport)}: the ${name} numbers pinned on a strip: ${JSON.stringify(strips)}`);
        // the token's part in the view lies under the strip, and the strip hides it there (the view's ground drawn over it)
        assert.ok(side ? box[3] <= strip[3] && box[3] > board.y : box[2] <= strip[2] && box[2] > board.x, `${system} ${size(viewport)}: ${id}'s token ${box.map(Math.round)} under the ${name} strip ${strip.map(Math.round)}`);
        const at = side ? [(box[0] + box[2]) / 2 - board.x, box[3] - board.y - 2] : [box[2] - board.x - 2, (box[1] + box[3]) / 2 - board.y];
        const px = await page.evaluate(([x, y]) => { const c = document.getElementById('board'), k = c.width / c.clientWidth; return [...c.getContext('2d').getImageData(Math.floor(x * k), Math.floor(y * k), 1, 1).data]; }, at);
        assert.ok([0, 1, 2].every((i) => Math.abs(px[i] - GROUND[i]) <= 10), `${system} ${size(viewport)}: the view's ground over ${id}'s token at (${at.map(Math.round)}): ${px}`);
        // no name on a strip (the labels' boxes are the canvas's px)
        const names = (await hook(page, 'boardLabels')).filter((l) => l.kind === 'name').map((l) => ({ ...l, box: [l.box[0] + board.x, l.box[1] + board.y, l.box[2] + board.x, l.box[3] + board.y] }));
        const on = names.filter((l) => strips.some((s) => meets(l.box, s)));
        assert.deepEqual(on.map((l) => `${l.text} ${l.box.map(Math.round)}`), [], `${system} ${size(viewport)}: names on a strip ${JSON.stringify(strips)}`);
        // pointed at by an arrow at the view's edge, itself off the strips
        const arrows = await hook(page, 'offView'), arrow = arrows.find((a) => a.units.includes(id));
        assert.ok(arrow, `${system} ${size(viewport)}: ${id} under the ${name} strip is pointed at past the view's edge: ${JSON.stringify(arrows)}`);
        for (const s of strips) assert.ok(!meets([arrow.x - 9, arrow.y - 9, arrow.x + 9, arrow.y + 9], s), `${system} ${size(viewport)}: the arrow at ${id} (${Math.round(arrow.x)}, ${Math.round(arrow.y)}) on the strip ${s.map(Math.round)}`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    }
  });
}

/** The id of the element at page point `p` (the board's canvas: 'board'). */
const elementAt = (page, p) => page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id ?? null, p);
