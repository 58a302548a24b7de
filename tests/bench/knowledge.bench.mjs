// Benchmark of Hearth's knowledge-base worker in real headless Chromium, printing numbers (it
// asserts nothing about timings). It serves the release build (dist/, or $HEARTH_DIST) and the
// mock server, loads the app page with its service worker allowed (so the origin, the worker's
// files and IndexedDB are the app's own), then starts the knowledge worker itself in the page
// (`new Worker(<app folder>knowledge-worker.js, {type: 'module'})`, the app folder from
// `<meta name="hearth-app">`) and talks to it with its protocol ({id, op, ...} → {id, ok,
// value|error}), as src/io/knowledge.rs does. It measures:
//   1. indexing throughput by words only: 10 distinct copies of the 40-page PDF (writePdf, each
//      differing in a digit of its creation date) → pages/s from addFiles to idle, once cold
//      (the worker's first files) and once warm (10 other copies); and the recall corpus's 200
//      Markdown documents → MB/s;
//   2. the page's main thread meanwhile: long tasks (> 50 ms) from a PerformanceObserver that
//      began while the worker was indexing (not while the bench made the files in the page);
//   3. with embeddings (the mock's /v1/embeddings, OpenAI family): the warm PDFs again in a base
//      that embeds them → pages/s, and the embedding requests and inputs the mock logged;
//   4. search latency at 10,000 and 100,000 passages (synthetic Markdown, 100 passages a file):
//      50 varied queries, words only, k = 8, as page → worker → page round trips; and hybrid
//      (words + vectors) at 10,000 and 100,000 in a base of the same files embedded by the mock;
//   5. IndexedDB bytes per passage (navigator.storage.estimate(), before and after the big
//      build) and the worker's in-memory index (stats().bytes) per passage;
//   6. retrieval quality: recall@5 of the recall corpus's 50 questions, words only and hybrid.
// The 100k build stops early (printing the size reached and why) past BUILD_BUDGET_MS.
// Run: scripts/build.sh && (cd tests && npm run bench:knowledge)   (KNOWLEDGE_FILES=… for the big
// build's files, 1000 by default; BUILD_BUDGET_MS=… for its time limit, 150 s by default);
// `-- --write FILE` also writes the output into FILE (docs/performance.md) between its
// `<!-- bench:knowledge -->` and `<!-- end of bench:knowledge -->` lines.

import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startMockServer } from '../mock/server.mjs';
import { launchBrowser } from '../support/browser.mjs';
import { builtApp } from '../support/dist.mjs';
import { makeRecallCorpus, writePdf } from '../support/knowledge-files.mjs';
import { mockRequests, resetMock } from '../support/mock.mjs';
import { mulberry32 as generator } from '../support/seeded-random.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { writeFigures } from './write-figures.mjs';

const DIST = builtApp();
const { values: options } = parseArgs({ options: { write: { type: 'string' } } });

const PDF_COPIES = 10; // per run; 20 distinct copies in all
const PDF_PAGES = 40;
const PASSAGES_PER_FILE = 100; // one `##` section per passage
const SMALL_FILES = 100; // 10,000 passages
const LARGE_FILES = Number(process.env.KNOWLEDGE_FILES ?? 1000); // 100,000 passages
const BATCH_FILES = 50; // files per addFiles call in the synthetic builds
const QUERIES = 50;
const BUILD_BUDGET_MS = Number(process.env.BUILD_BUDGET_MS ?? 150_000);
const EMBED = { account: 'mock', model: 'embed-test' };

// ---------------------------------------------------------------------------
// Synthetic text: a deterministic generator and a vocabulary of made-up words, picked with a
// skew (a few common words, many rare ones), so postings lists have realistic lengths.

const pickWith = (random, list) => list[Math.floor(random() * list.length)];

const SYLLABLES = ['ka', 'lo', 'mi', 'ran', 'tes', 'vu', 'dor', 'fel', 'gri', 'hup', 'jen', 'ost', 'pra', 'qui', 'sol', 'tam', 'ur', 'wex', 'yil', 'zon'];
const VOCABULARY = (() => {
  const random = generator(0x766f63);
  const words = new Set();
  while (words.size < 5000) words.add(Array.from({ length: 2 + Math.floor(random() * 2) }, () => pickWith(random, SYLLABLES)).join(''));
  return [...words];
})();

/** Synthetic Markdown file `index` (the same every time): PASSAGES_PER_FILE sections, a heading and a 30–50-word paragraph each. */
function syntheticFile(index) {
  const random = generator(0x10000 + index);
  const word = () => VOCABULARY[Math.floor(VOCABULARY.length * random() ** 2.5)];
  const paragraph = () => {
    const words = Array.from({ length: 30 + Math.floor(random() * 21) }, word);
    return `${words.join(' ').replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const sections = Array.from({ length: PASSAGES_PER_FILE }, (_, i) => `## ${word()} ${i + 1}\n\n${paragraph()}\n`);
  return { name: `synthetic-${String(index).padStart(4, '0')}.md`, text: sections.join('\n') };
}

/** QUERIES queries of two or three words, each from anywhere in the vocabulary (common to rare). */
const queries = (() => {
  const random = generator(0x717279);
  return Array.from({ length: QUERIES }, () =>
    Array.from({ length: 2 + Math.floor(random() * 2) }, () => pickWith(random, VOCABULARY)).join(' '),
  );
})();

// ---------------------------------------------------------------------------
// In the page

/** Runs in the page: starts the knowledge worker from the app folder, and a request helper. */
function installWorker() {
  const meta = document.querySelector('meta[name="hearth-app"]');
  const folder = new URL('.', new URL(meta.dataset.js, location.href)).href;
  const worker = new Worker(`${folder}knowledge-worker.js`, { type: 'module' });
  const pending = new Map();
  let next = 0;
  const kb = {
    folder,
    staged: [],
    changed: 0,
    longTasks: [], // {start, duration}
    windows: [], // [start, end] of each addFiles → idle
    errors: [],
    call(op, args = {}) {
      const id = ++next;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        worker.postMessage({ id, op, ...args });
      });
    },
  };
  worker.onmessage = ({ data }) => {
    if (data?.event) {
      kb.changed += 1;
      return;
    }
    const waiting = pending.get(data.id);
    pending.delete(data.id);
    if (data.ok) waiting?.resolve(data.value);
    else waiting?.reject(new Error(data.error));
  };
  worker.onerror = (event) => {
    kb.errors.push(event.message || 'worker error');
    for (const { reject } of pending.values()) reject(new Error(event.message || 'worker error'));
    pending.clear();
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) kb.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask' });
  window.__kb = kb;
  return kb.call('start', { folder });
}

/** Runs in the page: makes Files from `{name, b64}` or `{name, text}` and keeps them for `addTimed`. */
function stage(items) {
  for (const { name, b64, text } of items) {
    const body = b64 === undefined ? text : Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    window.__kb.staged.push(new File([body], name, { lastModified: 1_700_000_000_000 }));
  }
  return window.__kb.staged.length;
}

/** Runs in the page: adds the staged files to `base`, then waits for idle; ms in the page. */
async function addTimed(base) {
  const kb = window.__kb;
  const entries = kb.staged.map((file) => ({ file, path: file.name }));
  kb.staged = [];
  const started = performance.now();
  const { added } = await kb.call('addFiles', { base, entries });
  const addMs = performance.now() - started;
  await kb.call('idle');
  const ended = performance.now();
  kb.windows.push([started, ended]);
  return { added, addMs, ms: ended - started };
}

/**
 * Runs in the page: the long tasks that began while the worker was indexing (in an addFiles →
 * idle window) since window `from`, not those of the bench's own staging of files in the page.
 */
function longTasksSince(from) {
  const windows = window.__kb.windows.slice(from);
  return window.__kb.longTasks
    .filter(({ start }) => windows.some(([a, b]) => start >= a && start <= b))
    .map(({ duration }) => duration);
}

/** Runs in the page: one request to the worker. */
const call = ([op, args]) => window.__kb.call(op, args);

/** Runs in the page: the round-trip ms of a search per query, and the hits' names (top `k`). */
async function timedSearches({ queries, k, bases }) {
  const out = [];
  for (const query of queries) {
    const started = performance.now();
    const hits = await window.__kb.call('search', { query, k, bases, files: [] });
    out.push({ ms: performance.now() - started, names: hits.map((hit) => hit.name), count: hits.length });
  }
  return out;
}

// ---------------------------------------------------------------------------
// Helpers in Node

const fixed = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : String(value));
/** What the run printed, for --write. */
const printed = [];
const print = (text) => {
  console.log(text);
  printed.push(text);
};
const line = (label, value, unit = '', note = '') => print(`${label}: ${value}${unit ? ` ${unit}` : ''}${note ? `  (${note})` : ''}`);
const heading = (text) => print(`\n## ${text}`);

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** The base's files in the worker's list, and their totals. */
async function baseFiles(page, bases) {
  const { files } = await page.evaluate(call, ['list', {}]);
  const mine = files.filter((f) => bases.includes(f.base));
  const sum = (key) => mine.reduce((n, f) => n + (f[key] ?? 0), 0);
  const states = {};
  for (const f of mine) states[f.state] = (states[f.state] ?? 0) + 1;
  return {
    files: mine,
    passages: sum('passages'),
    pages: sum('pages'),
    embedded: sum('embedded'),
    states,
    failed: mine.filter((f) => f.state === 'failed').map((f) => `${f.name}: ${JSON.stringify(f.refusal)}`),
    embedErrors: mine.filter((f) => f.embed_error).map((f) => `${f.name}: ${f.embed_error}`),
  };
}

const statesText = (states) => Object.entries(states).map(([state, n]) => `${n} ${state}`).join(', ');

async function makeBase(page, name, embedding = null) {
  const base = await page.evaluate(call, ['createBase', { name, created: Date.now() }]);
  if (embedding) await page.evaluate(call, ['updateBase', { base: { id: base.id, name, embedding } }]);
  return base.id;
}

/** Stages `items` in slices (to keep each page.evaluate small), adds them to `base`, waits for idle. */
async function addAll(page, base, items) {
  for (let at = 0; at < items.length; at += 25) await page.evaluate(stage, items.slice(at, at + 25));
  return page.evaluate(addTimed, base);
}

/** The mock's logged /v1/embeddings requests: count, inputs, and how many were single-input (queries). */
async function embeddingLog(mock) {
  const entries = (await mockRequests(mock)).filter((e) => e.method === 'POST' && e.path === '/v1/embeddings');
  const inputs = entries.map((e) => (Array.isArray(e.body?.input) ? e.body.input.length : 1));
  return {
    requests: entries.length,
    inputs: inputs.reduce((a, b) => a + b, 0),
    largest: Math.max(0, ...inputs),
    keyed: entries.every((e) => e.headers.authorization === 'Bearer sk-bench'),
  };
}

const usage = (page) => page.evaluate(async () => (await navigator.storage.estimate()).usage);

// ---------------------------------------------------------------------------

const tmp = await mkdtemp(path.join(tmpdir(), 'hearth-knowledge-bench-'));
const [app, mock, browser] = await Promise.all([startStaticServer({ root: DIST }), startMockServer(), launchBrowser()]);
const benchStarted = Date.now();
try {
  // The PDFs: the 40-page manual, each copy's creation date ending in another digit (same
  // length, so the xref offsets stay exact; another SHA-256, so none is refused as a duplicate).
  const { path: pdfPath } = await writePdf(path.join(tmp, 'manual.pdf'), { pages: PDF_PAGES });
  const original = await readFile(pdfPath);
  const marker = original.indexOf('D:20250101000000Z');
  if (marker < 0) throw new Error('the PDF has no creation date to vary');
  const pdfCopy = (i) => {
    const bytes = Buffer.from(original);
    bytes[marker + 'D:202501010000'.length] = 0x30 + Math.floor(i / 10);
    bytes[marker + 'D:2025010100000'.length] = 0x30 + (i % 10);
    return { name: `manual-${i}.pdf`, b64: bytes.toString('base64') };
  };
  const pdfs = Array.from({ length: PDF_COPIES }, (_, i) => pdfCopy(i)); // cold: the worker's first files
  const warmPdfs = Array.from({ length: PDF_COPIES }, (_, i) => pdfCopy(PDF_COPIES + i)); // warm: others, later
  const recall = makeRecallCorpus();
  const recallBytes = recall.documents.reduce((n, d) => n + Buffer.byteLength(d.text), 0);

  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 1280, height: 800 } });
  context.setDefaultTimeout(600_000);
  const page = await context.newPage();
  const pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(app.url);
  await page.getByRole('textbox', { name: 'Message', exact: true }).waitFor();
  // The service worker installed (it fetches and hashes every built file) and in control, so
  // its install does not compete with what is measured, and the worker's files come through it.
  const controlled = await page
    .waitForFunction(
      async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return registration?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
      },
      null,
      { timeout: 60_000, polling: 250 },
    )
    .then(() => true, () => false);

  const loadStarted = performance.now();
  await page.evaluate(installWorker);
  const startMs = performance.now() - loadStarted;
  const folder = await page.evaluate(() => window.__kb.folder);

  print(`# Hearth knowledge-base worker benchmark`);
  print(`Chromium ${browser.version()}, ${availableParallelism()} cores, app folder ${new URL(folder).pathname}`);
  line('service worker in control of the page', controlled ? 'yes' : 'no (timed out after 60 s)');
  line('worker start (script, start op; wasm not loaded yet)', fixed(startMs, 0), 'ms');

  // 1 and 2: words only, with the main thread watched.
  heading('1. Indexing by words only (addFiles → idle, timed in the page)');
  const wasmStarted = performance.now();
  await page.evaluate(call, ['stats', {}]); // loads the wasm
  line('wasm load (first op that needs it)', fixed(performance.now() - wasmStarted, 0), 'ms');
  const windowsAtStart = await page.evaluate(() => window.__kb.windows.length);
  const pdfBase = await makeBase(page, 'PDFs, words');
  const pdfRun = await addAll(page, pdfBase, pdfs);
  const pdfInfo = await baseFiles(page, [pdfBase]);
  line('PDFs indexed', `${pdfInfo.files.length} files, ${pdfInfo.pages} pages, ${pdfInfo.passages} passages`, '', statesText(pdfInfo.states));
  line('PDF throughput, cold (the worker\'s first files)', fixed(pdfInfo.pages / (pdfRun.ms / 1000)), 'pages/s', `${fixed(pdfRun.ms, 0)} ms for ${pdfInfo.pages} pages; of which addFiles (hash, store) ${fixed(pdfRun.addMs, 0)} ms`);
  const warmBase = await makeBase(page, 'PDFs again, words');
  const warmRun = await addAll(page, warmBase, warmPdfs);
  const warmInfo = await baseFiles(page, [warmBase]);
  line('PDF throughput, warm (10 other copies next)', fixed(warmInfo.pages / (warmRun.ms / 1000)), 'pages/s', `${fixed(warmRun.ms, 0)} ms for ${warmInfo.pages} pages; ${statesText(warmInfo.states)}`);
  const mdBase = await makeBase(page, 'Recall corpus, words');
  const mdRun = await addAll(page, mdBase, recall.documents.map(({ name, text }) => ({ name, text })));
  const mdInfo = await baseFiles(page, [mdBase]);
  line('Markdown indexed', `${mdInfo.files.length} files, ${fixed(recallBytes / 1e3)} kB, ${mdInfo.passages} passages`, '', statesText(mdInfo.states));
  line('Markdown throughput (recall corpus, 200 small files)', fixed(recallBytes / 1e6 / (mdRun.ms / 1000), 3), 'MB/s', `${fixed(mdRun.ms, 0)} ms, ${fixed(mdRun.ms / mdInfo.files.length)} ms per file`);

  heading('2. The page\'s main thread during 1 (PerformanceObserver longtask)');
  const longTasks = await page.evaluate(longTasksSince, windowsAtStart);
  line('long tasks (> 50 ms)', longTasks.length);
  line('longest long task', longTasks.length ? fixed(Math.max(...longTasks), 0) : 0, 'ms');

  // 3: with embeddings.
  heading('3. Indexing with embeddings (mock /v1/embeddings, family open_ai)');
  const target = { family: 'open_ai', base_url: `${mock.url}/v1`, api_key: 'sk-bench', model: '', dimensions: null };
  await page.evaluate(call, ['targets', { targets: { [EMBED.account]: target } }]);
  await resetMock(mock);
  const pdfEmbedBase = await makeBase(page, 'PDFs, embedded', EMBED);
  const embedRun = await addAll(page, pdfEmbedBase, warmPdfs);
  const embedInfo = await baseFiles(page, [pdfEmbedBase]);
  const pdfLog = await embeddingLog(mock);
  line('PDFs indexed and embedded', `${embedInfo.files.length} files, ${embedInfo.pages} pages, ${embedInfo.embedded}/${embedInfo.passages} passages embedded`, '', statesText(embedInfo.states));
  line('PDF throughput with embeddings', fixed(embedInfo.pages / (embedRun.ms / 1000)), 'pages/s', `${fixed(embedRun.ms, 0)} ms, the mock answering at once on loopback; the warm copies again, their bytes already stored`);
  line('embedding requests', pdfLog.requests, '', `${pdfLog.inputs} inputs, at most ${pdfLog.largest} in one; API key sent on each: ${pdfLog.keyed ? 'yes' : 'NO'}`);
  if (embedInfo.embedErrors.length) line('embedding errors', embedInfo.embedErrors.slice(0, 3).join('; '));

  // 4 and 5: search latency at 10k and 100k passages, storage per passage.
  heading(`4. Search latency (${QUERIES} queries of 2–3 words, k = 8; page → worker → page, including the worker's reading of the hits' files' passage texts from IndexedDB)`);
  const usageBefore = await usage(page);
  const memBefore = await page.evaluate(call, ['stats', {}]);
  let sourceBytes = 0;
  const windowsAtBuild = await page.evaluate(() => window.__kb.windows.length);
  const buildBase = await makeBase(page, 'Synthetic, words');
  const buildRuns = [];
  let builtFiles = 0;
  let stopReason = null;
  const buildStarted = Date.now();
  let smallSearch = null;
  let smallPassages = 0;
  while (builtFiles < LARGE_FILES) {
    const batch = Array.from({ length: Math.min(BATCH_FILES, LARGE_FILES - builtFiles) }, (_, i) => syntheticFile(builtFiles + i));
    for (const file of batch) sourceBytes += Buffer.byteLength(file.text);
    buildRuns.push(await addAll(page, buildBase, batch));
    builtFiles += batch.length;
    if (builtFiles === SMALL_FILES) {
      const info = await baseFiles(page, [buildBase]);
      smallPassages = info.passages;
      line(`base of ${info.files.length} files`, info.passages, 'passages', `worker's list; ${statesText(info.states)}`);
      smallSearch = await page.evaluate(timedSearches, { queries, k: 8, bases: [buildBase] });
      const times = smallSearch.map((r) => r.ms);
      line(`search at ${info.passages} passages, median`, fixed(percentile(times, 50)), 'ms');
      line(`search at ${info.passages} passages, p95`, fixed(percentile(times, 95)), 'ms', `mean hits ${fixed(smallSearch.reduce((n, r) => n + r.count, 0) / QUERIES)}`);
    }
    if (Date.now() - buildStarted > BUILD_BUDGET_MS && builtFiles < LARGE_FILES) {
      stopReason = `the build passed its ${BUILD_BUDGET_MS / 1000} s budget after ${builtFiles} files`;
      break;
    }
  }
  const bigInfo = await baseFiles(page, [buildBase]);
  const bigMs = buildRuns.reduce((n, r) => n + r.ms, 0);
  line(`base of ${bigInfo.files.length} files`, bigInfo.passages, 'passages', `worker's list; ${statesText(bigInfo.states)}${stopReason ? `; STOPPED EARLY: ${stopReason}` : ''}`);
  const bigSearch = await page.evaluate(timedSearches, { queries, k: 8, bases: [buildBase] });
  const bigTimes = bigSearch.map((r) => r.ms);
  line(`search at ${bigInfo.passages} passages, median`, fixed(percentile(bigTimes, 50)), 'ms');
  line(`search at ${bigInfo.passages} passages, p95`, fixed(percentile(bigTimes, 95)), 'ms', `mean hits ${fixed(bigSearch.reduce((n, r) => n + r.count, 0) / QUERIES)}`);
  const bigLongTasks = await page.evaluate(longTasksSince, windowsAtBuild);
  const usageAfterWords = await usage(page);
  const memAfterWords = await page.evaluate(call, ['stats', {}]);
  line('synthetic build throughput', fixed(sourceBytes / 1e6 / (bigMs / 1000), 2), 'MB/s', `${fixed(bigInfo.passages / (bigMs / 1000), 0)} passages/s; ${fixed(sourceBytes / 1e6)} MB in ${fixed(bigMs / 1000)} s in the page`);
  const rate = (run) => fixed((run.added * PASSAGES_PER_FILE) / (run.ms / 1000), 0);
  const checkpoints = [0, Math.floor((buildRuns.length - 1) / 2), buildRuns.length - 1];
  line(
    `  per batch of ${BATCH_FILES} files, as the base grows`,
    checkpoints.map((i) => `${rate(buildRuns[i])} after ${i * BATCH_FILES} files`).join(', '),
    'passages/s',
  );
  line('long tasks on the page during the synthetic build (> 50 ms)', bigLongTasks.length, '', bigLongTasks.length ? `longest ${fixed(Math.max(...bigLongTasks), 0)} ms` : '');

  // Hybrid at 10k and at the full size: the same synthetic files again, in a base the mock
  // embeds (same bytes: blobs shared), searched after SMALL_FILES and after all of them.
  await resetMock(mock);
  const hybridBase = await makeBase(page, 'Synthetic, embedded', EMBED);
  const hybridRuns = [];
  let embedRequests = 0;
  const hybridAt = async () => {
    const info = await baseFiles(page, [hybridBase]);
    // The mock's log is emptied at each checkpoint (it would hold every passage's text).
    embedRequests += (await embeddingLog(mock)).requests;
    await resetMock(mock);
    const ms = hybridRuns.reduce((n, r) => n + r.ms, 0);
    line(`embedded base of ${info.files.length} files`, info.passages, 'passages', `${info.embedded} embedded (256 dims); ${statesText(info.states)}; built in ${fixed(ms / 1000)} s, ${embedRequests} embedding requests`);
    if (info.embedErrors.length) line('embedding errors', info.embedErrors.slice(0, 3).join('; '));
    const searched = await page.evaluate(timedSearches, { queries, k: 8, bases: [hybridBase] });
    const times = searched.map((r) => r.ms);
    const asked = (await embeddingLog(mock)).requests;
    await resetMock(mock);
    line(`hybrid search at ${info.passages} passages, median`, fixed(percentile(times, 50)), 'ms', `includes embedding the query: ${asked} requests to the mock on loopback`);
    line(`hybrid search at ${info.passages} passages, p95`, fixed(percentile(times, 95)), 'ms');
    return info;
  };
  let hybridInfo = null;
  for (let done = 0; done < builtFiles; ) {
    const batch = Array.from({ length: Math.min(BATCH_FILES, builtFiles - done) }, (_, i) => syntheticFile(done + i));
    hybridRuns.push(await addAll(page, hybridBase, batch));
    done += batch.length;
    if (done === SMALL_FILES || done === builtFiles) hybridInfo = await hybridAt();
  }

  heading('5. Storage per passage');
  const usageAfterHybrid = await usage(page);
  const memAfterHybrid = await page.evaluate(call, ['stats', {}]);
  const coarse = 'navigator.storage.estimate(): coarse, Chromium counts its files lazily and may pad';
  line(
    `storage growth over the words-only build (${bigInfo.passages} passages)`,
    fixed((usageAfterWords - usageBefore) / 1e6),
    'MB',
    `${coarse}; includes the source files kept as blobs, ${fixed(sourceBytes / 1e6)} MB`,
  );
  line('  per passage (blobs, passages, postings, file records)', fixed((usageAfterWords - usageBefore) / bigInfo.passages, 0), 'bytes', `source text is ${fixed(sourceBytes / bigInfo.passages, 0)} bytes per passage`);
  line(
    `  per passage of the embedded copy of ${hybridInfo.passages} (passages, postings, 256-dim vectors; blobs shared)`,
    fixed((usageAfterHybrid - usageAfterWords) / hybridInfo.passages, 0),
    'bytes',
  );
  line('worker index in memory', fixed(memAfterHybrid.bytes / 1e6), 'MB', `stats(): ${memAfterHybrid.files} files, ${memAfterHybrid.passages} passages in the library`);
  line('  per passage, words only (postings)', fixed((memAfterWords.bytes - memBefore.bytes) / (memAfterWords.passages - memBefore.passages), 0), 'bytes', 'stats().bytes, the synthetic build');
  line('  per passage of the embedded copy (postings + vectors)', fixed((memAfterHybrid.bytes - memAfterWords.bytes) / (memAfterHybrid.passages - memAfterWords.passages), 0), 'bytes');

  heading('6. Retrieval quality (recall corpus: 200 documents, 50 questions worded differently)');
  const recallHit = (results) =>
    results.filter((r, i) => r.names.slice(0, 5).includes(recall.questions[i].answer)).length / recall.questions.length;
  const questions = recall.questions.map((q) => q.question);
  const wordsRecall = await page.evaluate(timedSearches, { queries: questions, k: 5, bases: [mdBase] });
  line('recall@5, words only', fixed(recallHit(wordsRecall), 2));
  await resetMock(mock);
  const recallEmbedBase = await makeBase(page, 'Recall corpus, embedded', EMBED);
  await addAll(page, recallEmbedBase, recall.documents.map(({ name, text }) => ({ name, text })));
  const recallEmbedInfo = await baseFiles(page, [recallEmbedBase]);
  const hybridRecall = await page.evaluate(timedSearches, { queries: questions, k: 5, bases: [recallEmbedBase] });
  line('recall@5, hybrid (words + mock embeddings)', fixed(recallHit(hybridRecall), 2), '', `${recallEmbedInfo.embedded}/${recallEmbedInfo.passages} passages embedded`);

  heading('Run');
  line('page or worker errors', pageErrors.length + (await page.evaluate(() => window.__kb.errors.length)), '', pageErrors.slice(0, 3).join(' | '));
  const failed = [pdfInfo, mdInfo, embedInfo, bigInfo, hybridInfo, recallEmbedInfo].flatMap((info) => info.failed);
  line('files refused', failed.length, '', failed.slice(0, 3).join('; '));
  line('total bench time', fixed((Date.now() - benchStarted) / 1000), 's');
  if (options.write) {
    const flags = [['files', LARGE_FILES]];
    writeFigures(options.write, 'knowledge', ['```text', ...printed.map((text) => text.replace(/^\n/, '')), '```'], { date: new Date(benchStarted).toISOString(), options: flags });
  }
} finally {
  await Promise.all([browser.close(), app.close(), mock.close()]);
  await rm(tmp, { recursive: true, force: true });
}
