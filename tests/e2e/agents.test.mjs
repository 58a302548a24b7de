// Agents in real headless Chromium against the mock server: the agent's system prompt
// template is rendered for every request (each tool round included) with the values of
// that moment, its empty sections are dropped, and each family receives it its own way.
// Then the Agents dialog as a new user meets it: a "Translator" made through the dialog,
// with its own template, sections, model (a second account) and tools, is what the mock
// receives; duplicate, edit, delete and reset; the editor's checks, flags and preview; the
// keyboard alone; another tab; a backup into a fresh profile; screenshots and axe checks.
// Elements are found by role and accessible name only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { addMockProvider, loadApp, openApp, openChatWithProvider, sendAndSettle, useHarness } from '../support/chat.mjs';
import { closeAgents, editAgent, importFile, openAgents, openSettings, closeSettings, saveAgent } from '../support/dialogs.mjs';
import { readDatabase, seedRecords } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { commit } from '../support/providers.mjs';

/** A template with every built-in placeholder, a filled section and an empty one. */
const TEMPLATE = [
  'You are {agent_name}, answering with {model}.',
  'Today is {date}, {time} ({timezone}).',
  '<rules>',
  '{rules}',
  '</rules>',
  '',
  '<notes>{notes}</notes>',
  '',
  'Tools:',
  '{tools}',
].join('\n');

/** The system prompt as each family's request carries it. */
const SYSTEM = {
  'OpenAI-compatible': (body) => body.messages.filter((m) => m.role === 'system').map((m) => m.content),
  Anthropic: (body) => (body.system === undefined ? [] : [typeof body.system === 'string' ? body.system : body.system.map((b) => b.text).join('')]),
  Gemini: (body) => (body.systemInstruction ? [body.systemInstruction.parts.map((p) => p.text).join('')] : []),
};

describe('agents', () => {
  const env = useHarness();

  for (const family of Object.values(FAMILIES)) {
    test(`${family.name}: the system prompt is rendered for every request, empty sections dropped`, async (t) => {
      const chat = await openChatWithProvider(t, env, {
        family,
        scenario: 'tools-two-rounds',
        tools: ['Current time', 'Calculator', 'Search my conversations'],
      });
      // The agent editor comes later in this issue: the template is written into the
      // stored General Assistant, and a reload loads it as any stored agent.
      const { agents } = await readDatabase(chat.page, ['agents']);
      const general = agents.find((agent) => agent.id === 'general');
      assert.ok(general, 'the General Assistant is stored');
      assert.equal(general.system_prompt, '', 'its default prompt is empty: no system message');
      const sections = [
        { name: 'rules', text: 'Answer in one sentence.' },
        { name: 'notes', text: '  ' },
      ];
      await seedRecords(chat.page, { agents: [{ ...general, system_prompt: TEMPLATE, sections }] });
      await chat.page.reload();
      // Start-up is over (accounts and agents loaded) once the empty list says so.
      await chat.page.getByText('Your conversations will appear here.', { exact: false }).waitFor();

      await sendAndSettle(chat, 'What time is it, and what is 6*7?');
      await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).waitFor();
      const requests = await waitUntil(async () => {
        const logged = await chatRequests(env.mock, family);
        return logged.length >= 3 && logged;
      }, 'the three requests of the two tool rounds and the answer');
      const prompts = requests.map((request) => SYSTEM[family.name](request.body));
      for (const [at, prompt] of prompts.entries()) {
        assert.equal(prompt.length, 1, `request ${at + 1} carries one system prompt`);
        const text = prompt[0];
        assert.match(text, /^You are General Assistant, answering with tools-two-rounds\.\n/);
        assert.match(text, /\nToday is \S.*\d{4}.*, \d{1,2}:\d{2}.* \([A-Za-z_]+(\/[A-Za-z_]+)*\)\.\n/);
        assert.match(text, /<rules>\nAnswer in one sentence\.\n<\/rules>/, 'a filled section keeps its tags');
        assert.doesNotMatch(text, /<notes>|<\/notes>|\{/, 'the empty section is gone with its tags; no placeholder is left');
        assert.doesNotMatch(text, /\n\n\n/, 'no blank lines pile up where the section was');
        assert.match(text, /Tools:\n- current_time: .+\n- calculator: .+\n- search_conversations: .+$/);
      }
      // No user or assistant message carries the prompt, and the conversation is intact.
      const stored = (await readDatabase(chat.page, ['messages'])).messages;
      assert.ok(stored.every((m) => !m.content.includes('You are General Assistant')), 'the prompt is never stored as a message');
      assert.deepEqual(chat.errors, []);
    });
  }

  /**
   * The Translator's template: every built-in placeholder but {time} (so the preview and a
   * request made a minute later agree), a filled section and an empty one in tags.
   */
  const TRANSLATOR = [
    'You are {agent_name}. Translate what you are given into French.',
    'You run on {model}. Today is {date} ({timezone}).',
    '',
    '<style>',
    '{style}',
    '</style>',
    '',
    '<notes>',
    '{notes}',
    '</notes>',
    '',
    'Tools:',
    '{tools}',
  ].join('\n');

  /** The open Agents dialog of `page`. */
  const agentsDialog = (page) => page.getByRole('dialog', { name: 'Agents', exact: true });

  /** The section group named `name` in `editor`. */
  const section = (editor, name) => editor.getByRole('group', { name: `Section ${name}`, exact: true });

  /**
   * Makes the Translator through the Agents dialog as a person would (New agent, then each
   * field), runs `beforeSave(editor)` when given, saves it, and returns the stored record.
   * `model` is the label of the account it runs on (the default model when not given).
   */
  async function makeTranslator(page, { model, tools = ['Calculator'], rounds = 2, beforeSave } = {}) {
    const dialog = await openAgents(page);
    await dialog.getByRole('button', { name: 'New agent', exact: true }).click();
    const editor = dialog.getByRole('form', { name: 'New agent', exact: true });
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Translator');
    await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill('Translates into French.');
    if (model) await editor.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ label: model });
    await editor.getByRole('textbox', { name: 'System prompt template', exact: true }).fill(TRANSLATOR);
    // The starter's empty "instructions" section becomes "style"; a new one becomes "notes".
    const first = section(editor, 'instructions');
    await first.getByRole('textbox', { name: 'Section name', exact: true }).fill('style');
    await section(editor, 'style').getByRole('textbox', { name: 'Section text', exact: true }).fill('Formal, short sentences.');
    await editor.getByRole('button', { name: 'Add section', exact: true }).click();
    await section(editor, 'section_1').getByRole('textbox', { name: 'Section name', exact: true }).fill('notes');
    for (const label of tools) await editor.getByRole('checkbox', { name: label, exact: true }).check();
    await commit(editor.getByRole('spinbutton', { name: 'Most tool rounds per answer', exact: true }), String(rounds));
    if (beforeSave) await beforeSave(editor);
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    return waitUntil(async () => {
      const { agents } = await readDatabase(page, ['agents']);
      return agents.find((agent) => agent.name === 'Translator');
    }, 'the Translator is stored');
  }

  /** The rows of the agent list in the open Agents dialog, as their headings. */
  async function listedAgents(page) {
    const list = agentsDialog(page).getByRole('list', { name: 'Your agents', exact: true });
    return list.getByRole('heading').allInnerTexts();
  }

  test('a Translator made in the Agents dialog answers with its own prompt, model and tools', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo', cspViolations: true });
    // A second account on the mock: its model is the scenario that calls the calculator.
    const second = await addMockProvider(chat.page, env.mock, { scenario: 'tools-commentary' });
    // The first account stays the default one.
    const picker = chat.page.getByRole('combobox', { name: 'Model', exact: true });
    await picker.selectOption(chat.provider.id);
    // The top bar says the model first ("tools-commentary · Account"); the agent editor's
    // list of accounts says the account first ("Account · tools-commentary").
    const secondOption = (await picker.getByRole('option').allInnerTexts()).map((l) => l.trim()).find((l) => l.startsWith('tools-commentary · '));
    const secondLabel = `${secondOption.slice('tools-commentary · '.length)} · tools-commentary`;

    let preview;
    const stored = await makeTranslator(chat.page, {
      model: secondLabel,
      tools: ['Calculator'],
      rounds: 2,
      beforeSave: async (editor) => {
        const region = editor.getByRole('region', { name: 'Preview', exact: true });
        const text = region.getByText(/^You are Translator\./);
        preview = await text.innerText();
        // The size line counts what the preview shows.
        const size = await region.getByText(/\d+ characters · about \d+ tokens/).innerText();
        const [, chars, tokens] = size.match(/(\d+) characters · about (\d+) tokens/);
        assert.equal(Number(chars), [...preview].length);
        assert.equal(Number(tokens), Math.ceil(Buffer.byteLength(preview) / 4));
        assert.equal(await editor.getByText(/^Unknown placeholder/).count(), 0, 'every placeholder is known');
        await region.scrollIntoViewIfNeeded();
        await screenshot(chat.page, 'agent-editor.png');
      },
    });
    assert.equal(stored.model_config_id, second.config.id);
    assert.deepEqual(stored.tools, ['calculator']);
    assert.equal(stored.max_tool_rounds, 2);
    assert.deepEqual(stored.sections, [
      { name: 'style', text: 'Formal, short sentences.' },
      { name: 'notes', text: '' },
    ]);
    assert.match(preview, /<style>\nFormal, short sentences\.\n<\/style>\n\nTools:\n- calculator: /);
    assert.doesNotMatch(preview, /<notes>|\{/, 'the empty section is gone; no placeholder is left');

    // The list says what it is, and "Chat with Translator" starts a new conversation with it.
    const dialog = agentsDialog(chat.page);
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder', 'Translator']);
    const row = dialog.getByRole('listitem').filter({ has: chat.page.getByRole('heading', { name: 'Translator', exact: true }) });
    assert.match(await row.innerText(), /Translates into French\.[\s\S]*tools-commentary · Chat/);
    await dialog.getByRole('button', { name: 'Chat with Translator', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    await sendAndSettle(chat, 'What is 2^10?');
    await chat.reply.getByText('The answer is 1024.', { exact: true }).waitFor();

    const requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(requests.length, 2, 'the tool round and the answer');
    for (const request of requests) {
      assert.equal(request.body.model, 'tools-commentary', "the Translator's own model");
      assert.deepEqual(FAMILIES.openai.toolNames(request.body), ['calculator'], 'only its own tool');
      const system = request.body.messages.filter((m) => m.role === 'system').map((m) => m.content);
      assert.deepEqual(system, [preview], 'exactly the prompt the preview showed');
    }
    const { sessions } = await readDatabase(chat.page, ['sessions']);
    assert.equal(sessions[0].agent_id, stored.id, 'the conversation runs with the Translator');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'the dialog and the editor run under the CSP');
  });

  test('the editor flags unknown placeholders, refuses invalid input, and shows an empty prompt', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const dialog = await openAgents(chat.page);
    await dialog.getByRole('button', { name: 'New agent', exact: true }).click();
    const editor = dialog.getByRole('form', { name: 'New agent', exact: true });
    const template = editor.getByRole('textbox', { name: 'System prompt template', exact: true });
    await template.fill('Hello {agent_name}. Use {foo} and {{literal}}.');
    const flag = editor.getByText('Unknown placeholder {foo} — it is sent as typed', { exact: true });
    await flag.waitFor();
    assert.equal(await flag.evaluate((el) => el.closest('[aria-live]') !== null), true, 'the flag is announced');
    const preview = editor.getByRole('region', { name: 'Preview', exact: true });
    assert.equal(await preview.getByText('{foo}', { exact: true }).count(), 1, 'marked in the preview');
    assert.match(await preview.innerText(), /Hello \. Use \{foo\} and \{literal\}\./);
    await template.fill('<notes></notes>');
    await preview.getByText('No system message is sent.', { exact: true }).waitFor();
    assert.equal(await flag.count(), 0, 'the flag goes with the placeholder');

    // Without a name nothing is saved, and the editor says why.
    const before = (await readDatabase(chat.page, ['agents'])).agents.length;
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.getByRole('alert').filter({ hasText: 'Give the agent a name.' }).first().waitFor();
    // A section name that cannot be a placeholder, and a round limit out of range.
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Checker');
    const first = section(editor, 'instructions');
    await first.getByRole('textbox', { name: 'Section name', exact: true }).fill('2bad');
    await editor.getByText('A section name uses only letters, digits and _, and does not start with a digit.').waitFor();
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.getByText('Fix the section names marked above.', { exact: true }).waitFor();
    await section(editor, '2bad').getByRole('textbox', { name: 'Section name', exact: true }).fill('date');
    await editor.getByText('{date} is filled by Hearth; choose another name.').waitFor();
    await section(editor, 'date').getByRole('button', { name: 'Remove section date', exact: true }).click();
    await editor.getByRole('spinbutton', { name: 'Most tool rounds per answer', exact: true }).fill('0');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.getByRole('alert').filter({ hasText: 'Enter a whole number of tool rounds from 1 to 100.' }).first().waitFor();
    // A save closes the editor at once (and lists the agent): still open, nothing was saved.
    assert.equal(await editor.isVisible(), true, 'nothing was saved: the editor stays open');
    // Closing the dialog (Escape) keeps the draft: reopened, the editor goes on.
    await chat.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await openAgents(chat.page);
    assert.equal(await editor.getByRole('textbox', { name: 'Name', exact: true }).inputValue(), 'Checker', 'the draft is kept');
    // An app agent gets no tools.
    await editor.getByRole('radio', { name: 'App: gets no tools', exact: true }).check();
    await editor.getByText('An app agent gets no tools: none are offered to its model.').waitFor();
    assert.equal(await editor.getByRole('checkbox', { name: 'Calculator', exact: true }).count(), 0);
    await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder'], 'nothing was saved: no Checker is listed');
    assert.equal((await readDatabase(chat.page, ['agents'])).agents.length, before, 'Cancel saves nothing');
    assert.deepEqual(chat.errors, []);
  });

  test('duplicate, edit, delete and reset; the General Assistant cannot be deleted', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const translator = await makeTranslator(chat.page);
    const dialog = agentsDialog(chat.page);
    await dialog.getByRole('button', { name: 'Duplicate Translator', exact: true }).click();
    await dialog.getByRole('status').filter({ hasText: 'Made Copy of Translator.' }).waitFor();
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder', 'Copy of Translator', 'Translator']);
    await dialog.getByRole('button', { name: 'Edit Copy of Translator', exact: true }).click();
    const editor = dialog.getByRole('form', { name: 'Edit Copy of Translator', exact: true });
    await editor.getByRole('textbox', { name: 'Name', exact: true }).fill('Summariser');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder', 'Summariser', 'Translator']);
    const { agents } = await readDatabase(chat.page, ['agents']);
    const summariser = agents.find((agent) => agent.name === 'Summariser');
    assert.notEqual(summariser.id, translator.id);
    assert.equal(summariser.system_prompt, translator.system_prompt, 'the copy has the same template');
    assert.equal(await dialog.getByRole('button', { name: 'Delete General Assistant', exact: true }).count(), 0);

    // A conversation with the Summariser, then the Summariser is deleted.
    await dialog.getByRole('button', { name: 'Chat with Summariser', exact: true }).click();
    await sendAndSettle(chat, 'Summarise this.');
    let [request] = await chatRequests(env.mock, FAMILIES.openai);
    assert.match(request.body.messages[0].content, /^You are Summariser\./);
    await openAgents(chat.page);
    chat.page.once('dialog', (question) => question.dismiss());
    await dialog.getByRole('button', { name: 'Delete Summariser', exact: true }).click();
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder', 'Summariser', 'Translator'], 'Cancel keeps it');
    let asked = '';
    chat.page.once('dialog', (question) => {
      asked = question.message();
      question.accept();
    });
    await dialog.getByRole('button', { name: 'Delete Summariser', exact: true }).click();
    assert.match(asked, /^Delete the agent “Summariser”\? Conversations that used it keep its name/);
    await waitUntil(async () => (await listedAgents(chat.page)).length === 3, 'the Summariser is gone from the list');
    await waitUntil(async () => !(await readDatabase(chat.page, ['agents'])).agents.some((a) => a.name === 'Summariser'), 'deleted');
    await closeAgents(chat.page);
    // The conversation still opens after a reload and goes on with the General Assistant.
    await chat.page.reload();
    await chat.page.getByRole('button', { name: 'Providers', exact: true }).waitFor();
    // (The address keeps the open conversation.)
    await chat.you.first().waitFor();
    await sendAndSettle(chat, 'And now?');
    request = (await chatRequests(env.mock, FAMILIES.openai)).at(-1);
    assert.equal(request.body.messages.filter((m) => m.role === 'system').length, 0, "the General Assistant's empty prompt");

    // Reset the General Assistant: asked first.
    await openAgents(chat.page);
    await dialog.getByRole('button', { name: 'Edit General Assistant', exact: true }).click();
    const general = dialog.getByRole('form', { name: 'Edit General Assistant', exact: true });
    await general.getByRole('textbox', { name: 'System prompt template', exact: true }).fill('Be brief.');
    await general.getByRole('button', { name: 'Save agent', exact: true }).click();
    await general.waitFor({ state: 'hidden' });
    const generalPrompt = async () => (await readDatabase(chat.page, ['agents'])).agents.find((a) => a.id === 'general').system_prompt;
    await waitUntil(async () => (await generalPrompt()) === 'Be brief.', 'the new prompt is stored');
    chat.page.once('dialog', (question) => question.dismiss());
    await dialog.getByRole('button', { name: 'Reset General Assistant to default', exact: true }).click();
    // A reset puts the listed agent back at once: its editor shows what is kept.
    await dialog.getByRole('button', { name: 'Edit General Assistant', exact: true }).click();
    const template = general.getByRole('textbox', { name: 'System prompt template', exact: true });
    assert.equal(await template.inputValue(), 'Be brief.', 'Cancel keeps it');
    await general.getByRole('button', { name: 'Cancel', exact: true }).click();
    await general.waitFor({ state: 'hidden' });
    assert.equal(await generalPrompt(), 'Be brief.', 'Cancel keeps it');
    chat.page.once('dialog', (question) => question.accept());
    await dialog.getByRole('button', { name: 'Reset General Assistant to default', exact: true }).click();
    await waitUntil(async () => (await generalPrompt()) === '', 'the General Assistant is back to its default');
    // "Reset to default" in the editor resets the draft; Save stores it.
    await dialog.getByRole('button', { name: 'Edit Translator', exact: true }).click();
    const edited = dialog.getByRole('form', { name: 'Edit Translator', exact: true });
    await edited.getByRole('button', { name: 'Reset to default', exact: true }).click();
    assert.match(await edited.getByRole('textbox', { name: 'System prompt template', exact: true }).inputValue(), /^You are \{agent_name\}, an assistant in Hearth\./);
    await edited.getByRole('button', { name: 'Save agent', exact: true }).click();
    await edited.waitFor({ state: 'hidden' });
    const reset = await waitUntil(async () => {
      const found = (await readDatabase(chat.page, ['agents'])).agents.find((a) => a.id === translator.id);
      return found.tools.length === 0 && found;
    }, 'the reset Translator is stored');
    assert.equal(reset.name, 'Translator', 'it keeps its name');
    assert.deepEqual(reset.sections, [{ name: 'instructions', text: '' }]);
    assert.deepEqual(chat.errors, []);
  });

  test('the Agents dialog works with the keyboard alone', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    await makeTranslator(chat.page);
    await closeAgents(chat.page);
    const focused = () => chat.page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent.trim());
    await chat.page.getByRole('button', { name: 'Agents', exact: true }).focus();
    await chat.page.keyboard.press('Enter');
    const dialog = agentsDialog(chat.page);
    await dialog.waitFor();
    for (let i = 0; i < 30 && (await focused()) !== 'Edit Translator'; i++) await chat.page.keyboard.press('Tab');
    assert.equal(await focused(), 'Edit Translator', 'Tab reaches Edit Translator');
    await chat.page.keyboard.press('Enter');
    const editor = dialog.getByRole('form', { name: 'Edit Translator', exact: true });
    const name = editor.getByRole('textbox', { name: 'Name', exact: true });
    await waitUntil(() => name.evaluate((el) => el === document.activeElement), 'the editor takes the focus on Name');
    await chat.page.keyboard.press('End');
    await chat.page.keyboard.type(' (fr)');
    // Enter in a one-line field saves the form.
    await chat.page.keyboard.press('Enter');
    await editor.waitFor({ state: 'hidden' });
    await waitUntil(async () => (await focused()) === 'New agent', 'back in the list, on New agent');
    await waitUntil(async () => (await readDatabase(chat.page, ['agents'])).agents.some((a) => a.name === 'Translator (fr)'), 'the new name is stored');
    await chat.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(chat.errors, []);
  });

  test('an agent saved or deleted in one tab shows in another', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const other = await loadApp(chat.context, env.app.url);
    await openAgents(other.page);
    await makeTranslator(chat.page);
    await waitUntil(async () => (await listedAgents(other.page)).includes('Translator'), 'the other tab lists the Translator');
    chat.page.once('dialog', (question) => question.accept());
    await agentsDialog(chat.page).getByRole('button', { name: 'Delete Translator', exact: true }).click();
    await waitUntil(async () => !(await listedAgents(other.page)).includes('Translator'), 'the other tab drops it');
    assert.deepEqual([...chat.errors, ...other.errors], []);
  });

  test('Save asks before overwriting what another tab changed meanwhile, and merges an "ask before running" choice', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const translator = await makeTranslator(chat.page);
    const other = await loadApp(chat.context, env.app.url);
    const dialog = agentsDialog(chat.page);
    const stored = async () => (await readDatabase(chat.page, ['agents'])).agents.find((a) => a.id === translator.id);
    // The first tab's top bar names its agent, the General Assistant: renamed last in the
    // other tab, it shows when the first tab has loaded every change the other tab made.
    let generalName = 'General Assistant';
    const renameGeneralThere = async (name) => {
      const editor = await editAgent(other.page, generalName);
      await editor.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
      await saveAgent(other.page, editor);
      generalName = name;
      await chat.page.getByRole('button', { name: `Agent: ${name}`, exact: true }).waitFor();
    };
    const editHere = async (name, description) => {
      await dialog.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      const editor = dialog.getByRole('form', { name: `Edit ${name}`, exact: true });
      await editor.getByRole('textbox', { name: 'Short description', exact: true }).fill(description);
      return editor;
    };
    // The other tab edits the agent `name` once its list shows `description` (this tab's last save).
    const editThere = async (name, description) => {
      const there = await openAgents(other.page);
      const heading = other.page.getByRole('heading', { name, exact: true });
      await there.getByRole('listitem').filter({ has: heading }).filter({ hasText: description }).waitFor();
      await there.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
      return there.getByRole('form', { name: `Edit ${name}`, exact: true });
    };
    const conflict = (editor) => editor.getByRole('alert').filter({ hasText: 'This agent was changed elsewhere since you opened it' });
    const row = (name) => dialog.getByRole('listitem').filter({ has: chat.page.getByRole('heading', { name, exact: true }) });

    // Renamed in the other tab while described here: Save asks; "Discard mine" keeps theirs.
    let editor = await editHere('Translator', 'Mine.');
    let theirs = await editThere('Translator', 'Translates into French.');
    await theirs.getByRole('textbox', { name: 'Name', exact: true }).fill('Traducteur');
    await saveAgent(other.page, theirs);
    await renameGeneralThere('Helper');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await conflict(editor).waitFor();
    assert.equal(await editor.isVisible(), true, 'nothing was saved: the editor stays open');
    await screenshot(chat.page, 'agent-conflict.png');
    await conflict(editor).getByRole('button', { name: 'Discard mine', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    assert.deepEqual(await listedAgents(chat.page), ['Helper', 'App Builder', 'Traducteur']);
    assert.match(await row('Traducteur').innerText(), /Translates into French\./);

    // Described there too: "Save mine anyway" stores this tab's draft.
    editor = await editHere('Traducteur', 'Mine again.');
    theirs = await editThere('Traducteur', 'Translates into French.');
    await theirs.getByRole('textbox', { name: 'Short description', exact: true }).fill('Theirs.');
    await saveAgent(other.page, theirs);
    await renameGeneralThere('Assistant');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await conflict(editor).getByRole('button', { name: 'Save mine anyway', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    await waitUntil(async () => (await stored()).description === 'Mine again.', 'this tab\'s draft is stored');

    // Only an "ask before running" choice made there: merged in without asking.
    editor = await editHere('Traducteur', 'Merged.');
    theirs = await editThere('Traducteur', 'Mine again.');
    await theirs.getByRole('checkbox', { name: 'Ask before running Calculator', exact: true }).check();
    await saveAgent(other.page, theirs);
    await renameGeneralThere('Helper again');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    const merged = await waitUntil(async () => {
      const agent = await stored();
      return agent.description === 'Merged.' && agent;
    }, 'the draft is stored');
    assert.equal(merged.ask_before_running.calculator, true, "the other tab's choice is kept");
    assert.equal(merged.name, 'Traducteur');

    // Deleted there: Save asks, and says so; "Discard mine" leaves it deleted.
    editor = await editHere('Traducteur', 'Too late.');
    await (await editThere('Traducteur', 'Merged.')).getByRole('button', { name: 'Cancel', exact: true }).click();
    other.page.once('dialog', (question) => question.accept());
    await agentsDialog(other.page).getByRole('button', { name: 'Delete Traducteur', exact: true }).click();
    await closeAgents(other.page);
    await renameGeneralThere('General Assistant');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await conflict(editor).filter({ hasText: 'it was deleted' }).waitFor();
    await conflict(editor).getByRole('button', { name: 'Discard mine', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    assert.deepEqual(await listedAgents(chat.page), ['General Assistant', 'App Builder']);
    assert.deepEqual([...chat.errors, ...other.errors], []);
  });

  test('a made agent survives export and import into a fresh profile', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'echo' });
    const made = await makeTranslator(chat.page);
    await closeAgents(chat.page);
    const settings = await openSettings(chat.page);
    const [download] = await Promise.all([
      chat.page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const folder = await mkdtemp(path.join(tmpdir(), 'hearth-agents-'));
    t.after(() => rm(folder, { recursive: true }));
    const file = path.join(folder, 'backup.json');
    await download.saveAs(file);
    await closeSettings(chat.page);
    const backup = JSON.parse(await readFile(file, 'utf8'));
    assert.ok(backup.agents.some((agent) => agent.id === made.id), 'the backup carries the agent');

    const fresh = await openApp(t, env);
    const { review } = await importFile(fresh.page, file);
    assert.ok(
      review.some((line) => /^1 new agent: Translator[;.]/.test(line)),
      `the review lists the new agent: ${JSON.stringify(review)}`,
    );
    await closeSettings(fresh.page);
    const imported = await waitUntil(async () => (await readDatabase(fresh.page, ['agents'])).agents.find((a) => a.id === made.id), 'the agent is imported');
    assert.deepEqual(imported, made);
    await openAgents(fresh.page);
    assert.deepEqual(await listedAgents(fresh.page), ['General Assistant', 'App Builder', 'Translator']);
    assert.deepEqual(fresh.errors, []);
  });

  for (const scheme of ['light', 'dark']) {
    test(`the Agents dialog and the editor pass axe at 390 px, ${scheme}`, async (t) => {
      const chat = await openChatWithProvider(t, env, { scenario: 'echo', contextOptions: { viewport: { width: 390, height: 844 } } });
      await chat.page.emulateMedia({ colorScheme: scheme });
      await makeTranslator(chat.page);
      assert.equal(await chat.page.locator('dialog[open]').count(), 1);
      const overflow = () => chat.page.evaluate(() => document.querySelector('dialog[open]').scrollWidth > window.innerWidth);
      assert.equal(await overflow(), false, 'the list fits the phone');
      assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the Agents dialog');
      if (scheme === 'dark') await screenshot(chat.page, 'agents-dialog-mobile-dark.png');
      const dialog = agentsDialog(chat.page);
      await dialog.getByRole('button', { name: 'Edit Translator', exact: true }).click();
      const editor = dialog.getByRole('form', { name: 'Edit Translator', exact: true });
      await editor.getByRole('textbox', { name: 'System prompt template', exact: true }).fill(`${TRANSLATOR}\n{glossary}`);
      await editor.getByText('Unknown placeholder {glossary} — it is sent as typed').waitFor();
      if (scheme === 'dark') {
        await editor.getByText('Unknown placeholder {glossary} — it is sent as typed').evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await screenshot(chat.page, 'agent-editor-template-mobile-dark.png');
      }
      assert.equal(await overflow(), false, 'the editor fits the phone');
      assert.deepEqual(await axeViolations(chat.page, { include: 'dialog[open]' }), [], 'the agent editor');
      if (scheme === 'dark') {
        await editor.getByRole('region', { name: 'Preview', exact: true }).scrollIntoViewIfNeeded();
        await screenshot(chat.page, 'agent-editor-mobile-dark.png');
      }
      assert.deepEqual(chat.errors, []);
    });
  }
});
