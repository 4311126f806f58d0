// Accessibility by axe-core (Deque's rules engine, npm `axe-core`, WCAG 2.x A and AA): no
// violations on the page of every game, at phone (portrait and landscape) and desktop sizes, with each panel shown in turn,
// in both modes of the board (Play and Set up), and in embed mode. axe is injected into the test build's page, so the context bypasses the
// page's CSP (which, rightly, lets no other script in).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { launch, pickSystem, openPanel, setMode, PHONE, DESKTOP, ruled, hook, touchDrag } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

const LANDSCAPE = { width: 740, height: 360 };

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PANELS = ['ask-panel', 'units-panel', 'terrain-panel', 'library-panel', 'sides-panel', 'share-panel'];

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

async function violations(page) {
  if (!(await page.evaluate(() => !!window.axe))) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const r = await window.axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
  });
}

async function open(viewport, url = env.base) {
  const phone = viewport !== DESKTOP; // (a phone held either way)
  const context = await env.browser.newContext({ viewport, bypassCSP: true, hasTouch: phone, isMobile: phone });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { context, page };
}

for (const viewport of [PHONE, LANDSCAPE, DESKTOP]) {
  test(`axe: no WCAG A/AA violations for any game at ${viewport.width} × ${viewport.height}`, { timeout: 180000 }, async () => {
    const { context, page } = await open(viewport);
    const found = [];
    let scanned = 0, modes = 0;
    for (const system of SYSTEM_IDS) {
      await pickSystem(page, system);
      for (const panel of PANELS) {
        // a panel whose tab is gone or renamed fails here rather than leaving the scan
        assert.equal(await page.locator(`#tab-${panel}`).count(), 1, `${system}: the tab of ${panel}`);
        await openPanel(page, panel);
        for (const v of await violations(page)) found.push(`${system} / ${panel}: ${v}`);
        scanned++;
      }
      // the other mode of the board (a game played by dragging; the others show Set up only), the
      // board back under Ask (a phone's last panel took the whole screen)
      await openPanel(page, 'ask-panel');
      if (await page.isEnabled('input[name="mode"][value="play"]')) {
        for (const mode of ['setup', 'play']) {
          await setMode(page, mode);
          for (const v of await violations(page)) found.push(`${system} / ${mode}: ${v}`);
          modes++;
        }
      }
    }
    assert.deepEqual([...new Set(found)], []);
    assert.ok(modes >= 2, 'a game was scanned in both modes');
    assert.equal(scanned, SYSTEM_IDS.length * PANELS.length, 'every panel of every game was scanned');
    await context.close();
  });
}

test('axe: no WCAG A/AA violations in embed mode', { timeout: 60000 }, async () => {
  const { context, page } = await open(PHONE, `${env.base}?embed=1&ro=1&size=auto`);
  await ruled(page);
  assert.deepEqual(await violations(page), []);
  await context.close();
});

// the bars play shows only once something is under way: an Arcane Legions order open over drops
// (its points and End order floating over the board, play-table-order.js), at both phone sizes:
// the whole page, the verdict and details a drop left among it
for (const viewport of [PHONE, LANDSCAPE]) {
  test(`axe: no WCAG A/AA violations with an Arcane Legions order open after a drop (its play bar, the verdict and details) (${viewport.width} × ${viewport.height})`, { timeout: 60000 }, async () => {
    const { context, page } = await open(viewport);
    await pickSystem(page, 'arcane-legions');
    const from = await hook(page, 'screenOf', 'Legion');
    await touchDrag(page, from, { x: from.x, y: from.y - 30 }, { hold: () => ruled(page) });
    await page.waitForSelector('#move-order-end');
    assert.deepEqual(await violations(page), []);
    await context.close();
  });
}
