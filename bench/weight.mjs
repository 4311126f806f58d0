// What a first visit downloads, game by game: a fresh browser (no HTTP cache, no service worker)
// opens the page showing one game, in headless Chromium against bin/serve.mjs, and waits until the
// service worker has installed and cached that game's files. Every URL the page, its workers and
// the service worker fetched (and every file that worker caches up front) is listed with the `gzip -9` size of the file served (KB = 1,024
// bytes, as bench/run.mjs counts). The page shows the game as a first visit would once a visitor
// had picked it: the only thing stored is `{system}` (boot.js reads no more of a first visit).
//   node bench/weight.mjs [--site DIR] [--json]     (no --site: public/)
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { runInNewContext } from 'node:vm';
import { chromium } from 'playwright-core';
import { startServer } from '../bin/serve.mjs';
import { CHROMIUM_ARGS } from './page.mjs';

const top = fileURLToPath(new URL('..', import.meta.url));
export const LIMITS = { visit: 150 * 1024, module: 64 * 1024 };

/** The lists the build stamped into the site's service worker (web/build-site.mjs). */
export function swLists(site) {
  const sw = readFileSync(join(site, 'sw.js'), 'utf8');
  // `NAME=` then an array or object literal (the worker is minified, so a game id may be unquoted):
  // read up to its closing bracket (no URL or hash holds a bracket), as JavaScript
  const list = (name) => {
    const m = new RegExp(`\\b${name} ?= ?(?=[[{])`).exec(sw);
    if (!m) return null;
    for (let i = m.index + m[0].length, j = i, depth = 0; j < sw.length; j++) {
      if ('[{'.includes(sw[j])) depth++;
      else if (']}'.includes(sw[j]) && --depth === 0) return JSON.parse(JSON.stringify(runInNewContext(`(${sw.slice(i, j + 1)})`)));
    }
    throw new Error(`${site}/sw.js: ${name} is not closed`);
  };
  return { files: list('FILES'), games: list('GAME_FILES'), later: list('LATER_FILES') ?? [] };
}

const gzipOf = (site, path) => {
  const file = join(site, path === '' ? 'index.html' : path);
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : null;
};

/**
 * One first visit of `game` on `site` (served at `base`), or through `link` (`?g=…#p=…`, nothing
 * stored then): the files fetched, each
 * `{path, gzip, by}` (`by`: 'page', 'worker' or 'service worker'), and their sum.
 */
export async function firstVisit(browser, base, site, game, link = '') {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const fetched = new Map();
  context.on('request', (r) => {
    const url = new URL(r.url());
    if (url.origin !== new URL(base).origin) return;
    const path = decodeURIComponent(url.pathname.slice(1));
    const by = r.serviceWorker() ? 'service worker' : r.frame?.() ? 'page' : 'worker';
    if (!fetched.has(path)) fetched.set(path, by);
  });
  const page = await context.newPage();
  if (!link) {
    await page.addInitScript((g) => {
      if (!localStorage.getItem('movecalc.page.v1')) localStorage.setItem('movecalc.page.v1', JSON.stringify({ system: g }));
    }, game);
  }
  await page.goto(base + link);
  await page.waitForSelector('body[data-ready="true"]');
  // the service worker installed (its precache fetched) and told of the game (its files cached)
  const { games } = swLists(site);
  await page.waitForFunction(async (urls) => {
    const keys = await caches.keys();
    if (keys.length !== 1) return false;
    const cache = await caches.open(keys[0]);
    return (await Promise.all(urls.map((u) => cache.match(u)))).every(Boolean);
  }, games[game].map(([url]) => new URL(url, base).href), { polling: 200 });
  // the service worker's own script, and what it cached up front, count as fetched even when
  // Chromium reported no request for them (a response taken from the HTTP cache, or an event after
  // the context closed; sw.js went unreported in one visit of ten)
  for (const path of ['sw.js', ...swLists(site).files.map(([url]) => url.slice(2))]) {
    if (!fetched.has(path)) fetched.set(path, 'service worker');
  }
  const files = [...fetched].map(([path, by]) => ({ path, by, gzip: gzipOf(site, path) })).sort((a, b) => b.gzip - a.gzip);
  await context.close();
  return { game, files, gzip: files.reduce((a, f) => a + (f.gzip ?? 0), 0) };
}

/** Every game's first visit on `site`; the games from the engine's `describe`. */
export async function firstVisits(site) {
  const { createEngine } = await import('../wasm/movecalc.mjs');
  const engine = await createEngine();
  const ids = engine.request({ query: 'describe' }).result.systems.map((s) => s.id);
  const server = await startServer(0, '127.0.0.1', { root: site });
  const base = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const out = [];
    for (const id of ids) out.push(await firstVisit(browser, base, site, id));
    return out;
  } finally {
    await browser.close();
    server.close();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const site = resolve(args.includes('--site') ? args[args.indexOf('--site') + 1] : join(top, 'public'));
  const visits = await firstVisits(site);
  if (args.includes('--json')) console.log(JSON.stringify(visits));
  else {
    const kb = (b) => (b / 1024).toFixed(1);
    for (const v of visits) {
      console.log(`${v.game}: ${kb(v.gzip)} KB gzip, ${v.files.length} files`);
      console.log('  ' + v.files.map((f) => `${f.path || './'} ${kb(f.gzip)}${f.by === 'page' ? '' : ` (${f.by})`}`).join(', '));
    }
  }
}
