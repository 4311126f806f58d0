// Finishes public/ after the files are copied: writes examples.js from the scenario files marked
// "example": true (the page's Examples gallery and example picker), and stamps the service worker
// with the build's file list (what it caches for offline use) and content hash, so a new build
// replaces the old cache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const top = fileURLToPath(new URL('..', import.meta.url));
const pub = join(top, 'public');
const scenarios = join(top, 'tests', 'scenarios');

/** The page's examples: describe, then every scenario marked "example": true, folder by folder. */
export function collectExamples(dir = scenarios) {
  const examples = [{ title: 'Describe the engine: systems, queries, limits, assumptions', note: 'What this build answers, its limits and its labelled assumptions.', request: { query: 'describe' } }];
  for (const system of readdirSync(dir).sort()) {
    const sub = join(dir, system);
    if (!statSync(sub).isDirectory()) continue;
    for (const file of readdirSync(sub).filter((f) => f.endsWith('.json')).sort()) {
      const s = JSON.parse(readFileSync(join(sub, file), 'utf8'));
      if (s.example === true) examples.push({ title: String(s.title), ...(s.note === undefined ? {} : { note: String(s.note) }), request: s.request });
    }
  }
  return examples;
}

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}

function build() {
  writeFileSync(join(pub, 'examples.js'), `export const examples = ${JSON.stringify(collectExamples())};\n`);
  const files = walk(pub).filter((p) => !p.endsWith('sw.js')).sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(relative(pub, f)).update(readFileSync(f));
  // The page loads one rule set's engine module at a time; the worker keeps all of them for
  // offline use, but not the all-in-one module, which is there for embedding only.
  const cached = files.filter((f) => !/movecalc-core\.(mjs|wasm)$/.test(f));
  const list = ['./', ...cached.map((f) => './' + relative(pub, f))];
  const sw = readFileSync(join(top, 'web', 'sw.js'), 'utf8')
    .replace('__BUILD_VERSION__', hash.digest('hex').slice(0, 12))
    .replace('__BUILD_FILES__', JSON.stringify(list));
  writeFileSync(join(pub, 'sw.js'), sw);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) build();
