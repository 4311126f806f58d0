// Two-finger pan (issue 32: "pinch and two-finger pan everywhere"): on a 360 × 740 phone, by touch
// (two touch points sent through the DevTools protocol, which the browser turns into the board's
// pointer events, as a phone's screen does), two fingers moved together over the board move the view
// with them, keep its scale, and move no unit; every game, from the engine's list.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, hook, pickSystem, ruled, painted } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const DX = 40, DY = 60, STEPS = 6;

for (const system of SYSTEM_IDS) {
  test(`${system}: two fingers moved together pan the board by as much, at the same scale, moving no unit (360x740, touch)`, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    if ((await hook(page, 'request')).system !== system) await pickSystem(page, system); else await ruled(page);
    await page.tap('#fit');
    await painted(page);
    const units = (await hook(page, 'state')).doc.units;
    const id = units[0].id;
    const s0 = (await hook(page, 'camera')).s;
    const p0 = await hook(page, 'screenOf', id);
    // two fingers 80 px apart on the board's upper band (above the table or board once it is fitted)
    const box = await page.locator('#board').boundingBox();
    const a = { x: box.x + box.width / 2 - 40, y: box.y + 8 }, b = { x: box.x + box.width / 2 + 40, y: box.y + 8 };
    const cdp = await context.newCDPSession(page);
    const send = (type, pts) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((p, i) => ({ x: p.x, y: p.y, id: i })) });
    await send('touchStart', [a, b]);
    for (let i = 1; i <= STEPS; i++) {
      const k = i / STEPS;
      await send('touchMove', [{ x: a.x + DX * k, y: a.y + DY * k }, { x: b.x + DX * k, y: b.y + DY * k }]);
    }
    await send('touchEnd', []);
    await cdp.detach();
    await painted(page);
    const p1 = await hook(page, 'screenOf', id);
    const s1 = (await hook(page, 'camera')).s;
    assert.ok(Math.abs(p1.x - p0.x - DX) < 2 && Math.abs(p1.y - p0.y - DY) < 2,
      `${id} moved on screen by (${(p1.x - p0.x).toFixed(1)}, ${(p1.y - p0.y).toFixed(1)}), not (${DX}, ${DY})`);
    assert.ok(Math.abs(s1 - s0) < 1e-6 * s0, `the scale changed from ${s0} to ${s1}`);
    assert.deepEqual((await hook(page, 'state')).doc.units, units, 'no unit moved');
    assert.deepEqual(errors, []);
    await context.close();
  });
}
