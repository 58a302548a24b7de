// The MCP reference server, `@modelcontextprotocol/server-everything` (pinned in
// tests/package.json), started for a test in its Streamable HTTP mode on a free port of
// 127.0.0.1 (see bind-loopback.mjs), with no environment but PATH and PORT: it has a
// tool that prints its environment.
import { fileURLToPath } from 'node:url';
import { startLoopbackServer } from './loopback-server.mjs';

const SERVER = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));

/**
 * Starts the server; returns `{ url, origin, log, close }`: `url` is its MCP endpoint
 * (`http://127.0.0.1:<port>/mcp`; with `{ transport: 'sse' }`, the older HTTP+SSE
 * transport's event stream, `/sse`), `log` what it printed. `close` stops it.
 */
export async function startEverything({ transport = 'streamableHttp' } = {}) {
  const server = await startLoopbackServer({
    label: 'server-everything',
    script: SERVER,
    args: [transport],
    ready: /listening on port|running on port/i,
  });
  return {
    url: `${server.origin}${transport === 'sse' ? '/sse' : '/mcp'}`,
    origin: server.origin,
    log: server.log,
    close: server.close,
  };
}
