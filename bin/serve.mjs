#!/usr/bin/env node
// Serves public/ on localhost with the headers a static host should send (README "Hosting"):
// a strict Content-Security-Policy that still lets WebAssembly compile, the wasm MIME type, and
// caching a page with five embeds can live with: every file revalidated (`no-cache`: the build's
// names carry no hash, so nothing may be kept without asking) against a strong ETag, answered 304
// when unchanged, and sent compressed (brotli or gzip) to browsers that take it.
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
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

// Text compresses well; .wasm too (about 2.3 times); images here are SVG. Tiny bodies are not worth it.
const COMPRESSIBLE = new Set(['.html', '.css', '.js', '.mjs', '.json', '.wasm', '.svg', '.webmanifest']);
const MIN_COMPRESS_BYTES = 1024;

// One entry per file as last read: its ETag and the encodings made so far, so that a file is
// hashed and compressed once per change, not once per request.
const cache = new Map(); // path -> {mtimeMs, size, body, etag, encoded: Map(encoding -> bytes)}

async function entryFor(file, info) {
  let e = cache.get(file);
  if (!e || e.mtimeMs !== info.mtimeMs || e.size !== info.size) {
    const body = await readFile(file);
    e = { mtimeMs: info.mtimeMs, size: info.size, body, encoded: new Map(),
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    cache.set(file, e);
  }
  return e;
}

/** The encoding to send: brotli, else gzip, when the client accepts it (q=0 refuses). */
function pickEncoding(accept = '') {
  const ok = (name) => accept.split(',').some((part) => {
    const [token, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)).find(Boolean);
    return token.trim().toLowerCase() === name && (!q || Number(q[1]) > 0);
  });
  return ok('br') ? 'br' : ok('gzip') ? 'gzip' : null;
}

function encoded(e, encoding) {
  if (!e.encoded.has(encoding)) {
    e.encoded.set(encoding, encoding === 'br'
      ? brotliCompressSync(e.body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: e.body.length } })
      : gzipSync(e.body, { level: 9 }));
  }
  return e.encoded.get(encoding);
}

/**
 * Serves `root` (public/ by default); FRAME_ANCESTORS in the environment sets who may embed it.
 * `headers` replaces the security headers (the bundlers test serves other apps than this site).
 */
export function startServer(port = 0, host = '127.0.0.1', { root = publicDir, frameAncestors = process.env.FRAME_ANCESTORS ?? "'self'", headers = headersFor(frameAncestors) } = {}) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://localhost');
      let path = normalize(decodeURIComponent(url.pathname));
      if (path.endsWith('/')) path += 'index.html';
      const file = join(root, path);
      if (!file.startsWith(root + '/') && file !== root) throw new Error('outside');
      const info = await stat(file);
      if (!info.isFile()) throw new Error('not a file');
      const e = await entryFor(file, info);
      const type = extname(file);
      const common = {
        'Content-Type': types[type] ?? 'application/octet-stream',
        'Cache-Control': 'no-cache',
        ETag: e.etag,
        'Last-Modified': new Date(info.mtimeMs).toUTCString(),
        Vary: 'Accept-Encoding',
        ...headers,
      };
      const match = req.headers['if-none-match'];
      const since = Date.parse(req.headers['if-modified-since'] ?? '');
      if (match ? match.split(',').some((t) => t.trim().replace(/^W\//, '') === e.etag)
        : since >= Math.floor(info.mtimeMs / 1000) * 1000) {
        res.writeHead(304, common);
        res.end();
        return;
      }
      const encoding = COMPRESSIBLE.has(type) && e.body.length >= MIN_COMPRESS_BYTES ? pickEncoding(req.headers['accept-encoding']) : null;
      const body = encoding ? encoded(e, encoding) : e.body;
      res.writeHead(200, { ...common, 'Content-Length': body.length, ...(encoding && { 'Content-Encoding': encoding }) });
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', ...headers });
      res.end('not found\n');
    }
  });
  return new Promise((done) => server.listen(port, host, () => done(server)));
}

export const SERVE_USAGE = `usage: movecalc serve [--port N] [--host ADDRESS] [--frame-ancestors ORIGINS]
  Serves the movecalc site this package carries (public/) with the headers of docs/hosting.md.
  --port N                    the port (default: PORT, else 8080; 0 picks a free one)
  --host ADDRESS              the address to listen on (default: HOST, else 127.0.0.1)
  --frame-ancestors ORIGINS   the sites allowed to frame it, space-separated, as the CSP's
                              frame-ancestors (default: FRAME_ANCESTORS, else 'self')
`;

/** `movecalc serve` (and `node bin/serve.mjs`): parses `args`, starts the server; exits 2 on bad arguments. */
export async function serveCommand(args) {
  let port = Number(process.env.PORT ?? 8080);
  let host = process.env.HOST ?? '127.0.0.1';
  let frameAncestors = process.env.FRAME_ANCESTORS ?? "'self'";
  const fail = () => { process.stderr.write(SERVE_USAGE); process.exit(2); };
  for (let i = 0; i < args.length; i++) {
    const [name, inline] = args[i].split(/=(.*)/s);
    const value = () => (inline !== undefined ? inline : i + 1 < args.length ? args[++i] : fail());
    if (name === '--help' || name === '-h') { process.stdout.write(SERVE_USAGE); process.exit(0); }
    else if (name === '--port') { port = Number(value()); if (!Number.isInteger(port) || port < 0 || port > 65535) fail(); }
    else if (name === '--host') host = value();
    else if (name === '--frame-ancestors') frameAncestors = value();
    else fail();
  }
  try { await stat(join(publicDir, 'index.html')); } catch {
    process.stderr.write(`movecalc serve: no site in ${publicDir} (run bin/build in a checkout)\n`);
    process.exit(2);
  }
  const server = await startServer(port, host, { frameAncestors });
  const { address, port: bound } = server.address();
  console.log(`movecalc is running at http://${address === '127.0.0.1' ? 'localhost' : address}:${bound}/  (Ctrl+C stops it)`);
  console.log(`frame-ancestors ${frameAncestors}`);
  return server;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await serveCommand(process.argv.slice(2));
