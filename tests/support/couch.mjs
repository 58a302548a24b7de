// A real CouchDB-protocol server for a test: `pouchdb-server` (pinned in tests/package.json),
// in memory, on a free port of 127.0.0.1, in a temporary folder of its own (it writes its
// config.json and log.txt into its working directory), with a server admin, and with CORS
// configured for the app's origin (or switched off). Each test file starts its own and stops
// it in `after()`; nothing global is registered.
//
// pouchdb-server speaks CouchDB's replication protocol (`_changes` normal/longpoll/continuous,
// `_revs_diff`, `_bulk_get`, `_bulk_docs` with `new_edits:false`, `_local`, `_users`,
// `_session`, Basic auth, per-database `_security`), with differences a test must allow for:
// - seqs are integers; `_changes?feed=longpoll` ignores `timeout` (it answers only on a change,
//   or never): send `heartbeat=<ms>` (it writes `{"results":[\n` at once, then a `\n` every
//   heartbeat; with no `heartbeat` every 6 s);
// - a `_changes` that runs while a doc gets a new leaf can leave that doc out, even a change
//   of it committed before, answering `last_seq` as its `since` (so the next call has it);
// - an authenticated user who is not a member gets 401 (CouchDB: 403)
//   `{"error":"unauthorized","reason":"You are not authorized to access this db."}`;
// - `_bulk_get` answers `{}` for a missing doc asked without `rev`, groups the results by id
//   (not in request order), and gives `_revisions` only with `?revs=true`;
// - `GET /db/doc?open_revs=…` answers JSON even without `Accept: application/json`;
// - a non-admin `PUT /newdb` kills the server once an admin exists (pouchdb-server #374):
//   create databases with `createDb` (as admin);
// - it gzips every answer to a client that accepts gzip, a streaming `_changes` too, which
//   then holds back its heartbeats: startCouch turns that off (see NO_GZIP);
// - CORS (when on) allows only the headers `accept, authorization, content-type, origin,
//   referer` (the preflight of any other is answered 204 with no CORS headers), and exposes
//   no response header beyond the simple ones (no `ETag` for a page's script).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { freePort } from './ports.mjs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER = fileURLToPath(new URL('../node_modules/pouchdb-server/bin/pouchdb-server', import.meta.url));
const START_MS = 20_000;
// Preloaded into the server: when its standard input closes, that is when the test process
// that started it goes away, however abruptly, it removes its folder (its working directory,
// made by startCouch) and exits, so no server outlives its test.
const WATCHDOG = `data:text/javascript,${encodeURIComponent(`
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
const bye = () => {
  const dir = process.cwd();
  if (basename(dir).startsWith('hearth-couch-')) rmSync(dir, { recursive: true, force: true });
  process.exit(0);
};
process.stdin.on('end', bye);
process.stdin.on('error', bye);
process.stdin.resume();
`)}`;
// Preloaded into the server unless `gzip: true`: its `compression` middleware becomes a no-op.
// pouchdb-server gzips any answer to a client that accepts gzip (every browser), a streaming
// `_changes` too, whose opening and heartbeats then stay in the gzip buffer until the feed
// ends: a page would see nothing of a longpoll until its change. CouchDB sends JSON plain.
const NO_GZIP = `data:text/javascript,${encodeURIComponent(`
import Module from 'node:module';
const load = Module._load;
Module._load = function (request, ...rest) {
  if (request === 'compression') return () => (req, res, next) => next();
  return load.call(this, request, ...rest);
};
`)}`;
const CORS_HEADERS = 'accept, authorization, content-type, origin, referer';
const CORS_METHODS = 'GET, PUT, POST, HEAD, DELETE';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A doc id as a URL path: `_local/` and `_design/` keep their slash. */
function docPath(id) {
  const m = /^(_local|_design)\/(.*)$/s.exec(id);
  return m ? `${m[1]}/${encodeURIComponent(m[2])}` : encodeURIComponent(id);
}

/** `Basic …` for `{ name, password }`. */
export function basicAuth({ name, password }) {
  return `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
}

/**
 * @typedef {object} CouchResponse
 * @property {number} status
 * @property {boolean} ok
 * @property {Headers} headers
 * @property {any} body the parsed JSON body (the text where it is not JSON; '' where empty)
 */

/**
 * @typedef {object} Couch
 * @property {string} url `http://127.0.0.1:<port>`, no trailing slash
 * @property {{ name: string, password: string }} admin the server admin
 * @property {() => Promise<void>} stop kills the server and removes its folder; idempotent
 * @property {(name: string, password: string) => Promise<any>} createUser adds a `_users` doc
 *   (as admin); resolves to pouchdb-server's answer `{ ok, id, rev }`
 * @property {(name: string, opts?: { members?: string[] }) => Promise<void>} createDb creates
 *   the database (as admin) and sets its `_security`: `members.names` = `members`,
 *   `admins.names` = [admin]. With no members it stays open to every user, as in CouchDB.
 * @property {(path: string, init?: RequestInit & { body?: any }) => Promise<CouchResponse>} adminFetch
 *   `fetchAs(admin, …)`
 * @property {(user: { name: string, password: string } | null, path: string, init?: RequestInit & { body?: any }) => Promise<CouchResponse>} fetchAs
 *   a request to `url + path` with that user's Basic auth (null: none); a body that is not a
 *   string is sent as JSON; `Accept: application/json` unless given
 * @property {(db: string) => Promise<any[]>} allDocs the docs of `db` (as admin,
 *   `include_docs=true`, with `_conflicts`), without `_design/` docs
 * @property {(db: string, id: string, opts?: { revs?: boolean, conflicts?: boolean, open_revs?: 'all' | string[] }) => Promise<any>} getDoc
 *   the doc (as admin), or null where it is missing or deleted; with `open_revs`, the array
 *   of `{ ok: doc }` / `{ missing: rev }`
 * @property {() => string} log what the server printed and logged so far, for a failure message
 * @property {() => boolean} alive whether the server process is still running
 */

/**
 * Starts pouchdb-server in memory on a free port of 127.0.0.1 (in a temporary folder), waits
 * until `GET /` answers, creates the server admin, and sets CORS up: with `cors` (the
 * default), for `corsOrigin` only (an origin, or a list; every origin where it is not given:
 * pouchdb-server's own default, which echoes any Origin), with credentials, the headers `accept, authorization, content-type, origin,
 * referer` and the methods GET PUT POST HEAD DELETE; with `cors: false`, CORS off (no
 * `Access-Control-*` header on any answer, a preflight gets 404), as a stock CouchDB.
 * Its answers are never gzipped (as CouchDB's), unless `gzip: true` (pouchdb-server's own
 * behaviour, which holds back a streaming `_changes` from a client that accepts gzip).
 *
 * @param {{ admin?: { name: string, password: string }, corsOrigin?: string | string[], cors?: boolean, gzip?: boolean }} [opts]
 * @returns {Promise<Couch>}
 */
export async function startCouch({ admin = { name: 'admin', password: 'admin-secret' }, corsOrigin, cors = true, gzip = false } = {}) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-couch-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `-n` (not `--no-stdout-logs`, which its option parser reads as "stdout-logs: false" and
  // ignores) keeps the log in log.txt only.
  const child = spawn(
    process.execPath,
    ['--import', WATCHDOG, ...(gzip ? [] : ['--import', NO_GZIP]), SERVER, '--in-memory', '--host', '127.0.0.1', '--port', String(port), '--no-color', '-n',
      '--config', path.join(dir, 'config.json'), '--dir', dir],
    { cwd: dir, env: { PATH: process.env.PATH }, stdio: ['pipe', 'pipe', 'pipe'], detached: true },
  );
  const output = [];
  child.stdout.on('data', (c) => output.push(String(c)));
  child.stderr.on('data', (c) => output.push(String(c)));
  let exited = false;
  const exit = new Promise((resolve) => child.once('exit', (code, signal) => {
    exited = true;
    resolve({ code, signal });
  }));
  const log = () => {
    let file = '';
    try {
      file = readFileSync(path.join(dir, 'log.txt'), 'utf8');
    } catch {}
    return `${output.join('')}${file}`;
  };

  let stopped = null;
  const stop = () => {
    stopped ??= (async () => {
      if (!exited) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          child.kill('SIGKILL');
        }
        await exit;
      }
      await rm(dir, { recursive: true, force: true });
    })();
    return stopped;
  };

  const fetchAs = async (user, p, init = {}) => {
    const headers = new Headers(init.headers);
    if (user) headers.set('authorization', basicAuth(user));
    if (!headers.has('accept')) headers.set('accept', 'application/json');
    let body = init.body;
    if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array)) {
      body = JSON.stringify(body);
      if (!headers.has('content-type')) headers.set('content-type', 'application/json');
    }
    const res = await fetch(`${url}${p}`, { ...init, headers, body });
    const text = await res.text();
    let parsed = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, ok: res.ok, headers: res.headers, body: parsed };
  };
  const adminFetch = (p, init) => fetchAs(admin, p, init);
  const must = async (what, promise) => {
    const res = await promise;
    if (!res.ok) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };

  try {
    const deadline = Date.now() + START_MS;
    for (;;) {
      if (exited) throw new Error('pouchdb-server exited');
      try {
        if ((await fetch(`${url}/`)).ok) break;
      } catch {}
      if (Date.now() > deadline) throw new Error(`pouchdb-server did not answer in ${START_MS} ms`);
      await sleep(50);
    }
    // Admin party until this PUT; every config change after it needs the admin.
    await must('create the admin', fetchAs(null, `/_config/admins/${encodeURIComponent(admin.name)}`, {
      method: 'PUT', body: JSON.stringify(admin.password),
    }));
    const config = (section, key, value) =>
      must(`config ${section}/${key}`, adminFetch(`/_config/${section}/${key}`, { method: 'PUT', body: JSON.stringify(value) }));
    if (cors) {
      // Each value is a string that pouchdb-server JSON-parses where it can ("true" → true).
      await config('cors', 'credentials', 'true');
      await config('cors', 'headers', CORS_HEADERS);
      await config('cors', 'methods', CORS_METHODS);
      // A list of origins is one string, ", " between them (as pouchdb-server splits it).
      if (corsOrigin) await config('cors', 'origins', [corsOrigin].flat().join(', '));
      await config('httpd', 'enable_cors', 'true');
    } else {
      await config('httpd', 'enable_cors', 'false');
    }
  } catch (err) {
    const text = log();
    await stop();
    throw new Error(`${err.message}\n${text}`);
  }

  return {
    url,
    admin,
    stop,
    log,
    alive: () => !exited,
    fetchAs,
    adminFetch,
    async createUser(name, password) {
      return must(`create user ${name}`, adminFetch(`/_users/org.couchdb.user:${encodeURIComponent(name)}`, {
        method: 'PUT', body: { name, password, roles: [], type: 'user' },
      }));
    },
    async createDb(name, { members = [] } = {}) {
      const db = encodeURIComponent(name);
      await must(`create db ${name}`, adminFetch(`/${db}`, { method: 'PUT' }));
      await must(`_security of ${name}`, adminFetch(`/${db}/_security`, {
        method: 'PUT',
        body: { members: { names: members, roles: [] }, admins: { names: [admin.name], roles: [] } },
      }));
    },
    async allDocs(db) {
      const body = await must(`_all_docs of ${db}`,
        adminFetch(`/${encodeURIComponent(db)}/_all_docs?include_docs=true&conflicts=true`));
      return body.rows.filter((row) => !row.id.startsWith('_design/')).map((row) => row.doc);
    },
    async getDoc(db, id, { revs, conflicts, open_revs } = {}) {
      const q = new URLSearchParams();
      if (revs) q.set('revs', 'true');
      if (conflicts) q.set('conflicts', 'true');
      if (open_revs) q.set('open_revs', open_revs === 'all' ? 'all' : JSON.stringify(open_revs));
      const qs = q.toString() ? `?${q}` : '';
      const res = await adminFetch(`/${encodeURIComponent(db)}/${docPath(id)}${qs}`);
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`GET ${db}/${id}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
