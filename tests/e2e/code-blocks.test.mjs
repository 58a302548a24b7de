// End-to-end test of code blocks in a reply (issue 16, items 1 and 3), with the mock
// scenario `code-blocks`: sixteen languages, a block with one long line, and a wide table.
// Each block is a named figure ("rust code") under a header with its language and a
// "Copy code" button; its tokens are coloured (a known token of each language is drawn in
// another colour than the plain code); Copy code puts exactly the code the model wrote on
// the clipboard and says "Copied" politely (an aria-live region); the streamed reply ends as a reload renders it.
// At 390 px nothing overflows the page: the long line and the table scroll inside the
// message, and keyboard users can reach and scroll them. axe-core passes in light and dark.
// Elements are found by role and accessible name; colours and sizes are read from the page.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, send, settled, storedAtRest, useHarness } from '../support/chat.mjs';

/** The scenario's code blocks, as the model wrote them: [{ language, code }]. */
async function scenarioBlocks() {
  const scenario = JSON.parse(await readFile(new URL('../mock/scenarios/code-blocks.json', import.meta.url), 'utf8'));
  const blocks = [];
  for (const match of scenario.text_stream.text.matchAll(/^```(\S+)\n([\s\S]*?)\n```$/gm)) {
    blocks.push({ language: match[1], code: match[2] });
  }
  return blocks;
}

/** For each language, a token its highlighting must colour. */
const COLOURED = {
  rust: 'fn',
  python: 'def',
  javascript: 'const',
  typescript: 'interface',
  json: '"name"',
  html: 'main',
  css: '@media',
  bash: 'for',
  sql: 'SELECT',
  go: 'func',
  java: 'public',
  c: '#include <stdio.h>',
  cpp: 'template',
  yaml: 'name',
  markdown: '# Notes',
  diff: '+Hello, Hearth',
};

/** How the code in `figure` (a code block's scroller) is drawn: its colour, and each element's text and colour. */
function colours(figure) {
  return figure.evaluate((pre) => {
    const code = pre.querySelector('code');
    const base = getComputedStyle(code).color;
    const runs = [...code.querySelectorAll('*')].map((element) => ({
      text: element.textContent,
      colour: getComputedStyle(element).color,
    }));
    return { base, runs };
  });
}

/** Screenshots of a few code blocks with their headers (code-block-<language>-<scheme>.png), to look at the colours. */
async function blockShots(chat, scheme) {
  for (const language of ['rust', 'html', 'css', 'diff']) {
    const figure = chat.reply.getByRole('figure', { name: `${language} code`, exact: true });
    const path = fileURLToPath(new URL(`./screenshots/code-block-${language}-${scheme}.png`, import.meta.url));
    await figure.evaluate((pre) => pre.parentElement.scrollIntoView());
    await chat.page.screenshot({ path, clip: await figure.evaluate((pre) => {
      const r = pre.parentElement.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }) });
  }
}

describe('code blocks', () => {
  const env = useHarness();

  async function openCodeReply(t) {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'code-blocks',
      contextOptions: { permissions: ['clipboard-read', 'clipboard-write'] },
    });
    await send(chat, 'Show me code in many languages');
    await settled(chat);
    return chat;
  }

  test('each block is labelled, highlighted, and Copy code copies exactly its code', async (t) => {
    const chat = await openCodeReply(t);
    const blocks = await scenarioBlocks();
    assert.equal(blocks.length, 17, 'sixteen languages and one plain text block');
    const copyButtons = chat.reply.getByRole('button', { name: 'Copy code', exact: true });
    assert.equal(await copyButtons.count(), blocks.length, 'one Copy code button per block');

    for (const { language, code } of blocks) {
      const figure = chat.reply.getByRole('figure', { name: `${language} code`, exact: true });
      assert.equal(await figure.count(), 1, `the ${language} block is a named figure`);
      // What a reader sees once they scroll to it (a page of finished blocks off screen is not rendered).
      await figure.scrollIntoViewIfNeeded();
      const header = await figure.evaluate((pre) => pre.previousElementSibling?.innerText ?? '');
      assert.match(header, new RegExp(`^${language}\\b`), `the ${language} block's header shows its language`);
      // (The block's text ends with the line end before its closing fence.)
      assert.equal(await figure.innerText(), `${code}\n`, `the ${language} block shows its code as written`);
      const { base, runs } = await colours(figure);
      if (language === 'text') {
        assert.deepEqual(runs, [], 'plain text is not highlighted');
        continue;
      }
      const token = COLOURED[language];
      const run = runs.find((r) => r.text === token);
      assert.ok(run, `${language}: "${token}" is a highlighted token (${JSON.stringify(runs.slice(0, 8))})`);
      assert.notEqual(run.colour, base, `${language}: "${token}" is drawn in its own colour`);
      assert.ok(new Set(runs.map((r) => r.colour)).size >= 2, `${language}: several kinds of token are coloured`);
    }

    // Copy code: the exact code of its own block, said politely; by mouse and by keyboard.
    const clipboard = () => chat.page.evaluate(() => navigator.clipboard.readText());
    // "Copied" is said in the reply's polite live region (the footer's Copy keeps the reply's one status).
    const announced = () =>
      chat.reply.evaluate((article) => [...article.querySelectorAll('[aria-live="polite"]')].some((e) => e.textContent === 'Copied'));
    for (const index of [0, 5, blocks.length - 1]) {
      await chat.page.evaluate(() => navigator.clipboard.writeText('before'));
      if (index === 5) {
        await copyButtons.nth(index).focus();
        await chat.page.keyboard.press('Enter');
      } else {
        await copyButtons.nth(index).click();
      }
      await waitUntil(async () => (await clipboard()) !== 'before', 'the code is copied');
      assert.equal(await clipboard(), blocks[index].code, `the ${blocks[index].language} block's code, exactly`);
      await waitUntil(announced, '"Copied" is announced politely');
      assert.equal(await copyButtons.nth(index).innerText(), 'Copied', 'the button shows it too');
      assert.equal(await copyButtons.nth(index).getAttribute('aria-label'), 'Copy code', 'its name stays');
    }

    // Streamed, then reloaded: the same blocks, highlighted the same.
    await storedAtRest(chat.page);
    const figures = chat.reply.getByRole('figure');
    const live = await figures.evaluateAll((nodes) => nodes.map((n) => n.outerHTML));
    await chat.page.reload();
    await waitUntil(async () => (await chat.assistant.count()) === 1, 'the reloaded page shows the reply');
    await chat.reply.getByRole('figure', { name: 'diff code', exact: true }).waitFor();
    assert.deepEqual(await figures.evaluateAll((nodes) => nodes.map((n) => n.outerHTML)), live);
    assert.deepEqual(chat.errors, []);
  });

  test('at 390 px nothing overflows, long code and tables scroll inside, and axe passes in light and dark', async (t) => {
    const chat = await openCodeReply(t);
    const { page } = chat;
    await screenshot(page, 'code-blocks-1280-light.png');
    await blockShots(chat, 'light');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 1280 px, light');

    await page.setViewportSize({ width: 390, height: 844 });
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(pageWidth <= 390, `the page does not scroll sideways (${pageWidth} px wide)`);
    const long = chat.reply.getByRole('figure', { name: 'text code', exact: true });
    const table = chat.reply.getByRole('table');
    for (const [what, scroller] of [['the long line', long], ['the wide table', table]]) {
      const box = await scroller.evaluate((node) => {
        const rect = node.getBoundingClientRect();
        return { right: rect.right, scrollWidth: node.scrollWidth, clientWidth: node.clientWidth };
      });
      assert.ok(box.right <= 390, `${what} stays inside the page (${box.right})`);
      assert.ok(box.scrollWidth > box.clientWidth, `${what} scrolls inside the message`);
      assert.equal(await scroller.getAttribute('tabindex'), '0', `${what} can be reached with the keyboard`);
    }
    // Keyboard users scroll the long line.
    await long.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await waitUntil(() => long.evaluate((node) => node.scrollLeft > 0), 'the arrow keys scroll the code');
    await long.scrollIntoViewIfNeeded();
    await screenshot(page, 'code-blocks-390-light.png');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 390 px, light');

    await page.emulateMedia({ colorScheme: 'dark' });
    await chat.reply.getByRole('figure', { name: 'rust code', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'code-blocks-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 390 px, dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'code-blocks-1280-dark.png');
    await blockShots(chat, 'dark');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 1280 px, dark');
    assert.deepEqual(chat.errors, []);
  });
});
