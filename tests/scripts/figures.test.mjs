// Tests of scripts/figures.mjs, which writes the documents' one block of figures (sizes from
// the build, test counts from the sources) into docs/performance.md: run as a child process
// on a small fake build and a fake checkout (`--root`), it writes the block between the
// markers and leaves the rest of the page alone; `--check` passes on what it wrote, and
// fails, naming the command to run, once the block or the build differs; a page without the
// markers fails with a sentence. The counting rules are tested on the fake sources.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIGURES_BEGIN, FIGURES_END, testCounts } from '../../scripts/figures.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/figures.mjs', import.meta.url));

/** Runs the script with `args`: `{ code, stdout, stderr }`. */
function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

const PAGE = `# Performance\n\nBefore.\n\n${FIGURES_BEGIN}\nstale\n${FIGURES_END}\n\nAfter.\n`;

let root;
let dist;
before(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'hearth-figures-'));
  dist = path.join(root, 'dist');
  const app = path.join(dist, 'app-1');
  await mkdir(app, { recursive: true });
  await writeFile(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="hearth-app" data-js="/app-1/hearth.js" data-wasm="/app-1/hearth_bg.wasm"></head></html>',
  );
  await writeFile(path.join(app, 'hearth.js'), 'export default 1;');
  await writeFile(path.join(app, 'hearth_bg.wasm'), randomBytes(2_000));
  // A packed build (scripts/packs.mjs): the loader, the start pack, the shared pack, a split point.
  await writeFile(
    path.join(app, '__wasm_split.js'),
    `function makeLoad(fetcher, deps) {}
const __chunk_2 = makeLoad(() => packed("pack_shared.wasm", 0)
, []);
export const __wasm_split_load_reply = wrapAsyncCb(makeLoad(() => packed("pack_start.wasm", 0)
, []));
`,
  );
  for (const name of ['pack_start.wasm', 'pack_shared.wasm', 'split_search.wasm', 'chunk_2.wasm']) await writeFile(path.join(app, name), randomBytes(500));
  await writeFile(path.join(dist, 'mermaid-1.0.0.min.js'), 'x'.repeat(10_000));
  await mkdir(path.join(root, 'docs'));
  await writeFile(path.join(root, 'docs', 'performance.md'), PAGE);
  await mkdir(path.join(root, 'hearth-core', 'src', 'a'), { recursive: true });
  await writeFile(path.join(root, 'hearth-core', 'src', 'a', 'tests.rs'), '#[test]\nfn one() {}\n\n    #[test]\n    fn two() {}\n// #[test] in a comment\n');
  await mkdir(path.join(root, 'tests', 'e2e'), { recursive: true });
  await writeFile(path.join(root, 'tests', 'e2e', 'a.test.mjs'), "test('one', () => {});\nfor (const x of y) test(`two ${x}`, () => {});\nt.test('sub');\n");
  await writeFile(path.join(root, 'tests', 'e2e', 'helper.mjs'), "test('not a test file');\n");
  await mkdir(path.join(root, 'tests', 'scripts'));
  await writeFile(path.join(root, 'tests', 'scripts', 'b.test.mjs'), "test('node', () => {});\n");
});
after(async () => {
  await rm(root, { recursive: true, force: true });
});

test('tests are counted as written: #[test] lines, test( calls in *.test.mjs', () => {
  assert.deepEqual(testCounts(root), { core: 2, browser: 2, node: 1 });
});

test('the script writes the block between the markers, and --check then passes', async () => {
  const written = await run(['--root', root, dist]);
  assert.equal(written.code, 0, written.stderr);
  const page = await readFile(path.join(root, 'docs', 'performance.md'), 'utf8');
  assert.ok(page.startsWith('# Performance\n\nBefore.\n\n'), 'what comes before the block stays');
  assert.ok(page.endsWith(`${FIGURES_END}\n\nAfter.\n`), 'what comes after the block stays');
  assert.ok(!page.includes('stale'));
  assert.match(page, /\| the first load: 3 files, .*\| [\d,]+ \| [\d,]+ \|/);
  assert.match(page, /\| chunk `search` \| search, when the search box first gets the focus, or at the first search by the search tool \| \d+ \|/);
  assert.match(page, /\| chunk `shared` \(2 files\) \|/);
  assert.match(page, /\| chunk `start` \|/);
  assert.match(page, /\| the send path: the `reply` chunk with the code it needs \(`pack_start\.wasm`\), 1 files \| once the message box has text \(a cold load fetches only the first load\) \| [\d,]+ \| [\d,]+ \| – \|/);
  assert.match(page, /`mermaid-1\.0\.0\.min\.js`/);
  assert.match(page, /2 native tests of `hearth-core`, 2 browser tests .* and 1 node tests/);
  const checked = await run(['--check', '--root', root, dist]);
  assert.equal(checked.code, 0, checked.stderr);
});

test('--check fails, saying what to run, when the build differs from the block', async () => {
  await run(['--root', root, dist]);
  await writeFile(path.join(dist, 'app-1', 'split_search.wasm'), randomBytes(900));
  const before = await readFile(path.join(root, 'docs', 'performance.md'), 'utf8');
  const checked = await run(['--check', '--root', root, dist]);
  assert.notEqual(checked.code, 0);
  assert.match(checked.stderr, /differs from what the build .* run `node scripts\/figures\.mjs .*` after the build/);
  assert.equal(await readFile(path.join(root, 'docs', 'performance.md'), 'utf8'), before, '--check writes nothing');
});

test('a page without the markers fails with a sentence', async () => {
  await writeFile(path.join(root, 'docs', 'performance.md'), '# Performance\n');
  const written = await run(['--root', root, dist]);
  assert.notEqual(written.code, 0);
  assert.match(written.stderr, /has no block between/);
  await writeFile(path.join(root, 'docs', 'performance.md'), PAGE);
});
