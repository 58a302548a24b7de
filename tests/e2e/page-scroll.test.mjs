// End-to-end test that the page never scrolls as a whole, in real headless Chromium: after
// six long replies, at 1280 px, at 390 px in dark mode and at 200 % zoom, the mouse wheel
// over every region (top bar, sidebar, conversation, composer) and the page's scrolling keys
// move only what should scroll; the document stays exactly as tall as the window, its scroll
// position stays 0 and the top bar stays in view. (Before issue 28 a visually hidden span in
// each reply, positioned against no ancestor inside the conversation's scroller, stretched
// the document, and a wheel over the top bar scrolled the page away to a blank screen.)
// Elements are found by role and accessible name only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, useHarness } from '../support/chat.mjs';

/** The document's scroll position and size, and where the top bar is. */
function pageState(page) {
  return page.getByRole('banner').evaluate((banner) => {
    const root = document.scrollingElement;
    const bar = banner.getBoundingClientRect();
    return {
      scrollTop: root.scrollTop,
      scrollLeft: root.scrollLeft,
      overflow: root.scrollHeight - window.innerHeight,
      barTop: bar.top,
      barBottom: bar.bottom,
      innerHeight: window.innerHeight,
    };
  });
}

/** Asserts the page has not scrolled and the top bar is in view, saying after what. */
async function assertStill(page, after) {
  const state = await pageState(page);
  assert.equal(state.scrollTop, 0, `the page did not scroll (after ${after}): ${JSON.stringify(state)}`);
  assert.equal(state.scrollLeft, 0, `the page did not scroll sideways (after ${after})`);
  assert.ok(state.overflow <= 0, `the document is no taller than the window (after ${after}): ${JSON.stringify(state)}`);
  assert.ok(state.barTop >= 0 && state.barBottom <= state.innerHeight, `the top bar is in view (after ${after})`);
  // And nothing the page needs is cut off by it: the message box and Send are whole in the window.
  for (const control of [page.getByRole('textbox', { name: 'Message', exact: true }), page.getByRole('button', { name: /^(Send|Stop)$/ })]) {
    const box = await control.boundingBox();
    assert.ok(box && box.y >= 0 && box.y + box.height <= state.innerHeight + 0.5, `the composer is in view (after ${after}): ${JSON.stringify(box)}`);
  }
}

/**
 * Puts the mouse over the middle of the part of `locator` that shows: its box, cut to the
 * box of the nearest ancestor that clips it (a scroller) and to the window.
 */
async function hover(page, locator) {
  const box = await locator.evaluate((element) => {
    let { left, top, right, bottom } = element.getBoundingClientRect();
    for (let at = element.parentElement; at; at = at.parentElement) {
      if (getComputedStyle(at).overflowY === 'visible') continue;
      const clip = at.getBoundingClientRect();
      [left, top, right, bottom] = [Math.max(left, clip.left), Math.max(top, clip.top), Math.min(right, clip.right), Math.min(bottom, clip.bottom)];
    }
    return { x: left, y: top, width: right - left, height: bottom - top };
  });
  assert.ok(box.width > 0 && box.height > 0, `the region shows: ${JSON.stringify(box)}`);
  const { width, height } = page.viewportSize();
  const top = Math.max(box.y, 0);
  const bottom = Math.min(box.y + box.height, height);
  const left = Math.max(box.x, 0);
  const right = Math.min(box.x + box.width, width);
  assert.ok(bottom > top && right > left, 'part of the region is in the window');
  await page.mouse.move((left + right) / 2, (top + bottom) / 2);
}

/** Wheels down hard, then a little up, then down again, over `locator`. */
async function wheelOver(page, locator) {
  await hover(page, locator);
  await page.mouse.wheel(0, 3000);
  await page.mouse.wheel(0, -400);
  await page.mouse.wheel(0, 3000);
  // Let the scroll (if any) land before looking.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

// The three windows, each with the same conversation (resized, not reloaded). 200 % zoom of a
// 1280 × 900 window is a 640 × 450 viewport of CSS pixels; the density it is drawn at changes
// no layout, so it is left at 1.
const VIEWS = [
  { name: '1280 × 900', file: '1280', viewport: { width: 1280, height: 900 }, colorScheme: 'light' },
  { name: '390 × 844 in dark mode', file: '390-dark', narrow: true, viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: '200 % zoom', file: 'zoom-200', narrow: true, viewport: { width: 640, height: 450 }, colorScheme: 'light' },
];

describe('the page never scrolls as a whole', () => {
  const env = useHarness();

  test('at 1280 px, 390 px in dark mode and 200 % zoom: wheels and keys over every region after six long replies', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'markdown', contextOptions: { viewport: VIEWS[0].viewport } });
    const { page } = chat;
    for (let at = 1; at <= 6; at++) await sendAndSettle(chat, `Long message ${at}: show me some markdown.`);
    const banner = page.getByRole('banner');
    const log = page.getByRole('log', { name: 'Conversation', exact: true });
    const composer = page.getByRole('form', { name: 'Composer', exact: true });
    const nav = page.getByRole('navigation', { name: 'Conversations', exact: true });
    // The nearest ancestor of the log that scrolls vertically: its scroll position.
    const scroller = () =>
      log.evaluate((element) => {
        for (let at = element; at; at = at.parentElement) {
          const overflow = getComputedStyle(at).overflowY;
          if ((overflow === 'auto' || overflow === 'scroll') && at.scrollHeight > at.clientHeight) return at.scrollTop;
        }
        return -1;
      });

    for (const view of VIEWS) {
      await page.setViewportSize(view.viewport);
      await page.emulateMedia({ colorScheme: view.colorScheme });
      const at = (what) => `${what}, ${view.name}`;
      // A resize is relaid out in steps (the visual viewport's height, kept in a CSS variable,
      // follows on its resize event): the page must settle within the window, then stay there.
      await waitUntil(async () => (await pageState(page)).overflow <= 0, `the page fits the window once resized to ${view.name}`);
      await assertStill(page, at('six replies'));

      await wheelOver(page, banner);
      await assertStill(page, at('the wheel over the top bar'));
      await wheelOver(page, composer);
      await assertStill(page, at('the wheel over the composer'));

      // The conversation itself scrolls (the wheel reached it), the page does not.
      await waitUntil(async () => {
        await hover(page, log);
        await page.mouse.wheel(0, 3000);
        return (await scroller()) > 0;
      }, at('the wheel scrolled the conversation down'));
      await waitUntil(async () => {
        await hover(page, log);
        await page.mouse.wheel(0, -3000);
        return (await scroller()) === 0;
      }, at('the wheel scrolled the conversation to its top'));
      await assertStill(page, at('the wheel over the conversation'));

      if (view.narrow) {
        await page.getByRole('button', { name: 'Conversations', exact: true }).click();
        await nav.waitFor();
        // The drawer slides in.
        await waitUntil(async () => (await nav.evaluate((element) => element.getBoundingClientRect().left)) >= 0, 'the sidebar is in');
      }
      await wheelOver(page, nav);
      await assertStill(page, at('the wheel over the sidebar'));
      if (view.narrow) {
        await page.getByRole('button', { name: 'Close conversations', exact: true }).click();
        await waitUntil(async () => !(await nav.isVisible()), 'the sidebar is closed again');
      }

      // The page's scrolling keys, with the focus nowhere in particular and in the message box.
      await page.evaluate(() => document.activeElement?.blur());
      for (const key of ['PageDown', 'End', 'Space', 'ArrowDown', 'PageDown']) {
        await page.keyboard.press(key);
        await assertStill(page, at(`${key} with the focus on the page`));
      }
      await chat.message.focus();
      for (const key of ['PageDown', 'PageUp', 'Control+End']) {
        await page.keyboard.press(key);
        await assertStill(page, at(`${key} in the message box`));
      }
      // Tab through the page from the top: focusing each control scrolls nothing but its own scroller.
      await page.evaluate(() => document.activeElement?.blur());
      for (let presses = 0; presses < 25; presses++) {
        await page.keyboard.press('Tab');
        await assertStill(page, at(`Tab ×${presses + 1}`));
      }
      await screenshot(page, `page-scroll-${view.file}.png`, { fullPage: false });
    }
    assert.deepEqual(chat.errors, []);
  });
});
