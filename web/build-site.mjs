// Finishes public/ after the files are copied: writes examples.js from the scenario files marked
// "example": true, and stamps the service worker with the build's file list and content hash.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const top = fileURLToPath(new URL('..', import.meta.url));
const pub = join(top, 'public');
const scenarios = join(top, 'tests', 'scenarios');

const examples = [{ title: 'Describe the engine: systems, queries, limits, assumptions', request: { query: 'describe' } }];
for (const system of readdirSync(scenarios).sort()) {
  const dir = join(scenarios, system);
  if (!statSync(dir).isDirectory()) continue;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const s = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    if (s.example) examples.push({ title: s.title, note: s.note, request: s.request });
  }
}
writeFileSync(join(pub, 'examples.js'), `export const examples = ${JSON.stringify(examples)};\n`);

function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
const files = walk(pub).filter((p) => !p.endsWith('sw.js')).sort();
const hash = createHash('sha256');
for (const f of files) hash.update(relative(pub, f)).update(readFileSync(f));
const list = ['./', ...files.map((f) => './' + relative(pub, f))];
const sw = readFileSync(join(top, 'web', 'sw.js'), 'utf8')
  .replace('__BUILD_VERSION__', hash.digest('hex').slice(0, 12))
  .replace('__BUILD_FILES__', JSON.stringify(list));
writeFileSync(join(pub, 'sw.js'), sw);
