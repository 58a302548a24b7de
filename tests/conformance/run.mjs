// Runs the MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in
// package.json here, on the Node 22 it needs) with Hearth as the client: every client
// scenario a spec revision requires (the package's requirements/<revision>.yaml), at that
// revision's wire version, for 2025-11-25 and 2026-07-28, each driving the built app in
// headless Chromium (drive.mjs). What Hearth is known to fail is listed, with the reason, in
// expected-failures/<revision>.yaml; the suite fails a run on any other failure, and on an
// entry that passes (the lists only shrink). Two scenarios run at a time, in one browser.
//
//   node tests/conformance/run.mjs [--revision 2026-07-28] [--scenario tools_call]
//
// Needs the built app (dist/, or $HEARTH_DIST) and `npm ci` here (scripts/setup.sh does it).

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchBrowserServer } from '../support/browser.mjs';
import { BROWSER_ARGS } from './drive.mjs';

const HERE = fileURLToPath(new URL('.', import.meta.url));
const SUITE = join(HERE, 'node_modules/@modelcontextprotocol/conformance');
const NODE22 = join(HERE, 'node_modules/.bin/node');
const REVISIONS = ['2025-11-25', '2026-07-28'];
const AT_ONCE = 2;

const option = (name) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};

/** The client scenarios `revision` requires: the `client:` list of its requirements file. */
async function required(revision) {
  const text = await readFile(join(SUITE, 'requirements', `${revision}.yaml`), 'utf8');
  const names = [];
  let inClient = false;
  for (const line of text.split('\n')) {
    if (/^\S/.test(line)) inClient = line.startsWith('client:');
    else if (inClient) {
      const item = /^\s+-\s+([\w./-]+)\s*(#.*)?$/.exec(line);
      if (item) names.push(item[1]);
    }
  }
  return names;
}

/** Runs one scenario; resolves to `{ scenario, code, output }`. */
function run(revision, scenario, output) {
  return new Promise((resolve) => {
    const args = [
      join(SUITE, 'dist/index.js'), 'client',
      '--command', `${process.execPath} ${join(HERE, 'drive.mjs')}`,
      '--scenario', scenario,
      '--spec-version', revision,
      '--expected-failures', join(HERE, 'expected-failures', `${revision}.yaml`),
      '--timeout', '90000',
      '-o', output,
    ];
    const child = spawn(NODE22, args, { cwd: HERE, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    child.stdout.on('data', (chunk) => (text += chunk));
    child.stderr.on('data', (chunk) => (text += chunk));
    child.on('close', (code) => resolve({ scenario, code, output: text }));
  });
}

const output = await mkdtemp(join(tmpdir(), 'hearth-conformance-results-'));
// One browser for every scenario, which each driver connects to (starting one for each of
// 50 runs cost about a second of CPU each, and as long to wait).
let browser;
let failed = 0;
try {
  browser = await launchBrowserServer({ args: BROWSER_ARGS });
  process.env.HEARTH_CONFORMANCE_BROWSER = browser.wsEndpoint();
  for (const revision of option('--revision') ? [option('--revision')] : REVISIONS) {
    const only = option('--scenario');
    const scenarios = (await required(revision)).filter((name) => !only || name === only);
    if (scenarios.length === 0) {
      console.error(`MCP conformance ${revision}: no client scenario to run (is the requirements file's format new, or the --scenario name wrong?)`);
      process.exit(1);
    }
    console.log(`MCP conformance ${revision}: ${scenarios.length} client scenarios`);
    const queue = [...scenarios];
    const results = [];
    await Promise.all(Array.from({ length: AT_ONCE }, async () => {
      for (let scenario = queue.shift(); scenario; scenario = queue.shift()) {
        const result = await run(revision, scenario, output);
        results.push(result);
        const verdict = /OVERALL: PASSED/.test(result.output) ? 'passed' : result.code === 0 ? 'expected failure' : 'FAILED';
        console.log(`  ${verdict.padEnd(16)} ${scenario}`);
        if (result.code !== 0) {
          failed++;
          console.log(result.output.split('\n').filter((line) => !/\bINFO\b/.test(line)).map((line) => `      ${line}`).join('\n'));
          // What the driver said (its stderr), from the scenario's results folder.
          const folder = /Results saved to (\S+)/.exec(result.output)?.[1];
          const said = folder ? await readFile(join(folder, 'stderr.txt'), 'utf8').catch(() => '') : '';
          if (said.trim()) console.log(`      drive.mjs said:\n${said.split('\n').map((line) => `        ${line}`).join('\n')}`);
        }
      }
    }));
  }
} finally {
  await browser?.close();
  await rm(output, { recursive: true, force: true });
}
if (failed > 0) {
  console.error(`MCP conformance: ${failed} scenario(s) failed unexpectedly, or passed while listed as expected failures`);
  process.exit(1);
}
console.log('MCP conformance: as expected');
