// End-to-end tests that a request goes out with exactly the URL it was built with, and only
// there, in real headless Chromium against the built app. The receiving server logs the
// request line as it came off the socket, and each test compares it byte for byte: the fetch
// tool (with the URL the approval prompt showed), an Azure OpenAI deployment (`?api-version=`
// added by Hearth), and a custom base URL that carries a query of its own, for each provider
// family. Before issue 28 gloo-net's request builder appended a stray `&` to every URL with a
// query. A redirect is not followed, by the fetch tool or by a provider request (whose key
// would go with it): the second server it points to hears nothing.
// Elements are found by role and accessible name only.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, openChatWithProvider, send, settled, useHarness, waitForStoredProvider } from '../support/chat.mjs';
import { FAMILIES, mockRequests, resetMock } from '../support/mock.mjs';
import { closeProviders, commit, openProviders, providerForm } from '../support/providers.mjs';
import { startTarget } from '../support/target.mjs';

/** The request lines of the chat requests (POSTs, not preflights) `mock` logged for `path`. */
async function postLines(mock, path) {
  return (await mockRequests(mock))
    .filter((entry) => entry.method === 'POST' && entry.path === path)
    .map((entry) => `${entry.method} ${entry.target}`);
}

describe('exact requests', () => {
  const env = useHarness();
  let target;
  let elsewhere;

  before(async () => {
    elsewhere = await startTarget();
    target = await startTarget({ redirectTo: elsewhere.url });
  });

  after(() => Promise.all([target?.close(), elsewhere?.close()]));

  test('the fetch tool requests exactly the URL the approval prompt showed', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-fetch', tools: ['Fetch a URL'] });
    target.clear();
    // A query with an encoded slash, an encoded space and an empty value: a signed URL's shape.
    const path = '/secret?x=1&sig=a%2Fb%20c&empty=';
    await send(chat, `${target.url}${path}`);
    const prompt = chat.reply.getByRole('group', { name: 'Approve the fetch_url call', exact: true });
    await prompt.waitFor();
    await prompt.getByText(`${target.url}${path}`, { exact: true }).waitFor();
    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await settled(chat);
    assert.deepEqual(target.lines, [`GET ${path} HTTP/1.1`], 'what ran is what was shown, byte for byte');
    assert.equal(target.headers[0].cookie, undefined, 'no cookies');
    assert.equal(target.headers[0].referer, undefined, 'no referrer');
    await chat.reply.getByText('Fetched (0 errors): target page', { exact: true }).waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('the fetch tool does not follow a redirect: the model is told, the other address hears nothing', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-fetch', tools: ['Fetch a URL'] });
    target.clear();
    elsewhere.clear();
    await send(chat, `${target.url}/moved/page?x=1`);
    const prompt = chat.reply.getByRole('group', { name: 'Approve the fetch_url call', exact: true });
    await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    await settled(chat);
    assert.deepEqual(target.lines, ['GET /moved/page?x=1 HTTP/1.1'], 'the approved address, once');
    assert.deepEqual(elsewhere.lines, [], 'the address it redirects to is not requested');
    await chat.reply.getByText(/^Fetched \(1 errors\): Error: .*answered with a redirect\. Hearth fetches only the approved address and did not follow it/).waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('a provider that answers with a redirect gets an error card, and its key goes nowhere else', async (t) => {
    const redirecting = { ...FAMILIES.openai, baseUrl: () => `${target.url}/moved/v1` };
    const chat = await openChatWithProvider(t, env, { family: redirecting, scenario: 'markdown', apiKey: 'sk-secret' });
    target.clear();
    elsewhere.clear();
    await send(chat, 'Hello?');
    await settled(chat);
    const posts = target.lines.filter((line) => line.startsWith('POST'));
    assert.ok(posts.length >= 1, 'the request went to the address set');
    for (const line of posts) assert.equal(line, 'POST /moved/v1/chat/completions HTTP/1.1', 'only to the address set');
    assert.deepEqual(elsewhere.lines, [], 'nothing, and no key, reaches the address it redirects to');
    await chat.reply.getByText(/answered with a redirect, which Hearth does not follow \(your key goes only to the address you set\)/).waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('an Azure OpenAI deployment gets its api-version and nothing more', async (t) => {
    await resetMock(env.mock);
    const chat = await openApp(t, env);
    const dialog = await openProviders(chat.page);
    await dialog.getByRole('combobox', { name: 'New provider type', exact: true }).selectOption({ label: 'Azure OpenAI' });
    await dialog.getByRole('button', { name: 'Add provider', exact: true }).click();
    const form = providerForm(chat.page);
    const baseUrl = `${env.mock.url}/openai/deployments/markdown`;
    await commit(form.getByRole('textbox', { name: 'Base URL', exact: true }), baseUrl);
    await commit(form.getByLabel('API key', { exact: true }), 'azure-key');
    await commit(form.getByRole('textbox', { name: 'Model (deployment name)', exact: true }), 'markdown');
    await closeProviders(chat.page);
    await waitForStoredProvider(chat.page, { baseUrl, apiKey: 'azure-key', model: 'markdown' });
    await send(chat, 'Show me some markdown.');
    await settled(chat);
    const path = '/openai/deployments/markdown/chat/completions';
    const [first] = await postLines(env.mock, path);
    assert.equal(first, `POST ${path}?api-version=2024-10-21`);
    const [logged] = (await mockRequests(env.mock)).filter((entry) => entry.method === 'POST' && entry.path === path);
    assert.equal(logged.headers['api-key'], 'azure-key', 'the key goes in the api-key header');
    assert.deepEqual(chat.errors, []);
  });

  // A base URL with a query of its own (a gateway's tenant, a signed proxy): the endpoint's
  // path goes before the query, and the query is sent unchanged.
  const withQuery = [
    [FAMILIES.openai, (mock) => `${mock.url}/v1?tenant=a%2Fb&sig=x%20y`, '/v1/chat/completions?tenant=a%2Fb&sig=x%20y'],
    [FAMILIES.anthropic, (mock) => `${mock.url}?tenant=a%2Fb`, '/v1/messages?tenant=a%2Fb'],
    [
      FAMILIES.gemini,
      (mock) => `${mock.url}?tenant=a%2Fb`,
      '/v1beta/models/markdown:streamGenerateContent?tenant=a%2Fb&alt=sse',
    ],
  ];
  for (const [family, baseUrl, expected] of withQuery) {
    test(`${family.name}: a custom base URL with a query is requested exactly`, async (t) => {
      const chat = await openChatWithProvider(t, env, { family: { ...family, baseUrl }, scenario: 'markdown' });
      await send(chat, 'Show me some markdown.');
      await settled(chat);
      const path = expected.split('?')[0];
      const lines = await postLines(env.mock, path);
      assert.ok(lines.length >= 1, `the mock got the chat request at ${path}`);
      assert.equal(lines[0], `POST ${expected}`);
      assert.match(await chat.reply.innerText(), /bold/, 'the reply arrived');
      assert.deepEqual(chat.errors, []);
    });
  }
});
