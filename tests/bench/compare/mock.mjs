// The benchmark's mock OpenAI-compatible server (loopback only, no dependencies): streams
// long deterministic markdown answers as `chat.completion.chunk` SSE events, paced or as
// fast as the socket takes them, and logs when each stream started and ended.
//
//   POST /v1/chat/completions  stream:true → the answer of the current shape; a request whose
//                              last message lacks `long_if` gets a short one, and so does a
//                              title request (Hearth's auto-title, src/sessions/state/title.rs: a system
//                              message "Write a title for the conversation…" before the user's
//                              first message, which does contain `long_if`)
//   GET|POST /__config         read / change { shape, tokens, chunk_min, chunk_max, delay_ms, long_if, seed }
//   GET /__answer              the full text of the current answer and its section count
//   GET /__stats, POST /__stats/reset   the log of completion requests
//
// Shapes (`shape` in /__config, or per request a model named `mock-<shape>`):
//   mixed      `tokens` tokens of numbered sections mixing headings, paragraphs, lists,
//              tables, fenced code and quotes (the side-by-side stream)
//   code, list, table, quote, paragraph
//              about 100 KB of markdown that is ONE ever-growing block after a heading: one
//              fenced code block, one bullet list, one table, one blockquote, one paragraph;
//              `tokens` does not apply (the text decides the count)
//   codeblocks about 100 KB made mostly of many FINISHED fenced code blocks (12–30 lines each)
//              in twelve languages, each after a one-sentence paragraph: the answer whose
//              blocks are highlighted once each as they finish (issue 16)
// Every answer starts with "# Mock" and ends with the paragraph MOCKSTREAMEND, so a page
// can tell when the first and the last token have been rendered.
// Tokens are BPE-like pieces (~3–4 characters); each event carries chunk_min..chunk_max of
// them (seeded PRNG: a config always gives the same stream); delay_ms 0 = as fast as
// possible (setImmediate between events, socket back-pressure honoured).
// Adapted from the project's side-by-side harness (../shared/perf/mock-openai.mjs).
//
// CLI: node tests/bench/compare/mock.mjs [--port 8787]

import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export const SENTINEL = 'MOCKSTREAMEND';
export const SHAPES = ['mixed', 'code', 'list', 'table', 'quote', 'paragraph', 'codeblocks'];
const SHAPE_BYTES = 100_000;
const SHORT_ANSWER = 'Mock short answer for a follow-up request.';
const TITLE_ANSWER = 'Mock conversation title';
/** How src/sessions/state/title.rs's TITLE_PROMPT starts (its system message). */
const TITLE_PROMPT_START = 'Write a title for the conversation';

// ---------- deterministic PRNG ----------
function mulberry32(a) {
  return function () {
    a |= 0; a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ---------- markdown generator ----------
const WORDS = ('the of and to in is for that with as on by this are be from it at or an which data system ' +
  'performance memory stream token render browser model request response latency throughput buffer ' +
  'parser layout style script frame message chat client server network cache index value function ' +
  'compile module package thread worker async event queue batch window signal effect component state ' +
  'update measure profile benchmark result median average percentile budget bundle size compress ' +
  'allocation garbage collector heap pointer reference borrow lifetime trait generic closure iterator ' +
  'vector string slice hash map tree graph node edge path route handler error retry timeout').split(' ');
const LANGS = ['rust', 'python', 'javascript', 'typescript', 'bash', 'json'];

function sentence(r, n) {
  const len = n || 8 + Math.floor(r() * 14);
  const out = [];
  for (let i = 0; i < len; i++) {
    let w = WORDS[Math.floor(r() * WORDS.length)];
    const x = r();
    if (x < 0.03) w = `**${w}**`;
    else if (x < 0.06) w = `*${w}*`;
    else if (x < 0.09) w = '`' + w + '_' + Math.floor(r() * 100) + '`';
    else if (x < 0.10) w = `[${w}](https://example.com/${w})`;
    out.push(w);
  }
  const s = out.join(' ');
  return s.charAt(0).toUpperCase() + s.slice(1) + (r() < 0.15 ? '?' : '.');
}
function paragraph(r) {
  const n = 3 + Math.floor(r() * 4);
  const s = [];
  for (let i = 0; i < n; i++) s.push(sentence(r));
  return s.join(' ');
}
function codeBlock(r, idx) {
  const lang = LANGS[Math.floor(r() * LANGS.length)];
  const lines = [];
  const n = 8 + Math.floor(r() * 14);
  const id = () => WORDS[Math.floor(r() * WORDS.length)] + '_' + Math.floor(r() * 50);
  for (let i = 0; i < n; i++) {
    const ind = '    '.repeat(Math.min(3, Math.floor(r() * 3)));
    switch (lang) {
      case 'rust': lines.push(`${ind}let ${id()}: Vec<u32> = ${id()}.iter().map(|x| x * ${i + 1}).collect(); // ${WORDS[i % WORDS.length]}`); break;
      case 'python': lines.push(`${ind}${id()} = [x ** ${i % 5 + 1} for x in range(${10 + i})]  # ${WORDS[(i * 7) % WORDS.length]}`); break;
      case 'javascript': lines.push(`${ind}const ${id()} = await fetch("/api/${id()}?n=${i}").then((r) => r.json());`); break;
      case 'typescript': lines.push(`${ind}export function ${id()}(a: number, b: string): Promise<void> { return run(a + ${i}, b); }`); break;
      case 'bash': lines.push(`${ind}for f in ./${id()}/*.txt; do grep -c "${WORDS[i % WORDS.length]}" "$f"; done`); break;
      default: lines.push(`${ind}{"${id()}": ${i}, "name": "${WORDS[(i * 3) % WORDS.length]}", "ok": ${r() < 0.5}},`);
    }
  }
  return '```' + lang + '\n' + lines.join('\n') + '\n```';
}
function table(r) {
  const cols = 3 + Math.floor(r() * 3);
  const rows = 4 + Math.floor(r() * 5);
  const head = [];
  for (let c = 0; c < cols; c++) head.push(WORDS[Math.floor(r() * WORDS.length)]);
  const out = ['| ' + head.join(' | ') + ' |', '|' + head.map(() => ' --- ').join('|') + '|'];
  for (let i = 0; i < rows; i++) {
    const cells = [];
    for (let c = 0; c < cols; c++) {
      cells.push(c === 0 ? '`' + WORDS[Math.floor(r() * WORDS.length)] + '`' : (r() < 0.5 ? (r() * 1000).toFixed(2) : WORDS[Math.floor(r() * WORDS.length)]));
    }
    out.push('| ' + cells.join(' | ') + ' |');
  }
  return out.join('\n');
}
function list(r, ordered) {
  const n = 3 + Math.floor(r() * 5);
  const out = [];
  for (let i = 0; i < n; i++) {
    out.push((ordered ? `${i + 1}. ` : '- ') + sentence(r, 5 + Math.floor(r() * 8)));
    if (r() < 0.3) out.push('   ' + (ordered ? '- ' : '- ') + sentence(r, 4 + Math.floor(r() * 5)));
  }
  return out.join('\n');
}
function section(r, idx) {
  const parts = [`## ${idx + 1}. ${sentence(r, 3 + Math.floor(r() * 3)).replace(/[.?]$/, '')}`];
  const kinds = ['p', 'p', 'ul', 'code', 'p', 'table', 'ol', 'quote', 'p', 'code'];
  const n = 4 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const k = kinds[Math.floor(r() * kinds.length)];
    if (k === 'p') parts.push(paragraph(r));
    else if (k === 'ul') parts.push(list(r, false));
    else if (k === 'ol') parts.push(list(r, true));
    else if (k === 'code') parts.push(codeBlock(r, idx));
    else if (k === 'table') parts.push(table(r));
    else parts.push('> ' + sentence(r) + ' ' + sentence(r));
  }
  return parts.join('\n\n') + '\n\n';
}

// BPE-like tokenizer: word (optionally with one leading space, max 8 letters), short number,
// single punctuation, newline run, space run.
const TOKEN_RE = / ?[A-Za-z]{1,8}| ?[0-9]{1,3}| ?[^\sA-Za-z0-9]|\n+| +|\s/g;
function tokenize(s) { return s.match(TOKEN_RE) || []; }

function buildTokens(total, seed, sentinel) {
  const key = `${total}|${seed}|${sentinel}`;
  if (cache.has(key)) return cache.get(key);
  const r = mulberry32(seed);
  const tail = tokenize('\n\n' + sentinel + '\n');
  const budget = Math.max(0, total - tail.length);
  const toks = tokenize('# Mock streaming answer\n\nThis is a long synthetic answer used for performance testing.\n\n').slice(0, budget);
  let idx = 0;
  for (;;) {
    const st = tokenize(section(r, idx++));
    if (toks.length + st.length > budget) break;
    for (const t of st) toks.push(t);
  }
  // fill the remainder with a plain paragraph (only words) so the count is exact
  while (toks.length < budget) {
    const w = WORDS[Math.floor(r() * WORDS.length)];
    toks.push((toks.length && !toks[toks.length - 1].endsWith('\n') ? ' ' : '') + w);
  }
  for (const t of tail) toks.push(t);
  const out = toks.slice(0, Math.max(total, tail.length));
  if (cache.size > 16) cache.clear();
  cache.set(key, out);
  return out;
}

const cache = new Map();

// ---------- one ever-growing block (the shapes the streaming renderer finds hard) ----------
function wordsOf(r, n) {
  const out = [];
  for (let i = 0; i < n; i++) out.push(WORDS[Math.floor(r() * WORDS.length)]);
  return out.join(' ');
}
const BLOCKS = {
  code: {
    open: '```rust\n',
    line: (r, i) => `${'    '.repeat(i % 3)}let ${wordsOf(r, 1)}_${i}: Vec<u32> = ${wordsOf(r, 1)}.iter().map(|x| x * ${i % 97}).collect(); // ${wordsOf(r, 4)}\n`,
    close: '```',
  },
  list: { open: '', line: (r) => `- ${sentence(r, 6 + Math.floor(r() * 10))}\n`, close: '' },
  table: {
    open: '| item | name | value | note |\n| --- | --- | ---: | --- |\n',
    line: (r, i) => `| \`${wordsOf(r, 1)}_${i}\` | ${wordsOf(r, 2)} | ${(r() * 1000).toFixed(2)} | ${sentence(r, 4).replace(/\|/g, '/')} |\n`,
    close: '',
  },
  // one blockquote of many paragraphs (`>` alone separates them inside the quote)
  quote: { open: '', line: (r, i) => (i % 5 === 4 ? '>\n' : `> ${sentence(r)}\n`), close: '' },
  // one paragraph: sentences joined by soft line breaks, never a blank line
  paragraph: { open: '', line: (r) => `${sentence(r)}\n`, close: '' },
};

/** One line of code in `lang` (a dozen languages), the `i`-th of its block. */
function codeLine(r, lang, i) {
  const id = () => WORDS[Math.floor(r() * WORDS.length)] + '_' + Math.floor(r() * 50);
  const ind = '    '.repeat(i % 3);
  switch (lang) {
    case 'rust': return `${ind}let ${id()}: Vec<u32> = ${id()}.iter().map(|x| x * ${i + 1}).collect(); // ${wordsOf(r, 3)}`;
    case 'python': return `${ind}${id()} = [x ** ${i % 5 + 1} for x in range(${10 + i}) if x != None]  # ${wordsOf(r, 3)}`;
    case 'javascript': return `${ind}const ${id()} = await fetch("/api/${id()}?n=${i}").then((r) => r.json()); // ${wordsOf(r, 2)}`;
    case 'typescript': return `${ind}export function ${id()}(a: number, b: string): Promise<void> { return run(a + ${i}, b); }`;
    case 'bash': return `${ind}for f in ./${id()}/*.txt; do grep -c "${wordsOf(r, 1)}" "$f" >> "$HOME/${id()}.log"; done # ${i}`;
    case 'json': return `${ind}{"${id()}": ${i}, "name": "${wordsOf(r, 1)}", "ok": ${r() < 0.5}, "value": null},`;
    case 'go': return `${ind}if err := ${id()}(ctx, "${wordsOf(r, 1)}", ${i}); err != nil { return fmt.Errorf("${wordsOf(r, 2)}: %w", err) }`;
    case 'sql': return `${ind}SELECT ${id()}, COUNT(*) FROM ${id()} WHERE value > ${i} AND name LIKE '%${wordsOf(r, 1)}%' -- ${wordsOf(r, 2)}`;
    case 'yaml': return `${ind}${id()}: "${wordsOf(r, 2)}" # ${i}`;
    case 'html': return `${ind}<div class="${id()}" data-n="${i}"><a href="/${id()}">${wordsOf(r, 3)}</a> &amp; more</div>`;
    case 'css': return `${ind}.${id()} > p:hover { margin: ${i}px auto; color: #${(i * 4099 % 0xffffff).toString(16).padStart(6, '0')}; } /* ${wordsOf(r, 2)} */`;
    default: return `${ind}static int ${id()}(const char *s) { return printf("%s ${i}\\n", s); } // ${wordsOf(r, 2)}`;
  }
}
const CODE_LANGS = ['rust', 'python', 'javascript', 'typescript', 'bash', 'json', 'go', 'sql', 'yaml', 'html', 'css', 'c'];

/** The codeblocks shape: a heading, then a sentence and a finished code block, again and again to ~100 KB. */
function codeBlocksText(seed) {
  const r = mulberry32(seed);
  const parts = ['# Mock codeblocks answer\n\n'];
  let size = parts[0].length;
  for (let b = 0; size < SHAPE_BYTES; b++) {
    const lang = CODE_LANGS[b % CODE_LANGS.length];
    const lines = [];
    const n = 12 + Math.floor(r() * 19);
    for (let i = 0; i < n; i++) lines.push(codeLine(r, lang, i));
    const part = `${sentence(r)}\n\n\`\`\`${lang}\n${lines.join('\n')}\n\`\`\`\n\n`;
    parts.push(part);
    size += part.length;
  }
  parts.push(`${SENTINEL}\n`);
  return parts.join('');
}

/** The text of a one-block shape: a heading, then the block grown to ~100 KB, then the sentinel. */
function blockText(shape, seed) {
  if (shape === 'codeblocks') return codeBlocksText(seed);
  const b = BLOCKS[shape];
  const r = mulberry32(seed);
  const parts = [`# Mock ${shape} answer\n\n`, b.open];
  let size = parts.join('').length;
  for (let i = 0; size < SHAPE_BYTES; i++) {
    const line = b.line(r, i);
    parts.push(line);
    size += line.length;
  }
  parts.push(b.close, `\n\n${SENTINEL}\n`);
  return parts.join('');
}

/** The tokens a stream of the config's shape carries. */
export function answerTokens(cfg) {
  const shape = SHAPES.includes(cfg.shape) ? cfg.shape : 'mixed';
  const key = `${shape}|${cfg.tokens}|${cfg.seed}`;
  if (cache.has(key)) return cache.get(key);
  const toks = shape === 'mixed' ? buildTokens(cfg.tokens, cfg.seed, SENTINEL) : tokenize(blockText(shape, cfg.seed));
  if (cache.size > 16) cache.clear();
  cache.set(key, toks);
  return toks;
}

/** The full text of the config's answer. */
export function answerText(cfg) {
  return answerTokens(cfg).join('');
}

// ---------- http ----------
const NUMBERS = ['tokens', 'chunk_min', 'chunk_max', 'delay_ms', 'seed'];

/** Applies the known keys of `body` to `cfg` (unknown keys and bad numbers are ignored). */
function configure(cfg, body) {
  for (const k of NUMBERS) if (body[k] !== undefined && Number.isFinite(Number(body[k]))) cfg[k] = Math.max(0, Math.floor(Number(body[k])));
  if (typeof body.shape === 'string' && SHAPES.includes(body.shape)) cfg.shape = body.shape;
  if (typeof body.long_if === 'string') cfg.long_if = body.long_if;
  cfg.tokens = Math.max(1, cfg.tokens);
  cfg.chunk_min = Math.max(1, cfg.chunk_min);
  cfg.chunk_max = Math.max(cfg.chunk_min, cfg.chunk_max);
  return cfg;
}

function lastMessageText(body) {
  const m = Array.isArray(body.messages) && body.messages.length ? body.messages[body.messages.length - 1] : null;
  if (!m) return '';
  if (typeof m.content === 'string') return m.content;
  if (Array.isArray(m.content)) return m.content.map((p) => (p && typeof p.text === 'string' ? p.text : '')).join(' ');
  return '';
}

/** Whether `body` is a title request: a system message phrased as Hearth's TITLE_PROMPT. */
function isTitleRequest(body) {
  if (!Array.isArray(body.messages)) return false;
  return body.messages.some((m) => m && m.role === 'system' && typeof m.content === 'string' && m.content.startsWith(TITLE_PROMPT_START));
}

const pause = (ms) => new Promise((r) => (ms > 0 ? setTimeout(r, ms) : setImmediate(r)));

/**
 * Starts the mock on `port` (0: a free one). Returns `{ url, config, stats, close }`; `config`
 * and `stats` are the live objects the HTTP endpoints read and change.
 */
export async function startCompareMock({ port = 0, host = '127.0.0.1' } = {}) {
  const config = { shape: 'mixed', tokens: 20000, chunk_min: 1, chunk_max: 4, delay_ms: 0, seed: 42, long_if: '' };
  const stats = [];
  const json = (res, code, obj) => {
    const body = JSON.stringify(obj);
    res.writeHead(code, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  };
  const readBody = (req) =>
    new Promise((resolve) => {
      const bufs = [];
      req.on('data', (b) => bufs.push(b));
      req.on('end', () => resolve(Buffer.concat(bufs).toString('utf8')));
      req.on('error', () => resolve(''));
    });

  async function stream(res, body, rec, cfg) {
    const toks = rec.long ? answerTokens(cfg) : tokenize(rec.title ? TITLE_ANSWER : SHORT_ANSWER);
    const r = mulberry32(cfg.seed ^ 0x9e3779b9);
    const id = `chatcmpl-mock${Date.now()}`;
    const created = Math.floor(Date.now() / 1000);
    const model = body.model || 'mock-model';
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
    res.flushHeaders();
    let closed = false;
    res.on('close', () => { closed = true; });
    const write = async (s) => {
      rec.bytes += Buffer.byteLength(s);
      if (!res.write(s)) await new Promise((ok) => res.once('drain', ok));
    };
    const event = (delta, finish = null) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
    rec.t_first = Date.now();
    await write(event({ role: 'assistant', content: '' }));
    let i = 0;
    while (i < toks.length && !closed) {
      const n = cfg.chunk_min + Math.floor(r() * (cfg.chunk_max - cfg.chunk_min + 1));
      const piece = toks.slice(i, i + n).join('');
      i += n;
      rec.chunks++;
      rec.chars += piece.length;
      await write(event({ content: piece }));
      await pause(cfg.delay_ms);
    }
    rec.tokens_sent = Math.min(i, toks.length);
    if (!closed) {
      await write(event({}, 'stop'));
      if (body.stream_options?.include_usage) {
        const usage = { prompt_tokens: 10, completion_tokens: toks.length, total_tokens: toks.length + 10 };
        await write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`);
      }
      await write('data: [DONE]\n\n');
    }
    rec.t_end = Date.now();
    rec.aborted = closed;
    res.end();
  }

  const server = http.createServer(async (req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-methods', 'GET, POST, OPTIONS');
    res.setHeader('access-control-allow-headers', req.headers['access-control-request-headers'] || 'authorization, content-type');
    res.setHeader('access-control-max-age', '86400');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, { 'content-length': 0 });
      return res.end();
    }
    const url = new URL(req.url, 'http://mock.invalid');
    const ep = url.pathname.replace(/^.*(?=\/v1\/)/, '');
    try {
      if (ep === '/__config' && req.method === 'GET') return json(res, 200, config);
      if (ep === '/__config' && req.method === 'POST') return json(res, 200, configure(config, JSON.parse((await readBody(req)) || '{}')));
      if (ep === '/__stats' && req.method === 'GET') return json(res, 200, stats);
      if (ep === '/__stats/reset' && req.method === 'POST') {
        stats.length = 0;
        return json(res, 200, { ok: true });
      }
      if (ep === '/__answer') {
        const text = answerTokens(config).join('');
        return json(res, 200, { shape: config.shape, tokens: answerTokens(config).length, chars: text.length, sections: (text.match(/^## /gm) || []).length, text });
      }
      if (ep === '/v1/models') return json(res, 200, { object: 'list', data: ['mock-model', ...SHAPES.map((s) => `mock-${s}`)].map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'mock' })) });
      if (ep === '/v1/chat/completions' && req.method === 'POST') {
        let body;
        try {
          body = JSON.parse((await readBody(req)) || '{}');
        } catch {
          return json(res, 400, { error: { message: 'bad json', type: 'invalid_request_error' } });
        }
        const cfg = { ...config };
        const byModel = /^mock-(\w+)$/.exec(body.model ?? '');
        if (byModel && SHAPES.includes(byModel[1])) cfg.shape = byModel[1];
        const rec = { t_req: Date.now(), model: body.model, stream: !!body.stream, shape: cfg.shape, chunks: 0, chars: 0, bytes: 0, t_first: null, t_end: null };
        rec.title = isTitleRequest(body);
        rec.long = !rec.title && (!cfg.long_if || lastMessageText(body).includes(cfg.long_if));
        stats.push(rec);
        if (stats.length > 200) stats.shift();
        if (body.stream) return await stream(res, body, rec, cfg);
        rec.t_end = Date.now();
        return json(res, 200, { id: 'chatcmpl-mock', object: 'chat.completion', created: Math.floor(Date.now() / 1000), model: body.model || 'mock-model',
          choices: [{ index: 0, message: { role: 'assistant', content: TITLE_ANSWER }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } });
      }
      return json(res, 404, { error: { message: `mock: no route ${req.method} ${url.pathname}`, type: 'invalid_request_error' } });
    } catch (e) {
      if (!res.headersSent) json(res, 500, { error: { message: String(e) } });
      else res.end();
    }
  });
  server.keepAliveTimeout = 65000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return {
    url: `http://${host}:${server.address().port}`,
    config,
    stats,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '8787' } } });
  const mock = await startCompareMock({ port: Number(values.port) });
  console.log(`benchmark mock at ${mock.url}`);
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => mock.close().then(() => process.exit(0)));
}
