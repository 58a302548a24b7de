// End-to-end tests of the conversations' addresses (issue 16, item 6) in real headless
// Chromium against the built app and the mock LLM server: each conversation has its own
// address (`#/s/<id>`, a hash route that works on any static host); opening a conversation
// or New chat adds a history entry, so Back and Forward move between conversations, while
// sending and streaming add none; a reload or a shared link opens the same conversation;
// an address naming no stored conversation shows "Conversation not found" (announced,
// axe-clean in light and dark, at 390 px) with a way back. Elements are found by role and
// accessible name. Screenshots go to tests/e2e/screenshots/routing-*.png.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openApp, openChatWithProvider as openChat, sendAndSettle, useHarness } from '../support/chat.mjs';
import { turnOffGeneratedTitles } from '../support/dialogs.mjs';

const FIRST = 'Tell me about owls.';
const SECOND = 'Tell me about foxes.';
const GREETING = 'How can I help you today?';

/** The open session's id, from the address (`#/s/<id>`), or null. */
function sessionIdOf(page) {
  const match = /^#\/s\/(.+)$/.exec(new URL(page.url()).hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The page's locators used here, by role and accessible name. */
function routing(page) {
  const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
  return {
    nav,
    list: nav.getByRole('list', { name: 'Conversation list', exact: true }),
    newChat: nav.getByRole('button', { name: 'New chat', exact: true }),
    notFound: page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Conversation not found', exact: true }) }),
    /** The sidebar button that opens the conversation titled `title`. */
    open: (title) => nav.getByRole('button', { name: title, exact: true }),
    startNew: page.getByRole('button', { name: 'Start a new chat', exact: true }),
    greeting: page.getByRole('heading', { name: GREETING, exact: true }),
  };
}

/**
 * A chat with the mock's echo model and generated titles off, so each conversation's title
 * in the sidebar is its first message.
 */
async function openChatWithProvider(t, env, options) {
  const chat = await openChat(t, env, options);
  assert.equal(await turnOffGeneratedTitles(chat.page), true, 'generated titles were on');
  return chat;
}

/** How many entries the tab's session history has. */
function historyLength(page) {
  return page.evaluate(() => history.length);
}

/** Waits until the conversation shown holds the user message `text` and no other user message. */
async function showsOnly(chat, text) {
  await waitUntil(async () => {
    const shown = await chat.you.allInnerTexts();
    return shown.length === 1 && shown[0].includes(text);
  }, `the conversation with "${text}" alone is shown`);
}

describe('addresses and history', () => {
  const env = useHarness();

  test('Back and Forward move between conversations, a reload and a shared link reopen one, sending adds no entry', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = routing(chat.page);
    const start = await historyLength(chat.page);
    await sendAndSettle(chat, FIRST);
    const first = sessionIdOf(chat.page);
    assert.ok(first, 'the first conversation has its own address');
    assert.equal(await historyLength(chat.page), start, 'a new conversation takes its entry: sending and streaming add none');

    await ui.newChat.click();
    await ui.greeting.waitFor();
    assert.equal(sessionIdOf(chat.page), null, 'a new chat has no conversation in its address');
    assert.equal(new URL(chat.page.url()).hash, '', 'and no fragment at all');
    assert.equal(await historyLength(chat.page), start + 1, 'New chat is one entry');
    await sendAndSettle(chat, SECOND);
    const second = sessionIdOf(chat.page);
    assert.ok(second && second !== first, 'the second conversation has another address');
    assert.equal(await historyLength(chat.page), start + 1, 'its first message takes the new chat entry');

    await chat.page.goBack();
    await showsOnly(chat, FIRST);
    assert.equal(sessionIdOf(chat.page), first, 'Back: the first conversation');
    await waitUntil(async () => (await chat.page.title()) === `${FIRST} – Hearth`, 'the tab is named after the conversation');
    await chat.page.goForward();
    await showsOnly(chat, SECOND);
    assert.equal(sessionIdOf(chat.page), second, 'Forward: the second again');

    // Opening one from the list is an entry too; opening the one shown adds none.
    await ui.open(SECOND).click();
    assert.equal(await historyLength(chat.page), start + 1, 'the open conversation again: no entry');
    await ui.open(FIRST).click();
    await showsOnly(chat, FIRST);
    assert.equal(sessionIdOf(chat.page), first);
    assert.equal(await historyLength(chat.page), start + 2, 'another conversation from the list: one entry');
    await chat.page.goBack();
    await showsOnly(chat, SECOND);
    assert.equal(sessionIdOf(chat.page), second, 'Back returns to the conversation before');

    await chat.page.reload();
    await showsOnly(chat, SECOND);
    assert.equal(sessionIdOf(chat.page), second, 'a reload keeps the conversation');
    assert.equal(await ui.open(SECOND).getAttribute('aria-current'), 'page', 'the sidebar marks it');

    // A shared link, in another tab of the same browser.
    const other = await loadApp(chat.context, `${env.app.url}#/s/${encodeURIComponent(first)}`);
    await showsOnly(other, FIRST);
    assert.equal(sessionIdOf(other.page), first);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('an address typed in opens that conversation', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    await sendAndSettle(chat, FIRST);
    const first = sessionIdOf(chat.page);
    await routing(chat.page).newChat.click();
    await sendAndSettle(chat, SECOND);
    // As if typed into the address bar: a navigation to the fragment, which the page follows.
    await chat.page.evaluate((id) => { location.hash = `#/s/${encodeURIComponent(id)}`; }, first);
    await showsOnly(chat, FIRST);
    assert.deepEqual(chat.errors, []);
  });

  test('an unknown conversation says "Conversation not found", with a way back', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = routing(chat.page);
    await sendAndSettle(chat, FIRST);
    const first = sessionIdOf(chat.page);
    await chat.page.evaluate(() => { location.hash = '#/s/no-such-conversation'; });
    await ui.notFound.waitFor();
    assert.equal(await chat.you.count(), 0, 'no conversation is shown under it');
    assert.equal(await chat.page.title(), 'Conversation not found – Hearth');
    assert.equal(await ui.open(FIRST).getAttribute('aria-current'), null, 'none is marked open');

    // Back leaves it; Forward comes back to it; "Start a new chat" leaves it for a new chat.
    await chat.page.goBack();
    await showsOnly(chat, FIRST);
    assert.equal(await ui.notFound.count(), 0, 'Back: the conversation, no "not found"');
    await chat.page.goForward();
    await ui.notFound.waitFor();
    await ui.startNew.click();
    await ui.greeting.waitFor();
    assert.equal(await ui.notFound.count(), 0);
    assert.equal(sessionIdOf(chat.page), null, 'a new chat');
    await ui.open(FIRST).click();
    await showsOnly(chat, FIRST);
    assert.equal(sessionIdOf(chat.page), first, 'the first conversation is untouched');

    // Typing in the message box there starts a new conversation of its own.
    await chat.page.evaluate(() => { location.hash = '#/s/no-such-conversation'; });
    await ui.notFound.waitFor();
    await sendAndSettle(chat, SECOND);
    assert.equal(await ui.notFound.count(), 0, 'sending leaves "not found" for the new conversation');
    const made = sessionIdOf(chat.page);
    assert.ok(made && made !== 'no-such-conversation' && made !== first, 'with its own address');
    assert.deepEqual(chat.errors, []);
  });

  test('a deleted conversation: its address says not found, and comes back with Undo', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = routing(chat.page);
    await sendAndSettle(chat, FIRST);
    const first = sessionIdOf(chat.page);
    await ui.newChat.click();
    await sendAndSettle(chat, SECOND);
    const row = ui.list.getByRole('listitem').filter({ has: chat.page.getByRole('button', { name: FIRST, exact: true }) });
    await ui.open(FIRST).click();
    await showsOnly(chat, FIRST);
    // The row's actions show when it is hovered, as for a mouse user.
    await row.hover();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    await ui.greeting.waitFor();
    assert.equal(sessionIdOf(chat.page), null, 'the deleted conversation\'s entry now holds a new chat');
    await chat.page.goBack();
    await showsOnly(chat, SECOND);
    await chat.page.evaluate((id) => { location.hash = `#/s/${encodeURIComponent(id)}`; }, first);
    await ui.notFound.waitFor();
    await chat.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await showsOnly(chat, FIRST);
    assert.equal(await ui.notFound.count(), 0, 'undone: the conversation its address names opens');
    assert.deepEqual(chat.errors, []);
  });

  for (const scheme of ['light', 'dark']) {
    test(`"Conversation not found" on a reload or a link from elsewhere passes axe at 1280 and 390 px, ${scheme}`, async (t) => {
      for (const width of [1280, 390]) {
        const chat = await openApp(t, env, {
          url: `${env.app.url}#/s/made-in-another-browser`,
          contextOptions: { viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme: scheme },
        });
        const ui = routing(chat.page);
        await ui.notFound.waitFor();
        assert.ok(await ui.startNew.isVisible(), 'the way back is in view');
        assert.equal(await chat.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing overflows');
        assert.deepEqual(await axeViolations(chat.page), [], `axe at ${width} px`);
        await screenshot(chat.page, `routing-not-found-${width}-${scheme}.png`);
        assert.deepEqual(chat.errors, []);
      }
    });
  }
});
