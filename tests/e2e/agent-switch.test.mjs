// Switching agents mid-conversation, in real headless Chromium against the mock server: the
// top bar's agent picker (mouse and keyboard, disabled with its reason while a reply streams),
// the "Switched to <name>" divider (stored, never sent to any family, found by search, kept by
// reload, other tabs, backups and the deletion of its agent), the next turn running with the
// new agent's prompt, model and tools over the whole history, and each reply naming its agent.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import {
  addMockProvider,
  chatLocators,
  loadApp,
  openApp,
  openChatWithProvider,
  sendAndSettle,
  sendMessage,
  settled,
  storedAtRest,
  useHarness,
} from '../support/chat.mjs';
import { closeSettings, importFile, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { readDatabase, seedRecords } from '../support/idb.mjs';
import { chatRequests, FAMILIES, isTitleRequest, mockRequests } from '../support/mock.mjs';

/** The two agents besides the General Assistant; their models are set once the accounts exist. */
const POET = {
  id: 'agent-poet',
  name: 'Poet',
  description: 'Answers in verse',
  system_prompt: 'You are {agent_name}. Answer in verse.',
  tools: [],
  created_at: 1,
  updated_at: 1,
};
const TRANSLATOR = {
  id: 'agent-translator',
  name: 'Translator',
  description: 'Into French',
  system_prompt: 'You are {agent_name}, running on {model}. Translate into French.\n<tools>\n{tools}\n</tools>',
  tools: ['calculator'],
  max_tool_rounds: 2,
  created_at: 2,
  updated_at: 2,
};

/** The system prompt as each family's request carries it. */
const SYSTEM = {
  'OpenAI-compatible': (body) => body.messages.filter((m) => m.role === 'system').map((m) => m.content).join(''),
  Anthropic: (body) => (typeof body.system === 'string' ? body.system : (body.system ?? []).map((b) => b.text).join('')),
  Gemini: (body) => (body.systemInstruction?.parts ?? []).map((p) => p.text).join(''),
};

/** The conversation (without the system prompt) each family's request carries, as `[role, text]`. */
const HISTORY = {
  'OpenAI-compatible': (body) => body.messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content]),
  Anthropic: (body) =>
    body.messages.map((m) => [m.role, typeof m.content === 'string' ? m.content : m.content.map((b) => b.text ?? '').join('')]),
  Gemini: (body) => body.contents.map((c) => [c.role === 'model' ? 'assistant' : c.role, c.parts.map((p) => p.text ?? '').join('')]),
};

/** The top bar's agent picker and its menu on `page`. */
function pickerOf(page) {
  const button = page.getByRole('button', { name: /^Agent: / });
  const menu = page.getByRole('menu', { name: 'Agents', exact: true });
  return {
    button,
    menu,
    item: (name) => menu.getByRole('menuitemradio', { name, exact: true }),
    /**
     * Waits until the top bar says `shown`, "Agent: <agent> · <model>": the agent menu's
     * accessible name is "Agent: <agent>" and the model control beside it has <model>'s
     * account chosen (its option reads "<model> · <account>").
     */
    shows: async (shown) => {
      const [agent, model] = shown.split(' · ');
      await page.getByRole('button', { name: agent, exact: true }).waitFor();
      const control = page.getByRole('combobox', { name: 'Model', exact: true });
      await waitUntil(
        async () => (await control.evaluate((select) => select.selectedOptions[0]?.textContent ?? '')).startsWith(`${model} · `),
        `the model control shows ${model}`,
      );
    },
  };
}

/** The name of the element that has the focus on `page` (its text without what is aria-hidden). */
function focusedName(page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return null;
    const copy = element.cloneNode(true);
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return (element.getAttribute('aria-label') ?? copy.textContent).replace(/\s+/g, ' ').trim();
  });
}

/** The text of each element `locator` matches, without what is aria-hidden (their names, for menu items). */
function namesOf(locator) {
  return locator.evaluateAll((all) =>
    all.map((element) => {
      const copy = element.cloneNode(true);
      for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
      return copy.textContent.replace(/\s+/g, ' ').trim();
    }),
  );
}

/** The badge of a reply `article`: its agent and model. */
async function badgeOf(article) {
  return (await article.getByTitle(/^(Agent · model|Model)$/).innerText()).trim();
}

/**
 * Opens the app with three accounts on the mock, one per family: the OpenAI-compatible one
 * (`echo`) is the default model; Gemini's `gemini-poet` and Anthropic's `claude-translator`
 * (both answer as `echo` does) belong to the Poet and the Translator, which are seeded, and
 * the app is reloaded so it loads them. Returns the chat with `picker` and `configs`.
 */
async function openWithAgents(t, env, { scenario = 'echo', ...options } = {}) {
  const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario, ...options });
  const gemini = await addMockProvider(chat.page, env.mock, { family: FAMILIES.gemini, scenario: 'gemini-poet' });
  const anthropic = await addMockProvider(chat.page, env.mock, { family: FAMILIES.anthropic, scenario: 'claude-translator' });
  await seedRecords(chat.page, {
    agents: [
      { ...POET, model_config_id: gemini.config.id },
      { ...TRANSLATOR, model_config_id: anthropic.config.id },
    ],
  });
  await chat.page.reload();
  await chat.page.getByText('Your conversations will appear here.', { exact: false }).waitFor();
  // The OpenAI-compatible account answers by default (the last one added may have become it).
  await chat.page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ value: chat.provider.id });
  return { ...chat, picker: pickerOf(chat.page), configs: { gemini: gemini.config, anthropic: anthropic.config } };
}

/** Opens the picker with the mouse and chooses `name`. */
async function chooseWithMouse(chat, name) {
  await chat.picker.button.click();
  await chat.picker.item(name).click();
  await chat.picker.menu.waitFor({ state: 'detached' });
}

/** Every chat request the mock logged, of any family (title requests included). */
async function everyChatRequest(mock) {
  return (await mockRequests(mock)).filter((entry) => Object.values(FAMILIES).some((family) => family.isChat(entry)));
}

describe('switching agents', () => {
  const env = useHarness();
  let downloads;
  before(async () => {
    downloads = await mkdtemp(path.join(tmpdir(), 'hearth-agent-switch-'));
  });
  after(() => rm(downloads, { recursive: true, force: true }));

  test('switching mid-conversation: a divider, the new agent with the whole history, and no marker in any request', async (t) => {
    const chat = await openWithAgents(t, env);
    const { page, picker } = chat;
    await picker.shows('Agent: General Assistant · echo');
    const modelControl = page.getByRole('combobox', { name: 'Model', exact: true });
    assert.equal(await modelControl.isDisabled(), false, 'the General Assistant runs on the model chosen here');

    // A new chat only chooses the agent: no divider, nothing stored.
    await chooseWithMouse(chat, 'Poet');
    await picker.shows('Agent: Poet · gemini-poet');
    // The Poet has a model of its own: the model control shows it and is off, saying why.
    await waitUntil(() => modelControl.isDisabled(), 'the model control is off while the agent has its own model');
    const note = await modelControl.evaluate((select) => getComputedStyle(select.closest('label'), '::after').content);
    assert.equal(note, '"set by the agent"', 'the control says beside it why it is off');
    assert.match(await modelControl.getAttribute('title'), /for agents without their own \(an agent's own: in Agents\)/);
    assert.equal(await chat.log.getByRole('separator').count(), 0, 'no divider in a new conversation');
    const poetReply = await sendAndSettle(chat, 'Write a line about the sea.');
    assert.equal(await badgeOf(poetReply), 'Poet · gemini-poet', 'the reply names its agent and model');
    const [poetRequest] = await chatRequests(env.mock, FAMILIES.gemini);
    assert.equal(SYSTEM.Gemini(poetRequest.body), 'You are Poet. Answer in verse.');
    assert.match(poetRequest.path, /\/models\/gemini-poet:streamGenerateContent$/);
    // The conversation's title is asked of the account that answered (the Poet's), never of
    // the default account, which this conversation never used.
    const titleRequest = await waitUntil(
      async () => (await everyChatRequest(env.mock)).find(isTitleRequest),
      'the title request is sent',
    );
    assert.match(titleRequest.path, /\/models\/gemini-poet:streamGenerateContent$/, 'to the Poet\'s account');
    const toDefault = (await everyChatRequest(env.mock)).filter((entry) => FAMILIES.openai.isChat(entry));
    assert.equal(toDefault.length, 0, 'nothing went to the default account');

    // Keyboard only: from the message box, back to the picker; open, move, choose.
    await chat.message.focus();
    let steps = 0;
    while (!(await focusedName(page))?.startsWith('Agent:')) {
      assert.ok(++steps < 40, 'Shift+Tab reaches the agent picker');
      await page.keyboard.press('Shift+Tab');
    }
    assert.equal(await focusedName(page), 'Agent: Poet');
    await picker.shows('Agent: Poet · gemini-poet');
    await page.keyboard.press('Enter');
    await picker.menu.waitFor();
    assert.equal(await picker.button.getAttribute('aria-expanded'), 'true');
    await waitUntil(async () => (await focusedName(page)) === 'Poet', 'the menu opens with the focus on the current agent');
    assert.equal(await picker.item('Poet').getAttribute('aria-checked'), 'true');
    assert.equal(await picker.item('Translator').getAttribute('aria-checked'), 'false');
    assert.deepEqual(await namesOf(picker.menu.getByRole('menuitemradio')), ['General Assistant', 'App Builder', 'Poet', 'Translator']);
    await page.keyboard.press('ArrowDown');
    assert.equal(await focusedName(page), 'Translator');
    await page.keyboard.press('ArrowDown');
    assert.equal(await focusedName(page), 'General Assistant', 'the arrows wrap around');
    await page.keyboard.press('ArrowUp');
    await screenshot(page, 'agent-picker-open.png');
    const top = 'header';
    assert.deepEqual(await axeViolations(page, { include: top }), [], 'the top bar with the menu open');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation');
    // Escape closes it and gives the focus back; then choose for real.
    await page.keyboard.press('Escape');
    await picker.menu.waitFor({ state: 'detached' });
    assert.equal(await focusedName(page), 'Agent: Poet', 'Escape gives the focus back to the picker');
    await page.keyboard.press('ArrowDown');
    await picker.menu.waitFor();
    await waitUntil(async () => (await focusedName(page)) === 'Poet', 'the menu opens with the focus on the current agent');
    await page.keyboard.press('End');
    assert.equal(await focusedName(page), 'Translator');
    await page.keyboard.press('Enter');
    await picker.menu.waitFor({ state: 'detached' });
    await picker.shows('Agent: Translator · claude-translator');
    assert.equal(await focusedName(page), 'Agent: Translator', 'the focus is back on the picker');
    const toTranslator = chat.log.getByRole('separator', { name: 'Switched to Translator', exact: true });
    await toTranslator.waitFor();
    assert.equal((await toTranslator.innerText()).trim(), 'Switched to Translator', 'the divider says it in words');
    await screenshot(page, 'agent-switch-divider.png');

    // The next turn: the Translator's prompt, model and tools, with the whole history.
    const translatorReply = await sendAndSettle(chat, 'Now in French, please.');
    assert.equal(await badgeOf(translatorReply), 'Translator · claude-translator');
    assert.equal(await badgeOf(chat.assistant.first()), 'Poet · gemini-poet', 'the earlier reply keeps its agent');
    const [translatorRequest] = await chatRequests(env.mock, FAMILIES.anthropic);
    assert.equal(translatorRequest.body.model, 'claude-translator');
    assert.match(SYSTEM.Anthropic(translatorRequest.body), /^You are Translator, running on claude-translator\. Translate into French\.\n<tools>\n- calculator: /);
    assert.deepEqual(FAMILIES.anthropic.toolNames(translatorRequest.body), ['calculator']);
    const history = HISTORY.Anthropic(translatorRequest.body);
    assert.deepEqual(history.map(([role]) => role), ['user', 'assistant', 'user'], 'the whole history, and nothing else');
    assert.equal(history[0][1], 'Write a line about the sea.');
    assert.ok(history[1][1].length > 0, 'the Poet\'s reply is sent back');
    assert.equal(history[2][1], 'Now in French, please.');

    // Back to the General Assistant (the default model, OpenAI-compatible), with the mouse.
    await chooseWithMouse(chat, 'General Assistant');
    await chat.log.getByRole('separator', { name: 'Switched to General Assistant', exact: true }).waitFor();
    // Choosing the current agent does nothing.
    await chooseWithMouse(chat, 'General Assistant');
    const generalReply = await sendAndSettle(chat, 'And in plain English?');
    assert.equal(await badgeOf(generalReply), 'General Assistant · echo');
    const openaiChats = (await chatRequests(env.mock, FAMILIES.openai)).filter((r) => r.body.messages.some((m) => m.content === 'And in plain English?'));
    assert.equal(openaiChats.length, 1);
    assert.equal(SYSTEM['OpenAI-compatible'](openaiChats[0].body), '', "the General Assistant's empty prompt sends no system message");
    assert.deepEqual(
      HISTORY['OpenAI-compatible'](openaiChats[0].body).map(([role]) => role),
      ['user', 'assistant', 'user', 'assistant', 'user'],
    );
    assert.equal(await chat.log.getByRole('separator').count(), 2, 'one divider per switch');

    // No request of any family (titles included) carries a marker.
    const requests = await everyChatRequest(env.mock);
    for (const family of Object.values(FAMILIES)) {
      assert.ok(requests.some((r) => family.isChat(r)), `${family.name} was asked`);
    }
    for (const request of requests) {
      assert.doesNotMatch(JSON.stringify(request.body), /Switched to/, `no marker in ${request.path}`);
    }

    // Stored: two markers with the session, whose agent is now the General Assistant; the
    // sidebar preview is the last reply, not a marker.
    const stored = (await storedAtRest(page)).sort((a, b) => a.created_at - b.created_at);
    const markers = stored.filter((m) => m.kind === 'agent_switch');
    assert.deepEqual(markers.map((m) => [m.role, m.content, m.agent.name]), [
      ['system', 'Switched to Translator', 'Translator'],
      ['system', 'Switched to General Assistant', 'General Assistant'],
    ]);
    const { sessions } = await readDatabase(page, ['sessions']);
    assert.equal(sessions.length, 1);
    assert.equal(sessions[0].agent_id, 'general');
    assert.doesNotMatch(sessions[0].preview, /Switched to/);
    assert.equal(history[1][1], stored.find((m) => m.role === 'assistant').content, "the Poet's reply as stored");
    const replies = stored.filter((m) => m.role === 'assistant');
    assert.deepEqual(replies.map((m) => [m.agent.name, m.model]), [
      ['Poet', 'gemini-poet'],
      ['Translator', 'claude-translator'],
      ['General Assistant', 'echo'],
    ]);

    // A second tab shows the dividers, and hears of a new switch.
    const other = await loadApp(chat.context, page.url());
    const otherLog = chatLocators(other.page).log;
    await otherLog.getByRole('separator', { name: 'Switched to General Assistant', exact: true }).waitFor();
    assert.equal(await otherLog.getByRole('separator').count(), 2);
    await pickerOf(other.page).shows('Agent: General Assistant · echo');
    await chooseWithMouse(chat, 'Poet');
    await otherLog.getByRole('separator', { name: 'Switched to Poet', exact: true }).waitFor();
    await pickerOf(other.page).shows('Agent: Poet · gemini-poet');

    // A reload keeps the dividers and the conversation's agent.
    await page.reload();
    await chat.log.getByRole('separator', { name: 'Switched to Poet', exact: true }).waitFor();
    assert.deepEqual(
      await chat.log.getByRole('separator').evaluateAll((all) => all.map((s) => s.getAttribute('aria-label'))),
      ['Switched to Translator', 'Switched to General Assistant', 'Switched to Poet'],
    );
    await picker.shows('Agent: Poet · gemini-poet');
    assert.equal(await badgeOf(chat.assistant.nth(1)), 'Translator · claude-translator');

    // The sidebar search finds a marker, by its words.
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
    for (const [query, expected] of [['Switched to Translator', '1 result'], ['translator', '1 result'], ['switched', '3 results']]) {
      await search.fill(query);
      await waitUntil(async () => {
        const status = nav.getByRole('status').filter({ hasText: /results?$|No messages match/ });
        return (await status.count()) === 1 && (await status.innerText()).trim() === expected;
      }, `the search for "${query}" reports "${expected}"`);
    }
    await search.fill('');

    // New chats start with the agent chosen last.
    await nav.getByRole('button', { name: 'New chat', exact: true }).click();
    await picker.shows('Agent: Poet · gemini-poet');
    assert.deepEqual([...chat.errors, ...other.errors], []);
  });

  test('the picker waits, saying why, while a reply streams', async (t) => {
    const chat = await openWithAgents(t, env, { scenario: 'slow' });
    const { page, picker } = chat;
    await sendMessage(chat, 'Tell me a long story.');
    await waitUntil(async () => (await chat.assistant.count()) === 1 && (await chat.reply.getAttribute('aria-busy')) === 'true', 'the reply streams');
    await waitUntil(async () => (await picker.button.getAttribute('aria-disabled')) === 'true', 'the picker is aria-disabled');
    // Still focusable, and its description says why, visibly, on focus…
    await picker.button.focus();
    assert.equal(await focusedName(page), 'Agent: General Assistant');
    await picker.shows('Agent: General Assistant · slow');
    const describedBy = await picker.button.getAttribute('aria-describedby');
    assert.ok(describedBy, 'the picker is described while it waits');
    const reason = page.locator(`[id="${describedBy}"]`);
    assert.equal(await reason.getAttribute('role'), 'tooltip');
    assert.equal((await reason.innerText()).trim(), 'Switching agents waits until the reply has finished');
    assert.ok(await reason.isVisible(), 'the reason shows on focus');
    // …and it does not open.
    await page.keyboard.press('Enter');
    // A real click, past Playwright's own refusal to click an aria-disabled button.
    await picker.button.click({ force: true });
    assert.equal(await picker.button.getAttribute('aria-expanded'), 'false');
    assert.equal(await picker.menu.count(), 0);
    // On hover too.
    await chat.message.focus();
    await chat.message.hover();
    assert.ok(!(await reason.isVisible()), 'hidden once the picker has neither focus nor pointer');
    await picker.button.hover();
    assert.ok(await reason.isVisible(), 'the reason shows on hover');
    await screenshot(page, 'agent-picker-busy.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await picker.button.hover();
    await screenshot(page, 'agent-picker-busy-390-dark.png');

    await chat.stop.click();
    await settled(chat);
    await waitUntil(async () => (await picker.button.getAttribute('aria-disabled')) === 'false', 'the picker is enabled again');
    assert.equal(await picker.button.getAttribute('aria-describedby'), null);
    await chooseWithMouse(chat, 'Translator');
    await chat.log.getByRole('separator', { name: 'Switched to Translator', exact: true }).waitFor();

    // The divider after it does not take Regenerate away from the stopped reply; the new
    // version is the Translator's, asked without the marker.
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await waitUntil(async () => (await chatRequests(env.mock, FAMILIES.anthropic)).length === 1, 'the Translator is asked');
    await settled(chat);
    assert.equal(await badgeOf(chat.reply), 'Translator · claude-translator');
    const [again] = await chatRequests(env.mock, FAMILIES.anthropic);
    assert.deepEqual(HISTORY.Anthropic(again.body), [['user', 'Tell me a long story.']]);
    assert.match(SYSTEM.Anthropic(again.body), /^You are Translator/);
    assert.doesNotMatch(JSON.stringify(again.body), /Switched to/);
    assert.deepEqual(chat.errors, []);
  });

  test('a backup keeps the dividers, and a deleted agent leaves its name on its replies', async (t) => {
    const chat = await openWithAgents(t, env);
    const { page, picker } = chat;
    await turnOffGeneratedTitles(page);
    await sendAndSettle(chat, 'Hello there.');
    await chooseWithMouse(chat, 'Translator');
    await sendAndSettle(chat, 'Bonjour?');
    await storedAtRest(page);

    // 390 px wide, dark: the picker open over a conversation with a divider.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await chat.log.getByRole('separator', { name: 'Switched to Translator', exact: true }).waitFor();
    await screenshot(page, 'agent-switch-divider-390-dark.png');
    await picker.button.click();
    await picker.menu.waitFor();
    await screenshot(page, 'agent-picker-open-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: 'header' }), [], 'the top bar at 390 px, dark, menu open');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 390 px, dark');
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });

    // The Markdown export shows the divider and names each reply's agent.
    const [markdown] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export as Markdown', exact: true }).click(),
    ]);
    const markdownText = await readFile(await markdown.path(), 'utf8');
    assert.match(markdownText, /\n## Assistant \(echo\)\n[\s\S]*\n--- Switched to Translator ---\n[\s\S]*\n## Translator \(claude-translator\)\n/);

    // Export a backup, import it into a fresh browser: the divider is there.
    await page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = page.getByRole('dialog', { name: 'Settings', exact: true });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const file = path.join(downloads, 'agent-switch-backup.json');
    await download.saveAs(file);
    const backup = JSON.parse(await readFile(file, 'utf8'));
    assert.ok(backup.messages.some((m) => m.kind === 'agent_switch' && m.content === 'Switched to Translator'));
    await closeSettings(page);

    const fresh = await openApp(t, env);
    await importFile(fresh.page, file);
    await closeSettings(fresh.page);
    const freshNav = fresh.page.getByRole('navigation', { name: 'Conversations', exact: true });
    await freshNav.getByRole('button', { name: 'Hello there.', exact: true }).click();
    await fresh.log.getByRole('separator', { name: 'Switched to Translator', exact: true }).waitFor();
    assert.equal(await badgeOf(fresh.assistant.last()), 'Translator · claude-translator');
    await pickerOf(fresh.page).shows('Agent: Translator · claude-translator');

    // The Translator is deleted: the conversation still opens, its reply and divider keep the name.
    await page.evaluate(
      (id) =>
        new Promise((resolve, reject) => {
          const request = indexedDB.open('hearth');
          request.onsuccess = () => {
            const tx = request.result.transaction('agents', 'readwrite');
            tx.objectStore('agents').delete(id);
            tx.oncomplete = () => resolve(request.result.close());
            tx.onabort = () => reject(tx.error);
          };
          request.onerror = () => reject(request.error);
        }),
      TRANSLATOR.id,
    );
    await page.reload();
    await chat.log.getByRole('separator', { name: 'Switched to Translator', exact: true }).waitFor();
    await waitUntil(async () => (await chat.assistant.count()) === 2, 'both replies are shown');
    assert.equal(await badgeOf(chat.assistant.last()), 'Translator · claude-translator');
    await picker.shows('Agent: General Assistant · echo');
    assert.deepEqual(
      await picker.button.click().then(() => namesOf(picker.menu.getByRole('menuitemradio'))),
      ['General Assistant', 'App Builder', 'Poet'],
    );
    assert.equal(await picker.item('General Assistant').getAttribute('aria-checked'), 'true', 'it goes on with the General Assistant');
    await page.keyboard.press('Escape');
    // New chats start with the default once the agent chosen last is gone.
    await page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: 'New chat', exact: true }).click();
    await picker.shows('Agent: General Assistant · echo');
    assert.deepEqual([...chat.errors, ...fresh.errors], []);
  });
  test('the search tool never gives a model a marker, though the sidebar search finds it', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    const searcher = await addMockProvider(chat.page, env.mock, { family: FAMILIES.openai, scenario: 'tools-two-rounds' });
    // The mock's tool scenario searches for "hello": an agent named so leaves a marker that matches.
    await seedRecords(chat.page, {
      agents: [
        {
          id: 'agent-hello',
          name: 'Hello Helper',
          system_prompt: '',
          tools: ['current_time', 'calculator', 'search_conversations'],
          model_config_id: searcher.config.id,
          created_at: 3,
          updated_at: 3,
        },
      ],
    });
    await chat.page.reload();
    await chat.page.getByText('Your conversations will appear here.', { exact: false }).waitFor();
    await chat.page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ value: chat.provider.id });
    const picker = pickerOf(chat.page);
    await turnOffGeneratedTitles(chat.page);
    await sendAndSettle(chat, 'A first message.');
    await chooseWithMouse({ picker }, 'Hello Helper');
    await chat.log.getByRole('separator', { name: 'Switched to Hello Helper', exact: true }).waitFor();
    const nav = chat.page.getByRole('navigation', { name: 'Conversations', exact: true });
    const search = nav.getByRole('searchbox', { name: 'Search conversations', exact: true });
    await search.fill('hello');
    await nav.getByText('1 result', { exact: false }).waitFor();
    await search.fill('');

    await sendAndSettle(chat, 'What time is it?');
    await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).waitFor();
    const requests = await waitUntil(async () => {
      const logged = (await chatRequests(env.mock, FAMILIES.openai)).filter((r) => r.body.model === 'tools-two-rounds');
      return logged.length >= 3 && logged;
    }, 'the three requests of the tool turn');
    const searchResult = requests[2].body.messages.find((m) => m.role === 'tool' && m.tool_call_id === 'call_search');
    assert.ok(searchResult, 'the last request carries the search result');
    assert.match(searchResult.content, /"matches":0/, 'the marker is no match for the tool');
    for (const request of await everyChatRequest(env.mock)) {
      assert.doesNotMatch(JSON.stringify(request.body), /Switched to/, `no marker in ${request.path}`);
    }
    assert.deepEqual(chat.errors, []);
  });
});
