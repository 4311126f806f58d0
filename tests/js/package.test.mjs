// The npm package as a developer gets it: packed, installed from the tarball in a fresh project
// without the network, imported in Node and asked to rule (README "Using the engine").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { anchorsOf, linksOf, PACKAGE_README } from '../tools/doc-links.mjs';
import { installFresh, pack } from '../tools/pack.mjs';
import { loadScenario, nativeCli, root, scenarioFiles } from './util.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

const repoReadme = readFileSync(join(root, 'README.md'), 'utf8');
const { tarball, files, copy } = pack();
const user = installFresh(tarball);
const systems = SYSTEM_IDS; // the engine's list (src/systems.def)
const firstScenario = (system) => loadScenario(scenarioFiles().find((f) => f.includes(`/scenarios/${system}/`))).request;

// What the tarball must hold, nothing more: the wrapper and its helpers, types, CLIs, every module
// with its .wasm, the built site (public/, from bin/build), the documents the README and the types
// point at (API, schemas, rules reference, geometry, embedding and hosting), the MediaWiki
// extension, and of the page only the scene and drawing modules the CLIs import (no DOM among them),
// with the play parts and the table's and the hex board's painting the game modules bring
// (web/games/define.js `play`, `paintTable`, `tablePainting`, `hexPainting`, `hexScene`) and the clause dialog
// draw.js imports when a clause is opened.
function expectedFiles() {
  const walk = (dir) => readdirSync(join(root, dir), { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(`${dir}/${e.name}`) : [`${dir}/${e.name}`]));
  return [
    'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md',
    ...['movecalc.mjs', 'movecalc-node.mjs', 'movecalc-error.mjs', 'movecalc-kept.mjs', 'movecalc-worker.mjs',
      'movecalc-worker-thread.mjs', 'movecalc.d.ts', 'movecalc-api.d.ts', 'movecalc-worker.d.ts'].map((f) => `wasm/${f}`),
    ...['core', ...systems].flatMap((m) => [`wasm/dist/movecalc-${m}.mjs`, `wasm/dist/movecalc-${m}.wasm`]),
    ...['movecalc.mjs', 'movecalc-render.mjs', 'input.mjs', 'lines.mjs', 'serve.mjs'].map((f) => `bin/${f}`),
    'docs/api.md', 'docs/embedding.md', 'docs/hosting.md', 'docs/geometry.md', ...walk('integrations/mediawiki'), ...walk('docs/api'), ...walk('docs/schema'), ...walk('docs/rules'),
    ...walk('public'),
    ...['base64url', 'board', 'board-arrows', 'board-table', 'board-hex', 'board-handle', 'board-lattice', 'board-steps', 'board-still', 'board-reveal', 'board-tracks', 'clause-dialog', 'draw', 'draw-hex', 'fields', 'geometry', 'hex', 'hex-line', 'limits', 'link-code', 'model', 'picture', 'results', 'scene', 'scene-hex', 'share', 'slices', 'svg-context', 'tab-menu',
      'panels', 'play-table', 'play-table-order', 'play-table-charge', 'play-table-late', 'ruler-plate', 'play-orders', 'play-orders-drag', 'play-orders-bar', 'order-model', 'order-carry', 'play-eject', 'orders-field', 'play-hex', 'tap-reach', 'play-rolls'].map((m) => `web/${m}.js`),
    ...systems.map((s) => `web/games/${s}.js`), 'web/games/index.js', 'web/games/list.js', 'web/games/define.js', 'web/games/ninth-age-later.js', 'web/games/ninth-age-charge.js', 'web/games/cc-ancients-later.js', 'web/games/cc-ancients-order.js', 'web/games/torn-world-hexon.js',
  ].sort();
}

test('the tarball (npm pack) holds exactly the listed files: wrapper, worker API, types, CLIs, modules, the built site, schemas and rules reference', () => {
  assert.deepEqual([...files].sort(), expectedFiles());
  for (const f of ['public/index.html', 'public/movecalc-board.js', 'public/engine/movecalc.mjs', 'docs/schema/envelope.schema.json']) assert.ok(files.includes(f), f);
});

test('the package\'s README.md is the short package README (docs/package-readme.md); the packed folder\'s own is put back after', () => {
  const installed = readFileSync(join(user, 'node_modules', 'movecalc', 'README.md'), 'utf8');
  assert.equal(installed, readFileSync(join(root, PACKAGE_README), 'utf8'));
  assert.ok(installed.length < 8000, `${installed.length} characters`);
  for (const h of ['## Install', '## Using the engine', '## Using with a bundler', '## Embed and host', '## Links']) assert.ok(installed.includes(`\n${h}\n`), h);
  assert.equal(readFileSync(join(copy, 'README.md'), 'utf8'), repoReadme);
  assert.ok(!existsSync(join(copy, '.README.repo.md')));
});

test('the package README\'s first example, run as written in the fresh project, rules', () => {
  const readme = readFileSync(join(user, 'node_modules', 'movecalc', 'README.md'), 'utf8');
  const example = /```js\n([\s\S]*?)```/.exec(readme)[1];
  assert.match(example, /from 'movecalc'/);
  writeFileSync(join(user, 'readme-example.mjs'), example);
  const r = spawnSync(process.execPath, ['readme-example.mjs'], { cwd: user, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  // a GODSGLOOM unit of Speed 4 in the open reaches some hexes: the example prints how many
  assert.ok(Number(r.stdout.trim()) > 0, r.stdout + r.stderr);
  assert.equal(r.stderr, '');
});

test('every link of the markdown the package ships names a file in the package, or the repository by its absolute address', () => {
  const pkgDir = join(user, 'node_modules', 'movecalc');
  const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'));
  // https://host/owner/name of git+https://host/owner/name.git; a file is <base>/blob/main/<path>
  const base = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
  const tracked = new Set(execFileSync('git', ['ls-files'], { cwd: root, encoding: 'utf8' }).split('\n'));
  const bad = [];
  let relativeLinks = 0;
  let repoLinks = 0;
  for (const file of files.filter((f) => f.endsWith('.md'))) {
    for (const { line, target } of linksOf(readFileSync(join(pkgDir, file), 'utf8'))) {
      const [path, anchor] = target.split('#');
      let md = null;
      if (target.startsWith(base + '/blob/main/')) {
        repoLinks++;
        const inRepo = decodeURIComponent(path.slice(base.length + '/blob/main/'.length));
        if (!tracked.has(inRepo)) bad.push(`${file}:${line}: ${target}: no such file in the repository`);
        else if (inRepo.endsWith('.md')) md = readFileSync(join(root, inRepo), 'utf8');
      } else if (!/^[a-z]+:/i.test(target)) {
        relativeLinks++;
        const abs = path ? join(pkgDir, dirname(file), decodeURIComponent(path)) : join(pkgDir, file);
        const inPkg = relative(pkgDir, abs);
        if (inPkg.startsWith('..') || !existsSync(abs)) bad.push(`${file}:${line}: ${target}: not in the package`);
        else if (abs.endsWith('.md')) md = readFileSync(abs, 'utf8');
      }
      if (md !== null && anchor !== undefined && !anchorsOf(md).has(anchor)) bad.push(`${file}:${line}: ${target}: no heading #${anchor}`);
    }
  }
  assert.ok(relativeLinks > 50 && repoLinks > 0, `${relativeLinks} relative links, ${repoLinks} to the repository`);
  assert.deepEqual(bad, []);
});

test('package.json names the repository, the homepage and where to report bugs', () => {
  const pkg = JSON.parse(readFileSync(join(user, 'node_modules', 'movecalc', 'package.json'), 'utf8'));
  assert.match(pkg.repository.url, /^git\+https:\/\/.+\.git$/);
  assert.match(pkg.homepage, /^https:\/\//);
  assert.match(pkg.bugs.url, /^https:\/\//);
});

test('`npx movecalc serve --port 0 --frame-ancestors …` serves the packaged site with the hosting headers', async () => {
  const bin = join(user, 'node_modules', '.bin', 'movecalc');
  const child = spawn(bin, ['serve', '--port', '0', '--frame-ancestors', "'self' https://wiki.example"], { cwd: user });
  try {
    const url = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => { out += d; const m = /http:\/\/localhost:\d+\//.exec(out); if (m) resolve(m[0]); });
      child.on('exit', (code) => reject(new Error(`movecalc serve exited ${code}`)));
    });
    const page = await fetch(url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /<title>/);
    const csp = page.headers.get('content-security-policy');
    assert.match(csp, /frame-ancestors 'self' https:\/\/wiki\.example/);
    assert.match(csp, /script-src 'self' 'wasm-unsafe-eval'/);
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff');
    const board = await fetch(new URL('movecalc-board.js', url));
    assert.equal(board.status, 200);
    assert.match(board.headers.get('content-type'), /^text\/javascript/);
    const wasm = await fetch(new URL('engine/dist/movecalc-godsgloom.wasm', url));
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
  } finally {
    child.kill();
  }
  const bad = spawnSync(bin, ['serve', '--port', 'x'], { encoding: 'utf8' });
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /usage: movecalc serve/);
});

test('installed from the tarball, `import "movecalc"` rules in Node as the native engine does', () => {
  const script = join(user, 'rule.mjs');
  writeFileSync(script, `
    import { createEngine } from 'movecalc';
    const requests = JSON.parse(process.argv[2]);
    const all = await createEngine();
    const one = await createEngine({ systems: [requests[0].system] });
    process.stdout.write(JSON.stringify(requests.map((r) => [all.requestText(JSON.stringify(r)), one.requestText(JSON.stringify(r))])));
  `);
  for (const system of systems) {
    const request = firstScenario(system);
    const [[all, one]] = JSON.parse(execFileSync(process.execPath, [script, JSON.stringify([request])], { cwd: user, encoding: 'utf8' }));
    const native = spawnSync(nativeCli, ['-'], { input: JSON.stringify(request) }).stdout.toString().trimEnd();
    assert.equal(all, native, system);
    assert.equal(one, native, system);
  }
});

test('the installed `movecalc` bin answers a request and knows its version', () => {
  const bin = join(user, 'node_modules', '.bin', 'movecalc');
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8' });
  assert.equal(version.status, 0);
  assert.equal(version.stdout, `movecalc ${JSON.parse(execFileSync('npm', ['pkg', 'get', 'version'], { cwd: join(user, 'node_modules', 'movecalc'), encoding: 'utf8' }))}\n`);
  const answer = spawnSync(bin, ['-'], { input: '{"query":"describe"}', encoding: 'utf8' });
  assert.equal(answer.status, 0);
  assert.equal(JSON.parse(answer.stdout).ok, true);
});

test('the installed `movecalc-render` bin draws a request as an SVG picture', () => {
  const bin = join(user, 'node_modules', '.bin', 'movecalc-render');
  const request = firstScenario('godsgloom');
  const r = spawnSync(bin, ['-'], { input: JSON.stringify(request), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  for (const u of request.units) assert.ok(r.stdout.includes(u.id), u.id);
});

test('the .wasm files are reachable through the package exports (movecalc/dist/...) for bundlers', () => {
  const resolved = execFileSync(process.execPath, ['--input-type=module', '-e',
    'process.stdout.write(import.meta.resolve("movecalc/dist/movecalc-godsgloom.wasm"))'], { cwd: user, encoding: 'utf8' });
  assert.match(resolved, /node_modules\/movecalc\/wasm\/dist\/movecalc-godsgloom\.wasm$/);
});
