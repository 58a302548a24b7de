// Static file server for Hearth's built app (dist/, from scripts/build.sh), used by the end-to-end
// tests and for trying a build by hand. Serves index.html for `/` and for unknown paths
// without an extension (client-side routes), and never serves anything outside the root.
// With `headers: true` (CLI `--headers`) it also sends the headers of the root's `_headers`
// file (Netlify's and Cloudflare Pages' format, exact paths only), as such a host would.
// Like nginx's `gzip_static`/`brotli_static` or Caddy's `precompressed`, it sends the file's
// pre-compressed copy (`<file>.br` or `<file>.gz`, which scripts/build.sh writes) with its
// Content-Encoding when the request's Accept-Encoding allows it, so the benchmarks measure
// the bytes a real host transfers; every file that has such a copy gets `Vary: Accept-Encoding`.
// The coding with the highest q value wins (ties: br, then gzip; a malformed q counts as 0;
// an `identity` q above both sends the file itself), and a copy older than its file (a stale
// leftover of an earlier build) is never sent.
//
// CLI: node tests/support/static-server.mjs --root dist [--port N] [--host H] [--headers]

import { createReadStream } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const MIME_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.ftl': 'text/plain; charset=utf-8',
};

/**
 * Serves `root`; `port: 0` picks a free port. `url` is the app's address, ending in `/`;
 * `requests` logs every request received (`{ method, path, headers }`).
 * `headers: true` sends the headers `root/_headers` gives each path (see `parseHeadersFile`).
 */
export async function startStaticServer({ root, port = 0, host = '127.0.0.1', headers = false }) {
  const realRoot = await realpath(root);
  const rules = headers ? parseHeadersFile(await readFile(path.join(realRoot, '_headers'), 'utf8')) : new Map();
  const requests = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method, path: req.url, headers: req.headers });
    serve(req, res, realRoot, rules).catch((error) => {
      const clientGone = !res.socket || res.socket.destroyed;
      if (clientGone) return;
      console.error('static server:', error);
      if (res.headersSent) res.destroy();
      else sendText(res, 500, 'Internal Server Error');
    });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}/`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/**
 * Parses a `_headers` file: `#` comments, a path on a line of its own, then its headers
 * indented below it as `Name: value`. Returns a Map from path to `{ name: value }`.
 */
export function parseHeadersFile(text) {
  const rules = new Map();
  let current = null;
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = {};
      rules.set(line.trim(), current);
      continue;
    }
    const colon = line.indexOf(':');
    if (!current || colon < 0) throw new Error(`_headers: a header line outside a path, or without a colon: ${line}`);
    current[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return rules;
}

async function serve(req, res, root, rules) {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('allow', 'GET, HEAD');
    return sendText(res, 405, 'Method Not Allowed');
  }
  const file = await resolveFile(root, req.url);
  if (!file) return sendText(res, 404, 'Not Found');
  const pathname = new URL(req.url, 'http://static.invalid').pathname;
  const isIndex = file.path === path.join(root, 'index.html');
  const variants = await compressedVariants(root, file.path);
  const chosen = chooseVariant(variants, acceptedEncodings(req.headers['accept-encoding']));
  const body = chosen ?? file;
  res.writeHead(200, {
    ...(rules.get(pathname) ?? (isIndex ? rules.get('/index.html') : undefined)),
    'content-type': MIME_TYPES[path.extname(file.path).toLowerCase()] ?? 'application/octet-stream',
    'content-length': body.size,
    'cache-control': 'no-cache',
    ...(chosen ? { 'content-encoding': chosen.encoding } : {}),
    ...(variants.length ? { vary: 'Accept-Encoding' } : {}),
  });
  if (req.method === 'HEAD') return res.end();
  await pipeline(createReadStream(body.path), res);
}

/**
 * The pre-compressed copies of `file` that exist and are not older than it (by mtime),
 * br first: `[{ encoding, path, size }]`.
 */
async function compressedVariants(root, file) {
  const original = await regularFile(root, file);
  const found = [];
  for (const [encoding, suffix] of [['br', '.br'], ['gzip', '.gz']]) {
    const copy = await regularFile(root, file + suffix);
    if (copy && original && copy.mtimeMs >= original.mtimeMs) found.push({ encoding, ...copy });
  }
  return found;
}

/**
 * The copy to send: the accepted one with the highest q (`variants` is in tie order, br
 * first), or null for the file itself (nothing accepted, or `identity` preferred).
 */
function chooseVariant(variants, accepted) {
  let best = null;
  let bestQ = 0;
  for (const v of variants) {
    const q = accepted.get(v.encoding) ?? accepted.get('*') ?? 0;
    if (q > bestQ) [best, bestQ] = [v, q];
  }
  const identity = accepted.get('identity');
  return identity !== undefined && identity > bestQ ? null : best;
}

/** A qvalue as RFC 9110 §12.4.2 writes it ("0" to "1", at most three decimals), else 0. */
function qValue(text) {
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(text) ? Number(text) : 0;
}

/** The content codings an Accept-Encoding header names, lower case, each with its q (default 1). */
function acceptedEncodings(header) {
  const accepted = new Map();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name.trim()) continue;
    const q = params.map((p) => p.trim()).find((p) => /^q\s*=/.test(p));
    accepted.set(name.trim(), q === undefined ? 1 : qValue(q.slice(q.indexOf('=') + 1).trim()));
  }
  return accepted;
}

/** The file to send for `requestUrl` as `{ path, size }`, or null for a 404. */
async function resolveFile(root, requestUrl) {
  let pathname;
  try {
    pathname = decodeURIComponent(new URL(requestUrl, 'http://static.invalid').pathname);
  } catch {
    return null;
  }
  const requested = await regularFile(root, path.join(root, pathname));
  if (requested) return requested;
  return path.extname(pathname) === '' ? regularFile(root, path.join(root, 'index.html')) : null;
}

/** `{ path, size, mtimeMs }` when `candidate` is a regular file inside `root` (after symlinks), else null. */
async function regularFile(root, candidate) {
  try {
    const real = await realpath(candidate);
    const info = await stat(real);
    const inside = real.startsWith(root + path.sep);
    return inside && info.isFile() ? { path: real, size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

function sendText(res, status, text) {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
  res.end(text);
}

async function main() {
  const { values } = parseArgs({
    options: {
      root: { type: 'string' },
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
      headers: { type: 'boolean', default: false },
    },
  });
  if (!values.root) {
    console.error('usage: node tests/support/static-server.mjs --root dist [--port N] [--host H] [--headers]');
    process.exit(2);
  }
  const app = await startStaticServer({
    root: values.root,
    port: Number(values.port),
    host: values.host,
    headers: values.headers,
  });
  console.log(`Hearth is being served at ${app.url}`);
  const stop = () => app.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
