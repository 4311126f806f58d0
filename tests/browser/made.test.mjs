// After Make this move (issue 22/23 follow-ups), at 360 × 740 by touch: the page does not rule the
// move it has just made again from where the units now stand (which told a player who did what the
// button offered that they broke a rule). The verdict says where the units went, the question
// starts fresh (its path, order, actions or charge gone), and one Undo brings back the units, the
// question and its ruling, said after what it undid. An unfinished question (a path not drawn) says what to do and is not
// sent to the engine. Screenshots: tests/artifacts/made-<game>-360x740.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, openPage, PHONE, hook, openRequest, ruled, verdict, artifacts, pickSystem, openPanel, painted, countAsks, steady, touchDrag } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { defaultDoc, buildRequest } from '../../web/model.js';
import { toAxial, toOffset } from '../../web/hex.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const verdictClass = (page) => page.getAttribute('#verdict', 'class');
const state = (page) => hook(page, 'state');
const named = (h) => { const o = toOffset(h.q, h.r); return `col ${o.col}, row ${o.row}`; };

/** The request of a game's default position with its query and inputs changed. */
function requestOf(system, query, change = () => {}) {
  const d = defaultDoc(system);
  d.query = query;
  change(d.inputs[query] ??= {});
  return buildRequest(system, d);
}

const DESCRIBED = (await createEngine()).request({ query: 'describe' }).result.systems;
// Per game: a legal move to make, what the question holds that the move made uses up, and where
// the moved unit is named. Each position's move is checked legal by the engine first.
const CASES = [
  // in Play (a phone's default mode) the next move is a drag on the board, not the form's fields
  // a move that met something on the way is said as what happened there (AL-COL-1), the points
  // the collision left lost (AL-COL-2)
  // (three steps ahead, into the Chargers: the opening plans no move)
  { system: 'arcane-legions', query: 'move', mover: 'Legion', change: (i) => { i.actions = [1, 2, 3].map(() => ({ step: 'forward', distance: 1 })); }, spent: (i) => i.actions, fresh: [], ask: 'Drag a unit for the next move.',
    said: (r) => { const met = r.actions.flatMap((a) => a.events ?? []).find((e) => e.type === 'collision'); return met ? `Move made: ${r.pointsSpent} of ${r.movementPoints} movement point${r.movementPoints === 1 ? '' : 's'} spent${r.pointsSpent < r.movementPoints ? `, ${r.movementPoints - r.pointsSpent} lost` : ''}. Legion collides with ${met.object}’` : null; } },
  // a charge is said as the charge it was (9A-CH-1): who charged whom, in which facing the engine gave
  // (a charge is made once its Charge Range is rolled: 8″ Advance Rate + 6 + 5; the opening plans none)
  { system: 'ninth-age', query: 'charge', mover: 'Knights', change: (i) => { Object.assign(i, { charger: 'Knights', target: 'Raiders', range: 19, highestDie: 6 }); }, spent: (i) => i.charger, fresh: '', ask: 'Drag a unit for the next move.',
    said: (r, request) => `Charge made: Knights charge ${request.target} in the ${r.facing === 'left' || r.facing === 'right' ? `${r.facing} flank` : r.facing}: ` },
  { system: 'cc-ancients', query: 'order', mover: 'Hastati', change: (i) => { i.moves = [{ unit: 'Hastati', path: [toAxial(6, 5)] }]; }, spent: (i) => i.moves, fresh: [],
    // the next card is chosen on the play bar
    ask: 'Choose the next card (Left, Center, Right or another), or tap a unit for its reach.' },
  { system: 'godsgloom', query: 'move', mover: 'Shieldwall', spent: (i) => i.path, fresh: [], ask: 'Drag a unit for the next move.' },
  { system: 'torn-world', query: 'move', mover: 'Guardsman', change: (i) => { i.unit = 'Guardsman'; }, reachPath: true, spent: (i) => i.path, fresh: [],
    ask: 'Drag a unit for the next move.' },
];

// every game of describe has its case: a new one without fails, named
test('every game of describe has a move to make here, and no case is of a game describe does not list', () => {
  const ids = DESCRIBED.map((s) => s.id);
  assert.deepEqual(ids.filter((id) => !CASES.some((c) => c.system === id)), [], 'games without a case');
  assert.deepEqual(CASES.filter((c) => !ids.includes(c.system)).map((c) => c.system), [], 'cases of no game');
});

for (const c of CASES) {
  test(`${c.system}: after Make this move the verdict names where ${c.mover} went, the question starts fresh, nothing is ruled broken; Undo brings back the ruling`, { timeout: 60000 }, async () => {
    const engine = await createEngine({ systems: [c.system] });
    let request = requestOf(c.system, c.query, c.change);
    if (c.reachPath) {
      // a two-step path its own reach finds
      const { path, ...rest } = request; // the move's own field, which reach does not take
      const reach = engine.request({ ...rest, query: 'reach' }).result;
      const to = reach.hexes.find((h) => h.path?.length === 2);
      request = requestOf(c.system, c.query, (i) => { c.change(i); i.path = to.path; });
    }
    const engineSays = engine.request(request);
    assert.equal(engineSays.ok, true, JSON.stringify(engineSays.error));
    assert.notEqual(engineSays.result.legal, false, `the engine rules the ${c.system} ${c.query} legal`);
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    await openRequest(page, request);
    await ruled(page);
    const ruling = await verdict(page);
    const question = (await state(page)).doc.inputs[c.query];
    const asks = await countAsks(page);
    await page.tap('#apply');
    await ruled(page);
    await painted(page);
    const after = await state(page);
    const moved = after.doc.units.find((u) => u.id === c.mover);
    // on a table x and y in the game's unit (inches: ″ after each; steps: named once), then the facing to 1°
    const inch = c.system === 'ninth-age' ? '″' : '', steps = c.system === 'arcane-legions' ? ' (steps)' : '';
    // the verb agrees with a plural name ("Knights are now at")
    const be = c.be ?? 'is';
    const place = moved.q !== undefined ? `${c.mover} ${be} now on ${named(moved)}` : `${c.mover} ${be} now at x ${moved.x}${inch}, y ${moved.y}${inch}${steps}, facing ${Math.round(moved.facing)}°`;
    const text = await verdict(page);
    const said = c.said?.(engineSays.result, request);
    if (said) assert.ok(text.startsWith(said), `the verdict says what was made: ${said}\n${text}`);
    else assert.ok(text.startsWith('Move made: ') && text.includes(place), `the verdict names where ${c.mover} went (${place})\n${text}`);
    assert.ok(text.includes('(Undo to take it back).'), text);
    assert.ok(text.endsWith(c.ask), `then what the fresh question needs: ${c.ask}\n${text}`);
    assert.doesNotMatch(await verdictClass(page), /illegal|error/);
    assert.deepEqual(c.spent(after.doc.inputs[c.query]), c.fresh, 'what the move used up is gone from the question');
    assert.equal(await page.isVisible('#apply'), false, 'the move is not offered again');
    // the details keep the ruling the move was made by: headed so, with the assumptions it relied on
    const kept = await page.innerText('#details');
    assert.ok(kept.startsWith('The move made'), `the details say the move made\n${kept}`);
    for (const id of engineSays.assumptions ?? []) assert.ok(kept.includes(id), `the details name ${id}, relied on by the move made\n${kept}`);
    await page.screenshot({ path: join(artifacts, `made-${c.system}-360x740.png`) });
    // the page asked nothing since the move (the frame it would ask in has been painted): no
    // ruling can come to replace what it says
    assert.equal(await asks(), 0, 'nothing asked after the move');
    assert.equal(await verdict(page), text);
    await page.tap('#undo');
    // (said after what Undo took back: docs/page.md "Undo and Redo")
    await page.waitForFunction((t) => window.movecalcTest.ruled() && /^Undone: .*\(Redo to make it again\)\./.test(document.getElementById('verdict').textContent)
      && document.getElementById('verdict').textContent.endsWith(t), ruling);
    assert.equal(await asks(), 1, 'the one question asked since the move is the Undo\'s');
    assert.deepEqual((await state(page)).doc.inputs[c.query], question, 'Undo brings back the question');
    assert.ok(!(await page.innerText('#details')).startsWith('The move made'), 'after Undo the details are the ruling brought back');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('godsgloom: a unit dragged onto a hex of its reach and let go keeps, in the details, the hex it moved to with its cost and path, not the reach\'s count (GG-MOV-1)', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  const request = await hook(page, 'request');
  const reach = (await createEngine({ systems: ['godsgloom'] })).request({ ...request, query: 'reach', unit: 'Shieldwall' }).result;
  // a hex two away its reach enters
  const to = reach.hexes.find((h) => h.path?.length === 2);
  const o = toOffset(to.q, to.r);
  await touchDrag(page, await hook(page, 'screenOf', 'Shieldwall'), await hook(page, 'screenOfHex', o.col, o.row));
  await page.waitForFunction(() => window.movecalcTest.ruled() && document.getElementById('verdict').textContent.startsWith('Move made: '));
  await painted(page);
  const kept = await page.innerText('#details');
  assert.ok(kept.startsWith('The move made'), kept);
  assert.ok(kept.includes(`${named(to)}: cost ${to.cost}; path ${to.path.map(named).join(' → ')}`), `the hex moved to, its cost and path as the engine's reach gives them\n${kept}`);
  assert.doesNotMatch(kept, /reachable; tap one/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('torn-world: a move whose path is not drawn yet says what to do with the tool that is on (Move in Play: a drag; Path: its taps) and asks the engine nothing (A-TW path)', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'torn-world');
  await openPanel(page, 'ask-panel');
  await page.selectOption('#query', 'move');
  await ruled(page);
  const asks = await countAsks(page);
  // another unit than the example's Warbeast: its path is not the Guardsman's, so none is drawn yet
  await page.selectOption('[data-key="q.unit"]', 'Guardsman');
  await ruled(page);
  await painted(page);
  // the Move tool on in Play: said as that tool plays it, no tool named that is not the one on
  assert.equal(await verdict(page), 'Drag a unit to a hex to move it there, or tap it for its reach.');
  assert.match(await verdictClass(page), /\bunfinished\b/);
  assert.equal(await asks(), 0, 'no request was sent');
  // the Path tool on: its taps
  await page.tap('#tool-path');
  await page.waitForFunction(() => document.getElementById('verdict').textContent === 'Tap hexes from the Guardsman to draw its path (Path tool).');
  // the first hex drawn (the one beside it) makes it a question again, ruled at once (its place read
  // once the view holds still: under load a tap read before the tool's change settled missed it)
  await steady(page);
  const g = (await state(page)).doc.units.find((u) => u.id === 'Guardsman');
  const beside = toOffset(g.q + 1, g.r);
  const next = await hook(page, 'screenOfHex', beside.col, beside.row);
  await page.touchscreen.tap(next.x, next.y);
  await ruled(page);
  assert.equal(await asks(), 1);
  assert.doesNotMatch(await verdictClass(page), /unfinished/);
  assert.deepEqual(errors, []);
  await context.close();
});
