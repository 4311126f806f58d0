// Packs the project as npm would publish it and installs the tarball in a fresh project, without
// the network: what a developer who runs `npm install movecalc` gets (tests/js/package.test.mjs,
// tests/browser/bundlers.test.mjs).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../js/util.mjs';

const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

/**
 * Runs `fn` holding the checkout's pack lock: a pack swaps README.md for the package's between its
 * prepack and postpack (bin/pack-readme.mjs), so two test files packing at once would mix them up.
 * A lock older than ten minutes is a dead process's.
 */
function locked(fn) {
  const lock = join(root, '.pack.lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 600000) rmSync(lock, { recursive: true, force: true });
      } catch { /* released meanwhile */ }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 200);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** The tarball's path and the list of files npm put in it. */
export function pack() {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-pack-'));
  const [info] = locked(() => JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root)));
  return { tarball: join(dir, info.filename), files: info.files.map((f) => f.path) };
}

/** A fresh project (ES modules) with the tarball installed offline; returns its folder. */
export function installFresh(tarball, packageJson = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-user-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module', ...packageJson }));
  npm(['install', '--offline', tarball], dir);
  return dir;
}
