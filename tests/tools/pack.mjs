// Packs the project as npm would publish it and installs the tarball in a fresh project, without
// the network: what a developer who runs `npm install movecalc` gets (tests/js/package.test.mjs,
// tests/browser/bundlers.test.mjs).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../js/util.mjs';

const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

/**
 * The tarball's path and the list of files npm put in it. The pack runs in a copy of the package's
 * files with its prepack and postpack (bin/pack-readme.mjs swaps README.md for the package's
 * between them), never in the checkout: a test killed mid-pack left the checkout's README.md
 * replaced by the package's, and two test files packing at once mixed them up.
 */
export function pack() {
  const [listed] = JSON.parse(npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root));
  const copy = mkdtempSync(join(tmpdir(), 'movecalc-stage-'));
  for (const f of [...listed.files.map((e) => e.path), 'bin/pack-readme.mjs', 'docs/package-readme.md']) cpSync(join(root, f), join(copy, f));
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-pack-'));
  const [info] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], copy));
  return { tarball: join(dir, info.filename), files: info.files.map((f) => f.path), copy };
}

/** A fresh project (ES modules) with the tarball installed offline; returns its folder. */
export function installFresh(tarball, packageJson = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-user-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module', ...packageJson }));
  npm(['install', '--offline', tarball], dir);
  return dir;
}
