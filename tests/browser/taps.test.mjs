// A layout that holds still (issue 32): on a 360 × 740 phone, by touch, a finger aims at a tab or at
// Make this move where it was before the edit, and lands 0, 100 and 250 ms after typing in a unit's
// field (its edit committed as the field loses focus, the position ruled again): every tap lands on
// what it aimed at. The points are taken before typing, as a finger's are, and the taps are the
// touchscreen's own (no waiting for the page to hold still, as page.tap would).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, hook, ruled, openPanel } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const DELAYS = [0, 100, 250];
const centre = async (page, sel) => {
  const b = await page.locator(sel).boundingBox();
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
};

/** Selects `unit` in the Units panel and types `text` into its first number field, by touch. */
async function typeInUnit(page, unit, text) {
  await openPanel(page, 'units-panel');
  if ((await hook(page, 'state')).selected !== unit) {
    await page.tap(`#unit-list button.link:text-is("${unit}")`);
    await page.waitForFunction((u) => window.movecalcTest.state().selected === u, unit);
  }
  const field = page.locator('#unit-fields input[type="number"]').first();
  await field.scrollIntoViewIfNeeded();
  const at = await field.boundingBox();
  await page.touchscreen.tap(at.x + at.width / 2, at.y + at.height / 2);
  await page.keyboard.press('Control+A');
  await page.keyboard.type(text);
}

const moverOf = (r) => r.unit ?? r.charger ?? r.order?.unit;
// a unit the default question does not move: its edit changes the position, not whether the move is made
const bystander = async (page) => {
  const mover = moverOf(await hook(page, 'request'));
  return (await hook(page, 'state')).doc.units.find((u) => u.id !== mover).id;
};

test('each tab tapped 0, 100 and 250 ms after typing in a unit field lands on that tab, or on More and then its item (360x740, touch)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await ruled(page);
  const other = await bystander(page);
  const tabs = await page.$$eval('#tabs .tab:not(.more)', (ts) => ts.map((t) => ({ id: t.id, inMenu: t.hidden })));
  assert.ok(tabs.length >= 5, 'the phone shows its panels as tabs');
  assert.ok(tabs.some((t) => t.inMenu), 'some are in More’s menu');
  let n = 0;
  for (const delay of DELAYS) {
    for (const { id: tab, inMenu } of tabs) {
      if (tab === 'tab-units-panel') continue;
      await typeInUnit(page, other, String(2 + (n++ % 3)));
      // the finger aims where the tab (or More) is now, as the edit is still in the field
      const aim = await centre(page, inMenu ? '#tab-more' : `#${tab}`);
      await page.waitForTimeout(delay);
      await page.touchscreen.tap(aim.x, aim.y);
      const panel = tab.replace(/^tab-/, '');
      if (inMenu) {
        // the menu's item, where it shows once More was tapped
        const item = `#tab-menu [data-panel="${panel}"]`;
        await page.waitForSelector(item, { state: 'visible' }); // (a tap lost: the menu never opens)
        const at = await centre(page, item);
        await page.touchscreen.tap(at.x, at.y);
      }
      await page.waitForTimeout(50);
      assert.equal(await page.$eval(`#${panel}`, (p) => p.hasAttribute('data-current')), true,
        `${tab} tapped ${delay} ms after typing: its panel is not the one shown`);
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

for (const delay of DELAYS) {
  test(`Make this move tapped ${delay} ms after typing in a unit field makes the move (360x740, touch)`, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    await ruled(page);
    // the opening plans no move: the Legion's three steps ahead planned on the Ask panel by touch
    await page.tap('#tab-ask-panel');
    await page.selectOption('#query', 'move');
    for (let k = 0; k < 3; k++) { await ruled(page); await page.tap('[data-key="actions.add.Add step"]'); }
    await ruled(page);
    assert.equal(await page.isVisible('#apply'), true, 'the move planned is a move to make');
    const r = await hook(page, 'request');
    const mover = moverOf(r);
    const pose = (doc) => { const u = doc.units.find((v) => v.id === mover); return [u.x, u.y, u.q, u.r, u.facing]; };
    const before = pose((await hook(page, 'state')).doc);
    await typeInUnit(page, await bystander(page), '3');
    const aim = await centre(page, '#apply');
    await page.waitForTimeout(delay);
    await page.touchscreen.tap(aim.x, aim.y);
    const made = await page.waitForFunction(() => /^Move made/.test(document.getElementById('verdict').textContent), null, { timeout: 5000 }).then(() => true, () => false);
    assert.ok(made, `Make this move tapped ${delay} ms after typing was lost: the verdict says "${await page.textContent('#verdict')}"`);
    assert.notDeepEqual(pose((await hook(page, 'state')).doc), before, `${mover} moved`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
