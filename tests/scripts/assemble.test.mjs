// Tests of scripts/assemble.mjs, which puts dist/ together from one build's app folder (the
// wasm-bindgen module, the main wasm, the split loader and the chunks) and the static files,
// on a made-up app folder and the repository's own index.html and static files.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fakeBuild } from '../support/fake-build.mjs';
import { COPY, assemble, slimScript, stripCssComments } from '../../scripts/assemble.mjs';

/** A wasm module of no code, telling itself apart by a custom section holding `text`. */
function wasmOf(text) {
  const section = Buffer.concat([Buffer.from([4]), Buffer.from('note'), Buffer.from(text)]);
  return Buffer.concat([Buffer.from('\0asm\x01\0\0\0', 'latin1'), Buffer.from([0, section.length]), section]);
}

const APP = {
  'hearth.js': 'import * as split from "./__wasm_split.js"; export default async function init() {}',
  'hearth_bg.wasm': wasmOf('main'),
  '__wasm_split.js': 'import { initSync } from "./hearth.js";',
  'split_dialogs.wasm': wasmOf('chunk'),
  'snippets/x/inline0.js': 'export const y = 2;',
};

const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** An app folder holding `files` only (fakeBuild adds a sw.js, which an app folder has not). */
async function appFolder(files) {
  const dir = await fakeBuild(files);
  await rm(path.join(dir, 'sw.js'));
  return dir;
}

/** dist/ assembled from an app folder of `app`, in a temporary folder: `{ dist, appName }`. */
async function distFrom(app) {
  const dist = path.join(await fakeBuild({}), 'dist');
  return { dist, appName: assemble(await appFolder(app), dist) };
}

test('the app folder is copied whole under a name that hashes it, and index.html names it', async () => {
  const { dist, appName } = await distFrom(APP);
  assert.match(appName, /^app-[0-9a-f]{16}$/);
  const copied = (await readdir(path.join(dist, appName), { recursive: true })).sort();
  assert.deepEqual(copied, ['__wasm_split.js', 'hearth.js', 'hearth_bg.wasm', 'snippets', 'snippets/x', 'snippets/x/inline0.js', 'split_dialogs.wasm']);
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  assert.ok(html.includes(`<meta name="hearth-app" data-js="/${appName}/hearth.js" data-wasm="/${appName}/hearth_bg.wasm">`));
  assert.ok(
    html.includes(`<link rel="modulepreload" href="/${appName}/hearth.js" integrity="${sri(slimScript(APP['hearth.js']))}">`),
    'the module is preloaded, checked',
  );
  assert.ok(!/rel="preload"[^>]*\.wasm/.test(html), 'no preload of the wasm (it would defeat the code cache)');
  assert.ok(!/<[^!>][^>]*\sdata-build\b/.test(html), 'every data-build element was rewritten');
  // A changed chunk is another app folder: two builds never share one.
  const other = await distFrom({ ...APP, 'split_dialogs.wasm': wasmOf('chunk 2') });
  assert.notEqual(other.appName, appName);
});

test('the stylesheet and boot script get hashed names and integrity; the static files are copied', async () => {
  const { dist } = await distFrom(APP);
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  for (const [source, pattern] of [
    ['style/main.css', /<link rel="stylesheet" href="\/(main-[0-9a-f]{16}\.css)" integrity="(sha384-[^"]+)"/],
    ['src/boot.js', /<script type="module" src="\/(boot-[0-9a-f]{16}\.js)" integrity="(sha384-[^"]+)"/],
  ]) {
    const match = pattern.exec(html);
    assert.ok(match, `index.html names ${source}`);
    const original = await readFile(new URL(`../../${source}`, import.meta.url));
    const bytes = source.endsWith('.css') ? Buffer.from(stripCssComments(original.toString('utf8'))) : original;
    assert.deepEqual(await readFile(path.join(dist, match[1])), bytes, `${match[1]} is ${source}${source.endsWith('.css') ? ' without its comments' : ''}`);
    assert.equal(match[2], sri(bytes));
  }
  for (const source of COPY) assert.ok(existsSync(path.join(dist, path.basename(source))), `${source} is copied`);
  const worker = await readFile(path.join(dist, 'sw.js'), 'utf8');
  assert.ok(worker.includes('split_dialogs.wasm'), 'the precache list has the chunks');
});

test('boot.css is written into the page, allowed by its hash in the meta policy and in _headers', async () => {
  const { dist } = await distFrom(APP);
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const css = stripCssComments(await readFile(new URL('../../style/boot.css', import.meta.url), 'utf8'));
  assert.ok(html.includes(`<style>${css}</style>`), 'the rules are in the page, without their comments');
  assert.ok(!html.includes('<!--') && !html.includes('/*'), "neither the template's nor the stylesheet's comments are shipped");
  assert.ok(!/<link[^>]*\sdata-inline/.test(html), 'the link was replaced');
  const hash = `'sha256-${createHash('sha256').update(css, 'utf8').digest('base64')}'`;
  const policy = `style-src 'self' ${hash};`;
  assert.ok(html.includes(policy), 'the page policy allows that style and no other');
  const headers = await readFile(path.join(dist, '_headers'), 'utf8');
  assert.equal(headers.split(policy).length - 1, 2, "_headers allows it for '/' and '/index.html'");
});

test("a stylesheet's comments go, and the lines they stood on; strings that look like comments stay", () => {
  const css = '/* Heading,\n   two lines. */\n\n.a { color: red; } /* after */\n  /* own line */\n.b { content: "/* kept */"; }\n.c { content: \'\\\' /* kept */\'; }\n';
  assert.equal(stripCssComments(css), '.a { color: red; } \n.b { content: "/* kept */"; }\n.c { content: \'\\\' /* kept */\'; }\n');
  assert.throws(() => stripCssComments('.a {} /* open'), /not closed/);
});

test('without a built app folder it fails clearly and leaves dist/ as it was', async () => {
  const { dist } = await distFrom(APP);
  const before = await readFile(path.join(dist, 'index.html'), 'utf8');
  const empty = await appFolder({ 'hearth.js': 'x' });
  assert.throws(() => assemble(empty, dist), /has no hearth_bg\.wasm: run the wasm build first/);
  assert.equal(await readFile(path.join(dist, 'index.html'), 'utf8'), before, 'the old dist/ is untouched');
});

test('generated scripts lose indentation, blank lines and comment lines, never code; anything unclear stays as it is', () => {
  const glue = [
    'import * as a from "./__wasm_split.js"',
    '',
    'export class Thing {',
    '    /**',
    '     * @returns {number}',
    '     */',
    '    get size() {',
    '        // Cast intrinsic for `F64 -> Externref`.',
    '        const url = "http://example.com/x"; // a URL in a string stays',
    '        return `${this.n} items`;',
    '    }',
    '    /* one line */',
    '}',
  ].join('\n');
  assert.equal(
    slimScript(glue),
    [
      'import * as a from "./__wasm_split.js"',
      'export class Thing {',
      'get size() {',
      'const url = "http://example.com/x"; // a URL in a string stays',
      'return `${this.n} items`;',
      '}',
      '}',
      '',
    ].join('\n'),
  );
  // A template over several lines, or a comment followed by code, leaves the script untouched.
  const template = 'const a = `one\n    two`;\n';
  assert.equal(slimScript(template), template);
  const mixed = '/* note */ const b = 1;\n';
  assert.equal(slimScript(mixed), mixed);
  const open = 'const c = 1;\n/* never closed\n';
  assert.equal(slimScript(open), open);
});
