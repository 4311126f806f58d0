// The MediaWiki extension (integrations/mediawiki/) end to end against Debian's own MediaWiki
// (1.39, on SQLite; `bin/setup --test` installs it): a wiki installed in a temporary directory and
// served by PHP's built-in server, the extension enabled, a page with <movecalc> tags saved, then
// read in Chromium at phone size: the diagrams rule, an automatic height follows the diagram, a
// fixed one stays, a height forged by another window is ignored, and a bad tag shows an error.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, appendFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launch, artifacts, testSite, PHONE } from './browser.mjs';
import { startServer } from '../../bin/serve.mjs';
import { root } from '../js/util.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { sameRuling, scenarioSample } from './sample.mjs';

const MW = '/usr/share/mediawiki';
const position = { system: 'godsgloom', board: { cols: 8, rows: 6 }, sides: [{ name: 'Wardens', color: '#1d5fbf' }, { name: 'Hollow', color: '#b3261e' }],
  units: [{ id: 'Shieldwall', side: 'Wardens', q: 1, r: 3, facing: 1, speed: 3 }, { id: 'Ghouls', side: 'Hollow', q: 4, r: 1, facing: 4, speed: 3 }],
  query: 'reach', inputs: { reach: { unit: 'Shieldwall' } } };
const request = { system: 'cc-ancients', query: 'reach', unit: 'Hastati',
  units: [{ id: 'Hastati', side: 'Rome', col: 6, row: 6, type: 'medium infantry' }, { id: 'Numidians', side: 'Carthage', col: 5, row: 2, type: 'light cavalry' }] };
// a share link's code in the page's uncompressed format ("1j." and base64url of the JSON)
const code = '1j.' + Buffer.from(JSON.stringify({ request })).toString('base64url');

const wikitext = `== Diagrams ==
<movecalc readonly>${JSON.stringify(position)}</movecalc>

<movecalc link="https://movecalc.example/#p=${code}" height="300" readonly label="C&C reach"/>

<movecalc link="javascript:alert(1)"/>
`;

// One scenario request per query of every game (sample.mjs), each in a tag of its own, inline
const engine = await createEngine();
const described = JSON.parse(engine.requestText('{"query":"describe"}')).result;
const sampled = scenarioSample(described);
const rulingsText = sampled.map(([, req]) => `<movecalc readonly height="300" game="${req.system}">${JSON.stringify({ request: req })}</movecalc>`).join('\n\n');

let env, site, wiki, dir, wikiBase;

const freePort = () => new Promise((done) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => done(port)); });
});

before(async () => {
  assert.ok(existsSync(`${MW}/maintenance/install.php`), `Debian's MediaWiki is not installed (${MW}): run bin/setup --test`);
  dir = mkdtempSync(join(tmpdir(), 'movecalc-mediawiki-'));
  const port = await freePort();
  wikiBase = `http://127.0.0.1:${port}/`;
  env = await launch();
  site = await startServer(0, '127.0.0.1', { root: testSite, frameAncestors: `'self' ${wikiBase.slice(0, -1)}` });
  const siteBase = `http://127.0.0.1:${site.address().port}/`;
  const php = (args, input) => execFileSync('php', args, { cwd: dir, input, env: { ...process.env, MW_CONFIG_FILE: join(dir, 'LocalSettings.php') }, stdio: ['pipe', 'pipe', 'pipe'] });
  php([`${MW}/maintenance/install.php`, '--dbtype=sqlite', `--dbpath=${join(dir, 'data')}`, '--dbname=wiki', `--confpath=${dir}`,
    `--server=${wikiBase.slice(0, -1)}`, '--scriptpath=', '--lang=en', '--pass=movecalc-test-password-1', 'movecalc test wiki', 'Admin']);
  appendFileSync(join(dir, 'LocalSettings.php'), `
wfLoadExtension( 'Movecalc', '${join(root, 'integrations', 'mediawiki', 'extension.json')}' );
$wgMovecalcSite = '${siteBase}';
$wgCacheDirectory = '${join(dir, 'cache')}';
$wgDefaultSkin = 'minerva'; // the responsive skin, as a wiki read on phones has
`);
  php([`${MW}/maintenance/edit.php`, '--summary=movecalc test', 'Movecalc_test'], wikitext);
  php([`${MW}/maintenance/edit.php`, '--summary=movecalc test', 'Movecalc_rulings'], rulingsText);
  wiki = spawn('php', ['-S', `127.0.0.1:${port}`, '-t', MW], { env: { ...process.env, MW_CONFIG_FILE: join(dir, 'LocalSettings.php') }, stdio: 'ignore' });
  for (let i = 0; i < 100; i++) { // the server is up when it answers
    try { await fetch(wikiBase); break; } catch { await new Promise((r) => setTimeout(r, 100)); }
  }
});
after(async () => { await env?.browser?.close(); env?.server?.close(); site?.close(); wiki?.kill(); if (dir) rmSync(dir, { recursive: true, force: true }); });

test('a MediaWiki page with <movecalc> tags shows ruled diagrams, sized to fit a phone', { timeout: 120000 }, async () => {
  const context = await env.browser.newContext({ viewport: PHONE, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${wikiBase}index.php?title=Movecalc_test`);
  const frames = page.locator('iframe.movecalc-frame');
  assert.equal(await frames.count(), 2, 'the two good tags make frames');
  assert.match(await page.locator('strong.error').innerText(), /not a movecalc share link/);

  // the automatic one: ruled, then as tall as the diagram inside it (not the 420 px it starts at)
  const auto = frames.nth(0);
  await auto.scrollIntoViewIfNeeded();
  const inner = await (await auto.elementHandle()).contentFrame();
  await inner.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  assert.match(await inner.locator('#verdict').innerText(), /Shieldwall/);
  assert.equal(await inner.evaluate(() => document.querySelector('h1').textContent), 'movecalc diagram: GODSGLOOM');
  const contentHeight = () => inner.evaluate(() => Math.ceil(document.body.getBoundingClientRect().height));
  // (a plain check: an async one's promise is truthy, and waitForFunction would not wait)
  await page.waitForFunction(() => document.querySelector('iframe.movecalc-frame').style.height !== '420px', null, { timeout: 10000 });
  const frameHeight = async () => parseFloat(await auto.evaluate((f) => f.style.height));
  // the diagram may still grow after its first height (its ruling, its fonts): the frame follows
  const settled = async () => {
    for (let i = 0; i < 100; i++) {
      if (Math.abs(await frameHeight() - await contentHeight()) <= 1) return true;
      await page.waitForTimeout(100);
    }
    return false;
  };
  assert.ok(await settled(), 'the frame is as tall as the diagram');
  const box = await auto.boundingBox();
  assert.ok(box.width <= PHONE.width, 'the frame fits the phone\'s width');

  // opening the ruling in detail makes the diagram taller, and the frame follows
  const before = await frameHeight();
  await inner.locator('.embed-details > summary').click();
  await page.waitForFunction((h) => parseFloat(document.querySelector('iframe.movecalc-frame').style.height) > h + 50, before, { timeout: 10000 });
  assert.ok(await settled());

  // a height posted by any other window (here the wiki page itself) is ignored: checked once a
  // message posted after it has arrived, messages to a window arriving in the order posted
  const kept = await frameHeight();
  await page.evaluate(() => new Promise((done) => {
    window.addEventListener('message', (e) => { if (e.data === 'movecalc-test: after') done(); });
    window.postMessage({ movecalc: 'size', height: 2000 }, '*');
    window.postMessage('movecalc-test: after', '*');
  }));
  assert.equal(await frameHeight(), kept);

  // the fixed one keeps its 300 px and rules the link's request
  const fixed = frames.nth(1);
  await fixed.scrollIntoViewIfNeeded();
  const second = await (await fixed.elementHandle()).contentFrame();
  await second.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
  assert.match(await second.locator('#verdict').innerText(), /Hastati/);
  assert.equal(Math.round((await fixed.boundingBox()).height), 300);
  assert.equal(await fixed.getAttribute('title'), 'C&C reach');

  await auto.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, `mediawiki-${PHONE.width}x${PHONE.height}.png`), fullPage: true });
  assert.deepEqual(errors, []);
  await context.close();
});

test('<movecalc> tags of one scenario request per query of every game each ask that request and draw the engine\'s ruling', { timeout: 600000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(`${wikiBase}index.php?title=Movecalc_rulings`);
  const frames = page.locator('iframe.movecalc-frame');
  assert.equal(await frames.count(), sampled.length, 'a frame per tag');
  const seen = new Set();
  for (const [i, [file, req]] of sampled.entries()) {
    await frames.nth(i).scrollIntoViewIfNeeded(); // the frames load lazily
    await sameRuling(await (await frames.nth(i).elementHandle()).contentFrame(), req, engine, file.split('/').slice(-2).join('/'));
    seen.add(`${req.system}/${req.query}`);
  }
  const all = described.systems.flatMap((s) => s.queries.map((q) => `${s.id}/${q.name}`));
  assert.deepEqual(all.filter((x) => !seen.has(x)), [], 'every query of every game checked');
  assert.deepEqual(errors, []);
  await context.close();
});
