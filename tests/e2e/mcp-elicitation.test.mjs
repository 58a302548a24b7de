// End-to-end tests of MCP elicitation (a server asking the user for input in the middle of
// a tool call) in real headless Chromium: the built app against the reference server
// (`@modelcontextprotocol/server-everything`, whose elicitation tools exist only for a
// client that declares elicitation) and Hearth's own MCP mock (its /asking address, whose
// one tool asks whatever form the test wants). A form is shown in the tool widget with the
// schema's defaults; a bad value is refused before anything is sent; Send answer, Decline,
// Cancel and Stop each reach the server as the user gave them; a link is shown with its
// host and opens only on a click; a form asking for a secret is refused with the
// specification's words. Elements are found by role and accessible name only.

import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser.mjs';
import { openChatWithProvider, sendMessage, settled, useHarness } from '../support/chat.mjs';
import { axeViolations } from '../support/axe.mjs';
import { addMcpServer } from '../support/dialogs.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';
import { startEverything } from '../support/mcp-everything.mjs';
import { startMcpMock } from '../mock/mcp.mjs';

describe('MCP servers that ask the user', () => {
  const env = useHarness();
  let everything;
  let mcp;

  before(async () => {
    [everything, mcp] = await Promise.all([startEverything(), startMcpMock()]);
  });
  after(() => Promise.all([everything?.close(), mcp?.close()]));
  beforeEach(() => fetch(`${mcp.origin}/__mcp/reset`, { method: 'POST' }));

  /** Sends `text`, allows the call of `tool`, and returns the server's question. */
  async function ask(chat, text, tool) {
    await sendMessage(chat, text, { click: true });
    await chat.reply.getByRole('group', { name: `Approve the ${tool} call`, exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    return chat.reply.getByRole('group', { name: /^The MCP server \S+ asks you$/ });
  }

  /** What the model was given as the tool's result in the turn's second request. */
  async function toolResult(chat, nth = 1) {
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    return FAMILIES.openai.results(requests[nth].body).at(-1).content;
  }

  test('a form is shown with its defaults; a bad value is refused before sending; the answer goes back as entered', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-elicit' });
    await addMcpServer(chat.page, { name: 'everything', url: everything.url, offered: ['trigger-elicitation-request'] });
    const question = await ask(chat, 'Ask me something.', 'trigger-elicitation-request');
    await question.getByText('Please provide inputs for the following fields:', { exact: true }).waitFor();
    assert.equal(await chat.reply.getByRole('button', { name: 'Waiting for your answer' }).count(), 1, 'the widget says it waits');
    const form = question.getByRole('form', { name: 'The MCP server everything asks you', exact: true });

    // The server's order (not the alphabet's), each field from its default.
    const labels = await form.locator('label, legend').allInnerTexts();
    assert.deepEqual(labels.slice(0, 3).map((label) => label.replace(' *', '')), ['String', 'Boolean', 'String with default']);
    assert.equal(await form.getByRole('textbox', { name: 'String with default', exact: true }).inputValue(), 'It was a dark and stormy night.');
    assert.equal(await form.getByRole('textbox', { name: 'Integer', exact: true }).inputValue(), '42');
    assert.equal(await form.getByRole('combobox', { name: 'Titled Single Select Enum', exact: true }).inputValue(), 'hero-1');
    const instruments = form.getByRole('group', { name: 'Untitled Multiple Select Enum', exact: true });
    assert.equal(await instruments.getByRole('checkbox', { name: 'Guitar', exact: true }).isChecked(), true);
    assert.equal(await form.getByRole('checkbox', { name: 'Boolean', exact: true }).isChecked(), false);
    assert.equal(
      await form.getByRole('combobox', { name: 'Legacy Titled Single Select Enum', exact: true }).locator('option:checked').innerText(),
      'Cats',
      'a legacy enum shows its enumNames',
    );
    assert.deepEqual(await axeViolations(chat.page, { include: '.tool-ask' }), [], 'the question at 1280 px');

    // The required name left empty, a bad address and a number out of range: each said
    // beside its field, and the server is sent nothing (the call still waits).
    await form.getByRole('textbox', { name: 'String with email format', exact: true }).fill('not an address');
    await form.getByRole('textbox', { name: 'Number in range 1-1000', exact: true }).fill('1001');
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
    await form.getByText('Some answers need a change before they can be sent.', { exact: true }).waitFor();
    await form.getByText('This is required.', { exact: true }).waitFor();
    await form.getByText('Write an email address, such as name@example.com.', { exact: true }).waitFor();
    await form.getByText('Write 1000 or less.', { exact: true }).waitFor();
    assert.equal(await form.getByRole('textbox', { name: 'String', exact: true }).getAttribute('aria-invalid'), 'true');
    await screenshot(chat.page, 'mcp-elicitation-form.png');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 1, 'the call still waits for the answer');

    // Typed key by key, a number keeps its sign: it is checked as typed.
    const number = form.getByRole('textbox', { name: 'Number in range 1-1000', exact: true });
    await number.fill('');
    await number.pressSequentially('-5');
    assert.equal(await number.inputValue(), '-5');
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
    await form.getByText('Write 0 or more.', { exact: true }).waitFor();

    await form.getByRole('textbox', { name: 'String', exact: true }).fill('Ada Lovelace');
    await form.getByRole('textbox', { name: 'String with email format', exact: true }).fill('ada@example.com');
    await form.getByRole('textbox', { name: 'Number in range 1-1000', exact: true }).fill('7.5');
    await form.getByRole('checkbox', { name: 'Boolean', exact: true }).check();
    await instruments.getByRole('checkbox', { name: 'Piano', exact: true }).check();
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
    await settled(chat);
    const result = await toolResult(chat);
    assert.match(result, /✅ User provided the requested information!/);
    const raw = JSON.parse(/Raw result: ([\s\S]*)$/.exec(result)[1]);
    assert.deepEqual(raw, {
      action: 'accept',
      content: {
        name: 'Ada Lovelace',
        check: true,
        firstLine: 'It was a dark and stormy night.',
        email: 'ada@example.com',
        integer: 42,
        number: 7.5,
        untitledSingleSelectEnum: 'Monica',
        untitledMultipleSelectEnum: ['Guitar', 'Piano'],
        titledSingleSelectEnum: 'hero-1',
        titledMultipleSelectEnum: ['fish-1'],
        legacyTitledEnum: 'pet-1',
      },
    }, 'exactly what was entered, the defaults kept, the empty optional fields left out');
    assert.equal(await chat.reply.getByRole('group', { name: /asks you$/ }).count(), 0, 'the question is gone once answered');
    assert.deepEqual(chat.errors, []);
  });

  test('Decline and Cancel reach the server as such, and Stop cancels a question that waits', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-elicit' });
    await addMcpServer(chat.page, { name: 'everything', url: everything.url, offered: ['trigger-elicitation-request'] });
    let question = await ask(chat, 'Ask me.', 'trigger-elicitation-request');
    await question.getByRole('button', { name: 'Decline', exact: true }).click();
    await settled(chat);
    assert.match(await toolResult(chat, 1), /❌ User declined to provide the requested information\./);

    question = await ask(chat, 'Ask me again.', 'trigger-elicitation-request');
    await question.getByRole('button', { name: 'Cancel', exact: true }).click();
    await settled(chat);
    assert.match(await toolResult(chat, 3), /⚠️ User cancelled the elicitation dialog\./);

    question = await ask(chat, 'Once more.', 'trigger-elicitation-request');
    await question.waitFor();
    await chat.page.getByRole('button', { name: 'Stop', exact: true }).click();
    await settled(chat);
    assert.equal(await chat.reply.getByRole('group', { name: /asks you$/ }).count(), 0, 'the question goes with the stop');
    assert.deepEqual(chat.errors, []);
  });

  test('a link is shown whole with its host, a look-alike is said to be one, and nothing opens by itself (390 px, dark)', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-mcp-url-elicit',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await addMcpServer(chat.page, { name: 'everything', url: everything.url, offered: ['trigger-url-elicitation'] });
    const question = await ask(chat, 'Connect my account.', 'trigger-url-elicitation');
    await question.getByText('Open this page to connect your account.', { exact: true }).waitFor();
    await question.getByText('xn--pple-43d.example', { exact: true }).waitFor();
    await question.getByText('https://xn--pple-43d.example/connect?step=1', { exact: true }).waitFor();
    await question.getByText(/written in Punycode: it may imitate a site you know/).waitFor();
    const open = question.getByRole('link', { name: 'Open xn--pple-43d.example', exact: true });
    assert.equal(await open.getAttribute('href'), 'https://xn--pple-43d.example/connect?step=1');
    assert.equal(await open.getAttribute('target'), '_blank');
    assert.deepEqual((await open.getAttribute('rel')).split(' ').sort(), ['noopener', 'noreferrer']);
    assert.equal(chat.context.pages().length, 1, 'no page was opened by itself');
    assert.deepEqual(await axeViolations(chat.page, { include: '.tool-ask' }), [], 'the link at 390 px, dark');
    await screenshot(chat.page, 'mcp-elicitation-link.png');
    await question.getByRole('button', { name: 'Decline', exact: true }).click();
    await settled(chat);
    assert.match(await toolResult(chat), /❌ User declined to open the URL \(Elicitation ID: e-42\)\./);
    assert.deepEqual(chat.errors, []);
  });

  test('every field kind of a server of our own: a pattern, a date and time, counts and ranges checked, then sent as entered (390 px, dark)', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'tools-mcp-mock-ask-every',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await addMcpServer(chat.page, { name: 'mock', url: mcp.askingUrl, offered: ['ask'] });
    const question = await ask(chat, 'Plan my trip.', 'ask');
    const form = question.getByRole('form', { name: 'The MCP server mock asks you', exact: true });
    await question.getByText('Plan the trip', { exact: true }).waitFor();
    assert.equal(await form.getByRole('checkbox', { name: 'Insured', exact: true }).isChecked(), true);
    assert.equal(await form.getByRole('textbox', { name: 'Travellers', exact: true }).inputValue(), '2');
    assert.deepEqual(await axeViolations(chat.page, { include: '.tool-ask' }), [], 'the form at 390 px, dark');

    await form.getByRole('textbox', { name: 'Trip code', exact: true }).fill('abc-123');
    await form.getByRole('textbox', { name: 'Leaving at', exact: true }).fill('tomorrow');
    await form.getByRole('textbox', { name: 'Booking page', exact: true }).fill('example.com');
    await form.getByRole('textbox', { name: 'Travellers', exact: true }).fill('2.5');
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
    await form.getByText('This is not in the form the server asks for.', { exact: true }).waitFor();
    await form.getByText('Write a date and time, such as 2026-01-31T09:30:00Z.', { exact: true }).waitFor();
    await form.getByText('Write a whole address, such as https://example.com.', { exact: true }).waitFor();
    await form.getByText('Write a whole number.', { exact: true }).waitFor();
    await form.getByText('Choose at least 1.', { exact: true }).waitFor();
    await screenshot(chat.page, 'mcp-elicitation-phone.png');
    const answers = () => mcp.requests().filter((r) => String(r.body?.id).startsWith('ask-'));
    assert.equal(answers().length, 0, 'nothing was sent while a value was refused');

    await form.getByRole('textbox', { name: 'Trip code', exact: true }).fill('ABC-123');
    await form.getByRole('textbox', { name: 'Leaving at', exact: true }).fill('2026-12-24T08:00:00+01:00');
    await form.getByRole('textbox', { name: 'Booking page', exact: true }).fill('');
    await form.getByRole('textbox', { name: 'Travellers', exact: true }).fill('3');
    await form.getByRole('combobox', { name: 'Class', exact: true }).selectOption({ label: 'Business' });
    const seats = form.getByRole('group', { name: 'Seats', exact: true });
    await seats.getByRole('checkbox', { name: 'Aisle', exact: true }).check();
    await seats.getByRole('checkbox', { name: 'Window', exact: true }).check();
    await form.getByRole('checkbox', { name: 'Insured', exact: true }).uncheck();
    await form.getByRole('button', { name: 'Send answer', exact: true }).click();
    await settled(chat);
    const answer = JSON.parse(/^Answer: (.*)$/.exec(await toolResult(chat))[1]);
    assert.deepEqual(answer, {
      action: 'accept',
      content: { trip: 'ABC-123', when: '2026-12-24T08:00:00+01:00', travellers: 3, class: 'biz', seats: ['w', 'a'], insured: false },
    });
    assert.equal(answers().length, 1, 'one answer went to the server, once it was valid');
    assert.deepEqual(chat.errors, []);
  });

  test('a form that asks for a secret is refused with the specification’s words, and never shown', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'tools-mcp-mock-ask-secret' });
    await addMcpServer(chat.page, { name: 'mock', url: mcp.askingUrl, offered: ['ask'] });
    await sendMessage(chat, 'Connect.', { click: true });
    await chat.reply.getByRole('group', { name: 'Approve the ask call', exact: true })
      .getByRole('button', { name: 'Allow', exact: true })
      .click();
    await settled(chat);
    const answer = JSON.parse(/^Answer: (.*)$/.exec(await toolResult(chat))[1]);
    assert.equal(answer.error.code, -32602);
    assert.match(answer.error.message, /"apiKey" asks for a secret: servers MUST NOT use form mode elicitation to request sensitive information/);
    assert.equal(await chat.reply.getByRole('group', { name: /asks you$/ }).count(), 0);
    assert.deepEqual(chat.errors, []);
  });
});
