// The bundle budget: sums the gzip size (node zlib at level 9, as `gzip -9`) of
// everything the first load fetches before the Message box is ready, prints each
// file and the total, and exits non-zero when the total is over BUDGET_BYTES, so a
// later feature must pay for the bytes it adds.
//
// "The first load" is found from the built index.html, not from a list kept here:
// index.html itself, its stylesheets, scripts, modulepreload/preload links, the
// files `<meta name="hearth-app">` names (boot.js imports the wasm-bindgen module
// and starts the wasm file), and, followed from those, the static `import … from`
// of each JavaScript file and the `url(…)`/`@import` of each stylesheet. Files the
// app fetches later (the sandbox and app-preview pages, anything behind a dynamic
// `import()`) are not counted, nor are the pre-compressed `.gz`/`.br` copies.
//
// Run: node scripts/size-budget.mjs [--report-only] [dist]   (default: $HEARTH_DIST, else
// dist/). `--report-only` prints the same table and total but never fails on the budget
// (scripts/build.sh uses it, so a build prints one total, the budget's). The list itself is
// exported as `firstLoadFiles(root)` (tests/e2e/walking-skeleton.test.mjs checks it against
// what the page really requests).

import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * The budget, in gzip bytes, for everything the first load fetches: a ratchet.
 * It is the size reached plus under 1 %, so a feature must pay for its bytes;
 * lower it whenever a cut lands. 874,041 bytes at issue 14 (Debian build route);
 * 931,590 at issue 15, whose safe updates (about 13 KB) and API key lock (about
 * 36 KB) are first-load code until the wasm can be split (README). 1,003,563 at
 * issue 16: the designed interface (icons, top bar, menus, row actions, Save as
 * file) about 16 KB, math as MathML about 18 KB, shortcuts and addresses about
 * 12 KB, the highlighter and dressed code blocks about 12 KB, concurrent chats and
 * tool hints about 8 KB, the dialogs' save state and focus about 5 KB; most of it
 * is Leptos view code, and the highlighter and math cannot load on demand until the
 * wasm can be split. The goal is 560,000 (issue 14): the README says what is left
 * to get there.
 */
export const BUDGET_BYTES = 1_005_000;

/** The value of attribute `name` in one tag's text, or null. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*("([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag);
  return match ? (match[2] ?? match[3] ?? match[4]) : null;
}

/** What index.html makes the browser fetch at once (local references only). */
function htmlReferences(html) {
  const refs = [];
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const [tag] of withoutComments.matchAll(/<(link|script|meta)\b[^>]*>/gi)) {
    const kind = tag.slice(1).split(/[\s>]/)[0].toLowerCase();
    if (kind === 'script') refs.push(attribute(tag, 'src'));
    else if (kind === 'link') {
      const rel = (attribute(tag, 'rel') ?? '').toLowerCase().split(/\s+/);
      if (rel.some((r) => ['stylesheet', 'modulepreload', 'preload', 'icon', 'manifest'].includes(r))) refs.push(attribute(tag, 'href'));
    } else if (attribute(tag, 'name') === 'hearth-app') refs.push(attribute(tag, 'data-js'), attribute(tag, 'data-wasm'));
  }
  return refs;
}

/** The static imports of a JavaScript module (not `import()`, which loads later). */
function jsReferences(js) {
  const refs = [];
  for (const m of js.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[^'"();]*?\sfrom\s*)?['"]([^'"]+)['"]/g)) refs.push(m[1]);
  return refs;
}

/** The `url(…)` and `@import` references of a stylesheet. */
function cssReferences(css) {
  const refs = [];
  for (const m of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)\s]*))\s*\)/g)) refs.push(m[1] ?? m[2] ?? m[3]);
  for (const m of css.matchAll(/@import\s+["']([^"']+)["']/g)) refs.push(m[1]);
  return refs;
}

/** The dist-relative path a reference from `fromFile` names, or null when it is not a local file. */
function resolveReference(root, ref, fromFile) {
  if (!ref || /^(data|blob|https?|about|javascript):/i.test(ref) || ref.startsWith('//') || ref.startsWith('#')) return null;
  const clean = ref.split(/[?#]/)[0];
  if (!clean) return null;
  if (clean.startsWith('/')) return path.join(root, clean);
  if (!clean.startsWith('.') && !fromFile.endsWith('.html') && !fromFile.endsWith('.css')) return null; // a bare module name
  return path.join(path.dirname(fromFile), clean);
}

/** A problem with the built folder (a missing index.html or referenced file). */
export class BudgetError extends Error {}

/**
 * The files the first load of the app in `root` (a built dist/) fetches, in the order they
 * are found: `[{ name, raw, gzip }]`, `name` relative to `root` with `/` separators, sizes in
 * bytes (gzip: node's zlib at level 9). Throws BudgetError when a file is missing.
 */
export function firstLoadFiles(root) {
  root = path.resolve(root);
  const index = path.join(root, 'index.html');
  if (!existsSync(index)) throw new BudgetError(`${index} is missing: build the app first (scripts/build.sh writes dist/)`);
  const seen = new Set();
  const queue = [index];
  const rows = [];
  while (queue.length) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      throw new BudgetError(`${path.relative(root, file)} is loaded by the first page load but is not a file in ${root}`);
    }
    const bytes = readFileSync(file);
    const name = path.relative(root, file).split(path.sep).join('/');
    rows.push({ name, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    const ext = path.extname(file).toLowerCase();
    const text = ['.html', '.js', '.mjs', '.css'].includes(ext) ? bytes.toString('utf8') : null;
    const refs = ext === '.html' ? htmlReferences(text) : ext === '.css' ? cssReferences(text) : text ? jsReferences(text) : [];
    for (const ref of refs) {
      const target = resolveReference(root, ref, file);
      if (target) queue.push(path.normalize(target));
    }
  }
  return rows;
}

function fail(message) {
  console.error(`size budget: ${message}`);
  process.exit(1);
}

function main() {
  const args = process.argv.slice(2);
  const reportOnly = args.includes('--report-only');
  const dir = args.find((a) => a !== '--report-only');
  const root = path.resolve(
    dir ?? process.env.HEARTH_DIST ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'),
  );
  let rows;
  try {
    rows = firstLoadFiles(root);
  } catch (error) {
    if (error instanceof BudgetError) fail(error.message);
    throw error;
  }
  report(rows, reportOnly);
}

/** Prints the table and total; fails over the budget unless `reportOnly`. */
function report(rows, reportOnly) {
  const total = rows.reduce((sum, r) => sum + r.gzip, 0);
  const width = Math.max(...rows.map((r) => r.name.length), 'total'.length);
  const group = (n) => n.toLocaleString('en-US');
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${group(r.raw).padStart(11)} raw  ${group(r.gzip).padStart(11)} gzip`);
  console.log(`${'total'.padEnd(width)}  ${''.padStart(11)}      ${group(total).padStart(11)} gzip (budget ${group(BUDGET_BYTES)})`);
  if (total > BUDGET_BYTES && !reportOnly) {
    fail(
      `the first load is ${group(total)} bytes gzip, ${group(total - BUDGET_BYTES)} over the budget of ${group(BUDGET_BYTES)} ` +
        '(BUDGET_BYTES in scripts/size-budget.mjs): make the new code pay for itself, or load it later',
    );
  }
  if (total > BUDGET_BYTES) console.log(`size budget: ${group(total - BUDGET_BYTES)} bytes over (report only)`);
  else console.log(`size budget: ${group(BUDGET_BYTES - total)} bytes to spare`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
