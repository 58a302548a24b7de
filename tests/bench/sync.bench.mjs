// Benchmark of sync in real headless Chromium against pouchdb-server (in memory, on
// loopback), printing numbers (it asserts only that everything arrived, once). Device A is
// seeded with 1,000 conversations of 50 messages (records in the app's format, written
// straight into IndexedDB) and pushes them to an empty database; device B, a fresh profile,
// then syncs from it. It prints:
//   - the time from Start sync to "Up to date" on A (the first push of 50,000 messages),
//   - the time from Start sync to "Up to date" on B, with every message stored
//     (an empty device receiving it all),
//   - the server requests of each (from a counting proxy), and the documents on the server.
// Run: scripts/build.sh && (cd tests && npm run bench:sync)   (SESSIONS=… MESSAGES=… to change the size)

import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { launchBrowser } from '../support/browser.mjs';
import { readDatabase, searchTerms, seedRecords } from '../support/idb.mjs';
import { builtApp } from '../support/dist.mjs';
import { startStaticServer } from '../support/static-server.mjs';
import { startCouch } from '../support/couch.mjs';
import { startChaosProxy } from '../support/chaos-proxy.mjs';

const SESSIONS = Number(process.env.SESSIONS ?? 1000);
const MESSAGES = Number(process.env.MESSAGES ?? 50);
const USER = { name: 'bench', password: 'bench-password' };
const DB = 'bench';
const WAIT_MS = 60 * 60_000;

const WORDS = 'the a of to and in is it that for on with as garden river bread lantern window harbour forest morning evening winter letter kitchen mountain village market bridge meadow orchard recipe journey station library'.split(' ');
let seed = 7;
const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
const text = () => Array.from({ length: 40 + Math.floor(random() * 40) }, () => WORDS[Math.floor(random() * WORDS.length)]).join(' ');

function records() {
  const sessions = [];
  const messages = [];
  const start = Date.now() - 400 * 86_400_000;
  for (let s = 0; s < SESSIONS; s++) {
    const id = randomUUID();
    const created = start + s * 3_600_000;
    let parent = null;
    for (let m = 0; m < MESSAGES; m++) {
      const role = m % 2 ? 'assistant' : 'user';
      const content = text();
      const message = {
        id: randomUUID(), session_id: id, role, content, reasoning: '', tool_calls: [],
        model: role === 'assistant' ? 'bench-model' : null, provider_id: null, usage: null, finish: null,
        error: null, state: 'complete', created_at: created + m * 60_000, updated_at: created + m * 60_000,
        terms: searchTerms(content),
      };
      if (parent) message.parent = parent;
      parent = message.id;
      messages.push(message);
    }
    sessions.push({
      id, title: `Conversation ${s}`, title_source: 'first_message', agent_id: 'general', created_at: created,
      updated_at: created + MESSAGES * 60_000, message_count: MESSAGES, preview: '', pinned: false, deleted_at: null,
    });
  }
  return { sessions, messages };
}

async function device(browser, url) {
  const context = await browser.newContext();
  context.setDefaultTimeout(WAIT_MS);
  const page = await context.newPage();
  await page.goto(url);
  await page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
  return { context, page };
}

/** Starts sync in Settings → Sync and resolves with the milliseconds until "Up to date". */
async function syncUntilUpToDate(page, url) {
  await page.getByRole('button', { name: 'Settings' }).first().click();
  const section = page.getByRole('dialog', { name: 'Settings', exact: true }).getByRole('region', { name: 'Sync', exact: true });
  await section.getByRole('textbox', { name: 'Server address', exact: true }).fill(url);
  await section.getByRole('textbox', { name: 'Database', exact: true }).fill(DB);
  await section.getByRole('textbox', { name: 'User name', exact: true }).fill(USER.name);
  await section.getByLabel('Password', { exact: true }).fill(USER.password);
  const started = Date.now();
  await section.getByRole('button', { name: 'Start sync', exact: true }).click();
  await section.getByText(/Up to date/).waitFor({ timeout: WAIT_MS });
  return Date.now() - started;
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

const [app, browser] = await Promise.all([startStaticServer({ root: builtApp() }), launchBrowser()]);
const origin = new URL(app.url).origin;
const server = await startCouch({ corsOrigin: origin });
const proxy = await startChaosProxy(server.url);
try {
  await server.createUser(USER.name, USER.password);
  await server.createDb(DB, { members: [USER.name] });
  const data = records();
  const a = await device(browser, app.url);
  await seedRecords(a.page, data);
  await a.page.reload();
  await a.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
  proxy.requests.length = 0;
  const pushMs = await syncUntilUpToDate(a.page, proxy.url);
  const pushRequests = proxy.requests.filter((r) => r.method !== 'OPTIONS').length;
  const onServer = (await server.adminFetch(`/${DB}`)).body.doc_count;

  const b = await device(browser, app.url);
  proxy.requests.length = 0;
  const pullMs = await syncUntilUpToDate(b.page, proxy.url);
  const pullRequests = proxy.requests.filter((r) => r.method !== 'OPTIONS').length;
  const stored = await readDatabase(b.page, ['messages', 'sessions']);
  assert.equal(stored.messages.length, SESSIONS * MESSAGES, 'every message arrived');
  assert.equal(new Set(stored.messages.map((m) => m.id)).size, SESSIONS * MESSAGES, 'each once');
  assert.equal(stored.sessions.length, SESSIONS);

  console.log(`sync of ${SESSIONS.toLocaleString('en')} conversations × ${MESSAGES} messages (${(SESSIONS * MESSAGES).toLocaleString('en')} messages, ${onServer.toLocaleString('en')} documents on the server)`);
  console.log(`  device A, first push to an empty database: ${seconds(pushMs)}, ${pushRequests} requests`);
  console.log(`  device B, empty, until every message is stored: ${seconds(pullMs)}, ${pullRequests} requests`);
  await Promise.all([a.context.close(), b.context.close()]);
} finally {
  await Promise.all([browser.close(), app.close(), proxy.stop(), server.stop()]);
}
