// Tests of the mock's embeddings APIs (tests/mock/embeddings.mjs, routed by server.mjs):
// OpenAI's and Gemini's answer shapes over real HTTP, the vectors' order, dimensions and
// determinism, the errors in each family's shape, the special models, the request log, and
// that the hashed bag of words ranks a synonym's passage above an unrelated one.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import {
  DEFAULT_DIMENSIONS,
  SLOW_MS,
  SYNONYMS,
  cosine,
  embedText,
  embeddingWords,
  fnv1a,
  stem,
} from './embeddings.mjs';
import { startMockServer } from './server.mjs';

const APP_ORIGIN = 'http://127.0.0.1:8080';

function post(mock, route, body, headers = {}) {
  return fetch(`${mock.url}${route}`, {
    method: 'POST',
    headers: { origin: APP_ORIGIN, 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

const openai = (mock, body) => post(mock, '/v1/embeddings', body, { authorization: 'Bearer sk-test' });
const gemini = (mock, model, body, method = 'batchEmbedContents') =>
  post(mock, `/v1beta/models/${model}:${method}`, body, { 'x-goog-api-key': 'AIza-test' });

/** A Gemini batch request of `texts` for `model`. */
const batchOf = (model, texts, extra = {}) => ({
  requests: texts.map((text) => ({ model: `models/${model}`, content: { parts: [{ text }] }, ...extra })),
});

const norm = (vector) => Math.hypot(...vector);

describe('the mock’s vectors', () => {
  test('FNV-1a matches the published test vectors', () => {
    assert.equal(fnv1a(''), 0x811c9dc5);
    assert.equal(fnv1a('a'), 0xe40c292c);
    assert.equal(fnv1a('foobar'), 0xbf9cf968);
  });

  test('words are lowercased, split, stop words dropped, crudely stemmed, synonyms merged', () => {
    assert.deepEqual(embeddingWords('The Valve OPENS; the valves opened, opening!'), ['valv', 'open', 'valv', 'open', 'open']);
    assert.deepEqual(embeddingWords('What is the café’s 47 kPa?'), ['café', '47', 'kpa']);
    for (const [word, same] of Object.entries(SYNONYMS)) {
      assert.deepEqual(embeddingWords(word), embeddingWords(same), `${word} counts as ${same}`);
    }
    assert.deepEqual(embeddingWords('automobiles purchased beginning'), ['car', 'buy', 'start']);
    assert.equal(stem('stopped'), 'stop');
    assert.equal(stem('falling'), 'fall');
    assert.equal(stem('glass'), 'glass');
    assert.equal(stem('bed'), 'bed');
  });

  test('a vector is deterministic, of length 1, with the dimensions asked for', () => {
    const vector = embedText('The Larkspur valve opens at 47 kilopascals.');
    assert.equal(vector.length, DEFAULT_DIMENSIONS);
    assert.ok(Math.abs(norm(vector) - 1) < 1e-12);
    assert.deepEqual(embedText('The Larkspur valve opens at 47 kilopascals.'), vector);
    assert.equal(embedText('x y z', 8).length, 8);
    assert.equal(embedText('x y z', 3072).length, 3072);
    const empty = embedText('the of and', 16);
    assert.deepEqual(empty, [1, ...new Array(15).fill(0)]);
  });

  test('a synonym is closer than an unrelated text, and shared words make texts close', () => {
    const question = embedText('automobile repair');
    assert.ok(cosine(question, embedText('car repair')) > cosine(question, embedText('banana bread')));
    assert.ok(cosine(question, embedText('car repair')) > 0.99);
    const asked = embedText('When does the final ferry to Vellmar depart on weekdays?');
    const answer = embedText('The last ferry to Vellmar leaves at 22:40 on weekdays.');
    const other = embedText('Drip lines in the north orchard run for 35 minutes at dawn.');
    assert.ok(cosine(asked, answer) > 0.7, `cosine ${cosine(asked, answer)}`);
    assert.ok(cosine(asked, other) < 0.3, `cosine ${cosine(asked, other)}`);
  });
});

describe('the mock’s embeddings routes', () => {
  let mock;
  before(async () => {
    mock = await startMockServer();
  });
  after(() => mock.close());

  test('OpenAI: one embedding per input, in order, in the API reference’s shape', async () => {
    const input = ['car repair', 'banana bread', 'The last ferry to Vellmar leaves at 22:40.'];
    const res = await openai(mock, { model: 'text-embedding-3-small', input });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('access-control-allow-origin'), APP_ORIGIN);
    assert.match(res.headers.get('x-request-id'), /^req_mock_\d+$/);
    const body = await res.json();
    assert.deepEqual(Object.keys(body).sort(), ['data', 'model', 'object', 'usage']);
    assert.equal(body.object, 'list');
    assert.equal(body.model, 'text-embedding-3-small');
    assert.equal(body.data.length, 3);
    body.data.forEach((item, index) => {
      assert.deepEqual(Object.keys(item).sort(), ['embedding', 'index', 'object']);
      assert.equal(item.object, 'embedding');
      assert.equal(item.index, index);
      assert.deepEqual(item.embedding, embedText(input[index]));
    });
    const tokens = input.reduce((sum, text) => sum + Math.ceil(text.length / 4), 0);
    assert.deepEqual(body.usage, { prompt_tokens: tokens, total_tokens: tokens });
  });

  test('OpenAI: a single string, `dimensions`, and base64 float32s', async () => {
    const one = await (await openai(mock, { model: 'nomic-embed-text', input: 'car repair', dimensions: 64 })).json();
    assert.equal(one.data.length, 1);
    assert.equal(one.data[0].index, 0);
    assert.equal(one.data[0].embedding.length, 64);
    assert.deepEqual(one.data[0].embedding, embedText('car repair', 64));

    const packed = await (await openai(mock, { model: 'm', input: ['car repair'], encoding_format: 'base64' })).json();
    const bytes = Buffer.from(packed.data[0].embedding, 'base64');
    assert.equal(bytes.length, DEFAULT_DIMENSIONS * 4);
    const floats = Array.from({ length: DEFAULT_DIMENSIONS }, (_, i) => bytes.readFloatLE(i * 4));
    assert.deepEqual(floats, embedText('car repair').map(Math.fround));
  });

  test('OpenAI: 400s in OpenAI’s error shape for malformed requests', async () => {
    const cases = [
      ['{not json', null],
      [{ input: 'x' }, 'model'],
      [{ model: 'm' }, 'input'],
      [{ model: 'm', input: [] }, 'input'],
      [{ model: 'm', input: '' }, 'input'],
      [{ model: 'm', input: ['a', ''] }, 'input'],
      [{ model: 'm', input: [1, 2, 3] }, 'input'],
      [{ model: 'm', input: new Array(2049).fill('x') }, 'input'],
      [{ model: 'm', input: 'x'.repeat(4 * 8192 + 4) }, null],
      [{ model: 'm', input: 'x', encoding_format: 'int8' }, 'encoding_format'],
      [{ model: 'm', input: 'x', dimensions: 4 }, 'dimensions'],
      [{ model: 'm', input: 'x', dimensions: 4096 }, 'dimensions'],
      [{ model: 'm', input: 'x', dimensions: 12.5 }, 'dimensions'],
    ];
    for (const [body, param] of cases) {
      const res = await openai(mock, body);
      const label = JSON.stringify(body).slice(0, 80);
      assert.equal(res.status, 400, label);
      const { error } = await res.json();
      assert.deepEqual(Object.keys(error).sort(), ['code', 'message', 'param', 'type'], label);
      assert.equal(error.type, 'invalid_request_error', label);
      assert.equal(error.param, param, label);
      assert.ok(error.message.length > 10, label);
    }
    const most = await openai(mock, { model: 'm', input: new Array(2048).fill('x') });
    assert.equal(most.status, 200);
    assert.equal((await most.json()).data.length, 2048);
  });

  test('OpenAI: embed-fail answers 500, embed-slow waits, and Azure’s route answers too', async () => {
    const failed = await openai(mock, { model: 'embed-fail', input: 'x' });
    assert.equal(failed.status, 500);
    assert.equal((await failed.json()).error.type, 'server_error');

    const started = Date.now();
    const slow = await openai(mock, { model: 'embed-slow', input: ['a', 'b'] });
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started >= SLOW_MS - 20, `took ${Date.now() - started} ms`);
    assert.equal((await slow.json()).data.length, 2);

    const azure = await post(mock, '/openai/deployments/my-embedder/embeddings?api-version=2024-10-21', { input: 'car' });
    assert.equal(azure.status, 200);
    const body = await azure.json();
    assert.equal(body.model, 'my-embedder');
    assert.deepEqual(body.data[0].embedding, embedText('car'));
  });

  test('a client that gives up on embed-slow is logged as aborted, and the mock goes on', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const controller = new AbortController();
    const pending = fetch(`${mock.url}/v1/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'embed-slow', input: 'x' }),
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    await assert.rejects(pending, { name: 'AbortError' });
    for (let i = 0; i < 100 && !mock.requests[0]?.aborted; i++) await new Promise((r) => setTimeout(r, 10));
    assert.equal(mock.requests[0].aborted, true);
    await new Promise((r) => setTimeout(r, SLOW_MS));
    assert.equal((await openai(mock, { model: 'm', input: 'x' })).status, 200);
  });

  test('Gemini: batchEmbedContents answers { embeddings: [{ values }] } in order', async () => {
    const texts = ['car repair', 'banana bread', 'Drip lines run for 35 minutes.'];
    const res = await gemini(mock, 'gemini-embedding-001', batchOf('gemini-embedding-001', texts, { taskType: 'RETRIEVAL_DOCUMENT' }));
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.deepEqual(Object.keys(body), ['embeddings']);
    assert.equal(body.embeddings.length, 3);
    body.embeddings.forEach((embedding, index) => {
      assert.deepEqual(Object.keys(embedding), ['values']);
      assert.deepEqual(embedding.values, embedText(texts[index]));
    });

    const sized = await gemini(mock, 'text-embedding-004', batchOf('text-embedding-004', ['car'], { outputDimensionality: 768 }));
    assert.equal((await sized.json()).embeddings[0].values.length, 768);

    const parts = { requests: [{ model: 'models/e', content: { parts: [{ text: 'car' }, { text: 'repair' }] } }] };
    const joined = await (await gemini(mock, 'e', parts)).json();
    assert.deepEqual(joined.embeddings[0].values, embedText('car\nrepair'));

    const single = await gemini(mock, 'e', { content: { parts: [{ text: 'car' }] }, taskType: 'RETRIEVAL_QUERY' }, 'embedContent');
    assert.equal(single.status, 200);
    assert.deepEqual(await single.json(), { embedding: { values: embedText('car') } });
  });

  test('Gemini: 400 INVALID_ARGUMENT in Google’s shape for malformed requests; embed-fail 500, embed-slow waits', async () => {
    const cases = [
      '{not json',
      {},
      { requests: [] },
      { requests: 'x' },
      batchOf('e', new Array(101).fill('x')),
      { requests: [{ content: { parts: [{ text: 'x' }] } }] },
      batchOf('other', ['x']),
      { requests: [{ model: 'models/e', content: { parts: [] } }] },
      { requests: [{ model: 'models/e', content: { parts: [{ inlineData: { mimeType: 'image/png', data: '' } }] } }] },
      { requests: [{ model: 'models/e' }] },
      batchOf('e', ['x'], { taskType: 'GUESSING' }),
      batchOf('e', ['x'], { outputDimensionality: 4 }),
      batchOf('e', ['   ']),
    ];
    for (const body of cases) {
      const res = await gemini(mock, 'e', body);
      const label = JSON.stringify(body).slice(0, 80);
      assert.equal(res.status, 400, label);
      const { error } = await res.json();
      assert.deepEqual(Object.keys(error).sort(), ['code', 'message', 'status'], label);
      assert.equal(error.code, 400, label);
      assert.equal(error.status, 'INVALID_ARGUMENT', label);
    }
    assert.equal((await gemini(mock, 'e', batchOf('e', new Array(100).fill('x')))).status, 200);

    const failed = await gemini(mock, 'embed-fail', batchOf('embed-fail', ['x']));
    assert.equal(failed.status, 500);
    assert.equal((await failed.json()).error.status, 'INTERNAL');
    const started = Date.now();
    const slow = await gemini(mock, 'embed-slow', batchOf('embed-slow', ['x']));
    assert.equal(slow.status, 200);
    assert.ok(Date.now() - started >= SLOW_MS - 20);
  });

  test('the chat route does not take the embedding methods, nor they other methods', async () => {
    const chat = await gemini(mock, 'echo', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }, 'generateContent');
    assert.equal(chat.status, 200);
    assert.ok((await chat.json()).candidates);
    const unknown = await gemini(mock, 'e', {}, 'countTokens');
    assert.equal(unknown.status, 404);
    assert.equal((await unknown.json()).error.status, 'NOT_FOUND');
    const get = await fetch(`${mock.url}/v1/embeddings`);
    assert.equal(get.status, 404);
  });

  test('embedding requests are logged with their bodies, preflights answered', async () => {
    await fetch(`${mock.url}/__mock/reset`, { method: 'POST' });
    const preflight = await fetch(`${mock.url}/v1beta/models/e:batchEmbedContents`, {
      method: 'OPTIONS',
      headers: { origin: APP_ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-goog-api-key' },
    });
    assert.equal(preflight.status, 204);
    const openaiBody = { model: 'm', input: ['a', 'b'], dimensions: 32 };
    await (await openai(mock, openaiBody)).json();
    const geminiBody = batchOf('e', ['c']);
    await (await gemini(mock, 'e', geminiBody)).json();
    const log = await (await fetch(`${mock.url}/__mock/requests`)).json();
    assert.deepEqual(
      log.map(({ method, path }) => `${method} ${path}`),
      ['OPTIONS /v1beta/models/e:batchEmbedContents', 'POST /v1/embeddings', 'POST /v1beta/models/e:batchEmbedContents'],
    );
    assert.deepEqual(log[1].body, openaiBody);
    assert.equal(log[1].headers.authorization, 'Bearer sk-test');
    assert.deepEqual(log[2].body, geminiBody);
    assert.equal(log[2].headers['x-goog-api-key'], 'AIza-test');
  });
});
