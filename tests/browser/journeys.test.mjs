// The page at the table (issue 22): one real player task per game, from a fresh visit to the
// move made, by touch at 360 × 740 and by mouse at 1280 × 800. Each step checks what the player
// would check: the verdict's words against the engine's own answer to the same request (asked here
// through wasm/movecalc.mjs), where the units stand after Make this move, and on the phone that the
// board stays in view while the question is edited. Screenshots of every step go to
// tests/artifacts/journey-<game>-<step>-<size>.png.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, spearmenPursuit, engineAnswer as answer, openPage, PHONE, DESKTOP, pageRequest, pickSystem, ruled, openPanel, hook, selectByKeys, verdict, details, overlay, artifacts, touchDrag, setMode, painted } from './browser.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toOffset, toAxial, distance } from '../../web/hex.js';
import { isPluralName } from '../../web/draw.js';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser.close(); env.server.close(); });

const at = (key) => `[data-key="${key}"]`;
const named = (h) => { const o = toOffset(h.q, h.r); return `col ${o.col}, row ${o.row}`; };
const unitOf = async (page, id) => (await hook(page, 'state')).doc.units.find((u) => u.id === id);
const near = (a, b, what) => assert.ok(Math.abs(a - b) < 0.011, `${what}: ${a} is ${b}`);

/** The player's hand: taps by touch on the phone, clicks by mouse on the desktop. */
function hand(page, touch) {
  return {
    press: (sel) => (touch ? page.tap(sel) : page.click(sel)),
    at: (p) => (touch ? page.touchscreen.tap(p.x, p.y) : page.mouse.click(p.x, p.y)),
    /** Replaces a field's text by typing, and commits it by tapping the verdict. */
    async type(key, text) {
      await (touch ? page.tap(at(key)) : page.click(at(key)));
      await page.evaluate(() => document.activeElement.select());
      await page.keyboard.type(text);
    },
    commit: async () => { await (touch ? page.tap('#verdict') : page.click('#verdict')); await ruled(page); },
  };
}

async function step(page, game, name, viewport) {
  await painted(page);
  await page.screenshot({ path: join(artifacts, `journey-${game}-${name}-${viewport.width}x${viewport.height}.png`) });
}

/** On the phone the board stays whole in the viewport while the question is edited. */
async function boardInView(page, viewport, when) {
  if (viewport !== PHONE) return;
  const b = await page.locator('#board').boundingBox();
  assert.ok(b.y >= 0 && b.x >= 0 && b.y + b.height <= viewport.height + 0.5 && b.x + b.width <= viewport.width + 0.5,
    `the board is in view ${when}: ${JSON.stringify(b)}`);
}

/** The answer shown is the engine's to the page's request: returns both. */
async function ruledAnswer(page) {
  await ruled(page);
  const request = await pageRequest(page);
  return { request, result: await answer(request) };
}

/** Presses Make this move and waits for the position to be ruled again. */
async function makeMove(page, h) {
  assert.equal(await page.isVisible('#apply'), true, 'Make this move is offered');
  await h.press('#apply');
  await ruled(page);
  assert.equal(await page.isVisible('#apply'), false, 'a move made is not offered again until something changes');
}

const SIZES = [['touch', PHONE, true], ['mouse', DESKTOP, false]];
// The games, from describe.
const SYSTEMS = (await createEngine()).request({ query: 'describe' }).result.systems;

// Each game's journey from its own position, at both sizes, by its id: the games come from
// describe (SYSTEMS), and one without a journey here fails, named.
const JOURNEYS = {
  'arcane-legions': { title: 'AL-MOV-1 two steps forward and a turn, the verdict, Make this move', run: async (viewport, touch) => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    const h = hand(page, touch);
    await step(page, 'arcane-legions', '1-fresh', viewport);
    await openPanel(page, 'ask-panel');
    // the opening plans no move (the Legion's reach): a move of two steps forward, then a turn
    await page.selectOption('#query', 'move');
    await ruled(page);
    for (const add of ['Add step', 'Add step']) { await h.press(at(`actions.add.${add}`)); await ruled(page); }
    await boardInView(page, viewport, 'after the steps are added');
    await h.press(at('actions.add.Add turn'));
    await boardInView(page, viewport, 'after a turn is added');
    const { request, result } = await ruledAnswer(page);
    assert.deepEqual(request.order.actions.map((a) => a.step ?? `turn ${a.turn}`), ['forward', 'forward', 'turn 45']);
    const text = await verdict(page);
    // (a move that met something names what before the points: "legal move, meets Chargers.")
    assert.match(text, new RegExp(`^${request.order.unit}: ${result.legal ? 'legal move[.,]' : 'not a legal move\\.'}`), `the verdict names the mover and says whether the engine found it legal\n${text}`);
    if (Number.isFinite(result.pointsSpent)) assert.match(text, new RegExp(`${result.pointsSpent} of ${result.movementPoints} (movement )?points? spent`), `the points spent as the engine counts them\n${text}`);
    await step(page, 'arcane-legions', '2-verdict', viewport);
    assert.equal(result.legal, true, 'two steps and a turn are legal here (4 movement icons)');
    await makeMove(page, h);
    const legion = await unitOf(page, 'Legion');
    near(legion.x, result.final.x, 'x'); near(legion.y, result.final.y, 'y'); near(legion.facing, ((result.final.facing % 360) + 360) % 360, 'facing');
    await step(page, 'arcane-legions', '3-moved', viewport);
    // one Undo step puts it back
    await h.press('#undo');
    assert.deepEqual([(await unitOf(page, 'Legion')).x, (await unitOf(page, 'Legion')).y], [14, 9]);
    assert.deepEqual(errors, []);
    await context.close();
  } },

  'ninth-age': { title: '9A-PU-1 9A-DST-1 a pursuit rolled, then typed as 9, where the Spearmen end, Make this move', run: async (viewport, touch) => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    const h = hand(page, touch);
    await pickSystem(page, 'ninth-age');
    await spearmenPursuit(page);
    await step(page, 'ninth-age', '1-fresh', viewport);
    await openPanel(page, 'ask-panel');
    // the flee roll typed (7), the pursuit roll first with the row's own Roll 2D6 button
    await h.type('q.fleeDistance', '7');
    await h.commit();
    await h.press(at('pursuers.0.roll:distance'));
    await ruled(page);
    const rolled = (await pageRequest(page)).pursuers[0].distance;
    assert.ok(Number.isInteger(rolled) && rolled >= 2 && rolled <= 12, `2D6 rolled: ${rolled}`);
    await boardInView(page, viewport, 'after the roll');
    // then the dice on the table: 9, typed over the roll
    await h.type('pursuers.0.distance', '9');
    await boardInView(page, viewport, 'while typing the roll');
    await h.commit();
    await boardInView(page, viewport, 'after the roll is typed');
    const { request, result } = await ruledAnswer(page);
    assert.deepEqual([request.pursued.fleeDistance, request.pursuers[0].unit, request.pursuers[0].distance], [7, 'Spearmen', 9]);
    // 9 ≥ 7: the fleeing unit is caught and destroyed (9A-DST-1)
    assert.equal(result.fleeingDestroyed, true, 'the engine: the Raiders are destroyed');
    const text = await verdict(page);
    assert.ok(text.startsWith('Raiders are caught and destroyed (pursuit 9 against flee 7).'), `the verdict says the Raiders are destroyed\n${text}`);
    const sp = result.pursuers.find((p) => p.unit === 'Spearmen');
    assert.ok(text.includes('Spearmen'), `the verdict says where the Spearmen go\n${text}`);
    assert.ok((await overlay(page)).some((m) => m.type === 'polygon' && m.label === 'Raiders: destroyed'), 'the Raiders are drawn gone');
    await step(page, 'ninth-age', '2-verdict', viewport);
    await makeMove(page, h);
    const doc = (await hook(page, 'state')).doc;
    const s = doc.units.find((u) => u.id === 'Spearmen');
    near(s.x, sp.final.x, 'Spearmen x'); near(s.y, sp.final.y, 'Spearmen y');
    assert.equal(doc.units.some((u) => u.id === 'Raiders'), false, 'the destroyed Raiders are off the table');
    await step(page, 'ninth-age', '3-moved', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  } },

  'cc-ancients': { title: 'CCA-CD-1 a section card orders two units, their paths drawn, the battle summary, both moved at once', run: async (viewport, touch) => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    const h = hand(page, touch);
    await pickSystem(page, 'cc-ancients');
    await step(page, 'cc-ancients', '1-fresh', viewport);
    await openPanel(page, 'ask-panel');
    await page.selectOption('#query', 'order');
    await ruled(page);
    // the centre section's card: the Hastati (the first row) one hex forward, then Scipio into the
    // hex they left
    await h.press(at('moves.add'));
    await page.selectOption(at('moves.1.unit'), 'Scipio');
    await h.press(at('moves.0.draw'));
    await boardInView(page, viewport, 'while drawing the first path');
    const hex = async (col, row) => h.at(await hook(page, 'screenOfHex', col, row));
    await hex(6, 5);
    await ruled(page);
    await h.press(at('moves.1.draw'));
    await hex(6, 6);
    await ruled(page);
    const { request, result } = await ruledAnswer(page);
    assert.deepEqual(request.moves.map((m) => [m.unit, m.path.map(named)]), [['Hastati', ['col 6, row 5']], ['Scipio', ['col 6, row 6']]]);
    const text = await verdict(page);
    assert.ok(text.startsWith(result.legal ? 'Legal order.' : 'Not a legal order.'), `the verdict as the engine rules the order\n${text}`);
    const said = await details(page);
    for (const b of result.battle) {
      const words = `${b.unit}: ${b.mustBattle ? 'must battle' : b.canBattle ? 'may battle' : 'may not battle'}`;
      assert.ok(said.includes(words), `the battle summary: ${words}\n${said}`);
    }
    await step(page, 'cc-ancients', '2-ordered', viewport);
    await makeMove(page, h);
    for (const m of result.moves.filter((x) => x.legal !== false)) {
      const u = await unitOf(page, m.unit);
      assert.deepEqual({ q: u.q, r: u.r }, { q: m.final.q, r: m.final.r }, `${m.unit} moved with the order`);
    }
    assert.ok(result.moves.filter((x) => x.legal !== false).length >= 2, 'both moves were made');
    await step(page, 'cc-ancients', '3-moved', viewport);
    await h.press('#undo');
    assert.deepEqual(await unitOf(page, 'Hastati').then((u) => toOffset(u.q, u.r)), { col: 6, row: 6 }, 'one Undo step takes back the whole order');
    assert.deepEqual(errors, []);
    await context.close();
  } },

  'godsgloom': { title: 'GG-MOV-1 in Set up a unit tapped shows its reach; a hex it cannot reach says why; a reached one is moved to', run: async (viewport, touch) => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    const h = hand(page, touch);
    await pickSystem(page, 'godsgloom');
    // in Set up a tapped hex is looked at, and the move made with Make this move (in Play a tap on a reached hex moves there)
    await setMode(page, 'setup', touch);
    await step(page, 'godsgloom', '1-fresh', viewport);
    const mover = (await pageRequest(page)).unit;
    await h.at(await hook(page, 'screenOf', mover));
    const { request, result } = await ruledAnswer(page);
    assert.equal(request.query, 'reach');
    assert.equal(request.unit, mover, 'the tapped unit is asked about');
    assert.ok((await verdict(page)).startsWith(`${mover} can end on ${result.hexes.length} hex`), 'the reach in words');
    const { units } = request;
    const taken = new Set(units.map((u) => `${u.q},${u.r}`));
    const reached = new Set(result.hexes.map((x) => `${x.q},${x.r}`));
    const box = await page.locator('#board').boundingBox();
    const inBox = (p) => p.x > box.x + 14 && p.y > box.y + 14 && p.x < box.x + box.width - 14 && p.y < box.y + box.height - 14;
    // a hex in view it cannot end on, next to those it reaches
    let no = null;
    for (const x of result.hexes) {
      for (let dq = -1; dq <= 1 && !no; dq++) for (let dr = -1; dr <= 1 && !no; dr++) {
        const c = { q: x.q + dq, r: x.r + dr };
        if (reached.has(`${c.q},${c.r}`) || taken.has(`${c.q},${c.r}`) || distance(c, x) !== 1) continue;
        const o = toOffset(c.q, c.r);
        if (o.col < 0 || o.row < 0 || o.col >= (request.board?.cols ?? 99) || o.row >= (request.board?.rows ?? 99)) continue;
        const p = await hook(page, 'screenOfHex', o.col, o.row);
        if (inBox(p)) no = { c, p };
      }
      if (no) break;
    }
    assert.ok(no, 'a hex in view the unit cannot end on');
    const why = await answer({ ...request, query: 'whyNot', to: no.c });
    await h.at(no.p);
    await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} cannot end on ${named(no.c)}`);
    const whyText = await verdict(page);
    for (const x of why.reasons) assert.ok(whyText.includes(x.message.replace(/\(q (-?\d+), r (-?\d+)\)/g, (_, q, r) => named({ q: +q, r: +r }))), `the reason in the engine's words: ${x.message}\n${whyText}`);
    assert.equal(await page.isVisible('#apply'), false, 'no move to make to a hex it cannot reach');
    await step(page, 'godsgloom', '2-why-not', viewport);
    // a reached hex: the furthest in view
    const far = [...result.hexes].sort((a, b) => b.cost - a.cost);
    let go = null;
    for (const x of far) { const o = toOffset(x.q, x.r); const p = await hook(page, 'screenOfHex', o.col, o.row); if (inBox(p) && !taken.has(`${x.q},${x.r}`)) { go = { x, p }; break; } }
    await h.at(go.p);
    await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} can end on ${named(go.x)}`);
    await step(page, 'godsgloom', '3-reached', viewport);
    await makeMove(page, h);
    const u = await unitOf(page, mover);
    assert.deepEqual({ q: u.q, r: u.r }, { q: go.x.q, r: go.x.r }, `${mover} moved to the tapped hex`);
    await step(page, 'godsgloom', '4-moved', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  } },

  'torn-world': { title: 'TW-FA-2 the Guardsman tapped, a path drawn past an enemy draws its Free Attack, Make this move', run: async (viewport, touch) => {
    const { context, page, errors } = await openPage(env, viewport, { touch });
    const h = hand(page, touch);
    await pickSystem(page, 'torn-world');
    await step(page, 'torn-world', '1-fresh', viewport);
    await h.at(await hook(page, 'screenOf', 'Guardsman'));
    await ruled(page);
    // a Run reaches further: the reach of a Run, and its nearest end that draws a Free Attack
    await openPanel(page, 'ask-panel');
    await page.selectOption(at('q.action'), 'run');
    const { request, result } = await ruledAnswer(page);
    assert.deepEqual([request.query, request.unit, request.action], ['reach', 'Guardsman', 'run']);
    const end = result.hexes.filter((x) => x.freeAttacks.some((f) => f.cause === 'moved-past' || f.rule === 'TW-FA-2') && x.path).sort((a, b) => a.cost - b.cost)[0];
    assert.ok(end, 'some end of the Run passes an enemy');
    // the Path tool: the move's unit and action, then the path tapped hex by hex
    await h.press('#tool-path');
    await page.selectOption(at('q.unit'), 'Guardsman');
    await page.selectOption(at('q.action'), 'run');
    if (await page.isEnabled(at('path-clear'))) await h.press(at('path-clear'));
    await ruled(page);
    // the path runs past the reach framed at a legible size: the whole board first, as a player would
    await h.press('#fit');
    for (const x of end.path) { const o = toOffset(x.q, x.r); await h.at(await hook(page, 'screenOfHex', o.col, o.row)); }
    await boardInView(page, viewport, 'while drawing the path');
    const move = await ruledAnswer(page);
    assert.deepEqual(move.request.path.map(named), end.path.map(named), 'the path tapped is the path asked');
    assert.equal(move.result.legal, true);
    const text = await verdict(page);
    assert.ok(text.startsWith(`Guardsman moves ${move.request.path.length} hex`), `the verdict names the mover and its move in hexes (an Infantry moves hex by hex)\n${text}`);
    const n = move.result.freeAttacks.length;
    assert.ok(text.includes(`${n === 1 ? 'Free Attack' : `${n} Free Attacks`} on Guardsman from ${move.result.freeAttacks[0].unit} (moved past)`), `the verdict names the Free Attack, whom it is on and its cause\n${text}`);
    const said = await details(page);
    for (const f of move.result.freeAttacks) assert.ok(said.includes(`${f.unit} attacks at ${named(f.at)}`), `the Free Attack by ${f.unit}\n${said}`);
    assert.ok(move.result.freeAttacks.some((f) => f.cause === 'moved-past'), 'the engine: a Free Attack for moving past');
    assert.ok(said.includes('(moved past)'), 'its cause in words');
    await step(page, 'torn-world', '2-free-attack', viewport);
    await makeMove(page, h);
    const u = await unitOf(page, 'Guardsman');
    assert.deepEqual({ q: u.q, r: u.r }, { q: move.result.final.q, r: move.result.final.r });
    await step(page, 'torn-world', '3-moved', viewport);
    assert.deepEqual(errors, []);
    await context.close();
  } },
};

for (const [how, viewport, touch] of SIZES) {
  const size = `${viewport.width}x${viewport.height}`;
  for (const { id } of SYSTEMS) {
    const journey = JOURNEYS[id];
    test(`${id} (${size}, ${how}): ${journey?.title ?? 'its journey'}`, { timeout: 60000 }, async () => {
      assert.ok(journey, `${id}: no journey in JOURNEYS of tests/browser/journeys.test.mjs`);
      await journey.run(viewport, touch);
    });
  }
}

test('every journey is of a game describe lists', () => {
  assert.deepEqual(Object.keys(JOURNEYS).filter((id) => !SYSTEMS.some((s) => s.id === id)), []);
});

test('a saved army is placed where the player taps the board next, never on a unit; Cancel puts it away (360x740, touch)', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  await openPanel(page, 'library-panel');
  await page.selectOption('#army-side', 'Carthage');
  await page.tap('#save-army');
  await page.waitForFunction(() => /Saved/.test(document.getElementById('library-note').textContent));
  const before = (await hook(page, 'state')).doc.units.length;
  // Add, then Cancel: nothing is added
  await page.tap('#army-list button:text("Add")');
  assert.equal(await page.isVisible('#army-place'), true, 'a note asks where the army should go');
  await page.tap('#army-place-cancel');
  assert.equal((await hook(page, 'state')).doc.units.length, before);
  // Add, then a tap on the board at col 5, row 4 (in view, free, and so are the hexes round it):
  // the two units on the free hexes nearest it
  await page.tap('#army-list button:text("Add")');
  const p = await hook(page, 'screenOfHex', 5, 4);
  const box = await page.locator('#board').boundingBox();
  assert.ok(p.x > box.x && p.y > box.y && p.x < box.x + box.width && p.y < box.y + box.height, 'col 5, row 4 is in view');
  await page.touchscreen.tap(p.x, p.y);
  await ruled(page);
  const units = (await hook(page, 'state')).doc.units;
  assert.equal(units.length, before + 2);
  const added = units.slice(before);
  const target = toAxial(5, 4);
  // col 5, row 4 is free: one of them stands there, the other next to it
  assert.deepEqual(added.map((u) => distance(u, target)).sort(), [0, 1]);
  assert.equal(new Set(units.map((u) => `${u.q},${u.r}`)).size, units.length, 'no two units on one hex');
  assert.equal(await page.isVisible('#army-place'), false);
  assert.match(await page.textContent('#library-note'), /^Added Carthage as Carthage: /);
  await painted(page);
  await page.screenshot({ path: join(artifacts, 'journey-library-placed-360x740.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

// ---- Play on the board (issue 31) ----
// Those games of describe on a hex board that answer a reach and whyNot are played by
// dragging hex by hex; those on a table that answer a move order or a charge by dragging too
// (tests/browser/play-table.test.mjs); any other keeps Set up.
const ILLEGAL = (await import('../../web/draw.js')).BAD; // the colour of what the rules forbid
const hexPlayable = (s) => s.board === 'hex' && ['reach', 'whyNot'].every((q) => s.queries.some((x) => x.name === q));
const playable = (s) => hexPlayable(s) || (s.board !== 'hex' && s.queries.some((x) => ['move', 'charge'].includes(x.name)));

/** One Undo puts `mover` back on `home` (`said`: why it should), one Redo brings it to `end` again. */
async function undoRedo(page, h, mover, home, end, said) {
  await h.press('#undo');
  const undone = await unitOf(page, mover);
  assert.deepEqual([undone.q, undone.r], [home.q, home.r], said);
  await h.press('#redo');
  const redone = await unitOf(page, mover);
  assert.deepEqual([redone.q, redone.r], [end.q, end.r], 'Redo makes it again');
}

for (const system of SYSTEMS.filter(hexPlayable)) {
  const game = system.id;
  // (a game whose moves a card orders, one with an `order` query, makes none without a card: its
  // card's journey is play-hex.test's)
  const carded = system.queries.some((x) => x.name === 'order');
  test(`${game} (360x740, touch): play, in 5 touches from its own position: a unit tapped shows its reach; dragged where it cannot end it stays and the reason shows; dragged to a reached hex ${carded ? 'with no card played it stays, and the verdict says a card orders moves' : 'the move is made (one Undo step), undone and redone'}`, { timeout: 300000 }, async () => {
    const { context, page, errors } = await openPage(env, PHONE, { touch: true });
    const h = hand(page, true);
    await pickSystem(page, game);
    assert.equal(await page.isChecked('input[name="mode"][value="play"]'), true, 'Play is the mode once a position is on the board');
    const first = await pageRequest(page);
    const mover = typeof first.unit === 'string' ? first.unit : first.units[0].id;
    const home = await unitOf(page, mover);
    // touch 1: a tap on the unit asks its reach
    await h.at(await hook(page, 'screenOf', mover));
    const { request, result } = await ruledAnswer(page);
    assert.deepEqual([request.query, request.unit], ['reach', mover], 'the unit tapped is the question’s');
    const taken = new Set(request.units.map((u) => `${u.q},${u.r}`));
    const reached = new Set(result.hexes.map((x) => `${x.q},${x.r}`));
    const box = await page.locator('#board').boundingBox();
    const inBox = (p) => p.x > box.x + 14 && p.y > box.y + 14 && p.x < box.x + box.width - 14 && p.y < box.y + box.height - 14;
    const onBoard = (c) => { const o = toOffset(c.q, c.r); return o.col >= 0 && o.row >= 0 && o.col < (request.board?.cols ?? 99) && o.row < (request.board?.rows ?? 99); };
    const screen = (c) => { const o = toOffset(c.q, c.r); return hook(page, 'screenOfHex', o.col, o.row); };
    await step(page, game, 'play-1-reach', PHONE);
    // a free hex in view it cannot end on, next to one it reaches (a Large or Huge mover's hexes
    // are its hexons': a hex of the lattice is needed, so such movers take a reached hex's neighbour
    // only where the page's snap keeps it)
    let no = null;
    for (const x of result.hexes) {
      for (const [dq, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, -1], [-1, 1]]) {
        const c = { q: x.q + dq, r: x.r + dr };
        if (no || reached.has(`${c.q},${c.r}`) || taken.has(`${c.q},${c.r}`) || !onBoard(c)) continue;
        const p = await screen(c);
        if (inBox(p)) no = { c, p };
      }
      if (no) break;
    }
    assert.ok(no, 'a hex in view the unit cannot end on');
    const why = await answer({ ...request, query: 'whyNot', to: no.c });
    assert.equal(why.reachable, false, 'the engine: it cannot end there');
    const from = await hook(page, 'screenOf', mover);
    // touch 2: dragged there, the reason under the finger; let go, the unit stays where it was
    await touchDrag(page, from, no.p, { hold: async () => {
      await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} cannot end on ${named(no.c)}`);
      await step(page, game, 'play-2-illegal-held', PHONE);
    } });
    await painted(page);
    const back = await unitOf(page, mover);
    assert.deepEqual([back.q, back.r], [home.q, home.r], 'an illegal drop returns the unit');
    const whyText = await verdict(page);
    assert.ok(whyText.startsWith(`${mover} cannot end on ${named(no.c)}`), `the reason stays on screen\n${whyText}`);
    for (const x of why.reasons ?? []) if (x.rule) assert.ok(whyText.includes(x.rule), `the reason's clause ${x.rule} is said\n${whyText}`);
    assert.ok((await overlay(page)).some((m) => m.type === 'mark' && m.shape === 'x' && m.color === ILLEGAL && m.hex?.q === no.c.q && m.hex?.r === no.c.r), 'the hex is crossed out in the illegal colour');
    await step(page, game, 'play-3-illegal-dropped', PHONE);
    // a reached hex in view the move can be made to (one that ejects nobody: ejection is chosen, never picked silently), the dearest
    const go = (await Promise.all([...result.hexes].filter((x) => !taken.has(`${x.q},${x.r}`) && !(x.ejects?.length || x.destroyed?.length || x.ejectsMarkers?.length))
      .sort((a, b) => b.cost - a.cost).map(async (x) => ({ x, p: await screen(x) })))).find(({ p }) => inBox(p));
    assert.ok(go, 'a reached hex in view');
    const had = Number.isFinite(result.movementPoints) ? result.movementPoints : result.allowance;
    // touch 3: dragged there: the way, its cost and what is left follow the finger; let go, the move is made
    await touchDrag(page, from, go.p, { hold: async () => {
      await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} can end on ${named(go.x)}`);
      const marks = await overlay(page);
      const label = `cost ${go.x.cost}${Number.isFinite(had) ? `, ${had - go.x.cost} left` : ''}`;
      assert.ok(marks.some((m) => m.type === 'mark' && m.label === label && m.color !== ILLEGAL && m.hex?.q === go.x.q && m.hex?.r === go.x.r), `the end hex is marked “${label}”, not in the illegal colour`);
      assert.ok(marks.some((m) => m.type === 'hexpath'), 'the way there is drawn');
      await step(page, game, 'play-4-legal-held', PHONE);
    } });
    if (carded) {
      await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Not moved: only a card orders a move'));
      const stayed = await unitOf(page, mover);
      assert.deepEqual([stayed.q, stayed.r], [home.q, home.r], `${mover} stays where it was`);
      await step(page, game, 'play-5-not-moved', PHONE);
      assert.deepEqual(errors, []);
      await context.close();
      return;
    }
    await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Move made:'));
    await ruled(page);
    const madeSaid = (await verdict(page)).match(/^Move made: (.*?\(Undo to take it back\)\.)/)?.[1];
    const moved = await unitOf(page, mover);
    assert.deepEqual([moved.q, moved.r], [go.x.q, go.x.r], `${mover} moved to the hex it was dropped on`);
    await step(page, game, 'play-5-moved', PHONE);
    // touches 4 and 5: one Undo step puts it back, Redo makes the move again
    await undoRedo(page, h, mover, home, go.x, 'Undo puts it back');
    // it says so, where the unit now stands (the form's prompt for the next question showed), and
    // what it spent, as the move made said (its cost was left out)
    await page.waitForFunction((w) => document.querySelector('#verdict').textContent.startsWith(w), `Redone: ${madeSaid}`);
    assert.ok(madeSaid.startsWith(`${mover} ${isPluralName(mover) ? 'are' : 'is'} now on ${named(go.x)}, for ${go.x.cost} `), madeSaid);
    await step(page, game, 'play-6-redone', PHONE);
    // a tap on another unit shows its reach and is no Undo step of its own: one Undo still takes
    // the move back (Redo brings it again)
    let other = null;
    for (const u of request.units.filter((x) => x.id !== mover)) if (!other && inBox(await hook(page, 'screenOf', u.id))) other = u.id;
    assert.ok(other, 'another unit in view');
    await h.at(await hook(page, 'screenOf', other));
    const look = await ruledAnswer(page);
    assert.deepEqual([look.request.query, look.request.unit], ['reach', other], 'the unit tapped is the question’s');
    await undoRedo(page, h, mover, home, go.x, 'one Undo after the look takes the move back');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('a game not yet played by dragging shows Set up, Play offered but not chosen; one tap switches a game played by dragging between the modes (360x740, touch)', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  for (const system of SYSTEMS) {
    await pickSystem(page, system.id);
    const can = playable(system);
    assert.equal(await page.isDisabled('input[name="mode"][value="play"]'), !can, `${system.id}: Play ${can ? 'offered' : 'not offered'}`);
    assert.equal(await page.isChecked(`input[name="mode"][value="${can ? 'play' : 'setup'}"]`), true, `${system.id}: the mode shows`);
    if (!can) continue;
    await setMode(page, 'setup', true);
    assert.match(await page.getAttribute('#board', 'aria-label'), /drag units to place them/);
    assert.equal(await page.isVisible('label:has(input[value="terrain"])'), true, 'Set up paints terrain');
    await setMode(page, 'play', true);
    assert.match(await page.getAttribute('#board', 'aria-label'), /drag a unit to move it/);
    assert.equal(await page.isVisible('label:has(input[value="terrain"])'), false, 'Play paints no terrain');
  }
  assert.deepEqual(errors, []);
  await context.close();
});

/**
 * GODSGLOOM opened by touch at 360 x 740: its question's mover, where it stands, and the hexes one
 * and two east of it along its row (open ground within its speed), axial and on the screen.
 */
async function ggEastOfMover() {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  const start = await pageRequest(page);
  const mover = start.unit;
  const home = start.units.find((u) => u.id === mover);
  const from = await hook(page, 'screenOf', mover);
  const o = toOffset(home.q, home.r);
  const mid = toAxial(o.col + 1, o.row), end = toAxial(o.col + 2, o.row);
  const [pm, pe] = [await hook(page, 'screenOfHex', o.col + 1, o.row), await hook(page, 'screenOfHex', o.col + 2, o.row)];
  return { context, page, errors, mover, home, from, mid, end, pm, pe };
}

test('godsgloom (360x740, touch): play, a hex the finger rests on is a waypoint: the move goes through it, the rest of the way straight on (GG-MOV-1)', { timeout: 60000 }, async () => {
  // two hexes east of it along its row (col + 2), resting one east (col + 1) on the way
  const { context, page, errors, mover, home, from, mid, end, pm, pe } = await ggEastOfMover();
  let request = null;
  await touchDrag(page, from, pm, { hold: async (moveTo) => {
    // resting there (over half a second), then on: the question becomes the move through it
    await page.waitForTimeout(800);
    assert.equal((await pageRequest(page)).query, 'reach', 'resting alone changes nothing');
    await moveTo(pe);
    await page.waitForFunction(() => window.movecalcTest.request().query === 'move' && window.movecalcTest.request().path?.length === 2);
    await ruled(page);
    request = await pageRequest(page);
    await step(page, 'godsgloom', 'play-waypoint-held', PHONE);
  } });
  await ruled(page);
  assert.deepEqual(request.path, [mid, end], 'the path: the waypoint, then straight on');
  const u = await unitOf(page, mover);
  const result = await answer(request);
  if (result.legal) assert.deepEqual([u.q, u.r], [end.q, end.r], 'a legal move is made');
  else assert.deepEqual([u.q, u.r], [home.q, home.r], 'an illegal one leaves the unit where it was');
  assert.equal(result.legal, true, 'two hexes east across open ground are within its speed');
  await step(page, 'godsgloom', 'play-waypoint-moved', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

test('godsgloom (360x740, touch): play, a finger that rests, then comes back the way it came, takes the waypoint back: the move is paid once, not there and back (GG-MOV-1)', { timeout: 60000 }, async () => {
  // two hexes east along its row, resting there, then back one
  const { context, page, errors, mover, from, mid, pm, pe } = await ggEastOfMover();
  await touchDrag(page, from, pe, { hold: async (moveTo) => {
    await page.waitForTimeout(800);
    await moveTo(pm);
    // the rest two hexes out was a waypoint until the finger came back over the way to it
    await page.waitForFunction(() => window.movecalcTest.request().query === 'reach');
    await ruled(page);
  } });
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Move made:'));
  const u = await unitOf(page, mover);
  assert.deepEqual([u.q, u.r], [mid.q, mid.r], 'the move ends where the finger let go');
  const words = await verdict(page);
  assert.ok(words.includes(`now on ${named(mid)}, for 1 of its `), `one open hex costs 1 point (GG-MOV-1): ${words}`);
  await step(page, 'godsgloom', 'play-waypoint-taken-back', PHONE);
  assert.deepEqual(errors, []);
  await context.close();
});

test('godsgloom (360x740, touch): play, GG-MOV-1 a tap on the unit shows its reach, a tap on a reached hex moves it there as a drop would (2 touches), undone', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  const mover = (await pageRequest(page)).unit;
  const home = await unitOf(page, mover);
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOf', mover)));
  const { request, result } = await ruledAnswer(page);
  assert.deepEqual([request.query, request.unit], ['reach', mover]);
  // two hexes east along its row: open ground within its speed (as the waypoint test's)
  const o = toOffset(home.q, home.r), end = toAxial(o.col + 2, o.row);
  assert.ok(result.hexes.some((x) => x.q === end.q && x.r === end.r), 'the engine: it reaches two hexes east');
  await page.touchscreen.tap(...Object.values(await hook(page, 'screenOfHex', o.col + 2, o.row)));
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Move made:'));
  const u = await unitOf(page, mover);
  assert.deepEqual([u.q, u.r], [end.q, end.r], 'the tap made the move');
  // and what it cost: two open hexes, 1 point each (GG-MOV-1), of the points it had
  const words = await verdict(page);
  assert.ok(words.includes(`now on ${named(end)}, for 2 of ${isPluralName(mover) ? 'their' : 'its'} ${result.movementPoints} movement points (Undo`), words);
  await step(page, 'godsgloom', 'play-tap-moved', PHONE);
  await page.tap('#undo');
  const back = await unitOf(page, mover);
  assert.deepEqual([back.q, back.r], [home.q, home.r], 'one Undo step');
  assert.deepEqual(errors, []);
  await context.close();
});

test('godsgloom (1280x800, keyboard): play, a unit picked with N is carried by the arrows, Enter makes the move, said in the live region; Escape takes a carried unit back (GG-MOV-1)', { timeout: 60000 }, async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'godsgloom');
  const start = await pageRequest(page);
  const mover = start.unit;
  const home = start.units.find((u) => u.id === mover);
  await page.focus('#board');
  await selectByKeys(page, mover, start.units.length);
  assert.equal((await hook(page, 'state')).selected, mover, 'N picks the unit');
  // two hexes right (east along its row, open ground within its speed): its reach, the way there
  const o = toOffset(home.q, home.r), end = toAxial(o.col + 2, o.row);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((t) => document.querySelector('#verdict').textContent.startsWith(t), `${mover} can end on ${named(end)}`);
  assert.equal(await page.getAttribute('#verdict', 'aria-live'), 'polite', 'the verdict is a live region');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('#verdict').textContent.startsWith('Move made:'));
  const u = await unitOf(page, mover);
  assert.deepEqual([u.q, u.r], [end.q, end.r], 'Enter made the move');
  // carried one hex left, then Escape: it stays
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Escape');
  await ruled(page);
  const still = await unitOf(page, mover);
  assert.deepEqual([still.q, still.r], [end.q, end.r], 'Escape takes the carried unit back');
  assert.deepEqual(errors, []);
  await context.close();
});
