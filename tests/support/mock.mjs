// Talking to the mock LLM server (tests/mock/server.mjs) from an end-to-end test: the three
// provider families as the app and the mock name them (with how each spells its chat
// request and its tool use on the wire), emptying and reading the mock's request log, the
// chat requests of one family without the background title and summary requests, and what
// a scenario answers.

import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { waitUntil } from './browser.mjs';

const SCENARIOS = fileURLToPath(new URL('../mock/scenarios/', import.meta.url));

/** The start of the prompt of the background request that asks the model for a conversation title. */
export const TITLE_PROMPT = 'Write a title for the conversation';

/**
 * The start of the instruction of the request that asks a model to summarise earlier messages
 * (`hearth_core::compaction::SUMMARY_INSTRUCTION`; the `compact` scenarios answer it).
 */
export const SUMMARY_PROMPT = 'You summarise the earlier part of a conversation';

/**
 * The three provider families, keyed `openai`, `anthropic`, `gemini`. Each has its `name`
 * (as test names print it), the `type` the Providers dialog lists it under, its `baseUrl`
 * on the mock `mock`, `isChat(entry)`: whether a logged request is one of its chat
 * requests, and, for tool use in a logged request `body`: `toolNames(body)` (the tools
 * offered), `results(body)` (the results of the last results turn, `[{ id, content,
 * isError }]`) and `calls(body)` (every call of the history, `[{ id, name, args }]`).
 */
export const FAMILIES = {
  openai: {
    name: 'OpenAI-compatible',
    type: 'Custom (OpenAI-compatible)',
    baseUrl: (mock) => `${mock.url}/v1`,
    isChat: (entry) => entry.method === 'POST' && entry.path === '/v1/chat/completions',
    toolNames: (body) => (body.tools ?? []).map((tool) => tool.function.name),
    results: (body) => {
      const last = body.messages.findLastIndex((m) => m.role === 'assistant');
      return body.messages
        .slice(last + 1)
        .filter((m) => m.role === 'tool')
        .map((m) => ({ id: m.tool_call_id, content: m.content, isError: m.content.startsWith('Error') }));
    },
    calls: (body) =>
      body.messages
        .filter((m) => m.role === 'assistant' && m.tool_calls)
        .flatMap((m) => m.tool_calls.map((c) => ({ id: c.id, name: c.function.name, args: JSON.parse(c.function.arguments) }))),
  },
  anthropic: {
    name: 'Anthropic',
    type: 'Anthropic',
    baseUrl: (mock) => mock.url,
    isChat: (entry) => entry.method === 'POST' && entry.path === '/v1/messages',
    toolNames: (body) => (body.tools ?? []).map((tool) => tool.name),
    results: (body) =>
      body.messages
        .at(-1)
        .content.filter((block) => block.type === 'tool_result')
        .map((block) => ({ id: block.tool_use_id, content: block.content, isError: block.is_error === true })),
    calls: (body) =>
      body.messages
        .filter((m) => m.role === 'assistant' && Array.isArray(m.content))
        .flatMap((m) => m.content.filter((b) => b.type === 'tool_use').map((b) => ({ id: b.id, name: b.name, args: b.input }))),
  },
  gemini: {
    name: 'Gemini',
    type: 'Google Gemini',
    baseUrl: (mock) => mock.url,
    isChat: (entry) => entry.method === 'POST' && /^\/v1beta\/models\/[^/]+:streamGenerateContent$/.test(entry.path),
    toolNames: (body) => (body.tools?.[0]?.functionDeclarations ?? []).map((d) => d.name),
    results: (body) =>
      body.contents
        .at(-1)
        .parts.filter((part) => part.functionResponse)
        .map(({ functionResponse: r }) => ({
          id: r.id,
          content: JSON.stringify(r.response.result ?? r.response.error),
          isError: 'error' in r.response,
        })),
    calls: (body) =>
      body.contents
        .filter((c) => c.role === 'model')
        .flatMap((c) => c.parts.filter((p) => p.functionCall).map((p) => ({ id: p.functionCall.id, name: p.functionCall.name, args: p.functionCall.args }))),
  },
};

/** Empties the request log of the mock server `mock`. */
export async function resetMock(mock) {
  await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
}

/** Every request `mock` logged since its last reset, oldest first (`{ method, path, headers, body, aborted }`). */
export async function mockRequests(mock) {
  return (await fetch(`${mock.url}/__mock/requests`)).json();
}

/** Whether a logged request is the background request that asks for a conversation title. */
export function isTitleRequest(entry) {
  return JSON.stringify(entry.body ?? '').includes(TITLE_PROMPT);
}

/** Whether a logged request is the request that asks a model to summarise earlier messages. */
export function isSummaryRequest(entry) {
  return JSON.stringify(entry.body ?? '').includes(SUMMARY_PROMPT);
}

/**
 * The chat requests of `family` that `mock` logged (preflights, title and summary requests
 * left out), oldest first.
 */
export async function chatRequests(mock, family) {
  return (await mockRequests(mock)).filter(
    (entry) => family.isChat(entry) && !isTitleRequest(entry) && !isSummaryRequest(entry),
  );
}

/** The summary requests `mock` logged (any family), oldest first. */
export async function summaryRequests(mock) {
  return (await mockRequests(mock)).filter((entry) => entry.method === 'POST' && isSummaryRequest(entry));
}

/** Waits until `mock` has logged at least `count` chat requests of `family`, and returns them all. */
export function waitForChatRequests(mock, family, count) {
  return waitUntil(async () => {
    const requests = await chatRequests(mock, family);
    return requests.length >= count && requests;
  }, `the mock has received ${count} ${family.name} chat request(s)`);
}

/** The scenario file `tests/mock/scenarios/<name>.json`, parsed. */
export async function readScenario(name) {
  return JSON.parse(await readFile(`${SCENARIOS}${name}.json`, 'utf8'));
}

/** The reply the mock's `echo` scenario gives to `text` (asked as `model`). */
export async function echoReply(text, model = 'echo') {
  const scenario = await readScenario('echo');
  const quoted = text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
  return scenario.text_stream.text
    .replaceAll('{{last_user_message_quoted}}', quoted)
    .replaceAll('{{last_user_message}}', text)
    .replaceAll('{{model}}', model);
}
