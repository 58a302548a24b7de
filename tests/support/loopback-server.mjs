// A Node server from npm (an MCP server the tests run against) started on a free port of
// 127.0.0.1: under bind-loopback.mjs (these servers listen on every interface and have no
// host option), with no environment but PATH and PORT (server-everything has a tool that
// prints its environment), ready once it prints `ready`. `close()` stops it, and kills it
// after a grace period (on SIGTERM some wait for their open connections, and a browser may
// hold an event stream open for ever).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from './ports.mjs';

const LOOPBACK = fileURLToPath(new URL('./bind-loopback.mjs', import.meta.url));
// A bundle of megabytes is parsed at start: seconds on a loaded 2-core machine.
const START_MS = 20_000;
const STOP_MS = 2_000;

/**
 * Starts `script` with `args`, named `label` in errors; returns `{ port, origin, log, close }`
 * once its output matches `ready`.
 */
export async function startLoopbackServer({ label, script, args = [], ready }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', LOOPBACK, script, ...args], {
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(new Error(`${label} did not start: ${log.join('')}`));
    }, START_MS);
    const read = (chunk) => {
      log.push(String(chunk));
      if (ready.test(log.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited (${code}): ${log.join('')}`));
    });
  });
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    log,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill();
      }),
  };
}
