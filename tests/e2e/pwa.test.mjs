// End-to-end tests of Hearth as an installable, offline web app, in real headless Chromium
// against the built app (dist/, or $HEARTH_DIST) served with its _headers, with service
// workers allowed (tests/support/browser.mjs blocks them for the other tests):
//
// - installable: Chromium reports no installability errors (DevTools protocol,
//   Page.getInstallabilityErrors) and reads the manifest's fields and icons;
// - the service worker is registered only after the first load (which it never slows), and
//   precaches exactly the built files (scripts/precache.mjs's list, in sw.js) into
//   `hearth-<build id>`, and takes control of the page;
// - offline reload: conversations made online (mock provider) are all there after the
//   static server is stopped and the browser is offline; search finds old text, a backup
//   exports, an import is read and reviewed. It prints (never asserts) the time from the
//   offline reload to a usable Message box, and the precache's size;
// - a new build (sw.js with another build id) installs beside the old one, waits (never
//   activating by itself), and on `{type: 'SKIP_WAITING'}` replaces the old cache;
// - what Chromium does with a frame sandboxed by its attribute alone (no allow-same-origin):
//   its document never comes from the worker (see the test; pwa-frames.test.mjs covers how
//   Hearth's frames load offline anyway).
// Screenshots: the icons, and the app at 1280 and 390 px in dark mode, offline.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchPersistentBrowser, screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, send, settled, useHarness } from '../support/chat.mjs';
import { importFile, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { builtApp } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { precacheList } from '../../scripts/precache.mjs';
import { firstLoadFiles } from '../../scripts/size-budget.mjs';

const DIST = builtApp();
const WORKERS = { serviceWorkers: 'allow' };

/** Waits until the page is controlled by an activated worker; returns its registration's scope. */
function controlled(page) {
  return waitUntil(
    () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated' && navigator.serviceWorker.controller ? registration.scope : null;
      }),
    'a service worker is active and controls the page',
  );
}

/** The page's Cache Storage: `{ name: [{ path, bytes }] }`, paths relative to the origin's root. */
function cacheContents(page) {
  return page.evaluate(async () => {
    const out = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      out[name] = [];
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        out[name].push({ path: new URL(request.url).pathname.slice(1), bytes: (await response.arrayBuffer()).byteLength });
      }
    }
    return out;
  });
}

describe('installable, offline Hearth', () => {
  const env = useHarness();
  let site;
  let downloads;
  before(async () => {
    site = await startStaticServer({ root: DIST, headers: true });
    downloads = await mkdtemp(path.join(tmpdir(), 'hearth-pwa-'));
  });
  after(() => Promise.all([site?.close(), downloads && rm(downloads, { recursive: true })]));

  test('Chromium finds it installable, with the manifest’s name, scope, display, colours and icons', async (t) => {
    // A profile on disk: Chromium never offers to install from an incognito-like context.
    const profile = await mkdtemp(path.join(tmpdir(), 'hearth-pwa-profile-'));
    const context = await launchPersistentBrowser(profile);
    t.after(async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    });
    const { page, errors, violations } = await loadApp(context, site.url, { cspViolations: true });
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'no installability error');
    const manifest = await cdp.send('Page.getAppManifest');
    assert.equal(manifest.url, `${site.url}manifest.webmanifest`);
    assert.deepEqual(manifest.errors, [], 'the manifest parses without an error');
    const data = JSON.parse(manifest.data);
    assert.equal(data.name, 'Hearth');
    assert.equal(data.short_name, 'Hearth');
    assert.ok(data.description.length > 20, 'a description');
    assert.deepEqual([data.start_url, data.scope, data.display], ['./', './', 'standalone']);
    assert.match(data.theme_color, /^#[0-9a-f]{6}$/);
    assert.match(data.background_color, /^#[0-9a-f]{6}$/);
    const icons = Object.fromEntries(data.icons.map((icon) => [`${icon.sizes} ${icon.purpose}`, icon.src]));
    assert.equal(icons['192x192 any'], 'icons/icon-192.png');
    assert.equal(icons['512x512 any'], 'icons/icon-512.png');
    assert.equal(icons['512x512 maskable'], 'icons/icon-maskable-512.png');
    const themes = await page.evaluate(() =>
      [...document.querySelectorAll('meta[name="theme-color"]')].map((m) => `${m.media} ${m.content}`),
    );
    assert.deepEqual(themes, ['(prefers-color-scheme: light) #fbfaf8', '(prefers-color-scheme: dark) #161412']);

    // The icons, as a launcher would show them (the maskable one in a circle, its safe zone).
    const sizes = await page.evaluate(async (srcs) => {
      const out = [];
      for (const src of srcs) {
        const img = new Image();
        img.src = src;
        await img.decode();
        out.push(`${img.naturalWidth}x${img.naturalHeight}`);
      }
      return out;
    }, [icons['192x192 any'], icons['512x512 maskable'], 'icons/apple-touch-icon.png']);
    assert.deepEqual(sizes, ['192x192', '512x512', '180x180']);
    const iconPage = await context.newPage();
    await iconPage.setViewportSize({ width: 420, height: 240 });
    await iconPage.goto(`${site.url}icons/icon-192.png`);
    await screenshot(iconPage, 'pwa-icon-192.png');
    // The maskable icon as it is, and cut to the circle of its safe zone (radius 40 %).
    const maskable = (await readFile(path.join(DIST, 'icons', 'icon-maskable-512.png'))).toString('base64');
    await iconPage.close();
    const maskPage = await context.newPage();
    await maskPage.setViewportSize({ width: 1064, height: 552 });
    await maskPage.setContent(
      `<body style="margin:0;padding:20px;display:flex;gap:20px;background:#888">
        <img alt="maskable icon" src="data:image/png;base64,${maskable}">
        <img alt="maskable icon in its safe zone" style="clip-path:circle(40%)" src="data:image/png;base64,${maskable}">
      </body>`,
    );
    await screenshot(maskPage, 'pwa-icon-maskable-512.png');
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, [], 'the manifest and icons load under the CSP');
  });

  test('the worker precaches exactly the built files into hearth-<build id>', async (t) => {
    const { context, page, errors } = await loadApp(await env.browser.newContext(WORKERS), site.url);
    t.after(() => context.close());
    assert.equal(await controlled(page), site.url, 'the scope is the folder Hearth is served from');
    const built = precacheList(DIST);
    const written = (await readFile(path.join(DIST, 'sw.js'), 'utf8')).match(/const PRECACHE = (\{.*\});/);
    assert.deepEqual(JSON.parse(written?.[1] ?? 'null'), built, 'dist/sw.js holds the list of dist/ as it is');
    for (const name of ['index.html', 'manifest.webmanifest', 'sandbox-closed.html', 'sandbox-runner.js', 'app-frame.html', 'app-view.html', 'icons/icon-maskable-512.png']) {
      assert.ok(built.files.some((f) => f.name === name), `${name} is precached`);
    }
    const contents = await cacheContents(page);
    assert.deepEqual(Object.keys(contents), [`hearth-${built.build}`], 'one cache, named after this build');
    const cached = contents[`hearth-${built.build}`];
    assert.deepEqual(cached.map((e) => e.path).sort(), built.files.map((f) => f.name).sort(), 'the built list, no more');
    const bytes = cached.reduce((sum, e) => sum + e.bytes, 0);
    console.log(`precache: ${cached.length} files, ${bytes.toLocaleString('en-US')} bytes (uncompressed)`);
    // The worker fetched them once each, past the HTTP cache, and sw.js is not among them.
    const fetched = site.requests.filter((r) => r.path.startsWith('/icons/') || r.path === '/manifest.webmanifest');
    assert.ok(fetched.length >= 1, 'the manifest and icons were fetched');
    assert.ok(!cached.some((e) => e.path === 'sw.js' || e.path === '_headers' || /\.(br|gz)$/.test(e.path)));
    assert.deepEqual(errors, []);
  });

  test('the worker is registered only after the first load: the host gets sw.js after every first-load file', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    t.after(() => server.close());
    const { context, page, errors } = await loadApp(await env.browser.newContext(WORKERS), server.url);
    t.after(() => context.close());
    await controlled(page);
    const paths = server.requests.map((r) => (r.path === '/' ? 'index.html' : decodeURIComponent(r.path.slice(1))));
    const registered = paths.indexOf('sw.js');
    assert.ok(registered > 0, `sw.js was requested: ${paths}`);
    // boot.js registers the worker once init() has resolved (the app is mounted) and the page
    // has loaded, so everything the first load needs (scripts/size-budget.mjs's list) was asked
    // for before, and the worker's precache fetches come after.
    for (const { name } of firstLoadFiles(DIST)) {
      if (name === 'manifest.webmanifest' || name.startsWith('icons/')) continue; // fetched when the browser wants them
      const at = paths.indexOf(name);
      assert.ok(at >= 0 && at < registered, `${name} was requested before sw.js: ${paths}`);
    }
    assert.deepEqual(errors, []);
  });

  test('offline, a reload opens Hearth with every conversation; search, export and import work', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', url: server.url, contextOptions: WORKERS, cspViolations: true });
    const { page, context } = chat;
    await turnOffGeneratedTitles(page);
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    const rows = nav.getByRole('list', { name: 'Conversation list', exact: true }).getByRole('listitem');
    const topics = ['Ptarmigan plumage in winter', 'Quokka diet on Rottnest'];
    for (const [i, topic] of topics.entries()) {
      if (i > 0) await nav.getByRole('button', { name: 'New chat', exact: true }).click();
      await waitUntil(async () => (await chat.you.count()) === 0, 'the conversation is new');
      await send(chat, topic);
      await settled(chat);
    }
    await waitUntil(async () => (await rows.count()) === topics.length, 'both conversations are listed');
    await controlled(page);

    await server.close();
    serving = false;
    await context.setOffline(true);
    const started = performance.now();
    const reloaded = await page.reload();
    await chat.message.waitFor();
    await waitUntil(() => chat.message.isEditable(), 'the Message box takes input');
    const usable = performance.now() - started;
    console.log(`offline reload to a usable Message box: ${usable.toFixed(0)} ms`);
    assert.equal(await page.evaluate(() => navigator.onLine), false, 'the browser is offline');
    assert.equal(reloaded.fromServiceWorker(), true, 'the page came from the worker');
    assert.match(reloaded.headers()['content-security-policy'] ?? '', /frame-ancestors 'none'/, 'with the host’s CSP header');

    await waitUntil(async () => (await rows.count()) === topics.length, 'both conversations are listed offline');
    for (const topic of topics) await nav.getByRole('button', { name: topic, exact: true }).waitFor();
    const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
    await search.fill('ptarmigan');
    const results = nav.getByRole('list', { name: 'Search results', exact: true });
    await waitUntil(async () => (await results.getByRole('listitem').count()) > 0, 'the search finds the old messages');
    const found = await results.innerText();
    assert.match(found, /Ptarmigan/, 'the matching conversation is found');
    assert.doesNotMatch(found, /Quokka/, 'the other one is not');
    await search.fill('');

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await screenshot(page, 'pwa-offline-1280-dark.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'pwa-offline-390-dark.png');
    await page.setViewportSize({ width: 1280, height: 800 });

    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const saved = path.join(downloads, download.suggestedFilename());
    await download.saveAs(saved);
    const backup = JSON.parse(await readFile(saved, 'utf8'));
    assert.equal(backup.format, 'hearth-backup');
    assert.deepEqual(backup.sessions.map((s) => s.title).sort(), [...topics].sort(), 'the backup holds both conversations');

    // An import is read, compared with what is stored and reported, offline too.
    const { status } = await importFile(page, saved);
    assert.equal(status, 'Nothing was imported: everything in the file is already here.');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no CSP violation, online or offline');
  });

  test('a new build installs beside the old one, waits, and replaces its cache on SKIP_WAITING', async (t) => {
    const copy = await mkdtemp(path.join(tmpdir(), 'hearth-pwa-build-'));
    t.after(() => rm(copy, { recursive: true }));
    await cp(DIST, copy, { recursive: true });
    const server = await startStaticServer({ root: copy, headers: true });
    t.after(() => server.close());
    const { context, page, errors } = await loadApp(await env.browser.newContext(WORKERS), server.url);
    t.after(() => context.close());
    await controlled(page);
    const old = precacheList(copy).build;
    assert.deepEqual(Object.keys(await cacheContents(page)), [`hearth-${old}`]);

    // The host now serves another build: here the same files under a new build id.
    const next = old.split('').reverse().join('');
    const worker = path.join(copy, 'sw.js');
    const source = await readFile(worker, 'utf8');
    assert.ok(source.includes(`"build":"${old}"`));
    await writeFile(worker, source.replace(`"build":"${old}"`, `"build":"${next}"`));
    await rm(`${worker}.br`, { force: true });
    await rm(`${worker}.gz`, { force: true });

    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    await waitUntil(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting?.state === 'installed'),
      'the new worker has installed and waits',
    );
    assert.deepEqual(Object.keys(await cacheContents(page)).sort(), [`hearth-${old}`, `hearth-${next}`].sort(), 'both caches while it waits');
    const waiting = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      return { active: registration.active.state, waiting: registration.waiting.state };
    });
    assert.deepEqual(waiting, { active: 'activated', waiting: 'installed' }, 'the old worker still serves; the new one waits');

    const changed = page.evaluate(
      () => new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', () => done(true), { once: true })),
    );
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).waiting.postMessage({ type: 'SKIP_WAITING' }));
    assert.equal(await changed, true, 'the new worker takes control');
    // Only the names are read while the old cache may be going (caches.open would make it again).
    await waitUntil(
      async () => JSON.stringify(await page.evaluate(() => caches.keys())) === JSON.stringify([`hearth-${next}`]),
      'only the new build’s cache is left',
    );
    const files = (await cacheContents(page))[`hearth-${next}`].map((e) => e.path).sort();
    assert.deepEqual(files, precacheList(copy).files.map((f) => f.name).sort());
    assert.deepEqual(errors, []);
  });

  test('the worker never answers a frame sandboxed by its attribute alone: its document comes from the host', async (t) => {
    // Chromium does not let a service worker handle the navigation of an <iframe sandbox>
    // without allow-same-origin (its document will have an opaque origin, which no worker
    // may control), nor that document's own requests. This is why, under the worker, Hearth
    // frames its tool runner and app documents with allow-same-origin and gets the opaque
    // origin from the worker's `sandbox` CSP header instead, checked before any code is
    // sent (src/io/sandbox.rs; pwa-frames.test.mjs). Without a worker, the frames are
    // exactly the ones this test makes.
    const { context, page, errors } = await loadApp(await env.browser.newContext(WORKERS), site.url);
    t.after(() => context.close());
    await controlled(page);
    for (const [doc, sandbox, ready] of [
      ['sandbox-closed.html', 'allow-scripts', { ready: true }],
      ['app-frame.html', 'allow-scripts allow-forms allow-modals', { hearthApp: 'ready' }],
    ]) {
      const before = site.requests.length;
      const answer = await page.evaluate(
        ({ doc, sandbox }) =>
          new Promise((resolve, reject) => {
            const frame = document.createElement('iframe');
            frame.setAttribute('sandbox', sandbox);
            frame.hidden = true;
            frame.src = doc;
            const silence = setTimeout(() => reject(new Error(`${doc} gave no answer in 10 s`)), 10_000);
            addEventListener('message', function listen(event) {
              if (event.source !== frame.contentWindow) return;
              removeEventListener('message', listen);
              clearTimeout(silence);
              frame.remove();
              resolve(event.data);
            });
            document.body.append(frame);
          }),
        { doc, sandbox },
      );
      assert.deepEqual(answer, ready, `${doc} started, opaque`);
      const paths = site.requests.slice(before).map((r) => r.path);
      assert.ok(paths.includes(`/${doc}`), `${doc} came from the host although the page is controlled: ${paths}`);
    }
    assert.deepEqual(errors, []);
  });
});
