#!/usr/bin/env node
// Serves public/ on localhost with the headers a static host should send (README "Hosting"):
// a strict Content-Security-Policy that still lets WebAssembly compile, and the wasm MIME type.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const publicDir = resolve(fileURLToPath(new URL('../public/', import.meta.url)));
const types = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.webmanifest': 'application/manifest+json',
};
/** The headers of README "Hosting"; `frameAncestors` lists the sites that may frame the page (embeds). */
export function headersFor(frameAncestors = "'self'") {
  return {
    'Content-Security-Policy':
      "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; " +
      `connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors ${frameAncestors}; ` +
      // the page builds no HTML from strings; its only script URLs (the workers') pass its policy
      "require-trusted-types-for 'script'; trusted-types movecalc",
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}
export const securityHeaders = headersFor();

/** Serves `root` (public/ by default); FRAME_ANCESTORS in the environment sets who may embed it. */
export function startServer(port = 0, host = '127.0.0.1', { root = publicDir, frameAncestors = process.env.FRAME_ANCESTORS ?? "'self'" } = {}) {
  const headers = headersFor(frameAncestors);
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      let path = normalize(decodeURIComponent(url.pathname));
      if (path.endsWith('/')) path += 'index.html';
      const file = join(root, path);
      if (!file.startsWith(root + '/') && file !== root) throw new Error('outside');
      if (!(await stat(file)).isFile()) throw new Error('not a file');
      const body = await readFile(file);
      res.writeHead(200, {
        'Content-Type': types[extname(file)] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ...headers,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end('not found\n');
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 8080);
  const server = await startServer(port, process.env.HOST ?? '127.0.0.1');
  const { address, port: bound } = server.address();
  console.log(`movecalc is running at http://${address === '127.0.0.1' ? 'localhost' : address}:${bound}/  (Ctrl+C stops it)`);
}
