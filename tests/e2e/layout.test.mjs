// The layout faults a review found (issue 28, item 3), in real headless Chromium against the
// built app: the message box's placeholder fits its box on one line (a short one; the keys
// are the box's description, shown under it where the composer is wide, and listed in the
// shortcuts' help), an empty conversation shows no context
// meter and no Compact, the composer keeps a usable width beside the App preview, and the
// top bar's agent menu and model control say different things, each with its own icon. Each
// screen is pictured at 1280 px (light), 390 px (dark) and 200 % zoom as `layout-*.png`
// (`before-layout-*.png`, without the checks, when $HEARTH_DIST names a build called
// `dist-before`). Elements are found by role and accessible name only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, useHarness } from '../support/chat.mjs';

/** Whether this run is of the build before the fixes (pictures only). */
const BEFORE = path.basename(path.resolve(process.env.HEARTH_DIST ?? 'dist')) === 'dist-before';
const PREFIX = BEFORE ? 'before-layout' : 'layout';

/** The three looks: a laptop, a phone in dark mode, and 200 % zoom of the laptop's window. */
const LOOKS = [
  { name: '1280-light', viewport: { width: 1280, height: 800 }, colorScheme: 'light' },
  { name: '390-dark', viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
  { name: 'zoom-200', viewport: { width: 640, height: 400 }, colorScheme: 'light', deviceScaleFactor: 2 },
];

/**
 * The message box's placeholder and whether it fits on one line: the width its text takes
 * in the box's font (measured on a canvas) against the box's content width.
 */
function placeholderFit(message) {
  return message.evaluate((box) => {
    const style = getComputedStyle(box);
    const context = document.createElement('canvas').getContext('2d');
    context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = box.getAttribute('placeholder') ?? '';
    const content = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, needs: Math.ceil(context.measureText(text).width), has: Math.floor(content) };
  });
}

/** The visible text of `locator`, without what is aria-hidden, whitespace collapsed. */
function visibleText(locator) {
  return locator.evaluate((element) => {
    const copy = element.cloneNode(true);
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
    return copy.textContent.replace(/\s+/g, ' ').trim();
  });
}

describe('layout', () => {
  const env = useHarness();

  for (const look of LOOKS) {
    test(`${look.name}: the placeholder fits, an empty chat has no meter, the agent and the model are told apart`, async (t) => {
      const chat = await openChatWithProvider(t, env, {
        scenario: 'markdown',
        contextOptions: { viewport: look.viewport, colorScheme: look.colorScheme, deviceScaleFactor: look.deviceScaleFactor ?? 1 },
      });
      const { page } = chat;
      const meter = page.getByRole('meter', { name: 'Context window used', exact: true });
      const compact = page.getByRole('button', { name: 'Compact conversation', exact: true });

      // The empty conversation.
      await page.getByRole('heading', { name: 'How can I help you today?', exact: true }).waitFor();
      await screenshot(page, `${PREFIX}-empty-${look.name}.png`, { fullPage: false });
      if (!BEFORE) {
        assert.equal(await meter.count(), 0, 'no context meter before there is a message');
        assert.equal(await compact.count(), 0, 'no Compact before there is a message');
        const fit = await placeholderFit(chat.message);
        assert.ok(fit.needs <= fit.has, `the placeholder fits on one line: ${JSON.stringify(fit)}`);
        assert.equal(fit.text, 'Message Hearth…');
        const keys = 'Enter sends · Shift+Enter adds a line · @ attaches a file';
        const description = await chat.message.evaluate((box) => document.getElementById(box.getAttribute('aria-describedby'))?.textContent.trim());
        assert.equal(description, keys, 'the box is described by its keys');
        const hint = page.getByText(keys, { exact: true });
        if (look.viewport.width <= 640) {
          assert.equal(await hint.isVisible(), false, 'no room for the keys under a narrow box');
        } else {
          assert.equal(await hint.isVisible(), true, 'the keys show under a wide box');
          const inside = await hint.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const form = element.closest('form').getBoundingClientRect();
            return box.left >= form.left && box.right <= form.right && box.height < 30;
          });
          assert.ok(inside, 'on one line, inside the composer');
        }
      }

      // A conversation: the meter and Compact are there now.
      await sendAndSettle(chat, 'Show me some markdown.');
      await screenshot(page, `${PREFIX}-main-${look.name}.png`, { fullPage: false });
      if (BEFORE) return;
      // On a phone (and at 200 % zoom) the meter is among the options folded behind "More options".
      const more = page.getByRole('button', { name: 'More options', exact: true });
      if (await more.isVisible()) await more.click();
      await meter.waitFor();
      assert.equal(await compact.count(), 1, 'Compact shows once there is something to compact');

      // The agent menu says the agent, with the agents' icon; the model control says the model.
      const agent = page.getByRole('button', { name: 'Agent: General Assistant', exact: true });
      const model = page.getByRole('combobox', { name: 'Model', exact: true });
      // Its text is "Agent: General Assistant", "Agent: " for screen readers only.
      assert.equal(await visibleText(agent), 'Agent: General Assistant', 'the agent menu names only the agent');
      const chosen = await model.evaluate((select) => select.selectedOptions[0]?.textContent.trim());
      assert.match(chosen, /^markdown · /, 'the model control names the model first');
      assert.equal(await agent.locator('svg').count(), 1, 'the agent menu has its icon');
      const modelIcon = await model.evaluate((select) => select.closest('label')?.querySelector('svg') !== null);
      assert.ok(modelIcon, 'the model control has its own icon beside it');
      assert.match(await model.getAttribute('title'), /^The model that answers/, 'the model control says what it chooses');
      assert.equal(await model.isDisabled(), false, 'the General Assistant has no model of its own: the control chooses it');
      if (look.name === '1280-light') {
        assert.deepEqual(await axeViolations(page, { include: 'header' }), [], 'the top bar');
      }
      assert.deepEqual(chat.errors, []);
    });
  }

  test('the composer keeps a usable width beside the App preview', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'app-counter',
      contextOptions: { viewport: { width: 1280, height: 800 } },
    });
    const { page } = chat;
    await page.getByRole('button', { name: /^Agent: / }).click();
    await page.getByRole('menu', { name: 'Agents', exact: true }).getByRole('menuitemradio', { name: 'App Builder', exact: true }).click();
    await sendAndSettle(chat, 'Build me a counter app.');
    const preview = page.getByRole('complementary', { name: /^App preview/ });
    await preview.waitFor();
    await screenshot(page, `${PREFIX}-app-preview-1280-light.png`, { fullPage: false });
    if (BEFORE) return;
    const fit = await placeholderFit(chat.message);
    assert.ok(fit.needs <= fit.has, `the placeholder fits on one line beside the preview: ${JSON.stringify(fit)}`);
    const keys = page.getByText('Enter sends · Shift+Enter adds a line · @ attaches a file', { exact: true });
    if (await keys.isVisible()) {
      const inside = await keys.evaluate((element) => element.getBoundingClientRect().right <= element.closest('form').getBoundingClientRect().right);
      assert.ok(inside, 'the keys, where shown, fit the composer');
    }
    const width = await chat.message.evaluate((box) => box.getBoundingClientRect().width);
    assert.ok(width >= 360, `the message box is at least 360 px wide beside the preview (${width})`);
    const frame = await preview.evaluate((region) => region.getBoundingClientRect().width);
    assert.ok(frame >= 360, `and the preview keeps room for the app (${frame})`);
    // The conversation (with its composer) takes three fifths of the width, the preview two.
    const conversation = await page.getByRole('form', { name: 'Composer', exact: true }).evaluate((form) => form.getBoundingClientRect().width);
    assert.ok(Math.abs(conversation / frame - 1.5) < 0.1, `three fifths beside two (${conversation} : ${frame})`);
    // Where the main column is narrower, the preview goes under the conversation, above the composer.
    await page.setViewportSize({ width: 1100, height: 800 });
    await waitUntil(async () => {
      const [top, composerTop] = await Promise.all([
        preview.evaluate((region) => region.getBoundingClientRect().top),
        page.getByRole('form', { name: 'Composer', exact: true }).evaluate((form) => form.getBoundingClientRect().top),
      ]);
      return top > 150 && top < composerTop;
    }, 'the preview is under the conversation and above the composer at 1100 px');
    const stacked = await chat.message.evaluate((box) => box.getBoundingClientRect().width);
    assert.ok(stacked >= 500, `stacked, the message box has the column's width (${stacked})`);
    await waitUntil(async () => (await chat.message.isEditable()), 'the message box takes text');
    assert.deepEqual(chat.errors, []);
  });

  test('390 × 844: the conversation keeps three quarters of the height, branched, with every action a tap away', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      scenario: 'markdown',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    const { page } = chat;
    await sendAndSettle(chat, 'Show me some markdown.');
    // A second version of the answer: the conversation is branched (Branches and the export with
    // other versions join the session's actions).
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await waitUntil(async () => /2/.test((await chat.reply.getByRole('group', { name: 'Versions of this answer' }).innerText().catch(() => '')) ?? ''), 'version 2 shown');
    await waitUntil(async () => !(await chat.stop.isVisible()), 'the second answer is done');
    await screenshot(page, `${PREFIX}-phone-branched-390-dark.png`, { fullPage: false });
    if (BEFORE) return;
    const box = (locator) => locator.evaluate((element) => {
      const { top, bottom, left, right, height } = element.getBoundingClientRect();
      return { top, bottom, left, right, height };
    });
    // What the conversation shows: its scroller's height.
    const shown = await chat.log.evaluate((log) => {
      let scroller = log;
      while (scroller && !/(auto|scroll)/.test(getComputedStyle(scroller).overflowY)) scroller = scroller.parentElement;
      return (scroller ?? log).getBoundingClientRect().height;
    });
    const share = shown / 844;
    console.log(`conversation share of the height at 390 × 844: ${(share * 100).toFixed(1)} %`);
    assert.ok(share >= 0.75, `the conversation has ${(share * 100).toFixed(1)} % of the height`);
    // The top bar is one row, every control of it inside the screen.
    const banner = await box(page.getByRole('banner'));
    assert.ok(banner.height <= 56, `the top bar is one row (${banner.height} px)`);
    for (const name of ['Conversations', 'Providers', 'More']) {
      const control = await box(page.getByRole('banner').getByRole('button', { name, exact: true }));
      assert.ok(control.left >= 0 && control.right <= 390, `${name} is on screen: ${JSON.stringify(control)}`);
    }
    // The reply's actions are on one line.
    const actions = ['Copy', 'Save as file', 'Read aloud', 'More actions'];
    const tops = [];
    for (const name of actions) tops.push((await box(chat.reply.getByRole('button', { name, exact: true }))).top);
    assert.ok(Math.max(...tops) - Math.min(...tops) < 4, `the reply's actions share a line: ${tops}`);
    // The open conversation's four actions (branched) are icons on the title's line, each named.
    const bar = page.getByRole('region', { name: 'Open conversation', exact: true });
    const title = await box(bar.getByRole('heading'));
    for (const name of ['Export as Markdown', 'Branches', 'Export with other versions', 'Clear conversation']) {
      const action = await box(bar.getByRole('button', { name, exact: true }));
      assert.ok(Math.abs(action.top + action.height / 2 - (title.top + title.height / 2)) < 8, `${name} is on the title's line`);
      assert.ok(action.right <= 390, `${name} is on screen`);
    }
    // The composer's options fold behind More options, and open with it.
    const compare = page.getByRole('button', { name: 'Compare models', exact: true });
    assert.equal(await compare.isVisible(), false, 'Compare is folded away');
    const more = page.getByRole('button', { name: 'More options', exact: true });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await more.click();
    await compare.waitFor();
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    await screenshot(page, `${PREFIX}-phone-options-390-dark.png`, { fullPage: false });
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(chat.errors, []);
  });
});
