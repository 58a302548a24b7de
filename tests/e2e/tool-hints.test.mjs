// End-to-end tests of tool hints in real headless Chromium against the mock LLM server: a
// model that calls a tool that exists in Hearth but is switched off for the agent gets an
// error result that says so (not "Unknown tool"), the tool widget says so and offers
// "Switch on <tool> for this agent", which switches it on for that agent (stored, offered on
// the next request); and a model that keeps repeating a failing call is stopped after two
// failed rounds with a clear card, instead of using every round. Elements are found by role
// and accessible name; what is stored is read straight from IndexedDB.

import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, settled, useHarness } from '../support/chat.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';

const OFF_RESULT =
  'The tool "fetch_url" is switched off for this agent, so it was not run. Do not call it again; answer without it ' +
  '(the user can switch it on). Available tools: calculator.';
const HINT = 'The model called fetch_url, which is switched off for General Assistant, so it did not run.';
const SWITCH_ON = 'Switch on Fetch a URL for this agent';

/** The names of the tools a logged chat request offered (OpenAI's `tools`). */
function offered(request) {
  return (request.body.tools ?? []).map((tool) => tool.function.name);
}

describe('tool hints', () => {
  const env = useHarness();

  test('a call to a switched-off tool says so, and the widget switches it on for the agent', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-switched-off', tools: ['Calculator'] });
    const { page } = chat;
    const reply = await sendAndSettle(chat, 'What is on example.com?');
    const answer = await reply.innerText();
    // OpenAI has no error flag on a tool message: the content says "Error: " first.
    assert.ok(answer.includes(`Answered without it: Error: ${OFF_RESULT}`), `the model was told the tool is off: ${answer}`);

    // The hint is shown under the widget, collapsed or not, with the button.
    const hint = reply.locator('[aria-live="polite"]').filter({ hasText: HINT });
    await hint.waitFor();
    const switchOn = reply.getByRole('button', { name: SWITCH_ON, exact: true });
    assert.equal(await switchOn.count(), 1, 'one button for the one switched-off tool');
    const [request] = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(offered(request), ['calculator'], 'fetch_url was not offered');
    await screenshot(page, 'tool-hint.png');
    assert.deepEqual(await axeViolations(page, { include: '.tool-activity' }), [], 'axe on the widget with its hint');
    await page.emulateMedia({ colorScheme: 'dark' });
    assert.deepEqual(await axeViolations(page, { include: '.tool-activity' }), [], 'axe on the hint in dark mode');
    await screenshot(page, 'tool-hint-dark.png');
    await page.emulateMedia({ colorScheme: 'light' });

    // The stored call has the switched-off result.
    const { messages } = await readDatabase(page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.equal(stored.tool_calls[0].name, 'fetch_url');
    assert.deepEqual([stored.tool_calls[0].result.content, stored.tool_calls[0].result.is_error], [OFF_RESULT, true]);

    // Switching it on stores it in the agent, says so, and the next request offers it.
    await switchOn.click();
    await reply
      .locator('[aria-live="polite"]')
      .filter({ hasText: 'Fetch a URL is on for General Assistant now. Regenerate the reply or send again to use it.' })
      .waitFor();
    assert.equal(await switchOn.count(), 0, 'the button is gone once the tool is on');
    await waitUntil(async () => {
      const { agents } = await readDatabase(page, ['agents']);
      const general = agents.find((agent) => agent.name === 'General Assistant');
      return JSON.stringify(general?.tools) === JSON.stringify(['calculator', 'fetch_url']);
    }, 'the agent’s tools are stored with fetch_url');
    await chat.message.fill('Now try again.');
    await chat.message.press('Enter');
    const requests = await waitUntil(async () => {
      const all = await chatRequests(env.mock, FAMILIES.openai);
      return all.length >= 3 && all;
    }, 'the next request went out');
    assert.deepEqual(offered(requests[2]), ['calculator', 'fetch_url'], 'the next turn offers fetch_url');
    // fetch_url asks before running: the approval prompt shows; Stop ends the turn here.
    await chat.page.getByRole('button', { name: 'Deny', exact: true }).waitFor();
    await chat.stop.click();
    await settled(chat);
    assert.deepEqual(chat.errors, []);
  });

  test('a call that keeps failing ends the loop after two failed rounds with a clear card', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-repeat-failing', tools: ['Calculator'] });
    const { page } = chat;
    const reply = await sendAndSettle(chat, 'Fetch example.com, whatever it takes.');
    const card = reply.getByRole('alert');
    await card.waitFor();
    const text = await card.innerText();
    assert.match(text, /The model kept repeating a failing tool call/);
    assert.match(text, /the same fetch_url call \(the same arguments\) 3 times in a row/);
    assert.match(text, /instead of using the remaining tool rounds/);
    assert.equal(await card.getByRole('button', { name: 'Retry', exact: true }).count(), 1);
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 3, 'two rounds ran; the third ask ended it');
    assert.equal(await reply.getByRole('button', { name: 'Used 2 tools', exact: true }).count(), 1);
    // The hint offers the way out.
    assert.equal(await reply.getByRole('button', { name: SWITCH_ON, exact: true }).count(), 1);

    const { messages } = await readDatabase(page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.equal(stored.state, 'failed');
    assert.deepEqual([stored.error.kind, stored.error.tool, stored.error.rounds], ['tool_repeated', 'fetch_url', 3]);
    assert.equal(stored.tool_calls.length, 2);
    await screenshot(page, 'tool-repeated.png');
    assert.deepEqual(await axeViolations(page, { include: '.message.assistant' }), [], 'axe on the card and widget');
    assert.deepEqual(chat.errors, []);
  });
});
