// Tests of the MCP mock (mcp.mjs) itself, over HTTP: the modern errors of its stateless
// address, paging, and the session, ping and list_changed behaviour of its stateful one.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startMcpMock } from './mcp.mjs';

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientCapabilities': {},
};

describe('the MCP mock', () => {
  let mcp;
  before(async () => {
    mcp = await startMcpMock();
  });
  after(() => mcp.close());

  async function post(url, body, headers = {}) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    const type = response.headers.get('content-type') ?? '';
    const text = await response.text();
    const messages = type.startsWith('text/event-stream')
      ? text.split('\n\n').filter((event) => event.includes('data: ')).map((event) => JSON.parse(event.split('data: ')[1]))
      : text ? [JSON.parse(text)] : [];
    return { status: response.status, session: response.headers.get('mcp-session-id'), messages };
  }

  const modern = (method, params = {}, extra = {}) => [
    mcp.statelessUrl,
    { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: META } },
    { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...extra },
  ];

  test('the stateless address answers the modern errors', async () => {
    const [url, body] = modern('server/discover');
    let answer = await post(url, body);
    assert.equal(answer.status, 400);
    assert.equal(answer.messages[0].error.code, -32020, 'no MCP-Protocol-Version header');
    answer = await post(url, { ...body, params: {} }, { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover' });
    assert.equal(answer.messages[0].error.code, -32602, 'no _meta');
    const old = { ...body, params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } } };
    answer = await post(url, old, { 'mcp-protocol-version': '2025-11-25', 'mcp-method': 'server/discover' });
    assert.equal(answer.messages[0].error.code, -32022);
    assert.deepEqual(answer.messages[0].error.data.supported, ['2026-07-28']);
    answer = await post(...modern('server/discover', {}, { 'mcp-method': 'tools/list' }));
    assert.equal(answer.messages[0].error.code, -32020, 'Mcp-Method does not match');
    answer = await post(...modern('server/discover'));
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.messages[0].result.supportedVersions, ['2026-07-28']);
    assert.equal(answer.session, null, 'no session');
  });

  test('the stateless address pages its tools and reads a tool parameter header', async () => {
    const names = [];
    let cursor;
    for (let pages = 0; pages < 5; pages++) {
      const { messages } = await post(...modern('tools/list', cursor ? { cursor } : {}));
      names.push(...messages[0].result.tools.map((tool) => tool.name));
      cursor = messages[0].result.nextCursor;
      if (!cursor) break;
    }
    assert.deepEqual(names, ['add', 'chime', 'fail', 'where']);
    const call = modern('tools/call', { name: 'where', arguments: { region: 'eu' } }, { 'mcp-name': 'where', 'mcp-param-region': 'eu' });
    const { messages } = await post(...call);
    assert.equal(messages[0].result.content[0].text, 'Region eu; header eu.');
    const unnamed = await post(...modern('tools/call', { name: 'add', arguments: { a: 1, b: 2 } }));
    assert.equal(unnamed.messages[0].error.code, -32020, 'Mcp-Name is required on tools/call');
  });

  test('the stateful address keeps sessions, pings the client, says its tools changed and forgets', async () => {
    const init = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    assert.equal(init.messages[0].result.protocolVersion, '2025-11-25');
    const session = init.session;
    assert.match(session, /^mock-session-\d+$/);
    const without = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(without.status, 400);
    const headers = { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' };
    const list = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 3, method: 'tools/list' }, headers);
    assert.equal(list.messages[0].result.tools.length, 2);
    assert.equal(list.messages[0].result.nextCursor, '2');

    // ping-first: the server's ping comes first; the client's answer lets it finish.
    const pinged = fetch(mcp.statefulUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'ping-first', arguments: {} } }),
    });
    const response = await pinged;
    const reader = response.body.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    assert.match(first, /"method":"ping"/);
    const answer = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 'ping-4', result: {} }, headers);
    assert.equal(answer.status, 202);
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    assert.match(rest, /The client answered the ping\./);

    const grow = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'grow', arguments: {} } }, headers);
    assert.deepEqual(grow.messages.map((m) => m.method ?? 'result'), ['notifications/tools/list_changed', 'result']);

    await fetch(`${mcp.origin}/__mcp/forget`, { method: 'POST' });
    const gone = await post(mcp.statefulUrl, { jsonrpc: '2.0', id: 6, method: 'tools/list' }, headers);
    assert.equal(gone.status, 404, 'a forgotten session is 404');
    assert.ok(mcp.requests().some((r) => r.path === '/stateful' && r.method === 'initialize'));
  });
});
