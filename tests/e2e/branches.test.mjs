// End-to-end tests of a conversation as a tree, in real headless Chromium against the mock
// LLM server: editing a sent message (the last one and one three turns back) adds a
// version beside it and answers it anew, the old branch stays; the arrows on a message
// switch branches with the mouse and the keyboard; the choice survives a reload; what is
// sent follows the branch shown. And a database of schema 2 (replies with versions
// through `variant_of`) is upgraded in place to the tree, showing what it showed. A branch
// goes into a new chat that links back (listed under its source; from a question the
// composer gets its text), and pruning a version or every other branch waits for Undo. A
// reply can be edited (as a new version, or fixed in place, which drops Anthropic's signed
// thinking from what is sent back); the outline of the forks shows any branch; search finds
// messages in other branches and opens them; a second tab follows all of it.
// Elements are found by role and accessible name; stored records are read from IndexedDB
// and requests from the mock's log.

import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser.mjs';
import {
  loadApp,
  newContext,
  openChatWithProvider,
  sendAndSettle,
  settled,
  storedAtRest,
  useHarness,
  waitOn,
} from '../support/chat.mjs';
import { axeViolations } from '../support/axe.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, echoReply, FAMILIES, waitForChatRequests } from '../support/mock.mjs';

/** The version arrows of `article`, a user message ("Versions of this message"). */
function versionsOf(article, what = 'message') {
  const group = article.getByRole('group', { name: `Versions of this ${what}`, exact: true });
  return {
    group,
    previous: group.getByRole('button', { name: 'Show the previous version', exact: true }),
    next: group.getByRole('button', { name: 'Show the next version', exact: true }),
  };
}

/** The texts of the user messages on screen, in order. */
async function questions(chat) {
  return (await chat.you.locator('.user-text').allInnerTexts()).map((text) => text.trim());
}

/** Edits the user message `article` into `text` and sends it, with the keyboard from the Edit button. */
async function edit(chat, article, text) {
  await article.getByRole('button', { name: 'Edit', exact: true }).click();
  const box = article.getByRole('textbox', { name: 'Edit your message', exact: true });
  await box.waitFor();
  assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the box takes the focus');
  await box.fill(text);
  await article.getByRole('button', { name: 'Send', exact: true }).click();
}

describe('branches', () => {
  const env = useHarness();

  test('editing a message three turns back and the last one keeps every branch, switchable and remembered', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    for (const text of ['First question', 'Second question', 'Third question']) await sendAndSettle(chat, text);

    // Edit the last question: a new version and a new answer; nothing is removed.
    await edit(chat, chat.you.nth(2), 'Third question, edited');
    await waitOn(chat, async () => (await questions(chat))[2] === 'Third question, edited', 'the edit is shown');
    await settled(chat);
    assert.deepEqual(await questions(chat), ['First question', 'Second question', 'Third question, edited']);
    assert.match(await chat.reply.innerText(), /Third question, edited/, 'the new answer answers the edit');
    assert.match(await versionsOf(chat.you.nth(2)).group.innerText(), /Version 2 of 2/);
    let requests = await waitForChatRequests(env.mock, FAMILIES.openai, 4);
    assert.deepEqual(
      requests[3].body.messages.map((m) => [m.role, m.role === 'user' ? m.content : '…']),
      [['user', 'First question'], ['assistant', '…'], ['user', 'Second question'], ['assistant', '…'], ['user', 'Third question, edited']],
      'the edit is sent after the two turns before it, without the question it replaces',
    );

    // Edit the first question: the conversation below it is another branch now.
    await edit(chat, chat.you.nth(0), 'First question, edited');
    await waitOn(chat, async () => (await questions(chat)).length === 1, 'only the new branch is shown');
    await settled(chat);
    assert.deepEqual(await questions(chat), ['First question, edited']);
    requests = await waitForChatRequests(env.mock, FAMILIES.openai, 5);
    assert.deepEqual(requests[4].body.messages.map((m) => m.content), ['First question, edited']);
    let stored = await storedAtRest(chat.page);
    assert.equal(stored.length, 10, 'every message of every branch is stored');
    const byText = (text) => stored.find((m) => m.content === text);
    assert.equal(byText('First question, edited').parent, undefined, 'a first message has no parent');
    assert.equal(byText('First question').parent, undefined);
    assert.equal(byText('Third question, edited').parent, byText('Third question').parent, 'an edit is a sibling');
    await screenshot(chat.page, 'branch-arrows.png');

    // The Markdown export writes the branch shown; on request, the other versions follow as appendices.
    const exported = async (name) => {
      const [file] = await Promise.all([
        chat.page.waitForEvent('download'),
        chat.page.getByRole('button', { name, exact: true }).click(),
      ]);
      const stream = await file.createReadStream();
      let text = '';
      for await (const part of stream) text += part;
      return text;
    };
    const plain = await exported('Export as Markdown');
    assert.match(plain, /First question, edited/);
    assert.doesNotMatch(plain, /Second question/, 'the plain export is the branch shown');
    const full = await exported('Export with other versions');
    assert.ok(full.startsWith(plain), 'the branch shown first');
    assert.match(full, /## Other version 1 \(at the start\)[\s\S]*First question\n[\s\S]*Second question[\s\S]*Third question, edited/);
    assert.deepEqual(await axeViolations(chat.page), [], 'the arrows and menus pass axe');

    // Back to the first branch with the mouse: it shows as it was left (the edited third question).
    await versionsOf(chat.you.nth(0)).previous.click();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the first branch is shown');
    assert.deepEqual(await questions(chat), ['First question', 'Second question', 'Third question, edited']);
    assert.match(await versionsOf(chat.you.nth(0)).group.innerText(), /Version 1 of 2/);
    // Focus moves at the next frame to the arrows of the version now shown.
    const focused = () => chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await waitOn(chat, async () => (await focused()) === 'Show the next version', 'focus stays on the arrows');
    const description = await chat.page.evaluate(() => {
      const id = document.activeElement?.getAttribute('aria-describedby');
      return id && document.getElementById(id)?.textContent;
    });
    assert.equal(description, 'Version 1 of 2', 'the arrow says where the version shown stands');

    // The third question's older version, by the keyboard.
    await versionsOf(chat.you.nth(2)).previous.focus();
    await chat.page.keyboard.press('Enter');
    await waitOn(chat, async () => (await questions(chat))[2] === 'Third question', 'the older third question is shown');
    assert.match(await chat.reply.innerText(), /You said:\s*Third question\b/);

    // Reload: the same branch, at every fork.
    await waitOn(chat, async () => (await storedAtRest(chat.page)).filter((m) => m.chosen_at).length === 2, 'both choices are stored');
    await chat.page.reload();
    await waitOn(chat, async () => (await questions(chat)).length === 3 && (await questions(chat))[2] === 'Third question', 'the branch shown survives a reload');

    // The next question follows the branch shown, and only it is sent.
    await sendAndSettle(chat, 'Fourth question');
    requests = await waitForChatRequests(env.mock, FAMILIES.openai, 6);
    const users = requests[5].body.messages.filter((m) => m.role === 'user').map((m) => m.content);
    assert.deepEqual(users, ['First question', 'Second question', 'Third question', 'Fourth question']);
    const answers = requests[5].body.messages.filter((m) => m.role === 'assistant').map((m) => m.content);
    assert.equal(answers[2], await echoReply('Third question'), 'the answer of the branch shown is sent');
    stored = await storedAtRest(chat.page);
    assert.equal(stored.length, 12, 'nothing was lost');
    assert.deepEqual(chat.errors, []);
  });

  test('Cancel and Escape leave a message as it was', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      family: FAMILIES.openai,
      scenario: 'echo',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await sendAndSettle(chat, 'Keep me');
    const question = chat.you.first();
    await question.getByRole('button', { name: 'Edit', exact: true }).click();
    const box = question.getByRole('textbox', { name: 'Edit your message', exact: true });
    await box.fill('Not this');
    await screenshot(chat.page, 'edit-message-mobile-dark.png');
    assert.deepEqual(await axeViolations(chat.page), [], 'the editor passes axe at 390 px in dark mode');
    await box.press('Escape');
    await box.waitFor({ state: 'detached' });
    assert.equal((await questions(chat))[0], 'Keep me');
    // Focus goes back to Edit at the next frame, once the button is in the page again.
    const focused = () => chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    await waitOn(chat, async () => (await focused()) === 'Edit', 'focus is back on Edit');
    await question.getByRole('button', { name: 'Edit', exact: true }).click();
    await question.getByRole('button', { name: 'Cancel', exact: true }).click();
    assert.equal((await storedAtRest(chat.page)).length, 2, 'nothing was stored');
    assert.equal(await versionsOf(question).group.count(), 0, 'one version: no arrows');
    assert.deepEqual(chat.errors, []);
  });

  /** Opens "More actions" of `article` and chooses `item`. */
  async function moreActions(chat, article, item) {
    await article.getByRole('button', { name: 'More actions', exact: true }).click();
    await chat.page.getByRole('menuitem', { name: item, exact: true }).click();
  }

  test('a branch goes into a new chat that links back, and pruning waits for Undo', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    for (const text of ['Plan a trip', 'Where to?', 'Which month?']) await sendAndSettle(chat, text);
    const nav = chat.page.getByRole('navigation', { name: 'Conversations', exact: true });
    const source = await storedAtRest(chat.page);

    // From the second answer: a new conversation with the first two turns, listed under its source.
    await moreActions(chat, chat.assistant.nth(1), 'Branch into a new chat');
    await waitOn(chat, async () => (await questions(chat)).length === 2, 'the branch is open');
    assert.deepEqual(await questions(chat), ['Plan a trip', 'Where to?']);
    let { sessions, messages } = await readDatabase(chat.page, ['sessions', 'messages']);
    const title = sessions.find((s) => s.id === source[0].session_id).title;
    const rows = nav.getByRole('listitem');
    const titles = (await rows.allInnerTexts()).map((text) => text.trim().split('\n')[0]);
    assert.deepEqual(titles.slice(0, 2), [title, `${title} (branch)`], 'the branch is listed under its source');
    const branch = sessions.find((s) => s.branch_of);
    assert.equal(branch.branch_of, source[0].session_id, 'the branch links back to its source');
    const secondAnswer = source.filter((m) => m.role === 'assistant').sort((a, b) => a.created_at - b.created_at)[1];
    assert.equal(branch.branched_at, secondAnswer.id, 'and names the message it was copied up to');
    const copies = messages.filter((m) => m.session_id === branch.id);
    assert.equal(copies.length, 4);
    assert.ok(copies.every((m) => !source.some((o) => o.id === m.id)), 'the copies have ids of their own');
    assert.equal(messages.filter((m) => m.session_id === source[0].session_id).length, 6, 'the source is untouched');

    // A message with one version cannot be deleted alone: the menu says why.
    await moreActions(chat, chat.you.first(), 'Delete this version');
    await chat.you.first().getByRole('status').filter({ hasText: 'no other version' }).waitFor();

    // The branch goes on by itself.
    await sendAndSettle(chat, 'By train?');
    let requests = await waitForChatRequests(env.mock, FAMILIES.openai, 4);
    assert.deepEqual(requests[3].body.messages.filter((m) => m.role === 'user').map((m) => m.content), ['Plan a trip', 'Where to?', 'By train?']);

    // From a question: the path before it, and the composer holds its text.
    await nav.getByRole('button', { name: title, exact: true }).click();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the source is open again');
    await moreActions(chat, chat.you.nth(2), 'Branch into a new chat');
    await waitOn(chat, async () => (await chat.message.inputValue()) === 'Which month?', 'the composer holds the question');
    // The composer may hold the text a moment before the new chat's messages are listed.
    await waitOn(chat, async () => (await questions(chat)).length === 2, 'the branch is open');
    assert.deepEqual(await questions(chat), ['Plan a trip', 'Where to?']);

    // Pruning: back in the source, an edit makes two versions; delete the old one, undo, then for good.
    await nav.getByRole('button', { name: title, exact: true }).click();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the source is open again');
    await chat.message.fill('');
    await edit(chat, chat.you.nth(1), 'Where to, by sea?');
    await waitOn(chat, async () => (await questions(chat)).length === 2, 'the edit is shown');
    await settled(chat);
    // A second tab on the same conversation follows the pruning.
    const other = await loadApp(chat.context, chat.page.url());
    await waitOn(other, async () => (await versionsOf(other.you.nth(1)).group.count()) === 1, 'the second tab shows the versions');
    chat.page.once('dialog', (dialog) => {
      assert.match(dialog.message(), /Delete every branch but the one shown \(4 messages\)\?/, 'the question counts the hidden messages');
      dialog.accept();
    });
    await moreActions(chat, chat.reply, 'Keep only this path');
    const undo = chat.page.getByRole('button', { name: 'Undo', exact: true });
    await undo.waitFor();
    assert.match(await chat.page.getByRole('status').filter({ hasText: 'Deleted 4 messages' }).innerText(), /Deleted 4 messages/);
    assert.equal(await versionsOf(chat.you.nth(1)).group.count(), 0, 'the other version is gone from the screen');
    await undo.click();
    await waitOn(chat, async () => (await versionsOf(chat.you.nth(1)).group.count()) === 1, 'Undo brings it back');
    await sleep(8_500);
    assert.equal((await storedAtRest(chat.page)).filter((m) => m.session_id === source[0].session_id).length, 8, 'nothing was deleted');

    // Deleting the edited version (and its answer) shows the other one again, with all below it.
    chat.page.once('dialog', (dialog) => {
      assert.match(dialog.message(), /Delete this version and all below it \(2 messages\)\?/);
      dialog.accept();
    });
    await moreActions(chat, chat.you.nth(1), 'Delete this version');
    await undo.waitFor();
    assert.deepEqual(await questions(chat), ['Plan a trip', 'Where to?', 'Which month?'], 'the other version is shown');
    await waitOn(chat, async () => (await undo.count()) === 0, 'the Undo window ends', { timeout: 12_000 });
    const stored = async () => (await storedAtRest(chat.page)).filter((m) => m.session_id === source[0].session_id);
    await waitOn(chat, async () => (await stored()).length === 6, 'the version and all below it are deleted');
    assert.ok((await stored()).every((m) => m.content !== 'Where to, by sea?'));
    await waitOn(other, async () => (await other.you.count()) === 3 && (await versionsOf(other.you.nth(1)).group.count()) === 0, 'the second tab follows the deletion');
    assert.deepEqual(other.errors, []);
    await chat.page.reload();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the conversation is shown after a reload');
    assert.equal(await versionsOf(chat.you.nth(1)).group.count(), 0, 'one version left');
    assert.deepEqual(chat.errors, []);
  });

  test('a reply edited in place or as a new version, the outline, search in another branch, and a second tab', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.anthropic, scenario: 'thinking', thinking: true });
    for (const text of ['First question', 'Second question']) await sendAndSettle(chat, text);
    const other = await loadApp(chat.context, chat.page.url());
    await waitOn(other, async () => (await other.assistant.count()) === 2, 'the second tab shows the conversation');
    let requests = await chatRequests(env.mock, FAMILIES.anthropic);
    assert.equal(requests[1].body.messages[1].content[0].type, 'thinking', 'an answer as written sends back its signed thinking');

    // Fix the first answer in place: marked edited, no new version, the second tab follows.
    await moreActions(chat, chat.assistant.nth(0), 'Edit this answer');
    const editor = chat.page.getByRole('dialog', { name: 'Edit this answer', exact: true });
    const text = editor.getByRole('textbox', { name: 'Text of the answer', exact: true });
    assert.match(await text.inputValue(), /## The answer/, 'the editor holds the answer as markdown');
    assert.deepEqual(await axeViolations(chat.page), [], 'the reply editor passes axe');
    await text.fill('A **fixed** first answer.');
    await editor.getByRole('button', { name: 'Fix in place', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await waitOn(chat, async () => /A fixed first answer\./.test(await chat.assistant.nth(0).innerText()), 'the fix is shown');
    assert.match(await chat.assistant.nth(0).innerText(), /· edited/, 'and marked edited');
    assert.equal(await versionsOf(chat.assistant.nth(0), 'answer').group.count(), 0, 'fixing in place makes no version');
    await waitOn(other, async () => /A fixed first answer\./.test(await other.assistant.nth(0).innerText()), 'the second tab shows the fix');
    let stored = await storedAtRest(chat.page);
    const fixed = stored.find((m) => m.content === 'A **fixed** first answer.');
    assert.ok(fixed.edited_at, 'stored as edited');
    assert.ok((fixed.reasoning_parts ?? []).every((part) => !part.signature && !part.redacted), 'its signature is dropped');

    // The second answer as a new version, with the keyboard: the original stays one arrow away.
    await moreActions(chat, chat.assistant.nth(1), 'Edit this answer');
    await text.fill('My own second answer.');
    await text.press('Control+Enter');
    await editor.waitFor({ state: 'hidden' });
    await waitOn(chat, async () => /My own second answer\./.test(await chat.reply.innerText()), 'the new version is shown');
    assert.match(await versionsOf(chat.reply, 'answer').group.innerText(), /Version 2 of 2/);
    await waitOn(other, async () => /My own second answer\./.test(await other.reply.innerText()), 'the second tab shows it');

    // What is sent next follows the edits, without thinking for the edited answers.
    await sendAndSettle(chat, 'Third question');
    requests = await chatRequests(env.mock, FAMILIES.anthropic);
    const sent = requests.at(-1).body.messages;
    assert.deepEqual(sent.map((m) => m.role), ['user', 'assistant', 'user', 'assistant', 'user']);
    assert.equal(sent[1].content, 'A **fixed** first answer.', 'the fixed answer goes as plain text');
    assert.equal(sent[3].content, 'My own second answer.', 'so does the new version');

    // The outline lists the fork of the second answer; its first version shows that branch.
    await chat.page.getByRole('button', { name: 'Branches', exact: true }).click();
    const outline = chat.page.getByRole('dialog', { name: 'Branches of this conversation', exact: true });
    await outline.waitFor();
    const versionButtons = outline.getByRole('button', { name: /^\d of 2: / });
    const rows = (await outline.getByRole('listitem').allInnerTexts()).map((row) => row.replace(/\s+/g, ' ').trim());
    assert.equal(rows.length, 3, `a fork and its two versions: ${JSON.stringify(rows)}`);
    assert.equal(rows[0], 'Turn 2 · 2 answers');
    assert.match(rows[1], /^1 of 2: thinking: The answer It is 42, because: six times seven 0x2a in hex /);
    assert.match(rows[2], /^2 of 2: thinking, edited: My own second answer\. .*shown$/, "a version the user wrote says so");
    assert.equal(await versionButtons.nth(1).getAttribute('aria-current'), 'true', 'the version shown is marked');
    await screenshot(chat.page, 'branch-outline.png');
    assert.deepEqual(await axeViolations(chat.page), [], 'the outline passes axe');
    await versionButtons.nth(0).focus();
    await chat.page.keyboard.press('Enter');
    await outline.waitFor({ state: 'hidden' });
    await waitOn(chat, async () => (await questions(chat)).length === 2, "the first version's branch is shown");
    assert.match(await chat.reply.innerText(), /It is 42/);
    assert.match(await versionsOf(chat.reply, 'answer').group.innerText(), /Version 1 of 2/);
    await waitOn(other, async () => (await other.you.count()) === 2 && /It is 42/.test(await other.reply.innerText()), 'the second tab follows the outline');

    // Search finds the third question in the branch not shown, and opens that branch.
    await chat.page.getByRole('button', { name: 'New chat', exact: true }).click();
    await chat.page.getByRole('searchbox', { name: 'Search conversations', exact: true }).fill('Third question');
    const results = chat.page.getByRole('list', { name: 'Search results', exact: true });
    const hit = results.getByRole('button').filter({ hasText: 'Third question' });
    // The hits are listed first; which are in another branch follows once their trees are read.
    await hit.getByText('In another branch', { exact: true }).waitFor();
    await hit.click();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the branch of the hit is open');
    assert.deepEqual(await questions(chat), ['First question', 'Second question', 'Third question']);
    await waitOn(other, async () => (await other.you.count()) === 3, 'the second tab follows');

    // A reload shows the same branch; every message is still stored.
    await chat.page.reload();
    await waitOn(chat, async () => (await questions(chat)).length === 3, 'the branch survives a reload');
    stored = await storedAtRest(chat.page);
    assert.equal(stored.length, 7, 'two questions, the third, their answers and the edited version');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('a schema 2 database is upgraded to the tree in place and shows what it showed', async (t) => {
    const context = await newContext(t, env.browser);
    const page = await context.newPage();
    // A page of the app's origin that is not the app, to write the old database first.
    await page.goto(new URL('manifest.webmanifest', env.app.url).href);
    const T = 1763769800000;
    const m = (id, role, t, content, extra = {}) => ({
      id,
      session_id: 's-old',
      role,
      content,
      state: 'complete',
      created_at: T + t,
      updated_at: T + t,
      terms: [],
      ...extra,
    });
    const messages = [
      m('u1', 'user', 0, 'Old question'),
      m('r1', 'assistant', 1, 'Picked answer', { chosen_at: T + 5 }),
      m('r2', 'assistant', 2, 'Newer answer', { variant_of: 'r1' }),
      m('u2', 'user', 6, 'Old follow-up'),
      m('r3', 'assistant', 7, 'Follow-up answer'),
    ];
    await page.evaluate(async ({ messages, T }) => {
      await new Promise((resolve, reject) => {
        const request = indexedDB.open('hearth', 2);
        request.onupgradeneeded = () => {
          const db = request.result;
          for (const store of ['providers', 'model_configs', 'agents', 'sessions', 'messages', 'project_files', 'blobs']) {
            const created = db.createObjectStore(store, { keyPath: 'id' });
            if (store === 'sessions') created.createIndex('by_updated', 'updated_at');
            if (store === 'messages') {
              created.createIndex('by_session', 'session_id');
              created.createIndex('by_term', 'terms', { multiEntry: true });
              created.createIndex('by_state', 'state');
              created.createIndex('by_blob', 'blobs', { multiEntry: true });
            }
          }
          db.createObjectStore('settings', { keyPath: 'key' });
          const tx = request.transaction;
          tx.objectStore('sessions').put({
            id: 's-old',
            title: 'From schema 2',
            agent_id: 'general',
            created_at: T,
            updated_at: T + 7,
            message_count: 5,
            preview: 'Follow-up answer',
          });
          for (const message of messages) tx.objectStore('messages').put(message);
        };
        request.onsuccess = () => {
          request.result.close();
          resolve();
        };
        request.onerror = () => reject(request.error);
      });
    }, { messages, T });

    const chat = await loadApp(context, env.app.url, { page });
    await chat.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: 'From schema 2', exact: true }).click();
    await waitOn(chat, async () => (await chat.assistant.count()) === 2, 'the conversation is shown');
    await waitOn(chat, async () => /Follow-up answer/.test(await chat.reply.innerText()), 'the last answer is rendered');
    assert.deepEqual(await questions(chat), ['Old question', 'Old follow-up']);
    assert.match(await chat.assistant.first().innerText(), /Picked answer/, 'the version picked is still the one shown');
    assert.match(await versionsOf(chat.assistant.first(), 'answer').group.innerText(), /Version 1 of 2/);
    const { messages: upgraded } = await readDatabase(page, ['messages']);
    const parent = Object.fromEntries(upgraded.map((message) => [message.id, message.parent ?? null]));
    assert.deepEqual(parent, { u1: null, r1: 'u1', r2: 'u1', u2: 'r1', r3: 'u2' });
    const version = await page.evaluate(async () => (await indexedDB.databases()).find((db) => db.name === 'hearth').version);
    assert.equal(version, 10, "the database version (10: the messages by their conversation and time, with the record shapes of schema 3)");
    assert.deepEqual(chat.errors, []);
  });
});
