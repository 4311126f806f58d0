// The calculator against the real engine, system by system, at phone and desktop sizes: the page
// rules its default position on load; every query the engine answers is asked and its verdict
// read; a unit is dragged and the ruling follows; an assumption (or a roll) is changed and the
// ruling changes; Undo brings the first ruling back. Screenshots of each system's main view and
// of each query's answer go to tests/artifacts/ (looked at before the page is called done).
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { launch, spearmenPursuit, openPage, artifacts, pageRequest, PHONE, DESKTOP, hook, drag, pickSystem, ruled, verdict, details, openPanel, setMode, openGalleryExample, focusBoard, openWorkedOrder, steady } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });


async function setNumber(page, selector, value) {
  await page.fill(selector, String(value));
  await page.press(selector, 'Enter');
}

/** Opens the Settings panel (closed by default) and sets an assumption parameter. */
async function setParam(page, id, name, value) {
  await openPanel(page, 'settings-panel');
  await setNumber(page, `[data-key="param.${id}.${name}"]`, value);
}

// A verdict's ruling, without what an Undo just said before it ("Undone: … (Redo to make it
// again)."): said until the next edit, so not said again by a later Undo that moves no unit
const ruling = (v) => v.replace(/^Undone: .*?\(Redo to make it again\)\.\s*/s, '');

// What each system's default position is ruled, query by query (the page's defaults in model.js):
// every game of the engine's list (SYSTEM_IDS, src/systems.def) needs its entry, or its test fails.
const CASES = {
  'arcane-legions': {
    queries: {
      // the opening plans no move: three steps ahead, into the Chargers, added on the form
      move: { plan: async (page) => { for (let k = 0; k < 3; k++) { await page.click('[data-key="actions.add.Add step"]'); await ruled(page); } }, verdict: /^Legion: legal move, meets Chargers\. 3 of 4 points spent, 1 left \(lost at the end\)\./, details: [/its move ends where it collides \(AL-COL-2\)/, /AL-SNP-1/, /Choices left open/, /A-AL-4/] },
      reachArea: { verdict: /can end its move anywhere in the shaded area with 4 movement points/, details: [/after one turn/] },
      breakaway: { verdict: /No breakaway attacks against Legion/, details: [/AL-BRK-1/] },
    },
    main: 'move', // (the drag and the change below are the move's)
    // drag Chargers out of the way: the third step no longer collides
    drag: { unit: 'Chargers', by: [160, 0], before: /its move ends where it collides/, after: /its move ends with every action made/ },
    async change(page) { // A-AL-5: a longer turning tool sets the unit down elsewhere
      for (const i of [3, 2, 1]) await page.click(`[aria-label="Remove action ${i}"]`);
      await page.click('[data-key="actions.add.Add turn"]');
      await ruled(page);
      const before = (await details(page)).match(/ends at: .*/)[0];
      await setParam(page, 'A-AL-5', 'legLength', 2);
      return before;
    },
  },
  'ninth-age': {
    queries: {
      // the opening plans no move: the Spearmen's pursuit planned on its position
      pursue: { plan: spearmenPursuit, verdict: /^Raiders escape \(pursuit 10 against flee 11\)\. Spearmen pivot 15° (anti)?clockwise and pursue [0-9.]+″ and stop against Raiders\./, details: [/pivots 15°/, /Forward Ahead: Raiders at 8\.267″ \[9A-FA-O\]/, /A-9A-3/] },
    },
    main: 'pursue',
    drag: { unit: 'Raiders', by: [0, -150], before: /Raiders at 8\.267″/, after: /Forward Ahead: nothing ahead/ },
    async change(page) { // the pursuit roll: 12 reaches the flee distance and destroys the fleeing unit
      const before = ruling(await verdict(page));
      await setNumber(page, '[data-key="pursuers.0.distance"]', 12);
      return before;
    },
  },
  'cc-ancients': {
    queries: {
      reach: { verdict: /^Hastati can end on 6 hexes besides its own \(allowance 1 hex\)/, details: [/CCA-MV-2/, /allowance: 1 hex\n/], pick: true },
      move: { verdict: /^Hastati: not a legal move\. A medium infantry moves at most 1 hex here\. \(rule CCA-MV-2\)/, details: [/Why not/] },
      order: { verdict: /^Legal order\./, details: [/orders used: 1/, /Battle/] },
      // CCA-RT-1: 1 flag, 1 hex toward Rome's edge: south-west first (col 5, row 7), or onto Scipio
      retreat: { verdict: /^Hastati must retreat 1 hex \(1 flag of 1 taken\); its best path goes 1 hex\./, details: [/Retreat paths/, /Scipio attaches/, /CCA-RT-1/] },
      // CCA-EV-1: light cavalry evade 2 hexes toward Carthage's edge, row 0
      evade: { verdict: /^Numidians may evade: 4 paths, ending on col 6, row 0; col 5, row 0; col 4, row 0\./, details: [/Evade paths/, /CCA-EV-1/] },
    },
    drag: { unit: 'Hastati', hex: [6, 5], before: /6 hexes reachable/, after: /hexes reachable/ },
    async change(page) { // the what-if reach: with no other unit the leader's hex no longer stops it
      const before = await details(page);
      await page.check('[data-key="q.ignoreUnits"]');
      return before;
    },
  },
  godsgloom: {
    queries: {
      reach: { verdict: /^Shieldwall can end on 32 hexes besides its own \(3 movement points\)/, details: [/2 of them lie in an enemy Engagement Zone/, /only if no other unit/, /A-GG-1/], pick: true },
      move: { verdict: /^Shieldwall: legal move\. 2 of 3 movement points spent, 1 left\. Ends Engaged with Ghouls; may still make a Melee Attack\./, details: [/Steps/] },
    },
    drag: { unit: 'Ghouls', hex: [9, 1], before: /2 of them lie in an enemy Engagement Zone/, after: /0 of them lie in an enemy Engagement Zone/ },
    async change(page) { // A-GG-1: a zone one hex wide
      const before = (await details(page)).match(/\d+ of them lies? in an enemy Engagement Zone/)[0];
      await setParam(page, 'A-GG-1', 'arcWidth', 1);
      return before;
    },
  },
  'torn-world': {
    queries: {
      reach: { verdict: /^Guardsman can end on 54 hexes besides its own \(allowance 4 hexes\)/, details: [/TW-MV-1/], pick: true },
      // the mover named, where it ends, whom it ejects (TW-EJ-3: the Dexterity test settles which of the nearest hexes), who attacks it (TW-EJ-2)
      move: { verdict: /^Warbeast moves 2 hexons to col 3, row 7, ejecting Guardsman to one of 3 nearest hexes\. Free Attack on Warbeast from Guardsman \(ejected\)\./, details: [/Ejections, in the order resolved/, /TW-EJ-2/, /A-TW-3/] },
      eject: { verdict: /^Warbeast ejects Guardsman\. Free Attack on Warbeast from Guardsman \(ejected\)\./, details: [/3 nearest free hexes at distance 1/] },
      shift: { verdict: /^Shift: test passed → 6 nearest hexes \(Accord chooses\); test failed → col 6, row 8\./, details: [/TW-SH-1/] },
    },
    drag: { unit: 'Rogue', hex: [1, 1], before: /54 hexes reachable/, after: /hexes reachable/ },
    async change(page) { // the run allowance instead of the move allowance
      const before = ruling(await verdict(page));
      await page.selectOption('[data-key="q.action"]', 'run');
      return before;
    },
  },
};

test('every case of CASES is of a game of the engine\'s list', () => {
  assert.deepEqual(Object.keys(CASES).filter((id) => !SYSTEM_IDS.includes(id)), []);
});

for (const [size, viewport] of [['phone', PHONE], ['desktop', DESKTOP]]) {
  const tag = `${viewport.width}x${viewport.height}`;
  for (const system of SYSTEM_IDS) {
    const c = CASES[system];
    test(`${system} against the engine (${size} ${tag}): every query, a drag, a changed assumption, undo`, async () => {
      assert.ok(c, `${system}: no case in CASES of tests/browser/rulings.test.mjs`);
      const { context, page, errors } = await openPage(env, viewport, { touch: size === 'phone' });
      if (system === SYSTEM_IDS[0]) {
        await ruled(page); // the first game is ruled on load, without a press
        assert.match(await verdict(page), c.queries[(await pageRequest(page)).query].verdict);
      } else await pickSystem(page, system);
      await setMode(page, 'setup', size === 'phone'); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there) and a drag places a unit
      const queries = await page.$$eval('#query option', (os) => os.map((o) => o.value));
      const main = c.main ?? (await pageRequest(page)).query;
      for (const [query, want] of Object.entries(c.queries)) {
        assert.ok(queries.includes(query), `${system}: ${query} offered`);
        if (query !== (await pageRequest(page)).query) await page.selectOption('#query', query);
        await ruled(page);
        await want.plan?.(page);
        assert.match(await verdict(page), want.verdict, `${system}/${query}: verdict`);
        const text = await details(page);
        for (const re of want.details) assert.match(text, re, `${system}/${query}: details`);
        assert.match(text, /How the engine ruled/);
        if (want.pick) { // keyboard: ] picks a reached hex; its path and facts are listed
          await focusBoard(page);
          await page.keyboard.press(']');
          assert.match(await details(page), /The hex you picked\s+col \d+, row \d+: cost \d/);
          assert.ok((await hook(page, 'state')).pick);
        }
        if (!(await page.isHidden('#timeline'))) { // the path can be stepped through
          await page.evaluate(() => { const s = document.getElementById('scrub'); s.value = '500'; s.dispatchEvent(new Event('input', { bubbles: true })); });
          assert.equal((await hook(page, 'state')).t, 0.5);
          await page.evaluate(() => { const s = document.getElementById('scrub'); s.value = '1000'; s.dispatchEvent(new Event('input', { bubbles: true })); });
        }
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${system}/${query}: page is ${overflow}px wider than the screen`);
        await page.locator('#board').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(artifacts, `${system}-${query}-${tag}.png`) });
        if (size === 'phone') await page.screenshot({ path: join(artifacts, `${system}-${query}-${tag}-full.png`), fullPage: true });
      }
      await page.selectOption('#query', main);
      await ruled(page);
      await page.click('#fit');
      await page.locator('#board').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `${system}-${tag}.png`) });

      // drag a unit: the ruling follows once the drag ends
      const first = await details(page);
      assert.match(first, c.drag.before);
      const from = await hook(page, 'screenOf', c.drag.unit);
      const to = c.drag.hex ? await hook(page, 'screenOfHex', ...c.drag.hex) : { x: from.x + c.drag.by[0] * viewport.width / 1280, y: from.y + c.drag.by[1] * viewport.width / 1280 };
      await drag(page, from, to);
      await ruled(page);
      assert.notDeepEqual(await pageRequest(page), null);
      assert.match(await details(page), c.drag.after, `${system}: ruling after the drag`);
      await page.click('#undo');
      await ruled(page);
      assert.equal(await details(page), first, `${system}: undo brings the first ruling back`);

      // change an assumption (or a roll, where the rules leave nothing to assume)
      const before = await c.change(page);
      await ruled(page);
      const changed = system === 'ninth-age' || system === 'torn-world' ? await verdict(page) : await details(page);
      assert.ok(!changed.includes(before), `${system}: the ruling changed (${before})`);
      await page.click('#undo');
      await ruled(page);
      const back = system === 'ninth-age' || system === 'torn-world' ? await verdict(page) : await details(page);
      assert.ok(back.includes(before), `${system}: undo restores the ruling`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

test('Arcane Legions: a choice the engine lists applies from the answer; Replay runs the move', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await openWorkedOrder(page);
  await page.click('button.choice >> text=/^right/');
  await ruled(page);
  assert.equal((await pageRequest(page)).order.slide, 'right');
  assert.match(await details(page), /ends at: \(15\.5, 12\) in steps, facing 0°/);
  assert.match(await details(page), /AL-SLD-1/);
  await page.screenshot({ path: join(artifacts, 'arcane-legions-slide-1280x800.png') });
  await page.click('#play');
  await page.waitForFunction(() => window.movecalcTest.state().t === 1);
  assert.deepEqual(errors, []);
  await context.close();
});

test('C&C order: the Path tool draws the ordered unit\'s path; an illegal second hex is refused with its rule', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await pickSystem(page, 'cc-ancients');
  await page.selectOption('#query', 'order');
  await page.click('label:has(input[value="path"])');
  assert.equal((await pageRequest(page)).query, 'order');
  for (const [col, row] of [[6, 5], [6, 4]]) {
    // (each hex read once the view holds still: a click read before the order's answer framed the
    // view missed its hex under load, and no path was drawn)
    await steady(page);
    const p = await hook(page, 'screenOfHex', col, row);
    await page.mouse.click(p.x, p.y);
  }
  assert.equal((await pageRequest(page)).moves[0].path.length, 2);
  await ruled(page);
  assert.match(await verdict(page), /^Not a legal order\./);
  assert.match(await details(page), /CCA-MV-2/);
  await focusBoard(page);
  await page.keyboard.press('Backspace');
  await ruled(page);
  assert.match(await verdict(page), /^Legal order\./);
  assert.match(await details(page), /Hastati: moved col 6, row 6 → col 6, row 5, 1 hex/);
  await page.click('label:has(input[value="move"])');
  await page.screenshot({ path: join(artifacts, 'cc-ancients-order-path-1280x800.png') });
  assert.deepEqual(errors, []);
  await context.close();
});

test('every gallery example opens and rules with the real engine, and draws without errors', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await openPanel(page, 'gallery-panel'); // the gallery is filled when it is first opened, once its
  // module (examples-list-*.js, fetched on that first opening) has loaded
  await page.waitForSelector('#gallery button[data-example]', { state: 'attached' });
  const n = await page.evaluate(() => document.querySelectorAll('#gallery button[data-example]').length);
  assert.ok(n >= 20, `${n} examples`);
  for (let i = 1; i < n; i++) {
    await openGalleryExample(page, i);
    const v = await verdict(page);
    assert.doesNotMatch(v, /could not be read|does not answer/, `example ${i}: ${v}`);
    // every example's position is the one on the board (not drawn over the one before)
    assert.doesNotMatch(await page.textContent('#notice-text'), /could not be set up/, `example ${i}`);
    assert.match(await details(page), /How the engine ruled/, `example ${i}`);
  }
  assert.deepEqual(errors, []);
  await context.close();
});

test('GODSGLOOM: a tapped hex in an enemy Engagement Zone says in words why the move ends there (GG-8.3, issue 23)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'godsgloom');
  await setMode(page, 'setup', true); // in Set up a tapped hex is looked at (in Play a tap on a reached hex moves there)
  // the default position: col 3, row 4 lies in the Ghouls' front arc, two hexes from Shieldwall
  const at = await hook(page, 'screenOfHex', 3, 4);
  await page.mouse.click(at.x, at.y);
  await page.waitForFunction(() => /The hex you picked/.test(document.getElementById('details').innerText));
  const text = await details(page);
  assert.match(text, /The hex you picked\s+col 3, row 4: cost 2; [^\n]*its move ends on entering an Engagement Zone \(GG-8\.3\)/);
  assert.doesNotMatch(text, /ends by |stopped by [a-z]+-/);
  assert.deepEqual(errors, []);
  await context.close();
});

test('the query picker says queries in words; the request keeps the engine\'s names (issue 23)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await ruled(page);
  await openPanel(page, 'ask-panel');
  assert.deepEqual(await page.$$eval('#query option', (os) => os.map((o) => [o.value, o.textContent])),
    [['move', 'Move'], ['reachArea', 'Reach area'], ['breakaway', 'Breakaway']]);
  await page.selectOption('#query', { label: 'Reach area' });
  assert.equal((await pageRequest(page)).query, 'reachArea');
  assert.deepEqual(errors, []);
  await context.close();
});

test('a phone\'s header shows the longest game name whole (360x740, issue 23)', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await pickSystem(page, 'cc-ancients');
  const fit = await page.$eval('#system', (s) => {
    const ctx = document.createElement('canvas').getContext('2d');
    const st = getComputedStyle(s);
    ctx.font = `${st.fontWeight} ${st.fontSize} ${st.fontFamily}`;
    // room for the words: the box less its padding and the drop-down arrow (about 24 px)
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) - 24;
    return { text: s.selectedOptions[0].textContent, width: ctx.measureText(s.selectedOptions[0].textContent).width, room };
  });
  assert.equal(fit.text, 'Commands & Colors: Ancients');
  assert.ok(fit.width <= fit.room, `${fit.width} px of words in ${fit.room} px`);
  assert.deepEqual(errors, []);
  await context.close();
});

// A retreat's and an evade's drawings and words, and an order's, are not in C&C: Ancients' page
// module (docs/performance.md "Weight, thirteenth round", "fifteenth round"): its first view (a
// reach) does without them; the first order asked fetches its own (drawn: the ordered unit ringed
// where it stands, the card's orders used said), and the first retreat asked fetches a retreat's
// before its answer is drawn, words (CCA-RT-1's verdict, its paths listed) and marks.
test('a C&C first view fetches no order, retreat or evade drawing; the first order and the first retreat asked each fetch their own, and are drawn and said', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  const fetched = [], orderCode = [];
  page.on('request', (r) => {
    if (/\/cc-ancients-later-[\w-]+\.js$/.test(r.url())) fetched.push(r.url());
    if (/\/cc-ancients-order-[\w-]+\.js$/.test(r.url())) orderCode.push(r.url());
  });
  await pickSystem(page, 'cc-ancients');
  assert.equal((await hook(page, 'request')).query, 'reach', 'the first view is a reach');
  assert.deepEqual(orderCode, [], 'a first view fetches nothing of an order');
  await page.selectOption('#query', 'order');
  await ruled(page);
  assert.deepEqual(fetched, [], 'nothing of a retreat or an evade fetched');
  assert.equal(orderCode.length, 1, 'an order\'s drawing fetched once, at the first order');
  // the game's first order: a section card of 3 orders, the Hastati ordered and not moved
  assert.match(await verdict(page), /1 of 3 orders used\./);
  const marks = await hook(page, 'overlay');
  assert.ok(marks.some((it) => it.type === 'mark' && /^Hastati: ordered, not moving$/.test(it.label ?? '')), 'the ordered unit is ringed where it stands');
  await page.selectOption('#query', 'retreat');
  await ruled(page);
  assert.match(await verdict(page), CASES['cc-ancients'].queries.retreat.verdict);
  assert.match(await details(page), /Retreat paths .*\n1\. /);
  assert.equal(fetched.length, 1, 'fetched once, at the first retreat');
  const items = await hook(page, 'overlay');
  assert.ok(items.some((it) => it.type === 'hexpath' && it.numbered), 'the best retreat path is drawn, numbered');
  assert.deepEqual(errors, []);
  await context.close();
});
