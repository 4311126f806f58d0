// The Ninth Age: when a pursuer's pivot meets two enemies and no target was named, the ruling's
// `choices` (docs/api/ninth-age.md) are shown with what the pursuer would do for each, the other
// enemy ringed and where it would end drawn faintly; a tap on the other names it as the pursuer's
// `target`, which goes into the request and is ruled on.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, pageRequest, PHONE, DESKTOP, details, verdict, overlay, shot, openRequest, ruled, openPanel, hook } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

// 9A-PV-E: P (2" wide, 4" deep) at (10, 10) pivots 90° to face the way the enemy fled (east): its
// front runs x = 12, y 9 to 11. X1 (y 8.4 to 10.4) and X2 (y 10.8 to 12.8), both 2" squares facing
// west with their fronts on x = 12, each touch that front. Charging X1, P slides along its front
// to the most contact that stays clear of X2 (0.001", NA_CLEAR_GAP): its top edge at 10.799, so
// its centre at y 9.799; charging X2, its bottom edge at 10.401, centre at y 11.401.
const REQUEST = { system: 'ninth-age', query: 'pursue', table: { width: 48, height: 48 },
  units: [{ id: 'P', side: 'red', x: 10, y: 10, facing: 0, width: 2, depth: 4 },
    { id: 'X1', side: 'blue', x: 13, y: 9.4, facing: 270, width: 2, depth: 2 }, { id: 'X2', side: 'blue', x: 13, y: 11.8, facing: 270, width: 2, depth: 2 }],
  pursued: { facing: 90, fleeDistance: 9 }, pursuers: [{ unit: 'P', distance: 5 }] };

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  test(`9A-PV-E a pursuer's two possible targets are shown, and a tap on the other charges it (on the board in play on a phone; ${size})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await openRequest(page, REQUEST);
    assert.match(await verdict(page), /P .*into the front of X1/);
    const text = await details(page);
    assert.match(text, /Choices left open/);
    assert.match(text, /P's pivot met 2 enemies; it may charge either \(now: X1\)/);
    assert.match(text, /X1 → charges X1, ends \(10″, 9\.8″\) facing 90°; X2 → charges X2, ends \(10″, 11\.4″\) facing 90°/);
    const items = await overlay(page);
    assert.ok(items.some((it) => it.label === 'P may charge this instead'), 'X2 ringed as the other target');
    await shot(page, 'pursue-choice', viewport);
    // on a phone in Play a tap on X2 itself, ringed on the board (the details list a tap away);
    // at a desk its button in the list
    if (size === 'phone') {
      const x2 = await hook(page, 'screenOf', 'X2');
      await page.touchscreen.tap(x2.x, x2.y);
    } else await page.locator('#details button.choice', { hasText: 'X2 →' }).click();
    await ruled(page);
    await page.waitForFunction(() => /into the front of X2/.test(document.getElementById('verdict').textContent));
    const sent = await pageRequest(page);
    assert.equal(sent.pursuers[0].target, 'X2', 'the choice goes into the request');
    assert.deepEqual({ ...sent.pursuers[0], target: undefined }, { ...REQUEST.pursuers[0], target: undefined }, 'the rest of the pursuer is as it was');
    // a target named leaves no choice open; the pursuer's row shows it
    assert.doesNotMatch(await details(page), /Choices left open/);
    await openPanel(page, 'ask-panel'); // (the question's form: a tap away on a phone in Play)
    assert.equal(await page.locator('select[data-key="pursuers.0.target"], [data-slot="pursuers.0"] select').last().inputValue(), 'X2');
    await shot(page, 'pursue-choice-made', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
