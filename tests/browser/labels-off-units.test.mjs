// The words a ruling draws on the board (its markers', ghosts', rings' and lines' labels) leave the
// units readable: for each game's everyday ruling by touch, at 360 × 740 and 740 × 360, no such
// label's box overlaps a unit's token or base, as the board draws it (movecalcTest.boardNames:
// each unit's screen box). A review found a Ninth Age charge's "Knights: needs 12.2″" over the
// Raiders it was to charge, and Torn World's "blocked by ally" over the ally. Where the board has
// room for a label, it is drawn: the ones named below are. Screenshots go to
// tests/artifacts/labels-off-units-<case>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, pickSystem, ruled, hook, painted, shot, touchDrag, setDice, knightsOnRaidersFlank, openRequest } from './browser.mjs';
import { center, toAxial } from '../../web/hex.js';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SIZES = [{ width: 360, height: 740 }, { width: 740, height: 360 }];
const overlaps = (a, b) => a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5;
const hexAt = (page, q, r) => hook(page, 'screenOfWorld', ...center(q, r));

// TW-LRG-1: a Large miniature does not move through an allied Large one. The Faceless One's
// hexon (q 1, r 4) and the Warbeast's (q 3, r 5) touch; (q 5, r 6) lies beyond the Warbeast.
const THROUGH_ALLY = {
  system: 'torn-world', query: 'reach', board: { cols: 12, rows: 12 }, unit: 'Faceless One', action: 'move',
  units: [{ id: 'Faceless One', side: 'red', size: 'large', q: 1, r: 4, move: 2, run: 3 }, { id: 'Warbeast', side: 'red', size: 'large', q: 3, r: 5, move: 2, run: 3 },
    { id: 'Swordsman', side: 'blue', size: 'infantry', q: 6, r: 4, move: 4, run: 6 }],
};
// Seed Example 1 (docs/api/torn-world.md, play-hex.test.mjs): the Faceless One's hexon touches the Swordsman's hex.
const EJECT = {
  system: 'torn-world', query: 'reach', board: { cols: 12, rows: 12, terrain: [{ q: 4, r: 6, terrain: 'hazard' }] }, unit: 'Faceless One', action: 'move',
  units: [{ id: 'Faceless One', side: 'red', size: 'large', q: 1, r: 4, move: 2, run: 3 }, { id: 'Swordsman', side: 'blue', size: 'infantry', q: 4, r: 5, move: 4, run: 6 }],
};
// 9A-PV-E: a pursuer whose pivot meets two enemies (pursue-choice.test.mjs): the other one ringed and named.
const PURSUIT = { system: 'ninth-age', query: 'pursue', table: { width: 48, height: 48 },
  units: [{ id: 'P', side: 'red', x: 10, y: 10, facing: 0, width: 2, depth: 4 },
    { id: 'X1', side: 'blue', x: 13, y: 9.4, facing: 270, width: 2, depth: 2 }, { id: 'X2', side: 'blue', x: 13, y: 11.8, facing: 270, width: 2, depth: 2 }],
  pursued: { facing: 90, fleeDistance: 9 }, pursuers: [{ unit: 'P', distance: 5 }] };

// Each case: its game, what a player does from the game's opening (nothing: its opening ruling),
// and the labels it must draw.
const CASES = [
  ...SYSTEM_IDS.map((system) => ({ name: `${system}-opening`, system, labels: [] })),
  { name: 'ninth-age-charge', system: 'ninth-age', labels: ['wheel 29°'], play: knightsOnRaidersFlank },
  { name: 'ninth-age-charge-short', system: 'ninth-age', labels: ['Knights: needs 12.2″'], async play(page) {
    await knightsOnRaidersFlank(page);
    await setDice(page, 1, 1); // 9A-CH-1: a Charge Range of 8 + 2, short of 12.2
    await page.tap('#play-roll');
    await ruled(page);
  } },
  { name: 'ninth-age-pursuit', system: 'ninth-age', labels: [], play: (page) => openRequest(page, PURSUIT) },
  { name: 'torn-world-through-ally', system: 'torn-world', labels: ['blocked by ally'], async play(page) {
    await openRequest(page, THROUGH_ALLY);
    await touchDrag(page, await hook(page, 'screenOf', 'Faceless One'), await hexAt(page, 5, 6));
    await ruled(page);
  } },
  { name: 'torn-world-eject', system: 'torn-world', labels: [], async play(page) {
    // TW-EJ-1: the Large Faceless One dropped one hexon on, onto the Swordsman, who is to be ejected
    await openRequest(page, EJECT);
    await touchDrag(page, await hook(page, 'screenOf', 'Faceless One'), await hexAt(page, 3, 5));
    await page.waitForSelector('[data-dexterity="failed"]');
    await ruled(page);
  } },
  { name: 'cc-ancients-card', system: 'cc-ancients', labels: [], async play(page) {
    // CCA-CD-1: the centre card, two of its units moved a hex each by touch
    if (!(await page.$('#play-bar [data-section="center"]'))) return;
    await page.tap('[data-section="center"]');
    await page.waitForSelector('#order-total');
    const at = (col, row) => { const a = toAxial(col, row); return hexAt(page, a.q, a.r); };
    await touchDrag(page, await at(6, 6), await at(6, 5));
    await ruled(page);
    await touchDrag(page, await at(6, 7), await at(6, 5));
    await ruled(page);
  } },
].filter((c) => SYSTEM_IDS.includes(c.system));

/** The labels of what the ruling draws: the overlay's and the board's own drawing over it in play. */
async function rulingWords(page) {
  const items = [...(await hook(page, 'overlay')), ...(await hook(page, 'playOverlay'))];
  return items.flatMap((it) => [it.label, ...(it.shorter ?? [])]).filter((t) => typeof t === 'string' && t);
}

/** Each base's front arrow head as the board draws it: [`<id>'s arrow`, its box in the canvas's px]. */
async function frontArrows(page) {
  const units = (await hook(page, 'request')).units ?? [];
  const out = [];
  for (const u of units.filter((v) => v.x !== undefined && v.depth !== undefined)) {
    const f = (u.facing ?? 0) * Math.PI / 180, [ax, ay] = await hook(page, 'canvasOfWorld', u.x + Math.sin(f) * u.depth / 2, u.y + Math.cos(f) * u.depth / 2);
    const tx = ax + 7 * Math.sin(f), ty = ay - 7 * Math.cos(f);
    out.push([`${u.id}'s arrow`, [Math.min(ax - 5.6, tx), Math.min(ay - 5.6, ty), Math.max(ax + 5.6, tx), Math.max(ay + 5.6, ty)]]);
  }
  return out;
}

for (const viewport of SIZES) {
  const size = `${viewport.width}x${viewport.height}`;
  for (const c of CASES) {
    test(`${c.name} (${size}, touch): no label the ruling draws covers a unit's token or base`, { timeout: 180000 }, async () => {
      const { context, page, errors } = await openPage(env, viewport, { touch: true });
      if ((await hook(page, 'request')).system !== c.system) await pickSystem(page, c.system); else await ruled(page);
      await c.play?.(page);
      await painted(page);
      const words = await rulingWords(page);
      // a label shortened to fit ends in an ellipsis (board.js label)
      const said = (text) => words.some((w) => w === text || (text.endsWith('…') && w.startsWith(text.slice(0, -1))));
      const drawn = (await hook(page, 'boardLabels')).filter((l) => l.kind === 'label' && said(l.text));
      const { bodies } = await hook(page, 'boardNames');
      assert.ok(Object.keys(bodies).length >= 2, `${c.name} ${size}: units in view`);
      // and a base's arrow head, 7 px ahead of the middle of its front edge, 5.6 px to each side
      // (a charge's "needs 12.2″" hid which way the Raiders faced)
      const arrows = await frontArrows(page);
      const covered = drawn.flatMap((l) => [...Object.entries(bodies), ...arrows].filter(([, b]) => overlaps(l.box, b)).map(([id, b]) => `"${l.text}" ${l.box.map(Math.round)} over ${id} ${b.map(Math.round)}`));
      await shot(page, `labels-off-units-${c.name}`, viewport);
      assert.deepEqual(covered, [], `${c.name} ${size}: ruling labels over units`);
      for (const want of c.labels) assert.ok(drawn.some((l) => l.text === want), `${c.name} ${size}: "${want}" drawn: ${JSON.stringify(drawn.map((l) => l.text))}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
