// End-to-end test of the streaming renderer on the answer shapes whose last block keeps
// growing: one long fenced code block (its lines are appended to the open code element as
// they arrive) followed by one long list (rendered now and then, the newer text shown plain
// between renderings), streamed fast through the mock (scenario `long-blocks`). While it
// streams, the code block shows its text without any markup escaping into the page; at the
// end, the reply's markup is exactly what a reload renders from the stored text. Then one long
// table (scenario `long-table`), whose completed rows are appended into its body one by one.
// Elements are found by role and accessible name, or by the element a markdown block is.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, send, settled, storedAtRest, useHarness } from '../support/chat.mjs';

describe('streaming long blocks', () => {
  const env = useHarness();

  /** The reply's rendered markdown: every code block's and list's markup, in order. */
  async function rendered(reply) {
    const code = await reply.locator('pre').evaluateAll((nodes) => nodes.map((n) => n.outerHTML));
    const lists = await reply.getByRole('list').evaluateAll((nodes) => nodes.map((n) => n.outerHTML));
    const paragraphs = await reply.getByRole('paragraph').allInnerTexts();
    return { code, lists, paragraphs };
  }

  test('a long code block and a long list stream in and end as a reload shows them', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'long-blocks' });
    await send(chat, 'Write a long code block and a long list');
    // Mid-stream: the code block already shows escaped text, and nothing became markup.
    await waitUntil(async () => (await chat.reply.locator('pre').innerText().catch(() => '')).includes('const v120 ='),
      'the code block is streaming');
    const partial = await chat.reply.locator('pre').innerText();
    assert.match(partial, /const v0 = "<0>" && i; \/\/ `tick` ~~ 0/);
    assert.equal(await chat.reply.locator('pre b, pre script, pre img').count(), 0);
    await settled(chat);
    await storedAtRest(chat.page);
    const live = await rendered(chat.reply);
    await screenshot(chat.page, 'streaming-shapes-live.png');

    assert.equal(live.code.length, 1, 'one code block');
    assert.equal((live.code[0].match(/\n/g) || []).length, 400, 'all 400 lines of code');
    assert.equal(live.lists.length, 1, 'one list');
    assert.equal(await chat.reply.getByRole('list').getByRole('listitem').count(), 300, 'all 300 items');
    assert.ok(live.paragraphs.some((p) => p.trim() === 'Done.'), 'the last paragraph');

    await chat.page.reload();
    await waitUntil(async () => (await chat.assistant.count()) === 1, 'the reloaded page shows the reply');
    const reloaded = await rendered(chat.reply);
    assert.deepEqual(live, reloaded, 'the streamed reply is rendered as a reload renders it');
    assert.deepEqual(chat.errors, []);
  });

  test('a long table streams in row by row and ends as a reload shows it', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'long-table' });
    await send(chat, 'Write a long table');
    const table = chat.reply.getByRole('table');
    const rows = table.getByRole('row');
    // Mid-stream: the table already shows rows (appended into its body), and its
    // cells' markup stayed text.
    await waitUntil(async () => (await rows.count().catch(() => 0)) > 150, 'the table is streaming');
    assert.equal(await table.count(), 1, 'one table while it streams');
    assert.equal(await chat.reply.locator('td script, td b').count(), 0);
    await settled(chat);
    await storedAtRest(chat.page);
    const live = await table.evaluate((node) => node.outerHTML);
    await screenshot(chat.page, 'streaming-shapes-table.png');
    assert.equal(await rows.count(), 601, 'the header row and all 600 rows');
    assert.equal(await table.getByRole('cell', { name: 'cell <599>' }).count(), 1, 'the last row, its text escaped');

    await chat.page.reload();
    await waitUntil(async () => (await chat.assistant.count()) === 1, 'the reloaded page shows the reply');
    const reloaded = await chat.reply.getByRole('table').evaluate((node) => node.outerHTML);
    assert.equal(live, reloaded, 'the streamed table is rendered as a reload renders it');
    assert.deepEqual(chat.errors, []);
  });
});
