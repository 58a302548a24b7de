// End-to-end test of a long conversation in real headless Chromium: a conversation of
// 2,000 stored messages (seeded straight into IndexedDB in the app's format) opens at its
// latest message with only the messages near the viewport in the page, the scroll height
// stands for all 2,000 (measured or estimated heights, so the scrollbar is honest),
// the keyboard scrolls it to its first message, a focused message stays in the page while
// the view scrolls away from it, and search still finds a message in it. Scrolling it from
// end to end again leaves little behind in the app's memory for each row it mounts.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openApp, useHarness } from '../support/chat.mjs';
import { searchTerms, seedRecords } from '../support/idb.mjs';

const SESSION = 'long-conversation';
const TITLE = 'A very long conversation';
const COUNT = 2000;
const NEEDLE = 'zanzibar';

/** Message `i`'s text (1-based in the text): replies carry some markdown, of uneven heights. */
function content(i) {
  const head = `Message number ${i + 1} of the long conversation.`;
  if (i === COUNT - 1) return head;
  if (i === 1200) return `${head} It mentions ${NEEDLE} once.`;
  if (i % 2 === 0) return head;
  if (i % 10 === 1) return `${head}\n\n- one point\n- another point\n- a third point\n\n\`\`\`\nsome code\nmore code\n\`\`\``;
  return `${head} A reply with **bold** words and a [link](https://example.com/${i}).`;
}

function records() {
  const start = 1_700_000_000_000;
  const messages = Array.from({ length: COUNT }, (_, i) => ({
    id: `m-${String(i).padStart(4, '0')}`,
    session_id: SESSION,
    role: i % 2 === 0 ? 'user' : 'assistant',
    content: content(i),
    state: 'complete',
    created_at: start + i,
    updated_at: start + i,
    terms: searchTerms(content(i)),
  }));
  const sessions = [
    {
      id: SESSION,
      title: TITLE,
      created_at: start,
      updated_at: start + COUNT - 1,
      message_count: COUNT,
      preview: messages[COUNT - 1].content,
    },
  ];
  return { sessions, messages };
}

describe('a long conversation', () => {
  const env = useHarness();

  test('opens at its latest message with only what is near the viewport in the page, and scrolls to its first', async (t) => {
    const ui = await openApp(t, env, { cspViolations: true, contextOptions: { viewport: { width: 1280, height: 800 } } });
    await seedRecords(ui.page, records());
    await ui.page.goto(`${env.app.url}#/s/${SESSION}`);
    await ui.page.reload();
    const articles = ui.log.getByRole('article');
    const last = ui.log.getByText(`Message number ${COUNT} of the long conversation.`, { exact: true });
    await last.waitFor();
    await waitUntil(() => last.isVisible(), 'the latest message is in view');
    const mounted = await articles.count();
    assert.ok(mounted > 3 && mounted < 100, `only the messages near the viewport are in the page (${mounted})`);
    await screenshot(ui.page, 'long-conversation-latest.png');

    const scroller = ui.page.getByRole('main', { name: 'Messages', exact: true });
    // The scroll height stands for every message: about COUNT times a mounted message's height.
    const geometry = () =>
      scroller.evaluate((main) => {
        const shown = [...main.querySelectorAll('article')].map((a) => a.getBoundingClientRect().height);
        return {
          scrollHeight: main.scrollHeight,
          scrollTop: main.scrollTop,
          clientHeight: main.clientHeight,
          mean: shown.reduce((sum, h) => sum + h, 0) / shown.length,
        };
      });
    const atBottom = await geometry();
    assert.ok(
      atBottom.scrollHeight > COUNT * atBottom.mean * 0.8,
      `the scroll height (${atBottom.scrollHeight}px) stands for ${COUNT} messages of about ${atBottom.mean.toFixed(0)}px`,
    );
    assert.ok(atBottom.scrollTop + atBottom.clientHeight >= atBottom.scrollHeight - 8, 'the view is at the bottom');

    // The keyboard scrolls the conversation to its first message (Home in the scroller).
    const first = ui.log.getByText('Message number 1 of the long conversation.', { exact: true });
    await scroller.focus();
    await waitUntil(async () => {
      await ui.page.keyboard.press('Home');
      return (await first.count()) === 1 && (await first.isVisible());
    }, 'Home brings the first message into view');
    const atTop = await geometry();
    assert.ok(atTop.scrollTop < atTop.clientHeight, `the view is at the top (${atTop.scrollTop}px)`);
    assert.ok(
      atTop.scrollHeight > COUNT * atTop.mean * 0.8,
      `the scroll height still stands for every message (${atTop.scrollHeight}px)`,
    );
    assert.equal(await last.count(), 0, 'the latest message left the page');
    assert.ok((await articles.count()) < 100, 'still only the messages near the viewport are in the page');
    await screenshot(ui.page, 'long-conversation-first.png');

    // A focused message stays in the page while the view scrolls away from it.
    const firstReply = articles.filter({ hasText: 'Message number 2 of the long conversation.' });
    const copy = firstReply.getByRole('button', { name: 'Copy', exact: true });
    await copy.focus();
    // Like a reader dragging the scrollbar down: the rows mounted at the bottom are
    // measured as they arrive, so one scroll may land above the new bottom and the
    // reader scrolls again.
    await waitUntil(async () => {
      await scroller.evaluate((main) => main.scrollTo(0, main.scrollHeight));
      return last.isVisible();
    }, 'the latest message is in view again');
    assert.equal(await copy.count(), 1, 'the focused message is still in the page');
    assert.equal(await copy.evaluate((button) => button === document.activeElement), true, 'it keeps the focus');
    assert.ok((await articles.count()) < 100, 'and little else far from the viewport is');

    // Search finds a message in the middle of it.
    const nav = ui.page.getByRole('navigation', { name: 'Conversations', exact: true });
    await nav.getByRole('searchbox', { name: 'Search conversations', exact: true }).fill(NEEDLE);
    const results = nav.getByRole('list', { name: 'Search results', exact: true }).getByRole('button');
    await waitUntil(async () => (await results.count()) === 1, 'one search result');
    assert.match(await results.first().innerText(), new RegExp(`${TITLE}[\\s\\S]*${NEEDLE}`));

    assert.deepEqual(ui.errors, []);
    assert.deepEqual(ui.violations, []);
  });

  test('scrolling it end to end again holds little more memory for each row it mounts', async (t) => {
    // The app's WebAssembly memory, which only grows: what the rows of one pass leave behind
    // shows as growth at the next. (Each row once subscribed to every reply of the
    // conversation and left that behind: 160 MB a pass at 2,000 messages, 830 MB in the
    // benchmark's scroll of 5,000.)
    const beforeLoad = (context, page) =>
      page.addInitScript(() => addEventListener('hearth-started', (event) => (window.wasmMemory = event.detail?.memory)));
    const ui = await openApp(t, env, { beforeLoad, contextOptions: { viewport: { width: 1280, height: 800 } } });
    await seedRecords(ui.page, records());
    await ui.page.goto(`${env.app.url}#/s/${SESSION}`);
    await ui.page.reload();
    await ui.log.getByText(`Message number ${COUNT} of the long conversation.`, { exact: true }).waitFor();
    const scroller = ui.page.getByRole('main', { name: 'Messages', exact: true });
    // A page up each frame to the first message, then a page down each frame to the last.
    const pass = () =>
      scroller.evaluate(
        (main) =>
          new Promise((resolve) => {
            let direction = -1;
            const step = () => {
              const before = main.scrollTop;
              main.scrollTop += direction * main.clientHeight;
              if (main.scrollTop === before) {
                if (direction === 1) return resolve();
                direction = 1;
              }
              requestAnimationFrame(step);
            };
            requestAnimationFrame(step);
          }),
      );
    const memory = () => ui.page.evaluate(() => window.wasmMemory.buffer.byteLength);
    // How many message rows were put into the page.
    await ui.log.evaluate((log) => {
      window.rowsMounted = 0;
      new MutationObserver((changes) => {
        for (const change of changes) {
          for (const node of change.addedNodes) {
            if (node.nodeType === 1) window.rowsMounted += node.matches('article') ? 1 : node.querySelectorAll('article').length;
          }
        }
      }).observe(log, { childList: true, subtree: true });
    });
    await pass();
    const first = await memory();
    const mountedBefore = await ui.page.evaluate(() => window.rowsMounted);
    await pass();
    const grown = (await memory()) - first;
    const mounted = (await ui.page.evaluate(() => window.rowsMounted)) - mountedBefore;
    assert.ok(mounted > 1000, `the passes mounted rows again and again (${mounted})`);
    // Leptos keeps a little of each reactive node that read a long-lived signal (the
    // conversation's messages, whether it is busy) until that signal changes: about 1.2 KB a
    // row. When each row read every reply of the conversation, it was 20 KB a row here.
    assert.ok(
      grown / mounted < 4 * 1024,
      `another pass grew the memory by ${(grown / 1e6).toFixed(1)} MB, ${(grown / mounted).toFixed(0)} bytes per row mounted (${mounted})`,
    );
    assert.deepEqual(ui.errors, []);
  });
});
