// End-to-end tests of sync across devices, in real headless Chromium: two browser profiles
// (two devices) sync through a real CouchDB-protocol server (pouchdb-server, in memory on
// loopback, one per test file) set up from Settings → Sync as a person would. Messages
// written on either device appear on the other live; a reply streaming on one appears whole
// on the other, never half; the API key never reaches the server; concurrent edits of an
// agent merge or ask; a deletion waits for its Undo window and then replicates; with
// end-to-end encryption the server's documents hold no plaintext; a proxy that drops, stalls
// and answers 500 mid-sync loses and duplicates nothing; PouchDB 9 in Node, an independent
// client of the same protocol, sees exactly Hearth's documents and what it writes appears in
// Hearth; a user without access is refused; Check server says what to change; an MCP Apps
// view shows on the other device from the page synced with its reply; a knowledge base
// reaches a new device end-to-end encrypted, is read and embedded there, and answers there.
// Elements are found by role and accessible name; records are read from IndexedDB, and the
// server's documents straight from the server.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openApp, openChatWithProvider, send, sendAndSettle, settled, useHarness } from '../support/chat.mjs';
import { addMcpServer, closeSettings, editAgent, lockKeys, saveAgent, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { startMcpMock } from '../mock/mcp.mjs';
import { readDatabase, storedBlobs } from '../support/idb.mjs';
import { axeViolations } from '../support/axe.mjs';
import { ALICE, MALLORY, SYNC_WAIT, arrives, devices, messageTexts, messagesWith, restartSync, serverDocs, startSync, startSyncServer, stopSync, syncSection } from '../support/sync.mjs';
import { startChaosProxy } from '../support/chaos-proxy.mjs';
import { pouchClient } from '../support/pouch.mjs';
import { addToBase, changeWorker, closeKnowledge, embedBase, giveBaseToAgent, makeBase, openKnowledge, readKnowledge, settledRows } from '../support/knowledge.mjs';
import { PDF_ANSWER, writeMarkdown, writeMixedFolder } from '../support/knowledge-files.mjs';
import { FAMILIES, chatRequests, mockRequests, resetMock } from '../support/mock.mjs';

describe('sync', () => {
  const env = useHarness();
  let couch;
  before(async () => {
    couch = await startSyncServer(env);
  });
  after(() => couch?.stop());
  const twoDevices = (t, scenario) => devices(t, env, scenario);

  test('messages written on each device appear on the other, live, once; keys never reach the server', async (t) => {
    const db = 'live';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });

    await sendAndSettle(a, 'Hello from device A');
    await arrives(b.page, 'Hello from device A');
    // B opens the conversation from its sidebar and answers in it.
    await b.page.getByRole('button', { name: /Hello from device A/ }).first().click();
    await b.log.getByText('Hello from device A').first().waitFor();
    await sendAndSettle(b, 'And hello from device B');
    await arrives(a.page, 'And hello from device B');
    // A shows it in the open conversation, without a reload.
    await a.log.getByText('And hello from device B').first().waitFor({ timeout: SYNC_WAIT });

    await waitUntil(async () => JSON.stringify(await messageTexts(a.page)) === JSON.stringify(await messageTexts(b.page)), 'both devices hold the same messages', { timeout: SYNC_WAIT });
    const texts = await messageTexts(a.page);
    assert.equal(texts.length, 4, `two questions and two answers, each once: ${texts.join(' | ')}`);
    const docs = await serverDocs(couch, db);
    assert.equal(docs.filter((d) => d.type === 'message').length, 4, 'one document per message');
    assert.equal(docs.filter((d) => d.type === 'session').length, 1);
    const everything = JSON.stringify(docs);
    assert.doesNotMatch(everything, /sk-device-[ab]-secret/, 'no API key is on the server');
    assert.ok(docs.some((d) => d.type === 'provider'), 'the providers are, without their keys');
    // The keys stay on their devices.
    const { providers } = await readDatabase(a.page, ['providers']);
    assert.ok(providers.some((p) => p.api_key === 'sk-device-a-secret'), 'device A keeps its own key');
    const { section } = await syncSection(a.page);
    assert.ok(await section.isVisible());
    assert.deepEqual(await axeViolations(a.page, { include: 'section[aria-labelledby="settings-sync"]' }), [], 'Settings → Sync passes axe');
    await section.getByRole('button', { name: 'Check server', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(a.page, 'sync-settings.png', { fullPage: false });
    await closeSettings(a.page);
  });

  test('a reply streaming on one device appears whole on the other, never half', async (t) => {
    const db = 'streaming';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t, 'pauses');
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });
    await send(a, 'Tell me slowly');
    // The question arrives at once; the reply only once it has ended.
    await arrives(b.page, 'Tell me slowly');
    await a.reply.getByText('First words.').waitFor();
    const seen = [];
    const look = async () => {
      const { messages } = await readDatabase(b.page, ['messages']);
      for (const m of messages.filter((m) => m.role === 'assistant')) seen.push({ where: 'device B', state: m.state, content: m.content });
      const docs = await serverDocs(couch, db);
      for (const d of docs.filter((d) => d.type === 'message' && d.record.role === 'assistant')) {
        seen.push({ where: 'the server', state: d.record.state, content: d.record.content });
      }
    };
    // While A streams (several seconds, with pauses), neither B nor the server has any of it.
    let looks = 0;
    while (await a.stop.isVisible()) {
      await look();
      looks += 1;
      await sleep(150);
    }
    // At least twice (a busy machine makes each look slow: how many fit is not the point).
    assert.ok(looks >= 2, `looked while it streamed (${looks} times)`);
    await settled(a);
    const { messages } = await readDatabase(a.page, ['messages']);
    const whole = messages.find((m) => m.role === 'assistant').content;
    // Nothing, or (from a look in the moment between the reply's end and its Stop button
    // going, on a busy machine) the whole reply, ended.
    const partial = seen.filter((copy) => copy.state !== 'complete' || copy.content !== whole);
    assert.deepEqual(partial, [], 'nothing of the reply left device A while it streamed');
    await waitUntil(async () => (await messagesWith(b.page, whole, 'assistant')).length === 1, 'the whole reply arrives', { timeout: SYNC_WAIT });
    await look();
    assert.ok(seen.length >= 2, 'the reply is on the server and on B');
    for (const copy of seen) {
      assert.equal(copy.content, whole, `never a part of the reply (on ${copy.where}: ${copy.content.length} of ${whole.length} characters)`);
      assert.notEqual(copy.state, 'streaming');
    }
  });

  test('concurrent edits of one agent merge, and the same field edited on both asks, showing both', async (t) => {
    const db = 'agents';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });
    // B goes offline (stops), both edit the General Assistant: A its prompt, B its description.
    await stopSync(b.page);
    let editor = await editAgent(a.page);
    await editor.getByRole('textbox', { name: 'System prompt template', exact: true }).fill('Prompt written on A');
    await saveAgent(a.page, editor);
    editor = await editAgent(b.page);
    await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill('Described on B');
    await saveAgent(b.page, editor);
    await waitUntil(async () => (await couch.allDocs(db)).some((d) => d.record?.system_prompt === 'Prompt written on A' || JSON.stringify(d).includes('Prompt written on A')), 'A has sent its edit', { timeout: SYNC_WAIT });
    await restartSync(b.page);
    const merged = async (page) => {
      const { agents } = await readDatabase(page, ['agents']);
      const general = agents.find((agent) => agent.id === 'general');
      return general && JSON.stringify(general).includes('Prompt written on A') && general.description === 'Described on B';
    };
    await waitUntil(() => merged(b.page), 'B has both edits', { timeout: SYNC_WAIT });
    await waitUntil(() => merged(a.page), 'A has both edits', { timeout: SYNC_WAIT });

    // Now both edit the same field while B is offline: Hearth keeps both and asks.
    await stopSync(b.page);
    editor = await editAgent(a.page);
    await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill('Description from A');
    await saveAgent(a.page, editor);
    editor = await editAgent(b.page);
    await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill('Description from B');
    await saveAgent(b.page, editor);
    await waitUntil(async () => JSON.stringify(await couch.allDocs(db)).includes('Description from A'), 'A has sent its edit', { timeout: SYNC_WAIT });
    await restartSync(b.page);
    const { settings, section } = await syncSection(b.page);
    const conflicts = section.getByRole('list', { name: 'Conflicts to resolve', exact: true });
    await conflicts.waitFor({ timeout: SYNC_WAIT });
    const text = await conflicts.innerText();
    assert.match(text, /Description from A/);
    assert.match(text, /Description from B/);
    await conflicts.scrollIntoViewIfNeeded();
    await screenshot(b.page, 'sync-conflict.png', { fullPage: false });
    assert.deepEqual(await axeViolations(b.page, { include: 'section[aria-labelledby="settings-sync"]' }), [], 'the conflict list passes axe');
    // Keep B's: both devices end with it, and the conflict is gone.
    await conflicts.getByRole('button', { name: /Keep the (shown one|other device's)/ }).first().waitFor();
    const shownIsB = /Shown now: .?Description from B/.test(text);
    await conflicts.getByRole('button', { name: shownIsB ? 'Keep the shown one' : "Keep the other device's", exact: true }).click();
    await conflicts.waitFor({ state: 'hidden', timeout: SYNC_WAIT });
    await closeSettings(b.page);
    const description = async (page) => (await readDatabase(page, ['agents'])).agents.find((agent) => agent.id === 'general')?.description;
    await waitUntil(async () => (await description(b.page)) === 'Description from B', 'B keeps its pick', { timeout: SYNC_WAIT });
    await waitUntil(async () => (await description(a.page)) === 'Description from B', 'A gets the pick', { timeout: SYNC_WAIT });
    void settings;
  });

  test('a deletion waits for its undo window, undo sends nothing, and a message added elsewhere brings a conversation back, whole', async (t) => {
    const db = 'deletions';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });
    await sendAndSettle(a, 'Keep or delete me');
    await arrives(b.page, 'Keep or delete me');
    const row = (page, title = 'Keep or delete me') =>
      page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('listitem').filter({ hasText: title });
    const remove = async (page, title) => {
      await row(page, title).hover();
      await row(page, title).getByRole('button', { name: 'Delete', exact: true }).click();
    };
    // Delete, then Undo: nothing reaches B.
    await remove(a.page);
    await a.page.getByRole('status').filter({ hasText: 'Deleted' }).getByRole('button', { name: 'Undo', exact: true }).click();
    await row(a.page).waitFor();
    await sleep(10_000);
    assert.equal((await messagesWith(b.page, 'Keep or delete me', 'user')).length, 1, 'an undone deletion never leaves');
    // Delete for good: after the undo window, B loses it too, and the server keeps tombstones.
    await remove(a.page);
    await waitUntil(async () => (await messagesWith(b.page, 'Keep or delete me')).length === 0, 'B deletes it', { timeout: SYNC_WAIT });
    await waitUntil(async () => (await readDatabase(b.page, ['sessions'])).sessions.length === 0, 'and its conversation', { timeout: SYNC_WAIT });
    assert.equal((await serverDocs(couch, db)).filter((d) => d.type === 'message' || d.type === 'session').length, 0, 'only tombstones are left');

    // A conversation deleted on A while B, offline, added a message: it comes back on both.
    await sendAndSettle(a, 'Second conversation');
    // B has the question and its answer (the echo) before it goes offline: what it keeps.
    await waitUntil(async () => (await messagesWith(b.page, 'Second conversation')).length === 2, 'B has both', { timeout: SYNC_WAIT });
    await stopSync(b.page);
    await b.page.getByRole('button', { name: /Second conversation/ }).first().click();
    await b.log.getByText('Second conversation').first().waitFor();
    await sendAndSettle(b, 'Added while offline');
    await remove(a.page, 'Second conversation');
    await waitUntil(async () => (await readDatabase(a.page, ['sessions'])).sessions.length === 0, 'A deleted it for good', { timeout: SYNC_WAIT });
    await sleep(2_000);
    await restartSync(b.page);
    await arrives(a.page, 'Added while offline');
    await waitUntil(async () => (await readDatabase(a.page, ['sessions'])).sessions.length === 1, 'the conversation is back on A', { timeout: SYNC_WAIT });
    await waitUntil(async () => (await messagesWith(a.page, 'Added while offline', 'user')).length === 1, 'the question arrives too', { timeout: SYNC_WAIT });
    assert.equal((await messagesWith(b.page, 'Added while offline', 'user')).length, 1, 'B keeps it');
    assert.equal((await messagesWith(a.page, 'Added while offline', 'user')).length, 1, 'once');
    // Whole: B, which kept it, keeps the turns A's deletion named, and A gets them back too.
    await waitUntil(async () => (await messagesWith(b.page, 'Second conversation', 'user')).length === 1, 'B keeps the earlier turns', { timeout: SYNC_WAIT });
    await waitUntil(async () => (await messagesWith(a.page, 'Second conversation', 'user')).length === 1, 'A gets the earlier turns back', { timeout: SYNC_WAIT });
    const whole = async () => (await readDatabase(a.page, ['sessions'])).sessions[0]?.message_count === 4;
    await waitUntil(whole, 'A shows the whole conversation: both questions and both answers', { timeout: SYNC_WAIT });
  });

  test('with end-to-end encryption the server holds no plaintext, another device reads it all, a wrong passphrase is refused', async (t) => {
    const db = 'sealed';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db, passphrase: 'correct horse battery staple' });
    await sendAndSettle(a, 'A secret about the garden');
    await waitUntil(async () => (await serverDocs(couch, db)).length >= 4, 'the documents reach the server', { timeout: SYNC_WAIT });
    const docs = await serverDocs(couch, db);
    for (const doc of docs) {
      assert.deepEqual(Object.keys(doc).filter((k) => !k.startsWith('_')).sort(), ['data', 'e2e', 'iv'], `only sealed fields: ${JSON.stringify(doc).slice(0, 200)}`);
      assert.match(doc._id, /^e:[0-9a-f]+$/, 'ids reveal nothing');
    }
    const raw = JSON.stringify(await couch.allDocs(db));
    for (const plain of ['garden', 'secret', 'General Assistant', 'message', 'session', 'sk-device']) {
      assert.ok(!raw.includes(plain), `"${plain}" is not on the server`);
    }
    // A wrong passphrase on B is refused before anything is read.
    await startSync(b.page, { url: couch.url, db, passphrase: 'wrong passphrase', until: /does not open/ });
    assert.equal((await messagesWith(b.page, 'garden')).length, 0);
    // The right one reads everything.
    await startSync(b.page, { url: couch.url, db, passphrase: 'correct horse battery staple' });
    await arrives(b.page, 'A secret about the garden');
  });

  test('a user without access is refused, and Check server says what to change', async (t) => {
    const db = 'private';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db, user: MALLORY, until: /may not use that database|refused/ });
    assert.equal((await serverDocs(couch, db)).length, 0, 'nothing was written');
    // Check server: as Mallory, the database is refused; as Alice, it all works.
    const { section } = await syncSection(a.page);
    await section.getByRole('button', { name: 'Check server', exact: true }).click();
    const findings = section.getByRole('list', { name: 'Server check', exact: true });
    await findings.waitFor({ timeout: SYNC_WAIT });
    assert.match(await findings.innerText(), /Problem:/);
    await section.getByRole('textbox', { name: 'User name', exact: true }).fill(ALICE.name);
    await section.getByLabel('Password', { exact: true }).fill('wrong password');
    await section.getByRole('button', { name: 'Check server', exact: true }).click();
    await findings.filter({ hasText: /password/i }).waitFor({ timeout: SYNC_WAIT });
    await section.getByLabel('Password', { exact: true }).fill(ALICE.password);
    await section.getByRole('button', { name: 'Check server', exact: true }).click();
    await waitUntil(async () => !/Problem:/.test(await findings.innerText()), 'no problem is found', { timeout: SYNC_WAIT });
    await findings.scrollIntoViewIfNeeded();
    await screenshot(a.page, 'sync-check.png', { fullPage: false });
    await closeSettings(a.page);
  });

  test('a proxy that drops, stalls and answers 500 mid-sync loses and duplicates nothing; a new message costs few requests', async (t) => {
    const db = 'faults';
    await couch.createDb(db, { members: [ALICE.name] });
    const proxy = await startChaosProxy(couch.url);
    t.after(() => proxy.stop());
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: proxy.url, db });
    await startSync(b.page, { url: proxy.url, db });
    const post = (path) => (req) => req.method === 'POST' && req.path.includes(path);
    // A's sends: the first is done by the server but A never hears back; the next fails with a 500.
    const lostAnswer = proxy.fail({ match: post('/_bulk_docs'), mode: 'drop', after: true, times: 1 });
    proxy.fail({ match: post('/_bulk_docs'), mode: 'status', status: 500, times: 1 });
    // B's fetches: one 500, then one dropped; a checkpoint write dropped; a changes read stalled.
    proxy.fail({ match: post('/_bulk_get'), mode: 'status', status: 500, times: 1 });
    proxy.fail({ match: post('/_bulk_get'), mode: 'drop', times: 1 });
    proxy.fail({ match: (req) => req.method === 'PUT' && req.path.includes('/_local/'), mode: 'drop', times: 1 });
    proxy.fail({ match: (req) => req.method === 'GET' && req.path.includes('/_changes') && !req.path.includes('longpoll'), mode: 'stall', ms: 3_000, times: 1 });
    for (const text of ['Through faults one', 'Through faults two', 'Through faults three']) await sendAndSettle(a, text);
    await lostAnswer.whenHit();
    for (const text of ['Through faults one', 'Through faults two', 'Through faults three']) await arrives(b.page, text);
    await waitUntil(async () => (await messageTexts(b.page)).length === 6, 'B has the six messages', { timeout: 60_000 });
    assert.deepEqual(await messageTexts(b.page), await messageTexts(a.page), 'the same messages, each once');
    const docs = await serverDocs(couch, db);
    const messages = docs.filter((d) => d.type === 'message');
    assert.equal(messages.length, 6, 'six message documents');
    for (const doc of messages) {
      assert.match(doc._rev, /^1-/, `${doc._id} was never written twice (${doc._rev})`);
      assert.equal(doc._conflicts, undefined, `${doc._id} has no conflict`);
    }
    const faulted = proxy.requests.filter((r) => r.fault).map((r) => `${r.fault} ${r.method} ${r.path.split('?')[0]}`);
    assert.ok(faulted.length >= 5, `the faults hit: ${faulted.join(', ')}`);

    // Live: the requests one new message costs both devices, once everything has settled.
    proxy.clear();
    await sleep(1_500);
    proxy.requests.length = 0;
    await sendAndSettle(a, 'Counting requests');
    await arrives(b.page, 'Counting requests');
    await sleep(1_500);
    const asked = proxy.requests.filter((r) => r.method !== 'OPTIONS').map((r) => `${r.method} ${r.path.split('?')[0].replace(`/${db}`, '')}`);
    console.log(`server requests for one new message (question and answer), both devices, preflights left out: ${asked.length}: ${asked.join(', ')}`);
    assert.ok(asked.length <= 24, `no request loop: ${asked.length} requests`);
  });

  test('PouchDB 9 replicating the same database sees exactly Hearth’s documents, and what it writes appears in Hearth', async (t) => {
    const db = 'pouch';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db });
    await sendAndSettle(a, 'Seen by PouchDB');
    await waitUntil(async () => (await serverDocs(couch, db)).filter((d) => d.type === 'message').length === 2, 'the messages are on the server', { timeout: SYNC_WAIT });
    const pouch = await pouchClient(`${couch.url}/${db}`, ALICE);
    t.after(() => pouch.close());
    await pouch.pull();
    const leaves = (docs) => docs.filter((d) => d._id !== 'hearth-e2e').map((d) => `${d._id} ${d._rev} ${JSON.stringify(d._conflicts ?? [])}`).sort();
    assert.deepEqual(leaves(await pouch.allDocs()), leaves(await serverDocs(couch, db)), 'the same documents, revisions and conflicts');
    const stored = await readDatabase(a.page, ['messages', 'sessions']);
    const ids = (await pouch.allDocs()).map((d) => d._id);
    for (const message of stored.messages) assert.ok(ids.includes(`message:${message.id}`), `PouchDB has message ${message.id}`);
    for (const session of stored.sessions) assert.ok(ids.includes(`session:${session.id}`));

    // PouchDB writes an agent in Hearth's document shape: Hearth shows it.
    const general = await pouch.get('agent:general');
    const record = { ...general.record, id: 'from-pouch', name: 'Written by PouchDB', builtin: false };
    await pouch.put({ _id: 'agent:from-pouch', type: 'agent', record, changed: {} });
    // And renames the conversation while Hearth, offline, pins it: both changes stay.
    await stopSync(a.page);
    const sessionDoc = (await pouch.allDocs()).find((d) => d.type === 'session');
    await pouch.put({ ...sessionDoc, record: { ...sessionDoc.record, title: 'Renamed by PouchDB' }, changed: { ...sessionDoc.changed, title: Date.now() } });
    await pouch.push();
    const row = a.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('listitem').filter({ hasText: 'Seen by PouchDB' });
    await row.hover();
    await row.getByRole('button', { name: 'Pin', exact: true }).click();
    await restartSync(a.page);
    await waitUntil(async () => (await readDatabase(a.page, ['agents'])).agents.some((agent) => agent.name === 'Written by PouchDB'), 'the agent appears in Hearth', { timeout: SYNC_WAIT });
    await waitUntil(async () => {
      const session = (await readDatabase(a.page, ['sessions'])).sessions[0];
      return session?.title === 'Renamed by PouchDB' && session.pinned === true;
    }, 'the rename and the pin are both kept', { timeout: SYNC_WAIT });
    // After Hearth's merge, both clients agree on every winner, with no conflict left.
    await waitUntil(async () => (await serverDocs(couch, db)).every((d) => !d._conflicts), 'the conflict is resolved on the server', { timeout: SYNC_WAIT });
    await pouch.pull();
    assert.deepEqual(leaves(await pouch.allDocs()), leaves(await serverDocs(couch, db)));
    const merged = await pouch.get(sessionDoc._id);
    assert.equal(merged.record.title, 'Renamed by PouchDB');
    assert.equal(merged.record.pinned, true);
  });

  test('with the API key lock on, encryption is on by default and the sync password is stored sealed', async (t) => {
    const db = 'locked';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a] = await twoDevices(t);
    const { settings: dialog } = await lockKeys(a.page, 'a long key lock passphrase');
    const section = dialog.getByRole('region', { name: 'Sync', exact: true });
    assert.equal(await section.getByRole('checkbox', { name: 'Encrypt end to end with a sync passphrase', exact: true }).isChecked(), true, 'end-to-end encryption is on by default');
    await closeSettings(a.page);
    await startSync(a.page, { url: couch.url, db, passphrase: 'a sync passphrase' });
    await sendAndSettle(a, 'Synced with the lock on');
    await waitUntil(async () => (await serverDocs(couch, db)).length >= 4, 'it syncs', { timeout: SYNC_WAIT });
    assert.ok(!JSON.stringify(await couch.allDocs(db)).includes('Synced with the lock on'), 'sealed');
    const { settings } = await readDatabase(a.page, ['settings']);
    const stored = settings.find((setting) => setting.key === 'sync_config');
    assert.equal(stored.value.password, '', 'no plain password at rest');
    assert.ok(stored.value.password_sealed?.data, 'the password is sealed');
    assert.ok(!JSON.stringify(settings).includes(ALICE.password), 'the password is nowhere in the settings');
  });

  test('an MCP Apps view reaches the other device with its reply and shows there from the synced page, its server never asked', async (t) => {
    const db = 'app-views';
    await couch.createDb(db, { members: [ALICE.name] });
    const mcp = await startMcpMock();
    t.after(() => mcp.close());
    const [a, b] = await twoDevices(t, 'tools-mcp-app-clicker');
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });
    // Offered once both devices' agents have met (an edit before would race B's first copy).
    await waitUntil(async () => (await serverDocs(couch, db)).filter((d) => d.type === 'agent').length > 0, 'the agents are on the server', { timeout: SYNC_WAIT });
    await addMcpServer(a.page, { name: 'apps', url: mcp.appsUrl, offered: ['clicker'] });
    await send(a, 'Click around.');
    await a.reply.getByRole('group', { name: 'Approve the clicker call', exact: true }).getByRole('button', { name: 'Allow', exact: true }).click();
    const region = a.reply.getByRole('region', { name: 'App of clicker from apps', exact: true });
    await region.getByTitle('App of clicker', { exact: true }).contentFrame().getByText(/^toolResult: /).waitFor();
    await settled(a);
    const [reply] = await waitUntil(async () => {
      const found = await messagesWith(b.page, 'MCP says: Clicker ready.', 'assistant');
      return found.length > 0 ? found : null;
    }, 'the reply arrives', { timeout: SYNC_WAIT });
    const hash = reply.tool_calls[0].result.app.blob;
    assert.deepEqual(reply.blobs, [hash], 'the reply names the page it keeps');
    await waitUntil(async () => (await storedBlobs(b.page)).some((blob) => blob.id === hash && blob.held), 'the page is stored on B', { timeout: SYNC_WAIT });
    const reads = (await (await fetch(`${mcp.origin}/__mcp/requests`)).json()).length;

    // B has not added the server: the view says so, and shows from the synced page all the same.
    await b.page.goto(a.page.url());
    const there = b.page.getByRole('region', { name: 'App of clicker from a server that was removed', exact: true });
    await there.getByTitle('App of clicker', { exact: true }).contentFrame().getByText(/^toolResult: Clicker ready\.$/).waitFor();
    assert.equal((await (await fetch(`${mcp.origin}/__mcp/requests`)).json()).length, reads, 'its server was not asked');
    assert.deepEqual(a.errors, []);
    assert.deepEqual(b.errors, []);
  });

  test('an attached image reaches the other device with its message, its bytes once; deleted, it leaves the server and sync’s bookkeeping', async (t) => {
    const db = 'attachments';
    await couch.createDb(db, { members: [ALICE.name] });
    const [a, b] = await twoDevices(t);
    await startSync(a.page, { url: couch.url, db });
    await startSync(b.page, { url: couch.url, db });
    // Paste a small picture into A's message box, as a screenshot paste does, and send it.
    await a.message.evaluate(async (box) => {
      const canvas = new OffscreenCanvas(120, 80);
      const context = canvas.getContext('2d');
      context.fillStyle = '#c0392b';
      context.fillRect(0, 0, 120, 80);
      context.fillStyle = '#fff';
      context.fillText('sync', 40, 45);
      const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
      const data = new DataTransfer();
      data.items.add(new File([bytes], 'picture.png', { type: 'image/png' }));
      box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    });
    await a.page.getByRole('list', { name: 'Attached images, PDFs and voice notes', exact: true }).getByText('Will be sent as').waitFor();
    await sendAndSettle(a, 'A picture for the other device');
    const [sent] = await waitUntil(async () => {
      const found = await messagesWith(b.page, 'A picture for the other device', 'user');
      return found.length > 0 ? found : null;
    }, 'the message arrives', { timeout: SYNC_WAIT });
    const onA = (await readDatabase(a.page, ['messages'])).messages.find((m) => m.content === 'A picture for the other device');
    assert.equal(onA.attachments.length, 1);
    const hash = onA.blobs[0];
    assert.deepEqual(sent.blobs, [hash], 'the message names the same bytes');
    await waitUntil(async () => (await storedBlobs(b.page)).some((blob) => blob.id === hash && blob.held), 'the bytes are stored on B', { timeout: SYNC_WAIT });
    const [blobA] = (await storedBlobs(a.page)).filter((blob) => blob.id === hash);
    const [blobB] = (await storedBlobs(b.page)).filter((blob) => blob.id === hash);
    assert.deepEqual([blobB.size, blobB.mime], [blobA.size, blobA.mime]);
    const blobs = (await serverDocs(couch, db)).filter((d) => d.type === 'blob');
    assert.equal(blobs.length, 1, 'one document for the bytes, by their hash');
    assert.equal(blobs[0]._id, `blob:${hash}`);

    // Deleted on A: its text leaves sync's bookkeeping on both devices, and its bytes the server.
    const row = a.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('listitem').filter({ hasText: 'A picture for the other device' });
    await row.hover();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await waitUntil(async () => (await messagesWith(b.page, 'A picture for the other device')).length === 0, 'B deletes it', { timeout: SYNC_WAIT });
    await waitUntil(async () => !(await serverDocs(couch, db)).some((d) => d.type === 'blob'), 'the bytes leave the server', { timeout: SYNC_WAIT });
    for (const page of [a.page, b.page]) {
      const { replica } = await readDatabase(page, ['replica']);
      const kept = JSON.stringify(replica.filter((meta) => meta.kind === 'message' || meta.kind === 'session').map((meta) => meta.bodies));
      assert.ok(!kept.includes('A picture for the other device'), `no body of the deleted conversation is kept: ${kept.slice(0, 300)}`);
    }
  });

  test('a knowledge base reaches the other device end-to-end encrypted, is read there, embedded there with its own key, and answers the same question', async (t) => {
    const db = 'knowledge';
    const passphrase = 'knowledge passphrase';
    await couch.createDb(db, { members: [ALICE.name] });
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-knowledge-sync-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    await writeMixedFolder(dir);
    // A: a base of the mixed folder, embedded with A's account, given to the agent.
    const a = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo', apiKey: 'sk-test' });
    await turnOffGeneratedTitles(a.page);
    // B: a new device with nothing but sync set up. Both sync from the start, so what A does
    // next reaches B live, as it happens (and the two General Assistants are one before A edits it).
    const b = await openApp(t, env);
    await turnOffGeneratedTitles(b.page);
    await startSync(a.page, { url: couch.url, db, passphrase });
    await startSync(b.page, { url: couch.url, db, passphrase });
    const dialog = await openKnowledge(a.page);
    const section = await makeBase(dialog, 'Handbook');
    await addToBase(a.page, dialog, 'Handbook', { folder: dir });
    await settledRows(dialog, 'Handbook', 5);
    await embedBase(section, 'Handbook', 'embed-test');
    const rowsA = await settledRows(dialog, 'Handbook', 5, { embedded: true });
    await closeKnowledge(a.page);
    await resetMock(env.mock);
    await giveBaseToAgent(a.page, 'Handbook');
    await waitUntil(async () => {
      const { agents } = await readDatabase(b.page, ['agents']);
      return agents.find((agent) => agent.id === 'general')?.knowledge?.length === 1;
    }, "B's General Assistant draws on the base", { timeout: SYNC_WAIT });
    const docs = JSON.stringify(await serverDocs(couch, db));
    for (const plain of ['Handbook', 'pump-manual', 'Larkspur', 'kbase:', 'kfile:']) {
      assert.ok(!docs.includes(plain), `the server holds no "${plain}" in plain text`);
    }
    const dialogB = await openKnowledge(b.page);
    // The account's server is on this machine (the mock, like Ollama), which needs no key: B
    // embeds the files itself at once, with the model the base names.
    const rowsB = await settledRows(dialogB, 'Handbook', 5, { embedded: true });
    const count = (rows, name) => Number(/(\d+) passages?/.exec(rows.find((row) => row.includes(name)) ?? '')?.[1]);
    for (const name of ['harbour-guide.md', 'pump-manual.pdf', 'orchard-irrigation.docx', 'tides.py', 'ferry-notes.txt']) {
      assert.equal(count(rowsB, name), count(rowsA, name), `${name} is read on B into as many passages as on A`);
    }
    await closeKnowledge(b.page);
    const embeds = (await mockRequests(env.mock)).filter((r) => r.method === 'POST' && r.path === '/v1/embeddings');
    const fromB = embeds.filter((r) => r.headers.authorization === undefined);
    assert.ok(fromB.length >= 5, `B embedded each file itself: ${fromB.length} requests`);
    assert.ok(fromB.every((r) => r.body.model === 'embed-test'), 'with the model the base names');
    assert.equal((await readKnowledge(b.page)).vectors.count, 5, "B's own vectors, one set per file");
    assert.ok(!JSON.stringify(await serverDocs(couch, db)).includes('sk-test'), 'no key on the server');

    // The same question on B gets page 31's passage, from B's own index.
    await resetMock(env.mock);
    await sendAndSettle(b, PDF_ANSWER.question);
    const [request] = await chatRequests(env.mock, FAMILIES.openai);
    const system = request.body.messages.find((message) => message.role === 'system')?.content ?? '';
    assert.ok(String(system).includes(PDF_ANSWER.sentence), `B's request carries page 31's passage: ${String(system).slice(0, 400)}`);
    assert.match(String(system), /source="pump-manual\.pdf — page 31"/);

    // A file removed on A (once its Undo has passed) goes from B too; nothing else does.
    const dialogA = await openKnowledge(a.page);
    await dialogA.getByRole('button', { name: /^Remove \S*ferry-notes\.txt$/ }).click();
    await dialogA.getByText(/^Removed \S*ferry-notes\.txt/).waitFor();
    await dialogA.getByText(/^Removed \S*ferry-notes\.txt/).waitFor({ state: 'hidden', timeout: 20_000 });
    await closeKnowledge(a.page);
    await waitUntil(async () => {
      const files = (await readKnowledge(b.page)).files.records;
      return files.length === 4 && !files.some((file) => file.name === 'ferry-notes.txt');
    }, 'B removes the file A removed, and only it', { timeout: SYNC_WAIT });
    assert.deepEqual([...a.errors, ...b.errors], []);
  });

  test("a base changed here while another device's change to it is being written keeps both changes", async (t) => {
    const db = 'guarded';
    const passphrase = 'guarded passphrase';
    await couch.createDb(db, { members: [ALICE.name] });
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-knowledge-guard-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const { path: guide } = await writeMarkdown(path.join(dir, 'harbour-guide.md'));
    const a = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo', apiKey: 'sk-test' });
    // A's knowledge worker, as built, with one hold added: once armed, the next pull that
    // brings a base waits before it is written until the test says go (BroadcastChannel
    // 'test-hold'), so a change made on A meanwhile lands between sync's read and its write.
    await changeWorker(a.page, (source) => {
      assert.ok(source.includes('\n  syncApply,\n'), 'the worker hands pulls to syncApply');
      const hold = `const testHold = new BroadcastChannel('test-hold');
let testArmed = false;
let testRelease = null;
testHold.onmessage = (event) => {
  if (event.data === 'arm') testArmed = true;
  if (event.data === 'go' && testRelease) testRelease();
};
`;
      const held = `
  async syncApply(args) {
    if (testArmed && args.bases?.length) {
      testArmed = false;
      await new Promise((resolve) => {
        testRelease = resolve;
        testHold.postMessage('held');
      });
    }
    return syncApply(args);
  },
`;
      return hold + source.replace('\n  syncApply,\n', held);
    });
    const b = await openApp(t, env);
    await startSync(a.page, { url: couch.url, db, passphrase });
    await startSync(b.page, { url: couch.url, db, passphrase });
    const dialogA = await openKnowledge(a.page);
    const sectionA = await makeBase(dialogA, 'Handbook');
    await addToBase(a.page, dialogA, 'Handbook', { files: [guide] });
    await settledRows(dialogA, 'Handbook', 1);
    // (Only the base's choice of model matters here, not its embeddings.)
    await embedBase(sectionA, 'Handbook', 'embed-test');
    const baseOn = async (page) => (await readKnowledge(page))?.bases.records.find((base) => base.name === 'Handbook');
    await waitUntil(async () => (await baseOn(b.page))?.embedding?.model === 'embed-test', 'B has the base, embedded with embed-test', { timeout: SYNC_WAIT });

    // B lets the base's embeddings travel; A's pull of that is held before it is written.
    await a.page.evaluate(() => {
      window.testHeld = false;
      const channel = new BroadcastChannel('test-hold');
      channel.onmessage = (event) => {
        if (event.data === 'held') window.testHeld = true;
      };
      channel.postMessage('arm');
    });
    const dialogB = await openKnowledge(b.page);
    await dialogB.getByRole('checkbox', { name: 'Carry the embeddings of Handbook in backups and sync', exact: true }).check();
    await waitUntil(() => a.page.evaluate(() => window.testHeld), "A's pull of B's change is held", { timeout: SYNC_WAIT });
    // Meanwhile A's user moves the base to another embedding model.
    await embedBase(sectionA, 'Handbook', 'embed-other');
    await waitUntil(async () => (await baseOn(a.page))?.embedding?.model === 'embed-other', "A's change is stored");
    await a.page.evaluate(() => new BroadcastChannel('test-hold').postMessage('go'));

    // Both changes stay on A, and both reach B.
    for (const [page, device] of [[a.page, 'A'], [b.page, 'B']]) {
      await waitUntil(async () => {
        const base = await baseOn(page);
        return base?.embedding?.model === 'embed-other' && base.carry_vectors === true;
      }, `${device}'s base has A's model and B's choice to carry`, { timeout: SYNC_WAIT });
    }
    await waitUntil(async () => (await baseOn(a.page))?.embedding?.model === 'embed-other', 'A keeps its model');
    assert.deepEqual([...a.errors, ...b.errors], []);
  });

  test('a base set to carry its embeddings brings them to the other device, end-to-end encrypted: it embeds nothing', async (t) => {
    const db = 'carried';
    const passphrase = 'carried passphrase';
    await couch.createDb(db, { members: [ALICE.name] });
    const dir = await mkdtemp(path.join(tmpdir(), 'hearth-knowledge-carry-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    await writeMixedFolder(dir);
    const a = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo', apiKey: 'sk-test' });
    await turnOffGeneratedTitles(a.page);
    const dialog = await openKnowledge(a.page);
    const section = await makeBase(dialog, 'Handbook');
    await addToBase(a.page, dialog, 'Handbook', { folder: dir });
    await settledRows(dialog, 'Handbook', 5);
    await embedBase(section, 'Handbook', 'embed-test', { carry: true });
    const rowsA = await settledRows(dialog, 'Handbook', 5, { embedded: true });
    await closeKnowledge(a.page);
    const onA = await readKnowledge(a.page);
    // A sends everything before B starts: B finds the files with their embeddings described.
    await startSync(a.page, { url: couch.url, db, passphrase });
    const docs = JSON.stringify(await serverDocs(couch, db));
    for (const plain of ['Handbook', 'embed-test', 'kfile:']) {
      assert.ok(!docs.includes(plain), `the server holds no "${plain}" in plain text`);
    }

    await resetMock(env.mock);
    // B's account is the mock on this machine, which needs no key: without the embeddings
    // that came, B would embed every file itself at once.
    const b = await openApp(t, env);
    await turnOffGeneratedTitles(b.page);
    await startSync(b.page, { url: couch.url, db, passphrase });
    const dialogB = await openKnowledge(b.page);
    const rowsB = await settledRows(dialogB, 'Handbook', 5, { embedded: true });
    await closeKnowledge(b.page);
    assert.deepEqual(rowsB.map((row) => row.replace(/\s+/g, ' ')).sort(), rowsA.map((row) => row.replace(/\s+/g, ' ')).sort(), 'the same files, passages and embeddings on B');
    const embeds = (await mockRequests(env.mock)).filter((r) => r.method === 'POST' && r.path === '/v1/embeddings');
    assert.deepEqual(embeds, [], 'B embedded nothing: the embeddings came with the files');
    const onB = await readKnowledge(b.page);
    assert.equal(onB.vectors.count, 5);
    const hashes = (knowledge) => knowledge.files.records.map((f) => [f.name, f.vectors?.hash]).sort();
    assert.deepEqual(hashes(onB), hashes(onA), "B holds A's embeddings, by hash");
    assert.ok(!JSON.stringify(await serverDocs(couch, db)).includes('sk-test'), 'no key on the server');
    assert.deepEqual([...a.errors, ...b.errors], []);
  });
});
