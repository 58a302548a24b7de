// End-to-end test of the streaming renderer on the answer shapes whose last block keeps
// growing: one long fenced code block (its lines are appended to the open code element as
// they arrive) followed by one long list (rendered now and then, the newer text shown plain
// between renderings), streamed fast through the mock (scenario `long-blocks`). While it
// streams, the code block shows its text without any markup escaping into the page; at the
// end, the reply's markup is exactly what a reload renders from the stored text. Then one long
// table (scenario `long-table`), whose completed rows are appended into its body one by one.
// Last, a long answer of many blocks (scenario `long`): while it streams its code stays plain,
// and all of it is highlighted once it ends; its finished blocks come in pages the browser
// neither lays out nor paints while they are off screen, yet every block is in the page (found
// by role) and shows its text once scrolled to.
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
    // (Their text as in the page: a page of finished blocks off screen is not rendered, so innerText would be empty.)
    const paragraphs = await reply.getByRole('paragraph').allTextContents();
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
    // Busy until its stored markdown is rendered (the renderer's chunk may still be loading).
    await settled(chat);
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
    // Busy until its stored markdown is rendered (the renderer's chunk may still be loading).
    await settled(chat);
    const reloaded = await chat.reply.getByRole('table').evaluate((node) => node.outerHTML);
    assert.equal(live, reloaded, 'the streamed table is rendered as a reload renders it');
    assert.deepEqual(chat.errors, []);
  });

  test('a long reply\'s code stays plain while it streams and is highlighted once it ends; blocks off screen are skipped', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'long' });
    await send(chat, 'Write a long answer');
    const figures = chat.reply.getByRole('figure', { name: 'rust code', exact: true });
    /** How many of the reply's code blocks show highlighted runs (elements in their code). */
    const highlighted = () => figures.evaluateAll((nodes) => nodes.filter((pre) => pre.querySelector('code > span')).length);
    const streaming = async () => (await chat.reply.getAttribute('aria-busy')) === 'true'
      && (await chat.reply.getByRole('img', { name: 'Still writing', exact: true }).count()) === 1;
    // While it streams, no block is highlighted, not even those long finished.
    await waitUntil(async () => (await figures.count()) > 60, 'sixty sections have streamed', { timeout: 60_000 });
    assert.equal(await highlighted(), 0, 'no code is highlighted while the reply streams');
    assert.ok(await streaming(), 'the reply was still streaming');
    await settled(chat, 90_000);
    assert.equal(await figures.count(), 214, 'every section\'s code block is in the page');
    assert.equal(await highlighted(), 214, 'once the reply has ended, every block is highlighted');
    /** Each code block's markup (the elements inside its code). */
    const markup = () => figures.evaluateAll((nodes) => nodes.map((pre) => pre.querySelector('code').outerHTML));
    const live = await markup();
    // checkVisibility with contentVisibilityAuto: false where the browser skips rendering.
    const rendered = (locator) => locator.evaluate((node) => node.checkVisibility({ contentVisibilityAuto: true }));
    assert.equal(await rendered(figures.last()), true, 'the last block, on screen, is rendered');
    assert.equal(await rendered(figures.first()), false, 'the first block, far above, is skipped');
    const code = 'fn section() -> u32 {\n    let answer = 42;\n    answer\n}\n';
    assert.equal(await figures.first().textContent(), code, 'a skipped block keeps its text');

    await figures.first().scrollIntoViewIfNeeded();
    await waitUntil(() => rendered(figures.first()), 'scrolled to, the first block is rendered');
    assert.equal(await figures.first().innerText(), code, 'and shows it');
    // Pages sit one under the other like the blocks they hold: every block below the one before it.
    const tops = await chat.reply.getByRole('heading', { name: 'Section', exact: true }).evaluateAll((nodes) =>
      nodes.map((node) => node.getBoundingClientRect().top));
    assert.equal(tops.length, 214);
    const steps = tops.slice(1).map((top, i) => Math.round(top - tops[i]));
    assert.ok(Math.min(...steps) > 0, `every section below the one before it (steps ${Math.min(...steps)}..${Math.max(...steps)})`);
    // A look at where one page of blocks meets the next (found by its class: only for the picture).
    await chat.reply.evaluate((reply) => reply.querySelectorAll('.blocks-page')[1]?.scrollIntoView({ block: 'center' }));
    await screenshot(chat.page, 'streaming-shapes-pages.png', { fullPage: false });

    // A reload renders the stored reply whole: the same highlighting, block for block,
    // and no block left marked for the page to highlight.
    await storedAtRest(chat.page);
    await chat.page.reload();
    await waitUntil(async () => (await figures.count()) === 214, 'the reloaded page shows the reply');
    assert.deepEqual(await markup(), live, 'the code is highlighted as a reload highlights it');
    assert.ok(live.every((code) => !code.includes('data-plain')), 'no block is left marked');
    assert.deepEqual(chat.errors, []);
  });
});
