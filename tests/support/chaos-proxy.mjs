// A faulty network between the app (or a PouchDB client) and a startCouch server, for a test:
// an HTTP proxy on a free port of 127.0.0.1 that forwards every request (CORS preflights too)
// to the target, headers unchanged but Host, and streams each answer back as it comes (a
// longpoll `_changes` with its heartbeats); it records every request, and the test can switch
// faults on and off at any time: drop the connection (before forwarding, or after, mid-answer,
// when the server has done the write), stall, answer an error status, or forward late.
import http from 'node:http';

// Headers of one connection, not of the request or answer (RFC 9110 §7.6.1).
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);
const CORS_COPIED = ['access-control-allow-origin', 'access-control-allow-credentials', 'access-control-expose-headers'];
const ERROR_NAMES = {
  400: 'bad_request', 401: 'unauthorized', 403: 'forbidden', 404: 'not_found', 409: 'conflict',
  412: 'precondition_failed', 413: 'too_large', 429: 'too_many_requests', 500: 'unknown_error',
  502: 'bad_gateway', 503: 'service_unavailable', 504: 'gateway_timeout',
};

/** A flat raw-headers array without the hop-by-hop ones (and without `skip`). */
function endToEnd(rawHeaders, skip = []) {
  const out = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!HOP_BY_HOP.has(name) && !skip.includes(name)) out.push(rawHeaders[i], rawHeaders[i + 1]);
  }
  return out;
}

/**
 * @typedef {object} ProxyRequest what `proxy.requests` holds, one per request, in arrival order
 * @property {string} method
 * @property {string} path the path with its query
 * @property {number | null} status the status answered (by the target, or by a `status`
 *   fault); null while pending, and for a request dropped or stalled
 * @property {number} startedAt `Date.now()` when the request's head arrived
 * @property {string | null} fault the mode of the fault that hit it ('drop', 'drop-after',
 *   'stall', 'status'), or null
 */

/**
 * @typedef {object} FaultSpec
 * @property {(req: { method: string, path: string, headers: object, body: string }) => boolean} [match]
 *   which requests (body: the request body, read whole before matching); default: every one.
 *   A CORS preflight (OPTIONS with `Access-Control-Request-Method`) is never matched unless
 *   `preflight: true`: otherwise a fault meant for a POST would hit its preflight instead
 * @property {'drop' | 'stall' | 'status' | 'delay'} mode drop: destroy the connection; stall:
 *   never answer; status: answer `status` with a CouchDB-style JSON error; delay: forward the
 *   request after `ms` (a slow network that still answers)
 * @property {boolean} [after] drop only: forward the request first, and destroy the
 *   connection once the answer's head and half of its first body chunk have gone out, so
 *   the target has done the work but the client never learns its result (the answer goes
 *   chunked, its Content-Length left out, so that every client sees the cut)
 * @property {number} [ms] stall: after this long, destroy the connection (default: hold it
 *   until the client gives up or proxy.stop); delay: how long to wait before forwarding
 * @property {number} [status] status only: the status (default 500)
 * @property {object} [body] status only: the JSON body (default `{ error, reason }`, the error
 *   named as CouchDB names it)
 * @property {number} [times] how many requests it hits before it lapses (default: no limit)
 * @property {boolean} [preflight] whether it may hit CORS preflights (default false)
 */

/**
 * @typedef {object} Fault
 * @property {number} hits how many requests it has hit so far
 * @property {() => Promise<ProxyRequest>} whenHit resolves on its first hit, with the request
 * @property {() => void} remove switches it off
 */

/**
 * @typedef {object} ChaosProxy
 * @property {string} url `http://127.0.0.1:<port>`, no trailing slash: use it in place of the
 *   target's URL (same paths)
 * @property {ProxyRequest[]} requests every request so far (empty it with `requests.length = 0`)
 * @property {(spec: FaultSpec) => Fault} fail adds a fault; faults are tried in the order
 *   added, the first that matches (and has hits left) wins
 * @property {() => void} clear removes every fault (stalled requests stay stalled)
 * @property {() => Promise<void>} stop closes the proxy and every connection; idempotent
 */

/**
 * Starts a proxy to `targetUrl` (e.g. `couch.url`) on a free port of 127.0.0.1.
 *
 * A `status` fault's answer carries the CORS headers that the target's last answer to the
 * same Origin had (none, if it had none, as with `startCouch({ cors: false })`), or, before
 * the target has answered that Origin, `Access-Control-Allow-Origin` echoing it with
 * `Access-Control-Allow-Credentials: true`, so a page can read the error. A target that is
 * not there gets a 502 JSON answer, with the same CORS headers.
 *
 * @param {string} targetUrl
 * @returns {Promise<ChaosProxy>}
 */
export async function startChaosProxy(targetUrl) {
  const target = new URL(targetUrl);
  const agent = new http.Agent({ keepAlive: true });
  /** @type {ProxyRequest[]} */
  const requests = [];
  let faults = [];
  const sockets = new Set();
  const timers = new Set();
  // Origin → the CORS headers (raw pairs) of the target's last answer to it.
  const corsSeen = new Map();

  const corsFor = (origin) => {
    if (!origin) return [];
    const seen = corsSeen.get(origin);
    if (seen) return seen;
    return ['Access-Control-Allow-Origin', origin, 'Access-Control-Allow-Credentials', 'true'];
  };

  const answerJson = (res, entry, status, body, origin) => {
    const text = JSON.stringify(body);
    entry.status = status;
    res.writeHead(status, [
      'Content-Type', 'application/json',
      'Content-Length', String(Buffer.byteLength(text)),
      'Cache-Control', 'must-revalidate',
      ...corsFor(origin),
    ]);
    res.end(text);
  };

  const forward = (req, res, entry, body, { dropAfter = false } = {}) => {
    const headers = endToEnd(req.rawHeaders, ['host', 'content-length']);
    headers.push('Host', target.host);
    if (body.length || !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(req.method)) {
      headers.push('Content-Length', String(body.length));
    }
    const upstream = http.request({
      host: target.hostname,
      port: target.port || 80,
      method: req.method,
      path: req.url,
      headers,
      agent,
    });
    const origin = req.headers.origin;
    upstream.on('response', (up) => {
      entry.status = up.statusCode;
      if (origin && req.method !== 'OPTIONS') {
        const cors = [];
        for (let i = 0; i < up.rawHeaders.length; i += 2) {
          if (CORS_COPIED.includes(up.rawHeaders[i].toLowerCase())) cors.push(up.rawHeaders[i], up.rawHeaders[i + 1]);
        }
        corsSeen.set(origin, cors);
      }
      if (dropAfter) {
        // Chunked, without the Content-Length: node-fetch 2 (PouchDB's in Node) never notices
        // the end of a Content-Length body cut short, and would wait for ever; a cut chunked
        // body every client sees (a browser sees both).
        res.writeHead(up.statusCode, up.statusMessage, endToEnd(up.rawHeaders, ['content-length']));
        res.flushHeaders();
        const cut = (chunk) => {
          if (chunk?.length) res.write(chunk.subarray(0, Math.floor(chunk.length / 2)));
          // Let the half chunk reach the socket before it goes.
          setImmediate(() => {
            req.socket.destroy();
            up.destroy();
          });
        };
        up.once('data', cut);
        up.once('end', () => cut(null));
        return;
      }
      res.writeHead(up.statusCode, up.statusMessage, endToEnd(up.rawHeaders));
      // Each chunk goes out as it comes: a longpoll answer and its heartbeats stream through.
      up.on('data', (chunk) => res.write(chunk));
      up.on('end', () => res.end());
      up.on('error', () => req.socket.destroy());
      up.on('aborted', () => req.socket.destroy());
    });
    upstream.on('error', (err) => {
      if (res.headersSent || res.destroyed) {
        req.socket.destroy();
        return;
      }
      answerJson(res, entry, 502, { error: 'bad_gateway', reason: `chaos proxy: ${err.code || err.message}` }, origin);
    });
    // The client went away before the answer ended: so does the request upstream (and with
    // it a longpoll that pouchdb-server would otherwise keep open).
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((req, res) => {
    /** @type {ProxyRequest} */
    const entry = { method: req.method, path: req.url, status: null, startedAt: Date.now(), fault: null };
    requests.push(entry);
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('error', () => {});
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const isPreflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      const view = { method: req.method, path: req.url, headers: req.headers, body: body.toString('utf8') };
      const fault = faults.find((f) => f.left > 0 && (!isPreflight || f.spec.preflight) && (!f.spec.match || f.spec.match(view)));
      if (!fault) {
        forward(req, res, entry, body);
        return;
      }
      fault.left -= 1;
      fault.hits += 1;
      const { spec } = fault;
      entry.fault = spec.mode === 'drop' && spec.after ? 'drop-after' : spec.mode;
      fault.resolveHit(entry);
      if (spec.mode === 'drop') {
        if (spec.after) forward(req, res, entry, body, { dropAfter: true });
        else req.socket.destroy();
      } else if (spec.mode === 'stall') {
        if (spec.ms !== undefined) {
          const timer = setTimeout(() => {
            timers.delete(timer);
            req.socket.destroy();
          }, spec.ms);
          timers.add(timer);
          res.on('close', () => {
            clearTimeout(timer);
            timers.delete(timer);
          });
        }
      } else if (spec.mode === 'delay') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) forward(req, res, entry, body);
        }, spec.ms ?? 0);
        timers.add(timer);
      } else if (spec.mode === 'status') {
        const status = spec.status ?? 500;
        const errorBody = spec.body ?? { error: ERROR_NAMES[status] ?? 'unknown_error', reason: `chaos proxy: injected ${status}` };
        answerJson(res, entry, status, errorBody, req.headers.origin);
      } else {
        throw new Error(`chaos proxy: unknown fault mode ${spec.mode}`);
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  // A client's dropped socket is expected here, not an error.
  server.on('clientError', (_err, socket) => socket.destroy());

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();

  let stopped = null;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    fail(spec) {
      if (!['drop', 'stall', 'status', 'delay'].includes(spec?.mode)) throw new Error(`chaos proxy: unknown fault mode ${spec?.mode}`);
      let resolveHit;
      const hit = new Promise((resolve) => {
        resolveHit = resolve;
      });
      const fault = { spec, left: spec.times ?? Infinity, hits: 0, resolveHit };
      faults.push(fault);
      return {
        get hits() {
          return fault.hits;
        },
        whenHit: () => hit,
        remove() {
          faults = faults.filter((f) => f !== fault);
        },
      };
    },
    clear() {
      faults = [];
    },
    stop() {
      stopped ??= new Promise((resolve) => {
        faults = [];
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
        agent.destroy();
      });
      return stopped;
    },
  };
}
