// Tests of scripts/size-budget.mjs, the bundle budget check that scripts/test.sh runs after
// the build: run as a child process on small fake dist/ folders (random bytes do not
// compress, so their gzip size is known to within a few bytes), it passes under the budget,
// fails over it with a clear message, counts only what the first load fetches, and fails
// when index.html names a file that is not there; `--report-only` prints without failing;
// the exported `firstLoadFiles` returns the same list; `sendPathFiles` finds the pack
// fetched with the send path; `brotliSize` reads the build's `.br` copy only when it is as new
// as its file.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { sendPathFiles, brotliOptions, brotliSize, BUDGET_BYTES, CHUNK_BUDGETS, firstLoadFiles } from '../../scripts/size-budget.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/size-budget.mjs', import.meta.url));
const BUDGET = BUDGET_BYTES;
const GROUPED = BUDGET.toLocaleString('en-US');

/** Runs the check on `dir` (after `flags`): `{ code, stdout, stderr }`. */
function check(dir, flags = []) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...flags, dir], (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

const INDEX = `<!doctype html>
<html><head>
<!-- <script src="/commented-out.js"></script> -->
<link rel="stylesheet" href="/main-1.css" integrity="sha384-x"/>
<meta name="hearth-app" data-js="/hearth-1.js" data-wasm="/hearth-1_bg.wasm">
<script src="/boot-1.js" type="module"></script>
<link rel="modulepreload" href="/hearth-1.js"><link rel="preload" href="/hearth-1_bg.wasm" as="fetch">
</head><body></body></html>`;

/**
 * Random bytes that gzip (level 9, as the check measures) to `gzipBytes` exactly: random bytes
 * do not compress, and gzip's header and blocks make them some 100 B larger, which is taken off.
 */
function fitted(gzipBytes) {
  // Near a block's end, taking bytes off can drop a block's header and adding them back bring
  // it again: a few fresh starts settle it.
  for (let attempt = 0; attempt < 20; attempt++) {
    let bytes = randomBytes(gzipBytes - 200 - attempt * 7);
    for (let step = 0; step < 8; step++) {
      const size = gzipSync(bytes, { level: 9 }).length;
      if (size === gzipBytes) return bytes;
      bytes = size > gzipBytes ? bytes.subarray(0, bytes.length - (size - gzipBytes)) : Buffer.concat([bytes, randomBytes(gzipBytes - size)]);
    }
  }
  throw new Error(`no random bytes gzip to ${gzipBytes} B`);
}

/** A fake dist/ whose wasm is random bytes that gzip to `wasmBytes`, with files the first load does not fetch. */
async function fakeDist(wasmBytes, { index = INDEX } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-size-budget-'));
  await writeFile(path.join(dir, 'index.html'), index);
  await writeFile(path.join(dir, 'main-1.css'), 'body { color: red; }');
  await writeFile(path.join(dir, 'boot-1.js'), "const { default: init } = await import('/lazy.js');");
  await writeFile(path.join(dir, 'hearth-1.js'), "import * as s from './snippets/helper.js';\nexport default s;");
  await mkdir(path.join(dir, 'snippets'));
  await writeFile(path.join(dir, 'snippets', 'helper.js'), 'export const x = 1;');
  await writeFile(path.join(dir, 'hearth-1_bg.wasm'), fitted(wasmBytes));
  // Fetched later or never by the first load: must not count, however large.
  for (const name of ['sandbox-closed.html', 'lazy.js', 'commented-out.js', 'hearth-1_bg.wasm.gz']) {
    await writeFile(path.join(dir, name), randomBytes(BUDGET));
  }
  return dir;
}

const dirs = [];
after(async () => {
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

test('a first load under the budget passes and lists each file it fetches', async () => {
  const dir = await fakeDist(100_000);
  dirs.push(dir);
  const { code, stdout, stderr } = await check(dir);
  assert.equal(code, 0, stderr);
  for (const name of ['index.html', 'main-1.css', 'boot-1.js', 'hearth-1.js', 'hearth-1_bg.wasm', path.join('snippets', 'helper.js')]) {
    assert.match(stdout, new RegExp(`^${name.replace(/[.]/g, '\\.')}\\s`, 'm'), `${name} is counted`);
  }
  for (const name of ['sandbox-closed.html', 'lazy.js', 'commented-out.js', '.gz']) {
    assert.ok(!stdout.includes(name), `${name} is not part of the first load`);
  }
  const total = Number(/^total\s+([\d,]+) gzip/m.exec(stdout)?.[1].replaceAll(',', ''));
  assert.ok(total > 100_000 && total < 110_000, `total ${total} is the wasm's ~100 KB plus small files`);
});

test('a first load over the budget fails and says by how much', async () => {
  const dir = await fakeDist(BUDGET);
  dirs.push(dir);
  const { code, stderr } = await check(dir);
  assert.notEqual(code, 0);
  assert.ok(stderr.includes(`over the budget of ${GROUPED}`), stderr);
});

test('a file that index.html loads but dist/ lacks fails the check', async () => {
  const dir = await fakeDist(1_000, { index: INDEX.replace('/boot-1.js', '/boot-missing.js') });
  dirs.push(dir);
  const { code, stderr } = await check(dir);
  assert.notEqual(code, 0);
  assert.match(stderr, /boot-missing\.js is loaded by the first page load but is not a file/);
});

test('a folder without index.html fails with a clear message', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-size-budget-'));
  dirs.push(dir);
  const { code, stderr } = await check(dir);
  assert.notEqual(code, 0);
  assert.match(stderr, /index\.html is missing/);
});

test('--report-only prints the total over the budget but does not fail', async () => {
  const dir = await fakeDist(BUDGET);
  dirs.push(dir);
  const { code, stdout, stderr } = await check(dir, ['--report-only']);
  assert.equal(code, 0, stderr);
  assert.match(stdout, new RegExp(`^total\\s+[\\d,]+ gzip \\(budget ${GROUPED}\\)`, 'm'));
  assert.match(stdout, /bytes over \(report only\)/);
  assert.match(stdout, /^cold load \(the first load; nothing more until something is typed\): 6 files, [\d,]+ gzip, [\d,]+ brotli$/m);
});

test('firstLoadFiles returns the first load\'s files, by dist-relative name', async () => {
  const dir = await fakeDist(1_000);
  dirs.push(dir);
  const names = firstLoadFiles(dir).map((f) => f.name).sort();
  assert.deepEqual(names, ['boot-1.js', 'hearth-1.js', 'hearth-1_bg.wasm', 'index.html', 'main-1.css', 'snippets/helper.js']);
});

test('sendPathFiles lists what loading the reply chunk fetches, by the packed loader, nothing else', async () => {
  const dir = await fakeDist(1_000);
  dirs.push(dir);
  const app = path.join(dir, 'app-1');
  await mkdir(app);
  // A loader as scripts/packs.mjs leaves it: packed modules cut from a pack, others their own files.
  await writeFile(path.join(app, '__wasm_split.js'), PACKED_LOADER);
  for (const name of ['pack_start.wasm', 'pack_shared.wasm', 'split_reply.wasm', 'split_search.wasm', 'chunk_3.wasm', 'chunk_4.wasm']) {
    await writeFile(path.join(app, name), randomBytes(500));
  }
  assert.deepEqual(
    sendPathFiles(dir).map((f) => f.name),
    ['app-1/chunk_3.wasm', 'app-1/pack_start.wasm', 'app-1/split_reply.wasm'],
  );
  await rm(path.join(app, 'chunk_3.wasm'));
  assert.throws(() => sendPathFiles(dir), /app-1\/chunk_3\.wasm is fetched with the send path but is not a chunk/);
  await writeFile(path.join(app, '__wasm_split.js'), PACKED_LOADER.replace('__wasm_split_load_reply', '__wasm_split_load_other'));
  assert.throws(() => sendPathFiles(dir), /no loader for the split point "reply"/);
});

/** A split loader as scripts/packs.mjs leaves it (the splitter's shape, some modules packed). */
const PACKED_LOADER = `function makeLoad(fetcher, deps) {}
const __chunk_2 = makeLoad(() => packed("pack_start.wasm", 0)
, []);
const __chunk_3 = makeLoad(() => {
const src = fetch(new URL("./chunk_3.wasm", import.meta.url));
src.catch(() => {});
return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, []);
export const __wasm_split_load_reply = wrapAsyncCb(makeLoad(() => {
const src = fetch(new URL("./split_reply.wasm", import.meta.url));
src.catch(() => {});
return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, [__chunk_2, __chunk_3]));
export const __wasm_split_load_dialogs = wrapAsyncCb(makeLoad(() => packed("pack_shared.wasm", 0)
, [__chunk_2]));
`;

test('brotliSize is the size of the build\'s .br copy when it is as new as its file, else compresses the file', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-size-budget-'));
  dirs.push(dir);
  const file = path.join(dir, 'app.js');
  const text = 'export const greeting = "hello";\n'.repeat(200);
  await writeFile(file, text);
  const compressed = brotliCompressSync(text, brotliOptions(Buffer.from(text), file)).length;
  assert.equal(brotliSize(file), compressed, 'no copy: the file compressed here');
  // A copy written after the file (as scripts/build.sh writes it) is taken as it is.
  await writeFile(`${file}.br`, Buffer.alloc(7));
  assert.equal(brotliSize(file), 7);
  // A file changed after its copy was written: the copy is stale and not used.
  const later = new Date(Date.now() + 60_000);
  await utimes(file, later, later);
  assert.equal(brotliSize(file), compressed);
});
