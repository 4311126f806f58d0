// The answers of C&C retreat, evade and order, the Arcane Legions turning tool and GODSGLOOM
// Engagement Zones drawn on the board, against the real engine at phone and desktop sizes: each
// test asks a question through the page, reads the verdict, and checks what is drawn (the test
// hook's overlay) against positions worked out by hand from the rules and the board geometry.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, pageRequest, PHONE, DESKTOP, hook, pickSystem, ruled, verdict, details, overlay, shot, openRequest, openPanel } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const axial = (col, row) => ({ q: col - (row - (row & 1)) / 2, r: row });
const cellsOf = (item) => item.cells.map((c) => [c.q, c.r]);
const axialList = (...colRows) => colRows.map(([c, r]) => { const a = axial(c, r); return [a.q, a.r]; });
const marks = (items, hex) => items.filter((it) => it.type === 'mark' && it.hex && (!hex || (it.hex.q === hex.q && it.hex.r === hex.r)));

const CC_BOARD = { system: 'cc-ancients', baselines: { Rome: 'bottom', Carthage: 'top' } };

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  const tag = `${size} ${viewport.width}x${viewport.height}`;

  test(`C&C retreat: the best path hex by hex, the hexes behind closed by the board edge, the block lost (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    // CCA-RT-1: Hastati (Rome, bottom edge) at col 6, row 7 takes 2 flags: 2 hexes toward row 8.
    // Its rear hexes are col 6 and col 7 of row 8; col 6 holds Velites, so it enters col 7, row 8;
    // both hexes behind that lie off the board: 1 hex short, 1 block lost. One adjacent friend is
    // no support (CCA-RT-2 needs two), so no flag may be disregarded.
    await openRequest(page, { ...CC_BOARD, query: 'retreat', unit: 'Hastati', flags: 2,
      units: [{ id: 'Hastati', side: 'Rome', type: 'medium infantry', col: 6, row: 7 }, { id: 'Velites', side: 'Rome', type: 'light infantry', col: 6, row: 8 },
        { id: 'Numidians', side: 'Carthage', type: 'light cavalry', col: 6, row: 2 }] });
    assert.match(await verdict(page), /^Hastati must retreat 2 hexes \(2 flags of 2 taken\); its best path goes 1 hex, 1 hex short: it loses 1 block\./);
    assert.match(await details(page), /Retreat paths[\s\S]*col 7, row 8: 1 hex; 1 short, loses 1 block; its retreat is blocked; closed behind: col 6, row 9 \(board edge, CCA-RT-1\); col 7, row 9 \(board edge, CCA-RT-1\)/);
    const items = await overlay(page);
    const best = items.find((it) => it.type === 'hexpath' && it.numbered);
    assert.deepEqual(cellsOf(best), axialList([6, 7], [7, 8]));
    // both hexes behind lie over the board edge: ✕ on each, the reason named once
    assert.deepEqual(marks(items).filter((m) => m.shape === 'x').map((m) => [m.hex.q, m.hex.r, m.label ?? null]),
      [[...axialList([6, 9])[0], 'board edge'], [...axialList([7, 9])[0], null]]);
    assert.equal(marks(items, axial(7, 8))[0].label, 'ends here, −1 block');
    await shot(page, 'cc-ancients-retreat-blocked', viewport);
    // CCA-RT-1: an elephant retreats 1 hex per flag; at col 6, row 7 both hexes behind hold
    // friends (A, B): it stays, and for the hex it is short each blocker loses a block instead;
    // its rampage rolls for each adjacent unit, A and B.
    await openRequest(page, { ...CC_BOARD, query: 'retreat', unit: 'El', flags: 1,
      units: [{ id: 'El', side: 'Rome', type: 'elephant', col: 6, row: 7 }, { id: 'A', side: 'Rome', type: 'heavy infantry', col: 6, row: 8 },
        { id: 'B', side: 'Rome', type: 'heavy infantry', col: 7, row: 8 }, { id: 'E', side: 'Carthage', type: 'heavy infantry', col: 2, row: 2 }] });
    assert.match(await verdict(page), /^El must retreat 1 hex \(1 flag of 1 taken\); its best path goes 0 hexes\. A loses 1 block; B loses 1 block instead\./);
    const el = await overlay(page);
    assert.deepEqual(marks(el).filter((m) => m.shape === 'x').map((m) => m.label), ['holds A: −1 block', 'holds B: −1 block']);
    assert.deepEqual(marks(el).filter((m) => m.label === 'rampage roll').map((m) => [m.hex.q, m.hex.r]), axialList([6, 8], [7, 8]));
    assert.equal(marks(el, axial(6, 7))[0].label, 'stays');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`C&C evade: every path toward the own edge, the ends named by path, a leader's escape roll (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await pickSystem(page, 'cc-ancients');
    await openPanel(page, 'ask-panel'); // (the question's form: a tap away on a phone in Play)
    await page.selectOption('#query', 'evade');
    await ruled(page);
    // CCA-EV-1: the Numidians (Carthage, top edge) at col 5, row 2 evade 2 hexes, each into one of
    // the two hexes above, north-east first: col 5, row 1 then col 6 or 5 of row 0; or col 4,
    // row 1 then col 5 or 4 of row 0.
    assert.match(await verdict(page), /^Numidians may evade: 4 paths, ending on col 6, row 0; col 5, row 0; col 4, row 0\./);
    let items = await overlay(page);
    const paths = items.filter((it) => it.type === 'hexpath');
    assert.deepEqual(paths.map(cellsOf), [axialList([5, 2], [5, 1], [6, 0]), axialList([5, 2], [5, 1], [5, 0]), axialList([5, 2], [4, 1], [5, 0]), axialList([5, 2], [4, 1], [4, 0])]);
    assert.deepEqual(paths.map((p) => !!p.numbered), [true, false, false, false]);
    assert.equal(marks(items, axial(5, 0))[0].label, '2, 3');
    await shot(page, 'cc-ancients-evade', viewport);
    // CCA-EV-1, CCA-EV-2: a lone leader evades 1, 2 or 3 hexes toward his edge (red: the bottom of
    // a 1 × 5 board); an enemy on the second hex is an escape roll, no path ends on it; on the
    // third hex he joins the friendly unit there.
    await openRequest(page, { system: 'cc-ancients', query: 'evade', unit: 'L', board: { cols: 1, rows: 5 },
      units: [{ id: 'L', side: 'red', type: 'leader', col: 0, row: 0 }, { id: 'mc', side: 'blue', type: 'medium cavalry', col: 0, row: 2 }, { id: 'f', side: 'red', type: 'heavy infantry', col: 0, row: 3 }] });
    assert.match(await verdict(page), /^L may evade: 2 paths, ending on col 0, row 1; col 0, row 3\./);
    items = await overlay(page);
    assert.deepEqual(marks(items, axial(0, 2)).map((m) => [m.shape, m.label]), [['x', 'escape roll: mc']]);
    assert.equal(marks(items, axial(0, 3))[0].label, '2: joins f');
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`C&C order: several units and another command card, each unit's verdict drawn (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await pickSystem(page, 'cc-ancients');
    await openPanel(page, 'ask-panel');
    await page.selectOption('#query', 'order');
    await ruled(page);
    const tapHex = async (col, row) => {
      await ruled(page); // the board may frame the last answer: screen positions are taken after it
      await page.locator('#board').scrollIntoViewIfNeeded();
      let p = await hook(page, 'screenOfHex', col, row);
      const box = await page.locator('#board').boundingBox();
      if (p.x < box.x || p.y < box.y || p.x > box.x + box.width || p.y > box.y + box.height) { // out of view: the whole board
        await page.click('#fit');
        p = await hook(page, 'screenOfHex', col, row);
      }
      if (size === 'phone') await page.touchscreen.tap(p.x, p.y); else await page.mouse.click(p.x, p.y);
    };
    // Hastati's path: one hex forward
    await page.click('[data-key="moves.0.draw"]');
    await tapHex(6, 5);
    // a second unit: Equites, one hex
    await page.click('[data-key="moves.add"]');
    await page.selectOption('[data-key="moves.1.unit"]', 'Equites');
    assert.equal((await hook(page, 'state')).tool, 'path');
    await tapHex(9, 6);
    let req = await pageRequest(page);
    assert.deepEqual(req.ordered, ['Hastati', 'Equites']);
    assert.deepEqual(req.moves, [{ unit: 'Hastati', path: [axial(6, 5)] }, { unit: 'Equites', path: [axial(9, 6)] }]);
    await ruled(page);
    // CCA-MV-1: the center section holds columns 4 to 8 as Rome sees it; Equites at col 9 is
    // outside it. Both moves are made; the order is refused for Equites.
    assert.match(await verdict(page), /^Not a legal order\. Equites is not in the center section\. \(rule CCA-MV-1\)/);
    let items = await overlay(page);
    assert.deepEqual([marks(items, axial(6, 5))[0].label, marks(items, axial(6, 5))[0].color], ['Hastati: moved 1 hex', '#1e6b3c']);
    assert.deepEqual([marks(items, axial(9, 6))[0].label, marks(items, axial(9, 6))[0].color], ['Equites: moved 1 hex; outside section', '#b3261e']);
    // Order Mounted Troops (CCA-MV-1): any section, mounted units; Hastati removed, Equites on to
    // the hills 3 hexes out (medium cavalry: 3 hexes; hills do not stop it, CCA-TER-1).
    await page.click('label:has(input[value="move"])');
    await page.selectOption('[data-key="q.card"]', 'order mounted troops');
    await page.click('[aria-label="Remove ordered unit 1"]');
    await page.click('[data-key="moves.0.draw"]');
    await tapHex(9, 5);
    await tapHex(9, 4);
    req = await pageRequest(page);
    assert.deepEqual(req.card, { type: 'order mounted troops', orders: 3 });
    assert.deepEqual(req.moves, [{ unit: 'Equites', path: [axial(9, 6), axial(9, 5), axial(9, 4)] }]);
    await ruled(page);
    assert.match(await verdict(page), /^Legal order\./);
    items = await overlay(page);
    assert.equal(marks(items, axial(9, 4))[0].label, 'Equites: moved 3 hexes');
    assert.deepEqual(cellsOf(items.find((it) => it.type === 'hexpath')), axialList([9, 7], [9, 6], [9, 5], [9, 4]));
    // I Am Spartacus by its dice: one medium die orders one medium unit (medium cavalry)
    await page.selectOption('[data-key="q.card"]', 'i am spartacus');
    await page.fill('[data-key="q.dice.medium"]', '1');
    await page.press('[data-key="q.dice.medium"]', 'Enter');
    assert.deepEqual((await pageRequest(page)).card, { type: 'i am spartacus', dice: ['medium'] });
    assert.ok(await page.isHidden('[data-key="q.orders"]'), 'orders hidden once dice are entered');
    await ruled(page);
    assert.match(await verdict(page), /^Legal order\./);
    // (the card's ordered units battle with 1 additional die, rulebook section 18)
    assert.match(await details(page), /Equites: may battle[^\n]*, 1 extra die \(the card\)/);
    await page.click('label:has(input[value="move"])');
    await shot(page, 'cc-ancients-order-mounted', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  });

  // CCA-LD-1, CCA-LD-2 (a leader alone moves 1 to 3 hexes, through and onto friendly units' hexes):
  // Hastati one hex forward to col 6 row 5, Scipio from col 6 row 7 two hexes after it. Both end on
  // one hex: one mark names both, with shorter words where its full ones find no room, and the board
  // draws one of them (two labels found no room round one hex on a phone, and the second was lost).
  test(`C&C order: a leader joining an ordered unit on its hex, one mark naming both, drawn (CCA-LD-1, CCA-LD-2) (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await pickSystem(page, 'cc-ancients');
    await openRequest(page, { ...CC_BOARD, board: { preset: 'cc-ancients' }, query: 'order', card: { type: 'section', section: 'center', orders: 3 },
      units: [{ id: 'Hastati', side: 'Rome', ...axial(6, 6), type: 'medium infantry' }, { id: 'Scipio', side: 'Rome', ...axial(6, 7), type: 'leader' }],
      side: 'Rome', ordered: ['Hastati', 'Scipio'], moves: [{ unit: 'Hastati', path: [axial(6, 5)] }, { unit: 'Scipio', path: [axial(6, 6), axial(6, 5)] }] });
    assert.match(await verdict(page), /^Legal order\./);
    const at = marks(await overlay(page), axial(6, 5));
    assert.deepEqual(at.map((m) => [m.label, m.shorter, m.color]), [['Hastati: moved 1 hex, Scipio 2', ['Hastati, Scipio: moved', 'Hastati + Scipio'], '#1e6b3c']]);
    // (names and labels are placed over the frames after a ruling's framing: wait for the paints to finish)
    const words = [at[0].label, ...at[0].shorter];
    await page.waitForFunction((w) => window.movecalcTest.boardLabels().some((l) => w.includes(l.text)), words, { timeout: 5000 }).catch(() => {});
    const drawn = (await hook(page, 'boardLabels')).map((l) => l.text);
    assert.ok(drawn.some((t) => words.includes(t)), `the mark's words drawn: ${drawn}`);
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`Arcane Legions: the turning tool drawn where the rules lay it (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await ruled(page);
    await openPanel(page, 'ask-panel');
    await page.selectOption('#query', 'move'); // (the opening shows the Legion's reach, no order planned)
    await page.click('[data-key="actions.add.Add turn"]');
    await ruled(page);
    // AL-TRN-1/2, A-AL-5: Legion (2 × 1, centre (14, 9), facing 20°) turns 45° off the front toward
    // the right: the tool's hypotenuse (√2 steps) lies on the front centred on the middle notch,
    // its right angle 1/√2 ahead; the back goes onto the right leg, 1 step beyond: 1 × (1 + 1).
    assert.match(await verdict(page), /^Legion: legal move\. 2 of 4 movement points spent, 2 left/);
    const f = 20 * Math.PI / 180, fwd = [Math.sin(f), Math.cos(f)], right = [Math.cos(f), -Math.sin(f)], h = Math.SQRT1_2;
    const at = (x, y) => [14 + right[0] * x + fwd[0] * y, 9 + right[1] * x + fwd[1] * y];
    const tool = (await overlay(page)).find((it) => it.type === 'polygon' && /^tool/.test(it.label));
    const want = [at(-h, 0.5), at(h, 0.5), at(0, 0.5 + h)];
    tool.points.forEach((p, i) => { assert.ok(Math.hypot(p[0] - want[i][0], p[1] - want[i][1]) < 1e-6, `corner ${i}: ${p} vs ${want[i]}`); });
    await shot(page, 'arcane-legions-turn-tool', viewport);
    // AL-TRN-3: after a step forward the front lies at y = 6.5; a 90° left turn's tool would
    // cover (4.5, 6.5) (5.5, 6.5) (4.5, 7.5), where a rock stands: drawn red where it would lie
    await openRequest(page, { system: 'arcane-legions', query: 'move', table: { width: 10, height: 10 },
      units: [{ id: 'a', side: 'red', x: 5, y: 5, facing: 0, base: 'formation', movementIcons: 4 }],
      terrain: [{ id: 'rock', kind: 'blocking', polygon: [[4.55, 6.7], [4.7, 6.7], [4.7, 6.9], [4.55, 6.9]] }],
      order: { unit: 'a', actions: [{ step: 'forward' }, { turn: 90, off: 'front', toward: 'left' }] } });
    assert.match(await verdict(page), /^a: not a legal move\. .+\. \(rule AL-TRN-3\)/);
    const refused = (await overlay(page)).find((it) => it.type === 'polygon' && /^tool/.test(it.label));
    assert.deepEqual([refused.label, refused.color, refused.dashed], ['tool cannot be placed (2)', '#b3261e', true]);
    refused.points.forEach((p, i) => assert.ok(Math.hypot(p[0] - [4.5, 5.5, 4.5][i], p[1] - [6.5, 6.5, 7.5][i]) < 1e-9, `corner ${i}`));
    assert.deepEqual(errors, []);
    await context.close();
  });

  test(`GODSGLOOM: every enemy's Engagement Zone hatched over the reach, the reach still shaded (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    await pickSystem(page, 'godsgloom');
    // GG-EZ-1, A-GG-1: the Ghouls at col 3, row 3 face south-east (5); a zone of 3 is the hexes
    // across directions 5, 0 and 4: col 4 row 4, col 4 row 3 and col 3 row 4.
    assert.match(await details(page), /Engagement Zones \(red hatching\): Ghouls 3 hexes/);
    let items = await overlay(page);
    const zone = items.find((it) => it.type === 'hexes' && it.cells.every((c) => c.hatch));
    assert.deepEqual(cellsOf(zone).sort(), axialList([4, 3], [3, 4], [4, 4]).sort());
    const reach = new Set(items.find((it) => it.type === 'hexes' && it.cells.some((c) => c.label !== undefined)).cells.map((c) => `${c.q},${c.r}`));
    for (const c of zone.cells) assert.equal(!!c.dashed, !reach.has(`${c.q},${c.r}`), `${c.q},${c.r}: dashed only where it cannot end`);
    assert.ok(zone.cells.some((c) => c.dashed) && zone.cells.some((c) => !c.dashed));
    await shot(page, 'godsgloom-zones', viewport);
    // an arc of 1: only the hex it faces (direction 5)
    await openPanel(page, 'settings-panel');
    await page.fill('[data-key="param.A-GG-1.arcWidth"]', '1');
    await page.press('[data-key="param.A-GG-1.arcWidth"]', 'Enter');
    await ruled(page);
    items = await overlay(page);
    assert.deepEqual(cellsOf(items.find((it) => it.type === 'hexes' && it.cells.every((c) => c.hatch))), axialList([4, 4]));
    assert.deepEqual(errors, []);
    await context.close();
  });
}
