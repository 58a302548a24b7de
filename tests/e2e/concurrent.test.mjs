// End-to-end tests of concurrent conversations in real headless Chromium against the mock
// LLM server (scenario `concurrent`: a steady ~8 s answer, or a ~60 s story when the
// conversation asks for a "long story"): a reply streaming in one conversation does not
// block sending in another, the sidebar marks each conversation with a reply streaming
// ("Replying"), Stop stops only the open conversation's reply while the other finishes, and
// closing the tab mid-way leaves every reply stored and marked interrupted, and a reload for
// a new version waits for a reply streaming in a conversation that is not open. Elements are
// found by role and accessible name; what is stored is read straight from IndexedDB.

import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, test } from 'node:test';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { busy, loadApp, openChatWithProvider, send, settled, useHarness, waitOn } from '../support/chat.mjs';
import { openSettings, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { builtApp } from '../support/dist.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { startStaticServer } from '../support/static-server.mjs';

const COUNT_END = 'That is the whole count.';
const STORY_OPENING = 'Once upon a time';
const BRIEF = 'Briefly, please: count the sheep.';
const STORY = 'Tell me a long story, please.';

/** The sidebar's locators: its rows, New chat, one conversation's row, and the "Replying" marks. */
function sidebar(page) {
  const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
  const list = nav.getByRole('list', { name: 'Conversation list', exact: true });
  const open = (title) => list.getByRole('button', { name: title, exact: true });
  return {
    newChat: nav.getByRole('button', { name: 'New chat', exact: true }),
    open,
    row: (title) => list.getByRole('listitem').filter({ has: page.getByRole('button', { name: title, exact: true }) }),
    replying: list.getByRole('img', { name: 'Replying', exact: true }),
    list,
  };
}

/** The stored replies, by the text of the user message before each: `{ [question]: reply }`. */
async function storedReplies(page) {
  const { messages } = await readDatabase(page, ['messages']);
  const replies = {};
  for (const user of messages.filter((m) => m.role === 'user')) {
    replies[user.content] = messages.find((m) => m.role === 'assistant' && m.session_id === user.session_id);
  }
  return replies;
}

/** Serves a copy of the built app from a temporary folder (removed after `t`): `{ dir, url }`. */
async function serveCopy(t) {
  const dir = await mkdtemp(path.join(tmpdir(), 'hearth-concurrent-'));
  await cp(builtApp(), dir, { recursive: true });
  const server = await startStaticServer({ root: dir });
  t.after(async () => {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  });
  return { dir, url: server.url };
}

/** Makes the served copy "a new build": sw.js with another build id (as updates.test.mjs does). */
async function publishNewBuild(dir) {
  const file = path.join(dir, 'sw.js');
  const source = await readFile(file, 'utf8');
  const found = source.match(/"build":"([0-9a-z-]+)"/);
  assert.ok(found, 'the built sw.js carries its build id');
  await writeFile(file, source.replace(`"build":"${found[1]}"`, `"build":"${found[1]}-next"`));
  await rm(`${file}.br`, { force: true });
  await rm(`${file}.gz`, { force: true });
}

/** Whether a new version is installed and waiting (SKIP_WAITING not sent yet). */
function workerWaiting(page) {
  return page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting != null);
}

describe('concurrent conversations', () => {
  const env = useHarness();

  test('two conversations stream at once; Stop stops only the open one, and the other finishes', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'concurrent' });
    const { page } = chat;
    await turnOffGeneratedTitles(page);
    const side = sidebar(page);

    // Conversation A: the steady count starts streaming.
    await send(chat, BRIEF);
    const replyA = chat.reply;
    await waitOn(chat, async () => (await replyA.innerText()).includes('Counting sheep'), 'A’s reply streams');
    await side.replying.first().waitFor();
    assert.equal(await side.replying.count(), 1, 'one conversation is replying');
    assert.equal(await side.row(BRIEF).getByRole('img', { name: 'Replying', exact: true }).count(), 1, 'it is A');
    assert.equal(
      await side.open(BRIEF).getAttribute('aria-describedby'),
      await side.row(BRIEF).getByRole('img', { name: 'Replying', exact: true }).getAttribute('id'),
      'A’s row describes itself as replying to screen readers',
    );

    // New chat is not blocked by A's reply, and neither is Send in the new conversation.
    assert.equal(await side.newChat.isDisabled(), false, 'New chat works while A streams');
    await side.newChat.click();
    await chat.send.waitFor();
    assert.equal(await chat.stop.count(), 0, 'the new conversation shows Send, not A’s Stop');
    await send(chat, STORY);
    const replyB = chat.reply;
    await waitOn(chat, async () => (await replyB.innerText()).includes(STORY_OPENING), 'B’s reply streams');
    assert.equal(await chat.assistant.count(), 1, 'B shows only its own reply');

    // Both stream at once, and the sidebar says so for each.
    await waitUntil(async () => (await side.replying.count()) === 2, 'both conversations are marked replying');
    assert.equal(await side.row(STORY).getByRole('img', { name: 'Replying', exact: true }).count(), 1);
    const during = await storedReplies(page);
    assert.equal(during[BRIEF]?.state, 'streaming', 'A is still streaming when B streams');
    assert.equal(during[STORY]?.state, 'streaming');
    await screenshot(page, 'concurrent-two-replying.png');
    assert.deepEqual(await axeViolations(page, { include: 'nav' }), [], 'axe on the sidebar with two replying');

    // Stop in B stops B only.
    await chat.stop.click();
    await replyB.getByText('Stopped', { exact: true }).waitFor();
    // "Stopped" shows as soon as the stream ends; the reply stays busy until that end is saved.
    await waitUntil(async () => (await busy(replyB)) === 'false', 'B’s stopped reply is saved and no longer busy');
    await chat.send.waitFor();
    await waitUntil(async () => (await side.replying.count()) === 1, 'only A is still marked replying');
    assert.equal(await side.row(BRIEF).getByRole('img', { name: 'Replying', exact: true }).count(), 1, 'A goes on');
    const afterStop = await storedReplies(page);
    assert.equal(afterStop[BRIEF].state, 'streaming', 'A was not stopped');

    // A finishes whole; opening it shows the live reply, which ends complete.
    // While A streams its row moves to the top (its saves make it the newest), so a click can
    // land on the row that moved under the pointer: click A's row again until A is open.
    await waitOn(chat, async () => {
      if ((await chat.you.first().innerText().catch(() => '')).includes(BRIEF)) return true;
      await side.open(BRIEF).click();
      return false;
    }, 'A is open');
    await settled(chat);
    const shown = await chat.reply.innerText();
    assert.ok(shown.includes(COUNT_END), `A’s whole answer is shown: ${shown}`);
    assert.ok(!shown.includes('Stopped'), 'A was not stopped');
    await waitUntil(async () => (await side.replying.count()) === 0, 'nothing is marked replying');

    const stored = await waitUntil(async () => {
      const replies = await storedReplies(page);
      return replies[BRIEF]?.state === 'complete' && replies;
    }, 'A’s reply is stored complete');
    assert.ok(stored[BRIEF].content.endsWith(COUNT_END), 'A’s stored answer is whole');
    assert.equal(stored[STORY].state, 'stopped', 'B’s reply is stored stopped');
    assert.ok(stored[STORY].content.startsWith(STORY_OPENING), 'B keeps what arrived');

    // The mock saw B's request aborted by Stop and A's run to its end.
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    const asked = (text) => requests.find((r) => JSON.stringify(r.body).includes(text));
    assert.equal(asked('long story')?.aborted, true, 'B’s request was aborted');
    assert.equal(asked('count the sheep')?.aborted, false, 'A’s request was not');
    assert.deepEqual(chat.errors, []);
  });

  test('closing the tab while two conversations stream leaves both replies stored and marked interrupted', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'concurrent' });
    const { context, page } = chat;
    await turnOffGeneratedTitles(page);
    const side = sidebar(page);
    const first = `${STORY} (first)`;
    const second = `${STORY} (second)`;
    await send(chat, first);
    await side.newChat.click();
    await send(chat, second);
    await waitUntil(async () => (await side.replying.count()) === 2, 'both conversations are replying');
    // Both replies are written as they grow: wait until each has text stored.
    await waitUntil(async () => {
      const replies = await storedReplies(page);
      return [first, second].every((q) => replies[q]?.state === 'streaming' && replies[q].content.includes(STORY_OPENING));
    }, 'both growing replies are stored while they stream');

    await page.close();
    const again = await loadApp(context, env.app.url);
    const replies = await waitUntil(async () => {
      const stored = await storedReplies(again.page);
      return [first, second].every((q) => stored[q]?.state === 'interrupted') && stored;
    }, 'both replies are marked interrupted');
    for (const question of [first, second]) {
      assert.ok(replies[question].content.startsWith(STORY_OPENING), `the text of “${question}” is kept`);
    }
    const againSide = sidebar(again.page);
    assert.equal(await againSide.replying.count(), 0, 'nothing is marked replying after the restart');
    for (const question of [first, second]) {
      await againSide.open(question).click();
      await waitOn(again, async () => (await again.you.first().innerText()).includes(question), 'it is open');
      await waitOn(again, async () => (await again.reply.innerText()).includes('Interrupted'), 'it says Interrupted');
      await waitUntil(async () => (await busy(again.reply)) === 'false', 'the interrupted reply is not busy');
    }
    assert.deepEqual(again.errors, []);
    assert.deepEqual(chat.errors, []);
  });

  test('Delete all data while two replies stream leaves no conversation behind, then or after a reload', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'concurrent' });
    const { context, page } = chat;
    await turnOffGeneratedTitles(page);
    const side = sidebar(page);
    await send(chat, BRIEF);
    await side.newChat.click();
    await send(chat, STORY);
    await waitUntil(async () => (await side.replying.count()) === 2, 'both conversations are replying');
    await waitUntil(async () => {
      const replies = await storedReplies(page);
      return [BRIEF, STORY].every((q) => replies[q]?.state === 'streaming' && replies[q].content.length > 0);
    }, 'both growing replies are stored while they stream');

    const settings = await openSettings(page);
    page.once('dialog', (question) => question.accept());
    await settings.getByRole('button', { name: 'Delete all data', exact: true }).click();
    await settings.getByText('All data deleted.', { exact: true }).waitFor();
    // Both requests were aborted; any late write of theirs would have landed by the time
    // the steady count (about 8 s) would have ended.
    await waitUntil(async () => {
      const requests = await chatRequests(env.mock, FAMILIES.openai);
      return requests.length === 2 && requests.every((r) => r.aborted);
    }, 'both replies were stopped');
    await sleep(9000);
    const after = await readDatabase(page, ['sessions', 'messages']);
    assert.deepEqual(after, { sessions: [], messages: [] }, 'no conversation came back');

    await page.close();
    const again = await loadApp(context, env.app.url);
    assert.deepEqual(await readDatabase(again.page, ['sessions', 'messages']), { sessions: [], messages: [] });
    assert.equal(await sidebar(again.page).list.getByRole('listitem').count(), 0, 'the sidebar lists none');
    assert.deepEqual(again.errors, []);
    assert.deepEqual(chat.errors, []);
  });

  test('a reload for a new version waits for a reply streaming in a conversation that is not open', async (t) => {
    const served = await serveCopy(t);
    const chat = await openChatWithProvider(t, env, {
      scenario: 'concurrent',
      url: served.url,
      contextOptions: { serviceWorkers: 'allow' },
    });
    const { page } = chat;
    await waitUntil(() => page.evaluate(() => navigator.serviceWorker.controller !== null), 'a worker controls the page');
    await turnOffGeneratedTitles(page);
    const side = sidebar(page);
    await send(chat, STORY);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes(STORY_OPENING), 'the story streams');
    // Another conversation is open: nothing streams there, but the story still does.
    await side.newChat.click();
    await chat.send.waitFor();
    await side.replying.waitFor();

    let loads = 0;
    page.on('load', () => {
      loads += 1;
    });
    await publishNewBuild(served.dir);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
    const region = page.getByRole('status', { name: 'Hearth updates', exact: true });
    await region.getByText('A new version of Hearth is ready.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Reload to use the new version', exact: true }).click();
    await region.getByText('Reloading after the reply finishes…', { exact: true }).waitFor();
    await sleep(500);
    assert.equal(loads, 0, 'no reload while the story streams in the other conversation');
    assert.ok(await workerWaiting(page), 'SKIP_WAITING was not sent');

    // Stopping the story (in its own conversation) lets the reload go ahead.
    const reloaded = page.waitForEvent('load');
    await side.open(STORY).click();
    await waitOn(chat, async () => (await chat.you.first().innerText()).includes(STORY), 'the story is open');
    await chat.stop.click();
    await reloaded;
    assert.equal(loads, 1, 'one reload, after the reply ended');
    assert.deepEqual(chat.errors, []);
  });
});
