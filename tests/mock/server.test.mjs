// Tests of the mock LLM server (tests/mock/server.mjs): CORS, scenario playback in the OpenAI,
// Anthropic and Gemini dialects, errors, faults (drop, stall, broken JSON, CRLF), the model
// lists, the request log, surviving clients that abort, and multi-round tool calling.
// Everything goes over real HTTP.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { readPng } from './png.mjs';
import { startMockServer } from './server.mjs';

const APP_ORIGIN = 'http://127.0.0.1:8080';

/** POSTs a chat completion request as the browser app would. */
function chat(mock, body, init = {}) {
  return fetch(`${mock.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, authorization: 'Bearer sk-test', 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

/** The `data:` payloads of an SSE body, JSON-parsed except for the final `[DONE]`. */
function parseSse(text) {
  assert.ok(text.endsWith('\n\n'), 'the stream ends with a complete frame');
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((frame) => {
      assert.match(frame, /^data: /, `every frame is a data line: ${frame}`);
      const data = frame.slice('data: '.length);
      return data === '[DONE]' ? data : JSON.parse(data);
    });
}

function contentOf(chunks) {
  return chunks
    .filter((chunk) => chunk !== '[DONE]')
    .flatMap((chunk) => chunk.choices)
    .map((choice) => choice.delta.content ?? '')
    .join('');
}

const FAMILIES = ['openai', 'anthropic', 'gemini'];

/** POSTs a Messages request as the browser app would call Anthropic. */
function anthropic(mock, body, init = {}) {
  return fetch(`${mock.url}/v1/messages`, {
    method: 'POST',
    headers: {
      origin: APP_ORIGIN,
      'x-api-key': 'sk-ant-test',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
      'content-type': 'application/json',
    },
    body: JSON.stringify({ max_tokens: 1024, ...body }),
    ...init,
  });
}

/** POSTs a streamGenerateContent request as the browser app would call Gemini. */
function gemini(mock, model, body = {}, init = {}) {
  return fetch(`${mock.url}/v1beta/models/${model}:streamGenerateContent?alt=sse`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, 'x-goog-api-key': 'AIza-test', 'content-type': 'application/json' },
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'Hello' }] }], ...body }),
    ...init,
  });
}

/** Asks for a streamed reply from scenario `model` in `family`'s dialect. */
function streamFrom(mock, family, model, init = {}) {
  const messages = [{ role: 'user', content: 'Hello' }];
  switch (family) {
    case 'openai':
      return chat(mock, { model, stream: true, stream_options: { include_usage: true }, messages }, init);
    case 'anthropic':
      return anthropic(mock, { model, stream: true, messages }, init);
    case 'gemini':
      return gemini(mock, model, {}, init);
  }
}

/**
 * An SSE body split into frames `{ event?, data?, comment? }`, where `nl` is the only line
 * ending allowed; `data` is parsed JSON, or the raw text when it is not JSON (`[DONE]`, faults).
 */
function parseFrames(text, nl = '\n') {
  const end = nl + nl;
  assert.ok(text.endsWith(end), `the stream ends with a complete frame: ${JSON.stringify(text.slice(-40))}`);
  return text
    .slice(0, -end.length)
    .split(end)
    .map((block) => {
      const frame = {};
      for (const line of block.split(nl)) {
        assert.doesNotMatch(line, /[\r\n]/, `only ${JSON.stringify(nl)} ends lines: ${JSON.stringify(block)}`);
        const [, field, value] = /^([^:]*):\s?(.*)$/.exec(line);
        frame[field === '' ? 'comment' : field] = value;
      }
      if ('data' in frame) frame.data = parseOrRaw(frame.data);
      return frame;
    });
}

function parseOrRaw(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The reply text (not reasoning) in frames of any dialect. */
function replyText(family, frames) {
  const pieces = frames.map(({ data }) => {
    if (typeof data !== 'object') return '';
    if (family === 'openai') return data.choices?.[0]?.delta?.content ?? '';
    if (family === 'anthropic') return data.delta?.type === 'text_delta' ? data.delta.text : '';
    return (data.candidates?.[0]?.content?.parts ?? [])
      .filter((part) => !part.thought)
      .map((part) => part.text)
      .join('');
  });
  return pieces.join('');
}

/** Reads a body until it ends or fails: `{ text, error }`. */
async function readAll(res) {
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { text, error: null };
      text += decoder.decode(value, { stream: true });
    }
  } catch (error) {
    return { text, error };
  }
}

describe('mock LLM server', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  test('answers a CORS preflight with the headers the browser asked for', async () => {
    const res = await fetch(`${mock.url}/v1/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: APP_ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.match(res.headers.get('access-control-allow-methods'), /\bPOST\b/);
    assert.equal(res.headers.get('access-control-allow-headers'), 'authorization,content-type');
    assert.ok(Number(res.headers.get('access-control-max-age')) > 0);
  });

  test('streams the markdown scenario as OpenAI chat.completion.chunk frames', async () => {
    const res = await chat(mock, {
      model: 'markdown',
      stream: true,
      stream_options: { include_usage: true },
      messages: [{ role: 'user', content: 'Show me markdown' }],
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);

    const chunks = parseSse(await res.text());
    assert.equal(chunks.at(-1), '[DONE]');
    const [first, ...rest] = chunks.slice(0, -1);
    assert.equal(first.object, 'chat.completion.chunk');
    assert.equal(first.model, 'markdown');
    assert.equal(first.choices[0].delta.role, 'assistant');
    assert.ok(rest.every((chunk) => chunk.id === first.id), 'one id for the whole stream');
    const laterRoles = rest.flatMap((chunk) => chunk.choices).filter((choice) => 'role' in choice.delta);
    assert.deepEqual(laterRoles, [], 'only the first chunk carries the role');

    const finish = rest.find((chunk) => chunk.choices[0]?.finish_reason);
    assert.deepEqual(finish.choices[0], { index: 0, delta: {}, logprobs: null, finish_reason: 'stop' });
    const usageChunk = rest.at(-1);
    assert.deepEqual(usageChunk.choices, []);
    assert.equal(usageChunk.usage.total_tokens, usageChunk.usage.prompt_tokens + usageChunk.usage.completion_tokens);

    const content = contentOf(chunks);
    assert.match(content, /^# Hearth mock reply/);
    assert.ok(content.includes('**bold**'));
    assert.ok(content.includes("<script>window.__hearthXss = 'script'</script>"));
    assert.ok(content.includes(`<img src="x" onerror="window.__hearthXss = 'img'">`));
    assert.ok(content.includes('```rust\n'));
  });

  test('leaves the usage chunk out unless stream_options.include_usage is set', async () => {
    const res = await chat(mock, { model: 'markdown', stream: true, messages: [] });
    const chunks = parseSse(await res.text()).slice(0, -1);
    assert.ok(chunks.every((chunk) => chunk.choices.length === 1 && !('usage' in chunk)));
  });

  test('answers a non-streaming request with one chat.completion', async () => {
    const res = await chat(mock, { model: 'markdown', messages: [] });
    const completion = await res.json();
    assert.equal(completion.object, 'chat.completion');
    assert.equal(completion.choices[0].finish_reason, 'stop');
    assert.match(completion.choices[0].message.content, /^# Hearth mock reply[\s\S]*That is all\.$/);
  });

  test('falls back to echo, quoting the last user message, for unknown or unsafe models', async () => {
    for (const model of ['gpt-4o', '../slow', 'slow/../../x']) {
      const res = await chat(mock, {
        model,
        stream: true,
        messages: [
          { role: 'user', content: 'first question' },
          { role: 'assistant', content: 'an answer' },
          { role: 'user', content: [{ type: 'text', text: 'two\nlines' }] },
        ],
      });
      const content = contentOf(parseSse(await res.text()));
      assert.match(content, /^You said:\n\n> two\n> lines\n\n/, model);
      assert.ok(content.includes(`model \`${model}\``));
    }
  });

  test('sends a 401 with OpenAI’s error body and the CORS headers', async () => {
    const res = await chat(mock, { model: 'unauthorized', stream: true, messages: [] });
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('content-type'), 'application/json');
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.match(res.headers.get('access-control-expose-headers'), /retry-after/);
    const { error } = await res.json();
    assert.equal(error.code, 'invalid_api_key');
    assert.match(error.message, /^Incorrect API key provided/);
  });

  test('sends a 500 for server-error and an OpenAI-style 404 for unknown routes', async () => {
    const failed = await chat(mock, { model: 'server-error', stream: true, messages: [] });
    assert.equal(failed.status, 500);
    assert.equal((await failed.json()).error.type, 'server_error');

    const missing = await fetch(`${mock.url}/v1/moderations`, { method: 'POST', body: '{}' });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await missing.json(), {
      error: { message: 'Invalid URL (POST /v1/moderations)', type: 'invalid_request_error', param: null, code: null },
    });
  });

  test('lists every scenario on /v1/models', async () => {
    const res = await fetch(`${mock.url}/v1/models`);
    const list = await res.json();
    assert.equal(list.object, 'list');
    const ids = list.data.map((model) => model.id);
    for (const id of ['echo', 'markdown', 'server-error', 'slow', 'unauthorized']) {
      assert.ok(ids.includes(id), id);
    }
    assert.deepEqual(list.data[0], { id: ids[0], object: 'model', created: 0, owned_by: 'hearth-mock' });
  });

  test('logs /v1 requests for tests to inspect, until reset', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const body = { model: 'markdown', stream: true, messages: [{ role: 'user', content: 'hi' }] };
    await (await chat(mock, body)).text();

    const log = await (await fetch(`${mock.url}/__mock/requests`)).json();
    assert.equal(log.length, 1);
    assert.equal(log[0].method, 'POST');
    assert.equal(log[0].path, '/v1/chat/completions');
    assert.equal(log[0].headers.authorization, 'Bearer sk-test');
    assert.deepEqual(log[0].body, body);
    assert.equal(log[0].aborted, false);
    assert.equal(log[0].target, '/v1/chat/completions');

    const reset = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    assert.equal(reset.status, 204);
    assert.deepEqual(await (await fetch(`${mock.url}/__mock/requests`)).json(), []);
  });

  test('logs the request target byte for byte, query included, and plays Azure deployment URLs', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const body = { model: 'markdown', stream: false, messages: [{ role: 'user', content: 'hi' }] };
    const target = '/openai/deployments/markdown/chat/completions?api-version=2024-10-21&sig=a%2Fb';
    const response = await fetch(`${mock.url}${target}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': 'azure-key' },
      body: JSON.stringify(body),
    });
    assert.equal(response.status, 200);
    assert.equal((await response.json()).object, 'chat.completion');
    const [logged] = await (await fetch(`${mock.url}/__mock/requests`)).json();
    assert.equal(logged.path, '/openai/deployments/markdown/chat/completions');
    assert.equal(logged.target, target);
    assert.equal(logged.headers['api-key'], 'azure-key');
  });

  test('survives a client aborting a slow stream, and logs the abort', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const controller = new AbortController();
    const res = await chat(mock, { model: 'slow', stream: true, messages: [] }, { signal: controller.signal });
    const reader = res.body.getReader();
    const { value } = await reader.read();
    assert.match(new TextDecoder().decode(value), /^data: \{/);
    controller.abort();
    await assert.rejects(reader.read(), { name: 'AbortError' });

    await waitFor(() => mock.requests[0]?.aborted === true);
    const res2 = await chat(mock, { model: 'markdown', stream: true, messages: [] });
    assert.equal(parseSse(await res2.text()).at(-1), '[DONE]');
  });
});

describe('mock LLM server dialects (OpenAI, Anthropic, Gemini)', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  async function resetLog() {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
  }

  test('OpenAI: thinking streams reasoning_content chunks, then content, finish, usage, [DONE]', async () => {
    const res = await streamFrom(mock, 'openai', 'thinking');
    const chunks = parseSse(await res.text());
    assert.equal(chunks.at(-1), '[DONE]');
    const deltas = chunks.slice(0, 6).map((chunk) => chunk.choices[0].delta);
    assert.deepEqual(deltas.slice(0, 3), [
      { role: 'assistant', content: null, reasoning_content: 'Let me think… ' },
      { content: null, reasoning_content: 'The user wants a short answer, ' },
      { content: null, reasoning_content: 'so a heading and a list will do.' },
    ]);
    assert.deepEqual(
      deltas.slice(3).map((delta) => Object.keys(delta)),
      [['content'], ['content'], ['content']],
    );
    assert.match(contentOf(chunks), /^## The answer\n\nIt is \*\*42\*\*/);
    assert.equal(chunks[6].choices[0].finish_reason, 'stop');
    assert.deepEqual(chunks[7].usage, {
      prompt_tokens: 14,
      completion_tokens: 38,
      total_tokens: 52,
      completion_tokens_details: { reasoning_tokens: 19 },
    });
    assert.equal(chunks.length, 9);
  });

  test('Anthropic: thinking is a thinking block with a signature, then a text block', async () => {
    const res = await streamFrom(mock, 'anthropic', 'thinking');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);
    const frames = parseFrames(await res.text());
    const delta = 'content_block_delta';
    assert.deepEqual(
      frames.map((frame) => frame.event),
      [
        'message_start',
        'content_block_start',
        'ping',
        ...[delta, delta, delta], // thinking
        delta, // signature
        'content_block_stop',
        'content_block_start',
        ...[delta, delta, delta], // text
        'content_block_stop',
        'message_delta',
        'message_stop',
      ],
    );
    for (const frame of frames) assert.equal(frame.data.type, frame.event, 'data.type repeats the event name');
    const data = frames.map((frame) => frame.data);

    const { message } = data[0];
    assert.match(message.id, /^msg_/);
    assert.deepEqual(
      { ...message, id: 'x' },
      {
        id: 'x',
        type: 'message',
        role: 'assistant',
        model: 'thinking',
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 14, output_tokens: 1 },
      },
    );
    assert.deepEqual(data[1], { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } });
    assert.deepEqual(data[2], { type: 'ping' });
    assert.deepEqual(
      data.slice(3, 6).map((frame) => [frame.index, frame.delta.type]),
      [[0, 'thinking_delta'], [0, 'thinking_delta'], [0, 'thinking_delta']],
    );
    const thinking = data.slice(3, 6).map((frame) => frame.delta.thinking).join('');
    assert.equal(thinking, 'Let me think… The user wants a short answer, so a heading and a list will do.');
    const { delta: signature } = data[6];
    assert.equal(signature.type, 'signature_delta');
    assert.match(signature.signature, /^[A-Za-z0-9+/]{20,}={0,2}$/);
    assert.deepEqual(data[7], { type: 'content_block_stop', index: 0 });
    assert.deepEqual(data[8], { type: 'content_block_start', index: 1, content_block: { type: 'text', text: '' } });
    assert.ok(data.slice(9, 12).every((frame) => frame.index === 1 && frame.delta.type === 'text_delta'));
    assert.match(replyText('anthropic', frames), /^## The answer\n\nIt is \*\*42\*\*/);
    assert.deepEqual(data[12], { type: 'content_block_stop', index: 1 });
    assert.deepEqual(data[13], {
      type: 'message_delta',
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 38 },
    });
    assert.deepEqual(data[14], { type: 'message_stop' });

    const again = parseFrames(await (await streamFrom(mock, 'anthropic', 'thinking')).text());
    assert.equal(again[6].data.delta.signature, signature.signature, 'the same reasoning, the same signature');
  });

  test('Gemini: thinking is thought parts, then text whose last part carries the thoughtSignature', async () => {
    const res = await streamFrom(mock, 'gemini', 'thinking');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type'), /^text\/event-stream/);
    const frames = parseFrames(await res.text(), '\r\n');
    assert.ok(frames.every((frame) => Object.keys(frame).join() === 'data'), 'only data lines, no [DONE]');
    const chunks = frames.map((frame) => frame.data);
    assert.equal(chunks.length, 7);
    const { responseId } = chunks[0];
    for (const chunk of chunks) {
      assert.equal(chunk.modelVersion, 'thinking');
      assert.equal(chunk.responseId, responseId);
      assert.equal(chunk.candidates.length, 1);
      assert.equal(chunk.candidates[0].index, 0);
      assert.equal(chunk.candidates[0].content.role, 'model');
    }
    const parts = chunks.map((chunk) => chunk.candidates[0].content.parts);
    assert.ok(parts.every((list) => list.length === 1));
    assert.deepEqual(parts.slice(0, 3).flat(), [
      { text: 'Let me think… ', thought: true },
      { text: 'The user wants a short answer, ', thought: true },
      { text: 'so a heading and a list will do.', thought: true },
    ]);
    assert.deepEqual(parts[3][0], { text: '## The answer\n\n' });
    assert.deepEqual(parts[4][0], { text: 'It is **42**, because:\n\n' });
    assert.deepEqual(Object.keys(parts[5][0]), ['text', 'thoughtSignature']);
    assert.match(parts[5][0].thoughtSignature, /^[A-Za-z0-9+/]{20,}={0,2}$/);
    const last = chunks[6];
    assert.deepEqual(last.candidates[0], {
      content: { parts: [{ text: '' }], role: 'model' },
      finishReason: 'STOP',
      index: 0,
    });
    assert.deepEqual(last.usageMetadata, {
      promptTokenCount: 14,
      candidatesTokenCount: 19,
      totalTokenCount: 52,
      thoughtsTokenCount: 19,
    });
    assert.ok(chunks.slice(0, 6).every((chunk) => !('usageMetadata' in chunk) && !chunk.candidates[0].finishReason));
  });

  // For each error scenario and family: status, then [type (Gemini: status), message].
  const FAILURES = {
    unauthorized: {
      openai: [401, 'invalid_request_error', /^Incorrect API key provided/, 'invalid_api_key'],
      anthropic: [401, 'authentication_error', 'invalid x-api-key'],
      gemini: [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'],
    },
    'rate-limited': {
      openai: [429, 'requests', /^Rate limit reached/, 'rate_limit_exceeded'],
      anthropic: [429, 'rate_limit_error', /^This request would exceed the rate limit/],
      gemini: [429, 'RESOURCE_EXHAUSTED', /^You exceeded your current quota/],
    },
    'server-error': {
      openai: [500, 'server_error', /^The server had an error/, null],
      anthropic: [500, 'api_error', 'Internal server error'],
      gemini: [500, 'INTERNAL', /^An internal error has occurred/],
    },
    overloaded: {
      openai: [503, 'server_error', /overloaded/, 'overloaded'],
      anthropic: [529, 'overloaded_error', 'Overloaded'],
      gemini: [503, 'UNAVAILABLE', /overloaded/],
    },
    'context-too-long': {
      openai: [400, 'invalid_request_error', /maximum context length is 128000 tokens/, 'context_length_exceeded'],
      anthropic: [400, 'invalid_request_error', 'prompt is too long: 250000 tokens > 200000 maximum'],
      gemini: [
        400,
        'INVALID_ARGUMENT',
        'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      ],
    },
  };

  for (const [model, families] of Object.entries(FAILURES)) {
    test(`${model}: each family gets its own status and error body`, async () => {
      for (const family of FAMILIES) {
        const [status, type, message, code] = families[family];
        const res = await streamFrom(mock, family, model);
        const where = `${model} in ${family}`;
        assert.equal(res.status, status, where);
        assert.equal(res.headers.get('content-type'), 'application/json', where);
        assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN, where);
        assert.match(res.headers.get('access-control-expose-headers'), /\bretry-after\b/, where);
        assert.equal(res.headers.get('retry-after'), model === 'rate-limited' ? '7' : null, where);
        const body = await res.json();
        let error;
        if (family === 'openai') {
          error = body.error;
          assert.deepEqual(Object.keys(error).sort(), ['code', 'message', 'param', 'type'], where);
          assert.equal(error.code, code, where);
        } else if (family === 'anthropic') {
          assert.deepEqual(Object.keys(body), ['type', 'error', 'request_id'], where);
          assert.equal(body.type, 'error', where);
          assert.match(body.request_id, /^req_/, where);
          error = body.error;
        } else {
          assert.equal(body.error.code, status, where);
          error = { type: body.error.status, message: body.error.message };
        }
        assert.equal(error.type, type, where);
        if (message instanceof RegExp) assert.match(error.message, message, where);
        else assert.equal(error.message, message, where);
      }
    });
  }

  test('a generated Anthropic error body names the request id sent in x-request-id', async () => {
    const res = await streamFrom(mock, 'anthropic', 'server-error');
    assert.equal((await res.json()).request_id, res.headers.get('x-request-id'));
  });

  test('Gemini’s wrong-key body is Google’s real one, details included', async () => {
    const { error } = await (await streamFrom(mock, 'gemini', 'unauthorized')).json();
    assert.equal(error.details[0].reason, 'API_KEY_INVALID');
  });

  test('Anthropic answers 401 authentication_error without an x-api-key', async () => {
    for (const key of [undefined, '']) {
      const headers = { 'anthropic-version': '2023-06-01', 'content-type': 'application/json' };
      if (key !== undefined) headers['x-api-key'] = key;
      const body = JSON.stringify({ model: 'echo', stream: true, messages: [] });
      const res = await fetch(`${mock.url}/v1/messages`, { method: 'POST', headers, body });
      assert.equal(res.status, 401);
      const answer = await res.json();
      assert.equal(answer.type, 'error');
      assert.deepEqual(answer.error, { type: 'authentication_error', message: 'x-api-key header is required' });
    }
  });

  test('drop: the body read rejects after the first text, and the log does not call it a client abort', async () => {
    for (const family of FAMILIES) {
      await resetLog();
      const res = await streamFrom(mock, family, 'drop');
      assert.equal(res.status, 200);
      const { text, error } = await readAll(res);
      assert.ok(error, `${family}: the read fails`);
      assert.equal(error.name, 'TypeError', family);
      assert.ok(text.includes('be cut off by a network'), `${family}: the text before the drop arrives`);
      // The server closed the socket before the client could see it fail, so the log is final.
      await sleep(20);
      assert.equal(mock.requests.length, 1);
      assert.equal(mock.requests[0].aborted, false, family);
    }
  });

  test('stall: no bytes after the text, until the client gives up; the server notices', async () => {
    for (const family of FAMILIES) {
      await resetLog();
      const controller = new AbortController();
      const res = await streamFrom(mock, family, 'stall', { signal: controller.signal });
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let text = '';
      while (!text.includes('and then goes quiet')) {
        text += decoder.decode((await reader.read()).value, { stream: true });
      }
      const pending = reader.read();
      const first = await Promise.race([pending.then(() => 'bytes'), sleep(300).then(() => 'silence')]);
      assert.equal(first, 'silence', `${family}: nothing more arrives`);
      assert.equal(mock.requests[0].aborted, false, `${family}: still open`);
      controller.abort();
      await assert.rejects(pending, { name: 'AbortError' });
      await waitFor(() => mock.requests[0].aborted === true);
    }
  });

  test('invalid-json: one broken data frame in the middle, and the stream goes on to a clean end', async () => {
    const broken = {
      openai: '{"choices":[{"delta":{"content":"oops"',
      anthropic: '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"oops"',
      gemini: '{"candidates": [{"content": {"parts": [{"text": "oops"',
    };
    for (const family of FAMILIES) {
      const res = await streamFrom(mock, family, 'invalid-json');
      const frames = parseFrames(await res.text(), family === 'gemini' ? '\r\n' : '\n');
      const raw = frames.filter((frame) => typeof frame.data === 'string' && frame.data !== '[DONE]');
      assert.deepEqual(
        raw.map((frame) => frame.data),
        [broken[family]],
        family,
      );
      const index = frames.indexOf(raw[0]);
      assert.equal(replyText(family, frames.slice(0, index)), 'Before the broken frame. ', family);
      assert.equal(replyText(family, frames.slice(index + 1)), 'After the broken frame.', family);
      const last = frames.at(-1).data;
      const ending = { openai: '[DONE]', anthropic: 'message_stop', gemini: 'STOP' }[family];
      assert.equal(last?.type ?? last?.candidates?.[0].finishReason ?? last, ending, family);
    }
  });

  test('crlf: every line ends in CRLF, with keep-alives between the text chunks', async () => {
    const keepalives = {
      openai: (frame) => frame.comment === 'keep-alive',
      anthropic: (frame) => frame.event === 'ping',
      gemini: (frame) => frame.comment === 'keep-alive',
    };
    for (const family of FAMILIES) {
      const text = await (await streamFrom(mock, family, 'crlf')).text();
      assert.doesNotMatch(text, /[^\r]\n/, `${family}: no bare LF`);
      const frames = parseFrames(text, '\r\n');
      assert.equal(replyText(family, frames), 'Lines end in CR LF here.', family);
      // Anthropic also sends its usual ping after the first block opens.
      assert.equal(frames.filter(keepalives[family]).length, family === 'anthropic' ? 4 : 3, family);
    }
  });

  test('in-stream-error: text, then each family’s in-band overloaded error', async () => {
    const expected = {
      openai: { error: { message: 'Overloaded', type: 'server_error', code: 'overloaded' } },
      anthropic: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
      gemini: { error: { code: 503, message: 'Overloaded', status: 'UNAVAILABLE' } },
    };
    for (const family of FAMILIES) {
      const res = await streamFrom(mock, family, 'in-stream-error');
      assert.equal(res.status, 200);
      const frames = parseFrames(await res.text(), family === 'gemini' ? '\r\n' : '\n');
      assert.equal(replyText(family, frames), 'Once upon a time', family);
      assert.deepEqual(frames.at(-1).data, expected[family], family);
      if (family === 'anthropic') assert.equal(frames.at(-1).event, 'error');
    }
  });

  test('content-filter and no-finish end the way each family ends them', async () => {
    const openai = parseSse(await (await streamFrom(mock, 'openai', 'content-filter')).text());
    assert.equal(openai.at(-3).choices[0].finish_reason, 'content_filter');
    const anthropicFrames = parseFrames(await (await streamFrom(mock, 'anthropic', 'content-filter')).text());
    assert.equal(anthropicFrames.at(-2).data.delta.stop_reason, 'refusal');
    const geminiFrames = parseFrames(await (await streamFrom(mock, 'gemini', 'content-filter')).text(), '\r\n');
    assert.deepEqual(geminiFrames.at(-1).data.candidates[0], { finishReason: 'SAFETY', index: 0 });

    for (const family of FAMILIES) {
      const frames = parseFrames(await (await streamFrom(mock, family, 'no-finish')).text(), family === 'gemini' ? '\r\n' : '\n');
      assert.equal(replyText(family, frames), 'This reply just stops', family);
      const text = JSON.stringify(frames);
      assert.doesNotMatch(text, /\[DONE\]|message_stop|message_delta|finish_reason":"|finishReason/, family);
    }
  });

  test('model lists: OpenAI by default, Anthropic with anthropic-version, Gemini on /v1beta/models', async () => {
    const ids = (await (await fetch(`${mock.url}/v1/models`)).json()).data.map((model) => model.id);
    for (const id of ['thinking', 'drop', 'stall', 'rate-limited', 'overloaded', 'context-too-long']) {
      assert.ok(ids.includes(id), id);
    }

    const headers = { 'anthropic-version': '2023-06-01', 'x-api-key': 'sk-ant-test' };
    const list = await (await fetch(`${mock.url}/v1/models`, { headers })).json();
    assert.deepEqual(Object.keys(list), ['data', 'has_more', 'first_id', 'last_id']);
    assert.equal(list.has_more, false);
    assert.deepEqual(
      list.data.map((model) => model.id),
      ids,
    );
    assert.equal(list.first_id, ids[0]);
    assert.equal(list.last_id, ids.at(-1));
    const [first] = list.data;
    assert.deepEqual(Object.keys(first), ['type', 'id', 'display_name', 'created_at']);
    assert.equal(first.type, 'model');
    assert.ok(!Number.isNaN(Date.parse(first.created_at)));
    const noKey = await fetch(`${mock.url}/v1/models`, { headers: { 'anthropic-version': '2023-06-01' } });
    assert.equal(noKey.status, 401);
    assert.equal((await noKey.json()).error.type, 'authentication_error');

    const { models } = await (await fetch(`${mock.url}/v1beta/models`)).json();
    assert.deepEqual(
      models.map((model) => model.name),
      ids.map((id) => `models/${id}`),
    );
    assert.deepEqual(models[0], {
      name: `models/${ids[0]}`,
      displayName: ids[0],
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    });
  });

  test('the preflight allows the Anthropic and Gemini headers, and Private Network Access', async () => {
    const requested = 'anthropic-dangerous-direct-browser-access,anthropic-version,content-type,x-api-key';
    for (const [route, headers] of [
      ['/v1/messages', requested],
      ['/v1beta/models/echo:streamGenerateContent?alt=sse', 'content-type,x-goog-api-key'],
    ]) {
      const res = await fetch(`${mock.url}${route}`, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://hearth.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': headers,
          'access-control-request-private-network': 'true',
        },
      });
      assert.equal(res.status, 204);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://hearth.example');
      assert.equal(res.headers.get('access-control-allow-headers'), headers);
      assert.equal(res.headers.get('access-control-allow-private-network'), 'true');
    }
  });

  test('the log holds Anthropic and Gemini requests with their headers and bodies', async () => {
    await resetLog();
    const first = parseFrames(await (await streamFrom(mock, 'anthropic', 'thinking')).text());
    const thinking = first
      .filter((frame) => frame.data.delta?.type === 'thinking_delta')
      .map((frame) => frame.data.delta.thinking)
      .join('');
    const signature = first.find((frame) => frame.data.delta?.type === 'signature_delta').data.delta.signature;
    // The follow-up an app must send: the previous reply's thinking block, signature and all.
    const followUp = {
      model: 'echo',
      stream: true,
      messages: [
        { role: 'user', content: 'Hello' },
        {
          role: 'assistant',
          content: [
            { type: 'thinking', thinking, signature },
            { type: 'text', text: 'It is 42.' },
          ],
        },
        { role: 'user', content: [{ type: 'text', text: 'Why?' }] },
      ],
    };
    const echoed = parseFrames(await (await anthropic(mock, followUp)).text());
    assert.match(replyText('anthropic', echoed), /^You said:\n\n> Why\?\n\n.*model `echo`/s);
    await (await gemini(mock, 'echo', { contents: [{ role: 'user', parts: [{ text: 'Gemini here' }] }] })).text();

    const log = await (await fetch(`${mock.url}/__mock/requests`)).json();
    assert.deepEqual(
      log.map((entry) => [entry.method, entry.path, entry.aborted]),
      [
        ['POST', '/v1/messages', false],
        ['POST', '/v1/messages', false],
        ['POST', '/v1beta/models/echo:streamGenerateContent', false],
      ],
    );
    const [, anthropicEntry, geminiEntry] = log;
    assert.equal(anthropicEntry.headers['x-api-key'], 'sk-ant-test');
    assert.equal(anthropicEntry.headers['anthropic-version'], '2023-06-01');
    assert.equal(anthropicEntry.headers['anthropic-dangerous-direct-browser-access'], 'true');
    assert.deepEqual(anthropicEntry.body.messages[1].content[0], { type: 'thinking', thinking, signature });
    assert.equal(geminiEntry.headers['x-goog-api-key'], 'AIza-test');
    assert.deepEqual(geminiEntry.body.contents, [{ role: 'user', parts: [{ text: 'Gemini here' }] }]);
  });

  test('Gemini fills templates from contents and the model in the path', async () => {
    const res = await gemini(mock, 'gemini-2.5-flash', {
      contents: [
        { role: 'user', parts: [{ text: 'first' }] },
        { role: 'model', parts: [{ text: 'thinking…', thought: true }, { text: 'an answer' }] },
        { role: 'user', parts: [{ text: 'two' }, { text: 'parts' }] },
      ],
    });
    const text = replyText('gemini', parseFrames(await res.text(), '\r\n'));
    assert.match(text, /^You said:\n\n> two\n> parts\n\n/);
    assert.ok(text.includes('model `gemini-2.5-flash`'));
  });

  test('non-streaming requests get one Message or one GenerateContentResponse', async () => {
    const message = await (await anthropic(mock, { model: 'thinking', messages: [] })).json();
    assert.equal(message.type, 'message');
    assert.deepEqual(
      message.content.map((block) => block.type),
      ['thinking', 'text'],
    );
    assert.ok(message.content[0].signature);
    assert.equal(message.stop_reason, 'end_turn');

    const res = await fetch(`${mock.url}/v1beta/models/thinking:generateContent`, {
      method: 'POST',
      headers: { 'x-goog-api-key': 'AIza-test', 'content-type': 'application/json' },
      body: '{"contents":[]}',
    });
    const response = await res.json();
    const { parts } = response.candidates[0].content;
    assert.deepEqual(
      parts.map((part) => Boolean(part.thought)),
      [true, false],
    );
    assert.ok(parts[1].thoughtSignature);
    assert.equal(response.candidates[0].finishReason, 'STOP');
  });

  test('Gemini without alt=sse and unknown /v1beta routes answer in Google’s error shape', async () => {
    const noSse = await fetch(`${mock.url}/v1beta/models/echo:streamGenerateContent`, { method: 'POST', body: '{}' });
    assert.equal(noSse.status, 400);
    assert.equal((await noSse.json()).error.status, 'INVALID_ARGUMENT');
    const missing = await fetch(`${mock.url}/v1beta/files`);
    assert.equal(missing.status, 404);
    assert.deepEqual(await missing.json(), {
      error: { code: 404, message: 'Invalid URL (GET /v1beta/files)', status: 'NOT_FOUND' },
    });
  });
});

describe('mock LLM server scenario files', () => {
  let dir;
  let mock;
  before(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'hearth-scenarios-'));
    mock = await startMockServer({ scenariosDir: dir });
  });
  after(async () => {
    await mock.close();
    await rm(dir, { recursive: true });
  });

  async function scenario(name, value) {
    await writeFile(path.join(dir, `${name}.json`), JSON.stringify(value));
  }

  test('text_stream never splits a character and ends with finish, usage and [DONE]', async () => {
    await scenario('emoji', { text_stream: { text: 'a🔥b☕', chunk_chars: 1 } });
    const res = await chat(mock, {
      model: 'emoji',
      stream: true,
      stream_options: { include_usage: true },
      messages: [],
    });
    const chunks = parseSse(await res.text());
    const deltas = chunks.slice(0, 4).map((chunk) => chunk.choices[0].delta.content);
    assert.deepEqual(deltas, ['a', '🔥', 'b', '☕']);
    assert.equal(chunks[4].choices[0].finish_reason, 'stop');
    assert.ok(chunks[5].usage);
    assert.equal(chunks[6], '[DONE]');
  });

  test('raw frames are written verbatim and extra headers are sent', async () => {
    await scenario('raw', {
      headers: { 'x-mock': 'yes' },
      stream: [{ raw: ': keep-alive\n\n' }, { delta: 'hi' }, { done: true }],
    });
    const res = await chat(mock, { model: 'raw', stream: true, messages: [] });
    assert.equal(res.headers.get('x-mock'), 'yes');
    assert.match(await res.text(), /^: keep-alive\n\ndata: \{.*"hi".*\}\n\ndata: \[DONE\]\n\n$/);
  });

  test('"when" plays another scenario for a request that contains its text, else the scenario', async () => {
    await scenario('picky', {
      stream: [{ delta: 'plain' }, { finish: 'stop' }],
      when: [
        { prompt_contains: 'Summarise "this"', play: { stream: [{ delta: 'a summary' }, { finish: 'stop' }] } },
        { prompt_contains: '<conversation-summary>', play: { status: 400, error: { kind: 'context_length' } } },
      ],
    });
    const ask = (content) => chat(mock, { model: 'picky', stream: false, messages: [{ role: 'user', content }] });
    assert.equal((await (await ask('Hello')).json()).choices[0].message.content, 'plain');
    const summary = await ask('Please Summarise "this"\nnow');
    assert.equal((await summary.json()).choices[0].message.content, 'a summary', 'the first match wins, matched JSON-escaped');
    const refused = await ask('<conversation-summary>x</conversation-summary>');
    assert.equal(refused.status, 400);
    assert.equal((await refused.json()).error.code, 'context_length_exceeded');
    await scenario('bad-when', { stream: [{ delta: 'a' }], when: [{ prompt_contains: '', play: {} }] });
    const bad = await chat(mock, { model: 'bad-when', stream: true, messages: [] });
    assert.equal(bad.status, 500);
    assert.match((await bad.json()).error.message, /"when" must be/);
  });

  test('a malformed scenario is reported as a 500 naming the problem', async () => {
    await scenario('broken', { stream: [{ delta: 'a', done: true }] });
    const res = await chat(mock, { model: 'broken', stream: true, messages: [] });
    assert.equal(res.status, 500);
    const { error } = await res.json();
    assert.equal(error.type, 'mock_scenario_error');
    assert.match(error.message, /exactly one of/);
  });

  test('text_stream streams an optional reasoning before the text, in every dialect', async () => {
    await scenario('reasoner', { text_stream: { reasoning: 'hm', text: 'ok', chunk_chars: 1 } });
    const anthropicFrames = parseFrames(await (await streamFrom(mock, 'anthropic', 'reasoner')).text());
    const { signature } = anthropicFrames.find((frame) => frame.data.delta?.type === 'signature_delta').data.delta;
    assert.deepEqual(
      anthropicFrames.filter((frame) => frame.data.delta).map((frame) => Object.values(frame.data.delta)),
      [
        ['thinking_delta', 'h'],
        ['thinking_delta', 'm'],
        ['signature_delta', signature],
        ['text_delta', 'o'],
        ['text_delta', 'k'],
        ['end_turn', null],
      ],
    );
    const openai = parseSse(await (await streamFrom(mock, 'openai', 'reasoner')).text());
    assert.deepEqual(
      openai.slice(0, 4).map((chunk) => chunk.choices[0].delta.reasoning_content ?? chunk.choices[0].delta.content),
      ['h', 'm', 'o', 'k'],
    );
    assert.deepEqual(openai[5].usage.completion_tokens_details, { reasoning_tokens: 1 });
  });

  test('an explicit signature frame signs the reasoning in Anthropic and Gemini', async () => {
    await scenario('signed', {
      stream: [{ reasoning: 'why' }, { signature: 'sig-1' }, { delta: 'because' }, { finish: 'stop' }, { done: true }],
    });
    const anthropicFrames = parseFrames(await (await streamFrom(mock, 'anthropic', 'signed')).text());
    const signatures = anthropicFrames.filter((frame) => frame.data.delta?.type === 'signature_delta');
    assert.deepEqual(
      signatures.map((frame) => frame.data.delta.signature),
      ['sig-1'],
    );
    const geminiFrames = parseFrames(await (await streamFrom(mock, 'gemini', 'signed')).text(), '\r\n');
    assert.deepEqual(geminiFrames[1].data.candidates[0].content.parts, [{ text: 'because', thoughtSignature: 'sig-1' }]);
    const openai = parseSse(await (await streamFrom(mock, 'openai', 'signed')).text());
    assert.ok(!JSON.stringify(openai).includes('sig-1'), 'OpenAI has no signatures');
  });

  test('a scenario error is reported in the caller’s dialect', async () => {
    await scenario('bad-error', { stream: [{ error: { kind: 'nope' } }] });
    const res = await streamFrom(mock, 'anthropic', 'bad-error');
    assert.equal(res.status, 500);
    const body = await res.json();
    assert.equal(body.type, 'error');
    assert.equal(body.error.type, 'mock_scenario_error');
    assert.match(body.error.message, /exactly one of/);

    await scenario('bad-ending', { line_ending: 'cr', stream: [{ done: true }] });
    const gemini500 = await streamFrom(mock, 'gemini', 'bad-ending');
    assert.equal(gemini500.status, 500);
    assert.match((await gemini500.json()).error.message, /line_ending/);
  });

  test('a non-2xx scenario takes bodies per family, then body, then its neutral error', async () => {
    await scenario('teapot', {
      status: 418,
      error: { kind: 'server', message: 'short and stout' },
      bodies: { anthropic: { custom: true } },
    });
    const answers = {};
    for (const family of FAMILIES) {
      const res = await streamFrom(mock, family, 'teapot');
      assert.equal(res.status, 418, family);
      answers[family] = await res.json();
    }
    assert.deepEqual(answers.anthropic, { custom: true });
    assert.equal(answers.openai.error.message, 'short and stout');
    assert.deepEqual(answers.gemini, { error: { code: 418, message: 'short and stout', status: 'INTERNAL' } });
  });

  test('without echo.json an unknown model is a clear 500', async () => {
    const res = await chat(mock, { model: 'nothing-here', stream: true, messages: [] });
    assert.equal(res.status, 500);
    assert.match((await res.json()).error.message, /no scenario "nothing-here"/);
  });
});

// ---------------------------------------------------------------------------
// Tool calling: tool_call frames per dialect, rounds chosen from the conversation, templates

/** Each family's real request shape (as Hearth sends it) for conversations with tool rounds. */
const TOOL_SHAPES = {
  openai: {
    start: () => [{ role: 'system', content: 'You are Hearth.' }],
    user: (text) => ({ role: 'user', content: text }),
    answer: (text) => ({ role: 'assistant', content: text }),
    // An assistant message with tool_calls, then one `tool` message per result.
    round(calls, results) {
      const toolCalls = calls.map(({ id, name, input }) => ({
        id,
        type: 'function',
        function: { name, arguments: JSON.stringify(input) },
      }));
      const tools = results.map(({ content }, index) => ({ role: 'tool', tool_call_id: calls[index].id, content }));
      return [{ role: 'assistant', content: 'Let me check.', tool_calls: toolCalls }, ...tools];
    },
    wrap: (messages) => ({ messages }),
  },
  anthropic: {
    start: () => [],
    user: (text) => ({ role: 'user', content: [{ type: 'text', text }] }),
    answer: (text) => ({ role: 'assistant', content: [{ type: 'text', text }] }),
    // Text and tool_use blocks, then a user message of tool_result blocks.
    round(calls, results) {
      const uses = calls.map((call) => ({ type: 'tool_use', ...call }));
      const toolResults = results.map(({ content, error }, index) => ({
        type: 'tool_result',
        tool_use_id: calls[index].id,
        content,
        ...(error ? { is_error: true } : {}),
      }));
      return [
        { role: 'assistant', content: [{ type: 'text', text: 'Let me check.' }, ...uses] },
        { role: 'user', content: toolResults },
      ];
    },
    wrap: (messages) => ({ messages }),
  },
  gemini: {
    start: () => [],
    user: (text) => ({ role: 'user', parts: [{ text }] }),
    answer: (text) => ({ role: 'model', parts: [{ text }] }),
    // functionCall parts, then a user content of functionResponse parts.
    round(calls, results) {
      const responses = results.map(({ content, error }, index) => ({
        functionResponse: {
          name: calls[index].name,
          id: calls[index].id,
          response: error ? { error: content } : { result: content },
        },
      }));
      return [
        { role: 'model', parts: calls.map(({ id, name, input }) => ({ functionCall: { name, args: input, id } })) },
        { role: 'user', parts: responses },
      ];
    },
    wrap: (contents) => ({ contents }),
  },
};

/**
 * A request body's conversation in `family`'s shape: a genuine user message "Hello", then per
 * entry of `rounds` one finished tool round (a calculator call per result `{ content, error? }`,
 * then the results). `earlier` puts an already answered exchange with such rounds first.
 */
function toolConversation(family, rounds, { earlier } = {}) {
  const shape = TOOL_SHAPES[family];
  const entries = shape.start();
  const exchange = (prefix, question, list) => {
    entries.push(shape.user(question));
    list.forEach((results, round) => {
      const calls = results.map((result, index) => ({
        id: `${prefix}_${round}_${index}`,
        name: 'calculator',
        input: { expression: '6*7' },
      }));
      entries.push(...shape.round(calls, results));
    });
  };
  if (earlier) {
    exchange('old', 'Earlier', earlier);
    entries.push(shape.answer('Earlier answer'));
  }
  exchange('call', 'Hello', rounds);
  return shape.wrap(entries);
}

/** Asks scenario `model` in `family` with `conversation`, streamed unless `stream` is false. */
function askWith(mock, family, model, conversation, { stream = true } = {}) {
  switch (family) {
    case 'openai':
      const streaming = stream ? { stream, stream_options: { include_usage: true } } : {};
      return chat(mock, { model, ...streaming, ...conversation });
    case 'anthropic':
      return anthropic(mock, { model, ...(stream ? { stream } : {}), ...conversation });
    case 'gemini': {
      const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
      return fetch(`${mock.url}/v1beta/models/${model}:${method}`, {
        method: 'POST',
        headers: { 'x-goog-api-key': 'AIza-test', 'content-type': 'application/json' },
        body: JSON.stringify(conversation),
      });
    }
  }
}

/** A streamed reply's frames in any dialect (Gemini: CRLF). */
async function framesOf(family, res) {
  assert.equal(res.status, 200);
  return parseFrames(await res.text(), family === 'gemini' ? '\r\n' : '\n');
}

/** The frames of scenario `model`'s streamed reply to a conversation after `rounds` tool rounds. */
async function askFrames(mock, family, model, rounds = [], options = {}) {
  return framesOf(family, await askWith(mock, family, model, toolConversation(family, rounds, options)));
}

/** The same, not streamed: the provider's one JSON reply. */
async function askReply(mock, family, model) {
  return (await askWith(mock, family, model, toolConversation(family, []), { stream: false })).json();
}

/**
 * The tool calls of a streamed reply, reassembled as a client would: `[{ id, name, args,
 * pieces }]`, `args` parsed when it is JSON (else the text), `pieces` the argument deltas.
 */
function toolCallsOf(family, frames) {
  const calls = [];
  const data = frames.map((frame) => frame.data).filter((value) => typeof value === 'object');
  if (family === 'openai') {
    for (const chunk of data) {
      for (const delta of chunk.choices?.[0]?.delta?.tool_calls ?? []) {
        if (delta.id) {
          assert.equal(delta.index, calls.length, 'tool call indexes count from 0');
          assert.equal(delta.type, 'function');
          assert.equal(delta.function.arguments, '', 'the first delta carries no arguments');
          calls.push({ id: delta.id, name: delta.function.name, text: '', pieces: 0 });
        } else {
          assert.deepEqual(Object.keys(delta), ['index', 'function']);
          assert.deepEqual(Object.keys(delta.function), ['arguments']);
          calls[delta.index].text += delta.function.arguments;
          calls[delta.index].pieces += 1;
        }
      }
    }
  } else if (family === 'anthropic') {
    const open = new Map();
    for (const event of data) {
      if (event.type === 'content_block_start' && event.content_block.type === 'tool_use') {
        const { id, name, input } = event.content_block;
        assert.deepEqual(input, {}, 'the input arrives as input_json_delta');
        open.set(event.index, calls.push({ id, name, text: '', pieces: 0 }) - 1);
      } else if (event.type === 'content_block_delta' && event.delta.type === 'input_json_delta') {
        const call = calls[open.get(event.index)];
        call.text += event.delta.partial_json;
        call.pieces += 1;
      } else if (event.type === 'content_block_stop') {
        open.delete(event.index);
      }
    }
    assert.equal(open.size, 0, 'every tool_use block is stopped');
  } else {
    for (const chunk of data) {
      const { content } = chunk.candidates?.[0] ?? {};
      for (const part of content?.parts ?? []) {
        if (!part.functionCall) continue;
        assert.equal(content.role, 'model');
        const { id, name, args } = part.functionCall;
        calls.push({ id, name, text: typeof args === 'string' ? args : JSON.stringify(args), pieces: 1 });
      }
    }
  }
  return calls.map(({ text, ...call }) => ({ ...call, args: parseOrRaw(text) }));
}

/** The finish reason a streamed reply ends with, in its provider's words. */
function finishOf(family, frames) {
  const data = frames.map((frame) => frame.data).filter((value) => typeof value === 'object');
  if (family === 'openai') return data.find((chunk) => chunk.choices?.[0]?.finish_reason)?.choices[0].finish_reason;
  if (family === 'anthropic') return data.find((event) => event.type === 'message_delta')?.delta.stop_reason;
  return data.find((chunk) => chunk.candidates?.[0]?.finishReason)?.candidates[0].finishReason;
}

const OK = (content) => ({ content });
const FAILED = (content) => ({ content, error: true });
const TOOL_FINISH = { openai: 'tool_calls', anthropic: 'tool_use', gemini: 'STOP' };
const STOP_FINISH = { openai: 'stop', anthropic: 'end_turn', gemini: 'STOP' };
const withoutPieces = (calls) => calls.map(({ pieces, ...call }) => call);

describe('mock LLM server tool calling', () => {
  let mock; // the real scenario files
  let dir;
  let custom; // scenarios written by the tests
  before(async () => {
    mock = await startMockServer();
    dir = await mkdtemp(path.join(tmpdir(), 'hearth-tool-scenarios-'));
    custom = await startMockServer({ scenariosDir: dir });
  });
  after(async () => {
    await mock.close();
    await custom.close();
    await rm(dir, { recursive: true });
  });

  async function scenario(name, value) {
    await writeFile(path.join(dir, `${name}.json`), JSON.stringify(value));
  }

  const calculator = (id, expression) => ({ tool_call: { id, name: 'calculator', arguments: { expression } } });
  const FIRST_ROUND_CALLS = [
    { id: 'call_time', name: 'current_time', args: {} },
    { id: 'call_calc', name: 'calculator', args: { expression: '6*7' } },
  ];

  test('OpenAI: tool calls are delta.tool_calls, arguments in pieces, finish_reason tool_calls', async () => {
    const frames = await askFrames(mock, 'openai', 'tools-two-rounds');
    const chunks = frames.map((frame) => frame.data);
    assert.equal(chunks.at(-1), '[DONE]');
    const deltas = chunks.filter((chunk) => chunk.choices?.length).map((chunk) => chunk.choices[0].delta);
    assert.deepEqual(deltas[0], { role: 'assistant', content: 'Let me check the time and do the sum.' });
    assert.deepEqual(deltas[1], {
      tool_calls: [{ index: 0, id: 'call_time', type: 'function', function: { name: 'current_time', arguments: '' } }],
    });
    const calls = toolCallsOf('openai', frames);
    assert.deepEqual(withoutPieces(calls), FIRST_ROUND_CALLS);
    assert.ok(calls.every((call) => call.pieces >= 2), 'arguments come in two pieces or more');
    assert.equal(finishOf('openai', frames), 'tool_calls');
    assert.ok(chunks.at(-2).usage, 'usage after the finish');

    // A reply that starts with a tool call opens with the role and content: null.
    const first = await askFrames(mock, 'openai', 'tools-duplicate');
    assert.deepEqual(first[0].data.choices[0].delta, {
      role: 'assistant',
      content: null,
      tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'calculator', arguments: '' } }],
    });
    assert.deepEqual(
      toolCallsOf('openai', first).map((call) => [call.id, call.args.expression]),
      [
        ['call_1', '2+2'],
        ['call_2', '2+2'],
        ['call_3', '3*3'],
      ],
    );
  });

  test('Anthropic: tool calls are tool_use blocks numbered after text or thinking, stop_reason tool_use', async () => {
    const frames = await askFrames(mock, 'anthropic', 'tools-two-rounds');
    const blocks = frames
      .filter((frame) => frame.event === 'content_block_start' || frame.event === 'content_block_stop')
      .map((frame) => [frame.event, frame.data.index, frame.data.content_block?.type]);
    assert.deepEqual(blocks, [
      ['content_block_start', 0, 'text'],
      ['content_block_stop', 0, undefined],
      ['content_block_start', 1, 'tool_use'],
      ['content_block_stop', 1, undefined],
      ['content_block_start', 2, 'tool_use'],
      ['content_block_stop', 2, undefined],
    ]);
    assert.deepEqual(frames.find((frame) => frame.data.index === 1).data, {
      type: 'content_block_start',
      index: 1,
      content_block: { type: 'tool_use', id: 'call_time', name: 'current_time', input: {} },
    });
    const calls = toolCallsOf('anthropic', frames);
    assert.deepEqual(withoutPieces(calls), FIRST_ROUND_CALLS);
    assert.ok(calls.every((call) => call.pieces >= 2), 'partial_json comes in two pieces or more');
    assert.equal(replyText('anthropic', frames), 'Let me check the time and do the sum.');
    assert.equal(finishOf('anthropic', frames), 'tool_use');
    assert.deepEqual(
      frames.slice(-2).map((frame) => frame.event),
      ['message_delta', 'message_stop'],
    );

    // After a thinking block the tool_use block is 1, and text after it opens block 2.
    await scenario('think-then-call', {
      stream: [{ reasoning: 'hm' }, calculator('c', '1'), { delta: 'after' }, { finish: 'stop' }],
    });
    const thought = await askFrames(custom, 'anthropic', 'think-then-call');
    const starts = thought.filter((frame) => frame.event === 'content_block_start');
    assert.deepEqual(
      starts.map((frame) => [frame.data.index, frame.data.content_block.type]),
      [
        [0, 'thinking'],
        [1, 'tool_use'],
        [2, 'text'],
      ],
    );
    const stops = thought.filter((frame) => frame.event === 'content_block_stop').map((frame) => frame.data.index);
    assert.deepEqual(stops, [0, 1, 2]);
  });

  test('Gemini: a tool call is one functionCall part with args and id, and the finish is STOP', async () => {
    const frames = await askFrames(mock, 'gemini', 'tools-two-rounds');
    assert.deepEqual(frames[1].data.candidates[0], {
      content: { parts: [{ functionCall: { name: 'current_time', args: {}, id: 'call_time' } }], role: 'model' },
      index: 0,
    });
    assert.deepEqual(withoutPieces(toolCallsOf('gemini', frames)), FIRST_ROUND_CALLS);
    assert.equal(replyText('gemini', frames.slice(0, 1)), 'Let me check the time and do the sum.');
    assert.equal(finishOf('gemini', frames), 'STOP');

    // With reasoning, Google signs the first function call, not the last part.
    await scenario('think-then-calls', { stream: [{ reasoning: 'hm' }, calculator('a', '1'), calculator('b', '2')] });
    const signed = await askFrames(custom, 'gemini', 'think-then-calls');
    const parts = signed.map((frame) => frame.data.candidates[0].content?.parts[0]);
    assert.deepEqual(
      parts.slice(0, 3).map((part) => Boolean(part.thoughtSignature)),
      [false, true, false],
    );
  });

  test('non-streaming replies carry the tool calls in each provider’s shape', async () => {
    const completion = await askReply(mock, 'openai', 'tools-two-rounds');
    assert.deepEqual(completion.choices[0].message.tool_calls[1], {
      id: 'call_calc',
      type: 'function',
      function: { name: 'calculator', arguments: '{"expression":"6*7"}' },
    });
    assert.equal(completion.choices[0].finish_reason, 'tool_calls');
    const onlyCalls = await askReply(mock, 'openai', 'tools-duplicate');
    assert.equal(onlyCalls.choices[0].message.content, null);

    const message = await askReply(mock, 'anthropic', 'tools-two-rounds');
    assert.deepEqual(message.content, [
      { type: 'text', text: 'Let me check the time and do the sum.' },
      { type: 'tool_use', id: 'call_time', name: 'current_time', input: {} },
      { type: 'tool_use', id: 'call_calc', name: 'calculator', input: { expression: '6*7' } },
    ]);
    assert.equal(message.stop_reason, 'tool_use');

    const response = await askReply(mock, 'gemini', 'tools-two-rounds');
    assert.deepEqual(response.candidates[0].content.parts.slice(1), [
      { functionCall: { name: 'current_time', args: {}, id: 'call_time' } },
      { functionCall: { name: 'calculator', args: { expression: '6*7' }, id: 'call_calc' } },
    ]);
    assert.equal(response.candidates[0].finishReason, 'STOP');
  });

  for (const family of FAMILIES) {
    test(`${family}: the round is the number of assistant turns since the last genuine user message`, async () => {
      const history = [[OK('12:00'), OK('42')], [OK('hello was said twice')]];
      const results = family === 'gemini' ? '{"result":"hello was said twice"}' : 'hello was said twice';
      const expected = [
        ['Let me check the time and do the sum.', ['current_time', 'calculator'], TOOL_FINISH[family]],
        ['Now a search.', ['search_conversations'], TOOL_FINISH[family]],
        [`All done. Results: ${results}`, [], STOP_FINISH[family]],
      ];
      for (const [round, [text, calls, finish]] of expected.entries()) {
        const res = await askWith(mock, family, 'tools-two-rounds', toolConversation(family, history.slice(0, round)));
        assert.equal(res.headers.get('x-mock-round'), String(round));
        const frames = await framesOf(family, res);
        assert.equal(replyText(family, frames), text, `round ${round}`);
        assert.deepEqual(
          toolCallsOf(family, frames).map((call) => call.name),
          calls,
        );
        assert.equal(finishOf(family, frames), finish);
      }
      // A new user message after an answered tool exchange starts again at round 0.
      const again = toolConversation(family, [], { earlier: history });
      const res = await askWith(mock, family, 'tools-two-rounds', again);
      assert.equal(res.headers.get('x-mock-round'), '0');
      assert.equal(replyText(family, await framesOf(family, res)), 'Let me check the time and do the sum.');
    });
  }

  test('{{tool_results}} joins the last turn’s results and {{tool_error_count}} counts the errors', async () => {
    const texts = {};
    for (const family of FAMILIES) {
      const conversation = toolConversation(family, [[FAILED('Error: boom')]]);
      if (family === 'anthropic') {
        // Anthropic's tool_result content may be text blocks instead of a string.
        conversation.messages.at(-1).content[0].content = [{ type: 'text', text: 'Error: boom' }];
      }
      texts[family] = replyText(family, await framesOf(family, await askWith(mock, family, 'tools-failing', conversation)));
    }
    assert.deepEqual(texts, {
      openai: 'The tool failed (1 error): Error: boom',
      anthropic: 'The tool failed (1 error): Error: boom',
      gemini: 'The tool failed (1 error): {"error":"Error: boom"}',
    });

    for (const family of FAMILIES) {
      const frames = await askFrames(mock, family, 'tools-duplicate', [[OK('4'), OK('4'), OK('9')]]);
      const results = family === 'gemini' ? '{"result":"4"} | {"result":"4"} | {"result":"9"}' : '4 | 4 | 9';
      assert.equal(replyText(family, frames), `Got ${results}`, family);
    }

    // Only the last tool-result turn counts; an OpenAI result is an error when it starts with "Error".
    await scenario('report', { template: true, rounds: [{ stream: [{ delta: '{{tool_error_count}}: {{tool_results}}' }] }] });
    const frames = await askFrames(custom, 'openai', 'report', [[FAILED('Error: old')], [OK('fine'), FAILED('Error: new')]]);
    assert.equal(replyText('openai', frames), '1: fine | Error: new');
    const none = await askFrames(custom, 'anthropic', 'report');
    assert.equal(replyText('anthropic', none), '0: ', 'no tool results before the first round');
  });

  test('repeat_last plays the last round however many rounds have gone by', async () => {
    for (const family of FAMILIES) {
      for (const rounds of [0, 1, 5]) {
        const history = Array.from({ length: rounds }, () => [OK('2')]);
        const res = await askWith(mock, family, 'tools-endless', toolConversation(family, history));
        assert.equal(res.headers.get('x-mock-round'), '0');
        const frames = await framesOf(family, res);
        assert.equal(replyText(family, frames), 'Again.');
        assert.deepEqual(withoutPieces(toolCallsOf(family, frames)), [
          { id: 'call_again', name: 'calculator', args: { expression: '1+1' } },
        ]);
      }
    }
    // Without repeat_last, running out of rounds plays the last one too.
    const history = [[OK('1024')], [OK('x')], [OK('y')]];
    const past = await askWith(mock, 'openai', 'tools-commentary', toolConversation('openai', history));
    assert.equal(past.headers.get('x-mock-round'), '1');
    assert.equal(replyText('openai', await framesOf('openai', past)), 'The answer is **1024**.');
  });

  test('templates fill tool_call arguments; arguments_raw is sent verbatim', async () => {
    const search = { id: 'e', name: 'search_conversations', arguments: { query: '{{last_user_message}}', limit: 3 } };
    await scenario('echo-tool', {
      rounds: [{ template: true, stream: [{ tool_call: search }] }, { stream: [{ delta: 'plain {{tool_results}}' }] }],
    });
    for (const family of FAMILIES) {
      const frames = await askFrames(custom, family, 'echo-tool');
      assert.deepEqual(toolCallsOf(family, frames)[0].args, { query: 'Hello', limit: 3 }, family);
      const next = await askFrames(custom, family, 'echo-tool', [[OK('r')]]);
      assert.equal(replyText(family, next), 'plain {{tool_results}}', 'a round without template is not filled');
    }
    // The last user message is the genuine one, not the tool results after it.
    await scenario('quote', { template: true, rounds: [{ stream: [{ delta: '{{last_user_message}}' }] }] });
    for (const family of FAMILIES) {
      assert.equal(replyText(family, await askFrames(custom, family, 'quote', [[OK('r')]])), 'Hello', family);
    }

    for (const family of FAMILIES) {
      const calls = toolCallsOf(family, await askFrames(mock, family, 'tools-unknown'));
      assert.deepEqual(
        calls.map((call) => [call.id, call.name, call.args]),
        [
          ['call_unknown', 'no_such_tool', {}],
          ['call_broken', 'calculator', '{"expression": '],
        ],
        family,
      );
    }
  });

  test('every tools-* scenario plays each of its rounds in every family', async () => {
    const names = (await (await fetch(`${mock.url}/v1/models`)).json()).data.map((model) => model.id);
    const tools = names.filter((name) => name.startsWith('tools-'));
    assert.deepEqual(tools, [
      'tools-commentary',
      'tools-duplicate',
      'tools-endless',
      'tools-failing',
      'tools-fetch',
      'tools-fetch-pause',
      'tools-file',
      'tools-knowledge-search',
      'tools-mcp-app-bad',
      'tools-mcp-app-basic',
      'tools-mcp-app-budget',
      'tools-mcp-app-clicker',
      'tools-mcp-app-hostile',
      'tools-mcp-app-probe',
      'tools-mcp-app-sheet',
      'tools-mcp-elicit',
      'tools-mcp-long',
      'tools-mcp-mock-add',
      'tools-mcp-mock-ask-every',
      'tools-mcp-mock-ask-secret',
      'tools-mcp-mock-four',
      'tools-mcp-mock-modern',
      'tools-mcp-sum',
      'tools-mcp-three',
      'tools-mcp-url-elicit',
      'tools-pause',
      'tools-repeat-failing',
      'tools-sandbox',
      'tools-slow-tool',
      'tools-switched-off',
      'tools-two-rounds',
      'tools-unknown',
      'tools-user',
    ]);
    for (const name of tools) {
      for (const family of FAMILIES) {
        for (const rounds of [0, 1]) {
          const history = Array.from({ length: rounds }, () => [OK('{"idb":"blocked: SecurityError"}')]);
          const frames = await askFrames(mock, family, name, history);
          if (toolCallsOf(family, frames).length) assert.equal(finishOf(family, frames), TOOL_FINISH[family], name);
          else assert.ok(replyText(family, frames).length > 0, `${name} round ${rounds} answers in text`);
        }
      }
    }
    const [probe] = toolCallsOf('openai', await askFrames(mock, 'openai', 'tools-sandbox'));
    assert.match(probe.args.code, /indexedDB\.open\('hearth'\).*return out;$/);
  });

  test('malformed rounds and tool calls are a scenario error', async () => {
    for (const value of [
      { rounds: [] },
      { rounds: [{ stream: [] }], stream: [] },
      { rounds: [{ stream: [] }], repeat_last: 'yes' },
      { rounds: [{ delta: 'no stream' }] },
      { stream: [{ tool_call: { name: 'x', arguments: {}, arguments_raw: '{}' } }] },
      { stream: [{ tool_call: { arguments: {} } }] },
    ]) {
      await scenario('bad-rounds', value);
      const res = await askWith(custom, 'openai', 'bad-rounds', toolConversation('openai', []));
      assert.equal(res.status, 500, JSON.stringify(value));
      assert.equal((await res.json()).error.type, 'mock_scenario_error');
    }
  });
});

describe('mock LLM server recorded bodies', () => {
  const testData = new URL('../../hearth-core/test_data/', import.meta.url);
  const RECORDED = {
    'recorded-openai-choices': ['openai', 'openai/multiple_choices.sse'],
    'recorded-anthropic-cut-tool': ['anthropic', 'anthropic/max_tokens_in_tool_call.sse'],
    'recorded-gemini-trailing-error': ['gemini', 'gemini/error_without_data_prefix.sse'],
    'recorded-gemini-prompt-blocked': ['gemini', 'gemini/prompt_blocked.sse'],
  };
  let mock; // the real scenario files and test data
  let dir;
  let custom; // scenarios and recorded bodies written by the tests
  before(async () => {
    mock = await startMockServer();
    dir = await mkdtemp(path.join(tmpdir(), 'hearth-recorded-'));
    await mkdir(path.join(dir, 'scenarios'));
    await mkdir(path.join(dir, 'gemini'));
    custom = await startMockServer({ scenariosDir: path.join(dir, 'scenarios'), recordedDir: dir });
  });
  after(async () => {
    await Promise.all([mock.close(), custom.close()]);
    await rm(dir, { recursive: true });
  });

  test('a recorded scenario replays its body byte for byte, with the SSE headers', async () => {
    for (const [name, [family, file]] of Object.entries(RECORDED)) {
      const res = await streamFrom(mock, family, name);
      assert.equal(res.status, 200, name);
      assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8', name);
      assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN, name);
      const expected = await readFile(new URL(file, testData));
      assert.ok(Buffer.from(await res.arrayBuffer()).equals(expected), `${name} is ${file} verbatim`);
    }
  });

  test('a recorded scenario asked in another family, or without streaming, is refused in the caller’s shape', async () => {
    const wrong = await streamFrom(mock, 'anthropic', 'recorded-openai-choices');
    assert.equal(wrong.status, 400);
    const body = await wrong.json();
    assert.equal(body.type, 'error');
    assert.match(body.error.message, /recorded openai stream \(openai\/multiple_choices\.sse\)/);
    const gemini400 = await streamFrom(mock, 'gemini', 'recorded-openai-choices');
    assert.equal((await gemini400.json()).error.status, 'INVALID_ARGUMENT');
    const unstreamed = await chat(mock, { model: 'recorded-openai-choices', messages: [] });
    assert.equal(unstreamed.status, 400);
    assert.match((await unstreamed.json()).error.message, /streaming openai request/);
  });

  test('a round may replay a recorded body; the next round plays its frames', async () => {
    const first = await askWith(mock, 'gemini', 'recorded-gemini-streamed-args', toolConversation('gemini', []));
    assert.equal(first.headers.get('x-mock-round'), '0');
    const expected = await readFile(new URL('gemini/stream_function_call_arguments.sse', testData));
    assert.ok(Buffer.from(await first.arrayBuffer()).equals(expected));
    const conversation = toolConversation('gemini', [[OK('{"temp":"7C"}')]]);
    const second = await askWith(mock, 'gemini', 'recorded-gemini-streamed-args', conversation);
    assert.equal(second.headers.get('x-mock-round'), '1');
    assert.match(replyText('gemini', await framesOf('gemini', second)), /^Tool said: \{.*7C.*\}$/);
  });

  test('the recorded file comes from the recorded folder; bad names and missing files are scenario errors', async () => {
    const bytes = 'data: {"candidates":[{"content":{"parts":[{"text":"from the temp dir"}]}}]}\r\n\r\n';
    await writeFile(path.join(dir, 'gemini', 'mine.sse'), bytes);
    const write = (name, value) => writeFile(path.join(dir, 'scenarios', `${name}.json`), JSON.stringify(value));
    await write('mine', { recorded: 'gemini/mine.sse' });
    assert.equal(await (await streamFrom(custom, 'gemini', 'mine')).text(), bytes);
    for (const [value, problem] of [
      [{ recorded: '../scenarios/mine.json' }, /"recorded" must name/],
      [{ recorded: 'gemini/mine.txt' }, /"recorded" must name/],
      [{ recorded: 'other/mine.sse' }, /"recorded" must name/],
      [{ recorded: 7 }, /"recorded" must name/],
      [{ recorded: 'gemini/absent.sse' }, /no recorded body gemini\/absent\.sse/],
      [{ recorded: 'gemini/mine.sse', rounds: [{ stream: [] }] }, /"rounds" must be/],
    ]) {
      await write('bad', value);
      const res = await streamFrom(custom, 'gemini', 'bad');
      assert.equal(res.status, 500, JSON.stringify(value));
      assert.match((await res.json()).error.message, problem, JSON.stringify(value));
    }
  });
});

async function waitFor(condition, timeout = 2000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    assert.ok(Date.now() < deadline, 'condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// ---------------------------------------------------------------------------
// Issue 49: the Responses API, web search with sources, pictures and the Images API

/** POSTs a Responses request as the browser app would (streamed unless `stream: false`). */
function responsesCall(mock, body, { path: route = '/v1/responses' } = {}) {
  return fetch(`${mock.url}${route}`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, authorization: 'Bearer sk-test', 'content-type': 'application/json' },
    body: JSON.stringify({ stream: true, input: [{ role: 'user', content: 'Hello' }], ...body }),
  });
}

/** A Responses stream's events (the `data` objects), checking each frame's `event:` is its `type`. */
async function responsesEvents(res) {
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/event-stream; charset=utf-8');
  const frames = parseFrames(await res.text()).filter((frame) => !('comment' in frame));
  for (const frame of frames) assert.equal(frame.event, frame.data.type, JSON.stringify(frame));
  const events = frames.map((frame) => frame.data);
  assert.deepEqual(
    events.map((event) => event.sequence_number),
    events.map((_, index) => index),
    'sequence numbers count from 0',
  );
  return events;
}

const typesOf = (events) => events.map((event) => event.type);
const ofType = (events, type) => events.filter((event) => event.type === type);

/** POSTs to the Images API (`edits` or `generations`). */
function imagesCall(mock, kind, body, route = `/v1/images/${kind}`) {
  return fetch(`${mock.url}${route}`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, authorization: 'Bearer sk-test', 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('mock LLM server: Responses API', () => {
  let mock;
  let dir;
  let custom; // scenarios written by the tests
  before(async () => {
    mock = await startMockServer();
    dir = await mkdtemp(path.join(tmpdir(), 'hearth-responses-'));
    custom = await startMockServer({ scenariosDir: dir });
  });
  after(async () => {
    await Promise.all([mock.close(), custom.close()]);
    await rm(dir, { recursive: true });
  });
  const scenario = (name, value) => writeFile(path.join(dir, `${name}.json`), JSON.stringify(value));

  test('thinking streams a reasoning item with its summary, then a message, then response.completed with usage', async () => {
    const events = await responsesEvents(await responsesCall(mock, { model: 'thinking' }));
    assert.deepEqual(typesOf(events), [
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.reasoning_summary_part.added',
      ...Array(3).fill('response.reasoning_summary_text.delta'),
      'response.reasoning_summary_text.done',
      'response.reasoning_summary_part.done',
      'response.output_item.done',
      'response.output_item.added',
      'response.content_part.added',
      ...Array(3).fill('response.output_text.delta'),
      'response.output_text.done',
      'response.content_part.done',
      'response.output_item.done',
      'response.completed',
    ]);
    const [created] = events;
    assert.equal(created.response.status, 'in_progress');
    assert.equal(created.response.model, 'thinking');
    assert.deepEqual(created.response.output, []);
    const [reasoning, message] = ofType(events, 'response.output_item.done').map((event) => event.item);
    assert.equal(reasoning.type, 'reasoning');
    assert.match(reasoning.id, /^rs_/);
    assert.deepEqual(reasoning.summary, [
      { type: 'summary_text', text: 'Let me think… The user wants a short answer, so a heading and a list will do.' },
    ]);
    assert.match(reasoning.encrypted_content, /^[A-Za-z0-9+/]+=*$/);
    const text = ofType(events, 'response.output_text.delta').map((event) => event.delta).join('');
    assert.match(text, /^## The answer\n\nIt is \*\*42\*\*/);
    assert.equal(ofType(events, 'response.output_text.done')[0].text, text);
    assert.equal(message.type, 'message');
    assert.equal(message.status, 'completed');
    assert.deepEqual(message.content, [{ type: 'output_text', annotations: [], logprobs: [], text }]);
    for (const event of ofType(events, 'response.output_text.delta')) {
      assert.equal(event.item_id, message.id);
      assert.equal(event.output_index, 1);
      assert.equal(event.content_index, 0);
    }
    const { response } = events.at(-1);
    assert.equal(response.status, 'completed');
    assert.equal(response.id, created.response.id);
    assert.deepEqual(response.output, [reasoning, message]);
    assert.deepEqual(response.usage, {
      input_tokens: 14,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: 38,
      output_tokens_details: { reasoning_tokens: 19 },
      total_tokens: 52,
    });
  });

  test('tool rounds: several function_call items at once, then the next round once the outputs come back', async () => {
    const first = await responsesCall(mock, { model: 'tools-two-rounds' });
    assert.equal(first.headers.get('x-mock-round'), '0');
    const events = await responsesEvents(first);
    const calls = ofType(events, 'response.output_item.done')
      .map((event) => event.item)
      .filter((item) => item.type === 'function_call');
    assert.deepEqual(
      calls.map(({ call_id, name, arguments: args, status }) => ({ call_id, name, args, status })),
      [
        { call_id: 'call_time', name: 'current_time', args: '{}', status: 'completed' },
        { call_id: 'call_calc', name: 'calculator', args: '{"expression":"6*7"}', status: 'completed' },
      ],
    );
    for (const call of calls) {
      const deltas = ofType(events, 'response.function_call_arguments.delta').filter((e) => e.item_id === call.id);
      assert.ok(deltas.length >= 2, 'the arguments come in pieces');
      assert.equal(deltas.map((event) => event.delta).join(''), call.arguments);
      const [done] = ofType(events, 'response.function_call_arguments.done').filter((e) => e.item_id === call.id);
      assert.equal(done.arguments, call.arguments);
      assert.equal(done.name, call.name);
    }
    const added = ofType(events, 'response.output_item.added').map((event) => event.item);
    assert.deepEqual(added[1], { ...calls[0], status: 'in_progress', arguments: '' });
    assert.equal(events.at(-1).type, 'response.completed');

    const turn = [
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check the time and do the sum.' }] },
      { type: 'function_call', call_id: 'call_time', name: 'current_time', arguments: '{}' },
      { type: 'function_call', call_id: 'call_calc', name: 'calculator', arguments: '{"expression":"6*7"}' },
      { type: 'function_call_output', call_id: 'call_time', output: '12:00' },
      { type: 'function_call_output', call_id: 'call_calc', output: '42' },
    ];
    const input = [{ role: 'user', content: [{ type: 'input_text', text: 'Hello' }] }, ...turn];
    const second = await responsesCall(mock, { model: 'tools-two-rounds', input });
    assert.equal(second.headers.get('x-mock-round'), '1');
    const secondEvents = await responsesEvents(second);
    assert.equal(ofType(secondEvents, 'response.output_text.done')[0].text, 'Now a search.');
    const third = [
      ...input,
      { type: 'function_call', call_id: 'call_search', name: 'search_conversations', arguments: '{"query":"hello"}' },
      { type: 'function_call_output', call_id: 'call_search', output: 'found' },
    ];
    const last = await responsesEvents(await responsesCall(mock, { model: 'tools-two-rounds', input: third }));
    assert.equal(ofType(last, 'response.output_text.done')[0].text, 'All done. Results: found');
  });

  test('errors: HTTP bodies as Chat Completions, response.failed in the stream, response.incomplete for length', async () => {
    const limited = await responsesCall(mock, { model: 'rate-limited' });
    assert.equal(limited.status, 429);
    assert.equal(limited.headers.get('retry-after'), '7');
    assert.equal((await limited.json()).error.code, 'rate_limit_exceeded');

    const failed = await responsesEvents(await responsesCall(mock, { model: 'in-stream-error' }));
    const last = failed.at(-1);
    assert.equal(last.type, 'response.failed');
    assert.equal(last.response.status, 'failed');
    assert.equal(last.response.error.code, 'overloaded');
    assert.ok(last.response.error.message);
    assert.equal(ofType(failed, 'response.completed').length, 0);

    await scenario('cut', { stream: [{ delta: 'It was a dark and' }, { finish: 'length' }, { done: true }] });
    const cut = await responsesEvents(await responsesCall(custom, { model: 'cut' }));
    const { response } = cut.at(-1);
    assert.equal(cut.at(-1).type, 'response.incomplete');
    assert.equal(response.status, 'incomplete');
    assert.deepEqual(response.incomplete_details, { reason: 'max_output_tokens' });
    assert.equal(response.output[0].content[0].text, 'It was a dark and');
    assert.equal(typeof response.usage.output_tokens, 'number');

    const noModel = await responsesCall(mock, { model: undefined });
    assert.equal(noModel.status, 400);
    assert.equal((await noModel.json()).error.type, 'invalid_request_error');
  });

  test('an unknown model plays echo; without echo.json it is a 500; a bad frame is a scenario error', async () => {
    const echo = await responsesEvents(await responsesCall(mock, { model: 'no-such-model', input: 'Quote me' }));
    assert.match(ofType(echo, 'response.output_text.done')[0].text, /Quote me/);
    const missing = await responsesCall(custom, { model: 'no-such-model' });
    assert.equal(missing.status, 500);
    assert.match((await missing.json()).error.message, /no scenario "no-such-model"/);
    for (const frame of [
      { search: { results: 2 } },
      { search: { query: 'q', results: -1 } },
      { cite: { title: 'no url' } },
      { image: { mime: 'text/plain', data: 'aGk=' } },
      { image: { mime: 'image/png', data: 'not base64!' } },
      { image: { mime: 'image/png', data: 'aGk=', partial: 'yes' } },
    ]) {
      await scenario('bad-frame', { stream: [frame] });
      const res = await responsesCall(custom, { model: 'bad-frame' });
      assert.equal(res.status, 500, JSON.stringify(frame));
      assert.match((await res.json()).error.message, /a stream frame needs exactly one of/);
    }
  });

  test('not streamed: the finished response; the Azure routes; the log keeps what was sent', async () => {
    await mock.requests.splice(0);
    const plain = await responsesCall(mock, { model: 'thinking', stream: false, instructions: 'Be brief.' });
    assert.equal(plain.status, 200);
    const response = await plain.json();
    assert.equal(response.object, 'response');
    assert.equal(response.status, 'completed');
    assert.equal(response.instructions, 'Be brief.');
    assert.deepEqual(response.output.map((item) => item.type), ['reasoning', 'message']);
    assert.equal(response.usage.output_tokens_details.reasoning_tokens, 19);
    for (const route of ['/openai/deployments/my-deployment/responses?api-version=preview', '/openai/v1/responses']) {
      const events = await responsesEvents(await responsesCall(mock, { model: 'markdown' }, { path: route }));
      assert.equal(events.at(-1).type, 'response.completed', route);
    }
    assert.deepEqual(
      mock.requests.map((entry) => entry.path),
      ['/v1/responses', '/openai/deployments/my-deployment/responses', '/openai/v1/responses'],
    );
    assert.equal(mock.requests[0].body.instructions, 'Be brief.');
    assert.equal(mock.requests[0].headers.authorization, 'Bearer sk-test');
  });
});

describe('mock LLM server: web search with sources', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());
  const CLAIM_1 = 'The hearth was the centre of the home for cooking and warmth.';
  const CLAIM_2 = 'Chimneys came into wide use in Europe in the 12th century – about 900 years ago.';
  const TEXT = `${CLAIM_1} ${CLAIM_2}`;
  const WIKI = 'https://en.wikipedia.org/wiki/Hearth';
  const CHIMNEY = 'https://www.example.org/chimney-history';

  test('Responses: a web_search_call item, then url_citation annotations with character indexes', async () => {
    const include = ['web_search_call.action.sources'];
    const events = await responsesEvents(await responsesCall(mock, { model: 'search', include }));
    const [search] = ofType(events, 'response.output_item.added').map((event) => event.item);
    assert.deepEqual(Object.keys(search).sort(), ['id', 'status', 'type']);
    assert.equal(search.type, 'web_search_call');
    assert.equal(search.status, 'in_progress');
    const steps = events.filter((event) => event.item_id === search.id).map((event) => event.type);
    assert.deepEqual(steps, [
      'response.web_search_call.in_progress',
      'response.web_search_call.searching',
      'response.web_search_call.completed',
    ]);
    const done = ofType(events, 'response.output_item.done').map((event) => event.item);
    assert.deepEqual(done[0], {
      id: search.id,
      type: 'web_search_call',
      status: 'completed',
      action: {
        type: 'search',
        query: 'hearth fireplace history',
        sources: [WIKI, CHIMNEY, 'https://example.com/result-3'].map((url) => ({ type: 'url', url })),
      },
    });
    const added = ofType(events, 'response.output_text.annotation.added');
    const annotations = [
      { type: 'url_citation', start_index: 0, end_index: 61, title: 'Hearth - Wikipedia', url: WIKI },
      { type: 'url_citation', start_index: 62, end_index: 142, title: 'A short history of the chimney', url: CHIMNEY },
    ];
    assert.deepEqual(
      added.map(({ annotation, annotation_index, content_index, output_index }) => ({ annotation, annotation_index, content_index, output_index })),
      annotations.map((annotation, index) => ({ annotation, annotation_index: index, content_index: 0, output_index: 1 })),
    );
    const chars = Array.from(TEXT);
    assert.equal(chars.slice(0, 61).join(''), CLAIM_1);
    assert.equal(chars.slice(62, 142).join(''), CLAIM_2);
    // Each annotation comes after the text it cites, and the finished part carries them all.
    const index = (event) => events.indexOf(event);
    const deltas = ofType(events, 'response.output_text.delta');
    assert.ok(index(added[0]) > index(deltas[1]) && index(added[0]) < index(deltas[2]));
    assert.deepEqual(ofType(events, 'response.content_part.done')[0].part.annotations, annotations);
    assert.deepEqual(done[1].content[0].annotations, annotations);
    // Without asking for them, the search's sources are not listed.
    const plain = await responsesEvents(await responsesCall(mock, { model: 'search' }));
    assert.equal(ofType(plain, 'response.output_item.done')[0].item.action.sources, undefined);
  });

  test('Chat Completions: delta.annotations with url_citation, the cited passage as content', async () => {
    const frames = await framesOf('openai', await streamFrom(mock, 'openai', 'search'));
    assert.equal(replyText('openai', frames), TEXT);
    const annotations = frames.flatMap((frame) => frame.data?.choices?.[0]?.delta?.annotations ?? []);
    assert.deepEqual(
      annotations.map(({ type, url_citation: { url, title, start_index, end_index } }) => ({ type, url, title, start_index, end_index })),
      [
        { type: 'url_citation', url: WIKI, title: 'Hearth - Wikipedia', start_index: 0, end_index: 61 },
        { type: 'url_citation', url: CHIMNEY, title: 'A short history of the chimney', start_index: 62, end_index: 142 },
      ],
    );
    assert.match(annotations[0].url_citation.content, /^A hearth is the place/);
    const plain = await (await chat(mock, { model: 'search', messages: [{ role: 'user', content: 'Hi' }] })).json();
    assert.deepEqual(plain.choices[0].message.annotations, annotations);
  });

  test('Anthropic: server_tool_use, web_search_tool_result, then text blocks closed by citations_delta', async () => {
    const frames = await framesOf('anthropic', await streamFrom(mock, 'anthropic', 'search'));
    const data = frames.map((frame) => frame.data);
    const starts = data.filter((event) => event.type === 'content_block_start');
    assert.deepEqual(
      starts.map((event) => [event.index, event.content_block.type]),
      [[0, 'server_tool_use'], [1, 'web_search_tool_result'], [2, 'text'], [3, 'text']],
    );
    const use = starts[0].content_block;
    assert.equal(use.name, 'web_search');
    assert.match(use.id, /^srvtoolu_/);
    assert.deepEqual(use.input, {});
    const query = data
      .filter((event) => event.index === 0 && event.delta?.type === 'input_json_delta')
      .map((event) => event.delta.partial_json)
      .join('');
    assert.deepEqual(JSON.parse(query), { query: 'hearth fireplace history' });
    const result = starts[1].content_block;
    assert.equal(result.tool_use_id, use.id);
    assert.deepEqual(
      result.content.map(({ type, url, title, page_age }) => ({ type, url, title, page_age })),
      [
        { type: 'web_search_result', url: WIKI, title: 'Hearth - Wikipedia', page_age: null },
        { type: 'web_search_result', url: CHIMNEY, title: 'A short history of the chimney', page_age: null },
        { type: 'web_search_result', url: 'https://example.com/result-3', title: 'Search result 3', page_age: null },
      ],
    );
    for (const page of result.content) assert.match(page.encrypted_content, /^[A-Za-z0-9+/]+=*$/);
    for (const [index, claim, url] of [[2, CLAIM_1, WIKI], [3, ` ${CLAIM_2}`, CHIMNEY]]) {
      const deltas = data.filter((event) => event.type === 'content_block_delta' && event.index === index);
      assert.equal(deltas.filter((e) => e.delta.type === 'text_delta').map((e) => e.delta.text).join(''), claim);
      const { delta } = deltas.at(-1);
      assert.equal(delta.type, 'citations_delta', 'the citation follows the text it cites');
      assert.equal(delta.citation.type, 'web_search_result_location');
      assert.equal(delta.citation.url, url);
      assert.ok(delta.citation.cited_text && delta.citation.encrypted_index);
    }
    const usage = data.find((event) => event.type === 'message_delta').usage;
    assert.deepEqual(usage.server_tool_use, { web_search_requests: 1 });
  });

  test('Gemini: groundingMetadata on the last chunk, its segments in UTF-8 bytes', async () => {
    const frames = await framesOf('gemini', await streamFrom(mock, 'gemini', 'search'));
    assert.equal(replyText('gemini', frames), TEXT);
    const withGrounding = frames.filter((frame) => frame.data.candidates?.[0]?.groundingMetadata);
    assert.equal(withGrounding.length, 1);
    assert.equal(withGrounding[0], frames.at(-1));
    const { groundingMetadata: grounding, finishReason } = frames.at(-1).data.candidates[0];
    assert.equal(finishReason, 'STOP');
    assert.deepEqual(grounding.webSearchQueries, ['hearth fireplace history']);
    assert.deepEqual(grounding.groundingChunks, [
      { web: { uri: WIKI, title: 'Hearth - Wikipedia' } },
      { web: { uri: CHIMNEY, title: 'A short history of the chimney' } },
    ]);
    const bytes = Buffer.from(TEXT);
    const secondStart = Buffer.byteLength(`${CLAIM_1} `);
    assert.deepEqual(grounding.groundingSupports, [
      { segment: { endIndex: 61, text: CLAIM_1 }, groundingChunkIndices: [0] },
      { segment: { startIndex: secondStart, endIndex: bytes.length, text: CLAIM_2 }, groundingChunkIndices: [1] },
    ]);
    assert.equal(bytes.length, Array.from(TEXT).length + 2, 'the dash takes three bytes');
    assert.equal(bytes.subarray(secondStart).toString(), CLAIM_2);
    assert.match(grounding.searchEntryPoint.renderedContent, /<a class="chip" href="https:\/\/www\.google\.com\/search\?q=hearth%20fireplace%20history">/);
  });

  test('two cites with no text between cite one span; Gemini joins their chunks in one support', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-search-'));
    const custom = await startMockServer({ scenariosDir: dir });
    try {
      await writeFile(
        path.join(dir, 'two.json'),
        JSON.stringify({
          stream: [
            { search: { query: 'a', results: [{ url: 'https://a.example/', title: 'A' }] } },
            { delta: 'Fire is hot. ' },
            { cite: { url: 'https://a.example/' } },
            { cite: { url: 'https://b.example/', title: 'B' } },
            { finish: 'stop' },
          ],
        }),
      );
      const gemini = await framesOf('gemini', await streamFrom(custom, 'gemini', 'two'));
      const grounding = gemini.at(-1).data.candidates[0].groundingMetadata;
      assert.deepEqual(grounding.groundingSupports, [
        { segment: { endIndex: 12, text: 'Fire is hot.' }, groundingChunkIndices: [0, 1] },
      ]);
      assert.deepEqual(grounding.groundingChunks[0], { web: { uri: 'https://a.example/', title: 'https://a.example/' } });
      const events = await responsesEvents(await responsesCall(custom, { model: 'two' }));
      const spans = ofType(events, 'response.output_text.annotation.added').map((e) => [e.annotation.start_index, e.annotation.end_index]);
      assert.deepEqual(spans, [[0, 12], [0, 12]]);
      const anthropicFrames = await framesOf('anthropic', await streamFrom(custom, 'anthropic', 'two'));
      const citations = anthropicFrames.filter((frame) => frame.data.delta?.type === 'citations_delta');
      assert.deepEqual(citations.map((frame) => frame.data.index), [2, 2], 'both cite the one block');
      assert.equal(citations[0].data.delta.citation.cited_text, 'Fire is hot.');
    } finally {
      await custom.close();
      await rm(dir, { recursive: true });
    }
  });

  test('search-refused: a 400 saying the model cannot use web search, in each family’s shape', async () => {
    const messageOf = {
      openai: (body) => body.error.message,
      anthropic: (body) => (assert.equal(body.type, 'error'), body.error.message),
      gemini: (body) => (assert.equal(body.error.status, 'INVALID_ARGUMENT'), body.error.message),
    };
    for (const family of FAMILIES) {
      const res = await streamFrom(mock, family, 'search-refused');
      assert.equal(res.status, 400, family);
      assert.match(messageOf[family](await res.json()), /cannot use web search/, family);
    }
    const res = await responsesCall(mock, { model: 'search-refused', tools: [{ type: 'web_search' }] });
    assert.equal(res.status, 400);
    assert.match((await res.json()).error.message, /Hosted tool 'web_search'.*cannot use web search/);
  });

  test('scenarios without the new frames carry none of the new fields', async () => {
    const NEW = /annotations"|"images"|groundingMetadata|server_tool_use|citations|inlineData/;
    for (const family of FAMILIES) {
      for (const model of ['thinking', 'markdown', 'tools-two-rounds', 'content-filter']) {
        const text = await (await streamFrom(mock, family, model)).text();
        assert.doesNotMatch(text, NEW, `${family} ${model}`);
      }
    }
  });
});

describe('mock LLM server: pictures', () => {
  let mock;
  let image; // the image scenario's pictures
  before(async () => {
    mock = await startMockServer();
    const file = JSON.parse(await readFile(new URL('./scenarios/image.json', import.meta.url), 'utf8'));
    image = file.stream.filter((frame) => frame.image).map((frame) => frame.image);
  });
  after(() => mock.close());

  test('the image scenario carries a partial and a final PNG of a few hundred bytes', () => {
    assert.deepEqual(image.map((picture) => picture.partial), [true, false]);
    for (const { data } of image) {
      const bytes = Buffer.from(data, 'base64');
      assert.ok(bytes.length < 4096);
      const { width, height } = readPng(bytes);
      assert.deepEqual([width, height], [64, 64]);
    }
  });

  test('Responses: an image_generation_call item with partial images, then its result', async () => {
    const events = await responsesEvents(await responsesCall(mock, { model: 'image' }));
    const added = ofType(events, 'response.output_item.added').map((event) => event.item);
    assert.deepEqual(added.map((item) => item.type), ['message', 'image_generation_call']);
    const call = added[1];
    assert.equal(call.status, 'in_progress');
    assert.deepEqual(
      events.filter((event) => event.item_id === call.id).map((event) => event.type),
      [
        'response.image_generation_call.in_progress',
        'response.image_generation_call.generating',
        'response.image_generation_call.partial_image',
        'response.image_generation_call.completed',
      ],
    );
    const [partial] = ofType(events, 'response.image_generation_call.partial_image');
    assert.equal(partial.partial_image_b64, image[0].data);
    assert.equal(partial.partial_image_index, 0);
    assert.equal(partial.output_index, 1);
    const done = ofType(events, 'response.output_item.done')[1].item;
    assert.equal(done.id, call.id);
    assert.equal(done.status, 'completed');
    assert.equal(done.result, image[1].data);
    assert.equal(done.output_format, 'png');
    assert.equal(done.revised_prompt, 'A bright sun over a green field, simple flat colours.');
    assert.equal(events.at(-1).response.output[1].result, image[1].data);
  });

  test('Chat Completions (OpenRouter): the final picture as delta.images, a data URL', async () => {
    const frames = await framesOf('openai', await streamFrom(mock, 'openai', 'image'));
    assert.equal(replyText('openai', frames), 'Here is a sun over a field, as you asked.');
    const images = frames.flatMap((frame) => frame.data?.choices?.[0]?.delta?.images ?? []);
    assert.deepEqual(images, [{ type: 'image_url', image_url: { url: `data:image/png;base64,${image[1].data}` } }]);
    const plain = await (await chat(mock, { model: 'image', messages: [{ role: 'user', content: 'Hi' }] })).json();
    assert.deepEqual(plain.choices[0].message.images, images);
  });

  test('Gemini: an inlineData part, streamed and from :generateContent; Anthropic: the text only', async () => {
    const frames = await framesOf('gemini', await streamFrom(mock, 'gemini', 'image'));
    const parts = frames.flatMap((frame) => frame.data.candidates?.[0]?.content?.parts ?? []);
    assert.deepEqual(parts.filter((part) => part.inlineData), [{ inlineData: { mimeType: 'image/png', data: image[1].data } }]);
    const res = await askWith(mock, 'gemini', 'image', { contents: [{ role: 'user', parts: [{ text: 'Draw' }] }] }, { stream: false });
    const reply = await res.json();
    assert.deepEqual(reply.candidates[0].content.parts, [
      { text: 'Here is a sun over a field, as you asked.' },
      { inlineData: { mimeType: 'image/png', data: image[1].data } },
    ]);
    const anthropicFrames = await framesOf('anthropic', await streamFrom(mock, 'anthropic', 'image'));
    assert.equal(replyText('anthropic', anthropicFrames), 'Here is a sun over a field, as you asked.');
    assert.doesNotMatch(JSON.stringify(anthropicFrames), /iVBOR/);
  });

  test('Images API: n real PNGs of different colours, with the usage; edits take JSON images', async () => {
    const res = await imagesCall(mock, 'generations', { model: 'gpt-image-1', prompt: 'Three suns', n: 3, size: '1024x1024', quality: 'low' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);
    const body = await res.json();
    assert.equal(body.output_format, 'png');
    assert.equal(body.quality, 'low');
    assert.equal(body.size, '1024x1024');
    assert.equal(typeof body.created, 'number');
    assert.equal(body.data.length, 3);
    const colours = body.data.map(({ b64_json, revised_prompt }) => {
      assert.equal(revised_prompt, 'Three suns');
      const picture = readPng(Buffer.from(b64_json, 'base64'));
      assert.deepEqual([picture.width, picture.height], [64, 64]);
      return picture.pixel(10, 10).join();
    });
    assert.equal(new Set(colours).size, 3, 'each picture has a colour of its own');
    assert.deepEqual(body.usage.output_tokens, 3 * 272);
    assert.equal(body.usage.total_tokens, body.usage.input_tokens + body.usage.output_tokens);

    const images = [{ image_url: `data:image/png;base64,${image[1].data}` }];
    const edit = await imagesCall(mock, 'edits', { model: 'gpt-image-1', prompt: 'Add a moon', images });
    assert.equal(edit.status, 200);
    const edited = await edit.json();
    assert.equal(edited.data.length, 1);
    assert.notEqual(readPng(Buffer.from(edited.data[0].b64_json, 'base64')).pixel(0, 0).join(), colours[0]);
    assert.ok(edited.usage.input_tokens_details.image_tokens > 0);
    const azure = await imagesCall(mock, 'generations', { prompt: 'A sun' }, '/openai/deployments/img/images/generations?api-version=preview');
    assert.equal((await azure.json()).data.length, 1);
    const logged = mock.requests.filter((entry) => entry.path.includes('/images/'));
    assert.deepEqual(logged.map((entry) => entry.body.prompt), ['Three suns', 'Add a moon', 'A sun']);
  });

  test('Images API: bad requests get 400s, and a model naming a refusing scenario its error', async () => {
    for (const [kind, body, param] of [
      ['generations', { n: 1 }, 'prompt'],
      ['generations', { prompt: 'x', n: 11 }, 'n'],
      ['generations', { prompt: 'x', stream: true }, 'stream'],
      ['edits', { prompt: 'x' }, 'images'],
      ['edits', { prompt: 'x', images: [{}] }, 'images'],
    ]) {
      const res = await imagesCall(mock, kind, body);
      assert.equal(res.status, 400, JSON.stringify(body));
      const { error } = await res.json();
      assert.equal(error.type, 'invalid_request_error');
      assert.equal(error.param, param);
    }
    const refused = await imagesCall(mock, 'generations', { model: 'image-refused', prompt: 'A sun' });
    assert.equal(refused.status, 400);
    assert.match((await refused.json()).error.message, /cannot make images/);
    for (const family of FAMILIES) {
      const res = await streamFrom(mock, family, 'image-refused');
      assert.equal(res.status, 400, family);
      assert.match(JSON.stringify(await res.json()), /cannot make images/, family);
    }
  });
});

describe('mock LLM server: search and pictures not streamed, and listed', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  test('Anthropic’s message has the search blocks and text blocks with citations; Gemini one text part', async () => {
    const message = await askReply(mock, 'anthropic', 'search');
    assert.deepEqual(
      message.content.map((block) => block.type),
      ['server_tool_use', 'web_search_tool_result', 'text', 'text'],
    );
    const [use, result, first, second] = message.content;
    assert.deepEqual(use.input, { query: 'hearth fireplace history' });
    assert.equal(result.tool_use_id, use.id);
    assert.equal(result.content.length, 3);
    assert.equal(first.citations[0].url, 'https://en.wikipedia.org/wiki/Hearth');
    assert.equal(second.citations[0].type, 'web_search_result_location');
    assert.deepEqual(message.usage.server_tool_use, { web_search_requests: 1 });
    const gemini = await askReply(mock, 'gemini', 'search');
    const candidate = gemini.candidates[0];
    assert.equal(candidate.content.parts.length, 1);
    assert.match(candidate.content.parts[0].text, /^The hearth.*years ago\.$/);
    assert.equal(candidate.groundingMetadata.groundingSupports.length, 2);
  });

  test('the image scenario is listed with OpenRouter’s output modalities; others as before', async () => {
    const { data } = await (await fetch(`${mock.url}/v1/models`)).json();
    const byId = Object.fromEntries(data.map((model) => [model.id, model]));
    assert.deepEqual(byId.image.architecture, {
      modality: 'text->image+text',
      input_modalities: ['text'],
      output_modalities: ['image', 'text'],
      tokenizer: 'Other',
      instruct_type: null,
    });
    assert.equal(byId['no-image-input'].architecture.modality, 'text->text');
    assert.equal(byId.search.architecture, undefined);
  });
});
