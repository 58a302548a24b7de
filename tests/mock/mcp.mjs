// An MCP server of our own, for what the reference server (server-everything) does not
// do: it speaks both protocol eras, at two addresses of one port, with Node built-ins only.
//
//   /stateful    revision 2025-11-25 over Streamable HTTP: `initialize`, a session id,
//                tools listed two to a page, `notifications/tools/list_changed`, a ping
//                the server sends the client, audio, `isError`, and sessions it can forget
//                (POST /__mcp/forget), after which it answers 404 as the spec says.
//   /stateless   revision 2026-07-28: no initialize and no session; `server/discover`;
//                every request must carry MCP-Protocol-Version, Mcp-Method (and Mcp-Name
//                for tools/call) matching its body, and the version and client
//                capabilities in `_meta`, else it answers the modern errors (-32020,
//                -32022 with `data.supported`, -32602), as the conformance suite's
//                stateless mock does.
//   /asking      /stateful with one tool only, ask {request}: it sends the client
//                `elicitation/create` with `request` as its params (any form or link a
//                test wants asked) and answers with the client's answer, as JSON text.
//   /protected   /stateful behind OAuth: every request (POST, GET, DELETE) needs
//                `Authorization: Bearer <token>` from the authorization server at /as
//                (oauth.mjs), else 401 with `WWW-Authenticate: Bearer resource_metadata=…`.
//
// Both list the same tools: add {a, b}, chime (a short WAV), fail (isError), where
// {region} (the region is also asked for as the header Mcp-Param-Region), and, on
// /stateful only, ping-first (pings the client and waits for its answer) and grow (adds
// the tool "grown" and says so with list_changed before its result).
//
//   GET  /__mcp/requests   every MCP request received, oldest first:
//                          { path, method, headers, body }
//   POST /__mcp/reset      empties that log, forgets the added tool
//   POST /__mcp/forget     forgets every session
//   POST /__mcp/downgrade  /stateless answers as /stateful does from now on (until reset):
//                          a server that went back to 2025-11-25
//   /__mcp/oauth/*         the authorization server's switches and log (oauth.mjs); the
//                          reset above forgets its clients, codes, tokens and switches too
//
// CORS is on for every origin (the requested headers and `authorization` allowed,
// mcp-session-id and www-authenticate exposed), except where oauth.mjs turns it off.
// Run by hand: node tests/mock/mcp.mjs --port 8788
import { createServer } from 'node:http';
import { createOAuth } from './oauth.mjs';

const STATEFUL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26'];
const MODERN = '2026-07-28';
const SERVER_INFO = { name: 'hearth-mock-mcp', title: 'Hearth mock MCP', version: '1.0.0' };
const PAGE = 2;
const PING_WAIT_MS = 10_000;

/** A WAV of 16 samples of silence (8 kHz, 8-bit mono), base64. */
function tinyWav() {
  const samples = Buffer.alloc(16, 0x80);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(8000, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples.length, 40);
  return Buffer.concat([header, samples]).toString('base64');
}

const object = (properties, required = []) => ({ type: 'object', properties, required });
const BASE_TOOLS = [
  { name: 'add', description: 'Adds two numbers.', inputSchema: object({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']) },
  { name: 'chime', description: 'Plays a short sound.', inputSchema: object({}) },
  { name: 'fail', description: 'Always fails, on purpose.', inputSchema: object({}) },
  {
    name: 'where',
    description: 'Says which region it was asked about, from the body and from the header.',
    inputSchema: object({ region: { type: 'string', 'x-mcp-header': 'Region' } }, ['region']),
  },
];
const STATEFUL_TOOLS = [
  { name: 'ping-first', description: 'Pings the client, then answers.', inputSchema: object({}) },
  { name: 'grow', description: 'Adds the tool "grown".', inputSchema: object({}) },
];
const GROWN = { name: 'grown', description: 'Added by grow.', inputSchema: object({}) };
const ASK_TOOL = {
  name: 'ask',
  description: 'Asks the user for input (elicitation/create with the given params), then says the answer.',
  inputSchema: object({ request: { type: 'object' } }, ['request']),
};
/** How long the ask tool waits for the user's answer. */
const ASK_WAIT_MS = 120_000;

function cors(req, res) {
  res.setHeader('access-control-allow-origin', req.headers.origin ?? '*');
  res.setHeader('access-control-expose-headers', 'mcp-session-id, www-authenticate');
}

/** Answers a CORS preflight: the requested headers, and `authorization` even unasked. */
function preflight(req, res) {
  const asked = (req.headers['access-control-request-headers'] ?? '').split(',').map((name) => name.trim()).filter(Boolean);
  const allowed = asked.some((name) => name.toLowerCase() === 'authorization') ? asked : [...asked, 'authorization'];
  res.writeHead(204, {
    'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
    'access-control-allow-headers': allowed.join(', '),
    'access-control-max-age': '600',
    ...(req.headers['access-control-request-private-network'] ? { 'access-control-allow-private-network': 'true' } : {}),
  });
  res.end();
}

/** The MCP endpoints, each with whether it keeps sessions (2025-11-25). */
const ENDPOINTS = { '/stateful': true, '/stateless': false, '/protected': true, '/asking': true };

/**
 * Starts the mock on 127.0.0.1; returns `{ origin, statefulUrl, statelessUrl, askingUrl, protectedUrl,
 * requests(), close() }`.
 */
export async function startMcpMock({ port = 0 } = {}) {
  const log = [];
  const sessions = new Set();
  let nextSession = 1;
  let grown = false;
  let downgraded = false;
  // Answers the client posted to the server's own requests, by request id.
  const answers = new Map();
  const waiting = new Map();
  let origin;
  const oauth = createOAuth({ origin: () => origin, cors, preflight });

  const tools = (stateful) => [...BASE_TOOLS, ...(stateful ? STATEFUL_TOOLS : []), ...(stateful && grown ? [GROWN] : [])];

  function json(res, status, body, headers = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  const rpcError = (id, code, message, data) => ({ jsonrpc: '2.0', id: id ?? null, error: { code, message, ...(data ? { data } : {}) } });

  function page(list, cursor) {
    const start = cursor === undefined ? 0 : Number(cursor);
    const items = list.slice(start, start + PAGE);
    const next = start + PAGE < list.length ? String(start + PAGE) : undefined;
    return { items, next };
  }

  /** The result of tools/call, or a promise of it, with notifications to send first. */
  function call(name, args, headers, stateful, notes) {
    const text = (value) => ({ content: [{ type: 'text', text: value }] });
    switch (name) {
      case 'add':
        return text(`The sum of ${args.a} and ${args.b} is ${Number(args.a) + Number(args.b)}.`);
      case 'chime':
        return { content: [{ type: 'text', text: 'Here is a chime.' }, { type: 'audio', data: tinyWav(), mimeType: 'audio/wav' }] };
      case 'fail':
        return { content: [{ type: 'text', text: 'The mock failed on purpose.' }], isError: true };
      case 'where':
        return text(`Region ${args.region}; header ${headers['mcp-param-region'] ?? 'missing'}.`);
      case 'grow':
        if (!stateful) break;
        grown = true;
        notes.push({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
        return text('The tool "grown" was added.');
      case 'grown':
        if (!stateful || !grown) break;
        return text('Grown.');
      default:
        break;
    }
    return null;
  }

  /** Sends `messages` then `final` as an event stream. */
  function stream(res, headers) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', ...headers });
    return (message) => res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
  }

  async function stateful(req, res, body) {
    const headers = {};
    if (body.method === 'initialize') {
      const id = `mock-session-${nextSession++}`;
      sessions.add(id);
      const asked = body.params?.protocolVersion;
      const protocolVersion = STATEFUL_VERSIONS.includes(asked) ? asked : STATEFUL_VERSIONS[0];
      return json(res, 200, {
        jsonrpc: '2.0',
        id: body.id,
        result: { protocolVersion, capabilities: { tools: { listChanged: true } }, serverInfo: SERVER_INFO },
      }, { 'mcp-session-id': id });
    }
    const session = req.headers['mcp-session-id'];
    if (!session) return json(res, 400, rpcError(body.id, -32000, 'Bad Request: no session id'));
    if (!sessions.has(session)) return json(res, 404, rpcError(body.id, -32001, 'Session not found'));
    headers['mcp-session-id'] = session;
    if (body.method === undefined) {
      // The client's answer to a request of ours.
      answers.set(String(body.id), body);
      waiting.get(String(body.id))?.();
      res.writeHead(202, headers);
      return res.end();
    }
    if (body.id === undefined) {
      res.writeHead(202, headers);
      return res.end();
    }
    return respond(req, res, body, true, headers);
  }

  async function respond(req, res, body, isStateful, headers) {
    const result = (value) => ({ jsonrpc: '2.0', id: body.id, result: isStateful ? value : { resultType: 'complete', ...value } });
    switch (body.method) {
      case 'tools/list': {
        const listed = new URL(req.url, 'http://mock').pathname === '/asking' ? [ASK_TOOL] : tools(isStateful);
        const { items, next } = page(listed, body.params?.cursor);
        return json(res, 200, result({ tools: items, ...(next ? { nextCursor: next } : {}) }), headers);
      }
      case 'tools/call': {
        const name = body.params?.name;
        if (name === 'ask' && new URL(req.url, 'http://mock').pathname === '/asking') {
          const send = stream(res, headers);
          const askId = `ask-${body.id}`;
          const answered = new Promise((resolve) => {
            waiting.set(askId, resolve);
            setTimeout(resolve, ASK_WAIT_MS).unref();
          });
          send({ jsonrpc: '2.0', id: askId, method: 'elicitation/create', params: body.params?.arguments?.request ?? {} });
          await answered;
          waiting.delete(askId);
          const answer = answers.get(askId);
          const said = answer ? JSON.stringify(answer.result ?? { error: answer.error }) : 'no answer';
          send(result({ content: [{ type: 'text', text: `Answer: ${said}` }] }));
          return res.end();
        }
        if (name === 'ping-first' && isStateful) {
          const send = stream(res, headers);
          const pingId = `ping-${body.id}`;
          const answered = new Promise((resolve) => {
            waiting.set(pingId, resolve);
            setTimeout(resolve, PING_WAIT_MS).unref();
          });
          send({ jsonrpc: '2.0', id: pingId, method: 'ping' });
          await answered;
          waiting.delete(pingId);
          const answer = answers.get(pingId);
          const said = answer?.result !== undefined ? 'The client answered the ping.' : 'The client did not answer the ping.';
          send(result({ content: [{ type: 'text', text: said }] }));
          return res.end();
        }
        const notes = [];
        const value = call(name, body.params?.arguments ?? {}, req.headers, isStateful, notes);
        if (!value) return json(res, 200, rpcError(body.id, -32602, `Unknown tool: ${name}`), headers);
        if (notes.length === 0) return json(res, 200, result(value), headers);
        const send = stream(res, headers);
        for (const note of notes) send(note);
        send(result(value));
        return res.end();
      }
      case 'ping':
        return json(res, 200, result({}), headers);
      default:
        return json(res, 200, rpcError(body.id, -32601, `Method not found: ${body.method}`), headers);
    }
  }

  function stateless(req, res, body) {
    const meta = body.params?._meta ?? {};
    const header = req.headers['mcp-protocol-version'];
    if (!header) return json(res, 400, rpcError(body.id, -32020, 'Missing MCP-Protocol-Version header'));
    const missing = ['io.modelcontextprotocol/protocolVersion', 'io.modelcontextprotocol/clientCapabilities'].filter((key) => meta[key] === undefined);
    if (missing.length) return json(res, 400, rpcError(body.id, -32602, `Invalid params: missing _meta keys: ${missing.join(', ')}`));
    if (meta['io.modelcontextprotocol/protocolVersion'] !== header) {
      return json(res, 400, rpcError(body.id, -32020, 'MCP-Protocol-Version header does not match _meta.protocolVersion'));
    }
    if (header !== MODERN) {
      return json(res, 400, rpcError(body.id, -32022, 'Unsupported protocol version', { supported: [MODERN], requested: header }));
    }
    if (req.headers['mcp-method'] !== body.method) {
      return json(res, 400, rpcError(body.id, -32020, 'Mcp-Method header does not match the body'));
    }
    if (body.method === 'tools/call' && req.headers['mcp-name'] !== body.params?.name) {
      return json(res, 400, rpcError(body.id, -32020, 'Mcp-Name header does not match the body'));
    }
    if (body.method === 'server/discover') {
      return json(res, 200, {
        jsonrpc: '2.0',
        id: body.id,
        result: {
          resultType: 'complete',
          ttlMs: 0,
          cacheScope: 'private',
          supportedVersions: [MODERN],
          capabilities: { tools: {} },
          _meta: { 'io.modelcontextprotocol/serverInfo': SERVER_INFO },
        },
      });
    }
    return respond(req, res, body, false, {});
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://mock');
    // Before the CORS below: the token endpoint can answer without any.
    if (oauth.route(req, res, url)) return;
    cors(req, res);
    const path = url.pathname;
    if (req.method === 'OPTIONS') return preflight(req, res);
    if (path === '/__mcp/requests') return json(res, 200, log);
    if (path === '/__mcp/reset' && req.method === 'POST') {
      log.length = 0;
      grown = false;
      downgraded = false;
      oauth.reset();
      res.writeHead(204);
      return res.end();
    }
    if (path === '/__mcp/downgrade' && req.method === 'POST') {
      downgraded = true;
      res.writeHead(204);
      return res.end();
    }
    if (path === '/__mcp/forget' && req.method === 'POST') {
      sessions.clear();
      res.writeHead(204);
      return res.end();
    }
    if (!(path in ENDPOINTS)) return json(res, 404, { error: 'not found' });
    const sessionful = ENDPOINTS[path] || downgraded;
    const locked = path === '/protected' && !oauth.authorized(req);
    if (locked && req.method !== 'POST') return oauth.challenge(res);
    if (req.method === 'DELETE' && sessionful) {
      sessions.delete(req.headers['mcp-session-id']);
      res.writeHead(200);
      return res.end();
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST' });
      return res.end();
    }
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        // answered below, after the token
      }
      // Logged before the token is checked, so a test sees the attempts that got a 401.
      if (body !== undefined) log.push({ path, method: body?.method ?? null, headers: req.headers, body });
      if (locked) return oauth.challenge(res);
      if (body === undefined) return json(res, 400, rpcError(null, -32700, 'Parse error'));
      const handle = sessionful ? stateful(req, res, body) : stateless(req, res, body);
      Promise.resolve(handle).catch((error) => {
        if (!res.headersSent) json(res, 500, rpcError(body.id, -32603, String(error)));
        else res.end();
      });
    });
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${server.address().port}`;
  return {
    origin,
    statefulUrl: `${origin}/stateful`,
    statelessUrl: `${origin}/stateless`,
    askingUrl: `${origin}/asking`,
    protectedUrl: `${origin}/protected`,
    requests: () => log.slice(),
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const at = process.argv.indexOf('--port');
  const mock = await startMcpMock({ port: at > 0 ? Number(process.argv[at + 1]) : 8788 });
  console.log(`mock MCP server: ${mock.statefulUrl} (2025-11-25), ${mock.statelessUrl} (2026-07-28), ${mock.protectedUrl} (2025-11-25 behind OAuth)`);
}
