// A proxy in front of an MCP server, on a free port of 127.0.0.1, that breaks it the ways
// browsers meet in the wild, for the connection doctor's tests:
// - `strip-cors`: every answer loses its Access-Control-* headers (the preflight too), so
//   the browser refuses to let the page read anything, while the server is up;
// - `refuse-origin`: a request with an Origin header gets 403 (with CORS headers, so the
//   page can read the refusal), as a server that checks Origin against DNS rebinding does.
import { createServer, request as forward } from 'node:http';

/**
 * Starts the proxy to `target` (an `http://127.0.0.1:<port>/mcp` URL) in `mode`; returns
 * `{ url, close }`, `url` the same path on the proxy.
 */
export async function startMcpProxy(target, mode) {
  const upstream = new URL(target);
  const server = createServer((req, res) => {
    if (mode === 'refuse-origin' && req.headers.origin) {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      };
      if (req.method === 'OPTIONS') {
        res.writeHead(204, cors).end();
        return;
      }
      res.writeHead(403, { ...cors, 'content-type': 'application/json' });
      res.end(JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32000, message: 'Forbidden: Origin not allowed' } }));
      req.resume();
      return;
    }
    const out = forward(
      { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const headers = Object.fromEntries(
          Object.entries(answer.headers).filter(([name]) => mode !== 'strip-cors' || !name.startsWith('access-control-')),
        );
        res.writeHead(answer.statusCode ?? 502, headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
