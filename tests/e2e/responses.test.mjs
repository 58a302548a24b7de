// End-to-end tests of the OpenAI Responses API, in real headless Chromium against the mock LLM
// server: an OpenAI-compatible provider set to "Responses" sends `POST /responses`, stateless
// (`store: false`, the conversation sent each time), runs two rounds of tools through the
// existing loop (function_call and function_call_output items), shows reasoning summaries in
// the Thinking block with the effort chosen in the message box, keeps everything across a
// reload, answers again as a new version (a branch), and serves a compare column. Elements
// are found by role and accessible name; requests are read from the mock's log.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { addMockProvider, openApp, sendAndSettle, useHarness, waitOn, composerOption } from '../support/chat.mjs';
import { enableTools, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { mockRequests, resetMock } from '../support/mock.mjs';
import { closeProviders, providerForm } from '../support/providers.mjs';

const RESPONSES = { type: 'Custom (OpenAI-compatible)', baseUrl: (mock) => `${mock.url}/v1` };

/** The Responses requests the mock logged (the background title requests left out), oldest first. */
async function responsesRequests(mock) {
  return (await mockRequests(mock)).filter((e) => e.method === 'POST' && e.path === '/v1/responses' && !JSON.stringify(e.body).includes('Write a title'));
}

/** Adds a provider answering with `scenario` on the mock, set to the Responses API. */
async function addResponsesProvider(chat, mock, scenario, count) {
  await addMockProvider(chat.page, mock, { family: RESPONSES, scenario, keepOpen: true });
  await providerForm(chat.page).getByRole('combobox', { name: 'API', exact: true }).selectOption({ label: 'Responses' });
  await closeProviders(chat.page);
  await waitOn(chat, async () => {
    const { providers } = await readDatabase(chat.page, ['providers']);
    return providers.length === count && providers.every((p) => p.api === 'responses');
  }, 'the API choice is stored');
}

describe('the Responses API', () => {
  const env = useHarness();

  test('two tool rounds, stateless; a reload keeps it; Regenerate answers again as a new version', async (t) => {
    await resetMock(env.mock);
    const chat = await openApp(t, env);
    await addResponsesProvider(chat, env.mock, 'tools-two-rounds', 1);
    await turnOffGeneratedTitles(chat.page);
    await enableTools(chat.page, ['Current time', 'Calculator', 'Search my conversations']);
    const reply = await sendAndSettle(chat, 'What time is it, and what is 6*7?');
    await reply.getByRole('button', { name: 'Used 3 tools', exact: true }).waitFor();
    const answer = await reply.locator('.markdown').innerText();
    assert.match(answer, /^All done\. Results: /);
    // Usage reads "… in · … out"; a model that did not reason reports 0 reasoning tokens, which is not said.
    const footer = await reply.locator('footer').innerText();
    assert.match(footer, /^\d+ in · \d+ out$/m, `the usage line alone: ${footer}`);

    const requests = await responsesRequests(env.mock);
    assert.equal(requests.length, 3, 'two tool rounds and the answer');
    for (const { body } of requests) {
      assert.equal(body.store, false, 'stateless');
      assert.equal(body.stream, true);
      assert.ok(!('previous_response_id' in body), 'the conversation is sent each time');
    }
    const names = requests[0].body.tools.filter((tool) => tool.type === 'function').map((tool) => tool.name).sort();
    assert.deepEqual(names, ['calculator', 'current_time', 'search_conversations']);
    const last = requests[2].body.input;
    const calls = last.filter((item) => item.type === 'function_call');
    const outputs = last.filter((item) => item.type === 'function_call_output');
    assert.equal(calls.length, 3, 'every call goes back');
    assert.deepEqual(outputs.map((o) => o.call_id).sort(), calls.map((c) => c.call_id).sort(), 'each with its result');
    assert.ok(outputs.some((o) => /42/.test(o.output)), 'the calculator result');

    await chat.page.reload();
    await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await waitOn(chat, async () => /^All done\. Results: /.test(await chat.reply.locator('.markdown').innerText()), 'the answer is kept after a reload');
    await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).waitFor();

    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await waitOn(chat, async () => (await responsesRequests(env.mock)).length === 6, 'the new version asked again');
    await waitOn(chat, async () => {
      const { messages } = await readDatabase(chat.page, ['messages']);
      return messages.filter((m) => m.role === 'assistant' && m.state === 'complete').length === 2;
    }, 'two versions are stored');
    const { messages } = await readDatabase(chat.page, ['messages']);
    const replies = messages.filter((m) => m.role === 'assistant');
    assert.ok(replies.every((m) => m.provider_kind === 'responses'), 'each records the wire family it came in');
    assert.equal(replies[0].parent, replies[1].parent, 'siblings under the same question');
    assert.deepEqual(chat.errors, []);
  });

  test('reasoning summaries with the effort chosen; a compare column on Responses', async (t) => {
    await resetMock(env.mock);
    const chat = await openApp(t, env);
    await addResponsesProvider(chat, env.mock, 'thinking', 1);
    await turnOffGeneratedTitles(chat.page);
    await chat.page.getByRole('combobox', { name: 'Reasoning effort', exact: true }).selectOption({ label: 'Effort: high' });
    const reply = await sendAndSettle(chat, 'What is the answer?');
    const [request] = await responsesRequests(env.mock);
    assert.deepEqual(request.body.reasoning, { effort: 'high', summary: 'auto' });
    assert.deepEqual(request.body.include, ['reasoning.encrypted_content']);
    await reply.getByRole('button', { name: /^Thought/ }).click();
    assert.match(await reply.innerText(), /Let me think…/, 'the summary is in the Thinking block');
    const { messages } = await readDatabase(chat.page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant');
    assert.ok(stored.reasoning_parts.some((part) => part.id && part.signature), 'the encrypted reasoning item is kept, by id');

    // The next turn sends that reasoning item back, before the reply it belongs to.
    await sendAndSettle(chat, 'And why?');
    const second = (await responsesRequests(env.mock)).at(-1).body;
    const reasoning = second.input.find((item) => item.type === 'reasoning');
    assert.ok(reasoning?.encrypted_content, `the reasoning item goes back: ${JSON.stringify(second.input).slice(0, 500)}`);

    // A compare column on Responses.
    await addResponsesProvider(chat, env.mock, 'echo', 2);
    await (await composerOption(chat.page, 'Compare models')).click();
    const panel = chat.page.getByRole('group', { name: 'Compare models', exact: true });
    await panel.waitFor();
    for (const [at, model] of ['thinking', 'echo'].entries()) {
      const select = panel.getByRole('combobox', { name: `Model of column ${'AB'[at]}`, exact: true });
      const labels = await select.locator('option').allInnerTexts();
      const label = labels.find((text) => text.trim().startsWith(`${model} ·`));
      assert.ok(label, `${model} is offered among ${JSON.stringify(labels)}`);
      await select.selectOption({ label: label.trim() });
    }
    const before = (await responsesRequests(env.mock)).length;
    await chat.message.fill('Compare this');
    await chat.message.press('Enter');
    const turn = chat.page.getByRole('region', { name: 'Compared answers (2)', exact: true });
    await turn.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'both columns have ended');
    assert.match(await turn.innerText(), /Compare this/, 'the echo column answered');
    const after = await responsesRequests(env.mock);
    assert.equal(after.length - before, 2, 'each column asked the Responses API');
    assert.deepEqual(chat.errors, []);
  });
});
