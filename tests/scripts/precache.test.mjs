// Tests of scripts/precache.mjs, which scripts/assemble.mjs runs to write the service
// worker's precache list into the built sw.js: on small fake build folders (with the real
// src/io/service_worker/sw.js), the list is exactly the folder's files minus the
// pre-compressed copies, `_headers`, sw.js itself and dot files, each with its SHA-256; the
// build id changes when any file's bytes or name change and not otherwise; the script fails
// clearly on a sw.js without the placeholder (so a second run cannot half-fill it). The
// built dist/ is checked by tests/e2e/pwa.test.mjs (these tests run while a build may be
// replacing dist/).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeBuild } from '../support/fake-build.mjs';
import { PLACEHOLDER, isOnDemand, precacheList } from '../../scripts/precache.mjs';

const SCRIPT = fileURLToPath(new URL('../../scripts/precache.mjs', import.meta.url));



/** Runs the script on the command line with `args`: `{ code, stdout, stderr }`. */
function run(args) {
  return new Promise((resolve) => {
    execFile(process.execPath, [SCRIPT, ...args], (error, stdout, stderr) => {
      resolve({ code: error ? error.code : 0, stdout, stderr });
    });
  });
}

/** The list written into `dir`/sw.js, parsed back. */
async function writtenList(dir) {
  const source = await readFile(path.join(dir, 'sw.js'), 'utf8');
  assert.ok(!source.includes(PLACEHOLDER), 'the placeholder is replaced');
  const match = source.match(/const PRECACHE = (\{.*\});/);
  assert.ok(match, 'sw.js holds the list as its PRECACHE constant');
  return JSON.parse(match[1]);
}

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

const FILES = {
  'index.html': '<!doctype html><title>Hearth</title>',
  'hearth-0123.js': 'export default 1;',
  'hearth-0123_bg.wasm': 'not really wasm',
  'index.html.br': 'compressed',
  'hearth-0123.js.gz': 'compressed',
  _headers: '/\n  X-Test: 1\n',
  '.DS_Store': 'junk',
  'icons/icon-192.png': 'png bytes',
  'snippets/lib/inline0.js': 'export const x = 1;',
};

test('the list holds every built file with its hash, and leaves out copies, _headers, sw.js and dot files', async () => {
  const dir = await fakeBuild(FILES);
  const result = await run([dir]);
  assert.equal(result.code, 0, result.stderr);
  const list = await writtenList(dir);
  assert.deepEqual(
    list.files,
    ['hearth-0123.js', 'hearth-0123_bg.wasm', 'icons/icon-192.png', 'index.html', 'snippets/lib/inline0.js'].map((name) => ({
      name,
      sha256: sha256(FILES[name]),
    })),
  );
  assert.match(list.build, /^[0-9a-f]{16}$/);
  assert.match(result.stdout, new RegExp(`build ${list.build}, 5 files`));
  assert.deepEqual(precacheList(dir), list, 'the exported function gives the same list');
});

test('the build id changes with any file, its bytes or its name, and only then', async () => {
  const base = precacheList(await fakeBuild(FILES)).build;
  assert.equal(precacheList(await fakeBuild(FILES)).build, base, 'the same files give the same id');
  assert.notEqual(precacheList(await fakeBuild({ ...FILES, 'hearth-0123.js': 'export default 2;' })).build, base, 'changed bytes');
  const { 'icons/icon-192.png': icon, ...renamed } = FILES;
  assert.notEqual(precacheList(await fakeBuild({ ...renamed, 'icons/icon-512.png': icon })).build, base, 'a renamed file');
  assert.notEqual(precacheList(await fakeBuild({ ...FILES, 'app-frame.html': '<!doctype html>' })).build, base, 'an added file');
  const copies = { ...FILES, 'index.html.gz': 'other', _headers: 'other' };
  assert.equal(precacheList(await fakeBuild(copies)).build, base, 'files left out of the list do not count');
});

test('a sw.js without the placeholder (already filled in) fails clearly and is left alone', async () => {
  const dir = await fakeBuild(FILES);
  assert.equal((await run([dir])).code, 0);
  const once = await readFile(path.join(dir, 'sw.js'), 'utf8');
  const again = await run([dir]);
  assert.equal(again.code, 1);
  assert.match(again.stderr, /has no \/\* HEARTH_PRECACHE \*\/ null to replace/);
  assert.equal(await readFile(path.join(dir, 'sw.js'), 'utf8'), once);
  const none = await run([]);
  assert.equal(none.code, 2, 'no folder given: usage');
});

// The Mermaid library (1.6 MB gzip) is left out of the install list but recorded, with its
// hash, as on demand: the worker fetches, checks and caches it the first time a diagram needs it.
test('the Mermaid library is listed on demand with its hash, not for install, and counts in the build id', async () => {
  const library = 'window.mermaid = {};';
  const withMermaid = { ...FILES, 'mermaid-12.3.0.min.js': library, 'diagram-frame.html': '<!doctype html>' };
  const dir = await fakeBuild(withMermaid);
  const result = await run([dir]);
  assert.equal(result.code, 0, result.stderr);
  const list = await writtenList(dir);
  assert.deepEqual(list.onDemand, [{ name: 'mermaid-12.3.0.min.js', sha256: sha256(library) }]);
  assert.ok(!list.files.some((f) => f.name.startsWith('mermaid')), 'not fetched at install');
  assert.ok(list.files.some((f) => f.name === 'diagram-frame.html'), 'the diagram frame document is precached');
  assert.match(result.stdout, /6 files listed in sw\.js, 1 on demand/);
  const changed = precacheList(await fakeBuild({ ...withMermaid, 'mermaid-12.3.0.min.js': 'window.mermaid = 2;' }));
  assert.notEqual(changed.build, list.build, 'a changed library is a new build');
  assert.deepEqual(precacheList(await fakeBuild(FILES)).onDemand, [], 'nothing on demand without it');
});

test('only the Mermaid library files are on demand', () => {
  for (const name of ['mermaid.min.js', 'mermaid-12.3.0.min.js', 'vendor/mermaid/mermaid.js']) assert.ok(isOnDemand(name), name);
  for (const name of ['diagram-frame.html', 'diagram-frame.js', 'hearth-0123.js', 'mermaid.css', 'README-mermaid.js'])
    assert.ok(!isOnDemand(name), name);
});
