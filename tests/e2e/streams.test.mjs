// End-to-end tests of real provider streams in headless Chromium: the built app (dist/, or
// $HEARTH_DIST) reads bodies recorded from real providers (hearth-core/test_data, each with
// its .source.md), which the mock LLM server replays byte for byte (`recorded` scenarios).
// Each test checks the final screen, what is stored in IndexedDB, and the screen again after
// a reload: an OpenAI-compatible reply with several choices shows choice 0 and says the
// others were ignored; a Gemini stream ending with a bare error object shows the error card;
// an Anthropic reply cut by max_tokens inside a tool call keeps its text, says it reached
// the token limit and runs nothing; Gemini's streamed function-call arguments become one
// named call; a prompt Gemini blocked is an error card that says so. Elements are found by
// role and accessible name only. Screenshots go to tests/e2e/screenshots/.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, settled, useHarness } from '../support/chat.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';

describe('real provider streams', () => {
  const env = useHarness();

  /**
   * A fresh browser context with the app open and one provider of `family` answering with the
   * mock scenario `model`; `extra` is typed into the provider's Extra JSON, `tools` are
   * checked in the Tools dialog.
   */
  function openChat(t, family, model, { extra, tools = [] } = {}) {
    return openChatWithProvider(t, env, { family: FAMILIES[family], scenario: model, apiKey: 'key-test', extra, tools });
  }

  /** Sends `text` and waits until the turn is over and the stored reply is at rest; returns it. */
  async function ask(chat, text) {
    await sendAndSettle(chat, text);
    assert.equal(await chat.assistant.count(), 1, 'one reply is shown');
    return storedReply(chat);
  }

  /** The stored assistant record, once nothing is streaming any more. */
  function storedReply(chat) {
    return waitUntil(async () => {
      const { messages } = await readDatabase(chat.page, ['messages']);
      const replies = messages.filter((m) => m.role === 'assistant');
      return replies.length === 1 && messages.every((m) => m.state !== 'streaming') && replies[0];
    }, 'the stored reply is at rest');
  }

  /** Reloads the page and waits until the stored reply is shown again. */
  async function reload(chat) {
    await chat.page.reload();
    await waitUntil(async () => (await chat.assistant.count()) === 1, 'the reloaded page shows the reply');
    // Busy until its stored markdown is rendered (the renderer's chunk may still be loading).
    await settled(chat);
  }

  /** The title and detail paragraphs of the reply's error card (role=alert). */
  async function alertOf(reply) {
    const alert = reply.getByRole('alert');
    assert.equal(await alert.count(), 1, `one error card: ${JSON.stringify(await reply.innerText())}`);
    const [title, detail] = await alert.getByRole('paragraph').allInnerTexts();
    return { alert, title: title.trim(), detail: detail.trim() };
  }

  test('OpenAI-compatible, n=3: only choice 0 is shown, and the note about the others survives a reload', async (t) => {
    const chat = await openChat(t, 'openai', 'recorded-openai-choices', { extra: '{"n": 3}' });
    const stored = await ask(chat, 'What is the weather like in SF?');
    const [request] = await chatRequests(env.mock, chat.family);
    assert.equal(request.body.n, 3, 'the extra JSON asked for three choices');
    const note = 'The provider sent 3 answers (n > 1 in the request); only the first is shown.';
    const choice0 = '{"city":"San Francisco","temperature":65,"units":"f"}';
    for (const when of ['live', 'after a reload']) {
      const shown = await chat.reply.innerText();
      assert.ok(shown.includes(choice0), `${when}: choice 0 is the answer: ${JSON.stringify(shown)}`);
      assert.doesNotMatch(shown, /"temperature":(61|59)|\{"\{"/, `${when}: no other choice is mixed in`);
      assert.equal(await chat.reply.getByRole('paragraph').filter({ hasText: note }).count(), 1, `${when}: the note`);
      assert.equal(await chat.reply.getByRole('alert').count(), 0, `${when}: no error`);
      if (when === 'live') {
        await screenshot(chat.page, 'streams-openai-choices.png');
        await reload(chat);
      }
    }
    assert.equal(stored.content, choice0, 'the stored answer is choice 0 alone');
    assert.equal(stored.ignored_choices, 2, 'the ignored choices are stored');
    assert.equal(stored.state, 'complete');
    assert.deepEqual(chat.errors, []);
  });

  test('Gemini: a bare error object after a finished answer is the stream’s error card', async (t) => {
    const chat = await openChat(t, 'gemini', 'recorded-gemini-trailing-error');
    const stored = await ask(chat, 'Hello?');
    for (const when of ['live', 'after a reload']) {
      const { title, detail } = await alertOf(chat.reply);
      assert.equal(title, 'The provider had a server error', when);
      assert.match(detail, /Internal error/, when);
      assert.match(await chat.reply.innerText(), /^The\b/, `${when}: the text that came is kept`);
      if (when === 'live') {
        await screenshot(chat.page, 'streams-gemini-trailing-error.png');
        await reload(chat);
      }
    }
    assert.equal(stored.state, 'failed', 'stored as failed, not complete');
    assert.equal(stored.content, 'The');
    assert.match(stored.error.message, /Internal error/);
    assert.deepEqual(chat.errors, []);
  });

  test('Anthropic cut by max_tokens inside a tool call: the text stays, the token-limit card shows, nothing runs', async (t) => {
    const chat = await openChat(t, 'anthropic', 'recorded-anthropic-cut-tool', { tools: ['Calculator'] });
    const stored = await ask(chat, 'Make me a tax guide in taxes.txt.');
    const text = "I'll create a comprehensive tax guide for someone with multiple W2s and save it in a file called taxes.txt. Let me do that for you now.";
    for (const when of ['live', 'after a reload']) {
      const shown = await chat.reply.innerText();
      assert.ok(shown.includes(text), `${when}: the text is the answer: ${JSON.stringify(shown)}`);
      const note = chat.reply.getByRole('note');
      assert.equal(await note.count(), 1, `${when}: a notice card`);
      assert.equal((await note.getByRole('paragraph').first().innerText()).trim(), 'The answer reached the token limit');
      assert.equal(await chat.reply.getByRole('alert').count(), 0, `${when}: no error card`);
      assert.equal(
        await chat.reply.getByRole('button', { name: /^(Thinking…|Running .+…|Used \d+ tools?)$/ }).count(),
        0,
        `${when}: no tool activity`,
      );
      if (when === 'live') {
        await screenshot(chat.page, 'streams-anthropic-cut-tool.png');
        await reload(chat);
      }
    }
    assert.equal((await chatRequests(env.mock, chat.family)).length, 1, 'no second request: the half-written call was not run');
    assert.equal(stored.content, text, 'the stored answer is the text');
    assert.deepEqual(stored.tool_calls, [], 'no call is stored as run');
    assert.equal(stored.state, 'complete');
    assert.deepEqual([stored.finish.unified, stored.finish.raw], ['length', 'max_tokens']);
    assert.deepEqual(chat.errors, []);
  });

  test('Gemini 3 streamed function-call arguments become one named call, answered and sent back', async (t) => {
    const chat = await openChat(t, 'gemini', 'recorded-gemini-streamed-args', { tools: ['Calculator'] });
    const stored = await ask(chat, 'Get the weather in NewYorkCity in celsius.');
    const args = { country: 'USA', location: 'NewYorkCity', purpose: 'to know what to wear today', unit: 'C' };
    for (const when of ['live', 'after a reload']) {
      const used = chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true });
      assert.equal(await used.count(), 1, `${when}: one call, not one per piece`);
      assert.match(await chat.reply.innerText(), /Tool said: .*Unknown tool/, `${when}: the model read the result`);
      await used.click();
      const items = chat.reply.getByRole('region', { name: 'Tool calls', exact: true }).getByRole('listitem');
      assert.equal(await items.count(), 1);
      const item = await items.first().innerText();
      assert.match(item, /getCurrentWeather/, `${when}: the call has its name`);
      assert.match(item, /"location": "NewYorkCity"/, `${when}: its assembled arguments`);
      assert.match(item, /Unknown tool/, `${when}: an unknown tool is answered with an error`);
      if (when === 'live') {
        await screenshot(chat.page, 'streams-gemini-streamed-args.png');
        await reload(chat);
      }
    }
    const requests = await chatRequests(env.mock, chat.family);
    assert.equal(requests.length, 2, 'the call and the answer');
    const calls = requests[1].body.contents
      .filter((content) => content.role === 'model')
      .flatMap((content) => content.parts.filter((part) => part.functionCall).map((part) => part.functionCall));
    assert.deepEqual(calls, [{ name: 'getCurrentWeather', args }], 'one whole call is sent back');
    const [response] = requests[1].body.contents.at(-1).parts.map((part) => part.functionResponse);
    assert.equal(response.name, 'getCurrentWeather');
    assert.match(response.response.error, /Unknown tool/);
    assert.equal(stored.tool_calls.length, 1);
    assert.equal(stored.tool_calls[0].name, 'getCurrentWeather');
    assert.deepEqual(JSON.parse(stored.tool_calls[0].arguments_raw), args);
    assert.equal(stored.tool_calls[0].result.is_error, true);
    assert.equal(stored.state, 'complete');
    assert.deepEqual(chat.errors, []);
  });

  test('Gemini: a blocked prompt is an error card that says so and why', async (t) => {
    const chat = await openChat(t, 'gemini', 'recorded-gemini-prompt-blocked');
    const stored = await ask(chat, 'Something the filter refuses.');
    for (const when of ['live', 'after a reload']) {
      const { alert, title, detail } = await alertOf(chat.reply);
      assert.equal(title, "The provider's content filter refused the request", when);
      assert.match(detail, /blocked the prompt \(reason: PROHIBITED_CONTENT\)/, when);
      assert.equal(await alert.getByRole('button', { name: 'Retry', exact: true }).count(), 0, `${when}: no Retry`);
      assert.equal(await chat.reply.getByRole('note').count(), 0, `${when}: not a neutral note`);
      if (when === 'live') {
        await screenshot(chat.page, 'streams-gemini-prompt-blocked.png');
        await reload(chat);
      }
    }
    assert.equal(stored.state, 'failed');
    assert.equal(stored.error.kind, 'content_filter');
    assert.match(stored.error.message, /PROHIBITED_CONTENT/);
    assert.deepEqual(chat.errors, []);
  });
});
