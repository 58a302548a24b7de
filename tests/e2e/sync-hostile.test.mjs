// End-to-end tests of what a sync server, another client or a failing network cannot make
// Hearth do, in real headless Chromium against a real CouchDB-protocol server (pouchdb-server
// on loopback), with PouchDB 9 in Node as the other client and a proxy that fails chosen
// requests. Each test is a finding of the review of sync:
// - a plain device never fails open into an end-to-end encrypted database: one failed check
//   is tried again, not taken for "plain", and a database once seen encrypted stays refused
//   even when its check disappears;
// - in plain sync the server cannot delete or replace what never leaves the device (the key
//   lock, the sync settings, a provider's sealed key);
// - deletions that reach a device out of order never bring a conversation back empty;
// - documents this version cannot read (a newer record shape, a setting it does not take),
//   written by PouchDB, are kept without reading and never deleted from here, and are listed
//   as such, not as conflicts;
// - a document too large for the server is listed as not synced while the rest syncs, and an
//   attachment larger than Cloudant's 1 MB limit goes in pieces under it;
// - under end-to-end encryption an older sealed revision the server replays as the newest is
//   dropped, not shown;
// - a change made here while a pull is being written (a pin) is kept, merged with the pull.
// Elements are found by role and accessible name; records are read from IndexedDB, and the
// server's documents straight from the server.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { sendAndSettle, useHarness } from '../support/chat.mjs';
import { closeSettings, editAgent, lockKeys, saveAgent } from '../support/dialogs.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { startChaosProxy } from '../support/chaos-proxy.mjs';
import { pouchClient } from '../support/pouch.mjs';
import { ALICE, SYNC_WAIT, arrives, devices, restartSync, serverDocs, startSync, startSyncServer, stopSync, syncSection } from '../support/sync.mjs';

/** The stored setting `key` of `page`, or undefined. */
async function setting(page, key) {
  return (await readDatabase(page, ['settings'])).settings.find((s) => s.key === key);
}

/** Waits until `page`'s sync bookkeeping knows the document `id` at revision `rev`. */
function knows(page, id, rev, what) {
  return waitUntil(async () => {
    const { replica } = await readDatabase(page, ['replica']);
    const meta = replica.find((m) => m.plain === id);
    return JSON.stringify(meta?.tree ?? {}).includes(rev.split('-')[1]) ? meta : null;
  }, what, { timeout: SYNC_WAIT });
}

describe('sync against a hostile server', () => {
  const env = useHarness();
  let couch;
  before(async () => {
    couch = await startSyncServer(env);
  });
  after(() => couch?.stop());

  /**
   * Two devices syncing the new database `db` through a proxy that answers writes of more than
   * `limit` bytes as CouchDB answers a request over its limits (413); replies are the mock's
   * own, not an echo of a long message.
   */
  async function limitedServer(t, db, limit) {
    await couch.createDb(db, { members: [ALICE.name] });
    const proxy = await startChaosProxy(couch.url);
    t.after(() => proxy.stop());
    proxy.fail({
      match: (req) => req.method === 'POST' && req.path.includes('/_bulk_docs') && req.body.length > limit,
      mode: 'status', status: 413,
      body: { error: 'too_large', reason: 'the request entity is too large' },
    });
    const [a, b] = await devices(t, env, 'markdown');
    await startSync(a.page, { url: proxy.url, db });
    await startSync(b.page, { url: proxy.url, db });
    return { a, b };
  }

  test('a plain device never fails open into an end-to-end encrypted database', async (t) => {
    const db = 'fail-open';
    await couch.createDb(db, { members: [ALICE.name] });
    const proxy = await startChaosProxy(couch.url);
    t.after(() => proxy.stop());
    const [a, b] = await devices(t, env);
    await startSync(a.page, { url: couch.url, db, passphrase: 'a sync passphrase' });
    await sendAndSettle(a, 'Sealed before B comes');
    await waitUntil(async () => (await serverDocs(couch, db)).length >= 4, 'A’s documents are on the server', { timeout: SYNC_WAIT });
    /** Whether the server holds only sealed documents, none of B's text. */
    const sealedOnly = async () =>
      (await serverDocs(couch, db)).every((doc) => doc._id.startsWith('e:')) && !JSON.stringify(await couch.allDocs(db)).includes('must not leave B');
    // B, plain, has a conversation of its own; the first look at the encryption check fails.
    await sendAndSettle(b, 'Plain text that must not leave B');
    const check = proxy.fail({ match: (req) => req.method === 'GET' && req.path.includes('/hearth-e2e'), mode: 'status', status: 500, times: 1 });
    await startSync(b.page, { url: proxy.url, db, until: /This database is end-to-end encrypted/ });
    assert.equal(check.hits, 1, 'the failing check was hit');
    assert.ok(await sealedOnly(), 'only sealed documents, none of B’s');
    assert.ok(!proxy.requests.some((r) => r.method === 'POST' && r.path.includes('_bulk_docs')), 'B never sent a document');

    // The encryption check disappears (an admin deletes it): B, having seen it, still refuses.
    const keyCheck = await couch.getDoc(db, 'hearth-e2e');
    const removed = await couch.adminFetch(`/${db}/hearth-e2e?rev=${keyCheck._rev}`, { method: 'DELETE' });
    assert.ok(removed.ok, 'the check is deleted');
    const { section } = await syncSection(b.page);
    await section.getByRole('button', { name: 'Start sync', exact: true }).click();
    await section.getByText(/This database is end-to-end encrypted/).first().waitFor({ timeout: SYNC_WAIT });
    await closeSettings(b.page);
    await sleep(1_000);
    assert.ok(await sealedOnly(), 'still nothing from B');
    assert.ok(!proxy.requests.some((r) => r.method === 'POST' && r.path.includes('_bulk_docs')), 'B still sent no document');
  });

  test('in plain sync the server cannot delete or replace what never leaves the device', async (t) => {
    const db = 'device-only';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await devices(t, env);
    await lockKeys(a.page, 'a long key lock passphrase');
    await closeSettings(a.page);
    await startSync(a.page, { url: couch.url, db });
    await sendAndSettle(a, 'Synced in plain text');
    const lock = await setting(a.page, 'key_lock');
    const config = await setting(a.page, 'sync_config');
    const { providers: [provider] } = await readDatabase(a.page, ['providers']);
    assert.ok(lock && config && provider.sealed_key, 'the key lock, the sync settings and a sealed key are here');
    await waitUntil(async () => (await serverDocs(couch, db)).some((d) => d._id === `provider:${provider.id}`), 'the provider is on the server', { timeout: SYNC_WAIT });
    const pushed = await couch.getDoc(db, `provider:${provider.id}`);
    assert.ok(!pushed.record.sealed_key, 'no sealed key left the device');

    // Another client, with the user's access, forges deletions of device-only settings and a key.
    const pouch = pouchClient(`${couch.url}/${db}`, ALICE);
    t.after(() => pouch.close());
    await pouch.pull();
    for (const key of ['key_lock', 'sync_config']) {
      const put = await pouch.put({ _id: `setting:${key}`, type: 'setting', record: { key, value: null }, changed: {} });
      await pouch.remove({ _id: `setting:${key}`, _rev: put.rev });
    }
    const doc = await pouch.get(`provider:${provider.id}`);
    const junk = { iv: 'AAAAAAAAAAAAAAAA', data: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' };
    const forged = await pouch.put({ ...doc, record: { ...doc.record, sealed_key: junk, key_origin: new URL(doc.record.base_url).origin } });
    await pouch.push();
    await knows(a.page, `provider:${provider.id}`, forged.rev, 'A pulls the forged provider');
    await knows(a.page, 'setting:key_lock', (await couch.getDoc(db, 'setting:key_lock', { open_revs: 'all' }))[0].ok._rev, 'and the forged deletion');
    await sleep(1_000);
    assert.deepEqual(await setting(a.page, 'key_lock'), lock, 'the key lock is still here');
    assert.ok(await setting(a.page, 'sync_config'), 'the sync settings too');
    const { providers: [after] } = await readDatabase(a.page, ['providers']);
    assert.deepEqual(after.sealed_key, provider.sealed_key, 'the sealed key here is kept');
  });

  test('deletions that arrive out of order never bring a conversation back empty', async (t) => {
    const db = 'out-of-order';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await devices(t, env);
    await startSync(a.page, { url: couch.url, db });
    await sendAndSettle(a, 'Deleted out of order');
    await waitUntil(async () => (await serverDocs(couch, db)).filter((d) => d.type === 'message').length === 2, 'the messages are on the server', { timeout: SYNC_WAIT });
    // Another client deletes the conversation, its deletion first and its messages' later, as a
    // clustered server's changes feed may deliver them.
    const pouch = pouchClient(`${couch.url}/${db}`, ALICE);
    t.after(() => pouch.close());
    await pouch.pull();
    const docs = await pouch.allDocs();
    const session = docs.find((d) => d.type === 'session');
    const removed = await pouch.remove(session);
    await pouch.push();
    await knows(a.page, session._id, removed.rev, 'A pulls the conversation’s deletion');
    await sleep(1_500);
    for (const message of docs.filter((d) => d.type === 'message')) await pouch.remove(message);
    await pouch.push();
    await waitUntil(async () => (await readDatabase(a.page, ['messages'])).messages.length === 0, 'A deletes the messages', { timeout: SYNC_WAIT });
    await sleep(2_000);
    assert.equal((await readDatabase(a.page, ['sessions'])).sessions.length, 0, 'the conversation stays deleted here');
    assert.ok(!(await serverDocs(couch, db)).some((d) => d.type === 'session' || d.type === 'message'), 'and on the server');
  });

  test('documents this version cannot read are kept without reading, never deleted, and listed as such', async (t) => {
    const db = 'future';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await devices(t, env);
    await startSync(a.page, { url: couch.url, db });
    const pouch = pouchClient(`${couch.url}/${db}`, ALICE);
    t.after(() => pouch.close());
    await pouch.pull();
    // A newer Hearth's agent (a record shape this one does not know) and a setting it does not take.
    const general = await pouch.get('agent:general');
    const agent = await pouch.put({
      // Shape 7: this version writes and reads shapes 1 to 6 (hearth_core::replication::doc::SCHEMA).
      _id: 'agent:from-the-future', type: 'agent', schema: 7,
      record: { ...general.record, id: 'from-the-future', name: 'From a newer Hearth', builtin: false, voice: { kind: 'new' } },
      changed: {},
    });
    const future = await pouch.put({ _id: 'setting:a_future_setting', type: 'setting', record: { key: 'a_future_setting', value: 7 }, changed: {} });
    await pouch.push();
    await knows(a.page, 'agent:from-the-future', agent.rev, 'A pulls the agent');
    await knows(a.page, 'setting:a_future_setting', future.rev, 'and the setting');
    // A's next sync points (a new message, a restart) make no deletion of them.
    await sendAndSettle(a, 'A sync point after the future arrived');
    await stopSync(a.page);
    await restartSync(a.page);
    await waitUntil(async () => (await serverDocs(couch, db)).filter((d) => d.type === 'message').length === 2, 'A’s messages are on the server', { timeout: SYNC_WAIT });
    await sleep(1_500);
    for (const [id, rev] of [['agent:from-the-future', agent.rev], ['setting:a_future_setting', future.rev]]) {
      const doc = await couch.getDoc(db, id);
      assert.equal(doc?._rev, rev, `${id} is on the server as PouchDB wrote it`);
    }
    const { agents } = await readDatabase(a.page, ['agents']);
    assert.ok(!agents.some((x) => x.id === 'from-the-future'), 'not read as an agent that would lose its new fields');
    // Settings → Sync lists them as kept without reading, with what reads them; no conflict.
    const { section } = await syncSection(a.page);
    const kept = section.getByRole('list', { name: 'Documents this version cannot read', exact: true });
    await kept.waitFor();
    const text = await kept.innerText();
    assert.match(text, /Agent “from-the-future”/);
    assert.match(text, /a newer version reads it/);
    assert.match(text, /Setting “a_future_setting”/);
    assert.equal(await section.getByRole('list', { name: 'Conflicts to resolve', exact: true }).count(), 0, 'no conflict is listed');
    await kept.scrollIntoViewIfNeeded();
    await screenshot(a.page, 'sync-kept-without-reading.png', { fullPage: false });
    assert.deepEqual(await axeViolations(a.page, { include: 'section[aria-labelledby="settings-sync"]' }), [], 'the list passes axe');
    await closeSettings(a.page);
  });

  test('a document too large for the server is listed as not synced while the rest syncs', async (t) => {
    const { a, b } = await limitedServer(t, 'too-large', 60_000);
    await sendAndSettle(a, `A very long message ${'lorem ipsum '.repeat(8_000)}`);
    await sendAndSettle(a, 'A small message after it');
    await arrives(b.page, 'A small message after it');
    const { section } = await syncSection(a.page);
    const refused = section.getByRole('list', { name: 'Documents the server refused', exact: true });
    await refused.waitFor({ timeout: SYNC_WAIT });
    assert.match(await refused.innerText(), /not synced: too large/);
    await closeSettings(a.page);
    const { messages } = await readDatabase(b.page, ['messages']);
    assert.ok(!messages.some((m) => m.content.startsWith('A very long message')), 'the large one stayed on A');
  });

  test('under end-to-end encryption an older revision the server replays as the newest is dropped', async (t) => {
    const db = 'replay';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await devices(t, env);
    await startSync(a.page, { url: couch.url, db, passphrase: 'a sync passphrase' });
    const describe = async (text) => {
      const editor = await editAgent(a.page);
      await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill(text);
      await saveAgent(a.page, editor);
    };
    /** The server's document of the General Assistant once it holds A's winner. */
    const onServer = () => waitUntil(async () => {
      const { replica } = await readDatabase(a.page, ['replica']);
      const meta = replica.find((m) => m.plain === 'agent:general');
      const doc = meta && (await couch.getDoc(db, meta.id, { revs: true }));
      return doc && meta.seq > 0 && JSON.stringify(meta.tree).includes(doc._rev.split('-')[1]) ? doc : null;
    }, 'the agent’s revision is on the server', { timeout: SYNC_WAIT });
    await describe('Before the revocation');
    const old = await onServer();
    await describe('After the revocation');
    await waitUntil(async () => (await onServer())._rev !== old._rev, 'the new revision is on the server', { timeout: SYNC_WAIT });
    const current = await onServer();
    // The server puts the older sealed body back as a child of the newest, under an id it made up.
    const forged = 'f'.repeat(32);
    const start = current._revisions.start + 1;
    const replay = await couch.adminFetch(`/${db}/_bulk_docs`, {
      method: 'POST',
      body: {
        new_edits: false,
        docs: [{ _id: current._id, _rev: `${start}-${forged}`, _revisions: { start, ids: [forged, ...current._revisions.ids] }, e2e: old.e2e, iv: old.iv, data: old.data }],
      },
    });
    assert.ok(replay.ok, `the server took the replay: ${JSON.stringify(replay.body)}`);
    // A pulls it (live): the replayed revision is dropped, or (as before the fix) shown.
    const description = async () => (await readDatabase(a.page, ['agents'])).agents.find((agent) => agent.id === 'general')?.description;
    const { section } = await syncSection(a.page);
    const refused = section.getByRole('list', { name: 'Documents the server refused', exact: true });
    await waitUntil(async () => (await refused.count()) > 0 || (await description()) !== 'After the revocation', 'A pulls the replay', { timeout: SYNC_WAIT });
    assert.equal(await description(), 'After the revocation', 'the newest stays');
    assert.match(await refused.innerText(), /Agent “general”[\s\S]*does not match its sealed body/);
    await closeSettings(a.page);
  });

  test('a change made here while a pull is being written is kept, merged with it', async (t) => {
    const db = 'mid-pull';
    await couch.createDb(db, { members: [ALICE.name] });
    const proxy = await startChaosProxy(couch.url);
    t.after(() => proxy.stop());
    const [a] = await devices(t, env);
    await startSync(a.page, { url: proxy.url, db });
    await sendAndSettle(a, 'Pinned while a pull is written');
    await waitUntil(async () => (await serverDocs(couch, db)).filter((d) => d.type === 'message').length === 2, 'the messages are on the server', { timeout: SYNC_WAIT });
    // A stops; another client renames the conversation and adds a message whose image is not
    // on the server: when A starts again, both come in one page, and A asks for the image's
    // document, whose answer comes late.
    await stopSync(a.page);
    const pouch = pouchClient(`${couch.url}/${db}`, ALICE);
    t.after(() => pouch.close());
    await pouch.pull();
    const docs = await pouch.allDocs();
    const session = docs.find((d) => d.type === 'session');
    const question = docs.find((d) => d.type === 'message' && d.record.role === 'user');
    await pouch.put({ ...session, record: { ...session.record, title: 'Renamed elsewhere' }, changed: { ...session.changed, title: Date.now() } });
    const image = { kind: 'image', blob: 'ab'.repeat(32), mime: 'image/png', name: 'photo.png', bytes: 10 };
    const record = { ...question.record, id: 'from-pouch-with-image', content: 'With an image', attachments: [image], created_at: Date.now() };
    await pouch.put({ _id: 'message:from-pouch-with-image', type: 'message', record, changed: {} });
    await pouch.push();
    const late = proxy.fail({ match: (req) => req.method === 'POST' && req.path.includes('/_bulk_get') && req.body.includes('blob:'), mode: 'delay', ms: 4_000, times: 1 });
    const { section } = await syncSection(a.page);
    await section.getByRole('button', { name: 'Start sync', exact: true }).click();
    await closeSettings(a.page);
    await late.whenHit();
    // Meanwhile, A pins the conversation.
    const row = a.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('listitem').filter({ hasText: 'Pinned while a pull' });
    await row.hover();
    await row.getByRole('button', { name: 'Pin', exact: true }).click();
    await waitUntil(async () => (await readDatabase(a.page, ['sessions'])).sessions[0]?.title === 'Renamed elsewhere', 'the rename arrives', { timeout: SYNC_WAIT });
    await sleep(1_500);
    const [stored] = (await readDatabase(a.page, ['sessions'])).sessions;
    assert.equal(stored.pinned, true, 'the pin made during the pull is kept');
    await waitUntil(async () => {
      const doc = (await serverDocs(couch, db)).find((d) => d.type === 'session');
      return doc?.record.pinned === true && doc.record.title === 'Renamed elsewhere' && !doc._conflicts;
    }, 'the server has both, merged', { timeout: SYNC_WAIT });
  });

  test('an attachment over the server’s document limit goes in pieces, and arrives whole', async (t) => {
    // A server that takes requests up to 1 MB, as Cloudant takes documents.
    const db = 'pieces';
    const { a, b } = await limitedServer(t, db, 1_000_000);
    // A PDF of about 1.3 MB (padded with a comment), pasted into A's message box.
    await a.message.evaluate((box) => {
      const text = `%PDF-1.4\n%${'x'.repeat(1_300_000)}\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n`;
      const data = new DataTransfer();
      data.items.add(new File([text], 'large.pdf', { type: 'application/pdf' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    const item = a.page.getByRole('list', { name: 'Attached images, PDFs and voice notes', exact: true }).getByRole('listitem').filter({ hasText: 'large.pdf' });
    await item.filter({ hasText: 'Will be sent as' }).or(item.filter({ hasText: 'goes instead' })).waitFor();
    await sendAndSettle(a, 'A large PDF for the other device');
    const onA = await waitUntil(async () => (await readDatabase(a.page, ['messages'])).messages.find((m) => m.content === 'A large PDF for the other device' && m.blobs.length), 'A stored it', { timeout: SYNC_WAIT });
    const hash = onA.blobs[0];
    await arrives(b.page, 'A large PDF for the other device');
    await waitUntil(async () => (await storedBlobs(b.page)).some((blob) => blob.id === hash && blob.held), 'the bytes are stored on B, whole', { timeout: SYNC_WAIT });
    const [blobA] = (await storedBlobs(a.page)).filter((blob) => blob.id === hash);
    const [blobB] = (await storedBlobs(b.page)).filter((blob) => blob.id === hash);
    assert.deepEqual([blobB.size, blobB.mime], [blobA.size, blobA.mime]);
    assert.ok(blobA.size > 1_000_000, `the PDF is over a megabyte (${blobA.size} B)`);
    const ids = (await serverDocs(couch, db)).filter((d) => d.type === 'blob').map((d) => d._id).sort();
    assert.deepEqual(ids, [`blob:${hash}`, `blob:${hash}.1`, `blob:${hash}.2`, `blob:${hash}.3`], 'a head and its pieces');
    const { section } = await syncSection(a.page);
    assert.equal(await section.getByRole('list', { name: 'Documents the server refused', exact: true }).count(), 0, 'nothing refused');
    await closeSettings(a.page);
  });
});
