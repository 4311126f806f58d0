// The package under Node (the `node` condition of package.json's exports): movecalc.mjs, with the
// .wasm files found also when this file has been bundled into a server's own (esbuild
// --platform=node, for ESM or CommonJS output), where import.meta.url is the bundle's, not the
// package's: a file missing beside it is resolved as `movecalc/dist/<name>` from the bundle's
// folder, then from the working folder, as Node resolves the package itself.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine as create, MovecalcError } from './movecalc.mjs';

export * from './movecalc.mjs';

// This file's URL; in a CommonJS bundle import.meta is empty and __filename is the bundle's.
const here = () => {
  try {
    if (import.meta.url) return fileURLToPath(import.meta.url);
  } catch { /* not a file: URL */ }
  // eslint-disable-next-line no-undef
  return typeof __filename === 'string' ? __filename : join(process.cwd(), 'index.js');
};

/** The package's own file `dist/<name>`: beside this file, else through Node's resolution. */
export function locatePackageFile(name) {
  const self = here();
  const beside = join(self, '..', 'dist', name);
  if (existsSync(beside)) return beside;
  for (const from of [self, join(process.cwd(), 'index.js')]) {
    try {
      return createRequire(from).resolve(`movecalc/dist/${name}`);
    } catch { /* not installed where this one looks */ }
  }
  throw new MovecalcError('load_failed', `${name} is neither beside ${self} nor in an installed movecalc package; ` +
    'install movecalc where the server runs, or pass createEngine({ locateFile: (name) => path of that file })');
}

/** createEngine of movecalc.mjs, with locateFile defaulting to the package's own files. */
export function createEngine(options = {}) {
  return create({ locateFile: locatePackageFile, ...options });
}
