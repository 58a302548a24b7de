// End-to-end tests of tool calling in real headless Chromium: the built app (dist/, or
// $HEARTH_DIST) talks to the mock LLM server in each provider family's dialect, runs the
// tools the mock's scenarios ask for in the browser, and sends the results back. They
// check the loop (two rounds with a parallel round, a failing tool fed back and answered,
// the round limit, Stop while a tool runs, a tool timeout), the tool widget's states, the
// wire shapes the mock received, what is stored, user-defined tools and the JavaScript
// sandbox's isolation. Elements are found by role and accessible name only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openApp, openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { cancelAgent, editAgent, openTools, saveAgent } from '../support/dialogs.mjs';
import { holdFirstRead, readDatabase, releaseHeld } from '../support/idb.mjs';
import { chatRequests as chatRequestsOf, FAMILIES as FAMILY, resetMock } from '../support/mock.mjs';
import { addProvider } from '../support/providers.mjs';

/** The three provider families, with how each spells tool use on the wire. */
const FAMILIES = [FAMILY.openai, FAMILY.anthropic, FAMILY.gemini];
const OPENAI = FAMILIES[0];

describe('tools', () => {
  const env = useHarness();

  /** A fresh browser context with the app open, one provider of `fam` on scenario `model`, and `tools` enabled. */
  function openChat(t, fam, model, { tools = [], rounds, viewport } = {}) {
    return openChatWithProvider(t, env, {
      family: fam,
      scenario: model,
      apiKey: 'key-test',
      tools,
      rounds,
      contextOptions: viewport ? { viewport } : {},
      cspViolations: true,
    });
  }

  function ask(chat, text) {
    return sendMessage(chat, text, { click: true });
  }

  /** The mock's logged chat requests of `fam` (not the background title requests), oldest first. */
  function chatRequests(fam) {
    return chatRequestsOf(env.mock, fam);
  }

  /** Answers Allow to the call of `tool` waiting for approval in the last reply. */
  async function allow(chat, tool) {
    await chat.reply
      .getByRole('group', { name: `Approve the ${tool} call`, exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
  }

  function widget(chat) {
    return chat.reply.getByRole('button', { name: /^(Thinking…|Running .+…|Used \d+ tools?)$/ });
  }

  for (const fam of FAMILIES) {
    describe(fam.name, () => {
      test('two rounds, the first with two calls in parallel, then a clean answer', async (t) => {
        const chat = await openChat(t, fam, 'tools-two-rounds', {
          tools: ['Current time', 'Calculator', 'Search my conversations'],
        });
        await ask(chat, 'What time is it, and what is 6*7?');
        const used = chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true });
        await used.waitFor();
        await settled(chat);
        const answer = await chat.reply.locator('.markdown').innerText();
        assert.match(answer, /^All done\. Results: /);
        assert.doesNotMatch(answer, /Let me check|Now a search/, 'commentary stays out of the answer');
        assert.equal(await used.getAttribute('aria-expanded'), 'false', 'collapsed by default');
        const region = chat.reply.getByRole('region', { name: 'Tool calls', exact: true });
        assert.equal(await region.isVisible(), false);

        await used.click();
        await region.waitFor();
        const items = region.getByRole('listitem');
        assert.equal(await items.count(), 3);
        const first = await items.nth(0).innerText();
        assert.match(first, /Let me check the time and do the sum\./, 'the commentary is shown with its call');
        assert.match(first, /current_time/);
        assert.match(first, /"utc"/);
        const second = await items.nth(1).innerText();
        assert.match(second, /calculator[\s\S]*"expression": "6\*7"[\s\S]*Result\s+42/i);
        assert.match(await items.nth(2).innerText(), /Now a search\.[\s\S]*search_conversations[\s\S]*"matches"/);
        assert.equal(await region.getByRole('button', { name: 'Copy calculator call', exact: true }).count(), 1);
        await screenshot(chat.page, `tools-expanded-${fam.name}.png`);

        const requests = await chatRequests(fam);
        assert.equal(requests.length, 3, 'three requests: two tool rounds and the answer');
        assert.deepEqual(fam.toolNames(requests[0].body).sort(), ['calculator', 'current_time', 'search_conversations']);
        const round1 = fam.results(requests[1].body);
        assert.deepEqual(round1.map((r) => r.id), ['call_time', 'call_calc']);
        assert.match(round1[1].content, /42/);
        assert.deepEqual(
          fam.calls(requests[2].body).map((c) => [c.id, c.name]),
          [['call_time', 'current_time'], ['call_calc', 'calculator'], ['call_search', 'search_conversations']],
          'every call goes back with the next request',
        );
        assert.deepEqual(fam.calls(requests[2].body)[1].args, { expression: '6*7' });

        const { messages } = await readDatabase(chat.page, ['messages']);
        const stored = messages.find((m) => m.role === 'assistant');
        assert.equal(stored.state, 'complete');
        assert.match(stored.content, /^All done\./);
        assert.deepEqual(stored.tool_calls.map((c) => [c.id, c.round, c.result?.is_error]), [
          ['call_time', 0, false],
          ['call_calc', 0, false],
          ['call_search', 1, false],
        ]);
        assert.equal(stored.tool_calls[0].commentary, 'Let me check the time and do the sum.');
        assert.deepEqual(chat.errors, []);
      });

      test('a failing tool goes back to the model as an error, and the model answers', async (t) => {
        const chat = await openChat(t, fam, 'tools-failing', { tools: ['Run JavaScript'] });
        await ask(chat, 'Run the code.');
        await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).click();
        await settled(chat);
        assert.match(await chat.reply.locator('.markdown').innerText(), /The tool failed \(1 error\): .*boom/);
        const item = chat.reply.getByRole('region', { name: 'Tool calls', exact: true }).getByRole('listitem');
        assert.match(await item.innerText(), /run_javascript[\s\S]*Error[\s\S]*boom/);
        const [, second] = await chatRequests(fam);
        const [result] = fam.results(second.body);
        assert.equal(result.isError, true);
        assert.match(result.content, /boom/);
        assert.deepEqual(chat.errors, []);
      });

      test('the round limit ends an endless loop with a clear card', async (t) => {
        const chat = await openChat(t, fam, 'tools-endless', { tools: ['Calculator'], rounds: 2 });
        await ask(chat, 'Loop forever.');
        const card = chat.reply.getByRole('alert');
        await card.waitFor();
        assert.match(await card.innerText(), /Too many tool rounds[\s\S]*2 times/);
        assert.equal(await card.getByRole('button', { name: 'Retry', exact: true }).count(), 1);
        assert.equal((await chatRequests(fam)).length, 3, 'two rounds ran; the third ask was refused');
        assert.equal(await chat.reply.getByRole('button', { name: 'Used 2 tools', exact: true }).count(), 1);
        const { messages } = await readDatabase(chat.page, ['messages']);
        const stored = messages.find((m) => m.role === 'assistant');
        assert.equal(stored.state, 'failed');
        assert.equal(stored.error.kind, 'tool_rounds');
        assert.equal(stored.tool_calls.length, 2);
        assert.deepEqual(chat.errors, []);
      });

      test('Stop while a tool runs cancels it and sends nothing more', async (t) => {
        const chat = await openChat(t, fam, 'tools-slow-tool', { tools: ['Run JavaScript'] });
        await ask(chat, 'Take your time.');
        const running = chat.reply.getByRole('button', { name: 'Running run_javascript…', exact: true });
        await running.waitFor();
        if (fam === OPENAI) await screenshot(chat.page, 'tools-running.png');
        await chat.stop.click();
        const used = chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true });
        await used.waitFor();
        await settled(chat);
        await chat.reply.getByText('Stopped', { exact: true }).waitFor();
        await used.click();
        const item = chat.reply.getByRole('region', { name: 'Tool calls', exact: true }).getByRole('listitem');
        assert.match(await item.innerText(), /Stopped by the user/);
        await new Promise((resolve) => setTimeout(resolve, 300));
        assert.equal((await chatRequests(fam)).length, 1, 'no request after Stop');
        const { messages } = await readDatabase(chat.page, ['messages']);
        const stored = messages.find((m) => m.role === 'assistant');
        assert.equal(stored.state, 'stopped');
        assert.equal(stored.tool_calls[0].result.content, 'Stopped by the user');
        // The conversation goes on: the stopped call is answered in the next request.
        await chat.message.fill('Never mind.');
        await chat.send.click();
        const requests = await waitUntil(async () => {
          const all = await chatRequests(fam);
          return all.length >= 2 && all;
        }, 'the next question is sent');
        const history = fam.calls(requests[1].body);
        assert.deepEqual(history.map((c) => c.name), ['run_javascript'], 'the stopped call is in the history');
        await chat.stop.click();
        await settled(chat);
        assert.deepEqual(chat.errors, []);
      });
    });
  }

  test('the widget says Thinking… before any call, then Used N tools', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-pause', { tools: ['Calculator'] });
    await ask(chat, 'Add two and three.');
    const thinking = chat.reply.getByRole('button', { name: 'Thinking…', exact: true });
    await thinking.waitFor();
    await screenshot(chat.page, 'tools-thinking.png');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'The sum is 5.');
    await screenshot(chat.page, 'tools-collapsed.png');
    assert.deepEqual(chat.errors, []);
  });

  test('a reply without tool calls shows no widget once answered', async (t) => {
    const chat = await openChat(t, OPENAI, 'echo', { tools: ['Calculator'] });
    await ask(chat, 'Just talk.');
    await settled(chat);
    assert.equal(await widget(chat).count(), 0);
    const [request] = await chatRequests(OPENAI);
    assert.deepEqual(OPENAI.toolNames(request.body), ['calculator'], 'the enabled tool was offered');
  });

  test('no tools enabled: nothing is offered and no widget shows', async (t) => {
    const chat = await openChat(t, OPENAI, 'echo');
    await ask(chat, 'Hello.');
    await settled(chat);
    const [request] = await chatRequests(OPENAI);
    assert.equal(request.body.tools, undefined);
    assert.equal(await widget(chat).count(), 0);
  });

  test('identical calls run once, unknown tools and bad arguments get error results', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-duplicate', { tools: ['Calculator'] });
    await ask(chat, 'Sums.');
    await chat.reply.getByRole('button', { name: 'Used 3 tools', exact: true }).waitFor();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'Got 4 | 4 | 9');
    const [, second] = await chatRequests(OPENAI);
    assert.deepEqual(OPENAI.results(second.body).map((r) => r.id), ['call_1', 'call_2', 'call_3']);

    await chat.page.getByRole('button', { name: 'New chat', exact: true }).click();
    const { form } = await addProvider(chat.page, {
      type: 'Custom (OpenAI-compatible)',
      baseUrl: `${env.mock.url}/v1`,
      apiKey: 'k',
      model: 'tools-unknown',
      keepOpen: false,
    });
    assert.ok(form);
    await resetMock(env.mock);
    await ask(chat, 'Try odd calls.');
    await chat.reply.getByRole('button', { name: 'Used 2 tools', exact: true }).waitFor();
    await settled(chat);
    const [, next] = await chatRequests(OPENAI);
    const results = OPENAI.results(next.body);
    assert.match(results[0].content, /^Error: Unknown tool "no_such_tool"\. Available tools: calculator\./);
    assert.match(results[1].content, /^Error: The arguments are not valid JSON\./);
    assert.match(await chat.reply.locator('.markdown').innerText(), /^Noted: /);
    assert.deepEqual(chat.errors, []);
  });

  test('a tool that runs too long times out and the model is told', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-slow-tool', { tools: ['Run JavaScript'] });
    await ask(chat, 'Wait for it.');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor({ timeout: 15_000 });
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'Finished.');
    const [, second] = await chatRequests(OPENAI);
    const [result] = OPENAI.results(second.body);
    assert.match(result.content, /^Error: The tool did not answer within 5000 ms/);
  });

  test('the JavaScript sandbox cannot reach the app\'s storage, cookies or page', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-sandbox', { tools: ['Run JavaScript'] });
    await chat.page.evaluate(() => {
      document.cookie = 'hearth_secret=swordfish';
      localStorage.setItem('hearth_secret', 'swordfish');
    });
    await ask(chat, 'Probe.');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    const [, second] = await chatRequests(OPENAI);
    const [result] = OPENAI.results(second.body);
    const report = JSON.parse(result.content);
    assert.notEqual(report.idb, 'opened', `IndexedDB must be out of reach: ${report.idb}`);
    assert.doesNotMatch(String(report.cookie), /swordfish/);
    assert.doesNotMatch(String(report.storage), /^[1-9]/, `localStorage must be out of reach: ${report.storage}`);
    assert.equal(report.origin, 'null', 'the sandbox has an opaque origin');
    // And the app's own data is untouched.
    const { sessions } = await readDatabase(chat.page, ['sessions']);
    assert.equal(sessions.length, 1);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'the sandbox runs under the CSP without a violation');
  });

  test('a tool made while start-up still reads the stored tools is kept', async (t) => {
    // The Tools dialog opens before start-up has read the stored tools; here that read is
    // held back until after a tool is made.
    const { page, errors } = await openApp(t, env, { beforeLoad: (context) => holdFirstRead(context, 'settings') });
    await waitUntil(() => page.evaluate(() => window.heldReadStarted === true), 'start-up is reading the tools');
    const dialog = await openTools(page);
    await dialog.getByRole('button', { name: 'New tool', exact: true }).click();
    const form = dialog.getByRole('form', { name: 'Tool editor', exact: true });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('early_tool');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Made before the tools were read.');
    await form.getByRole('textbox', { name: 'JavaScript (the body of an async function of args)', exact: true }).fill('return 1;');
    await form.getByRole('button', { name: 'Save tool', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    assert.equal(await page.evaluate(() => window.heldReadDone), undefined, 'the tool was made while the tools were being read');
    await releaseHeld(page);
    await waitUntil(() => page.evaluate(() => window.heldReadDone === true), 'the tools are read');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    const again = await openTools(page);
    await again.getByText('early_tool', { exact: true }).waitFor();
    const { settings } = await readDatabase(page, ['settings']);
    assert.ok(settings.some((s) => s.key.startsWith('user_tool:') && s.value.name === 'early_tool'), 'and it is stored');
    assert.deepEqual(errors, []);
  });

  test('a user-defined tool is made in Tools, stored, offered and run in the sandbox', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-user');
    const dialog = await openTools(chat.page);
    await dialog.getByRole('button', { name: 'New tool', exact: true }).click();
    const form = dialog.getByRole('form', { name: 'Tool editor', exact: true });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('word count');
    await form.getByRole('textbox', { name: 'Description', exact: true }).fill('Counts words.');
    await form
      .getByRole('textbox', { name: 'Parameters (JSON Schema)', exact: true })
      .fill('{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}');
    await form
      .getByRole('textbox', { name: 'JavaScript (the body of an async function of args)', exact: true })
      .fill('return args.text.split(/\\s+/).length;');
    await form.getByRole('button', { name: 'Save tool', exact: true }).click();
    const problem = form.getByRole('alert');
    assert.match(await problem.innerText(), /Saved, but not offered to the model until fixed: .*no spaces/);
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('word_count');
    await form.getByRole('button', { name: 'Save tool', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    await screenshot(chat.page, 'tools-dialog.png');
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    // Which tools an agent may call is set in the agent.
    const editor = await editAgent(chat.page);
    await editor.getByRole('checkbox', { name: 'word_count', exact: true }).check();
    await saveAgent(chat.page, editor);
    await waitUntil(async () => {
      const { settings, agents } = await readDatabase(chat.page, ['settings', 'agents']);
      const tool = settings.find((s) => s.key.startsWith('user_tool:'));
      return tool?.value.name === 'word_count' && agents[0].tools.includes('word_count');
    }, 'the user tool is stored and enabled');

    await ask(chat, 'Count the words.');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'Word count: 3');
    const [first] = await chatRequests(OPENAI);
    assert.deepEqual(first.body.tools[0].function, {
      name: 'word_count',
      description: 'Counts words.',
      parameters: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    });

    // It survives a reload, and a backup carries it.
    await chat.page.reload();
    const again = await editAgent(chat.page);
    assert.equal(await again.getByRole('checkbox', { name: 'word_count', exact: true }).isChecked(), true);
    await cancelAgent(chat.page, again);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'no Content-Security-Policy violation');
  });

  test('fetch a URL reads a site that allows it and explains one that does not (CORS)', async (t) => {
    // A server on another origin that sends no CORS header, like most sites.
    const closed = createServer((req, res) => res.end('secret page'));
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
    t.after(() => new Promise((resolve) => closed.close(resolve)));
    const chat = await openChat(t, OPENAI, 'tools-fetch', { tools: ['Fetch a URL'] });
    await ask(chat, `${env.mock.url}/v1/models`);
    // Fetching asks first (tests/e2e/approval.test.mjs tests the asking).
    await allow(chat, 'fetch_url');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    assert.match(await chat.reply.locator('.markdown').innerText(), /^Fetched \(0 errors\): \{"object":"list"/);

    await ask(chat, `http://127.0.0.1:${closed.address().port}/`);
    await allow(chat, 'fetch_url');
    await waitUntil(async () => (await chat.reply.locator('.markdown').innerText()).startsWith('Fetched (1 errors)'), 'the second answer');
    const [, , , fourth] = await chatRequests(OPENAI);
    const [result] = OPENAI.results(fourth.body);
    assert.match(result.content, /^Error: The browser could not read http:\/\/127\.0\.0\.1:\d+\/ .*no CORS header/);
    assert.doesNotMatch(result.content, /secret page/);
    assert.deepEqual(chat.errors, []);
  });

  test('project files are added in Tools, read by the tool, and removed', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-file', { tools: ['Read a project file'] });
    const dialog = await openTools(chat.page);
    await dialog.getByLabel('Add project files (.md, .txt)', { exact: true }).setInputFiles([
      { name: 'notes.md', mimeType: 'text/markdown', buffer: Buffer.from('# Notes\n\nThe hearth is warm.') },
      { name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('not text') },
    ]);
    const status = dialog.getByRole('status').filter({ hasText: 'Added' });
    assert.match(await status.innerText(), /Added 1 file\. photo\.png was not added: only \.md and \.txt files/);
    const files = dialog.getByRole('list', { name: 'Project files', exact: true });
    assert.match(await files.innerText(), /notes\.md/);
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await waitUntil(async () => (await readDatabase(chat.page, ['project_files'])).project_files.length === 1, 'the file is stored');

    await ask(chat, 'What do my notes say?');
    await chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true }).waitFor();
    await settled(chat);
    assert.match(await chat.reply.locator('.markdown').innerText(), /^From the file: # Notes\s+The hearth is warm\./);

    const again = await openTools(chat.page);
    await again.getByRole('button', { name: 'Remove notes.md', exact: true }).click();
    await waitUntil(async () => (await readDatabase(chat.page, ['project_files'])).project_files.length === 0, 'the file is removed');
    assert.deepEqual(chat.errors, []);
  });

  test('the widget works by keyboard, in a narrow dark viewport', async (t) => {
    const chat = await openChat(t, OPENAI, 'tools-commentary', {
      tools: ['Calculator'],
      viewport: { width: 390, height: 800 },
    });
    await chat.page.emulateMedia({ colorScheme: 'dark' });
    await ask(chat, 'What is 2^10?');
    const used = chat.reply.getByRole('button', { name: 'Used 1 tool', exact: true });
    await used.waitFor();
    await settled(chat);
    assert.equal(await chat.reply.locator('.markdown').innerText(), 'The answer is 1024.');
    await used.focus();
    await chat.page.keyboard.press('Enter');
    assert.equal(await used.getAttribute('aria-expanded'), 'true');
    const region = chat.reply.getByRole('region', { name: 'Tool calls', exact: true });
    assert.match(await region.innerText(), /I will look this up first\.[\s\S]*calculator[\s\S]*1024/);
    const overflow = await chat.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    assert.equal(overflow, false, 'nothing wider than the phone');
    await screenshot(chat.page, 'tools-mobile-dark.png');
    await chat.page.keyboard.press('Enter');
    assert.equal(await used.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(chat.errors, []);
  });
});
