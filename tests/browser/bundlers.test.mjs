// The package in a bundled browser app, as README "Using with a bundler" tells a developer to build
// one: installed from the packed tarball (offline), bundled by Vite with no config and by esbuild
// with the documented recipe (wasmUrl and the .wasm copied beside the bundle), then loaded in
// Chromium, where it must rule as the native engine does.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../bin/serve.mjs';
import { installFresh, pack } from '../tools/pack.mjs';
import { loadScenario, nativeCli, root, scenarioFiles } from '../js/util.mjs';

const request = loadScenario(scenarioFiles().find((f) => f.includes('/scenarios/godsgloom/'))).request;
const native = spawnSync(nativeCli, ['-'], { input: JSON.stringify(request) }).stdout.toString().trimEnd();
const { tarball } = pack();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
});
after(() => browser.close());
const bin = (name) => join(root, 'node_modules', '.bin', name);

const page = (script) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title></head>
<body><script type="module" src="${script}"></script></body></html>\n`;

/** Serves `dir`, opens it in Chromium; what the app wrote into body[data-answer] and the .wasm
 * files it fetched. */
async function answerOf(dir) {
  const server = await startServer(0, '127.0.0.1', { root: dir });
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const errors = [];
    const wasm = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url().replace(/^.*\//, '')); });
    await tab.goto(`http://127.0.0.1:${server.address().port}/`);
    await tab.waitForFunction(() => document.body.dataset.answer, null, { timeout: 15000 });
    assert.deepEqual(errors, []);
    return { answer: await tab.evaluate(() => document.body.dataset.answer), wasm };
  } finally {
    await context.close();
    server.close();
  }
}

test('Vite with no config: the built app loads only its game module and rules as natively', async () => {
  const app = installFresh(tarball);
  writeFileSync(join(app, 'index.html'), page('./main.js'));
  writeFileSync(join(app, 'main.js'), `import { createEngine } from 'movecalc';
const engine = await createEngine({ systems: ['godsgloom'] });
document.body.dataset.answer = engine.requestText(${JSON.stringify(JSON.stringify(request))});
`);
  execFileSync(bin('vite'), ['build', '--logLevel', 'error'], { cwd: app });
  const { answer, wasm } = await answerOf(join(app, 'dist'));
  assert.equal(answer, native);
  assert.equal(wasm.length, 1);
  assert.match(wasm[0], /^movecalc-godsgloom-.*\.wasm$/);
});

test('esbuild for the browser (README recipe): no node: import, wasmUrl beside the bundle, rules as natively', async () => {
  const app = installFresh(tarball);
  const out = join(app, 'public');
  mkdirSync(out);
  writeFileSync(join(app, 'main.js'), `import { createEngine } from 'movecalc';
const engine = await createEngine({ systems: ['godsgloom'], wasmUrl: new URL('./movecalc-godsgloom.wasm', import.meta.url) });
document.body.dataset.answer = engine.requestText(${JSON.stringify(JSON.stringify(request))});
`);
  execFileSync(bin('esbuild'), ['main.js', '--bundle', '--format=esm', '--splitting', '--platform=browser',
    '--outdir=public', '--log-level=error'], { cwd: app });
  copyFileSync(join(app, 'node_modules', 'movecalc', 'wasm', 'dist', 'movecalc-godsgloom.wasm'), join(out, 'movecalc-godsgloom.wasm'));
  writeFileSync(join(out, 'index.html'), page('./main.js'));
  for (const f of readdirSync(out).filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(readFileSync(join(out, f), 'utf8'), /(import\s*\(\s*|from\s*)["']node:/, f);
  }
  const { answer, wasm } = await answerOf(out);
  assert.equal(answer, native);
  assert.deepEqual(wasm, ['movecalc-godsgloom.wasm']);
});
