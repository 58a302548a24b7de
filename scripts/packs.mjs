// Packs the split wasm's many small files into few requests. The splitter (scripts/build.sh)
// writes one file per split point (`split_<name>.wasm`) and one per set of split points that
// share code (`chunk_<n>.wasm`): about 300 files, 200 of them fetched with the send path,
// most under 2 KB gzip, each a request and a gzip stream of its own. Its loader
// (`__wasm_split.js`) fetches and instantiates each file when a split point first needs it.
//
// In place, in an app folder, this writes:
// - `pack_early.wasm`: the chunks that the split points needed before the app mounts
//   (BEFORE_MOUNT: the interface in another language) need, so that such a first screen
//   waits for them and that split point's own file alone;
// - `pack_start.wasm`: the split points fetched once the message box has text (SEND_PATH, the send
//   path and the renderer) and every chunk they need that the early pack does not hold;
//   with the early pack, two requests instead of ~200;
// - `pack_shared.wasm`: every other chunk under SMALL gzip bytes, which the on-demand split
//   points share (fetched once, the first time any of them needs one);
// and removes the files it packed. A pack is its modules' lengths, then their bytes back to
// back (each a whole wasm module, unchanged: `packBytes`); the loader is rewritten so that
// each packed module is cut from its pack (`packed(pack, index)`, one fetch per pack,
// shared) and instantiated from those bytes. The pack stays in memory until each of its
// modules was taken (the shared pack's, mostly for the whole visit). Modules of LARGE bytes
// or more, the larger shared chunks and the on-demand split points stay files of their own,
// so the browser keeps the large ones' compiled code and a feature still fetches only what
// it needs.
//
// scripts/assemble.mjs runs it; by hand: `node scripts/packs.mjs <app folder>` (a folder
// already packed is left as it is).

import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The split points the app fetches once the message box has text (or a stored reply is shown), not at their own first use (see
 * src/chat/state/code.rs): the send path and the renderer, so that Enter never waits.
 */
export const SEND_PATH = ['reply'];

/**
 * The split points the app may need before it mounts (src/i18n.rs: the interface in a
 * language other than English). What they need is packed apart, so that such a first
 * screen waits for that alone, not for the send path.
 */
export const BEFORE_MOUNT = ['i18n'];

/** The pack of the send path (less EARLY_PACK's and the large modules). */
export const START_PACK = 'pack_start.wasm';

/** The pack of the chunks BEFORE_MOUNT's split points need (their own files stay apart). */
export const EARLY_PACK = 'pack_early.wasm';

/** The pack of the small chunks the on-demand split points share. */
export const SHARED_PACK = 'pack_shared.wasm';

/** A shared chunk under this many bytes gzip goes into SHARED_PACK; a larger one stays a file. */
export const SMALL = 2_000;

/**
 * A module of this many bytes or more stays a file of its own, never packed: the browser
 * keeps the compiled code of a module it compiled while fetching it (Chromium does so for
 * large ones), which a module cut from a pack loses.
 */
export const LARGE = 100_000;

/** What the loader's text says once packed (and what `packApp` looks for to leave it be). */
const MARK = '/* packed by scripts/packs.mjs */';

/** One module's loader in `__wasm_split.js`, as the splitter writes it. */
const MODULE = /(const (__chunk_\d+) = makeLoad|export const __wasm_split_load_(\w+) = wrapAsyncCb\(makeLoad)\((\(\) => \{\nconst src = fetch\(new URL\("\.\/([\w.]+)", import\.meta\.url\)\);\nsrc\.catch\(\(\) => \{\}\);\nreturn async \(imports\) => \(WebAssembly\.instantiateStreaming\(src, imports\)\);\n\}|\(\) => packed\("[\w.]+", \d+\))\n, \[([^\]]*)\]\)/g;

/** A loader this script cannot read. */
export class PackError extends Error {}

/**
 * The modules the loader `text` names (as the splitter wrote it, or packed):
 * `[{ id, file, deps, split, fetcher }]`, `id` being the chunk's variable or the split
 * point's name, `file` its file as the splitter wrote it (null once packed), `deps` the chunks' variables it
 * needs, `fetcher` the text of its fetching function. Throws a PackError when any `makeLoad` of the
 * loader is not of the splitter's shape (a new splitter version: this script must learn it).
 */
export function readLoader(text) {
  const modules = [...text.matchAll(MODULE)].map((m) => ({
    id: m[2] ?? m[3],
    split: m[3] !== undefined,
    fetcher: m[4],
    file: m[5] ?? null,
    deps: m[6].split(',').map((dep) => dep.trim()).filter(Boolean),
  }));
  const loads = Math.max(0, (text.match(/makeLoad\(/g) ?? []).length - 1); // one is its definition
  if (modules.length !== loads) {
    throw new PackError(`__wasm_split.js has ${loads} modules, ${modules.length} of the splitter's shape`);
  }
  return modules;
}

/**
 * Which files go into which pack: `{ [pack]: [file] }` for the `modules` of a loader (see
 * `readLoader`), `sizeOf(file)` (a file's bytes) and `gzipOf(file)` (its gzip size), each
 * pack's files in the loader's order. Every file is in one pack at most; a file in none
 * stays as it is.
 */
export function planPacks(modules, sizeOf, gzipOf) {
  const needs = (points) => {
    const files = new Set();
    for (const point of points) {
      const split = modules.find((m) => m.split && m.id === point);
      if (!split) throw new PackError(`__wasm_split.js has no loader for the split point "${point}"`);
      files.add(split.file);
      for (const dep of split.deps) {
        const chunk = modules.find((m) => m.id === dep);
        if (!chunk || chunk.split) throw new PackError(`__wasm_split.js: "${point}" needs ${dep}, which it does not load`);
        files.add(chunk.file);
      }
    }
    return files;
  };
  const small = (m) => sizeOf(m.file) < LARGE;
  const early = needs(BEFORE_MOUNT);
  const start = needs(SEND_PATH);
  // In the loader's order, so that the indices the loader names count up one by one.
  return {
    [EARLY_PACK]: modules.filter((m) => !m.split && early.has(m.file) && small(m)).map((m) => m.file),
    [START_PACK]: modules.filter((m) => start.has(m.file) && !early.has(m.file) && small(m)).map((m) => m.file),
    [SHARED_PACK]: modules
      .filter((m) => !m.split && !start.has(m.file) && !early.has(m.file) && small(m) && gzipOf(m.file) < SMALL)
      .map((m) => m.file),
  };
}

/** A packed module's fetcher in the rewritten loader. */
const PACKED = /^\(\) => packed\("([\w.]+)", (\d+)\)$/;

/**
 * The files that loading the split point `point` fetches, by the loader `text` (packed or
 * not): its own file or pack, and those of each chunk it needs, each once, sorted.
 */
export function filesFetched(text, point) {
  const modules = readLoader(text);
  const split = modules.find((m) => m.split && m.id === point);
  if (!split) throw new PackError(`__wasm_split.js has no loader for the split point "${point}"`);
  const files = new Set();
  for (const m of [split, ...split.deps.map((dep) => modules.find((c) => c.id === dep))]) {
    if (!m) throw new PackError(`__wasm_split.js: "${point}" needs a chunk it does not load`);
    files.add(PACKED.exec(m.fetcher)?.[1] ?? m.file);
  }
  return [...files].sort();
}

/** The function the rewritten loader gets its packed modules from (the pack's format: `packBytes`). */
const PACKED_FUNCTION = `${MARK}
const packs = {};
function packed(name, index) {
let pack = packs[name];
if (pack === undefined) {
const modules = fetch(new URL("./" + name, import.meta.url)).then((response) => {
if (!response.ok) throw new Error(name + ": HTTP " + response.status);
return response.arrayBuffer();
}).then((buffer) => {
const view = new DataView(buffer);
const count = view.getUint32(0, true);
const list = [];
let at = 4 + 4 * count;
for (let i = 0; i < count; i++) {
const length = view.getUint32(4 + 4 * i, true);
list.push(new Uint8Array(buffer, at, length));
at += length;
}
if (at !== buffer.byteLength) throw new Error(name + ": not this build's pack");
return list;
});
pack = packs[name] = { modules, taken: new Set() };
modules.catch(() => { if (packs[name] === pack) delete packs[name]; });
}
return async (imports) => {
const list = await pack.modules;
pack.taken.add(index);
if (pack.taken.size === list.length && packs[name] === pack) delete packs[name];
return WebAssembly.instantiate(list[index], imports);
};
}
`;

/**
 * A pack of the wasm modules `parts`: their count and each one's length (32-bit
 * little-endian numbers), then their bytes back to back, each module whole.
 */
export function packBytes(parts) {
  const head = Buffer.alloc(4 + 4 * parts.length);
  head.writeUInt32LE(parts.length, 0);
  parts.forEach((part, index) => head.writeUInt32LE(part.length, 4 + 4 * index));
  return Buffer.concat([head, ...parts]);
}

/**
 * Packs the app folder `appDir` in place (see the top of this file); returns the plan
 * (`{ [pack]: [file] }`), or null when the folder is already packed, has no loader, or its
 * loader loads nothing.
 */
export function packApp(appDir) {
  const loaderFile = path.join(appDir, '__wasm_split.js');
  if (!existsSync(loaderFile)) return null;
  let loader = readFileSync(loaderFile, 'utf8');
  if (loader.includes(MARK)) return null;
  const modules = readLoader(loader);
  if (modules.length === 0) return null; // no split point: nothing to pack
  const sizeOf = (file) => statSync(path.join(appDir, file)).size;
  const gzipOf = (file) => gzipSync(readFileSync(path.join(appDir, file)), { level: 9 }).length;
  const plan = planPacks(modules, sizeOf, gzipOf);
  const places = new Map();
  for (const [pack, files] of Object.entries(plan)) {
    files.forEach((file, index) => places.set(file, { pack, index }));
    writeFileSync(path.join(appDir, pack), packBytes(files.map((file) => readFileSync(path.join(appDir, file)))));
  }
  for (const module of modules) {
    const place = places.get(module.file);
    if (!place) continue;
    loader = loader.replace(module.fetcher, () => `() => packed(${JSON.stringify(place.pack)}, ${place.index})`);
  }
  const firstLoad = loader.indexOf('function makeLoad(');
  if (firstLoad < 0) throw new PackError('__wasm_split.js has no makeLoad');
  loader = loader.slice(0, firstLoad) + PACKED_FUNCTION + loader.slice(firstLoad);
  writeFileSync(loaderFile, loader);
  for (const file of places.keys()) rmSync(path.join(appDir, file));
  return plan;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/packs.mjs <app folder>');
    process.exit(2);
  }
  const plan = packApp(dir);
  if (!plan) console.log(`${dir}: already packed, or no split loader`);
  else for (const [pack, files] of Object.entries(plan)) console.log(`${pack}: ${files.length} modules`);
}
