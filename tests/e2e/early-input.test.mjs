// End-to-end tests of typing before the wasm is ready (index.html's own message box, src/boot.js,
// src/io/early_input.rs), in real headless Chromium against the built app and the mock
// provider. The main wasm's response is held back until the test has typed, so the app has
// certainly not started while it types:
//
// - text typed and Enter pressed before the app started is sent once, exactly as typed, when
//   the app is ready; the message box is then empty and nothing is sent again;
// - text typed without Enter is kept in the app's message box, with the caret where it was
//   and the focus in the box.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { FAMILIES, chatRequests, resetMock, waitForChatRequests } from '../support/mock.mjs';
import { openChatWithProvider, settled, useHarness, waitOn } from '../support/chat.mjs';

const env = useHarness();

/**
 * Reloads `chat`'s page with the main wasm held back: returns `release()`, which lets it
 * through. Resolves once the page's own message box can be typed into (the app has not
 * started: only that box is there).
 */
async function reloadHeld(chat) {
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await chat.context.route(/\/hearth_bg\.wasm$/, async (route) => {
    await held;
    await route.continue();
  });
  await chat.page.reload({ waitUntil: 'domcontentloaded' });
  await chat.message.waitFor();
  assert.equal(await chat.page.getByRole('button', { name: 'Providers', exact: true }).count(), 0, 'the app has not started');
  return release;
}

test('a message typed and sent before the app started is sent once, as typed, when it is ready', async (t) => {
  const family = FAMILIES.openai;
  const chat = await openChatWithProvider(t, env, { family, scenario: 'markdown' });
  await resetMock(env.mock);
  const release = await reloadHeld(chat);
  const typed = 'Typed before the app: ünïcode, "quotes" and\ttabs';
  await chat.message.click();
  await chat.page.keyboard.type(typed);
  await chat.page.keyboard.press('Enter');
  // Held: said so, and the text can no longer change.
  await chat.page.getByRole('status').filter({ hasText: 'your message is sent as soon as it is ready' }).waitFor();
  assert.deepEqual(await axeViolations(chat.page, { include: '#boot-shell' }), [], 'axe on the early message box');
  await chat.page.keyboard.type(' more');
  assert.equal(await chat.message.inputValue(), typed, 'the held message does not change');
  assert.equal((await chatRequests(env.mock, family)).length, 0, 'nothing is sent before the app is there');

  release();
  const [request] = await waitForChatRequests(env.mock, family, 1);
  const messages = request.body.messages.filter((message) => message.role === 'user');
  assert.deepEqual(messages.map((message) => message.content), [typed], 'exactly what was typed');
  await settled(chat);
  assert.equal(await chat.you.count(), 1, 'one message');
  assert.equal(await chat.you.first().innerText().then((text) => text.includes(typed)), true);
  assert.equal(await chat.message.inputValue(), '', 'the message box is empty after sending');
  assert.equal(await chat.page.getByRole('textbox', { name: 'Message', exact: true }).count(), 1, 'one message box');
  await new Promise((resolve) => setTimeout(resolve, 500));
  assert.equal((await chatRequests(env.mock, family)).length, 1, 'sent once');
  assert.deepEqual(chat.errors, []);
});

test('text typed before the app started stays in the message box, the caret where it was', async (t) => {
  const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'markdown' });
  await resetMock(env.mock);
  const release = await reloadHeld(chat);
  await chat.message.click();
  await chat.page.keyboard.type('Half a thought');
  for (let i = 0; i < 'thought'.length; i += 1) await chat.page.keyboard.press('ArrowLeft');
  release();
  await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
  await waitOn(chat, async () => (await chat.message.inputValue()) === 'Half a thought', 'the app has the text');
  const state = await chat.message.evaluate((box) => ({
    focused: document.activeElement === box,
    caret: [box.selectionStart, box.selectionEnd],
  }));
  assert.deepEqual(state, { focused: true, caret: [7, 7] }, 'focused, the caret before "thought"');
  // Typing goes on where it was.
  await chat.page.keyboard.type('good ');
  assert.equal(await chat.message.inputValue(), 'Half a good thought');
  assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 0, 'nothing was sent');
  assert.deepEqual(chat.errors, []);
});
