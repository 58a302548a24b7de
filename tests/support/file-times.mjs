// A reporter for `node --test` (beside the usual one) that prints, when the run ends, the test
// files that took longest: each file's time is the sum of its top-level tests' and suites'
// durations, so that what makes the browser tests slow (scripts/test.sh's longest phase) is
// in every run's output. Used as
//   node --test --test-reporter=tap --test-reporter-destination=stdout \
//     --test-reporter=./support/file-times.mjs --test-reporter-destination=stdout …

import path from 'node:path';

/** How many files are listed. */
const LISTED = 12;

export default async function* fileTimes(source) {
  const times = new Map();
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      const file = path.basename(event.data.file);
      times.set(file, (times.get(file) ?? 0) + (event.data.details?.duration_ms ?? 0));
    }
  }
  const sorted = [...times].sort((a, b) => b[1] - a[1]);
  const total = sorted.reduce((sum, [, ms]) => sum + ms, 0);
  yield `# the ${Math.min(LISTED, sorted.length)} slowest of ${sorted.length} files (${Math.round(total / 1000)} s in all, run ${Math.round(total / 1000 / 60)} min one after another):\n`;
  for (const [file, ms] of sorted.slice(0, LISTED)) yield `#   ${(ms / 1000).toFixed(1).padStart(6)} s  ${file}\n`;
}
