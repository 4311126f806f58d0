// Drawing for a small screen (issue 32), at 360 × 740 by touch unless said:
// - the rotate handle of a unit selected in Set up never covers a hex's number (every cost drawn
//   without the handle is drawn with it, where it was), and a tap on it is a tap on the hex under it;
// - the Ruler's reading is on its own plate, which overprints no unit's name;
// - the reach's hex badges (GODSGLOOM's A and no A: GG-8.3-T, whether it may still make a Melee
//   Attack) are drawn on every badged hex in view when the answer is framed, and on the whole board
//   at 1280 × 800;
// (the whyNot's dashed way round drawn over the units: whynot.test.mjs)
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, DESKTOP, hook, selectByKeys, pickSystem, ruled, painted, setMode, shot, boardContent } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const overlap = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
const numbers = async (page) => (await hook(page, 'boardLabels')).filter((t) => t.kind === 'number').map((t) => `${t.text}@${t.box.map(Math.round)}`).sort();

// every game from the engine's list: on a hex board whose mover faces a hexside (a rotate handle)
for (const system of SYSTEM_IDS) {
  test(`${system}: on a hex board the rotate handle of the selected unit covers no hex's number, and a tap on it taps the hex under it`, async (t) => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    if ((await hook(page, 'request')).system !== system) await pickSystem(page, system); else await ruled(page);
    const r = await hook(page, 'request');
    const mover = r.unit ?? r.order?.unit;
    const faces = (await hook(page, 'state')).doc.units.find((u) => u.id === mover)?.facing !== undefined;
    if (!r.board || !faces) { t.skip(r.board ? 'the mover faces no hexside: no handle' : 'a table: no hexes'); await context.close(); return; }
    await setMode(page, 'setup', true);
    await painted(page);
    const without = await numbers(page);
    assert.ok(without.length > 0, 'the reach numbers its hexes');
    // selected by the keyboard (N), so that no tap changes the question
    await page.focus('#board');
    await selectByKeys(page, mover, 6);
    assert.equal((await hook(page, 'state')).selected, mover);
    await painted(page);
    const hp = await hook(page, 'handleOf', mover);
    const b = await page.locator('#board').boundingBox();
    assert.ok(hp.x > b.x && hp.x < b.x + b.width && hp.y > b.y && hp.y < b.y + b.height, 'the handle is drawn in view');
    assert.deepEqual(await numbers(page), without, 'every number drawn without the handle is drawn with it');
    await shot(page, `drawing-handle-${system}`, PHONE);
    // a tap on the handle: the hex under it answers (its reach entry or why not), the unit keeps its facing
    const facing = (await hook(page, 'state')).doc.units.find((u) => u.id === mover).facing;
    await page.touchscreen.tap(hp.x, hp.y);
    await page.waitForFunction(() => window.movecalcTest.state().pick !== null, null, { timeout: 5000 });
    assert.equal((await hook(page, 'state')).doc.units.find((u) => u.id === mover).facing, facing, 'a tap turns nothing');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The handle keeps off the hexes' badges as off their numbers, wherever hexBadge draws them: on a
// roomy hex (a desktop's) under the cost, where hexHandle once assumed the small hex's tab above it.
for (const system of SYSTEM_IDS) {
  for (const [size, viewport] of [['360x740', PHONE], ['1280x800', DESKTOP]]) {
    test(`${system} (${size}): the rotate handle of the selected unit in Set up covers no hex's badge`, async (t) => {
      const { context, page, errors } = await openPage(env, viewport, { touch: viewport === PHONE });
      if ((await hook(page, 'request')).system !== system) await pickSystem(page, system); else await ruled(page);
      const r = await hook(page, 'request');
      const mover = r.unit ?? r.order?.unit;
      const faces = (await hook(page, 'state')).doc.units.find((u) => u.id === mover)?.facing !== undefined;
      if (!r.board || !faces) { t.skip(r.board ? 'the mover faces no hexside: no handle' : 'a table: no hexes'); await context.close(); return; }
      await setMode(page, 'setup', viewport === PHONE);
      await page.focus('#board');
      await selectByKeys(page, mover, 6);
      await painted(page);
      const badges = (await hook(page, 'boardLabels')).filter((l) => l.kind === 'badge');
      if (!badges.length) { t.skip('no badge in view'); await context.close(); return; }
      const hp = await hook(page, 'handleOf', mover);
      if (!hp) { t.skip('no corner clear for a handle'); await context.close(); return; }
      const { x: bx, y: by } = await boardContent(page);
      const { s } = await hook(page, 'camera'), hr = Math.min(Math.max(s * 0.5, 8), 12); // board.js handleR for a hex unit
      const disc = [hp.x - bx - hr, hp.y - by - hr, hp.x - bx + hr, hp.y - by + hr];
      for (const l of badges) assert.ok(!overlap(disc, l.box), `the handle at (${disc.map(Math.round)}) covers the badge ${l.text} at (${l.box.map(Math.round)})`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('the Ruler reading sits on its own plate and overprints no name (ninth-age, 360x740)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  // C stands halfway between A and B, where a reading at the line's middle would go
  await hook(page, 'openExample', { request: { system: 'ninth-age', query: 'spacing', table: { width: 24, height: 30 },
    units: [{ id: 'A', side: 'red', x: 10, y: 8, facing: 0, width: 4, depth: 2 }, { id: 'Spearmen', side: 'blue', x: 10, y: 14, facing: 90, width: 4, depth: 2 },
      { id: 'B', side: 'blue', x: 10, y: 20, facing: 0, width: 4, depth: 2 }] } });
  await page.waitForFunction(() => window.movecalcTest.request().system === 'ninth-age');
  await ruled(page);
  await page.tap('label:has(input[value="measure"])');
  const a = await hook(page, 'screenOf', 'A'), c = await hook(page, 'screenOf', 'B');
  await page.mouse.move(a.x, a.y); await page.mouse.down(); await page.mouse.move(c.x, c.y, { steps: 6 }); await page.mouse.up();
  await painted(page);
  const texts = await hook(page, 'boardLabels');
  const reading = texts.find((t) => t.kind === 'ruler');
  assert.ok(reading, 'the reading is drawn');
  const names = texts.filter((t) => t.kind === 'name');
  assert.ok(names.some((n) => n.text === 'Spearmen'), 'the name between the ends is drawn');
  const hit = names.filter((n) => overlap(n.box, reading.box)).map((n) => n.text);
  assert.deepEqual(hit, [], 'the reading overprints a name');
  await shot(page, 'drawing-ruler-ninth-age', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

for (const viewport of [PHONE, DESKTOP]) {
  test(`godsgloom at ${viewport.width}x${viewport.height}: GG-8.3-T every badged hex of the reach in view shows its badge`, async () => {
    const touch = viewport.width < 900;
    const { context, page, errors } = await openPage(env, viewport, { touch });
    await pickSystem(page, 'godsgloom');
    // on a phone the framed answer, on a desktop the whole board
    if (!touch) await page.click('#fit');
    await painted(page);
    const badged = (await hook(page, 'overlay')).filter((it) => it.type === 'hexes').flatMap((it) => it.cells.filter((h) => h.badge));
    assert.ok(badged.length > 0, 'the default reach has hexes where it ends Engaged (A or no A)');
    const b = await page.locator('#board').boundingBox();
    const labels = (await hook(page, 'boardLabels')).filter((t) => t.kind === 'badge');
    const missing = [];
    for (const h of badged) {
      const p = await hook(page, 'screenOfWorld', Math.sqrt(3) * (h.q + h.r / 2), 1.5 * h.r);
      const x = p.x - b.x, y = p.y - b.y;
      if (x < 0 || y < 0 || x > b.width || y > b.height) continue;
      const s = (await hook(page, 'camera')).s;
      // the badge's words, spaced as on a roomy hex or run together on a small one's tab, inside its hex
      const own = (t) => [h.badge, h.badge.replace(/\s+/g, '')].includes(t.text) && Math.hypot((t.box[0] + t.box[2]) / 2 - x, (t.box[1] + t.box[3]) / 2 - y) < s;
      if (!labels.some(own)) missing.push(`${h.badge} at ${h.q},${h.r}`);
    }
    assert.deepEqual(missing, [], 'badges not drawn');
    await shot(page, 'drawing-badges-godsgloom', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
