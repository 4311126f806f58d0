// Lighthouse (the npm package, a devDependency) against public/ served by bin/serve.mjs on
// localhost, in Debian's Chromium: its mobile run (the default: a mid-range phone, simulated 4x CPU
// and a slow 4G link) and its desktop preset. Reported: the category scores, FCP, LCP, TBT, and
// every accessibility audit that did not pass with what it flags.
//   node bench/lighthouse.mjs       one line of JSON per form factor
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../bin/serve.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The Lighthouse command: LIGHTHOUSE_BIN, else the project's own devDependency. */
const lighthouseBin = () => process.env.LIGHTHOUSE_BIN ?? join(root, 'node_modules', '.bin', 'lighthouse');

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

function run(args, env) {
  return new Promise((res, rej) => {
    execFile(lighthouseBin(), args, { env, maxBuffer: 64 * 1024 * 1024, timeout: 300000 }, (err, stdout, stderr) => {
      if (err) rej(new Error(`lighthouse failed: ${String(stderr || err.message).trim().split('\n').slice(-3).join(' ')}`));
      else res(stdout);
    });
  });
}

/** What a failed audit flags: the elements' selectors or the items' text, a few of them. */
function flagged(audit) {
  const items = audit.details?.items ?? [];
  return items.slice(0, 8).map((it) => it.node?.selector ?? it.node?.snippet ?? it.url ?? JSON.stringify(it).slice(0, 120));
}

/** One Lighthouse run's figures; `formFactor` 'mobile' or 'desktop'. */
export function figuresOf(lhr, formFactor) {
  const a = lhr.audits;
  const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c] ? Math.round(lhr.categories[c].score * 100) : null]));
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => a[ref.id])
    .filter((x) => x && x.score !== null && x.score < 1 && x.scoreDisplayMode !== 'notApplicable' && x.scoreDisplayMode !== 'manual' && x.scoreDisplayMode !== 'informative')
    .map((x) => ({ id: x.id, title: x.title, flagged: flagged(x) }));
  return {
    formFactor, lighthouse: lhr.lighthouseVersion, scores,
    fcpMs: a['first-contentful-paint']?.numericValue ?? null,
    lcpMs: a['largest-contentful-paint']?.numericValue ?? null,
    tbtMs: a['total-blocking-time']?.numericValue ?? null,
    accessibilityFailing: failing,
    warnings: lhr.runWarnings ?? [],
  };
}

/** Lighthouse's mobile and desktop runs of the site in `site` (default public/). */
export async function measureLighthouse({ site = join(root, 'public') } = {}) {
  if (!existsSync(lighthouseBin())) return { error: `Lighthouse is not installed (${lighthouseBin()}: npm install)` };
  const server = await startServer(0, '127.0.0.1', { root: site });
  const url = `http://127.0.0.1:${server.address().port}/`;
  const env = { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' };
  const out = [];
  try {
    for (const formFactor of ['mobile', 'desktop']) {
      const args = [url, '--output=json', '--output-path=stdout', '--quiet', `--only-categories=${CATEGORIES.join(',')}`,
        '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-features=WebUIOmniboxPopup,PreloadTopChromeWebUI'];
      if (formFactor === 'desktop') args.push('--preset=desktop');
      try {
        out.push(figuresOf(JSON.parse(await run(args, env)), formFactor));
      } catch (err) {
        out.push({ formFactor, error: String(err.message ?? err) });
      }
    }
  } finally {
    server.close();
  }
  return { runs: out };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const r = await measureLighthouse();
  for (const x of r.runs ?? [r]) console.log(JSON.stringify(x));
}
