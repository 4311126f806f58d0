// After Undo the verdict says the position as it is now, not the move taken back (a newcomer once
// read "legal move. 2 of 5 …" after an Undo). In each game, by touch at 360 × 740 from its own
// position: the verdict before a move is made, the move made, Undo, and the verdict is the one
// before again (the same question of the same position).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, hook, pickSystem, ruled, verdict, touchDrag, painted, setDice } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const made = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.getElementById('verdict').textContent));
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);

/** Opens `system`, runs `ask` (the question before the move), `make` (makes it); Undo; the verdicts before and after are the same. */
async function undoSays(system, ask, make) {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, system);
  await ask(page);
  await ruled(page);
  await painted(page);
  const before = await verdict(page);
  await make(page);
  await made(page);
  assert.notEqual(await verdict(page), before, 'the move made is said');
  await page.tap('#undo');
  await ruled(page);
  await painted(page);
  assert.equal(await verdict(page), before, 'after Undo, the verdict of the position as it is again');
  assert.deepEqual(errors, []);
  await context.close();
}

// a hex game's unit tapped (its reach), then a hex it reaches tapped: the move is made there
for (const [system, id, col, row] of [['godsgloom', 'Outriders', 5, 5], ['torn-world', 'Guardsman', 4, 6]]) {
  test(`${system} (360x740, touch): a move made from a tapped reach and undone leaves the reach's verdict, not the move's`, { timeout: 300000 }, async () => {
    await undoSays(system, async (page) => {
      const at = await hook(page, 'screenOf', id);
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForFunction((u) => window.movecalcTest.request().unit === u && window.movecalcTest.request().query === 'reach', id);
    }, async (page) => {
      const to = await hook(page, 'screenOfHex', col, row);
      await page.touchscreen.tap(to.x, to.y);
    });
  });
}

test('cc-ancients (360x740, touch): an order of Order Mounted Troops (1) made by a drag and undone leaves the card\'s verdict, not the order\'s', { timeout: 300000 }, async () => {
  await undoSays('cc-ancients', async (page) => {
    await page.selectOption('#order-count', '1');
    await page.selectOption('#order-card', 'order mounted troops');
    await page.waitForFunction(() => /^Order Mounted Troops$/.test(document.getElementById('order-total')?.textContent ?? ''));
  }, async (page) => {
    // the Equites (medium cavalry, col 9 row 7) two hexes up
    await touchDrag(page, await hook(page, 'screenOfHex', 9, 7), await hook(page, 'screenOfHex', 9, 5));
  });
});

test('arcane-legions (360x740, touch): a step dragged and made, undone, leaves the verdict of the move asked before', { timeout: 300000 }, async () => {
  await undoSays('arcane-legions', async () => {}, async (page) => {
    // the Legion (facing 20°) 0.8 of a step ahead
    const u = await unitOf(page, 'Legion'), f = u.facing * Math.PI / 180;
    await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', u.x + Math.sin(f) * 0.8, u.y + Math.cos(f) * 0.8));
  });
});

test('ninth-age (360x740, touch): a pursuit rolled and made, undone, leaves the rolled pursuit\'s verdict', { timeout: 300000 }, async () => {
  await undoSays('ninth-age', async (page) => {
    await setDice(page, 5, 5);
    await page.tap('#play-roll');
  }, async (page) => {
    await page.waitForSelector('#apply:not([hidden]):not([disabled])');
    await page.tap('#apply');
  });
});
