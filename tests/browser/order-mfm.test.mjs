// The C&C order form's Move-Fire-Move rows, against the real engine at phone and desktop sizes:
// the "After ranged combat" box marks a move as the second (`second`), the Path tool draws it from
// where the first move ended, and a first move after a second one is refused (CCA-CD-1).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, artifacts, pageRequest, PHONE, DESKTOP, hook, ruled, verdict, overlay, openPanel } from './browser.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const axial = (col, row) => ({ q: col - (row - (row & 1)) / 2, r: row });
const marks = (items, hex) => items.filter((it) => it.type === 'mark' && it.hex && it.hex.q === hex.q && it.hex.r === hex.r);

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  const tag = `${size} ${viewport.width}x${viewport.height}`;

  test(`CCA-CD-1 Move-Fire-Move: the order form's second-move box, the second path from the first move's end, a first move after a second refused (${tag})`, async () => {
    const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
    // Velites (light infantry, 2 hexes) at col 6, row 7 of the Rome side; Move-Fire-Move orders
    // light units, each moving once before ranged combat and once after (CCA-CD-1). Its first move
    // is one hex straight up, to col 6, row 6.
    await hook(page, 'openExample', { request: {
      system: 'cc-ancients', query: 'order', baselines: { Rome: 'bottom', Carthage: 'top' },
      units: [{ id: 'Velites', side: 'Rome', type: 'light infantry', col: 6, row: 7 }, { id: 'Numidians', side: 'Carthage', type: 'light cavalry', col: 2, row: 1 }],
      side: 'Rome', card: { type: 'move-fire-move', orders: 2 }, ordered: ['Velites'], moves: [{ unit: 'Velites', path: [axial(6, 6)] }],
    } });
    await ruled(page);
    assert.match(await verdict(page), /^Legal order\./);
    await openPanel(page, 'ask-panel');
    assert.equal(await page.isVisible('[data-key="moves.0.second"]'), true, 'Move-Fire-Move rows have the box');
    const tapHex = async (col, row) => {
      await ruled(page); // the board may frame the last answer: screen positions are taken after it
      await page.locator('#board').scrollIntoViewIfNeeded();
      let p = await hook(page, 'screenOfHex', col, row);
      const box = await page.locator('#board').boundingBox();
      if (p.x < box.x || p.y < box.y || p.x > box.x + box.width || p.y > box.y + box.height) {
        await page.click('#fit');
        p = await hook(page, 'screenOfHex', col, row);
      }
      if (size === 'phone') await page.touchscreen.tap(p.x, p.y); else await page.mouse.click(p.x, p.y);
    };
    // the second move: Velites again, marked after ranged combat, one hex on from col 6, row 6
    // (row 6 is even, so the hex up and right of it is col 6, row 5 in odd-r offsets)
    await page.click('[data-key="moves.add"]');
    await page.selectOption('[data-key="moves.1.unit"]', 'Velites');
    await page.check('[data-key="moves.1.second"]');
    await page.click('[data-key="moves.1.draw"]');
    assert.equal((await hook(page, 'state')).tool, 'path');
    await tapHex(6, 5);
    let req = await pageRequest(page);
    assert.deepEqual(req.card, { type: 'move-fire-move', orders: 2 });
    assert.deepEqual(req.moves, [{ unit: 'Velites', path: [axial(6, 6)] }, { unit: 'Velites', path: [axial(6, 5)], second: true }]);
    await ruled(page);
    assert.match(await verdict(page), /^Legal order\./);
    let items = await overlay(page);
    // the second path starts where the first ended: col 6, row 6 → col 6, row 5
    const paths = items.filter((it) => it.type === 'hexpath').map((it) => it.cells.map((c) => [c.q, c.r]));
    const [a76, a66, a65] = [axial(6, 7), axial(6, 6), axial(6, 5)].map((h) => [h.q, h.r]);
    assert.deepEqual(paths, [[a76, a66], [a66, a65]]);
    // each move's end carries its verdict: the first's at col 6, row 6, the second's at col 6, row 5
    assert.equal(marks(items, axial(6, 6))[0].label, 'Velites: moved 1 hex');
    assert.equal(marks(items, axial(6, 5))[0].label, 'Velites (2nd): moved 1 hex');
    await page.locator('#board').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `cc-ancients-order-mfm-${viewport.width}x${viewport.height}.png`) });

    // both boxes swapped: the first row is now the second move and the second row a first move,
    // which comes after a second one: refused (move_after_fire), and not made
    await page.check('[data-key="moves.0.second"]');
    await page.uncheck('[data-key="moves.1.second"]');
    req = await pageRequest(page);
    assert.deepEqual(req.moves.map((m) => m.second === true), [true, false]);
    await ruled(page);
    assert.match(await verdict(page), /^Not a legal order\. .+\. \(rule CCA-CD-1\)/);
    items = await overlay(page);
    // the refused move is not made: Velites stays at col 6, row 6, where its verdict is drawn,
    // and the path it was refused is red
    const [refused, ...more] = marks(items, axial(6, 6));
    assert.deepEqual(more, []);
    assert.deepEqual([refused.label, refused.color], ['Velites: not moved (move after fire)', '#b3261e']);
    assert.deepEqual(items.filter((it) => it.type === 'hexpath').map((it) => it.color), ['#1d3557', '#b3261e']);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
