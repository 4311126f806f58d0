// Time from navigation to the first ruling drawn, in headless Chromium (Debian's, through
// playwright-core) against bin/serve.mjs on localhost.
//
// What is measured, all in the page's own clock (performance.now(), zero at navigation start):
//   readyMs   - body[data-ready] is set: the engine is loaded, `describe` answered, the pickers
//               filled (web/app.js start());
//   rulingMs  - the first ruling is drawn: a script added before the page's own presses "Rule on
//               it" the moment data-ready appears (no round trip to the test driver), and the time
//               is taken in the next animation frame after the verdict changed. The request is the
//               one the page shows first: the first system's first example once scenario files
//               mark examples, else a `describe` of that system (today).
// Each load gets a fresh browser context (no HTTP cache, no service worker: a first visit); the
// same context then reloads once the service worker controls it (a repeat visit, offline-ready).
import { chromium } from 'playwright-core';
import { startServer } from '../bin/serve.mjs';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];

// Runs in the page before its own scripts (a DevTools-injected script, not subject to the CSP).
function probe() {
  const mark = (name) => { window.__bench[name] = performance.now(); };
  window.__bench = {};
  const watchVerdict = () => {
    const verdict = document.getElementById('verdict');
    const initial = verdict.textContent;
    new MutationObserver((_, obs) => {
      if (verdict.textContent === initial) return;
      obs.disconnect();
      window.__bench.verdict = verdict.textContent;
      window.__bench.request = document.getElementById('request').value;
      requestAnimationFrame(() => mark('rulingMs'));
    }).observe(verdict, { childList: true, characterData: true, subtree: true });
  };
  new MutationObserver((_, obs) => {
    if (!document.body || document.body.dataset.ready !== 'true') return;
    obs.disconnect();
    mark('readyMs');
    watchVerdict();
    document.getElementById('run').click();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-ready'] });
}

async function timedLoad(page, url, reload) {
  if (reload) await page.reload({ waitUntil: 'commit' });
  else await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => window.__bench && window.__bench.rulingMs !== undefined, null, { timeout: 20000 });
  // Where the time went: the document and each file fetched (ms since navigation start).
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const files = {};
    for (const r of performance.getEntriesByType('resource')) {
      const name = new URL(r.name).pathname.replace(/^\//, '');
      if (!(name in files)) files[name] = { startMs: r.startTime, endMs: r.responseEnd };
    }
    return { ...window.__bench, documentMs: nav.responseEnd, domContentLoadedMs: nav.domContentLoadedEventEnd, files };
  });
}

/**
 * Loads the page `loads` times; returns {first: [...], repeat: [...], request, verdict}.
 * `root` serves another copy of the site (an A/B of two builds); by default public/.
 */
export async function measurePage(loads, { root } = {}) {
  const server = await startServer(0, '127.0.0.1', root ? { root } : undefined);
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const first = [], repeat = [];
  let sample = null;
  const errors = [];
  try {
    for (let i = 0; i < loads; i++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(probe);
      const page = await context.newPage();
      page.on('pageerror', (e) => errors.push(String(e)));
      const a = await timedLoad(page, url, false);
      first.push(a);
      sample = sample ?? a;
      // A repeat visit: once the service worker controls the page, reload.
      await page.waitForFunction(() => navigator.serviceWorker && navigator.serviceWorker.controller !== null, null, { timeout: 10000 })
        .catch(() => page.reload({ waitUntil: 'load' }));
      repeat.push(await timedLoad(page, url, true));
      await context.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
  return { first, repeat, request: sample?.request, verdict: sample?.verdict, errors };
}
