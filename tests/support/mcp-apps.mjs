// The MCP Apps example servers of `@modelcontextprotocol/ext-apps` (pinned in
// tests/package.json), each started for a test on a free port of 127.0.0.1, plus a tiny
// HTTP "second server" that counts hits, for the tests of the host's sandbox and CSP.
//
// The example servers speak stateless Streamable HTTP at /mcp: a new server per POST, no
// session id, no initialize needed; every answer is an event stream (one `data:` frame),
// so a client must send `Accept: application/json, text/event-stream` (else 406); CORS is
// `*`. They call `app.listen(PORT)` on every interface and have no host option, so they run
// under bind-loopback.mjs, with no environment but PATH and PORT, like server-everything.
//
//   basic   server-basic-vanillajs 2.0.3 (bin mcp-server-basic-vanillajs): get-time {},
//           ui://get-time/mcp-app.html; the resource has no `_meta` (the strict default CSP).
//   budget  server-budget-allocator 2.0.3 (bin mcp-budget-allocator-server): get-budget-data
//           {}, ui://budget-allocator/mcp-app.html; no resource `_meta`.
//   sheet   server-sheet-music 2.0.3 (bin mcp-sheet-music-server): play-sheet-music
//           {abcNotation}, ui://sheet-music/mcp-app.html; resource `_meta.ui.csp.connectDomains:
//           ['https://paulrosen.github.io']` (soundfonts, fetched only on Play).
//   pdf     server-pdf 2.0.4 (bin mcp-pdf-server): list_pdfs (no view); display_pdf {url?,
//           page?}, ui://pdf-viewer/mcp-app.html, resource `_meta.ui`: `csp: { connectDomains,
//           resourceDomains: ['https://unpkg.com'] }`, `permissions: { clipboardWrite: {} }`;
//           read_pdf_bytes and save_pdf, app-only (`_meta.ui.visibility: ['app']`, no view).
//
// Every UI tool carries both `_meta.ui.resourceUri` and the legacy `_meta['ui/resourceUri']`.
// The pdf server fetches a remote PDF itself, and this machine is offline: give it a local
// file on its command line (`startAppServer('pdf', { args: [await writeTinyPdf()] })`), then
// call display_pdf with `{ url: <that path> }`. Its view needs `data:` in script-src (pdf.js
// starts its worker from a data: URL); the other three render under the spec's strict CSP.
//
// Also here: `mcpRequest` (one request to such a server over fetch), `startHitCounter` (the
// second server) and `writeTinyPdf` (a local PDF for the pdf server).
import { createServer } from 'node:http';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLoopbackServer } from './loopback-server.mjs';
import { solidPng } from '../mock/png.mjs';

const PACKAGES = {
  basic: '@modelcontextprotocol/server-basic-vanillajs',
  budget: '@modelcontextprotocol/server-budget-allocator',
  sheet: '@modelcontextprotocol/server-sheet-music',
  pdf: '@modelcontextprotocol/server-pdf',
};

/** The bin script of a package, `dist/index.js` for all four. */
const script = (name) => fileURLToPath(new URL(`../node_modules/${PACKAGES[name]}/dist/index.js`, import.meta.url));

/**
 * Starts the example server `name` (basic | budget | sheet | pdf), with `args` after the
 * script (the pdf server's local files, `--enable-interact`, …). Returns
 * `{ url, origin, log, close }`: `url` is `http://127.0.0.1:<port>/mcp`, `log` what it
 * printed (chunks), `close()` stops it.
 */
export async function startAppServer(name, { args = [] } = {}) {
  if (!(name in PACKAGES)) throw new Error(`unknown MCP Apps example server: ${name}`);
  // All four print this from app.listen's callback, once the port is bound.
  const server = await startLoopbackServer({ label: PACKAGES[name], script: script(name), args, ready: /MCP server listening on/ });
  return { url: `${server.origin}/mcp`, origin: server.origin, log: server.log, close: server.close };
}

/**
 * One JSON-RPC request to a stateless MCP endpoint, over fetch; returns the response
 * message (`{ result }` or `{ error }`), read from the event stream or the JSON body.
 */
export async function mcpRequest(url, method, params = {}, id = 1) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-11-25' },
    body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
  });
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').startsWith('text/event-stream')) return JSON.parse(text);
  const messages = text.split('\n').filter((line) => line.startsWith('data:')).map((line) => JSON.parse(line.slice(5)));
  return messages.find((message) => message.id === id) ?? messages.at(-1);
}

/**
 * A second server for the sandbox tests: any request gets 200 `hello` (text/plain, CORS
 * `*`), so a test can tell a fetch or image load that the CSP let through from one it
 * blocked by whether the request arrived at all. A path ending in `.png` gets a real 1x1
 * PNG instead, so that an image the CSP allows loads (onload) rather than failing to
 * decode. Returns `{ origin, hits(), close() }`, `hits()` being `[{ method, path }]`,
 * oldest first (path with its query).
 */
export async function startHitCounter() {
  const hits = [];
  const pixel = solidPng(0, 1);
  const server = createServer((req, res) => {
    hits.push({ method: req.method, path: req.url });
    const image = new URL(req.url, 'http://hits').pathname.endsWith('.png');
    res.writeHead(200, {
      'content-type': image ? 'image/png' : 'text/plain',
      'access-control-allow-origin': '*',
      'access-control-allow-headers': '*',
      'cache-control': 'no-store',
    });
    res.end(req.method === 'HEAD' ? undefined : image ? pixel : 'hello');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${server.address().port}`,
    hits: () => hits.slice(),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Writes a one-page PDF ("Hello MCP Apps PDF") to a new temporary directory and returns
 * its path, for the pdf server, which cannot fetch its default arXiv paper offline.
 */
export async function writeTinyPdf() {
  const text = 'BT /F1 36 Tf 72 700 Td (Hello MCP Apps PDF) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  // The cross-reference table wants each object's byte offset, ten digits.
  let pdf = '%PDF-1.4\n';
  const offsets = objects.map((body, index) => {
    const at = pdf.length;
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const dir = await mkdtemp(join(tmpdir(), 'hearth-pdf-'));
  const path = join(dir, 'hello.pdf');
  await writeFile(path, pdf, 'latin1');
  return path;
}
