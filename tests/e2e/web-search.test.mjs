// End-to-end tests of web search with sources, in real headless Chromium against the mock LLM
// server: with "Search the web" pressed, each family asks the provider's own search (the
// request carries its search tool), and the answer shows the search in the provider-tools list,
// numbered citation marks linked to a Sources list (links open only on a click, without a
// referrer), and, for Gemini, Google's search suggestions as plain links. The sources are
// stored with the reply and shown again after a reload. A model that cannot search says so
// before anything is sent, and a provider's refusal gets a card naming the switch. axe checks
// the new views at 1280 px and at 390 px in dark mode. Elements are found by role and name.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser.mjs';
import { addMockProvider, openApp, sendAndSettle, useHarness, waitOn } from '../support/chat.mjs';
import { axeViolations } from '../support/axe.mjs';
import { readDatabase } from '../support/idb.mjs';
import { FAMILIES, mockRequests, resetMock } from '../support/mock.mjs';
import { closeProviders, providerForm } from '../support/providers.mjs';

/** The wire shapes searched here: each with the Providers type, the API choice, and its search tool in a request body. */
const WIRES = [
  {
    name: 'Responses',
    type: 'Custom (OpenAI-compatible)',
    api: 'Responses',
    baseUrl: (mock) => `${mock.url}/v1`,
    isChat: (entry) => entry.method === 'POST' && entry.path === '/v1/responses',
    searches: (body) => (body.tools ?? []).some((tool) => tool.type === 'web_search'),
  },
  {
    name: 'Chat Completions (OpenRouter)',
    type: 'OpenRouter',
    baseUrl: (mock) => `${mock.url}/v1`,
    isChat: (entry) => entry.method === 'POST' && entry.path === '/v1/chat/completions',
    searches: (body) => (body.plugins ?? []).some((plugin) => plugin.id === 'web'),
    // OpenRouter's web plugin reports its sources, not the searches it made.
    listsSearches: false,
  },
  {
    name: 'Anthropic',
    type: 'Anthropic',
    baseUrl: FAMILIES.anthropic.baseUrl,
    isChat: FAMILIES.anthropic.isChat,
    searches: (body) => (body.tools ?? []).some((tool) => tool.name === 'web_search'),
  },
  {
    name: 'Gemini',
    type: 'Google Gemini',
    baseUrl: FAMILIES.gemini.baseUrl,
    isChat: FAMILIES.gemini.isChat,
    searches: (body) => (body.tools ?? []).some((tool) => 'google_search' in tool),
  },
];

/** Opens the app with one provider of `wire` answering with `scenario`. */
async function openWith(t, env, wire, scenario) {
  await resetMock(env.mock);
  const chat = await openApp(t, env);
  const family = { type: wire.type, baseUrl: wire.baseUrl };
  await addMockProvider(chat.page, env.mock, { family, scenario, keepOpen: true });
  if (wire.api) {
    await providerForm(chat.page).getByRole('combobox', { name: 'API', exact: true }).selectOption({ label: wire.api });
  }
  await closeProviders(chat.page);
  if (wire.api) {
    await waitOn(chat, async () => {
      const { providers } = await readDatabase(chat.page, ['providers']);
      return providers[0]?.api === 'responses';
    }, 'the API choice is stored');
  }
  return chat;
}

/** The chat requests of `wire` the mock logged. */
async function requestsOf(env, wire) {
  return (await mockRequests(env.mock)).filter((entry) => wire.isChat(entry) && !JSON.stringify(entry.body).includes('Write a title'));
}

/** Checks the searched answer `reply` shows: the search, two numbered marks and the two sources. */
async function assertSourced(page, reply, wire) {
  if (wire.listsSearches !== false) {
    const tools = reply.getByRole('list', { name: 'Provider tools', exact: true });
    await tools.waitFor();
    assert.match(await tools.innerText(), /Searched the web for “hearth fireplace history”/, `${wire.name}: the search is listed`);
  }
  const sources = reply.getByRole('list', { name: 'Sources', exact: true });
  await sources.waitFor();
  const links = sources.getByRole('link');
  assert.equal(await sources.getByRole('listitem').count(), 2, `${wire.name}: two sources`);
  for (const link of await links.all()) {
    assert.equal(await link.getAttribute('target'), '_blank');
    assert.match(await link.getAttribute('rel'), /noopener/);
    assert.match(await link.getAttribute('rel'), /noreferrer/);
    assert.equal(await link.getAttribute('referrerpolicy'), 'no-referrer');
    assert.match(await link.getAttribute('href'), /^https:\/\//);
  }
  const first = reply.getByRole('link', { name: 'Source 1', exact: true });
  assert.ok((await first.count()) >= 1, `${wire.name}: the text has a mark for source 1`);
  const target = (await first.first().getAttribute('href')).slice(1);
  assert.equal(await page.locator(`[id="${target}"]`).count(), 1, `${wire.name}: the mark points at its source`);
  if (wire.name !== 'Gemini') {
    // Gemini's grounding names sites by their redirect links; the others by the page.
    assert.match(await sources.innerText(), /Hearth - Wikipedia/);
  }
}

describe('web search with sources', () => {
  const env = useHarness();

  for (const wire of WIRES) {
    test(`${wire.name}: Search the web asks the provider's search; the answer cites its sources, kept after a reload`, async (t) => {
      const chat = await openWith(t, env, wire, 'search');
      const toggle = chat.page.getByRole('button', { name: 'Search the web', exact: true });
      assert.equal(await toggle.getAttribute('aria-pressed'), 'false', 'off by default');
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-pressed'), 'true');
      const reply = await sendAndSettle(chat, 'When did chimneys come into use?');
      const [request] = await requestsOf(env, wire);
      assert.ok(request, 'a chat request went out');
      assert.ok(wire.searches(request.body), `${wire.name}: the request asks for the provider's search: ${JSON.stringify(request.body).slice(0, 600)}`);
      await assertSourced(chat.page, reply, wire);
      if (wire.name === 'Gemini') {
        const suggestions = reply.getByRole('navigation', { name: 'Google Search suggestions', exact: true });
        const link = suggestions.getByRole('link', { name: 'hearth fireplace history', exact: true });
        assert.equal(await link.getAttribute('href'), 'https://www.google.com/search?q=hearth+fireplace+history');
        assert.equal(await link.getAttribute('referrerpolicy'), 'no-referrer');
      }
      if (wire.name === 'Responses') {
        await screenshot(chat.page, '49-search-sources.png');
        assert.deepEqual(await axeViolations(chat.page), [], 'the sources and the search pass axe at 1280 px');
        await chat.page.setViewportSize({ width: 390, height: 844 });
        await chat.page.emulateMedia({ colorScheme: 'dark' });
        assert.deepEqual(await axeViolations(chat.page), [], 'and at 390 px in dark mode');
        await screenshot(chat.page, '49-search-sources-narrow-dark.png');
      }
      const { messages } = await readDatabase(chat.page, ['messages']);
      const stored = messages.find((m) => m.role === 'assistant');
      assert.equal(stored.sources.length, 2, 'the sources are stored with the reply');
      assert.ok(stored.citations.length >= 2, 'and where the text cites them');
      await chat.page.reload();
      await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
      await assertSourced(chat.page, chat.reply, wire);
      assert.deepEqual(chat.errors, []);
    });
  }

  test('a model that cannot search says so before sending; a provider that refuses gets a card naming the switch', async (t) => {
    const chat = await openWith(t, env, { type: 'Custom (OpenAI-compatible)', baseUrl: FAMILIES.openai.baseUrl }, 'echo');
    await chat.page.getByRole('button', { name: 'Search the web', exact: true }).click();
    const reply = await sendAndSettle(chat, 'Search this');
    const card = reply.getByRole('alert');
    await card.waitFor();
    assert.match(await card.innerText(), /cannot search the web with this model/);
    assert.match(await card.innerText(), /Search the web/);
    assert.equal((await mockRequests(env.mock)).filter((e) => e.method === 'POST').length, 0, 'nothing was sent');

    const anthropic = await openWith(t, env, WIRES[2], 'search-refused');
    await anthropic.page.getByRole('button', { name: 'Search the web', exact: true }).click();
    const refused = await sendAndSettle(anthropic, 'Search this');
    const refusal = refused.getByRole('alert');
    await refusal.waitFor();
    const text = await refusal.innerText();
    assert.match(text, /Search the web/, `the card names the switch: ${text}`);
    assert.deepEqual(anthropic.errors, []);
  });
});
