// Tests of scripts/history.mjs, the chart of the first load over the project's history: the
// budget is read from each version of scripts/size-budget.mjs (with or without `export`), the
// chart has a dot per budget and a step line that holds each until the next, and says the
// same in words for a screen reader; a real temporary git repository gives the history.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { budgetHistory, budgetOf, chart } from '../../scripts/history.mjs';

test('the budget is read from the script, with or without export', () => {
  assert.equal(budgetOf('// x\nexport const BUDGET_BYTES = 516_750;\n'), 516_750);
  assert.equal(budgetOf('const BUDGET_BYTES = 560_000;\n'), 560_000);
  assert.equal(budgetOf('// BUDGET_BYTES = 1 in a comment\n'), null);
});

test('each commit that changed the budget is a point, oldest first', async (t) => {
  const root = await mkdtemp(path.join(tmpdir(), 'hearth-history-'));
  t.after(() => rm(root, { recursive: true, force: true }));
  const git = (...args) => execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args]);
  git('init', '-q');
  await mkdir(path.join(root, 'scripts'));
  for (const [bytes, date] of [['560_000', '2026-11-23T01:00:00Z'], ['880_000', '2026-11-23T03:00:00Z'], ['516_750', '2026-11-28T12:00:00Z']]) {
    await writeFile(path.join(root, 'scripts', 'size-budget.mjs'), `export const BUDGET_BYTES = ${bytes};\n`);
    git('add', '.');
    execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', bytes], {
      env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
    });
  }
  const points = budgetHistory(root);
  assert.deepEqual(points.map((p) => p.bytes), [560_000, 880_000, 516_750]);
  assert.deepEqual(points.map((p) => p.date.toISOString()), ['2026-11-23T01:00:00.000Z', '2026-11-23T03:00:00.000Z', '2026-11-28T12:00:00.000Z']);
  const svg = chart(points);
  assert.equal(chart(budgetHistory(root)), svg, 'the same history draws the same chart');
  assert.equal((svg.match(/<circle /g) ?? []).length, 3, 'a dot per budget');
  const line = /<polyline points="([^"]+)"/.exec(svg)[1].split(' ').map((pair) => pair.split(',').map(Number));
  assert.equal(line.length, 6, 'each budget holds until the next: two corners each');
  assert.ok(line[2][1] < line[0][1], 'the larger budget is drawn higher');
  assert.match(svg, /role="img" aria-labelledby="title desc"/);
  assert.match(svg, /<desc id="desc">The first load's budget in gzip bytes at 3 commits from 2026-11-23 to 2026-11-28: 560 KB at first, 880 KB at most, 517 KB at least, 517 KB now;/);
});
