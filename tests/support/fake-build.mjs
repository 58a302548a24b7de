// A fake build folder for the tests of the build scripts (scripts/precache.mjs and
// scripts/frames.mjs): the given files plus the real service worker source as sw.js, in a
// temporary folder removed after the calling test file.

import { after } from 'node:test';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('../../src/io/service_worker/sw.js', import.meta.url));

const temporary = [];
after(() => Promise.all(temporary.map((dir) => rm(dir, { recursive: true, force: true }))));

/** A fake build folder holding `files` (`{ name: text }`) and the real sw.js source. */
export async function fakeBuild(files) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-build-'));
  temporary.push(dir);
  await copyFile(WORKER, path.join(dir, 'sw.js'));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
    await writeFile(path.join(dir, name), text);
  }
  return dir;
}
