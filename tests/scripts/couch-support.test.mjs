// Tests of the sync test infrastructure: tests/support/couch.mjs (pouchdb-server in memory,
// with an admin, users, per-database members and CORS for the app's origin), pouch.mjs
// (PouchDB 9 in Node as a second device) and chaos-proxy.mjs (a proxy that records requests
// and drops, stalls or fails them on demand). Over real HTTP on 127.0.0.1.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { basicAuth, startCouch } from '../support/couch.mjs';
import { pouchClient } from '../support/pouch.mjs';
import { startChaosProxy } from '../support/chaos-proxy.mjs';

const ORIGIN = 'http://127.0.0.1:4173';
const ALICE = { name: 'alice', password: 'alice-pw' };
const BOB = { name: 'bob', password: 'bob-pw' };
let couch;
let proxy;

before(async () => {
  couch = await startCouch({ corsOrigin: ORIGIN });
  await couch.createUser(ALICE.name, ALICE.password);
  await couch.createUser(BOB.name, BOB.password);
  await couch.createDb('notes', { members: [ALICE.name] });
  proxy = await startChaosProxy(couch.url);
});
after(async () => {
  await proxy?.stop();
  await couch?.stop();
});

/** fetch with a user's Basic auth (null: none) and a JSON body. */
function send(url, { user = ALICE, method = 'GET', body, headers = {}, signal = AbortSignal.timeout(10_000) } = {}) {
  const h = { accept: 'application/json', ...headers };
  if (user) h.authorization = basicAuth(user);
  if (body !== undefined) h['content-type'] = 'application/json';
  return fetch(url, { method, headers: h, body: body === undefined ? undefined : JSON.stringify(body), signal });
}

/** A CORS preflight for a PUT with Authorization and a JSON body, from `origin`. */
function preflight(url, origin) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,content-type' },
  });
}

test('a member writes and reads; another user and no user are refused, reads and writes', async () => {
  const put = await send(`${couch.url}/notes/n1`, { method: 'PUT', body: { text: 'hello' } });
  assert.equal(put.status, 201);
  const get = await send(`${couch.url}/notes/n1`);
  assert.equal(get.status, 200);
  assert.equal((await get.json()).text, 'hello');

  for (const user of [BOB, null]) {
    const read = await send(`${couch.url}/notes/n1`, { user });
    assert.ok([401, 403].includes(read.status), `read by ${user?.name}: ${read.status}`);
    const body = await read.json();
    assert.ok(['unauthorized', 'forbidden'].includes(body.error), JSON.stringify(body));
    const write = await send(`${couch.url}/notes/n2`, { user, method: 'PUT', body: { text: 'intruder' } });
    assert.ok([401, 403].includes(write.status), `write by ${user?.name}: ${write.status}`);
  }
  const wrong = await send(`${couch.url}/notes/n1`, { user: { name: 'alice', password: 'nope' } });
  assert.equal(wrong.status, 401);
  assert.equal(await couch.getDoc('notes', 'n2'), null);
  assert.ok(couch.alive());

  // The admin helpers: allDocs leaves design docs out; getDoc's options reach the server.
  const ddoc = await couch.adminFetch('/notes/_design/x', { method: 'PUT', body: { views: {} } });
  assert.equal(ddoc.status, 201);
  const docs = await couch.allDocs('notes');
  assert.deepEqual(docs.map((d) => d._id), ['n1']);
  const withRevs = await couch.getDoc('notes', 'n1', { revs: true });
  assert.equal(withRevs._revisions.start, 1);
  const open = await couch.getDoc('notes', 'n1', { open_revs: 'all' });
  assert.equal(open.length, 1);
  assert.equal(open[0].ok._id, 'n1');
});

test('CORS: the configured origin may send Authorization; another origin, or CORS off, may not', async () => {
  const ok = await preflight(`${couch.url}/notes/x`, ORIGIN);
  assert.ok(ok.status >= 200 && ok.status < 300, `preflight: ${ok.status}`);
  assert.equal(ok.headers.get('access-control-allow-origin'), ORIGIN);
  assert.equal(ok.headers.get('access-control-allow-credentials'), 'true');
  assert.match(ok.headers.get('access-control-allow-headers'), /(^|,)\s*authorization\s*(,|$)/);
  assert.match(ok.headers.get('access-control-allow-headers'), /(^|,)\s*content-type\s*(,|$)/);
  assert.match(ok.headers.get('access-control-allow-methods'), /(^|,)\s*PUT\s*(,|$)/);
  const get = await send(`${couch.url}/notes/n1`, { headers: { origin: ORIGIN } });
  assert.equal(get.status, 200);
  assert.equal(get.headers.get('access-control-allow-origin'), ORIGIN);
  assert.equal(get.headers.get('access-control-allow-credentials'), 'true');

  const other = await preflight(`${couch.url}/notes/x`, 'http://127.0.0.1:9');
  assert.equal(other.headers.get('access-control-allow-origin'), null);
  const otherGet = await send(`${couch.url}/notes/n1`, { headers: { origin: 'http://127.0.0.1:9' } });
  assert.equal(otherGet.headers.get('access-control-allow-origin'), null);

  const closed = await startCouch({ corsOrigin: ORIGIN, cors: false });
  try {
    const res = await preflight(`${closed.url}/`, ORIGIN);
    assert.equal(res.headers.get('access-control-allow-origin'), null);
    const root = await fetch(`${closed.url}/`, { headers: { origin: ORIGIN } });
    assert.equal(root.status, 200);
    assert.equal(root.headers.get('access-control-allow-origin'), null);
  } finally {
    await closed.stop();
  }
});

test('PouchDB clients replicate through the server, and agree on the winner of a conflict', async () => {
  const a = pouchClient(`${couch.url}/notes`, ALICE);
  const b = pouchClient(`${couch.url}/notes`, ALICE);
  try {
    await a.put({ _id: 'p1', text: 'from a' });
    const pushed = await a.push();
    assert.equal(pushed.ok, true);
    assert.equal(pushed.docs_written, 1);
    assert.equal((await couch.getDoc('notes', 'p1')).text, 'from a');

    const pulled = await b.pull();
    assert.equal(pulled.ok, true);
    assert.equal((await b.get('p1')).text, 'from a');
    assert.ok((await b.allDocs()).some((d) => d._id === 'p1' && d.text === 'from a'));

    // Both edit the same revision, then sync: one winner everywhere, the loser in _conflicts.
    // b pushes, then pulls: pouchdb-server's `_changes` can leave out a doc whose new leaf is
    // being written at that moment (without moving last_seq past it, so the next pull gets
    // it), and sync() runs push and pull at once.
    const base = await a.get('p1');
    await a.put({ ...base, text: 'edit on a' });
    const baseB = await b.get('p1');
    await b.put({ ...baseB, text: 'edit on b' });
    const synced = await a.sync();
    assert.equal(synced.push.docs_written, 1);
    await b.push();
    await b.pull();
    await a.pull();
    const onA = await a.get('p1');
    const onB = await b.get('p1');
    const onServer = await couch.getDoc('notes', 'p1', { conflicts: true });
    assert.equal(onA._rev, onB._rev);
    assert.equal(onServer._rev, onA._rev);
    assert.equal(onA.text, onB.text);
    assert.equal(onA._conflicts.length, 1);
    assert.deepEqual(onB._conflicts, onA._conflicts);
    assert.deepEqual(onServer._conflicts, onA._conflicts);
    assert.ok(onA._rev.startsWith('2-') && onA._conflicts[0].startsWith('2-'));

    // A user without access cannot replicate.
    const intruder = pouchClient(`${couch.url}/notes`, BOB);
    try {
      await assert.rejects(intruder.pull(), (err) => [401, 403].includes(err.status));
    } finally {
      await intruder.close();
    }
  } finally {
    await a.close();
    await b.close();
  }
});

test('the proxy forwards (Host rewritten, preflights, streamed longpoll) and records each request', async () => {
  proxy.requests.length = 0;
  const put = await send(`${proxy.url}/notes/x1`, { method: 'PUT', body: { v: 1 } });
  assert.equal(put.status, 201);
  // pouchdb-server builds Location from Host: the target's host, not the proxy's.
  assert.equal(put.headers.get('location'), `${couch.url}/notes/x1`);
  const get = await send(`${proxy.url}/notes/x1?revs=true`, { headers: { origin: ORIGIN } });
  assert.equal(get.status, 200);
  assert.equal((await get.json()).v, 1);
  assert.equal(get.headers.get('access-control-allow-origin'), ORIGIN);
  const pre = await preflight(`${proxy.url}/notes/x1`, ORIGIN);
  assert.equal(pre.headers.get('access-control-allow-origin'), ORIGIN);
  assert.deepEqual(
    proxy.requests.map(({ method, path, status, fault }) => ({ method, path, status, fault })),
    [
      { method: 'PUT', path: '/notes/x1', status: 201, fault: null },
      { method: 'GET', path: '/notes/x1?revs=true', status: 200, fault: null },
      { method: 'OPTIONS', path: '/notes/x1', status: 204, fault: null },
    ],
  );
  assert.ok(proxy.requests.every((r) => typeof r.startedAt === 'number' && r.startedAt <= Date.now()));

  // A longpoll streams through, not gzipped (fetch accepts gzip, as a browser does): its
  // opening and a heartbeat arrive before any change, the change after.
  const poll = await send(`${proxy.url}/notes/_changes?feed=longpoll&since=now&heartbeat=100`, {
    signal: AbortSignal.timeout(5_000),
  });
  assert.equal(poll.headers.get('content-encoding'), null);
  const reader = poll.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!/^\{"results":\[\n+\n$/.test(text)) text += decoder.decode((await reader.read()).value);
  await couch.adminFetch('/notes/x2', { method: 'PUT', body: { v: 2 } });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  assert.equal(JSON.parse(text).results[0].id, 'x2');
});

test('faults: drop, drop after forwarding, stall, status; each for `times` requests', async () => {
  proxy.requests.length = 0;
  // drop: the request never reaches the server.
  const drop = proxy.fail({ match: (r) => r.path === '/notes/d1', mode: 'drop', times: 1 });
  await assert.rejects(send(`${proxy.url}/notes/d1`, { method: 'PUT', body: { v: 1 } }));
  assert.equal(drop.hits, 1);
  assert.equal(await couch.getDoc('notes', 'd1'), null);
  const again = await send(`${proxy.url}/notes/d1`, { method: 'PUT', body: { v: 1 } });
  assert.equal(again.status, 201, 'times: 1 lapses');

  // drop after forwarding: the write is done, the client never hears of it.
  proxy.fail({ match: (r) => r.method === 'PUT' && r.path === '/notes/d2', mode: 'drop', after: true, times: 1 });
  await assert.rejects(async () => {
    const res = await send(`${proxy.url}/notes/d2`, { method: 'PUT', body: { v: 2 } });
    await res.text();
  });
  assert.equal((await couch.getDoc('notes', 'd2')).v, 2);

  // stall, then the connection goes after `ms`.
  const stall = proxy.fail({ match: (r) => r.path === '/notes/d1', mode: 'stall', ms: 300, times: 1 });
  const started = Date.now();
  await assert.rejects(send(`${proxy.url}/notes/d1`));
  assert.ok(Date.now() - started >= 250, `stalled ${Date.now() - started} ms`);
  assert.equal((await stall.whenHit()).fault, 'stall');

  // status: a CouchDB-style error a page can read (CORS headers as the server's own), but not
  // for the preflight, which goes through.
  proxy.fail({ match: (r) => r.path.startsWith('/notes/d3'), mode: 'status', status: 500, times: 2 });
  const pre = await preflight(`${proxy.url}/notes/d3`, ORIGIN);
  assert.equal(pre.status, 204);
  const failed = await send(`${proxy.url}/notes/d3`, { method: 'PUT', body: { v: 3 }, headers: { origin: ORIGIN } });
  assert.equal(failed.status, 500);
  assert.equal(failed.headers.get('access-control-allow-origin'), ORIGIN);
  assert.equal(failed.headers.get('access-control-allow-credentials'), 'true');
  const body = await failed.json();
  assert.equal(body.error, 'unknown_error');
  assert.equal(typeof body.reason, 'string');
  assert.equal(await couch.getDoc('notes', 'd3'), null);
  proxy.clear();
  assert.equal((await send(`${proxy.url}/notes/d3`, { method: 'PUT', body: { v: 3 } })).status, 201, 'clear() ends faults');

  assert.deepEqual(
    proxy.requests.map(({ method, path, status, fault }) => ({ method, path, status, fault })),
    [
      { method: 'PUT', path: '/notes/d1', status: null, fault: 'drop' },
      { method: 'PUT', path: '/notes/d1', status: 201, fault: null },
      { method: 'PUT', path: '/notes/d2', status: 201, fault: 'drop-after' },
      { method: 'GET', path: '/notes/d1', status: null, fault: 'stall' },
      { method: 'OPTIONS', path: '/notes/d3', status: 204, fault: null },
      { method: 'PUT', path: '/notes/d3', status: 500, fault: 'status' },
      { method: 'PUT', path: '/notes/d3', status: 201, fault: null },
    ],
  );
});

test('a stall with no timeout holds until proxy.stop; PouchDB through a dropped _bulk_docs retries cleanly', async () => {
  const own = await startChaosProxy(couch.url);
  own.fail({ mode: 'stall' });
  const pending = send(`${own.url}/notes/d1`);
  const settled = await Promise.race([pending.then(() => 'answered', () => 'failed'), new Promise((r) => setTimeout(() => r('held'), 300))]);
  assert.equal(settled, 'held');
  await own.stop();
  await own.stop();
  await assert.rejects(pending);

  // The nasty case with a real client: its push is written, and its answer lost.
  const client = pouchClient(`${proxy.url}/notes`, ALICE);
  try {
    await client.put({ _id: 'b1', v: 1 });
    const fault = proxy.fail({ match: (r) => r.path.startsWith('/notes/_bulk_docs'), mode: 'drop', after: true, times: 1 });
    await assert.rejects(client.push());
    assert.equal(fault.hits, 1);
    assert.equal((await couch.getDoc('notes', 'b1')).v, 1);
    const retry = await client.push();
    assert.equal(retry.ok, true);
    const server = await couch.getDoc('notes', 'b1', { conflicts: true });
    assert.equal(server._conflicts, undefined);
    assert.equal(server._rev, (await client.get('b1'))._rev);
  } finally {
    proxy.clear();
    await client.close();
  }
});
