// End-to-end tests of the chat view's own behaviours in real headless Chromium against the
// built app and the mock LLM server: the empty state of a new conversation (with the
// agent's name), the "Still writing" dots at the end of a reply that is still arriving
// (they pulse only while nothing arrives),
// Clear conversation (asks first; Cancel changes nothing; OK empties the conversation,
// keeps the session, and a second tab sees it; a streaming reply is stopped first), and
// auto-scroll (it follows a streaming reply only while the view is at the bottom; scrolling
// up stops it, "Jump to latest" brings the view back and follows again), by mouse and by
// keyboard. Elements are found by role and accessible name. Screenshots (1280 px light,
// 390 px dark) go to tests/e2e/screenshots/chat-view-*.png.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { busy, loadApp, openChatWithProvider, send, sendAndSettle, sendMessage, settled, useHarness, waitOn } from '../support/chat.mjs';
import { readDatabase, sessionMessages } from '../support/idb.mjs';

const GREETING = 'How can I help you today?';
/** A user message long enough to fill the conversation, so a reply below it can scroll. */
const TALL_MESSAGE = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long note.`).join('\n');
/** Within this many px of the bottom the view counts as at the bottom (src/chat/conversation/follow.rs). */
const NEAR_BOTTOM_PX = 8;

/** The open session's id, from the address (`#/s/<id>`), or null. */
function sessionIdOf(page) {
  const match = /^#\/s\/(.+)$/.exec(new URL(page.url()).hash);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The chat view's locators of one page (beside `chatLocators`), by role and accessible name. */
function view(page) {
  const log = page.getByRole('log', { name: 'Conversation', exact: true });
  return {
    greeting: log.getByRole('heading', { name: GREETING, exact: true }),
    scroller: page.getByRole('main', { name: 'Messages', exact: true }),
    jump: page.getByRole('button', { name: 'Jump to latest', exact: true }),
    clear: page.getByRole('button', { name: 'Clear conversation', exact: true }),
    exportMarkdown: page.getByRole('button', { name: 'Export as Markdown', exact: true }),
    conversations: page.getByRole('list', { name: 'Conversation list', exact: true }),
  };
}

/** The dots at the end of the reply `article` while it is still arriving. */
function stillWriting(article) {
  return article.getByRole('img', { name: 'Still writing', exact: true });
}

/** The scroller's position: `{ top, height, client, fromBottom }` in px. */
function position(scroller) {
  return scroller.evaluate((el) => ({
    top: el.scrollTop,
    height: el.scrollHeight,
    client: el.clientHeight,
    fromBottom: el.scrollHeight - el.scrollTop - el.clientHeight,
  }));
}

/** Whether `locator` has the keyboard focus. */
function focused(locator) {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Waits until the scroller's position has not changed for a few frames (a wheel scroll has ended), and returns it. */
async function restingPosition(chat, scroller) {
  let last = null;
  let same = 0;
  await waitOn(
    chat,
    async () => {
      const now = await position(scroller);
      same = last && now.top === last.top ? same + 1 : 0;
      last = now;
      return same >= 3;
    },
    'the scroll position rests',
    { interval: 100 },
  );
  return last;
}

/**
 * Waits until the conversation has grown by more than `by` px past `from` (a position),
 * checking on every reading that `check(position)` holds; returns the last position.
 */
async function growsWhile(chat, scroller, from, by, check, description) {
  let last = from;
  await waitOn(
    chat,
    async () => {
      last = await position(scroller);
      check(last);
      return last.height > from.height + by;
    },
    description,
  );
  return last;
}

/** Sends the tall message and waits until the slow reply below it is streaming and the view follows it. */
async function startTallSlowReply(chat, ui) {
  await sendMessage(chat, TALL_MESSAGE);
  await waitOn(chat, async () => (await chat.assistant.count()) === 1 && (await busy(chat.reply)) === 'true', 'the reply streams');
  const start = await position(ui.scroller);
  assert.ok(start.height > start.client + 200, `the conversation is taller than its view (${JSON.stringify(start)})`);
  // Following: the reply grows and every reading finds the view at the bottom.
  await growsWhile(
    chat,
    ui.scroller,
    start,
    40,
    (at) => assert.ok(at.fromBottom <= NEAR_BOTTOM_PX, `the view follows the reply (${JSON.stringify(at)})`),
    'the streaming reply grows while the view follows it',
  );
}

/** Scrolls the conversation up with the mouse wheel and returns the position it rests at. */
async function wheelUp(chat, ui) {
  const box = await ui.scroller.boundingBox();
  await chat.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await chat.page.mouse.wheel(0, -400);
  const rest = await restingPosition(chat, ui.scroller);
  assert.ok(rest.fromBottom > NEAR_BOTTOM_PX, `the view left the bottom (${JSON.stringify(rest)})`);
  return rest;
}

describe('chat view', () => {
  const env = useHarness();

  test('a new conversation greets with the agent name, and the greeting goes once a message is sent', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = view(chat.page);
    const { agents } = await readDatabase(chat.page, ['agents']);
    const name = agents.find((agent) => agent.id === 'general')?.name;
    assert.equal(name, 'General Assistant', 'the stored default agent');
    await ui.greeting.waitFor();
    assert.equal(await chat.log.getByText(name, { exact: true }).count(), 1, 'the greeting names the agent');
    await screenshot(chat.page, 'chat-view-empty-1280-light.png');

    await sendAndSettle(chat, 'Hello there');
    assert.equal(await ui.greeting.count(), 0, 'no greeting once a message is sent');
    assert.equal(await chat.log.getByText(name, { exact: true }).count(), 0);
    // A new chat greets again.
    await chat.page.getByRole('button', { name: 'New chat', exact: true }).click();
    await ui.greeting.waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('a reply still arriving ends with Still writing dots, which pulse only while nothing arrives and go with Stop', async (t) => {
    // `pauses`: nothing for 1.5 s, words every 100 ms for 2 s, a pause of 2.5 s, more words.
    const chat = await openChatWithProvider(t, env, { scenario: 'pauses' });
    await send(chat, 'Take your time');
    const dots = stillWriting(chat.reply);
    await dots.waitFor();
    assert.equal(await busy(chat.reply), 'true', 'aria-busy stays the reply state screen readers get');
    // One reading, taken at once: which words have arrived, and whether the dots pulse.
    const reading = () =>
      dots.evaluate((el) => {
        const text = el.closest('article')?.textContent ?? '';
        return {
          started: text.includes('First words.'),
          beforePause: text.includes('one small piece at a time,'),
          afterPause: text.includes('Then,'),
          pulsing: getComputedStyle(el.firstElementChild).animationName !== 'none',
        };
      });
    const until = (check, description) => waitOn(chat, async () => check(await reading()), description, { interval: 50 });
    await until((now) => !now.started && now.pulsing, 'the dots pulse while nothing has arrived');
    await until((now) => now.started && !now.beforePause && !now.pulsing, 'the dots hold still while words arrive');
    await screenshot(chat.page, 'chat-view-still-writing-1280-light.png');
    await until((now) => now.beforePause && !now.afterPause && now.pulsing, 'the dots pulse again in a pause');
    await chat.page.emulateMedia({ reducedMotion: 'reduce' });
    const paused = await reading();
    assert.ok(!paused.pulsing, `no animation for reduced motion (${JSON.stringify(paused)})`);
    await chat.page.emulateMedia({ reducedMotion: 'no-preference' });

    await chat.stop.click();
    await settled(chat);
    assert.equal(await stillWriting(chat.reply).count(), 0, 'no dots on a stopped reply');
    assert.deepEqual(chat.errors, []);
  });

  test('a reply that finished has no Still writing dots', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'markdown' });
    const reply = await sendAndSettle(chat, 'Show me markdown');
    assert.equal(await stillWriting(reply).count(), 0);
    assert.deepEqual(chat.errors, []);
  });

  test('Clear conversation asks first: Cancel changes nothing, OK empties it, keeps the session, and another tab sees it', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = view(chat.page);
    await sendAndSettle(chat, 'First question');
    await sendAndSettle(chat, 'Second question');
    const id = sessionIdOf(chat.page);
    assert.ok(id, 'the conversation is stored and in the address');
    await waitUntil(async () => (await sessionMessages(chat.page, id)).length === 4, 'four messages are stored');
    const before = (await readDatabase(chat.page, ['sessions'])).sessions.find((s) => s.id === id);
    assert.equal(before.message_count, 4);
    assert.ok(before.preview.length > 0);

    const other = await loadApp(chat.context, chat.page.url());
    await waitOn(other, async () => (await other.you.count()) === 2, 'the second tab shows the conversation');

    // Keyboard only: Tab from Export reaches Clear; Enter asks.
    await ui.exportMarkdown.focus();
    await chat.page.keyboard.press('Tab');
    assert.equal(await focused(ui.clear), true, 'Clear conversation is next in the tab order');
    let asked = null;
    chat.page.once('dialog', (question) => {
      asked = { type: question.type(), message: question.message() };
      question.dismiss();
    });
    await chat.page.keyboard.press('Enter');
    await waitUntil(() => asked, 'the confirmation was asked');
    assert.equal(asked.type, 'confirm');
    assert.match(asked.message, /Clear the conversation/);
    assert.equal(await chat.you.count(), 2, 'Cancel keeps what is shown');
    assert.equal(await chat.assistant.count(), 2);
    assert.equal((await sessionMessages(chat.page, id)).length, 4, 'Cancel keeps what is stored');

    chat.page.once('dialog', (question) => question.accept());
    await chat.page.keyboard.press('Enter');
    await ui.greeting.waitFor();
    assert.equal(await chat.log.getByRole('article').count(), 0, 'the conversation is empty');
    await waitUntil(async () => (await sessionMessages(chat.page, id)).length === 0, 'the stored messages are deleted');
    const { sessions, messages } = await readDatabase(chat.page, ['sessions', 'messages']);
    assert.equal(messages.length, 0);
    const kept = sessions.find((s) => s.id === id);
    assert.ok(kept, 'the session is kept');
    assert.equal(kept.title, before.title, 'with its title');
    assert.equal(kept.message_count, 0, 'its message count says it is empty');
    assert.equal(kept.preview, '', 'and it has no preview of a deleted message');
    assert.equal(sessionIdOf(chat.page), id, 'the conversation stays open');
    await ui.conversations.getByRole('listitem').filter({ hasText: before.title }).waitFor();
    assert.equal(await ui.clear.isDisabled(), true, 'nothing left to clear');

    await waitOn(other, async () => (await other.log.getByRole('article').count()) === 0, 'the second tab is emptied too');
    await view(other.page).greeting.waitFor();

    // The emptied conversation goes on.
    await sendAndSettle(chat, 'Starting again');
    await waitUntil(async () => (await sessionMessages(chat.page, id)).length === 2, 'the new turn is stored in the same session');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('Clear conversation stops a reply still arriving first, and nothing of it comes back', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'slow' });
    const ui = view(chat.page);
    await send(chat, 'Tell me a long story');
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('The long evening'), 'text arrived');
    const id = sessionIdOf(chat.page);
    await waitUntil(async () => (await sessionMessages(chat.page, id)).length === 2, 'the streaming reply is stored');
    chat.page.once('dialog', (question) => question.accept());
    await ui.clear.click();
    await ui.greeting.waitFor();
    await chat.send.waitFor();
    assert.equal(await chat.stop.count(), 0, 'the reply was stopped');
    // The stopped turn's last save (at most one save interval later) must not bring the reply back.
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    assert.equal((await sessionMessages(chat.page, id)).length, 0, 'no message came back');
    assert.equal(await chat.log.getByRole('article').count(), 0);
    assert.deepEqual(chat.errors, []);
  });

  test('auto-scroll follows a streaming reply only at the bottom; Jump to latest brings it back, by mouse and keyboard', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'slow' });
    const ui = view(chat.page);
    assert.equal(await ui.jump.count(), 0, 'no Jump button at the bottom');
    await startTallSlowReply(chat, ui);
    assert.equal(await ui.jump.count(), 0, 'no Jump button while following');

    // Scrolling up stops following: the view stays put while the reply grows.
    const rest = await wheelUp(chat, ui);
    await growsWhile(
      chat,
      ui.scroller,
      rest,
      40,
      (at) => assert.equal(at.top, rest.top, `the view stays put while the reply grows (${JSON.stringify(at)})`),
      'the reply grows below the view',
    );
    await ui.jump.waitFor();
    await screenshot(chat.page, 'chat-view-jump-1280-light.png');

    /** Waits until the reply grew by 40 px from `from`, the view at the bottom at every reading. */
    const followsAgain = (from, description) =>
      growsWhile(
        chat,
        ui.scroller,
        from,
        40,
        (now) => assert.ok(now.fromBottom <= NEAR_BOTTOM_PX, `following again (${JSON.stringify(now)})`),
        description,
      );

    // The mouse: Jump brings the view to the bottom, and it follows again.
    await ui.jump.click();
    let at = await position(ui.scroller);
    assert.ok(at.fromBottom <= NEAR_BOTTOM_PX, `at the bottom after Jump (${JSON.stringify(at)})`);
    await followsAgain(at, 'the reply grows while the view follows it again');
    assert.equal(await ui.jump.count(), 0, 'no Jump button at the bottom');

    // The keyboard: the conversation is next after the session bar's buttons and
    // scrolls up with Page Up; Jump is one Shift+Tab from the message box; Enter
    // brings the view back and gives the conversation the focus.
    await ui.clear.focus();
    await chat.page.keyboard.press('Tab');
    assert.equal(await focused(ui.scroller), true, 'the conversation is reachable with the keyboard');
    await chat.page.keyboard.press('PageUp');
    const keyed = await restingPosition(chat, ui.scroller);
    assert.ok(keyed.fromBottom > NEAR_BOTTOM_PX, `Page Up left the bottom (${JSON.stringify(keyed)})`);
    await ui.jump.waitFor();
    await chat.message.focus();
    await chat.page.keyboard.press('Shift+Tab');
    assert.equal(await focused(ui.jump), true, 'Jump to latest is just before the message box');
    await chat.page.keyboard.press('Enter');
    at = await position(ui.scroller);
    assert.ok(at.fromBottom <= NEAR_BOTTOM_PX, `at the bottom after Enter on Jump (${JSON.stringify(at)})`);
    assert.equal(await focused(ui.scroller), true, 'the conversation has the focus');
    await followsAgain(at, 'the reply grows while the view follows it after the keyboard Jump');
    assert.equal(await ui.jump.count(), 0);

    await chat.stop.click();
    await settled(chat);
    assert.deepEqual(chat.errors, []);
  });

  test('the empty state, the Still writing dots and Jump to latest at 390 px in dark mode', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'slow',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    const ui = view(chat.page);
    await ui.greeting.waitFor();
    await screenshot(chat.page, 'chat-view-empty-390-dark.png');
    await startTallSlowReply(chat, ui);
    await stillWriting(chat.reply).waitFor();
    await screenshot(chat.page, 'chat-view-still-writing-390-dark.png');
    await wheelUp(chat, ui);
    await ui.jump.waitFor();
    await screenshot(chat.page, 'chat-view-jump-390-dark.png');
    await ui.jump.click();
    await chat.stop.click();
    await settled(chat);
    assert.deepEqual(chat.errors, []);
  });
});
