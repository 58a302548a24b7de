// The Tools and Settings dialogs, used as a person would (the Providers dialog has its own
// file, providers.mjs): opening and closing them, enabling tools and waiting until the
// choice is stored, and turning generated titles off.

import { waitUntil } from './browser.mjs';
import { readDatabase } from './idb.mjs';
import { commit } from './providers.mjs';

/** Opens the Tools dialog and returns it. */
export async function openTools(page) {
  await page.getByRole('button', { name: 'Tools', exact: true }).click();
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

/**
 * Checks the tools labelled `labels` in the Tools dialog (and commits the round limit
 * `rounds`, when given), closes it, and waits until the agent has stored exactly that many
 * tools (and that limit).
 */
export async function enableTools(page, labels, { rounds } = {}) {
  const dialog = await openTools(page);
  for (const label of labels) await dialog.getByRole('checkbox', { name: label, exact: true }).check();
  if (rounds !== undefined) {
    await commit(dialog.getByRole('spinbutton', { name: 'Most tool rounds per answer', exact: true }), String(rounds));
  }
  await closeTools(page);
  await waitUntil(async () => {
    const { agents } = await readDatabase(page, ['agents']);
    return agents[0]?.tools.length === labels.length && (rounds === undefined || agents[0].max_tool_rounds === rounds);
  }, 'the tool settings are stored');
}

/** Opens the Settings dialog and returns it. */
export async function openSettings(page) {
  await page.getByRole('button', { name: 'Settings', exact: true }).click();
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
