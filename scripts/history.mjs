// Draws the first load over the project's history: every commit that set the first-load
// budget (`BUDGET_BYTES` in scripts/size-budget.mjs, the measured gzip bytes until the app
// starts plus a margin under 0.1 %), read from git, as a step chart in
// docs/first-load-history.svg, which docs/performance.md shows. A budget set in the working
// tree and not yet committed is drawn as of now.
//
// Run after a commit that changes the budget: `node scripts/history.mjs` (it needs the
// repository's history: in a shallow clone it says so and writes nothing).

import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGET_FILE = 'scripts/size-budget.mjs';
export const CHART = 'docs/first-load-history.svg';

/** Issue 54's goal for the whole cold load, drawn as a dashed line. */
export const GOAL = 500_000;

/** The budget a version of scripts/size-budget.mjs sets, in bytes, or null. */
export function budgetOf(text) {
  const match = /^(?:export )?const BUDGET_BYTES = ([\d_]+);/m.exec(text);
  return match ? Number(match[1].replaceAll('_', '')) : null;
}

/** `[{ commit, date, bytes }]`, oldest first: each commit of `root` that changed the budget. */
export function budgetHistory(root) {
  const git = (...args) => execFileSync('git', ['-C', root, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (git('rev-parse', '--is-shallow-repository').trim() === 'true') {
    throw new Error('this clone is shallow: the history needs the whole repository (git fetch --unshallow)');
  }
  const log = git('log', '--reverse', '--format=%h %cI', '-G', 'BUDGET_BYTES = ', '--', BUDGET_FILE);
  const points = [];
  for (const line of log.split('\n').filter(Boolean)) {
    const [commit, date] = line.split(' ');
    const bytes = budgetOf(git('show', `${commit}:${BUDGET_FILE}`));
    if (bytes !== null && bytes !== points.at(-1)?.bytes) points.push({ commit, date: new Date(date), bytes });
  }
  return points;
}

const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const kb = (bytes) => `${Math.round(bytes / 1000).toLocaleString('en-US')} KB`;

/**
 * The SVG of `points` (`[{ commit, date, bytes }]`, oldest first, at least one), drawn to a
 * few hours after the last (so the same history draws the same chart): a step line (a budget
 * holds until the next), a dot per commit, the days along the bottom
 * and kilobytes up the side, with a title and a description that says the same in words.
 */
export function chart(points) {
  if (points.length === 0) throw new Error('no budget in the history');
  const width = 760;
  const height = 320;
  const left = 64;
  const right = 16;
  const top = 40;
  const bottom = 44;
  const start = points[0].date.getTime();
  const end = points.at(-1).date.getTime() + 6 * 3_600_000;
  const peak = Math.max(...points.map((p) => p.bytes));
  const ceiling = Math.ceil(peak / 200_000) * 200_000;
  const x = (time) => left + ((time - start) / (end - start)) * (width - left - right);
  const y = (bytes) => top + (1 - bytes / ceiling) * (height - top - bottom);
  const steps = points.flatMap((p, i) => {
    const next = points[i + 1]?.date.getTime() ?? end;
    return [`${x(p.date.getTime()).toFixed(1)},${y(p.bytes).toFixed(1)}`, `${x(next).toFixed(1)},${y(p.bytes).toFixed(1)}`];
  });
  const grid = [];
  for (let bytes = 0; bytes <= ceiling; bytes += 200_000) {
    grid.push(`<line x1="${left}" x2="${width - right}" y1="${y(bytes).toFixed(1)}" y2="${y(bytes).toFixed(1)}" class="grid"/>`);
    grid.push(`<text x="${left - 8}" y="${(y(bytes) + 4).toFixed(1)}" text-anchor="end">${kb(bytes)}</text>`);
  }
  const days = [];
  for (let day = new Date(points[0].date); day.getTime() < end; day = new Date(day.getTime() + 86_400_000)) {
    const midnight = Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
    if (midnight < start) continue;
    days.push(`<line x1="${x(midnight).toFixed(1)}" x2="${x(midnight).toFixed(1)}" y1="${top}" y2="${height - bottom}" class="grid"/>`);
    days.push(`<text x="${x(midnight).toFixed(1)}" y="${height - bottom + 18}" text-anchor="middle">${new Date(midnight).toISOString().slice(5, 10)}</text>`);
  }
  const dots = points.map(
    (p) => `<circle cx="${x(p.date.getTime()).toFixed(1)}" cy="${y(p.bytes).toFixed(1)}" r="3"><title>${p.commit}: ${escape(p.bytes.toLocaleString('en-US'))} B</title></circle>`,
  );
  const first = points[0];
  const last = points.at(-1);
  const lowest = points.reduce((low, p) => (p.bytes < low.bytes ? p : low));
  const description =
    `The first load's budget in gzip bytes at ${points.length} commits from ${first.date.toISOString().slice(0, 10)} ` +
    `to ${last.date.toISOString().slice(0, 10)}: ${kb(first.bytes)} at first, ${kb(peak)} at most, ` +
    `${kb(lowest.bytes)} at least, ${kb(last.bytes)} now; the goal for the whole cold load is ${kb(GOAL)}.`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" role="img" aria-labelledby="title desc" font-family="system-ui, sans-serif" font-size="12">
<title id="title">Hearth's first load over the project's history</title>
<desc id="desc">${escape(description)}</desc>
<style>.grid{stroke:#8883;stroke-width:1}.goal{stroke:#15803d;stroke-width:1.5;stroke-dasharray:6 4}text{fill:#555}@media (prefers-color-scheme:dark){text{fill:#bbb}}polyline{fill:none;stroke:#c2410c;stroke-width:2}circle{fill:#c2410c}</style>
<text x="${left}" y="22" font-size="14" font-weight="600">First load, gzip bytes until the app starts (the budget each commit set)</text>
${grid.join('\n')}
${days.join('\n')}
<line x1="${left}" x2="${width - right}" y1="${y(GOAL).toFixed(1)}" y2="${y(GOAL).toFixed(1)}" class="goal"/>
<text x="${left + 6}" y="${(y(GOAL) + 16).toFixed(1)}">goal for the whole cold load: ${kb(GOAL)}</text>
<polyline points="${steps.join(' ')}"/>
${dots.join('\n')}
<text x="${(width - right).toFixed(1)}" y="${(y(last.bytes) - 8).toFixed(1)}" text-anchor="end">${kb(last.bytes)} now</text>
</svg>
`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  try {
    const points = budgetHistory(ROOT);
    const now = new Date();
    const current = budgetOf(readFileSync(path.join(ROOT, BUDGET_FILE), 'utf8'));
    if (current !== null && current !== points.at(-1)?.bytes) points.push({ commit: 'working tree', date: now, bytes: current });
    writeFileSync(path.join(ROOT, CHART), chart(points));
    console.log(`${CHART}: ${points.length} budgets, ${points[0].date.toISOString().slice(0, 10)} to now`);
  } catch (error) {
    console.error(`history: ${error.message}`);
    process.exit(1);
  }
}
