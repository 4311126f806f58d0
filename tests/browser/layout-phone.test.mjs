// What a phone's page keeps whole (issue 32), measured at 360 × 740, 740 × 360 and 1280 × 800:
// the tab strip cuts no tab and does not scroll, the tabs that do not fit being in More's menu (a
// menu button, its items reached by the keyboard and by a tap); a tapped hex's answer cut short
// says so and shows whole with one tap; the board's names sit whole inside it; and a framing keeps
// the tokens it frames clear of the controls floating over the board. Screenshots go to
// tests/artifacts/layout-phone-<step>-<size>.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, hook, pickSystem, ruled, painted, artifacts, engineAnswer, touchDrag, openPanel, panelFilled, spearmenPursuit } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset, toAxial } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SIZES = [{ width: 360, height: 740 }, { width: 740, height: 360 }, { width: 1280, height: 800 }];
const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;
const sizeOf = (v) => `${v.width}x${v.height}`;
const shot = async (page, name, v) => { await painted(page); await page.screenshot({ path: join(artifacts, `layout-phone-${name}-${sizeOf(v)}.png`) }); };

/** The tab strip as laid out: each tab shown, its box and whether its words fit it; More and its menu. */
const strip = (page) => page.evaluate(() => {
  const nav = document.getElementById('tabs'), box = (e) => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; };
  const shown = (e) => e.getClientRects().length > 0;
  return {
    nav: { ...box(nav), scrolls: nav.scrollWidth > nav.clientWidth + 1 },
    tabs: [...nav.querySelectorAll('.tab:not(.more)')].filter(shown).map((t) => ({ id: t.id, text: t.textContent, ...box(t), cut: t.scrollWidth > t.clientWidth + 1 })),
    more: shown(document.getElementById('tab-more')) ? box(document.getElementById('tab-more')) : null,
    panels: [...document.querySelectorAll('#panels > .panel[data-tab]')].map((p) => p.id),
  };
});

for (const viewport of SIZES) {
  const touch = viewport.width < 900;
  test(`${sizeOf(viewport)}: no tab cut nor the strip scrolled; the tabs that do not fit are in More's menu, each opened by a tap on it`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    await ruled(page);
    const s = await strip(page);
    assert.equal(s.nav.scrolls, false, `the strip does not scroll sideways: ${JSON.stringify(s.nav)}`);
    const inside = (b) => b.x >= s.nav.x - 0.5 && b.x + b.w <= s.nav.x + s.nav.w + 0.5 && b.x + b.w <= viewport.width + 0.5;
    for (const t of s.tabs) {
      assert.ok(!t.cut && inside(t), `${t.id} whole and in the strip: ${JSON.stringify({ t, nav: s.nav })}`);
      assert.ok(t.h >= 40, `${t.id} a finger's height: ${t.h} px`);
    }
    if (s.more) assert.ok(inside(s.more) && s.more.h >= 40, `More whole in the strip: ${JSON.stringify(s.more)}`);
    const inStrip = s.tabs.map((t) => t.id.replace(/^tab-/, ''));
    const rest = s.panels.filter((p) => !inStrip.includes(p));
    assert.equal(!!s.more, rest.length > 0, `More is shown exactly when some tabs do not fit: ${rest}`);
    if (viewport.width <= 740) assert.ok(rest.length > 0, 'a phone has more panels than a strip holds: the menu is used');
    // More is a menu button; its menu lists the other panels, each opened by a tap on it
    for (const id of rest) {
      assert.equal(await page.getAttribute('#tab-more', 'aria-haspopup'), 'menu');
      assert.equal(await page.getAttribute('#tab-more', 'aria-expanded'), 'false');
      await (touch ? page.tap('#tab-more') : page.click('#tab-more'));
      // (the menu's code is fetched at More's first use: it opens once that has come)
      await page.waitForFunction(() => document.getElementById('tab-more').getAttribute('aria-expanded') === 'true');
      const items = await page.$$eval('#tab-menu [role="menuitem"]', (is) => is.map((i) => { const r = i.getBoundingClientRect(); return { panel: i.dataset.panel, text: i.textContent, x: r.left, y: r.top, w: r.width, h: r.height, cut: i.scrollWidth > i.clientWidth + 1 }; }));
      assert.deepEqual(items.map((i) => i.panel), rest, 'the menu holds the tabs left out, in their order');
      for (const i of items) assert.ok(!i.cut && i.h >= 44 && i.x >= 0 && i.x + i.w <= viewport.width + 0.5 && i.y >= 0 && i.y + i.h <= viewport.height + 0.5, `${i.text}: whole, on the screen, a finger's height: ${JSON.stringify(i)}`);
      if (id === rest[0]) await shot(page, 'more-open', viewport);
      const item = `#tab-menu [data-panel="${id}"]`;
      const onTop = await page.$eval(item, (e) => { const r = e.getBoundingClientRect(); return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) === e; });
      assert.ok(onTop, `${id}: nothing covers its item`);
      await (touch ? page.tap(item) : page.click(item));
      // the Examples are fetched at their first opening and make the page taller when they come; a
      // desktop's strip, at the foot of the sticky board column, shows only at the page's end, so a
      // late gallery (CI, loaded) took the strip and the menu just opened below the screen
      await panelFilled(page, id);
      assert.equal(await page.isVisible('#tab-menu'), false, 'the menu closes');
      assert.equal(await page.$eval('#tab-more', (m) => m.classList.contains('current')), true, `${id} current: More is shown pressed`);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A phone zooms out for a page wider than its screen, and then innerWidth reads wide: the tab strip,
// unfitted until its first frame, stood 1,255 px wide at 740 px, the first ruling read that width
// as a desktop's and opened the legend over the landscape column, where it covered the tabs (two
// CI runs' taps on Ask waited for it). At every frame from the first the page is the screen's width,
// and once ruled the legend is closed and nothing covers the first tab.
for (const viewport of SIZES.filter((v) => v.width < 900)) {
  test(`${sizeOf(viewport)}, touch: never wider than the screen from the first frame; the legend starts closed, the tabs uncovered`, async () => {
    const context = await env.browser.newContext({ viewport, hasTouch: true, isMobile: true });
    await context.addInitScript((width) => {
      window.movecalcWide = [];
      const frame = () => {
        const d = document.documentElement;
        if (d && d.scrollWidth > width + 1 && window.movecalcWide.length < 5) window.movecalcWide.push(`${Math.round(performance.now())} ms: ${d.scrollWidth} px`);
        if (document.body?.dataset.ready !== 'true' || performance.now() < 3000) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }, viewport.width);
    const page = await context.newPage();
    await page.goto(env.base);
    await page.waitForSelector('body[data-ready="true"]');
    await ruled(page);
    await page.waitForFunction(() => performance.now() >= 3000);
    assert.deepEqual(await page.evaluate(() => window.movecalcWide), [], 'frames where the page was wider than the screen');
    assert.equal(await page.$eval('#legend-panel', (d) => d.open), false, 'a phone opens with the legend closed');
    const first = await page.$eval('#tabs .tab', (t) => { const r = t.getBoundingClientRect(); const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); return at === t || t.contains(at) ? null : at?.outerHTML.slice(0, 120); });
    assert.equal(first, null, 'nothing covers the first tab');
    await context.close();
  });
}

test('740x360, keyboard: More opens its menu on its first item; the arrows move, Enter opens the panel, Escape goes back to More', async () => {
  const viewport = SIZES[1];
  const { context, page, errors } = await openPage(env, viewport);
  await ruled(page);
  await page.focus('#tab-more');
  await page.keyboard.press('Enter');
  // (the menu's code is fetched at More's first use: it opens once that has come)
  await page.waitForSelector('#tab-menu [role="menuitem"]');
  const focused = () => page.evaluate(() => document.activeElement?.dataset.panel ?? document.activeElement?.id);
  const items = await page.$$eval('#tab-menu [role="menuitem"]', (is) => is.map((i) => i.dataset.panel));
  assert.ok(items.length >= 2, `the menu holds several panels: ${items}`);
  assert.equal(await focused(), items[0], 'Enter: the first item');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), items[1], 'ArrowDown: the next');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), items.at(-1), 'ArrowUp from the first: the last');
  await page.keyboard.press('Escape');
  assert.equal(await focused(), 'tab-more', 'Escape: back on More');
  assert.equal(await page.getAttribute('#tab-more', 'aria-expanded'), 'false');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), items[0], 'ArrowDown on More opens it too');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction((p) => document.getElementById(p).hasAttribute('data-current'), items[1]);
  assert.equal(await page.isVisible('#tab-menu'), false, 'Enter on an item: the menu closes');
  assert.deepEqual(errors, []);
  await context.close();
});

// A hex out of reach tapped (GG-MOV-1): why not, with its reasons and what it could do without the
// other units, is longer than the verdict's three lines on a phone. Cut short, it says "… more" (it
// scrolled inside its box, and a line ending at ";" read as the whole answer); one tap on it shows
// it whole.
const HEX_GAMES = SYSTEMS.filter((s) => s.board === 'hex').map((s) => s.id);
for (const viewport of SIZES.slice(0, 2)) {
  test(`${sizeOf(viewport)}, touch: a tapped hex's why-not cut short says “… more”, does not scroll, and one tap shows it whole (GG-MOV-1)`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    let cut = 0;
    for (const system of HEX_GAMES) {
      await pickSystem(page, system);
      const request = await hook(page, 'request'), reach = await engineAnswer(request);
      if (!Array.isArray(reach.hexes)) continue;
      const reached = new Set([...reach.hexes.map((h) => `${h.q},${h.r}`), ...request.units.map((u) => `${u.q},${u.r}`)]);
      const from = request.units.find((u) => u.id === request.unit), o = toOffset(from.q, from.r);
      const b = await page.locator('#board').boundingBox();
      for (const [dc, dr] of [[0, -3], [3, 0], [-3, 0], [0, 3], [2, -2], [-2, -2], [0, -4], [4, 0]]) {
        const ax = toAxial(o.col + dc, o.row + dr), p = await hook(page, 'screenOfHex', o.col + dc, o.row + dr);
        if (reached.has(`${ax.q},${ax.r}`) || !(p.x > b.x + 20 && p.y > b.y + 40 && p.x < b.x + b.width - 20 && p.y < b.y + b.height - 60)) continue;
        if (!await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.id === 'board', p)) continue; // (not under the card bar)
        await page.touchscreen.tap(p.x, p.y);
        await page.waitForFunction(() => /cannot end on/.test(document.getElementById('verdict').textContent) && !/Asking why/.test(document.getElementById('verdict').textContent));
        await painted(page);
        const v = await page.evaluate(() => {
          const e = document.getElementById('verdict');
          const before = e.scrollTop; e.scrollTop = 200; const scrolled = e.scrollTop !== before; e.scrollTop = before;
          return { cls: e.className, over: e.scrollHeight > e.clientHeight + 1, more: getComputedStyle(e, '::after').content, scrolled };
        });
        if (!v.over) continue;
        cut++;
        assert.match(v.cls, /\btap\b/, 'a tapped hex’s answer');
        assert.match(v.cls, /\bcut\b/, `${system}: the answer cut short is marked: ${v.cls}`);
        assert.match(v.more, /more/, `${system}: it says it continues: ${v.more}`);
        assert.equal(v.scrolled, false, `${system}: the box does not scroll (its end would be out of sight, with nothing saying so)`);
        if (cut === 1) await shot(page, `whynot-cut-${system}`, viewport);
        // one tap on its words shows it whole: every line of it inside the box, on the screen
        // (on its first line's words: a paragraph of several lines runs on past the box's cut;
        // where they are furthest from a clause id's button, which a touch near it goes to)
        const first = await page.evaluate(() => {
          const p = document.querySelector('#verdict p'), g = document.createRange();
          g.selectNodeContents(p.firstChild ?? p);
          const r = g.getClientRects()[0] ?? p.getBoundingClientRect(); // the first line's box
          const buttons = [...document.querySelectorAll('#verdict button')].map((b) => b.getBoundingClientRect());
          const y = r.top + r.height / 2, clear = (x) => Math.min(Infinity, ...buttons.map((b) => Math.hypot(Math.max(b.left - x, 0, x - b.right), Math.max(b.top - y, 0, y - b.bottom))));
          let x = r.left + 4;
          for (let t = r.left + 4; t <= r.right - 4; t += 4) if (clear(t) > clear(x)) x = t;
          return { x, y };
        });
        await page.touchscreen.tap(first.x, first.y);
        await page.waitForFunction(() => document.getElementById('verdict').classList.contains('whole'));
        await painted(page);
        const whole = await page.evaluate(() => {
          const e = document.getElementById('verdict'), r = e.getBoundingClientRect();
          const last = [...e.querySelectorAll('p, li')].at(-1).getBoundingClientRect();
          return { box: { top: r.top, bottom: r.bottom }, last: { top: last.top, bottom: last.bottom }, over: e.scrollHeight > e.clientHeight + 1, cls: e.className, h: innerHeight };
        });
        assert.ok(!whole.over && whole.last.bottom <= whole.box.bottom + 0.5 && whole.box.bottom <= whole.h + 0.5, `${system}: shown whole, on the screen: ${JSON.stringify(whole)}`);
        assert.doesNotMatch(whole.cls, /\bcut\b/, 'no longer marked cut');
        if (cut === 1) await shot(page, `whynot-whole-${system}`, viewport);
        // a tap again: three lines again
        await page.touchscreen.tap(first.x, first.y);
        await page.waitForFunction(() => !document.getElementById('verdict').classList.contains('whole'));
        break;
      }
    }
    assert.ok(cut > 0, 'a hex game’s why-not is longer than three lines');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The board's texts are whole or not drawn (issue 32: at 740 × 360 names at the board's right edge
// read "79", "99"): for every game, opened, at the whole board and zoomed in and panned either way
// by a finger, no text the board draws (a name, a badge, a hex's number, a label, a grid figure)
// crosses the edge of its view.
test('740x360, touch: every game, opened, fitted, zoomed and panned: no text of the board is cut by its edge', async () => {
  const viewport = SIZES[1];
  const { context, page, errors } = await openPage(env, viewport, { touch: true });
  let seen = 0;
  for (const { id } of SYSTEMS) {
    await pickSystem(page, id);
    const b = await page.locator('#board').boundingBox();
    const check = async (when) => {
      await painted(page);
      const [w, h] = await page.$eval('#board', (c) => [c.clientWidth, c.clientHeight]);
      const texts = await hook(page, 'boardLabels');
      seen += texts.length;
      const cut = texts.filter((t) => t.box[2] > 0 && t.box[0] < w && t.box[3] > 0 && t.box[1] < h && (t.box[0] < -0.5 || t.box[1] < -0.5 || t.box[2] > w + 0.5 || t.box[3] > h + 0.5));
      assert.deepEqual(cut.map((t) => `${t.kind} “${t.text}” at ${t.box.map(Math.round)}`), [], `${id} ${when}: texts cut by the board's edge (${w} × ${h})`);
    };
    await check('opened');
    await page.tap('#fit');
    await check('whole board');
    for (let z = 1; z <= 2; z++) {
      await page.tap('#zoom-in');
      for (const dx of [-0.3, 0.6]) {
        // a finger on the table, off every unit (a unit dragged would move)
        const { bodies } = await hook(page, 'boardNames');
        const free = (p) => Object.values(bodies).every((u) => p.x < b.x + u[0] - 12 || p.x > b.x + u[2] + 12 || p.y < b.y + u[1] - 12 || p.y > b.y + u[3] + 12);
        const from = [0.5, 0.35, 0.65, 0.2, 0.8].flatMap((fy) => [0.5, 0.3, 0.7].map((fx) => ({ x: b.x + fx * b.width, y: b.y + fy * b.height }))).find(free);
        assert.ok(from, `${id}: a point of the board off the units`);
        await touchDrag(page, from, { x: from.x + dx * b.width, y: from.y });
        await check(`zoomed ${z}, panned ${dx > 0 ? 'right' : 'left'}`);
      }
    }
    await shot(page, `edge-${id}`, viewport);
  }
  assert.ok(seen > 0, 'the board draws texts');
  assert.deepEqual(errors, []);
  await context.close();
});

// A finger swiping sideways over the card bar floating on the board (740 × 360, C&C in play) went
// back a page in the browser's history (its overscroll gesture): the page, in the history after
// another, stays.
test('740x360, touch: a sideways swipe over the card bar does not leave the page', async () => {
  const viewport = SIZES[1];
  const { context, page, errors } = await openPage(env, viewport, { touch: true });
  const game = SYSTEMS.find((s) => s.queries.some((q) => q.name === 'order'));
  assert.ok(game, 'a game that plays cards');
  await pickSystem(page, game.id);
  await page.waitForSelector('#play-bar:not([hidden])');
  const url = page.url(), bar = await page.locator('#play-bar').boundingBox();
  const from = { x: bar.x + 10, y: bar.y + bar.height / 2 };
  await touchDrag(page, from, { x: from.x + 300, y: from.y }, { steps: 12 });
  await painted(page);
  assert.equal(page.url(), url, 'still on the page');
  assert.equal(await page.evaluate(() => typeof window.movecalcTest), 'object', 'the page was not left');
  assert.deepEqual(errors, []);
  await context.close();
});

// Chromium draws a select's arrow in about 1.2em at the phones' 16 px (17–19 px, measured: "Other…"
// showed whole from 5.4rem wide, as "Other.." at 5.3rem); 20 px leaves it no room to cut the words.
const ARROW = 20;

for (const viewport of SIZES.slice(0, 2)) {
  test(`${sizeOf(viewport)}, touch: every game's card bar shows each select's words whole beside its arrow, on one row (two in a landscape phone's column)`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    let bars = 0;
    for (const { id } of SYSTEMS) {
      await pickSystem(page, id);
      if (await page.isHidden('#order-card')) continue;
      bars++;
      const row = await page.evaluate(() => {
        const bar = document.querySelector('.play-bar'), ctx = document.createElement('canvas').getContext('2d');
        const kids = [...bar.children].filter((k) => k.getClientRects().length);
        return {
          tops: kids.map((k) => Math.round(k.getBoundingClientRect().top)),
          selects: kids.filter((k) => k.tagName === 'SELECT').map((s) => {
            const cs = getComputedStyle(s);
            ctx.font = cs.font;
            return { id: s.id, text: s.options[s.selectedIndex].text, words: ctx.measureText(s.options[s.selectedIndex].text).width,
              room: s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) };
          }),
        };
      });
      await shot(page, `card-bar-${id}`, viewport);
      // (a landscape phone's in the column beside the board, two rows: over the board, one row hid its top rows)
      assert.ok(new Set(row.tops).size <= (viewport.width > viewport.height ? 2 : 1), `${id}: the card bar's rows: ${row.tops}`);
      for (const s of row.selects) assert.ok(s.room >= s.words + ARROW, `${id}: #${s.id} shows “${s.text}” whole: ${s.words.toFixed(1)} px of words and ${ARROW} of arrow in ${s.room} px`);
    }
    assert.ok(bars > 0, 'a game has a card bar');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A unit carried in play moves nothing beside the board: the drop makes the move, so Make this move
// does not come under a finger holding a unit on a reached hex (it took a phone's verdict 99 px of
// its width, cutting the ruling under the finger to "… more", and in landscape covered the board's
// foot), and the verdict keeps its box. The hex games played by dragging come from describe.
const HEX_PLAY = SYSTEMS.filter((s) => s.board === 'hex' && ['reach', 'whyNot'].every((q) => s.queries.some((x) => x.name === q)));
for (const viewport of SIZES.slice(0, 2)) {
  for (const { id } of HEX_PLAY) {
    // (a game whose moves a card orders, one with an `order` query, makes none by a drop with no card played)
    const carded = HEX_PLAY.find((s) => s.id === id).queries.some((x) => x.name === 'order');
    test(`${sizeOf(viewport)}, touch: ${id} play, a unit held on a reached hex: Make this move does not come and the verdict keeps its box; the drop ${carded ? 'with no card played says a card orders moves' : 'makes the move'}`, { timeout: 300000 }, async () => {
      const { context, page, errors } = await openPage(env, viewport, { touch: true });
      await pickSystem(page, id);
      const request = await page.evaluate(() => window.movecalcTest.request());
      const mover = request.unit, result = await engineAnswer(request);
      const box = (sel) => page.evaluate((s) => { const e = document.querySelector(s); if (!e.getClientRects().length) return null; const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; }, sel);
      const before = { verdict: await box('#verdict'), apply: await box('#apply') };
      assert.equal(before.apply, null, 'nothing to make before the drag (the unit’s reach)');
      const taken = new Set(request.units.map((u) => `${u.q},${u.r}`)), b = await box('#board');
      let go = null;
      for (const x of [...result.hexes].sort((m, n) => n.cost - m.cost)) {
        if (go || taken.has(`${x.q},${x.r}`) || x.ejects?.length || x.destroyed?.length || x.ejectsMarkers?.length) continue;
        const o = toOffset(x.q, x.r), p = await hook(page, 'screenOfHex', o.col, o.row);
        if (p.x > b[0] + 20 && p.y > b[1] + 20 && p.x < b[0] + b[2] - 20 && p.y < b[1] + b[3] - 20) go = { x, p };
      }
      assert.ok(go, 'a reached hex in view');
      const o = toOffset(go.x.q, go.x.r);
      await touchDrag(page, await hook(page, 'screenOf', mover), go.p, { hold: async () => {
        await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} can end on col ${o.col}, row ${o.row}`);
        await painted(page);
        assert.equal(await box('#apply'), null, 'Make this move has not come under the finger');
        assert.deepEqual(await box('#verdict'), before.verdict, 'the verdict keeps its box');
        await shot(page, `${id}-held`, viewport);
      } });
      await page.waitForFunction((w) => document.querySelector('#verdict').textContent.startsWith(w), carded ? 'Not moved: only a card orders a move' : 'Move made:');
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// On a phone held either way Make this move floats over the board's foot, clear of the zoom
// buttons: beside a portrait phone's verdict its coming and going narrowed and widened the verdict,
// moving its lines. Every game's opening ruling that has a move to make, from describe (The Ninth
// Age opens with nothing planned: its pursuit planned on the opening's position).
for (const viewport of SIZES.slice(0, 2)) {
  test(`${sizeOf(viewport)}, touch: Make this move over the board's foot, clear of the zoom buttons; the verdict keeps its width`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    const box = (sel) => page.evaluate((s) => { const r = document.querySelector(s).getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height }; }, sel);
    const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5;
    const apart = (a, b) => a.x + a.w <= b.x + 0.5 || b.x + b.w <= a.x + 0.5 || a.y + a.h <= b.y + 0.5 || b.y + b.h <= a.y + 0.5;
    let seen = 0;
    for (const { id } of SYSTEMS) {
      await pickSystem(page, id);
      if (id === 'ninth-age') await spearmenPursuit(page);
      await painted(page);
      if (!(await page.isVisible('#apply'))) continue;
      seen++;
      const apply = await box('#apply'), board = await box('#board'), verdict = await box('#verdict');
      assert.ok(inside(apply, board), `${id}: Make this move over the board: ${JSON.stringify({ apply, board })}`);
      for (const z of ['#zoom-out', '#zoom-in', '#fit']) assert.ok(apart(apply, await box(z)), `${id}: clear of ${z}`);
      assert.ok(apart(apply, verdict), `${id}: clear of the verdict`);
      if (viewport.height > viewport.width) {
        const handle = await box('#sheet-handle');
        assert.ok(Math.abs(verdict.w - handle.w) <= 1, `${id}: the verdict as wide as the sheet: ${verdict.w} / ${handle.w}`);
      }
      await shot(page, `apply-${id}`, viewport);
    }
    assert.ok(seen > 0, 'a game opens on a move to make');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// The Share tab opened on a phone shows its link and Copy link first, whole on the screen and on
// top where a finger lands, before any scroll (the panel's heading and its note put the link half
// below a 360 × 740 screen's foot, and wholly below a 740 × 360 one's).
for (const viewport of SIZES.slice(0, 2)) {
  test(`${sizeOf(viewport)}, touch: the Share tab tapped shows the link and Copy link whole, on top, without a scroll`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await page.tap('#tab-share-panel');
    await page.waitForFunction(() => document.getElementById('share-link').value.includes('#p='));
    await painted(page);
    for (const sel of ['#share-link', '#copy-link']) {
      const at = await page.evaluate((s) => {
        const e = document.querySelector(s), r = e.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return { x: r.left, y: r.top, w: r.width, h: r.height, onTop: top === e || e.contains(top) };
      }, sel);
      assert.ok(at.w >= 40 && at.x >= 0 && at.y >= 0 && at.x + at.w <= viewport.width && at.y + at.h <= viewport.height, `${sel} whole on the screen: ${JSON.stringify(at)}`);
      assert.ok(at.onTop, `${sel} is on top where a finger lands: ${JSON.stringify(at)}`);
    }
    await shot(page, 'share', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A phone's browser (iOS Safari) zooms the page into a field whose text is under 16 px when it is
// tapped, a read-only one too (the share link, the embed snippets): every field a finger can focus,
// those of the panels fetched at first use included, has text of 16 px at least.
for (const viewport of SIZES.filter((v) => v.width < 900)) {
  test(`${sizeOf(viewport)}, touch: every field a finger can focus has text of 16 px at least`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    await ruled(page);
    for (const panel of ['settings-panel', 'library-panel']) await openPanel(page, panel);
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]')); // (their forms' code fetched)
    const small = await page.$$eval('input:not([type="radio"]):not([type="checkbox"]):not([type="range"]):not([type="file"]), select, textarea',
      (fs) => fs.map((f) => [f.id || f.name || f.outerHTML.slice(0, 60), parseFloat(getComputedStyle(f).fontSize)]).filter(([, px]) => px < 16));
    assert.deepEqual(small, [], 'fields with text under 16 px');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

// A finger's target (a newcomer's review: Play, Undo, Redo and ⊡ were 34 × 40, the zoom buttons
// 40 × 40, the card bar's buttons 40 tall, the sheet's handle 28): every control a finger can use in
// the play view, each game as it opens by touch, is at least 44 × 44 CSS px (WCAG 2.5.5), and a
// finger at the edges of its 44-px square (its box, or the hit area round a smaller drawing) lands
// on it. A control the page keeps out of a finger's way (a unit's button for the keyboard) is left out.
const TARGET = 44;
const smallOrMissed = (page, min) => page.evaluate((min) => {
  const sel = 'button, a[href], input:not([type="radio"]), select, summary, .tools label, label.button';
  const shown = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden' && getComputedStyle(e).pointerEvents !== 'none' && !e.closest('[hidden]');
  const bad = [];
  for (const e of document.querySelectorAll(sel)) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    if (r.right <= 0 || r.bottom <= 0 || r.left >= innerWidth || r.top >= innerHeight) continue;
    // (one scrolled wholly or partly out of a box that clips it, a verdict's event below its
    // lines, is scrolled to before a finger uses it)
    let clipped = false;
    for (let a = e.parentElement; a && !clipped; a = a.parentElement) {
      if (getComputedStyle(a).overflow === 'visible') continue;
      const c = a.getBoundingClientRect();
      clipped = r.left < c.left - 0.5 || r.right > c.right + 0.5 || r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5;
    }
    if (clipped) continue;
    const name = `${e.id || e.className || e.tagName} “${e.textContent.trim().slice(0, 16)}” ${Math.round(r.width)}×${Math.round(r.height)}`;
    // the square a finger has: the box where it is that large, else a 44-px square on its middle
    const half = (a, b) => Math.max((b - a) / 2, min / 2) - 1, cx = (r.left + r.right) / 2, cy = (r.top + r.bottom) / 2;
    const hw = half(r.left, r.right), hh = half(r.top, r.bottom);
    const points = [[cx - hw, cy], [cx + hw, cy], [cx, cy - hh], [cx, cy + hh]].filter(([x, y]) => x >= 0 && y >= 0 && x < innerWidth && y < innerHeight);
    const own = (at) => !!at && (at === e || e.contains(at) || (e.control && at === e.control) || (at.tagName === 'LABEL' && at.control === e));
    const missed = points.filter(([x, y]) => !own(document.elementFromPoint(x, y)));
    if ((r.width < min - 0.5 || r.height < min - 0.5) && !getComputedStyle(e, '::after').content.startsWith('"')) bad.push(`${name}: under ${min} px`);
    else if (missed.length) bad.push(`${name}: a finger at (${missed.map((p) => p.map(Math.round).join(', ')).join('), (')}) lands on ${missed.map(([x, y]) => document.elementFromPoint(x, y)?.id || document.elementFromPoint(x, y)?.className || '?').join(', ')}`);
  }
  return bad;
}, min);
for (const viewport of SIZES.slice(0, 2)) {
  test(`${sizeOf(viewport)}, touch: every game's play view, every control a finger uses at least ${TARGET} × ${TARGET} px, its edges its own`, { timeout: 120000 }, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: true });
    for (const { id } of SYSTEMS) {
      if ((await hook(page, 'request')).system !== id) await pickSystem(page, id); else await ruled(page);
      await painted(page);
      assert.equal(await page.$eval('input[name="mode"][value="play"]', (i) => i.checked), true, `${id} opens in Play`);
      assert.deepEqual(await smallOrMissed(page, TARGET), [], `${id}: controls a finger misses`);
      await shot(page, `targets-${id}`, viewport);
    }
    assert.deepEqual(errors, []);
    await context.close();
  });
}
