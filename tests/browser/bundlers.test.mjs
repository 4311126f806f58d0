// The package in bundled apps, as the README ("Using with a bundler", also the package's) tells a
// developer to build them: installed once from the packed tarball (offline), each app built by one
// bundler with its recipe (none for Vite and webpack; locateFile and the .wasm copied for esbuild
// and rollup; a server bundle, ESM or CommonJS, with nothing at all), then loaded (Chromium; Node
// for the server) where it must rule as the native engine does. Apps of two games load the second
// with loadSystems.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../bin/serve.mjs';
import { installFresh, pack } from '../tools/pack.mjs';
import { loadScenario, nativeCli, root, scenarioFiles } from '../js/util.mjs';

// Two games' requests (the first scenario of each of two games from describe's list).
const { SYSTEM_IDS } = await import('../../wasm/movecalc.mjs');
const [gameA, gameB] = SYSTEM_IDS.filter((id) => scenarioFiles().some((f) => f.includes(`/scenarios/${id}/`))).slice(-2);
const requestOf = (id) => loadScenario(scenarioFiles().find((f) => f.includes(`/scenarios/${id}/`))).request;
const requests = [requestOf(gameA), requestOf(gameB)];
const natives = requests.map((r) => spawnSync(nativeCli, ['-'], { input: JSON.stringify(r) }).stdout.toString().trimEnd());

const { tarball } = pack();
const app = installFresh(tarball);
const pkgDist = join(app, 'node_modules', 'movecalc', 'wasm', 'dist');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
    '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
});
after(() => browser.close());
const bin = (name) => join(root, 'node_modules', '.bin', name);

const page = (script, module = true) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>app</title></head>
<body><script${module ? ' type="module"' : ''} src="${script}"></script></body></html>\n`;

/**
 * An app's entry: loads gameA, then (with `two`) gameB by loadSystems, and writes the answers into
 * body[data-answer]; `options` is createEngine's options as source text.
 */
function main(options, two) {
  return `import { createEngine } from 'movecalc';
const requests = ${JSON.stringify(requests.slice(0, two ? 2 : 1).map((r) => JSON.stringify(r)))};
createEngine({ systems: [${JSON.stringify(gameA)}], ${options} })
  .then(async (engine) => {
    ${two ? `await engine.loadSystems([${JSON.stringify(gameB)}]);` : ''}
    document.body.dataset.answer = JSON.stringify(requests.map((r) => engine.requestText(r)));
  })
  .catch((e) => { document.body.dataset.answer = JSON.stringify(e.name + ' ' + e.code + ': ' + e.message); });
`;
}

// esbuild and rollup leave the .wasm to the app: the README's recipe copies them to wasm/.
const LOCATE = "locateFile: (name) => new URL('wasm/' + name, document.baseURI)";
function copyWasm(out) {
  mkdirSync(join(out, 'wasm'));
  for (const id of [gameA, gameB]) copyFileSync(join(pkgDist, `movecalc-${id}.wasm`), join(out, 'wasm', `movecalc-${id}.wasm`));
}

/** Opens `url` in Chromium; the answers the app wrote and the .wasm files it fetched. */
async function answerAt(url) {
  const context = await browser.newContext();
  try {
    const tab = await context.newPage();
    const errors = [];
    const wasm = [];
    tab.on('pageerror', (e) => errors.push(String(e)));
    tab.on('request', (r) => { if (r.url().endsWith('.wasm')) wasm.push(r.url().replace(/^.*\//, '')); });
    await tab.goto(url);
    await tab.waitForFunction(() => document.body.dataset.answer, null, { timeout: 30000 });
    assert.deepEqual(errors, []);
    return { answer: JSON.parse(await tab.evaluate(() => document.body.dataset.answer)), wasm };
  } finally {
    await context.close();
  }
}

/** Serves `dir` with bin/serve.mjs (without the movecalc site's own CSP: these are other apps) and opens it. */
async function answerOf(dir) {
  const server = await startServer(0, '127.0.0.1', { root: dir, headers: {} });
  try {
    return await answerAt(`http://127.0.0.1:${server.address().port}/`);
  } finally {
    server.close();
  }
}

function appDir(name, files) {
  const dir = join(app, name);
  mkdirSync(dir, { recursive: true });
  for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
  return dir;
}

test('Vite build with no config: the app loads only its game module and rules as natively', async () => {
  const dir = appDir('vite-app', { 'index.html': page('./main.js'), 'main.js': main('', false) });
  execFileSync(bin('vite'), ['build', '--logLevel', 'error'], { cwd: dir });
  const { answer, wasm } = await answerOf(join(dir, 'dist'));
  assert.deepEqual(answer, natives.slice(0, 1));
  assert.equal(wasm.length, 1);
  assert.match(wasm[0], new RegExp(`^movecalc-${gameA}-.*\\.wasm$`));
});

test('the worker API (movecalc/worker) bundled by Vite with no config: rules off the main thread as natively, in a Web Worker', async () => {
  const dir = appDir('vite-worker', { 'index.html': page('./main.js'), 'main.js': `import { createWorkerEngine } from 'movecalc/worker';
createWorkerEngine({ systems: [${JSON.stringify(gameA)}] })
  .then((engine) => engine.request(${JSON.stringify(JSON.stringify(requests[0]))}))
  .then((response) => { document.body.dataset.answer = JSON.stringify([JSON.stringify(response)]); })
  .catch((e) => { document.body.dataset.answer = JSON.stringify(e.name + ' ' + e.code + ': ' + e.message); });
` });
  execFileSync(bin('vite'), ['build', '--logLevel', 'error'], { cwd: dir });
  const { answer } = await answerOf(join(dir, 'dist'));
  assert.deepEqual(answer.map((a) => JSON.parse(a)), natives.slice(0, 1).map((n) => JSON.parse(n)));
});

test('the Vite dev server with no config: the pre-bundled wrapper finds the package\'s .wasm and rules as natively, two games', async () => {
  const dir = appDir('vite-dev', { 'index.html': page('./main.js'), 'main.js': main('', true) });
  const { createServer } = await import('vite');
  const server = await createServer({ root: dir, configFile: false, logLevel: 'error', server: { port: 0, host: '127.0.0.1' } });
  await server.listen();
  try {
    const { answer, wasm } = await answerAt(server.resolvedUrls.local[0]);
    assert.deepEqual(answer, natives);
    assert.deepEqual([...new Set(wasm)].sort(), [`movecalc-${gameA}.wasm`, `movecalc-${gameB}.wasm`].sort());
  } finally {
    await server.close();
  }
});

test('esbuild for the browser, two games (README recipe: locateFile and the .wasm copied): no node: import, one fetch each', async () => {
  const dir = appDir('esbuild-app', { 'main.js': main(LOCATE, true) });
  const out = join(dir, 'public');
  execFileSync(bin('esbuild'), ['main.js', '--bundle', '--format=esm', '--splitting', '--platform=browser',
    '--outdir=public', '--log-level=error'], { cwd: dir });
  copyWasm(out);
  writeFileSync(join(out, 'index.html'), page('./main.js'));
  for (const f of readdirSync(out).filter((f) => f.endsWith('.js'))) {
    assert.doesNotMatch(readFileSync(join(out, f), 'utf8'), /(import\s*\(\s*|from\s*)["']node:/, f);
  }
  const { answer, wasm } = await answerOf(out);
  assert.deepEqual(answer, natives);
  assert.deepEqual(wasm, [`movecalc-${gameA}.wasm`, `movecalc-${gameB}.wasm`]);
});

test('esbuild without the recipe: a load_failed MovecalcError that names locateFile, the .wasm fetched once, no unhandled rejection', async () => {
  const dir = appDir('esbuild-bare', { 'main.js': main('', false) });
  const out = join(dir, 'public');
  execFileSync(bin('esbuild'), ['main.js', '--bundle', '--format=esm', '--splitting', '--outdir=public', '--log-level=error'], { cwd: dir });
  writeFileSync(join(out, 'index.html'), page('./main.js'));
  const { answer, wasm } = await answerOf(out); // answerOf fails on any page error: an unhandled rejection is one
  assert.match(answer, /^MovecalcError load_failed: .*HTTP 404.*locateFile/);
  assert.deepEqual(wasm, [`movecalc-${gameA}.wasm`]);
});

test('rollup with node-resolve, two games (README recipe: locateFile and the .wasm copied): rules as natively', async () => {
  const dir = appDir('rollup-app', { 'main.js': main(LOCATE, true) });
  const out = join(dir, 'public');
  const { rollup } = await import('@rollup/wasm-node');
  const { nodeResolve } = await import('@rollup/plugin-node-resolve');
  const bundle = await rollup({ input: join(dir, 'main.js'), plugins: [nodeResolve({ browser: true })], onwarn: (w) => assert.fail(`rollup: ${w.message}`) });
  await bundle.write({ dir: out, format: 'es' });
  await bundle.close();
  copyWasm(out);
  writeFileSync(join(out, 'index.html'), page('./main.js'));
  const { answer, wasm } = await answerOf(out);
  assert.deepEqual(answer, natives);
  assert.deepEqual(wasm, [`movecalc-${gameA}.wasm`, `movecalc-${gameB}.wasm`]);
});

test('webpack with no config beyond entry and output: emits the .wasm it loads and rules as natively, two games', async () => {
  const dir = appDir('webpack-app', { 'main.js': main('', true) });
  const out = join(dir, 'public');
  const { default: webpack } = await import('webpack');
  const stats = await new Promise((resolve, reject) => webpack({ mode: 'production', context: dir, entry: './main.js',
    output: { path: out, filename: 'main.js' } }, (err, s) => (err ? reject(err) : resolve(s))));
  assert.equal(stats.hasErrors(), false, stats.toString('errors-only'));
  writeFileSync(join(out, 'index.html'), page('./main.js', false));
  const { answer, wasm } = await answerOf(out);
  assert.deepEqual(answer, natives);
  assert.equal(wasm.length, 2);
});

test('a Node server bundle (esbuild --platform=node, ESM and CommonJS output, the `node` condition): the package\'s own .wasm are read, not beside the bundle', () => {
  const dir = appDir('server-app', {
    // no top-level await: CommonJS output has none
    'server.js': `import { createEngine } from 'movecalc';
createEngine({ systems: [${JSON.stringify(gameA)}] })
  .then(async (engine) => {
    await engine.loadSystems([${JSON.stringify(gameB)}]);
    process.stdout.write(JSON.stringify(${JSON.stringify(requests.map((r) => JSON.stringify(r)))}.map((r) => engine.requestText(r))));
  })
  .catch((e) => { console.error(e); process.exitCode = 1; });
`,
  });
  for (const [format, out] of [['esm', 'server.mjs'], ['cjs', 'server.cjs']]) {
    execFileSync(bin('esbuild'), ['server.js', '--bundle', '--platform=node', `--format=${format}`, `--outfile=out/${out}`, '--log-level=error'], { cwd: dir });
    const r = spawnSync(process.execPath, [join(dir, 'out', out)], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `${format}: ${r.stdout}${r.stderr}`);
    assert.deepEqual(JSON.parse(r.stdout), natives, format);
  }
  assert.deepEqual(readdirSync(join(dir, 'out')).sort(), ['server.cjs', 'server.mjs']);
});
