// The service worker's lists (web/build-site.mjs stamps them into public/sw.js): every file of the
// site is named in one of them, or is the all-in-one engine module (there for embedding only), and
// every file named is there. A chunk whose hash ended in "sw" (games-ZGwysdsw.js) was taken for the
// worker's own file and named in none: a first visit fetched a file the worker did not know.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { swLists } from '../../bench/weight.mjs';
import { root } from './util.mjs';

const site = join(root, 'public');
const walk = (dir) => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]));

test('every file of the built site is in the service worker\'s lists, and every file they name is in the site', { skip: !existsSync(join(site, 'sw.js')) && 'public/ is not built' }, () => {
  const { files, games, later } = swLists(site);
  const named = new Set([...files, ...Object.values(games).flat(), ...later].map(([url]) => (url === './' ? 'index.html' : url.slice(2))));
  const onDisk = walk(site).map((f) => relative(site, f)).filter((f) => f !== 'sw.js' && !/movecalc-core\.(mjs|wasm)$/.test(f));
  assert.deepEqual(onDisk.filter((f) => !named.has(f)), [], 'files no list names');
  assert.deepEqual([...named].filter((f) => !existsSync(join(site, f))), [], 'names of files not in the site');
});
