// Rulings as pictures (issue 25): for each game's default position, the Share panel's Download SVG
// gives a well-formed SVG (read by Chromium's DOMParser) whose text names every unit and says the
// verdict shown; Download PNG gives a PNG twice the SVG's size. On a phone the buttons are in the
// Share tab, named for screen readers. The pictures go to tests/artifacts/picture-<game>.svg/.png.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch, openPage, DESKTOP, PHONE, hook, pickSystem, ruled, openPanel, artifacts } from './browser.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

let env;
before(async () => { env = await launch(); });
after(async () => { await env.browser?.close(); env.server?.close(); });

const SYSTEMS = SYSTEM_IDS; // the engine's list (src/systems.def)
const flat = (s) => s.replace(/\s+/g, ' ').trim();

async function download(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.click(button)]);
  return { name: file.suggestedFilename(), path: await file.path() };
}

for (const system of SYSTEMS) {
  test(`${system}: Download SVG is a well-formed SVG with the units' names and the verdict; Download PNG is a PNG at twice its size`, async () => {
    const { context, page, errors } = await openPage(env, DESKTOP);
    if (system === 'arcane-legions') await ruled(page); else await pickSystem(page, system);
    await openPanel(page, 'share-panel');
    // the verdict's words, and each event it lists (AL: numbered as on the board), on a line of its own
    const shown = await page.$eval('#verdict', (v) => [[...v.childNodes].filter((n) => !n.classList?.contains('sequence')).map((n) => n.textContent).join(' '),
      ...[...v.querySelectorAll('.sequence .event')].map((b) => `${b.dataset.event}. ${b.textContent.replace(/^\d+ /, '')}`)]);
    const units = (await hook(page, 'state')).doc.units.map((u) => u.id);
    assert.ok(units.length > 0);

    const svg = await download(page, '#download-svg');
    assert.match(svg.name, new RegExp(`^movecalc-${system}-\\w+\\.svg$`));
    const text = readFileSync(svg.path, 'utf8');
    copyFileSync(svg.path, join(artifacts, `picture-${system}.svg`));
    // read by Chromium's DOMParser in a blank page of the same browser (the site's Trusted Types
    // policy lets no string be parsed as markup in its own page)
    const blank = await context.newPage();
    const read = await blank.evaluate((t) => {
      const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
      const root = doc.documentElement;
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null, root: root.localName, ns: root.namespaceURI,
        width: Number(root.getAttribute('width')), height: Number(root.getAttribute('height')), viewBox: root.getAttribute('viewBox'),
        visible: [...doc.querySelectorAll('text')].filter((e) => e.getAttribute('fill') !== 'none').map((e) => e.textContent).join(' '),
        title: doc.querySelector('title')?.textContent,
      };
    }, text);
    await blank.close();
    assert.equal(read.error, null, 'the SVG parses');
    assert.equal(read.root, 'svg');
    assert.equal(read.ns, 'http://www.w3.org/2000/svg');
    assert.equal(read.viewBox, `0 0 ${read.width} ${read.height}`);
    const visible = flat(read.visible);
    for (const id of units) assert.ok(visible.includes(id), `${system}: the picture names ${id}`);
    for (const t of shown) assert.ok(visible.includes(flat(t)), `${system}: the picture says "${t}"`);
    assert.ok(visible.includes(`${env.base}#p=1`), `${system}: the caption is the share link`);

    const png = await download(page, '#download-png');
    assert.match(png.name, new RegExp(`^movecalc-${system}-\\w+\\.png$`));
    const bytes = readFileSync(png.path);
    copyFileSync(png.path, join(artifacts, `picture-${system}.png`));
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'a PNG signature');
    assert.equal(bytes.toString('latin1', 12, 16), 'IHDR');
    assert.equal(bytes.readUInt32BE(16), read.width * 2, 'the PNG is twice the SVG wide');
    assert.equal(bytes.readUInt32BE(20), read.height * 2, 'the PNG is twice the SVG high');
    assert.deepEqual(errors, []);
    await context.close();
  });
}

test('on a phone the download buttons are in the Share tab, named for screen readers, and give a picture', async () => {
  const { context, page, errors } = await openPage(env, PHONE, { touch: true });
  await ruled(page);
  await openPanel(page, 'share-panel');
  for (const kind of ['SVG', 'PNG']) {
    const b = page.getByRole('button', { name: new RegExp(`^Download ${kind} picture of the board`) });
    await b.scrollIntoViewIfNeeded();
    assert.ok(await b.isVisible(), `Download ${kind} is visible`);
    const box = await b.boundingBox();
    assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `Download ${kind} fits the screen's width`);
    assert.ok(box.height >= 24, `Download ${kind} is tall enough to tap`);
  }
  const svg = await download(page, '#download-svg');
  assert.match(readFileSync(svg.path, 'utf8'), /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.deepEqual(errors, []);
  await context.close();
});
