// End-to-end tests of the sandboxed frames (the JavaScript tools' runner documents and the
// app previews) with Hearth's service worker, in real headless Chromium against the built
// app (dist/, or $HEARTH_DIST) served with its _headers, service workers allowed:
//
// - offline (static server stopped, browser offline), after a reload: a runner document and
//   an app preview document, framed as Hearth frames them when its worker controls the page
//   (sandbox plus allow-same-origin), load from the worker, say `ready` from origin "null",
//   run a job, and inside them self.origin is "null" while Hearth's page, IndexedDB,
//   localStorage and Cache Storage throw;
// - with the host gone (its server stopped; the mock provider on loopback still answers),
//   the built-in Run JavaScript tool runs through the app and reports an opaque origin;
// - offline, an app made online (App Builder, mock scenario app-todo) renders after a
//   reload from its stored reply, keeps its stored to-dos, takes new ones, and its probes
//   find Hearth's storage and page out of reach, and "Open app in a new tab" works too
//   (screenshot: pwa-offline-app-preview.png);
// - an app that navigates its frame (allow-same-origin, for the worker) to Hearth's own page,
//   on a host that sends no headers (so no frame-ancestors 'none'), gets no page there;
// - a worker that serves the frame documents without their CSP sandbox directive (a copy of
//   the build whose sw.js policies lack it, on a host that sends no headers): the
//   frame it served is in Hearth's origin, so nothing is sent to it; Hearth replaces it
//   with a plain sandboxed frame from the network, where the tool's code and the app run,
//   opaque.
// - the diagram frame (diagram-frame.html): the Mermaid library is not precached at install
//   but cached by the worker when a diagram is first shown online; after a reload offline
//   the same diagram is drawn again in a frame from the worker, opaque; and a worker that
//   drops the sandbox header gets a plain sandboxed frame from the network instead.
// No timing is asserted.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, sendMessage, settled, useHarness, waitOn } from '../support/chat.mjs';
import { openAgents } from '../support/dialogs.mjs';
import { builtApp } from '../support/dist.mjs';
import { FAMILIES, chatRequests } from '../support/mock.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { APP_PROBES_BLOCKED } from '../support/app-probes.mjs';

const DIST = builtApp();
const WORKERS = { serviceWorkers: 'allow' };
const OPENAI = FAMILIES.openai;

/** What Hearth's page, storage and caches look like from inside a frame: all blocked when opaque. */
const OUT_OF_REACH = {
  origin: 'null',
  parentDocument: 'blocked: SecurityError',
  topDocument: 'blocked: SecurityError',
  indexedDB: 'blocked: SecurityError',
  localStorage: 'blocked: SecurityError',
  caches: 'blocked: SecurityError',
};

/** Runs in a frame (Playwright's main world): what it can reach of Hearth's. */
function probeFrame() {
  const reach = (read) => {
    try {
      read();
      return 'reached';
    } catch (error) {
      return `blocked: ${error.name}`;
    }
  };
  return {
    origin: self.origin,
    parentDocument: reach(() => parent.document.title),
    topDocument: reach(() => top.document.title),
    indexedDB: reach(() => indexedDB.open('hearth')),
    localStorage: reach(() => Storage.prototype.getItem.call(window.localStorage, 'x')),
    caches: reach(() => caches),
  };
}

/** Waits until the page is controlled by an activated worker. */
function controlled(page) {
  return waitUntil(
    () =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      }),
    'a service worker is active and controls the page',
  );
}

/** Records the `sandbox` attribute of every iframe the page adds, in `window.__hearthFrames`. */
function recordFrames(page) {
  return page.evaluate(() => {
    window.__hearthFrames = [];
    new MutationObserver((changes) => {
      for (const change of changes) {
        for (const node of change.addedNodes) {
          const frames = node.tagName === 'IFRAME' ? [node] : [...(node.querySelectorAll?.('iframe') ?? [])];
          for (const frame of frames) window.__hearthFrames.push({ sandbox: frame.getAttribute('sandbox'), src: new URL(frame.src).pathname });
        }
      }
    }).observe(document.documentElement, { childList: true, subtree: true });
  });
}

const framesMade = (page) => page.evaluate(() => window.__hearthFrames);

/**
 * Adds an iframe of `doc` to the page, sandboxed with `sandbox`, and returns the first message
 * it posts with that message's origin (the frame is kept, id `probe-frame`).
 */
function frameFirstMessage(page, doc, sandbox) {
  return page.evaluate(
    ({ doc, sandbox }) =>
      new Promise((resolve, reject) => {
        document.getElementById('probe-frame')?.remove();
        const frame = document.createElement('iframe');
        frame.id = 'probe-frame';
        frame.setAttribute('sandbox', sandbox);
        frame.hidden = true;
        frame.src = doc;
        const silence = setTimeout(() => reject(new Error(`${doc} gave no message in 10 s`)), 10_000);
        addEventListener('message', function listen(event) {
          if (event.source !== frame.contentWindow) return;
          removeEventListener('message', listen);
          clearTimeout(silence);
          resolve({ data: event.data, origin: event.origin });
        });
        document.body.append(frame);
      }),
    { doc, sandbox },
  );
}

/** The tool result the app sent back to the mock in its second chat request, parsed. */
async function toolReport(env) {
  const [, second] = await chatRequests(env.mock, OPENAI);
  const [result] = OPENAI.results(second.body);
  return JSON.parse(result.content);
}

/** A reply holding a Mermaid diagram (the mock echoes the message: no scenario has this name). */
const ECHO_MODEL = 'echo-pwa-frames';
const DIAGRAM = ['A flow:', '', '```mermaid', 'graph TD', '  Start --> Finish', '```'].join('\n');

/** Whether this build's cache holds the Mermaid library. */
function mermaidCached(page) {
  return page.evaluate(async () => {
    for (const name of await caches.keys()) {
      const keys = await (await caches.open(name)).keys();
      if (keys.some((request) => /\/mermaid[^/]*\.js$/.test(new URL(request.url).pathname))) return true;
    }
    return false;
  });
}

/** Clicks the reply's "Show diagram" and waits until the diagram is drawn. */
async function showDiagram(chat) {
  await chat.reply.getByRole('button', { name: 'Show diagram', exact: true }).click();
  // The diagram's status is a polite live region, not a second role=status in the reply.
  const status = chat.reply.locator('[aria-live="polite"]').filter({ hasText: /Diagram shown|could not be drawn/ });
  await status.waitFor();
  assert.equal(await status.innerText(), 'Diagram shown');
}

/** Starts a conversation with the built-in App Builder from the Agents dialog. */
async function chatWithAppAgent(page) {
  const dialog = await openAgents(page);
  await dialog.getByRole('button', { name: 'Chat with App Builder', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('tools and app previews with the service worker', () => {
  const env = useHarness();
  let broken;
  before(async () => {
    // A build whose worker serves the frame documents without the sandbox directive in their
    // Content-Security-Policy header (its policy table with `sandbox …` cut out), on a host that
    // sends no headers (one that ignores _headers).
    broken = await mkdtemp(path.join(tmpdir(), 'hearth-pwa-frames-'));
    await cp(DIST, broken, { recursive: true });
    const worker = path.join(broken, 'sw.js');
    const source = await readFile(worker, 'utf8');
    const table = source.match(/const FRAMES = (\{.*\});/);
    assert.ok(table, 'dist/sw.js has a policy table');
    const policies = JSON.parse(table[1]);
    assert.deepEqual(Object.keys(policies).sort(), ['app-frame-open.html', 'app-frame.html', 'diagram-frame.html', 'mcp-app-frame.html', 'sandbox-closed.html', 'sandbox-open.html']);
    assert.match(policies['sandbox-closed.html'], /; sandbox allow-scripts$/, 'the table gives sandbox-closed.html its sandbox');
    const unsandboxed = Object.fromEntries(Object.entries(policies).map(([name, policy]) => [name, policy.replace(/; sandbox [^;]*$/, '')]));
    assert.ok(Object.values(unsandboxed).every((policy) => !/sandbox/.test(policy)));
    await writeFile(worker, source.replace(table[0], `const FRAMES = ${JSON.stringify(unsandboxed)};`));
    await rm(`${worker}.br`, { force: true });
    await rm(`${worker}.gz`, { force: true });
  });
  after(() => broken && rm(broken, { recursive: true }));

  test('offline, the frame documents come from the worker, opaque, and run their job', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const { context, page, errors, violations } = await loadApp(await env.browser.newContext(WORKERS), server.url, { cspViolations: true });
    t.after(() => context.close());
    await controlled(page);
    await server.close();
    serving = false;
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
    await controlled(page);

    // The tool runner, framed as Hearth frames it under the worker.
    const ready = await frameFirstMessage(page, 'sandbox-closed.html', 'allow-scripts allow-same-origin');
    assert.deepEqual(ready, { data: { ready: true }, origin: 'null' }, 'the runner loaded offline and speaks from an opaque origin');
    const runner = page.frames().find((frame) => frame.url().endsWith('/sandbox-closed.html'));
    assert.deepEqual(await runner.evaluate(probeFrame), OUT_OF_REACH, 'nothing of Hearth’s is reachable in the runner');
    const answer = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const frame = document.getElementById('probe-frame');
          addEventListener('message', function listen(event) {
            if (event.source !== frame.contentWindow || event.data?.token !== 't1') return;
            removeEventListener('message', listen);
            resolve(event.data);
          });
          const code = "return { origin: self.origin, sum: new Function('a', 'b', 'return a + b')(args.n, 22), idb: (() => { try { indexedDB.open('hearth'); return 'opened'; } catch (e) { return 'blocked: ' + e.name; } })() };";
          frame.contentWindow.postMessage({ token: 't1', code, args: { n: 20 }, limit: 20000 }, '*');
        }),
    );
    assert.equal(answer.ok, true, JSON.stringify(answer));
    assert.deepEqual(JSON.parse(answer.result), { origin: 'null', sum: 42, idb: 'blocked: SecurityError' });

    // The app preview document.
    const appReady = await frameFirstMessage(page, 'app-frame.html', 'allow-scripts allow-forms allow-modals allow-same-origin');
    assert.deepEqual(appReady, { data: { hearthApp: 'ready' }, origin: 'null' });
    const appFrame = page.frames().find((frame) => frame.url().endsWith('/app-frame.html'));
    assert.deepEqual(await appFrame.evaluate(probeFrame), OUT_OF_REACH, 'nothing of Hearth’s is reachable in the app frame');
    assert.deepEqual(errors, []);
    assert.deepEqual(violations, [], 'the inlined scripts run under the frames’ policies');
  });

  test('with the host gone, the Run JavaScript tool runs in a frame from the worker, opaque', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-sandbox',
      apiKey: 'sk-test',
      tools: ['Run JavaScript'],
      url: server.url,
      contextOptions: WORKERS,
      cspViolations: true,
    });
    const { page } = chat;
    await controlled(page);
    // The host stops; the provider (the mock, on loopback like a local model) still answers,
    // which Chromium's offline mode would block too.
    await server.close();
    serving = false;
    await page.reload();
    await chat.message.waitFor();
    await controlled(page);
    await recordFrames(page);
    await sendMessage(chat, 'Probe.', { click: true });
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    const report = await toolReport(env);
    assert.equal(report.origin, 'null', `the code ran in an opaque origin: ${JSON.stringify(report)}`);
    assert.notEqual(report.idb, 'opened', 'IndexedDB is out of reach');
    assert.match(await chat.reply.innerText(), /Sandbox report: .*"origin":\s*"null"/s);
    assert.deepEqual(await framesMade(page), [{ sandbox: 'allow-scripts allow-same-origin', src: '/sandbox-closed.html' }], 'one frame, for the worker');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, []);
  });

  test('offline, an app made online renders from its stored reply after a reload, works, and is opaque', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const chat = await openChatWithProvider(t, env, {
      scenario: 'app-todo',
      url: server.url,
      contextOptions: { ...WORKERS, viewport: { width: 1280, height: 900 } },
      cspViolations: true,
    });
    const { page, context } = chat;
    await chatWithAppAgent(page);
    await chat.message.fill('Build me a to-do app.');
    await chat.message.press('Enter');
    await settled(chat);
    const preview = page.getByRole('complementary', { name: /^App preview/ });
    await preview.getByRole('heading', { name: 'App preview · version 1 of 1', exact: true }).waitFor();
    const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Buy milk');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    const todos = app.getByRole('list', { name: 'To-dos', exact: true }).getByRole('listitem');
    await todos.filter({ hasText: 'Buy milk' }).waitFor();
    await controlled(page);

    await server.close();
    serving = false;
    await context.setOffline(true);
    await page.reload();
    await preview.getByRole('heading', { name: 'App preview · version 1 of 1', exact: true }).waitFor();
    await todos.filter({ hasText: 'Buy milk' }).waitFor();
    const attributes = await page.getByTitle('App preview, version 1', { exact: true }).evaluate((frame) => frame.getAttribute('sandbox'));
    assert.equal(attributes, 'allow-scripts allow-forms allow-modals allow-same-origin', 'framed for the worker');
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Call mum');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await todos.filter({ hasText: 'Call mum' }).waitFor();
    await screenshot(page, 'pwa-offline-app-preview.png');

    // The app's own probes: Hearth's origin, storage and page are out of reach.
    await app.getByText('Sandbox probes', { exact: true }).click();
    await app.getByRole('textbox', { name: 'Probe address', exact: true }).fill(env.mock.url);
    await app.getByRole('button', { name: 'Run probes', exact: true }).click();
    const output = app.getByRole('status', { name: 'Probe results' });
    const probes = JSON.parse(await waitOn(chat, async () => (await output.textContent()) || false, 'the probes have run'));
    assert.deepEqual(
      Object.fromEntries(Object.keys(APP_PROBES_BLOCKED).map((key) => [key, probes[key]])),
      APP_PROBES_BLOCKED,
      JSON.stringify(probes),
    );
    const frame = page.frames().find((f) => f.url().endsWith('/app-frame.html'));
    assert.equal(await frame.evaluate(() => self.origin), 'null');

    // "Open app in a new tab", offline too: app-view.html frames the app the same way.
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      preview.getByRole('button', { name: 'Open app in a new tab', exact: true }).click(),
    ]);
    const tabApp = tab.getByTitle('App, version 1', { exact: true }).contentFrame();
    await tabApp.getByRole('listitem').filter({ hasText: 'Call mum' }).waitFor();
    const tabFrame = tab.getByTitle('App, version 1', { exact: true });
    assert.equal(await tabFrame.getAttribute('sandbox'), 'allow-scripts allow-forms allow-modals allow-same-origin');
    const inTab = tab.frames().find((f) => f.url().endsWith('/app-frame.html'));
    assert.deepEqual(
      await inTab.evaluate(() => {
        try {
          return [self.origin, parent.document.title];
        } catch (error) {
          return [self.origin, error.name];
        }
      }),
      ['null', 'SecurityError'],
    );
    await tab.close();

    assert.deepEqual(chat.errors, []);
  });

  test('a diagram shown once online is drawn again offline after a reload, in an opaque frame from the worker', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const chat = await openChatWithProvider(t, env, { scenario: ECHO_MODEL, url: server.url, contextOptions: WORKERS, cspViolations: true });
    const { page, context } = chat;
    await controlled(page);
    assert.equal(await mermaidCached(page), false, 'the Mermaid library is not precached at install');
    await sendMessage(chat, DIAGRAM);
    await settled(chat);
    await showDiagram(chat);
    await waitUntil(() => mermaidCached(page), 'the worker cached the library when it was first fetched');

    await server.close();
    serving = false;
    await context.setOffline(true);
    await page.reload();
    await controlled(page);
    await recordFrames(page);
    await showDiagram(chat);
    assert.deepEqual(await framesMade(page), [{ sandbox: 'allow-scripts allow-same-origin', src: '/diagram-frame.html' }], 'framed for the worker');
    const frame = page.frames().find((f) => f.url().endsWith('/diagram-frame.html'));
    assert.equal(await frame.evaluate(() => Boolean(document.querySelector('svg'))), true, 'the diagram is drawn offline');
    assert.deepEqual(await frame.evaluate(probeFrame), OUT_OF_REACH, 'nothing of Hearth’s is reachable in the diagram frame');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, []);
  });

  test('a worker that drops the sandbox header: the diagram falls back to a plain frame and is drawn opaque', async (t) => {
    const server = await startStaticServer({ root: broken, headers: false });
    t.after(() => server.close());
    const chat = await openChatWithProvider(t, env, { scenario: ECHO_MODEL, url: server.url, contextOptions: WORKERS });
    const { page } = chat;
    await controlled(page);
    await recordFrames(page);
    await sendMessage(chat, DIAGRAM);
    await settled(chat);
    await showDiagram(chat);
    assert.deepEqual(
      await framesMade(page),
      [
        { sandbox: 'allow-scripts allow-same-origin', src: '/diagram-frame.html' },
        { sandbox: 'allow-scripts', src: '/diagram-frame.html' },
      ],
      'the worker’s frame, then a plain one',
    );
    const frame = page.frames().find((f) => f.url().endsWith('/diagram-frame.html'));
    assert.equal(await frame.evaluate(() => self.origin), 'null');
    assert.equal(await frame.evaluate(() => Boolean(document.querySelector('svg'))), true, 'the diagram is drawn');
    assert.deepEqual(chat.errors, []);
  });

  test('an app that navigates its frame to Hearth’s page gets nothing there, even from a host without headers', async (t) => {
    const server = await startStaticServer({ root: DIST, headers: false });
    t.after(() => server.close());
    const chat = await openChatWithProvider(t, env, { scenario: 'app-todo', url: server.url, contextOptions: WORKERS });
    const { page } = chat;
    await controlled(page);
    await chatWithAppAgent(page);
    await chat.message.fill('Build me a to-do app.');
    await chat.message.press('Enter');
    await settled(chat);
    const app = page.getByTitle('App preview, version 1', { exact: true });
    await app.contentFrame().getByRole('heading', { name: 'To-do list', exact: true }).waitFor();
    assert.equal(await app.getAttribute('sandbox'), 'allow-scripts allow-forms allow-modals allow-same-origin', 'framed for the worker');
    const frame = page.frames().find((f) => f.url().endsWith('/app-frame.html'));
    assert.equal(await frame.evaluate(() => self.origin), 'null');
    // The app navigates its frame to Hearth's own page (Hearth's frame-src 'self' allows it):
    // the worker refuses any frame but the sandboxed documents, so Hearth never runs there.
    await frame.evaluate(() => {
      location.href = new URL('index.html', location.href).href;
    });
    await waitUntil(() => !frame.url().endsWith('/app-frame.html'), 'the frame navigated');
    assert.doesNotMatch(frame.url(), /index\.html$/, `the frame shows no page of Hearth's: ${frame.url()}`);
    const reachable = await app.evaluate((element) => element.contentDocument !== null);
    assert.equal(reachable, false, 'the frame is not in Hearth’s origin');
    assert.deepEqual(chat.errors, []);
  });

  test('a form posted into a frame inside the scope gets a network error from the worker, never Hearth’s page', async (t) => {
    // An app in app-frame-open.html may post forms (its form-action allows http(s)); with
    // allow-same-origin on the frame (the worker's case), a POST navigation of the frame to
    // Hearth's page must not reach a host that would answer it. The page's own CSP forbids
    // forms, so the test bypasses it to make the same request from the app page.
    const server = await startStaticServer({ root: DIST, headers: false });
    t.after(() => server.close());
    const { context, page, errors } = await loadApp(await env.browser.newContext({ ...WORKERS, bypassCSP: true }), server.url);
    t.after(() => context.close());
    await controlled(page);
    const before = server.requests.length;
    await page.evaluate(
      () =>
        new Promise((resolve) => {
          const frame = document.createElement('iframe');
          frame.name = 'posted';
          frame.setAttribute('sandbox', 'allow-scripts allow-same-origin allow-forms');
          document.body.append(frame);
          frame.addEventListener('load', () => resolve(), { once: true });
          const form = document.createElement('form');
          form.method = 'post';
          form.action = 'index.html';
          form.target = 'posted';
          document.body.append(form);
          form.submit();
        }),
    );
    const posts = server.requests.slice(before).filter((request) => request.method !== 'GET');
    assert.deepEqual(posts, [], 'no POST reached the host');
    const hearthInFrame = await page.evaluate(() => {
      try {
        return document.querySelector('iframe[name="posted"]').contentDocument?.querySelector('meta[name="hearth-app"]') != null;
      } catch {
        return false;
      }
    });
    assert.equal(hearthInFrame, false, 'no page of Hearth’s runs in the frame');
    assert.deepEqual(errors, []);
  });

  test('a worker that drops the sandbox header: nothing runs in Hearth’s origin; a plain frame from the network runs the tool', async (t) => {
    const server = await startStaticServer({ root: broken, headers: false });
    t.after(() => server.close());
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-sandbox',
      apiKey: 'sk-test',
      tools: ['Run JavaScript'],
      url: server.url,
      contextOptions: WORKERS,
      cspViolations: true,
    });
    const { page } = chat;
    const warnings = [];
    page.on('console', (message) => message.type() === 'warning' && warnings.push(message.text()));
    await controlled(page);
    await recordFrames(page);
    const before = server.requests.length;
    await sendMessage(chat, 'Probe.', { click: true });
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    const report = await toolReport(env);
    assert.equal(report.origin, 'null', `the code ran in an opaque origin only: ${JSON.stringify(report)}`);
    assert.notEqual(report.idb, 'opened', 'Hearth’s IndexedDB was never reached');
    assert.deepEqual(
      await framesMade(page),
      [
        { sandbox: 'allow-scripts allow-same-origin', src: '/sandbox-closed.html' },
        { sandbox: 'allow-scripts', src: '/sandbox-closed.html' },
      ],
      'the worker’s frame, then a plain one',
    );
    const fetched = server.requests.slice(before).map((r) => r.path);
    assert.deepEqual(fetched.filter((p) => p === '/sandbox-closed.html'), ['/sandbox-closed.html'], 'the plain frame came from the host');
    assert.ok(warnings.some((w) => /without its opaque-origin CSP header\. Nothing was run in it/.test(w)), warnings.join('\n'));

    // Later runs in this page go straight to the plain frame.
    await recordFrames(page);
    await chat.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: 'New chat', exact: true }).click();
    await sendMessage(chat, 'Probe again.', { click: true });
    await waitOn(chat, async () => (await framesMade(page)).length > 0, 'a frame is made');
    assert.deepEqual((await framesMade(page))[0], { sandbox: 'allow-scripts', src: '/sandbox-closed.html' });
    await settled(chat);
    assert.deepEqual(chat.errors, []);
  });

  test('a worker that drops the sandbox header: the app preview falls back to a plain frame and runs opaque', async (t) => {
    const server = await startStaticServer({ root: broken, headers: false });
    t.after(() => server.close());
    const chat = await openChatWithProvider(t, env, { scenario: 'app-todo', url: server.url, contextOptions: WORKERS });
    const { page } = chat;
    await controlled(page);
    await recordFrames(page);
    await chatWithAppAgent(page);
    await chat.message.fill('Build me a to-do app.');
    await chat.message.press('Enter');
    await settled(chat);
    const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await app.getByRole('heading', { name: 'To-do list', exact: true }).waitFor();
    // The preview may mount its frame more than once while the reply streams; each frame made
    // for the worker is replaced by a plain one when it speaks, and the page then makes only
    // plain ones.
    const made = (await framesMade(page)).map((f) => f.sandbox);
    const plainAt = made.indexOf('allow-scripts allow-forms allow-modals');
    assert.ok(plainAt > 0, `a frame for the worker, then a plain one: ${made}`);
    assert.ok(made.slice(0, plainAt).every((s) => s === 'allow-scripts allow-forms allow-modals allow-same-origin'), `${made}`);
    assert.ok(made.slice(plainAt).every((s) => s === 'allow-scripts allow-forms allow-modals'), `${made}`);
    assert.equal(await page.getByTitle('App preview, version 1', { exact: true }).getAttribute('sandbox'), 'allow-scripts allow-forms allow-modals');
    const frame = page.frames().find((f) => f.url().endsWith('/app-frame.html'));
    // The running app's localStorage is app-frame.js's in-memory stand-in, so it is left out.
    const { localStorage: _, ...outOfReach } = OUT_OF_REACH;
    const { localStorage: __, ...probed } = await frame.evaluate(probeFrame);
    assert.deepEqual(probed, outOfReach);
    assert.deepEqual(chat.errors, []);
  });
});
