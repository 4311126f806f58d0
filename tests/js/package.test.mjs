// The npm package as a developer gets it: packed, installed from the tarball in a fresh project
// without the network, imported in Node and asked to rule (README "Using the engine").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { installFresh, pack } from '../tools/pack.mjs';
import { loadScenario, nativeCli, scenarioFiles } from './util.mjs';
import { SYSTEM_IDS } from '../../wasm/movecalc.mjs';

const { tarball, files } = pack();
const user = installFresh(tarball);
const systems = SYSTEM_IDS; // the engine's list (src/systems.def)
const firstScenario = (system) => loadScenario(scenarioFiles().find((f) => f.includes(`/scenarios/${system}/`))).request;

test('the tarball holds the wrapper, types, CLI, licence and every module with its .wasm, and no tests', () => {
  for (const f of ['wasm/movecalc.mjs', 'wasm/movecalc.d.ts', 'wasm/movecalc-api.d.ts', 'bin/movecalc.mjs', 'LICENSE', 'README.md', 'CHANGELOG.md', 'package.json']) {
    assert.ok(files.includes(f), f);
  }
  for (const m of ['core', ...systems]) {
    assert.ok(files.includes(`wasm/dist/movecalc-${m}.mjs`), m);
    assert.ok(files.includes(`wasm/dist/movecalc-${m}.wasm`), m);
  }
  assert.deepEqual(files.filter((f) => /^(tests|src|bench)\//.test(f)), []);
  // of the page, only the scene and drawing modules movecalc-render draws with (no DOM among them)
  const page = ['base64url', 'board', 'draw', 'fields', 'geometry', 'hex', 'model', 'picture', 'results', 'scene', 'share', 'svg-context'].map((m) => `web/${m}.js`);
  for (const f of ['bin/movecalc-render.mjs', ...page, ...systems.map((s) => `web/games/${s}.js`), 'web/games/index.js']) assert.ok(files.includes(f), f);
  assert.deepEqual(files.filter((f) => f.startsWith('web/') && !page.includes(f) && !f.startsWith('web/games/')), []);
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
