// scripts/dev.sh's server: serves the development build (dist-dev/) as the static server
// serves dist/ (its `_headers`, so the same CSP holds), and reloads the open pages when a
// rebuild is done.
//
// - `/__dev/events` is an event stream: `reload` after each good build, `failed` (with the
//   compiler's last lines) after a bad one, which the page prints to its console.
// - `/__dev/reload.js` listens to it; every index.html served gets a `<script>` naming it
//   (a file of the site, so the page's `script-src 'self'` allows it).
// - `sw.js` is a worker that caches nothing and hands every request to the network, so a
//   reload always gets the newest build (the real worker would serve the old one until an
//   update prompt).
//
// It watches the sources and runs scripts/dev.sh's build command on each change (one build at
// a time; changes during a build start one more after it).
//
//   node scripts/dev-server.mjs --root dist-dev --port 8080 --build "<command>"

import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { createServer, request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { startStaticServer } from '../tests/support/static-server.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** What a change in is worth a rebuild. */
const WATCHED = ['src', 'style', 'hearth-core/src', 'locales', 'index.html', 'Cargo.toml', 'hearth-core/Cargo.toml'];

const RELOAD_JS = `// Hearth's development build: reloads when scripts/dev.sh has rebuilt the app.
const events = new EventSource('/__dev/events');
events.addEventListener('reload', () => location.reload());
events.addEventListener('failed', (event) => console.error('[dev] the build failed:\\n' + event.data));
`;

const PASS_THROUGH_WORKER = `// The development build's service worker: caches nothing, so a reload gets the newest build.
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));
`;

const { values } = parseArgs({
  options: {
    root: { type: 'string', default: 'dist-dev' },
    port: { type: 'string', default: '8080' },
    build: { type: 'string' },
  },
});

const listeners = new Set();
function broadcast(event, data = '') {
  const lines = String(data).split('\n').map((line) => `data: ${line}`).join('\n');
  for (const res of listeners) res.write(`event: ${event}\n${lines}\n\n`);
}

const files = await startStaticServer({ root: path.resolve(values.root), headers: true });

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === '/__dev/events') {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    res.write(': connected\n\n');
    listeners.add(res);
    req.on('close', () => listeners.delete(res));
    return;
  }
  if (url.pathname === '/__dev/reload.js' || url.pathname === '/sw.js') {
    res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
    res.end(url.pathname === '/sw.js' ? PASS_THROUGH_WORKER : RELOAD_JS);
    return;
  }
  // Everything else from the static server; an HTML page gets the reload script.
  const headers = { ...req.headers, 'accept-encoding': 'identity' };
  const upstream = request(new URL(req.url ?? '/', files.url), { method: req.method, headers }, (answer) => {
    const html = String(answer.headers['content-type'] ?? '').startsWith('text/html');
    if (!html) {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      return;
    }
    const chunks = [];
    answer.on('data', (chunk) => chunks.push(chunk));
    answer.on('end', () => {
      const page = Buffer.concat(chunks).toString('utf8').replace('</head>', '<script src="/__dev/reload.js" defer></script></head>');
      const { 'content-length': _, etag: __, ...rest } = answer.headers;
      res.writeHead(answer.statusCode ?? 502, { ...rest, 'cache-control': 'no-store' });
      res.end(page);
    });
  });
  upstream.on('error', (error) => {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(String(error));
  });
  req.pipe(upstream);
});
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`[dev] Hearth's development build: http://127.0.0.1:${values.port}/ (rebuilds and reloads on save)`);
});

let building = false;
let again = false;
let changedAt = 0;
function rebuild() {
  if (!values.build) return;
  if (building) {
    again = true;
    return;
  }
  building = true;
  const started = Date.now();
  const tail = [];
  const child = spawn('bash', ['-c', values.build], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const keep = (chunk) => {
    process.stderr.write(chunk);
    tail.push(...String(chunk).split('\n'));
    tail.splice(0, Math.max(0, tail.length - 40));
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('close', (code) => {
    building = false;
    const seconds = ((Date.now() - changedAt) / 1000).toFixed(1);
    if (code === 0) {
      console.log(`[dev] rebuilt in ${((Date.now() - started) / 1000).toFixed(1)} s; reloading (${seconds} s after the save)`);
      broadcast('reload');
    } else {
      console.log('[dev] the build failed; the page keeps the last good build');
      broadcast('failed', tail.join('\n'));
    }
    if (again) {
      again = false;
      rebuild();
    }
  });
}

let timer = null;
for (const entry of WATCHED) {
  watch(path.join(ROOT, entry), { recursive: true }, (_, file) => {
    if (file && /(^|\/)(\.|#)|~$/.test(file)) return; // editors' temporary files
    if (!timer) changedAt = Date.now();
    clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      rebuild();
    }, 150);
  });
}
