// What a visitor downloads on a first visit, game by game (issue 36's weight): the site as deployed
// (public/, no test hook), each game's first visit in a fresh browser recorded by bench/weight.mjs
// (the page's, its workers' and the service worker's requests) until the service worker has cached
// the game's files.
import { test, after, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServer } from '../../bin/serve.mjs';
import { firstVisit, swLists, LIMITS } from '../../bench/weight.mjs';
import { createEngine } from '../../wasm/movecalc.mjs';
import { toBase64url } from '../../web/base64url.js';
import { collectExamples } from '../../web/build-site.mjs';
import { launch } from './browser.mjs';
import { root } from '../js/util.mjs';

const site = join(root, 'public');
const games = (await createEngine()).request({ query: 'describe' }).result.systems.map((s) => s.id);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
let env;
let server;
let base;
const visits = new Map();
before(async () => {
  env = await launch();
  server = await startServer(0, '127.0.0.1', { root: site });
  base = `http://127.0.0.1:${server.address().port}/`;
  for (const game of games) visits.set(game, await firstVisit(env.browser, base, site, game));
});
after(async () => { await env.browser?.close(); env.server?.close(); server?.close(); });

test('a first visit fetches the files every game uses and its own game\'s, none fetched only at a feature\'s first use, none of another game', () => {
  const { files, games: own, later } = swLists(site);
  // the service worker's own script, and every file it caches up front
  const shared = new Set(['sw.js', ...files.map(([url]) => url.replace(/^\.\//, ''))]);
  for (const game of games) {
    const mine = new Set(own[game].map(([url]) => url.slice(2)));
    for (const { path } of visits.get(game).files) {
      assert.ok(shared.has(path) || mine.has(path), `${game}'s first visit fetched ${path}, which is neither every game's nor ${game}'s own`);
    }
    // the game's own files are all fetched (what the service worker caches up front is counted
    // as fetched by bench/weight.mjs)
    const fetched = new Set(visits.get(game).files.map((f) => f.path));
    for (const path of mine) assert.ok(fetched.has(path), `${game}'s first visit did not fetch ${path}`);
    for (const [url] of later) assert.ok(!fetched.has(url.slice(2)), `${game}'s first visit fetched ${url}, a later feature's`);
  }
  assert.ok(later.some(([url]) => url === './rules.json'), 'the rules reference is fetched when a clause is first opened');
});

// Each table game brings its own way of play on a table (play-table-order.js, play-table-charge.js;
// docs/performance.md "Weight, twelfth round"): a first visit fetches the words of its own keys in
// play (each way's `keys`), not the other's.
test('a table game\'s first visit fetches its own way of play on a table and not the other table game\'s', () => {
  const text = (game) => visits.get(game).files.filter((f) => f.path.endsWith('.js')).map((f) => readFileSync(join(site, f.path), 'utf8')).join('\n');
  const ways = { 'arcane-legions': 'Q and E turn it 45°', 'ninth-age': 'Enter on an enemy asks that charge' };
  for (const [game, own] of Object.entries(ways)) {
    const other = Object.values(ways).find((w) => w !== own);
    assert.ok(text(game).includes(own), `${game}'s first visit fetched its way of play`);
    assert.ok(!text(game).includes(other), `${game}'s first visit fetched the other table game's way of play`);
  }
});

// A share link as the page writes it (`?g=<game>#p=…`, links.js), opened with nothing stored: the
// page starts with the link's game, so no other game's files are fetched (the first game's were).
test('a first visit through a share link fetches its own game\'s files and no other game\'s', async () => {
  const { games: own } = swLists(site);
  for (const game of games) {
    // the game's first worked example (the gallery's, each known to open on the page)
    const request = collectExamples().find((e) => e.request?.system === game)?.request;
    assert.ok(request, `an example of ${game}`);
    const code = `1j.${toBase64url(new TextEncoder().encode(JSON.stringify({ request })))}`;
    const fetched = new Set((await firstVisit(env.browser, base, site, game, `?g=${game}#p=${code}`)).files.map((f) => f.path));
    // (a file two games share, such as table play's, is each one's own, or one game's own and
    // another's at first use: The Ninth Age's charges bring table play, which Arcane Legions' module
    // imports: only what is named for another game, its page modules and engine, is never fetched)
    const mine = new Set(own[game].map(([url]) => url));
    for (const other of games.filter((g) => g !== game)) {
      for (const [url] of own[other].filter(([u]) => u.includes(other))) assert.ok(mine.has(url) || !fetched.has(url.slice(2)), `${game}'s link fetched ${url}, ${other}'s`);
    }
    for (const [url] of own[game]) assert.ok(fetched.has(url.slice(2)), `${game}'s link fetched ${url}`);
  }
});

// Issue 36's module target, met by every game (The Ninth Age's, the largest, 63.96 KB:
// docs/performance.md "Ninth Age module size", seventh round).
test('issue 36: every game\'s engine module is at most 64 KB gzip', () => {
  const over = [];
  for (const game of games) {
    const wasm = visits.get(game).files.find((f) => f.path === `engine/dist/movecalc-${game}.wasm`);
    assert.ok(wasm, `${game}'s engine module was fetched`);
    if (wasm.gzip > LIMITS.module) over.push(`${game}'s engine module ${kb(wasm.gzip)}`);
  }
  assert.deepEqual(over, [], `over the limit of ${kb(LIMITS.module)} a module`);
});

// Met by every game since the nineteenth round of weight (docs/performance.md "Weight, nineteenth
// round": The Ninth Age's first visit 149.6 KB, the largest).
test('issue 36: a game\'s first visit is at most 150 KB gzip', () => {
  const over = [];
  for (const game of games) {
    const v = visits.get(game);
    if (v.gzip > LIMITS.visit) over.push(`${game}'s first visit ${kb(v.gzip)}`);
  }
  assert.deepEqual(over, [], `over the limit of ${kb(LIMITS.visit)} a visit`);
});
