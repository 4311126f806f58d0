// Packs the project as npm would publish it and installs the tarball in a fresh project, without
// the network: what a developer who runs `npm install movecalc` gets (tests/js/package.test.mjs,
// tests/browser/bundlers.test.mjs).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from '../js/util.mjs';

const npm = (args, cwd) => execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'],
  { cwd, encoding: 'utf8', env: { ...process.env, npm_config_update_notifier: 'false' } });

/** The tarball's path and the list of files npm put in it. */
export function pack() {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-pack-'));
  const [info] = JSON.parse(npm(['pack', '--json', '--pack-destination', dir], root));
  return { tarball: join(dir, info.filename), files: info.files.map((f) => f.path) };
}

/** A fresh project (ES modules) with the tarball installed offline; returns its folder. */
export function installFresh(tarball, packageJson = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'movecalc-user-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'user', private: true, type: 'module', ...packageJson }));
  npm(['install', '--offline', tarball], dir);
  return dir;
}
