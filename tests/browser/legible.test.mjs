// The board read as a player would at the table (issue 23): at the fit view of a 360-px phone no text
// the board draws is smaller than 12 CSS px (read from the board's own record of what it drew), and
// every game opens with the units its question names in view (issue 32: framed, not the whole
// table). Screenshots of every game and query at phone and desktop sizes go to
// tests/artifacts/legible-<game>-<query>-<size>.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, DESKTOP, hook, pickSystem, ruled, shot, openPanel, verdictSaysCoach } from './browser.mjs';
import { SYSTEM_IDS, createEngine } from '../../wasm/movecalc.mjs';
import { LEGIBLE_HEX } from '../../web/board.js';

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
      // (a game that opens with nothing asked, The Ninth Age's first drag to come: every unit in view)
      const inQuestion = units.filter((u) => named.includes(JSON.stringify(u.id)));
      const asked = inQuestion.length ? inQuestion : units;
      assert.ok(asked.length > 0, `${system}: the opening has units on the board`);
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

// A new answer takes in the units nearest its mover where they fit at a legible size: C&C's first
// view framed the Hastati's one-hex reach at 78 px hexes with every enemy out of view. On each hex
// board's first view, the enemy nearest the mover is in view, or the hexes are as small as a finger
// reads (board.js LEGIBLE_HEX), with no room to take it in.
const HEX_GAMES = (await createEngine()).request({ query: 'describe' }).result.systems.filter((s) => s.board === 'hex').map((s) => s.id);
for (const system of HEX_GAMES) {
  test(`${system} (${PHONE.width}x${PHONE.height}, touch): the first view takes in the enemy nearest the mover, or its hexes are at the legible size`, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    await pickSystem(page, system);
    await painted(page);
    const { units, ...question } = await hook(page, 'request');
    const mover = units.find((u) => u.id === question.unit);
    assert.ok(mover, `${system}: the default question names its unit`);
    const named = JSON.stringify(question);
    const at = await hook(page, 'screenOf', mover.id);
    const others = [];
    for (const u of units.filter((v) => v.side !== mover.side && !named.includes(JSON.stringify(v.id)))) {
      const p = await hook(page, 'screenOf', u.id);
      others.push({ id: u.id, p, d: Math.hypot(p.x - at.x, p.y - at.y) });
    }
    others.sort((a, b) => a.d - b.d);
    const near = others[0];
    const box = await page.locator('#board').boundingBox();
    const inView = near.p.x >= box.x && near.p.x <= box.x + box.width && near.p.y >= box.y && near.p.y <= box.y + box.height;
    // a hex's width across its flats: from one hex's centre to the next in its row
    const a = await hook(page, 'screenOfHex', 4, 4), b = await hook(page, 'screenOfHex', 5, 4), hexPx = Math.hypot(b.x - a.x, b.y - a.y);
    assert.ok(hexPx >= LEGIBLE_HEX - 0.5, `${system}: hexes ${hexPx.toFixed(1)} px across`);
    assert.ok(inView || hexPx <= LEGIBLE_HEX * 1.05, `${system}: ${near.id}, the enemy nearest ${mover.id}, is out of view with hexes ${hexPx.toFixed(1)} px across (a finger reads ${LEGIBLE_HEX})`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A phone's first visit shows how to play over the board's top until the first touch: the first
// view is framed below it, the units the question names clear of it (Torn World's reach's first
// rows and The Ninth Age's Raiders sat under it).
for (const system of SYSTEMS) {
  test(`${system} (${PHONE.width}x${PHONE.height}, touch): the first visit's how-to over the board covers none of the units its question names`, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    if (system === 'arcane-legions') await ruled(page); else await pickSystem(page, system);
    await painted(page);
    const coach = await page.evaluate(() => {
      // (in the board's drawing's own px, as its bodies are: from inside the canvas's border)
      const c = document.getElementById('coach'), canvas = document.getElementById('board'), b = canvas.getBoundingClientRect(), r = c.getBoundingClientRect();
      const [x, y] = [b.left + canvas.clientLeft, b.top + canvas.clientTop];
      return c.hidden ? null : [r.left - x, r.top - y, r.right - x, r.bottom - y];
    });
    // (not over the board where the verdict says its sentence: phone.test)
    const says = await verdictSaysCoach(page);
    assert.ok(coach || says, `${system}: a first visit shows the how-to`);
    const { units, ...question } = await hook(page, 'request');
    const named = JSON.stringify(question), { bodies } = await hook(page, 'boardNames');
    for (const u of coach ? units.filter((v) => named.includes(JSON.stringify(v.id))) : []) {
      const [x0, y0, x1, y1] = bodies[u.id];
      assert.ok(x1 <= coach[0] || x0 >= coach[2] || y0 >= coach[3] - 0.5 || y1 <= coach[1], `${system}: ${u.id} [${[x0, y0, x1, y1].map(Math.round)}] under the how-to [${coach.map(Math.round)}]`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
