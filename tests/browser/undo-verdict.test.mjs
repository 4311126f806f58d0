// Undo and Redo follow one rule in every game (docs/page.md "Undo and Redo"), however the move was
// made (a reached hex tapped, a drop, a card's last order, Make this move): Undo puts the units back
// and shows the same move again as it was about to be made, ruled, Make this move ready; its
// verdict says first what it undid, as Redo's says what it made again ("Undone: …" where Undo once
// said nothing, and in GODSGLOOM it went back to the reach with nothing picked while the other
// games showed the move: a newcomer's review). Redo makes it again. By touch at 360 × 740, each
// game from its own position.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { launch, openPage, PHONE, hook, pickSystem, ruled, verdict, touchDrag, painted, setDice, pageRequest } from './browser.mjs';
import { toOffset } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const made = (page) => page.waitForFunction(() => /^\w+ made:/.test(document.getElementById('verdict').textContent));
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const hexWords = (u) => { const { col, row } = toOffset(u.q, u.r); return `col ${col}, row ${row}`; };

/**
 * Opens `system`, runs `ask` (the question before the move), `make` (makes it: what it gives is
 * what the question was as the move was made, `{query, check(request)}`); Undo, then Redo, which
 * says what the move made said ("Move made: Outriders are now on …, for 2 of their 5 movement points"
 * came back as "Redone: Outriders are now on …", its cost left out: a newcomer's review).
 * `back`: the words of the mover back where it stood ("Outriders are back on col 5, row 7");
 * `undone(page, home)`: checks the board after the Undo.
 */
async function undoRedo(system, mover, ask, make, back, undone = async () => {}) {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, system);
  await ask(page);
  await ruled(page);
  await painted(page);
  const home = await unitOf(page, mover);
  const asked = await make(page);
  await made(page);
  const madeSaid = (await verdict(page)).match(/^\w+ \w+: (.*?\(Undo to take it back\)\.)/)?.[1];
  assert.ok(madeSaid, 'the move made is said');
  const moved = await unitOf(page, mover);
  assert.notDeepEqual([moved.x, moved.y, moved.q, moved.r], [home.x, home.y, home.q, home.r], 'the move made moved the unit');
  await page.tap('#undo');
  await page.waitForFunction(() => /^Undone: /.test(document.getElementById('verdict').textContent));
  await ruled(page);
  await painted(page);
  assert.deepEqual(await unitOf(page, mover), home, 'Undo puts the unit back');
  // "Undone: …" is the outcome, two lines at 360 px: the verdict takes no line from the board for
  // it (GODSGLOOM's board shrank by a line at each Undo, its "Undone: …" paragraph and the ruling's
  // first sentence after it read as one sentence: a newcomer's review). The box is sized in a
  // task after the frame that drew it (app.js markCut).
  await painted(page);
  await page.waitForTimeout(100);
  assert.equal(await page.$eval('#verdict', (v) => Number(v.style.getPropertyValue('--more') || 0)), 0, `no line added: ${await verdict(page)}`);
  const said = await verdict(page);
  assert.ok(said.startsWith(`Undone: ${back(home)}`) && /^[^.]*\(Redo to make it again\)\./.test(said.replace(/\d\.\d/g, '')), said);
  assert.ok(said.length > said.indexOf('(Redo to make it again).') + 30, `the ruling of the move follows: ${said}`);
  const request = await pageRequest(page);
  assert.equal(request.query, asked.query, 'the question is the move made');
  asked.check(request);
  await undone(page, home);
  await page.waitForSelector('#apply:not([hidden]):not([disabled])');
  await page.tap('#redo');
  await page.waitForFunction(() => /^Redone: /.test(document.getElementById('verdict').textContent));
  assert.deepEqual(await unitOf(page, mover), moved, 'Redo makes it again');
  assert.ok((await verdict(page)).startsWith(`Redone: ${madeSaid}`), `Redo says what the move made said: ${madeSaid}\n${await verdict(page)}`);
  assert.deepEqual(errors, []);
  await context.close();
}

// a hex game's unit tapped (its reach), then a hex it reaches tapped: the move is made there; Undo
// shows the reach with that hex picked (GG-MOV-1, TW-MV-1)
for (const [system, id, col, row, clause] of [['godsgloom', 'Outriders', 5, 5, 'GG-MOV-1'], ['torn-world', 'Guardsman', 4, 6, 'TW-MV-1']]) {
  test(`${system} (360x740, touch): ${clause} a move made from a tapped reach, undone: "Undone: …", the reach with its hex picked, Make this move ready; Redo`, { timeout: 300000 }, async () => {
    await undoRedo(system, id, async (page) => {
      const at = await hook(page, 'screenOf', id);
      await page.touchscreen.tap(at.x, at.y);
      await page.waitForFunction((u) => window.movecalcTest.request().unit === u && window.movecalcTest.request().query === 'reach', id);
    }, async (page) => {
      const to = await hook(page, 'screenOfHex', col, row);
      await page.touchscreen.tap(to.x, to.y);
      return { query: 'reach', check: (r) => assert.equal(r.unit, id) };
    }, (u) => `${id} ${id.endsWith('s') ? 'are' : 'is'} back on ${hexWords(u)} (Redo`);
  });
}

test('godsgloom (360x740, touch): GG-MOV-1 after Undo the reached hex tapped is picked again: its way\'s words in the verdict', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  const at = await hook(page, 'screenOf', 'Outriders');
  await page.touchscreen.tap(at.x, at.y);
  await page.waitForFunction(() => window.movecalcTest.request().unit === 'Outriders');
  await ruled(page);
  const to = await hook(page, 'screenOfHex', 5, 5);
  await page.touchscreen.tap(to.x, to.y);
  await made(page);
  await page.tap('#undo');
  await page.waitForFunction(() => /^Undone: /.test(document.getElementById('verdict').textContent));
  await ruled(page);
  await page.waitForFunction(() => /Outriders can end on col 5, row 5/.test(document.getElementById('verdict').textContent));
  assert.deepEqual(errors, []);
  await context.close();
});

test('cc-ancients (360x740, touch): CCA-CD-1 a card of one order made by its drop, undone: the card again with its order, Make this move ready; Redo', { timeout: 300000 }, async () => {
  await undoRedo('cc-ancients', 'Equites', async (page) => {
    await page.selectOption('#order-count', '1');
    await page.selectOption('#order-card', 'order mounted troops');
    await page.waitForFunction(() => /^Order Mounted Troops$/.test(document.getElementById('order-total')?.textContent ?? ''));
  }, async (page) => {
    // the Equites (medium cavalry, col 9 row 7) two hexes up
    await touchDrag(page, await hook(page, 'screenOfHex', 9, 7), await hook(page, 'screenOfHex', 9, 5));
    return { query: 'order', check: (r) => assert.deepEqual(r.moves.map((m) => [m.unit, hexWords(m.path.at(-1))]), [['Equites', 'col 9, row 5']]) };
  }, (u) => `Equites are back on ${hexWords(u)} (Redo`, async (page, home) => {
    // the board shows what the words say: the Equites on their own hex (the order drew them at its
    // end, col 9 row 5, as if the Undo had not put them back), the order's path from there
    const [x0, y0, x1, y1] = (await hook(page, 'unitBoxes')).Equites, at = await hook(page, 'screenOfHex', 9, 7);
    assert.ok(Math.abs((x0 + x1) / 2 - at.x) < 2 && Math.abs((y0 + y1) / 2 - at.y) < 2, `the Equites drawn on col 9, row 7: ${[x0, y0, x1, y1]} ${JSON.stringify(at)}`);
    assert.equal(hexWords(home), 'col 9, row 7');
  });
});

test('arcane-legions (360x740, touch): a step dragged and made by its drop, undone: that step again, Make this move ready; Redo', { timeout: 300000 }, async () => {
  await undoRedo('arcane-legions', 'Legion', async () => {}, async (page) => {
    // the Legion (facing 20°) 0.8 of a step ahead
    const u = await unitOf(page, 'Legion'), f = u.facing * Math.PI / 180;
    await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', u.x + Math.sin(f) * 0.8, u.y + Math.cos(f) * 0.8));
    return { query: 'move', check: (r) => { assert.equal(r.order.unit, 'Legion'); assert.equal(r.order.actions.length, 1, JSON.stringify(r.order)); assert.equal(r.order.actions[0].step, 'forward'); } };
  }, () => 'Legion is back at x ');
});

test('ninth-age (360x740, touch): 9A-CH-1 a charge rolled and made with Make this move, undone: the rolled charge again, Make this move ready; Redo', { timeout: 300000 }, async () => {
  let rolled = null;
  await undoRedo('ninth-age', 'Knights', async (page) => {
    const raiders = (await hook(page, 'state')).doc.units.find((u) => u.id === 'Raiders');
    await page.tap('#fit');
    await painted(page);
    await touchDrag(page, await hook(page, 'screenOf', 'Knights'), await hook(page, 'screenOfWorld', raiders.x + 2.2, raiders.y));
    await ruled(page);
    await setDice(page, 3, 2);
    await page.tap('#play-roll');
  }, async (page) => {
    await page.waitForSelector('#apply:not([hidden]):not([disabled])');
    rolled = await pageRequest(page);
    await page.tap('#apply');
    return { query: 'charge', check: (r) => assert.deepEqual(r, rolled) };
  }, () => 'Knights are back at x ');
});

// Each move made by its drop is two Undo steps: the move, then the drag's plan it was made from
// (the step or turn asked), which moved nothing; that one says so too, as a Ninth Age charge's
// does ("Undone: the charge asked: …"), where an Arcane Legions order's words came alone, or the
// opening's reach (a newcomer read those Undos as not done).
test('arcane-legions (360x740, touch): AL-MOV-2 AL-TRN-1 a step and a turn made by their drops, undone four times: each move, then the plan it was made from, each said "Undone: …"', { timeout: 300000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'arcane-legions');
  await ruled(page);
  const u = await unitOf(page, 'Legion'), f = u.facing * Math.PI / 180;
  await touchDrag(page, await hook(page, 'screenOf', 'Legion'), await hook(page, 'screenOfWorld', u.x + Math.sin(f), u.y + Math.cos(f)));
  await made(page);
  const w = await unitOf(page, 'Legion'), g = (w.facing + 45) * Math.PI / 180;
  await touchDrag(page, await hook(page, 'handleOf', 'Legion'), await hook(page, 'screenOfWorld', w.x + 2 * Math.sin(g), w.y + 2 * Math.cos(g)));
  await page.waitForFunction((was) => JSON.stringify(window.movecalcTest.state().doc.units.find((x) => x.id === 'Legion')) !== was, JSON.stringify(w));
  await made(page);
  const undo = async (words) => {
    const was = await verdict(page);
    await page.tap('#undo');
    await page.waitForFunction(([re, v]) => new RegExp(re).test(document.getElementById('verdict').textContent) && document.getElementById('verdict').textContent !== v, [words.source, was]);
    await ruled(page);
  };
  await undo(/^Undone: Legion is back at /);
  assert.deepEqual(await unitOf(page, 'Legion'), w, 'the turn taken back');
  await undo(/^Undone: the move asked \(Redo to make it again\)\. /);
  await undo(/^Undone: Legion is back at /);
  assert.deepEqual(await unitOf(page, 'Legion'), u, 'the step taken back');
  await undo(/^Undone: the move asked \(Redo to make it again\)\. /);
  assert.equal(await page.isEnabled('#undo'), false, 'back to the opening');
  assert.deepEqual(errors, []);
  await context.close();
});
