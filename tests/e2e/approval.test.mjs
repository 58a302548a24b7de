// End-to-end tests of "Ask before running" in real headless Chromium: the built app (dist/,
// or $HEARTH_DIST) against the mock LLM server (OpenAI dialect) and a local "target" server
// that logs every request it gets, standing for a site that would receive leaked data. They
// check that a fetch waits with its exact URL shown and nothing reaches the target until
// Allow; that Deny goes back to the model as an error result and the answer goes on; that
// "Always allow" is stored on the agent, survives a reload, and is taken back in the Tools
// dialog; that Stop while waiting answers the call as stopped; that it works by keyboard;
// and that a user tool reaches the network only with "Uses the network", and then asks.
// Elements are found by role and accessible name only.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { closeTools, editAgent, openTools, saveAgent } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests as chatRequestsOf, FAMILIES } from '../support/mock.mjs';
import { startTarget } from '../support/target.mjs';

const DENIED = 'The user denied this call.';

/** Lets the page run for a moment (to show that something does NOT happen; no timing is asserted). */
const settle = (ms = 400) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ask before running', () => {
  const env = useHarness();
  let target;

  before(async () => {
    target = await startTarget();
  });

  after(() => target?.close());

  function openChat(t, model, { tools = [], viewport } = {}) {
    target.requests.length = 0;
    return openChatWithProvider(t, env, {
      scenario: model,
      apiKey: 'key-test',
      tools,
      contextOptions: viewport ? { viewport } : {},
    });
  }

  function ask(chat, text) {
    return sendMessage(chat, text, { click: true });
  }

  /** The mock's logged chat requests (not the background title requests), oldest first. */
  function chatRequests() {
    return chatRequestsOf(env.mock, FAMILIES.openai);
  }

  /** The tool results of a request's last results turn. */
  function results(body) {
    return FAMILIES.openai.results(body).map(({ id, content }) => ({ id, content }));
  }

  /** The waiting call's prompt in the last reply. */
  function approval(chat, tool = 'fetch_url') {
    return chat.reply.getByRole('group', { name: `Approve the ${tool} call`, exact: true });
  }

  test('a fetch waits with its exact URL shown, and nothing is requested until Allow', async (t) => {
    const chat = await openChat(t, 'tools-fetch', { tools: ['Fetch a URL'] });
    const leaky = `${target.url}/collect?notes=my%20bank%20PIN%20is%201234&from=hearth`;
    await ask(chat, leaky);
    const prompt = approval(chat);
    await prompt.waitFor();
    await chat.reply.getByRole('button', { name: 'Waiting for your approval', exact: true }).waitFor();
    assert.equal(await prompt.locator('pre').innerText(), leaky, 'the whole URL, query string included');
    await screenshot(chat.page, 'approval-waiting.png');
    await settle();
    assert.deepEqual(target.requests, [], 'nothing reached the target while waiting');
    assert.equal((await chatRequests()).length, 1, 'the model is not asked again while waiting');
    // Nothing about the waiting call is stored as a result.
    const { messages } = await readDatabase(chat.page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.equal(stored.tool_calls[0].result ?? null, null);

    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await prompt.waitFor({ state: 'detached' });
    await settled(chat);
    assert.equal(target.requests.length, 1);
    // Exactly the URL the prompt showed: path and query byte for byte (exact-requests checks more shapes).
    assert.equal(`${target.url}${target.requests[0]}`, leaky);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'Fetched (0 errors): target page');
    assert.deepEqual(chat.errors, []);
  });

  test('Deny sends an error result to the model and the answer goes on', async (t) => {
    const chat = await openChat(t, 'tools-fetch', { tools: ['Fetch a URL'] });
    await ask(chat, `${target.url}/denied?secret=1`);
    const prompt = approval(chat);
    await prompt.getByRole('button', { name: 'Deny', exact: true }).click();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), `Fetched (1 errors): Error: ${DENIED}`);
    const [, second] = await chatRequests();
    assert.deepEqual(results(second.body), [{ id: 'call_fetch', content: `Error: ${DENIED}` }]);
    assert.deepEqual(target.requests, [], 'a denied fetch requests nothing');
    const { messages } = await readDatabase(chat.page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.deepEqual([stored.tool_calls[0].result.content, stored.tool_calls[0].result.is_error], [DENIED, true]);
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).click();
    const item = chat.reply.getByRole('region', { name: 'Tool calls', exact: true }).getByRole('listitem');
    assert.match(await item.innerText(), /fetch_url[\s\S]*Error[\s\S]*The user denied this call\./);
    assert.deepEqual(chat.errors, []);
  });

  test('Stop while waiting answers the call as stopped and fetches nothing', async (t) => {
    const chat = await openChat(t, 'tools-fetch', { tools: ['Fetch a URL'] });
    await ask(chat, `${target.url}/stopped`);
    await approval(chat).waitFor();
    await chat.stop.click();
    await settled(chat);
    await chat.reply.getByText('Stopped', { exact: true }).waitFor();
    assert.equal(await approval(chat).count(), 0);
    await settle();
    assert.deepEqual(target.requests, []);
    assert.equal((await chatRequests()).length, 1, 'no request after Stop');
    const { messages } = await readDatabase(chat.page, ['messages']);
    assert.equal(messages.find((m) => m.role === 'assistant').tool_calls[0].result.content, 'Stopped by the user');
    assert.deepEqual(chat.errors, []);
  });

  test('Always allow is remembered for the agent, survives a reload, and is taken back in Tools', async (t) => {
    const chat = await openChat(t, 'tools-fetch', { tools: ['Fetch a URL'] });
    await ask(chat, `${target.url}/first`);
    await approval(chat)
      .getByRole('button', { name: 'Always allow fetch_url for this agent', exact: true })
      .click();
    await settled(chat);
    assert.deepEqual(target.requests, ['/first']);
    await waitUntil(
      async () => (await readDatabase(chat.page, ['agents'])).agents[0]?.ask_before_running?.fetch_url === false,
      'the choice is stored on the agent',
    );

    // The next call runs without asking.
    await ask(chat, `${target.url}/second`);
    await waitUntil(async () => (await chat.reply.locator('.markdown').innerText()) === 'Fetched (0 errors): target page' && target.requests.length === 2, 'the second fetch');
    assert.deepEqual(target.requests, ['/first', '/second']);

    // After a reload too, and the dialog shows it.
    await chat.page.reload();
    await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await ask(chat, `${target.url}/third`);
    await waitUntil(async () => target.requests.length === 3, 'the third fetch, unasked');
    await settled(chat);
    assert.equal(await approval(chat).count(), 0);
    const dialog = await editAgent(chat.page);
    const asks = dialog.getByRole('checkbox', { name: 'Ask before running Fetch a URL', exact: true });
    assert.equal(await asks.isChecked(), false);
    await screenshot(chat.page, 'approval-tools-dialog.png');
    assert.equal(
      await dialog.getByRole('checkbox', { name: 'Ask before running Calculator', exact: true }).isChecked(),
      false,
      'tools that stay in the browser do not ask by default',
    );
    await asks.check();
    await saveAgent(chat.page, dialog);
    await waitUntil(
      async () => (await readDatabase(chat.page, ['agents'])).agents[0]?.ask_before_running?.fetch_url === true,
      'asking again is stored',
    );
    await ask(chat, `${target.url}/fourth`);
    await approval(chat).waitFor();
    await settle();
    assert.deepEqual(target.requests, ['/first', '/second', '/third'], 'it asks again');
    await approval(chat).getByRole('button', { name: 'Allow', exact: true }).click();
    await settled(chat);
    assert.deepEqual(target.requests, ['/first', '/second', '/third', '/fourth']);
    assert.deepEqual(chat.errors, []);
  });

  test('the approval works by keyboard alone, in a narrow dark viewport', async (t) => {
    const chat = await openChat(t, 'tools-fetch', { tools: ['Fetch a URL'], viewport: { width: 390, height: 800 } });
    await chat.page.emulateMedia({ colorScheme: 'dark' });
    // Sent with the keyboard: the focus stays in the composer, so the prompt does not take it.
    await chat.message.fill(`${target.url}/keys?q=${'x'.repeat(300)}`);
    await chat.message.press('Enter');
    const prompt = approval(chat);
    await prompt.waitFor();
    assert.equal(await chat.message.evaluate((el) => el === document.activeElement), true, 'typing is not interrupted');
    const overflow = await chat.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'the long URL wraps at 390 px');
    await screenshot(chat.page, 'approval-mobile-dark.png');
    const deny = prompt.getByRole('button', { name: 'Deny', exact: true });
    for (let i = 0; i < 30 && !(await deny.evaluate((el) => el === document.activeElement)); i++) {
      await chat.page.keyboard.press('Shift+Tab');
    }
    assert.equal(await deny.evaluate((el) => el === document.activeElement), true, 'Deny is reachable with Shift+Tab');
    await chat.page.keyboard.press('Enter');
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), `Fetched (1 errors): Error: ${DENIED}`);

    // Shift+Tab reaches Allow too, and Enter allows.
    await chat.message.fill(`${target.url}/allowed`);
    await chat.message.press('Enter');
    const allowed = approval(chat).getByRole('button', { name: 'Allow', exact: true });
    await allowed.waitFor();
    for (let i = 0; i < 30 && !(await allowed.evaluate((el) => el === document.activeElement)); i++) {
      await chat.page.keyboard.press('Shift+Tab');
    }
    assert.equal(await allowed.evaluate((el) => el === document.activeElement), true, 'Allow is reachable with Shift+Tab');
    await chat.page.keyboard.press('Enter');
    await settled(chat);
    assert.deepEqual(target.requests, ['/allowed']);
    assert.deepEqual(chat.errors, []);
  });

  test('when the user is not typing, the prompt takes the focus on Allow', async (t) => {
    const chat = await openChat(t, 'tools-fetch-pause', { tools: ['Fetch a URL'] });
    await ask(chat, `${target.url}/focused`);
    // The user moves away from the message box before the call arrives (1.5 s later).
    await chat.message.evaluate((el) => el.blur());
    const allow = approval(chat).getByRole('button', { name: 'Allow', exact: true });
    await allow.waitFor();
    await waitUntil(async () => allow.evaluate((el) => el === document.activeElement), 'Allow has the focus');
    await chat.page.keyboard.press('Enter');
    await settled(chat);
    assert.deepEqual(target.requests, ['/focused']);
    assert.deepEqual(chat.errors, []);
  });

  /** Makes the user tool word_count (called by the `tools-user` scenario) whose code fetches `url`. */
  async function makeFetchingTool(page, url, { usesNetwork }) {
    const dialog = await openTools(page);
    await dialog.getByRole('button', { name: 'New tool', exact: true }).click();
    const form = dialog.getByRole('form', { name: 'Tool editor', exact: true });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('word_count');
    await form
      .getByRole('textbox', { name: 'JavaScript (the body of an async function of args)', exact: true })
      .fill(`const response = await fetch(${JSON.stringify(url)}); return await response.text();`);
    const network = form.getByRole('checkbox', { name: 'Uses the network', exact: true });
    assert.equal(await network.isChecked(), false, 'a new tool has no network');
    if (usesNetwork) await network.check();
    await form.getByRole('button', { name: 'Save tool', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await closeTools(page);
    const editor = await editAgent(page);
    await editor.getByRole('checkbox', { name: 'word_count', exact: true }).check();
    const asks = await editor.getByRole('checkbox', { name: 'Ask before running word_count', exact: true }).isChecked();
    await saveAgent(page, editor);
    return asks;
  }

  test('a user tool without "Uses the network" cannot fetch and does not ask', async (t) => {
    const chat = await openChat(t, 'tools-user');
    const asks = await makeFetchingTool(chat.page, `${target.url}/offline`, { usesNetwork: false });
    assert.equal(asks, false, 'a tool without the network does not ask by default');
    await waitUntil(async () => {
      const { settings, agents } = await readDatabase(chat.page, ['settings', 'agents']);
      const tool = settings.find((s) => s.key.startsWith('user_tool:'));
      return tool?.value.uses_network === false && agents[0]?.tools.includes('word_count');
    }, 'the tool is stored without the network');
    await ask(chat, 'Count.');
    await settled(chat);
    assert.equal(await approval(chat, 'word_count').count(), 0);
    const [, second] = await chatRequests();
    const [result] = results(second.body);
    assert.match(result.content, /^Error: /, 'the fetch was refused in the sandbox');
    assert.deepEqual(target.requests, [], 'the sandbox closed the network');
    assert.deepEqual(chat.errors, []);
  });

  test('a user tool that uses the network asks, then reaches it once allowed', async (t) => {
    const chat = await openChat(t, 'tools-user');
    const asks = await makeFetchingTool(chat.page, `${target.url}/online?from=tool`, { usesNetwork: true });
    assert.equal(asks, true, 'a tool with the network asks by default');
    await ask(chat, 'Count.');
    const prompt = approval(chat, 'word_count');
    await prompt.waitFor();
    assert.match(await prompt.innerText(), /The assistant wants to run word_count with these arguments:/);
    assert.equal(await prompt.locator('pre').innerText(), '{\n  "text": "one two three"\n}', 'the arguments, pretty-printed');
    await settle();
    assert.deepEqual(target.requests, []);
    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await settled(chat);
    assert.deepEqual(target.requests, ['/online?from=tool']);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'Word count: "target page"');
    assert.deepEqual(chat.errors, []);
  });
});
