// Runs the browser tests (every tests/e2e/*.test.mjs) four files at a time, as `npm run
// test:e2e` does, with the slowest files first: `node --test` itself runs its files in the
// order of their names, so that a file of three minutes could start last and keep the run going
// alone at its end. The files below took longest in recent runs (the file-times reporter prints
// them at the end of each run); the others follow in the order of their names. A file missing
// from the list only starts later; a name here that matches no file is an error.
//
// Run: node support/run-e2e.mjs   (from tests/; exits non-zero when a test fails)

import { readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { run } from 'node:test';
import { tap } from 'node:test/reporters';
import { fileURLToPath } from 'node:url';
import fileTimes from './file-times.mjs';

/** The files that took longest, longest first (in the runs of 2026-11-29: 3 to 1 minutes). */
export const SLOWEST_FIRST = [
  'providers',
  'knowledge',
  'sync',
  'sessions',
  'attachments',
  'talk',
  'agents',
  'tools',
  'sync-hostile',
  'voice',
  'branches',
  'safe-rendering',
  'long-conversation',
];

/**
 * How many files run at once. On 2 cores the whole run took 795 s with four, slowest first,
 * against about 920 s with three in the order of their names (and 28 minutes with two); with four
 * the run is bound by the CPU (most of it Chromium's), and eight were slower still.
 */
const CONCURRENCY = Number(process.env.HEARTH_E2E_CONCURRENCY) || 4;

/** The test files of `dir` in the order they start: `slowest` first, then by name. */
export function orderedFiles(dir, slowest = SLOWEST_FIRST) {
  const names = readdirSync(dir).filter((name) => name.endsWith('.test.mjs')).sort();
  const first = slowest.map((stem) => `${stem}.test.mjs`);
  const missing = first.filter((name) => !names.includes(name));
  if (missing.length > 0) throw new Error(`support/run-e2e.mjs lists files that do not exist: ${missing.join(', ')}`);
  return [...first, ...names.filter((name) => !first.includes(name))].map((name) => path.join(dir, name));
}

function main() {
  const dir = fileURLToPath(new URL('../e2e/', import.meta.url));
  const stream = run({ files: orderedFiles(dir), concurrency: CONCURRENCY });
  stream.on('test:fail', () => {
    process.exitCode = 1;
  });
  // Both reporters see every event.
  for (const reporter of [tap, fileTimes]) {
    const events = new PassThrough({ objectMode: true });
    stream.pipe(events);
    (async () => {
      for await (const text of reporter(events)) process.stdout.write(text);
    })();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
