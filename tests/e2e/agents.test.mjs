// Agents in real headless Chromium against the mock server: the agent's system prompt
// template is rendered for every request (each tool round included) with the values of
// that moment, its empty sections are dropped, and each family receives it its own way.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, useHarness } from '../support/chat.mjs';
import { readDatabase, seedRecords } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';

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
});
