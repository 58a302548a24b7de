// End-to-end tests of the keyboard shortcuts (issue 16, item 8) in real headless Chromium
// against the built app and the mock LLM server. Each shortcut is pressed as a person would
// (Playwright's keyboard, so the page gets real keydown events) and its effect checked by
// role and accessible name: the help dialog (`?` outside text fields, Ctrl+/ anywhere; `?`
// typed in the message box stays text), New chat, focus the message box, search
// conversations (also on a phone, where the sidebar is a drawer), Stop, Regenerate, copy
// the last answer (the clipboard holds its text), show or hide the sidebar, Settings; no
// shortcut acts while a dialog is open. The help dialog passes axe in light and dark at
// 1280 and 390 px. Screenshots go to tests/e2e/screenshots/shortcuts-*.png.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { busy, openApp, openChatWithProvider, send, sendAndSettle, settled, useHarness, waitOn } from '../support/chat.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, echoReply, readScenario } from '../support/mock.mjs';

const QUESTION = 'What do owls eat?';

/** The shortcuts' locators of `page`, by role and accessible name. */
function keys(page) {
  const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts', exact: true });
  return {
    nav,
    help,
    helpRows: help.getByRole('row'),
    settings: page.getByRole('dialog', { name: 'Settings', exact: true }),
    search: nav.getByRole('searchbox', { name: 'Search conversations', exact: true }),
    note: page.getByRole('status').filter({ hasText: /./ }),
    greeting: page.getByRole('heading', { name: 'How can I help you today?', exact: true }),
  };
}

/** Whether `locator` has the keyboard focus. */
function focused(locator) {
  return locator.evaluate((el) => el === document.activeElement);
}

/** Moves the keyboard focus off any control (to the page's body), as after clicking on empty space. */
function blur(page) {
  return page.evaluate(() => document.activeElement?.blur());
}

/** The open session's id, from the address, or null. */
function sessionIdOf(page) {
  const match = /^#\/s\/(.+)$/.exec(new URL(page.url()).hash);
  return match ? decodeURIComponent(match[1]) : null;
}

describe('keyboard shortcuts', () => {
  const env = useHarness();

  test('? and Ctrl+/ open the list of shortcuts; ? in the message box is text', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = keys(chat.page);
    await blur(chat.page);
    await chat.page.keyboard.press('?');
    await ui.help.waitFor();
    const rows = await ui.helpRows.allInnerTexts();
    const lines = rows.slice(1).map((row) => row.replace(/\s+/g, ' ').trim());
    assert.deepEqual(lines, [
      'New chat Alt+Shift+N',
      'Focus the message box Alt+Shift+M',
      'Search conversations Alt+Shift+K',
      'Stop the reply Alt+Shift+X',
      'Regenerate the last answer Alt+Shift+R',
      'Copy the last answer Alt+Shift+C',
      'Show or hide the conversations Alt+Shift+L',
      'Open Settings Alt+Shift+O',
      'Dictate, or stop dictating Alt+Shift+U',
      'Show these shortcuts ? or Ctrl+/',
      'Send the message Enter',
      'Start a new line Shift+Enter',
      'Attach a project file (in the message box) @',
    ]);
    // A shortcut does nothing while a dialog has the keyboard.
    await chat.page.keyboard.press('Alt+Shift+O');
    assert.equal(await ui.settings.isVisible(), false, 'Settings did not open over the help');
    await chat.page.keyboard.press('Escape');
    await waitUntil(async () => !(await ui.help.isVisible()), 'Escape closes the help');

    await chat.message.click();
    await chat.page.keyboard.type('Why? ');
    assert.equal(await chat.message.inputValue(), 'Why? ', '? is typed into the message box');
    assert.equal(await ui.help.isVisible(), false, 'and opens nothing');
    await chat.page.keyboard.press('Control+Slash');
    await ui.help.waitFor();
    await ui.help.getByRole('button', { name: 'Close', exact: true }).click();
    await waitUntil(async () => await focused(chat.message), 'the focus goes back to the message box');
    assert.equal(await chat.message.inputValue(), 'Why? ', 'the draft is kept');
    assert.deepEqual(chat.errors, []);
  });

  test('? can be turned off (a one-key shortcut), and stays off after a reload; Ctrl+/ still opens the list', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = keys(chat.page);
    await chat.page.keyboard.press('Control+Slash');
    const box = ui.help.getByRole('checkbox', { name: 'Open this list with ? (one key; Ctrl+/ always works)', exact: true });
    assert.equal(await box.isChecked(), true, 'on by default');
    await box.uncheck();
    await waitUntil(async () => {
      const { settings } = await readDatabase(chat.page, ['settings']);
      return settings.some((s) => s.key === 'shortcut_question_mark' && s.value === false);
    }, 'the choice is stored');
    await chat.page.keyboard.press('Escape');
    await waitUntil(async () => !(await ui.help.isVisible()), 'closed');
    await chat.page.reload();
    await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    await chat.page.keyboard.press('Control+Slash');
    await ui.help.waitFor();
    await waitUntil(async () => !(await box.isChecked()), 'the choice is read back after the reload');
    await chat.page.keyboard.press('Escape');
    await waitUntil(async () => !(await ui.help.isVisible()), 'closed');
    await blur(chat.page);
    await chat.page.keyboard.press('?');
    await chat.page.keyboard.press('Alt+Shift+M');
    await waitUntil(() => focused(chat.message), 'the next shortcut is handled (so the ? before it was too)');
    assert.equal(await ui.help.isVisible(), false, '? opens nothing now');
    assert.deepEqual(chat.errors, []);
  });

  test('New chat, the message box, Settings and search conversations from the keyboard', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = keys(chat.page);
    await sendAndSettle(chat, QUESTION);
    assert.ok(sessionIdOf(chat.page), 'a conversation is open');
    await blur(chat.page);

    await chat.page.keyboard.press('Alt+Shift+M');
    await waitUntil(() => focused(chat.message), 'Alt+Shift+M puts the cursor in the message box');
    await chat.page.keyboard.press('Alt+Shift+N');
    await ui.greeting.waitFor();
    assert.equal(sessionIdOf(chat.page), null, 'Alt+Shift+N starts a new chat (from inside the message box)');
    await waitUntil(() => focused(chat.message), 'ready to type');
    await chat.page.goBack();
    await chat.log.getByText(QUESTION).first().waitFor();

    await chat.page.keyboard.press('Alt+Shift+K');
    await waitUntil(() => focused(ui.search), 'Alt+Shift+K puts the cursor in Search conversations');
    await chat.page.keyboard.type('owls');
    await ui.nav.getByRole('list', { name: 'Search results', exact: true }).getByRole('listitem').first().waitFor();

    await chat.page.keyboard.press('Alt+Shift+O');
    await ui.settings.waitFor();
    await chat.page.keyboard.press('Escape');
    assert.deepEqual(chat.errors, []);
  });

  test('Stop, Regenerate and copy the last answer from the keyboard', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'slow',
      contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    const ui = keys(chat.page);
    await chat.page.keyboard.press('Alt+Shift+C');
    await ui.note.filter({ hasText: 'No answer to copy yet' }).waitFor();

    await send(chat, QUESTION);
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('The long evening'), 'the reply is arriving');
    assert.equal(await busy(chat.reply), 'true');
    await chat.page.keyboard.press('Alt+Shift+X');
    await settled(chat);
    await chat.reply.getByText('Stopped', { exact: false }).first().waitFor();

    const requests = (await chatRequests(env.mock, chat.family)).length;
    await chat.page.keyboard.press('Alt+Shift+R');
    await waitUntil(async () => (await chatRequests(env.mock, chat.family)).length === requests + 1, 'Alt+Shift+R asks again');
    await waitOn(
      chat,
      async () => (await busy(chat.reply)) === 'true' && (await chat.reply.innerText()).includes('The long evening'),
      'the new answer streams',
    );
    await chat.page.keyboard.press('Alt+Shift+X');
    await settled(chat);

    await chat.page.keyboard.press('Alt+Shift+C');
    await ui.note.filter({ hasText: 'Copied the last answer' }).waitFor();
    // The stopped answer, as far as it got, as markdown: the start of the story.
    const copied = await chat.page.evaluate(() => navigator.clipboard.readText());
    const story = (await readScenario('slow')).text_stream.text;
    assert.ok(copied.startsWith('# The long evening'), `the answer is copied as markdown: ${copied.slice(0, 40)}`);
    assert.ok(story.startsWith(copied), 'the answer as far as it got');
    assert.deepEqual(chat.errors, []);
  });

  test('copying a finished answer copies exactly its text', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'echo',
      contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    await sendAndSettle(chat, QUESTION);
    await chat.message.click();
    await chat.page.keyboard.press('Alt+Shift+C');
    await keys(chat.page).note.filter({ hasText: 'Copied the last answer' }).waitFor();
    assert.equal(await chat.page.evaluate(() => navigator.clipboard.readText()), await echoReply(QUESTION));
    assert.deepEqual(chat.errors, []);
  });

  test('Option+Shift+O typing Ø in the message box stays text (no Settings)', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = keys(chat.page);
    await chat.message.focus();
    // A Mac's Option+Shift+O: the key is the character typed, the code the physical key.
    const prevented = await chat.message.evaluate((box) => {
      const event = new KeyboardEvent('keydown', { key: 'Ø', code: 'KeyO', altKey: true, shiftKey: true, bubbles: true, cancelable: true });
      box.dispatchEvent(event);
      return event.defaultPrevented;
    });
    assert.equal(prevented, false, 'the character is left to be typed');
    await chat.page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    assert.equal(await ui.settings.count(), 0, 'Settings did not open');
    await blur(chat.page);
    // Outside a text field the physical key still counts.
    await chat.page.evaluate(() =>
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Ø', code: 'KeyO', altKey: true, shiftKey: true, bubbles: true, cancelable: true })),
    );
    await ui.settings.waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('Alt+Shift+L hides and shows the sidebar, and opens the drawer on a phone', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const ui = keys(chat.page);
    assert.equal(await ui.nav.isVisible(), true);
    await chat.page.keyboard.press('Alt+Shift+L');
    await waitUntil(async () => !(await ui.nav.isVisible()), 'the sidebar is hidden');
    await chat.page.keyboard.press('Alt+Shift+L');
    await ui.nav.waitFor();
    // While hidden, the toggle in the top bar is the visible way back.
    const toggle = chat.page.getByRole('banner').getByRole('button', { name: 'Conversations', exact: true });
    assert.equal(await toggle.isVisible(), false, 'no toggle while the sidebar is shown');
    await chat.page.keyboard.press('Alt+Shift+L');
    await waitUntil(async () => !(await ui.nav.isVisible()), 'the sidebar is hidden again');
    await toggle.click();
    await ui.nav.waitFor();
    assert.equal(await toggle.isVisible(), false, 'the toggle goes once the sidebar is back');

    const phone = await openApp(t, env, { contextOptions: { viewport: { width: 390, height: 844 } } });
    const small = keys(phone.page);
    assert.equal(await small.nav.isVisible(), false, 'the drawer starts closed');
    await phone.page.keyboard.press('Alt+Shift+L');
    await small.nav.waitFor();
    await phone.page.keyboard.press('Alt+Shift+L');
    await waitUntil(async () => !(await small.nav.isVisible()), 'the drawer closes again');
    await phone.page.keyboard.press('Alt+Shift+K');
    await waitUntil(() => focused(small.search), 'search opens the drawer and takes the focus');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(phone.errors, []);
  });

  for (const scheme of ['light', 'dark']) {
    test(`the shortcuts dialog passes axe at 1280 and 390 px, ${scheme}`, async (t) => {
      for (const width of [1280, 390]) {
        const chat = await openApp(t, env, {
          contextOptions: { viewport: { width, height: width === 390 ? 844 : 800 }, colorScheme: scheme },
        });
        await chat.page.keyboard.press('Control+Slash');
        const ui = keys(chat.page);
        await ui.help.waitFor();
        const overflow = await chat.page.evaluate(() => document.querySelector('dialog[open]').scrollWidth > window.innerWidth);
        assert.equal(overflow, false, `the list fits at ${width} px`);
        assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], `axe at ${width} px`);
        await screenshot(chat.page, `shortcuts-help-${width}-${scheme}.png`);
        assert.deepEqual(chat.errors, []);
      }
    });
  }
});
