// Writes a benchmark's own output into a document (docs/performance.md), between the lines
// `<!-- bench:<name> -->` and `<!-- end of bench:<name> -->`, headed by what was measured:
// the commit (and whether the tree had changes), the date and the options. Used by the
// benchmarks' `--write FILE`, so the page's figures are the benchmark's, never typed.

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * Writes `body` (markdown lines) into `file` between the markers of the benchmark `name`,
 * with a line naming the command, the build measured, `date` and `options` (`[flag, value]`
 * pairs); throws when the file lacks the markers.
 */
export function writeFigures(file, name, body, { date, options }) {
  const [begin, end] = [`<!-- bench:${name} -->`, `<!-- end of bench:${name} -->`];
  const text = fs.readFileSync(file, 'utf8');
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${file} has no "${begin}" … "${end}" block`);
  const git = (...args) => execFileSync('git', ['-C', HERE, ...args], { encoding: 'utf8' }).trim();
  const build = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--untracked-files=no') ? ' with changes' : ''}`;
  const flags = options.map(([flag, value]) => `\`--${flag}${value === true ? '' : ` ${value}`}\``).join(' ');
  const head = `Written by \`npm run bench:${name} -- --write\` on ${date.slice(0, 10)}, build ${build}${flags ? `, options ${flags}` : ''}.`;
  fs.writeFileSync(file, `${text.slice(0, from + begin.length)}\n${head}\n\n${body.join('\n').trim()}\n${text.slice(to)}`);
}
