// The MCP reference server, `@modelcontextprotocol/server-everything` (pinned in
// tests/package.json), started for a test in its Streamable HTTP mode on a free port of
// 127.0.0.1 (see bind-loopback.mjs), with no environment but PATH and PORT: it has a
// tool that prints its environment.
import { spawn } from 'node:child_process';
import { freePort } from './ports.mjs';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../node_modules/@modelcontextprotocol/server-everything/dist/index.js', import.meta.url));
const LOOPBACK = fileURLToPath(new URL('./bind-loopback.mjs', import.meta.url));
const START_MS = 20_000;

/**
 * Starts the server; returns `{ url, origin, log, close }`: `url` is its MCP endpoint
 * (`http://127.0.0.1:<port>/mcp`; with `{ transport: 'sse' }`, the older HTTP+SSE
 * transport's event stream, `/sse`), `log` what it printed. `close` stops it.
 */
export async function startEverything({ transport = 'streamableHttp' } = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', LOOPBACK, SERVER, transport], {
    env: { PATH: process.env.PATH, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = [];
  const ready = new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server-everything did not start: ${log.join('')}`)), START_MS);
    const read = (chunk) => {
      log.push(String(chunk));
      if (/listening on port|running on port/i.test(log.join(''))) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited (${code}): ${log.join('')}`));
    });
  });
  await ready;
  const origin = `http://127.0.0.1:${port}`;
  return {
    url: `${origin}${transport === 'sse' ? '/sse' : '/mcp'}`,
    origin,
    log,
    close: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill();
      }),
  };
}
