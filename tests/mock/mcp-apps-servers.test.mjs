// Tests of the MCP Apps test servers (support/mcp-apps.mjs): the pinned example servers of
// ext-apps start on 127.0.0.1, list their UI tool over plain fetch (stateless, no
// initialize) and serve its view; the pdf one shows a local file offline; the hit counter
// counts.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { mcpRequest, startAppServer, startHitCounter, writeTinyPdf } from '../support/mcp-apps.mjs';

const EXPECTED = {
  basic: { tool: 'get-time', uri: 'ui://get-time/mcp-app.html' },
  budget: { tool: 'get-budget-data', uri: 'ui://budget-allocator/mcp-app.html' },
  sheet: { tool: 'play-sheet-music', uri: 'ui://sheet-music/mcp-app.html' },
};

describe('the MCP Apps example servers', () => {
  const servers = {};
  before(async () => {
    const names = Object.keys(EXPECTED);
    const started = await Promise.all(names.map((name) => startAppServer(name)));
    names.forEach((name, index) => (servers[name] = started[index]));
  });
  after(() => Promise.all(Object.values(servers).map((server) => server.close())));

  for (const [name, { tool, uri }] of Object.entries(EXPECTED)) {
    test(`${name} lists ${tool} with its ui:// view and serves that view`, async () => {
      const server = servers[name];
      assert.match(server.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
      const list = await mcpRequest(server.url, 'tools/list');
      const found = list.result.tools.find((each) => each.name === tool);
      assert.ok(found, `${name} lists ${tool}: ${JSON.stringify(list).slice(0, 300)}`);
      assert.equal(found._meta.ui.resourceUri, uri);
      assert.equal(found._meta['ui/resourceUri'], uri);
      const read = await mcpRequest(server.url, 'resources/read', { uri });
      const [content] = read.result.contents;
      assert.equal(content.mimeType, 'text/html;profile=mcp-app');
      assert.match(content.text, /<script type="module"/);
    });
  }

  test('they answer a preflight for any origin, and 406 without the event-stream Accept', async () => {
    const { url } = servers.basic;
    const preflight = await fetch(url, { method: 'OPTIONS', headers: { origin: 'http://hearth.test', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, mcp-protocol-version' } });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), '*');
    const plain = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(plain.status, 406);
  });
});

test('the pdf server shows a local PDF passed on its command line, offline', async () => {
  const file = await writeTinyPdf();
  const server = await startAppServer('pdf', { args: [file] });
  try {
    const list = await mcpRequest(server.url, 'tools/list');
    const tools = Object.fromEntries(list.result.tools.map((tool) => [tool.name, tool]));
    assert.equal(tools.display_pdf._meta.ui.resourceUri, 'ui://pdf-viewer/mcp-app.html');
    assert.deepEqual(tools.read_pdf_bytes._meta.ui.visibility, ['app']);
    const shown = await mcpRequest(server.url, 'tools/call', { name: 'display_pdf', arguments: { url: file } });
    assert.equal(shown.result.isError, undefined, JSON.stringify(shown));
    assert.equal(shown.result.structuredContent.url, file);
    assert.ok(shown.result.structuredContent.totalBytes > 0);
  } finally {
    await server.close();
    await rm(dirname(file), { recursive: true, force: true });
  }
});

test('the hit counter answers hello, a real PNG for .png, and counts', async () => {
  const counter = await startHitCounter();
  try {
    const hello = await fetch(`${counter.origin}/hello?x=1`);
    assert.equal(hello.headers.get('access-control-allow-origin'), '*');
    assert.equal(await hello.text(), 'hello');
    const pixel = await fetch(`${counter.origin}/pixel.png`);
    assert.equal(pixel.headers.get('content-type'), 'image/png');
    assert.deepEqual([...new Uint8Array(await pixel.arrayBuffer()).slice(1, 4)], [0x50, 0x4e, 0x47]);
    assert.deepEqual(counter.hits(), [{ method: 'GET', path: '/hello?x=1' }, { method: 'GET', path: '/pixel.png' }]);
  } finally {
    await counter.close();
  }
});
