// Tests of scripts/packs.mjs, which packs the split wasm's small files into few requests:
// on an app folder of the splitter's shape (its loader's text, as wasm_split_cli_support
// writes it, and real wasm modules, each exporting a number of its own), the packs hold
// exactly the planned modules' bytes (what the language needs before the app mounts apart,
// large modules never packed), the packed files are gone, a second run changes nothing, and
// the rewritten loader, run in node against a local HTTP server, instantiates every module
// (packed or not) from the right bytes with one request per pack, and asks again for a pack
// that failed to come.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EARLY_PACK, filesFetched, LARGE, packApp, packBytes, PackError, readLoader, SHARED_PACK, SMALL, START_PACK } from '../../scripts/packs.mjs';
import { u32 } from '../../scripts/wasm-imports.mjs';

const dirs = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A wasm module exporting one function `id` that returns `value`, plus `padding` random bytes in a custom section. */
function wasmModule(value, padding = 0) {
  const leb = (n) => [...u32(n)];
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

/**
 * An app folder: the loader and real modules. Chunks: 1 (needed by reply and i18n), 2 (by
 * dialogs), 3 (by dialogs, too big in gzip for the shared pack), 4 (by i18n), 5 (by reply,
 * LARGE); split points reply (1, 5), i18n (1, 4) and dialogs (1, 2, 3). The loader's
 * makeLoad is the splitter's: a failed load is forgotten, so the next call tries again.
 */
async function fakeApp() {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-packs-'));
  dirs.push(dir);
  const files = {
    'chunk_1.wasm': wasmModule(1),
    'chunk_2.wasm': wasmModule(2),
    'chunk_3.wasm': wasmModule(3, SMALL * 3),
    'chunk_4.wasm': wasmModule(4),
    'chunk_5.wasm': wasmModule(5, LARGE),
    'split_reply.wasm': wasmModule(10),
    'split_i18n.wasm': wasmModule(30),
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
if (loadingModule === undefined) {
const thisLoad = loader();
thisLoad.catch(() => {
if (loadingModule === thisLoad) loadingModule = undefined;
});
loadingModule = thisLoad;
}
return loadingModule;
}
}
${[1, 2, 3, 4, 5].map((n) => `${load(`const __chunk_${n} = makeLoad`, `chunk_${n}.wasm`, [])};`).join('\n')}
${load('export const __wasm_split_load_reply = wrapAsyncCb(makeLoad', 'split_reply.wasm', ['__chunk_1', '__chunk_5'])});
${load('export const __wasm_split_load_i18n = wrapAsyncCb(makeLoad', 'split_i18n.wasm', ['__chunk_1', '__chunk_4'])});
${load('export const __wasm_split_load_dialogs = wrapAsyncCb(makeLoad', 'split_dialogs.wasm', ['__chunk_1', '__chunk_2', '__chunk_3'])});
export const chunks = [__chunk_1, __chunk_2, __chunk_3, __chunk_4, __chunk_5];
`;
  await writeFile(path.join(dir, '__wasm_split.js'), loader);
  return { dir, files };
}

/**
 * Serves `dir` on 127.0.0.1 (closed after `t`) and imports its loader as a module whose
 * URL is the server's; `refuse(name)` says whether a request for a file gets a 500.
 * Returns `{ loader, requests }`: the module and the files asked for, in order.
 */
async function serveLoader(t, dir, refuse = () => false) {
  const requests = [];
  const server = createServer(async (request, response) => {
    const name = path.basename(request.url);
    requests.push(name);
    if (refuse(name)) return response.writeHead(500).end();
    try {
      response.writeHead(200, { 'content-type': 'application/wasm' }).end(await readFile(path.join(dir, name)));
    } catch {
      response.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => server.close());
  const base = `http://127.0.0.1:${server.address().port}/`;
  const source = (await readFile(path.join(dir, '__wasm_split.js'), 'utf8'))
    .replace('import { initSync } from "./hearth.js";', 'const wrapAsyncCb = (load) => load;')
    .replaceAll('import.meta.url', JSON.stringify(base));
  const module = path.join(dir, `loader-${requests.length}-${Date.now()}.mjs`);
  await writeFile(module, source);
  return { loader: await import(pathToFileURL(module).href), requests };
}

/** The number a module of `fakeApp` exports, from its load's result. */
const id = (result) => result.instance.exports.id();

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
      ['__chunk_4', 'chunk_4.wasm', [], false],
      ['__chunk_5', 'chunk_5.wasm', [], false],
      ['reply', 'split_reply.wasm', ['__chunk_1', '__chunk_5'], true],
      ['i18n', 'split_i18n.wasm', ['__chunk_1', '__chunk_4'], true],
      ['dialogs', 'split_dialogs.wasm', ['__chunk_1', '__chunk_2', '__chunk_3'], true],
    ],
  );
  const changed = text.replace('src.catch(() => {});', 'src.catch(() => null);');
  assert.throws(() => readLoader(changed), PackError);
  // A loader whose split points do not include the ones the packs are planned around.
  await writeFile(path.join(dir, '__wasm_split.js'), text.replace('__wasm_split_load_i18n', '__wasm_split_load_other'));
  assert.throws(() => packApp(dir), /no loader for the split point "i18n"/);
});

test('the packs hold the planned modules, their lengths first; what each split point fetches; a second run changes nothing', async () => {
  const { dir, files } = await fakeApp();
  const plan = packApp(dir);
  assert.deepEqual(plan, {
    [EARLY_PACK]: ['chunk_1.wasm', 'chunk_4.wasm'],
    [START_PACK]: ['split_reply.wasm'],
    [SHARED_PACK]: ['chunk_2.wasm'],
  });
  for (const [pack, members] of Object.entries(plan)) {
    assert.deepEqual(await readFile(path.join(dir, pack)), packBytes(members.map((name) => files[name])), `${pack} is its modules' bytes`);
  }
  assert.deepEqual(
    (await readdir(dir)).sort(),
    ['__wasm_split.js', 'chunk_3.wasm', 'chunk_5.wasm', EARLY_PACK, SHARED_PACK, START_PACK, 'split_dialogs.wasm', 'split_i18n.wasm'].sort(),
    'the packed files are gone; the large chunks and the on-demand split points stay',
  );
  const loader = await readFile(path.join(dir, '__wasm_split.js'), 'utf8');
  assert.deepEqual(filesFetched(loader, 'reply'), ['chunk_5.wasm', EARLY_PACK, START_PACK]);
  assert.deepEqual(filesFetched(loader, 'i18n'), [EARLY_PACK, 'split_i18n.wasm'], 'before the app mounts, only what the language needs');
  assert.deepEqual(filesFetched(loader, 'dialogs'), ['chunk_3.wasm', EARLY_PACK, SHARED_PACK, 'split_dialogs.wasm']);
  assert.equal(packApp(dir), null);
  assert.equal(await readFile(path.join(dir, '__wasm_split.js'), 'utf8'), loader, 'a packed folder is left as it is');
});

test('the rewritten loader instantiates every module from its own bytes, one request per pack', async (t) => {
  const { dir } = await fakeApp();
  packApp(dir);
  const { loader, requests } = await serveLoader(t, dir);
  assert.equal(id(await loader.__wasm_split_load_reply()), 10);
  assert.deepEqual(requests.sort(), ['chunk_5.wasm', EARLY_PACK, START_PACK], 'the reply and its chunks in three requests');
  assert.equal(id(await loader.__wasm_split_load_dialogs()), 20);
  assert.deepEqual(
    requests.slice(3).sort(),
    ['chunk_3.wasm', SHARED_PACK, 'split_dialogs.wasm'],
    'the dialogs fetch their own file, the shared pack and the large chunk; no pack is fetched again',
  );
  assert.deepEqual(await Promise.all(loader.chunks.map(async (load) => id(await load()))), [1, 2, 3, 4, 5], 'each chunk is its own module');
});

test('a pack that failed to come is asked for again by the next load, and then serves', async (t) => {
  const { dir } = await fakeApp();
  packApp(dir);
  let refused = 0;
  const { loader, requests } = await serveLoader(t, dir, (name) => name === START_PACK && refused++ === 0);
  await assert.rejects(loader.__wasm_split_load_reply(), /pack_start\.wasm: HTTP 500/);
  assert.equal(id(await loader.__wasm_split_load_reply()), 10, 'Retry loads it');
  assert.deepEqual(requests.filter((name) => name === START_PACK).length, 2, 'the pack was asked for again, once');
  assert.deepEqual(requests.filter((name) => name === EARLY_PACK).length, 1, 'the early pack, which came, was kept');
});
