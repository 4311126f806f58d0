#!/usr/bin/env node
// npm publishes the file named README.md at the package root, and the repository's README.md is
// its set-up and benchmark tables; the package's own README is docs/package-readme.md (its links
// written from the root). `prepack` runs `node bin/pack-readme.mjs in`: README.md is kept aside as
// .README.repo.md and the package README takes its place; `postpack` runs `out`, which puts it
// back. A pack that died between the two leaves .README.repo.md behind: `in` restores it first.
import { copyFileSync, existsSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = join(root, 'README.md');
const kept = join(root, '.README.repo.md');

function restore() {
  if (existsSync(kept)) renameSync(kept, readme);
}

const step = process.argv[2];
if (step === 'in') {
  restore();
  renameSync(readme, kept);
  copyFileSync(join(root, 'docs', 'package-readme.md'), readme);
} else if (step === 'out') {
  restore();
} else {
  console.error('usage: node bin/pack-readme.mjs in|out');
  process.exit(2);
}
