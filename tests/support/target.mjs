// A web server on another origin than the app, standing for a site (or a provider) that would
// receive what Hearth sends: it logs each request's target (`requests`), request line as it came
// off the socket (`lines`) and headers (`headers`), answers CORS preflights, and, with
// `redirectTo`, answers 307 to `redirectTo` + the rest of the path for a path starting with
// `/moved`. Anything else gets 200 "target page".

import { createServer } from 'node:http';

/** Starts the server on a free port of 127.0.0.1: `{ url, requests, lines, headers, close() }`. */
export async function startTarget({ redirectTo } = {}) {
  const requests = [];
  const lines = [];
  const headers = [];
  const server = createServer((req, res) => {
    requests.push(req.url);
    lines.push(`${req.method} ${req.url} HTTP/${req.httpVersion}`);
    headers.push(req.headers);
    const cors = { 'access-control-allow-origin': '*' };
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'access-control-allow-methods': 'GET, POST, OPTIONS',
        'access-control-allow-headers': req.headers['access-control-request-headers'] ?? '*',
      });
      return res.end();
    }
    if (redirectTo && req.url.startsWith('/moved')) {
      res.writeHead(307, { ...cors, location: `${redirectTo}${req.url.slice('/moved'.length)}` });
      return res.end();
    }
    res.writeHead(200, { ...cors, 'content-type': 'text/plain' });
    res.end('target page');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    lines,
    headers,
    /** Forgets what was logged. */
    clear() {
      requests.length = 0;
      lines.length = 0;
      headers.length = 0;
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
