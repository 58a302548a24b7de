// Tests of scripts/packs.mjs, which packs the split wasm's small files into few requests:
// on an app folder of the splitter's shape (its loader's text, as wasm_split_cli_support
// writes it, and real wasm modules, each exporting a number of its own), the packs hold
// exactly the planned modules' bytes, the packed files are gone, a second run changes
// nothing, and the rewritten loader, run in node against a local HTTP server, instantiates
// every module (packed or not) from the right bytes with one request per pack.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { packApp, packBytes, PackError, readLoader, SHARED_PACK, SMALL, START_PACK } from '../../scripts/packs.mjs';

const dirs = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A wasm module exporting one function `id` that returns `value`, plus `padding` random bytes in a custom section. */
function wasmModule(value, padding = 0) {
  const leb = (n) => {
    const out = [];
    do {
      let byte = n & 0x7f;
      n >>>= 7;
      if (n) byte |= 0x80;
      out.push(byte);
    } while (n);
    return out;
  };
  const section = (id, body) => [id, ...leb(body.length), ...body];
  const name = [...Buffer.from('id')];
  const body = [0x41, ...leb(value), 0x0b]; // i32.const value; end
  const custom = padding ? section(0, [4, ...Buffer.from('junk'), ...randomBytes(padding)]) : [];
  return Buffer.from([
    0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
    ...section(1, [1, 0x60, 0, 1, 0x7f]), // type: () -> i32
    ...section(3, [1, 0]), // one function of type 0
    ...section(7, [1, name.length, ...name, 0x00, 0]), // export "id" = function 0
    ...section(10, [1, ...leb(body.length + 1), 0, ...body]), // its code, no locals
    ...custom,
  ]);
}

/** The splitter's text for one module's loader. */
function load(head, file, deps) {
  return `${head}(() => {
const src = fetch(new URL("./${file}", import.meta.url));
src.catch(() => {});
return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, [${deps.join(', ')}])`;
}

/** An app folder: the loader, chunks 1–3 (3 large), split points reply (needs 1) and dialogs (needs 1, 2, 3). */
async function fakeApp() {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-packs-'));
  dirs.push(dir);
  const files = {
    'chunk_1.wasm': wasmModule(1),
    'chunk_2.wasm': wasmModule(2),
    'chunk_3.wasm': wasmModule(3, SMALL * 3),
    'split_reply.wasm': wasmModule(10),
    'split_dialogs.wasm': wasmModule(20),
  };
  for (const [name, bytes] of Object.entries(files)) await writeFile(path.join(dir, name), bytes);
  const loader = `import { initSync } from "./hearth.js";
function makeLoad(fetcher, deps) {
const loader = async () => {
const parallelStuff = deps.map(d => d());
const instantiate = fetcher();
await Promise.all(parallelStuff);
return instantiate({});
};
let loadingModule = undefined;
return () => {
if (loadingModule === undefined) loadingModule = loader();
return loadingModule;
}
}
${load('const __chunk_1 = makeLoad', 'chunk_1.wasm', [])};
${load('const __chunk_2 = makeLoad', 'chunk_2.wasm', [])};
${load('const __chunk_3 = makeLoad', 'chunk_3.wasm', [])};
${load('export const __wasm_split_load_reply = wrapAsyncCb(makeLoad', 'split_reply.wasm', ['__chunk_1'])});
${load('export const __wasm_split_load_dialogs = wrapAsyncCb(makeLoad', 'split_dialogs.wasm', ['__chunk_1', '__chunk_2', '__chunk_3'])});
export const chunks = { one: __chunk_1, two: __chunk_2, three: __chunk_3 };
`;
  await writeFile(path.join(dir, '__wasm_split.js'), loader);
  return { dir, files };
}

test('a pack is its modules\' count and lengths, then their bytes', () => {
  const pack = packBytes([Buffer.from([1, 2, 3]), Buffer.from([]), Buffer.from([9])]);
  assert.deepEqual([...pack], [3, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3, 9]);
});

test('the loader of the splitter is read whole, and one of another shape is refused', async () => {
  const { dir } = await fakeApp();
  const text = await readFile(path.join(dir, '__wasm_split.js'), 'utf8');
  const modules = readLoader(text);
  assert.deepEqual(
    modules.map((m) => [m.id, m.file, m.deps, m.split]),
    [
      ['__chunk_1', 'chunk_1.wasm', [], false],
      ['__chunk_2', 'chunk_2.wasm', [], false],
      ['__chunk_3', 'chunk_3.wasm', [], false],
      ['reply', 'split_reply.wasm', ['__chunk_1'], true],
      ['dialogs', 'split_dialogs.wasm', ['__chunk_1', '__chunk_2', '__chunk_3'], true],
    ],
  );
  const changed = text.replace('src.catch(() => {});', 'src.catch(() => null);');
  assert.throws(() => readLoader(changed), PackError);
});

test('the packs hold the planned modules, their lengths first; a second run changes nothing', async () => {
  const { dir, files } = await fakeApp();
  const plan = packApp(dir);
  assert.deepEqual(plan, {
    [START_PACK]: ['chunk_1.wasm', 'split_reply.wasm'],
    [SHARED_PACK]: ['chunk_2.wasm'],
  });
  for (const [pack, members] of Object.entries(plan)) {
    assert.deepEqual(await readFile(path.join(dir, pack)), packBytes(members.map((name) => files[name])), `${pack} is its modules' bytes`);
  }
  assert.deepEqual(
    (await readdir(dir)).sort(),
    ['__wasm_split.js', 'chunk_3.wasm', SHARED_PACK, START_PACK, 'split_dialogs.wasm'].sort(),
    'the packed files are gone; the large chunk and the on-demand split point stay',
  );
  const loader = await readFile(path.join(dir, '__wasm_split.js'), 'utf8');
  assert.equal(packApp(dir), null);
  assert.equal(await readFile(path.join(dir, '__wasm_split.js'), 'utf8'), loader, 'a packed folder is left as it is');
});

test('the rewritten loader instantiates every module from its own bytes, one request per pack', async (t) => {
  const { dir } = await fakeApp();
  packApp(dir);
  const requests = [];
  const server = createServer(async (request, response) => {
    requests.push(request.url);
    try {
      const bytes = await readFile(path.join(dir, path.basename(request.url)));
      response.writeHead(200, { 'content-type': 'application/wasm' }).end(bytes);
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  // The loader fetches relative to its own URL: run it as a module whose import.meta.url is the server's.
  const base = `http://127.0.0.1:${server.address().port}/`;
  const source = (await readFile(path.join(dir, '__wasm_split.js'), 'utf8'))
    .replace('import { initSync } from "./hearth.js";', 'const wrapAsyncCb = (load) => load;')
    .replaceAll('import.meta.url', JSON.stringify(base));
  const module = path.join(dir, 'loader.mjs');
  await writeFile(module, source);
  const loader = await import(pathToFileURL(module).href);
  const id = (result) => result.instance.exports.id();
  assert.equal(id(await loader.__wasm_split_load_reply()), 10);
  assert.deepEqual(requests, [`/${START_PACK}`], 'the reply and its chunk come in one request');
  assert.equal(id(await loader.__wasm_split_load_dialogs()), 20);
  assert.deepEqual(
    requests.slice(1).sort(),
    [`/${SHARED_PACK}`, '/chunk_3.wasm', '/split_dialogs.wasm'].sort(),
    'the dialogs fetch their own file, the shared pack and the large chunk; the start pack is not fetched again',
  );
  assert.deepEqual(
    await Promise.all([loader.chunks.one(), loader.chunks.two(), loader.chunks.three()].map(async (r) => id(await r))),
    [1, 2, 3],
    'each chunk is its own module',
  );
});
