// Mock LLM server for Hearth's tests and for trying the app by hand. It speaks the
// provider families Hearth supports, all from the same provider-neutral scenario files:
//
//   OpenAI     POST /v1/chat/completions                     (scenario = body.model)
//   Responses  POST /v1/responses                            (scenario = body.model)
//   Anthropic  POST /v1/messages                             (scenario = body.model)
//   Gemini     POST /v1beta/models/{model}:streamGenerateContent?alt=sse, :generateContent
//
// (and Azure's routes for the OpenAI ones), with the providers' own web search, citations and
// pictures as scenario frames, OpenAI's Images API (POST /v1/images/generations, /edits)
// answering small real PNGs, and its audio API (POST /v1/audio/transcriptions, /speech; see
// audio.mjs) for dictation and "Read aloud", and realtime talk: Gemini's Live API over a
// WebSocket (see live.mjs) and OpenAI's Realtime API over WebRTC (see realtime.mjs). For
// knowledge bases it answers the embeddings APIs (POST /v1/embeddings, Gemini's
// :batchEmbedContents and :embedContent; see embeddings.mjs) with deterministic vectors.
//
// A scenario (tests/mock/scenarios/<model>.json, falling back to echo.json) expands into
// neutral events; a *dialect* turns those into each provider's wire frames (or a `recorded`
// scenario replays a real body from hearth-core/test_data byte for byte). GET /v1/models and
// GET /v1beta/models list the scenarios, GET /__mock/requests returns the log of /v1 and
// /v1beta requests and POST /__mock/reset clears it. CORS is answered like a real provider,
// so the browser app can call it from another origin. The formats are in tests/mock/README.md.
//
// CLI: node tests/mock/server.mjs [--port N] [--host H]

import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { LIVE_PATH, liveSession } from './live.mjs';
import { realtimeRoutes } from './realtime.mjs';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { asksForAudio, carriesAudio, geminiSpeech, geminiTranscription, speech, transcriptions } from './audio.mjs';
import { AZURE_EMBEDDINGS, GEMINI_EMBED_CALL, geminiEmbed, openAiEmbeddings } from './embeddings.mjs';
import { solidPng } from './png.mjs';

const DEFAULT_SCENARIOS_DIR = fileURLToPath(new URL('./scenarios/', import.meta.url));
// Recorded provider bodies (hearth-core's test data), replayed verbatim by `recorded` scenarios.
const DEFAULT_RECORDED_DIR = fileURLToPath(new URL('../../hearth-core/test_data/', import.meta.url));
const RECORDED_FILE = /^(openai|responses|anthropic|gemini)\/[A-Za-z0-9_-][A-Za-z0-9._-]*\.sse$/;
const FALLBACK_SCENARIO = 'echo';
const SCENARIO_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const LOGGED_PATH = /^\/(v1(beta)?|openai)\//;
// Azure OpenAI's chat route: one deployment per URL, the `api-version` in the query.
const AZURE_CALL = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;
// Azure OpenAI's Responses: per deployment (Hearth's URL with /responses for /chat/completions)
// or the v1 route; and its Images API per deployment.
const AZURE_RESPONSES = /^\/openai\/(deployments\/[^/]+|v1)\/responses$/;
const AZURE_IMAGES = /^\/openai\/deployments\/[^/]+\/images\/(generations|edits)$/;
const GEMINI_CALL = /^\/v1beta\/models\/([^/:]+):(streamGenerateContent|generateContent)$/;
const EXPOSED_HEADERS = 'retry-after, x-request-id';
// Sent back when a preflight does not name the headers it wants (browsers always do).
const DEFAULT_ALLOWED_HEADERS = [
  'authorization',
  'content-type',
  'x-api-key',
  'anthropic-version',
  'anthropic-dangerous-direct-browser-access',
  'x-goog-api-key',
].join(', ');
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
};
const MODEL_CREATED_AT = '2025-01-01T00:00:00Z'; // Anthropic's model list wants a date

let lastId = 0; // numbers x-request-id headers and message ids
const dropped = new WeakSet(); // responses whose socket the mock itself destroyed

/** Starts the mock server; `port: 0` picks a free port. */
export async function startMockServer({
  port = 0,
  host = '127.0.0.1',
  scenariosDir = DEFAULT_SCENARIOS_DIR,
  recordedDir = DEFAULT_RECORDED_DIR,
} = {}) {
  const requests = [];
  // OpenAI's Realtime API and its peer page (see realtime.mjs): calls wait for that page.
  const realtime = realtimeRoutes();
  const server = createServer((req, res) => {
    handle(req, res, { scenariosDir, recordedDir, requests, realtime }).catch((error) => sendFailure(req, res, error));
  });
  // Gemini's Live API: a WebSocket (see live.mjs); any other upgrade is refused.
  const upgraded = new Set();
  server.on('upgrade', (req, socket) => {
    upgraded.add(socket);
    socket.on('close', () => upgraded.delete(socket));
    const url = new URL(req.url, 'http://mock.invalid');
    if (url.pathname === LIVE_PATH) liveSession(req, socket, { requests, url });
    else socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
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
    close: () => {
      for (const socket of upgraded) socket.destroy();
      return closeServer(server);
    },
  };
}

function closeServer(server) {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

// ---------------------------------------------------------------------------
// Provider errors: one table of what each family answers for each kind of failure

/**
 * Per kind and family: the HTTP status, the error `type` (Gemini: its `status` string),
 * OpenAI's `code`/`param`, and the provider's real message, used unless a scenario gives one.
 */
const ERROR_KINDS = {
  auth: {
    openai: {
      status: 401,
      type: 'invalid_request_error',
      code: 'invalid_api_key',
      message:
        'Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys.',
    },
    anthropic: { status: 401, type: 'authentication_error', message: 'invalid x-api-key' },
    // Google answers a wrong key with 400, not 401.
    gemini: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'API key not valid. Please pass a valid API key.',
    },
  },
  rate_limit: {
    openai: {
      status: 429,
      type: 'requests',
      code: 'rate_limit_exceeded',
      message:
        'Rate limit reached for gpt-4o-mini in organization org-mock on requests per min (RPM): Limit 3, Used 3, Requested 1. Please try again in 7s.',
    },
    anthropic: {
      status: 429,
      type: 'rate_limit_error',
      message:
        'This request would exceed the rate limit for your organization of 50,000 input tokens per minute. For details, refer to: https://docs.claude.com/en/api/rate-limits.',
    },
    gemini: {
      status: 429,
      type: 'RESOURCE_EXHAUSTED',
      message:
        'You exceeded your current quota, please check your plan and billing details. For more information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits.',
    },
  },
  server: {
    openai: {
      status: 500,
      type: 'server_error',
      message: 'The server had an error while processing your request. Sorry about that!',
    },
    anthropic: { status: 500, type: 'api_error', message: 'Internal server error' },
    gemini: {
      status: 500,
      type: 'INTERNAL',
      message:
        'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
    },
  },
  overloaded: {
    openai: {
      status: 503,
      type: 'server_error',
      code: 'overloaded',
      message: 'The engine is currently overloaded, please try again later.',
    },
    // 529 is Anthropic's own status for "overloaded".
    anthropic: { status: 529, type: 'overloaded_error', message: 'Overloaded' },
    gemini: { status: 503, type: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  },
  context_length: {
    openai: {
      status: 400,
      type: 'invalid_request_error',
      code: 'context_length_exceeded',
      param: 'messages',
      message:
        "This model's maximum context length is 128000 tokens. However, your messages resulted in 130412 tokens. Please reduce the length of the messages.",
    },
    anthropic: {
      status: 400,
      type: 'invalid_request_error',
      message: 'prompt is too long: 250000 tokens > 200000 maximum',
    },
    gemini: {
      status: 400,
      type: 'INVALID_ARGUMENT',
      message: 'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
    },
  },
  invalid_request: {
    openai: { status: 400, type: 'invalid_request_error', message: 'Invalid request.' },
    anthropic: { status: 400, type: 'invalid_request_error', message: 'Invalid request.' },
    gemini: { status: 400, type: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  },
  not_found: {
    openai: { status: 404, type: 'invalid_request_error', message: 'Not found.' },
    anthropic: { status: 404, type: 'not_found_error', message: 'Not found.' },
    gemini: { status: 404, type: 'NOT_FOUND', message: 'Requested entity was not found.' },
  },
};

/** The family whose error shape `family` uses: Responses answers errors as Chat Completions does. */
const errorShape = (family) => (family === 'responses' ? 'openai' : family);

/** The table entry for `kind` in `family`, with `message` instead of the default if given. */
function kindError(family, kind, message) {
  const entry = ERROR_KINDS[kind][errorShape(family)];
  return message === undefined ? entry : { ...entry, message };
}

/** A non-2xx JSON body in `family`'s shape. */
function errorBody(family, { status, type, code = null, param = null, message }, requestId) {
  switch (errorShape(family)) {
    case 'openai':
      return { error: { message, type, param, code } };
    case 'anthropic':
      return { type: 'error', error: { type, message }, request_id: requestId };
    case 'gemini':
      return { error: { code: status, message, status: type } };
  }
}

function sendKindError(res, family, kind, message, requestId) {
  const error = kindError(family, kind, message);
  sendJson(res, error.status, errorBody(family, error, requestId));
}

/** Which family a request speaks, for errors raised before a route knows (404s, crashes). */
function familyOf(req) {
  const { pathname } = new URL(req.url, 'http://mock.invalid');
  if (pathname.startsWith('/v1beta/')) return 'gemini';
  if (pathname === '/v1/messages' || 'anthropic-version' in req.headers) return 'anthropic';
  return 'openai';
}

// ---------------------------------------------------------------------------
// HTTP: CORS, request log, routing

const ROUTES = {
  'POST /v1/chat/completions': chatCompletions,
  'POST /v1/messages': anthropicMessages,
  'POST /v1/responses': responses,
  'POST /v1/images/generations': (req, res, context) => imagesApi(res, context, false),
  'POST /v1/images/edits': (req, res, context) => imagesApi(res, context, true),
  'POST /v1/audio/transcriptions': transcriptions,
  'POST /v1/audio/speech': speech,
  'POST /v1/embeddings': openAiEmbeddings,
  'GET /v1/models': listModels,
  'GET /v1beta/models': listGeminiModels,
  'GET /__mock/requests': (req, res, { requests }) => sendJson(res, 200, requests),
  'POST /__mock/reset': (req, res, { requests }) => {
    requests.length = 0;
    res.writeHead(204).end();
  },
};

async function handle(req, res, { scenariosDir, recordedDir, requests, realtime }) {
  setCorsHeaders(req, res);
  const url = new URL(req.url, 'http://mock.invalid');
  const raw = await readBody(req);
  const body = parseJson(raw.toString('utf8'));
  // `target` is the request target exactly as it came on the request line (path and
  // query, byte for byte), so tests can check that what was sent is what was built.
  const entry = { method: req.method, path: url.pathname, target: req.url, headers: req.headers, body, aborted: false };
  let requestId = null;
  if (LOGGED_PATH.test(url.pathname)) {
    requests.push(entry);
    requestId = `req_mock_${++lastId}`;
    res.setHeader('x-request-id', requestId);
    res.on('close', () => {
      // A socket the mock dropped on purpose (scenario `drop`) was not the client's doing.
      entry.aborted = !res.writableFinished && !dropped.has(res);
    });
  }
  if (req.method === 'OPTIONS') return sendPreflight(req, res);
  const route = findRoute(req.method, url.pathname, realtime);
  if (!route) {
    const message = `Invalid URL (${req.method} ${url.pathname})`;
    return sendKindError(res, familyOf(req), 'not_found', message, requestId);
  }
  const context = { scenariosDir, recordedDir, requests, body, raw, entry, url, requestId, ...route.params };
  return route.handler(req, res, context);
}

/** The handler for a request, and what it takes from the path (Gemini's model and method). */
function findRoute(method, pathname, realtime) {
  const handler = ROUTES[`${method} ${pathname}`] ?? realtime[`${method} ${pathname}`];
  if (handler) return { handler, params: {} };
  if (method === 'POST' && AZURE_CALL.test(pathname)) return { handler: chatCompletions, params: {} };
  if (method === 'POST' && AZURE_RESPONSES.test(pathname)) return { handler: responses, params: {} };
  const images = method === 'POST' ? AZURE_IMAGES.exec(pathname) : null;
  if (images) return { handler: (req, res, context) => imagesApi(res, context, images[1] === 'edits'), params: {} };
  // Embeddings (embeddings.mjs): Azure's per deployment, and Gemini's, whose methods the
  // chat route's pattern does not take.
  const azureEmbeddings = method === 'POST' ? AZURE_EMBEDDINGS.exec(pathname) : null;
  if (azureEmbeddings) return { handler: openAiEmbeddings, params: { deployment: decodeURIComponent(azureEmbeddings[1]) } };
  const embed = method === 'POST' ? GEMINI_EMBED_CALL.exec(pathname) : null;
  if (embed) return { handler: geminiEmbed, params: { model: decodeURIComponent(embed[1]), method: embed[2] } };
  const gemini = GEMINI_CALL.exec(pathname);
  if (method === 'POST' && gemini) {
    const params = { model: decodeURIComponent(gemini[1]), streaming: gemini[2] === 'streamGenerateContent' };
    return { handler: geminiGenerate, params };
  }
  return null;
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
    req.headers['access-control-request-headers'] ?? DEFAULT_ALLOWED_HEADERS,
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
  return Buffer.concat(chunks);
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

/** Last resort for a handler that threw: a JSON error in the request's family, if not too late. */
function sendFailure(req, res, error) {
  const clientGone = !res.socket || res.socket.destroyed;
  if (clientGone) return;
  if (!(error instanceof ScenarioError)) console.error('mock LLM server:', error);
  if (res.headersSent) return res.destroy();
  const family = familyOf(req);
  const ownType = error instanceof ScenarioError ? 'mock_scenario_error' : 'mock_server_error';
  const type = family === 'gemini' ? 'INTERNAL' : ownType;
  const requestId = res.getHeader('x-request-id') ?? null;
  sendJson(res, 500, errorBody(family, { status: 500, type, message: error.message }, requestId));
}

// ---------------------------------------------------------------------------
// Routes

async function chatCompletions(req, res, context) {
  const { body } = context;
  if (typeof body?.model !== 'string') {
    return sendKindError(res, 'openai', 'invalid_request', 'you must provide a model parameter', null);
  }
  const messages = requestMessages(body);
  const conversation = {
    model: body.model,
    messages: messages.map((message) => plainMessage(message, true)),
    ...openAiToolTurns(messages),
  };
  const streaming = body.stream === true;
  return playScenario(res, context, { family: 'openai', conversation, streaming });
}

async function anthropicMessages(req, res, context) {
  const { body, requestId } = context;
  if (!req.headers['x-api-key']) return sendMissingKey(res, requestId);
  if (typeof body?.model !== 'string') {
    return sendKindError(res, 'anthropic', 'invalid_request', 'model: Field required', requestId);
  }
  const messages = requestMessages(body);
  const conversation = {
    model: body.model,
    messages: messages.map((message) => plainMessage(message, isGenuineAnthropicTurn(message))),
    ...anthropicToolTurns(messages),
  };
  const streaming = body.stream === true;
  return playScenario(res, context, { family: 'anthropic', conversation, streaming });
}

async function geminiGenerate(req, res, context) {
  const { body, url, model, streaming, requestId } = context;
  // Without alt=sse Google streams one growing JSON array instead; Hearth never asks for that.
  if (streaming && url.searchParams.get('alt') !== 'sse') {
    const message = 'The Hearth mock server streams only with ?alt=sse.';
    return sendKindError(res, 'gemini', 'invalid_request', message, requestId);
  }
  // Dictation and "Read aloud" (audio.mjs): one answer each, never streamed.
  if (!streaming && asksForAudio(body)) return geminiSpeech(res, context);
  if (!streaming && carriesAudio(body)) return geminiTranscription(res, context);
  const contents = Array.isArray(body?.contents) ? body.contents : [];
  const conversation = { model, messages: contents.map(geminiMessage), ...geminiToolTurns(contents) };
  return playScenario(res, context, { family: 'gemini', conversation, streaming });
}

/**
 * OpenAI Responses (`POST /v1/responses`, and Azure's): the scenario named by the body's
 * `model`, streamed as Responses events. Not streamed, it answers the finished `response`.
 */
async function responses(req, res, context) {
  const { body } = context;
  if (typeof body?.model !== 'string') {
    return sendKindError(res, 'responses', 'invalid_request', "Missing required parameter: 'model'.", null);
  }
  const conversation = responsesConversation(body);
  return playScenario(res, context, { family: 'responses', conversation, streaming: body.stream === true });
}

/** What `quality` costs in output tokens for one 1024x1024 picture (gpt-image-1's table). */
const IMAGE_OUTPUT_TOKENS = { low: 272, medium: 1056, high: 4160, auto: 1056 };

/**
 * OpenAI's Images API, as JSON (`prompt`, `n`, `size`, `quality`, `model`; an edit also
 * `images: [{ image_url }]`): `n` small real PNGs, each a colour of its own (PALETTE, from the
 * index; edits start further on), so a test can tell them apart. A `model` naming a non-2xx
 * scenario (`image-refused`) answers that scenario's error instead.
 */
async function imagesApi(res, { body, scenariosDir, requestId }, edit) {
  const refuse = (message, param, code = null) =>
    sendJson(res, 400, errorBody('openai', { type: 'invalid_request_error', message, param, code }));
  if (!isObject(body)) {
    return refuse('The Hearth mock takes the Images API as JSON only (no multipart uploads).', null);
  }
  if (!isString(body.prompt) || body.prompt === '') {
    return refuse("Missing required parameter: 'prompt'.", 'prompt', 'missing_required_parameter');
  }
  const n = body.n ?? 1;
  if (!Number.isInteger(n) || n < 1 || n > 10) {
    return refuse(`Invalid 'n': expected an integer from 1 to 10, got ${JSON.stringify(n)}.`, 'n', 'invalid_value');
  }
  const images = body.images;
  const validImages =
    Array.isArray(images) &&
    images.length > 0 &&
    images.every((image) => isObject(image) && (isString(image.image_url) || isString(image.file_id)));
  if (edit && !validImages) {
    return refuse("Missing required parameter: 'images' (a list of { image_url } or { file_id }).", 'images', 'missing_required_parameter');
  }
  if (body.stream === true) return refuse('The Hearth mock answers the Images API without streaming.', 'stream');
  const scenario = isString(body.model) ? await readScenario(scenariosDir, body.model) : null;
  for (const [name, value] of Object.entries(scenario?.headers ?? {})) res.setHeader(name, value);
  const failure = scenario && scenarioFailure(scenario, 'openai', requestId);
  if (failure) return sendJson(res, failure.status, failure.body);
  const quality = isString(body.quality) ? body.quality : 'auto';
  const first = edit ? 3 : 0;
  const data = Array.from({ length: n }, (_, index) => ({
    b64_json: solidPng(first + index).toString('base64'),
    revised_prompt: body.prompt,
  }));
  const textTokens = estimateTokens(body.prompt);
  const imageTokens = edit ? 194 * images.length : 0; // what a small input picture counts
  const outputTokens = n * (IMAGE_OUTPUT_TOKENS[quality] ?? IMAGE_OUTPUT_TOKENS.auto);
  sendJson(res, 200, {
    created: Math.floor(Date.now() / 1000),
    background: 'opaque',
    data,
    output_format: 'png',
    quality: quality === 'auto' ? 'medium' : quality,
    size: isString(body.size) && body.size !== 'auto' ? body.size : '1024x1024',
    usage: {
      input_tokens: textTokens + imageTokens,
      input_tokens_details: { image_tokens: imageTokens, text_tokens: textTokens },
      output_tokens: outputTokens,
      total_tokens: textTokens + imageTokens + outputTokens,
    },
  });
}

/**
 * OpenAI's model list, or Anthropic's when the request carries `anthropic-version`. A
 * scenario with `input_modalities` is listed with OpenRouter's `architecture` too.
 */
async function listModels(req, res, { scenariosDir, requestId }) {
  const ids = await scenarioNames(scenariosDir);
  if (!('anthropic-version' in req.headers)) {
    const data = await Promise.all(
      ids.map(async (id) => {
        const model = { id, object: 'model', created: 0, owned_by: 'hearth-mock' };
        const scenario = await readScenario(scenariosDir, id).catch(() => null);
        const { input_modalities: inputs, output_modalities: outputs } = scenario ?? {};
        if (!Array.isArray(inputs) && !Array.isArray(outputs)) return model;
        const architecture = {
          modality: Array.isArray(outputs) ? `${(inputs ?? ['text']).join('+')}->${outputs.join('+')}` : 'text->text',
          input_modalities: inputs ?? ['text'],
          output_modalities: outputs ?? ['text'],
          tokenizer: 'Other',
          instruct_type: null,
        };
        return { ...model, architecture };
      }),
    );
    return sendJson(res, 200, { object: 'list', data });
  }
  if (!req.headers['x-api-key']) return sendMissingKey(res, requestId);
  const data = ids.map((id) => ({ type: 'model', id, display_name: id, created_at: MODEL_CREATED_AT }));
  sendJson(res, 200, { data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null });
}

async function listGeminiModels(req, res, { scenariosDir }) {
  const models = (await scenarioNames(scenariosDir)).map((id) => ({
    name: `models/${id}`,
    displayName: id,
    supportedGenerationMethods: ['generateContent', 'countTokens'],
  }));
  sendJson(res, 200, { models });
}

/** Anthropic checks the key before anything else, so the app's key handling can be tested. */
function sendMissingKey(res, requestId) {
  sendKindError(res, 'anthropic', 'auth', 'x-api-key header is required', requestId);
}

async function scenarioNames(dir) {
  return (await readdir(dir))
    .filter((file) => file.endsWith('.json'))
    .map((file) => file.slice(0, -'.json'.length))
    .filter((name) => SCENARIO_NAME.test(name))
    .sort();
}

const DIALECTS = {
  openai: openAiDialect,
  responses: responsesDialect,
  anthropic: anthropicDialect,
  gemini: geminiDialect,
};

/** Answers with the scenario named by the conversation's model, in one family's dialect. */
async function playScenario(res, context, { family, conversation, streaming }) {
  const { scenariosDir, requestId, body } = context;
  const scenario = scenarioVariant(await loadScenario(scenariosDir, conversation.model), body);
  for (const [name, value] of Object.entries(scenario.headers ?? {})) res.setHeader(name, value);
  const failure = scenarioFailure(scenario, family, requestId);
  if (failure) return sendJson(res, failure.status, failure.body);
  const round = scenarioRound(scenario, conversation);
  if (round.index !== null) res.setHeader('x-mock-round', String(round.index));
  const status = scenario.status ?? 200;
  if (round.reply.recorded !== undefined) {
    return playRecorded(res, context, round.reply.recorded, { family, streaming, status });
  }
  const events = scenarioEvents(round.reply, conversation);
  const newline = scenarioNewline(scenario);
  const encoder = DIALECTS[family]({ conversation, events, newline, request: body });
  if (!streaming) return sendJson(res, status, encoder.reply());
  return streamEvents(res, status, events, encoder);
}

/**
 * Replays a recorded body of hearth-core's test data byte for byte, as one write with the SSE
 * headers. The file's folder names its family; a request of another family, or one that does
 * not stream, gets a 400 in its own error shape saying how to ask.
 */
async function playRecorded(res, { recordedDir, requestId }, file, { family, streaming, status }) {
  const match = isString(file) ? RECORDED_FILE.exec(file) : null;
  if (!match) {
    throw new ScenarioError(
      '"recorded" must name a body of hearth-core/test_data: "<openai|responses|anthropic|gemini>/<name>.sse"',
    );
  }
  const recordedFamily = match[1];
  if (recordedFamily !== family || !streaming) {
    const message =
      `This scenario replays a recorded ${recordedFamily} stream (${file}); ` +
      `ask it with a streaming ${recordedFamily} request.`;
    return sendKindError(res, family, 'invalid_request', message, requestId);
  }
  let bytes;
  try {
    bytes = await readFile(path.join(recordedDir, file));
  } catch (error) {
    if (error.code === 'ENOENT') throw new ScenarioError(`no recorded body ${file} in ${recordedDir}`);
    throw error;
  }
  res.writeHead(status, SSE_HEADERS);
  res.end(bytes);
}

/**
 * Writes the dialect's frames for each event after its delay, each flushed as written; stops
 * quietly if the client goes away. `drop` and `stall` end the stream without a clean end.
 */
async function streamEvents(res, status, events, encoder) {
  const disconnected = new AbortController();
  res.on('close', () => disconnected.abort());
  res.writeHead(status, SSE_HEADERS);
  res.flushHeaders();
  // Resolves once the frames are handed to the socket, so a drop never loses them.
  const send = (frames) =>
    frames.length ? new Promise((resolve) => res.write(frames.join(''), resolve)) : null;
  try {
    let written = send(encoder.start());
    for (const event of events) {
      if (event.delayMs > 0) await sleep(event.delayMs, undefined, { signal: disconnected.signal });
      disconnected.signal.throwIfAborted();
      written = send(encoder.frames(event)) ?? written;
      if (event.type === 'drop') return await dropConnection(res, written, disconnected.signal);
      if (event.type === 'stall') return await untilAborted(disconnected.signal);
    }
    send(encoder.end());
    res.end();
  } catch (error) {
    if (!disconnected.signal.aborted) throw error;
  }
}

/** Destroys the socket mid-body: the client sees a network error, not an end of stream. */
async function dropConnection(res, written, disconnected) {
  dropped.add(res);
  await Promise.race([written, untilAborted(disconnected)]);
  res.destroy();
}

function untilAborted(signal) {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

// ---------------------------------------------------------------------------
// Scenarios: loading, failures, and expanding into provider-neutral events
// ({ type: one of the FRAME_CHECKS keys, value, delayMs })

class ScenarioError extends Error {}

const isString = (value) => typeof value === 'string';
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const isTrue = (value) => value === true;
const isErrorSpec = (value) =>
  isObject(value) &&
  Object.hasOwn(ERROR_KINDS, value.kind) &&
  (value.message === undefined || isString(value.message));

/** Every kind of stream frame, and what its value must be. */
const FRAME_CHECKS = {
  delta: isString,
  reasoning: isString,
  signature: isString,
  finish: isString,
  usage: isObject,
  error: isErrorSpec,
  keepalive: isTrue,
  drop: isTrue,
  stall: isTrue,
  invalid_json: isTrue,
  raw: isString,
  done: isTrue,
  tool_call: isToolCall,
  search: isSearch,
  cite: isCite,
  image: isImage,
};

const isUrlAndTitle = (value) =>
  isObject(value) && isString(value.url) && (value.title === undefined || isString(value.title));

/** `{ query, results? }`: `results` a count, or the results as `[{ url, title?, page_age? }]`. */
function isSearch(value) {
  const { results } = value ?? {};
  const validResults =
    results === undefined ||
    (Number.isInteger(results) && results >= 0) ||
    (Array.isArray(results) &&
      results.every((result) => isUrlAndTitle(result) && (result.page_age === undefined || isString(result.page_age))));
  return isObject(value) && isString(value.query) && validResults;
}

/** `{ url, title?, text? }`: the page the text before it cites, and the passage it cites. */
function isCite(value) {
  return isUrlAndTitle(value) && (value.text === undefined || isString(value.text));
}

/** `{ mime, data, partial?, revised_prompt? }`: a picture as base64. */
function isImage(value) {
  return (
    isObject(value) &&
    isString(value.mime) &&
    value.mime.startsWith('image/') &&
    isString(value.data) &&
    /^[A-Za-z0-9+/]+={0,2}$/.test(value.data) &&
    (value.partial === undefined || typeof value.partial === 'boolean') &&
    (value.revised_prompt === undefined || isString(value.revised_prompt))
  );
}

/** `{ id?, name, arguments? | arguments_raw? }`: `arguments` an object, `arguments_raw` any text. */
function isToolCall(value) {
  return (
    isObject(value) &&
    isString(value.name) &&
    (value.id === undefined || isString(value.id)) &&
    !(value.arguments !== undefined && value.arguments_raw !== undefined) &&
    (value.arguments === undefined || isObject(value.arguments)) &&
    (value.arguments_raw === undefined || isString(value.arguments_raw))
  );
}

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

/**
 * What to play for the request `body`: the first of the scenario's `when` entries whose
 * `prompt_contains` text occurs in the request (its JSON text, so the system prompt, every
 * message and the tools; the needle is compared JSON-escaped) plays its `play` scenario
 * instead; without a match, or without `when`, the scenario itself. So one model can answer
 * a background request (a summary) differently from the conversation it belongs to.
 */
function scenarioVariant(scenario, body) {
  if (scenario.when === undefined) return scenario;
  const valid =
    Array.isArray(scenario.when) &&
    scenario.when.every(
      (entry) =>
        isObject(entry) &&
        typeof entry.prompt_contains === 'string' &&
        entry.prompt_contains !== '' &&
        isObject(entry.play) &&
        entry.play.when === undefined,
    );
  if (!valid) {
    throw new ScenarioError(
      '"when" must be an array of { "prompt_contains": "<non-empty text>", "play": { <a scenario without "when"> } }',
    );
  }
  const text = JSON.stringify(body ?? null);
  const match = scenario.when.find((entry) => text.includes(JSON.stringify(entry.prompt_contains).slice(1, -1)));
  return match ? match.play : scenario;
}

/**
 * The status and JSON body a non-2xx scenario sends to `family`, or null for a 2xx one. The
 * status defaults to the error kind's (which differs per family, e.g. Anthropic's 529); the
 * body is `bodies[family]`, else `body`, else generated from the neutral `error`.
 */
function scenarioFailure(scenario, family, requestId) {
  if (scenario.error !== undefined && !isErrorSpec(scenario.error)) {
    const kinds = Object.keys(ERROR_KINDS).join(', ');
    throw new ScenarioError(`"error" needs a "kind" (${kinds}) and an optional "message"`);
  }
  const error = scenario.error && kindError(family, scenario.error.kind, scenario.error.message);
  const status = scenario.status ?? error?.status ?? 200;
  if (status >= 200 && status <= 299) return null;
  const generated = error && errorBody(family, { ...error, status }, requestId);
  const body = scenario.bodies?.[family] ?? scenario.bodies?.[errorShape(family)] ?? scenario.body ?? generated;
  if (body === undefined) throw new ScenarioError('a non-2xx scenario needs "bodies", "body" or "error"');
  return { status, body };
}

function scenarioNewline(scenario) {
  const endings = { lf: '\n', crlf: '\r\n' };
  const ending = scenario.line_ending ?? 'lf';
  if (!Object.hasOwn(endings, ending)) throw new ScenarioError('"line_ending" must be "lf" or "crlf"');
  return endings[ending];
}

/**
 * The reply to play: the scenario itself, or with `rounds` the round the conversation is at
 * (`conversation.round`, the assistant turns since the last genuine user message), the last
 * round once they run out (`repeat_last` says that is meant: an endless tool loop). A round
 * takes the scenario's `template` unless it has its own. `index` is the round played, or null.
 */
function scenarioRound(scenario, conversation) {
  if (scenario.rounds === undefined) return { reply: scenario, index: null };
  const { rounds } = scenario;
  const valid =
    Array.isArray(rounds) &&
    rounds.length > 0 &&
    rounds.every(isObject) &&
    scenario.stream === undefined &&
    scenario.text_stream === undefined &&
    scenario.recorded === undefined &&
    (scenario.repeat_last === undefined || typeof scenario.repeat_last === 'boolean');
  if (!valid) {
    throw new ScenarioError(
      '"rounds" must be a non-empty array of objects with "stream", "text_stream" or "recorded", ' +
        'instead of a top-level "stream", "text_stream" or "recorded"; "repeat_last" must be a boolean',
    );
  }
  const index = Math.min(conversation.round ?? 0, rounds.length - 1);
  const round = rounds[index];
  return { reply: { ...round, template: round.template ?? scenario.template }, index };
}

function scenarioEvents(scenario, conversation) {
  const fill = scenario.template ? (text) => fillTemplate(text, templateVars(conversation)) : (text) => text;
  if (scenario.text_stream) return textStreamEvents(scenario.text_stream, fill, conversation);
  if (Array.isArray(scenario.stream)) return withSearchResults(scenario.stream.map((frame) => frameEvent(frame, fill)));
  throw new ScenarioError('a 2xx scenario (or round) needs "stream", "text_stream" or "recorded"');
}

function frameEvent(frame, fill) {
  const kinds = isObject(frame) ? Object.keys(FRAME_CHECKS).filter((kind) => kind in frame) : [];
  if (kinds.length !== 1 || !FRAME_CHECKS[kinds[0]](frame[kinds[0]])) {
    const kinds = Object.keys(FRAME_CHECKS).join(', ');
    throw new ScenarioError(
      `a stream frame needs exactly one of ${kinds}, with a valid value: ${JSON.stringify(frame)}`,
    );
  }
  const [type] = kinds;
  const fillable = type === 'delta' || type === 'reasoning';
  const value =
    type === 'tool_call'
      ? toolCall(frame[type], fill)
      : type === 'search'
        ? { ...frame[type], query: fill(frame[type].query) }
        : fillable
          ? fill(frame[type])
          : frame[type];
  return { type, value, delayMs: frame.delay_ms ?? 0 };
}

/**
 * A tool_call frame as the event value `{ id, name, input, json }`: `json` is the arguments
 * text the wire carries (`arguments_raw` verbatim, else the `arguments` as JSON) and `input`
 * the object for Anthropic's `input` / Gemini's `args` (the raw text parsed, or the text itself
 * when it is not a JSON object). Templates are filled in every argument string.
 */
function toolCall({ id, name, arguments: args = {}, arguments_raw: raw }, fill) {
  const json = raw === undefined ? JSON.stringify(fillDeep(args, fill)) : fill(raw);
  const parsed = parseJson(json);
  return { id: id ?? `call_mock_${++lastId}`, name, input: isObject(parsed) ? parsed : json, json };
}

function fillDeep(value, fill) {
  if (isString(value)) return fill(value);
  if (Array.isArray(value)) return value.map((item) => fillDeep(item, fill));
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillDeep(item, fill)]));
}

/**
 * Gives every search event its results as `[{ url, title, page_age }]`: as listed, or (a count,
 * or nothing) the pages cited after it, before the next search, then made-up pages up to the
 * count.
 */
function withSearchResults(events) {
  return events.map((event, index) => {
    if (event.type !== 'search') return event;
    const page = ({ url, title, page_age = null }) => ({ url, title: title ?? url, page_age });
    if (Array.isArray(event.value.results)) return { ...event, value: { ...event.value, results: event.value.results.map(page) } };
    const nextSearch = events.findIndex((later, at) => at > index && later.type === 'search');
    const cited = events
      .slice(index + 1, nextSearch === -1 ? undefined : nextSearch)
      .filter((later) => later.type === 'cite')
      .map((later) => later.value);
    const pages = uniqueSources(cited);
    const count = event.value.results ?? pages.length;
    for (let n = pages.length + 1; pages.length < count; n += 1) {
      pages.push({ url: `https://example.com/result-${n}`, title: `Search result ${n}` });
    }
    const results = pages.slice(0, count).map(page);
    return { ...event, value: { ...event.value, results } };
  });
}

/** The cited pages `[{ url, title }]`, each once, in the order first cited. */
function uniqueSources(cites) {
  const sources = [];
  for (const { url, title } of cites) {
    if (!sources.some((source) => source.url === url)) sources.push({ url, title });
  }
  return sources;
}

/** Tool arguments text in pieces of code points: at least two when it has two characters or more. */
function argumentPieces(text) {
  const chars = Array.from(text);
  if (chars.length < 2) return [text];
  const size = Math.min(10, Math.ceil(chars.length / 2));
  const pieces = [];
  for (let start = 0; start < chars.length; start += size) pieces.push(chars.slice(start, start + size).join(''));
  return pieces;
}

/**
 * Splits `reasoning` (if any), then `text` (repeated `repeat` times), into events of
 * `chunk_chars` code points, then finish stop, usage, done.
 */
function textStreamEvents(textStream, fill, conversation) {
  const { text, reasoning, chunk_chars = 8, delay_ms = 0, repeat = 1 } = textStream;
  const valid =
    typeof text === 'string' &&
    (reasoning === undefined || typeof reasoning === 'string') &&
    chunk_chars >= 1 &&
    Number.isInteger(repeat) &&
    repeat >= 1;
  if (!valid) {
    throw new ScenarioError(
      '"text_stream" needs a "text" string, a positive "chunk_chars", a positive integer "repeat" ' +
        'and an optional "reasoning" string',
    );
  }
  const content = fill(text).repeat(repeat);
  const thoughts = reasoning === undefined ? '' : fill(reasoning);
  const reasoningTokens = estimateTokens(thoughts);
  const usage = {
    prompt_tokens: promptTokens(conversation),
    completion_tokens: estimateTokens(content) + reasoningTokens,
    ...(reasoningTokens ? { reasoning_tokens: reasoningTokens } : {}),
  };
  return [
    ...chunkEvents('reasoning', thoughts, chunk_chars, delay_ms),
    ...chunkEvents('delta', content, chunk_chars, delay_ms),
    { type: 'finish', value: 'stop', delayMs: 0 },
    { type: 'usage', value: usage, delayMs: 0 },
    { type: 'done', value: true, delayMs: 0 },
  ];
}

/** `type` events of `size` code points each (a character is never split). */
function chunkEvents(type, text, size, delayMs) {
  const chars = Array.from(text);
  const events = [];
  for (let start = 0; start < chars.length; start += size) {
    events.push({ type, value: chars.slice(start, start + size).join(''), delayMs });
  }
  return events;
}

function templateVars({ model, messages, toolResults = [] }) {
  const text = messages.findLast((message) => message.role === 'user' && message.genuine)?.text ?? '';
  return {
    model,
    last_user_message: text,
    last_user_message_quoted: text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    tool_results: toolResults.map((result) => result.content).join(' | '),
    tool_error_count: String(toolResults.filter((result) => result.error).length),
  };
}

function fillTemplate(text, vars) {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name) => {
    if (!Object.hasOwn(vars, name)) throw new ScenarioError(`unknown template variable ${match}`);
    return vars[name];
  });
}

// ---------------------------------------------------------------------------
// Conversations: each family's request reduced to { model, messages: [{ role, text, genuine }],
// round, toolResults: [{ content, error }] }. A `genuine` user message is one the user wrote,
// not one that only carries tool results; `round` is how many assistant turns follow the last
// genuine user message (the round of a multi-round scenario to play), and `toolResults` are
// the results in the request's last tool-result turn.

function requestMessages(request) {
  return Array.isArray(request.messages) ? request.messages : [];
}

/** An OpenAI or Anthropic message: its string content, or its text parts joined. */
function plainMessage(message, genuine) {
  return { role: message?.role, text: messageText(message), genuine };
}

function messageText(message) {
  if (typeof message?.content === 'string') return message.content;
  if (!Array.isArray(message?.content)) return '';
  return message.content
    .filter((part) => part?.type === 'text')
    .map((part) => part.text)
    .join('\n');
}

/** A Gemini `contents` entry: role `model` is the assistant; thought parts are not text. */
function geminiMessage(content) {
  const parts = geminiParts(content);
  const text = parts
    .filter((part) => typeof part?.text === 'string' && !part.thought)
    .map((part) => part.text)
    .join('\n');
  const role = content?.role === 'model' ? 'assistant' : content?.role;
  return { role, text, genuine: isGenuineGeminiTurn(content) };
}

function geminiParts(content) {
  return Array.isArray(content?.parts) ? content.parts : [];
}

/** How many entries of `list` after index `from` are `isAssistant`. */
function countAfter(list, from, isAssistant) {
  return list.slice(from + 1).filter(isAssistant).length;
}

/**
 * OpenAI: every `user` message is genuine (tool results come as `role: "tool"` messages); the
 * results are the `tool` messages after the last assistant message, and one whose content
 * starts with "Error" is an error.
 */
function openAiToolTurns(messages) {
  const isAssistant = (message) => message?.role === 'assistant';
  const lastUser = messages.findLastIndex((message) => message?.role === 'user');
  const lastAssistant = messages.findLastIndex(isAssistant);
  const toolResults = messages
    .slice(lastAssistant + 1)
    .filter((message) => message?.role === 'tool')
    .map((message) => {
      const content = messageText(message);
      return { content, error: content.startsWith('Error') };
    });
  return { round: countAfter(messages, lastUser, isAssistant), toolResults };
}

/** Anthropic: a user message is genuine when its content is a string or has a non-`tool_result` block. */
function isGenuineAnthropicTurn(message) {
  if (message?.role !== 'user') return false;
  if (typeof message.content === 'string') return true;
  return Array.isArray(message.content) && message.content.some((block) => block?.type !== 'tool_result');
}

/**
 * Anthropic: the results are the `tool_result` blocks of the last user message, their content a
 * string or text blocks (joined with newlines); `is_error: true` marks an error.
 */
function anthropicToolTurns(messages) {
  const isAssistant = (message) => message?.role === 'assistant';
  const lastGenuine = messages.findLastIndex(isGenuineAnthropicTurn);
  const lastUser = messages.findLast((message) => message?.role === 'user');
  const blocks = Array.isArray(lastUser?.content) ? lastUser.content : [];
  const toolResults = blocks
    .filter((block) => block?.type === 'tool_result')
    .map((block) => ({ content: messageText(block), error: block.is_error === true }));
  return { round: countAfter(messages, lastGenuine, isAssistant), toolResults };
}

/** Gemini: a non-`model` content is genuine when one of its parts is not a `functionResponse`. */
function isGenuineGeminiTurn(content) {
  return content?.role !== 'model' && geminiParts(content).some((part) => !part?.functionResponse);
}

/**
 * Gemini: the results are the `functionResponse.response` objects of the last non-`model`
 * content, each JSON.stringify'd; a response with an `error` key is an error.
 */
function geminiToolTurns(contents) {
  const isModel = (content) => content?.role === 'model';
  const lastGenuine = contents.findLastIndex(isGenuineGeminiTurn);
  const lastUser = contents.findLast((content) => !isModel(content));
  const toolResults = geminiParts(lastUser)
    .filter((part) => isObject(part?.functionResponse))
    .map(({ functionResponse: { response } }) => ({
      content: JSON.stringify(response ?? null),
      error: isObject(response) && Object.hasOwn(response, 'error'),
    }));
  return { round: countAfter(contents, lastGenuine, isModel), toolResults };
}

/** Responses input items the assistant side wrote (its messages, calls, reasoning, tool runs). */
const ASSISTANT_ITEMS = ['function_call', 'reasoning', 'web_search_call', 'image_generation_call'];
const isResponsesAssistant = (item) => item?.role === 'assistant' || ASSISTANT_ITEMS.includes(item?.type);
const isResponsesUser = (item) => item?.role === 'user' && (item.type === undefined || item.type === 'message');

/**
 * Responses: `input` is a string (one user message) or items. Every `role: "user"` message is
 * genuine (results come as `function_call_output` items); `round` counts the runs of assistant
 * items (messages, function calls, reasoning) after the last one, and the results are the
 * `function_call_output` items after the last assistant item (`output` starting with "Error"
 * is an error). `instructions` counts as a system message.
 */
function responsesConversation(body) {
  const input = isString(body.input) ? [{ role: 'user', content: body.input }] : Array.isArray(body.input) ? body.input : [];
  const itemText = (item) => {
    if (isString(item?.content)) return item.content;
    if (!Array.isArray(item?.content)) return '';
    const texts = item.content.filter((part) => ['input_text', 'output_text', 'text'].includes(part?.type));
    return texts.map((part) => part.text).join('\n');
  };
  const messages = input
    .filter((item) => isString(item?.role))
    .map((item) => ({ role: item.role, text: itemText(item), genuine: isResponsesUser(item) }));
  if (isString(body.instructions)) messages.unshift({ role: 'system', text: body.instructions, genuine: false });
  let round = 0;
  let inTurn = false;
  for (const item of input.slice(input.findLastIndex(isResponsesUser) + 1)) {
    if (isResponsesAssistant(item) && !inTurn) round += 1;
    inTurn = isResponsesAssistant(item);
  }
  const toolResults = input
    .slice(input.findLastIndex(isResponsesAssistant) + 1)
    .filter((item) => item?.type === 'function_call_output')
    .map((item) => {
      const content = isString(item.output) ? item.output : itemText({ content: item.output });
      return { content, error: content.startsWith('Error') };
    });
  return { model: body.model, messages, round, toolResults };
}

/** A rough token count (about four characters a token), good enough for usage figures. */
function estimateTokens(text) {
  return Math.ceil(text.length / 4);
}

function promptTokens(conversation) {
  return estimateTokens(conversation.messages.map((message) => message.text).join('\n'));
}

// ---------------------------------------------------------------------------
// Helpers shared by the dialects

/** The scenario's usage event, or one estimated from the reply (Anthropic and Gemini always report usage). */
function replyUsage(events, conversation) {
  const given = events.find((event) => event.type === 'usage')?.value;
  if (given) return given;
  const textOf = (type) => events.filter((event) => event.type === type).map((event) => event.value).join('');
  const reasoningTokens = estimateTokens(textOf('reasoning'));
  const toolText = events.filter((event) => event.type === 'tool_call').map((event) => event.value.json).join('');
  return {
    prompt_tokens: promptTokens(conversation),
    completion_tokens: estimateTokens(textOf('delta') + toolText) + reasoningTokens,
    reasoning_tokens: reasoningTokens,
  };
}

/**
 * The reply as blocks of consecutive reasoning or text, and one block per tool call, for
 * non-streaming answers: [{ kind: 'reasoning' | 'text', text, signature? } | { kind: 'tool',
 * call }]. A `signature` signs the reasoning before it.
 */
function replyBlocks(events) {
  const blocks = [];
  for (const event of events) {
    const { type, value } = event;
    const kind = { delta: 'text', reasoning: 'reasoning' }[type];
    const last = blocks.at(-1);
    if (type === 'signature' && last?.kind === 'reasoning') last.signature ??= value;
    if (type === 'tool_call') blocks.push({ kind: 'tool', call: value });
    if (type === 'image' && !value.partial) blocks.push({ kind: 'image', image: value });
    if (type === 'search') blocks.push({ kind: 'search', search: value });
    // A cite ends the text block it cites (Anthropic's text block with citations).
    if (type === 'cite' && last?.kind === 'text') (last.cites ??= []).push(event);
    if (!kind) continue;
    if (last?.kind === kind && last.signature === undefined && last.cites === undefined) last.text += value;
    else blocks.push({ kind, text: value });
  }
  return blocks;
}

/** A stand-in for a provider's opaque encrypted field: base64, the same for the same `seed`. */
function fakeEncrypted(seed) {
  return createHash('sha256').update(`hearth-mock:${seed}`).digest('base64');
}

/**
 * A stand-in for a provider's opaque reasoning signature: base64, and the same for the same
 * reasoning, so a test can check that the app sends it back unchanged.
 */
function fakeSignature(reasoning) {
  const digest = createHash('sha256').update(reasoning).digest();
  return Buffer.concat([Buffer.from('hearth-mock-signature:'), digest]).toString('base64');
}

/**
 * Where each cite event's span lies in the reply's text: the text streamed since the previous
 * cite's span (white space at either end left out), or that same span when no text came between
 * (two pages for one claim). `resetOn(event)` starts the text afresh (Responses: a new item).
 * A Map from cite event to `{ start, end, startByte, endByte, text }`: code points, and UTF-8
 * bytes (Gemini's offsets), into that text.
 */
function citeSpans(events, resetOn = () => false) {
  const spans = new Map();
  let chars = [];
  let last = null; // the last span, and `at`: the text's length when it was cut
  for (const event of events) {
    if (resetOn(event)) {
      chars = [];
      last = null;
    }
    if (event.type === 'delta') chars.push(...Array.from(event.value));
    if (event.type !== 'cite') continue;
    if (last?.at !== chars.length) {
      let start = last?.at ?? 0;
      let end = chars.length;
      while (start < end && /\s/u.test(chars[start])) start += 1;
      while (end > start && /\s/u.test(chars[end - 1])) end -= 1;
      const bytes = (count) => Buffer.byteLength(chars.slice(0, count).join(''));
      const text = chars.slice(start, end).join('');
      last = { start, end, startByte: bytes(start), endByte: bytes(end), text, at: chars.length };
    }
    spans.set(event, last);
  }
  return spans;
}

/**
 * Anthropic and Gemini carry the finish reason and the usage in one frame, while scenarios
 * give them as two events: this holds both until the next other event (or the end of the
 * events) and then lets `ending` write them together.
 */
function holdingEnding({ encode, ending, ...dialect }) {
  let held = null;
  const flush = () => {
    const frames = held ? ending(held) : [];
    held = null;
    return frames;
  };
  return {
    ...dialect,
    frames(event) {
      if (event.type !== 'finish' && event.type !== 'usage') return [...flush(), ...encode(event)];
      held = { ...held, [event.type]: event.value };
      return [];
    },
    end: flush,
  };
}

// ---------------------------------------------------------------------------
// OpenAI dialect: events -> chat.completion.chunk SSE frames, or one chat.completion

function openAiDialect({ conversation, events, newline: nl, request }) {
  const id = `chatcmpl-mock${++lastId}`;
  const created = Math.floor(Date.now() / 1000);
  const { model } = conversation;
  const includeUsage = request?.stream_options?.include_usage === true;
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
  const data = (value) => `data: ${JSON.stringify(value)}${nl}${nl}`;
  const spans = citeSpans(events);
  let roleSent = false;
  let toolCalls = 0; // numbers the reply's tool calls from 0

  /** A citation as OpenRouter (and OpenAI's search-preview models) annotate the message. */
  function annotation(event) {
    const { start, end } = spans.get(event);
    const { url, title = url, text } = event.value;
    const content = text === undefined ? {} : { content: text };
    return { type: 'url_citation', url_citation: { url, title, ...content, start_index: start, end_index: end } };
  }

  /** A picture as OpenRouter sends one on the message; partial pictures are not sent. */
  const imageUrl = ({ mime, data }) => ({ type: 'image_url', image_url: { url: `data:${mime};base64,${data}` } });

  // Reasoning goes in `reasoning_content` with `content: null`, as DeepSeek sends it.
  function deltaChunk(fields) {
    const delta = roleSent ? fields : { role: 'assistant', ...fields };
    roleSent = true;
    return chunk([{ index: 0, delta, logprobs: null, finish_reason: null }]);
  }

  /** The call's id, type and name with empty arguments, then the arguments text in pieces. */
  function toolCallFrames({ id, name, json }) {
    const index = toolCalls++;
    const opening = { index, id, type: 'function', function: { name, arguments: '' } };
    const first = data(deltaChunk(roleSent ? { tool_calls: [opening] } : { content: null, tool_calls: [opening] }));
    const pieces = argumentPieces(json).map((piece) =>
      data(deltaChunk({ tool_calls: [{ index, function: { arguments: piece } }] })),
    );
    return [first, ...pieces].join('');
  }

  function frame(event) {
    switch (event.type) {
      case 'delta':
        return data(deltaChunk({ content: event.value }));
      case 'reasoning':
        return data(deltaChunk({ content: null, reasoning_content: event.value }));
      case 'tool_call':
        return toolCallFrames(event.value);
      case 'cite':
        return data(deltaChunk({ annotations: [annotation(event)] }));
      case 'image':
        return event.value.partial ? null : data(deltaChunk({ images: [imageUrl(event.value)] }));
      case 'finish':
        return data(chunk([{ index: 0, delta: {}, logprobs: null, finish_reason: event.value }]));
      case 'usage':
        return includeUsage ? data(chunk([], openAiUsage(event.value))) : null;
      case 'error': {
        // The shape OpenAI (and OpenRouter, mid-stream) send instead of a chunk.
        const { message, type, code } = kindError('openai', event.value.kind, event.value.message);
        return data({ error: { message, type, code: code ?? type } });
      }
      case 'keepalive':
        return `: keep-alive${nl}${nl}`;
      case 'invalid_json':
        return `data: {"choices":[{"delta":{"content":"oops"${nl}${nl}`;
      case 'raw':
        return event.value;
      case 'done':
        return `data: [DONE]${nl}${nl}`;
      default: // signature and search (Chat Completions shows neither), drop, stall
        return null;
    }
  }

  return {
    start: () => [],
    frames: (event) => [frame(event)].filter((text) => text !== null),
    end: () => [],

    reply() {
      const valuesOf = (type) => events.filter((event) => event.type === type).map((e) => e.value);
      const usage = valuesOf('usage')[0];
      const reasoning = valuesOf('reasoning').join('');
      const calls = valuesOf('tool_call').map(({ id, name, json }) => ({
        id,
        type: 'function',
        function: { name, arguments: json },
      }));
      const text = valuesOf('delta').join('');
      // With tool calls and no text, OpenAI sends `content: null`.
      const content = calls.length && !text ? null : text;
      const annotations = events.filter((event) => event.type === 'cite').map(annotation);
      const images = valuesOf('image').filter((image) => !image.partial).map(imageUrl);
      const message = {
        role: 'assistant',
        content,
        refusal: null,
        ...(calls.length ? { tool_calls: calls } : {}),
        ...(annotations.length ? { annotations } : {}),
        ...(images.length ? { images } : {}),
      };
      return envelope('chat.completion', {
        choices: [
          {
            index: 0,
            message: reasoning ? { ...message, reasoning_content: reasoning } : message,
            logprobs: null,
            finish_reason: valuesOf('finish')[0] ?? 'stop',
          },
        ],
        ...(usage ? { usage: openAiUsage(usage) } : {}),
      });
    },
  };
}

/** OpenAI's usage object: total added, reasoning tokens under completion_tokens_details. */
function openAiUsage({ reasoning_tokens, ...usage }) {
  return {
    ...usage,
    total_tokens: usage.total_tokens ?? usage.prompt_tokens + usage.completion_tokens,
    ...(reasoning_tokens ? { completion_tokens_details: { reasoning_tokens } } : {}),
  };
}

// ---------------------------------------------------------------------------
// Responses dialect: events -> OpenAI Responses stream events (`event: <type>` + `data:` with
// `type` and `sequence_number`), or the finished `response`
// (https://platform.openai.com/docs/api-reference/responses-streaming)

/** How a Responses stream that ends with `finish` ends: its status and why it is incomplete. */
const RESPONSES_ENDINGS = {
  length: { status: 'incomplete', reason: 'max_output_tokens' },
  content_filter: { status: 'incomplete', reason: 'content_filter' },
};

/** Events that begin another output item, so a message's text (and its citation indexes) starts afresh. */
const startsOtherItem = (event) => ['reasoning', 'tool_call', 'search', 'image'].includes(event.type);

function responsesDialect({ conversation, events, newline: nl, request }) {
  const id = `resp_mock${++lastId}`;
  const createdAt = Math.floor(Date.now() / 1000);
  const usage = replyUsage(events, conversation);
  const spans = citeSpans(events, startsOtherItem);
  const include = Array.isArray(request?.include) ? request.include : [];
  let sequence = 0;
  const output = []; // the response's items so far, open or done
  let open = null; // the open item: { item, index, kind: 'message' | 'reasoning' | 'image', text, ... }
  let ended = false; // after response.failed, response.completed or response.incomplete

  const frame = (type, fields = {}) =>
    `event: ${type}${nl}data: ${JSON.stringify({ type, sequence_number: sequence++, ...fields })}${nl}${nl}`;
  const itemId = (prefix) => `${prefix}_mock${++lastId}`;
  const at = () => ({ item_id: open.item.id, output_index: open.index });

  function response(status, fields = {}) {
    return {
      id,
      object: 'response',
      created_at: createdAt,
      status,
      background: false,
      error: null,
      incomplete_details: null,
      instructions: request?.instructions ?? null,
      max_output_tokens: request?.max_output_tokens ?? null,
      model: conversation.model,
      output: structuredClone(output),
      parallel_tool_calls: true,
      previous_response_id: null,
      reasoning: { effort: request?.reasoning?.effort ?? null, summary: request?.reasoning?.summary ?? null },
      store: request?.store ?? true,
      text: { format: { type: 'text' } },
      tool_choice: 'auto',
      tools: Array.isArray(request?.tools) ? request.tools : [],
      usage: null,
      metadata: {},
      ...fields,
    };
  }

  function responsesUsage() {
    const reasoning = usage.reasoning_tokens ?? 0;
    return {
      input_tokens: usage.prompt_tokens,
      input_tokens_details: { cached_tokens: 0 },
      output_tokens: usage.completion_tokens,
      output_tokens_details: { reasoning_tokens: reasoning },
      total_tokens: usage.prompt_tokens + usage.completion_tokens,
    };
  }

  /** Adds an item to the output and announces it; it is the open one until closed. */
  function addItem(kind, item, state = {}) {
    const frames = closeItem();
    open = { kind, item, index: output.length, ...state };
    output.push(item);
    frames.push(frame('response.output_item.added', { output_index: open.index, item: structuredClone(item) }));
    return frames;
  }

  function itemDone(fields) {
    Object.assign(open.item, { ...fields });
    const frames = [frame('response.output_item.done', { output_index: open.index, item: structuredClone(open.item) })];
    open = null;
    return frames;
  }

  /** Finishes the open item with its closing events. */
  function closeItem() {
    if (!open) return [];
    const { kind, text } = open;
    if (kind === 'message') {
      const part = { type: 'output_text', annotations: open.annotations, logprobs: [], text };
      return [
        frame('response.output_text.done', { ...at(), content_index: 0, text, logprobs: [] }),
        frame('response.content_part.done', { ...at(), content_index: 0, part }),
        ...itemDone({ status: 'completed', content: [part] }),
      ];
    }
    if (kind === 'reasoning') {
      const part = { type: 'summary_text', text };
      return [
        frame('response.reasoning_summary_text.done', { ...at(), summary_index: 0, text }),
        frame('response.reasoning_summary_part.done', { ...at(), summary_index: 0, part }),
        ...itemDone({ summary: [part], encrypted_content: open.signature ?? fakeSignature(text) }),
      ];
    }
    // An image_generation_call whose final picture never came.
    return itemDone({ status: 'incomplete' });
  }

  function textDelta(delta) {
    const frames = [];
    if (open?.kind !== 'message') {
      const item = { id: itemId('msg'), type: 'message', status: 'in_progress', content: [], role: 'assistant' };
      frames.push(...addItem('message', item, { text: '', annotations: [] }));
      const part = { type: 'output_text', annotations: [], logprobs: [], text: '' };
      frames.push(frame('response.content_part.added', { ...at(), content_index: 0, part }));
    }
    open.text += delta;
    frames.push(frame('response.output_text.delta', { ...at(), content_index: 0, delta, logprobs: [] }));
    return frames;
  }

  function reasoningDelta(delta) {
    const frames = [];
    if (open?.kind !== 'reasoning') {
      frames.push(...addItem('reasoning', { id: itemId('rs'), type: 'reasoning', summary: [] }, { text: '' }));
      const part = { type: 'summary_text', text: '' };
      frames.push(frame('response.reasoning_summary_part.added', { ...at(), summary_index: 0, part }));
    }
    open.text += delta;
    frames.push(frame('response.reasoning_summary_text.delta', { ...at(), summary_index: 0, delta }));
    return frames;
  }

  function functionCall({ id: callId, name, json }) {
    const item = { id: itemId('fc'), type: 'function_call', status: 'in_progress', arguments: '', call_id: callId, name };
    const frames = addItem('function_call', item);
    for (const delta of argumentPieces(json)) {
      frames.push(frame('response.function_call_arguments.delta', { ...at(), delta }));
    }
    frames.push(frame('response.function_call_arguments.done', { ...at(), name, arguments: json }));
    return [...frames, ...itemDone({ status: 'completed', arguments: json })];
  }

  function webSearch({ query, results }) {
    const frames = addItem('web_search_call', { id: itemId('ws'), type: 'web_search_call', status: 'in_progress' });
    for (const step of ['in_progress', 'searching', 'completed']) frames.push(frame(`response.web_search_call.${step}`, at()));
    const sources = include.includes('web_search_call.action.sources')
      ? { sources: results.map(({ url }) => ({ type: 'url', url })) }
      : {};
    return [...frames, ...itemDone({ status: 'completed', action: { type: 'search', query, ...sources } })];
  }

  function citation(event) {
    if (open?.kind !== 'message') return [];
    const { start, end } = spans.get(event);
    const { url, title = url } = event.value;
    const annotation = { type: 'url_citation', start_index: start, end_index: end, title, url };
    open.annotations.push(annotation);
    const annotationIndex = open.annotations.length - 1;
    return [
      frame('response.output_text.annotation.added', {
        ...at(),
        content_index: 0,
        annotation_index: annotationIndex,
        annotation,
      }),
    ];
  }

  /** A picture: partial ones while the call is open, then the final one ends it. */
  function image({ mime, data, partial = false, revised_prompt: revisedPrompt }) {
    const frames = [];
    if (open?.kind !== 'image') {
      const item = { id: itemId('ig'), type: 'image_generation_call', status: 'in_progress', result: null };
      frames.push(...addItem('image', item, { partials: 0 }));
      frames.push(frame('response.image_generation_call.in_progress', at()));
      frames.push(frame('response.image_generation_call.generating', at()));
    }
    if (partial) {
      const fields = { partial_image_b64: data, partial_image_index: open.partials++ };
      return [...frames, frame('response.image_generation_call.partial_image', { ...at(), ...fields })];
    }
    frames.push(frame('response.image_generation_call.completed', at()));
    return [
      ...frames,
      ...itemDone({
        status: 'completed',
        background: 'opaque',
        output_format: mime.slice('image/'.length),
        quality: 'medium',
        result: data,
        revised_prompt: revisedPrompt ?? 'A small picture made by the Hearth mock.',
        size: '1024x1024',
      }),
    ];
  }

  function failed({ kind, message }) {
    const error = kindError('responses', kind, message);
    ended = true;
    return [frame('response.failed', { response: response('failed', { error: { code: error.code ?? error.type, message: error.message } }) })];
  }

  function encode(event) {
    if (ended && !['keepalive', 'raw'].includes(event.type)) return [];
    switch (event.type) {
      case 'delta':
        return textDelta(event.value);
      case 'reasoning':
        return reasoningDelta(event.value);
      case 'signature':
        if (open?.kind === 'reasoning') open.signature = event.value;
        return [];
      case 'tool_call':
        return functionCall(event.value);
      case 'search':
        return webSearch(event.value);
      case 'cite':
        return citation(event);
      case 'image':
        return image(event.value);
      case 'error':
        return failed(event.value);
      case 'keepalive':
        return [`: keep-alive${nl}${nl}`];
      case 'invalid_json':
        return [
          `event: response.output_text.delta${nl}` +
            `data: {"type":"response.output_text.delta","sequence_number":${sequence++},"delta":"oops"${nl}${nl}`,
        ];
      case 'raw':
        return [event.value];
      default: // done (the stream just ends after the last event), drop, stall
        return [];
    }
  }

  /** response.completed, or response.incomplete for a cut reply, with everything and the usage. */
  function ending({ finish }) {
    if (ended) return [];
    const frames = closeItem();
    ended = true;
    const { status, reason } = RESPONSES_ENDINGS[finish] ?? { status: 'completed' };
    const fields = { usage: responsesUsage(), ...(reason ? { incomplete_details: { reason } } : {}) };
    return [...frames, frame(`response.${status}`, { response: response(status, fields) })];
  }

  return holdingEnding({
    encode,
    ending,
    start: () => [
      frame('response.created', { response: response('in_progress') }),
      frame('response.in_progress', { response: response('in_progress') }),
    ],

    /** The finished response, as a request without `stream` gets it (faults and delays ignored). */
    reply() {
      const faults = ['error', 'keepalive', 'invalid_json', 'raw', 'drop', 'stall'];
      for (const event of events) if (!faults.includes(event.type)) encode(event);
      const finish = events.find((event) => event.type === 'finish')?.value;
      closeItem();
      const { status, reason } = RESPONSES_ENDINGS[finish] ?? { status: 'completed' };
      return response(status, { usage: responsesUsage(), ...(reason ? { incomplete_details: { reason } } : {}) });
    },
  });
}

// ---------------------------------------------------------------------------
// Anthropic dialect: events -> Messages stream events, or one Message
// (https://docs.anthropic.com/en/api/messages-streaming)

const ANTHROPIC_STOP_REASONS = {
  stop: 'end_turn',
  length: 'max_tokens',
  content_filter: 'refusal',
  tool_calls: 'tool_use',
};

function anthropicDialect({ conversation, events, newline: nl }) {
  const id = `msg_mock${++lastId}`;
  const usage = replyUsage(events, conversation);
  const stopReason = (finish) => (finish === undefined ? null : (ANTHROPIC_STOP_REASONS[finish] ?? finish));
  const frame = (type, fields = {}) =>
    `event: ${type}${nl}data: ${JSON.stringify({ type, ...fields })}${nl}${nl}`;
  const message = (fields) => ({
    id,
    type: 'message',
    role: 'assistant',
    model: conversation.model,
    ...fields,
  });
  const spans = citeSpans(events);
  const searches = events.filter((event) => event.type === 'search').length;
  // Anthropic counts the searches it ran in the usage.
  const serverToolUse = searches ? { server_tool_use: { web_search_requests: searches } } : {};
  let block = null; // the open content block: { index, kind: 'thinking' | 'text' | 'tool_use' | …, text, signed }
  let blockCount = 0;

  function openBlock(kind, call) {
    const frames = closeBlock();
    block = { index: blockCount++, kind, text: '', signed: false };
    const contentBlock = {
      thinking: () => ({ type: 'thinking', thinking: '' }),
      text: () => ({ type: 'text', text: '' }),
      tool_use: () => ({ type: 'tool_use', id: call.id, name: call.name, input: {} }),
      server_tool_use: () => ({ type: 'server_tool_use', id: call.id, name: call.name, input: {} }),
      web_search_tool_result: () => ({ type: 'web_search_tool_result', tool_use_id: call.id, content: call.content }),
    }[kind]();
    frames.push(frame('content_block_start', { index: block.index, content_block: contentBlock }));
    // The API sends its first ping right after the first block opens.
    if (block.index === 0) frames.push(frame('ping'));
    return frames;
  }

  /** Closes the open block; a thinking block always ends with its signature. */
  function closeBlock() {
    if (!block) return [];
    const unsigned = block.kind === 'thinking' && !block.signed;
    const frames = unsigned ? [signatureFrame(fakeSignature(block.text))] : [];
    frames.push(frame('content_block_stop', { index: block.index }));
    block = null;
    return frames;
  }

  function signatureFrame(signature) {
    block.signed = true;
    const delta = { type: 'signature_delta', signature };
    return frame('content_block_delta', { index: block.index, delta });
  }

  /** Text into a block of `kind`, opening one unless it is open (a signed thinking block is done). */
  function blockDelta(kind, text, delta) {
    const open = block?.kind === kind && !block.signed;
    const frames = open ? [] : openBlock(kind);
    block.text += text;
    frames.push(frame('content_block_delta', { index: block.index, delta }));
    return frames;
  }

  /**
   * The provider's own search: a server_tool_use block with the query as input_json_delta
   * pieces, then a web_search_tool_result block carrying the results.
   */
  function searchFrames({ query, results }) {
    const id = `srvtoolu_mock${++lastId}`;
    const frames = toolUseFrames({ id, name: 'web_search', json: JSON.stringify({ query }) }, 'server_tool_use');
    const content = searchResults(results);
    return [...frames, ...openBlock('web_search_tool_result', { id, content }), ...closeBlock()];
  }

  function searchResults(results) {
    return results.map(({ url, title, page_age }) => ({
      type: 'web_search_result',
      title,
      url,
      encrypted_content: fakeEncrypted(`content:${url}`),
      page_age,
    }));
  }

  /** A search in a non-streamed message: the server_tool_use block and its result block. */
  function searchBlocks({ query, results }) {
    const id = `srvtoolu_mock${++lastId}`;
    return [
      { type: 'server_tool_use', id, name: 'web_search', input: { query } },
      { type: 'web_search_tool_result', tool_use_id: id, content: searchResults(results) },
    ];
  }

  function citation(event) {
    const { url, title = url, text } = event.value;
    return {
      type: 'web_search_result_location',
      url,
      title,
      encrypted_index: fakeEncrypted(`index:${url}`),
      cited_text: text ?? spans.get(event).text,
    };
  }

  /** A cite ends the text block it cites, with a citations_delta after its text. */
  function citationFrames(event) {
    const frames = block?.kind === 'text' ? [] : openBlock('text');
    const delta = { type: 'citations_delta', citation: citation(event) };
    frames.push(frame('content_block_delta', { index: block.index, delta }));
    // The next cite with no text between cites the same block.
    const next = events[events.indexOf(event) + 1];
    return next?.type === 'cite' ? frames : [...frames, ...closeBlock()];
  }

  /** A tool_use (or server_tool_use) block of its own: start, the input JSON in pieces, stop. */
  function toolUseFrames(call, kind = 'tool_use') {
    const frames = openBlock(kind, call);
    for (const piece of argumentPieces(call.json)) {
      const delta = { type: 'input_json_delta', partial_json: piece };
      frames.push(frame('content_block_delta', { index: block.index, delta }));
    }
    return [...frames, ...closeBlock()];
  }

  function encode(event) {
    switch (event.type) {
      case 'delta':
        return blockDelta('text', event.value, { type: 'text_delta', text: event.value });
      case 'tool_call':
        return toolUseFrames(event.value);
      case 'search':
        return searchFrames(event.value);
      case 'cite':
        return citationFrames(event);
      case 'reasoning':
        return blockDelta('thinking', event.value, { type: 'thinking_delta', thinking: event.value });
      case 'signature':
        return block?.kind === 'thinking' && !block.signed ? [signatureFrame(event.value)] : [];
      case 'error': {
        const { type, message: text } = kindError('anthropic', event.value.kind, event.value.message);
        return [frame('error', { error: { type, message: text } })];
      }
      case 'keepalive':
        return [frame('ping')];
      case 'invalid_json':
        return [
          `event: content_block_delta${nl}` +
            `data: {"type":"content_block_delta","index":${block?.index ?? 0},` +
            `"delta":{"type":"text_delta","text":"oops"${nl}${nl}`,
        ];
      case 'raw':
        return [event.value];
      case 'done':
        return [frame('message_stop')];
      default: // image (Claude makes no pictures), drop, stall
        return [];
    }
  }

  return holdingEnding({
    encode,
    ending: ({ finish }) => [
      ...closeBlock(),
      frame('message_delta', {
        delta: { stop_reason: stopReason(finish), stop_sequence: null },
        usage: { output_tokens: usage.completion_tokens, ...serverToolUse },
      }),
    ],
    start: () => [
      frame('message_start', {
        message: message({
          content: [],
          stop_reason: null,
          stop_sequence: null,
          usage: { input_tokens: usage.prompt_tokens, output_tokens: 1 },
        }),
      }),
    ],

    reply() {
      const blocks = replyBlocks(events).filter((part) => part.kind !== 'image'); // Claude makes no pictures
      const content = blocks.flatMap((part) => {
        if (part.kind === 'tool') {
          const { id, name, input } = part.call;
          return [{ type: 'tool_use', id, name, input }];
        }
        if (part.kind === 'search') return searchBlocks(part.search);
        if (part.kind === 'reasoning') {
          return [{ type: 'thinking', thinking: part.text, signature: part.signature ?? fakeSignature(part.text) }];
        }
        return [{ type: 'text', text: part.text, ...(part.cites ? { citations: part.cites.map(citation) } : {}) }];
      });
      const finish = events.find((event) => event.type === 'finish')?.value ?? 'stop';
      return message({
        content,
        stop_reason: stopReason(finish),
        stop_sequence: null,
        usage: { input_tokens: usage.prompt_tokens, output_tokens: usage.completion_tokens, ...serverToolUse },
      });
    },
  });
}

// ---------------------------------------------------------------------------
// Gemini dialect: events -> GenerateContentResponse SSE frames (always CRLF, no [DONE]),
// or one GenerateContentResponse

const GEMINI_FINISH_REASONS = {
  stop: 'STOP',
  length: 'MAX_TOKENS',
  content_filter: 'SAFETY',
  tool_calls: 'STOP', // Gemini ends a function call with STOP too
};

function geminiDialect({ conversation, events }) {
  const nl = '\r\n'; // what Google sends, whatever the scenario's line_ending
  const responseId = `mock-response-${++lastId}`;
  const usage = replyUsage(events, conversation);
  const data = (value) => `data: ${JSON.stringify(value)}${nl}${nl}`;
  const response = (candidate, fields = {}) => ({
    candidates: [{ ...candidate, index: 0 }],
    ...fields,
    modelVersion: conversation.model,
    responseId,
  });
  const content = (parts) => ({ content: { parts, role: 'model' } });
  // The signature goes on the first function call of the reply, else on its last part, as
  // Google places it; an explicit one wins over a made-up one.
  const signedPart =
    events.find((event) => event.type === 'tool_call') ??
    events.findLast((event) => event.type === 'delta' || event.type === 'reasoning');
  const reasoning = events.filter((event) => event.type === 'reasoning').map((event) => event.value);
  const signature =
    events.findLast((event) => event.type === 'signature')?.value ??
    (reasoning.length ? fakeSignature(reasoning.join('')) : undefined);
  const grounding = geminiGrounding(events);
  const inlineData = ({ mime, data }) => ({ inlineData: { mimeType: mime, data } });

  function part(event) {
    const signed = event === signedPart && signature !== undefined;
    const { id, name, input } = event.value;
    return {
      ...(event.type === 'tool_call' ? { functionCall: { name, args: input, id } } : { text: event.value }),
      ...(event.type === 'reasoning' ? { thought: true } : {}),
      ...(signed ? { thoughtSignature: signature } : {}),
    };
  }

  function usageMetadata() {
    const thoughts = usage.reasoning_tokens ?? 0;
    return {
      promptTokenCount: usage.prompt_tokens,
      candidatesTokenCount: usage.completion_tokens - thoughts,
      totalTokenCount: usage.prompt_tokens + usage.completion_tokens,
      ...(thoughts ? { thoughtsTokenCount: thoughts } : {}),
    };
  }

  /** The last chunk; a SAFETY stop carries no content, as Google sends it. */
  function finalCandidate(finish) {
    const finishReason = finish === undefined ? undefined : (GEMINI_FINISH_REASONS[finish] ?? finish);
    return {
      ...(finishReason === 'SAFETY' ? {} : content([{ text: '' }])),
      ...(finishReason ? { finishReason } : {}),
      ...(grounding ? { groundingMetadata: grounding } : {}),
    };
  }

  function encode(event) {
    switch (event.type) {
      case 'delta':
      case 'reasoning':
      case 'tool_call':
        return [data(response(content([part(event)])))];
      case 'error': {
        const { status, type, message } = kindError('gemini', event.value.kind, event.value.message);
        return [data({ error: { code: status, message, status: type } })];
      }
      case 'keepalive':
        return [`: keep-alive${nl}${nl}`];
      case 'invalid_json':
        return [`data: {"candidates": [{"content": {"parts": [{"text": "oops"${nl}${nl}`];
      case 'raw':
        return [event.value];
      case 'image': // only the finished picture: Gemini sends no partial ones
        return event.value.partial ? [] : [data(response(content([inlineData(event.value)])))];
      default: // signature (placed above), search and cite (the last chunk's groundingMetadata), done, drop, stall
        return [];
    }
  }

  return holdingEnding({
    encode,
    ending: ({ finish }) => [data(response(finalCandidate(finish), { usageMetadata: usageMetadata() }))],
    start: () => [],

    reply() {
      // Searches are in groundingMetadata; text cut by cites is one part again.
      const blocks = [];
      for (const block of replyBlocks(events)) {
        const last = blocks.at(-1);
        if (block.kind === 'search') continue;
        if (block.kind === 'text' && last?.kind === 'text') last.text += block.text;
        else blocks.push({ ...block });
      }
      const firstCall = blocks.findIndex((block) => block.kind === 'tool');
      const signedIndex = firstCall === -1 ? blocks.length - 1 : firstCall;
      const parts = blocks.map((block, index) => {
        const { id, name, input } = block.call ?? {};
        if (block.kind === 'image') return inlineData(block.image);
        return {
          ...(block.kind === 'tool' ? { functionCall: { name, args: input, id } } : { text: block.text }),
          ...(block.kind === 'reasoning' ? { thought: true } : {}),
          ...(index === signedIndex && signature !== undefined ? { thoughtSignature: signature } : {}),
        };
      });
      const finish = events.find((event) => event.type === 'finish')?.value ?? 'stop';
      const { finishReason, groundingMetadata } = finalCandidate(finish);
      const candidate = { ...content(parts), finishReason, ...(groundingMetadata ? { groundingMetadata } : {}) };
      return response(candidate, { usageMetadata: usageMetadata() });
    },
  });
}

/**
 * Gemini's grounding, for the last chunk's candidate, or null without search or cite events:
 * the queries, each cited page once as a groundingChunk, and per cited span a groundingSupport
 * whose segment has UTF-8 byte offsets into the candidate's text (`startIndex` left out when 0,
 * as the live API leaves zeros out), and the search suggestions Google requires to be shown.
 */
function geminiGrounding(events) {
  const queries = events.filter((event) => event.type === 'search').map((event) => event.value.query);
  const cites = events.filter((event) => event.type === 'cite');
  if (!queries.length && !cites.length) return null;
  const spans = citeSpans(events);
  const sources = uniqueSources(cites.map((event) => event.value));
  const supports = [];
  for (const event of cites) {
    const span = spans.get(event);
    const chunk = sources.findIndex((source) => source.url === event.value.url);
    const last = supports.at(-1);
    if (last?.span === span) {
      if (!last.groundingChunkIndices.includes(chunk)) last.groundingChunkIndices.push(chunk);
      continue;
    }
    const segment = { ...(span.startByte ? { startIndex: span.startByte } : {}), endIndex: span.endByte, text: span.text };
    supports.push({ span, segment, groundingChunkIndices: [chunk] });
  }
  return {
    ...(queries.length ? { searchEntryPoint: { renderedContent: searchSuggestions(queries) } } : {}),
    groundingChunks: sources.map(({ url, title }) => ({ web: { uri: url, title: title ?? url } })),
    groundingSupports: supports.map(({ span, ...support }) => support),
    ...(queries.length ? { webSearchQueries: queries } : {}),
  };
}

/** Google's search suggestions chip row (its shape, without the logo): one link per query. */
function searchSuggestions(queries) {
  const escape = (text) =>
    text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]);
  const chips = queries
    .map((query) => `<a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(query)}">${escape(query)}</a>`)
    .join('');
  return (
    '<style>.container{display:flex;flex-wrap:wrap;gap:8px;font-family:sans-serif}' +
    '.chip{border:1px solid #dadce0;border-radius:16px;padding:4px 12px;color:#3c4043;text-decoration:none}</style>' +
    `<div class="container"><div class="headline">Search suggestions</div><div class="carousel">${chips}</div></div>`
  );
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
  console.log(`mock LLM server: ${mock.url}/v1 (Gemini: ${mock.url}/v1beta)`);
  const stop = () => mock.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
