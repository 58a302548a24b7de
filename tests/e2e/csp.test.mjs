// End-to-end tests of Hearth's Content-Security-Policy in real headless Chromium, against
// the built app (dist/, or $HEARTH_DIST): the policy index.html carries, the app running
// under it without a single violation, the page refusing a script element it inserts, an
// inline event handler and eval, and the JavaScript sandbox's runner documents with their
// own policies (eval allowed there, the network closed or open, nothing run when the
// runner is not in an opaque-origin frame), and the same policies sent as headers from
// dist/_headers. The app preview documents (app-frame*.html, app-view.html) carry their own
// policies too, and refuse to run an app outside a sandbox. The tool tests (tools.test.mjs)
// run the sandbox through the app under the same policy; app-preview.test.mjs runs apps.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { stripCssComments } from '../../scripts/assemble.mjs';
import { waitUntil } from '../support/browser.mjs';
import { openApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { builtApp } from '../support/dist.mjs';
import { mockRequests, resetMock } from '../support/mock.mjs';
import { parseHeadersFile, startStaticServer } from '../support/static-server.mjs';

const DIST = builtApp();

/**
 * The frame documents' scripts, which the build (scripts/frames.mjs) inlines into them so that
 * they need nothing but their own navigation (offline, through the service worker).
 */
const RUNNER_SCRIPT = readFileSync(new URL('../../src/io/sandbox/sandbox-runner.js', import.meta.url), 'utf8');
const APP_FRAME_SCRIPT = readFileSync(new URL('../../src/io/app_frame/app-frame.js', import.meta.url), 'utf8');
const FRAME_GUARD_SCRIPT = readFileSync(new URL('../../src/io/app_frame/frame-guard.js', import.meta.url), 'utf8');
const MCP_APP_FRAME_SCRIPT = readFileSync(new URL('../../src/io/mcp_app_frame/mcp-app-frame.js', import.meta.url), 'utf8');

/** The CSP source that allows exactly the inline script (or style) `text`. */
function scriptHash(text) {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The rules the first paint needs, which the build (scripts/assemble.mjs) writes into the app
 * page as its one `<style>` (without the file's comments), allowed by its hash.
 */
const BOOT_STYLE = stripCssComments(readFileSync(new URL('../../style/boot.css', import.meta.url), 'utf8'));

/** The app page's policy, directive by directive (sources in any order). */
const APP_POLICY = {
  'default-src': ["'none'"],
  'script-src': ["'self'", "'wasm-unsafe-eval'"],
  'style-src': ["'self'", scriptHash(BOOT_STYLE)],
  'img-src': ["'self'", 'data:', 'blob:'],
  'media-src': ['data:', 'blob:'],
  'connect-src': ["'self'", 'https:', 'http:', 'wss:', 'ws:'],
  'frame-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/**
 * The sandbox runner documents' policy; `connect-src` is per document. Their one inline
 * script, the runner, is allowed by its hash (no 'unsafe-inline').
 */
function sandboxPolicy(connect) {
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", "'unsafe-eval'", scriptHash(RUNNER_SCRIPT)],
    'worker-src': ['blob:'],
    'connect-src': [connect],
    'base-uri': ["'none'"],
    'form-action': ["'none'"],
  };
}

/** The app preview documents' policies (src/io/app_frame/): the app's own document, network closed or open. */
function appFramePolicy(network) {
  const net = network ? ['https:', 'http:'] : [];
  return {
    'default-src': ["'none'"],
    'script-src': ["'self'", "'unsafe-inline'", "'unsafe-eval'", ...net],
    'style-src': ["'unsafe-inline'", ...net],
    'img-src': ['data:', 'blob:', ...net],
    'font-src': ['data:', ...net],
    'media-src': ['data:', 'blob:', ...net],
    'worker-src': ['blob:'],
    'connect-src': network ? ['https:', 'http:', 'wss:', 'ws:'] : ["'none'"],
    'frame-src': ["'none'"],
    'child-src': ["'none'"],
    'object-src': ["'none'"],
    'manifest-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': network ? ['https:', 'http:'] : ["'none'"],
    // Closed, the app makes no frame (a frame would be a window with WebRTC): markup
    // passes through app-frame.js's one Trusted Types policy, which renames frame tags.
    ...(network ? {} : { 'require-trusted-types-for': ["'script'"], 'trusted-types': ['default'] }),
  };
}

/** app-view.html's policy: a page of Hearth, as strict as index.html. */
const APP_VIEW_POLICY = {
  'default-src': ["'none'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'frame-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'none'"],
};

/** A policy's text parsed into `{ directive: [sources] }`, each directive checked to appear once. */
function parsePolicy(content) {
  const policy = {};
  for (const directive of content.split(';').map((part) => part.trim()).filter(Boolean)) {
    const [name, ...sources] = directive.split(/\s+/);
    assert.ok(!(name.toLowerCase() in policy), `${name} appears once`);
    policy[name.toLowerCase()] = sources;
  }
  return policy;
}

/** The `<meta http-equiv="Content-Security-Policy">` of `html`, parsed into `{ directive: [sources] }`. */
function metaPolicy(html) {
  const metas = [...html.matchAll(/<meta\b[^>]*>/gi)].map(([tag]) => tag);
  const csp = metas.filter((tag) => /http-equiv\s*=\s*"Content-Security-Policy"/i.test(tag));
  assert.equal(csp.length, 1, 'exactly one CSP meta element');
  const content = csp[0].match(/content\s*=\s*"([^"]*)"/i)?.[1];
  assert.ok(content, 'the CSP meta element has a content attribute');
  return { policy: parsePolicy(content), content, at: html.indexOf(csp[0]) };
}

/** Checks `policy` has exactly the directives of `expected`, each with exactly its sources. */
function assertPolicy(policy, expected, what) {
  assert.deepEqual(Object.keys(policy).sort(), Object.keys(expected).sort(), `${what}: the directives`);
  for (const [name, sources] of Object.entries(expected)) {
    assert.deepEqual([...policy[name]].sort(), [...sources].sort(), `${what}: ${name}`);
  }
}

/** Every `<script>` of `html`, as `{ attributes, body }`. */
function scripts(html) {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, body]) => ({ attributes, body }));
}

describe('content security policy', () => {
  const env = useHarness();

  /**
   * Loads the runner document `doc` in an iframe of the app page (sandboxed as the app does
   * it unless `sandboxed` is false), speaks the runner's protocol to it and returns its answer
   * (failing when none comes, so a missing runner fails the test instead of hanging it).
   */
  function runInRunner(page, { doc, code, sandboxed = true }) {
    return page.evaluate(
      ({ doc, code, sandboxed }) =>
        new Promise((resolve, reject) => {
          const frame = document.createElement('iframe');
          if (sandboxed) frame.setAttribute('sandbox', 'allow-scripts');
          frame.hidden = true;
          frame.src = doc;
          const token = `test-${Math.random()}`;
          const silence = setTimeout(() => reject(new Error(`${doc} gave no answer in 10 s`)), 10_000);
          addEventListener('message', function listen(event) {
            if (event.source !== frame.contentWindow || !event.data) return;
            if (event.data.ready) {
              frame.contentWindow.postMessage({ token, code, args: { n: 20 }, limit: 20_000 }, '*');
            } else if (event.data.token === token) {
              removeEventListener('message', listen);
              clearTimeout(silence);
              frame.remove();
              resolve(event.data);
            }
          });
          document.body.append(frame);
        }),
      { doc, code, sandboxed },
    );
  }

  /**
   * Loads the app preview document `doc` in an iframe of the app page (sandboxed as the
   * preview does it unless `sandboxed` is false), hands it the app `html` as Hearth does, and
   * returns the first message after `ready` (the app's own, or the frame's refusal).
   */
  function runInAppFrame(page, { doc, html, sandboxed = true }) {
    return page.evaluate(
      ({ doc, html, sandboxed }) =>
        new Promise((resolve, reject) => {
          const frame = document.createElement('iframe');
          if (sandboxed) frame.setAttribute('sandbox', 'allow-scripts allow-forms allow-modals');
          frame.hidden = true;
          frame.src = doc;
          const silence = setTimeout(() => reject(new Error(`${doc} gave no answer in 10 s`)), 10_000);
          addEventListener('message', function listen(event) {
            if (event.source !== frame.contentWindow || !event.data) return;
            if (event.data.hearthApp === 'ready') {
              frame.contentWindow.postMessage({ hearthApp: 'run', html, storage: {}, network: doc === 'app-frame-open.html' }, '*');
            } else if (event.data.hearthApp !== 'storage') {
              removeEventListener('message', listen);
              clearTimeout(silence);
              frame.remove();
              resolve(event.data);
            }
          });
          document.body.append(frame);
        }),
      { doc, html, sandboxed },
    );
  }

  test('index.html carries the strict policy first, and has no inline script, only its hashed boot style', async () => {
    const html = await (await fetch(env.app.url)).text();
    const { policy, content, at } = metaPolicy(html);
    assertPolicy(policy, APP_POLICY, 'index.html');
    assert.doesNotMatch(content, /'unsafe-eval'|'unsafe-inline'|'unsafe-hashes'|\*/, 'no eval, inline code or wildcard');
    const firstResource = html.search(/<(script|link|style)\b/i);
    assert.ok(firstResource > at, 'the policy comes before anything it governs');

    // Its one inline style is boot.css (less its comments), the one its policy's hash allows.
    const styles = [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]);
    assert.deepEqual(styles, [BOOT_STYLE], 'one inline style: style/boot.css');

    const all = scripts(html);
    assert.ok(all.length > 0, 'the page loads a script');
    for (const { attributes, body } of all) {
      assert.match(attributes, /\bsrc="[^"]+\.js"/, `every script is a file: <script${attributes}>`);
      assert.match(attributes, /\bintegrity="sha384-[^"]+"/, `every script has an integrity hash: <script${attributes}>`);
      assert.equal(body.trim(), '', 'no inline code');
    }
    const outsideStyle = html.replace(/<style\b[^>]*>[\s\S]*?<\/style>/gi, '');
    assert.doesNotMatch(outsideStyle, /\son[a-z]+\s*=|\sstyle\s*=/i, 'no inline handler or style attribute');
  });

  test('the app runs under the policy without a violation, and the page refuses inline script and eval', async (t) => {
    const { page, errors, violations } = await openApp(t, env, { cspViolations: true });
    // Every dialog renders without an inline style or script.
    for (const name of ['Providers', 'Agents', 'Tools', 'Knowledge', 'Settings']) {
      await page.getByRole('button', { name, exact: true }).click();
      const dialog = page.getByRole('dialog', { name, exact: true });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      await dialog.waitFor({ state: 'hidden' });
    }
    assert.deepEqual(violations, [], 'the app itself causes no violation');

    // A script element the page inserts does not run. (page.evaluate itself goes through
    // the DevTools protocol, which CSP does not govern; the element it adds is the page's.)
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__hearthInlineRan = true;';
      document.body.append(script);
    });
    await waitUntil(
      () => violations.find((v) => v.directive === 'script-src-elem' && v.blocked === 'inline'),
      'the inserted script is reported as refused (script-src-elem)',
    );
    assert.equal(await page.evaluate(() => window.__hearthInlineRan), undefined, 'the inserted script did not run');

    // Nor does an inline event handler in markup.
    await page.evaluate(() => {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img hidden alt="" src="no-such-image.png" onerror="window.__hearthHandlerRan = true">',
      );
    });
    await waitUntil(
      () => violations.find((v) => v.directive === 'script-src-attr' && v.blocked === 'inline'),
      'the inline handler is reported as refused (script-src-attr)',
    );
    assert.equal(await page.evaluate(() => window.__hearthHandlerRan), undefined, 'the inline handler did not run');

    // eval, new Function and string timers throw or do nothing in the app's page. They are
    // tried from a timer callback: during page.evaluate itself, DevTools allows eval
    // (Runtime.evaluate's allowUnsafeEvalBlockedByCSP), so trying there would prove nothing.
    const attempts = await page.evaluate(
      () =>
        new Promise((resolve) =>
          setTimeout(() => {
            const attempt = (run) => {
              try {
                run();
                return 'ran';
              } catch (error) {
                return error.name;
              }
            };
            resolve({
              eval: attempt(() => (0, eval)('1 + 1')),
              function: attempt(() => new Function('return 1')()),
              asyncFunction: attempt(() => new (async () => {}).constructor('return 1')),
            });
          }, 0),
        ),
    );
    assert.deepEqual(attempts, { eval: 'EvalError', function: 'EvalError', asyncFunction: 'EvalError' });
    await page.evaluate(() => setTimeout('window.__hearthTimerRan = true', 0));
    await waitUntil(
      () => violations.find((v) => v.directive === 'script-src' && v.blocked === 'eval'),
      'eval is reported as refused (script-src)',
    );
    assert.equal(await page.evaluate(() => window.__hearthTimerRan), undefined, 'the string timer did not run');
    assert.deepEqual(errors, []);
  });

  test('the sandbox runner documents carry their own policies, eval only there', async () => {
    for (const [doc, connect] of [
      ['sandbox-closed.html', "'none'"],
      ['sandbox-open.html', '*'],
    ]) {
      const response = await fetch(new URL(doc, env.app.url));
      assert.equal(response.status, 200, `${doc} is served`);
      const html = await response.text();
      const { policy, content } = metaPolicy(html);
      assertPolicy(policy, sandboxPolicy(connect), doc);
      assert.doesNotMatch(content, /'unsafe-inline'/, `${doc}: no inline script but the runner, by its hash`);
      assert.deepEqual(
        scripts(html).map(({ attributes, body }) => [attributes.trim(), body]),
        [['', RUNNER_SCRIPT]],
        `${doc} runs sandbox-runner.js (inlined) and nothing else`,
      );
    }
    const runner = await fetch(new URL('sandbox-runner.js', env.app.url));
    assert.equal(runner.status, 200, 'the runner script is served');
  });

  test('the runner runs code in an opaque origin with eval, and its network is closed or open per document', async (t) => {
    const { page, errors, violations } = await openApp(t, env, { cspViolations: true });
    const models = `${env.mock.url}/v1/models`;
    const probe = `
      const out = { origin: self.origin, sum: new Function('a', 'b', 'return a + b')(args.n, 22) };
      try { const r = await fetch(${JSON.stringify(models)}); out.fetch = 'status ' + r.status; }
      catch (error) { out.fetch = 'refused: ' + error.name; }
      return out;`;

    await resetMock(env.mock);
    const closed = await runInRunner(page, { doc: 'sandbox-closed.html', code: probe });
    assert.equal(closed.ok, true, `the closed runner answered: ${JSON.stringify(closed)}`);
    assert.deepEqual(JSON.parse(closed.result), { origin: 'null', sum: 42, fetch: 'refused: TypeError' });
    const seen = await mockRequests(env.mock);
    assert.deepEqual(seen, [], 'nothing reached the network from the closed runner');

    const open = await runInRunner(page, { doc: 'sandbox-open.html', code: probe });
    assert.equal(open.ok, true, `the open runner answered: ${JSON.stringify(open)}`);
    assert.deepEqual(JSON.parse(open.result), { origin: 'null', sum: 42, fetch: 'status 200' });

    const inApp = violations.filter((v) => v.frame === page.url());
    assert.deepEqual(inApp, [], 'loading the runners breaks nothing of the app page policy');
    assert.deepEqual(errors, []);
  });

  test('the runner refuses to run anything outside an opaque-origin sandbox', async (t) => {
    const { page, errors } = await openApp(t, env, { cspViolations: true });
    for (const doc of ['sandbox-closed.html', 'sandbox-open.html']) {
      const answer = await runInRunner(page, { doc, code: 'return self.origin;', sandboxed: false });
      assert.equal(answer.ok, false, `${doc} ran the code in the app's origin: ${JSON.stringify(answer)}`);
      assert.match(answer.unavailable, /not in an opaque-origin sandbox/);
    }
    assert.deepEqual(errors, []);
  });

  test('the app runs model-written JavaScript in the sandbox under the policy, from any path of the site', async (t) => {
    // A client-side path: the runner documents are found beside the app's files, not the page.
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-sandbox',
      apiKey: 'sk-test',
      tools: ['Run JavaScript'],
      url: new URL('some/deep/path', env.app.url).href,
      cspViolations: true,
    });
    const { reply, violations, errors } = chat;
    await sendMessage(chat, 'Probe.', { click: true });
    await reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    // The tools-sandbox scenario echoes the tool's result: the probe ran, in an opaque origin.
    assert.match(await reply.innerText(), /Sandbox report: .*"origin":\s*"null"/s);
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
  });

  test('dist/_headers sends the same policies as headers, with frame-ancestors and a sandbox for the runners', async (t) => {
    const rules = parseHeadersFile(await readFile(path.join(DIST, '_headers'), 'utf8'));
    const header = (route) => parsePolicy(rules.get(route)?.['content-security-policy'] ?? '');
    for (const route of ['/', '/index.html']) {
      assertPolicy(header(route), { ...APP_POLICY, 'frame-ancestors': ["'none'"] }, `_headers ${route}`);
    }
    for (const [route, connect] of [
      ['/sandbox-closed.html', "'none'"],
      ['/sandbox-open.html', '*'],
    ]) {
      const expected = { ...sandboxPolicy(connect), 'frame-ancestors': ["'self'"], sandbox: ['allow-scripts'] };
      assertPolicy(header(route), expected, `_headers ${route}`);
    }

    // Served with those headers (as Netlify or Cloudflare Pages would), everything works.
    const strict = await startStaticServer({ root: DIST, headers: true });
    t.after(() => strict.close());
    const served = await fetch(strict.url);
    assert.match(served.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/);
    const { page, errors, violations } = await openApp(t, env, { url: strict.url, cspViolations: true });
    const probe = "return { origin: self.origin, sum: new Function('a', 'b', 'return a + b')(args.n, 22) };";
    for (const doc of ['sandbox-closed.html', 'sandbox-open.html']) {
      const answer = await runInRunner(page, { doc, code: probe });
      assert.equal(answer.ok, true, `${doc} answered: ${JSON.stringify(answer)}`);
      assert.deepEqual(JSON.parse(answer.result), { origin: 'null', sum: 42 });
      // Framed without the sandbox attribute, the header's sandbox keeps it opaque.
      const unsandboxed = await runInRunner(page, { doc, code: probe, sandboxed: false });
      assert.deepEqual(JSON.parse(unsandboxed.result), { origin: 'null', sum: 42 }, `${doc} stays opaque`);
    }
    assert.deepEqual(violations, []);
    assert.deepEqual(errors, []);
  });

  test('the app preview documents carry their own policies, as meta and in _headers, and run nothing outside a sandbox', async (t) => {
    const rules = parseHeadersFile(await readFile(path.join(DIST, '_headers'), 'utf8'));
    const header = (route) => parsePolicy(rules.get(route)?.['content-security-policy'] ?? '');
    for (const [doc, network] of [
      ['app-frame.html', false],
      ['app-frame-open.html', true],
    ]) {
      const html = await (await fetch(new URL(doc, env.app.url))).text();
      assertPolicy(metaPolicy(html).policy, appFramePolicy(network), doc);
      // The closed page takes frames and WebRTC away first (frame-guard.js).
      const own = network ? [['', APP_FRAME_SCRIPT]] : [['', FRAME_GUARD_SCRIPT], ['', APP_FRAME_SCRIPT]];
      assert.deepEqual(
        scripts(html).map(({ attributes, body }) => [attributes.trim(), body]),
        own,
        `${doc} runs its scripts (inlined) and nothing else of its own`,
      );
      const expected = {
        ...appFramePolicy(network),
        'frame-ancestors': ["'self'"],
        sandbox: ['allow-scripts', 'allow-forms', 'allow-modals'],
      };
      assertPolicy(header(`/${doc}`), expected, `_headers /${doc}`);
    }
    // The MCP Apps views' frame: the same policy as meta and header (the header adds where it
    // may be framed, and its sandbox), and its two scripts only.
    const mcpFrame = await (await fetch(new URL('mcp-app-frame.html', env.app.url))).text();
    const mcpPolicy = metaPolicy(mcpFrame).policy;
    assertPolicy(header('/mcp-app-frame.html'), { ...mcpPolicy, 'frame-ancestors': ["'self'"], sandbox: ['allow-scripts', 'allow-forms'] }, '_headers /mcp-app-frame.html');
    assert.deepEqual(mcpPolicy['connect-src'], ['https:', 'wss:', 'http://localhost:*', 'http://127.0.0.1:*', 'ws://localhost:*', 'ws://127.0.0.1:*']);
    assert.deepEqual(mcpPolicy['require-trusted-types-for'], ["'script'"]);
    assert.deepEqual(
      scripts(mcpFrame).map(({ attributes, body }) => [attributes.trim(), body]),
      [['', FRAME_GUARD_SCRIPT], ['', MCP_APP_FRAME_SCRIPT]],
      'mcp-app-frame.html runs its scripts (inlined) and nothing else of its own',
    );
    const view = await (await fetch(new URL('app-view.html', env.app.url))).text();
    assertPolicy(metaPolicy(view).policy, APP_VIEW_POLICY, 'app-view.html');
    assertPolicy(header('/app-view.html'), { ...APP_VIEW_POLICY, 'frame-ancestors': ["'none'"] }, '_headers /app-view.html');
    for (const file of ['app-frame.js', 'app-view.js', 'app-view.css']) {
      assert.equal((await fetch(new URL(file, env.app.url))).status, 200, `${file} is served`);
    }

    // Framed without the sandbox, in Hearth's origin, the frame refuses to run the app.
    const { page, errors } = await openApp(t, env);
    const app = "<script>parent.postMessage({ hearthApp: 'test', origin: self.origin, kept: (localStorage.a = '1', localStorage.a) }, '*')</script>";
    const refused = await runInAppFrame(page, { doc: 'app-frame.html', html: app, sandboxed: false });
    assert.equal(refused.hearthApp, 'refused', JSON.stringify(refused));
    assert.match(refused.reason, /not in an opaque-origin sandbox/);

    // Served with dist/_headers' policies, both documents run an app, opaque, with its storage.
    const strict = await startStaticServer({ root: DIST, headers: true });
    t.after(() => strict.close());
    const served = await openApp(t, env, { url: strict.url, cspViolations: true });
    for (const doc of ['app-frame.html', 'app-frame-open.html']) {
      const answer = await runInAppFrame(page, { doc, html: app });
      assert.deepEqual(answer, { hearthApp: 'test', origin: 'null', kept: '1' }, doc);
    }
    assert.deepEqual(served.violations, []);
    assert.deepEqual(served.errors, []);
    assert.deepEqual(errors, []);
  });

  test('a closed app makes no frame, so no WebRTC leaves through one; with the network allowed, frames work', async (t) => {
    // A STUN server that only counts: any packet is WebRTC reaching the network.
    const stun = createSocket('udp4');
    let packets = 0;
    stun.on('message', () => packets++);
    await new Promise((resolve) => stun.bind(0, '127.0.0.1', resolve));
    t.after(() => stun.close());
    const app = `<!doctype html><body><div id="edit" contenteditable="true"></div>
<script>document.write('<ifr'); document.write('ame id="split"></iframe>');</script>
<script>
const ice = { iceServers: [{ urls: 'stun:127.0.0.1:${stun.address().port}' }] };
const results = {};
async function rtc(win) {
  const Peer = win && (win.RTCPeerConnection || win.webkitRTCPeerConnection);
  if (!Peer) throw { name: 'absent' };
  const peer = new Peer(ice);
  peer.createDataChannel('out');
  await peer.setLocalDescription(await peer.createOffer());
  return 'made';
}
const child = (element) => { document.body.append(element); return element.contentWindow; };
const last = () => frames[frames.length - 1];
const tries = {
  own: () => window,
  createElement: () => child(document.createElement('iframe')),
  createElementNS: () => child(document.createElementNS('http://www.w3.org/1999/xhtml', 'x:iframe')),
  innerHTML: () => { document.body.insertAdjacentElement('beforeend', document.createElement('div')).innerHTML = '<IFRAME></IFRAME>'; return last(); },
  insertAdjacentHTML: () => { document.body.insertAdjacentHTML('beforeend', '<iframe\\n>'); return last(); },
  srcdoc: () => { document.body.insertAdjacentHTML('beforeend', '<iframe srcdoc="<p>x"></iframe>'); return last(); },
  svgForeignObject: () => { document.body.insertAdjacentHTML('beforeend', '<svg><foreignObject><iframe></iframe></foreignObject></svg>'); return last(); },
  contextualFragment: () => { document.body.append(document.createRange().createContextualFragment('<iframe></iframe>')); return last(); },
  domParserHtml: () => { document.body.append(document.adoptNode(new DOMParser().parseFromString('<iframe></iframe>', 'text/html').body.firstChild)); return last(); },
  domParserXml: () => { const doc = new DOMParser().parseFromString('<!DOCTYPE r [<!ENTITY f "&#60;x:iframe xmlns:x=\\'http://www.w3.org/1999/xhtml\\'/&#62;">]><r>&f;</r>', 'application/xml'); document.body.append(document.importNode(doc.documentElement, true)); return last(); },
  template: () => { const template = document.createElement('template'); template.innerHTML = '<iframe></iframe>'; document.body.append(template.content.cloneNode(true)); return last(); },
  setHTMLUnsafe: () => { document.createElement('div').setHTMLUnsafe('<iframe></iframe>'); return last(); },
  execCommand: () => { const box = document.getElementById('edit'); box.focus(); document.execCommand('insertHTML', false, '<iframe></iframe>'); return last(); },
  splitWrite: () => document.getElementById('split')?.contentWindow ?? last(),
  srcdocScript: () => { document.body.insertAdjacentHTML('beforeend', '<iframe srcdoc="<script>const made = (async () => { const p = new RTCPeerConnection(' + JSON.stringify(ice).replaceAll('"', "'") + '); p.createDataChannel(1); await p.setLocalDescription(await p.createOffer()); return 1; })(); try { parent.fromChild = made } catch {}</' + 'script>"></iframe>'); return new Promise((resolve) => setTimeout(() => resolve(window.fromChild ? window : null), 800)).then((w) => { if (!w) throw { name: 'nothing' }; return w.fromChild.then(() => ({ RTCPeerConnection: function () { return { createDataChannel() {}, createOffer: async () => ({}), setLocalDescription: async () => {} }; } })); }); },
  javascriptUrl: () => { const f = document.createElement('iframe'); f.src = "javascript:'<script>const made = new RTCPeerConnection(" + JSON.stringify(ice).replaceAll('"', '\\x22') + "); try { parent.viaUrl = made } catch {}<\\/script>'"; document.body.append(f); return new Promise((resolve) => setTimeout(() => resolve(window.viaUrl ? window : null), 800)).then((w) => { if (!w) throw { name: 'nothing' }; return { RTCPeerConnection: function () { return { createDataChannel() {}, createOffer: async () => ({}), setLocalDescription: async () => {} }; } }; }); },
  customElement: () => { customElements.define('x-frame', class extends HTMLIFrameElement {}, { extends: 'iframe' }); return child(document.createElement('iframe', { is: 'x-frame' })); },
};
(async () => {
  for (const [name, make] of Object.entries(tries)) {
    try { results[name] = await rtc(await make()); } catch (error) { results[name] = 'blocked: ' + (error && error.name); }
  }
  results.frames = frames.length;
  parent.postMessage({ hearthApp: 'test', results }, '*');
})();
</script></body>`;
    const strict = await startStaticServer({ root: DIST, headers: true });
    t.after(() => strict.close());
    const served = await openApp(t, env, { url: strict.url });
    const plain = await openApp(t, env);
    for (const [page, doc, network] of [[plain.page, 'app-frame.html', false], [served.page, 'app-frame.html', false], [served.page, 'app-frame-open.html', true]]) {
      packets = 0;
      const answer = await runInAppFrame(page, { doc, html: app });
      const { results } = answer;
      assert.ok(results, JSON.stringify(answer));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      if (network) {
        // Allowed the network, the app keeps WebRTC: the probe itself shows the STUN server listens.
        assert.equal(results.own, 'made', JSON.stringify(results));
        assert.ok(packets > 0, 'the STUN server heard the open app');
        continue;
      }
      assert.equal(packets, 0, `no packet reached the STUN server: ${JSON.stringify(results)}`);
      for (const [name, result] of Object.entries(results)) {
        if (name !== 'frames') assert.match(result, /^blocked: /, `${name}: ${JSON.stringify(results)}`);
      }
      assert.equal(results.frames, 0, `the closed app has no frame: ${JSON.stringify(results)}`);
      assert.equal(packets, 0, 'no packet reached the STUN server');
    }
    assert.deepEqual(served.errors, []);
  });
});
