// Tests of support/run-e2e.mjs, which starts the browser tests' slowest files first: the files
// it names exist (a renamed file would otherwise only start late, silently), every test file
// runs exactly once, and a name that matches no file is an error that names it.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { orderedFiles, SLOWEST_FIRST } from '../support/run-e2e.mjs';

const E2E = fileURLToPath(new URL('../e2e/', import.meta.url));

test('the browser tests run once each, the slowest listed first', () => {
  const files = orderedFiles(E2E).map((file) => path.basename(file));
  const all = readdirSync(E2E).filter((name) => name.endsWith('.test.mjs'));
  assert.deepEqual([...files].sort(), all.sort(), 'every test file, once');
  assert.deepEqual(files.slice(0, SLOWEST_FIRST.length), SLOWEST_FIRST.map((stem) => `${stem}.test.mjs`));
});

test('a slow file named that does not exist is an error naming it', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-run-e2e-'));
  try {
    await writeFile(path.join(dir, 'b.test.mjs'), '');
    await writeFile(path.join(dir, 'a.test.mjs'), '');
    assert.deepEqual(orderedFiles(dir, ['b']).map((file) => path.basename(file)), ['b.test.mjs', 'a.test.mjs']);
    assert.throws(() => orderedFiles(dir, ['gone']), /lists files that do not exist: gone\.test\.mjs/);
  } finally {
    await rm(dir, { recursive: true });
  }
});
