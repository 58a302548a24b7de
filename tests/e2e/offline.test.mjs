// Offline use in real headless Chromium against the mock server: the top bar's "Offline"
// indicator follows the browser's network state (Playwright's `context.setOffline`) and says
// what still works; sending to a provider on another machine while offline makes no request,
// ends with the "You're offline" card and keeps the user's message (on the page and in
// IndexedDB), and Retry once online gets the answer; a reply that breaks while offline says so
// too, its start kept; a provider on this machine (127.0.0.1) is still asked while the browser
// says it is offline, and the App Builder's app runs from it; the fetch-url tool says the
// device is offline instead of trying.
// Screenshots: the indicator and the offline card at 1280 px and 390 px in dark mode; axe on
// the main screen with the indicator shown. Elements are found by role and accessible name.
//
// The "remote" provider is `api.hearth-test.example`, which Chromium resolves to 127.0.0.1
// (`--host-resolver-rules`), so the mock answers it once the browser is back online while
// Hearth sees a host that is not this machine.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMockServer } from '../mock/server.mjs';
import { axeViolations } from '../support/axe.mjs';
import { launchBrowser, screenshot, waitUntil } from '../support/browser.mjs';
import { addMockProvider, openApp, settled, waitForStoredProvider, waitOn } from '../support/chat.mjs';
import { builtApp } from '../support/dist.mjs';
import { enableTools, openAgents } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { FAMILIES, chatRequests, mockRequests, resetMock } from '../support/mock.mjs';
import { addProvider } from '../support/providers.mjs';
import { startStaticServer } from '../support/static-server.mjs';

/** A host name that is not this machine's; Chromium resolves it to 127.0.0.1 for these tests. */
const REMOTE_HOST = 'api.hearth-test.example';

/** What the indicator's tooltip (its accessible description) says. */
const WHAT_WORKS =
  'Your conversations, search and tools that need no network work offline; sending needs a connection unless the provider runs on this computer.';

/**
 * Makes the pages of `context` believe the device is offline: `navigator.onLine` is false and an
 * `offline` event fires once loaded. Chromium's `setOffline` also cuts loopback, so this is how
 * "the OS says offline but a server on this machine answers" is simulated.
 */
function sayOffline(context) {
  return context.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
    addEventListener('load', () => dispatchEvent(new Event('offline')));
  });
}

/**
 * Switches the open provider's model to the mock's `app-todo`, chats with the App Builder,
 * asks for a to-do app, and adds `item` in its preview, waiting until the app shows it.
 */
async function buildTodoApp(chat, item) {
  const { page } = chat;
  await page.getByRole('button', { name: 'Providers', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Providers', exact: true });
  const model = dialog.getByRole('form', { name: 'Provider settings', exact: true }).getByRole('textbox', { name: 'Model', exact: true });
  await model.fill('app-todo');
  await model.press('Tab');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await waitForStoredProvider(page, { model: 'app-todo' });
  const agents = await openAgents(page);
  await agents.getByRole('button', { name: 'Chat with App Builder', exact: true }).click();
  await agents.waitFor({ state: 'hidden' });
  await chat.message.fill('Build me a to-do app.');
  await chat.message.press('Enter');
  await settled(chat);
  const app = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
  await app.getByRole('heading', { name: 'To-do list', exact: true }).waitFor();
  await app.getByRole('textbox', { name: 'New to-do', exact: true }).fill(item);
  await app.getByRole('button', { name: 'Add to-do', exact: true }).click();
  await app.getByRole('list', { name: 'To-dos', exact: true }).getByRole('listitem').filter({ hasText: item }).waitFor();
}

/** The indicator's live region (always there) and the badge inside it (only while offline). */
function indicator(page) {
  const region = page.getByRole('banner').getByRole('status', { name: 'Connection', exact: true });
  return { region, badge: region.getByText('Offline', { exact: true }) };
}

/**
 * The accessible description of `locator`'s element from its `aria-describedby` (the text of
 * the elements it names, hidden or not, as browsers compute it). Not through the DevTools
 * protocol: a second session there ends Playwright's offline emulation.
 */
function accessibleDescription(locator) {
  return locator.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent.trim() ?? '')
      .join(' ')
      .trim(),
  );
}

describe('offline', () => {
  const env = {};
  before(async () => {
    [env.app, env.mock, env.browser] = await Promise.all([
      startStaticServer({ root: builtApp() }),
      startMockServer(),
      launchBrowser({ args: [`--host-resolver-rules=MAP ${REMOTE_HOST} 127.0.0.1`] }),
    ]);
  });
  after(() => Promise.all([env.browser?.close(), env.app?.close(), env.mock?.close()]));

  test('the Offline indicator shows while the browser is offline, says what works, and goes when the network returns', async (t) => {
    const chat = await openApp(t, env, { contextOptions: { viewport: { width: 1280, height: 800 } } });
    const { page, context } = chat;
    const { region, badge } = indicator(page);
    await region.waitFor({ state: 'attached' });
    assert.equal(await badge.count(), 0, 'online: no badge');
    assert.equal((await region.textContent()).trim(), '', 'online: the live region is empty');

    await context.setOffline(true);
    await badge.waitFor();
    assert.equal(await accessibleDescription(badge), WHAT_WORKS, 'the badge describes what still works');
    const tooltip = page.getByRole('tooltip').filter({ hasText: WHAT_WORKS });
    assert.equal(await tooltip.isVisible(), false, 'the tooltip waits for hover or focus');
    await badge.focus();
    await waitUntil(() => tooltip.isVisible(), 'focus shows the tooltip');
    await screenshot(page, 'offline-indicator.png');
    assert.deepEqual(await axeViolations(page), [], 'the main screen with the indicator shown');
    await page.keyboard.press('Escape');
    await waitUntil(async () => !(await tooltip.isVisible()), 'Escape hides the tooltip');
    assert.equal(await badge.evaluate((element) => element === document.activeElement), true, 'the focus stays');

    // 390 px, dark: the badge stays on the top bar's one row, beside the sidebar's toggle.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.mouse.click(200, 600);
    await waitUntil(async () => !(await tooltip.isVisible()), 'the tooltip hides when focus leaves');
    const toggle = await page.getByRole('button', { name: 'Conversations', exact: true }).boundingBox();
    const box = await badge.boundingBox();
    assert.ok(box.y < toggle.y + toggle.height && box.y + box.height > toggle.y, 'on the top bar’s row');
    assert.ok(box.x + box.width <= 390, 'inside the viewport');
    await screenshot(page, 'offline-indicator-390-dark.png');
    await badge.focus();
    await waitUntil(() => tooltip.isVisible(), 'focus shows the tooltip again (at 390 px)');
    const tip = await tooltip.boundingBox();
    assert.ok(tip.x >= 0 && tip.x + tip.width <= 390, 'the tooltip fits the narrow screen');
    await screenshot(page, 'offline-indicator-tooltip-390-dark.png');
    assert.deepEqual(await axeViolations(page), [], 'dark, narrow, tooltip shown');

    // 200 % zoom at 1280 px is a 640 px wide layout: the badge still fits on the top bar.
    await page.setViewportSize({ width: 640, height: 400 });
    const zoomed = await badge.boundingBox();
    assert.ok(zoomed.x + zoomed.width <= 640, 'inside the viewport at 200 % zoom');
    const zoomedTip = await tooltip.boundingBox();
    assert.ok(zoomedTip.x >= 0 && zoomedTip.x + zoomedTip.width <= 640, 'the tooltip fits at 200 % zoom');
    await screenshot(page, 'offline-indicator-zoom-200.png');

    await context.setOffline(false);
    await badge.waitFor({ state: 'detached' });
    assert.equal((await region.innerText()).trim(), 'Back online', 'the live region says the network is back');
    const note = await region.getByText('Back online', { exact: true }).boundingBox();
    assert.ok(note.width <= 1 && note.height <= 1, 'for screen readers only (visually hidden)');
    await waitUntil(async () => (await region.textContent()).trim() === '', 'the note clears', { timeout: 10_000 });
    assert.deepEqual(chat.errors, []);
  });

  test('offline, a message to a provider on another machine is kept, not sent, and Retry sends it once online', async (t) => {
    const chat = await openApp(t, env, { contextOptions: { viewport: { width: 1280, height: 800 } } });
    const { page, context } = chat;
    const baseUrl = `http://${REMOTE_HOST}:${env.mock.port}/v1`;
    await addProvider(page, { baseUrl, apiKey: 'sk-remote', model: 'echo' });
    await waitForStoredProvider(page, { baseUrl, apiKey: 'sk-remote', model: 'echo' });
    // Every request the page starts to the provider's host, even one the offline network fails.
    const tried = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === REMOTE_HOST) tried.push(`${request.method()} ${request.url()}`);
    });
    await resetMock(env.mock);

    await context.setOffline(true);
    await indicator(page).badge.waitFor();
    const text = 'Is the kettle on?';
    await chat.message.fill(text);
    await chat.message.press('Enter');
    await settled(chat);
    // Without the service worker the reply's parts could not load either: the frame that says
    // so says why the message was not sent (a browser with the worker shows the whole card).
    const card = chat.reply.getByRole('alert');
    await card.getByText(/^You're offline\. /).waitFor();
    assert.match(await card.innerText(), /not connected to a network.*Your message is kept: press Retry once you are back online/s);
    const retry = chat.reply.getByRole('button', { name: 'Retry', exact: true });
    assert.equal(await retry.isEnabled(), true);
    assert.deepEqual(tried, [], 'the page made no request to the provider');
    assert.deepEqual(await mockRequests(env.mock), [], 'nothing reached the provider');

    // The message is kept: shown, and stored with the failed reply's offline kind.
    assert.equal((await chat.you.last().innerText()).includes(text), true, 'the message shows');
    const { messages } = await readDatabase(page, ['messages']);
    const user = messages.find((m) => m.role === 'user');
    assert.equal(user?.content, text, 'the message is stored');
    const failed = messages.find((m) => m.role === 'assistant');
    assert.equal(failed.state, 'failed');
    assert.equal(failed.error.kind, 'offline');
    assert.match(failed.error.message, /^You're offline\. /);

    await screenshot(page, 'offline-card.png');
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await chat.reply.scrollIntoViewIfNeeded();
    await screenshot(page, 'offline-card-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the offline card, dark and narrow');

    // Back online, Retry sends the kept message and the answer streams.
    await context.setOffline(false);
    await indicator(page).badge.waitFor({ state: 'detached' });
    await retry.click();
    await settled(chat);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('Hearth mock server'), 'the answer has arrived');
    assert.equal(await chat.reply.getByRole('alert').count(), 0, 'no card on the answer');
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(requests.length, 1, 'one chat request, after the network returned');
    assert.equal(requests[0].body.messages.at(-1).content, text, 'it carries the kept message');
    assert.equal(requests[0].headers.authorization, 'Bearer sk-remote');
    assert.ok(tried.some((line) => line.startsWith('POST ')), 'the request listener sees the retried request');
    const { messages: after } = await readDatabase(page, ['messages']);
    assert.equal(after.filter((m) => m.role === 'user').length, 1, 'the message was not duplicated');
    assert.deepEqual(chat.errors, []);
  });

  test('a reply that breaks while the browser is offline ends with the offline card, its start kept', async (t) => {
    // `setOffline` leaves an open response streaming, so the page is told it went offline
    // (navigator.onLine false, an `offline` event) while the mock holds the reply open, and
    // the mock then drops the connection.
    const chat = await openApp(t, env, {
      beforeLoad: (context) =>
        context.addInitScript(() => {
          const online = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine').get;
          Object.defineProperty(Navigator.prototype, 'onLine', {
            configurable: true,
            get() {
              return window.__hearthTestOffline ? false : online.call(this);
            },
          });
        }),
    });
    const { page } = chat;
    const baseUrl = `http://${REMOTE_HOST}:${env.mock.port}/v1`;
    await addProvider(page, { baseUrl, model: 'drop-after-pause' });
    await waitForStoredProvider(page, { baseUrl, model: 'drop-after-pause' });
    await chat.message.fill('Tell me something.');
    await chat.message.press('Enter');
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('after a pause.'), 'the reply has started');
    await page.evaluate(() => {
      window.__hearthTestOffline = true;
      dispatchEvent(new Event('offline'));
    });
    assert.equal(await chat.reply.getAttribute('aria-busy'), 'true', 'the reply was still open when the browser went offline');
    await indicator(page).badge.waitFor();
    await settled(chat);
    const card = chat.reply.getByRole('alert');
    await card.getByText("You're offline", { exact: true }).waitFor();
    assert.ok((await chat.reply.innerText()).includes('This reply will be cut off after a pause.'), 'what arrived is kept');
    const { messages } = await readDatabase(page, ['messages']);
    const reply = messages.find((m) => m.role === 'assistant');
    assert.equal(reply.error?.kind, 'offline');
    assert.equal(reply.content, 'This reply will be cut off after a pause.', 'what arrived is stored');
    assert.deepEqual(chat.errors, []);
  });

  test('a provider on this machine is still asked while the browser says it is offline, and the App Builder’s app runs', async (t) => {
    const chat = await openApp(t, env, {
      contextOptions: { viewport: { width: 1280, height: 900 } },
      // The OS says offline (see sayOffline) while 127.0.0.1 answers.
      beforeLoad: sayOffline,
    });
    const { page } = chat;
    await resetMock(env.mock);
    const { badge } = indicator(page);
    await badge.waitFor();

    // A plain answer from the local provider (echo), streamed while the badge shows.
    await addMockProvider(page, env.mock, { scenario: 'echo' });
    const text = 'Still there, local model?';
    await chat.message.fill(text);
    await chat.message.press('Enter');
    await settled(chat);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('Hearth mock server'), 'the answer has arrived');
    assert.equal(await chat.reply.getByRole('alert').count(), 0, 'no offline card for a local provider');
    assert.ok((await chat.reply.innerText()).includes(text), 'the echo scenario quoted the message');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 1, 'the request reached 127.0.0.1');
    assert.equal(await badge.isVisible(), true, 'still offline');

    // The App Builder, on the same local provider, builds an app; its preview runs.
    await buildTodoApp(chat, 'Fill the kettle');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 2, 'the App Builder asked the local model');
    assert.equal(await badge.isVisible(), true, 'still offline');
    await screenshot(page, 'offline-local-app.png');
    assert.deepEqual(chat.errors, []);
  });

  test('a new user’s day offline: the host gone and the network off, a reload opens every conversation, search finds old text, and the local model builds an app', async (t) => {
    // Tried as a new user would: Hearth is used once online (its worker installs), then the
    // host is unreachable and the device offline (the OS says so; a model on this machine
    // still answers, see sayOffline), and the user reloads.
    const host = await startStaticServer({ root: builtApp(), headers: true });
    let hostUp = true;
    t.after(() => hostUp && host.close());
    const chat = await openApp(t, env, { url: host.url, contextOptions: { serviceWorkers: 'allow', viewport: { width: 1280, height: 900 } } });
    const { page, context } = chat;
    await resetMock(env.mock);
    await addMockProvider(page, env.mock, { scenario: 'echo' });
    await chat.message.fill('Where do ptarmigans spend the winter?');
    await chat.message.press('Enter');
    await settled(chat);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('ptarmigans'), 'the first answer has arrived');
    await waitUntil(
      () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state === 'activated'),
      'the service worker is installed',
    );

    await host.close();
    hostUp = false;
    await sayOffline(context);
    await page.reload();
    const { badge } = indicator(page);
    await badge.waitFor();
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    // The conversation is listed (by the title the model gave it, or its first message's,
    // whichever landed before the reload: the echo model's title is not about ptarmigans),
    // and it opens.
    const listed = nav.getByRole('list', { name: 'Conversation list', exact: true }).getByRole('listitem');
    await waitUntil(async () => (await listed.count()) === 1, 'the conversation is listed');
    await listed.first().getByRole('button').first().click();
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('ptarmigans'), 'the old answer is shown');
    const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
    await search.fill('ptarmigans');
    const results = nav.getByRole('list', { name: 'Search results', exact: true });
    await waitUntil(async () => (await results.getByRole('listitem').count()) > 0, 'the search finds the old message');
    await search.fill('');

    await buildTodoApp(chat, 'Bank the fire');
    assert.equal(await badge.isVisible(), true, 'still offline');
    await screenshot(page, 'offline-day-app.png');
    assert.deepEqual(chat.errors, []);
  });

  test('offline, the fetch-url tool says the device is offline instead of trying a site on another machine', async (t) => {
    const chat = await openApp(t, env, { beforeLoad: sayOffline });
    const { page } = chat;
    await resetMock(env.mock);
    await indicator(page).badge.waitFor();
    await addMockProvider(page, env.mock, { scenario: 'tools-fetch' });
    await enableTools(page, ['Fetch a URL']);
    const tried = [];
    page.on('request', (request) => {
      if (new URL(request.url()).hostname === REMOTE_HOST) tried.push(request.url());
    });
    const url = `http://${REMOTE_HOST}:${env.mock.port}/v1/models`;
    await chat.message.fill(url);
    await chat.message.press('Enter');
    await chat.reply
      .getByRole('group', { name: 'Approve the fetch_url call', exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    await settled(chat);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('Fetched (1 errors)'), 'the answer has arrived');
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(requests.length, 2, 'the local model was asked twice: the call, then its result');
    const [result] = FAMILIES.openai.results(requests[1].body);
    assert.equal(result.content, `Error: This device is offline, so ${url} cannot be fetched. Tell the user; it works again once the device is back online.`);
    assert.deepEqual(tried, [], 'the page made no request to the site');
    assert.deepEqual(chat.errors, []);
  });
});
