// End-to-end tests of comparing models, in real headless Chromium against the mock LLM
// server: one message sent to three models of the three provider families at once, one of
// which fails (its card; the others complete), the answers stored as sibling replies with
// their models and timings; "Continue with this" picks what the next message follows (and
// the composer says which), "Continue separately" branches columns into new chats, a merge
// is a new reply the chosen model writes from the answers, a second tab follows all of it,
// and a reload shows it as it was left. Blind mode hides the names until a pick and counts
// the pick on this device. Elements are found by role and accessible name; stored records
// are read from IndexedDB and requests from the mock's log.

import { describe, test } from 'node:test';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { screenshot } from '../support/browser.mjs';
import { addMockProvider, loadApp, openApp, openChatWithProvider, sendAndSettle, sendMessage, storedAtRest, useHarness, waitOn, composerOption } from '../support/chat.mjs';
import { importFile, turnOffGeneratedTitles } from '../support/dialogs.mjs';
import { axeViolations } from '../support/axe.mjs';
import { readDatabase } from '../support/idb.mjs';
import { chatRequests, echoReply, FAMILIES } from '../support/mock.mjs';

/** Chooses, in the select `select`, the model setting whose label starts with `model ·`. */
async function chooseModel(select, model) {
  const labels = await select.locator('option').allInnerTexts();
  const label = labels.find((text) => text.trim().startsWith(`${model} ·`));
  assert.ok(label, `the model ${model} is offered among ${JSON.stringify(labels)}`);
  await select.selectOption({ label: label.trim() });
}

/** The compare turn on `page` and its parts, by role and name. */
function compareTurn(page, count) {
  const turn = page.getByRole('region', { name: `Compared answers (${count})`, exact: true });
  return {
    turn,
    heading: (letter) => turn.getByRole('heading', { name: new RegExp(`^Answer ${letter}( ·|$)`) }),
    column: (letter) => turn.locator('.compare-column').filter({ has: page.getByRole('heading', { name: new RegExp(`^Answer ${letter}( ·|$)`) }) }),
    pick: (letter) => turn.getByRole('button', { name: `Continue with Answer ${letter}`, exact: true }),
    choose: (letter) => turn.getByRole('checkbox', { name: `Choose Answer ${letter} to continue separately`, exact: true }),
  };
}

/** Opens the Compare panel and sets its columns to the scenarios `models`. */
async function setUpColumns(page, models) {
  await (await composerOption(page, 'Compare models')).click();
  const panel = page.getByRole('group', { name: 'Compare models', exact: true });
  await panel.waitFor();
  for (let at = 2; at < models.length; at++) await panel.getByRole('button', { name: 'Add a column', exact: true }).click();
  for (const [at, model] of models.entries()) {
    await chooseModel(panel.getByRole('combobox', { name: `Model of column ${'ABCD'[at]}`, exact: true }), model);
  }
  return panel;
}

describe('compare models', () => {
  const env = useHarness();

  test('three families side by side, one failing; continue with one, separately, merge; a second tab follows', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    await turnOffGeneratedTitles(chat.page);
    await sendAndSettle(chat, 'Hello');
    await addMockProvider(chat.page, env.mock, { family: FAMILIES.anthropic, scenario: 'markdown' });
    await addMockProvider(chat.page, env.mock, { family: FAMILIES.gemini, scenario: 'server-error' });

    const panel = await setUpColumns(chat.page, ['echo', 'markdown', 'server-error']);
    assert.equal(
      (await panel.locator('.compare-cost').innerText()).trim(),
      '≈ 3× the cost',
      'without listed prices, each column counts as one request',
    );
    assert.deepEqual(await axeViolations(chat.page), [], 'the Compare panel passes axe');
    await sendMessage(chat, 'Which is the best sorting algorithm?');
    const { turn, heading, column, pick, choose } = compareTurn(chat.page, 3);
    await turn.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'every column has ended');
    assert.match(await heading('A').innerText(), /Answer A · echo/);
    assert.match(await heading('B').innerText(), /Answer B · markdown/);
    assert.match(await heading('C').innerText(), /Answer C · server-error/);
    assert.match(await column('A').innerText(), /Which is the best sorting algorithm\?/, 'the echo answers');
    assert.match(await column('B').innerText(), /Hearth mock reply/, 'the markdown scenario answers');
    await column('C').getByText('server', { exact: false }).first().waitFor();
    assert.equal(await column('C').getByRole('button', { name: 'Retry Answer C', exact: true }).count(), 1, 'the failed column has its own Retry');
    assert.equal(await pick('C').isDisabled(), true, 'a failed column holds nothing to continue with');
    assert.match(await column('A').locator('.compare-stats').innerText(), /to first token · .* in all/);

    // One request per family, each with the same question after the same history.
    for (const family of [FAMILIES.openai, FAMILIES.anthropic, FAMILIES.gemini]) {
      const requests = (await chatRequests(env.mock, family)).filter((r) => JSON.stringify(r.body).includes('sorting algorithm'));
      assert.equal(requests.length, 1, `one request to ${family.name}`);
    }
    let stored = await storedAtRest(chat.page);
    const question = stored.find((m) => m.content === 'Which is the best sorting algorithm?');
    const columns = stored.filter((m) => m.compare_group).sort((a, b) => (a.compare_column ?? 0) - (b.compare_column ?? 0));
    assert.equal(columns.length, 3, 'three sibling replies');
    assert.ok(columns.every((m) => m.parent === question.id && m.compare_group === columns[0].compare_group));
    assert.deepEqual(columns.map((m) => [m.model, m.state]), [['echo', 'complete'], ['markdown', 'complete'], ['server-error', 'failed']]);
    assert.ok(columns[0].total_ms >= 0 && columns[0].first_token_ms >= 0, 'timings are stored');
    await turn.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(chat.page, 'compare-turn.png');
    assert.deepEqual(await axeViolations(chat.page), [], 'the compare turn passes axe');

    // A second tab of the same conversation.
    const other = await loadApp(chat.context, chat.page.url());
    const otherTurn = compareTurn(other.page, 3);
    await otherTurn.turn.waitFor();

    // Continue with B: the composer says so, and the next message's history has B's answer.
    await pick('B').click();
    await waitOn(chat, async () => (await pick('B').getAttribute('aria-pressed')) === 'true', 'B is picked');
    await chat.page.getByRole('status').filter({ hasText: 'Your next message follows answer B (markdown).' }).waitFor();
    await waitOn(other, async () => (await otherTurn.pick('B').getAttribute('aria-pressed')) === 'true', 'the other tab follows the pick');

    // Continue separately: A and B each in a new chat, listed under this one.
    await choose('A').check();
    await choose('B').check();
    await turn.getByRole('button', { name: 'Continue separately (2)', exact: true }).click();
    await turn.getByRole('status').filter({ hasText: '2 new chats, listed under this one.' }).waitFor();
    const { sessions } = await readDatabase(chat.page, ['sessions']);
    const branches = sessions.filter((s) => s.branch_of === question.session_id);
    assert.equal(branches.length, 2);
    stored = await storedAtRest(chat.page);
    for (const branch of branches) {
      const copies = stored.filter((m) => m.session_id === branch.id);
      assert.equal(copies.length, 4, 'each branch has the first turn, the question and one answer');
      assert.ok(copies.every((m) => !m.compare_group), 'a column goes on as a plain reply');
    }

    // Merge A and B (C failed) into a table, written by the echo model: the request carries the
    // recipe and both answers named by model; the merge is a reply of its own, credited.
    await turn.getByRole('button', { name: 'Merge…', exact: true }).click();
    const form = chat.page.getByRole('form', { name: 'Merge the answers', exact: true });
    await form.getByRole('combobox', { name: 'Recipe', exact: true }).selectOption({ label: 'Compare in a table' });
    assert.match(await form.getByRole('textbox', { name: 'Instruction', exact: true }).inputValue(), /Markdown table/);
    await chooseModel(form.getByRole('combobox', { name: 'Written by', exact: true }), 'echo');
    await form.getByRole('button', { name: 'Merge', exact: true }).click();
    const merged = compareTurn(chat.page, 3).turn.getByRole('heading', { name: /^Merged answer · echo$/ });
    await merged.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'the merge has ended');
    const mergeRequest = (await chatRequests(env.mock, FAMILIES.openai)).at(-1).body.messages.at(-1).content;
    assert.match(mergeRequest, /^Several assistants answered my last message\. Compare their answers in a Markdown table/);
    assert.match(mergeRequest, /## Answer A \(echo\)\n\n[\s\S]*## Answer B \(markdown\)/);
    assert.doesNotMatch(mergeRequest, /## Answer C/, 'a failed column is not merged');
    stored = await storedAtRest(chat.page);
    const merge = stored.find((m) => m.merged_from);
    assert.deepEqual(merge.merged_from, [columns[0].id, columns[1].id]);
    assert.equal(merge.parent, question.id);
    assert.ok(merge.chosen_at, 'the conversation goes on with the merge');
    await chat.page.getByRole('status').filter({ hasText: 'Your next message follows the merged answer.' }).waitFor();
    await turn.getByText('Written from 2 answers with:').waitFor();
    await merged.evaluate((element) => element.closest('.compare-column').scrollIntoView({ block: 'start' }));
    await screenshot(chat.page, 'compare-merge.png');
    await other.page.getByRole('heading', { name: /^Merged answer · echo$/ }).waitFor();

    // Back to B, then the next message: one answer again (the panel closed), after B's answer,
    // by the model the top bar names (the echo model, chosen again: the last provider added
    // became the default).
    await pick('B').click();
    await chat.page.getByRole('status').filter({ hasText: 'Your next message follows answer B (markdown).' }).waitFor();
    assert.equal(await chat.page.getByRole('button', { name: 'Compare models', exact: true }).getAttribute('aria-pressed'), 'false', 'the panel closed when the compared message was sent');
    await chat.page.getByRole('combobox', { name: 'Model', exact: true }).selectOption({ value: chat.provider.id });
    await sendAndSettle(chat, 'And in Rust?');
    const next = (await chatRequests(env.mock, FAMILIES.openai)).at(-1).body.messages;
    assert.deepEqual(next.map((m) => m.role), ['user', 'assistant', 'user', 'assistant', 'user']);
    assert.equal(next[3].content, columns[1].content, 'the history follows the answer picked');

    // A reload shows it as left: three columns, the merge, B picked, and the last answer.
    await chat.page.reload();
    const again = compareTurn(chat.page, 3);
    await again.turn.waitFor();
    assert.equal(await again.pick('B').getAttribute('aria-pressed'), 'true');
    await again.turn.getByRole('heading', { name: /^Merged answer · echo$/ }).waitFor();
    assert.match(await chat.reply.innerText(), /You said:\s+And in Rust\?/, 'the last answer is shown');
    stored = await storedAtRest(chat.page);
    assert.equal(stored.find((m) => m.parent === stored.find((u) => u.content === 'And in Rust?').id).content, await echoReply('And in Rust?'));
    await waitOn(other, async () => (await other.you.count()) === 3, 'the other tab shows the next message too');

    // A backup carries every column and the merge: a fresh profile shows the turn as it was left.
    await chat.page.getByRole('button', { name: 'Settings', exact: true }).click();
    const settings = chat.page.getByRole('dialog', { name: 'Settings', exact: true });
    const [download] = await Promise.all([
      chat.page.waitForEvent('download'),
      settings.getByRole('button', { name: 'Export backup', exact: true }).click(),
    ]);
    const backup = path.join(await mkdtemp(path.join(tmpdir(), 'hearth-compare-')), 'backup.json');
    await download.saveAs(backup);
    const fresh = await openApp(t, env);
    const { status } = await importFile(fresh.page, backup);
    assert.match(status, /^Imported: conversations 3 new, 0 changed; messages \d+ new/);
    await fresh.page.keyboard.press('Escape');
    const { sessions: freshSessions } = await readDatabase(fresh.page, ['sessions']);
    const title = freshSessions.find((s) => s.id === question.session_id).title;
    await fresh.page.getByRole('navigation', { name: 'Conversations', exact: true }).getByRole('button', { name: title, exact: true }).click();
    const imported = compareTurn(fresh.page, 3);
    await imported.turn.waitFor();
    assert.equal(await imported.pick('B').getAttribute('aria-pressed'), 'true', 'B is still the answer followed');
    await imported.turn.getByRole('heading', { name: /^Merged answer · echo$/ }).waitFor();
    assert.match(await imported.heading('C').innerText(), /Answer C · server-error/);
    assert.equal((await storedAtRest(fresh.page)).length, (await storedAtRest(chat.page)).length, 'every message came across');
    assert.deepEqual(fresh.errors, []);
    assert.deepEqual(chat.errors, []);
    assert.deepEqual(other.errors, []);
  });

  test('on a phone in dark mode the answers are pages; blind mode names the models only after a pick', async (t) => {
    const chat = await openChatWithProvider(t, env, {
      family: FAMILIES.openai,
      scenario: 'echo',
      contextOptions: { viewport: { width: 390, height: 844 }, colorScheme: 'dark' },
    });
    await turnOffGeneratedTitles(chat.page);
    await addMockProvider(chat.page, env.mock, { family: FAMILIES.anthropic, scenario: 'markdown' });
    const panel = await setUpColumns(chat.page, ['echo', 'markdown']);
    await panel.getByRole('checkbox', { name: "Blind: hide the models' names until I pick one", exact: true }).check();
    await sendMessage(chat, 'Name a colour');
    const { turn, heading, pick } = compareTurn(chat.page, 2);
    await turn.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'both columns have ended');
    assert.equal((await heading('A').innerText()).trim(), 'Answer A', 'no model name while blind');
    assert.equal((await heading('B').innerText()).trim(), 'Answer B');
    assert.deepEqual(
      (await turn.locator('.badge').allInnerTexts()).map((text) => text.trim()),
      ['', ''],
      'no badge names the model',
    );
    assert.equal(await chat.page.getByRole('navigation', { name: 'Answers', exact: true }).getByRole('button').count(), 2, 'a bar of pages');
    await turn.evaluate((element) => element.scrollIntoView({ block: 'start' }));
    await screenshot(chat.page, 'compare-turn-mobile-dark.png');
    assert.deepEqual(await axeViolations(chat.page), [], 'the compare turn passes axe at 390 px in dark mode');

    await pick('B').click();
    await waitOn(chat, async () => /Answer B · markdown/.test(await heading('B').innerText()), 'the names show after the pick');
    await waitOn(
      chat,
      async () => {
        const { settings } = await readDatabase(chat.page, ['settings']);
        const tally = settings.find((s) => s.key === 'compare_tally');
        return JSON.stringify(tally?.value) === JSON.stringify([['markdown', 1]]);
      },
      'the pick is counted for its model',
    );
    // Picks after the first (the same answer again, then another) do not count again.
    const storedPick = async (model) => (await storedAtRest(chat.page)).find((m) => m.compare_group && m.model === model)?.chosen_at;
    const firstPick = await storedPick('markdown');
    await pick('B').click();
    await waitOn(chat, async () => (await storedPick('markdown')) > firstPick, 'the second pick of B is stored');
    await pick('A').click();
    await waitOn(chat, async () => (await pick('A').getAttribute('aria-pressed')) === 'true', 'A is picked');
    await waitOn(chat, async () => (await storedPick('echo')) !== undefined, 'the pick of A is stored');
    await chat.page.waitForTimeout(300);
    const { settings } = await readDatabase(chat.page, ['settings']);
    assert.deepEqual(settings.find((s) => s.key === 'compare_tally').value, [['markdown', 1]]);
    // The panel shows the tally when opened again.
    await (await composerOption(chat.page, 'Compare models')).click();
    await chat.page.getByText('Blind picks on this device: markdown 1').waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('a message sent after a compare turn nobody picked follows answer A, on reload too', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    await addMockProvider(chat.page, env.mock, { family: FAMILIES.anthropic, scenario: 'markdown' });
    await setUpColumns(chat.page, ['echo', 'markdown']);
    await sendMessage(chat, 'Compare this');
    const { turn } = compareTurn(chat.page, 2);
    await turn.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'both columns have ended');
    await chat.page.getByRole('status').filter({ hasText: 'Your next message follows answer A (echo).' }).waitFor();
    await sendAndSettle(chat, 'Go on');
    const stored = await storedAtRest(chat.page);
    const columnA = stored.find((m) => m.compare_group && m.model === 'echo');
    assert.equal(stored.find((m) => m.content === 'Go on').parent, columnA.id, 'the message follows answer A');
    assert.ok(columnA.chosen_at, 'going on from it is remembered as a choice');
    await chat.page.reload();
    await waitOn(chat, async () => (await chat.you.count()) === 2, 'both questions are shown after a reload');
    await compareTurn(chat.page, 2).turn.waitFor();
    assert.deepEqual(chat.errors, []);
  });

  test('an answer whose stream broke part-way shows its text and error, and cannot be continued', async (t) => {
    const chat = await openChatWithProvider(t, env, { family: FAMILIES.openai, scenario: 'echo' });
    await addMockProvider(chat.page, env.mock, { family: FAMILIES.anthropic, scenario: 'in-stream-error' });
    await setUpColumns(chat.page, ['echo', 'in-stream-error']);
    await sendMessage(chat, 'Tell me a story');
    const { turn, column, pick } = compareTurn(chat.page, 2);
    await turn.waitFor();
    await waitOn(chat, async () => (await turn.getByRole('button', { name: /^Stop / }).count()) === 0, 'both columns have ended');
    // B wrote some text before the provider broke off: the text and its error card stay.
    await column('B').getByText('Once upon a time', { exact: false }).waitFor();
    await column('B').getByRole('alert').waitFor();
    assert.equal(await column('B').getByRole('button', { name: 'Retry Answer B', exact: true }).count(), 1, 'the broken answer has its own Retry');
    assert.equal(await pick('B').isDisabled(), true, 'a broken answer cannot be continued');
    assert.equal(await pick('A').isDisabled(), false, 'a complete answer can');
    // Pressed anyway (forced past the disabled state), nothing is chosen.
    await pick('B').evaluate((button) => { button.disabled = false; button.click(); });
    await chat.page.waitForTimeout(300);
    const stored = await storedAtRest(chat.page);
    const broken = stored.find((m) => m.compare_group && m.model === 'in-stream-error');
    assert.equal(broken.state, 'failed');
    assert.equal(broken.chosen_at ?? null, null, 'the broken answer was not chosen');
    assert.deepEqual(chat.errors, []);
  });
});
