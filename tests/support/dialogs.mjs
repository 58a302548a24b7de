// The Tools, Agents and Settings dialogs, used as a person would (the Providers dialog has
// its own file, providers.mjs): opening and closing them, editing an agent (its tools, round
// limit and asking) and waiting until the choice is stored, turning generated titles off,
// and importing a file in Settings.

import assert from 'node:assert/strict';
import path from 'node:path';
import { screenshot, waitUntil } from './browser.mjs';
import { readDatabase } from './idb.mjs';
import { commit } from './providers.mjs';

/**
 * Clicks the top bar's `name` action (Agents, Tools or Settings): its icon button where
 * the bar has room, or the item of its "More" menu on a narrow screen (40rem or less).
 */
export async function topBarAction(page, name) {
  const button = page.getByRole('banner').getByRole('button', { name, exact: true });
  const more = page.getByRole('banner').getByRole('button', { name: 'More', exact: true });
  if ((await button.isVisible()) || !(await more.isVisible())) {
    await page.getByRole('button', { name, exact: true }).click();
    return;
  }
  await more.click();
  await page.getByRole('menu', { name: 'More', exact: true }).getByRole('menuitem', { name, exact: true }).click();
}

/** Opens the Tools dialog and returns it. */
export async function openTools(page) {
  await topBarAction(page, 'Tools');
  const dialog = page.getByRole('dialog', { name: 'Tools', exact: true });
  await dialog.waitFor();
  return dialog;
}

/** Closes the Tools dialog. */
export async function closeTools(page) {
  const dialog = page.getByRole('dialog', { name: 'Tools', exact: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the Agents dialog and returns it. */
export async function openAgents(page) {
  await topBarAction(page, 'Agents');
  const dialog = page.getByRole('dialog', { name: 'Agents', exact: true });
  await dialog.waitFor();
  return dialog;
}

/** Closes the Agents dialog. */
export async function closeAgents(page) {
  const dialog = page.getByRole('dialog', { name: 'Agents', exact: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the Agents dialog and the editor of the agent `name`; returns the editor (a form). */
export async function editAgent(page, name = 'General Assistant') {
  const dialog = await openAgents(page);
  await dialog.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
  const editor = dialog.getByRole('form', { name: `Edit ${name}`, exact: true });
  await editor.waitFor();
  return editor;
}

/** Saves the agent `editor` (and waits until it has closed), then closes the Agents dialog. */
export async function saveAgent(page, editor) {
  await editor.getByRole('button', { name: 'Save agent', exact: true }).click();
  await editor.waitFor({ state: 'hidden' });
  await closeAgents(page);
}

/** Cancels the agent `editor`, then closes the Agents dialog. */
export async function cancelAgent(page, editor) {
  await editor.getByRole('button', { name: 'Cancel', exact: true }).click();
  await editor.waitFor({ state: 'hidden' });
  await closeAgents(page);
}

/**
 * Checks the tools labelled `labels` in the General Assistant's editor (in the Agents
 * dialog; and sets the round limit `rounds`, when given), saves it, and waits until the
 * agent has stored exactly that many tools (and that limit).
 */
export async function enableTools(page, labels, { rounds } = {}) {
  const editor = await editAgent(page);
  for (const label of labels) await editor.getByRole('checkbox', { name: label, exact: true }).check();
  if (rounds !== undefined) {
    await commit(editor.getByRole('spinbutton', { name: 'Most tool rounds per answer', exact: true }), String(rounds));
  }
  await saveAgent(page, editor);
  await waitUntil(async () => {
    const { agents } = await readDatabase(page, ['agents']);
    return agents[0]?.tools.length === labels.length && (rounds === undefined || agents[0].max_tool_rounds === rounds);
  }, 'the tool settings are stored');
}

/** Opens the Settings dialog and returns it. */
export async function openSettings(page) {
  await topBarAction(page, 'Settings');
  const dialog = page.getByRole('dialog', { name: 'Settings', exact: true });
  await dialog.waitFor();
  return dialog;
}

/** Closes the Settings dialog. */
export async function closeSettings(page) {
  const dialog = page.getByRole('dialog', { name: 'Settings', exact: true });
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await dialog.waitFor({ state: 'hidden' });
}

/**
 * Opens Settings and locks the API keys with `passphrase` (typed twice), waiting until they
 * are locked; returns `{ settings, section }` (the dialog, left open, and its "API key lock"
 * region).
 */
export async function lockKeys(page, passphrase) {
  const settings = await openSettings(page);
  const section = settings.getByRole('region', { name: 'API key lock', exact: true });
  await section.getByRole('button', { name: 'Lock API keys with a passphrase', exact: true }).click();
  await section.getByLabel('Passphrase', { exact: true }).fill(passphrase);
  await section.getByLabel('Confirm passphrase', { exact: true }).fill(passphrase);
  await section.getByRole('button', { name: 'Lock API keys', exact: true }).click();
  await section.getByText('API keys locked with your passphrase.').waitFor();
  return { settings, section };
}

/** Opens Settings, runs `action(dialog)`, closes Settings again and returns what `action` returned. */
export async function inSettings(page, action) {
  const result = await action(await openSettings(page));
  await closeSettings(page);
  return result;
}

/**
 * Turns off "Generate conversation titles with the model" in Settings (so that a title is
 * the first line of the first message and no title request is sent), and waits until that
 * is stored. Returns whether the box was checked before.
 */
export async function turnOffGeneratedTitles(page) {
  const wasOn = await inSettings(page, async (dialog) => {
    const box = dialog.getByRole('checkbox', { name: 'Generate conversation titles with the model', exact: true });
    const checked = await box.isChecked();
    await box.uncheck();
    return checked;
  });
  await waitUntil(async () => {
    const { settings } = await readDatabase(page, ['settings']);
    return settings.some((s) => s.key === 'auto_title' && s.value === false);
  }, 'the title setting is stored');
  return wasOn;
}

const IMPORT_LABEL = 'Import a backup or a ChatGPT export (.zip or conversations.json)';
const IMPORT_REVIEW = /^Import (this backup|these ChatGPT conversations)\?$/;
const IMPORT_IN_PROGRESS = ['Reading the file…', 'Review the import.', 'Working…'];

/**
 * Chooses `file` in the import field of Settings (opened first unless it is open; it stays
 * open). When the review of the import opens, its list is read, `screenshotAs` names a
 * screenshot of it, and `decide` answers it: 'Import', 'Cancel', 'Escape', or 'Keyboard'
 * (checks that the review takes the focus on Cancel, then Tab to Import and Enter).
 * Returns `{ review, status }`: the review's lines (null when none opened) and the status
 * Settings shows once the import is over.
 */
export async function importFile(page, file, { decide = 'Import', screenshotAs } = {}) {
  const settings = page.getByRole('dialog', { name: 'Settings', exact: true });
  const reviewDialog = page.getByRole('dialog', { name: IMPORT_REVIEW });
  if (!(await settings.isVisible())) await openSettings(page);
  const status = settings.getByRole('status');
  const settledStatus = async () => {
    const text = (await status.innerText()).trim();
    return text && !IMPORT_IN_PROGRESS.includes(text) && text;
  };
  await settings.getByLabel(IMPORT_LABEL, { exact: true }).setInputFiles(file);
  const opened = await waitUntil(
    async () => ((await reviewDialog.isVisible()) ? 'review' : (await settledStatus()) && 'status'),
    `the file ${path.basename(file)} is read`,
  );
  let review = null;
  if (opened === 'review') {
    await reviewDialog.getByRole('heading', { name: IMPORT_REVIEW }).waitFor();
    if (screenshotAs) await screenshot(page, screenshotAs);
    review = (await reviewDialog.getByRole('listitem').allInnerTexts()).map((line) => line.trim());
    if (decide === 'Escape') await page.keyboard.press('Escape');
    else if (decide === 'Keyboard') {
      const focused = () => page.evaluate(() => document.activeElement?.textContent.trim());
      assert.equal(await focused(), 'Cancel', 'the review takes the focus, on Cancel');
      await page.keyboard.press('Tab');
      assert.equal(await focused(), 'Import');
      await page.keyboard.press('Enter');
    } else await reviewDialog.getByRole('button', { name: decide, exact: true }).click();
    await reviewDialog.waitFor({ state: 'hidden' });
  }
  const final = await waitUntil(settledStatus, `the import of ${path.basename(file)} has finished`);
  return { review, status: final };
}

/**
 * Adds the MCP server at `url` as `name` in Tools (waiting for the doctor's "It works"), then
 * offers its tools `offered` in the General Assistant; returns the agent editor's section of
 * that server's tools (closed by then: for counting what it listed).
 */
export async function addMcpServer(page, { name, url, offered = [] }) {
  const tools = await openTools(page);
  const form = tools.getByRole('form', { name: 'Add an MCP server', exact: true });
  await form.getByRole('textbox', { name: 'Server URL', exact: true }).fill(url);
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await form.getByRole('button', { name: 'Add server', exact: true }).click();
  await tools.getByText(/^It works: /).waitFor();
  await closeTools(page);
  const editor = await editAgent(page);
  const section = editor.getByRole('group', { name: `Tools from the MCP server ${name}`, exact: true });
  for (const tool of offered) await section.getByRole('checkbox', { name: `${tool} (${name})`, exact: true }).check();
  await saveAgent(page, editor);
  return section;
}
