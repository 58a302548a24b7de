// Assembles dist/ from the wasm build and the static files, in place of Trunk (which
// cannot build a split wasm, trunk-rs/trunk#1022). scripts/build.sh runs it after cargo,
// the splitter and wasm-bindgen:
//
//   node scripts/assemble.mjs <app folder> [dist]
//
// <app folder> holds one build's wasm-bindgen module (hearth.js), its main wasm
// (hearth_bg.wasm), the split loader (__wasm_split.js), the chunks (split_*.wasm,
// chunk_*.wasm; the many small ones packed into a few files by scripts/packs.mjs) and any
// snippets/. It is copied whole to dist/app-<hash>/, <hash> being
// of every file in it: the loader fetches the chunks by URLs relative to itself, so a
// build's files stay together, and files of two builds can never mix.
//
// index.html is the template. Its `data-build` elements are rewritten:
// - `<link rel="stylesheet" href="…" data-build>` and `<script src="…" data-build>`: the
//   file is copied as `<name>-<hash>.<ext>`, and the element names it with an
//   `integrity` hash;
// - `<meta name="hearth-app" data-build>`: gets `data-js` and `data-wasm` naming the app
//   folder's files, which src/boot.js starts, and a `<link rel="modulepreload">` (with
//   integrity) for the JavaScript module follows it. The wasm has no preload: a
//   `preload as=fetch` keeps Chromium from using its compiled-code cache (issue 29);
//   boot.js fetches it first thing instead;
// - `<link rel="stylesheet" href="…" data-inline>`: its rules go into the page as a
//   `<style>` (the first paint then waits for no request), which the page's
//   Content-Security-Policy (the `<meta>`, and `_headers`) allows by its sha256 hash.
// The page's comments (`<!-- -->`) and the stylesheets' (`/* */`, main.css and the inlined
// boot.css) are left out of what ships: they are for whoever edits the sources. So are the
// main wasm's long import names (shortened in it and the glue) and the wasms' name and
// producers sections (scripts/wasm-imports.mjs).
// The names in index.html start with HEARTH_PUBLIC_URL (default `/`, as Trunk's public_url
// was), so the page finds its files from any client-side path of the site; a build for a
// host's subfolder sets it to that folder (`HEARTH_PUBLIC_URL=/hearth/ scripts/build.sh`).
// Every other file that dist/ serves is in COPY below. Then the service worker's precache
// list is written (scripts/precache.mjs). The new dist/ is built beside the old one and
// takes its place only when complete.

import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packApp } from './packs.mjs';
import { precacheList, writePrecache } from './precache.mjs';
import { dropCustomSections, shortenImports } from './wasm-imports.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files and folders copied to dist/ as they are, by their path in the repository. */
export const COPY = [
  'src/io/sandbox/sandbox-closed.html',
  'src/io/sandbox/sandbox-open.html',
  'src/io/sandbox/sandbox-runner.js',
  'src/io/app_frame/app-frame.html',
  'src/io/app_frame/app-frame-open.html',
  'src/io/app_frame/app-frame.js',
  'src/io/app_frame/frame-guard.js',
  'src/io/app_frame/app-view.html',
  'src/io/app_frame/app-view.js',
  'src/io/app_frame/app-view.css',
  'src/io/mcp_app_frame/mcp-app-frame.html',
  'src/io/mcp_app_frame/mcp-app-frame.js',
  'src/io/sign_in_window/oauth-callback.html',
  'src/io/sign_in_window/oauth-callback.js',
  'src/io/media/media-worker.js',
  'src/io/diagram_frame/diagram-frame.html',
  'src/io/diagram_frame/diagram-frame.js',
  'vendor/mermaid/mermaid-12.3.0.min.js',
  '_headers',
  'src/io/service_worker/sw.js',
  'manifest.webmanifest',
  'icons',
  'locales',
];

/** What the names in index.html start with: the folder dist/ is served from. */
const PUBLIC_URL = (process.env.HEARTH_PUBLIC_URL ?? '/').replace(/\/?$/, '/');

/**
 * Hearth's OAuth Client ID Metadata Document, for a build that knows the https:// site it
 * is served from (`HEARTH_SITE`, such as `https://hearth.example`): its `client_id` is its
 * own address, which an authorization server that takes such documents fetches (so it must
 * be public). Without HEARTH_SITE, none: Hearth then registers itself where it signs in.
 */
function clientMetadataDocument() {
  const site = (process.env.HEARTH_SITE ?? '').replace(/\/+$/, '');
  if (!site) return null;
  if (!/^https:\/\/[^/]+$/.test(site)) throw new Error(`HEARTH_SITE must be an https:// origin, not ${site}`);
  const base = `${site}${PUBLIC_URL}`;
  return `${JSON.stringify({
    client_id: `${base}oauth-client.json`,
    client_name: 'Hearth',
    client_uri: base,
    redirect_uris: [`${base}oauth-callback.html`],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  }, null, 2)}\n`;
}

const hex = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** The value of attribute `name` in one tag's text, or null. */
function attribute(tag, name) {
  const match = new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, 'i').exec(tag);
  return match ? match[1] : null;
}

/**
 * `css` without its comments (what the sources explain costs every first load otherwise).
 * Strings are kept whole, so a `/*` inside quotes is not taken for a comment.
 */
export function stripCssComments(css) {
  let out = '';
  for (let at = 0; at < css.length; ) {
    const char = css[at];
    if (char === '"' || char === "'") {
      let end = at + 1;
      while (end < css.length && css[end] !== char) end += css[end] === '\\' ? 2 : 1;
      out += css.slice(at, end + 1);
      at = end + 1;
    } else if (char === '/' && css[at + 1] === '*') {
      const end = css.indexOf('*/', at + 2);
      if (end < 0) throw new Error('a CSS comment is not closed');
      at = end + 2;
    } else {
      out += char;
      at += 1;
    }
  }
  // The lines a comment stood on, and blank runs, go too.
  return out.replace(/\n[ \t]*(?=\n)/g, '').replace(/^\n+/, '');
}

/** A file's text as it ships: a stylesheet without its comments, anything else as it is. */
function shipped(source) {
  const bytes = readFileSync(path.join(ROOT, source));
  return source.endsWith('.css') ? Buffer.from(stripCssComments(bytes.toString('utf8')), 'utf8') : bytes;
}

/**
 * `text` (a generated script: wasm-bindgen's glue, the splitter's loader) without what only
 * a reader needs: each line's indentation, blank lines, `//` comment lines and block
 * comments that start a line. A generated script has no multi-line string or template,
 * so no line's meaning changes; when a block comment does not end a line, or a line
 * ends inside a template, `text` is returned as it is.
 */
export function slimScript(text) {
  const out = [];
  let inComment = false;
  for (const line of text.split('\n')) {
    const code = line.trim();
    if (inComment) {
      if (code.includes('*/')) {
        if (!code.endsWith('*/')) return text;
        inComment = false;
      }
      continue;
    }
    if (code === '' || code.startsWith('//')) continue;
    if (code.startsWith('/*')) {
      const end = code.indexOf('*/', 2);
      if (end === -1) inComment = true;
      else if (end !== code.length - 2) return text;
      continue;
    }
    if ((code.match(/`/g) ?? []).length % 2 !== 0) return text;
    out.push(code);
  }
  return inComment ? text : `${out.join('\n')}\n`;
}

/** The generated scripts of an app folder, slimmed in place before anything is hashed. */
const GENERATED_SCRIPTS = ['hearth.js', '__wasm_split.js', 'hearth_knowledge.js'];

/** Copies `source` (a repository path) into `out` as `<stem>-<hash><ext>`; its new name and bytes. */
function copyHashed(source, out) {
  const bytes = shipped(source);
  const ext = path.extname(source);
  const name = `${path.basename(source, ext)}-${hex(bytes)}${ext}`;
  writeFileSync(path.join(out, name), bytes);
  return { name, bytes };
}

/**
 * The app folder's wasm as it ships, in place: the main wasm's imports and the glue's keys
 * for them renamed short, and no wasm with a `name` or `producers` section
 * (scripts/wasm-imports.mjs). Files already shrunk are left as they are.
 */
function shrinkWasm(appDir) {
  const mainFile = path.join(appDir, 'hearth_bg.wasm');
  const glueFile = path.join(appDir, 'hearth.js');
  const main = readFileSync(mainFile);
  const glue = readFileSync(glueFile, 'utf8');
  const shrunk = shortenImports(main, glue);
  if (!shrunk.wasm.equals(main)) writeFileSync(mainFile, shrunk.wasm);
  if (shrunk.glue !== glue) writeFileSync(glueFile, shrunk.glue);
  for (const name of readdirSync(appDir)) {
    if (!name.endsWith('.wasm') || name === 'hearth_bg.wasm') continue;
    const file = path.join(appDir, name);
    const chunk = readFileSync(file);
    const bare = dropCustomSections(chunk);
    if (!bare.equals(chunk)) writeFileSync(file, bare);
  }
}

/** Builds dist/ (`distDir`) from the app folder `appDir`; returns the app folder's name in dist/. */
export function assemble(appDir, distDir) {
  for (const needed of ['hearth.js', 'hearth_bg.wasm']) {
    if (!existsSync(path.join(appDir, needed))) throw new Error(`${appDir} has no ${needed}: run the wasm build first (scripts/build.sh)`);
  }
  for (const name of GENERATED_SCRIPTS) {
    const file = path.join(appDir, name);
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    const slim = slimScript(text);
    if (slim !== text) writeFileSync(file, slim);
  }
  shrinkWasm(appDir);
  packApp(appDir);
  const staging = `${distDir}.new`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });

  // Named by the same id the service worker's list gives a folder: it covers every file's
  // name and bytes.
  const appName = `app-${precacheList(appDir).build}`;
  cpSync(appDir, path.join(staging, appName), { recursive: true });

  for (const source of COPY) {
    const from = path.join(ROOT, source);
    const to = path.join(staging, path.basename(source));
    if (statSync(from).isDirectory()) cpSync(from, to, { recursive: true });
    else writeFileSync(to, readFileSync(from));
  }
  // The catalogues' comments are for translators: what ships is the messages.
  for (const name of readdirSync(path.join(staging, 'locales'))) {
    const file = path.join(staging, 'locales', name);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^#.*\n/gm, ''));
  }

  // The template's comments are for whoever edits it, not for every visitor.
  let html = readFileSync(path.join(ROOT, 'index.html'), 'utf8').replace(/[ \t]*<!--[\s\S]*?-->\n?/g, '');
  const inlined = [];
  html = html.replace(/<link\b[^>]*\sdata-inline\b[^>]*>/g, (tag) => {
    const source = attribute(tag, 'href');
    if (!source) throw new Error(`index.html: ${tag} names no file`);
    const css = shipped(source).toString('utf8');
    if (/<\/style/i.test(css)) throw new Error(`${source} cannot be inlined: it contains "</style"`);
    inlined.push(`'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`);
    return `<style>${css}</style>`;
  });
  html = html.replace(/<(link|script|meta)\b[^>]*\sdata-build\b[^>]*>/g, (tag, kind) => {
    if (kind === 'meta') {
      const js = `${PUBLIC_URL}${appName}/hearth.js`;
      const jsBytes = readFileSync(path.join(appDir, 'hearth.js'));
      return (
        `<meta name="hearth-app" data-js="${js}" data-wasm="${PUBLIC_URL}${appName}/hearth_bg.wasm">\n` +
        `    <link rel="modulepreload" href="${js}" integrity="${sri(jsBytes)}">`
      );
    }
    const attr = kind === 'link' ? 'href' : 'src';
    const source = attribute(tag, attr);
    if (!source) throw new Error(`index.html: ${tag} names no file`);
    const { name, bytes } = copyHashed(source, staging);
    return tag
      .replace(/\sdata-build\b/, '')
      .replace(`${attr}="${source}"`, `${attr}="${PUBLIC_URL}${name}" integrity="${sri(bytes)}"`);
  });
  if (!html.includes('name="hearth-app"')) throw new Error('index.html has no <meta name="hearth-app" data-build>');
  if (inlined.length) {
    // The app page's policy, in the <meta> and in _headers: the same text in both.
    const policy = "script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
    const allowed = `${policy} ${inlined.join(' ')}`;
    if (!html.includes(policy)) throw new Error(`index.html's policy lacks "${policy}"`);
    html = html.replace(policy, allowed);
    const headers = path.join(staging, '_headers');
    if (existsSync(headers)) writeFileSync(headers, readFileSync(headers, 'utf8').replaceAll(policy, allowed));
  }
  writeFileSync(path.join(staging, 'index.html'), html);
  const clientMetadata = clientMetadataDocument();
  if (clientMetadata) writeFileSync(path.join(staging, 'oauth-client.json'), clientMetadata);

  writePrecache(staging);
  rmSync(distDir, { recursive: true, force: true });
  renameSync(staging, distDir);
  return appName;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [appDir, distDir = path.join(ROOT, 'dist')] = process.argv.slice(2);
  if (!appDir) {
    console.error('usage: node scripts/assemble.mjs <app folder> [dist]');
    process.exit(2);
  }
  const appName = assemble(path.resolve(appDir), path.resolve(distDir));
  console.log(`dist/ assembled; the app's files are in ${appName}/`);
}
