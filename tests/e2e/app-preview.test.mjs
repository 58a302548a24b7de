// End-to-end tests of app agents' preview in real headless Chromium against the mock server:
// an app agent answers with a to-do app (scenario app-todo), the preview runs it once its
// html block is complete, the app is used through its own controls, probes written inside
// the app find Hearth's storage, cookies, page and the network out of reach (the mock's
// request log shows nothing), its localStorage works and survives a reload (the bridge to
// IndexedDB), an error it throws is listed with its line and sent to the agent, a follow-up
// makes version 2 while version 1 stays reachable, and Download, a new tab and "Allow
// network" do what they say. Screenshots: the preview at 1280 px and at 390 px in dark mode.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, settled, useHarness, waitOn } from '../support/chat.mjs';
import { openAgents } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { FAMILIES, chatRequests, mockRequests, readScenario, resetMock } from '../support/mock.mjs';
import { APP_PROBES_BLOCKED } from '../support/app-probes.mjs';

/** The app document of the app-todo scenario as the model writes it (before templating). */
async function scenarioApp() {
  const text = (await readScenario('app-todo')).stream.map((frame) => frame.delta).join('');
  const match = /```html\n([\s\S]*?)\n```/.exec(text);
  assert.ok(match, 'the scenario holds an html block');
  return match[1];
}

/** Starts a conversation with the built-in App Builder (an app agent) from the Agents dialog. */
async function chatWithAppAgent(page) {
  const dialog = await openAgents(page);
  await dialog.getByRole('button', { name: 'Chat with App Builder', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

describe('app preview', () => {
  const env = useHarness();

  test('an app agent’s app runs sandboxed beside the conversation: storage bridge, errors, versions, download, new tab, network', async (t) => {
    const downloads = await mkdtemp(path.join(tmpdir(), 'hearth-app-preview-'));
    const chat = await openChatWithProvider(t, env, {
      scenario: 'app-todo',
      contextOptions: { viewport: { width: 1280, height: 900 }, acceptDownloads: true },
      cspViolations: true,
    });
    const { page } = chat;
    await chatWithAppAgent(page);
    const preview = page.getByRole('complementary', { name: /^App preview/ });
    const frameDocs = () => env.app.requests.filter((r) => /^\/app-frame(-open)?\.html$/.test(r.path)).length;
    const framesBefore = frameDocs();

    // The reply streams its html block in pieces; the preview starts once, when it is complete.
    await chat.message.fill('Build me a to-do app.');
    await chat.message.press('Enter');
    await settled(chat);
    await preview.getByRole('heading', { name: 'App preview · version 1 of 1', exact: true }).waitFor();
    const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await app.getByRole('heading', { name: 'To-do list', exact: true }).waitFor();
    assert.equal(frameDocs() - framesBefore, 1, 'the frame was loaded once for the streamed reply, not per chunk');
    const frameAttributes = await page.getByTitle('App preview, version 1', { exact: true }).evaluate((frame) => ({
      sandbox: frame.getAttribute('sandbox'),
      src: new URL(frame.src).pathname,
    }));
    assert.deepEqual(frameAttributes, { sandbox: 'allow-scripts allow-forms allow-modals', src: '/app-frame.html' });

    // The app works: add a to-do.
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Buy milk');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await app.getByRole('list', { name: 'To-dos', exact: true }).getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();

    // Probes written inside the app: nothing of Hearth's is reachable, and nothing reaches the mock.
    await resetMock(env.mock);
    await app.getByText('Sandbox probes', { exact: true }).click();
    await app.getByRole('textbox', { name: 'Probe address', exact: true }).fill(env.mock.url);
    await app.getByRole('button', { name: 'Run probes', exact: true }).click();
    const output = app.getByRole('status', { name: 'Probe results' });
    const probes = JSON.parse(await waitOn(chat, async () => (await output.textContent()) || false, 'the probes have run'));
    const expected = {
      ...APP_PROBES_BLOCKED,
      // The closed app makes no frame at all (a frame would be a window with WebRTC).
      frameLocalStorage: 'blocked: NotSupportedError',
      fetch: 'blocked: TypeError',
      image: 'blocked: Error',
      stylesheet: 'blocked: Error',
      script: 'blocked: Error',
      websocket: 'blocked: Error',
      webrtc: 'blocked: absent',
      popup: 'blocked: refused',
    };
    // sendBeacon only says it queued the request; the mock's log below shows it never came.
    delete probes.beacon;
    assert.deepEqual(probes, expected, `every probe is blocked: ${JSON.stringify(probes)}`);
    // Posting a form or navigating the frame elsewhere: refused (form-action, and Hearth's frame-src).
    for (const button of ['Post a form', 'Leave the preview']) {
      const refusals = chat.violations.filter((v) => v.directive === 'frame-src').length;
      await preview.getByRole('button', { name: 'Reload app', exact: true }).click();
      await app.getByText('Sandbox probes', { exact: true }).click();
      await app.getByRole('textbox', { name: 'Probe address', exact: true }).fill(env.mock.url);
      await app.getByRole('button', { name: button, exact: true }).click();
      await waitOn(
        chat,
        () => chat.violations.filter((v) => v.directive === 'frame-src').length > refusals,
        `Hearth’s page refuses the frame’s navigation (${button})`,
      );
    }
    // The app navigates its frame to the network-open page (Hearth's frame-src 'self' allows it)
    // and fetches the probe address if it is run there: Hearth answers only a frame's first
    // ready, builds the closed frame anew, and the open page would refuse the closed app anyway.
    const openDocs = () => env.app.requests.filter((r) => r.path === '/app-frame-open.html').length;
    const opened = openDocs();
    await preview.getByRole('button', { name: 'Reload app', exact: true }).click();
    await app.getByText('Sandbox probes', { exact: true }).click();
    await app.getByRole('textbox', { name: 'Probe address', exact: true }).fill(env.mock.url);
    await app.getByRole('button', { name: 'Escape to the open page', exact: true }).click();
    await waitOn(chat, () => openDocs() > opened, 'the frame loaded the open page');
    const rebuilt = async () => {
      const element = await page.getByTitle('App preview, version 1', { exact: true }).elementHandle();
      const frame = await element?.contentFrame();
      // A frame between two documents has no address yet (''): not rebuilt, not yet.
      return Boolean(frame && URL.canParse(frame.url()) && new URL(frame.url()).pathname === '/app-frame.html' &&
        (await app.getByRole('heading', { name: 'To-do list', exact: true }).isVisible()));
    };
    const escaped = async () => (await mockRequests(env.mock)).some((r) => r.path === '/v1/probe-escape');
    await waitOn(chat, async () => (await escaped()) || (await rebuilt()), 'the app escaped, or Hearth rebuilt the closed frame');
    const reached = (await mockRequests(env.mock)).filter((r) => r.path.startsWith('/v1/probe'));
    assert.deepEqual(reached, [], `no probe reached the mock: ${JSON.stringify(reached.map((r) => r.path))}`);
    assert.ok(await rebuilt(), 'Hearth rebuilt the closed frame');

    // localStorage works and survives Reload app: the bridge stored it per conversation.
    await preview.getByRole('button', { name: 'Reload app', exact: true }).click();
    await app.getByRole('list', { name: 'To-dos', exact: true }).getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();
    const { settings, sessions } = await readDatabase(page, ['settings', 'sessions']);
    const stored = settings.find((s) => s.key === `app:${sessions[0].id}`);
    assert.deepEqual(stored?.value, { network_allowed: false, items: { todos: '["Buy milk"]' } });

    // An app that reloads itself runs again with the items stored now, not those of its first run.
    const storedTodos = async () =>
      (await readDatabase(page, ['settings'])).settings.find((s) => s.key === `app:${sessions[0].id}`)?.value.items.todos ?? '';
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Call mum');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await waitUntil(async () => (await storedTodos()).includes('Call mum'), 'the new to-do is stored');
    await app.getByText('Sandbox probes', { exact: true }).click();
    await app.getByRole('button', { name: 'Reload itself', exact: true }).click();
    // The reloaded document starts with its probes folded away.
    await app.getByRole('button', { name: 'Run probes', exact: true }).waitFor({ state: 'hidden' });
    await app.getByRole('list', { name: 'To-dos', exact: true }).getByRole('listitem').filter({ hasText: 'Call mum' }).waitFor();

    // An error in the app is listed under the preview with its line, and can be sent to the agent.
    const html = await scenarioApp();
    const line = html.split('\n').findIndex((l) => l.includes('notDefinedAnywhere();')) + 1;
    await app.getByText('Sandbox probes', { exact: true }).click();
    await app.getByRole('button', { name: 'Break the app', exact: true }).click();
    const errorText = `Line ${line}: Uncaught ReferenceError: notDefinedAnywhere is not defined`;
    await preview.getByText(errorText, { exact: true }).waitFor();
    // Playwright reports the frame's uncaught error as the page's; it is the app's, not Hearth's.
    const thrown = /notDefinedAnywhere is not defined/;
    await waitUntil(() => chat.errors.some((e) => thrown.test(e)), 'Playwright saw the app’s error');
    assert.deepEqual(chat.errors.splice(0).filter((e) => !thrown.test(e)), [], 'no error of Hearth’s own');
    await resetMock(env.mock);
    await preview.getByRole('button', { name: 'Send this error to the agent', exact: true }).click();
    await waitOn(chat, async () => (await chat.assistant.count()) === 2, 'the agent answers the error');
    await settled(chat);
    const [request] = await chatRequests(env.mock, FAMILIES.openai);
    const sent = request.body.messages.at(-1).content;
    assert.match(sent, new RegExp(`The app \\(version 1\\) reported an error on line ${line}:`));
    assert.match(sent, /> Uncaught ReferenceError: notDefinedAnywhere is not defined/);

    // The answer is version 2: it replaces the preview; version 1 stays reachable from its reply.
    await preview.getByRole('heading', { name: 'App preview · version 2 of 2', exact: true }).waitFor();
    const second = page.getByTitle('App preview, version 2', { exact: true }).contentFrame();
    await second.getByText(/You asked: The app \(version 1\) reported an error/).waitFor();
    await second.getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();
    const first = chat.assistant.first();
    await first.getByRole('button', { name: 'Show app version 1', exact: true }).click();
    await preview.getByRole('heading', { name: 'App preview · version 1 of 2', exact: true }).waitFor();
    await app.getByText('You asked: Build me a to-do app.', { exact: true }).waitFor();
    assert.equal(await first.getByRole('button', { name: 'Show app version 1' }).getAttribute('aria-pressed'), 'true');
    await chat.reply.getByRole('button', { name: 'Show app version 2', exact: true }).click();
    await second.getByText(/You asked: The app/).waitFor();

    // Download: an .html file named after the app's title, holding the document.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      preview.getByRole('button', { name: 'Download app', exact: true }).click(),
    ]);
    assert.equal(download.suggestedFilename(), 'to-do-list-v2.html');
    const file = path.join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    const saved = await readFile(file, 'utf8');
    assert.ok(saved.startsWith('<!doctype html>'), 'the file is the whole document');
    assert.match(saved, /<title>To-do list<\/title>/);
    assert.match(saved, /You asked: The app \(version 1\) reported an error/);

    // A new tab: Hearth's app-view.html runs the app in the same opaque-origin frame.
    const [tab] = await Promise.all([
      chat.context.waitForEvent('page'),
      preview.getByRole('button', { name: 'Open app in a new tab', exact: true }).click(),
    ]);
    assert.equal(new URL(tab.url()).pathname, '/app-view.html');
    const tabApp = tab.getByTitle('App, version 2', { exact: true }).contentFrame();
    await tabApp.getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();
    await tabApp.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Walk the dog');
    await tabApp.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await tabApp.getByRole('listitem').filter({ hasText: 'Walk the dog' }).waitFor();
    const tabFrame = tab.frames().find((f) => f.url().endsWith('/app-frame.html'));
    assert.equal(await tabFrame.evaluate(() => self.origin), 'null', 'the tab runs the app in an opaque origin');
    assert.equal(await tab.evaluate(() => typeof window.todos), 'undefined', 'no app code runs in the tab’s own page');
    await tab.close();

    // Screenshots, axe and the keyboard.
    await screenshot(page, 'app-preview-1280.png');
    assert.deepEqual(await axeViolations(page, { include: '.app-preview' }), []);
    const close = preview.getByRole('button', { name: 'Close preview', exact: true });
    await close.focus();
    await page.keyboard.press('Enter');
    const showAgain = page.getByRole('button', { name: 'Show app preview', exact: true });
    await showAgain.waitFor();
    await showAgain.focus();
    await page.keyboard.press('Enter');
    await preview.waitFor();

    // Allow network: asked first, stored, and the open variant reaches the network.
    let asked = '';
    page.once('dialog', (dialog) => {
      asked = dialog.message();
      dialog.accept();
    });
    await preview.getByRole('button', { name: 'Allow network for this app', exact: true }).click();
    assert.match(asked, /Allow this app to use the network\?/);
    await preview.getByRole('button', { name: 'Block network for this app', exact: true }).waitFor();
    await waitOn(chat, async () => {
      const frame = page.getByTitle('App preview, version 2', { exact: true });
      return (await frame.count()) === 1 && new URL(await frame.evaluate((f) => f.src)).pathname === '/app-frame-open.html';
    }, 'the frame reloads with the network open');
    await resetMock(env.mock);
    await second.getByText('Sandbox probes', { exact: true }).click();
    await second.getByRole('textbox', { name: 'Probe address', exact: true }).fill(env.mock.url);
    await second.getByRole('button', { name: 'Run probes', exact: true }).click();
    const open = JSON.parse(
      await waitOn(chat, async () => (await second.getByRole('status', { name: 'Probe results' }).textContent()) || false, 'the probes have run'),
    );
    assert.equal(open.fetch, 'reached: 404', 'with the network allowed, fetch reaches the mock');
    assert.equal(open.indexedDB, 'blocked: SecurityError', 'Hearth’s storage stays out of reach');
    assert.equal(open.webrtc, 'reached: present', 'with the network allowed, WebRTC is left in place');
    assert.ok((await mockRequests(env.mock)).some((r) => r.path === '/v1/probe-fetch'));
    const after = await readDatabase(page, ['settings']);
    assert.equal(after.settings.find((s) => s.key === `app:${sessions[0].id}`)?.value.network_allowed, true);
    // Hearth's own page broke its policy only by refusing the frame's navigation.
    const hearth = chat.violations.filter((v) => !/app-frame/.test(v.frame));
    assert.deepEqual([...new Set(hearth.map((v) => v.directive))], ['frame-src'], JSON.stringify(hearth));
    assert.deepEqual(chat.errors, []);

    // A picked version gives way to a newer one: the follow-up's version 3 is shown.
    await first.getByRole('button', { name: 'Show app version 1', exact: true }).click();
    await preview.getByRole('heading', { name: 'App preview · version 1 of 2', exact: true }).waitFor();
    await chat.message.fill('Make it blue.');
    await chat.message.press('Enter');
    await settled(chat);
    await preview.getByRole('heading', { name: 'App preview · version 3 of 3', exact: true }).waitFor();

    // The app's storage survives reloading the whole page.
    await page.reload();
    const third = page.getByTitle('App preview, version 3', { exact: true }).contentFrame();
    await third.getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();

    // A picked version does not outlive leaving the conversation.
    await page.getByRole('article').first().waitFor();
    await chat.assistant.first().getByRole('button', { name: 'Show app version 1', exact: true }).click();
    await preview.getByRole('heading', { name: 'App preview · version 1 of 3', exact: true }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    const row = nav.getByRole('list', { name: 'Conversation list', exact: true }).getByRole('listitem').first();
    await nav.getByRole('button', { name: 'New chat', exact: true }).click();
    await waitOn(chat, async () => (await preview.count()) === 0, 'the new chat has no app');
    await row.getByRole('button').first().click();
    await preview.getByRole('heading', { name: 'App preview · version 3 of 3', exact: true }).waitFor();

    // Deleting the conversation deletes its app's data (after the undo time).
    await row.hover();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitUntil(
      async () => !(await readDatabase(page, ['settings'])).settings.some((s) => s.key === `app:${sessions[0].id}`),
      'the app’s data is deleted with the conversation',
      { timeout: 14_000, interval: 250 },
    );
    assert.deepEqual(chat.errors, []);
  });

  test('a fragment app with css and js blocks runs once its blocks are complete, before the reply ends; its error quotes its code', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'app-tally-pause' });
    const { page } = chat;
    await chatWithAppAgent(page);
    await chat.message.fill('Build me a tally app.');
    await chat.message.press('Enter');
    // The scenario pauses after its code blocks: the app runs while the reply still streams.
    const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await app.getByRole('heading', { name: 'Tally', exact: true }).waitFor();
    assert.ok(await chat.stop.isVisible(), 'the reply is still streaming when the app runs');
    assert.equal(await chat.reply.getByText('Press Count to count.').count(), 0, 'the closing line has not arrived');
    // The css block styles it and the js block runs it.
    const size = await app.getByRole('heading', { name: 'Tally', exact: true }).evaluate((h) => getComputedStyle(h).fontSize);
    assert.equal(size, `${1.5 * 16}px`, 'the css block applies');
    await app.getByRole('button', { name: 'Count', exact: true }).click();
    const tally = app.getByRole('status', { name: 'Tally', exact: true });
    await waitOn(chat, async () => (await tally.textContent()) === '1', 'the js block counts (its start read from a JSON script)');
    await settled(chat);
    // An error names a line of the combined document, and quotes that line's code.
    await app.getByRole('button', { name: 'Break', exact: true }).click();
    const preview = page.getByRole('complementary', { name: /^App preview/ });
    await preview.getByText('missing.explode();', { exact: true }).waitFor();
    // The error is announced apart from the list, and its button is described by the error.
    // (waitUntil: Playwright reports the app's own uncaught error as the page's.)
    await waitUntil(async () => /The app reported an error: .*explode/.test(await preview.getByRole('status').textContent()), 'the error is announced');
    const sendError = preview.getByRole('button', { name: 'Send this error to the agent', exact: true });
    const description = await sendError.evaluate((button) =>
      document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent ?? '');
    assert.match(description, /^Line \d+: .*explode/, 'the button is described by its error');
    await screenshot(page, 'app-preview-error.png');
    chat.errors.splice(0);
    await resetMock(env.mock);
    await preview.getByRole('button', { name: 'Send this error to the agent', exact: true }).click();
    await waitOn(chat, async () => (await chat.assistant.count()) === 2, 'the agent answers the error');
    await settled(chat);
    const [request] = await chatRequests(env.mock, FAMILIES.openai);
    assert.match(request.body.messages.at(-1).content, /The failing line is:\n\n```\nmissing\.explode\(\);\n```/);
  });

  test('the preview below the conversation at 390 px in dark mode, and at 200 % zoom', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'app-todo',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    const { page } = chat;
    await chatWithAppAgent(page);
    await chat.message.fill('Build me a to-do app.');
    await chat.message.press('Enter');
    await settled(chat);
    const preview = page.getByRole('complementary', { name: /^App preview/ });
    const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Buy milk');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await app.getByRole('listitem').filter({ hasText: 'Buy milk' }).waitFor();
    // The layout settles after the app's frame grows (the conversation's rows are measured by
    // a ResizeObserver): wait until it has, and fail with the boxes if it never does.
    let boxes;
    const measure = async () => {
      boxes = await Promise.all([chat.log, preview, chat.message].map((locator) => locator.boundingBox()));
      const [log, panel] = boxes;
      return panel.y >= log.y + log.height - 1;
    };
    await waitUntil(measure, 'the preview is below the conversation').catch((error) => {
      throw new Error(`${error.message}: ${JSON.stringify(boxes)}`);
    });
    const [, panel, composer] = boxes;
    assert.ok(panel.x >= 0 && panel.x + panel.width <= 391, 'the preview fits the width');
    assert.ok(composer.y >= panel.y, 'the composer stays at the bottom');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling (${overflow} px)`);
    await screenshot(page, 'app-preview-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: '.app-preview' }), []);
    // 200 % zoom of a 1280 × 900 window is a 640 × 450 viewport: no sideways scrolling, and
    // the preview's controls and the app stay usable.
    await page.setViewportSize({ width: 640, height: 450 });
    const zoomed = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(zoomed <= 0, `no sideways scrolling at 200 % (${zoomed} px)`);
    for (const name of ['Reload app', 'Open app in a new tab', 'Download app', 'Allow network for this app', 'Close preview']) {
      assert.ok(await preview.getByRole('button', { name, exact: true }).isVisible(), `${name} is visible at 200 %`);
    }
    await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill('Zoomed');
    await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
    await app.getByRole('listitem').filter({ hasText: 'Zoomed' }).waitFor();

    // Clear conversation empties it, the app's data and network permission too.
    const key = async () => `app:${(await readDatabase(page, ['sessions'])).sessions[0].id}`;
    const appKey = await key();
    await waitUntil(async () => (await readDatabase(page, ['settings'])).settings.some((s) => s.key === appKey), 'the app’s data is stored');
    page.once('dialog', (question) => question.accept());
    await page.getByRole('button', { name: 'Clear conversation', exact: true }).click();
    await waitOn(chat, async () => (await chat.log.getByRole('article').count()) === 0, 'the conversation is empty');
    await waitUntil(
      async () => !(await readDatabase(page, ['settings'])).settings.some((s) => s.key === appKey),
      'the app’s data is deleted with the messages',
    );
    assert.deepEqual(chat.errors, []);
  });
});
