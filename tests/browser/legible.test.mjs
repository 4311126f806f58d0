// The board read as a player would at the table (issue 23): at the fit view of a 360-px phone no text
// the board draws is smaller than 12 CSS px (read from the board's own record of what it drew), and
// every game opens with the units its question names in view (issue 32: framed, not the whole
// table). Screenshots of every game and query at phone and desktop sizes go to
// tests/artifacts/legible-<game>-<query>-<size>.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, DESKTOP, hook, pickSystem, ruled, shot, openPanel } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const MIN_PX = 12;
const SYSTEMS = SYSTEM_IDS; // the engine's list (src/systems.def)
const painted = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  for (const system of SYSTEMS) {
    test(`${system} (${size} ${viewport.width}x${viewport.height}): opens with the units its question names in view; board text at the fit view is at least ${MIN_PX} px`, async () => {
      const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
      if (system === 'arcane-legions') await ruled(page); else await pickSystem(page, system);
      await painted(page);
      const box = await page.locator('#board').boundingBox();
      // the units the question names (its unit, charger, target, rows of movers): framed in view
      const { units, ...question } = await hook(page, 'request');
      const named = JSON.stringify(question);
      const asked = units.filter((u) => named.includes(JSON.stringify(u.id)));
      assert.ok(asked.length > 0, `${system}: the default question names a unit`);
      for (const u of asked) {
        const p = await hook(page, 'screenOf', u.id);
        assert.ok(p.x >= box.x && p.x <= box.x + box.width && p.y >= box.y && p.y <= box.y + box.height,
          `${system}: ${u.id} at (${Math.round(p.x)}, ${Math.round(p.y)}) is outside the board's view on opening`);
      }
      const queries = await page.$$eval('#query option', (os) => os.map((o) => o.value));
      for (const query of queries) {
        if (query !== (await hook(page, 'request')).query) { await openPanel(page, 'ask-panel'); await page.selectOption('#query', query); }
        await ruled(page);
        await page.click('#fit');
        await painted(page);
        const texts = await hook(page, 'boardText');
        assert.ok(texts.length > 0, `${system}/${query}: the board drew some text`);
        if (size === 'phone') {
          const small = texts.filter(([, px]) => px < MIN_PX);
          assert.deepEqual(small, [], `${system}/${query}: text below ${MIN_PX} px at the fit view`);
        }
        await shot(page, `legible-${system}-${query}`, viewport);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// A first view framed inside the table cut tokens at its sides (half the Equites, the Faceless
// One's disc at a landscape phone's right edge): the framing moves by less than a token where that
// shows each token whole or not at all (board.js uncut).
for (const viewport of [PHONE, { width: PHONE.height, height: PHONE.width }]) {
  for (const system of SYSTEMS) {
    test(`${system} (${viewport.width}x${viewport.height}, touch): the opening view cuts no unit at its left or right edge`, async () => {
      const { context, page, errors } = await openPage(env, viewport, { touch: true });
      if (system === 'arcane-legions') await ruled(page); else await pickSystem(page, system);
      await painted(page);
      const width = await page.evaluate(() => document.getElementById('board').clientWidth);
      const { bodies } = await hook(page, 'boardNames');
      for (const [id, [x0, , x1]] of Object.entries(bodies)) {
        assert.ok(!(x0 < -0.5 && x1 > 0.5) && !(x0 < width - 0.5 && x1 > width + 0.5), `${system}: ${id} [${Math.round(x0)}, ${Math.round(x1)}] is whole in the view [0, ${width}] or out of it`);
      }
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
