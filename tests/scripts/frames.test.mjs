// Tests of scripts/frames.mjs, run by scripts/precache.mjs on the built folder: on small fake
// build folders (with the real src/io/service_worker/sw.js and real-looking `_headers`), the
// frame documents (routes whose policy has `sandbox`) get their scripts inlined; a policy
// without 'unsafe-inline' gains the script's hash, in the document's <meta> and in
// `_headers`, and one with it is left as it was (a hash would turn 'unsafe-inline' off);
// other pages are untouched; sw.js receives the frames' final policies; a script that cannot
// be inlined safely fails the build.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fakeBuild } from '../support/fake-build.mjs';
import { framePolicies, inlineFrameScripts } from '../../scripts/frames.mjs';

const PRECACHE = fileURLToPath(new URL('../../scripts/precache.mjs', import.meta.url));


const RUNNER = "(() => { parent.postMessage({ ready: true }, '*'); })();\n";
const APP = "(() => { parent.postMessage({ hearthApp: 'ready' }, '*'); })();\n";
const RUNNER_POLICY = "default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'; frame-ancestors 'self'; sandbox allow-scripts";
const APP_POLICY = "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox allow-scripts allow-forms";
const PAGE_POLICY = "default-src 'none'; script-src 'self'; frame-ancestors 'none'";

const page = (policy, script) =>
  `<!doctype html>\n<meta charset="utf-8">\n<meta http-equiv="Content-Security-Policy" content="${policy}">\n<title>t</title>\n<script src="${script}"></script>\n`;

const FILES = {
  'sandbox-closed.html': page("default-src 'none'; script-src 'self' 'unsafe-eval'; connect-src 'none'", 'sandbox-runner.js'),
  'sandbox-runner.js': RUNNER,
  'app-frame.html': page("default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'unsafe-inline'", 'app-frame.js'),
  'app-frame.js': APP,
  'app-view.html': page("default-src 'none'; script-src 'self'", 'app-view.js'),
  'app-view.js': 'void 0;\n',
  'index.html': '<!doctype html><title>Hearth</title>',
  _headers: [
    '# comment',
    '/',
    `  Content-Security-Policy: ${PAGE_POLICY}`,
    '/sandbox-closed.html',
    `  Content-Security-Policy: ${RUNNER_POLICY}`,
    '/app-frame.html',
    `  Content-Security-Policy: ${APP_POLICY}`,
    '/app-view.html',
    `  Content-Security-Policy: ${PAGE_POLICY}`,
    '',
  ].join('\n'),
};


const hash = (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const read = (dir, name) => readFile(path.join(dir, name), 'utf8');

test('the frame documents get their scripts inline; the runner’s policy gains its hash, the app frame’s keeps unsafe-inline', async () => {
  const dir = await fakeBuild(FILES);
  assert.deepEqual(inlineFrameScripts(dir), ['sandbox-closed.html', 'app-frame.html']);
  const runnerHtml = await read(dir, 'sandbox-closed.html');
  assert.ok(runnerHtml.includes(`<script>${RUNNER}</script>`), runnerHtml);
  assert.ok(!runnerHtml.includes('src="sandbox-runner.js"'));
  assert.ok(runnerHtml.includes(`script-src ${hash(RUNNER)} 'self' 'unsafe-eval'; connect-src 'none'"`), 'the meta policy has the hash');
  const appHtml = await read(dir, 'app-frame.html');
  assert.ok(appHtml.includes(`<script>${APP}</script>`));
  assert.ok(!appHtml.includes('sha256-'), 'no hash beside unsafe-inline');
  assert.equal(await read(dir, 'app-view.html'), FILES['app-view.html'], 'a page without a sandbox policy is left alone');
  const headers = await read(dir, '_headers');
  assert.equal(headers, FILES._headers.replace(RUNNER_POLICY, RUNNER_POLICY.replace("script-src 'self'", `script-src ${hash(RUNNER)} 'self'`)));
  assert.deepEqual(framePolicies(dir), {
    'sandbox-closed.html': RUNNER_POLICY.replace("script-src 'self'", `script-src ${hash(RUNNER)} 'self'`),
    'app-frame.html': APP_POLICY,
  });
});

test('precache.mjs writes the frames’ policies into sw.js, and hashes the inlined documents', async () => {
  const dir = await fakeBuild(FILES);
  const result = await new Promise((resolve) =>
    execFile(process.execPath, [PRECACHE, dir], (error, stdout, stderr) => resolve({ code: error ? error.code : 0, stderr })),
  );
  assert.equal(result.code, 0, result.stderr);
  const worker = await read(dir, 'sw.js');
  const frames = JSON.parse(worker.match(/const FRAMES = (\{.*\});/)[1]);
  assert.deepEqual(frames, framePolicies(dir));
  assert.match(frames['sandbox-closed.html'], /sandbox allow-scripts$/);
  const list = JSON.parse(worker.match(/const PRECACHE = (\{.*\});/)[1]);
  const listed = list.files.find((f) => f.name === 'sandbox-closed.html');
  assert.equal(listed.sha256, createHash('sha256').update(await read(dir, 'sandbox-closed.html')).digest('hex'), 'the list hashes the inlined document');
});

test('a script that would end its element early cannot be inlined, and a folder without _headers has no frames', async () => {
  const bad = await fakeBuild({ ...FILES, 'sandbox-runner.js': "const s = '</script>';\n" });
  assert.throws(() => inlineFrameScripts(bad), /cannot be inlined/);
  const comment = await fakeBuild({ ...FILES, 'app-frame.js': "const s = '<!--';\n" });
  assert.throws(() => inlineFrameScripts(comment), /cannot be inlined/);
  const { _headers, ...rest } = FILES;
  const bare = await fakeBuild(rest);
  assert.deepEqual(inlineFrameScripts(bare), []);
  assert.deepEqual(framePolicies(bare), {});
  assert.equal(await read(bare, 'sandbox-closed.html'), FILES['sandbox-closed.html']);
});
