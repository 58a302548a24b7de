// Opening Hearth for an end-to-end test and talking to it: the servers and the browser a
// test file shares, a fresh browser context per test with the app loaded (page errors and,
// when asked, CSP violations recorded), a provider pointed at the mock LLM server, the
// chat's locators (by role and accessible name), sending a message and waiting for its
// reply, and reading what is stored once nothing streams.
//
// The usual test:
//
//   const env = useHarness();
//   test('…', async (t) => {
//     const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'echo' });
//     await send(chat, 'Hello?');
//     await settled(chat);
//     …
//     assert.deepEqual(chat.errors, []);
//   });

import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { startMockServer } from '../mock/server.mjs';
import { collectCspViolations, collectPageErrors, launchBrowser, waitUntil } from './browser.mjs';
import { enableTools } from './dialogs.mjs';
import { builtApp } from './dist.mjs';
import { readDatabase } from './idb.mjs';
import { FAMILIES, resetMock } from './mock.mjs';
import { addProvider, closeProviders, commit } from './providers.mjs';
import { startStaticServer } from './static-server.mjs';

/** How long a test waits for anything by default (Playwright's default timeout and `settled`'s). */
export const WAIT_MS = 20_000;

/**
 * Starts, before the tests of the enclosing `describe`, the static server of the built app
 * (`app`), a mock LLM server (`mock`) and headless Chromium (`browser`, with `browserArgs` on
 * its command line), and stops them after those tests. Returns the object they are put in
 * (empty until the `before` hook has run), which the other helpers take as `env`.
 */
export function useHarness({ browserArgs = [] } = {}) {
  const env = {};
  before(async () => {
    [env.app, env.mock, env.browser] = await Promise.all([
      startStaticServer({ root: builtApp() }),
      startMockServer(),
      launchBrowser({ args: browserArgs }),
    ]);
  });
  after(() => Promise.all([env.browser?.close(), env.app?.close(), env.mock?.close()]));
  return env;
}

/**
 * A fresh browser context of `browser` (its own profile, so an empty IndexedDB) made with
 * Playwright's `contextOptions`, waiting `timeout` ms by default, and closed after the test `t`.
 */
export async function newContext(t, browser, contextOptions = {}, { timeout = WAIT_MS } = {}) {
  const context = await browser.newContext(contextOptions);
  t.after(() => context.close());
  context.setDefaultTimeout(timeout);
  return context;
}

/**
 * The chat's locators on `page`: the conversation `log`, the `message` box, the `send` and
 * `stop` buttons, the user's messages (`you`), the replies (`assistant`) and the last reply
 * (`reply`).
 */
export function chatLocators(page) {
  const log = page.getByRole('log', { name: 'Conversation', exact: true });
  const assistant = log.getByRole('article', { name: 'Assistant', exact: true });
  return {
    log,
    message: page.getByRole('textbox', { name: 'Message', exact: true }),
    send: page.getByRole('button', { name: 'Send', exact: true }),
    stop: page.getByRole('button', { name: 'Stop', exact: true }),
    you: log.getByRole('article', { name: 'You', exact: true }),
    assistant,
    reply: assistant.last(),
  };
}

/**
 * Loads the app at `url` in `page` (a new page of `context` unless given), recording the
 * page's uncaught errors and panics (`errors`) and, with `cspViolations: true`, its
 * Content-Security-Policy violations (`violations`), and waits until it has started (the
 * Providers button shows). Returns `{ context, page, errors, violations, ...chatLocators(page) }`.
 */
export async function loadApp(context, url, { page, cspViolations = false } = {}) {
  page ??= await context.newPage();
  const errors = collectPageErrors(page);
  const violations = cspViolations ? await collectCspViolations(page) : [];
  await page.goto(url);
  await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
  return { context, page, errors, violations, ...chatLocators(page) };
}

/**
 * Opens the app in a fresh browser context (see `newContext`; closed after the test `t`) of
 * `env.browser`: at `url` (the app's address by default) with `contextOptions` and the
 * default `timeout`. `beforeLoad(context, page)` runs before the app is loaded (to listen
 * to requests, or to set a storage quota); `cspViolations` is `loadApp`'s. Returns what
 * `loadApp` returns.
 */
export async function openApp(t, env, { url = env.app.url, contextOptions, timeout, cspViolations, beforeLoad } = {}) {
  const context = await newContext(t, env.browser, contextOptions, { timeout });
  const page = await context.newPage();
  if (beforeLoad) await beforeLoad(context, page);
  return loadApp(context, url, { page, cspViolations });
}

/**
 * Waits until `page` has stored a provider (with `baseUrl` and `apiKey`, where given) and
 * model settings for it with `model` (and `extra` as its extra JSON, `thinking` as its
 * thinking switch, where given). Returns `{ provider, config }`, the two records.
 */
export function waitForStoredProvider(page, { baseUrl, apiKey, model, extra, thinking }) {
  const wanted = (value, expected) => expected === undefined || value === expected;
  return waitUntil(async () => {
    const { providers, model_configs: configs } = await readDatabase(page, ['providers', 'model_configs']);
    for (const provider of providers) {
      if (!wanted(provider.base_url, baseUrl) || !wanted(provider.api_key, apiKey)) continue;
      const config = configs.find(
        (c) =>
          c.provider_id === provider.id &&
          c.model === model &&
          wanted(c.extra_json, extra) &&
          wanted(c.thinking, thinking),
      );
      if (config) return { provider, config };
    }
    return null;
  }, 'the provider settings are stored');
}

/**
 * Adds a provider of `family` (OpenAI-compatible by default) in the Providers dialog, as a
 * person would, pointed at the mock server `mock` and answering with the mock scenario
 * `scenario` (its Model field), with the key `apiKey`; `extra` is committed as its Extra
 * JSON and `thinking` sets its thinking switch. The dialog is closed unless `keepOpen`.
 * Waits until all of it is stored, and returns `{ form, provider, config }`: the provider
 * form and the stored records.
 */
export async function addMockProvider(
  page,
  mock,
  { family = FAMILIES.openai, scenario, apiKey = 'sk-test', extra, thinking, keepOpen = false },
) {
  const baseUrl = family.baseUrl(mock);
  const { form } = await addProvider(page, { type: family.type, baseUrl, apiKey, model: scenario, thinking, keepOpen: true });
  if (extra !== undefined) await commit(form.getByRole('textbox', { name: 'Extra JSON', exact: true }), extra);
  if (!keepOpen) await closeProviders(page);
  const stored = await waitForStoredProvider(page, { baseUrl, apiKey, model: scenario, extra, thinking });
  return { form, ...stored };
}

/**
 * Opens a chat with a provider: empties the mock's request log, opens the app in a fresh
 * browser context (closed after the test `t`; see `openApp` for `url`, `contextOptions`,
 * `timeout`, `cspViolations` and `beforeLoad`), adds one provider of `family` answering with
 * the mock scenario `scenario` (see `addMockProvider` for `apiKey`, `extra`, `thinking`;
 * `keepProvidersOpen` leaves the Providers dialog open), then enables the tools labelled
 * `tools` and the round limit `rounds` in the General Assistant's editor (see `enableTools`).
 * Returns `openApp`'s chat with `family` and the stored `provider` and `config` added.
 */
export async function openChatWithProvider(
  t,
  env,
  { family = FAMILIES.openai, scenario, apiKey, extra, thinking, keepProvidersOpen = false, tools = [], rounds, ...appOptions },
) {
  await resetMock(env.mock);
  const chat = await openApp(t, env, appOptions);
  const { provider, config } = await addMockProvider(chat.page, env.mock, {
    family,
    scenario,
    apiKey,
    extra,
    thinking,
    keepOpen: keepProvidersOpen,
  });
  const { model_configs: configs } = await readDatabase(chat.page, ['model_configs']);
  assert.equal(configs.length, 1, 'the fresh browser has exactly the one provider this chat set up');
  if (tools.length > 0 || rounds !== undefined) {
    assert.ok(!keepProvidersOpen, 'tools are enabled once the Providers dialog is closed');
    await enableTools(chat.page, tools, { rounds });
  }
  return { ...chat, family, provider, config };
}

/**
 * `waitUntil`, but failing at once when the page of `chat` has crashed (a Rust panic or an
 * uncaught error in `chat.errors`), instead of waiting out the timeout.
 */
export function waitOn(chat, check, description, options) {
  return waitUntil(
    async () => {
      if (chat.errors.length > 0) {
        assert.fail(`the page crashed while waiting until ${description}: ${chat.errors.join(' / ')}`);
      }
      return check();
    },
    description,
    options,
  );
}

/**
 * The aria-busy state of `article`: a reply is 'true' while it streams, until how it ended is
 * saved (only then does the conversation take a new message or Regenerate), and while its code,
 * written plain during the stream, is being highlighted; then 'false'.
 */
export function busy(article) {
  return article.getAttribute('aria-busy');
}

/** Types `text` into the message box and sends it with Enter (with the Send button if `click`); does not wait. */
export async function sendMessage(chat, text, { click = false } = {}) {
  await chat.message.fill(text);
  if (click) await chat.send.click();
  else await chat.message.press('Enter');
}

/** Sends `text` with Enter and returns once its reply has appeared (not finished). */
export async function send(chat, text) {
  const replies = await chat.assistant.count();
  await sendMessage(chat, text);
  await waitOn(chat, async () => (await chat.assistant.count()) > replies, 'the reply has appeared').catch(async (error) =>
    assert.fail(`${error.message}; ${JSON.stringify(await describePage(chat))}`),
  );
}

/** What `chat` shows when a wait failed: any open dialog, the conversation, the message box's text, and any alert or status. */
async function describePage(chat) {
  const notices = [];
  for (const notice of await chat.page.locator('[role="alert"], [role="status"]').all()) {
    const text = (await notice.innerText().catch(() => '')).replace(/\s+/g, ' ').trim();
    if (text) notices.push(text.slice(0, 200));
  }
  const dialogs = [];
  for (const dialog of await chat.page.locator('dialog[open]').all()) {
    dialogs.push((await dialog.getAttribute('aria-label')) ?? (await dialog.innerText().catch(() => '')).slice(0, 80));
  }
  return {
    dialogs,
    conversation: await describeLog(chat.log),
    messageBox: await chat.message.inputValue().catch((error) => `unreadable: ${error.message}`),
    notices,
  };
}

/**
 * Waits until there is a reply and the last one is done: streamed, saved and its code
 * highlighted (aria-busy="false"),
 * for at most `timeout` ms; on a timeout the failure says what the conversation shows.
 */
export function settled(chat, timeout = WAIT_MS) {
  const done = async () => (await chat.assistant.count()) > 0 && (await busy(chat.reply)) === 'false';
  return waitOn(chat, done, 'the reply is aria-busy="false"', { timeout }).catch(async (error) =>
    assert.fail(`${error.message}; the conversation shows ${JSON.stringify(await describeLog(chat.log))}`),
  );
}

/** Sends `text` with Enter, waits until its reply has finished, and returns the reply (the last one). */
export async function sendAndSettle(chat, text) {
  await send(chat, text);
  await settled(chat);
  return chat.reply;
}

/** What the conversation `log` shows, for failure messages: `[{ who, busy, text }]`, each text cut to `chars`. */
export async function describeLog(log, chars = 200) {
  const articles = [];
  for (const article of await log.getByRole('article').all()) {
    articles.push({
      who: await article.getAttribute('aria-label'),
      busy: await article.getAttribute('aria-busy'),
      text: (await article.innerText()).replace(/\s+/g, ' ').slice(0, chars),
    });
  }
  return articles;
}

/** The stored messages of `page`, once there are some and none is streaming any more. */
export function storedAtRest(page) {
  return waitUntil(async () => {
    const { messages } = await readDatabase(page, ['messages']);
    return messages.length > 0 && messages.every((m) => m.state !== 'streaming') && messages;
  }, 'the stored messages are at rest');
}

/**
 * The composer's option `name` (of `role`), made visible first: on a phone (40rem or less) the
 * options under the message box (Compare, Search, effort, Image, Talk, the meter) fold behind
 * "More options", which this opens when it is shown and closed.
 */
export async function composerOption(page, name, role = 'button') {
  const option = page.getByRole(role, { name, exact: true });
  const more = page.getByRole('button', { name: 'More options', exact: true });
  if (!(await option.isVisible()) && (await more.isVisible()) && (await more.getAttribute('aria-expanded')) === 'false') {
    await more.click();
  }
  return option;
}
