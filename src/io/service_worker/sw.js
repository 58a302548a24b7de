// Hearth's service worker: makes the app open without a network. scripts/assemble.mjs copies
// this file to dist/sw.js; scripts/precache.mjs (which it runs) then replaces the placeholder
// below with the built files' names and SHA-256 hashes and a build id, so each build is a
// new worker with its own cache, `hearth-<build id>`. src/boot.js registers it once the app
// is mounted, with scope `./` (the folder Hearth is served from).
//
// - install: fetches every listed file (not the on-demand ones) (through the HTTP cache, which the first visit has
//   just filled, so nothing is downloaded twice), checks its hash, refetches a file whose
//   hash differs past the HTTP cache (a stale copy), and fails the install when it still
//   differs (a host that serves a half-deployed build: the old worker keeps serving); then
//   stores it. It never calls skipWaiting() by itself: a new version waits until a page
//   sends `{type: 'SKIP_WAITING'}` (the update prompt, src/io/service_worker.rs).
// - activate: deletes the other `hearth-*` caches (older builds) and takes control of the
//   open pages (clients.claim()).
// - fetch: answers only same-origin GET requests inside the scope without credentials
//   headers: a navigation to the app gets the cached index.html (the network if it is
//   missing), a listed file comes from the cache, an on-demand file (the Mermaid library)
//   from the cache, or on a miss from the network, checked against its hash and stored, so
//   a diagram shown once online shows offline too. Everything else (providers, fetched URLs,
//   any request carrying a key) is not touched at all: no respondWith, the browser does it.
//   A cached response keeps the headers the host sent (the CSP of each page), except:
// - the sandboxed frame documents (FRAMES: the JavaScript tools' sandbox-*.html, the app
//   previews' app-frame*.html, the MCP Apps views' mcp-app-frame.html, the Mermaid diagrams'
//   diagram-frame.html) are always answered with their own policy from `_headers`
//   as the Content-Security-Policy header, replacing the host's. Why: Chromium never hands
//   the navigation of an <iframe sandbox> without allow-same-origin to a service worker, so
//   offline those frames could not load. When this worker controls the page, Hearth
//   (src/io/sandbox.rs, src/io/app_frame.rs, app-view.js, src/io/mcp_app_frame.rs,
//   src/io/diagram_frame.rs) adds allow-same-origin to the
//   frame so its navigation comes here, and the header's `sandbox allow-scripts …` makes
//   the document opaque-origin all the same (a CSP sandbox cannot be lifted by the frame's
//   attribute). Hearth sends code or an app to the frame only after the frame's first
//   message arrives from origin "null", and the frame's own script runs nothing unless
//   `self.origin` is "null": should a document ever arrive here without the header, it
//   runs nothing, Hearth removes it and uses a frame without allow-same-origin instead.
//   Any other frame navigation inside the scope is refused (a network error), so an app
//   cannot navigate its frame to another page of Hearth's and have it run in Hearth's origin.
//   The documents are self-contained (their scripts inlined by scripts/frames.mjs at build
//   time): an opaque-origin document's own requests never come to a worker.
'use strict';

/**
 * `{ build, files: [{ name, sha256 }], onDemand: [{ name, sha256 }] }`, written by
 * scripts/precache.mjs at build time.
 */
const PRECACHE = /* HEARTH_PRECACHE */ null;

/**
 * `{ name: policy }`: the sandboxed frame documents and their Content-Security-Policy, from
 * `_headers`, written by scripts/precache.mjs at build time (each has a `sandbox` directive).
 */
const FRAMES = /* HEARTH_FRAMES */ {};

if (!PRECACHE) throw new Error('sw.js: no precache list; build with scripts/build.sh (scripts/precache.mjs fills it in)');

const CACHE = `hearth-${PRECACHE.build}`;
const SCOPE = new URL(self.registration.scope);
/** The listed files, by their URL without query or fragment. */
const LISTED = new Map(PRECACHE.files.map((file) => [new URL(file.name, SCOPE).href, file]));
/** The on-demand files (the Mermaid library), by URL: cached the first time they are fetched. */
const ON_DEMAND = new Map((PRECACHE.onDemand ?? []).map((file) => [new URL(file.name, SCOPE).href, file]));
const INDEX = new URL('index.html', SCOPE).href;
/** The frame documents' policies, by URL. */
const FRAME_POLICIES = new Map(Object.entries(FRAMES).map(([name, policy]) => [new URL(name, SCOPE).href, policy]));
/** Headers that carry a key: such a request is never answered from here. */
const KEY_HEADERS = ['authorization', 'x-api-key', 'x-goog-api-key'];

/** The lower-case hex SHA-256 of `bytes`. */
async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Fetches `url` with the cache mode `cache`: its response and body, and the body's SHA-256. */
async function download(url, cache) {
  const response = await fetch(new Request(url, { cache, credentials: 'same-origin' }));
  if (!response.ok) return { response, body: null, hash: null };
  const body = await response.arrayBuffer();
  return { response, body, hash: await sha256(body) };
}

/**
 * Fetches one listed file, checks it is the built file, and stores it with the status and
 * headers the host sent (a redirect is followed and stored as the final response, which a
 * navigation may use). The first fetch may come from the HTTP cache (the first visit has
 * just loaded the same files); only when that is not the built file is it fetched again
 * past the HTTP cache.
 */
async function precache(cache, url, file) {
  let got = await download(url, 'default');
  if (got.hash !== file.sha256) got = await download(url, 'reload');
  const { response, body, hash } = got;
  if (!response.ok) throw new Error(`sw.js: ${file.name} answered ${response.status}`);
  if (hash !== file.sha256) throw new Error(`sw.js: ${file.name} is not the built file (sha256 ${hash})`);
  const headers = new Headers(response.headers);
  // The body is stored decoded; these described the bytes on the wire.
  headers.delete('content-encoding');
  headers.delete('content-length');
  await cache.put(url, new Response(body, { status: response.status, statusText: response.statusText, headers }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await Promise.all([...LISTED].map(([url, file]) => precache(cache, url, file)));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith('hearth-') && name !== CACHE).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

/** The cached response for `url` in this build's cache, else the network's for `request`. */
async function cachedOr(url, request) {
  const cache = await caches.open(CACHE);
  return (await cache.match(url)) ?? fetch(request);
}

/**
 * An on-demand file: from this build's cache, else fetched (as at install: its hash checked,
 * past the HTTP cache when it differs) and stored; a file that is not the built one is not
 * stored and the request fails.
 */
async function onDemand(url, file) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(url);
  if (cached) return cached;
  try {
    await precache(cache, url, file);
  } catch {
    return Response.error();
  }
  return (await cache.match(url)) ?? Response.error();
}

/**
 * A frame document (cached, else from the network) with `policy` as its only
 * Content-Security-Policy header: whatever the host sent, the document is sandboxed into an
 * opaque origin by the policy's `sandbox` directive.
 */
async function frameDocument(url, policy) {
  const cache = await caches.open(CACHE);
  const response = (await cache.match(url)) ?? (await fetch(new Request(url, { credentials: 'same-origin' })));
  const headers = new Headers(response.headers);
  headers.delete('content-security-policy-report-only');
  headers.delete('content-encoding');
  headers.delete('content-length');
  headers.set('content-security-policy', policy);
  return new Response(await response.arrayBuffer(), { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== SCOPE.origin || !url.pathname.startsWith(SCOPE.pathname)) return;
  const bare = `${url.origin}${url.pathname}`;
  // Every frame navigation inside the scope, whatever its method, is answered here: a GET of
  // one of Hearth's frame documents gets it with its own policy, anything else a network
  // error. Hearth frames only those documents, and an app whose frame has allow-same-origin
  // (the worker's case) that navigates it to another of Hearth's pages (Hearth's CSP
  // frame-src 'self' allows that), by a link or by posting a form, must not get a page of
  // Hearth's running there, in Hearth's origin (from this cache or from a host that ignores
  // _headers, whose frame-ancestors 'none' would refuse it).
  if (request.mode === 'navigate' && (request.destination === 'iframe' || request.destination === 'frame')) {
    const framed = request.method === 'GET' ? FRAME_POLICIES.get(bare) : undefined;
    event.respondWith(framed ? frameDocument(bare, framed) : Response.error());
    return;
  }
  if (request.method !== 'GET') return;
  if (KEY_HEADERS.some((name) => request.headers.has(name))) return;
  const policy = FRAME_POLICIES.get(bare);
  if (policy) {
    event.respondWith(frameDocument(bare, policy));
    return;
  }
  if (LISTED.has(bare)) {
    event.respondWith(cachedOr(bare, request));
    return;
  }
  const wanted = ON_DEMAND.get(bare);
  if (wanted) {
    event.respondWith(onDemand(bare, wanted));
    return;
  }
  // A navigation to the app itself: its folder, or a path without an extension below it
  // (client-side routes, as the static server answers them).
  const rest = url.pathname.slice(SCOPE.pathname.length);
  if (request.mode === 'navigate' && !rest.split('/').pop().includes('.')) {
    event.respondWith(cachedOr(INDEX, request));
  }
});
