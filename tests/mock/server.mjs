// Mock OpenAI-compatible LLM server for Hearth's tests and for trying the app by hand.
//
// POST /v1/chat/completions plays back the scenario named by the request's `model`
// (tests/mock/scenarios/<model>.json, falling back to echo.json), GET /v1/models lists the
// scenarios, GET /__mock/requests returns the log of /v1 requests and POST /__mock/reset
// clears it. CORS is answered like a real provider, so the browser app can call it from
// another origin. The scenario format is described in tests/mock/README.md.
//
// CLI: node tests/mock/server.mjs [--port N] [--host H]

import { createServer } from 'node:http';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const DEFAULT_SCENARIOS_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));
const FALLBACK_SCENARIO = 'echo';
const SCENARIO_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const FRAME_KINDS = ['delta', 'finish', 'usage', 'raw', 'done'];
const EXPOSED_HEADERS = 'retry-after, x-request-id';

let lastId = 0; // numbers x-request-id headers and completion ids

/** Starts the mock server; `port: 0` picks a free port. */
export async function startMockServer({
  port = 0,
  host = '127.0.0.1',
  scenariosDir = DEFAULT_SCENARIOS_DIR,
} = {}) {
  const requests = [];
  const server = createServer((req, res) => {
    handle(req, res, { scenariosDir, requests }).catch((error) => sendFailure(res, error));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = server.address().port;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`,
    port: actualPort,
    requests,
    close: () => closeServer(server),
  };
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------
// HTTP: CORS, request log, routing

const ROUTES = {
  'POST /v1/chat/completions': chatCompletions,
  'GET /v1/models': listModels,
  'GET /__mock/requests': (req, res, { requests }) => sendJson(res, 200, requests),
  'POST /__mock/reset': (req, res, { requests }) => {
    requests.length = 0;
    res.writeHead(204).end();
  },
};

async function handle(req, res, { scenariosDir, requests }) {
  setCorsHeaders(req, res);
  const { pathname } = new URL(req.url, 'http://mock.invalid');
  const body = parseJson(await readBody(req));
  const entry = { method: req.method, path: pathname, headers: req.headers, body, aborted: false };
  if (pathname.startsWith('/v1/')) {
    requests.push(entry);
    res.setHeader('x-request-id', `req_mock_${++lastId}`);
    res.on('close', () => {
      entry.aborted = !res.writableFinished;
    });
  }
  if (req.method === 'OPTIONS') return sendPreflight(req, res);
  const route = ROUTES[`${req.method} ${pathname}`];
  if (!route) {
    return sendError(res, 404, `Invalid URL (${req.method} ${pathname})`, 'invalid_request_error');
  }
  return route(req, res, { scenariosDir, requests, body });
}

function setCorsHeaders(req, res) {
  const origin = req.headers.origin;
  res.setHeader('access-control-allow-origin', origin ?? '*');
  if (origin) res.setHeader('vary', 'Origin');
  res.setHeader('access-control-expose-headers', EXPOSED_HEADERS);
}

function sendPreflight(req, res) {
  res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    req.headers['access-control-request-headers'] ?? 'authorization, content-type',
  );
  res.setHeader('access-control-max-age', '600');
  // Chrome's Private Network Access: lets an app on a public origin call this loopback server.
  if (req.headers['access-control-request-private-network'] === 'true') {
    res.setHeader('access-control-allow-private-network', 'true');
  }
  res.writeHead(204).end();
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The parsed JSON, or null for an empty or malformed body. */
function parseJson(text) {
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

function sendJson(res, status, value) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function sendError(res, status, message, type) {
  sendJson(res, status, { error: { message, type, param: null, code: null } });
}

/** Last resort for a handler that threw: a JSON error if nothing was sent yet. */
function sendFailure(res, error) {
  const clientGone = !res.socket || res.socket.destroyed;
  if (clientGone) return;
  if (!(error instanceof ScenarioError)) console.error('mock LLM server:', error);
  if (res.headersSent) return res.destroy();
  const type = error instanceof ScenarioError ? 'mock_scenario_error' : 'mock_server_error';
  sendError(res, 500, error.message, type);
}

// ---------------------------------------------------------------------------
// Routes

async function chatCompletions(req, res, { scenariosDir, body }) {
  if (typeof body?.model !== 'string') {
    return sendError(res, 400, 'you must provide a model parameter', 'invalid_request_error');
  }
  const scenario = await loadScenario(scenariosDir, body.model);
  const status = scenario.status ?? 200;
  for (const [name, value] of Object.entries(scenario.headers ?? {})) res.setHeader(name, value);
  if (status < 200 || status > 299) {
    if (scenario.body === undefined) throw new ScenarioError('a non-2xx scenario needs a "body"');
    return sendJson(res, status, scenario.body);
  }
  const events = scenarioEvents(scenario, body);
  const dialect = openAiDialect(body);
  if (body.stream !== true) return sendJson(res, status, dialect.completion(events));
  return streamEvents(res, status, events, dialect);
}

async function listModels(req, res, { scenariosDir }) {
  const names = (await readdir(scenariosDir))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => SCENARIO_NAME.test(name))
    .sort();
  const data = names.map((id) => ({ id, object: 'model', created: 0, owned_by: 'hearth-mock' }));
  sendJson(res, 200, { object: 'list', data });
}

/** Writes each event as an SSE frame after its delay; stops quietly if the client goes away. */
async function streamEvents(res, status, events, dialect) {
  const disconnected = new AbortController();
  res.on('close', () => disconnected.abort());
  res.writeHead(status, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  try {
    for (const event of events) {
      if (event.delayMs > 0) await sleep(event.delayMs, undefined, { signal: disconnected.signal });
      disconnected.signal.throwIfAborted();
      const frame = dialect.sseFrame(event);
      if (frame !== null) res.write(frame);
    }
    res.end();
  } catch (error) {
    if (!disconnected.signal.aborted) throw error;
  }
}

// ---------------------------------------------------------------------------
// Scenarios: loading, and expanding into provider-neutral events
// ({ type: 'delta' | 'finish' | 'usage' | 'raw' | 'done', value, delayMs })

class ScenarioError extends Error {}

async function loadScenario(dir, model) {
  const scenario = (await readScenario(dir, model)) ?? (await readScenario(dir, FALLBACK_SCENARIO));
  if (!scenario) throw new ScenarioError(`no scenario "${model}" and no ${FALLBACK_SCENARIO}.json`);
  return scenario;
}

/** The scenario called `name`, or null when the name is unsafe or there is no such file. */
async function readScenario(dir, name) {
  if (!SCENARIO_NAME.test(name)) return null;
  let text;
  try {
    text = await readFile(path.join(dir, `${name}.json`), 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw error;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ScenarioError(`scenario ${name}.json is not valid JSON: ${error.message}`);
  }
}

function scenarioEvents(scenario, request) {
  const fill = scenario.template ? (text) => fillTemplate(text, templateVars(request)) : (text) => text;
  if (scenario.text_stream) return textStreamEvents(scenario.text_stream, fill, request);
  if (Array.isArray(scenario.stream)) return scenario.stream.map((frame) => frameEvent(frame, fill));
  throw new ScenarioError('a 2xx scenario needs "stream" or "text_stream"');
}

function frameEvent(frame, fill) {
  const kinds = typeof frame === 'object' ? FRAME_KINDS.filter((kind) => kind in (frame ?? {})) : [];
  if (kinds.length !== 1 || (kinds[0] === 'delta' && typeof frame.delta !== 'string')) {
    throw new ScenarioError(
      `a stream frame needs exactly one of ${FRAME_KINDS.join(', ')}: ${JSON.stringify(frame)}`,
    );
  }
  const [type] = kinds;
  const value = type === 'delta' ? fill(frame.delta) : frame[type];
  return { type, value, delayMs: frame.delay_ms ?? 0 };
}

/**
 * Splits `text` (repeated `repeat` times) into delta events of `chunk_chars` code points,
 * then finish stop, usage, done.
 */
function textStreamEvents({ text, chunk_chars = 8, delay_ms = 0, repeat = 1 }, fill, request) {
  if (typeof text !== 'string' || !(chunk_chars >= 1) || !Number.isInteger(repeat) || repeat < 1) {
    throw new ScenarioError(
      '"text_stream" needs a "text" string, a positive "chunk_chars" and a positive integer "repeat"',
    );
  }
  const content = fill(text).repeat(repeat);
  const chars = Array.from(content);
  const events = [];
  for (let start = 0; start < chars.length; start += chunk_chars) {
    const piece = chars.slice(start, start + chunk_chars).join('');
    events.push({ type: 'delta', value: piece, delayMs: delay_ms });
  }
  const usage = {
    prompt_tokens: estimateTokens(requestMessages(request).map(messageText).join('\n')),
    completion_tokens: estimateTokens(content),
  };
  events.push(
    { type: 'finish', value: 'stop', delayMs: 0 },
    { type: 'usage', value: usage, delayMs: 0 },
    { type: 'done', value: true, delayMs: 0 },
  );
  return events;
}

function templateVars(request) {
  const lastUser = requestMessages(request).findLast((message) => message?.role === 'user');
  const text = lastUser ? messageText(lastUser) : '';
  return {
    model: request.model,
    last_user_message: text,
    last_user_message_quoted: text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
  };
}

function fillTemplate(text, vars) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name) => {
    if (!Object.hasOwn(vars, name)) throw new ScenarioError(`unknown template variable ${match}`);
    return vars[name];
  });
}

function requestMessages(request) {
  return Array.isArray(request.messages) ? request.messages : [];
}

/** A message's text: its string content, or its text parts joined. */
function messageText(message) {
  if (typeof message?.content === 'string') return message.content;
  if (!Array.isArray(message?.content)) return '';
  return message.content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** A rough token count (about four characters a token), good enough for usage figures. */
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}

// ---------------------------------------------------------------------------
// OpenAI dialect: events -> chat.completion.chunk SSE frames, or one chat.completion

function openAiDialect(request) {
  const id = `chatcmpl-mock${++lastId}`;
  const created = Math.floor(Date.now() / 1000);
  const model = request.model;
  const includeUsage = request.stream_options?.include_usage === true;
  const envelope = (object, fields) => ({
    id,
    object,
    created,
    model,
    system_fingerprint: 'fp_hearth_mock',
    ...fields,
  });
  // With include_usage, OpenAI puts `usage: null` on every chunk but the usage one.
  const chunk = (choices, usage = null) =>
    envelope('chat.completion.chunk', { choices, ...(includeUsage ? { usage } : {}) });
  const data = (value) => `data: ${JSON.stringify(value)}\n\n`;
  let roleSent = false;

  function deltaChunk(content) {
    const delta = roleSent ? { content } : { role: 'assistant', content };
    roleSent = true;
    return chunk([{ index: 0, delta, logprobs: null, finish_reason: null }]);
  }

  return {
    sseFrame(event) {
      switch (event.type) {
        case 'delta':
          return data(deltaChunk(event.value));
        case 'finish':
          return data(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: event.value }]));
        case 'usage':
          return includeUsage ? data(chunk([], withTotal(event.value))) : null;
        case 'raw':
          return event.value;
        case 'done':
          return 'data: [DONE]\n\n';
      }
    },

    completion(events) {
      const valuesOf = (type) => events.filter((event) => event.type === type).map((e) => e.value);
      const usage = valuesOf('usage')[0];
      return envelope('chat.completion', {
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: valuesOf('delta').join(''), refusal: null },
            logprobs: null,
            finish_reason: valuesOf('finish')[0] ?? 'stop',
          },
        ],
        ...(usage ? { usage: withTotal(usage) } : {}),
      });
    },
  };
}

function withTotal(usage) {
  return { ...usage, total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens };
}

// ---------------------------------------------------------------------------
// CLI

async function main() {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '0' },
      host: { type: 'string', default: '127.0.0.1' },
    },
  });
  const mock = await startMockServer({ port: Number(values.port), host: values.host });
  console.log(`mock LLM server: ${mock.url}/v1`);
  const stop = () => mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
