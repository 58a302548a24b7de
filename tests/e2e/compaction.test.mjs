// Compaction, in real headless Chromium against the mock server: the context window field of
// a provider (its default in the hint, a bad value refused), the Settings section "Long
// conversations" (stored as one setting), a long conversation compacted automatically before
// the request that fills a small window (the request carries the first user message, the
// summary and the verbatim tail, and not the summarised turns), the "Summarising earlier
// messages…" state, the divider with the summary and Undo, reload, Regenerate over a summary,
// the Compact button, the context meter (which counts the draft), and "Compact and retry" on a
// "conversation too long" card. Screenshots and axe checks of the divider, meter and settings.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { axeViolations } from '../support/axe.mjs';
import { screenshot, waitUntil } from '../support/browser.mjs';
import { loadApp, openChatWithProvider, sendAndSettle, settled, storedAtRest, useHarness, waitOn } from '../support/chat.mjs';
import { closeSettings, openSettings } from '../support/dialogs.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, FAMILIES, summaryRequests } from '../support/mock.mjs';
import { addProvider, closeProviders, commit, editProvider, providerForm } from '../support/providers.mjs';

/** The summary the `compact` scenario writes. */
const SUMMARY = 'The user shared notes about a garden: roses, tomatoes and a pond.\n\nOpen question: where the bench goes.';

/** A user message of about `chars` characters whose words all start with `tag` (so each is told apart). */
function longMessage(tag, chars) {
  const words = [];
  for (let n = 0; words.join(' ').length < chars; n += 1) words.push(`${tag}${n}`);
  return words.join(' ');
}

/** The conversation an OpenAI-compatible request body carries, without the system prompt, as `[role, content]`. */
function conversationOf(body) {
  return body.messages.filter((m) => m.role !== 'system').map((m) => [m.role, m.content]);
}

/** The summary as the request carries it in place of the summarised turns. */
function summaryTurn(text) {
  return ['assistant', `<conversation-summary>\n${text}\n</conversation-summary>`];
}

/** The compaction controls and notes on `page`. */
function compactionOf(page) {
  return {
    meter: page.getByRole('meter', { name: 'Context window used', exact: true }),
    compact: page.getByRole('button', { name: 'Compact conversation', exact: true }),
    divider: page.getByRole('button', { name: /^Earlier messages summarised/ }),
    undo: page.getByRole('button', { name: 'Undo summary', exact: true }),
    summary: page.getByRole('region', { name: 'Summary', exact: true }),
    status: (text) => page.getByRole('status').filter({ hasText: text }),
  };
}

/** Sets "Keep the last N turns verbatim" to `turns` in Settings and waits until it is stored. */
async function keepLastTurns(page, turns) {
  const dialog = await openSettings(page);
  await commit(dialog.getByRole('textbox', { name: 'Keep the last N turns verbatim', exact: true }), String(turns));
  await closeSettings(page);
  await waitUntil(async () => {
    const { settings } = await readDatabase(page, ['settings']);
    return settings.find((s) => s.key === 'compaction')?.value.keep_last_turns === turns;
  }, 'the compaction setting is stored');
}

/** The meter's figure ("3,200 of 8,192 tokens · 39 %") as numbers, checking the visible text says the same. */
async function meterFigure(page) {
  const { meter } = compactionOf(page);
  const text = await meter.getAttribute('aria-valuetext');
  const match = /^([\d,]+) of ([\d,]+) tokens · (\d+) %$/.exec(text);
  assert.ok(match, `the meter says how full the window is: ${text}`);
  await page.getByText(text, { exact: true }).waitFor();
  const number = (s) => Number(s.replaceAll(',', ''));
  return { used: number(match[1]), window: number(match[2]), percent: Number(match[3]) };
}

describe('compaction', () => {
  const env = useHarness();

  test('a long conversation is compacted before the request that fills a small window (a failed summary sends it in full); reload and Regenerate keep the summary', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'compact-fails', keepProvidersOpen: true, cspViolations: true });
    const { page } = chat;
    const ui = compactionOf(page);

    // The context window field: blank is the model's default, named in the hint; a bad value is refused.
    const form = providerForm(page);
    const windowField = form.getByRole('textbox', { name: 'Context window (tokens)', exact: true });
    assert.equal(await windowField.inputValue(), '', 'blank: the default');
    await form.getByText(/^Empty: 8,192 tokens, this model's default\./).waitFor();
    await commit(windowField, '12');
    await form.getByRole('alert').filter({ hasText: /Context window: Enter a number of tokens from 1024/ }).waitFor();
    assert.equal(await windowField.getAttribute('aria-invalid'), 'true');
    let { model_configs: configs } = await readDatabase(page, ['model_configs']);
    assert.equal(configs[0].context_window, undefined, 'the bad value stored nothing');
    await commit(windowField, '1,024');
    await waitUntil(async () => {
      ({ model_configs: configs } = await readDatabase(page, ['model_configs']));
      return configs[0].context_window === 1024;
    }, 'the context window is stored');
    assert.equal(await windowField.getAttribute('aria-invalid'), 'false');
    await closeProviders(page);
    // An empty conversation has nothing to measure: no meter until the first message (issue 28).
    assert.equal(await ui.meter.count(), 0, 'no meter in an empty conversation');

    // Settings: the defaults, a bad threshold refused, the summariser choice, one setting stored.
    const dialog = await openSettings(page);
    const threshold = dialog.getByRole('textbox', { name: 'Compact at (% of the context window)', exact: true });
    const keep = dialog.getByRole('textbox', { name: 'Keep the last N turns verbatim', exact: true });
    const writer = dialog.getByRole('combobox', { name: 'Summarise with', exact: true });
    assert.equal(await threshold.inputValue(), '80');
    assert.equal(await keep.inputValue(), '4');
    assert.equal(await writer.inputValue(), '', "the conversation's model");
    const options = await writer.getByRole('option').allInnerTexts();
    assert.deepEqual(options, ["The conversation's model", 'Custom (OpenAI-compatible) · compact-fails']);
    await commit(threshold, '5');
    await dialog.getByRole('alert').filter({ hasText: 'Enter a whole number from 10 to 100.' }).waitFor();
    assert.equal(await threshold.getAttribute('aria-invalid'), 'true');
    await commit(keep, '1');
    await writer.selectOption({ label: 'Custom (OpenAI-compatible) · compact-fails' });
    assert.equal(await threshold.inputValue(), '5', 'what was typed stays, with its error, while other fields are stored');
    await waitUntil(async () => {
      const { settings } = await readDatabase(page, ['settings']);
      const value = settings.find((s) => s.key === 'compaction')?.value;
      return value?.summary_model_config_id === configs[0].id && value;
    }, 'the compaction setting is stored').then((value) =>
      assert.deepEqual(value, { threshold_percent: 80, keep_last_turns: 1, summary_model_config_id: configs[0].id }, 'the bad threshold was not stored'),
    );
    await dialog.getByRole('heading', { name: 'Long conversations', exact: true }).scrollIntoViewIfNeeded();
    await screenshot(page, 'compaction-settings.png');
    assert.deepEqual(await axeViolations(page, { include: 'dialog[open]' }), [], 'the Settings dialog with its Long conversations section');
    await closeSettings(page);

    // Messages of about 300 tokens each: the third request would fill 80 % of 1,024.
    const texts = ['rose', 'tulip', 'daisy', 'lily'].map((tag) => longMessage(tag, 1200));
    await sendAndSettle(chat, texts[0]);
    const first = await meterFigure(page);
    assert.ok(first.window === 1024 && first.used > 250 && first.percent < 50, `one turn, in the window of 1,024 stored above: ${JSON.stringify(first)}`);
    await sendAndSettle(chat, texts[1]);
    await chat.send.waitFor();
    const before = await meterFigure(page);
    assert.ok(before.percent >= 50 && before.percent < 80, `two turns fill part of the window: ${JSON.stringify(before)}`);
    assert.equal((await summaryRequests(env.mock)).length, 0, 'nothing was summarised yet');

    // The summariser fails (compact-fails answers the summary request with a 500): said, and the request goes out in full.
    await sendAndSettle(chat, texts[2]);
    await page
      .getByRole('alert')
      .filter({ hasText: 'The earlier messages could not be summarised: The provider had a server error (HTTP 500). The conversation was sent in full.' })
      .waitFor();
    assert.equal((await summaryRequests(env.mock)).length, 1);
    let requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(
      conversationOf(requests[2].body),
      texts.slice(0, 3).flatMap((text) => [['user', text], ['assistant', 'Noted, thank you.']]).slice(0, 5),
      'nothing is lost: the whole conversation is sent',
    );
    assert.equal(await ui.divider.count(), 0);

    // With a model that summarises, the next Send compacts first.
    await editProvider(page, { model: 'compact' });
    await chat.message.fill(texts[3]);
    await chat.message.press('Enter');
    await ui.status('Summarising earlier messages…').waitFor();
    await settled(chat);
    await ui.status('Earlier messages summarised (5 messages).').waitFor();

    const summaries = await summaryRequests(env.mock);
    assert.equal(summaries.length, 2, 'one more summary was asked for');
    assert.equal(summaries[1].body.model, 'compact', 'of the account chosen to summarise');
    const transcript = JSON.stringify(summaries[1].body);
    // In a window of 1,024 the transcript is cut to fit (the longest blocks lose their ends).
    const start = (text) => text.slice(0, 60);
    assert.ok(transcript.includes(start(texts[1])) && transcript.includes(start(texts[2])), 'the summary request carries the turns it summarises');
    assert.ok(!transcript.includes('lily0 '), 'but not the turn kept verbatim');
    requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(requests.length, 4);
    assert.deepEqual(conversationOf(requests[1].body), [
      ['user', texts[0]],
      ['assistant', 'Noted, thank you.'],
      ['user', texts[1]],
    ], 'below the threshold the whole conversation is sent');
    assert.deepEqual(conversationOf(requests[3].body), [
      ['user', texts[0]],
      summaryTurn(SUMMARY),
      ['user', texts[3]],
    ], 'the first user message, the summary, then the verbatim tail; not the summarised turns');

    // The conversation still shows every message; the summary is a divider, not a bubble.
    assert.equal(await chat.you.count(), 4);
    assert.equal(await chat.assistant.count(), 4);
    assert.equal(await ui.divider.getAttribute('aria-expanded'), 'false');
    const logText = await chat.log.innerText();
    const at = (text) => logText.indexOf(text);
    assert.ok(at(texts[2].slice(0, 40)) < at('Earlier messages summarised'), 'the divider comes after the summarised turns');
    assert.ok(at('Earlier messages summarised') < at(texts[3].slice(0, 40)), '… and before the first message kept');
    const after = await meterFigure(page);
    // The estimate of ASCII text is its length / 4 rounded up, plus 4 a message
    // (hearth_core::compaction::estimate_tokens, MESSAGE_OVERHEAD).
    const tokens = (text) => Math.ceil(text.length / 4) + 4;
    const turn = (text) => tokens(text) + tokens('Noted, thank you.');
    const fullEstimate = before.used + turn(texts[2]) + turn(texts[3]);
    // Summarised: the first reply and the next two turns; the summary stands in their place.
    const summarised = tokens('Noted, thank you.') + turn(texts[1]) + turn(texts[2]);
    const compactedEstimate = fullEstimate - summarised + tokens(summaryTurn(SUMMARY)[1]);
    assert.equal(after.used, compactedEstimate, `the meter counts the compacted request, not the full one (${fullEstimate}): ${JSON.stringify(after)}`);
    await ui.divider.scrollIntoViewIfNeeded();
    await screenshot(page, 'compaction-divider-closed.png');
    await ui.divider.click();
    assert.equal(await ui.divider.getAttribute('aria-expanded'), 'true');
    assert.equal((await ui.summary.innerText()).trim(), SUMMARY);
    await screenshot(page, 'compaction-divider-open.png');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation with the divider open');
    assert.deepEqual(await axeViolations(page, { include: 'form[aria-label="Composer"]' }), [], 'the composer with the meter');

    // 390 px, dark.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await ui.divider.scrollIntoViewIfNeeded();
    await screenshot(page, 'compaction-divider-open-390-dark.png');
    assert.deepEqual(await axeViolations(page, { include: '[role="log"]' }), [], 'the conversation at 390 px, dark');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });

    // Stored as its own record; a reload shows the same divider, and Regenerate sends the summary.
    const stored = await storedAtRest(page);
    const summaryRecords = stored.filter((m) => m.kind === 'summary');
    assert.equal(summaryRecords.length, 1);
    const userIds = stored
      .filter((m) => m.role === 'user')
      .sort((a, b) => a.created_at - b.created_at)
      .map((m) => m.id);
    assert.equal(summaryRecords[0].summary.boundary_id, userIds[3], 'the boundary is the first message kept');
    assert.equal(summaryRecords[0].content, SUMMARY);
    await page.reload();
    await ui.divider.waitFor();
    assert.equal(await chat.you.count(), 4);
    assert.equal(await chat.assistant.count(), 4, 'the summary is no message bubble after a reload either');
    await ui.divider.click();
    assert.equal((await ui.summary.innerText()).trim(), SUMMARY);
    await chat.reply.getByRole('button', { name: 'Regenerate', exact: true }).click();
    await waitOn(chat, async () => (await chatRequests(env.mock, FAMILIES.openai)).length === 5, 'the regenerated request is sent');
    await settled(chat);
    const regenerated = (await chatRequests(env.mock, FAMILIES.openai))[4];
    assert.deepEqual(conversationOf(regenerated.body), [
      ['user', texts[0]],
      summaryTurn(SUMMARY),
      ['user', texts[3]],
    ], 'Regenerate answers the same compacted conversation, and never the summary itself');
    assert.equal((await summaryRequests(env.mock)).length, 2, 'below the threshold now: no new summary');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(chat.violations, [], 'the meter and the divider need nothing the page policy refuses');
  });

  test('Compact summarises on demand (a failure changes nothing), Undo brings the full request back, and the meter counts the draft', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'compact-fails' });
    const { page } = chat;
    const ui = compactionOf(page);
    await keepLastTurns(page, 1);
    // An empty conversation has nothing to measure or compact: neither shows.
    assert.equal(await ui.compact.count(), 0, 'no Compact in an empty conversation');
    assert.equal(await ui.meter.count(), 0, 'no context meter in an empty conversation');
    const texts = ['apple', 'banana', 'cherry', 'damson', 'elder'].map((tag) => longMessage(tag, 400));
    for (const text of texts.slice(0, 3)) await sendAndSettle(chat, text);
    await chat.send.waitFor();
    // Another tab on the same conversation follows the summary and its Undo.
    const other = await loadApp(chat.context, page.url());
    await waitOn(other, async () => (await other.you.count()) === 3, 'the other tab shows the conversation');
    const otherDivider = compactionOf(other.page).divider;

    // The meter: the conversation's estimate plus the draft's, in the window of 8,192.
    const full = await meterFigure(page);
    assert.equal(full.window, 8192);
    assert.ok(full.used > 300, `three turns are counted: ${JSON.stringify(full)}`);
    await chat.message.fill('word '.repeat(200));
    await waitUntil(async () => (await meterFigure(page)).used > full.used + 150, 'the draft is counted');
    await chat.message.fill('');
    await waitUntil(async () => (await meterFigure(page)).used === full.used, 'an empty draft counts nothing').catch(async (e) => {
      throw new Error(`${e.message}: ${JSON.stringify(await meterFigure(page))} vs ${JSON.stringify(full)}`);
    });
    await screenshot(page, 'compaction-meter.png');

    // A summary that fails is said, and nothing changes.
    await ui.compact.click();
    await page.getByRole('alert').filter({ hasText: 'The earlier messages could not be summarised: The provider had a server error (HTTP 500). Nothing was changed.' }).waitFor();
    assert.equal((await summaryRequests(env.mock)).length, 1, 'the summary was asked for');
    assert.equal(await ui.divider.count(), 0, 'no divider');
    assert.ok((await readDatabase(page, ['messages'])).messages.every((m) => m.kind !== 'summary'), 'no summary stored');
    assert.equal((await meterFigure(page)).used, full.used, 'the request is as it was');

    // A second account on another model writes the summaries; the conversation stays on the first.
    await addProvider(page, { baseUrl: FAMILIES.openai.baseUrl(env.mock), model: 'compact', keepOpen: true });
    await page
      .getByRole('list', { name: 'Your providers', exact: true })
      .getByRole('button', { name: 'Custom (OpenAI-compatible) · compact-fails', exact: true })
      .click();
    await providerForm(page).getByRole('button', { name: 'Use this provider', exact: true }).click();
    await closeProviders(page);
    const settingsDialog = await openSettings(page);
    await settingsDialog
      .getByRole('combobox', { name: 'Summarise with', exact: true })
      .selectOption({ label: 'Custom (OpenAI-compatible) · compact' });
    await closeSettings(page);
    const { model_configs: accounts } = await readDatabase(page, ['model_configs']);
    const writerId = accounts.find((c) => c.model === 'compact')?.id;
    await waitUntil(async () => {
      const { settings } = await readDatabase(page, ['settings']);
      return settings.find((s) => s.key === 'compaction')?.value.summary_model_config_id === writerId;
    }, 'the summarising account is stored');
    await ui.compact.click();
    await ui.status('Earlier messages summarised (3 messages).').waitFor();
    await ui.divider.waitFor();
    const summaries = await summaryRequests(env.mock);
    assert.equal(summaries.length, 2);
    assert.equal(summaries[1].body.model, 'compact', 'asked of the account chosen to summarise');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 3, 'Compact sends no reply request');
    await otherDivider.waitFor();
    assert.equal(await other.assistant.count(), 3, 'the other tab shows the summary as a divider too');
    const compacted = await meterFigure(page);
    assert.ok(compacted.used < full.used, `the meter shows the smaller request: ${compacted.used} < ${full.used}`);

    await sendAndSettle(chat, texts[3]);
    let requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(conversationOf(requests[3].body), [
      ['user', texts[0]],
      summaryTurn(SUMMARY),
      ['user', texts[2]],
      ['assistant', 'Noted, thank you.'],
      ['user', texts[3]],
    ], 'the next request sends the summary in place of the turns before the boundary');

    // Undo deletes the summary record: the next request is the whole conversation again.
    await ui.undo.click();
    await ui.divider.waitFor({ state: 'hidden' });
    await ui.status('Summary removed: requests send the earlier messages again.').waitFor();
    assert.equal(
      await page.getByRole('main', { name: 'Messages', exact: true }).evaluate((el) => el === document.activeElement),
      true,
      'the focus goes to the conversation, not lost with the button',
    );
    await otherDivider.waitFor({ state: 'hidden' });
    await waitUntil(async () => {
      const { messages } = await readDatabase(page, ['messages']);
      return messages.every((m) => m.kind !== 'summary');
    }, 'the summary record is deleted');
    await sendAndSettle(chat, texts[4]);
    requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.deepEqual(
      conversationOf(requests[4].body),
      texts.flatMap((text) => [['user', text], ['assistant', 'Noted, thank you.']]).slice(0, 9),
      'after Undo every turn is sent verbatim',
    );
    assert.equal(await chat.you.count(), 5);

    // Two compactions in a row: the second folds the first in; Undo brings the first back.
    await ui.compact.click();
    await ui.status('Earlier messages summarised (7 messages).').waitFor();
    await sendAndSettle(chat, 'fig');
    await ui.compact.click();
    await ui.status('Earlier messages summarised (9 messages).').waitFor();
    const folded = (await summaryRequests(env.mock)).at(-1);
    assert.ok(
      JSON.stringify(folded.body).includes(JSON.stringify(`Earlier summary:\n<conversation-summary>\n${SUMMARY}\n</conversation-summary>`).slice(1, -1)),
      'the second summary request folds the first summary in',
    );
    await page.getByRole('button', { name: 'Earlier messages summarised (9 messages)', exact: true }).waitFor();
    await ui.undo.click();
    await page.getByRole('button', { name: 'Earlier messages summarised (7 messages)', exact: true }).waitFor();
    await waitUntil(async () => {
      const { messages } = await readDatabase(page, ['messages']);
      const left = messages.filter((m) => m.kind === 'summary');
      return left.length === 1 && left[0].summary.summarised === 7;
    }, 'the first summary applies again');

    // Stop while summarising: no summary stored, no reply request sent.
    // (The summary of a transcript with "User: Slowly" comes after 8 s in the compact scenario.)
    await sendAndSettle(chat, 'Slowly, grape');
    await sendAndSettle(chat, 'plum');
    const asked = (await summaryRequests(env.mock)).length;
    const replies = (await chatRequests(env.mock, FAMILIES.openai)).length;
    await ui.compact.click();
    await ui.status('Summarising earlier messages…').waitFor();
    await waitOn(chat, async () => (await summaryRequests(env.mock)).length === asked + 1, 'the summary is asked for');
    // Without waiting for the button to hold still (the status line above it is just appearing).
    await chat.stop.click({ force: true });
    await chat.send.waitFor();
    assert.equal(await page.getByRole('button', { name: 'Earlier messages summarised (7 messages)', exact: true }).count(), 1, 'the divider is the first summary\'s still');
    assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, replies, 'no reply request was sent');
    assert.equal((await readDatabase(page, ['messages'])).messages.filter((m) => m.kind === 'summary').length, 1, 'nothing new stored');

    // Deleting the conversation while it is summarised stops the summary: it never comes back.
    const sessionId = (await storedAtRest(page))[0].session_id;
    const askedBefore = (await summaryRequests(env.mock)).length;
    const { sessions: stored } = await readDatabase(page, ['sessions']);
    const title = stored.find((s) => s.id === sessionId)?.title;
    const row = page
      .getByRole('list', { name: 'Conversation list', exact: true })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: title, exact: true }) });
    await row.hover();
    await ui.compact.click();
    await ui.status('Summarising earlier messages…').waitFor();
    await row.hover();
    await row.getByRole('button', { name: 'Delete', exact: true }).click();
    assert.equal(await ui.status('Earlier messages summarised').count(), 0, 'deleted before the summary arrived');
    await waitUntil(async () => (await summaryRequests(env.mock)).length === askedBefore + 1, 'the summary was asked for');
    await chat.send.waitFor();
    const afterDelete = await readDatabase(page, ['sessions', 'messages']);
    assert.ok(afterDelete.sessions.find((s) => s.id === sessionId)?.deleted_at > 0, 'the conversation stays deleted');
    const summariesLeft = afterDelete.messages.filter((m) => m.kind === 'summary');
    assert.equal(summariesLeft.length, 1, `no new summary was stored into it (only the first one it had): ${JSON.stringify(summariesLeft.map((m) => [m.created_at, m.summary]))} deleted_at ${afterDelete.sessions[0]?.deleted_at}`);
    assert.equal(await ui.status('Earlier messages summarised').count(), 0, 'no note of a summary');
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('a conversation too long for the model offers Compact and retry, which answers', async (t) => {
    const chat = await openChatWithProvider(t, env, { scenario: 'context-too-long-once' });
    const { page } = chat;
    const ui = compactionOf(page);
    await keepLastTurns(page, 1);
    // Long enough that a summary of the middle one is smaller than it (a summary never makes a request bigger).
    const texts = ['first', 'second', 'third'].map((tag) => longMessage(`${tag}question`, 200));
    for (const text of texts) {
      await sendAndSettle(chat, text);
      await chat.reply.getByText('The conversation is too long for this model').waitFor();
      if (text === texts[0]) {
        // Nothing to summarise yet: said, and the same request is not sent again in vain.
        await chat.reply.getByRole('button', { name: 'Compact and retry', exact: true }).click();
        await ui.status('Nothing to summarise yet').waitFor();
        assert.equal((await chatRequests(env.mock, FAMILIES.openai)).length, 1, 'nothing was resent');
        await chat.reply.getByText('The conversation is too long for this model').waitFor();
      }
    }
    const card = chat.reply.getByRole('alert');
    assert.equal(await card.getByRole('button', { name: 'Retry', exact: true }).count(), 0, 'retrying unchanged cannot help');
    await card.getByRole('button', { name: 'Compact and retry', exact: true }).click();
    await waitOn(chat, async () => (await chat.reply.innerText()).includes('Now it fits: here is the answer.'), 'the retry is answered');
    await settled(chat);
    const requests = await chatRequests(env.mock, FAMILIES.openai);
    assert.equal(requests.length, 4);
    assert.deepEqual(conversationOf(requests[3].body), [
      ['user', texts[0]],
      summaryTurn('Earlier, the user asked three long questions.'),
      ['user', texts[2]],
    ]);
    await ui.divider.waitFor();
    assert.equal(await chat.assistant.count(), 3, 'the failed attempt was replaced; the summary is no bubble');
    assert.equal(await page.getByRole('button', { name: 'Compact and retry', exact: true }).count(), 0, 'only the newest card offered it');
    assert.deepEqual(chat.errors, []);
  });
});
