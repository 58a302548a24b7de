// Tests of the mock LLM server (tests/mock/server.mjs): CORS, scenario playback as OpenAI
// SSE, errors, the model list, the request log, and surviving clients that abort.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

    const missing = await fetch(`${mock.url}/v1/embeddings`, { method: 'POST', body: '{}' });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await missing.json(), {
      error: { message: 'Invalid URL (POST /v1/embeddings)', type: 'invalid_request_error', param: null, code: null },
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

    const reset = await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    assert.equal(reset.status, 204);
    assert.deepEqual(await (await fetch(`${mock.url}/__mock/requests`)).json(), []);
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

  test('a malformed scenario is reported as a 500 naming the problem', async () => {
    await scenario('broken', { stream: [{ delta: 'a', done: true }] });
    const res = await chat(mock, { model: 'broken', stream: true, messages: [] });
    assert.equal(res.status, 500);
    const { error } = await res.json();
    assert.equal(error.type, 'mock_scenario_error');
    assert.match(error.message, /exactly one of/);
  });

  test('without echo.json an unknown model is a clear 500', async () => {
    const res = await chat(mock, { model: 'nothing-here', stream: true, messages: [] });
    assert.equal(res.status, 500);
    assert.match((await res.json()).error.message, /no scenario "nothing-here"/);
  });
});

async function waitFor(condition, timeout = 2000) {
  const deadline = Date.now() + timeout;
  while (!condition()) {
    assert.ok(Date.now() < deadline, 'condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
