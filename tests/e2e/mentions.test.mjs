// @mentioned files in real headless Chromium against the mock server: project files are
// picked with the keyboard from the composer's autocomplete (a combobox and its listbox),
// attached by the Attach button or a drop, shown as badges, and sent before the user's text
// in each family's shape. The user message keeps a snapshot of what it sent, so a reload,
// another tab and Regenerate see the same files whatever the project holds later; files
// that are binary, too long or a different file of a known name are refused and change nothing.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { axeViolations } from '../support/axe.mjs';
import { addMockProvider, loadApp, openChatWithProvider, sendAndSettle, settled, storedAtRest, useHarness } from '../support/chat.mjs';
import { closeTools, openTools } from '../support/dialogs.mjs';
import { indexedTerms, readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES, waitForChatRequests } from '../support/mock.mjs';

const NOTES = '# Notes\n\nThe hearth is <warm> & "bright".';
const TODO = '- sweep the hearth\n- buy wood';

/** A file as every family's request carries it. */
const wrapped = (name, content) => `<file name="${name}">\n${content}\n</file>`;

/** The last user message of a logged request body, as each family spells it. */
const LAST_USER = {
  'OpenAI-compatible': (body) => body.messages.findLast((m) => m.role === 'user').content,
  Anthropic: (body) => body.messages.findLast((m) => m.role === 'user').content,
  Gemini: (body) => body.contents.findLast((c) => c.role === 'user').parts,
};

/** What that last user message must be when it carries `files` (`[name, content]`) before `text`. */
const EXPECTED = {
  'OpenAI-compatible': (files, text) => [...files.map(([n, c]) => wrapped(n, c)), text].join('\n\n'),
  Anthropic: (files, text) => [...files.map(([n, c]) => wrapped(n, c)), text].map((t) => ({ type: 'text', text: t })),
  Gemini: (files, text) => [...files.map(([n, c]) => wrapped(n, c)), text].map((t) => ({ text: t })),
};

/** The composer (a form named "Composer") and the parts of it these tests use. */
function composer(page) {
  const form = page.getByRole('form', { name: 'Composer', exact: true });
  return {
    form,
    badges: form.getByRole('list', { name: 'Attached files', exact: true }),
    alert: form.getByRole('alert'),
    listbox: page.getByRole('listbox', { name: 'Project files', exact: true }),
    attach: form.getByRole('button', { name: 'Attach a file', exact: true }),
  };
}

/** Adds `files` (`[name, content]`) as project files in the Tools dialog, and waits until they are stored. */
async function addProjectFiles(page, files) {
  const dialog = await openTools(page);
  await dialog.getByLabel('Add project files (.md, .txt)', { exact: true }).setInputFiles(
    files.map(([name, content]) => ({ name, mimeType: 'text/plain', buffer: Buffer.from(content) })),
  );
  await dialog.getByRole('status').filter({ hasText: 'Added' }).waitFor();
  await closeTools(page);
  return waitUntil(async () => {
    const stored = (await readDatabase(page, ['project_files'])).project_files;
    return files.every(([name, content]) => stored.some((f) => f.name === name && f.content === content)) && stored;
  }, 'the project files are stored');
}

/** Chooses `files` (Playwright file payloads) in the file picker the Attach button opens. */
async function attachFromDisk(page, files) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), composer(page).attach.click()]);
  assert.ok(chooser.isMultiple(), 'several files can be chosen at once');
  await chooser.setFiles(files);
}

/** Drops `files` (`[name, bytes]`) on `target` (the conversation by default), as dragging them from the desktop does. */
async function dropFiles(page, files, target = page.getByRole('log', { name: 'Conversation', exact: true })) {
  const data = await page.evaluateHandle((files) => {
    const transfer = new DataTransfer();
    for (const [name, bytes] of files) transfer.items.add(new File([new Uint8Array(bytes)], name));
    return transfer;
  }, files.map(([name, bytes]) => [name, [...bytes]]));
  await target.dispatchEvent('dragover', { dataTransfer: data });
  await target.dispatchEvent('drop', { dataTransfer: data });
}

/** The names on the badges of `list`. */
async function badgeNames(list) {
  return (await list.getByRole('listitem').allInnerTexts()).map((text) => text.replace(/[📄×]/gu, '').trim());
}

describe('@mentioned files', () => {
  const env = useHarness();

  for (const family of Object.values(FAMILIES)) {
    test(`${family.name}: two files picked with the keyboard go before the text`, async (t) => {
      const chat = await openChatWithProvider(t, env, { family, scenario: 'echo' });
      const { page } = chat;
      await addProjectFiles(page, [['notes.md', NOTES], ['todo.txt', TODO]]);
      const { badges, listbox } = composer(page);

      await chat.message.focus();
      await page.keyboard.type('@');
      await listbox.waitFor();
      assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['notes.md', 'todo.txt']);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await listbox.waitFor({ state: 'hidden' });
      assert.equal(await chat.message.inputValue(), '', 'the typed @ is gone');
      assert.equal(await chat.you.count() + (await chatRequests(env.mock, family)).length, 0, 'Enter picked a file and sent nothing');

      await page.keyboard.type('@NO');
      assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['notes.md'], 'filtered as typed, without case');
      await page.keyboard.press('Tab');
      await listbox.waitFor({ state: 'hidden' });
      assert.deepEqual(await badgeNames(badges), ['todo.txt', 'notes.md']);
      assert.equal(await chat.message.evaluate((e) => e === document.activeElement), true, 'Tab picked; the focus stayed');

      const text = 'Summarise both, please.';
      await page.keyboard.type(text);
      await page.keyboard.press('Enter');
      await settled(chat);
      await badges.waitFor({ state: 'detached' });

      const [request] = await waitForChatRequests(env.mock, family, 1);
      const files = [['todo.txt', TODO], ['notes.md', NOTES]];
      assert.deepEqual(LAST_USER[family.name](request.body), EXPECTED[family.name](files, text));
      const stored = (await storedAtRest(page)).find((m) => m.role === 'user');
      assert.equal(stored.content, text, 'the user text is stored unchanged');
      assert.deepEqual(stored.files, files.map(([name, content]) => ({ name, content })));
      const terms = await indexedTerms(page, stored.id);
      assert.ok(['todo', 'txt', 'notes', 'md'].every((term) => terms.includes(term)), 'file names are searchable');
      assert.ok(!terms.includes('sweep'), 'file contents are not');
      assert.deepEqual(await badgeNames(chat.you.getByRole('list', { name: 'Attached files', exact: true })), ['todo.txt', 'notes.md']);
      assert.equal(await chat.you.getByRole('button', { name: /^Remove / }).count(), 0, 'a sent badge is fixed');
      assert.deepEqual(chat.errors, []);
    });
  }

  test('the autocomplete is a listbox of options the message box points at; Escape closes it', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    const { form, listbox } = composer(page);
    // ARIA in HTML allows no role on a textarea but its own: the message box is a text
    // box with aria-autocomplete, aria-controls and aria-activedescendant.
    const box = page.getByRole('textbox', { name: 'Message', exact: true });
    const status = form.getByRole('status');

    await box.focus();
    await page.keyboard.type('@');
    await status.filter({ hasText: 'No project files yet. Add one with Attach a file' }).waitFor();
    assert.equal(await listbox.count(), 0);
    assert.equal(await box.getAttribute('aria-controls'), null, 'no list, nothing controlled');
    await page.keyboard.press('Escape');
    await box.fill('');

    await addProjectFiles(page, [['notes.md', NOTES], ['todo.txt', TODO], ['Budget plan.md', 'Wood: 40']]);
    assert.equal(await box.getAttribute('aria-autocomplete'), 'list');
    await box.focus();
    await page.keyboard.type('Read @');
    await listbox.waitFor();
    assert.equal(await box.getAttribute('aria-controls'), await listbox.getAttribute('id'));
    await status.filter({ hasText: '3 project files match. Up and Down choose, Enter or Tab attaches' }).waitFor();
    const options = listbox.getByRole('option');
    assert.equal(await options.count(), 3);
    const selected = () => listbox.getByRole('option', { selected: true });
    assert.equal(await selected().innerText(), 'Budget plan.md');
    assert.equal(await box.getAttribute('aria-activedescendant'), await selected().getAttribute('id'));
    await page.keyboard.press('ArrowUp');
    assert.equal(await selected().innerText(), 'todo.txt', 'ArrowUp wraps to the last');
    assert.equal(await box.getAttribute('aria-activedescendant'), await selected().getAttribute('id'));
    await page.keyboard.press('ArrowDown');
    assert.equal(await selected().innerText(), 'Budget plan.md');
    await screenshot(page, 'mentions-autocomplete.png');
    assert.deepEqual(await axeViolations(page, { include: 'form[aria-label="Composer"]' }), []);

    await page.keyboard.press('Escape');
    await listbox.waitFor({ state: 'hidden' });
    assert.equal(await box.getAttribute('aria-controls'), null);
    assert.equal(await box.getAttribute('aria-activedescendant'), null);
    assert.equal(await box.inputValue(), 'Read @', 'Escape leaves the text as typed');

    await page.keyboard.type('zz');
    await status.filter({ hasText: 'No project file matches “zz”.' }).waitFor();
    assert.equal(await listbox.count(), 0);
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('bud');
    await options.first().click();
    assert.deepEqual(await badgeNames(composer(page).badges), ['Budget plan.md'], 'a click picks too');
    assert.equal(await box.inputValue(), 'Read ');
    await page.getByRole('button', { name: 'Remove Budget plan.md', exact: true }).click();
    await composer(page).badges.waitFor({ state: 'detached' });

    // Moving the caret follows the mention at it.
    await page.keyboard.type('@to and @no');
    assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['notes.md']);
    await page.keyboard.press('Home');
    await listbox.waitFor({ state: 'hidden' });
    for (let i = 0; i < 'Read @to'.length; i += 1) await page.keyboard.press('ArrowRight');
    assert.deepEqual(await listbox.getByRole('option').allInnerTexts(), ['todo.txt']);
    await page.keyboard.press('Enter');
    assert.equal(await box.inputValue(), 'Read  and @no', 'only the mention at the caret is replaced');
    assert.deepEqual(await badgeNames(composer(page).badges), ['todo.txt']);
    await page.getByRole('button', { name: 'Remove todo.txt', exact: true }).click();

    // Narrow and dark.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await box.fill('');
    await page.keyboard.type('@');
    await listbox.waitFor();
    await page.keyboard.press('Enter');
    await page.keyboard.type('@t');
    await screenshot(page, 'mentions-autocomplete-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: 'form[aria-label="Composer"]' }), []);
    await page.keyboard.press('Escape');
    await screenshot(page, 'mentions-badges-390-dark.png');
    assert.deepEqual(chat.errors, []);
  });

  test('a sent message keeps its files after a reload, in another tab, for Regenerate and for another model', async (t) => {
    const family = FAMILIES.anthropic;
    const chat = await openChatWithProvider(t, env, { family, scenario: 'echo' });
    const { page } = chat;
    await attachFromDisk(page, [{ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) }]);
    const { badges } = composer(page);
    await badges.getByRole('listitem').filter({ hasText: 'notes.md' }).waitFor();
    await waitUntil(async () => (await readDatabase(page, ['project_files'])).project_files.length === 1, 'the file is a project file');
    await screenshot(page, 'mentions-badges.png');
    await sendAndSettle(chat, 'What do my notes say?');
    await screenshot(page, 'mentions-sent.png');

    const sentBadges = (target) =>
      target.you.getByRole('list', { name: 'Attached files', exact: true }).getByRole('listitem');
    await page.reload();
    await sentBadges(chat).filter({ hasText: 'notes.md' }).waitFor();
    const other = await loadApp(chat.context, page.url());
    await sentBadges(other).filter({ hasText: 'notes.md' }).waitFor();
    assert.deepEqual(other.errors, []);
    await other.page.close();

    // The project file changes: the sent message keeps what it sent.
    const dialog = await openTools(page);
    await dialog.getByRole('button', { name: 'Remove notes.md', exact: true }).click();
    await dialog.getByLabel('Add project files (.md, .txt)', { exact: true }).setInputFiles([
      { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('Changed later.') },
    ]);
    await closeTools(page);
    await waitUntil(
      async () => (await readDatabase(page, ['project_files'])).project_files.some((f) => f.content === 'Changed later.'),
      'the project file is changed',
    );
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    const requests = await waitForChatRequests(env.mock, family, 2);
    await settled(chat);
    const expected = EXPECTED[family.name]([['notes.md', NOTES]], 'What do my notes say?');
    for (const request of requests) assert.deepEqual(LAST_USER[family.name](request.body), expected);

    // Another model, of another family, gets the same context in its own shape (a model
    // without a scenario file echoes; its own name tells its stored records apart).
    const gemini = await addMockProvider(page, env.mock, { family: FAMILIES.gemini, scenario: 'echo-gemini' });
    await page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ value: gemini.provider.id });
    await sendAndSettle(chat, 'And in short?');
    const [geminiRequest] = await waitForChatRequests(env.mock, FAMILIES.gemini, 1);
    const first = geminiRequest.body.contents.find((c) => c.role === 'user');
    assert.deepEqual(first.parts, EXPECTED.Gemini([['notes.md', NOTES]], 'What do my notes say?'));
    assert.deepEqual(LAST_USER.Gemini(geminiRequest.body), [{ text: 'And in short?' }]);
    assert.deepEqual(chat.errors, []);
  });

  test('a file replaced in the project after it was picked sends its new text; one removed since sends what was picked', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    await addProjectFiles(page, [['notes.md', NOTES], ['todo.txt', TODO]]);
    const { badges, listbox } = composer(page);
    await chat.message.focus();
    for (const query of ['@no', '@to']) {
      await page.keyboard.type(query);
      await listbox.getByRole('option').first().waitFor();
      await page.keyboard.press('Enter');
      await listbox.waitFor({ state: 'hidden' });
    }
    assert.deepEqual(await badgeNames(badges), ['notes.md', 'todo.txt']);

    // With the badges in place, notes.md is replaced and todo.txt removed in the Tools dialog.
    const newer = '# Notes\n\nRewritten since.';
    await addProjectFiles(page, [['notes.md', newer]]);
    const dialog = await openTools(page);
    await dialog.getByRole('button', { name: 'Remove todo.txt', exact: true }).click();
    await closeTools(page);
    await waitUntil(async () => (await readDatabase(page, ['project_files'])).project_files.length === 1, 'todo.txt is removed');
    assert.deepEqual(await badgeNames(badges), ['notes.md', 'todo.txt'], 'the badges stay');

    await chat.message.focus();
    await page.keyboard.type('Compare.');
    await page.keyboard.press('Enter');
    await settled(chat);
    const [request] = await waitForChatRequests(env.mock, FAMILIES.openai, 1);
    const files = [['notes.md', newer], ['todo.txt', TODO]];
    assert.deepEqual(LAST_USER['OpenAI-compatible'](request.body), EXPECTED['OpenAI-compatible'](files, 'Compare.'));
    const stored = (await storedAtRest(page)).find((m) => m.role === 'user');
    assert.deepEqual(stored.files, files.map(([name, content]) => ({ name, content })), 'the snapshot is what was sent');
    assert.deepEqual(chat.errors, []);
  });

  test('a drop without files is left to the browser; a drop of files on the message box attaches', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const { page } = chat;
    const { badges } = composer(page);
    // dispatchEvent is false when a listener cancelled the event (preventDefault): a
    // cancelled drop of text would never reach the message box.
    const drag = (target, withFile) =>
      target.evaluate((element, withFile) => {
        const data = new DataTransfer();
        if (withFile) data.items.add(new File(['Dropped on the box'], 'boxed.txt'));
        else data.setData('text/plain', 'Dragged words');
        const send = (type) => element.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
        return { dragover: send('dragover'), drop: send('drop') };
      }, withFile);
    const log = page.getByRole('log', { name: 'Conversation', exact: true });
    assert.deepEqual(await drag(chat.message, false), { dragover: true, drop: true }, 'text on the message box');
    assert.deepEqual(await drag(log, false), { dragover: true, drop: true }, 'text on the conversation');
    assert.equal(await badges.count(), 0, 'nothing attached');
    assert.deepEqual(await drag(chat.message, true), { dragover: false, drop: false }, 'files are taken from the browser');
    await badges.getByRole('listitem').filter({ hasText: 'boxed.txt' }).waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('binary, too long and clashing files are refused and change nothing; a drop attaches', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.gemini, scenario: 'echo' });
    const { page } = chat;
    const before = await addProjectFiles(page, [['notes.md', NOTES]]);
    const { alert, badges } = composer(page);
    const projectFiles = async () => (await readDatabase(page, ['project_files'])).project_files;

    const refused = async (files, message) => {
      await attachFromDisk(page, files);
      await alert.filter({ hasText: message }).waitFor();
      assert.equal(await badges.count(), 0, `no badge: ${message}`);
      assert.deepEqual(await projectFiles(), before, `the project files are unchanged: ${message}`);
    };
    await refused(
      [{ name: 'photo.md', mimeType: 'text/markdown', buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]) }],
      'photo.md was not added: it is not a text file',
    );
    await refused(
      [{ name: 'latin1.txt', mimeType: 'text/plain', buffer: Buffer.from([0x63, 0x61, 0x66, 0xe9]) }],
      'latin1.txt was not added: it is not a text file',
    );
    await refused(
      [{ name: 'big.txt', mimeType: 'text/plain', buffer: Buffer.alloc(1_000_001, 'a') }],
      'big.txt was not added: it is over the limit of 1,000,000 characters.',
    );
    await refused(
      [{ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('Other notes') }],
      'A project file named notes.md already exists',
    );

    // The same name with the same text is that project file: attached, nothing added.
    await attachFromDisk(page, [{ name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from(NOTES) }]);
    await badges.getByRole('listitem').filter({ hasText: 'notes.md' }).waitFor();
    assert.equal(await alert.count(), 0, 'the last problem is gone');
    assert.deepEqual(await projectFiles(), before);

    // A drop on the conversation adds to the project and attaches; a binary drop on the
    // composer is refused (and the page stays: the browser does not open the file).
    await dropFiles(page, [['dropped.txt', Buffer.from('Dropped text')]]);
    await badges.getByRole('listitem').filter({ hasText: 'dropped.txt' }).waitFor();
    await dropFiles(page, [['blob.md', Buffer.from([0, 1, 2])]], composer(page).form);
    await alert.filter({ hasText: 'blob.md was not added: it is not a text file' }).waitFor();
    assert.deepEqual(await badgeNames(badges), ['notes.md', 'dropped.txt']);
    const after = await projectFiles();
    assert.deepEqual(after.map((f) => f.name).sort(), ['dropped.txt', 'notes.md']);
    assert.equal(after.find((f) => f.name === 'dropped.txt').content, 'Dropped text');

    await page.getByRole('button', { name: 'Remove notes.md', exact: true }).click();
    await sendAndSettle(chat, 'Read it.');
    const [request] = await chatRequests(env.mock, FAMILIES.gemini);
    assert.deepEqual(LAST_USER.Gemini(request.body), EXPECTED.Gemini([['dropped.txt', 'Dropped text']], 'Read it.'));
    assert.deepEqual(chat.errors, []);
  });
});
