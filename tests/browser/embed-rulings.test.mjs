// <movecalc-board> rules as the engine does (issue 33): one scenario request per query of every game
// `describe` lists (tests/browser/sample.mjs), each given to the element on a host page of another
// origin as a `{"request": …}` link; the framed page must ask exactly that request and draw the
// engine's ruling of it.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { launch, testSite } from './browser.mjs';
import { startServer } from '../../bin/serve.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { sameRuling, scenarioSample } from './sample.mjs';

const engine = await createEngine();
const described = JSON.parse(engine.requestText('{"query":"describe"}')).result;

let env, host, site, siteBase;
before(async () => {
  env = await launch();
  host = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': `default-src 'none'; script-src ${siteBase}movecalc-board.js; frame-src ${siteBase}` });
    res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A rules wiki</title><script src="${siteBase}movecalc-board.js"></script></head><body><main id="main"></main></body></html>`);
  });
  await new Promise((done) => host.listen(0, '127.0.0.1', done));
  const hostBase = `http://127.0.0.1:${host.address().port}`;
  site = await startServer(0, '127.0.0.1', { root: testSite, frameAncestors: `'self' ${hostBase}` });
  siteBase = `http://127.0.0.1:${site.address().port}/`;
  env.hostBase = hostBase;
});
after(async () => { await env.browser?.close(); env.server?.close(); site?.close(); host?.close(); });

test('<movecalc-board> given one scenario request per query of every game asks that request and draws the engine\'s ruling', { timeout: 600000 }, async () => {
  const context = await env.browser.newContext({ viewport: { width: 900, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  await page.goto(env.hostBase);
  const seen = new Set();
  for (const [file, req] of scenarioSample(described)) {
    const label = file.split('/').slice(-2).join('/');
    const code = `1j.${Buffer.from(JSON.stringify({ request: req })).toString('base64url')}`;
    // a new element for each: as a host page adds one
    await page.evaluate(({ code, game }) => {
      const b = document.createElement('movecalc-board');
      b.setAttribute('link', code);
      b.setAttribute('game', game);
      b.setAttribute('readonly', '');
      b.setAttribute('height', '400');
      document.getElementById('main').replaceChildren(b);
    }, { code, game: req.system });
    const handle = await page.locator('movecalc-board iframe').elementHandle();
    const frame = await handle.contentFrame();
    await sameRuling(frame, req, engine, label);
    seen.add(`${req.system}/${req.query}`);
  }
  const all = described.systems.flatMap((s) => s.queries.map((q) => `${s.id}/${q.name}`)).filter((x) => !x.endsWith('/describe'));
  assert.deepEqual(all.filter((x) => !seen.has(x)), [], 'every query of every game checked');
  assert.deepEqual(errors, []);
  await context.close();
});
