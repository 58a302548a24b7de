// Tests of tests/support/static-server.mjs serving the pre-compressed copies that
// scripts/build.sh writes (`<file>.br`, `<file>.gz`): the copy the request accepts, with its
// Content-Encoding and `Vary: Accept-Encoding`, and the file itself to a client that accepts
// neither. Over real HTTP, on a temporary folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { startStaticServer } from '../support/static-server.mjs';

const SCRIPT = 'console.log("hello from a pre-compressed file");\n'.repeat(40);
let dir;
let server;

before(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hearth-static-'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><title>t</title>');
  await writeFile(path.join(dir, 'app.js'), SCRIPT);
  await writeFile(path.join(dir, 'app.js.gz'), zlib.gzipSync(SCRIPT, { level: 9 }));
  await writeFile(path.join(dir, 'app.js.br'), zlib.brotliCompressSync(SCRIPT));
  await writeFile(path.join(dir, 'style.css'), 'body{}');
  await writeFile(path.join(dir, 'style.css.gz'), zlib.gzipSync('body{}'));
  server = await startStaticServer({ root: dir });
});
after(async () => {
  await server.close();
  await rm(dir, { recursive: true, force: true });
});

/** GETs `p` with `acceptEncoding` (undefined: no header): `{ headers, body }`, body not decoded. */
function get(p, acceptEncoding) {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding };
    http.get(new URL(p, server.url), { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

test('a client that accepts brotli gets the .br copy, labelled', async () => {
  const res = await get('/app.js', 'gzip, deflate, br, zstd');
  assert.equal(res.headers['content-encoding'], 'br');
  assert.equal(res.headers.vary, 'Accept-Encoding');
  assert.match(res.headers['content-type'], /^text\/javascript/);
  assert.equal(Number(res.headers['content-length']), res.body.length);
  assert.equal(zlib.brotliDecompressSync(res.body).toString(), SCRIPT);
});

test('a client that accepts only gzip gets the .gz copy; where there is no .br, gzip is used', async () => {
  const res = await get('/app.js', 'gzip');
  assert.equal(res.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(res.body).toString(), SCRIPT);
  const css = await get('/style.css', 'br, gzip');
  assert.equal(css.headers['content-encoding'], 'gzip');
  assert.equal(zlib.gunzipSync(css.body).toString(), 'body{}');
});

test('a client that accepts neither, or refuses them with q=0, gets the file itself', async () => {
  for (const accept of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
    const res = await get('/app.js', accept);
    assert.equal(res.headers['content-encoding'], undefined, `accept-encoding: ${accept}`);
    assert.equal(res.headers.vary, 'Accept-Encoding');
    assert.equal(res.body.toString(), SCRIPT);
  }
});

test('a file without pre-compressed copies is sent as it is, without Vary', async () => {
  const res = await get('/index.html', 'gzip, br');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.equal(res.headers.vary, undefined);
  assert.equal(res.body.toString(), '<!doctype html><title>t</title>');
});
