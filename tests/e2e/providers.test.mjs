// End-to-end tests of Hearth's providers in real headless Chromium: the built app (dist/,
// or $HEARTH_DIST) talks to the mock LLM server as an OpenAI-compatible server, as
// Anthropic and as Google Gemini. They check reasoning ("Thinking") shown and sent back
// the way each provider needs it, every fault the mock can play and the card the app
// shows for it, Retry, Regenerate and Stop, the Providers dialog (presets, field
// checks, Test connection, the top bar's model choice, deleting) and Copy. Elements are
// found by role and accessible name only; what was sent is read from the mock's request
// log and what was stored straight from IndexedDB. Screenshots go to tests/e2e/screenshots/.

import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { addMockProvider, busy, openApp, send, settled, storedAtRest, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, openSettings } from '../support/dialogs.mjs';
import { holdFirstRead, holdOpen, readDatabase, releaseHeld } from '../support/idb.mjs';
import {
  chatRequests,
  echoReply,
  FAMILIES as FAMILY,
  mockRequests,
  readScenario,
  resetMock,
  waitForChatRequests,
} from '../support/mock.mjs';
import { addProvider, closeProviders, commit, editProvider, openProviders, providerForm } from '../support/providers.mjs';

const SCENARIOS = fileURLToPath(new URL('../mock/scenarios/', import.meta.url));
const RAW_ERROR = /TypeError|RuntimeError|panicked|\[object Object\]|\bundefined\b/;
const THINKING_SWITCH = 'Thinking (reasoning before the answer)';
const STALL_LABEL = 'Give up on a reply after this many seconds without data';

/** The three provider families, set up against the mock as a person would, each with its own key. */
const FAMILIES = [
  { ...FAMILY.openai, apiKey: 'sk-test-openai', thinkingSwitch: false },
  { ...FAMILY.anthropic, apiKey: 'sk-ant-test', thinkingSwitch: true },
  { ...FAMILY.gemini, apiKey: 'AIza-test-key', thinkingSwitch: true },
];
const family = (name) => FAMILIES.find((f) => f.name === name);

/** Every preset: its label, default base URL and whether it has the thinking switch. */
const PRESETS = [
  ['OpenAI', 'https://api.openai.com/v1', false],
  ['Azure OpenAI', '', false],
  ['Zhipu GLM', 'https://open.bigmodel.cn/api/paas/v4', true],
  ['DeepSeek', 'https://api.deepseek.com', false],
  ['OpenRouter', 'https://openrouter.ai/api/v1', true],
  ['Ollama', 'http://localhost:11434/v1', false],
  ['LM Studio', 'http://localhost:1234/v1', false],
  ['llama.cpp', 'http://localhost:8080/v1', false],
  ['Custom (OpenAI-compatible)', '', false],
  ['Anthropic', 'https://api.anthropic.com', true],
  ['Google Gemini', 'https://generativelanguage.googleapis.com', true],
];

/**
 * What each fault scenario must leave on screen. `alert`: the error card's title, whether
 * it offers Retry and what its detail says; `note`: the title of a notice card (the reply
 * ended without an error); `text`: the answer text that must be kept or shown; `skipped`:
 * the note about an unreadable chunk; `state`: the stored message's state.
 */
const FAULTS = {
  unauthorized: {
    alert: 'The provider rejected the API key',
    retry: false,
    detail: {
      'OpenAI-compatible': /Incorrect API key provided/,
      Anthropic: /invalid x-api-key/,
      Gemini: /API key not valid/,
    },
    state: 'failed',
  },
  'rate-limited': { alert: 'Rate limited by the provider', retry: 'after-wait', state: 'failed' },
  'server-error': { alert: 'The provider had a server error', retry: true, state: 'failed' },
  overloaded: {
    alert: 'The provider had a server error',
    retry: true,
    detail: { 'OpenAI-compatible': /overloaded/i, Anthropic: /Overloaded/, Gemini: /overloaded/i },
    state: 'failed',
  },
  'context-too-long': {
    alert: 'The conversation is too long for this model',
    retry: false,
    detail: {
      'OpenAI-compatible': /maximum context length is 128000 tokens/,
      Anthropic: /prompt is too long: 250000 tokens > 200000 maximum/,
      Gemini: /exceeds the maximum number of tokens allowed/,
    },
    state: 'failed',
  },
  drop: {
    alert: 'Could not reach the provider',
    retry: true,
    detail: /The connection broke before the answer finished/,
    text: 'This reply is about to be cut off by a network',
    state: 'failed',
  },
  stall: {
    alert: 'The provider stopped sending data',
    retry: true,
    detail: /No data for 2 s/,
    text: 'This reply starts well and then goes quiet',
    state: 'failed',
  },
  'invalid-json': {
    text: 'Before the broken frame. After the broken frame.',
    skipped: 'One chunk of the stream could not be read and was skipped.',
    state: 'complete',
  },
  crlf: { text: 'Lines end in CR LF here.', state: 'complete' },
  keepalive: { text: 'Sorry to keep you waiting.', state: 'complete' },
  'in-stream-error': {
    alert: 'The provider had a server error',
    retry: true,
    detail: /Overloaded/i,
    text: 'Once upon a time',
    state: 'failed',
  },
  'no-finish': { note: 'The answer may be incomplete', text: 'This reply just stops', state: 'incomplete' },
  'content-filter': {
    note: "The provider's safety filter stopped the answer",
    text: 'Here is how you could',
    state: 'complete',
  },
};
/** The family whose cards are photographed, and the one that waits out the rate limit. */
const CARD_SHOTS_FAMILY = 'Anthropic';
const RATE_LIMIT_WAIT_FAMILY = 'OpenAI-compatible';

/** The `thinking` scenario's reasoning and answer, as the mock streams them. */
async function thinkingScenario() {
  const { stream } = await readScenario('thinking');
  return {
    reasoning: stream.filter((f) => f.reasoning).map((f) => f.reasoning).join(''),
    answer: stream.filter((f) => f.delta).map((f) => f.delta).join(''),
  };
}

/** The label of the option a select (combobox) shows. */
function selectedLabel(select) {
  return select.evaluate((element) => element.selectedOptions[0]?.textContent.trim());
}

/** The value of the textbox named `name` in `scope`. */
function valueOf(scope, name) {
  return scope.getByRole('textbox', { name, exact: true }).inputValue();
}

/** The aria-pressed state of the button named `name` in `list`. */
function pressed(list, name) {
  return list.getByRole('button', { name, exact: true }).getAttribute('aria-pressed');
}

describe('providers', () => {
  const env = useHarness();
  let scenarioCount;

  before(async () => {
    scenarioCount = (await readdir(SCENARIOS)).filter((n) => n.endsWith('.json')).length;
  });

  /** A fresh browser context (empty IndexedDB) with the app open; closed after the test. */
  async function openPage(t, contextOptions = {}) {
    await resetMock(env.mock);
    const urls = [];
    const chat = await openApp(t, env, {
      contextOptions,
      beforeLoad: (context, page) => page.on('request', (request) => urls.push(request.url())),
    });
    return { ...chat, urls, modelPicker: chat.page.getByRole('combobox', { name: 'Model', exact: true }) };
  }

  /**
   * Opens the app with one provider of `fam` answering with the mock scenario `model`.
   * `stallSecs` sets the stall timeout in Settings first.
   */
  async function openChat(t, fam, model, { thinking, stallSecs, contextOptions } = {}) {
    const chat = await openPage(t, contextOptions);
    if (stallSecs !== undefined) await setStallTimeout(chat, stallSecs);
    const { form } = await addMockProvider(chat.page, env.mock, {
      family: fam,
      scenario: model,
      apiKey: fam.apiKey,
      thinking,
      keepOpen: true,
    });
    chat.switchCount = await form.getByRole('checkbox', { name: THINKING_SWITCH, exact: true }).count();
    await closeProviders(chat.page);
    return chat;
  }

  /** Sets the stall timeout in Settings and waits until it is stored. */
  async function setStallTimeout(chat, secs) {
    const dialog = await openSettings(chat.page);
    const field = dialog.getByRole('spinbutton', { name: STALL_LABEL, exact: true });
    assert.equal(await field.inputValue(), '60', 'the stall timeout is 60 s by default');
    await commit(field, String(secs));
    await closeSettings(chat.page);
    await waitUntil(async () => {
      const { settings } = await readDatabase(chat.page, ['settings']);
      return settings.some((s) => s.key === 'stall_timeout_secs' && s.value === secs);
    }, 'the stall timeout is stored');
  }

  /**
   * The reasoning signatures the mock sends for a logged request: the request is sent
   * again from here (the mock answers the same reasoning with the same signature).
   */
  async function signaturesSentFor(fam, entry) {
    const headers = { 'content-type': 'application/json' };
    for (const name of ['x-api-key', 'anthropic-version', 'x-goog-api-key']) {
      if (entry.headers[name]) headers[name] = entry.headers[name];
    }
    const query = fam.name === 'Gemini' ? '?alt=sse' : '';
    const response = await fetch(`${env.mock.url}${entry.path}${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(entry.body),
    });
    const text = await response.text();
    const signatures = [];
    for (const line of text.split(/\r?\n/)) {
      if (!line.startsWith('data:')) continue;
      let data;
      try {
        data = JSON.parse(line.slice(5));
      } catch {
        continue;
      }
      if (data.delta?.type === 'signature_delta') signatures.push(data.delta.signature);
      for (const part of data.candidates?.[0]?.content?.parts ?? []) {
        if (part.thoughtSignature) signatures.push(part.thoughtSignature);
      }
    }
    return signatures;
  }

  /**
   * Asserts that nothing is left streaming: the reply is settled, and Send is back and
   * Stop gone (within a moment: they follow the final save).
   */
  async function assertIdle(chat) {
    assert.equal(await busy(chat.reply), 'false', 'the reply is not busy');
    const idle = async () => (await chat.send.isVisible()) && (await chat.stop.count()) === 0;
    await waitOn(chat, idle, 'Send is back and Stop gone', { timeout: 3_000 });
  }

  // ---------------------------------------------------------------------------------------
  // 1. Reasoning, per family

  for (const fam of FAMILIES) {
    describe(`${fam.name}: thinking`, () => {
      const title = `${fam.name}: reasoning shows in a collapsed Thinking block and goes back as the provider needs`;
      test(title, async (t) => {
        const { reasoning, answer } = await thinkingScenario();
        const chat = await openChat(t, fam, 'thinking', { thinking: fam.thinkingSwitch ? true : undefined });
        const switches = fam.thinkingSwitch ? 1 : 0;
        assert.equal(chat.switchCount, switches, 'the thinking switch is offered where it has an effect');
        const question = 'What is six times seven?';
        // While the model thinks: a live, collapsed Thinking button; its text stays hidden.
        // The live phase lasts only ~300 ms, less than a loaded machine may take between two
        // steps of a test (a look, then a read, came too late there), so the page itself
        // records the button's state the moment it first says "Thinking… n s". (That its
        // accessible name is only those words is checked in 'the Thinking toggle and the
        // settings fields keep plain accessible names'.)
        await chat.page.evaluate(() => {
          window.hearthThinkingSeen = null;
          const observer = new MutationObserver(() => {
            for (const button of document.querySelectorAll('button[aria-expanded]')) {
              const label = button.textContent.trim();
              if (!/^Thinking… \d+ s$/.test(label)) continue;
              window.hearthThinkingSeen = {
                label,
                expanded: button.getAttribute('aria-expanded'),
                busy: button.closest('[aria-busy]')?.getAttribute('aria-busy'),
              };
              observer.disconnect();
              return;
            }
          });
          observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        });
        await send(chat, question);
        const reply = chat.reply;
        const seen = await (await chat.page.waitForFunction(() => window.hearthThinkingSeen)).jsonValue();
        if (fam.name === 'Anthropic') await screenshot(chat.page, '12-thinking-live.png');
        assert.match(seen.label, /^Thinking… \d+ s$/, 'the button counts the seconds');
        assert.equal(seen.busy, 'true', 'the reply is streaming while it thinks');
        assert.equal(seen.expanded, 'false', 'the Thinking block starts collapsed');
        assert.equal(
          await reply.getByRole('region', { name: 'Thinking', exact: true }).count(),
          0,
          'the reasoning is hidden while collapsed',
        );

        await settled(chat);
        await assertIdle(chat);
        const toggle = reply.getByRole('button', { name: /Thought for \d+ s$/ });
        await toggle.waitFor();
        const seconds = Number(/(\d+) s/.exec(await toggle.innerText())[1]);
        assert.ok(seconds >= 1 && seconds <= 5, `a plausible thinking time: ${seconds} s`);
        assert.equal(await toggle.getAttribute('aria-expanded'), 'false', 'still collapsed after the answer');
        assert.equal(await reply.getByRole('region', { name: 'Thinking', exact: true }).count(), 0);
        await reply.getByRole('heading', { name: 'The answer', exact: true }).waitFor();
        const shown = await reply.innerText();
        assert.match(shown, /It is 42, because:/, 'the answer is shown');
        assert.deepEqual(
          (await reply.getByRole('listitem').allInnerTexts()).map((s) => s.trim()),
          ['six times seven', '0x2a in hex'],
        );
        assert.ok(!shown.includes('Let me think'), 'the reasoning is not shown before expanding');
        assert.match(shown, /(^|\s)thinking\s+14 in · 38 out(\s|$)/, `the model badge and usage are shown: ${shown}`);
        if (fam.name === 'Anthropic') await screenshot(chat.page, '10-thinking-collapsed.png');

        await toggle.click();
        assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
        const region = reply.getByRole('region', { name: 'Thinking', exact: true });
        await region.waitFor();
        assert.equal((await region.innerText()).trim(), reasoning, 'expanding shows the reasoning');
        if (fam.name === 'Anthropic') await screenshot(chat.page, '11-thinking-expanded.png');

        // The first request.
        const [first] = await waitForChatRequests(env.mock, fam, 1);
        const { headers, body } = first;
        if (fam.name === 'OpenAI-compatible') {
          assert.equal(headers.authorization, `Bearer ${fam.apiKey}`);
          assert.equal(body.model, 'thinking');
          assert.equal(body.stream, true);
          assert.equal(body.stream_options?.include_usage, true, 'usage is asked for');
        } else if (fam.name === 'Anthropic') {
          assert.equal(headers['x-api-key'], fam.apiKey);
          assert.match(headers['anthropic-version'] ?? '', /^\d{4}-\d{2}-\d{2}$/);
          assert.equal(headers['anthropic-dangerous-direct-browser-access'], 'true');
          assert.equal(headers.authorization, undefined, 'no Authorization header');
          assert.equal(body.model, 'thinking');
          assert.equal(body.stream, true);
          assert.equal(body.thinking?.type, 'enabled', 'thinking is asked for');
          assert.ok(body.thinking.budget_tokens >= 1024, 'a budget Anthropic accepts');
          assert.ok(body.max_tokens > body.thinking.budget_tokens, 'max_tokens leaves room for the answer');
        } else {
          assert.equal(headers['x-goog-api-key'], fam.apiKey);
          assert.equal(headers.authorization, undefined, 'no Authorization header');
          assert.equal(first.path, '/v1beta/models/thinking:streamGenerateContent');
          assert.equal(body.generationConfig?.thinkingConfig?.includeThoughts, true, 'thoughts are asked for');
          const geminiUrls = chat.urls.filter((url) => url.includes(':streamGenerateContent'));
          assert.ok(geminiUrls.length > 0, 'the page requested streamGenerateContent');
          for (const url of geminiUrls) {
            assert.deepEqual([...new URL(url).searchParams], [['alt', 'sse']], `only alt=sse in the query: ${url}`);
            assert.ok(!url.includes(fam.apiKey), `the key is not in the URL: ${url}`);
          }
        }
        const last = (fam.name === 'Gemini' ? body.contents : body.messages).at(-1);
        assert.equal(JSON.stringify(last).includes(question), true, 'the question is sent');

        // A follow-up carries the reasoning back where the provider needs it.
        await send(chat, 'And in hex?');
        await settled(chat);
        const [, second] = await waitForChatRequests(env.mock, fam, 2);
        if (fam.name === 'OpenAI-compatible') {
          const previous = second.body.messages.find((m) => m.role === 'assistant');
          assert.deepEqual(previous, { role: 'assistant', content: answer }, 'the answer alone is sent back');
          assert.ok(!JSON.stringify(second.body).includes('Let me think'), 'no reasoning is sent back');
        } else if (fam.name === 'Anthropic') {
          const [signature, ...more] = await signaturesSentFor(fam, first);
          assert.ok(signature, 'the mock sent a signature');
          assert.deepEqual(more, [], 'one thinking block');
          const previous = second.body.messages.find((m) => m.role === 'assistant');
          assert.ok(Array.isArray(previous?.content), `the reply is sent as blocks: ${JSON.stringify(previous)}`);
          assert.deepEqual(previous.content[0], { type: 'thinking', thinking: reasoning, signature });
          assert.deepEqual(previous.content.at(-1), { type: 'text', text: answer });
          assert.equal(second.body.thinking?.type, 'enabled');
        } else {
          const signatures = await signaturesSentFor(fam, first);
          assert.ok(signatures.length > 0, 'the mock sent a thought signature');
          const previous = second.body.contents.find((c) => c.role === 'model');
          assert.ok(previous, 'the reply is sent back as a model turn');
          const textPart = previous.parts.find((part) => typeof part.text === 'string' && !part.thought);
          assert.equal(textPart?.text, answer, 'the answer is sent back');
          assert.equal(textPart.thoughtSignature, signatures.at(-1), 'with the signature the mock sent');
          assert.ok(!previous.parts.some((part) => part.thought), 'thought parts are not sent back');
        }
        assert.equal(await chat.assistant.count(), 2);
        assert.equal(
          await chat.assistant.first().getByRole('button', { name: 'Regenerate', exact: true }).count(),
          0,
          'only the last reply offers Regenerate',
        );
        assert.equal(await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).count(), 1);
        assert.deepEqual(chat.errors, []);
      });
    });
  }

  // ---------------------------------------------------------------------------------------
  // 2. Faults, per family

  for (const fam of FAMILIES) {
    describe(`${fam.name}: faults`, () => {
      for (const [scenario, expected] of Object.entries(FAULTS)) {
        test(`${fam.name}: ${scenario}`, async (t) => {
          const chat = await openChat(t, fam, scenario, { stallSecs: scenario === 'stall' ? 2 : undefined });
          await send(chat, 'Hello?');
          await settled(chat);
          await assertIdle(chat);
          const reply = chat.reply;
          assert.equal(await chat.assistant.count(), 1, 'one reply');
          if (fam.name === CARD_SHOTS_FAMILY && (expected.alert || expected.note)) {
            await screenshot(chat.page, `20-card-${scenario}.png`);
          }
          const shown = await reply.innerText();
          if (expected.text) assert.ok(shown.includes(expected.text), `the text is kept: ${JSON.stringify(shown)}`);
          const alert = reply.getByRole('alert');
          const note = reply.getByRole('note');

          if (expected.alert) {
            assert.equal(await alert.count(), 1, `an error card: ${JSON.stringify(shown)}`);
            const card = (await alert.innerText()).trim();
            assert.doesNotMatch(card, RAW_ERROR, `the error is explained, not dumped: ${JSON.stringify(card)}`);
            const [title, detail] = await alert.getByRole('paragraph').allInnerTexts();
            assert.equal(title?.trim(), expected.alert, `the card's title (${JSON.stringify(card)})`);
            assert.ok(detail?.trim(), 'the card has a detail');
            const detailPattern = expected.detail instanceof RegExp ? expected.detail : expected.detail?.[fam.name];
            if (detailPattern) assert.match(detail, detailPattern);
            const retry = alert.getByRole('button', { name: 'Retry', exact: true });
            if (expected.retry === false) {
              assert.equal(await retry.count(), 0, 'no Retry where retrying cannot help');
            } else if (expected.retry === 'after-wait') {
              assert.equal(await retry.count(), 1, 'Retry is offered');
              assert.ok(await retry.isDisabled(), 'Retry waits for the provider');
              const wait = /The provider asked to wait: (\d+) s/.exec(card);
              assert.ok(wait, `the wait is shown: ${JSON.stringify(card)}`);
              assert.ok(Number(wait[1]) >= 1 && Number(wait[1]) <= 7, `at most the 7 s asked for: ${wait[1]}`);
              if (fam.name === RATE_LIMIT_WAIT_FAMILY) {
                await waitUntil(() => retry.isEnabled(), 'Retry is enabled after the wait', { timeout: 10_000 });
                assert.doesNotMatch(await alert.innerText(), /asked to wait: \d+ s/, 'the countdown is gone');
              }
            } else {
              assert.equal(await retry.count(), 1, 'Retry is offered');
              assert.ok(await retry.isEnabled(), 'Retry can be used at once');
            }
          } else {
            assert.equal(await alert.count(), 0, `no error card: ${JSON.stringify(shown)}`);
          }

          if (expected.note) {
            assert.equal(await note.count(), 1, `a notice card: ${JSON.stringify(shown)}`);
            const [title] = await note.getByRole('paragraph').allInnerTexts();
            assert.equal(title?.trim(), expected.note);
          } else {
            assert.equal(await note.count(), 0, `no notice card: ${JSON.stringify(shown)}`);
          }
          const skipped = reply.getByRole('paragraph').filter({ hasText: 'could not be read' });
          if (expected.skipped) {
            assert.equal((await skipped.innerText()).trim(), expected.skipped);
          } else {
            assert.equal(await skipped.count(), 0, 'no chunk was reported skipped');
          }
          if (!expected.alert && !expected.note) {
            assert.ok(await reply.getByRole('button', { name: 'Regenerate', exact: true }).isVisible());
          }

          const messages = await storedAtRest(chat.page);
          const stored = messages.filter((m) => m.role === 'assistant');
          assert.equal(stored.length, 1);
          assert.equal(stored[0].state, expected.state, 'the stored state');
          if (expected.text) assert.ok(stored[0].content.includes(expected.text), 'the stored text is kept');
          if (scenario === 'drop') {
            const [request] = await chatRequests(env.mock, fam);
            assert.equal(request.aborted, false, 'the mock dropped the connection, the app did not abort it');
          }
          assert.deepEqual(chat.errors, []);
        });
      }
    });
  }

  test('on a narrow dark-mode phone screen an error card fits the width', async (t) => {
    const chat = await openChat(t, family('Gemini'), 'rate-limited', {
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await send(chat, 'Hello?');
    await settled(chat);
    const alert = chat.reply.getByRole('alert');
    await alert.waitFor();
    assert.match(await alert.innerText(), /Rate limited by the provider/);
    const pageWidth = await chat.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth}px wide)`);
    const retry = alert.getByRole('button', { name: 'Retry', exact: true });
    const box = await retry.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= 390, 'Retry is on screen');
    await screenshot(chat.page, '21-card-mobile-dark.png');
    assert.deepEqual(chat.errors, []);
  });

  // ---------------------------------------------------------------------------------------
  // 3. Retry, Regenerate, Stop

  /** Changes the model of the provider being edited (the one in use) in the Providers dialog. */
  async function changeModel(chat, model) {
    await editProvider(chat.page, { model });
    await waitUntil(async () => {
      const { model_configs: models } = await readDatabase(chat.page, ['model_configs']);
      return models[0]?.model === model;
    }, `the model ${model} is stored`);
  }

  /** The last reply's text, or '' while there is none. */
  async function replyText(chat) {
    return (await chat.assistant.count()) > 0 ? chat.reply.innerText() : '';
  }

  for (const fam of FAMILIES) {
    test(`${fam.name}: Retry after a server error replaces the card with the answer`, async (t) => {
      const chat = await openChat(t, fam, 'server-error');
      const question = 'Are you there?';
      await send(chat, question);
      await settled(chat);
      const retry = chat.reply.getByRole('alert').getByRole('button', { name: 'Retry', exact: true });
      await retry.waitFor();
      await storedAtRest(chat.page);
      await changeModel(chat, 'echo');
      await retry.click();
      const expected = await echoReply(question);
      await waitOn(chat, async () => (await replyText(chat)).includes('You said:'), 'the echo answer streams in');
      await settled(chat);
      await assertIdle(chat);
      assert.equal(await chat.assistant.count(), 1, 'one reply');
      assert.equal(await chat.you.count(), 1, 'one question');
      assert.equal(await chat.reply.getByRole('alert').count(), 0, 'the card is gone');
      assert.match(await chat.reply.innerText(), /replying as model echo/);
      const requests = await waitForChatRequests(env.mock, fam, 2);
      assert.equal(requests.length, 2, 'one request for the retry');
      const turns = fam.name === 'Gemini' ? requests[1].body.contents : requests[1].body.messages;
      assert.equal(turns.length, 1, `the retry sends the question alone: ${JSON.stringify(turns)}`);
      await waitOn(chat, async () => {
        const messages = await storedAtRest(chat.page);
        const replies = messages.filter((m) => m.role === 'assistant');
        return replies.length === 1 && replies[0].state === 'complete' && replies[0].content === expected;
      }, 'one complete assistant message is stored');
      assert.deepEqual(chat.errors, []);
    });
  }

  /** The version arrows of `article` ("Versions of this answer"). */
  function versionsOf(article) {
    const group = article.getByRole('group', { name: 'Versions of this answer', exact: true });
    return {
      group,
      previous: group.getByRole('button', { name: 'Show the previous version', exact: true }),
      next: group.getByRole('button', { name: 'Show the next version', exact: true }),
    };
  }

  /** The stored replies, oldest first. */
  async function storedReplies(page) {
    const messages = await storedAtRest(page);
    return messages.filter((m) => m.role === 'assistant').sort((a, b) => a.created_at - b.created_at);
  }

  test('Regenerate keeps the old answer as an earlier version, and the version picked is the one sent', async (t) => {
    const fam = family('OpenAI-compatible');
    const chat = await openChat(t, fam, 'echo');
    await send(chat, 'Say something.');
    await settled(chat);
    const old = await echoReply('Say something.');
    const regenerate = chat.reply.getByRole('button', { name: 'Regenerate', exact: true });
    await regenerate.waitFor();
    await storedAtRest(chat.page);
    assert.equal(await versionsOf(chat.reply).group.count(), 0, 'one version: no arrows');
    await changeModel(chat, 'crlf');
    await regenerate.click();
    const answered = async () => (await replyText(chat)).includes('Lines end in CR LF here.');
    await waitOn(chat, answered, 'the new answer is shown');
    await settled(chat);
    await assertIdle(chat);
    assert.equal(await chat.assistant.count(), 1, 'still one reply on screen');
    assert.doesNotMatch(await chat.reply.innerText(), /You said/, 'the old answer is not shown');
    const versions = versionsOf(chat.reply);
    assert.match(await versions.group.innerText(), /Version 2 of 2/);
    assert.ok(await versions.next.isDisabled(), 'no newer version');
    const requests = await waitForChatRequests(env.mock, fam, 2);
    assert.equal(requests.length, 2, 'a new request was sent');
    assert.equal(requests[1].body.model, 'crlf');
    assert.deepEqual(
      requests[1].body.messages.map((m) => m.role),
      ['user'],
      'the regenerated request does not carry the replaced answer',
    );
    let replies = await storedReplies(chat.page);
    assert.equal(replies.length, 2, 'both versions are stored');
    assert.equal(replies[0].content, old, 'the first answer is kept as it was');
    assert.equal(replies[0].state, 'complete');
    assert.equal(replies[1].content, 'Lines end in CR LF here.');
    assert.equal(replies[1].parent, replies[0].parent, 'the new answer is a sibling of the first');
    assert.ok(replies[0].parent, 'under the question');

    // Back to the first version, by keyboard; focus follows to the arrows of the version shown.
    await versions.previous.focus();
    await chat.page.keyboard.press('Enter');
    await waitOn(chat, async () => (await replyText(chat)).includes('You said:'), 'the first version is shown');
    assert.match(await versionsOf(chat.reply).group.innerText(), /Version 1 of 2/);
    await screenshot(chat.page, 'versions.png');
    const focused = await chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    assert.equal(focused, 'Show the next version', 'focus stays on the version arrows');
    await waitOn(chat, async () => (await storedReplies(chat.page))[0].chosen_at > 0, 'the choice is stored');

    // The choice survives a reload, and the next question is sent with the version shown.
    await chat.page.reload();
    await waitOn(chat, async () => (await chat.assistant.count()) === 1 && (await replyText(chat)).includes('You said:'), 'the chosen version is shown after a reload');
    await send(chat, 'And then?');
    await settled(chat);
    const [, , third] = await waitForChatRequests(env.mock, fam, 3);
    const sent = third.body.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    assert.deepEqual(sent, [old], 'the version shown is the one the model sees');
    replies = await storedReplies(chat.page);
    assert.equal(replies.length, 3);
    assert.deepEqual(chat.errors, []);
  });

  test('Regenerate while offline keeps the answer and shows the failure beside it', async (t) => {
    const fam = family('OpenAI-compatible');
    const contextOptions = { viewport: { width: 390, height: 844 }, colorScheme: 'dark' };
    const chat = await openChat(t, fam, 'echo', { contextOptions });
    await send(chat, 'Say something.');
    await settled(chat);
    const old = await echoReply('Say something.');
    await storedAtRest(chat.page);
    await chat.context.setOffline(true);
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const card = chat.log.getByRole('alert');
    await waitOn(chat, async () => (await card.count()) === 1, 'the failure is shown');
    await settled(chat);
    assert.match(await card.innerText(), /Could not reach the provider/);
    // No byte came back: the card explains a request that never got through
    // (address, offline, CORS, local servers), not a connection that broke.
    assert.match(await card.innerText(), /No answer from 127\.0\.0\.1:\d+ .*CORS.*OLLAMA_ORIGINS/s);
    assert.doesNotMatch(await card.innerText(), /connection broke/);
    assert.equal(await chat.assistant.count(), 2, 'the answer and the failed attempt are both on screen');
    assert.match(await chat.assistant.first().innerText(), /You said:/, 'the answer is still there');
    await screenshot(chat.page, 'versions-failed-beside-mobile-dark.png');
    let replies = await storedReplies(chat.page);
    assert.equal(replies.length, 2);
    assert.equal(replies[0].content, old, 'the stored answer is untouched');
    assert.equal(replies[1].state, 'failed');
    assert.equal(replies[1].content, '');

    // Retry while still offline: the answer stays, one failure card.
    await card.getByRole('button', { name: 'Retry', exact: true }).click();
    await waitOn(chat, async () => (await storedReplies(chat.page)).length === 2 && (await card.count()) === 1, 'the second attempt failed too');
    await settled(chat);
    assert.match(await chat.assistant.first().innerText(), /You said:/, 'the answer is still there');

    // After a reload the same is shown.
    await chat.context.setOffline(false);
    await chat.page.reload();
    await waitOn(chat, async () => (await chat.assistant.count()) === 2 && (await card.count()) === 1, 'the answer and the failure are shown after a reload');
    // The stored answer's text shows once the renderer's chunk is in (fetched right after start-up).
    await waitOn(chat, async () => /You said:/.test(await chat.assistant.first().innerText()), 'the stored answer is rendered');

    // Online again, Retry gives a second version; the first one is reachable.
    await changeModel(chat, 'crlf');
    await card.getByRole('button', { name: 'Retry', exact: true }).click();
    await waitOn(chat, async () => (await replyText(chat)).includes('Lines end in CR LF here.'), 'the new answer is shown');
    await settled(chat);
    assert.equal(await chat.assistant.count(), 1, 'the new version stands in for the old one');
    assert.equal(await card.count(), 0, 'the failed attempts are gone');
    assert.match(await versionsOf(chat.reply).group.innerText(), /Version 2 of 2/);
    replies = await storedReplies(chat.page);
    assert.deepEqual(replies.map((r) => r.state), ['complete', 'complete'], 'only the empty failed attempt was replaced');
    assert.equal(replies[0].content, old);
    await versionsOf(chat.reply).previous.click();
    await waitOn(chat, async () => (await replyText(chat)).includes('You said:'), 'the first version is shown');
    assert.deepEqual(chat.errors, []);
  });

  test('Retry while offline keeps the partial answer it would replace', async (t) => {
    const fam = family('Anthropic');
    const chat = await openChat(t, fam, 'drop');
    await send(chat, 'Tell me something.');
    await settled(chat);
    const partial = FAULTS.drop.text;
    const card = chat.log.getByRole('alert');
    await card.first().waitFor();
    assert.match(await chat.reply.innerText(), new RegExp(partial));
    const [kept] = await storedReplies(chat.page);
    await chat.context.setOffline(true);
    await chat.reply.getByRole('alert').getByRole('button', { name: 'Retry', exact: true }).click();
    await waitOn(chat, async () => (await storedReplies(chat.page)).length === 2, 'the retry is stored');
    await settled(chat);
    assert.equal(await chat.assistant.count(), 2, 'the partial answer and the failed retry are both on screen');
    assert.match(await chat.assistant.first().innerText(), new RegExp(partial), 'the partial answer is still shown');
    assert.equal(await chat.assistant.first().getByRole('button', { name: 'Retry', exact: true }).count(), 0, 'Retry is offered once, on the newest attempt');
    assert.equal(await chat.reply.getByRole('button', { name: 'Retry', exact: true }).count(), 1);
    const replies = await storedReplies(chat.page);
    assert.equal(replies[0].id, kept.id);
    assert.equal(replies[0].content, kept.content, 'the stored partial answer is untouched');
    assert.ok(replies[0].content.includes(partial));
    assert.equal(replies[1].content, '');
    await chat.context.setOffline(false);
    assert.deepEqual(chat.errors, []);
  });

  for (const fam of [family('Anthropic'), family('Gemini')]) {
    test(`${fam.name}: Stop keeps the partial answer`, async (t) => {
      const chat = await openChat(t, fam, 'slow');
      await send(chat, 'Tell me a long story.');
      await waitOn(chat, async () => (await replyText(chat)).includes('Once upon a time'), 'the story has started');
      assert.equal(await busy(chat.reply), 'true');
      await chat.stop.click();
      await settled(chat, 5_000);
      const stopped = chat.reply.getByRole('paragraph').filter({ hasText: /^Stopped$/ });
      await stopped.waitFor({ timeout: 5_000 });
      const answer = async () => (await chat.reply.innerText()).split('Stopped')[0];
      const partial = await answer();
      assert.ok(partial.includes('Once upon a time'), 'the partial answer is kept');
      const aborted = async () => (await chatRequests(env.mock, fam)).some((r) => r.aborted);
      await waitUntil(aborted, 'the mock saw the request aborted', { timeout: 5_000 });
      await sleep(500);
      assert.equal(await answer(), partial, 'nothing more arrives after Stop');
      await assertIdle(chat);
      assert.equal(await chat.reply.getByRole('alert').count(), 0, 'Stop is not an error');
      const messages = await storedAtRest(chat.page);
      const stored = messages.find((m) => m.role === 'assistant');
      assert.equal(stored.state, 'stopped');
      assert.ok(stored.content.includes('Once upon a time'));
      assert.deepEqual(chat.errors, []);
    });
  }

  // ---------------------------------------------------------------------------------------
  // 4. The Providers dialog

  test('every preset starts with its base URL and the fields it needs', async (t) => {
    const chat = await openPage(t);
    await chat.page.getByRole('button', { name: 'Set up a provider', exact: true }).click();
    const dialog = chat.page.getByRole('dialog', { name: 'Providers', exact: true });
    await dialog.waitFor();
    const form = providerForm(chat.page);
    const list = dialog.getByRole('list', { name: 'Your providers', exact: true });
    for (const [index, [label, baseUrl, thinking]] of PRESETS.entries()) {
      await dialog.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label });
      await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
      await waitUntil(async () => (await list.getByRole('button').count()) === index + 1, `${label} is listed`);
      const entry = list.getByRole('button').nth(index);
      assert.equal(await entry.getAttribute('aria-pressed'), 'true', `${label} is the one being edited`);
      assert.equal(await selectedLabel(form.getByRole('combobox', { name: 'Type', exact: true })), label);
      assert.equal(await form.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), label);
      assert.equal(await valueOf(form, 'Base URL'), baseUrl, `${label}'s base URL`);
      const azure = label === 'Azure OpenAI';
      const apiVersion = form.getByRole('textbox', { name: 'API version', exact: true });
      assert.equal(await apiVersion.count(), azure ? 1 : 0, `${label}: API version`);
      assert.equal(
        await form.getByRole('textbox', { name: azure ? 'Model (deployment name)' : 'Model', exact: true }).count(),
        1,
        `${label}: the model field`,
      );
      const thinkingSwitch = form.getByRole('checkbox', { name: THINKING_SWITCH, exact: true });
      assert.equal(await thinkingSwitch.count(), thinking ? 1 : 0, `${label}: thinking switch`);
      assert.equal(await form.getByLabel('API key', { exact: true }).getAttribute('type'), 'password');
      const inUse = form.getByRole('button', { name: 'In use', exact: true });
      assert.ok(await inUse.isDisabled(), 'a new provider is used at once');
      for (const other of await list.getByRole('button').all()) {
        if ((await other.innerText()) === (await entry.innerText())) continue;
        assert.equal(await other.getAttribute('aria-pressed'), 'false', 'only one provider is pressed');
      }
    }
    const { providers } = await waitUntil(async () => {
      const stored = await readDatabase(chat.page, ['providers']);
      return stored.providers.length === PRESETS.length && stored;
    }, 'every provider is stored');
    assert.deepEqual(
      providers.map((p) => [p.name, p.base_url]).sort(),
      PRESETS.map(([label, url]) => [label, url]).sort(),
      'each is stored with its default base URL',
    );

    // Changing the type of a provider whose URL is still the default moves it to the new default.
    await list.getByRole('button', { name: 'OpenAI · no model set', exact: true }).click();
    await form.getByRole('combobox', { name: 'Type', exact: true }).selectOption({ label: 'Ollama' });
    await waitUntil(
      async () => (await valueOf(form, 'Base URL')) === 'http://localhost:11434/v1',
      'the base URL follows the new type',
    );
    assert.equal(await form.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'Ollama');
    await closeProviders(chat.page);
    assert.deepEqual(chat.errors, []);
  });

  /**
   * Commits `bad` to the field named `label` and checks the problem is shown, the field
   * marked and nothing stored; then commits `good`. The field is held as an element handle
   * found by role and name while valid (whether the name stays the same while invalid is
   * checked in 'the Thinking toggle and the settings fields keep plain accessible names').
   * Returns what was wrong with storing, so the caller can go on and report it at the end.
   */
  async function checkFieldProblem(chat, form, { label, bad, problem, good, isStored, stored }) {
    const problems = [];
    const locator = form.getByRole('textbox', { name: label, exact: true });
    const field = await locator.elementHandle();
    await field.fill(bad);
    await field.press('Tab');
    const alert = form.getByRole('alert').filter({ hasText: problem });
    await alert.waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true', `${label} is marked invalid`);
    assert.equal(await field.inputValue(), bad, 'what was typed stays in the field');
    await sleep(300); // a store would have happened by now
    if (await isStored()) {
      problems.push(`the invalid ${label} ${JSON.stringify(bad)} was stored: ${JSON.stringify(await stored())}`);
    }
    await field.fill(good);
    await field.press('Tab');
    await alert.waitFor({ state: 'detached' });
    assert.equal(await field.getAttribute('aria-invalid'), 'false');
    return problems;
  }

  test('invalid numbers are explained under their fields and not stored; valid ones are sent', async (t) => {
    const chat = await openPage(t);
    const { form } = await addMockProvider(chat.page, env.mock, { scenario: 'echo', keepOpen: true });
    const config = async () => (await readDatabase(chat.page, ['model_configs'])).model_configs[0];

    const problems = [];
    const cases = [
      ['Temperature', 'hot', /Temperature must be a number from 0 to 2/, 'temperature', '0.7', 0.7],
      ['Max tokens', '0', /Max tokens must be a whole number above 0/, 'max_tokens', '256', 256],
      ['Top-p', '1.5', /Top-p must be a number from 0 to 1/, 'top_p', '0.9', 0.9],
    ];
    for (const [label, bad, problem, key, good, value] of cases) {
      problems.push(
        ...(await checkFieldProblem(chat, form, {
          label,
          bad,
          problem,
          good,
          isStored: async () => (await config())[key] !== null,
          stored: async () => (await config())[key],
        })),
      );
      await waitUntil(async () => (await config())[key] === value, `${label} ${good} is stored`);
    }
    const temperature = await form.getByRole('textbox', { name: 'Temperature', exact: true }).elementHandle();
    await temperature.fill('hot');
    await temperature.press('Tab');
    await form.getByRole('alert').waitFor();
    await screenshot(chat.page, '30-provider-settings.png');
    await sleep(300);
    assert.equal((await config()).temperature, 0.7, 'the last valid temperature stays stored');
    await closeProviders(chat.page);

    await send(chat, 'Hello with settings');
    await settled(chat);
    const [request] = await waitForChatRequests(env.mock, family('OpenAI-compatible'), 1);
    assert.equal(request.body.temperature, 0.7);
    assert.equal(request.body.top_p, 0.9);
    assert.ok(
      request.body.max_tokens === 256 || request.body.max_completion_tokens === 256,
      `the token limit is sent: ${JSON.stringify(request.body)}`,
    );
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(problems, []);
  });

  test('invalid extra JSON is explained and kept as typed, a send says what to fix, valid extra JSON is merged', async (t) => {
    const chat = await openPage(t);
    const { form } = await addMockProvider(chat.page, env.mock, {
      family: family('Anthropic'),
      scenario: 'echo',
      apiKey: 'sk-ant-test',
      keepOpen: true,
    });
    const config = async () => (await readDatabase(chat.page, ['model_configs'])).model_configs[0];
    // Unlike a number, extra JSON is kept as typed (nothing typed is lost when the
    // dialog closes); it is explained under the field and again when sending.
    const bad = '{"metadata": {"user_id": "hearth"}';
    const field = form.getByRole('textbox', { name: 'Extra JSON', exact: true });
    await commit(field, bad);
    await form.getByRole('alert').filter({ hasText: /Extra JSON is not valid/ }).waitFor();
    assert.equal(await field.getAttribute('aria-invalid'), 'true', 'the field is marked invalid');
    await waitUntil(async () => (await config()).extra_json === bad, 'what was typed is stored as typed');
    await closeProviders(chat.page);
    await send(chat, 'Hello with broken extra JSON');
    await settled(chat);
    const card = chat.reply.getByRole('alert');
    assert.match(await card.innerText(), /Set-up needed[\s\S]*extra JSON/i, 'the send says what to fix');
    assert.equal((await chatRequests(env.mock, family('Anthropic'))).length, 0, 'nothing was sent');

    await openProviders(chat.page);
    const good = '{"metadata": {"user_id": "hearth"}}';
    await commit(providerForm(chat.page).getByRole('textbox', { name: 'Extra JSON', exact: true }), good);
    await waitUntil(async () => (await config()).extra_json === good, 'valid extra JSON is stored');
    await closeProviders(chat.page);
    await chat.reply.getByRole('button', { name: 'Retry', exact: true }).click();
    await settled(chat);
    const [request] = await waitForChatRequests(env.mock, family('Anthropic'), 1);
    assert.deepEqual(request.body.metadata, { user_id: 'hearth' }, 'extra JSON is merged into the request');
    assert.deepEqual(chat.errors, []);
  });

  for (const fam of FAMILIES) {
    test(`${fam.name}: Test connection lists the models and picking one sets the model`, async (t) => {
      const chat = await openPage(t);
      const { form } = await addMockProvider(chat.page, env.mock, {
        family: fam,
        scenario: 'slow',
        apiKey: fam.apiKey,
        keepOpen: true,
      });
      await form.getByRole('button', { name: 'Test connection', exact: true }).click();
      const status = form.getByRole('status');
      const summary = await waitUntil(async () => {
        const text = (await status.innerText()).trim();
        return text && !text.startsWith('Testing') && text;
      }, 'the test has finished');
      assert.equal(summary, `Connected. ${scenarioCount} models available.`);
      const models = form.getByRole('combobox', { name: 'Available models', exact: true });
      await models.waitFor();
      const options = (await models.getByRole('option').allInnerTexts()).map((s) => s.trim());
      for (const name of ['echo', 'thinking', 'slow', 'markdown']) {
        assert.ok(options.includes(name), `${name} is listed: ${JSON.stringify(options)}`);
      }
      await models.selectOption({ label: 'echo' });
      await waitUntil(
        async () => (await form.getByRole('textbox', { name: 'Model', exact: true }).inputValue()) === 'echo',
        'the Model field shows the picked model',
      );
      await waitUntil(async () => {
        const { model_configs: stored } = await readDatabase(chat.page, ['model_configs']);
        return stored[0]?.model === 'echo';
      }, 'the picked model is stored');
      await closeProviders(chat.page);
      assert.equal(await selectedLabel(chat.modelPicker), `echo · ${fam.type}`, 'the top bar names the new model (model first)');
      const log = await mockRequests(env.mock);
      const listing = log.filter((e) => e.method === 'GET');
      assert.equal(listing.length, 1, 'one model list request');
      if (fam.name === 'Anthropic') assert.equal(listing[0].headers['x-api-key'], fam.apiKey);
      if (fam.name === 'Gemini') assert.equal(listing[0].headers['x-goog-api-key'], fam.apiKey);
      if (fam.name === 'OpenAI-compatible') assert.equal(listing[0].headers.authorization, `Bearer ${fam.apiKey}`);
      assert.deepEqual(chat.errors, []);
    });
  }

  /** Opens the app with an Anthropic and then a Gemini provider, both answering with `echo`. */
  async function openWithTwoProviders(t) {
    const chat = await openPage(t);
    for (const fam of [family('Anthropic'), family('Gemini')]) {
      await addMockProvider(chat.page, env.mock, { family: fam, scenario: 'echo', apiKey: fam.apiKey });
    }
    return chat;
  }

  /** The label of the option the top bar's Model shows. */
  function chosenModel(chat) {
    return selectedLabel(chat.modelPicker);
  }

  test('the top bar’s Model picks which provider answers', async (t) => {
    const chat = await openWithTwoProviders(t);
    const [anthropic, gemini] = [family('Anthropic'), family('Gemini')];
    const options = (await chat.modelPicker.getByRole('option').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(options, ['echo · Anthropic', 'echo · Google Gemini'], 'the model control says the model first');
    assert.equal(await chosenModel(chat), 'echo · Google Gemini', 'the provider added last answers');

    await send(chat, 'First, to Gemini');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, gemini)).length, 1, 'Gemini answered');
    assert.equal((await chatRequests(env.mock, anthropic)).length, 0);

    await chat.modelPicker.selectOption({ label: 'echo · Anthropic' });
    await waitUntil(async () => {
      const { settings } = await readDatabase(chat.page, ['settings', 'providers']);
      return settings.some((s) => s.key === 'active_provider');
    }, 'the choice is stored');
    await send(chat, 'Now to Anthropic');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, anthropic)).length, 1, 'the next request goes to Anthropic');
    assert.equal((await chatRequests(env.mock, gemini)).length, 1, 'and not to Gemini');
    assert.match(await chat.reply.innerText(), /Now to Anthropic/);
    assert.match(await chat.reply.innerText(), /(^|\s)echo(\s|$)/, 'the badge names the model');

    // The choice is remembered.
    await chat.page.reload();
    await chat.modelPicker.waitFor();
    assert.equal(await chosenModel(chat), 'echo · Anthropic', 'the choice survives a reload');

    // The Providers dialog opens on the provider in use.
    const dialog = await openProviders(chat.page);
    const list = dialog.getByRole('list', { name: 'Your providers', exact: true });
    assert.equal(await pressed(list, 'Anthropic · echo'), 'true');
    await closeProviders(chat.page);
    await chat.modelPicker.selectOption({ label: 'echo · Google Gemini' });
    await openProviders(chat.page);
    const geminiPressed = await pressed(list, 'Google Gemini · echo');
    const inUse = await providerForm(chat.page).getByRole('button', { name: 'In use', exact: true }).count();
    await closeProviders(chat.page);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(
      { pressed: geminiPressed, inUse },
      { pressed: 'true', inUse: 1 },
      'after choosing Gemini in the top bar, the Providers dialog opens on Gemini (the provider in use)',
    );
  });

  test('Delete provider asks first, then removes the provider everywhere', async (t) => {
    const chat = await openWithTwoProviders(t);
    const gemini = family('Gemini');
    const anthropic = family('Anthropic');
    const dialog = await openProviders(chat.page);
    const list = dialog.getByRole('list', { name: 'Your providers', exact: true });
    const form = providerForm(chat.page);
    assert.equal(await pressed(list, 'Google Gemini · echo'), 'true');
    assert.ok(await form.getByRole('button', { name: 'In use', exact: true }).isDisabled());

    let asked = null;
    chat.page.once('dialog', (question) => {
      asked = question.message();
      question.dismiss();
    });
    await form.getByRole('button', { name: 'Delete provider', exact: true }).click();
    await waitUntil(() => asked, 'the deletion is confirmed first');
    assert.match(asked, /Google Gemini/, 'the question names the provider');
    await sleep(300);
    assert.equal(await list.getByRole('button').count(), 2, 'cancelling keeps it');

    chat.page.once('dialog', (question) => question.accept());
    await form.getByRole('button', { name: 'Delete provider', exact: true }).click();
    await waitUntil(async () => (await list.getByRole('button').count()) === 1, 'the provider is no longer listed');
    assert.deepEqual((await list.getByRole('button').allInnerTexts()).map((s) => s.trim()), ['Anthropic · echo']);
    await waitUntil(async () => {
      const stored = await readDatabase(chat.page, ['providers', 'model_configs']);
      const [left] = stored.providers;
      return stored.providers.length === 1 && stored.model_configs.length === 1 && left.name === 'Anthropic';
    }, 'the provider and its model settings are deleted from storage');
    const { providers } = await readDatabase(chat.page, ['providers']);
    assert.ok(!JSON.stringify(providers).includes(gemini.apiKey), 'the deleted key is gone');

    // The one left answers, and the dialog says so.
    await form.waitFor();
    assert.equal(await pressed(list, 'Anthropic · echo'), 'true');
    const inUse = await form.getByRole('button', { name: 'In use', exact: true }).count();
    await closeProviders(chat.page);
    const left = (await chat.modelPicker.getByRole('option').allInnerTexts()).map((s) => s.trim());
    assert.deepEqual(left, ['echo · Anthropic']);
    await send(chat, 'Who answers now?');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, anthropic)).length, 1, 'Anthropic answers');
    assert.equal((await chatRequests(env.mock, gemini)).length, 0);
    assert.deepEqual(chat.errors, []);
    assert.equal(inUse, 1, 'the provider left (which now answers) is shown as "In use"');
  });

  test('on a dark phone screen the provider settings fit the width', async (t) => {
    const chat = await openPage(t, { viewport: { width: 390, height: 844 }, colorScheme: 'dark' });
    const { form } = await addMockProvider(chat.page, env.mock, {
      family: family('Anthropic'),
      scenario: 'thinking',
      apiKey: 'sk-ant-test',
      thinking: true,
      keepOpen: true,
    });
    await commit(form.getByLabel('Temperature', { exact: true }), 'hot');
    await form.getByRole('alert').waitFor();
    const pageWidth = await chat.page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth}px wide)`);
    for (const name of ['Test connection', 'Delete provider']) {
      const box = await form.getByRole('button', { name, exact: true }).boundingBox();
      assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `${name} is on screen`);
    }
    await screenshot(chat.page, '31-provider-settings-mobile-dark.png');
    assert.deepEqual(chat.errors, []);
  });

  test('a provider can be added with the keyboard alone', async (t) => {
    const chat = await openPage(t);
    const { page } = chat;
    const providers = page.getByRole('button', { name: 'Providers', exact: true });
    await providers.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Providers', exact: true });
    await dialog.waitFor();
    const focused = (locator) => locator.evaluate((el) => el === document.activeElement);
    const inDialog = () => dialog.evaluate((el) => el.contains(document.activeElement));
    assert.ok(await inDialog(), 'focus moves into the dialog');

    const type = dialog.getByRole('combobox', { name: 'New provider type', exact: true });
    const add = dialog.getByRole('button', { name: 'Add provider', exact: true });
    let presses = 0;
    while (!(await focused(type))) {
      assert.ok(++presses <= 10, 'the type can be reached with Tab');
      await page.keyboard.press('Tab');
      assert.ok(await inDialog(), 'Tab stays in the dialog');
    }
    await page.keyboard.press('End');
    assert.equal(await selectedLabel(type), 'Google Gemini', 'End picks the last type');
    await page.keyboard.press('Tab');
    assert.ok(await focused(add), 'Tab goes on to Add provider');
    await page.keyboard.press('Enter');
    const form = providerForm(page);
    await form.waitFor();
    assert.equal(await valueOf(form, 'Base URL'), 'https://generativelanguage.googleapis.com');
    const stored = async () => (await readDatabase(page, ['providers'])).providers.length === 1;
    await waitUntil(stored, 'the provider is stored');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.ok(await focused(providers), 'focus returns to the Providers button');
    assert.deepEqual(chat.errors, []);
  });

  test('a provider added while the stored accounts are still loading is kept', async (t) => {
    // A person can open Providers as soon as the button shows, before start-up has read
    // the accounts; on a busy machine that read is slow. Here it is made slow for sure:
    // the start-up read of the model settings answers only after the provider is added.
    const chat = await openApp(t, env, { beforeLoad: (context) => holdFirstRead(context, 'model_configs') });
    const { page } = chat;
    await waitUntil(() => page.evaluate(() => window.heldReadStarted === true), 'start-up is reading the accounts');
    await addMockProvider(page, env.mock, { scenario: 'echo' });
    assert.equal(await page.evaluate(() => window.heldReadDone), undefined, 'the provider was added while the accounts were loading');
    await releaseHeld(page);
    await waitUntil(() => page.evaluate(() => window.heldReadDone === true), 'the accounts are loaded');
    const dialog = await openProviders(page);
    assert.equal(await valueOf(providerForm(page), 'Model'), 'echo', 'the form still shows the provider that was added');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await send(chat, 'Still here?');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, FAMILY.openai)).length, 1, 'the provider added during loading answers');
    assert.deepEqual(chat.errors, []);
  });

  test('a provider added while the database is still opening is stored, kept and answers', async (t) => {
    // Earlier still than the test above: Providers is there before the database is open
    // (on a busy machine, or in WebKit, opening takes a while), and a provider added then
    // was stored nowhere, and start-up's read of the accounts took it off the screen.
    await resetMock(env.mock);
    const chat = await openApp(t, env, { beforeLoad: (context) => holdOpen(context) });
    const { page } = chat;
    await waitUntil(() => page.evaluate(() => window.heldOpenStarted === true), 'start-up is opening the database');
    await addProvider(page, { baseUrl: FAMILY.openai.baseUrl(env.mock), model: 'echo', keepOpen: true });
    assert.equal(await page.evaluate(() => window.heldOpenDone), undefined, 'the provider was added while the database was opening');
    await closeProviders(page);
    await releaseHeld(page);
    await waitUntil(() => page.evaluate(() => window.heldOpenDone === true), 'the database is open');
    await send(chat, 'Still here?');
    await settled(chat);
    assert.equal((await chatRequests(env.mock, FAMILY.openai)).length, 1, 'the provider added while the database opened answers');
    // After a reload (whose opening is held back again) the provider is read from storage.
    await page.reload();
    await waitUntil(() => page.evaluate(() => window.heldOpenStarted === true), 'start-up is opening the database again');
    await releaseHeld(page);
    await waitUntil(() => page.evaluate(() => window.heldOpenDone === true), 'the database is open again');
    const dialog = await openProviders(page);
    await waitUntil(async () => (await valueOf(providerForm(page), 'Model')) === 'echo', 'the provider, stored, shown after the reload');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    assert.deepEqual(chat.errors, []);
  });

  test('the Thinking toggle and the settings fields keep plain accessible names', async (t) => {
    const chat = await openChat(t, family('Anthropic'), 'thinking', { thinking: true });
    await send(chat, 'What is six times seven?');
    await settled(chat);
    const names = [];
    const toggle = chat.reply.getByRole('button', { name: /Thought for \d+ s/ });
    await toggle.waitFor();
    names.push(['the collapsed Thinking toggle', /^Thought for \d+ s$/, await toggle.ariaSnapshot()]);
    await toggle.click();
    await chat.reply.getByRole('region', { name: 'Thinking', exact: true }).waitFor();
    names.push(['the expanded Thinking toggle', /^Thought for \d+ s$/, await toggle.ariaSnapshot()]);

    const dialog = await openProviders(chat.page);
    const form = providerForm(chat.page);
    for (const [label, bad] of [
      ['Temperature', 'hot'],
      ['Extra JSON', '{'],
    ]) {
      const field = await form.getByRole('textbox', { name: label, exact: true }).elementHandle();
      await field.fill(bad);
      await field.press('Tab');
      await waitUntil(async () => (await field.getAttribute('aria-invalid')) === 'true', `${label} is marked invalid`);
      const snapshot = (await form.ariaSnapshot()).split('\n').find((line) => line.includes(`textbox "${label}`));
      names.push([`the invalid ${label} field`, new RegExp(`^${label}$`), snapshot]);
    }
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const wrong = names
      .map(([what, expected, snapshot]) => {
        const name = /"(.*)"/.exec(snapshot ?? '')?.[1] ?? snapshot;
        return expected.test(name ?? '') ? null : `${what} is named ${JSON.stringify(name)}`;
      })
      .filter(Boolean);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(wrong, [], 'decorations and error messages are not part of the names');
  });

  // ---------------------------------------------------------------------------------------
  // 5. Copy

  test('Copy puts a question and an answer on the clipboard', async (t) => {
    const chat = await openChat(t, family('OpenAI-compatible'), 'echo', {
      contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    const question = 'Copy me, please:\n**not bold** and <b>not a tag</b>';
    await send(chat, question);
    await settled(chat);
    const clipboard = () => chat.page.evaluate(() => navigator.clipboard.readText());

    const mine = chat.you.last();
    await mine.getByRole('button', { name: 'Copy', exact: true }).click();
    const says = (article) => async () => (await article.getByRole('status').innerText()).trim() === 'Copied';
    await waitUntil(says(mine), 'the question says Copied');
    assert.equal(await clipboard(), question, 'the question is copied as typed');

    await chat.reply.getByRole('button', { name: 'Copy', exact: true }).click();
    await waitUntil(says(chat.reply), 'the answer says Copied');
    assert.equal(await clipboard(), await echoReply(question), 'the answer is copied as markdown');
    assert.deepEqual(chat.errors, []);
  });
});
