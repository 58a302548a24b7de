// End-to-end test of Hearth's walking skeleton in real headless Chromium: the built app
// (dist/, or $HEARTH_DIST) talks to the mock LLM server, streams and renders a markdown
// reply safely, stops a reply, and shows provider errors, all without a Content-Security-
// Policy violation; and everything it fetches until the Message box exists is counted by the
// bundle budget (scripts/size-budget.mjs). Elements are found by role and accessible name
// only. Screenshots go to tests/e2e/screenshots/.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { busy, openApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { closeProviders, providerForm } from '../support/providers.mjs';
import { builtApp } from '../support/dist.mjs';
import { firstLoadFiles } from '../../scripts/size-budget.mjs';

const STOP_WAIT_MS = 5_000;
const MARKDOWN_HEADING = 'Hearth mock reply';
const MARKDOWN_END = 'That is all.';
const SLOW_OPENING = 'Once upon a time';
const RAW_ERROR = /TypeError|RuntimeError|panicked|\[object Object\]|\bundefined\b/;

describe('walking skeleton', () => {
  const env = useHarness();

  /**
   * Opens the app in a fresh browser context, set up to use the mock scenario `model`, and
   * notes the type of the API key field while the Providers dialog is open.
   */
  async function openChat(t, model, contextOptions = {}) {
    const chat = await openChatWithProvider(t, env, {
      scenario: model,
      apiKey: 'sk-test',
      contextOptions,
      cspViolations: true,
      keepProvidersOpen: true,
    });
    chat.apiKeyType = await providerForm(chat.page).getByLabel('API key', { exact: true }).getAttribute('type');
    await closeProviders(chat.page);
    return chat;
  }

  /**
   * The chat completion requests the mock server received since the chat was opened,
   * leaving out the background request that asks the model for a conversation title.
   */
  function completionRequests() {
    return chatRequests(env.mock, FAMILIES.openai);
  }

  /** The text of the alert in the reply, checked to be readable, once the reply settles. */
  async function alertText(chat) {
    const alert = chat.reply.getByRole('alert');
    await alert.waitFor();
    const text = (await alert.innerText()).trim();
    assert.ok(text.length > 0, 'the alert says something');
    assert.doesNotMatch(text, RAW_ERROR, `the error is explained, not dumped: ${JSON.stringify(text)}`);
    await settled(chat);
    return text;
  }

  test('a markdown reply streams in, renders safely, and was requested correctly', async (t) => {
    const chat = await openChat(t, 'markdown');
    const firstLine = 'Show me some markdown, and keep <b>not bold</b> as text.';
    const secondLine = 'This is the second line.';
    assert.equal(chat.apiKeyType, 'password', 'the API key is not shown');

    await chat.message.click();
    await chat.page.keyboard.type(firstLine);
    await chat.page.keyboard.press('Shift+Enter');
    await chat.page.keyboard.type(secondLine);
    assert.equal(await chat.message.inputValue(), `${firstLine}\n${secondLine}`, 'Shift+Enter adds a line');
    assert.equal(await chat.you.count(), 0, 'Shift+Enter does not send');
    await chat.page.keyboard.press('Enter');

    const mine = chat.you.last();
    await mine.waitFor();
    const lines = (await mine.innerText()).split('\n').map((line) => line.trim());
    assert.ok(lines.includes(firstLine), `the first line is shown as typed: ${JSON.stringify(lines)}`);
    assert.ok(lines.includes(secondLine), `the second line is shown on its own line: ${JSON.stringify(lines)}`);
    assert.equal(await mine.locator('b').count(), 0, 'user text is never parsed as HTML');

    await waitUntil(async () => {
      const [state, text] = await Promise.all([busy(chat.reply), chat.reply.innerText()]);
      assert.notEqual(state, 'false', 'the reply finished before it could be seen mid-stream');
      return state === 'true' && text.includes('first item');
    }, 'the first part of the reply has streamed in');
    assert.ok(!(await chat.reply.innerText()).includes(MARKDOWN_END), 'the reply arrives piece by piece');
    await screenshot(chat.page, '01-mid-stream.png');

    await settled(chat);
    await screenshot(chat.page, '02-complete.png');
    const reply = chat.reply;
    assert.ok((await reply.innerText()).includes(MARKDOWN_END), 'the whole reply is shown');
    await reply.getByRole('heading', { name: MARKDOWN_HEADING }).waitFor();
    assert.ok((await reply.locator('strong').allInnerTexts()).includes('bold'), '**bold** is bold');
    assert.equal(await reply.getByRole('listitem').count(), 3, 'the bullet list has three items');
    assert.ok((await reply.locator('code').allInnerTexts()).includes('inline code'), 'inline code');
    assert.match(await reply.locator('pre code').innerText(), /println!\("Hello from Hearth!"\);/);
    const link = reply.getByRole('link', { name: 'link to the Rust website' });
    assert.equal(await link.getAttribute('href'), 'https://www.rust-lang.org/');

    assert.equal(await chat.page.evaluate(() => window.__hearthXss), undefined, 'no injected script ran');
    assert.equal(await chat.log.locator('script').count(), 0, 'no <script> in the conversation');
    assert.equal(await chat.log.locator('[onerror]').count(), 0, 'no onerror attribute in the conversation');

    const requests = await completionRequests();
    assert.equal(requests.length, 1, 'one chat completion request was sent');
    const [{ headers, body }] = requests;
    assert.equal(headers.authorization, 'Bearer sk-test');
    assert.equal(body.model, 'markdown');
    assert.equal(body.stream, true);
    const last = body.messages.at(-1);
    assert.deepEqual({ role: last.role, content: last.content }, {
      role: 'user',
      content: `${firstLine}\n${secondLine}`,
    });
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('Stop ends a streaming reply and keeps what had arrived', async (t) => {
    const chat = await openChat(t, 'slow');
    await sendMessage(chat, 'Tell me a long story.');
    await waitUntil(
      async () => (await chat.reply.innerText()).includes(SLOW_OPENING),
      'the slow reply has started',
    );
    assert.equal(await busy(chat.reply), 'true');
    assert.ok(await chat.stop.isVisible(), 'Stop is shown while a reply streams');
    assert.equal(await chat.send.isVisible(), false, 'Send is hidden while a reply streams');

    await chat.stop.click();
    await settled(chat, STOP_WAIT_MS);
    await waitUntil(
      async () => (await chat.reply.innerText()).includes('Stopped'),
      'the reply says it was stopped',
      { timeout: STOP_WAIT_MS },
    );
    // The answer is what comes before the "Stopped" note (the footer's buttons change
    // once the reply is saved: Regenerate appears).
    const answer = async () => (await chat.reply.innerText()).split('Stopped')[0];
    const stoppedText = await answer();
    assert.ok(stoppedText.includes(SLOW_OPENING), 'the partial reply is kept');
    await waitUntil(
      async () => (await completionRequests()).some((request) => request.aborted),
      'the mock server saw the request cancelled',
      { timeout: STOP_WAIT_MS },
    );
    await sleep(1_000);
    assert.equal(await answer(), stoppedText, 'nothing more arrives after Stop');
    assert.ok(await chat.send.isVisible(), 'Send is back');
    assert.equal(await chat.stop.isVisible(), false, 'Stop is gone');
    await screenshot(chat.page, '03-stopped.png');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('a rejected API key is explained with the provider’s message', async (t) => {
    const chat = await openChat(t, 'unauthorized');
    await sendMessage(chat, 'Hello?');
    const text = await alertText(chat);
    assert.match(text, /Incorrect API key provided/, 'the provider’s message is shown');
    const ownWords = text.replace(/Incorrect API key provided.*?api-keys\.?/s, '');
    assert.match(ownWords, /\bkey\b/i, `the app itself says the API key was rejected: ${JSON.stringify(text)}`);
    await screenshot(chat.page, '04-error-401.png');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('a provider server error is shown as an alert', async (t) => {
    const chat = await openChat(t, 'server-error');
    await sendMessage(chat, 'Hello?');
    await alertText(chat);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('on a narrow dark-mode phone screen a reply fits the width', async (t) => {
    const chat = await openChat(t, 'markdown', {
      viewport: { width: 390, height: 844 },
      colorScheme: 'dark',
    });
    await sendMessage(chat, 'Show me some markdown.');
    await settled(chat);
    await chat.reply.getByRole('heading', { name: MARKDOWN_HEADING }).waitFor();
    const pageWidth = await chat.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth}px wide)`);
    await screenshot(chat.page, '05-mobile-dark.png');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('every file a visit fetches until something is typed is in the first load’s size budget', async (t) => {
    // The budget follows index.html's references statically; this is what the page really
    // asks its own origin for (file names only), so a file loaded another way cannot escape it.
    // Start-up fetches nothing more: the send path comes once there is text to send.
    const requested = new Set();
    let recording = true;
    const origin = new URL(env.app.url).origin;
    const app = await openApp(t, env, {
      beforeLoad: (_context, page) =>
        page.on('request', (request) => {
          const url = new URL(request.url());
          if (!recording || url.origin !== origin) return;
          requested.add(url.pathname === '/' ? 'index.html' : decodeURIComponent(url.pathname.slice(1)));
        }),
    });
    await app.message.waitFor();
    await app.page.getByRole('button', { name: 'New chat', exact: true }).waitFor();
    await app.page.waitForTimeout(1000);
    recording = false;
    const budgeted = new Set(firstLoadFiles(builtApp()).map((f) => f.name));
    assert.ok(requested.has('index.html'), `the page itself was requested: ${[...requested]}`);
    assert.ok([...requested].some((name) => name.endsWith('.wasm')), `the wasm was requested: ${[...requested]}`);
    const outside = [...requested].filter((name) => !budgeted.has(name));
    assert.deepEqual(outside, [], `fetched before anything was typed but not counted by scripts/size-budget.mjs (counted: ${[...budgeted]})`);
    assert.deepEqual(app.errors, []);
  });
});
