// Share links, saved armies and the examples gallery in headless Chromium: a link opened in a
// fresh browser gives the same request and the same verdict; damaged, oversized and hostile links
// show a message and an empty board and run nothing; an army is saved, exported, cleared and
// imported back; every gallery example opens and rules.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { launch, openPage, artifacts, pageRequest, pickSystem, ruled, PHONE, DESKTOP, hook, openPanel, openGalleryExample, unitForm, unitList } from './browser.mjs';
import { toBase64url } from '../../web/share.js';
import { collectExamples } from '../../web/build-site.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const b64 = (text) => toBase64url(new TextEncoder().encode(text));

/** Opens a URL of the site in a fresh context (its own storage), waiting for the engine. */
async function openURL(path, viewport = DESKTOP) {
  const context = await env.browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('dialog', (d) => { errors.push(`dialog: ${d.message()}`); d.dismiss(); });
  await page.goto(env.base + path);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 15000 });
  return { context, page, errors };
}

test('a share link opened in a fresh browser reproduces the position, the question and the verdict', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  const sizes = [];
  for (const system of SYSTEM_IDS) {
    await pickSystem(page, system); // its engine module loaded, so that Rule on it answers at once
    // change the position and the question so that defaults cannot pass for a reproduction
    const first = (await hook(page, 'state')).doc.units[0].id;
    await unitList(page); // (its code fetched as it comes into view)
    await page.click(`#unit-list button[data-key="pick:${first}"]`);
    await unitForm(page);
    await page.fill('#unit-fields input[data-key="unit.id"]', `${first} <b>renamed</b>`);
    await page.press('#unit-fields input[data-key="unit.id"]', 'Enter');
    await page.waitForFunction((n) => window.movecalcTest.request().units.some((u) => u.id === n), `${first} <b>renamed</b>`);
    const queries = await page.$$eval('#query option', (os) => os.map((o) => o.value));
    await page.selectOption('#query', queries[queries.length > 1 ? 1 : 0]);
    await page.click('#ask');
    await ruled(page); // the engine answers from its worker
    const verdict = await page.textContent('#verdict');
    const request = await pageRequest(page);
    await page.click('#share');
    // the link is written once the links' code has arrived (fetched at its first use): the position's code
    const code = await page.evaluate(() => window.movecalcTest.shareCode());
    await page.waitForFunction((c) => document.getElementById('share-link').value.endsWith(`#p=${c}`), code);
    const link = await page.inputValue('#share-link');
    // the game named in the query too: a first visit through it loads that game's modules alone
    assert.ok(link.startsWith(`${env.base}?g=${system}#p=1.`), link);
    assert.match(link, /#p=1\.[A-Za-z0-9_-]+$/);
    sizes.push(`${system} ${link.length}`);
    if (system === 'godsgloom') await page.screenshot({ path: join(artifacts, 'share-panel-1280x800.png') });

    const other = await openURL(link.slice(env.base.length));
    // (its answer waits for the game's engine module, fetched afresh in a new browser: the verdict
    // was read before it came once, on a loaded machine)
    await ruled(other.page);
    assert.deepEqual(await pageRequest(other.page), request, `${system}: same request`);
    assert.equal(await other.page.textContent('#verdict'), verdict, `${system}: same verdict`);
    assert.equal(await other.page.inputValue('#system'), system, `${system}: the game picker follows the link`);
    assert.equal(await other.page.isVisible('#notice'), false);
    assert.equal(new URL(other.page.url()).hash, '', 'the fragment is dropped once opened');
    // the opened position is the page's own now: a reload keeps it
    await other.page.reload();
    await other.page.waitForSelector('body[data-ready="true"]');
    assert.deepEqual(await pageRequest(other.page), request, `${system}: kept after a reload`);
    assert.deepEqual(other.errors, []);
    await other.context.close();
  }
  console.log(`# share links (characters, whole URL): ${sizes.join(', ')}`);
  assert.deepEqual(errors, []);
  await context.close();
});

test('damaged, oversized and hostile links show a message, leave the position as it was, save nothing and run nothing', async () => {
  const evil = '<img src=x onerror=alert(1)>';
  const cases = [
    ['bad base64', '1.@@@@!!', /not base64url/],
    ['not deflate', '1.AAAAAAAA', /does not unpack/],
    ['newer format', '7.abcdef', /newer movecalc/],
    ['1 MB', '1.' + 'A'.repeat(1024 * 1024), /too long/],
    ['deflate bomb', '1.' + toBase64url(deflateRawSync(Buffer.alloc(4 * 1024 * 1024, 32))), /expands to more than/],
    ['not JSON', '1j.' + b64('{"system": "godsgloom", <script>'), /not valid JSON/],
    ['hostile colour', '1j.' + b64(JSON.stringify({ system: 'godsgloom', sides: [{ name: 'a', color: 'red;background:url(/x)' }, { name: 'b', color: '#000000' }] })), /sides\[0\]\.color/],
    ['script in a side name that no unit uses', '1j.' + b64(JSON.stringify({ system: 'godsgloom', units: [{ id: evil, side: '<script>alert(1)</script>', q: 1, r: 1 }] })), /must be one of the sides/],
  ];
  for (const [name, code, why] of cases) {
    const { context, page, errors } = await openURL(`#p=${code}`);
    assert.equal(await page.isVisible('#notice'), true, name);
    const text = await page.textContent('#notice-text');
    assert.match(text, /This link could not be opened/, name);
    assert.match(text, why, name);
    assert.match(text, /Your own position is as it was\.$/, name);
    assert.ok((await hook(page, 'state')).doc.units.length > 0, `${name}: the position shown before (the game's own) stays`);
    assert.equal(await page.evaluate(() => localStorage.getItem('movecalc.page.v1')), null, `${name}: nothing saved`);
    assert.equal(await page.locator('main img, #notice img, #notice script').count(), 0, name);
    if (name === '1 MB') await page.screenshot({ path: join(artifacts, 'share-bad-link-1280x800.png') });
    assert.deepEqual(errors, [], name);
    await context.close();
  }
});

test('script in names opens as plain text, never as markup', async () => {
  const evil = '<img src=x onerror=alert(1)>';
  const position = { system: 'godsgloom', sides: [{ name: '<script>alert(2)</script>', color: '#b3261e' }, { name: 'b', color: '#1d5fbf' }],
    units: [{ id: evil, side: '<script>alert(2)</script>', q: 3, r: 3, facing: 1, speed: 3 }], query: 'reach', inputs: { reach: { unit: evil } } };
  const { context, page, errors } = await openURL(`#p=1j.${b64(JSON.stringify(position))}`, PHONE);
  assert.equal(await page.isVisible('#notice'), false);
  assert.equal((await pageRequest(page)).unit, evil);
  assert.equal(await page.locator('img[src="x"], main script').count(), 0);
  await page.screenshot({ path: join(artifacts, 'share-hostile-names-360x740.png') });
  // the Units list, made as its tab shows it
  await openPanel(page, 'units-panel');
  assert.equal(await page.textContent(`#unit-list button[data-key="pick:${evil}"]`), evil);
  assert.equal(await page.locator('img[src="x"], main script').count(), 0);
  assert.deepEqual(errors, []);
  await context.close();
});

test('save a side as an army and a unit, export, clear, import, and add the army back', async () => {
  const { context, page, errors } = await openPage(env, DESKTOP);
  await openPanel(page, 'library-panel');
  await page.selectOption('#army-side', 'blue');
  await page.fill('#army-name', 'Blue host');
  await page.click('#save-army');
  await page.waitForFunction(() => document.getElementById('library-note').textContent.startsWith('Saved Blue host: 2 units'));
  await unitList(page);
  await page.click('#unit-list button[data-key="pick:Chargers"]');
  await page.click('#save-codex');
  let lib = await hook(page, 'library');
  assert.deepEqual(lib.armies.map((a) => [a.system, a.name, a.units.map((u) => u.id)]), [['arcane-legions', 'Blue host', ['Chargers', 'Scouts']]]);
  assert.deepEqual(lib.codices.map((c) => c.name), ['Chargers']);
  assert.equal(lib.codices[0].unit.movementIcons, 7);
  await page.screenshot({ path: join(artifacts, 'library-1280x800.png') });

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#export-library')]);
  const file = join(artifacts, 'movecalc-armies.json');
  await download.saveAs(file);
  const exported = JSON.parse(readFileSync(file, 'utf8'));
  assert.equal(exported.format, 'movecalc-library');
  assert.equal(exported.armies[0].name, 'Blue host');

  // clear: delete both, and the storage survives a reload empty
  await page.click('#army-list button[aria-label="Delete Blue host"]');
  await page.click('#codex-list button[aria-label="Delete Chargers"]');
  await page.reload();
  await page.waitForSelector('body[data-ready="true"]');
  lib = await hook(page, 'library');
  assert.equal(lib.armies.length + lib.codices.length, 0);

  // a file that is not an army file is refused and changes nothing
  await openPanel(page, 'library-panel');
  const bad = join(artifacts, 'not-an-army.json');
  writeFileSync(bad, JSON.stringify({ format: 'movecalc-library', version: 1, armies: [{ system: 'arcane-legions', name: '<b>x</b>', units: [{ id: 'a', x: 'far', y: 1, facing: 0 }] }] }));
  await page.setInputFiles('#import-library', bad);
  await page.waitForFunction(() => document.getElementById('library-note').textContent.startsWith('Nothing imported'));
  assert.match(await page.textContent('#library-note'), /armies\[0\]\.units\[0\]\.x: must be a finite number/);
  writeFileSync(bad, '{"format": "movecalc-library", "version": 1, "armies": [');
  await page.setInputFiles('#import-library', bad);
  await page.waitForFunction(() => /not valid JSON/.test(document.getElementById('library-note').textContent));
  assert.equal((await hook(page, 'library')).armies.length, 0);

  await page.setInputFiles('#import-library', file);
  await page.waitForFunction(() => document.getElementById('library-note').textContent.startsWith('Imported 2 items'));
  lib = await hook(page, 'library');
  assert.equal(lib.armies.length, 1);
  // add the army to the board as red: its units come back with fresh names
  await page.selectOption('#army-side', 'red');
  await page.click('#army-list button[aria-label^="Add Blue host"]');
  // the army goes where the board is tapped next (an empty corner of the table)
  assert.match(await page.textContent('#army-place-text'), /Tap the board where Blue host \(2 units, red\) should go/);
  await page.click('#fit'); // the answer is framed close up: the whole table, where the corner is in view
  const at = await hook(page, 'screenOfWorld', 3, 3);
  await page.mouse.click(at.x, at.y);
  const units = (await hook(page, 'state')).doc.units;
  assert.deepEqual(units.slice(-2).map((u) => [u.id, u.side]), [['Chargers 2', 'red'], ['Scouts 2', 'red']]);
  // a saved unit fills the new-unit form
  await page.click('#codex-list button[aria-label^="Use Chargers"]');
  await unitForm(page);
  assert.equal(await page.inputValue('#unit-fields input[data-key="unit.movementIcons"]'), '7');
  await page.click('#add-unit');
  assert.ok((await hook(page, 'state')).doc.units.some((u) => u.id === 'Chargers 3' && u.movementIcons === 7));
  assert.deepEqual(errors, []);
  await context.close();
});

test('the examples gallery lists every example and each opens and rules', async () => {
  const { context, page, errors } = await openURL('#examples', PHONE);
  assert.equal(await page.evaluate(() => document.getElementById('gallery-panel').open), true);
  const examples = collectExamples(); // what build-site.mjs bundled into the page
  await page.waitForSelector('#gallery li', { state: 'attached' }); // its module fetched on first opening
  assert.equal(await page.locator('#gallery li').count(), examples.length);
  // the game on screen's examples come first, the others folded under "Other games"
  const system = (await hook(page, 'state')).system;
  const shown = (sel) => page.$$eval(sel, (bs) => bs.map((b) => Number(b.dataset.example)));
  assert.deepEqual(await shown('#gallery > ol button[data-example]'), examples.flatMap((e, i) => (e.request.system === system ? [i] : [])));
  assert.equal(await page.locator('#gallery details.gallery-others').evaluate((d) => d.open), false);
  assert.equal((await shown('#gallery details button[data-example]')).length, examples.filter((e) => e.request.system !== system).length);
  // titles in words: the clause ids said apart, no "seed"
  for (const t of await page.$$eval('#gallery h3', (hs) => hs.map((h) => h.textContent))) { assert.doesNotMatch(t, /^[A-Z0-9]+-[A-Z0-9.]/, t); assert.doesNotMatch(t, /\bseed\b/i, t); }
  for (const t of await page.$$eval('#gallery .note', (ps) => ps.map((p) => p.textContent))) assert.doesNotMatch(t, /\bseed\b/i, t);
  await page.screenshot({ path: join(artifacts, 'gallery-360x740.png') });
  for (let i = 0; i < examples.length; i++) {
    await page.evaluate(() => { for (const d of document.querySelectorAll('#gallery details')) d.open = true; });
    await openGalleryExample(page, i);
    await page.waitForFunction(() => document.getElementById('response').textContent.length > 0);
    const response = JSON.parse(await page.textContent('#response'));
    if (examples[i].request.system) assert.equal((await pageRequest(page)).system, examples[i].request.system);
    assert.ok(response.ok || response.error.code === 'unknown_query', `${examples[i].title}: ${JSON.stringify(response).slice(0, 200)}`);
  }
  // a rule-set example, as the gallery gets them once the rule sets land: the board takes its
  // position and the engine is asked the example's own request
  const example = { title: 'GG-8 a reach', note: 'shows the reach', request: { system: 'godsgloom', query: 'reach', board: { cols: 8, rows: 6, terrain: [{ col: 2, row: 2, terrain: 'difficult' }] },
    units: [{ id: 'Ghouls', side: 'Hollow', col: 3, row: 3, facing: 2, speed: 3, traits: [], abilities: [], tokens: [] }], unit: 'Ghouls' } };
  await hook(page, 'openExample', example);
  const state = await hook(page, 'state');
  assert.equal(state.system, 'godsgloom');
  assert.deepEqual(state.doc.units.map((u) => u.id), ['Ghouls']);
  // the board holds it at the hexes col/row name, and asks the example's request as written (issue 33)
  assert.deepEqual([state.doc.units[0].q, state.doc.units[0].r], [2, 3]);
  assert.deepEqual(state.doc.terrain, [{ q: 1, r: 2, terrain: 'difficult' }]);
  assert.deepEqual(await pageRequest(page), example.request);
  assert.deepEqual(JSON.parse(await page.inputValue('#request')), example.request);
  assert.deepEqual(errors, []);
  await context.close();
});
