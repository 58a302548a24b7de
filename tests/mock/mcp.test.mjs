// Tests of the MCP mock (mcp.mjs) itself, over HTTP: the modern errors of its stateless
// address, paging, the session, ping and list_changed behaviour of its stateful one, the
// MCP Apps tools and views of its apps one, and the OAuth sign-in (oauth.mjs) its
// protected one asks for.
import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { Script } from 'node:vm';
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

  test('the asking address has one tool, which asks the client what the test wants asked and says the answer', async () => {
    const init = await post(mcp.askingUrl, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: {} }, clientInfo: { name: 't', version: '1' } } });
    const headers = { 'mcp-session-id': init.session, 'mcp-protocol-version': '2025-11-25' };
    const list = await post(mcp.askingUrl, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, headers);
    assert.deepEqual(list.messages[0].result.tools.map((tool) => tool.name), ['ask']);
    const request = { message: 'Your name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } };
    const response = await fetch(mcp.askingUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', ...headers },
      body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'ask', arguments: { request } } }),
    });
    const reader = response.body.getReader();
    const asked = JSON.parse(/data: (.*)/.exec(new TextDecoder().decode((await reader.read()).value))[1]);
    assert.deepEqual(asked, { jsonrpc: '2.0', id: 'ask-3', method: 'elicitation/create', params: request });
    const answer = { action: 'accept', content: { name: 'Ada' } };
    assert.equal((await post(mcp.askingUrl, { jsonrpc: '2.0', id: 'ask-3', result: answer }, headers)).status, 202);
    let rest = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      rest += new TextDecoder().decode(value);
    }
    assert.match(rest, /Answer: \{\\"action\\":\\"accept\\",\\"content\\":\{\\"name\\":\\"Ada\\"\}\}/);
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

describe('the MCP mock\'s apps address', () => {
  let mcp;
  let headers;
  before(async () => {
    mcp = await startMcpMock();
  });
  after(() => mcp.close());

  async function post(body) {
    const response = await fetch(mcp.appsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, session: response.headers.get('mcp-session-id'), body: await response.json() };
  }
  const read = async (uri) => (await post({ jsonrpc: '2.0', id: 9, method: 'resources/read', params: { uri } })).body;
  const VIEWS = ['probe', 'hostile', 'bad-mime', 'huge', 'wide-csp', 'wide-csp-2', 'clicker'];

  before(async () => {
    const init = await post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
    assert.deepEqual(init.body.result.capabilities, { tools: { listChanged: true }, resources: {} });
    headers = { 'mcp-session-id': init.session, 'mcp-protocol-version': '2025-11-25' };
  });

  test('lists its tools on one page, each view tool with both resourceUri keys, and the two visibility tools', async () => {
    const { body } = await post({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    assert.equal(body.result.nextCursor, undefined);
    const tools = Object.fromEntries(body.result.tools.map((tool) => [tool.name, tool]));
    assert.deepEqual(Object.keys(tools), [...VIEWS, 'model-only', 'double']);
    for (const name of VIEWS) {
      const uri = `ui://mock/${name}.html`;
      assert.deepEqual(tools[name]._meta, { ui: { resourceUri: uri }, 'ui/resourceUri': uri }, name);
    }
    assert.deepEqual(tools['model-only']._meta, { ui: { visibility: ['model'] } });
    assert.deepEqual(tools.double._meta, { ui: { visibility: ['app'] } });
    assert.deepEqual(Object.keys(tools.probe.inputSchema.properties), ['declared', 'undeclared']);
    const listed = await post({ jsonrpc: '2.0', id: 3, method: 'resources/list' });
    assert.deepEqual(listed.body.result.resources.map((resource) => resource.uri), VIEWS.map((name) => `ui://mock/${name}.html`));
  });

  test('its tools answer text and structured content; double doubles; other endpoints\' tools are unknown here', async () => {
    const call = async (name, args = {}) => (await post({ jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name, arguments: args } })).body;
    assert.deepEqual((await call('double', { n: 21 })).result, { content: [{ type: 'text', text: '42' }], structuredContent: { value: 42 } });
    const probe = (await call('probe', { declared: 'http://127.0.0.1:1', undeclared: 'http://127.0.0.1:2' })).result;
    assert.equal(probe.content[0].type, 'text');
    assert.deepEqual(probe.structuredContent, { declared: 'http://127.0.0.1:1', undeclared: 'http://127.0.0.1:2' });
    for (const name of [...VIEWS, 'model-only']) {
      const { result } = await call(name);
      assert.equal(result.content[0].type, 'text', name);
      assert.ok(result.content[0].text, name);
      assert.equal(typeof result.structuredContent, 'object', name);
    }
    assert.equal((await call('add', { a: 1, b: 2 })).error.code, -32602);
    assert.ok(mcp.requests().some((r) => r.path === '/apps' && r.method === 'tools/call' && r.body.params.name === 'add'), 'logged');
  });

  test('reads each view: its mimeType and _meta.ui; huge is over 5 MiB; every view script parses', async () => {
    const expected = {
      probe: [{}, 'text/html;profile=mcp-app'],
      hostile: [{}, 'text/html;profile=mcp-app'],
      'bad-mime': [{}, 'text/plain'],
      huge: [{}, 'text/html;profile=mcp-app'],
      'wide-csp': [{ csp: { connectDomains: ['*'] } }, 'text/html;profile=mcp-app'],
      'wide-csp-2': [{ csp: { resourceDomains: ['https://a.example; script-src *', 'https://a.example; connect-src *'] } }, 'text/html;profile=mcp-app'],
      clicker: [{}, 'text/html;profile=mcp-app'],
    };
    for (const [name, [ui, mimeType]] of Object.entries(expected)) {
      const uri = `ui://mock/${name}.html`;
      const { result } = await read(uri);
      assert.equal(result.contents.length, 1, name);
      const [content] = result.contents;
      assert.equal(content.uri, uri);
      assert.equal(content.mimeType, mimeType, name);
      assert.deepEqual(content._meta, { ui }, name);
      assert.match(content.text, /^<!DOCTYPE html>/, name);
      assert.doesNotMatch(content.text, /\b(src|href)=["']?https?:/, `${name} loads nothing from outside`);
      const script = /<script type="module">([\s\S]*?)<\/script>/.exec(content.text)[1];
      assert.doesNotThrow(() => new Script(script), `${name}'s script parses`);
      assert.match(script, /'ui\/initialize'/, name);
      if (name === 'huge') assert.ok(Buffer.byteLength(content.text) > 5 * 1024 * 1024, 'huge is over 5 MiB');
      else assert.ok(content.text.length < 64 * 1024, `${name} is small`);
    }
    const { result } = await read('ui://mock/clicker.html');
    for (const label of ['Call add', 'Open link', 'Send message']) assert.match(result.contents[0].text, new RegExp(`<button type="button" id="\\w+">${label}</button>`));
    assert.equal((await read('ui://mock/nothing.html')).error.code, -32002);
  });

  test('the probe view declares the origin the test sets, until reset', async () => {
    const declare = (body) => fetch(`${mcp.origin}/__mcp/apps-declared`, { method: 'POST', body });
    assert.equal((await declare(JSON.stringify({ origin: 'http://127.0.0.1:4321' }))).status, 204);
    assert.deepEqual((await read('ui://mock/probe.html')).result.contents[0]._meta, { ui: { csp: { connectDomains: ['http://127.0.0.1:4321'] } } });
    assert.equal((await declare('{"origin": 5}')).status, 400);
    assert.equal((await declare(JSON.stringify({ origin: null }))).status, 204);
    assert.deepEqual((await read('ui://mock/probe.html')).result.contents[0]._meta, { ui: {} });
    await declare(JSON.stringify({ origin: 'http://127.0.0.1:4321' }));
    await fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' });
    assert.deepEqual((await read('ui://mock/probe.html')).result.contents[0]._meta, { ui: {} });
  });
});

describe('the MCP mock behind OAuth', () => {
  let mcp;
  before(async () => {
    mcp = await startMcpMock();
  });
  after(() => mcp.close());
  beforeEach(() => fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' }));

  const REDIRECT = 'http://127.0.0.1:9/callback';
  const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
  const control = (path, body) => fetch(`${mcp.origin}/__mcp/oauth/${path}`, { method: 'POST', body: body && JSON.stringify(body) });
  const oauthLog = async () => (await fetch(`${mcp.origin}/__mcp/oauth/log`)).json();

  async function register() {
    const response = await fetch(`${mcp.origin}/as/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'Hearth test', redirect_uris: [REDIRECT], grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none' }),
    });
    assert.equal(response.status, 201);
    return response.json();
  }

  /** Asks /as/authorize for a code; returns the redirect's query and the verifier. */
  async function authorize(clientId, extra = {}) {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state: 'state-42',
      resource: mcp.protectedUrl,
      scope: 'tools',
      ...extra,
    });
    const response = await fetch(`${mcp.origin}/as/authorize?${query}`, { redirect: 'manual' });
    assert.equal(response.status, 302);
    const location = new URL(response.headers.get('location'));
    assert.equal(`${location.origin}${location.pathname}`, REDIRECT);
    return { params: location.searchParams, verifier };
  }

  async function token(form, headers = {}) {
    const response = await fetch(`${mcp.origin}/as/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(form),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }

  const codeForm = (clientId, code, verifier) => ({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: REDIRECT, client_id: clientId, resource: mcp.protectedUrl });
  const refreshForm = (clientId, refreshToken) => ({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource: mcp.protectedUrl });

  /** Registers, authorizes and exchanges the code; returns the client id and the tokens. */
  async function signIn() {
    const client = await register();
    const { params, verifier } = await authorize(client.client_id);
    const { status, body } = await token(codeForm(client.client_id, params.get('code'), verifier));
    assert.equal(status, 200, JSON.stringify(body));
    return { clientId: client.client_id, tokens: body };
  }

  async function callProtected(body, headers = {}) {
    const response = await fetch(mcp.protectedUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: await response.json() };
  }
  const bearer = (accessToken) => ({ authorization: `Bearer ${accessToken}` });

  test('the metadata names the resource and the authorization server; other well-known paths are 404', async () => {
    const resource = await fetch(`${mcp.origin}/.well-known/oauth-protected-resource/protected`, { headers: { origin: 'http://hearth.test' } });
    assert.equal(resource.headers.get('access-control-allow-origin'), '*');
    assert.deepEqual(await resource.json(), { resource: mcp.protectedUrl, authorization_servers: [`${mcp.origin}/as`], scopes_supported: ['tools'] });
    const server = await (await fetch(`${mcp.origin}/.well-known/oauth-authorization-server/as`)).json();
    assert.equal(server.issuer, `${mcp.origin}/as`);
    assert.equal(server.token_endpoint, `${mcp.origin}/as/token`);
    assert.deepEqual(server.code_challenge_methods_supported, ['S256']);
    assert.equal(server.authorization_response_iss_parameter_supported, true);
    const other = await fetch(`${mcp.origin}/.well-known/oauth-protected-resource`);
    assert.equal(other.status, 404);
    assert.ok(other.headers.get('access-control-allow-origin'));
  });

  test('registration wants http(s) redirect URIs; authorize refuses an unknown client on a page, not a redirect', async () => {
    const bad = await fetch(`${mcp.origin}/as/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ redirect_uris: ['javascript:alert(1)'] }) });
    assert.equal(bad.status, 400);
    assert.equal((await bad.json()).error, 'invalid_redirect_uri');
    const client = await register();
    assert.match(client.client_id, /^client-\d+$/);
    assert.equal(client.token_endpoint_auth_method, 'none');
    const unknown = await fetch(`${mcp.origin}/as/authorize?client_id=nobody&redirect_uri=${encodeURIComponent(REDIRECT)}`, { redirect: 'manual' });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.headers.get('location'), null);
    assert.match(await unknown.text(), /Unknown client/);
    const plain = await authorize(client.client_id, { code_challenge_method: 'plain' });
    assert.equal(plain.params.get('error'), 'invalid_request');
    assert.equal(plain.params.get('state'), 'state-42');
    assert.equal(plain.params.get('code'), null);
  });

  test('register, authorize and exchange with PKCE; then /protected answers with the token and 401 without', async () => {
    const challengeHeader = `Bearer resource_metadata="${mcp.origin}/.well-known/oauth-protected-resource/protected"`;
    const without = await callProtected(INIT, { origin: 'http://hearth.test' });
    assert.equal(without.status, 401);
    assert.equal(without.headers.get('www-authenticate'), challengeHeader);
    assert.match(without.headers.get('access-control-expose-headers'), /www-authenticate/);
    const preflight = await fetch(mcp.protectedUrl, { method: 'OPTIONS', headers: { origin: 'http://hearth.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' } });
    assert.match(preflight.headers.get('access-control-allow-headers'), /authorization/);

    const client = await register();
    const { params, verifier } = await authorize(client.client_id);
    assert.equal(params.get('state'), 'state-42');
    assert.equal(params.get('iss'), `${mcp.origin}/as`);
    const code = params.get('code');
    assert.ok(code);
    const { status, body } = await token(codeForm(client.client_id, code, verifier));
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 3600);
    assert.equal(body.scope, 'tools');
    assert.ok(body.refresh_token);
    const again = await token(codeForm(client.client_id, code, verifier));
    assert.equal(again.body.error, 'invalid_grant', 'a code is single use');

    const init = await callProtected(INIT, bearer(body.access_token));
    assert.equal(init.status, 200);
    assert.equal(init.body.result.protocolVersion, '2025-11-25');
    const session = init.headers.get('mcp-session-id');
    assert.match(session, /^mock-session-\d+$/);
    const list = await callProtected({ jsonrpc: '2.0', id: 2, method: 'tools/list' }, { ...bearer(body.access_token), 'mcp-session-id': session });
    assert.deepEqual(list.body.result.tools.map((tool) => tool.name), ['add', 'chime']);
    const stolen = await callProtected({ jsonrpc: '2.0', id: 3, method: 'tools/list' }, { 'mcp-session-id': session });
    assert.equal(stolen.status, 401, 'a session id is no substitute for the token');
    assert.equal(stolen.headers.get('www-authenticate'), challengeHeader);
    assert.ok(mcp.requests().some((r) => r.path === '/protected' && r.headers.authorization === `Bearer ${body.access_token}`));
    assert.deepEqual((await oauthLog()).map((e) => `${e.endpoint}:${e.ok}`), ['register:true', 'authorize:true', 'token:true', 'token:false']);
  });

  test('a wrong verifier is refused', async () => {
    const client = await register();
    const { params } = await authorize(client.client_id);
    const { status, body } = await token(codeForm(client.client_id, params.get('code'), randomBytes(32).toString('base64url')));
    assert.equal(status, 400);
    assert.equal(body.error, 'invalid_grant');
    assert.equal(body.access_token, undefined);
  });

  test('refresh tokens rotate; reusing an old one is refused and revokes the new ones too', async () => {
    const { clientId, tokens } = await signIn();
    const first = await token(refreshForm(clientId, tokens.refresh_token));
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.notEqual(first.body.refresh_token, tokens.refresh_token);
    assert.notEqual(first.body.access_token, tokens.access_token);
    assert.equal((await callProtected(INIT, bearer(first.body.access_token))).status, 200);
    const second = await token(refreshForm(clientId, first.body.refresh_token));
    assert.equal(second.status, 200, 'the new refresh token works');

    const reused = await token(refreshForm(clientId, tokens.refresh_token));
    assert.equal(reused.status, 400);
    assert.equal(reused.body.error, 'invalid_grant');
    const after = await token(refreshForm(clientId, second.body.refresh_token));
    assert.equal(after.body.error, 'invalid_grant', 'the current refresh token is revoked with its grant');
    assert.equal((await callProtected(INIT, bearer(second.body.access_token))).status, 401, 'and so is its access token');
    const refreshes = (await oauthLog()).filter((e) => e.grant_type === 'refresh_token');
    assert.deepEqual(refreshes.map((e) => [e.ok, e.refresh_token_reused]), [[true, false], [true, false], [false, true], [false, false]]);
  });

  test('expire ends every access token issued so far, not the refresh tokens; ttl sets the next ones', async () => {
    const { clientId, tokens } = await signIn();
    assert.equal((await callProtected(INIT, bearer(tokens.access_token))).status, 200);
    assert.equal((await control('expire')).status, 204);
    assert.equal((await callProtected(INIT, bearer(tokens.access_token))).status, 401);
    await control('ttl', { seconds: 5 });
    const renewed = await token(refreshForm(clientId, tokens.refresh_token));
    assert.equal(renewed.body.expires_in, 5);
    assert.equal((await callProtected(INIT, bearer(renewed.body.access_token))).status, 200);
  });

  test('the token endpoint can lose its CORS headers, preflight included', async () => {
    const origin = { origin: 'http://hearth.test' };
    const { clientId, tokens } = await signIn();
    const open = await token(refreshForm(clientId, tokens.refresh_token), origin);
    assert.equal(open.headers.get('access-control-allow-origin'), 'http://hearth.test');
    assert.equal((await control('cors', { token: false })).status, 204);
    const closed = await token(refreshForm(clientId, open.body.refresh_token), origin);
    assert.equal(closed.status, 200, 'the request still runs; a browser just cannot read it');
    assert.equal([...closed.headers.keys()].filter((name) => name.startsWith('access-control-')).length, 0);
    const preflight = await fetch(`${mcp.origin}/as/token`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST' } });
    assert.equal(preflight.status, 404);
    assert.equal(preflight.headers.get('access-control-allow-origin'), null);
    const metadata = await fetch(`${mcp.origin}/.well-known/oauth-authorization-server/as`, { headers: origin });
    assert.equal(metadata.headers.get('access-control-allow-origin'), '*', 'only the token endpoint loses CORS');
    await control('cors', { token: true });
    const reopened = await fetch(`${mcp.origin}/as/token`, { method: 'OPTIONS', headers: { ...origin, 'access-control-request-method': 'POST' } });
    assert.equal(reopened.status, 204);
  });
});
