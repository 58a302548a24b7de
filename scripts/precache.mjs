// Writes the service worker's precache list into a built Hearth: lists the files of the
// build folder, hashes each (SHA-256), and replaces the placeholder in its sw.js
// (`/* HEARTH_PRECACHE */ null`, see src/io/service_worker/sw.js) with
// `{ build, files: [{ name, sha256 }] }`. The build id is the first 16 hex digits of the
// SHA-256 of the names and hashes, so it changes whenever any file does, and with it the
// worker's bytes (the browser then installs the new worker) and its cache name.
//
// Listed: every file below the folder except the pre-compressed copies (`*.br`, `*.gz`,
// written by scripts/build.sh after it), the host's `_headers`, sw.js itself and dot
// files. No hand-kept list: what the build writes is what is cached (the chunks of the split wasm
// among it, so they load offline). The Mermaid library is
// listed apart, "on demand" (`onDemand`, with its hash): the worker does not fetch it at
// install but caches it, checked, the first time a diagram needs it.
//
// scripts/assemble.mjs runs it on the new dist/ before it takes the old one's place;
// by hand: `node scripts/precache.mjs <dir>`.
//
// First it makes the sandboxed frame documents self-contained (scripts/frames.mjs: their
// scripts inlined), so the list hashes them as served, and writes their policies from
// `_headers` into sw.js in place of `/* HEARTH_FRAMES */ {}`: the worker answers those
// documents with that Content-Security-Policy header (its `sandbox` keeps them opaque).

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { framePolicies, inlineFrameScripts } from './frames.mjs';

/** The text in sw.js that the list replaces. */
export const PLACEHOLDER = '/* HEARTH_PRECACHE */ null';

/** The text in sw.js that the frame documents' policies replace. */
export const FRAMES_PLACEHOLDER = '/* HEARTH_FRAMES */ {}';

/** Whether a file (its `/`-separated path relative to the build folder) is precached. */
export function isPrecached(name) {
  const base = name.split('/').pop();
  return !(name === '_headers' || name === 'sw.js' || base.startsWith('.') || /\.(br|gz)$/.test(base));
}

function sha256(bytes) {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * Whether a precached file is fetched on demand instead of at install: the Mermaid library
 * (`mermaid*.js`, copied from vendor/mermaid/, 1.6 MB gzip), which only a "Show diagram"
 * click reads, and the interface's catalogues (`locales/*.ftl`), which only a language
 * other than English reads (src/i18n.rs), and the knowledge-base worker with its wasm
 * (`knowledge-worker.js`, `hearth_knowledge*`), which only a knowledge base reads. The worker caches each the first time it is
 * fetched, so diagrams shown once online show offline too, and so does the chosen language.
 */
export function isOnDemand(name) {
  const base = name.split('/').pop();
  return /^mermaid[^/]*\.js$/.test(base) || /\.ftl$/.test(base) || /^(hearth_knowledge|knowledge-worker)/.test(base);
}

/**
 * `{ build, files: [{ name, sha256 }], onDemand: [{ name, sha256 }] }` for the build folder
 * `dir`, sorted by name: `files` are fetched at install, `onDemand` ([`isOnDemand`]) when
 * first asked for. The build id covers both.
 */
export function precacheList(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath ?? entry.path, entry.name);
    const name = path.relative(dir, full).split(path.sep).join('/');
    if (isPrecached(name)) files.push({ name, sha256: sha256(readFileSync(full)) });
  }
  files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const build = sha256(files.map((f) => `${f.name} ${f.sha256}\n`).join('')).slice(0, 16);
  return { build, files: files.filter((f) => !isOnDemand(f.name)), onDemand: files.filter((f) => isOnDemand(f.name)) };
}

/**
 * Inlines the frame documents' scripts, then writes the list and the frames' policies into
 * `dir`/sw.js; throws when sw.js is missing or has no placeholder.
 */
export function writePrecache(dir) {
  const worker = path.join(dir, 'sw.js');
  const source = readFileSync(worker, 'utf8');
  if (!source.includes(PLACEHOLDER)) throw new Error(`${worker} has no ${PLACEHOLDER} to replace (already filled in?)`);
  if (!source.includes(FRAMES_PLACEHOLDER)) throw new Error(`${worker} has no ${FRAMES_PLACEHOLDER} to replace`);
  inlineFrameScripts(dir);
  const list = precacheList(dir);
  const frames = framePolicies(dir);
  writeFileSync(
    worker,
    source.replace(PLACEHOLDER, () => JSON.stringify(list)).replace(FRAMES_PLACEHOLDER, () => JSON.stringify(frames)),
  );
  return list;
}

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node scripts/precache.mjs <build dir>');
    process.exit(2);
  }
  try {
    const { build, files, onDemand } = writePrecache(path.resolve(dir));
    console.log(`precache: build ${build}, ${files.length} files listed in sw.js, ${onDemand.length} on demand`);
  } catch (error) {
    console.error(`precache: ${error.message}`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
