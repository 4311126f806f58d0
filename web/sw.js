// Offline use: caches the app's own files and answers from the cache first. The build writes the
// version, so that a new build replaces the old cache cleanly, and each file's SHA-256: a file is
// cached only if its bytes are the build's (a captive portal's page answering 200 in place of a
// .wasm must never be kept). On install it caches the files every game's page uses; a file that
// does not match is fetched again, bypassing the HTTP cache; if it still does not match, this
// version is not installed and the one before it (and its cache) stays until the next visit tries
// again. A game's own files (its page module, its engine module and .wasm) are cached when the page
// opens that game, not up front: a visitor of one game does not download the others. Files no first
// view uses (the rules reference, the pictures' and the gallery's modules, the panels' forms) are
// cached when first fetched, checked alike, or on a later visit when the page asks (below).
const VERSION = 'movecalc-__BUILD_VERSION__';
/** [url, SHA-256 hex of its bytes (the first 32 bits)] for every file of the build every game's page uses. */
const FILES = __BUILD_FILES__;
/** Each game's own files, by game id: [url, SHA-256 hex]. */
const GAME_FILES = __BUILD_GAME_FILES__;
/** [url, SHA-256 hex] of every file the page fetches only when a feature is first used. */
const LATER_FILES = __BUILD_LATER_FILES__;
const TRIES = 3;

const absolute = (url) => new URL(url, self.registration.scope).href;
/** SHA-256 of each file cached when first fetched (a game's own, a later feature's), by its absolute URL. */
const LATER_HASHES = new Map([...Object.values(GAME_FILES).flat(), ...LATER_FILES].map(([url, hash]) => [absolute(url), hash]));

// The first 32 bits of the SHA-256, in hex, as the build lists them: they tell the build's bytes
// from a wrong response (a portal's page, an older build's file), which no one crafts against them.
async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', buffer), 0, 4);
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

// The file's response when its bytes hash to `hash`, after up to TRIES fetches.
async function fetchChecked(url, hash) {
  for (let i = 0; i < TRIES; i++) {
    try {
      const response = await fetch(url, { cache: i === 0 ? 'no-cache' : 'reload' });
      if (response.ok && await sha256(await response.clone().arrayBuffer()) === hash) return response;
    } catch { /* offline for now: tried again */ }
  }
  throw new Error(`${url}: not the bytes of this build`);
}

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    // every file checked before any is cached: a version is kept whole or not at all
    const responses = await Promise.all(FILES.map(([url, hash]) => fetchChecked(url, hash)));
    const cache = await caches.open(VERSION);
    await Promise.all(FILES.map(([url], i) => cache.put(url, responses[i])));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()));
});

// The page names the games it has opened ({games: [id]}): their files are cached (the first game's
// were fetched before this worker existed, and the engine's worker may fetch past it). A page this
// worker served (a later visit) adds `rest: true`: the files fetched at a feature's first use are
// cached too, so that each works offline though a first visit never fetched it.
self.addEventListener('message', (event) => {
  const ids = Array.isArray(event.data?.games) ? event.data.games.filter((id) => Object.hasOwn(GAME_FILES, id)) : [];
  const rest = event.data?.rest === true ? LATER_FILES : [];
  event.waitUntil((async () => {
    const cache = await caches.open(VERSION);
    for (const [url, hash] of [...ids.flatMap((id) => GAME_FILES[id]), ...rest]) {
      if (await cache.match(url)) continue;
      try { await cache.put(url, await fetchChecked(url, hash)); } catch { /* offline: cached when next opened */ }
    }
    event.ports[0]?.postMessage('done'); // a caller that gave a port is told when it has tried
  })());
});

self.addEventListener('fetch', (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== 'GET' || url.origin !== self.location.origin) return;
  event.respondWith(
    caches.open(VERSION).then(async (cache) => {
      const hit = await cache.match(event.request, { ignoreSearch: true });
      if (hit) return hit;
      const response = await fetch(event.request);
      // a game's own file, fetched as the page opens the game, or a later feature's: kept if its
      // bytes are the build's
      const hash = LATER_HASHES.get(url.origin + url.pathname);
      if (hash && response.ok && await sha256(await response.clone().arrayBuffer()) === hash) await cache.put(url.origin + url.pathname, response.clone());
      return response;
    }));
});
