// The mock's embeddings APIs, which Hearth's knowledge bases call to index the user's files
// and to search them:
//
//   POST /v1/embeddings                                 OpenAI (also what Ollama and LM Studio
//                                                       serve under /v1), JSON `{ model, input,
//                                                       encoding_format?, dimensions? }`
//   POST /openai/deployments/{deployment}/embeddings    Azure OpenAI: the same, the deployment
//                                                       the model when the body names none
//   POST /v1beta/models/{model}:batchEmbedContents      Gemini, `{ requests: [EmbedContentRequest] }`
//   POST /v1beta/models/{model}:embedContent            Gemini, one EmbedContentRequest
//
// The vectors are a hashed bag of words (`embedText`), so retrieval works, deterministically,
// the way a real model's roughly does: texts that share words are close, and a few synonyms
// (SYNONYMS) count as the same word, so a question that says "automobile" finds a passage
// that says "car" through the vectors though not through its words. The mock reads no task
// type: a query and a document are embedded alike.
//
// Model `embed-fail` answers 500, as a provider's outage would; `embed-slow` answers each
// request after 400 ms (SLOW_MS), so a test can reload the page while a knowledge base indexes.

import { setTimeout as sleep } from 'node:timers/promises';

/** Dimensions of a vector unless `dimensions` / `outputDimensionality` asks for others. */
export const DEFAULT_DIMENSIONS = 256;
/** The fewest and most dimensions one may ask for. */
export const MIN_DIMENSIONS = 8;
export const MAX_DIMENSIONS = 3072;
/** OpenAI's limit on inputs in one request; Gemini's on requests in one batch. */
export const MAX_OPENAI_INPUTS = 2048;
export const MAX_GEMINI_REQUESTS = 100;
/** OpenAI's limit on one input's tokens (estimated here as characters / 4). */
export const MAX_INPUT_TOKENS = 8192;
/** How long `embed-slow` waits before it answers. */
export const SLOW_MS = 400;

/**
 * Words counted as the same word (the key as its value) before hashing, in every form the
 * stemmer leaves alike ("automobiles", "purchased", "beginning" too).
 */
export const SYNONYMS = {
  automobile: 'car',
  vehicle: 'car',
  physician: 'doctor',
  purchase: 'buy',
  begin: 'start',
  commence: 'start',
  big: 'large',
  quick: 'fast',
  rapid: 'fast',
  depart: 'leave',
  final: 'last',
  tiny: 'small',
  repair: 'fix',
  house: 'home',
};

/** Words too common to tell passages apart; dropped before hashing. */
export const STOP_WORDS = new Set(
  ('a an the of to in on at for and or but is are was were be been by with from as it its this that these those ' +
    'what when where which who whom whose how why does do did has have had there their they them i you we he she ' +
    'not no can could will would shall should may might into than then so if')
    .split(' '),
);

const GEMINI_TASK_TYPES = new Set([
  'TASK_TYPE_UNSPECIFIED',
  'RETRIEVAL_QUERY',
  'RETRIEVAL_DOCUMENT',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
]);

/** Gemini's embedding routes: the model in the path, and the method. */
export const GEMINI_EMBED_CALL = /^\/v1beta\/models\/([^/:]+):(batchEmbedContents|embedContent)$/;
/** Azure OpenAI's embeddings route, per deployment (the `api-version` in the query). */
export const AZURE_EMBEDDINGS = /^\/openai\/deployments\/([^/]+)\/embeddings$/;

/**
 * A crude stemmer: strips a trailing "ing", "ed" or "s" (undoubling a consonant left
 * doubled, as in "stopped"), then a trailing "e", never leaving fewer than three letters.
 * "opens", "opened", "opening" are all "open"; "leaves" and "leaving" are both "leav".
 */
export function stem(word) {
  let w = word;
  if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed')) w = undouble(w.slice(0, -2));
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

function undouble(w) {
  const last = w.at(-1);
  return w.length > 3 && last === w.at(-2) && /[b-df-hj-km-np-rtv-y]/.test(last) && !'lsz'.includes(last) ? w.slice(0, -1) : w;
}

const SYNONYM_STEMS = new Map(Object.entries(SYNONYMS).map(([word, same]) => [stem(word), stem(same)]));

/**
 * The words of `text` that count, in the order written: lowercased, split on anything but
 * letters and digits, without stop words and single letters, stemmed, synonyms merged.
 */
export function embeddingWords(text) {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '' && !STOP_WORDS.has(word) && !/^\p{L}$/u.test(word)) // "café's" leaves an "s"
    .map((word) => {
      const stemmed = stem(word);
      return SYNONYM_STEMS.get(stemmed) ?? stemmed;
    });
}

/** FNV-1a, 32 bits, of a string's UTF-8 bytes. */
export function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(text, 'utf8')) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/**
 * The mock's embedding of `text`: each word (see `embeddingWords`) adds ±1 to one of `dims`
 * dimensions (its FNV-1a hash modulo `dims`, the sign from the hash's top bit), and the sum is
 * scaled to length 1. A text with no words that count gets the unit vector on dimension 0.
 */
export function embedText(text, dims = DEFAULT_DIMENSIONS) {
  const vector = new Array(dims).fill(0);
  for (const word of embeddingWords(text)) {
    const hash = fnv1a(word);
    vector[hash % dims] += hash & 0x80000000 ? -1 : 1;
  }
  const norm = Math.hypot(...vector);
  if (norm === 0) {
    vector[0] = 1;
    return vector;
  }
  return vector.map((value) => value / norm);
}

/** The cosine of two vectors of the same length (the dot product, for unit vectors). */
export function cosine(a, b) {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i] * b[i];
    aa += a[i] * a[i];
    bb += b[i] * b[i];
  }
  return aa && bb ? dot / Math.sqrt(aa * bb) : 0;
}

/** A vector as OpenAI's `encoding_format: "base64"` sends it: little-endian float32s, base64. */
export function base64Floats(vector) {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, index) => bytes.writeFloatLE(value, index * 4));
  return bytes.toString('base64');
}

function estimateTokens(text) {
  return Math.max(1, Math.ceil(text.length / 4));
}

function sendJson(res, status, value) {
  if (res.destroyed) return; // the client gave up (e.g. a reload during `embed-slow`)
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(value));
}

function openAiError(res, status, message, { type = 'invalid_request_error', param = null, code = null } = {}) {
  sendJson(res, status, { error: { message, type, param, code } });
}

function geminiError(res, status, message, statusName = 'INVALID_ARGUMENT') {
  sendJson(res, status, { error: { code: status, message, status: statusName } });
}

const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);
const validDimensions = (value) => Number.isInteger(value) && value >= MIN_DIMENSIONS && value <= MAX_DIMENSIONS;

/** What the special models do first: `embed-fail` fails (true), `embed-slow` waits. */
async function special(model, fail) {
  if (model === 'embed-fail') {
    fail();
    return true;
  }
  if (model === 'embed-slow') await sleep(SLOW_MS);
  return false;
}

/**
 * POST /v1/embeddings (and Azure's, with `deployment`): OpenAI's CreateEmbeddingResponse,
 * one `embedding` per input in the inputs' order. 400 in OpenAI's shape for a body that is
 * not a JSON object, no `model`, no or empty `input` (or an empty string in it), more than
 * 2048 inputs, an input over 8192 tokens, a bad `encoding_format` or `dimensions`.
 */
export async function openAiEmbeddings(req, res, { body, deployment }) {
  if (!isObject(body)) {
    return openAiError(
      res,
      400,
      "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
    );
  }
  const model = typeof body.model === 'string' && body.model !== '' ? body.model : deployment;
  if (typeof model !== 'string' || model === '') {
    return openAiError(res, 400, 'you must provide a model parameter', { param: 'model' });
  }
  const { input } = body;
  if (input === undefined || input === null) {
    return openAiError(res, 400, "Missing required parameter: 'input'.", { param: 'input', code: 'missing_required_parameter' });
  }
  const inputs = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(inputs) || inputs.length === 0 || !inputs.every((text) => typeof text === 'string')) {
    const message = "Invalid 'input': expected a non-empty string or a non-empty array of strings.";
    return openAiError(res, 400, message, { param: 'input', code: 'invalid_value' });
  }
  if (inputs.length > MAX_OPENAI_INPUTS) {
    const message = `Invalid 'input': array too long. Expected an array with maximum length ${MAX_OPENAI_INPUTS}, but got an array with length ${inputs.length} instead.`;
    return openAiError(res, 400, message, { param: 'input', code: 'array_above_max_length' });
  }
  const empty = inputs.findIndex((text) => text === '');
  if (empty !== -1) {
    const message = `Invalid 'input[${empty}]': empty string. Expected a string with minimum length 1.`;
    return openAiError(res, 400, message, { param: 'input', code: 'invalid_value' });
  }
  const tokens = inputs.map(estimateTokens);
  const tooLong = tokens.find((count) => count > MAX_INPUT_TOKENS);
  if (tooLong !== undefined) {
    const message = `This model's maximum context length is ${MAX_INPUT_TOKENS} tokens, however you requested ${tooLong} tokens (${tooLong} in your prompt; 0 for the completion). Please reduce your prompt; or completion length.`;
    return openAiError(res, 400, message);
  }
  const format = body.encoding_format ?? 'float';
  if (format !== 'float' && format !== 'base64') {
    return openAiError(res, 400, `${JSON.stringify(format)} is not one of ['float', 'base64'] - 'encoding_format'`, {
      param: 'encoding_format',
    });
  }
  const dims = body.dimensions ?? DEFAULT_DIMENSIONS;
  if (!validDimensions(dims)) {
    const message = `Invalid 'dimensions': expected an integer from ${MIN_DIMENSIONS} to ${MAX_DIMENSIONS}, got ${JSON.stringify(dims)}.`;
    return openAiError(res, 400, message, { param: 'dimensions', code: 'invalid_value' });
  }
  const failed = await special(model, () =>
    openAiError(res, 500, 'The server had an error while processing your request. Sorry about that!', { type: 'server_error' }),
  );
  if (failed) return;
  const data = inputs.map((text, index) => {
    const vector = embedText(text, dims);
    return { object: 'embedding', index, embedding: format === 'base64' ? base64Floats(vector) : vector };
  });
  const used = tokens.reduce((sum, count) => sum + count, 0);
  sendJson(res, 200, { object: 'list', data, model, usage: { prompt_tokens: used, total_tokens: used } });
}

/** The text of an EmbedContentRequest's `content` (its parts' texts joined), or an error message. */
function requestText(request, where, pathModel, batch) {
  if (!isObject(request)) return { error: `Invalid value at '${where}': expected an EmbedContentRequest object.` };
  if (batch) {
    if (typeof request.model !== 'string' || request.model === '') {
      return { error: `* BatchEmbedContentsRequest.${where}.model: model is not specified` };
    }
    if (request.model !== `models/${pathModel}`) {
      return { error: `* BatchEmbedContentsRequest.${where}.model: model must be the same as the batch model (models/${pathModel}), got ${request.model}` };
    }
  }
  const prefix = batch ? `* BatchEmbedContentsRequest.${where}` : '* EmbedContentRequest';
  const parts = request.content?.parts;
  if (!isObject(request.content) || !Array.isArray(parts) || parts.length === 0) {
    return { error: `${prefix}.content: contents is not specified` };
  }
  if (!parts.every((part) => isObject(part) && typeof part.text === 'string')) {
    return { error: `${prefix}.content.parts: only text parts can be embedded` };
  }
  const text = parts.map((part) => part.text).join('\n');
  if (text.trim() === '') return { error: `${prefix}.content: contents is not specified` };
  if (request.taskType !== undefined && !GEMINI_TASK_TYPES.has(request.taskType)) {
    const field = batch ? `${where}.task_type` : 'task_type';
    return {
      error: `Invalid value at '${field}' (type.googleapis.com/google.ai.generativelanguage.v1beta.TaskType), ${JSON.stringify(request.taskType)}`,
    };
  }
  const dims = request.outputDimensionality ?? DEFAULT_DIMENSIONS;
  if (!validDimensions(dims)) {
    return { error: `${prefix}.output_dimensionality: must be an integer from ${MIN_DIMENSIONS} to ${MAX_DIMENSIONS}, got ${JSON.stringify(dims)}` };
  }
  return { text, dims };
}

/**
 * Gemini, `POST /v1beta/models/{model}:batchEmbedContents` (`{ requests }`, each with its
 * `model` as `models/{model}`, `content.parts[].text`, `taskType?`, `outputDimensionality?`)
 * answering `{ embeddings: [{ values }] }` in the requests' order, and `:embedContent` (one
 * request's fields at the top level) answering `{ embedding: { values } }`. 400
 * `INVALID_ARGUMENT` in Google's shape for a body that is not a JSON object, no or empty
 * `requests`, more than 100 of them, or a malformed request.
 */
export async function geminiEmbed(req, res, { body, model, method }) {
  if (!isObject(body)) return geminiError(res, 400, 'Invalid JSON payload received. Unexpected token.');
  const batch = method === 'batchEmbedContents';
  let requests = [body];
  if (batch) {
    requests = body.requests;
    if (!Array.isArray(requests) || requests.length === 0) {
      return geminiError(res, 400, '* BatchEmbedContentsRequest.requests: requests is not specified\n');
    }
    if (requests.length > MAX_GEMINI_REQUESTS) {
      return geminiError(res, 400, `* BatchEmbedContentsRequest.requests: at most ${MAX_GEMINI_REQUESTS} requests can be in one batch\n`);
    }
  }
  const texts = [];
  for (const [index, request] of requests.entries()) {
    const read = requestText(request, `requests[${index}]`, model, batch);
    if (read.error) return geminiError(res, 400, `${read.error}\n`);
    texts.push(read);
  }
  const failed = await special(model, () =>
    geminiError(
      res,
      500,
      'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
      'INTERNAL',
    ),
  );
  if (failed) return;
  const embeddings = texts.map(({ text, dims }) => ({ values: embedText(text, dims) }));
  sendJson(res, 200, batch ? { embeddings } : { embedding: embeddings[0] });
}
