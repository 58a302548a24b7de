// End-to-end tests of the service worker's install (src/io/service_worker/sw.js) in real
// headless Chromium, service workers allowed, against a small host made here that lets the
// browser keep the built files in its HTTP cache (`Cache-Control: max-age`, as hosts send
// for hashed files; tests/support/static-server.mjs sends `no-cache`, which makes every
// fetch go to the host):
//
// - the first visit downloads the wasm and the app's script once: the install takes them
//   from the HTTP cache the page has just filled, and asks past it for nothing;
// - a file that is not the built one (a stale copy) is fetched again past the HTTP cache
//   (`cache: 'reload'`, which sends `Cache-Control: no-cache`), and the install succeeds
//   with the right one; a file that stays wrong fails the install (no worker takes over).
// No timing is asserted.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, readdir } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { waitUntil } from '../support/browser.mjs';
import { loadApp, useHarness } from '../support/chat.mjs';
import { builtApp } from '../support/dist.mjs';

const DIST = builtApp();
const WORKERS = { serviceWorkers: 'allow' };

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
};

/**
 * Serves `root` on loopback: index.html and sw.js with `no-cache`, every other file with
 * `max-age=3600`. `override(path, count)` may return other bytes for a request (count: how
 * many times that path was asked for, from 1). Logs `{ path, cacheControl }` per request.
 */
async function startCachingHost(folder, override = () => null) {
  const root = path.resolve(folder);
  const requests = [];
  const server = createServer(async (req, res) => {
    const pathname = decodeURIComponent(new URL(req.url, 'http://host.invalid').pathname);
    requests.push({ path: pathname, cacheControl: req.headers['cache-control'] ?? '' });
    const name = pathname === '/' ? 'index.html' : pathname.slice(1);
    const file = path.join(root, path.normalize(name));
    if (!file.startsWith(root + path.sep)) return res.writeHead(404).end();
    let body;
    try {
      body = await readFile(file);
    } catch {
      return res.writeHead(404).end();
    }
    body = override(pathname, requests.filter((r) => r.path === pathname).length) ?? body;
    const fresh = name === 'index.html' || name === 'sw.js' ? 'no-cache' : 'max-age=3600';
    res.writeHead(200, { 'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream', 'cache-control': fresh });
    res.end(body);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    requests,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** The page's registration's state: which workers it has, by state. */
function registrationState(page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration) return { registered: false };
    const state = (worker) => worker?.state ?? null;
    return {
      registered: true,
      installing: state(registration.installing),
      waiting: state(registration.waiting),
      active: state(registration.active),
      controlled: navigator.serviceWorker.controller !== null,
    };
  });
}

describe('the service worker’s install and the HTTP cache', () => {
  const env = useHarness();

  test('the first visit downloads the wasm and the app’s script once; the install reuses the HTTP cache', async (t) => {
    const host = await startCachingHost(DIST);
    t.after(() => host.close());
    const { context, page, errors } = await loadApp(await env.browser.newContext(WORKERS), host.url);
    t.after(() => context.close());
    await waitUntil(async () => (await registrationState(page)).active === 'activated', 'the worker is active');
    // The build's app folder (scripts/assemble.mjs): its main wasm and its script.
    const apps = (await readdir(DIST)).filter((name) => /^app-[0-9a-f]{16}$/.test(name));
    assert.equal(apps.length, 1, `one app folder: ${apps}`);
    const built = ['hearth_bg.wasm', 'hearth.js'].map((file) => `${apps[0]}/${file}`);
    for (const name of built) {
      const asked = host.requests.filter((r) => r.path === `/${name}`);
      assert.equal(asked.length, 1, `${name} was downloaded once: ${JSON.stringify(asked)}`);
    }
    const past = host.requests.filter((r) => /no-cache/.test(r.cacheControl));
    assert.deepEqual(past, [], 'the install asked for nothing past the HTTP cache');
    assert.deepEqual(errors, []);
  });

  test('a stale copy is fetched again past the HTTP cache; a file that stays wrong fails the install', async (t) => {
    // app-view.css: precached, but not loaded by the page, so the worker asks for it first.
    const stale = Buffer.from('/* not the built file */');
    const once = await startCachingHost(DIST, (p, count) => (p === '/app-view.css' && count === 1 ? stale : null));
    t.after(() => once.close());
    const first = await loadApp(await env.browser.newContext(WORKERS), once.url);
    t.after(() => first.context.close());
    await waitUntil(async () => (await registrationState(first.page)).active === 'activated', 'the worker is active');
    const asked = once.requests.filter((r) => r.path === '/app-view.css');
    assert.equal(asked.length, 2, JSON.stringify(asked));
    assert.doesNotMatch(asked[0].cacheControl, /no-cache/, 'first through the HTTP cache');
    assert.match(asked[1].cacheControl, /no-cache/, 'then past it');
    const cached = await first.page.evaluate(async () => {
      for (const name of await caches.keys()) {
        const hit = await (await caches.open(name)).match('app-view.css');
        if (hit) return hit.text();
      }
      return null;
    });
    assert.equal(cached, await readFile(path.join(DIST, 'app-view.css'), 'utf8'), 'the built file is cached');

    const always = await startCachingHost(DIST, (p) => (p === '/app-view.css' ? stale : null));
    t.after(() => always.close());
    const second = await loadApp(await env.browser.newContext(WORKERS), always.url);
    t.after(() => second.context.close());
    await waitUntil(() => always.requests.filter((r) => r.path === '/app-view.css').length === 2, 'the file was asked for twice');
    await waitUntil(async () => {
      const state = await registrationState(second.page);
      return !state.registered || (!state.installing && !state.waiting && !state.active);
    }, 'the install failed and left no worker');
    assert.equal((await registrationState(second.page)).controlled ?? false, false, 'no worker controls the page');
    assert.deepEqual(first.errors, []);
    assert.deepEqual(second.errors, []);
  });
});
