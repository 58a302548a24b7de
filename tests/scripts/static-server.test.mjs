// Tests of tests/support/static-server.mjs serving the pre-compressed copies that
// scripts/build.sh writes (`<file>.br`, `<file>.gz`): the copy the request accepts, with its
// Content-Encoding and `Vary: Accept-Encoding`, and the file itself to a client that accepts
// neither; the highest q value wins (ties: br, then gzip; a malformed q counts as 0); a copy
// older than its file is never sent. Over real HTTP, on a temporary folder.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
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
  // A rebuilt file whose copies are left over from an earlier build (older mtime).
  await writeFile(path.join(dir, 'stale.js'), SCRIPT);
  await writeFile(path.join(dir, 'stale.js.br'), zlib.brotliCompressSync('an older build'));
  await writeFile(path.join(dir, 'stale.js.gz'), zlib.gzipSync('an older build'));
  const past = new Date(Date.now() - 3_600_000);
  await utimes(path.join(dir, 'stale.js.br'), past, past);
  await utimes(path.join(dir, 'stale.js.gz'), past, past);
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

test('the coding with the highest q wins; ties go to br, then gzip', async () => {
  for (const [accept, expected] of [
    ['br;q=0.5, gzip;q=0.9', 'gzip'],
    ['gzip;q=0.8, br', 'br'],
    ['gzip;q=0.7, br;q=0.7', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0.1, gzip;q=0.2, identity;q=0.3', undefined],
    ['*;q=0.5, gzip;q=0.4', 'br'],
  ]) {
    const res = await get('/app.js', accept);
    assert.equal(res.headers['content-encoding'], expected, `accept-encoding: ${accept}`);
    assert.equal(Number(res.headers['content-length']), res.body.length);
  }
});

test('a malformed q value counts as 0', async () => {
  for (const [accept, expected] of [
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=2, gzip;q=0.5', 'gzip'],
    ['br;q=-1, gzip;q=', undefined],
    ['br;q=0.0001, gzip;q=0.001', 'gzip'],
  ]) {
    const res = await get('/app.js', accept);
    assert.equal(res.headers['content-encoding'], expected, `accept-encoding: ${accept}`);
  }
});

test('a copy older than its file is not sent: the file itself goes out', async () => {
  const res = await get('/stale.js', 'br, gzip');
  assert.equal(res.headers['content-encoding'], undefined);
  assert.equal(res.headers.vary, undefined);
  assert.equal(res.body.toString(), SCRIPT);
});
