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
//   /apps        /stateful (sessions, 2025-11-25; capabilities tools and resources) with MCP
//                Apps tools instead, all on one page, for the host's security and bad-input
//                tests; `resources/list` and `resources/read` serve their views (below).
//
// /stateful and /stateless list the same tools: add {a, b}, chime (a short WAV), fail
// (isError), where {region} (the region is also asked for as the header Mcp-Param-Region),
// and, on /stateful only, ping-first (pings the client and waits for its answer) and grow
// (adds the tool "grown" and says so with list_changed before its result).
//
// The /apps tools. Each view tool has `_meta: { ui: { resourceUri: 'ui://mock/<name>.html' },
// 'ui/resourceUri': … }`, model- and app-visible, and returns `{ content: [text],
// structuredContent }`; reading its uri gives one content `{ uri, mimeType:
// 'text/html;profile=mcp-app', text, _meta: { ui } }`. Each view speaks the protocol by hand
// (ui/initialize with id 0, protocol 2026-01-26; then ui/notifications/initialized), answers
// the host's ping and ui/resource-teardown with {}, and writes a `<p id="status">` (waiting,
// initializing, initialized, …, done; or `initialize failed: …`) and a `<ul id="results">` of
// one `<li data-name=…>` per line, `name: result`. An answer is written `ok[ <text>]`,
// `refused: <error message or isError text>`, or `no answer` (none within 5 s; 60 s for
// the clicker's buttons, which a host may ask the user about).
//   probe {declared, undeclared}   two base URLs. On tool-input (status probing, then done,
//        then size-changed {height}) writes: origin (window.origin), localStorage (`ok <value>`
//        or the error name, e.g. SecurityError), indexedDB (`ok` or the error name), cookie
//        (`ok "<cookie>"` or error name), parentDocument (`ok "<title>"` or error name),
//        topLocation (`ok <href>` or error name), declaredFetch and undeclaredFetch (GET
//        <base>/hello: `ok <status>` or the error name, TypeError when blocked; `skipped`
//        without the argument), undeclaredImage (<img src="<undeclared>/pixel.png">: `loaded`,
//        `error` or `timeout`), csp (the content of every `<meta http-equiv=
//        "Content-Security-Policy">`, joined with ` | `, or `none`). Its resource's
//        `_meta.ui` is `{ csp: { connectDomains: [<origin>] } }` with the origin set by
//        POST /__mcp/apps-declared, else `{}`.
//   hostile   once initialized: posts 500 notifications/message (`flood: sent 500`), then
//        `{jsonrpc:'1.0', method:5}` and the string 'not json-rpc' (`malformed: sent 2`),
//        a request of an unknown method (`unknownMethod: …`), tools/call add {a:1,b:2} (a
//        tool of the other endpoints, not of /apps: `callAdd: …`) and model-only
//        (`callModelOnly: …`), window.open('https://example.com/') (`windowOpen: ok` or
//        `refused: …`), and last `top.location = 'https://example.com/'` (`topNavigation:
//        ok` when it did not throw, or `refused: <message>`); status done.
//   bad-mime  its resource is `text/plain` (an HTML page that would say `rendered`).
//   huge      its resource is over 5 MiB (5.5 MiB of HTML comment).
//   wide-csp {declared, undeclared}    the probe view, `_meta.ui.csp.connectDomains: ['*']`.
//   wide-csp-2 {declared, undeclared}  the probe view, `resourceDomains: ['https://a.example;
//        script-src *', 'https://a.example; connect-src *']` (directives smuggled in).
//   clicker   buttons "Call add" (tools/call double {n:21}: `call: ok 42`), "Open link"
//        (ui/open-link {url:'https://example.com/docs?x=1'}: `openLink: …`) and "Send message"
//        (ui/message {role:'user', content:[text 'Tell me more about 42']}: `message: …`);
//        also writes `toolInput: <JSON>` and `toolResult: <text>` ("Clicker ready.").
//   model-only  `_meta.ui.visibility: ['model']`, no view: a view must not be let call it.
//   double {n}  `_meta.ui.visibility: ['app']`, no view: `{ content: [text '42'] }` for 21.
//
//   GET  /__mcp/requests   every MCP request received, oldest first:
//                          { path, method, headers, body }
//   POST /__mcp/reset      empties that log, forgets the added tool and the declared origin
//   POST /__mcp/forget     forgets every session
//   POST /__mcp/downgrade  /stateless answers as /stateful does from now on (until reset):
//                          a server that went back to 2025-11-25
//   POST /__mcp/apps-declared  body `{ origin }` (a string, or null for none): the origin the
//                          probe view's resource declares in connectDomains (until reset)
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

// ---- /apps: MCP Apps (io.modelcontextprotocol/ui) tools and their views -------------------
//
// Each view is a page of its own (no external resource) whose inline module script speaks
// the Apps protocol by hand: JSON-RPC 2.0 objects (not strings) posted to window.parent with
// target '*'. The scripts are real functions below, put into the page with toString, so they
// need no escaping; they use DOM APIs only (no innerHTML), so a Trusted Types policy does not
// stop them.

/** The view's side of the protocol, shared by every view; `bridge(name)` runs in the page. */
function bridge(name) {
  const status = document.getElementById('status');
  const results = document.getElementById('results');
  const pending = new Map();
  const handlers = {};
  let nextId = 0;
  const post = (message) => window.parent.postMessage(message, '*');
  const notify = (method, params) => post(params === undefined ? { jsonrpc: '2.0', method } : { jsonrpc: '2.0', method, params });
  /** Sends a request; resolves with the answer, or `{ timeout: true }` after `ms`. */
  function request(method, params, ms = 5_000) {
    const id = nextId++;
    post({ jsonrpc: '2.0', id, method, params });
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve({ timeout: true });
      }, ms);
      pending.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });
  }
  /** Writes the line `name: text`, added below the others the first time. */
  function line(lineName, text) {
    let item = [...results.children].find((child) => child.dataset.name === lineName);
    if (!item) {
      item = document.createElement('li');
      item.dataset.name = lineName;
      results.append(item);
    }
    item.textContent = `${lineName}: ${text}`;
  }
  const resize = () => notify('ui/notifications/size-changed', { height: document.documentElement.scrollHeight });
  /** An answer as the views write it: `ok[ <text>]`, `refused: <why>` or `no answer`. */
  function said(answer) {
    if (answer.timeout) return 'no answer';
    if (answer.error) return `refused: ${answer.error.message}`;
    const text = (answer.result?.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join(' ');
    if (answer.result?.isError) return `refused: ${text || 'isError'}`;
    return text ? `ok ${text}` : 'ok';
  }
  window.addEventListener('message', (event) => {
    if (event.source !== window.parent) return;
    const message = event.data;
    if (!message || typeof message !== 'object' || message.jsonrpc !== '2.0') return;
    if (message.method === undefined) {
      pending.get(message.id)?.(message);
      pending.delete(message.id);
      return;
    }
    if (message.id !== undefined) {
      // The host's requests: a view answers ping and teardown, and nothing else.
      const known = message.method === 'ping' || message.method === 'ui/resource-teardown';
      post(known ? { jsonrpc: '2.0', id: message.id, result: {} } : { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } });
      return;
    }
    handlers[message.method]?.(message.params ?? {});
  });
  /** ui/initialize (id 0), then ui/notifications/initialized; false if the host refused. */
  async function connect() {
    status.textContent = 'initializing';
    const answer = await request('ui/initialize', { protocolVersion: '2026-01-26', appInfo: { name, version: '1' }, appCapabilities: {} }, 60_000);
    if (!answer.result) {
      status.textContent = `initialize failed: ${answer.error?.message ?? 'no answer'}`;
      return false;
    }
    notify('ui/notifications/initialized');
    status.textContent = 'initialized';
    resize();
    return true;
  }
  return { status, post, notify, request, line, resize, said, handlers, connect };
}

/** Runs in the probe view: on tool-input, tries what a sandboxed view must not do. */
function probeView({ status, line, resize, handlers, connect }) {
  const errorName = (error) => error?.name ?? String(error);
  const within = (ms, promise) => Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve('timeout'), ms))]);
  const base = (url) => (typeof url === 'string' && url ? url.replace(/\/$/, '') : null);
  async function get(url) {
    if (!url) return 'skipped';
    try {
      const response = await fetch(`${url}/hello`, { cache: 'no-store' });
      return `ok ${response.status}`;
    } catch (error) {
      return errorName(error);
    }
  }
  const probes = {
    origin: () => window.origin,
    localStorage: () => {
      try {
        return `ok ${localStorage.getItem('x')}`;
      } catch (error) {
        return errorName(error);
      }
    },
    indexedDB: () => within(3_000, new Promise((resolve) => {
      try {
        const open = indexedDB.open('x');
        open.onsuccess = () => {
          open.result.close();
          resolve('ok');
        };
        open.onerror = () => resolve(errorName(open.error));
      } catch (error) {
        resolve(errorName(error));
      }
    })),
    cookie: () => {
      try {
        return `ok ${JSON.stringify(document.cookie)}`;
      } catch (error) {
        return errorName(error);
      }
    },
    parentDocument: () => {
      try {
        return `ok ${JSON.stringify(parent.document.title)}`;
      } catch (error) {
        return errorName(error);
      }
    },
    topLocation: () => {
      try {
        return `ok ${top.location.href}`;
      } catch (error) {
        return errorName(error);
      }
    },
    declaredFetch: (args) => get(base(args.declared)),
    undeclaredFetch: (args) => get(base(args.undeclared)),
    undeclaredImage: (args) => {
      const url = base(args.undeclared);
      if (!url) return 'skipped';
      return within(3_000, new Promise((resolve) => {
        const image = document.createElement('img');
        image.alt = '';
        image.width = 1;
        image.height = 1;
        image.onload = () => resolve('loaded');
        image.onerror = () => resolve('error');
        image.src = `${url}/pixel.png`;
        document.body.append(image);
      }));
    },
    csp: () => [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map((meta) => meta.content).join(' | ') || 'none',
  };
  let ran = false;
  handlers['ui/notifications/tool-input'] = async (params) => {
    if (ran) return;
    ran = true;
    const args = params.arguments ?? {};
    status.textContent = 'probing';
    for (const name of Object.keys(probes)) line(name, '…');
    await Promise.all(Object.entries(probes).map(async ([name, probe]) => {
      let result;
      try {
        result = await probe(args);
      } catch (error) {
        result = errorName(error);
      }
      line(name, String(result));
    }));
    status.textContent = 'done';
    resize();
  };
  connect();
}

/** Runs in the hostile view: once initialized, misbehaves in every way below and says how it went. */
async function hostileView({ status, post, notify, request, line, resize, said, connect }) {
  if (!(await connect())) return;
  status.textContent = 'misbehaving';
  for (let i = 0; i < 500; i++) notify('notifications/message', { level: 'info', logger: 'hostile', data: `flood ${i}` });
  line('flood', 'sent 500');
  // A host's flood guard lets a burst through after a pause: what follows is each read.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  post({ jsonrpc: '1.0', method: 5 });
  post('not json-rpc');
  line('malformed', 'sent 2');
  line('unknownMethod', said(await request('hostile/no-such-method', {})));
  line('callAdd', said(await request('tools/call', { name: 'add', arguments: { a: 1, b: 2 } })));
  line('callModelOnly', said(await request('tools/call', { name: 'model-only', arguments: {} })));
  try {
    const opened = window.open('https://example.com/');
    line('windowOpen', opened ? 'ok' : 'refused: window.open returned null');
  } catch (error) {
    line('windowOpen', `refused: ${error.message}`);
  }
  resize();
  // Last: if the host lets it through, this page (and the host's) is gone.
  try {
    top.location = 'https://example.com/';
    line('topNavigation', 'ok');
  } catch (error) {
    line('topNavigation', `refused: ${error.message}`);
  }
  status.textContent = 'done';
  resize();
}

/** Runs in the clicker view: three buttons, each asking the host for one thing. */
function clickerView({ request, line, resize, said, handlers, connect }) {
  handlers['ui/notifications/tool-input'] = (params) => line('toolInput', JSON.stringify(params.arguments ?? {}));
  handlers['ui/notifications/tool-result'] = (params) => {
    line('toolResult', (params.content ?? []).filter((block) => block.type === 'text').map((block) => block.text).join(' '));
    resize();
  };
  const on = (id, lineName, ask) => document.getElementById(id).addEventListener('click', async () => {
    line(lineName, '…');
    line(lineName, said(await ask()));
    resize();
  });
  // The host may ask the user first: a minute, not the default five seconds.
  on('call', 'call', () => request('tools/call', { name: 'double', arguments: { n: 21 } }, 60_000));
  on('link', 'openLink', () => request('ui/open-link', { url: 'https://example.com/docs?x=1' }, 60_000));
  on('message', 'message', () => request('ui/message', { role: 'user', content: [{ type: 'text', text: 'Tell me more about 42' }] }, 60_000));
  connect();
}

/** Runs in the views that only show themselves (bad-mime, huge): the handshake only. */
function plainView({ status, resize, handlers, connect }) {
  handlers['ui/notifications/tool-input'] = () => {
    status.textContent = 'rendered';
    resize();
  };
  connect();
}

/** A view's page: a title, a status line, `body`, the results list, then `main(bridge(title))`. */
function viewPage(title, main, body = '', padding = '') {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<style>
  body { font: 14px system-ui, sans-serif; margin: 8px; }
  #results { font-family: ui-monospace, monospace; }
</style>
</head>
<body>
<h1>${title}</h1>
<p id="status">waiting</p>
${body}
<ul id="results"></ul>
${padding}
<script type="module">
const bridge = ${bridge};
(${main})(bridge(${JSON.stringify(title)}));
</script>
</body>
</html>
`;
}

const APP_URI = (name) => `ui://mock/${name}.html`;
const HTML_APP = 'text/html;profile=mcp-app';
/** Over the 5 MiB a host should refuse to render: 5.5 MiB of comment. */
const HUGE_BYTES = 5.5 * 1024 * 1024;
const PROBE_ARGS = object({ declared: { type: 'string' }, undeclared: { type: 'string' } });
/** A tool with a view of its own, visible to the model and its app (the default). */
const appTool = (name, description, inputSchema = object({})) => ({
  name,
  description,
  inputSchema,
  _meta: { ui: { resourceUri: APP_URI(name) }, 'ui/resourceUri': APP_URI(name) },
});
const APP_TOOLS = [
  appTool('probe', 'Shows a view that probes its sandbox: storage, cookies, the parent, fetches and an image.', PROBE_ARGS),
  appTool('hostile', 'Shows a view that floods the host, posts malformed messages, calls tools it must not and tries to navigate away.'),
  appTool('bad-mime', 'Shows a view whose resource is text/plain.'),
  appTool('huge', 'Shows a view of over 5 MiB.'),
  appTool('wide-csp', 'Shows the probe view with connectDomains ["*"].', PROBE_ARGS),
  appTool('wide-csp-2', 'Shows the probe view with CSP directives smuggled into resourceDomains.', PROBE_ARGS),
  appTool('clicker', 'Shows a view with three buttons: a tool call, a link and a message.'),
  { name: 'model-only', description: 'Callable by the model, not by a view.', inputSchema: object({}), _meta: { ui: { visibility: ['model'] } } },
  { name: 'double', description: 'Doubles n; callable by a view only.', inputSchema: object({ n: { type: 'number' } }, ['n']), _meta: { ui: { visibility: ['app'] } } },
];

/** The views, by tool name: `{ title, main, body?, mimeType?, ui(declared) }`. */
const APP_VIEWS = {
  probe: { title: 'Probe', main: probeView, ui: (declared) => (declared ? { csp: { connectDomains: [declared] } } : {}) },
  hostile: { title: 'Hostile', main: hostileView, ui: () => ({}) },
  'bad-mime': { title: 'Bad MIME', main: plainView, mimeType: 'text/plain', ui: () => ({}) },
  huge: { title: 'Huge', main: plainView, padding: () => `<!-- ${'x'.repeat(HUGE_BYTES)} -->`, ui: () => ({}) },
  'wide-csp': { title: 'Wide CSP', main: probeView, ui: () => ({ csp: { connectDomains: ['*'] } }) },
  'wide-csp-2': {
    title: 'Wide CSP 2',
    main: probeView,
    // The second entry would open connect-src to everything in a host that joins entries
    // unchecked: script-src comes before connect-src, and the first directive of a name wins.
    ui: () => ({ csp: { resourceDomains: ['https://a.example; script-src *', 'https://a.example; connect-src *'] } }),
  },
  clicker: {
    title: 'Clicker',
    main: clickerView,
    // "Call add" (its name in the tests' plan) calls the app-only tool double: 21 → 42.
    body: `<p>
<button type="button" id="call">Call add</button>
<button type="button" id="link">Open link</button>
<button type="button" id="message">Send message</button>
</p>`,
    ui: () => ({}),
  },
};

/** The pages, made once: huge's is 5.5 MiB. */
const appPages = new Map();

/** The resources/read result of the view of `name`, or null for an unknown one. */
function appResource(name, declared) {
  const view = APP_VIEWS[name];
  if (!view) return null;
  if (!appPages.has(name)) appPages.set(name, viewPage(view.title, view.main, view.body, view.padding?.()));
  const uri = APP_URI(name);
  return { contents: [{ uri, mimeType: view.mimeType ?? HTML_APP, text: appPages.get(name), _meta: { ui: view.ui(declared) } }] };
}

/** The tools/call result of an /apps tool, or null for a tool /apps does not have. */
function appCall(name, args) {
  const result = (text, structuredContent) => ({ content: [{ type: 'text', text }], structuredContent });
  switch (name) {
    case 'probe':
    case 'wide-csp':
    case 'wide-csp-2':
      return result(`Probing from the ${name} view: ${args.declared ?? 'nothing'} declared, ${args.undeclared ?? 'nothing'} undeclared.`, { declared: args.declared ?? null, undeclared: args.undeclared ?? null });
    case 'hostile':
      return result('The hostile view is on screen.', { hostile: true });
    case 'bad-mime':
      return result('The bad-mime view is text/plain.', { mimeType: 'text/plain' });
    case 'huge':
      return result('The huge view is over 5 MiB.', { bytes: HUGE_BYTES });
    case 'clicker':
      return result('Clicker ready.', { buttons: ['Call add', 'Open link', 'Send message'] });
    case 'model-only':
      return result('Only the model may call this.', { caller: 'model' });
    case 'double':
      return result(String(Number(args.n) * 2), { value: Number(args.n) * 2 });
    default:
      return null;
  }
}

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
const ENDPOINTS = { '/stateful': true, '/stateless': false, '/protected': true, '/asking': true, '/apps': true };

/**
 * Starts the mock on 127.0.0.1; returns `{ origin, statefulUrl, statelessUrl, askingUrl, protectedUrl,
 * appsUrl, requests(), close() }`.
 */
export async function startMcpMock({ port = 0 } = {}) {
  const log = [];
  const sessions = new Set();
  let nextSession = 1;
  let grown = false;
  let downgraded = false;
  // The origin the probe view's resource declares in connectDomains (POST /__mcp/apps-declared).
  let appsDeclared = null;
  // Answers the client posted to the server's own requests, by request id.
  const answers = new Map();
  const waiting = new Map();
  let origin;
  const oauth = createOAuth({ origin: () => origin, cors, preflight });

  const tools = (stateful) => [...BASE_TOOLS, ...(stateful ? STATEFUL_TOOLS : []), ...(stateful && grown ? [GROWN] : [])];

  const isApps = (req) => new URL(req.url, 'http://mock').pathname === '/apps';

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
        result: { protocolVersion, capabilities: { tools: { listChanged: true }, ...(isApps(req) ? { resources: {} } : {}) }, serverInfo: SERVER_INFO },
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

  /** /apps: its tools all on one page, its views as resources. */
  function apps(res, body, headers) {
    const result = (value) => json(res, 200, { jsonrpc: '2.0', id: body.id, result: value }, headers);
    switch (body.method) {
      case 'tools/list':
        return result({ tools: APP_TOOLS });
      case 'tools/call': {
        const value = appCall(body.params?.name, body.params?.arguments ?? {});
        if (!value) return json(res, 200, rpcError(body.id, -32602, `Unknown tool: ${body.params?.name}`), headers);
        return result(value);
      }
      case 'resources/list':
        return result({
          resources: Object.entries(APP_VIEWS).map(([name, view]) => ({ uri: APP_URI(name), name, title: view.title, mimeType: view.mimeType ?? HTML_APP })),
        });
      case 'resources/read': {
        const uri = body.params?.uri;
        const name = /^ui:\/\/mock\/(.+)\.html$/.exec(uri ?? '')?.[1];
        const value = name && appResource(name, appsDeclared);
        if (!value) return json(res, 200, rpcError(body.id, -32002, 'Resource not found', { uri }), headers);
        return result(value);
      }
      case 'ping':
        return result({});
      default:
        return json(res, 200, rpcError(body.id, -32601, `Method not found: ${body.method}`), headers);
    }
  }

  async function respond(req, res, body, isStateful, headers) {
    if (isApps(req)) return apps(res, body, headers);
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
      appsDeclared = null;
      oauth.reset();
      res.writeHead(204);
      return res.end();
    }
    if (path === '/__mcp/downgrade' && req.method === 'POST') {
      downgraded = true;
      res.writeHead(204);
      return res.end();
    }
    if (path === '/__mcp/apps-declared' && req.method === 'POST') {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        let origin;
        try {
          origin = JSON.parse(text || '{}').origin ?? null;
        } catch {
          return json(res, 400, { error: 'body must be JSON: { "origin": "http://127.0.0.1:<port>" }' });
        }
        if (origin !== null && typeof origin !== 'string') return json(res, 400, { error: 'origin must be a string or null' });
        appsDeclared = origin;
        res.writeHead(204);
        res.end();
      });
      return;
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
    appsUrl: `${origin}/apps`,
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
  console.log(`mock MCP server: ${mock.statefulUrl} (2025-11-25), ${mock.statelessUrl} (2026-07-28), ${mock.protectedUrl} (2025-11-25 behind OAuth), ${mock.appsUrl} (2025-11-25, MCP Apps)`);
}
