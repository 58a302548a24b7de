// End-to-end tests of MCP in real headless Chromium against Hearth's own MCP mock
// (tests/mock/mcp.mjs), for what the reference server does not do: the stateless
// 2026-07-28 revision (discovered, no session, every request named in its headers and
// stamped in its `_meta`, a tool parameter mirrored as a header), and, from a 2025-11-25
// server, tools listed across pages, an `isError` result, a sound, a ping the server sends
// in the middle of a call, a tool list that changes, and a session the server forgets.
// Elements are found by role and accessible name only.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { closeTools, editAgent, openTools, saveAgent } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { startMcpMock } from '../mock/mcp.mjs';

describe('MCP servers of both eras', () => {
  const env = useHarness();
  let mcp;

  before(async () => {
    mcp = await startMcpMock();
  });
  after(() => mcp?.close());
  beforeEach(() => fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' }));

  /** Adds the mock at `url` as "mock" in the Tools dialog; returns the dialog. */
  async function addMock(page, url) {
    const tools = await openTools(page);
    const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
    await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(url);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('mock');
    await form.getByRole('button', { name: 'Add server', exact: true }).click();
    return tools;
  }

  /** Offers the mock's tools `names` in the agent (each asks first). */
  async function offer(page, names) {
    const editor = await editAgent(page);
    const section = editor.getByRole('group', { name: 'Tools from the MCP server mock', exact: true });
    for (const name of names) await section.getByRole('checkbox', { name: `${name} (mock)`, exact: true }).check();
    await saveAgent(page, editor);
  }

  /** Allows each call of `names` as its approval comes. */
  async function allow(chat, names) {
    for (const name of names) {
      const prompt = chat.reply.getByRole('group', { name: `Approve the ${name} call`, exact: true });
      await prompt.getByRole('button', { name: 'Allow', exact: true }).click();
    }
  }

  test('a 2026-07-28 server is spoken to statelessly: discovered, no session, every request named and stamped', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-modern' });
    const tools = await addMock(chat.page, mcp.statelessUrl);
    await tools.getByText('It works: Hearth mock MCP 1.0.0 speaks MCP 2026-07-28 and offers 4 tools.', { exact: true }).waitFor();
    await closeTools(chat.page);
    await offer(chat.page, ['add', 'where']);

    await sendMessage(chat, 'Add, then say where.', { click: true });
    await allow(chat, ['add', 'where']);
    await settled(chat);
    const [, second] = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(FAMILIES.openai.results(second.body).map(({ id, content }) => ({ id, content })), [
      { id: 'call_add', content: 'The sum of 2 and 3 is 5.' },
      { id: 'call_where', content: 'Region eu west; header eu west.' },
    ]);

    const requests = mcp.requests();
    assert.ok(requests.every((r) => r.path === '/stateless'), 'nothing went to the 2025 address');
    const methods = requests.map((r) => r.method);
    assert.equal(methods[0], 'server/discover', 'the first request asks the modern way');
    assert.ok(!methods.includes('initialize'), `no initialize: ${methods}`);
    for (const r of requests) {
      assert.equal(r.headers['mcp-protocol-version'], '2026-07-28', `${r.method}: the version header`);
      assert.equal(r.headers['mcp-method'], r.method, `${r.method}: Mcp-Method`);
      assert.equal(r.headers['mcp-session-id'], undefined, `${r.method}: no session`);
      assert.equal(r.body.params._meta['io.modelcontextprotocol/protocolVersion'], '2026-07-28');
      assert.deepEqual(r.body.params._meta['io.modelcontextprotocol/clientCapabilities'], { elicitation: { form: {}, url: {} }, extensions: { 'io.modelcontextprotocol/ui': { mimeTypes: ['text/html;profile=mcp-app'] } } }, 'elicitation and MCP Apps declared, no sampling or roots');
      assert.equal(r.body.params._meta['io.modelcontextprotocol/clientInfo'].name, 'hearth');
    }
    const lists = requests.filter((r) => r.method === 'tools/list');
    assert.deepEqual(lists.slice(0, 2).map((r) => r.body.params.cursor), [undefined, '2'], 'two tools a page');
    const calls = requests.filter((r) => r.method === 'tools/call');
    assert.deepEqual(calls.map((r) => r.headers['mcp-name']), ['add', 'where']);
    assert.equal(calls[1].headers['mcp-param-region'], 'eu west', 'the x-mcp-header parameter');
    assert.equal(typeof calls[0].body.params._meta.progressToken, 'number', 'the progress token is kept beside');

    // The server goes back to 2025-11-25: its refusal of a stateless request makes Hearth
    // ask it afresh, and the calls go through on a session.
    await fetch(`${mcp.origin}/__mcp/downgrade`, { method: 'POST' });
    const before = mcp.requests().length;
    await sendMessage(chat, 'Again.', { click: true });
    await allow(chat, ['add', 'where']);
    await settled(chat);
    const [, , , fourth] = await chatRequests(env.mock, FAMILIES.openai);
    const again = Object.fromEntries(FAMILIES.openai.results(fourth.body).map(({ id, content }) => [id, content]));
    assert.equal(again.call_add_2, 'The sum of 2 and 3 is 5.');
    const later = mcp.requests().slice(before).map((r) => r.method);
    assert.ok(later.includes('initialize'), `a session is started: ${later}`);
    assert.deepEqual(chat.errors, []);
  });

  test('a 2025 server: tools across pages, an error, a sound, a ping answered, a changed list, a forgotten session', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-four' });
    const tools = await addMock(chat.page, mcp.statefulUrl);
    await tools.getByText('It works: Hearth mock MCP 1.0.0 speaks MCP 2025-11-25 and offers 6 tools.', { exact: true }).waitFor();
    const first = mcp.requests().map((r) => r.method);
    assert.deepEqual(first.slice(0, 2), ['server/discover', 'initialize'], 'asked the modern way, then initialised');
    assert.deepEqual(
      mcp.requests().filter((r) => r.method === 'tools/list').map((r) => r.body.params?.cursor),
      [undefined, '2', '4'],
      'three pages of two',
    );
    await closeTools(chat.page);
    const names = ['fail', 'chime', 'ping-first', 'grow'];
    await offer(chat.page, names);

    await sendMessage(chat, 'Try them all.', { click: true });
    await allow(chat, names);
    await settled(chat);
    const [, second] = await chatRequests(env.mock, FAMILIES.openai);
    const results = Object.fromEntries(FAMILIES.openai.results(second.body).map(({ id, content }) => [id, content]));
    assert.match(results.call_fail, /The mock failed on purpose\./);
    assert.match(results.call_chime, /Here is a chime\./);
    assert.match(results.call_chime, /sound/i, 'the model is told of the sound');
    assert.equal(results.call_ping, 'The client answered the ping.');
    assert.equal(results.call_grow, 'The tool "grown" was added.');
    const pong = mcp.requests().find((r) => r.method === null && String(r.body.id).startsWith('ping-'));
    assert.deepEqual(pong?.body.result, {}, 'the ping is answered with an empty result');

    const { messages } = await readDatabase(chat.page, ['messages']);
    const stored = Object.fromEntries(messages.flatMap((m) => m.tool_calls ?? []).map((call) => [call.id, call]));
    assert.equal(stored.call_fail.result.is_error, true, 'isError is a tool error');
    assert.equal(stored.call_chime.result.is_error, false);
    await chat.reply.getByRole('button', { name: 'Used 4 tools', exact: true }).click();
    await chat.reply.getByLabel('Sound 1 returned by mock__chime', { exact: true }).waitFor();

    // The changed list is read again: the new tool is there to offer.
    const tools2 = await openTools(chat.page);
    await tools2.getByText('7 tools', { exact: true }).waitFor();
    await closeTools(chat.page);

    // The server forgets every session: the next call starts a new one and goes through.
    await fetch(`${mcp.origin}/__mcp/forget`, { method: 'POST' });
    await sendMessage(chat, 'Again.', { click: true });
    await allow(chat, names);
    await settled(chat);
    const [, , , fourth] = await chatRequests(env.mock, FAMILIES.openai);
    // (The mock numbers the ids of a scenario played again: call_ping_2.)
    const again = Object.fromEntries(FAMILIES.openai.results(fourth.body).map(({ id, content }) => [id, content]));
    assert.equal(again.call_ping_2, 'The client answered the ping.');
    await waitUntil(
      () => mcp.requests().filter((r) => r.method === 'initialize').length >= 2,
      'a new session is initialised',
    );
    assert.deepEqual(chat.errors, []);
  });
});
