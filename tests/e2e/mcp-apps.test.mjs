// End-to-end tests of MCP Apps (tools that bring their own interface) in real headless
// Chromium: the built app against three of the extension's published example servers
// (`@modelcontextprotocol/server-basic-vanillajs`, `-budget-allocator`, `-sheet-music`,
// pinned in tests/package.json, on 127.0.0.1) and Hearth's own MCP mock (its /apps views: a
// probe of what a frame can reach, a hostile view, resources Hearth must refuse, a view with
// buttons). Each server is added through Tools as a person would. The view renders in the
// reply's tool widget; what it asks (a tool call, a link, a message) goes through the user;
// its frame reaches neither Hearth's storage nor an origin its resource did not declare (a
// second server hears nothing), and runs under the declared policy; what is refused is said
// in the widget. Hearth's elements are found by role and accessible name; inside a view,
// by what the server's own page shows.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { builtApp } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadApp, newContext, openChatWithProvider, sendMessage, settled, useHarness, waitOn } from '../support/chat.mjs';
import { axeViolations } from '../support/axe.mjs';
import { addMcpServer, closeSettings, importFile, openSettings } from '../support/dialogs.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { startAppServer, startHitCounter } from '../support/mcp-apps.mjs';
import { startMcpMock } from '../mock/mcp.mjs';

describe('MCP Apps', () => {
  const env = useHarness();
  let servers = {};
  let mcp;

  before(async () => {
    const [basic, budget, sheet, mock] = await Promise.all([
      startAppServer('basic'),
      startAppServer('budget'),
      startAppServer('sheet'),
      startMcpMock(),
    ]);
    servers = { basic, budget, sheet };
    mcp = mock;
  });
  after(() => Promise.all([...Object.values(servers).map((server) => server.close()), mcp?.close()]));
  beforeEach(() => fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' }));

  /** Sends `text`, allows the model's call of `tool`, and returns the view's region. */
  async function callWithView(chat, text, tool, server) {
    await sendMessage(chat, text, { click: true });
    await chat.reply.getByRole('group', { name: `Approve the ${tool} call`, exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    const region = chat.reply.getByRole('region', { name: `App of ${tool} from ${server}`, exact: true });
    await region.waitFor();
    return region;
  }

  /** The frame of the view of `tool`. */
  const frameOf = (region, tool) => region.getByTitle(`App of ${tool}`, { exact: true }).contentFrame();

  /** The lines a mock view wrote, as `{ name: result }`. */
  async function linesOf(frame) {
    const lines = await frame.getByRole('listitem').allInnerTexts();
    return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]));
  }

  test('the basic app renders in the widget, calls its server through approval, asks before a link, and a message it sends is a draft', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-basic' });
    await addMcpServer(chat.page, { name: 'basic', url: servers.basic.url, offered: ['get-time'] });
    const region = await callWithView(chat, 'What time is it?', 'get-time', 'basic');
    const frame = frameOf(region, 'get-time');
    // The view shows the tool's result: the server's time.
    const time = frame.getByText(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/);
    await time.waitFor();
    const first = await time.innerText();
    await settled(chat);
    await region.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-app-basic.png', { fullPage: false });
    assert.deepEqual(await axeViolations(chat.page, { include: '.mcp-app' }), [], 'the view at 1280 px');
    const sandbox = (await region.getByTitle('App of get-time', { exact: true }).getAttribute('sandbox')).split(' ');
    assert.ok(sandbox.includes('allow-scripts') && !sandbox.includes('allow-popups'), sandbox.join(' '));

    // The view calls its server's tool: shown with its exact arguments, run only when allowed.
    await frame.getByRole('button', { name: 'Get Server Time', exact: true }).click();
    const asked = region.getByRole('group', { name: 'The app asks to run get-time on basic', exact: true });
    await asked.getByText('{}', { exact: true }).waitFor();
    await asked.getByRole('button', { name: "Don't run", exact: true }).click();
    await frame.getByText('[ERROR]', { exact: true }).waitFor();
    await region.getByText('get-time was not run.', { exact: true }).waitFor();
    await frame.getByRole('button', { name: 'Get Server Time', exact: true }).click();
    await asked.getByRole('button', { name: 'Run', exact: true }).click();
    await frame.getByText(/^\d{4}-\d\d-\d\dT/).waitFor();
    assert.ok(first.length > 0);

    // A link it asks to open is shown whole, with its host, and opens only on a click.
    await frame.getByRole('button', { name: 'Open Link', exact: true }).click();
    const link = region.getByRole('group', { name: 'The app asks to open a page', exact: true });
    await link.getByText('modelcontextprotocol.io', { exact: true }).waitFor();
    const open = link.getByRole('link', { name: 'Open modelcontextprotocol.io', exact: true });
    assert.equal(await open.getAttribute('href'), 'https://modelcontextprotocol.io/');
    assert.deepEqual((await open.getAttribute('rel')).split(' ').sort(), ['noopener', 'noreferrer']);
    assert.equal(chat.context.pages().length, 1, 'nothing opened by itself');
    await link.getByRole('button', { name: "Don't open", exact: true }).click();
    await link.waitFor({ state: 'detached' });

    // A message it sends becomes the user's draft; nothing is sent.
    const before = (await chatRequests(env.mock, FAMILIES.openai)).length;
    await frame.getByRole('button', { name: 'Send Message', exact: true }).click();
    await region.getByText('The app put a message in your message box. Send it if you want to.', { exact: true }).waitFor();
    assert.equal(await chat.message.inputValue(), 'This is message text.');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, before, 'the message is not sent by itself');

    // Hearth's look reaches the view as it changes.
    assert.equal(await frame.locator(':root').getAttribute('data-theme'), 'light');
    await chat.page.emulateMedia({ colorScheme: 'dark' });
    await waitOn(chat, async () => (await frame.locator(':root').getAttribute('data-theme')) === 'dark', 'the view turns dark');

    // Closed, it is told first, and can be shown again from what the reply stored.
    await region.getByRole('button', { name: 'Close app', exact: true }).click();
    await region.getByRole('button', { name: 'Show app again', exact: true }).click();
    await frameOf(region, 'get-time').getByText(first, { exact: true }).waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('the budget allocator draws from the result in Hearth\'s look (390 px, dark)', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-mcp-app-budget',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await addMcpServer(chat.page, { name: 'budget', url: servers.budget.url, offered: ['get-budget-data'] });
    const region = await callWithView(chat, 'Plan my budget.', 'get-budget-data', 'budget');
    const frame = frameOf(region, 'get-budget-data');
    await frame.getByRole('heading', { name: 'Budget Allocator' }).waitFor();
    await frame.getByRole('slider').first().waitFor();
    await settled(chat);
    await region.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-app-budget.png', { fullPage: false });
    assert.deepEqual(await axeViolations(chat.page, { include: '.mcp-app' }), [], 'the view at 390 px, dark');

    assert.deepEqual(chat.errors, []);
  });

  test('the sheet music app, which declares an origin it may reach, waits for Show, then draws the tune it was called with', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-sheet' });
    await addMcpServer(chat.page, { name: 'sheet', url: servers.sheet.url, offered: ['play-sheet-music'] });
    const sheet = await callWithView(chat, 'Play Twinkle.', 'play-sheet-music', 'sheet');
    await sheet.getByText('This app may connect to https://paulrosen.github.io once shown.', { exact: true }).waitFor();
    assert.equal(await sheet.getByTitle('App of play-sheet-music', { exact: true }).count(), 0, 'no frame before Show');
    await sheet.getByRole('button', { name: 'Show app', exact: true }).click();
    // The score, drawn by abcjs from the call's arguments.
    await frameOf(sheet, 'play-sheet-music').locator('svg title', { hasText: 'Twinkle' }).first().waitFor({ state: 'attached' });
    await settled(chat);
    await sheet.scrollIntoViewIfNeeded();
    await screenshot(chat.page, 'mcp-app-sheet.png', { fullPage: false });
    assert.deepEqual(chat.errors, []);
  });

  test("the frame cannot read Hearth's storage or reach an origin its resource did not declare, and runs under the declared policy", async (t) => {
    const [declared, undeclared] = await Promise.all([startHitCounter(), startHitCounter()]);
    t.after(() => Promise.all([declared.close(), undeclared.close()]));
    await fetch(`${mcp.origin}/__mcp/apps-declared`, { method: 'POST', body: JSON.stringify({ origin: declared.origin }) });
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-probe' });
    await addMcpServer(chat.page, { name: 'apps', url: mcp.appsUrl, offered: ['probe'] });
    await chat.page.evaluate(() => localStorage.setItem('hearth-secret', 'kept'));
    const region = await callWithView(chat, JSON.stringify({ declared: declared.origin, undeclared: undeclared.origin }), 'probe', 'apps');
    await region.getByText(`This app may connect to ${declared.origin} once shown.`, { exact: true }).waitFor();
    await region.getByRole('button', { name: 'Show app', exact: true }).click();
    const frame = frameOf(region, 'probe');
    await frame.getByText('done', { exact: true }).waitFor();
    const lines = await linesOf(frame);
    assert.equal(lines.origin, 'null', 'an opaque origin');
    for (const probe of ['localStorage', 'indexedDB', 'cookie', 'parentDocument', 'topLocation']) {
      assert.equal(lines[probe], 'SecurityError', `${probe}: ${lines[probe]}`);
    }
    assert.equal(lines.declaredFetch, 'ok 200');
    assert.equal(lines.undeclaredFetch, 'TypeError');
    assert.equal(lines.undeclaredImage, 'error');
    // Nor through WebRTC, which no policy covers: the view has none, and can make no frame to get it.
    const webRtc = await frame.locator(':root').evaluate(() => {
      let frameMade;
      try {
        document.createElement('iframe');
        frameMade = 'made';
      } catch (error) {
        frameMade = error.name;
      }
      return { peer: typeof RTCPeerConnection, frameMade };
    });
    assert.deepEqual(webRtc, { peer: 'undefined', frameMade: 'NotSupportedError' });
    assert.deepEqual(undeclared.hits(), [], 'the undeclared server heard nothing');
    assert.deepEqual(declared.hits().map((hit) => hit.path), ['/hello']);
    // The policy written first is exactly the declared one.
    assert.equal(
      lines.csp,
      `default-src 'none'; script-src 'unsafe-inline' data:; style-src 'unsafe-inline'; connect-src ${declared.origin}; ` +
        "img-src data:; font-src 'none'; media-src data:; frame-src 'none'; object-src 'none'; base-uri 'none'; form-action 'none'",
    );
    assert.deepEqual(chat.errors, []);
  });

  test('a hostile view: a flood, malformed messages, tools it may not call and a top navigation are each refused with a line, and the rest goes on', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-hostile' });
    await addMcpServer(chat.page, { name: 'apps', url: mcp.appsUrl, offered: ['hostile'] });
    const region = await callWithView(chat, 'Be hostile.', 'hostile', 'apps');
    const url = chat.page.url();
    const frame = frameOf(region, 'hostile');
    await frame.getByText('done', { exact: true }).waitFor();
    await region.getByText('The app sent more messages than Hearth reads; the rest were dropped.', { exact: true }).waitFor();
    await region.getByText('The app sent a message Hearth cannot read; it was dropped.', { exact: true }).waitFor();
    for (const tool of ['add', 'model-only']) {
      await region.getByText(`The app asked to call ${tool}, which is not one of the tools its server lets apps call; it was refused.`, { exact: true }).waitFor();
    }
    const lines = await linesOf(frame);
    assert.match(lines.callAdd, /^refused: /);
    assert.match(lines.callModelOnly, /^refused: /);
    assert.match(lines.windowOpen, /^refused: /);
    assert.match(lines.topNavigation, /^refused: /);
    assert.equal(chat.page.url(), url, 'Hearth stayed where it was');
    assert.equal(chat.context.pages().length, 1, 'no window opened');
    // The turn ends as any other, and the page takes what is typed next.
    await settled(chat);
    await chat.message.fill('Still there?');
    assert.equal(await chat.message.inputValue(), 'Still there?');
    assert.deepEqual(chat.errors, []);
  });

  test('views that are not HTML, too large, or would widen the policy are refused with a line and no frame', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-bad' });
    await addMcpServer(chat.page, { name: 'apps', url: mcp.appsUrl, offered: ['bad-mime', 'huge', 'wide-csp', 'wide-csp-2'] });
    await sendMessage(chat, 'Show me everything.', { click: true });
    for (const tool of ['bad-mime', 'huge', 'wide-csp', 'wide-csp-2']) {
      await chat.reply.getByRole('group', { name: `Approve the ${tool} call`, exact: true })
        .getByRole('button', { name: 'Allow', exact: true })
        .click();
    }
    await settled(chat);
    const said = async (tool) => chat.reply.getByRole('region', { name: `App of ${tool} from apps`, exact: true }).getByRole('status').first().innerText();
    assert.match(await said('bad-mime'), /^The app cannot be shown: the resource is of type text\/plain, not an MCP App view/);
    assert.match(await said('huge'), /^The app cannot be shown: the view is \d+ bytes, more than the 5 MiB Hearth shows$/);
    assert.match(await said('wide-csp'), /^The app cannot be shown: the view asks to reach "\*" \(connectDomains\)/);
    assert.match(await said('wide-csp-2'), /\(resourceDomains\), which is not a plain https origin/);
    assert.equal(await chat.reply.locator('iframe').count(), 0, 'no frame for any of them');
    // The model still got each tool's own result.
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(FAMILIES.openai.results(requests[1].body).length, 4);
    assert.deepEqual(chat.errors, []);
  });

  test("an app-only tool is never offered to the model; the view calls it through approval, then without asking once allowed for the view; the view stays after a reload without asking its server", async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-app-clicker' });
    const section = await addMcpServer(chat.page, { name: 'apps', url: mcp.appsUrl, offered: ['clicker'] });
    assert.equal(await section.getByRole('checkbox', { name: 'double (apps)', exact: true }).count(), 0, 'an app-only tool is not offered');
    const region = await callWithView(chat, 'Click around.', 'clicker', 'apps');
    let frame = frameOf(region, 'clicker');
    await frame.getByText('initialized', { exact: true }).waitFor();
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    const offered = FAMILIES.openai.toolNames(requests[0].body);
    assert.ok(offered.includes('apps__clicker') && !offered.includes('apps__double'), offered.join(', '));

    await frame.getByRole('button', { name: 'Call add', exact: true }).click();
    const asked = region.getByRole('group', { name: 'The app asks to run double on apps', exact: true });
    await asked.getByText(/"n": 21/).waitFor();
    await asked.getByRole('button', { name: 'Run, and double from this app from now on', exact: true }).click();
    await frame.getByText('call: ok 42', { exact: true }).waitFor();
    await frame.getByRole('button', { name: 'Call add', exact: true }).click();
    await waitOn(chat, async () => (await mcpCalls('double')).length === 2, 'the second call ran');
    assert.equal(await asked.count(), 0, 'not asked again for this view');
    await settled(chat);

    const reads = (await mcpCalls()).filter((request) => request.method === 'resources/read').length;
    await chat.page.reload();
    await chat.page.getByRole('log').getByRole('region', { name: 'App of clicker from apps', exact: true }).waitFor();
    frame = frameOf(chat.page.getByRole('region', { name: 'App of clicker from apps', exact: true }), 'clicker');
    await frame.getByText(/^toolResult: /).waitFor();
    assert.equal((await mcpCalls()).filter((request) => request.method === 'resources/read').length, reads, 'shown from what was stored');

    // A backup carries the view's page; imported into a fresh profile, it shows again from it.
    const downloads = await mkdtemp(path.join(tmpdir(), 'hearth-apps-'));
    t.after(() => rm(downloads, { recursive: true, force: true }));
    const settings = await openSettings(chat.page);
    const [download] = await Promise.all([
      chat.page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const backup = path.join(downloads, download.suggestedFilename());
    await download.saveAs(backup);
    const file = JSON.parse(await readFile(backup, 'utf8'));
    assert.equal(file.blobs.filter((blob) => blob.mime === 'text/html;profile=mcp-app').length, 1, 'the page, once');
    await closeSettings(chat.page);
    const other = await loadApp(await newContext(t, env.browser), env.app.url);
    await importFile(other.page, backup);
    await other.page.keyboard.press('Escape');
    await other.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: 'New conversation', exact: true }).click();
    const imported = other.page.getByRole('region', { name: 'App of clicker from apps', exact: true });
    await frameOf(imported, 'clicker').getByText(/^toolResult: /).waitFor();
    assert.equal((await mcpCalls()).filter((request) => request.method === 'resources/read').length, reads, 'not asked again');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('offline, a view shown online shows again after a reload, its frame from the service worker and opaque', async (t) => {
    const server = await startStaticServer({ root: builtApp(), headers: true });
    let serving = true;
    t.after(() => serving && server.close());
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-mcp-app-clicker',
      url: server.url,
      contextOptions: { serviceWorkers: 'allow' },
    });
    await addMcpServer(chat.page, { name: 'apps', url: mcp.appsUrl, offered: ['clicker'] });
    const region = await callWithView(chat, 'Click around.', 'clicker', 'apps');
    await frameOf(region, 'clicker').getByText(/^toolResult: /).waitFor();
    await settled(chat);
    await waitUntil(
      () => chat.page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated' && navigator.serviceWorker.controller !== null),
      'a service worker controls the page',
    );

    await server.close();
    serving = false;
    await chat.context.setOffline(true);
    await chat.page.reload();
    const again = chat.page.getByRole('region', { name: 'App of clicker from apps', exact: true });
    const frame = frameOf(again, 'clicker');
    await frame.getByText(/^toolResult: /).waitFor();
    const sandbox = await again.getByTitle('App of clicker', { exact: true }).getAttribute('sandbox');
    assert.equal(sandbox, 'allow-scripts allow-forms allow-same-origin', 'framed for the worker');
    assert.equal(await frame.locator(':root').evaluate(() => window.origin), 'null', 'opaque all the same');
    assert.deepEqual(chat.errors, []);
  });

  /** The MCP mock's requests to /apps (`tools/call` of `tool` only, when given). */
  async function mcpCalls(tool) {
    const log = await (await fetch(`${mcp.origin}/__mcp/requests`)).json();
    const bodies = log.filter((entry) => entry.path === '/apps').map((entry) => entry.body).filter(Boolean);
    return tool ? bodies.filter((body) => body.method === 'tools/call' && body.params?.name === tool) : bodies;
  }
});
