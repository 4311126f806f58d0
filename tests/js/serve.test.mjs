// bin/serve.mjs, the development server and the reference for a static host's headers (README
// "Hosting"): revalidation against a strong ETag, 304 when unchanged, compression on request.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { mkdtempSync, writeFileSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startServer } from '../../bin/serve.mjs';

const root = mkdtempSync(join(tmpdir(), 'movecalc-serve-'));
const text = 'movecalc '.repeat(400); // 3,600 bytes: compressible, above the minimum size
writeFileSync(join(root, 'app.js'), text);
writeFileSync(join(root, 'tiny.js'), 'x');
const server = await startServer(0, '127.0.0.1', { root });
after(() => server.close());

// Raw HTTP (fetch would decompress and hide Content-Encoding's effect on the bytes).
function get(path, headers = {}, method = 'GET') {
  return new Promise((done, fail) => {
    const req = request({ host: '127.0.0.1', port: server.address().port, path, headers, method }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => done({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', fail);
    req.end();
  });
}

test('a file carries a strong ETag, Last-Modified and no-cache, and an unchanged one is 304 without a body', async () => {
  const first = await get('/app.js');
  assert.equal(first.status, 200);
  assert.equal(first.body.toString(), text);
  assert.match(first.headers.etag, /^"[A-Za-z0-9_-]+"$/);
  assert.equal(first.headers['cache-control'], 'no-cache');
  assert.ok(Date.parse(first.headers['last-modified']) > 0);
  const again = await get('/app.js', { 'If-None-Match': first.headers.etag });
  assert.equal(again.status, 304);
  assert.equal(again.body.length, 0);
  assert.equal(again.headers.etag, first.headers.etag);
  const byDate = await get('/app.js', { 'If-Modified-Since': first.headers['last-modified'] });
  assert.equal(byDate.status, 304);
  assert.equal((await get('/app.js', { 'If-None-Match': '"other"' })).status, 200);
});

test('a changed file gets a new ETag and its new bytes', async () => {
  const before = await get('/tiny.js');
  writeFileSync(join(root, 'tiny.js'), 'y');
  const later = new Date(Date.now() + 5000);
  utimesSync(join(root, 'tiny.js'), later, later);
  const after = await get('/tiny.js', { 'If-None-Match': before.headers.etag });
  assert.equal(after.status, 200);
  assert.equal(after.body.toString(), 'y');
  assert.notEqual(after.headers.etag, before.headers.etag);
});

test('compressed as the browser asks: brotli first, then gzip, none when refused or tiny; Vary says so', async () => {
  const br = await get('/app.js', { 'Accept-Encoding': 'gzip, deflate, br' });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.equal(br.headers.vary, 'Accept-Encoding');
  assert.ok(br.body.length < text.length / 10);
  assert.equal(brotliDecompressSync(br.body).toString(), text);
  const gz = await get('/app.js', { 'Accept-Encoding': 'gzip, br;q=0' });
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.equal(gunzipSync(gz.body).toString(), text);
  const none = await get('/app.js', { 'Accept-Encoding': 'gzip;q=0' });
  assert.equal(none.headers['content-encoding'], undefined);
  assert.equal(none.body.toString(), text);
  const tiny = await get('/tiny.js', { 'Accept-Encoding': 'br' });
  assert.equal(tiny.headers['content-encoding'], undefined);
});

test('HEAD sends the headers only; a path outside the root or missing is 404', async () => {
  const head = await get('/app.js', {}, 'HEAD');
  assert.equal(head.status, 200);
  assert.equal(head.body.length, 0);
  assert.equal(Number(head.headers['content-length']), text.length);
  assert.equal((await get('/../package.json')).status, 404);
  assert.equal((await get('/%2e%2e/package.json')).status, 404);
  assert.equal((await get('/missing.js')).status, 404);
});
