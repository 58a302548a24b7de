// The figures: writes the one block of numbers the documents quote (the first load, each chunk,
// the Mermaid library, the number of tests) into docs/performance.md, between the markers
// FIGURES_BEGIN and FIGURES_END, from a build's own output and the sources; no other document
// quotes them, so a number cannot go stale silently. Sizes are measured as
// scripts/size-budget.mjs measures them (its functions, gzip at level 9); tests are counted as
// written in the sources (`#[test]` in hearth-core, `test(` in tests/e2e, tests/mock and
// tests/scripts), so a test made in a loop counts once.
//
// Run: node scripts/figures.mjs [--check] [dist]   (default: $HEARTH_DIST, else dist/).
// Without `--check` it rewrites the block; with it, it changes nothing and exits non-zero,
// saying what to run, when the block differs from what the build and the sources say
// (scripts/test.sh runs it after the size budget). `--root DIR` reads the sources and the
// document under DIR instead of this checkout (the tests use it).

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { SEND_PATH, sendPathFiles, brotliSize, BUDGET_BYTES, BudgetError, CHUNK_BUDGETS, chunkFiles, firstLoadFiles } from './size-budget.mjs';

/** The document that holds the figures, relative to the repository's root. */
export const FIGURES_DOCUMENT = 'docs/performance.md';
/** The line before the block. */
export const FIGURES_BEGIN = '<!-- figures: written by `node scripts/figures.mjs dist` from the build; do not edit by hand -->';
/** The line after the block. */
export const FIGURES_END = '<!-- end of figures -->';

/** What each chunk holds and when it loads, by budget name (a chunk without one says only its name). */
const CHUNK_WHEN = {
  app_preview: 'the app preview, with the first app (or ahead, for an app agent)',
  ask: "an MCP server's question during a tool call (its form or link), when a server first asks",
  i18n: 'the interface in a language other than English (Fluent), before the app starts, only for such a language',
  knowledge: 'the Knowledge dialog, a reply’s passages, the viewer and what a turn searches, at the first use of a knowledge base',
  branches: 'editing, branching, pruning and the outline, at their first use',
  compare: 'comparing models, when Compare is first pressed or a compare turn first shown',
  dialogs: 'the dialogs, when the first one opens',
  export: 'the Markdown export, at the first export',
  mcp: 'the MCP client, its prompts and resources dialog, OAuth sign-in and the MCP Apps views, at the first use of an MCP server',
  media: 'preparing images, PDFs and audio files, at the first one',
  migration: "the one-time upgrade of an older database's conversations, only for such a database",
  pdf_text: 'the PDF text extractor, when a model that reads no PDFs is sent one',
  pictures: 'the image requests of "Create an image", when a picture is first asked for',
  search: 'search, when the search box first gets the focus, or at the first search by the search tool',
  shared: 'code that several chunks share (the small parts in one pack, the larger ones each a file), fetched with the first chunk that needs each part',
  early: 'one pack of the code the `i18n` chunk shares with the send path, before the app starts for a language other than English, else with the send path',
  reply: 'the send path, the renderer and a reply’s parts (its markdown, cards, footer and tool widget), fetched once the message box has text or a stored reply is shown',
  start: 'one pack of the small chunks the send path needs (the early pack and the large ones apart), fetched with the `reply` chunk',
  sync: 'sync (the replicator, Check server, end-to-end encryption), when sync starts or a server is checked',
  voice: 'dictation, voice notes, Read aloud and Talk (the microphone, transcription, speech, the Live API and the Realtime call), at the first use',
};

/** The `.ext` files under `dir` (recursively, skipping node_modules), sorted. */
function filesUnder(dir, test) {
  if (!existsSync(dir)) return [];
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules') continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, test));
    else if (entry.isFile() && test(entry.name)) found.push(full);
  }
  return found.sort();
}

/** How many `pattern` matches the files hold. */
function countIn(files, pattern) {
  return files.reduce((sum, file) => sum + (readFileSync(file, 'utf8').match(pattern)?.length ?? 0), 0);
}

/**
 * The tests, as written in the sources under `root`: `{ core, browser, node }`. A core test is
 * a `#[test]` attribute in hearth-core; a browser or node test a `test(` call in a `*.test.mjs`
 * of tests/e2e, or of tests/mock and tests/scripts.
 */
export function testCounts(root) {
  const call = /(?<![\w.])test\(/g;
  const mjs = (dir) => filesUnder(path.join(root, dir), (name) => name.endsWith('.test.mjs'));
  return {
    core: countIn(filesUnder(path.join(root, 'hearth-core'), (name) => name.endsWith('.rs')), /^\s*#\[test\]/gm),
    browser: countIn(mjs('tests/e2e'), call),
    node: countIn([...mjs('tests/mock'), ...mjs('tests/scripts')], call),
  };
}

const group = (n) => n.toLocaleString('en-US');

/** The block's lines (without the markers) for the build in `dist` and the sources under `root`. */
export function figuresBlock(dist, root) {
  const first = firstLoadFiles(dist);
  const firstTotal = first.reduce((sum, f) => sum + f.gzip, 0);
  const after = sendPathFiles(dist);
  const afterTotal = after.reduce((sum, f) => sum + f.gzip, 0);
  const brotli = (files) => files.reduce((sum, f) => sum + brotliSize(path.join(dist, f.name)), 0);
  const lines = [
    '| what | when it loads | gzip bytes | brotli bytes | budget |',
    '| --- | --- | ---: | ---: | ---: |',
    `| the first load: ${first.length} files, \`node scripts/size-budget.mjs dist\` lists them | before the app starts | ${group(firstTotal)} | ${group(brotli(first))} | ${group(BUDGET_BYTES)} |`,
    `| the send path: ${SEND_PATH.map((name) => `the \`${name}\` chunk`).join(', ')} with the code it needs (${after.map((f) => `\`${f.name.split('/').pop()}\``).join(', ')}), ${after.length} files | once the message box has text (a cold load fetches only the first load) | ${group(afterTotal)} | ${group(brotli(after))} | – |`,
  ];
  for (const { budget, files, gzip } of chunkFiles(dist)) {
    const limit = CHUNK_BUDGETS[budget];
    const count = files.length > 1 ? ` (${files.length} files)` : '';
    lines.push(`| chunk \`${budget}\`${count} | ${CHUNK_WHEN[budget] ?? 'on first use'} | ${group(gzip)} | ${group(brotli(files))} | ${limit === undefined ? 'none' : group(limit)} |`);
  }
  // The knowledge bases' worker: its script, glue and wasm, in the app's folder.
  const app = readdirSync(dist).find((n) => /^app-/.test(n));
  const worker = app ? ['knowledge-worker.js', 'hearth_knowledge.js', 'hearth_knowledge_bg.wasm'].map((n) => path.join(dist, app, n)) : [];
  if (worker.length > 0 && worker.every((file) => existsSync(file))) {
    const gzip = worker.reduce((sum, file) => sum + gzipSync(readFileSync(file), { level: 9 }).length, 0);
    const br = worker.reduce((sum, file) => sum + brotliSize(file), 0);
    lines.push(`| the knowledge worker (\`knowledge-worker.js\`, its wasm and glue) | the first time a knowledge base is read or searched, kept offline once fetched | ${group(gzip)} | ${group(br)} | – |`);
  }
  for (const name of readdirSync(dist).filter((n) => /^mermaid-.*\.js$/.test(n)).sort()) {
    const gzip = gzipSync(readFileSync(path.join(dist, name)), { level: 9 }).length;
    lines.push(`| \`${name}\`, the diagram library | at the first **Show diagram**, kept offline once shown | ${group(gzip)} | ${group(brotliSize(path.join(dist, name)))} | – |`);
  }
  const tests = testCounts(root);
  lines.push(
    '',
    `Tests, as written in the sources (a test made in a loop counts once): ${group(tests.core)} native tests of \`hearth-core\`, ` +
      `${group(tests.browser)} browser tests in \`tests/e2e/\` and ${group(tests.node)} node tests in \`tests/mock/\` and \`tests/scripts/\`.`,
  );
  return lines;
}

/** A problem with the document or its markers. */
export class FiguresError extends Error {}

/** `text` with the block between the markers replaced by `lines`; throws FiguresError without the markers. */
export function withFigures(text, lines) {
  const begin = text.indexOf(FIGURES_BEGIN);
  const end = text.indexOf(FIGURES_END);
  if (begin < 0 || end < begin) {
    throw new FiguresError(`${FIGURES_DOCUMENT} has no block between "${FIGURES_BEGIN}" and "${FIGURES_END}"`);
  }
  return `${text.slice(0, begin + FIGURES_BEGIN.length)}\n${lines.join('\n')}\n${text.slice(end)}`;
}

function main() {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const rootAt = args.indexOf('--root');
  const root = path.resolve(rootAt >= 0 ? args[rootAt + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const dir = args.find((a, i) => !a.startsWith('--') && !(rootAt >= 0 && i === rootAt + 1));
  const dist = path.resolve(dir ?? process.env.HEARTH_DIST ?? path.join(root, 'dist'));
  const document = path.join(root, FIGURES_DOCUMENT);
  try {
    const text = readFileSync(document, 'utf8');
    const updated = withFigures(text, figuresBlock(dist, root));
    if (updated === text) {
      console.log(`figures: ${FIGURES_DOCUMENT} says what the build and the sources say`);
    } else if (check) {
      console.error(
        `figures: ${FIGURES_DOCUMENT} differs from what the build in ${dist} and the sources say: ` +
          `run \`node scripts/figures.mjs ${path.relative(process.cwd(), dist) || '.'}\` after the build and commit the result`,
      );
      process.exit(1);
    } else {
      writeFileSync(document, updated);
      console.log(`figures: ${FIGURES_DOCUMENT} rewritten from ${dist}`);
    }
  } catch (error) {
    if (error instanceof BudgetError || error instanceof FiguresError) {
      console.error(`figures: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
