// The board's view holds still under a player's touches (a newcomer's review at 360 × 740 and
// 740 × 360: the board panned or zoomed after almost every touch, and the player lost their place).
// Each game's everyday question played by touch from its own position, at both sizes: after each
// touch where nothing the player needs is off the view, the view's scale and the place of the
// world's origin on the page are what they were; after a move made, undone or redone too, unless
// its unit would be out of the view, and then only panned. The Ninth Age's Knights, having pursued,
// stand on the screen. Screenshots go to tests/artifacts/still-<game>-<step>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, PHONE, pickSystem, pageRequest, ruled, hook, painted, touchDrag, setDice, artifacts, engineAnswer as answer } from './browser.mjs';
import { toOffset } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const LANDSCAPE = { width: 740, height: 360 };
const size = (v) => `${v.width}x${v.height}`;
const shot = async (page, game, name, viewport) => { await painted(page); await page.screenshot({ path: join(artifacts, `still-${game}-${name}-${size(viewport)}.png`) }); };
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const madeSaid = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.querySelector('#verdict').textContent));

/** The view: CSS px per world unit, and where the world's origin is on the page (its pan). */
async function view(page) {
  await painted(page);
  const { s } = await hook(page, 'camera'), o = await hook(page, 'screenOfWorld', 0, 0);
  return [s, o.x, o.y];
}
/** Asserts the view is `was` (to a hundredth of a px, of a scale's px per unit). */
async function still(page, was, after) {
  const now = await view(page);
  assert.ok(now.every((v, i) => Math.abs(v - was[i]) < 0.01), `the view moved after ${after}: [${was.map((v) => v.toFixed(2))}] → [${now.map((v) => v.toFixed(2))}]`);
}
/**
 * Asserts the view is `was`, or moved by a pan alone (no zoom) where one of units `ids` was not
 * whole in the board's view in it: off it, or under the zoom buttons' row at its foot.
 */
async function stillOr(page, was, ids, after) {
  const now = await view(page);
  if (now.every((v, i) => Math.abs(v - was[i]) < 0.01)) return;
  assert.ok(Math.abs(now[0] - was[0]) < 0.01, `the view zoomed after ${after}: ${was[0]} → ${now[0]}`);
  const hidden = await page.evaluate(([list, dx, dy]) => {
    const c = document.getElementById('board'), r = c.getBoundingClientRect(), z = document.getElementById('fit').getBoundingClientRect();
    const foot = z.top > r.top + r.height / 2 && z.top < r.bottom ? z.top : r.bottom;
    const seen = [Math.max(r.left + c.clientLeft, 0), Math.max(r.top + c.clientTop, 0), Math.min(r.right - c.clientLeft, innerWidth), Math.min(foot, innerHeight)];
    const boxes = window.movecalcTest.unitBoxes();
    return list.filter((id) => boxes[id]).some((id) => { const b = boxes[id].map((v, i) => v - (i % 2 ? dy : dx)); return b[0] < seen[0] - 0.5 || b[1] < seen[1] - 0.5 || b[2] > seen[2] + 0.5 || b[3] > seen[3] + 0.5; });
  }, [ids, now[1] - was[1], now[2] - was[2]]);
  assert.ok(hidden, `the view moved after ${after}, ${ids.join(' and ')} in it: [${was.map((v) => v.toFixed(2))}] → [${now.map((v) => v.toFixed(2))}]`);
  was.splice(0, 3, ...now);
}
/** Asserts the view is `was` but for a pan (no zoom); `was` becomes the view now. */
async function panned(page, was, after) {
  const now = await view(page);
  assert.ok(Math.abs(now[0] - was[0]) < 0.01, `the view zoomed after ${after}: ${was[0]} → ${now[0]}`);
  was.splice(0, 3, ...now);
}
/** Whether unit `id`'s token or base lies whole in the board's view on the screen. */
const inView = (page, id) => page.evaluate((unit) => {
  const c = document.getElementById('board'), r = c.getBoundingClientRect();
  const seen = [Math.max(r.left + c.clientLeft, 0), Math.max(r.top + c.clientTop, 0), Math.min(r.right - c.clientLeft, innerWidth), Math.min(r.bottom - c.clientTop, innerHeight)];
  const b = window.movecalcTest.unitBoxes()[unit];
  return !!b && b[0] >= seen[0] - 0.5 && b[1] >= seen[1] - 0.5 && b[2] <= seen[2] + 0.5 && b[3] <= seen[3] + 0.5;
}, id);
/** Whether page point p lies in the board's view. */
const onBoard = (page, p) => page.$eval('#board', (e, q) => { const r = e.getBoundingClientRect(); return q.x > r.left + 20 && q.x < r.right - 10 && q.y > r.top + 20 && q.y < Math.min(r.bottom, innerHeight) - 50; }, p);
const tapOn = async (page, sel) => { await page.tap(sel); await ruled(page); };
/** Undo, then Redo, by touch: the unit `id` back at `home`, then at `there`; the view still after each, unless `id` would be out of it. */
async function undoRedo(page, id, home, there, was) {
  const at = (u, p) => (p.q !== undefined ? u.q === p.q && u.r === p.r : Math.abs(u.x - p.x) < 1e-6 && Math.abs(u.y - p.y) < 1e-6);
  await tapOn(page, '#undo');
  assert.ok(at(await unitOf(page, id), home), `${id} back home after Undo`);
  await stillOr(page, was, [id], 'Undo');
  await tapOn(page, '#redo');
  assert.ok(at(await unitOf(page, id), there), `${id} moved again after Redo`);
  await stillOr(page, was, [id], 'Redo');
}

// GG-MOV-1, TW-MOV-1: the question's unit tapped (its reach shown already), a reached hex in view
// tapped (the move made), undone, redone; then dragged to another reached hex in view, the view
// still while the finger moves and after it lifts.
for (const [system, viewport] of ['godsgloom', 'torn-world'].flatMap((g) => [[g, PHONE], [g, LANDSCAPE]])) {
  test(`${system} (${size(viewport)}, touch): play, the question's unit tapped, moved by a tap on a reached hex, undone, redone, then dragged to another: the view holds still`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await pickSystem(page, system);
    await painted(page);
    const request = await pageRequest(page), id = request.unit, home = await unitOf(page, id);
    const was = await view(page);
    const p0 = await hook(page, 'screenOf', id);
    await page.touchscreen.tap(p0.x, p0.y);
    await ruled(page);
    await still(page, was, `${id} was tapped`);
    // the reached hexes that are free, eject no one and lie in view, cheapest first
    const taken = new Set(request.units.map((u) => `${u.q},${u.r}`)), free = [];
    for (const x of (await answer({ ...request, query: 'reach', unit: id })).hexes.sort((a, b) => a.cost - b.cost)) {
      if (taken.has(`${x.q},${x.r}`) || x.ejects?.length || x.destroyed?.length || x.ejectsMarkers?.length || !x.cost) continue;
      const o = toOffset(x.q, x.r), p = await hook(page, 'screenOfHex', o.col, o.row);
      if (await onBoard(page, p)) free.push({ ...x, o });
    }
    assert.ok(free.length >= 2, `${system}: two reached hexes in view`);
    const go = free[0], there = { q: go.q, r: go.r };
    const p1 = await hook(page, 'screenOfHex', go.o.col, go.o.row);
    await page.touchscreen.tap(p1.x, p1.y);
    await madeSaid(page);
    await ruled(page);
    assert.deepEqual(await unitOf(page, id).then((u) => [u.q, u.r]), [go.q, go.r], `${id} moved by the tap`);
    await stillOr(page, was, [id], 'the tap that made the move');
    await shot(page, system, 'tapped', viewport);
    await undoRedo(page, id, home, there, was);
    // dragged from where it stands to the next hex in view (not the one it stands on)
    const next = free.find((x) => x.q !== go.q || x.r !== go.r);
    const moved = [];
    await touchDrag(page, await hook(page, 'screenOf', id), await hook(page, 'screenOfHex', next.o.col, next.o.row), { hold: async (moveTo) => {
      await ruled(page).catch(() => {});
      const now = await view(page);
      if (now.some((v, i) => Math.abs(v - was[i]) >= 0.01)) moved.push(now);
      await moveTo(await hook(page, 'screenOfHex', next.o.col, next.o.row));
    } });
    assert.deepEqual(moved, [], 'the view moved while the finger held the unit');
    await ruled(page);
    await stillOr(page, was, [id], 'the drag');
    await shot(page, system, 'dragged', viewport);
    // the unit of widest reach tapped: its reach brought into view, if it is not, by zooming out
    // about it; then moved by a tap on its cheapest free reached hex in view, the view as it was
    const position = await pageRequest(page), reaches = [];
    for (const u of position.units.filter((v) => v.id !== id)) reaches.push([u, (await answer({ ...position, query: 'reach', unit: u.id })).hexes ?? []]);
    const [wide, hexes] = reaches.sort((a, b) => b[1].length - a[1].length)[0];
    const at = await hook(page, 'screenOf', wide.id);
    await page.touchscreen.tap(at.x, at.y);
    await page.waitForFunction((u) => window.movecalcTest.ruled() && window.movecalcTest.request().unit === u, wide.id);
    const revealed = await view(page);
    assert.ok(revealed[0] <= was[0] + 0.01, `not zoomed in for ${wide.id}'s reach`);
    const placed = new Set(position.units.map((u) => `${u.q},${u.r}`));
    let target = null;
    for (const x of hexes.filter((h) => h.cost && !placed.has(`${h.q},${h.r}`) && !h.ejects?.length && !h.destroyed?.length && !h.ejectsMarkers?.length).sort((a, b) => a.cost - b.cost)) {
      const o = toOffset(x.q, x.r), p = await hook(page, 'screenOfHex', o.col, o.row);
      if (await onBoard(page, p)) { target = p; break; }
    }
    assert.ok(target, `a free hex of ${wide.id}'s reach in view`);
    await page.touchscreen.tap(target.x, target.y);
    await madeSaid(page);
    await ruled(page);
    await stillOr(page, revealed, [wide.id], `${wide.id} was moved by a tap`);
    await shot(page, system, 'wide-moved', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// CCA-CD-1 CCA-MV-1: the centre section's card played, the Hastati dragged a hex ahead, the order
// made, undone and redone.
for (const viewport of [PHONE, LANDSCAPE]) {
test(`cc-ancients (${size(viewport)}, touch): play, a card played, the Hastati dragged a hex ahead, the order made, undone, redone: the view holds still`, { timeout: 300000 }, async (t) => {
  const { context, page, errors } = await openPage(env, viewport, { touch: true });
  await pickSystem(page, 'cc-ancients');
  await painted(page);
  if (!await page.locator('#play-bar [data-section="center"]').count()) { t.skip('no section cards'); await context.close(); return; }
  const home = await unitOf(page, 'Hastati');
  await page.tap('#play-bar [data-section="center"]');
  await page.waitForSelector('#order-total');
  await ruled(page);
  const was = await view(page);
  const hexAt = (col, row) => hook(page, 'screenOfHex', col, row);
  const o = toOffset(home.q, home.r);
  await touchDrag(page, await hexAt(o.col, o.row), await hexAt(o.col, o.row - 1));
  await page.waitForFunction(() => /1 of 3 orders used/.test(document.getElementById('verdict').textContent));
  await ruled(page);
  await still(page, was, 'the Hastati were dragged');
  await page.tap('#apply');
  await page.waitForFunction(() => /^Move made:/.test(document.getElementById('verdict').textContent));
  await ruled(page);
  await stillOr(page, was, ['Hastati'], 'the order was made');
  const there = await unitOf(page, 'Hastati');
  await shot(page, 'cc-ancients', 'made', viewport);
  await undoRedo(page, 'Hastati', home, there, was);
  assert.deepEqual(errors, []);
  await context.close();
});
}

// AL-MOV-1 AL-LAT-2: the Legion (facing 20, at 14, 9) dragged three steps to its left, made as the
// finger lifts; undone, redone; then tapped, its turn handle shown.
for (const viewport of [PHONE, LANDSCAPE]) {
test(`arcane-legions (${size(viewport)}, touch): play, the Legion dragged three steps left, the move made, undone, redone, then tapped: the view holds still`, { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, viewport, { touch: true });
  await pickSystem(page, 'arcane-legions');
  await painted(page);
  const home = await unitOf(page, 'Legion'), was = await view(page);
  const rad = (d) => d * Math.PI / 180, left = [home.x - 3 * Math.cos(rad(20)), home.y + 3 * Math.sin(rad(20))];
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', ...left));
  await madeSaid(page);
  await ruled(page);
  await stillOr(page, was, ['Legion'], 'the drag that made the move');
  const there = await unitOf(page, 'Legion');
  await shot(page, 'arcane-legions', 'made', viewport);
  await undoRedo(page, 'Legion', home, there, was);
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', 'Legion')));
  await ruled(page);
  await still(page, was, 'the Legion was tapped');
  assert.deepEqual(errors, []);
  await context.close();
});
}

/**
 * The Knights dragged onto the Raiders' left flank (2.2″ east of their middle: they face 180), the
 * charge rolled (3 + 2: 8″ + 5 reaches, 9A-CH-1) and made: the view as `was` after each touch, or
 * panned where one of them would be out of it.
 */
async function charged(page, was) {
  const raiders = await unitOf(page, 'Raiders');
  await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y));
  await ruled(page);
  await stillOr(page, was, ['Knights', 'Raiders'], 'the Knights were dragged onto the Raiders');
  await setDice(page, 3, 2);
  await tapOn(page, '#play-roll');
  await still(page, was, 'the charge was rolled');
  await made(page, was, 'Knights', 'their charge');
}

/** Make this move tapped: unit `id` on the screen after `what`, the view as `was` unless it would not be. */
async function made(page, was, id, what) {
  await page.tap('#apply');
  await madeSaid(page);
  await ruled(page);
  assert.ok(await inView(page, id), `${id} on the screen after ${what}`);
  await stillOr(page, was, [id], `${what} was made`);
}

// 9A-CH-1, 9A-PU-0, 9A-DST-1: the whole board shown first (as a player asks), the charge made; the
// pursuit asked, rolled (3 + 4: 7 against 7 catches them) and made. The view holds still after each
// touch, the Knights standing in it; after the pursuit they are on the screen, whole.
for (const viewport of [PHONE, LANDSCAPE]) {
  test(`ninth-age (${size(viewport)}, touch): play, a charge dragged, rolled and made, then the pursuit rolled and made: the view holds still, and the pursuing Knights end on the screen`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await pickSystem(page, 'ninth-age');
    await painted(page);
    await page.tap('#fit');
    const was = await view(page);
    await charged(page, was);
    await page.selectOption('#play-question', 'pursue');
    await ruled(page);
    await stillOr(page, was, ['Knights', 'Raiders'], 'the pursuit was asked');
    await setDice(page, 3, 4);
    await tapOn(page, '#play-roll');
    await still(page, was, 'the pursuit was rolled');
    await made(page, was, 'Knights', 'their pursuit');
    assert.equal(await unitOf(page, 'Raiders'), undefined, 'the Raiders caught and destroyed');
    await shot(page, 'ninth-age', 'pursued', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// 9A-FL-1, 9A-DST-1, 9A-PU-0: from the opening view, the charge made; the Raiders' flee made first
// (6 + 5: 11″ west), then the pursuit rolled (its Roll throws for both: 4 + 4 for the flee, kept at
// 11, and 5 + 5: 10 against 11, they escape) and made: the Knights pursue west 10″ after them. Each unit that moves stays on the screen, the view still or
// panned only where one would be out of it.
for (const viewport of [PHONE, LANDSCAPE]) {
  test(`ninth-age (${size(viewport)}, touch): play, from the opening view a charge made, the flee made, then the pursuit: the view holds still but to keep the units that moved on the screen, the pursuing Knights whole on it`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await pickSystem(page, 'ninth-age');
    const was = await view(page);
    await charged(page, was);
    await page.evaluate(() => { const faces = [[6, 5], [4, 4], [5, 5]]; crypto.getRandomValues = (bytes) => { const [a, b] = faces.shift() ?? [1, 1]; bytes[0] = a - 1; bytes[1] = b - 1; return bytes; }; });
    await page.selectOption('#play-question', 'flee');
    await ruled(page);
    // (a flee's answer is brought into view whole, its swept ground too: by a pan, if at all)
    await panned(page, was, 'the flee was asked');
    await tapOn(page, '#play-roll');
    await panned(page, was, 'the flee was rolled');
    await made(page, was, 'Raiders', 'their flee');
    assert.equal((await pageRequest(page)).query, 'pursue');
    await tapOn(page, '#play-roll');
    await page.waitForFunction(() => !/^Flight made/.test(document.querySelector('#verdict').textContent));
    await still(page, was, 'the pursuit was rolled');
    assert.match(await page.textContent('#verdict'), /^Raiders escape \(pursuit 10 against flee 11\)/);
    await made(page, was, 'Knights', 'their pursuit');
    await shot(page, 'ninth-age', 'fled-pursued', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
