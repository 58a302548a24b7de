// The App Builder, in real headless Chromium against the mock server: the built-in app agent
// every install has (listed second, after the General Assistant; reset, never deleted), whose
// requests carry its own system prompt and no tools, and whose replies show their HTML, CSS
// and JS blocks as collapsed "App code" callouts (opened by keyboard) with the rest rendered
// as markdown, also after a reload; a General Assistant reply with the same code blocks
// keeps them as ordinary code blocks. Screenshots (1280 px and 390 px dark) and axe checks.
// Elements are found by role and accessible name only.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, shownText, waitUntil } from '../support/browser.mjs';
import { openChatWithProvider, sendAndSettle, useHarness } from '../support/chat.mjs';
import { closeAgents, openAgents } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES } from '../support/mock.mjs';

/** Chooses the agent `name` in the top bar's agent picker. */
async function chooseAgent(page, name) {
  await page.getByRole('button', { name: /^Agent: / }).click();
  const menu = page.getByRole('menu', { name: 'Agents', exact: true });
  await menu.getByRole('menuitemradio', { name, exact: true }).click();
  await page.getByRole('button', { name: new RegExp(`^Agent: ${name}`) }).waitFor();
}

/** The "App code" callouts of a reply `article` (a `details` element is a group). */
function callouts(article) {
  return article.getByRole('group').filter({ hasText: /^App code/ });
}

/** The accessible name of the element that has the focus (as Chromium computes it). */
async function focusedAccessibleName(page) {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { node } = await cdp.send('DOM.describeNode', {
      objectId: (await cdp.send('Runtime.evaluate', { expression: 'document.activeElement' })).result.objectId,
    });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { backendNodeId: node.backendNodeId, fetchRelatives: false });
    return nodes[0]?.name?.value ?? null;
  } finally {
    await cdp.detach();
  }
}

describe('app agent', () => {
  const harness = useHarness();

  test('the App Builder answers with its prompt and no tools; its code shows in collapsed App code callouts', async (t) => {
    const chat = await openChatWithProvider(t, harness, { scenario: 'app-counter' });
    const { page } = chat;

    // The General Assistant's reply with the same blocks: ordinary code blocks, no callout.
    const general = await sendAndSettle(chat, 'Show me some code.');
    await general.getByRole('heading', { name: 'A counter', exact: true }).waitFor();
    assert.equal(await general.getByRole('group').count(), 0, 'no callout in an ordinary reply');
    assert.equal(await general.getByRole('code').filter({ hasText: '<!doctype html>' }).isVisible(), true, 'the html block is shown');

    // The App Builder: chosen in the picker, second after the General Assistant.
    await page.getByRole('button', { name: /^Agent: / }).click();
    const names = await page.getByRole('menu', { name: 'Agents', exact: true }).getByRole('menuitemradio').allInnerTexts();
    assert.deepEqual(names.map((n) => n.replace(/[^\p{L} ]/gu, '').trim()), ['General Assistant', 'App Builder']);
    await page.keyboard.press('Escape');
    await chooseAgent(page, 'App Builder');
    const reply = await sendAndSettle(chat, 'Build me a counter app.');

    // Its request: the App Builder's prompt, no tools.
    const request = (await chatRequests(harness.mock, FAMILIES.openai)).at(-1).body;
    const [system, ...others] = request.messages.filter((m) => m.role === 'system');
    assert.equal(others.length, 0, 'one system message');
    assert.match(system.content, /^You are App Builder, an assistant in Hearth that builds small web apps\./);
    for (const needed of ['ONE self-contained HTML document', 'ONE fenced ```html code block', 'No CDNs', 'localStorage', 'complete revised document']) {
      assert.ok(system.content.includes(needed), `the prompt says ${needed}`);
    }
    assert.equal(request.tools, undefined, 'an app agent is offered no tools');
    const first = (await chatRequests(harness.mock, FAMILIES.openai))[0].body;
    assert.equal(first.messages.filter((m) => m.role === 'system').length, 0, 'the General Assistant sent none');

    // The prose is markdown; each code block is a collapsed, numbered callout.
    await reply.getByRole('heading', { name: 'A counter', exact: true }).waitFor();
    assert.equal(await reply.getByRole('listitem').count(), 2);
    const boxes = callouts(reply);
    assert.equal(await boxes.count(), 3, 'html, css and js');
    for (const [index, language] of ['<!doctype html>', 'display: flex', "getElementById('count')"].entries()) {
      const box = boxes.nth(index);
      assert.equal((await shownText(box)).trim(), `App code ${index + 1}`, 'collapsed: only its summary shows');
      const code = box.getByRole('code').filter({ hasText: language });
      assert.equal(await code.isVisible(), false, 'the code is hidden while collapsed');
    }
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation, callouts closed');
    await screenshot(page, 'app-code-closed.png');

    // The preview runs the document with its css and js blocks combined: styled, counting,
    // keeping the count in its localStorage.
    const counter = page.getByTitle('App preview, version 1', { exact: true }).contentFrame();
    await counter.getByRole('button', { name: '+1', exact: true }).click();
    await counter.getByRole('button', { name: '+1', exact: true }).click();
    await waitUntil(async () => (await counter.getByRole('status').textContent()) === '2', 'the js block counts');
    const display = await counter.getByRole('main').evaluate((main) => getComputedStyle(main).display);
    assert.equal(display, 'flex', 'the css block styles it');

    // The keyboard opens one: Tab reaches its summary, Enter opens it, Enter closes it.
    await chat.message.focus();
    await page.keyboard.press('Shift+Tab');
    const focusedText = () => page.evaluate(() => document.activeElement?.textContent.trim());
    for (let i = 0; i < 40 && (await focusedText()) !== 'App code 1'; i++) await page.keyboard.press('Shift+Tab');
    assert.equal(await focusedAccessibleName(page), 'App code 1', 'the first callout is reachable by keyboard');
    await page.keyboard.press('Enter');
    const html = boxes.nth(0).getByRole('code');
    await waitUntil(() => html.isVisible(), 'Enter opens the callout');
    assert.match(await shownText(html), /^<!doctype html>\n<html lang="en">/, 'the code, as a code block');
    assert.equal(await boxes.nth(1).getByRole('code').isVisible(), false, 'the others stay closed');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation, a callout open');
    await boxes.nth(0).evaluate((details) => details.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'app-code-open.png');
    await page.keyboard.press('Enter');
    await waitUntil(async () => !(await html.isVisible()), 'Enter closes it again');

    // 390 px, dark.
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.setViewportSize({ width: 390, height: 844 });
    await reply.scrollIntoViewIfNeeded();
    await screenshot(page, 'app-code-closed-390-dark.png');
    await boxes.nth(0).getByText('App code').click();
    await waitUntil(() => html.isVisible(), 'a click opens it too');
    await boxes.nth(0).evaluate((details) => details.scrollIntoView({ block: 'start' }));
    await screenshot(page, 'app-code-open-390-dark.png');
    // (The reply alone: the General Assistant's ordinary code blocks above scroll sideways at
    // this width, which axe flags as scrollable regions without keyboard access.)
    const lastReply = '[role="log"] article[aria-label="Assistant"]:last-of-type';
    assert.equal(await page.locator(lastReply).count(), 1, 'axe checks the App Builder reply');
    assert.deepEqual(await axeViolations(page, { include: lastReply }), [], 'dark, narrow, open');

    // The reply remembers that an app agent wrote it: after a reload, still callouts.
    const { messages } = await readDatabase(page, ['messages']);
    const stored = messages.find((m) => m.role === 'assistant' && m.agent?.id === 'app-builder');
    assert.deepEqual(stored.agent, { id: 'app-builder', name: 'App Builder', kind: 'app' });
    const plain = messages.find((m) => m.role === 'assistant' && m.agent?.id === 'general');
    assert.deepEqual(plain.agent, { id: 'general', name: 'General Assistant' }, 'a chat agent stores no kind');
    await page.reload();
    await chat.reply.getByRole('heading', { name: 'A counter', exact: true }).waitFor();
    assert.equal(await callouts(chat.reply).count(), 3);
    assert.equal((await shownText(callouts(chat.reply).nth(0))).trim(), 'App code 1');
    assert.equal(await callouts(chat.assistant.first()).count(), 0, 'the General Assistant reply stays plain');
    assert.deepEqual(chat.errors, []);
  });

  test('the App Builder is built in: listed second, reset instead of deleted, one callout reads "App code"', async (t) => {
    const chat = await openChatWithProvider(t, harness, { scenario: 'echo' });
    const { page } = chat;
    const dialog = await openAgents(page);
    const list = dialog.getByRole('list', { name: 'Your agents', exact: true });
    assert.deepEqual(await list.getByRole('heading').allInnerTexts(), ['General Assistant', 'App Builder']);
    assert.equal(await dialog.getByRole('button', { name: 'Delete App Builder', exact: true }).count(), 0, 'no Delete');
    // Its prompt changed, then reset (asked first): the stored record is the default again.
    await dialog.getByRole('button', { name: 'Edit App Builder', exact: true }).click();
    const editor = dialog.getByRole('form', { name: 'Edit App Builder', exact: true });
    const template = editor.getByRole('textbox', { name: 'System prompt template', exact: true });
    const original = await template.inputValue();
    assert.match(original, /^You are \{agent_name\}, an assistant in Hearth that builds small web apps\./);
    await template.fill('Answer with one ```html block.');
    await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
    await editor.waitFor({ state: 'hidden' });
    const stored = async () => (await readDatabase(page, ['agents'])).agents.find((a) => a.id === 'app-builder');
    await waitUntil(async () => (await stored())?.system_prompt === 'Answer with one ```html block.', 'the change is stored');
    let asked = '';
    page.once('dialog', (question) => {
      asked = question.message();
      question.accept();
    });
    await dialog.getByRole('button', { name: 'Reset App Builder to default', exact: true }).click();
    assert.match(asked, /^Reset the App Builder to its default\?/);
    await waitUntil(async () => (await stored())?.system_prompt === original, 'the default prompt is back');
    assert.equal((await stored()).kind, 'app');
    await closeAgents(page);

    // A reply with a single html block (the mock's echo quotes it back): "App code", no number.
    await chooseAgent(page, 'App Builder');
    const reply = await sendAndSettle(chat, 'Make this:\n\n```html\n<p>Hello</p>\n```');
    const box = callouts(reply);
    assert.equal(await box.count(), 1);
    assert.equal((await shownText(box)).trim(), 'App code', 'a single callout has no number');
    assert.equal(await box.getByRole('code').isVisible(), false, 'collapsed');
    assert.deepEqual(chat.errors, []);
  });
});
